/* test_lo_negative.c -- layouts with negative strides (oracle/lo.h
** section 17, oracle/lo_eval_negative.c): the syntax, the ops that take
** them in both layers and the refusals of the others.  Each expectation is
** worked out by hand beside it from CuTe's definitions (cute/layout.hpp:
** Layout::operator(), coshape with abs strides, bw_coalesce,
** composition_impl with abs and signum) or is a case of CUTLASS's own
** test/unit/cute/core/composition.cpp ("BETA: Negative strides"), whose
** test function test_composition checks R(i) = A(B(i));
** corpus/cute_cpp/negative_strides.yaml
** holds CuTe C++'s own printouts. */
#include "lo_test.h"
#include "t.h"

#include <string.h>

/* The same answer from op and cute_op. */
static void both(const char *op, const char *a0, const char *a1, const char *want) {
  char cute[64];
  snprintf(cute, sizeof cute, "cute_%s", op);
  T_EQ_STR(a1 ? EVN(op, a0, a1) : EVN(op, a0), want);
  T_EQ_STR(a1 ? EVN(cute, a0, a1) : EVN(cute, a0), want);
}

/* Parsing and printing: -N and CuTe's static _-N; shapes stay positive;
** lo_parse_layout keeps refusing. */
static void test_syntax(void) {
  lo_layout l;
  lo_err err;
  char buf[128];
  T_EQ_INT(lo_parse_layout_signed("(4,2):(-1,4)", &l, &err), LO_OK);
  T_EQ_INT(l.stride[0], -1);
  T_EQ_INT(lo_print_layout(&l, buf, sizeof buf), LO_OK);
  T_EQ_STR(buf, "(4,2):(-1,4)");
  T_EQ_INT(lo_parse_layout_signed("(_4,_2):(_-1,_4)", &l, &err), LO_OK);
  T_EQ_INT(lo_print_layout(&l, buf, sizeof buf), LO_OK);
  T_EQ_STR(buf, "(4,2):(-1,4)");
  /* the largest magnitude: -(2^63-1); one more is an overflow */
  T_EQ_INT(lo_parse_layout_signed("2:-9223372036854775807", &l, &err), LO_OK);
  T_EQ_INT(lo_parse_layout_signed("2:-9223372036854775808", &l, &err), LO_EOVERFLOW);
  /* a negative shape, a bare '-', a '-' after the digits */
  T_EQ_INT(lo_parse_layout_signed("(-4,2):(1,4)", &l, &err), LO_ESYNTAX);
  T_EQ_INT(lo_parse_layout_signed("4:-", &l, &err), LO_ESYNTAX);
  T_CHECK(strstr(err.msg, "column 4") && strstr(err.msg, "a digit after '-'"));
  T_EQ_INT(lo_parse_layout_signed("4:1-", &l, &err), LO_ESYNTAX);
  /* the plain parser refuses, naming why */
  T_EQ_INT(lo_parse_layout("(4,2):(-1,4)", &l, &err), LO_ESYNTAX);
  T_CHECK(strstr(err.msg, "column 8") && strstr(err.msg, "a negative stride"));
  /* tilers and groups read them too */
  T_EQ_INT(lo_parse_layout_signed("<2:-1,_>", &l, &err), LO_OK);
  T_EQ_INT(lo_parse_layout_signed("(4:-1,2:4)", &l, &err), LO_OK);
  T_EQ_INT(lo_print_layout(&l, buf, sizeof buf), LO_OK);
  T_EQ_STR(buf, "(4,2):(-1,4)");
}

