/*
** p_seeds.c -- the claims of the project's seed documents as conjectures
** (and the coalescence rewrite rules of seed 003).
**
** Seed 000 is a Lean 4 design document ("lean."), seed 001 a Chinese
** summary of the paper ("zh."), seed 003 a note on coalescence as a
** rewriting system ("rewrite.").  Every claim is a conjecture: a refuted
** one is reported with its shrunk counterexample and does not fail the
** run.  Where a claim comes with its own algorithm (the rewrite system, a
** predicate, a formula), the check implements exactly what the seed says
** and compares it with the oracle's definitions.
**
** (lean.complement_involution and lean.sorting_coalesce, the first two
** claims of seed 000, stay at the head of catalogue.c: the command-line
** tests rely on them running before the long theorem runs.)
*/
#include "properties.h"
#include "p_seeds.h"

#include <stdio.h>
#include <string.h>

/* The claim does not apply because an operation it needs is undefined. */
gen_verdict p_seeds_undefined(gen_ctx *x) {
  x->labels |= 1u << GEN_L_UNDEFINED;
  return GEN_DISCARD;
}

/* --------------------------------------------------------------- helpers */

/* Argument i as a flat layout (its flattening). */
int p_seeds_flat_arg(gen_ctx *x, int i, lo_layout *l) {
  lo_layout n;
  if (prop_layout(x, i, &n)) return -1;
  lo_layout_flatten(&n, l);
  return 0;
}

/* Argument i as a Tuple morphism: domain and codomain flattened, the
** same map (Hom_Nest(S, T) = Hom_Tuple(S flat, T flat)). */
int p_seeds_flat_morphism_arg(gen_ctx *x, int i, lo_morphism *f) {
  lo_morphism n;
  if (prop_morphism(x, i, &n)) return -1;
  *f = n;
  lo_tuple_flatten(&n.dom, &f->dom);
  lo_tuple_flatten(&n.cod, &f->cod);
  return 0;
}

/* Identical flat layouts (same entries, as lists of modes). */
int p_seeds_same_flattening(const lo_layout *a, const lo_layout *b) {
  lo_layout fa, fb;
  lo_layout_flatten(a, &fa);
  lo_layout_flatten(b, &fb);
  return lo_layout_equal(&fa, &fb);
}

/* ======================================================= seed 003: rewrite */

/* ================================================ seed 000: Lean design */

