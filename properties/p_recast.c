/*
** p_recast.c -- the post-conditions of the recasts and of the compact
** layouts made in an order, checked point by point by this file's own
** brute force (up to RECAST_ENUM points):
**   upcast<N>(L)       each coordinate c' of R stands for the coordinates
**                      c of L with c_i / k_i = c'_i (k_i = ceil(N / d_i), 1
**                      for d_i = 0 or d_i >= N) and they hold the N
**                      elements of unit R(c'), each once
**   downcast<N>(L)     R(c) = N L(c') + c_u mod N, c' = c with c_u / N, for
**                      the one leaf u that R makes N times longer
**   make_layout_like   shape(L), stride-0 leaves kept, the leaves of size >
**                      1 and non-zero stride compact and in the order of L's
**                      strides, idempotent
**   make_ordered_layout  shape S, compact, in the order of O
** and upcast then downcast (and back) is the identity where both answer;
** the whitepaper's recast is CuTe's upcast<N> for a scale N and its
** downcast<N> for 1/N wherever both answer.  On the plain ops these are
** theorems; on the cute_ ops conjectures, refuted where CuTe answers
** outside the contract (docs/ops.md lists the shrunk inputs).
*/
#include "properties.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RECAST_ENUM ((lo_int)1 << 14)

/* The value at the flat coordinate c of the leaves d[0..n). */
static lo_int dot(const lo_int *c, const lo_int *d, int n) {
  lo_int v = 0;
  for (int i = 0; i < n; i++) v += c[i] * d[i];
  return v;
}

/* Step the odometer c over the sizes s[0..n) (first leaf fastest); 0 when
** it wraps. */
static int odo_next(lo_int *c, const lo_int *s, int n) {
  for (int i = 0; i < n; i++) {
    if (++c[i] < s[i]) return 1;
    c[i] = 0;
  }
  return 0;
}

/* Size of l, or -1 past RECAST_ENUM (or on overflow). */
static lo_int small_size(const lo_layout *l) {
  lo_int n;
  lo_err e;
  return lo_size(l, &n, &e) == LO_OK && n <= RECAST_ENUM ? n : -1;
}

/* The upcast post-condition on an answer r of (l, n), point by point. */
static gen_verdict upcast_units(gen_ctx *x, const lo_layout *l, lo_int n, const lo_layout *r,
                                const char *who) {
  int len = l->shape.len;
  lo_int k[LO_MAX_LEAVES], c[LO_MAX_LEAVES] = {0};
  lo_int sl = small_size(l), sr = small_size(r);
  if (sl < 0 || sr < 0 || n > 64) return GEN_DISCARD;
  if (!lo_tuple_congruent(&l->shape, &r->shape))
    return gen_failf(x, "%s prints %s, not congruent to L", who, prop_show_layout(x, 0, r));
  for (int i = 0; i < len; i++)
    k[i] = l->stride[i] == 0 || l->stride[i] >= n ? 1 : (n + l->stride[i] - 1) / l->stride[i];
  uint64_t *seen = calloc((size_t)(sr ? sr : 1), sizeof *seen);
  if (!seen) return GEN_DISCARD;
  gen_verdict v = GEN_PASS;
  if (sl > 0) do {
      lo_int j = 0, w = 1, cp[LO_MAX_LEAVES];
      int fits = 1;
      for (int i = 0; i < len; i++) { /* R's index of the group */
        cp[i] = c[i] / k[i];
        if (cp[i] >= r->shape.leaf[i]) fits = 0;
        j += cp[i] * w;
        w *= r->shape.leaf[i];
      }
      lo_int val = dot(c, l->stride, len);
      if (!fits) {
        v = gen_failf(x, "%s prints %s, which has no coordinate for L's at %lld", who,
                      prop_show_layout(x, 0, r), (long long)val);
        break;
      }
      lo_int u = dot(cp, r->stride, len), off = val - n * u;
      if (off < 0 || off >= n || (seen[j] >> off & 1)) {
        v = gen_failf(x,
                      "%s prints %s: R's coordinate %lld is unit %lld (elements %lld..%lld), but "
                      "L's coordinates there hold element %lld%s",
                      who, prop_show_layout(x, 0, r), (long long)j, (long long)u,
                      (long long)(n * u), (long long)(n * u + n - 1), (long long)val,
                      off >= 0 && off < n ? " twice" : "");
        break;
      }
      seen[j] |= (uint64_t)1 << off;
    } while (odo_next(c, l->shape.leaf, len));
  uint64_t full = n == 64 ? ~(uint64_t)0 : ((uint64_t)1 << n) - 1;
  for (lo_int j = 0; v == GEN_PASS && j < sr; j++)
    if (seen[j] != full)
      v = gen_failf(x, "%s prints %s: R's coordinate %lld holds only part of its unit", who,
                    prop_show_layout(x, 0, r), (long long)j);
  free(seen);
  return v;
}

