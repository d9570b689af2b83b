/* test_lo_compose.c -- composition, division, product (oracle/lo_compose.c,
** lo_divide.c).  Expected values come from the paper or the hand
** computation in the comment beside each. */
#include "lo_internal.h"
#include "lo_test.h"
#include "t.h"

#include <string.h>

/* The flat layout of shapes s[0..n) and strides d[0..n) into l. */
static void flat(lo_layout *l, const int *s, const int *d, int n) {
  char text[64];
  int at = snprintf(text, sizeof text, "(");
  for (int i = 0; i < n; i++)
    at += snprintf(text + at, sizeof text - (size_t)at, "%s%d", i ? "," : "", s[i]);
  at += snprintf(text + at, sizeof text - (size_t)at, "):(");
  for (int i = 0; i < n; i++)
    at += snprintf(text + at, sizeof text - (size_t)at, "%s%d", i ? "," : "", d[i]);
  snprintf(text + at, sizeof text - (size_t)at, ")");
  lo_err e;
  lo_parse_layout(text, l, &e);
}

/* Layout number k of the small flat layouts: rank 1 or 2, shapes 1-4,
** strides 0, 1, 2, 4 (272 of them). */
static void small_layout(int k, lo_layout *l) {
  static const int strides[4] = {0, 1, 2, 4};
  int s[2], d[2];
  if (k < 16) {
    s[0] = k / 4 + 1, d[0] = strides[k % 4];
    flat(l, s, d, 1);
    return;
  }
  k -= 16;
  s[0] = k / 64 + 1, d[0] = strides[k / 16 % 4], s[1] = k / 4 % 4 + 1, d[1] = strides[k % 4];
  flat(l, s, d, 2);
}

/* The fast paths of CuTe's composition agree with the definitions they
** replace, on every pair of small flat layouts: the exactness flag that
** the walk records with lo_composition_walk_is_exact (the divisibility
** argument written out), and the coalesced modes read in place with
** lo_cute_coalesce_x (the layout built). */
static void test_fast_paths(void) {
  int mismatched = 0, checked = 0;
  for (int i = 0; i < 272; i++) {
    lo_layout a, ax, b, r, built;
    lo_mode m[LO_MAX_LEAVES];
    int n;
    lo_err e;
    small_layout(i, &a);
    if (lo_cute_coalesce_x(&a, &ax, &e) != LO_OK ||
        lo_cute_coalesce_x_modes(&a, m, &n, &e) != LO_OK)
      mismatched++;
    lo_layout_from_modes(&built, m, n);
    if (!lo_layout_equal(&ax, &built)) mismatched++;
    for (int j = 0; j < 272; j++) {
      int exact = -1;
      small_layout(j, &b);
      if (lo_cute_composition_exact(&a, &b, &r, &exact, &e) != LO_OK) continue;
      checked++;
      if (exact != lo_composition_walk_is_exact(&a, &b)) mismatched++;
    }
  }
  T_EQ_INT(mismatched, 0);
  T_CHECK(checked > 10000); /* most pairs compose */
}

