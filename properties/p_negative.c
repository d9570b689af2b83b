/*
** p_negative.c -- layouts with negative strides (oracle/lo_negative.c,
** oracle/lo_eval_negative.c), checked through lo_eval (the path a request
** takes) against the definitions evaluated point by point here:
**   reflection        apply of L with every stride negated is minus apply
**                     of L (the layout function is linear in the strides)
**   coalesce, filter  keep the layout function (filter: on the modes of
**                     non-zero stride and size > 1)
**   cute_cosize       is the span of the image, max - min + 1 (the plain
**                     cosize answers it where min = 0, else names it)
**   composition       the plain op answers only CuTe's answer, and only
**                     where R(i) = A(B(i)) on [0, size B); as a conjecture,
**                     CuTe's own answer always does (refuted: CuTe's weak
**                     divisibility lets (4,2):(-1,4) o 4:3 through)
**   right_inverse     L(R(i)) = i on [0, size R) where the plain op answers
**   text              printing the parsed layout gives the generated text
*/
#include "properties.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SRC_CUTE                                                                                   \
  "cute/layout.hpp (negative strides: composition.cpp's \"BETA: Negative strides\"): "
#define POINTS 4096 /* the most points compared */

/* Argument i as a layout whose strides may be negative, or a harness error. */
static int neg_arg(gen_ctx *x, int i, lo_layout *l) {
  lo_err e;
  if (i >= x->argc) return gen_errorf(x, "argument %d is missing", i + 1), 1;
  if (lo_parse_layout_signed(x->argv[i], l, &e))
    return gen_errorf(x, "argument %d does not parse: %s", i + 1, e.msg), 1;
  return 0;
}

/* The eval answer of op on args[0..n) into out; 1 when it is an error
** (out holds the message). */
static int eval_to(const char *op, const char *const *args, int n, char *out, size_t cap) {
  return lo_eval(op, n, args, out, cap) != LO_OK;
}

/* The layout answered by op on args, into r; a verdict other than
** GEN_PASS when op errs (GEN_FAIL with the message) or its text does not
** parse. */
static gen_verdict eval_layout(gen_ctx *x, const char *op, const char *const *args, int n,
                               lo_layout *r) {
  char out[512];
  lo_err e;
  if (eval_to(op, args, n, out, sizeof out))
    return gen_failf(x, "%s answers an error: %.200s", op, out);
  if (lo_parse_layout_signed(out, r, &e))
    return gen_failf(x, "%s answers %.200s, which does not parse: %s", op, out, e.msg);
  return GEN_PASS;
}

/* Size of l when at most POINTS, else -1. */
static lo_int small(const lo_layout *l) {
  lo_int n;
  lo_err e;
  return lo_size(l, &n, &e) == LO_OK && n <= POINTS ? n : -1;
}

/* apply L' x = -apply L x, L' = L with every stride negated, through eval. */
static gen_verdict reflection(gen_ctx *x) {
  lo_layout l, m;
  char text[512], idx[24], a[64], b[64];
  if (neg_arg(x, 0, &l)) return GEN_ERROR;
  lo_int n = small(&l);
  if (n < 0) return GEN_DISCARD;
  m = l;
  for (int i = 0; i < m.shape.len; i++) m.stride[i] = -m.stride[i];
  if (lo_print_layout(&m, text, sizeof text)) return GEN_DISCARD;
  for (lo_int i = 0; i < n; i++) {
    snprintf(idx, sizeof idx, "%lld", (long long)i);
    const char *p[2] = {x->argv[0], idx}, *q[2] = {text, idx};
    if (eval_to("apply", p, 2, a, sizeof a) || eval_to("apply", q, 2, b, sizeof b))
      return gen_failf(x, "apply at %lld answers an error: %.150s / %.150s", (long long)i, a, b);
    if (strtoll(a, NULL, 10) != -strtoll(b, NULL, 10))
      return gen_failf(x, "apply L %lld = %s but apply %s %lld = %s", (long long)i, a, text,
                       (long long)i, b);
  }
  return GEN_PASS;
}

