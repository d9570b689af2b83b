/*
** p_nested.c -- the properties of nested tuples and layouts (INDEX.md §2,
** sections 2.2 and 2.3): profiles and substitution, refinement and
** relative modes, flattening and nested concatenation, coalesce and
** relative coalesce, compactness, complements, the composite of
** Def 2.3.7.1, logical division and product by their definitions, CuTe's
** zipped and tiled regroupings, tractability.  Each property checks the
** oracle against brute-force layout functions or against the definition
** recomputed here, wherever sizes allow.
**
** Statements of these sections that cannot be computed:
**   [73]  Aside 2.2.1.10: Profile is a non-symmetric operad (a structure, not a finite check).
**   [74]  Obs 2.2.2.4 / Remark 2.2.2.5: the pullback square of nested tuples, V as a set.
**   [80]  Aside 2.2.3.6: Nest(Z) is an algebra over the operad Profile.
**   [93]  Prop 2.3.1.22: "exactly one layout" -- uniqueness over all layouts; checked
**         only as (L-flat)_{prof L} = L.
**   [102] Prop 2.3.3.16: coal(L) minimises complexity over ALL layouts with Phi_L; only
**         generated layouts with the same function can be compared.
**   [114] Lemma 2.3.6.4, [117] Prop 2.3.6.9: "a complement exists" quantifies over all
**         layouts; checked with constructed complements and the paper's comp.
**   [118] Remark 2.3.7.3: uniqueness of B o A over all layouts (follows from [108],
**         which is checked).
**   [121] Remarks 2.3.8.3 / 2.3.8.5: the pictures of tiles.
*/
#include "properties.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* An oracle answer as existence: 1 defined, 0 undefined, -1 past the
** oracle's limits (the caller discards). */
static int defined(int rc) { return rc == LO_OK ? 1 : rc == LO_EUNDEF ? 0 : -1; }

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
static int splice_tuples(const lo_tuple *q, const lo_tuple *items, lo_tuple *out) {
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

/* The layouts items substituted into the profile q: shapes spliced, strides
** concatenated (Def 2.3.2.12 for the modes, Obs 2.3.4.3 for relative
** modes). */
static int splice_layouts(const lo_tuple *q, const lo_layout *items, lo_layout *out) {
  lo_tuple shapes[LO_MAX_LEAVES];
  lo_layout r;
  int at = 0;
  for (int k = 0; k < q->len; k++) {
    shapes[k] = items[k].shape;
    if (at + items[k].shape.len > LO_MAX_LEAVES) return -1;
    memcpy(r.stride + at, items[k].stride, (size_t)items[k].shape.len * sizeof(lo_int));
    at += items[k].shape.len;
  }
  if (splice_tuples(q, shapes, &r.shape)) return -1;
  r.is_tiler = 0;
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
static int nest2(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err) {
  const lo_layout *pp[2] = {a, b};
  return lo_layout_nest(pp, 2, out, err);
}

/* mode_i(L, S) for i = 1..len(S) (Def 2.3.4.1): the relative modes of
** shape(L) over S with the strides at the same positions. */
static int rel_layout_modes(const lo_layout *l, const lo_tuple *s, lo_layout *m, int *n,
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
static int coalesced_over(const lo_layout *l, const lo_tuple *s) {
  lo_layout m[LO_MAX_LEAVES];
  lo_err e;
  int n;
  if (rel_layout_modes(l, s, m, &n, &e)) return -1;
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

/* Def 2.1.8.1 on L-flat, recomputed: sort the entries by (d, s) (no
** squeeze); every non-zero d_i has s_i d_i dividing d_{i+1}. */
static int def_tractable(const lo_layout *l) {
  lo_int s[LO_MAX_LEAVES], d[LO_MAX_LEAVES];
  int n = l->shape.len;
  for (int i = 0; i < n; i++) { /* insertion sort, stable */
    int j = i;
    while (j > 0 &&
           (d[j - 1] > l->stride[i] || (d[j - 1] == l->stride[i] && s[j - 1] > l->shape.leaf[i]))) {
      s[j] = s[j - 1];
      d[j] = d[j - 1];
      j--;
    }
    s[j] = l->shape.leaf[i];
    d[j] = l->stride[i];
  }
  for (int i = 0; i + 1 < n; i++) {
    lo_int p;
    if (d[i] == 0) continue;
    if (__builtin_mul_overflow(s[i], d[i], &p) || d[i + 1] % p != 0) return 0;
  }
  return 1;
}

/* Complexity (Def 2.3.3.15): len + depth. */
static int complexity(const lo_layout *l) { return l->shape.len + lo_tuple_depth(&l->shape); }

/* The largest extent s d over entries with s > 1 (for a complementable
** layout, s_m d_m of sort(squeeze(L))); 1 when there is none. */
static lo_int largest_extent(const lo_layout *l) {
  lo_int best = 1, p;
  for (int i = 0; i < l->shape.len; i++)
    if (l->shape.leaf[i] > 1 && !__builtin_mul_overflow(l->shape.leaf[i], l->stride[i], &p) &&
        p > best)
      best = p;
  return best;
}

/* Is Phi_L^{cosize} a bijection onto [0, cosize)?  1, 0, or -1 when
** size(L) exceeds the brute-force bound. */
static int brute_compact(gen_ctx *x, const lo_layout *l) {
  lo_int size, cos, v;
  lo_err e;
  if (lo_size(l, &size, &e) || size > x->bounds->max_size) return -1;
  if (lo_cosize(l, &cos, &e) || cos != size) return 0;
  unsigned char *seen = calloc((size_t)size, 1);
  if (!seen) return -1;
  int ok = 1;
  for (lo_int i = 0; i < size && ok; i++) {
    if (lo_apply(l, i, &v, &e) || v < 0 || v >= size || seen[v])
      ok = 0;
    else
      seen[v] = 1;
  }
  free(seen);
  return ok;
}

/* Does w satisfy the three conditions of Def 2.3.7.1 for outer o inner:
** shape(w) refines shape(inner), w coalesced over shape(inner), and
** Phi_w = Phi_outer o Phi_inner?  1, 0, or -1 when too large. */
static int is_paper_composite(gen_ctx *x, const lo_layout *outer, const lo_layout *inner,
                              const lo_layout *w) {
  if (!lo_refines(&w->shape, &inner->shape)) {
    gen_failf(x, "(1) fails: the shape of %s does not refine %s", prop_show_layout(x, 0, w),
              prop_show_tuple(x, 1, &inner->shape));
    return 0;
  }
  if (coalesced_over(w, &inner->shape) != 1) {
    gen_failf(x, "(2) fails: %s is not coalesced over %s", prop_show_layout(x, 0, w),
              prop_show_tuple(x, 1, &inner->shape));
    return 0;
  }
  return prop_is_composite(x, outer, inner, w);
}

/* ===================================================== 2.2 nested tuples */

/* [73] Def 2.2.1.8: (P_1..P_m)_Q splices P_i into the i-th '*' of Q;
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
  if (splice_tuples(&q, items, &want)) return GEN_DISCARD;
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

/* [80] Def 2.2.3.1: (X_1..X_m)_Q has flattening X_1-flat * .. * X_m-flat
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
  if (splice_tuples(&q, profs, &want)) return GEN_DISCARD;
  profile_of(&r, &rp);
  if (!lo_tuple_equal(&rp, &want))
    return gen_failf(x, "prof of %s is %s, expected (prof X_i)_Q = %s", prop_show_tuple(x, 0, &r),
                     prop_show_tuple(x, 1, &rp), prop_show_tuple(x, 2, &want));
  return GEN_PASS;
}

/* [80] (entries of X)_{prof X} = X, and entry_i(X) = x_i (Def 2.2.2.14),
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

/* [82] Obs 2.2.4.4: refinement is reflexive, transitive on X'' ->> X' ->>
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

/* [83] Construction 2.2.4.5: the relative modes of X' ->> X: one per entry
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
  if (splice_tuples(&xx, m, &back)) return GEN_DISCARD;
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

/* [85]/[86] Def 2.2.4.11, Obs 2.2.4.16: flat(X',X) refines X-flat;
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

/* [90]/[93] Def 2.3.1.13, Prop 2.3.1.22: L-flat is a depth-1 layout with
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

/* [95] Def 2.3.2.5, Remarks 2.3.2.6-2.3.2.10: every bracketing of A, B, C
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
  if ((nest2(&p[0], &p[1], &ab, &oe) || nest2(&p[1], &p[2], &bc, &oe)) != LO_OK)
    return prop_verdict_of(x, &oe, "nest", PROP_BOUNDED_ARITH);
  if ((nest2(&ab, &p[2], &br[0], &oe) || nest2(&p[0], &bc, &br[1], &oe)) != LO_OK)
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
  for (lo_int i = 0; i < size; i++) { /* one pass: A*B*C, Prop 2.1.3.40, each bracketing */
    lo_int u = 0, v = 0;
    if ((lo_apply(&f, i, &u, &oe) || concat_phi(p, ns, 3, i, &v, &oe)) != LO_OK)
      return prop_verdict_of(x, &oe, "apply", PROP_BOUNDED_ARITH);
    if (u != v)
      return gen_failf(x, "Phi_{A*B*C}(%lld) = %lld, Prop 2.1.3.40 gives %lld", (long long)i,
                       (long long)u, (long long)v);
    for (int k = 0; k < 3; k++) {
      if (lo_apply(&br[k], i, &v, &oe) != LO_OK)
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

/* [97]/[98] Def 2.3.3.1, Obs 2.3.3.6: coal(L) is non-degenerate; a
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

/* [99] Construction 2.3.3.7: coal(L) = coal-flat(L-flat) as 1:0, s:d or a
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

/* [100] Prop 2.3.3.14 (and coal-flat, Prop 2.1.4.18): Phi_A = Phi_B iff
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

/* [101]/[102] Prop 2.3.3.16: for size > 1, coal(A) has the least
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

/* [105] Def 2.3.4.4, Obs 2.3.4.5, Ex 2.3.4.6: coal(L,S) is coalesced over
** S and non-degenerate; L coalesced over S is non-degenerate; L coalesced
** over shape(L) iff L non-degenerate. */
static gen_verdict relative_coalesce_nondegenerate(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout l, c;
  lo_tuple s;
  if (prop_layout(x, 0, &l) || prop_tuple(x, 1, &s)) return GEN_ERROR;
  if (lo_coalesce_profile(&l, &s, &c, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "relative coalesce", PROP_BOUNDED_ARITH);
  if (coalesced_over(&c, &s) != 1)
    return gen_failf(x, "coal(L,S) = %s is not coalesced over S", prop_show_layout(x, 0, &c));
  if (!lo_is_nondegenerate(&c))
    return gen_failf(x, "coal(L,S) = %s is degenerate", prop_show_layout(x, 0, &c));
  int over = coalesced_over(&l, &s), nd = lo_is_nondegenerate(&l);
  if (over == 1 && !nd) return gen_failf(x, "L is coalesced over S but degenerate");
  if (coalesced_over(&l, &l.shape) != nd)
    return gen_failf(x, "L coalesced over shape(L): %d, non-degenerate: %d",
                     coalesced_over(&l, &l.shape), nd);
  return GEN_PASS;
}

/* [104]/[106]/[107] Obs 2.3.4.3, Def 2.3.4.7, Lemma 2.3.4.9: L = (L_1..L_m)
** _{prof S} for its relative modes L_i; coal(L,S) = (coal L_1, ..,
** coal L_m)_{prof S}; its shape refines S; Phi_{coal(L,S)} = Phi_L. */
static gen_verdict relative_coalesce(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout l, c, m[LO_MAX_LEAVES], cm[LO_MAX_LEAVES], back, want;
  lo_tuple s;
  int n;
  if (prop_layout(x, 0, &l) || prop_tuple(x, 1, &s)) return GEN_ERROR;
  if (rel_layout_modes(&l, &s, m, &n, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "relative modes", PROP_BOUNDED_ARITH);
  if (n != s.len) return gen_failf(x, "%d relative modes for %d entries of S", n, s.len);
  if (splice_layouts(&s, m, &back)) return GEN_DISCARD;
  if (!lo_layout_equal(&back, &l))
    return gen_failf(x, "(L_1..L_m)_{prof S} = %s, not L", prop_show_layout(x, 0, &back));
  for (int i = 0; i < n; i++)
    if (lo_coalesce(&m[i], &cm[i], &oe) != LO_OK)
      return prop_verdict_of(x, &oe, "coalesce", PROP_BOUNDED_ARITH);
  if (splice_layouts(&s, cm, &want)) return GEN_DISCARD;
  if (lo_coalesce_profile(&l, &s, &c, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "relative coalesce", PROP_BOUNDED_ARITH);
  if (!lo_layout_equal(&c, &want))
    return gen_failf(x, "coal(L,S) = %s, Def 2.3.4.7 gives %s", prop_show_layout(x, 0, &c),
                     prop_show_layout(x, 1, &want));
  if (!lo_refines(&c.shape, &s))
    return gen_failf(x, "the shape of coal(L,S) = %s does not refine S",
                     prop_show_layout(x, 0, &c));
  return prop_judged(prop_same_function(x, &l, &c, "Phi_L vs Phi_{coal(L,S)}"));
}

/* [108] Prop 2.3.4.10: for shape(A), shape(B) refining S, Phi_A = Phi_B
** iff coal(A,S) = coal(B,S). */
static gen_verdict relative_coalesce_characterizes(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, b, ca, cb;
  lo_tuple s;
  if (prop_tuple(x, 0, &s) || prop_layout(x, 1, &a) || prop_layout(x, 2, &b)) return GEN_ERROR;
  if (!lo_refines(&a.shape, &s) || !lo_refines(&b.shape, &s))
    return gen_failf(x, "shape(A) or shape(B) does not refine S");
  if ((lo_coalesce_profile(&a, &s, &ca, &oe) || lo_coalesce_profile(&b, &s, &cb, &oe)) != LO_OK)
    return prop_verdict_of(x, &oe, "relative coalesce", PROP_BOUNDED_ARITH);
  int same = prop_same_function(x, &a, &b, "Phi_A vs Phi_B");
  if (same < 0) return GEN_DISCARD;
  x->msg[0] = 0;
  if (same != lo_layout_equal(&ca, &cb))
    return gen_failf(x, "Phi_A %s Phi_B but coal(A,S) = %s and coal(B,S) = %s",
                     same ? "=" : "!=", prop_show_layout(x, 0, &ca), prop_show_layout(x, 1, &cb));
  return GEN_PASS;
}

/* ------------------------------------------------ compact, complements */

/* [109]/[110] Def 2.3.5.1, Prop 2.3.5.5: L compact (Phi^cosize bijective,
** by brute force) iff L-flat compact iff coal(L) compact. */
static gen_verdict compact_agree(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout l, f, c;
  if (prop_layout(x, 0, &l)) return GEN_ERROR;
  int b = brute_compact(x, &l);
  if (b < 0) return GEN_DISCARD;
  lo_layout_flatten(&l, &f);
  if (lo_coalesce(&l, &c, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "coalesce", PROP_BOUNDED_ARITH);
  if (lo_is_compact(&l) != b || lo_is_compact(&f) != b || lo_is_compact(&c) != b)
    return gen_failf(x, "brute force says %s; is_compact: L %d, L-flat %d, coal(L) = %s %d",
                     b ? "compact" : "not compact", lo_is_compact(&l), lo_is_compact(&f),
                     prop_show_layout(x, 0, &c), lo_is_compact(&c));
  return GEN_PASS;
}

/* [111]/[112] Def 2.3.6.1, Lemma 2.3.6.2: A _|_ B iff (A,B) is compact
** (brute force) iff A-flat * B-flat is compact; and symmetric. */
static gen_verdict complement_flatten(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, b, ab, ba, f;
  if (prop_layout(x, 0, &a) || prop_layout(x, 1, &b)) return GEN_ERROR;
  if ((nest2(&a, &b, &ab, &oe) || nest2(&b, &a, &ba, &oe)) != LO_OK)
    return prop_verdict_of(x, &oe, "nest", PROP_BOUNDED_ARITH);
  if (lo_flat_concat(&a, &b, &f, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "concat", PROP_BOUNDED_ARITH);
  int r = brute_compact(x, &ab);
  if (r < 0) return GEN_DISCARD;
  if (lo_is_compact(&ab) != r || lo_is_compact(&f) != r || lo_is_compact(&ba) != r)
    return gen_failf(x, "(A,B) is %s by brute force; is_compact: (A,B) %d, A*B %d, (B,A) %d",
                     r ? "compact" : "not compact", lo_is_compact(&ab), lo_is_compact(&f),
                     lo_is_compact(&ba));
  return GEN_PASS;
}

/* [113]/[114] Def 2.3.6.3, Lemma 2.3.6.4: A complementable iff A-flat is;
** a complement B of A (brute force) makes A complementable; complementable
** A has (A, comp(A)) compact; otherwise comp(A) is undefined. */
static gen_verdict complementable(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, b, ab, f, c, ac;
  lo_err e;
  if (prop_layout(x, 0, &a) || prop_layout(x, 1, &b)) return GEN_ERROR;
  lo_layout_flatten(&a, &f);
  int can = lo_is_complementable(&a);
  if (can != lo_is_complementable(&f))
    return gen_failf(x, "complementable: A %d, A-flat %d", can, !can);
  if (nest2(&a, &b, &ab, &oe) != LO_OK) return prop_verdict_of(x, &oe, "nest", PROP_BOUNDED_ARITH);
  int r = brute_compact(x, &ab);
  if (r < 0) return GEN_DISCARD;
  if (r && !can) return gen_failf(x, "(A,B) is compact but A is not complementable");
  if (!can) {
    x->labels |= 1u << GEN_L_UNDEFINED;
    if (lo_paper_complement(&a, -1, &c, &e) == LO_OK)
      return gen_failf(x, "A is not complementable, yet comp(A) = %s", prop_show_layout(x, 0, &c));
    return GEN_PASS;
  }
  if (lo_paper_complement(&a, -1, &c, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "comp(A)", PROP_BOUNDED_ARITH);
  if (nest2(&a, &c, &ac, &oe) != LO_OK) return prop_verdict_of(x, &oe, "nest", PROP_BOUNDED_ARITH);
  int rc = brute_compact(x, &ac);
  if (rc == 0) return gen_failf(x, "(A, comp(A)) = %s is not compact", prop_show_layout(x, 0, &ac));
  return prop_judged(rc);
}

/* [115]/[116] Def 2.3.6.5, Def 2.3.6.7: for N-complementable A, C =
** comp(A,N) = coal(comp-flat(A-flat, N)) makes (A,C) compact with
** size(A) size(C) = N; C is coalesced and sorted; C does not depend on the
** order, nesting or size-1 entries of A.  Otherwise comp(A,N) is undefined. */
static gen_verdict complement_construction(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, a2, c, c2, f, cf, want, ac, fc;
  lo_int n, sa, sc;
  lo_err e;
  if (prop_layout(x, 0, &a) || prop_int(x, 1, &n) || prop_layout(x, 2, &a2)) return GEN_ERROR;
  if (!lo_is_n_complementable(&a, n)) {
    x->labels |= 1u << GEN_L_ROUNDED;
    if (lo_paper_complement(&a, n, &c, &e) == LO_OK)
      return gen_failf(x, "A is not N-complementable, yet comp(A,N) = %s",
                       prop_show_layout(x, 0, &c));
    return GEN_PASS;
  }
  if (lo_paper_complement(&a, n, &c, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "comp(A,N)", PROP_BOUNDED_ARITH);
  lo_layout_flatten(&a, &f);
  if ((lo_flat_complement(&f, n, &cf, &oe) || lo_coalesce(&cf, &want, &oe)) != LO_OK)
    return prop_verdict_of(x, &oe, "comp-flat", PROP_BOUNDED_ARITH);
  if (!lo_layout_equal(&c, &want))
    return gen_failf(x, "comp(A,N) = %s but coal(comp-flat(A-flat,N)) = %s",
                     prop_show_layout(x, 0, &c), prop_show_layout(x, 1, &want));
  if (lo_paper_complement(&a2, n, &c2, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "comp(A2,N)", PROP_BOUNDED_ARITH);
  if (!lo_layout_equal(&c, &c2))
    return gen_failf(x, "comp(A,N) = %s but comp(A2,N) = %s", prop_show_layout(x, 0, &c),
                     prop_show_layout(x, 1, &c2));
  lo_layout_flatten(&c, &fc);
  if (!lo_is_coalesced(&c) || !lo_is_sorted(&fc))
    return gen_failf(x, "comp(A,N) = %s is not coalesced and sorted", prop_show_layout(x, 0, &c));
  if ((lo_size(&a, &sa, &oe) || lo_size(&c, &sc, &oe)) != LO_OK)
    return prop_verdict_of(x, &oe, "size", PROP_BOUNDED_ARITH);
  if (sa * sc != n)
    return gen_failf(x, "size(A) size(comp(A,N)) = %lld, not N", (long long)(sa * sc));
  if (nest2(&a, &c, &ac, &oe) != LO_OK) return prop_verdict_of(x, &oe, "nest", PROP_BOUNDED_ARITH);
  int r = brute_compact(x, &ac);
  if (r == 0)
    return gen_failf(x, "(A, comp(A,N)) = %s is not compact", prop_show_layout(x, 0, &ac));
  return prop_judged(r);
}

/* [117] Prop 2.3.6.9: with N = size(A) size(B), a complement B of A (brute
** force) makes A N-complementable; N-complementable A has the
** N-complement comp(A,N); otherwise comp(A,N) is undefined. */
static gen_verdict n_complement_exists(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, b, ab, f, c, ac;
  lo_int sa, sb, sc, n;
  lo_err e;
  if (prop_layout(x, 0, &a) || prop_layout(x, 1, &b)) return GEN_ERROR;
  if ((lo_size(&a, &sa, &oe) || lo_size(&b, &sb, &oe) || lo_mul(sa, sb, &n, "N", &oe)) != LO_OK)
    return prop_verdict_of(x, &oe, "size", PROP_BOUNDED_ARITH);
  if (nest2(&a, &b, &ab, &oe) != LO_OK) return prop_verdict_of(x, &oe, "nest", PROP_BOUNDED_ARITH);
  lo_layout_flatten(&a, &f);
  int can = lo_is_n_complementable(&a, n), r = brute_compact(x, &ab);
  if (r < 0) return GEN_DISCARD;
  if (can != lo_is_n_complementable(&f, n))
    return gen_failf(x, "N-complementable: A %d, A-flat %d", can, !can);
  if (r && !can) return gen_failf(x, "B is an N-complement of A, but A is not N-complementable");
  if (!can) {
    x->labels |= 1u << GEN_L_UNDEFINED;
    if (lo_paper_complement(&a, n, &c, &e) == LO_OK)
      return gen_failf(x, "A is not N-complementable, yet comp(A,N) = %s",
                       prop_show_layout(x, 0, &c));
    return GEN_PASS;
  }
  if (lo_paper_complement(&a, n, &c, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "comp(A,N)", PROP_BOUNDED_ARITH);
  if ((lo_size(&c, &sc, &oe) || nest2(&a, &c, &ac, &oe)) != LO_OK)
    return prop_verdict_of(x, &oe, "size", PROP_BOUNDED_ARITH);
  if (sa * sc != n)
    return gen_failf(x, "comp(A,N) = %s has the wrong size", prop_show_layout(x, 0, &c));
  int rc = brute_compact(x, &ac);
  if (rc == 0)
    return gen_failf(x, "(A, comp(A,N)) = %s is not compact", prop_show_layout(x, 0, &ac));
  return prop_judged(rc);
}

/* ---------------------------------------------------------- composition */

/* CuTe's composition(o, inner), when it succeeds, coalesced over
** shape(inner), is the composite of Def 2.3.7.1 (README), so it must be c,
** which must exist (ok). */
static gen_verdict cute_agrees(gen_ctx *x, const lo_layout *o, const lo_layout *inner, int ok,
                               const lo_layout *c) {
  lo_layout w, wc;
  lo_err e;
  if (lo_composition(o, inner, &w, &e) != LO_OK) return GEN_PASS;
  /* CuTe keeps strides on size-1 modes and need not coalesce within an
  ** entry of A: compare its form coalesced over shape(A). */
  if (lo_coalesce_profile(&w, &inner->shape, &wc, &e) != LO_OK) return GEN_PASS;
  if (ok && lo_layout_equal(&wc, c)) return GEN_PASS;
  if (!ok)
    return gen_failf(x, "no paper composite, but CuTe's composition(%s, A) = %s",
                     prop_show_layout(x, 0, o), prop_show_layout(x, 1, &w));
  return gen_failf(x, "composition(%s, A) = %s, the paper composite is %s",
                   prop_show_layout(x, 0, o), prop_show_layout(x, 1, &w),
                   prop_show_layout(x, 2, c));
}

/* [118] Def 2.3.7.1 (Remarks 2.3.7.2, 2.3.7.4): for outer B and inner A
** with cosize(A) <= size(B), B o A, when it exists, has (1) shape refining
** shape(A), (2) is coalesced over shape(A), (3) Phi_B o Phi_A, and is
** non-degenerate.  CuTe's composition and Algorithm 4.1.2 (Theorem
** 4.1.3.1), when they give a layout, give B o A: then it exists and is
** equal.  With cosize(A) > size(B) it does not exist. */
static gen_verdict composition_conditions(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout outer, inner, c, w, wc;
  lo_int so, ci;
  lo_err e, why;
  if (prop_layout(x, 0, &outer) || prop_layout(x, 1, &inner)) return GEN_ERROR;
  if ((lo_size(&outer, &so, &oe) || lo_cosize(&inner, &ci, &oe)) != LO_OK)
    return prop_verdict_of(x, &oe, "size", PROP_BOUNDED_ARITH);
  int ok = defined(lo_paper_composition(&outer, &inner, &c, &why));
  if (ok < 0) return GEN_DISCARD;
  if (ci > so) {
    x->labels |= 1u << GEN_L_PAST_DOMAIN;
    return ok ? gen_failf(x, "cosize(A) > size(B), yet B o A = %s", prop_show_layout(x, 0, &c))
              : GEN_PASS;
  }
  if (ok) {
    int r = is_paper_composite(x, &outer, &inner, &c);
    if (r <= 0) return r < 0 ? GEN_DISCARD : GEN_FAIL;
    if (!lo_is_nondegenerate(&c))
      return gen_failf(x, "B o A = %s is degenerate", prop_show_layout(x, 0, &c));
  } else {
    x->labels |= 1u << GEN_L_UNDEFINED;
  }
  gen_verdict v = cute_agrees(x, &outer, &inner, ok, &c);
  if (v != GEN_PASS || !lo_is_tractable(&outer) || !lo_is_tractable(&inner) ||
      lo_composition_algorithm(&outer, &inner, &wc, &e) != LO_OK)
    return v;
  if (lo_coalesce_profile(&wc, &inner.shape, &w, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "relative coalesce", PROP_BOUNDED_ARITH);
  if (!ok)
    return gen_failf(x, "no paper composite (%s), but Algorithm 4.1.2 gives %s", why.msg,
                     prop_show_layout(x, 0, &w));
  if (!lo_layout_equal(&w, &c))
    return gen_failf(x, "B o A = %s, Algorithm 4.1.2 gives %s", prop_show_layout(x, 0, &c),
                     prop_show_layout(x, 1, &w));
  return GEN_PASS;
}

/* [119] Prop 2.3.7.10: for B~ whose function extends Phi_B (B * (k):(e)
** and (B, (k):(e)), Prop 2.1.3.40), B o A exists iff B~ o A does (when
** cosize(A) <= size(B)), and they are equal; so is CuTe's composition
** with B or B~, when it succeeds. */
static gen_verdict composition_extension(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout outer, inner, tail, ext[2], c, ce;
  lo_int so, ci;
  lo_err e;
  if (prop_layout(x, 0, &outer) || prop_layout(x, 1, &inner) || prop_layout(x, 2, &tail))
    return GEN_ERROR;
  if ((lo_size(&outer, &so, &oe) || lo_cosize(&inner, &ci, &oe)) != LO_OK)
    return prop_verdict_of(x, &oe, "size", PROP_BOUNDED_ARITH);
  if (ci > so) return GEN_DISCARD;
  if ((lo_flat_concat(&outer, &tail, &ext[0], &oe) || nest2(&outer, &tail, &ext[1], &oe)) != LO_OK)
    return prop_verdict_of(x, &oe, "concat", PROP_BOUNDED_ARITH);
  if (so > x->bounds->max_size) return GEN_DISCARD;
  for (lo_int i = 0; i < so; i++) {
    lo_int u, v, w;
    if ((lo_apply(&outer, i, &u, &oe) || lo_apply(&ext[0], i, &v, &oe) ||
         lo_apply(&ext[1], i, &w, &oe)) != LO_OK)
      return prop_verdict_of(x, &oe, "apply", PROP_BOUNDED_ARITH);
    if (u != v || u != w)
      return gen_failf(x, "Phi_B(%lld) = %lld but the extensions give %lld, %lld", (long long)i,
                       (long long)u, (long long)v, (long long)w);
  }
  int ok = defined(lo_paper_composition(&outer, &inner, &c, &e));
  if (ok < 0) return GEN_DISCARD;
  if (!ok) x->labels |= 1u << GEN_L_UNDEFINED;
  for (int k = 0; k < 2; k++) {
    int oke = defined(lo_paper_composition(&ext[k], &inner, &ce, &e));
    if (oke < 0) return GEN_DISCARD;
    if (ok != oke)
      return gen_failf(x, "B o A %s but B~ o A %s for B~ = %s", ok ? "exists" : "does not exist",
                       oke ? "does" : "does not", prop_show_layout(x, 0, &ext[k]));
    if (ok && !lo_layout_equal(&c, &ce))
      return gen_failf(x, "B o A = %s but B~ o A = %s for B~ = %s", prop_show_layout(x, 0, &c),
                       prop_show_layout(x, 1, &ce), prop_show_layout(x, 2, &ext[k]));
    gen_verdict v = cute_agrees(x, &ext[k], &inner, ok, &c);
    if (v != GEN_PASS) return v;
  }
  return cute_agrees(x, &outer, &inner, ok, &c);
}

/* [120] Cor 2.3.7.11: B o A exists iff coal(B) o A does, iff B2 o A does
** for B2 with Phi_B2 = Phi_B; all are equal, and so is CuTe's composition
** with any of them, when it succeeds. */
static gen_verdict composition_coalesced_outer(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout outer, inner, o2, co, c[3];
  lo_err e;
  if (prop_layout(x, 0, &outer) || prop_layout(x, 1, &inner) || prop_layout(x, 2, &o2))
    return GEN_ERROR;
  int same = prop_same_function(x, &outer, &o2, "the generator's B2 vs B");
  if (same <= 0) return same < 0 ? GEN_DISCARD : GEN_FAIL;
  if (lo_coalesce(&outer, &co, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "coalesce", PROP_BOUNDED_ARITH);
  const lo_layout *os[3] = {&outer, &co, &o2};
  int ok[3];
  for (int k = 0; k < 3; k++)
    if ((ok[k] = defined(lo_paper_composition(os[k], &inner, &c[k], &e))) < 0) return GEN_DISCARD;
  if (!ok[0]) x->labels |= 1u << GEN_L_UNDEFINED;
  for (int k = 1; k < 3; k++) {
    if (ok[k] != ok[0])
      return gen_failf(x, "B o A %s, %s o A %s", ok[0] ? "exists" : "does not exist",
                       prop_show_layout(x, 0, os[k]), ok[k] ? "does" : "does not");
    if (ok[0] && !lo_layout_equal(&c[0], &c[k]))
      return gen_failf(x, "B o A = %s but %s o A = %s", prop_show_layout(x, 0, &c[0]),
                       prop_show_layout(x, 1, os[k]), prop_show_layout(x, 2, &c[k]));
  }
  lo_int so, ci;
  if ((lo_size(&outer, &so, &oe) || lo_cosize(&inner, &ci, &oe)) != LO_OK)
    return prop_verdict_of(x, &oe, "size", PROP_BOUNDED_ARITH);
  for (int k = 0; k < 3 && ci <= so; k++) {
    gen_verdict v = cute_agrees(x, os[k], &inner, ok[0], &c[0]);
    if (v != GEN_PASS) return v;
  }
  return GEN_PASS;
}

/* ------------------------------------------------- division and product */

/* [121] Def 2.3.8.1: A (/) B = A o (B, B^c) = (A o B, A o B^c) with B^c =
** comp(B, size A): Phi_{A/B} = Phi_A o Phi_{(B,B^c)} (brute force), size
** size(A), modes A o B and A o B^c; CuTe's logical_divide, when defined,
** is the same layout. */
static gen_verdict logical_divide_definition(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, b, r, bc, bb, ab, abc, whole, m, cute;
  lo_int n, sr;
  lo_err e;
  if (prop_layout(x, 0, &a) || prop_layout(x, 1, &b)) return GEN_ERROR;
  if (lo_size(&a, &n, &oe) != LO_OK) return prop_verdict_of(x, &oe, "size", PROP_BOUNDED_ARITH);
  if (lo_paper_logical_divide(&a, &b, &r, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "A (/) B", PROP_BOUNDED_ARITH);
  if ((lo_paper_complement(&b, n, &bc, &oe) || nest2(&b, &bc, &bb, &oe)) != LO_OK)
    return prop_verdict_of(x, &oe, "comp(B, size A)", PROP_BOUNDED_ARITH);
  if (lo_size(&r, &sr, &oe) != LO_OK) return prop_verdict_of(x, &oe, "size", PROP_BOUNDED_ARITH);
  if (sr != n || lo_tuple_rank(&r.shape) != 2 || lo_tuple_is_int(&r.shape))
    return gen_failf(x, "A (/) B = %s is not of rank 2 and size %lld", prop_show_layout(x, 0, &r),
                     (long long)n);
  if ((lo_paper_composition(&a, &b, &ab, &oe) || lo_paper_composition(&a, &bc, &abc, &oe)) != LO_OK)
    return prop_verdict_of(x, &oe, "composition", PROP_BOUNDED_ARITH);
  if (lo_paper_composition(&a, &bb, &whole, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "A o (B, B^c)", PROP_BOUNDED_ARITH);
  if (!lo_layout_equal(&whole, &r))
    return gen_failf(x, "A (/) B = %s but A o (B,B^c) = %s", prop_show_layout(x, 0, &r),
                     prop_show_layout(x, 1, &whole));
  if (lo_layout_mode(&r, 1, &m, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "mode", PROP_BOUNDED_ARITH);
  if (!lo_layout_equal(&m, &ab))
    return gen_failf(x, "mode 1 of A (/) B is %s, A o B = %s", prop_show_layout(x, 0, &m),
                     prop_show_layout(x, 1, &ab));
  if (lo_layout_mode(&r, 2, &m, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "mode", PROP_BOUNDED_ARITH);
  if (!lo_layout_equal(&m, &abc))
    return gen_failf(x, "mode 2 of A (/) B is %s, A o B^c = %s", prop_show_layout(x, 0, &m),
                     prop_show_layout(x, 1, &abc));
  if (lo_logical_divide(&a, &b, &cute, &e) == LO_OK && !lo_layout_equal(&cute, &r))
    return gen_failf(x, "CuTe's logical_divide gives %s, the paper %s",
                     prop_show_layout(x, 0, &cute), prop_show_layout(x, 1, &r));
  return prop_judged(prop_is_composite(x, &a, &bb, &r));
}

/* N for the paper's product (Obs 2.3.9.2): size(A) cosize(B) rounded up to
** a multiple of A's largest extent; also that extent. */
static int product_n(const lo_layout *a, const lo_layout *b, lo_int *n, lo_int *ext, lo_err *err) {
  lo_int sa, cb, n0;
  if (lo_size(a, &sa, err) || lo_cosize(b, &cb, err) || lo_mul(sa, cb, &n0, "N", err))
    return err->code;
  *ext = largest_extent(a);
  return lo_mul(lo_ceil_div(n0, *ext), *ext, n, "N", err);
}

/* [122] Def 2.3.9.1 with Obs 2.3.9.2 (INDEX E9: N = size(A) cosize(B)
** rounded up to a valid N): A (x) B = (A, comp(A,N) o B), Phi of mode 2 =
** Phi_{A^c} o Phi_B (brute force), size size(A) size(B); undefined when A
** is not complementable; CuTe's logical_product, when defined, is equal;
** when A^c o B does not exist, CuTe's answer must not satisfy Def 2.3.7.1. */
static gen_verdict logical_product_definition(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, b, r, ac, y, m, cute;
  lo_int n, ext, n0, sa, sb, sr, cb;
  lo_err e;
  if (prop_layout(x, 0, &a) || prop_layout(x, 1, &b)) return GEN_ERROR;
  int ok = defined(lo_paper_logical_product(&a, &b, &r, &e));
  if (ok < 0) return GEN_DISCARD;
  if (!lo_is_complementable(&a)) {
    x->labels |= 1u << GEN_L_UNDEFINED;
    return ok ? gen_failf(x, "A is not complementable, yet A (x) B = %s",
                          prop_show_layout(x, 0, &r))
              : GEN_PASS;
  }
  if (product_n(&a, &b, &n, &ext, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "N", PROP_BOUNDED_ARITH);
  if ((lo_size(&a, &sa, &oe) || lo_size(&b, &sb, &oe) || lo_cosize(&b, &cb, &oe)) != LO_OK)
    return prop_verdict_of(x, &oe, "size", PROP_BOUNDED_ARITH);
  n0 = sa * cb;
  if (n != n0) x->labels |= 1u << GEN_L_ROUNDED;
  if (lo_paper_complement(&a, n, &ac, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "comp(A,N)", PROP_BOUNDED_ARITH);
  int cute_ok = lo_logical_product(&a, &b, &cute, &e) == LO_OK;
  if (!ok) {
    x->labels |= 1u << GEN_L_UNDEFINED;
    if (!cute_ok) return GEN_PASS;
    if (lo_layout_mode(&cute, 2, &m, &oe) != LO_OK)
      return prop_verdict_of(x, &oe, "mode", PROP_BOUNDED_ARITH);
    int w = is_paper_composite(x, &ac, &b, &m);
    x->msg[0] = 0;
    return w > 0 ? gen_failf(x, "no A (x) B, but CuTe's mode 2 %s is A^c o B",
                             prop_show_layout(x, 0, &m))
                 : GEN_PASS;
  }
  if (lo_layout_mode(&r, 1, &m, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "mode", PROP_BOUNDED_ARITH);
  if (!lo_layout_equal(&m, &a))
    return gen_failf(x, "mode 1 of A (x) B is %s, not A", prop_show_layout(x, 0, &m));
  if (lo_layout_mode(&r, 2, &m, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "mode", PROP_BOUNDED_ARITH);
  if (lo_paper_composition(&ac, &b, &y, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "A^c o B", PROP_BOUNDED_ARITH);
  if (!lo_layout_equal(&m, &y))
    return gen_failf(x, "mode 2 of A (x) B is %s, comp(A,%lld) o B = %s",
                     prop_show_layout(x, 0, &m), (long long)n, prop_show_layout(x, 1, &y));
  if (lo_size(&r, &sr, &oe) != LO_OK) return prop_verdict_of(x, &oe, "size", PROP_BOUNDED_ARITH);
  if (sr != sa * sb) return gen_failf(x, "size(A (x) B) = %lld", (long long)sr);
  if (cute_ok && !lo_layout_equal(&cute, &r))
    return gen_failf(x, "CuTe's logical_product gives %s, the paper %s",
                     prop_show_layout(x, 0, &cute), prop_show_layout(x, 1, &r));
  return prop_judged(prop_is_composite(x, &ac, &b, &m));
}

/* [123] Obs 2.3.9.2: for valid N1 <= N2 (multiples of A's largest extent
** at least size(A) cosize(B)), comp(A,N1) o B exists iff comp(A,N2) o B
** does, and they are equal. */
static gen_verdict logical_product_any_n(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, b, c1, c2, y1, y2;
  lo_int n1, n2, ext, k;
  lo_err e;
  if (prop_layout(x, 0, &a) || prop_layout(x, 1, &b) || prop_int(x, 2, &k)) return GEN_ERROR;
  if (!lo_is_complementable(&a)) {
    x->labels |= 1u << GEN_L_UNDEFINED;
    return GEN_DISCARD;
  }
  if (product_n(&a, &b, &n1, &ext, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "N", PROP_BOUNDED_ARITH);
  if ((lo_mul(k, ext, &n2, "N2", &oe) || lo_add(n2, n1, &n2, "N2", &oe)) != LO_OK)
    return prop_verdict_of(x, &oe, "N2", PROP_BOUNDED_ARITH);
  if (lo_paper_complement(&a, n1, &c1, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "comp(A,N1)", PROP_BOUNDED_ARITH);
  if (lo_paper_complement(&a, n2, &c2, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "comp(A,N2)", PROP_BOUNDED_ARITH);
  int ok1 = defined(lo_paper_composition(&c1, &b, &y1, &e));
  int ok2 = defined(lo_paper_composition(&c2, &b, &y2, &e));
  if (ok1 < 0 || ok2 < 0) return GEN_DISCARD;
  if (!ok1) x->labels |= 1u << GEN_L_UNDEFINED;
  if (ok1 != ok2)
    return gen_failf(x, "comp(A,%lld) o B %s but comp(A,%lld) o B %s", (long long)n1,
                     ok1 ? "exists" : "does not", (long long)n2, ok2 ? "does" : "does not");
  if (!ok1) return GEN_PASS;
  if (!lo_layout_equal(&y1, &y2))
    return gen_failf(x, "comp(A,%lld) o B = %s but comp(A,%lld) o B = %s", (long long)n1,
                     prop_show_layout(x, 0, &y1), (long long)n2, prop_show_layout(x, 1, &y2));
  return prop_judged(prop_is_composite(x, &c2, &b, &y2));
}

/* ------------------------------------------------- zipped, tiled (CuTe) */

typedef int (*layout_op)(const lo_layout *, const lo_layout *, lo_layout *, lo_err *);

/* The regroupings CuTe makes of a by-mode result r of A by tiler t
** (README, "Where the paper and CuTe differ"): zipped = ((tile_1..tile_k),
** (rest_1..rest_k, A's further modes)); tiled = (tiles, rests...) when the
** rest group has rank >= 2, else the zipped form.  For a plain layout, r
** itself is (tile, rest). */
static int regroup(const lo_layout *r, const lo_layout *t, int ra, int tiled, lo_layout *out,
                   lo_err *err) {
  lo_layout tiles, rests, parts[LO_MAX_LEAVES], tl[LO_MAX_LEAVES], rs[LO_MAX_LEAVES];
  const lo_layout *pt[LO_MAX_LEAVES + 1], *pr[LO_MAX_LEAVES];
  if (!t->is_tiler) {
    if (lo_layout_mode(r, 1, &tiles, err) || lo_layout_mode(r, 2, &rests, err)) return err->code;
  } else {
    int k = lo_tuple_rank(&t->shape);
    for (int i = 0; i < ra; i++) {
      if (lo_layout_mode(r, i + 1, &parts[i], err)) return err->code;
      if (i < k &&
          (lo_layout_mode(&parts[i], 1, &tl[i], err) || lo_layout_mode(&parts[i], 2, &rs[i], err)))
        return err->code;
      if (i >= k) rs[i] = parts[i];
      pt[i] = &tl[i];
      pr[i] = &rs[i];
    }
    if (lo_layout_nest(pt, k, &tiles, err) || lo_layout_nest(pr, ra, &rests, err)) return err->code;
  }
  int rr = lo_tuple_is_int(&rests.shape) ? 1 : lo_tuple_rank(&rests.shape);
  if (!tiled || rr < 2) return nest2(&tiles, &rests, out, err);
  lo_layout m[LO_MAX_LEAVES];
  pt[0] = &tiles;
  for (int i = 0; i < rr; i++) {
    if (lo_layout_mode(&rests, i + 1, &m[i], err)) return err->code;
    pt[i + 1] = &m[i];
  }
  return lo_layout_nest(pt, rr + 1, out, err);
}

/* By-mode op of A with tiler t: mode i of the result is op(mode_i A, t_i)
** for i <= rank(t), mode_i A after; for a plain layout, op(A, t). */
static gen_verdict check_by_mode(gen_ctx *x, layout_op op, const lo_layout *a, const lo_layout *t,
                                 const lo_layout *r) {
  lo_err oe = {LO_OK, ""};
  lo_layout ai, ti, want, got;
  lo_err e;
  if (!t->is_tiler) return GEN_PASS;
  int k = lo_tuple_rank(&t->shape), ra = lo_tuple_rank(&a->shape);
  if (lo_tuple_rank(&r->shape) != ra)
    return gen_failf(x, "the by-mode result %s has rank %d, A %d", prop_show_layout(x, 0, r),
                     lo_tuple_rank(&r->shape), ra);
  for (int i = 1; i <= ra; i++) {
    if ((lo_layout_mode(a, i, &ai, &oe) || lo_layout_mode(r, i, &got, &oe)) != LO_OK)
      return prop_verdict_of(x, &oe, "mode", PROP_BOUNDED_ARITH);
    if (i <= k) {
      if (lo_layout_mode(t, i, &ti, &oe) != LO_OK)
        return prop_verdict_of(x, &oe, "mode", PROP_BOUNDED_ARITH);
      if (op(&ai, &ti, &want, &e)) return gen_failf(x, "mode %d alone is undefined: %s", i, e.msg);
    } else {
      want = ai;
    }
    if (!lo_layout_equal(&want, &got))
      return gen_failf(x, "mode %d of the by-mode result is %s, expected %s", i,
                       prop_show_layout(x, 0, &got), prop_show_layout(x, 1, &want));
  }
  return GEN_PASS;
}

/* The by-mode form and the zipped and tiled regroupings of op (CuTe). */
static gen_verdict check_regroup(gen_ctx *x, layout_op op, layout_op zipped, layout_op tiled) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, t, r, z, tl, wz, wt;
  if (prop_layout(x, 0, &a) || prop_layout(x, 1, &t)) return GEN_ERROR;
  if (op(&a, &t, &r, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "by-mode op", PROP_BOUNDED_ARITH);
  gen_verdict v = check_by_mode(x, op, &a, &t, &r);
  if (v != GEN_PASS) return v;
  int ra = lo_tuple_rank(&a.shape);
  if ((zipped(&a, &t, &z, &oe) || tiled(&a, &t, &tl, &oe)) != LO_OK)
    return prop_verdict_of(x, &oe, "zipped/tiled", PROP_BOUNDED_ARITH);
  if ((regroup(&r, &t, ra, 0, &wz, &oe) || regroup(&r, &t, ra, 1, &wt, &oe)) != LO_OK)
    return prop_verdict_of(x, &oe, "regroup", PROP_BOUNDED_ARITH);
  if (!lo_layout_equal(&z, &wz))
    return gen_failf(x, "zipped form %s, expected %s", prop_show_layout(x, 0, &z),
                     prop_show_layout(x, 1, &wz));
  if (!lo_layout_equal(&tl, &wt))
    return gen_failf(x, "tiled form %s, expected %s", prop_show_layout(x, 0, &tl),
                     prop_show_layout(x, 1, &wt));
  lo_layout fz, ft, fr;
  lo_int size, sz;
  lo_layout_flatten(&z, &fz);
  lo_layout_flatten(&tl, &ft);
  lo_layout_flatten(&r, &fr);
  if ((lo_size(&r, &size, &oe) || lo_size(&z, &sz, &oe)) != LO_OK)
    return prop_verdict_of(x, &oe, "size", PROP_BOUNDED_ARITH);
  if (size != sz || fz.shape.len != fr.shape.len || !lo_layout_equal(&fz, &ft))
    return gen_failf(x, "the regroupings do not keep the entries of %s",
                     prop_show_layout(x, 0, &r));
  return GEN_PASS;
}

/* CuTe's zipped_divide and tiled_divide regroup the by-mode
** logical_divide (README: a rank-1 rest stays wrapped). */
static gen_verdict divide_regroup(gen_ctx *x) {
  return check_regroup(x, lo_logical_divide, lo_zipped_divide, lo_tiled_divide);
}

/* CuTe's zipped_product and tiled_product regroup the by-mode
** logical_product. */
static gen_verdict product_regroup(gen_ctx *x) {
  return check_regroup(x, lo_logical_product, lo_zipped_product, lo_tiled_product);
}

/* ------------------------------------------------------------ tractable */

/* [124] Def 2.3.10.1: L is tractable iff L-flat is, by Def 2.1.8.1
** recomputed here on the sorted entries (no squeeze). */
static gen_verdict tractable_flattening(gen_ctx *x) {
  lo_layout l, f;
  if (prop_layout(x, 0, &l)) return GEN_ERROR;
  lo_layout_flatten(&l, &f);
  int t = lo_is_tractable(&l), tf = lo_is_tractable(&f), d = def_tractable(&l);
  if (t != d || tf != d)
    return gen_failf(x, "is_tractable: L %d, L-flat %d; Def 2.1.8.1 gives %d", t, tf, d);
  return GEN_PASS;
}

/* ================================================================ table */

const gen_property prop_nested_table[] = {
    {"nested.profile_substitution",
     "(P_i)_Q splices P_i into Q's stars; len = sum len P_i; (*..*)_Q = Q; (P_i)_(*..*) = (P_i)",
     "[73] Def 2.2.1.8, p.58 (block offsets use len(Q_k), INDEX E11)", GEN_THEOREM,
     "nested_profiles", "substitute", profile_substitution, NULL},
    {"nested.tuple_substitution",
     "(X_i)_Q has flattening X_1-flat*..*X_m-flat and profile (prof X_i)_Q",
     "[80] Def 2.2.3.1, p.62", GEN_THEOREM, "nested_substitution", "substitute", tuple_substitution,
     NULL},
    {"nested.entries_substitution", "(entries of X)_{prof X} = X; entry_i(X) = x_i",
     "[80] Def 2.2.3.1, p.62; [78] Def 2.2.2.14, p.61", GEN_THEOREM, "nested_layout",
     "flatten_profile", entries_substitution, NULL},
    {"nested.refinement_order",
     "refinement is reflexive, transitive, antisymmetric, and agrees with Def 2.2.4.1",
     "[82] Obs 2.2.4.4, p.63; [81] Def 2.2.4.1", GEN_THEOREM, "nested_refinement_chain", "refines",
     refinement_order, NULL},
    {"nested.relative_modes",
     "size(mode_i(X',X)) = x_i and (mode_i(X',X))_{prof X} = X'; special cases X, flat X, integer "
     "X",
     "[83] Construction 2.2.4.5, p.64", GEN_THEOREM, "refinement", "relative_modes", relative_modes,
     NULL},
    {"nested.relative_flattening",
     "flat(X',X) refines X-flat; flat(X,X) = X-flat; flat(X',X) = X' for flat X; flat(X',N) = (X')",
     "[86] Obs 2.2.4.16, p.65; [85] Def 2.2.4.11 (Ex 2.2.4.15 corrected, INDEX E11)", GEN_THEOREM,
     "refinement", "relative_flatten", relative_flattening, NULL},
    {"nested.unflatten", "(L-flat)_{prof L} = L; entry_i(L) = mode_i(L-flat); Phi_L = Phi_{L-flat}",
     "[93] Prop 2.3.1.22 / Obs 2.3.1.23, p.68; [90] Def 2.3.1.13", GEN_THEOREM, "nested_layout",
     "flatten", unflatten, NULL},
    {"nested.concat_bracketings",
     "((A,B),C), (A,(B,C)), (A,B,C) flatten to A*B*C and share its Phi (Prop 2.1.3.40)",
     "[95] Def 2.3.2.5, Remarks 2.3.2.6-2.3.2.10, p.70", GEN_THEOREM, "nested_concat_parts",
     "concat", concat_bracketings, NULL},
    {"nested.coalesce_nondegenerate",
     "coal(L) is non-degenerate; coalesced L is non-degenerate and = coal(L); Def 2.3.3.1",
     "[98] Obs 2.3.3.6, p.72; [97] Def 2.3.3.1", GEN_THEOREM, "nested_layout", "coalesce",
     coalesce_nondegenerate, NULL},
    {"nested.coalesce_construction",
     "coal(L) = coal-flat(L-flat) as 1:0, s:d or flat; coalesced, idempotent, Phi_L",
     "[99] Construction 2.3.3.7, Remark 2.3.3.13, p.72", GEN_THEOREM, "nested_layout", "coalesce",
     coalesce_construction, NULL},
    {"nested.coalesce_characterizes", "Phi_A = Phi_B iff coal(A) = coal(B) (nested A, B)",
     "[100] Prop 2.3.3.14, p.73", GEN_THEOREM, "nested_alike", "coalesce", coalesce_characterizes,
     NULL},
    {"nested.coalesce_minimal",
     "size > 1: coal(A) is the unique least-complexity layout with Phi_A (among those generated)",
     "[102] Prop 2.3.3.16, p.73; [101] Def 2.3.3.15", GEN_THEOREM, "nested_variant", "coalesce",
     coalesce_minimal, NULL},
    {"nested.relative_coalesce_nondegenerate",
     "coal(L,S) is coalesced over S and non-degenerate; coalesced over shape(L) iff non-degenerate",
     "[105] Def 2.3.4.4, Obs 2.3.4.5, Ex 2.3.4.6, p.74", GEN_THEOREM, "nested_coarsening",
     "coalesce", relative_coalesce_nondegenerate, NULL},
    {"nested.relative_coalesce",
     "coal(L,S) = (coal L_i)_{prof S}, L = (L_i)_{prof S}, shape refines S, Phi kept",
     "[107] Lemma 2.3.4.9, p.75; [104] Obs 2.3.4.3; [106] Def 2.3.4.7", GEN_THEOREM,
     "nested_coarsening", "coalesce", relative_coalesce, NULL},
    {"nested.relative_coalesce_characterizes",
     "shape A, shape B refine S: Phi_A = Phi_B iff coal(A,S) = coal(B,S)",
     "[108] Prop 2.3.4.10, p.75", GEN_THEOREM, "nested_alike_over", "coalesce",
     relative_coalesce_characterizes, NULL},
    {"nested.compact", "L compact (brute force) iff L-flat compact iff coal(L) compact",
     "[110] Prop 2.3.5.5, p.77; [109] Def 2.3.5.1", GEN_THEOREM, "nested_maybe_compact",
     "is_compact", compact_agree, NULL},
    {"nested.complement_flatten",
     "(A,B) compact (brute force) iff A-flat * B-flat compact iff (B,A) compact",
     "[112] Lemma 2.3.6.2, p.77; [111] Def 2.3.6.1", GEN_THEOREM, "nested_complement_pair",
     "is_complement", complement_flatten, NULL},
    {"nested.complementable",
     "a complement of A makes A complementable (= A-flat's); then (A, comp(A)) is compact",
     "[114] Lemma 2.3.6.4, p.78; [113] Def 2.3.6.3 (fix E5: no stride 0)", GEN_THEOREM,
     "nested_complement_pair", "is_complementable", complementable, NULL},
    {"nested.complement_construction",
     "comp(A,N) = coal(comp-flat(A-flat,N)): (A,C) compact, size N, coalesced, sorted, order-free",
     "[115] Def 2.3.6.5, Remark 2.3.6.6, p.78; [116] Def 2.3.6.7", GEN_THEOREM,
     "nested_n_complementable", "paper_complement", complement_construction, NULL},
    {"nested.n_complement_exists",
     "an N-complement exists iff A is N-complementable (N = size A size B for a complement B)",
     "[117] Prop 2.3.6.9, p.78", GEN_THEOREM, "nested_complement_pair", "is_N_complement",
     n_complement_exists, NULL},
    {"nested.composition_conditions",
     "B o A: shape refines shape(A), coalesced over it, Phi_B o Phi_A; exists iff a witness does",
     "[118] Def 2.3.7.1, Remarks 2.3.7.2-2.3.7.4, p.79", GEN_THEOREM, "nested_compose_pair",
     "paper_composition", composition_conditions, NULL},
    {"nested.composition_extension",
     "B~ extending Phi_B (B*(k):(e), (B,(k):(e))): B~ o A = B o A, both or neither defined",
     "[119] Prop 2.3.7.10, p.80", GEN_THEOREM, "nested_compose_pair nested_tail",
     "paper_composition", composition_extension, NULL},
    {"nested.composition_coalesced_outer",
     "B o A = coal(B) o A = B2 o A for Phi_B2 = Phi_B, all or none defined",
     "[120] Cor 2.3.7.11, p.80", GEN_THEOREM, "nested_compose_variant", "paper_composition",
     composition_coalesced_outer, NULL},
    {"nested.logical_divide_definition",
     "A (/) B = A o (B,B^c) = (A o B, A o B^c), Phi by brute force, size A; = CuTe's when defined",
     "[121] Def 2.3.8.1, p.81", GEN_THEOREM, "nested_divide_pair", "paper_logical_divide",
     logical_divide_definition, NULL},
    {"nested.logical_product_definition",
     "A (x) B = (A, comp(A,N) o B), N = size A cosize B rounded to a valid N; = CuTe's when "
     "defined",
     "[122] Def 2.3.9.1 with [123] Obs 2.3.9.2 (corrected N, INDEX E9), p.83", GEN_THEOREM,
     "nested_product_pair", "paper_logical_product", logical_product_definition, NULL},
    {"nested.logical_product_any_n",
     "comp(A,N1) o B = comp(A,N2) o B for valid N1 < N2 >= size(A) cosize(B)",
     "[123] Obs 2.3.9.2, p.83 (cites 'Proposition 2.3.7.11', a Corollary, INDEX E11)", GEN_THEOREM,
     "nested_product_pair", "paper_logical_product", logical_product_any_n, NULL},
    {"nested.divide_regroup",
     "logical_divide by a tiler works mode by mode; zipped/tiled_divide regroup it",
     "CuTe zipped_divide, tiled_divide (README: Where the paper and CuTe differ); [121]",
     GEN_THEOREM, "nested_divide_tiler", "zipped_divide", divide_regroup, NULL},
    {"nested.product_regroup",
     "logical_product by a tiler works mode by mode; zipped/tiled_product regroup it",
     "CuTe zipped_product, tiled_product (README: Where the paper and CuTe differ); [122]",
     GEN_THEOREM, "nested_product_tiler", "zipped_product", product_regroup, NULL},
    {"nested.tractable_flattening", "L tractable iff L-flat tractable, as Def 2.1.8.1 recomputed",
     "[124] Def 2.3.10.1, p.84", GEN_THEOREM, "nested_tractable_mix", "is_tractable",
     tractable_flattening, NULL},
};
const int prop_nested_count = (int)(sizeof prop_nested_table / sizeof prop_nested_table[0]);
