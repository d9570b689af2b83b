/*
** p_swizzle.c -- swizzles and composed layouts (oracle/lo_swizzle.c,
** oracle/lo_eval_swizzle.c): CuTe's Swizzle<B,M,S> is an involution and a
** bijection of every aligned block of its period; a composed layout's
** values are the swizzle's values of the inner layout's plus the offset,
** and its size and CuTe's cosize are the inner layout's.  The eval ops are
** checked against the definition evaluated point by point here: the true
** cosize by the top block, the plain inverses' postconditions, upcast then
** downcast, max_common_vector of a layout with itself.
*/
#include "properties.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CUTE_SWIZZLE  "cute/swizzle.hpp, Swizzle<B,M,S>: "
#define CUTE_COMPOSED "cute/layout_composed.hpp, ComposedLayout: "
#define BLOCK_LIMIT   ((lo_int)1 << 16) /* the largest period checked point by point */
#define POINTS        4096              /* points of a composed layout compared */

/* The swizzle of argument i, or a harness error. */
static int swizzle_arg(gen_ctx *x, int i, lo_swizzle *sw) {
  lo_err e;
  if (lo_parse_swizzle(x->argv[i], sw, &e))
    return gen_errorf(x, "the generated swizzle does not parse: %s", e.msg), 1;
  return 0;
}

/* The composed layout of argument i, or a harness error. */
static int composed_arg(gen_ctx *x, int i, lo_composed *c) {
  lo_err e;
  if (lo_parse_composed(x->argv[i], c, &e))
    return gen_errorf(x, "the generated composed layout does not parse: %s", e.msg), 1;
  return 0;
}

/* sw(sw(x)) = x. */
static gen_verdict involution(gen_ctx *x) {
  lo_swizzle sw;
  lo_int v, y, z;
  lo_err e;
  if (swizzle_arg(x, 0, &sw) || prop_int(x, 1, &v)) return GEN_ERROR;
  if (lo_swizzle_apply(&sw, v, &y, &e) || lo_swizzle_apply(&sw, y, &z, &e))
    return prop_verdict_of(x, &e, "lo_swizzle_apply", PROP_STRICT);
  if (z != v)
    return gen_failf(x, "sw(%lld) = %lld but sw(%lld) = %lld", (long long)v, (long long)y,
                     (long long)y, (long long)z);
  return GEN_PASS;
}

/* sw maps the aligned block of 2^(B+M+|S|) offsets around x onto itself,
** each offset once. */
static gen_verdict block_bijection(gen_ctx *x) {
  lo_swizzle sw;
  lo_int v;
  lo_err e;
  static _Thread_local unsigned char seen[BLOCK_LIMIT / 8];
  if (swizzle_arg(x, 0, &sw) || prop_int(x, 1, &v)) return GEN_ERROR;
  lo_int p = lo_swizzle_period(&sw);
  if (p > BLOCK_LIMIT) return GEN_DISCARD;
  lo_int base = v / p * p;
  memset(seen, 0, (size_t)(p + 7) / 8);
  for (lo_int i = 0; i < p; i++) {
    lo_int y;
    if (lo_swizzle_apply(&sw, base + i, &y, &e))
      return prop_verdict_of(x, &e, "lo_swizzle_apply", PROP_STRICT);
    if (y < base || y >= base + p)
      return gen_failf(x, "sw(%lld) = %lld leaves the block [%lld, %lld)", (long long)(base + i),
                       (long long)y, (long long)base, (long long)(base + p));
    lo_int k = y - base;
    if (seen[k / 8] & (1u << (k % 8)))
      return gen_failf(x, "sw hits %lld twice in the block [%lld, %lld)", (long long)y,
                       (long long)base, (long long)(base + p));
    seen[k / 8] |= (unsigned char)(1u << (k % 8));
  }
  return GEN_PASS;
}

