/*
** lo_refine.c -- refinement of nested tuples, relative modes, mutual
** refinement (Algorithm 4.1.1), pullback and pushforward (§3.2.5), the
** weak composite (Construction 4.1.2.1) and the composition algorithm
** (Algorithm 4.1.2).
*/
#include "lo_internal.h"

#include <string.h>

/* The product of the leaves of xp's subtree that starts at token *i and
** leaf *leaf (a leaf, or a '(' to its matching ')'), both moved past it;
** returns 0 where the product overflows (lo_tuple_size's error). */
static int subtree_product(const lo_tuple *xp, int *i, int *leaf, lo_int *out) {
  lo_int p = 1;
  int depth = 0, ok = 1;
  do {
    char c = xp->tok[(*i)++];
    if (c == '(')
      depth++;
    else if (c == ')')
      depth--;
    else
      ok &= !__builtin_mul_overflow(p, xp->leaf[(*leaf)++], &p);
  } while (depth > 0 && *i < xp->ntok);
  *out = p;
  return ok && depth == 0;
}

/* X' refines X (see lo.h), in one pass over both profiles: x's tokens
** and xp's in step, a '(' or ')' of x met by the same in xp, a leaf n of
** x by a leaf or a subtree of xp whose leaves multiply to n; x nested
** deeper than LO_MAX_DEPTH refines nothing. */
int lo_refines(const lo_tuple *xp, const lo_tuple *x) {
  int i = 0, j = 0, li = 0, lj = 0, level = 0;
  for (; j < x->ntok; j++) {
    char c = x->tok[j];
    if (c != ')' && level > LO_MAX_DEPTH) return 0;
    if (i >= xp->ntok) return 0;
    if (c == '(' || c == ')') {
      if (xp->tok[i++] != c) return 0;
      level += c == '(' ? 1 : -1;
      continue;
    }
    lo_int p;
    if (xp->tok[i] == ')' || !subtree_product(xp, &i, &li, &p) || p != x->leaf[lj++]) return 0;
  }
  return i == xp->ntok;
}

/* Append the relative modes of xp over x to modes[*n..cap), checking on
** the way that xp refines x. */
static int rel_rec(const lo_tuple *xp, const lo_tuple *x, lo_tuple *modes, int cap, int *n,
                   int depth, lo_err *err) {
  if (depth > LO_MAX_DEPTH) return lo_fail(err, LO_ELIMIT, "nesting deeper than %d", LO_MAX_DEPTH);
  if (lo_tuple_is_int(x)) {
    lo_int s;
    if (lo_tuple_size(xp, &s, err)) return err->code;
    if (s != x->leaf[0]) goto not_refining;
    if (*n >= cap) return lo_fail(err, LO_ELIMIT, "too many relative modes");
    modes[(*n)++] = *xp;
    return LO_OK;
  }
  int r = lo_tuple_rank(x);
  if (lo_tuple_is_int(xp) || lo_tuple_rank(xp) != r) goto not_refining;
  for (int k = 1; k <= r; k++) {
    lo_tuple a, b;
    if (lo_tuple_mode(xp, k, &a, NULL, err) || lo_tuple_mode(x, k, &b, NULL, err)) return err->code;
    if (rel_rec(&a, &b, modes, cap, n, depth + 1, err)) return err->code;
  }
  return LO_OK;
not_refining:
  return lo_fail(err, LO_EUNDEF, "the first tuple does not refine the second");
}

/* mode_i(X', X) for i = 1..len(X); an error unless X' refines X. */
int lo_relative_modes(const lo_tuple *xp, const lo_tuple *x, lo_tuple *modes, int cap, int *n,
                      lo_err *err) {
  *n = 0;
  return rel_rec(xp, x, modes, cap, n, 0, err);
}

/* Pack a run of integers: one integer alone, a flat tuple otherwise. */
static void pack(const lo_int *v, int n, lo_tuple *out) {
  if (n == 1)
    lo_tuple_int(out, v[0]);
  else
    lo_tuple_flat(out, v, n);
}