/* The downcast post-condition on an answer r of (l, n), point by point. */
static gen_verdict downcast_elements(gen_ctx *x, const lo_layout *l, lo_int n, const lo_layout *r,
                                     const char *who) {
  int len = l->shape.len, u = -1;
  lo_int c[LO_MAX_LEAVES] = {0};
  if (small_size(r) < 0) return GEN_DISCARD;
  if (!lo_tuple_congruent(&l->shape, &r->shape))
    return gen_failf(x, "%s prints %s, not congruent to L", who, prop_show_layout(x, 0, r));
  for (int i = 0; i < len; i++) {
    if (r->shape.leaf[i] == l->shape.leaf[i]) continue;
    if (u >= 0 || r->shape.leaf[i] != n * l->shape.leaf[i])
      return gen_failf(x, "%s prints %s, whose shape is not L's with one leaf %lld times longer",
                       who, prop_show_layout(x, 0, r), (long long)n);
    u = i;
  }
  if (u < 0) {
    if (n != 1) return gen_failf(x, "%s prints %s, as long as L", who, prop_show_layout(x, 0, r));
    return lo_layout_equal(l, r)
               ? GEN_PASS
               : gen_failf(x, "%s prints %s, not L", who, prop_show_layout(x, 0, r));
  }
  do {
    lo_int cl[LO_MAX_LEAVES];
    memcpy(cl, c, sizeof(lo_int) * (size_t)len);
    cl[u] = c[u] / n;
    lo_int want = n * dot(cl, l->stride, len) + c[u] % n, got = dot(c, r->stride, len);
    if (got != want)
      return gen_failf(x,
                       "%s prints %s: R is %lld at a coordinate where element %lld of L's unit "
                       "is %lld",
                       who, prop_show_layout(x, 0, r), (long long)got, (long long)(c[u] % n),
                       (long long)want);
  } while (odo_next(c, r->shape.leaf, len));
  return GEN_PASS;
}

/* Whether the leaves of r with size > 1 and (when live_only) non-zero
** stride take each value of [0, their size) once; key[i] (or NULL) must
** order their strides.  A failing verdict, or GEN_PASS. */
static gen_verdict compact_keyed(gen_ctx *x, const lo_layout *r, const lo_int *key, int live_only,
                                 const char *who) {
  lo_int s[LO_MAX_LEAVES], d[LO_MAX_LEAVES], c[LO_MAX_LEAVES] = {0}, size = 1;
  int m = 0;
  for (int i = 0; i < r->shape.len; i++) {
    if (r->shape.leaf[i] == 1 || (live_only && r->stride[i] == 0)) continue;
    for (int j = 0; key && j < r->shape.len; j++)
      if (r->shape.leaf[j] > 1 && r->stride[j] != 0 && key[j] < key[i] &&
          r->stride[j] >= r->stride[i])
        return gen_failf(x,
                         "%s prints %s: leaf %d comes before leaf %d in the order, but its "
                         "stride is not smaller",
                         who, prop_show_layout(x, 0, r), j + 1, i + 1);
    s[m] = r->shape.leaf[i];
    d[m++] = r->stride[i];
    if (__builtin_mul_overflow(size, r->shape.leaf[i], &size) || size > RECAST_ENUM)
      return GEN_DISCARD;
  }
  unsigned char *hit = calloc((size_t)size, 1);
  if (!hit) return GEN_DISCARD;
  gen_verdict v = GEN_PASS;
  do {
    lo_int val = dot(c, d, m);
    if (val < 0 || val >= size || hit[val]) {
      v = gen_failf(x, "%s prints %s, not compact%s: %lld is %s", who, prop_show_layout(x, 0, r),
                    live_only ? " on its non-zero modes" : "", (long long)val,
                    val >= 0 && val < size ? "taken twice" : "past its size");
      break;
    }
    hit[val] = 1;
  } while (m > 0 && odo_next(c, s, m));
  free(hit);
  return v;
}

