/* test_lo_cute_modes.c -- CuTe's functions on the modes of a layout in the
** cute_ layer (oracle/lo_eval_cute_modes.c): each expectation is worked out
** by hand from CuTe's definitions (cute/layout.hpp, algorithm/
** tuple_algorithms.hpp, underscore.hpp, stride.hpp), the working in the
** comment beside it; corpus/cute_cpp/twins.yaml holds CuTe C++'s own
** printouts. */
#include "lo_test.h"
#include "t.h"

#include <string.h>

int main(void) {
  const char *L = "((4,2),3,5):((1,4),8,24)"; /* rank 3, mode 0 nested */

  /* queries at a mode path: size<0> = 4*2, size<0,1> = 2, rank<0> = 2,
  ** depth<0> = 1 (a flat tuple), shape<0> = (4,2), stride<0> = (1,4),
  ** cosize<0> = 1 + 3*1 + 1*4 = 8, coshape<2> = 1 + 4*24 = 97 */
  T_EQ_STR(EVN("cute_size", L, "0"), "8");
  T_EQ_STR(EVN("cute_size", L, "0", "1"), "2");
  T_EQ_STR(EVN("cute_size", "((4,2),3)", "0"), "8");
  T_EQ_STR(EVN("cute_rank", L, "0"), "2");
  T_EQ_STR(EVN("cute_rank", L, "1"), "1");
  T_EQ_STR(EVN("cute_depth", L, "0"), "1");
  T_EQ_STR(EVN("cute_depth", L, "0", "0"), "0");
  T_EQ_STR(EVN("cute_shape", L, "0"), "(4,2)");
  T_EQ_STR(EVN("cute_stride", L, "0"), "(1,4)");
  T_EQ_STR(EVN("cute_cosize", L, "0"), "8");
  T_EQ_STR(EVN("cute_coshape", L, "2"), "97");
  /* get<0> of an integer is itself: size<0>(4:1) = 4, size<0,0> too */
  T_EQ_STR(EVN("cute_size", "4:1", "0", "0"), "4");
  T_CHECK(err_has(EVN("cute_size", L, "3"), "CuTe refuses: get<3> of a tuple of rank 3"));
  T_CHECK(err_has(EVN("cute_rank", L, "-1"), "CuTe refuses: get<-1>"));
  T_CHECK(err_has(EVN("cute_size", L, "x"), "argument 2"));
  T_CHECK(err_has(EVN("cute_size", L, "0", "0", "0", "0"), "cute_size takes"));
  /* coprofile: the sum of integer strides made 0 */
  T_EQ_STR(EVN("cute_coprofile", L), "0");
  T_EQ_STR(EVN("cute_coprofile", L, "0"), "0");
  T_CHECK(err_has(EVN("cute_coprofile", L, "5"), "get<5>"));

  /* take<1,3>: modes 1 and 2 as a tuple; take<0,1> of 4:1 wraps: (4):(1) */
  T_EQ_STR(EVN("cute_take", L, "1", "3"), "(3,5):(8,24)");
  T_EQ_STR(EVN("cute_take", "4:1", "0", "1"), "(4):(1)");
  /* a layout: B < E and E <= rank asserted; a tuple: E = -1 is the rank,
  ** B = E the empty tuple */
  T_CHECK(err_has(EVN("cute_take", L, "1", "1"), "take: empty range error"));
  T_CHECK(err_has(EVN("cute_take", L, "0", "4"), "take: range out of bounds"));
  T_EQ_STR(EVN("cute_take", "((4,2),3,5)", "1", "-1"), "(3,5)");
  T_EQ_STR(EVN("cute_take", "((4,2),3,5)", "1", "1"), "()");
  T_CHECK(err_has(EVN("cute_take", "((4,2),3,5)", "2", "1"), "B > E"));

  /* select<2,0>: (mode 2, mode 0); select<0,0> of 4:1: (4,4):(1,1) */
  T_EQ_STR(EVN("cute_select", L, "2", "0"), "(5,(4,2)):(24,(1,4))");
  T_EQ_STR(EVN("cute_select", "4:1", "0", "0"), "(4,4):(1,1)");
  T_EQ_STR(EVN("cute_select", "(4,3,2)", "2", "2", "1"), "(2,2,3)");
  T_CHECK(err_has(EVN("cute_select", L, "3"), "get<3>"));

  /* group<1,3>: ((4,2),(3,5)); group<0,-1> wraps all; B = E unchanged;
  ** an integer t: group<0,1> = ((t)), group<1,1> = (t) */
  T_EQ_STR(EVN("cute_group", L, "1", "3"), "((4,2),(3,5)):((1,4),(8,24))");
  T_EQ_STR(EVN("cute_group", L, "0", "-1"), "(((4,2),3,5)):(((1,4),8,24))");
  T_EQ_STR(EVN("cute_group", L, "1", "1"), L);
  T_EQ_STR(EVN("cute_group", "4:1", "0", "1"), "((4)):((1))");
  T_EQ_STR(EVN("cute_group", "4:1", "1", "1"), "(4):(1)");
  T_CHECK(err_has(EVN("cute_group", L, "2", "1"), "B > E"));
  T_CHECK(err_has(EVN("cute_group", L, "0", "4"), "Index out of range"));

  /* append: one mode more (default 1:0); append<4> of a rank-2 layout
  ** adds two copies; append<2> of rank 2 leaves it; append<1> is below */
  T_EQ_STR(EVN("cute_append", "(4,3):(1,4)"), "(4,3,1):(1,4,0)");
  T_EQ_STR(EVN("cute_append", "(4,3):(1,4)", "2:12"), "(4,3,2):(1,4,12)");
  T_EQ_STR(EVN("cute_append", "(4,3):(1,4)", "2:12", "4"), "(4,3,2,2):(1,4,12,12)");
  T_EQ_STR(EVN("cute_append", "(4,3):(1,4)", "2:12", "2"), "(4,3):(1,4)");
  T_CHECK(err_has(EVN("cute_append", "(4,3):(1,4)", "2:12", "1"), "below the rank"));
  T_EQ_STR(EVN("cute_append", "4:1", "2:4"), "(4,2):(1,4)");
  T_EQ_STR(EVN("cute_append", "4:1", "2:4", "1"), "4:1");
  T_EQ_STR(EVN("cute_prepend", "(4,3):(1,4)", "2:12", "4"), "(2,2,4,3):(12,12,1,4)");
  T_EQ_STR(EVN("cute_prepend", "4:1", "(2,3):(4,8)"), "((2,3),4):((4,8),1)");
  /* so many copies that the result passes 64 entries: the limit, named */
  T_CHECK(err_has(EVN("cute_append", "4:1", "2:4", "2147483647"), "too many entries"));

  /* replace<1>: mode 1 made X; replace<2> of rank 2 appends it; an
  ** integer has only replace<0> */
  T_EQ_STR(EVN("cute_replace", "(4,3):(1,4)", "2:12", "1"), "(4,2):(1,12)");
  T_EQ_STR(EVN("cute_replace", "(4,3):(1,4)", "2:12", "2"), "(4,3,2):(1,4,12)");
  T_EQ_STR(EVN("cute_replace", "4:1", "2:12", "0"), "2:12");
  T_CHECK(err_has(EVN("cute_replace", "4:1", "2:12", "1"), "only N = 0"));
  T_CHECK(err_has(EVN("cute_replace", "(4,3):(1,4)", "2:12", "3"), "Index out of range"));

  /* zip: ((4,2),(3,5)) transposed is ((4,3),(2,5)); a first mode that is
  ** an integer wraps; ranks must agree */
  T_EQ_STR(EVN("cute_zip", "((4,2),(3,5)):((1,4),(8,24))"), "((4,3),(2,5)):((1,8),(4,24))");
  T_EQ_STR(EVN("cute_zip", "(4,2):(1,4)"), "((4,2)):((1,4))");
  T_EQ_STR(EVN("cute_zip", "4:1"), "4:1");
  T_EQ_STR(EVN("cute_zip", "(4,2):(1,4)", "(3,5):(8,24)"), "((4,3),(2,5)):((1,8),(4,24))");
  T_EQ_STR(EVN("cute_zip", "((4,2),(3,5))"), "((4,3),(2,5))");
  T_CHECK(err_has(EVN("cute_zip", "((4,2),(3,5,6)):((1,4),(8,24,0))"), "Mismatched Ranks"));
  T_CHECK(err_has(EVN("cute_zip", "((4,2),3):((1,4),8)"), "mode 1 is an integer"));
  T_CHECK(err_has(EVN("cute_zip", "():()"), "empty tuple"));

  /* slice keeps the modes at '_', joined flat at each level; dice those at
  ** integers: ((_,1),_) over ((4,2),3) keeps 4 and 3 (slice), 2 (dice) */
  T_EQ_STR(EVN("cute_slice", "(_,2)", "(4,3):(1,4)"), "(4):(1)");
  T_EQ_STR(EVN("cute_slice", "((_,1),_)", "((4,2),3):((1,4),8)"), "(4,3):(1,8)");
  T_EQ_STR(EVN("cute_slice", "(_,1)", "((4,2),3):((1,4),8)"), "((4,2)):((1,4))");
  T_EQ_STR(EVN("cute_slice", "_", "(4,3):(1,4)"), "(4,3):(1,4)");
  T_EQ_STR(EVN("cute_slice", "2", "(4,3):(1,4)"), "():()");
  T_EQ_STR(EVN("cute_dice", "((_,1),_)", "((4,2),3):((1,4),8)"), "(2):(4)");
  T_EQ_STR(EVN("cute_dice", "2", "(4,3):(1,4)"), "(4,3):(1,4)");
  T_EQ_STR(EVN("cute_dice", "_", "(4,3):(1,4)"), "():()");
  T_CHECK(err_has(EVN("cute_slice", "(_,2,1)", "(4,3):(1,4)"), "Mismatched Ranks"));
  T_CHECK(err_has(EVN("cute_slice", "(_,(1,2))", "(4,3):(1,4)"), "for the integer 3"));
  T_CHECK(err_has(EVN("cute_dice", "(_,", "(4,3):(1,4)"), "argument 1: column 4"));
  T_CHECK(err_has(EVN("cute_slice", "(_,-1)", "(4,3):(1,4)"), "argument 1: column 4"));
  T_CHECK(err_has(EVN("cute_slice", "(_,99999999999999999999)", "(4,3):(1,4)"), "overflow"));

  /* idx2crd: 5 in (4,3) is (5%4, 5/4) = (1,1); 13 gives (1,3) (the last
  ** mode runs on); 5 in ((2,2),3): 5%4 = 1 -> (1,0), 5/4 = 1; by strides
  ** (3,1): (5/3 % 4, 5/1 % 3) = (1,2); an integer stride 2 over (4,3):
  ** strides (2,8): (5/2 % 4, 5/8 % 3) = (2,0) */
  T_EQ_STR(EVN("cute_idx2crd", "5", "(4,3)"), "(1,1)");
  T_EQ_STR(EVN("cute_idx2crd", "13", "(4,3)"), "(1,3)");
  T_EQ_STR(EVN("cute_idx2crd", "5", "((2,2),3)"), "((1,0),1)");
  T_EQ_STR(EVN("cute_idx2crd", "(5,7)", "((2,3),4)"), "((1,2),7)");
  T_EQ_STR(EVN("cute_idx2crd", "5", "4"), "5");
  T_EQ_STR(EVN("cute_idx2crd", "5", "(4,3)", "(3,1)"), "(1,2)");
  T_EQ_STR(EVN("cute_idx2crd", "5", "(4,3)", "2"), "(2,0)");
  T_CHECK(err_has(EVN("cute_idx2crd", "(1,2)", "4"), "Invalid parameters"));
  T_CHECK(err_has(EVN("cute_idx2crd", "(1,2,3)", "(4,3)"), "Mismatched Ranks"));
  T_CHECK(err_has(EVN("cute_idx2crd", "5", "(4,3)", "(0,1)"), "division by zero"));

  /* domain_offset: (L, L(c)); (1,2) in (4,3):(1,4) is 1 + 8 = 9 */
  T_EQ_STR(EVN("cute_domain_offset", "(1,2)", "(4,3):(1,4)"), "((4,3):(1,4),9)");
  T_CHECK(err_has(EVN("cute_domain_offset", "(1,2,3)", "(4,3):(1,4)"), "Mismatched Ranks"));

  /* tile_to_shape (2,2):(1,2) to (8,6): quotients (4,3), column-major
  ** (4,3):(1,4); blocked_product gives ((2,4),(2,3)):((1,4),(2,16)).  In
  ** the order (2,1) the quotient layout is (4,3):(3,1):
  ** ((2,4),(2,3)):((1,12),(2,4)) */
  T_EQ_STR(EVN("cute_tile_to_shape", "(2,2):(1,2)", "(8,6)"), "((2,4),(2,3)):((1,4),(2,16))");
  T_EQ_STR(EVN("cute_tile_to_shape", "(2,2):(1,2)", "(8,6)", "(2,1)"),
           "((2,4),(2,3)):((1,12),(2,4))");
  /* a quotient 1 gets stride 0, as CuTe's compact strides give a static
  ** 1: (2,1):(1,0) to (4,6) has quotients (2,6), strides (1,2); ... the
  ** block's size-1 mode is 1:0 */
  T_EQ_STR(EVN("cute_tile_to_shape", "(2,6):(6,12)", "(2,24)"), "((2,1),(6,4)):((6,0),(12,1))");
  T_CHECK(err_has(EVN("cute_tile_to_shape", "(2,2):(1,2)", "(8,5)"), "does not divide"));
  T_CHECK(err_has(EVN("cute_tile_to_shape", "(2,2,2):(1,2,4)", "(8,6)"), "Rank of layout"));
  T_CHECK(err_has(EVN("cute_tile_to_shape", "(2,2):(1,2)", "(8,6)", "(1,2,3)"), "equal rank"));

  /* max_alignment: (4,3):(1,4) coalesces to 12:1: 12; (4,3):(12,1) has
  ** its stride-1 mode of size 3: 3; no stride 1 at all: 1 */
  T_EQ_STR(EVN("cute_max_alignment", "(4,3):(1,4)"), "12");
  T_EQ_STR(EVN("cute_max_alignment", "(4,3):(12,1)"), "3");
  T_EQ_STR(EVN("cute_max_alignment", "(4,3):(2,8)"), "1");
  /* (2,4,8):(64,1,2) is coalesced (4*1 != 2); its right inverse is 4:2
  ** (index 2k holds k); complement(4:2, 64) = (2,8):(1,8), whose image
  ** under L is (2,8):(64,2): stride<1> is the tuple (64,2), and the gcd of
  ** 4, 64 and 2 is 2 */
  T_EQ_STR(EVN("cute_max_alignment", "(2,4,8):(64,1,2)"), "2");

  /* extreme arguments: a clear error, no undefined behaviour (this file
  ** runs under ASan and UBSan) */
  T_CHECK(err_has(EVN("cute_take", L, "0", "2147483648"), "is no int"));
  T_CHECK(err_has(EVN("cute_take", L, "-2147483648", "1"), "out of bounds"));
  T_CHECK(err_has(EVN("cute_group", "4:1", "-5", "-1"), "Index out of range"));
  T_CHECK(err_has(EVN("cute_prepend", "(4,3):(1,4)", "2:12", "-1"), "negative rank"));
  /* mode 0 of ((2^62,4),3) has size 2^64: an overflow, named */
  T_CHECK(err_has(EVN("cute_idx2crd", "9223372036854775807", "((4611686018427387904,4),3)"),
                  "overflow"));
  /* (2^63-1) % 4 = 3, (2^63-1) / 4 = 2^61-1 */
  T_EQ_STR(EVN("cute_idx2crd", "9223372036854775807", "(4,3)"), "(3,2305843009213693951)");
  T_CHECK(err_has(EVN("cute_idx2crd", "5", "(4611686018427387904,4,3)", "4"), "overflow"));
  T_CHECK(err_has(EVN("cute_tile_to_shape", "2:1",
                      "((),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),"
                      "(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),"
                      "(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),(),())"),
                  "modes in the target shape"));
  T_CHECK(err_has(EVN("cute_tile_to_shape", "2:1", "(8,4611686018427387904,4)"), "overflow"));

  /* '_' as B leaves A unchanged */
  T_EQ_STR(EVN("cute_composition", "(4,3):(1,4)", "_"), "(4,3):(1,4)");
  T_EQ_STR(EVN("cute_zipped_divide", "(4,3):(1,4)", " _ "), "(4,3):(1,4)");
  T_EQ_STR(EVN("cute_flat_product", "(4,3):(1,4)", "_"), "(4,3):(1,4)");
  T_CHECK(err_has(EVN("cute_composition", "(4,3", "_"), "argument 1"));
  /* the zipped forms ask rank 2 of A; the tiled forms unpack mode 1 when
  ** its rank is not 1, the flat forms both modes */
  T_CHECK(err_has(EVN("cute_zipped_divide", "(4,3,2):(1,4,12)", "_"), "Mismatched ranks"));
  T_CHECK(err_has(EVN("cute_tiled_product", "6:1", "_"), "Mismatched ranks"));
  T_EQ_STR(EVN("cute_logical_divide", "(4,3,2):(1,4,12)", "_"), "(4,3,2):(1,4,12)");
  T_EQ_STR(EVN("cute_tiled_product", "((4,2),(3,2)):((1,4),(8,1))", "_"),
           "((4,2),3,2):((1,4),8,1)");
  T_EQ_STR(EVN("cute_flat_divide", "((4,2),(3,2)):((1,4),(8,1))", "_"), "(4,2,3,2):(1,4,8,1)");
  T_EQ_STR(EVN("cute_flat_product", "(((4,2)),(3,(2,2))):(((1,4)),(8,(1,1)))", "_"),
           "(((4,2)),3,(2,2)):(((1,4)),8,(1,1))");
  T_EQ_STR(EVN("cute_tiled_divide", "((4,2),()):((1,4),())", "_"), "((4,2)):((1,4))");
  return T_DONE();
}
