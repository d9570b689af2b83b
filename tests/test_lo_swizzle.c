/* test_lo_swizzle.c -- swizzles and composed layouts as values
** (oracle/lo_swizzle.c, lo.h section 13).
**
** Expected values are worked by hand from CuTe's definition in
** cute/swizzle.hpp: Swizzle<B,M,S>(x) = x ^ shiftr(x & yyy, S) with
** yyy = (2^B-1) << (M + max(0,S)) and shiftr(v,S) = v >> S (S >= 0) or
** v << -S (S < 0).  The arithmetic is written beside each check. */
#include "lo_test.h"
#include "t.h"

#include <string.h>

/* sw(x) of the swizzle text, or -999999 on error. */
static lo_int swz(const char *text, lo_int x) {
  lo_swizzle sw;
  lo_err err;
  lo_int y;
  if (lo_parse_swizzle(text, &sw, &err) || lo_swizzle_apply(&sw, x, &y, &err)) return -999999;
  return y;
}

/* The composed layout's value at x, or -999999 on error. */
static lo_int cmp_at(const char *text, lo_int x) {
  lo_composed c;
  lo_err err;
  lo_int y;
  if (lo_parse_composed(text, &c, &err) || lo_composed_apply(&c, x, &y, &err)) return -999999;
  return y;
}

/* The parse error message of a swizzle text ("" when it parses). */
static const char *swizzle_error(const char *text) {
  static lo_err err;
  lo_swizzle sw;
  if (lo_parse_swizzle(text, &sw, &err) == LO_OK) return "";
  return err.msg;
}

/* The parse error message of a composed-layout text ("" when it parses). */
static const char *composed_error(const char *text) {
  static lo_err err;
  static lo_composed c;
  if (lo_parse_composed(text, &c, &err) == LO_OK) return "";
  return err.msg;
}

/* Parse then print a composed layout (or "error: ..."). */
static const char *composed_round(const char *text) {
  static char buf[512];
  static lo_composed c;
  lo_err err;
  if (lo_parse_composed(text, &c, &err)) {
    snprintf(buf, sizeof buf, "error: %s", err.msg);
    return buf;
  }
  if (lo_print_composed(&c, buf, sizeof buf)) return "error: space";
  return buf;
}

/* Parse then print a swizzle (or "error: ..."). */
static const char *swizzle_round(const char *text) {
  static char buf[300];
  lo_swizzle sw;
  lo_err err;
  if (lo_parse_swizzle(text, &sw, &err)) {
    snprintf(buf, sizeof buf, "error: %s", err.msg);
    return buf;
  }
  if (lo_print_swizzle(&sw, buf, sizeof buf)) return "error: space";
  return buf;
}

