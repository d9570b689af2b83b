/*
** p_seeds.c -- the claims of the project's seed documents as conjectures
** (INDEX.md §7, and the coalescence rewrite rules of seed 003).
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

#include <stdio.h>
#include <string.h>

/* The claim does not apply because an operation it needs is undefined. */
static gen_verdict undefined(gen_ctx *x) {
  x->labels |= 1u << GEN_L_UNDEFINED;
  return GEN_DISCARD;
}

/* --------------------------------------------------------------- helpers */

/* a * b == c, without overflow (a, b, c non-negative). */
static int product_is(lo_int a, lo_int b, lo_int c) {
  if (a == 0 || b == 0) return c == 0;
  return b <= c / a && a * b == c;
}

/* b is a multiple of a, with 0 | b only for b = 0 (INDEX §0.10). */
static int divides(lo_int a, lo_int b) { return a == 0 ? b == 0 : b % a == 0; }

/* Argument i as a flat layout (its flattening). */
static int flat_arg(gen_ctx *x, int i, lo_layout *l) {
  lo_layout n;
  if (prop_layout(x, i, &n)) return -1;
  lo_layout_flatten(&n, l);
  return 0;
}

/* Argument i as a Tuple morphism: domain and codomain flattened, the
** same map (Hom_Nest(S, T) = Hom_Tuple(S flat, T flat)). */
static int flat_morphism_arg(gen_ctx *x, int i, lo_morphism *f) {
  lo_morphism n;
  if (prop_morphism(x, i, &n)) return -1;
  *f = n;
  lo_tuple_flatten(&n.dom, &f->dom);
  lo_tuple_flatten(&n.cod, &f->cod);
  return 0;
}

/* The paper's filter (Def 2.1.3.12): keep the modes with non-zero stride. */
static void filter_zeros(const lo_layout *l, lo_layout *out) {
  lo_int s[LO_MAX_LEAVES], d[LO_MAX_LEAVES];
  int n = 0;
  for (int i = 0; i < l->shape.len; i++)
    if (l->stride[i] != 0) {
      s[n] = l->shape.leaf[i];
      d[n++] = l->stride[i];
    }
  lo_layout_flat(out, s, d, n);
}

/* Identical flat layouts (same entries, as lists of modes). */
static int same_flattening(const lo_layout *a, const lo_layout *b) {
  lo_layout fa, fb;
  lo_layout_flatten(a, &fa);
  lo_layout_flatten(b, &fb);
  return lo_layout_equal(&fa, &fb);
}

/* ======================================================= seed 003: rewrite */

typedef enum { RW_NONE, RW_LEFT_UNIT, RW_RIGHT_UNIT, RW_MERGE } rw_rule;

static const char *const rw_rule_names[] = {"none", "left unit (1,M):(d,s) -> (M):(s)",
                                            "right unit (M,1):(d,s) -> (M):(d)",
                                            "packed merge (M1,M2):(d1,M1 d1) -> (M1 M2):(d1)"};

/* Rule r of seed 003 at modes i, i+1 (0-based) of the flat list of modes
** of in, when its pattern matches there: drop mode i if its extent is 1
** (left unit), drop mode i+1 if its extent is 1 (right unit), merge them
** into (s_i s_{i+1}):(d_i) if s_i d_i = d_{i+1} (packed merge).  Returns 1
** and writes out when the pattern matched. */
static int rw_apply_at(const lo_layout *in, rw_rule r, int i, lo_layout *out) {
  lo_int s[LO_MAX_LEAVES], d[LO_MAX_LEAVES];
  int n = in->shape.len, drop;
  if (i + 1 >= n) return 0;
  memcpy(s, in->shape.leaf, (size_t)n * sizeof *s);
  memcpy(d, in->stride, (size_t)n * sizeof *d);
  if (r == RW_LEFT_UNIT && s[i] == 1) {
    drop = i;
  } else if (r == RW_RIGHT_UNIT && s[i + 1] == 1) {
    drop = i + 1;
  } else if (r == RW_MERGE && product_is(s[i], d[i], d[i + 1]) && s[i] <= INT64_MAX / s[i + 1]) {
    s[i] *= s[i + 1];
    drop = i + 1;
  } else {
    return 0;
  }
  memmove(s + drop, s + drop + 1, (size_t)(n - drop - 1) * sizeof *s);
  memmove(d + drop, d + drop + 1, (size_t)(n - drop - 1) * sizeof *d);
  lo_layout_flat(out, s, d, n - 1);
  return 1;
}

/* Seed 003's tryCoalesce, one step: at the first pair of modes (left to
** right) where a rule applies, the left unit, else the right unit, else
** the packed merge.  A list of fewer than two modes is left alone.
** Returns the rule applied (RW_NONE at a normal form). */
static rw_rule rw_step(const lo_layout *in, lo_layout *out) {
  for (int i = 0; i + 1 < in->shape.len; i++)
    for (rw_rule r = RW_LEFT_UNIT; r <= RW_MERGE; r++)
      if (rw_apply_at(in, r, i, out)) return r;
  return RW_NONE;
}

/* Seed 003: a rule keeps the layout function.  Along the rewriting of
** every argument to its normal form, the rule is applied at every pair of
** modes where its pattern matches (tryCoalesce's choice among them) and
** Phi is compared before and after; the case is discarded when the
** pattern never matched. */
static gen_verdict rewrite_rule_keeps_function(gen_ctx *x, rw_rule rule) {
  int matched = 0;
  for (int a = 0; a < x->argc; a++) {
    lo_layout cur, next, after;
    if (flat_arg(x, a, &cur)) return GEN_ERROR;
    for (;;) {
      for (int i = 0; i + 1 < cur.shape.len; i++) {
        if (!rw_apply_at(&cur, rule, i, &after)) continue;
        char what[160];
        snprintf(what, sizeof what, "%s at modes %d, %d", rw_rule_names[rule], i + 1, i + 2);
        int same = prop_same_function(x, &cur, &after, what);
        if (same == 0) return GEN_FAIL;
        matched |= same > 0;
      }
      if (rw_step(&cur, &next) == RW_NONE) break;
      cur = next;
    }
  }
  return matched ? GEN_PASS : GEN_DISCARD;
}

/* Seed 003, right unit law. */
static gen_verdict rewrite_right_unit(gen_ctx *x) {
  return rewrite_rule_keeps_function(x, RW_RIGHT_UNIT);
}

/* Seed 003, left unit law. */
static gen_verdict rewrite_left_unit(gen_ctx *x) {
  return rewrite_rule_keeps_function(x, RW_LEFT_UNIT);
}