/* Lean design, coalesce_idempotent: coalesce (coalesce L) = coalesce L for
** flat layouts (coal-flat, Lemma 2.1.4.15). */
static gen_verdict lean_coalesce_idempotent(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout l, c, cc;
  if (p_seeds_flat_arg(x, 0, &l)) return GEN_ERROR;
  if (lo_flat_coalesce(&l, &c, &oe) != LO_OK || lo_flat_coalesce(&c, &cc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat coalesce", PROP_STRICT);
  if (!lo_layout_equal(&c, &cc))
    return gen_failf(x, "coalesce L = %s but coalesce (coalesce L) = %s",
                     prop_show_layout(x, 0, &c), prop_show_layout(x, 1, &cc));
  return GEN_PASS;
}

/* Lean design (its Level 2 example): isTractable L -> isTractable (coalesce L). */
static gen_verdict lean_coalesce_keeps_tractable(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout l, c;
  if (p_seeds_flat_arg(x, 0, &l)) return GEN_ERROR;
  if (!lo_is_tractable(&l)) return GEN_DISCARD;
  if (lo_flat_coalesce(&l, &c, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat coalesce", PROP_STRICT);
  if (!lo_is_tractable(&c))
    return gen_failf(x, "L is tractable but coalesce L = %s is not", prop_show_layout(x, 0, &c));
  return GEN_PASS;
}

/* Compare two sides of an associativity law that may each be undefined,
** as partial values: equal when both are defined and equal, or when
** neither is (labelled undefined). */
static gen_verdict same_or_undefined(gen_ctx *x, int lok, const lo_layout *lhs, const char *lerr,
                                     int rok, const lo_layout *rhs, const char *rerr) {
  if (!lok && !rok) {
    x->labels |= 1u << GEN_L_UNDEFINED;
    return GEN_PASS;
  }
  if (!lok)
    return gen_failf(x, "(A o B) o C is undefined (%s) but A o (B o C) = %s", lerr,
                     prop_show_layout(x, 0, rhs));
  if (!rok)
    return gen_failf(x, "(A o B) o C = %s but A o (B o C) is undefined (%s)",
                     prop_show_layout(x, 0, lhs), rerr);
  if (!lo_layout_equal(lhs, rhs))
    return gen_failf(x, "(A o B) o C = %s but A o (B o C) = %s", prop_show_layout(x, 0, lhs),
                     prop_show_layout(x, 1, rhs));
  return GEN_PASS;
}

typedef int (*compose_fn)(const lo_layout *, const lo_layout *, lo_layout *, lo_err *);

/* The two sides of compose_assoc with the given composition, (A o B) o C
** into s[0] and A o (B o C) into s[1] (C applied first); ok[k] says
** whether side k is defined, e[k] why not. */
static void assoc_sides(compose_fn compose, const lo_layout *abc, lo_layout *s, int *ok,
                        lo_err *e) {
  lo_layout ab, bc;
  ok[0] = !compose(&abc[0], &abc[1], &ab, &e[0]) && !compose(&ab, &abc[2], &s[0], &e[0]);
  ok[1] = !compose(&abc[1], &abc[2], &bc, &e[1]) && !compose(&abc[0], &bc, &s[1], &e[1]);
}

/* Lean design, compose_assoc for FlatLayout, with the paper's flat composite
** (Def 2.1.7.1), which is partial: the two sides are equal, or both
** undefined. */
static gen_verdict lean_compose_assoc_flat(gen_ctx *x) {
  lo_layout abc[3], s[2];
  lo_err e[2];
  int ok[2];
  for (int i = 0; i < 3; i++)
    if (p_seeds_flat_arg(x, i, &abc[i])) return GEN_ERROR;
  assoc_sides(lo_flat_composition, abc, s, ok, e);
  return same_or_undefined(x, ok[0], &s[0], e[0].msg, ok[1], &s[1], e[1].msg);
}

/* Lean design, compose_assoc read for nested layouts, with the paper's
** composite (Def 2.3.7.1): where both sides are defined they are equal as
** layouts, not only as functions. */
static gen_verdict lean_compose_assoc_nested(gen_ctx *x) {
  lo_layout abc[3], s[2];
  lo_err e[2];
  int ok[2];
  for (int i = 0; i < 3; i++)
    if (prop_layout(x, i, &abc[i])) return GEN_ERROR;
  assoc_sides(lo_paper_composition, abc, s, ok, e);
  if (!ok[0] || !ok[1]) return p_seeds_undefined(x);
  if (lo_layout_equal(&s[0], &s[1])) return GEN_PASS;
  int same = prop_same_function(x, &s[0], &s[1], "(A o B) o C vs A o (B o C)");
  if (same == 0) return GEN_FAIL;
  return gen_failf(x, "(A o B) o C = %s but A o (B o C) = %s (%s layout function)",
                   prop_show_layout(x, 0, &s[0]), prop_show_layout(x, 1, &s[1]),
                   same > 0 ? "the same" : "too large to compare the");
}

/* Lean design, coalesce_agree: encode (coalesceMorphism f) = coalesce
** (encode f) for tuple morphisms (Prop 3.1.5.28, Theorem C).  The
** oracle's morphism coalesce is Nest's, so its layout is compared with
** coal (a size-1 result is 1:0, not ():()). */
static gen_verdict lean_coalesce_agree(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, cf;
  lo_layout lcf, lf, clf;
  if (p_seeds_flat_morphism_arg(x, 0, &f)) return GEN_ERROR;
  if (lo_morphism_coalesce(&f, &cf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "morphism coalesce", PROP_STRICT);
  if (lo_morphism_layout(&cf, &lcf, &oe) != LO_OK || lo_morphism_layout(&f, &lf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_coalesce(&lf, &clf, &oe) != LO_OK) return prop_verdict_of(x, &oe, "coalesce", PROP_STRICT);
  if (!lo_layout_equal(&lcf, &clf))
    return gen_failf(x, "encode (coalesce f) = %s but coalesce (encode f) = %s",
                     prop_show_layout(x, 0, &lcf), prop_show_layout(x, 1, &clf));
  return GEN_PASS;
}

/* Lean design / ZH summary: encode (complementMorphism f) = complement (encode f)
** N for a tuple morphism f : S -> T, at N = size(T), the only N the
** morphism complement can stand for (comp-flat, Prop 3.1.5.43 without its
** coal-flat). */
gen_verdict p_seeds_complement_agree_flat(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, fc;
  lo_layout lfc, lf, comp;
  lo_int n;
  if (p_seeds_flat_morphism_arg(x, 0, &f)) return GEN_ERROR;
  if (lo_morphism_complement(&f, &fc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "morphism complement", PROP_STRICT);
  if (lo_morphism_layout(&fc, &lfc, &oe) != LO_OK || lo_morphism_layout(&f, &lf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_tuple_size(&f.cod, &n, &oe) != LO_OK) return prop_verdict_of(x, &oe, "size", PROP_STRICT);
  if (lo_flat_complement(&lf, n, &comp, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat complement", PROP_STRICT);
  if (!p_seeds_same_flattening(&lfc, &comp))
    return gen_failf(x, "encode (f^c) = %s but complement (encode f) %lld = %s",
                     prop_show_layout(x, 0, &lfc), (long long)n, prop_show_layout(x, 1, &comp));
  return GEN_PASS;
}

/* Lean design / ZH summary: encode (g o f) = encode g o encode f for tuple
** morphisms, without Theorem B's hypothesis that f is non-degenerate (the
** flat composite of Def 2.1.7.1). */
gen_verdict p_seeds_compose_agree_flat(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism g, f, gf;
  lo_layout lgf, lg, lf, comp;
  if (p_seeds_flat_morphism_arg(x, 0, &g) || p_seeds_flat_morphism_arg(x, 1, &f)) return GEN_ERROR;
  if (lo_morphism_compose(&g, &f, &gf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "morphism compose", PROP_STRICT);
  if (lo_morphism_layout(&gf, &lgf, &oe) != LO_OK || lo_morphism_layout(&g, &lg, &oe) != LO_OK ||
      lo_morphism_layout(&f, &lf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_flat_composition(&lg, &lf, &comp, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat composition L_g o L_f", PROP_STRICT);
  if (!lo_layout_equal(&lgf, &comp))
    return gen_failf(x, "encode (g o f) = %s but encode g o encode f = %s",
                     prop_show_layout(x, 0, &lgf), prop_show_layout(x, 1, &comp));
  return GEN_PASS;
}

/* Lean design: "complement [(2,1),(3,2)] 12 = [(2,6)]" and "... 6 = []",
** over the class they generalise: for compact L (a column-major layout up
** to order) and N = k size(L), comp-flat(L, N) = (k):(size L), and ()
** when k = 1.  Checked for k = 1..4. */
static gen_verdict lean_complement_examples(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout l, c, want;
  lo_int size, n;
  lo_err e;
  if (p_seeds_flat_arg(x, 0, &l)) return GEN_ERROR;
  if (lo_size(&l, &size, &e)) return GEN_DISCARD;
  for (lo_int k = 1; k <= 4; k++) {
    if (lo_mul(size, k, &n, "N", &e)) return GEN_DISCARD;
    if (lo_flat_complement(&l, n, &c, &oe) != LO_OK)
      return prop_verdict_of(x, &oe, "flat complement", PROP_STRICT);
    lo_layout_flat(&want, &k, &size, k > 1);
    if (!lo_layout_equal(&c, &want))
      return gen_failf(x, "complement L %lld = %s, the examples' pattern gives %s", (long long)n,
                       prop_show_layout(x, 0, &c), prop_show_layout(x, 1, &want));
  }
  return GEN_PASS;
}

/* Lean design (prose): "for a layout L mapping into [0, N), comp(L, N) is such
** that L ++ comp(L, N) is compact, and comp(L, N) is sorted and
** coalesced" -- in particular that it exists whenever cosize(L) <= N. */
static gen_verdict lean_complement_exists(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout l, c, lc, cc;
  lo_int n, cos;
  lo_err e;
  if (p_seeds_flat_arg(x, 0, &l) || prop_int(x, 1, &n)) return GEN_ERROR;
  if (lo_cosize(&l, &cos, &e)) return GEN_DISCARD;
  if (cos > n) return GEN_DISCARD; /* L does not map into [0, N) */
  if (lo_flat_complement(&l, n, &c, &e))
    return gen_failf(x, "L maps into [0, %lld) (cosize %lld) but comp(L, %lld) does not exist: %s",
                     (long long)n, (long long)cos, (long long)n, e.msg);
  if (lo_flat_concat(&l, &c, &lc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "concat", PROP_STRICT);
  if (lo_flat_coalesce(&c, &cc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat coalesce", PROP_STRICT);
  if (!lo_is_compact(&lc) || !lo_is_sorted(&c) || !lo_layout_equal(&c, &cc))
    return gen_failf(x, "comp(L, %lld) = %s: L ++ comp = %s compact %d, sorted %d, coalesced %d",
                     (long long)n, prop_show_layout(x, 0, &c), prop_show_layout(x, 1, &lc),
                     lo_is_compact(&lc), lo_is_sorted(&c), lo_layout_equal(&c, &cc));
  return GEN_PASS;
}

/* s:d before s':d' in the order of Lean's section 2 (Def 2.1.3.23). */
static int mode_leq(lo_int s, lo_int d, lo_int s2, lo_int d2) {
  return d < d2 || (d == d2 && s <= s2);
}

/* Lean design as written: for all pairs (i, j), i = j included, (s_i:d_i) <=
** (s_j:d_j), d_i != 0, d_j != 0 imply s_i d_i | d_j.  *bad_i and *bad_j
** get the first pair that fails. */
static int lean_tractable_all_pairs(const lo_layout *l, int *bad_i, int *bad_j) {
  const lo_int *s = l->shape.leaf, *d = l->stride;
  for (int i = 0; i < l->shape.len; i++)
    for (int j = 0; j < l->shape.len; j++)
      if (mode_leq(s[i], d[i], s[j], d[j]) && d[i] != 0 && d[j] != 0 &&
          !divides(s[i] * d[i], d[j])) {
        *bad_i = i + 1;
        *bad_j = j + 1;
        return 0;
      }
  return 1;
}

/* Lean design: its pair-wise tractability (i = j included) agrees with Def
** 2.1.8.1. */
static gen_verdict lean_tractable_pairs(gen_ctx *x) {
  lo_layout l;
  int bi = 0, bj = 0;
  if (p_seeds_flat_arg(x, 0, &l)) return GEN_ERROR;
  int seed = lean_tractable_all_pairs(&l, &bi, &bj), paper = lo_is_tractable(&l);
  if (seed != paper)
    return gen_failf(x, "the pair-wise test says %s%s, Def 2.1.8.1 says %s",
                     seed ? "tractable" : "not tractable",
                     seed ? "" : (bi == bj ? " (fails at i = j)" : " (fails at i != j)"),
                     paper ? "tractable" : "not tractable");
  return GEN_PASS;
}

/* Lean design, the design's Python is_tractable, exactly: over the modes
** sorted by (d, s), for i != j with d_i, d_j != 0 and (s_i:d_i) <=
** (s_j:d_j), fail when d_j % (s_i d_i) != 0. */
static int python_is_tractable(const lo_layout *l) {
  lo_layout s;
  lo_err e;
  if (lo_sort(l, &s, &e)) return -1;
  for (int i = 0; i < s.shape.len; i++)
    for (int j = 0; j < s.shape.len; j++) {
      lo_int si = s.shape.leaf[i], di = s.stride[i], sj = s.shape.leaf[j], dj = s.stride[j];
      if (i != j && di != 0 && dj != 0 && (di < dj || (di == dj && si <= sj)) && dj % (si * di))
        return 0;
    }
  return 1;
}

/* Lean design (Python reference): the i != j version agrees with Def 2.1.8.1. */
static gen_verdict lean_tractable_python(gen_ctx *x) {
  lo_layout l;
  if (p_seeds_flat_arg(x, 0, &l)) return GEN_ERROR;
  int seed = python_is_tractable(&l), paper = lo_is_tractable(&l);
  if (seed < 0) return GEN_DISCARD;
  if (seed != paper)
    return gen_failf(x, "is_tractable (Python) says %s, Def 2.1.8.1 says %s",
                     seed ? "true" : "false", paper ? "tractable" : "not tractable");
  return GEN_PASS;
}

/* Lean design: a tuple morphism's map alpha "is injective on non-basepoint
** elements" (read literally: two domain entries never share an image). */
static gen_verdict lean_morphism_injective(gen_ctx *x) {
  lo_morphism f;
  if (p_seeds_flat_morphism_arg(x, 0, &f)) return GEN_ERROR;
  for (int i = 0; i < f.dom.len; i++)
    for (int j = i + 1; j < f.dom.len; j++)
      if (f.map[i] == f.map[j])
        return gen_failf(x, "entries %d and %d of %s both go to %s", i + 1, j + 1,
                         prop_show_morphism(x, 0, &f), f.map[i] ? "the same entry" : "*");
  return GEN_PASS;
}

/* Lean design: a morphism of standard form has "no superfluous entries
** (entries not hit by the morphism)". */
static gen_verdict lean_standard_form_all_hit(gen_ctx *x) {
  lo_morphism f;
  if (prop_morphism(x, 0, &f)) return GEN_ERROR;
  if (!lo_morphism_is_standard(&f)) return GEN_DISCARD;
  for (int j = 1; j <= f.cod.len; j++) {
    int hit = 0;
    for (int i = 0; i < f.dom.len; i++) hit |= f.map[i] == j;
    if (!hit)
      return gen_failf(x, "%s has standard form but codomain entry %d is not hit",
                       prop_show_morphism(x, 0, &f), j);
  }
  return GEN_PASS;
}

/* Orders of the hit modes hit[k..n) that give an encoding: the k-th hit
** entry of the codomain comes after the product prod of the entries
** before it, so d must be a multiple of prod; the quotient, when above 1,
** is one unhit entry just before it (Def 3.1.2.12 (2)). */
static int encodings_from(const lo_layout *l, int *hit, int k, int n, lo_int prod) {
  if (k == n) return 1;
  int count = 0;
  for (int i = k; i < n && count < 2; i++) {
    int t = hit[k];
    hit[k] = hit[i], hit[i] = t;
    lo_int d = l->stride[hit[k]], next;
    if (d % prod == 0 && !lo_mul(d, l->shape.leaf[hit[k]], &next, "", &(lo_err){0}))
      count += encodings_from(l, hit, k + 1, n, next);
    t = hit[k], hit[k] = hit[i], hit[i] = t;
  }
  return count;
}

/* The number of tuple morphisms of standard form (Def 3.1.2.12 as
** printed, condition (1) only for n > 1) that encode the flat layout l,
** capped at 2 ("two or more").  Modes with stride 0 go to *, the others
** are hit, in an order whose strides make a chain.  With no hit mode the
** codomain may be () or any (t): two or more. */
static int standard_encodings(const lo_layout *l) {
  int hit[LO_MAX_LEAVES], n = 0;
  for (int i = 0; i < l->shape.len; i++)
    if (l->stride[i] != 0) hit[n++] = i;
  if (n == 0) return 2;
  int c = encodings_from(l, hit, 0, n, 1);
  return c < 2 ? c : 2;
}

/* Lean design, correspondence, direction "->": a non-degenerate tractable
** flat layout has exactly one standard-form encoding (Def 3.1.2.12 as
** printed, without the n = 1 fix). */
static gen_verdict lean_correspondence(gen_ctx *x) {
  lo_layout l;
  if (p_seeds_flat_arg(x, 0, &l)) return GEN_ERROR;
  if (!lo_is_nondegenerate(&l) || !lo_is_tractable(&l)) return GEN_DISCARD;
  int n = standard_encodings(&l);
  if (n != 1)
    return gen_failf(x, "L is non-degenerate and tractable but has %s standard-form encodings",
                     n ? "two or more" : "no");
  return GEN_PASS;
}

/* Lean design, direction "<-": a flat layout with exactly one standard-form
** encoding (here L_f of a tuple morphism f) is non-degenerate and
** tractable. */
static gen_verdict lean_correspondence_converse(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f;
  lo_layout l;
  if (p_seeds_flat_morphism_arg(x, 0, &f)) return GEN_ERROR;
  if (lo_morphism_layout(&f, &l, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (standard_encodings(&l) != 1) return GEN_DISCARD;
  if (!lo_is_nondegenerate(&l) || !lo_is_tractable(&l))
    return gen_failf(x, "L_f = %s has exactly one standard-form encoding but is %s",
                     prop_show_layout(x, 0, &l),
                     lo_is_nondegenerate(&l) ? "not tractable" : "degenerate");
  return GEN_PASS;
}

/* Lean design, the realization functor's laws: |id_T| is the identity of
** [0, size T), and |g o f| = |g| o |f| (layout functions), no hypotheses. */
static gen_verdict lean_realization_functor(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism g, f, gf, id;
  lo_layout lgf, lg, lf, lid;
  lo_int size, v;
  lo_err e;
  if (prop_morphism(x, 0, &g) || prop_morphism(x, 1, &f)) return GEN_ERROR;
  lo_morphism_identity(&f.cod, &id); /* always LO_OK: it has no error to give */
  if (lo_morphism_layout(&id, &lid, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_size(&lid, &size, &e) || size > x->bounds->max_size) return GEN_DISCARD;
  for (lo_int i = 0; i < size; i++)
    if (lo_apply(&lid, i, &v, &e) || v != i)
      return gen_failf(x, "|id_T| = Phi of %s sends %lld to %lld", prop_show_layout(x, 0, &lid),
                       (long long)i, (long long)v);
  if (lo_morphism_compose(&g, &f, &gf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "morphism compose", PROP_STRICT);
  if (lo_morphism_layout(&gf, &lgf, &oe) != LO_OK || lo_morphism_layout(&g, &lg, &oe) != LO_OK ||
      lo_morphism_layout(&f, &lf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  return prop_judged(prop_is_composite(x, &lg, &lf, &lgf));
}

/* ============================================== seed 001: Chinese summary */

/* ---------------------------------------------------------------- table */

#define SEED0 "seed 000 (Lean design), "

const gen_property prop_seeds_table[] = {
    /* seed 000: the Lean 4 design document */
    {"lean.coalesce_idempotent", "coalesce (coalesce L) = coalesce L (flat layouts)",
     SEED0 "coalesce_idempotent", GEN_CONJECTURE, "flat_layout", "flat_coalesce",
     lean_coalesce_idempotent, NULL, NULL, 0},
    {"lean.coalesce_keeps_tractable", "isTractable L -> isTractable (coalesce L)",
     SEED0 "Level 2 property test", GEN_CONJECTURE, "tractable", "flat_coalesce",
     lean_coalesce_keeps_tractable, NULL, NULL, 0},
    {"lean.compose_assoc_flat",
     "compose (compose A B) C = compose A (compose B C) (flat composite)",
     SEED0 "compose_assoc (FlatLayout)", GEN_CONJECTURE, "composable_layouts tractable",
     "flat_composition", lean_compose_assoc_flat, NULL, "A B C", 0},
    {"lean.compose_assoc_nested",
     "compose (compose A B) C = compose A (compose B C) (nested composite, as layouts)",
     SEED0 "compose_assoc", GEN_CONJECTURE, "composable_layouts tractable", "paper_composition",
     lean_compose_assoc_nested, NULL, "A B C", 0},
    {"lean.coalesce_agree", "encodeLayout (coalesceMorphism f) = coalesce (encodeLayout f)",
     SEED0 "coalesce_agree", GEN_CONJECTURE, "tuple_morphism", "coalesce", lean_coalesce_agree,
     NULL, NULL, 0},
    {"lean.complement_agree",
     "encodeLayout (complementMorphism f N) = complement (encodeLayout f) N (N = size T)",
     SEED0 "complement_agree", GEN_CONJECTURE, "injective_morphism", "complement",
     p_seeds_complement_agree_flat, NULL, NULL, 0},
    {"lean.compose_agree",
     "encodeLayout (composeMorphism f g) = compose (encodeLayout f) (encodeLayout g)",
     SEED0 "compose_agree", GEN_CONJECTURE, "composable", "composition", p_seeds_compose_agree_flat,
     NULL, NULL, 0},
    {"lean.complement_examples",
     "complement [(2,1),(3,2)] 12 = [(2,6)] and ... 6 = []: comp(L, k size L) = (k):(size L)",
     SEED0 "complement examples", GEN_CONJECTURE, "compact", "flat_complement",
     lean_complement_examples, NULL, NULL, 0},
    {"lean.complement_exists",
     "for L mapping into [0,N), comp(L,N) exists, L ++ comp(L,N) is compact, comp sorted, "
     "coalesced",
     SEED0 "Core Operations, Complement", GEN_CONJECTURE, "complementable", "flat_complement",
     lean_complement_exists, NULL, NULL, 0},
    {"lean.tractable_pairs",
     "tractable iff for all (i,j): s_i:d_i <= s_j:d_j, d_i != 0, d_j != 0 -> s_i d_i | d_j",
     SEED0 "Tractable Layouts", GEN_CONJECTURE, "flat_layout", "is_tractable", lean_tractable_pairs,
     NULL, NULL, 0},
    {"lean.tractable_python", "the Python is_tractable (i != j) agrees with Def 2.1.8.1",
     SEED0 "Python is_tractable", GEN_CONJECTURE, "flat_layout", "is_tractable",
     lean_tractable_python, NULL, NULL, 0},
    {"lean.morphism_injective", "a tuple morphism's map is injective on non-basepoint elements",
     SEED0 "Category Tuple, condition 2", GEN_CONJECTURE, "tuple_morphism", "is_valid_morphism",
     lean_morphism_injective, NULL, NULL, 0},
    {"lean.standard_form_all_hit", "a morphism of standard form has no entries not hit by it",
     SEED0 "Standard Form", GEN_CONJECTURE, "standard_morphism", "is_standard_form",
     lean_standard_form_all_hit, NULL, NULL, 0},
    {"lean.correspondence",
     "NonDegenerate L and Tractable L -> exists unique f, StandardForm f and encode f = L",
     SEED0 "correspondence (->)", GEN_CONJECTURE, "nondegenerate", "morphism", lean_correspondence,
     NULL, NULL, 0},
    {"lean.correspondence_converse",
     "exists unique f, StandardForm f and encode f = L -> NonDegenerate L and Tractable L",
     SEED0 "correspondence (<-)", GEN_CONJECTURE, "tuple_morphism", "layout",
     lean_correspondence_converse, NULL, NULL, 0},
    {"lean.realization_functor", "|id| = id and |g o f| = |g| o |f| (layout functions)",
     SEED0 "realization_preserves_id, realization_preserves_comp", GEN_CONJECTURE, "composable",
     "composition", lean_realization_functor, NULL, NULL, 0},

    /* seed 001: the Chinese summary */
};
const int prop_seeds_count = (int)(sizeof prop_seeds_table / sizeof prop_seeds_table[0]);
