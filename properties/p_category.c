/*
** p_category.c -- the properties of the category Tuple (the paper's
** section 3.1): Fin* and Tuple as categories, the encoding L_f and the
** standard form f_L (flat Theorem A), families of morphisms, realization
** (flat Theorem B), and the operations on tuple morphisms with the flat
** versions of Theorems C, D, E and F.
**
** The Nest versions of the theorems are in catalogue.c (theorem_*.nest);
** these are the flat ones, on flat domains and codomains.  Pointed maps of
** Fin* are written as the generator "finstar" writes them ("(2,*,1)" and
** n); their composition, identities, sums and concatenations are defined
** here from Defs 3.1.1.1, 3.1.5.1 and Construction 3.1.5.30.
**
** Statements of section 3.1 that are not computed:
**   Asides 3.1.1.2, 3.1.1.8, 3.1.1.12 (Fin* a skeleton of FinSet*,
**         the categories of operators of Comm and E_0): statements about
**         categories and operads with no finite instance to evaluate; the
**         finite content (tractable maps form a wide subcategory) is
**         tuple.finstar.tractable.
**   Obs 3.1.1.18 (Tuple as a wide subcategory of an operad
**         pullback): no computational content.
**   Remark 3.1.2.11, Ex 3.1.2.16: worked examples (in the
**         corpus), not general statements.
**   Remark 3.1.3.11, the universal property of f|^J as a pullback:
**         quantifies over all cones; only the commuting square i o f|^J = f
**         is checked (tuple.family.factorization).
**   Remark 3.1.5.6 (f (+) g is a coproduct in Ar(Tuple)): a
**         universal property over all cocones; not enumerable.
**   Def 3.1.5.12, Constructions 3.1.5.15, 3.1.5.25, 3.1.5.34, 3.1.5.46,
**         Defs 3.1.5.20, 3.1.5.32, 3.1.5.39, 3.1.5.45, 3.1.5.51/52, 3.1.5.57:
**         definitions and constructions, used by the properties below.
*/
#include "properties.h"
#include "p_category.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ================================================================ helpers */

/* The product t_1 ... t_{j-1} of the entries of t before position j
** (1-based), or -1 on overflow. */
lo_int p_category_prefix(const lo_tuple *t, int j) {
  lo_int p = 1;
  lo_err e;
  for (int k = 0; k < j - 1; k++)
    if (lo_mul(p, t->leaf[k], &p, "prefix", &e)) return -1;
  return p;
}

/* Fail unless f is a valid morphism (Def 3.1.1.13: targets in range, hit
** at most once, sizes equal). */
gen_verdict p_category_valid(gen_ctx *x, const lo_morphism *f, const char *what) {
  lo_err e;
  if (lo_morphism_check(f, &e) == LO_OK) return GEN_PASS;
  return gen_failf(x, "%s = %s is not valid: %s", what, prop_show_morphism(x, 0, f), e.msg);
}

/* Evaluate a predicate op of the oracle on text arguments: 1 true, 0
** false, -1 error. */
int p_category_eval_bool(const char *op, int argc, const char *const *argv) {
  char out[64];
  if (lo_eval(op, argc, argv, out, sizeof out)) return -1;
  return strcmp(out, "true") == 0;
}

/* ------------------------------------------------------ pointed maps */

/* A pointed map alpha : <m>* -> <n>*, a[i] in 0..n with 0 for *. */

/* Parse argument i as a pointed map into <n>* ("(2,*,1)"). */
int p_category_prop_pmap(gen_ctx *x, int i, int n, pmap *p) {
  lo_tuple t;
  lo_err e;
  if (i >= x->argc) return gen_errorf(x, "argument %d is missing", i + 1);
  if (lo_parse_profile(x->argv[i], &t, &e)) return gen_errorf(x, "argument %d: %s", i + 1, e.msg);
  if (t.ntok != t.len + 2 || t.tok[0] != '(')
    return gen_errorf(x, "argument %d: a pointed map is a flat tuple", i + 1);
  p->m = t.len;
  p->n = n;
  for (int k = 0; k < t.len; k++) {
    if (t.leaf[k] < 0 || t.leaf[k] > n)
      return gen_errorf(x, "argument %d: entry %d is outside {*,1..%d}", i + 1, k + 1, n);
    p->a[k] = (int)t.leaf[k];
  }
  return 0;
}

