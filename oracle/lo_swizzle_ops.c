/*
** lo_swizzle_ops.c -- the ops on composed layouts beside plain ones
** (lo.h section 13): the true cosize by the swizzle's period,
** max_common_layout and max_common_vector (CuTe's and the plain ones that
** check CuTe's postcondition), the plain inverses and recasts of composed
** layouts and swizzles.
*/
#include "lo_internal.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

/* The offset a composed layout adds (0 for an smem_ptr offset, as CuTe's
** operator() computes it). */
static lo_int off_of(const lo_composed *c) { return c->smem_bits > 0 ? 0 : c->offset; }

/* ------------------------------------------------------------ cosize */

/* The search of the largest swizzled value: the modes of the inner layout
** (size > 1, stride != 0) by decreasing reach, the most each suffix of
** them can add and the least, the lower end of the top block, the best
** value so far and the nodes visited against the budget. */
typedef struct top_search {
  lo_mode m[LO_MAX_LEAVES];
  lo_int hi[LO_MAX_LEAVES + 1], lo[LO_MAX_LEAVES + 1];
  int n;
  lo_int floor_v; /* the first offset of the block holding the largest value */
  const lo_swizzle *sw;
  lo_int best;
  int found;
  long nodes;
} top_search;

#define TOP_SEARCH_BUDGET (1L << 24) /* nodes one cosize may visit */

/* Visit the values partial + sum of the modes k.. that reach the top
** block, keeping the largest swizzled one. */
static int top_visit(top_search *t, int k, lo_int partial, lo_err *err) {
  if (++t->nodes > TOP_SEARCH_BUDGET)
    return lo_fail(err, LO_ELIMIT,
                   "the top block of the composed layout holds more than %ld points to visit",
                   TOP_SEARCH_BUDGET);
  if (k == t->n) {
    lo_int v;
    if (lo_swizzle_apply(t->sw, partial, &v, err)) return err->code;
    if (!t->found || v > t->best) t->best = v;
    t->found = 1;
    return LO_OK;
  }
  const lo_mode *md = &t->m[k];
  for (lo_int j = 0; j < md->s; j++) {
    lo_int c = md->d > 0 ? md->s - 1 - j : j; /* the largest values first */
    lo_int v = partial + c * md->d;           /* within [lo[0], hi[0]], checked */
    if (v + t->hi[k + 1] < t->floor_v) break; /* this and every later c fall below */
    if (top_visit(t, k + 1, v, err)) return err->code;
  }
  return LO_OK;
}

