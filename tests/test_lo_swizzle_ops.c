/* test_lo_swizzle_ops.c -- the ops on composed layouts beside plain ones
** (oracle/lo_swizzle_ops.c, oracle/lo_eval_swizzle_ops.c): the true
** cosize by the top block against the point-by-point reference,
** max_common_layout and max_common_vector, the plain inverses and recasts.
**
** Expected values are worked by hand from CuTe's definitions
** (cute/swizzle.hpp: Sw<B,M,S>(x) = x ^ ((x & yyy) >> S), yyy = (2^B-1)
** << (M + S); cute/layout.hpp and cute/swizzle_layout.hpp for the ops),
** the arithmetic beside each check, or are CuTe C++'s printed answers
** (corpus/cute_cpp/swizzle.yaml, said so where used). */
#include "lo_test.h"
#include "t.h"

#include <string.h>

/* The fast cosize and the point-by-point one agree, code and value, on
** every small composed layout: swizzles B <= 3, M <= 3, |S| in [B, 4],
** offsets 0, 1, 5, 16, -3, and every 23rd small flat layout of shapes 1, 2, 3,
** 4, 8 and strides 0, 1, 2, 3, 8, 16. */
static void cosize_by_block_is_by_point(void) {
  static const lo_int sh[] = {1, 2, 3, 4, 8}, st[] = {0, 1, 2, 3, 8, 16},
                      offs[] = {0, 1, 5, 16, -3};
  long cases = 0, agree = 0;
  lo_layout l;
  for (int b = 0; b <= 3; b++)
    for (int m = 0; m <= 3; m++)
      for (int s = -4; s <= 4; s++) {
        if ((s < 0 ? -s : s) < b) continue;
        lo_swizzle sw = {b, m, s};
        for (int k = 0; small_flat(k, sh, 5, st, 6, &l); k += 23)
          for (int o = 0; o < 5; o++) {
            lo_composed c;
            lo_err e1, e2;
            lo_int v1 = -1, v2 = -1;
            lo_composed_make(&c, &sw, offs[o], &l);
            int r1 = lo_composed_cosize(&c, &v1, &e1), r2 = lo_composed_cosize_points(&c, &v2, &e2);
            cases++;
            if (r1 == r2 && (r1 != LO_OK || v1 == v2))
              agree++;
            else if (cases - agree < 5)
              printf("  cosize differs: Sw<%d,%d,%d> o %lld o layout %d: %d/%lld vs %d/%lld\n", b,
                     m, s, (long long)offs[o], k, r1, (long long)v1, r2, (long long)v2);
          }
      }
  T_CHECK(cases > 3000);
  T_EQ_INT(agree, cases);
}

/* Hand-worked cosizes, small and of 2^30 points. */
static void cosize_hand(void) {
  /* 0,1,2,3 and Sw<1,1,1>(4) = 4 ^ ((4 & 4) >> 1) = 6: cosize 7 */
  T_EQ_STR(EV1("cosize", "Sw<1,1,1> o 0 o 5:1"), "7");
  /* (8,2^27):(2^27,1) covers [0, 2^30) exactly: whole periods of 2^10,
  ** which Sw<3,4,3> permutes: 2^30 */
  T_EQ_STR(EV1("cosize", "Sw<3,4,3> o 0 o (8,134217728):(134217728,1)"), "1073741824");
  /* 0..2^30+2; period 4; Sw<1,0,1>(2^30+2) = (2^30+2) ^ ((2 & 2) >> 1) = 2^30+3 */
  T_EQ_STR(EV1("cosize", "Sw<1,0,1> o 0 o 1073741827:1"), "1073741828");
  /* 0..2^30; Sw<1,0,1>(2^30) = 2^30 (bit 1 clear): 2^30+1 */
  T_EQ_STR(EV1("cosize", "Sw<1,0,1> o 0 o 1073741825:1"), "1073741825");
  /* not compact (rows 2^28 apart, 2^27 long): the top block of 2^10 below
  ** 7 2^28 + 2^27 is whole, so 7 2^28 + 2^27 = 2013265920 */
  T_EQ_STR(EV1("cosize", "Sw<3,4,3> o 0 o (8,134217728):(268435456,1)"), "2013265920");
  /* offset 3 on 0..3: 3..6; Sw<1,1,1>: 4 -> 6, 5 -> 7, 6 -> 4: 1 + 7 */
  T_EQ_STR(EV1("cosize", "Sw<1,1,1> o 3 o 4:1"), "8");
  /* CuTe's cosize is the inner layout's: 5 */
  T_EQ_STR(EV1("cute_cosize", "Sw<1,1,1> o 0 o 5:1"), "5");
}