/* Text of a pointed map, "(2,*,1)". */
void p_category_pmap_text(const pmap *p, char *buf, size_t cap) {
  size_t len = (size_t)snprintf(buf, cap, "(");
  for (int i = 0; i < p->m && len < cap; i++) {
    if (p->a[i])
      len += (size_t)snprintf(buf + len, cap - len, i ? ",%d" : "%d", p->a[i]);
    else
      len += (size_t)snprintf(buf + len, cap - len, i ? ",*" : "*");
  }
  if (len < cap) snprintf(buf + len, cap - len, ")");
}

/* Same pointed map (same m, n and entries). */
int p_category_pmap_equal(const pmap *p, const pmap *q) {
  return p->m == q->m && p->n == q->n && memcmp(p->a, q->a, (size_t)p->m * sizeof *p->a) == 0;
}

/* Def 3.1.1.1: (b o a)(i) = b(a(i)), * to *; needs a->n == b->m. */
static void pmap_compose(const pmap *b, const pmap *a, pmap *out) {
  pmap r = {a->m, b->n, {0}};
  for (int i = 0; i < a->m; i++) r.a[i] = a->a[i] ? b->a[a->a[i] - 1] : 0;
  *out = r;
}

/* The identity pointed map of <m>*. */
static void pmap_identity(int n, pmap *out) {
  out->m = out->n = n;
  for (int i = 0; i < n; i++) out->a[i] = i + 1;
}

/* Def 3.1.1.9: at most one preimage of every j in <n>. */
int p_category_pmap_is_tractable(const pmap *p) {
  char seen[LO_MAX_LEAVES + 1] = {0};
  for (int i = 0; i < p->m; i++) {
    if (p->a[i] && seen[p->a[i]]) return 0;
    seen[p->a[i]] = 1;
  }
  return 1;
}

/* The pointed map a morphism lies over. */
void p_category_pmap_of(const lo_morphism *f, pmap *out) {
  out->m = f->dom.len;
  out->n = f->cod.len;
  memcpy(out->a, f->map, (size_t)f->dom.len * sizeof *f->map);
}

/* Tuples and a map over a: codomain (2, 3, ..., n+1), domain entry
** t_{a(i)}, or 7 where a(i) = *: a tuple morphism when a is tractable. */
void p_category_lift(const pmap *a, lo_morphism *f) {
  lo_int t[LO_MAX_LEAVES], s[LO_MAX_LEAVES];
  for (int j = 0; j < a->n; j++) t[j] = j + 2;
  for (int i = 0; i < a->m; i++) s[i] = a->a[i] ? t[a->a[i] - 1] : 7;
  lo_tuple_flat(&f->cod, t, a->n);
  lo_tuple_flat(&f->dom, s, a->m);
  memcpy(f->map, a->a, (size_t)a->m * sizeof *a->a);
}

/* Fail unless f lies over a. */
gen_verdict p_category_lies_over(gen_ctx *x, const lo_morphism *f, const pmap *a,
                                 const char *what) {
  pmap p;
  char want[256], got[256];
  p_category_pmap_of(f, &p);
  if (p_category_pmap_equal(&p, a)) return GEN_PASS;
  p_category_pmap_text(a, want, sizeof want);
  p_category_pmap_text(&p, got, sizeof got);
  return gen_failf(x, "%s = %s lies over %s, not %s", what, prop_show_morphism(x, 0, f), got, want);
}

/* ------------------------------------------- predicates from definitions */

/* Def 3.1.2.12 on a flat morphism; with the n = 1 fix (n >= 1 needs n hit)
** unless literal (the paper's n > 1). */
int p_category_is_standard_def(const lo_morphism *f, int literal) {
  char in[LO_MAX_LEAVES + 2] = {0};
  int n = f->cod.len;
  for (int i = 0; i < f->dom.len; i++) in[f->map[i]] = 1;
  if ((literal ? n > 1 : n >= 1) && !in[n]) return 0;
  for (int j = 1; j < n; j++)
    if (!in[j] && (f->cod.leaf[j - 1] == 1 || !in[j + 1])) return 0;
  return 1;
}

/* Def 3.1.2.17: size-1 entries go to * (morphism), have stride 0 (layout). */
int p_category_nondegenerate_morphism(const lo_morphism *f) {
  for (int i = 0; i < f->dom.len; i++)
    if (f->dom.leaf[i] == 1 && f->map[i]) return 0;
  return 1;
}
/* Size-1 entries of l have stride 0. */
static int nondegenerate_layout(const lo_layout *l) {
  for (int i = 0; i < l->shape.len; i++)
    if (l->shape.leaf[i] == 1 && l->stride[i]) return 0;
  return 1;
}

