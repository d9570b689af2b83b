/* test_lo_f2.c -- layouts with F2 (XOR) strides (oracle/lo_f2.c,
** oracle/lo_eval_f2.c, lo.h section 16).
**
** Expected values are worked by hand from PyCuTe's definition of F2
** (pycute/swizzle.py, docs/06_swizzle.md): a coordinate c times the stride
** F2(d) is the carry-less product (bit k of c contributes d << k), and the
** modes' products are XORed.  The arithmetic is written beside each check,
** in binary where it helps. */
#include "lo_test.h"
#include "t.h"

#include <string.h>

/* Parse then print an F2 layout (or "error: ..."). */
static const char *round_trip(const char *text) {
  static char buf[512];
  static lo_f2 f;
  lo_err err;
  if (lo_parse_f2(text, &f, &err)) {
    snprintf(buf, sizeof buf, "error: %s", err.msg);
    return buf;
  }
  if (lo_print_f2(&f, buf, sizeof buf)) return "error: space";
  return buf;
}

/* The carry-less product, or -1 on error. */
static lo_int clmul(lo_int a, lo_int b) {
  lo_int r;
  lo_err err;
  return lo_f2_clmul(a, b, &r, &err) ? -1 : r;
}

/* The carry-less product and PyCuTe's docs' examples of F2 arithmetic. */
static void arithmetic(void) {
  T_EQ_INT(clmul(2, 10), 20); /* F2(0b1010) * 2 = 0b10100 */
  T_EQ_INT(clmul(3, 10), 30); /* 0b1010 ^ 0b10100 = 0b11110 */
  T_EQ_INT(clmul(3, 3), 5);   /* 0b11 ^ 0b110 = 0b101: not 9 */
  T_EQ_INT(clmul(5, 3), 15);  /* 0b11 ^ 0b1100 = 0b1111 */
  T_EQ_INT(clmul(7, 0), 0);
  T_EQ_INT(clmul(0, 7), 0);
  T_EQ_INT(clmul((lo_int)1 << 40, (lo_int)1 << 22), (lo_int)1 << 62);
  T_EQ_INT(clmul((lo_int)1 << 40, (lo_int)1 << 23), -1); /* 2^63 does not fit */
}

/* Parse and print: F2(n) and PyCuTe's Fn read, F2(n) printed. */
static void text(void) {
  T_EQ_STR(round_trip("(8,8):(F2(1),F2(9))"), "(8,8):(F2(1),F2(9))");
  T_EQ_STR(round_trip(" ( 8 , 8 ) : ( F9 , F2( 1 ) ) "), "(8,8):(F2(9),F2(1))");
  T_EQ_STR(round_trip("4:F2(3)"), "4:F2(3)");
  T_EQ_STR(round_trip("(4,(4,3)):(F2(1),(F2(5),F2(16)))"), "(4,(4,3)):(F2(1),(F2(5),F2(16)))");
  T_EQ_STR(round_trip("(2):(F0)"), "(2):(F2(0))");
  T_CHECK(err_has(round_trip("(8,8):(F2(1),9)"), "column 14: expected an F2 stride"));
  T_CHECK(err_has(round_trip("(8,8):(F2(1))"), "not congruent"));
  T_CHECK(err_has(round_trip("(8,0):(F2(1),F2(2))"), "column 4: entries must be positive"));
  T_CHECK(err_has(round_trip("8:F2(4611686018427387904)"), "below 2^62"));
  T_EQ_STR(round_trip("8:F2(4611686018427387903)"), "8:F2(4611686018427387903)"); /* 2^62 - 1 */
  T_CHECK(err_has(round_trip("8:F2(99999999999999999999)"), "column 6: an F2 stride is below"));
  T_CHECK(err_has(round_trip("8:F2(1"), "expected ')' closing F2("));
  T_CHECK(err_has(round_trip("8 F2(1)"), "expected ':'"));
  T_CHECK(err_has(round_trip("8:F2(1) x"), "unexpected text after the stride"));
  T_CHECK(err_has(round_trip("(8,8:(F2(1),F2(2))"), "column"));
}

