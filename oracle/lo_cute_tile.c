/*
** lo_cute_tile.c -- CuTe C++'s tiling ops on static layouts, built from
** the ones in lo_cute.c as cute/layout.hpp builds them: logical_divide and
** logical_product (by layout and by tiler), their zipped, tiled and flat
** regroupings, blocked_product and raked_product, max_common_layout,
** max_common_vector and nullspace.
*/
#include "lo_internal.h"

#include <string.h>

/* logical_divide(A, B) for a layout B:
** A o (B, complement(B, shape(coalesce(A)))).  Where A's last flat mode
** has a shape other than 1, coalesce(A) and the composition's
** coalesce_x(A) are the same backward coalesce of the same modes, so it
** is taken once and its modes handed to the composition. */
static int divide_layout(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err) {
  lo_layout ca, c, bb;
  lo_mode am[LO_MAX_LEAVES];
  int na = a->shape.len, exact;
  if (na == 0 || a->shape.leaf[na - 1] == 1) {
    if (lo_cute_coalesce(a, NULL, &ca, err) || lo_cute_complement(b, &ca.shape, &c, err) ||
        lo_layout_pair(b, &c, &bb, err))
      return err->code;
    return lo_cute_composition(a, &bb, out, err);
  }
  if (lo_cute_coalesce_x_modes(a, am, &na, err)) return err->code;
  lo_layout_from_modes(&ca, am, na);
  if (lo_cute_complement(b, &ca.shape, &c, err) || lo_layout_pair(b, &c, &bb, err))
    return err->code;
  return lo_cute_compose_modes(am, na, &bb, out, &exact, err);
}

/* logical_product(A, B) for a layout B:
** (A, complement(A, size(A) cosize(B)) o B). */
static int product_layout(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err) {
  lo_int sa, cb, n;
  lo_layout c, r;
  lo_tuple nt;
  if (lo_size(a, &sa, err) || lo_cosize(b, &cb, err) ||
      lo_mul(sa, cb, &n, "size(A)*cosize(B)", err))
    return err->code;
  lo_tuple_int(&nt, n);
  if (lo_cute_complement(a, &nt, &c, err) || lo_cute_composition(&c, b, &r, err)) return err->code;
  return lo_layout_pair(a, &r, out, err);
}

/* fn(A, B) for a layout B, or mode by mode for a tiler B (transform_layout:
** A's modes past the tiler are kept as they are). */
int lo_cute_by_tiler(lo_pair_fn fn, const char *op, const lo_layout *a, const lo_layout *b,
                     lo_layout *out, lo_err *err) {
  if (a->is_tiler) return lo_fail(err, LO_EUNDEF, "%s: the first argument is a tiler", op);
  if (!b->is_tiler) return fn(a, b, out, err);
  int k = lo_tuple_rank(&b->shape), ra = lo_tuple_rank(&a->shape);
  if (k > ra)
    return lo_fail(err, LO_EUNDEF, "CuTe refuses: %s: Too many modes in tiler (%d for rank %d)", op,
                   k, ra);
  return lo_tiler_map(fn, a, b, LO_TILER_KEEP | LO_TILER_CUTE, out, err);
}

/* CuTe C++ logical_divide(A, B) as it computes (see lo.h). */
int lo_cute_logical_divide(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err) {
  return lo_cute_by_tiler(divide_layout, "logical_divide", a, b, out, err);
}

/* CuTe C++ logical_product(A, B) as it computes (see lo.h). */
int lo_cute_logical_product(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err) {
  return lo_cute_by_tiler(product_layout, "logical_product", a, b, out, err);
}

