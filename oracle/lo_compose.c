/*
** lo_compose.c -- composition of layouts: CuTe's mode-by-mode algorithm
** (with its divisibility conditions and a guarantee that the answer is
** A o B), the paper's semantic composite (Def 2.3.7.1, computed directly) and the
** flat composite (Def 2.1.7.1).
*/
#include "lo_internal.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The outer layout as CuTe composes with it: its flattened modes
** coalesced, except that the last mode keeps running past the extent (a
** trailing size-1 mode is kept unless it merges), so that B may reach past
** size(A) with the same meaning as lo_apply. */
static int outer_modes(const lo_layout *a, lo_mode *m) {
  int n = lo_modes_of(a, m);
  if (n == 0) {
    m[0].s = 1;
    m[0].d = 0;
    return 1;
  }
  lo_mode last = m[n - 1];
  int k = lo_modes_coalesce(m, n - 1);
  lo_int p;
  if (k > 0 && !__builtin_mul_overflow(m[k - 1].s, m[k - 1].d, &p) && p == last.d &&
      !__builtin_mul_overflow(m[k - 1].s, last.s, &p)) {
    m[k - 1].s = p;
    return k;
  }
  m[k++] = last;
  return k;
}

/* Compose the outer modes a[0..na) with one mode s:d of B (CuTe's
** algorithm): walk A's modes, dividing out B's stride, then its shape.
** Writes the coalesced result modes into r. */
static int compose_mode(const lo_mode *a, int na, lo_int s, lo_int d, lo_mode *r, int *nr,
                        lo_err *err) {
  *nr = 0;
  if (s == 1 || d == 0) {
    r[0].s = s;
    r[0].d = 0;
    *nr = s == 1 ? 0 : 1;
    return LO_OK;
  }
  lo_int rest_s = s, rest_d = d;
  for (int j = 0; j + 1 < na && rest_s > 1; j++) {
    lo_int as = a[j].s;
    if (as % rest_d != 0 && rest_d % as != 0)
      return lo_fail(err, LO_EUNDEF,
                     "composition: stride %lld of B and shape %lld of coalesce(A) divide "
                     "neither way (CuTe's stride divisibility condition)",
                     (long long)rest_d, (long long)as);
    lo_int take = as / rest_d;
    if (take < 1) take = 1;
    if (take > rest_s) take = rest_s;
    if (take != 1) {
      if (rest_s % take != 0)
        return lo_fail(err, LO_EUNDEF,
                       "composition: shape %lld of B is not a multiple of %lld, the part of "
                       "coalesce(A)'s mode %lld it covers (CuTe's shape divisibility condition)",
                       (long long)s, (long long)take, (long long)as);
      if (*nr >= LO_MAX_LEAVES) return lo_fail(err, LO_ELIMIT, "too many modes");
      r[*nr].s = take;
      if (lo_mul(rest_d, a[j].d, &r[*nr].d, "composition stride", err)) return err->code;
      (*nr)++;
    }
    rest_s /= take;
#ifdef LO_MUTANT_COMPOSE_REST_FLOOR /* planted bug for `make mutants`: rounds down */
    rest_d = rest_d / as;
#else
    rest_d = lo_ceil_div(rest_d, as);
#endif
  }
  if (rest_s != 1 || *nr == 0) {
    if (*nr >= LO_MAX_LEAVES) return lo_fail(err, LO_ELIMIT, "too many modes");
    r[*nr].s = rest_s;
    if (lo_mul(rest_d, a[na - 1].d, &r[*nr].d, "composition stride", err)) return err->code;
    if (rest_s == 1) r[*nr].d = 0;
    (*nr)++;
  }
  *nr = lo_modes_coalesce(r, *nr);
  return LO_OK;
}

/* The words of an outer o inner that is not additive over inner's leaves:
** at x, outer(inner(x)) = v where the leaf-by-leaf result gives rx. */
static int not_additive(lo_int x, lo_int v, lo_int rx, lo_err *err) {
  return lo_fail(err, LO_EUNDEF,
                 "composition: B's modes overlap and A(B(x)) is not additive over them "
                 "(x = %lld: A(B(x)) = %lld, the mode-by-mode result gives %lld), so no "
                 "layout equals A o B",
                 (long long)x, (long long)v, (long long)rx);
}

