/*
** p_category.c -- the properties of the category Tuple (INDEX.md §2,
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
**   [125] Asides 3.1.1.2, 3.1.1.8, 3.1.1.12 (Fin* a skeleton of FinSet*,
**         the categories of operators of Comm and E_0): statements about
**         categories and operads with no finite instance to evaluate; the
**         finite content (tractable maps form a wide subcategory) is
**         tuple.finstar.tractable.
**   [128] Obs 3.1.1.18 (Tuple as a wide subcategory of an operad
**         pullback): no computational content.
**   [133] Remark 3.1.2.11, [135] Ex 3.1.2.16: worked examples (in the
**         corpus), not general statements.
**   [148] Remark 3.1.3.11, the universal property of f|^J as a pullback:
**         quantifies over all cones; only the commuting square i o f|^J = f
**         is checked (tuple.family.factorization).
**   [154] Remark 3.1.5.6 (f (+) g is a coproduct in Ar(Tuple)): a
**         universal property over all cocones; not enumerable.
**   [157] [159] [163] [165] [168] [171] [175] [176] [180] [182]:
**         definitions and constructions, used by the properties below.
*/
#include "properties.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ================================================================ helpers */

/* The product t_1 ... t_{j-1} of the entries of t before position j
** (1-based), or -1 on overflow. */
static lo_int prefix(const lo_tuple *t, int j) {
  lo_int p = 1;
  lo_err e;
  for (int k = 0; k < j - 1; k++)
    if (lo_mul(p, t->leaf[k], &p, "prefix", &e)) return -1;
  return p;
}

/* Fail unless f is a valid morphism (Def 3.1.1.13: targets in range, hit
** at most once, sizes equal). */
static gen_verdict valid(gen_ctx *x, const lo_morphism *f, const char *what) {
  lo_err e;
  if (lo_morphism_check(f, &e) == LO_OK) return GEN_PASS;
  return gen_failf(x, "%s = %s is not valid: %s", what, prop_show_morphism(x, 0, f), e.msg);
}

/* Evaluate a predicate op of the oracle on text arguments: 1 true, 0
** false, -1 error. */
static int eval_bool(const char *op, int argc, const char *const *argv) {
  char out[64];
  if (lo_eval(op, argc, argv, out, sizeof out)) return -1;
  return strcmp(out, "true") == 0;
}

/* ------------------------------------------------------ pointed maps */

/* A pointed map alpha : <m>* -> <n>*, a[i] in 0..n with 0 for *. */
typedef struct pmap {
  int m, n;
  int a[LO_MAX_LEAVES];
} pmap;

