/*
** p_cute.c -- CuTe C++ against its own contracts, and the plain ops
** against CuTe C++.
**
** The cute_ ops reproduce what CuTe C++ prints for static layouts (checked
** against CuTe itself by corpus/cute_cpp/).  Each contract CuTe documents
** for an op (layout.hpp's @post lines) is a conjecture here, checked point
** by point by this file's own brute force: where fuzzing refutes one, the
** shrunk counterexample is an input on which CuTe prints a wrong answer.
** The theorems say that the plain ops print CuTe's text wherever both
** answer (docs/ops.md, "CuTe C++ as the ground truth").
*/
#include "properties.h"

#include <stdio.h>
#include <string.h>

/* A brute-force enumeration bound for these checks. */
#define CUTE_ENUM ((lo_int)1 << 14)

/* 1 when l's size is at most CUTE_ENUM (its size in *n), else 0. */
static int small(const lo_layout *l, lo_int *n) {
  lo_err e;
  return lo_size(l, n, &e) == LO_OK && *n <= CUTE_ENUM;
}

/* Contract of composition: when CuTe answers R, R(x) = A(B(x)) on
** [0, size B) and shape(R) refines shape(B). */
static gen_verdict composition_contract(gen_ctx *x) {
  lo_layout a, b, r;
  lo_err e;
  lo_int n;
  if (prop_layout(x, 0, &a) || prop_layout(x, 1, &b)) return GEN_ERROR;
  if (lo_cute_composition(&a, &b, &r, &e) != LO_OK) {
    x->labels |= 1u << GEN_L_UNDEFINED;
    return GEN_DISCARD;
  }
  if (!small(&b, &n)) return GEN_DISCARD;
  if (!lo_refines(&r.shape, &b.shape))
    return gen_failf(x, "CuTe prints %s, whose shape does not refine shape(B)",
                     prop_show_layout(x, 0, &r));
  return prop_judged(prop_is_composite(x, &a, &b, &r));
}

