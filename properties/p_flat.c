/*
** p_flat.c -- the properties of flat layouts (the paper's section 2.1).
**
** One property (at least) per statement of section 2.1 (Def 2.1.1.1 to
** Prop 2.1.8.11), checked against brute-force layout functions wherever sizes allow.
** Tuple operations (concatenation, divisibility, permutation, index sets)
** go through the oracle's op table (lo_eval), as `layoutcheck eval` does.
**
** Statements of this part that cannot be computed, and what is checked
** instead:
**   Remark 2.1.1.5 (Tuple(V) is the FREE monoid): a universal property
**        over all monoids; associativity, the unit and the entry sequence
**        of X * Y are checked.
**   Prop 2.1.4.19 (coal-flat(L) is the unique flat layout of minimal
**        rank with Phi_L): quantifies over all flat layouts; checked against
**        variants of L with modes split and size-1 modes inserted (every B
**        with Phi_B = Phi_L arises from coal-flat(L) by such steps).
**   Obs 2.1.6.7, Def 2.1.6.11, Props 2.1.6.21, 2.1.6.32: "A has no (N-)complement" when A is not
**        (N-)complementable: quantifies over all B; checked for the B tried
**        (a random flat B and CuTe's lenient complement of A).
**   Prop 3.1.2.10 "some tuple morphism encodes L": an existence claim;
**        decided through the standard representation f_L (the paper's
**        witness), with L_{f_L} = L.
*/
#include "properties.h"
#include "p_flat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------- helpers */

#define OUT_CAP 4096

/* Evaluate op on argv through the op table into out; 0, or nonzero after
** writing the oracle's message into x->msg. */
int p_flat_ev(gen_ctx *x, char *out, size_t cap, const char *op, int argc, const char *a0,
              const char *a1) {
  const char *argv[2] = {a0, a1};
  if (lo_eval(op, argc, argv, out, cap) == LO_OK) return 0;
  gen_failf(x, "%s failed: %s", op, out);
  return 1;
}

/* The boolean answer of op (0 or 1), or -1 after failing. */
int p_flat_ev_bool(gen_ctx *x, const char *op, int argc, const char *a0, const char *a1) {
  char out[OUT_CAP];
  if (p_flat_ev(x, out, sizeof out, op, argc, a0, a1)) return -1;
  if (strcmp(out, "true") && strcmp(out, "false")) {
    gen_failf(x, "%s answered %s, not a boolean", op, out);
    return -1;
  }
  return strcmp(out, "true") == 0;
}

/* The layout answer of op in *l; 0, or nonzero after failing. */
int p_flat_ev_layout(gen_ctx *x, const char *op, int argc, const char *a0, const char *a1,
                     lo_layout *l) {
  char out[OUT_CAP];
  lo_err e;
  if (p_flat_ev(x, out, sizeof out, op, argc, a0, a1)) return 1;
  if (lo_parse_layout(out, l, &e)) return gen_failf(x, "%s answered %s: %s", op, out, e.msg);
  return 0;
}

/* The tuple answer of op in *t. */
static int ev_tuple(gen_ctx *x, const char *op, int argc, const char *a0, const char *a1,
                    lo_tuple *t) {
  char out[OUT_CAP];
  lo_err e;
  if (p_flat_ev(x, out, sizeof out, op, argc, a0, a1)) return 1;
  if (lo_parse_tuple(out, t, &e)) return gen_failf(x, "%s answered %s: %s", op, out, e.msg);
  return 0;
}

/* Text of a layout or tuple into buf (canonical, GEN_ARG_LEN bytes). */
const char *p_flat_text_layout(const lo_layout *l, char *buf) {
  return lo_print_layout(l, buf, GEN_ARG_LEN) ? "(too long)" : buf;
}
static const char *text_tuple(const lo_tuple *t, char *buf) {
  return lo_print_tuple(t, buf, GEN_ARG_LEN) ? "(too long)" : buf;
}

/* Phi_L on [0, size) into a malloc'd array: 0, or -1 when size exceeds
** the bounds (*v is NULL then). */
int p_flat_phi_list(gen_ctx *x, const lo_layout *l, lo_int **v, lo_int *n) {
  lo_err e;
  *v = NULL;
  if (lo_size(l, n, &e) || *n > x->bounds->max_size) return -1;
  *v = malloc((size_t)(*n ? *n : 1) * sizeof **v);
  if (!*v) return -1;
  lo_walk w;
  lo_walk_init(&w, l);
  for (lo_int i = 0; i < *n; i++)
    if (lo_walk_at(&w, i, &(*v)[i], &e)) {
      free(*v);
      *v = NULL;
      return -1;
    }
  return 0;
}

/* qsort order on integers. */
int p_flat_cmp_int(const void *a, const void *b) {
  lo_int x = *(const lo_int *)a, y = *(const lo_int *)b;
  return (x > y) - (x < y);
}

/* Compact by brute force: Phi_L takes the values 0..size-1, each once
** (then size = 1 + max Phi = cosize).  1, 0, or -1 when too large. */
int p_flat_brute_compact(gen_ctx *x, const lo_layout *l) {
  lo_int *v, n;
  if (p_flat_phi_list(x, l, &v, &n)) return -1;
  qsort(v, (size_t)n, sizeof *v, p_flat_cmp_int);
  int ok = 1;
  for (lo_int i = 0; i < n && ok; i++) ok = v[i] == i;
  free(v);
  return ok;
}

