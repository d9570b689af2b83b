/*
** lo_proof.c -- composition decided over the modes, not the points: does
** A(B(x)) = R(x) hold for every x in [0, size B)?  The cost depends on the
** ranks (and on log2 of the values, through Euclid-like recursions), never
** on a size or on a stride's value.
**
** The argument.  Let A's coalesce_x modes be a_j:e_j, j = 0..n-1, the last
** running on (as lo_apply reads a layout past its size), and P_j = a_0 ...
** a_{j-1} (P_0 = 1).  Writing digit_j(y) = floor(y / P_j) - a_j floor(y /
** P_{j+1}) and summing by parts,
**
**     A(y) = e_0 y + sum_{j>=1} w_j floor(y / P_j),  w_j = e_j - a_{j-1} e_{j-1}.
**
** For B's leaves s_i:d_i and a coordinate c (c_i < s_i), y = sum c_i d_i,
** and the identity floor(u / P) + floor(v / P) + carry = floor((u+v) / P)
** gives
**
**     A(y) = sum_i A(c_i d_i) + sum_j w_j carry_j(c),
**     carry_j(c) = floor(y / P_j) - sum_i floor(c_i d_i / P_j) >= 0.
**
** R refines shape(B), so R(c) = sum_i Q_i(c_i) with Q_i R's sub-layout over
** leaf i.  Setting all coordinates but one to 0 shows that A o B = R holds
** exactly when
**   (a) for every leaf, A(c d_i) = Q_i(c) on [0, s_i) (a question in one
**       variable, below), and
**   (b) K(c) = sum_j w_j carry_j(c) is 0 on the whole box.
**
** (b): carry_j is 0 everywhere exactly when sum_i max_{c < s_i} (c d_i mod
** P_j) < P_j (the largest remainders, attained together, stay below the
** boundary; at least one carry otherwise).  The maximum of c d mod P over a
** range is found in closed form where d mod P is 0, the range covers a
** period or never wraps; otherwise bounds (the last point before the first
** wrap, and P - gcd) settle most boundaries, and the rest take a
** bisection on the count of points at or above a threshold, a difference
** of two floor sums computed by the Euclid-like recursion (O(log P) steps
** each, 64 bisection steps: about 30 us).  At most MAX_BISECTIONS of
** those per proof; past them a boundary that may carry counts as one
** that does, so the verdict can only become undecided.
** When exactly one boundary with w_j != 0 carries, K = w_j carry_j is not
** 0 at the maximising point.  When several carry, their weights may cancel
** (A = (2,2,2):(1,4,6), B = (2,2):(3,3) carries at both boundaries at
** c = (1,1), yet A o B = (2,2):(5,5)); the maximising point of each
** carrying boundary is tried as a witness, and when K vanishes at all of
** them, K is listed on a smaller box that takes every value K takes: with
** P the largest boundary of non-zero weight that may carry, carry_j for
** j up to it reads c_i d_i mod P_j, which P_j | P makes a function of
** c_i mod P / gcd(d_i mod P, P); c_i over [0, min(s_i, that period))
** suffices, however large s_i is.  Within REDUCED_LIST points (and the
** proof's REDUCED_WORK steps in all, a few ms) that decides; past them
** those points are still tried as witnesses, and the question is left
** undecided (LO_PROOF_UNKNOWN).
**
** (a): g(c) = A(c d) on [0, s) against Q, both compared in canonical form:
** a layout function on [0, s) has one coalesced form (no size-1 modes, no
** mode d' = s d after s:d), whose first mode k:g(1) has k the first c
** where g(c) != c g(1) (or s), with k | s; and a function g with that first
** mode is a layout exactly when g(r + k m) = g(r) + g(k m) for r < k,
** m < s/k (a question of kind (b) with the two leaves k:d and s/k:kd) and
** m -> g(k m) = A(m (k d)) is a layout on [0, s/k) (the same question
** again, one mode shorter: at most 63 steps, as k >= 2).  The first
** deviation: g(c) - c g(1) = sum_j w_j floor(c r_j / P_j) with r_j = d mod
** P_j; the term j is 0 below c_j = ceil(P_j / r_j) and 1 at c_j, so k =
** min_j c_j unless the w_j of the boundaries that tie there cancel; then
** the deviation is looked for from c_j on, within REDUCED_LIST values.
**
** So the procedure is sound everywhere and complete except where
** cancelling carries leave a reduced box of more than REDUCED_LIST points
** (large periods P / gcd at a cancelling boundary P of 2^16 and more), or
** a cancelled first deviation is not found within REDUCED_LIST values:
** there it says LO_PROOF_UNKNOWN and the caller lists the first points,
** or refuses (LO_ELIMIT).  No test, corpus or benchmark input reaches it
** (tests/test_lo_proof.c: 0 of 1.7M small compositions, 0 of 26,604
** large ones).  Deciding it in general is an integer question over the
** mixed-radix digits (is a weighted sum of carries 0 on a box) for which
** no rank-bounded procedure is known here.
*/
#include "lo_internal.h"

