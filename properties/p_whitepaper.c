/*
** p_whitepaper.c -- the post-conditions PyCuTe states for the ops of the
** layout algebra (docs/04_layout_algebra.md, the docstrings of
** pycute/algebra.py; the whitepaper, arXiv:2603.02298, section 3, where
** PyCuTe names its section), each as a property over our generators.
**
** The op a post-condition is about is evaluated through wp_call (see
** p_whitepaper.h): the oracle's plain op in the ordinary run, a system
** under test in `fuzz --sut COMMAND --postconditions`.  Every other step
** of a check is the oracle's.  A refusal of the op (an error answer)
** discards the case, labelled undefined: a post-condition speaks of the
** op's result where it has one.  The stated post-conditions that are not
** checked, and why, are listed in docs/properties.md ("The whitepaper's
** post-conditions").
**
** Tilers: a case of a by-mode property is drawn as two pairs (A_j, B_j)
** (a case holds at most GEN_MAX_ARGS = 4 values); the check puts A =
** (A_1, A_2, L) together, with L = B_1 as a third mode that the tiler
** does not reach (any layout would do), and the tiler <B_1, B_2>, writing
** an entry n:1 as the integer n (CuTe's integral tiler, which is
** make_layout(n) = n:1), as users write it.
*/
#include "p_whitepaper.h"

#include "properties.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WP_TEXT 4096 /* a request or an answer */

/* Nonzero when p is a post-condition property; see p_whitepaper.h. */
int wp_is_postcondition(const gen_property *p) {
  return p >= prop_whitepaper_table && p < prop_whitepaper_table + prop_whitepaper_count;
}

/* ------------------------------------------------------ the op under test */

/* "op(a, b, ...)" into x->shown[slot], for messages. */
static const char *show_call(gen_ctx *x, int slot, const char *op, int argc,
                             const char *const *argv) {
  char *b = x->shown[slot];
  size_t cap = sizeof x->shown[0], n = 0;
  int w = snprintf(b, cap, "%s(", op);
  n = w > 0 ? (size_t)w : 0;
  for (int i = 0; i < argc && n < cap; i++) {
    w = snprintf(b + n, cap - n, "%s%s", i ? ", " : "", argv[i]);
    n += w > 0 ? (size_t)w : 0;
  }
  if (n < cap) snprintf(b + n, cap - n, ")");
  return b;
}

/* Evaluate op (the oracle's oracle_op) on argv for check x into out: by
** the oracle when x carries no caller, an error written "error: MSG",
** else by x's caller.  Returns its status. */
static wp_status wp_eval(gen_ctx *x, const char *op, const char *oracle_op, int argc,
                         const char *const *argv, char *out, size_t cap) {
  const wp_caller *c = x->data;
  assert(cap > 16);
  if (!c) {
    memcpy(out, "error: ", 8);
    if (lo_eval(oracle_op, argc, argv, out + 7, cap - 7) == LO_OK)
      memmove(out, out + 7, strlen(out + 7) + 1);
    return WP_ANSWERED;
  }
  char req[WP_TEXT];
  size_t n = (size_t)snprintf(req, sizeof req, "%s", op);
  for (int i = 0; i < argc && n < sizeof req; i++)
    n += (size_t)snprintf(req + n, sizeof req - n, " %s", argv[i]);
  if (n >= sizeof req) {
    snprintf(out, cap, "the request is longer than %zu bytes", sizeof req);
    return WP_BROKEN;
  }
  return c->call(c->ud, req, out, cap);
}

/* The op under test, op(argv) (oracle_op for the oracle), as a layout:
** GEN_PASS with *r set; else the verdict the check returns: GEN_DISCARD
** when the op refused (labelled undefined) or has not answered yet,
** GEN_FAIL when its answer is not a layout or its implementation broke. */
static gen_verdict wp_layout(gen_ctx *x, lo_layout *r, const char *op, const char *oracle_op,
                             int argc, const char *const *argv) {
  char out[WP_TEXT];
  lo_err e;
  wp_status st = wp_eval(x, op, oracle_op, argc, argv, out, sizeof out);
  if (st == WP_PENDING) return GEN_DISCARD;
  if (st == WP_BROKEN)
    return gen_failf(x, "%s: the system under test failed: %s", show_call(x, 0, op, argc, argv),
                     out);
  if (strncmp(out, "error:", 6) == 0) {
    x->labels |= 1u << GEN_L_UNDEFINED;
    return GEN_DISCARD;
  }
  if (lo_parse_layout(out, r, &e) != LO_OK || r->is_tiler)
    return gen_failf(x, "%s answers '%.200s', which is not a layout",
                     show_call(x, 0, op, argc, argv), out);
  return GEN_PASS;
}

/* ------------------------------------------------------------- helpers */

/* Text of l into buf[0..cap); nonzero when it does not fit. */
static int text_of(const lo_layout *l, char *buf, size_t cap) {
  return lo_print_layout(l, buf, cap) != LO_OK;
}

/* compatible(B, R) of PyCuTe: size(R) = size(B) and every coordinate of B
** is one of R, i.e. shape(R) refines shape(B).  0, or nonzero with the
** message (WHAT names R). */
static int wp_compatible(gen_ctx *x, const lo_layout *b, const lo_layout *r, const char *what) {
  if (lo_refines(&r->shape, &b->shape)) return 0;
  gen_failf(x, "compatible(B, %s) fails: the shape of %s = %s does not refine shape(B) = %s", what,
            what, prop_show_layout(x, 0, r), prop_show_tuple(x, 1, &b->shape));
  return 1;
}

