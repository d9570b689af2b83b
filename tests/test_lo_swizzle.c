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

int main(void) {
  hand_worked();
  bitwise_definition();
  composed_values();
  round_trips();
  errors();
  return T_DONE();
}
