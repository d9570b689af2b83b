/*
** lo_negative.c -- layouts with negative strides (lo.h section 17): CuTe's
** layout function on every integer, its cosize (the span of the image),
** the bounds of the image, and CuTe's composition as cute/layout.hpp
** computes it for strides of either sign (the abs and signum of its
** composition_impl).  Everything here takes any stride; the functions of
** sections 5 to 10 assume non-negative ones (lo_parse_layout refuses the
** others), except those section 17 names as safe.
*/
#include "lo_internal.h"

#include <assert.h>
#include <string.h>

/* The 0-based leaf of the first negative stride of l, or -1. */
int lo_negative_stride_at(const lo_layout *l) {
  for (int i = 0; i < l->shape.len; i++)
    if (l->stride[i] < 0) return i;
  return -1;
}

/* |v| into *out, or LO_EOVERFLOW for INT64_MIN. */
static int abs_checked(lo_int v, lo_int *out, lo_err *err) {
  if (v == INT64_MIN) return lo_fail(err, LO_EOVERFLOW, "overflow: |%lld|", (long long)v);
  *out = v < 0 ? -v : v;
  return LO_OK;
}

/* CuTe's cosize: 1 + sum over the leaves of (s-1)|d| (coshape takes the
** absolute strides), the number of integers from the least value of the
** layout function to the largest; 1 + the largest value when no stride is
** negative (lo_cosize). */
int lo_cute_cosize_span(const lo_layout *l, lo_int *out, lo_err *err) {
  lo_int c = 1, t, d = 0;
  for (int i = 0; i < l->shape.len; i++) {
    assert(l->shape.leaf[i] >= 1);
    if (abs_checked(l->stride[i], &d, err) || lo_mul(l->shape.leaf[i] - 1, d, &t, "cosize", err) ||
        lo_add(c, t, &c, "cosize", err))
      return err->code;
  }
  *out = c;
  return LO_OK;
}

/* The least and the largest value of the layout function on [0, size L):
** the sums of (s-1)d over the negative and over the positive strides. */
int lo_image_bounds(const lo_layout *l, lo_int *lo, lo_int *hi, lo_err *err) {
  lo_int a = 0, b = 0, t;
  for (int i = 0; i < l->shape.len; i++) {
    if (lo_mul(l->shape.leaf[i] - 1, l->stride[i], &t, "image bound", err)) return err->code;
    if (lo_add(t < 0 ? a : b, t, t < 0 ? &a : &b, "image bound", err)) return err->code;
  }
  *lo = a;
  *hi = b;
  return LO_OK;
}

/* CuTe's L(x) at any integer x (Layout::operator() of an integer): x is
** split colexicographically over the flattened shape with C's truncating
** division and remainder, the last leaf taking the quotient, and dotted
** with the strides.  On [0, size L) it is lo_apply. */
int lo_cute_apply_int(const lo_layout *l, lo_int x, lo_int *out, lo_err *err) {
  lo_int r = 0, t;
  int n = l->shape.len;
  if (n == 0) {
    if (x != 0)
      return lo_fail(err, LO_EUNDEF, "apply: index %lld outside the empty layout", (long long)x);
    *out = 0;
    return LO_OK;
  }
  for (int i = 0; i < n; i++) {
    lo_int s = l->shape.leaf[i];
    if (s < 1) return lo_fail(err, LO_EUNDEF, "apply: shape %lld below 1", (long long)s);
    lo_int c = i == n - 1 ? x : x % s;
    x = i == n - 1 ? 0 : x / s;
    if (lo_mul(c, l->stride[i], &t, "apply", err) || lo_add(r, t, &r, "apply", err))
      return err->code;
  }
  *out = r;
  return LO_OK;
}

/* ------------------------------------------------------------ composition */

/* CuTe's ceil_div of two integers, (a + b - 1) / b with C's truncating
** division, whatever the signs; b == 0 is CuTe's compile-time division by
** zero, refused. */
static int cute_ceil_div(lo_int a, lo_int b, lo_int *out, const char *op, lo_err *err) {
  lo_int t;
  if (b == 0) return lo_fail(err, LO_EUNDEF, "CuTe refuses: %s divides by a shape or stride 0", op);
  if (lo_add(a, b, &t, op, err) || lo_add(t, -1, &t, op, err)) return err->code;
  if (t == INT64_MIN && b == -1) return lo_fail(err, LO_EOVERFLOW, "overflow: %s", op);
  *out = t / b;
  return LO_OK;
}