/* The layout function, by hand. */
static void function(void) {
  /* PyCuTe's docs: Layout((4,8),(F2(1),F2(8)))(2,1) = 2 ^ 8 = 10 */
  T_EQ_STR(EV2("apply", "(4,8):(F2(1),F2(8))", "(2,1)"), "10");
  T_EQ_STR(EV2("apply", "(4,8):(F2(1),F2(8))", "6"), "10"); /* index 6 = (2,1) */
  T_EQ_STR(EV2("apply", "(4,8):(F2(1),F2(8))", "0"), "0");
  /* 4:F2(3): c * 0b11 carry-less: 0, 3, 0b110 = 6, 0b11 ^ 0b110 = 5 */
  T_EQ_STR(EV1("layout_function", "4:F2(3)"), "[0,3,6,5]");
  /* (8,8):(F2(1),F2(9)) is Sw<3,0,3> on [0,64): at 9 = (1,1): 1 ^ 9 = 8;
  ** at 63 = (7,7): 7 ^ (7 * 9 = 0b111 * 0b1001 = 0b111111 = 63) = 56 */
  T_EQ_STR(EV2("apply", "(8,8):(F2(1),F2(9))", "9"), "8");
  T_EQ_STR(EV2("apply", "(8,8):(F2(1),F2(9))", "63"), "56");
  /* the last mode runs on: index 8 of 4:F2(3) is 8 * 3 = 0b11000 = 24 */
  T_EQ_STR(EV2("apply", "4:F2(3)", "8"), "24");
  /* a coordinate inside a nested mode: (1,(2,1)) of (4,(4,3)):(F2(1),(F2(5),F2(16))):
  ** 1 ^ 2*5 (0b1010 = 10) ^ 16 = 1 ^ 10 ^ 16 = 27; the integer 6 for the mode
  ** (4,3) is (2,1) too */
  T_EQ_STR(EV2("apply", "(4,(4,3)):(F2(1),(F2(5),F2(16)))", "(1,(2,1))"), "27");
  T_EQ_STR(EV2("apply", "(4,(4,3)):(F2(1),(F2(5),F2(16)))", "(1,6)"), "27");
  T_CHECK(err_has(EV2("apply", "(4,8):(F2(1),F2(8))", "(1,2,3)"), "Mismatched Ranks"));
  T_CHECK(err_has(EV2("apply", "(4,8):(F2(1),F2(8))", "-1"), "expected an integer"));
  /* sizes: those of the shape */
  T_EQ_STR(EV1("size", "(4,(2,3)):(F2(1),(F2(2),F2(9)))"), "24");
  T_EQ_STR(EV1("rank", "(4,(2,3)):(F2(1),(F2(2),F2(9)))"), "2");
  T_EQ_STR(EV1("depth", "(4,(2,3)):(F2(1),(F2(2),F2(9)))"), "2");
  /* cosize: 1 + max(0,3,6,5) = 7; PyCuTe's coshape: (4-1) * 3 = 5 has 3 bits: 8 */
  T_EQ_STR(EV1("cosize", "4:F2(3)"), "7");
  T_EQ_STR(EV1("f2_coshape", "4:F2(3)"), "8");
  /* (8,8):(F2(1),F2(9)): 7*1 = 7 (3 bits), 7*9 = 63 (6 bits): 64; cosize 64 */
  T_EQ_STR(EV1("f2_coshape", "(8,8):(F2(1),F2(9))"), "64");
  T_EQ_STR(EV1("cosize", "(8,8):(F2(1),F2(9))"), "64");
}

/* coalesce: mode b joins mode a where s_a * d_a = d_b carry-lessly (and the
** second linearity check holds). */
static void coalescing(void) {
  /* 1,2,4 double, then 9 != 8 = 2 * 4: (8,8):(F2(1),F2(9)) */
  T_EQ_STR(EV1("coalesce", "(2,2,2,8):(F2(1),F2(2),F2(4),F2(9))"), "(8,8):(F2(1),F2(9))");
  /* 4 * 3 = 0b1100 = 12 carry-lessly too (4 is a power of two): merged 16:F2(3) */
  T_EQ_STR(EV1("coalesce", "(4,4):(F2(3),F2(12))"), "16:F2(3)");
  /* 3 * F2(1) = F2(3) = d_b, but (3-1)*1 ^ 3 = 1 != (2*3-1)*1 = 5: kept */
  T_EQ_STR(EV1("coalesce", "(3,2):(F2(1),F2(3))"), "(3,2):(F2(1),F2(3))");
  /* size-1 modes go; coalesce drops a trailing one, coalesce_z keeps it */
  T_EQ_STR(EV1("coalesce", "(2,1,4):(F2(1),F2(7),F2(2))"), "8:F2(1)");
  T_EQ_STR(EV1("coalesce", "(4,1):(F2(5),F2(7))"), "4:F2(5)");
  T_EQ_STR(EV1("coalesce_z", "(4,1):(F2(5),F2(7))"), "(4,1):(F2(5),F2(7))");
  T_CHECK(err_has(EV2("coalesce", "(4,1):(F2(5),F2(7))", "(*,*)"), "takes no profile"));
}

