/*
** lo_tuple.c -- nested tuples: construction, structure queries, nesting,
** flattening and substitution.  A tuple is leaves plus profile tokens
** ('(' ')' '*'), see lo.h.
*/
#include "lo.h"

#include <assert.h>
#include <string.h>

/* The bounds every finished tuple keeps (lo.h): at most LO_MAX_LEAVES
** leaves and LO_MAX_TOKENS tokens, at least one token. */
static inline int tuple_in_bounds(const lo_tuple *t) {
  return t && t->len >= 0 && t->len <= LO_MAX_LEAVES && t->ntok >= 1 && t->ntok <= LO_MAX_TOKENS &&
         t->len <= t->ntok;
}

/* t = the integer v (profile "*"). */
void lo_tuple_int(lo_tuple *t, lo_int v) {
  t->len = 1;
  t->ntok = 1;
  t->leaf[0] = v;
  t->tok[0] = '*';
}

/* t = the flat tuple (v[0],...,v[n-1]); n <= LO_MAX_LEAVES. */
void lo_tuple_flat(lo_tuple *t, const lo_int *v, int n) {
  assert(n >= 0 && n <= LO_MAX_LEAVES);
  t->len = n;
  t->ntok = n + 2;
  t->tok[0] = '(';
  for (int i = 0; i < n; i++) {
    t->leaf[i] = v[i];
    t->tok[i + 1] = '*';
  }
  t->tok[n + 1] = ')';
}

/* True when t is an integer (depth 0). */
int lo_tuple_is_int(const lo_tuple *t) { return t->ntok == 1; }

/* Number of top-level modes: 1 for an integer, the child count otherwise. */
int lo_tuple_rank(const lo_tuple *t) {
  assert(tuple_in_bounds(t));
  if (lo_tuple_is_int(t)) return 1;
  int depth = 0, rank = 0;
  for (int i = 0; i < t->ntok; i++) {
    char c = t->tok[i];
    if (c == '(') {
      if (depth == 1) rank++;
      depth++;
    } else if (c == ')') {
      depth--;
    } else if (depth == 1) {
      rank++;
    }
  }
  return rank;
}

/* Nesting depth: 0 for an integer, 1 + max depth of the children else. */
int lo_tuple_depth(const lo_tuple *t) {
  int depth = 0, best = 0;
  assert(tuple_in_bounds(t));
  for (int i = 0; i < t->ntok; i++) {
    if (t->tok[i] == '(') {
      if (++depth > best) best = depth;
    } else if (t->tok[i] == ')') {
      depth--;
    }
  }
  return best;
}

/* Same profile. */
int lo_tuple_congruent(const lo_tuple *a, const lo_tuple *b) {
  return a->ntok == b->ntok && memcmp(a->tok, b->tok, (size_t)a->ntok) == 0;
}

/* Same profile and same leaves. */
int lo_tuple_equal(const lo_tuple *a, const lo_tuple *b) {
  if (!lo_tuple_congruent(a, b) || a->len != b->len) return 0;
  for (int i = 0; i < a->len; i++)
    if (a->leaf[i] != b->leaf[i]) return 0;
  return 1;
}

/* out = product of the leaves (1 for ()), checked for overflow. */
int lo_tuple_size(const lo_tuple *t, lo_int *out, lo_err *err) {
  lo_int p = 1;
  assert(tuple_in_bounds(t) && out && err);
  for (int i = 0; i < t->len; i++)
    if (lo_mul(p, t->leaf[i], &p, "size", err)) return err->code;
  *out = p;
  return LO_OK;
}

/* Find mode k (1-based): its token range [*b,*e) and first leaf.  Returns
** 0 when t has fewer than k modes. */
static int find_mode(const lo_tuple *t, int k, int *b, int *e, int *first_leaf) {
  if (lo_tuple_is_int(t)) {
    *b = 0;
    *e = 1;
    *first_leaf = 0;
    return k == 1;
  }
  int depth = 0, mode = 0, leaves = 0;
  for (int i = 1; i < t->ntok - 1; i++) {
    char c = t->tok[i];
    if (depth == 0 && ++mode == k) {
      int d = 0, j = i;
      *b = i;
      *first_leaf = leaves;
      do {
        if (t->tok[j] == '(')
          d++;
        else if (t->tok[j] == ')')
          d--;
        j++;
      } while (d > 0);
      *e = j;
      return 1;
    }
    if (c == '(')
      depth++;
    else if (c == ')')
      depth--;
    else
      leaves++;
  }
  return 0;
}

/* Token range [*b,*e) of mode k (1-based, k <= rank) and its first leaf. */
void lo_tuple_mode_span(const lo_tuple *t, int k, int *b, int *e, int *first_leaf) {
  int found = find_mode(t, k, b, e, first_leaf);
  assert(found && "mode out of range");
  (void)found;
}

/* Copy tokens [b,e) of src, with their leaves starting at first_leaf, into
** out as a tuple of its own. */
static void tuple_slice(const lo_tuple *src, int b, int e, int first_leaf, lo_tuple *out) {
  int n = 0;
  for (int i = b; i < e; i++)
    if (src->tok[i] == '*') n++;
  memmove(out->leaf, src->leaf + first_leaf, (size_t)n * sizeof(lo_int));
  memmove(out->tok, src->tok + b, (size_t)(e - b));
  out->len = n;
  out->ntok = e - b;
}

