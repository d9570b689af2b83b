/*
** lo_eval_tile.c -- op handlers for slicing by a coordinate and the tensor
** partitions (lo.h section 15): slice_and_offset, local_tile,
** local_partition, inner_partition, outer_partition and their cute_
** twins, on plain and composed layouts.  See lo_eval_internal.h.
**
** Each answers the pair "(R,offset)" as CuTe prints the tuple
** slice_and_offset returns: R the layout of the slice (a composed layout
** where CuTe's is one), offset where the slice starts (the offset a tensor
** sliced so adds to its pointer).  The cute_ op answers what CuTe C++
** computes, out-of-range coordinates included; the plain op refuses an
** integer coordinate past its mode and a thread index past the thread
** layout, and slices the plain zipped_divide (CuTe's where it meets its
** contract).
*/
#include "lo_eval_internal.h"

#include <string.h>

/* Argument i as a layout or a composed layout (lo_parse_composed: a plain
** layout parses with plain set); for a cute_ op a swizzle CuTe's compiler
** refuses is refused. */
static int get_l(ev_args a, int i, int cute, lo_composed *c, lo_err *err) {
  if (lo_parse_composed(a[i], c, err)) return ev_arg_fail(i, err);
  if (cute && !c->plain && lo_swizzle_cute_check(&c->sw, err)) return err->code;
  return LO_OK;
}

/* Argument i as a projection, CuTe's Step<_1,X,_1> written (1,X,1) or
** (1,_,1): a coordinate whose 'X' is '_'. */
static int get_proj(ev_args a, int i, lo_tuple *p, lo_err *err) {
  char buf[4096];
  const char *args[4];
  size_t n = strlen(a[i]);
  if (i >= 4) return lo_fail(err, LO_EUNDEF, "argument %d: no projection here", i + 1);
  if (n >= sizeof buf) return lo_fail(err, LO_ELIMIT, "argument %d: too long", i + 1);
  for (size_t k = 0; k <= n; k++) buf[k] = a[i][k] == 'X' ? '_' : a[i][k];
  for (int k = 0; k < i; k++) args[k] = a[k];
  args[i] = buf;
  return ev_get_ucoord(args, i, p, err);
}

/* Print "(R,offset)". */
static int out_pair(ev_out *o, const lo_composed *r, lo_int off, lo_err *err) {
  ev_out_str(o, "(");
  if (r->plain) {
    ev_out_layout(o, &r->inner);
  } else {
    char buf[4096];
    if (lo_print_composed(r, buf, sizeof buf))
      return lo_fail(err, LO_ESPACE, "the composed layout does not fit the output");
    ev_out_str(o, buf);
  }
  ev_out_str(o, ",");
  ev_out_int(o, off);
  ev_out_str(o, ")");
  return LO_OK;
}

/* slice_and_offset C L (cute: its cute_ twin). */
static int slice_op(int cute, ev_args a, ev_out *o, lo_err *err) {
  lo_tuple c;
  lo_composed l, r;
  lo_int off;
  if (ev_get_ucoord(a, 0, &c, err) || get_l(a, 1, cute, &l, err) ||
      lo_composed_slice_and_offset(&c, &l, !cute, &r, &off, err))
    return err->code;
  return out_pair(o, &r, off, err);
}

/* The op slice_and_offset C L. */
int op_slice_and_offset(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  return slice_op(0, a, o, err);
}

/* The op cute_slice_and_offset C L. */
int op_cute_slice_and_offset(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  return slice_op(1, a, o, err);
}

/* inner_partition (outer 0) or outer_partition (outer 1) L T C, and
** local_tile L T C [P] (tile 1). */
static int part_op(int cute, int outer, int tile, int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_composed l, r;
  lo_layout t;
  lo_tuple c, p;
  lo_int off;
  if (get_l(a, 0, cute, &l, err) || ev_get_layout_t(a, 1, &t, EV_TILER_MAKE, err) ||
      ev_get_ucoord(a, 2, &c, err))
    return err->code;
  if (tile && argc > 3) {
    if (get_proj(a, 3, &p, err) || lo_dice_tiler(&p, &t, &t, err) || lo_dice_coord(&p, &c, &c, err))
      return err->code;
  }
  if (lo_composed_partition(&l, &t, &c, outer, !cute, &r, &off, err)) return err->code;
  return out_pair(o, &r, off, err);
}

/* The op local_tile L T C [P]. */
int op_local_tile(int argc, ev_args a, ev_out *o, lo_err *err) {
  return part_op(0, 0, 1, argc, a, o, err);
}
/* The op cute_local_tile L T C [P]. */
int op_cute_local_tile(int argc, ev_args a, ev_out *o, lo_err *err) {
  return part_op(1, 0, 1, argc, a, o, err);
}
/* The op inner_partition L T C. */
int op_inner_partition(int argc, ev_args a, ev_out *o, lo_err *err) {
  return part_op(0, 0, 0, argc, a, o, err);
}
/* The op cute_inner_partition L T C. */
int op_cute_inner_partition(int argc, ev_args a, ev_out *o, lo_err *err) {
  return part_op(1, 0, 0, argc, a, o, err);
}
/* The op outer_partition L T C. */
int op_outer_partition(int argc, ev_args a, ev_out *o, lo_err *err) {
  return part_op(0, 1, 0, argc, a, o, err);
}
/* The op cute_outer_partition L T C. */
int op_cute_outer_partition(int argc, ev_args a, ev_out *o, lo_err *err) {
  return part_op(1, 1, 0, argc, a, o, err);
}

/* local_partition L THR I [P] (cute: its cute_ twin): outer_partition of
** L by the thread tiler of dice(P, THR) at its flat coordinate of I. */
static int local_partition_op(int cute, int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_composed l, r;
  lo_layout thr, t;
  lo_tuple p, c;
  lo_int idx, off, n;
  if (get_l(a, 0, cute, &l, err) || ev_get_layout(a, 1, &thr, err)) return err->code;
  if (cute && ev_is_paren(a, 2))
    return lo_fail(err, LO_EUNDEF,
                   "CuTe refuses: local_partition: the thread index is a tuple "
                   "(static_assert is_integral<Index>)");
  if (ev_get_int(a, 2, &idx, err)) return err->code;
  if (!cute) { /* the index of a thread of THR, projected or not */
    if (lo_size(&thr, &n, err)) return err->code;
    if (idx >= n)
      return lo_fail(err, LO_EUNDEF,
                     "thread index %lld is outside the thread layout of size %lld (CuTe does not "
                     "check it: the cute_ op answers what CuTe computes)",
                     (long long)idx, (long long)n);
  }
  if (argc > 3) {
    if (get_proj(a, 3, &p, err) || lo_dice_tiler(&p, &thr, &thr, err)) return err->code;
  }
  if (lo_thread_tiler(&thr, &t, err) || lo_flat_coord(&thr, idx, &c, err)) return err->code;
  if (lo_composed_partition(&l, &t, &c, 1, !cute, &r, &off, err)) return err->code;
  return out_pair(o, &r, off, err);
}

/* The op local_partition L THR I [P]. */
int op_local_partition(int argc, ev_args a, ev_out *o, lo_err *err) {
  return local_partition_op(0, argc, a, o, err);
}
/* The op cute_local_partition L THR I [P]. */
int op_cute_local_partition(int argc, ev_args a, ev_out *o, lo_err *err) {
  return local_partition_op(1, argc, a, o, err);
}
