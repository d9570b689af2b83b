/*
** lo_contract.c -- the contracts CuTe documents for its layout ops,
** checked on a given answer: the plain ops return CuTe's answer only where
** it meets them.
**
**   composition  R(x) = A(B(x)) for x in [0, size B), shape(R) refining
**                shape(B) (CuTe's "compatible(B, R)")
**   complement   R strictly increasing, (filter(L), R) injective, and
**                size(filter(L)) size(R) >= the cotarget's size
**   right_inverse  L(R(i)) = i for i in [0, size R)
**   left_inverse   L(R(L(i))) = L(i) for i in [0, size L) (a quasi-
**                inverse; a left inverse when L is injective)
**
** Checks enumerate at most LO_CHECK_LIMIT points; past that a sufficient
** condition is tried and, failing it, the check answers LO_ELIMIT.
*/
#include "lo_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Size and cosize of l, so that odometers over it cannot overflow. */
static int bounds(const lo_layout *l, lo_int *size, lo_err *err) {
  lo_int c;
  return lo_size(l, size, err) || lo_cosize(l, &c, err) ? err->code : LO_OK;
}

/* ------------------------------------------------------------ composition */

/* True when CuTe's walk for one leaf s:d of B over the outer modes
** a[0..na) meets the strong divisibility conditions: at every step the
** stride and the mode's shape divide one way or the other, and the shape
** splits evenly.  Then each leaf lands on whole digits of A's mixed radix,
** which the additivity test below needs (a leaf that merely fits inside
** a mode, as C++'s weak condition allows, can carry into the next digit
** when another leaf is added: A = (3,3):(1,10), B = (2,2):(1,2)). */
static int leaf_is_exact(const lo_mode *a, int na, lo_int s, lo_int d) {
  lo_int rest_s = s, rest_d = d;
  if (d == 0 || na == 1) return 1;
  for (int i = 0; i + 1 < na && rest_s > 1; i++) {
    lo_int cs = a[i].s;
    lo_int next_s = lo_ceil_div(cs, rest_d);
    if (next_s == 1) {
      if (rest_d % cs != 0) return 0;
    } else {
      if (cs % rest_d != 0) return 0;
      lo_int ns = next_s < rest_s ? next_s : rest_s;
      if (rest_s % ns != 0) return 0;
      rest_s /= ns;
    }
    rest_d = lo_ceil_div(rest_d, cs);
  }
  return 1;
}

/* True when A o B is additive over B's leaves without looking at points:
** B's non-trivial leaves, sorted by stride, each start past the largest
** value of those below (no carries in A's mixed radix), or A is one mode,
** or B stays inside A's first coalesced mode. */
int lo_composition_is_additive(const lo_mode *a, int na, const lo_layout *b) {
  lo_mode m[LO_MAX_LEAVES];
  int n = 0;
  if (na == 1) return 1;
  for (int i = 0; i < b->shape.len; i++)
    if (b->shape.leaf[i] > 1 && b->stride[i] > 0) {
      m[n].s = b->shape.leaf[i];
      m[n].d = b->stride[i];
      n++;
    }
  lo_modes_sort(m, n);
  lo_int top = 0, t;
  int chain = 1;
  for (int i = 0; i < n; i++) { /* top: the largest value of B, in full */
    if (top >= m[i].d) chain = 0;
    if (__builtin_mul_overflow(m[i].s - 1, m[i].d, &t) || __builtin_add_overflow(top, t, &top))
      return 0;
  }
  return chain || top < a[0].s;
}

/* True when CuTe's own composition walk over A and the layout B is known
** to give A o B without looking at points: every leaf of B meets the strong
** divisibility conditions and A o B is additive over B's leaves (above).
** Only for CuTe's answer: it says nothing about another layout. */
int lo_composition_walk_is_exact(const lo_layout *a, const lo_layout *b) {
  lo_mode am[LO_MAX_LEAVES];
  lo_err e;
  int na;
  if (lo_cute_coalesce_x_modes(a, am, &na, &e)) return 0;
  for (int i = 0; i < b->shape.len; i++)
    if (!leaf_is_exact(am, na, b->shape.leaf[i], b->stride[i])) return 0;
  return lo_composition_is_additive(am, na, b);
}

