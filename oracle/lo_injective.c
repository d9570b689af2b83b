/*
** lo_injective.c -- is a layout injective?  Decided over its modes by
** reductions that keep the answer, each costing O(rank); the points are
** listed only for what the reductions leave, when it is small.
**
** The question.  The flat modes s_i:d_i (s_i >= 2; a size-1 mode adds
** nothing) give the same value at two coordinates exactly when a nonzero
** "collision" vector delta exists with |delta_i| <= s_i - 1 and sum_i
** delta_i d_i = 0 (the difference of the two coordinates).  A mode of
** stride 0 is such a vector at once; a negative stride d_i gives the same
** collisions as -d_i (delta_i -> -delta_i), so only |d_i| >= 1 is read.
**
** That question is as hard as "distinct subset sums" (all shapes 2:
** (2,..,2):(d_1,..,d_n) is injective exactly when no two subsets of the
** d_i have the same sum, the complement of the NP-complete Equal Subset
** Sum), so no test whose cost is polynomial in the rank decides every
** layout.  The reductions below decide every layout made of divisibility
** chains (CuTe's tensors, tiles and their complements) and every rank 2
** one; the rest, small after reduction, is listed.
**
** Reductions (each maps the collision vectors of one layout onto those of
** the next, so that both are injective or neither):
**   (g) all strides divided by their gcd G;
**   (t) for a mode k, with g_k the gcd of the other strides: a collision
**       has delta_k d_k = -sum_{i != k} delta_i d_i = 0 (mod g_k), so
**       delta_k is a multiple of t_k = g_k / gcd(d_k, g_k);
**   (e) and |delta_k| d_k <= E_k = sum_{i != k} (s_i - 1) d_i.
** So delta_k = t_k m with |m| <= M_k = floor(min(s_k - 1, E_k / d_k) /
** t_k): the mode becomes (M_k + 1):(t_k d_k), and goes when M_k = 0.
** Repeated until nothing changes, the modes left have t_k = 1 for every
** k and E_k >= (s_k - 1) d_k.  Then: none or one mode is injective; two
** modes i, j are not injective where delta_i = d_j / g, delta_j = -d_i / g
** (g = gcd(d_i, d_j)) fits in both (for two modes left this is exact: t =
** 1 means each stride divides the other, so they are equal, and equal
** strides collide); modes whose sorted strides each exceed the largest
** value of those below are injective (superincreasing).  What is still
** open is listed point by point within INJECTIVE_ENUM points; past them
** the answer is LO_ELIMIT.  Every step costs O(n), and the steps are at
** most MAX_ROUNDS rounds of n.
*/
#include "lo_internal.h"

#include <assert.h>
#include <stdlib.h>

#ifndef __SIZEOF_INT128__
#error "lo_injective.c needs a 128-bit integer type"
#endif
__extension__ typedef __int128 wide;

#define INJECTIVE_ENUM 16384 /* points listed where the reductions leave a question */
#define MAX_ROUNDS     256   /* rounds of the reductions (each shrinks a shape) */
#define WIDE_CAP       ((wide)1 << 126)


/* x + y, capped at WIDE_CAP (both in [0, WIDE_CAP]). */
static wide sat_add(wide x, wide y) { return x + y > WIDE_CAP ? WIDE_CAP : x + y; }

/* Keep the modes with s >= 2; returns the new count. */
static int squeeze(lo_mode *m, int n) {
  int k = 0;
  for (int i = 0; i < n; i++)
    if (m[i].s >= 2) m[k++] = m[i];
  return k;
}

/* One round of the reductions (g), (t), (e) over m[0..n) (sizes >= 2,
** strides >= 1): the new count, and *changed when a shape shrank.  The
** gcds and bounds of a round are read before its changes; a change only
** shrinks E_k and makes the other strides multiples of what they were,
** so the values read stay valid bounds and divisors. */
static int reduce_round(lo_mode *m, int n, int *changed) {
  lo_int pre[2 * LO_MAX_MODES + 1], suf[2 * LO_MAX_MODES + 1], g = 0;
  wide epre[2 * LO_MAX_MODES + 1], esuf[2 * LO_MAX_MODES + 1];
  *changed = 0;
  for (int i = 0; i < n; i++) g = lo_gcd(g, m[i].d);
  for (int i = 0; g > 1 && i < n; i++) m[i].d /= g; /* (g) */
  pre[0] = 0;
  epre[0] = 0;
  for (int i = 0; i < n; i++) {
    pre[i + 1] = lo_gcd(pre[i], m[i].d);
    epre[i + 1] = sat_add(epre[i], (wide)(m[i].s - 1) * m[i].d);
  }
  suf[n] = 0;
  esuf[n] = 0;
  for (int i = n - 1; i >= 0; i--) {
    suf[i] = lo_gcd(suf[i + 1], m[i].d);
    esuf[i] = sat_add(esuf[i + 1], (wide)(m[i].s - 1) * m[i].d);
  }
  for (int k = 0; k < n; k++) {
    lo_int gk = lo_gcd(pre[k], suf[k + 1]), t = gk ? gk / lo_gcd(m[k].d, gk) : 1, nd;
    wide ek = sat_add(epre[k], esuf[k + 1]), lim = ek / m[k].d;
    if (lim > m[k].s - 1) lim = m[k].s - 1;
    lo_int mk = (lo_int)lim / t;
    if (mk + 1 >= m[k].s) continue; /* (t) and (e) leave it as it is */
    if (mk == 0) {
      m[k].s = 1; /* delta_k = 0 in every collision */
    } else if (__builtin_mul_overflow(m[k].d, t, &nd)) {
      if ((lo_int)lim + 1 >= m[k].s) continue; /* (t) needs a stride past 64 bits: (e) alone */
      m[k].s = (lo_int)lim + 1;
    } else {
      m[k].s = mk + 1;
      m[k].d = nd;
    }
    *changed = 1;
  }
  return squeeze(m, n);
}