/* Phi_A and Phi_B take the same values with the same multiplicities
** (equal images as multisets): 1, 0, or -1 when too large. */
int p_flat_same_image(gen_ctx *x, const lo_layout *a, const lo_layout *b) {
  lo_int *u, *v, m, n;
  if (p_flat_phi_list(x, a, &u, &m)) return -1;
  if (p_flat_phi_list(x, b, &v, &n)) {
    free(u);
    return -1;
  }
  int ok = m == n;
  if (ok) {
    qsort(u, (size_t)m, sizeof *u, p_flat_cmp_int);
    qsort(v, (size_t)n, sizeof *v, p_flat_cmp_int);
    ok = memcmp(u, v, (size_t)m * sizeof *u) == 0;
  }
  free(u);
  free(v);
  return ok;
}

/* Mode i <= mode j in the order of Def 2.1.3.23. */
int p_flat_mode_leq(const lo_layout *l, int i, int j) {
  return l->stride[i] < l->stride[j] ||
         (l->stride[i] == l->stride[j] && l->shape.leaf[i] <= l->shape.leaf[j]);
}

/* Def 2.1.3.25 on the flattening, directly. */
int p_flat_sorted_def(const lo_layout *l) {
  for (int i = 0; i + 1 < l->shape.len; i++)
    if (!p_flat_mode_leq(l, i, i + 1)) return 0;
  return 1;
}

/* ---------------------------------------------------------- 2.1.1 tuples */

/* Def 2.1.1.1: size(X * Y) = size(X) size(Y), len(X * Y) = len X + len Y. */
static gen_verdict tuple_size_len(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_tuple a, b, ab;
  lo_int sa = 1, sb = 1, sab;
  if (prop_tuple(x, 0, &a) || prop_tuple(x, 1, &b)) return GEN_ERROR;
  if (ev_tuple(x, "flat_concat", 2, x->argv[0], x->argv[1], &ab)) return GEN_FAIL;
  for (int i = 0; i < a.len; i++) sa *= a.leaf[i];
  for (int i = 0; i < b.len; i++) sb *= b.leaf[i];
  if (lo_tuple_size(&ab, &sab, &oe) != LO_OK) return prop_verdict_of(x, &oe, "size", PROP_STRICT);
  if (sab != sa * sb)
    return gen_failf(x, "size(X * Y) = %lld but size X size Y = %lld", (long long)sab,
                     (long long)(sa * sb));
  if (ab.len != a.len + b.len)
    return gen_failf(x, "len(X * Y) = %d but len X + len Y = %d", ab.len, a.len + b.len);
  char out[OUT_CAP];
  if (p_flat_ev(x, out, sizeof out, "len", 1, x->argv[0], NULL)) return GEN_FAIL;
  if (atoi(out) != a.len) return gen_failf(x, "len X is %s, X has %d entries", out, a.len);
  return GEN_PASS;
}

/* Def 2.1.1.3, Remark 2.1.1.5: * is associative with unit (), and the
** entries of X * Y are those of X, then those of Y (a flat tuple). */
static gen_verdict tuple_monoid(gen_ctx *x) {
  char xy[OUT_CAP], yz[OUT_CAP], l[OUT_CAP], r[OUT_CAP], u[OUT_CAP];
  const char *const *v = x->argv;
  if (x->argc < 3) return gen_failf(x, "three tuples expected");
  if (p_flat_ev(x, xy, sizeof xy, "flat_concat", 2, v[0], v[1]) ||
      p_flat_ev(x, yz, sizeof yz, "flat_concat", 2, v[1], v[2]) ||
      p_flat_ev(x, l, sizeof l, "flat_concat", 2, xy, v[2]) ||
      p_flat_ev(x, r, sizeof r, "flat_concat", 2, v[0], yz))
    return GEN_FAIL;
  if (strcmp(l, r)) return gen_failf(x, "(X * Y) * Z = %s but X * (Y * Z) = %s", l, r);
  for (int side = 0; side < 2; side++) {
    if (p_flat_ev(x, u, sizeof u, "flat_concat", 2, side ? "()" : v[0], side ? v[0] : "()"))
      return GEN_FAIL;
    if (strcmp(u, v[0])) return gen_failf(x, "%s with the unit () gives %s", v[0], u);
  }
  lo_tuple a, b, ab;
  lo_err e;
  if (prop_tuple(x, 0, &a) || prop_tuple(x, 1, &b)) return GEN_ERROR;
  if (lo_parse_tuple(xy, &ab, &e)) return gen_failf(x, "X * Y = %s: %s", xy, e.msg);
  int ok = ab.len == a.len + b.len && ab.ntok == ab.len + 2 &&
           !memcmp(ab.leaf, a.leaf, (size_t)a.len * sizeof(lo_int)) &&
           !memcmp(ab.leaf + a.len, b.leaf, (size_t)b.len * sizeof(lo_int));
  if (!ok) return gen_failf(x, "X * Y = %s is not the flat tuple of X's then Y's entries", xy);
  return GEN_PASS;
}

