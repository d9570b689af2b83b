/*
** lo_eval_swizzle_ops.c -- the handlers of the ops that take a swizzle or
** a composed layout as readily as a plain layout (lo.h section 13):
** max_common_layout and max_common_vector (plain and cute_), the plain
** blocked_product and raked_product, and the
** recasts upcast, downcast, recast_layout of swizzles and composed
** layouts (plain, and cute_recast_layout).  Each reads its arguments
** itself (lo_parse_composed), so lo_eval_swizzle.c passes them through.
*/
#include "lo_eval_internal.h"

#include <string.h>

/* Argument i as a composed layout (a plain layout too, plain set). */
static int get_composed(ev_args a, int i, lo_composed *c, lo_err *err) {
  return lo_parse_composed(a[i], c, err) ? ev_arg_fail(i, err) : LO_OK;
}

/* Both arguments as composed layouts (or plain ones); a swizzle alone is
** refused, as CuTe has no max_common_* of a swizzle. */
static int get_pair(const char *op, ev_args a, lo_composed *x, lo_composed *y, lo_err *err) {
  for (int i = 0; i < 2; i++)
    if (lo_kind_of(a[i]) == LO_KIND_SWIZZLE)
      return lo_fail(err, LO_EUNSUPPORTED,
                     "%s: argument %d: a swizzle alone; write the composed layout Sw o 0 o L", op,
                     i + 1);
  if (get_composed(a, 0, x, err) || get_composed(a, 1, y, err)) return err->code;
  return LO_OK;
}

/* The ops max_common_layout A B and cute_max_common_layout A B. */
static int common_layout(int cute, ev_args a, ev_out *o, lo_err *err) {
  lo_composed x, y;
  lo_layout r;
  const char *op = cute ? "cute_max_common_layout" : "max_common_layout";
  if (get_pair(op, a, &x, &y, err)) return err->code;
  int rc =
      cute ? lo_cute_max_common_layout_c(&x, &y, &r, err) : lo_max_common_layout(&x, &y, &r, err);
  if (rc) return rc;
  ev_out_layout(o, &r);
  return LO_OK;
}

/* The ops max_common_vector A B and cute_max_common_vector A B. */
static int common_vector(int cute, ev_args a, ev_out *o, lo_err *err) {
  lo_composed x, y;
  lo_int v;
  const char *op = cute ? "cute_max_common_vector" : "max_common_vector";
  if (get_pair(op, a, &x, &y, err)) return err->code;
  int rc =
      cute ? lo_cute_max_common_vector_c(&x, &y, &v, err) : lo_max_common_vector(&x, &y, &v, err);
  if (rc) return rc;
  ev_out_int(o, v);
  return LO_OK;
}

/* The op max_common_layout A B. */
int op_max_common_layout(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  return common_layout(0, a, o, err);
}
/* The op cute_max_common_layout A B: CuTe C++ max_common_layout. */
int op_cute_max_common_layout(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  return common_layout(1, a, o, err);
}
/* The op max_common_vector A B. */
int op_max_common_vector(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  return common_vector(0, a, o, err);
}
/* The op cute_max_common_vector A B: CuTe C++ max_common_vector. */
int op_cute_max_common_vector(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  return common_vector(1, a, o, err);
}

/* The ops blocked_product A B and raked_product A B (plain; a composed A
** is wrapped by lo_eval_swizzle.c). */
int op_blocked_product(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  return ev_lay2(lo_blocked_product, a, 0, o, err);
}
int op_raked_product(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  return ev_lay2(lo_raked_product, a, 0, o, err);
}

/* ------------------------------------------------------------- recasts */

/* One up- or downcast by n of a swizzle (plain: lo_swizzle_upcast_plain
** for up) or of a composed layout (plain: lo_composed_recast). */
static int recast_step(int cute, int up, lo_int n, int is_sw, lo_swizzle *sw, lo_composed *c,
                       lo_err *err) {
  if (is_sw) {
    lo_swizzle r;
    int rc =
        up ? (cute ? lo_swizzle_upcast(sw, n, &r, err) : lo_swizzle_upcast_plain(sw, n, &r, err))
           : lo_swizzle_downcast(sw, n, &r, err);
    if (rc == LO_OK && cute) rc = lo_swizzle_cute_check(&r, err);
    if (rc) return rc;
    *sw = r;
    return LO_OK;
  }
  return cute ? lo_cute_recast_composed(c, n, up, c, err) : lo_composed_recast(c, n, up, c, err);
}

/* upcast X N, downcast X N (plain) and recast_layout X OLD NEW (plain and
** cute_) of a swizzle or a composed layout X, as CuTe composes them:
** NEW/OLD = p/q in lowest terms, X itself for 1/1, upcast<p> for q = 1,
** downcast<q> for p = 1; a swizzle with both above 1 is refused, as
** CuTe's recast_layout(Swizzle) names a variable it does not have there. */
static int recast_sw(const char *op, int cute, int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_composed c;
  lo_swizzle sw;
  lo_int p = 1, q = 1, x, y;
  char b[96];
  int is_sw = lo_kind_of(a[0]) == LO_KIND_SWIZZLE;
  if (is_sw) {
    if (lo_parse_swizzle(a[0], &sw, err)) return ev_arg_fail(0, err);
    if (cute && lo_swizzle_cute_check(&sw, err)) return err->code;
  } else if (get_composed(a, 0, &c, err)) {
    return err->code;
  }
  if (argc == 2) { /* upcast or downcast */
    if (ev_get_int(a, 1, &x, err)) return err->code;
    if (strcmp(op, "upcast") == 0)
      p = x;
    else
      q = x;
  } else {
    if (ev_get_int(a, 1, &x, err) || ev_get_int(a, 2, &y, err)) return err->code;
    if (x < 1 || y < 1)
      return lo_fail(err, LO_EUNDEF, "element widths must be positive (%lld and %lld bits)",
                     (long long)x, (long long)y);
    lo_int g = lo_gcd(x, y);
    p = y / g;
    q = x / g;
    if (is_sw && p > 1 && q > 1)
      return lo_fail(err, LO_EUNDEF,
                     "CuTe refuses: recast_layout of a swizzle by %lld/%lld ('layout' was not "
                     "declared in this scope)",
                     (long long)p, (long long)q);
  }
  if (p > 1 && recast_step(cute, 1, p, is_sw, &sw, &c, err)) return err->code;
  if (q > 1 && recast_step(cute, 0, q, is_sw, &sw, &c, err)) return err->code;
  if (p < 1 || q < 1)
    return lo_fail(err, LO_EUNDEF, "%s: N = %lld is not positive", op, (long long)(p < 1 ? p : q));
  if (is_sw) {
    lo_print_swizzle(&sw, b, sizeof b);
    ev_out_str(o, b);
  } else if (c.plain) {
    ev_out_layout(o, &c.inner);
  } else {
    ev_out_composed(o, &c);
  }
  return LO_OK;
}

/* Whether argument 0 is a swizzle or a composed layout. */
int ev_recast_swizzled(ev_args a) {
  lo_kind k = lo_kind_of(a[0]);
  return k == LO_KIND_SWIZZLE || k == LO_KIND_COMPOSED;
}

/* upcast, downcast, recast_layout (plain) and cute_recast_layout of a
** swizzle or a composed layout. */
int ev_recast_swizzle(const char *op, int argc, ev_args a, ev_out *o, lo_err *err) {
  int cute = strncmp(op, "cute_", 5) == 0;
  return recast_sw(cute ? op + 5 : op, cute, argc, a, o, err);
}