/* R(i) = L(i) on [0, size L) for R = op(L); for filter, L's modes of
** stride 0 or size 1 are first dropped. */
static gen_verdict keeps_function(gen_ctx *x, const char *op) {
  lo_layout l, r, k;
  lo_err e;
  if (neg_arg(x, 0, &l)) return GEN_ERROR;
  const char *args[1] = {x->argv[0]};
  gen_verdict v = eval_layout(x, op, args, 1, &r);
  if (v != GEN_PASS) return v;
  k = l;
  if (strcmp(op, "filter") == 0) { /* the kept modes, flat; 1:0 when none */
    lo_int s[LO_MAX_LEAVES], d[LO_MAX_LEAVES];
    int n = 0;
    for (int i = 0; i < l.shape.len; i++)
      if (l.shape.leaf[i] != 1 && l.stride[i] != 0) {
        s[n] = l.shape.leaf[i];
        d[n++] = l.stride[i];
      }
    if (n == 0) {
      s[0] = 1;
      d[0] = 0;
      n = 1;
    }
    lo_layout_flat(&k, s, d, n);
  }
  lo_int n = small(&k), nr;
  if (n < 0) return GEN_DISCARD;
  if (lo_size(&r, &nr, &e)) return prop_verdict_of(x, &e, "size", PROP_STRICT);
  if (nr != n)
    return gen_failf(x, "%s: size %lld, the layout's %lld", op, (long long)nr, (long long)n);
  for (lo_int i = 0; i < n; i++) {
    lo_int u, w;
    if (lo_apply(&k, i, &u, &e) || lo_apply(&r, i, &w, &e))
      return prop_verdict_of(x, &e, "apply", PROP_STRICT);
    if (u != w)
      return gen_failf(x, "%s gives %s, %lld at %lld, the layout %lld", op,
                       prop_show_layout(x, 0, &r), (long long)w, (long long)i, (long long)u);
  }
  return GEN_PASS;
}
static gen_verdict coalesce_keeps(gen_ctx *x) { return keeps_function(x, "coalesce"); }
static gen_verdict filter_keeps(gen_ctx *x) { return keeps_function(x, "filter"); }

