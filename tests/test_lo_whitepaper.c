/* test_lo_whitepaper.c -- the whitepaper's analysis ops (oracle/lo_domain.c,
** lo_coalesce_z of lo_coalesce.c, and CuTe's detail::coalesce_x):
** nullspace, greatest_common_domain, layout_add, coalesce_z.  The expected
** values are worked by hand in the comments, or are the examples of PyCuTe's
** docstrings (pycute/algebra.py, written Layout(shape, stride) there and
** shape:stride here); then every small layout or pair is checked against
** the post-conditions the whitepaper states, by brute force. */
#include "lo_internal.h"
#include "lo_test.h"
#include "t.h"

#include <string.h>

static const lo_int SH[] = {1, 2, 3, 4, 6};
static const lo_int ST[] = {0, 1, 2, 3, 4, 8};
#define NSH ((int)(sizeof SH / sizeof SH[0]))
#define NST ((int)(sizeof ST / sizeof ST[0]))

static int apply_errors; /* lo_apply errors of at(): none expected */

/* The layout function at x (past the size the last mode runs on); -1,
** counted in apply_errors, on an error. */
static lo_int at(const lo_layout *l, lo_int x) {
  lo_int v = -1;
  lo_err e;
  if (lo_apply(l, x, &v, &e) != LO_OK) apply_errors++;
  return v;
}

static lo_int size_of(const lo_layout *l) {
  lo_int n = -1;
  lo_err e;
  T_CHECK(lo_size(l, &n, &e) == LO_OK);
  return n;
}

static void test_nullspace_by_hand(void) {
  /* PyCuTe's docstring: nullspace((2,4,6):(1,2,0)) == 6:8.  The one
  ** stride-0 entry is the third, 6; the shape before it multiplies to 2 4 =
  ** 8, its stride in the compact column-major layout. */
  T_EQ_STR(EV1("nullspace", "(2,4,6):(1,2,0)"), "6:8");
  /* The docstring's (4,5):(0,E(1)) == 4:1 with an integer stride for E(1):
  ** the first entry has stride 0 and prefix product 1. */
  T_EQ_STR(EV1("nullspace", "(4,5):(0,1)"), "4:1");
  /* The docstring's injective (4,5):(E(0),E(1)) == 1:0: no stride 0. */
  T_EQ_STR(EV1("nullspace", "(4,5):(1,4)"), "1:0");
  /* Nested: entries 2:0 (prefix 1), 3:2, 4:0 (prefix 2 3 = 6). */
  T_EQ_STR(EV1("nullspace", "((2,3),4):((0,2),0)"), "(2,4):(1,6)");
  /* A size-1 entry of stride 0 keeps its prefix product 2 here, where CuTe
  ** C++ gives it stride 0 (its compact strides; corpus/cute_cpp/). */
  T_EQ_STR(EV1("nullspace", "(2,1,3):(1,0,0)"), "(1,3):(2,2)");
  T_EQ_STR(EV1("cute_nullspace", "(2,1,3):(1,0,0)"), "(1,3):(0,2)");
  /* The empty layout has no entry of stride 0. */
  T_EQ_STR(EV1("nullspace", "():()"), "1:0");
  T_CHECK(IS_ERR(EV1("nullspace", "<4:1,2:1>")));
  /* The prefix product before the last entry is 2^40 2^40: too large. */
  T_CHECK(IS_ERR(EV1("nullspace", "(1099511627776,1099511627776,2):(1,1,0)")));
  /* ... but one past the last stride-0 entry is never formed. */
  T_EQ_STR(EV1("nullspace", "(2,1099511627776,1099511627776):(0,1,1)"), "2:1");
}