/* Def 2.1.1.6: X' divides X iff X' is a prefix of X, and then
** X = X' * X'' for the rest X''. */
static gen_verdict tuple_divides(gen_ctx *x) {
  lo_tuple p, t, rest;
  char buf[GEN_ARG_LEN], out[OUT_CAP];
  if (prop_tuple(x, 0, &p) || prop_tuple(x, 1, &t)) return GEN_ERROR;
  int prefix = p.len <= t.len && !memcmp(p.leaf, t.leaf, (size_t)p.len * sizeof(lo_int));
  int d = p_flat_ev_bool(x, "tuple_divides", 2, x->argv[0], x->argv[1]);
  if (d < 0) return GEN_FAIL;
  if (d != prefix)
    return gen_failf(x, "tuple_divides says %s, but X' is %sa prefix of X", d ? "true" : "false",
                     prefix ? "" : "not ");
  if (!prefix) return GEN_PASS;
  lo_tuple_flat(&rest, t.leaf + p.len, t.len - p.len);
  if (p_flat_ev(x, out, sizeof out, "flat_concat", 2, x->argv[0], text_tuple(&rest, buf)))
    return GEN_FAIL;
  if (strcmp(out, x->argv[1])) return gen_failf(x, "X' * X'' = %s, not X", out);
  return GEN_PASS;
}

/* A cycle argument "(c1,...,ck)" as a permutation p[1..n] (c1 -> c2 ...). */
static int cycle_perm(gen_ctx *x, int i, int n, int *p) {
  lo_tuple c;
  if (prop_tuple(x, i, &c)) return 1;
  for (int k = 1; k <= n; k++) p[k] = k;
  for (int k = 0; k < c.len; k++) {
    if (c.leaf[k] < 1 || c.leaf[k] > n) return gen_failf(x, "cycle %s leaves 1..%d", x->argv[i], n);
    p[c.leaf[k]] = (int)c.leaf[(k + 1) % c.len];
  }
  return 0;
}

/* A permutation p[1..n] in cycle notation "(a b c)(d e)". */
static void perm_text(const int *p, int n, char *buf, size_t cap) {
  int seen[LO_MAX_LEAVES + 1] = {0};
  size_t w = 0;
  buf[0] = 0;
  for (int i = 1; i <= n; i++) {
    if (seen[i] || p[i] == i) continue;
    w += (size_t)snprintf(buf + w, cap - w, "(");
    for (int j = i; !seen[j]; j = p[j]) {
      seen[j] = 1;
      w += (size_t)snprintf(buf + w, cap - w, "%s%d", j == i ? "" : " ", j);
    }
    w += (size_t)snprintf(buf + w, cap - w, ")");
  }
}

/* Def 2.1.1.8: X^sigma = (x_sigma(1), ...), (X^sigma)^tau =
** X^(sigma o tau), and X^id = X. */
static gen_verdict tuple_permute(gen_ctx *x) {
  lo_tuple t, ts, tst, tc;
  int s[LO_MAX_LEAVES + 1], u[LO_MAX_LEAVES + 1], st[LO_MAX_LEAVES + 1];
  char buf[GEN_ARG_LEN], cyc[GEN_ARG_LEN];
  if (prop_tuple(x, 0, &t)) return GEN_ERROR;
  int n = t.len;
  if (cycle_perm(x, 1, n, s) || cycle_perm(x, 2, n, u)) return GEN_FAIL;
  if (ev_tuple(x, "permute", 2, x->argv[0], x->argv[1], &ts)) return GEN_FAIL;
  for (int i = 1; i <= n; i++)
    if (ts.len != n || ts.leaf[i - 1] != t.leaf[s[i] - 1])
      return gen_failf(x, "X^sigma = %s: entry %d is not x_%d", text_tuple(&ts, buf), i, s[i]);
  if (ev_tuple(x, "permute", 2, text_tuple(&ts, buf), x->argv[2], &tst)) return GEN_FAIL;
  for (int i = 1; i <= n; i++) st[i] = s[u[i]];
  perm_text(st, n, cyc, sizeof cyc);
  if (ev_tuple(x, "permute", 2, x->argv[0], cyc, &tc)) return GEN_FAIL;
  if (!lo_tuple_equal(&tst, &tc))
    return gen_failf(x, "(X^sigma)^tau = %s but X^(sigma o tau) = X^%s = %s", text_tuple(&tst, buf),
                     cyc, prop_show_tuple(x, 0, &tc));
  if (ev_tuple(x, "permute", 2, x->argv[0], "()", &tc)) return GEN_FAIL;
  if (!lo_tuple_equal(&tc, &t)) return gen_failf(x, "X^id = %s", text_tuple(&tc, buf));
  return GEN_PASS;
}

/* ----------------------------------------------- 2.1.2 basic definitions */

/* Read the next "(c1,...,cm)" of an index_set answer at *p. */
static int next_coord(const char **p, lo_int *c, int *m) {
  const char *s = *p;
  while (*s == '[' || *s == ',') s++;
  if (*s != '(') return -1;
  s++;
  *m = 0;
  while (*s && *s != ')') {
    char *end;
    c[(*m)++] = strtoll(s, &end, 10);
    s = *end == ',' ? end + 1 : end;
    if (end == s && *s != ')') return -1;
  }
  *p = *s ? s + 1 : s;
  return 0;
}

