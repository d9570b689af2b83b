/*
** lo_cute.c -- CuTe C++ as it computes on static layouts: coalesce,
** filter, composition, complement and the inverses, step by step as
** cute/layout.hpp does them, including its compile-time refusals (each a
** LO_EUNDEF error whose message starts "CuTe refuses: ") and including its
** answers that break the op's definition.  The plain ops (lo_composition,
** ...) check these answers against the definitions; this file only
** reproduces them.
**
** CuTe's values are trees: a leaf s:d or a tuple of trees.  Here a tree is
** an lo_layout (its shape's profile tokens give the nesting), and results
** are built token by token with the small builder below.
*/
#include "lo_internal.h"

#include <assert.h>
#include <string.h>

/* ------------------------------------------------------------ the trees */

/* True when the layout is a tuple (its shape starts with '('), false for
** an integer layout s:d. */
int lo_cute_is_tuple(const lo_layout *l) { return l->shape.ntok > 0 && l->shape.tok[0] == '('; }

/* Start an empty tree under construction. */
void lo_cute_begin(lo_layout *b) {
  b->shape.len = 0;
  b->shape.ntok = 0;
  b->is_tiler = 0;
}

/* Append one profile token ('(' or ')') to the tree under construction
** (inline here, for the composition's walk; lo_cute_tok outside). */
static inline int put_tok(lo_layout *b, char c, lo_err *err) {
  if (b->shape.ntok >= LO_MAX_TOKENS)
    return lo_fail(err, LO_ELIMIT, "result has more than %d profile tokens", LO_MAX_TOKENS);
  b->shape.tok[b->shape.ntok++] = c;
  return LO_OK;
}
int lo_cute_tok(lo_layout *b, char c, lo_err *err) { return put_tok(b, c, err); }

/* Append the leaf s:d (put_leaf inline, lo_cute_leaf outside). */
static inline int put_leaf(lo_layout *b, lo_int s, lo_int d, lo_err *err) {
  if (b->shape.len >= LO_MAX_LEAVES)
    return lo_fail(err, LO_ELIMIT, "result has more than %d entries (limit)", LO_MAX_LEAVES);
  if (put_tok(b, '*', err)) return err->code;
  b->shape.leaf[b->shape.len] = s;
  b->stride[b->shape.len] = d;
  b->shape.len++;
  return LO_OK;
}
int lo_cute_leaf(lo_layout *b, lo_int s, lo_int d, lo_err *err) { return put_leaf(b, s, d, err); }

/* Append a whole tree (its tokens, leaves and strides). */
int lo_cute_put(lo_layout *b, const lo_layout *t, lo_err *err) {
  if (b->shape.ntok + t->shape.ntok > LO_MAX_TOKENS)
    return lo_fail(err, LO_ELIMIT, "result has more than %d profile tokens", LO_MAX_TOKENS);
  if (b->shape.len + t->shape.len > LO_MAX_LEAVES)
    return lo_fail(err, LO_ELIMIT, "result has more than %d entries (limit)", LO_MAX_LEAVES);
  memcpy(b->shape.tok + b->shape.ntok, t->shape.tok, (size_t)t->shape.ntok);
  memcpy(b->shape.leaf + b->shape.len, t->shape.leaf, (size_t)t->shape.len * sizeof(lo_int));
  memcpy(b->stride + b->shape.len, t->stride, (size_t)t->shape.len * sizeof(lo_int));
  b->shape.ntok += t->shape.ntok;
  b->shape.len += t->shape.len;
  return LO_OK;
}

/* Append mode i (0-based) of t, or t itself when t is not a tuple and
** i == 0 (CuTe's get<0> of an integer). */
int lo_cute_put_mode(lo_layout *b, const lo_layout *t, int i, lo_err *err) {
  lo_layout m;
  if (lo_layout_mode(t, i + 1, &m, err)) return err->code;
  return lo_cute_put(b, &m, err);
}

/* --------------------------------------------------------------- coalesce */

/* CuTe's backward coalesce over the flat modes m[0..n-1), starting from the
** last mode `init` (detail::bw_coalesce): size-1 modes are skipped, a
** front of shape 1 is replaced, s0:d0 merges into a front s1:s0*d0, and
** anything else is prepended.  The result is built from the back of
** buf[0..LO_MAX_LEAVES): it is buf[*first..LO_MAX_LEAVES), and *first is
** LO_MAX_LEAVES when it is the integer 1 (1:0).  n <= LO_MAX_LEAVES. */
static void bw_coalesce_modes(const lo_mode *m, int n, lo_mode init, lo_mode *buf, int *first) {
  int f = LO_MAX_LEAVES - 1; /* buf[f] is the front */
  assert(n <= LO_MAX_LEAVES);
  buf[f] = init;
  for (int i = n - 2; i >= 0; i--) {
    lo_int p;
    if (m[i].s == 1) continue;
    if (f == LO_MAX_LEAVES - 1 && buf[f].s == 1) {
      buf[f] = m[i];
    } else if (!__builtin_mul_overflow(m[i].s, m[i].d, &p) && p == buf[f].d &&
               !__builtin_mul_overflow(m[i].s, buf[f].s, &p)) {
      buf[f].s = p;
      buf[f].d = m[i].d;
    } else {
      buf[--f] = m[i];
    }
  }
  *first = f == LO_MAX_LEAVES - 1 && buf[f].s == 1 ? LO_MAX_LEAVES : f;
}