/* Check R = A o B (B a layout, not a tiler). */
int lo_check_composition(const lo_layout *a, const lo_layout *b, const lo_layout *r, lo_err *err) {
  lo_int sb, sr;
  if (!lo_refines(&r->shape, &b->shape))
    return lo_fail(err, LO_EUNDEF,
                   "its shape does not refine B's shape, so it is not "
                   "compatible with B");
  if (bounds(b, &sb, err) || bounds(r, &sr, err)) return err->code;
  if (sb <= LO_CHECK_LIMIT) {
    lo_odo ob, orr;
    lo_odo_init(&ob, b);
    lo_odo_init(&orr, r);
    for (lo_int x = 0; x < sb; x++, lo_odo_next(&ob), lo_odo_next(&orr)) {
      lo_int abx;
      if (lo_apply(a, ob.v, &abx, err)) return err->code;
      if (abx != orr.v)
        return lo_fail(err, LO_EUNDEF, "at x = %lld, A(B(x)) = A(%lld) = %lld but it gives %lld",
                       (long long)x, (long long)ob.v, (long long)abx, (long long)orr.v);
    }
    return LO_OK;
  }
  lo_mode am[LO_MAX_LEAVES];
  int na;
  if (lo_cute_coalesce_x_modes(a, am, &na, err)) return err->code;
  for (int i = 0; i < b->shape.len; i++)
    if (!leaf_is_exact(am, na, b->shape.leaf[i], b->stride[i]))
      return lo_fail(err, LO_ELIMIT,
                     "size(B) = %lld is too large to check point by point "
                     "(limit %lld) and entry %d of B crosses a mode of A unevenly",
                     (long long)sb, (long long)LO_CHECK_LIMIT, i + 1);
  if (!lo_composition_is_additive(am, na, b))
    return lo_fail(err, LO_ELIMIT,
                   "size(B) = %lld is too large to check point by point (limit "
                   "%lld) and B's entries overlap",
                   (long long)sb, (long long)LO_CHECK_LIMIT);
  return LO_OK;
}

/* ------------------------------------------------------------- complement */

/* The modes of l with size > 1 and stride > 0 (what filter keeps). */
static int live_modes(const lo_layout *l, lo_mode *m) {
  int n = 0;
  for (int i = 0; i < l->shape.len; i++)
    if (l->shape.leaf[i] > 1 && l->stride[i] > 0) {
      m[n].s = l->shape.leaf[i];
      m[n].d = l->stride[i];
      n++;
    }
  return n;
}

/* True when the modes, in the given order, are superincreasing: each
** stride exceeds the largest value of the modes before it (so the layout
** is injective and, in this order, strictly increasing). */
static int superincreasing(const lo_mode *m, int n) {
  lo_int top = 0, t;
  for (int i = 0; i < n; i++) {
    if (m[i].d <= top) return 0;
    if (__builtin_mul_overflow(m[i].s - 1, m[i].d, &t) || __builtin_add_overflow(top, t, &top))
      return 0;
  }
  return 1;
}

/* qsort order of lo_int values, ascending. */
static int cmp_int(const void *x, const void *y) {
  lo_int a = *(const lo_int *)x, b = *(const lo_int *)y;
  return (a > b) - (a < b);
}

#define INJECTIVE_ENUM 16384 /* points listed to settle injectivity */

/* Decide whether the flat modes m[0..n) form an injective layout: the
** superincreasing test after sorting, else by listing at most
** INJECTIVE_ENUM points. */
static int injective(lo_mode *m, int n, int *yes, lo_err *err) {
  lo_int size = 1, vals[INJECTIVE_ENUM];
  lo_modes_sort(m, n);
  *yes = 1;
  if (superincreasing(m, n)) return LO_OK;
  for (int i = 0; i < n; i++)
    if (__builtin_mul_overflow(size, m[i].s, &size) || size > INJECTIVE_ENUM)
      return lo_fail(err, LO_ELIMIT, "too many points to check injectivity (limit %d)",
                     INJECTIVE_ENUM);
  lo_layout l;
  lo_layout_flat_modes(&l, m, n);
  lo_odo o;
  lo_odo_init(&o, &l);
  for (lo_int x = 0; x < size; x++, lo_odo_next(&o)) vals[x] = o.v;
  qsort(vals, (size_t)size, sizeof vals[0], cmp_int);
  for (lo_int x = 1; x < size; x++)
    if (vals[x] == vals[x - 1]) *yes = 0;
  return LO_OK;
}

