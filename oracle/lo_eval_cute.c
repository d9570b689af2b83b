/*
** lo_eval_cute.c -- op handlers for CuTe C++ as it computes (lo_cute.c,
** lo_cute_tile.c) and for the tensor views (lo_view.c).  See
** lo_eval_internal.h.
*/
#include "lo_eval_internal.h"

#include <string.h>

/* ------------------------------------------------ CuTe C++ as it computes */

/* The op cute_coalesce L [P]: CuTe C++ coalesce(L[, P]) as it prints. */
int op_cute_coalesce(int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_layout l, r;
  lo_tuple p;
  if (ev_get_layout(a, 0, &l, err) || (argc > 1 && ev_get_profile(a, 1, &p, err)) ||
      lo_cute_coalesce(&l, argc > 1 ? &p : NULL, &r, err))
    return err->code;
  ev_out_layout(o, &r);
  return LO_OK;
}

/* CuTe's flatten: an integer (layout) stays as it is, a tuple becomes the
** flat tuple of its leaves. */
int op_cute_flatten(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  if (ev_is_layout(a, 0)) {
    lo_layout l, r;
    if (ev_get_layout(a, 0, &l, err)) return err->code;
    if (l.shape.len == 1 && l.shape.ntok == 1)
      r = l; /* s:d */
    else
      lo_layout_flatten(&l, &r);
    ev_out_layout(o, &r);
    return LO_OK;
  }
  lo_tuple t, r;
  if (ev_get_profile(a, 0, &t, err)) return err->code;
  if (lo_tuple_is_int(&t))
    r = t;
  else
    lo_tuple_flatten(&t, &r);
  ev_out_tuple(o, &r);
  return LO_OK;
}

/* True when the tuple has an empty tuple "()" anywhere: CuTe's depth and
** indexing have no case for it. */
static int has_empty(const lo_tuple *t) {
  for (int i = 0; i + 1 < t->ntok; i++)
    if (t->tok[i] == '(' && t->tok[i + 1] == ')') return 1;
  return 0;
}

/* The op cute_depth L|X [I [J [K]]]: CuTe's depth<I,J,K>, refused where
** the shape holds an empty tuple (max() of no values). */
int op_cute_depth(int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_tuple t;
  if (ev_get_shape(a, 0, &t, err)) return err->code;
  if (argc > 1) {
    lo_layout l;
    lo_tuple_copy(&l.shape, &t);
    memset(l.stride, 0, (size_t)t.len * sizeof(lo_int));
    if (ev_cute_path(&l, argc, a, 1, err)) return err->code;
    lo_tuple_copy(&t, &l.shape);
  }
  if (has_empty(&t))
    return lo_fail(err, LO_EUNDEF,
                   "CuTe refuses: depth of an empty tuple (there is no max() of "
                   "zero values)");
  ev_out_int(o, lo_tuple_depth(&t));
  return LO_OK;
}

/* The op cute_apply L x: CuTe's layout(x), refused where the shape holds
** an empty tuple (no crd2idx for ()). */
int op_cute_apply(int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_layout l;
  lo_int v;
  (void)argc;
  if (ev_get_layout(a, 0, &l, err)) return err->code;
  if (has_empty(&l.shape))
    return lo_fail(err, LO_EUNDEF,
                   "CuTe refuses: indexing a layout whose shape holds an empty "
                   "tuple (no crd2idx for ())");
  if (ev_apply_at(&l, a, 1, 1, &v, err)) return err->code;
  ev_out_int(o, v);
  return LO_OK;
}

/* The ops cute_cosize L [I..] and cute_coshape L [I..]: CuTe's coshape,
** L (or its mode I..) at its last coordinate plus 1 (an integer for
** integer strides), and cosize, its size: both are lo_cosize. */
int op_cute_cosize(int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_layout l;
  lo_int c;
  if (ev_get_layout(a, 0, &l, err) || ev_cute_path(&l, argc, a, 1, err)) return err->code;
  if (lo_cosize(&l, &c, err)) return err->code;
  ev_out_int(o, c);
  return LO_OK;
}

/* The op cute_shape L|X [I..]: CuTe's shape<I..>(L), or of the tuple. */
int op_cute_shape(int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_layout l;
  if (ev_get_shape(a, 0, &l.shape, err)) return err->code;
  memset(l.stride, 0, (size_t)l.shape.len * sizeof(lo_int));
  if (ev_cute_path(&l, argc, a, 1, err)) return err->code;
  ev_out_tuple(o, &l.shape);
  return LO_OK;
}