#include <assert.h>
#include <string.h>

#ifndef __SIZEOF_INT128__
#error "lo_proof.c needs a 128-bit integer type"
#endif
__extension__ typedef __int128 wide;
__extension__ typedef unsigned __int128 uwide;

/* The outer layout as the proof reads it: modes m[0..n) (coalesce_x, the
** last running on), p[j] = P_j for the boundaries that any y < 2^63 can
** reach (nb of them, p[0] = 1), w[j] the weights above (w[0] = e_0). */
typedef struct lin {
  lo_mode m[LO_MAX_LEAVES];
  lo_int p[LO_MAX_LEAVES];
  wide w[LO_MAX_LEAVES];
  int n, nb;
  int bisections; /* left to this proof (MAX_BISECTIONS); past them, undecided */
  lo_int work;    /* steps of listing left to this proof (REDUCED_WORK) */
} lin;

/* Maxima found by bisection per proof (each about 30 us at 2^60): a bound
** on a request's time where closed forms do not settle the carries. */
#define MAX_BISECTIONS 64

/* Points listed at most by one listing where carries may cancel, and the
** steps (points times leaves times boundaries, each a division) that one
** proof spends on all of its listings: a few ms. */
#define REDUCED_LIST ((lo_int)1 << 16)
#define REDUCED_WORK ((lo_int)1 << 22)

/* Read A's coalesce_x modes into a (see the file's comment). */
static int lin_init(lin *a, const lo_layout *l, lo_err *err) {
  if (l->shape.len == 0) { /* the empty layout: 0 at 0, the only point a check reaches */
    a->m[0].s = 1;
    a->m[0].d = 0;
    a->n = 1;
  } else if (lo_cute_coalesce_x_modes(l, a->m, &a->n, err)) {
    return err->code;
  }
  a->p[0] = 1;
  a->w[0] = a->m[0].d;
  a->nb = 1;
  a->bisections = MAX_BISECTIONS;
  a->work = REDUCED_WORK;
  for (int j = 1; j < a->n; j++) {
    lo_int p;
    if (__builtin_mul_overflow(a->p[j - 1], a->m[j - 1].s, &p)) break; /* no y reaches it */
    a->p[j] = p;
    a->w[j] = (wide)a->m[j].d - (wide)a->m[j - 1].s * a->m[j - 1].d;
    a->nb = j + 1;
  }
  return LO_OK;
}

/* A(y) for 0 <= y < 2^63, exactly (digits times strides; the last mode
** runs on).  Past the last reachable boundary (nb < n) the digit y / P_j
** is below a_j and the higher digits are 0.  No overflow: the digits below
** the last reachable one sum to less than 2^63 (their radices multiply to
** P_{nb-1} < 2^63), each times a stride below 2^63, and the last term is
** below 2^126, so the whole stays below 2^127. */
static wide lin_at(const lin *a, lo_int y) {
  wide r = 0;
  for (int j = 0; j < a->nb; j++) {
    lo_int q = y / a->p[j];
    if (j + 1 == a->nb) {
      r += (wide)q * a->m[j].d;
      break;
    }
    r += (wide)(q % a->m[j].s) * a->m[j].d;
  }
  return r;
}

/* ---------------------------------------------------- modular maxima */