/* zip2_by(T, G) on shape and stride, guided by g (a tiler) or, when g is
** NULL, by a guide that is no tuple (a layout, an integer, '_'): T must
** then be a tuple of rank 2, (X0, X1); for a tiler g of k entries T is a
** tuple of rank >= k, and X0 = (T1's X0, ..., Tk's X0), X1 = (T1's X1, ...,
** Tk's X1, T's modes past k), each Ti zipped by entry i.  x0 and x1 are
** the two parts; at says which mode T is, for the message. */
static int zip2_by(const lo_layout *t, const lo_layout *g, int at, lo_layout *x0, lo_layout *x1,
                   lo_err *err) {
  int rt = lo_tuple_rank(&t->shape);
  if (!g) {
    if (rt != 2 || !lo_cute_is_tuple(t))
      return lo_fail(err, LO_EUNDEF,
                     "CuTe refuses: zip2_by: Mismatched ranks (mode %d is not "
                     "of rank 2)",
                     at);
    return lo_layout_mode(t, 1, x0, err) || lo_layout_mode(t, 2, x1, err) ? err->code : LO_OK;
  }
  int k = lo_tuple_rank(&g->shape);
  if (!lo_cute_is_tuple(t) || rt < k)
    return lo_fail(err, LO_EUNDEF,
                   "CuTe refuses: zip2_by: Mismatched ranks (mode %d has rank %d, its tiler %d "
                   "entries)",
                   at, rt, k);
  lo_layout b0, b1;
  lo_cute_begin(&b0);
  lo_cute_begin(&b1);
  if (lo_cute_tok(&b0, '(', err) || lo_cute_tok(&b1, '(', err)) return err->code;
  for (int i = 1; i <= k; i++) {
    lo_layout ti, gi, y0, y1;
    lo_entry_kind kind;
    if (lo_layout_mode(t, i, &ti, err) || lo_tiler_entry(g, i, &gi, &kind, err) ||
        zip2_by(&ti, kind == LO_ENTRY_TILER ? &gi : NULL, i, &y0, &y1, err) ||
        lo_cute_put(&b0, &y0, err) || lo_cute_put(&b1, &y1, err))
      return err->code;
  }
  for (int i = k; i < rt; i++)
    if (lo_cute_put_mode(&b1, t, i, err)) return err->code;
  if (lo_cute_tok(&b0, ')', err) || lo_cute_tok(&b1, ')', err)) return err->code;
  lo_layout_copy(x0, &b0);
  lo_layout_copy(x1, &b1);
  return LO_OK;
}

/* tile_unzip(R, B): for a layout B, R as it is (a logical divide or
** product by a layout has rank 2); for a tiler, zip2_by(R, B) as the
** rank-2 layout (X0, X1). */
static int tile_unzip(const lo_layout *r, const lo_layout *b, lo_layout *out, lo_err *err) {
  if (!b->is_tiler) {
    lo_layout_copy(out, r);
    return LO_OK;
  }
  lo_layout x0, x1, res;
  if (zip2_by(r, b, 0, &x0, &x1, err)) return err->code;
  lo_cute_begin(&res);
  if (lo_cute_tok(&res, '(', err) || lo_cute_put(&res, &x0, err) || lo_cute_put(&res, &x1, err) ||
      lo_cute_tok(&res, ')', err))
    return err->code;
  lo_layout_copy(out, &res);
  return LO_OK;
}

/* Append mode x to b, spliced into its modes when x is a tuple of rank 2
** or more (slicing with repeat<R>(_) for R = rank(x)). */
static int put_spliced(lo_layout *b, const lo_layout *x, lo_err *err) {
  int r = lo_tuple_rank(&x->shape);
  if (r < 2) return lo_cute_put(b, x, err);
  for (int i = 0; i < r; i++)
    if (lo_cute_put_mode(b, x, i, err)) return err->code;
  return LO_OK;
}

/* The slice of a rank-2 layout z by (first ? repeat<R0>(_) : _,
** repeat<R1>(_)): the modes of z's second mode (and, when first, of its
** first mode) spliced into the top level. */
static int unpack(const lo_layout *z, int first, lo_layout *out, lo_err *err) {
  lo_layout z0, z1, b;
  if (lo_layout_mode(z, 1, &z0, err) || lo_layout_mode(z, 2, &z1, err)) return err->code;
  lo_cute_begin(&b);
  if (lo_cute_tok(&b, '(', err)) return err->code;
  if (first ? put_spliced(&b, &z0, err) : lo_cute_put(&b, &z0, err)) return err->code;
  if (put_spliced(&b, &z1, err) || lo_cute_tok(&b, ')', err)) return err->code;
  lo_layout_copy(out, &b);
  return LO_OK;
}

