/*
** lo_contract.c -- the contracts CuTe documents for its layout ops,
** checked on a given answer: the plain ops return CuTe's answer only where
** it meets them.
**
**   composition  R(x) = A(B(x)) for x in [0, size B), shape(R) refining
**                shape(B) (CuTe's "compatible(B, R)")
**   complement   R strictly increasing, (filter(L), R) injective, and
**                size(R) >= the cotarget's size / size(filter(L)) in
**                integer division (CuTe's "@post size(result) >=
**                cosize_hi / size(filter(layout))")
**   right_inverse  L(R(i)) = i for i in [0, size R)
**   left_inverse   L(R(L(i))) = L(i) for i in [0, size L) (a quasi-
**                inverse; a left inverse when L is injective)
**
** Composition and the inverses are decided over the modes (lo_proof.c and
** lo_prove_right_inverse, lo_prove_left_inverse below), in time bounded
** by the ranks; an answer of at most LO_PROOF_SMALL points is decided by
** listing them (the same verdict, faster there).  Where a proof rejects
** an answer or cannot decide, the first LO_PROOF_SCAN points are listed,
** so that the message names the first failing point and the undecided
** are settled within them; past them, the proof's witness is named, or
** the undecided answer refused (LO_ELIMIT).  The *_points functions are
** the point-by-point references the tests compare the proofs with.
** Complement's injectivity of (filter(L), R) is decided over the modes
** (lo_injective.c).
*/
#include "lo_internal.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Size and cosize of l, so that odometers over it cannot overflow. */
static int bounds(const lo_layout *l, lo_int *size, lo_err *err) {
  lo_int c;
  return lo_size(l, size, err) || lo_cosize(l, &c, err) ? err->code : LO_OK;
}

/* ------------------------------------------------------------ composition */

/* True when CuTe's walk for one leaf s:d of B over the outer modes
** a[0..na) meets the strong divisibility conditions: at every step the
** stride and the mode's shape divide one way or the other, and the shape
** splits evenly.  Then each leaf lands on whole digits of A's mixed radix,
** which the additivity test below needs (a leaf that merely fits inside
** a mode, as C++'s weak condition allows, can carry into the next digit
** when another leaf is added: A = (3,3):(1,10), B = (2,2):(1,2)). */
static int leaf_is_exact(const lo_mode *a, int na, lo_int s, lo_int d) {
  lo_int rest_s = s, rest_d = d;
  if (d == 0 || na == 1) return 1;
  for (int i = 0; i + 1 < na && rest_s > 1; i++) {
    lo_int cs = a[i].s;
    lo_int next_s = lo_ceil_div(cs, rest_d);
    if (next_s == 1) {
      if (rest_d % cs != 0) return 0;
    } else {
      if (cs % rest_d != 0) return 0;
      lo_int ns = next_s < rest_s ? next_s : rest_s;
      if (rest_s % ns != 0) return 0;
      rest_s /= ns;
    }
    rest_d = lo_ceil_div(rest_d, cs);
  }
  return 1;
}

/* True when A o B is additive over B's leaves without looking at points:
** B's non-trivial leaves, sorted by stride, each start past the largest
** value of those below (no carries in A's mixed radix), or A is one mode,
** or B stays inside A's first coalesced mode. */
int lo_composition_is_additive(const lo_mode *a, int na, const lo_layout *b) {
  lo_mode m[LO_MAX_LEAVES];
  int n = 0;
  if (na == 1) return 1;
  for (int i = 0; i < b->shape.len; i++)
    if (b->shape.leaf[i] > 1 && b->stride[i] > 0) {
      m[n].s = b->shape.leaf[i];
      m[n].d = b->stride[i];
      n++;
    }
  lo_modes_sort(m, n);
  lo_int top = 0, t;
  int chain = 1;
  for (int i = 0; i < n; i++) { /* top: the largest value of B, in full */
    if (top >= m[i].d) chain = 0;
    if (__builtin_mul_overflow(m[i].s - 1, m[i].d, &t) || __builtin_add_overflow(top, t, &top))
      return 0;
  }
  return chain || top < a[0].s;
}

/* The room left in A's digits below the last, room[j] = a[j].s - 1
** less what the leaves put there, after the leaf s:d (d >= 1) walks
** over the outer modes a[0..na) as leaf_is_exact walks: in the stride
** phase it skips digit j (d a multiple of a[j].s), then it puts ns
** values rest_d apart on digit j (a[j].s a multiple of rest_d), the most
** (ns - 1) rest_d.  Returns 0 when a condition of leaf_is_exact fails or
** a digit overflows. */
static int leaf_takes_room(const lo_mode *a, int na, lo_int s, lo_int d, lo_int *room) {
  lo_int rest_s = s, rest_d = d;
  for (int j = 0; j + 1 < na && rest_s > 1; j++) {
    lo_int cs = a[j].s;
    if (rest_d >= cs) {
      if (rest_d % cs != 0) return 0;
      rest_d /= cs;
      continue;
    }
    if (cs % rest_d != 0) return 0;
    lo_int ns = cs / rest_d < rest_s ? cs / rest_d : rest_s;
    if (rest_s % ns != 0) return 0;
    room[j] -= (ns - 1) * rest_d; /* at most cs - 1 */
    if (room[j] < 0) return 0;
    rest_s /= ns;
    rest_d = 1;
  }
  return 1;
}

