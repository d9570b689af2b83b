/* test_lo_proof.c -- the contracts decided over the modes (oracle/lo_proof.c,
** lo_contract.c) against the same contracts checked at every point: on
** every pair of the small flat layouts below (each of size <= 64), with
** CuTe's answer, the plain op's answer and answers with one stride moved
** as the candidate results; on nested inner layouts; on the inverses of
** every small flat layout; on large random layouts at sampled points.
** Injectivity (oracle/lo_injective.c) against the listing on every flat
** layout of size <= 64 in the ranges below, every nested one of four
** leaves with shapes <= 4, and large ones built with a known answer.
** The proof must say "the same" exactly where every point agrees, and
** where it says "they differ" its witness must differ.  Undecided
** verdicts are counted (and the checks settle them by listing).  The
** cases by hand are computed in their comments. */
#include "lo_internal.h"
#include "lo_test.h"
#include "t.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Verdict counts of one family of comparisons. */
typedef struct counts {
  long same, differ, unknown, bad, compared;
} counts;

/* True when A(B(x)) != R(x) (or either side fails to evaluate). */
static int fails_at(const lo_layout *a, const lo_layout *b, const lo_layout *r, lo_int x) {
  lo_int bx, abx, rx;
  lo_err e;
  if (lo_apply(b, x, &bx, &e) || lo_apply(r, x, &rx, &e) || lo_apply(a, bx, &abx, &e)) return 1;
  return abx != rx;
}

/* Compare the proof of A o B = R with the check at every point. */
static void compare_composition(const lo_layout *a, const lo_layout *b, const lo_layout *r,
                                counts *c) {
  lo_err e;
  lo_int x;
  int v, ref = lo_check_composition_points(a, b, r, &e);
  if (ref != LO_OK && ref != LO_EUNDEF) return; /* out of range: no verdict to compare */
  if (!lo_refines(&r->shape, &b->shape)) return;
  c->compared++;
  if (lo_prove_composition(a, b, r, &v, &x, &e)) {
    c->bad++;
    return;
  }
  if (v == LO_PROOF_SAME) {
    c->same++;
    c->bad += ref != LO_OK;
  } else if (v == LO_PROOF_DIFFER) {
    c->differ++;
    c->bad += ref == LO_OK || !fails_at(a, b, r, x);
  } else {
    c->unknown++;
  }
  if (c->bad == 1 && (v == LO_PROOF_SAME) != (ref == LO_OK)) {
    char sa[200], sb[200], sr[200];
    lo_show_layout(a, sa, sizeof sa);
    lo_show_layout(b, sb, sizeof sb);
    lo_show_layout(r, sr, sizeof sr);
    printf("first disagreement: A = %s, B = %s, R = %s: proof %d, points %d\n", sa, sb, sr, v, ref);
    c->bad++;
  }
}

/* R with the stride of its leaf k raised by one (k counted from the end
** when negative). */
static void moved(const lo_layout *r, int k, lo_layout *out) {
  lo_layout_copy(out, r);
  if (k < 0) k += r->shape.len;
  if (k >= 0 && k < r->shape.len) out->stride[k] += 1;
}

/* The candidate results for A o B: CuTe's answer, the plain op's, and each
** of them with its first or last stride moved. */
static void composition_candidates(const lo_layout *a, const lo_layout *b, counts *c) {
  lo_layout r, m;
  lo_err e;
  if (lo_cute_composition(a, b, &r, &e) == LO_OK) {
    compare_composition(a, b, &r, c);
    moved(&r, 0, &m);
    compare_composition(a, b, &m, c);
  }
  if (lo_composition(a, b, &r, &e) == LO_OK) {
    compare_composition(a, b, &r, c);
    moved(&r, -1, &m);
    compare_composition(a, b, &m, c);
  }
}