/* bw_coalesce_modes (above) written as a layout: 1:0 for the integer 1,
** else the CuTe form of the modes. */
static void bw_coalesce(const lo_mode *m, int n, lo_mode init, lo_layout *out) {
  lo_mode buf[LO_MAX_LEAVES];
  int first;
  bw_coalesce_modes(m, n, init, buf, &first);
  if (first == LO_MAX_LEAVES)
    lo_layout_scalar(out, 1, 0);
  else
    lo_layout_from_modes(out, buf + first, LO_MAX_LEAVES - first);
}

/* The flat modes of l, refusing the empty layout as CuTe does (its
** coalesce reads the last mode of the flattening). */
static int flat_nonempty(const lo_layout *l, const char *op, lo_mode *m, int *n, lo_err *err) {
  *n = lo_modes_of(l, m);
  if (*n == 0)
    return lo_fail(err, LO_EUNDEF,
                   "CuTe refuses: %s of the empty layout (it reads the last mode "
                   "of the flattening, which has none)",
                   op);
  return LO_OK;
}

/* coalesce(L): same function on [0, size L), depth at most 1. */
static int coalesce_whole(const lo_layout *l, lo_layout *out, lo_err *err) {
  lo_mode m[LO_MAX_LEAVES];
  int n;
  if (flat_nonempty(l, "coalesce", m, &n, err)) return err->code;
  bw_coalesce(m, n, m[n - 1], out);
  return LO_OK;
}

/* detail::coalesce_x(L): like coalesce, but a trailing size-1 mode counts
** as size 2, so that the function is kept past the domain too. */
int lo_cute_coalesce_x(const lo_layout *l, lo_layout *out, lo_err *err) {
  lo_mode m[LO_MAX_LEAVES];
  int n;
  if (flat_nonempty(l, "composition", m, &n, err)) return err->code;
  lo_mode init = m[n - 1];
  if (init.s == 1) init.s = 2;
  bw_coalesce(m, n, init, out);
  return LO_OK;
}

/* The flat modes of lo_cute_coalesce_x(l) into m[0..*n) (1:0 is the one
** mode 1:0), without building the layout. */
int lo_cute_coalesce_x_modes(const lo_layout *l, lo_mode *m, int *n, lo_err *err) {
  lo_mode buf[LO_MAX_LEAVES];
  int first;
  if (flat_nonempty(l, "composition", m, n, err)) return err->code;
  lo_mode init = m[*n - 1];
  if (init.s == 1) init.s = 2;
  bw_coalesce_modes(m, *n, init, buf, &first);
  if (first == LO_MAX_LEAVES) {
    m[0].s = 1;
    m[0].d = 0;
    *n = 1;
    return LO_OK;
  }
  *n = LO_MAX_LEAVES - first;
  memcpy(m, buf + first, (size_t)*n * sizeof *m);
  return LO_OK;
}

/* Coalesce by profile p (NULL: the whole layout): at a tuple of p, mode by
** mode (l keeps its modes past p's rank), at a leaf of p, coalesce. */
int lo_cute_coalesce(const lo_layout *l, const lo_tuple *p, lo_layout *out, lo_err *err) {
  if (!p || p->ntok == 0 || p->tok[0] != '(') return coalesce_whole(l, out, err);
  int rp = lo_tuple_rank(p), rl = lo_tuple_rank(&l->shape);
  if (rp > rl)
    return lo_fail(err, LO_EUNDEF,
                   "CuTe refuses: the profile has %d modes but the layout has "
                   "rank %d (static_assert tuple_size <= rank)",
                   rp, rl);
  lo_layout b;
  lo_cute_begin(&b);
  if (lo_cute_tok(&b, '(', err)) return err->code;
  for (int i = 0; i < rl; i++) {
    lo_layout li, r;
    if (lo_layout_mode(l, i + 1, &li, err)) return err->code;
    if (i < rp) {
      lo_tuple pi;
      int first;
      if (lo_tuple_mode(p, i + 1, &pi, &first, err) || lo_cute_coalesce(&li, &pi, &r, err))
        return err->code;
    } else {
      lo_layout_copy(&r, &li);
    }
    if (lo_cute_put(&b, &r, err)) return err->code;
  }
  if (lo_cute_tok(&b, ')', err)) return err->code;
  lo_layout_copy(out, &b);
  return LO_OK;
}

/* filter(L) = coalesce(filter_zeros(L)): stride-0 modes become size 1,
** then everything of size 1 goes. */
int lo_cute_filter(const lo_layout *l, lo_layout *out, lo_err *err) {
  lo_mode m[LO_MAX_LEAVES];
  int n;
  if (flat_nonempty(l, "filter", m, &n, err)) return err->code;
  for (int i = 0; i < n; i++)
    if (m[i].d == 0) m[i].s = 1;
  bw_coalesce(m, n, m[n - 1], out);
  return LO_OK;
}

/* ---------------------------------------------------- division by v > 0 */

/* n / v and n % v (C's, truncating) for v > 0: a shift and a mask when
** n >= 0 and v is a power of two (as most shapes, strides and extents
** are), else one division. */
static inline lo_int quot_rem(lo_int n, lo_int v, lo_int *rem) {
  assert(v > 0);
  if (n >= 0 && (v & (v - 1)) == 0) {
    *rem = n & (v - 1);
    return n >> __builtin_ctzll((unsigned long long)v);
  }
  *rem = n % v;
  return n / v;
}