/* Def 2.1.8.1: sort the modes by (d, s); each non-zero d_i has s_i d_i
** dividing d_{i+1}. */
static int tractable_def(const lo_layout *l) {
  lo_int s[LO_MAX_LEAVES], d[LO_MAX_LEAVES];
  int n = l->shape.len;
  for (int i = 0; i < n; i++) { /* insertion sort by (d, s) */
    int k = i;
    while (k > 0 &&
           (d[k - 1] > l->stride[i] || (d[k - 1] == l->stride[i] && s[k - 1] > l->shape.leaf[i]))) {
      s[k] = s[k - 1];
      d[k] = d[k - 1];
      k--;
    }
    s[k] = l->shape.leaf[i];
    d[k] = l->stride[i];
  }
  for (int i = 0; i + 1 < n; i++) {
    lo_int p;
    lo_err e;
    if (d[i] == 0) continue;
    if (lo_mul(s[i], d[i], &p, "extent", &e) || d[i + 1] % p != 0) return 0;
  }
  return 1;
}

/* ---------------------------------------------------------- realization */

/* ============================================================ 3.1.1 */

/* Def 3.1.1.1: Fin* is a category: identities are units, composition
** is associative, composites are pointed maps (also per the oracle's
** is_pointed_map). */
static gen_verdict finstar_category(gen_ctx *x) {
  pmap ga, be, al, id, r1, r2, t1, t2;
  lo_int q;
  if (prop_int(x, 3, &q) || p_category_prop_pmap(x, 0, (int)q, &ga) ||
      p_category_prop_pmap(x, 1, ga.m, &be) || p_category_prop_pmap(x, 2, be.m, &al))
    return GEN_ERROR;
  pmap_identity(al.n, &id);
  pmap_compose(&id, &al, &r1);
  pmap_identity(al.m, &id);
  pmap_compose(&al, &id, &r2);
  if (!p_category_pmap_equal(&r1, &al) || !p_category_pmap_equal(&r2, &al))
    return gen_failf(x, "an identity is not a unit for alpha");
  pmap_compose(&be, &al, &t1);
  pmap_compose(&ga, &t1, &r1); /* gamma o (beta o alpha) */
  pmap_compose(&ga, &be, &t2);
  pmap_compose(&t2, &al, &r2); /* (gamma o beta) o alpha */
  char a[256], b[256], n[24];
  p_category_pmap_text(&r1, a, sizeof a);
  p_category_pmap_text(&r2, b, sizeof b);
  if (!p_category_pmap_equal(&r1, &r2))
    return gen_failf(x, "gamma o (beta o alpha) = %s but (gamma o beta) o alpha = %s", a, b);
  snprintf(n, sizeof n, "%lld", (long long)q);
  const char *args[2] = {a, n};
  if (p_category_eval_bool("is_pointed_map", 2, args) != 1)
    return gen_failf(x, "the composite %s is not a pointed map into <%lld>* per the oracle", a,
                     (long long)q);
  return GEN_PASS;
}

/* Def 3.1.1.9, Remark 3.1.1.11, Aside 3.1.1.12: tractable maps are
** closed under composition and contain the identities; the oracle's
** is_tractable_map agrees with "no position repeated"; tuples over a map
** make a valid morphism exactly when it is tractable (Def 3.1.1.13). */
static gen_verdict finstar_tractable(gen_ctx *x) {
  pmap m[3], be_al, ga_be, id;
  lo_int q;
  if (prop_int(x, 3, &q) || p_category_prop_pmap(x, 0, (int)q, &m[0]) ||
      p_category_prop_pmap(x, 1, m[0].m, &m[1]) || p_category_prop_pmap(x, 2, m[1].m, &m[2]))
    return GEN_ERROR;
  for (int k = 0; k < 3; k++) {
    char t[256], n[24];
    p_category_pmap_text(&m[k], t, sizeof t);
    snprintf(n, sizeof n, "%d", m[k].n);
    const char *args[2] = {t, n};
    if (p_category_eval_bool("is_tractable_map", 2, args) != p_category_pmap_is_tractable(&m[k]))
      return gen_failf(x, "is_tractable_map %s %s disagrees with Remark 3.1.1.11", t, n);
    lo_morphism f;
    lo_err e;
    p_category_lift(&m[k], &f);
    if ((lo_morphism_check(&f, &e) == LO_OK) != p_category_pmap_is_tractable(&m[k]))
      return gen_failf(x, "%s over %s: valid %d, tractable %d", prop_show_morphism(x, 0, &f), t,
                       lo_morphism_check(&f, &e) == LO_OK, p_category_pmap_is_tractable(&m[k]));
  }
  pmap_compose(&m[1], &m[2], &be_al);
  pmap_compose(&m[0], &m[1], &ga_be);
  pmap_identity(m[2].m, &id);
  if (!p_category_pmap_is_tractable(&id)) return gen_failf(x, "an identity is not tractable");
  if (p_category_pmap_is_tractable(&m[1]) && p_category_pmap_is_tractable(&m[2]) &&
      !p_category_pmap_is_tractable(&be_al))
    return gen_failf(x, "beta o alpha is not tractable though beta and alpha are");
  if (p_category_pmap_is_tractable(&m[0]) && p_category_pmap_is_tractable(&m[1]) &&
      !p_category_pmap_is_tractable(&ga_be))
    return gen_failf(x, "gamma o beta is not tractable though gamma and beta are");
  return GEN_PASS;
}

