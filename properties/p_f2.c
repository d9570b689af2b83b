/*
** p_f2.c -- layouts with F2 (XOR) strides (oracle/lo_f2.c,
** oracle/lo_eval_f2.c): the post-conditions PyCuTe's docs state for them
** (docs/06_swizzle.md of NVlabs/CuTe, and the post-conditions of its
** coalesce and composition in pycute/algebra.py), checked against the
** definition evaluated here bit by bit: the value at index x is the XOR,
** over the flat modes i and the bits k of the colexicographic coordinate
** c_i of x, of d_i << k.
*/
#include "properties.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PYCUTE_F2   "PyCuTe docs/06_swizzle.md, F2 strides: "
#define PYCUTE_ALG  "PyCuTe pycute/algebra.py, "
#define POINTS      4096              /* points of a layout compared */
#define BLOCK_LIMIT ((lo_int)1 << 16) /* the largest swizzle period walked */

/* The F2 layout of argument i, or a harness error. */
static int f2_arg(gen_ctx *x, int i, lo_f2 *f) {
  lo_err e;
  if (lo_parse_f2(x->argv[i], f, &e))
    return gen_errorf(x, "the generated F2 layout does not parse: %s", e.msg), 1;
  return 0;
}

/* The definition at index x: 0, or -1 when a term would pass 62 bits. */
static int def_at(const lo_f2 *f, lo_int x, lo_int *out) {
  lo_int r = 0;
  int n = f->l.shape.len;
  for (int i = 0; i < n; i++) {
    lo_int c = i == n - 1 ? x : x % f->l.shape.leaf[i];
    if (i < n - 1) x /= f->l.shape.leaf[i];
    lo_int d = f->l.stride[i];
    for (int k = 0; c >> k; k++) {
      if (!((c >> k) & 1) || d == 0) continue;
      if (k + 64 - __builtin_clzll((unsigned long long)d) > 62) return -1;
      r ^= d << k;
    }
  }
  *out = r;
  return 0;
}

/* The eval answer of op on args[0..n) into out; 0, or 1 after recording
** the error as the failure. */
static int eval_into(gen_ctx *x, const char *op, const char *const *args, int n, char *out,
                     size_t cap) {
  if (lo_eval(op, n, args, out, cap) == LO_OK) return 0;
  gen_failf(x, "%s answers an error: %.180s", op, out);
  return 1;
}

/* F(a xor b) = F(a) xor F(b) for a layout of power-of-two extents. */
static gen_verdict linear(gen_ctx *x) {
  lo_f2 f;
  lo_int a, b, fa, fb, fab;
  lo_err e;
  if (f2_arg(x, 0, &f) || prop_int(x, 1, &a) || prop_int(x, 2, &b)) return GEN_ERROR;
  if (lo_f2_apply(&f, a, &fa, &e) || lo_f2_apply(&f, b, &fb, &e) ||
      lo_f2_apply(&f, a ^ b, &fab, &e))
    return prop_verdict_of(x, &e, "lo_f2_apply", PROP_STRICT);
  if (fab != (fa ^ fb))
    return gen_failf(x, "F(%lld ^ %lld) = %lld but F(%lld) ^ F(%lld) = %lld ^ %lld = %lld",
                     (long long)a, (long long)b, (long long)fab, (long long)a, (long long)b,
                     (long long)fa, (long long)fb, (long long)(fa ^ fb));
  lo_int want;
  if (def_at(&f, a, &want)) return GEN_DISCARD;
  if (want != fa)
    return gen_failf(x, "apply F %lld = %lld, the definition %lld", (long long)a, (long long)fa,
                     (long long)want);
  return GEN_PASS;
}

/* The smallest power of two >= n. */
static lo_int pow2_at_least(lo_int n) {
  lo_int p = 1;
  while (p < n) p <<= 1;
  return p;
}