/* apply, layout_function, size, cosize, flatten. */
static void test_values(void) {
  /* (4,2):(-1,4): x = 3 is (3,0), 3*-1 = -3; (1,1) is -1 + 4 = 3 */
  both("apply", "(4,2):(-1,4)", "3", "-3");
  both("apply", "(4,2):(_-1,_4)", "(1,1)", "3");
  /* x = 9 runs on in the last mode: (1,2) -> -1 + 8 = 7 */
  T_EQ_STR(EV2("apply", "(4,2):(-1,4)", "9"), "7");
  /* (0,0)..(3,0): 0,-1,-2,-3; (0,1)..(3,1): 4,3,2,1 */
  T_EQ_STR(EV1("layout_function", "(4,2):(-1,4)"), "[0,-1,-2,-3,4,3,2,1]");
  both("size", "((4,2),3):((-1,4),-8)", NULL, "24");
  /* CuTe's cosize: 1 + 3*|-1| + 1*4 = 8; the image is [-3, 4], so 1 + the
  ** largest value is 5: the plain op names both */
  T_EQ_STR(EV1("cute_cosize", "(4,2):(-1,4)"), "8");
  const char *c = EV1("cosize", "(4,2):(-1,4)");
  T_CHECK(err_has(c, "CuTe's cosize is 8") && strstr(c, "[-3, 4]") &&
          strstr(c, "largest value is 5"));
  /* all negative: 4:-2 is 0,-2,-4,-6: span 1 + 3*2 = 7, largest 0 */
  T_EQ_STR(EV1("cute_cosize", "4:-2"), "7");
  T_CHECK(err_has(EV1("cosize", "4:-2"), "largest value is 1"));
  /* a negative stride on a mode of size 1 only: (1,4):(-3,1) is 0..3, CuTe's
  ** cosize 1 + 0*3 + 3*1 = 4 is 1 + the largest value: both answer it */
  both("cosize", "(1,4):(-3,1)", NULL, "4");
  /* cute_cosize of mode 1 only: 1 + 3*1 = 4 */
  T_EQ_STR(EV2("cute_cosize", "(4,2):(-1,4)", "0"), "4");
  both("flatten", "((4,2),3):((-1,4),-8)", NULL, "(4,2,3):(-1,4,-8)");
  both("flatten", "4:-1", NULL, "4:-1");
}

/* coalesce, filter. */
static void test_coalesce(void) {
  /* 2:-1 then 2:-2: -2 = 2 * -1, they merge to 4:-1; then 4:-4 = 4*-1 merges: 8:-1 */
  both("coalesce", "(2,2,2):(-1,-2,-4)", NULL, "8:-1");
  both("coalesce", "(4,2):(-1,-4)", NULL, "8:-1");
  /* -1 then 4: 4 != 4*-1, no merge */
  both("coalesce", "(4,2):(-1,4)", NULL, "(4,2):(-1,4)");
  /* 2:1 then 2:-2: -2 != 2*1, no merge (the absolute values would) */
  both("coalesce", "(2,2):(1,-2)", NULL, "(2,2):(1,-2)");
  /* size-1 modes go: (1,4):(-7,-1) is 4:-1 */
  both("coalesce", "(1,4):(-7,-1)", NULL, "4:-1");
  /* by mode: ((2,2),3):((-1,-2),5) with profile (*,*): mode 1 -> 4:-1 */
  both("coalesce", "((2,2),3):((-1,-2),5)", "(*,*)", "(4,3):(-1,5)");
  /* filter: the stride-0 mode goes, then coalesce */
  both("filter", "(4,2):(-1,0)", NULL, "4:-1");
  both("filter", "(2,3,2):(-1,0,-2)", NULL, "4:-1");
}

/* print_layout: CuTe's grid, cells as wide as the cosize 8 (one digit plus
** two), so a negative cell is one wider. */
static void test_print_layout(void) {
  T_EQ_STR(EV1("print_layout", "(4,2):(-1,4)"), "(4,2):(-1,4)\n"
                                                "      0   1 \n"
                                                "    +---+---+\n"
                                                " 0  | 0 | 4 |\n"
                                                "    +---+---+\n"
                                                " 1  | -1 | 3 |\n"
                                                "    +---+---+\n"
                                                " 2  | -2 | 2 |\n"
                                                "    +---+---+\n"
                                                " 3  | -3 | 1 |\n"
                                                "    +---+---+");
}