/* See lo_internal.h. */
int lo_composition_digits_fit(const lo_mode *a, int na, const lo_layout *b) {
  lo_int room[LO_MAX_LEAVES], size = 1;
  if (na == 1) return 1;
  for (int j = 0; j + 1 < na; j++) room[j] = a[j].s - 1;
  for (int i = 0; i < b->shape.len; i++) {
    lo_int s = b->shape.leaf[i], d = b->stride[i];
    if (__builtin_mul_overflow(size, s, &size) || size > LO_CHECK_LIMIT) return 0;
    if (d != 0 && s > 1 && (d < 0 || !leaf_takes_room(a, na, s, d, room))) return 0;
  }
  return 1;
}

/* True when CuTe's own composition walk over A and the layout B is known
** to give A o B without looking at points: every leaf of B meets the strong
** divisibility conditions and A o B is additive over B's leaves (above).
** Only for CuTe's answer: it says nothing about another layout. */
int lo_composition_walk_is_exact(const lo_layout *a, const lo_layout *b) {
  lo_mode am[LO_MAX_LEAVES];
  lo_err e;
  int na;
  if (lo_cute_coalesce_x_modes(a, am, &na, &e)) return 0;
  for (int i = 0; i < b->shape.len; i++)
    if (!leaf_is_exact(am, na, b->shape.leaf[i], b->stride[i])) return 0;
  return lo_composition_is_additive(am, na, b);
}

/* The reference: A(B(x)) = R(x) checked at every x in [0, sb), sb <=
** size(B) (the tests compare the proof with it; the checks below use it
** on the first LO_PROOF_SCAN points only, for the first failing point's
** message and for the undecided). */
static int composition_points(const lo_layout *a, const lo_layout *b, const lo_layout *r, lo_int sb,
                              lo_err *err) {
  lo_odo ob, orr;
  lo_fn fa;
  lo_fn_init(&fa, a, sb);
  lo_odo_init(&ob, b);
  lo_odo_init(&orr, r);
  for (lo_int x = 0; x < sb; x++, lo_odo_next(&ob), lo_odo_next(&orr)) {
    lo_int abx;
    if (lo_fn_apply(&fa, ob.v, &abx, err)) return err->code;
    if (abx != orr.v)
      return lo_fail(err, LO_EUNDEF, "at x = %lld, A(B(x)) = A(%lld) = %lld but it gives %lld",
                     (long long)x, (long long)ob.v, (long long)abx, (long long)orr.v);
  }
  return LO_OK;
}

/* R's shape refines B's and the sizes and cosizes of B and R fit; size(B)
** into *sb. */
static int composition_pre(const lo_layout *b, const lo_layout *r, lo_int *sb, lo_err *err) {
  lo_int sr;
  if (!lo_refines(&r->shape, &b->shape))
    return lo_fail(err, LO_EUNDEF,
                   "its shape does not refine B's shape, so it is not "
                   "compatible with B");
  return bounds(b, sb, err) || bounds(r, &sr, err) ? err->code : LO_OK;
}

/* See lo_internal.h. */
int lo_check_composition_points(const lo_layout *a, const lo_layout *b, const lo_layout *r,
                                lo_err *err) {
  lo_int sb;
  if (composition_pre(b, r, &sb, err)) return err->code;
  if (sb > LO_CHECK_LIMIT)
    return lo_fail(err, LO_ELIMIT,
                   "size(B) = %lld is too large to check point by point (limit %lld)",
                   (long long)sb, (long long)LO_CHECK_LIMIT);
  return composition_points(a, b, r, sb, err);
}

/* The message of A(B(x)) != R(x) at the point x the proof found (past
** LO_PROOF_SCAN points, where the first failing point is not looked for):
** the words of composition_points, or lo_apply's error where A(B(x))
** does not fit. */
static int composition_witness(const lo_layout *a, const lo_layout *b, const lo_layout *r, lo_int x,
                               lo_err *err) {
  lo_int bx, abx, rx;
  if (lo_apply(b, x, &bx, err) || lo_apply(r, x, &rx, err) || lo_apply(a, bx, &abx, err))
    return err->code;
  assert(abx != rx);
  return lo_fail(err, LO_EUNDEF, "at x = %lld, A(B(x)) = A(%lld) = %lld but it gives %lld",
                 (long long)x, (long long)bx, (long long)abx, (long long)rx);
}

/* Decide A(B(x)) = R(x) on [0, sb): within LO_PROOF_SMALL points by
** listing them, else by lo_prove_composition.  Where the
** proof does not say "the same", the first LO_PROOF_SCAN points are listed
** (so that the message names the first failing point, and an undecided
** case within them is settled); past them, the proof's witness, or
** LO_ELIMIT for the undecided. */
static int composition_decide(const lo_layout *a, const lo_layout *b, const lo_layout *r, lo_int sb,
                              lo_err *err) {
  int verdict;
  lo_int x;
  if (sb <= LO_PROOF_SMALL) return composition_points(a, b, r, sb, err);
  if (lo_prove_composition(a, b, r, &verdict, &x, err)) return err->code;
  if (verdict == LO_PROOF_SAME) return LO_OK;
  int rc = composition_points(a, b, r, sb < LO_PROOF_SCAN ? sb : LO_PROOF_SCAN, err);
  if (rc != LO_OK || sb <= LO_PROOF_SCAN) {
    assert(rc != LO_OK || verdict == LO_PROOF_UNKNOWN);
    return rc;
  }
  if (verdict == LO_PROOF_DIFFER) return composition_witness(a, b, r, x, err);
  return lo_fail(err, LO_ELIMIT,
                 "undecided: carries at two or more of A's mode boundaries may cancel, and "
                 "size(B) = %lld is past the %lld points listed to settle that",
                 (long long)sb, (long long)LO_PROOF_SCAN);
}