/* Seed 003, packed merge (packedMerge_sound). */
static gen_verdict rewrite_packed_merge(gen_ctx *x) {
  return rewrite_rule_keeps_function(x, RW_MERGE);
}

/* Seed 003, coalesce_terminates: every step of tryCoalesce removes one
** mode, so a layout of n modes reaches a normal form in at most n - 1
** steps. */
static gen_verdict rewrite_terminates(gen_ctx *x) {
  lo_layout cur, next;
  int steps = 0;
  if (flat_arg(x, 0, &cur)) return GEN_ERROR;
  int n = cur.shape.len, bound = n > 1 ? n - 1 : 0;
  for (rw_rule r; (r = rw_step(&cur, &next)) != RW_NONE; cur = next) {
    if (next.shape.len != cur.shape.len - 1)
      return gen_failf(x, "%s on %s gives %s: %d modes, not %d", rw_rule_names[r],
                       prop_show_layout(x, 0, &cur), prop_show_layout(x, 1, &next), next.shape.len,
                       cur.shape.len - 1);
    if (++steps > bound)
      return gen_failf(x, "%d steps on a layout of %d modes, still rewriting %s", steps, n,
                       prop_show_layout(x, 0, &next));
  }
  return GEN_PASS;
}

/* Seed 003: the normal form of the rewriting is the canonical form, CuTe's
** coalesce.  The normal form is compared with coalesce(L) as lists of
** modes; an empty normal form stands for CuTe's 1:0 (both are the trivial
** layout, CuTe just writes it with one mode). */
static gen_verdict rewrite_normal_form(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout l, cur, next, c, fc;
  if (flat_arg(x, 0, &l)) return GEN_ERROR;
  cur = l;
  while (rw_step(&cur, &next) != RW_NONE) cur = next;
  if (lo_coalesce(&l, &c, &oe) != LO_OK) return prop_verdict_of(x, &oe, "coalesce", PROP_STRICT);
  lo_layout_flatten(&c, &fc);
  int trivial = cur.shape.len == 0 && fc.shape.len == 1 && fc.shape.leaf[0] == 1;
  if (!trivial && !lo_layout_equal(&cur, &fc))
    return gen_failf(x, "the rewriting stops at %s but coalesce(L) = %s",
                     prop_show_layout(x, 0, &cur), prop_show_layout(x, 1, &c));
  return GEN_PASS;
}

/* ================================================ seed 000: Lean design */

