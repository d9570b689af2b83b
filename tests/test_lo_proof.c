/* test_lo_proof.c -- the contracts decided over the modes (oracle/lo_proof.c,
** lo_contract.c) against the same contracts checked at every point: on
** every pair of the small flat layouts below (each of size <= 64), with
** CuTe's answer, the plain op's answer and answers with one stride moved
** as the candidate results; on nested inner layouts; on the inverses of
** every small flat layout; on large random layouts at sampled points.
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
  T_CHECK(c.unknown * 1000 < c.compared); /* undecided: under one in a thousand */
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
  T_CHECK(cr.unknown * 1000 < cr.compared);
  T_CHECK(cl.unknown * 100 < cl.compared);
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
  T_CHECK(large > 1000 && c.same > 1000 && c.differ > 1000);
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
  T_EQ_INT(v, LO_PROOF_UNKNOWN); /* the cancelling carries: settled by listing */
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
  test_max_mod();
  test_inverses();
  test_composition_pairs();
  test_composition_nested();
  test_composition_large();
  return T_DONE();
}