/* Check R = A o B (B a layout, not a tiler). */
int lo_check_composition(const lo_layout *a, const lo_layout *b, const lo_layout *r, lo_err *err) {
  return lo_check_composition_known(a, b, r, 0, err);
}

/* lo_check_composition, the proof skipped when fits (lo_internal.h); the
** refinement and the bounds as there. */
int lo_check_composition_known(const lo_layout *a, const lo_layout *b, const lo_layout *r, int fits,
                               lo_err *err) {
  lo_int sb;
  if (composition_pre(b, r, &sb, err)) return err->code;
  if (fits) return LO_OK;
  return composition_decide(a, b, r, sb, err);
}

/* ------------------------------------------------------------- complement */

/* The modes of l with size > 1 and stride > 0 (what filter keeps). */
static int live_modes(const lo_layout *l, lo_mode *m) {
  int n = 0;
  for (int i = 0; i < l->shape.len; i++)
    if (l->shape.leaf[i] > 1 && l->stride[i] > 0) {
      m[n].s = l->shape.leaf[i];
      m[n].d = l->stride[i];
      n++;
    }
  return n;
}

/* 1 when the modes, in the given order, are superincreasing: each stride
** exceeds the largest value of the modes before it (so the layout is
** injective and, in this order, strictly increasing); 0 when a stride
** does not; -1 when the largest value so far no longer fits in 64 bits
** (SUPER_OVERFLOW), which decides neither. */
#define SUPER_OVERFLOW (-1)
static int superincreasing(const lo_mode *m, int n) {
  lo_int top = 0, t;
  for (int i = 0; i < n; i++) {
    if (m[i].d <= top) return 0;
    if (__builtin_mul_overflow(m[i].s - 1, m[i].d, &t) || __builtin_add_overflow(top, t, &top))
      return SUPER_OVERFLOW;
  }
  return 1;
}

/* The error of a complement whose values do not fit in 64 bits. */
static int complement_overflow(lo_err *err) {
  return lo_fail(err, LO_EOVERFLOW,
                 "overflow: the largest value of the complement exceeds 64 bits");
}

/* The complement's size as CuTe states it (cute/layout.hpp: "size(result)
** >= cosize_hi / size(filter(layout))", in C++ integer division): sr >=
** n / sl for sl = size(filter(L)) >= 1 and n the cotarget's size.  That
** is weaker than covering the cotarget (sl sr >= n), which
** lo_complement_covers asks for on its own.  LO_OK or LO_EUNDEF. */
static int check_cover(lo_int sl, lo_int sr, lo_int n, lo_err *err) {
  if (sr < n / sl)
    return lo_fail(err, LO_EUNDEF,
                   "size(R) = %lld is below the cotarget %lld / size(filter(L)) %lld = %lld "
                   "(CuTe's postcondition, in integer division)",
                   (long long)sr, (long long)n, (long long)sl, (long long)(n / sl));
  return LO_OK;
}

/* See lo_internal.h. */
int lo_complement_covers(const lo_layout *l, const lo_tuple *cotarget, const lo_layout *r, int *yes,
                         lo_err *err) {
  lo_int sl = 1, sr, n = 1, cover;
  for (int i = 0; i < l->shape.len; i++)
    if (l->shape.leaf[i] > 1 && l->stride[i] > 0 && lo_mul(sl, l->shape.leaf[i], &sl, "size", err))
      return err->code;
  if (lo_size(r, &sr, err)) return err->code;
  if (cotarget) {
    for (int i = 0; i < cotarget->len; i++)
      if (lo_mul(n, cotarget->leaf[i], &n, "cotarget size", err)) return err->code;
  } else {
    lo_mode lm[LO_MAX_LEAVES];
    if (lo_modes_cosize(lm, live_modes(l, lm), &n, err)) return err->code;
  }
  *yes = __builtin_mul_overflow(sl, sr, &cover) || cover >= n;
  return LO_OK;
}