/* sum_{x < n} floor((a x + b) / m) modulo 2^64 (m > 0): the Euclid-like
** recursion on (a, m), O(log m) steps; the 128-bit a n + b is exact. */
static uint64_t floor_sum(uint64_t n, uint64_t m, uint64_t a, uint64_t b) {
  uint64_t ans = 0;
  for (;;) {
    if (a >= m) {
      uint64_t tri = n % 2 == 0 ? (n / 2) * (n - 1) : n * ((n - 1) / 2);
      ans += tri * (a / m);
      a %= m;
    }
    if (b >= m) {
      ans += n * (b / m);
      b %= m;
    }
    uwide y = (uwide)a * n + b;
    if (y < m) break;
    n = (uint64_t)(y / m);
    b = (uint64_t)(y % m);
    uint64_t t = m;
    m = a;
    a = t;
  }
  return ans;
}

/* gcd of x, y >= 0 (lo_internal.h). */
lo_int lo_gcd(lo_int x, lo_int y) {
  assert(x >= 0 && y >= 0);
  while (y) {
    lo_int t = x % y;
    x = y;
    y = t;
  }
  return x;
}

/* The inverse of x modulo m (gcd(x, m) = 1, m >= 1), by the extended
** Euclid algorithm. */
static lo_int inverse_mod(lo_int x, lo_int m) {
  wide r0 = m, r1 = x % m, t0 = 0, t1 = 1;
  while (r1) {
    wide q = r0 / r1, t;
    t = r0 - q * r1;
    r0 = r1;
    r1 = t;
    t = t0 - q * t1;
    t0 = t1;
    t1 = t;
  }
  if (t0 < 0) t0 += m;
  return (lo_int)(m == 1 ? 0 : t0);
}

/* The c in [0, m/g) with c d = v (mod m), where g = gcd(d, m) divides v. */
static lo_int solve_mod(lo_int d, lo_int v, lo_int m, lo_int g) {
  lo_int per = m / g;
  if (per == 1) return 0;
  wide c = (wide)(v / g) * inverse_mod((d / g) % per, per) % per;
  return (lo_int)c;
}

/* Bounds lo <= max_{c < n} (c d mod m) <= hi without a bisection, and a c
** attaining lo in *arg (n >= 1, d >= 0, m >= 1).  lo = hi where a closed
** form settles it: d mod m = 0; a whole period (every multiple of g =
** gcd(d mod m, m) below m); no wrap (the last point).  Otherwise lo is the
** last point before the first wrap and hi = m - g. */
static void max_mod_bounds(lo_int n, lo_int d, lo_int m, lo_int *lo, lo_int *hi, lo_int *arg) {
  lo_int r = d % m;
  *lo = *hi = *arg = 0;
  if (r == 0 || n == 1) return;
  lo_int g = lo_gcd(r, m), per = m / g;
  if (n >= per) {
    *lo = *hi = m - g;
    *arg = solve_mod(r, m - g, m, g);
  } else if ((wide)(n - 1) * r < m) {
    *lo = *hi = (n - 1) * r;
    *arg = n - 1;
  } else { /* (n - 1) r >= m: the last point before the wrap is below n */
    *arg = (m - 1) / r;
    *lo = *arg * r;
    *hi = m - g;
  }
}

/* See lo_internal.h. */
void lo_max_mod(lo_int n, lo_int d, lo_int m, lo_int *mx, lo_int *arg) {
  lo_int lo, hi;
  max_mod_bounds(n, d, m, &lo, &hi, arg);
  *mx = lo;
  if (lo == hi) return;
  /* count(t) = #{c < n : c r mod m >= t} = S(m - t) - S(0), where
  ** S(b) = sum floor((c r + b) / m); the largest t in [lo, hi] with
  ** count > 0. */
  lo_int r = d % m, g = lo_gcd(r, m);
  uint64_t s0 = floor_sum((uint64_t)n, (uint64_t)m, (uint64_t)r, 0);
  while (lo < hi) {
    lo_int t = lo + (hi - lo + 1) / 2;
    uint64_t cnt = floor_sum((uint64_t)n, (uint64_t)m, (uint64_t)r, (uint64_t)(m - t)) - s0;
    if (cnt > 0)
      lo = t;
    else
      hi = t - 1;
  }
  *mx = lo;
  *arg = solve_mod(r, lo, m, g);
}

/* ------------------------------------------------------------ carries */

/* One leaf of an inner layout: shape s >= 2, stride d >= 1. */
typedef struct leaf {
  lo_int s, d;
} leaf;