/* Mode k (1-based) of r, failing (nonzero) when r has no such mode. */
static int wp_mode(gen_ctx *x, const lo_layout *r, int k, lo_layout *m, const char *what) {
  lo_err e;
  if (lo_tuple_rank(&r->shape) >= k && lo_layout_mode(r, k, m, &e) == LO_OK) return 0;
  gen_failf(x, "%s = %s has no mode %d", what, prop_show_layout(x, 0, r), k);
  return 1;
}

/* The rank of r must be n. */
static int wp_rank(gen_ctx *x, const lo_layout *r, int n, const char *what) {
  int k = lo_tuple_rank(&r->shape);
  if (k == n) return 0;
  gen_failf(x, "rank(%s) = %d, not %d: %s", what, k, n, prop_show_layout(x, 0, r));
  return 1;
}

/* a and b are the same layout (PyCuTe's ==: shapes and strides). */
static int wp_equal(gen_ctx *x, const lo_layout *a, const lo_layout *b, const char *what) {
  if (lo_layout_equal(a, b)) return 0;
  gen_failf(x, "%s: %s vs %s", what, prop_show_layout(x, 0, a), prop_show_layout(x, 1, b));
  return 1;
}

/* A = (parts...) as a layout and its text; GEN_PASS, or GEN_DISCARD when
** it does not fit the oracle's limits. */
static gen_verdict wp_nest(const lo_layout *const *parts, int n, lo_layout *a, char *text,
                           size_t cap) {
  lo_err e;
  if (lo_layout_nest(parts, n, a, &e) != LO_OK || text_of(a, text, cap)) return GEN_DISCARD;
  return GEN_PASS;
}

/* The tiler <B_1, ..., B_n> as text, an entry n:1 written as the integer n. */
static gen_verdict wp_tiler(const lo_layout *const *b, int n, char *text, size_t cap) {
  size_t used = 0;
  text[used++] = '<';
  for (int j = 0; j < n; j++) {
    char one[WP_TEXT];
    if (lo_tuple_is_int(&b[j]->shape) && b[j]->stride[0] == 1)
      snprintf(one, sizeof one, "%lld", (long long)b[j]->shape.leaf[0]);
    else if (text_of(b[j], one, sizeof one))
      return GEN_DISCARD;
    int w = snprintf(text + used, cap - used, "%s%s", j ? "," : "", one);
    if (w < 0 || (size_t)w >= cap - used) return GEN_DISCARD;
    used += (size_t)w;
  }
  if (used + 2 > cap) return GEN_DISCARD;
  text[used++] = '>';
  text[used] = 0;
  return GEN_PASS;
}

/* Read the case's layouts args[0..n). */
static int wp_args(gen_ctx *x, lo_layout *l, int n) {
  for (int i = 0; i < n; i++)
    if (prop_layout(x, i, &l[i])) return 1;
  return 0;
}

/* Say which request a failure of a check over built values was about:
** x->msg becomes "op(a, b): MSG".  Returns v. */
static gen_verdict wp_about(gen_ctx *x, gen_verdict v, const char *op, const char *a,
                            const char *b) {
  if (v != GEN_FAIL) return v;
  char m[sizeof x->msg];
  snprintf(m, sizeof m, "%s", x->msg);
  int n = snprintf(x->msg, sizeof x->msg, "%s(%.120s, %.120s): ", op, a, b);
  if (n > 0 && (size_t)n < sizeof x->msg)
    memcpy(x->msg + n, m, strnlen(m, sizeof x->msg - (size_t)n - 1) + 1);
  x->msg[sizeof x->msg - 1] = 0;
  return v;
}

/* ------------------------------------------------------------ coalesce */

/* The post-conditions of coalesce(A) and coalesce(A, P) on r: size(r) =
** size(a), r(i) = a(i) on [0, size a); the depth condition is the
** caller's. */
static gen_verdict coalesce_keeps(gen_ctx *x, const lo_layout *a, const lo_layout *r) {
  lo_int sa, sr;
  lo_err e;
  if (lo_size(a, &sa, &e) || lo_size(r, &sr, &e)) return GEN_DISCARD;
  if (sa != sr)
    return gen_failf(x, "size(R) = %lld but size(A) = %lld, R = %s", (long long)sr, (long long)sa,
                     prop_show_layout(x, 0, r));
  return prop_judged(prop_same_function(x, r, a, "R(i) = A(i)"));
}

/* coalesce(A): size(R) = size(A), depth(R) <= 1, R(i) = A(i) on [0, size A). */
static gen_verdict wp_coalesce(gen_ctx *x) {
  lo_layout a, r;
  gen_verdict v;
  if (wp_args(x, &a, 1)) return GEN_ERROR;
  if ((v = wp_layout(x, &r, "coalesce", "coalesce", 1, x->argv)) != GEN_PASS) return v;
  if (lo_tuple_depth(&r.shape) > 1)
    return gen_failf(x, "depth(R) = %d > 1, R = %s", lo_tuple_depth(&r.shape),
                     prop_show_layout(x, 0, &r));
  return coalesce_keeps(x, &a, &r);
}