/* Def 2.1.2.18: index_set lists [0,S) in colexicographic order, i.e.
** its k-th coordinate has colex_S = k; so colex is a bijection onto
** [0, size S) and colex(colex^-1(k)) = k. */
static gen_verdict colex_bijection(gen_ctx *x) {
  lo_tuple t;
  lo_int size = 1, c[LO_MAX_LEAVES];
  if (prop_tuple(x, 0, &t)) return GEN_ERROR;
  for (int i = 0; i < t.len; i++) size *= t.leaf[i];
  if (size > x->bounds->max_size) return GEN_DISCARD;
  size_t cap = (size_t)size * (size_t)(t.len + 1) * 22 + 16;
  char *out = malloc(cap);
  if (!out) return GEN_DISCARD;
  if (p_flat_ev(x, out, cap, "index_set", 1, x->argv[0], NULL)) {
    free(out);
    return GEN_FAIL;
  }
  const char *p = out;
  gen_verdict r = GEN_PASS;
  for (lo_int k = 0; k < size && r == GEN_PASS; k++) {
    int m;
    lo_int colex = 0, w = 1;
    if (next_coord(&p, c, &m) || m != t.len) {
      r = gen_failf(x, "index_set entry %lld is missing or malformed", (long long)k);
      break;
    }
    for (int i = 0; i < m; i++) {
      if (c[i] < 0 || c[i] >= t.leaf[i]) r = gen_failf(x, "entry %lld leaves [0,S)", (long long)k);
      colex += c[i] * w;
      w *= t.leaf[i];
    }
    if (r == GEN_PASS && colex != k)
      r = gen_failf(x, "index_set entry %lld has colex %lld", (long long)k, (long long)colex);
  }
  if (r == GEN_PASS && strcmp(p, "]"))
    r = gen_failf(x, "index_set has more than size(S) = %lld entries", (long long)size);
  free(out);
  return r;
}

/* Def 2.1.2.6, Remark 2.1.2.25: the column-major layout of shape
** S is column-major and Phi is the identity on [0, size); the row-major
** one is row-major and compact. */
static gen_verdict column_major_identity(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_tuple t;
  lo_layout col, row;
  lo_int dc[LO_MAX_LEAVES], dr[LO_MAX_LEAVES], w = 1, size, v;
  char buf[GEN_ARG_LEN];
  lo_err e;
  if (prop_tuple(x, 0, &t)) return GEN_ERROR;
  for (int i = 0; i < t.len; i++) {
    dc[i] = w;
    w *= t.leaf[i];
  }
  w = 1;
  for (int i = t.len - 1; i >= 0; i--) {
    dr[i] = w;
    w *= t.leaf[i];
  }
  lo_layout_flat(&col, t.leaf, dc, t.len);
  lo_layout_flat(&row, t.leaf, dr, t.len);
  if (p_flat_ev_bool(x, "is_column_major", 1, p_flat_text_layout(&col, buf), NULL) != 1)
    return x->msg[0] ? GEN_FAIL : gen_failf(x, "%s is not column-major", buf);
  if (p_flat_ev_bool(x, "is_row_major", 1, p_flat_text_layout(&row, buf), NULL) != 1)
    return x->msg[0] ? GEN_FAIL : gen_failf(x, "%s is not row-major", buf);
  if (lo_size(&col, &size, &e) || size > x->bounds->max_size) return GEN_DISCARD;
  lo_walk wcol;
  lo_walk_init(&wcol, &col);
  for (lo_int i = 0; i < size; i++) {
    if (lo_walk_at(&wcol, i, &v, &oe) != LO_OK)
      return prop_verdict_of(x, &oe, "apply", PROP_STRICT);
    if (v != i)
      return gen_failf(x, "Phi of %s at %lld is %lld", p_flat_text_layout(&col, buf), (long long)i,
                       (long long)v);
  }
  if (p_flat_brute_compact(x, &row) != 1)
    return gen_failf(x, "the row-major %s is not compact", p_flat_text_layout(&row, buf));
  return GEN_PASS;
}

/* Def 2.1.2.9: cosize(L) = 1 + max Phi_L. */
static gen_verdict cosize_max(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout l;
  lo_int *v, n, cosize, top = 0;
  if (prop_layout(x, 0, &l)) return GEN_ERROR;
  if (lo_cosize(&l, &cosize, &oe) != LO_OK) return prop_verdict_of(x, &oe, "cosize", PROP_STRICT);
  if (p_flat_phi_list(x, &l, &v, &n)) return GEN_DISCARD;
  for (lo_int i = 0; i < n; i++)
    if (v[i] > top) top = v[i];
  free(v);
  if (cosize != top + 1)
    return gen_failf(x, "cosize is %lld but max Phi is %lld", (long long)cosize, (long long)top);
  return GEN_PASS;
}