/* Whether K(c) = sum_j w_j carry_j(c) is non-zero at the coordinates c
** of the leaves: 1 or 0, or -1 where the sum leaves 128 bits (weights near
** 2^126 only: it decides nothing then). */
static int carry_sum_nonzero(const lin *a, const leaf *lf, int nl, const lo_int *c) {
  lo_int y = 0;
  wide k = 0, t;
  for (int i = 0; i < nl; i++) y += c[i] * lf[i].d; /* within the inner layout's cosize */
  for (int j = 1; j < a->nb; j++) {
    if (a->w[j] == 0) continue;
    lo_int carry = y / a->p[j];
    for (int i = 0; i < nl; i++) carry -= c[i] * lf[i].d / a->p[j];
    if (__builtin_mul_overflow(a->w[j], (wide)carry, &t) || __builtin_add_overflow(k, t, &k))
      return -1;
  }
  return k != 0;
}

/* Decide K = 0 on the box exactly by listing a smaller box, when it has at
** most REDUCED_LIST points: K reads c_i only through c_i d_i mod P_j for
** the boundaries j <= top that may carry with w_j != 0 (P_j divides
** P_top), so through c_i mod per_i, per_i = P_top / gcd(d_i mod P_top,
** P_top): c_i over [0, min(s_i, per_i)) gives every value K takes.  The
** boundaries above top never carry, on the box and so on its part.
** LO_PROOF_SAME, LO_PROOF_DIFFER with the point in c, or LO_PROOF_UNKNOWN
** when the box is larger (its first points are still tried as witnesses)
** or a sum leaves 128 bits.  At most REDUCED_LIST points, within the
** proof's steps left (a->work). */
static int carries_listed(lin *a, const leaf *lf, int nl, int top, lo_int *c) {
  lo_int ext[LO_MAX_LEAVES], pts = 1, p = a->p[top], step = (lo_int)(nl + 1) * a->nb;
  lo_int budget = a->work / step;
  int whole = 1;
  if (budget > REDUCED_LIST) budget = REDUCED_LIST;
  for (int i = 0; i < nl; i++) {
    lo_int r = lf[i].d % p, per = r == 0 ? 1 : p / lo_gcd(r, p);
    ext[i] = lf[i].s < per ? lf[i].s : per;
    if (whole && (__builtin_mul_overflow(pts, ext[i], &pts) || pts > budget)) whole = 0;
    c[i] = 0;
  }
  lo_int n = whole ? pts : budget; /* a cut box may still hold a witness */
  a->work -= n * step;
  for (lo_int x = 0; x < n; x++) {
    int v = carry_sum_nonzero(a, lf, nl, c);
    if (v != 0) return v == 1 ? LO_PROOF_DIFFER : LO_PROOF_UNKNOWN;
    for (int i = 0; i < nl && ++c[i] == ext[i]; i++) c[i] = 0;
  }
  return whole ? LO_PROOF_SAME : LO_PROOF_UNKNOWN;
}

/* Decide (b) for the leaves lf[0..nl): LO_PROOF_SAME when K is 0 on the
** box, LO_PROOF_DIFFER with a witness in c[0..nl) where it is not,
** LO_PROOF_UNKNOWN when the carries might cancel.  A boundary carries
** exactly when the maxima of the leaves' remainders reach P_j: their
** closed-form bounds settle most boundaries (the upper ones below P_j:
** no carry; the lower ones, attained together, at P_j or above: a carry
** at those points); the rest take a bisection each, within the proof's
** budget (past it, a boundary that might carry is counted as carrying). */
static int carries(lin *a, const leaf *lf, int nl, lo_int *c) {
  int carrying = 0, top = 0;
  for (int j = 1; j < a->nb; j++) {
    if (a->w[j] == 0) continue;
    lo_int lo[LO_MAX_LEAVES], hi;
    wide tlo = 0, thi = 0;
    for (int i = 0; i < nl; i++) {
      max_mod_bounds(lf[i].s, lf[i].d, a->p[j], &lo[i], &hi, &c[i]);
      tlo += lo[i];
      thi += hi;
    }
    if (thi < a->p[j]) continue;
    for (int i = 0; i < nl && tlo < a->p[j] && a->bisections > 0; i++) {
      lo_int mx;
      max_mod_bounds(lf[i].s, lf[i].d, a->p[j], &mx, &hi, &c[i]);
      if (mx == hi) continue;
      a->bisections--;
      lo_max_mod(lf[i].s, lf[i].d, a->p[j], &mx, &c[i]);
      tlo += mx - lo[i];
      thi -= hi - mx;
    }
    if (thi < a->p[j]) continue; /* the maxima found: no carry */
    carrying++;
    top = j;
    if (tlo >= a->p[j] && carry_sum_nonzero(a, lf, nl, c) == 1) return LO_PROOF_DIFFER;
  }
  return carrying ? carries_listed(a, lf, nl, top, c) : LO_PROOF_SAME;
}