/* Every pair (A, B): A flat of rank <= 3 with shapes 2,3,4 and strides
** 1,2,3,5 (1,884 layouts, sizes 2 to 64), B flat of rank <= 2 with shapes
** 2,3,4,8 and strides 0,1,2,3,4,7 (600 layouts, sizes 2 to 64): 1,130,400
** pairs, each with its candidates. */
static void test_composition_pairs(void) {
  static const lo_int ash[] = {2, 3, 4}, ast[] = {1, 2, 3, 5};
  static const lo_int bsh[] = {2, 3, 4, 8}, bst[] = {0, 1, 2, 3, 4, 7};
  counts c = {0, 0, 0, 0, 0};
  lo_layout a, b;
  long pairs = 0;
  for (int i = 0; small_flat(i, ash, 3, ast, 4, &a); i++)
    for (int j = 0; small_flat(j, bsh, 4, bst, 6, &b); j++) {
      if (b.shape.len > 2) break;
      composition_candidates(&a, &b, &c);
      pairs++;
    }
  printf("composition pairs: %ld pairs, %ld compared: %ld same, %ld differ, %ld undecided, %ld "
         "wrong\n",
         pairs, c.compared, c.same, c.differ, c.unknown, c.bad);
  T_EQ_INT(pairs, 1884L * 600);
  T_EQ_INT(c.bad, 0);
  T_CHECK(c.same > 100000 && c.differ > 100000);
  T_EQ_INT(c.unknown, 0); /* the cancelling carries decided over the reduced box */
}

/* Every seventh A of the set above with every nested B
** ((s0,s1),s2):((d0,d1),d2) from shapes 2,3 and strides 0,1,2,4 (512
** layouts, sizes 8 to 27):
** the candidates refine B's nesting, the proof reads the leaves. */
static void test_composition_nested(void) {
  static const lo_int ash[] = {2, 3, 4}, ast[] = {1, 2, 3, 5};
  static const lo_int sh[] = {2, 3}, st[] = {0, 1, 2, 4};
  counts c = {0, 0, 0, 0, 0};
  lo_layout a, b;
  lo_err e;
  char text[100];
  long n = 0;
  for (int i = 0; small_flat(i, ash, 3, ast, 4, &a); i++) {
    if (i % 7 != 0) continue;             /* every seventh A: 270 of them */
    for (int k = 0; k < 8 * 8 * 8; k++) { /* 2 shapes x 4 strides per leaf */
      int q = k;
      lo_int s[3], d[3];
      for (int t = 0; t < 3; t++, q /= 8) {
        s[t] = sh[q % 8 / 4];
        d[t] = st[q % 4];
      }
      snprintf(text, sizeof text, "((%lld,%lld),%lld):((%lld,%lld),%lld)", (long long)s[0],
               (long long)s[1], (long long)s[2], (long long)d[0], (long long)d[1], (long long)d[2]);
      T_EQ_INT(lo_parse_layout(text, &b, &e), LO_OK);
      composition_candidates(&a, &b, &c);
      n++;
    }
  }
  printf("composition nested: %ld pairs, %ld compared: %ld same, %ld differ, %ld undecided, %ld "
         "wrong\n",
         n, c.compared, c.same, c.differ, c.unknown, c.bad);
  T_EQ_INT(n, 270L * 512);
  T_EQ_INT(c.bad, 0);
  T_EQ_INT(c.unknown, 0);
  T_CHECK(c.same > 10000 && c.differ > 10000);
}