/* Check R as complement(L, cotarget) (cotarget NULL: cosize(filter L)),
** from L's own modes: the general form of lo_check_complement_modes
** below, which the plain complement uses (tests/test_lo_complement.c
** checks that they agree). */
int lo_check_complement(const lo_layout *l, const lo_tuple *cotarget, const lo_layout *r,
                        lo_err *err) {
  lo_mode lm[LO_MAX_LEAVES], rm[LO_MAX_LEAVES], both[2 * LO_MAX_LEAVES];
  int nl = live_modes(l, lm), nr = 0;
  lo_int sr, sl = 1, n = 1;
  for (int i = 0; i < r->shape.len; i++) {
    if (r->shape.leaf[i] == 1) continue;
    if (r->stride[i] == 0)
      return lo_fail(err, LO_EUNDEF, "it has a stride-0 mode %lld:0, so it is not increasing",
                     (long long)r->shape.leaf[i]);
    rm[nr].s = r->shape.leaf[i];
    rm[nr].d = r->stride[i];
    nr++;
  }
  int rising = superincreasing(rm, nr);
  if (rising == SUPER_OVERFLOW) return complement_overflow(err);
  if (!rising)
    return lo_fail(err, LO_EUNDEF,
                   "it is not strictly increasing (a stride does not exceed the "
                   "values of the modes before it)");
  if (lo_size(r, &sr, err)) return err->code;
  for (int i = 0; i < nl; i++)
    if (lo_mul(sl, lm[i].s, &sl, "size", err)) return err->code;
  if (cotarget) {
    for (int i = 0; i < cotarget->len; i++)
      if (lo_mul(n, cotarget->leaf[i], &n, "cotarget size", err)) return err->code;
  } else if (lo_modes_cosize(lm, nl, &n, err)) {
    return err->code;
  }
  if (check_cover(sl, sr, n, err)) return err->code;
  memcpy(both, lm, (size_t)nl * sizeof *lm);
  memcpy(both + nl, rm, (size_t)nr * sizeof *rm);
  int yes;
  if (lo_modes_injective(both, nl + nr, &yes, err)) return err->code;
  if (!yes) return lo_fail(err, LO_EUNDEF, "(filter(L), R) is not injective: R hits values of L");
  return LO_OK;
}

/* The next mode of the merge by stride of f[0..nf) and the modes of
** r[0..nr) with size > 1, each sorted by stride, at positions *i and *j;
** NULL when both are used up. */
static inline const lo_mode *merge_next(const lo_mode *f, int nf, const lo_mode *r, int nr, int *i,
                                        int *j) {
  while (*j < nr && r[*j].s == 1) ++*j;
  if (*i < nf && (*j >= nr || f[*i].d <= r[*j].d)) return &f[(*i)++];
  if (*j < nr) return &r[(*j)++];
  return NULL;
}

/* superincreasing() of that merge, without building it. */
static int merged_superincreasing(const lo_mode *f, int nf, const lo_mode *r, int nr) {
  lo_int top = 0, t;
  int i = 0, j = 0;
  for (const lo_mode *m; (m = merge_next(f, nf, r, nr, &i, &j));)
    if (m->d <= top || __builtin_mul_overflow(m->s - 1, m->d, &t) ||
        __builtin_add_overflow(top, t, &top))
      return 0;
  return 1;
}

/* That merge written into out; returns its length. */
static int merged(const lo_mode *f, int nf, const lo_mode *r, int nr, lo_mode *out) {
  int i = 0, j = 0, k = 0;
  for (const lo_mode *m; (m = merge_next(f, nf, r, nr, &i, &j));) out[k++] = *m;
  return k;
}

/* lo_check_complement on modes (lo_internal.h).  f is filter(L) coalesced
** and sorted by stride: the same function as L's live modes, so the same
** sizes, cosize and injectivity.  R's live modes, once found strictly
** increasing, are merged with f rather than both sorted again (the
** superincreasing test fails on equal strides in either order, and the
** listing does not depend on the order).  One pass over R finds a
** stride-0 mode (reported first, as lo_check_complement does), whether it
** increases, and its size. */
int lo_check_complement_modes(const lo_mode *f, int nf, const lo_tuple *cotarget, const lo_mode *r,
                              int nr, lo_err *err) {
  lo_int sr = 1, sl = 1, n = 1, top = 0, t;
  int rising = 1, sr_over = 0;
  assert(cotarget && nr <= LO_MAX_LEAVES && nf <= LO_MAX_LEAVES);
  for (int i = 0; i < nr; i++) {
    sr_over |= __builtin_mul_overflow(sr, r[i].s, &sr);
    if (r[i].s == 1) continue;
    if (r[i].d == 0)
      return lo_fail(err, LO_EUNDEF, "it has a stride-0 mode %lld:0, so it is not increasing",
                     (long long)r[i].s);
    if (rising != 1) continue; /* superincreasing()'s answer is decided */
    if (r[i].d <= top)
      rising = 0;
    else if (__builtin_mul_overflow(r[i].s - 1, r[i].d, &t) || __builtin_add_overflow(top, t, &top))
      rising = SUPER_OVERFLOW;
  }
  if (rising == SUPER_OVERFLOW) return complement_overflow(err);
  if (!rising)
    return lo_fail(err, LO_EUNDEF,
                   "it is not strictly increasing (a stride does not exceed the "
                   "values of the modes before it)");
  for (int i = 0; sr_over && i < nr; i++) /* to write lo_size's message */
    if (lo_mul(i ? sr : 1, r[i].s, &sr, "size", err)) return err->code;
  for (int i = 0; i < nf; i++)
    if (lo_mul(sl, f[i].s, &sl, "size", err)) return err->code;
  for (int i = 0; i < cotarget->len; i++)
    if (lo_mul(n, cotarget->leaf[i], &n, "cotarget size", err)) return err->code;
  if (check_cover(sl, sr, n, err)) return err->code;
  if (merged_superincreasing(f, nf, r, nr)) return LO_OK;
  lo_mode both[2 * LO_MAX_LEAVES];
  int yes;
  if (lo_modes_injective(both, merged(f, nf, r, nr, both), &yes, err)) return err->code;
  if (!yes) return lo_fail(err, LO_EUNDEF, "(filter(L), R) is not injective: R hits values of L");
  return LO_OK;
}