/* Every small flat layout: L(R(i)) = 0 on [0, size R) (the whitepaper's
** post-condition), size(R) = size(L) / size(filter L), and R equals CuTe's
** nullspace wherever no size-1 entry has stride 0. */
static void test_nullspace_post(void) {
  int bad = 0, checked = 0, differ = 0;
  lo_layout l, r, f, c;
  lo_err e;
  for (int k = 0; small_flat(k, SH, NSH, ST, NST, &l); k++) {
    T_CHECK(lo_nullspace(&l, &r, &e) == LO_OK);
    for (lo_int i = 0; i < size_of(&r); i++) {
      lo_int ri = at(&r, i);
      /* R(i) must be a point of L's domain that L sends to 0 */
      bad += ri >= size_of(&l) || at(&l, ri) != 0;
    }
    T_CHECK(lo_filter(&l, &f, &e) == LO_OK);
    bad += size_of(&r) * size_of(&f) != size_of(&l);
    T_CHECK(lo_cute_nullspace(&l, &c, &e) == LO_OK);
    int unit_zero = 0;
    for (int i = 0; i < l.shape.len; i++) unit_zero |= l.shape.leaf[i] == 1 && l.stride[i] == 0;
    if (unit_zero)
      differ += !lo_layout_equal(&r, &c);
    else
      bad += !lo_layout_equal(&r, &c);
    checked++;
  }
  T_EQ_INT(bad, 0);
  T_CHECK(differ > 0); /* the convention shows on some of them */
  T_CHECK(checked > 1000);
}

static void test_coalesce_z_by_hand(void) {
  /* PyCuTe's docstring: (2,1,6,1):(1,7,8,0) -> (2,6,1):(1,8,0).  By hand:
  ** 2:1; 1:7 goes when 6:8 comes; 2 1 = 2 != 8 so 6:8 stays apart; 6 8 =
  ** 48 != 0 so the last 1:0 is pushed, and as the last mode it stays. */
  T_EQ_STR(EV1("coalesce_z", "(2,1,6,1):(1,7,8,0)"), "(2,6,1):(1,8,0)");
  T_EQ_STR(EV1("coalesce", "(2,1,6,1):(1,7,8,0)"), "(2,6):(1,8)");
  /* The docstring's coalesce_z[1]((3,(2,6)):(1,(3,6))) == (3,12):(1,3): mode
  ** 2 alone, 2 3 = 6 merges (2,6):(3,6) into 12:3; mode 1 is 3:1 either way. */
  T_EQ_STR(EV2("coalesce_z", "(3,(2,6)):(1,(3,6))", "(*,*)"), "(3,12):(1,3)");
  /* By mode, a last 1:0 of a mode stays: (2,6,1):(3,6,0) -> (12,1):(3,0). */
  T_EQ_STR(EV2("coalesce_z", "(3,(2,6,1)):(1,(3,6,0))", "(*,*)"), "(3,(12,1)):(1,(3,0))");
  /* A last 1:2 after 2:1 merges: 2 1 = 2 (past 2, L(i) = 2 (i/2) + i%2 = i). */
  T_EQ_STR(EV1("coalesce_z", "(2,1):(1,2)"), "2:1");
  /* A last 1:0 after 4:1 does not: past 4, L(i) = i%4, not i. */
  T_EQ_STR(EV1("coalesce_z", "(4,1):(1,0)"), "(4,1):(1,0)");
  /* One size-1 mode stays as it is (coalesce gives 1:0); two: the first
  ** goes when the second comes. */
  T_EQ_STR(EV1("coalesce_z", "1:5"), "1:5");
  T_EQ_STR(EV1("coalesce_z", "(1,1):(3,5)"), "1:5");
  /* Broadcasts merge: 2 0 = 0. */
  T_EQ_STR(EV1("coalesce_z", "(2,3):(0,0)"), "6:0");
  T_EQ_STR(EV1("coalesce_z", "():()"), "1:0");
  T_CHECK(IS_ERR(EV2("coalesce_z", "(2,3):(1,2)", "(*,*,*)")));
  T_CHECK(IS_ERR(EV1("coalesce_z", "<2:1>")));
  /* CuTe's detail::coalesce_x counts the last size-1 mode as 2: (2,1,6,1)
  ** -> (2,6,2):(1,8,0); 1:5 -> 2:5; (2,1):(1,2) -> 2:1 then 2:2 merges
  ** into 4:1. */
  T_EQ_STR(EV1("cute_coalesce_x", "(2,1,6,1):(1,7,8,0)"), "(2,6,2):(1,8,0)");
  T_EQ_STR(EV1("cute_coalesce_x", "1:5"), "2:5");
  T_EQ_STR(EV1("cute_coalesce_x", "(2,1):(1,2)"), "4:1");
  T_CHECK(IS_ERR(EV1("cute_coalesce_x", "():()")));
}

