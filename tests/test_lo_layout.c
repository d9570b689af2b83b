/* test_lo_layout.c -- size, cosize, the layout function, coalesce,
** filter, complement and the predicates (oracle/lo_layout.c,
** lo_coalesce.c, lo_complement.c).  Expected values are computed by hand
** in the comments. */
#include "lo_test.h"
#include "t.h"

#include <string.h>

int main(void) {
  /* size = 2*3 = 6; cosize = 1 + 1*1 + 2*2 = 6 */
  T_EQ_STR(EV1("size", "(2,3):(1,2)"), "6");
  T_EQ_STR(EV1("cosize", "(2,3):(1,2)"), "6");
  /* the empty layout: size 1, cosize 1 (Def 2.1.2.9) */
  T_EQ_STR(EV1("size", "():()"), "1");
  T_EQ_STR(EV1("cosize", "():()"), "1");
  /* (3,4):(4,1) at 7: 7 = 1 + 2*3 -> 1*4 + 2*1 = 6 */
  T_EQ_STR(EV2("apply", "(3,4):(4,1)", "7"), "6");
  /* past the size the last mode runs on: 13 = 1 + 4*3 -> 4 + 4 = 8 */
  T_EQ_STR(EV2("apply", "(3,4):(4,1)", "13"), "8");
  T_EQ_STR(EV1("layout_function", "(2,2):(3,1)"), "[0,3,1,4]");
  /* overflow is an error naming the op */
  T_EQ_STR(EV1("size", "(4294967296,4294967296):(1,1)"),
           "error: overflow: size (4294967296 * 4294967296) exceeds 64 bits");
  T_CHECK(IS_ERR(EV1("cosize", "(3,2):(4611686018427387904,1)")));
  T_CHECK(IS_ERR(EV2("apply", "4:4611686018427387904", "3")));

  /* coalesce: (2,4):(1,2) merges (2*1 = 2) into 8:1; size-1 modes vanish;
  ** nothing left gives 1:0; zero strides merge; never sorts */
  T_EQ_STR(EV1("coalesce", "(2,4):(1,2)"), "8:1");
  T_EQ_STR(EV1("coalesce", "(2,1,3):(1,7,2)"), "6:1");
  T_EQ_STR(EV1("coalesce", "(1,1):(3,5)"), "1:0");
  T_EQ_STR(EV1("coalesce", "(2,3):(0,0)"), "6:0");
  T_EQ_STR(EV1("coalesce", "(2,2):(4,1)"), "(2,2):(4,1)");
  T_EQ_STR(EV1("flat_coalesce", "(1,1):(3,5)"), "():()");
  T_EQ_STR(EV1("flat_coalesce", "(2,4):(1,2)"), "(8):(1)");
  /* by profile: mode 1 coalesced, mode 2 kept, a third mode untouched */
  T_EQ_STR(EV2("coalesce", "((2,2),(3,1),5):((1,2),(4,9),7)", "(1,(1,1))"),
           "(4,(3,1),5):(1,(4,0),7)");
  T_EQ_STR(EV2("coalesce", "(2,2):(1,2)", "(1,1,1)"),
           "error: coalesce: profile has 3 modes but the layout has 2");
  /* filter: drop 4:0 and 1:9, then coalesce (2,3):(1,2) -> 6:1 */
  T_EQ_STR(EV1("filter", "(2,4,1,3):(1,0,9,2)"), "6:1");
  T_EQ_STR(EV1("flat_filter", "(2,4,1,3):(1,0,9,2)"), "(2,1,3):(1,9,2)");
  T_EQ_STR(EV1("squeeze", "(2,1,3):(1,9,2)"), "(2,3):(1,2)");
  T_EQ_STR(EV1("sort", "(4,2,3):(2,1,2)"), "(2,3,4):(1,2,2)");

  /* complement (4,4):(1,16) wrt 128: sorted 4:1, 4:16 -> (16/4):4 and
  ** ceil(128/64):64 = (4,2):(4,64) */
  T_EQ_STR(EV2("complement", "(4,4):(1,16)", "128"), "(4,2):(4,64)");
  /* rounded up: 4:1 wrt 10 -> ceil(10/4) = 3 -> 3:4 */
  T_EQ_STR(EV2("complement", "4:1", "10"), "3:4");
  T_EQ_STR(EV2("paper_complement", "4:1", "10"),
           "error: not 10-complementable: the largest extent 4 does not divide N");
  T_EQ_STR(EV2("paper_complement", "4:1", "12"), "3:4");
  /* CuTe ignores broadcast modes, the paper refuses them */
  T_EQ_STR(EV2("complement", "(4,2):(0,1)", "8"), "4:2");
  T_EQ_STR(
      EV2("paper_complement", "(4,2):(0,1)", "8"),
      "error: not complementable: mode 4:0 has stride 0 (its layout function is not injective)");
  /* not complementable: sorted 2:1, 2:3 and 2 does not divide 3 */
  T_CHECK(IS_ERR(EV2("complement", "(2,2):(1,3)", "16")));
  T_EQ_STR(EV1("complement", "(2,2):(2,8)"), "(2,2):(1,4)");
  T_EQ_STR(EV1("flat_complement", "(8,8):(1,8)"), "():()");
  T_EQ_STR(EV1("complement", "(8,8):(1,8)"), "1:0");
  T_EQ_STR(EV2("complement", "4:1", "0"), "error: complement: N must be positive");

  /* predicates */
  T_EQ_STR(EV1("is_tractable", "(2,1):(1,3)"), "false"); /* Def 2.1.8.1 does not squeeze */
  T_EQ_STR(EV1("is_compact", "(2,1):(1,3)"), "true");
  T_EQ_STR(EV1("is_complementable", "(2,1):(1,3)"), "true");
  T_EQ_STR(EV2("is_complementable", "(2,4):(1,2)", "16"), "true");
  T_EQ_STR(EV2("is_complementable", "(2,4):(1,2)", "12"), "false");
  T_EQ_STR(EV1("is_complementable", "(2):(0)"), "false"); /* Def 2.1.6.11 with d_1 > 0 */
  T_EQ_STR(EV1("is_coalesced", "(64):(2)"), "false");
  T_EQ_STR(EV1("is_coalesced", "1:0"), "true");
  T_EQ_STR(EV1("is_flat_coalesced", "():()"), "true");
  T_EQ_STR(EV1("is_sorted", "(2,2):(1,1)"), "true");
  T_EQ_STR(EV1("is_nondegenerate", "(4,1):(1,4)"), "false");
  T_EQ_STR(EV1("is_column_major", "(3,4):(1,3)"), "true");
  T_EQ_STR(EV1("is_row_major", "(3,4):(4,1)"), "true");
  T_EQ_STR(EV1("is_layout", "(2,(2,2)):(1,2,4)"), "false");

  /* inverses: L = (4,8):(8,1): chain 1 -> mode 2 (8), 8 -> mode 1 (4);
  ** column-major strides of (4,8) are (1,4): R = (8,4):(4,1) */
  T_EQ_STR(EV1("right_inverse", "(4,8):(8,1)"), "(8,4):(4,1)");
  T_EQ_STR(EV1("right_inverse", "(2,2):(0,1)"), "2:2"); /* stride-0 mode skipped */
  T_EQ_STR(EV1("right_inverse", "20:2"), "1:0");
  T_EQ_STR(EV1("left_inverse", "(4,8):(8,1)"), "(8,4):(4,1)");
  /* CuTe's quasi-inverse of a non-injective layout (printed by CuTe C++):
  ** L(i) = i1 for i = (i0,i1); R(v) = 2v is the coordinate (0,v), and
  ** L(R(L(i))) = L(i) */
  T_EQ_STR(EV1("left_inverse", "(2,4):(0,1)"), "4:2");
  return T_DONE();
}
