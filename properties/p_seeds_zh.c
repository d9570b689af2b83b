/*
** p_seeds_zh.c -- the seed statements of the Chinese summary (seed 001) and
** of coalescence rewriting (seed 003) as properties.  The Lean-design seed
** (000) stays in p_seeds.c; what both use is in p_seeds.h.
*/
#include "properties.h"
#include "p_seeds.h"

#include <stdio.h>
#include <string.h>

#define SEED1 "seed 001 (Chinese summary), "
#define SEED3 "seed 003 (coalescence rewriting), "

static const char *const rw_rule_names[] = {"none", "left unit (1,M):(d,s) -> (M):(s)",
                                            "right unit (M,1):(d,s) -> (M):(d)",
                                            "packed merge (M1,M2):(d1,M1 d1) -> (M1 M2):(d1)"};

typedef enum { RW_NONE, RW_LEFT_UNIT, RW_RIGHT_UNIT, RW_MERGE } rw_rule;

/* a * b == c, without overflow (a, b, c non-negative). */
static int product_is(lo_int a, lo_int b, lo_int c) {
  if (a == 0 || b == 0) return c == 0;
  return b <= c / a && a * b == c;
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
    if (p_seeds_flat_arg(x, a, &cur)) return GEN_ERROR;
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
  if (p_seeds_flat_arg(x, 0, &cur)) return GEN_ERROR;
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
  if (p_seeds_flat_arg(x, 0, &l)) return GEN_ERROR;
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

/* ZH summary: rank, size and cosize of a concatenation are the sum, product
** and sum of its parts'. */
static gen_verdict zh_concat_cosize(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, b, ab;
  lo_int sa, sb, sab, ca, cb, cab;
  lo_err e;
  if (p_seeds_flat_arg(x, 0, &a) || p_seeds_flat_arg(x, 1, &b)) return GEN_ERROR;
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
  if (p_seeds_flat_arg(x, 0, &l)) return GEN_ERROR;
  if (lo_squeeze(&l, &s, &oe) != LO_OK) return prop_verdict_of(x, &oe, "squeeze", PROP_STRICT);
  if (lo_cosize(&l, &cl, &e) || lo_cosize(&s, &cs, &e)) return GEN_DISCARD;
  if (cl != cs)
    return gen_failf(x, "cosize(squeeze L) = cosize(%s) = %lld, cosize(L) = %lld",
                     prop_show_layout(x, 0, &s), (long long)cs, (long long)cl);
  return prop_judged(prop_same_function(x, &s, &l, "squeeze(L) vs L"));
}

/* ZH summary: a sorted flat layout is complementable iff s_i d_i | d_{i+1} for
** 1 <= i < m (no squeeze).  The paper's own Ex 2.1.6.15 (no mode of size
** other than 1 has stride 0; Def 2.1.6.11 omits it) is added to the seed's test, so
** that only the squeeze is at issue. */
static gen_verdict zh_complementable_sorted(gen_ctx *x) {
  lo_layout l;
  if (p_seeds_flat_arg(x, 0, &l)) return GEN_ERROR;
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

/* ZH summary: the flat composite B o A is determined by shape(R) = shape(A) and
** Phi_R = Phi_B o Phi_A (the summary drops non-degeneracy).  Tries R with
** the stride of its first size-1 mode raised by one. */
static gen_verdict zh_flat_composition_unique(gen_ctx *x) {
  lo_layout b, a, r, other;
  lo_err e;
  if (p_seeds_flat_arg(x, 0, &b) || p_seeds_flat_arg(x, 1, &a)) return GEN_ERROR;
  if (lo_flat_composition(&b, &a, &r, &e)) return p_seeds_undefined(x);
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

/* ZH summary: A (/)flat B = (comp-flat(B, size A), B) against Def 2.1.7.9. */
static gen_verdict zh_flat_divide(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, b, comp, seed, paper;
  lo_int n;
  lo_err e;
  if (p_seeds_flat_arg(x, 0, &a) || p_seeds_flat_arg(x, 1, &b)) return GEN_ERROR;
  if (lo_size(&a, &n, &e) || lo_flat_complement(&b, n, &comp, &e)) return p_seeds_undefined(x);
  if (lo_flat_divide(&a, &b, &paper, &e)) return p_seeds_undefined(x);
  if (lo_flat_concat(&comp, &b, &seed, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "concat", PROP_STRICT);
  return seed_vs_paper(x, &seed, &paper, "(comp(B, size A), B)");
}

/* ZH summary: A (x)flat B = (A, comp-flat(A, size(A) cosize(B))) o B against
** Def 2.1.7.13 (o read as the nested composite, then flattened). */
static gen_verdict zh_flat_product(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, b, comp, ac, seed, flat, paper;
  lo_int sa, cb, n;
  lo_err e;
  if (p_seeds_flat_arg(x, 0, &a) || p_seeds_flat_arg(x, 1, &b)) return GEN_ERROR;
  if (lo_size(&a, &sa, &e) || lo_cosize(&b, &cb, &e) || lo_mul(sa, cb, &n, "N", &e) ||
      lo_flat_complement(&a, n, &comp, &e) || lo_flat_product(&a, &b, &paper, &e))
    return p_seeds_undefined(x);
  if (lo_flat_concat(&a, &comp, &ac, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "concat", PROP_STRICT);
  if (lo_paper_composition(&ac, &b, &seed, &e))
    return gen_failf(x, "(A, comp(A, %lld)) o B = %s o B is undefined (%s); A (x) B = %s",
                     (long long)n, prop_show_layout(x, 0, &ac), e.msg,
                     prop_show_layout(x, 1, &paper));
  lo_layout_flatten(&seed, &flat);
  return seed_vs_paper(x, &flat, &paper, "(A, comp(A, size(A) cosize(B))) o B");
}

/* ZH summary: A (/) B = (comp(B, size A), B) o A against Def 2.3.8.1. */
static gen_verdict zh_logical_divide(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, b, comp, outer, seed, paper;
  lo_int n;
  lo_err e;
  if (prop_layout(x, 0, &a) || prop_layout(x, 1, &b)) return GEN_ERROR;
  if (lo_size(&a, &n, &e) || lo_paper_complement(&b, n, &comp, &e) ||
      lo_paper_logical_divide(&a, &b, &paper, &e))
    return p_seeds_undefined(x);
  const lo_layout *parts[2] = {&comp, &b};
  if (lo_layout_nest(parts, 2, &outer, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "concat", PROP_STRICT);
  if (lo_paper_composition(&outer, &a, &seed, &e))
    return gen_failf(x, "(comp(B, %lld), B) o A = %s o A is undefined (%s); A (/) B = %s",
                     (long long)n, prop_show_layout(x, 0, &outer), e.msg,
                     prop_show_layout(x, 1, &paper));
  return seed_vs_paper(x, &seed, &paper, "(comp(B, size A), B) o A");
}

/* ZH summary: A (x) B = (A, comp(A, size(A) cosize(B))) o B against Def
** 2.3.9.1 (with Obs 2.3.9.2). */
static gen_verdict zh_logical_product(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, b, comp, outer, seed, paper;
  lo_int sa, cb, n;
  lo_err e;
  if (prop_layout(x, 0, &a) || prop_layout(x, 1, &b)) return GEN_ERROR;
  if (lo_size(&a, &sa, &e) || lo_cosize(&b, &cb, &e) || lo_mul(sa, cb, &n, "N", &e) ||
      lo_paper_complement(&a, n, &comp, &e) || lo_paper_logical_product(&a, &b, &paper, &e))
    return p_seeds_undefined(x);
  const lo_layout *parts[2] = {&a, &comp};
  if (lo_layout_nest(parts, 2, &outer, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "concat", PROP_STRICT);
  if (lo_paper_composition(&outer, &b, &seed, &e))
    return gen_failf(x, "(A, comp(A, %lld)) o B = %s o B is undefined (%s); A (x) B = %s",
                     (long long)n, prop_show_layout(x, 0, &outer), e.msg,
                     prop_show_layout(x, 1, &paper));
  return seed_vs_paper(x, &seed, &paper, "(A, comp(A, size(A) cosize(B))) o B");
}

/* ZH summary: L is tractable iff sort(L) is, iff filter(L) is, iff filter(L)
** is complementable (Prop 2.1.8.11 without non-degeneracy). */
static gen_verdict zh_tractable_equivalences(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout l, s, f;
  if (p_seeds_flat_arg(x, 0, &l)) return GEN_ERROR;
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

/* ZH summary (prose): "X' refines X if X is obtained by replacing each entry
** of X' by a nested tuple of the same size", i.e. X refines X' in the
** paper's sense; compared with the paper's X' ->> X (section 2.2.4). */
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

/* ZH summary (its recursive clause): X' refines X iff X = size(X') (X an
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

/* ZH summary: the recursive definition agrees with the paper's refinement, on
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

/* ZH summary: L is coalesced iff it has depth 0, or depth 1 and is
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

/* ZH summary: L_{f_L} = sort(squeeze(filter(L))) for a tractable flat layout
** (Lemma 3.1.2.9 says L_{f_L} = L). */
static gen_verdict zh_layout_of_morphism(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout l, back, f, q, s;
  lo_morphism m;
  if (p_seeds_flat_arg(x, 0, &l)) return GEN_ERROR;
  if (lo_morphism_of_layout(&l, &m, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "morphism", PROP_STRICT);
  if (lo_morphism_layout(&m, &back, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  filter_zeros(&l, &f);
  if (lo_squeeze(&f, &q, &oe) != LO_OK) return prop_verdict_of(x, &oe, "squeeze", PROP_STRICT);
  if (lo_sort(&q, &s, &oe) != LO_OK) return prop_verdict_of(x, &oe, "sort", PROP_STRICT);
  if (!p_seeds_same_flattening(&back, &s))
    return gen_failf(x, "L_{f_L} = %s (f_L = %s) but sort(squeeze(filter L)) = %s",
                     prop_show_layout(x, 0, &back), prop_show_morphism(x, 1, &m),
                     prop_show_layout(x, 2, &s));
  return GEN_PASS;
}

/* ZH summary: L(f (/)flat g) = L_f (/)flat L_g for tuple morphisms (Prop
** 3.1.5.56 has coal-flat on both sides). */
static gen_verdict zh_flat_divide_agree(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, g, q;
  lo_layout lq, lf, lg, d;
  if (p_seeds_flat_morphism_arg(x, 0, &f) || p_seeds_flat_morphism_arg(x, 1, &g)) return GEN_ERROR;
  if (lo_morphism_flat_divide(&f, &g, &q, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "morphism flat divide", PROP_STRICT);
  if (lo_morphism_layout(&q, &lq, &oe) != LO_OK || lo_morphism_layout(&f, &lf, &oe) != LO_OK ||
      lo_morphism_layout(&g, &lg, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_flat_divide(&lf, &lg, &d, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat divide", PROP_STRICT);
  if (!p_seeds_same_flattening(&lq, &d))
    return gen_failf(x, "L(f / g) = %s but L_f / L_g = %s", prop_show_layout(x, 0, &lq),
                     prop_show_layout(x, 1, &d));
  return GEN_PASS;
}

/* ZH summary: L(f^c) = coal(comp(L_f, size T)) for injective Nest morphisms
** (Theorem D has coal on the other side). */
static gen_verdict zh_complement_nest(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, fc;
  lo_layout lfc, lf, comp, ccomp;
  lo_int n;
  if (prop_morphism(x, 0, &f)) return GEN_ERROR;
  if (lo_morphism_complement(&f, &fc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "morphism complement", PROP_STRICT);
  if (lo_morphism_layout(&fc, &lfc, &oe) != LO_OK || lo_morphism_layout(&f, &lf, &oe) != LO_OK)
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

/* ZH summary: L(f (/) g) = L_f (/) L_g for Nest morphisms (Theorem E has coal
** on both sides). */
static gen_verdict zh_logical_divide_agree(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, g, q;
  lo_layout lq, lf, lg, d;
  if (prop_morphism(x, 0, &f) || prop_morphism(x, 1, &g)) return GEN_ERROR;
  if (lo_morphism_logical_divide(&f, &g, &q, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "morphism divide", PROP_STRICT);
  if (lo_morphism_layout(&q, &lq, &oe) != LO_OK || lo_morphism_layout(&f, &lf, &oe) != LO_OK ||
      lo_morphism_layout(&g, &lg, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_paper_logical_divide(&lf, &lg, &d, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "paper divide", PROP_STRICT);
  if (!lo_layout_equal(&lq, &d))
    return gen_failf(x, "L(f / g) = %s but L_f / L_g = %s", prop_show_layout(x, 0, &lq),
                     prop_show_layout(x, 1, &d));
  return GEN_PASS;
}

/* ZH summary: "if (T, U) has no mutual refinement, B o A cannot be formed",
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

const gen_property prop_seeds_zh_table[] = {
    {"zh.concat_cosize", "rank, size, cosize of A * B are the sum, product, sum of A's and B's",
     SEED1 "concatenation", GEN_CONJECTURE, "flat_layout flat_layout", "flat_concat",
     zh_concat_cosize, NULL, NULL, 0},
    {"zh.squeeze_keeps_function", "squeeze(L) has the size, cosize and Phi of L", SEED1 "squeeze",
     GEN_CONJECTURE, "flat_layout", "squeeze", zh_squeeze_keeps_function, NULL, NULL, 0},
    {"zh.complementable_sorted", "a sorted L is complementable iff s_i d_i | d_{i+1} (no squeeze)",
     SEED1 "complementability; Def 2.1.6.11 needs d_1 > 0", GEN_CONJECTURE, "sorted",
     "is_complementable", zh_complementable_sorted, NULL, NULL, 0},
    {"zh.flat_composition_unique",
     "shape(R) = shape(A) and Phi_R = Phi_B o Phi_A determine the flat composite R = B o A",
     SEED1 "flat composition", GEN_CONJECTURE, "composable_layouts", "flat_composition",
     zh_flat_composition_unique, NULL, NULL, 0},
    {"zh.flat_divide", "A (/)flat B = (comp-flat(B, size A), B)", SEED1 "flat division",
     GEN_CONJECTURE, "divide_layouts", "flat_divide", zh_flat_divide, NULL, NULL, 0},
    {"zh.flat_product", "A (x)flat B = (A, comp-flat(A, size(A) cosize(B))) o B",
     SEED1 "flat product", GEN_CONJECTURE, "product_layouts", "flat_product", zh_flat_product, NULL,
     NULL, 0},
    {"zh.logical_divide", "A (/) B = (comp(B, size A), B) o A", SEED1 "logical division",
     GEN_CONJECTURE, "divide_layouts", "paper_logical_divide", zh_logical_divide, NULL, NULL, 0},
    {"zh.logical_product", "A (x) B = (A, comp(A, size(A) cosize(B))) o B", SEED1 "logical product",
     GEN_CONJECTURE, "product_layouts", "paper_logical_product", zh_logical_product, NULL, NULL, 0},
    {"zh.tractable_equivalences",
     "L tractable iff sort(L) is, iff filter(L) is, iff filter(L) is complementable",
     SEED1 "tractable flat layouts; Prop 2.1.8.11 needs L non-degenerate", GEN_CONJECTURE,
     "flat_layout", "is_tractable", zh_tractable_equivalences, NULL, NULL, 0},
    {"zh.refinement_direction",
     "X' refines X iff X comes from X' by replacing each entry by a tuple of its size",
     SEED1 "refinement", GEN_CONJECTURE, "refinement", "refines", zh_refinement_direction, NULL,
     NULL, 0},
    {"zh.refinement_recursive",
     "X' refines X iff X = size(X') or ranks agree and mode_i(X') refines mode_i(X)",
     SEED1 "refinement", GEN_CONJECTURE, "refinement", "refines", zh_refinement_recursive, NULL,
     NULL, 0},
    {"zh.coalesced_definition", "L is coalesced iff depth 0, or depth 1 and flat-coalesced",
     SEED1 "coalesce", GEN_CONJECTURE, "layout", "is_coalesced", zh_coalesced_definition, NULL,
     NULL, 0},
    {"zh.layout_of_morphism", "L_{f_L} = sort(squeeze(filter(L))) for tractable L",
     SEED1 "layouts to morphisms", GEN_CONJECTURE, "nondegenerate", "morphism",
     zh_layout_of_morphism, NULL, NULL, 0},
    {"zh.compose_agree", "L(g o f) = L_g o L_f for tuple morphisms", SEED1 "realization functor",
     GEN_CONJECTURE, "composable", "composition", p_seeds_compose_agree_flat, NULL, NULL, 0},
    {"zh.complement_agree", "L(f^c) = comp-flat(L_f, size T) for injective f",
     SEED1 "tuple morphism complement", GEN_CONJECTURE, "injective_morphism", "complement",
     p_seeds_complement_agree_flat, NULL, NULL, 0},
    {"zh.flat_divide_agree", "L(f (/)flat g) = L_f (/)flat L_g",
     SEED1 "tuple morphism flat division", GEN_CONJECTURE, "divisible", "flat_divide",
     zh_flat_divide_agree, NULL, NULL, 0},
    {"zh.complement_nest", "L(f^c) = coal(comp(L_f, size T)) for injective Nest morphisms",
     SEED1 "Nest complement", GEN_CONJECTURE, "injective_morphism", "complement",
     zh_complement_nest, NULL, NULL, 0},
    {"zh.logical_divide_agree", "L(f (/) g) = L_f (/) L_g for Nest morphisms",
     SEED1 "Nest logical division", GEN_CONJECTURE, "divisible", "logical_divide",
     zh_logical_divide_agree, NULL, NULL, 0},
    {"zh.no_refinement_no_composite",
     "when (T, U) has no mutual refinement, the composite B o A cannot be formed",
     SEED1 "computation, Algorithm 4.1.2; Algorithm 4.1.2 may answer None where B o A exists",
     GEN_CONJECTURE, "tractable tractable", "paper_composition", zh_no_refinement_no_composite,
     NULL, NULL, 0},

    /* seed 003: coalescence as a rewriting system */
    {"rewrite.right_unit", "(M,1):(d,s) -> (M):(d), where tryCoalesce applies it, keeps Phi",
     SEED3 "right unit law", GEN_CONJECTURE, "packed_layout", "coalesce", rewrite_right_unit, NULL,
     NULL, 0},
    {"rewrite.left_unit", "(1,M):(d,s) -> (M):(s), where tryCoalesce applies it, keeps Phi",
     SEED3 "left unit law", GEN_CONJECTURE, "packed_layout", "coalesce", rewrite_left_unit, NULL,
     NULL, 0},
    {"rewrite.packed_merge",
     "(M1,M2):(d1,d2) -> (M1 M2):(d1) when M1 d1 = d2, where tryCoalesce applies it, keeps Phi",
     SEED3 "packed merge, packedMerge_sound", GEN_CONJECTURE, "packed_layout", "coalesce",
     rewrite_packed_merge, NULL, NULL, 0},
    {"rewrite.terminates", "each tryCoalesce step removes a mode: normal form within rank-1 steps",
     SEED3 "coalesce_terminates", GEN_CONJECTURE, "packed_layout", "coalesce", rewrite_terminates,
     NULL, NULL, 0},
    {"rewrite.normal_form", "the rewriting's normal form is the canonical form, CuTe's coalesce",
     SEED3 "normal form", GEN_CONJECTURE, "packed_layout", "coalesce", rewrite_normal_form, NULL,
     NULL, 0},
};

const int prop_seeds_zh_count = (int)(sizeof prop_seeds_zh_table / sizeof prop_seeds_zh_table[0]);
