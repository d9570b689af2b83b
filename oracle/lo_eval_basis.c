/*
** lo_eval_basis.c -- the ops of lo_eval on coordinate layouts (lo.h
** section 18): lo_eval sends here every request with an argument holding
** a scaled basis ('@'), and runs make_identity_layout from its table.
**
** The queries of the domain (size, rank, depth, shape) are those of the
** shape; the functions on modes (cute_get, cute_take, cute_select,
** cute_group, flatten and cute_flatten) move strides without arithmetic
** and run on the stand-ins as the algebra does.  apply, layout_function, the stride, cosize and
*coshape read the
** layout themselves.  coalesce, composition (the coordinate layout
** first) and the divides run the table's integer op on the layout's two
** integer stand-ins (lo_basis_encode) and read the answer back
** (lo_basis_decode): the cute_ op answers that, bit for bit CuTe's; the
** plain op answers the same after checking CuTe's postcondition at every
** point: result(c) = A(I(c)), I the op's answer on the compact layout of
** A's shape (for composition with B, I(c) = B(c)).
*/
#include "lo_eval_internal.h"

#include <string.h>

#define BASIS_TEXT 8192 /* a layout's text, a stand-in answer's */

/* Any argument holding a scaled basis? */
int ev_has_basis(int argc, ev_args a) {
  for (int i = 0; i < argc; i++)
    if (strchr(a[i], '@')) return 1;
  return 0;
}

/* Argument i as a coordinate layout. */
static int get_basis(ev_args a, int i, lo_basis_layout *l, lo_err *err) {
  return lo_parse_basis_layout(a[i], l, err) ? ev_arg_fail(i, err) : LO_OK;
}

/* Print a coordinate layout into o. */
static void out_basis_layout(ev_out *o, const lo_basis_layout *l) {
  char b[BASIS_TEXT];
  if (lo_print_basis_layout(l, b, sizeof b)) {
    o->full = 1;
    return;
  }
  ev_out_str(o, b);
}

/* Print a coordinate into o. */
static void out_coord(ev_out *o, const lo_coord *c) {
  char b[BASIS_TEXT];
  if (lo_print_coord(c, b, sizeof b)) {
    o->full = 1;
    return;
  }
  ev_out_str(o, b);
}

/* Whether the op is a cute_ twin. */
static int is_cute(const char *op) { return strncmp(op, "cute_", 5) == 0; }

/* Refuse a coordinate layout anywhere but argument 0. */
static int only_first(const char *op, int argc, ev_args a, lo_err *err) {
  for (int i = 1; i < argc; i++)
    if (strchr(a[i], '@'))
      return lo_fail(err, LO_EUNSUPPORTED,
                     "%s: argument %d: only the first argument may be a coordinate layout "
                     "(a stride N@i)",
                     op, i + 1);
  return LO_OK;
}

/* apply and cute_apply L x|L (c..): l at an index or a coordinate; the
** plain op writes a single scaled basis as the tuple it stands for. */
static int b_apply(const char *op, int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_basis_layout l;
  lo_tuple c;
  lo_coord v;
  (void)argc;
  if (only_first(op, 2, a, err) || get_basis(a, 0, &l, err)) return err->code;
  if (lo_parse_index(a[1], &c, err)) return ev_arg_fail(1, err);
  if (lo_basis_apply_at(&l, &c, &v, err)) return err->code;
  if (!is_cute(op) && lo_coord_as_tuple(&v, &v, err)) return err->code;
  out_coord(o, &v);
  return LO_OK;
}

/* layout_function L: [L(0),...,L(size-1)], each as the plain apply. */
static int b_layout_function(const char *op, int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_basis_layout l;
  lo_int size;
  (void)argc;
  if (get_basis(a, 0, &l, err) || lo_tuple_size(&l.shape, &size, err)) return err->code;
  if (size > LO_BASIS_POINTS_LIMIT)
    return lo_fail(err, LO_ELIMIT, "%s: size %lld is too large to list (limit %lld)", op,
                   (long long)size, (long long)LO_BASIS_POINTS_LIMIT);
  ev_out_str(o, "[");
  for (lo_int x = 0; x < size && !o->full; x++) {
    lo_coord v;
    if (lo_basis_apply(&l, x, &v, err) || lo_coord_as_tuple(&v, &v, err)) return err->code;
    if (x) ev_out_str(o, ",");
    out_coord(o, &v);
  }
  ev_out_str(o, "]");
  return LO_OK;
}

