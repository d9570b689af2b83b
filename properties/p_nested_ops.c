/*
** p_nested_ops.c -- the nested-layout operations of Chapter 2.3 as
** properties: relative coalesce, compactness, complements, composition,
** logical division and product, tractability.  Chapter 2.2 and plain
** coalesce stay in p_nested.c; what both use is in p_nested.h.
*/
#include "properties.h"
#include "p_nested.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* An oracle answer as existence: 1 defined, 0 undefined, -1 past the
** oracle's limits (the caller discards). */
static int defined(int rc) { return rc == LO_OK ? 1 : rc == LO_EUNDEF ? 0 : -1; }

typedef int (*layout_op)(const lo_layout *, const lo_layout *, lo_layout *, lo_err *);

/* The layouts items substituted into the profile q: shapes spliced, strides
** concatenated (Def 2.3.2.12 for the modes, Obs 2.3.4.3 for relative
** modes). */
static int splice_layouts(const lo_tuple *q, const lo_layout *items, lo_layout *out) {
  lo_tuple shapes[LO_MAX_LEAVES];
  lo_layout r;
  int at = 0;
  for (int k = 0; k < q->len; k++) {
    shapes[k] = items[k].shape;
    if (at + items[k].shape.len > LO_MAX_LEAVES) return -1;
    memcpy(r.stride + at, items[k].stride, (size_t)items[k].shape.len * sizeof(lo_int));
    at += items[k].shape.len;
  }
  if (p_nested_splice_tuples(q, shapes, &r.shape)) return -1;
  r.is_tiler = 0;
  *out = r;
  return 0;
}

/* Def 2.1.8.1 on L-flat, recomputed: sort the entries by (d, s) (no
** squeeze); every non-zero d_i has s_i d_i dividing d_{i+1}. */
static int def_tractable(const lo_layout *l) {
  lo_int s[LO_MAX_LEAVES], d[LO_MAX_LEAVES];
  int n = l->shape.len;
  for (int i = 0; i < n; i++) { /* insertion sort, stable */
    int j = i;
    while (j > 0 &&
           (d[j - 1] > l->stride[i] || (d[j - 1] == l->stride[i] && s[j - 1] > l->shape.leaf[i]))) {
      s[j] = s[j - 1];
      d[j] = d[j - 1];
      j--;
    }
    s[j] = l->shape.leaf[i];
    d[j] = l->stride[i];
  }
  for (int i = 0; i + 1 < n; i++) {
    lo_int p;
    if (d[i] == 0) continue;
    if (__builtin_mul_overflow(s[i], d[i], &p) || d[i + 1] % p != 0) return 0;
  }
  return 1;
}

/* The largest extent s d over entries with s > 1 (for a complementable
** layout, s_m d_m of sort(squeeze(L))); 1 when there is none. */
static lo_int largest_extent(const lo_layout *l) {
  lo_int best = 1, p;
  for (int i = 0; i < l->shape.len; i++)
    if (l->shape.leaf[i] > 1 && !__builtin_mul_overflow(l->shape.leaf[i], l->stride[i], &p) &&
        p > best)
      best = p;
  return best;
}

/* Is Phi_L^{cosize} a bijection onto [0, cosize)?  1, 0, or -1 when
** size(L) exceeds the brute-force bound. */
static int brute_compact(gen_ctx *x, const lo_layout *l) {
  lo_int size, cos, v;
  lo_err e;
  if (lo_size(l, &size, &e) || size > x->bounds->max_size) return -1;
  if (lo_cosize(l, &cos, &e) || cos != size) return 0;
  unsigned char *seen = calloc((size_t)size, 1);
  if (!seen) return -1;
  int ok = 1;
  for (lo_int i = 0; i < size && ok; i++) {
    if (lo_apply(l, i, &v, &e) || v < 0 || v >= size || seen[v])
      ok = 0;
    else
      seen[v] = 1;
  }
  free(seen);
  return ok;
}

/* Does w satisfy the three conditions of Def 2.3.7.1 for outer o inner:
** shape(w) refines shape(inner), w coalesced over shape(inner), and
** Phi_w = Phi_outer o Phi_inner?  1, 0, or -1 when too large. */
static int is_paper_composite(gen_ctx *x, const lo_layout *outer, const lo_layout *inner,
                              const lo_layout *w) {
  if (!lo_refines(&w->shape, &inner->shape)) {
    gen_failf(x, "(1) fails: the shape of %s does not refine %s", prop_show_layout(x, 0, w),
              prop_show_tuple(x, 1, &inner->shape));
    return 0;
  }
  if (p_nested_coalesced_over(w, &inner->shape) != 1) {
    gen_failf(x, "(2) fails: %s is not coalesced over %s", prop_show_layout(x, 0, w),
              prop_show_tuple(x, 1, &inner->shape));
    return 0;
  }
  return prop_is_composite(x, outer, inner, w);
}