/* The profile of a's top-level modes, "(1,1,...)" (level 1), or one level
** further, "((1,1),1,...)" for the modes that are tuples (level 2), into
** buf (a leaf 1 is "coalesce here", as PyCuTe and CuTe write it).  0, or
** -1 when a's shape is an integer or (level 2) no mode is a tuple. */
static int profile_of(const lo_layout *a, int level, char *buf, size_t cap) {
  int rank = lo_tuple_rank(&a->shape), nested = 0;
  size_t n = 0;
  if (lo_tuple_is_int(&a->shape) || rank < 1) return -1;
  buf[n++] = '(';
  for (int k = 1; k <= rank; k++) {
    lo_layout m;
    lo_err e;
    if (lo_layout_mode(a, k, &m, &e)) return -1;
    int sub = level == 2 && !lo_tuple_is_int(&m.shape) ? lo_tuple_rank(&m.shape) : 0;
    if (n + 4 + 2 * (size_t)sub >= cap) return -1;
    if (k > 1) buf[n++] = ',';
    if (sub > 0) {
      nested = 1;
      buf[n++] = '(';
      for (int j = 0; j < sub; j++) {
        if (j) buf[n++] = ',';
        buf[n++] = '1';
      }
      buf[n++] = ')';
    } else
      buf[n++] = '1';
  }
  buf[n++] = ')';
  buf[n] = 0;
  return level == 2 && !nested ? -1 : 0;
}

/* Every mode of r at a leaf of the profile text prof has depth <= 1
** ("within mode"), r having the profile's modes. */
static gen_verdict profile_depths(gen_ctx *x, const lo_layout *r, const char *prof) {
  lo_tuple p;
  lo_err e;
  if (lo_parse_profile(prof, &p, &e)) return GEN_ERROR;
  int rank = lo_tuple_rank(&p);
  if (wp_rank(x, r, rank, "R")) return GEN_FAIL;
  for (int k = 1; k <= rank; k++) {
    lo_tuple pk;
    lo_layout m;
    int first;
    if (lo_tuple_mode(&p, k, &pk, &first, &e) || wp_mode(x, r, k, &m, "R")) return GEN_FAIL;
    int sub = lo_tuple_is_int(&pk) ? 0 : lo_tuple_rank(&pk);
    if (sub == 0) {
      if (lo_tuple_depth(&m.shape) > 1)
        return gen_failf(x, "mode %d of R = %s has depth %d > 1 at a leaf of the profile %s", k,
                         prop_show_layout(x, 0, r), lo_tuple_depth(&m.shape), prof);
      continue;
    }
    if (wp_rank(x, &m, sub, "a mode of R")) return GEN_FAIL;
    for (int j = 1; j <= sub; j++) {
      lo_layout mm;
      if (wp_mode(x, &m, j, &mm, "a mode of R")) return GEN_FAIL;
      if (lo_tuple_depth(&mm.shape) > 1)
        return gen_failf(x, "mode (%d,%d) of R = %s has depth %d > 1 at a leaf of the profile %s",
                         k, j, prop_show_layout(x, 0, r), lo_tuple_depth(&mm.shape), prof);
    }
  }
  return GEN_PASS;
}

/* coalesce(A, P) for P the top-level profile of A and, where A has nested
** modes, the profile one level down: size kept, R(i) = A(i), depth <= 1
** at each leaf of P within its mode. */
static gen_verdict wp_coalesce_profile(gen_ctx *x) {
  lo_layout a, r;
  gen_verdict v;
  char prof[2][LO_MAX_TOKENS * 2 + 8];
  if (wp_args(x, &a, 1)) return GEN_ERROR;
  int have[2] = {profile_of(&a, 1, prof[0], sizeof prof[0]) == 0,
                 profile_of(&a, 2, prof[1], sizeof prof[1]) == 0};
  if (!have[0]) return GEN_DISCARD;
  for (int t = 0; t < 2; t++) {
    if (!have[t]) continue;
    const char *args[2] = {x->argv[0], prof[t]};
    if ((v = wp_layout(x, &r, "coalesce", "coalesce", 2, args)) != GEN_PASS) return v;
    if ((v = profile_depths(x, &r, prof[t])) != GEN_PASS ||
        (v = coalesce_keeps(x, &a, &r)) != GEN_PASS) {
      if (v == GEN_FAIL) {
        char m[sizeof x->msg];
        snprintf(m, sizeof m, "%s", x->msg);
        gen_failf(x, "P = %s: %s", prof[t], m);
      }
      return v;
    }
  }
  return GEN_PASS;
}

/* --------------------------------------------------------- composition */

/* composition(A, B): compatible(B, R), R(i) = A(B(i)) on [0, size B). */
static gen_verdict wp_composition(gen_ctx *x) {
  lo_layout l[2], r;
  gen_verdict v;
  if (wp_args(x, l, 2)) return GEN_ERROR;
  if ((v = wp_layout(x, &r, "composition", "composition", 2, x->argv)) != GEN_PASS) return v;
  if (wp_compatible(x, &l[1], &r, "R")) return GEN_FAIL;
  return prop_judged(prop_is_composite(x, &l[0], &l[1], &r));
}

