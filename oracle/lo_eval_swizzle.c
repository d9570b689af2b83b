/*
** lo_eval_swizzle.c -- the ops of lo_eval on swizzles and composed layouts
** (lo.h section 13).  lo_eval sends here every request with an argument
** written as a swizzle ("Sw<...") or a composed layout ("Sw<...> o ...").
**
** Most ops on a composed layout sw o O o L are CuTe's op on L with the
** swizzle and the offset kept (cute/layout_composed.hpp): they run the
** layout op of the table on L and print "sw o O o " before its answer;
** the identity swizzle Sw<0,M,S> with offset 0 is dropped, as CuTe's
** composition(Swizzle<0,M,S>, Int<0>, L) returns L.  The queries of the
** domain (size, rank, depth, shape) and CuTe's cosize and complement are
** those of L.  apply, layout_function, print_layout, the plain cosize and
** the compositions of swizzles have handlers of their own below.
*/
#include "lo_eval_internal.h"

#include <stdint.h>
#include <string.h>

/* Whether argument text s is a swizzle or a composed layout: "Sw" first
** (after blanks), which no other value starts with. */
static int is_swizzled(const char *s) {
  while (*s == ' ' || *s == '\t') s++;
  return s[0] == 'S' && s[1] == 'w';
}

/* Any argument a swizzle or a composed layout? */
int ev_has_swizzle(int argc, ev_args a) {
  for (int i = 0; i < argc; i++)
    if (is_swizzled(a[i])) return 1;
  return 0;
}

/* Argument i as a composed layout (a plain layout too, plain set). */
static int get_composed(ev_args a, int i, lo_composed *c, lo_err *err) {
  return lo_parse_composed(a[i], c, err) ? ev_arg_fail(i, err) : LO_OK;
}

/* Argument i as a swizzle. */
static int get_swizzle(ev_args a, int i, lo_swizzle *sw, lo_err *err) {
  return lo_parse_swizzle(a[i], sw, err) ? ev_arg_fail(i, err) : LO_OK;
}

/* Whether the op is a cute_ twin. */
static int is_cute(const char *op) { return strncmp(op, "cute_", 5) == 0; }

/* Print "Sw<B,M,S> o O o ", the swizzle and the offset of c. */
static void out_swizzle_offset(ev_out *o, const lo_composed *c) {
  char b[96];
  lo_print_swizzle(&c->sw, b, sizeof b);
  ev_out_str(o, b);
  ev_out_str(o, " o ");
  if (c->smem_bits > 0) {
    ev_out_str(o, "smem_ptr[");
    ev_out_int(o, c->smem_bits);
    ev_out_str(o, "b](unset)");
  } else {
    ev_out_int(o, c->offset);
  }
  ev_out_str(o, " o ");
}

/* Print "Sw<B,M,S> o O o " (nothing for the identity swizzle with offset
** 0, which CuTe's composition drops). */
static void out_prefix(ev_out *o, const lo_composed *c) {
  if (c->sw.bits == 0 && c->smem_bits == 0 && c->offset == 0) return;
  out_swizzle_offset(o, c);
}

/* Print a composed layout as CuTe prints it, its swizzle and offset always
** (also Sw<0,..> o 0, where CuTe keeps them: the recasts' answers). */
void ev_out_composed(ev_out *o, const lo_composed *c) {
  out_swizzle_offset(o, c);
  ev_out_layout(o, &c->inner);
}

/* How an op treats a composed first argument: the layout op on the inner
** layout, its answer wrapped or not; the table's handler (an op made for
** swizzles); an own handler that may answer SW_GO_WRAP: wrap the layout
** op after all. */
enum { SW_WRAP, SW_INNER, SW_DIRECT, SW_COMPOSE_THEN_WRAP };
#define SW_GO_WRAP (-1)