/* apply (to_f2 Sw N) x = apply Sw x, N the smallest power of two holding
** the period and x. */
static gen_verdict swizzle_agrees(gen_ctx *x) {
  lo_swizzle sw;
  lo_f2 f;
  lo_int v, y, z;
  lo_err e;
  if (lo_parse_swizzle(x->argv[0], &sw, &e) || prop_int(x, 1, &v))
    return gen_errorf(x, "the generated swizzle does not parse"), GEN_ERROR;
  lo_int p = lo_swizzle_period(&sw), n = pow2_at_least(v + 1 > p ? v + 1 : p);
  if (lo_f2_of_swizzle(&sw, n, &f, &e) || lo_f2_apply(&f, v, &y, &e) ||
      lo_swizzle_apply(&sw, v, &z, &e))
    return prop_verdict_of(x, &e, "to_f2, apply", PROP_STRICT);
  if (y != z)
    return gen_failf(x,
                     "the F2 layout of the swizzle over %lld gives %lld at %lld, the swizzle %lld",
                     (long long)n, (long long)y, (long long)v, (long long)z);
  return GEN_PASS;
}

/* The F2 layout of Sw over its period is an involution there, hence a
** bijection of the period; from_f2 gives back a swizzle with the same F2
** layout. */
static gen_verdict swizzle_involution(gen_ctx *x) {
  lo_swizzle sw, back;
  lo_f2 f, g;
  lo_err e;
  char a[512], b[512];
  if (lo_parse_swizzle(x->argv[0], &sw, &e))
    return gen_errorf(x, "the generated swizzle does not parse"), GEN_ERROR;
  lo_int p = lo_swizzle_period(&sw);
  if (p > BLOCK_LIMIT) return GEN_DISCARD;
  if (lo_f2_of_swizzle(&sw, p, &f, &e)) return prop_verdict_of(x, &e, "to_f2", PROP_STRICT);
  for (lo_int i = 0; i < p; i++) {
    lo_int y, z;
    if (lo_f2_apply(&f, i, &y, &e) || lo_f2_apply(&f, y, &z, &e))
      return prop_verdict_of(x, &e, "lo_f2_apply", PROP_STRICT);
    if (y >= p || z != i)
      return gen_failf(x, "F(%lld) = %lld, F(%lld) = %lld over the period %lld", (long long)i,
                       (long long)y, (long long)y, (long long)z, (long long)p);
  }
  if (lo_f2_to_swizzle(&f, &back, &e) || lo_f2_of_swizzle(&back, p, &g, &e))
    return prop_verdict_of(x, &e, "from_f2", PROP_STRICT);
  if (lo_print_f2(&f, a, sizeof a) || lo_print_f2(&g, b, sizeof b)) return GEN_DISCARD;
  if (strcmp(a, b) != 0)
    return gen_failf(x, "to_f2 of the swizzle is %s, of from_f2's swizzle %s", a, b);
  return GEN_PASS;
}

/* Parse the answer text ans as an F2 layout, or fail. */
static int answer_f2(gen_ctx *x, const char *op, const char *ans, lo_f2 *r) {
  lo_err e;
  if (lo_parse_f2(ans, r, &e) == LO_OK) return 0;
  gen_failf(x, "%s answers %.100s, which is not an F2 layout: %s", op, ans, e.msg);
  return 1;
}

/* coalesce F: the same size and R(i) = F(i) (the definition) for i < size. */
static gen_verdict coalesce_same(gen_ctx *x) {
  lo_f2 f, r;
  lo_int size, rsize;
  lo_err e;
  char out[1024];
  if (f2_arg(x, 0, &f)) return GEN_ERROR;
  if (lo_tuple_size(&f.l.shape, &size, &e)) return prop_verdict_of(x, &e, "size", PROP_STRICT);
  if (size > POINTS) return GEN_DISCARD;
  for (int z = 0; z < 2; z++) {
    const char *op = z ? "coalesce_z" : "coalesce", *args[1] = {x->argv[0]};
    if (eval_into(x, op, args, 1, out, sizeof out) || answer_f2(x, op, out, &r)) return GEN_FAIL;
    if (lo_tuple_size(&r.l.shape, &rsize, &e)) return prop_verdict_of(x, &e, "size", PROP_STRICT);
    if (rsize != size)
      return gen_failf(x, "%s F = %s has size %lld, F %lld", op, out, (long long)rsize,
                       (long long)size);
    for (lo_int i = 0; i < size; i++) {
      lo_int want, got;
      if (def_at(&f, i, &want) || def_at(&r, i, &got)) return GEN_DISCARD;
      if (want != got)
        return gen_failf(x, "%s F = %s: R(%lld) = %lld, F(%lld) = %lld", op, out, (long long)i,
                         (long long)got, (long long)i, (long long)want);
    }
  }
  return GEN_PASS;
}