/* Compare the inverse proofs with the checks at every point, on CuTe's
** answer, the plain op's and one moved stride. */
static void inverse_case(const lo_layout *l, int left, counts *c) {
  lo_layout r[3];
  lo_err e;
  int n = 0;
  if ((left ? lo_cute_left_inverse(l, &r[n], &e) : lo_cute_right_inverse(l, &r[n], &e)) == LO_OK)
    n++;
  if ((left ? lo_left_inverse(l, &r[n], &e) : lo_right_inverse(l, &r[n], &e)) == LO_OK) n++;
  if (n > 0) {
    moved(&r[0], -1, &r[n]);
    n++;
  }
  for (int k = 0; k < n; k++) {
    lo_int x, v1, v2, v3;
    int v, ref = left ? lo_check_left_inverse_points(l, &r[k], &e)
                      : lo_check_right_inverse_points(l, &r[k], &e);
    if (ref != LO_OK && ref != LO_EUNDEF) continue;
    c->compared++;
    if ((left ? lo_prove_left_inverse(l, &r[k], &v, &x, &e)
              : lo_prove_right_inverse(l, &r[k], &v, &x, &e)) != LO_OK) {
      c->bad++;
      continue;
    }
    if (v == LO_PROOF_SAME) {
      c->same++;
      c->bad += ref != LO_OK;
    } else if (v == LO_PROOF_DIFFER) { /* the witness fails */
      c->differ++;
      c->bad += ref == LO_OK;
      if (left)
        c->bad += !(lo_apply(l, x, &v1, &e) == LO_OK && lo_apply(&r[k], v1, &v2, &e) == LO_OK &&
                    lo_apply(l, v2, &v3, &e) == LO_OK && v3 != v1);
      else
        c->bad +=
            !(lo_apply(&r[k], x, &v1, &e) == LO_OK && lo_apply(l, v1, &v2, &e) == LO_OK && v2 != x);
    } else {
      c->unknown++;
      if (getenv("SHOW_UNDECIDED")) {
        char a[200], b[200];
        lo_show_layout(l, a, sizeof a);
        lo_show_layout(&r[k], b, sizeof b);
        printf("undecided %s: L = %s, R = %s, points %d\n", left ? "left" : "right", a, b, ref);
      }
    }
  }
}

/* Every flat L of rank <= 3 with shapes 1,2,3,4,6,8 and strides
** 0,1,2,3,4,6,8,12 (112,944 layouts, sizes 1 to 512): right and left
** inverses. */
static void test_inverses(void) {
  static const lo_int sh[] = {1, 2, 3, 4, 6, 8}, st[] = {0, 1, 2, 3, 4, 6, 8, 12};
  counts cr = {0, 0, 0, 0, 0}, cl = {0, 0, 0, 0, 0};
  lo_layout l;
  long n = 0;
  for (int k = 0; small_flat(k, sh, 6, st, 8, &l); k++, n++) {
    inverse_case(&l, 0, &cr);
    inverse_case(&l, 1, &cl);
  }
  printf("right_inverse: %ld layouts, %ld compared: %ld same, %ld differ, %ld undecided, %ld "
         "wrong\n",
         n, cr.compared, cr.same, cr.differ, cr.unknown, cr.bad);
  printf("left_inverse: %ld layouts, %ld compared: %ld same, %ld differ, %ld undecided, %ld "
         "wrong\n",
         n, cl.compared, cl.same, cl.differ, cl.unknown, cl.bad);
  T_EQ_INT(n, 48L + 48 * 48 + 48 * 48 * 48);
  T_EQ_INT(cr.bad, 0);
  T_EQ_INT(cl.bad, 0);
  T_EQ_INT(cr.unknown, 0);
  T_CHECK(cl.unknown * 1000 < cl.compared); /* non-injective L whose answer holds: 150 */
  T_CHECK(cr.same > 100000 && cl.same > 50000 && cr.differ > 10000 && cl.differ > 10000);
}

/* lo_max_mod against the maximum found by listing, for every n, d, m up
** to 40 (d up to 2m, so that d mod m and d both occur). */
static void test_max_mod(void) {
  long bad = 0, n_cases = 0;
  for (lo_int m = 1; m <= 40; m++)
    for (lo_int d = 0; d <= 2 * m; d++)
      for (lo_int n = 1; n <= 40; n++) {
        lo_int mx, arg, best = 0;
        for (lo_int c = 0; c < n; c++)
          if (c * d % m > best) best = c * d % m;
        lo_max_mod(n, d, m, &mx, &arg);
        bad += mx != best || arg < 0 || arg >= n || arg * d % m != best;
        n_cases++;
      }
  T_EQ_INT(bad, 0);
  T_CHECK(n_cases > 60000);
  /* large values, by hand: c (2^61 + 1) mod 2^62 for c = 0..3 is 0, 2^61 + 1,
  ** 2, 2^61 + 3 (wrapping, less than a period: the bisection); over a whole
  ** period of 3 c mod 2^62 the maximum is m - gcd = 2^62 - 1 */
  lo_int mx, arg, m = (lo_int)1 << 62;
  lo_max_mod(4, ((lo_int)1 << 61) + 1, m, &mx, &arg);
  T_EQ_INT(mx, ((lo_int)1 << 61) + 3);
  T_EQ_INT(arg, 3);
  lo_max_mod(m, 3, m, &mx, &arg);
  T_EQ_INT(mx, m - 1);
  T_EQ_INT((lo_int)((unsigned __int128)arg * 3 % (unsigned __int128)m), m - 1);
}