/* The make_layout_like post-conditions on an answer r of l. */
static gen_verdict like_post(gen_ctx *x, const lo_layout *l, const lo_layout *r, const char *who) {
  if (!lo_tuple_equal(&l->shape, &r->shape))
    return gen_failf(x, "%s prints %s, not of L's shape", who, prop_show_layout(x, 0, r));
  for (int i = 0; i < l->shape.len; i++)
    if (l->stride[i] == 0 && r->stride[i] != 0)
      return gen_failf(x, "%s prints %s: leaf %d of stride 0 in L is not 0", who,
                       prop_show_layout(x, 0, r), i + 1);
  return compact_keyed(x, r, l->stride, 1, who);
}

/* The key (order entry) over each leaf of shape s, the order o weakly
** congruent (an integer over a sub-tuple keys all its leaves); -1 when
** they do not match. */
static int order_keys(const lo_tuple *s, const lo_tuple *o, lo_int *key) {
  int ps = 0, po = 0, ls = 0, lo_ = 0;
  while (po < o->ntok && ps < s->ntok) {
    if (o->tok[po] == '*') { /* one entry of s */
      int depth = 0;
      lo_int k = o->leaf[lo_++];
      po++;
      do {
        char t = s->tok[ps++];
        depth += t == '(' ? 1 : t == ')' ? -1 : 0;
        if (t == '*') key[ls++] = k;
      } while (depth > 0 && ps < s->ntok);
    } else if (o->tok[po] == s->tok[ps]) {
      po++;
      ps++;
    } else {
      return -1;
    }
  }
  return po == o->ntok && ps == s->ntok && ls == s->len ? 0 : -1;
}

/* ------------------------------------------------------------- checks */

/* An answer of a plain op or its cute_ twin: NULL-safe discard on refusal. */
typedef int (*lay_n_fn)(const lo_layout *, lo_int, lo_layout *, lo_err *);

/* A recast's post-condition (upcast_units or downcast_elements) on fn's
** answer for the case's (L, n); a refusal is a discard. */
typedef gen_verdict (*recast_post_fn)(gen_ctx *, const lo_layout *, lo_int, const lo_layout *,
                                      const char *);
static gen_verdict check_recast(gen_ctx *x, lay_n_fn fn, recast_post_fn post, const char *who) {
  lo_layout l, r;
  lo_int n;
  lo_err e;
  if (prop_layout(x, 0, &l) || prop_int(x, 1, &n)) return GEN_ERROR;
  if (fn(&l, n, &r, &e) != LO_OK) {
    x->labels |= 1u << GEN_L_UNDEFINED;
    return GEN_DISCARD;
  }
  return post(x, &l, n, &r, who);
}

static gen_verdict upcast_post(gen_ctx *x) {
  return check_recast(x, lo_upcast, upcast_units, "upcast");
}
static gen_verdict cute_upcast_post(gen_ctx *x) {
  return check_recast(x, lo_cute_upcast, upcast_units, "CuTe");
}
static gen_verdict downcast_post(gen_ctx *x) {
  return check_recast(x, lo_downcast, downcast_elements, "downcast");
}
static gen_verdict cute_downcast_post(gen_ctx *x) {
  return check_recast(x, lo_cute_downcast, downcast_elements, "CuTe");
}

