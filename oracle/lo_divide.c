/*
** lo_divide.c -- logical division and product, CuTe's and the paper's,
** with their zipped, tiled and flat forms (Defs 2.3.8.1, 2.3.9.1,
** 2.1.7.9, 2.1.7.13).
*/
#include "lo_internal.h"

#include <string.h>

/* shape(coalesce(A)), the cotarget of logical_divide, into *ct.  Where
** A's last flat mode has a shape other than 1, coalesce(A) has the modes
** of coalesce_x(A) (both merge the same neighbours, s d = d', one from the
** front, one from the back; they differ only on a trailing size-1 mode):
** those are written to am[0..*na) for the composition to reuse.  Else
** *na = 0 and lo_coalesce gives the shape. */
static int divide_cotarget(const lo_layout *a, lo_tuple *ct, lo_mode *am, int *na, lo_err *err) {
  lo_layout ca;
  int n = a->shape.len;
  *na = 0;
#ifdef LO_MUTANT_DIVIDE_COSIZE /* planted bug for `make mutants`: against cosize(A) */
  lo_int c;
  (void)am;
  (void)n;
  (void)ca;
  if (lo_cosize(a, &c, err)) return err->code;
  lo_tuple_int(ct, c);
  return LO_OK;
#else
  if (n == 0 || a->shape.leaf[n - 1] == 1) {
    if (lo_coalesce(a, &ca, err)) return err->code;
    lo_tuple_copy(ct, &ca.shape);
    return LO_OK;
  }
  lo_int size; /* lo_coalesce's own check first: merged shapes then fit */
  if (lo_size(a, &size, err) || lo_cute_coalesce_x_modes(a, am, na, err)) return err->code;
  if (*na == 1) {
    lo_tuple_int(ct, am[0].s);
    return LO_OK;
  }
  ct->len = *na;
  ct->ntok = *na + 2;
  ct->tok[0] = '(';
  for (int i = 0; i < *na; i++) {
    ct->leaf[i] = am[i].s;
    ct->tok[i + 1] = '*';
  }
  ct->tok[*na + 1] = ')';
  return LO_OK;
#endif
}

/* CuTe's logical_divide of A by a layout B:
** A o (B, complement(B, shape(coalesce(A)))), each step checked. */
static int divide_one(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err) {
  lo_layout bc, bb;
  lo_tuple ct;
  lo_mode am[LO_MAX_LEAVES];
  int na;
  if (divide_cotarget(a, &ct, am, &na, err) || lo_complement_to(b, &ct, &bc, err) ||
      lo_layout_pair(b, &bc, &bb, err))
    return err->code;
  if (lo_composition_coalesced(a, na ? am : NULL, na, &bb, out, err) == LO_OK) return LO_OK;
  char m[sizeof err->msg];
  memcpy(m, err->msg, sizeof m);
  return lo_fail(err, err->code, "logical_divide: A o (B, complement(B, shape(coalesce A))): %s",
                 m);
}

/* The complement step of logical_product where lo_complement refuses
** CuTe's answer C = complement(A, n) with n = size(A) cosize(B): C is kept
** when C', C with its last mode stretched to reach cosize(B) (the same
** function: composition runs C's last mode on past its size, as B does
** when cosize(B) > size(C)), meets complement's contract against n.  So
** complement((4,6):(1,6), 72) = 2:36, below CuTe's own bound 72 / 24 = 3,
** serves logical_product((4,6):(1,6), 3:1) = ((4,6),3):((1,6),36) through
** C' = 3:36.  Returns LO_OK with C in *out, or the code of why_not with
** its message (lo_complement's verdict, the one that stands). */
static int product_complement(const lo_layout *a, lo_int n, lo_int cb, lo_layout *out,
                              const lo_err *why_not, lo_err *err) {
  lo_cute_comp c;
  lo_tuple ct;
  lo_err e;
  lo_int sc = 1;
  lo_tuple_int(&ct, n);
  if (a->shape.len == 0 || lo_cute_complement_modes(a, &ct, &c, &e) || c.nr == 0) goto refuse;
  lo_mode r[LO_MAX_LEAVES];
  for (int i = 0; i < c.nr; i++) {
    r[i] = c.r[i];
    if (lo_mul(sc, r[i].s, &sc, "size", &e)) goto refuse;
  }
  lo_int rest = sc / r[c.nr - 1].s;
  if (sc >= cb || r[c.nr - 1].d == 0) goto refuse;
  r[c.nr - 1].s = lo_ceil_div(cb, rest);
  if (lo_check_complement_modes(c.f, c.nf, c.cotarget, r, c.nr, &e)) goto refuse;
  lo_layout_from_modes(out, c.r, c.nr);
  return LO_OK;
refuse:
  *err = *why_not;
  return err->code;
}

/* CuTe's logical_product of A and a layout B:
** (A, complement(A, size(A) cosize(B)) o B). */
static int product_one(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err) {
  lo_int sa, cb, n;
  lo_layout ac, r;
  if (lo_size(a, &sa, err) || lo_cosize(b, &cb, err) ||
      lo_mul(sa, cb, &n, "size(A)*cosize(B)", err))
    return err->code;
  if (lo_complement(a, n, &ac, err)) {
    lo_err why = *err;
    if (why.code != LO_EUNDEF || product_complement(a, n, cb, &ac, &why, err)) return err->code;
  }
  if (lo_composition(&ac, b, &r, err)) return err->code;
  return lo_layout_pair(a, &r, out, err);
}