/* --------------------------------------------------------------- inverses */

/* Prepare l's function for lo_fn_apply (lo_internal.h). */
void lo_fn_init(lo_fn *f, const lo_layout *l, lo_int calls) {
  int len = l->shape.len;
  f->l = l;
  f->n = 0;
  f->exact = len > 0;
#ifdef LO_MUTANT_APPLY_LEX /* the planted bug of lo_apply reaches every check */
  f->exact = 0;
#endif
  for (int i = 0; i < len; i++) {
    lo_int s = l->shape.leaf[i];
    if (s == 1 && i + 1 < len) continue; /* x % 1 = 0, x / 1 = x */
    if (s < 1) f->exact = 0;
    f->s[f->n] = s;
    f->d[f->n] = l->stride[i];
    if (s > 0 && (s & (s - 1)) == 0) {
      f->sh[f->n] = (unsigned char)__builtin_ctzll((unsigned long long)s);
    } else if (calls > LO_FN_RECIP_CALLS && s > 0 && s < ((lo_int)1 << 31)) {
      f->sh[f->n] = LO_FN_RECIP;
      f->inv[f->n] = UINT64_MAX / (uint64_t)s + 1; /* s is no power of two */
    } else {
      f->sh[f->n] = LO_FN_DIVIDE;
    }
    f->n++;
  }
}

/* y = q s + c for 0 <= y < 2^32 and s < 2^31 not a power of two, by
** inv = ceil(2^64 / s) = (2^64 + e) / s with 0 < e < s: y inv / 2^64 =
** y / s + y e / (s 2^64), and y e < 2^63 keeps the excess below 1/s, so
** the floor is q. */
static inline lo_int recip_div(lo_int y, uint64_t inv) {
#ifdef __SIZEOF_INT128__
  return (lo_int)(((unsigned __int128)(uint64_t)y * inv) >> 64);
#else /* no 128-bit product: the high half from 32-bit pieces (y < 2^32) */
  uint64_t lo = (inv & 0xffffffffu) * (uint64_t)y, hi = (inv >> 32) * (uint64_t)y;
  return (lo_int)((hi + (lo >> 32)) >> 32);
#endif
}

/* Phi_L(x) as lo_apply gives it (lo_internal.h). */
int lo_fn_apply(const lo_fn *f, lo_int x, lo_int *out, lo_err *err) {
  lo_int r = 0, t, y = x;
  int bad = 0, last = f->n - 1;
  if (!f->exact || x < 0) return lo_apply(f->l, x, out, err);
  for (int i = 0; i < last && y != 0; i++) {
    lo_int c, q;
    unsigned sh = f->sh[i];
    if (sh < LO_FN_RECIP) {
      c = y & (f->s[i] - 1);
      q = y >> sh;
    } else {
      q = sh == LO_FN_RECIP && y < ((lo_int)1 << 32) ? recip_div(y, f->inv[i]) : y / f->s[i];
      c = y - q * f->s[i];
    }
    y = q;
    bad |= __builtin_mul_overflow(c, f->d[i], &t);
    bad |= __builtin_add_overflow(r, t, &r);
  }
  bad |= __builtin_mul_overflow(y, f->d[last], &t);
  bad |= __builtin_add_overflow(r, t, &r);
  if (bad) return lo_apply(f->l, x, out, err);
  *out = r;
  return LO_OK;
}

/* The reference: L(R(i)) = i at every i in [0, sr), sr <= size(R). */
static int right_inverse_points(const lo_layout *l, const lo_layout *r, lo_int sr, lo_err *err) {
  lo_fn fl;
  lo_odo o;
  lo_fn_init(&fl, l, sr);
  lo_odo_init(&o, r);
  for (lo_int i = 0; i < sr; i++, lo_odo_next(&o)) {
    lo_int v;
    if (lo_fn_apply(&fl, o.v, &v, err)) return err->code;
    if (v != i)
      return lo_fail(err, LO_EUNDEF, "L(R(%lld)) = L(%lld) = %lld, not %lld", (long long)i,
                     (long long)o.v, (long long)v, (long long)i);
  }
  return LO_OK;
}

/* See lo_internal.h. */
int lo_check_right_inverse_points(const lo_layout *l, const lo_layout *r, lo_err *err) {
  lo_int sr;
  if (bounds(r, &sr, err)) return err->code;
  if (sr > LO_CHECK_LIMIT)
    return lo_fail(err, LO_ELIMIT,
                   "size(R) = %lld is too large to check point by point (limit %lld)",
                   (long long)sr, (long long)LO_CHECK_LIMIT);
  return right_inverse_points(l, r, sr, err);
}