static void hand_worked(void) {
  /* Sw<3,4,3>: yyy = 7 << (4+3) = 0x380 (bits 7..9), zzz = 7 << 4 = 0x70
  ** (bits 4..6); Sw<3,4,3>(x) = x ^ ((x & 0x380) >> 3) = x ^ ((x >> 3) & (7 << 4)). */
  lo_swizzle sw = {3, 4, 3};
  T_EQ_INT(lo_swizzle_yyy(&sw), 0x380);
  T_EQ_INT(lo_swizzle_zzz(&sw), 0x70);
  T_EQ_INT(lo_swizzle_period(&sw), 1024); /* 2^(3+4+3) */
  T_EQ_INT(swz("Sw<3,4,3>", 0), 0);
  T_EQ_INT(swz("Sw<3,4,3>", 127), 127);   /* 127 & 0x380 = 0 */
  T_EQ_INT(swz("Sw<3,4,3>", 128), 144);   /* 128 & 0x380 = 128, >> 3 = 16; 128 ^ 16 */
  T_EQ_INT(swz("Sw<3,4,3>", 200), 216);   /* 200 = 0b11001000: 128 >> 3 = 16; 200 ^ 16 */
  T_EQ_INT(swz("Sw<3,4,3>", 1023), 911);  /* 1023 & 0x380 = 896, >> 3 = 112; 1023 ^ 112 */
  T_EQ_INT(swz("Sw<3,4,3>", 1024), 1024); /* bit 10 is outside both masks */
  T_EQ_INT(swz("Sw<3,4,3>", 1024 + 128), 1024 + 144);
  /* Sw<1,1,1>: yyy = 1 << 2 = 4, shifted right by 1 onto bit 1: 4 -> 6, 5 -> 7, 6 -> 4,
  ** 7 -> 5 (CuTe's print_layout of Sw<1,1,1> o _0 o (_4,_2):(_1,_4) has column 1 = 6,7,4,5) */
  T_EQ_INT(swz("Sw<1,1,1>", 4), 6);
  T_EQ_INT(swz("Sw<1,1,1>", 5), 7);
  T_EQ_INT(swz("Sw<1,1,1>", 6), 4);
  T_EQ_INT(swz("Sw<1,1,1>", 7), 5);
  /* Sw<2,3,-3>: yyy = 3 << 3 = 0x18 (bits 3,4), shifted left by 3 onto zzz = 3 << 6 = 0xC0 */
  lo_swizzle neg = {2, 3, -3};
  T_EQ_INT(lo_swizzle_yyy(&neg), 0x18);
  T_EQ_INT(lo_swizzle_zzz(&neg), 0xC0);
  T_EQ_INT(swz("Sw<2,3,-3>", 8), 72);    /* 8 & 0x18 = 8, << 3 = 64; 8 ^ 64 */
  T_EQ_INT(swz("Sw<2,3,-3>", 24), 216);  /* 24 << 3 = 192; 24 ^ 192 */
  T_EQ_INT(swz("Sw<2,3,-3>", 100), 100); /* 100 = 0b1100100: 100 & 0x18 = 0 (CuTe prints 100) */
  /* the identity swizzles Sw<0,M,S> */
  T_EQ_INT(swz("Sw<0,4,3>", 12345), 12345);
  T_EQ_INT(swz("Sw<0,0,0>", 7), 7);
  /* a negative x, as CuTe's int: -1 & 2 = 2, >> 1 = 1; -1 ^ 1 = -2 */
  T_EQ_INT(swz("Sw<1,0,1>", -1), -2);
  /* the largest swizzle: Sw<20,21,21>, yyy = (2^20-1) << 42: x = 2^61 -> 2^61 ^ 2^40 */
  T_EQ_INT(swz("Sw<20,21,21>", (lo_int)1 << 61), ((lo_int)1 << 61) ^ ((lo_int)1 << 40));
}

/* The definition bit by bit (CuTe's comment: "ZZZ ^= YYY"): bit M+max(0,S)+i of x
** is XORed into bit M-min(0,S)+i, i < B.  Checked against lo_swizzle_apply on
** every small swizzle over two periods, with the involution sw(sw(x)) = x. */
static void bitwise_definition(void) {
  int bad = 0, bad_inv = 0, n = 0;
  for (int b = 0; b <= 3; b++)
    for (int m = 0; m <= 3; m++)
      for (int s = -5; s <= 5; s++) {
        if ((s < 0 ? -s : s) < b) continue;
        lo_swizzle sw = {b, m, s};
        lo_err err;
        lo_int period = lo_swizzle_period(&sw);
        for (lo_int x = 0; x < 2 * period; x++) {
          lo_int want = x;
          for (int i = 0; i < b; i++) {
            int from = m + (s > 0 ? s : 0) + i, to = m - (s < 0 ? s : 0) + i;
            want ^= ((x >> from) & 1) << to;
          }
          lo_int got, back;
          if (lo_swizzle_apply(&sw, x, &got, &err) || got != want) bad++;
          if (lo_swizzle_apply(&sw, got, &back, &err) || back != x) bad_inv++;
          n++;
        }
      }
  T_EQ_INT(bad, 0);
  T_EQ_INT(bad_inv, 0);
  T_CHECK(n > 1000);
}

