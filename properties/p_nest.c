/*
** p_nest.c -- the properties of the category Nest and the composition
** algorithm (INDEX.md §2, section 3.2 and chapter 4).
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
**   [186] Def 3.2.1.1, Obs 3.2.1.4 (Nest as a pullback of categories) and
**   [197] (Ref as a poset category) are definitions of categories; their
**   computable content is the composition and refinement tests used here.
**   [205] Obs 3.2.5.17/3.2.5.18 (isomorphisms induce isomorphisms of the
**   refinement posets): statements about whole categories Ref(S); only the
**   functor laws of [201]/[205] on given refinements are checked.
**   [207] the one-to-one correspondence of Lemma 3.2.5.20 is checked on
**   the refinement Algorithm 4.1.1 returns, not over all refinements.
**   [222]/[223] Def 4.1.1.1 and Obs 4.1.1.6 restate [206]/[207].
**   [228] the worked examples of §4.1.4 are corpus entries, not properties.
**   [229]-[231] Appendix A (category, isomorphism, functor) has no
**   `Property:` line and no layout content.
**
** Statements checked in a corrected form:
**   [216] Theorem B needs only f non-degenerate (INDEX E2); for degenerate
**   f the composite is coal(L_{g o f}, S), not L_{g o f}.
**   [202]/[204] Lemmas 3.2.5.10/3.2.5.14 read coal(L_{f'_i}) = coal(s_i:d_i):
**   for s_i = 1 mapped to an entry 1 the literal s_i:d_i has d_i != 0 while
**   coal(L_{f'_i}) = 1:0 (f = 1--(2)-->(2,1), T' = T).
**   [224] None from Algorithm 4.1.1 means "no mutual refinement" only when T
**   has no entry 1: T = (2,1), U = (2) have ((2,1), ((2,1))) but the
**   algorithm answers None (INDEX A20).
*/
#include "properties.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------- helpers */