/* xorshift64*: reproducible random numbers for the sampled tests. */
static uint64_t rnd(uint64_t *s) {
  *s ^= *s >> 12;
  *s ^= *s << 25;
  *s ^= *s >> 27;
  return *s * 2685821657736338717ull;
}

/* A random flat layout of rank 1 to 4 with shapes from the GEMM sizes
** (1 to 8192) and strides 0, compact or small multiples. */
static void random_layout(uint64_t *s, lo_layout *l) {
  static const lo_int shapes[] = {1, 2, 3, 4, 8, 16, 64, 128, 1024, 2048, 8192};
  lo_int sh[4], st[4], p = 1;
  int rank = 1 + (int)(rnd(s) % 4);
  for (int i = 0; i < rank; i++) sh[i] = shapes[rnd(s) % 11];
  for (int i = 0; i < rank; i++) {
    int kind = (int)(rnd(s) % 4);
    st[i] = kind == 0 ? 0 : kind == 1 ? p : (lo_int)(1 + rnd(s) % 64) * (kind == 2 ? 1 : p);
    p *= sh[i];
  }
  lo_layout_flat(l, sh, st, rank);
}

/* 20,000 random pairs of large layouts (sizes up to 2^52): where the proof
** says "the same", 200 sampled points agree; where it says "they differ",
** its witness differs. */
static void test_composition_large(void) {
  uint64_t s = 0x9e3779b97f4a7c15ull;
  counts c = {0, 0, 0, 0, 0};
  long sampled_bad = 0, large = 0;
  for (int k = 0; k < 20000; k++) {
    lo_layout a, b, r, m;
    lo_err e;
    lo_int sb, cb, sr, cr;
    random_layout(&s, &a);
    random_layout(&s, &b);
    if (lo_size(&b, &sb, &e) || lo_cosize(&b, &cb, &e)) continue;
    if (lo_composition(&a, &b, &r, &e) != LO_OK) continue;
    large += sb > ((lo_int)1 << 22);
    for (int t = 0; t < 2; t++) {
      int v;
      lo_int x;
      if (t == 1) moved(&r, 0, &m);
      const lo_layout *rr = t ? &m : &r;
      if (lo_size(rr, &sr, &e) || lo_cosize(rr, &cr, &e)) continue;
      if (lo_prove_composition(&a, &b, rr, &v, &x, &e)) continue;
      c.compared++;
      if (v == LO_PROOF_SAME) {
        c.same++;
        for (int q = 0; q < 200; q++) sampled_bad += fails_at(&a, &b, rr, (lo_int)(rnd(&s) % sb));
      } else if (v == LO_PROOF_DIFFER) {
        c.differ++;
        c.bad += !fails_at(&a, &b, rr, x);
      } else {
        c.unknown++;
      }
    }
  }
  printf("composition large: %ld compared (%ld with size(B) > 2^22): %ld same, %ld differ, %ld "
         "undecided\n",
         c.compared, large, c.same, c.differ, c.unknown);
  T_EQ_INT(c.bad, 0);
  T_EQ_INT(sampled_bad, 0);
  T_EQ_INT(c.unknown, 0);
  T_CHECK(large > 1000 && c.same > 1000 && c.differ > 1000);
}

