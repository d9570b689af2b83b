/*
** p_category_ops.c -- Tuple morphisms, Chapter 3.1.5, as properties:
** squeeze, sort, coalesce, concatenation, complements, division and product
** (Theorems C-F).  The earlier sections are in p_category.c and
** p_category_family.c; what they share is in p_category.h.
*/
#include "properties.h"
#include "p_category.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Construction 3.1.5.30: a * b : <m+p>* -> <n>* (same n). */
static void pmap_concat(const pmap *a, const pmap *b, pmap *out) {
  pmap r = {a->m + b->m, a->n, {0}};
  memcpy(r.a, a->a, (size_t)a->m * sizeof *r.a);
  memcpy(r.a + a->m, b->a, (size_t)b->m * sizeof *r.a);
  *out = r;
}

/* Def 3.1.5.12: unmapped entries first, with non-decreasing sizes, then
** mapped entries with increasing images. */
static int is_sorted_def(const lo_morphism *f) {
  for (int i = 0; i + 1 < f->dom.len; i++) {
    int a = f->map[i], b = f->map[i + 1];
    if (a && !b) return 0;
    if (!a && !b && f->dom.leaf[i] > f->dom.leaf[i + 1]) return 0;
    if (a && b && a > b) return 0;
  }
  return 1;
}

/* Def 3.1.5.20: no domain entry 1, and for each i < len S exactly one of
** (a) * then mapped, (b) mapped then *, (c) decreasing images, (d)
** increasing images with an entry > 1 strictly between. */
static int is_coalesced_def(const lo_morphism *f) {
  for (int i = 0; i < f->dom.len; i++)
    if (f->dom.leaf[i] == 1) return 0;
  for (int i = 0; i + 1 < f->dom.len; i++) {
    int a = f->map[i], b = f->map[i + 1], between = 0;
    for (int j = a + 1; a && b && j < b; j++)
      if (f->cod.leaf[j - 1] > 1) between = 1;
    int held = (!a && b) + (a && !b) + (a && b && a > b) + (a && b && a < b && between);
    if (held != 1) return 0;
  }
  return 1;
}

/* Sorted flat layout: modes in (d, s) order (Def 2.1.3.23). */
static int layout_sorted_def(const lo_layout *l) {
  for (int i = 0; i + 1 < l->shape.len; i++) {
    lo_int d0 = l->stride[i], d1 = l->stride[i + 1];
    if (d0 > d1 || (d0 == d1 && l->shape.leaf[i] > l->shape.leaf[i + 1])) return 0;
  }
  return 1;
}

/* The images of f and g meet only in * (Def 3.1.5.29). */
static int disjoint_images(const lo_morphism *f, const lo_morphism *g) {
  char hit[LO_MAX_LEAVES + 1] = {0};
  for (int i = 0; i < f->dom.len; i++) hit[f->map[i]] = 1;
  for (int i = 0; i < g->dom.len; i++)
    if (g->map[i] && hit[g->map[i]]) return 0;
  return 1;
}

/* coal(f) in Tuple (Construction 3.1.5.25).  The oracle's coalesce makes
** the Nest forms of Def 3.2.6.11 (an integer domain for one class, the
** domain 1 with map (*) for none); here the domain is the flat tuple of
** the classes, empty when there are none (a class has size > 1). */
static int tuple_coalesce(const lo_morphism *f, lo_morphism *out, lo_err *err) {
  if (lo_morphism_coalesce(f, out, err)) return err->code;
  if (lo_tuple_is_int(&out->dom)) {
    lo_int v = out->dom.leaf[0];
    lo_tuple_flat(&out->dom, &v, v == 1 && out->map[0] == 0 ? 0 : 1);
  }
  return LO_OK;
}

/* No entry equal to 1 in t. */
static int no_ones(const lo_tuple *t) {
  for (int i = 0; i < t->len; i++)
    if (t->leaf[i] == 1) return 0;
  return 1;
}