/* Run fn on the inner layout of the composed layout in argument 0 (the
** other arguments as given, none of them swizzled); with wrap, print the
** swizzle and the offset before its answer. */
static int by_inner(const char *op, ev_op_fn fn, int wrap, int argc, ev_args a, ev_out *o,
                    lo_err *err) {
  lo_composed c;
  char text[8192];
  const char *argv[8];
  if (!is_swizzled(a[0]))
    return lo_fail(err, LO_EUNSUPPORTED,
                   "%s: only the first argument may be a composed layout or a swizzle", op);
  if (lo_kind_of(a[0]) != LO_KIND_COMPOSED)
    return lo_fail(err, LO_EUNSUPPORTED, "%s takes a composed layout%s, not a swizzle", op,
                   wrap ? "" : " or a layout");
  for (int i = 1; i < argc; i++)
    if (is_swizzled(a[i]))
      return lo_fail(err, LO_EUNSUPPORTED,
                     "%s: argument %d: only the first argument may be a composed layout", op,
                     i + 1);
  if (get_composed(a, 0, &c, err)) return err->code;
  if (is_cute(op) && lo_swizzle_cute_check(&c.sw, err)) return err->code;
  if (lo_print_layout(&c.inner, text, sizeof text))
    return lo_fail(err, LO_ELIMIT, "the inner layout is longer than %zu bytes", sizeof text);
  if (argc > (int)(sizeof argv / sizeof argv[0]))
    return lo_fail(err, LO_EUNSUPPORTED, "%s: too many arguments", op);
  argv[0] = text;
  for (int i = 1; i < argc; i++) argv[i] = a[i];
  if (wrap) out_prefix(o, &c);
  return fn(argc, argv, o, err);
}

/* CuTe computes a swizzle of an int in int: a result past 2^31-1 (a
** negative shift moving bits up to bit 31) wraps, as CuTe prints it. */
static lo_int cute_int_wrap(lo_int in, lo_int v) {
  if (in < INT32_MIN || in > INT32_MAX) return v;
  return (lo_int)(int32_t)(uint32_t)(uint64_t)v;
}

/* apply and cute_apply: sw(x), or sw(O + L(x)) at an index or a
** coordinate; cute_apply wraps to int as CuTe does (cute_int_wrap). */
static int sw_apply(const char *op, int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_composed c;
  lo_int v;
  (void)argc;
  if (is_swizzled(a[1]))
    return lo_fail(err, LO_EUNSUPPORTED, "%s: argument 2 is an index or a coordinate", op);
  if (lo_kind_of(a[0]) == LO_KIND_SWIZZLE) {
    lo_swizzle sw;
    lo_int x;
    if (get_swizzle(a, 0, &sw, err) || (is_cute(op) && lo_swizzle_cute_check(&sw, err)))
      return err->code;
    if (ev_is_paren(a, 1))
      return lo_fail(err, LO_EUNSUPPORTED, "%s: a swizzle takes an integer, not a coordinate", op);
    if (ev_get_int(a, 1, &x, err) || lo_swizzle_apply(&sw, x, &v, err)) return err->code;
    ev_out_int(o, is_cute(op) ? cute_int_wrap(x, v) : v);
    return LO_OK;
  }
  if (get_composed(a, 0, &c, err)) return err->code;
  if (is_cute(op) && lo_swizzle_cute_check(&c.sw, err)) return err->code;
  lo_int off = c.smem_bits > 0 ? 0 : c.offset;
  lo_int in;
  if (ev_apply_at(&c.inner, a, 1, is_cute(op), &v, err) ||
      lo_add(off, v, &in, "the offset plus the inner layout's value", err) ||
      lo_swizzle_apply(&c.sw, in, &v, err))
    return err->code;
  ev_out_int(o, is_cute(op) ? cute_int_wrap(in, v) : v);
  return LO_OK;
}

/* layout_function: [c(0),...,c(size-1)] of a composed layout. */
static int sw_layout_function(const char *op, int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_composed c;
  lo_int size;
  (void)argc;
  if (lo_kind_of(a[0]) != LO_KIND_COMPOSED)
    return lo_fail(err, LO_EUNSUPPORTED, "%s takes a layout or a composed layout", op);
  if (get_composed(a, 0, &c, err) || lo_size(&c.inner, &size, err)) return err->code;
  if (size > LO_EVAL_FUNCTION_LIMIT)
    return lo_fail(err, LO_ELIMIT, "size %lld is too large to list (limit %lld)", (long long)size,
                   (long long)LO_EVAL_FUNCTION_LIMIT);
  lo_walk w;
  lo_walk_init(&w, &c.inner);
  lo_int off = c.smem_bits > 0 ? 0 : c.offset;
  ev_out_str(o, "[");
  for (lo_int x = 0; x < size && !o->full; x++) {
    lo_int v;
    if (lo_walk_at(&w, x, &v, err) || lo_add(off, v, &v, "offset plus value", err) ||
        lo_swizzle_apply(&c.sw, v, &v, err))
      return err->code;
    if (x) ev_out_str(o, ",");
    ev_out_int(o, v);
  }
  ev_out_str(o, "]");
  return LO_OK;
}