/* composition F B: where it answers, size(R) = size(B) and R(i) = F(B(i))
** (the definition) for i < size(B); where it refuses, the refusal is
** PyCuTe's (a divisibility condition) or names PyCuTe's composite and a
** point where R(i) != F(B(i)), which is checked. */
static gen_verdict composition_post(gen_ctx *x) {
  lo_f2 f, r;
  lo_layout b;
  lo_int size, rsize;
  lo_err e;
  char out[1024];
  if (f2_arg(x, 0, &f)) return GEN_ERROR;
  if (lo_parse_layout(x->argv[1], &b, &e)) return gen_errorf(x, "B does not parse"), GEN_ERROR;
  if (lo_size(&b, &size, &e)) return prop_verdict_of(x, &e, "size", PROP_STRICT);
  const char *args[2] = {x->argv[0], x->argv[1]};
  if (lo_eval("composition", 2, args, out, sizeof out) != LO_OK) {
    if (strstr(out, "divisibility condition violated")) return GEN_DISCARD;
    lo_f2 pc;
    if (strstr(out, "PyCuTe's composite") == NULL)
      return gen_failf(x, "composition refuses: %.200s", out);
    if (lo_pycute_f2_composition(&f, &b, &pc, &e))
      return gen_failf(x, "composition names PyCuTe's composite, which does not compute: %s",
                       e.msg);
    for (lo_int i = 0; i < size; i++) {
      lo_int bi, want, got;
      if (lo_apply(&b, i, &bi, &e)) return prop_verdict_of(x, &e, "B(i)", PROP_STRICT);
      if (def_at(&f, bi, &want) || def_at(&pc, i, &got)) return GEN_DISCARD;
      if (want != got) return GEN_PASS; /* the refusal is right */
    }
    return gen_failf(x, "composition refuses PyCuTe's composite, which meets R(i) = F(B(i)): %s",
                     out);
  }
  if (answer_f2(x, "composition", out, &r)) return GEN_FAIL;
  if (lo_tuple_size(&r.l.shape, &rsize, &e)) return prop_verdict_of(x, &e, "size", PROP_STRICT);
  if (rsize != size)
    return gen_failf(x, "composition F B = %s has size %lld, B %lld", out, (long long)rsize,
                     (long long)size);
  for (lo_int i = 0; i < size; i++) {
    lo_int bi, want, got;
    if (lo_apply(&b, i, &bi, &e)) return prop_verdict_of(x, &e, "B(i)", PROP_STRICT);
    if (def_at(&f, bi, &want) || def_at(&r, i, &got)) return GEN_DISCARD;
    if (want != got)
      return gen_failf(x, "composition F B = %s: R(%lld) = %lld, F(B(%lld)) = F(%lld) = %lld", out,
                       (long long)i, (long long)got, (long long)i, (long long)bi, (long long)want);
  }
  return GEN_PASS;
}

