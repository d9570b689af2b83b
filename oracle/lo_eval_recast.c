/*
** lo_eval_recast.c -- handlers of the recast ops and of the compact
** layouts made in an order: upcast, downcast, recast_layout, recast,
** make_layout_like, make_ordered_layout and their cute_ twins
** (lo_recast.c).
*/
#include "lo_eval_internal.h"

#include <string.h>

/* A layout and an integer N (upcast, downcast). */
typedef int (*lay_n_fn)(const lo_layout *, lo_int, lo_layout *, lo_err *);

/* Evaluate fn(L, N) on the arguments L N. */
static int lay_n(lay_n_fn fn, ev_args a, ev_out *o, lo_err *err) {
  lo_layout l, r;
  lo_int n;
  if (ev_get_layout(a, 0, &l, err) || ev_get_int(a, 1, &n, err) || fn(&l, n, &r, err))
    return err->code;
  ev_out_layout(o, &r);
  return LO_OK;
}

/* A layout and two widths in bits (recast_layout). */
typedef int (*lay_bits_fn)(const lo_layout *, lo_int, lo_int, lo_layout *, lo_err *);

/* Evaluate fn(L, OLD, NEW) on the arguments L OLD NEW. */
static int lay_bits(lay_bits_fn fn, ev_args a, ev_out *o, lo_err *err) {
  lo_layout l, r;
  lo_int ob, nb;
  if (ev_get_layout(a, 0, &l, err) || ev_get_int(a, 1, &ob, err) || ev_get_int(a, 2, &nb, err) ||
      fn(&l, ob, nb, &r, err))
    return err->code;
  ev_out_layout(o, &r);
  return LO_OK;
}

/* Evaluate make_ordered_layout (fn) on the arguments SHAPE ORDER. */
static int ordered(int (*fn)(const lo_tuple *, const lo_tuple *, lo_layout *, lo_err *), ev_args a,
                   ev_out *o, lo_err *err) {
  lo_tuple s, ord;
  lo_layout r;
  if (ev_get_tuple(a, 0, &s, err)) return err->code;
  if (lo_parse_index(a[1], &ord, err)) return ev_arg_fail(1, err);
  if (fn(&s, &ord, &r, err)) return err->code;
  ev_out_layout(o, &r);
  return LO_OK;
}

/* The ops upcast L N, downcast L N, recast_layout L OLD NEW (of a swizzle
** or a composed layout: lo_eval_swizzle_ops.c). */
int op_upcast(int argc, ev_args a, ev_out *o, lo_err *err) {
  if (ev_recast_swizzled(a)) return ev_recast_swizzle("upcast", argc, a, o, err);
  return lay_n(lo_upcast, a, o, err);
}
int op_downcast(int argc, ev_args a, ev_out *o, lo_err *err) {
  if (ev_recast_swizzled(a)) return ev_recast_swizzle("downcast", argc, a, o, err);
  return lay_n(lo_downcast, a, o, err);
}
int op_recast_layout(int argc, ev_args a, ev_out *o, lo_err *err) {
  if (ev_recast_swizzled(a)) return ev_recast_swizzle("recast_layout", argc, a, o, err);
  return lay_bits(lo_recast_layout, a, o, err);
}

/* The op cute_recast_layout L OLD NEW (of a swizzle or a composed layout:
** lo_eval_swizzle_ops.c; cute_upcast and cute_downcast are in
** lo_eval_swizzle.c). */
int op_cute_recast_layout(int argc, ev_args a, ev_out *o, lo_err *err) {
  if (ev_recast_swizzled(a)) return ev_recast_swizzle("cute_recast_layout", argc, a, o, err);
  return lay_bits(lo_cute_recast_layout, a, o, err);
}

/* The ops make_layout_like L and cute_make_layout_like L. */
int op_make_layout_like(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  return ev_lay1(lo_make_layout_like, a, o, err);
}
int op_cute_make_layout_like(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  return ev_lay1(lo_cute_make_layout_like, a, o, err);
}

/* The ops make_ordered_layout S O and cute_make_ordered_layout S O. */
int op_make_ordered_layout(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  return ordered(lo_make_ordered_layout, a, o, err);
}
int op_cute_make_ordered_layout(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  return ordered(lo_cute_make_ordered_layout, a, o, err);
}

/* The op recast L SCALE: SCALE an integer p or a fraction p/q. */
int op_recast(int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_layout l, r;
  lo_int p, q = 1;
  char num[32];
  const char *s = a[1], *slash = strchr(s, '/');
  (void)argc;
  if (ev_get_layout(a, 0, &l, err)) return err->code;
  if (!slash) {
    if (ev_get_int(a, 1, &p, err)) return err->code;
  } else {
    size_t n = (size_t)(slash - s);
    if (n >= sizeof num)
      return lo_fail(err, LO_ESYNTAX, "argument 2: the numerator of the scale is too long");
    memcpy(num, s, n);
    num[n] = 0;
    if (lo_parse_int(num, &p, err) || lo_parse_int(slash + 1, &q, err)) {
      char why[sizeof err->msg];
      memcpy(why, err->msg, sizeof why);
      return lo_fail(err, LO_ESYNTAX, "argument 2: the scale is p or p/q: %s", why);
    }
  }
  if (lo_recast(&l, p, q, &r, err)) return err->code;
  ev_out_layout(o, &r);
  return LO_OK;
}