/* ----------------------------------------------- one leaf, one variable */

/* The first c in [*k, s) where D(c) = A(c d) - c A(d) = sum_j w_j
** floor(c (d mod P_j) / P_j) is not 0, or s, into *k, where the weights
** of the boundaries that bite first at *k cancel: found by listing at
** most REDUCED_LIST values of c, within the proof's steps left;
** LO_PROOF_UNKNOWN past them, or where a sum leaves 128 bits. */
static int deviation_listed(lin *a, lo_int s, lo_int d, lo_int *k) {
  lo_int budget = a->work / a->nb < REDUCED_LIST ? a->work / a->nb : REDUCED_LIST;
  lo_int end = s - *k > budget ? *k + budget : s;
  a->work -= (end - *k) * a->nb;
  for (lo_int c = *k; c < end; c++) {
    wide dev = 0, t;
    for (int j = 1; j < a->nb; j++) {
      if (a->w[j] == 0) continue;
      wide q = (wide)c * (d % a->p[j]) / a->p[j];
      if (__builtin_mul_overflow(a->w[j], q, &t) || __builtin_add_overflow(dev, t, &dev))
        return LO_PROOF_UNKNOWN;
    }
    if (dev != 0) {
      *k = c;
      return LO_PROOF_SAME;
    }
  }
  if (end < s) return LO_PROOF_UNKNOWN;
  *k = s;
  return LO_PROOF_SAME;
}

/* The first c in [1, s) where A(c d) != c A(d), or s, into *k (s >= 2).
** LO_PROOF_UNKNOWN when the boundaries that first bite cancel. */
static int first_deviation(lin *a, lo_int s, lo_int d, lo_int *k) {
  lo_int best = s;
  wide sum = 0;
  int over = 0;
  for (int j = 1; j < a->nb; j++) {
    if (a->w[j] == 0) continue;
    lo_int r = d % a->p[j];
    if (r == 0) continue;
    lo_int cj = lo_ceil_div(a->p[j], r);
    if (cj > best) continue;
    if (cj < best) {
      best = cj;
      sum = 0;
      over = 0;
    }
    over |= __builtin_add_overflow(sum, a->w[j], &sum);
  }
  *k = best;
  if (best < s && (sum == 0 || over)) return deviation_listed(a, s, d, k);
  return LO_PROOF_SAME;
}

/* The value of the coalesced modes q[0..nq) at c (exact). */
static wide modes_at(const lo_mode *q, int nq, lo_int c) {
  wide r = 0;
  for (int i = 0; i < nq && c; i++) {
    lo_int x = i + 1 == nq ? c : c % q[i].s;
    r += (wide)x * q[i].d;
    c /= q[i].s;
  }
  return r;
}