/* Does v > 0 divide n? */
static inline int divides(lo_int v, lo_int n) {
  lo_int rem;
  quot_rem(n, v, &rem);
  return rem == 0;
}

/* n / v, and n / v rounded up as lo_ceil_div rounds, for v > 0. */
static inline lo_int div_pos(lo_int n, lo_int v) {
  lo_int rem;
  return quot_rem(n, v, &rem);
}
static inline lo_int ceil_div_pos(lo_int n, lo_int v) {
  lo_int rem, q = quot_rem(n, v, &rem);
  return q + (rem != 0);
}

/* ------------------------------------------------------------ composition */

/* Append the modes r[0..n) (n >= 1) to b as lo_cute_put appends their
** layout (s:d for one mode, a flat tuple otherwise): the same limit
** checks in the same order, then the tokens, leaves and strides. */
static int put_modes(lo_layout *b, const lo_mode *r, int n, lo_err *err) {
  int ntok = n == 1 ? 1 : n + 2;
  assert(n >= 1);
  if (b->shape.ntok + ntok > LO_MAX_TOKENS)
    return lo_fail(err, LO_ELIMIT, "result has more than %d profile tokens", LO_MAX_TOKENS);
  if (b->shape.len + n > LO_MAX_LEAVES)
    return lo_fail(err, LO_ELIMIT, "result has more than %d entries (limit)", LO_MAX_LEAVES);
  char *t = b->shape.tok + b->shape.ntok;
  lo_int *s = b->shape.leaf + b->shape.len, *d = b->stride + b->shape.len;
  if (n > 1) *t++ = '(';
  for (int i = 0; i < n; i++) {
    *t++ = '*';
    s[i] = r[i].s;
    d[i] = r[i].d;
  }
  if (n > 1) *t++ = ')';
  b->shape.ntok += ntok;
  b->shape.len += n;
  return LO_OK;
}

/* A's coalesce_x modes a[0..na) as the walk reads them, with the prefix
** products pre[j] = a[0].s ... a[j-1].s for j < na (pre[0] = 1), or -1
** from the first that does not fit in 63 bits (it exceeds every stride). */
typedef struct walk_outer {
  const lo_mode *a;
  int na;
  lo_int pre[LO_MAX_LEAVES];
} walk_outer;

/* Fill w->pre for the modes a[0..na). */
static void walk_outer_init(walk_outer *w, const lo_mode *a, int na) {
  w->a = a;
  w->na = na;
  w->pre[0] = 1;
  for (int j = 1; j < na; j++)
    if (w->pre[j - 1] < 0 || __builtin_mul_overflow(w->pre[j - 1], a[j - 1].s, &w->pre[j]))
      w->pre[j] = -1;
}

/* Where the walk of a leaf with stride d >= 1 leaves its stride phase:
** while rest_d = d / pre[i] >= a[i].s, step i divides it (refused unless
** a[i].s divides it).  Since rest_d >= a[i].s exactly when pre[i+1] <= d,
** the steps are i < k for the largest k < na with pre[k] <= d, found by
** bisection; since pre[j] divides pre[j+1], they all divide when pre[k]
** divides d, and else the first refusal is at the least j with pre[j] not
** dividing d, found the same way (step j - 1).  Returns k; *bad is that j,
** or 0. */
static int stride_phase(const walk_outer *w, lo_int d, int *bad) {
  int lo = 0, hi = w->na - 1; /* pre[lo] <= d; the answer is in [lo, hi] */
  while (lo < hi) {
    int mid = lo + (hi - lo + 1) / 2;
    if (w->pre[mid] >= 0 && w->pre[mid] <= d)
      lo = mid;
    else
      hi = mid - 1;
  }
  *bad = 0;
  if (divides(w->pre[lo], d)) return lo;
  int ok = 0, no = lo; /* pre[ok] divides d, pre[no] does not */
  while (no - ok > 1) {
    int mid = ok + (no - ok) / 2;
    if (divides(w->pre[mid], d))
      ok = mid;
    else
      no = mid;
  }
  *bad = no;
  return lo;
}

