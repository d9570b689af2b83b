/*
** p_analysis.c -- the post-conditions of C. Cecka's whitepaper
** (arXiv:2603.02298) for its analysis ops, as PyCuTe states them
** (docs/04_layout_algebra.md, the docstrings of pycute/algebra.py), over
** the plain ops nullspace, coalesce_z, greatest_common_domain and
** layout_add.  Each check is its own brute force over the points.
*/
#include "properties.h"

#include <string.h>

#define WP "whitepaper arXiv:2603.02298 via PyCuTe "

/* The greatest common divisor of x, y >= 0. */
static lo_int gcd_of(lo_int x, lo_int y) {
  while (y) {
    lo_int t = x % y;
    x = y;
    y = t;
  }
  return x;
}

/* size(l) when it is at most the run's brute-force bound, else -1. */
static lo_int small_size(gen_ctx *x, const lo_layout *l) {
  lo_int n;
  lo_err e;
  if (lo_size(l, &n, &e) || n > x->bounds->max_size) return -1;
  return n;
}

/* nullspace: L(R(i)) = 0 for i in [0, size R), each R(i) a point of L's
** domain, R injective, and R enumerates every point L sends to 0 (as many
** as there are zeros of L on [0, size L)). */
static gen_verdict nullspace_post(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout l, r;
  lo_err e;
  if (prop_layout(x, 0, &l)) return GEN_ERROR;
  if (lo_nullspace(&l, &r, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "nullspace", PROP_BOUNDED_ARITH);
  lo_int n = small_size(x, &l), nr = small_size(x, &r), zeros = 0;
  if (n < 0 || nr < 0) return GEN_DISCARD;
  for (lo_int i = 0; i < n; i++) {
    lo_int v;
    if (lo_apply(&l, i, &v, &e)) return GEN_DISCARD;
    zeros += v == 0;
  }
  if (zeros != nr)
    return gen_failf(x, "L sends %lld points to 0 but R = %s has size %lld", (long long)zeros,
                     prop_show_layout(x, 0, &r), (long long)nr);
  lo_int prev = -1;
  for (lo_int i = 0; i < nr; i++) {
    lo_int c, v;
    if (lo_apply(&r, i, &c, &e)) return GEN_DISCARD;
    if (c >= n || lo_apply(&l, c, &v, &e) || v != 0)
      return gen_failf(x, "R = %s: R(%lld) = %lld, which L does not send to 0",
                       prop_show_layout(x, 0, &r), (long long)i, (long long)c);
    /* R's strides are prefix products of L's shape: R is increasing */
    if (c <= prev)
      return gen_failf(x, "R = %s is not injective: R(%lld) = %lld after %lld",
                       prop_show_layout(x, 0, &r), (long long)i, (long long)c, (long long)prev);
    prev = c;
  }
  return GEN_PASS;
}

/* coalesce_z: size(R) = size(L), depth(R) <= 1, R(i) = L(i) for every
** integer i >= 0 (checked on [0, 2 size + 2), past the domain). */
static gen_verdict coalesce_z_post(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout l, r;
  lo_err e;
  if (prop_layout(x, 0, &l)) return GEN_ERROR;
  if (lo_coalesce_z(&l, NULL, &r, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "coalesce_z", PROP_BOUNDED_ARITH);
  lo_int n = small_size(x, &l);
  if (n < 0) return GEN_DISCARD;
  if (small_size(x, &r) != n || lo_tuple_depth(&r.shape) > 1)
    return gen_failf(x, "R = %s: size or depth wrong for L of size %lld",
                     prop_show_layout(x, 0, &r), (long long)n);
  if (l.shape.len == 0) return GEN_PASS; /* no mode to run on past the domain */
  for (lo_int i = 0; i < 2 * n + 2; i++) {
    lo_int u, v;
    if (lo_apply(&l, i, &u, &e) || lo_apply(&r, i, &v, &e)) return GEN_DISCARD;
    if (u != v)
      return gen_failf(x, "R = %s: R(%lld) = %lld but L(%lld) = %lld%s", prop_show_layout(x, 0, &r),
                       (long long)i, (long long)v, (long long)i, (long long)u,
                       i >= n ? " (past the domain)" : "");
  }
  return GEN_PASS;
}

/* coalesce = coalesce_z with a last size-1 mode dropped (1:0 when only a
** size-1 mode is left). */
static gen_verdict coalesce_z_vs_coalesce(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout l, z, c;
  if (prop_layout(x, 0, &l)) return GEN_ERROR;
  if (lo_coalesce_z(&l, NULL, &z, &oe) != LO_OK || lo_coalesce(&l, &c, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "coalesce", PROP_BOUNDED_ARITH);
  lo_layout d;
  lo_layout_copy(&d, &z);
  int n = d.shape.len;
  if (n > 1 && d.shape.leaf[n - 1] == 1) {
    lo_int s[LO_MAX_LEAVES], t[LO_MAX_LEAVES];
    for (int i = 0; i < n - 1; i++) s[i] = d.shape.leaf[i], t[i] = d.stride[i];
    if (n - 1 == 1)
      lo_layout_scalar(&d, s[0], t[0]);
    else
      lo_layout_flat(&d, s, t, n - 1);
  } else if (n == 1 && d.shape.leaf[0] == 1) {
    lo_layout_scalar(&d, 1, 0);
  }
  if (!lo_layout_equal(&d, &c))
    return gen_failf(x, "coalesce_z = %s, less its last size-1 mode %s, but coalesce = %s",
                     prop_show_layout(x, 0, &z), prop_show_layout(x, 1, &d),
                     prop_show_layout(x, 2, &c));
  return GEN_PASS;
}

/* The rest of the shape s divided by G, as PyCuTe's logical_divide(s,
** G)[1] has it (its coordinate strides never merge two entries): each mode
** g:q of G lies inside one entry s_i of s, at the offset q / P_i within it
** (P_i the product of the entries before); the entry leaves the factors
** between G's modes and after the last, in order, those of size 1 left
** out.  A mode of G not so aligned fails the case (G must divide s). */
static int rest_of(gen_ctx *x, const lo_tuple *s, const lo_layout *g, lo_tuple *out) {
  lo_int r[LO_MAX_LEAVES], p = 1;
  int n = 0, k = 0;
  if (g->shape.len == 1 && g->shape.leaf[0] == 1) k = 1; /* (1):(0): nothing shared */
  for (int i = 0; i < s->len; i++) {
    lo_int cur = 1, si = s->leaf[i]; /* how far into entry i G has reached */
    for (; k < g->shape.len && g->stride[k] < p * si; k++) {
      lo_int o = g->stride[k];
      if (o < p || o % p != 0 || (o / p) % cur != 0) {
        gen_failf(x, "G = %s: the mode %lld:%lld is not aligned with the entry %lld",
                  prop_show_layout(x, 0, g), (long long)g->shape.leaf[k], (long long)o,
                  (long long)si);
        return 1;
      }
      if (o / p / cur > 1 && n < LO_MAX_LEAVES) r[n++] = o / p / cur;
      cur = o / p * g->shape.leaf[k];
    }
    if (si % cur != 0) {
      gen_failf(x, "G = %s does not divide the entry %lld", prop_show_layout(x, 0, g),
                (long long)si);
      return 1;
    }
    if (si / cur > 1 && n < LO_MAX_LEAVES) r[n++] = si / cur;
    p *= si;
  }
  if (k < g->shape.len) {
    gen_failf(x, "G = %s reaches past the shape", prop_show_layout(x, 0, g));
    return 1;
  }
  lo_tuple_flat(out, r, n);
  return 0;
}

/* greatest_common_domain: symmetric, depth 1, size dividing gcd(size A,
** size B); composition(A, G) and composition(B, G) admissible (the plain
** composition answers, and is A o G point by point); and greatest: the
** rests of shape(A) and shape(B) divided by G (rest_of) share nothing. */
static gen_verdict gcd_post(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, b, g, h;
  if (prop_layout(x, 0, &a) || prop_layout(x, 1, &b)) return GEN_ERROR;
  if (lo_greatest_common_domain(&a.shape, &b.shape, &g, &oe) != LO_OK ||
      lo_greatest_common_domain(&b.shape, &a.shape, &h, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "greatest_common_domain", PROP_BOUNDED_ARITH);
  if (!lo_layout_equal(&g, &h))
    return gen_failf(x, "G(A,B) = %s but G(B,A) = %s", prop_show_layout(x, 0, &g),
                     prop_show_layout(x, 1, &h));
  if (lo_tuple_depth(&g.shape) != 1)
    return gen_failf(x, "G = %s has depth %d, not 1", prop_show_layout(x, 0, &g),
                     lo_tuple_depth(&g.shape));
  lo_int sa = small_size(x, &a), sb = small_size(x, &b), sg = small_size(x, &g);
  if (sa < 0 || sb < 0 || sg < 0) return GEN_DISCARD;
  if (gcd_of(sa, sb) % sg != 0)
    return gen_failf(x, "size(G) = %lld does not divide gcd(%lld, %lld)", (long long)sg,
                     (long long)sa, (long long)sb);
  const lo_layout *side[2] = {&a, &b};
  lo_tuple rest[2];
  for (int k = 0; k < 2; k++) {
    lo_layout r;
    if (lo_composition(side[k], &g, &r, &oe) != LO_OK)
      return gen_failf(x, "composition(%s, G = %s) is not admissible: %s",
                       prop_show_layout(x, 0, side[k]), prop_show_layout(x, 1, &g), oe.msg);
    int ok = prop_is_composite(x, side[k], &g, &r);
    if (ok <= 0) return ok < 0 ? GEN_DISCARD : GEN_FAIL;
    if (rest_of(x, &side[k]->shape, &g, &rest[k])) return GEN_FAIL;
  }
  lo_layout more;
  if (lo_greatest_common_domain(&rest[0], &rest[1], &more, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "greatest_common_domain", PROP_BOUNDED_ARITH);
  if (more.shape.len != 1 || more.shape.leaf[0] != 1)
    return gen_failf(x, "G = %s is not greatest: the rests %s and %s still share %s",
                     prop_show_layout(x, 0, &g), prop_show_tuple(x, 1, &rest[0]),
                     prop_show_tuple(x, 2, &rest[1]), prop_show_layout(x, 3, &more));
  return GEN_PASS;
}

/* Whether f[0..n) is the layout function of some flat layout, found as
** (s[0..*k)):(d[0..*k)) (room for 64 modes): a first mode s1:f(1), s1
** dividing n, with f(c + s1 j) = f(1) c + f(s1 j), and the rest the layout
** function of j -> f(s1 j).  Every layout's function is a flat layout's
** (its flattening), so this decides whether any layout has it.  n <= 256. */
static int is_layout_function(const lo_int *f, lo_int n, lo_int *s, lo_int *d, int *k) {
  if (f[0] != 0) return 0;
  if (n == 1) return 1;
  lo_int sub[256];
  for (lo_int s1 = 2; s1 <= n; s1++) {
    if (n % s1) continue;
    int ok = 1;
    for (lo_int j = 0; ok && j < n / s1; j++)
      for (lo_int c = 0; ok && c < s1; c++) ok = f[c + s1 * j] == f[1] * c + f[s1 * j];
    if (!ok) continue;
    for (lo_int j = 0; j < n / s1; j++) sub[j] = f[s1 * j];
    int at = *k;
    s[at] = s1;
    d[at] = f[1];
    (*k)++;
    if (is_layout_function(sub, n / s1, s, d, k)) return 1;
    *k = at;
  }
  return 0;
}

/* layout_add: where it answers, size(R) = size(A), R(i) = A(i) + B(i) on
** [0, size), and layout_add(B, A) is the same layout; it refuses only for
** want of a common refinement (the sizes are equal here), then refuses
** (B, A) too, and then no layout has the function A + B (PyCuTe: "when no
** such Layout R exists, a ValueError is raised"), checked up to size 256. */
static gen_verdict layout_add_post(gen_ctx *x) {
  lo_err oe = {LO_OK, ""}, oe2 = {LO_OK, ""};
  lo_layout a, b, r, q;
  lo_err e;
  if (prop_layout(x, 0, &a) || prop_layout(x, 1, &b)) return GEN_ERROR;
  int rc = lo_layout_add(&a, &b, &r, &oe), rc2 = lo_layout_add(&b, &a, &q, &oe2);
  if (rc == LO_EOVERFLOW || rc2 == LO_EOVERFLOW) return GEN_DISCARD;
  if ((rc == LO_OK) != (rc2 == LO_OK))
    return gen_failf(x, "layout_add answers for one order only: %s", rc ? oe.msg : oe2.msg);
  if (rc != LO_OK) {
    if (rc != LO_EUNDEF || !strstr(oe.msg, "no common refinement"))
      return prop_verdict_of(x, &oe, "layout_add", PROP_STRICT);
    x->labels |= 1u << GEN_L_UNDEFINED;
    /* refused: no layout may have the function A + B */
    lo_int n = small_size(x, &a), f[256], ss[64], dd[64];
    int k = 0;
    if (n < 0 || n > 256) return GEN_DISCARD;
    for (lo_int i = 0; i < n; i++) {
      lo_int u, v;
      if (lo_apply(&a, i, &u, &e) || lo_apply(&b, i, &v, &e)) return GEN_DISCARD;
      f[i] = u + v;
    }
    if (is_layout_function(f, n, ss, dd, &k)) {
      lo_layout w;
      lo_layout_flat(&w, ss, dd, k);
      return gen_failf(x, "layout_add refuses (%s), but %s has the function A + B", oe.msg,
                       prop_show_layout(x, 0, &w));
    }
    return GEN_PASS;
  }
  if (!lo_layout_equal(&r, &q))
    return gen_failf(x, "layout_add(A,B) = %s but layout_add(B,A) = %s", prop_show_layout(x, 0, &r),
                     prop_show_layout(x, 1, &q));
  lo_int n = small_size(x, &a);
  if (n < 0) return GEN_DISCARD;
  if (small_size(x, &r) != n)
    return gen_failf(x, "R = %s has not the size %lld of A", prop_show_layout(x, 0, &r),
                     (long long)n);
  for (lo_int i = 0; i < n; i++) {
    lo_int u, v, w;
    if (lo_apply(&a, i, &u, &e) || lo_apply(&b, i, &v, &e) || lo_apply(&r, i, &w, &e))
      return GEN_DISCARD;
    if (w != u + v)
      return gen_failf(x, "R = %s: R(%lld) = %lld but A(%lld) + B(%lld) = %lld + %lld",
                       prop_show_layout(x, 0, &r), (long long)i, (long long)w, (long long)i,
                       (long long)i, (long long)u, (long long)v);
  }
  return GEN_PASS;
}

const gen_property prop_analysis_table[] = {
    {"wp.nullspace", "L(R(i)) = 0 for i < size R, R injective and onto the zeros of L",
     WP "docs/04_layout_algebra.md, nullspace post-condition L(R(i)) = 0; the docstring's "
        "'exactly the coordinates c with A(c) == 0'",
     GEN_THEOREM, "layout", "nullspace", nullspace_post, NULL, "L", 0},
    {"wp.coalesce_z", "size(R) = size(L), depth(R) <= 1, R(i) = L(i) for every i >= 0",
     WP "docs/04_layout_algebra.md and the coalesce_z docstring, post-conditions", GEN_THEOREM,
     "packed_layout", "coalesce_z", coalesce_z_post, NULL, "L", 0},
    {"wp.coalesce_z_nested",
     "size(R) = size(L), depth(R) <= 1, R(i) = L(i) for every i >= 0",
     WP "docs/04_layout_algebra.md and the coalesce_z docstring, post-conditions", GEN_THEOREM,
     "layout", "coalesce_z", coalesce_z_post, NULL, "L", 0},
    {"wp.coalesce_drop1", "coalesce(L) = coalesce_z(L) less a last size-1 mode",
     WP "docs/04_layout_algebra.md, 'coalesce vs coalesce_z'", GEN_THEOREM, "layout", "coalesce_z",
     coalesce_z_vs_coalesce, NULL, "L", 1},
    {"wp.gcd",
     "G symmetric, depth 1, size(G) | gcd(size A, size B), A o G and B o G admissible, the rests "
     "share nothing",
     WP "greatest_common_domain docstring, post-conditions", GEN_THEOREM, "same_size_layouts",
     "greatest_common_domain", gcd_post, NULL, "A B", 0},
    {"wp.gcd_any",
     "G symmetric, depth 1, size(G) | gcd(size A, size B), A o G and B o G admissible, the rests "
     "share nothing",
     WP "greatest_common_domain docstring, post-conditions", GEN_THEOREM, "layout_pair",
     "greatest_common_domain", gcd_post, NULL, "A B", 0},
    {"wp.layout_add",
     "R(i) = A(i) + B(i) on [0, size), size(R) = size(A), symmetric; refused only where no "
     "layout is A + B",
     WP "docs/04_layout_algebra.md, layout_add post-condition R(i) = A(i) + B(i); the docstring's "
        "symmetry and 'when no such Layout R exists, a ValueError is raised'",
     GEN_THEOREM, "same_size_layouts", "layout_add", layout_add_post, NULL, "A B", 0},
};
const int prop_analysis_count =
    (int)(sizeof prop_analysis_table / sizeof prop_analysis_table[0]);
