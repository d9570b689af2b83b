/*
** p_flat.c -- the properties of flat layouts (INDEX.md §2, section 2.1).
**
** One property (at least) per `Property:` line of INDEX entries [4]-[68],
** checked against brute-force layout functions wherever sizes allow.
** Tuple operations (concatenation, divisibility, permutation, index sets)
** go through the oracle's op table (lo_eval), as `layoutcheck eval` does.
**
** Statements of this part that cannot be computed, and what is checked
** instead:
**   [5]  Remark 2.1.1.5 (Tuple(V) is the FREE monoid): a universal property
**        over all monoids; associativity, the unit and the entry sequence
**        of X * Y are checked.
**   [39] Prop 2.1.4.19 (coal-flat(L) is the unique flat layout of minimal
**        rank with Phi_L): quantifies over all flat layouts; checked against
**        variants of L with modes split and size-1 modes inserted (every B
**        with Phi_B = Phi_L arises from coal-flat(L) by such steps).
**   [44] [48] [51] [60] "A has no (N-)complement" when A is not
**        (N-)complementable: quantifies over all B; checked for the B tried
**        (a random flat B and CuTe's lenient complement of A).
**   [66] Prop 3.1.2.10 "some tuple morphism encodes L": an existence claim;
**        decided through the standard representation f_L (the paper's
**        witness), with L_{f_L} = L.
*/
#include "properties.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------- helpers */

#define OUT_CAP 4096

/* Evaluate op on argv through the op table into out; 0, or nonzero after
** writing the oracle's message into x->msg. */
static int ev(gen_ctx *x, char *out, size_t cap, const char *op, int argc, const char *a0,
              const char *a1) {
  const char *argv[2] = {a0, a1};
  if (lo_eval(op, argc, argv, out, cap) == LO_OK) return 0;
  gen_failf(x, "%s failed: %s", op, out);
  return 1;
}

/* The boolean answer of op (0 or 1), or -1 after failing. */
static int ev_bool(gen_ctx *x, const char *op, int argc, const char *a0, const char *a1) {
  char out[OUT_CAP];
  if (ev(x, out, sizeof out, op, argc, a0, a1)) return -1;
  if (strcmp(out, "true") && strcmp(out, "false")) {
    gen_failf(x, "%s answered %s, not a boolean", op, out);
    return -1;
  }
  return strcmp(out, "true") == 0;
}

/* The layout answer of op in *l; 0, or nonzero after failing. */
static int ev_layout(gen_ctx *x, const char *op, int argc, const char *a0, const char *a1,
                     lo_layout *l) {
  char out[OUT_CAP];
  lo_err e;
  if (ev(x, out, sizeof out, op, argc, a0, a1)) return 1;
  if (lo_parse_layout(out, l, &e)) return gen_failf(x, "%s answered %s: %s", op, out, e.msg);
  return 0;
}

/* The tuple answer of op in *t. */
static int ev_tuple(gen_ctx *x, const char *op, int argc, const char *a0, const char *a1,
                    lo_tuple *t) {
  char out[OUT_CAP];
  lo_err e;
  if (ev(x, out, sizeof out, op, argc, a0, a1)) return 1;
  if (lo_parse_tuple(out, t, &e)) return gen_failf(x, "%s answered %s: %s", op, out, e.msg);
  return 0;
}

/* Text of a layout or tuple into buf (canonical, GEN_ARG_LEN bytes). */
static const char *text_layout(const lo_layout *l, char *buf) {
  return lo_print_layout(l, buf, GEN_ARG_LEN) ? "(too long)" : buf;
}
static const char *text_tuple(const lo_tuple *t, char *buf) {
  return lo_print_tuple(t, buf, GEN_ARG_LEN) ? "(too long)" : buf;
}

/* Phi_L on [0, size) into a malloc'd array: 0, or -1 when size exceeds
** the bounds (*v is NULL then). */
static int phi_list(gen_ctx *x, const lo_layout *l, lo_int **v, lo_int *n) {
  lo_err e;
  *v = NULL;
  if (lo_size(l, n, &e) || *n > x->bounds->max_size) return -1;
  *v = malloc((size_t)(*n ? *n : 1) * sizeof **v);
  if (!*v) return -1;
  for (lo_int i = 0; i < *n; i++)
    if (lo_apply(l, i, &(*v)[i], &e)) {
      free(*v);
      *v = NULL;
      return -1;
    }
  return 0;
}

/* qsort order on integers. */
static int cmp_int(const void *a, const void *b) {
  lo_int x = *(const lo_int *)a, y = *(const lo_int *)b;
  return (x > y) - (x < y);
}

/* Compact by brute force: Phi_L takes the values 0..size-1, each once
** (then size = 1 + max Phi = cosize).  1, 0, or -1 when too large. */
static int brute_compact(gen_ctx *x, const lo_layout *l) {
  lo_int *v, n;
  if (phi_list(x, l, &v, &n)) return -1;
  qsort(v, (size_t)n, sizeof *v, cmp_int);
  int ok = 1;
  for (lo_int i = 0; i < n && ok; i++) ok = v[i] == i;
  free(v);
  return ok;
}

/* Phi_L injective by brute force: 1, 0, or -1 when too large. */
static int brute_injective(gen_ctx *x, const lo_layout *l) {
  lo_int *v, n;
  if (phi_list(x, l, &v, &n)) return -1;
  qsort(v, (size_t)n, sizeof *v, cmp_int);
  int ok = 1;
  for (lo_int i = 1; i < n && ok; i++) ok = v[i] != v[i - 1];
  free(v);
  return ok;
}

/* Phi_A and Phi_B take the same values with the same multiplicities
** (equal images as multisets): 1, 0, or -1 when too large. */
static int same_image(gen_ctx *x, const lo_layout *a, const lo_layout *b) {
  lo_int *u, *v, m, n;
  if (phi_list(x, a, &u, &m)) return -1;
  if (phi_list(x, b, &v, &n)) {
    free(u);
    return -1;
  }
  int ok = m == n;
  if (ok) {
    qsort(u, (size_t)m, sizeof *u, cmp_int);
    qsort(v, (size_t)n, sizeof *v, cmp_int);
    ok = memcmp(u, v, (size_t)m * sizeof *u) == 0;
  }
  free(u);
  free(v);
  return ok;
}

/* Is A * B compact (B a complement of A, Def 2.1.6.1)?  Brute force:
** 1, 0, or -1 when too large or too many modes. */
static int brute_complement(gen_ctx *x, const lo_layout *a, const lo_layout *b) {
  lo_layout ab;
  lo_err e;
  if (lo_flat_concat(a, b, &ab, &e)) return -1;
  return brute_compact(x, &ab);
}

/* Mode i <= mode j in the order of Def 2.1.3.23. */
static int mode_leq(const lo_layout *l, int i, int j) {
  return l->stride[i] < l->stride[j] ||
         (l->stride[i] == l->stride[j] && l->shape.leaf[i] <= l->shape.leaf[j]);
}

/* Def 2.1.3.25 on the flattening, directly. */
static int sorted_def(const lo_layout *l) {
  for (int i = 0; i + 1 < l->shape.len; i++)
    if (!mode_leq(l, i, i + 1)) return 0;
  return 1;
}

/* Def 2.1.4.1, directly: no size-1 mode and no s_i d_i = d_{i+1}. */
static int coalesced_def(const lo_layout *l) {
  for (int i = 0; i < l->shape.len; i++) {
    if (l->shape.leaf[i] == 1) return 0;
    if (i + 1 < l->shape.len && l->shape.leaf[i] * l->stride[i] == l->stride[i + 1]) return 0;
  }
  return 1;
}

/* The modes of L (flattened), optionally without size-1 modes, sorted by
** selection (stable, key (d, s)) into s[], d[]; returns how many. */
static int sorted_modes(const lo_layout *l, int squeeze, lo_int *s, lo_int *d) {
  int n = 0, used[LO_MAX_LEAVES] = {0};
  for (;;) {
    int best = -1;
    for (int i = 0; i < l->shape.len; i++)
      if (!used[i] && !(squeeze && l->shape.leaf[i] == 1) && (best < 0 || !mode_leq(l, best, i)))
        best = i;
    if (best < 0) return n;
    used[best] = 1;
    s[n] = l->shape.leaf[best];
    d[n++] = l->stride[best];
  }
}

/* Def 2.1.6.11 with INDEX E5 (d_1 > 0), directly; *ext = s_m d_m of
** sort(squeeze(L)), 1 when it is empty. */
static int complementable_def(const lo_layout *l, lo_int *ext) {
  lo_int s[LO_MAX_LEAVES], d[LO_MAX_LEAVES];
  int m = sorted_modes(l, 1, s, d);
  *ext = m ? s[m - 1] * d[m - 1] : 1;
  if (m && d[0] == 0) return 0;
  for (int i = 0; i + 1 < m; i++)
    if (d[i + 1] % (s[i] * d[i]) != 0) return 0;
  return 1;
}

/* Def 2.1.8.1, directly: sort (no squeeze); d_i = 0 or s_i d_i | d_{i+1}. */
static int tractable_def(const lo_layout *l) {
  lo_int s[LO_MAX_LEAVES], d[LO_MAX_LEAVES];
  int m = sorted_modes(l, 0, s, d);
  for (int i = 0; i + 1 < m; i++)
    if (d[i] != 0 && d[i + 1] % (s[i] * d[i]) != 0) return 0;
  return 1;
}