/* Every small flat layout: R(i) = L(i) for i in [0, 3 size) (past the size
** too), size and depth <= 1; dropping a last size-1 mode gives coalesce;
** where the last entry is not 1, CuTe's coalesce_x gives the same. */
static void test_coalesce_z_post(void) {
  int bad = 0, checked = 0;
  lo_layout l, r, c, x;
  lo_err e;
  for (int k = 0; small_flat(k, SH, NSH, ST, NST, &l); k++) {
    T_CHECK(lo_coalesce_z(&l, NULL, &r, &e) == LO_OK);
    lo_int n = size_of(&l);
    bad += size_of(&r) != n || lo_tuple_depth(&r.shape) > 1;
    for (lo_int i = 0; i < 3 * n; i++) bad += at(&r, i) != at(&l, i);
    /* coalesce = coalesce_z without its last size-1 mode (1:0 if none left) */
    lo_layout d = r;
    if (d.shape.len > 1 && d.shape.leaf[d.shape.len - 1] == 1) {
      lo_mode m[LO_MAX_LEAVES];
      int nm = lo_modes_of(&d, m) - 1;
      lo_layout_from_modes(&d, m, nm);
    } else if (d.shape.len == 1 && d.shape.leaf[0] == 1) {
      lo_layout_scalar(&d, 1, 0);
    }
    T_CHECK(lo_coalesce(&l, &c, &e) == LO_OK);
    bad += !lo_layout_equal(&c, &d);
    if (l.shape.leaf[l.shape.len - 1] != 1) {
      T_CHECK(lo_cute_coalesce_x(&l, &x, &e) == LO_OK);
      bad += !lo_layout_equal(&x, &r);
    }
    checked++;
  }
  T_EQ_INT(bad, 0);
  T_CHECK(checked > 1000);
}

static void test_gcd_by_hand(void) {
  /* PyCuTe's docstrings. */
  T_EQ_STR(EV2("greatest_common_domain", "(10)", "(10)"), "(10):(1)");
  T_EQ_STR(EV2("greatest_common_domain", "(16,3)", "(16,3)"), "(16,3):(1,16)");
  /* (5,3,4) and (10,6), by hand: 5 and 10 share 5 at offset 1 (5:1); then
  ** 3 (from 5) and what is left of 10, 2 (from 5), share nothing and end at
  ** 15 and 10, neither dividing the other, so both move on; 4 (from 15) and
  ** 6 (from 10) may both reach lcm(15,10) = 30 (4 past 2 steps, 6 past 3),
  ** and then share gcd(4/2, 6/3) = 2: the mode 2:30. */
  T_EQ_STR(EV2("greatest_common_domain", "(5,3,4)", "(10,6)"), "(5,2):(1,30)");
  T_EQ_STR(EV2("greatest_common_domain", "(6,35)", "(15,14)"), "(3,7):(1,30)");
  /* Coprime in walk order: nothing shared. */
  T_EQ_STR(EV2("greatest_common_domain", "(5,3)", "(3,5)"), "(1):(0)");
  /* Layouts stand for their shapes; size-1 entries are skipped. */
  T_EQ_STR(EV2("greatest_common_domain", "(4,3):(3,1)", "(1,12)"), "(4,3):(1,4)");
  T_EQ_STR(EV2("greatest_common_domain", "12", "(2,2,3)"), "(2,2,3):(1,2,4)");
  T_CHECK(IS_ERR(EV2("greatest_common_domain", "(0,2)", "4")));
}

/* Every pair of small flat shapes: symmetric, depth 1, size dividing
** gcd(size A, size B) (the docstring's post-conditions), and each mode g:q
** starting at a multiple of where the mode before it ends. */
static void test_gcd_post(void) {
  int bad = 0, checked = 0;
  lo_layout a, b, g, h;
  lo_err e;
  static const lo_int S2[] = {1, 2, 3, 4, 5, 6, 8};
  static const lo_int D0[] = {1};
  for (int i = 0; small_flat(i, S2, 7, D0, 1, &a); i++)
    for (int j = 0; small_flat(j, S2, 7, D0, 1, &b); j++) {
      if (a.shape.len + b.shape.len > 5) continue;
      T_CHECK(lo_greatest_common_domain(&a.shape, &b.shape, &g, &e) == LO_OK);
      T_CHECK(lo_greatest_common_domain(&b.shape, &a.shape, &h, &e) == LO_OK);
      bad += !lo_layout_equal(&g, &h) || lo_tuple_depth(&g.shape) != 1;
      lo_int sa = size_of(&a), sb = size_of(&b), sg = size_of(&g);
      bad += lo_gcd(sa, sb) % sg != 0;
      /* the modes sit at increasing offsets, each past the span before */
      for (int k = 1; k < g.shape.len; k++)
        bad += g.stride[k] % (g.shape.leaf[k - 1] * g.stride[k - 1]) != 0;
      checked++;
    }
  T_EQ_INT(bad, 0);
  T_CHECK(checked > 1000);
}

