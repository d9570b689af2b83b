/* test_lo_layout.c -- size, cosize, the layout function, coalesce,
** filter, complement and the predicates (oracle/lo_layout.c,
** lo_coalesce.c, lo_complement.c).  Expected values are computed by hand
** in the comments. */
#include "lo_test.h"
#include "t.h"

#include <string.h>

/* lo_walk gives what lo_apply gives, value and error code, at 0, 1, ...
** and past the size (the odometer stops there and lo_apply answers). */
static void walk_matches_apply(const char *text) {
  lo_layout l;
  lo_err e1, e2;
  T_CHECK(lo_parse_layout(text, &l, &e1) == LO_OK);
  lo_walk w;
  lo_walk_init(&w, &l);
  for (lo_int x = 0; x < 40; x++) {
    lo_int u = -1, v = -1;
    int rw = lo_walk_at(&w, x, &u, &e1), ra = lo_apply(&l, x, &v, &e2);
    T_EQ_INT(rw, ra);
    if (rw == LO_OK) T_EQ_INT(u, v);
  }
}

int main(void) {
  /* the odometer by hand: (2,3):(1,2) gives 0,1,2,3,4,5, then the last
  ** mode runs on: 6 -> (0,3) -> 6 */
  walk_matches_apply("(2,3):(1,2)");
  walk_matches_apply("((2,2),3):((4,1),8)");
  walk_matches_apply("():()");
  walk_matches_apply("(1,5,1):(7,0,3)");
  /* cosize does not fit: every point goes to lo_apply, which fails from
  ** x = 2 on (2 * 2^62 overflows) */
  walk_matches_apply("(2,2):(4611686018427387904,4611686018427387904)");
  {
    lo_layout l;
    lo_err e;
    lo_walk w;
    lo_int v = 0;
    T_CHECK(lo_parse_layout("(2,3):(1,2)", &l, &e) == LO_OK);
    lo_walk_init(&w, &l);
    for (lo_int x = 0; x < 6; x++) T_CHECK(lo_walk_at(&w, x, &v, &e) == LO_OK);
    T_EQ_INT(v, 5); /* (1,2) -> 1 + 4 */
    T_CHECK(lo_walk_at(&w, 6, &v, &e) == LO_OK);
    T_EQ_INT(v, 6);
  }
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
  /* sort past the insertion runs (merged): 20 modes 2:20, 2:19, ..., 2:1
  ** come out as 2:1, ..., 2:20; equal strides ordered by shape */
  T_EQ_STR(EV1("sort", "(2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2):"
                       "(20,19,18,17,16,15,14,13,12,11,10,9,8,7,6,5,4,3,2,1)"),
           "(2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2):"
           "(1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20)");
  T_EQ_STR(EV1("sort", "(5,4,3,9,8,7,6,5,4,3,2,1,9,8):(1,1,1,0,0,0,0,0,0,0,0,0,2,2)"),
           "(1,2,3,4,5,6,7,8,9,3,4,5,8,9):(0,0,0,0,0,0,0,0,0,1,1,1,2,2)");
  /* CuTe's complement takes the first of equal smallest strides: with
  ** (2,4):(1,1) it takes 2:1, then 4:1 has stride 1 below the extent 2;
  ** with (4,2):(1,1) it takes 4:1 first, and 2:1 is below 4 */
  T_CHECK(strstr(EV1("cute_complement", "(2,4):(1,1)"), "stride 1 is below 2,") != NULL);
  T_CHECK(strstr(EV1("cute_complement", "(4,2):(1,1)"), "stride 1 is below 4,") != NULL);

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