/* 1 when the modes sorted by stride are superincreasing (each stride
** above the largest value of the modes before it), else 0. */
static int superincreasing(lo_mode *m, int n) {
  wide top = 0;
  lo_modes_sort(m, n);
  for (int i = 0; i < n; i++) {
    if (m[i].d <= top) return 0;
    top += (wide)(m[i].s - 1) * m[i].d; /* n <= 128 terms below 2^126: no overflow past 2^127 */
    if (top > WIDE_CAP) return i + 1 == n;
  }
  return 1;
}

/* 1 when two of the modes collide with the smallest vector of their
** pair (delta_i = d_j / g, delta_j = -d_i / g), else 0. */
static int pair_collides(const lo_mode *m, int n) {
  for (int i = 0; i < n; i++)
    for (int j = i + 1; j < n; j++) {
      lo_int g = lo_gcd(m[i].d, m[j].d);
      if (m[j].d / g <= m[i].s - 1 && m[i].d / g <= m[j].s - 1) return 1;
    }
  return 0;
}

/* qsort order of wide values, ascending. */
static int cmp_wide(const void *x, const void *y) {
  wide a = *(const wide *)x, b = *(const wide *)y;
  return (a > b) - (a < b);
}

/* Decide by listing the values of the modes (at most INJECTIVE_ENUM). */
static int listed(const lo_mode *m, int n, int *yes, lo_err *err) {
  static _Thread_local wide vals[INJECTIVE_ENUM];
  lo_int c[2 * LO_MAX_MODES] = {0}, size = 1;
  for (int i = 0; i < n; i++)
    if (__builtin_mul_overflow(size, m[i].s, &size) || size > INJECTIVE_ENUM)
      return lo_fail(err, LO_ELIMIT,
                     "undecided: injectivity of %d modes that no reduction splits, past the %d "
                     "points listed to settle it",
                     n, INJECTIVE_ENUM);
  wide v = 0;
  for (lo_int x = 0; x < size; x++) {
    vals[x] = v;
    for (int i = 0; i < n; i++) { /* the odometer: the first coordinate fastest */
      if (++c[i] < m[i].s) {
        v += m[i].d;
        break;
      }
      v -= (wide)(m[i].s - 1) * m[i].d;
      c[i] = 0;
    }
  }
  qsort(vals, (size_t)size, sizeof vals[0], cmp_wide);
  *yes = 1;
  for (lo_int x = 1; x < size; x++)
    if (vals[x] == vals[x - 1]) *yes = 0;
  return LO_OK;
}

/* See lo_internal.h. */
int lo_modes_injective(lo_mode *m, int n, int *yes, lo_err *err) {
  int changed = 1;
  assert(n <= 2 * LO_MAX_MODES);
  *yes = 0;
  for (int i = 0; i < n; i++) {
    if (m[i].s < 2) continue;
    if (m[i].d == 0) return LO_OK; /* delta = e_i */
    if (m[i].d == INT64_MIN)
      return lo_fail(err, LO_EOVERFLOW, "overflow: the stride %lld has no 64-bit magnitude",
                     (long long)m[i].d);
    if (m[i].d < 0) m[i].d = -m[i].d;
  }
  n = squeeze(m, n);
  for (int round = 0; changed && n >= 2 && round < MAX_ROUNDS; round++)
    n = reduce_round(m, n, &changed);
  *yes = 1;
  if (n <= 1) return LO_OK;
  if (pair_collides(m, n)) {
    *yes = 0;
    return LO_OK;
  }
  if (superincreasing(m, n)) return LO_OK;
  return listed(m, n, yes, err);
}

/* See lo.h. */
int lo_is_injective(const lo_layout *l, int *out, lo_err *err) {
  lo_mode m[LO_MAX_LEAVES];
  return lo_modes_injective(m, lo_modes_of(l, m), out, err);
}
