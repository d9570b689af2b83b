/*
** p_category_family.c -- Tuple morphisms, Chapters 3.1.3-3.1.4 and the sums
** of 3.1.5, as properties: the families of morphisms (identities,
** isomorphisms, projections, dilations, expansions, restrictions,
** factorizations), realization, Theorem B, sums.  Chapters 3.1.1-3.1.2 are
** in p_category.c, the rest of 3.1.5 in p_category_ops.c; what they share is
** in p_category.h.
*/
#include "properties.h"
#include "p_category.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* How many subsets of an n-element set the subset properties check: all
** 2^n up to n = 12, else 4096. */
static unsigned subset_count(int n) { return n <= 12 ? 1u << n : 4096u; }

/* Def 3.1.5.1: a (+) b : <m+p>* -> <n+q>*. */
static void pmap_sum(const pmap *a, const pmap *b, pmap *out) {
  pmap r = {a->m + b->m, a->n + b->n, {0}};
  for (int i = 0; i < a->m; i++) r.a[i] = a->a[i];
  for (int i = 0; i < b->m; i++) r.a[a->m + i] = b->a[i] ? b->a[i] + a->n : 0;
  *out = r;
}

/* Column-major: stride i is the product of the entries before it. */
static int column_major(const lo_layout *l) {
  for (int i = 0; i < l->shape.len; i++)
    if (l->stride[i] != p_category_prefix(&l->shape, i + 1)) return 0;
  return 1;
}

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