/* Parse argument i as a pointed map into <n>* ("(2,*,1)"). */
static int prop_pmap(gen_ctx *x, int i, int n, pmap *p) {
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
static void pmap_text(const pmap *p, char *buf, size_t cap) {
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
static int pmap_equal(const pmap *p, const pmap *q) {
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
static int pmap_is_tractable(const pmap *p) {
  char seen[LO_MAX_LEAVES + 1] = {0};
  for (int i = 0; i < p->m; i++) {
    if (p->a[i] && seen[p->a[i]]) return 0;
    seen[p->a[i]] = 1;
  }
  return 1;
}

/* Def 3.1.5.1: a (+) b : <m+p>* -> <n+q>*. */
static void pmap_sum(const pmap *a, const pmap *b, pmap *out) {
  pmap r = {a->m + b->m, a->n + b->n, {0}};
  for (int i = 0; i < a->m; i++) r.a[i] = a->a[i];
  for (int i = 0; i < b->m; i++) r.a[a->m + i] = b->a[i] ? b->a[i] + a->n : 0;
  *out = r;
}

/* Construction 3.1.5.30: a * b : <m+p>* -> <n>* (same n). */
static void pmap_concat(const pmap *a, const pmap *b, pmap *out) {
  pmap r = {a->m + b->m, a->n, {0}};
  memcpy(r.a, a->a, (size_t)a->m * sizeof *r.a);
  memcpy(r.a + a->m, b->a, (size_t)b->m * sizeof *r.a);
  *out = r;
}

/* The pointed map a morphism lies over. */
static void pmap_of(const lo_morphism *f, pmap *out) {
  out->m = f->dom.len;
  out->n = f->cod.len;
  memcpy(out->a, f->map, (size_t)f->dom.len * sizeof *f->map);
}

/* Tuples and a map over a: codomain (2, 3, ..., n+1), domain entry
** t_{a(i)}, or 7 where a(i) = *: a tuple morphism when a is tractable. */
static void lift(const pmap *a, lo_morphism *f) {
  lo_int t[LO_MAX_LEAVES], s[LO_MAX_LEAVES];
  for (int j = 0; j < a->n; j++) t[j] = j + 2;
  for (int i = 0; i < a->m; i++) s[i] = a->a[i] ? t[a->a[i] - 1] : 7;
  lo_tuple_flat(&f->cod, t, a->n);
  lo_tuple_flat(&f->dom, s, a->m);
  memcpy(f->map, a->a, (size_t)a->m * sizeof *a->a);
}

/* Fail unless f lies over a. */
static gen_verdict lies_over(gen_ctx *x, const lo_morphism *f, const pmap *a, const char *what) {
  pmap p;
  char want[256], got[256];
  pmap_of(f, &p);
  if (pmap_equal(&p, a)) return GEN_PASS;
  pmap_text(a, want, sizeof want);
  pmap_text(&p, got, sizeof got);
  return gen_failf(x, "%s = %s lies over %s, not %s", what, prop_show_morphism(x, 0, f), got, want);
}

/* ------------------------------------------- predicates from definitions */

/* Def 3.1.2.12 on a flat morphism; with fix E1 (n >= 1 needs n hit)
** unless literal (the paper's n > 1). */
static int is_standard_def(const lo_morphism *f, int literal) {
  char in[LO_MAX_LEAVES + 2] = {0};
  int n = f->cod.len;
  for (int i = 0; i < f->dom.len; i++) in[f->map[i]] = 1;
  if ((literal ? n > 1 : n >= 1) && !in[n]) return 0;
  for (int j = 1; j < n; j++)
    if (!in[j] && (f->cod.leaf[j - 1] == 1 || !in[j + 1])) return 0;
  return 1;
}

/* Def 3.1.2.17: size-1 entries go to * (morphism), have stride 0 (layout). */
static int nondegenerate_morphism(const lo_morphism *f) {
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

/* Sorted flat layout: modes in (d, s) order (Def 2.1.3.23). */
static int layout_sorted_def(const lo_layout *l) {
  for (int i = 0; i + 1 < l->shape.len; i++) {
    lo_int d0 = l->stride[i], d1 = l->stride[i + 1];
    if (d0 > d1 || (d0 == d1 && l->shape.leaf[i] > l->shape.leaf[i + 1])) return 0;
  }
  return 1;
}

/* Column-major: stride i is the product of the entries before it. */
static int column_major(const lo_layout *l) {
  for (int i = 0; i < l->shape.len; i++)
    if (l->stride[i] != prefix(&l->shape, i + 1)) return 0;
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

/* ---------------------------------------------------------- realization */

/* colex^{-1}_S(v): the coordinates of v in [0, S) (Def 2.1.2.18). */
static void colex_inv(const lo_tuple *s, lo_int v, lo_int *xs) {
  for (int i = 0; i < s->len; i++) {
    xs[i] = v % s->leaf[i];
    v /= s->leaf[i];
  }
}

/* colex_T(y) = sum y_j t_1 ... t_{j-1}. */
static lo_int colex(const lo_tuple *t, const lo_int *ys) {
  lo_int r = 0, w = 1;
  for (int j = 0; j < t->len; j++) {
    r += ys[j] * w;
    w *= t->leaf[j];
  }
  return r;
}

/* (F f)(x) (Construction 3.1.4.1): y_j = x_i where alpha(i) = j, else 0. */
static void functor_f(const lo_morphism *f, const lo_int *xs, lo_int *ys) {
  for (int j = 0; j < f->cod.len; j++) ys[j] = 0;
  for (int i = 0; i < f->dom.len; i++)
    if (f->map[i]) ys[f->map[i] - 1] = xs[i];
}

/* |f|(v) = colex_T(F f(colex_S^{-1}(v))) (Construction 3.1.4.4). */
static lo_int realize(const lo_morphism *f, lo_int v) {
  lo_int xs[LO_MAX_LEAVES], ys[LO_MAX_LEAVES];
  colex_inv(&f->dom, v, xs);
  functor_f(f, xs, ys);
  return colex(&f->cod, ys);
}

/* ============================================================ 3.1.1 */

/* [125] Def 3.1.1.1: Fin* is a category: identities are units, composition
** is associative, composites are pointed maps (also per the oracle's
** is_pointed_map). */
static gen_verdict finstar_category(gen_ctx *x) {
  pmap ga, be, al, id, r1, r2, t1, t2;
  lo_int q;
  if (prop_int(x, 3, &q) || prop_pmap(x, 0, (int)q, &ga) || prop_pmap(x, 1, ga.m, &be) ||
      prop_pmap(x, 2, be.m, &al))
    return GEN_ERROR;
  pmap_identity(al.n, &id);
  pmap_compose(&id, &al, &r1);
  pmap_identity(al.m, &id);
  pmap_compose(&al, &id, &r2);
  if (!pmap_equal(&r1, &al) || !pmap_equal(&r2, &al))
    return gen_failf(x, "an identity is not a unit for alpha");
  pmap_compose(&be, &al, &t1);
  pmap_compose(&ga, &t1, &r1); /* gamma o (beta o alpha) */
  pmap_compose(&ga, &be, &t2);
  pmap_compose(&t2, &al, &r2); /* (gamma o beta) o alpha */
  char a[256], b[256], n[24];
  pmap_text(&r1, a, sizeof a);
  pmap_text(&r2, b, sizeof b);
  if (!pmap_equal(&r1, &r2))
    return gen_failf(x, "gamma o (beta o alpha) = %s but (gamma o beta) o alpha = %s", a, b);
  snprintf(n, sizeof n, "%lld", (long long)q);
  const char *args[2] = {a, n};
  if (eval_bool("is_pointed_map", 2, args) != 1)
    return gen_failf(x, "the composite %s is not a pointed map into <%lld>* per the oracle", a,
                     (long long)q);
  return GEN_PASS;
}

/* [126] Def 3.1.1.9, Remark 3.1.1.11, Aside 3.1.1.12: tractable maps are
** closed under composition and contain the identities; the oracle's
** is_tractable_map agrees with "no position repeated"; tuples over a map
** make a valid morphism exactly when it is tractable (Def 3.1.1.13). */
static gen_verdict finstar_tractable(gen_ctx *x) {
  pmap m[3], be_al, ga_be, id;
  lo_int q;
  if (prop_int(x, 3, &q) || prop_pmap(x, 0, (int)q, &m[0]) || prop_pmap(x, 1, m[0].m, &m[1]) ||
      prop_pmap(x, 2, m[1].m, &m[2]))
    return GEN_ERROR;
  for (int k = 0; k < 3; k++) {
    char t[256], n[24];
    pmap_text(&m[k], t, sizeof t);
    snprintf(n, sizeof n, "%d", m[k].n);
    const char *args[2] = {t, n};
    if (eval_bool("is_tractable_map", 2, args) != pmap_is_tractable(&m[k]))
      return gen_failf(x, "is_tractable_map %s %s disagrees with Remark 3.1.1.11", t, n);
    lo_morphism f;
    lo_err e;
    lift(&m[k], &f);
    if ((lo_morphism_check(&f, &e) == LO_OK) != pmap_is_tractable(&m[k]))
      return gen_failf(x, "%s over %s: valid %d, tractable %d", prop_show_morphism(x, 0, &f), t,
                       lo_morphism_check(&f, &e) == LO_OK, pmap_is_tractable(&m[k]));
  }
  pmap_compose(&m[1], &m[2], &be_al);
  pmap_compose(&m[0], &m[1], &ga_be);
  pmap_identity(m[2].m, &id);
  if (!pmap_is_tractable(&id)) return gen_failf(x, "an identity is not tractable");
  if (pmap_is_tractable(&m[1]) && pmap_is_tractable(&m[2]) && !pmap_is_tractable(&be_al))
    return gen_failf(x, "beta o alpha is not tractable though beta and alpha are");
  if (pmap_is_tractable(&m[0]) && pmap_is_tractable(&m[1]) && !pmap_is_tractable(&ga_be))
    return gen_failf(x, "gamma o beta is not tractable though gamma and beta are");
  return GEN_PASS;
}

/* [127] Def 3.1.1.13: g o f is a valid morphism S -> U over beta o alpha;
** the oracle refuses to compose when codomain and domain differ. */
static gen_verdict category_composite(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism g, f, gf, bad;
  pmap a, b, ba;
  lo_err e;
  if (prop_morphism(x, 0, &g) || prop_morphism(x, 1, &f)) return GEN_ERROR;
  if (lo_morphism_compose(&g, &f, &gf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "composition", PROP_STRICT);
  if (valid(x, &gf, "g o f")) return GEN_FAIL;
  if (!lo_tuple_equal(&gf.dom, &f.dom) || !lo_tuple_equal(&gf.cod, &g.cod))
    return gen_failf(x, "g o f = %s does not go from S to U", prop_show_morphism(x, 0, &gf));
  pmap_of(&f, &a);
  pmap_of(&g, &b);
  pmap_compose(&b, &a, &ba);
  if (lies_over(x, &gf, &ba, "g o f")) return GEN_FAIL;
  if (!lo_tuple_equal(&g.cod, &f.dom) && lo_morphism_compose(&f, &g, &bad, &e) == LO_OK)
    return gen_failf(x, "f o g was composed though codomain(g) != domain(f)");
  return GEN_PASS;
}

/* [127] Def 3.1.1.13: f is valid; changing a mapped entry's size, sending
** two entries to one position or to a position past n is refused. */
static gen_verdict category_validity(gen_ctx *x) {
  lo_morphism f, g;
  lo_err e;
  if (prop_morphism(x, 0, &f)) return GEN_ERROR;
  if (valid(x, &f, "f")) return GEN_FAIL;
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

/* [127] Def 3.1.1.13: composition of tuple morphisms is associative. */
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

/* [127] Def 3.1.1.13: identities are units: id_T o f = f = f o id_S, and
** id_S lies over the identity map. */
static gen_verdict category_identity(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, ids, idt, l, r;
  pmap p;
  if (prop_morphism(x, 0, &f)) return GEN_ERROR;
  lo_morphism_identity(&f.dom, &ids);
  lo_morphism_identity(&f.cod, &idt);
  pmap_identity(f.dom.len, &p);
  if (lies_over(x, &ids, &p, "id_S")) return GEN_FAIL;
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

/* [129] Construction 3.1.2.1: L_f has shape S, stride 0 for *, else the
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
    lo_int want = f.map[i] ? prefix(&f.cod, f.map[i]) : 0;
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

/* [132] Prop 3.1.2.10: every L_f is tractable; f_L exists exactly for the
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

/* [131] Lemma 3.1.2.9: for tractable L, L_{f_L} = L exactly (zero strides
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

/* [134] Ex 3.1.2.15: f_L has standard form (Def 3.1.2.12 with fix E1,
** computed here, and per the oracle). */
static gen_verdict standard_of_layout(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout l;
  lo_morphism f;
  if (prop_layout(x, 0, &l)) return GEN_ERROR;
  if (lo_morphism_of_layout(&l, &f, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "morphism", PROP_STRICT);
  if (!is_standard_def(&f, 0) || !lo_morphism_is_standard(&f))
    return gen_failf(x, "f_L = %s is not of standard form", prop_show_morphism(x, 0, &f));
  return GEN_PASS;
}

/* [134] Def 3.1.2.12 (fix E1): the oracle's is_standard_form agrees with
** the definition, on any morphism and on standard-form ones. */
static gen_verdict standard_predicate(gen_ctx *x) {
  for (int i = 0; i < x->argc; i++) {
    lo_morphism f;
    if (prop_morphism(x, i, &f)) return GEN_ERROR;
    if (lo_morphism_is_standard(&f) != is_standard_def(&f, 0))
      return gen_failf(x, "is_standard_form(%s) = %d, Def 3.1.2.12 says %d",
                       prop_show_morphism(x, 0, &f), lo_morphism_is_standard(&f),
                       is_standard_def(&f, 0));
  }
  return GEN_PASS;
}

/* [137] Obs 3.1.2.18 (both directions hold): f non-degenerate iff L_f is;
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
  if (lo_morphism_is_nondegenerate(&f) != nondegenerate_morphism(&f) ||
      lo_is_nondegenerate(&l) != nondegenerate_layout(&l))
    return gen_failf(x, "a non-degeneracy predicate disagrees with Def 3.1.2.17");
  if (nondegenerate_morphism(&f) != nondegenerate_layout(&lf))
    return gen_failf(x, "f non-degenerate: %d, L_f = %s non-degenerate: %d",
                     nondegenerate_morphism(&f), prop_show_layout(x, 0, &lf),
                     nondegenerate_layout(&lf));
  if (nondegenerate_layout(&l) != nondegenerate_morphism(&fl))
    return gen_failf(x, "L non-degenerate: %d, f_L = %s non-degenerate: %d",
                     nondegenerate_layout(&l), prop_show_morphism(x, 0, &fl),
                     nondegenerate_morphism(&fl));
  return GEN_PASS;
}

/* [138] Obs 3.1.2.19 as corrected (INDEX E4, Obs 2.1.2.29): zeroing the
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

/* [138] Obs 3.1.2.19 as printed: filter(L) is non-degenerate with the
** layout function of L (refuted: INDEX E4). */
static gen_verdict filter_as_printed(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout l, f;
  if (prop_layout(x, 0, &l)) return GEN_ERROR;
  if (lo_filter(&l, &f, &oe) != LO_OK) return prop_verdict_of(x, &oe, "filter", PROP_STRICT);
  if (!nondegenerate_layout(&f))
    return gen_failf(x, "filter(L) = %s is degenerate", prop_show_layout(x, 0, &f));
  return prop_judged(prop_same_function(x, &l, &f, "filter(L) vs L"));
}

/* [139] Lemma 3.1.2.20 (its proof): for f non-degenerate of standard form,
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
    lo_int p = prefix(&f.cod, j + 1);
    int in = 0;
    for (int k = 0; k < nz; k++) in |= z[k] == p;
    if (!in || (j > 0 && p <= prefix(&f.cod, j)))
      return gen_failf(x, "prefix product %lld of T (j = %d) is not in Z of %s or not increasing",
                       (long long)p, j, prop_show_layout(x, 0, &l));
  }
  for (int k = 0; k < nz; k++) {
    int in = 0;
    for (int j = 0; j <= f.cod.len; j++) in |= prefix(&f.cod, j + 1) == z[k];
    if (!in)
      return gen_failf(x, "%lld of L_f = %s is not a prefix product of T", (long long)z[k],
                       prop_show_layout(x, 0, &l));
  }
  return GEN_PASS;
}

/* [140] Theorem 3.1.2.21 (a): for non-degenerate tractable flat L,
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
  if (!is_standard_def(&f, 0) || !nondegenerate_morphism(&f))
    return gen_failf(x, "f_L = %s is not non-degenerate of standard form",
                     prop_show_morphism(x, 0, &f));
  return GEN_PASS;
}

/* [140] Theorem 3.1.2.21 (b), Lemma 3.1.2.20: f_{L_f} = f for f
** non-degenerate of standard form (fix E1). */
static gen_verdict theorem_a_morphism(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, back;
  lo_layout l;
  if (prop_morphism(x, 0, &f)) return GEN_ERROR;
  if (!is_standard_def(&f, 0) || !nondegenerate_morphism(&f)) return GEN_DISCARD;
  if (lo_morphism_layout(&f, &l, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_morphism_of_layout(&l, &back, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "morphism", PROP_STRICT);
  if (!prop_morphism_equal(&f, &back))
    return gen_failf(x, "f_{L_f} = %s", prop_show_morphism(x, 0, &back));
  return GEN_PASS;
}

/* [140] Theorem 3.1.2.21 with the literal Def 3.1.2.12 (n = 1 need not be
** hit): f_{L_f} = f (refuted: INDEX E1). */
static gen_verdict theorem_a_literal(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, back;
  lo_layout l;
  if (prop_morphism(x, 0, &f)) return GEN_ERROR;
  if (!is_standard_def(&f, 1) || !nondegenerate_morphism(&f)) return GEN_DISCARD;
  if (lo_morphism_layout(&f, &l, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_morphism_of_layout(&l, &back, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "morphism", PROP_STRICT);
  if (!prop_morphism_equal(&f, &back))
    return gen_failf(x, "f_{L_f} = %s", prop_show_morphism(x, 0, &back));
  return GEN_PASS;
}

/* ============================================================ 3.1.3 */

/* [141] Ex 3.1.3.1: L_{id_S} is the column-major layout of shape S, whose
** layout function is the identity of [0, size S). */
static gen_verdict family_identity(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_tuple s;
  lo_morphism id;
  lo_layout l;
  if (prop_tuple(x, 0, &s)) return GEN_ERROR;
  lo_morphism_identity(&s, &id);
  if (valid(x, &id, "id_S")) return GEN_FAIL;
  if (lo_morphism_layout(&id, &l, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (!lo_tuple_equal(&l.shape, &s) || !column_major(&l))
    return gen_failf(x, "L_{id_S} = %s is not column-major", prop_show_layout(x, 0, &l));
  lo_int n = prop_small_size(x, &s);
  for (lo_int i = 0; i < n; i++) {
    lo_int v;
    if (lo_apply(&l, i, &v, &oe) != LO_OK) return prop_verdict_of(x, &oe, "apply", PROP_STRICT);
    if (v != i)
      return gen_failf(x, "L_{id_S} = %s maps %lld to %lld", prop_show_layout(x, 0, &l),
                       (long long)i, (long long)v);
  }
  return GEN_PASS;
}

/* [142] Ex 3.1.3.2, Obs 3.1.3.3: an isomorphism lies over a permutation,
** has an inverse g (g o f = id_S, f o g = id_T), and L_f is compact
** (a bijection onto [0, size)). */
static gen_verdict family_isomorphism(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, g, gf, fg, ids, idt;
  lo_layout l;
  if (prop_morphism(x, 0, &f)) return GEN_ERROR;
  if (!prop_is_iso(&f)) return gen_failf(x, "f does not lie over a permutation");
  g.dom = f.cod;
  g.cod = f.dom;
  for (int i = 0; i < f.dom.len; i++) g.map[f.map[i] - 1] = i + 1;
  if (lo_morphism_compose(&g, &f, &gf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "g o f", PROP_STRICT);
  if (lo_morphism_compose(&f, &g, &fg, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "f o g", PROP_STRICT);
  lo_morphism_identity(&f.dom, &ids);
  lo_morphism_identity(&f.cod, &idt);
  if (!prop_morphism_equal(&gf, &ids) || !prop_morphism_equal(&fg, &idt))
    return gen_failf(x, "g o f = %s, f o g = %s", prop_show_morphism(x, 0, &gf),
                     prop_show_morphism(x, 1, &fg));
  if (lo_morphism_layout(&f, &l, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (!lo_is_compact(&l))
    return gen_failf(x, "L_f = %s is not compact", prop_show_layout(x, 0, &l));
  return prop_judged(prop_bijective_onto(x, &l, -1, "L_f"));
}

/* How many subsets of an n-element set the subset properties check: all
** 2^n up to n = 12, else 4096. */
static unsigned subset_count(int n) { return n <= 12 ? 1u << n : 4096u; }

/* The k-th of them as a bit mask: k itself up to n = 12, else a hash of k
** (SplitMix64) cut to n bits; k = 0 is the empty set. */
static uint64_t nth_subset(unsigned k, int n) {
  if (n <= 12) return k;
  uint64_t z = (uint64_t)k * 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z ^= z >> 31;
  return n >= 64 ? z : z & ((1ull << n) - 1);
}

/* [143] Ex 3.1.3.4: for every subset I of <m> (4096 of them when m > 12),
** the projection of S onto
** (s_i)_{i in I} is valid and has stride s_{i_1}...s_{i_{j-1}} at i_j, 0
** elsewhere. */
static gen_verdict family_projection(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_tuple s;
  if (prop_tuple(x, 0, &s)) return GEN_ERROR;
  for (unsigned k = 0; k < subset_count(s.len); k++) {
    uint64_t mask = nth_subset(k, s.len);
    lo_morphism p;
    lo_layout l;
    lo_int t[LO_MAX_LEAVES], want[LO_MAX_LEAVES], w = 1;
    int r = 0;
    for (int i = 0; i < s.len; i++) {
      p.map[i] = 0;
      want[i] = 0;
      if (!(mask >> i & 1)) continue;
      t[r] = s.leaf[i];
      p.map[i] = ++r;
      want[i] = w;
      w *= s.leaf[i];
    }
    p.dom = s;
    lo_tuple_flat(&p.cod, t, r);
    if (valid(x, &p, "projection")) return GEN_FAIL;
    if (lo_morphism_layout(&p, &l, &oe) != LO_OK)
      return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
    if (memcmp(l.stride, want, (size_t)s.len * sizeof *want))
      return gen_failf(x, "projection %s encodes %s", prop_show_morphism(x, 0, &p),
                       prop_show_layout(x, 1, &l));
  }
  return GEN_PASS;
}

/* [144] Ex 3.1.3.5 with INDEX E11: the dilation of S by C lies over
** (2,4,...,2m) into (c_1,s_1,...,c_m,s_m) and has strides
** d_i = c_i prod_{j<i} c_j s_j. */
static gen_verdict family_dilation(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_tuple s, cc;
  lo_morphism f;
  lo_layout l;
  lo_int t[LO_MAX_LEAVES], w = 1;
  if (prop_tuple(x, 0, &s) || prop_tuple(x, 1, &cc)) return GEN_ERROR;
  if (s.len != cc.len || 2 * s.len > LO_MAX_LEAVES) return GEN_DISCARD;
  for (int i = 0; i < s.len; i++) {
    t[2 * i] = cc.leaf[i];
    t[2 * i + 1] = s.leaf[i];
    f.map[i] = 2 * i + 2;
  }
  f.dom = s;
  lo_tuple_flat(&f.cod, t, 2 * s.len);
  if (valid(x, &f, "dilation")) return GEN_FAIL;
  if (lo_morphism_layout(&f, &l, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  for (int i = 0; i < s.len; i++) {
    lo_int d = cc.leaf[i] * w;
    if (l.stride[i] != d)
      return gen_failf(x, "dilation %s encodes %s; stride %d should be %lld",
                       prop_show_morphism(x, 0, &f), prop_show_layout(x, 1, &l), i + 1,
                       (long long)d);
    w *= cc.leaf[i] * s.leaf[i];
  }
  return GEN_PASS;
}

/* [145] Ex 3.1.3.6: the expansion e : T -> T * T'' encodes the
** column-major layout of shape T, and L_{e o f} = L_f. */
static gen_verdict family_expansion(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, ex, ef;
  lo_tuple more;
  lo_layout le, lf, lef;
  lo_int v[LO_MAX_LEAVES];
  if (prop_morphism(x, 0, &f) || prop_tuple(x, 1, &more)) return GEN_ERROR;
  if (f.cod.len + more.len > LO_MAX_LEAVES) return GEN_DISCARD;
  memcpy(v, f.cod.leaf, (size_t)f.cod.len * sizeof *v);
  memcpy(v + f.cod.len, more.leaf, (size_t)more.len * sizeof *v);
  ex.dom = f.cod;
  lo_tuple_flat(&ex.cod, v, f.cod.len + more.len);
  for (int i = 0; i < f.cod.len; i++) ex.map[i] = i + 1;
  if (lo_morphism_layout(&ex, &le, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (!column_major(&le))
    return gen_failf(x, "L_e = %s is not column-major", prop_show_layout(x, 0, &le));
  if (lo_morphism_compose(&ex, &f, &ef, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "e o f", PROP_STRICT);
  if (lo_morphism_layout(&ef, &lef, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_morphism_layout(&f, &lf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (!lo_layout_equal(&lef, &lf))
    return gen_failf(x, "L_{e o f} = %s but L_f = %s", prop_show_layout(x, 0, &lef),
                     prop_show_layout(x, 1, &lf));
  return GEN_PASS;
}

/* [146] Ex 3.1.3.7: for every subset I of the domain (4096 of them when
** it has more than 12 entries), f|_I is valid and
** L_{f|_I} = (L_f)|_I (the modes in I). */
static gen_verdict family_restriction(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, r;
  lo_layout lf, lr;
  if (prop_morphism(x, 0, &f)) return GEN_ERROR;
  if (lo_morphism_layout(&f, &lf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  for (unsigned k = 0; k < subset_count(f.dom.len); k++) {
    uint64_t mask = nth_subset(k, f.dom.len);
    int idx[LO_MAX_LEAVES], n = 0;
    lo_int s[LO_MAX_LEAVES], d[LO_MAX_LEAVES];
    for (int i = 0; i < f.dom.len; i++)
      if (mask >> i & 1) {
        s[n] = lf.shape.leaf[i];
        d[n] = lf.stride[i];
        idx[n++] = i + 1;
      }
    lo_layout want;
    lo_layout_flat(&want, s, d, n);
    if (lo_morphism_restrict(&f, idx, n, &r, &oe) != LO_OK)
      return prop_verdict_of(x, &oe, "restrict", PROP_STRICT);
    if (valid(x, &r, "f|_I")) return GEN_FAIL;
    if (lo_morphism_layout(&r, &lr, &oe) != LO_OK)
      return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
    if (!lo_layout_equal(&lr, &want))
      return gen_failf(x, "f|_I = %s encodes %s, (L_f)|_I = %s", prop_show_morphism(x, 0, &r),
                       prop_show_layout(x, 1, &lr), prop_show_layout(x, 2, &want));
  }
  return GEN_PASS;
}

/* [147] Ex 3.1.3.8, Ex 3.1.5.36: the i-th entry f_i : (s_i) -> T encodes
** (s_i):(d_i), and f = f_1 * ... * f_m. */
static gen_verdict family_entries(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, fi, acc;
  lo_layout lf, li;
  if (prop_morphism(x, 0, &f)) return GEN_ERROR;
  if (lo_morphism_layout(&f, &lf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  for (int i = 1; i <= f.dom.len; i++) {
    lo_layout want;
    lo_layout_flat(&want, &lf.shape.leaf[i - 1], &lf.stride[i - 1], 1);
    if (lo_morphism_restrict(&f, &i, 1, &fi, &oe) != LO_OK)
      return prop_verdict_of(x, &oe, "entry", PROP_STRICT);
    if (lo_morphism_layout(&fi, &li, &oe) != LO_OK)
      return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
    if (!lo_layout_equal(&li, &want))
      return gen_failf(x, "f_%d = %s encodes %s, not %s", i, prop_show_morphism(x, 0, &fi),
                       prop_show_layout(x, 1, &li), prop_show_layout(x, 2, &want));
    if (i == 1)
      acc = fi;
    else if (lo_morphism_flat_concat(&acc, &fi, &acc, &oe) != LO_OK)
      return prop_verdict_of(x, &oe, "concatenation", PROP_STRICT);
  }
  if (f.dom.len && !prop_morphism_equal(&acc, &f))
    return gen_failf(x, "f_1 * ... * f_m = %s", prop_show_morphism(x, 0, &acc));
  return GEN_PASS;
}

/* Check one factorization f|^J of [148]: valid, strides divided by the
** entries left out below alpha(i), and i o f|^J = f. */
static gen_verdict factor_through(gen_ctx *x, const lo_morphism *f, const lo_layout *lf,
                                  const int *idx, int n) {
  lo_err oe = {LO_OK, ""};
  lo_morphism r, inc, back;
  lo_layout lr;
  char in[LO_MAX_LEAVES + 1] = {0};
  lo_int v[LO_MAX_LEAVES];
  if (lo_morphism_factorize(f, idx, n, &r, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "factorize", PROP_STRICT);
  if (valid(x, &r, "f|^J")) return GEN_FAIL;
  if (lo_morphism_layout(&r, &lr, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  for (int k = 0; k < n; k++) {
    in[idx[k]] = 1;
    v[k] = f->cod.leaf[idx[k] - 1];
    inc.map[k] = idx[k];
  }
  for (int i = 0; i < f->dom.len; i++) {
    lo_int out = 1;
    for (int k = 1; f->map[i] && k < f->map[i]; k++)
      if (!in[k]) out *= f->cod.leaf[k - 1];
    if (lr.stride[i] * out != lf->stride[i])
      return gen_failf(x, "f|^J = %s encodes %s; stride %d should be %lld / %lld",
                       prop_show_morphism(x, 0, &r), prop_show_layout(x, 1, &lr), i + 1,
                       (long long)lf->stride[i], (long long)out);
  }
  lo_tuple_flat(&inc.dom, v, n);
  inc.cod = f->cod;
  if (lo_morphism_compose(&inc, &r, &back, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "i o f|^J", PROP_STRICT);
  if (!prop_morphism_equal(&back, f))
    return gen_failf(x, "i o f|^J = %s is not f", prop_show_morphism(x, 0, &back));
  return GEN_PASS;
}

/* [148] Ex 3.1.3.10, Remark 3.1.3.11: for every J containing the image
** (the image with every subset of the other positions, 4096 of them when
** there are more than 12), f|^J as in factor_through; J = <n> without one
** image position is refused. */
static gen_verdict family_factorization(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, r;
  lo_layout lf;
  lo_err e;
  char in[LO_MAX_LEAVES + 1] = {0};
  int other[LO_MAX_LEAVES], no = 0;
  if (prop_morphism(x, 0, &f)) return GEN_ERROR;
  if (lo_morphism_layout(&f, &lf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  for (int i = 0; i < f.dom.len; i++) in[f.map[i]] = 1;
  for (int j = 1; j <= f.cod.len; j++)
    if (!in[j]) other[no++] = j;
  for (unsigned k = 0; k < subset_count(no); k++) {
    uint64_t mask = nth_subset(k, no);
    char inj[LO_MAX_LEAVES + 1];
    int idx[LO_MAX_LEAVES], n = 0;
    memcpy(inj, in, sizeof inj);
    for (int q = 0; q < no; q++)
      if (mask >> q & 1) inj[other[q]] = 1;
    for (int j = 1; j <= f.cod.len; j++)
      if (inj[j]) idx[n++] = j;
    if (factor_through(x, &f, &lf, idx, n)) return GEN_FAIL;
  }
  for (int p = 1; p <= f.cod.len; p++) {
    int idx[LO_MAX_LEAVES], n = 0;
    if (!in[p]) continue;
    for (int j = 1; j <= f.cod.len; j++)
      if (j != p) idx[n++] = j;
    if (lo_morphism_factorize(&f, idx, n, &r, &e) == LO_OK)
      return gen_failf(x, "factorization through a J missing position %d gave %s", p,
                       prop_show_morphism(x, 0, &r));
  }
  return GEN_PASS;
}

/* ============================================================ 3.1.4 */

/* [149] Construction 3.1.4.1, [150] Construction 3.1.4.4: F and |.| are
** functors: F(g o f) = F g o F f on every coordinate of [0, S),
** |g o f| = |g| o |f|, and |id_S| = id. */
static gen_verdict realization_functor(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism g, f, gf, id;
  if (prop_morphism(x, 0, &g) || prop_morphism(x, 1, &f)) return GEN_ERROR;
  lo_int n = prop_small_size(x, &f.dom);
  if (n < 0 || prop_small_size(x, &f.cod) < 0 || prop_small_size(x, &g.cod) < 0) return GEN_DISCARD;
  if (lo_morphism_compose(&g, &f, &gf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "g o f", PROP_STRICT);
  lo_morphism_identity(&f.dom, &id);
  for (lo_int v = 0; v < n; v++) {
    lo_int xs[LO_MAX_LEAVES], ys[LO_MAX_LEAVES], zs[LO_MAX_LEAVES], ws[LO_MAX_LEAVES];
    colex_inv(&f.dom, v, xs);
    functor_f(&f, xs, ys);
    functor_f(&g, ys, zs);
    functor_f(&gf, xs, ws);
    if (memcmp(zs, ws, (size_t)g.cod.len * sizeof *zs))
      return gen_failf(x, "F(g o f) differs from F g o F f at %lld", (long long)v);
    if (realize(&gf, v) != realize(&g, realize(&f, v)) || realize(&id, v) != v)
      return gen_failf(x, "|g o f| differs from |g| o |f| (or |id| from id) at %lld", (long long)v);
  }
  return GEN_PASS;
}

/* [151] Lemma 3.1.4.5: |f| = Phi_{L_f} on [0, size S), with values in
** [0, size T). */
static gen_verdict realization_layout_function(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f;
  lo_layout l;
  if (prop_morphism(x, 0, &f)) return GEN_ERROR;
  lo_int n = prop_small_size(x, &f.dom), nt = prop_small_size(x, &f.cod);
  if (n < 0 || nt < 0) return GEN_DISCARD;
  if (lo_morphism_layout(&f, &l, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  for (lo_int v = 0; v < n; v++) {
    lo_int phi, r = realize(&f, v);
    if (lo_apply(&l, v, &phi, &oe) != LO_OK) return prop_verdict_of(x, &oe, "apply", PROP_STRICT);
    if (phi != r || r >= nt)
      return gen_failf(x, "|f|(%lld) = %lld but Phi of L_f = %s gives %lld", (long long)v,
                       (long long)r, prop_show_layout(x, 0, &l), (long long)phi);
  }
  return GEN_PASS;
}

/* Shared by the [152] checks: L_{g o f} into *lgf, L_g, L_f, and the
** paper's composite L_g o L_f, for the case's g, f (f non-degenerate when
** nondegenerate_only, else the case is discarded).  GEN_PASS when
** L_{g o f} = L_g o L_f; otherwise the case's verdict. */
static gen_verdict theorem_b_layouts(gen_ctx *x, int nondegenerate_only, lo_layout *lgf,
                                     lo_layout *lg, lo_layout *lf) {
  lo_err oe = {LO_OK, ""};
  lo_morphism g, f, gf;
  lo_layout comp;
  if (prop_morphism(x, 0, &g) || prop_morphism(x, 1, &f)) return GEN_ERROR;
  if (nondegenerate_only && !nondegenerate_morphism(&f)) return GEN_DISCARD;
  if (lo_morphism_compose(&g, &f, &gf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "g o f", PROP_STRICT);
  if (lo_morphism_layout(&gf, lgf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_morphism_layout(&g, lg, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_morphism_layout(&f, lf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_paper_composition(lg, lf, &comp, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "paper composition", PROP_BOUNDED);
  if (!lo_layout_equal(lgf, &comp))
    return gen_failf(x, "L_{g o f} = %s but L_g o L_f = %s", prop_show_layout(x, 0, lgf),
                     prop_show_layout(x, 1, &comp));
  return GEN_PASS;
}

/* [152] Cor 3.1.4.6 (with INDEX E2: only f non-degenerate): L_{g o f} is
** the paper's composite L_g o L_f, checked exactly and point by point. */
static gen_verdict theorem_b_flat(gen_ctx *x) {
  lo_layout lgf, lg, lf;
  gen_verdict v = theorem_b_layouts(x, 1, &lgf, &lg, &lf);
  if (v != GEN_PASS) return v;
  int r = prop_is_composite(x, &lg, &lf, &lgf);
  return r == 0 ? GEN_FAIL : GEN_PASS;
}

/* [152] Cor 3.1.4.6 without non-degeneracy: L_{g o f} = L_g o L_f
** (refuted: INDEX E2). */
static gen_verdict theorem_b_degenerate(gen_ctx *x) {
  lo_layout lgf, lg, lf;
  return theorem_b_layouts(x, 0, &lgf, &lg, &lf);
}

/* ============================================================ 3.1.5 */

/* [153] Def 3.1.5.1, Remark 3.1.5.2: the sum of tractable maps is
** tractable, and the oracle's sum of morphisms over them lies over it. */
static gen_verdict sum_tractable(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  pmap a, b, ab;
  lo_int n, q;
  lo_morphism f, g, fg;
  if (prop_int(x, 1, &n) || prop_int(x, 3, &q) || prop_pmap(x, 0, (int)n, &a) ||
      prop_pmap(x, 2, (int)q, &b))
    return GEN_ERROR;
  if (!pmap_is_tractable(&a) || !pmap_is_tractable(&b)) return GEN_DISCARD;
  if (a.m + b.m > LO_MAX_LEAVES || a.n + b.n > LO_MAX_LEAVES) return GEN_DISCARD;
  pmap_sum(&a, &b, &ab);
  char t[256], nn[24];
  pmap_text(&ab, t, sizeof t);
  snprintf(nn, sizeof nn, "%d", ab.n);
  const char *args[2] = {t, nn};
  if (!pmap_is_tractable(&ab) || eval_bool("is_tractable_map", 2, args) != 1)
    return gen_failf(x, "alpha (+) beta = %s is not tractable", t);
  lift(&a, &f);
  lift(&b, &g);
  if (lo_morphism_sum(&f, &g, &fg, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "sum", PROP_STRICT);
  return lies_over(x, &fg, &ab, "f (+) g");
}

/* [154] Def 3.1.5.3: f (+) g : S*U -> T*V is valid and
** L_{f (+) g} = L_f * (L_g with its non-zero strides times size(T)). */
static gen_verdict sum_layout(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, g, fg;
  lo_layout lf, lg, l, want;
  lo_int st;
  if (prop_morphism(x, 0, &f) || prop_morphism(x, 1, &g)) return GEN_ERROR;
  if (f.dom.len + g.dom.len > LO_MAX_LEAVES || f.cod.len + g.cod.len > LO_MAX_LEAVES)
    return GEN_DISCARD;
  if (lo_morphism_sum(&f, &g, &fg, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "sum", PROP_STRICT);
  if (valid(x, &fg, "f (+) g")) return GEN_FAIL;
  if (lo_morphism_layout(&fg, &l, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_morphism_layout(&f, &lf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_morphism_layout(&g, &lg, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_tuple_size(&f.cod, &st, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "size T", PROP_STRICT);
  for (int i = 0; i < lg.shape.len; i++)
    if (lo_mul(lg.stride[i], st, &lg.stride[i], "stride", &oe) != LO_OK)
      return prop_verdict_of(x, &oe, "scale", PROP_STRICT);
  if (lo_flat_concat(&lf, &lg, &want, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat concat", PROP_STRICT);
  if (!lo_layout_equal(&l, &want))
    return gen_failf(x, "L_{f (+) g} = %s but L_f * size(T) L_g = %s", prop_show_layout(x, 0, &l),
                     prop_show_layout(x, 1, &want));
  return GEN_PASS;
}

/* [154] Def 3.1.5.3: the sum is associative. */
static gen_verdict sum_associative(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, g, h, fg, gh, l, r;
  if (prop_morphism(x, 0, &f) || prop_morphism(x, 1, &g) || prop_morphism(x, 2, &h))
    return GEN_ERROR;
  if (f.dom.len + g.dom.len + h.dom.len > LO_MAX_LEAVES ||
      f.cod.len + g.cod.len + h.cod.len > LO_MAX_LEAVES)
    return GEN_DISCARD;
  if (lo_morphism_sum(&f, &g, &fg, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "f (+) g", PROP_STRICT);
  if (lo_morphism_sum(&fg, &h, &l, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "(f (+) g) (+) h", PROP_STRICT);
  if (lo_morphism_sum(&g, &h, &gh, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "g (+) h", PROP_STRICT);
  if (lo_morphism_sum(&f, &gh, &r, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "f (+) (g (+) h)", PROP_STRICT);
  if (!prop_morphism_equal(&l, &r))
    return gen_failf(x, "(f (+) g) (+) h = %s but f (+) (g (+) h) = %s",
                     prop_show_morphism(x, 0, &l), prop_show_morphism(x, 1, &r));
  return GEN_PASS;
}

/* No entry equal to 1 in t. */
static int no_ones(const lo_tuple *t) {
  for (int i = 0; i < t->len; i++)
    if (t->leaf[i] == 1) return 0;
  return 1;
}

/* [156] Prop 3.1.5.10, Obs 3.1.5.11, Ex 3.1.5.9: L_{squeeze f} =
** squeeze(L_f); squeeze is idempotent and leaves no 1; f = squeeze(f)
** iff no s_i, t_j is 1. */
static gen_verdict squeeze_layout(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, s, ss;
  lo_layout ls, lf, want;
  if (prop_morphism(x, 0, &f)) return GEN_ERROR;
  if (lo_morphism_squeeze(&f, &s, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "squeeze", PROP_STRICT);
  if (valid(x, &s, "squeeze(f)")) return GEN_FAIL;
  if (lo_morphism_layout(&s, &ls, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_morphism_layout(&f, &lf, &oe) != LO_OK)
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

/* [155] Def 3.1.5.7: squeeze is a functor: squeeze(g o f) =
** squeeze(g) o squeeze(f), squeeze(id_S) = id_{squeeze S}. */
static gen_verdict squeeze_functor(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism g, f, gf, sg, sf, l, r, id, sid, idsq;
  if (prop_morphism(x, 0, &g) || prop_morphism(x, 1, &f)) return GEN_ERROR;
  if (lo_morphism_compose(&g, &f, &gf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "g o f", PROP_STRICT);
  if (lo_morphism_squeeze(&gf, &l, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "squeeze", PROP_STRICT);
  if (lo_morphism_squeeze(&g, &sg, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "squeeze", PROP_STRICT);
  if (lo_morphism_squeeze(&f, &sf, &oe) != LO_OK)
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

/* [158] Prop 3.1.5.14: a sorted morphism (Def 3.1.5.12) encodes a sorted
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

/* [160] Lemma 3.1.5.17: f is sorted (Def 3.1.5.12) iff sort(f) = f. */
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

/* [159] Construction 3.1.5.15, [161] Prop 3.1.5.18: sort(f) is sorted,
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
  if (lo_morphism_layout(&s, &ls, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_morphism_layout(&f, &lf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_sort(&lf, &want, &oe) != LO_OK) return prop_verdict_of(x, &oe, "sort", PROP_STRICT);
  if (!lo_layout_equal(&ls, &want))
    return gen_failf(x, "L_{sort f} = %s but sort(L_f) = %s", prop_show_layout(x, 0, &ls),
                     prop_show_layout(x, 1, &want));
  return GEN_PASS;
}

/* [162] Remark 3.1.5.19: sort(g) o sort(f) is defined whenever g o f is,
** and equals sort(g o f) (refuted: sort is not a functor). */
static gen_verdict sort_functorial(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism g, f, gf, sg, sf, l, r;
  lo_err e;
  if (prop_morphism(x, 0, &g) || prop_morphism(x, 1, &f)) return GEN_ERROR;
  if (lo_morphism_compose(&g, &f, &gf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "g o f", PROP_STRICT);
  if (lo_morphism_sort(&gf, &l, &oe) != LO_OK) return prop_verdict_of(x, &oe, "sort", PROP_STRICT);
  if (lo_morphism_sort(&g, &sg, &oe) != LO_OK) return prop_verdict_of(x, &oe, "sort", PROP_STRICT);
  if (lo_morphism_sort(&f, &sf, &oe) != LO_OK) return prop_verdict_of(x, &oe, "sort", PROP_STRICT);
  if (lo_morphism_compose(&sg, &sf, &r, &e))
    return gen_failf(x, "sort(g) = %s and sort(f) = %s are not composable",
                     prop_show_morphism(x, 0, &sg), prop_show_morphism(x, 1, &sf));
  if (!prop_morphism_equal(&l, &r))
    return gen_failf(x, "sort(g o f) = %s but sort(g) o sort(f) = %s", prop_show_morphism(x, 0, &l),
                     prop_show_morphism(x, 1, &r));
  return GEN_PASS;
}

/* [164] Prop 3.1.5.24: f is coalesced (Def 3.1.5.20) iff L_f is
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
  if (eval_bool("is_coalesced", 1, x->argv) != def)
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
** INDEX D13). */
static int same_unhit(const lo_morphism *cf, const lo_morphism *f) {
  lo_int a[LO_MAX_LEAVES], b[LO_MAX_LEAVES];
  int na = unhit_not_one(cf, a), nb = unhit_not_one(f, b);
  return na == nb && memcmp(a, b, (size_t)na * sizeof *a) == 0;
}

/* [165] Construction 3.1.5.25, [166] Prop 3.1.5.28 (flat Theorem C):
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
  if (valid(x, &cf, "coal(f)")) return GEN_FAIL;
  if (!is_coalesced_def(&cf))
    return gen_failf(x, "coal(f) = %s is not coalesced", prop_show_morphism(x, 0, &cf));
  if (!same_unhit(&cf, &f))
    return gen_failf(x, "coal(f) = %s: its unhit codomain entries are not those of squeeze(f)",
                     prop_show_morphism(x, 0, &cf));
  if (lo_morphism_layout(&cf, &lcf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_morphism_layout(&f, &lf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_flat_coalesce(&lf, &want, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat coalesce", PROP_STRICT);
  if (!lo_layout_equal(&lcf, &want))
    return gen_failf(x, "L_{coal f} = %s but coal-flat(L_f) = %s", prop_show_layout(x, 0, &lcf),
                     prop_show_layout(x, 1, &want));
  int r = prop_same_function(x, &lf, &lcf, "L_f vs L_{coal f}");
  return r == 0 ? GEN_FAIL : GEN_PASS;
}

/* [167] Construction 3.1.5.30, Remark 3.1.5.31, Construction 3.1.5.34:
** the concatenation of tractable maps with disjoint images is tractable,
** and the oracle's f * g over them lies over it. */
static gen_verdict concat_tractable(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  pmap a, b, ab;
  lo_int n;
  lo_morphism f, g, fg;
  if (prop_int(x, 2, &n) || prop_pmap(x, 0, (int)n, &a) || prop_pmap(x, 1, (int)n, &b))
    return GEN_ERROR;
  if (!pmap_is_tractable(&a) || !pmap_is_tractable(&b)) return GEN_DISCARD;
  if (a.m + b.m > LO_MAX_LEAVES) return GEN_DISCARD;
  pmap_concat(&a, &b, &ab);
  lift(&a, &f);
  lift(&b, &g);
  int disjoint = disjoint_images(&f, &g);
  if (!disjoint) return GEN_DISCARD;
  if (!pmap_is_tractable(&ab)) return gen_failf(x, "alpha * beta is not tractable");
  if (lo_morphism_flat_concat(&f, &g, &fg, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "concatenation", PROP_STRICT);
  return lies_over(x, &fg, &ab, "f * g");
}

/* [169] Lemma 3.1.5.37: g o (f1 * f2) = (g o f1) * (g o f2). */
static gen_verdict concat_composite(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism g, f1, f2, f12, l, g1, g2, r;
  if (prop_morphism(x, 0, &g) || prop_morphism(x, 1, &f1) || prop_morphism(x, 2, &f2))
    return GEN_ERROR;
  if (f1.dom.len + f2.dom.len > LO_MAX_LEAVES) return GEN_DISCARD;
  if (lo_morphism_flat_concat(&f1, &f2, &f12, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "f1 * f2", PROP_STRICT);
  if (valid(x, &f12, "f1 * f2")) return GEN_FAIL;
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

/* [168] Construction 3.1.5.34, [170] Prop 3.1.5.38: concatenation is
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
  if (lo_flat_concat(&lf[0], &lf[1], &want, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat concat", PROP_STRICT);
  if (lo_flat_concat(&want, &lf[2], &want, &oe) != LO_OK)
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

/* [171] Def 3.1.5.39, [172] Prop 3.1.5.42: for g a complement of f,
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
  if (valid(x, &fg, "f * g")) return GEN_FAIL;
  if (!prop_is_iso(&fg))
    return gen_failf(x, "f * g = %s is not an isomorphism", prop_show_morphism(x, 0, &fg));
  if (lo_morphism_layout(&f, &lf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_morphism_layout(&g, &lg, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_size(&lf, &sf, &oe) != LO_OK) return prop_verdict_of(x, &oe, "size", PROP_STRICT);
  if (lo_size(&lg, &sg, &oe) != LO_OK) return prop_verdict_of(x, &oe, "size", PROP_STRICT);
  if (lo_tuple_size(&f.cod, &st, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "size T", PROP_STRICT);
  if (sf * sg != st)
    return gen_failf(x, "size(L_f) size(L_g) = %lld, size(T) = %lld", (long long)(sf * sg),
                     (long long)st);
  if (lo_flat_concat(&lf, &lg, &l, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat concat", PROP_STRICT);
  return prop_judged(prop_bijective_onto(x, &l, -1, "L_f * L_g"));
}

/* [173] Prop 3.1.5.43 (flat Theorem D): for injective f, f^c is a valid
** complement of f and coal-flat(L_{f^c}) = comp-flat(L_f, size T). */
static gen_verdict complement_theorem_d(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, fc, ffc;
  lo_layout lf, lfc, clfc, want, both;
  lo_int st;
  if (prop_morphism(x, 0, &f)) return GEN_ERROR;
  if (lo_morphism_complement(&f, &fc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "complement", PROP_STRICT);
  if (valid(x, &fc, "f^c")) return GEN_FAIL;
  if (lo_morphism_flat_concat(&f, &fc, &ffc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "f * f^c", PROP_STRICT);
  if (valid(x, &ffc, "f * f^c")) return GEN_FAIL;
  if (!prop_is_iso(&ffc))
    return gen_failf(x, "f * f^c = %s is not an isomorphism", prop_show_morphism(x, 0, &ffc));
  if (lo_morphism_layout(&f, &lf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_morphism_layout(&fc, &lfc, &oe) != LO_OK)
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

/* [174] Prop 3.1.5.44 with INDEX E3 (f must also be non-degenerate): for
** f injective of standard form, L_{f^c} = comp-flat(L_f). */
static gen_verdict complement_standard(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, fc;
  lo_layout lf, lfc, want;
  if (prop_morphism(x, 0, &f)) return GEN_ERROR;
  if (!is_standard_def(&f, 0) || !nondegenerate_morphism(&f)) return GEN_DISCARD;
  if (lo_morphism_complement(&f, &fc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "complement", PROP_STRICT);
  if (lo_morphism_layout(&f, &lf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_morphism_layout(&fc, &lfc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_flat_complement(&lf, -1, &want, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat complement", PROP_STRICT);
  if (!lo_layout_equal(&lfc, &want))
    return gen_failf(x, "L_{f^c} = %s but comp-flat(L_f) = %s", prop_show_layout(x, 0, &lfc),
                     prop_show_layout(x, 1, &want));
  return GEN_PASS;
}

/* [174] Prop 3.1.5.44 as printed (injective, standard form, possibly
** degenerate): L_{f^c} = comp-flat(L_f) (refuted: INDEX E3). */
static gen_verdict complement_standard_degenerate(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, fc;
  lo_layout lf, lfc, want;
  if (prop_morphism(x, 0, &f)) return GEN_ERROR;
  if (!is_standard_def(&f, 0)) return GEN_DISCARD;
  if (lo_morphism_complement(&f, &fc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "complement", PROP_STRICT);
  if (lo_morphism_layout(&f, &lf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_morphism_layout(&fc, &lfc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_flat_complement(&lf, -1, &want, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat complement", PROP_STRICT);
  if (!lo_layout_equal(&lfc, &want))
    return gen_failf(x, "L_{f^c} = %s but comp-flat(L_f) = %s", prop_show_layout(x, 0, &lfc),
                     prop_show_layout(x, 1, &want));
  return GEN_PASS;
}

/* [177] Prop 3.1.5.48: a complement g of f sorts to f^c. */
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

/* [175] Def 3.1.5.45, [176] Construction 3.1.5.46, [178] Prop 3.1.5.49:
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
  if (valid(x, &ffc, "f * f^c")) return GEN_FAIL;
  if (!prop_is_iso(&ffc) || !lo_tuple_equal(&fc.cod, &f.cod))
    return gen_failf(x, "f * f^c = %s is not an isomorphism", prop_show_morphism(x, 0, &ffc));
  return GEN_PASS;
}

/* [179] Prop 3.1.5.50: for complementable f, sort(f) = (f^c)^c. */
static gen_verdict complement_double(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, s, fc, fcc;
  if (prop_morphism(x, 0, &f)) return GEN_ERROR;
  if (lo_morphism_sort(&f, &s, &oe) != LO_OK) return prop_verdict_of(x, &oe, "sort", PROP_STRICT);
  if (lo_morphism_complement(&f, &fc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "complement", PROP_STRICT);
  if (lo_morphism_complement(&fc, &fcc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "complement", PROP_STRICT);
  if (!prop_morphism_equal(&s, &fcc))
    return gen_failf(x, "sort(f) = %s but (f^c)^c = %s", prop_show_morphism(x, 0, &s),
                     prop_show_morphism(x, 1, &fcc));
  return GEN_PASS;
}

/* [180] Def 3.1.5.52, [181] Prop 3.1.5.56 (flat Theorem E): for g : S -> T
** injective and f : T -> U, non-degenerate, f (/) g = f o (g * g^c)
** pointwise, and coal-flat(L_{f (/) g}) = coal-flat(L_f (/)flat L_g). */
static gen_verdict divide_theorem_e(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, g, q, gc;
  lo_layout lq, clq, lf, lg, lgc, lgg, d, cd;
  if (prop_morphism(x, 0, &f) || prop_morphism(x, 1, &g)) return GEN_ERROR;
  if (!nondegenerate_morphism(&f) || !nondegenerate_morphism(&g)) return GEN_DISCARD;
  if (lo_morphism_flat_divide(&f, &g, &q, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "morphism flat divide", PROP_STRICT);
  if (lo_morphism_layout(&q, &lq, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_flat_coalesce(&lq, &clq, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat coalesce", PROP_STRICT);
  if (lo_morphism_layout(&f, &lf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_morphism_layout(&g, &lg, &oe) != LO_OK)
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

/* [183] Lemma 3.1.5.60: for (f, g) product admissible with g injective,
** f (x)flat g is injective and (f (x)flat g)^c = f^c o g^c. */
static gen_verdict product_complement(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, g, p, pc, fc, gc, r;
  if (prop_morphism(x, 0, &f) || prop_morphism(x, 1, &g)) return GEN_ERROR;
  if (lo_morphism_flat_product(&f, &g, &p, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat product", PROP_STRICT);
  if (!lo_morphism_is_injective(&p))
    return gen_failf(x, "f (x) g = %s is not injective", prop_show_morphism(x, 0, &p));
  if (lo_morphism_complement(&p, &pc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "complement", PROP_STRICT);
  if (lo_morphism_complement(&f, &fc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "complement", PROP_STRICT);
  if (lo_morphism_complement(&g, &gc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "complement", PROP_STRICT);
  if (lo_morphism_compose(&fc, &gc, &r, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "f^c o g^c", PROP_STRICT);
  if (!prop_morphism_equal(&pc, &r))
    return gen_failf(x, "(f (x) g)^c = %s but f^c o g^c = %s", prop_show_morphism(x, 0, &pc),
                     prop_show_morphism(x, 1, &r));
  return GEN_PASS;
}

/* [184] Prop 3.1.5.61: with (f, g) and (g, h) product admissible,
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

/* [182] Def 3.1.5.57, [185] Prop 3.1.5.62 (flat Theorem F, with INDEX E9:
** N as in Obs 2.3.9.2): L_{f (x)flat g} = L_f (x)flat L_g, and pointwise
** as in product_pointwise. */
static gen_verdict product_theorem_f(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_morphism f, g, p, fc;
  lo_layout lp, lf, lg, lfc, q;
  if (prop_morphism(x, 0, &f) || prop_morphism(x, 1, &g)) return GEN_ERROR;
  if (!nondegenerate_morphism(&f) || !nondegenerate_morphism(&g)) return GEN_DISCARD;
  if (lo_morphism_flat_product(&f, &g, &p, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "morphism flat product", PROP_STRICT);
  if (lo_morphism_layout(&p, &lp, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_morphism_layout(&f, &lf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_morphism_layout(&g, &lg, &oe) != LO_OK)
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

/* ================================================================ table */

const gen_property prop_category_table[] = {
    /* 3.1.1 */
    {"tuple.finstar.category",
     "Fin*: identities are units, composition is associative, composites are pointed maps",
     "[125] Def 3.1.1.1, p.86", GEN_THEOREM, "tuple_pointed_maps", "is_pointed_map",
     finstar_category, NULL},
    {"tuple.finstar.tractable",
     "tractable maps contain the identities, are closed under o, and are those under morphisms",
     "[126] Def 3.1.1.9, Remark 3.1.1.11, Aside 3.1.1.12, p.87", GEN_THEOREM, "tuple_pointed_maps",
     "is_tractable_map", finstar_tractable, NULL},
    {"tuple.category.composite", "g o f : S -> U is a valid tuple morphism over beta o alpha",
     "[127] Def 3.1.1.13, p.88", GEN_THEOREM, "tuple_composable", "composition", category_composite,
     NULL},
    {"tuple.category.validity",
     "f valid; a size mismatch, a position hit twice or past n is refused",
     "[127] Def 3.1.1.13, p.88", GEN_THEOREM, "tuple_mor", "is_valid_morphism", category_validity,
     NULL},
    {"tuple.category.associative", "h o (g o f) = (h o g) o f", "[127] Def 3.1.1.13, p.88",
     GEN_THEOREM, "tuple_composable3", "composition", category_associative, NULL},
    {"tuple.category.identity", "id_T o f = f = f o id_S", "[127] Def 3.1.1.13, p.88", GEN_THEOREM,
     "tuple_mor", "identity", category_identity, NULL},
    /* 3.1.2 */
    {"tuple.encoding.layout",
     "L_f: shape S, strides the prefix products of T at alpha(i) or 0; size S, cosize <= size T",
     "[129] Construction 3.1.2.1, p.90", GEN_THEOREM, "tuple_mor", "layout", encoding_layout, NULL},
    {"tuple.encoding.tractable",
     "every L_f is tractable; f_L exists iff L is tractable (Def 2.1.8.1), and encodes L",
     "[132] Prop 3.1.2.10, p.93", GEN_THEOREM, "tuple_mor flat_layout", "morphism",
     encoding_tractable, NULL},
    {"tuple.standard.round_trip", "L_{f_L} = L for tractable flat L", "[131] Lemma 3.1.2.9, p.92",
     GEN_THEOREM, "tuple_layout_tractable", "morphism", standard_round_trip, NULL},
    {"tuple.standard.of_layout", "f_L has standard form (Def 3.1.2.12 with fix E1)",
     "[134] Ex 3.1.2.15, p.95; INDEX E1", GEN_THEOREM, "tuple_layout_tractable", "morphism",
     standard_of_layout, NULL},
    {"tuple.standard.predicate", "is_standard_form agrees with Def 3.1.2.12 (fix E1)",
     "[134] Def 3.1.2.12, p.94; INDEX §0.8, E1", GEN_THEOREM, "tuple_mor tuple_mor_standard",
     "is_standard_form", standard_predicate, NULL},
    {"tuple.nondegenerate.iff", "f non-degenerate iff L_f is; L non-degenerate iff f_L is",
     "[137] Obs 3.1.2.18, p.96 (both directions hold)", GEN_THEOREM,
     "tuple_mor tuple_layout_tractable", "is_nondegenerate", nondegenerate_iff, NULL},
    {"tuple.nondegenerate.normalize",
     "zeroing size-1 strides gives a non-degenerate L with the same Phi, tractable if L is",
     "[138] Obs 3.1.2.19 as corrected by INDEX E4 (Obs 2.1.2.29)", GEN_THEOREM, "flat_layout",
     "is_nondegenerate", nondegenerate_normalize, NULL},
    {"tuple.nondegenerate.filter_as_printed", "filter(L) is non-degenerate with the same Phi as L",
     "[138] Obs 3.1.2.19 as printed, p.96; INDEX E4 (wrong)", GEN_CONJECTURE, "flat_layout",
     "filter", filter_as_printed, NULL},
    {"tuple.standard.prefix_products",
     "f non-degenerate standard: prefix products of T (j >= 0) = {1} u {d_i, s_i d_i : d_i != 0}",
     "[139] Lemma 3.1.2.20 (proof, with the empty product added to both sets), p.96", GEN_THEOREM,
     "tuple_mor_standard", "layout", standard_prefix_products, NULL},
    {"tuple.theorem_a.layout",
     "L non-degenerate tractable flat: L_{f_L} = L, f_L non-degenerate of standard form",
     "[140] Theorem 3.1.2.21 (flat Theorem A), p.97", GEN_THEOREM, "tuple_layout_nondegenerate",
     "morphism", theorem_a_layout, NULL},
    {"tuple.theorem_a.morphism", "f non-degenerate of standard form (fix E1): f_{L_f} = f",
     "[139] Lemma 3.1.2.20, [140] Theorem 3.1.2.21, p.96-97; INDEX E1", GEN_THEOREM,
     "tuple_mor_standard", "layout", theorem_a_morphism, NULL},
    {"tuple.theorem_a.literal_standard",
     "f non-degenerate, standard under the literal Def 3.1.2.12 (n > 1): f_{L_f} = f",
     "[140] Theorem 3.1.2.21 as printed, p.97; INDEX E1 (fails for n = 1)", GEN_CONJECTURE,
     "tuple_mor_standard_literal", "layout", theorem_a_literal, NULL},
    /* 3.1.3 */
    {"tuple.family.identity", "L_{id_S} is column-major of shape S (Phi the identity)",
     "[141] Ex 3.1.3.1, p.98", GEN_THEOREM, "tuple_flat", "identity", family_identity, NULL},
    {"tuple.family.isomorphism",
     "an isomorphism lies over a permutation, has an inverse, and L_f is compact",
     "[142] Ex 3.1.3.2, Obs 3.1.3.3, p.98", GEN_THEOREM, "tuple_iso", "is_compact",
     family_isomorphism, NULL},
    {"tuple.family.projection", "projection onto (s_i)_{i in I}: strides s_{i_1}...s_{i_{j-1}}, 0",
     "[143] Ex 3.1.3.4, p.98", GEN_THEOREM, "tuple_flat", "layout", family_projection, NULL},
    {"tuple.family.dilation", "dilation of S by C over (2,4,..,2m): d_i = c_i prod_{j<i} c_j s_j",
     "[144] Ex 3.1.3.5, p.99; INDEX E11 (map and factor c_i corrected)", GEN_THEOREM,
     "tuple_dilation", "layout", family_dilation, NULL},
    {"tuple.family.expansion", "L_e is column-major and L_{e o f} = L_f", "[145] Ex 3.1.3.6, p.99",
     GEN_THEOREM, "tuple_mor tuple_flat", "layout", family_expansion, NULL},
    {"tuple.family.restriction", "L_{f|_I} = (L_f)|_I for every I", "[146] Ex 3.1.3.7, p.100",
     GEN_THEOREM, "tuple_mor", "restrict", family_restriction, NULL},
    {"tuple.family.entries", "L_{f_i} = (s_i):(d_i) and f = f_1 * ... * f_m",
     "[147] Ex 3.1.3.8, Remark 3.1.3.9, p.100; Ex 3.1.5.36", GEN_THEOREM, "tuple_mor", "entry",
     family_entries, NULL},
    {"tuple.family.factorization",
     "f|^J for J containing the image: strides d_i / prod_{k<alpha(i), k not in J} t_k, "
     "i o f|^J = f",
     "[148] Ex 3.1.3.10, Remark 3.1.3.11, p.101", GEN_THEOREM, "tuple_mor", "factorize",
     family_factorization, NULL},
    /* 3.1.4 */
    {"tuple.realization.functor", "F(g o f) = F g o F f, |g o f| = |g| o |f|, |id| = id",
     "[149] Construction 3.1.4.1, [150] Construction 3.1.4.4, p.102-103", GEN_THEOREM,
     "tuple_composable", "composition", realization_functor, NULL},
    {"tuple.realization.layout_function", "|f| = Phi_{L_f} with values in [0, size T)",
     "[151] Lemma 3.1.4.5, p.104", GEN_THEOREM, "tuple_mor", "layout", realization_layout_function,
     NULL},
    {"tuple.theorem_b.flat", "L_{g o f} = L_g o L_f (f non-degenerate)",
     "[152] Cor 3.1.4.6 (flat Theorem B), p.104; INDEX E2 (only f non-degenerate)", GEN_THEOREM,
     "tuple_composable_nondegenerate", "composition", theorem_b_flat, NULL},
    {"tuple.theorem_b.degenerate", "L_{g o f} = L_g o L_f for any composable f, g",
     "[152] Cor 3.1.4.6 without its hypothesis; INDEX E2 (fails for degenerate f)", GEN_CONJECTURE,
     "tuple_composable", "composition", theorem_b_degenerate, NULL},
    /* 3.1.5 */
    {"tuple.sum.tractable", "alpha (+) beta of tractable maps is tractable; f (+) g lies over it",
     "[153] Def 3.1.5.1, Remark 3.1.5.2, p.105", GEN_THEOREM, "tuple_tractable_maps", "sum",
     sum_tractable, NULL},
    {"tuple.sum.layout", "L_{f (+) g} = L_f * (L_g with non-zero strides times size T)",
     "[154] Def 3.1.5.3, p.105", GEN_THEOREM, "tuple_mor tuple_mor", "sum", sum_layout, NULL},
    {"tuple.sum.associative", "(f (+) g) (+) h = f (+) (g (+) h)", "[154] Def 3.1.5.3, p.105",
     GEN_THEOREM, "tuple_mor tuple_mor tuple_mor", "sum", sum_associative, NULL},
    {"tuple.squeeze.layout",
     "L_{squeeze f} = squeeze(L_f); squeeze idempotent; f = squeeze f iff no 1s",
     "[156] Prop 3.1.5.10, Obs 3.1.5.11, Ex 3.1.5.9, p.107", GEN_THEOREM, "tuple_mor", "squeeze",
     squeeze_layout, NULL},
    {"tuple.squeeze.functor", "squeeze(g o f) = squeeze(g) o squeeze(f), squeeze(id) = id",
     "[155] Def 3.1.5.7, p.106", GEN_THEOREM, "tuple_composable", "squeeze", squeeze_functor, NULL},
    {"tuple.sort.sorted_layout", "f sorted (Def 3.1.5.12) => L_f sorted",
     "[158] Prop 3.1.5.14, p.108", GEN_THEOREM, "tuple_mor_sorted", "layout", sort_sorted_layout,
     NULL},
    {"tuple.sort.fixed_points", "f sorted iff sort(f) = f", "[160] Lemma 3.1.5.17, p.110",
     GEN_THEOREM, "tuple_mor_sorted_mixed", "sort", sort_fixed_points, NULL},
    {"tuple.sort.layout", "sort(f) is sorted, f o (a permutation), and L_{sort f} = sort(L_f)",
     "[159] Construction 3.1.5.15, [161] Prop 3.1.5.18, p.109-110", GEN_THEOREM, "tuple_mor",
     "sort", sort_layout, NULL},
    {"tuple.sort.functorial", "sort(g) o sort(f) is defined and equals sort(g o f)",
     "[162] Remark 3.1.5.19, p.111 (sort is not a functor)", GEN_CONJECTURE, "tuple_composable",
     "sort_not_functorial", sort_functorial, NULL},
    {"tuple.coalesce.predicate", "f coalesced (Def 3.1.5.20) iff L_f flat-coalesced",
     "[164] Prop 3.1.5.24, p.112", GEN_THEOREM, "tuple_mor_squeezed", "is_coalesced",
     coalesce_predicate, NULL},
    {"tuple.coalesce.theorem_c",
     "coal(f) is coalesced, keeps the unhit entries, and L_{coal f} = coal-flat(L_f)",
     "[166] Prop 3.1.5.28 (flat Theorem C), p.114; INDEX D13", GEN_THEOREM, "tuple_mor", "coalesce",
     coalesce_theorem_c, NULL},
    {"tuple.concat.tractable",
     "alpha * beta of tractable maps with disjoint images is tractable; f * g lies over it",
     "[167] Construction 3.1.5.30, Remark 3.1.5.31, p.114-115", GEN_THEOREM, "tuple_disjoint_maps",
     "flat_concat", concat_tractable, NULL},
    {"tuple.concat.composite", "g o (f1 * f2) = (g o f1) * (g o f2)", "[169] Lemma 3.1.5.37, p.116",
     GEN_THEOREM, "tuple_disjoint_then", "flat_concat", concat_composite, NULL},
    {"tuple.concat.layout",
     "* is associative, L_{f1 * f2 * f3} = L_f1 * L_f2 * L_f3, refused on meeting images",
     "[168] Construction 3.1.5.34, [170] Prop 3.1.5.38, p.115-116", GEN_THEOREM, "tuple_disjoint3",
     "flat_concat", concat_layout, NULL},
    {"tuple.complement.is_complement",
     "g a complement of f: f * g iso, size(L_f) size(L_g) = size T, L_f * L_g bijective",
     "[171] Def 3.1.5.39, [172] Prop 3.1.5.42, p.117", GEN_THEOREM, "tuple_complement_pair",
     "is_complement", complement_is_complement, NULL},
    {"tuple.complement.theorem_d", "f injective: coal-flat(L_{f^c}) = comp-flat(L_f, size T)",
     "[173] Prop 3.1.5.43 (flat Theorem D), p.118", GEN_THEOREM, "tuple_mor_injective",
     "complement", complement_theorem_d, NULL},
    {"tuple.complement.standard",
     "f injective, non-degenerate, standard form: L_{f^c} = comp-flat(L_f)",
     "[174] Prop 3.1.5.44, p.118; INDEX E3 (needs non-degenerate)", GEN_THEOREM,
     "tuple_mor_standard_injective", "complement", complement_standard, NULL},
    {"tuple.complement.standard_degenerate", "f injective, standard form: L_{f^c} = comp-flat(L_f)",
     "[174] Prop 3.1.5.44 as printed, p.118; INDEX E3 (fails for degenerate f)", GEN_CONJECTURE,
     "tuple_mor_standard_degenerate", "complement", complement_standard_degenerate, NULL},
    {"tuple.complement.sort", "g a complement of f => sort(g) = f^c", "[177] Prop 3.1.5.48, p.118",
     GEN_THEOREM, "tuple_complement_pair", "sort", complement_sort, NULL},
    {"tuple.complement.exists",
     "f^c exists iff no entry goes to *; f^c increasing onto the missed positions, f * f^c iso",
     "[175] Def 3.1.5.45, [176] Construction 3.1.5.46, [178] Prop 3.1.5.49, p.118-119", GEN_THEOREM,
     "tuple_mor_mixed", "complement", complement_exists, NULL},
    {"tuple.complement.double", "f complementable: sort(f) = (f^c)^c", "[179] Prop 3.1.5.50, p.119",
     GEN_THEOREM, "tuple_mor_injective", "complement", complement_double, NULL},
    {"tuple.divide.theorem_e",
     "coal-flat(L_{f (/) g}) = coal-flat(L_f (/)flat L_g); L_{f (/) g} = L_f o L_{g * g^c}",
     "[180] Def 3.1.5.52, [181] Prop 3.1.5.56 (flat Theorem E), p.119-120", GEN_THEOREM,
     "tuple_divisible", "flat_divide", divide_theorem_e, NULL},
    {"tuple.product.complement", "g injective: f (x) g injective, (f (x) g)^c = f^c o g^c",
     "[183] Lemma 3.1.5.60, p.121", GEN_THEOREM, "tuple_product_injective", "flat_product",
     product_complement, NULL},
    {"tuple.product.associative", "(f (x) g) (x) h = f (x) (g (x) h), both admissible",
     "[184] Prop 3.1.5.61, p.121", GEN_THEOREM, "tuple_product_chain", "flat_product",
     product_associative, NULL},
    {"tuple.product.theorem_f", "L_{f (x)flat g} = L_f (x)flat L_g (N as in Obs 2.3.9.2)",
     "[182] Def 3.1.5.57, [185] Prop 3.1.5.62 (flat Theorem F), p.120-121; INDEX E9", GEN_THEOREM,
     "tuple_product_admissible", "flat_product", product_theorem_f, NULL},
};
const int prop_category_count = (int)(sizeof prop_category_table / sizeof prop_category_table[0]);
