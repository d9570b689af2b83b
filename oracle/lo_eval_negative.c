/*
** lo_eval_negative.c -- ops on layouts with negative strides.  The layout
** readers of the other handlers (lo_parse_layout) refuse a negative
** stride; lo_eval routes a request whose arguments hold one here
** (ev_has_negative), and only the ops of the table below, each audited
** for strides of either sign, answer it.  Every other op refuses it with
** an error naming the op, the argument and the stride, and the op's cute_
** twin where that answers.  The contracts are in docs/ops.md ("Negative
** strides").
*/
#include "lo_eval_internal.h"

#include <stdio.h>
#include <string.h>

/* Whether some argument holds a negative stride, by its syntax: a '-'
** before a digit somewhere after a ':' ("-->" of a morphism and the
** negative template integers of the cute_ ops hold no such '-'). */
int ev_has_negative(int argc, ev_args a) {
  for (int i = 0; i < argc; i++) {
    const char *colon = strchr(a[i], ':');
    if (!colon) continue;
    for (const char *m = strchr(colon, '-'); m; m = strchr(m + 1, '-'))
      if (m[1] >= '0' && m[1] <= '9') return 1;
  }
  return 0;
}

/* Argument i, a layout whose strides may be negative (a tiler too when
** tiler_ok is EV_TILER). */
static int get_signed(ev_args a, int i, lo_layout *l, int tiler_ok, lo_err *err) {
  return ev_get_layout_signed(a, i, l, tiler_ok, err);
}

/* The ops apply and cute_apply L x: CuTe's L(x), x an integer (the last
** mode runs on) or a coordinate. */
static int neg_apply(int cute, int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_layout l;
  lo_int v;
  (void)argc;
  if (get_signed(a, 0, &l, 0, err) || ev_apply_at(&l, a, 1, cute, &v, err)) return err->code;
  ev_out_int(o, v);
  return LO_OK;
}
static int neg_op_apply(int argc, ev_args a, ev_out *o, lo_err *err) {
  return neg_apply(0, argc, a, o, err);
}
static int neg_op_cute_apply(int argc, ev_args a, ev_out *o, lo_err *err) {
  return neg_apply(1, argc, a, o, err);
}

/* The op layout_function L: [L(0),...,L(size-1)], at most
** LO_EVAL_ENUM_LIMIT values, printed as they are computed. */
static int neg_op_layout_function(int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_layout l;
  lo_int n, v;
  (void)argc;
  if (get_signed(a, 0, &l, 0, err) || lo_size(&l, &n, err)) return err->code;
  if (n > LO_EVAL_ENUM_LIMIT)
    return lo_fail(err, LO_ELIMIT, "size %lld is too large to enumerate (limit %lld)", (long long)n,
                   (long long)LO_EVAL_ENUM_LIMIT);
  ev_out_str(o, "[");
  for (lo_int x = 0; x < n && !o->full; x++) {
    if (lo_apply(&l, x, &v, err)) return err->code;
    if (x) ev_out_str(o, ",");
    ev_out_int(o, v);
  }
  ev_out_str(o, "]");
  return LO_OK;
}

/* The ops size and cute_size L [i [j [k]]]: the product of the shape (of
** mode i,j,k for cute_size). */
static int neg_op_size(int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_layout l;
  lo_int n;
  if (get_signed(a, 0, &l, 0, err) || (argc > 1 && ev_cute_path(&l, argc, a, 1, err)) ||
      lo_size(&l, &n, err))
    return err->code;
  ev_out_int(o, n);
  return LO_OK;
}

/* The op cute_cosize L [i [j [k]]]: CuTe's cosize, 1 + sum of (s-1)|d|. */
static int neg_op_cute_cosize(int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_layout l;
  lo_int c;
  if (get_signed(a, 0, &l, 0, err) || ev_cute_path(&l, argc, a, 1, err) ||
      lo_cute_cosize_span(&l, &c, err))
    return err->code;
  ev_out_int(o, c);
  return LO_OK;
}