/* Settle av(b(x)) = r(x) on [0, size b) by lo_prove_composition, where
** av(b(x)) is the sum of av at b's leaves except where A's mixed radix
** carries (lo_proof.c).  Where the proof does not say "the same", the
** first LO_PROOF_SCAN points are listed (the first failing point is named,
** an undecided case within them settled); past them the proof's witness
** is named, or the undecided case refused. */
static int additive_decide(const lo_layout *av, const lo_layout *b, const lo_layout *r,
                           lo_err *err) {
  lo_int size, cb, cr, x, bx, abx, rx;
  int verdict;
  if (lo_cosize(b, &cb, err) || lo_size(b, &size, err) || lo_cosize(r, &cr, err)) return err->code;
  verdict = LO_PROOF_UNKNOWN; /* within LO_PROOF_SMALL points: listed */
  if (size > LO_PROOF_SMALL && lo_prove_composition(av, b, r, &verdict, &x, err)) return err->code;
  if (verdict == LO_PROOF_SAME) return LO_OK;
  lo_walk wb, wr;
  lo_walk_init(&wb, b);
  lo_walk_init(&wr, r);
  for (lo_int i = 0; i < size && i < LO_PROOF_SCAN; i++) {
    if (lo_walk_at(&wb, i, &bx, err) || lo_apply(av, bx, &abx, err) || lo_walk_at(&wr, i, &rx, err))
      return err->code;
    if (abx != rx) return not_additive(i, abx, rx, err);
  }
  if (size <= LO_PROOF_SCAN) {
    assert(verdict == LO_PROOF_UNKNOWN);
    return LO_OK;
  }
  if (verdict == LO_PROOF_UNKNOWN)
    return lo_fail(err, LO_ELIMIT,
                   "composition: B's modes overlap, carries at two or more of A's mode "
                   "boundaries may cancel, and size(B) = %lld is past the %lld points listed "
                   "to settle that",
                   (long long)size, (long long)LO_PROOF_SCAN);
  if (lo_apply(b, x, &bx, err) || lo_apply(av, bx, &abx, err) || lo_apply(r, x, &rx, err))
    return err->code;
  return not_additive(x, abx, rx, err);
}

/* True when A o B is additive over B's modes, so that the mode-by-mode
** result is A o B: at once where B's non-trivial modes, sorted by stride,
** each start above the largest value of the ones below, or A is linear
** where B lands; otherwise decided by additive_decide. */
static int mode_sum_is_exact(const lo_mode *a, int na, const lo_layout *b, const lo_layout *r,
                             lo_err *err) {
  if (lo_composition_is_additive(a, na, b)) return LO_OK;
  lo_layout av;
  lo_layout_flat_modes(&av, a, na);
  return additive_decide(&av, b, r, err);
}

/* What composing one leaf needs: the outer layout's modes as CuTe uses
** them, or the outer layout itself. */
typedef struct compose_ctx {
  const lo_mode *am;
  int na;
  const lo_layout *outer;
} compose_ctx;

typedef int (*leaf_fn)(const compose_ctx *cx, lo_int s, lo_int d, lo_mode *r, int *nr, lo_err *err);

/* Compose each leaf s:d of b with leaf_fn (giving coalesced modes) and
** put the results in place of b's leaves: the result's shape refines
** shape(b), one sub-layout (1:0, s:d or a tuple) per leaf. */
static int per_leaf(const lo_layout *b, leaf_fn fn, const compose_ctx *cx, lo_layout *out,
                    lo_err *err) {
  lo_tuple items[LO_MAX_LEAVES];
  lo_int strides[LO_MAX_LEAVES];
  int ns = 0;
  for (int i = 0; i < b->shape.len; i++) {
    lo_mode r[LO_MAX_LEAVES];
    int nr;
    if (fn(cx, b->shape.leaf[i], b->stride[i], r, &nr, err)) return err->code;
    lo_layout part;
    lo_layout_from_modes(&part, r, nr);
    if (ns + part.shape.len > LO_MAX_LEAVES)
      return lo_fail(err, LO_ELIMIT, "too many entries (limit %d)", LO_MAX_LEAVES);
    items[i] = part.shape;
    memcpy(strides + ns, part.stride, (size_t)part.shape.len * sizeof(lo_int));
    ns += part.shape.len;
  }
  if (lo_tuple_substitute(&b->shape, items, &out->shape, err)) return err->code;
  memcpy(out->stride, strides, (size_t)ns * sizeof(lo_int));
  out->is_tiler = 0;
  return LO_OK;
}