/* a / b and a % b as C (and CuTe's static integers) compute them; b == 0
** refused as CuTe's division by zero. */
static int cute_div(lo_int a, lo_int b, lo_int *q, lo_int *r, const char *op, lo_err *err) {
  if (b == 0) return lo_fail(err, LO_EUNDEF, "CuTe refuses: %s divides by a shape or stride 0", op);
  if (a == INT64_MIN && b == -1) return lo_fail(err, LO_EOVERFLOW, "overflow: %s", op);
  if (q) *q = a / b;
  if (r) *r = a % b;
  return LO_OK;
}

/* composition_impl of the flat modes m[0..n) (n >= 1, coalesce_x'd) with
** one leaf s:d of B, appended to the tree b (CuTe's fold over the modes
** but the last, then the last mode takes the rest).  The shapes may be
** below 1 where they come from CuTe's own complement of a negative
** stride: the arithmetic is CuTe's, a division by 0 its refusal. */
static int compose_leaf(const lo_mode *m, int n, lo_int s, lo_int d, lo_layout *b, lo_err *err) {
  lo_mode res[LO_MAX_LEAVES];
  int nr = 0;
  lo_int t, rem = 0;
  if (d == 0) return lo_cute_leaf(b, s, 0, err); /* a static stride 0 */
  if (n == 1) {                                  /* an integral A */
    if (lo_mul(d, m[0].d, &t, "composition stride", err)) return err->code;
    return lo_cute_leaf(b, s, t, err);
  }
  lo_int rest_s = s, rest_d = d;
  for (int i = 0; i + 1 < n; i++) {
    lo_int cs = m[i].s, ad = 0, next_s, next_d;
    /* rest_stride % curr_shape == 0 or rest_stride < curr_shape (C's %) */
    if (cute_div(rest_d, cs, NULL, &rem, "composition", err)) return err->code;
    if (!(rem == 0 || rest_d < cs))
      return lo_fail(err, LO_EUNDEF,
                     "CuTe refuses: Stride Divisibility Condition (stride %lld of B past "
                     "shape %lld of A)",
                     (long long)rest_d, (long long)cs);
    if (abs_checked(rest_d, &ad, err) || cute_ceil_div(cs, ad, &next_s, "composition", err) ||
        cute_ceil_div(ad, cs, &next_d, "composition", err))
      return err->code;
    if (rest_d < 0) next_d = -next_d; /* times signum(rest_stride) */
    if (next_s != 1 && rest_s != 1) {
      lo_int ns = next_s < rest_s ? next_s : rest_s, q = 0;
      if (cute_div(rest_s, ns, &q, &rem, "composition", err)) return err->code;
      if (rem != 0)
        return lo_fail(err, LO_EUNDEF,
                       "CuTe refuses: Shape Divisibility Condition (shape %lld of B by %lld)",
                       (long long)rest_s, (long long)ns);
      assert(nr < LO_MAX_LEAVES);
      if (lo_mul(rest_d, m[i].d, &res[nr].d, "composition stride", err)) return err->code;
      res[nr++].s = ns;
      rest_s = q;
    }
    rest_d = next_d;
  }
  if (lo_mul(rest_d, m[n - 1].d, &t, "composition stride", err)) return err->code;
  if (nr == 0) return lo_cute_leaf(b, rest_s, t, err);
  if (rest_s != 1) {
    if (nr >= LO_MAX_LEAVES) return lo_fail(err, LO_ELIMIT, "composition: too many modes");
    res[nr].s = rest_s;
    res[nr++].d = t;
  }
  if (nr == 1) return lo_cute_leaf(b, res[0].s, res[0].d, err);
  if (lo_cute_tok(b, '(', err)) return err->code;
  for (int k = 0; k < nr; k++)
    if (lo_cute_leaf(b, res[k].s, res[k].d, err)) return err->code;
  return lo_cute_tok(b, ')', err);
}

