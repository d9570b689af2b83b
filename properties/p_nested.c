/*
** p_nested.c -- the properties of nested tuples and layouts (the paper's
** sections 2.2 and 2.3): profiles and substitution, refinement and
** relative modes, flattening and nested concatenation, coalesce and
** relative coalesce, compactness, complements, the composite of
** Def 2.3.7.1, logical division and product by their definitions, CuTe's
** zipped and tiled regroupings, tractability.  Each property checks the
** oracle against brute-force layout functions or against the definition
** recomputed here, wherever sizes allow.
**
** Statements of these sections that cannot be computed:
**   Aside 2.2.1.10: Profile is a non-symmetric operad (a structure, not a finite check).
**   Obs 2.2.2.4 / Remark 2.2.2.5: the pullback square of nested tuples, V as a set.
**   Aside 2.2.3.6: Nest(Z) is an algebra over the operad Profile.
**   Prop 2.3.1.22: "exactly one layout" -- uniqueness over all layouts; checked
**         only as (L-flat)_{prof L} = L.
**   Prop 2.3.3.16: coal(L) minimises complexity over ALL layouts with Phi_L; only
**         generated layouts with the same function can be compared.
**   Lemma 2.3.6.4, Prop 2.3.6.9: "a complement exists" quantifies over all
**         layouts; checked with constructed complements and the paper's comp.
**   Remark 2.3.7.3: uniqueness of B o A over all layouts (follows from Prop 2.3.4.10,
**         which is checked).
**   Remarks 2.3.8.3 / 2.3.8.5: the pictures of tiles.
*/
#include "properties.h"
#include "p_nested.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ================================================================ helpers */

/* Argument i as a profile (leaves '*', stored as 0). */
static int arg_profile(gen_ctx *x, int i, lo_tuple *t) {
  lo_err e;
  if (i >= x->argc) return gen_errorf(x, "argument %d is missing", i + 1);
  if (lo_parse_profile(x->argv[i], t, &e)) return gen_errorf(x, "argument %d: %s", i + 1, e.msg);
  return 0;
}

/* Argument i as a list "X1;...;Xm" of profiles or nested tuples. */
static int arg_items(gen_ctx *x, int i, lo_tuple *items, int *n) {
  char buf[GEN_ARG_LEN];
  lo_err e;
  if (i >= x->argc) return gen_errorf(x, "argument %d is missing", i + 1);
  snprintf(buf, sizeof buf, "%s", x->argv[i]);
  *n = 0;
  for (char *p = buf;; (*n)++) {
    char *q = strchr(p, ';');
    if (q) *q = 0;
    if (*n >= LO_MAX_LEAVES || lo_parse_profile(p, &items[*n], &e))
      return gen_errorf(x, "argument %d, item %d: %s", i + 1, *n + 1, e.msg);
    if (!q) {
      (*n)++;
      return 0;
    }
    p = q + 1;
  }
}

/* Q with its k-th '*' replaced by items[k], spliced token by token here
** (Def 2.2.1.8, Def 2.2.3.1), independently of lo_tuple_substitute. */
int p_nested_splice_tuples(const lo_tuple *q, const lo_tuple *items, lo_tuple *out) {
  lo_tuple r;
  int k = 0;
  r.len = r.ntok = 0;
  for (int i = 0; i < q->ntok; i++) {
    if (q->tok[i] != '*') {
      if (r.ntok >= LO_MAX_TOKENS) return -1;
      r.tok[r.ntok++] = q->tok[i];
      continue;
    }
    const lo_tuple *it = &items[k++];
    if (r.ntok + it->ntok > LO_MAX_TOKENS || r.len + it->len > LO_MAX_LEAVES) return -1;
    memcpy(r.tok + r.ntok, it->tok, (size_t)it->ntok);
    memcpy(r.leaf + r.len, it->leaf, (size_t)it->len * sizeof(lo_int));
    r.ntok += it->ntok;
    r.len += it->len;
  }
  *out = r;
  return 0;
}

/* The number of '*' tokens of t (its length, counted on the profile). */
static int count_stars(const lo_tuple *t) {
  int n = 0;
  for (int i = 0; i < t->ntok; i++) n += t->tok[i] == '*';
  return n;
}

/* The profile of t: its tokens with every leaf 0. */
static void profile_of(const lo_tuple *t, lo_tuple *p) {
  *p = *t;
  for (int i = 0; i < p->len; i++) p->leaf[i] = 0;
}

/* --------------------------------------- refinement, recomputed on tokens */

/* One element of a nested tuple: tokens [b, e), first leaf. */
typedef struct elem {
  const lo_tuple *t;
  int b, e, leaf;
} elem;

/* The element of t that starts at token b with leaf index leaf. */
static elem elem_at(const lo_tuple *t, int b, int leaf) {
  elem x = {t, b, b, leaf};
  int d = 0;
  do {
    char c = t->tok[x.e++];
    d += c == '(' ? 1 : c == ')' ? -1 : 0;
  } while (d > 0);
  return x;
}

/* Product of the leaves of x (saturating at 2^62). */
static lo_int elem_size(elem x) {
  lo_int p = 1;
  for (int i = x.b, k = x.leaf; i < x.e; i++)
    if (x.t->tok[i] == '*' && __builtin_mul_overflow(p, x.t->leaf[k++], &p)) return (lo_int)1 << 62;
  return p;
}