/* Compose A with the leaf s:d of B the way CuTe does (a compose_leaf_fn). */
static int cute_leaf(const compose_ctx *cx, lo_int s, lo_int d, lo_mode *r, int *nr, lo_err *err) {
  return compose_mode(cx->am, cx->na, s, d, r, nr, err);
}

/* The mode-by-mode composite of A with a (non-tiler) layout B: A o B
** with size-1 modes at stride 0, or an error; what the plain composition
** answers where CuTe refuses. */
static int compose_layout(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err) {
  lo_mode am[LO_MAX_LEAVES];
  lo_int sa, sb;
  if (lo_size(a, &sa, err) || lo_size(b, &sb, err)) return err->code;
  int na = outer_modes(a, am);
  lo_layout res;
  compose_ctx cx = {am, na, a};
  if (per_leaf(b, cute_leaf, &cx, &res, err)) return err->code;
  if (mode_sum_is_exact(am, na, b, &res, err)) return err->code;
  lo_layout_copy(out, &res);
  return LO_OK;
}

/* ------------------------------------------------- the paper's composite */

/* The words of a leaf along which the outer layout is no layout function. */
static int no_fit(lo_err *err) {
  return lo_fail(err, LO_EUNDEF,
                 "no layout composite: the outer layout is not a layout function along an "
                 "entry of the inner one");
}

/* fit_entry by its points, for what the proof leaves undecided (s within
** LO_PROOF_SCAN). */
static int fit_entry_points(const lo_layout *outer, lo_int s, lo_int d, lo_mode *r, int *nr,
                            lo_err *err) {
  *nr = 0;
  lo_int base = 1, rem = s, v, e;
  while (rem > 1) {
    lo_int k, x;
    if (lo_mul(base, d, &x, "composition", err) || lo_apply(outer, x, &e, err)) return err->code;
    for (k = 2; k < rem; k++) {
      if (lo_mul(base * k, d, &x, "composition", err) || lo_apply(outer, x, &v, err))
        return err->code;
      lo_int ke;
      if (__builtin_mul_overflow(k, e, &ke) || v != ke) break;
    }
    if (rem % k != 0) return no_fit(err);
    if (*nr >= LO_MAX_LEAVES) return lo_fail(err, LO_ELIMIT, "too many modes");
    r[*nr].s = k;
    r[*nr].d = e;
    (*nr)++;
    base *= k;
    rem /= k;
  }
  *nr = lo_modes_coalesce(r, *nr);
  return LO_OK;
}

/* Find the layout (as coalesced modes) whose function on [0, s) is
** g(k) = outer(k*d), or fail: the greedy fit of lo_prove_fit_leaf (first
** modes k:g(1), k where g first leaves the line; by its points within
** LO_PROOF_SMALL of them), a candidate the caller checks as a whole. */
static int fit_entry(const lo_layout *outer, lo_int s, lo_int d, lo_mode *r, int *nr, lo_err *err) {
  int verdict;
  if (s <= LO_PROOF_SMALL) return fit_entry_points(outer, s, d, r, nr, err);
  if (lo_prove_fit_leaf(outer, s, d, r, nr, &verdict, err)) return err->code;
  if (verdict == LO_PROOF_SAME) return LO_OK;
  if (verdict == LO_PROOF_DIFFER) return no_fit(err);
  if (s <= LO_PROOF_SCAN) return fit_entry_points(outer, s, d, r, nr, err);
  return lo_fail(err, LO_ELIMIT,
                 "composition: along an entry %lld:%lld of the inner layout, carries at two or "
                 "more of the outer layout's mode boundaries may cancel, and %lld points are "
                 "past the %lld listed to settle that",
                 (long long)s, (long long)d, (long long)s, (long long)LO_PROOF_SCAN);
}