/* Def 3.1.1.13: g o f is a valid morphism S -> U over beta o alpha;
** the oracle refuses to compose when codomain and domain differ. */
static gen_verdict category_composite(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism g, f, gf, bad;
  pmap a, b, ba;
  lo_err e;
  if (prop_morphism(x, 0, &g) || prop_morphism(x, 1, &f)) return GEN_ERROR;
  if (lo_morphism_compose(&g, &f, &gf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "composition", PROP_STRICT);
  if (p_category_valid(x, &gf, "g o f")) return GEN_FAIL;
  if (!lo_tuple_equal(&gf.dom, &f.dom) || !lo_tuple_equal(&gf.cod, &g.cod))
    return gen_failf(x, "g o f = %s does not go from S to U", prop_show_morphism(x, 0, &gf));
  p_category_pmap_of(&f, &a);
  p_category_pmap_of(&g, &b);
  pmap_compose(&b, &a, &ba);
  if (p_category_lies_over(x, &gf, &ba, "g o f")) return GEN_FAIL;
  if (!lo_tuple_equal(&g.cod, &f.dom) && lo_morphism_compose(&f, &g, &bad, &e) == LO_OK)
    return gen_failf(x, "f o g was composed though codomain(g) != domain(f)");
  return GEN_PASS;
}

/* Def 3.1.1.13: f is valid; changing a mapped entry's size, sending
** two entries to one position or to a position past n is refused. */
static gen_verdict category_validity(gen_ctx *x) {
  lo_morphism f, g;
  lo_err e;
  if (prop_morphism(x, 0, &f)) return GEN_ERROR;
  if (p_category_valid(x, &f, "f")) return GEN_FAIL;
  for (int i = 0; i < f.dom.len; i++) {
    g = f;
    if (f.map[i]) {
      g.dom.leaf[i] += 1;
      if (lo_morphism_check(&g, &e) == LO_OK)
        return gen_failf(x, "%s was accepted: entry %d differs from its target",
                         prop_show_morphism(x, 0, &g), i + 1);
    }
    for (int k = 0; k < f.dom.len; k++) {
      g = f;
      g.map[k] = f.map[i];
      g.dom.leaf[k] = f.dom.leaf[i];
      if (k != i && f.map[i] && lo_morphism_check(&g, &e) == LO_OK)
        return gen_failf(x, "%s was accepted: position %d is hit twice",
                         prop_show_morphism(x, 0, &g), f.map[i]);
    }
    g = f;
    g.map[i] = f.cod.len + 1;
    if (lo_morphism_check(&g, &e) == LO_OK)
      return gen_failf(x, "a target past the codomain was accepted");
  }
  return GEN_PASS;
}

/* Def 3.1.1.13: composition of tuple morphisms is associative. */
static gen_verdict category_associative(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism h, g, f, gf, hg, l, r;
  if (prop_morphism(x, 0, &h) || prop_morphism(x, 1, &g) || prop_morphism(x, 2, &f))
    return GEN_ERROR;
  if (lo_morphism_compose(&g, &f, &gf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "g o f", PROP_STRICT);
  if (lo_morphism_compose(&h, &gf, &l, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "h o (g o f)", PROP_STRICT);
  if (lo_morphism_compose(&h, &g, &hg, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "h o g", PROP_STRICT);
  if (lo_morphism_compose(&hg, &f, &r, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "(h o g) o f", PROP_STRICT);
  if (!prop_morphism_equal(&l, &r))
    return gen_failf(x, "h o (g o f) = %s but (h o g) o f = %s", prop_show_morphism(x, 0, &l),
                     prop_show_morphism(x, 1, &r));
  return GEN_PASS;
}

/* Def 3.1.1.13: identities are units: id_T o f = f = f o id_S, and
** id_S lies over the identity map. */
static gen_verdict category_identity(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, ids, idt, l, r;
  pmap p;
  if (prop_morphism(x, 0, &f)) return GEN_ERROR;
  lo_morphism_identity(&f.dom, &ids);
  lo_morphism_identity(&f.cod, &idt);
  pmap_identity(f.dom.len, &p);
  if (p_category_lies_over(x, &ids, &p, "id_S")) return GEN_FAIL;
  if (lo_morphism_compose(&idt, &f, &l, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "id_T o f", PROP_STRICT);
  if (lo_morphism_compose(&f, &ids, &r, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "f o id_S", PROP_STRICT);
  if (!prop_morphism_equal(&l, &f) || !prop_morphism_equal(&r, &f))
    return gen_failf(x, "id_T o f = %s, f o id_S = %s", prop_show_morphism(x, 0, &l),
                     prop_show_morphism(x, 1, &r));
  return GEN_PASS;
}

/* ============================================================ 3.1.2 */

/* Construction 3.1.2.1: L_f has shape S, stride 0 for *, else the
** product of the codomain entries before alpha(i); size(L_f) = size(S),
** cosize(L_f) <= size(T). */
static gen_verdict encoding_layout(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f;
  lo_layout l;
  lo_int size, cosize, ss, st;
  if (prop_morphism(x, 0, &f)) return GEN_ERROR;
  if (lo_morphism_layout(&f, &l, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (!lo_tuple_equal(&l.shape, &f.dom))
    return gen_failf(x, "shape(L_f) of %s is not the domain", prop_show_layout(x, 0, &l));
  for (int i = 0; i < f.dom.len; i++) {
    lo_int want = f.map[i] ? p_category_prefix(&f.cod, f.map[i]) : 0;
    if (l.stride[i] != want)
      return gen_failf(x, "L_f = %s: stride %d is %lld, the prefix product is %lld",
                       prop_show_layout(x, 0, &l), i + 1, (long long)l.stride[i], (long long)want);
  }
  if (lo_size(&l, &size, &oe) != LO_OK) return prop_verdict_of(x, &oe, "size", PROP_STRICT);
  if (lo_cosize(&l, &cosize, &oe) != LO_OK) return prop_verdict_of(x, &oe, "cosize", PROP_STRICT);
  if (lo_tuple_size(&f.dom, &ss, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "size S", PROP_STRICT);
  if (lo_tuple_size(&f.cod, &st, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "size T", PROP_STRICT);
  if (size != ss || cosize > st)
    return gen_failf(x, "L_f = %s: size %lld (size S %lld), cosize %lld (size T %lld)",
                     prop_show_layout(x, 0, &l), (long long)size, (long long)ss, (long long)cosize,
                     (long long)st);
  return GEN_PASS;
}

/* Prop 3.1.2.10: every L_f is tractable; f_L exists exactly for the
** tractable flat layouts (Def 2.1.8.1, computed here) and encodes L. */
static gen_verdict encoding_tractable(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, fl;
  lo_layout lf, l, back;
  lo_err e;
  if (prop_morphism(x, 0, &f) || prop_layout(x, 1, &l)) return GEN_ERROR;
  if (lo_morphism_layout(&f, &lf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (!tractable_def(&lf) || !lo_is_tractable(&lf))
    return gen_failf(x, "L_f = %s is not tractable", prop_show_layout(x, 0, &lf));
  int tract = tractable_def(&l);
  if (lo_is_tractable(&l) != tract)
    return gen_failf(x, "is_tractable(%s) disagrees with Def 2.1.8.1", prop_show_layout(x, 0, &l));
  if (!tract) x->labels |= 1u << GEN_L_UNDEFINED;
  int made = lo_morphism_of_layout(&l, &fl, &e) == LO_OK;
  if (made != tract)
    return gen_failf(x, "L = %s is%s tractable but f_L %s", prop_show_layout(x, 0, &l),
                     tract ? "" : " not", made ? "was made" : e.msg);
  if (!made) return GEN_PASS;
  if (lo_morphism_layout(&fl, &back, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (!lo_layout_equal(&back, &l))
    return gen_failf(x, "f_L = %s encodes %s", prop_show_morphism(x, 0, &fl),
                     prop_show_layout(x, 1, &back));
  return GEN_PASS;
}

/* Lemma 3.1.2.9: for tractable L, L_{f_L} = L exactly (zero strides
** and degenerate modes kept, same mode order). */
static gen_verdict standard_round_trip(gen_ctx *x) {
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
  return GEN_PASS;
}

/* Ex 3.1.2.15: f_L has standard form (Def 3.1.2.12 with the n = 1 fix,
** computed here, and per the oracle). */
static gen_verdict standard_of_layout(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout l;
  lo_morphism f;
  if (prop_layout(x, 0, &l)) return GEN_ERROR;
  if (lo_morphism_of_layout(&l, &f, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "morphism", PROP_STRICT);
  if (!p_category_is_standard_def(&f, 0) || !lo_morphism_is_standard(&f))
    return gen_failf(x, "f_L = %s is not of standard form", prop_show_morphism(x, 0, &f));
  return GEN_PASS;
}

/* Def 3.1.2.12 (with the n = 1 fix): the oracle's is_standard_form agrees with
** the definition, on any morphism and on standard-form ones. */
static gen_verdict standard_predicate(gen_ctx *x) {
  for (int i = 0; i < x->argc; i++) {
    lo_morphism f;
    if (prop_morphism(x, i, &f)) return GEN_ERROR;
    if (lo_morphism_is_standard(&f) != p_category_is_standard_def(&f, 0))
      return gen_failf(x, "is_standard_form(%s) = %d, Def 3.1.2.12 says %d",
                       prop_show_morphism(x, 0, &f), lo_morphism_is_standard(&f),
                       p_category_is_standard_def(&f, 0));
  }
  return GEN_PASS;
}

/* Obs 3.1.2.18 (both directions hold): f non-degenerate iff L_f is;
** L non-degenerate iff f_L is; the oracle's predicates agree with Def
** 3.1.2.17. */
static gen_verdict nondegenerate_iff(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, fl;
  lo_layout lf, l;
  if (prop_morphism(x, 0, &f) || prop_layout(x, 1, &l)) return GEN_ERROR;
  if (lo_morphism_layout(&f, &lf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_morphism_of_layout(&l, &fl, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "morphism", PROP_STRICT);
  if (lo_morphism_is_nondegenerate(&f) != p_category_nondegenerate_morphism(&f) ||
      lo_is_nondegenerate(&l) != nondegenerate_layout(&l))
    return gen_failf(x, "a non-degeneracy predicate disagrees with Def 3.1.2.17");
  if (p_category_nondegenerate_morphism(&f) != nondegenerate_layout(&lf))
    return gen_failf(x, "f non-degenerate: %d, L_f = %s non-degenerate: %d",
                     p_category_nondegenerate_morphism(&f), prop_show_layout(x, 0, &lf),
                     nondegenerate_layout(&lf));
  if (nondegenerate_layout(&l) != p_category_nondegenerate_morphism(&fl))
    return gen_failf(x, "L non-degenerate: %d, f_L = %s non-degenerate: %d",
                     nondegenerate_layout(&l), prop_show_morphism(x, 0, &fl),
                     p_category_nondegenerate_morphism(&fl));
  return GEN_PASS;
}

/* Obs 3.1.2.19 as corrected (Obs 2.1.2.29: the statement as printed is false): zeroing the
** strides of size-1 modes gives a non-degenerate layout with the same
** layout function, tractable when L is. */
static gen_verdict nondegenerate_normalize(gen_ctx *x) {
  lo_layout l, n;
  if (prop_layout(x, 0, &l)) return GEN_ERROR;
  n = l;
  lo_normalize(&n);
  if (!nondegenerate_layout(&n))
    return gen_failf(x, "normalize(L) = %s is degenerate", prop_show_layout(x, 0, &n));
  if (tractable_def(&l) && !tractable_def(&n))
    return gen_failf(x, "normalize(L) = %s is not tractable", prop_show_layout(x, 0, &n));
  return prop_judged(prop_same_function(x, &l, &n, "normalize(L) vs L"));
}

/* Obs 3.1.2.19 as printed: filter(L) is non-degenerate with the
** layout function of L (refuted: filter drops zero-stride modes). */
static gen_verdict filter_as_printed(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout l, f;
  if (prop_layout(x, 0, &l)) return GEN_ERROR;
  if (lo_filter(&l, &f, &oe) != LO_OK) return prop_verdict_of(x, &oe, "filter", PROP_STRICT);
  if (!nondegenerate_layout(&f))
    return gen_failf(x, "filter(L) = %s is degenerate", prop_show_layout(x, 0, &f));
  return prop_judged(prop_same_function(x, &l, &f, "filter(L) vs L"));
}

/* Lemma 3.1.2.20 (its proof): for f non-degenerate of standard form,
** the prefix products t_1...t_j (0 <= j <= n) increase strictly and are
** exactly {1} with {d_i, s_i d_i : d_i != 0} of L_f.  (The proof's X = Z
** omits the empty product: d_i = 1 when alpha(i) = 1.) */
static gen_verdict standard_prefix_products(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f;
  lo_layout l;
  if (prop_morphism(x, 0, &f)) return GEN_ERROR;
  if (lo_morphism_layout(&f, &l, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  lo_int z[2 * LO_MAX_LEAVES + 1];
  int nz = 0;
  z[nz++] = 1;
  for (int i = 0; i < l.shape.len; i++)
    if (l.stride[i]) {
      z[nz++] = l.stride[i];
      z[nz++] = l.stride[i] * l.shape.leaf[i];
    }
  for (int j = 0; j <= f.cod.len; j++) {
    lo_int p = p_category_prefix(&f.cod, j + 1);
    int in = 0;
    for (int k = 0; k < nz; k++) in |= z[k] == p;
    if (!in || (j > 0 && p <= p_category_prefix(&f.cod, j)))
      return gen_failf(x, "prefix product %lld of T (j = %d) is not in Z of %s or not increasing",
                       (long long)p, j, prop_show_layout(x, 0, &l));
  }
  for (int k = 0; k < nz; k++) {
    int in = 0;
    for (int j = 0; j <= f.cod.len; j++) in |= p_category_prefix(&f.cod, j + 1) == z[k];
    if (!in)
      return gen_failf(x, "%lld of L_f = %s is not a prefix product of T", (long long)z[k],
                       prop_show_layout(x, 0, &l));
  }
  return GEN_PASS;
}

/* Theorem 3.1.2.21 (a): for non-degenerate tractable flat L,
** L_{f_L} = L and f_L is non-degenerate and of standard form. */
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
  if (!p_category_is_standard_def(&f, 0) || !p_category_nondegenerate_morphism(&f))
    return gen_failf(x, "f_L = %s is not non-degenerate of standard form",
                     prop_show_morphism(x, 0, &f));
  return GEN_PASS;
}

/* Theorem 3.1.2.21 (b), Lemma 3.1.2.20: f_{L_f} = f for f
** non-degenerate of standard form (with the n = 1 fix). */
static gen_verdict theorem_a_morphism(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, back;
  lo_layout l;
  if (prop_morphism(x, 0, &f)) return GEN_ERROR;
  if (!p_category_is_standard_def(&f, 0) || !p_category_nondegenerate_morphism(&f))
    return GEN_DISCARD;
  if (lo_morphism_layout(&f, &l, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_morphism_of_layout(&l, &back, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "morphism", PROP_STRICT);
  if (!prop_morphism_equal(&f, &back))
    return gen_failf(x, "f_{L_f} = %s", prop_show_morphism(x, 0, &back));
  return GEN_PASS;
}

/* Theorem 3.1.2.21 with the literal Def 3.1.2.12 (n = 1 need not be
** hit): f_{L_f} = f (refuted: Def 3.1.2.12 allows n = 1 unmapped). */
static gen_verdict theorem_a_literal(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, back;
  lo_layout l;
  if (prop_morphism(x, 0, &f)) return GEN_ERROR;
  if (!p_category_is_standard_def(&f, 1) || !p_category_nondegenerate_morphism(&f))
    return GEN_DISCARD;
  if (lo_morphism_layout(&f, &l, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_morphism_of_layout(&l, &back, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "morphism", PROP_STRICT);
  if (!prop_morphism_equal(&f, &back))
    return gen_failf(x, "f_{L_f} = %s", prop_show_morphism(x, 0, &back));
  return GEN_PASS;
}

/* ============================================================ 3.1.3 */

/* ============================================================ 3.1.4 */

/* ============================================================ 3.1.5 */

/* ================================================================ table */

const gen_property prop_category_table[] = {
    /* 3.1.1 */
    {"tuple.finstar.category",
     "Fin*: identities are units, composition is associative, composites are pointed maps",
     "Def 3.1.1.1, p.86", GEN_THEOREM, "tuple_pointed_maps", "is_pointed_map", finstar_category,
     NULL, NULL, 0},
    {"tuple.finstar.tractable",
     "tractable maps contain the identities, are closed under o, and are those under morphisms",
     "Def 3.1.1.9, Remark 3.1.1.11, Aside 3.1.1.12, p.87", GEN_THEOREM, "tuple_pointed_maps",
     "is_tractable_map", finstar_tractable, NULL, NULL, 0},
    {"tuple.category.composite", "g o f : S -> U is a valid tuple morphism over beta o alpha",
     "Def 3.1.1.13, p.88", GEN_THEOREM, "tuple_composable", "composition", category_composite, NULL,
     NULL, 0},
    {"tuple.category.validity",
     "f valid; a size mismatch, a position hit twice or past n is refused", "Def 3.1.1.13, p.88",
     GEN_THEOREM, "tuple_mor", "is_valid_morphism", category_validity, NULL, NULL, 0},
    {"tuple.category.associative", "h o (g o f) = (h o g) o f", "Def 3.1.1.13, p.88", GEN_THEOREM,
     "tuple_composable3", "composition", category_associative, NULL, NULL, 0},
    {"tuple.category.identity", "id_T o f = f = f o id_S", "Def 3.1.1.13, p.88", GEN_THEOREM,
     "tuple_mor", "identity", category_identity, NULL, NULL, 0},
    /* 3.1.2 */
    {"tuple.encoding.layout",
     "L_f: shape S, strides the prefix products of T at alpha(i) or 0; size S, cosize <= size T",
     "Construction 3.1.2.1, p.90", GEN_THEOREM, "tuple_mor", "layout", encoding_layout, NULL, NULL,
     0},
    {"tuple.encoding.tractable",
     "every L_f is tractable; f_L exists iff L is tractable (Def 2.1.8.1), and encodes L",
     "Prop 3.1.2.10, p.93", GEN_THEOREM, "tuple_mor flat_layout", "morphism", encoding_tractable,
     NULL, NULL, 0},
    {"tuple.standard.round_trip", "L_{f_L} = L for tractable flat L", "Lemma 3.1.2.9, p.92",
     GEN_THEOREM, "tuple_layout_tractable", "morphism", standard_round_trip, NULL, NULL, 0},
    {"tuple.standard.of_layout", "f_L has standard form (Def 3.1.2.12 with the n = 1 fix)",
     "Ex 3.1.2.15, p.95; standard form needs condition (1) for n = 1 too", GEN_THEOREM,
     "tuple_layout_tractable", "morphism", standard_of_layout, NULL, NULL, 0},
    {"tuple.standard.predicate", "is_standard_form agrees with Def 3.1.2.12 (with the n = 1 fix)",
     "Def 3.1.2.12, p.94; condition (1) for n >= 1", GEN_THEOREM, "tuple_mor tuple_mor_standard",
     "is_standard_form", standard_predicate, NULL, NULL, 0},
    {"tuple.nondegenerate.iff", "f non-degenerate iff L_f is; L non-degenerate iff f_L is",
     "Obs 3.1.2.18, p.96 (both directions hold)", GEN_THEOREM, "tuple_mor tuple_layout_tractable",
     "is_nondegenerate", nondegenerate_iff, NULL, NULL, 0},
    {"tuple.nondegenerate.normalize",
     "zeroing size-1 strides gives a non-degenerate L with the same Phi, tractable if L is",
     "Obs 3.1.2.19 as corrected by Obs 2.1.2.29", GEN_THEOREM, "flat_layout", "is_nondegenerate",
     nondegenerate_normalize, NULL, NULL, 0},
    {"tuple.nondegenerate.filter_as_printed", "filter(L) is non-degenerate with the same Phi as L",
     "Obs 3.1.2.19 as printed, p.96 (wrong: filter changes Phi)", GEN_CONJECTURE, "flat_layout",
     "filter", filter_as_printed, NULL, NULL, 0},
    {"tuple.standard.prefix_products",
     "f non-degenerate standard: prefix products of T (j >= 0) = {1} u {d_i, s_i d_i : d_i != 0}",
     "Lemma 3.1.2.20 (proof, with the empty product added to both sets), p.96", GEN_THEOREM,
     "tuple_mor_standard", "layout", standard_prefix_products, NULL, NULL, 0},
    {"tuple.theorem_a.layout",
     "L non-degenerate tractable flat: L_{f_L} = L, f_L non-degenerate of standard form",
     "Theorem 3.1.2.21 (flat Theorem A), p.97", GEN_THEOREM, "tuple_layout_nondegenerate",
     "morphism", theorem_a_layout, NULL, NULL, 0},
    {"tuple.theorem_a.morphism",
     "f non-degenerate of standard form (with the n = 1 fix): f_{L_f} = f",
     "Lemma 3.1.2.20, Theorem 3.1.2.21, p.96-97; condition (1) for n >= 1", GEN_THEOREM,
     "tuple_mor_standard", "layout", theorem_a_morphism, NULL, NULL, 0},
    {"tuple.theorem_a.literal_standard",
     "f non-degenerate, standard under the literal Def 3.1.2.12 (n > 1): f_{L_f} = f",
     "Theorem 3.1.2.21 as printed, p.97 (fails for n = 1)", GEN_CONJECTURE,
     "tuple_mor_standard_literal", "layout", theorem_a_literal, NULL, NULL, 0},
    /* 3.1.3 */
};
const int prop_category_count = (int)(sizeof prop_category_table / sizeof prop_category_table[0]);