/* The children of the tuple x into out; returns their number. */
static int elem_children(elem x, elem *out) {
  int n = 0, leaf = x.leaf;
  for (int i = x.b + 1; i < x.e - 1;) {
    out[n] = elem_at(x.t, i, leaf);
    for (int j = out[n].b; j < out[n].e; j++) leaf += x.t->tok[j] == '*';
    i = out[n++].e;
  }
  return n;
}

/* Def 2.2.4.1, recomputed: xp refines x iff x is an integer equal to
** size(xp), or both are tuples of equal rank whose modes refine. */
static int def_refines(elem xp, elem x) {
  if (x.t->tok[x.b] == '*') return elem_size(xp) == x.t->leaf[x.leaf];
  if (xp.t->tok[xp.b] == '*') return 0;
  elem cp[LO_MAX_TOKENS / 2], cx[LO_MAX_TOKENS / 2];
  int n = elem_children(xp, cp);
  if (n != elem_children(x, cx)) return 0;
  for (int i = 0; i < n; i++)
    if (!def_refines(cp[i], cx[i])) return 0;
  return 1;
}

/* Def 2.2.4.1 recomputed on whole tuples. */
static int ref_refines(const lo_tuple *xp, const lo_tuple *x) {
  return def_refines(elem_at(xp, 0, 0), elem_at(x, 0, 0));
}

/* ------------------------------------------------------ layout helpers */

/* out = (a, b). */
int p_nested_nest2(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err) {
  const lo_layout *pp[2] = {a, b};
  return lo_layout_nest(pp, 2, out, err);
}

/* mode_i(L, S) for i = 1..len(S) (Def 2.3.4.1): the relative modes of
** shape(L) over S with the strides at the same positions. */
int p_nested_rel_layout_modes(const lo_layout *l, const lo_tuple *s, lo_layout *m, int *n,
                              lo_err *err) {
  lo_tuple t[LO_MAX_LEAVES];
  if (lo_relative_modes(&l->shape, s, t, LO_MAX_LEAVES, n, err)) return err->code;
  for (int i = 0, at = 0; i < *n; i++) {
    if (lo_layout_make(&t[i], l->stride + at, &m[i], err)) return err->code;
    at += t[i].len;
  }
  return LO_OK;
}

/* Coalesced over S (Def 2.3.4.4): every relative mode is coalesced.
** -1 when shape(L) does not refine S. */
int p_nested_coalesced_over(const lo_layout *l, const lo_tuple *s) {
  lo_layout m[LO_MAX_LEAVES];
  lo_err e;
  int n;
  if (p_nested_rel_layout_modes(l, s, m, &n, &e)) return -1;
  for (int i = 0; i < n; i++)
    if (!lo_is_coalesced(&m[i])) return 0;
  return 1;
}

/* Def 2.3.3.1, recomputed: 1:0; depth 0 with shape > 1; or depth 1, rank >
** 1, no size-1 entry and no s_i d_i = d_{i+1}. */
static int def_coalesced(const lo_layout *l) {
  int depth = lo_tuple_depth(&l->shape), n = l->shape.len;
  if (depth == 0) return l->shape.leaf[0] > 1 || l->stride[0] == 0;
  if (depth != 1 || n < 2) return 0;
  for (int i = 0; i < n; i++) {
    lo_int p;
    if (l->shape.leaf[i] == 1) return 0;
    if (i + 1 < n && !__builtin_mul_overflow(l->shape.leaf[i], l->stride[i], &p) &&
        p == l->stride[i + 1])
      return 0;
  }
  return 1;
}

/* coal(L) by Construction 2.3.3.7, recomputed: coal-flat of L-flat (drop
** size-1 entries, merge s_i d_i = d_{i+1}), then 1:0, s:d or a flat tuple. */
static void def_coalesce(const lo_layout *l, lo_layout *out) {
  lo_int s[LO_MAX_LEAVES], d[LO_MAX_LEAVES], p;
  int n = 0;
  for (int i = 0; i < l->shape.len; i++) {
    if (l->shape.leaf[i] == 1) continue;
    if (n > 0 && !__builtin_mul_overflow(s[n - 1], d[n - 1], &p) && p == l->stride[i]) {
      s[n - 1] *= l->shape.leaf[i];
      continue;
    }
    s[n] = l->shape.leaf[i];
    d[n++] = l->stride[i];
  }
  if (n == 0)
    lo_layout_scalar(out, 1, 0);
  else if (n == 1)
    lo_layout_scalar(out, s[0], d[0]);
  else
    lo_layout_flat(out, s, d, n);
}

/* Complexity (Def 2.3.3.15): len + depth. */
static int complexity(const lo_layout *l) { return l->shape.len + lo_tuple_depth(&l->shape); }

/* ===================================================== 2.2 nested tuples */