/* composition_impl for one leaf s:d of B against the coalesced outer modes
** w->a[0..na) (na == 1: an integer outer layout).  Appends the leaf's
** result (an integer layout or a flat tuple) to b.  Clears *exact where a
** step taken while the rest shape exceeds 1 crosses a mode of A whose
** shape the rest stride does not divide (the strong divisibility condition
** of lo_composition_walk_is_exact, whose answer this keeps).
**
** Each step is CuTe's: next_s = ceil(cs / rest_d), next_d = ceil(rest_d /
** cs), refused when rest_d >= cs and cs does not divide it.  The modes
** of A other than the last have cs >= 2 and rest_d >= 1 throughout, so a
** step is one of two cases: rest_d >= cs gives next_s = 1, next_d =
** rest_d / cs exactly (the stride phase, which stride_phase skips in
** O(log na)); rest_d < cs gives next_d = 1 and next_s = ceil(cs / rest_d)
** >= 2, and from then on rest_d = 1, so each later step while the rest
** shape exceeds 1 adds a mode.  CuTe walks every mode of A for every leaf;
** this is O(log na) plus the modes it adds. */
static int compose_leaf(const walk_outer *w, lo_int s, lo_int d, lo_layout *b, int *exact,
                        lo_err *err) {
  const lo_mode *a = w->a;
  int na = w->na, bad, i;
  lo_mode r[LO_MAX_LEAVES];
  int nr = 0;
  lo_int rest_s = s, rest_d = d, t, rem;
  if (d == 0) return put_leaf(b, s, 0, err);
  if (na == 1) {
    if (lo_mul(d, a[0].d, &t, "composition stride", err)) return err->code;
    return put_leaf(b, s, t, err);
  }
  assert(d >= 1);
  i = stride_phase(w, d, &bad);
  if (bad)
    return lo_fail(err, LO_EUNDEF,
                   "CuTe refuses: Stride Divisibility Condition (stride %lld of B against shape "
                   "%lld of A's coalesced mode %d: neither a multiple nor smaller)",
                   (long long)(d / w->pre[bad - 1]), (long long)a[bad - 1].s, bad);
  rest_d = quot_rem(d, w->pre[i], &rem);
  for (; i + 1 < na && (rest_s != 1 || rest_d != 1); i++) {
    /* (with rest_s = rest_d = 1 every later step keeps both at 1, adds no
    ** mode and meets both conditions, so the walk may stop) */
    lo_int cs = a[i].s;
    assert(cs >= 2 && rest_d >= 1 && rest_d < cs);
    lo_int next_s = rest_d == 1 ? (rem = 0, cs) : quot_rem(cs, rest_d, &rem);
    next_s += rem != 0;
    if (rest_s > 1 && rem != 0) *exact = 0;
    if (rest_s != 1) {
      lo_int ns = next_s < rest_s ? next_s : rest_s, q = 1;
      if (ns != rest_s && (q = quot_rem(rest_s, ns, &rem), rem != 0))
        return lo_fail(err, LO_EUNDEF,
                       "CuTe refuses: Shape Divisibility Condition (shape %lld of B is not a "
                       "multiple of %lld, the part of A's coalesced mode %d it covers)",
                       (long long)rest_s, (long long)ns, i + 1);
      r[nr].s = ns;
      if (lo_mul(rest_d, a[i].d, &r[nr].d, "composition stride", err)) return err->code;
      nr++;
      rest_s = q;
    }
    rest_d = 1;
  }
  if (lo_mul(rest_d, a[na - 1].d, &t, "composition stride", err)) return err->code;
  if (nr == 0) return put_leaf(b, rest_s, t, err);
  if (rest_s != 1) {
    r[nr].s = rest_s;
    r[nr].d = t;
    nr++;
  }
  return put_modes(b, r, nr, err);
}

/* composition_impl over B's tree, read in place and left to right: its
** profile tok[0..ntok) with leaves s[] and strides d[].  A tuple is
** composed mode by mode (make_layout of the results, so a rank-1 tuple
** stays wrapped): its '(' and ')' are copied and each leaf composed; the
** empty tuple has no make_layout() and is refused where it opens. */
static int compose_tree(const walk_outer *w, const char *tok, int ntok, const lo_int *s,
                        const lo_int *d, lo_layout *b, int *exact, lo_err *err) {
  int leaf = 0;
  for (int i = 0; i < ntok; i++) {
    if (tok[i] == '*') {
      if (compose_leaf(w, s[leaf], d[leaf], b, exact, err)) return err->code;
      leaf++;
      continue;
    }
    if (tok[i] == '(' && i + 1 < ntok && tok[i + 1] == ')')
      return lo_fail(err, LO_EUNDEF,
                     "CuTe refuses: composition with the empty layout (there is no "
                     "make_layout() of zero modes)");
    if (put_tok(b, tok[i], err)) return err->code;
  }
  return LO_OK;
}

/* See lo_internal.h. */
int lo_cute_compose_modes(const lo_mode *am, int na, const lo_layout *bl, lo_layout *out,
                          int *exact, lo_err *err) {
  walk_outer w;
  assert(am && na >= 1 && na <= LO_MAX_LEAVES && out != bl && exact);
  *exact = 1;
  walk_outer_init(&w, am, na);
  lo_cute_begin(out);
  if (compose_tree(&w, bl->shape.tok, bl->shape.ntok, bl->shape.leaf, bl->stride, out, exact, err))
    return err->code;
  *exact = *exact && lo_composition_is_additive(am, na, bl);
  return LO_OK;
}

/* composition(A, B) for a layout B (not a tiler); *exact as
** lo_composition_walk_is_exact(A, B) answers it.  The result is built in
** *out unless out is A or B (then aside and copied); on an error *out
** may hold part of it. */
static int compose_layout_x(const lo_layout *a, const lo_layout *bl, lo_layout *out, int *exact,
                            lo_err *err) {
  lo_layout aside, *b = out == a || out == bl ? &aside : out;
  lo_mode am[LO_MAX_LEAVES];
  int na;
  *exact = 1;
  if (lo_cute_coalesce_x_modes(a, am, &na, err) || lo_cute_compose_modes(am, na, bl, b, exact, err))
    return err->code;
  if (b != out) lo_layout_copy(out, b);
  return LO_OK;
}

/* composition(A, B) for a layout B (not a tiler). */
static int compose_layout(const lo_layout *a, const lo_layout *bl, lo_layout *out, lo_err *err) {
  int exact;
  return compose_layout_x(a, bl, out, &exact, err);
}