/* Compose outer with the leaf s:d of inner the paper's way (a
** compose_leaf_fn). */
static int fit_leaf(const compose_ctx *cx, lo_int s, lo_int d, lo_mode *r, int *nr, lo_err *err) {
  return fit_entry(cx->outer, s, d, r, nr, err);
}

/* The words of a paper composite that is not additive over the inner
** layout's entries: at x it is v. */
static int paper_not_additive(lo_int x, lo_int v, lo_err *err) {
  return lo_fail(err, LO_EUNDEF,
                 "no composite: the composed function is not additive over the inner "
                 "layout's entries (at x = %lld it is %lld)",
                 (long long)x, (long long)v);
}

/* Settle outer(inner(x)) = res(x) on [0, si) as additive_decide does, with
** the paper composite's words. */
static int paper_decide(const lo_layout *outer, const lo_layout *inner, const lo_layout *res,
                        lo_int si, lo_err *err) {
  lo_int cr, x, y, oy, rx;
  int verdict;
  if (lo_cosize(res, &cr, err)) return err->code;
  verdict = LO_PROOF_UNKNOWN; /* within LO_PROOF_SMALL points: listed */
  if (si > LO_PROOF_SMALL && lo_prove_composition(outer, inner, res, &verdict, &x, err))
    return err->code;
  if (verdict == LO_PROOF_SAME) return LO_OK;
  lo_walk wi, wr;
  lo_walk_init(&wi, inner);
  lo_walk_init(&wr, res);
  for (lo_int i = 0; i < si && i < LO_PROOF_SCAN; i++) {
    if (lo_walk_at(&wi, i, &y, err) || lo_apply(outer, y, &oy, err) || lo_walk_at(&wr, i, &rx, err))
      return err->code;
    if (oy != rx) return paper_not_additive(i, oy, err);
  }
  if (si <= LO_PROOF_SCAN) {
    assert(verdict == LO_PROOF_UNKNOWN);
    return LO_OK;
  }
  if (verdict == LO_PROOF_UNKNOWN)
    return lo_fail(err, LO_ELIMIT,
                   "paper composition: carries at two or more of the outer layout's mode "
                   "boundaries may cancel, and size %lld is past the %lld points listed to "
                   "settle that",
                   (long long)si, (long long)LO_PROOF_SCAN);
  if (lo_apply(inner, x, &y, err) || lo_apply(outer, y, &oy, err)) return err->code;
  return paper_not_additive(x, oy, err);
}

/* The paper's composite outer o inner (Def 2.3.7.1): defined when the
** image of inner lies in [0, size(outer)) and outer o inner is a layout
** function; the result is coalesced over shape(inner). */
int lo_paper_composition(const lo_layout *outer, const lo_layout *inner, lo_layout *out,
                         lo_err *err) {
  lo_int so, si, ci;
  if (outer->is_tiler || inner->is_tiler)
    return lo_fail(err, LO_EUNDEF, "paper composition takes layouts, not tilers");
  if (lo_size(outer, &so, err) || lo_size(inner, &si, err) || lo_cosize(inner, &ci, err))
    return err->code;
  if (ci > so)
    return lo_fail(err, LO_EUNDEF,
                   "no composite: the inner layout reaches %lld, outside [0, %lld) = [0, size of "
                   "the outer layout)",
                   (long long)(ci - 1), (long long)so);
  lo_layout res;
  compose_ctx cx = {NULL, 0, outer};
  if (per_leaf(inner, fit_leaf, &cx, &res, err)) return err->code;
  if (paper_decide(outer, inner, &res, si, err)) return err->code;
  lo_layout_copy(out, &res);
  return LO_OK;
}

