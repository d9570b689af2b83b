/*
** p_nest_ops.c -- the operations on Nest morphisms as properties (Chapter
** 3.2.6 on): mutual refinement, concatenation, coalescing, complements,
** composition, division and product, weak composition.  Encodings,
** inclusions, pullbacks and pushforwards stay in p_nest.c; what both use is
** in p_nest.h.
*/
#include "properties.h"
#include "p_nest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Evaluate an op answering true or false through the op table: 1, 0, or
** -1 (message set). */
static int eval_bool(gen_ctx *x, const char *op, int argc, const char *const *argv) {
  char buf[2048];
  if (lo_eval(op, argc, argv, buf, sizeof buf) == LO_OK) {
    if (strcmp(buf, "true") == 0) return 1;
    if (strcmp(buf, "false") == 0) return 0;
  }
  gen_failf(x, "%s gave '%s'", op, buf);
  return -1;
}

/* The realization |f| at v (Construction 3.1.4.4, Def 3.2.4.1), from
** coordinates: colex_T(F f(colex_S^-1(v))). */
static lo_int realize(const lo_morphism *f, lo_int v) {
  lo_int y[LO_MAX_LEAVES] = {0}, r = 0, w = 1;
  for (int i = 0; i < f->dom.len; i++) {
    lo_int xi = v % f->dom.leaf[i];
    v /= f->dom.leaf[i];
    if (f->map[i]) y[f->map[i] - 1] = xi;
  }
  for (int j = 0; j < f->cod.len; j++) {
    r += y[j] * w;
    w *= f->cod.leaf[j];
  }
  return r;
}

/* Has t an entry 1? */
static int has_one(const lo_tuple *t) {
  for (int i = 0; i < t->len; i++)
    if (t->leaf[i] == 1) return 1;
  return 0;
}

/* Does (T, U) have a mutual refinement (Def 3.2.5.19)?  Exact for T
** without entries 1: a mutual refinement whose U'-flat has no 1s exists
** iff the prefix products of T-flat and U-flat together form one chain
** under divisibility whose largest element is size(U) (T'-flat is a prefix
** of U'-flat, so the prefix products of both tuples are prefix products
** of U'-flat; conversely the chain's quotients give U'-flat).  1s of
** U'-flat can be dropped since T has no 1s and () refines 1. */
static int refinable(const lo_tuple *t, const lo_tuple *u) {
  lo_int q[2 * LO_MAX_LEAVES + 1], p = 1, st, su;
  int n = 0;
  q[n++] = 1;
  for (int i = 0; i < t->len; i++) q[n++] = p *= t->leaf[i];
  st = p;
  p = 1;
  for (int j = 0; j < u->len; j++) q[n++] = p *= u->leaf[j];
  su = p;
  for (int a = 0; a < n; a++)
    for (int b = 0; b < a; b++)
      if (q[a] % q[b] && q[b] % q[a]) return 0;
  return su % st == 0;
}

/* Algorithm 4.1.1 (with its two fixes): for T without 1s it answers None
** exactly when no mutual refinement exists (a prefix-product criterion,
** independent of the algorithm); when it answers, T'-flat prefixes U'-flat. */
static gen_verdict mutual_refinement_exists(gen_ctx *x) {
  lo_tuple t, u, tp, up;
  lo_err e;
  if (prop_tuple(x, 0, &t) || prop_tuple(x, 1, &u)) return GEN_ERROR;
  if (has_one(&t)) return GEN_DISCARD;
  int exists = refinable(&t, &u);
  int got = lo_mutual_refinement(&t, &u, &tp, &up, &e) == LO_OK;
  if (!exists) x->labels |= 1u << GEN_L_UNDEFINED;
  if (got != exists)
    return gen_failf(x, "a mutual refinement %s, but the algorithm %s%s",
                     exists ? "exists" : "does not exist",
                     got ? "answers " : "answers None: ", got ? prop_show_tuple(x, 0, &tp) : e.msg);
  if (got && (tp.len > up.len || memcmp(tp.leaf, up.leaf, (size_t)tp.len * sizeof(lo_int)) ||
              !lo_refines(&tp, &t) || !lo_refines(&up, &u)))
    return gen_failf(x, "(%s, %s) is not a mutual refinement", prop_show_tuple(x, 0, &tp),
                     prop_show_tuple(x, 1, &up));
  return GEN_PASS;
}

/* Def 3.1.5.20 on coal(f)-flat: no entry 1 in the domain, and for each
** i < m one of (a) * then mapped, (b) mapped then *, (c) images
** decreasing, (d) images increasing with some t_j > 1 strictly between. */
static int coalesced_by_definition(gen_ctx *x, const lo_morphism *c) {
  int m = c->dom.len;
  if (m == 1 && c->dom.leaf[0] == 1 && !c->map[0]) return 0; /* the m = 0 case: 1--(*)--> */
  for (int i = 0; i < m; i++)
    if (c->dom.leaf[i] == 1)
      return gen_failf(x, "coal(f) = %s has an entry 1", prop_show_morphism(x, 0, c));
  for (int i = 0; i + 1 < m; i++) {
    int a = c->map[i], b = c->map[i + 1], gap = 0;
    for (int j = a + 1; a && b && j < b; j++) gap |= c->cod.leaf[j - 1] > 1;
    if ((!a && b) || (a && !b) || (a && b && a > b) || (a && b && a < b && gap)) continue;
    return gen_failf(x, "coal(f) = %s is not coalesced at entries %d, %d",
                     prop_show_morphism(x, 0, c), i + 1, i + 2);
  }
  return 0;
}

/* The unhit entries of a codomain, 1s left out, into v; their number. */
static int unhit_entries(const lo_morphism *f, lo_int *v) {
  char hit[LO_MAX_LEAVES + 1] = {0};
  int n = 0;
  for (int i = 0; i < f->dom.len; i++) hit[f->map[i]] = 1;
  for (int j = 1; j <= f->cod.len; j++)
    if (!hit[j] && f->cod.leaf[j - 1] != 1) v[n++] = f->cod.leaf[j - 1];
  return n;
}