/* Def 2.2.1.8: (P_1..P_m)_Q splices P_i into the i-th '*' of Q;
** len((P_i)_Q) = sum len(P_i); substituting '*'s gives Q back;
** (P_1..P_m)_{(*,..,*)} = (P_1..P_m). */
static gen_verdict profile_substitution(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_tuple q, items[LO_MAX_LEAVES], r, want, stars[LO_MAX_LEAVES], back, flat, r2, nest;
  const lo_tuple *pp[LO_MAX_LEAVES];
  lo_int zero[LO_MAX_LEAVES] = {0};
  int m, total = 0;
  if (arg_profile(x, 0, &q) || arg_items(x, 1, items, &m)) return GEN_ERROR;
  if (m != q.len) return gen_failf(x, "%d items for a profile of length %d", m, q.len);
  if (lo_tuple_substitute(&q, items, &r, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "substitute", PROP_BOUNDED_ARITH);
  if (p_nested_splice_tuples(&q, items, &want)) return GEN_DISCARD;
  if (!lo_tuple_equal(&r, &want))
    return gen_failf(x, "(P_i)_Q = %s, but splicing gives %s", prop_show_tuple(x, 0, &r),
                     prop_show_tuple(x, 1, &want));
  for (int i = 0; i < m; i++) {
    total += count_stars(&items[i]);
    lo_tuple_int(&stars[i], 0);
    pp[i] = &items[i];
  }
  if (r.len != total || count_stars(&r) != total)
    return gen_failf(x, "len((P_i)_Q) = %d, the P_i have %d leaves", r.len, total);
  if (lo_tuple_substitute(&q, stars, &back, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "substitute", PROP_BOUNDED_ARITH);
  if (!lo_tuple_equal(&back, &q))
    return gen_failf(x, "(*,..,*)_Q = %s, not Q", prop_show_tuple(x, 0, &back));
  lo_tuple_flat(&flat, zero, m);
  if (lo_tuple_substitute(&flat, items, &r2, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "substitute", PROP_BOUNDED_ARITH);
  if (lo_tuple_nest(pp, m, &nest, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "nest", PROP_BOUNDED_ARITH);
  if (!lo_tuple_equal(&r2, &nest))
    return gen_failf(x, "(P_i)_{(*,..,*)} = %s, not (P_1..P_m) = %s", prop_show_tuple(x, 0, &r2),
                     prop_show_tuple(x, 1, &nest));
  return GEN_PASS;
}

/* Def 2.2.3.1: (X_1..X_m)_Q has flattening X_1-flat * .. * X_m-flat
** and profile (prof X_1..prof X_m)_Q. */
static gen_verdict tuple_substitution(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_tuple q, items[LO_MAX_LEAVES], profs[LO_MAX_LEAVES], r, rp, want;
  int m, at = 0;
  if (arg_profile(x, 0, &q) || arg_items(x, 1, items, &m)) return GEN_ERROR;
  if (m != q.len) return gen_failf(x, "%d items for a profile of length %d", m, q.len);
  if (lo_tuple_substitute(&q, items, &r, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "substitute", PROP_BOUNDED_ARITH);
  for (int i = 0; i < m; i++) {
    for (int j = 0; j < items[i].len; j++, at++)
      if (at >= r.len || r.leaf[at] != items[i].leaf[j])
        return gen_failf(x, "the flattening of %s is not that of the items at entry %d",
                         prop_show_tuple(x, 0, &r), at + 1);
    profile_of(&items[i], &profs[i]);
  }
  if (at != r.len)
    return gen_failf(x, "%s has %d entries, the items %d", prop_show_tuple(x, 0, &r), r.len, at);
  if (p_nested_splice_tuples(&q, profs, &want)) return GEN_DISCARD;
  profile_of(&r, &rp);
  if (!lo_tuple_equal(&rp, &want))
    return gen_failf(x, "prof of %s is %s, expected (prof X_i)_Q = %s", prop_show_tuple(x, 0, &r),
                     prop_show_tuple(x, 1, &rp), prop_show_tuple(x, 2, &want));
  return GEN_PASS;
}

/* Def 2.2.3.1: (entries of X)_{prof X} = X, and entry_i(X) = x_i (Def 2.2.2.14),
** for the shape of a generated layout. */
static gen_verdict entries_substitution(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout l;
  lo_tuple p, items[LO_MAX_LEAVES], r, flat;
  if (prop_layout(x, 0, &l)) return GEN_ERROR;
  profile_of(&l.shape, &p);
  for (int i = 0; i < l.shape.len; i++) lo_tuple_int(&items[i], l.shape.leaf[i]);
  if (lo_tuple_substitute(&p, items, &r, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "substitute", PROP_BOUNDED_ARITH);
  if (!lo_tuple_equal(&r, &l.shape))
    return gen_failf(x, "(entries of X)_{prof X} = %s, not X = %s", prop_show_tuple(x, 0, &r),
                     prop_show_tuple(x, 1, &l.shape));
  lo_tuple_flatten(&l.shape, &flat);
  if (flat.len != l.shape.len || lo_tuple_depth(&flat) != 1)
    return gen_failf(x, "flattening %s is not a flat tuple of length %d",
                     prop_show_tuple(x, 0, &flat), l.shape.len);
  for (int i = 0; i < flat.len; i++)
    if (flat.leaf[i] != l.shape.leaf[i])
      return gen_failf(x, "entry %d of the flattening differs", i + 1);
  return GEN_PASS;
}

/* Obs 2.2.4.4: refinement is reflexive, transitive on X'' ->> X' ->>
** X, and antisymmetric; lo_refines agrees with Def 2.2.4.1 recomputed. */
static gen_verdict refinement_order(gen_ctx *x) {
  lo_tuple t[4];
  static const char *const names[4] = {"X''", "X'", "X", "Y"};
  for (int i = 0; i < 4; i++)
    if (prop_tuple(x, i, &t[i])) return GEN_ERROR;
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 4; j++) {
      int r = lo_refines(&t[i], &t[j]), d = ref_refines(&t[i], &t[j]);
      if (i == j && !r)
        return gen_failf(x, "%s = %s does not refine itself", names[i],
                         prop_show_tuple(x, 0, &t[i]));
      if (i < j && j < 3 && !r)
        return gen_failf(x, "%s = %s does not refine %s = %s", names[i],
                         prop_show_tuple(x, 0, &t[i]), names[j], prop_show_tuple(x, 1, &t[j]));
      if (r != d)
        return gen_failf(x, "refines(%s, %s) = %d but Def 2.2.4.1 gives %d",
                         prop_show_tuple(x, 0, &t[i]), prop_show_tuple(x, 1, &t[j]), r, d);
      if (r && lo_refines(&t[j], &t[i]) && !lo_tuple_equal(&t[i], &t[j]))
        return gen_failf(x, "%s and %s refine each other but differ", prop_show_tuple(x, 0, &t[i]),
                         prop_show_tuple(x, 1, &t[j]));
    }
  if (!lo_tuple_equal(&t[2], &t[3])) x->labels |= 1u << GEN_L_REFINED;
  return GEN_PASS;
}

/* Construction 2.2.4.5: the relative modes of X' ->> X: one per entry
** of X, size(mode_i(X',X)) = x_i, and X' = (mode_1..mode_m)_{prof X};
** mode_i(X,X) = x_i; X flat => mode_i(X',X) = mode_i(X'); X an integer =>
** the one relative mode is X'. */
static gen_verdict relative_modes(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_tuple xp, xx, m[LO_MAX_LEAVES], self[LO_MAX_LEAVES], back, md;
  lo_int size;
  int n, ns;
  if (prop_tuple(x, 0, &xp) || prop_tuple(x, 1, &xx)) return GEN_ERROR;
  if (lo_relative_modes(&xp, &xx, m, LO_MAX_LEAVES, &n, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "relative modes", PROP_BOUNDED_ARITH);
  if (n != xx.len) return gen_failf(x, "%d relative modes for %d entries of X", n, xx.len);
  for (int i = 0; i < n; i++) {
    if (lo_tuple_size(&m[i], &size, &oe) != LO_OK)
      return prop_verdict_of(x, &oe, "size", PROP_BOUNDED_ARITH);
    if (size != xx.leaf[i])
      return gen_failf(x, "mode_%d(X',X) = %s has size %lld, entry %d of X is %lld", i + 1,
                       prop_show_tuple(x, 0, &m[i]), (long long)size, i + 1, (long long)xx.leaf[i]);
  }
  if (p_nested_splice_tuples(&xx, m, &back)) return GEN_DISCARD;
  if (!lo_tuple_equal(&back, &xp))
    return gen_failf(x, "(relative modes)_{prof X} = %s, not X'", prop_show_tuple(x, 0, &back));
  if (lo_relative_modes(&xx, &xx, self, LO_MAX_LEAVES, &ns, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "relative modes", PROP_BOUNDED_ARITH);
  for (int i = 0; i < ns; i++)
    if (!lo_tuple_is_int(&self[i]) || self[i].leaf[0] != xx.leaf[i])
      return gen_failf(x, "mode_%d(X,X) = %s, not entry %d", i + 1, prop_show_tuple(x, 0, &self[i]),
                       i + 1);
  if (lo_tuple_depth(&xx) == 1)
    for (int i = 0; i < n; i++) {
      if (lo_tuple_mode(&xp, i + 1, &md, NULL, &oe) != LO_OK)
        return prop_verdict_of(x, &oe, "mode", PROP_BOUNDED_ARITH);
      if (!lo_tuple_equal(&md, &m[i]))
        return gen_failf(x, "X flat, but mode_%d(X',X) = %s and mode_%d(X') = %s", i + 1,
                         prop_show_tuple(x, 0, &m[i]), i + 1, prop_show_tuple(x, 1, &md));
    }
  if (lo_tuple_is_int(&xx) && !lo_tuple_equal(&m[0], &xp))
    return gen_failf(x, "X an integer, but its relative mode is %s", prop_show_tuple(x, 0, &m[0]));
  return GEN_PASS;
}

/* flat(X',X) = (mode_1(X',X), ..., mode_m(X',X)) (Def 2.2.4.11). */
static int relative_flat(const lo_tuple *xp, const lo_tuple *xx, lo_tuple *out, lo_err *err) {
  lo_tuple m[LO_MAX_LEAVES];
  const lo_tuple *pp[LO_MAX_LEAVES];
  int n;
  if (lo_relative_modes(xp, xx, m, LO_MAX_LEAVES, &n, err)) return err->code;
  for (int i = 0; i < n; i++) pp[i] = &m[i];
  return lo_tuple_nest(pp, n, out, err);
}

/* Def 2.2.4.11, Obs 2.2.4.16: flat(X',X) refines X-flat;
** flat(X,X) = X-flat; X flat => flat(X',X) = X'; flat(X',N) = (X'). */
static gen_verdict relative_flattening(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_tuple xp, xx, f, xf, self, one;
  const lo_tuple *pp[1];
  if (prop_tuple(x, 0, &xp) || prop_tuple(x, 1, &xx)) return GEN_ERROR;
  if (relative_flat(&xp, &xx, &f, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "relative flattening", PROP_BOUNDED_ARITH);
  lo_tuple_flatten(&xx, &xf);
  if (!lo_refines(&f, &xf) || !ref_refines(&f, &xf))
    return gen_failf(x, "flat(X',X) = %s does not refine X-flat = %s", prop_show_tuple(x, 0, &f),
                     prop_show_tuple(x, 1, &xf));
  if (relative_flat(&xx, &xx, &self, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "relative flattening", PROP_BOUNDED_ARITH);
  if (!lo_tuple_equal(&self, &xf))
    return gen_failf(x, "flat(X,X) = %s, not X-flat", prop_show_tuple(x, 0, &self));
  if (lo_tuple_depth(&xx) == 1 && !lo_tuple_equal(&f, &xp))
    return gen_failf(x, "X flat, but flat(X',X) = %s is not X'", prop_show_tuple(x, 0, &f));
  pp[0] = &xp;
  if (lo_tuple_is_int(&xx)) {
    if (lo_tuple_nest(pp, 1, &one, &oe) != LO_OK)
      return prop_verdict_of(x, &oe, "nest", PROP_BOUNDED_ARITH);
    if (!lo_tuple_equal(&f, &one))
      return gen_failf(x, "flat(X',N) = %s, not (X')", prop_show_tuple(x, 0, &f));
  }
  return GEN_PASS;
}

/* ========================================================== 2.3 layouts */

/* Def 2.3.1.13, Prop 2.3.1.22: L-flat is a depth-1 layout with
** entry_i(L) = mode_i(L-flat), Phi_L = Phi_{L-flat}, and the layout with
** flattening L-flat and profile prof(L) is L. */
static gen_verdict unflatten(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout l, f, mi, back;
  lo_tuple items[LO_MAX_LEAVES], p;
  if (prop_layout(x, 0, &l)) return GEN_ERROR;
  lo_layout_flatten(&l, &f);
  if (f.shape.len != l.shape.len || f.shape.ntok != f.shape.len + 2)
    return gen_failf(x, "L-flat = %s is not a flat layout of length %d", prop_show_layout(x, 0, &f),
                     l.shape.len);
  for (int i = 0; i < f.shape.len; i++) {
    if (lo_layout_mode(&f, i + 1, &mi, &oe) != LO_OK)
      return prop_verdict_of(x, &oe, "mode", PROP_BOUNDED_ARITH);
    if (!lo_tuple_is_int(&mi.shape) || mi.shape.leaf[0] != l.shape.leaf[i] ||
        mi.stride[0] != l.stride[i])
      return gen_failf(x, "mode_%d(L-flat) = %s, entry %d of L is %lld:%lld", i + 1,
                       prop_show_layout(x, 0, &mi), i + 1, (long long)l.shape.leaf[i],
                       (long long)l.stride[i]);
    items[i] = mi.shape;
  }
  profile_of(&l.shape, &p);
  if (lo_tuple_substitute(&p, items, &back.shape, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "substitute", PROP_BOUNDED_ARITH);
  memcpy(back.stride, f.stride, sizeof f.stride);
  back.is_tiler = 0;
  if (!lo_layout_equal(&back, &l))
    return gen_failf(x, "(L-flat)_{prof L} = %s, not L", prop_show_layout(x, 0, &back));
  return prop_judged(prop_same_function(x, &l, &f, "Phi_L vs Phi_{L-flat}"));
}

/* Phi of L_1 * .. * L_n at i by Prop 2.1.3.40 from the parts' own
** functions (sizes ns). */
static int concat_phi(const lo_layout *parts, const lo_int *ns, int n, lo_int i, lo_int *out,
                      lo_err *err) {
  lo_int sum = 0;
  for (int k = 0; k < n; k++) {
    lo_int v;
    if (lo_apply(&parts[k], i % ns[k], &v, err)) return err->code;
    sum += v;
    i /= ns[k];
  }
  *out = sum;
  return LO_OK;
}

/* Def 2.3.2.5, Remarks 2.3.2.6-2.3.2.10: every bracketing of A, B, C
** flattens to A * B * C and has its layout function (Prop 2.1.3.40);
** depth((A,B)) = 1 + max depths; the modes of (A,B,C) are A, B, C; A =
** (mode_1 A, .., mode_r A) for a tuple A. */
static gen_verdict concat_bracketings(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout p[3], ab, bc, br[3], f, t, m;
  lo_int size = 1, ns[3];
  if (prop_layout(x, 0, &p[0]) || prop_layout(x, 1, &p[1]) || prop_layout(x, 2, &p[2]))
    return GEN_ERROR;
  const lo_layout *three[3] = {&p[0], &p[1], &p[2]};
  if ((p_nested_nest2(&p[0], &p[1], &ab, &oe) || p_nested_nest2(&p[1], &p[2], &bc, &oe)) != LO_OK)
    return prop_verdict_of(x, &oe, "nest", PROP_BOUNDED_ARITH);
  if ((p_nested_nest2(&ab, &p[2], &br[0], &oe) || p_nested_nest2(&p[0], &bc, &br[1], &oe)) != LO_OK)
    return prop_verdict_of(x, &oe, "nest", PROP_BOUNDED_ARITH);
  if (lo_layout_nest(three, 3, &br[2], &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "nest", PROP_BOUNDED_ARITH);
  if ((lo_flat_concat(&p[0], &p[1], &t, &oe) || lo_flat_concat(&t, &p[2], &f, &oe)) != LO_OK)
    return prop_verdict_of(x, &oe, "concat", PROP_BOUNDED_ARITH);
  int da = lo_tuple_depth(&p[0].shape), db = lo_tuple_depth(&p[1].shape);
  if (lo_tuple_depth(&ab.shape) != 1 + (da > db ? da : db))
    return gen_failf(x, "depth((A,B)) = %d", lo_tuple_depth(&ab.shape));
  lo_layout_flatten(&ab, &t);
  lo_layout abf;
  if (lo_flat_concat(&p[0], &p[1], &abf, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "concat", PROP_BOUNDED_ARITH);
  if (!lo_layout_equal(&t, &abf))
    return gen_failf(x, "(A,B)-flat = %s", prop_show_layout(x, 0, &t));
  for (int k = 0; k < 3; k++) {
    lo_layout_flatten(&br[k], &t);
    if (!lo_layout_equal(&t, &f))
      return gen_failf(x, "%s flattens to %s, not A*B*C = %s", prop_show_layout(x, 0, &br[k]),
                       prop_show_layout(x, 1, &t), prop_show_layout(x, 2, &f));
    if (lo_layout_mode(&br[2], k + 1, &m, &oe) != LO_OK)
      return prop_verdict_of(x, &oe, "mode", PROP_BOUNDED_ARITH);
    if (!lo_layout_equal(&m, &p[k]))
      return gen_failf(x, "mode_%d((A,B,C)) = %s", k + 1, prop_show_layout(x, 0, &m));
  }
  for (int k = 0; k < 3; k++)
    if ((lo_size(&p[k], &ns[k], &oe) || lo_mul(size, ns[k], &size, "size", &oe)) != LO_OK)
      return prop_verdict_of(x, &oe, "size", PROP_BOUNDED_ARITH);
  if (size > x->bounds->max_size) return GEN_DISCARD;
  lo_walk wf, wb[3];
  lo_walk_init(&wf, &f);
  for (int k = 0; k < 3; k++) lo_walk_init(&wb[k], &br[k]);
  for (lo_int i = 0; i < size; i++) { /* one pass: A*B*C, Prop 2.1.3.40, each bracketing */
    lo_int u = 0, v = 0;
    if ((lo_walk_at(&wf, i, &u, &oe) || concat_phi(p, ns, 3, i, &v, &oe)) != LO_OK)
      return prop_verdict_of(x, &oe, "apply", PROP_BOUNDED_ARITH);
    if (u != v)
      return gen_failf(x, "Phi_{A*B*C}(%lld) = %lld, Prop 2.1.3.40 gives %lld", (long long)i,
                       (long long)u, (long long)v);
    for (int k = 0; k < 3; k++) {
      if (lo_walk_at(&wb[k], i, &v, &oe) != LO_OK)
        return prop_verdict_of(x, &oe, "apply", PROP_BOUNDED_ARITH);
      if (u != v)
        return gen_failf(x, "Phi of %s at %lld is %lld, Phi_{A*B*C} %lld",
                         prop_show_layout(x, 0, &br[k]), (long long)i, (long long)v, (long long)u);
    }
  }
  if (!lo_tuple_is_int(&p[0].shape)) {
    lo_layout modes[LO_MAX_LEAVES + 1], again;
    const lo_layout *pp[LO_MAX_LEAVES + 1];
    int r = lo_tuple_rank(&p[0].shape);
    for (int k = 0; k < r; k++) {
      if (lo_layout_mode(&p[0], k + 1, &modes[k], &oe) != LO_OK)
        return prop_verdict_of(x, &oe, "mode", PROP_BOUNDED_ARITH);
      pp[k] = &modes[k];
    }
    if (lo_layout_nest(pp, r, &again, &oe) != LO_OK)
      return prop_verdict_of(x, &oe, "nest", PROP_BOUNDED_ARITH);
    if (!lo_layout_equal(&again, &p[0]))
      return gen_failf(x, "(mode_1 A, ..) = %s, not A", prop_show_layout(x, 0, &again));
  }
  return GEN_PASS;
}

/* ------------------------------------------------------------- coalesce */

/* Def 2.3.3.1, Obs 2.3.3.6: coal(L) is non-degenerate; a
** coalesced L is non-degenerate and its own coal; is_coalesced agrees
** with Def 2.3.3.1 recomputed. */
static gen_verdict coalesce_nondegenerate(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout l, c;
  if (prop_layout(x, 0, &l)) return GEN_ERROR;
  if (lo_coalesce(&l, &c, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "coalesce", PROP_BOUNDED_ARITH);
  if (!lo_is_nondegenerate(&c))
    return gen_failf(x, "coal(L) = %s is degenerate", prop_show_layout(x, 0, &c));
  int is = lo_is_coalesced(&l);
  if (is != def_coalesced(&l))
    return gen_failf(x, "is_coalesced(L) = %d, Def 2.3.3.1 gives %d", is, !is);
  if (is && !lo_is_nondegenerate(&l)) return gen_failf(x, "L is coalesced but degenerate");
  if (is && !lo_layout_equal(&c, &l))
    return gen_failf(x, "L is coalesced, but coal(L) = %s", prop_show_layout(x, 0, &c));
  return GEN_PASS;
}

/* Construction 2.3.3.7: coal(L) = coal-flat(L-flat) as 1:0, s:d or a
** flat tuple (recomputed here), coalesced, idempotent, depth <= 1, with
** Phi_L. */
static gen_verdict coalesce_construction(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout l, c, want, cc;
  if (prop_layout(x, 0, &l)) return GEN_ERROR;
  if (lo_coalesce(&l, &c, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "coalesce", PROP_BOUNDED_ARITH);
  def_coalesce(&l, &want);
  if (!lo_layout_equal(&c, &want))
    return gen_failf(x, "coal(L) = %s, Construction 2.3.3.7 gives %s", prop_show_layout(x, 0, &c),
                     prop_show_layout(x, 1, &want));
  if (!lo_is_coalesced(&c) || lo_tuple_depth(&c.shape) > 1)
    return gen_failf(x, "coal(L) = %s is not coalesced", prop_show_layout(x, 0, &c));
  if (lo_coalesce(&c, &cc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "coalesce", PROP_BOUNDED_ARITH);
  if (!lo_layout_equal(&c, &cc))
    return gen_failf(x, "coal(coal L) = %s", prop_show_layout(x, 0, &cc));
  return prop_judged(prop_same_function(x, &l, &c, "Phi_L vs Phi_{coal L}"));
}

/* Prop 2.3.3.14 (and coal-flat, Prop 2.1.4.18): Phi_A = Phi_B iff
** coal(A) = coal(B) iff coal-flat(A-flat) = coal-flat(B-flat). */
static gen_verdict coalesce_characterizes(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, b, ca, cb, fa, fb;
  if (prop_layout(x, 0, &a) || prop_layout(x, 1, &b)) return GEN_ERROR;
  if ((lo_coalesce(&a, &ca, &oe) || lo_coalesce(&b, &cb, &oe)) != LO_OK)
    return prop_verdict_of(x, &oe, "coalesce", PROP_BOUNDED_ARITH);
  if ((lo_flat_coalesce(&a, &fa, &oe) || lo_flat_coalesce(&b, &fb, &oe)) != LO_OK)
    return prop_verdict_of(x, &oe, "flat coalesce", PROP_BOUNDED_ARITH);
  int same = prop_same_function(x, &a, &b, "Phi_A vs Phi_B");
  if (same < 0) return GEN_DISCARD;
  x->msg[0] = 0;
  if (same != lo_layout_equal(&ca, &cb) || same != lo_layout_equal(&fa, &fb))
    return gen_failf(x, "Phi_A %s Phi_B but coal(A) = %s, coal(B) = %s, flat: %s, %s",
                     same ? "=" : "!=", prop_show_layout(x, 0, &ca), prop_show_layout(x, 1, &cb),
                     prop_show_layout(x, 2, &fa), prop_show_layout(x, 3, &fb));
  return GEN_PASS;
}

/* Prop 2.3.3.16: for size > 1, coal(A) has the least
** complexity (len + depth) among layouts with Phi_A, and is the only one
** that reaches it. */
static gen_verdict coalesce_minimal(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, b, c;
  lo_int size;
  if (prop_layout(x, 0, &a) || prop_layout(x, 1, &b)) return GEN_ERROR;
  if (lo_size(&a, &size, &oe) != LO_OK) return prop_verdict_of(x, &oe, "size", PROP_BOUNDED_ARITH);
  if (size <= 1) return GEN_DISCARD;
  int same = prop_same_function(x, &a, &b, "the generator's B vs A");
  if (same <= 0) return same < 0 ? GEN_DISCARD : GEN_FAIL;
  if (lo_coalesce(&a, &c, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "coalesce", PROP_BOUNDED_ARITH);
  const lo_layout *other[2] = {&a, &b};
  for (int k = 0; k < 2; k++) {
    int ck = complexity(&c), co = complexity(other[k]);
    if (ck > co || (ck == co && !lo_layout_equal(&c, other[k])))
      return gen_failf(x, "coal(A) = %s has complexity %d, %s has %d", prop_show_layout(x, 0, &c),
                       ck, prop_show_layout(x, 1, other[k]), co);
  }
  return GEN_PASS;
}

/* ---------------------------------------------------- relative coalesce */

/* Def 2.3.4.4, Obs 2.3.4.5, Ex 2.3.4.6: coal(L,S) is coalesced over
** S and non-degenerate; L coalesced over S is non-degenerate; L coalesced
** over shape(L) iff L non-degenerate. */
static gen_verdict relative_coalesce_nondegenerate(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout l, c;
  lo_tuple s;
  if (prop_layout(x, 0, &l) || prop_tuple(x, 1, &s)) return GEN_ERROR;
  if (lo_coalesce_profile(&l, &s, &c, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "relative coalesce", PROP_BOUNDED_ARITH);
  if (p_nested_coalesced_over(&c, &s) != 1)
    return gen_failf(x, "coal(L,S) = %s is not coalesced over S", prop_show_layout(x, 0, &c));
  if (!lo_is_nondegenerate(&c))
    return gen_failf(x, "coal(L,S) = %s is degenerate", prop_show_layout(x, 0, &c));
  int over = p_nested_coalesced_over(&l, &s), nd = lo_is_nondegenerate(&l);
  if (over == 1 && !nd) return gen_failf(x, "L is coalesced over S but degenerate");
  if (p_nested_coalesced_over(&l, &l.shape) != nd)
    return gen_failf(x, "L coalesced over shape(L): %d, non-degenerate: %d",
                     p_nested_coalesced_over(&l, &l.shape), nd);
  return GEN_PASS;
}

/* ------------------------------------------------ compact, complements */

/* ---------------------------------------------------------- composition */

/* ------------------------------------------------- division and product */

/* ------------------------------------------------- zipped, tiled (CuTe) */

/* ------------------------------------------------------------ tractable */

/* ================================================================ table */

const gen_property prop_nested_table[] = {
    {"nested.profile_substitution",
     "(P_i)_Q splices P_i into Q's stars; len = sum len P_i; (*..*)_Q = Q; (P_i)_(*..*) = (P_i)",
     "Def 2.2.1.8, p.58 (block offsets use len(Q_k))", GEN_THEOREM, "nested_profiles", "substitute",
     profile_substitution, NULL, NULL, 0},
    {"nested.tuple_substitution",
     "(X_i)_Q has flattening X_1-flat*..*X_m-flat and profile (prof X_i)_Q", "Def 2.2.3.1, p.62",
     GEN_THEOREM, "nested_substitution", "substitute", tuple_substitution, NULL, NULL, 0},
    {"nested.entries_substitution", "(entries of X)_{prof X} = X; entry_i(X) = x_i",
     "Def 2.2.3.1, p.62; Def 2.2.2.14, p.61", GEN_THEOREM, "nested_layout", "flatten_profile",
     entries_substitution, NULL, NULL, 0},
    {"nested.refinement_order",
     "refinement is reflexive, transitive, antisymmetric, and agrees with Def 2.2.4.1",
     "Obs 2.2.4.4, p.63; Def 2.2.4.1", GEN_THEOREM, "nested_refinement_chain", "refines",
     refinement_order, NULL, NULL, 0},
    {"nested.relative_modes",
     "size(mode_i(X',X)) = x_i and (mode_i(X',X))_{prof X} = X'; special cases X, flat X, integer "
     "X",
     "Construction 2.2.4.5, p.64", GEN_THEOREM, "refinement", "relative_modes", relative_modes,
     NULL, NULL, 0},
    {"nested.relative_flattening",
     "flat(X',X) refines X-flat; flat(X,X) = X-flat; flat(X',X) = X' for flat X; flat(X',N) = (X')",
     "Obs 2.2.4.16, p.65; Def 2.2.4.11 (Ex 2.2.4.15 corrected: flat(X',N) = (X'))", GEN_THEOREM,
     "refinement", "relative_flatten", relative_flattening, NULL, NULL, 0},
    {"nested.unflatten", "(L-flat)_{prof L} = L; entry_i(L) = mode_i(L-flat); Phi_L = Phi_{L-flat}",
     "Prop 2.3.1.22 / Obs 2.3.1.23, p.68; Def 2.3.1.13", GEN_THEOREM, "nested_layout", "flatten",
     unflatten, NULL, NULL, 0},
    {"nested.concat_bracketings",
     "((A,B),C), (A,(B,C)), (A,B,C) flatten to A*B*C and share its Phi (Prop 2.1.3.40)",
     "Def 2.3.2.5, Remarks 2.3.2.6-2.3.2.10, p.70", GEN_THEOREM, "nested_concat_parts", "concat",
     concat_bracketings, NULL, NULL, 0},
    {"nested.coalesce_nondegenerate",
     "coal(L) is non-degenerate; coalesced L is non-degenerate and = coal(L); Def 2.3.3.1",
     "Obs 2.3.3.6, p.72; Def 2.3.3.1", GEN_THEOREM, "nested_layout", "coalesce",
     coalesce_nondegenerate, NULL, NULL, 0},
    {"nested.coalesce_construction",
     "coal(L) = coal-flat(L-flat) as 1:0, s:d or flat; coalesced, idempotent, Phi_L",
     "Construction 2.3.3.7, Remark 2.3.3.13, p.72", GEN_THEOREM, "nested_layout", "coalesce",
     coalesce_construction, NULL, NULL, 0},
    {"nested.coalesce_characterizes", "Phi_A = Phi_B iff coal(A) = coal(B) (nested A, B)",
     "Prop 2.3.3.14, p.73", GEN_THEOREM, "nested_alike", "coalesce", coalesce_characterizes, NULL,
     NULL, 0},
    {"nested.coalesce_minimal",
     "size > 1: coal(A) is the unique least-complexity layout with Phi_A (among those generated)",
     "Prop 2.3.3.16, p.73; Def 2.3.3.15", GEN_THEOREM, "nested_variant", "coalesce",
     coalesce_minimal, NULL, NULL, 0},
    {"nested.relative_coalesce_nondegenerate",
     "coal(L,S) is coalesced over S and non-degenerate; coalesced over shape(L) iff non-degenerate",
     "Def 2.3.4.4, Obs 2.3.4.5, Ex 2.3.4.6, p.74", GEN_THEOREM, "nested_coarsening", "coalesce",
     relative_coalesce_nondegenerate, NULL, NULL, 0},
};
const int prop_nested_count = (int)(sizeof prop_nested_table / sizeof prop_nested_table[0]);