/* The flat composite (Def 2.1.7.1): the paper composite when each of its
** relative modes over shape(inner) is a single mode; then flattened. */
int lo_flat_composition(const lo_layout *outer, const lo_layout *inner, lo_layout *out,
                        lo_err *err) {
  lo_layout c;
  if (lo_paper_composition(outer, inner, &c, err)) return err->code;
  if (c.shape.len != inner->shape.len)
    return lo_fail(err, LO_EUNDEF,
                   "no flat composite: the composite %s nests an entry of the inner layout",
                   "(coalesced over its shape)");
  lo_layout_flatten(&c, out);
  return LO_OK;
}

/* ------------------------------------------------ the plain composition */

/* Where CuTe and the mode-by-mode walk both refuse: fit each entry of B
** (the layout of k -> A(k d) on [0, s), A's last mode running on), then
** check the whole against A(B(x)).  An error when no such layout exists. */
static int fit_composite(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err) {
  lo_layout res;
  compose_ctx cx = {NULL, 0, a};
  if (per_leaf(b, fit_leaf, &cx, &res, err)) return err->code;
  if (lo_check_composition(a, b, &res, err) == LO_OK) {
    lo_layout_copy(out, &res);
    return LO_OK;
  }
  if (err->code != LO_EUNDEF) return err->code;
  char why[sizeof err->msg];
  memcpy(why, err->msg, sizeof why);
  return lo_fail(err, LO_EUNDEF,
                 "composition: CuTe refuses and no layout is A o B: the entry-wise "
                 "fit fails: %s",
                 why);
}

/* The plain composition of A with a layout B: CuTe's answer where it is
** A o B; an error saying why where it is not; where CuTe refuses the
** input, the mode-by-mode composite above, or failing that the fitted
** one (A o B exactly, or an error).  am: A's coalesce_x modes, or NULL. */
int lo_composition_coalesced(const lo_layout *a, const lo_mode *am, int na, const lo_layout *b,
                             lo_layout *out, lo_err *err) {
  lo_layout aside, *r = out == a || out == b ? &aside : out; /* CuTe's answer */
  lo_mode own[LO_MAX_LEAVES];
  lo_err e;
  int exact, rc = LO_OK;
  if (!am) { /* as lo_cute_composition_exact, keeping A's modes */
    if (a->is_tiler)
      rc = lo_fail(&e, LO_EUNDEF, "composition: the first argument is a tiler");
    else
      rc = lo_cute_coalesce_x_modes(a, own, &na, &e);
    am = own;
  }
  if (rc == LO_OK && lo_cute_compose_modes(am, na, b, r, &exact, &e) == LO_OK) {
    if (exact) {
      if (r != out) lo_layout_copy(out, r);
      return LO_OK;
    }
    rc = lo_check_composition_known(a, b, r, lo_composition_digits_fit(am, na, b), err);
    if (rc == LO_EOVERFLOW) {
      char buf[200], why[sizeof err->msg];
      lo_show_layout(r, buf, sizeof buf);
      memcpy(why, err->msg, sizeof why);
      return lo_fail(err, LO_EOVERFLOW, "the result %s is out of range: %s", buf, why);
    }
    return lo_keep_cute_answer(rc, r, "composition", "is not A o B", out, err);
  }
  if (!lo_cute_refused(&e)) {
    *err = e;
    return err->code;
  }
  if (compose_layout(a, b, out, err) == LO_OK) return LO_OK;
  if (err->code != LO_EUNDEF) return err->code;
  return fit_composite(a, b, out, err);
}

/* lo_composition_coalesced with A's modes computed (an lo_pair_fn). */
static int plain_compose(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err) {
  return lo_composition_coalesced(a, NULL, 0, b, out, err);
}

/* composition(A, B) = A o B; B may be a tiler (A's modes past it are
** dropped, as in CuTe C++). */
int lo_composition(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err) {
  if (a->is_tiler) return lo_fail(err, LO_EUNDEF, "composition: the first argument is a tiler");
  if (!b->is_tiler) return plain_compose(a, b, out, err);
  int k = lo_tuple_rank(&b->shape), ra = lo_tuple_rank(&a->shape);
  if (k > ra)
    return lo_fail(err, LO_EUNDEF, "composition: tiler has %d modes but A has rank %d", k, ra);
  return lo_tiler_map(plain_compose, a, b, 0, out, err);
}