/* composition(A, <B_1, B_2>) for A = (A_1, A_2, L): mode j of R is
** compatible with B_j and R_j(i) = A_j(B_j(i)) (by-mode composition). */
static gen_verdict wp_composition_tiler(gen_ctx *x) {
  lo_layout l[4], a, r, m;
  char at[WP_TEXT], bt[WP_TEXT];
  gen_verdict v;
  if (wp_args(x, l, 4)) return GEN_ERROR;
  const lo_layout *parts[3] = {&l[0], &l[2], &l[1]}, *tiles[2] = {&l[1], &l[3]};
  if (wp_nest(parts, 3, &a, at, sizeof at) || wp_tiler(tiles, 2, bt, sizeof bt)) return GEN_DISCARD;
  const char *args[2] = {at, bt};
  if ((v = wp_layout(x, &r, "composition", "composition", 2, args)) != GEN_PASS) return v;
  for (int j = 0; j < 2; j++) {
    if (wp_mode(x, &r, j + 1, &m, "R") || wp_compatible(x, tiles[j], &m, "mode j of R"))
      return wp_about(x, GEN_FAIL, "composition", at, bt);
    int ok = prop_is_composite(x, parts[j], tiles[j], &m);
    if (ok <= 0) return wp_about(x, prop_judged(ok), "composition", at, bt);
  }
  return GEN_PASS;
}

/* ---------------------------------------------------------- complement */

/* Is the sorted chain of l's modes with non-zero stride and size > 1
** divisible: each d_{k-1} s_{k-1} divides d_k?  (PyCuTe's condition for
** the strong post-condition.) */
static int chain_divisible(const lo_layout *l) {
  lo_layout f, s;
  lo_err e;
  if (lo_flat_filter(l, &f, &e) || lo_squeeze(&f, &s, &e) || lo_sort(&s, &f, &e)) return 0;
  for (int k = 1; k < f.shape.len; k++) {
    lo_int run;
    if (lo_mul(f.stride[k - 1], f.shape.leaf[k - 1], &run, "extent", &e) || run == 0 ||
        f.stride[k] % run)
      return 0;
  }
  return 1;
}

/* Compare two offsets for qsort. */
static int cmp_int(const void *a, const void *b) {
  lo_int u = *(const lo_int *)a, v = *(const lo_int *)b;
  return (u > v) - (u < v);
}

/* The post-conditions of complement(L[, N]) = R: ordered (R(i-1) < R(i)
** on [1, size R)), disjoint (R(i) != L(j) for i in [1, size R), j in
** [0, size L): R(0) = L(0) = 0 always), and, when L's sorted chain is
** divisible, (filter(L), R) a bijection onto [0, size(filter L) size R). */
static gen_verdict complement_post(gen_ctx *x, const lo_layout *l, const lo_layout *r) {
  lo_int sl, sr, prev = 0, v;
  lo_err e;
  if ((sl = prop_small_size(x, &l->shape)) < 0 || (sr = prop_small_size(x, &r->shape)) < 0)
    return GEN_DISCARD;
  lo_int *img = malloc((size_t)(sl > 0 ? sl : 1) * sizeof *img);
  if (!img) return GEN_DISCARD;
  for (lo_int j = 0; j < sl; j++)
    if (lo_apply(l, j, &img[j], &e)) return free(img), GEN_DISCARD;
  qsort(img, (size_t)sl, sizeof *img, cmp_int);
  for (lo_int i = 0; i < sr; i++) {
    if (lo_apply(r, i, &v, &e)) return free(img), GEN_DISCARD;
    if (i > 0 && v <= prev) {
      free(img);
      return gen_failf(x, "R = %s is not ordered: R(%lld) = %lld, R(%lld) = %lld",
                       prop_show_layout(x, 0, r), (long long)(i - 1), (long long)prev, (long long)i,
                       (long long)v);
    }
    if (i > 0 && bsearch(&v, img, (size_t)sl, sizeof *img, cmp_int)) {
      free(img);
      return gen_failf(x, "R = %s meets the image of L: R(%lld) = %lld is a value of L",
                       prop_show_layout(x, 0, r), (long long)i, (long long)v);
    }
    prev = v;
  }
  free(img);
  if (!chain_divisible(l)) return GEN_PASS;
  lo_layout f, lr;
  if (lo_filter(l, &f, &e)) return GEN_DISCARD;
  const lo_layout *pp[2] = {&f, r};
  if (lo_layout_nest(pp, 2, &lr, &e)) return GEN_DISCARD;
  if (!lo_is_compact(&lr))
    return gen_failf(x,
                     "L's chain is divisible but (filter(L), R) = %s is not a bijection onto "
                     "[0, size)",
                     prop_show_layout(x, 0, &lr));
  return GEN_PASS;
}

/* complement(L, N): the post-conditions of complement_post. */
static gen_verdict wp_complement(gen_ctx *x) {
  lo_layout l, r;
  gen_verdict v;
  if (wp_args(x, &l, 1)) return GEN_ERROR;
  if ((v = wp_layout(x, &r, "complement", "complement", 2, x->argv)) != GEN_PASS) return v;
  return complement_post(x, &l, &r);
}

/* complement(L), no N: the same post-conditions. */
static gen_verdict wp_complement_alone(gen_ctx *x) {
  lo_layout l, r;
  gen_verdict v;
  if (wp_args(x, &l, 1)) return GEN_ERROR;
  if ((v = wp_layout(x, &r, "complement", "complement", 1, x->argv)) != GEN_PASS) return v;
  return complement_post(x, &l, &r);
}