/* Algorithm 4.1.1 with two fixes (the printed pseudo-code omits
** "None unless T is used up" and stops its last loop one short): refine T and U to T', U'
** whose flattenings satisfy: T'-flat is a prefix of U'-flat. */
int lo_mutual_refinement(const lo_tuple *t, const lo_tuple *u, lo_tuple *tp, lo_tuple *up,
                         lo_err *err) {
  lo_int x[LO_MAX_LEAVES], y[LO_MAX_LEAVES], xm[LO_MAX_LEAVES], ym[LO_MAX_LEAVES];
  lo_tuple xs[LO_MAX_LEAVES], ys[LO_MAX_LEAVES];
  int nx = t->len, ny = u->len, nxm = 0, nym = 0, nxs = 0, nys = 0, i = 0, j = 0;
  memcpy(x, t->leaf, (size_t)nx * sizeof(lo_int));
  memcpy(y, u->leaf, (size_t)ny * sizeof(lo_int));
  while (i < nx && j < ny) {
    if (nxm >= LO_MAX_LEAVES || nym >= LO_MAX_LEAVES)
      return lo_fail(err, LO_ELIMIT, "mutual refinement needs more than %d entries", LO_MAX_LEAVES);
    if (x[i] == y[j]) {
      xm[nxm++] = x[i];
      pack(xm, nxm, &xs[nxs++]);
      nxm = 0;
      ym[nym++] = y[j];
      pack(ym, nym, &ys[nys++]);
      nym = 0;
      i++;
      j++;
    } else if (y[j] % x[i] == 0) {
      xm[nxm++] = x[i];
      pack(xm, nxm, &xs[nxs++]);
      nxm = 0;
      ym[nym++] = x[i];
      y[j] /= x[i];
      i++;
    } else if (x[i] % y[j] == 0) {
      xm[nxm++] = y[j];
      ym[nym++] = y[j];
      pack(ym, nym, &ys[nys++]);
      nym = 0;
      x[i] /= y[j];
      j++;
    } else {
      return lo_fail(err, LO_EUNDEF, "not mutually refinable: %lld and %lld divide neither way",
                     (long long)x[i], (long long)y[j]);
    }
  }
  if (i < nx) return lo_fail(err, LO_EUNDEF, "not mutually refinable: the first tuple is larger");
  if (nym > 0) {
    if (nym >= LO_MAX_LEAVES) return lo_fail(err, LO_ELIMIT, "too many entries");
    ym[nym++] = y[j];
    pack(ym, nym, &ys[nys++]);
    j++;
  }
  while (j < ny) lo_tuple_int(&ys[nys++], y[j++]);
  lo_tuple a, b;
  if (lo_tuple_substitute(t, xs, &a, err) || lo_tuple_substitute(u, ys, &b, err)) return err->code;
  *tp = a;
  *up = b;
  return LO_OK;
}

/* Pullback of f : S -> T along T' refining T (Construction 3.2.5.5). */
int lo_pullback(const lo_morphism *f, const lo_tuple *tp, lo_morphism *out, lo_err *err) {
  int first[LO_MAX_LEAVES], count[LO_MAX_LEAVES];
  lo_tuple rel[LO_MAX_LEAVES], items[LO_MAX_LEAVES];
  int nrel, nmap = 0;
  lo_morphism r;
  if (lo_relative_modes(tp, &f->cod, rel, LO_MAX_LEAVES, &nrel, err)) return err->code;
  for (int j = 0, at = 0; j < nrel; j++) {
    first[j] = at;
    count[j] = rel[j].len;
    at += rel[j].len;
  }
  for (int i = 0; i < f->dom.len; i++) {
    int a = f->map[i];
    if (a == 0) {
      lo_tuple_int(&items[i], f->dom.leaf[i]);
      if (nmap >= LO_MAX_LEAVES) return lo_fail(err, LO_ELIMIT, "too many entries");
      r.map[nmap++] = 0;
    } else {
      items[i] = rel[a - 1];
      if (nmap + count[a - 1] > LO_MAX_LEAVES) return lo_fail(err, LO_ELIMIT, "too many entries");
      for (int k = 0; k < count[a - 1]; k++) r.map[nmap++] = first[a - 1] + k + 1;
    }
  }
  if (lo_tuple_substitute(&f->dom, items, &r.dom, err)) return err->code;
  r.cod = *tp;
  *out = r;
  return LO_OK;
}