/* out = mode k (1-based) of t; first_leaf (if non-NULL) = index of its
** first leaf in t's flattening.  out may alias t. */
int lo_tuple_mode(const lo_tuple *t, int k, lo_tuple *out, int *first_leaf, lo_err *err) {
  int rank = lo_tuple_rank(t);
  if (k < 1 || k > rank) return lo_fail(err, LO_EUNDEF, "mode %d out of range (rank %d)", k, rank);
  int b, e, f;
  lo_tuple_mode_span(t, k, &b, &e, &f);
  if (first_leaf) *first_leaf = f;
  tuple_slice(t, b, e, f, out);
  return LO_OK;
}

/* Append src's tokens and leaves to dst, checking the limits. */
int lo_tuple_append(lo_tuple *dst, const lo_tuple *src, lo_err *err) {
  assert(dst != src && dst->len >= 0 && dst->ntok >= 0 && tuple_in_bounds(src));
  if (dst->len + src->len > LO_MAX_LEAVES)
    return lo_fail(err, LO_ELIMIT, "too many entries (limit %d)", LO_MAX_LEAVES);
  if (dst->ntok + src->ntok > LO_MAX_TOKENS)
    return lo_fail(err, LO_ELIMIT, "nested tuple too long (limit %d tokens)", LO_MAX_TOKENS);
  memcpy(dst->leaf + dst->len, src->leaf, (size_t)src->len * sizeof(lo_int));
  memcpy(dst->tok + dst->ntok, src->tok, (size_t)src->ntok);
  dst->len += src->len;
  dst->ntok += src->ntok;
  return LO_OK;
}

/* out = (parts[0], ..., parts[n-1]).  out must not alias a part. */
int lo_tuple_nest(const lo_tuple *const *parts, int n, lo_tuple *out, lo_err *err) {
  out->len = 0;
  out->ntok = 1;
  out->tok[0] = '(';
  for (int i = 0; i < n; i++) {
    assert(parts[i] != out);
    if (lo_tuple_append(out, parts[i], err)) return err->code;
  }
  if (out->ntok + 1 > LO_MAX_TOKENS)
    return lo_fail(err, LO_ELIMIT, "nested tuple too long (limit %d tokens)", LO_MAX_TOKENS);
  out->tok[out->ntok++] = ')';
  if (lo_tuple_depth(out) > LO_MAX_DEPTH)
    return lo_fail(err, LO_ELIMIT, "nesting deeper than %d", LO_MAX_DEPTH);
  return LO_OK;
}

/* out = the flat tuple of t's leaves (an integer becomes a 1-tuple). */
void lo_tuple_flatten(const lo_tuple *t, lo_tuple *out) {
  lo_int tmp[LO_MAX_LEAVES];
  memcpy(tmp, t->leaf, (size_t)t->len * sizeof(lo_int));
  lo_tuple_flat(out, tmp, t->len);
}

/* out = P with its i-th leaf replaced by items[i] (i < len(P)).  When an
** item is an integer, the leaf stays a leaf.  out must not alias items. */
int lo_tuple_substitute(const lo_tuple *p, const lo_tuple *items, lo_tuple *out, lo_err *err) {
  lo_tuple r;
  r.len = 0;
  r.ntok = 0;
  int k = 0;
  assert(tuple_in_bounds(p));
  for (int i = 0; i < p->len; i++) assert(&items[i] != out);
  for (int i = 0; i < p->ntok; i++) {
    char c = p->tok[i];
    if (c == '*') {
      if (lo_tuple_append(&r, &items[k++], err)) return err->code;
    } else {
      if (r.ntok + 1 > LO_MAX_TOKENS)
        return lo_fail(err, LO_ELIMIT, "nested tuple too long (limit %d tokens)", LO_MAX_TOKENS);
      r.tok[r.ntok++] = c;
    }
  }
  assert(k == p->len); /* one item per leaf of P */
  if (lo_tuple_depth(&r) > LO_MAX_DEPTH)
    return lo_fail(err, LO_ELIMIT, "nesting deeper than %d", LO_MAX_DEPTH);
  *out = r;
  return LO_OK;
}

/* X^sigma = (x_sigma(1), ..., x_sigma(m)) over the m top-level modes of t;
** sigma[1..m] is a permutation of 1..m. */
int lo_tuple_permute(const lo_tuple *t, const int *sigma, lo_tuple *out, lo_err *err) {
  lo_tuple m[LO_MAX_LEAVES];
  const lo_tuple *pp[LO_MAX_LEAVES];
  int n = lo_tuple_rank(t);
#ifndef NDEBUG
  unsigned char hit[LO_MAX_LEAVES + 1] = {0}; /* sigma is a permutation of 1..n */
  for (int k = 1; k <= n; k++) assert(sigma[k] >= 1 && sigma[k] <= n && !hit[sigma[k]]++);
#endif
  for (int k = 1; k <= n; k++) {
    if (lo_tuple_mode(t, sigma[k], &m[k - 1], NULL, err)) return err->code;
    pp[k - 1] = &m[k - 1];
  }
  return lo_tuple_nest(pp, n, out, err);
}

/* X * Y: the flat tuple of the leaves of x, then those of y. */
int lo_tuple_flat_concat(const lo_tuple *x, const lo_tuple *y, lo_tuple *out, lo_err *err) {
  lo_tuple fy;
  lo_tuple_flatten(x, out);
  lo_tuple_flatten(y, &fy);
  out->ntok--; /* reopen, append the leaves of y, close */
  for (int i = 0; i < fy.len; i++) {
    lo_tuple leaf;
    lo_tuple_int(&leaf, fy.leaf[i]);
    if (lo_tuple_append(out, &leaf, err)) return err->code;
  }
  assert(out->ntok < LO_MAX_TOKENS); /* at most LO_MAX_LEAVES + 1 tokens so far */
  out->tok[out->ntok++] = ')';
  return LO_OK;
}
