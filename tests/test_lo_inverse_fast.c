/* test_lo_inverse_fast.c -- the short cuts of the left inverse and of the
** composition check (oracle/lo_cute.c, lo_contract.c, lo_inverse.c)
** against the general paths they stand for, on every small layout of the
** sets below.  The claim under test is "the same answer": where the walk
** of CuTe's left inverse says its answer is exact, the point-by-point
** check (and, for the composition check, a loop over lo_apply written
** here) gives the expected verdict. */
#include "lo_internal.h"
#include "t.h"

#include <stdio.h>
#include <string.h>

/* Small flat layout number k (rank 1..3): shapes from sh[0..ns), strides
** from st[0..nd); returns 0 past the last one. */
static int small_flat(int k, const lo_int *sh, int ns, const lo_int *st, int nd, lo_layout *l) {
  lo_int s[3], d[3];
  int per = ns * nd;
  for (int rank = 1, count = per; rank <= 3; rank++, count *= per) {
    if (k >= count) {
      k -= count;
      continue;
    }
    for (int i = 0; i < rank; i++, k /= per) {
      s[i] = sh[k % per / nd];
      d[i] = st[k % nd];
    }
    lo_layout_flat(l, s, d, rank);
    return 1;
  }
  return 0;
}

/* lo_cute_left_inverse_exact against lo_cute_left_inverse and the check:
** the same answer (or both refusals), and where it says exact, the
** point-by-point check passes; lo_check_left_inverse_known gives the
** check's code and message either way.  Counts into the totals. */
static void left_inverse_case(const lo_layout *l, int *mismatched, int *exact_n, int *checked_ok,
                              int *refused) {
  lo_layout r1, r2;
  lo_err e1, e2;
  int exact = -1;
  int rc1 = lo_cute_left_inverse(l, &r1, &e1), rc2 = lo_cute_left_inverse_exact(l, &r2, &exact, &e2);
  if (rc1 != rc2) {
    (*mismatched)++;
    return;
  }
  if (rc1 != LO_OK) {
    *refused += lo_cute_refused(&e1);
    *mismatched += lo_cute_refused(&e1) != lo_cute_refused(&e2);
    return;
  }
  *mismatched += !lo_layout_equal(&r1, &r2) || (exact != 0 && exact != 1);
  int full = lo_check_left_inverse(l, &r1, &e1);
  int known = lo_check_left_inverse_known(l, &r1, exact, &e2);
  *mismatched += full != known || (full != LO_OK && strcmp(e1.msg, e2.msg) != 0);
  *mismatched += exact && full != LO_OK;
  *exact_n += exact;
  *checked_ok += !exact && full == LO_OK;
}

/* Every flat layout of rank <= 3 with shapes 1,2,3,4,6 and strides
** 0,1,2,3,4,6,8,12,24 (the parser takes no negative stride): many are
** exact or refused; some pass only point by point. */
static void test_left_inverse_exact(void) {
  static const lo_int sh[] = {1, 2, 3, 4, 6}, st[] = {0, 1, 2, 3, 4, 6, 8, 12, 24};
  int mismatched = 0, exact = 0, checked_ok = 0, refused = 0, n = 0;
  lo_layout l;
  for (int k = 0; small_flat(k, sh, 5, st, 9, &l); k++, n++)
    left_inverse_case(&l, &mismatched, &exact, &checked_ok, &refused);
  T_EQ_INT(mismatched, 0);
  T_EQ_INT(n, 45 + 45 * 45 + 45 * 45 * 45);
  printf("left inverse: %d layouts, %d exact, %d checked ok, %d refused\n", n, exact, checked_ok,
         refused);
  T_CHECK(exact > 10000);
  T_CHECK(checked_ok > 100);
  T_CHECK(refused > 1000);
}

/* Nested layouts: the same agreement (their flattening is what counts). */
static void test_left_inverse_nested(void) {
  static const char *const ls[] = {"((2,3),4):((1,2),6)", "(2,(3,4)):(12,(1,3))",
                                   "((4,2),(3,1)):((3,0),(1,9))", "(3,(2,2)):(1,(3,7))",
                                   "((2,2),2):((1,4),2)"};
  for (int i = 0; i < (int)(sizeof ls / sizeof ls[0]); i++) {
    lo_layout l;
    lo_err e;
    int mismatched = 0, exact = 0, ok = 0, refused = 0;
    T_EQ_INT(lo_parse_layout(ls[i], &l, &e), LO_OK);
    left_inverse_case(&l, &mismatched, &exact, &ok, &refused);
    T_EQ_INT(mismatched, 0);
  }
}