/* Injective by listing: the values of the flat modes m[0..n) (product at
** most 4096) sorted, none repeated. */
static int injective_points(const lo_mode *m, int n) {
  static lo_int vals[4096];
  lo_int size = 1, c[8] = {0}, v = 0;
  for (int i = 0; i < n; i++) size *= m[i].s;
  for (lo_int x = 0; x < size; x++) {
    vals[x] = v;
    for (int i = 0; i < n; i++) {
      if (++c[i] < m[i].s) {
        v += m[i].d;
        break;
      }
      v -= (m[i].s - 1) * m[i].d;
      c[i] = 0;
    }
  }
  for (lo_int x = 0; x < size; x++)
    for (lo_int y = x + 1; y < size; y++)
      if (vals[x] == vals[y]) return 0;
  return 1;
}

/* Compare lo_modes_injective with the listing on the modes m[0..n);
** counts into c (same: both injective; differ: both not). */
static void compare_injective(const lo_mode *m, int n, counts *c) {
  lo_mode w[8];
  lo_err e;
  int yes = -1, ref = injective_points(m, n);
  memcpy(w, m, (size_t)n * sizeof *m);
  c->compared++;
  if (lo_modes_injective(w, n, &yes, &e) != LO_OK) {
    c->unknown++;
    return;
  }
  if (yes != ref) {
    if (c->bad == 0) {
      printf("first disagreement on injectivity:");
      for (int i = 0; i < n; i++) printf(" %lld:%lld", (long long)m[i].s, (long long)m[i].d);
      printf(": proof %d, points %d\n", yes, ref);
    }
    c->bad++;
  }
  if (ref)
    c->same++;
  else
    c->differ++;
}

/* Every flat layout of size <= 64 and rank <= 6 whose shapes are 1..64
** and strides -3..12 (rank <= 2), 0..9 (rank 3), 0..6 (rank 4) or 0..4
** (ranks 5, 6): the decision against the listing.  Shapes of a rank are
** all tuples of that length with product <= 64 (size-1 modes included up
** to rank 3). */
static void test_injective_flat(void) {
  counts c = {0, 0, 0, 0, 0};
  for (int rank = 1; rank <= 6; rank++) {
    lo_int lo = rank <= 2 ? -3 : 0, hi = rank <= 2 ? 12 : rank == 3 ? 9 : rank == 4 ? 6 : 4;
    lo_int nst = hi - lo + 1, smin = rank <= 3 ? 1 : 2;
    lo_mode m[8];
    lo_int s[8], tot = 1;
    for (int i = 0; i < rank; i++) s[i] = smin;
    for (;;) { /* every shape tuple with product <= 64 */
      lo_int p = 1;
      for (int i = 0; i < rank; i++) p *= s[i];
      if (p <= 64) {
        tot = 1;
        for (int i = 0; i < rank; i++) tot *= nst;
        for (lo_int k = 0; k < tot; k++) {
          lo_int q = k;
          for (int i = 0; i < rank; i++, q /= nst) {
            m[i].s = s[i];
            m[i].d = lo + q % nst;
          }
          compare_injective(m, rank, &c);
        }
      }
      int i = 0;
      while (i < rank) { /* the next tuple: the first shape fastest */
        s[i]++;
        lo_int q = 1;
        for (int j = 0; j < rank; j++) q *= s[j];
        if (q <= 64) break;
        s[i] = smin;
        i++;
      }
      if (i == rank) break;
    }
  }
  printf("injective flat: %ld compared: %ld injective, %ld not, %ld undecided, %ld wrong\n",
         c.compared, c.same, c.differ, c.unknown, c.bad);
  T_EQ_INT(c.bad, 0);
  T_EQ_INT(c.unknown, 0);
  T_CHECK(c.same > 10000 && c.differ > 10000);
}