/* Obs 2.3.4.3, Def 2.3.4.7, Lemma 2.3.4.9: L = (L_1..L_m)
** _{prof S} for its relative modes L_i; coal(L,S) = (coal L_1, ..,
** coal L_m)_{prof S}; its shape refines S; Phi_{coal(L,S)} = Phi_L. */
static gen_verdict relative_coalesce(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout l, c, m[LO_MAX_LEAVES], cm[LO_MAX_LEAVES], back, want;
  lo_tuple s;
  int n;
  if (prop_layout(x, 0, &l) || prop_tuple(x, 1, &s)) return GEN_ERROR;
  if (p_nested_rel_layout_modes(&l, &s, m, &n, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "relative modes", PROP_BOUNDED_ARITH);
  if (n != s.len) return gen_failf(x, "%d relative modes for %d entries of S", n, s.len);
  if (splice_layouts(&s, m, &back)) return GEN_DISCARD;
  if (!lo_layout_equal(&back, &l))
    return gen_failf(x, "(L_1..L_m)_{prof S} = %s, not L", prop_show_layout(x, 0, &back));
  for (int i = 0; i < n; i++)
    if (lo_coalesce(&m[i], &cm[i], &oe) != LO_OK)
      return prop_verdict_of(x, &oe, "coalesce", PROP_BOUNDED_ARITH);
  if (splice_layouts(&s, cm, &want)) return GEN_DISCARD;
  if (lo_coalesce_profile(&l, &s, &c, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "relative coalesce", PROP_BOUNDED_ARITH);
  if (!lo_layout_equal(&c, &want))
    return gen_failf(x, "coal(L,S) = %s, Def 2.3.4.7 gives %s", prop_show_layout(x, 0, &c),
                     prop_show_layout(x, 1, &want));
  if (!lo_refines(&c.shape, &s))
    return gen_failf(x, "the shape of coal(L,S) = %s does not refine S",
                     prop_show_layout(x, 0, &c));
  return prop_judged(prop_same_function(x, &l, &c, "Phi_L vs Phi_{coal(L,S)}"));
}

/* Prop 2.3.4.10: for shape(A), shape(B) refining S, Phi_A = Phi_B
** iff coal(A,S) = coal(B,S). */
static gen_verdict relative_coalesce_characterizes(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, b, ca, cb;
  lo_tuple s;
  if (prop_tuple(x, 0, &s) || prop_layout(x, 1, &a) || prop_layout(x, 2, &b)) return GEN_ERROR;
  if (!lo_refines(&a.shape, &s) || !lo_refines(&b.shape, &s))
    return gen_failf(x, "shape(A) or shape(B) does not refine S");
  if ((lo_coalesce_profile(&a, &s, &ca, &oe) || lo_coalesce_profile(&b, &s, &cb, &oe)) != LO_OK)
    return prop_verdict_of(x, &oe, "relative coalesce", PROP_BOUNDED_ARITH);
  int same = prop_same_function(x, &a, &b, "Phi_A vs Phi_B");
  if (same < 0) return GEN_DISCARD;
  x->msg[0] = 0;
  if (same != lo_layout_equal(&ca, &cb))
    return gen_failf(x, "Phi_A %s Phi_B but coal(A,S) = %s and coal(B,S) = %s",
                     same ? "=" : "!=", prop_show_layout(x, 0, &ca), prop_show_layout(x, 1, &cb));
  return GEN_PASS;
}

/* Def 2.3.5.1, Prop 2.3.5.5: L compact (Phi^cosize bijective,
** by brute force) iff L-flat compact iff coal(L) compact. */
static gen_verdict compact_agree(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout l, f, c;
  if (prop_layout(x, 0, &l)) return GEN_ERROR;
  int b = brute_compact(x, &l);
  if (b < 0) return GEN_DISCARD;
  lo_layout_flatten(&l, &f);
  if (lo_coalesce(&l, &c, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "coalesce", PROP_BOUNDED_ARITH);
  if (lo_is_compact(&l) != b || lo_is_compact(&f) != b || lo_is_compact(&c) != b)
    return gen_failf(x, "brute force says %s; is_compact: L %d, L-flat %d, coal(L) = %s %d",
                     b ? "compact" : "not compact", lo_is_compact(&l), lo_is_compact(&f),
                     prop_show_layout(x, 0, &c), lo_is_compact(&c));
  return GEN_PASS;
}

/* Def 2.3.6.1, Lemma 2.3.6.2: A _|_ B iff (A,B) is compact
** (brute force) iff A-flat * B-flat is compact; and symmetric. */
static gen_verdict complement_flatten(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, b, ab, ba, f;
  if (prop_layout(x, 0, &a) || prop_layout(x, 1, &b)) return GEN_ERROR;
  if ((p_nested_nest2(&a, &b, &ab, &oe) || p_nested_nest2(&b, &a, &ba, &oe)) != LO_OK)
    return prop_verdict_of(x, &oe, "nest", PROP_BOUNDED_ARITH);
  if (lo_flat_concat(&a, &b, &f, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "concat", PROP_BOUNDED_ARITH);
  int r = brute_compact(x, &ab);
  if (r < 0) return GEN_DISCARD;
  if (lo_is_compact(&ab) != r || lo_is_compact(&f) != r || lo_is_compact(&ba) != r)
    return gen_failf(x, "(A,B) is %s by brute force; is_compact: (A,B) %d, A*B %d, (B,A) %d",
                     r ? "compact" : "not compact", lo_is_compact(&ab), lo_is_compact(&f),
                     lo_is_compact(&ba));
  return GEN_PASS;
}

/* Def 2.3.6.3, Lemma 2.3.6.4: A complementable iff A-flat is;
** a complement B of A (brute force) makes A complementable; complementable
** A has (A, comp(A)) compact; otherwise comp(A) is undefined. */
static gen_verdict complementable(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, b, ab, f, c, ac;
  lo_err e;
  if (prop_layout(x, 0, &a) || prop_layout(x, 1, &b)) return GEN_ERROR;
  lo_layout_flatten(&a, &f);
  int can = lo_is_complementable(&a);
  if (can != lo_is_complementable(&f))
    return gen_failf(x, "complementable: A %d, A-flat %d", can, !can);
  if (p_nested_nest2(&a, &b, &ab, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "nest", PROP_BOUNDED_ARITH);
  int r = brute_compact(x, &ab);
  if (r < 0) return GEN_DISCARD;
  if (r && !can) return gen_failf(x, "(A,B) is compact but A is not complementable");
  if (!can) {
    x->labels |= 1u << GEN_L_UNDEFINED;
    if (lo_paper_complement(&a, -1, &c, &e) == LO_OK)
      return gen_failf(x, "A is not complementable, yet comp(A) = %s", prop_show_layout(x, 0, &c));
    return GEN_PASS;
  }
  if (lo_paper_complement(&a, -1, &c, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "comp(A)", PROP_BOUNDED_ARITH);
  if (p_nested_nest2(&a, &c, &ac, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "nest", PROP_BOUNDED_ARITH);
  int rc = brute_compact(x, &ac);
  if (rc == 0) return gen_failf(x, "(A, comp(A)) = %s is not compact", prop_show_layout(x, 0, &ac));
  return prop_judged(rc);
}

/* Def 2.3.6.5, Def 2.3.6.7: for N-complementable A, C =
** comp(A,N) = coal(comp-flat(A-flat, N)) makes (A,C) compact with
** size(A) size(C) = N; C is coalesced and sorted; C does not depend on the
** order, nesting or size-1 entries of A.  Otherwise comp(A,N) is undefined. */
static gen_verdict complement_construction(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, a2, c, c2, f, cf, want, ac, fc;
  lo_int n, sa, sc;
  lo_err e;
  if (prop_layout(x, 0, &a) || prop_int(x, 1, &n) || prop_layout(x, 2, &a2)) return GEN_ERROR;
  if (!lo_is_n_complementable(&a, n)) {
    x->labels |= 1u << GEN_L_ROUNDED;
    if (lo_paper_complement(&a, n, &c, &e) == LO_OK)
      return gen_failf(x, "A is not N-complementable, yet comp(A,N) = %s",
                       prop_show_layout(x, 0, &c));
    return GEN_PASS;
  }
  if (lo_paper_complement(&a, n, &c, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "comp(A,N)", PROP_BOUNDED_ARITH);
  lo_layout_flatten(&a, &f);
  if ((lo_flat_complement(&f, n, &cf, &oe) || lo_coalesce(&cf, &want, &oe)) != LO_OK)
    return prop_verdict_of(x, &oe, "comp-flat", PROP_BOUNDED_ARITH);
  if (!lo_layout_equal(&c, &want))
    return gen_failf(x, "comp(A,N) = %s but coal(comp-flat(A-flat,N)) = %s",
                     prop_show_layout(x, 0, &c), prop_show_layout(x, 1, &want));
  if (lo_paper_complement(&a2, n, &c2, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "comp(A2,N)", PROP_BOUNDED_ARITH);
  if (!lo_layout_equal(&c, &c2))
    return gen_failf(x, "comp(A,N) = %s but comp(A2,N) = %s", prop_show_layout(x, 0, &c),
                     prop_show_layout(x, 1, &c2));
  lo_layout_flatten(&c, &fc);
  if (!lo_is_coalesced(&c) || !lo_is_sorted(&fc))
    return gen_failf(x, "comp(A,N) = %s is not coalesced and sorted", prop_show_layout(x, 0, &c));
  if ((lo_size(&a, &sa, &oe) || lo_size(&c, &sc, &oe)) != LO_OK)
    return prop_verdict_of(x, &oe, "size", PROP_BOUNDED_ARITH);
  if (sa * sc != n)
    return gen_failf(x, "size(A) size(comp(A,N)) = %lld, not N", (long long)(sa * sc));
  if (p_nested_nest2(&a, &c, &ac, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "nest", PROP_BOUNDED_ARITH);
  int r = brute_compact(x, &ac);
  if (r == 0)
    return gen_failf(x, "(A, comp(A,N)) = %s is not compact", prop_show_layout(x, 0, &ac));
  return prop_judged(r);
}

/* Prop 2.3.6.9: with N = size(A) size(B), a complement B of A (brute
** force) makes A N-complementable; N-complementable A has the
** N-complement comp(A,N); otherwise comp(A,N) is undefined. */
static gen_verdict n_complement_exists(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, b, ab, f, c, ac;
  lo_int sa, sb, sc, n;
  lo_err e;
  if (prop_layout(x, 0, &a) || prop_layout(x, 1, &b)) return GEN_ERROR;
  if ((lo_size(&a, &sa, &oe) || lo_size(&b, &sb, &oe) || lo_mul(sa, sb, &n, "N", &oe)) != LO_OK)
    return prop_verdict_of(x, &oe, "size", PROP_BOUNDED_ARITH);
  if (p_nested_nest2(&a, &b, &ab, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "nest", PROP_BOUNDED_ARITH);
  lo_layout_flatten(&a, &f);
  int can = lo_is_n_complementable(&a, n), r = brute_compact(x, &ab);
  if (r < 0) return GEN_DISCARD;
  if (can != lo_is_n_complementable(&f, n))
    return gen_failf(x, "N-complementable: A %d, A-flat %d", can, !can);
  if (r && !can) return gen_failf(x, "B is an N-complement of A, but A is not N-complementable");
  if (!can) {
    x->labels |= 1u << GEN_L_UNDEFINED;
    if (lo_paper_complement(&a, n, &c, &e) == LO_OK)
      return gen_failf(x, "A is not N-complementable, yet comp(A,N) = %s",
                       prop_show_layout(x, 0, &c));
    return GEN_PASS;
  }
  if (lo_paper_complement(&a, n, &c, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "comp(A,N)", PROP_BOUNDED_ARITH);
  if ((lo_size(&c, &sc, &oe) || p_nested_nest2(&a, &c, &ac, &oe)) != LO_OK)
    return prop_verdict_of(x, &oe, "size", PROP_BOUNDED_ARITH);
  if (sa * sc != n)
    return gen_failf(x, "comp(A,N) = %s has the wrong size", prop_show_layout(x, 0, &c));
  int rc = brute_compact(x, &ac);
  if (rc == 0)
    return gen_failf(x, "(A, comp(A,N)) = %s is not compact", prop_show_layout(x, 0, &ac));
  return prop_judged(rc);
}

/* CuTe's composition(o, inner), when it succeeds, coalesced over
** shape(inner), is the composite of Def 2.3.7.1 (docs/ops.md), so it must be c,
** which must exist (ok). */
static gen_verdict cute_agrees(gen_ctx *x, const lo_layout *o, const lo_layout *inner, int ok,
                               const lo_layout *c) {
  lo_layout w, wc;
  lo_err e;
  if (lo_composition(o, inner, &w, &e) != LO_OK) return GEN_PASS;
  /* CuTe keeps strides on size-1 modes and need not coalesce within an
  ** entry of A: compare its form coalesced over shape(A). */
  if (lo_coalesce_profile(&w, &inner->shape, &wc, &e) != LO_OK) return GEN_PASS;
  if (ok && lo_layout_equal(&wc, c)) return GEN_PASS;
  if (!ok)
    return gen_failf(x, "no paper composite, but CuTe's composition(%s, A) = %s",
                     prop_show_layout(x, 0, o), prop_show_layout(x, 1, &w));
  return gen_failf(x, "composition(%s, A) = %s, the paper composite is %s",
                   prop_show_layout(x, 0, o), prop_show_layout(x, 1, &w),
                   prop_show_layout(x, 2, c));
}

/* Def 2.3.7.1 (Remarks 2.3.7.2, 2.3.7.4): for outer B and inner A
** with cosize(A) <= size(B), B o A, when it exists, has (1) shape refining
** shape(A), (2) is coalesced over shape(A), (3) Phi_B o Phi_A, and is
** non-degenerate.  CuTe's composition and Algorithm 4.1.2 (Theorem
** 4.1.3.1), when they give a layout, give B o A: then it exists and is
** equal.  With cosize(A) > size(B) it does not exist. */
static gen_verdict composition_conditions(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout outer, inner, c, w, wc;
  lo_int so, ci;
  lo_err e, why;
  if (prop_layout(x, 0, &outer) || prop_layout(x, 1, &inner)) return GEN_ERROR;
  if ((lo_size(&outer, &so, &oe) || lo_cosize(&inner, &ci, &oe)) != LO_OK)
    return prop_verdict_of(x, &oe, "size", PROP_BOUNDED_ARITH);
  int ok = defined(lo_paper_composition(&outer, &inner, &c, &why));
  if (ok < 0) return GEN_DISCARD;
  if (ci > so) {
    x->labels |= 1u << GEN_L_PAST_DOMAIN;
    return ok ? gen_failf(x, "cosize(A) > size(B), yet B o A = %s", prop_show_layout(x, 0, &c))
              : GEN_PASS;
  }
  if (ok) {
    int r = is_paper_composite(x, &outer, &inner, &c);
    if (r <= 0) return r < 0 ? GEN_DISCARD : GEN_FAIL;
    if (!lo_is_nondegenerate(&c))
      return gen_failf(x, "B o A = %s is degenerate", prop_show_layout(x, 0, &c));
  } else {
    x->labels |= 1u << GEN_L_UNDEFINED;
  }
  gen_verdict v = cute_agrees(x, &outer, &inner, ok, &c);
  if (v != GEN_PASS || !lo_is_tractable(&outer) || !lo_is_tractable(&inner) ||
      lo_composition_algorithm(&outer, &inner, &wc, &e) != LO_OK)
    return v;
  if (lo_coalesce_profile(&wc, &inner.shape, &w, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "relative coalesce", PROP_BOUNDED_ARITH);
  if (!ok)
    return gen_failf(x, "no paper composite (%s), but Algorithm 4.1.2 gives %s", why.msg,
                     prop_show_layout(x, 0, &w));
  if (!lo_layout_equal(&w, &c))
    return gen_failf(x, "B o A = %s, Algorithm 4.1.2 gives %s", prop_show_layout(x, 0, &c),
                     prop_show_layout(x, 1, &w));
  return GEN_PASS;
}

/* Prop 2.3.7.10: for B~ whose function extends Phi_B (B * (k):(e)
** and (B, (k):(e)), Prop 2.1.3.40), B o A exists iff B~ o A does (when
** cosize(A) <= size(B)), and they are equal; so is CuTe's composition
** with B or B~, when it succeeds. */
static gen_verdict composition_extension(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout outer, inner, tail, ext[2], c, ce;
  lo_int so, ci;
  lo_err e;
  if (prop_layout(x, 0, &outer) || prop_layout(x, 1, &inner) || prop_layout(x, 2, &tail))
    return GEN_ERROR;
  if ((lo_size(&outer, &so, &oe) || lo_cosize(&inner, &ci, &oe)) != LO_OK)
    return prop_verdict_of(x, &oe, "size", PROP_BOUNDED_ARITH);
  if (ci > so) return GEN_DISCARD;
  if ((lo_flat_concat(&outer, &tail, &ext[0], &oe) ||
       p_nested_nest2(&outer, &tail, &ext[1], &oe)) != LO_OK)
    return prop_verdict_of(x, &oe, "concat", PROP_BOUNDED_ARITH);
  if (so > x->bounds->max_size) return GEN_DISCARD;
  for (lo_int i = 0; i < so; i++) {
    lo_int u, v, w;
    if ((lo_apply(&outer, i, &u, &oe) || lo_apply(&ext[0], i, &v, &oe) ||
         lo_apply(&ext[1], i, &w, &oe)) != LO_OK)
      return prop_verdict_of(x, &oe, "apply", PROP_BOUNDED_ARITH);
    if (u != v || u != w)
      return gen_failf(x, "Phi_B(%lld) = %lld but the extensions give %lld, %lld", (long long)i,
                       (long long)u, (long long)v, (long long)w);
  }
  int ok = defined(lo_paper_composition(&outer, &inner, &c, &e));
  if (ok < 0) return GEN_DISCARD;
  if (!ok) x->labels |= 1u << GEN_L_UNDEFINED;
  for (int k = 0; k < 2; k++) {
    int oke = defined(lo_paper_composition(&ext[k], &inner, &ce, &e));
    if (oke < 0) return GEN_DISCARD;
    if (ok != oke)
      return gen_failf(x, "B o A %s but B~ o A %s for B~ = %s", ok ? "exists" : "does not exist",
                       oke ? "does" : "does not", prop_show_layout(x, 0, &ext[k]));
    if (ok && !lo_layout_equal(&c, &ce))
      return gen_failf(x, "B o A = %s but B~ o A = %s for B~ = %s", prop_show_layout(x, 0, &c),
                       prop_show_layout(x, 1, &ce), prop_show_layout(x, 2, &ext[k]));
    gen_verdict v = cute_agrees(x, &ext[k], &inner, ok, &c);
    if (v != GEN_PASS) return v;
  }
  return cute_agrees(x, &outer, &inner, ok, &c);
}

/* Cor 2.3.7.11: B o A exists iff coal(B) o A does, iff B2 o A does
** for B2 with Phi_B2 = Phi_B; all are equal, and so is CuTe's composition
** with any of them, when it succeeds. */
static gen_verdict composition_coalesced_outer(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout outer, inner, o2, co, c[3];
  lo_err e;
  if (prop_layout(x, 0, &outer) || prop_layout(x, 1, &inner) || prop_layout(x, 2, &o2))
    return GEN_ERROR;
  int same = prop_same_function(x, &outer, &o2, "the generator's B2 vs B");
  if (same <= 0) return same < 0 ? GEN_DISCARD : GEN_FAIL;
  if (lo_coalesce(&outer, &co, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "coalesce", PROP_BOUNDED_ARITH);
  const lo_layout *os[3] = {&outer, &co, &o2};
  int ok[3];
  for (int k = 0; k < 3; k++)
    if ((ok[k] = defined(lo_paper_composition(os[k], &inner, &c[k], &e))) < 0) return GEN_DISCARD;
  if (!ok[0]) x->labels |= 1u << GEN_L_UNDEFINED;
  for (int k = 1; k < 3; k++) {
    if (ok[k] != ok[0])
      return gen_failf(x, "B o A %s, %s o A %s", ok[0] ? "exists" : "does not exist",
                       prop_show_layout(x, 0, os[k]), ok[k] ? "does" : "does not");
    if (ok[0] && !lo_layout_equal(&c[0], &c[k]))
      return gen_failf(x, "B o A = %s but %s o A = %s", prop_show_layout(x, 0, &c[0]),
                       prop_show_layout(x, 1, os[k]), prop_show_layout(x, 2, &c[k]));
  }
  lo_int so, ci;
  if ((lo_size(&outer, &so, &oe) || lo_cosize(&inner, &ci, &oe)) != LO_OK)
    return prop_verdict_of(x, &oe, "size", PROP_BOUNDED_ARITH);
  for (int k = 0; k < 3 && ci <= so; k++) {
    gen_verdict v = cute_agrees(x, os[k], &inner, ok[0], &c[0]);
    if (v != GEN_PASS) return v;
  }
  return GEN_PASS;
}

/* Def 2.3.8.1: A (/) B = A o (B, B^c) = (A o B, A o B^c) with B^c =
** comp(B, size A): Phi_{A/B} = Phi_A o Phi_{(B,B^c)} (brute force), size
** size(A), modes A o B and A o B^c; CuTe's logical_divide, when defined,
** is the same layout. */
static gen_verdict logical_divide_definition(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, b, r, bc, bb, ab, abc, whole, m, cute;
  lo_int n, sr;
  lo_err e;
  if (prop_layout(x, 0, &a) || prop_layout(x, 1, &b)) return GEN_ERROR;
  if (lo_size(&a, &n, &oe) != LO_OK) return prop_verdict_of(x, &oe, "size", PROP_BOUNDED_ARITH);
  if (lo_paper_logical_divide(&a, &b, &r, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "A (/) B", PROP_BOUNDED_ARITH);
  if ((lo_paper_complement(&b, n, &bc, &oe) || p_nested_nest2(&b, &bc, &bb, &oe)) != LO_OK)
    return prop_verdict_of(x, &oe, "comp(B, size A)", PROP_BOUNDED_ARITH);
  if (lo_size(&r, &sr, &oe) != LO_OK) return prop_verdict_of(x, &oe, "size", PROP_BOUNDED_ARITH);
  if (sr != n || lo_tuple_rank(&r.shape) != 2 || lo_tuple_is_int(&r.shape))
    return gen_failf(x, "A (/) B = %s is not of rank 2 and size %lld", prop_show_layout(x, 0, &r),
                     (long long)n);
  if ((lo_paper_composition(&a, &b, &ab, &oe) || lo_paper_composition(&a, &bc, &abc, &oe)) != LO_OK)
    return prop_verdict_of(x, &oe, "composition", PROP_BOUNDED_ARITH);
  if (lo_paper_composition(&a, &bb, &whole, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "A o (B, B^c)", PROP_BOUNDED_ARITH);
  if (!lo_layout_equal(&whole, &r))
    return gen_failf(x, "A (/) B = %s but A o (B,B^c) = %s", prop_show_layout(x, 0, &r),
                     prop_show_layout(x, 1, &whole));
  if (lo_layout_mode(&r, 1, &m, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "mode", PROP_BOUNDED_ARITH);
  if (!lo_layout_equal(&m, &ab))
    return gen_failf(x, "mode 1 of A (/) B is %s, A o B = %s", prop_show_layout(x, 0, &m),
                     prop_show_layout(x, 1, &ab));
  if (lo_layout_mode(&r, 2, &m, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "mode", PROP_BOUNDED_ARITH);
  if (!lo_layout_equal(&m, &abc))
    return gen_failf(x, "mode 2 of A (/) B is %s, A o B^c = %s", prop_show_layout(x, 0, &m),
                     prop_show_layout(x, 1, &abc));
  if (lo_logical_divide(&a, &b, &cute, &e) == LO_OK && !lo_layout_equal(&cute, &r))
    return gen_failf(x, "CuTe's logical_divide gives %s, the paper %s",
                     prop_show_layout(x, 0, &cute), prop_show_layout(x, 1, &r));
  return prop_judged(prop_is_composite(x, &a, &bb, &r));
}

/* N for the paper's product (Obs 2.3.9.2): size(A) cosize(B) rounded up to
** a multiple of A's largest extent; also that extent. */
static int product_n(const lo_layout *a, const lo_layout *b, lo_int *n, lo_int *ext, lo_err *err) {
  lo_int sa, cb, n0;
  if (lo_size(a, &sa, err) || lo_cosize(b, &cb, err) || lo_mul(sa, cb, &n0, "N", err))
    return err->code;
  *ext = largest_extent(a);
  return lo_mul(lo_ceil_div(n0, *ext), *ext, n, "N", err);
}

/* Def 2.3.9.1 with Obs 2.3.9.2 (N = size(A) cosize(B)
** rounded up to a valid N): A (x) B = (A, comp(A,N) o B), Phi of mode 2 =
** Phi_{A^c} o Phi_B (brute force), size size(A) size(B); undefined when A
** is not complementable; CuTe's logical_product, when defined, is equal;
** when A^c o B does not exist, CuTe's answer must not satisfy Def 2.3.7.1. */
static gen_verdict logical_product_definition(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, b, r, ac, y, m, cute;
  lo_int n, ext, n0, sa, sb, sr, cb;
  lo_err e;
  if (prop_layout(x, 0, &a) || prop_layout(x, 1, &b)) return GEN_ERROR;
  int ok = defined(lo_paper_logical_product(&a, &b, &r, &e));
  if (ok < 0) return GEN_DISCARD;
  if (!lo_is_complementable(&a)) {
    x->labels |= 1u << GEN_L_UNDEFINED;
    return ok ? gen_failf(x, "A is not complementable, yet A (x) B = %s",
                          prop_show_layout(x, 0, &r))
              : GEN_PASS;
  }
  if (product_n(&a, &b, &n, &ext, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "N", PROP_BOUNDED_ARITH);
  if ((lo_size(&a, &sa, &oe) || lo_size(&b, &sb, &oe) || lo_cosize(&b, &cb, &oe)) != LO_OK)
    return prop_verdict_of(x, &oe, "size", PROP_BOUNDED_ARITH);
  n0 = sa * cb;
  if (n != n0) x->labels |= 1u << GEN_L_ROUNDED;
  if (lo_paper_complement(&a, n, &ac, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "comp(A,N)", PROP_BOUNDED_ARITH);
  int cute_ok = lo_logical_product(&a, &b, &cute, &e) == LO_OK;
  if (!ok) {
    x->labels |= 1u << GEN_L_UNDEFINED;
    if (!cute_ok) return GEN_PASS;
    if (lo_layout_mode(&cute, 2, &m, &oe) != LO_OK)
      return prop_verdict_of(x, &oe, "mode", PROP_BOUNDED_ARITH);
    int w = is_paper_composite(x, &ac, &b, &m);
    x->msg[0] = 0;
    return w > 0 ? gen_failf(x, "no A (x) B, but CuTe's mode 2 %s is A^c o B",
                             prop_show_layout(x, 0, &m))
                 : GEN_PASS;
  }
  if (lo_layout_mode(&r, 1, &m, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "mode", PROP_BOUNDED_ARITH);
  if (!lo_layout_equal(&m, &a))
    return gen_failf(x, "mode 1 of A (x) B is %s, not A", prop_show_layout(x, 0, &m));
  if (lo_layout_mode(&r, 2, &m, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "mode", PROP_BOUNDED_ARITH);
  if (lo_paper_composition(&ac, &b, &y, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "A^c o B", PROP_BOUNDED_ARITH);
  if (!lo_layout_equal(&m, &y))
    return gen_failf(x, "mode 2 of A (x) B is %s, comp(A,%lld) o B = %s",
                     prop_show_layout(x, 0, &m), (long long)n, prop_show_layout(x, 1, &y));
  if (lo_size(&r, &sr, &oe) != LO_OK) return prop_verdict_of(x, &oe, "size", PROP_BOUNDED_ARITH);
  if (sr != sa * sb) return gen_failf(x, "size(A (x) B) = %lld", (long long)sr);
  if (cute_ok && !lo_layout_equal(&cute, &r))
    return gen_failf(x, "CuTe's logical_product gives %s, the paper %s",
                     prop_show_layout(x, 0, &cute), prop_show_layout(x, 1, &r));
  return prop_judged(prop_is_composite(x, &ac, &b, &m));
}

/* Obs 2.3.9.2: for valid N1 <= N2 (multiples of A's largest extent
** at least size(A) cosize(B)), comp(A,N1) o B exists iff comp(A,N2) o B
** does, and they are equal. */
static gen_verdict logical_product_any_n(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, b, c1, c2, y1, y2;
  lo_int n1, n2, ext, k;
  lo_err e;
  if (prop_layout(x, 0, &a) || prop_layout(x, 1, &b) || prop_int(x, 2, &k)) return GEN_ERROR;
  if (!lo_is_complementable(&a)) {
    x->labels |= 1u << GEN_L_UNDEFINED;
    return GEN_DISCARD;
  }
  if (product_n(&a, &b, &n1, &ext, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "N", PROP_BOUNDED_ARITH);
  if ((lo_mul(k, ext, &n2, "N2", &oe) || lo_add(n2, n1, &n2, "N2", &oe)) != LO_OK)
    return prop_verdict_of(x, &oe, "N2", PROP_BOUNDED_ARITH);
  if (lo_paper_complement(&a, n1, &c1, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "comp(A,N1)", PROP_BOUNDED_ARITH);
  if (lo_paper_complement(&a, n2, &c2, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "comp(A,N2)", PROP_BOUNDED_ARITH);
  int ok1 = defined(lo_paper_composition(&c1, &b, &y1, &e));
  int ok2 = defined(lo_paper_composition(&c2, &b, &y2, &e));
  if (ok1 < 0 || ok2 < 0) return GEN_DISCARD;
  if (!ok1) x->labels |= 1u << GEN_L_UNDEFINED;
  if (ok1 != ok2)
    return gen_failf(x, "comp(A,%lld) o B %s but comp(A,%lld) o B %s", (long long)n1,
                     ok1 ? "exists" : "does not", (long long)n2, ok2 ? "does" : "does not");
  if (!ok1) return GEN_PASS;
  if (!lo_layout_equal(&y1, &y2))
    return gen_failf(x, "comp(A,%lld) o B = %s but comp(A,%lld) o B = %s", (long long)n1,
                     prop_show_layout(x, 0, &y1), (long long)n2, prop_show_layout(x, 1, &y2));
  return prop_judged(prop_is_composite(x, &c2, &b, &y2));
}

/* The regroupings CuTe makes of a by-mode result r of A by tiler t
** (docs/ops.md, "Other choices"): zipped = ((tile_1..tile_k),
** (rest_1..rest_k, A's further modes)); tiled = (tiles, rests...) when the
** rest group has rank >= 2, else the zipped form.  For a plain layout, r
** itself is (tile, rest). */
static int regroup(const lo_layout *r, const lo_layout *t, int ra, int tiled, lo_layout *out,
                   lo_err *err) {
  lo_layout tiles, rests, parts[LO_MAX_LEAVES], tl[LO_MAX_LEAVES], rs[LO_MAX_LEAVES];
  const lo_layout *pt[LO_MAX_LEAVES + 1], *pr[LO_MAX_LEAVES];
  if (!t->is_tiler) {
    if (lo_layout_mode(r, 1, &tiles, err) || lo_layout_mode(r, 2, &rests, err)) return err->code;
  } else {
    int k = lo_tuple_rank(&t->shape);
    for (int i = 0; i < ra; i++) {
      if (lo_layout_mode(r, i + 1, &parts[i], err)) return err->code;
      if (i < k &&
          (lo_layout_mode(&parts[i], 1, &tl[i], err) || lo_layout_mode(&parts[i], 2, &rs[i], err)))
        return err->code;
      if (i >= k) rs[i] = parts[i];
      pt[i] = &tl[i];
      pr[i] = &rs[i];
    }
    if (lo_layout_nest(pt, k, &tiles, err) || lo_layout_nest(pr, ra, &rests, err)) return err->code;
  }
  int rr = lo_tuple_is_int(&rests.shape) ? 1 : lo_tuple_rank(&rests.shape);
  if (!tiled || rr < 2) return p_nested_nest2(&tiles, &rests, out, err);
  lo_layout m[LO_MAX_LEAVES];
  pt[0] = &tiles;
  for (int i = 0; i < rr; i++) {
    if (lo_layout_mode(&rests, i + 1, &m[i], err)) return err->code;
    pt[i + 1] = &m[i];
  }
  return lo_layout_nest(pt, rr + 1, out, err);
}

/* By-mode op of A with tiler t: mode i of the result is op(mode_i A, t_i)
** for i <= rank(t), mode_i A after; for a plain layout, op(A, t). */
static gen_verdict check_by_mode(gen_ctx *x, layout_op op, const lo_layout *a, const lo_layout *t,
                                 const lo_layout *r) {
  lo_err oe = {LO_OK, ""};
  lo_layout ai, ti, want, got;
  lo_err e;
  if (!t->is_tiler) return GEN_PASS;
  int k = lo_tuple_rank(&t->shape), ra = lo_tuple_rank(&a->shape);
  if (lo_tuple_rank(&r->shape) != ra)
    return gen_failf(x, "the by-mode result %s has rank %d, A %d", prop_show_layout(x, 0, r),
                     lo_tuple_rank(&r->shape), ra);
  for (int i = 1; i <= ra; i++) {
    if ((lo_layout_mode(a, i, &ai, &oe) || lo_layout_mode(r, i, &got, &oe)) != LO_OK)
      return prop_verdict_of(x, &oe, "mode", PROP_BOUNDED_ARITH);
    if (i <= k) {
      if (lo_layout_mode(t, i, &ti, &oe) != LO_OK)
        return prop_verdict_of(x, &oe, "mode", PROP_BOUNDED_ARITH);
      if (op(&ai, &ti, &want, &e)) return gen_failf(x, "mode %d alone is undefined: %s", i, e.msg);
    } else {
      want = ai;
    }
    if (!lo_layout_equal(&want, &got))
      return gen_failf(x, "mode %d of the by-mode result is %s, expected %s", i,
                       prop_show_layout(x, 0, &got), prop_show_layout(x, 1, &want));
  }
  return GEN_PASS;
}

/* The by-mode form and the zipped and tiled regroupings of op (CuTe). */
static gen_verdict check_regroup(gen_ctx *x, layout_op op, layout_op zipped, layout_op tiled) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, t, r, z, tl, wz, wt;
  if (prop_layout(x, 0, &a) || prop_layout(x, 1, &t)) return GEN_ERROR;
  if (op(&a, &t, &r, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "by-mode op", PROP_BOUNDED_ARITH);
  gen_verdict v = check_by_mode(x, op, &a, &t, &r);
  if (v != GEN_PASS) return v;
  int ra = lo_tuple_rank(&a.shape);
  if ((zipped(&a, &t, &z, &oe) || tiled(&a, &t, &tl, &oe)) != LO_OK)
    return prop_verdict_of(x, &oe, "zipped/tiled", PROP_BOUNDED_ARITH);
  if ((regroup(&r, &t, ra, 0, &wz, &oe) || regroup(&r, &t, ra, 1, &wt, &oe)) != LO_OK)
    return prop_verdict_of(x, &oe, "regroup", PROP_BOUNDED_ARITH);
  if (!lo_layout_equal(&z, &wz))
    return gen_failf(x, "zipped form %s, expected %s", prop_show_layout(x, 0, &z),
                     prop_show_layout(x, 1, &wz));
  if (!lo_layout_equal(&tl, &wt))
    return gen_failf(x, "tiled form %s, expected %s", prop_show_layout(x, 0, &tl),
                     prop_show_layout(x, 1, &wt));
  lo_layout fz, ft, fr;
  lo_int size, sz;
  lo_layout_flatten(&z, &fz);
  lo_layout_flatten(&tl, &ft);
  lo_layout_flatten(&r, &fr);
  if ((lo_size(&r, &size, &oe) || lo_size(&z, &sz, &oe)) != LO_OK)
    return prop_verdict_of(x, &oe, "size", PROP_BOUNDED_ARITH);
  if (size != sz || fz.shape.len != fr.shape.len || !lo_layout_equal(&fz, &ft))
    return gen_failf(x, "the regroupings do not keep the entries of %s",
                     prop_show_layout(x, 0, &r));
  return GEN_PASS;
}

/* CuTe's zipped_divide and tiled_divide regroup the by-mode
** logical_divide (docs/ops.md: a rank-1 rest stays wrapped). */
static gen_verdict divide_regroup(gen_ctx *x) {
  return check_regroup(x, lo_logical_divide, lo_zipped_divide, lo_tiled_divide);
}

/* CuTe's zipped_product and tiled_product regroup the by-mode
** logical_product. */
static gen_verdict product_regroup(gen_ctx *x) {
  return check_regroup(x, lo_logical_product, lo_zipped_product, lo_tiled_product);
}

/* Def 2.3.10.1: L is tractable iff L-flat is, by Def 2.1.8.1
** recomputed here on the sorted entries (no squeeze). */
static gen_verdict tractable_flattening(gen_ctx *x) {
  lo_layout l, f;
  if (prop_layout(x, 0, &l)) return GEN_ERROR;
  lo_layout_flatten(&l, &f);
  int t = lo_is_tractable(&l), tf = lo_is_tractable(&f), d = def_tractable(&l);
  if (t != d || tf != d)
    return gen_failf(x, "is_tractable: L %d, L-flat %d; Def 2.1.8.1 gives %d", t, tf, d);
  return GEN_PASS;
}

const gen_property prop_nested_ops_table[] = {
    {"nested.relative_coalesce",
     "coal(L,S) = (coal L_i)_{prof S}, L = (L_i)_{prof S}, shape refines S, Phi kept",
     "Lemma 2.3.4.9, p.75; Obs 2.3.4.3; Def 2.3.4.7", GEN_THEOREM, "nested_coarsening", "coalesce",
     relative_coalesce, NULL, NULL, 0},
    {"nested.relative_coalesce_characterizes",
     "shape A, shape B refine S: Phi_A = Phi_B iff coal(A,S) = coal(B,S)", "Prop 2.3.4.10, p.75",
     GEN_THEOREM, "nested_alike_over", "coalesce", relative_coalesce_characterizes, NULL, NULL, 0},
    {"nested.compact", "L compact (brute force) iff L-flat compact iff coal(L) compact",
     "Prop 2.3.5.5, p.77; Def 2.3.5.1", GEN_THEOREM, "nested_maybe_compact", "is_compact",
     compact_agree, NULL, NULL, 0},
    {"nested.complement_flatten",
     "(A,B) compact (brute force) iff A-flat * B-flat compact iff (B,A) compact",
     "Lemma 2.3.6.2, p.77; Def 2.3.6.1", GEN_THEOREM, "nested_complement_pair", "is_complement",
     complement_flatten, NULL, NULL, 0},
    {"nested.complementable",
     "a complement of A makes A complementable (= A-flat's); then (A, comp(A)) is compact",
     "Lemma 2.3.6.4, p.78; Def 2.3.6.3 (with d_1 > 0: no stride 0)", GEN_THEOREM,
     "nested_complement_pair", "is_complementable", complementable, NULL, NULL, 0},
    {"nested.complement_construction",
     "comp(A,N) = coal(comp-flat(A-flat,N)): (A,C) compact, size N, coalesced, sorted, order-free",
     "Def 2.3.6.5, Remark 2.3.6.6, p.78; Def 2.3.6.7", GEN_THEOREM, "nested_n_complementable",
     "paper_complement", complement_construction, NULL, NULL, 0},
    {"nested.n_complement_exists",
     "an N-complement exists iff A is N-complementable (N = size A size B for a complement B)",
     "Prop 2.3.6.9, p.78", GEN_THEOREM, "nested_complement_pair", "is_N_complement",
     n_complement_exists, NULL, NULL, 0},
    {"nested.composition_conditions",
     "B o A: shape refines shape(A), coalesced over it, Phi_B o Phi_A; exists iff a witness does",
     "Def 2.3.7.1, Remarks 2.3.7.2-2.3.7.4, p.79", GEN_THEOREM, "nested_compose_pair",
     "paper_composition", composition_conditions, NULL, NULL, 0},
    {"nested.composition_extension",
     "B~ extending Phi_B (B*(k):(e), (B,(k):(e))): B~ o A = B o A, both or neither defined",
     "Prop 2.3.7.10, p.80", GEN_THEOREM, "nested_compose_pair nested_tail", "paper_composition",
     composition_extension, NULL, NULL, 0},
    {"nested.composition_coalesced_outer",
     "B o A = coal(B) o A = B2 o A for Phi_B2 = Phi_B, all or none defined", "Cor 2.3.7.11, p.80",
     GEN_THEOREM, "nested_compose_variant", "paper_composition", composition_coalesced_outer, NULL,
     NULL, 0},
    {"nested.logical_divide_definition",
     "A (/) B = A o (B,B^c) = (A o B, A o B^c), Phi by brute force, size A; = CuTe's when defined",
     "Def 2.3.8.1, p.81", GEN_THEOREM, "nested_divide_pair", "paper_logical_divide",
     logical_divide_definition, NULL, NULL, 0},
    {"nested.logical_product_definition",
     "A (x) B = (A, comp(A,N) o B), N = size A cosize B rounded to a valid N; = CuTe's when "
     "defined",
     "Def 2.3.9.1 with Obs 2.3.9.2 (a valid N), p.83", GEN_THEOREM, "nested_product_pair",
     "paper_logical_product", logical_product_definition, NULL, NULL, 0},
    {"nested.logical_product_any_n",
     "comp(A,N1) o B = comp(A,N2) o B for valid N1 < N2 >= size(A) cosize(B)",
     "Obs 2.3.9.2, p.83 (its 'Proposition 2.3.7.11' is a Corollary)", GEN_THEOREM,
     "nested_product_pair", "paper_logical_product", logical_product_any_n, NULL, NULL, 0},
    {"nested.divide_regroup",
     "logical_divide by a tiler works mode by mode; zipped/tiled_divide regroup it",
     "CuTe zipped_divide, tiled_divide (docs/ops.md: Other choices); Def 2.3.8.1",
     GEN_THEOREM, "nested_divide_tiler", "zipped_divide", divide_regroup, NULL, NULL, 0},
    {"nested.product_regroup",
     "logical_product by a tiler works mode by mode; zipped/tiled_product regroup it",
     "CuTe zipped_product, tiled_product (docs/ops.md: Other choices); Def 2.3.9.1",
     GEN_THEOREM, "nested_product_tiler", "zipped_product", product_regroup, NULL, NULL, 0},
    {"nested.tractable_flattening", "L tractable iff L-flat tractable, as Def 2.1.8.1 recomputed",
     "Def 2.3.10.1, p.84", GEN_THEOREM, "nested_tractable_mix", "is_tractable",
     tractable_flattening, NULL, NULL, 0},
};

const int prop_nested_ops_count =
    (int)(sizeof prop_nested_ops_table / sizeof prop_nested_ops_table[0]);