/* cute_stride L: the stride tuple. */
static int b_stride(const char *op, int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_basis_layout l;
  char b[BASIS_TEXT];
  if (argc > 1)
    return lo_fail(err, LO_EUNSUPPORTED, "%s of a coordinate layout takes no mode indices", op);
  if (get_basis(a, 0, &l, err)) return err->code;
  if (lo_print_basis_layout(&l, b, sizeof b))
    return lo_fail(err, LO_ESPACE, "%s: the layout's text is too long", op);
  ev_out_str(o, strchr(b, ':') + 1); /* a shape has no ':' */
  return LO_OK;
}

/* The size of a coordinate: the product of its entries. */
static int coord_product(const lo_coord *c, lo_int *out, lo_err *err) {
  if (c->kind != LO_COORD_TUPLE) {
    *out = c->b.value;
    return LO_OK;
  }
  return lo_tuple_size(&c->t, out, err);
}

/* cute_coshape and cute_cosize, CuTe's (cosize is the size of the
** coshape), and cosize, the same: the box the image fills, 1 + the
** largest value in each entry of the coordinates (for strides >= 0 the
** image's corner is CL at its last coordinate). */
static int b_coshape(const char *op, int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_basis_layout l;
  lo_coord c;
  lo_int n;
  if (argc > 1)
    return lo_fail(err, LO_EUNSUPPORTED, "%s of a coordinate layout takes no mode indices", op);
  if (get_basis(a, 0, &l, err) || lo_basis_coshape(&l, &c, err)) return err->code;
  if (strstr(op, "coshape")) {
    out_coord(o, &c);
    return LO_OK;
  }
  if (coord_product(&c, &n, err)) return err->code;
  ev_out_int(o, n);
  return LO_OK;
}

/* Run fn on argv into a local buffer: its text in buf. */
static int run_into(ev_op_fn fn, int argc, ev_args argv, char *buf, size_t cap, lo_err *err) {
  ev_out r;
  memset(&r, 0, sizeof r);
  r.p = buf;
  r.cap = cap;
  buf[0] = 0;
  int rc = fn(argc, argv, &r, err);
  if (rc) return rc;
  if (r.full) return lo_fail(err, LO_ESPACE, "result longer than %zu bytes", cap);
  return LO_OK;
}

/* fn run on the stand-ins of the coordinate layout l in argument 0 (the
** other arguments as given): its answer read back into out; or, when the
** answer is no layout (a size, a shape), its text into text. */
static int by_standins(ev_op_fn fn, const lo_basis_layout *l, int argc, ev_args a,
                       lo_basis_layout *out, int *is_layout, char *text, size_t cap, lo_err *err) {
  lo_basis_code code;
  lo_layout enc[2], r[2];
  char arg0[2][BASIS_TEXT], ans[BASIS_TEXT];
  const char *argv[8];
  int rc;
  if (argc > 8) return lo_fail(err, LO_EUNSUPPORTED, "too many arguments");
  if ((rc = lo_basis_encode(l, &code, &enc[0], &enc[1], err))) return ev_arg_fail(0, err);
  for (int k = 0; k < 2; k++) {
    if (lo_print_layout(&enc[k], arg0[k], sizeof arg0[k]))
      return lo_fail(err, LO_ESPACE, "argument 1 is too long");
    argv[0] = arg0[k];
    for (int i = 1; i < argc; i++) argv[i] = a[i];
    if ((rc = run_into(fn, argc, argv, k ? ans : text, k ? sizeof ans : cap, err))) return rc;
    const char *t = k ? ans : text;
    *is_layout = strchr(t, ':') != NULL;
    if (!*is_layout) return LO_OK; /* a size, a rank, a shape: the stand-in's */
    if (lo_parse_layout(t, &r[k], err))
      return lo_fail(err, LO_EUNDEF, "the stand-in answer %.80s does not parse", t);
  }
  return lo_basis_decode(&code, &r[0], &r[1], out, err);
}