/* Every nested layout ((s0,s1),(s2,s3)):((d0,d1),(d2,d3)) with shapes 1..4
** and strides 0,1,2,3,5,8 (331,776 layouts, sizes 1 to 256): lo_is_injective
** against the listing of lo_layout_function. */
static void test_injective_nested(void) {
  static const lo_int st[] = {0, 1, 2, 3, 5, 8};
  static lo_int vals[256];
  counts c = {0, 0, 0, 0, 0};
  char text[120];
  for (long k = 0; k < 4L * 4 * 4 * 4 * 6 * 6 * 6 * 6; k++) {
    long q = k;
    lo_int sh[4], d[4], n;
    for (int t = 0; t < 4; t++, q /= 24) {
      sh[t] = 1 + q % 4;
      d[t] = st[q / 4 % 6];
    }
    snprintf(text, sizeof text, "((%lld,%lld),(%lld,%lld)):((%lld,%lld),(%lld,%lld))",
             (long long)sh[0], (long long)sh[1], (long long)sh[2], (long long)sh[3],
             (long long)d[0], (long long)d[1], (long long)d[2], (long long)d[3]);
    lo_layout l;
    lo_err e;
    int yes = -1, ref = 1;
    T_EQ_INT(lo_parse_layout(text, &l, &e), LO_OK);
    T_EQ_INT(lo_layout_function(&l, vals, 256, &n, &e), LO_OK);
    for (lo_int x = 0; x < n; x++)
      for (lo_int y = x + 1; y < n; y++) ref &= vals[x] != vals[y];
    c.compared++;
    if (lo_is_injective(&l, &yes, &e) != LO_OK) {
      c.unknown++;
      continue;
    }
    c.bad += yes != ref;
    if (ref)
      c.same++;
    else
      c.differ++;
  }
  printf("injective nested: %ld compared: %ld injective, %ld not, %ld undecided, %ld wrong\n",
         c.compared, c.same, c.differ, c.unknown, c.bad);
  T_EQ_INT(c.compared, 331776);
  T_EQ_INT(c.bad, 0);
  T_EQ_INT(c.unknown, 0);
  T_CHECK(c.same > 10000 && c.differ > 10000);
}

/* Large layouts with known answers, made from the small ones: for a small
** flat layout L (modes s_i:d_i, size <= 64, its answer by listing), each
** stride times p with a mode p:1 added (the values in base p: injective
** exactly when L is), and that with a mode of size 2^20 above everything
** (injective exactly when L is); p from 2^14 to 2^20: layouts of 2^15 to
** 2^46 points, past the listing's 16,384. */
static void test_injective_large(void) {
  static const lo_int sh[] = {2, 3, 4}, st[] = {1, 2, 3, 5, 6, 9};
  counts c = {0, 0, 0, 0, 0};
  lo_layout l;
  uint64_t seed = 0x243f6a8885a308d3ull;
  for (int k = 0; small_flat(k, sh, 3, st, 6, &l); k++) {
    lo_mode m[8], w[8];
    lo_err e;
    int n = lo_modes_of(&l, m), ref = injective_points(m, n), yes = -1;
    lo_int p = (lo_int)1 << (14 + rnd(&seed) % 7), top = 0;
    for (int i = 0; i < n; i++) {
      w[i].s = m[i].s;
      w[i].d = m[i].d * p;
      top += (m[i].s - 1) * w[i].d;
    }
    w[n].s = p;
    w[n].d = 1;
    w[n + 1].s = (lo_int)1 << 20;
    w[n + 1].d = top + p;
    for (int t = 0; t < 2; t++) {
      lo_mode x[8];
      memcpy(x, w, sizeof x);
      c.compared++;
      if (lo_modes_injective(x, n + 1 + t, &yes, &e) != LO_OK) {
        c.unknown++;
        continue;
      }
      c.bad += yes != ref;
      if (ref)
        c.same++;
      else
        c.differ++;
    }
  }
  printf("injective large: %ld compared: %ld injective, %ld not, %ld undecided, %ld wrong\n",
         c.compared, c.same, c.differ, c.unknown, c.bad);
  T_EQ_INT(c.bad, 0);
  T_EQ_INT(c.unknown, 0);
  T_CHECK(c.same > 1000 && c.differ > 1000);
}