/* print_layout of a composed layout: CuTe's grid. */
static int sw_print_layout(const char *op, int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_composed c;
  lo_int size;
  lo_err size_err;
  (void)argc;
  if (lo_kind_of(a[0]) != LO_KIND_COMPOSED)
    return lo_fail(err, LO_EUNSUPPORTED, "%s takes a layout or a composed layout", op);
  if (get_composed(a, 0, &c, err)) return err->code;
  if (lo_swizzle_cute_check(&c.sw, err)) return err->code;
  if (lo_size(&c.inner, &size, &size_err) == LO_OK && size > LO_EVAL_GRID_LIMIT)
    return lo_fail(err, LO_ELIMIT, "size %lld is too large to draw (limit %lld)", (long long)size,
                   (long long)LO_EVAL_GRID_LIMIT);
  if (o->full) return LO_OK;
  return ev_out_grid(o, lo_print_grid_composed(&c, o->p + o->len, o->cap - o->len, err));
}

/* The plain cosize of a composed layout: 1 + its largest value. */
static int sw_cosize(const char *op, int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_composed c;
  lo_int v;
  (void)argc;
  if (lo_kind_of(a[0]) != LO_KIND_COMPOSED)
    return lo_fail(err, LO_EUNSUPPORTED, "%s takes a layout or a composed layout", op);
  if (get_composed(a, 0, &c, err) || lo_composed_cosize(&c, &v, err)) return err->code;
  ev_out_int(o, v);
  return LO_OK;
}

/* Print CuTe's composition(Sw, 0, l): "Sw o 0 o l", or l for B = 0. */
static void out_swizzled(ev_out *o, const lo_swizzle *sw, const lo_layout *l) {
  char b[96];
  if (sw->bits != 0) {
    lo_print_swizzle(sw, b, sizeof b);
    ev_out_str(o, b);
    ev_out_str(o, " o 0 o ");
  }
  ev_out_layout(o, l);
}

/* cute_composition L Sw and cute_composition L C (C's offset 0, as CuTe
** asserts): CuTe's composition(Layout, Swizzle), make_swizzle of L's
** values at the masks, composed with L; then with C's inner layout. */
static int layout_then_swizzle(const char *op, ev_args a, ev_out *o, lo_err *err) {
  lo_layout l, r;
  lo_composed c;
  lo_swizzle sw;
  if (ev_get_layout(a, 0, &l, err)) return err->code;
  if (l.is_tiler) return lo_fail(err, LO_EUNSUPPORTED, "%s: a tiler composed with a swizzle", op);
  if (lo_kind_of(a[1]) == LO_KIND_SWIZZLE) {
    if (get_swizzle(a, 1, &c.sw, err) || lo_cute_layout_swizzle(&l, &c.sw, &sw, err))
      return err->code;
    out_swizzled(o, &sw, &l);
    return LO_OK;
  }
  if (get_composed(a, 1, &c, err)) return err->code;
  if (c.smem_bits == 0 && c.offset != 0)
    return lo_fail(err, LO_EUNDEF, "CuTe refuses: Require offset == 0.");
  if (lo_cute_layout_swizzle(&l, &c.sw, &sw, err) || lo_cute_composition(&l, &c.inner, &r, err))
    return err->code;
  out_swizzled(o, &sw, &r);
  return LO_OK;
}

/* Print an inverse of a composed layout: "Sw' o 0 o inv" (inv alone for
** B = 0), or in the general form "inv o -O o Sw". */
static void out_inverse(ev_out *o, int generic, lo_int off, const lo_swizzle *sw,
                        const lo_layout *inv) {
  char b[96];
  if (!generic) {
    out_swizzled(o, sw, inv);
    return;
  }
  ev_out_layout(o, inv);
  ev_out_str(o, " o ");
  ev_out_int(o, -off);
  ev_out_str(o, " o ");
  lo_print_swizzle(sw, b, sizeof b);
  ev_out_str(o, b);
}