/* fn, an op that moves strides without arithmetic (the functions on
** modes), on the layout l in argument 0: run on l with leaf i's stride
** i + 1, each stride of its answer names the leaf of l it came from. */
static int by_moves(ev_op_fn fn, const lo_basis_layout *l, int argc, ev_args a, ev_out *o,
                    lo_err *err) {
  lo_int d[LO_MAX_LEAVES];
  lo_layout enc, r;
  lo_basis_layout out;
  char arg0[BASIS_TEXT], ans[BASIS_TEXT];
  const char *argv[8];
  if (argc > 8) return lo_fail(err, LO_EUNSUPPORTED, "too many arguments");
  for (int i = 0; i < l->shape.len; i++) d[i] = i + 1;
  if (lo_layout_make(&l->shape, d, &enc, err)) return err->code;
  if (lo_print_layout(&enc, arg0, sizeof arg0))
    return lo_fail(err, LO_ESPACE, "argument 1 is too long");
  argv[0] = arg0;
  for (int i = 1; i < argc; i++) argv[i] = a[i];
  if (run_into(fn, argc, argv, ans, sizeof ans, err)) return err->code;
  if (!strchr(ans, ':')) {
    ev_out_str(o, ans);
    return LO_OK;
  }
  if (lo_parse_layout(ans, &r, err))
    return lo_fail(err, LO_EUNDEF, "the stand-in answer %.80s does not parse", ans);
  lo_tuple_copy(&out.shape, &r.shape);
  for (int i = 0; i < r.shape.len; i++) {
    if (r.stride[i] < 1 || r.stride[i] > l->shape.len)
      return lo_fail(err, LO_EUNDEF, "stride %d of the answer is no stride of the layout", i + 1);
    out.stride[i] = l->stride[r.stride[i] - 1];
  }
  out_basis_layout(o, &out);
  return LO_OK;
}

/* The plain op's check of CuTe's answer r for the op fn on a:
** r(x) = a(I(x)) at every x < size(r), I the op's answer on the identity
** layout of a's shape (for composition with B, the coordinate of B(x) in
** a's shape, each mode running on as CuTe's by-mode ops let it), and
** a(c) the sum over a's leaves of c's entry there times the leaf's
** stride.  Where CuTe's arithmetic has no value (an integer beside a
** basis) r and a(I(x)) must both have none. */
static int check_points(const char *op, ev_op_fn fn, const lo_basis_layout *a, int argc,
                        ev_args args, const lo_basis_layout *r, lo_err *err) {
  lo_basis_layout id, ir;
  char t[BASIS_TEXT];
  int is_layout = 0;
  lo_int size;
  if (lo_basis_identity(&a->shape, &id, err) ||
      by_standins(fn, &id, argc, args, &ir, &is_layout, t, sizeof t, err) ||
      lo_tuple_size(&r->shape, &size, err))
    return err->code;
  if (!is_layout) return lo_fail(err, LO_EUNDEF, "%s on the identity layout gives no layout", op);
  if (size > LO_BASIS_POINTS_LIMIT)
    return lo_fail(err, LO_ELIMIT, "%s: size %lld is too large to check (limit %lld)", op,
                   (long long)size, (long long)LO_BASIS_POINTS_LIMIT);
  for (lo_int x = 0; x < size; x++) {
    lo_int crd[LO_MAX_LEAVES];
    lo_coord c, u, v;
    lo_err ue, ve;
    if (lo_basis_apply(&ir, x, &c, err)) return err->code;
    for (int k = 0; k < a->shape.len; k++) crd[k] = lo_coord_get(&c, &id.stride[k]);
    int ru = lo_basis_apply(r, x, &u, &ue), rv = lo_basis_apply_leaves(a, crd, &v, &ve);
    if (ru && rv) continue; /* no value on either side */
    if (ru || rv)
      return lo_fail(err, LO_EUNDEF, "at %lld %s: %s", (long long)x,
                     ru ? "the answer has no value" : "A has no value at I(x)",
                     ru ? ue.msg : ve.msg);
    if (!lo_coord_equal(&u, &v)) {
      char su[128], sv[128];
      lo_print_coord(&u, su, sizeof su);
      lo_print_coord(&v, sv, sizeof sv);
      return lo_fail(err, LO_EUNDEF, "at %lld the answer gives %s where A(I(%lld)) is %s",
                     (long long)x, su, (long long)x, sv);
    }
  }
  return LO_OK;
}

/* The table of ops a coordinate layout may be argument 1 of. */
typedef int (*b_fn)(const char *op, int argc, ev_args a, ev_out *o, lo_err *err);
typedef struct b_row {
  const char *op;
  b_fn own;            /* a handler of its own, or NULL: by the stand-ins */
  const char *checked; /* the plain op's cute_ twin, whose answer it checks */
  int shape_only;      /* the op reads the shape alone; 2: it moves strides, no arithmetic */
} b_row;