/* Regroup a logical divide or product r of A by B (lo_internal.h). */
int lo_cute_regroup(const lo_layout *r, const lo_layout *b, int how, lo_layout *out, lo_err *err) {
  lo_layout z;
  if (tile_unzip(r, b, &z, err)) return err->code;
  if (how == 0) {
    lo_layout_copy(out, &z);
    return LO_OK;
  }
  return unpack(&z, how == 2, out, err);
}

/* op(A, B) regrouped: 0 zipped, 1 tiled, 2 flat. */
static int regrouped(int divide, int how, const lo_layout *a, const lo_layout *b, lo_layout *out,
                     lo_err *err) {
  lo_layout r;
  if (divide ? lo_cute_logical_divide(a, b, &r, err) : lo_cute_logical_product(a, b, &r, err))
    return err->code;
  return lo_cute_regroup(&r, b, how, out, err);
}

int lo_cute_zipped_divide(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err) {
  return regrouped(1, 0, a, b, out, err);
}
/* CuTe C++ tiled_divide(A, B): ((tiles), rests...). */
int lo_cute_tiled_divide(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err) {
  return regrouped(1, 1, a, b, out, err);
}
/* CuTe C++ flat_divide(A, B): tiles and rests both unpacked. */
int lo_cute_flat_divide(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err) {
  return regrouped(1, 2, a, b, out, err);
}
/* CuTe C++ zipped_product(A, B): ((A modes), (products)). */
int lo_cute_zipped_product(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err) {
  return regrouped(0, 0, a, b, out, err);
}
/* CuTe C++ tiled_product(A, B): ((A modes), products...). */
int lo_cute_tiled_product(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err) {
  return regrouped(0, 1, a, b, out, err);
}
/* CuTe C++ flat_product(A, B): both modes unpacked. */
int lo_cute_flat_product(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err) {
  return regrouped(0, 2, a, b, out, err);
}

/* append<R>(L): L padded with 1:0 modes to rank r (an integer layout of
** rank 1 becomes a tuple when r > 1). */
static int pad_rank(const lo_layout *l, int r, lo_layout *out, lo_err *err) {
  int rl = lo_tuple_rank(&l->shape);
  if (rl >= r) {
    lo_layout_copy(out, l);
    return LO_OK;
  }
  lo_layout b;
  lo_cute_begin(&b);
  if (lo_cute_tok(&b, '(', err)) return err->code;
  for (int i = 0; i < rl; i++)
    if (lo_cute_put_mode(&b, l, i, err)) return err->code;
  for (int i = rl; i < r; i++)
    if (lo_cute_leaf(&b, 1, 0, err)) return err->code;
  if (lo_cute_tok(&b, ')', err)) return err->code;
  lo_layout_copy(out, &b);
  return LO_OK;
}

/* zip(X, Y) of two layouts: for a tuple X, ((X0,Y0),(X1,Y1),...) with Y a
** tuple of the same rank; for an integer X, ((X,Y)). */
static int zip2(const lo_layout *x, const lo_layout *y, lo_layout *out, lo_err *err) {
  lo_layout b;
  lo_cute_begin(&b);
  if (lo_cute_tok(&b, '(', err)) return err->code;
  if (!lo_cute_is_tuple(x)) {
    if (lo_cute_tok(&b, '(', err) || lo_cute_put(&b, x, err) || lo_cute_put(&b, y, err) ||
        lo_cute_tok(&b, ')', err))
      return err->code;
  } else {
    int r = lo_tuple_rank(&x->shape);
    if (!lo_cute_is_tuple(y) || lo_tuple_rank(&y->shape) != r)
      return lo_fail(err, LO_EUNDEF, "CuTe refuses: zip: Mismatched Ranks (%d modes against %s)", r,
                     lo_cute_is_tuple(y) ? "a tuple of another rank" : "an integer");
    for (int i = 0; i < r; i++)
      if (lo_cute_tok(&b, '(', err) || lo_cute_put_mode(&b, x, i, err) ||
          lo_cute_put_mode(&b, y, i, err) || lo_cute_tok(&b, ')', err))
        return err->code;
  }
  if (lo_cute_tok(&b, ')', err)) return err->code;
  lo_layout_copy(out, &b);
  return LO_OK;
}

