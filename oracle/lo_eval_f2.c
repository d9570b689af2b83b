/*
** lo_eval_f2.c -- the ops of lo_eval on layouts with F2 (XOR) strides
** (lo.h section 16).  lo_eval sends here every request with an argument
** written with an F2 stride (F2(n) or Fn in the strides of S:D, see
** is_f2).  The ops that take an F2 layout answer as PyCuTe defines
** them (docs/f2.md); any other op refuses it, naming the argument.  The
** ops to_f2, from_f2 and f2_coshape of the table are here too.
*/
#include "lo_eval_internal.h"

#include <string.h>

/* Whether argument text s is written with an F2 stride: an 'F' followed by
** a digit after a ':' (in the strides of S:D), in a text that is no
** morphism ("-->") and no pattern of the view ops ('[' first, whose axis
** names may be F1, F2, ...). */
static int is_f2(const char *s) {
  const char *colon = strchr(s, ':');
  while (*s == ' ' || *s == '\t') s++;
  if (!colon || *s == '[' || strstr(s, "-->")) return 0;
  for (const char *p = strchr(colon, 'F'); p; p = strchr(p + 1, 'F'))
    if (p[1] >= '0' && p[1] <= '9') return 1;
  return 0;
}

/* Any argument written with an F2 stride? */
int ev_has_f2(int argc, ev_args a) {
  for (int i = 0; i < argc; i++)
    if (is_f2(a[i])) return 1;
  return 0;
}

/* Argument i as an F2 layout. */
static int get_f2(ev_args a, int i, lo_f2 *f, lo_err *err) {
  return lo_parse_f2(a[i], f, err) ? ev_arg_fail(i, err) : LO_OK;
}

/* Print an F2 layout into the answer. */
static int out_f2(ev_out *o, const lo_f2 *f, lo_err *err) {
  char b[4096];
  if (lo_print_f2(f, b, sizeof b))
    return lo_fail(err, LO_ESPACE, "the F2 layout is longer than %zu bytes", sizeof b);
  ev_out_str(o, b);
  return LO_OK;
}

/* Refuse an F2 layout in argument i > 0 of op. */
static int only_first(const char *op, int argc, ev_args a, lo_err *err) {
  for (int i = 1; i < argc; i++)
    if (is_f2(a[i]))
      return lo_fail(err, LO_EUNSUPPORTED,
                     "%s: argument %d: only the first argument may be an F2 layout", op, i + 1);
  return LO_OK;
}

/* size, rank, depth: those of the shape. */
static int f2_shape_query(const char *op, int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_f2 f;
  lo_int v;
  (void)argc;
  if (get_f2(a, 0, &f, err)) return err->code;
  if (strcmp(op, "size") == 0) {
    if (lo_tuple_size(&f.l.shape, &v, err)) return err->code;
  } else if (strcmp(op, "rank") == 0) {
    v = lo_tuple_rank(&f.l.shape);
  } else {
    v = lo_tuple_depth(&f.l.shape);
  }
  ev_out_int(o, v);
  return LO_OK;
}

/* apply F x, apply F (c..): the XOR of the carry-less products. */
static int f2_apply(const char *op, int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_f2 f;
  lo_int v, x;
  if (only_first(op, argc, a, err) || get_f2(a, 0, &f, err)) return err->code;
  if (ev_is_paren(a, 1)) {
    lo_tuple c;
    if (lo_parse_index(a[1], &c, err)) return ev_arg_fail(1, err);
    if (lo_f2_crd(&f, &c, &v, err)) return err->code;
  } else {
    if (ev_get_int(a, 1, &x, err) || lo_f2_apply(&f, x, &v, err)) return err->code;
  }
  ev_out_int(o, v);
  return LO_OK;
}

/* layout_function F: [F(0),...,F(size-1)]. */
static int f2_layout_function(const char *op, int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_f2 f;
  lo_int size;
  (void)op;
  (void)argc;
  if (get_f2(a, 0, &f, err) || lo_tuple_size(&f.l.shape, &size, err)) return err->code;
  if (size > LO_EVAL_FUNCTION_LIMIT)
    return lo_fail(err, LO_ELIMIT, "size %lld is too large to list (limit %lld)", (long long)size,
                   (long long)LO_EVAL_FUNCTION_LIMIT);
  ev_out_str(o, "[");
  for (lo_int x = 0; x < size && !o->full; x++) {
    lo_int v;
    if (lo_f2_apply(&f, x, &v, err)) return err->code;
    if (x) ev_out_str(o, ",");
    ev_out_int(o, v);
  }
  ev_out_str(o, "]");
  return LO_OK;
}

/* cosize F: 1 + the largest value. */
static int f2_cosize(const char *op, int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_f2 f;
  lo_int v;
  (void)op;
  (void)argc;
  if (get_f2(a, 0, &f, err) || lo_f2_cosize(&f, &v, err)) return err->code;
  ev_out_int(o, v);
  return LO_OK;
}

/* coalesce F and coalesce_z F: PyCuTe's, in F2 arithmetic (no profile). */
static int f2_coalesce(const char *op, int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_f2 f;
  if (argc > 1) return lo_fail(err, LO_EUNSUPPORTED, "%s of an F2 layout takes no profile", op);
  if (get_f2(a, 0, &f, err) || lo_f2_coalesce(&f, strcmp(op, "coalesce_z") == 0, &f, err))
    return err->code;
  return out_f2(o, &f, err);
}