/* max_common_vector and max_common_layout, plain and composed. */
static void common(void) {
  /* (8,64):(64,1) is a bijection onto [0,512): with itself all 512 */
  T_EQ_STR(EV2("max_common_vector", "(8,64):(64,1)", "(8,64):(64,1)"), "512");
  /* R = right_inverse(B) o 512:1 = (64,8):(8,1); L(R(i)) = i */
  T_EQ_STR(EV2("max_common_layout", "(8,64):(64,1)", "(8,64):(64,1)"), "(64,8):(8,1)");
  /* b(2) = 1 (coordinate (0,1) of (2,4):(4,1)) but a(2) = 2: N = 1 */
  T_EQ_STR(EV2("max_common_vector", "(4,2):(1,4)", "(2,4):(4,1)"), "1");
  T_EQ_STR(EV2("cute_max_common_vector", "(4,2):(1,4)", "(2,4):(4,1)"), "1");
  /* min(512, 2^M = 16); Sw<3,4,3> keeps every value below 128 */
  T_EQ_STR(EV2("max_common_vector", "Sw<3,4,3> o 0 o (8,64):(64,1)", "(8,64):(64,1)"), "16");
  T_EQ_STR(EV2("max_common_vector", "(8,64):(64,1)", "Sw<3,4,3> o 0 o (8,64):(64,1)"), "16");
  /* (64,8):(8,1) cut to 16 by composition: 16:8; index 8i is (0,i) */
  T_EQ_STR(EV2("max_common_layout", "Sw<3,4,3> o 0 o (8,64):(64,1)", "(8,64):(64,1)"), "16:8");
  T_EQ_STR(EV2("cute_max_common_layout", "(8,64):(64,1)", "Sw<3,4,3> o 0 o (8,64):(64,1)"), "16:8");
  /* CuTe's 16 assumes the offset lies in the swizzle's YZ bits: here
  ** C(0) = Sw<2,4,3>(8) = 8, not 0 */
  T_CHECK(err_has(EV2("max_common_vector", "Sw<2,4,3> o 8 o (16,32):(32,1)", "(16,32):(32,1)"),
                  "CuTe's answer 16 breaks its postcondition"));
  T_EQ_STR(EV2("cute_max_common_vector", "Sw<2,4,3> o 8 o (16,32):(32,1)", "(16,32):(32,1)"), "16");
  /* two equal swizzles: the inner layouts' 512; different ones: min with 2^M */
  T_EQ_STR(EV2("cute_max_common_vector", "Sw<3,4,3> o 0 o (8,64):(64,1)",
               "Sw<3,4,3> o 0 o (8,64):(64,1)"),
           "512");
  T_EQ_STR(EV2("cute_max_common_vector", "Sw<3,4,3> o 0 o (8,64):(64,1)",
               "Sw<2,3,3> o 0 o (8,64):(64,1)"),
           "8");
  T_CHECK(IS_ERR(EV2("cute_max_common_layout", "Sw<3,4,3> o 0 o (8,64):(64,1)",
                     "Sw<3,4,3> o 0 o (8,64):(64,1)")));
  T_CHECK(err_has(EV2("max_common_vector", "Sw<3,4,3>", "8:1"), "a swizzle alone"));
  /* a layout first: CuTe's overload swaps the arguments (CuTe C++ prints 8,
  ** corpus/cute_cpp/swizzle_ops.yaml): max_common_vector((8,64):(64,1),
  ** (8,8):(8,1)): right_inverse((8,8):(8,1)) = (8,8):(8,1), i = i0 + 8 i1 ->
  ** index 8 i0 + i1 -> (8,64):(64,1) at coordinate (i1, i0) = 64 i1 + i0:
  ** (8,8):(1,64), first mode 8.  Unswapped it would be min(64, 16) = 16:
  ** (8,8):(8,1) o (64,8):(8,1) = (64,8):(1,8) */
  T_EQ_STR(EV2("cute_max_common_vector", "(8,64):(64,1)", "(8,8):(8,1)"), "8");
  T_EQ_STR(EV2("cute_max_common_vector", "(8,8):(8,1)", "(8,64):(64,1)"), "64");
  T_EQ_STR(EV2("cute_max_common_vector", "(8,8):(8,1)", "Sw<3,4,3> o 0 o (8,64):(64,1)"), "8");
  T_EQ_STR(EV2("max_common_vector", "(8,8):(8,1)", "Sw<3,4,3> o 0 o (8,64):(64,1)"), "8");
}