/* Lean L14, coalesce_idempotent: coalesce (coalesce L) = coalesce L for
** flat layouts (coal-flat, Lemma 2.1.4.15). */
static gen_verdict lean_coalesce_idempotent(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout l, c, cc;
  if (flat_arg(x, 0, &l)) return GEN_ERROR;
  if (lo_flat_coalesce(&l, &c, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat coalesce", PROP_STRICT);
  if (lo_flat_coalesce(&c, &cc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat coalesce", PROP_STRICT);
  if (!lo_layout_equal(&c, &cc))
    return gen_failf(x, "coalesce L = %s but coalesce (coalesce L) = %s",
                     prop_show_layout(x, 0, &c), prop_show_layout(x, 1, &cc));
  return GEN_PASS;
}

/* Lean L14 (its Level 2 example): isTractable L -> isTractable (coalesce L). */
static gen_verdict lean_coalesce_keeps_tractable(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout l, c;
  if (flat_arg(x, 0, &l)) return GEN_ERROR;
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

/* Lean L2, compose_assoc for FlatLayout, with the paper's flat composite
** (Def 2.1.7.1), which is partial: the two sides are equal, or both
** undefined. */
static gen_verdict lean_compose_assoc_flat(gen_ctx *x) {
  lo_layout abc[3], s[2];
  lo_err e[2];
  int ok[2];
  for (int i = 0; i < 3; i++)
    if (flat_arg(x, i, &abc[i])) return GEN_ERROR;
  assoc_sides(lo_flat_composition, abc, s, ok, e);
  return same_or_undefined(x, ok[0], &s[0], e[0].msg, ok[1], &s[1], e[1].msg);
}

/* Lean L2, compose_assoc read for nested layouts, with the paper's
** composite (Def 2.3.7.1): where both sides are defined they are equal as
** layouts, not only as functions. */
static gen_verdict lean_compose_assoc_nested(gen_ctx *x) {
  lo_layout abc[3], s[2];
  lo_err e[2];
  int ok[2];
  for (int i = 0; i < 3; i++)
    if (prop_layout(x, i, &abc[i])) return GEN_ERROR;
  assoc_sides(lo_paper_composition, abc, s, ok, e);
  if (!ok[0] || !ok[1]) return undefined(x);
  if (lo_layout_equal(&s[0], &s[1])) return GEN_PASS;
  int same = prop_same_function(x, &s[0], &s[1], "(A o B) o C vs A o (B o C)");
  if (same == 0) return GEN_FAIL;
  return gen_failf(x, "(A o B) o C = %s but A o (B o C) = %s (%s layout function)",
                   prop_show_layout(x, 0, &s[0]), prop_show_layout(x, 1, &s[1]),
                   same > 0 ? "the same" : "too large to compare the");
}

/* Lean L14, coalesce_agree: encode (coalesceMorphism f) = coalesce
** (encode f) for tuple morphisms (Prop 3.1.5.28, Theorem C).  The
** oracle's morphism coalesce is Nest's, so its layout is compared with
** coal (a size-1 result is 1:0, not ():()). */
static gen_verdict lean_coalesce_agree(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, cf;
  lo_layout lcf, lf, clf;
  if (flat_morphism_arg(x, 0, &f)) return GEN_ERROR;
  if (lo_morphism_coalesce(&f, &cf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "morphism coalesce", PROP_STRICT);
  if (lo_morphism_layout(&cf, &lcf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_morphism_layout(&f, &lf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_coalesce(&lf, &clf, &oe) != LO_OK) return prop_verdict_of(x, &oe, "coalesce", PROP_STRICT);
  if (!lo_layout_equal(&lcf, &clf))
    return gen_failf(x, "encode (coalesce f) = %s but coalesce (encode f) = %s",
                     prop_show_layout(x, 0, &lcf), prop_show_layout(x, 1, &clf));
  return GEN_PASS;
}

/* Lean L12 / ZH Z17: encode (complementMorphism f) = complement (encode f)
** N for a tuple morphism f : S -> T, at N = size(T), the only N the
** morphism complement can stand for (comp-flat, Prop 3.1.5.43 without its
** coal-flat). */
static gen_verdict complement_agree_flat(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, fc;
  lo_layout lfc, lf, comp;
  lo_int n;
  if (flat_morphism_arg(x, 0, &f)) return GEN_ERROR;
  if (lo_morphism_complement(&f, &fc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "morphism complement", PROP_STRICT);
  if (lo_morphism_layout(&fc, &lfc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_morphism_layout(&f, &lf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_tuple_size(&f.cod, &n, &oe) != LO_OK) return prop_verdict_of(x, &oe, "size", PROP_STRICT);
  if (lo_flat_complement(&lf, n, &comp, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat complement", PROP_STRICT);
  if (!same_flattening(&lfc, &comp))
    return gen_failf(x, "encode (f^c) = %s but complement (encode f) %lld = %s",
                     prop_show_layout(x, 0, &lfc), (long long)n, prop_show_layout(x, 1, &comp));
  return GEN_PASS;
}

/* Lean L13 / ZH Z16: encode (g o f) = encode g o encode f for tuple
** morphisms, without Theorem B's hypothesis that f is non-degenerate (the
** flat composite of Def 2.1.7.1). */
static gen_verdict compose_agree_flat(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism g, f, gf;
  lo_layout lgf, lg, lf, comp;
  if (flat_morphism_arg(x, 0, &g) || flat_morphism_arg(x, 1, &f)) return GEN_ERROR;
  if (lo_morphism_compose(&g, &f, &gf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "morphism compose", PROP_STRICT);
  if (lo_morphism_layout(&gf, &lgf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_morphism_layout(&g, &lg, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_morphism_layout(&f, &lf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_flat_composition(&lg, &lf, &comp, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat composition L_g o L_f", PROP_STRICT);
  if (!lo_layout_equal(&lgf, &comp))
    return gen_failf(x, "encode (g o f) = %s but encode g o encode f = %s",
                     prop_show_layout(x, 0, &lgf), prop_show_layout(x, 1, &comp));
  return GEN_PASS;
}

/* Lean L4: "complement [(2,1),(3,2)] 12 = [(2,6)]" and "... 6 = []",
** over the class they generalise: for compact L (a column-major layout up
** to order) and N = k size(L), comp-flat(L, N) = (k):(size L), and ()
** when k = 1.  Checked for k = 1..4. */
static gen_verdict lean_complement_examples(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout l, c, want;
  lo_int size, n;
  lo_err e;
  if (flat_arg(x, 0, &l)) return GEN_ERROR;
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

/* Lean L4 (prose): "for a layout L mapping into [0, N), comp(L, N) is such
** that L ++ comp(L, N) is compact, and comp(L, N) is sorted and
** coalesced" -- in particular that it exists whenever cosize(L) <= N. */
static gen_verdict lean_complement_exists(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout l, c, lc, cc;
  lo_int n, cos;
  lo_err e;
  if (flat_arg(x, 0, &l) || prop_int(x, 1, &n)) return GEN_ERROR;
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

/* Lean L5 as written: for all pairs (i, j), i = j included, (s_i:d_i) <=
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

/* Lean L5: its pair-wise tractability (i = j included) agrees with Def
** 2.1.8.1. */
static gen_verdict lean_tractable_pairs(gen_ctx *x) {
  lo_layout l;
  int bi = 0, bj = 0;
  if (flat_arg(x, 0, &l)) return GEN_ERROR;
  int seed = lean_tractable_all_pairs(&l, &bi, &bj), paper = lo_is_tractable(&l);
  if (seed != paper)
    return gen_failf(x, "the pair-wise test says %s%s, Def 2.1.8.1 says %s",
                     seed ? "tractable" : "not tractable",
                     seed ? "" : (bi == bj ? " (fails at i = j)" : " (fails at i != j)"),
                     paper ? "tractable" : "not tractable");
  return GEN_PASS;
}

/* Lean L5, the design's Python is_tractable, exactly: over the modes
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

/* Lean L5 (Python reference): the i != j version agrees with Def 2.1.8.1. */
static gen_verdict lean_tractable_python(gen_ctx *x) {
  lo_layout l;
  if (flat_arg(x, 0, &l)) return GEN_ERROR;
  int seed = python_is_tractable(&l), paper = lo_is_tractable(&l);
  if (seed < 0) return GEN_DISCARD;
  if (seed != paper)
    return gen_failf(x, "is_tractable (Python) says %s, Def 2.1.8.1 says %s",
                     seed ? "true" : "false", paper ? "tractable" : "not tractable");
  return GEN_PASS;
}

/* Lean L7: a tuple morphism's map alpha "is injective on non-basepoint
** elements" (read literally: two domain entries never share an image). */
static gen_verdict lean_morphism_injective(gen_ctx *x) {
  lo_morphism f;
  if (flat_morphism_arg(x, 0, &f)) return GEN_ERROR;
  for (int i = 0; i < f.dom.len; i++)
    for (int j = i + 1; j < f.dom.len; j++)
      if (f.map[i] == f.map[j])
        return gen_failf(x, "entries %d and %d of %s both go to %s", i + 1, j + 1,
                         prop_show_morphism(x, 0, &f), f.map[i] ? "the same entry" : "*");
  return GEN_PASS;
}

/* Lean L8: a morphism of standard form has "no superfluous entries
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

/* Lean L10, correspondence, direction "->": a non-degenerate tractable
** flat layout has exactly one standard-form encoding (Def 3.1.2.12 as
** printed, without fix E1). */
static gen_verdict lean_correspondence(gen_ctx *x) {
  lo_layout l;
  if (flat_arg(x, 0, &l)) return GEN_ERROR;
  if (!lo_is_nondegenerate(&l) || !lo_is_tractable(&l)) return GEN_DISCARD;
  int n = standard_encodings(&l);
  if (n != 1)
    return gen_failf(x, "L is non-degenerate and tractable but has %s standard-form encodings",
                     n ? "two or more" : "no");
  return GEN_PASS;
}

/* Lean L10, direction "<-": a flat layout with exactly one standard-form
** encoding (here L_f of a tuple morphism f) is non-degenerate and
** tractable. */
static gen_verdict lean_correspondence_converse(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f;
  lo_layout l;
  if (flat_morphism_arg(x, 0, &f)) return GEN_ERROR;
  if (lo_morphism_layout(&f, &l, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (standard_encodings(&l) != 1) return GEN_DISCARD;
  if (!lo_is_nondegenerate(&l) || !lo_is_tractable(&l))
    return gen_failf(x, "L_f = %s has exactly one standard-form encoding but is %s",
                     prop_show_layout(x, 0, &l),
                     lo_is_nondegenerate(&l) ? "not tractable" : "degenerate");
  return GEN_PASS;
}

/* Lean L14, the realization functor's laws: |id_T| is the identity of
** [0, size T), and |g o f| = |g| o |f| (layout functions), no hypotheses. */
static gen_verdict lean_realization_functor(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism g, f, gf, id;
  lo_layout lgf, lg, lf, lid;
  lo_int size, v;
  lo_err e;
  if (prop_morphism(x, 0, &g) || prop_morphism(x, 1, &f)) return GEN_ERROR;
  if (lo_morphism_identity(&f.cod, &id) != LO_OK)
    return prop_verdict_of(x, &oe, "identity", PROP_STRICT);
  if (lo_morphism_layout(&id, &lid, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_size(&lid, &size, &e) || size > x->bounds->max_size) return GEN_DISCARD;
  for (lo_int i = 0; i < size; i++)
    if (lo_apply(&lid, i, &v, &e) || v != i)
      return gen_failf(x, "|id_T| = Phi of %s sends %lld to %lld", prop_show_layout(x, 0, &lid),
                       (long long)i, (long long)v);
  if (lo_morphism_compose(&g, &f, &gf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "morphism compose", PROP_STRICT);
  if (lo_morphism_layout(&gf, &lgf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_morphism_layout(&g, &lg, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_morphism_layout(&f, &lf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  return prop_judged(prop_is_composite(x, &lg, &lf, &lgf));
}

/* ============================================== seed 001: Chinese summary */

/* ZH Z1: rank, size and cosize of a concatenation are the sum, product
** and sum of its parts'. */
static gen_verdict zh_concat_cosize(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, b, ab;
  lo_int sa, sb, sab, ca, cb, cab;
  lo_err e;
  if (flat_arg(x, 0, &a) || flat_arg(x, 1, &b)) return GEN_ERROR;
  if (lo_flat_concat(&a, &b, &ab, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "concat", PROP_STRICT);
  if (lo_size(&a, &sa, &e) || lo_size(&b, &sb, &e) || lo_size(&ab, &sab, &e) ||
      lo_cosize(&a, &ca, &e) || lo_cosize(&b, &cb, &e) || lo_cosize(&ab, &cab, &e))
    return GEN_DISCARD;
  if (ab.shape.len != a.shape.len + b.shape.len)
    return gen_failf(x, "rank(A * B) = %d, not %d + %d", ab.shape.len, a.shape.len, b.shape.len);
  if (sab != sa * sb)
    return gen_failf(x, "size(A * B) = %lld, not %lld * %lld", (long long)sab, (long long)sa,
                     (long long)sb);
  if (cab != ca + cb)
    return gen_failf(x,
                     "cosize(A * B) = cosize(%s) = %lld, not cosize(A) + cosize(B) = %lld + %lld",
                     prop_show_layout(x, 0, &ab), (long long)cab, (long long)ca, (long long)cb);
  return GEN_PASS;
}

/* ZH (squeeze; the class of Z2's non-uniqueness example): squeeze(L) has
** the size, cosize and layout function of L. */
static gen_verdict zh_squeeze_keeps_function(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout l, s;
  lo_int cl, cs;
  lo_err e;
  if (flat_arg(x, 0, &l)) return GEN_ERROR;
  if (lo_squeeze(&l, &s, &oe) != LO_OK) return prop_verdict_of(x, &oe, "squeeze", PROP_STRICT);
  if (lo_cosize(&l, &cl, &e) || lo_cosize(&s, &cs, &e)) return GEN_DISCARD;
  if (cl != cs)
    return gen_failf(x, "cosize(squeeze L) = cosize(%s) = %lld, cosize(L) = %lld",
                     prop_show_layout(x, 0, &s), (long long)cs, (long long)cl);
  return prop_judged(prop_same_function(x, &s, &l, "squeeze(L) vs L"));
}

/* ZH Z3: a sorted flat layout is complementable iff s_i d_i | d_{i+1} for
** 1 <= i < m (no squeeze).  The paper's own Ex 2.1.6.15 (no mode of size
** other than 1 has stride 0, INDEX E5) is added to the seed's test, so
** that only the squeeze is at issue. */
static gen_verdict zh_complementable_sorted(gen_ctx *x) {
  lo_layout l;
  if (flat_arg(x, 0, &l)) return GEN_ERROR;
  if (!lo_is_sorted(&l)) return GEN_DISCARD;
  int seed = 1;
  for (int i = 0; i < l.shape.len; i++) {
    if (l.shape.leaf[i] != 1 && l.stride[i] == 0) seed = 0;
    if (i + 1 < l.shape.len && !divides(l.shape.leaf[i] * l.stride[i], l.stride[i + 1])) seed = 0;
  }
  int paper = lo_is_complementable(&l);
  if (seed != paper)
    return gen_failf(x, "the summary's test says %s, Def 2.1.6.11 (on sort(squeeze L)) says %s",
                     seed ? "complementable" : "not complementable",
                     paper ? "complementable" : "not complementable");
  return GEN_PASS;
}

/* ZH Z4: the flat composite B o A is determined by shape(R) = shape(A) and
** Phi_R = Phi_B o Phi_A (the summary drops non-degeneracy).  Tries R with
** the stride of its first size-1 mode raised by one. */
static gen_verdict zh_flat_composition_unique(gen_ctx *x) {
  lo_layout b, a, r, other;
  lo_err e;
  if (flat_arg(x, 0, &b) || flat_arg(x, 1, &a)) return GEN_ERROR;
  if (lo_flat_composition(&b, &a, &r, &e)) return undefined(x);
  other = r;
  for (int i = 0; i < r.shape.len; i++)
    if (r.shape.leaf[i] == 1) {
      other.stride[i] += 1;
      break;
    }
  if (lo_layout_equal(&r, &other)) return GEN_PASS; /* strides of size > 1 modes are fixed by Phi */
  int r2 = prop_is_composite(x, &b, &a, &other);
  if (r2 <= 0) return r2 < 0 ? GEN_DISCARD : GEN_PASS;
  return gen_failf(x, "R = %s and R' = %s both have shape(A) and Phi_B o Phi_A",
                   prop_show_layout(x, 0, &r), prop_show_layout(x, 1, &other));
}

/* Compare the value of a seed's formula with the paper's by layout
** function (a difference of layouts alone is not counted). */
static gen_verdict seed_vs_paper(gen_ctx *x, const lo_layout *seed, const lo_layout *paper,
                                 const char *op) {
  char what[96];
  snprintf(what, sizeof what, "the summary's %s vs the paper's", op);
  return prop_judged(prop_same_function(x, seed, paper, what));
}

/* ZH Z5: A (/)flat B = (comp-flat(B, size A), B) against Def 2.1.7.9. */
static gen_verdict zh_flat_divide(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, b, comp, seed, paper;
  lo_int n;
  lo_err e;
  if (flat_arg(x, 0, &a) || flat_arg(x, 1, &b)) return GEN_ERROR;
  if (lo_size(&a, &n, &e) || lo_flat_complement(&b, n, &comp, &e)) return undefined(x);
  if (lo_flat_divide(&a, &b, &paper, &e)) return undefined(x);
  if (lo_flat_concat(&comp, &b, &seed, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "concat", PROP_STRICT);
  return seed_vs_paper(x, &seed, &paper, "(comp(B, size A), B)");
}

/* ZH Z6: A (x)flat B = (A, comp-flat(A, size(A) cosize(B))) o B against
** Def 2.1.7.13 (o read as the nested composite, then flattened: E7). */
static gen_verdict zh_flat_product(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, b, comp, ac, seed, flat, paper;
  lo_int sa, cb, n;
  lo_err e;
  if (flat_arg(x, 0, &a) || flat_arg(x, 1, &b)) return GEN_ERROR;
  if (lo_size(&a, &sa, &e) || lo_cosize(&b, &cb, &e) || lo_mul(sa, cb, &n, "N", &e) ||
      lo_flat_complement(&a, n, &comp, &e) || lo_flat_product(&a, &b, &paper, &e))
    return undefined(x);
  if (lo_flat_concat(&a, &comp, &ac, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "concat", PROP_STRICT);
  if (lo_paper_composition(&ac, &b, &seed, &e))
    return gen_failf(x, "(A, comp(A, %lld)) o B = %s o B is undefined (%s); A (x) B = %s",
                     (long long)n, prop_show_layout(x, 0, &ac), e.msg,
                     prop_show_layout(x, 1, &paper));
  lo_layout_flatten(&seed, &flat);
  return seed_vs_paper(x, &flat, &paper, "(A, comp(A, size(A) cosize(B))) o B");
}

/* ZH Z7: A (/) B = (comp(B, size A), B) o A against Def 2.3.8.1. */
static gen_verdict zh_logical_divide(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, b, comp, outer, seed, paper;
  lo_int n;
  lo_err e;
  if (prop_layout(x, 0, &a) || prop_layout(x, 1, &b)) return GEN_ERROR;
  if (lo_size(&a, &n, &e) || lo_paper_complement(&b, n, &comp, &e) ||
      lo_paper_logical_divide(&a, &b, &paper, &e))
    return undefined(x);
  const lo_layout *parts[2] = {&comp, &b};
  if (lo_layout_nest(parts, 2, &outer, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "concat", PROP_STRICT);
  if (lo_paper_composition(&outer, &a, &seed, &e))
    return gen_failf(x, "(comp(B, %lld), B) o A = %s o A is undefined (%s); A (/) B = %s",
                     (long long)n, prop_show_layout(x, 0, &outer), e.msg,
                     prop_show_layout(x, 1, &paper));
  return seed_vs_paper(x, &seed, &paper, "(comp(B, size A), B) o A");
}

/* ZH Z8: A (x) B = (A, comp(A, size(A) cosize(B))) o B against Def
** 2.3.9.1 (with Obs 2.3.9.2). */
static gen_verdict zh_logical_product(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, b, comp, outer, seed, paper;
  lo_int sa, cb, n;
  lo_err e;
  if (prop_layout(x, 0, &a) || prop_layout(x, 1, &b)) return GEN_ERROR;
  if (lo_size(&a, &sa, &e) || lo_cosize(&b, &cb, &e) || lo_mul(sa, cb, &n, "N", &e) ||
      lo_paper_complement(&a, n, &comp, &e) || lo_paper_logical_product(&a, &b, &paper, &e))
    return undefined(x);
  const lo_layout *parts[2] = {&a, &comp};
  if (lo_layout_nest(parts, 2, &outer, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "concat", PROP_STRICT);
  if (lo_paper_composition(&outer, &b, &seed, &e))
    return gen_failf(x, "(A, comp(A, %lld)) o B = %s o B is undefined (%s); A (x) B = %s",
                     (long long)n, prop_show_layout(x, 0, &outer), e.msg,
                     prop_show_layout(x, 1, &paper));
  return seed_vs_paper(x, &seed, &paper, "(A, comp(A, size(A) cosize(B))) o B");
}

/* ZH Z9: L is tractable iff sort(L) is, iff filter(L) is, iff filter(L)
** is complementable (Prop 2.1.8.11 without non-degeneracy). */
static gen_verdict zh_tractable_equivalences(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout l, s, f;
  if (flat_arg(x, 0, &l)) return GEN_ERROR;
  if (lo_sort(&l, &s, &oe) != LO_OK) return prop_verdict_of(x, &oe, "sort", PROP_STRICT);
  filter_zeros(&l, &f);
  int t = lo_is_tractable(&l), ts = lo_is_tractable(&s), tf = lo_is_tractable(&f),
      cf = lo_is_complementable(&f);
  if (t != ts || t != tf || t != cf)
    return gen_failf(x,
                     "tractable: L %d, sort(L) %d, filter(L) = %s %d; filter(L) complementable %d",
                     t, ts, prop_show_layout(x, 0, &f), tf, cf);
  return GEN_PASS;
}

/* ZH Z11 (prose): "X' refines X if X is obtained by replacing each entry
** of X' by a nested tuple of the same size", i.e. X refines X' in the
** paper's sense; compared with the paper's X' ->> X (§0.12). */
static gen_verdict zh_refinement_direction(gen_ctx *x) {
  lo_tuple xp, t;
  if (prop_tuple(x, 0, &xp) || prop_tuple(x, 1, &t)) return GEN_ERROR;
  int seed = lo_refines(&t, &xp), paper = lo_refines(&xp, &t);
  if (seed != paper)
    return gen_failf(x, "the summary says X' = %s %s X = %s, the paper says it %s",
                     prop_show_tuple(x, 0, &xp), seed ? "refines" : "does not refine",
                     prop_show_tuple(x, 1, &t), paper ? "does" : "does not");
  return GEN_PASS;
}

/* ZH Z11 (its recursive clause): X' refines X iff X = size(X') (X an
** integer), or rank(X') = rank(X) and mode_i(X') refines mode_i(X) for
** every i -- without the paper's depth(X'), depth(X) > 0.  Two integers
** compare by the first clause alone (the second would recurse on them). */
static int zh_refines(const lo_tuple *xp, const lo_tuple *t) {
  lo_int size;
  lo_err e;
  if (lo_tuple_is_int(t)) {
    if (!lo_tuple_size(xp, &size, &e) && size == t->leaf[0]) return 1;
    if (lo_tuple_is_int(xp)) return 0;
  }
  int r = lo_tuple_rank(xp);
  if (r != lo_tuple_rank(t)) return 0;
  for (int i = 1; i <= r; i++) {
    lo_tuple mp, mt;
    int first;
    if (lo_tuple_mode(xp, i, &mp, &first, &e) || lo_tuple_mode(t, i, &mt, &first, &e)) return 0;
    if (!zh_refines(&mp, &mt)) return 0;
  }
  return 1;
}

/* ZH Z11: the recursive definition agrees with the paper's refinement, on
** the pair (X', X) and on the swapped pair. */
static gen_verdict zh_refinement_recursive(gen_ctx *x) {
  lo_tuple p[2];
  if (prop_tuple(x, 0, &p[0]) || prop_tuple(x, 1, &p[1])) return GEN_ERROR;
  for (int k = 0; k < 2; k++) {
    const lo_tuple *xp = &p[k], *t = &p[1 - k];
    int seed = zh_refines(xp, t), paper = lo_refines(xp, t);
    if (seed != paper)
      return gen_failf(x, "the summary's recursion says %s %s %s, the paper says it %s",
                       prop_show_tuple(x, 0, xp), seed ? "refines" : "does not refine",
                       prop_show_tuple(x, 1, t), paper ? "does" : "does not");
  }
  return GEN_PASS;
}

/* ZH Z12: L is coalesced iff it has depth 0, or depth 1 and is
** flat-coalesced -- against Def 2.3.3.1. */
static gen_verdict zh_coalesced_definition(gen_ctx *x) {
  lo_layout l;
  if (prop_layout(x, 0, &l)) return GEN_ERROR;
  int depth = lo_tuple_depth(&l.shape);
  int seed = depth == 0 || (depth == 1 && lo_is_flat_coalesced(&l));
  int paper = lo_is_coalesced(&l);
  if (seed != paper)
    return gen_failf(x, "the summary's definition says %s (depth %d), Def 2.3.3.1 says %s",
                     seed ? "coalesced" : "not coalesced", depth,
                     paper ? "coalesced" : "not coalesced");
  return GEN_PASS;
}

/* ZH Z14: L_{f_L} = sort(squeeze(filter(L))) for a tractable flat layout
** (Lemma 3.1.2.9 says L_{f_L} = L). */
static gen_verdict zh_layout_of_morphism(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout l, back, f, q, s;
  lo_morphism m;
  if (flat_arg(x, 0, &l)) return GEN_ERROR;
  if (lo_morphism_of_layout(&l, &m, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "morphism", PROP_STRICT);
  if (lo_morphism_layout(&m, &back, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  filter_zeros(&l, &f);
  if (lo_squeeze(&f, &q, &oe) != LO_OK) return prop_verdict_of(x, &oe, "squeeze", PROP_STRICT);
  if (lo_sort(&q, &s, &oe) != LO_OK) return prop_verdict_of(x, &oe, "sort", PROP_STRICT);
  if (!same_flattening(&back, &s))
    return gen_failf(x, "L_{f_L} = %s (f_L = %s) but sort(squeeze(filter L)) = %s",
                     prop_show_layout(x, 0, &back), prop_show_morphism(x, 1, &m),
                     prop_show_layout(x, 2, &s));
  return GEN_PASS;
}

/* ZH Z18: L(f (/)flat g) = L_f (/)flat L_g for tuple morphisms (Prop
** 3.1.5.56 has coal-flat on both sides). */
static gen_verdict zh_flat_divide_agree(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, g, q;
  lo_layout lq, lf, lg, d;
  if (flat_morphism_arg(x, 0, &f) || flat_morphism_arg(x, 1, &g)) return GEN_ERROR;
  if (lo_morphism_flat_divide(&f, &g, &q, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "morphism flat divide", PROP_STRICT);
  if (lo_morphism_layout(&q, &lq, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_morphism_layout(&f, &lf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_morphism_layout(&g, &lg, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_flat_divide(&lf, &lg, &d, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat divide", PROP_STRICT);
  if (!same_flattening(&lq, &d))
    return gen_failf(x, "L(f / g) = %s but L_f / L_g = %s", prop_show_layout(x, 0, &lq),
                     prop_show_layout(x, 1, &d));
  return GEN_PASS;
}

/* ZH Z20: L(f^c) = coal(comp(L_f, size T)) for injective Nest morphisms
** (Theorem D has coal on the other side). */
static gen_verdict zh_complement_nest(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, fc;
  lo_layout lfc, lf, comp, ccomp;
  lo_int n;
  if (prop_morphism(x, 0, &f)) return GEN_ERROR;
  if (lo_morphism_complement(&f, &fc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "morphism complement", PROP_STRICT);
  if (lo_morphism_layout(&fc, &lfc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_morphism_layout(&f, &lf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_tuple_size(&f.cod, &n, &oe) != LO_OK) return prop_verdict_of(x, &oe, "size", PROP_STRICT);
  if (lo_paper_complement(&lf, n, &comp, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "paper complement", PROP_STRICT);
  if (lo_coalesce(&comp, &ccomp, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "coalesce", PROP_STRICT);
  if (!lo_layout_equal(&lfc, &ccomp))
    return gen_failf(x, "L(f^c) = %s but coal(comp(L_f, %lld)) = %s", prop_show_layout(x, 0, &lfc),
                     (long long)n, prop_show_layout(x, 1, &ccomp));
  return GEN_PASS;
}

/* ZH Z21: L(f (/) g) = L_f (/) L_g for Nest morphisms (Theorem E has coal
** on both sides). */
static gen_verdict zh_logical_divide_agree(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, g, q;
  lo_layout lq, lf, lg, d;
  if (prop_morphism(x, 0, &f) || prop_morphism(x, 1, &g)) return GEN_ERROR;
  if (lo_morphism_logical_divide(&f, &g, &q, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "morphism divide", PROP_STRICT);
  if (lo_morphism_layout(&q, &lq, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_morphism_layout(&f, &lf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_morphism_layout(&g, &lg, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_paper_logical_divide(&lf, &lg, &d, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "paper divide", PROP_STRICT);
  if (!lo_layout_equal(&lq, &d))
    return gen_failf(x, "L(f / g) = %s but L_f / L_g = %s", prop_show_layout(x, 0, &lq),
                     prop_show_layout(x, 1, &d));
  return GEN_PASS;
}

/* ZH Z23: "if (T, U) has no mutual refinement, B o A cannot be formed",
** for the codomain T of f_A and the domain U of f_coal(B) (Algorithm
** 4.1.2, step 3), against Def 2.3.7.1. */
static gen_verdict zh_no_refinement_no_composite(gen_ctx *x) {
  lo_layout b, a, cb, r;
  lo_morphism f, g;
  lo_tuple tp, up;
  lo_err e;
  if (prop_layout(x, 0, &b) || prop_layout(x, 1, &a)) return GEN_ERROR;
  if (!lo_is_tractable(&a) || lo_coalesce(&b, &cb, &e) || !lo_is_tractable(&cb) ||
      lo_morphism_of_layout(&a, &f, &e) || lo_morphism_of_layout(&cb, &g, &e))
    return GEN_DISCARD;
  if (!lo_mutual_refinement(&f.cod, &g.dom, &tp, &up, &e)) return GEN_DISCARD;
  if (!lo_paper_composition(&b, &a, &r, &e))
    return gen_failf(x, "T = %s and U = %s have no mutual refinement, yet B o A = %s",
                     prop_show_tuple(x, 0, &f.cod), prop_show_tuple(x, 1, &g.dom),
                     prop_show_layout(x, 2, &r));
  return GEN_PASS;
}

/* ---------------------------------------------------------------- table */

#define SEED0 "seed 000 (Lean design), "
#define SEED1 "seed 001 (Chinese summary), "
#define SEED3 "seed 003 (coalescence rewriting), "

const gen_property prop_seeds_table[] = {
    /* seed 000: the Lean 4 design document */
    {"lean.coalesce_idempotent", "coalesce (coalesce L) = coalesce L (flat layouts)",
     SEED0 "coalesce_idempotent; INDEX §7 L14", GEN_CONJECTURE, "flat_layout", "flat_coalesce",
     lean_coalesce_idempotent, NULL},
    {"lean.coalesce_keeps_tractable", "isTractable L -> isTractable (coalesce L)",
     SEED0 "Level 2 property test; INDEX §7 L14", GEN_CONJECTURE, "tractable", "flat_coalesce",
     lean_coalesce_keeps_tractable, NULL},
    {"lean.compose_assoc_flat",
     "compose (compose A B) C = compose A (compose B C) (flat composite)",
     SEED0 "compose_assoc (FlatLayout); INDEX §7 L2", GEN_CONJECTURE,
     "composable_layouts tractable", "flat_composition", lean_compose_assoc_flat, NULL},
    {"lean.compose_assoc_nested",
     "compose (compose A B) C = compose A (compose B C) (nested composite, as layouts)",
     SEED0 "compose_assoc; INDEX §7 L2", GEN_CONJECTURE, "composable_layouts tractable",
     "paper_composition", lean_compose_assoc_nested, NULL},
    {"lean.coalesce_agree", "encodeLayout (coalesceMorphism f) = coalesce (encodeLayout f)",
     SEED0 "coalesce_agree; INDEX §7 L14", GEN_CONJECTURE, "tuple_morphism", "coalesce",
     lean_coalesce_agree, NULL},
    {"lean.complement_agree",
     "encodeLayout (complementMorphism f N) = complement (encodeLayout f) N (N = size T)",
     SEED0 "complement_agree; INDEX §7 L12", GEN_CONJECTURE, "injective_morphism", "complement",
     complement_agree_flat, NULL},
    {"lean.compose_agree",
     "encodeLayout (composeMorphism f g) = compose (encodeLayout f) (encodeLayout g)",
     SEED0 "compose_agree; INDEX §7 L13", GEN_CONJECTURE, "composable", "composition",
     compose_agree_flat, NULL},
    {"lean.complement_examples",
     "complement [(2,1),(3,2)] 12 = [(2,6)] and ... 6 = []: comp(L, k size L) = (k):(size L)",
     SEED0 "complement examples; INDEX §7 L4", GEN_CONJECTURE, "compact", "flat_complement",
     lean_complement_examples, NULL},
    {"lean.complement_exists",
     "for L mapping into [0,N), comp(L,N) exists, L ++ comp(L,N) is compact, comp sorted, "
     "coalesced",
     SEED0 "Core Operations, Complement; INDEX §7 L4", GEN_CONJECTURE, "complementable",
     "flat_complement", lean_complement_exists, NULL},
    {"lean.tractable_pairs",
     "tractable iff for all (i,j): s_i:d_i <= s_j:d_j, d_i != 0, d_j != 0 -> s_i d_i | d_j",
     SEED0 "Tractable Layouts; INDEX §7 L5", GEN_CONJECTURE, "flat_layout", "is_tractable",
     lean_tractable_pairs, NULL},
    {"lean.tractable_python", "the Python is_tractable (i != j) agrees with Def 2.1.8.1",
     SEED0 "Python is_tractable; INDEX §7 L5", GEN_CONJECTURE, "flat_layout", "is_tractable",
     lean_tractable_python, NULL},
    {"lean.morphism_injective", "a tuple morphism's map is injective on non-basepoint elements",
     SEED0 "Category Tuple, condition 2; INDEX §7 L7", GEN_CONJECTURE, "tuple_morphism",
     "is_valid_morphism", lean_morphism_injective, NULL},
    {"lean.standard_form_all_hit", "a morphism of standard form has no entries not hit by it",
     SEED0 "Standard Form; INDEX §7 L8", GEN_CONJECTURE, "standard_morphism", "is_standard_form",
     lean_standard_form_all_hit, NULL},
    {"lean.correspondence",
     "NonDegenerate L and Tractable L -> exists unique f, StandardForm f and encode f = L",
     SEED0 "correspondence (->); INDEX §7 L10", GEN_CONJECTURE, "nondegenerate", "morphism",
     lean_correspondence, NULL},
    {"lean.correspondence_converse",
     "exists unique f, StandardForm f and encode f = L -> NonDegenerate L and Tractable L",
     SEED0 "correspondence (<-); INDEX §7 L10", GEN_CONJECTURE, "tuple_morphism", "layout",
     lean_correspondence_converse, NULL},
    {"lean.realization_functor", "|id| = id and |g o f| = |g| o |f| (layout functions)",
     SEED0 "realization_preserves_id, realization_preserves_comp; INDEX §7 L14", GEN_CONJECTURE,
     "composable", "composition", lean_realization_functor, NULL},

    /* seed 001: the Chinese summary */
    {"zh.concat_cosize", "rank, size, cosize of A * B are the sum, product, sum of A's and B's",
     SEED1 "concatenation; INDEX §7 Z1", GEN_CONJECTURE, "flat_layout flat_layout", "flat_concat",
     zh_concat_cosize, NULL},
    {"zh.squeeze_keeps_function", "squeeze(L) has the size, cosize and Phi of L",
     SEED1 "squeeze; INDEX §7 Z2", GEN_CONJECTURE, "flat_layout", "squeeze",
     zh_squeeze_keeps_function, NULL},
    {"zh.complementable_sorted", "a sorted L is complementable iff s_i d_i | d_{i+1} (no squeeze)",
     SEED1 "complementability; INDEX §7 Z3, E5", GEN_CONJECTURE, "sorted", "is_complementable",
     zh_complementable_sorted, NULL},
    {"zh.flat_composition_unique",
     "shape(R) = shape(A) and Phi_R = Phi_B o Phi_A determine the flat composite R = B o A",
     SEED1 "flat composition; INDEX §7 Z4", GEN_CONJECTURE, "composable_layouts",
     "flat_composition", zh_flat_composition_unique, NULL},
    {"zh.flat_divide", "A (/)flat B = (comp-flat(B, size A), B)",
     SEED1 "flat division; INDEX §7 Z5", GEN_CONJECTURE, "divide_layouts", "flat_divide",
     zh_flat_divide, NULL},
    {"zh.flat_product", "A (x)flat B = (A, comp-flat(A, size(A) cosize(B))) o B",
     SEED1 "flat product; INDEX §7 Z6", GEN_CONJECTURE, "product_layouts", "flat_product",
     zh_flat_product, NULL},
    {"zh.logical_divide", "A (/) B = (comp(B, size A), B) o A",
     SEED1 "logical division; INDEX §7 Z7", GEN_CONJECTURE, "divide_layouts",
     "paper_logical_divide", zh_logical_divide, NULL},
    {"zh.logical_product", "A (x) B = (A, comp(A, size(A) cosize(B))) o B",
     SEED1 "logical product; INDEX §7 Z8", GEN_CONJECTURE, "product_layouts",
     "paper_logical_product", zh_logical_product, NULL},
    {"zh.tractable_equivalences",
     "L tractable iff sort(L) is, iff filter(L) is, iff filter(L) is complementable",
     SEED1 "tractable flat layouts; INDEX §7 Z9, E6", GEN_CONJECTURE, "flat_layout", "is_tractable",
     zh_tractable_equivalences, NULL},
    {"zh.refinement_direction",
     "X' refines X iff X comes from X' by replacing each entry by a tuple of its size",
     SEED1 "refinement; INDEX §7 Z11", GEN_CONJECTURE, "refinement", "refines",
     zh_refinement_direction, NULL},
    {"zh.refinement_recursive",
     "X' refines X iff X = size(X') or ranks agree and mode_i(X') refines mode_i(X)",
     SEED1 "refinement; INDEX §7 Z11", GEN_CONJECTURE, "refinement", "refines",
     zh_refinement_recursive, NULL},
    {"zh.coalesced_definition", "L is coalesced iff depth 0, or depth 1 and flat-coalesced",
     SEED1 "coalesce; INDEX §7 Z12", GEN_CONJECTURE, "layout", "is_coalesced",
     zh_coalesced_definition, NULL},
    {"zh.layout_of_morphism", "L_{f_L} = sort(squeeze(filter(L))) for tractable L",
     SEED1 "layouts to morphisms; INDEX §7 Z14", GEN_CONJECTURE, "nondegenerate", "morphism",
     zh_layout_of_morphism, NULL},
    {"zh.compose_agree", "L(g o f) = L_g o L_f for tuple morphisms",
     SEED1 "realization functor; INDEX §7 Z16", GEN_CONJECTURE, "composable", "composition",
     compose_agree_flat, NULL},
    {"zh.complement_agree", "L(f^c) = comp-flat(L_f, size T) for injective f",
     SEED1 "tuple morphism complement; INDEX §7 Z17", GEN_CONJECTURE, "injective_morphism",
     "complement", complement_agree_flat, NULL},
    {"zh.flat_divide_agree", "L(f (/)flat g) = L_f (/)flat L_g",
     SEED1 "tuple morphism flat division; INDEX §7 Z18", GEN_CONJECTURE, "divisible", "flat_divide",
     zh_flat_divide_agree, NULL},
    {"zh.complement_nest", "L(f^c) = coal(comp(L_f, size T)) for injective Nest morphisms",
     SEED1 "Nest complement; INDEX §7 Z20", GEN_CONJECTURE, "injective_morphism", "complement",
     zh_complement_nest, NULL},
    {"zh.logical_divide_agree", "L(f (/) g) = L_f (/) L_g for Nest morphisms",
     SEED1 "Nest logical division; INDEX §7 Z21", GEN_CONJECTURE, "divisible", "logical_divide",
     zh_logical_divide_agree, NULL},
    {"zh.no_refinement_no_composite",
     "when (T, U) has no mutual refinement, the composite B o A cannot be formed",
     SEED1 "computation, Algorithm 4.1.2; INDEX §7 Z23, §4 D10", GEN_CONJECTURE,
     "tractable tractable", "paper_composition", zh_no_refinement_no_composite, NULL},

    /* seed 003: coalescence as a rewriting system */
    {"rewrite.right_unit", "(M,1):(d,s) -> (M):(d), where tryCoalesce applies it, keeps Phi",
     SEED3 "right unit law", GEN_CONJECTURE, "packed_layout", "coalesce", rewrite_right_unit, NULL},
    {"rewrite.left_unit", "(1,M):(d,s) -> (M):(s), where tryCoalesce applies it, keeps Phi",
     SEED3 "left unit law", GEN_CONJECTURE, "packed_layout", "coalesce", rewrite_left_unit, NULL},
    {"rewrite.packed_merge",
     "(M1,M2):(d1,d2) -> (M1 M2):(d1) when M1 d1 = d2, where tryCoalesce applies it, keeps Phi",
     SEED3 "packed merge, packedMerge_sound", GEN_CONJECTURE, "packed_layout", "coalesce",
     rewrite_packed_merge, NULL},
    {"rewrite.terminates", "each tryCoalesce step removes a mode: normal form within rank-1 steps",
     SEED3 "coalesce_terminates", GEN_CONJECTURE, "packed_layout", "coalesce", rewrite_terminates,
     NULL},
    {"rewrite.normal_form", "the rewriting's normal form is the canonical form, CuTe's coalesce",
     SEED3 "normal form", GEN_CONJECTURE, "packed_layout", "coalesce", rewrite_normal_form, NULL},
};
const int prop_seeds_count = (int)(sizeof prop_seeds_table / sizeof prop_seeds_table[0]);