/* upcast then downcast (up first when up_first), both plain, give L back. */
static gen_verdict round_trip(gen_ctx *x, int up_first) {
  lo_layout l, m, back;
  lo_int n;
  lo_err e;
  if (prop_layout(x, 0, &l) || prop_int(x, 1, &n)) return GEN_ERROR;
  if ((up_first ? lo_upcast(&l, n, &m, &e) : lo_downcast(&l, n, &m, &e)) != LO_OK ||
      (up_first ? lo_downcast(&m, n, &back, &e) : lo_upcast(&m, n, &back, &e)) != LO_OK) {
    x->labels |= 1u << GEN_L_UNDEFINED;
    return GEN_DISCARD;
  }
  if (!lo_layout_equal(&l, &back))
    return gen_failf(x, "%s<N>(L) = %s, and back is %s", up_first ? "upcast" : "downcast",
                     prop_show_layout(x, 0, &m), prop_show_layout(x, 1, &back));
  return GEN_PASS;
}
static gen_verdict up_down_identity(gen_ctx *x) { return round_trip(x, 1); }
static gen_verdict down_up_identity(gen_ctx *x) { return round_trip(x, 0); }

/* The whitepaper's recast by N and by 1/N is CuTe's upcast<N> and
** downcast<N> wherever both answer. */
static gen_verdict recast_is_cute(gen_ctx *x) {
  lo_layout l, a, b;
  lo_int n;
  lo_err e;
  if (prop_layout(x, 0, &l) || prop_int(x, 1, &n)) return GEN_ERROR;
  int ran = 0;
  if (lo_recast(&l, n, 1, &a, &e) == LO_OK && lo_cute_upcast(&l, n, &b, &e) == LO_OK) {
    ran = 1;
    if (!lo_layout_equal(&a, &b))
      return gen_failf(x, "recast(L, N) = %s, upcast<N>(L) = %s", prop_show_layout(x, 0, &a),
                       prop_show_layout(x, 1, &b));
  }
  if (lo_recast(&l, 1, n, &a, &e) == LO_OK && lo_cute_downcast(&l, n, &b, &e) == LO_OK) {
    ran = 1;
    if (!lo_layout_equal(&a, &b))
      return gen_failf(x, "recast(L, 1/N) = %s, downcast<N>(L) = %s", prop_show_layout(x, 0, &a),
                       prop_show_layout(x, 1, &b));
  }
  if (!ran) x->labels |= 1u << GEN_L_UNDEFINED;
  return ran ? GEN_PASS : GEN_DISCARD;
}

/* make_layout_like's post-conditions on the answer of fn; with idem, also
** fn(R) = R. */
static gen_verdict check_like(gen_ctx *x, int (*fn)(const lo_layout *, lo_layout *, lo_err *),
                              const char *who) {
  lo_layout l, r, rr;
  lo_err e;
  if (prop_layout(x, 0, &l)) return GEN_ERROR;
  if (fn(&l, &r, &e) != LO_OK) {
    x->labels |= 1u << GEN_L_UNDEFINED;
    return GEN_DISCARD;
  }
  gen_verdict v = like_post(x, &l, &r, who);
  if (v != GEN_PASS) return v;
  if (fn(&r, &rr, &e) != LO_OK)
    return gen_failf(x, "%s prints %s, and then refuses it: %s", who, prop_show_layout(x, 0, &r),
                     e.msg);
  if (!lo_layout_equal(&r, &rr))
    return gen_failf(x, "%s prints %s, and %s of that", who, prop_show_layout(x, 0, &r),
                     prop_show_layout(x, 1, &rr));
  return GEN_PASS;
}
static gen_verdict like_post_plain(gen_ctx *x) {
  return check_like(x, lo_make_layout_like, "make_layout_like");
}
static gen_verdict like_post_cute(gen_ctx *x) {
  return check_like(x, lo_cute_make_layout_like, "CuTe");
}