/* composition(A, B) for a layout B: B's tree kept, each leaf composed. */
static int compose_layout(const lo_layout *a, const lo_layout *bl, lo_layout *out, lo_err *err) {
  lo_mode m[LO_MAX_LEAVES];
  int n, leaf = 0;
  lo_layout b;
  if (a->is_tiler) return lo_fail(err, LO_EUNDEF, "composition: the first argument is a tiler");
  if (lo_cute_coalesce_x_modes(a, m, &n, err)) return err->code;
  lo_cute_begin(&b);
  for (int k = 0; k < bl->shape.ntok; k++) {
    char c = bl->shape.tok[k];
    if (c == '*') {
      if (compose_leaf(m, n, bl->shape.leaf[leaf], bl->stride[leaf], &b, err)) return err->code;
      leaf++;
    } else if (lo_cute_tok(&b, c, err)) {
      return err->code;
    }
  }
  lo_layout_copy(out, &b);
  return LO_OK;
}

/* CuTe's composition(A, B) with strides of either sign; B a layout or a
** tiler (mapped over A's modes, A's modes past it dropped). */
int lo_cute_composition_signed(const lo_layout *a, const lo_layout *b, lo_layout *out,
                               lo_err *err) {
  return lo_cute_compose_with(compose_layout, a, b, out, err);
}

/* ------------------------------------------------------------- complement */

/* CuTe's complement(L, cotarget) with strides of either sign (cotarget
** NULL: CuTe's cosize of filter(L), the span).  Where filter(L) keeps no
** negative stride it is lo_cute_complement of filter(L); otherwise
** detail::complement's fold with C's arithmetic: the smallest stride
** (signed, the first of equals) divided by the last result stride (0 is
** CuTe's "Non-injective" refusal), then the rest ceil_div(cotarget,
** extent) (a tuple cotarget divided mode by mode and multiplied out, as
** CuTe's coalesce of a static shape does) at stride 0 when it is 1, and a
** coalesce.  CuTe's answer may have shapes below 1 there; it is returned
** as CuTe prints it. */
int lo_cute_complement_signed(const lo_layout *l, const lo_tuple *cotarget, lo_layout *out,
                              lo_err *err) {
  lo_layout f;
  lo_mode m[LO_MAX_LEAVES], r[LO_MAX_LEAVES + 2];
  lo_int last = 1, rest = 1, e, q = 0;
  int n, nr = 0;
  if (l->is_tiler) return lo_fail(err, LO_EUNDEF, "complement takes a layout, not a tiler");
  if (lo_cute_filter(l, &f, err)) return err->code;
  if (lo_negative_stride_at(&f) < 0) return lo_cute_complement(&f, cotarget, out, err);
  for (int i = 0; cotarget && i < cotarget->len; i++)
    if (cotarget->leaf[i] < 1)
      return lo_fail(err, LO_EUNDEF, "complement: the cotarget must be positive");
  n = lo_modes_of(&f, m);
  lo_modes_sort_by_stride(m, n); /* CuTe picks the first smallest stride each time */
  for (int i = 0; i < n; i++) {
    if (cute_div(m[i].d, last, &q, NULL, "complement", err)) return err->code;
    if (q == 0)
      return lo_fail(err, LO_EUNDEF,
                     "CuTe refuses: Non-injective Layout detected in complement (stride %lld "
                     "divided by %lld)",
                     (long long)m[i].d, (long long)last);
    r[nr].s = q;
    r[nr++].d = last;
    if (lo_mul(m[i].d, m[i].s, &last, "complement stride", err)) return err->code;
  }
  if (!cotarget) {
    if (lo_cute_cosize_span(&f, &e, err) || cute_ceil_div(e, last, &rest, "complement", err))
      return err->code;
  } else {
    lo_int by = last;
    for (int i = 0; i < cotarget->len; i++) {
      lo_int qi;
      if (cute_ceil_div(cotarget->leaf[i], by, &qi, "complement", err) ||
          lo_mul(rest, qi, &rest, "complement rest shape", err))
        return err->code;
      if (i + 1 < cotarget->len && cute_ceil_div(by, cotarget->leaf[i], &by, "complement", err))
        return err->code;
    }
  }
  r[nr].s = rest;
  r[nr++].d = rest == 1 ? 0 : last;
  lo_layout flat;
  lo_layout_flat_modes(&flat, r, nr);
  return lo_cute_coalesce(&flat, NULL, out, err);
}

/* ----------------------------------------------------------------- inverses */

