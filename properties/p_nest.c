/*
** p_nest.c -- the properties of the category Nest and the composition
** algorithm (the paper's section 3.2 and chapter 4).
**
** Theorems A-F on Nest, Theorem 4.1.3.1 and the specification of Algorithm
** 4.1.1 are stated in catalogue.c (theorem_a.*, theorem_b.nest ...
** theorem_f.nest, composition.algorithm, mutual_refinement.spec); the
** properties here cover the other `Property:` lines of the part and the
** halves of those entries that catalogue.c leaves out (Theorem B with a
** degenerate f, Theorem D and E by brute force, Algorithm 4.1.1 when it
** answers None, the weak composite itself).
**
** Statements of the part that are not computed:
**   Def 3.2.1.1, Obs 3.2.1.4 (Nest as a pullback of categories) and
**   The category Ref (section 3.2.5, as a poset category) are definitions of categories; their
**   computable content is the composition and refinement tests used here.
**   Obs 3.2.5.17/3.2.5.18 (isomorphisms induce isomorphisms of the
**   refinement posets): statements about whole categories Ref(S); only the
**   functor laws of section 3.2.5 (Obs 3.2.5.16-18) on given refinements are checked.
**   Lemma 3.2.5.20: the one-to-one correspondence of Lemma 3.2.5.20 is checked on
**   the refinement Algorithm 4.1.1 returns, not over all refinements.
**   Def 4.1.1.1 and Obs 4.1.1.6 restate Def 3.2.5.19 and Lemma 3.2.5.20.
**   Examples 4.1.4.1-4.1.4.3, the worked examples of §4.1.4 are corpus entries, not properties.
**   Defs A.1.0.4, A.1.0.8, A.2.0.1, Appendix A (category, isomorphism, functor) has no
**   `Property:` line and no layout content.
**
** Statements checked in a corrected form:
**   Theorem B needs only f non-degenerate; for degenerate
**   f the composite is coal(L_{g o f}, S), not L_{g o f}.
**   Lemmas 3.2.5.10/3.2.5.14 read coal(L_{f'_i}) = coal(s_i:d_i):
**   for s_i = 1 mapped to an entry 1 the literal s_i:d_i has d_i != 0 while
**   coal(L_{f'_i}) = 1:0 (f = 1--(2)-->(2,1), T' = T).
**   None from Algorithm 4.1.1 means "no mutual refinement" only when T
**   has no entry 1: T = (2,1), U = (2) have ((2,1), ((2,1))) but the
**   algorithm answers None.
*/
#include "properties.h"
#include "p_nest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------- helpers */

/* f-flat: the same map between the flattenings (Obs 3.2.2.5). */
void p_nest_flat_of(const lo_morphism *f, lo_morphism *out) {
  *out = *f;
  lo_tuple_flatten(&f->dom, &out->dom);
  lo_tuple_flatten(&f->cod, &out->cod);
}

/* The reparenthesization id^{to}_{from} (Ex 3.2.3.1): same flattening. */
static void reparen(const lo_tuple *from, const lo_tuple *to, lo_morphism *out) {
  out->dom = *from;
  out->cod = *to;
  for (int i = 0; i < from->len; i++) out->map[i] = i + 1;
}

/* Evaluate an op through the oracle's op table (the `eval` path) on
** textual arguments and parse its result as a morphism. */
int p_nest_eval_morphism(gen_ctx *x, const char *op, int argc, const char *const *argv,
                         lo_morphism *out) {
  char buf[2048];
  lo_err e;
  if (lo_eval(op, argc, argv, buf, sizeof buf)) return gen_failf(x, "%s failed: %s", op, buf);
  if (lo_parse_morphism(buf, out, &e)) return gen_failf(x, "%s gave '%s': %s", op, buf, e.msg);
  return 0;
}

/* Text of a tuple for an eval argument ("" if it does not fit). */
const char *p_nest_text_tuple(char *buf, size_t cap, const lo_tuple *t) {
  return lo_print_tuple(t, buf, cap) ? "" : buf;
}
/* Text of a morphism for an eval argument ("" if it does not fit). */
static const char *text_morphism(char *buf, size_t cap, const lo_morphism *f) {
  return lo_print_morphism(f, buf, cap) ? "" : buf;
}

/* Layout pieces mode_i(L, S) for shape(L) refining S, into m[0..*n). */
static int layout_rel_modes(const lo_layout *l, const lo_tuple *s, lo_layout *m, int *n,
                            lo_err *err) {
  lo_tuple rel[LO_MAX_LEAVES];
  if (lo_relative_modes(&l->shape, s, rel, LO_MAX_LEAVES, n, err)) return err->code;
  for (int i = 0, at = 0; i < *n; i++) {
    if (lo_layout_make(&rel[i], l->stride + at, &m[i], err)) return err->code;
    at += rel[i].len;
  }
  return LO_OK;
}

/* Lemma 3.2.5.10 / 3.2.5.14: for f' the pullback or pushforward of f, the
** modes of L_{f'} relative to S coalesce to the entries s_i:d_i of L_f
** (both sides coalesced: for s_i = 1 the lemma's s_i:d_i reads 1:0). */
static int relative_modes_coalesce(gen_ctx *x, const lo_layout *lp, const lo_layout *lf) {
  lo_layout m[LO_MAX_LEAVES], a, b, e1;
  lo_err e;
  int n;
  if (layout_rel_modes(lp, &lf->shape, m, &n, &e))
    return gen_failf(x, "relative modes of %s: %s", prop_show_layout(x, 0, lp), e.msg);
  for (int i = 0; i < n; i++) {
    lo_layout_scalar(&e1, lf->shape.leaf[i], lf->stride[i]);
    if (lo_coalesce(&m[i], &a, &e) || lo_coalesce(&e1, &b, &e))
      return gen_failf(x, "coalesce failed: %s", e.msg);
    if (!lo_layout_equal(&a, &b))
      return gen_failf(x, "relative mode %d of L_f' = %s coalesces to %s, not to %s", i + 1,
                       prop_show_layout(x, 0, lp), prop_show_layout(x, 1, &a),
                       prop_show_layout(x, 2, &b));
  }
  return 0;
}