/* The op cosize L: 1 + the largest value of L, which CuTe's cosize (the
** span of the image) is where the least value is 0 (the negative strides
** all on modes of size 1); otherwise an error naming CuTe's answer and
** both bounds. */
static int neg_op_cosize(int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_layout l;
  lo_int c, lo, hi;
  (void)argc;
  if (get_signed(a, 0, &l, 0, err) || lo_cute_cosize_span(&l, &c, err) ||
      lo_image_bounds(&l, &lo, &hi, err))
    return err->code;
  if (lo == 0) { /* every negative stride on a mode of size 1: the span is hi + 1 */
    ev_out_int(o, c);
    return LO_OK;
  }
  int at = lo_negative_stride_at(&l);
  return lo_fail(err, LO_EUNDEF,
                 "cosize: stride %lld (entry %d) is negative: the image is [%lld, %lld]; CuTe's "
                 "cosize is %lld (its span, cute_cosize), 1 + the largest value is %lld",
                 (long long)l.stride[at], at + 1, (long long)lo, (long long)hi, (long long)c,
                 (long long)hi + 1);
}

/* The ops flatten and cute_flatten L (a flat layout; CuTe keeps s:d). */
static int neg_op_flatten(int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_layout l, r;
  (void)argc;
  if (get_signed(a, 0, &l, 0, err)) return err->code;
  if (l.shape.len == 1 && l.shape.ntok == 1)
    r = l;
  else
    lo_layout_flatten(&l, &r);
  ev_out_layout(o, &r);
  return LO_OK;
}

/* The ops coalesce and cute_coalesce L [P]: CuTe's coalesce, which keeps
** the function for strides of either sign (a mode s0:d0 merges into the
** next s1:d1 only when d1 = s0*d0, an identity of integers). */
static int neg_op_coalesce(int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_layout l, r;
  lo_tuple p;
  if (get_signed(a, 0, &l, 0, err) || (argc > 1 && ev_get_profile(a, 1, &p, err)) ||
      lo_cute_coalesce(&l, argc > 1 ? &p : NULL, &r, err))
    return err->code;
  ev_out_layout(o, &r);
  return LO_OK;
}

/* The ops filter and cute_filter L: CuTe's filter (stride-0 and size-1
** modes dropped, then coalesce). */
static int neg_op_filter(int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_layout l, r;
  (void)argc;
  if (get_signed(a, 0, &l, 0, err) || lo_cute_filter(&l, &r, err)) return err->code;
  ev_out_layout(o, &r);
  return LO_OK;
}

/* The op print_layout L: CuTe's grid (cells as wide as CuTe's cosize). */
static int neg_op_print_layout(int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_layout l;
  (void)argc;
  if (get_signed(a, 0, &l, 0, err)) return err->code;
  return ev_print_grid(&l, o, err);
}

/* Argument 1 of composition: '_' (A itself), or a layout or tiler. */
static int is_underscore(const char *s) {
  while (*s == ' ' || *s == '\t') s++;
  if (*s++ != '_') return 0;
  while (*s == ' ' || *s == '\t') s++;
  return *s == 0;
}

/* CuTe's composition(A, B) of the arguments into r. */
static int compose_args(ev_args a, lo_layout *r, lo_err *err) {
  lo_layout x, y;
  if (get_signed(a, 0, &x, 0, err)) return err->code;
  if (is_underscore(a[1])) {
    lo_layout_copy(r, &x);
    return LO_OK;
  }
  if (get_signed(a, 1, &y, EV_TILER, err)) return err->code;
  return lo_cute_composition_signed(&x, &y, r, err);
}

/* The op cute_composition A B|A <B..>|A _: CuTe's composition. */
static int neg_op_cute_composition(int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_layout r;
  (void)argc;
  if (compose_args(a, &r, err)) return err->code;
  ev_out_layout(o, &r);
  return LO_OK;
}