/* right_inverse F: where it answers, F(R(i)) = i on [0, size R) (the
** definition); a refusal names PyCuTe's right inverse and a point where it
** breaks that, which is checked. */
static gen_verdict right_inverse_post(gen_ctx *x) {
  lo_f2 f, r;
  lo_int size;
  lo_err e;
  char out[1024];
  if (f2_arg(x, 0, &f)) return GEN_ERROR;
  const char *args[1] = {x->argv[0]};
  int refused = lo_eval("right_inverse", 1, args, out, sizeof out) != LO_OK;
  if (refused) {
    if (strstr(out, "PyCuTe's right inverse") == NULL)
      return strstr(out, "carries") ? GEN_DISCARD
                                    : gen_failf(x, "right_inverse refuses: %.200s", out);
    if (lo_pycute_f2_right_inverse(&f, &r, &e))
      return gen_failf(x, "right_inverse names PyCuTe's answer, which does not compute: %s", e.msg);
  } else if (answer_f2(x, "right_inverse", out, &r)) {
    return GEN_FAIL;
  }
  if (lo_tuple_size(&r.l.shape, &size, &e)) return prop_verdict_of(x, &e, "size", PROP_STRICT);
  if (size > POINTS) return GEN_DISCARD;
  for (lo_int i = 0; i < size; i++) {
    lo_int ri, v;
    if (def_at(&r, i, &ri) || def_at(&f, ri, &v)) return GEN_DISCARD;
    if (v != i) {
      if (refused) return GEN_PASS; /* the refusal is right */
      return gen_failf(x, "right_inverse F = %s: R(%lld) = %lld, F(%lld) = %lld", out, (long long)i,
                       (long long)ri, (long long)ri, (long long)v);
    }
  }
  if (refused)
    return gen_failf(x, "right_inverse refuses PyCuTe's answer, which meets F(R(i)) = i: %s", out);
  return GEN_PASS;
}

/* right_inverse of the F2 layout of a swizzle over its period: answered,
** and F(R(i)) = i on [0, size R). */
static gen_verdict swizzle_right_inverse(gen_ctx *x) {
  lo_swizzle sw;
  lo_f2 f, r;
  lo_err e;
  lo_int size;
  if (lo_parse_swizzle(x->argv[0], &sw, &e))
    return gen_errorf(x, "the generated swizzle does not parse"), GEN_ERROR;
  lo_int p = lo_swizzle_period(&sw);
  if (p > BLOCK_LIMIT) return GEN_DISCARD;
  if (lo_f2_of_swizzle(&sw, p, &f, &e) || lo_f2_right_inverse(&f, &r, &e) ||
      lo_tuple_size(&r.l.shape, &size, &e))
    return prop_verdict_of(x, &e, "to_f2, right_inverse", PROP_STRICT);
  for (lo_int i = 0; i < size; i++) {
    lo_int ri, v;
    if (def_at(&r, i, &ri) || def_at(&f, ri, &v)) return GEN_DISCARD;
    if (v != i)
      return gen_failf(x, "R(%lld) = %lld, F(%lld) = %lld", (long long)i, (long long)ri,
                       (long long)ri, (long long)v);
  }
  return GEN_PASS;
}

/* Every value is below f2_coshape F, and cosize F = 1 + the largest value. */
static gen_verdict coshape_bound(gen_ctx *x) {
  lo_f2 f;
  lo_int size, top = 0;
  lo_err e;
  char out[64], out2[64];
  if (f2_arg(x, 0, &f)) return GEN_ERROR;
  if (lo_tuple_size(&f.l.shape, &size, &e)) return prop_verdict_of(x, &e, "size", PROP_STRICT);
  if (size > POINTS) return GEN_DISCARD;
  const char *args[1] = {x->argv[0]};
  if (eval_into(x, "f2_coshape", args, 1, out, sizeof out) ||
      eval_into(x, "cosize", args, 1, out2, sizeof out2))
    return GEN_FAIL;
  lo_int bound = strtoll(out, NULL, 10), cos = strtoll(out2, NULL, 10);
  for (lo_int i = 0; i < size; i++) {
    lo_int v;
    if (def_at(&f, i, &v)) return GEN_DISCARD;
    if (v >= bound)
      return gen_failf(x, "F(%lld) = %lld is not below f2_coshape %lld", (long long)i, (long long)v,
                       (long long)bound);
    if (v > top) top = v;
  }
  if (cos != top + 1)
    return gen_failf(x, "cosize F = %lld, 1 + the largest value %lld", (long long)cos,
                     (long long)(top + 1));
  return GEN_PASS;
}