/* The plain right_inverse or left_inverse of a composed layout: CuTe's
** answer where it meets the postcondition, CuTe's general form where its
** swizzle pass-through refuses (lo_composed_inverse_cute); an smem_ptr
** offset is taken as 0, as CuTe's operator() and apply take it (CuTe's
** own compiler refuses that case). */
static int plain_inverse(lo_composed *c, int left, ev_out *o, lo_err *err) {
  lo_layout inv;
  lo_swizzle sw;
  int generic;
  char shown[1024], why[sizeof err->msg];
  ev_out tmp;
  if (c->smem_bits > 0) {
    c->smem_bits = 0;
    c->offset = 0;
  }
  if (lo_composed_inverse_cute(c, left, &inv, &sw, &generic, err)) return err->code;
  int rc = lo_composed_inverse_check(c, left, &inv, &sw, generic, err);
  if (rc == LO_EUNDEF) {
    memset(&tmp, 0, sizeof tmp);
    tmp.p = shown;
    tmp.cap = sizeof shown;
    shown[0] = 0;
    out_inverse(&tmp, generic, c->offset, &sw, &inv);
    memcpy(why, err->msg, sizeof why);
    return lo_fail(err, LO_EUNDEF, "%s_inverse: CuTe's answer %s breaks its postcondition: %s",
                   left ? "left" : "right", shown, why);
  }
  if (rc) return rc;
  out_inverse(o, generic, c->offset, &sw, &inv);
  return LO_OK;
}

/* right_inverse, left_inverse and their cute_ twins: a swizzle is its own
** inverse (CuTe returns it); of a composed layout (cute_ only) CuTe's
** composition(inverse(L), Sw) when the offset is 0, else the composed
** layout inverse(L) o -O o Sw, printed as CuTe prints it; an smem_ptr
** offset is refused, as CuTe's compiler refuses it (it has no inverse). */
static int sw_inverse(const char *op, int argc, ev_args a, ev_out *o, lo_err *err) {
  int left = strstr(op, "left_") != NULL;
  lo_layout inv;
  lo_composed c;
  lo_swizzle sw;
  char b[96];
  (void)argc;
  if (lo_kind_of(a[0]) == LO_KIND_SWIZZLE) {
    if (get_swizzle(a, 0, &sw, err) || (is_cute(op) && lo_swizzle_cute_check(&sw, err)))
      return err->code;
    lo_print_swizzle(&sw, b, sizeof b);
    ev_out_str(o, b);
    return LO_OK;
  }
  if (get_composed(a, 0, &c, err)) return err->code;
  if (!is_cute(op)) return plain_inverse(&c, left, o, err);
  if (lo_swizzle_cute_check(&c.sw, err)) return err->code;
  if (c.smem_bits > 0) /* no Int<0> to CuTe's is_constant: the offset's own inverse is asked */
    return lo_fail(err, LO_EUNDEF,
                   "CuTe refuses: no matching function for call to "
                   "'%s_inverse(cute::smem_ptr_flag_bits<%d>)'",
                   left ? "left" : "right", c.smem_bits);
  int rc =
      left ? lo_cute_left_inverse(&c.inner, &inv, err) : lo_cute_right_inverse(&c.inner, &inv, err);
  if (rc) return rc;
  if (c.offset == 0) {
    if (lo_cute_layout_swizzle(&inv, &c.sw, &sw, err)) return err->code;
    out_swizzled(o, &sw, &inv);
    return LO_OK;
  }
  ev_out_layout(o, &inv);
  ev_out_str(o, " o ");
  ev_out_int(o, -c.offset);
  ev_out_str(o, " o ");
  lo_print_swizzle(&c.sw, b, sizeof b);
  ev_out_str(o, b);
  return LO_OK;
}