/* Obs 2.1.2.29: strides of size-1 modes change neither phi nor Phi
** (B is A with them redrawn); normalising A and B gives the same layout. */
static gen_verdict size1_strides(gen_ctx *x) {
  lo_layout a, b;
  char ca[64], cb[64], buf[GEN_ARG_LEN];
  if (prop_layout(x, 0, &a) || prop_layout(x, 1, &b)) return GEN_ERROR;
  int r = prop_same_function(x, &a, &b, "Phi_A vs Phi_B");
  if (r <= 0) return prop_judged(r);
  snprintf(buf, sizeof buf, "(");
  for (int i = 0; i < a.shape.len; i++) /* phi at the largest coordinate */
    snprintf(buf + strlen(buf), sizeof buf - strlen(buf), "%s%lld", i ? "," : "",
             (long long)(a.shape.leaf[i] - 1));
  strcat(buf, ")");
  if (p_flat_ev(x, ca, sizeof ca, "coordinate", 2, x->argv[0], buf) ||
      p_flat_ev(x, cb, sizeof cb, "coordinate", 2, x->argv[1], buf))
    return GEN_FAIL;
  if (strcmp(ca, cb)) return gen_failf(x, "phi at %s: %s for A, %s for B", buf, ca, cb);
  lo_normalize(&a);
  lo_normalize(&b);
  if (!lo_layout_equal(&a, &b))
    return gen_failf(x, "normalised, A is %s and B is %s", prop_show_layout(x, 0, &a),
                     prop_show_layout(x, 1, &b));
  return GEN_PASS;
}

/* ----------------------------------------------- 2.1.3 basic operations */

/* Lemma 2.1.3.11, Constr 2.1.3.6: squeeze(L) = L restricted to its
** modes of size != 1, and keeps size, cosize and Phi. */
static gen_verdict squeeze_invariants(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout l, q, want;
  lo_int s[LO_MAX_LEAVES], d[LO_MAX_LEAVES], a, b;
  int n = 0;
  lo_err e;
  if (prop_layout(x, 0, &l)) return GEN_ERROR;
  if (lo_squeeze(&l, &q, &oe) != LO_OK) return prop_verdict_of(x, &oe, "squeeze", PROP_STRICT);
  for (int i = 0; i < l.shape.len; i++)
    if (l.shape.leaf[i] != 1) {
      s[n] = l.shape.leaf[i];
      d[n++] = l.stride[i];
    }
  lo_layout_flat(&want, s, d, n);
  if (!lo_layout_equal(&q, &want))
    return gen_failf(x, "squeeze(L) = %s, but L|{i : s_i != 1} = %s", prop_show_layout(x, 0, &q),
                     prop_show_layout(x, 1, &want));
  if (lo_size(&l, &a, &e) || lo_size(&q, &b, &e) || a != b)
    return gen_failf(x, "sizes differ: %lld and %lld", (long long)a, (long long)b);
  if (lo_cosize(&l, &a, &e) || lo_cosize(&q, &b, &e) || a != b)
    return gen_failf(x, "cosizes differ: %lld and %lld", (long long)a, (long long)b);
  return prop_judged(prop_same_function(x, &l, &q, "Phi_L vs Phi_squeeze(L)"));
}

/* Def 2.1.3.18: L^sigma has modes (mode_sigma(1), ...) and the same
** image as L (as a multiset: Phi of L^sigma is Phi_L after a bijection). */
static gen_verdict permute_image(gen_ctx *x) {
  lo_layout l, p;
  int s[LO_MAX_LEAVES + 1];
  if (prop_layout(x, 0, &l)) return GEN_ERROR;
  if (cycle_perm(x, 1, l.shape.len, s)) return GEN_FAIL;
  if (p_flat_ev_layout(x, "permute", 2, x->argv[0], x->argv[1], &p)) return GEN_FAIL;
  for (int i = 1; i <= l.shape.len; i++)
    if (p.shape.len != l.shape.len || p.shape.leaf[i - 1] != l.shape.leaf[s[i] - 1] ||
        p.stride[i - 1] != l.stride[s[i] - 1])
      return gen_failf(x, "L^sigma = %s: mode %d is not mode %d of L", prop_show_layout(x, 0, &p),
                       i, s[i]);
  int r = p_flat_same_image(x, &l, &p);
  if (r == 0)
    return gen_failf(x, "Image(Phi_{L^sigma}) != Image(Phi_L), L^sigma = %s",
                     prop_show_layout(x, 0, &p));
  return r < 0 ? GEN_DISCARD : GEN_PASS;
}

/* Phi_L non-decreasing on [0, size): 1, 0, or -1 when too large. */
static int nondecreasing(gen_ctx *x, const lo_layout *l) {
  lo_int *v, n;
  if (p_flat_phi_list(x, l, &v, &n)) return -1;
  int ok = 1;
  for (lo_int i = 1; i < n && ok; i++) ok = v[i - 1] <= v[i];
  free(v);
  return ok;
}