static void composed_values(void) {
  /* Sw<3,4,3> o 0 o (8,64):(64,1): x = 2 is (2,0), inner 128, Sw(128) = 144 (above);
  ** x = 8 is (0,1), inner 1; x = 10 is (2,1), inner 129, 129 ^ 16 = 145 */
  T_EQ_INT(cmp_at("Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", 1), 64); /* 64 & 0x380 = 0 */
  T_EQ_INT(cmp_at("Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", 2), 144);
  T_EQ_INT(cmp_at("Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", 8), 1);
  T_EQ_INT(cmp_at("Sw<3,4,3> o _0 o (_8,_64):(_64,_1)", 10), 145);
  /* offset 5: 5 + 128 = 133 = 0b10000101, 128 >> 3 = 16; 133 ^ 16 = 149 */
  T_EQ_INT(cmp_at("Sw<3,4,3> o 5 o 8:64", 2), 149);
  /* smem_ptr[16b](unset) is CuTe's Int<0>: as offset 0 */
  T_EQ_INT(cmp_at("Sw<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)", 10), 145);
  /* a plain layout: the identity swizzle */
  T_EQ_INT(cmp_at("(8,64):(64,1)", 10), 129);
  /* negative offset: -3 + 2*64 = 125 = 0b1111101, 125 & 0x380 = 0 */
  T_EQ_INT(cmp_at("Sw<3,4,3> o -3 o 8:64", 2), 125);
  /* overflow of offset + inner */
  lo_composed c;
  lo_err err;
  lo_int y;
  T_EQ_INT(lo_parse_composed("Sw<1,1,1> o 9223372036854775807 o 2:1", &c, &err), LO_OK);
  T_EQ_INT(lo_composed_apply(&c, 1, &y, &err), LO_EOVERFLOW);
  T_EQ_INT(lo_composed_apply(&c, 0, &y, &err), LO_OK);
}

static void round_trips(void) {
  T_EQ_STR(swizzle_round("Sw<3,4,3>"), "Sw<3,4,3>");
  T_EQ_STR(swizzle_round("Swizzle<2,3,-3>"), "Sw<2,3,-3>");
  T_EQ_STR(swizzle_round("  Sw < 1 , 0 , 1 >  "), "Sw<1,0,1>");
  T_EQ_STR(swizzle_round("Sw<0,0,0>"), "Sw<0,0,0>");
  T_EQ_STR(composed_round("Sw<3,4,3> o _0 o (_8,_64):(_64,_1)"), "Sw<3,4,3> o 0 o (8,64):(64,1)");
  T_EQ_STR(composed_round("Sw<3,4,3>o_0o(8,64):(64,1)"), "Sw<3,4,3> o 0 o (8,64):(64,1)");
  T_EQ_STR(
      composed_round("Sw<3,4,3> o smem_ptr[16b](unset) o ((_8,_16),(_64,_1)):((_64,_512),(_1,_0))"),
      "Sw<3,4,3> o smem_ptr[16b](unset) o ((8,16),(64,1)):((64,512),(1,0))");
  T_EQ_STR(composed_round("Swizzle<0,4,3> o smem_ptr[8b](unset) o (8,128):(128,1)"),
           "Sw<0,4,3> o smem_ptr[8b](unset) o (8,128):(128,1)");
  T_EQ_STR(composed_round("Sw<1,1,1> o -3 o 8:1"), "Sw<1,1,1> o -3 o 8:1");
  T_EQ_STR(composed_round("Sw<1,1,1> o _5 o 8:1"), "Sw<1,1,1> o 5 o 8:1");
  T_EQ_STR(composed_round("(4,2):(1,4)"), "(4,2):(1,4)");
  T_EQ_STR(composed_round("Sw<2,0,2> o 0 o ((2,2),4):((1,2),4)"),
           "Sw<2,0,2> o 0 o ((2,2),4):((1,2),4)");
  /* the printed text parses back to the same value */
  lo_composed a, b;
  lo_err err;
  char buf[256];
  T_EQ_INT(lo_parse_composed("Sw<2,1,-2> o 7 o (3,5):(5,1)", &a, &err), LO_OK);
  T_EQ_INT(lo_print_composed(&a, buf, sizeof buf), LO_OK);
  T_EQ_INT(lo_parse_composed(buf, &b, &err), LO_OK);
  T_CHECK(a.sw.bits == b.sw.bits && a.sw.base == b.sw.base && a.sw.shift == b.sw.shift &&
          a.offset == b.offset && a.smem_bits == b.smem_bits && a.plain == b.plain &&
          lo_layout_equal(&a.inner, &b.inner));
  /* a buffer too small: LO_ESPACE, emptied */
  T_EQ_INT(lo_print_composed(&a, buf, 12), LO_ESPACE);
  T_EQ_STR(buf, "");
  T_EQ_INT(lo_print_swizzle(&a.sw, buf, 4), LO_ESPACE);
  T_EQ_INT(lo_print_swizzle(&a.sw, buf, 0), LO_ESPACE);
  /* lo_composed_make */
  lo_swizzle sw = {3, 3, 3};
  lo_layout l;
  T_EQ_INT(lo_parse_layout("(128,64):(64,1)", &l, &err), LO_OK);
  lo_composed_make(&a, &sw, 0, &l);
  T_EQ_INT(lo_print_composed(&a, buf, sizeof buf), LO_OK);
  T_EQ_STR(buf, "Sw<3,3,3> o 0 o (128,64):(64,1)");
}