/* The true cosize, 1 + max over x of sw(O + inner(x)), from the top
** block alone: the swizzle keeps every bit at and above its period's
** (lo_swizzle_period), so a value in a lower block stays below every
** value of the block that holds O + max inner.  A compact inner layout's
** image is the interval [O, O + cosize): a whole top block gives O +
** cosize (CuTe's cosize for O = 0), part of one is swept offset by
** offset; any other layout's points in the top block are searched. */
int lo_composed_cosize(const lo_composed *c, lo_int *out, lo_err *err) {
  top_search t;
  lo_mode all[LO_MAX_LEAVES];
  lo_int size;
  if (lo_size(&c->inner, &size, err)) return err->code;
  if (size == 0) { /* an empty tuple: nothing to take a largest value of */
    *out = 0;
    return LO_OK;
  }
  int na = lo_modes_of(&c->inner, all);
  t.n = 0;
  for (int i = 0; i < na; i++)
    if (all[i].s > 1 && all[i].d != 0) t.m[t.n++] = all[i];
  /* by decreasing reach (s-1)|d|: the coarse modes first prune the most */
  for (int i = 1; i < t.n; i++)
    for (int j = i; j > 0; j--) {
      lo_int rj, rp;
      if (lo_mul(t.m[j].s - 1, t.m[j].d < 0 ? -t.m[j].d : t.m[j].d, &rj, "reach", err) ||
          lo_mul(t.m[j - 1].s - 1, t.m[j - 1].d < 0 ? -t.m[j - 1].d : t.m[j - 1].d, &rp, "reach",
                 err))
        return err->code;
      if (rj <= rp) break;
      lo_mode x = t.m[j];
      t.m[j] = t.m[j - 1];
      t.m[j - 1] = x;
    }
  t.hi[t.n] = t.lo[t.n] = off_of(c);
  for (int k = t.n - 1; k >= 0; k--) {
    lo_int r;
    if (lo_mul(t.m[k].s - 1, t.m[k].d, &r, "the inner layout's reach", err)) return err->code;
    if (lo_add(t.hi[k + 1], r > 0 ? r : 0, &t.hi[k], "the largest offset", err) ||
        lo_add(t.lo[k + 1], r < 0 ? r : 0, &t.lo[k], "the least offset", err))
      return err->code;
  }
  /* hi[k] is the offset plus the most modes k.. add: top_visit wants the
  ** most the modes after k add, without the offset */
  for (int k = 0; k <= t.n; k++) t.hi[k] -= off_of(c);
  lo_int top = t.hi[0] + off_of(c), period = lo_swizzle_period(&c->sw);
  assert(period > 0);
  /* the block of top: floor division, for a negative top too */
  lo_int q = top >= 0 ? top / period : -((-top + period - 1) / period);
  t.floor_v = q * period; /* |q * period| <= |top| + period: no overflow below 2^62 */
  t.sw = &c->sw;
  t.found = 0;
  t.nodes = 0;
  if (c->sw.bits == 0) t.floor_v = top; /* the identity: the largest value is top */
  if (lo_is_compact(&c->inner)) {       /* the image is the interval [O, top] */
    lo_int from = t.floor_v > off_of(c) ? t.floor_v : off_of(c);
    lo_int best = top; /* the whole top block: its last offset */
    if (from != t.floor_v || top - t.floor_v != period - 1) { /* part of it */
      if (top - from >= TOP_SEARCH_BUDGET)
        return lo_fail(err, LO_ELIMIT,
                       "the top block of the composed layout holds more than %ld points to visit",
                       TOP_SEARCH_BUDGET);
      for (lo_int v = from; v <= top; v++) { /* each of its offsets */
        lo_int w;
        if (lo_swizzle_apply(&c->sw, v, &w, err)) return err->code;
        if (v == from || w > best) best = w;
      }
    }
    if (best < 0)
      return lo_fail(err, LO_EUNDEF, "every value is negative (largest %lld)", (long long)best);
    return lo_add(best, 1, out, "cosize", err);
  }
  if (top_visit(&t, 0, off_of(c), err)) return err->code;
  assert(t.found);
  if (t.best < 0)
    return lo_fail(err, LO_EUNDEF, "every value is negative (largest %lld)", (long long)t.best);
  return lo_add(t.best, 1, out, "cosize", err);
}

/* The true cosize point by point, within LO_COMPOSED_COSIZE_LIMIT points:
** the reference lo_composed_cosize is tested against. */
int lo_composed_cosize_points(const lo_composed *c, lo_int *out, lo_err *err) {
  lo_int size, best = 0;
  if (lo_size(&c->inner, &size, err)) return err->code;
  if (size > LO_COMPOSED_COSIZE_LIMIT)
    return lo_fail(err, LO_ELIMIT,
                   "the largest value of a composed layout of size %lld (limit %lld points)",
                   (long long)size, (long long)LO_COMPOSED_COSIZE_LIMIT);
  if (size == 0) {
    *out = 0;
    return LO_OK;
  }
  lo_walk w;
  lo_walk_init(&w, &c->inner);
  for (lo_int x = 0; x < size; x++) {
    lo_int v;
    if (lo_walk_at(&w, x, &v, err) || lo_add(off_of(c), v, &v, "offset plus value", err) ||
        lo_swizzle_apply(&c->sw, v, &v, err))
      return err->code;
    if (x == 0 || v > best) best = v;
  }
  if (best < 0)
    return lo_fail(err, LO_EUNDEF, "every value is negative (largest %lld)", (long long)best);
  return lo_add(best, 1, out, "cosize", err);
}