/* Apply fn to A and B, or mode by mode when B is a tiler (modes of A past
** the tiler are kept). */
static int by_mode(lo_pair_fn fn, const lo_layout *a, const lo_layout *b, lo_layout *out,
                   lo_err *err) {
  if (a->is_tiler) return lo_fail(err, LO_EUNDEF, "the first argument is a tiler");
  if (!b->is_tiler) return fn(a, b, out, err);
  int kb = lo_tuple_rank(&b->shape), ra = lo_tuple_rank(&a->shape);
  if (kb > ra) return lo_fail(err, LO_EUNDEF, "tiler has %d modes but A has rank %d", kb, ra);
  return lo_tiler_map(fn, a, b, LO_TILER_KEEP, out, err);
}

/* CuTe's logical_divide where it meets its contract (see lo.h). */
int lo_logical_divide(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err) {
  return by_mode(divide_one, a, b, out, err);
}

/* CuTe's logical_product where it meets its contract (see lo.h). */
int lo_logical_product(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err) {
  return by_mode(product_one, a, b, out, err);
}

/* fn(A, B) by mode, regrouped as CuTe C++ groups it (tiled: the rest
** modes spliced in when there are two or more). */
static int regroup(lo_pair_fn fn, const lo_layout *a, const lo_layout *b, int tiled, lo_layout *out,
                   lo_err *err) {
  lo_layout r;
  if (by_mode(fn, a, b, &r, err)) return err->code;
  return lo_cute_regroup(&r, b, tiled, out, err);
}

/* logical_divide regrouped as ((tiles), (rests)). */
int lo_zipped_divide(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err) {
  return regroup(divide_one, a, b, 0, out, err);
}
/* logical_divide regrouped as ((tiles), rests...). */
int lo_tiled_divide(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err) {
  return regroup(divide_one, a, b, 1, out, err);
}
/* logical_product regrouped as ((A modes), (products)). */
int lo_zipped_product(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err) {
  return regroup(product_one, a, b, 0, out, err);
}
/* logical_product regrouped as ((A modes), products...). */
int lo_tiled_product(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err) {
  return regroup(product_one, a, b, 1, out, err);
}

/* ------------------------------------------------------ the paper's forms */

/* Check that a and b are plain layouts, for the paper's operations. */
static int plain(const lo_layout *a, const lo_layout *b, lo_err *err) {
  if (a->is_tiler || b->is_tiler)
    return lo_fail(err, LO_EUNDEF, "the paper's division and product take layouts, not tilers");
  return LO_OK;
}

/* N for the paper's product: size(A) cosize(B), rounded up to a multiple
** of A's largest extent (Obs 2.3.9.2) so that comp(A, N) exists. */
static int product_target(const lo_layout *a, const lo_layout *b, lo_int *n, lo_err *err) {
  lo_int sa, cb, ext = 1;
  if (lo_size(a, &sa, err) || lo_cosize(b, &cb, err) || lo_mul(sa, cb, n, "size(A)*cosize(B)", err))
    return err->code;
  if (!lo_is_complementable(a))
    return lo_fail(err, LO_EUNDEF, "no logical product: A is not complementable");
  for (int i = 0; i < a->shape.len; i++) {
    lo_int e;
    if (a->shape.leaf[i] == 1) continue;
    if (lo_mul(a->shape.leaf[i], a->stride[i], &e, "extent", err)) return err->code;
    if (e > ext) ext = e;
  }
  lo_int q = lo_ceil_div(*n, ext);
  return lo_mul(q, ext, n, "complement target", err);
}

/* A (/) B = (B o A-side...) in the paper: (A o B, A o comp(B, size A)). */
int lo_paper_logical_divide(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err) {
  lo_int n;
  lo_layout bc, x, y;
  if (plain(a, b, err) || lo_size(a, &n, err) || lo_paper_complement(b, n, &bc, err) ||
      lo_paper_composition(a, b, &x, err) || lo_paper_composition(a, &bc, &y, err))
    return err->code;
  return lo_layout_pair(&x, &y, out, err);
}

/* A (x) B = (A, comp(A, N) o B) with N as in product_target. */
int lo_paper_logical_product(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err) {
  lo_int n;
  lo_layout ac, y;
  if (plain(a, b, err) || product_target(a, b, &n, err) || lo_paper_complement(a, n, &ac, err) ||
      lo_paper_composition(&ac, b, &y, err))
    return err->code;
  return lo_layout_pair(a, &y, out, err);
}

/* A (/)flat B = flatten(A o (B * comp-flat(B, size A))). */
int lo_flat_divide(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err) {
  lo_int n;
  lo_layout bc, bb, c;
  if (plain(a, b, err) || lo_size(a, &n, err) || lo_flat_complement(b, n, &bc, err) ||
      lo_flat_concat(b, &bc, &bb, err) || lo_paper_composition(a, &bb, &c, err))
    return err->code;
  lo_layout_flatten(&c, out);
  return LO_OK;
}

/* A (x)flat B = A * flatten(comp-flat(A, N) o B). */
int lo_flat_product(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err) {
  lo_int n;
  lo_layout ac, c, fa;
  if (plain(a, b, err) || product_target(a, b, &n, err) || lo_flat_complement(a, n, &ac, err) ||
      lo_paper_composition(&ac, b, &c, err))
    return err->code;
  lo_layout_flatten(a, &fa);
  lo_layout_flatten(&c, &c);
  return lo_flat_concat(&fa, &c, out, err);
}