/* Pushforward of f : S -> T along S' refining S (Construction 3.2.5.12). */
int lo_pushforward(const lo_morphism *f, const lo_tuple *sp, lo_morphism *out, lo_err *err) {
  lo_tuple q[LO_MAX_LEAVES], items[LO_MAX_LEAVES];
  int nq, src[LO_MAX_LEAVES + 1];
  lo_morphism r;
  if (lo_relative_modes(sp, &f->dom, q, LO_MAX_LEAVES, &nq, err)) return err->code;
  for (int j = 0; j <= f->cod.len; j++) src[j] = -1;
  for (int i = 0; i < f->dom.len; i++)
    if (f->map[i]) src[f->map[i]] = i;
  for (int j = 1; j <= f->cod.len; j++) {
    if (src[j] >= 0)
      items[j - 1] = q[src[j]];
    else
      lo_tuple_int(&items[j - 1], f->cod.leaf[j - 1]);
  }
  if (lo_tuple_substitute(&f->cod, items, &r.cod, err)) return err->code;
  int first[LO_MAX_LEAVES], at = 0, nmap = 0;
  for (int j = 0; j < f->cod.len; j++) {
    first[j] = at;
    at += items[j].len;
  }
  for (int i = 0; i < f->dom.len; i++) {
    if (nmap + q[i].len > LO_MAX_LEAVES) return lo_fail(err, LO_ELIMIT, "too many entries");
    for (int k = 0; k < q[i].len; k++)
#ifdef LO_MUTANT_PUSHFORWARD_OFF_BY_ONE /* planted bug for `make mutants`: a 0-based slip */
      r.map[nmap++] = f->map[i] ? first[f->map[i] - 1] + k : 0;
#else
      r.map[nmap++] = f->map[i] ? first[f->map[i] - 1] + k + 1 : 0;
#endif
  }
  r.dom = *sp;
  *out = r;
  return LO_OK;
}

/* Weak composite g o f of f : S -> T then g : U -> V (Construction
** 4.1.2.1), outer first as lo.h's rule says: pull f back and push g
** forward along the mutual refinement of (T, U), include T' into U' as a
** prefix, and compose. */
int lo_weak_composite(const lo_morphism *g, const lo_morphism *f, lo_morphism *out, lo_err *err) {
  lo_tuple tp, up;
  lo_morphism fp, gp;
  if (lo_mutual_refinement(&f->cod, &g->dom, &tp, &up, err) ||
      lo_pullback_then_include(f, &tp, &up, &fp, err) || lo_pushforward(g, &up, &gp, err))
    return err->code;
  return lo_morphism_compose(&gp, &fp, out, err);
}

/* Algorithm 4.1.2: C = L of the weak composite of f_inner and
** f_coal(outer). */
int lo_composition_algorithm(const lo_layout *outer, const lo_layout *inner, lo_layout *out,
                             lo_err *err) {
  lo_layout cb;
  lo_morphism f, g, h;
  if (lo_morphism_of_layout(inner, &f, err) || lo_coalesce(outer, &cb, err) ||
      lo_morphism_of_layout(&cb, &g, err) || lo_weak_composite(&g, &f, &h, err))
    return err->code;
  return lo_morphism_layout(&h, out, err);
}