/* ------------------------------------------------- max common layouts */

/* 2^M of a composed layout's swizzle, CuTe's Int<(1 << M)>. */
static lo_int base_of(const lo_composed *c) { return (lo_int)1 << c->sw.base; }

/* CuTe's max_common_layout of a composed and a plain layout, or of two
** plain ones (cute/swizzle_layout.hpp: the inner layout's, cut to 2^M). */
int lo_cute_max_common_layout_c(const lo_composed *a, const lo_composed *b, lo_layout *out,
                                lo_err *err) {
  if (!a->plain && !b->plain)
    return lo_fail(err, LO_EUNDEF,
                   "CuTe refuses: no matching function for call to 'max_common_layout' of two "
                   "composed layouts");
  const lo_composed *c = a->plain ? b : a, *p = a->plain ? a : b;
  if (c->plain) return lo_cute_max_common_layout(&a->inner, &b->inner, out, err);
  lo_layout common, base;
  lo_int size;
  if (lo_swizzle_cute_check(&c->sw, err) ||
      lo_cute_max_common_layout(&c->inner, &p->inner, &common, err) || lo_size(&common, &size, err))
    return err->code;
  if (base_of(c) >= size) {
    lo_layout_copy(out, &common);
    return LO_OK;
  }
  lo_layout_scalar(&base, base_of(c), 1);
  return lo_cute_composition(&common, &base, out, err);
}

/* CuTe's max_common_vector of two layouts, composed or plain
** (cute/swizzle_layout.hpp): the inner layouts' (the composed one first:
** a plain layout first is swapped, as CuTe's overload does), at most 2^M
** of a composed one's swizzle (both swizzles' unless they are the same). */
int lo_cute_max_common_vector_c(const lo_composed *a, const lo_composed *b, lo_int *out,
                                lo_err *err) {
  lo_int v;
  if ((!a->plain && lo_swizzle_cute_check(&a->sw, err)) ||
      (!b->plain && lo_swizzle_cute_check(&b->sw, err)) ||
      lo_cute_max_common_vector(a->plain && !b->plain ? &b->inner : &a->inner,
                                a->plain && !b->plain ? &a->inner : &b->inner, &v, err))
    return err->code; /* a layout first: CuTe's overload swaps the arguments */
  int same = !a->plain && !b->plain && a->sw.bits == b->sw.bits && a->sw.base == b->sw.base &&
             a->sw.shift == b->sw.shift;
  if (!same) {
    if (!a->plain && base_of(a) < v) v = base_of(a);
    if (!b->plain && base_of(b) < v) v = base_of(b);
  }
  *out = v;
  return LO_OK;
}

/* c(x) for x in c's domain [0, size): 1 in *in when x lies there. */
static int at_in(const lo_composed *c, lo_int size, lo_int x, lo_int *v, int *in, lo_err *err) {
  *in = x >= 0 && x < size;
  if (!*in) return LO_OK;
  return lo_composed_apply(c, x, v, err);
}