/* See lo_internal.h. */
int lo_prove_right_inverse(const lo_layout *l, const lo_layout *r, int *verdict, lo_int *x,
                           lo_err *err) {
  lo_int w = 1;
  lo_layout id;
  lo_layout_copy(&id, r);
  for (int i = 0; i < r->shape.len; i++) {
    id.stride[i] = w;
    w *= r->shape.leaf[i]; /* within size(R) */
  }
  return lo_prove_composition(l, r, &id, verdict, x, err);
}

/* Check L(R(i)) = i on [0, size R): L o R = the identity of R's shape
** (shape(R) with column-major strides), decided by lo_prove_composition;
** the first LO_PROOF_SCAN points listed as composition_decide lists them. */
int lo_check_right_inverse(const lo_layout *l, const lo_layout *r, lo_err *err) {
  lo_int sr, x, lx, rx;
  int verdict;
  if (bounds(r, &sr, err)) return err->code;
  if (sr <= LO_PROOF_SMALL) return right_inverse_points(l, r, sr, err);
  if (lo_prove_right_inverse(l, r, &verdict, &x, err)) return err->code;
  if (verdict == LO_PROOF_SAME) return LO_OK;
  int rc = right_inverse_points(l, r, sr < LO_PROOF_SCAN ? sr : LO_PROOF_SCAN, err);
  if (rc != LO_OK || sr <= LO_PROOF_SCAN) {
    assert(rc != LO_OK || verdict == LO_PROOF_UNKNOWN);
    return rc;
  }
  if (verdict == LO_PROOF_UNKNOWN)
    return lo_fail(err, LO_ELIMIT,
                   "undecided: carries at two or more of L's mode boundaries may cancel, and "
                   "size(R) = %lld is past the %lld points listed to settle that",
                   (long long)sr, (long long)LO_PROOF_SCAN);
  if (lo_apply(r, x, &rx, err) || lo_apply(l, rx, &lx, err)) return err->code;
  return lo_fail(err, LO_EUNDEF, "L(R(%lld)) = L(%lld) = %lld, not %lld", (long long)x,
                 (long long)rx, (long long)lx, (long long)x);
}

#define LEFT_TABLE 4096 /* values of L kept by the left-inverse check */

/* True when l's strides are >= 0, so that (its size and cosize fitting)
** no partial sum of lo_apply over its domain can overflow. */
static int strides_nonneg(const lo_layout *l) {
  for (int i = 0; i < l->shape.len; i++)
    if (l->stride[i] < 0) return 0;
  return 1;
}

/* The reference: L(R(L(i))) = L(i) at every i in [0, sl), sl <= size(L)
** (the table holds L's values only where sl is all of L).  For a small L
** its values are listed (by the odometer, as far as they are read: a
** wrong R is often found early), so that L(R(L(i))) is looked up when
** R(L(i)) falls in L's domain; elsewhere both are evaluated. */
static int left_inverse_points(const lo_layout *l, const lo_layout *r, lo_int sl, lo_err *err) {
  lo_int tab[LEFT_TABLE];
  lo_fn fl, fr;
  lo_odo o;
  lo_int ntab = sl <= LEFT_TABLE && strides_nonneg(l) ? sl : 0, filled = 0;
  lo_fn_init(&fl, l, sl);
  lo_fn_init(&fr, r, sl);
  lo_odo_init(&o, l);
  for (lo_int i = 0; i < sl; i++) {
    if (ntab) /* the table is filled as far as it is read */
      for (; filled <= i; filled++, lo_odo_next(&o)) tab[filled] = o.v;
    lo_int li = ntab ? tab[i] : o.v, ri, lri;
    if (!ntab) lo_odo_next(&o);
    if (lo_fn_apply(&fr, li, &ri, err)) return err->code;
    if (ri >= 0 && ri < ntab) {
      for (; filled <= ri; filled++, lo_odo_next(&o)) tab[filled] = o.v;
      lri = tab[ri];
    } else if (lo_fn_apply(&fl, ri, &lri, err)) {
      return err->code;
    }
    if (lri != li)
      return lo_fail(err, LO_EUNDEF, "L(R(L(%lld))) = L(R(%lld)) = L(%lld) = %lld, not %lld",
                     (long long)i, (long long)li, (long long)ri, (long long)lri, (long long)li);
  }
  return LO_OK;
}

/* See lo_internal.h. */
int lo_check_left_inverse_points(const lo_layout *l, const lo_layout *r, lo_err *err) {
  lo_int sl;
  if (bounds(l, &sl, err)) return err->code;
  if (sl > LO_CHECK_LIMIT)
    return lo_fail(err, LO_ELIMIT,
                   "size(L) = %lld is too large to check point by point (limit %lld)",
                   (long long)sl, (long long)LO_CHECK_LIMIT);
  return left_inverse_points(l, r, sl, err);
}

/* L's values are those of F, its modes of size > 1 and stride > 0 in
** order (the others add nothing): F's modes into fm[0..*nf), and the
** column-major position in L of each into col. */
static void live_of(const lo_layout *l, lo_mode *fm, lo_int *col, int *nf) {
  lo_int w = 1;
  *nf = 0;
  for (int k = 0; k < l->shape.len; k++) {
    if (l->shape.leaf[k] > 1 && l->stride[k] > 0) {
      fm[*nf].s = l->shape.leaf[k];
      fm[*nf].d = l->stride[k];
      col[(*nf)++] = w;
    }
    w *= l->shape.leaf[k]; /* within size(L) */
  }
}