static void test_layout_add_by_hand(void) {
  /* PyCuTe's docstrings. */
  T_EQ_STR(EV2("layout_add", "12:1", "12:1"), "12:2");
  T_EQ_STR(EV2("layout_add", "5:0", "5:1"), "5:1");
  /* (4,3):(1,4) + (4,3):(3,1), by hand: coalesce A = 12:1, B stays; their
  ** common domain is (4,3):(1,4); strides A(1)+B(1) = 1+3 = 4 and A(4)+B(4)
  ** = 4+1 = 5. */
  T_EQ_STR(EV2("layout_add", "(4,3):(1,4)", "(4,3):(3,1)"), "(4,3):(4,5)");
  /* Both coalesce to 60:1 (5 1 = 5, 5 3 = 15; 10 1 = 10): 60:(1+1). */
  T_EQ_STR(EV2("layout_add", "(5,3,4):(1,5,15)", "(10,6):(1,10)"), "60:2");
  /* (2,3):(1,10) + (3,2):(1,10): the sums 0,2,12,21,31,33 step by 2, 10,
  ** 9: no layout, and the shapes (2,3), (3,2) share nothing in order. */
  T_CHECK(strstr(EV2("layout_add", "(2,3):(1,10)", "(3,2):(1,10)"), "no common refinement") !=
          NULL);
  T_CHECK(strstr(EV2("layout_add", "4:1", "6:1"), "size(A) = 4 but size(B) = 6") != NULL);
  T_CHECK(IS_ERR(EV2("layout_add", "<4:1>", "4:1")));
  /* Size 1: 1:0 + 1:5 coalesce to 1:0 and 1:0. */
  T_EQ_STR(EV2("layout_add", "1:0", "1:5"), "1:0");
}

/* Every pair of small flat layouts of one size: where layout_add answers,
** R(i) = A(i) + B(i) on [0, size), size(R) = size(A), and it answers the
** same for (B, A); where it refuses, the sizes are equal and the coalesced
** shapes share less than the size. */
static void test_layout_add_post(void) {
  int bad = 0, defined = 0, undefined = 0;
  lo_layout a, b, r, q;
  lo_err e, e2;
  static const lo_int S2[] = {1, 2, 3, 4, 6};
  static const lo_int D2[] = {0, 1, 5};
  for (int i = 0; small_flat(i, S2, 5, D2, 3, &a); i++)
    for (int j = 0; small_flat(j, S2, 5, D2, 3, &b); j++) {
      if (a.shape.len + b.shape.len > 4) continue;
      lo_int n = size_of(&a);
      if (size_of(&b) != n) continue;
      int rc = lo_layout_add(&a, &b, &r, &e), rc2 = lo_layout_add(&b, &a, &q, &e2);
      bad += rc != rc2;
      if (rc != LO_OK) {
        bad += rc != LO_EUNDEF || strstr(e.msg, "no common refinement") == NULL;
        undefined++;
        continue;
      }
      bad += !lo_layout_equal(&r, &q) || size_of(&r) != n;
      for (lo_int x = 0; x < n; x++) bad += at(&r, x) != at(&a, x) + at(&b, x);
      defined++;
    }
  T_EQ_INT(bad, 0);
  T_CHECK(defined > 1000);
  T_CHECK(undefined > 10);
}

int main(void) {
  test_nullspace_by_hand();
  test_nullspace_post();
  test_coalesce_z_by_hand();
  test_coalesce_z_post();
  test_gcd_by_hand();
  test_gcd_post();
  test_layout_add_by_hand();
  test_layout_add_post();
  T_EQ_INT(apply_errors, 0);
  return T_DONE();
}