/* ------------------------------------------------------------- divides */

/* Every value of a is a value of r (the logical divide covers A's
** offsets); 1, 0 (x->msg says which), -1 too large. */
static int image_within(gen_ctx *x, const lo_layout *a, const lo_layout *r) {
  lo_int sa, sr, v;
  lo_err e;
  if ((sa = prop_small_size(x, &a->shape)) < 0 || (sr = prop_small_size(x, &r->shape)) < 0)
    return -1;
  lo_int *img = malloc((size_t)(sr > 0 ? sr : 1) * sizeof *img);
  if (!img) return -1;
  for (lo_int i = 0; i < sr; i++)
    if (lo_apply(r, i, &img[i], &e)) return free(img), -1;
  qsort(img, (size_t)sr, sizeof *img, cmp_int);
  for (lo_int j = 0; j < sa; j++) {
    if (lo_apply(a, j, &v, &e)) return free(img), -1;
    if (!bsearch(&v, img, (size_t)sr, sizeof *img, cmp_int)) {
      free(img);
      gen_failf(x, "A(%lld) = %lld is not a value of R = %s", (long long)j, (long long)v,
                prop_show_layout(x, 0, r));
      return 0;
    }
  }
  free(img);
  return 1;
}

/* The post-conditions of logical_divide(A, B) and zipped_divide(A, B) for
** a layout B, on R = op(A, B): rank(R) = 2, compatible(B, R[0]),
** R[0] == composition(A, B) (evaluated by the same implementation), and
** for logical_divide every offset of A in the image of R and the
** definition A / B = A o (B, B*), B* = complement(B, size(A)), up to the
** layout function. */
static gen_verdict divide_post(gen_ctx *x, const char *op, int definition) {
  lo_layout l[2], r, r0, c, star, def;
  char nt[32], bb[WP_TEXT];
  gen_verdict v;
  lo_int sa;
  lo_err e;
  if (wp_args(x, l, 2)) return GEN_ERROR;
  if ((v = wp_layout(x, &r, op, op, 2, x->argv)) != GEN_PASS) return v;
  if (wp_rank(x, &r, 2, "R") || wp_mode(x, &r, 1, &r0, "R") || wp_compatible(x, &l[1], &r0, "R[0]"))
    return GEN_FAIL;
  if ((v = wp_layout(x, &c, "composition", "composition", 2, x->argv)) != GEN_PASS) return v;
  if (wp_equal(x, &r0, &c, "R[0] vs composition(A, B)")) return GEN_FAIL;
  if (!definition) return GEN_PASS;
  int in = image_within(x, &l[0], &r);
  if (in <= 0) return prop_judged(in);
  if (lo_size(&l[0], &sa, &e)) return GEN_DISCARD;
  snprintf(nt, sizeof nt, "%lld", (long long)sa);
  const char *cargs[2] = {x->argv[1], nt};
  if ((v = wp_layout(x, &star, "complement", "complement", 2, cargs)) != GEN_PASS) return v;
  const lo_layout *bs[2] = {&l[1], &star};
  if (wp_nest(bs, 2, &c, bb, sizeof bb)) return GEN_DISCARD;
  const char *dargs[2] = {x->argv[0], bb};
  if ((v = wp_layout(x, &def, "composition", "composition", 2, dargs)) != GEN_PASS) return v;
  return prop_judged(prop_same_function(x, &r, &def, "R vs A o (B, complement(B, size A))"));
}

static gen_verdict wp_logical_divide(gen_ctx *x) { return divide_post(x, "logical_divide", 1); }
static gen_verdict wp_zipped_divide(gen_ctx *x) { return divide_post(x, "zipped_divide", 0); }

/* The by-mode cases: A = (A_1, A_2, L), L = B_1, and the tiler <B_1, B_2>
** of the case's four layouts, as layouts and texts. */
static gen_verdict by_mode_case(gen_ctx *x, lo_layout *l, lo_layout *a, char *at, char *bt) {
  if (wp_args(x, l, 4)) return GEN_ERROR;
  const lo_layout *parts[3] = {&l[0], &l[2], &l[1]}, *tiles[2] = {&l[1], &l[3]};
  if (wp_nest(parts, 3, a, at, WP_TEXT) || wp_tiler(tiles, 2, bt, WP_TEXT)) return GEN_DISCARD;
  return GEN_PASS;
}