/* Check R as complement(L, cotarget) (cotarget NULL: cosize(filter L)). */
int lo_check_complement(const lo_layout *l, const lo_tuple *cotarget, const lo_layout *r,
                        lo_err *err) {
  lo_mode lm[LO_MAX_LEAVES], rm[LO_MAX_LEAVES], both[2 * LO_MAX_LEAVES];
  int nl = live_modes(l, lm), nr = 0;
  lo_int sr, sl = 1, n = 1;
  for (int i = 0; i < r->shape.len; i++) {
    if (r->shape.leaf[i] == 1) continue;
    if (r->stride[i] == 0)
      return lo_fail(err, LO_EUNDEF, "it has a stride-0 mode %lld:0, so it is not increasing",
                     (long long)r->shape.leaf[i]);
    rm[nr].s = r->shape.leaf[i];
    rm[nr].d = r->stride[i];
    nr++;
  }
  if (!superincreasing(rm, nr))
    return lo_fail(err, LO_EUNDEF,
                   "it is not strictly increasing (a stride does not exceed the "
                   "values of the modes before it)");
  if (lo_size(r, &sr, err)) return err->code;
  for (int i = 0; i < nl; i++)
    if (lo_mul(sl, lm[i].s, &sl, "size", err)) return err->code;
  if (cotarget) {
    for (int i = 0; i < cotarget->len; i++)
      if (lo_mul(n, cotarget->leaf[i], &n, "cotarget size", err)) return err->code;
  } else if (lo_modes_cosize(lm, nl, &n, err)) {
    return err->code;
  }
  lo_int cover;
  if (__builtin_mul_overflow(sl, sr, &cover)) cover = INT64_MAX;
  if (cover < n)
    return lo_fail(err, LO_EUNDEF,
                   "size(filter(L)) size(R) = %lld does not reach the "
                   "cotarget %lld",
                   (long long)cover, (long long)n);
  memcpy(both, lm, (size_t)nl * sizeof *lm);
  memcpy(both + nl, rm, (size_t)nr * sizeof *rm);
  int yes;
  if (injective(both, nl + nr, &yes, err)) return err->code;
  if (!yes) return lo_fail(err, LO_EUNDEF, "(filter(L), R) is not injective: R hits values of L");
  return LO_OK;
}

/* --------------------------------------------------------------- inverses */

/* Check L(R(i)) = i on [0, size R).  Past the limit, CuTe's construction
** (modes chained from stride 1) is exact and R is accepted. */
int lo_check_right_inverse(const lo_layout *l, const lo_layout *r, lo_err *err) {
  lo_int sr;
  if (bounds(r, &sr, err)) return err->code;
  if (sr > LO_CHECK_LIMIT) return LO_OK;
  lo_odo o;
  lo_odo_init(&o, r);
  for (lo_int i = 0; i < sr; i++, lo_odo_next(&o)) {
    lo_int v;
    if (lo_apply(l, o.v, &v, err)) return err->code;
    if (v != i)
      return lo_fail(err, LO_EUNDEF, "L(R(%lld)) = L(%lld) = %lld, not %lld", (long long)i,
                     (long long)o.v, (long long)v, (long long)i);
  }
  return LO_OK;
}

/* Check L(R(L(i))) = L(i) on [0, size L). */
int lo_check_left_inverse(const lo_layout *l, const lo_layout *r, lo_err *err) {
  lo_int sl;
  if (bounds(l, &sl, err)) return err->code;
  if (sl > LO_CHECK_LIMIT)
    return lo_fail(err, LO_ELIMIT,
                   "size(L) = %lld is too large to check the left inverse point "
                   "by point (limit %lld)",
                   (long long)sl, (long long)LO_CHECK_LIMIT);
  lo_odo o;
  lo_odo_init(&o, l);
  for (lo_int i = 0; i < sl; i++, lo_odo_next(&o)) {
    lo_int ri, lri;
    if (lo_apply(r, o.v, &ri, err) || lo_apply(l, ri, &lri, err)) return err->code;
    if (lri != o.v)
      return lo_fail(err, LO_EUNDEF, "L(R(L(%lld))) = L(R(%lld)) = L(%lld) = %lld, not %lld",
                     (long long)i, (long long)o.v, (long long)ri, (long long)lri, (long long)o.v);
  }
  return LO_OK;
}

/* Is l injective?  *out = 1 or 0; LO_ELIMIT when neither the
** superincreasing test nor a listing of at most INJECTIVE_ENUM points
** settles it. */
int lo_is_injective(const lo_layout *l, int *out, lo_err *err) {
  lo_mode m[LO_MAX_LEAVES];
  for (int i = 0; i < l->shape.len; i++)
    if (l->shape.leaf[i] > 1 && l->stride[i] == 0) {
      *out = 0;
      return LO_OK;
    }
  return injective(m, live_modes(l, m), out, err);
}

/* r printed for a message (lo_internal.h). */
void lo_show_layout(const lo_layout *r, char *buf, size_t cap) {
  if (lo_print_layout(r, buf, cap)) snprintf(buf, cap, "a layout too long to show");
}

/* Keep CuTe's answer or say why it is wrong (lo_internal.h). */
int lo_keep_cute_answer(int check_rc, const lo_layout *r, const char *prefix, const char *which,
                        lo_layout *out, lo_err *err) {
  char buf[200], why[sizeof err->msg];
  if (check_rc == LO_OK) {
    lo_layout_copy(out, r);
    return LO_OK;
  }
  if (check_rc != LO_EUNDEF) return check_rc;
  lo_show_layout(r, buf, sizeof buf);
  memcpy(why, err->msg, sizeof why);
  return lo_fail(err, LO_EUNDEF, "%s: CuTe prints %s, which %s: %s", prefix, buf, which, why);
}