/* Contract of complement(L): R strictly increasing, and no value of R
** past R(0) = 0 is a value of filter(L) plus another value of R (so that
** (filter L, R) is injective), with size(R) >= cosize(filter L) / size(filter
** L) in C++ integer division (CuTe's "@post size(result) >= cosize_hi /
** size(filter(layout))"). */
static gen_verdict complement_contract(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout l, f, r, fr;
  lo_err e;
  lo_int sr, sf, sfr, cf;
  if (prop_layout(x, 0, &l)) return GEN_ERROR;
  if (lo_cute_complement(&l, NULL, &r, &e) != LO_OK) {
    x->labels |= 1u << GEN_L_UNDEFINED;
    return GEN_DISCARD;
  }
  if (lo_cute_filter(&l, &f, &oe) != LO_OK) return prop_verdict_of(x, &oe, "filter", PROP_STRICT);
  const lo_layout *pp[2] = {&f, &r};
  if (lo_layout_nest(pp, 2, &fr, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "(filter L, R)", PROP_STRICT);
  if (!small(&fr, &sfr) || lo_size(&f, &sf, &e) || lo_size(&r, &sr, &e) || lo_cosize(&f, &cf, &e))
    return GEN_DISCARD;
  lo_int prev = -1, v;
  for (lo_int i = 0; i < sr; i++) {
    if (lo_apply(&r, i, &v, &e)) return GEN_DISCARD;
    if (v <= prev)
      return gen_failf(x, "CuTe prints %s, which is not increasing (R(%lld) = %lld)",
                       prop_show_layout(x, 0, &r), (long long)i, (long long)v);
    prev = v;
  }
  if (sr < cf / sf)
    return gen_failf(x, "CuTe prints %s: size(R) = %lld < cosize(filter L) / size(filter L) = %lld",
                     prop_show_layout(x, 0, &r), (long long)sr, (long long)(cf / sf));
  int inj;
  if (lo_is_injective(&fr, &inj, &e)) return GEN_DISCARD;
  if (!inj)
    return gen_failf(x, "CuTe prints %s, and (filter L, R) = %s is not injective",
                     prop_show_layout(x, 0, &r), prop_show_layout(x, 1, &fr));
  return GEN_PASS;
}

/* Contract of left_inverse: L(R(L(i))) = L(i) on [0, size L). */
static gen_verdict left_inverse_contract(gen_ctx *x) {
  lo_layout l, r;
  lo_err e;
  lo_int n;
  if (prop_layout(x, 0, &l)) return GEN_ERROR;
  if (lo_cute_left_inverse(&l, &r, &e) != LO_OK) {
    x->labels |= 1u << GEN_L_UNDEFINED;
    return GEN_DISCARD;
  }
  if (!small(&l, &n)) return GEN_DISCARD;
  for (lo_int i = 0; i < n; i++) {
    lo_int li, rli, lrli;
    if (lo_apply(&l, i, &li, &e) || lo_apply(&r, li, &rli, &e) || lo_apply(&l, rli, &lrli, &e))
      return GEN_DISCARD;
    if (lrli != li)
      return gen_failf(x, "CuTe prints %s: L(R(L(%lld))) = %lld, not L(%lld) = %lld",
                       prop_show_layout(x, 0, &r), (long long)i, (long long)lrli, (long long)i,
                       (long long)li);
  }
  return GEN_PASS;
}

/* Contract of right_inverse: L(R(i)) = i on [0, size R). */
static gen_verdict right_inverse_contract(gen_ctx *x) {
  lo_layout l, r;
  lo_err e;
  lo_int n;
  if (prop_layout(x, 0, &l)) return GEN_ERROR;
  if (lo_cute_right_inverse(&l, &r, &e) != LO_OK) {
    x->labels |= 1u << GEN_L_UNDEFINED;
    return GEN_DISCARD;
  }
  if (!small(&r, &n)) return GEN_DISCARD;
  for (lo_int i = 0; i < n; i++) {
    lo_int ri, lri;
    if (lo_apply(&r, i, &ri, &e) || lo_apply(&l, ri, &lri, &e)) return GEN_DISCARD;
    if (lri != i)
      return gen_failf(x, "CuTe prints %s: L(R(%lld)) = %lld", prop_show_layout(x, 0, &r),
                       (long long)i, (long long)lri);
  }
  return GEN_PASS;
}

/* Contract of logical_divide(A, B) for a layout B: A o (B, complement(B,
** shape(coalesce A))), so its first mode is A o B. */
static gen_verdict logical_divide_contract(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, b, r, r1;
  lo_err e;
  lo_int n;
  if (prop_layout(x, 0, &a) || prop_layout(x, 1, &b)) return GEN_ERROR;
  if (b.is_tiler || lo_cute_logical_divide(&a, &b, &r, &e) != LO_OK) {
    x->labels |= 1u << GEN_L_UNDEFINED;
    return GEN_DISCARD;
  }
  if (!small(&b, &n)) return GEN_DISCARD;
  if (lo_layout_mode(&r, 1, &r1, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "mode 1", PROP_STRICT);
  return prop_judged(prop_is_composite(x, &a, &b, &r1));
}

/* The plain op prints CuTe's text wherever both answer: compare op and
** its cute_ twin through the op table, on the case's arguments. */
static gen_verdict follows(gen_ctx *x, const char *op) {
  char plain[512], cute[512], twin[64];
  const char *argv[2] = {x->argv[0], x->argc > 1 ? x->argv[1] : ""};
  int argc = strcmp(op, "left_inverse") == 0 || strcmp(op, "right_inverse") == 0 ||
                     strcmp(op, "complement") == 0
                 ? 1
                 : 2;
  snprintf(twin, sizeof twin, "cute_%s", op);
  if (lo_eval(op, argc, argv, plain, sizeof plain) != LO_OK ||
      lo_eval(twin, argc, argv, cute, sizeof cute) != LO_OK)
    return GEN_DISCARD;
  if (strcmp(plain, cute) != 0)
    return gen_failf(x, "%s prints %s but CuTe C++ prints %s", op, plain, cute);
  return GEN_PASS;
}

/* The follows.* properties: the plain op answers as its cute_ twin
** wherever both answer (follows). */
static gen_verdict follows_composition(gen_ctx *x) { return follows(x, "composition"); }
static gen_verdict follows_complement(gen_ctx *x) { return follows(x, "complement"); }
static gen_verdict follows_left_inverse(gen_ctx *x) { return follows(x, "left_inverse"); }
static gen_verdict follows_right_inverse(gen_ctx *x) { return follows(x, "right_inverse"); }
static gen_verdict follows_logical_divide(gen_ctx *x) { return follows(x, "logical_divide"); }
static gen_verdict follows_logical_product(gen_ctx *x) { return follows(x, "logical_product"); }

/* Append to out[*n..cap) the tiler entry e[0..len) with its integers made
** layouts: n as make_layout(n) (1:0 for n = 1 where one_zero, else n:1),
** a nested tuple entry by entry, a layout or '_' as it is.  0, or -1 when
** it does not fit. */
static int entry_as_layouts(const char *e, size_t len, int one_zero, char *out, size_t *n,
                            size_t cap) {
  int d = 0, colon = 0;
  for (size_t i = 0; i < len; i++) {
    d += e[i] == '(' ? 1 : e[i] == ')' ? -1 : 0;
    if (d == 0 && e[i] == ':') colon = 1;
  }
  if (colon || (len == 1 && e[0] == '_') || len == 0 || (len == 2 && e[0] == '(')) {
    /* a layout, '_', or the empty entry () */
    if (*n + len >= cap) return -1;
    memcpy(out + *n, e, len);
    *n += len;
    return 0;
  }
  if (e[0] != '(') { /* an integer, perhaps CuTe's static _n */
    long long v = 0;
    for (size_t i = e[0] == '_'; i < len; i++) v = 10 * v + (e[i] - '0');
    int w = snprintf(out + *n, cap - *n, v == 1 && one_zero ? "1:0" : "%lld:1", v);
    if (w < 0 || (size_t)w >= cap - *n) return -1;
    *n += (size_t)w;
    return 0;
  }
  size_t start = 1;
  d = 0;
  if (*n + 1 >= cap) return -1;
  out[(*n)++] = '(';
  for (size_t i = 1; i < len; i++) { /* the entries of the nested tuple */
    int end = i + 1 == len;
    if (!end && e[i] == '(') d++;
    if (!end && e[i] == ')') d--;
    if ((e[i] == ',' && d == 0) || end) {
      if (entry_as_layouts(e + start, i - start, one_zero, out, n, cap) || *n + 1 >= cap) return -1;
      out[(*n)++] = end ? ')' : ',';
      start = i + 1;
    }
  }
  out[*n] = 0;
  return 0;
}

/* CuTe's integral and Shape tilers: op(A, n) is op(A, make_layout(n)),
** and op(A, S) for a shape S is op(A, <S's entries>), an entry n again
** make_layout(n), mode by mode: B as written and B with every integer made
** a layout (a shape made a tiler) give the same text, or both an error. */
static gen_verdict tilers_as_layouts(gen_ctx *x, const char *op, int one_zero) {
  char t[GEN_ARG_LEN], b[GEN_ARG_LEN + 8], r1[1024], r2[1024];
  const char *arg = x->argv[1];
  size_t n = 0, len = strlen(arg);
  int d = 0;
  if (len == 0 || len >= sizeof t) return GEN_ERROR;
  for (size_t i = 0; i < len; i++) {
    d += arg[i] == '(' ? 1 : arg[i] == ')' ? -1 : 0;
    if (d == 0 && arg[i] == ':') return GEN_PASS; /* a layout: B itself */
  }
  memcpy(t, arg, len + 1);
  if (t[0] == '<') t[0] = '(', t[len - 1] = ')'; /* a tiler: its entries, as a shape's */
  if (entry_as_layouts(t, len, one_zero, b, &n, sizeof b)) return GEN_DISCARD;
  b[n] = 0;
  if (b[0] == '(') b[0] = '<', b[n - 1] = '>'; /* a shape or a tiler: a tiler */
  const char *v1[2] = {x->argv[0], arg}, *v2[2] = {x->argv[0], b};
  int e1 = lo_eval(op, 2, v1, r1, sizeof r1) != LO_OK;
  int e2 = lo_eval(op, 2, v2, r2, sizeof r2) != LO_OK;
  if (e1 && e2) return GEN_PASS;
  if (e1 != e2 || strcmp(r1, r2) != 0)
    return gen_failf(x, "%s A %s gives %s but A %s gives %s", op, arg, r1, b, r2);
  return GEN_PASS;
}

/* The integral and Shape tilers of each op that takes them. */
static gen_verdict tilers_composition(gen_ctx *x) { return tilers_as_layouts(x, "composition", 0); }
static gen_verdict tilers_logical_divide(gen_ctx *x) {
  return tilers_as_layouts(x, "logical_divide", 1);
}
static gen_verdict tilers_zipped_divide(gen_ctx *x) {
  return tilers_as_layouts(x, "zipped_divide", 1);
}
static gen_verdict tilers_logical_product(gen_ctx *x) {
  return tilers_as_layouts(x, "logical_product", 1);
}
static gen_verdict tilers_tiled_product(gen_ctx *x) {
  return tilers_as_layouts(x, "tiled_product", 1);
}

const gen_property prop_cute_table[] = {
    {"cute.composition_contract", "CuTe's composition(A,B), when it compiles, has R(x) = A(B(x))",
     "cute/layout.hpp composition: @post result(c) = lhs(rhs(c)), compatible(rhs, result)",
     GEN_CONJECTURE, "nested_compose_pair", "cute_composition", composition_contract, NULL, NULL,
     0},
    {"cute.complement_contract",
     "CuTe's complement(L), when it compiles, is increasing, disjoint from L, of size >= "
     "cosize / size(filter L)",
     "cute/layout.hpp complement: @post lines", GEN_CONJECTURE, "layout", "cute_complement",
     complement_contract, NULL, NULL, 0},
    {"cute.left_inverse_contract",
     "CuTe's left_inverse(L), when it compiles, has L(R(L(i))) = L(i)",
     "cute/layout.hpp left_inverse: @result", GEN_CONJECTURE, "layout", "cute_left_inverse",
     left_inverse_contract, NULL, NULL, 0},
    {"cute.right_inverse_contract", "CuTe's right_inverse(L) has L(R(i)) = i",
     "cute/layout.hpp right_inverse: @result", GEN_THEOREM, "layout", "cute_right_inverse",
     right_inverse_contract, NULL, NULL, 0},
    {"cute.logical_divide_contract",
     "mode 1 of CuTe's logical_divide(A,B), when it compiles, is A o B",
     "cute/layout.hpp logical_divide = composition(A, (B, complement(B, shape(coalesce A))))",
     GEN_CONJECTURE, "divide_layouts", "cute_logical_divide", logical_divide_contract, NULL, NULL,
     0},
    {"plain.composition_follows_cute", "composition prints CuTe's text wherever both answer",
     "docs/ops.md: the plain ops follow CuTe C++", GEN_THEOREM, "nested_compose_pair",
     "composition", follows_composition, NULL, NULL, 0},
    {"plain.complement_follows_cute", "complement prints CuTe's text wherever both answer",
     "docs/ops.md: the plain ops follow CuTe C++", GEN_THEOREM, "complementable", "complement",
     follows_complement, NULL, NULL, 0},
    {"plain.left_inverse_follows_cute", "left_inverse prints CuTe's text wherever both answer",
     "docs/ops.md: the plain ops follow CuTe C++", GEN_THEOREM, "injective", "left_inverse",
     follows_left_inverse, NULL, NULL, 0},
    {"plain.right_inverse_follows_cute", "right_inverse prints CuTe's text wherever both answer",
     "docs/ops.md: the plain ops follow CuTe C++", GEN_THEOREM, "layout", "right_inverse",
     follows_right_inverse, NULL, NULL, 0},
    {"plain.logical_divide_follows_cute", "logical_divide prints CuTe's text wherever both answer",
     "docs/ops.md: the plain ops follow CuTe C++", GEN_THEOREM, "divide_layouts", "logical_divide",
     follows_logical_divide, NULL, NULL, 0},
    {"plain.logical_product_follows_cute",
     "logical_product prints CuTe's text wherever both answer",
     "docs/ops.md: the plain ops follow CuTe C++", GEN_THEOREM, "product_layouts",
     "logical_product", follows_logical_product, NULL, NULL, 0},
    {"plain.composition_forms_follow_cute",
     "composition prints CuTe's text wherever both answer, B in every form",
     "docs/ops.md: the plain ops follow CuTe C++; docs/syntax.md: Tilers", GEN_THEOREM,
     "compose_forms", "composition", follows_composition, NULL, NULL, 0},
    {"plain.logical_divide_forms_follow_cute",
     "logical_divide prints CuTe's text wherever both answer, B in every form",
     "docs/ops.md: the plain ops follow CuTe C++; docs/syntax.md: Tilers", GEN_THEOREM,
     "divide_forms", "logical_divide", follows_logical_divide, NULL, NULL, 0},
    {"plain.logical_product_forms_follow_cute",
     "logical_product prints CuTe's text wherever both answer, B in every form",
     "docs/ops.md: the plain ops follow CuTe C++; docs/syntax.md: Tilers", GEN_THEOREM,
     "product_forms", "logical_product", follows_logical_product, NULL, NULL, 0},
    {"plain.integral_tilers_composition",
     "composition(A, n) = composition(A, n:1); a shape B is the tiler of its entries",
     "cute/layout.hpp composition: an integral tiler is make_layout(n); docs/syntax.md: Tilers",
     GEN_THEOREM, "compose_forms", "composition", tilers_composition, NULL, NULL, 0},
    {"plain.integral_tilers_logical_divide",
     "logical_divide(A, n) = logical_divide(A, make_layout(n)); a shape B is the tiler of its "
     "entries",
     "cute/layout.hpp logical_divide: is_integral -> make_layout(tiler); docs/syntax.md: Tilers",
     GEN_THEOREM, "divide_forms", "logical_divide", tilers_logical_divide, NULL, NULL, 0},
    {"plain.integral_tilers_zipped_divide",
     "zipped_divide(A, n) = zipped_divide(A, make_layout(n)); a shape B is the tiler of its "
     "entries",
     "cute/layout.hpp zipped_divide over logical_divide; docs/syntax.md: Tilers", GEN_THEOREM,
     "divide_forms", "zipped_divide", tilers_zipped_divide, NULL, NULL, 0},
    {"plain.integral_tilers_logical_product",
     "logical_product(A, n) = logical_product(A, make_layout(n)); a shape B is the tiler of its "
     "entries",
     "cute/layout.hpp logical_product: is_integral -> make_layout(tiler); docs/syntax.md: Tilers",
     GEN_THEOREM, "product_forms", "logical_product", tilers_logical_product, NULL, NULL, 0},
    {"plain.integral_tilers_tiled_product",
     "tiled_product(A, n) = tiled_product(A, make_layout(n)); a shape B is the tiler of its "
     "entries",
     "cute/layout.hpp tiled_product over logical_product; docs/syntax.md: Tilers", GEN_THEOREM,
     "product_forms", "tiled_product", tilers_tiled_product, NULL, NULL, 0},
};
const int prop_cute_count = (int)(sizeof prop_cute_table / sizeof prop_cute_table[0]);