/* The eval answer of op on the arguments args[0..n) into out (cap bytes);
** 0, or nonzero after recording an unexpected error in x->msg. */
static int eval_into(gen_ctx *x, const char *op, const char *const *args, int n, char *out,
                     size_t cap) {
  if (lo_eval(op, n, args, out, cap) == LO_OK) return 0;
  gen_failf(x, "%s answers an error: %.180s", op, out);
  return 1;
}

/* layout_function C lists sw(O + L(i)) for i in [0, size L), and apply C
** i is its entry i: the eval path (lo_walk, the inner layout's op) against
** the definition point by point (lo_apply, then the offset and the swizzle). */
static gen_verdict composed_image(gen_ctx *x) {
  lo_composed c;
  lo_err e;
  lo_int size;
  if (composed_arg(x, 0, &c)) return GEN_ERROR;
  if (lo_size(&c.inner, &size, &e)) return prop_verdict_of(x, &e, "size", PROP_STRICT);
  if (size > POINTS) return GEN_DISCARD;
  size_t cap = (size_t)size * 22 + 8;
  char *out = malloc(cap);
  if (!out) return GEN_DISCARD;
  const char *args[2] = {x->argv[0], NULL};
  if (eval_into(x, "layout_function", args, 1, out, cap)) {
    free(out);
    return GEN_FAIL;
  }
  const char *p = out + 1;
  lo_int off = c.smem_bits > 0 ? 0 : c.offset;
  gen_verdict v = GEN_PASS;
  for (lo_int i = 0; i < size && v == GEN_PASS; i++) {
    lo_int want, got;
    char *end;
    if (lo_apply(&c.inner, i, &want, &e) || lo_add(off, want, &want, "value", &e) ||
        lo_swizzle_apply(&c.sw, want, &want, &e)) {
      v = prop_verdict_of(x, &e, "the definition", PROP_STRICT);
      break;
    }
    got = strtoll(p, &end, 10);
    if (end == p) {
      v = gen_failf(x, "layout_function: no entry %lld in %.100s", (long long)i, out);
      break;
    }
    p = end + 1;
    if (got != want)
      v = gen_failf(x, "entry %lld: layout_function gives %lld, sw(O + L(%lld)) = %lld",
                    (long long)i, (long long)got, (long long)i, (long long)want);
    if (v == GEN_PASS && i % 97 == size % 97) { /* apply at a few points */
      char idx[24], one[32];
      snprintf(idx, sizeof idx, "%lld", (long long)i);
      const char *a2[2] = {x->argv[0], idx};
      if (eval_into(x, "apply", a2, 2, one, sizeof one))
        v = GEN_FAIL;
      else if (strtoll(one, NULL, 10) != want)
        v = gen_failf(x, "apply C %lld = %s, sw(O + L(%lld)) = %lld", (long long)i, one,
                      (long long)i, (long long)want);
    }
  }
  free(out);
  return v;
}

/* size(C) = size(L), cute_cosize(C) = cosize(L), and the true cosize lies
** in [1, P ceil((O + cosize L) / P)] (the swizzle keeps each value in its
** aligned block of P = 2^(B+M+|S|)) for an offset O >= 0. */
static gen_verdict composed_sizes(gen_ctx *x) {
  lo_composed c;
  lo_err e;
  lo_int size, cos, p;
  char out[64];
  if (composed_arg(x, 0, &c)) return GEN_ERROR;
  if (lo_size(&c.inner, &size, &e) || lo_cosize(&c.inner, &cos, &e))
    return prop_verdict_of(x, &e, "size, cosize", PROP_STRICT);
  const char *args[1] = {x->argv[0]};
  if (eval_into(x, "size", args, 1, out, sizeof out)) return GEN_FAIL;
  if (strtoll(out, NULL, 10) != size)
    return gen_failf(x, "size C = %s, size L = %lld", out, (long long)size);
  if (eval_into(x, "cute_cosize", args, 1, out, sizeof out)) return GEN_FAIL;
  if (strtoll(out, NULL, 10) != cos)
    return gen_failf(x, "cute_cosize C = %s, cosize L = %lld", out, (long long)cos);
  if (size > LO_COMPOSED_COSIZE_LIMIT) return GEN_DISCARD;
  if (eval_into(x, "cosize", args, 1, out, sizeof out)) return GEN_FAIL;
  lo_int off = c.smem_bits > 0 ? 0 : c.offset, top, true_cos = strtoll(out, NULL, 10);
  p = lo_swizzle_period(&c.sw);
  if (lo_add(off, cos, &top, "bound", &e)) return GEN_DISCARD;
  top = (top + p - 1) / p * p;
  if (true_cos < 1 || true_cos > top)
    return gen_failf(x,
                     "cosize C = %lld is outside [1, %lld] (offset %lld, cosize L %lld, "
                     "period %lld)",
                     (long long)true_cos, (long long)top, (long long)off, (long long)cos,
                     (long long)p);
  return GEN_PASS;
}