/* The op composition A B: CuTe's composition where it meets CuTe's
** postcondition, R(i) = A(B(i)) for every i in [0, size B) (A evaluated
** as CuTe evaluates it at any integer, lo_cute_apply_int) and size R =
** size B, checked point by point (size B at most LO_EVAL_ENUM_LIMIT); an
** error naming CuTe's answer otherwise.  A tiler B is refused. */
static int neg_op_composition(int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_layout x, y, r;
  lo_int nb, nr, vb, va, vr;
  char text[256];
  (void)argc;
  if (get_signed(a, 0, &x, 0, err) || get_signed(a, 1, &y, EV_TILER, err)) return err->code;
  if (y.is_tiler || is_underscore(a[1]))
    return lo_fail(err, LO_EUNSUPPORTED,
                   "composition: a tiler with negative strides is checked by cute_composition "
                   "only (the plain op checks a layout B point by point)");
  if (lo_cute_composition_signed(&x, &y, &r, err)) return err->code;
  if (lo_print_layout(&r, text, sizeof text) != LO_OK) strcpy(text, "(too long to show)");
  if (lo_size(&y, &nb, err) || lo_size(&r, &nr, err)) return err->code;
  if (nb > LO_EVAL_ENUM_LIMIT)
    return lo_fail(err, LO_ELIMIT,
                   "composition: size of B %lld is too large to check CuTe's answer %s "
                   "(limit %lld)",
                   (long long)nb, text, (long long)LO_EVAL_ENUM_LIMIT);
  if (nr != nb)
    return lo_fail(err, LO_EUNDEF, "composition: CuTe's answer %s has size %lld, B has %lld", text,
                   (long long)nr, (long long)nb);
  for (lo_int i = 0; i < nb; i++) {
    if (lo_apply(&y, i, &vb, err) || lo_cute_apply_int(&x, vb, &va, err) ||
        lo_apply(&r, i, &vr, err))
      return err->code;
    if (va != vr)
      return lo_fail(err, LO_EUNDEF,
                     "composition: CuTe's answer %s is not A o B: at %lld it is %lld, "
                     "A(B(%lld)) = A(%lld) = %lld",
                     text, (long long)i, (long long)vr, (long long)i, (long long)vb, (long long)va);
  }
  ev_out_layout(o, &r);
  return LO_OK;
}

/* Whether some shape of l is below 1 (CuTe's answers on negative strides
** can have such shapes). */
static int bad_shape(const lo_layout *l) {
  for (int i = 0; i < l->shape.len; i++)
    if (l->shape.leaf[i] < 1) return 1;
  return 0;
}

/* Text of l for a message: into buf, or a note that it is too long. */
static const char *shown(const lo_layout *l, char *buf, size_t cap) {
  if (lo_print_layout(l, buf, cap) != LO_OK) snprintf(buf, cap, "(too long to show)");
  return buf;
}

/* The cotarget of complement's argument i: an integer, a shape, or a
** layout's shape (CuTe takes shape(N)). */
static int get_cotarget(ev_args a, int i, lo_tuple *n, lo_err *err) {
  lo_layout l;
  if (strchr(a[i], ':')) {
    if (get_signed(a, i, &l, 0, err)) return err->code;
    lo_tuple_copy(n, &l.shape);
    return LO_OK;
  }
  return ev_get_cotarget(a, i, n, err);
}

/* CuTe's answer of complement, the inverses, the divides and the products
** into r, by op name without "cute_". */
static int cute_answer(const char *op, int argc, ev_args a, lo_layout *r, lo_err *err) {
  lo_layout x, y;
  lo_tuple n;
  if (get_signed(a, 0, &x, 0, err)) return err->code;
  if (strcmp(op, "complement") == 0) {
    if (argc > 1 && get_cotarget(a, 1, &n, err)) return err->code;
    return lo_cute_complement_signed(&x, argc > 1 ? &n : NULL, r, err);
  }
  if (strcmp(op, "right_inverse") == 0) return lo_cute_right_inverse(&x, r, err);
  if (strcmp(op, "left_inverse") == 0) return lo_cute_left_inverse_signed(&x, r, err);
  static const char *const tile[] = {"logical_divide", "zipped_divide",   "tiled_divide",
                                     "flat_divide",    "logical_product", "zipped_product",
                                     "tiled_product",  "flat_product"};
  if (strcmp(op, "blocked_product") == 0 || strcmp(op, "raked_product") == 0) {
    if (get_signed(a, 1, &y, 0, err)) return err->code;
    return lo_cute_rank_product_signed(op[0] == 'r', &x, &y, r, err);
  }
  for (int k = 0; k < 8; k++)
    if (strcmp(op, tile[k]) == 0) {
      if (get_signed(a, 1, &y, EV_TILER_MAKE, err)) return err->code;
      return lo_cute_tile_signed(k < 4, k % 4 - 1, &x, &y, r, err);
    }
  return lo_fail(err, LO_EUNSUPPORTED, "%s does not take negative strides", op);
}