/* Injectivity by hand. */
static void test_injective_by_hand(void) {
  lo_layout l;
  lo_err e;
  int yes = -1;
  /* (3,2):(2,3): 0 2 4 3 5 7, no repeat, though 3 <= 2 * 2 (not
  ** superincreasing) */
  lo_parse_layout("(3,2):(2,3)", &l, &e);
  T_EQ_INT(lo_is_injective(&l, &yes, &e), LO_OK);
  T_EQ_INT(yes, 1);
  /* (2,2,2):(3,5,7): 0 3 5 8 7 10 12 15, no repeat (no reduction applies:
  ** listed) */
  lo_parse_layout("(2,2,2):(3,5,7)", &l, &e);
  T_EQ_INT(lo_is_injective(&l, &yes, &e), LO_OK);
  T_EQ_INT(yes, 1);
  /* (2,2):(-1,1) (built: the parser takes strides >= 0): L(1,0) = -1,
  ** L(1,1) = 0 = L(0,0) */
  lo_layout_flat(&l, (const lo_int[]){2, 2}, (const lo_int[]){-1, 1}, 2);
  T_EQ_INT(lo_is_injective(&l, &yes, &e), LO_OK);
  T_EQ_INT(yes, 0);
  /* (2^31,2^31):(2^31,1), the transpose of a 2^62-element tensor:
  ** injective; (2^31,2^31):(2^31 - 1,1) is not: L(1,0) = L(0,2^31 - 1) */
  lo_parse_layout("(2147483648,2147483648):(2147483648,1)", &l, &e);
  T_EQ_INT(lo_is_injective(&l, &yes, &e), LO_OK);
  T_EQ_INT(yes, 1);
  lo_parse_layout("(2147483648,2147483648):(2147483647,1)", &l, &e);
  T_EQ_INT(lo_is_injective(&l, &yes, &e), LO_OK);
  T_EQ_INT(yes, 0);
  /* (1000,1000,1000):(1,1000,999): 999 = 1000 - 1 so L(1,1,0) = 1001 = L(2,0,1) */
  lo_parse_layout("(1000,1000,1000):(1,1000,999)", &l, &e);
  T_EQ_INT(lo_is_injective(&l, &yes, &e), LO_OK);
  T_EQ_INT(yes, 0);
  /* ((4,4),(1000,3)):((1,4),(16,0)): a stride-0 mode of size 3 */
  lo_parse_layout("((4,4),(1000,3)):((1,4),(16,0))", &l, &e);
  T_EQ_INT(lo_is_injective(&l, &yes, &e), LO_OK);
  T_EQ_INT(yes, 0);
  /* (4,1000000,3):(1,12,4): 4 values of the first mode, 3 of the last at 4
  ** and 8 filling the digit up to 12, the middle mode above: injective */
  lo_parse_layout("(4,1000000,3):(1,12,4)", &l, &e);
  T_EQ_INT(lo_is_injective(&l, &yes, &e), LO_OK);
  T_EQ_INT(yes, 1);
}