/* The plain inverses of composed layouts. */
static void inverses(void) {
  /* CuTe C++ prints Sw<3,0,-3> o 0 o (8,8):(8,1) (corpus/cute_cpp/swizzle.yaml);
  ** it meets the postcondition: L o Sw<3,0,-3> o L = Sw<3,0,3> for the
  ** transpose L, and Sw<3,0,3> is an involution */
  T_EQ_STR(EV1("right_inverse", "Sw<3,0,3> o 0 o (8,8):(8,1)"), "Sw<3,0,-3> o 0 o (8,8):(8,1)");
  /* CuTe's pass-through refuses (abs(SShift) must be more than BBits, the
  ** corpus): the general form inverse(L) o 0 o Sw, inverse(L) = (64,8):(8,1) */
  T_EQ_STR(EV1("right_inverse", "Sw<3,4,3> o 0 o (8,64):(64,1)"), "(64,8):(8,1) o 0 o Sw<3,4,3>");
  T_EQ_STR(EV1("left_inverse", "Sw<3,4,3> o 0 o (8,64):(64,1)"), "(64,8):(8,1) o 0 o Sw<3,4,3>");
  /* the GMMA atom: its smem_ptr offset taken as 0, as apply takes it */
  T_EQ_STR(EV1("right_inverse", "Sw<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)"),
           "(64,8):(8,1) o 0 o Sw<3,4,3>");
  T_CHECK(IS_ERR(EV1("cute_right_inverse", "Sw<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)")));
  /* offset 4: inverse(L) o -4 o Sw; (4,2):(1,4) has right inverse 8:1 */
  T_EQ_STR(EV1("right_inverse", "Sw<1,1,1> o 4 o (4,2):(1,4)"), "8:1 o -4 o Sw<1,1,1>");
  T_EQ_STR(EV1("cute_right_inverse", "Sw<1,1,1> o 4 o (4,2):(1,4)"), "8:1 o -4 o Sw<1,1,1>");
  /* a swizzle is its own inverse */
  T_EQ_STR(EV1("right_inverse", "Sw<2,1,3>"), "Sw<2,1,3>");
}