static void errors(void) {
  /* columns: S=1 w=2 <=3 3=4 ,=5 4=6 >=7 */
  T_EQ_STR(swizzle_error("Sw<3,4>"), "column 7: expected ',', found '>'");
  T_EQ_STR(swizzle_error("Sw<3,4,3"), "column 9: expected '>', found end of input");
  T_EQ_STR(swizzle_error("Sx<3,4,3>"), "column 1: expected 'Sw<' or 'Swizzle<', found 'S'");
  T_EQ_STR(swizzle_error("Sw<3,4,3> x"), "column 11: expected end of input, found 'x'");
  T_EQ_STR(swizzle_error("Sw<a,4,3>"), "column 4: expected an integer, found 'a'");
  T_EQ_STR(swizzle_error("Sw<3,4,2>"),
           "column 8: swizzle |S| = 2 is less than B = 3 (CuTe: abs(SShift) must be more than "
           "BBits)");
  T_EQ_STR(swizzle_error("Sw<2,0,-1>"),
           "column 8: swizzle |S| = 1 is less than B = 2 (CuTe: abs(SShift) must be more than "
           "BBits)");
  T_EQ_STR(swizzle_error("Sw<-1,4,3>"),
           "column 4: swizzle B = -1 is negative (CuTe: BBits must be positive)");
  T_EQ_STR(swizzle_error("Sw<3,-4,3>"),
           "column 6: swizzle M = -4 is negative (CuTe: MBase must be positive)");
  T_EQ_STR(swizzle_error("Sw<30,3,30>"),
           "column 9: swizzle B + M + |S| = 30 + 3 + 30 passes 62 bits");
  T_EQ_STR(swizzle_error("Sw<1,99999999999999999999,1>"), "column 6: integer larger than 2^63-1");
  T_EQ_STR(swizzle_error("Sw<1,1,-9223372036854775808>"), "column 8: integer larger than 2^63-1");
  T_EQ_STR(swizzle_error(""), "column 1: expected 'Sw<' or 'Swizzle<', found end of input");
  T_EQ_STR(swizzle_error("Sw(3,4,3)"), "column 3: expected '<', found '('");
  /* composed: "Sw<3,4,3> o " is columns 1..12 */
  T_EQ_STR(composed_error("Sw<3,4,3> o"), "column 12: expected an integer, found end of input");
  T_EQ_STR(composed_error("Sw<3,4,3> 0"), "column 11: expected 'o' after the swizzle, found '0'");
  T_EQ_STR(composed_error("Sw<3,4,3> o 0"),
           "column 14: expected 'o' after the offset, found end of input");
  T_EQ_STR(composed_error("Sw<3,4,3> o 0 o"),
           "column 16: expected an integer or '(', found end of input");
  /* the inner layout "(8,64):(64" starts at column 17; its own column 11 is column 27 */
  T_EQ_STR(composed_error("Sw<3,4,3> o 0 o (8,64):(64"),
           "column 27: expected ',' or ')', found end of input");
  T_EQ_STR(composed_error("Sw<3,4,3> o smem_ptr[0b](unset) o 8:1"),
           "column 22: smem_ptr of 0 bits (1 to 1048576)");
  T_EQ_STR(composed_error("Sw<3,4,3> o smem_ptr[16b](unse) o 8:1"),
           "column 24: expected 'b](unset)', found 'b'");
  T_EQ_STR(composed_error("Sw<3,4,3> o 0 o <2,4>"),
           "column 17: a tiler is not the layout of a composed layout");
  T_EQ_STR(composed_error("<2,4>"), "column 1: a tiler is not a layout");
  T_EQ_STR(composed_error("Sw<3,4,2> o 0 o 8:1"),
           "column 8: swizzle |S| = 2 is less than B = 3 (CuTe: abs(SShift) must be more than "
           "BBits)");
  T_EQ_STR(composed_error("(8,64):(64"), "column 11: expected ',' or ')', found end of input");
  /* a swizzle built by hand is checked before it is applied */
  lo_swizzle bad = {3, 4, 2};
  lo_err err;
  lo_int y;
  T_EQ_INT(lo_swizzle_apply(&bad, 5, &y, &err), LO_EUNDEF);
  T_EQ_INT(lo_swizzle_check(&bad, &err), LO_EUNDEF);
  T_EQ_STR(err.msg,
           "swizzle |S| = 2 is less than B = 3 (CuTe: abs(SShift) must be more than BBits)");
}