/* The layout of outer o inner over inner's leaves, when the greedy fit of
** each leaf (lo_prove_fit_leaf) is proven to be outer o inner: its modes
** into tm[0..*nt), and inner's leaves split as they split (s:d over
** t_1,t_2,.. is t_1:d, t_2:t_1 d, ..) into gm.  0 when found, else 1 (no
** layout, undecided, or out of range: nothing is concluded). */
static int composite_of(const lo_layout *outer, const lo_layout *inner, lo_mode *tm, lo_mode *gm,
                        int *nt) {
  lo_err e;
  lo_int x, sz;
  int v;
  *nt = 0;
  for (int k = 0; k < inner->shape.len; k++) {
    lo_mode q[LO_MAX_LEAVES];
    int nq;
    lo_int s = inner->shape.leaf[k], dd = inner->stride[k];
    if (s == 1) continue;
    if (lo_prove_fit_leaf(outer, s, dd, q, &nq, &v, &e) || v != LO_PROOF_SAME ||
        *nt + nq > LO_MAX_LEAVES)
      return 1;
    for (int j = 0; j < nq; j++) {
      tm[*nt] = q[j];
      gm[*nt].s = q[j].s;
      gm[(*nt)++].d = dd;
      if (j + 1 < nq && __builtin_mul_overflow(dd, q[j].s, &dd)) return 1;
    }
  }
  lo_layout t, g;
  lo_layout_flat_modes(&t, tm, *nt);
  lo_layout_flat_modes(&g, gm, *nt);
  if (bounds(&t, &sz, &e) || bounds(&g, &sz, &e)) return 1;
  return lo_prove_composition(outer, &g, &t, &v, &x, &e) || v != LO_PROOF_SAME;
}

/* True when L(R(L(i))) != L(i) at i (points that do not evaluate count
** as agreeing). */
static int left_fails_at(const lo_layout *l, const lo_layout *r, lo_int i) {
  lo_int li, ri, lri;
  lo_err e;
  return !lo_apply(l, i, &li, &e) && !lo_apply(r, li, &ri, &e) && !lo_apply(l, ri, &lri, &e) &&
         lri != li;
}

/* Look for a failing index of the left-inverse contract where neither
** reduction applies (R o F and L o R no layouts: an L that is not
** injective, mostly): with at most 4 live modes, every point whose live
** coordinates are each 0, 1, 2, s/2, s - 2 or s - 1 (at most 1,296);
** then the points with one live coordinate at 1, 2, s/2 or s - 1, and
** with two at 1 or s - 1 (at most 4 nf + 4 nf^2 points, nf the live
** modes).  A point found proves the answer wrong; none found proves
** nothing.  Returns 1 with *i set, or 0. */
static int left_witness(const lo_layout *l, const lo_layout *r, const lo_mode *fm,
                        const lo_int *col, int nf, lo_int *i) {
  if (nf <= 4) { /* every coordinate from {0, 1, 2, s/2, s-2, s-1}: at most 6^4 points */
    int at[4] = {0, 0, 0, 0};
    for (;;) {
      lo_int x = 0;
      for (int k = 0; k < nf; k++) {
        lo_int s = fm[k].s, c[6] = {0, 1, 2, s / 2, s - 2, s - 1}, v = c[at[k]];
        x += (v >= 0 && v < s ? v : 0) * col[k]; /* within size(L) */
      }
      if (left_fails_at(l, r, x)) {
        *i = x;
        return 1;
      }
      int k = 0;
      while (k < nf && ++at[k] == 6) at[k++] = 0;
      if (k == nf) break;
    }
  }
  for (int k = 0; k < nf; k++) {
    lo_int c[4] = {1, 2, fm[k].s / 2, fm[k].s - 1};
    for (int t = 0; t < 4; t++)
      if (c[t] > 0 && c[t] < fm[k].s && left_fails_at(l, r, c[t] * col[k])) {
        *i = c[t] * col[k];
        return 1;
      }
  }
  for (int k = 0; k < nf; k++)
    for (int j = k + 1; j < nf; j++)
      for (int t = 0; t < 4; t++) {
        lo_int x = (t & 1 ? fm[k].s - 1 : 1) * col[k] + (t & 2 ? fm[j].s - 1 : 1) * col[j];
        if (left_fails_at(l, r, x)) {
          *i = x;
          return 1;
        }
      }
  return 0;
}