/* Prop 3.1.5.10, Obs 3.1.5.11, Ex 3.1.5.9: L_{squeeze f} =
** squeeze(L_f); squeeze is idempotent and leaves no 1; f = squeeze(f)
** iff no s_i, t_j is 1. */
static gen_verdict squeeze_layout(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, s, ss;
  lo_layout ls, lf, want;
  if (prop_morphism(x, 0, &f)) return GEN_ERROR;
  if (lo_morphism_squeeze(&f, &s, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "squeeze", PROP_STRICT);
  if (p_category_valid(x, &s, "squeeze(f)")) return GEN_FAIL;
  if (lo_morphism_layout(&s, &ls, &oe) != LO_OK || lo_morphism_layout(&f, &lf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_squeeze(&lf, &want, &oe) != LO_OK) return prop_verdict_of(x, &oe, "squeeze", PROP_STRICT);
  if (!lo_layout_equal(&ls, &want))
    return gen_failf(x, "squeeze(f) = %s encodes %s, squeeze(L_f) = %s",
                     prop_show_morphism(x, 0, &s), prop_show_layout(x, 1, &ls),
                     prop_show_layout(x, 2, &want));
  if (lo_morphism_squeeze(&s, &ss, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "squeeze", PROP_STRICT);
  if (!prop_morphism_equal(&s, &ss) || !no_ones(&s.dom) || !no_ones(&s.cod))
    return gen_failf(x, "squeeze(f) = %s, squeeze(squeeze(f)) = %s", prop_show_morphism(x, 0, &s),
                     prop_show_morphism(x, 1, &ss));
  if (prop_morphism_equal(&f, &s) != (no_ones(&f.dom) && no_ones(&f.cod)))
    return gen_failf(x, "f = squeeze(f) is %d", prop_morphism_equal(&f, &s));
  return GEN_PASS;
}

/* Def 3.1.5.7: squeeze is a functor: squeeze(g o f) =
** squeeze(g) o squeeze(f), squeeze(id_S) = id_{squeeze S}. */
static gen_verdict squeeze_functor(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism g, f, gf, sg, sf, l, r, id, sid, idsq;
  if (prop_morphism(x, 0, &g) || prop_morphism(x, 1, &f)) return GEN_ERROR;
  if (lo_morphism_compose(&g, &f, &gf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "g o f", PROP_STRICT);
  if (lo_morphism_squeeze(&gf, &l, &oe) != LO_OK || lo_morphism_squeeze(&g, &sg, &oe) != LO_OK ||
      lo_morphism_squeeze(&f, &sf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "squeeze", PROP_STRICT);
  if (lo_morphism_compose(&sg, &sf, &r, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "squeeze(g) o squeeze(f)", PROP_STRICT);
  if (!prop_morphism_equal(&l, &r))
    return gen_failf(x, "squeeze(g o f) = %s but squeeze(g) o squeeze(f) = %s",
                     prop_show_morphism(x, 0, &l), prop_show_morphism(x, 1, &r));
  lo_morphism_identity(&f.dom, &id);
  if (lo_morphism_squeeze(&id, &sid, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "squeeze", PROP_STRICT);
  lo_morphism_identity(&sf.dom, &idsq);
  if (!prop_morphism_equal(&sid, &idsq))
    return gen_failf(x, "squeeze(id_S) = %s", prop_show_morphism(x, 0, &sid));
  return GEN_PASS;
}

/* Prop 3.1.5.14: a sorted morphism (Def 3.1.5.12) encodes a sorted
** layout. */
static gen_verdict sort_sorted_layout(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f;
  lo_layout l;
  if (prop_morphism(x, 0, &f)) return GEN_ERROR;
  if (!is_sorted_def(&f)) return GEN_DISCARD;
  if (lo_morphism_layout(&f, &l, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (!layout_sorted_def(&l) || !lo_is_sorted(&l))
    return gen_failf(x, "L_f = %s is not sorted", prop_show_layout(x, 0, &l));
  return GEN_PASS;
}

/* Lemma 3.1.5.17: f is sorted (Def 3.1.5.12) iff sort(f) = f. */
static gen_verdict sort_fixed_points(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, s;
  if (prop_morphism(x, 0, &f)) return GEN_ERROR;
  if (lo_morphism_sort(&f, &s, &oe) != LO_OK) return prop_verdict_of(x, &oe, "sort", PROP_STRICT);
  if (is_sorted_def(&f) != prop_morphism_equal(&f, &s))
    return gen_failf(x, "f sorted: %d, sort(f) = %s", is_sorted_def(&f),
                     prop_show_morphism(x, 0, &s));
  return GEN_PASS;
}

/* Count of domain entries of f equal to (s, a), for comparing multisets. */
static int count_entry(const lo_morphism *f, lo_int s, int a) {
  int n = 0;
  for (int i = 0; i < f->dom.len; i++) n += f->dom.leaf[i] == s && f->map[i] == a;
  return n;
}

/* Construction 3.1.5.15, Prop 3.1.5.18: sort(f) is sorted,
** is f o (a permutation) (same codomain, same entries with their targets),
** and L_{sort f} = sort(L_f). */
static gen_verdict sort_layout(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, s;
  lo_layout ls, lf, want;
  if (prop_morphism(x, 0, &f)) return GEN_ERROR;
  if (lo_morphism_sort(&f, &s, &oe) != LO_OK) return prop_verdict_of(x, &oe, "sort", PROP_STRICT);
  if (!is_sorted_def(&s))
    return gen_failf(x, "sort(f) = %s is not sorted", prop_show_morphism(x, 0, &s));
  int perm = lo_tuple_equal(&s.cod, &f.cod) && s.dom.len == f.dom.len;
  for (int i = 0; perm && i < f.dom.len; i++)
    perm = count_entry(&f, f.dom.leaf[i], f.map[i]) == count_entry(&s, f.dom.leaf[i], f.map[i]);
  if (!perm)
    return gen_failf(x, "sort(f) = %s is not f o (a permutation)", prop_show_morphism(x, 0, &s));
  if (lo_morphism_layout(&s, &ls, &oe) != LO_OK || lo_morphism_layout(&f, &lf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_sort(&lf, &want, &oe) != LO_OK) return prop_verdict_of(x, &oe, "sort", PROP_STRICT);
  if (!lo_layout_equal(&ls, &want))
    return gen_failf(x, "L_{sort f} = %s but sort(L_f) = %s", prop_show_layout(x, 0, &ls),
                     prop_show_layout(x, 1, &want));
  return GEN_PASS;
}

/* Remark 3.1.5.19: sort(g) o sort(f) is defined whenever g o f is,
** and equals sort(g o f) (refuted: sort is not a functor). */
static gen_verdict sort_functorial(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism g, f, gf, sg, sf, l, r;
  lo_err e;
  if (prop_morphism(x, 0, &g) || prop_morphism(x, 1, &f)) return GEN_ERROR;
  if (lo_morphism_compose(&g, &f, &gf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "g o f", PROP_STRICT);
  if (lo_morphism_sort(&gf, &l, &oe) != LO_OK || lo_morphism_sort(&g, &sg, &oe) != LO_OK ||
      lo_morphism_sort(&f, &sf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "sort", PROP_STRICT);
  if (lo_morphism_compose(&sg, &sf, &r, &e))
    return gen_failf(x, "sort(g) = %s and sort(f) = %s are not composable",
                     prop_show_morphism(x, 0, &sg), prop_show_morphism(x, 1, &sf));
  if (!prop_morphism_equal(&l, &r))
    return gen_failf(x, "sort(g o f) = %s but sort(g) o sort(f) = %s", prop_show_morphism(x, 0, &l),
                     prop_show_morphism(x, 1, &r));
  return GEN_PASS;
}

/* Prop 3.1.5.24: f is coalesced (Def 3.1.5.20) iff L_f is
** flat-coalesced; the oracle's is_coalesced of a morphism agrees. */
static gen_verdict coalesce_predicate(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f;
  lo_layout l;
  if (prop_morphism(x, 0, &f)) return GEN_ERROR;
  if (lo_morphism_layout(&f, &l, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  int def = is_coalesced_def(&f);
  if (!def) x->labels |= 1u << GEN_L_UNDEFINED;
  if (def != lo_is_flat_coalesced(&l))
    return gen_failf(x, "f coalesced: %d, L_f = %s flat-coalesced: %d", def,
                     prop_show_layout(x, 0, &l), lo_is_flat_coalesced(&l));
  if (p_category_eval_bool("is_coalesced", 1, x->argv) != def)
    return gen_failf(x, "the oracle's is_coalesced disagrees with Def 3.1.5.20 (%d)", def);
  return GEN_PASS;
}

/* The unhit codomain entries of f that are not 1, in order, into v;
** returns how many. */
static int unhit_not_one(const lo_morphism *f, lo_int *v) {
  char hit[LO_MAX_LEAVES + 1] = {0};
  int n = 0;
  for (int i = 0; i < f->dom.len; i++) hit[f->map[i]] = 1;
  for (int j = 1; j <= f->cod.len; j++)
    if (!hit[j] && f->cod.leaf[j - 1] != 1) v[n++] = f->cod.leaf[j - 1];
  return n;
}

/* coal(f) keeps the unhit entries of squeeze(T) as they are: only runs hit
** by consecutive domain entries merge (Construction 3.1.5.25 step 3,
** not tract's strong coalesce). */
static int same_unhit(const lo_morphism *cf, const lo_morphism *f) {
  lo_int a[LO_MAX_LEAVES], b[LO_MAX_LEAVES];
  int na = unhit_not_one(cf, a), nb = unhit_not_one(f, b);
  return na == nb && memcmp(a, b, (size_t)na * sizeof *a) == 0;
}

/* Construction 3.1.5.25, Prop 3.1.5.28 (flat Theorem C):
** coal(f) is valid and coalesced, keeps the unhit codomain entries of
** squeeze(f), L_{coal f} = coal-flat(L_f), and both have the layout
** function of L_f. */
static gen_verdict coalesce_theorem_c(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, cf;
  lo_layout lcf, lf, want;
  if (prop_morphism(x, 0, &f)) return GEN_ERROR;
  if (tuple_coalesce(&f, &cf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "coalesce", PROP_STRICT);
  if (p_category_valid(x, &cf, "coal(f)")) return GEN_FAIL;
  if (!is_coalesced_def(&cf))
    return gen_failf(x, "coal(f) = %s is not coalesced", prop_show_morphism(x, 0, &cf));
  if (!same_unhit(&cf, &f))
    return gen_failf(x, "coal(f) = %s: its unhit codomain entries are not those of squeeze(f)",
                     prop_show_morphism(x, 0, &cf));
  if (lo_morphism_layout(&cf, &lcf, &oe) != LO_OK || lo_morphism_layout(&f, &lf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_flat_coalesce(&lf, &want, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat coalesce", PROP_STRICT);
  if (!lo_layout_equal(&lcf, &want))
    return gen_failf(x, "L_{coal f} = %s but coal-flat(L_f) = %s", prop_show_layout(x, 0, &lcf),
                     prop_show_layout(x, 1, &want));
  int r = prop_same_function(x, &lf, &lcf, "L_f vs L_{coal f}");
  return r == 0 ? GEN_FAIL : GEN_PASS;
}

/* Construction 3.1.5.30, Remark 3.1.5.31, Construction 3.1.5.34:
** the concatenation of tractable maps with disjoint images is tractable,
** and the oracle's f * g over them lies over it. */
static gen_verdict concat_tractable(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  pmap a, b, ab;
  lo_int n;
  lo_morphism f, g, fg;
  if (prop_int(x, 2, &n) || p_category_prop_pmap(x, 0, (int)n, &a) ||
      p_category_prop_pmap(x, 1, (int)n, &b))
    return GEN_ERROR;
  if (!p_category_pmap_is_tractable(&a) || !p_category_pmap_is_tractable(&b)) return GEN_DISCARD;
  if (a.m + b.m > LO_MAX_LEAVES) return GEN_DISCARD;
  pmap_concat(&a, &b, &ab);
  p_category_lift(&a, &f);
  p_category_lift(&b, &g);
  int disjoint = disjoint_images(&f, &g);
  if (!disjoint) return GEN_DISCARD;
  if (!p_category_pmap_is_tractable(&ab)) return gen_failf(x, "alpha * beta is not tractable");
  if (lo_morphism_flat_concat(&f, &g, &fg, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "concatenation", PROP_STRICT);
  return p_category_lies_over(x, &fg, &ab, "f * g");
}

/* Lemma 3.1.5.37: g o (f1 * f2) = (g o f1) * (g o f2). */
static gen_verdict concat_composite(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism g, f1, f2, f12, l, g1, g2, r;
  if (prop_morphism(x, 0, &g) || prop_morphism(x, 1, &f1) || prop_morphism(x, 2, &f2))
    return GEN_ERROR;
  if (f1.dom.len + f2.dom.len > LO_MAX_LEAVES) return GEN_DISCARD;
  if (lo_morphism_flat_concat(&f1, &f2, &f12, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "f1 * f2", PROP_STRICT);
  if (p_category_valid(x, &f12, "f1 * f2")) return GEN_FAIL;
  if (lo_morphism_compose(&g, &f12, &l, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "g o (f1 * f2)", PROP_STRICT);
  if (lo_morphism_compose(&g, &f1, &g1, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "g o f1", PROP_STRICT);
  if (lo_morphism_compose(&g, &f2, &g2, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "g o f2", PROP_STRICT);
  if (lo_morphism_flat_concat(&g1, &g2, &r, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "(g o f1) * (g o f2)", PROP_STRICT);
  if (!prop_morphism_equal(&l, &r))
    return gen_failf(x, "g o (f1 * f2) = %s but (g o f1) * (g o f2) = %s",
                     prop_show_morphism(x, 0, &l), prop_show_morphism(x, 1, &r));
  return GEN_PASS;
}

/* Construction 3.1.5.34, Prop 3.1.5.38: concatenation is
** associative, L_{f1 * f2 * f3} = L_{f1} * L_{f2} * L_{f3}, and it is
** refused when the images meet. */
static gen_verdict concat_layout(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f[3], a, l, b, r, bad;
  lo_layout lf[3], ll, want;
  lo_err e;
  for (int i = 0; i < 3; i++) {
    if (prop_morphism(x, i, &f[i])) return GEN_ERROR;
    if (lo_morphism_layout(&f[i], &lf[i], &oe) != LO_OK)
      return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  }
  if (f[0].dom.len + f[1].dom.len + f[2].dom.len > LO_MAX_LEAVES) return GEN_DISCARD;
  if (lo_morphism_flat_concat(&f[0], &f[1], &a, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "f1 * f2", PROP_STRICT);
  if (lo_morphism_flat_concat(&a, &f[2], &l, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "(f1 * f2) * f3", PROP_STRICT);
  if (lo_morphism_flat_concat(&f[1], &f[2], &b, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "f2 * f3", PROP_STRICT);
  if (lo_morphism_flat_concat(&f[0], &b, &r, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "f1 * (f2 * f3)", PROP_STRICT);
  if (!prop_morphism_equal(&l, &r))
    return gen_failf(x, "(f1 * f2) * f3 = %s but f1 * (f2 * f3) = %s", prop_show_morphism(x, 0, &l),
                     prop_show_morphism(x, 1, &r));
  if (lo_morphism_layout(&l, &ll, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_flat_concat(&lf[0], &lf[1], &want, &oe) != LO_OK ||
      lo_flat_concat(&want, &lf[2], &want, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat concat", PROP_STRICT);
  if (!lo_layout_equal(&ll, &want))
    return gen_failf(x, "L_{f1 * f2 * f3} = %s but L_f1 * L_f2 * L_f3 = %s",
                     prop_show_layout(x, 0, &ll), prop_show_layout(x, 1, &want));
  for (int i = 0; i < 3; i++)
    if (!disjoint_images(&f[i], &f[i]) && lo_morphism_flat_concat(&f[i], &f[i], &bad, &e) == 0)
      return gen_failf(x, "f * f was made though the images meet: %s",
                       prop_show_morphism(x, 0, &bad));
  return GEN_PASS;
}

/* Def 3.1.5.39, Prop 3.1.5.42: for g a complement of f,
** f * g is an isomorphism, size(L_f) size(L_g) = size(T), and L_f * L_g
** is a bijection onto [0, size T). */
static gen_verdict complement_is_complement(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, g, fg;
  lo_layout lf, lg, l;
  lo_int sf, sg, st;
  if (prop_morphism(x, 0, &f) || prop_morphism(x, 1, &g)) return GEN_ERROR;
  if (!disjoint_images(&f, &g)) return gen_failf(x, "f and g have overlapping images");
  if (lo_morphism_flat_concat(&f, &g, &fg, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "f * g", PROP_STRICT);
  if (p_category_valid(x, &fg, "f * g")) return GEN_FAIL;
  if (!prop_is_iso(&fg))
    return gen_failf(x, "f * g = %s is not an isomorphism", prop_show_morphism(x, 0, &fg));
  if (lo_morphism_layout(&f, &lf, &oe) != LO_OK || lo_morphism_layout(&g, &lg, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_size(&lf, &sf, &oe) != LO_OK || lo_size(&lg, &sg, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "size", PROP_STRICT);
  if (lo_tuple_size(&f.cod, &st, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "size T", PROP_STRICT);
  if (sf * sg != st)
    return gen_failf(x, "size(L_f) size(L_g) = %lld, size(T) = %lld", (long long)(sf * sg),
                     (long long)st);
  if (lo_flat_concat(&lf, &lg, &l, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat concat", PROP_STRICT);
  return prop_judged(prop_bijective_onto(x, &l, -1, "L_f * L_g"));
}

/* Prop 3.1.5.43 (flat Theorem D): for injective f, f^c is a valid
** complement of f and coal-flat(L_{f^c}) = comp-flat(L_f, size T). */
static gen_verdict complement_theorem_d(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, fc, ffc;
  lo_layout lf, lfc, clfc, want, both;
  lo_int st;
  if (prop_morphism(x, 0, &f)) return GEN_ERROR;
  if (lo_morphism_complement(&f, &fc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "complement", PROP_STRICT);
  if (p_category_valid(x, &fc, "f^c")) return GEN_FAIL;
  if (lo_morphism_flat_concat(&f, &fc, &ffc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "f * f^c", PROP_STRICT);
  if (p_category_valid(x, &ffc, "f * f^c")) return GEN_FAIL;
  if (!prop_is_iso(&ffc))
    return gen_failf(x, "f * f^c = %s is not an isomorphism", prop_show_morphism(x, 0, &ffc));
  if (lo_morphism_layout(&f, &lf, &oe) != LO_OK || lo_morphism_layout(&fc, &lfc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_flat_coalesce(&lfc, &clfc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat coalesce", PROP_STRICT);
  if (lo_tuple_size(&f.cod, &st, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "size T", PROP_STRICT);
  if (lo_flat_complement(&lf, st, &want, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat complement", PROP_STRICT);
  if (!lo_layout_equal(&clfc, &want))
    return gen_failf(x, "coal-flat(L_{f^c}) = %s but comp-flat(L_f, %lld) = %s",
                     prop_show_layout(x, 0, &clfc), (long long)st, prop_show_layout(x, 1, &want));
  if (lo_flat_concat(&lf, &lfc, &both, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat concat", PROP_STRICT);
  int r = prop_bijective_onto(x, &both, -1, "L_f * L_{f^c}");
  return r == 0 ? GEN_FAIL : GEN_PASS;
}

/* Prop 3.1.5.44 (f must also be non-degenerate): for
** f injective of standard form, L_{f^c} = comp-flat(L_f). */
static gen_verdict complement_standard(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, fc;
  lo_layout lf, lfc, want;
  if (prop_morphism(x, 0, &f)) return GEN_ERROR;
  if (!p_category_is_standard_def(&f, 0) || !p_category_nondegenerate_morphism(&f))
    return GEN_DISCARD;
  if (lo_morphism_complement(&f, &fc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "complement", PROP_STRICT);
  if (lo_morphism_layout(&f, &lf, &oe) != LO_OK || lo_morphism_layout(&fc, &lfc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_flat_complement(&lf, -1, &want, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat complement", PROP_STRICT);
  if (!lo_layout_equal(&lfc, &want))
    return gen_failf(x, "L_{f^c} = %s but comp-flat(L_f) = %s", prop_show_layout(x, 0, &lfc),
                     prop_show_layout(x, 1, &want));
  return GEN_PASS;
}

/* Prop 3.1.5.44 as printed (injective, standard form, possibly
** degenerate): L_{f^c} = comp-flat(L_f) (refuted: f = (1,3)--(2,4)-->(5,1,5,3)). */
static gen_verdict complement_standard_degenerate(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, fc;
  lo_layout lf, lfc, want;
  if (prop_morphism(x, 0, &f)) return GEN_ERROR;
  if (!p_category_is_standard_def(&f, 0)) return GEN_DISCARD;
  if (lo_morphism_complement(&f, &fc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "complement", PROP_STRICT);
  if (lo_morphism_layout(&f, &lf, &oe) != LO_OK || lo_morphism_layout(&fc, &lfc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_flat_complement(&lf, -1, &want, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat complement", PROP_STRICT);
  if (!lo_layout_equal(&lfc, &want))
    return gen_failf(x, "L_{f^c} = %s but comp-flat(L_f) = %s", prop_show_layout(x, 0, &lfc),
                     prop_show_layout(x, 1, &want));
  return GEN_PASS;
}

/* Prop 3.1.5.48: a complement g of f sorts to f^c. */
static gen_verdict complement_sort(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, g, sg, fc;
  if (prop_morphism(x, 0, &f) || prop_morphism(x, 1, &g)) return GEN_ERROR;
  if (lo_morphism_sort(&g, &sg, &oe) != LO_OK) return prop_verdict_of(x, &oe, "sort", PROP_STRICT);
  if (lo_morphism_complement(&f, &fc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "complement", PROP_STRICT);
  if (!prop_morphism_equal(&sg, &fc))
    return gen_failf(x, "sort(g) = %s but f^c = %s", prop_show_morphism(x, 0, &sg),
                     prop_show_morphism(x, 1, &fc));
  return GEN_PASS;
}

/* Def 3.1.5.45, Construction 3.1.5.46, Prop 3.1.5.49:
** f^c exists iff no entry goes to *; then it lies over the increasing map
** onto the positions f misses, and f * f^c is an isomorphism. */
static gen_verdict complement_exists(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, fc, ffc;
  lo_err e;
  char hit[LO_MAX_LEAVES + 1] = {0};
  if (prop_morphism(x, 0, &f)) return GEN_ERROR;
  int injective = 1;
  for (int i = 0; i < f.dom.len; i++) {
    injective &= f.map[i] != 0;
    hit[f.map[i]] = 1;
  }
  int made = lo_morphism_complement(&f, &fc, &e) == LO_OK;
  if (made != injective)
    return gen_failf(x, "f injective: %d, f^c %s", injective, made ? "was made" : e.msg);
  if (!made) return GEN_PASS;
  for (int j = 1, k = 0; j <= f.cod.len; j++) {
    if (hit[j]) continue;
    if (k >= fc.dom.len || fc.map[k] != j || fc.dom.leaf[k] != f.cod.leaf[j - 1])
      return gen_failf(x, "f^c = %s is not the increasing map onto the missed positions",
                       prop_show_morphism(x, 0, &fc));
    k++;
  }
  if (lo_morphism_flat_concat(&f, &fc, &ffc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "f * f^c", PROP_STRICT);
  if (p_category_valid(x, &ffc, "f * f^c")) return GEN_FAIL;
  if (!prop_is_iso(&ffc) || !lo_tuple_equal(&fc.cod, &f.cod))
    return gen_failf(x, "f * f^c = %s is not an isomorphism", prop_show_morphism(x, 0, &ffc));
  return GEN_PASS;
}

/* Prop 3.1.5.50: for complementable f, sort(f) = (f^c)^c. */
static gen_verdict complement_double(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, s, fc, fcc;
  if (prop_morphism(x, 0, &f)) return GEN_ERROR;
  if (lo_morphism_sort(&f, &s, &oe) != LO_OK) return prop_verdict_of(x, &oe, "sort", PROP_STRICT);
  if (lo_morphism_complement(&f, &fc, &oe) != LO_OK ||
      lo_morphism_complement(&fc, &fcc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "complement", PROP_STRICT);
  if (!prop_morphism_equal(&s, &fcc))
    return gen_failf(x, "sort(f) = %s but (f^c)^c = %s", prop_show_morphism(x, 0, &s),
                     prop_show_morphism(x, 1, &fcc));
  return GEN_PASS;
}

/* Def 3.1.5.52, Prop 3.1.5.56 (flat Theorem E): for g : S -> T
** injective and f : T -> U, non-degenerate, f (/) g = f o (g * g^c)
** pointwise, and coal-flat(L_{f (/) g}) = coal-flat(L_f (/)flat L_g). */
static gen_verdict divide_theorem_e(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, g, q, gc;
  lo_layout lq, clq, lf, lg, lgc, lgg, d, cd;
  if (prop_morphism(x, 0, &f) || prop_morphism(x, 1, &g)) return GEN_ERROR;
  if (!p_category_nondegenerate_morphism(&f) || !p_category_nondegenerate_morphism(&g))
    return GEN_DISCARD;
  if (lo_morphism_flat_divide(&f, &g, &q, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "morphism flat divide", PROP_STRICT);
  if (lo_morphism_layout(&q, &lq, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_flat_coalesce(&lq, &clq, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat coalesce", PROP_STRICT);
  if (lo_morphism_layout(&f, &lf, &oe) != LO_OK || lo_morphism_layout(&g, &lg, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_flat_divide(&lf, &lg, &d, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat divide", PROP_BOUNDED);
  if (lo_flat_coalesce(&d, &cd, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat coalesce", PROP_STRICT);
  if (!lo_layout_equal(&clq, &cd))
    return gen_failf(x, "coal-flat(L_{f/g}) = %s but coal-flat(L_f / L_g) = %s",
                     prop_show_layout(x, 0, &clq), prop_show_layout(x, 1, &cd));
  if (lo_morphism_complement(&g, &gc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "complement", PROP_STRICT);
  if (lo_morphism_layout(&gc, &lgc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_flat_concat(&lg, &lgc, &lgg, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat concat", PROP_STRICT);
  int r = prop_is_composite(x, &lf, &lgg, &lq);
  return r == 0 ? GEN_FAIL : GEN_PASS;
}

/* Lemma 3.1.5.60: for (f, g) product admissible with g injective,
** f (x)flat g is injective and (f (x)flat g)^c = f^c o g^c. */
static gen_verdict product_complement(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, g, p, pc, fc, gc, r;
  if (prop_morphism(x, 0, &f) || prop_morphism(x, 1, &g)) return GEN_ERROR;
  if (lo_morphism_flat_product(&f, &g, &p, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat product", PROP_STRICT);
  if (!lo_morphism_is_injective(&p))
    return gen_failf(x, "f (x) g = %s is not injective", prop_show_morphism(x, 0, &p));
  if (lo_morphism_complement(&p, &pc, &oe) != LO_OK ||
      lo_morphism_complement(&f, &fc, &oe) != LO_OK ||
      lo_morphism_complement(&g, &gc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "complement", PROP_STRICT);
  if (lo_morphism_compose(&fc, &gc, &r, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "f^c o g^c", PROP_STRICT);
  if (!prop_morphism_equal(&pc, &r))
    return gen_failf(x, "(f (x) g)^c = %s but f^c o g^c = %s", prop_show_morphism(x, 0, &pc),
                     prop_show_morphism(x, 1, &r));
  return GEN_PASS;
}

/* Prop 3.1.5.61: with (f, g) and (g, h) product admissible,
** (f (x) g, h) and (f, g (x) h) are product admissible and
** (f (x) g) (x) h = f (x) (g (x) h). */
static gen_verdict product_associative(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, g, h, fg, gh, l, r;
  if (prop_morphism(x, 0, &f) || prop_morphism(x, 1, &g) || prop_morphism(x, 2, &h))
    return GEN_ERROR;
  if (lo_morphism_flat_product(&f, &g, &fg, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "f (x) g", PROP_STRICT);
  if (lo_morphism_flat_product(&fg, &h, &l, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "(f (x) g) (x) h", PROP_STRICT);
  if (lo_morphism_flat_product(&g, &h, &gh, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "g (x) h", PROP_STRICT);
  if (lo_morphism_flat_product(&f, &gh, &r, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "f (x) (g (x) h)", PROP_STRICT);
  if (!prop_morphism_equal(&l, &r))
    return gen_failf(x, "(f (x) g) (x) h = %s but f (x) (g (x) h) = %s",
                     prop_show_morphism(x, 0, &l), prop_show_morphism(x, 1, &r));
  return GEN_PASS;
}

/* Phi_{L_{f (x) g}}(a + size(S) b) = Phi_{L_f}(a) + Phi_{L_{f^c}}(Phi_{L_g}(b))
** for all a, b (Def 3.1.5.57 pointwise): 1, 0 (message) or -1. */
static int product_pointwise(gen_ctx *x, const lo_layout *lp, const lo_layout *lf,
                             const lo_layout *lfc, const lo_layout *lg) {
  lo_int sp, sf, sg;
  lo_err e;
  if (lo_size(lp, &sp, &e) || sp > x->bounds->max_size || lo_size(lf, &sf, &e) ||
      lo_size(lg, &sg, &e))
    return -1;
  for (lo_int b = 0; b < sg; b++)
    for (lo_int a = 0; a < sf; a++) {
      lo_int v, fa, gb, fcgb;
      if (lo_apply(lp, a + sf * b, &v, &e) || lo_apply(lf, a, &fa, &e) ||
          lo_apply(lg, b, &gb, &e) || lo_apply(lfc, gb, &fcgb, &e))
        return -1;
      if (v != fa + fcgb) {
        gen_failf(x, "L_{f (x) g} = %s at (%lld, %lld) gives %lld, not %lld + %lld",
                  prop_show_layout(x, 0, lp), (long long)a, (long long)b, (long long)v,
                  (long long)fa, (long long)fcgb);
        return 0;
      }
    }
  return 1;
}

/* Def 3.1.5.57, Prop 3.1.5.62 (flat Theorem F, with Obs 2.3.9.2:
** N as in Obs 2.3.9.2): L_{f (x)flat g} = L_f (x)flat L_g, and pointwise
** as in product_pointwise. */
static gen_verdict product_theorem_f(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, g, p, fc;
  lo_layout lp, lf, lg, lfc, q;
  if (prop_morphism(x, 0, &f) || prop_morphism(x, 1, &g)) return GEN_ERROR;
  if (!p_category_nondegenerate_morphism(&f) || !p_category_nondegenerate_morphism(&g))
    return GEN_DISCARD;
  if (lo_morphism_flat_product(&f, &g, &p, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "morphism flat product", PROP_STRICT);
  if (lo_morphism_layout(&p, &lp, &oe) != LO_OK || lo_morphism_layout(&f, &lf, &oe) != LO_OK ||
      lo_morphism_layout(&g, &lg, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_flat_product(&lf, &lg, &q, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat product", PROP_BOUNDED);
  if (!lo_layout_equal(&lp, &q))
    return gen_failf(x, "L_{f (x) g} = %s but L_f (x) L_g = %s", prop_show_layout(x, 0, &lp),
                     prop_show_layout(x, 1, &q));
  if (lo_morphism_complement(&f, &fc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "complement", PROP_STRICT);
  if (lo_morphism_layout(&fc, &lfc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  return product_pointwise(x, &lp, &lf, &lfc, &lg) == 0 ? GEN_FAIL : GEN_PASS;
}

const gen_property prop_category_ops_table[] = {
    {"tuple.squeeze.layout",
     "L_{squeeze f} = squeeze(L_f); squeeze idempotent; f = squeeze f iff no 1s",
     "Prop 3.1.5.10, Obs 3.1.5.11, Ex 3.1.5.9, p.107", GEN_THEOREM, "tuple_mor", "squeeze",
     squeeze_layout, NULL, NULL, 0},
    {"tuple.squeeze.functor", "squeeze(g o f) = squeeze(g) o squeeze(f), squeeze(id) = id",
     "Def 3.1.5.7, p.106", GEN_THEOREM, "tuple_composable", "squeeze", squeeze_functor, NULL, NULL,
     0},
    {"tuple.sort.sorted_layout", "f sorted (Def 3.1.5.12) => L_f sorted", "Prop 3.1.5.14, p.108",
     GEN_THEOREM, "tuple_mor_sorted", "layout", sort_sorted_layout, NULL, NULL, 0},
    {"tuple.sort.fixed_points", "f sorted iff sort(f) = f", "Lemma 3.1.5.17, p.110", GEN_THEOREM,
     "tuple_mor_sorted_mixed", "sort", sort_fixed_points, NULL, NULL, 0},
    {"tuple.sort.layout", "sort(f) is sorted, f o (a permutation), and L_{sort f} = sort(L_f)",
     "Construction 3.1.5.15, Prop 3.1.5.18, p.109-110", GEN_THEOREM, "tuple_mor", "sort",
     sort_layout, NULL, NULL, 0},
    {"tuple.sort.functorial", "sort(g) o sort(f) is defined and equals sort(g o f)",
     "Remark 3.1.5.19, p.111 (sort is not a functor)", GEN_CONJECTURE, "tuple_composable",
     "sort_not_functorial", sort_functorial, NULL, NULL, 0},
    {"tuple.coalesce.predicate", "f coalesced (Def 3.1.5.20) iff L_f flat-coalesced",
     "Prop 3.1.5.24, p.112", GEN_THEOREM, "tuple_mor_squeezed", "is_coalesced", coalesce_predicate,
     NULL, NULL, 0},
    {"tuple.coalesce.theorem_c",
     "coal(f) is coalesced, keeps the unhit entries, and L_{coal f} = coal-flat(L_f)",
     "Prop 3.1.5.28 (flat Theorem C), p.114; only codomain runs hit by consecutive entries merge",
     GEN_THEOREM, "tuple_mor", "coalesce", coalesce_theorem_c, NULL, NULL, 0},
    {"tuple.concat.tractable",
     "alpha * beta of tractable maps with disjoint images is tractable; f * g lies over it",
     "Construction 3.1.5.30, Remark 3.1.5.31, p.114-115", GEN_THEOREM, "tuple_disjoint_maps",
     "flat_concat", concat_tractable, NULL, NULL, 0},
    {"tuple.concat.composite", "g o (f1 * f2) = (g o f1) * (g o f2)", "Lemma 3.1.5.37, p.116",
     GEN_THEOREM, "tuple_disjoint_then", "flat_concat", concat_composite, NULL, NULL, 0},
    {"tuple.concat.layout",
     "* is associative, L_{f1 * f2 * f3} = L_f1 * L_f2 * L_f3, refused on meeting images",
     "Construction 3.1.5.34, Prop 3.1.5.38, p.115-116", GEN_THEOREM, "tuple_disjoint3",
     "flat_concat", concat_layout, NULL, NULL, 0},
    {"tuple.complement.is_complement",
     "g a complement of f: f * g iso, size(L_f) size(L_g) = size T, L_f * L_g bijective",
     "Def 3.1.5.39, Prop 3.1.5.42, p.117", GEN_THEOREM, "tuple_complement_pair", "is_complement",
     complement_is_complement, NULL, NULL, 0},
    {"tuple.complement.theorem_d", "f injective: coal-flat(L_{f^c}) = comp-flat(L_f, size T)",
     "Prop 3.1.5.43 (flat Theorem D), p.118", GEN_THEOREM, "tuple_mor_injective", "complement",
     complement_theorem_d, NULL, NULL, 0},
    {"tuple.complement.standard",
     "f injective, non-degenerate, standard form: L_{f^c} = comp-flat(L_f)",
     "Prop 3.1.5.44, p.118; needs f non-degenerate", GEN_THEOREM, "tuple_mor_standard_injective",
     "complement", complement_standard, NULL, NULL, 0},
    {"tuple.complement.standard_degenerate", "f injective, standard form: L_{f^c} = comp-flat(L_f)",
     "Prop 3.1.5.44 as printed, p.118 (fails for degenerate f)", GEN_CONJECTURE,
     "tuple_mor_standard_degenerate", "complement", complement_standard_degenerate, NULL, NULL, 0},
    {"tuple.complement.sort", "g a complement of f => sort(g) = f^c", "Prop 3.1.5.48, p.118",
     GEN_THEOREM, "tuple_complement_pair", "sort", complement_sort, NULL, NULL, 0},
    {"tuple.complement.exists",
     "f^c exists iff no entry goes to *; f^c increasing onto the missed positions, f * f^c iso",
     "Def 3.1.5.45, Construction 3.1.5.46, Prop 3.1.5.49, p.118-119", GEN_THEOREM,
     "tuple_mor_mixed", "complement", complement_exists, NULL, NULL, 0},
    {"tuple.complement.double", "f complementable: sort(f) = (f^c)^c", "Prop 3.1.5.50, p.119",
     GEN_THEOREM, "tuple_mor_injective", "complement", complement_double, NULL, NULL, 0},
    {"tuple.divide.theorem_e",
     "coal-flat(L_{f (/) g}) = coal-flat(L_f (/)flat L_g); L_{f (/) g} = L_f o L_{g * g^c}",
     "Def 3.1.5.52, Prop 3.1.5.56 (flat Theorem E), p.119-120", GEN_THEOREM, "tuple_divisible",
     "flat_divide", divide_theorem_e, NULL, NULL, 0},
    {"tuple.product.complement", "g injective: f (x) g injective, (f (x) g)^c = f^c o g^c",
     "Lemma 3.1.5.60, p.121", GEN_THEOREM, "tuple_product_injective", "flat_product",
     product_complement, NULL, NULL, 0},
    {"tuple.product.associative", "(f (x) g) (x) h = f (x) (g (x) h), both admissible",
     "Prop 3.1.5.61, p.121", GEN_THEOREM, "tuple_product_chain", "flat_product",
     product_associative, NULL, NULL, 0},
    {"tuple.product.theorem_f", "L_{f (x)flat g} = L_f (x)flat L_g (N as in Obs 2.3.9.2)",
     "Def 3.1.5.57, Prop 3.1.5.62 (flat Theorem F), p.120-121; with a valid N (Obs 2.3.9.2)",
     GEN_THEOREM, "tuple_product_admissible", "flat_product", product_theorem_f, NULL, NULL, 0},
};

const int prop_category_ops_count =
    (int)(sizeof prop_category_ops_table / sizeof prop_category_ops_table[0]);
