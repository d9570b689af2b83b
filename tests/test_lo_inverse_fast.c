/* test_lo_inverse_fast.c -- the short cuts of the left inverse and of the
** composition check (oracle/lo_cute.c, lo_contract.c, lo_inverse.c,
** lo_compose.c, lo_tuple.c) against the general paths they stand for, on
** every small layout of the sets below: where CuTe's left-inverse walk
** says its answer is exact, or the digits of A fit the leaves of B, the
** point-by-point check passes; the checks with a known verdict give the
** checks' codes and messages; the one-pass refinement test answers as
** the definition.  The cases by hand are computed in their comments. */
#include "lo_internal.h"
#include "lo_test.h"
#include "t.h"

#include <stdio.h>
#include <string.h>

/* lo_cute_left_inverse_exact against lo_cute_left_inverse and the check:
** the same answer (or both refusals), and where it says exact, the
** point-by-point check passes; lo_check_left_inverse_known gives the
** check's code and message either way.  Counts into the totals. */
static void left_inverse_case(const lo_layout *l, int *mismatched, int *exact_n, int *checked_ok,
                              int *refused) {
  lo_layout r1, r2;
  lo_err e1, e2;
  int exact = -1;
  int rc1 = lo_cute_left_inverse(l, &r1, &e1),
      rc2 = lo_cute_left_inverse_exact(l, &r2, &exact, &e2);
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

/* A small pseudo-random generator (fixed seed: the same cases each run). */
static unsigned rnd(unsigned *st) {
  *st = *st * 1103515245u + 12345u;
  return (*st >> 16) & 0x7fff;
}

/* Write a random shape into buf at *k: a leaf from {1,2,3,4,6} or a tuple
** of 0..3 modes, nested at most depth more levels. */
static void random_shape(unsigned *st, int depth, char *buf, int *k) {
  static const char *const leaves[] = {"1", "2", "3", "4", "6"};
  if (depth == 0 || rnd(st) % 3 == 0) {
    *k += snprintf(buf + *k, 8, "%s", leaves[rnd(st) % 5]);
    return;
  }
  int n = (int)(rnd(st) % 4);
  buf[(*k)++] = '(';
  for (int i = 0; i < n; i++) {
    if (i) buf[(*k)++] = ',';
    random_shape(st, depth - 1, buf, k);
  }
  buf[(*k)++] = ')';
  buf[*k] = 0;
}

/* Write a shape that may refine x (text at *p): each leaf n kept, split
** into a tuple (n = a*b, or n with 1s around it), or changed; tuples kept,
** sometimes a mode dropped or one added; *p moved past x's text. */
static void maybe_refine(unsigned *st, const char **p, char *buf, int *k) {
  if (**p == '(') {
    buf[(*k)++] = *(*p)++;
    int first = 1;
    while (**p != ')') {
      if (**p == ',') (*p)++;
      if (rnd(st) % 40 == 0) { /* drop this mode */
        char skip[4096];
        int sk = 0;
        maybe_refine(st, p, skip, &sk);
        continue;
      }
      if (!first) buf[(*k)++] = ',';
      first = 0;
      maybe_refine(st, p, buf, k);
    }
    if (rnd(st) % 40 == 0) *k += snprintf(buf + *k, 8, "%s2", first ? "" : ",");
    buf[(*k)++] = *(*p)++;
    buf[*k] = 0;
    return;
  }
  int n = (int)(**p - '0');
  (*p)++;
  switch (rnd(st) % 6) {
    case 0:
      *k += snprintf(buf + *k, 24, "(%d)", n);
      break;
    case 1:
      *k += snprintf(buf + *k, 24, n % 2 == 0 ? "(2,%d)" : "(1,%d)", n % 2 == 0 ? n / 2 : n);
      break;
    case 2:
      *k += snprintf(buf + *k, 24, "((%d,1),())", n);
      break;
    case 3:
      *k += snprintf(buf + *k, 24, "%d", n + 1);
      break;
    default:
      *k += snprintf(buf + *k, 24, "%d", n);
      break;
  }
}

/* Refinement by its definition, mode by mode (Chapter 2.2): X' refines
** an integer x when size(X') = x, and a tuple X when both have the same
** rank and each mode of X' refines the same mode of X. */
static int refines_by_modes(const lo_tuple *xp, const lo_tuple *x, int depth) {
  lo_int s;
  lo_err e;
  if (depth > LO_MAX_DEPTH) return 0;
  if (lo_tuple_is_int(x)) return lo_tuple_size(xp, &s, &e) == LO_OK && s == x->leaf[0];
  if (lo_tuple_is_int(xp) || lo_tuple_rank(xp) != lo_tuple_rank(x)) return 0;
  for (int k = 1; k <= lo_tuple_rank(x); k++) {
    lo_tuple a, b;
    lo_tuple_mode(xp, k, &a, NULL, NULL);
    lo_tuple_mode(x, k, &b, NULL, NULL);
    if (!refines_by_modes(&a, &b, depth + 1)) return 0;
  }
  return 1;
}

/* lo_refines (one pass over the profiles) against refines_by_modes on
** random shapes x (depth <= 4) and shapes made from them, most refining x
** and some not; then by hand: ((2,3),4) refines (6,4) and 24, not (6,(4))
** or (4,6). */
static void test_refines(void) {
  unsigned st = 20261124u;
  int mismatched = 0, yes = 0, n = 0;
  for (int t = 0; t < 40000; t++) {
    char xs[512], ys[4096];
    int k = 0, m = 0;
    lo_tuple x, y;
    lo_err e;
    random_shape(&st, 4, xs, &k);
    xs[k] = 0;
    const char *p = xs;
    maybe_refine(&st, &p, ys, &m);
    ys[m] = 0;
    if (lo_parse_tuple(xs, &x, &e) || lo_parse_tuple(ys, &y, &e)) continue;
    int want = refines_by_modes(&y, &x, 0);
    mismatched += lo_refines(&y, &x) != want;
    mismatched += lo_refines(&x, &y) != refines_by_modes(&x, &y, 0);
    yes += want;
    n++;
  }
  T_EQ_INT(mismatched, 0);
  T_CHECK(n > 30000);
  T_CHECK(yes > n / 10 && yes < n - n / 10);
  static const char *const cases[][3] = {
      {"((2,3),4)", "(6,4)", "1"}, {"((2,3),4)", "24", "1"},    {"((2,3),4)", "(6,(4))", "0"},
      {"((2,3),4)", "(4,6)", "0"}, {"(6,4)", "((2,3),4)", "0"}, {"()", "()", "1"},
      {"(())", "1", "1"},          {"(4)", "4", "1"},           {"4", "(4)", "0"}};
  for (int i = 0; i < (int)(sizeof cases / sizeof cases[0]); i++) {
    lo_tuple x, y;
    lo_err e;
    T_EQ_INT(lo_parse_tuple(cases[i][0], &y, &e) || lo_parse_tuple(cases[i][1], &x, &e), 0);
    T_EQ_INT(lo_refines(&y, &x), cases[i][2][0] - '0');
    T_EQ_INT(refines_by_modes(&y, &x, 0), cases[i][2][0] - '0');
  }
}

/* lo_composition_digits_fit against the point-by-point check: for every
** A of rank <= 3 (shapes 1,2,3,4,6,8, strides 0,1,2,4,6,16) and B of rank
** <= 2 (shapes 1,2,3,4,8, strides 0,1,2,3,4,8,12), where CuTe's walk
** answers R and the digits fit, lo_check_composition passes R; and
** lo_check_composition_known gives the check's code and message either
** way.  Many fit where B's leaves overlap (the walk alone is not exact). */
static void test_digits_fit(void) {
  static const lo_int sha[] = {1, 2, 3, 4, 6, 8}, sta[] = {0, 1, 2, 4, 6, 16};
  static const lo_int shb[] = {1, 2, 3, 4, 8}, stb[] = {0, 1, 2, 3, 4, 8, 12};
  int mismatched = 0, fit_only = 0, fit_not = 0, answered = 0;
  lo_layout a, b, r;
  for (int i = 0; small_flat(i, sha, 6, sta, 6, &a); i += 23)
    for (int j = 0; small_flat(j, shb, 5, stb, 7, &b) && j < 35 + 35 * 35; j++) {
      lo_mode am[LO_MAX_LEAVES];
      lo_err e, e2;
      int na, exact;
      if (lo_cute_coalesce_x_modes(&a, am, &na, &e) ||
          lo_cute_compose_modes(am, na, &b, &r, &exact, &e))
        continue;
      answered++;
      int fits = lo_composition_digits_fit(am, na, &b);
      int full = lo_check_composition(&a, &b, &r, &e);
      int known = lo_check_composition_known(&a, &b, &r, fits, &e2);
      mismatched += full != known || (full != LO_OK && strcmp(e.msg, e2.msg) != 0);
      mismatched += fits && full != LO_OK;
      fit_only += fits && !exact;
      fit_not += !fits && !exact && full == LO_OK;
    }
  T_EQ_INT(mismatched, 0);
  T_CHECK(answered > 1000000);
  T_CHECK(fit_only > 1000);
  T_CHECK(fit_not > 100);
  printf("digits fit: %d answers, %d fit where the walk is not exact, %d pass only point by "
         "point\n",
         answered, fit_only, fit_not);
}

/* By hand.  A = (2,8,4):(1,10,100) (coalesce_x: the same three modes),
** B = (3,3):(2,4): the leaf 3:2 skips digit 0 (2 = 2*1) and puts 0,1,2 on
** digit 1 (stride 10); 3:4 skips digit 0 and puts 0,2,4 there: at most
** 2 + 4 = 6 < 8, so they fit, though B's leaves overlap (4 <= 2*2) and B
** leaves A's first mode.  CuTe's answer (3,3):(10,20): B(x) = 2(c1 + 2c2)
** and A(2k) = 10k for k < 8, so it is A o B.
** A = (4,8):(1,10), B = (3,2):(1,2): digit 0 (shape 4) gets 0..2 and 0,2:
** 2 + 2 > 3, no fit; CuTe's answer (3,2):(1,2) is wrong at x = 5 = (2,1):
** B(5) = 4, A(4) = 10, the answer 2 + 2 = 4. */
static void test_digits_fit_by_hand(void) {
  lo_layout a, b, r;
  lo_mode am[LO_MAX_LEAVES];
  lo_err e;
  int na, exact;
  char buf[64];
  lo_parse_layout("(2,8,4):(1,10,100)", &a, &e);
  lo_parse_layout("(3,3):(2,4)", &b, &e);
  T_EQ_INT(lo_cute_coalesce_x_modes(&a, am, &na, &e), LO_OK);
  T_EQ_INT(lo_cute_compose_modes(am, na, &b, &r, &exact, &e), LO_OK);
  lo_print_layout(&r, buf, sizeof buf);
  T_EQ_STR(buf, "(3,3):(10,20)");
  T_EQ_INT(exact, 0);
  T_EQ_INT(lo_composition_digits_fit(am, na, &b), 1);
  T_EQ_INT(lo_check_composition(&a, &b, &r, &e), LO_OK);
  lo_parse_layout("(4,8):(1,10)", &a, &e);
  lo_parse_layout("(3,2):(1,2)", &b, &e);
  T_EQ_INT(lo_cute_coalesce_x_modes(&a, am, &na, &e), LO_OK);
  T_EQ_INT(lo_cute_compose_modes(am, na, &b, &r, &exact, &e), LO_OK);
  lo_print_layout(&r, buf, sizeof buf);
  T_EQ_STR(buf, "(3,2):(1,2)");
  T_EQ_INT(lo_composition_digits_fit(am, na, &b), 0);
  T_EQ_INT(lo_check_composition_known(&a, &b, &r, 0, &e), LO_EUNDEF);
  T_EQ_STR(e.msg, "at x = 5, A(B(x)) = A(4) = 10 but it gives 4");
}

int main(void) {
  test_digits_fit_by_hand();
  test_digits_fit();
  test_refines();
  test_left_inverse_exact();
  test_left_inverse_nested();
  test_left_inverse_by_hand();
  test_composition_check();
  return T_DONE();
}