/* Lemma 2.1.3.29, corrected: Phi_L non-decreasing => in squeeze(L) the
** stride-0 modes come first and the others are sorted.  (The proof's
** coordinates e_i need s_i > 1, and its case d_i = d_{i+1}, s_i > s_{i+1}
** needs d_i > 0: (2,1):(1,0) and (3,2):(0,0) have non-decreasing Phi and
** are not sorted.) */
static gen_verdict nondecreasing_sorted(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout l, q, nz;
  lo_int s[LO_MAX_LEAVES], d[LO_MAX_LEAVES];
  int n = 0, seen_nonzero = 0;
  if (prop_layout(x, 0, &l)) return GEN_ERROR;
  int r = nondecreasing(x, &l);
  if (r <= 0) return r < 0 ? GEN_DISCARD : GEN_PASS;
  if (lo_squeeze(&l, &q, &oe) != LO_OK) return prop_verdict_of(x, &oe, "squeeze", PROP_STRICT);
  for (int i = 0; i < q.shape.len; i++) {
    if (q.stride[i] == 0 && seen_nonzero)
      return gen_failf(x,
                       "Phi_L is non-decreasing but squeeze(L) = %s has a stride-0 mode after "
                       "a non-zero one",
                       prop_show_layout(x, 0, &q));
    seen_nonzero |= q.stride[i] != 0;
    if (q.stride[i]) {
      s[n] = q.shape.leaf[i];
      d[n++] = q.stride[i];
    }
  }
  lo_layout_flat(&nz, s, d, n);
  if (!p_flat_sorted_def(&nz) || !lo_is_sorted(&nz))
    return gen_failf(x, "Phi_L is non-decreasing but the non-zero-stride modes %s are %s",
                     prop_show_layout(x, 0, &nz),
                     p_flat_sorted_def(&nz) ? "reported unsorted" : "not sorted");
  return GEN_PASS;
}

/* Lemma 2.1.3.29 as printed: Phi_L non-decreasing => L sorted (fails
** when a size-1 mode is out of place, e.g. (2,1):(1,0)). */
static gen_verdict nondecreasing_sorted_literal(gen_ctx *x) {
  lo_layout l;
  if (prop_layout(x, 0, &l)) return GEN_ERROR;
  int r = nondecreasing(x, &l);
  if (r <= 0) return r < 0 ? GEN_DISCARD : GEN_PASS;
  if (!lo_is_sorted(&l)) return gen_failf(x, "Phi_L is non-decreasing but L is not sorted");
  return GEN_PASS;
}

/* qsort order on modes (s, d). */
static int cmp_mode(const void *a, const void *b) {
  const lo_int *x = a, *y = b;
  return x[0] != y[0] ? (x[0] > y[0]) - (x[0] < y[0]) : (x[1] > y[1]) - (x[1] < y[1]);
}

/* Same multiset of flattened modes. */
static int same_modes(const lo_layout *a, const lo_layout *b) {
  lo_int u[LO_MAX_LEAVES][2], v[LO_MAX_LEAVES][2];
  if (a->shape.len != b->shape.len) return 0;
  for (int i = 0; i < a->shape.len; i++) {
    u[i][0] = a->shape.leaf[i];
    u[i][1] = a->stride[i];
    v[i][0] = b->shape.leaf[i];
    v[i][1] = b->stride[i];
  }
  qsort(u, (size_t)a->shape.len, sizeof u[0], cmp_mode);
  qsort(v, (size_t)b->shape.len, sizeof v[0], cmp_mode);
  return memcmp(u, v, (size_t)a->shape.len * sizeof u[0]) == 0;
}

