/*
** p_swizzle.c -- swizzles and composed layouts (oracle/lo_swizzle.c,
** oracle/lo_eval_swizzle.c): CuTe's Swizzle<B,M,S> is an involution and a
** bijection of every aligned block of its period; a composed layout's
** values are the swizzle's values of the inner layout's plus the offset,
** and its size and CuTe's cosize are the inner layout's.  The eval ops are
** checked against the definition evaluated point by point here.
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
};
const int prop_swizzle_count = (int)(sizeof prop_swizzle_table / sizeof prop_swizzle_table[0]);