/* The op cute_stride L [I..]: CuTe's stride<I..>(L), a nested tuple (0
** allowed). */
int op_cute_stride(int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_layout l;
  lo_tuple d;
  char buf[LO_MAX_TOKENS * 21 + 1];
  if (ev_get_layout(a, 0, &l, err) || ev_cute_path(&l, argc, a, 1, err)) return err->code;
  lo_tuple_copy(&d, &l.shape);
  memcpy(d.leaf, l.stride, (size_t)l.shape.len * sizeof(lo_int));
  if (lo_print_index(&d, buf, sizeof buf))
    return lo_fail(err, LO_ESPACE, "stride too long to print");
  ev_out_str(o, buf);
  return LO_OK;
}

/* The op cute_get L|X I [J [K]]: CuTe's get<I,J,K>, 0-based: mode I, then
** its mode J, ...; an integer's only mode is get<0>, itself.  A mode past
** the rank is CuTe's refusal (no get<I> of that tuple). */
int op_cute_get(int argc, ev_args a, ev_out *o, lo_err *err) {
  int is_layout = ev_is_layout(a, 0);
  lo_layout l;
  if (is_layout ? ev_get_layout(a, 0, &l, err) : ev_get_tuple(a, 0, &l.shape, err))
    return err->code;
  if (!is_layout) memset(l.stride, 0, (size_t)l.shape.len * sizeof(lo_int));
  for (int i = 1; i < argc; i++) {
    lo_int k;
    if (ev_get_int(a, i, &k, err)) return err->code;
    int r = lo_tuple_rank(&l.shape);
    if (k >= r)
      return lo_fail(err, LO_EUNDEF, "CuTe refuses: get<%lld> of %s of rank %d", (long long)k,
                     lo_tuple_is_int(&l.shape) ? "an integer" : "a tuple", r);
    if (lo_layout_mode(&l, (int)k + 1, &l, err)) return err->code;
  }
  if (is_layout)
    ev_out_layout(o, &l);
  else
    ev_out_tuple(o, &l.shape);
  return LO_OK;
}

/* The op cute_crd2idx C S D: CuTe's crd2idx(C, S, D), the layout S:D at
** the coordinate C (refused as cute_apply refuses). */
int op_cute_crd2idx(int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_tuple s, d;
  lo_layout l;
  lo_int v;
  (void)argc;
  if (ev_get_tuple(a, 1, &s, err)) return err->code;
  if (lo_parse_index(a[2], &d, err)) return ev_arg_fail(2, err);
  if (!lo_tuple_congruent(&s, &d))
    return lo_fail(err, LO_EUNDEF,
                   "CuTe refuses: crd2idx: Mismatched Ranks (the shape and the "
                   "stride are not congruent)");
  if (lo_layout_make(&s, d.leaf, &l, err)) return err->code;
  if (has_empty(&l.shape))
    return lo_fail(err, LO_EUNDEF, "CuTe refuses: crd2idx of a shape that holds an empty tuple");
  if (ev_apply_at(&l, a, 0, 1, &v, err)) return err->code;
  ev_out_int(o, v);
  return LO_OK;
}

/* The op cute_filter_zeros L: CuTe's filter_zeros(L): every stride-0 entry
** gets shape 1, the nesting and the strides kept. */
int op_cute_filter_zeros(int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_layout l;
  (void)argc;
  if (ev_get_layout(a, 0, &l, err)) return err->code;
  for (int i = 0; i < l.shape.len; i++)
    if (l.stride[i] == 0) l.shape.leaf[i] = 1;
  ev_out_layout(o, &l);
  return LO_OK;
}

/* The op cute_filter L: CuTe C++ filter(L). */
int op_cute_filter(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  return ev_lay1(lo_cute_filter, a, o, err);
}

/* complement L [N]: N an integer, a shape or a layout (the cotarget: CuTe
** takes shape(N)). */
int op_cute_complement(int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_layout l, r;
  lo_tuple n;
  if (ev_get_layout(a, 0, &l, err) || (argc > 1 && ev_get_cotarget(a, 1, &n, err)))
    return err->code;
  if (argc > 1 && n.len == 0)
    return lo_fail(err, LO_EUNDEF,
                   "CuTe refuses: complement: a cotarget with no integers (its "
                   "ceil_div reads a mode that is not there: Index out of range)");
  if (lo_cute_complement(&l, argc > 1 ? &n : NULL, &r, err)) return err->code;
  ev_out_layout(o, &r);
  return LO_OK;
}