/* composition F B: PyCuTe's A o B where it meets R(i) = A(B(i)); B a
** layout or an integer N (N:1). */
static int f2_composition(const char *op, int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_f2 f, r;
  lo_layout b;
  if (is_f2(a[1]))
    return lo_fail(err, LO_EUNSUPPORTED,
                   "%s: argument 2: an F2 layout composes with a layout of integer strides", op);
  if (!is_f2(a[0]))
    return lo_fail(err, LO_EUNSUPPORTED,
                   "%s: argument 1: a layout composed with an F2 layout is "
                   "not supported (an F2 layout may come first)",
                   op);
  if (get_f2(a, 0, &f, err)) return err->code;
  if (ev_is_layout(a, 1)) {
    if (ev_get_layout(a, 1, &b, err)) return err->code;
  } else {
    lo_int n;
    if (ev_get_int(a, 1, &n, err)) return err->code;
    if (n < 1)
      return lo_fail(err, LO_EUNDEF, "argument 2: the size %lld is not positive", (long long)n);
    lo_layout_scalar(&b, n, 1);
  }
  (void)argc;
  if (lo_f2_composition(&f, &b, &r, err)) return err->code;
  return out_f2(o, &r, err);
}

/* right_inverse F: PyCuTe's where it meets F(R(i)) = i. */
static int f2_right_inverse(const char *op, int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_f2 f, r;
  (void)op;
  (void)argc;
  if (get_f2(a, 0, &f, err) || lo_f2_right_inverse(&f, &r, err)) return err->code;
  return out_f2(o, &r, err);
}

/* One op that takes an F2 layout, and its handler. */
typedef int (*f2_fn)(const char *op, int argc, ev_args a, ev_out *o, lo_err *err);
typedef struct f2_row {
  const char *op;
  f2_fn fn;
} f2_row;

static const f2_row f2_ops[] = {
    {"size", f2_shape_query},
    {"rank", f2_shape_query},
    {"depth", f2_shape_query},
    {"apply", f2_apply},
    {"layout_function", f2_layout_function},
    {"cosize", f2_cosize},
    {"coalesce", f2_coalesce},
    {"coalesce_z", f2_coalesce},
    {"composition", f2_composition},
    {"right_inverse", f2_right_inverse},
};

/* Evaluate op (whose table handler is fn) on arguments of which one or
** more has F2 strides: an op of f2_ops, an op of this file's own (to_f2,
** from_f2, f2_coshape: fn), or a refusal naming the argument. */
int ev_f2_run(const char *op, ev_op_fn fn, int argc, ev_args a, ev_out *o, lo_err *err) {
  for (size_t i = 0; i < sizeof f2_ops / sizeof f2_ops[0]; i++)
    if (strcmp(f2_ops[i].op, op) == 0) return f2_ops[i].fn(op, argc, a, o, err);
  if (fn == op_from_f2 || fn == op_f2_coshape || fn == op_to_f2) return fn(argc, a, o, err);
  for (int i = 0; i < argc; i++)
    if (is_f2(a[i]))
      return lo_fail(err, LO_EUNSUPPORTED,
                     "%s: argument %d: an F2 layout, which this op does not take", op, i + 1);
  return fn(argc, a, o, err);
}

/* The op to_f2 X [N]: the F2 layout of a swizzle over [0, N) (N a power
** of two, the swizzle's period when left out), or of a composed or plain
** layout over its domain. */
int op_to_f2(int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_f2 f;
  lo_kind k = lo_kind_of(a[0]);
  if (is_f2(a[0]))
    return lo_fail(err, LO_EUNSUPPORTED, "to_f2: argument 1 is an F2 layout already");
  if (k == LO_KIND_SWIZZLE) {
    lo_swizzle sw;
    lo_int n;
    if (lo_parse_swizzle(a[0], &sw, err)) return ev_arg_fail(0, err);
    if (argc > 1) {
      if (ev_get_int(a, 1, &n, err)) return err->code;
    } else {
      n = lo_swizzle_period(&sw);
    }
    if (lo_f2_of_swizzle(&sw, n, &f, err)) return err->code;
    return out_f2(o, &f, err);
  }
  if (k != LO_KIND_COMPOSED && k != LO_KIND_LAYOUT)
    return lo_fail(err, LO_EUNSUPPORTED,
                   "to_f2: argument 1 is a swizzle, a composed layout or a layout");
  if (argc > 1)
    return lo_fail(err, LO_EUNSUPPORTED,
                   "to_f2: a composed layout's domain is its own; N goes with a swizzle only");
  lo_composed c;
  if (lo_parse_composed(a[0], &c, err)) return ev_arg_fail(0, err);
  if (c.inner.is_tiler) return lo_fail(err, LO_EUNSUPPORTED, "to_f2: argument 1 is a tiler");
  if (lo_f2_of_composed(&c, &f, err)) return err->code;
  return out_f2(o, &f, err);
}

/* The op from_f2 F: the swizzle equal to F on [0, size F). */
int op_from_f2(int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_f2 f;
  lo_swizzle sw;
  char b[96];
  (void)argc;
  if (!is_f2(a[0]))
    return lo_fail(err, LO_EUNSUPPORTED, "from_f2: argument 1 is a layout with F2 strides");
  if (get_f2(a, 0, &f, err) || lo_f2_to_swizzle(&f, &sw, err)) return err->code;
  lo_print_swizzle(&sw, b, sizeof b);
  ev_out_str(o, b);
  return LO_OK;
}

/* The op f2_coshape F: PyCuTe's coshape, the power-of-two bound. */
int op_f2_coshape(int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_f2 f;
  lo_int v;
  (void)argc;
  if (!is_f2(a[0]))
    return lo_fail(err, LO_EUNSUPPORTED, "f2_coshape: argument 1 is a layout with F2 strides");
  if (get_f2(a, 0, &f, err) || lo_f2_coshape(&f, &v, err)) return err->code;
  ev_out_int(o, v);
  return LO_OK;
}