/* See lo_internal.h. */
int lo_cute_composition_exact(const lo_layout *a, const lo_layout *b, lo_layout *out, int *exact,
                              lo_err *err) {
  assert(!b->is_tiler);
  if (a->is_tiler) return lo_fail(err, LO_EUNDEF, "composition: the first argument is a tiler");
  return compose_layout_x(a, b, out, exact, err);
}

/* CuTe's composition(A, B) with compose, its composition of two layouts:
** B a layout, or a tiler composed with A's modes one by one (A's modes
** past the tiler are dropped). */
int lo_cute_compose_with(lo_pair_fn compose, const lo_layout *a, const lo_layout *b,
                         lo_layout *out, lo_err *err) {
  if (a->is_tiler) return lo_fail(err, LO_EUNDEF, "composition: the first argument is a tiler");
  if (!b->is_tiler) return compose(a, b, out, err);
  int k = lo_tuple_rank(&b->shape), ra = lo_tuple_rank(&a->shape);
  if (k > ra)
    return lo_fail(err, LO_EUNDEF,
                   "CuTe refuses: the tiler has %d modes but A has rank %d "
                   "(static_assert tuple_size <= rank)",
                   k, ra);
  return lo_tiler_map(compose, a, b, LO_TILER_CUTE, out, err);
}

/* composition(A, B): B a layout or a tiler. */
int lo_cute_composition(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err) {
  return lo_cute_compose_with(compose_layout, a, b, out, err);
}

/* See lo_internal.h. */
int lo_tiler_map(lo_pair_fn fn, const lo_layout *a, const lo_layout *b, int how, lo_layout *out,
                 lo_err *err) {
  int k = lo_tuple_rank(&b->shape), n = how & LO_TILER_KEEP ? lo_tuple_rank(&a->shape) : k;
  lo_layout res;
  assert(b->is_tiler && k <= lo_tuple_rank(&a->shape));
  lo_cute_begin(&res);
  if (lo_cute_tok(&res, '(', err)) return err->code;
  for (int i = 1; i <= n; i++) {
    lo_layout ai, bi, ri;
    lo_entry_kind kind = LO_ENTRY_SKIP;
    if (lo_layout_mode(a, i, &ai, err)) return err->code;
    if (i <= k && lo_tiler_entry(b, i, &bi, &kind, err)) return err->code;
    if (kind == LO_ENTRY_SKIP) { /* '_', or a mode past the tiler */
      lo_layout_copy(&ri, &ai);
    } else if (kind == LO_ENTRY_TILER) {
      int kb = lo_tuple_rank(&bi.shape), ra = lo_tuple_rank(&ai.shape);
      if (kb > ra)
        return lo_fail(err, LO_EUNDEF,
                       "%stiler entry %d has %d modes but A's mode %d has rank %d%s",
                       how & LO_TILER_CUTE ? "CuTe refuses: " : "", i, kb, i, ra,
                       how & LO_TILER_CUTE ? " (static_assert tuple_size <= rank)" : "");
      if (lo_tiler_map(fn, &ai, &bi, how, &ri, err)) return err->code;
    } else {
      if (kind == LO_ENTRY_INT && bi.shape.leaf[0] == 1 && (how & LO_TILER_KEEP))
        bi.stride[0] = 0; /* make_layout(1) */
      if (fn(&ai, &bi, &ri, err)) return err->code;
    }
    if (lo_cute_put(&res, &ri, err)) return err->code;
  }
  if (lo_cute_tok(&res, ')', err)) return err->code;
  lo_layout_copy(out, &res);
  return LO_OK;
}

/* ------------------------------------------------------------- complement */

/* The rest shape of one cotarget entry n > 0 past an extent e > 0:
** ceil(n / e). */
static inline lo_int rest_shape(lo_int n, lo_int e) {
#ifdef LO_MUTANT_COMPLEMENT_FLOOR /* planted bug for `make mutants`: rounds down */
  return n / e > 0 ? n / e : 1;
#else
  return ceil_div_pos(n, e);
#endif
}

/* ceil_div of a cotarget shape by an integer: an integer is divided and
** rounded up; a tuple is divided mode by mode, each mode taking what the
** earlier ones left (int_tuple's fold), and CuTe's coalesce of the result
** multiplies it out.  The entries are positive. */
static lo_int cotarget_div(const lo_tuple *c, lo_int d) {
  lo_int rest = d, prod = 1;
  for (int i = 0; i < c->len; i++) {
    lo_int q = rest_shape(c->leaf[i], rest);
    if (i + 1 < c->len) rest = ceil_div_pos(rest, c->leaf[i]);
    if (__builtin_mul_overflow(prod, q, &prod)) return -1;
  }
  return prod;
}

/* The product of a cotarget's entries (CuTe's coalesce of a static shape),
** or -1 on overflow. */
static lo_int cotarget_size(const lo_tuple *c) {
  lo_int p = 1;
  for (int i = 0; i < c->len; i++)
    if (__builtin_mul_overflow(p, c->leaf[i], &p)) return -1;
  return p;
}