/* Constr 2.1.3.31, Ex 2.1.3.34: sort(L) is sorted, has the modes of L
** (as a multiset), and sort(sort L) = sort L. */
static gen_verdict sort_spec(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout l, s, ss;
  if (prop_layout(x, 0, &l)) return GEN_ERROR;
  if (lo_sort(&l, &s, &oe) != LO_OK || lo_sort(&s, &ss, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "sort", PROP_STRICT);
  if (!p_flat_sorted_def(&s))
    return gen_failf(x, "sort(L) = %s is not sorted", prop_show_layout(x, 0, &s));
  if (!lo_is_sorted(&s)) return gen_failf(x, "is_sorted(sort L) is false");
  if (!same_modes(&l, &s))
    return gen_failf(x, "sort(L) = %s does not have the modes of L", prop_show_layout(x, 0, &s));
  if (!lo_layout_equal(&s, &ss))
    return gen_failf(x, "sort(L) = %s but sort(sort L) = %s", prop_show_layout(x, 0, &s),
                     prop_show_layout(x, 1, &ss));
  return GEN_PASS;
}

/* Obs 2.1.3.35: Image(Phi_{sort L}) = Image(Phi_L). */
static gen_verdict sort_image(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout l, s;
  if (prop_layout(x, 0, &l)) return GEN_ERROR;
  if (lo_sort(&l, &s, &oe) != LO_OK) return prop_verdict_of(x, &oe, "sort", PROP_STRICT);
  int r = p_flat_same_image(x, &l, &s);
  if (r == 0) return gen_failf(x, "Image(Phi) changes under sort: %s", prop_show_layout(x, 0, &s));
  return r < 0 ? GEN_DISCARD : GEN_PASS;
}

/* The empty layout ():(). */
void p_flat_empty_layout(lo_layout *l) {
  lo_int none[1] = {0};
  lo_layout_flat(l, none, none, 0);
}

/* The case's layouts L_1..L_k (k = argc) and their concatenation. */
static int concat_all(gen_ctx *x, lo_layout *ls, lo_layout *cat) {
  lo_err oe = {LO_OK, ""};
  p_flat_empty_layout(cat);
  for (int i = 0; i < x->argc; i++) {
    if (prop_layout(x, i, &ls[i])) return 1;
    if (lo_flat_concat(cat, &ls[i], cat, &oe) != LO_OK)
      return prop_verdict_of(x, &oe, "flat_concat", PROP_STRICT);
  }
  return 0;
}

/* Prop 2.1.3.40: Phi_{L_1 * ... * L_k}(x) = sum_i Phi_{L_i}(floor(x /
** (N_1...N_{i-1})) mod N_i), N_i = size(L_i). */
static gen_verdict concat_function(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout ls[GEN_MAX_ARGS], cat;
  lo_int sizes[GEN_MAX_ARGS], size = 1, v, w;
  lo_err e;
  if (concat_all(x, ls, &cat)) return GEN_FAIL;
  for (int i = 0; i < x->argc; i++) {
    if (lo_size(&ls[i], &sizes[i], &oe) != LO_OK)
      return prop_verdict_of(x, &oe, "size", PROP_STRICT);
    size *= sizes[i];
  }
  if (size > x->bounds->max_size) return GEN_DISCARD;
  lo_walk wc;
  lo_walk_init(&wc, &cat);
  for (lo_int p = 0; p < size; p++) {
    lo_int sum = 0, rest = p;
    for (int i = 0; i < x->argc; i++) {
      if (lo_apply(&ls[i], rest % sizes[i], &w, &e)) return gen_failf(x, "apply: %s", e.msg);
      sum += w;
      rest /= sizes[i];
    }
    if (lo_walk_at(&wc, p, &v, &oe) != LO_OK) return prop_verdict_of(x, &oe, "apply", PROP_STRICT);
    if (v != sum)
      return gen_failf(x, "Phi of the concatenation %s at %lld is %lld, the blocks give %lld",
                       prop_show_layout(x, 0, &cat), (long long)p, (long long)v, (long long)sum);
  }
  return GEN_PASS;
}

/* Prop 2.1.3.41 (and Def 2.1.3.36): rank adds, size multiplies,
** cosize(L_1 * ... * L_k) = 1 - k + sum cosize(L_i) (= 1 + max Phi);
** concatenation is associative with unit ():(). */
static gen_verdict concat_attributes(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout ls[GEN_MAX_ARGS], cat, empty, u;
  lo_int size = 1, cos = 1 - x->argc, s, c;
  int rank = 0;
  if (concat_all(x, ls, &cat)) return GEN_FAIL;
  for (int i = 0; i < x->argc; i++) {
    if (lo_size(&ls[i], &s, &oe) != LO_OK) return prop_verdict_of(x, &oe, "size", PROP_STRICT);
    if (lo_cosize(&ls[i], &c, &oe) != LO_OK) return prop_verdict_of(x, &oe, "cosize", PROP_STRICT);
    size *= s;
    cos += c;
    rank += ls[i].shape.len;
  }
  if (lo_size(&cat, &s, &oe) != LO_OK) return prop_verdict_of(x, &oe, "size", PROP_STRICT);
  if (lo_cosize(&cat, &c, &oe) != LO_OK) return prop_verdict_of(x, &oe, "cosize", PROP_STRICT);
  if (cat.shape.len != rank || s != size || c != cos)
    return gen_failf(x, "%s: rank %d size %lld cosize %lld, expected %d, %lld, %lld",
                     prop_show_layout(x, 0, &cat), cat.shape.len, (long long)s, (long long)c, rank,
                     (long long)size, (long long)cos);
  lo_int *v, n, top = 0;
  if (p_flat_phi_list(x, &cat, &v, &n) == 0) {
    for (lo_int i = 0; i < n; i++) top = v[i] > top ? v[i] : top;
    free(v);
    if (top + 1 != cos)
      return gen_failf(x, "max Phi + 1 = %lld, not %lld", (long long)(top + 1), (long long)cos);
  }
  if (x->argc >= 3) { /* (L1 * L2) * L3 = L1 * (L2 * L3) */
    lo_layout l12, r, l23, q;
    if (lo_flat_concat(&ls[0], &ls[1], &l12, &oe) != LO_OK ||
        lo_flat_concat(&l12, &ls[2], &r, &oe) != LO_OK ||
        lo_flat_concat(&ls[1], &ls[2], &l23, &oe) != LO_OK ||
        lo_flat_concat(&ls[0], &l23, &q, &oe) != LO_OK)
      return prop_verdict_of(x, &oe, "flat_concat", PROP_STRICT);
    if (!lo_layout_equal(&r, &q)) return gen_failf(x, "concatenation is not associative");
  }
  p_flat_empty_layout(&empty);
  if (lo_flat_concat(&ls[0], &empty, &u, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_concat", PROP_STRICT);
  if (!lo_layout_equal(&u, &ls[0]))
    return gen_failf(x, "L1 * ():() = %s", prop_show_layout(x, 0, &u));
  return GEN_PASS;
}

/* -------------------------------------------------- 2.1.4 flat coalesce */

/* ----------------------------------------------- 2.1.5 compact layouts */

/* ------------------------------------------------------ 2.1.6 complements */

/* ------------------------------------------------ 2.1.7 further operations */

/* ----------------------------------------------- 2.1.8 tractable layouts */

/* ----------------------------------------------------------------- table */

const gen_property prop_flat_table[] = {
    {"flat.tuple_size_len", "size(X * Y) = size X size Y and len(X * Y) = len X + len Y",
     "Def 2.1.1.1, p.17", GEN_THEOREM, "flat_tuple flat_tuple", "flat_concat", tuple_size_len, NULL,
     NULL, 0},
    {"flat.tuple_monoid", "* is associative with unit (); X * Y lists X's entries, then Y's",
     "Def 2.1.1.3, Remark 2.1.1.5, p.17-18", GEN_THEOREM, "flat_tuple flat_tuple flat_tuple",
     "flat_concat", tuple_monoid, NULL, NULL, 0},
    {"flat.tuple_divides", "X' divides X iff X' is a prefix of X, and then X = X' * X''",
     "Def 2.1.1.6, p.18", GEN_THEOREM, "flat_tuple_prefix", "tuple_divides", tuple_divides, NULL,
     NULL, 0},
    {"flat.tuple_permute", "X^sigma = (x_sigma(1),...), (X^sigma)^tau = X^(sigma o tau), X^id = X",
     "Def 2.1.1.8, p.18", GEN_THEOREM, "flat_tuple_cycles", "permute", tuple_permute, NULL, NULL,
     0},
    {"flat.column_major_identity",
     "column-major L of shape S has Phi_L = id on [0,size); row-major L is compact",
     "Def 2.1.2.6, Remark 2.1.2.25, p.19-25", GEN_THEOREM, "flat_tuple", "is_column_major",
     column_major_identity, NULL, NULL, 0},
    {"flat.cosize_max", "cosize(L) = 1 + max Phi_L", "Def 2.1.2.9, p.20", GEN_THEOREM,
     "flat_layout", "cosize", cosize_max, NULL, NULL, 0},
    {"flat.colex_bijection",
     "index_set(S) lists [0,S) colexicographically: colex(colex^-1(k)) = k, a bijection",
     "Def 2.1.2.18, p.23", GEN_THEOREM, "flat_tuple", "index_set", colex_bijection, NULL, NULL, 0},
    {"flat.size1_strides", "strides of size-1 modes change neither phi nor Phi",
     "Obs 2.1.2.29, p.25", GEN_THEOREM, "flat_size1_pair", "same_layout_function", size1_strides,
     NULL, NULL, 0},
    {"flat.squeeze_invariants", "squeeze(L) = L|{s_i != 1} keeps size, cosize and Phi",
     "Lemma 2.1.3.11, Constr 2.1.3.6, p.27", GEN_THEOREM, "flat_size1", "squeeze",
     squeeze_invariants, NULL, NULL, 0},
    {"flat.permute_image", "L^sigma = S^sigma:D^sigma and Image(Phi_{L^sigma}) = Image(Phi_L)",
     "Def 2.1.3.18, p.30", GEN_THEOREM, "flat_layout_cycle", "permute", permute_image, NULL, NULL,
     0},
    {"flat.nondecreasing_sorted",
     "Phi_L non-decreasing => squeeze(L) is its stride-0 modes, then sorted non-zero ones",
     "Lemma 2.1.3.29, p.31; corrected: false as printed for size-1 modes ((2,1):(1,0)) and "
     "equal zero strides ((3,2):(0,0))",
     GEN_THEOREM, "flat_monotone", "is_sorted", nondecreasing_sorted, NULL, NULL, 0},
    {"flat.nondecreasing_sorted_literal", "Phi_L non-decreasing => L sorted (as printed)",
     "Lemma 2.1.3.29, p.31, as printed (false for (2,1):(1,0), (3,2):(0,0))", GEN_CONJECTURE,
     "flat_monotone", "is_sorted", nondecreasing_sorted_literal, NULL, NULL, 0},
    {"flat.sort_spec", "sort(L) is sorted, has L's modes, and sort(sort L) = sort L",
     "Constr 2.1.3.31, Ex 2.1.3.34, p.32", GEN_THEOREM, "flat_layout", "sort", sort_spec, NULL,
     NULL, 0},
    {"flat.sort_image", "Image(Phi_{sort L}) = Image(Phi_L)", "Obs 2.1.3.35, p.33", GEN_THEOREM,
     "flat_layout", "sort", sort_image, NULL, NULL, 0},
    {"flat.concat_function", "Phi_{L1*...*Lk}(x) = sum_i Phi_{Li}(floor(x / (N1...N{i-1})) mod Ni)",
     "Prop 2.1.3.40, p.34", GEN_THEOREM, "flat_layouts", "flat_concat", concat_function, NULL, NULL,
     0},
    {"flat.concat_attributes",
     "rank adds, size multiplies, cosize(L1*...*Lk) = 1 - k + sum cosize(Li); * associative",
     "Prop 2.1.3.41, Def 2.1.3.36, p.33-35", GEN_THEOREM, "flat_layouts", "flat_concat",
     concat_attributes, NULL, NULL, 0},
};
const int prop_flat_count = (int)(sizeof prop_flat_table / sizeof prop_flat_table[0]);