/* Whether some index i of both domains has a(i) = b(i) = n: first the
** index r gives (R(n) of CuTe's common layout), else a search over the
** smaller domain, within LO_CHECK_LIMIT points.  *found 1 when there is. */
static int common_point(const lo_composed *a, const lo_composed *b, lo_int sa, lo_int sb,
                        const lo_layout *r, lo_int n, int *found, lo_err *err) {
  lo_int i, va, vb;
  int ina, inb;
  *found = 0;
  if (r && lo_apply(r, n, &i, err) == LO_OK) {
    if (at_in(a, sa, i, &va, &ina, err) || at_in(b, sb, i, &vb, &inb, err)) return err->code;
    if (ina && inb && va == n && vb == n) {
      *found = 1;
      return LO_OK;
    }
  }
  lo_int m = sa < sb ? sa : sb;
  if (m > LO_CHECK_LIMIT)
    return lo_fail(err, LO_ELIMIT,
                   "no common index of %lld found at once; the domains are too large to search "
                   "(limit %lld points)",
                   (long long)n, (long long)LO_CHECK_LIMIT);
  for (i = 0; i < m && !*found; i++) {
    if (lo_composed_apply(a, i, &va, err) || lo_composed_apply(b, i, &vb, err)) return err->code;
    *found = va == n && vb == n;
  }
  return LO_OK;
}

/* The postcondition of max_common_vector N (cute/layout.hpp): every n < N
** is a(i) = b(i) at some index i of both domains; with r, R = CuTe's
** max_common_layout, also a(R(n)) = b(R(n)) = n with R(n) in both domains
** for every n < size(R).  The first broken point in err. */
static int check_common(const lo_composed *a, const lo_composed *b, lo_int n, const lo_layout *r,
                        int is_layout, lo_err *err) {
  lo_int sa, sb;
  if (lo_size(&a->inner, &sa, err) || lo_size(&b->inner, &sb, err)) return err->code;
  if (n > LO_CHECK_LIMIT)
    return lo_fail(err, LO_ELIMIT, "%lld common points are too many to check (limit %lld)",
                   (long long)n, (long long)LO_CHECK_LIMIT);
  for (lo_int k = 0; k < n; k++) {
    if (is_layout) {
      lo_int i, va, vb;
      int ina, inb;
      if (lo_apply(r, k, &i, err) || at_in(a, sa, i, &va, &ina, err) ||
          at_in(b, sb, i, &vb, &inb, err))
        return err->code;
      if (!ina || !inb)
        return lo_fail(err, LO_EUNDEF, "R(%lld) = %lld lies outside the domain of %s", (long long)k,
                       (long long)i, ina ? "B" : "A");
      if (va != k || vb != k)
        return lo_fail(err, LO_EUNDEF, "A(R(%lld)) = %lld and B(R(%lld)) = %lld, not %lld",
                       (long long)k, (long long)va, (long long)k, (long long)vb, (long long)k);
      continue;
    }
    int found;
    if (common_point(a, b, sa, sb, r, k, &found, err)) return err->code;
    if (!found)
      return lo_fail(err, LO_EUNDEF, "no index i of both domains has A(i) = B(i) = %lld",
                     (long long)k);
  }
  return LO_OK;
}

/* Keep CuTe's answer text what when check_rc is LO_OK; else the error
** "OP: CuTe's answer WHAT breaks its postcondition: WHY". */
static int keep_or_name(int check_rc, const char *op, const char *what, lo_err *err) {
  char why[sizeof err->msg];
  if (check_rc != LO_EUNDEF) return check_rc;
  memcpy(why, err->msg, sizeof why);
  return lo_fail(err, LO_EUNDEF, "%s: CuTe's answer %s breaks its postcondition: %s", op, what,
                 why);
}

/* max_common_layout where CuTe's answer R meets its postcondition. */
int lo_max_common_layout(const lo_composed *a, const lo_composed *b, lo_layout *out, lo_err *err) {
  lo_layout r;
  lo_int n;
  char shown[200];
  if (lo_cute_max_common_layout_c(a, b, &r, err) || lo_size(&r, &n, err)) return err->code;
  lo_show_layout(&r, shown, sizeof shown);
  int rc = keep_or_name(check_common(a, b, n, &r, 1, err), "max_common_layout", shown, err);
  if (rc == LO_OK) lo_layout_copy(out, &r);
  return rc;
}