static const b_row b_ops[] = {
    {"apply", b_apply, NULL, 0},
    {"cute_apply", b_apply, NULL, 0},
    {"layout_function", b_layout_function, NULL, 0},
    {"cute_stride", b_stride, NULL, 0},
    {"cosize", b_coshape, NULL, 0},
    {"cute_cosize", b_coshape, NULL, 0},
    {"cute_coshape", b_coshape, NULL, 0},
    {"size", NULL, NULL, 1},
    {"rank", NULL, NULL, 1},
    {"depth", NULL, NULL, 1},
    {"cute_size", NULL, NULL, 1},
    {"cute_rank", NULL, NULL, 1},
    {"cute_depth", NULL, NULL, 1},
    {"cute_shape", NULL, NULL, 1},
    {"cute_get", NULL, NULL, 2},
    {"cute_flatten", NULL, NULL, 2},
    {"cute_take", NULL, NULL, 2},
    {"cute_select", NULL, NULL, 2},
    {"cute_group", NULL, NULL, 2},
    {"flatten", NULL, NULL, 2},
    {"cute_coalesce", NULL, NULL, 0},
    {"cute_composition", NULL, NULL, 0},
    {"cute_logical_divide", NULL, NULL, 0},
    {"cute_zipped_divide", NULL, NULL, 0},
    {"cute_tiled_divide", NULL, NULL, 0},
    {"cute_flat_divide", NULL, NULL, 0},
    {"coalesce", NULL, "cute_coalesce", 0},
    {"composition", NULL, "cute_composition", 0},
    {"logical_divide", NULL, "cute_logical_divide", 0},
    {"zipped_divide", NULL, "cute_zipped_divide", 0},
    {"tiled_divide", NULL, "cute_tiled_divide", 0},
};

/* Evaluate op (whose table handler is fn) on arguments of which one or
** more holds a scaled basis; see the file's head. */
int ev_basis_run(const char *op, ev_op_fn fn, int argc, ev_args a, ev_out *o, lo_err *err) {
  const b_row *r = NULL;
  for (size_t i = 0; i < sizeof b_ops / sizeof b_ops[0]; i++)
    if (strcmp(b_ops[i].op, op) == 0) r = &b_ops[i];
  if (!r)
    return lo_fail(err, LO_EUNSUPPORTED, "%s does not take a coordinate layout (a stride N@i)", op);
  if (only_first(op, argc, a, err)) return err->code;
  if (r->own) return r->own(op, argc, a, o, err);
  lo_basis_layout l, res;
  char text[BASIS_TEXT];
  int is_layout = 0;
  ev_op_fn run = r->checked ? ev_op_fn_of(r->checked) : fn;
  if (!run) return lo_fail(err, LO_EUNSUPPORTED, "%s: no such op %s", op, r->checked);
  if (get_basis(a, 0, &l, err)) return err->code;
  if (r->shape_only == 2) return by_moves(fn, &l, argc, a, o, err);
  if (r->shape_only) { /* the shape's op: any strides do, zeros here */
    lo_int zero[LO_MAX_LEAVES] = {0};
    lo_layout z;
    const char *argv[8];
    if (argc > 8) return lo_fail(err, LO_EUNSUPPORTED, "too many arguments");
    if (lo_layout_make(&l.shape, zero, &z, err) || lo_print_layout(&z, text, sizeof text))
      return err->code ? err->code : lo_fail(err, LO_ESPACE, "argument 1 is too long");
    argv[0] = text;
    for (int i = 1; i < argc; i++) argv[i] = a[i];
    return fn(argc, argv, o, err);
  }
  if (by_standins(run, &l, argc, a, &res, &is_layout, text, sizeof text, err)) return err->code;
  if (!is_layout) {
    ev_out_str(o, text);
    return LO_OK;
  }
  if (r->checked) {
    char shown[BASIS_TEXT];
    lo_err why;
    int rc = check_points(op, run, &l, argc, a, &res, &why);
    if (rc) {
      if (lo_print_basis_layout(&res, shown, sizeof shown)) shown[0] = 0;
      if (rc == LO_ELIMIT) /* undecided: CuTe's answer is not given unchecked */
        return lo_fail(err, LO_ELIMIT,
                       "%s: CuTe's answer %.100s is not checked: %s (cute_%s "
                       "answers it)",
                       op, shown, why.msg, op);
      return lo_fail(err, LO_EUNDEF, "%s: CuTe's answer %.100s breaks its postcondition: %s", op,
                     shown, why.msg);
    }
  }
  out_basis_layout(o, &res);
  return LO_OK;
}

/* make_identity_layout S and cute_make_identity_layout S. */
int op_make_identity_layout(int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_tuple s;
  lo_basis_layout l;
  (void)argc;
  if (ev_get_tuple(a, 0, &s, err) || lo_basis_identity(&s, &l, err)) return err->code;
  out_basis_layout(o, &l);
  return LO_OK;
}