/* composition: CUTLASS's "BETA: Negative strides" cases and more, worked
** through composition_impl (next_shape = ceil(s / |d|), next_stride =
** ceil(|d| / s) signum d). */
static void test_composition(void) {
  /* integral A: B's stride times A's */
  both("composition", "4:-1", "4:1", "4:-1");
  both("composition", "4:1", "4:-1", "4:-1");
  both("composition", "4:-1", "4:-1", "4:1");
  both("composition", "4:1", "4:-2", "4:-2");
  /* A = (4,4):(-1,1), B = (2,4,2):(1,2,8): leaf 2:1 -> 2:-1; leaf 4:2:
  ** |2| into 4: next_shape 2, new shape min(2,4) = 2 at 2*-1 = -2, rest 2
  ** with stride ceil(2/4) = 1 into the last mode: 2:1 -> (2,2):(-2,1);
  ** leaf 2:8: ceil(4/8) = 1 skips, stride ceil(8/4) = 2 -> 2:2 */
  both("composition", "(4,4):(-1,1)", "(2,4,2):(1,2,8)", "(2,(2,2),2):(-1,(-2,1),2)");
  /* B = (2,4,2):(1,4,2): 2:1 -> 2:-1; 4:4 -> ceil(4/4) = 1 skips, stride
  ** 1: 4:1; 2:2 -> 2:-2 */
  both("composition", "(4,4):(-1,1)", "(2,4,2):(1,4,2)", "(2,4,2):(-1,1,-2)");
  /* the SM80 fp64 MMA NT case: A coalesce_x'd is (2,4):(-1,512); B 2:-1:
  ** |-1| into 2: new shape min(2,2) = 2 at -1*-1 = 1, rest 1 -> 2:1 */
  both("composition", "(1,(2,4)):(0,(-1,512))", "2:-1", "2:1");
  /* B 4:-1: (2, 1) as above, rest 2 at stride ceil(1/2)*-1 = -1 times
  ** 512 -> (2,2):(1,-512) */
  both("composition", "(1,(2,4)):(0,(-1,512))", "4:-1", "(2,2):(1,-512)");
  /* a tiler: mode by mode, cute_composition only */
  T_EQ_STR(EV2("cute_composition", "(4,8):(-1,4)", "<2:-1,_>"), "(2,8):(1,4)");
  T_CHECK(err_has(EV2("composition", "(4,8):(-1,4)", "<2:-1,_>"), "cute_composition"));
  /* CuTe's answer that is not A o B: A = (4,2):(-1,4), B = 2:-4: |4| into 4
  ** gives stride 1 in the last mode: R = 2:-4; A(B(1)) = A(-4) = (0,-1) ->
  ** -4, agrees; but B = 2:3 into 4: 3 % 4 != 0 and 3 < 4: ceil(4/3) = 2,
  ** new shape 2 at 3*-1 = -3: R = 2:-3; A(B(1)) = A(3) = -3: agrees too.
  ** B = 4:3: new shape min(2,4) = 2 at -3, rest 2 at ceil(3/4) = 1 times
  ** 4: R = (2,2):(-3,4); A(B(2)) = A(6) = (2,1) -> -2 + 4 = 2, R(2) = 4:
  ** the plain op names CuTe's answer */
  T_EQ_STR(EV2("cute_composition", "(4,2):(-1,4)", "4:3"), "(2,2):(-3,4)");
  T_CHECK(err_has(EV2("composition", "(4,2):(-1,4)", "4:3"), "CuTe's answer (2,2):(-3,4)"));
  /* CuTe's refusal: B's stride 6 past A's shape 4 (6 % 4 != 0, 6 >= 4) */
  T_CHECK(err_has(EV2("cute_composition", "(4,2):(-1,4)", "2:6"), "Stride Divisibility"));
  /* B = '_' is A */
  T_EQ_STR(EV2("cute_composition", "(4,2):(-1,4)", "_"), "(4,2):(-1,4)");
}