/* max_common_vector where CuTe's answer N meets its postcondition. */
int lo_max_common_vector(const lo_composed *a, const lo_composed *b, lo_int *out, lo_err *err) {
  lo_layout r, *pr = NULL;
  lo_err e2;
  lo_int n;
  char shown[32];
  if (lo_cute_max_common_vector_c(a, b, &n, err)) return err->code;
  if (a->plain || b->plain) /* CuTe's common layout gives the indices at once */
    if (lo_cute_max_common_layout_c(a, b, &r, &e2) == LO_OK) pr = &r;
  snprintf(shown, sizeof shown, "%lld", (long long)n);
  int rc = keep_or_name(check_common(a, b, n, pr, 0, err), "max_common_vector", shown, err);
  if (rc == LO_OK) *out = n;
  return rc;
}

/* ------------------------------------------------------------ inverses */

/* The inverse's answer: the swizzled form Sw' o 0 o inv (generic 0), or
** the composed form inv o -O o Sw (generic 1), R(x) = inv(sw(x) - O). */
typedef struct comp_inverse {
  const lo_layout *inv;
  const lo_swizzle *sw;
  lo_int offset; /* the composed form's O */
  int generic;
  lo_int size; /* size(inv) */
} comp_inverse;

/* R(x), *in 0 when x lies outside R's domain. */
static int inv_at(const comp_inverse *r, lo_int x, lo_int *v, int *in, lo_err *err) {
  lo_int y = x;
  if (r->generic) { /* inv(sw(x) - O) on the x whose sw(x) - O is in inv's domain */
    if (lo_swizzle_apply(r->sw, x, &y, err) ||
        lo_add(y, -r->offset, &y, "the swizzled index less the offset", err))
      return err->code;
  }
  *in = y >= 0 && y < r->size;
  if (!*in) return LO_OK;
  if (lo_apply(r->inv, y, v, err)) return err->code;
  if (!r->generic) return lo_swizzle_apply(r->sw, *v, v, err);
  return LO_OK;
}

/* See lo.h. */
int lo_composed_inverse_cute(const lo_composed *c, int left, lo_layout *inv, lo_swizzle *sw,
                             int *generic, lo_err *err) {
  lo_err e2;
  assert(c->smem_bits == 0);
  int rc =
      left ? lo_cute_left_inverse(&c->inner, inv, err) : lo_cute_right_inverse(&c->inner, inv, err);
  if (rc) return rc;
  *generic = c->offset != 0;
  *sw = c->sw;
  if (!*generic && lo_cute_layout_swizzle(inv, &c->sw, sw, &e2) != LO_OK) {
    if (e2.code != LO_EUNDEF) {
      *err = e2;
      return err->code;
    }
    *generic = 1; /* CuTe's swizzle pass-through refuses: its general form */
    *sw = c->sw;
  }
  return LO_OK;
}