/* f-flat: the same map between the flattenings (Obs 3.2.2.5). */
static void flat_of(const lo_morphism *f, lo_morphism *out) {
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
static int eval_morphism(gen_ctx *x, const char *op, int argc, const char *const *argv,
                         lo_morphism *out) {
  char buf[2048];
  lo_err e;
  if (lo_eval(op, argc, argv, buf, sizeof buf)) return gen_failf(x, "%s failed: %s", op, buf);
  if (lo_parse_morphism(buf, out, &e)) return gen_failf(x, "%s gave '%s': %s", op, buf, e.msg);
  return 0;
}

/* The same for an op answering true or false: 1, 0, or -1 (message set). */
static int eval_bool(gen_ctx *x, const char *op, int argc, const char *const *argv) {
  char buf[2048];
  if (lo_eval(op, argc, argv, buf, sizeof buf) == LO_OK) {
    if (strcmp(buf, "true") == 0) return 1;
    if (strcmp(buf, "false") == 0) return 0;
  }
  gen_failf(x, "%s gave '%s'", op, buf);
  return -1;
}

/* Text of a tuple for an eval argument ("" if it does not fit). */
static const char *text_tuple(char *buf, size_t cap, const lo_tuple *t) {
  return lo_print_tuple(t, buf, cap) ? "" : buf;
}
/* Text of a morphism for an eval argument ("" if it does not fit). */
static const char *text_morphism(char *buf, size_t cap, const lo_morphism *f) {
  return lo_print_morphism(f, buf, cap) ? "" : buf;
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

/* [187] Obs 3.2.1.7, [188] Obs 3.2.2.5, [195] Obs 3.2.3.3: f-flat is a
** Tuple morphism, flattening a Tuple morphism seen in Nest gives it back,
** L_{f-flat} = (L_f)-flat, and f = id^T_{T-flat} o f-flat o id^{S-flat}_S. */
static gen_verdict flatten_inclusion(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, ff, back, fb, a, r, u, w;
  lo_layout lf, lff, flat;
  char buf[2048];
  lo_err e;
  if (prop_morphism(x, 0, &f)) return GEN_ERROR;
  flat_of(&f, &ff);
  if (lo_morphism_check(&ff, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "f-flat is a morphism", PROP_BOUNDED);
  if (lo_parse_morphism(text_morphism(buf, sizeof buf, &ff), &back, &e))
    return gen_failf(x, "f-flat does not read back: %s", e.msg);
  flat_of(&back, &fb);
  if (prop_same_morphism(x, &fb, &ff, "flattening o inclusion")) return GEN_FAIL;
  if (lo_morphism_layout(&f, &lf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_BOUNDED);
  if (lo_morphism_layout(&ff, &lff, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_BOUNDED);
  lo_layout_flatten(&lf, &flat);
  if (prop_same_layout(x, &lff, &flat, "L_{f-flat} vs (L_f)-flat")) return GEN_FAIL;
  reparen(&f.dom, &ff.dom, &u);
  reparen(&ff.cod, &f.cod, &r);
  if (lo_morphism_compose(&ff, &u, &a, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "compose", PROP_BOUNDED);
  if (lo_morphism_compose(&r, &a, &w, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "compose", PROP_BOUNDED);
  if (prop_same_morphism(x, &w, &f, "id^T_{T-flat} o f-flat o id^{S-flat}_S vs f")) return GEN_FAIL;
  return GEN_PASS;
}

/* Def 2.1.8.1 (INDEX A7): sort the flattened modes by (d, s); every
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

/* Standard form (Def 3.1.2.12 / 3.2.2.10 with fix E1, INDEX §0.8). */
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

/* [190] Lemma 3.2.2.8, [191] Prop 3.2.2.9: L has a standard
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

/* [194] Theorem A (Prop 3.2.2.15) with [139]/[192] and E1, on
** non-degenerate Nest morphisms generated directly (not as some f_L):
** is_standard_form agrees with Def 3.1.2.12 + E1; a standard f has L_f
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
    return gen_failf(x, "is_standard_form says %d, Def 3.1.2.12 with E1 says %d", !standard,
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

/* [195] Ex 3.2.3.1: the reparenthesization id^{S2}_{S1} encodes the
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

/* [195] Ex 3.2.3.4/3.2.3.5: L_{entry_i f} = entry_i(L_f); the oracle's
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
  if (eval_morphism(x, "entry", 2, a1, &op)) return GEN_FAIL;
  if (op.dom.len != 1 || op.dom.leaf[0] != pe.dom.leaf[0] || op.map[0] != pe.map[0] ||
      !lo_tuple_equal(&op.cod, &pe.cod))
    return gen_failf(x, "entry op gives %s, Ex 3.2.3.4 gives %s", prop_show_morphism(x, 0, &op),
                     prop_show_morphism(x, 1, &pe));
  lo_morphism_identity(&f->dom, &id);
  paper_entry(&id, i, &ide);
  const char *a2[2] = {text_tuple(sb, sizeof sb, &f->dom), ib};
  if (eval_morphism(x, "entry_inclusion", 2, a2, &inc)) return GEN_FAIL;
  return prop_same_morphism(x, &inc, &ide, "entry_inclusion S i vs entry_i(id_S)");
}

/* [195] Ex 3.2.3.6/3.2.3.7, Ex 3.2.6.9: mode_k(f) = f o incl_k(S) lies over
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
    const char *a[2] = {text_tuple(sb, sizeof sb, &f->dom), kb};
    if (eval_morphism(x, "mode_inclusion", 2, a, &inc)) return GEN_FAIL;
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

/* [195] entries and modes of a Nest morphism. */
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

/* [198] Constr 3.2.5.1, [199] Constr 3.2.5.3, Ex 3.2.5.7, Ex 3.2.5.8:
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
  if (eval_morphism(x, "relative_mode_inclusion", 3, x->argv, &inc)) return GEN_FAIL;
  want.dom = rel[i - 1];
  want.cod = sp;
  for (int k = 0; k < want.dom.len; k++) want.map[k] = first[i - 1] + k + 1;
  if (prop_same_morphism(x, &inc, &want, "incl_i(S',S) vs Constr 3.2.5.1")) return GEN_FAIL;
  lo_morphism_identity(&sp, &id);
  const char *a[3] = {text_morphism(b1, sizeof b1, &id), x->argv[1], x->argv[2]};
  if (eval_morphism(x, "relative_mode", 3, a, &rm)) return GEN_FAIL;
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

/* [200] Constr 3.2.5.5, [202] Lemma 3.2.5.10 / Prop 3.2.5.11: the
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
  if (lo_morphism_layout(&f, &lf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_BOUNDED);
  if (lo_morphism_layout(&p, &lp, &oe) != LO_OK)
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

/* [203] Constr 3.2.5.12, [204] Lemma 3.2.5.14 / Prop 3.2.5.15: the
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
  if (lo_morphism_layout(&f, &lf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_BOUNDED);
  if (lo_morphism_layout(&p, &lp, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_BOUNDED);
  if (relative_modes_coalesce(x, &lp, &lf)) return GEN_FAIL;
  return prop_judged(prop_same_function(x, &lp, &lf, "Phi_{L_f'} vs Phi_{L_f}"));
}

/* [201] Obs 3.2.5.9: pullback is a contravariant functor: (g o f)^*U' =
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

/* [205] Obs 3.2.5.16: pushforward is a covariant functor: (g o f)_*S' =
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

/* [207] Lemma 3.2.5.20: Algorithm 4.1.1 on (T, U) and on (T-flat,
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

/* [224] Algorithm 4.1.1 (with E12): for T without 1s it answers None
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

/* ------------------------------------------ 3.2.6 operations on morphisms */

/* [208] Constr 3.2.6.4, [209] Prop 3.2.6.10: L_{(f_1..f_k)} = (L_{f_1},
** ..., L_{f_k}); (f_1..f_k)-flat = f_1-flat * ... * f_k-flat; images must be
** disjoint ((f_1, f_1) is refused when f_1 hits something). */
static gen_verdict concat(gen_ctx *x) {
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
  flat_of(&fs[0], &acc);
  for (int i = 1; i < k; i++) {
    flat_of(&fs[i], &fl);
    if (lo_morphism_flat_concat(&acc, &fl, &acc, &oe) != LO_OK)
      return prop_verdict_of(x, &oe, "flat concat", PROP_BOUNDED);
  }
  flat_of(&c, &cf);
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

/* INDEX A15 / D13: only codomain runs hit by consecutive domain entries
** merge, so the unhit codomain entries of coal(f) are those of
** squeeze(T), in order. */
static int unhit_kept(gen_ctx *x, const lo_morphism *f, const lo_morphism *c) {
  lo_int a[LO_MAX_LEAVES], b[LO_MAX_LEAVES];
  int na = unhit_entries(f, a), nb = unhit_entries(c, b);
  if (na == nb && memcmp(a, b, (size_t)na * sizeof *a) == 0) return 0;
  return gen_failf(x, "coal(f) = %s merges or loses unhit codomain entries",
                   prop_show_morphism(x, 0, c));
}

/* [210] Def 3.2.6.11, [211] with [163]-[166]: coal(f) has an integer
** domain when coal-flat(f-flat) has one entry (1--(*)--> when none), a flat
** one otherwise, and a flat codomain; it is coalesced (Def 3.1.5.20),
** merges no unhit codomain entries (D13), keeps both sizes, is
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
  if (lo_tuple_size(&c.dom, &a, &oe) != LO_OK) return prop_verdict_of(x, &oe, "size", PROP_BOUNDED);
  if (lo_tuple_size(&f.dom, &b, &oe) != LO_OK) return prop_verdict_of(x, &oe, "size", PROP_BOUNDED);
  if (a != b) return gen_failf(x, "coal(f) changes size(S) to %lld", (long long)a);
  if (lo_tuple_size(&c.cod, &a, &oe) != LO_OK) return prop_verdict_of(x, &oe, "size", PROP_BOUNDED);
  if (lo_tuple_size(&f.cod, &b, &oe) != LO_OK) return prop_verdict_of(x, &oe, "size", PROP_BOUNDED);
  if (a != b) return gen_failf(x, "coal(f) changes size(T) to %lld", (long long)a);
  if (lo_morphism_coalesce(&c, &cc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "coalesce", PROP_BOUNDED);
  if (prop_same_morphism(x, &cc, &c, "coal(coal f) vs coal f")) return GEN_FAIL;
  flat_of(&f, &ff);
  if (lo_morphism_coalesce(&ff, &cf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "coalesce", PROP_BOUNDED);
  if (prop_same_morphism(x, &cf, &c, "coal(f-flat) vs coal(f)")) return GEN_FAIL;
  if (lo_morphism_layout(&f, &lf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_BOUNDED);
  if (lo_morphism_layout(&c, &lc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_BOUNDED);
  return prop_judged(prop_same_function(x, &lc, &lf, "Phi_{L_coal f} vs Phi_{L_f}"));
}

/* [212] Def 3.2.6.14 / Remark 3.2.6.15: (f, g) is an isomorphism iff
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
  flat_of(&f, &ff);
  flat_of(&g, &gf);
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

/* [213] Prop 3.2.6.16/3.2.6.19: for a complement g of f (a permuted,
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
  if (lo_morphism_layout(&f, &lf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_BOUNDED);
  if (lo_morphism_layout(&g, &lg, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_BOUNDED);
  if (lo_tuple_size(&f.cod, &n, &oe) != LO_OK) return prop_verdict_of(x, &oe, "size", PROP_BOUNDED);
  if (lo_size(&lf, &sf, &oe) != LO_OK) return prop_verdict_of(x, &oe, "size", PROP_BOUNDED);
  if (lo_size(&lg, &sg, &oe) != LO_OK) return prop_verdict_of(x, &oe, "size", PROP_BOUNDED);
  if (sf * sg != n)
    return gen_failf(x, "size(L_f) size(L_g) = %lld, size(T) = %lld", (long long)(sf * sg),
                     (long long)n);
  const lo_layout *pl[2] = {&lf, &lg};
  if (lo_layout_nest(pl, 2, &l, &oe) != LO_OK) return prop_verdict_of(x, &oe, "nest", PROP_BOUNDED);
  return prop_judged(prop_bijective_onto(x, &l, n, "Phi"));
}

/* [214] Constr 3.2.6.17, Prop 3.1.5.48/3.1.5.50 on Nest: f^c has a flat
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
  flat_of(&f, &ff);
  if (lo_morphism_complement(&ff, &ffc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "complement", PROP_BOUNDED);
  flat_of(&fc, &fcf);
  if (prop_same_morphism(x, &fcf, &ffc, "f^c-flat vs (f-flat)^c")) return GEN_FAIL;
  if (lo_morphism_sort(&g, &sg, &oe) != LO_OK) return prop_verdict_of(x, &oe, "sort", PROP_BOUNDED);
  if (prop_same_morphism(x, &sg, &fc, "sort(g) vs f^c")) return GEN_FAIL;
  if (lo_morphism_sort(&f, &sf, &oe) != LO_OK) return prop_verdict_of(x, &oe, "sort", PROP_BOUNDED);
  if (lo_morphism_complement(&fc, &fcc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "complement", PROP_BOUNDED);
  if (prop_same_morphism(x, &sf, &fcc, "sort(f) vs (f^c)^c")) return GEN_FAIL;
  return GEN_PASS;
}

/* [215] Theorem D, the part before coalescing: for injective f, Phi of
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
  if (lo_morphism_layout(&f, &lf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_BOUNDED);
  if (lo_morphism_layout(&fc, &lfc, &oe) != LO_OK)
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

/* [216] Theorem B with E2, [196] Lemma 3.2.4.2, [150] functoriality: for
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
  if (lo_morphism_layout(&g, &lg, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_BOUNDED);
  if (lo_morphism_layout(&f, &lf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_BOUNDED);
  if (lo_morphism_layout(&gf, &lgf, &oe) != LO_OK)
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

/* [217] Def 3.2.6.23, [218] Theorem E by brute force: f (/) g is refused
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
  if (lo_morphism_layout(&f, &lf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_BOUNDED);
  if (lo_morphism_layout(&g, &lg, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_BOUNDED);
  if (lo_morphism_layout(&gc, &lgc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_BOUNDED);
  if (lo_morphism_layout(&q, &lq, &oe) != LO_OK)
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
  if (lo_coalesce(&lq, &a, &oe) != LO_OK) return prop_verdict_of(x, &oe, "coalesce", PROP_BOUNDED);
  if (lo_coalesce(&cute, &b, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "coalesce", PROP_BOUNDED);
  if (prop_same_layout(x, &a, &b, "coal(L_{f/g}) vs coal(logical_divide(L_f, L_g))"))
    return GEN_FAIL;
  return GEN_PASS;
}

/* [219] Prop 3.2.6.27: (f (/) g)-flat = f-flat (/)flat g-flat, and the
** flat division of the nested morphisms flattens to the same; all are
** refused for g not injective. */
static gen_verdict divide_flatten(gen_ctx *x) {
  lo_morphism f, g, q, qf, ff, gf, d1, d2, d2f;
  lo_err e;
  if (prop_morphism(x, 0, &f) || prop_morphism(x, 1, &g)) return GEN_ERROR;
  flat_of(&f, &ff);
  flat_of(&g, &gf);
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
  flat_of(&q, &qf);
  if (prop_same_morphism(x, &qf, &d1, "(f / g)-flat vs f-flat /flat g-flat")) return GEN_FAIL;
  flat_of(&d2, &d2f);
  if (prop_same_morphism(x, &d2f, &d1, "(f /flat g)-flat vs f-flat /flat g-flat")) return GEN_FAIL;
  return GEN_PASS;
}

/* [220] Def 3.2.6.28, [221] Theorem F by brute force, Lemma 3.1.5.60 on
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
  if (lo_morphism_layout(&f, &lf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_BOUNDED);
  if (lo_morphism_layout(&g, &lg, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_BOUNDED);
  if (lo_morphism_layout(&fc, &lfc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_BOUNDED);
  if (lo_morphism_layout(&p, &lp, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_BOUNDED);
  if (lo_layout_mode(&lp, 1, &m1, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "mode", PROP_BOUNDED);
  if (lo_layout_mode(&lp, 2, &m2, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "mode", PROP_BOUNDED);
  if (prop_same_layout(x, &m1, &lf, "mode 1 of L_{f (x) g} vs L_f")) return GEN_FAIL;
  int r = prop_is_composite(x, &lfc, &lg, &m2);
  if (r <= 0) return prop_judged(r);
  if (!lo_morphism_is_injective(&g)) return GEN_PASS;
  if (!lo_morphism_is_injective(&p))
    return gen_failf(x, "f (x) g = %s is not injective", prop_show_morphism(x, 0, &p));
  if (lo_morphism_complement(&p, &pc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "complement", PROP_BOUNDED);
  if (lo_morphism_complement(&g, &gc, &oe) != LO_OK)
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

/* [156] Prop 3.1.5.10, [158]/[161] Prop 3.1.5.14/3.1.5.18 on Nest
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

/* [181] Prop 3.1.5.56 with nested f, g: coal-flat(L_{f /flat g}) =
** coal-flat(L_f /flat L_g), and Phi_{L_{f /flat g}} = Phi_{L_f} o
** Phi_{L_g * L_{g^c}}. */
static gen_verdict flat_divide(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, g, q, gc;
  lo_layout lf, lg, lgc, lq, d, a, b, inner;
  if (prop_morphism(x, 0, &f) || prop_morphism(x, 1, &g)) return GEN_ERROR;
  if (lo_morphism_flat_divide(&f, &g, &q, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat divide", PROP_BOUNDED);
  if (lo_morphism_layout(&f, &lf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_BOUNDED);
  if (lo_morphism_layout(&g, &lg, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_BOUNDED);
  if (lo_morphism_layout(&q, &lq, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_BOUNDED);
  if (lo_flat_divide(&lf, &lg, &d, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat divide of layouts", PROP_BOUNDED);
  if (lo_flat_coalesce(&lq, &a, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat coalesce", PROP_BOUNDED);
  if (lo_flat_coalesce(&d, &b, &oe) != LO_OK)
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

/* [185] Prop 3.1.5.62 with nested f, g and N as in E9: L_{f (x)flat g} =
** L_f (x)flat L_g. */
static gen_verdict flat_product(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, g, p;
  lo_layout lf, lg, lp, q;
  if (prop_morphism(x, 0, &f) || prop_morphism(x, 1, &g)) return GEN_ERROR;
  if (lo_morphism_flat_product(&f, &g, &p, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat product", PROP_BOUNDED);
  if (lo_morphism_layout(&f, &lf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_BOUNDED);
  if (lo_morphism_layout(&g, &lg, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_BOUNDED);
  if (lo_morphism_layout(&p, &lp, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_BOUNDED);
  if (lo_flat_product(&lf, &lg, &q, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat product of layouts", PROP_BOUNDED);
  if (prop_same_layout(x, &lp, &q, "L_{f (x)flat g} vs L_f (x)flat L_g")) return GEN_FAIL;
  return GEN_PASS;
}

/* ------------------------------------------------ chapter 4: computations */

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

/* [225] Construction 4.1.2.1 (A21): with the mutual refinement (T', U') of
** (codomain f, domain g), f' = i o T'^*f and g' = U'_*g are composable,
** Phi_{L_f'} = Phi_{L_f}, Phi_{L_g'} = Phi_{L_g}; `pullback_then_include`
** gives f'; the weak composite is g' o f', its domain refines S, and it
** realizes Phi_{L_g} o Phi_{L_f}.  Without a mutual refinement (by the
** criterion of [224]) the weak composite is refused. */
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
  const char *a[3] = {x->argv[0], text_tuple(b1, sizeof b1, &tp), text_tuple(b2, sizeof b2, &up)};
  if (eval_morphism(x, "pullback_then_include", 3, a, &op)) return GEN_FAIL;
  if (prop_same_morphism(x, &op, &fp, "pullback_then_include vs i o T'^*f")) return GEN_FAIL;
  if (wrc) return gen_failf(x, "weak composite failed: %s", e.msg);
  if (lo_morphism_compose(&gp, &fp, &want, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "compose", PROP_BOUNDED);
  if (prop_same_morphism(x, &w, &want, "weak composite vs g' o f'")) return GEN_FAIL;
  if (!lo_refines(&w.dom, &f.dom))
    return gen_failf(x, "domain %s of the weak composite does not refine S",
                     prop_show_tuple(x, 0, &w.dom));
  if (lo_morphism_layout(&f, &lf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_BOUNDED);
  if (lo_morphism_layout(&g, &lg, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_BOUNDED);
  if (lo_morphism_layout(&fp, &lfp, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_BOUNDED);
  if (lo_morphism_layout(&gp, &lgp, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_BOUNDED);
  int r = prop_same_function(x, &lfp, &lf, "Phi_{L_f'} vs Phi_{L_f}");
  if (r <= 0) return prop_judged(r);
  r = prop_same_function(x, &lgp, &lg, "Phi_{L_g'} vs Phi_{L_g}");
  if (r <= 0) return prop_judged(r);
  return prop_judged(weak_composite_function(x, &f, &g, &w));
}

/* [226] Algorithm 4.1.2, [227] Theorem 4.1.3.1: for tractable A (applied
** first) and B, the algorithm answers None only when the codomain of f_A
** and the domain of f_{coal B} have no mutual refinement (D10); when it
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

/* ---------------------------------------------------------------- table */

const gen_property prop_nest_table[] = {
    {"nest.flatten_inclusion",
     "f-flat is a Tuple morphism, flattening o inclusion = id, L_{f-flat} = (L_f)-flat, f = "
     "id^T_{T-flat} o f-flat o id^{S-flat}_S",
     "[187] Obs 3.2.1.7, p.124; [188] Obs 3.2.2.5; [195] Obs 3.2.3.3", GEN_THEOREM, "morphism",
     "layout", flatten_inclusion, NULL},
    {"nest.standard_rep_tractable",
     "f_L exists iff L is tractable; then f_L : shape(L) -> T (T flat) is standard and L_{f_L} = "
     "L, degenerate L included",
     "[190] Lemma 3.2.2.8, p.126; [191] Prop 3.2.2.9", GEN_THEOREM, "nest_maybe_tractable",
     "morphism", standard_rep_tractable, NULL},
    {"nest.theorem_a_standard",
     "is_standard_form = Def 3.1.2.12 + E1; for non-degenerate f: f_{L_f} = f iff f is standard; "
     "f_{L_f} non-degenerate",
     "[194] Prop 3.2.2.15 = Theorem A, p.127; [139], [192]; standard form with fix INDEX E1",
     GEN_THEOREM, "nest_standard", "layout", theorem_a_standard, NULL},
    {"nest.reparenthesize",
     "L_{id^{S2}_{S1}} is column-major of shape S1; reparenthesizations compose and invert",
     "[195] Ex 3.2.3.1, p.128", GEN_THEOREM, "nest_reparen", "composition", reparenthesize, NULL},
    {"nest.entries_modes",
     "L_{entry_i f} = entry_i(L_f), entry_i(id_S) = entry inclusion, mode_k f = f o incl_k(S) "
     "encodes mode_k(L_f), f = (mode_1 f, ..., mode_r f)",
     "[195] Ex 3.2.3.4-3.2.3.7, p.128-129; [208] Ex 3.2.6.9", GEN_THEOREM, "nest_morphism_entry",
     "entry", entries_modes, NULL},
    {"nest.relative_inclusion",
     "incl_i(S',S) = mode_i(id_{S'},S) = pullback of S' along s_i -> S; pullback along "
     "id^S_{S-flat} is id^{S'}_{(S'_1..S'_m)}",
     "[198] Constr 3.2.5.1, p.130; [199] Constr 3.2.5.3; Ex 3.2.5.7, 3.2.5.8", GEN_THEOREM,
     "nest_refinement_index", "relative_mode_inclusion", relative_inclusion, NULL},
    {"nest.pullback_function",
     "T'^*f is Construction 3.2.5.5, f^*T' refines S, relative modes coalesce to s_i:d_i, "
     "Phi_{L_f'} = Phi_{L_f}",
     "[200] Constr 3.2.5.5, p.131; [202] Lemma 3.2.5.10 (coal on both sides for s_i = 1), Prop "
     "3.2.5.11, p.133",
     GEN_THEOREM, "nest_refined_cod", "pullback", pullback_function, NULL},
    {"nest.pullback_functor",
     "(g o f)^*U' = f^*(g^*U'), (g o f)' = g' o f', U'' -> U' maps to f^*g^*U'' -> f^*g^*U', "
     "id^* = id",
     "[201] Obs 3.2.5.9, p.132", GEN_THEOREM, "nest_pullback_chain", "pullback", pullback_functor,
     NULL},
    {"nest.pushforward_function",
     "S'_*f is Construction 3.2.5.12, f_*S' refines T, relative modes coalesce to s_i:d_i, "
     "Phi_{L_f'} = Phi_{L_f}",
     "[203] Constr 3.2.5.12, p.134; [204] Lemma 3.2.5.14, Prop 3.2.5.15, p.135", GEN_THEOREM,
     "nest_refined_dom", "pushforward", pushforward_function, NULL},
    {"nest.pushforward_functor",
     "(g o f)_*S' = g_*(f_*S'), (g o f)' = g' o f', S'' -> S' maps to g_*f_*S'' -> g_*f_*S', "
     "id_* = id",
     "[205] Obs 3.2.5.16, p.136", GEN_THEOREM, "nest_pushforward_chain", "pushforward",
     pushforward_functor, NULL},
    {"nest.mutual_flat",
     "Algorithm 4.1.1 on (T,U) and (T-flat,U-flat) agree: both None, or the same refinement "
     "re-nested",
     "[207] Lemma 3.2.5.20, p.136; [223] Obs 4.1.1.6", GEN_THEOREM, "nest_tuple_pair",
     "mutual_refinement", mutual_refinement_flat, NULL},
    {"nest.mutual_exists",
     "for T without 1s, Algorithm 4.1.1 answers None iff no mutual refinement exists",
     "[224] Algorithm 4.1.1, p.149-150, with INDEX E12 (corrected: None is exact only when T has "
     "no 1s)",
     GEN_THEOREM, "nest_tuple_pair", "mutual_refinement", mutual_refinement_exists, NULL},
    {"nest.concat",
     "L_{(f_1..f_k)} = (L_{f_1},...,L_{f_k}); (f_1..f_k)-flat = f_1-flat * ... * "
     "f_k-flat; images must be disjoint",
     "[208] Constr 3.2.6.4, p.138; [209] Prop 3.2.6.10, p.139", GEN_THEOREM, "nest_disjoint",
     "concat", concat, NULL},
    {"nest.coalesce_form",
     "coal(f) has the domain form of Def 3.2.6.11, is coalesced, idempotent, depends on f-flat, "
     "keeps sizes and Phi",
     "[210] Def 3.2.6.11, p.140; [211] Prop 3.2.6.13 = Theorem C; [163] Def 3.1.5.20", GEN_THEOREM,
     "morphism", "coalesce", coalesce_form, NULL},
    {"nest.complement_iso",
     "(f,g) is an isomorphism iff f-flat * g-flat is, iff is_complement; isomorphisms encode "
     "bijections onto [0,size T)",
     "[212] Def 3.2.6.14, Remark 3.2.6.15, p.141", GEN_THEOREM, "nest_maybe_complement",
     "is_complement", complement_iso, NULL},
    {"nest.complement_pair",
     "a complement g of f gives L_g a size(T)-complement of L_f (bijection, sizes multiply)",
     "[213] Prop 3.2.6.16, 3.2.6.19, p.141-142", GEN_THEOREM, "nest_complement", "is_complement",
     complement_pair, NULL},
    {"nest.complement_sort",
     "f^c : flat U -> T, (f,f^c) iso, f^c-flat = (f-flat)^c, sort(g) = f^c for every complement "
     "g, sort(f) = (f^c)^c",
     "[214] Constr 3.2.6.17, p.142; Prop 3.1.5.48, 3.1.5.50", GEN_THEOREM, "nest_complement",
     "complement", complement_sort, NULL},
    {"nest.complement_function",
     "Phi_{L_{f^c}} = Phi_{comp(L_f, size T)} (layouts equal only after coal), CuTe's complement "
     "agrees, (L_f,L_{f^c}) bijective",
     "[215] Prop 3.2.6.20 = Theorem D, p.142; INDEX D14", GEN_THEOREM, "injective_morphism",
     "complement", complement_function, NULL},
    {"nest.composition_degenerate",
     "|g o f| = |g| o |f| = Phi; L_g o L_f = coal(L_{g o f}, S), = L_{g o f} when f is "
     "non-degenerate",
     "[216] Theorem 3.2.6.21 = Theorem B, p.143, CORRECTED per INDEX E2 (f may be degenerate); "
     "[196] Lemma 3.2.4.2",
     GEN_THEOREM, "nest_composable", "composition", composition_degenerate, NULL},
    {"nest.divide_function",
     "f / g needs g injective; Phi_{L_{f/g}} = Phi_{L_f} o Phi_{(L_g,L_{g^c})}; coal agrees with "
     "CuTe's logical_divide",
     "[217] Def 3.2.6.23, p.143; [218] Prop 3.2.6.26 = Theorem E, p.144", GEN_THEOREM,
     "nest_divide", "logical_divide", divide_function, NULL},
    {"nest.divide_flatten", "(f / g)-flat = f-flat /flat g-flat", "[219] Prop 3.2.6.27, p.144",
     GEN_THEOREM, "nest_divide", "logical_divide", divide_flatten, NULL},
    {"nest.product_function",
     "f (x) g = (f, f^c o g): mode 1 is L_f, Phi of mode 2 is Phi_{L_{f^c}} o Phi_{L_g}; "
     "(f (x) g)^c = f^c o g^c for g injective",
     "[220] Def 3.2.6.28, p.144; [221] Prop 3.2.6.31 = Theorem F, p.145; Lemma 3.1.5.60",
     GEN_THEOREM, "product_admissible", "logical_product", product_function, NULL},
    {"nest.sort_squeeze",
     "L_{sort f} = sort(L_f), sort(f) sorted and fixed; L_{squeeze f} = squeeze(L_f), squeeze "
     "idempotent",
     "Prop 3.1.5.10, 3.1.5.14, 3.1.5.18 on Nest morphisms (via f-flat, §3.2.6)", GEN_THEOREM,
     "morphism", "sort", sort_squeeze, NULL},
    {"nest.flat_divide",
     "coal-flat(L_{f /flat g}) = coal-flat(L_f /flat L_g); Phi_{L_{f /flat g}} = Phi_{L_f} o "
     "Phi_{L_g * L_{g^c}}",
     "Prop 3.1.5.56 on Nest morphisms (via Prop 3.2.6.27)", GEN_THEOREM, "divisible", "flat_divide",
     flat_divide, NULL},
    {"nest.flat_product", "L_{f (x)flat g} = L_f (x)flat L_g",
     "Prop 3.1.5.62 on Nest morphisms; INDEX E9", GEN_THEOREM, "product_admissible", "flat_product",
     flat_product, NULL},
    {"nest.composable_replacement",
     "f' = i o T'^*f and g' = U'_*g are composable and keep Phi; the weak composite is g' o f' "
     "and realizes Phi_g o Phi_f",
     "[225] Construction 4.1.2.1, p.152", GEN_THEOREM, "nest_replaceable", "weak_composite",
     composable_replacement, NULL},
    {"nest.algorithm_composite",
     "Algorithm 4.1.2: None only without a mutual refinement; C tractable, shape(C) refines "
     "shape(A), Phi_C = Phi_B o Phi_A, coal(C, shape A) = B o A",
     "[226] Algorithm 4.1.2, [227] Theorem 4.1.3.1, p.153; INDEX D10", GEN_THEOREM,
     "nest_algorithm_pair", "composition_algorithm", algorithm_weak_composite, NULL},
};
const int prop_nest_count = (int)(sizeof prop_nest_table / sizeof prop_nest_table[0]);