int main(void) {
  test_fast_paths();
  /* A = 20:2 is A(y) = 2y; B(x1,x2) = x1 + 4 x2 -> 2 x1 + 8 x2 */
  T_EQ_STR(EV2("composition", "20:2", "(4,5):(1,4)"), "(4,5):(2,8)");
  /* B stays inside A's first mode (A(y) = y for y < 6) */
  T_EQ_STR(EV2("composition", "(6,2):(1,10)", "4:1"), "4:1");
  /* CuTe, not Def 2.3.7.1: B reaches past size(A); A's last mode runs on: A(2k) = 2k */
  T_EQ_STR(EV2("composition", "(2,3):(1,2)", "4:2"), "4:2");
  T_CHECK(IS_ERR(EV2("paper_composition", "(2,3):(1,2)", "4:2")));
  /* CuTe C++ keeps the stride of a size-1 mode (its printout, checked
  ** by compiling composition(8:1, (1,4):(3,1)) with static ints) */
  T_EQ_STR(EV2("composition", "8:1", "(1,4):(3,1)"), "(1,4):(3,1)");
  /* B's modes overlap; CuTe C++ prints ((2,(2,2)),(2,4)):((4,(8,8)),(8,8)),
  ** but at x = 10 = (0,1,1) + ...: B(10) = 16 and A(16) = 8 (16 is the
  ** coordinate (0,0,1,0) of A, value 8), while that layout gives 8 + 8 = 16 */
  T_EQ_STR(EV2("composition", "(4,4,4,4):(2,4,8,16)", "((2,4),8):((4,8),8)"),
           "error: composition: CuTe prints ((2,(2,2)),(2,4)):((4,(8,8)),(8,8)), which is not "
           "A o B: at x = 10, A(B(x)) = A(16) = 8 but it gives 16");
  /* B's modes tie (stride 3 twice): CuTe C++ prints (2,2,2):(12,24,12),
  ** but B(7) = 3 + 6 + 3 = 12, A's coordinate (0,0,1) (12 = 0 + 6*0 + 12*1),
  ** so A(12) = 3, while that layout gives 12 + 24 + 12 = 48.  The
  ** shortcut that skips the point-by-point check must not accept it. */
  T_EQ_STR(EV2("composition", "(6,2,4):(4,24,3)", "(2,2,2):(3,6,3)"),
           "error: composition: CuTe prints (2,2,2):(12,24,12), which is not A o B: at x = 7, "
           "A(B(x)) = A(12) = 3 but it gives 48");
  /* overlapping modes are fine where A is linear: A(y) = 3y */
  T_EQ_STR(EV2("composition", "100:3", "(2,2):(1,1)"), "(2,2):(3,3)");
  /* C++'s weak stride condition accepts stride 2 against A's mode of
  ** shape 3 (2 < 3); B(1) = 2 stays in that mode, A(2) = 2: CuTe prints 2:2 */
  T_EQ_STR(EV2("composition", "(3,4):(1,10)", "2:2"), "2:2");
  /* ... and refuses stride 4 against it (neither 4 % 3 == 0 nor 4 < 3);
  ** the answer still exists: A(0) = 0, A(4) = A(1,1) = 1 + 10 = 11, so 2:11 */
  T_EQ_STR(EV2("cute_composition", "(3,4):(1,10)", "2:4"),
           "error: CuTe refuses: Stride Divisibility Condition (stride 4 of B against shape 3 of "
           "A's coalesced mode 1: neither a multiple nor smaller)");
  T_EQ_STR(EV2("composition", "(3,4):(1,10)", "2:4"), "2:11");
  /* by-mode with a tiler; modes of A past the tiler are dropped */
  T_EQ_STR(EV2("composition", "(8,6,2):(1,8,48)", "<4:1,3:1>"), "(4,3):(1,8)");
  T_EQ_STR(EV2("composition", "(8,6):(1,8)", "<4:1,3:1,2:1>"),
           "error: composition: tiler has 3 modes but A has rank 2");
  /* the paper's composite: B o A of Example 2.1.7.3 ((80):(10) after (2,3):(5,6)) */
  T_EQ_STR(EV2("paper_composition", "(80):(10)", "(2,3):(5,6)"), "(2,3):(50,60)");
  T_EQ_STR(EV2("flat_composition", "(80):(10)", "(2,3):(5,6)"), "(2,3):(50,60)");
  T_CHECK(IS_ERR(EV2("flat_composition", "(2,2,6):(12,6,1)", "(4):(2)"))); /* Ex 2.1.7.6 */
  /* Algorithm 4.1.2 (Example 4.1.4.1) and its partiality (None where B o A exists) */
  T_EQ_STR(EV2("composition_algorithm", "(2,2):(2,1)", "(4):(1)"), "((2,2)):((2,1))");
  T_CHECK(IS_ERR(EV2("composition_algorithm", "(5):(1)", "(2):(2)")));
  T_EQ_STR(EV2("composition", "(5):(1)", "(2):(2)"), "(2):(2)");

  /* logical_divide (paper introduction): L_col / T */
  T_EQ_STR(EV2("logical_divide", "(4,8):(1,4)", "(2,2):(1,4)"), "((2,2),(2,4)):((1,4),(2,8))");
  /* by a tiler (CuTe's mode-by-mode division) */
  T_EQ_STR(EV2("logical_divide", "(4,8):(1,4)", "<2:1,2:1>"), "((2,2),(2,4)):((1,2),(4,8))");
  /* product: N = 4*3 = 12, comp((2,2):(1,2),12) = 3:4, 3:4 o 3:1 = 3:4 */
  T_EQ_STR(EV2("logical_product", "(2,2):(1,2)", "3:1"), "((2,2),3):((1,2),4)");
  T_EQ_STR(EV2("logical_product", "(2,2):(1,2)", "3"), "((2,2),3):((1,2),4)");
  /* regroupings of the tiler division above */
  T_EQ_STR(EV2("zipped_divide", "(8,6):(1,8)", "<4:1,3:1>"), "((4,3),(2,2)):((1,8),(4,24))");
  T_EQ_STR(EV2("tiled_divide", "(8,6):(1,8)", "<4:1,3:1>"), "((4,3),2,2):((1,8),4,24)");
  /* the paper's product with N rounded up (Example 2.3.9.4, Obs 2.3.9.2) */
  T_EQ_STR(EV2("paper_logical_product", "(3,3):(6,1)", "(10,12):(24,2)"),
           "((3,3),(10,12)):((6,1),(216,18))");
  /* Example 2.3.9.6: A is not complementable, so no product */
  T_CHECK(IS_ERR(EV2("paper_logical_product", "(4,(2,2)):(9,(1,3))", "((2,4),8):((1,4),2)")));
  /* flat division and product (Examples 2.1.7.11, 2.1.7.15) */
  T_EQ_STR(EV2("flat_divide", "(3,5,9,6):(54,0,6,1)", "(6,3):(135,1)"), "(6,3,5,9):(1,54,0,6)");
  T_EQ_STR(EV2("flat_product", "(2,2,2):(1,2,4)", "(3,5):(5,1)"), "(2,2,2,3,5):(1,2,4,40,8)");
  /* a tiler where a layout is needed */
  T_EQ_STR(EV2("paper_composition", "8:1", "<2:1>"),
           "error: argument 2: a tiler is not accepted here");
  return T_DONE();
}