/* The plain recasts of swizzles and composed layouts. */
static void recasts(void) {
  /* upcast<8>: M 4 -> 4 - 3 = 1 */
  T_EQ_STR(EV2("upcast", "Sw<3,4,3>", "8"), "Sw<3,1,3>");
  /* upcast<32>: CuTe's Sw<max(3+4-5,0),0,3> = Sw<2,0,3>, but Sw<3,4,3>
  ** moves bit 4, inside a unit of 32 */
  T_CHECK(err_has(EV2("upcast", "Sw<3,4,3>", "32"), "CuTe's answer Sw<2,0,3>"));
  T_EQ_STR(EV2("cute_upcast", "Sw<3,4,3>", "32"), "Sw<2,0,3>");
  /* downcast<2>: M 4 -> 5 */
  T_EQ_STR(EV2("downcast", "Sw<3,4,3>", "2"), "Sw<3,5,3>");
  /* 16 -> 32 bits: upcast<2>, M 4 -> 3, (8,64):(64,1) -> (8,32):(32,1) */
  T_EQ_STR(EV3("recast_layout", "Sw<3,4,3> o 0 o (8,64):(64,1)", "16", "32"),
           "Sw<3,3,3> o 0 o (8,32):(32,1)");
  T_EQ_STR(EV3("cute_recast_layout", "Sw<3,4,3> o 0 o (8,64):(64,1)", "16", "32"),
           "Sw<3,3,3> o 0 o (8,32):(32,1)");
  /* 16 -> 8 bits: downcast<2>, M 4 -> 5, (8,64):(64,1) -> (8,128):(128,1) */
  T_EQ_STR(EV3("recast_layout", "Sw<3,4,3> o 0 o (8,64):(64,1)", "16", "8"),
           "Sw<3,5,3> o 0 o (8,128):(128,1)");
  /* an smem_ptr offset keeps the swizzle (it acts on bytes) and scales its bits */
  T_EQ_STR(EV2("upcast", "Sw<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)", "2"),
           "Sw<3,4,3> o smem_ptr[32b](unset) o (8,32):(32,1)");
  /* upcast<32> of the composed layout: the swizzle moves bits inside units */
  T_CHECK(err_has(EV2("upcast", "Sw<3,4,3> o 0 o (8,64):(64,1)", "32"),
                  "CuTe's answer Sw<2,0,3> o 0 o (8,2):(2,1) breaks its postcondition"));
  /* 16 -> 24 bits: 3/2; CuTe's recast_layout of a swizzle does not compile */
  T_CHECK(IS_ERR(EV3("recast_layout", "Sw<3,4,3>", "16", "24")));
  T_CHECK(IS_ERR(EV3("cute_recast_layout", "Sw<3,4,3>", "16", "24")));
}

/* The plain blocked_product and raked_product. */
static void products(void) {
  /* logical_product((2,2):(1,2), (2,3):(1,2)): cosize(B) = 1 + 1 + 4 = 6,
  ** complement(A, 4 * 6) = 6:4, composed with B: (2,3):(4,8); the product
  ** ((2,2),(2,3)):((1,2),(4,8)); blocked zips (A0,B0),(A1,B1), raked
  ** (B0,A0),(B1,A1) */
  T_EQ_STR(EV2("blocked_product", "(2,2):(1,2)", "(2,3):(1,2)"), "((2,2),(2,3)):((1,4),(2,8))");
  T_EQ_STR(EV2("raked_product", "(2,2):(1,2)", "(2,3):(1,2)"), "((2,2),(3,2)):((4,1),(8,2))");
  /* of a composed layout: the swizzle and offset kept */
  T_EQ_STR(EV2("blocked_product", "Sw<1,1,1> o 0 o (2,2):(1,2)", "(2,3):(1,2)"),
           "Sw<1,1,1> o 0 o ((2,2),(2,3)):((1,4),(2,8))");
  /* (2,2):(1,1) is not injective: CuTe's complement refuses it */
  T_CHECK(IS_ERR(EV2("blocked_product", "(2,2):(1,1)", "2:1")));
}

int main(void) {
  products();
  cosize_by_block_is_by_point();
  cosize_hand();
  common();
  inverses();
  recasts();
  return T_DONE();
}