/* complement, the inverses, the divides and products: CuTe's answers in
** the cute_ twins, worked through cute/layout.hpp with C's signed / and
** ceil_div(a, b) = (a + b - 1) / b. */
static void test_tiling(void) {
  /* complement (4,2):(-1,4), cotarget CuTe's cosize 8: strides in order
  ** -1 (shape 4), 4 (shape 2); -1 / 1 = -1 at stride 1, extent -4; 4 / -4 =
  ** -1 at stride -4, extent 8; rest ceil_div(8, 8) = 1 (stride 0); the
  ** coalesce keeps (-1,-1):(1,-4) (-1*1 != -4): negative shapes, as CuTe
  ** prints them; the plain op refuses, naming them */
  T_EQ_STR(EV1("cute_complement", "(4,2):(-1,4)"), "(-1,-1):(1,-4)");
  T_CHECK(err_has(EV1("complement", "(4,2):(-1,4)"), "CuTe's answer is (-1,-1):(1,-4)"));
  /* filter drops the only negative stride (a size-1 mode): CuTe's
  ** complement of 4:2 into 16 is (2,2):(1,8) */
  T_EQ_STR(EV2("cute_complement", "(1,4):(-3,2)", "16"), "(2,2):(1,8)");
  /* right_inverse 4:-1: the fold looks for stride 1, -1 never is: 1:0 */
  both("right_inverse", "4:-1", NULL, "1:0");
  /* (4,2):(1,-4): in stride order -4 (skipped), 1 (taken: 4 at prefix
  ** product 1): 4:1, and L(R(i)) = i for i < 4 */
  both("right_inverse", "(4,2):(1,-4)", NULL, "4:1");
  /* left_inverse 4:-1: -1 / 1 = -1 at stride 0, then the last shape 4 at
  ** the prefix product 1: (-1,4):(0,1); a shape below 1, so the plain op
  ** refuses */
  T_EQ_STR(EV1("cute_left_inverse", "4:-1"), "(-1,4):(0,1)");
  T_CHECK(err_has(EV1("left_inverse", "4:-1"), "(-1,4):(0,1) has a shape below 1"));
  /* (4,2):(-1,4): -1 / 1 = -1 (size -1), 4 / -1 = -4: (-1,-4,2):(0,1,4) */
  T_EQ_STR(EV1("cute_left_inverse", "(4,2):(-1,4)"), "(-1,-4,2):(0,1,4)");
  /* logical_divide 16:-1 by <4:1>: complement(4:1, 16) = 4:4, A o (4,4):(1,4)
  ** with A integral: (4,4):(-1,-4), in the tiler's tuple */
  T_EQ_STR(EV2("cute_logical_divide", "16:-1", "<4:1>"), "((4,4)):((-1,-4))");
  T_CHECK(err_has(EV2("logical_divide", "16:-1", "<4:1>"), "((4,4)):((-1,-4))"));
  /* zipped: ((tile),(rest)) of the same */
  T_EQ_STR(EV2("cute_zipped_divide", "16:-1", "<4:1>"), "((4),(4)):((-1),(-4))");
  /* logical_product 4:-1 by 2:1: complement(4:-1, 4*2): -1 at stride 1,
  ** extent -4, rest ceil_div(8, -4) = 3 / -4 = 0: (-1,0):(1,-4); composed
  ** with 2:1: ceil_div(-1, 1) = -1 != 1, min(-1, 2) = -1, 2 / -1 = -2: the
  ** mode -1:1 and the rest -2 at 1 * -4 */
  T_EQ_STR(EV2("cute_logical_product", "4:-1", "2:1"), "(4,(-1,-2)):(-1,(1,-4))");
  /* a B negative, A not: 8:1 divided by 2:-1: complement(2:-1, 8): -1 at
  ** stride 1, extent -2, rest ceil_div(8, -2) = 5 / -2 = -2 at -2:
  ** (-1,-2):(1,-2); A o (2:-1, that) keeps B's nesting */
  T_EQ_STR(EV2("cute_logical_divide", "8:1", "2:-1"), "(2,(-1,-2)):(-1,(1,-2))");
  /* blocked and raked products of (8,2):(-1,8) by 2:1: CuTe C++'s own
  ** printouts (asked through adapters/cute_cpp; negative_strides.yaml) */
  T_EQ_STR(EV2("cute_blocked_product", "(8,2):(-1,8)", "2:1"),
           "((8,(-1,-2)),(2,1)):((-1,(1,-8)),(8,0))");
  T_EQ_STR(EV2("cute_raked_product", "(8,2):(-1,8)", "2:1"),
           "(((-1,-2),8),(1,2)):(((1,-8),-1),(0,8))");
}