/* logical_divide(A, <B_1, B_2>), A = (A_1, A_2, L): R_j =
** logical_divide(A_j, B_j) for j = 1, 2 and R_3 = L (Eq. (12); a mode of A
** past the tiler is left as it is). */
static gen_verdict wp_logical_divide_tiler(gen_ctx *x) {
  lo_layout l[4], a, r, m, rj;
  char at[WP_TEXT], bt[WP_TEXT];
  gen_verdict v;
  if ((v = by_mode_case(x, l, &a, at, bt)) != GEN_PASS) return v;
  const char *args[2] = {at, bt};
  if ((v = wp_layout(x, &r, "logical_divide", "logical_divide", 2, args)) != GEN_PASS) return v;
  if (wp_rank(x, &r, 3, "R")) return wp_about(x, GEN_FAIL, "logical_divide", at, bt);
  for (int j = 0; j < 2; j++) {
    const char *mj[2] = {x->argv[2 * j], x->argv[2 * j + 1]};
    if ((v = wp_layout(x, &rj, "logical_divide", "logical_divide", 2, mj)) != GEN_PASS) return v;
    if (wp_mode(x, &r, j + 1, &m, "R") ||
        wp_equal(x, &m, &rj,
                 j ? "R[1] vs logical_divide(A_2, B_2)" : "R[0] vs logical_divide(A_1, B_1)"))
      return wp_about(x, GEN_FAIL, "logical_divide", at, bt);
  }
  if (wp_mode(x, &r, 3, &m, "R") || wp_equal(x, &m, &l[1], "R[2] vs the mode of A past the tiler"))
    return wp_about(x, GEN_FAIL, "logical_divide", at, bt);
  return GEN_PASS;
}

/* zipped_divide(A, <B_1, B_2>), A = (A_1, A_2, L): rank(R) = 2, mode j of
** R[0] compatible with B_j, R[0] == composition(A, <B_1, B_2>). */
static gen_verdict wp_zipped_divide_tiler(gen_ctx *x) {
  lo_layout l[4], a, r, r0, m, c;
  char at[WP_TEXT], bt[WP_TEXT];
  gen_verdict v;
  if ((v = by_mode_case(x, l, &a, at, bt)) != GEN_PASS) return v;
  const char *args[2] = {at, bt};
  if ((v = wp_layout(x, &r, "zipped_divide", "zipped_divide", 2, args)) != GEN_PASS) return v;
  if (wp_rank(x, &r, 2, "R") || wp_mode(x, &r, 1, &r0, "R") || wp_rank(x, &r0, 2, "R[0]"))
    return wp_about(x, GEN_FAIL, "zipped_divide", at, bt);
  for (int j = 0; j < 2; j++)
    if (wp_mode(x, &r0, j + 1, &m, "R[0]") || wp_compatible(x, &l[2 * j + 1], &m, "mode j of R[0]"))
      return wp_about(x, GEN_FAIL, "zipped_divide", at, bt);
  if ((v = wp_layout(x, &c, "composition", "composition", 2, args)) != GEN_PASS) return v;
  if (wp_equal(x, &r0, &c, "R[0] vs composition(A, B)"))
    return wp_about(x, GEN_FAIL, "zipped_divide", at, bt);
  return GEN_PASS;
}

/* ------------------------------------------------------------ products */

/* logical_product(A, B): rank(R) = 2, R[0] == A, compatible(B, R[1]). */
static gen_verdict wp_logical_product(gen_ctx *x) {
  lo_layout l[2], r, m;
  gen_verdict v;
  if (wp_args(x, l, 2)) return GEN_ERROR;
  if ((v = wp_layout(x, &r, "logical_product", "logical_product", 2, x->argv)) != GEN_PASS)
    return v;
  if (wp_rank(x, &r, 2, "R") || wp_mode(x, &r, 1, &m, "R") || wp_equal(x, &m, &l[0], "R[0] vs A") ||
      wp_mode(x, &r, 2, &m, "R") || wp_compatible(x, &l[1], &m, "R[1]"))
    return GEN_FAIL;
  return GEN_PASS;
}

/* logical_product(A, <B_1, B_2>), A = (A_1, A_2): R_j =
** logical_product(A_j, B_j) (Eq. (12)). */
static gen_verdict wp_logical_product_tiler(gen_ctx *x) {
  lo_layout l[4], a, r, m, rj;
  char at[WP_TEXT], bt[WP_TEXT];
  gen_verdict v;
  if (wp_args(x, l, 4)) return GEN_ERROR;
  const lo_layout *parts[2] = {&l[0], &l[2]}, *tiles[2] = {&l[1], &l[3]};
  if (wp_nest(parts, 2, &a, at, sizeof at) || wp_tiler(tiles, 2, bt, sizeof bt)) return GEN_DISCARD;
  const char *args[2] = {at, bt};
  if ((v = wp_layout(x, &r, "logical_product", "logical_product", 2, args)) != GEN_PASS) return v;
  if (wp_rank(x, &r, 2, "R")) return wp_about(x, GEN_FAIL, "logical_product", at, bt);
  for (int j = 0; j < 2; j++) {
    const char *mj[2] = {x->argv[2 * j], x->argv[2 * j + 1]};
    if ((v = wp_layout(x, &rj, "logical_product", "logical_product", 2, mj)) != GEN_PASS) return v;
    if (wp_mode(x, &r, j + 1, &m, "R") ||
        wp_equal(x, &m, &rj,
                 j ? "R[1] vs logical_product(A_2, B_2)" : "R[0] vs logical_product(A_1, B_1)"))
      return wp_about(x, GEN_FAIL, "logical_product", at, bt);
  }
  return GEN_PASS;
}