/* Compare g(c) = A(c d) with the coalesced modes q[0..nq) (product s) on
** [0, s): LO_PROOF_SAME, LO_PROOF_DIFFER with *wc a point where they
** differ, or LO_PROOF_UNKNOWN.  The recursion of the file's comment, as a
** loop over the modes of q (scale: the factor from the original c). */
static int compare_leaf(lin *a, lo_int s, lo_int d, const lo_mode *q, int nq, lo_int *wc) {
  lo_int scale = 1;
  for (;;) {
    if (s == 1) return LO_PROOF_SAME;
    assert(nq >= 1);
    lo_int k;
    if (lin_at(a, d) != q[0].d) {
      *wc = scale;
      return LO_PROOF_DIFFER;
    }
    if (first_deviation(a, s, d, &k)) return LO_PROOF_UNKNOWN;
    if (k != q[0].s) {
      *wc = scale * (k < q[0].s ? k : q[0].s);
      return LO_PROOF_DIFFER;
    }
    if (k == s) return LO_PROOF_SAME;
    leaf two[2] = {{k, d}, {s / k, k * d}};
    lo_int c[2];
    int v = carries(a, two, 2, c);
    if (v == LO_PROOF_UNKNOWN) return LO_PROOF_UNKNOWN;
    if (v == LO_PROOF_DIFFER) { /* g(km) != Q(km), or else g(r + km) != Q(r + km) */
      lo_int km = c[1] * k;
      if (lin_at(a, km * d) != modes_at(q, nq, km))
        *wc = scale * km;
      else
        *wc = scale * (c[0] + km);
      return LO_PROOF_DIFFER;
    }
    scale *= k;
    s /= k;
    d *= k;
    q++;
    nq--;
  }
}

/* --------------------------------------------------------- the whole */

/* The leaves of r that refine leaf i of b, found greedily by product:
** r's leaves from *at on whose product is s (size-1 leaves go with either
** neighbour; they add nothing).  Copies them, coalesced, into q. */
static int group_of(const lo_layout *r, int *at, lo_int s, lo_mode *q) {
  lo_int p = 1;
  int n = 0;
  while (p < s && *at < r->shape.len) {
    q[n].s = r->shape.leaf[*at];
    q[n].d = r->stride[*at];
    p *= q[n].s;
    n++;
    ++*at;
  }
  return lo_modes_coalesce(q, n);
}

/* See lo_internal.h. */
int lo_prove_composition(const lo_layout *a, const lo_layout *b, const lo_layout *r, int *verdict,
                         lo_int *x, lo_err *err) {
  lin al;
  leaf lf[LO_MAX_LEAVES] = {{0, 0}};
  lo_int col[LO_MAX_LEAVES], c[LO_MAX_LEAVES], stride = 1;
  int nl = 0, at = 0, unknown = 0;
  if (lin_init(&al, a, err)) return err->code;
  for (int i = 0; i < b->shape.len; i++) {
    lo_int s = b->shape.leaf[i], d = b->stride[i], wc;
    lo_mode q[LO_MAX_LEAVES];
    int nq = group_of(r, &at, s, q);
    if (s > 1) {
      int v = compare_leaf(&al, s, d, q, nq, &wc);
      if (v == LO_PROOF_DIFFER) {
        *verdict = v;
        *x = wc * stride;
        return LO_OK;
      }
      unknown |= v == LO_PROOF_UNKNOWN;
      if (d > 0) {
        lf[nl].s = s;
        lf[nl].d = d;
        col[nl++] = stride;
      }
    }
    stride *= s; /* within size(B) */
  }
  int v = carries(&al, lf, nl, c);
  if (v == LO_PROOF_DIFFER) {
    *x = 0;
    for (int i = 0; i < nl; i++) *x += c[i] * col[i];
  }
  *verdict = v == LO_PROOF_SAME && unknown ? LO_PROOF_UNKNOWN : v;
  return LO_OK;
}

/* See lo_internal.h. */
int lo_prove_fit_leaf(const lo_layout *a, lo_int s, lo_int d, lo_mode *out, int *nout, int *verdict,
                      lo_err *err) {
  lin al;
  *nout = 0;
  *verdict = LO_PROOF_SAME;
  if (s == 1) return LO_OK;
  if (lin_init(&al, a, err)) return err->code;
  while (s > 1) {
    lo_int k, g1;
    if (lo_apply(a, d, &g1, err)) return err->code;
    if (first_deviation(&al, s, d, &k)) {
      *verdict = LO_PROOF_UNKNOWN;
      return LO_OK;
    }
    if (s % k != 0) {
      *verdict = LO_PROOF_DIFFER;
      return LO_OK;
    }
    if (*nout >= LO_MAX_LEAVES) return lo_fail(err, LO_ELIMIT, "too many modes");
    out[*nout].s = k;
    out[*nout].d = g1;
    ++*nout;
    s /= k;
    if (s > 1 && lo_mul(d, k, &d, "composition", err)) return err->code;
  }
  *nout = lo_modes_coalesce(out, *nout);
  return LO_OK;
}