/* composition and cute_composition with a swizzle first: Sw o Sw (CuTe
** merges the masks), or Sw o L = Sw o 0 o L (L alone for Sw<0,M,S>). */
static int sw_composition(const char *op, int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_composed c;
  lo_swizzle x, y, r;
  char b[96];
  (void)argc;
  lo_kind k0 = lo_kind_of(a[0]), k1 = lo_kind_of(a[1]);
  if (k0 == LO_KIND_SWIZZLE && k1 == LO_KIND_SWIZZLE) {
    if (get_swizzle(a, 0, &x, err) || get_swizzle(a, 1, &y, err)) return err->code;
    int rc = is_cute(op) ? lo_cute_swizzle_composition(&x, &y, &r, err)
                         : lo_swizzle_composition(&x, &y, &r, err);
    if (rc) return rc;
    lo_print_swizzle(&r, b, sizeof b);
    ev_out_str(o, b);
    return LO_OK;
  }
  if (k0 == LO_KIND_SWIZZLE && (k1 == LO_KIND_LAYOUT || k1 == LO_KIND_TUPLE)) {
    if (get_swizzle(a, 0, &x, err) || (is_cute(op) && lo_swizzle_cute_check(&x, err)))
      return err->code;
    if (k1 == LO_KIND_TUPLE)
      return lo_fail(err, LO_EUNSUPPORTED, "%s: argument 2: a swizzle composes with a layout S:D",
                     op);
    if (ev_get_layout(a, 1, &c.inner, err)) return err->code;
    lo_composed_make(&c, &x, 0, &c.inner);
    out_prefix(o, &c);
    ev_out_layout(o, &c.inner);
    return LO_OK;
  }
  if (k0 == LO_KIND_COMPOSED) return SW_GO_WRAP; /* the caller wraps the layout op */
  if (is_cute(op) && k0 == LO_KIND_LAYOUT && (k1 == LO_KIND_SWIZZLE || k1 == LO_KIND_COMPOSED))
    return layout_then_swizzle(op, a, o, err);
  return lo_fail(err, LO_EUNSUPPORTED,
                 "%s of a layout with a swizzle or a composed layout (B first) is not supported; "
                 "a swizzle or a composed layout may come first",
                 op);
}

/* One op that takes swizzles or composed layouts: a handler of its own
** (own), or the op of the table run on the inner layout (how). */
typedef int (*sw_fn)(const char *op, int argc, ev_args a, ev_out *o, lo_err *err);
typedef struct sw_row {
  const char *op;
  int how;
  sw_fn own;
} sw_row;

static const sw_row sw_ops[] = {
    {"apply", 0, sw_apply},
    {"cute_apply", 0, sw_apply},
    {"layout_function", 0, sw_layout_function},
    {"print_layout", 0, sw_print_layout},
    {"cosize", 0, sw_cosize},
    {"composition", SW_COMPOSE_THEN_WRAP, sw_composition},
    {"cute_composition", SW_COMPOSE_THEN_WRAP, sw_composition},
    {"size", SW_INNER, NULL},
    {"rank", SW_INNER, NULL},
    {"depth", SW_INNER, NULL},
    {"cute_size", SW_INNER, NULL},
    {"cute_rank", SW_INNER, NULL},
    {"cute_depth", SW_INNER, NULL},
    {"cute_shape", SW_INNER, NULL},
    {"cute_cosize", SW_INNER, NULL},
    {"cute_complement", SW_INNER, NULL},
    {"complement", SW_INNER, NULL},
    {"logical_divide", SW_WRAP, NULL},
    {"zipped_divide", SW_WRAP, NULL},
    {"tiled_divide", SW_WRAP, NULL},
    {"logical_product", SW_WRAP, NULL},
    {"zipped_product", SW_WRAP, NULL},
    {"tiled_product", SW_WRAP, NULL},
    {"coalesce", SW_WRAP, NULL},
    {"flatten", SW_WRAP, NULL},
    {"cute_logical_divide", SW_WRAP, NULL},
    {"cute_zipped_divide", SW_WRAP, NULL},
    {"cute_tiled_divide", SW_WRAP, NULL},
    {"cute_flat_divide", SW_WRAP, NULL},
    {"cute_logical_product", SW_WRAP, NULL},
    {"cute_zipped_product", SW_WRAP, NULL},
    {"cute_tiled_product", SW_WRAP, NULL},
    {"cute_flat_product", SW_WRAP, NULL},
    {"cute_blocked_product", SW_WRAP, NULL},
    {"blocked_product", SW_WRAP, NULL},
    {"raked_product", SW_WRAP, NULL},
    {"cute_raked_product", SW_WRAP, NULL},
    {"cute_coalesce", SW_WRAP, NULL},
    {"cute_flatten", SW_WRAP, NULL},
    {"cute_get", SW_WRAP, NULL},
    {"cute_take", SW_WRAP, NULL},
    {"cute_group", SW_WRAP, NULL},
    {"cute_tile_to_shape", SW_WRAP, NULL},
    {"tile_to_shape", SW_WRAP, NULL},
    {"right_inverse", 0, sw_inverse},
    {"left_inverse", 0, sw_inverse},
    {"cute_right_inverse", 0, sw_inverse},
    {"cute_left_inverse", 0, sw_inverse},
    {"cute_upcast", SW_DIRECT, NULL},
    {"cute_downcast", SW_DIRECT, NULL},
    {"bank_conflicts", SW_DIRECT, NULL}, /* reads its composed layout itself (lo_eval_bank.c) */
};