/* CuTe's left_inverse(L) with strides of either sign: over coalesce(L)'s
** modes in stride order (signed), stride 0 skipped, each stride must be a
** multiple of the size so far (C's %: "Left inverse divisibility
** condition"), giving shape stride / size (C's /) at the prefix product of
** the shape; the shape of the last mode in that order ends the shape; then
** coalesce.  Shapes below 1 are CuTe's answer too. */
int lo_cute_left_inverse_signed(const lo_layout *l, lo_layout *out, lo_err *err) {
  lo_layout c;
  lo_mode m[LO_MAX_LEAVES], r[LO_MAX_LEAVES + 1];
  lo_int pre[LO_MAX_LEAVES + 1], size = 1, q = 0, rem = 0;
  int n, nr = 0, order[LO_MAX_LEAVES] = {0};
  if (l->is_tiler) return lo_fail(err, LO_EUNDEF, "left_inverse takes a layout, not a tiler");
  if (lo_cute_coalesce(l, NULL, &c, err)) return err->code;
  n = lo_modes_of(&c, m);
  pre[0] = 1;
  for (int i = 0; i < n; i++)
    if (lo_mul(pre[i], m[i].s, &pre[i + 1], "prefix product", err)) return err->code;
  /* CuTe's static sort of the indices by stride, an exchange sort (equal
  ** strides in the order it leaves them; n <= 64) */
  for (int i = 0; i < n; i++) order[i] = i;
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++)
      if (m[order[j]].d < m[order[i]].d) {
        int t = order[i];
        order[i] = order[j];
        order[j] = t;
      }
  lo_int strides[LO_MAX_LEAVES + 1];
  int ns = 1;
  strides[0] = 0;
  for (int k = 0; k < n; k++) {
    int i = order[k];
    if (m[i].d == 0) continue;
    if (cute_div(m[i].d, size, &q, &rem, "left_inverse", err)) return err->code;
    if (rem != 0)
      return lo_fail(err, LO_EUNDEF,
                     "CuTe refuses: Left inverse divisibility condition (stride %lld is not a "
                     "multiple of %lld, the size so far)",
                     (long long)m[i].d, (long long)size);
    r[nr++].s = q;
    strides[ns++] = pre[i];
    if (lo_mul(size, q, &size, "left_inverse size", err)) return err->code;
  }
  r[nr++].s = m[order[n - 1]].s;
  for (int k = 0; k < nr; k++) r[k].d = strides[k];
  lo_layout flat;
  lo_layout_flat_modes(&flat, r, nr);
  return lo_cute_coalesce(&flat, NULL, out, err);
}

/* ------------------------------------------------------ divides, products */

/* logical_divide(A, B) for a layout B: A o (B, complement(B, shape(coalesce A))). */
static int divide_layout(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err) {
  lo_layout ca, c, bb;
  if (lo_cute_coalesce(a, NULL, &ca, err) || lo_cute_complement_signed(b, &ca.shape, &c, err) ||
      lo_layout_pair(b, &c, &bb, err))
    return err->code;
  return lo_cute_composition_signed(a, &bb, out, err);
}

/* logical_product(A, B) for a layout B: (A, complement(A, size(A) cosize(B)) o B),
** cosize CuTe's (the span). */
static int product_layout(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err) {
  lo_int sa, cb, n;
  lo_layout c, r;
  lo_tuple nt;
  if (lo_size(a, &sa, err) || lo_cute_cosize_span(b, &cb, err) ||
      lo_mul(sa, cb, &n, "size(A)*cosize(B)", err))
    return err->code;
  lo_tuple_int(&nt, n);
  if (lo_cute_complement_signed(a, &nt, &c, err) || lo_cute_composition_signed(&c, b, &r, err))
    return err->code;
  return lo_layout_pair(a, &r, out, err);
}

/* CuTe's blocked_product (raked 0) or raked_product (raked 1) with
** strides of either sign. */
int lo_cute_rank_product_signed(int raked, const lo_layout *a, const lo_layout *b, lo_layout *out,
                                lo_err *err) {
  return lo_cute_rank_product(product_layout, raked, a, b, out, err);
}

/* CuTe's logical_divide (divide 1) or logical_product (divide 0) with
** strides of either sign, regrouped as how says (-1 none, 0 zipped, 1
** tiled, 2 flat: lo_cute_regroup). */
int lo_cute_tile_signed(int divide, int how, const lo_layout *a, const lo_layout *b, lo_layout *out,
                        lo_err *err) {
  lo_layout r;
  if (lo_cute_by_tiler(divide ? divide_layout : product_layout,
                       divide ? "logical_divide" : "logical_product", a, b, &r, err))
    return err->code;
  if (how < 0) {
    lo_layout_copy(out, &r);
    return LO_OK;
  }
  return lo_cute_regroup(&r, b, how, out, err);
}