/* make_ordered_layout's post-conditions on the answer of fn. */
static gen_verdict
check_ordered(gen_ctx *x, int (*fn)(const lo_tuple *, const lo_tuple *, lo_layout *, lo_err *),
              const char *who) {
  lo_tuple s, o;
  lo_layout r;
  lo_err e;
  lo_int key[LO_MAX_LEAVES];
  if (prop_tuple(x, 0, &s)) return GEN_ERROR;
  if (x->argc < 2 || lo_parse_index(x->argv[1], &o, &e))
    return gen_errorf(x, "argument 2: not an order");
  if (fn(&s, &o, &r, &e) != LO_OK || order_keys(&s, &o, key)) {
    x->labels |= 1u << GEN_L_UNDEFINED;
    return GEN_DISCARD;
  }
  if (!lo_tuple_equal(&s, &r.shape))
    return gen_failf(x, "%s prints %s, not of shape S", who, prop_show_layout(x, 0, &r));
  /* leaves under one order entry share its key: column-major among them is
  ** CuTe's choice, the compactness check below covers them */
  return compact_keyed(x, &r, key, 0, who);
}
static gen_verdict ordered_post_plain(gen_ctx *x) {
  return check_ordered(x, lo_make_ordered_layout, "make_ordered_layout");
}
static gen_verdict ordered_post_cute(gen_ctx *x) {
  return check_ordered(x, lo_cute_make_ordered_layout, "CuTe");
}

/* The plain op prints its cute_ twin's text wherever both answer. */
static gen_verdict follows(gen_ctx *x, const char *op) {
  char plain[512], cute[512], twin[64];
  const char *argv[2] = {x->argv[0], x->argc > 1 ? x->argv[1] : ""};
  int argc = strcmp(op, "make_layout_like") == 0 ? 1 : 2;
  snprintf(twin, sizeof twin, "cute_%s", op);
  if (lo_eval(op, argc, argv, plain, sizeof plain) != LO_OK ||
      lo_eval(twin, argc, argv, cute, sizeof cute) != LO_OK)
    return GEN_DISCARD;
  if (strcmp(plain, cute) != 0)
    return gen_failf(x, "%s prints %s but CuTe C++ prints %s", op, plain, cute);
  return GEN_PASS;
}
static gen_verdict follows_upcast(gen_ctx *x) { return follows(x, "upcast"); }
static gen_verdict follows_downcast(gen_ctx *x) { return follows(x, "downcast"); }
static gen_verdict follows_like(gen_ctx *x) { return follows(x, "make_layout_like"); }
static gen_verdict follows_ordered(gen_ctx *x) { return follows(x, "make_ordered_layout"); }

#define SRC_UP                                                                                     \
  "cute/layout.hpp upcast: for the stride-1 mode divide the size by N, other strides by N"
#define SRC_DOWN                                                                                   \
  "cute/layout.hpp downcast: for the stride-1 mode multiply the size by N, other strides by N"
#define SRC_LIKE                                                                                   \
  "PyCuTe make_layout_like post-conditions (shape kept, non-zero modes compact, idempotent); "     \
  "cute/layout.hpp make_layout_like: static-0 strides preserved"
#define SRC_ORD "PyCuTe make_ordered_layout post-conditions (shape kept, compact); cute/layout.hpp"