/* The cute_ twins of complement, the inverses, the divides and products. */
static int neg_op_cute_tile(const char *op, int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_layout r;
  if (cute_answer(op, argc, a, &r, err)) return err->code;
  ev_out_layout(o, &r);
  return LO_OK;
}

/* The op right_inverse L: CuTe's answer where L(R(i)) = i for every i in
** [0, size R) (CuTe's postcondition), checked point by point; an error
** naming CuTe's answer otherwise. */
static int neg_op_right_inverse(int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_layout l, r;
  lo_int n, v, w;
  char text[256];
  if (cute_answer("right_inverse", argc, a, &r, err) || get_signed(a, 0, &l, 0, err) ||
      lo_size(&r, &n, err))
    return err->code;
  if (n > LO_EVAL_ENUM_LIMIT)
    return lo_fail(err, LO_ELIMIT, "right_inverse: CuTe's answer %s is too large to check",
                   shown(&r, text, sizeof text));
  for (lo_int i = 0; i < n; i++) {
    if (lo_apply(&r, i, &v, err) || lo_apply(&l, v, &w, err)) return err->code;
    if (w != i)
      return lo_fail(err, LO_EUNDEF,
                     "right_inverse: CuTe's answer %s is not a right inverse: L(R(%lld)) = "
                     "L(%lld) = %lld",
                     shown(&r, text, sizeof text), (long long)i, (long long)v, (long long)w);
  }
  ev_out_layout(o, &r);
  return LO_OK;
}

/* The op left_inverse L: CuTe's answer where its shapes are positive and
** L(R(L(i))) = L(i) for every i in [0, size L) (CuTe's postcondition; R
** at L(i) < 0 evaluated as CuTe evaluates it, lo_cute_apply_int), checked
** point by point; an error naming CuTe's answer otherwise. */
static int neg_op_left_inverse(int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_layout l, r;
  lo_int n, u, v, w;
  char text[256];
  if (cute_answer("left_inverse", argc, a, &r, err) || get_signed(a, 0, &l, 0, err) ||
      lo_size(&l, &n, err))
    return err->code;
  if (bad_shape(&r))
    return lo_fail(err, LO_EUNDEF,
                   "left_inverse: CuTe's answer %s has a shape below 1 (cute_left_inverse)",
                   shown(&r, text, sizeof text));
  if (n > LO_EVAL_ENUM_LIMIT)
    return lo_fail(err, LO_ELIMIT, "left_inverse: CuTe's answer %s is too large to check",
                   shown(&r, text, sizeof text));
  for (lo_int i = 0; i < n; i++) {
    if (lo_apply(&l, i, &u, err) || lo_cute_apply_int(&r, u, &v, err) ||
        lo_cute_apply_int(&l, v, &w, err))
      return err->code;
    if (w != u)
      return lo_fail(err, LO_EUNDEF,
                     "left_inverse: CuTe's answer %s is not a left inverse: L(R(L(%lld))) = "
                     "L(R(%lld)) = L(%lld) = %lld",
                     shown(&r, text, sizeof text), (long long)i, (long long)u, (long long)v,
                     (long long)w);
  }
  ev_out_layout(o, &r);
  return LO_OK;
}

/* The plain complement, divides and products on negative strides: an
** error naming CuTe's answer (their contracts, an increasing complement
** disjoint from the image, are not checked on negative strides). */
static int neg_op_plain_tile(const char *op, int argc, ev_args a, lo_err *err) {
  lo_layout r;
  char text[256];
  if (cute_answer(op, argc, a, &r, err)) return err->code;
  return lo_fail(err, LO_EUNSUPPORTED,
                 "%s: the plain op does not take negative strides; CuTe's answer is %s "
                 "(cute_%s)",
                 op, shown(&r, text, sizeof text), op);
}

