/* test_lo_eval.c -- the op table and lo_eval's errors (oracle/lo_eval.c). */
#include "lo_test.h"
#include "t.h"

#include <string.h>

int main(void) {
  char small[8];
  const char *argv[1] = {"(2,3):(1,2)"};
  T_EQ_STR(EV1("frobnicate", "1"), "error: unsupported op frobnicate");
  /* found by fuzzing: an op name with control bytes is not echoed raw */
  T_EQ_STR(EV1("(6\n21)", "1"), "error: unsupported op (6?21)");
  T_EQ_STR(EV2("size", "1:1", "2"), "error: size takes L|X (2 given)");
  T_EQ_STR(EV1("cosize", "(2,3"),
           "error: argument 1: column 5: expected ',' or ')', found end of input");
  /* a result that does not fit the caller's buffer is an error */
  T_EQ_INT(lo_eval("layout_function", 1, argv, small, sizeof small), LO_ESPACE);
  T_EQ_INT(lo_eval("size", 1, argv, small, sizeof small), LO_OK);
  T_EQ_STR(small, "6");
  /* every op in the table has a name, argument spec and summary, and
  ** answers a call with no arguments with an error, not a crash */
  int n = lo_op_count();
  T_CHECK(n > 80);
  for (int i = 0; i < n; i++) {
    const lo_op_info *op = lo_op_at(i);
    char buf[256];
    T_CHECK(op && op->name && op->args && op->summary);
    T_CHECK(lo_eval(op->name, 0, NULL, buf, sizeof buf) != LO_OK);
  }
  T_CHECK(lo_op_at(n) == NULL);
  /* A layout result whose size or cosize is 2^63 or more is refused,
  ** naming it: 2:2^62 o 4:1 is 4:2^62 (CuTe's composition: the mode of A
  ** runs on), whose cosize 3 * 2^62 + 1 does not fit.  2:(2^62-1) o 2:1
  ** is itself, cosize 2^62 fits. */
  T_EQ_STR(EV2("composition", "2:4611686018427387904", "4:1"),
           "error: the result 4:4611686018427387904 is out of range: overflow: cosize (3 * "
           "4611686018427387904) exceeds 64 bits");
  T_EQ_STR(EV2("composition", "2:4611686018427387903", "2:1"), "2:4611686018427387903");
  T_EQ_STR(EV1("modes", "(2,4):(1,4611686018427387904)"),
           "error: the result 4:4611686018427387904 is out of range: overflow: cosize (3 * "
           "4611686018427387904) exceeds 64 bits");
  /* CuTe's argument forms.  Every expected value below is CuTe C++'s own
  ** printout (static integers, the '_' of Int<N> removed) at the pinned
  ** CUTLASS commit 7107b05, from a program built with g++ on CuTe's
  ** headers; the plain op prints the same text where CuTe's answer meets
  ** the op's contract (checked by the plain op itself). */
  /* a bare 1 in a tiler, or as B, is make_layout(1) = 1:0 for the divides
  ** and products, so the size-1 tile has stride 0 */
  T_EQ_STR(EV2("cute_zipped_divide", "(2,6):(6,1)", "<1,2>"), "((1,2),(2,3)):((0,1),(6,2))");
  T_EQ_STR(EV2("zipped_divide", "(2,6):(6,1)", "<1,2>"), "((1,2),(2,3)):((0,1),(6,2))");
  T_EQ_STR(EV2("cute_logical_divide", "(2,6):(6,1)", "<1,2>"), "((1,2),(2,3)):((0,6),(1,2))");
  T_EQ_STR(EV2("cute_tiled_divide", "(2,6):(6,1)", "<1,2>"), "((1,2),2,3):((0,1),6,2)");
  T_EQ_STR(EV2("cute_flat_divide", "(2,6):(6,1)", "<1,2>"), "(1,2,2,3):(0,1,6,2)");
  T_EQ_STR(EV2("cute_logical_product", "(2,6):(6,1)", "<1,2>"), "((2,1),(6,2)):((6,0),(1,6))");
  T_EQ_STR(EV2("cute_zipped_product", "(2,6):(6,1)", "<1,2>"), "((2,6),(1,2)):((6,1),(0,6))");
  T_EQ_STR(EV2("tiled_product", "(2,6):(6,1)", "<1,2>"), "((2,6),1,2):((6,1),0,6)");
  T_EQ_STR(EV2("cute_flat_product", "(2,6):(6,1)", "<1,2>"), "(2,6,1,2):(6,1,0,6)");
  T_EQ_STR(EV2("logical_divide", "50:1", "1"), "(1,50):(0,1)");
  T_EQ_STR(EV2("cute_logical_divide", "50:1", "1"), "(1,50):(0,1)");
  T_EQ_STR(EV2("cute_zipped_divide", "50:1", "1"), "(1,50):(0,1)");
  T_EQ_STR(EV2("logical_product", "2:6", "1"), "(2,1):(6,0)");
  T_EQ_STR(EV2("cute_tiled_product", "2:6", "1"), "(2,1):(6,0)");
  T_EQ_STR(EV2("cute_logical_product", "2:6", "3"), "(2,3):(6,1)"); /* n > 1 is n:1 */
  T_EQ_STR(EV2("cute_logical_divide", "50:1", "5"), "(5,10):(1,5)");
  /* composition reads a bare integer n as n:1, 1 included (composition_impl
  ** with stride _1): A's stride stays on the size-1 result */
  T_EQ_STR(EV2("cute_composition", "4:3", "1"), "1:3");
  T_EQ_STR(EV2("composition", "4:3", "1"), "1:3");
  T_EQ_STR(EV2("cute_composition", "(2,6):(6,1)", "<1,2>"), "(1,2):(6,1)");
  /* a tuple in a tiler is a nested by-mode tiler, to any depth */
  T_EQ_STR(EV2("cute_logical_divide", "((4,8)):((1,4))", "<(2,4)>"),
           "(((2,2),(4,2))):(((1,2),(4,16)))");
  T_EQ_STR(EV2("logical_divide", "((4,8)):((1,4))", "<(2,4)>"), "(((2,2),(4,2))):(((1,2),(4,16)))");
  T_EQ_STR(EV2("cute_zipped_divide", "((4,8)):((1,4))", "<(2,4)>"),
           "(((2,4)),((2,2))):(((1,4)),((2,16)))");
  T_EQ_STR(EV2("cute_logical_product", "((4,8)):((1,4))", "<(2,4)>"),
           "(((4,2),(8,4))):(((1,4),(4,1)))");
  T_EQ_STR(EV2("cute_composition", "((4,8)):((1,4))", "<(2,4)>"), "((2,4)):((1,4))");
  T_EQ_STR(EV2("cute_zipped_divide", "((4,8),6):((1,4),32)", "<(2,4:2),3>"),
           "(((2,4),3),((2,2),2)):(((1,8),32),((2,4),96))");
  T_EQ_STR(EV2("zipped_divide", "((4,8),6):((1,4),32)", "<(2,4:2),3>"),
           "(((2,4),3),((2,2),2)):(((1,8),32),((2,4),96))");
  T_EQ_STR(EV2("cute_tiled_divide", "((4,8),6):((1,4),32)", "<(2,4:2),3>"),
           "(((2,4),3),(2,2),2):(((1,8),32),(2,4),96)");
  T_EQ_STR(EV2("cute_flat_divide", "((4,8),6):((1,4),32)", "<(2,4:2),3>"),
           "((2,4),3,(2,2),2):((1,8),32,(2,4),96)");
  T_EQ_STR(EV2("cute_zipped_product", "((4,8),6):((1,4),32)", "<(2,4:2),3>"),
           "(((4,8),6),((2,(2,2)),3)):(((1,4),32),((4,(2,32)),1))");
  T_EQ_STR(EV2("cute_zipped_divide", "((4,(2,3)),6):((1,(4,8)),24)", "<(2,(2,1)),3>"),
           "(((2,(2,1)),3),((2,(1,3)),2)):(((1,(4,0)),24),((2,(0,8)),72))");
  T_EQ_STR(EV2("cute_logical_divide", "8:1", "<(2)>"), "(((2,4))):(((1,2)))");
  T_EQ_STR(EV2("cute_zipped_divide", "8:1", "<(2)>"), "(((2)),((4))):(((1)),((2)))");
  /* a nested tiler with more entries than its mode has modes: refused */
  T_EQ_STR(EV2("cute_logical_divide", "(4,4,4):(1,4,16)", "<((2,2))>"),
           "error: CuTe refuses: tiler entry 1 has 2 modes but A's mode 1 has rank 1 "
           "(static_assert tuple_size <= rank)");
  T_EQ_STR(EV2("logical_divide", "(4,4,4):(1,4,16)", "<((2,2))>"),
           "error: tiler entry 1 has 2 modes but A's mode 1 has rank 1");
  /* a shape as the tiler: CuTe's Shape tiler, the tiler of its entries */
  T_EQ_STR(EV2("cute_zipped_divide", "(8,6):(1,8)", "(4,2)"), "((4,2),(2,3)):((1,8),(4,16))");
  T_EQ_STR(EV2("zipped_divide", "(8,6):(1,8)", "(4,2)"), "((4,2),(2,3)):((1,8),(4,16))");
  T_EQ_STR(EV2("cute_logical_product", "(8,6):(1,8)", "(4,2)"), "((8,4),(6,2)):((1,8),(8,1))");
  T_EQ_STR(EV2("cute_composition", "(8,6):(1,8)", "(4,2)"), "(4,2):(1,8)");
  T_EQ_STR(EV2("cute_logical_divide", "(8,6):(1,8)", "(1,2)"), "((1,8),(2,3)):((0,1),(8,16))");
  T_EQ_STR(EV2("cute_zipped_divide", "(8,6):(1,8)", "(4)"), "((4),(2,6)):((1),(4,8))");
  T_EQ_STR(EV2("cute_logical_divide", "((4,8)):((1,4))", "((2,4))"),
           "(((2,2),(4,2))):(((1,2),(4,16)))");
  T_EQ_STR(EV2("cute_composition", "((4,8),6):((1,4),32)", "((_,2),_)"), "((4,2),6):((1,4),32)");
  /* '_' in a tiler leaves its mode as it is */
  T_EQ_STR(EV2("cute_logical_divide", "(8,6):(1,8)", "<_,2>"), "(8,(2,3)):(1,(8,16))");
  T_EQ_STR(EV2("logical_divide", "(8,6):(1,8)", "<_,2>"), "(8,(2,3)):(1,(8,16))");
  T_EQ_STR(EV2("cute_logical_product", "(8,6):(1,8)", "<_,2>"), "(8,(6,2)):(1,(8,1))");
  T_EQ_STR(EV2("cute_composition", "(8,6):(1,8)", "<_,2>"), "(8,2):(1,8)");
  T_EQ_STR(EV2("cute_composition", "(8,6):(1,8)", "<2,_>"), "(2,6):(1,8)");
  T_EQ_STR(EV2("cute_logical_divide", "((4,8),6):((1,4),32)", "<(_,2),_>"),
           "((4,(2,4)),6):((1,(4,8)),32)");
  /* zipped: the untouched mode is zipped as (tile, rest) when it has rank
  ** 2, refused otherwise (zip2_by's rank check) */
  T_EQ_STR(EV2("cute_zipped_divide", "((4,8),6):((1,4),32)", "<_,2>"),
           "((4,2),(8,3)):((1,32),(4,64))");
  T_EQ_STR(EV2("cute_zipped_divide", "(4,4,4):(1,4,16)", "<_,2>"),
           "error: CuTe refuses: zip2_by: Mismatched ranks (mode 1 is not of rank 2)");
  /* a layout or a shape as complement's cotarget: CuTe takes its shape */
  T_EQ_STR(EV2("cute_complement", "3:2", "6:1"), "2:1");
  T_EQ_STR(EV2("complement", "3:2", "6:1"), "2:1");
  T_EQ_STR(EV2("cute_complement", "3:2", "(2,6)"), "(2,2):(1,6)");
  T_EQ_STR(EV2("complement", "3:2", "(2,6)"), "(2,2):(1,6)");
  T_EQ_STR(EV2("cute_complement", "3:2", "(2,6):(6,1)"), "(2,2):(1,6)");
  T_EQ_STR(EV2("cute_complement", "4:1", "((2,4),3):((1,2),8)"), "6:4");
  T_EQ_STR(EV2("cute_complement", "3:2", "((),4)"), "2:1");
  T_EQ_STR(EV2("cute_complement", "3:2", "()"),
           "error: CuTe refuses: complement: a cotarget with no integers (its ceil_div reads a "
           "mode that is not there: Index out of range)");
  /* a coordinate as apply's argument: CuTe's layout(c) = crd2idx; an
  ** integer goes into a mode whole (colexicographically), a tuple must have
  ** the rank of the shape it meets */
  T_EQ_STR(EV2("cute_apply", "(3,4):(4,1)", "(1,2)"), "6");
  T_EQ_STR(EV2("apply", "(3,4):(4,1)", "(1,2)"), "6");
  T_EQ_STR(EV2("cute_apply", "((2,3),4):((1,2),6)", "(5,1)"), "11");
  T_EQ_STR(EV2("apply", "((2,3),4):((1,2),6)", "((1,2),3)"), "23");
  T_EQ_STR(EV2("cute_apply", "((2,3),4):((1,2),6)", "(5,7)"), "47"); /* the last mode runs on */
  T_EQ_STR(EV2("cute_apply", "(2,3):(1,10)", "(5)"),
           "error: CuTe refuses: crd2idx: Mismatched Ranks (a coordinate of rank 1 for a shape "
           "of rank 2)");
  T_EQ_STR(EV2("cute_apply", "5:3", "(2)"),
           "error: CuTe refuses: crd2idx: a tuple coordinate of rank 1 for the integer shape 5");
  T_EQ_STR(EV2("apply", "(2,3):(1,10)", "(1,(1,0))"),
           "error: crd2idx: a tuple coordinate of rank 2 for the integer shape 3");
  T_EQ_STR(EV3("cute_crd2idx", "(5,1)", "((2,3),4)", "((1,2),6)"), "11");
  T_EQ_STR(EV3("cute_crd2idx", "7", "(3,4)", "(4,1)"), "6");
  T_EQ_STR(EV3("cute_crd2idx", "5", "7", "3"), "15");
  /* the queries */
  T_EQ_STR(EV1("cute_size", "((2,3),4):((1,2),6)"), "24");
  T_EQ_STR(EV1("cute_cosize", "(4,3):(0,5)"), "11");
  T_EQ_STR(EV1("cute_cosize", "((),3):((),2)"), "5");
  T_EQ_STR(EV1("cute_coshape", "((2,3),4):((1,2),6)"), "24");
  T_EQ_STR(EV1("cute_rank", "((2,3),4)"), "2");
  T_EQ_STR(EV1("cute_shape", "((2,3),4):((1,2),6)"), "((2,3),4)");
  T_EQ_STR(EV1("cute_shape", "5:2"), "5");
  T_EQ_STR(EV1("cute_stride", "(4,3):(0,5)"), "(0,5)");
  T_EQ_STR(EV2("cute_get", "((2,3),4):((1,2),6)", "0"), "(2,3):(1,2)");
  T_EQ_STR(EV3("cute_get", "((2,3),4):((1,2),6)", "0", "1"), "3:2");
  T_EQ_STR(EV3("cute_get", "((2,3),4)", "0", "0"), "2");
  T_EQ_STR(EV2("cute_get", "5:2", "0"), "5:2");
  T_EQ_STR(EV2("cute_get", "5:2", "1"), "error: CuTe refuses: get<1> of an integer of rank 1");
  T_EQ_STR(EV1("cute_filter_zeros", "((4,2),3):((0,1),0)"), "((1,2),1):((0,1),0)");
  return T_DONE();
}
