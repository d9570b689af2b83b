/* test_lo_morphism.c -- morphisms, their encoding and operations, and
** refinement (oracle/lo_morphism.c, lo_morph_ops.c, lo_refine.c). */
#include "lo_test.h"
#include "t.h"

#include <string.h>

int main(void) {
  /* f_L of (2,2):(3,30): sorted 2:3, 2:30; T' = (3,2,30/6 = 5,2) and the
  ** modes go to positions 2 and 4 (Example 3.1.2.6) */
  T_EQ_STR(EV1("morphism", "(2,2):(3,30)"), "(2,2)--(2,4)-->(3,2,5,2)");
  T_EQ_STR(EV1("layout", "(2,2)--(2,4)-->(3,2,5,2)"), "(2,2):(3,30)");
  /* zero strides go to *; d = 1 drops the leading 1 */
  T_EQ_STR(EV1("morphism", "(3,4):(0,1)"), "(3,4)--(*,1)-->(4)");
  T_EQ_STR(EV1("morphism", "(2,3):(1,3)"), "error: the layout is not tractable");
  /* standard form with the n = 1 fix of Def 3.1.2.12 */
  T_EQ_STR(EV1("is_standard_form", "(8)--(*)-->(5)"), "false");
  T_EQ_STR(EV1("is_standard_form", "(8)--(*)-->()"), "true");
  T_EQ_STR(EV1("is_standard_form", "(2,2)--(2,4)-->(3,2,5,2)"), "true");
  /* g o f (paper 1.1): f = (2,1), g = (2,3) -> (g(2), g(1)) = (3,2) */
  T_EQ_STR(EV2("composition", "(2,2)--(2,3)-->(5,2,2)", "(2,2)--(2,1)-->(2,2)"),
           "(2,2)--(3,2)-->(5,2,2)");
  T_EQ_STR(EV2("composition", "(2)--(1)-->(2)", "(3)--(1)-->(3)"),
           "error: not composable: codomain of f differs from domain of g");
  /* coalesce (Theorem C picture): runs (1,2) and (4,5) merge */
  T_EQ_STR(EV1("coalesce", "(2,2,10,10)--(1,2,4,5)-->(2,2,2,10,10)"), "(4,100)--(1,3)-->(4,2,100)");
  T_EQ_STR(EV1("coalesce", "(8)--(1)-->(8)"), "8--(1)-->(8)");
  T_EQ_STR(EV1("coalesce", "(1,1)--(*,*)-->(3)"), "1--(*)-->(3)");
  /* complement: positions 2 and 4 are not hit */
  T_EQ_STR(EV1("complement", "(2,2)--(1,3)-->(2,5,2,5)"), "(5,5)--(2,4)-->(2,5,2,5)");
  T_EQ_STR(EV1("complement", "(2,3)--(*,2)-->(2,3)"),
           "error: not complementable: an entry goes to the basepoint");
  /* sum, squeeze, sort, restrict, factorize */
  T_EQ_STR(EV2("sum", "(16,32)--(1,2)-->(16,32)", "(4,4)--(2,*)-->(2,4)"),
           "(16,32,4,4)--(1,2,4,*)-->(16,32,2,4)");
  T_EQ_STR(EV1("squeeze", "(1,4,1)--(*,3,*)-->(5,1,4)"), "(4)--(2)-->(5,4)");
  T_EQ_STR(EV1("sort", "(8,4,1)--(2,3,*)-->(64,8,4)"), "(1,8,4)--(*,2,3)-->(64,8,4)");
  T_EQ_STR(EV2("restrict", "(2,16,8,4)--(*,2,1,3)-->(8,16,4)", "{2,4}"),
           "(16,4)--(2,3)-->(8,16,4)");
  T_EQ_STR(EV2("factorize", "(8,8)--(4,2)-->(2,8,2,8,10)", "{2,4,5}"), "(8,8)--(2,1)-->(8,8,10)");
  T_EQ_STR(EV2("factorize", "(8,8)--(4,2)-->(2,8,2,8,10)", "{2,5}"),
           "error: factorize: position 4 is in the image but not in J");
  /* divisions and products of morphisms (paper 1.1 pictures) */
  T_EQ_STR(EV2("logical_divide", "(4,8,4,8)--(1,2,3,4)-->(4,8,4,8)", "(4,4)--(1,3)-->(4,8,4,8)"),
           "((4,4),(8,8))--(1,3,2,4)-->(4,8,4,8)");
  T_EQ_STR(EV2("logical_product", "(2,2)--(1,2)-->(2,2,5,5)", "(5,5)--(2,1)-->(5,5)"),
           "((2,2),(5,5))--(1,2,4,3)-->(2,2,5,5)");
  /* refinement */
  T_EQ_STR(EV2("refines", "(2,(2,2))", "8"), "true");
  T_EQ_STR(EV2("refines", "8", "(8)"), "false");
  T_EQ_STR(EV2("mutual_refinement", "(6,6)", "(12,3,6)"), "(6,(2,3)) ((6,2),3,6)");
  /* the second fix of Algorithm 4.1.1 (its last loop runs to len(Y)): the last entries of U are kept: X = (2), Y = (2,3,5) */
  T_EQ_STR(EV2("mutual_refinement", "(2)", "(2,3,5)"), "(2) (2,3,5)");
  /* fix 1: T longer than U */
  T_EQ_STR(EV2("mutual_refinement", "(4,2)", "(4)"),
           "error: not mutually refinable: the first tuple is larger");
  T_EQ_STR(EV2("pullback", "(64,32)--(2,4)-->(4,64,4,32)", "((2,2),(16,4),(2,2),(16,2))"),
           "((16,4),(16,2))--(3,4,7,8)-->((2,2),(16,4),(2,2),(16,2))");
  T_EQ_STR(EV2("pushforward", "(64,32)--(2,4)-->(4,64,4,32)", "((16,4),(16,2))"),
           "((16,4),(16,2))--(2,3,5,6)-->(4,(16,4),4,(16,2))");
  T_EQ_STR(EV2("weak_composite", "(6,6)--(2,1)-->(6,6)", "(12,3,6)--(1,3,2)-->(12,6,3)"),
           "((2,3),6)--(2,4,1)-->((6,2),6,3)");
  return T_DONE();
}