/* ------------------------------------------- ops beside plain layouts */

#define CUTE_LAYOUT "cute/layout.hpp, "
#define CUTE_SW_OPS "cute/swizzle_layout.hpp, "

/* An inverse as the ops print it: "Sw' o 0 o L'" (x -> sw'(L'(x)) on
** [0, size L')), "L' o -O o Sw" (x -> L'(sw(x) - O) on the x with sw(x) -
** O in [0, size L')), or a layout L'. */
typedef struct inv_fn {
  lo_composed c; /* the first form, or the layout (plain) */
  int general;   /* the second form: c.inner L', c.sw Sw, c.offset O */
  lo_int size;   /* size(L') */
} inv_fn;

/* Parse an inverse's text into r; nonzero when it is none of the forms. */
static int inv_parse(const char *t, inv_fn *r) {
  lo_err e;
  char buf[1024];
  r->general = 0;
  if (strncmp(t, "Sw", 2) != 0 && strstr(t, " o ")) {
    const char *o1 = strstr(t, " o "), *o2 = strstr(o1 + 3, " o ");
    if (!o2 || (size_t)(o1 - t) >= sizeof buf) return 1;
    memcpy(buf, t, (size_t)(o1 - t));
    buf[o1 - t] = 0;
    r->general = 1;
    if (lo_parse_layout(buf, &r->c.inner, &e) || lo_parse_swizzle(o2 + 3, &r->c.sw, &e)) return 1;
    r->c.offset = -strtoll(o1 + 3, NULL, 10);
    r->c.smem_bits = 0;
  } else if (lo_parse_composed(t, &r->c, &e)) {
    return 1;
  }
  return lo_size(&r->c.inner, &r->size, &e) != LO_OK;
}

/* R(x); *in 0 when x lies outside R's domain. */
static int inv_eval(const inv_fn *r, lo_int x, lo_int *v, int *in) {
  lo_err e;
  lo_int y = x;
  if (r->general && lo_swizzle_apply(&r->c.sw, x, &y, &e)) return 1;
  if (r->general) y -= r->c.offset;
  *in = y >= 0 && y < r->size;
  if (!*in) return 0;
  if (r->general) return lo_apply(&r->c.inner, y, v, &e) != LO_OK;
  return lo_composed_apply(&r->c, y, v, &e) != LO_OK;
}

/* C(i) for i in C's domain (its smem_ptr offset as 0, as apply takes it). */
static int c_eval(const lo_composed *c, lo_int size, lo_int i, lo_int *v, int *in) {
  lo_err e;
  *in = i >= 0 && i < size;
  return *in ? lo_composed_apply(c, i, v, &e) != LO_OK : 0;
}