/* By hand, from CuTe's left_inverse (cute/layout.hpp): L = (2,3):(3,1)
** sorts to strides 1 (shape 3, prefix product 2) and 3 (shape 2, prefix
** 1): shapes 1/1 = 1, 3/1 = 3, then the last shape 2, strides 0, 2, 1:
** R = (1,3,2):(0,2,1), coalesced (3,2):(2,1); 3*1 <= 3: exact.
** L = (2,3):(2,1): strides 1 (shape 3, prefix 2) and 2 (shape 2, prefix
** 1) give R = (2,2):(2,1); 3*1 > 2: not exact, and the check fails at
** x = 5 = (1,2): L(5) = 2 + 2 = 4, R(4) = 0*2 + 2*1 = 2, L(2) = L(0,1) = 1.
** L = (2,3):(3,2): stride 3 is no multiple of the size 2 so far. */
static void test_left_inverse_by_hand(void) {
  lo_layout l, r;
  lo_err e;
  int exact;
  char buf[128];
  lo_parse_layout("(2,3):(3,1)", &l, &e);
  T_EQ_INT(lo_cute_left_inverse_exact(&l, &r, &exact, &e), LO_OK);
  T_EQ_INT(exact, 1);
  lo_print_layout(&r, buf, sizeof buf);
  T_EQ_STR(buf, "(3,2):(2,1)");
  lo_parse_layout("(2,3):(2,1)", &l, &e);
  T_EQ_INT(lo_cute_left_inverse_exact(&l, &r, &exact, &e), LO_OK);
  T_EQ_INT(exact, 0);
  lo_print_layout(&r, buf, sizeof buf);
  T_EQ_STR(buf, "(2,2):(2,1)");
  T_EQ_INT(lo_check_left_inverse_known(&l, &r, exact, &e), LO_EUNDEF);
  T_EQ_STR(e.msg, "L(R(L(5))) = L(R(4)) = L(2) = 1, not 4");
  lo_parse_layout("(2,3):(3,2)", &l, &e);
  T_EQ_INT(lo_cute_left_inverse_exact(&l, &r, &exact, &e), LO_EUNDEF);
  T_CHECK(lo_cute_refused(&e));
  T_EQ_INT(lo_cute_left_inverse(&l, &r, &e), LO_EUNDEF);
  T_EQ_STR(e.msg, "CuTe refuses: Left inverse divisibility condition (stride 3 is not a "
                  "multiple of 2, the size so far)");
}

/* lo_check_composition (lo_fn over A) against A(B(x)) = R(x) written here
** with lo_apply: for A and B of rank <= 2 and R CuTe's answer or B itself,
** the same verdict and the same first failure. */
static void test_composition_check(void) {
  static const lo_int sh[] = {1, 2, 3, 4, 6}, st[] = {0, 1, 2, 3, 5};
  int mismatched = 0, failing = 0, n = 0;
  lo_layout a, b, r;
  for (int i = 0; small_flat(i, sh, 5, st, 5, &a) && i < 25 + 625; i++)
    for (int j = 0; small_flat(j, sh, 5, st, 5, &b) && j < 25 + 625; j += 3)
      for (int which = 0; which < 2; which++) {
        lo_err e, e2;
        char want[sizeof e.msg] = "";
        if (which == 0 ? lo_cute_composition(&a, &b, &r, &e) != LO_OK : (r = b, 0)) continue;
        lo_int sb, bx, abx, rx;
        lo_size(&b, &sb, &e2);
        for (lo_int x = 0; x < sb && !want[0]; x++) {
          lo_apply(&b, x, &bx, &e2);
          lo_apply(&a, bx, &abx, &e2);
          lo_apply(&r, x, &rx, &e2);
          if (abx != rx)
            snprintf(want, sizeof want, "at x = %lld, A(B(x)) = A(%lld) = %lld but it gives %lld",
                     (long long)x, (long long)bx, (long long)abx, (long long)rx);
        }
        int rc = lo_check_composition(&a, &b, &r, &e);
        mismatched += want[0] ? rc != LO_EUNDEF || strcmp(e.msg, want) != 0 : rc != LO_OK;
        failing += want[0] != 0;
        n++;
      }
  T_EQ_INT(mismatched, 0);
  T_CHECK(n > 100000);
  T_CHECK(failing > 1000 && failing < n);
}

int main(void) {
  test_left_inverse_exact();
  test_left_inverse_nested();
  test_left_inverse_by_hand();
  test_composition_check();
  return T_DONE();
}