/* The ops that take negative strides. */
typedef struct neg_row {
  const char *name;
  ev_op_fn fn; /* NULL: CuTe's answer (cute_ twins), or the plain refusal naming it */
} neg_row;

static const neg_row neg_ops[] = {
    {"apply", neg_op_apply},
    {"cute_apply", neg_op_cute_apply},
    {"layout_function", neg_op_layout_function},
    {"size", neg_op_size},
    {"cute_size", neg_op_size},
    {"cosize", neg_op_cosize},
    {"cute_cosize", neg_op_cute_cosize},
    {"flatten", neg_op_flatten},
    {"cute_flatten", neg_op_flatten},
    {"coalesce", neg_op_coalesce},
    {"cute_coalesce", neg_op_coalesce},
    {"filter", neg_op_filter},
    {"cute_filter", neg_op_filter},
    {"print_layout", neg_op_print_layout},
    {"composition", neg_op_composition},
    {"cute_composition", neg_op_cute_composition},
    {"complement", NULL},
    {"cute_complement", NULL},
    {"right_inverse", neg_op_right_inverse},
    {"cute_right_inverse", NULL},
    {"left_inverse", neg_op_left_inverse},
    {"cute_left_inverse", NULL},
    {"logical_divide", NULL},
    {"cute_logical_divide", NULL},
    {"zipped_divide", NULL},
    {"cute_zipped_divide", NULL},
    {"tiled_divide", NULL},
    {"cute_tiled_divide", NULL},
    {"cute_flat_divide", NULL},
    {"logical_product", NULL},
    {"cute_logical_product", NULL},
    {"zipped_product", NULL},
    {"cute_zipped_product", NULL},
    {"tiled_product", NULL},
    {"cute_tiled_product", NULL},
    {"cute_flat_product", NULL},
    {"cute_blocked_product", NULL},
    {"cute_raked_product", NULL},
};
#define N_NEG_OPS ((int)(sizeof neg_ops / sizeof neg_ops[0]))

/* The row of the op named op, or NULL. */
static const neg_row *find_neg(const char *op) {
  for (int i = 0; i < N_NEG_OPS; i++)
    if (strcmp(neg_ops[i].name, op) == 0) return &neg_ops[i];
  return NULL;
}

/* Whether op takes negative strides. */
int ev_negative_ok(const char *op) { return find_neg(op) != NULL; }

/* The refusal of op, which does not take negative strides: the first
** argument with one (or its parse error) named. */
static int refuse(const char *op, int argc, ev_args a, lo_err *err) {
  char twin[64];
  int has_twin = strncmp(op, "cute_", 5) != 0 && strlen(op) + 6 <= sizeof twin;
  if (has_twin) {
    strcpy(twin, "cute_");
    strcat(twin, op);
    has_twin = find_neg(twin) != NULL;
  }
  for (int i = 0; i < argc; i++) {
    lo_layout l;
    if (!strchr(a[i], ':')) continue;
    if (ev_get_layout_signed(a, i, &l, EV_TILER, err)) return err->code;
    int at = lo_negative_stride_at(&l);
    if (at < 0) continue;
    return lo_fail(err, LO_EUNSUPPORTED,
                   "%s does not take negative strides (argument %d: stride %lld at entry %d)%s%s%s",
                   op, i + 1, (long long)l.stride[at], at + 1, has_twin ? "; " : "",
                   has_twin ? twin : "", has_twin ? " answers CuTe's" : "");
  }
  return lo_fail(err, LO_EUNSUPPORTED, "%s does not take negative strides", op);
}

/* Run op (handler fn for non-negative strides) on arguments that hold a
** negative stride: its handler here, or its refusal. */
int ev_negative_run(const char *op, int argc, ev_args a, ev_out *o, lo_err *err) {
  const neg_row *r = find_neg(op);
  if (!r) return refuse(op, argc, a, err);
  if (r->fn) return r->fn(argc, a, o, err);
  if (strncmp(op, "cute_", 5) == 0) return neg_op_cute_tile(op + 5, argc, a, o, err);
  return neg_op_plain_tile(op, argc, a, err);
}