/* The ops of lo_eval on swizzles and composed layouts.  Values worked by
** hand from the definitions above, or printed by CuTe C++ where a line
** says so (the corpus corpus/cute_cpp/swizzle.yaml holds many more). */
#define ev2(op, a, b) ev(op, a, b, NULL)
static void eval_ops(void) {
  const char *c = "Sw<3,4,3> o _0 o (_8,_64):(_64,_1)";
  /* (2,1): inner 2*64 + 1 = 129 = 0b10000001, bit 7 -> bit 4: 129 ^ 16 = 145 */
  T_EQ_STR(ev("apply", c, "(2,1)", NULL), "145");
  T_EQ_STR(ev("apply", c, "10", NULL), "145");
  T_EQ_STR(ev("cute_apply", c, "(2,1)", NULL), "145");
  T_EQ_STR(ev("apply", "Sw<3,4,3>", "128", NULL), "144");
  T_CHECK(strstr(ev("apply", "Sw<3,4,3>", "(1,2)", NULL), "a swizzle takes an integer"));
  /* Sw<1,1,1> swaps 4,5 with 6,7 (bit 2 into bit 1) */
  T_EQ_STR(ev("layout_function", "Sw<1,1,1> o 0 o 8:1", NULL, NULL), "[0,1,2,3,6,7,4,5]");
  T_EQ_STR(ev("layout_function", "Sw<1,1,1> o 2 o 4:1", NULL, NULL), "[2,3,6,7]");
  /* the true cosize and CuTe's: 5:1 takes 0..4 and Sw<1,1,1>(4) = 6, so 7, where CuTe's
  ** cosize is cosize(5:1) = 5; offset 2 over 4:1 reaches Sw(5) = 7: 8, CuTe 4 */
  T_EQ_STR(ev("cosize", "Sw<1,1,1> o 0 o 5:1", NULL, NULL), "7");
  T_EQ_STR(ev("cute_cosize", "Sw<1,1,1> o 0 o 5:1", NULL, NULL), "5");
  T_EQ_STR(ev("cosize", "Sw<1,1,1> o 2 o 4:1", NULL, NULL), "8");
  T_EQ_STR(ev("cute_cosize", "Sw<1,1,1> o 2 o 4:1", NULL, NULL), "4");
  T_EQ_STR(ev("size", c, NULL, NULL), "512");
  T_EQ_STR(ev("rank", c, NULL, NULL), "2");
  T_EQ_STR(ev("cute_size", c, "1", NULL), "64");
  /* Sw<1,2,3> o Sw<2,2,3>: the inner one XORs bit 5 into 2 and bit 6 into 3, the outer
  ** bit 5 into 2 again: bit 6 into bit 3 is left, Sw<1,3,3> (CuTe prints the same) */
  T_EQ_STR(ev2("composition", "Sw<1,2,3>", "Sw<2,2,3>"), "Sw<1,3,3>");
  T_EQ_STR(ev2("cute_composition", "Sw<1,2,3>", "Sw<2,2,3>"), "Sw<1,3,3>");
  /* an involution composed with itself: the identity */
  T_EQ_STR(ev2("composition", "Sw<3,4,3>", "Sw<3,4,3>"), "Sw<0,0,0>");
  T_EQ_STR(ev2("cute_composition", "Sw<1,4,3>", "Sw<1,4,-3>"),
           "error: CuTe refuses: Can only merge swizzles of the same shift.");
  /* Sw o L is Sw o 0 o L; the identity swizzle drops (CuTe's composition) */
  T_EQ_STR(ev2("composition", "Sw<3,3,3>", "(128,64):(64,1)"), "Sw<3,3,3> o 0 o (128,64):(64,1)");
  T_EQ_STR(ev2("cute_composition", "Sw<0,3,3>", "(128,64):(64,1)"), "(128,64):(64,1)");
  /* composed o tiler: the tiler composes with the inner layout: (8,64):(64,1) o <4:1,8:1>
  ** is (4,8):(64,1) */
  T_EQ_STR(ev2("cute_composition", c, "<4:1,8:1>"), "Sw<3,4,3> o 0 o (4,8):(64,1)");
  T_EQ_STR(ev2("composition", "Sw<0,4,3> o 0 o 8:1", "4:2"), "4:2");
  T_CHECK(strstr(ev2("composition", "8:1", "Sw<1,1,1> o 0 o 8:1"), "is not supported"));
  /* upcast<2> drops one bit of M; upcast<4> of Sw<3,1,3>: M - 2 = -1, so Sw<3-1,0,3> */
  T_EQ_STR(ev2("cute_upcast", "Sw<3,4,3>", "2"), "Sw<3,3,3>");
  T_EQ_STR(ev2("cute_upcast", "Sw<3,1,3>", "4"), "Sw<2,0,3>");
  T_EQ_STR(ev2("cute_downcast", "Sw<3,4,3>", "2"), "Sw<3,5,3>");
  T_EQ_STR(ev2("cute_upcast", "Sw<3,4,3>", "3"),
           "error: CuTe refuses: N must be a power of two (N = 3)");
  /* upcast<16> of a layout, leaf by leaf: 1024 is a multiple of 16, so 8:1024 becomes
  ** ceil(8/ceil(16/1024)):1024/16 = 8:64; 1024:1 becomes ceil(1024/16):ceil(1/16) = 64:1 */
  T_EQ_STR(ev2("cute_upcast", "(8,1024):(1024,1)", "16"), "(8,64):(64,1)");
  /* a stride-0 leaf stays; 2:2 under N = 4: ceil(2/ceil(4/2)):ceil(2/4) = 1:1 */
  T_EQ_STR(ev2("cute_upcast", "(4,2):(0,2)", "4"), "(4,1):(0,1)");
  T_EQ_STR(ev2("cute_upcast", "(8,6):(6,1)", "4"),
           "error: CuTe refuses: Divisibility condition (stride 6, N 4)");
  /* downcast<2>: the stride-1 leaf 64:1 becomes 128:1, the others' strides double */
  T_EQ_STR(ev2("cute_downcast", "(8,64):(64,1)", "2"), "(8,128):(128,1)");
  T_EQ_STR(ev2("cute_downcast", "(8,64):(64,2)", "2"),
           "error: CuTe refuses: Downcast requires adjacent elements");
  /* a composed layout: each part; the GMMA K SW128 atom for 16-bit types is upcast<16> of
  ** its bit atom, the swizzle kept (cute/atom/mma_traits_sm90_gmma.hpp) */
  T_EQ_STR(ev2("cute_upcast", "Sw<3,4,3> o smem_ptr[1b](unset) o (8,1024):(1024,1)", "16"),
           "Sw<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)");
  T_EQ_STR(ev2("cute_upcast", "Sw<3,4,3> o 0 o (8,64):(64,1)", "2"),
           "Sw<3,3,3> o 0 o (8,32):(32,1)");
  T_CHECK(strstr(ev2("cute_upcast", "Sw<3,4,3> o 3 o 8:1", "2"), "safe_div") != NULL);
  /* Sw<16,0,-16> XORs bits 0..15 into 16..31: 1043390330 = 0x3E30DF7A, 0x3E30 ^ 0xDF7A
  ** = 0xE14A, so 0xE14ADF7A = 3779780474, which CuTe's int prints as 3779780474 - 2^32 =
  ** -515186822 (CuTe C++ prints that: corpus/cute_cpp/swizzle.yaml) */
  T_EQ_STR(ev2("apply", "Sw<16,0,-16>", "1043390330"), "3779780474");
  T_EQ_STR(ev2("cute_apply", "Sw<16,0,-16>", "1043390330"), "-515186822");
  /* CuTe's int masks: Sw<16,1,16> has B + M + |S| = 33 */
  T_EQ_STR(ev2("apply", "Sw<16,1,16>", "5"), "5");
  T_CHECK(strstr(ev2("cute_apply", "Sw<16,1,16>", "5"), "CuTe refuses: Sw<16,1,16>"));
  /* CuTe C++: tile_to_shape(GMMA::Layout_K_SW128_Atom<half_t>{}, Shape<_128,_64>{}) */
  T_EQ_STR(
      ev2("cute_tile_to_shape", "Sw<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)", "(128,64)"),
      "Sw<3,4,3> o smem_ptr[16b](unset) o ((8,16),(64,1)):((64,512),(1,0))");
  /* print_layout makes an smem_ptr layout position-independent: upcast<16/8 = 2>, so
  ** Sw<3,3,3> o 0 o ... (CuTe prints that first line), and Sw<0,..> drops to the layout */
  T_CHECK(strncmp(ev("print_layout", "Sw<3,4,3> o smem_ptr[16b](unset) o (8,8):(8,1)", NULL, NULL),
                  "Sw<3,3,3> o 0 o (8,8):(8,1)\n", 28) == 0);
  T_CHECK(strncmp(ev("print_layout", "Sw<0,4,3> o smem_ptr[16b](unset) o (8,8):(8,1)", NULL, NULL),
                  "(8,8):(8,1)\n", 12) == 0);
  /* CuTe C++'s print_layout of Sw<1,1,1> o _0 o (_4,_2):(_1,_4) */
  T_EQ_STR(ev("print_layout", "Sw<1,1,1> o _0 o (_4,_2):(_1,_4)", NULL, NULL),
           "Sw<1,1,1> o 0 o (4,2):(1,4)\n      0   1 \n    +---+---+\n 0  | 0 | 6 |\n"
           "    +---+---+\n 1  | 1 | 7 |\n    +---+---+\n 2  | 2 | 4 |\n    +---+---+\n"
           " 3  | 3 | 5 |\n    +---+---+");
  /* ops that do not take these values say so */
  T_EQ_STR(ev("rank", "Sw<3,4,3>", NULL, NULL),
           "error: rank takes a composed layout or a layout, not a swizzle");
  T_EQ_STR(ev("right_inverse", c, NULL, NULL),
           "error: right_inverse does not take a swizzle or a composed layout");
  T_EQ_STR(ev2("logical_divide", "8:1", c),
           "error: logical_divide: only the first argument may be a composed layout or a swizzle");
  /* "Sw<3,4,3> o 0 o " is columns 1..16, "(8,64" columns 17..21 */
  T_EQ_STR(ev("apply", "Sw<3,4,3> o 0 o (8,64", "1", NULL),
           "error: argument 1: column 22: expected ',' or ')', found end of input");
}

int main(void) {
  hand_worked();
  bitwise_definition();
  composed_values();
  round_trips();
  errors();
  eval_ops();
  return T_DONE();
}