/* cute_cosize L = max - min + 1 over L's values on [0, size L); the plain
** cosize refuses, naming it. */
static gen_verdict cosize_span(gen_ctx *x) {
  lo_layout l;
  lo_err e;
  char out[512], want[40];
  if (neg_arg(x, 0, &l)) return GEN_ERROR;
  lo_int n = small(&l), lo = 0, hi = 0;
  if (n < 0) return GEN_DISCARD;
  for (lo_int i = 0; i < n; i++) {
    lo_int v;
    if (lo_apply(&l, i, &v, &e)) return prop_verdict_of(x, &e, "apply", PROP_STRICT);
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  snprintf(want, sizeof want, "%lld", (long long)(hi - lo + 1));
  const char *args[1] = {x->argv[0]};
  if (eval_to("cute_cosize", args, 1, out, sizeof out))
    return gen_failf(x, "cute_cosize answers an error: %.200s", out);
  if (strcmp(out, want) != 0)
    return gen_failf(x, "cute_cosize is %s, the image [%lld, %lld] spans %s", out, (long long)lo,
                     (long long)hi, want);
  if (lo < 0) {
    char named[64];
    snprintf(named, sizeof named, "CuTe's cosize is %s", want);
    if (!eval_to("cosize", args, 1, out, sizeof out) || !strstr(out, named))
      return gen_failf(x, "cosize answers %.200s, not an error naming %s", out, named);
  } else if (eval_to("cosize", args, 1, out, sizeof out) || strcmp(out, want) != 0) {
    return gen_failf(x, "cosize answers %.200s where the image [0, %lld] gives %s", out,
                     (long long)hi, want);
  }
  return GEN_PASS;
}

/* R(i) = A(B(i)) on [0, size B) and size R = size B, A at B(i) as CuTe
** evaluates it; for the plain op (cute 0) also R = CuTe's answer. */
static gen_verdict composes(gen_ctx *x, int cute) {
  lo_layout a, b, r, rc;
  lo_err e;
  char out[512];
  if (neg_arg(x, 0, &a) || neg_arg(x, 1, &b)) return GEN_ERROR;
  const char *args[2] = {x->argv[0], x->argv[1]};
  if (eval_to(cute ? "cute_composition" : "composition", args, 2, out, sizeof out)) {
    if (cute || strstr(out, "CuTe refuses") || strstr(out, "too large")) return GEN_DISCARD;
    if (strstr(out, "CuTe's answer")) return GEN_DISCARD; /* refused, naming CuTe's answer */
    return gen_failf(x, "composition answers an unexpected error: %.200s", out);
  }
  if (lo_parse_layout_signed(out, &r, &e))
    return gen_failf(x, "composition answers %.200s: %s", out, e.msg);
  if (!cute) {
    gen_verdict v = eval_layout(x, "cute_composition", args, 2, &rc);
    if (v != GEN_PASS) return v;
    if (strcmp(prop_show_layout(x, 0, &r), prop_show_layout(x, 1, &rc)) != 0)
      return gen_failf(x, "composition gives %s, CuTe %s", prop_show_layout(x, 0, &r),
                       prop_show_layout(x, 1, &rc));
  }
  lo_int n = small(&b), nr;
  if (n < 0) return GEN_DISCARD;
  if (lo_size(&r, &nr, &e)) return prop_verdict_of(x, &e, "size", PROP_STRICT);
  if (nr != n)
    return gen_failf(x, "A o B = %s has size %lld, B %lld", out, (long long)nr, (long long)n);
  for (lo_int i = 0; i < n; i++) {
    lo_int vb, va, vr;
    if (lo_apply(&b, i, &vb, &e) || lo_cute_apply_int(&a, vb, &va, &e) || lo_apply(&r, i, &vr, &e))
      return prop_verdict_of(x, &e, "apply", PROP_BOUNDED_ARITH);
    if (va != vr)
      return gen_failf(x, "A o B = %s is %lld at %lld, A(B(%lld)) = A(%lld) = %lld", out,
                       (long long)vr, (long long)i, (long long)i, (long long)vb, (long long)va);
  }
  return GEN_PASS;
}
static gen_verdict plain_composition(gen_ctx *x) { return composes(x, 0); }
static gen_verdict cute_composition(gen_ctx *x) { return composes(x, 1); }

/* L(R(i)) = i on [0, size R) where right_inverse answers. */
static gen_verdict right_inverse(gen_ctx *x) {
  lo_layout l, r;
  lo_err e;
  char out[512];
  if (neg_arg(x, 0, &l)) return GEN_ERROR;
  const char *args[1] = {x->argv[0]};
  if (eval_to("right_inverse", args, 1, out, sizeof out)) return GEN_DISCARD;
  if (lo_parse_layout_signed(out, &r, &e))
    return gen_failf(x, "right_inverse answers %.200s: %s", out, e.msg);
  lo_int n = small(&r);
  if (n < 0) return GEN_DISCARD;
  for (lo_int i = 0; i < n; i++) {
    lo_int v, w;
    if (lo_apply(&r, i, &v, &e) || lo_apply(&l, v, &w, &e))
      return prop_verdict_of(x, &e, "apply", PROP_STRICT);
    if (w != i)
      return gen_failf(x, "R = %s: L(R(%lld)) = L(%lld) = %lld", out, (long long)i, (long long)v,
                       (long long)w);
  }
  return GEN_PASS;
}

/* print(parse(s)) = s for the generated (canonical) text. */
static gen_verdict text_round_trip(gen_ctx *x) {
  lo_layout l;
  char out[512];
  if (neg_arg(x, 0, &l)) return GEN_ERROR;
  if (lo_print_layout(&l, out, sizeof out)) return GEN_DISCARD;
  if (strcmp(out, x->argv[0]) != 0) return gen_failf(x, "%s prints back as %s", x->argv[0], out);
  return GEN_PASS;
}

const gen_property prop_negative_table[] = {
    {"negative.apply_reflection",
     "apply of L with every stride negated is minus apply of L, at every point",
     SRC_CUTE "Layout::operator() is the inner product of the coordinate with the strides",
     GEN_THEOREM, "neg_layout", "apply", reflection, NULL, NULL, 1},
    {"negative.coalesce_keeps_function", "coalesce(L) has L's size and L's values at every point",
     SRC_CUTE "coalesce: @post size kept, layout(i) == result(i) for 0 <= i < size", GEN_THEOREM,
     "neg_layout", "coalesce", coalesce_keeps, NULL, NULL, 0},
    {"negative.filter_keeps_nonzero",
     "filter(L) is the layout of L's modes of non-zero stride and size > 1, point by point",
     SRC_CUTE "filter = coalesce(filter_zeros(L))", GEN_THEOREM, "neg_layout", "filter",
     filter_keeps, NULL, NULL, 0},
    {"negative.cute_cosize_is_span",
     "CuTe's cosize is max - min + 1 of L's values; the plain cosize answers it where min is 0, "
     "else refuses naming it",
     SRC_CUTE "cosize = size(coshape), coshape takes abs of the strides", GEN_THEOREM, "neg_layout",
     "cute_cosize", cosize_span, NULL, NULL, 0},
    {"negative.composition_sound",
     "the plain composition answers only CuTe's answer, and only where R(i) = A(B(i)) on [0, size "
     "B)",
     "docs/ops.md (Negative strides): the plain ops follow CuTe C++ where it meets its "
     "postcondition",
     GEN_THEOREM, "neg_pair", "composition", plain_composition, NULL, NULL, 0},
    {"negative.cute_composition_postcondition",
     "CuTe's composition, where it compiles, gives R(i) = A(B(i)) on [0, size B)",
     SRC_CUTE "composition: @post result(i) == layoutA(layoutB(i)) for 0 <= i < size(layoutB)",
     GEN_CONJECTURE, "neg_pair", "cute_composition", cute_composition, NULL, NULL, 0},
    {"negative.right_inverse", "right_inverse(L), where it answers, has L(R(i)) = i on [0, size R)",
     SRC_CUTE "right_inverse: @post layout(result(i)) == i for 0 <= i < size(result)", GEN_THEOREM,
     "neg_layout", "right_inverse", right_inverse, NULL, NULL, 0},
    {"negative.text_round_trip", "a layout with negative strides prints back as it was written",
     "docs/syntax.md (Negative strides): -N and _-N, printed canonically", GEN_THEOREM,
     "neg_layout", "flatten", text_round_trip, NULL, NULL, 1},
};
const int prop_negative_count = (int)(sizeof prop_negative_table / sizeof prop_negative_table[0]);