/* blocked_product or raked_product (op; the oracle's cute_ twin) of A =
** (A_1, A_2 c), c the largest extent s d of A_1's modes (A_2's strides
** scaled by c), and B = (B_1, B_2): rank(R) = rank(A) = rank(B) = 2. */
static gen_verdict rank_product(gen_ctx *x, const char *op, const char *oracle_op) {
  lo_layout l[4], a, b, r;
  char at[WP_TEXT], bt[WP_TEXT];
  gen_verdict v;
  lo_int c;
  lo_err e;
  if (wp_args(x, l, 4)) return GEN_ERROR;
  /* A_2 scaled past the extents s d of A_1's modes, so that A stays
  ** injective with a chain CuTe's complement takes */
  c = 1;
  for (int i = 0; i < l[0].shape.len; i++) {
    lo_int ext;
    if (lo_mul(l[0].shape.leaf[i], l[0].stride[i], &ext, "extent", &e)) return GEN_DISCARD;
    if (ext > c) c = ext;
  }
  for (int i = 0; i < l[2].shape.len; i++)
    if (lo_mul(l[2].stride[i], c, &l[2].stride[i], "stride", &e)) return GEN_DISCARD;
  const lo_layout *parts[2] = {&l[0], &l[2]}, *tiles[2] = {&l[1], &l[3]};
  if (wp_nest(parts, 2, &a, at, sizeof at) || wp_nest(tiles, 2, &b, bt, sizeof bt))
    return GEN_DISCARD;
  const char *args[2] = {at, bt};
  if ((v = wp_layout(x, &r, op, oracle_op, 2, args)) != GEN_PASS) return v;
  return wp_rank(x, &r, 2, "R") ? wp_about(x, GEN_FAIL, op, at, bt) : GEN_PASS;
}

static gen_verdict wp_blocked_product(gen_ctx *x) {
  return rank_product(x, "blocked_product", "cute_blocked_product");
}
static gen_verdict wp_raked_product(gen_ctx *x) {
  return rank_product(x, "raked_product", "cute_raked_product");
}

/* ------------------------------------------------------------ inverses */

/* right_inverse(L) = R: R(L(R(i))) = R(i) and, the codomain being the
** integers, L(R(i)) = i, for i in [0, size R) (R and L run on past their
** sizes, as a Layout called at an integer does). */
static gen_verdict wp_right_inverse(gen_ctx *x) {
  lo_layout l, r;
  gen_verdict v;
  lo_int sr, ri, lri, rlri;
  lo_err e;
  if (wp_args(x, &l, 1)) return GEN_ERROR;
  if ((v = wp_layout(x, &r, "right_inverse", "right_inverse", 1, x->argv)) != GEN_PASS) return v;
  if ((sr = prop_small_size(x, &r.shape)) < 0) return GEN_DISCARD;
  for (lo_int i = 0; i < sr; i++) {
    if (lo_apply(&r, i, &ri, &e) || lo_apply(&l, ri, &lri, &e) || lo_apply(&r, lri, &rlri, &e))
      return GEN_DISCARD;
    if (rlri != ri)
      return gen_failf(x, "R = %s: R(L(R(%lld))) = %lld but R(%lld) = %lld",
                       prop_show_layout(x, 0, &r), (long long)i, (long long)rlri, (long long)i,
                       (long long)ri);
    if (lri != i)
      return gen_failf(x, "R = %s: L(R(%lld)) = %lld", prop_show_layout(x, 0, &r), (long long)i,
                       (long long)lri);
  }
  return GEN_PASS;
}

/* left_inverse(L) = R for an injective L: L(R(L(i))) = L(i) and R(L(i)) =
** i for i in [0, size L). */
static gen_verdict wp_left_inverse(gen_ctx *x) {
  lo_layout l, r;
  gen_verdict v;
  lo_int sl, li, rli, lrli;
  lo_err e;
  if (wp_args(x, &l, 1)) return GEN_ERROR;
  if ((v = wp_layout(x, &r, "left_inverse", "left_inverse", 1, x->argv)) != GEN_PASS) return v;
  if ((sl = prop_small_size(x, &l.shape)) < 0) return GEN_DISCARD;
  for (lo_int i = 0; i < sl; i++) {
    if (lo_apply(&l, i, &li, &e) || lo_apply(&r, li, &rli, &e) || lo_apply(&l, rli, &lrli, &e))
      return GEN_DISCARD;
    if (lrli != li)
      return gen_failf(x, "R = %s: L(R(L(%lld))) = %lld but L(%lld) = %lld",
                       prop_show_layout(x, 0, &r), (long long)i, (long long)lrli, (long long)i,
                       (long long)li);
    if (rli != i)
      return gen_failf(x, "R = %s: R(L(%lld)) = %lld, L being injective",
                       prop_show_layout(x, 0, &r), (long long)i, (long long)rli);
  }
  return GEN_PASS;
}

/* --------------------------------------------------------------- table */

#define DOC  "PyCuTe docs/04_layout_algebra.md"
#define ALG  "PyCuTe pycute/algebra.py"
#define PAIR "composable_layouts composable_layouts"
#define DIVS "divide_layouts divide_layouts"
#define PRDS "product_layouts product_layouts"