/* Tractable by the round trip through the standard representation:
** f_L exists and L_{f_L} = L (Prop 3.1.2.10, Lemma 3.1.2.9). */
static int tractable_by_morphism(const lo_layout *l) {
  lo_morphism f;
  lo_layout back;
  lo_err e;
  return lo_morphism_of_layout(l, &f, &e) == LO_OK && lo_morphism_layout(&f, &back, &e) == LO_OK &&
         lo_layout_equal(&back, l);
}

/* ---------------------------------------------------------- 2.1.1 tuples */

/* [4] Def 2.1.1.1: size(X * Y) = size(X) size(Y), len(X * Y) = len X + len Y. */
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
  if (ev(x, out, sizeof out, "len", 1, x->argv[0], NULL)) return GEN_FAIL;
  if (atoi(out) != a.len) return gen_failf(x, "len X is %s, X has %d entries", out, a.len);
  return GEN_PASS;
}

/* [5] Def 2.1.1.3, Remark 2.1.1.5: * is associative with unit (), and the
** entries of X * Y are those of X, then those of Y (a flat tuple). */
static gen_verdict tuple_monoid(gen_ctx *x) {
  char xy[OUT_CAP], yz[OUT_CAP], l[OUT_CAP], r[OUT_CAP], u[OUT_CAP];
  const char *const *v = x->argv;
  if (x->argc < 3) return gen_failf(x, "three tuples expected");
  if (ev(x, xy, sizeof xy, "flat_concat", 2, v[0], v[1]) ||
      ev(x, yz, sizeof yz, "flat_concat", 2, v[1], v[2]) ||
      ev(x, l, sizeof l, "flat_concat", 2, xy, v[2]) ||
      ev(x, r, sizeof r, "flat_concat", 2, v[0], yz))
    return GEN_FAIL;
  if (strcmp(l, r)) return gen_failf(x, "(X * Y) * Z = %s but X * (Y * Z) = %s", l, r);
  for (int side = 0; side < 2; side++) {
    if (ev(x, u, sizeof u, "flat_concat", 2, side ? "()" : v[0], side ? v[0] : "()"))
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

/* [6] Def 2.1.1.6: X' divides X iff X' is a prefix of X, and then
** X = X' * X'' for the rest X''. */
static gen_verdict tuple_divides(gen_ctx *x) {
  lo_tuple p, t, rest;
  char buf[GEN_ARG_LEN], out[OUT_CAP];
  if (prop_tuple(x, 0, &p) || prop_tuple(x, 1, &t)) return GEN_ERROR;
  int prefix = p.len <= t.len && !memcmp(p.leaf, t.leaf, (size_t)p.len * sizeof(lo_int));
  int d = ev_bool(x, "tuple_divides", 2, x->argv[0], x->argv[1]);
  if (d < 0) return GEN_FAIL;
  if (d != prefix)
    return gen_failf(x, "tuple_divides says %s, but X' is %sa prefix of X", d ? "true" : "false",
                     prefix ? "" : "not ");
  if (!prefix) return GEN_PASS;
  lo_tuple_flat(&rest, t.leaf + p.len, t.len - p.len);
  if (ev(x, out, sizeof out, "flat_concat", 2, x->argv[0], text_tuple(&rest, buf))) return GEN_FAIL;
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

/* [7] Def 2.1.1.8: X^sigma = (x_sigma(1), ...), (X^sigma)^tau =
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

/* [13] Def 2.1.2.18: index_set lists [0,S) in colexicographic order, i.e.
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
  if (ev(x, out, cap, "index_set", 1, x->argv[0], NULL)) {
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

/* [10] [15] Def 2.1.2.6, Remark 2.1.2.25: the column-major layout of shape
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
  if (ev_bool(x, "is_column_major", 1, text_layout(&col, buf), NULL) != 1)
    return x->msg[0] ? GEN_FAIL : gen_failf(x, "%s is not column-major", buf);
  if (ev_bool(x, "is_row_major", 1, text_layout(&row, buf), NULL) != 1)
    return x->msg[0] ? GEN_FAIL : gen_failf(x, "%s is not row-major", buf);
  if (lo_size(&col, &size, &e) || size > x->bounds->max_size) return GEN_DISCARD;
  for (lo_int i = 0; i < size; i++) {
    if (lo_apply(&col, i, &v, &oe) != LO_OK) return prop_verdict_of(x, &oe, "apply", PROP_STRICT);
    if (v != i)
      return gen_failf(x, "Phi of %s at %lld is %lld", text_layout(&col, buf), (long long)i,
                       (long long)v);
  }
  if (brute_compact(x, &row) != 1)
    return gen_failf(x, "the row-major %s is not compact", text_layout(&row, buf));
  return GEN_PASS;
}

/* [11] Def 2.1.2.9: cosize(L) = 1 + max Phi_L. */
static gen_verdict cosize_max(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout l;
  lo_int *v, n, cosize, top = 0;
  if (prop_layout(x, 0, &l)) return GEN_ERROR;
  if (lo_cosize(&l, &cosize, &oe) != LO_OK) return prop_verdict_of(x, &oe, "cosize", PROP_STRICT);
  if (phi_list(x, &l, &v, &n)) return GEN_DISCARD;
  for (lo_int i = 0; i < n; i++)
    if (v[i] > top) top = v[i];
  free(v);
  if (cosize != top + 1)
    return gen_failf(x, "cosize is %lld but max Phi is %lld", (long long)cosize, (long long)top);
  return GEN_PASS;
}

/* [18] Obs 2.1.2.29: strides of size-1 modes change neither phi nor Phi
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
  if (ev(x, ca, sizeof ca, "coordinate", 2, x->argv[0], buf) ||
      ev(x, cb, sizeof cb, "coordinate", 2, x->argv[1], buf))
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

/* [21] Lemma 2.1.3.11, Constr 2.1.3.6: squeeze(L) = L restricted to its
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

/* [23] Def 2.1.3.18: L^sigma has modes (mode_sigma(1), ...) and the same
** image as L (as a multiset: Phi of L^sigma is Phi_L after a bijection). */
static gen_verdict permute_image(gen_ctx *x) {
  lo_layout l, p;
  int s[LO_MAX_LEAVES + 1];
  if (prop_layout(x, 0, &l)) return GEN_ERROR;
  if (cycle_perm(x, 1, l.shape.len, s)) return GEN_FAIL;
  if (ev_layout(x, "permute", 2, x->argv[0], x->argv[1], &p)) return GEN_FAIL;
  for (int i = 1; i <= l.shape.len; i++)
    if (p.shape.len != l.shape.len || p.shape.leaf[i - 1] != l.shape.leaf[s[i] - 1] ||
        p.stride[i - 1] != l.stride[s[i] - 1])
      return gen_failf(x, "L^sigma = %s: mode %d is not mode %d of L", prop_show_layout(x, 0, &p),
                       i, s[i]);
  int r = same_image(x, &l, &p);
  if (r == 0)
    return gen_failf(x, "Image(Phi_{L^sigma}) != Image(Phi_L), L^sigma = %s",
                     prop_show_layout(x, 0, &p));
  return r < 0 ? GEN_DISCARD : GEN_PASS;
}

/* Phi_L non-decreasing on [0, size): 1, 0, or -1 when too large. */
static int nondecreasing(gen_ctx *x, const lo_layout *l) {
  lo_int *v, n;
  if (phi_list(x, l, &v, &n)) return -1;
  int ok = 1;
  for (lo_int i = 1; i < n && ok; i++) ok = v[i - 1] <= v[i];
  free(v);
  return ok;
}

/* [26] Lemma 2.1.3.29, corrected: Phi_L non-decreasing => in squeeze(L) the
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
  if (!sorted_def(&nz) || !lo_is_sorted(&nz))
    return gen_failf(x, "Phi_L is non-decreasing but the non-zero-stride modes %s are %s",
                     prop_show_layout(x, 0, &nz),
                     sorted_def(&nz) ? "reported unsorted" : "not sorted");
  return GEN_PASS;
}

/* [26] Lemma 2.1.3.29 as printed: Phi_L non-decreasing => L sorted (fails
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

/* [27] Constr 2.1.3.31, Ex 2.1.3.34: sort(L) is sorted, has the modes of L
** (as a multiset), and sort(sort L) = sort L. */
static gen_verdict sort_spec(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout l, s, ss;
  if (prop_layout(x, 0, &l)) return GEN_ERROR;
  if (lo_sort(&l, &s, &oe) != LO_OK) return prop_verdict_of(x, &oe, "sort", PROP_STRICT);
  if (lo_sort(&s, &ss, &oe) != LO_OK) return prop_verdict_of(x, &oe, "sort", PROP_STRICT);
  if (!sorted_def(&s))
    return gen_failf(x, "sort(L) = %s is not sorted", prop_show_layout(x, 0, &s));
  if (!lo_is_sorted(&s)) return gen_failf(x, "is_sorted(sort L) is false");
  if (!same_modes(&l, &s))
    return gen_failf(x, "sort(L) = %s does not have the modes of L", prop_show_layout(x, 0, &s));
  if (!lo_layout_equal(&s, &ss))
    return gen_failf(x, "sort(L) = %s but sort(sort L) = %s", prop_show_layout(x, 0, &s),
                     prop_show_layout(x, 1, &ss));
  return GEN_PASS;
}

/* [28] Obs 2.1.3.35: Image(Phi_{sort L}) = Image(Phi_L). */
static gen_verdict sort_image(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout l, s;
  if (prop_layout(x, 0, &l)) return GEN_ERROR;
  if (lo_sort(&l, &s, &oe) != LO_OK) return prop_verdict_of(x, &oe, "sort", PROP_STRICT);
  int r = same_image(x, &l, &s);
  if (r == 0) return gen_failf(x, "Image(Phi) changes under sort: %s", prop_show_layout(x, 0, &s));
  return r < 0 ? GEN_DISCARD : GEN_PASS;
}

/* The empty layout ():(). */
static void empty_layout(lo_layout *l) {
  lo_int none[1] = {0};
  lo_layout_flat(l, none, none, 0);
}

/* The case's layouts L_1..L_k (k = argc) and their concatenation. */
static int concat_all(gen_ctx *x, lo_layout *ls, lo_layout *cat) {
  lo_err oe = {LO_OK, ""};
  empty_layout(cat);
  for (int i = 0; i < x->argc; i++) {
    if (prop_layout(x, i, &ls[i])) return 1;
    if (lo_flat_concat(cat, &ls[i], cat, &oe) != LO_OK)
      return prop_verdict_of(x, &oe, "flat_concat", PROP_STRICT);
  }
  return 0;
}

/* [31] Prop 2.1.3.40: Phi_{L_1 * ... * L_k}(x) = sum_i Phi_{L_i}(floor(x /
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
  for (lo_int p = 0; p < size; p++) {
    lo_int sum = 0, rest = p;
    for (int i = 0; i < x->argc; i++) {
      if (lo_apply(&ls[i], rest % sizes[i], &w, &e)) return gen_failf(x, "apply: %s", e.msg);
      sum += w;
      rest /= sizes[i];
    }
    if (lo_apply(&cat, p, &v, &oe) != LO_OK) return prop_verdict_of(x, &oe, "apply", PROP_STRICT);
    if (v != sum)
      return gen_failf(x, "Phi of the concatenation %s at %lld is %lld, the blocks give %lld",
                       prop_show_layout(x, 0, &cat), (long long)p, (long long)v, (long long)sum);
  }
  return GEN_PASS;
}

/* [32] Prop 2.1.3.41 (and Def 2.1.3.36): rank adds, size multiplies,
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
  if (phi_list(x, &cat, &v, &n) == 0) {
    for (lo_int i = 0; i < n; i++) top = v[i] > top ? v[i] : top;
    free(v);
    if (top + 1 != cos)
      return gen_failf(x, "max Phi + 1 = %lld, not %lld", (long long)(top + 1), (long long)cos);
  }
  if (x->argc >= 3) { /* (L1 * L2) * L3 = L1 * (L2 * L3) */
    lo_layout l12, r, l23, q;
    if (lo_flat_concat(&ls[0], &ls[1], &l12, &oe) != LO_OK)
      return prop_verdict_of(x, &oe, "flat_concat", PROP_STRICT);
    if (lo_flat_concat(&l12, &ls[2], &r, &oe) != LO_OK)
      return prop_verdict_of(x, &oe, "flat_concat", PROP_STRICT);
    if (lo_flat_concat(&ls[1], &ls[2], &l23, &oe) != LO_OK)
      return prop_verdict_of(x, &oe, "flat_concat", PROP_STRICT);
    if (lo_flat_concat(&ls[0], &l23, &q, &oe) != LO_OK)
      return prop_verdict_of(x, &oe, "flat_concat", PROP_STRICT);
    if (!lo_layout_equal(&r, &q)) return gen_failf(x, "concatenation is not associative");
  }
  empty_layout(&empty);
  if (lo_flat_concat(&ls[0], &empty, &u, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_concat", PROP_STRICT);
  if (!lo_layout_equal(&u, &ls[0]))
    return gen_failf(x, "L1 * ():() = %s", prop_show_layout(x, 0, &u));
  return GEN_PASS;
}

/* -------------------------------------------------- 2.1.4 flat coalesce */

/* [36] Lemma 2.1.4.15, Ex 2.1.4.16 (with Def 2.1.4.1): coal-flat(L) is a
** flat coalesced layout and coal-flat is idempotent; is_flat_coalesced
** follows Def 2.1.4.1. */
static gen_verdict coalesce_coalesced(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout l, c, cc;
  if (prop_layout(x, 0, &l)) return GEN_ERROR;
  if (lo_is_flat_coalesced(&l) != coalesced_def(&l))
    return gen_failf(x, "is_flat_coalesced(L) says %d, Def 2.1.4.1 says %d",
                     lo_is_flat_coalesced(&l), coalesced_def(&l));
  if (lo_flat_coalesce(&l, &c, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_coalesce", PROP_STRICT);
  if (lo_flat_coalesce(&c, &cc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_coalesce", PROP_STRICT);
  if (lo_tuple_depth(&c.shape) != 1 || !coalesced_def(&c) || !lo_is_flat_coalesced(&c))
    return gen_failf(x, "coal-flat(L) = %s is not a flat coalesced layout",
                     prop_show_layout(x, 0, &c));
  if (!lo_layout_equal(&c, &cc))
    return gen_failf(x, "coal-flat(L) = %s but coal-flat twice = %s", prop_show_layout(x, 0, &c),
                     prop_show_layout(x, 1, &cc));
  return GEN_PASS;
}

/* [37] Lemma 2.1.4.17: Phi_{coal-flat(L)} = Phi_L. */
static gen_verdict coalesce_function(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout l, c;
  if (prop_layout(x, 0, &l)) return GEN_ERROR;
  if (lo_flat_coalesce(&l, &c, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_coalesce", PROP_STRICT);
  return prop_judged(prop_same_function(x, &l, &c, "Phi_L vs Phi_coal-flat(L)"));
}

/* [38] Prop 2.1.4.18: for flat A, B of equal size, Phi_A = Phi_B iff
** coal-flat(A) = coal-flat(B). */
static gen_verdict coalesce_unique(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, b, ca, cb;
  if (prop_layout(x, 0, &a) || prop_layout(x, 1, &b)) return GEN_ERROR;
  if (lo_flat_coalesce(&a, &ca, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_coalesce", PROP_STRICT);
  if (lo_flat_coalesce(&b, &cb, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_coalesce", PROP_STRICT);
  int same = prop_same_function(x, &a, &b, "Phi_A vs Phi_B");
  if (same < 0) return GEN_DISCARD;
  x->msg[0] = 0;
  if (same != lo_layout_equal(&ca, &cb))
    return gen_failf(x, "Phi_A %s Phi_B but coal-flat(A) = %s and coal-flat(B) = %s",
                     same ? "=" : "!=", prop_show_layout(x, 0, &ca), prop_show_layout(x, 1, &cb));
  return GEN_PASS;
}

/* [39] Prop 2.1.4.19: for B with Phi_B = Phi_A, rank(coal-flat A) <=
** rank(B), with equality only for B = coal-flat(A). */
static gen_verdict coalesce_minimal(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, b, c;
  if (prop_layout(x, 0, &a) || prop_layout(x, 1, &b)) return GEN_ERROR;
  int same = prop_same_function(x, &a, &b, "generated B: Phi_A vs Phi_B");
  if (same <= 0) return prop_judged(same);
  if (lo_flat_coalesce(&a, &c, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_coalesce", PROP_STRICT);
  if (c.shape.len > b.shape.len)
    return gen_failf(x, "coal-flat(A) = %s has rank %d > rank(B) = %d", prop_show_layout(x, 0, &c),
                     c.shape.len, b.shape.len);
  if (c.shape.len == b.shape.len && !lo_layout_equal(&b, &c))
    return gen_failf(x, "B has the minimal rank %d but differs from coal-flat(A) = %s", b.shape.len,
                     prop_show_layout(x, 0, &c));
  return GEN_PASS;
}

/* ----------------------------------------------- 2.1.5 compact layouts */

/* [41] Prop 2.1.5.6 (Def 2.1.5.1): L is compact (Phi a bijection onto
** [0, cosize)) iff sort(squeeze(L)) is column-major; is_compact agrees. */
static gen_verdict compact_criterion(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout l, q, s;
  char buf[GEN_ARG_LEN];
  if (prop_layout(x, 0, &l)) return GEN_ERROR;
  int brute = brute_compact(x, &l);
  if (brute < 0) return GEN_DISCARD;
  if (lo_squeeze(&l, &q, &oe) != LO_OK) return prop_verdict_of(x, &oe, "squeeze", PROP_STRICT);
  if (lo_sort(&q, &s, &oe) != LO_OK) return prop_verdict_of(x, &oe, "sort", PROP_STRICT);
  int col = ev_bool(x, "is_column_major", 1, text_layout(&s, buf), NULL);
  if (col < 0) return GEN_FAIL;
  if (col != brute || lo_is_compact(&l) != brute)
    return gen_failf(x,
                     "compact by brute force: %d; sort(squeeze L) = %s column-major: %d; "
                     "is_compact: %d",
                     brute, buf, col, lo_is_compact(&l));
  return GEN_PASS;
}

/* [42] Prop 2.1.5.7: L compact iff coal-flat(L), squeeze(L), sort(L) are
** (all by brute force). */
static gen_verdict compact_invariance(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout l, v[3];
  static const char *const names[3] = {"coal-flat(L)", "squeeze(L)", "sort(L)"};
  if (prop_layout(x, 0, &l)) return GEN_ERROR;
  int c = brute_compact(x, &l);
  if (c < 0) return GEN_DISCARD;
  if (lo_flat_coalesce(&l, &v[0], &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_coalesce", PROP_STRICT);
  if (lo_squeeze(&l, &v[1], &oe) != LO_OK) return prop_verdict_of(x, &oe, "squeeze", PROP_STRICT);
  if (lo_sort(&l, &v[2], &oe) != LO_OK) return prop_verdict_of(x, &oe, "sort", PROP_STRICT);
  for (int i = 0; i < 3; i++) {
    int ci = brute_compact(x, &v[i]);
    if (ci < 0) return GEN_DISCARD;
    if (ci != c)
      return gen_failf(x, "L is %scompact but %s = %s is %scompact", c ? "" : "not ", names[i],
                       prop_show_layout(x, 0, &v[i]), ci ? "" : "not ");
  }
  return GEN_PASS;
}

/* ------------------------------------------------------ 2.1.6 complements */

/* [44] Obs 2.1.6.7: complementable => Phi_A injective; injective is not
** enough: (2,2):(1,3) is injective and not complementable. */
static gen_verdict complementable_injective(gen_ctx *x) {
  lo_layout a, ex;
  lo_int ext;
  lo_err e;
  if (lo_parse_layout("(2,2):(1,3)", &ex, &e)) return gen_failf(x, "%s", e.msg);
  if (brute_injective(x, &ex) == 0 || lo_is_complementable(&ex))
    return gen_failf(x, "(2,2):(1,3) should be injective and not complementable");
  if (prop_layout(x, 0, &a)) return GEN_ERROR;
  int c = lo_is_complementable(&a);
  if (c != complementable_def(&a, &ext))
    return gen_failf(x, "is_complementable says %d, Def 2.1.6.11 (with E5) says %d", c, !c);
  if (!c) return GEN_PASS;
  int inj = brute_injective(x, &a);
  if (inj == 0) return gen_failf(x, "A is complementable but Phi_A is not injective");
  return inj < 0 ? GEN_DISCARD : GEN_PASS;
}

/* [45] Obs 2.1.6.8: complements are not unique: the listed complements of
** (8,8):(2,32), and two variants B1, B2 of an N-complement of A, all make
** A * B compact. */
static gen_verdict complements_not_unique(gen_ctx *x) {
  static const char *const listed[3] = {"(2,2):(1,16)", "(2,2):(16,1)", "(5,2,2,1):(256,1,16,0)"};
  lo_layout a, b;
  lo_err e;
  if (lo_parse_layout("(8,8):(2,32)", &a, &e)) return gen_failf(x, "%s", e.msg);
  for (int i = 0; i < 3; i++) {
    if (lo_parse_layout(listed[i], &b, &e)) return gen_failf(x, "%s", e.msg);
    if (ev_bool(x, "is_complement", 2, "(8,8):(2,32)", listed[i]) != 1 ||
        brute_complement(x, &a, &b) == 0)
      return x->msg[0] ? GEN_FAIL
                       : gen_failf(x, "%s is not a complement of (8,8):(2,32)", listed[i]);
  }
  if (prop_layout(x, 0, &a)) return GEN_ERROR;
  for (int i = 2; i < 4; i++) {
    if (prop_layout(x, i, &b)) return GEN_ERROR;
    int r = brute_complement(x, &a, &b);
    if (r < 0) return GEN_DISCARD;
    int o = ev_bool(x, "is_complement", 2, x->argv[0], x->argv[i]);
    if (o < 0) return GEN_FAIL;
    if (!r || !o)
      return gen_failf(x, "B%d = %s: A * B compact by brute force %d, is_complement %d", i - 1,
                       x->argv[i], r, o);
  }
  return GEN_PASS;
}

/* [46] Lemma 2.1.6.9 (with INDEX E11 for (2)): squeeze(A * B) = squeeze A *
** squeeze B; sort(A * B) = sort(A * sort B); coal-flat(A * B) =
** coal-flat(A * coal-flat B). */
static gen_verdict concat_lemma(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, b, ab, l, r, t, u;
  if (prop_layout(x, 0, &a) || prop_layout(x, 1, &b)) return GEN_ERROR;
  if (lo_flat_concat(&a, &b, &ab, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_concat", PROP_STRICT);
  if (lo_squeeze(&ab, &l, &oe) != LO_OK) return prop_verdict_of(x, &oe, "squeeze", PROP_STRICT);
  if (lo_squeeze(&a, &t, &oe) != LO_OK) return prop_verdict_of(x, &oe, "squeeze", PROP_STRICT);
  if (lo_squeeze(&b, &u, &oe) != LO_OK) return prop_verdict_of(x, &oe, "squeeze", PROP_STRICT);
  if (lo_flat_concat(&t, &u, &r, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_concat", PROP_STRICT);
  if (!lo_layout_equal(&l, &r))
    return gen_failf(x, "squeeze(A * B) = %s but squeeze A * squeeze B = %s",
                     prop_show_layout(x, 0, &l), prop_show_layout(x, 1, &r));
  if (lo_sort(&ab, &l, &oe) != LO_OK) return prop_verdict_of(x, &oe, "sort", PROP_STRICT);
  if (lo_sort(&b, &u, &oe) != LO_OK) return prop_verdict_of(x, &oe, "sort", PROP_STRICT);
  if (lo_flat_concat(&a, &u, &t, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_concat", PROP_STRICT);
  if (lo_sort(&t, &r, &oe) != LO_OK) return prop_verdict_of(x, &oe, "sort", PROP_STRICT);
  if (!lo_layout_equal(&l, &r))
    return gen_failf(x, "sort(A * B) = %s but sort(A * sort B) = %s", prop_show_layout(x, 0, &l),
                     prop_show_layout(x, 1, &r));
  if (lo_flat_coalesce(&ab, &l, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_coalesce", PROP_STRICT);
  if (lo_flat_coalesce(&b, &u, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_coalesce", PROP_STRICT);
  if (lo_flat_concat(&a, &u, &t, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_concat", PROP_STRICT);
  if (lo_flat_coalesce(&t, &r, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_coalesce", PROP_STRICT);
  if (!lo_layout_equal(&l, &r))
    return gen_failf(x, "coal-flat(A * B) = %s but coal-flat(A * coal-flat B) = %s",
                     prop_show_layout(x, 0, &l), prop_show_layout(x, 1, &r));
  return GEN_PASS;
}

/* [47] Prop 2.1.6.10 (and Ex 2.1.6.4-6): A _|_ B iff B _|_ A iff
** A _|_ squeeze(B) iff A _|_ coal-flat(B) iff A _|_ sort(B), all by brute
** force, and is_complement agrees; A _|_ ():() iff A compact; A _|_ A iff
** size(A) = 1. */
static gen_verdict complement_equivalences(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, b, v[4], empty;
  static const char *const names[4] = {"B * A", "A * squeeze(B)", "A * coal-flat(B)",
                                       "A * sort(B)"};
  lo_int size;
  lo_err e;
  if (prop_layout(x, 0, &a) || prop_layout(x, 1, &b)) return GEN_ERROR;
  int c = brute_complement(x, &a, &b);
  if (c < 0) return GEN_DISCARD;
  int o = ev_bool(x, "is_complement", 2, x->argv[0], x->argv[1]);
  if (o < 0) return GEN_FAIL;
  if (o != c) return gen_failf(x, "A * B compact by brute force: %d, is_complement: %d", c, o);
  if (lo_squeeze(&b, &v[1], &oe) != LO_OK) return prop_verdict_of(x, &oe, "squeeze", PROP_STRICT);
  if (lo_flat_coalesce(&b, &v[2], &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_coalesce", PROP_STRICT);
  if (lo_sort(&b, &v[3], &oe) != LO_OK) return prop_verdict_of(x, &oe, "sort", PROP_STRICT);
  for (int i = 0; i < 4; i++) {
    int ci = i == 0 ? brute_complement(x, &b, &a) : brute_complement(x, &a, &v[i]);
    if (ci != c)
      return gen_failf(x, "A * B is %scompact but %s is %scompact", c ? "" : "not ", names[i],
                       ci ? "" : "not ");
  }
  empty_layout(&empty);
  if (brute_complement(x, &a, &empty) != brute_compact(x, &a))
    return gen_failf(x, "A _|_ ():() differs from A compact");
  int aa = brute_complement(x, &a, &a);
  if (aa >= 0 && !lo_size(&a, &size, &e) && aa != (size == 1))
    return gen_failf(x, "A _|_ A is %d but size(A) = %lld", aa, (long long)size);
  return GEN_PASS;
}

/* [48] Def 2.1.6.11 with INDEX E5 (d_1 > 0): is_complementable follows the
** definition; complementable A => A * comp-flat(A) compact; otherwise
** A * B is not compact for the B tried (a random B, CuTe's complement). */
static gen_verdict complementable_criterion(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, b, c;
  lo_int ext;
  lo_err e;
  if (prop_layout(x, 0, &a) || prop_layout(x, 1, &b)) return GEN_ERROR;
  int k = lo_is_complementable(&a);
  if (k != complementable_def(&a, &ext))
    return gen_failf(x, "is_complementable says %d, Def 2.1.6.11 (with E5) says %d", k, !k);
  if (k) {
    if (lo_flat_complement(&a, -1, &c, &oe) != LO_OK)
      return prop_verdict_of(x, &oe, "flat_complement", PROP_STRICT);
    int r = brute_complement(x, &a, &c);
    if (r == 0)
      return gen_failf(x, "A * comp-flat(A) = A * %s is not compact", prop_show_layout(x, 0, &c));
    return r < 0 ? GEN_DISCARD : GEN_PASS;
  }
  if (brute_complement(x, &a, &b) == 1)
    return gen_failf(x, "A is not complementable but A * B is compact");
  if (lo_complement(&a, -1, &c, &e) == LO_OK && brute_complement(x, &a, &c) == 1)
    return gen_failf(x, "A is not complementable but A * %s (CuTe's complement) is compact",
                     prop_show_layout(x, 0, &c));
  return GEN_PASS;
}

/* [50] Lemma 2.1.6.20, Constr 2.1.6.16: for complementable A, A *
** comp-flat(A) is compact; comp-flat(A) is sorted and coalesced, and ():()
** when A is compact. */
static gen_verdict complement_is_complement(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, c;
  if (prop_layout(x, 0, &a)) return GEN_ERROR;
  if (lo_flat_complement(&a, -1, &c, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_complement", PROP_STRICT);
  int r = brute_complement(x, &a, &c);
  if (r < 0) return GEN_DISCARD;
  if (!r)
    return gen_failf(x, "A * comp-flat(A) = A * %s is not compact", prop_show_layout(x, 0, &c));
  if (!sorted_def(&c) || !coalesced_def(&c))
    return gen_failf(x, "comp-flat(A) = %s is not sorted and coalesced",
                     prop_show_layout(x, 0, &c));
  if (brute_compact(x, &a) == 1 && c.shape.len != 0)
    return gen_failf(x, "A is compact but comp-flat(A) = %s", prop_show_layout(x, 0, &c));
  return GEN_PASS;
}

/* [51] Prop 2.1.6.21: if A has a complement B then A (and B, by symmetry)
** is complementable; conversely A * comp-flat(A) is compact. */
static gen_verdict complement_exists(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, b, c;
  if (prop_layout(x, 0, &a) || prop_layout(x, 2, &b)) return GEN_ERROR;
  int r = brute_complement(x, &a, &b);
  if (r < 0) return GEN_DISCARD;
  if (!r) return gen_failf(x, "generated B1 is not a complement of A");
  if (!lo_is_complementable(&a) || !lo_is_complementable(&b))
    return gen_failf(x, "A _|_ B1 but is_complementable gives %d for A and %d for B1",
                     lo_is_complementable(&a), lo_is_complementable(&b));
  if (lo_flat_complement(&a, -1, &c, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_complement", PROP_STRICT);
  if (brute_complement(x, &a, &c) == 0)
    return gen_failf(x, "A * comp-flat(A) = A * %s is not compact", prop_show_layout(x, 0, &c));
  return GEN_PASS;
}

/* [52] Lemma 2.1.6.22: A complementable and sorted => Phi_A strictly
** increasing. */
static gen_verdict sorted_complementable_increasing(gen_ctx *x) {
  lo_layout a;
  lo_int *v, n;
  if (prop_layout(x, 0, &a)) return GEN_ERROR;
  if (!lo_is_sorted(&a) || !lo_is_complementable(&a))
    return gen_failf(x, "generated A is not sorted and complementable");
  if (phi_list(x, &a, &v, &n)) return GEN_DISCARD;
  for (lo_int i = 1; i < n; i++)
    if (v[i] <= v[i - 1]) {
      lo_int p = v[i - 1], q = v[i];
      free(v);
      return gen_failf(x, "Phi_A(%lld) = %lld <= Phi_A(%lld) = %lld", (long long)i, (long long)q,
                       (long long)(i - 1), (long long)p);
    }
  free(v);
  return GEN_PASS;
}

/* [53] Prop 2.1.6.23: a complement B' of A of the size of comp-flat(A)
** gives coal-flat(sort(B')) = comp-flat(A) (B' a refined, permuted
** variant, still a complement by Prop 2.1.6.10). */
static gen_verdict complement_unique(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, b, c, s, cs;
  lo_int sb, sc;
  lo_err e;
  if (prop_layout(x, 0, &a) || prop_layout(x, 1, &b)) return GEN_ERROR;
  if (lo_flat_complement(&a, -1, &c, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_complement", PROP_STRICT);
  int r = brute_complement(x, &a, &b);
  if (r < 0) return GEN_DISCARD;
  if (!r || lo_size(&b, &sb, &e) || lo_size(&c, &sc, &e) || sb != sc)
    return gen_failf(x, "generated B' is not a complement of size(comp-flat(A)) = %s",
                     prop_show_layout(x, 0, &c));
  if (lo_sort(&b, &s, &oe) != LO_OK) return prop_verdict_of(x, &oe, "sort", PROP_STRICT);
  if (lo_flat_coalesce(&s, &cs, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_coalesce", PROP_STRICT);
  if (!lo_layout_equal(&cs, &c))
    return gen_failf(x, "coal-flat(sort(B')) = %s but comp-flat(A) = %s",
                     prop_show_layout(x, 0, &cs), prop_show_layout(x, 1, &c));
  return GEN_PASS;
}

/* [56] Obs 2.1.6.26 (Def 2.1.6.25): complementable A is N-complementable
** iff s_m d_m divides N; comp-flat(A, N) exists exactly then. */
static gen_verdict n_complementable_multiple(gen_ctx *x) {
  lo_layout a, c;
  lo_int n, ext;
  lo_err e;
  if (prop_layout(x, 0, &a) || prop_int(x, 1, &n)) return GEN_ERROR;
  if (!complementable_def(&a, &ext)) return gen_failf(x, "generated A is not complementable");
  int want = n % ext == 0, got = lo_is_n_complementable(&a, n);
  if (got != want)
    return gen_failf(x, "is N-complementable says %d, but s_m d_m = %lld %s N", got, (long long)ext,
                     want ? "divides" : "does not divide");
  int exists = lo_flat_complement(&a, n, &c, &e) == LO_OK;
  if (exists != want)
    return gen_failf(x, "comp-flat(A, N) %s",
                     exists ? "exists although A is not N-complementable" : e.msg);
  return GEN_PASS;
}

/* Is B an N-complement of A (Def 2.1.6.24), by brute force: 1, 0, -1. */
static int brute_n_complement(gen_ctx *x, const lo_layout *a, const lo_layout *b, lo_int n) {
  lo_int sa, sb;
  lo_err e;
  int r = brute_complement(x, a, b);
  if (r <= 0) return r;
  return !lo_size(a, &sa, &e) && !lo_size(b, &sb, &e) && sa * sb == n;
}

/* [57] Obs 2.1.6.27, Remark 2.1.6.28: N-complements B1, B2 of A have the
** same image; coal-flat and sort of an N-complement are N-complements. */
static gen_verdict n_complements_image(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, b1, b2, v[2];
  lo_int n;
  if (prop_layout(x, 0, &a) || prop_int(x, 1, &n) || prop_layout(x, 2, &b1) ||
      prop_layout(x, 3, &b2))
    return GEN_ERROR;
  if (brute_n_complement(x, &a, &b1, n) != 1 || brute_n_complement(x, &a, &b2, n) != 1)
    return gen_failf(x, "generated B1, B2 are not N-complements of A");
  int r = same_image(x, &b1, &b2);
  if (r == 0) return gen_failf(x, "Image(Phi_B1) != Image(Phi_B2)");
  if (lo_flat_coalesce(&b1, &v[0], &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_coalesce", PROP_STRICT);
  if (lo_sort(&b1, &v[1], &oe) != LO_OK) return prop_verdict_of(x, &oe, "sort", PROP_STRICT);
  for (int i = 0; i < 2; i++)
    if (brute_n_complement(x, &a, &v[i], n) != 1)
      return gen_failf(x, "%s = %s is not an N-complement", i ? "sort(B1)" : "coal-flat(B1)",
                       prop_show_layout(x, 0, &v[i]));
  return r < 0 ? GEN_DISCARD : GEN_PASS;
}

/* [59] Lemma 2.1.6.31: for N-complementable A, comp-flat(A, N) is an
** N-complement (A * comp-flat(A, N) compact, sizes multiply to N). */
static gen_verdict n_complement_spec(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, c;
  lo_int n;
  if (prop_layout(x, 0, &a) || prop_int(x, 1, &n)) return GEN_ERROR;
  if (lo_flat_complement(&a, n, &c, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_complement", PROP_STRICT);
  int r = brute_n_complement(x, &a, &c, n);
  if (r == 0)
    return gen_failf(x, "comp-flat(A, N) = %s is not an N-complement", prop_show_layout(x, 0, &c));
  return r < 0 ? GEN_DISCARD : GEN_PASS;
}

/* [60] Prop 2.1.6.32: A with an N-complement B1 (N = size A size B1) is
** N-complementable. */
static gen_verdict n_complement_exists(gen_ctx *x) {
  lo_layout a, b;
  lo_int n;
  if (prop_layout(x, 0, &a) || prop_int(x, 1, &n) || prop_layout(x, 2, &b)) return GEN_ERROR;
  int r = brute_n_complement(x, &a, &b, n);
  if (r < 0) return GEN_DISCARD;
  if (!r) return gen_failf(x, "generated B1 is not an N-complement of A");
  if (!lo_is_n_complementable(&a, n))
    return gen_failf(x, "A has the N-complement B1 but is not N-complementable");
  return GEN_PASS;
}

/* [61] Prop 2.1.6.33: the sorted coalesced N-complement coal-flat(sort B1)
** equals comp-flat(A, N); and comp-flat(comp-flat(A, N), N) =
** coal-flat(sort A) (INDEX [61], derived). */
static gen_verdict n_complement_unique(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, b, c, s, cs, cc, sa, csa;
  lo_int n;
  if (prop_layout(x, 0, &a) || prop_int(x, 1, &n) || prop_layout(x, 2, &b)) return GEN_ERROR;
  if (lo_flat_complement(&a, n, &c, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_complement", PROP_STRICT);
  if (lo_sort(&b, &s, &oe) != LO_OK) return prop_verdict_of(x, &oe, "sort", PROP_STRICT);
  if (lo_flat_coalesce(&s, &cs, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_coalesce", PROP_STRICT);
  if (!lo_layout_equal(&cs, &c))
    return gen_failf(x, "coal-flat(sort B1) = %s but comp-flat(A, N) = %s",
                     prop_show_layout(x, 0, &cs), prop_show_layout(x, 1, &c));
  if (lo_flat_complement(&c, n, &cc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_complement twice", PROP_STRICT);
  if (lo_sort(&a, &sa, &oe) != LO_OK) return prop_verdict_of(x, &oe, "sort", PROP_STRICT);
  if (lo_flat_coalesce(&sa, &csa, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_coalesce", PROP_STRICT);
  if (!lo_layout_equal(&cc, &csa))
    return gen_failf(x, "comp-flat(comp-flat(A, N), N) = %s but coal-flat(sort A) = %s",
                     prop_show_layout(x, 0, &cc), prop_show_layout(x, 1, &csa));
  return GEN_PASS;
}

/* [62] Lemma 2.1.6.34 with INDEX E11 (domain [0, N1 / size A)): Phi of
** comp-flat(A, N2) on [0, N1 / size A) is Phi of comp-flat(A, N1). */
static gen_verdict complement_prefix(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, c1, c2;
  lo_int n1, n2, sa, s1, u, v;
  if (prop_layout(x, 0, &a) || prop_int(x, 1, &n1) || prop_int(x, 2, &n2)) return GEN_ERROR;
  if (n1 > n2 || !lo_is_n_complementable(&a, n1) || !lo_is_n_complementable(&a, n2))
    return GEN_DISCARD;
  if (lo_flat_complement(&a, n1, &c1, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_complement N1", PROP_STRICT);
  if (lo_flat_complement(&a, n2, &c2, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_complement N2", PROP_STRICT);
  if (lo_size(&a, &sa, &oe) != LO_OK) return prop_verdict_of(x, &oe, "size", PROP_STRICT);
  if (lo_size(&c1, &s1, &oe) != LO_OK) return prop_verdict_of(x, &oe, "size", PROP_STRICT);
  if (s1 * sa != n1) return gen_failf(x, "size(comp-flat(A, N1)) = %lld", (long long)s1);
  for (lo_int i = 0; i < s1; i++) {
    if (lo_apply(&c1, i, &u, &oe) != LO_OK) return prop_verdict_of(x, &oe, "apply", PROP_STRICT);
    if (lo_apply(&c2, i, &v, &oe) != LO_OK) return prop_verdict_of(x, &oe, "apply", PROP_STRICT);
    if (u != v)
      return gen_failf(x, "at %lld: comp-flat(A, N1) = %s gives %lld, comp-flat(A, N2) = %s %lld",
                       (long long)i, prop_show_layout(x, 0, &c1), (long long)u,
                       prop_show_layout(x, 1, &c2), (long long)v);
  }
  return GEN_PASS;
}

/* ------------------------------------------------ 2.1.7 further operations */

/* [63] Def 2.1.7.1: B o A = A when A has all strides 0, or when B is
** column-major with cosize(A) <= size(B) and A is non-degenerate. */
static gen_verdict composition_trivial(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout b, a, c;
  if (prop_layout(x, 0, &b) || prop_layout(x, 1, &a)) return GEN_ERROR;
  if (lo_flat_composition(&b, &a, &c, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_composition", PROP_STRICT);
  if (!lo_layout_equal(&c, &a))
    return gen_failf(x, "B o A = %s, not A", prop_show_layout(x, 0, &c));
  return prop_judged(prop_is_composite(x, &b, &a, &c));
}

/* The only candidate for a flat composite B o A (Def 2.1.7.1): shape(A),
** and stride Phi_B(d_i) for a mode s_i:d_i of A with s_i > 1 (0 for
** s_i = 1, non-degenerate); 0, or nonzero when an index is out of range. */
static int flat_candidate(const lo_layout *b, const lo_layout *a, lo_layout *c) {
  lo_err e;
  *c = *a;
  for (int i = 0; i < a->shape.len; i++) {
    c->stride[i] = 0;
    if (a->shape.leaf[i] > 1 && lo_apply(b, a->stride[i], &c->stride[i], &e)) return 1;
  }
  return 0;
}

/* [63] Def 2.1.7.1, Remark 2.1.7.7: a flat composite B o A exists iff
** cosize(A) <= size(B) and the candidate C (shape(A), strides Phi_B(d_i),
** non-degenerate) has Phi_C = Phi_B o Phi_A, brute force; flat_composition
** answers exactly then, with C; and a B' with Phi_B' = Phi_B gives the
** same answer. */
static gen_verdict composition_definition(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout b, a, b2, cand, c, c2;
  lo_int sb, ca;
  lo_err e;
  if (prop_layout(x, 0, &b) || prop_layout(x, 1, &a) || prop_layout(x, 2, &b2)) return GEN_ERROR;
  if (lo_size(&b, &sb, &oe) != LO_OK) return prop_verdict_of(x, &oe, "size", PROP_STRICT);
  if (lo_cosize(&a, &ca, &oe) != LO_OK) return prop_verdict_of(x, &oe, "cosize", PROP_STRICT);
  int exists = ca <= sb && !flat_candidate(&b, &a, &cand);
  if (exists) {
    exists = prop_is_composite(x, &b, &a, &cand);
    if (exists < 0) return GEN_DISCARD;
    x->msg[0] = 0;
  }
  int got = lo_flat_composition(&b, &a, &c, &e) == LO_OK;
  if (!exists) x->labels |= 1u << GEN_L_UNDEFINED;
  if (got != exists)
    return gen_failf(x, "flat_composition %s, but the flat composite %s", got ? "answers" : e.msg,
                     exists ? "exists" : "does not exist");
  if (got && !lo_layout_equal(&c, &cand))
    return gen_failf(x, "B o A = %s, but the flat composite is %s", prop_show_layout(x, 0, &c),
                     prop_show_layout(x, 1, &cand));
  int got2 = lo_flat_composition(&b2, &a, &c2, &e) == LO_OK;
  if (got2 != got || (got && !lo_layout_equal(&c, &c2)))
    return gen_failf(x, "B' o A = %s, B o A = %s", got2 ? prop_show_layout(x, 0, &c2) : e.msg,
                     got ? prop_show_layout(x, 1, &c) : "undefined");
  return GEN_PASS;
}

/* Each entry of the flat shape r is a product of consecutive entries of
** the flat shape fine, in order: r refines to fine. */
static int groups_into(const lo_tuple *fine, const lo_tuple *r) {
  int j = 0;
  for (int i = 0; i < r->len; i++) {
    lo_int p = 1;
    do {
      if (j == fine->len) return 0;
      p *= fine->leaf[j++];
    } while (p < r->leaf[i]);
    if (p != r->leaf[i]) return 0;
  }
  return j == fine->len;
}

/* [64] Def 2.1.7.9 with INDEX E7: A (/)flat B = flatten(A o (B * B^c)),
** B^c = comp-flat(B, size A): B * B^c is compact of size(A), and
** Phi_{A (/)flat B}(x) = Phi_A(Phi_{B * B^c}(x)); its shape refines the
** shape of B * B^c. */
static gen_verdict divide_function(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, b, bc, bb, r;
  lo_int n, sb;
  if (prop_layout(x, 0, &a) || prop_layout(x, 1, &b)) return GEN_ERROR;
  if (lo_flat_divide(&a, &b, &r, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_divide", PROP_STRICT);
  if (lo_size(&a, &n, &oe) != LO_OK) return prop_verdict_of(x, &oe, "size", PROP_STRICT);
  if (lo_flat_complement(&b, n, &bc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_complement", PROP_STRICT);
  if (lo_flat_concat(&b, &bc, &bb, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_concat", PROP_STRICT);
  int k = brute_compact(x, &bb);
  if (k < 0) return GEN_DISCARD;
  if (lo_size(&bb, &sb, &oe) != LO_OK) return prop_verdict_of(x, &oe, "size", PROP_STRICT);
  if (!k || sb != n)
    return gen_failf(x, "B * B^c = %s is not compact of size(A) = %lld",
                     prop_show_layout(x, 0, &bb), (long long)n);
  if (lo_tuple_depth(&r.shape) != 1 || !groups_into(&r.shape, &bb.shape))
    return gen_failf(x, "A (/)flat B = %s is not a flat refinement of B * B^c = %s",
                     prop_show_layout(x, 0, &r), prop_show_layout(x, 1, &bb));
  return prop_judged(prop_is_composite(x, &a, &bb, &r));
}

/* [65] Def 2.1.7.13 with INDEX E9 (N' = the least multiple of s_m d_m >=
** size(A) cosize(B), Obs 2.3.9.2): A (x)flat B = A * (A^c o B) has size
** size(A) size(B), starts with A's modes, and Phi of the rest is
** Phi_{A^c} o Phi_B, A^c = comp-flat(A, N'). */
static gen_verdict product_spec(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, b, r, ac, tail;
  lo_int sa, sb, sr, cb, ext;
  if (prop_layout(x, 0, &a) || prop_layout(x, 1, &b)) return GEN_ERROR;
  if (lo_flat_product(&a, &b, &r, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_product", PROP_STRICT);
  if (lo_size(&a, &sa, &oe) != LO_OK) return prop_verdict_of(x, &oe, "size", PROP_STRICT);
  if (lo_size(&b, &sb, &oe) != LO_OK) return prop_verdict_of(x, &oe, "size", PROP_STRICT);
  if (lo_size(&r, &sr, &oe) != LO_OK) return prop_verdict_of(x, &oe, "size", PROP_STRICT);
  if (lo_cosize(&b, &cb, &oe) != LO_OK) return prop_verdict_of(x, &oe, "cosize", PROP_STRICT);
  if (sr != sa * sb)
    return gen_failf(x, "size(A (x)flat B) = %lld, not %lld", (long long)sr, (long long)(sa * sb));
  int n = a.shape.len;
  if (r.shape.len < n || memcmp(r.shape.leaf, a.shape.leaf, (size_t)n * sizeof(lo_int)) ||
      memcmp(r.stride, a.stride, (size_t)n * sizeof(lo_int)))
    return gen_failf(x, "A (x)flat B = %s does not start with A's modes",
                     prop_show_layout(x, 0, &r));
  if (!complementable_def(&a, &ext)) return gen_failf(x, "generated A is not complementable");
  lo_int target = (sa * cb + ext - 1) / ext * ext;
  if (lo_flat_complement(&a, target, &ac, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_complement", PROP_STRICT);
  lo_layout_flat(&tail, r.shape.leaf + n, r.stride + n, r.shape.len - n);
  return prop_judged(prop_is_composite(x, &ac, &b, &tail));
}

/* ----------------------------------------------- 2.1.8 tractable layouts */

/* [66] Def 2.1.8.1, Prop 3.1.2.10: is_tractable(L) iff Def 2.1.8.1 holds
** iff the standard representation encodes L (L_{f_L} = L); rank <= 1 is
** always tractable. */
static gen_verdict tractable_morphism(gen_ctx *x) {
  lo_layout l;
  if (prop_layout(x, 0, &l)) return GEN_ERROR;
  int t = lo_is_tractable(&l), d = tractable_def(&l), m = tractable_by_morphism(&l);
  if (t != d || t != m)
    return gen_failf(x, "is_tractable %d, Def 2.1.8.1 %d, L_{f_L} = L %d", t, d, m);
  if (l.shape.len <= 1 && !t) return gen_failf(x, "a layout of rank <= 1 is not tractable");
  return GEN_PASS;
}

/* filter(L) of the paper (Def 2.1.3.12), through the op table. */
static int paper_filter(gen_ctx *x, const char *arg, lo_layout *f) {
  return ev_layout(x, "flat_filter", 1, arg, NULL, f);
}

/* [67] Obs 2.1.8.10: a tractable L (here L_f) has filter(L) complementable,
** and L itself is complementable when it has no zero stride. */
static gen_verdict tractable_filter_complementable(gen_ctx *x) {
  lo_layout l, f;
  lo_int ext;
  if (prop_layout(x, 0, &l)) return GEN_ERROR;
  if (!lo_is_tractable(&l) || !tractable_by_morphism(&l))
    return gen_failf(x, "generated L is not tractable (is_tractable %d)", lo_is_tractable(&l));
  if (paper_filter(x, x->argv[0], &f)) return GEN_FAIL;
  if (!lo_is_complementable(&f) || !complementable_def(&f, &ext))
    return gen_failf(x, "filter(L) = %s is not complementable", prop_show_layout(x, 0, &f));
  int zero = 0;
  for (int i = 0; i < l.shape.len; i++) zero |= l.stride[i] == 0;
  if (!zero && !lo_is_complementable(&l))
    return gen_failf(x, "L has no zero stride but is not complementable");
  return GEN_PASS;
}

/* [68] Prop 2.1.8.11 with INDEX E6: L tractable iff sort(L) tractable iff
** filter(L) tractable; iff filter(L) complementable when L is
** non-degenerate. */
static gen_verdict tractable_equivalences(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout l, s, f;
  char buf[GEN_ARG_LEN];
  if (prop_layout(x, 0, &l)) return GEN_ERROR;
  if (lo_sort(&l, &s, &oe) != LO_OK) return prop_verdict_of(x, &oe, "sort", PROP_STRICT);
  if (paper_filter(x, x->argv[0], &f)) return GEN_FAIL;
  int t = tractable_by_morphism(&l), ts = tractable_by_morphism(&s), tf = tractable_by_morphism(&f);
  if (t != ts || t != tf || t != lo_is_tractable(&l))
    return gen_failf(x, "tractable: L %d, sort(L) %d, filter(L) = %s %d, is_tractable(L) %d", t, ts,
                     text_layout(&f, buf), tf, lo_is_tractable(&l));
  if (lo_is_nondegenerate(&l) && lo_is_complementable(&f) != t)
    return gen_failf(x, "L is non-degenerate, tractable %d, but filter(L) = %s complementable %d",
                     t, text_layout(&f, buf), lo_is_complementable(&f));
  return GEN_PASS;
}

/* ----------------------------------------------------------------- table */

const gen_property prop_flat_table[] = {
    {"flat.tuple_size_len", "size(X * Y) = size X size Y and len(X * Y) = len X + len Y",
     "[4] Def 2.1.1.1, p.17", GEN_THEOREM, "flat_tuple flat_tuple", "flat_concat", tuple_size_len,
     NULL},
    {"flat.tuple_monoid", "* is associative with unit (); X * Y lists X's entries, then Y's",
     "[5] Def 2.1.1.3, Remark 2.1.1.5, p.17-18", GEN_THEOREM, "flat_tuple flat_tuple flat_tuple",
     "flat_concat", tuple_monoid, NULL},
    {"flat.tuple_divides", "X' divides X iff X' is a prefix of X, and then X = X' * X''",
     "[6] Def 2.1.1.6, p.18", GEN_THEOREM, "flat_tuple_prefix", "tuple_divides", tuple_divides,
     NULL},
    {"flat.tuple_permute", "X^sigma = (x_sigma(1),...), (X^sigma)^tau = X^(sigma o tau), X^id = X",
     "[7] Def 2.1.1.8, p.18", GEN_THEOREM, "flat_tuple_cycles", "permute", tuple_permute, NULL},
    {"flat.column_major_identity",
     "column-major L of shape S has Phi_L = id on [0,size); row-major L is compact",
     "[10] Def 2.1.2.6, [15] Remark 2.1.2.25, p.19-25", GEN_THEOREM, "flat_tuple",
     "is_column_major", column_major_identity, NULL},
    {"flat.cosize_max", "cosize(L) = 1 + max Phi_L", "[11] Def 2.1.2.9, p.20", GEN_THEOREM,
     "flat_layout", "cosize", cosize_max, NULL},
    {"flat.colex_bijection",
     "index_set(S) lists [0,S) colexicographically: colex(colex^-1(k)) = k, a bijection",
     "[13] Def 2.1.2.18, p.23", GEN_THEOREM, "flat_tuple", "index_set", colex_bijection, NULL},
    {"flat.size1_strides", "strides of size-1 modes change neither phi nor Phi",
     "[18] Obs 2.1.2.29, p.25", GEN_THEOREM, "flat_size1_pair", "same_layout_function",
     size1_strides, NULL},
    {"flat.squeeze_invariants", "squeeze(L) = L|{s_i != 1} keeps size, cosize and Phi",
     "[21] Lemma 2.1.3.11, Constr 2.1.3.6, p.27", GEN_THEOREM, "flat_size1", "squeeze",
     squeeze_invariants, NULL},
    {"flat.permute_image", "L^sigma = S^sigma:D^sigma and Image(Phi_{L^sigma}) = Image(Phi_L)",
     "[23] Def 2.1.3.18, p.30", GEN_THEOREM, "flat_layout_cycle", "permute", permute_image, NULL},
    {"flat.nondecreasing_sorted",
     "Phi_L non-decreasing => squeeze(L) is its stride-0 modes, then sorted non-zero ones",
     "[26] Lemma 2.1.3.29, p.31; corrected: false as printed for size-1 modes ((2,1):(1,0)) and "
     "equal zero strides ((3,2):(0,0))",
     GEN_THEOREM, "flat_monotone", "is_sorted", nondecreasing_sorted, NULL},
    {"flat.nondecreasing_sorted_literal", "Phi_L non-decreasing => L sorted (as printed)",
     "[26] Lemma 2.1.3.29, p.31, as printed (false for (2,1):(1,0), (3,2):(0,0))", GEN_CONJECTURE,
     "flat_monotone", "is_sorted", nondecreasing_sorted_literal, NULL},
    {"flat.sort_spec", "sort(L) is sorted, has L's modes, and sort(sort L) = sort L",
     "[27] Constr 2.1.3.31, Ex 2.1.3.34, p.32", GEN_THEOREM, "flat_layout", "sort", sort_spec,
     NULL},
    {"flat.sort_image", "Image(Phi_{sort L}) = Image(Phi_L)", "[28] Obs 2.1.3.35, p.33",
     GEN_THEOREM, "flat_layout", "sort", sort_image, NULL},
    {"flat.concat_function", "Phi_{L1*...*Lk}(x) = sum_i Phi_{Li}(floor(x / (N1...N{i-1})) mod Ni)",
     "[31] Prop 2.1.3.40, p.34", GEN_THEOREM, "flat_layouts", "flat_concat", concat_function, NULL},
    {"flat.concat_attributes",
     "rank adds, size multiplies, cosize(L1*...*Lk) = 1 - k + sum cosize(Li); * associative",
     "[32] Prop 2.1.3.41, [29] Def 2.1.3.36, p.33-35", GEN_THEOREM, "flat_layouts", "flat_concat",
     concat_attributes, NULL},
    {"flat.coalesce_coalesced",
     "coal-flat(L) is flat and coalesced (Def 2.1.4.1), and coal-flat is idempotent",
     "[36] Lemma 2.1.4.15, Ex 2.1.4.16, [33] Def 2.1.4.1, p.36-37", GEN_THEOREM, "flat_uncoalesced",
     "flat_coalesce", coalesce_coalesced, NULL},
    {"flat.coalesce_function", "Phi_{coal-flat(L)} = Phi_L", "[37] Lemma 2.1.4.17, p.38",
     GEN_THEOREM, "flat_uncoalesced", "flat_coalesce", coalesce_function, NULL},
    {"flat.coalesce_unique", "Phi_A = Phi_B iff coal-flat(A) = coal-flat(B) (equal sizes)",
     "[38] Prop 2.1.4.18, p.39", GEN_THEOREM, "flat_alike", "flat_coalesce", coalesce_unique, NULL},
    {"flat.coalesce_minimal",
     "Phi_B = Phi_A => rank(coal-flat A) <= rank B, equal only for B = coal-flat(A)",
     "[39] Prop 2.1.4.19, p.40", GEN_THEOREM, "flat_split_pair", "flat_coalesce", coalesce_minimal,
     NULL},
    {"flat.compact_criterion", "L compact iff sort(squeeze(L)) is column-major",
     "[41] Prop 2.1.5.6, [40] Def 2.1.5.1, p.41", GEN_THEOREM, "flat_near_compact", "is_compact",
     compact_criterion, NULL},
    {"flat.compact_invariance", "L compact iff coal-flat(L) iff squeeze(L) iff sort(L) compact",
     "[42] Prop 2.1.5.7, p.42", GEN_THEOREM, "flat_near_compact", "is_compact", compact_invariance,
     NULL},
    {"flat.complementable_injective",
     "complementable => Phi injective; (2,2):(1,3) injective, not complementable",
     "[44] Obs 2.1.6.7, p.43", GEN_THEOREM, "flat_maybe_complementable", "is_complementable",
     complementable_injective, NULL},
    {"flat.complements_not_unique",
     "the listed complements of (8,8):(2,32), and distinct variants of one, are complements",
     "[45] Obs 2.1.6.8, p.44", GEN_THEOREM, "flat_n_complements", "is_complement",
     complements_not_unique, NULL},
    {"flat.concat_lemma",
     "squeeze(A*B) = squeeze A * squeeze B, sort(A*B) = sort(A * sort B), coal(A*B) = coal(A * "
     "coal B)",
     "[46] Lemma 2.1.6.9, p.44; INDEX E11 (sort(A * sort B), not L)", GEN_THEOREM,
     "flat_layout flat_layout", "flat_concat", concat_lemma, NULL},
    {"flat.complement_equivalences",
     "A _|_ B iff B _|_ A iff A _|_ squeeze B iff A _|_ coal-flat B iff A _|_ sort B",
     "[47] Prop 2.1.6.10, [43] Def 2.1.6.1, Ex 2.1.6.4-6, p.43-45; INDEX E11 (Ex 2.1.6.4: A _|_ "
     "E)",
     GEN_THEOREM, "flat_complement_pair", "is_complement", complement_equivalences, NULL},
    {"flat.complementable_criterion",
     "complementable => A * comp-flat(A) compact; not => no B tried is a complement",
     "[48] Def 2.1.6.11, p.45; INDEX E5 (needs d_1 > 0)", GEN_THEOREM,
     "flat_maybe_complementable flat_layout", "is_complementable", complementable_criterion, NULL},
    {"flat.complement_is_complement",
     "A * comp-flat(A) compact; comp-flat(A) sorted, coalesced, ():() for compact A",
     "[50] Lemma 2.1.6.20, [49] Constr 2.1.6.16, p.46-47", GEN_THEOREM, "flat_complementable",
     "flat_complement", complement_is_complement, NULL},
    {"flat.complement_exists", "A has a complement iff A is complementable",
     "[51] Prop 2.1.6.21, p.47", GEN_THEOREM, "flat_n_complements", "is_complementable",
     complement_exists, NULL},
    {"flat.sorted_complementable_increasing",
     "A complementable and sorted => Phi_A strictly increasing", "[52] Lemma 2.1.6.22, p.48",
     GEN_THEOREM, "flat_sorted_complementable", "layout_function", sorted_complementable_increasing,
     NULL},
    {"flat.complement_unique",
     "B' a complement of A with size(B') = size(comp-flat A) => coal-flat(sort B') = comp-flat(A)",
     "[53] Prop 2.1.6.23, p.49", GEN_THEOREM, "flat_complement_of", "flat_complement",
     complement_unique, NULL},
    {"flat.n_complementable_multiple", "complementable A is N-complementable iff s_m d_m divides N",
     "[56] Obs 2.1.6.26, [55] Def 2.1.6.25, p.49", GEN_THEOREM, "flat_complementable_n",
     "is_complementable", n_complementable_multiple, NULL},
    {"flat.n_complements_image",
     "N-complements of A share Image(Phi); coal-flat and sort of one are N-complements",
     "[57] Obs 2.1.6.27, Remark 2.1.6.28, p.49", GEN_THEOREM, "flat_n_complements",
     "flat_complement", n_complements_image, NULL},
    {"flat.n_complement_spec", "comp-flat(A, N) is an N-complement of N-complementable A",
     "[59] Lemma 2.1.6.31, [58] Constr 2.1.6.29, p.50", GEN_THEOREM, "flat_n_complements",
     "flat_complement", n_complement_spec, NULL},
    {"flat.n_complement_exists", "A has an N-complement => A is N-complementable",
     "[60] Prop 2.1.6.32, p.51", GEN_THEOREM, "flat_n_complements", "is_complementable",
     n_complement_exists, NULL},
    {"flat.n_complement_unique",
     "coal-flat(sort B) = comp-flat(A,N) for an N-complement B; comp(comp(A,N),N) = coal(sort A)",
     "[61] Prop 2.1.6.33, p.51", GEN_THEOREM, "flat_n_complements", "flat_complement",
     n_complement_unique, NULL},
    {"flat.complement_prefix",
     "N1 <= N2: Phi_{comp-flat(A,N2)} = Phi_{comp-flat(A,N1)} on [0, N1/size A)",
     "[62] Lemma 2.1.6.34, p.52; INDEX E11 (domain [0, N1/size A), not [0, N1))", GEN_THEOREM,
     "flat_two_n", "flat_complement", complement_prefix, NULL},
    {"flat.composition_trivial",
     "B o A = A for zero-stride A, or for column-major B, cosize A <= size B, A non-degenerate",
     "[63] Def 2.1.7.1, p.53", GEN_THEOREM, "flat_trivial_composition", "flat_composition",
     composition_trivial, NULL},
    {"flat.composition_definition",
     "flat B o A exists iff shape(A):(Phi_B(d_i)) has Phi_B o Phi_A, and is it; only Phi_B "
     "matters",
     "[63] Def 2.1.7.1, Remark 2.1.7.7, p.53; INDEX E11 (R is C)", GEN_THEOREM, "flat_composable",
     "flat_composition", composition_definition, NULL},
    {"flat.divide_function",
     "Phi_{A (/)flat B}(x) = Phi_A(Phi_{B * B^c}(x)), B * B^c compact of size(A)",
     "[64] Def 2.1.7.9, p.54; INDEX E7 (o is the nested composite, flattened)", GEN_THEOREM,
     "flat_divide_pair", "flat_divide", divide_function, NULL},
    {"flat.product_spec",
     "A (x)flat B has size size A size B, starts with A, tail Phi = Phi_{A^c} o Phi_B",
     "[65] Def 2.1.7.13, p.54; INDEX E9 (valid N' >= size(A) cosize(B), Obs 2.3.9.2), E7",
     GEN_THEOREM, "flat_product_pair", "flat_product", product_spec, NULL},
    {"flat.tractable_morphism", "is_tractable(L) iff Def 2.1.8.1 iff L_{f_L} = L",
     "[66] Def 2.1.8.1, p.55; Prop 3.1.2.10", GEN_THEOREM, "flat_maybe_tractable", "is_tractable",
     tractable_morphism, NULL},
    {"flat.tractable_filter_complementable",
     "L tractable => filter(L) complementable; L itself when it has no zero stride",
     "[67] Obs 2.1.8.10, p.56", GEN_THEOREM, "flat_tractable", "flat_filter",
     tractable_filter_complementable, NULL},
    {"flat.tractable_equivalences",
     "L, sort(L), filter(L) tractable alike; = filter(L) complementable for non-degenerate L",
     "[68] Prop 2.1.8.11, p.56; INDEX E6 (last equivalence needs non-degenerate)", GEN_THEOREM,
     "flat_maybe_tractable", "is_tractable", tractable_equivalences, NULL},
};
const int prop_flat_count = (int)(sizeof prop_flat_table / sizeof prop_flat_table[0]);