/* blocked_product (raked when raked): product (a logical_product of two
** layouts) of A and B padded to the larger rank, its two modes zipped
** (block first, or tile first); see lo_internal.h. */
int lo_cute_rank_product(lo_pair_fn product, int raked, const lo_layout *a, const lo_layout *b,
                         lo_layout *out, lo_err *err) {
  if (a->is_tiler || b->is_tiler)
    return lo_fail(err, LO_EUNDEF, "%s_product takes layouts, not tilers",
                   raked ? "raked" : "blocked");
  int ra = lo_tuple_rank(&a->shape), rb = lo_tuple_rank(&b->shape), r = ra > rb ? ra : rb;
  lo_layout pa, pb, p, p0, p1;
  if (pad_rank(a, r, &pa, err) || pad_rank(b, r, &pb, err) || product(&pa, &pb, &p, err) ||
      lo_layout_mode(&p, 1, &p0, err) || lo_layout_mode(&p, 2, &p1, err))
    return err->code;
  return raked ? zip2(&p1, &p0, out, err) : zip2(&p0, &p1, out, err);
}

/* CuTe C++ blocked_product(A, B) as it computes. */
int lo_cute_blocked_product(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err) {
  return lo_cute_rank_product(product_layout, 0, a, b, out, err);
}
/* CuTe C++ raked_product(A, B) as it computes. */
int lo_cute_raked_product(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err) {
  return lo_cute_rank_product(product_layout, 1, a, b, out, err);
}

/* The common layout of max_common_layout and max_common_vector:
** coalesce(A o right_inverse(B)), with right_inverse(B) in *inv. */
static int common_of(const lo_layout *a, const lo_layout *b, lo_layout *inv, lo_layout *common,
                     lo_err *err) {
  lo_layout c;
  if (a->is_tiler || b->is_tiler)
    return lo_fail(err, LO_EUNDEF, "max_common_layout takes layouts, not tilers");
  if (lo_cute_right_inverse(b, inv, err) || lo_cute_composition(a, inv, &c, err) ||
      lo_cute_coalesce(&c, NULL, common, err))
    return err->code;
  return LO_OK;
}

/* max_common_layout(A, B): B's right inverse composed with the first mode
** of the common layout when that mode has stride 1; else 1:0. */
int lo_cute_max_common_layout(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err) {
  lo_layout inv, common, c0;
  if (common_of(a, b, &inv, &common, err) || lo_layout_mode(&common, 1, &c0, err)) return err->code;
  if (c0.stride[0] != 1) {
    lo_layout_scalar(out, 1, 0);
    return LO_OK;
  }
  return lo_cute_composition(&inv, &c0, out, err);
}

/* max_common_vector(A, B): the shape of the common layout's first mode
** when it has stride 1; else 1. */
int lo_cute_max_common_vector(const lo_layout *a, const lo_layout *b, lo_int *out, lo_err *err) {
  lo_layout inv, common, c0;
  if (common_of(a, b, &inv, &common, err) || lo_layout_mode(&common, 1, &c0, err)) return err->code;
  *out = c0.stride[0] == 1 ? c0.shape.leaf[0] : 1;
  return LO_OK;
}

/* nullspace(L): the flat entries of stride 0 with L's compact
** column-major strides (0 for size 1), unwrapped; 1:0 when there are
** none. */
int lo_cute_nullspace(const lo_layout *l, lo_layout *out, lo_err *err) {
  lo_mode m[LO_MAX_LEAVES], r[LO_MAX_LEAVES];
  int n = lo_modes_of(l, m), nr = 0;
  lo_int w = 1;
  if (l->is_tiler) return lo_fail(err, LO_EUNDEF, "nullspace takes a layout, not a tiler");
  for (int i = 0; i < n; i++) {
    if (m[i].d == 0) {
      r[nr].s = m[i].s;
      r[nr].d = m[i].s == 1 ? 0 : w;
      nr++;
    }
    if (lo_mul(w, m[i].s, &w, "nullspace stride", err)) return err->code;
  }
  lo_layout_from_modes(out, r, nr);
  return LO_OK;
}