/* composition A o B: PyCuTe's algorithm, refused where it breaks R(i) = A(B(i)). */
static void composition(void) {
  /* B = 64:1 walks A: A's own modes come back */
  T_EQ_STR(EV2("composition", "(8,8):(F2(1),F2(9))", "64:1"), "(8,8):(F2(1),F2(9))");
  /* B = (8,8):(8,1): mode 1 (8:8) steps A's second mode: 8:F2(9); mode 2 the first */
  T_EQ_STR(EV2("composition", "(8,8):(F2(1),F2(9))", "(8,8):(8,1)"), "(8,8):(F2(9),F2(1))");
  /* B = 4:2 over 16:F2(3): A(2i) = clmul(2i, 3) = clmul(i, 6): 4:F2(6) */
  T_EQ_STR(EV2("composition", "16:F2(3)", "4:2"), "4:F2(6)");
  /* an integer B is N:1; a stride-0 leaf is N:F2(0); a size-1 leaf 1:A(d),
  ** A(5) of 16:F2(3) = clmul(5, 3) = 0b101 ^ 0b1010 = 15 */
  T_EQ_STR(EV2("composition", "16:F2(3)", "4"), "4:F2(3)");
  T_EQ_STR(EV2("composition", "16:F2(3)", "4:0"), "4:F2(0)");
  T_EQ_STR(EV2("composition", "16:F2(3)", "1:5"), "1:F2(15)");
  /* 16:F2(1) is the identity on [0,16), so A o 4:3 takes 0,3,6,9; PyCuTe's
  ** 4:F2(3) takes 0,3,6,5 (3 * 3 = 0b101 carry-less): refused */
  T_EQ_STR(EV2("composition", "16:F2(1)", "4:3"),
           "error: PyCuTe's composite 4:F2(3) breaks result(i) = A(B(i)) at i = 3: 5, A(9) = 9");
  /* modes of B that carry into each other: B(3) = 1 + 1 = 2, A(2) = 2, but
  ** PyCuTe's (2,2):(F2(1),F2(1)) gives 1 ^ 1 = 0 */
  T_EQ_STR(EV2("composition", "4:F2(1)", "(2,2):(1,1)"),
           "error: PyCuTe's composite (2,2):(F2(1),F2(1)) breaks result(i) = A(B(i)) at i = 3: "
           "0, A(2) = 2");
  T_CHECK(err_has(EV2("composition", "8:1", "8:F2(1)"), "composes with a layout of integer"));
  T_CHECK(err_has(EV2("composition", "8:F2(1)", "<2,4>"), "a tiler is not accepted here"));
}

/* to_f2 and from_f2 against the swizzle, by hand. */
static void swizzles(void) {
  /* Sw<3,0,3> on [0,64): bits 0..2 stay (1,2,4), bit 3 -> 8 ^ 1 = 9, bit 4 ->
  ** 16 ^ 2 = 18 = 2 * 9, bit 5 -> 32 ^ 4 = 36: (8,8):(F2(1),F2(9)), PyCuTe's
  ** example of a swizzle */
  T_EQ_STR(EV1("to_f2", "Sw<3,0,3>"), "(8,8):(F2(1),F2(9))");
  T_EQ_STR(EV1("from_f2", "(8,8):(F2(1),F2(9))"), "Sw<3,0,3>");
  /* Sw<1,1,1> (yyy bit 2, zzz bit 1) over 16: columns 1, 2, 4 ^ 2 = 6, 8:
  ** 1 -> 2 doubles, 6 != 4, 8 != 12 */
  T_EQ_STR(EV2("to_f2", "Sw<1,1,1>", "16"), "(4,2,2):(F2(1),F2(6),F2(8))");
  /* a domain below the swizzle's bits: the identity; a domain not a power of two */
  T_EQ_STR(EV2("to_f2", "Sw<3,4,3>", "64"), "64:F2(1)");
  T_CHECK(err_has(EV2("to_f2", "Sw<3,4,3>", "48"), "not a power of two"));
  /* Sw<3,4,3> o 0 o (8,64):(64,1): index 1 is 64 (bit 6, untouched), 2 -> 128 ->
  ** 128 ^ 16 = 144, 4 -> 288 = 2 * 144, 8.. -> 1, 2, ..., 32 */
  T_EQ_STR(EV1("to_f2", "Sw<3,4,3> o 0 o (8,64):(64,1)"), "(2,4,64):(F2(64),F2(144),F2(1))");
  T_EQ_STR(EV1("to_f2", "(4,8):(1,4)"), "32:F2(1)");
  T_CHECK(err_has(EV1("to_f2", "Sw<1,1,1> o 3 o 8:1"), "no offset"));
  /* 3:1 has size 3; 4:3 takes 0,3,6,9 and 9 != 3 ^ 6 = 5 */
  T_CHECK(err_has(EV1("to_f2", "3:1"), "not a power of two"));
  T_CHECK(err_has(EV1("to_f2", "4:3"), "not linear over XOR: the value at 3 is 9"));
  /* the identity is Sw<0,0,0>; 4:F2(3) is no swizzle (3 sets two bits of its
  ** own column) */
  T_EQ_STR(EV1("from_f2", "16:F2(1)"), "Sw<0,0,0>");
  T_CHECK(err_has(EV1("from_f2", "4:F2(3)"), "no swizzle"));
  T_CHECK(err_has(EV1("from_f2", "3:F2(1)"), "not a power of two"));
  /* a negative shift: Sw<2,0,-2> reads bits 0..1 and writes bits 2..3:
  ** over 16: columns 1 -> 1 ^ 4 = 5, 2 -> 2 ^ 8 = 10 = 2 * 5, 4, 8 */
  T_EQ_STR(EV2("to_f2", "Sw<2,0,-2>", "16"), "(4,4):(F2(5),F2(4))");
  T_EQ_STR(EV1("from_f2", "(4,4):(F2(5),F2(4))"), "Sw<2,0,-2>");
}