/* Every other op refuses a negative stride, naming itself, the argument
** and the stride, and the cute_ twin where it answers. */
static void test_refusals(void) {
  const char *r = EV2("cute_max_common_layout", "4:-1", "2:1");
  T_CHECK(err_has(r, "cute_max_common_layout does not take negative strides (argument 1: stride "
                     "-1 at entry 1)"));
  T_CHECK(err_has(EV1("nullspace", "(4,2):(-1,4)"), "nullspace does not take negative"));
  T_CHECK(err_has(EV2("cute_max_common_vector", "16:1", "4:-1"), "argument 2: stride -1"));
  /* a plain op whose twin does not answer names no twin */
  const char *m2 = EV2("same_layout_function", "4:-1", "4:1");
  T_CHECK(err_has(m2, "same_layout_function does not take negative") && !strstr(m2, "answers"));
  T_CHECK(err_has(EV1("cute_make_layout_like", "(4,2):(3,-4)"), "stride -4 at entry 2"));
  /* flat_divide is the paper's: refused, the cute_ twin named */
  T_CHECK(err_has(EV2("flat_divide", "16:-1", "4:1"), "cute_flat_divide answers CuTe's"));
  /* a malformed argument is its parse error, not a refusal */
  T_CHECK(err_has(EV1("nullspace", "(4,2):(-1,4"), "column 12"));
  /* the other properties' ops read through lo_parse_layout: a refusal */
  T_CHECK(IS_ERR(EV2("same_layout_function", "4:-1", "4:-1")));
  /* a swizzle's negative shift is no stride: Sw<2,0,-3> xors bits 0..1
  ** into bits 3..4 (S < 0 shifts left); 13 = 0b1101 has bits 0..1 = 01, so
  ** bit 3 flips: 5 */
  T_EQ_STR(EV2("apply", "Sw<2,0,-3>", "13"), "5");
  /* the inner layout of a composed layout keeps non-negative strides */
  T_CHECK(err_has(EV2("apply", "Sw<1,1,1> o 0 o 4:-1", "1"), "a negative stride"));
  /* not negative strides: "-->" of a morphism and a negative mode index */
  T_CHECK(!IS_ERR(EV1("coalesce", "(2,3)--(*,1)-->(3)")));
  const char *m = EV2("cute_size", "(4,2):(1,4)", "-1");
  T_CHECK(IS_ERR(m) && !strstr(m, "negative strides"));
}

/* The layouts of CUTLASS's composition.cpp checked as its test_composition does, by
** every point: R(i) = A(B(i)) with A at B(i) < 0 evaluated as CuTe does
** (C's truncating division): lo_cute_apply_int. */
static void test_apply_int(void) {
  lo_layout l;
  lo_err err;
  lo_int v;
  /* (4,4):(-1,1) at -1: -1 % 4 = -1, -1 / 4 = 0 -> -1*-1 = 1 */
  T_EQ_INT(lo_parse_layout_signed("(4,4):(-1,1)", &l, &err), LO_OK);
  T_EQ_INT(lo_cute_apply_int(&l, -1, &v, &err), LO_OK);
  T_EQ_INT(v, 1);
  /* at -5: -5 % 4 = -1, -5 / 4 = -1 -> 1 + -1 = 0 */
  T_EQ_INT(lo_cute_apply_int(&l, -5, &v, &err), LO_OK);
  T_EQ_INT(v, 0);
  /* image bounds of (4,2):(-1,4): [-3, 4] */
  lo_int lo, hi;
  T_EQ_INT(lo_parse_layout_signed("(4,2):(-1,4)", &l, &err), LO_OK);
  T_EQ_INT(lo_image_bounds(&l, &lo, &hi, &err), LO_OK);
  T_EQ_INT(lo, -3);
  T_EQ_INT(hi, 4);
  /* an overflowing span: |d| (2^62) times 3 */
  T_EQ_INT(lo_parse_layout_signed("4:-4611686018427387904", &l, &err), LO_OK);
  T_EQ_INT(lo_cute_cosize_span(&l, &v, &err), LO_EOVERFLOW);
}

int main(void) {
  test_syntax();
  test_values();
  test_coalesce();
  test_print_layout();
  test_composition();
  test_tiling();
  test_refusals();
  test_apply_int();
  return T_DONE();
}