/* Where right_inverse C (left: left_inverse C) answers R: C(R(x)) = x on
** R's domain (left: C(R(C(i))) = C(i) for i < size(C)), point by point. */
static gen_verdict inverse_post(gen_ctx *x, int left) {
  lo_composed c;
  lo_err e;
  lo_int size;
  inv_fn r;
  char out[2048];
  if (composed_arg(x, 0, &c)) return GEN_ERROR;
  if (lo_size(&c.inner, &size, &e)) return prop_verdict_of(x, &e, "size", PROP_STRICT);
  const char *args[1] = {x->argv[0]};
  if (lo_eval(left ? "left_inverse" : "right_inverse", 1, args, out, sizeof out) != LO_OK)
    return GEN_DISCARD; /* CuTe's answer breaks the postcondition, or CuTe has none */
  if (inv_parse(out, &r)) return gen_failf(x, "the inverse %.200s does not parse", out);
  lo_int n = left ? size : r.size;
  if (n > POINTS) return GEN_DISCARD;
  for (lo_int k = 0; k < n; k++) {
    lo_int xv = k, rx, crx, cx = 0;
    int in;
    if (left) {
      if (c_eval(&c, size, k, &cx, &in)) return GEN_DISCARD;
      xv = cx;
    } else if (r.general) { /* the k-th point of R's domain: sw(O + k) */
      if (lo_swizzle_apply(&r.c.sw, r.c.offset + k, &xv, &e)) return GEN_DISCARD;
    }
    if (inv_eval(&r, xv, &rx, &in)) return GEN_DISCARD;
    if (!in)
      return gen_failf(x, "%s %.200s: R(%lld) is undefined", left ? "left" : "right", out,
                       (long long)xv);
    if (c_eval(&c, size, rx, &crx, &in)) return GEN_DISCARD;
    if (!in)
      return gen_failf(x, "R = %.200s: R(%lld) = %lld lies outside C's domain", out, (long long)xv,
                       (long long)rx);
    if (crx != xv)
      return gen_failf(x, "R = %.200s: C(R(%lld)) = C(%lld) = %lld", out, (long long)xv,
                       (long long)rx, (long long)crx);
  }
  return GEN_PASS;
}

/* right_inverse: C(R(x)) = x on R's domain, where it answers. */
static gen_verdict right_inverse_post(gen_ctx *x) { return inverse_post(x, 0); }
/* left_inverse: C(R(C(i))) = C(i), where it answers. */
static gen_verdict left_inverse_post(gen_ctx *x) { return inverse_post(x, 1); }

/* Where upcast T N answers U (N = 2, 4) and downcast U N answers D, D is
** T: the same swizzle and offset and the same values at every point.
** T is the generated C, and C's shape with its first leaf 4 times longer
** made compact column-major, its offset times 4 (so that upcast is defined
** more often than on C's random strides). */
static gen_verdict upcast_downcast(gen_ctx *x) {
  lo_composed g;
  lo_err e;
  int tried = 0;
  char texts[2][1024];
  if (composed_arg(x, 0, &g)) return GEN_ERROR;
  snprintf(texts[0], sizeof texts[0], "%s", x->argv[0]);
  {
    lo_layout l;
    lo_int sh[LO_MAX_LEAVES], st[LO_MAX_LEAVES], w = 1;
    int n = g.inner.shape.len;
    for (int i = 0; i < n; i++) {
      sh[i] = g.inner.shape.leaf[i] * (i == 0 ? 4 : 1);
      st[i] = w;
      w *= sh[i]; /* at most 64 * 16^2 */
    }
    lo_layout_flat(&l, sh, st, n);
    lo_composed t = g;
    lo_layout_copy(&t.inner, &l);
    t.offset = g.smem_bits > 0 ? 0 : g.offset * 4;
    t.plain = 0;
    if (lo_print_composed(&t, texts[1], sizeof texts[1])) return GEN_DISCARD;
  }
  for (int which = 0; which < 2; which++) {
    lo_composed c, d;
    lo_int size, dsize;
    if (lo_parse_composed(texts[which], &c, &e) || lo_size(&c.inner, &size, &e) || size > POINTS)
      continue;
    for (int n = 2; n <= 4; n *= 2) {
      char up[1024], down[1024], ns[16];
      snprintf(ns, sizeof ns, "%d", n);
      const char *a1[2] = {texts[which], ns};
      if (lo_eval("upcast", 2, a1, up, sizeof up) != LO_OK) continue;
      const char *a2[2] = {up, ns};
      if (lo_eval("downcast", 2, a2, down, sizeof down) != LO_OK)
        continue; /* downcast undefined there: (1,3):(1,1) has no units to split into 4 */
      tried = 1;
      if (lo_parse_composed(down, &d, &e) || lo_size(&d.inner, &dsize, &e))
        return gen_failf(x, "downcast<%d> of %.200s is %.200s, no composed layout", n, up, down);
      if (dsize != size || d.sw.bits != c.sw.bits ||
          (c.sw.bits && (d.sw.base != c.sw.base || d.sw.shift != c.sw.shift)) ||
          d.offset != c.offset || d.smem_bits != c.smem_bits)
        return gen_failf(x, "downcast<%d>(upcast<%d>(%.200s)) = %.200s", n, n, texts[which], down);
      for (lo_int i = 0; i < size; i++) {
        lo_int v, w;
        if (lo_composed_apply(&c, i, &v, &e) || lo_composed_apply(&d, i, &w, &e))
          return GEN_DISCARD;
        if (v != w)
          return gen_failf(x,
                           "downcast<%d>(upcast<%d>(%.200s)) = %.200s differs at %lld: %lld, "
                           "not %lld",
                           n, n, texts[which], down, (long long)i, (long long)w, (long long)v);
      }
    }
  }
  return tried ? GEN_PASS : GEN_DISCARD;
}