/* right_inverse: PyCuTe's chain over the strides in increasing order,
** refused where it breaks F(R(i)) = i. */
static void inverses(void) {
  /* PyCuTe's docstring: (8,8):(F2(9),F2(1)) has the right inverse
  ** (8,8):(F2(8),F2(9)).  By hand: R(1) = 8, index 8 of F is (0,1): F = 1;
  ** R(8) = 9 is (1,1): F = 9 ^ 1 = 8; R(9) = 8 ^ 9 = 1 is (1,0): F = 9 */
  T_EQ_STR(EV1("right_inverse", "(8,8):(F2(9),F2(1))"), "(8,8):(F2(8),F2(9))");
  /* the swizzle's F2 layout is an involution: its own right inverse */
  T_EQ_STR(EV1("right_inverse", "(8,8):(F2(1),F2(9))"), "(8,8):(F2(1),F2(9))");
  /* 4:F2(3) takes 0,3,6,5: 1 is not in the image, so the chain is empty */
  T_EQ_STR(EV1("right_inverse", "4:F2(3)"), "1:F2(0)");
  /* an extent that is not a power of two: PyCuTe's chain covers 3 * 1 = 3
  ** carry-lessly, and its (3,2):(F2(1),F2(3)) takes 1 ^ 3 = 2 at index 4 =
  ** (1,1), where F(2) = 2 != 4 */
  T_EQ_STR(EV1("right_inverse", "(3,2):(F2(1),F2(3))"),
           "error: PyCuTe's right inverse (3,2):(F2(1),F2(3)) breaks L(R(i)) = i at i = 4: "
           "R(4) = 2, L(2) = 2");
}

/* Ops that do not take an F2 layout say so. */
static void refusals(void) {
  T_EQ_STR(EV1("complement", "4:F2(1)"),
           "error: complement: argument 1: an F2 layout, which this op does not take");
  T_EQ_STR(EV1("cute_size", "4:F2(1)"),
           "error: cute_size: argument 1: an F2 layout, which this op does not take");
  T_CHECK(err_has(EV1("from_f2", "4:1"), "a layout with F2 strides"));
  T_CHECK(err_has(EV1("f2_coshape", "4:1"), "a layout with F2 strides"));
  T_CHECK(err_has(EV1("to_f2", "4:F2(1)"), "F2 layout already"));
  T_CHECK(err_has(EV2("apply", "4:F2(1)", "8:F2(1)"), "only the first argument"));
  /* an axis named F1 in a view pattern is no F2 stride: the op answers */
  T_EQ_STR(EV3("view_rearrange", "[F1 c --> c F1]", "F1=2", "(2,3)"), "(2,3):(3,1)");
}

int main(void) {
  arithmetic();
  text();
  function();
  coalescing();
  composition();
  swizzles();
  inverses();
  refusals();
  return T_DONE();
}