/* detail::complement on the filtered modes f[0..n) (n >= 1, no stride 0):
** repeatedly take the smallest stride (the first of equals), divide it by
** the last result stride (rounding down: a 0 is CuTe's "non-injective"
** refusal), then the rest mode ceil(cotarget / extent) and a coalesce,
** into c->r.  Sorts f in place. */
static int complement_chain(lo_mode *f, int n, lo_cute_comp *c, lo_err *err) {
  lo_mode r[LO_MAX_LEAVES + 2];
  lo_int last = 1;
  int nr = 0, first;
  assert(n >= 1 && n <= LO_MAX_LEAVES);
  for (int i = 0; i < n; i++) assert(f[i].d != 0); /* filtered: no stride 0 */
  if (n > 1) lo_modes_sort_by_stride(f, n); /* CuTe picks the first smallest stride each time */
  for (int mi = 0; mi < n; mi++) {
    lo_int ns = div_pos(f[mi].d, last);
    if (ns == 0)
      return lo_fail(err, LO_EUNDEF,
                     "CuTe refuses: Non-injective Layout detected in complement "
                     "(stride %lld is below %lld, the extent of the smaller modes)",
                     (long long)f[mi].d, (long long)last);
    r[nr].s = ns;
    r[nr].d = last;
    nr++;
    if (lo_mul(f[mi].d, f[mi].s, &last, "complement stride", err)) return err->code;
  }
  lo_int rest = cotarget_div(c->cotarget, last);
  if (rest < 0)
    return lo_fail(err, LO_EOVERFLOW, "overflow: complement rest shape exceeds 64 bits");
  r[nr].s = rest;
  r[nr].d = rest == 1 ? 0 : last;
  nr++;
  bw_coalesce_modes(r, nr, r[nr - 1], c->rbuf, &first);
  c->r = c->rbuf + first;
  c->nr = LO_MAX_LEAVES - first;
  return LO_OK;
}

/* Set c->cotarget: the caller's, or cosize(filter(L)) from c->f; then
** refuse a cotarget with an entry below 1. */
static int complement_cotarget(const lo_tuple *cotarget, lo_cute_comp *c, lo_err *err) {
  c->cotarget = cotarget;
  if (!cotarget) {
    lo_int cs;
    if (lo_modes_cosize(c->f, c->nf, &cs, err)) return err->code;
    lo_tuple_int(&c->ct, cs);
    c->cotarget = &c->ct;
  }
  for (int i = 0; i < c->cotarget->len; i++)
    if (c->cotarget->leaf[i] < 1)
      return lo_fail(err, LO_EUNDEF, "complement: the cotarget must be positive");
  return LO_OK;
}

/* The answer when filter(L) is 1:0: make_layout(N), i.e. N:1, or 1:0 for
** N == 1, N the size of the cotarget. */
static int complement_of_nothing(lo_cute_comp *c, lo_err *err) {
  lo_int p = cotarget_size(c->cotarget);
  if (p < 0) return lo_fail(err, LO_EOVERFLOW, "overflow: cotarget size exceeds 64 bits");
  c->rbuf[0].s = p;
  c->rbuf[0].d = p == 1 ? 0 : 1;
  c->r = c->rbuf;
  c->nr = 1;
  return LO_OK;
}

/* CuTe's complement as modes without the rank-1 fast path (lo_internal.h).
** The filter (lo_cute_filter) is taken on modes, not built as a layout. */
int lo_cute_complement_modes_general(const lo_layout *l, const lo_tuple *cotarget, lo_cute_comp *c,
                                     lo_err *err) {
  lo_mode m[LO_MAX_LEAVES];
  int n, first;
  if (l->is_tiler) return lo_fail(err, LO_EUNDEF, "complement takes a layout, not a tiler");
  if (flat_nonempty(l, "filter", m, &n, err)) return err->code;
  for (int i = 0; i < n; i++)
    if (m[i].d == 0) m[i].s = 1;
  bw_coalesce_modes(m, n, m[n - 1], c->fbuf, &first);
  c->f = c->fbuf + first;
  c->nf = LO_MAX_LEAVES - first; /* 0: filter gave 1:0 */
  if (complement_cotarget(cotarget, c, err)) return err->code;
  if (c->nf == 0) return complement_of_nothing(c, err);
  return complement_chain(c->fbuf + first, c->nf, c, err);
}

/* CuTe's complement of one mode s:d against the cotarget (lo_internal.h):
** what the general path computes, step by step, for n == 1.  filter(L) is
** s:d, or 1:0 when s == 1 or d == 0; the chain gives d:1 (d / 1), then the
** rest ceil(N / sd) : sd, and the coalesce drops d:1 when d == 1 and the
** rest when it is 1 (d:1 never merges into it: that needs d == sd). */
static int complement_rank1(const lo_layout *l, const lo_tuple *cotarget, lo_cute_comp *c,
                            lo_err *err) {
  lo_int s = l->shape.leaf[0], d = l->stride[0], last;
  c->fbuf[0].s = s;
  c->fbuf[0].d = d;
  c->f = c->fbuf;
  c->nf = s != 1 && d != 0;
  if (complement_cotarget(cotarget, c, err)) return err->code;
  if (c->nf == 0) return complement_of_nothing(c, err);
  if (lo_mul(d, s, &last, "complement stride", err)) return err->code;
  lo_int rest = cotarget_div(c->cotarget, last);
  if (rest < 0)
    return lo_fail(err, LO_EOVERFLOW, "overflow: complement rest shape exceeds 64 bits");
  c->r = c->rbuf;
  c->nr = 0;
  if (d != 1) {
    c->rbuf[c->nr].s = d;
    c->rbuf[c->nr++].d = 1;
  }
  if (rest != 1) {
    c->rbuf[c->nr].s = rest;
    c->rbuf[c->nr++].d = last;
  }
  return LO_OK;
}