/* max_common_vector L L of C's inner layout L is the size of CuTe's
** right_inverse(L), and every n below it is a value of L: the contiguous
** prefix of L's image CuTe's right inverse reaches. */
static gen_verdict common_vector_self(gen_ctx *x) {
  lo_composed c;
  lo_err e;
  lo_layout inv;
  lo_int size, rsize;
  char text[512], out[64];
  if (composed_arg(x, 0, &c)) return GEN_ERROR;
  if (lo_size(&c.inner, &size, &e) || size > POINTS) return GEN_DISCARD;
  if (lo_cute_right_inverse(&c.inner, &inv, &e) || lo_size(&inv, &rsize, &e)) return GEN_DISCARD;
  if (lo_print_layout(&c.inner, text, sizeof text)) return GEN_DISCARD;
  const char *args[2] = {text, text};
  if (eval_into(x, "max_common_vector", args, 2, out, sizeof out)) return GEN_FAIL;
  lo_int n = strtoll(out, NULL, 10);
  if (n != rsize)
    return gen_failf(x, "max_common_vector L L = %s, size(right_inverse L) = %lld", out,
                     (long long)rsize);
  for (lo_int k = 0; k < n; k++) {
    lo_int i = 0, v = -1;
    for (; i < size; i++)
      if (lo_apply(&c.inner, i, &v, &e) || v == k) break;
    if (i == size)
      return gen_failf(x, "max_common_vector L L = %s, but %lld is no value of L", out,
                       (long long)k);
  }
  return GEN_PASS;
}

/* The cosize op (by the top block of the swizzle's period) is 1 + the
** largest value of C, found here point by point. */
static gen_verdict cosize_top_block(gen_ctx *x) {
  lo_composed c;
  lo_err e;
  lo_int size, best = 0;
  char out[64];
  if (composed_arg(x, 0, &c)) return GEN_ERROR;
  if (lo_size(&c.inner, &size, &e) || size > POINTS || size == 0) return GEN_DISCARD;
  for (lo_int i = 0; i < size; i++) {
    lo_int v;
    if (lo_composed_apply(&c, i, &v, &e)) return GEN_DISCARD;
    if (i == 0 || v > best) best = v;
  }
  if (best < 0) return GEN_DISCARD;
  const char *args[1] = {x->argv[0]};
  if (eval_into(x, "cosize", args, 1, out, sizeof out)) return GEN_FAIL;
  if (strtoll(out, NULL, 10) != best + 1)
    return gen_failf(x, "cosize C = %s, 1 + the largest value = %lld", out, (long long)best + 1);
  return GEN_PASS;
}

