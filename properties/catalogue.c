/*
** catalogue.c -- the paper's statements as properties (its catalogue of statements and the main theorems of section 1.1),
** each with the hypotheses the paper needs, checked against brute-force
** layout functions wherever sizes allow.
*/
#include "properties.h"
#include "p_whitepaper.h"

#include <string.h>

/* --------------------------------------------------------------- coalesce */

/* Prop 2.3.3.14: coal(L) has the layout function of L. */
static gen_verdict coalesce_keeps_function(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout l, c;
  if (prop_layout(x, 0, &l)) return GEN_ERROR;
  if (lo_coalesce(&l, &c, &oe) != LO_OK) return prop_verdict_of(x, &oe, "coalesce", PROP_STRICT);
  return prop_judged(prop_same_function(x, &l, &c, "coal(L) vs L"));
}

/* Prop 2.3.3.14: coal is idempotent and its result is coalesced (Def 2.3.3.1). */
static gen_verdict coalesce_idempotent(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout l, c, cc;
  if (prop_layout(x, 0, &l)) return GEN_ERROR;
  if (lo_coalesce(&l, &c, &oe) != LO_OK || lo_coalesce(&c, &cc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "coalesce", PROP_STRICT);
  if (!lo_layout_equal(&c, &cc))
    return gen_failf(x, "coal(L) = %s but coal(coal(L)) = %s", prop_show_layout(x, 0, &c),
                     prop_show_layout(x, 1, &cc));
  if (!lo_is_coalesced(&c))
    return gen_failf(x, "coal(L) = %s is not coalesced", prop_show_layout(x, 0, &c));
  return GEN_PASS;
}

/* Prop 2.1.4.18, Prop 2.3.3.16: Phi_A = Phi_B iff coal(A) = coal(B) (here: for B = a
** re-nesting of A's modes with size-1 modes inserted, Phi is equal, so the
** coalesced forms must be equal). */
static gen_verdict coalesce_unique(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, b, ca, cb;
  if (prop_layout(x, 0, &a) || prop_layout(x, 1, &b)) return GEN_ERROR;
  if (lo_coalesce(&a, &ca, &oe) != LO_OK || lo_coalesce(&b, &cb, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "coalesce", PROP_STRICT);
  int same = prop_same_function(x, &a, &b, "Phi_A vs Phi_B");
  if (same < 0) return GEN_DISCARD;
  x->msg[0] = 0;
  if (same != lo_layout_equal(&ca, &cb))
    return gen_failf(x, "Phi_A %s Phi_B but coal(A) = %s and coal(B) = %s",
                     same ? "=" : "!=", prop_show_layout(x, 0, &ca), prop_show_layout(x, 1, &cb));
  return GEN_PASS;
}

/* --------------------------------------------------------- complement */

/* Def 2.1.6.25 / CuTe post-conditions: for complementable L and N, C =
** complement(L, N) is sorted and coalesced, (L, C) is injective, and its
** image is [0, size(L) size(C)) with size(L) size(C) = N rounded up to a
** multiple of L's largest extent. */
static gen_verdict complement_is_complement(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout l, c, lc;
  lo_int n, sl, sc, s;
  lo_err e;
  if (prop_layout(x, 0, &l) || prop_int(x, 1, &n)) return GEN_ERROR;
  if (lo_complement(&l, n, &c, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "complement", PROP_STRICT);
  const lo_layout *pp[2] = {&l, &c};
  if (lo_layout_nest(pp, 2, &lc, &e) || lo_size(&l, &sl, &e) || lo_size(&c, &sc, &e) ||
      lo_mul(sl, sc, &s, "size", &e))
    return GEN_DISCARD;
  if (s < n) return gen_failf(x, "size(L) size(C) = %lld is below N", (long long)s);
  if (!lo_is_compact(&lc))
    return gen_failf(x, "(L, C) = %s is not a bijection onto [0, size)",
                     prop_show_layout(x, 0, &lc));
  lo_layout sorted;
  if (lo_sort(&c, &sorted, &oe) != LO_OK) return prop_verdict_of(x, &oe, "sort", PROP_STRICT);
  lo_layout cc;
  if (lo_coalesce(&c, &cc, &oe) != LO_OK) return prop_verdict_of(x, &oe, "coalesce", PROP_STRICT);
  if (!lo_layout_equal(&c, &cc))
    return gen_failf(x, "C = %s is not coalesced", prop_show_layout(x, 0, &c));
  if (!lo_is_sorted(&c)) return gen_failf(x, "C = %s is not sorted", prop_show_layout(x, 0, &c));
  if (lo_is_n_complementable(&l, n)) {
    if (s != n)
      return gen_failf(x, "L is N-complementable but size(L) size(C) = %lld", (long long)s);
    lo_layout p;
    if (lo_paper_complement(&l, n, &p, &oe) != LO_OK)
      return prop_verdict_of(x, &oe, "paper complement", PROP_STRICT);
    if (!lo_layout_equal(&c, &p))
      return gen_failf(x, "CuTe's complement %s differs from the paper's %s",
                       prop_show_layout(x, 0, &c), prop_show_layout(x, 1, &p));
  }
  return GEN_PASS;
}

/* ------------------------------------------------------- composition */

/* Def 2.3.7.1: composition(A, B)(x) = A(B(x)) on [0, size B), its shape
** refines shape(B), and it is non-degenerate. */
static gen_verdict composition_is_composite(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, b, r;
  if (prop_layout(x, 0, &a) || prop_layout(x, 1, &b)) return GEN_ERROR;
  if (lo_composition(&a, &b, &r, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "composition", PROP_STRICT);
  if (!lo_refines(&r.shape, &b.shape))
    return gen_failf(x, "shape of %s does not refine shape(B)", prop_show_layout(x, 0, &r));
  return prop_judged(prop_is_composite(x, &a, &b, &r));
}

/* Theorem 4.1.3.1: when Algorithm 4.1.2 returns C, coal(C, shape(B)) is
** the composite A o B (here A = outer, B = inner), equal to CuTe's. */
static gen_verdict composition_algorithm_agrees(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, b, c, r, cut;
  lo_err e;
  if (prop_layout(x, 0, &a) || prop_layout(x, 1, &b)) return GEN_ERROR;
  if (lo_composition_algorithm(&a, &b, &c, &e)) {
    x->labels |= 1u << GEN_L_UNDEFINED;
    return GEN_DISCARD;
  }
  if (lo_coalesce_profile(&c, &b.shape, &r, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "relative coalesce", PROP_STRICT);
  if (lo_composition(&a, &b, &cut, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "composition", PROP_STRICT);
  if (!lo_layout_equal(&r, &cut))
    return gen_failf(x, "coal(C, shape B) = %s but composition(A, B) = %s",
                     prop_show_layout(x, 0, &r), prop_show_layout(x, 1, &cut));
  return prop_judged(prop_is_composite(x, &a, &b, &r));
}

/* ----------------------------------------------------------- morphisms */

/* Theorem A (Lemma 3.1.2.9, Prop 3.2.2.15): L_{f_L} = L for a
** non-degenerate tractable L, and f_L has standard form. */
static gen_verdict theorem_a_layout(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout l, back;
  lo_morphism f;
  if (prop_layout(x, 0, &l)) return GEN_ERROR;
  if (lo_morphism_of_layout(&l, &f, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "morphism", PROP_STRICT);
  if (lo_morphism_layout(&f, &back, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (!lo_layout_equal(&l, &back))
    return gen_failf(x, "f_L = %s encodes %s", prop_show_morphism(x, 0, &f),
                     prop_show_layout(x, 1, &back));
  if (!lo_morphism_is_standard(&f))
    return gen_failf(x, "f_L = %s is not of standard form", prop_show_morphism(x, 0, &f));
  return GEN_PASS;
}

/* Theorem A, other direction: f_{L_f} = f for f of standard form (with
** the n = 1 fix). */
static gen_verdict theorem_a_morphism(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, back;
  lo_layout l;
  if (prop_morphism(x, 0, &f)) return GEN_ERROR;
  if (lo_morphism_layout(&f, &l, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_morphism_of_layout(&l, &back, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "morphism", PROP_STRICT);
  if (!lo_tuple_equal(&f.dom, &back.dom) || !lo_tuple_equal(&f.cod, &back.cod) ||
      memcmp(f.map, back.map, (size_t)f.dom.len * sizeof *f.map))
    return gen_failf(x, "f_{L_f} = %s", prop_show_morphism(x, 0, &back));
  return GEN_PASS;
}

/* Theorem B (3.2.6.21, with only f non-degenerate): L_{g o f} = L_g o L_f. */
static gen_verdict theorem_b(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism g, f, gf;
  lo_layout lgf, lg, lf, comp;
  if (prop_morphism(x, 0, &g) || prop_morphism(x, 1, &f)) return GEN_ERROR;
  if (!lo_morphism_is_nondegenerate(&f)) return GEN_DISCARD;
  if (lo_morphism_compose(&g, &f, &gf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "compose", PROP_STRICT);
  if (lo_morphism_layout(&gf, &lgf, &oe) != LO_OK || lo_morphism_layout(&g, &lg, &oe) != LO_OK ||
      lo_morphism_layout(&f, &lf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_paper_composition(&lg, &lf, &comp, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "paper composition", PROP_STRICT);
  if (!lo_layout_equal(&lgf, &comp))
    return gen_failf(x, "L_{g o f} = %s but L_g o L_f = %s", prop_show_layout(x, 0, &lgf),
                     prop_show_layout(x, 1, &comp));
  return GEN_PASS;
}

/* Theorem C (3.2.6.13): L_{coal f} = coal(L_f), no hypotheses. */
static gen_verdict theorem_c(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, cf;
  lo_layout lcf, lf, clf;
  if (prop_morphism(x, 0, &f)) return GEN_ERROR;
  if (lo_morphism_coalesce(&f, &cf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "coalesce", PROP_STRICT);
  if (lo_morphism_layout(&cf, &lcf, &oe) != LO_OK || lo_morphism_layout(&f, &lf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_coalesce(&lf, &clf, &oe) != LO_OK) return prop_verdict_of(x, &oe, "coalesce", PROP_STRICT);
  if (!lo_layout_equal(&lcf, &clf))
    return gen_failf(x, "L_{coal f} = %s but coal(L_f) = %s", prop_show_layout(x, 0, &lcf),
                     prop_show_layout(x, 1, &clf));
  return GEN_PASS;
}

/* Theorem D (3.2.6.20): for injective f : S -> T, coal(L_{f^c}) =
** comp(L_f, size T). */
static gen_verdict theorem_d(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, fc;
  lo_layout lfc, clfc, lf, comp;
  lo_int n;
  if (prop_morphism(x, 0, &f)) return GEN_ERROR;
  if (lo_morphism_complement(&f, &fc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "complement", PROP_STRICT);
  if (lo_morphism_layout(&fc, &lfc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_coalesce(&lfc, &clfc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "coalesce", PROP_STRICT);
  if (lo_morphism_layout(&f, &lf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_tuple_size(&f.cod, &n, &oe) != LO_OK) return prop_verdict_of(x, &oe, "size", PROP_STRICT);
  if (lo_paper_complement(&lf, n, &comp, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "paper complement", PROP_STRICT);
  if (!lo_layout_equal(&clfc, &comp))
    return gen_failf(x, "coal(L_{f^c}) = %s but comp(L_f, %lld) = %s",
                     prop_show_layout(x, 0, &clfc), (long long)n, prop_show_layout(x, 1, &comp));
  return GEN_PASS;
}

/* Theorem E (3.2.6.26): coal(L_{f / g}) = coal(L_f / L_g) for g
** injective into the domain of f, both non-degenerate. */
static gen_verdict theorem_e(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, g, q;
  lo_layout lq, clq, lf, lg, d, cd;
  if (prop_morphism(x, 0, &f) || prop_morphism(x, 1, &g)) return GEN_ERROR;
  if (lo_morphism_logical_divide(&f, &g, &q, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "morphism divide", PROP_STRICT);
  if (lo_morphism_layout(&q, &lq, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_coalesce(&lq, &clq, &oe) != LO_OK) return prop_verdict_of(x, &oe, "coalesce", PROP_STRICT);
  if (lo_morphism_layout(&f, &lf, &oe) != LO_OK || lo_morphism_layout(&g, &lg, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_paper_logical_divide(&lf, &lg, &d, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "paper divide", PROP_STRICT);
  if (lo_coalesce(&d, &cd, &oe) != LO_OK) return prop_verdict_of(x, &oe, "coalesce", PROP_STRICT);
  if (!lo_layout_equal(&clq, &cd))
    return gen_failf(x, "coal(L_{f/g}) = %s but coal(L_f / L_g) = %s", prop_show_layout(x, 0, &clq),
                     prop_show_layout(x, 1, &cd));
  return GEN_PASS;
}

/* Theorem F (3.2.6.31, with Obs 2.3.9.2 for N): L_{f (x) g} = L_f (x) L_g
** for product-admissible, non-degenerate f and g. */
static gen_verdict theorem_f(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, g, p;
  lo_layout lp, lf, lg, q;
  if (prop_morphism(x, 0, &f) || prop_morphism(x, 1, &g)) return GEN_ERROR;
  if (!lo_morphism_is_nondegenerate(&f) || !lo_morphism_is_nondegenerate(&g)) return GEN_DISCARD;
  if (lo_morphism_logical_product(&f, &g, &p, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "morphism product", PROP_STRICT);
  if (lo_morphism_layout(&p, &lp, &oe) != LO_OK || lo_morphism_layout(&f, &lf, &oe) != LO_OK ||
      lo_morphism_layout(&g, &lg, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_paper_logical_product(&lf, &lg, &q, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "paper product", PROP_STRICT);
  if (!lo_layout_equal(&lp, &q))
    return gen_failf(x, "L_{f (x) g} = %s but L_f (x) L_g = %s", prop_show_layout(x, 0, &lp),
                     prop_show_layout(x, 1, &q));
  return GEN_PASS;
}

/* ------------------------------------------------------- refinement */

/* Algorithm 4.1.1: T' refines T, U' refines U, flat(T') is a prefix of
** flat(U'). */
static gen_verdict mutual_refinement_spec(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_tuple t, u, tp, up;
  if (prop_tuple(x, 0, &t) || prop_tuple(x, 1, &u)) return GEN_ERROR;
  if (lo_mutual_refinement(&t, &u, &tp, &up, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "mutual_refinement", PROP_STRICT);
  if (!lo_refines(&tp, &t))
    return gen_failf(x, "T' = %s does not refine T", prop_show_tuple(x, 0, &tp));
  if (!lo_refines(&up, &u))
    return gen_failf(x, "U' = %s does not refine U", prop_show_tuple(x, 0, &up));
  if (tp.len > up.len || memcmp(tp.leaf, up.leaf, (size_t)tp.len * sizeof(lo_int)))
    return gen_failf(x, "flat(T') of %s is not a prefix of flat(U') of %s",
                     prop_show_tuple(x, 0, &tp), prop_show_tuple(x, 1, &up));
  return GEN_PASS;
}

/* Def 2.3.8.1 (CuTe): logical_divide(A, B) = A o (B, complement(B, size A)),
** checked as a composite by brute force. */
static gen_verdict logical_divide_def(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, b, r, bc, bb;
  lo_int n;
  lo_err e;
  if (prop_layout(x, 0, &a) || prop_layout(x, 1, &b)) return GEN_ERROR;
  if (lo_logical_divide(&a, &b, &r, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "logical_divide", PROP_STRICT);
  const lo_layout *pp[2] = {&b, &bc};
  if (lo_size(&a, &n, &e) || lo_complement(&b, n, &bc, &e) || lo_layout_nest(pp, 2, &bb, &e))
    return GEN_DISCARD;
  return prop_judged(prop_is_composite(x, &a, &bb, &r));
}

/* apply agrees with the layout function, and runs past the end along the
** last mode (CuTe). */
static gen_verdict apply_colex(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout l;
  lo_int i, v, size, rest;
  lo_err e;
  if (prop_layout(x, 0, &l) || prop_int(x, 1, &i)) return GEN_ERROR;
  if (lo_apply(&l, i, &v, &oe) != LO_OK) return prop_verdict_of(x, &oe, "apply", PROP_STRICT);
  if (lo_size(&l, &size, &e)) return GEN_DISCARD;
  lo_int sum = 0;
  rest = i;
  for (int k = 0; k < l.shape.len; k++) { /* colexicographic digits */
    lo_int digit = k == l.shape.len - 1 ? rest : rest % l.shape.leaf[k];
    rest = k == l.shape.len - 1 ? 0 : rest / l.shape.leaf[k];
    sum += digit * l.stride[k];
  }
  if (sum != v)
    return gen_failf(x, "apply gives %lld, the colexicographic digits give %lld", (long long)v,
                     (long long)sum);
  return GEN_PASS;
}

/* ------------------------------------------------- the seeds' claims */

/* Lean design: coalesce(complement(complement(L, N), N)) = coalesce(L)
** (the seed states it for all N, M; M = N is the case that fails first). */
static gen_verdict lean_complement_involution(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout l, c1, c2, a, b;
  lo_int n;
  lo_err e;
  if (prop_layout(x, 0, &l) || prop_int(x, 1, &n)) return GEN_ERROR;
  if (lo_paper_complement(&l, n, &c1, &e) || lo_paper_complement(&c1, n, &c2, &e)) {
    x->labels |= 1u << GEN_L_UNDEFINED;
    return GEN_DISCARD;
  }
  if (lo_coalesce(&c2, &a, &oe) != LO_OK || lo_coalesce(&l, &b, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "coalesce", PROP_STRICT);
  if (!lo_layout_equal(&a, &b))
    return gen_failf(x, "coalesce(comp(comp(L,N),N)) = %s but coalesce(L) = %s",
                     prop_show_layout(x, 0, &a), prop_show_layout(x, 1, &b));
  return GEN_PASS;
}

/* Lean design: the seed's coalesce sorts the modes, then merges
** neighbours with prev.s * prev.d == d; claimed to keep the layout
** function. */
static gen_verdict lean_sorting_coalesce(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout l, s, r;
  lo_int sh[LO_MAX_LEAVES], st[LO_MAX_LEAVES];
  int n = 0;
  if (prop_layout(x, 0, &l)) return GEN_ERROR;
  if (lo_sort(&l, &s, &oe) != LO_OK) return prop_verdict_of(x, &oe, "sort", PROP_STRICT);
  for (int i = 0; i < s.shape.len; i++) {
    if (n && sh[n - 1] * st[n - 1] == s.stride[i]) {
      sh[n - 1] *= s.shape.leaf[i];
      continue;
    }
    sh[n] = s.shape.leaf[i];
    st[n++] = s.stride[i];
  }
  lo_layout_flat(&r, sh, st, n);
  return prop_judged(prop_same_function(x, &l, &r, "the sorting coalesce vs L"));
}

/* ---------------------------------------------------------------- table */

static const gen_property catalogue[] = {
    /* the seeds' claims first: they fail fast, and their counterexamples
    ** are stored before the long theorem runs start */
    {"lean.complement_involution", "coalesce(complement(complement(L,N),N)) = coalesce(L)",
     "seed 000 (Lean design), complement_involution", GEN_CONJECTURE, "complementable",
     "complement", lean_complement_involution, NULL, NULL,
     1}, /* the check uses the paper's comp twice */
    {"lean.sorting_coalesce", "coalesce by sorting then merging keeps Phi_L",
     "seed 000 (Lean design), coalesce reference implementation", GEN_CONJECTURE, "flat_layout",
     "coalesce", lean_sorting_coalesce, NULL, NULL, 1}, /* not the checked coalesce */
    {"coalesce.keeps_function", "Phi_{coal L} = Phi_L", "Construction 2.3.3.7, Prop 2.3.3.14",
     GEN_THEOREM, "layout", "coalesce", coalesce_keeps_function, NULL, NULL, 0},
    {"coalesce.idempotent", "coal(coal L) = coal L, and coal L is coalesced",
     "Lemma 2.1.4.15, Prop 2.3.3.14", GEN_THEOREM, "layout", "coalesce", coalesce_idempotent, NULL,
     NULL, 0},
    {"coalesce.unique", "Phi_A = Phi_B iff coal(A) = coal(B)", "Prop 2.1.4.20, Prop 2.1.4.18",
     GEN_THEOREM, "alike_layouts", "coalesce", coalesce_unique, NULL, NULL, 0},
    {"complement.is_complement",
     "complement(L,N) is sorted, coalesced, (L,C) bijective onto [0,size); = comp(L,N) when "
     "N-complementable",
     "Def 2.1.6.25, Prop 2.1.6.31; CuTe", GEN_THEOREM, "complementable", "complement",
     complement_is_complement, NULL, NULL, 0},
    {"composition.is_composite",
     "composition(A,B)(x) = A(B(x)), shape refines shape(B), non-degenerate", "Def 2.3.7.1",
     GEN_THEOREM, "composable_layouts", "composition", composition_is_composite, NULL, NULL, 0},
    {"composition.algorithm", "Algorithm 4.1.2's C gives coal(C, shape B) = A o B",
     "Theorem 4.1.3.1", GEN_THEOREM, "composable_layouts", "composition_algorithm",
     composition_algorithm_agrees, NULL, NULL, 0},
    {"theorem_a.layout", "L_{f_L} = L and f_L has standard form (L tractable, non-degenerate)",
     "Theorem A: Lemma 3.1.2.9, Prop 3.2.2.15", GEN_THEOREM, "nondegenerate", "morphism",
     theorem_a_layout, NULL, NULL, 0},
    {"theorem_a.morphism", "f_{L_f} = f for f of standard form (with the n = 1 fix)",
     "Theorem A: Lemma 3.1.2.20, Prop 3.2.2.15; standard form needs condition (1) for n = 1 too",
     GEN_THEOREM, "standard_morphism", "layout", theorem_a_morphism, NULL, NULL, 0},
    {"theorem_b.nest", "L_{g o f} = L_g o L_f (f non-degenerate)",
     "Theorem B: Theorem 3.2.6.21; only f needs to be non-degenerate", GEN_THEOREM, "composable",
     "composition", theorem_b, NULL, NULL, 0},
    {"theorem_c.nest", "L_{coal f} = coal(L_f)", "Theorem C: Prop 3.2.6.13", GEN_THEOREM,
     "morphism", "coalesce", theorem_c, NULL, NULL, 0},
    {"theorem_d.nest", "coal(L_{f^c}) = comp(L_f, size T) (f injective)",
     "Theorem D: Prop 3.2.6.20", GEN_THEOREM, "injective_morphism", "complement", theorem_d, NULL,
     NULL, 0},
    {"theorem_e.nest", "coal(L_{f/g}) = coal(L_f / L_g)", "Theorem E: Prop 3.2.6.26", GEN_THEOREM,
     "divisible", "logical_divide", theorem_e, NULL, NULL, 0},
    {"theorem_f.nest", "L_{f (x) g} = L_f (x) L_g (N as in Obs 2.3.9.2)",
     "Theorem F: Prop 3.2.6.31; with a valid N (Obs 2.3.9.2)", GEN_THEOREM, "product_admissible",
     "logical_product", theorem_f, NULL, NULL, 0},
    {"mutual_refinement.spec", "T' refines T, U' refines U, flat(T') prefixes flat(U')",
     "Algorithm 4.1.1, with None unless T is used up", GEN_THEOREM, "mutual", "mutual_refinement",
     mutual_refinement_spec, NULL, NULL, 0},
    {"logical_divide.definition", "logical_divide(A,B) = A o (B, complement(B, size A))",
     "Def 2.3.8.1; CuTe", GEN_THEOREM, "divide_layouts", "logical_divide", logical_divide_def, NULL,
     NULL, 0},
    {"apply.colexicographic", "apply(L, x) = sum of x's colexicographic digits times strides",
     "Def 2.1.2.18, Construction 2.1.2.19", GEN_THEOREM, "layout_index", "apply", apply_colex, NULL,
     NULL, 0},
};

/* The registry: this file's table, then those of the other property
** files (by part of the paper, declared in properties.h), in that order. */

typedef struct prop_table {
  const gen_property *rows;
  const int *count;
} prop_table;

static const int catalogue_count = (int)(sizeof catalogue / sizeof catalogue[0]);

static const prop_table tables[] = {
    {catalogue, &catalogue_count},
    {prop_seeds_table, &prop_seeds_count},
    {prop_seeds_zh_table, &prop_seeds_zh_count},
    {prop_flat_table, &prop_flat_count},
    {prop_flat_coalesce_table, &prop_flat_coalesce_count},
    {prop_flat_complement_table, &prop_flat_complement_count},
    {prop_nested_table, &prop_nested_count},
    {prop_nested_ops_table, &prop_nested_ops_count},
    {prop_category_table, &prop_category_count},
    {prop_category_family_table, &prop_category_family_count},
    {prop_category_ops_table, &prop_category_ops_count},
    {prop_nest_table, &prop_nest_count},
    {prop_nest_ops_table, &prop_nest_ops_count},
    {prop_cute_table, &prop_cute_count},
    {prop_views_table, &prop_views_count},
    {prop_views_ops_table, &prop_views_ops_count},
    {prop_analysis_table, &prop_analysis_count},
    {prop_recast_table, &prop_recast_count},
    {prop_whitepaper_table, &prop_whitepaper_count},
    {prop_swizzle_table, &prop_swizzle_count},
    {prop_tile_table, &prop_tile_count},
    {prop_f2_table, &prop_f2_count},
    {prop_negative_table, &prop_negative_count},
    {prop_basis_table, &prop_basis_count},
};

#define NTABLES ((int)(sizeof tables / sizeof tables[0]))

/* How many built-in properties there are. */
int prop_count(void) {
  int n = 0;
  for (int t = 0; t < NTABLES; t++) n += *tables[t].count;
  return n;
}

const gen_property *prop_at(int i) {
  if (i < 0) return NULL;
  for (int t = 0; t < NTABLES; t++) {
    if (i < *tables[t].count) return &tables[t].rows[i];
    i -= *tables[t].count;
  }
  return NULL;
}

const gen_property *prop_find(const char *name) {
  for (int i = 0, n = prop_count(); i < n; i++)
    if (strcmp(prop_at(i)->name, name) == 0) return prop_at(i);
  return NULL;
}