const gen_property prop_f2_table[] = {
    {"f2.linear",
     "a layout with F2 strides and power-of-two extents is linear over XOR: F(a ^ b) = F(a) ^ "
     "F(b), and F(x) is the XOR of d_i << k over the bits k of the coordinates c_i",
     PYCUTE_F2 "Linear-algebraic perspective (Whitepaper 2.4.4): each stride leaf is a column of "
               "a matrix over F2; F2 + is XOR and * the carry-less product",
     GEN_THEOREM, "f2_pair", "apply", linear, NULL, "F a b", 1},
    {"f2.swizzle_agrees",
     "the F2 layout of a swizzle (to_f2) equals the swizzle on its domain: F(x) = sw(x)",
     PYCUTE_F2 "swizzles are expressed directly as F2-stride layouts; the Swizzle functor is "
               "offset -> offset ^ ((offset & YYY) >> shift)",
     GEN_THEOREM, "swizzle_point", "to_f2", swizzle_agrees, NULL, "Sw x", 1},
    {"f2.swizzle_involution",
     "the F2 layout of a swizzle over its period is an involution there (so a bijection of the "
     "period), and from_f2 gives back a swizzle with the same F2 layout",
     PYCUTE_F2 "Swizzle is its own inverse (XOR is involutive), sw(sw(i)) == i", GEN_THEOREM,
     "swizzle_point", "to_f2", swizzle_involution, NULL, "Sw x", 1},
    {"f2.coalesce",
     "coalesce and coalesce_z of an F2 layout keep its size and its value at every index",
     PYCUTE_ALG "coalesce: size(result) == size(A), result(i) == A(i) for i in range(size(A))",
     GEN_THEOREM, "f2_layout", "coalesce", coalesce_same, NULL, "F", 0},
    {"f2.composition",
     "composition F B, where answered, has B's size and R(i) = F(B(i)); a refusal names PyCuTe's "
     "composite and a point where it breaks that, or is PyCuTe's divisibility refusal",
     PYCUTE_ALG "composition: get[mode](result)(i) == get[mode](A)(B(i)) for i in range(size(B))",
     GEN_THEOREM, "f2_compose", "composition", composition_post, NULL, "F B", 0},
    {"f2.right_inverse",
     "right_inverse F, where answered, meets F(R(i)) = i on [0, size R); a refusal names PyCuTe's "
     "answer and a point where it breaks that",
     PYCUTE_ALG "right_inverse: A(R(k)) == k over the contiguous portion of the image; F2 strides "
                "invert too, (8,8):(F2(9),F2(1)) to (8,8):(F2(8),F2(9))",
     GEN_THEOREM, "f2_layout", "right_inverse", right_inverse_post, NULL, "F", 0},
    {"f2.swizzle_right_inverse",
     "right_inverse of the F2 layout of a swizzle over its period is answered and meets F(R(i)) = "
     "i",
     PYCUTE_ALG "right_inverse: over F2 a stride may carry any component the covered modes span, "
                "so swizzles invert too",
     GEN_THEOREM, "swizzle_point", "to_f2", swizzle_right_inverse, NULL, "Sw x", 1},
    {"f2.coshape_bound",
     "every value of an F2 layout lies below f2_coshape (PyCuTe's coshape), and cosize is 1 + the "
     "largest value",
     "PyCuTe pycute/swizzle.py, F2._coshape_bound: the codomain is bounded by the smallest power "
     "of two above every mode's contribution (s-1)*d",
     GEN_THEOREM, "f2_layout", "f2_coshape", coshape_bound, NULL, "F", 0},
};
const int prop_f2_count = (int)(sizeof prop_f2_table / sizeof prop_f2_table[0]);
