/*
** lo_eval_domain.c -- op handlers for the whitepaper's analysis ops
** (lo_domain.c, lo_coalesce_z) and CuTe C++'s detail::coalesce_x.  See
** lo_eval_internal.h.
*/
#include "lo_eval_internal.h"

/* The op coalesce_z L [P]: coalesce keeping L(i) for every i >= 0 (a last
** size-1 mode stays); by mode with a profile. */
int op_coalesce_z(int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_layout l, r;
  lo_tuple p;
  if (ev_get_layout(a, 0, &l, err) || (argc > 1 && ev_get_profile(a, 1, &p, err)) ||
      lo_coalesce_z(&l, argc > 1 ? &p : NULL, &r, err))
    return err->code;
  ev_out_layout(o, &r);
  return LO_OK;
}

/* The op nullspace L: the layout of the coordinates L maps to 0. */
int op_nullspace(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  return ev_lay1(lo_nullspace, a, o, err);
}

/* The op layout_add A B: R(i) = A(i) + B(i), or why no layout is. */
int op_layout_add(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  return ev_lay2(lo_layout_add, a, 0, o, err);
}

/* Argument i as a shape: a nested tuple of positive integers, or the
** shape of a layout. */
static int get_shape(ev_args a, int i, lo_tuple *t, lo_err *err) {
  if (lo_kind_of(a[i]) == LO_KIND_TUPLE) return ev_get_tuple(a, i, t, err);
  return ev_get_shape(a, i, t, err);
}

/* The op greatest_common_domain A B: the ordered common factorisation of
** two shapes (A, B layouts or shapes). */
int op_greatest_common_domain(int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_tuple x, y;
  lo_layout r;
  (void)argc;
  if (get_shape(a, 0, &x, err) || get_shape(a, 1, &y, err) ||
      lo_greatest_common_domain(&x, &y, &r, err))
    return err->code;
  ev_out_layout(o, &r);
  return LO_OK;
}

/* The op cute_coalesce_x L: CuTe C++ detail::coalesce_x(L), the coalesce
** composition applies to its outer layout (a last size-1 mode counts as
** size 2). */
int op_cute_coalesce_x(int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_layout l, r;
  (void)argc;
  if (ev_get_layout(a, 0, &l, err)) return err->code;
  if (l.shape.len == 0)
    return lo_fail(err, LO_EUNDEF,
                   "CuTe refuses: coalesce_x of the empty layout (it reads the last mode of "
                   "the flattening, which has none)");
  if (lo_cute_coalesce_x(&l, &r, err)) return err->code;
  ev_out_layout(o, &r);
  return LO_OK;
}