/* Positions (0-based first leaf) of the relative modes of T' over T. */
static int rel_positions(const lo_tuple *tp, const lo_tuple *t, lo_tuple *rel, int *first,
                         lo_err *err) {
  int n;
  if (lo_relative_modes(tp, t, rel, LO_MAX_LEAVES, &n, err)) return err->code;
  for (int j = 0, at = 0; j < n; j++) {
    first[j] = at;
    at += rel[j].len;
  }
  return LO_OK;
}

/* ----------------------------------------------- 3.2.1-3.2.4: the category */

/* Obs 3.2.1.7, Obs 3.2.2.5, Obs 3.2.3.3: f-flat is a
** Tuple morphism, flattening a Tuple morphism seen in Nest gives it back,
** L_{f-flat} = (L_f)-flat, and f = id^T_{T-flat} o f-flat o id^{S-flat}_S. */
static gen_verdict flatten_inclusion(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, ff, back, fb, a, r, u, w;
  lo_layout lf, lff, flat;
  char buf[2048];
  lo_err e;
  if (prop_morphism(x, 0, &f)) return GEN_ERROR;
  p_nest_flat_of(&f, &ff);
  if (lo_morphism_check(&ff, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "f-flat is a morphism", PROP_BOUNDED);
  if (lo_parse_morphism(text_morphism(buf, sizeof buf, &ff), &back, &e))
    return gen_failf(x, "f-flat does not read back: %s", e.msg);
  p_nest_flat_of(&back, &fb);
  if (prop_same_morphism(x, &fb, &ff, "flattening o inclusion")) return GEN_FAIL;
  if (lo_morphism_layout(&f, &lf, &oe) != LO_OK || lo_morphism_layout(&ff, &lff, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_BOUNDED);
  lo_layout_flatten(&lf, &flat);
  if (prop_same_layout(x, &lff, &flat, "L_{f-flat} vs (L_f)-flat")) return GEN_FAIL;
  reparen(&f.dom, &ff.dom, &u);
  reparen(&ff.cod, &f.cod, &r);
  if (lo_morphism_compose(&ff, &u, &a, &oe) != LO_OK ||
      lo_morphism_compose(&r, &a, &w, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "compose", PROP_BOUNDED);
  if (prop_same_morphism(x, &w, &f, "id^T_{T-flat} o f-flat o id^{S-flat}_S vs f")) return GEN_FAIL;
  return GEN_PASS;
}

/* Def 2.1.8.1: sort the flattened modes by (d, s); every
** non-zero stride's extent s d divides the next stride. */
static int tractable_by_definition(const lo_layout *l) {
  int n = l->shape.len, o[LO_MAX_LEAVES];
  for (int i = 0; i < n; i++) o[i] = i;
  for (int i = 1; i < n; i++)
    for (int j = i; j > 0; j--) {
      lo_int da = l->stride[o[j - 1]], db = l->stride[o[j]];
      if (da < db || (da == db && l->shape.leaf[o[j - 1]] <= l->shape.leaf[o[j]])) break;
      int t = o[j];
      o[j] = o[j - 1];
      o[j - 1] = t;
    }
  for (int i = 0; i + 1 < n; i++) {
    lo_int d = l->stride[o[i]], ext = l->shape.leaf[o[i]] * d;
    if (d != 0 && l->stride[o[i + 1]] % ext != 0) return 0;
  }
  return 1;
}

/* Standard form (Def 3.1.2.12 / 3.2.2.10 with condition (1) for n >= 1 too). */
static int standard_by_definition(const lo_morphism *f) {
  char in[LO_MAX_LEAVES + 2] = {0};
  int n = f->cod.len;
  if (lo_tuple_depth(&f->cod) != 1) return 0;
  for (int i = 0; i < f->dom.len; i++) in[f->map[i]] = 1;
  if (n >= 1 && !in[n]) return 0;
  for (int j = 1; j < n; j++)
    if (!in[j] && (f->cod.leaf[j - 1] == 1 || !in[j + 1])) return 0;
  return 1;
}

/* Lemma 3.2.2.8, Prop 3.2.2.9: L has a standard
** representation iff it is tractable (Def 2.1.8.1); then f_L : shape(L)
** -> T with T flat, f_L has standard form and L_{f_L} = L, degenerate L
** included. */
static gen_verdict standard_rep_tractable(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout l, back;
  lo_morphism f;
  lo_err e;
  if (prop_layout(x, 0, &l)) return GEN_ERROR;
  int tractable = tractable_by_definition(&l);
  if (lo_is_tractable(&l) != tractable)
    return gen_failf(x, "is_tractable says %d, Def 2.1.8.1 says %d", lo_is_tractable(&l),
                     tractable);
  if (!tractable) {
    x->labels |= 1u << GEN_L_UNDEFINED;
    if (lo_morphism_of_layout(&l, &f, &e) == LO_OK)
      return gen_failf(x, "a non-tractable layout has f_L = %s", prop_show_morphism(x, 0, &f));
    return GEN_PASS;
  }
  if (lo_morphism_of_layout(&l, &f, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "standard representation", PROP_BOUNDED);
  if (lo_morphism_check(&f, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "f_L is a morphism", PROP_BOUNDED);
  if (prop_same_tuple(x, &f.dom, &l.shape, "domain of f_L vs shape(L)")) return GEN_FAIL;
  if (!standard_by_definition(&f))
    return gen_failf(x, "f_L = %s is not of standard form", prop_show_morphism(x, 0, &f));
  if (lo_morphism_layout(&f, &back, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_BOUNDED);
  if (prop_same_layout(x, &back, &l, "L_{f_L} vs L")) return GEN_FAIL;
  return GEN_PASS;
}

/* Theorem A (Prop 3.2.2.15) with Lemmas 3.1.2.20/3.2.2.8 and condition (1) for n >= 1, on
** non-degenerate Nest morphisms generated directly (not as some f_L):
** is_standard_form agrees with Def 3.1.2.12 with the n = 1 fix; a standard f has L_f
** non-degenerate and tractable and f_{L_f} = f; a non-standard f is never
** f_{L_f}; f_{L_f} is non-degenerate and standard. */
static gen_verdict theorem_a_standard(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, back;
  lo_layout l;
  if (prop_morphism(x, 0, &f)) return GEN_ERROR;
  if (lo_morphism_check(&f, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "f is a morphism", PROP_BOUNDED);
  if (!lo_morphism_is_nondegenerate(&f)) return GEN_DISCARD;
  int standard = standard_by_definition(&f);
  if (lo_morphism_is_standard(&f) != standard)
    return gen_failf(x, "is_standard_form says %d, Def 3.1.2.12 with the n = 1 fix says %d", !standard,
                     standard);
  if (lo_morphism_layout(&f, &l, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_BOUNDED);
  if (!lo_is_nondegenerate(&l) || !lo_is_tractable(&l))
    return gen_failf(x, "L_f = %s is degenerate or not tractable", prop_show_layout(x, 0, &l));
  if (lo_morphism_of_layout(&l, &back, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "standard representation", PROP_BOUNDED);
  if (!lo_morphism_is_nondegenerate(&back) || !standard_by_definition(&back))
    return gen_failf(x, "f_{L_f} = %s is degenerate or not standard",
                     prop_show_morphism(x, 0, &back));
  if (standard)
    if (prop_same_morphism(x, &back, &f, "f_{L_f} vs f")) return GEN_FAIL;
  if (!standard && prop_morphism_equal(&back, &f))
    return gen_failf(x, "the non-standard f is f_{L_f}");
  return GEN_PASS;
}

/* Ex 3.2.3.1: the reparenthesization id^{S2}_{S1} encodes the
** column-major layout of shape S1; id^{S3}_{S2} o id^{S2}_{S1} =
** id^{S3}_{S1}, and id^{S1}_{S2} is its inverse. */
static gen_verdict reparenthesize(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism r2, r1, c, want, inv, id, back;
  lo_layout l;
  if (prop_morphism(x, 0, &r2) || prop_morphism(x, 1, &r1)) return GEN_ERROR;
  if (lo_morphism_check(&r1, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "id^{S2}_{S1} is a morphism", PROP_BOUNDED);
  if (lo_morphism_layout(&r1, &l, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_BOUNDED);
  if (prop_same_tuple(x, &l.shape, &r1.dom, "shape of L_{id} vs S1")) return GEN_FAIL;
  lo_int p = 1;
  for (int i = 0; i < l.shape.len; p *= l.shape.leaf[i], i++)
    if (l.stride[i] != p)
      return gen_failf(x, "L_{id} = %s is not column-major", prop_show_layout(x, 0, &l));
  lo_int size = prop_small_size(x, &r1.dom);
  for (lo_int i = 0; i < size; i++) {
    lo_int v;
    lo_err e;
    if (lo_apply(&l, i, &v, &e) || v != i)
      return gen_failf(x, "Phi of %s is not the identity at %lld", prop_show_layout(x, 0, &l),
                       (long long)i);
  }
  if (lo_morphism_compose(&r2, &r1, &c, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "compose", PROP_BOUNDED);
  reparen(&r1.dom, &r2.cod, &want);
  if (prop_same_morphism(x, &c, &want, "id^{S3}_{S2} o id^{S2}_{S1} vs id^{S3}_{S1}"))
    return GEN_FAIL;
  reparen(&r1.cod, &r1.dom, &inv);
  if (lo_morphism_compose(&inv, &r1, &back, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "compose", PROP_BOUNDED);
  lo_morphism_identity(&r1.dom, &id);
  if (prop_same_morphism(x, &back, &id, "id^{S1}_{S2} o id^{S2}_{S1} vs id_{S1}")) return GEN_FAIL;
  return GEN_PASS;
}

/* entry_i(f) of Ex 3.2.3.4: the integer s_i --(alpha(i))--> T. */
static void paper_entry(const lo_morphism *f, int i, lo_morphism *out) {
  lo_tuple_int(&out->dom, f->dom.leaf[i - 1]);
  out->cod = f->cod;
  out->map[0] = f->map[i - 1];
}

/* Ex 3.2.3.4/3.2.3.5: L_{entry_i f} = entry_i(L_f); the oracle's
** `entry` op has the same map (it writes the domain as the 1-tuple (s_i),
** the paper the integer s_i), and entry_i(id_S) is `entry_inclusion S i`. */
static int check_entry(gen_ctx *x, const lo_morphism *f, const lo_layout *lf, int i) {
  lo_morphism pe, op, ide, inc, id;
  lo_layout le, want;
  lo_err e;
  char fb[1024], sb[1024], ib[32];
  paper_entry(f, i, &pe);
  if (lo_morphism_layout(&pe, &le, &e)) return gen_failf(x, "layout: %s", e.msg);
  lo_layout_scalar(&want, lf->shape.leaf[i - 1], lf->stride[i - 1]);
  if (prop_same_layout(x, &le, &want, "L_{entry_i f} vs entry_i(L_f)")) return GEN_FAIL;
  snprintf(ib, sizeof ib, "%d", i);
  const char *a1[2] = {text_morphism(fb, sizeof fb, f), ib};
  if (p_nest_eval_morphism(x, "entry", 2, a1, &op)) return GEN_FAIL;
  if (op.dom.len != 1 || op.dom.leaf[0] != pe.dom.leaf[0] || op.map[0] != pe.map[0] ||
      !lo_tuple_equal(&op.cod, &pe.cod))
    return gen_failf(x, "entry op gives %s, Ex 3.2.3.4 gives %s", prop_show_morphism(x, 0, &op),
                     prop_show_morphism(x, 1, &pe));
  lo_morphism_identity(&f->dom, &id);
  paper_entry(&id, i, &ide);
  const char *a2[2] = {p_nest_text_tuple(sb, sizeof sb, &f->dom), ib};
  if (p_nest_eval_morphism(x, "entry_inclusion", 2, a2, &inc)) return GEN_FAIL;
  return prop_same_morphism(x, &inc, &ide, "entry_inclusion S i vs entry_i(id_S)");
}

/* Ex 3.2.3.6/3.2.3.7, Ex 3.2.6.9: mode_k(f) = f o incl_k(S) lies over
** (alpha(N+1)..alpha(N+l)) and encodes mode_k(L_f); f = (mode_1 f, ...,
** mode_r f) when S is a tuple. */
static int check_modes(gen_ctx *x, const lo_morphism *f, const lo_layout *lf) {
  lo_morphism modes[LO_MAX_LEAVES], inc, want, cat;
  const lo_morphism *pm[LO_MAX_LEAVES];
  lo_layout lm, want_l;
  lo_err e;
  char sb[1024], kb[32];
  int r = lo_tuple_rank(&f->dom);
  for (int k = 1; k <= r; k++) {
    int first;
    snprintf(kb, sizeof kb, "%d", k);
    const char *a[2] = {p_nest_text_tuple(sb, sizeof sb, &f->dom), kb};
    if (p_nest_eval_morphism(x, "mode_inclusion", 2, a, &inc)) return GEN_FAIL;
    if (lo_morphism_compose(f, &inc, &modes[k - 1], &e)) return gen_failf(x, "compose: %s", e.msg);
    if (lo_tuple_mode(&f->dom, k, &want.dom, &first, &e)) return gen_failf(x, "mode: %s", e.msg);
    want.cod = f->cod;
    memcpy(want.map, f->map + first, (size_t)want.dom.len * sizeof *want.map);
    if (prop_same_morphism(x, &modes[k - 1], &want, "f o incl_k(S) vs mode_k(f)")) return GEN_FAIL;
    if (lo_morphism_layout(&modes[k - 1], &lm, &e) || lo_layout_mode(lf, k, &want_l, &e))
      return gen_failf(x, "layout: %s", e.msg);
    if (prop_same_layout(x, &lm, &want_l, "L_{mode_k f} vs mode_k(L_f)")) return GEN_FAIL;
    pm[k - 1] = &modes[k - 1];
  }
  if (lo_tuple_is_int(&f->dom) || r == 0) return 0;
  if (lo_morphism_concat(pm, r, &cat, &e)) return gen_failf(x, "concat of the modes: %s", e.msg);
  return prop_same_morphism(x, &cat, f, "(mode_1 f, ..., mode_r f) vs f");
}

/* Section 3.2.3: entries and modes of a Nest morphism. */
static gen_verdict entries_modes(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f;
  lo_layout lf;
  lo_int i;
  if (prop_morphism(x, 0, &f) || prop_int(x, 1, &i)) return GEN_ERROR;
  if (lo_morphism_layout(&f, &lf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_BOUNDED);
  if (i >= 1 && i <= f.dom.len)
    if (check_entry(x, &f, &lf, (int)i)) return GEN_FAIL;
  if (check_modes(x, &f, &lf)) return GEN_FAIL;
  return GEN_PASS;
}

/* ----------------------------------------------------- 3.2.5 refinements */

/* Constr 3.2.5.1, Constr 3.2.5.3, Ex 3.2.5.7, Ex 3.2.5.8:
** incl_i(S',S) : mode_i(S',S) -> S' lies over its leaf positions; it is
** mode_i(id_{S'}, S), the pullback of S' along the entry inclusion
** s_i -> S; and the pullback of S' along id^S_{S-flat} is the
** reparenthesization (S'_1..S'_m) -> S'. */
static gen_verdict relative_inclusion(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_tuple sp, s, rel[LO_MAX_LEAVES], sflat, whole;
  lo_morphism inc, want, rm, id, ent, pb, unflat;
  const lo_tuple *parts[LO_MAX_LEAVES];
  lo_int i;
  int first[LO_MAX_LEAVES];
  char b1[2048];
  if (prop_tuple(x, 0, &sp) || prop_tuple(x, 1, &s) || prop_int(x, 2, &i)) return GEN_ERROR;
  if (rel_positions(&sp, &s, rel, first, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "relative modes", PROP_BOUNDED);
  if (i < 1 || i > s.len) return GEN_DISCARD;
  if (p_nest_eval_morphism(x, "relative_mode_inclusion", 3, x->argv, &inc)) return GEN_FAIL;
  want.dom = rel[i - 1];
  want.cod = sp;
  for (int k = 0; k < want.dom.len; k++) want.map[k] = first[i - 1] + k + 1;
  if (prop_same_morphism(x, &inc, &want, "incl_i(S',S) vs Constr 3.2.5.1")) return GEN_FAIL;
  lo_morphism_identity(&sp, &id);
  const char *a[3] = {text_morphism(b1, sizeof b1, &id), x->argv[1], x->argv[2]};
  if (p_nest_eval_morphism(x, "relative_mode", 3, a, &rm)) return GEN_FAIL;
  if (prop_same_morphism(x, &rm, &inc, "mode_i(id_{S'}, S) vs incl_i(S',S)")) return GEN_FAIL;
  lo_tuple_int(&ent.dom, s.leaf[i - 1]);
  ent.cod = s;
  ent.map[0] = (int)i;
  if (lo_pullback(&ent, &sp, &pb, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "pullback", PROP_BOUNDED);
  if (prop_same_morphism(x, &pb, &inc, "pullback of S' along s_i -> S vs incl_i(S',S)"))
    return GEN_FAIL;
  lo_tuple_flatten(&s, &sflat);
  reparen(&sflat, &s, &unflat);
  if (lo_pullback(&unflat, &sp, &pb, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "pullback", PROP_BOUNDED);
  for (int k = 0; k < s.len; k++) parts[k] = &rel[k];
  if (lo_tuple_nest(parts, s.len, &whole, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "nest", PROP_BOUNDED);
  reparen(&whole, &sp, &want);
  if (prop_same_morphism(x, &pb, &want, "pullback along id^S_{S-flat} vs id^{S'}_{(S'_1..S'_m)}"))
    return GEN_FAIL;
  return GEN_PASS;
}

/* Construction 3.2.5.5 recomputed: S'_i = entry_i(S) if alpha(i) = *,
** else T'_{alpha(i)}, its leaves sent to the positions of T'_{alpha(i)}. */
static int expected_pullback(const lo_morphism *f, const lo_tuple *tp, lo_morphism *out,
                             lo_err *err) {
  lo_tuple rel[LO_MAX_LEAVES], items[LO_MAX_LEAVES];
  int first[LO_MAX_LEAVES], n = 0;
  if (rel_positions(tp, &f->cod, rel, first, err)) return err->code;
  for (int i = 0; i < f->dom.len; i++) {
    int a = f->map[i];
    if (!a) {
      lo_tuple_int(&items[i], f->dom.leaf[i]);
      out->map[n++] = 0;
      continue;
    }
    items[i] = rel[a - 1];
    for (int k = 0; k < rel[a - 1].len && n < LO_MAX_LEAVES; k++)
      out->map[n++] = first[a - 1] + k + 1;
  }
  out->cod = *tp;
  return lo_tuple_substitute(&f->dom, items, &out->dom, err);
}

/* Constr 3.2.5.5, Lemma 3.2.5.10 / Prop 3.2.5.11: the
** pullback f' = T'^* f is as constructed, its domain refines S, its modes
** relative to S coalesce to the entries of L_f, and Phi_{L_f'} = Phi_{L_f}. */
static gen_verdict pullback_function(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, p, want;
  lo_tuple tp;
  lo_layout lf, lp;
  if (prop_morphism(x, 0, &f) || prop_tuple(x, 1, &tp)) return GEN_ERROR;
  if (lo_pullback(&f, &tp, &p, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "pullback", PROP_BOUNDED);
  if (lo_morphism_check(&p, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "the pullback is a morphism", PROP_BOUNDED);
  if (expected_pullback(&f, &tp, &want, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "Construction 3.2.5.5", PROP_BOUNDED);
  if (prop_same_morphism(x, &p, &want, "pullback vs Construction 3.2.5.5")) return GEN_FAIL;
  if (!lo_refines(&p.dom, &f.dom))
    return gen_failf(x, "f^*T' = %s does not refine S", prop_show_tuple(x, 0, &p.dom));
  if (lo_morphism_layout(&f, &lf, &oe) != LO_OK || lo_morphism_layout(&p, &lp, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_BOUNDED);
  if (relative_modes_coalesce(x, &lp, &lf)) return GEN_FAIL;
  return prop_judged(prop_same_function(x, &lp, &lf, "Phi_{L_f'} vs Phi_{L_f}"));
}

/* Construction 3.2.5.12 recomputed: T'_j = S'_i if alpha(i) = j, else
** entry_j(T); the leaves of S'_i go to the positions of T'_{alpha(i)}. */
static int expected_pushforward(const lo_morphism *f, const lo_tuple *sp, lo_morphism *out,
                                lo_err *err) {
  lo_tuple q[LO_MAX_LEAVES], items[LO_MAX_LEAVES];
  int qf[LO_MAX_LEAVES], first[LO_MAX_LEAVES], n = 0;
  if (rel_positions(sp, &f->dom, q, qf, err)) return err->code;
  for (int j = 0; j < f->cod.len; j++) lo_tuple_int(&items[j], f->cod.leaf[j]);
  for (int i = 0; i < f->dom.len; i++)
    if (f->map[i]) items[f->map[i] - 1] = q[i];
  for (int j = 0, at = 0; j < f->cod.len; j++) {
    first[j] = at;
    at += items[j].len;
  }
  for (int i = 0; i < f->dom.len; i++)
    for (int k = 0; k < q[i].len && n < LO_MAX_LEAVES; k++)
      out->map[n++] = f->map[i] ? first[f->map[i] - 1] + k + 1 : 0;
  out->dom = *sp;
  return lo_tuple_substitute(&f->cod, items, &out->cod, err);
}

/* Constr 3.2.5.12, Lemma 3.2.5.14 / Prop 3.2.5.15: the
** pushforward f' = S'_* f is as constructed (unhit codomain entries kept),
** its codomain refines T, its modes relative to S coalesce to the entries
** of L_f, and Phi_{L_f'} = Phi_{L_f}. */
static gen_verdict pushforward_function(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, p, want;
  lo_tuple sp;
  lo_layout lf, lp;
  if (prop_morphism(x, 0, &f) || prop_tuple(x, 1, &sp)) return GEN_ERROR;
  if (lo_pushforward(&f, &sp, &p, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "pushforward", PROP_BOUNDED);
  if (lo_morphism_check(&p, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "the pushforward is a morphism", PROP_BOUNDED);
  if (expected_pushforward(&f, &sp, &want, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "Construction 3.2.5.12", PROP_BOUNDED);
  if (prop_same_morphism(x, &p, &want, "pushforward vs Construction 3.2.5.12")) return GEN_FAIL;
  if (!lo_refines(&p.cod, &f.cod))
    return gen_failf(x, "f_*S' = %s does not refine T", prop_show_tuple(x, 0, &p.cod));
  if (lo_morphism_layout(&f, &lf, &oe) != LO_OK || lo_morphism_layout(&p, &lp, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_BOUNDED);
  if (relative_modes_coalesce(x, &lp, &lf)) return GEN_FAIL;
  return prop_judged(prop_same_function(x, &lp, &lf, "Phi_{L_f'} vs Phi_{L_f}"));
}

/* Obs 3.2.5.9: pullback is a contravariant functor: (g o f)^*U' =
** f^*(g^*U'), the pullback squares paste ((g o f)' = g' o f'), U'' -> U'
** gives f^*g^*U'' -> f^*g^*U', and id^* is the identity. */
static gen_verdict pullback_functor(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism g, f, gf, g1, f1, h1, c1, g2, f2, h2, id, p;
  lo_tuple u1, u2;
  if (prop_morphism(x, 0, &g) || prop_morphism(x, 1, &f) || prop_tuple(x, 2, &u1) ||
      prop_tuple(x, 3, &u2))
    return GEN_ERROR;
  if (lo_morphism_compose(&g, &f, &gf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "compose", PROP_BOUNDED);
  if (lo_pullback(&g, &u1, &g1, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "pullback of g along U'", PROP_BOUNDED);
  if (lo_pullback(&f, &g1.dom, &f1, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "pullback of f along g^*U'", PROP_BOUNDED);
  if (lo_pullback(&gf, &u1, &h1, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "pullback of g o f along U'", PROP_BOUNDED);
  if (prop_same_tuple(x, &h1.dom, &f1.dom, "(g o f)^*U' vs f^*(g^*U')")) return GEN_FAIL;
  if (lo_morphism_compose(&g1, &f1, &c1, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "compose", PROP_BOUNDED);
  if (prop_same_morphism(x, &h1, &c1, "(g o f)' vs g' o f'")) return GEN_FAIL;
  if (lo_pullback(&g, &u2, &g2, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "pullback of g along U''", PROP_BOUNDED);
  if (lo_pullback(&f, &g2.dom, &f2, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "pullback of f along g^*U''", PROP_BOUNDED);
  if (lo_pullback(&gf, &u2, &h2, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "pullback of g o f along U''", PROP_BOUNDED);
  if (prop_same_tuple(x, &h2.dom, &f2.dom, "(g o f)^*U'' vs f^*(g^*U'')")) return GEN_FAIL;
  if (!lo_refines(&g2.dom, &g1.dom) || !lo_refines(&f2.dom, &f1.dom))
    return gen_failf(x, "U'' -> U' does not give f^*g^*U'' = %s -> f^*g^*U' = %s",
                     prop_show_tuple(x, 0, &f2.dom), prop_show_tuple(x, 1, &f1.dom));
  lo_morphism_identity(&g.cod, &id);
  if (lo_pullback(&id, &u1, &p, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "pullback of the identity", PROP_BOUNDED);
  lo_morphism_identity(&u1, &id);
  if (prop_same_morphism(x, &p, &id, "pullback of id_U along U' vs id_{U'}")) return GEN_FAIL;
  return GEN_PASS;
}

/* Obs 3.2.5.16: pushforward is a covariant functor: (g o f)_*S' =
** g_*(f_*S'), the squares paste ((g o f)' = g' o f'), S'' -> S' gives
** g_*f_*S'' -> g_*f_*S', and id_* is the identity. */
static gen_verdict pushforward_functor(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism g, f, gf, f1, g1, h1, c1, f2, g2, h2, id, p;
  lo_tuple s1, s2;
  if (prop_morphism(x, 0, &g) || prop_morphism(x, 1, &f) || prop_tuple(x, 2, &s1) ||
      prop_tuple(x, 3, &s2))
    return GEN_ERROR;
  if (lo_morphism_compose(&g, &f, &gf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "compose", PROP_BOUNDED);
  if (lo_pushforward(&f, &s1, &f1, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "pushforward of f along S'", PROP_BOUNDED);
  if (lo_pushforward(&g, &f1.cod, &g1, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "pushforward of g along f_*S'", PROP_BOUNDED);
  if (lo_pushforward(&gf, &s1, &h1, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "pushforward of g o f along S'", PROP_BOUNDED);
  if (prop_same_tuple(x, &h1.cod, &g1.cod, "(g o f)_*S' vs g_*(f_*S')")) return GEN_FAIL;
  if (lo_morphism_compose(&g1, &f1, &c1, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "compose", PROP_BOUNDED);
  if (prop_same_morphism(x, &h1, &c1, "(g o f)' vs g' o f'")) return GEN_FAIL;
  if (lo_pushforward(&f, &s2, &f2, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "pushforward of f along S''", PROP_BOUNDED);
  if (lo_pushforward(&g, &f2.cod, &g2, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "pushforward of g along f_*S''", PROP_BOUNDED);
  if (lo_pushforward(&gf, &s2, &h2, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "pushforward of g o f along S''", PROP_BOUNDED);
  if (prop_same_tuple(x, &h2.cod, &g2.cod, "(g o f)_*S'' vs g_*(f_*S'')")) return GEN_FAIL;
  if (!lo_refines(&f2.cod, &f1.cod) || !lo_refines(&g2.cod, &g1.cod))
    return gen_failf(x, "S'' -> S' does not give g_*f_*S'' = %s -> g_*f_*S' = %s",
                     prop_show_tuple(x, 0, &g2.cod), prop_show_tuple(x, 1, &g1.cod));
  lo_morphism_identity(&f.dom, &id);
  if (lo_pushforward(&id, &s1, &p, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "pushforward of the identity", PROP_BOUNDED);
  lo_morphism_identity(&s1, &id);
  if (prop_same_morphism(x, &p, &id, "pushforward of id_S along S' vs id_{S'}")) return GEN_FAIL;
  return GEN_PASS;
}

/* T' or U' of a flat run, re-nested like the nested input: the
** correspondence of Lemma 3.2.5.20 (relative modes over the flattening,
** substituted into the nested profile). */
static int renest(const lo_tuple *flat_ref, const lo_tuple *nested, lo_tuple *out, lo_err *err) {
  lo_tuple flat, rel[LO_MAX_LEAVES];
  int n;
  lo_tuple_flatten(nested, &flat);
  if (lo_relative_modes(flat_ref, &flat, rel, LO_MAX_LEAVES, &n, err)) return err->code;
  return lo_tuple_substitute(nested, rel, out, err);
}

/* Lemma 3.2.5.20: Algorithm 4.1.1 on (T, U) and on (T-flat,
** U-flat) both answer or both answer None, and the nested answer is the
** flat one re-nested along the profiles of T and U. */
static gen_verdict mutual_refinement_flat(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_tuple t, u, tf, uf, tp, up, tfp, ufp, rt, ru;
  lo_err e1, e2;
  if (prop_tuple(x, 0, &t) || prop_tuple(x, 1, &u)) return GEN_ERROR;
  lo_tuple_flatten(&t, &tf);
  lo_tuple_flatten(&u, &uf);
  int a = lo_mutual_refinement(&t, &u, &tp, &up, &e1) == LO_OK;
  int b = lo_mutual_refinement(&tf, &uf, &tfp, &ufp, &e2) == LO_OK;
  if (a != b)
    return gen_failf(x, "nested: %s, flat: %s", a ? "a refinement" : e1.msg,
                     b ? "a refinement" : e2.msg);
  if (!a) {
    x->labels |= 1u << GEN_L_UNDEFINED;
    return GEN_PASS;
  }
  if (renest(&tfp, &t, &rt, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "re-nesting T'", PROP_BOUNDED);
  if (renest(&ufp, &u, &ru, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "re-nesting U'", PROP_BOUNDED);
  if (prop_same_tuple(x, &tp, &rt, "T' vs the flat T' re-nested")) return GEN_FAIL;
  if (prop_same_tuple(x, &up, &ru, "U' vs the flat U' re-nested")) return GEN_FAIL;
  return GEN_PASS;
}

/* ------------------------------------------ 3.2.6 operations on morphisms */

/* Constr 3.2.6.4, Prop 3.2.6.10: L_{(f_1..f_k)} = (L_{f_1},
** ..., L_{f_k}); (f_1..f_k)-flat = f_1-flat * ... * f_k-flat; images must be
** disjoint ((f_1, f_1) is refused when f_1 hits something). */
gen_verdict p_nest_concat(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism fs[GEN_MAX_ARGS], c, cf, acc, fl;
  const lo_morphism *pf[GEN_MAX_ARGS];
  lo_layout ls[GEN_MAX_ARGS], lc, want;
  const lo_layout *pl[GEN_MAX_ARGS];
  int k = x->argc;
  for (int i = 0; i < k; i++) {
    if (prop_morphism(x, i, &fs[i])) return GEN_ERROR;
    if (lo_morphism_layout(&fs[i], &ls[i], &oe) != LO_OK)
      return prop_verdict_of(x, &oe, "layout", PROP_BOUNDED);
    pf[i] = &fs[i];
    pl[i] = &ls[i];
  }
  if (lo_morphism_concat(pf, k, &c, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "concat", PROP_BOUNDED);
  if (lo_morphism_layout(&c, &lc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_BOUNDED);
  if (lo_layout_nest(pl, k, &want, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "nest", PROP_BOUNDED);
  if (prop_same_layout(x, &lc, &want, "L_{(f_1..f_k)} vs (L_{f_1}..L_{f_k})")) return GEN_FAIL;
  p_nest_flat_of(&fs[0], &acc);
  for (int i = 1; i < k; i++) {
    p_nest_flat_of(&fs[i], &fl);
    if (lo_morphism_flat_concat(&acc, &fl, &acc, &oe) != LO_OK)
      return prop_verdict_of(x, &oe, "flat concat", PROP_BOUNDED);
  }
  p_nest_flat_of(&c, &cf);
  if (prop_same_morphism(x, &cf, &acc, "(f_1..f_k)-flat vs f_1-flat * ... * f_k-flat"))
    return GEN_FAIL;
  int hits = 0;
  for (int i = 0; i < fs[0].dom.len; i++) hits |= fs[0].map[i] != 0;
  if (!hits) return GEN_PASS;
  const lo_morphism *twice[2] = {&fs[0], &fs[0]};
  lo_err e;
  if (lo_morphism_concat(twice, 2, &c, &e) == LO_OK)
    return gen_failf(x, "(f_1, f_1) was accepted although the images meet");
  return GEN_PASS;
}

/* ------------------------------------------------ chapter 4: computations */

/* ---------------------------------------------------------------- table */

const gen_property prop_nest_table[] = {
    {"nest.flatten_inclusion",
     "f-flat is a Tuple morphism, flattening o inclusion = id, L_{f-flat} = (L_f)-flat, f = "
     "id^T_{T-flat} o f-flat o id^{S-flat}_S",
     "Obs 3.2.1.7, p.124; Obs 3.2.2.5; Obs 3.2.3.3", GEN_THEOREM, "morphism", "layout",
     flatten_inclusion, NULL, NULL, 0},
    {"nest.standard_rep_tractable",
     "f_L exists iff L is tractable; then f_L : shape(L) -> T (T flat) is standard and L_{f_L} = "
     "L, degenerate L included",
     "Lemma 3.2.2.8, p.126; Prop 3.2.2.9", GEN_THEOREM, "nest_maybe_tractable", "morphism",
     standard_rep_tractable, NULL, NULL, 0},
    {"nest.theorem_a_standard",
     "is_standard_form = Def 3.1.2.12 with the n = 1 fix; for non-degenerate f: f_{L_f} = f iff f "
     "is standard; "
     "f_{L_f} non-degenerate",
     "Prop 3.2.2.15 = Theorem A, p.127; Lemma 3.1.2.20, Lemma 3.2.2.8; condition (1) of the "
     "standard form for n >= 1",
     GEN_THEOREM, "nest_standard", "layout", theorem_a_standard, NULL, NULL, 0},
    {"nest.reparenthesize",
     "L_{id^{S2}_{S1}} is column-major of shape S1; reparenthesizations compose and invert",
     "Ex 3.2.3.1, p.128", GEN_THEOREM, "nest_reparen", "composition", reparenthesize, NULL, NULL,
     0},
    {"nest.entries_modes",
     "L_{entry_i f} = entry_i(L_f), entry_i(id_S) = entry inclusion, mode_k f = f o incl_k(S) "
     "encodes mode_k(L_f), f = (mode_1 f, ..., mode_r f)",
     "Ex 3.2.3.4-3.2.3.7, p.128-129; Ex 3.2.6.9", GEN_THEOREM, "nest_morphism_entry", "entry",
     entries_modes, NULL, NULL, 0},
    {"nest.relative_inclusion",
     "incl_i(S',S) = mode_i(id_{S'},S) = pullback of S' along s_i -> S; pullback along "
     "id^S_{S-flat} is id^{S'}_{(S'_1..S'_m)}",
     "Constr 3.2.5.1, p.130; Constr 3.2.5.3; Ex 3.2.5.7, 3.2.5.8", GEN_THEOREM,
     "nest_refinement_index", "relative_mode_inclusion", relative_inclusion, NULL, NULL, 0},
    {"nest.pullback_function",
     "T'^*f is Construction 3.2.5.5, f^*T' refines S, relative modes coalesce to s_i:d_i, "
     "Phi_{L_f'} = Phi_{L_f}",
     "Constr 3.2.5.5, p.131; Lemma 3.2.5.10 (coal on both sides for s_i = 1), Prop "
     "3.2.5.11, p.133",
     GEN_THEOREM, "nest_refined_cod", "pullback", pullback_function, NULL, NULL, 0},
    {"nest.pullback_functor",
     "(g o f)^*U' = f^*(g^*U'), (g o f)' = g' o f', U'' -> U' maps to f^*g^*U'' -> f^*g^*U', "
     "id^* = id",
     "Obs 3.2.5.9, p.132", GEN_THEOREM, "nest_pullback_chain", "pullback", pullback_functor, NULL,
     NULL, 0},
    {"nest.pushforward_function",
     "S'_*f is Construction 3.2.5.12, f_*S' refines T, relative modes coalesce to s_i:d_i, "
     "Phi_{L_f'} = Phi_{L_f}",
     "Constr 3.2.5.12, p.134; Lemma 3.2.5.14, Prop 3.2.5.15, p.135", GEN_THEOREM,
     "nest_refined_dom", "pushforward", pushforward_function, NULL, NULL, 0},
    {"nest.pushforward_functor",
     "(g o f)_*S' = g_*(f_*S'), (g o f)' = g' o f', S'' -> S' maps to g_*f_*S'' -> g_*f_*S', "
     "id_* = id",
     "Obs 3.2.5.16, p.136", GEN_THEOREM, "nest_pushforward_chain", "pushforward",
     pushforward_functor, NULL, NULL, 0},
    {"nest.mutual_flat",
     "Algorithm 4.1.1 on (T,U) and (T-flat,U-flat) agree: both None, or the same refinement "
     "re-nested",
     "Lemma 3.2.5.20, p.136; Obs 4.1.1.6", GEN_THEOREM, "nest_tuple_pair", "mutual_refinement",
     mutual_refinement_flat, NULL, NULL, 0},
};
const int prop_nest_count = (int)(sizeof prop_nest_table / sizeof prop_nest_table[0]);