/* Construction 3.1.5.25, Def 3.2.6.11: only codomain runs hit by consecutive domain entries
** merge, so the unhit codomain entries of coal(f) are those of
** squeeze(T), in order. */
static int unhit_kept(gen_ctx *x, const lo_morphism *f, const lo_morphism *c) {
  lo_int a[LO_MAX_LEAVES], b[LO_MAX_LEAVES];
  int na = unhit_entries(f, a), nb = unhit_entries(c, b);
  if (na == nb && memcmp(a, b, (size_t)na * sizeof *a) == 0) return 0;
  return gen_failf(x, "coal(f) = %s merges or loses unhit codomain entries",
                   prop_show_morphism(x, 0, c));
}

/* Def 3.2.6.11, Prop 3.2.6.13 with Def 3.1.5.20-Prop 3.1.5.28: coal(f) has an integer
** domain when coal-flat(f-flat) has one entry (1--(*)--> when none), a flat
** one otherwise, and a flat codomain; it is coalesced (Def 3.1.5.20),
** merges no unhit codomain entries (Construction 3.1.5.25), keeps both sizes, is
** idempotent, depends only on f-flat, and Phi_{L_coal f} = Phi_{L_f}. */
static gen_verdict coalesce_form(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, c, cc, ff, cf;
  lo_layout lf, lc;
  lo_int a, b;
  if (prop_morphism(x, 0, &f)) return GEN_ERROR;
  if (lo_morphism_coalesce(&f, &c, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "coalesce", PROP_BOUNDED);
  if (lo_morphism_check(&c, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "coal(f) is a morphism", PROP_BOUNDED);
  int depth = lo_tuple_depth(&c.dom);
  if (lo_tuple_depth(&c.cod) != 1 || depth > 1 || (depth == 1 && c.dom.len < 2) ||
      (depth == 0 && c.dom.leaf[0] == 1 && c.map[0]))
    return gen_failf(x, "coal(f) = %s is not of the form of Def 3.2.6.11",
                     prop_show_morphism(x, 0, &c));
  if (coalesced_by_definition(x, &c)) return GEN_FAIL;
  if (unhit_kept(x, &f, &c)) return GEN_FAIL;
  if (lo_tuple_size(&c.dom, &a, &oe) != LO_OK || lo_tuple_size(&f.dom, &b, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "size", PROP_BOUNDED);
  if (a != b) return gen_failf(x, "coal(f) changes size(S) to %lld", (long long)a);
  if (lo_tuple_size(&c.cod, &a, &oe) != LO_OK || lo_tuple_size(&f.cod, &b, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "size", PROP_BOUNDED);
  if (a != b) return gen_failf(x, "coal(f) changes size(T) to %lld", (long long)a);
  if (lo_morphism_coalesce(&c, &cc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "coalesce", PROP_BOUNDED);
  if (prop_same_morphism(x, &cc, &c, "coal(coal f) vs coal f")) return GEN_FAIL;
  p_nest_flat_of(&f, &ff);
  if (lo_morphism_coalesce(&ff, &cf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "coalesce", PROP_BOUNDED);
  if (prop_same_morphism(x, &cf, &c, "coal(f-flat) vs coal(f)")) return GEN_FAIL;
  if (lo_morphism_layout(&f, &lf, &oe) != LO_OK || lo_morphism_layout(&c, &lc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_BOUNDED);
  return prop_judged(prop_same_function(x, &lc, &lf, "Phi_{L_coal f} vs Phi_{L_f}"));
}

/* Def 3.2.6.14 / Remark 3.2.6.15: (f, g) is an isomorphism iff
** f-flat * g-flat is; the oracle's is_complement agrees; an isomorphism
** encodes a bijection onto [0, size T), and, when no entry of S, U, T is
** 1, only an isomorphism does. */
static gen_verdict complement_iso(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, g, c, ff, gf, fc;
  lo_layout l;
  lo_int n;
  if (prop_morphism(x, 0, &f) || prop_morphism(x, 1, &g)) return GEN_ERROR;
  const lo_morphism *p[2] = {&f, &g};
  if (lo_morphism_concat(p, 2, &c, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "concat", PROP_BOUNDED);
  p_nest_flat_of(&f, &ff);
  p_nest_flat_of(&g, &gf);
  if (lo_morphism_flat_concat(&ff, &gf, &fc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat concat", PROP_BOUNDED);
  int iso = prop_is_iso(&c);
  if (prop_is_iso(&fc) != iso)
    return gen_failf(x, "(f,g) iso: %d, f-flat * g-flat iso: %d", iso, !iso);
  int said = eval_bool(x, "is_complement", 2, x->argv);
  if (said < 0) return GEN_FAIL;
  if (said != iso) return gen_failf(x, "is_complement says %d, Def 3.2.6.14 says %d", said, iso);
  if (!iso) x->labels |= 1u << GEN_L_UNDEFINED;
  if (lo_morphism_layout(&c, &l, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_BOUNDED);
  if (lo_tuple_size(&f.cod, &n, &oe) != LO_OK) return prop_verdict_of(x, &oe, "size", PROP_BOUNDED);
  int bij = prop_bijective_onto(x, &l, n, "Phi");
  if (bij < 0) return GEN_DISCARD;
  if (iso && !bij) return GEN_FAIL;
  x->msg[0] = 0;
  if (!iso && bij && !has_one(&c.dom) && !has_one(&c.cod))
    return gen_failf(x, "(f, g) is not an isomorphism but L = %s is a bijection onto [0,%lld)",
                     prop_show_layout(x, 0, &l), (long long)n);
  return GEN_PASS;
}

/* Prop 3.2.6.16/3.2.6.19: for a complement g of f (a permuted,
** re-nested f^c), L_g is a size(T)-complement of L_f: (L_f, L_g) is a
** bijection onto [0, size T) and size(L_f) size(L_g) = size(T). */
static gen_verdict complement_pair(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, g, c;
  lo_layout lf, lg, l;
  lo_int n, sf, sg;
  if (prop_morphism(x, 0, &f) || prop_morphism(x, 1, &g)) return GEN_ERROR;
  const lo_morphism *p[2] = {&f, &g};
  if (lo_morphism_concat(p, 2, &c, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "concat", PROP_BOUNDED);
  if (!prop_is_iso(&c)) return GEN_DISCARD;
  if (lo_morphism_layout(&f, &lf, &oe) != LO_OK || lo_morphism_layout(&g, &lg, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_BOUNDED);
  if (lo_tuple_size(&f.cod, &n, &oe) != LO_OK || lo_size(&lf, &sf, &oe) != LO_OK ||
      lo_size(&lg, &sg, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "size", PROP_BOUNDED);
  if (sf * sg != n)
    return gen_failf(x, "size(L_f) size(L_g) = %lld, size(T) = %lld", (long long)(sf * sg),
                     (long long)n);
  const lo_layout *pl[2] = {&lf, &lg};
  if (lo_layout_nest(pl, 2, &l, &oe) != LO_OK) return prop_verdict_of(x, &oe, "nest", PROP_BOUNDED);
  return prop_judged(prop_bijective_onto(x, &l, n, "Phi"));
}

/* Constr 3.2.6.17, Prop 3.1.5.48/3.1.5.50 on Nest: f^c has a flat
** domain and codomain T, (f, f^c) is an isomorphism, f^c-flat = (f-flat)^c,
** sort(g) = f^c for every complement g, and sort(f) = (f^c)^c. */
static gen_verdict complement_sort(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, g, fc, c, ff, ffc, fcf, sg, sf, fcc;
  if (prop_morphism(x, 0, &f) || prop_morphism(x, 1, &g)) return GEN_ERROR;
  if (lo_morphism_complement(&f, &fc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "complement", PROP_BOUNDED);
  if (lo_tuple_depth(&fc.dom) != 1)
    return gen_failf(x, "f^c = %s has a domain that is not flat", prop_show_morphism(x, 0, &fc));
  if (prop_same_tuple(x, &fc.cod, &f.cod, "codomain of f^c vs T")) return GEN_FAIL;
  const lo_morphism *p[2] = {&f, &fc};
  if (lo_morphism_concat(p, 2, &c, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "concat", PROP_BOUNDED);
  if (!prop_is_iso(&c))
    return gen_failf(x, "(f, f^c) = %s is not an isomorphism", prop_show_morphism(x, 0, &c));
  p_nest_flat_of(&f, &ff);
  if (lo_morphism_complement(&ff, &ffc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "complement", PROP_BOUNDED);
  p_nest_flat_of(&fc, &fcf);
  if (prop_same_morphism(x, &fcf, &ffc, "f^c-flat vs (f-flat)^c")) return GEN_FAIL;
  if (lo_morphism_sort(&g, &sg, &oe) != LO_OK) return prop_verdict_of(x, &oe, "sort", PROP_BOUNDED);
  if (prop_same_morphism(x, &sg, &fc, "sort(g) vs f^c")) return GEN_FAIL;
  if (lo_morphism_sort(&f, &sf, &oe) != LO_OK) return prop_verdict_of(x, &oe, "sort", PROP_BOUNDED);
  if (lo_morphism_complement(&fc, &fcc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "complement", PROP_BOUNDED);
  if (prop_same_morphism(x, &sf, &fcc, "sort(f) vs (f^c)^c")) return GEN_FAIL;
  return GEN_PASS;
}

/* Theorem D, the part before coalescing: for injective f, Phi of
** L_{f^c} is that of comp(L_f, size T) (the layouts may differ), CuTe's
** complement(L_f, size T) is comp(L_f, size T), and (L_f, L_{f^c}) is a
** bijection onto [0, size T). */
static gen_verdict complement_function(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, fc;
  lo_layout lf, lfc, comp, cute, l;
  lo_int n;
  if (prop_morphism(x, 0, &f)) return GEN_ERROR;
  if (lo_morphism_complement(&f, &fc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "complement", PROP_BOUNDED);
  if (lo_morphism_layout(&f, &lf, &oe) != LO_OK || lo_morphism_layout(&fc, &lfc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_BOUNDED);
  if (lo_tuple_size(&f.cod, &n, &oe) != LO_OK) return prop_verdict_of(x, &oe, "size", PROP_BOUNDED);
  if (!lo_is_n_complementable(&lf, n))
    return gen_failf(x, "L_f = %s is not %lld-complementable", prop_show_layout(x, 0, &lf),
                     (long long)n);
  if (lo_paper_complement(&lf, n, &comp, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "paper complement", PROP_BOUNDED);
  if (lo_complement(&lf, n, &cute, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "CuTe complement", PROP_BOUNDED);
  if (prop_same_layout(x, &cute, &comp, "CuTe complement(L_f, size T) vs comp(L_f, size T)"))
    return GEN_FAIL;
  const lo_layout *pl[2] = {&lf, &lfc};
  if (lo_layout_nest(pl, 2, &l, &oe) != LO_OK) return prop_verdict_of(x, &oe, "nest", PROP_BOUNDED);
  int r = prop_bijective_onto(x, &l, n, "Phi");
  if (r <= 0) return prop_judged(r);
  return prop_judged(
      prop_same_function(x, &lfc, &comp, "Phi_{L_{f^c}} vs Phi_{comp(L_f, size T)}"));
}

/* Theorem B (only f non-degenerate), Lemma 3.2.4.2, Construction 3.1.4.4 functoriality: for
** composable f, g (f possibly degenerate) |g o f| = |g| o |f| and |f| =
** Phi_{L_f} (from coordinates); the composite L_g o L_f is coal(L_{g o f},
** S), which is L_{g o f} itself when f is non-degenerate. */
static gen_verdict composition_degenerate(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism g, f, gf;
  lo_layout lg, lf, lgf, paper, rel;
  if (prop_morphism(x, 0, &g) || prop_morphism(x, 1, &f)) return GEN_ERROR;
  if (lo_morphism_compose(&g, &f, &gf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "compose", PROP_BOUNDED);
  if (lo_morphism_layout(&g, &lg, &oe) != LO_OK || lo_morphism_layout(&f, &lf, &oe) != LO_OK ||
      lo_morphism_layout(&gf, &lgf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_BOUNDED);
  lo_int ns = prop_small_size(x, &f.dom), nt = prop_small_size(x, &f.cod);
  if (ns < 0 || nt < 0) return GEN_DISCARD;
  for (lo_int v = 0; v < ns; v++) {
    lo_int phi, rf = realize(&f, v), rgf = realize(&gf, v);
    lo_err e;
    if (lo_apply(&lf, v, &phi, &e) || phi != rf || rf >= nt)
      return gen_failf(x, "|f|(%lld) = %lld but Phi_{L_f} gives %lld", (long long)v, (long long)rf,
                       (long long)phi);
    if (rgf != realize(&g, rf))
      return gen_failf(x, "|g o f|(%lld) = %lld but |g|(|f|(%lld)) = %lld", (long long)v,
                       (long long)rgf, (long long)v, (long long)realize(&g, rf));
  }
  if (lo_paper_composition(&lg, &lf, &paper, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "paper composition L_g o L_f", PROP_BOUNDED);
  if (lo_coalesce_profile(&lgf, &f.dom, &rel, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "relative coalesce", PROP_BOUNDED);
  if (prop_same_layout(x, &paper, &rel, "L_g o L_f vs coal(L_{g o f}, S)")) return GEN_FAIL;
  if (lo_morphism_is_nondegenerate(&f))
    if (prop_same_layout(x, &lgf, &paper, "L_{g o f} vs L_g o L_f (f non-degenerate)"))
      return GEN_FAIL;
  return GEN_PASS;
}

/* Def 3.2.6.23, Theorem E by brute force: f (/) g is refused
** unless g is injective; then its domain is (S, domain g^c), (L_g,
** L_{g^c}) is a bijection onto [0, size T), Phi_{L_{f/g}} = Phi_{L_f} o
** Phi_{(L_g, L_{g^c})}, and for non-degenerate f, g, coal(L_{f/g}) equals
** coal of CuTe's logical_divide(L_f, L_g). */
static gen_verdict divide_function(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, g, q, gc;
  lo_layout lf, lg, lgc, lq, inner, cute, a, b;
  lo_tuple dom;
  lo_int n;
  lo_err e;
  if (prop_morphism(x, 0, &f) || prop_morphism(x, 1, &g)) return GEN_ERROR;
  int rc = lo_morphism_logical_divide(&f, &g, &q, &e);
  if (!lo_morphism_is_injective(&g)) {
    x->labels |= 1u << GEN_L_UNDEFINED;
    if (rc == LO_OK)
      return gen_failf(x, "f / g = %s for g not injective", prop_show_morphism(x, 0, &q));
    return GEN_PASS;
  }
  if (rc) return gen_failf(x, "divide failed: %s", e.msg);
  if (lo_morphism_complement(&g, &gc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "complement", PROP_BOUNDED);
  const lo_tuple *pd[2] = {&g.dom, &gc.dom};
  if (lo_tuple_nest(pd, 2, &dom, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "nest", PROP_BOUNDED);
  if (prop_same_tuple(x, &q.dom, &dom, "domain of f / g vs (S, domain g^c)")) return GEN_FAIL;
  if (lo_morphism_layout(&f, &lf, &oe) != LO_OK || lo_morphism_layout(&g, &lg, &oe) != LO_OK ||
      lo_morphism_layout(&gc, &lgc, &oe) != LO_OK || lo_morphism_layout(&q, &lq, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_BOUNDED);
  const lo_layout *pl[2] = {&lg, &lgc};
  if (lo_layout_nest(pl, 2, &inner, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "nest", PROP_BOUNDED);
  if (lo_tuple_size(&g.cod, &n, &oe) != LO_OK) return prop_verdict_of(x, &oe, "size", PROP_BOUNDED);
  int r = prop_bijective_onto(x, &inner, n, "Phi");
  if (r <= 0) return prop_judged(r);
  r = prop_is_composite(x, &lf, &inner, &lq);
  if (r <= 0) return prop_judged(r);
  if (!lo_morphism_is_nondegenerate(&f) || !lo_morphism_is_nondegenerate(&g)) return GEN_PASS;
  if (lo_logical_divide(&lf, &lg, &cute, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "CuTe logical_divide", PROP_BOUNDED);
  if (lo_coalesce(&lq, &a, &oe) != LO_OK || lo_coalesce(&cute, &b, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "coalesce", PROP_BOUNDED);
  if (prop_same_layout(x, &a, &b, "coal(L_{f/g}) vs coal(logical_divide(L_f, L_g))"))
    return GEN_FAIL;
  return GEN_PASS;
}

/* Prop 3.2.6.27: (f (/) g)-flat = f-flat (/)flat g-flat, and the
** flat division of the nested morphisms flattens to the same; all are
** refused for g not injective. */
static gen_verdict divide_flatten(gen_ctx *x) {
  lo_morphism f, g, q, qf, ff, gf, d1, d2, d2f;
  lo_err e;
  if (prop_morphism(x, 0, &f) || prop_morphism(x, 1, &g)) return GEN_ERROR;
  p_nest_flat_of(&f, &ff);
  p_nest_flat_of(&g, &gf);
  int a = lo_morphism_logical_divide(&f, &g, &q, &e) == LO_OK;
  int b = lo_morphism_flat_divide(&ff, &gf, &d1, &e) == LO_OK;
  int c = lo_morphism_flat_divide(&f, &g, &d2, &e) == LO_OK;
  if (a != b || a != c)
    return gen_failf(x, "f / g %s, f-flat /flat g-flat %s, f /flat g %s", a ? "exists" : "fails",
                     b ? "exists" : "fails", c ? "exists" : "fails");
  if (!a) {
    x->labels |= 1u << GEN_L_UNDEFINED;
    return GEN_PASS;
  }
  p_nest_flat_of(&q, &qf);
  if (prop_same_morphism(x, &qf, &d1, "(f / g)-flat vs f-flat /flat g-flat")) return GEN_FAIL;
  p_nest_flat_of(&d2, &d2f);
  if (prop_same_morphism(x, &d2f, &d1, "(f /flat g)-flat vs f-flat /flat g-flat")) return GEN_FAIL;
  return GEN_PASS;
}

/* Def 3.2.6.28, Theorem F by brute force, Lemma 3.1.5.60 on
** Nest: f (x) g = (f, f^c o g): its first mode is f, Phi of its second
** layout mode is Phi_{L_{f^c}} o Phi_{L_g}; for injective g it is
** injective and (f (x) g)^c = f^c o g^c. */
static gen_verdict product_function(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, g, p, fc, gc, pc, fcgc;
  lo_layout lf, lg, lfc, lp, m1, m2;
  lo_tuple dom;
  if (prop_morphism(x, 0, &f) || prop_morphism(x, 1, &g)) return GEN_ERROR;
  if (lo_morphism_logical_product(&f, &g, &p, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "product", PROP_BOUNDED);
  const lo_tuple *pd[2] = {&f.dom, &g.dom};
  if (lo_tuple_nest(pd, 2, &dom, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "nest", PROP_BOUNDED);
  if (prop_same_tuple(x, &p.dom, &dom, "domain of f (x) g vs (S, U)")) return GEN_FAIL;
  if (prop_same_tuple(x, &p.cod, &f.cod, "codomain of f (x) g vs T")) return GEN_FAIL;
  if (memcmp(p.map, f.map, (size_t)f.dom.len * sizeof *f.map))
    return gen_failf(x, "f (x) g = %s does not start with f", prop_show_morphism(x, 0, &p));
  if (lo_morphism_complement(&f, &fc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "complement", PROP_BOUNDED);
  if (lo_morphism_layout(&f, &lf, &oe) != LO_OK || lo_morphism_layout(&g, &lg, &oe) != LO_OK ||
      lo_morphism_layout(&fc, &lfc, &oe) != LO_OK || lo_morphism_layout(&p, &lp, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_BOUNDED);
  if (lo_layout_mode(&lp, 1, &m1, &oe) != LO_OK || lo_layout_mode(&lp, 2, &m2, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "mode", PROP_BOUNDED);
  if (prop_same_layout(x, &m1, &lf, "mode 1 of L_{f (x) g} vs L_f")) return GEN_FAIL;
  int r = prop_is_composite(x, &lfc, &lg, &m2);
  if (r <= 0) return prop_judged(r);
  if (!lo_morphism_is_injective(&g)) return GEN_PASS;
  if (!lo_morphism_is_injective(&p))
    return gen_failf(x, "f (x) g = %s is not injective", prop_show_morphism(x, 0, &p));
  if (lo_morphism_complement(&p, &pc, &oe) != LO_OK ||
      lo_morphism_complement(&g, &gc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "complement", PROP_BOUNDED);
  if (lo_morphism_compose(&fc, &gc, &fcgc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "compose", PROP_BOUNDED);
  if (prop_same_morphism(x, &pc, &fcgc, "(f (x) g)^c vs f^c o g^c")) return GEN_FAIL;
  return GEN_PASS;
}

/* Def 3.1.5.12: unmapped entries first, with non-decreasing sizes, then
** mapped entries with increasing images. */
static int sorted_by_definition(const lo_morphism *f) {
  for (int i = 0; i + 1 < f->dom.len; i++) {
    int a = f->map[i], b = f->map[i + 1];
    if (a && !b) return 0;
    if (!a && !b && f->dom.leaf[i] > f->dom.leaf[i + 1]) return 0;
    if (a && b && a > b) return 0;
  }
  return 1;
}

/* Prop 3.1.5.10, Prop 3.1.5.14/3.1.5.18 on Nest
** morphisms (through f-flat): L_{sort f} = sort(L_f), sort(f) is sorted
** and fixed by sort; L_{squeeze f} = squeeze(L_f), squeeze is idempotent
** and leaves no entry 1. */
static gen_verdict sort_squeeze(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, s, ss, q, qq;
  lo_layout lf, ls, want;
  if (prop_morphism(x, 0, &f)) return GEN_ERROR;
  if (lo_morphism_layout(&f, &lf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_BOUNDED);
  if (lo_morphism_sort(&f, &s, &oe) != LO_OK) return prop_verdict_of(x, &oe, "sort", PROP_BOUNDED);
  if (lo_morphism_layout(&s, &ls, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_BOUNDED);
  if (lo_sort(&lf, &want, &oe) != LO_OK) return prop_verdict_of(x, &oe, "sort", PROP_BOUNDED);
  if (prop_same_layout(x, &ls, &want, "L_{sort f} vs sort(L_f)")) return GEN_FAIL;
  if (!sorted_by_definition(&s))
    return gen_failf(x, "sort(f) = %s is not sorted", prop_show_morphism(x, 0, &s));
  if (lo_morphism_sort(&s, &ss, &oe) != LO_OK) return prop_verdict_of(x, &oe, "sort", PROP_BOUNDED);
  if (prop_same_morphism(x, &ss, &s, "sort(sort f) vs sort f")) return GEN_FAIL;
  if (lo_morphism_squeeze(&f, &q, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "squeeze", PROP_BOUNDED);
  if (lo_morphism_layout(&q, &ls, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_BOUNDED);
  if (lo_squeeze(&lf, &want, &oe) != LO_OK) return prop_verdict_of(x, &oe, "squeeze", PROP_BOUNDED);
  if (prop_same_layout(x, &ls, &want, "L_{squeeze f} vs squeeze(L_f)")) return GEN_FAIL;
  if (has_one(&q.dom) || has_one(&q.cod))
    return gen_failf(x, "squeeze(f) = %s keeps an entry 1", prop_show_morphism(x, 0, &q));
  if (lo_morphism_squeeze(&q, &qq, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "squeeze", PROP_BOUNDED);
  if (prop_same_morphism(x, &qq, &q, "squeeze(squeeze f) vs squeeze f")) return GEN_FAIL;
  return GEN_PASS;
}

/* Prop 3.1.5.56 with nested f, g: coal-flat(L_{f /flat g}) =
** coal-flat(L_f /flat L_g), and Phi_{L_{f /flat g}} = Phi_{L_f} o
** Phi_{L_g * L_{g^c}}. */
static gen_verdict flat_divide(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, g, q, gc;
  lo_layout lf, lg, lgc, lq, d, a, b, inner;
  if (prop_morphism(x, 0, &f) || prop_morphism(x, 1, &g)) return GEN_ERROR;
  if (lo_morphism_flat_divide(&f, &g, &q, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat divide", PROP_BOUNDED);
  if (lo_morphism_layout(&f, &lf, &oe) != LO_OK || lo_morphism_layout(&g, &lg, &oe) != LO_OK ||
      lo_morphism_layout(&q, &lq, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_BOUNDED);
  if (lo_flat_divide(&lf, &lg, &d, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat divide of layouts", PROP_BOUNDED);
  if (lo_flat_coalesce(&lq, &a, &oe) != LO_OK || lo_flat_coalesce(&d, &b, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat coalesce", PROP_BOUNDED);
  if (prop_same_layout(x, &a, &b, "coal-flat(L_{f /flat g}) vs coal-flat(L_f /flat L_g)"))
    return GEN_FAIL;
  if (lo_morphism_complement(&g, &gc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "complement", PROP_BOUNDED);
  if (lo_morphism_layout(&gc, &lgc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_BOUNDED);
  if (lo_flat_concat(&lg, &lgc, &inner, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat concat", PROP_BOUNDED);
  return prop_judged(prop_is_composite(x, &lf, &inner, &lq));
}

/* Prop 3.1.5.62 with nested f, g and a valid N (Obs 2.3.9.2): L_{f (x)flat g} =
** L_f (x)flat L_g. */
static gen_verdict flat_product(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, g, p;
  lo_layout lf, lg, lp, q;
  if (prop_morphism(x, 0, &f) || prop_morphism(x, 1, &g)) return GEN_ERROR;
  if (lo_morphism_flat_product(&f, &g, &p, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat product", PROP_BOUNDED);
  if (lo_morphism_layout(&f, &lf, &oe) != LO_OK || lo_morphism_layout(&g, &lg, &oe) != LO_OK ||
      lo_morphism_layout(&p, &lp, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_BOUNDED);
  if (lo_flat_product(&lf, &lg, &q, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat product of layouts", PROP_BOUNDED);
  if (prop_same_layout(x, &lp, &q, "L_{f (x)flat g} vs L_f (x)flat L_g")) return GEN_FAIL;
  return GEN_PASS;
}

/* The composable replacement of Construction 4.1.2.1, from its parts. */
static int replacement(const lo_morphism *f, const lo_morphism *g, const lo_tuple *tp,
                       const lo_tuple *up, lo_morphism *fp, lo_morphism *gp, lo_err *err) {
  lo_morphism ft, inc;
  if (lo_pullback(f, tp, &ft, err)) return err->code;
  inc.dom = *tp;
  inc.cod = *up;
  for (int i = 0; i < tp->len; i++) inc.map[i] = i + 1;
  if (lo_morphism_compose(&inc, &ft, fp, err)) return err->code;
  return lo_pushforward(g, up, gp, err);
}

/* Phi_{L_w}(v) = Phi_{L_g}(Phi_{L_f}(v)) on [0, size S). */
static int weak_composite_function(gen_ctx *x, const lo_morphism *f, const lo_morphism *g,
                                   const lo_morphism *w) {
  lo_layout lf, lg, lw;
  lo_err e;
  if (lo_morphism_layout(f, &lf, &e) || lo_morphism_layout(g, &lg, &e) ||
      lo_morphism_layout(w, &lw, &e))
    return !gen_failf(x, "layout: %s", e.msg);
  lo_int n = prop_small_size(x, &f->dom);
  if (n < 0) return -1;
  for (lo_int v = 0; v < n; v++) {
    lo_int a, b, c;
    if (lo_apply(&lf, v, &a, &e) || lo_apply(&lg, a, &b, &e) || lo_apply(&lw, v, &c, &e)) return -1;
    if (b != c)
      return !gen_failf(x, "Phi_{L_w}(%lld) = %lld but Phi_{L_g}(Phi_{L_f}(%lld)) = %lld",
                        (long long)v, (long long)c, (long long)v, (long long)b);
  }
  return 1;
}

/* Construction 4.1.2.1 (the composable replacement): with the mutual refinement (T', U') of
** (codomain f, domain g), f' = i o T'^*f and g' = U'_*g are composable,
** Phi_{L_f'} = Phi_{L_f}, Phi_{L_g'} = Phi_{L_g}; `pullback_then_include`
** gives f'; the weak composite is g' o f', its domain refines S, and it
** realizes Phi_{L_g} o Phi_{L_f}.  Without a mutual refinement (by the
** criterion of Algorithm 4.1.1) the weak composite is refused. */
static gen_verdict composable_replacement(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, g, fp, gp, w, want, op;
  lo_tuple tp, up;
  lo_layout lf, lg, lfp, lgp;
  lo_err e;
  char b1[1024], b2[1024];
  if (prop_morphism(x, 0, &f) || prop_morphism(x, 1, &g)) return GEN_ERROR;
  if (has_one(&f.cod)) return GEN_DISCARD;
  int exists = refinable(&f.cod, &g.dom);
  int wrc = lo_weak_composite(&g, &f, &w, &e);
  if (lo_mutual_refinement(&f.cod, &g.dom, &tp, &up, &e)) {
    x->labels |= 1u << GEN_L_UNDEFINED;
    if (exists) return gen_failf(x, "a mutual refinement exists, the algorithm says: %s", e.msg);
    if (wrc == LO_OK)
      return gen_failf(x, "weak composite %s without a mutual refinement",
                       prop_show_morphism(x, 0, &w));
    return GEN_PASS;
  }
  if (!lo_tuple_equal(&tp, &f.cod) || !lo_tuple_equal(&up, &g.dom))
    x->labels |= 1u << GEN_L_NOT_COMPOSABLE;
  if (replacement(&f, &g, &tp, &up, &fp, &gp, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "Construction 4.1.2.1", PROP_BOUNDED);
  if (prop_same_tuple(x, &fp.cod, &gp.dom, "codomain of f' vs domain of g'")) return GEN_FAIL;
  const char *a[3] = {x->argv[0], p_nest_text_tuple(b1, sizeof b1, &tp),
                      p_nest_text_tuple(b2, sizeof b2, &up)};
  if (p_nest_eval_morphism(x, "pullback_then_include", 3, a, &op)) return GEN_FAIL;
  if (prop_same_morphism(x, &op, &fp, "pullback_then_include vs i o T'^*f")) return GEN_FAIL;
  if (wrc) return gen_failf(x, "weak composite failed: %s", e.msg);
  if (lo_morphism_compose(&gp, &fp, &want, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "compose", PROP_BOUNDED);
  if (prop_same_morphism(x, &w, &want, "weak composite vs g' o f'")) return GEN_FAIL;
  if (!lo_refines(&w.dom, &f.dom))
    return gen_failf(x, "domain %s of the weak composite does not refine S",
                     prop_show_tuple(x, 0, &w.dom));
  if (lo_morphism_layout(&f, &lf, &oe) != LO_OK || lo_morphism_layout(&g, &lg, &oe) != LO_OK ||
      lo_morphism_layout(&fp, &lfp, &oe) != LO_OK || lo_morphism_layout(&gp, &lgp, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_BOUNDED);
  int r = prop_same_function(x, &lfp, &lf, "Phi_{L_f'} vs Phi_{L_f}");
  if (r <= 0) return prop_judged(r);
  r = prop_same_function(x, &lgp, &lg, "Phi_{L_g'} vs Phi_{L_g}");
  if (r <= 0) return prop_judged(r);
  return prop_judged(weak_composite_function(x, &f, &g, &w));
}

/* Algorithm 4.1.2, Theorem 4.1.3.1: for tractable A (applied
** first) and B, the algorithm answers None only when the codomain of f_A
** and the domain of f_{coal B} have no mutual refinement (Algorithm 4.1.2 is partial); when it
** answers C, C is tractable, shape(C) refines shape(A), Phi_C = Phi_B o
** Phi_A, and coal(C, shape A) is the paper's composite B o A and CuTe's
** composition(B, A) when CuTe answers. */
static gen_verdict algorithm_weak_composite(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout b, a, c, cb, rel, paper, cute;
  lo_morphism fa, gb;
  lo_err e;
  if (prop_layout(x, 0, &b) || prop_layout(x, 1, &a)) return GEN_ERROR;
  if (lo_morphism_of_layout(&a, &fa, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "f_A", PROP_BOUNDED);
  if (lo_coalesce(&b, &cb, &oe) != LO_OK) return prop_verdict_of(x, &oe, "coalesce", PROP_BOUNDED);
  if (lo_morphism_of_layout(&cb, &gb, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "f_{coal B}", PROP_BOUNDED);
  if (lo_composition_algorithm(&b, &a, &c, &e)) {
    x->labels |= 1u << GEN_L_UNDEFINED;
    if (!has_one(&fa.cod) && refinable(&fa.cod, &gb.dom))
      return gen_failf(x,
                       "None, although codomain %s of f_A and domain %s of f_{coal B} have a "
                       "mutual refinement (%s)",
                       prop_show_tuple(x, 0, &fa.cod), prop_show_tuple(x, 1, &gb.dom), e.msg);
    return GEN_PASS;
  }
  if (!lo_tuple_equal(&fa.cod, &gb.dom)) x->labels |= 1u << GEN_L_NOT_COMPOSABLE;
  if (!lo_refines(&c.shape, &a.shape))
    return gen_failf(x, "shape of C = %s does not refine shape(A)", prop_show_layout(x, 0, &c));
  if (!lo_is_tractable(&c))
    return gen_failf(x, "C = %s is not tractable", prop_show_layout(x, 0, &c));
  if (lo_coalesce_profile(&c, &a.shape, &rel, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "relative coalesce", PROP_BOUNDED);
  if (lo_paper_composition(&b, &a, &paper, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "paper composition", PROP_BOUNDED);
  if (prop_same_layout(x, &rel, &paper, "coal(C, shape A) vs B o A")) return GEN_FAIL;
  if (lo_composition(&b, &a, &cute, &e) == LO_OK &&
      lo_coalesce_profile(&cute, &a.shape, &cute, &e) == LO_OK)
    if (prop_same_layout(x, &rel, &cute,
                         "coal(C, shape A) vs coal(CuTe composition(B, A), shape A)"))
      return GEN_FAIL;
  return prop_judged(prop_is_composite(x, &b, &a, &c));
}

const gen_property prop_nest_ops_table[] = {
    {"nest.mutual_exists",
     "for T without 1s, Algorithm 4.1.1 answers None iff no mutual refinement exists",
     "Algorithm 4.1.1, p.149-150, corrected (None is exact only when T has "
     "no 1s)",
     GEN_THEOREM, "nest_tuple_pair", "mutual_refinement", mutual_refinement_exists, NULL, NULL, 0},
    {"nest.concat",
     "L_{(f_1..f_k)} = (L_{f_1},...,L_{f_k}); (f_1..f_k)-flat = f_1-flat * ... * "
     "f_k-flat; images must be disjoint",
     "Constr 3.2.6.4, p.138; Prop 3.2.6.10, p.139", GEN_THEOREM, "nest_disjoint", "concat",
     p_nest_concat, NULL, NULL, 0},
    {"nest.coalesce_form",
     "coal(f) has the domain form of Def 3.2.6.11, is coalesced, idempotent, depends on f-flat, "
     "keeps sizes and Phi",
     "Def 3.2.6.11, p.140; Prop 3.2.6.13 = Theorem C; Def 3.1.5.20", GEN_THEOREM, "morphism",
     "coalesce", coalesce_form, NULL, NULL, 0},
    {"nest.complement_iso",
     "(f,g) is an isomorphism iff f-flat * g-flat is, iff is_complement; isomorphisms encode "
     "bijections onto [0,size T)",
     "Def 3.2.6.14, Remark 3.2.6.15, p.141", GEN_THEOREM, "nest_maybe_complement", "is_complement",
     complement_iso, NULL, NULL, 0},
    {"nest.complement_pair",
     "a complement g of f gives L_g a size(T)-complement of L_f (bijection, sizes multiply)",
     "Prop 3.2.6.16, 3.2.6.19, p.141-142", GEN_THEOREM, "nest_complement", "is_complement",
     complement_pair, NULL, NULL, 0},
    {"nest.complement_sort",
     "f^c : flat U -> T, (f,f^c) iso, f^c-flat = (f-flat)^c, sort(g) = f^c for every complement "
     "g, sort(f) = (f^c)^c",
     "Constr 3.2.6.17, p.142; Prop 3.1.5.48, 3.1.5.50", GEN_THEOREM, "nest_complement",
     "complement", complement_sort, NULL, NULL, 0},
    {"nest.complement_function",
     "Phi_{L_{f^c}} = Phi_{comp(L_f, size T)} (layouts equal only after coal), CuTe's complement "
     "agrees, (L_f,L_{f^c}) bijective",
     "Prop 3.2.6.20 = Theorem D, p.142; equal only after coalescing L_{f^c}", GEN_THEOREM,
     "injective_morphism", "complement", complement_function, NULL, NULL, 0},
    {"nest.composition_degenerate",
     "|g o f| = |g| o |f| = Phi; L_g o L_f = coal(L_{g o f}, S), = L_{g o f} when f is "
     "non-degenerate",
     "Theorem 3.2.6.21 = Theorem B, p.143, corrected (f may be degenerate); "
     "Lemma 3.2.4.2",
     GEN_THEOREM, "nest_composable", "composition", composition_degenerate, NULL, NULL, 0},
    {"nest.divide_function",
     "f / g needs g injective; Phi_{L_{f/g}} = Phi_{L_f} o Phi_{(L_g,L_{g^c})}; coal agrees with "
     "CuTe's logical_divide",
     "Def 3.2.6.23, p.143; Prop 3.2.6.26 = Theorem E, p.144", GEN_THEOREM, "nest_divide",
     "logical_divide", divide_function, NULL, NULL, 0},
    {"nest.divide_flatten", "(f / g)-flat = f-flat /flat g-flat", "Prop 3.2.6.27, p.144",
     GEN_THEOREM, "nest_divide", "logical_divide", divide_flatten, NULL, NULL, 0},
    {"nest.product_function",
     "f (x) g = (f, f^c o g): mode 1 is L_f, Phi of mode 2 is Phi_{L_{f^c}} o Phi_{L_g}; "
     "(f (x) g)^c = f^c o g^c for g injective",
     "Def 3.2.6.28, p.144; Prop 3.2.6.31 = Theorem F, p.145; Lemma 3.1.5.60", GEN_THEOREM,
     "product_admissible", "logical_product", product_function, NULL, NULL, 0},
    {"nest.sort_squeeze",
     "L_{sort f} = sort(L_f), sort(f) sorted and fixed; L_{squeeze f} = squeeze(L_f), squeeze "
     "idempotent",
     "Prop 3.1.5.10, 3.1.5.14, 3.1.5.18 on Nest morphisms (via f-flat, §3.2.6)", GEN_THEOREM,
     "morphism", "sort", sort_squeeze, NULL, NULL, 0},
    {"nest.flat_divide",
     "coal-flat(L_{f /flat g}) = coal-flat(L_f /flat L_g); Phi_{L_{f /flat g}} = Phi_{L_f} o "
     "Phi_{L_g * L_{g^c}}",
     "Prop 3.1.5.56 on Nest morphisms (via Prop 3.2.6.27)", GEN_THEOREM, "divisible", "flat_divide",
     flat_divide, NULL, NULL, 0},
    {"nest.flat_product", "L_{f (x)flat g} = L_f (x)flat L_g",
     "Prop 3.1.5.62 on Nest morphisms; with a valid N (Obs 2.3.9.2)", GEN_THEOREM,
     "product_admissible", "flat_product", flat_product, NULL, NULL, 0},
    {"nest.composable_replacement",
     "f' = i o T'^*f and g' = U'_*g are composable and keep Phi; the weak composite is g' o f' "
     "and realizes Phi_g o Phi_f",
     "Construction 4.1.2.1, p.152", GEN_THEOREM, "nest_replaceable", "weak_composite",
     composable_replacement, NULL, NULL, 0},
    {"nest.algorithm_composite",
     "Algorithm 4.1.2: None only without a mutual refinement; C tractable, shape(C) refines "
     "shape(A), Phi_C = Phi_B o Phi_A, coal(C, shape A) = B o A",
     "Algorithm 4.1.2, Theorem 4.1.3.1, p.153; the algorithm may answer None where B o A exists",
     GEN_THEOREM, "nest_algorithm_pair", "composition_algorithm", algorithm_weak_composite, NULL,
     NULL, 0},
};

const int prop_nest_ops_count = (int)(sizeof prop_nest_ops_table / sizeof prop_nest_ops_table[0]);