/* Ex 3.1.3.1: L_{id_S} is the column-major layout of shape S, whose
** layout function is the identity of [0, size S). */
static gen_verdict family_identity(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_tuple s;
  lo_morphism id;
  lo_layout l;
  if (prop_tuple(x, 0, &s)) return GEN_ERROR;
  lo_morphism_identity(&s, &id);
  if (p_category_valid(x, &id, "id_S")) return GEN_FAIL;
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

/* Ex 3.1.3.2, Obs 3.1.3.3: an isomorphism lies over a permutation,
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

/* The k-th of them as a bit mask: k itself up to n = 12, else a hash of k
** (SplitMix64) cut to n bits; k = 0 is the empty set. */
static uint64_t nth_subset(unsigned k, int n) {
  if (n <= 12) return k;
  uint64_t z = (uint64_t)k * 0x9e3779b97f4a7c15ull;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z ^= z >> 31;
  return n >= 64 ? z : z & ((1ull << n) - 1);
}

/* Ex 3.1.3.4: for every subset I of <m> (4096 of them when m > 12),
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
    if (p_category_valid(x, &p, "projection")) return GEN_FAIL;
    if (lo_morphism_layout(&p, &l, &oe) != LO_OK)
      return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
    if (memcmp(l.stride, want, (size_t)s.len * sizeof *want))
      return gen_failf(x, "projection %s encodes %s", prop_show_morphism(x, 0, &p),
                       prop_show_layout(x, 1, &l));
  }
  return GEN_PASS;
}

/* Ex 3.1.3.5 corrected (map (2,4,..,2m), d_i = c_i prod_{j<i} c_j s_j): the dilation of S by C lies over
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
  if (p_category_valid(x, &f, "dilation")) return GEN_FAIL;
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

/* Ex 3.1.3.6: the expansion e : T -> T * T'' encodes the
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
  if (lo_morphism_layout(&ef, &lef, &oe) != LO_OK || lo_morphism_layout(&f, &lf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (!lo_layout_equal(&lef, &lf))
    return gen_failf(x, "L_{e o f} = %s but L_f = %s", prop_show_layout(x, 0, &lef),
                     prop_show_layout(x, 1, &lf));
  return GEN_PASS;
}

/* Ex 3.1.3.7: for every subset I of the domain (4096 of them when
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
    if (p_category_valid(x, &r, "f|_I")) return GEN_FAIL;
    if (lo_morphism_layout(&r, &lr, &oe) != LO_OK)
      return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
    if (!lo_layout_equal(&lr, &want))
      return gen_failf(x, "f|_I = %s encodes %s, (L_f)|_I = %s", prop_show_morphism(x, 0, &r),
                       prop_show_layout(x, 1, &lr), prop_show_layout(x, 2, &want));
  }
  return GEN_PASS;
}

/* Ex 3.1.3.8, Ex 3.1.5.36: the i-th entry f_i : (s_i) -> T encodes
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

/* Check one factorization f|^J of Ex 3.1.3.10: valid, strides divided by the
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
  if (p_category_valid(x, &r, "f|^J")) return GEN_FAIL;
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

/* Ex 3.1.3.10, Remark 3.1.3.11: for every J containing the image
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

/* Construction 3.1.4.1, Construction 3.1.4.4: F and |.| are
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

/* Lemma 3.1.4.5: |f| = Phi_{L_f} on [0, size S), with values in
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

/* Shared by the Cor 3.1.4.6 checks: L_{g o f} into *lgf, L_g, L_f, and the
** paper's composite L_g o L_f, for the case's g, f (f non-degenerate when
** nondegenerate_only, else the case is discarded).  GEN_PASS when
** L_{g o f} = L_g o L_f; otherwise the case's verdict. */
static gen_verdict theorem_b_layouts(gen_ctx *x, int nondegenerate_only, lo_layout *lgf,
                                     lo_layout *lg, lo_layout *lf) {
  lo_err oe = {LO_OK, ""};
  lo_morphism g, f, gf;
  lo_layout comp;
  if (prop_morphism(x, 0, &g) || prop_morphism(x, 1, &f)) return GEN_ERROR;
  if (nondegenerate_only && !p_category_nondegenerate_morphism(&f)) return GEN_DISCARD;
  if (lo_morphism_compose(&g, &f, &gf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "g o f", PROP_STRICT);
  if (lo_morphism_layout(&gf, lgf, &oe) != LO_OK || lo_morphism_layout(&g, lg, &oe) != LO_OK ||
      lo_morphism_layout(&f, lf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "layout", PROP_STRICT);
  if (lo_paper_composition(lg, lf, &comp, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "paper composition", PROP_BOUNDED);
  if (!lo_layout_equal(lgf, &comp))
    return gen_failf(x, "L_{g o f} = %s but L_g o L_f = %s", prop_show_layout(x, 0, lgf),
                     prop_show_layout(x, 1, &comp));
  return GEN_PASS;
}

/* Cor 3.1.4.6 (only f needs to be non-degenerate): L_{g o f} is
** the paper's composite L_g o L_f, checked exactly and point by point. */
static gen_verdict theorem_b_flat(gen_ctx *x) {
  lo_layout lgf, lg, lf;
  gen_verdict v = theorem_b_layouts(x, 1, &lgf, &lg, &lf);
  if (v != GEN_PASS) return v;
  int r = prop_is_composite(x, &lg, &lf, &lgf);
  return r == 0 ? GEN_FAIL : GEN_PASS;
}

/* Cor 3.1.4.6 without non-degeneracy: L_{g o f} = L_g o L_f
** (refuted: f = g = (1)--(1)-->(1)). */
static gen_verdict theorem_b_degenerate(gen_ctx *x) {
  lo_layout lgf, lg, lf;
  return theorem_b_layouts(x, 0, &lgf, &lg, &lf);
}

/* Def 3.1.5.1, Remark 3.1.5.2: the sum of tractable maps is
** tractable, and the oracle's sum of morphisms over them lies over it. */
static gen_verdict sum_tractable(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  pmap a, b, ab;
  lo_int n, q;
  lo_morphism f, g, fg;
  if (prop_int(x, 1, &n) || prop_int(x, 3, &q) || p_category_prop_pmap(x, 0, (int)n, &a) ||
      p_category_prop_pmap(x, 2, (int)q, &b))
    return GEN_ERROR;
  if (!p_category_pmap_is_tractable(&a) || !p_category_pmap_is_tractable(&b)) return GEN_DISCARD;
  if (a.m + b.m > LO_MAX_LEAVES || a.n + b.n > LO_MAX_LEAVES) return GEN_DISCARD;
  pmap_sum(&a, &b, &ab);
  char t[256], nn[24];
  p_category_pmap_text(&ab, t, sizeof t);
  snprintf(nn, sizeof nn, "%d", ab.n);
  const char *args[2] = {t, nn};
  if (!p_category_pmap_is_tractable(&ab) || p_category_eval_bool("is_tractable_map", 2, args) != 1)
    return gen_failf(x, "alpha (+) beta = %s is not tractable", t);
  p_category_lift(&a, &f);
  p_category_lift(&b, &g);
  if (lo_morphism_sum(&f, &g, &fg, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "sum", PROP_STRICT);
  return p_category_lies_over(x, &fg, &ab, "f (+) g");
}

/* Def 3.1.5.3: f (+) g : S*U -> T*V is valid and
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
  if (p_category_valid(x, &fg, "f (+) g")) return GEN_FAIL;
  if (lo_morphism_layout(&fg, &l, &oe) != LO_OK || lo_morphism_layout(&f, &lf, &oe) != LO_OK ||
      lo_morphism_layout(&g, &lg, &oe) != LO_OK)
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

/* Def 3.1.5.3: the sum is associative. */
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

const gen_property prop_category_family_table[] = {
    {"tuple.family.identity", "L_{id_S} is column-major of shape S (Phi the identity)",
     "Ex 3.1.3.1, p.98", GEN_THEOREM, "tuple_flat", "identity", family_identity, NULL, NULL, 0},
    {"tuple.family.isomorphism",
     "an isomorphism lies over a permutation, has an inverse, and L_f is compact",
     "Ex 3.1.3.2, Obs 3.1.3.3, p.98", GEN_THEOREM, "tuple_iso", "is_compact", family_isomorphism,
     NULL, NULL, 0},
    {"tuple.family.projection", "projection onto (s_i)_{i in I}: strides s_{i_1}...s_{i_{j-1}}, 0",
     "Ex 3.1.3.4, p.98", GEN_THEOREM, "tuple_flat", "layout", family_projection, NULL, NULL, 0},
    {"tuple.family.dilation", "dilation of S by C over (2,4,..,2m): d_i = c_i prod_{j<i} c_j s_j",
     "Ex 3.1.3.5, p.99 (map and factor c_i corrected)", GEN_THEOREM, "tuple_dilation", "layout",
     family_dilation, NULL, NULL, 0},
    {"tuple.family.expansion", "L_e is column-major and L_{e o f} = L_f", "Ex 3.1.3.6, p.99",
     GEN_THEOREM, "tuple_mor tuple_flat", "layout", family_expansion, NULL, NULL, 0},
    {"tuple.family.restriction", "L_{f|_I} = (L_f)|_I for every I", "Ex 3.1.3.7, p.100",
     GEN_THEOREM, "tuple_mor", "restrict", family_restriction, NULL, NULL, 0},
    {"tuple.family.entries", "L_{f_i} = (s_i):(d_i) and f = f_1 * ... * f_m",
     "Ex 3.1.3.8, Remark 3.1.3.9, p.100; Ex 3.1.5.36", GEN_THEOREM, "tuple_mor", "entry",
     family_entries, NULL, NULL, 0},
    {"tuple.family.factorization",
     "f|^J for J containing the image: strides d_i / prod_{k<alpha(i), k not in J} t_k, "
     "i o f|^J = f",
     "Ex 3.1.3.10, Remark 3.1.3.11, p.101", GEN_THEOREM, "tuple_mor", "factorize",
     family_factorization, NULL, NULL, 0},
    /* 3.1.4 */
    {"tuple.realization.functor", "F(g o f) = F g o F f, |g o f| = |g| o |f|, |id| = id",
     "Construction 3.1.4.1, Construction 3.1.4.4, p.102-103", GEN_THEOREM, "tuple_composable",
     "composition", realization_functor, NULL, NULL, 0},
    {"tuple.realization.layout_function", "|f| = Phi_{L_f} with values in [0, size T)",
     "Lemma 3.1.4.5, p.104", GEN_THEOREM, "tuple_mor", "layout", realization_layout_function, NULL,
     NULL, 0},
    {"tuple.theorem_b.flat", "L_{g o f} = L_g o L_f (f non-degenerate)",
     "Cor 3.1.4.6 (flat Theorem B), p.104; only f needs to be non-degenerate", GEN_THEOREM,
     "tuple_composable_nondegenerate", "composition", theorem_b_flat, NULL, NULL, 0},
    {"tuple.theorem_b.degenerate", "L_{g o f} = L_g o L_f for any composable f, g",
     "Cor 3.1.4.6 without its hypothesis (fails for degenerate f)", GEN_CONJECTURE,
     "tuple_composable", "composition", theorem_b_degenerate, NULL, NULL, 0},
    /* 3.1.5 */
    {"tuple.sum.tractable", "alpha (+) beta of tractable maps is tractable; f (+) g lies over it",
     "Def 3.1.5.1, Remark 3.1.5.2, p.105", GEN_THEOREM, "tuple_tractable_maps", "sum",
     sum_tractable, NULL, NULL, 0},
    {"tuple.sum.layout", "L_{f (+) g} = L_f * (L_g with non-zero strides times size T)",
     "Def 3.1.5.3, p.105", GEN_THEOREM, "tuple_mor tuple_mor", "sum", sum_layout, NULL, NULL, 0},
    {"tuple.sum.associative", "(f (+) g) (+) h = f (+) (g (+) h)", "Def 3.1.5.3, p.105",
     GEN_THEOREM, "tuple_mor tuple_mor tuple_mor", "sum", sum_associative, NULL, "f g h", 0},
};

const int prop_category_family_count =
    (int)(sizeof prop_category_family_table / sizeof prop_category_family_table[0]);