/* The plain ops on the inputs that used to hang or be refused. */
static void test_by_hand(void) {
  /* A = (2,2):(2,1) is A(y) = 2 (y mod 2) + floor(y/2): A(5) = 2 + 2 = 4,
  ** A(6 c) = 3 c, and A(5 c0 + 6 c1) = 4 c0 + 3 c1 (6 c1 is even). */
  T_EQ_STR(EV2("composition", "(2,2):(2,1)", "(2,1000000000000):(5,6)"), "(2,1000000000000):(4,3)");
  const char *r = EV2("logical_divide", "(9,8,6,8):(24,3,1,384)",
                      "((1,(2,2)),24):((3,(9,3333333333333318)),72)");
  T_CHECK(IS_ERR(r) && strstr(r, "no layout is A o B") != NULL);
  /* L(x0 + 8192 x1) = 8192 x0 + x1 is its own inverse (CuTe prints the same). */
  T_EQ_STR(EV1("left_inverse", "(8192,8192):(8192,1)"), "(8192,8192):(8192,1)");
  T_EQ_STR(EV1("right_inverse", "(2048,2048):(2048,1)"), "(2048,2048):(2048,1)");
  /* A = (2,2,2):(1,4,6) is y + 2 floor(y/2) - 2 floor(y/4): 3 c -> 5 c for
  ** c < 3, and both boundaries carry at c = (1,1) with weights 2 and -2. */
  T_EQ_STR(EV2("composition", "(2,2,2):(1,4,6)", "(2,2):(3,3)"), "(2,2):(5,5)");
  lo_layout a, b, rr;
  lo_err e;
  int v;
  lo_int x;
  lo_parse_layout("(2,2,2):(1,4,6)", &a, &e);
  lo_parse_layout("(2,2):(3,3)", &b, &e);
  lo_parse_layout("(2,2):(5,5)", &rr, &e);
  T_EQ_INT(lo_prove_composition(&a, &b, &rr, &v, &x, &e), LO_OK);
  /* the cancelling carries: c_i < min(2, 4 / gcd(3, 4)), 4 points listed */
  T_EQ_INT(v, LO_PROOF_SAME);
  /* The same cancelling carries at 2^32 points (past the 2^16 listed
  ** before): A = (2,2,2,2^40):(1,4,6,8), B = (2,2,2^30):(3,3,8).  3 c0 + 3
  ** c1 < 8 leaves A's top digit to 8 m, so A(B(c)) = A(3 c0 + 3 c1) + 8 m
  ** = 5 c0 + 5 c1 + 8 m (A(3) = 1 + 4, A(6) = 4 + 6); the reduced box is
  ** c_i < min(2, 4 / gcd(3, 4)) for the two leaves of stride 3 and 1 point
  ** for the leaf of stride 8 (8 mod 4 = 0). */
  lo_parse_layout("(2,2,2,1099511627776):(1,4,6,8)", &a, &e);
  lo_parse_layout("(2,2,1073741824):(3,3,8)", &b, &e);
  lo_parse_layout("(2,2,1073741824):(5,5,8)", &rr, &e);
  T_EQ_INT(lo_prove_composition(&a, &b, &rr, &v, &x, &e), LO_OK);
  T_EQ_INT(v, LO_PROOF_SAME);
  T_EQ_INT(lo_check_composition(&a, &b, &rr, &e), LO_OK);
  lo_parse_layout("(2,2,1073741824):(5,5,9)", &rr, &e); /* wrong at m = 1: 9, not 8 */
  T_EQ_INT(lo_prove_composition(&a, &b, &rr, &v, &x, &e), LO_OK);
  T_EQ_INT(v, LO_PROOF_DIFFER);
  T_CHECK(fails_at(&a, &b, &rr, x));
  r = EV2("composition", "(2,2,2,1099511627776):(1,4,6,8)", "(2,2,1073741824):(3,3,8)");
  T_CHECK(!IS_ERR(r));
  /* CuTe's complement contract: size(R) >= cotarget / size(filter(L)) in
  ** integer division (CuTe's and pycute's tests). */
  T_EQ_STR(EV2("complement", "(4,6):(1,6)", "34"), "1:0");
  T_EQ_STR(EV2("complement", "(4,10):(1,10)", "94"), "2:4");
  T_EQ_STR(EV2("logical_product", "(4,6):(1,6)", "3:1"), "((4,6),3):((1,6),36)");
  lo_tuple ct;
  int yes = -1;
  lo_parse_layout("(4,6):(1,6)", &a, &e);
  lo_parse_layout("1:0", &rr, &e);
  lo_tuple_int(&ct, 34);
  T_EQ_INT(lo_complement_covers(&a, &ct, &rr, &yes, &e), LO_OK);
  T_EQ_INT(yes, 0); /* 24 * 1 < 34 */
  lo_tuple_int(&ct, 24);
  T_EQ_INT(lo_complement_covers(&a, &ct, &rr, &yes, &e), LO_OK);
  T_EQ_INT(yes, 1);
  /* sizes that fit in 64 bits answer: 2^31 x 2^31 transposed */
  T_EQ_STR(EV1("left_inverse", "(2147483648,2147483648):(2147483648,1)"),
           "(2147483648,2147483648):(2147483648,1)");
  T_EQ_STR(EV1("right_inverse", "(2147483648,2147483648):(2147483648,1)"),
           "(2147483648,2147483648):(2147483648,1)");
}

int main(void) {
  test_by_hand();
  test_injective_by_hand();
  test_injective_flat();
  test_injective_nested();
  test_injective_large();
  test_max_mod();
  test_inverses();
  test_composition_pairs();
  test_composition_nested();
  test_composition_large();
  return T_DONE();
}