const gen_property prop_whitepaper_table[] = {
    {"wp.coalesce", "size(R) = size(A), depth(R) <= 1, R(i) = A(i) on [0, size A)",
     "Whitepaper 3.2 (" DOC ", Coalesce); " ALG " coalesce", GEN_THEOREM, "layout", "coalesce",
     wp_coalesce, NULL, "A", 0},
    {"wp.coalesce_profile",
     "coalesce(A, P): size kept, R(i) = A(i), depth <= 1 at each leaf of P within its mode",
     DOC " (By-mode coalesce); " ALG " coalesce", GEN_THEOREM, "layout", "coalesce",
     wp_coalesce_profile, NULL, "A", 1},
    {"wp.composition", "compatible(B, R) and R(i) = A(B(i)) on [0, size B)",
     "Whitepaper 3.3 (" DOC ", Composition); " ALG " composition", GEN_THEOREM,
     "composable_layouts", "composition", wp_composition, NULL, "A B", 0},
    {"wp.composition_tiler",
     "composition((A1,A2,B1), <B1,B2>): mode j compatible with Bj, R_j(i) = A_j(B_j(i))",
     "Whitepaper Eq. (12), 3.3.5 (" DOC ", Right-tilers and by-mode composition); " ALG
     " composition",
     GEN_THEOREM, PAIR, "composition", wp_composition_tiler, NULL, "A1 B1 A2 B2", 1},
    {"wp.complement",
     "complement(L, N) ordered and disjoint from L; with a divisible chain (filter L, R) tiles",
     "Whitepaper 3.5 (" DOC ", Complement); " ALG " complement", GEN_THEOREM, "complementable",
     "complement", wp_complement, NULL, "L N", 0},
    {"wp.complement_alone",
     "complement(L) ordered and disjoint from L; tiles with a divisible chain",
     "Whitepaper 3.5 (" DOC ", Complement); " ALG " complement", GEN_THEOREM, "injective",
     "complement", wp_complement_alone, NULL, "L", 0},
    {"wp.logical_divide",
     "rank(R) = 2, compatible(B, R[0]), R[0] == A o B, A's offsets in R, R ~ A o (B, B*)",
     "Whitepaper 3.5.2 (" DOC ", Logical divide); " ALG " logical_divide", GEN_THEOREM,
     "divide_layouts", "logical_divide", wp_logical_divide, NULL, "A B", 0},
    {"wp.logical_divide_tiler", "logical_divide((A1,A2,B1), <B1,B2>) = (A1 / B1, A2 / B2, B1)",
     "Whitepaper Eq. (12) (" DOC ", A guiding principle; Dividing a single mode); " ALG
     " logical_divide",
     GEN_THEOREM, DIVS, "logical_divide", wp_logical_divide_tiler, NULL, "A1 B1 A2 B2", 1},
    {"wp.zipped_divide", "rank(R) = 2, compatible(B, R[0]), R[0] == composition(A, B)",
     DOC " (zipped_divide); " ALG " zipped_divide", GEN_THEOREM, "divide_layouts", "zipped_divide",
     wp_zipped_divide, NULL, "A B", 0},
    {"wp.zipped_divide_tiler",
     "zipped_divide((A1,A2,B1), <B1,B2>): rank 2, R[0]_j compatible with Bj, R[0] == A o <B1,B2>",
     DOC " (zipped_divide); " ALG " zipped_divide", GEN_THEOREM, DIVS, "zipped_divide",
     wp_zipped_divide_tiler, NULL, "A1 B1 A2 B2", 1},
    {"wp.logical_product", "rank(R) = 2, R[0] == A, compatible(B, R[1])",
     "Whitepaper 3.5.1 (" DOC ", Logical product); " ALG " logical_product", GEN_THEOREM,
     "product_layouts", "logical_product", wp_logical_product, NULL, "A B", 0},
    {"wp.logical_product_tiler", "logical_product((A1,A2), <B1,B2>) = (A1 x B1, A2 x B2)",
     "Whitepaper Eq. (12) (" DOC ", A guiding principle); " ALG " logical_product", GEN_THEOREM,
     PRDS, "logical_product", wp_logical_product_tiler, NULL, "A1 B1 A2 B2", 1},
    {"wp.blocked_product",
     "blocked_product((A1, A2 c), (B1,B2)), c past A1: rank(R) = rank(A) = rank(B)",
     "Whitepaper 3.5.1 (" DOC ", blocked_product and raked_product); " ALG " blocked_product",
     GEN_THEOREM, PRDS, "cute_blocked_product", wp_blocked_product, NULL, "A1 B1 A2 B2", 1},
    {"wp.raked_product",
     "raked_product((A1, A2 c), (B1,B2)), c past A1: rank(R) = rank(A) = rank(B)",
     "Whitepaper 3.5.1 (" DOC ", blocked_product and raked_product); " ALG " raked_product",
     GEN_THEOREM, PRDS, "cute_raked_product", wp_raked_product, NULL, "A1 B1 A2 B2", 1},
    {"wp.right_inverse", "R(L(R(i))) = R(i) and L(R(i)) = i on [0, size R)",
     "Whitepaper 3.4.1 (" DOC ", Right inverse); " ALG " right_inverse", GEN_THEOREM, "layout",
     "right_inverse", wp_right_inverse, NULL, "L", 0},
    {"wp.left_inverse", "L(R(L(i))) = L(i) and, L injective, R(L(i)) = i on [0, size L)",
     "Whitepaper 3.4.3 (" DOC ", Left inverse); " ALG " left_inverse", GEN_THEOREM, "injective",
     "left_inverse", wp_left_inverse, NULL, "L", 0},
};

const int prop_whitepaper_count =
    (int)(sizeof prop_whitepaper_table / sizeof prop_whitepaper_table[0]);