/* X' divides X: the flattening of xp is a prefix of that of x. */
int lo_tuple_divides(const lo_tuple *xp, const lo_tuple *x) {
  return xp->len <= x->len && memcmp(xp->leaf, x->leaf, (size_t)xp->len * sizeof(lo_int)) == 0;
}

/* flat(X', X): the tuple of the relative modes of xp over x. */
int lo_relative_flatten(const lo_tuple *xp, const lo_tuple *x, lo_tuple *out, lo_err *err) {
  lo_tuple m[LO_MAX_LEAVES];
  const lo_tuple *mp[LO_MAX_LEAVES];
  int n;
  if (lo_relative_modes(xp, x, m, LO_MAX_LEAVES, &n, err)) return err->code;
  for (int k = 0; k < n; k++) mp[k] = &m[k];
  return lo_tuple_nest(mp, n, out, err);
}

/* The inclusion of leaves [first, first + dom->len) of s as a morphism
** dom -> s (dom's flattening is those leaves). */
static void inclusion_at(const lo_tuple *dom, const lo_tuple *s, int first, lo_morphism *out) {
  out->dom = *dom;
  out->cod = *s;
  for (int i = 0; i < dom->len; i++) out->map[i] = first + i + 1;
}

/* The inclusion of entry k (1-based, as an integer) into s. */
int lo_entry_inclusion(const lo_tuple *s, int k, lo_morphism *out, lo_err *err) {
  lo_tuple d;
  if (k < 1 || k > s->len) return lo_fail(err, LO_EUNDEF, "entry %d outside 1..%d", k, s->len);
  lo_tuple_int(&d, s->leaf[k - 1]);
  inclusion_at(&d, s, k - 1, out);
  return LO_OK;
}

/* The inclusion of mode k (1-based) into s. */
int lo_mode_inclusion(const lo_tuple *s, int k, lo_morphism *out, lo_err *err) {
  lo_tuple d;
  int first;
  if (lo_tuple_mode(s, k, &d, &first, err)) return err->code;
  inclusion_at(&d, s, first, out);
  return LO_OK;
}

/* incl_k(S', S) : mode_k(S', S) -> S' at its positions; an error unless
** sp refines s and k is one of its relative modes. */
int lo_relative_mode_inclusion(const lo_tuple *sp, const lo_tuple *s, int k, lo_morphism *out,
                               lo_err *err) {
  lo_tuple m[LO_MAX_LEAVES];
  int n, at = 0;
  if (lo_relative_modes(sp, s, m, LO_MAX_LEAVES, &n, err)) return err->code;
  if (k < 1 || k > n) return lo_fail(err, LO_EUNDEF, "relative mode %d outside 1..%d", k, n);
  for (int j = 0; j < k - 1; j++) at += m[j].len;
  inclusion_at(&m[k - 1], sp, at, out);
  return LO_OK;
}

/* mode_k(f, S) = f o incl_k(domain f, S). */
int lo_relative_mode(const lo_morphism *f, const lo_tuple *s, int k, lo_morphism *out,
                     lo_err *err) {
  lo_morphism inc;
  if (lo_relative_mode_inclusion(&f->dom, s, k, &inc, err)) return err->code;
  return lo_morphism_compose(f, &inc, out, err);
}

/* f' = i o pullback(f, T') for the prefix inclusion i : T' -> U'
** (Construction 4.1.2.1); an error unless T'-flat is a prefix of U'-flat. */
int lo_pullback_then_include(const lo_morphism *f, const lo_tuple *tp, const lo_tuple *up,
                             lo_morphism *out, lo_err *err) {
  lo_morphism ft, inc;
  if (lo_pullback(f, tp, &ft, err)) return err->code;
  if (!lo_tuple_divides(tp, up))
    return lo_fail(err, LO_EUNDEF, "the flattening of T' is not a prefix of that of U'");
  inclusion_at(tp, up, 0, &inc);
  return lo_morphism_compose(&inc, &ft, out, err);
}