const gen_property prop_recast_table[] = {
    {"recast.upcast_units",
     "upcast<N>(L), where it answers, is the layout of L's N-element units, each whole", SRC_UP,
     GEN_THEOREM, "unit_layout", "upcast", upcast_post, NULL, NULL, 0},
    {"recast.downcast_elements",
     "downcast<N>(L), where it answers, splits each unit of L into its N elements", SRC_DOWN,
     GEN_THEOREM, "unit_layout", "downcast", downcast_post, NULL, NULL, 0},
    {"recast.upcast_then_downcast", "downcast<N>(upcast<N>(L)) = L wherever both answer",
     "PyCuTe docs/04_layout_algebra.md (recast); cute/layout.hpp upcast, downcast", GEN_THEOREM,
     "unit_layout", "upcast", up_down_identity, NULL, NULL, 0},
    {"recast.downcast_then_upcast", "upcast<N>(downcast<N>(L)) = L wherever both answer",
     "PyCuTe docs/04_layout_algebra.md (recast); cute/layout.hpp upcast, downcast", GEN_THEOREM,
     "unit_layout", "downcast", down_up_identity, NULL, NULL, 0},
    {"recast.whitepaper_is_cute",
     "the whitepaper's recast by N and by 1/N is CuTe's upcast<N> and downcast<N> where both "
     "answer",
     "PyCuTe pycute/layout.py recast; cute/layout.hpp upcast, downcast", GEN_THEOREM, "unit_layout",
     "recast", recast_is_cute, NULL, NULL, 1},
    {"recast.make_layout_like_post",
     "make_layout_like(L), where it answers, has L's shape and zeros, is compact on its non-zero "
     "modes in the order of L's strides, and is idempotent",
     SRC_LIKE, GEN_THEOREM, "layout", "make_layout_like", like_post_plain, NULL, NULL, 0},
    {"recast.make_ordered_layout_post",
     "make_ordered_layout(S, O), where it answers, has shape S and is compact in the order of O",
     SRC_ORD, GEN_THEOREM, "shape_order", "make_ordered_layout", ordered_post_plain, NULL, NULL, 0},
    {"cute.upcast_contract", "CuTe's upcast<N>(L), when it compiles, is the layout of whole units",
     SRC_UP, GEN_CONJECTURE, "unit_layout", "cute_upcast", cute_upcast_post, NULL, NULL, 0},
    {"cute.downcast_contract",
     "CuTe's downcast<N>(L), when it compiles, splits each unit into its N elements", SRC_DOWN,
     GEN_CONJECTURE, "unit_layout", "cute_downcast", cute_downcast_post, NULL, NULL, 0},
    {"cute.make_layout_like_contract", "CuTe's make_layout_like(L) meets PyCuTe's post-conditions",
     SRC_LIKE, GEN_CONJECTURE, "layout", "cute_make_layout_like", like_post_cute, NULL, NULL, 0},
    {"cute.make_ordered_layout_contract",
     "CuTe's make_ordered_layout(S, O), when it compiles, is compact in the order of O", SRC_ORD,
     GEN_CONJECTURE, "shape_order", "cute_make_ordered_layout", ordered_post_cute, NULL, NULL, 0},
    {"plain.upcast_follows_cute", "upcast prints CuTe's text wherever both answer",
     "docs/ops.md: the plain ops follow CuTe C++", GEN_THEOREM, "unit_layout", "upcast",
     follows_upcast, NULL, NULL, 0},
    {"plain.downcast_follows_cute", "downcast prints CuTe's text wherever both answer",
     "docs/ops.md: the plain ops follow CuTe C++", GEN_THEOREM, "unit_layout", "downcast",
     follows_downcast, NULL, NULL, 0},
    {"plain.make_layout_like_follows_cute",
     "make_layout_like prints CuTe's text wherever both answer",
     "docs/ops.md: the plain ops follow CuTe C++", GEN_THEOREM, "layout", "make_layout_like",
     follows_like, NULL, NULL, 0},
    {"plain.make_ordered_layout_follows_cute",
     "make_ordered_layout prints CuTe's text wherever both answer",
     "docs/ops.md: the plain ops follow CuTe C++", GEN_THEOREM, "shape_order",
     "make_ordered_layout", follows_ordered, NULL, NULL, 0},
};
const int prop_recast_count = (int)(sizeof prop_recast_table / sizeof prop_recast_table[0]);