/* A cute_ op of A and B (ev_lay2), where B may be '_': CuTe's Underscore
** leaves A unchanged in composition and the logical divide and product
** (unzip 0); the zipped forms (unzip 1) then ask a rank-2 A (zip2_by
** with a guide that is no tuple); the tiled forms (unzip 2) slice the
** result with (_, repeat<R1>(_)), which unpacks mode 1 when its rank R1
** is not 1; the flat forms (unzip 3) with (repeat<R0>(_), repeat<R1>(_))
** unpack both modes so. */
static int cute_lay2_u(ev_lay2_fn fn, int unzip, ev_args a, int tiler_ok, ev_out *o, lo_err *err) {
  if (!ev_is_under(a, 1)) return ev_lay2(fn, a, tiler_ok, o, err);
  lo_layout l, m, mj, r;
  if (ev_get_layout(a, 0, &l, err)) return err->code;
  if (unzip && (lo_tuple_is_int(&l.shape) || lo_tuple_rank(&l.shape) != 2))
    return lo_fail(err, LO_EUNDEF,
                   "CuTe refuses: zip2_by: Mismatched ranks (a layout of %s %d with the tiler _; "
                   "rank 2 is needed)",
                   lo_tuple_is_int(&l.shape) ? "integer shape, rank" : "rank",
                   lo_tuple_rank(&l.shape));
  if (unzip < 2) {
    ev_out_layout(o, &l);
    return LO_OK;
  }
  r.shape.len = 0;
  r.shape.ntok = 1;
  r.shape.tok[0] = '(';
  r.is_tiler = 0;
  for (int k = 1; k <= 2; k++) {
    if (lo_layout_mode(&l, k, &m, err)) return err->code;
    int rk = lo_tuple_rank(&m.shape), whole = rk == 1 || (k == 1 && unzip == 2);
    for (int j = 1; j <= (whole ? 1 : rk); j++) {
      if (!whole && lo_layout_mode(&m, j, &mj, err)) return err->code;
      const lo_layout *part = whole ? &m : &mj;
      int at = r.shape.len;
      if (lo_tuple_append(&r.shape, &part->shape, err)) return err->code;
      memcpy(r.stride + at, part->stride, (size_t)part->shape.len * sizeof(lo_int));
    }
  }
  if (r.shape.ntok + 1 > LO_MAX_TOKENS)
    return lo_fail(err, LO_ELIMIT, "nested tuple too long (limit %d tokens)", LO_MAX_TOKENS);
  r.shape.tok[r.shape.ntok++] = ')';
  ev_out_layout(o, &r);
  return LO_OK;
}

/* cute_lay2_u for composition and the logical divide and product. */
static int cute_lay2(ev_lay2_fn fn, ev_args a, int tiler_ok, ev_out *o, lo_err *err) {
  return cute_lay2_u(fn, 0, a, tiler_ok, o, err);
}

/* The op cute_composition A B|A <B..>|A _: CuTe C++ composition(A, B), right or wrong. */
int op_cute_composition(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  return cute_lay2(lo_cute_composition, a, EV_TILER, o, err);
}
/* The op cute_logical_divide A B|A <B..>: CuTe C++ logical_divide. */
int op_cute_logical_divide(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  return cute_lay2(lo_cute_logical_divide, a, EV_TILER_MAKE, o, err);
}
/* The op cute_zipped_divide A B|A <B..>: CuTe C++ zipped_divide. */
int op_cute_zipped_divide(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  return cute_lay2_u(lo_cute_zipped_divide, 1, a, EV_TILER_MAKE, o, err);
}
/* The op cute_tiled_divide A B|A <B..>: CuTe C++ tiled_divide. */
int op_cute_tiled_divide(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  return cute_lay2_u(lo_cute_tiled_divide, 2, a, EV_TILER_MAKE, o, err);
}
/* The op cute_flat_divide A B|A <B..>: CuTe C++ flat_divide (both modes unpacked). */
int op_cute_flat_divide(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  return cute_lay2_u(lo_cute_flat_divide, 3, a, EV_TILER_MAKE, o, err);
}
/* The op cute_logical_product A B|A <B..>: CuTe C++ logical_product. */
int op_cute_logical_product(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  return cute_lay2(lo_cute_logical_product, a, EV_TILER_MAKE, o, err);
}
/* The op cute_zipped_product A B|A <B..>: CuTe C++ zipped_product. */
int op_cute_zipped_product(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  return cute_lay2_u(lo_cute_zipped_product, 1, a, EV_TILER_MAKE, o, err);
}
/* The op cute_tiled_product A B|A <B..>: CuTe C++ tiled_product. */
int op_cute_tiled_product(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  return cute_lay2_u(lo_cute_tiled_product, 2, a, EV_TILER_MAKE, o, err);
}
/* The op cute_flat_product A B|A <B..>: CuTe C++ flat_product (both modes unpacked). */
int op_cute_flat_product(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  return cute_lay2_u(lo_cute_flat_product, 3, a, EV_TILER_MAKE, o, err);
}
/* The op cute_blocked_product A B: CuTe C++ blocked_product. */
int op_cute_blocked_product(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  return ev_lay2(lo_cute_blocked_product, a, 0, o, err);
}
/* The op cute_raked_product A B: CuTe C++ raked_product. */
int op_cute_raked_product(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  return ev_lay2(lo_cute_raked_product, a, 0, o, err);
}
/* The op cute_right_inverse L: CuTe C++ right_inverse. */
int op_cute_right_inverse(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  return ev_lay1(lo_cute_right_inverse, a, o, err);
}
/* The op cute_left_inverse L: CuTe C++ left_inverse (quasi-inverse). */
int op_cute_left_inverse(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  return ev_lay1(lo_cute_left_inverse, a, o, err);
}
/* The op cute_nullspace L: CuTe C++ nullspace. */
int op_cute_nullspace(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  return ev_lay1(lo_cute_nullspace, a, o, err);
}

