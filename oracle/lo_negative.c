/*
** lo_negative.c -- layouts with negative strides (lo.h section 15): CuTe's
** layout function on every integer, its cosize (the span of the image),
** the bounds of the image, and CuTe's composition as cute/layout.hpp
** computes it for strides of either sign (the abs and signum of its
** composition_impl).  Everything here takes any stride; the functions of
** sections 5 to 10 assume non-negative ones (lo_parse_layout refuses the
** others), except those section 15 names as safe.
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
    if (abs_checked(l->stride[i], &d, err) ||
        lo_mul(l->shape.leaf[i] - 1, d, &t, "cosize", err) || lo_add(c, t, &c, "cosize", err))
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
    lo_int c = i == n - 1 ? x : x % s;
    x = i == n - 1 ? 0 : x / s;
    if (lo_mul(c, l->stride[i], &t, "apply", err) || lo_add(r, t, &r, "apply", err))
      return err->code;
  }
  *out = r;
  return LO_OK;
}

/* ------------------------------------------------------------ composition */

/* ceil(a/b) as CuTe's ceil_div of positive integers: (a + b - 1) / b,
** without forming a + b - 1. */
static lo_int ceil_div_pos(lo_int a, lo_int b) {
  assert(a >= 1 && b >= 1);
  return lo_ceil_div(a, b);
}

/* composition_impl of the flat modes m[0..n) (n >= 1, coalesce_x'd) with
** one leaf s:d of B, appended to the tree b (CuTe's fold over the modes
** but the last, then the last mode takes the rest). */
static int compose_leaf(const lo_mode *m, int n, lo_int s, lo_int d, lo_layout *b, lo_err *err) {
  lo_mode res[LO_MAX_LEAVES];
  int nr = 0;
  lo_int t;
  if (d == 0) return lo_cute_leaf(b, s, 0, err); /* a static stride 0 */
  if (n == 1) {                                   /* an integral A */
    if (lo_mul(d, m[0].d, &t, "composition stride", err)) return err->code;
    return lo_cute_leaf(b, s, t, err);
  }
  lo_int rest_s = s, rest_d = d;
  for (int i = 0; i + 1 < n; i++) {
    lo_int cs = m[i].s, ad = 0;
    /* rest_stride % curr_shape == 0 or rest_stride < curr_shape (C's %) */
    if (!(rest_d % cs == 0 || rest_d < cs))
      return lo_fail(err, LO_EUNDEF,
                     "CuTe refuses: Stride Divisibility Condition (stride %lld of B past "
                     "shape %lld of A)",
                     (long long)rest_d, (long long)cs);
    if (abs_checked(rest_d, &ad, err)) return err->code;
    lo_int next_s = ceil_div_pos(cs, ad);
    lo_int next_d = ceil_div_pos(ad, cs) * (rest_d < 0 ? -1 : 1);
    if (next_s != 1 && rest_s != 1) {
      lo_int ns = next_s < rest_s ? next_s : rest_s;
      if (rest_s % ns != 0)
        return lo_fail(err, LO_EUNDEF,
                       "CuTe refuses: Shape Divisibility Condition (shape %lld of B by %lld)",
                       (long long)rest_s, (long long)ns);
      assert(nr < LO_MAX_LEAVES);
      if (lo_mul(rest_d, m[i].d, &res[nr].d, "composition stride", err)) return err->code;
      res[nr++].s = ns;
      rest_s /= ns;
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
  if (a->is_tiler) return lo_fail(err, LO_EUNDEF, "composition: the first argument is a tiler");
  if (!b->is_tiler) return compose_layout(a, b, out, err);
  int k = lo_tuple_rank(&b->shape), ra = lo_tuple_rank(&a->shape);
  if (k > ra)
    return lo_fail(err, LO_EUNDEF,
                   "CuTe refuses: the tiler has %d modes but A has rank %d "
                   "(static_assert tuple_size <= rank)",
                   k, ra);
  return lo_tiler_map(compose_layout, a, b, LO_TILER_CUTE, out, err);
}