/* The plain complement(s:d, n) of one mode with s > 1, d > 0 and n > 0
** (lo_internal.h).  CuTe's answer is R = (d, rest):(1, sd), rest =
** ceil(n / sd), without its size-1 modes (complement_rank1), and it meets
** the contract that lo_check_complement_modes would check:
**   - R is strictly increasing: its first value past d:1 is d - 1 < sd,
**     as s >= 2;
**   - (d:1, s:d, rest:sd) in stride order has each stride equal to the
**     product of the shapes before it, so (L, R) is injective;
**   - size(L) size(R) = s d rest >= n, so R reaches the cotarget.
** That leaves only the overflow checks, which s d rest covers: it bounds
** size(R) = d rest and R's largest value d - 1 + (rest - 1) sd.  Where sd
** or s d rest overflows, or on any other input, it returns 0 and leaves
** out as it was, and the checked path gives the answer or the message. */
int lo_complement_rank1_proven(const lo_layout *l, lo_int n, lo_layout *out) {
  if (l->shape.len != 1 || l->is_tiler || n < 1) return 0;
  lo_int s = l->shape.leaf[0], d = l->stride[0], last, rest, cover;
  if (s < 2 || d < 1 || __builtin_mul_overflow(s, d, &last)) return 0;
  rest = rest_shape(n, last);
  if (__builtin_mul_overflow(last, rest, &cover)) return 0;
  if (d == 1 || rest == 1) { /* one mode or none: CuTe's s:d form */
    if (d != 1)
      lo_layout_scalar(out, d, 1);
    else
      lo_layout_scalar(out, rest, rest == 1 ? 0 : last);
    return 1;
  }
  out->shape.len = 2; /* (d,rest):(1,sd), as lo_layout_flat_modes writes it */
  out->shape.ntok = 4;
  memcpy(out->shape.tok, "(**)", 4);
  out->shape.leaf[0] = d;
  out->shape.leaf[1] = rest;
  out->stride[0] = 1;
  out->stride[1] = last;
  out->is_tiler = 0;
  return 1;
}

/* CuTe's complement as modes (lo_internal.h): one mode and an integer
** cotarget (or none) by complement_rank1, anything else by the general
** path. */
int lo_cute_complement_modes(const lo_layout *l, const lo_tuple *cotarget, lo_cute_comp *c,
                             lo_err *err) {
  if (l->shape.len == 1 && !l->is_tiler && (!cotarget || cotarget->len == 1))
    return complement_rank1(l, cotarget, c, err);
  return lo_cute_complement_modes_general(l, cotarget, c, err);
}

/* complement(L, cotarget); cotarget NULL means cosize(filter(L)). */
int lo_cute_complement(const lo_layout *l, const lo_tuple *cotarget, lo_layout *out, lo_err *err) {
  lo_cute_comp c;
  if (lo_cute_complement_modes(l, cotarget, &c, err)) return err->code;
  lo_layout_from_modes(out, c.r, c.nr);
  return LO_OK;
}

/* --------------------------------------------------------------- inverses */

/* CuTe's static sort by stride, as CuTe runs it: an exchange sort (not
** stable) of the indices 0..n-1 by m[i].d; O(n^2). */
static void exchange_sort_all(const lo_mode *m, int *idx, int n) {
  lo_int k[LO_MAX_LEAVES];
  for (int i = 0; i < n; i++) {
    k[i] = m[i].d;
    idx[i] = i;
  }
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++)
      if (k[j] < k[i]) {
        lo_int tk = k[j];
        int ti = idx[j];
        k[j] = k[i];
        idx[j] = idx[i];
        k[i] = tk;
        idx[i] = ti;
      }
}

/* CuTe's static sort by stride (exchange_sort_all) in O(n log n) where it
** can be: with distinct strides every sort gives the one increasing order, so
** a merge sort does; equal strides, whose order the exchange sort decides,
** go to exchange_sort_all. */
static void exchange_sort(const lo_mode *m, int *idx, int n) {
  lo_mode p[LO_MAX_LEAVES];
  assert(n <= LO_MAX_LEAVES);
  for (int i = 0; i < n; i++) {
    p[i].s = i;
    p[i].d = m[i].d;
  }
  lo_modes_sort_by_stride(p, n);
  for (int i = 1; i < n; i++)
    if (p[i].d == p[i - 1].d) {
      exchange_sort_all(m, idx, n);
      return;
    }
  for (int i = 0; i < n; i++) idx[i] = (int)p[i].s;
}