/* See lo.h. */
int lo_composed_inverse_check(const lo_composed *c, int left, const lo_layout *inv,
                              const lo_swizzle *sw, int generic, lo_err *err) {
  comp_inverse r = {inv, sw, c->offset, generic, 0};
  lo_int sc;
  assert(c->smem_bits == 0);
  if (lo_size(inv, &r.size, err) || lo_size(&c->inner, &sc, err)) return err->code;
  /* the points: R's domain (right; in the composed form the x = sw(O + y)
  ** for y < size(inv)), or C's (left) */
  lo_int npts = left ? sc : r.size;
  if (npts > LO_CHECK_LIMIT)
    return lo_fail(err, LO_ELIMIT, "%lld points are too many to check (limit %lld)",
                   (long long)npts, (long long)LO_CHECK_LIMIT);
  for (lo_int k = 0; k < npts; k++) {
    lo_int x, rx, cx, crx;
    int in;
    if (left) {
      if (lo_composed_apply(c, k, &cx, err) || inv_at(&r, cx, &rx, &in, err)) return err->code;
      if (!in || rx < 0 || rx >= sc)
        return lo_fail(err, LO_EUNDEF, "R(C(%lld)) = R(%lld) is %s", (long long)k, (long long)cx,
                       in ? "outside C's domain" : "undefined");
      if (lo_composed_apply(c, rx, &crx, err)) return err->code;
      if (crx != cx)
        return lo_fail(err, LO_EUNDEF, "C(R(C(%lld))) = C(%lld) = %lld, not %lld", (long long)k,
                       (long long)rx, (long long)crx, (long long)cx);
      continue;
    }
    x = k;
    if (generic && (lo_add(c->offset, k, &x, "offset plus index", err) ||
                    lo_swizzle_apply(&c->sw, x, &x, err)))
      return err->code;
    if (inv_at(&r, x, &rx, &in, err)) return err->code;
    assert(in);
    if (rx < 0 || rx >= sc)
      return lo_fail(err, LO_EUNDEF, "R(%lld) = %lld lies outside C's domain", (long long)x,
                     (long long)rx);
    if (lo_composed_apply(c, rx, &crx, err)) return err->code;
    if (crx != x)
      return lo_fail(err, LO_EUNDEF, "C(R(%lld)) = C(%lld) = %lld", (long long)x, (long long)rx,
                     (long long)crx);
  }
  return LO_OK;
}

/* ------------------------------------------------------------- recasts */

/* The plain upcast<N> (up 1) or downcast<N> of a composed layout: CuTe's
** answer (lo_cute_recast_composed) where it is C's layout of N-element
** units (downcast: C with each unit split into N elements): the inner
** layout meets the layout's contract (lo_check_upcast, lo_check_downcast)
** and the swizzle moves no bit below log2 N (B = 0 or M >= log2 N; an
** smem_ptr offset's swizzle acts on bytes and is kept).  Then
** C'(u) N + k = C(the k-th element of unit u). */
int lo_composed_recast(const lo_composed *c, lo_int n, int up, lo_composed *out, lo_err *err) {
  lo_composed r;
  char shown[512], what[48];
  if (lo_cute_recast_composed(c, n, up, &r, err)) return err->code;
  int rc = up ? lo_check_upcast(&c->inner, n, &r.inner, err)
              : lo_check_downcast(&c->inner, n, &r.inner, err);
  if (rc == LO_OK && up && c->smem_bits == 0 && c->sw.bits > 0 && ((lo_int)1 << c->sw.base) < n)
    rc = lo_fail(err, LO_EUNDEF, "Sw<%d,%d,%d> moves bits below bit log2 %lld, inside a unit",
                 c->sw.bits, c->sw.base, c->sw.shift, (long long)n);
  if (rc == LO_OK) {
    *out = r;
    return LO_OK;
  }
  if (lo_print_composed(&r, shown, sizeof shown)) snprintf(shown, sizeof shown, "(too long)");
  snprintf(what, sizeof what, "%s<%lld>", up ? "upcast" : "downcast", (long long)n);
  return keep_or_name(rc, what, shown, err);
}

/* The plain upcast<N> of a swizzle: CuTe's Sw<B,M-log2 N,S> where M >=
** log2 N (or B = 0): then sw'(u) N + k = sw(u N + k) for k < N. */
int lo_swizzle_upcast_plain(const lo_swizzle *sw, lo_int n, lo_swizzle *out, lo_err *err) {
  lo_swizzle r;
  if (lo_swizzle_upcast(sw, n, &r, err)) return err->code;
  if (sw->bits > 0 && ((lo_int)1 << sw->base) < n)
    return lo_fail(err, LO_EUNDEF,
                   "upcast<%lld>: CuTe's answer Sw<%d,%d,%d> breaks its postcondition: "
                   "Sw<%d,%d,%d> moves bits below bit log2 %lld, inside an element unit",
                   (long long)n, r.bits, r.base, r.shift, sw->bits, sw->base, sw->shift,
                   (long long)n);
  *out = r;
  return LO_OK;
}