/* Evaluate op (whose table handler is fn) on arguments of which one or
** more is a swizzle or a composed layout.  An op not in sw_ops runs its
** own handler: it reads such arguments itself (lo_parse_composed), or its
** layout argument refuses them (ev_get_layout_t: "a swizzle or a composed
** layout, which this op does not take"). */
int ev_swizzle_run(const char *op, ev_op_fn fn, int argc, ev_args a, ev_out *o, lo_err *err) {
  for (size_t i = 0; i < sizeof sw_ops / sizeof sw_ops[0]; i++) {
    const sw_row *r = &sw_ops[i];
    if (strcmp(r->op, op) != 0) continue;
    if (r->how == SW_COMPOSE_THEN_WRAP) {
      int rc = r->own(op, argc, a, o, err);
      return rc == SW_GO_WRAP ? by_inner(op, fn, 1, argc, a, o, err) : rc;
    }
    if (r->own) return r->own(op, argc, a, o, err);
    if (r->how == SW_DIRECT) return fn(argc, a, o, err); /* an op made for swizzles */
    return by_inner(op, fn, r->how == SW_WRAP, argc, a, o, err);
  }
  return fn(argc, a, o, err); /* an op that reads such arguments itself, or refuses them */
}

/* cute_upcast X N and cute_downcast X N: CuTe's upcast<N> and
** downcast<N> of a swizzle, a layout or a composed layout (printed with
** its swizzle and offset always: CuTe's offset is then a C<unsigned>,
** which its composition does not drop). */
static int recast(int up, int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_swizzle sw, r;
  lo_int n;
  char b[96];
  (void)argc;
  lo_kind k = lo_kind_of(a[0]);
  if (k == LO_KIND_LAYOUT || k == LO_KIND_COMPOSED) {
    lo_composed c;
    if (get_composed(a, 0, &c, err) || ev_get_int(a, 1, &n, err)) return err->code;
    if (c.plain) {
      int rc = up ? lo_cute_upcast(&c.inner, n, &c.inner, err)
                  : lo_cute_downcast(&c.inner, n, &c.inner, err);
      if (rc) return rc;
      ev_out_layout(o, &c.inner);
      return LO_OK;
    }
    if (lo_cute_recast_composed(&c, n, up, &c, err)) return err->code;
    c.plain = 0;
    ev_out_composed(o, &c);
    return LO_OK;
  }
  if (k != LO_KIND_SWIZZLE)
    return lo_fail(err, LO_EUNSUPPORTED, "%s takes a swizzle, a layout or a composed layout",
                   up ? "cute_upcast" : "cute_downcast");
  if (get_swizzle(a, 0, &sw, err) || lo_swizzle_cute_check(&sw, err) || ev_get_int(a, 1, &n, err))
    return err->code;
  int rc = up ? lo_swizzle_upcast(&sw, n, &r, err) : lo_swizzle_downcast(&sw, n, &r, err);
  if (rc == LO_OK) rc = lo_swizzle_cute_check(&r, err);
  if (rc) return rc;
  lo_print_swizzle(&r, b, sizeof b);
  ev_out_str(o, b);
  return LO_OK;
}

/* The op cute_upcast Sw N. */
int op_cute_upcast(int argc, ev_args a, ev_out *o, lo_err *err) {
  return recast(1, argc, a, o, err);
}

/* The op cute_downcast Sw N. */
int op_cute_downcast(int argc, ev_args a, ev_out *o, lo_err *err) {
  return recast(0, argc, a, o, err);
}