const gen_property prop_swizzle_table[] = {
    {"swizzle.involution", "a swizzle is an involution: sw(sw(x)) = x",
     CUTE_SWIZZLE "ZZZ ^= YYY, the bits read (yyy_msk) are not the bits written (zzz_msk)",
     GEN_THEOREM, "swizzle_point", "apply", involution, NULL, "Sw x", 1},
    {"swizzle.block_bijection",
     "a swizzle maps every aligned block of 2^(B+M+|S|) offsets onto itself, bijectively",
     CUTE_SWIZZLE "both masks lie below bit B+M+|S|", GEN_THEOREM, "swizzle_point", "apply",
     block_bijection, NULL, "Sw x", 1},
    {"swizzle.composed_image",
     "a composed layout's values are the swizzle's values of the inner layout's plus the offset: "
     "C(i) = sw(O + L(i))",
     CUTE_COMPOSED "operator() is layout_a()(offset() + layout_b()(coord))", GEN_THEOREM,
     "composed", "layout_function", composed_image, NULL, "C", 0},
    {"swizzle.composed_sizes",
     "size(C) = size(L) and CuTe's cosize(C) = cosize(L); the true cosize is at most "
     "cosize(L) + O rounded up to the swizzle's period",
     CUTE_COMPOSED "size and cosize are those of layout_b(); swizzle.block_bijection", GEN_THEOREM,
     "composed", "cosize", composed_sizes, NULL, "C", 0},
    {"swizzle.cosize_top_block",
     "the true cosize of a composed layout, computed from the top block of the swizzle's period, "
     "is 1 + its largest value point by point",
     CUTE_SWIZZLE "both masks lie below bit B+M+|S|: every higher bit is kept", GEN_THEOREM,
     "composed", "cosize", cosize_top_block, NULL, "C", 0},
    {"swizzle.right_inverse_post",
     "where right_inverse of a composed layout answers R, C(R(x)) = x on R's domain",
     CUTE_LAYOUT "right_inverse: @post layout(result(i)) == i; " CUTE_SW_OPS
                 "right_inverse(ComposedLayout)",
     GEN_THEOREM, "composed", "right_inverse", right_inverse_post, NULL, "C", 0},
    {"swizzle.left_inverse_post",
     "where left_inverse of a composed layout answers R, C(R(C(i))) = C(i) for every i",
     CUTE_LAYOUT "left_inverse: @post result(layout(i)) == i for the image; " CUTE_SW_OPS
                 "left_inverse(ComposedLayout)",
     GEN_THEOREM, "composed", "left_inverse", left_inverse_post, NULL, "C", 0},
    {"swizzle.upcast_downcast",
     "where upcast<N> of a composed layout and downcast<N> of that answer (N = 2, 4), the "
     "answer is the composed layout again, point by point",
     CUTE_SW_OPS "upcast<N>(Swizzle<B,M,S>) = Swizzle<B,M-log2 N,S>, downcast<N> adds log2 N "
                 "back; cute/layout.hpp upcast and downcast of the layout",
     GEN_THEOREM, "composed", "upcast", upcast_downcast, NULL, "C", 0},
    {"swizzle.common_vector_self",
     "max_common_vector L L is size(right_inverse(L)), and every n below it is a value of L",
     CUTE_LAYOUT "max_common_vector: shape<0>(coalesce(composition(a, right_inverse(b)))), and "
                 "L o right_inverse(L) is the identity on its domain",
     GEN_THEOREM, "composed", "max_common_vector", common_vector_self, NULL, "C", 0},
};
const int prop_swizzle_count = (int)(sizeof prop_swizzle_table / sizeof prop_swizzle_table[0]);