/* The coalesced modes of l (the one mode 1:0 for the integer 1), as
** coalesce(L)'s flattening, with their exclusive prefix products of the
** shape; taken on modes, no layout built. */
static int coalesced_with_prefix(const lo_layout *l, const char *op, lo_mode *m, int *n,
                                 lo_int *pre, lo_err *err) {
  lo_mode buf[LO_MAX_LEAVES];
  int first;
  if (l->is_tiler) return lo_fail(err, LO_EUNDEF, "%s takes a layout, not a tiler", op);
  if (flat_nonempty(l, "coalesce", m, n, err)) return err->code;
  bw_coalesce_modes(m, *n, m[*n - 1], buf, &first);
  if (first == LO_MAX_LEAVES) {
    m[0].s = 1;
    m[0].d = 0;
    *n = 1;
  } else {
    *n = LO_MAX_LEAVES - first;
    memcpy(m, buf + first, (size_t)*n * sizeof *m);
  }
  pre[0] = 1;
  for (int i = 0; i < *n; i++)
    if (lo_mul(pre[i], m[i].s, &pre[i + 1], "prefix product", err)) return err->code;
  return LO_OK;
}

/* right_inverse(L): over coalesce(L)'s modes in CuTe's stride order, take
** each mode whose stride equals the extent reached so far, with the prefix
** product of the shape as its stride; then coalesce. */
int lo_cute_right_inverse(const lo_layout *l, lo_layout *out, lo_err *err) {
  lo_mode m[LO_MAX_LEAVES], r[LO_MAX_LEAVES + 1];
  lo_int pre[LO_MAX_LEAVES + 1];
  int n, idx[LO_MAX_LEAVES], nr = 1;
  if (coalesced_with_prefix(l, "right_inverse", m, &n, pre, err)) return err->code;
  exchange_sort(m, idx, n);
  r[0].s = 1;
  r[0].d = 0;
  lo_int curr = 1;
  for (int j = 0; j < n; j++) {
    int i = idx[j];
    if (m[i].d != curr) continue;
    r[nr].s = m[i].s;
    r[nr].d = pre[i];
    nr++;
    if (lo_mul(m[i].s, m[i].d, &curr, "right_inverse extent", err)) return err->code;
  }
  bw_coalesce(r, nr, r[nr - 1], out);
  return LO_OK;
}

/* The refusal of left_inverse's divisibility condition, written in full
** (loud) or as its first words alone, which lo_cute_refused reads (quiet:
** for a caller that only asks whether CuTe refused). */
static int left_inverse_refuse(lo_int d, lo_int size, int quiet, lo_err *err) {
  static const char head[] = "CuTe refuses: Left inverse divisibility condition";
  if (quiet) {
    err->code = LO_EUNDEF;
    memcpy(err->msg, head, sizeof head);
    return LO_EUNDEF;
  }
  return lo_fail(err, LO_EUNDEF,
                 "CuTe refuses: Left inverse divisibility condition (stride "
                 "%lld is not a multiple of %lld, the size so far)",
                 (long long)d, (long long)size);
}

/* left_inverse(L): over coalesce(L)'s modes in CuTe's stride order, skip
** stride 0; each stride must be a multiple of the size so far ("Left
** inverse divisibility condition"), giving shape stride/size with the
** prefix product as stride; the shape of the last mode in that order ends
** the shape; then coalesce.  *exact (lo_internal.h) is set when the
** strides are >= 0 and each non-zero stride d with shape s in that order
** has s*d <= the next non-zero stride (no overflow). */
static int cute_left_inverse(const lo_layout *l, lo_layout *out, int *exact, int quiet,
                             lo_err *err) {
  lo_mode m[LO_MAX_LEAVES], r[LO_MAX_LEAVES + 1];
  lo_int pre[LO_MAX_LEAVES + 1];
  int n, idx[LO_MAX_LEAVES], nr = 0;
  if (coalesced_with_prefix(l, "left_inverse", m, &n, pre, err)) return err->code;
  exchange_sort(m, idx, n);
  lo_int size = 1, strides[LO_MAX_LEAVES + 1]; /* strides[0] is CuTe's leading _0 */
  lo_int reach = 0;                            /* s*d of the last non-zero stride */
  int ns = 1, ok = 1;
  strides[0] = 0;
  for (int j = 0; j < n; j++) {
    int i = idx[j];
    if (m[i].d == 0) continue;
    lo_int q = div_pos(m[i].d, size);
    if (q * size != m[i].d) return left_inverse_refuse(m[i].d, size, quiet, err);
    r[nr++].s = q;
    strides[ns++] = pre[i];
    if (lo_mul(size, q, &size, "left_inverse size", err)) return err->code;
    ok = ok && m[i].d > 0 && reach <= m[i].d && !__builtin_mul_overflow(m[i].s, m[i].d, &reach);
  }
  r[nr++].s = m[idx[n - 1]].s;
  for (int k = 0; k < nr; k++) r[k].d = strides[k];
  bw_coalesce(r, nr, r[nr - 1], out);
  *exact = ok;
  return LO_OK;
}

/* left_inverse(L), CuTe's answer (see cute_left_inverse). */
int lo_cute_left_inverse(const lo_layout *l, lo_layout *out, lo_err *err) {
  int exact;
  return cute_left_inverse(l, out, &exact, 0, err);
}

/* lo_cute_left_inverse with *exact and a short refusal (lo_internal.h). */
int lo_cute_left_inverse_exact(const lo_layout *l, lo_layout *out, int *exact, lo_err *err) {
  return cute_left_inverse(l, out, exact, 1, err);
}

/* True when err holds one of CuTe's compile-time refusals. */
int lo_cute_refused(const lo_err *err) {
  return err->code == LO_EUNDEF && memcmp(err->msg, "CuTe refuses: ", 14) == 0;
}