/* ---------------------------------------------- tensor views (lo_view.c) */

/* The view_* ops print their own results (lo_view_eval). */
static int view_op(const char *name, int argc, ev_args a, ev_out *o, lo_err *err) {
  if (o->full) return LO_OK;
  int rc = lo_view_eval(name, argc, a, o->p + o->len, o->cap - o->len, err);
  if (rc == LO_OK) o->len += strlen(o->p + o->len);
  return rc;
}

/* The op view_strides SHAPE: row-major strides (suffix products) (lo_view_eval). */
int op_view_strides(int argc, ev_args a, ev_out *o, lo_err *err) {
  return view_op("view_strides", argc, a, o, err);
}

/* The op view_to_layout SHAPE STRIDES: the layout of a row-major view (lo_view_eval). */
int op_view_to_layout(int argc, ev_args a, ev_out *o, lo_err *err) {
  return view_op("view_to_layout", argc, a, o, err);
}

/* The op view_of_layout L: the row-major view of a layout (lo_view_eval). */
int op_view_of_layout(int argc, ev_args a, ev_out *o, lo_err *err) {
  return view_op("view_of_layout", argc, a, o, err);
}

/* The op view_rearrange PATTERN [SIZES] [SHAPE]: einops rearrange (lo_view_eval). */
int op_view_rearrange(int argc, ev_args a, ev_out *o, lo_err *err) {
  return view_op("view_rearrange", argc, a, o, err);
}

/* The op view_reshape FROM TO: torch view, no copy (lo_view_eval). */
int op_view_reshape(int argc, ev_args a, ev_out *o, lo_err *err) {
  return view_op("view_reshape", argc, a, o, err);
}

/* The op view_broadcast FROM TO: PyTorch broadcasting (lo_view_eval). */
int op_view_broadcast(int argc, ev_args a, ev_out *o, lo_err *err) {
  return view_op("view_broadcast", argc, a, o, err);
}

/* The op view_can_broadcast FROM TO: does FROM broadcast to TO (lo_view_eval). */
int op_view_can_broadcast(int argc, ev_args a, ev_out *o, lo_err *err) {
  return view_op("view_can_broadcast", argc, a, o, err);
}

/* The op view_broadcast_shapes A B: torch.broadcast_shapes (lo_view_eval). */
int op_view_broadcast_shapes(int argc, ev_args a, ev_out *o, lo_err *err) {
  return view_op("view_broadcast_shapes", argc, a, o, err);
}

/* The op view_pad_left N SHAPE: N leading axes of size 1 (lo_view_eval). */
int op_view_pad_left(int argc, ev_args a, ev_out *o, lo_err *err) {
  return view_op("view_pad_left", argc, a, o, err);
}

/* The op view_einsum PATTERN SIZES [VIEW..]: einsum index maps (lo_view_eval). */
int op_view_einsum(int argc, ev_args a, ev_out *o, lo_err *err) {
  return view_op("view_einsum", argc, a, o, err);
}