/* Decide L(R(L(i))) = L(i) on [0, size L) over the modes: L(R(F(x))) =
** F(x) on [0, size F) for F as live_of finds it, by one of two
** reductions to lo_prove_composition:
**   (1) where R o F is a layout T (composite_of), L o T = F with F's
**       leaves split as T's modes split them;
**   (2) where L o R' is a layout U, R' being R with its last leaf
**       stretched to reach cosize(F) (the same function, R's last mode
**       running on), U o F = F.
** Each is exact where it applies; where neither does (both composites
** no layout, or undecided), a failing point is looked for among a few
** (left_witness), and failing that the verdict is LO_PROOF_UNKNOWN.  With
** LO_PROOF_DIFFER, *i is a failing index of L. */
int lo_prove_left_inverse(const lo_layout *l, const lo_layout *r, int *verdict, lo_int *i,
                          lo_err *err) {
  lo_mode fm[LO_MAX_LEAVES], tm[LO_MAX_LEAVES], gm[LO_MAX_LEAVES];
  lo_int col[LO_MAX_LEAVES], x = 0, cf, sr;
  int nf, nt;
  lo_layout f, t, g;
  lo_err e;
  live_of(l, fm, col, &nf);
  *verdict = LO_PROOF_SAME;
  if (nf == 0) return LO_OK; /* L is 0 everywhere, and so is L(R(0)) */
  lo_layout_flat_modes(&f, fm, nf);
  *verdict = LO_PROOF_UNKNOWN;
  if (composite_of(r, &f, tm, gm, &nt) == 0) { /* (1) */
    lo_layout_flat_modes(&t, tm, nt);
    lo_layout_flat_modes(&g, gm, nt);
    if (lo_prove_composition(l, &t, &g, verdict, &x, err)) return err->code;
  }
  if (*verdict == LO_PROOF_UNKNOWN && r->shape.len > 0 && !lo_cosize(&f, &cf, &e) &&
      !lo_size(r, &sr, &e)) { /* (2) */
    lo_layout rx;
    int n = r->shape.len;
    lo_int last = r->shape.leaf[n - 1], rest = sr / last;
    lo_layout_copy(&rx, r);
    if (lo_ceil_div(cf, rest) > last) rx.shape.leaf[n - 1] = lo_ceil_div(cf, rest);
    if (composite_of(l, &rx, tm, gm, &nt) == 0) {
      lo_layout u;
      lo_layout_flat_modes(&u, tm, nt);
      if (lo_prove_composition(&u, &f, &f, verdict, &x, err)) return err->code;
    }
  }
  if (*verdict == LO_PROOF_UNKNOWN && left_witness(l, r, fm, col, nf, i)) {
    *verdict = LO_PROOF_DIFFER;
    return LO_OK;
  }
  if (*verdict != LO_PROOF_DIFFER) return LO_OK;
  *i = 0;
  for (int k = 0; k < nf; k++) { /* x's coordinates in F, placed in L */
    *i += x % fm[k].s * col[k];
    x /= fm[k].s;
  }
  return LO_OK;
}

/* Check L(R(L(i))) = L(i) on [0, size L). */
int lo_check_left_inverse(const lo_layout *l, const lo_layout *r, lo_err *err) {
  return lo_check_left_inverse_known(l, r, 0, err);
}

/* lo_check_left_inverse, the proof skipped when exact (lo_internal.h):
** decided by lo_prove_left_inverse; the first LO_PROOF_SCAN points listed as
** composition_decide lists them. */
int lo_check_left_inverse_known(const lo_layout *l, const lo_layout *r, int exact, lo_err *err) {
  lo_int sl, i = 0, li, ri, lri;
  int verdict;
  if (bounds(l, &sl, err)) return err->code;
  if (exact) return LO_OK;
  if (sl <= LO_PROOF_SMALL) return left_inverse_points(l, r, sl, err);
  if (lo_prove_left_inverse(l, r, &verdict, &i, err)) return err->code;
  if (verdict == LO_PROOF_SAME) return LO_OK;
  int rc = left_inverse_points(l, r, sl < LO_PROOF_SCAN ? sl : LO_PROOF_SCAN, err);
  if (rc != LO_OK || sl <= LO_PROOF_SCAN) {
    assert(rc != LO_OK || verdict == LO_PROOF_UNKNOWN);
    return rc;
  }
  if (verdict == LO_PROOF_UNKNOWN)
    return lo_fail(err, LO_ELIMIT,
                   "undecided: R o filter(L) is not shown to be a layout, and size(L) = %lld is "
                   "past the %lld points listed to settle L(R(L(i))) = L(i)",
                   (long long)sl, (long long)LO_PROOF_SCAN);
  if (lo_apply(l, i, &li, err) || lo_apply(r, li, &ri, err) || lo_apply(l, ri, &lri, err))
    return err->code;
  return lo_fail(err, LO_EUNDEF, "L(R(L(%lld))) = L(R(%lld)) = L(%lld) = %lld, not %lld",
                 (long long)i, (long long)li, (long long)ri, (long long)lri, (long long)li);
}

/* r printed for a message (lo_internal.h). */
void lo_show_layout(const lo_layout *r, char *buf, size_t cap) {
  if (lo_print_layout(r, buf, cap)) snprintf(buf, cap, "a layout too long to show");
}

/* Keep CuTe's answer or say why it is wrong (lo_internal.h). */
int lo_keep_cute_answer(int check_rc, const lo_layout *r, const char *prefix, const char *which,
                        lo_layout *out, lo_err *err) {
  char buf[200], why[sizeof err->msg];
  if (check_rc == LO_OK) {
    lo_layout_copy(out, r);
    return LO_OK;
  }
  if (check_rc != LO_EUNDEF) return check_rc;
  lo_show_layout(r, buf, sizeof buf);
  memcpy(why, err->msg, sizeof why);
  return lo_fail(err, LO_EUNDEF, "%s: CuTe prints %s, which %s: %s", prefix, buf, which, why);
}
