/* test_lo_recast.c -- upcast, downcast, recast_layout, recast,
** make_layout_like and make_ordered_layout (oracle/lo_recast.c) in both
** layers: each expectation worked out by hand from CuTe's definitions
** (cute/layout.hpp: upcast, downcast, recast_layout, make_layout_like,
** make_ordered_layout; cute/stride.hpp: compact_order), the working in the
** comment beside it, and the examples of PyCuTe's docstrings and docs
** (pycute/layout.py, docs/04_layout_algebra.md) as facts;
** corpus/cute_cpp/recast.yaml holds CuTe C++'s own printouts. */
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

/* upcast<N>: a leaf s:d becomes ceil(s / ceil(N/d)) : ceil(d/N), s:0 stays. */
static void test_upcast(void) {
  /* the 128-byte swizzle atom in bits, (8,1024):(1024,1), to 16-bit
  ** elements: 8:1024 -> 8:64; 1024:1 -> ceil(1024/16):1 = 64:1 (CuTe prints
  ** the 16-bit atom as (_8,_64):(_64,_1)) */
  both("upcast", "(8,1024):(1024,1)", "16", "(8,64):(64,1)");
  /* row-major 8x64 halves to floats: 8:64 -> 8:32; 64:1 -> 32:1 */
  both("upcast", "(8,64):(64,1)", "2", "(8,32):(32,1)");
  /* to 8-element (16-byte) vectors: 8:64 -> 8:8, 64:1 -> 8:1 */
  both("upcast", "(8,64):(64,1)", "8", "(8,8):(8,1)");
  /* column-major: 64:1 -> 32:1, 8:64 -> 8:32 */
  both("upcast", "(64,8):(1,64)", "2", "(32,8):(1,32)");
  /* a stride-0 leaf stays: (8,4):(0,2), N = 2: 8:0; 4:2 -> 4:1 (PyCuTe's
  ** recast too); but each coordinate holds one element, 0, 2, 4 or 6, not
  ** a whole unit of 2, so the plain op refuses */
  T_EQ_STR(EVN("cute_upcast", "(8,4):(0,2)", "2"), "(8,4):(0,1)");
  T_CHECK(err_has(EVN("upcast", "(8,4):(0,2)", "2"), "not the 2 elements [0,2) of one unit"));
  /* with a unit-stride leaf it is whole: (8,4):(0,1) -> 8:0, 4:1 -> 2:1 */
  both("upcast", "(8,4):(0,1)", "2", "(8,2):(0,1)");
  /* the structure stays: (4):(1) -> (2):(1); ((4,2)):((1,4)) -> ((2,2)):((1,2)) */
  both("upcast", "(4):(1)", "2", "(2):(1)");
  both("upcast", "((4,2)):((1,4))", "2", "((2,2)):((1,2))");
  /* N = 1 changes nothing */
  both("upcast", "((4,2),3):((1,4),8)", "1", "((4,2),3):((1,4),8)");
  /* the unit's position in another mode: (4,(2,8)):(2,(1,8)), N = 2:
  ** 4:2 -> 4:1, 2:1 -> 1:1, 8:8 -> 8:4.  The coordinates (x,(0..1,z))
  ** hold elements 2x + 8z + {0,1}, unit x + 4z = R(x,(0,z)): whole units */
  both("upcast", "(4,(2,8)):(2,(1,8))", "2", "(4,(1,8)):(1,(1,4))");
  /* (2,4):(1,2), N = 2: 2:1 -> 1:1 (the stride kept on the size-1 leaf),
  ** 4:2 -> 4:1; coordinates (0..1, y) hold 2y + {0,1}, unit y */
  both("upcast", "(2,4):(1,2)", "2", "(1,4):(1,1)");

  /* CuTe answers, the plain op refuses: 6:1 in units of 4 gives
  ** ceil(6/4) = 2:1, but the second unit, elements 4..7, holds only 4 and 5 */
  T_EQ_STR(EVN("cute_upcast", "6:1", "4"), "2:1");
  T_CHECK(err_has(EVN("upcast", "6:1", "4"), "CuTe prints 2:1"));
  T_CHECK(err_has(EVN("upcast", "6:1", "4"), "its last group has only 2"));
  /* 4:8 in units of 4: 4:2 names units 0,2,4,6 but each coordinate holds
  ** one element (0, 8, ...), not a whole unit */
  T_EQ_STR(EVN("cute_upcast", "4:8", "4"), "4:2");
  T_CHECK(err_has(EVN("upcast", "4:8", "4"), "not the 4 elements [0,4) of one unit"));
  /* a broadcast leaf alone: 4:0 stays, but each coordinate holds element 0 only */
  T_EQ_STR(EVN("cute_upcast", "4:0", "2"), "4:0");
  T_CHECK(err_has(EVN("upcast", "4:0", "2"), "CuTe prints 4:0"));
  /* (2,2):(1,1) (overlapping): 1:1 and 1:1, the group (2,2):(1,1) holds
  ** 0,1,1,2, not 0,1 once each */
  T_CHECK(err_has(EVN("upcast", "(2,2):(1,1)", "2"), "each once"));

  /* CuTe refuses: 6:3 with N = 2 (3 % 2 and 2 % 3 are not 0) */
  T_CHECK(
      err_has(EVN("cute_upcast", "6:3", "2"), "CuTe refuses: upcast<2>: Divisibility condition"));
  T_CHECK(err_has(EVN("upcast", "6:3", "2"), "Divisibility condition"));
  /* an empty tuple in the shape: transform_layout calls make_layout() */
  T_CHECK(err_has(EVN("cute_upcast", "():()", "2"), "make_layout()"));
  T_CHECK(err_has(EVN("cute_upcast", "(2,()):(1,())", "2"), "make_layout()"));
  /* where CuTe refuses only the empty tuple, the plain ops answer leaf by
  ** leaf: 2:1 -> 1:1 in units of 2 (elements 0,1: unit 0), and back 2:1 */
  T_EQ_STR(EVN("upcast", "(2,()):(1,())", "2"), "(1,()):(1,())");
  T_EQ_STR(EVN("downcast", "(1,()):(1,())", "2"), "(2,()):(1,())");
  /* the empty layout has one coordinate, element 0 alone: no whole unit */
  T_CHECK(err_has(EVN("upcast", "():()", "2"), "CuTe refuses the empty tuple"));
  T_CHECK(err_has(EVN("cute_upcast", "4:2", "0"), "CuTe refuses: upcast<0>"));
  T_CHECK(err_has(EVN("upcast", "4:2", "x"), "argument 2"));
  T_CHECK(err_has(EVN("upcast", "4:2"), "upcast takes"));
}

/* downcast<N>: s:1 becomes sN:1, s:d becomes s:dN; some stride must be 1. */
static void test_downcast(void) {
  both("downcast", "(8,32):(32,1)", "2", "(8,64):(64,1)");
  both("downcast", "(8,64):(64,1)", "4", "(8,256):(256,1)");
  both("downcast", "(32,8):(1,32)", "2", "(64,8):(1,64)");
  /* a stride-0 leaf: 0 * N = 0; 8:1 -> 16:1 */
  both("downcast", "(4,8):(0,1)", "2", "(4,16):(0,1)");
  /* a size-1 leaf of stride 1 alone holds the unit: (1,4):(1,8) -> (2,4):(1,16):
  ** units 0,8,16,24 become elements {0,1},{16,17},... */
  both("downcast", "(1,4):(1,8)", "2", "(2,4):(1,16)");
  /* two leaves of stride 1: CuTe multiplies both, size 4 x 4 = 16, not 8 */
  T_EQ_STR(EVN("cute_downcast", "(1,4):(1,1)", "2"), "(2,8):(1,1)");
  T_CHECK(err_has(EVN("downcast", "(1,4):(1,1)", "2"), "CuTe prints (2,8):(1,1)"));
  T_CHECK(err_has(EVN("downcast", "(1,4):(1,1)", "2"), "leaves 1 and 2 both hold"));
  /* so (2,4):(1,2) does not come back from its upcast (1,4):(1,1) */
  T_CHECK(IS_ERR(EVN("downcast", EVN("upcast", "(2,4):(1,2)", "2"), "2")));
  /* no stride 1: CuTe's static_assert */
  T_CHECK(err_has(EVN("cute_downcast", "4:2", "2"), "Downcast requires adjacent elements"));
  T_CHECK(err_has(EVN("downcast", "4:0", "2"), "Downcast requires adjacent elements"));
  T_CHECK(err_has(EVN("downcast", "4:1", "4611686018427387904"), "overflow"));
}

/* recast_layout<Old,New>: the ratio New/Old in lowest terms p/q; upcast<p>
** when q = 1, downcast<q> when p = 1, else downcast<q>(upcast<p>(L)). */
static void test_recast_layout(void) {
  const char *a = "(8,64):(64,1)";
  T_EQ_STR(EVN("recast_layout", a, "16", "32"), "(8,32):(32,1)");   /* 2/1: upcast<2> */
  T_EQ_STR(EVN("recast_layout", a, "32", "16"), "(8,128):(128,1)"); /* 1/2: downcast<2> */
  T_EQ_STR(EVN("recast_layout", a, "8", "32"), "(8,16):(16,1)");    /* 4/1 */
  T_EQ_STR(EVN("recast_layout", a, "16", "16"), a);                 /* 1/1 */
  T_EQ_STR(EVN("cute_recast_layout", "():()", "8", "8"), "():()");
  /* 16/24 = 2/3: upcast<2> gives (8,32):(32,1), downcast<3> (8,96):(96,1) */
  T_EQ_STR(EVN("cute_recast_layout", a, "24", "16"), "(8,96):(96,1)");
  T_EQ_STR(EVN("recast_layout", a, "24", "16"), "(8,96):(96,1)");
  /* 24/16 = 3/2: upcast<3> of 8:64 fails CuTe's divisibility condition */
  T_CHECK(err_has(EVN("cute_recast_layout", a, "16", "24"), "upcast<3>: Divisibility"));
  /* 32/16 of 6:1: upcast<2> of 6:1 is 3:1, whole units: plain answers too */
  T_EQ_STR(EVN("recast_layout", "6:1", "16", "32"), "3:1");
  /* 64/16 of 6:1: upcast<4> gives 2:1, half a unit left over */
  T_CHECK(err_has(EVN("recast_layout", "6:1", "16", "64"), "CuTe prints 2:1"));
  T_CHECK(err_has(EVN("recast_layout", a, "0", "16"), "positive"));
}

/* recast(L, scale), the whitepaper's as PyCuTe documents it. */
static void test_recast(void) {
  /* PyCuTe's docstring and docs/04_layout_algebra.md */
  T_EQ_STR(EVN("recast", "24:1", "8"), "3:1");
  T_EQ_STR(EVN("recast", "24:2", "4"), "12:1");
  T_EQ_STR(EVN("recast", "(4,4):(4,1)", "4"), "(4,1):(1,1)");
  T_EQ_STR(EVN("recast", "24:1", "1/2"), "48:1");
  T_EQ_STR(EVN("recast", "24:2", "1"), "24:2");
  /* PyCuTe's tests: ((4,6),8):((1,4),24) by 8: 4:1 -> ceil(4/8) = 1:1;
  ** 6:4 -> ceil(6/2):1 = 3:1; 8:24 -> 8:3 */
  T_EQ_STR(EVN("recast", "((4,6),8):((1,4),24)", "8"), "((1,3),8):((1,1),3)");
  T_EQ_STR(EVN("recast", "(8,4,6):(1,0,2)", "1/6"), "(48,4,6):(1,0,12)");
  /* 3/2: 24:1 -> ceil(24 * 2 / 3) = 16:1; 24:3 -> 3 / (3/2) = 2: 24:2 */
  T_EQ_STR(EVN("recast", "24:1", "3/2"), "16:1");
  T_EQ_STR(EVN("recast", "24:3", "3/2"), "24:2");
  /* 6/4 reduces to 3/2 */
  T_EQ_STR(EVN("recast", "24:3", "6/4"), "24:2");
  T_CHECK(err_has(EVN("recast", "24:3", "2"), "recast divisibility condition"));
  T_CHECK(err_has(EVN("recast", "24:1", "1/0"), "not positive"));
  T_CHECK(err_has(EVN("recast", "24:1", "x/2"), "argument 2"));
}

/* make_layout_like: stride-0 leaves count as size 1; leaf i gets the
** product of the (filtered) sizes of the leaves of smaller stride, 0 for
** a stride-0 or size-1 leaf. */
static void test_make_layout_like(void) {
  /* CuTe's comment: (2,2,2,2):(0,2,4,1) -> (0,2,4,1) (sizes 1,2,2,2:
  ** stride 2 gets 1*2 = 2 from strides 0 and 1, stride 4 gets 1*2*2) */
  both("make_layout_like", "(2,2,2,2):(0,2,4,1)", NULL, "(2,2,2,2):(0,2,4,1)");
  /* PyCuTe's docstring examples */
  both("make_layout_like", "(4,8):(1,4)", NULL, "(4,8):(1,4)");
  both("make_layout_like", "(4,8):(100,1)", NULL, "(4,8):(8,1)");
  both("make_layout_like", "(2,3,4,5):(0,42,4,0)", NULL, "(2,3,4,5):(0,4,1,0)");
  /* PyCuTe's tests: (3,4,5):(1,100,10) -> 1; 3*5 = 15; 3 */
  both("make_layout_like", "(3,4,5):(1,100,10)", NULL, "(3,4,5):(1,15,3)");
  /* nested: ((2,3),4):((12,1),3) -> 3:1 first, 4:3 next (3), 2:12 last (12) */
  both("make_layout_like", "((2,3),4):((12,1),3)", NULL, "((2,3),4):((12,1),3)");
  both("make_layout_like", "8:0", NULL, "8:0");
  both("make_layout_like", "():()", NULL, "():()");
  /* a size-1 leaf gets 0 in CuTe (compact_major of 1) */
  both("make_layout_like", "(4,1):(1,4)", NULL, "(4,1):(1,0)");
  both("make_layout_like", "1:5", NULL, "1:0");
  /* equal strides get equal strides: (2,2):(1,1) -> both 1, overlapping */
  T_EQ_STR(EVN("cute_make_layout_like", "(2,2):(1,1)"), "(2,2):(1,1)");
  T_CHECK(err_has(EVN("make_layout_like", "(2,2):(1,1)"), "CuTe prints (2,2):(1,1)"));
  T_CHECK(err_has(EVN("make_layout_like", "(2,2):(1,1)"), "same stride 1"));
  /* (3,2,2):(2,7,7): the two 7s tie, both get 3 */
  T_EQ_STR(EVN("cute_make_layout_like", "(3,2,2):(2,7,7)"), "(3,2,2):(1,3,3)");
  T_CHECK(IS_ERR(EVN("make_layout_like", "(3,2,2):(2,7,7)")));
}

/* make_ordered_layout: each order entry's start is the product of the
** sizes of the entries of smaller order; inside it, column-major. */
static void test_make_ordered_layout(void) {
  /* CuTe's comment: (2,2,2,2) in order (0,2,3,1) -> (1,4,8,2) */
  both("make_ordered_layout", "(2,2,2,2)", "(0,2,3,1)", "(2,2,2,2):(1,4,8,2)");
  /* PyCuTe's docstring: (4,8) by (0,1) -> (1,4); by (1,0) -> (8,1) */
  both("make_ordered_layout", "(4,8)", "(0,1)", "(4,8):(1,4)");
  both("make_ordered_layout", "(4,8)", "(1,0)", "(4,8):(8,1)");
  /* only the ranks matter: (2,3,4,5) by (20,7,0,9): 4 first (1), 3 (4),
  ** 5 (12), 2 (60) */
  both("make_ordered_layout", "(2,3,4,5)", "(20,7,0,9)", "(2,3,4,5):(60,4,1,12)");
  /* an integer order over a sub-tuple: ((2,3),4) by (1,0): 4 first (1),
  ** then (2,3) column-major from 4: (4,8) */
  both("make_ordered_layout", "((2,3),4)", "(1,0)", "((2,3),4):((4,8),1)");
  both("make_ordered_layout", "(2,3)", "0", "(2,3):(1,2)");
  both("make_ordered_layout", "4", "0", "4:1");
  both("make_ordered_layout", "()", "()", "():()");
  /* a size-1 leaf gets 0 */
  both("make_ordered_layout", "(4,1,2)", "(2,0,1)", "(4,1,2):(2,0,1)");
  /* PyCuTe's docstring: (2,3,4,2) by (0,2,3,0) is (1,4,12,2) there (ties
  ** broken left to right); CuTe gives both order-0 leaves stride 1 */
  T_EQ_STR(EVN("cute_make_ordered_layout", "(2,3,4,2)", "(0,2,3,0)"), "(2,3,4,2):(1,4,12,1)");
  T_CHECK(err_has(EVN("make_ordered_layout", "(2,3,4,2)", "(0,2,3,0)"),
                  "leaves 1 and 4 have the same order 0"));
  /* orders deeper than the shape, or of another rank: CuTe does not compile */
  T_CHECK(err_has(EVN("cute_make_ordered_layout", "(2,3)", "((1,0),0)"), "CuTe refuses"));
  T_CHECK(err_has(EVN("cute_make_ordered_layout", "(2,3)", "(0,1,2)"), "Mismatched tuple_size"));
  T_CHECK(err_has(EVN("make_ordered_layout", "(2,(3,4))", "(0,(1,2,3))"), "Mismatched tuple_size"));
  T_CHECK(err_has(EVN("make_ordered_layout", "(2,3)", "(0,x)"), "argument 2"));
  /* sizes near 2^63: (2^60,4) by (1,0) is (2^60,4):(4,1), size 2^62; (2^61,4) has size 2^63 */
  T_EQ_STR(EVN("make_ordered_layout", "(1152921504606846976,4)", "(1,0)"),
           "(1152921504606846976,4):(4,1)");
  T_CHECK(err_has(EVN("make_ordered_layout", "(2305843009213693952,4)", "(1,0)"), "overflow"));
}

/* ------------------------------------------------ exhaustive comparisons
** The contract checks decide over the leaves; here each decision on CuTe's
** answer is compared with the contract read point by point. */

/* Point by point: the coordinates of L in each group of R's coordinate
** c' (c_i / k_i = c'_i) hold the N elements of unit R(c'), each once. */
static int upcast_points(const lo_layout *l, lo_int n, const lo_layout *r) {
  int len = l->shape.len;
  lo_int k[8], c[8] = {0}, sr = 1;
  unsigned seen[4096];
  if (r->shape.len != len) return 0;
  for (int i = 0; i < len; i++) {
    k[i] = l->stride[i] == 0 || l->stride[i] >= n ? 1 : (n + l->stride[i] - 1) / l->stride[i];
    sr *= r->shape.leaf[i];
  }
  memset(seen, 0, sizeof seen);
  for (;;) {
    lo_int j = 0, w = 1, u = 0, v = 0;
    for (int i = 0; i < len; i++) {
      lo_int cp = c[i] / k[i];
      if (cp >= r->shape.leaf[i]) return 0;
      j += cp * w;
      w *= r->shape.leaf[i];
      u += cp * r->stride[i];
      v += c[i] * l->stride[i];
    }
    lo_int off = v - n * u;
    if (off < 0 || off >= n || (seen[j] >> off & 1)) return 0;
    seen[j] |= 1u << off;
    int i = 0;
    while (i < len && ++c[i] == l->shape.leaf[i]) c[i++] = 0;
    if (i == len) break;
  }
  for (lo_int j = 0; j < sr; j++)
    if (seen[j] != (1u << n) - 1) return 0;
  return 1;
}

/* Point by point: R(c) = N L(c') + c_u mod N for the one leaf u that R
** makes N times longer (R = L for N = 1). */
static int downcast_points(const lo_layout *l, lo_int n, const lo_layout *r) {
  int len = l->shape.len, u = -1;
  lo_int c[8] = {0};
  if (n == 1) return lo_layout_equal(l, r);
  for (int i = 0; i < len; i++)
    if (r->shape.leaf[i] != l->shape.leaf[i]) {
      if (u >= 0 || r->shape.leaf[i] != n * l->shape.leaf[i]) return 0;
      u = i;
    }
  if (u < 0) return 0;
  for (;;) {
    lo_int want = c[u] % n, got = 0;
    for (int i = 0; i < len; i++) {
      got += c[i] * r->stride[i];
      want += n * (i == u ? c[i] / n : c[i]) * l->stride[i];
    }
    if (got != want) return 0;
    int i = 0;
    while (i < len && ++c[i] == r->shape.leaf[i]) c[i++] = 0;
    if (i == len) return 1;
  }
}

/* Point by point: R has L's shape and zeros, its leaves of size > 1 and
** non-zero stride take each value below their size once, and a leaf of
** smaller stride in L has a smaller stride in R. */
static int like_points(const lo_layout *l, const lo_layout *r) {
  int len = l->shape.len;
  lo_int c[8] = {0}, size = 1;
  unsigned char hit[4096];
  if (!lo_tuple_equal(&l->shape, &r->shape)) return 0;
  for (int i = 0; i < len; i++) {
    if (l->stride[i] == 0 && r->stride[i] != 0) return 0;
    if (r->shape.leaf[i] > 1 && r->stride[i] != 0) size *= r->shape.leaf[i];
    for (int j = 0; j < len; j++)
      if (r->shape.leaf[i] > 1 && r->shape.leaf[j] > 1 && r->stride[i] && r->stride[j] &&
          l->stride[i] < l->stride[j] && r->stride[i] >= r->stride[j])
        return 0;
  }
  memset(hit, 0, sizeof hit);
  for (;;) {
    lo_int v = 0;
    for (int i = 0; i < len; i++) v += c[i] * r->stride[i];
    if (v >= size || hit[v]) return 0;
    hit[v] = 1;
    int i = 0; /* next coordinate over the live leaves only */
    while (i < len && (r->shape.leaf[i] == 1 || r->stride[i] == 0 || ++c[i] == r->shape.leaf[i])) {
      c[i] = 0;
      i++;
    }
    if (i == len) return 1;
  }
}

/* Every flat layout of rank 1 to 3, sizes 1..4 and strides 0..8, with N in
** 1, 2, 3, 4, 8: the plain op answers exactly where CuTe's answer meets the
** contract point by point. */
static void test_exhaustive(void) {
  static const lo_int ns[] = {1, 2, 3, 4, 8};
  long up_cases = 0, up_kept = 0, up_wrong = 0, down_cases = 0, down_kept = 0, down_wrong = 0;
  long like_cases = 0, like_kept = 0, like_wrong = 0;
  for (int rank = 1; rank <= 3; rank++) {
    lo_int s[3], d[3];
    long total = 1;
    for (int i = 0; i < rank; i++) total *= 4 * 9;
    for (long m = 0; m < total; m++) {
      long x = m;
      for (int i = 0; i < rank; i++) {
        s[i] = 1 + x % 4;
        x /= 4;
        d[i] = x % 9;
        x /= 9;
      }
      lo_layout l, r, p;
      lo_err e;
      lo_layout_flat(&l, s, d, rank);
      if (lo_cute_make_layout_like(&l, &r, &e) == LO_OK) {
        int ok = like_points(&l, &r), kept = lo_make_layout_like(&l, &p, &e) == LO_OK;
        like_cases++;
        like_kept += kept;
        if (ok != kept && like_wrong++ < 5)
          printf("make_layout_like: points %d, check %d\n", ok, kept);
      }
      for (int t = 0; t < 5; t++) {
        lo_int n = ns[t];
        if (lo_cute_upcast(&l, n, &r, &e) == LO_OK) {
          int ok = upcast_points(&l, n, &r), kept = lo_upcast(&l, n, &p, &e) == LO_OK;
          up_cases++;
          up_kept += kept;
          if (ok != kept || (kept && !lo_layout_equal(&p, &r))) {
            if (up_wrong++ < 5)
              printf("upcast<%lld>: points say %d, the check %d\n", (long long)n, ok, kept);
          }
        }
        if (lo_cute_downcast(&l, n, &r, &e) == LO_OK) {
          int ok = downcast_points(&l, n, &r), kept = lo_downcast(&l, n, &p, &e) == LO_OK;
          down_cases++;
          down_kept += kept;
          if (ok != kept || (kept && !lo_layout_equal(&p, &r))) {
            if (down_wrong++ < 5)
              printf("downcast<%lld>: points say %d, the check %d\n", (long long)n, ok, kept);
          }
        }
      }
    }
  }
  printf("exhaustive: upcast %ld answers of CuTe, %ld kept, %ld verdicts differ; downcast %ld, %ld "
         "kept, %ld differ; make_layout_like %ld, %ld kept, %ld differ\n",
         up_cases, up_kept, up_wrong, down_cases, down_kept, down_wrong, like_cases, like_kept,
         like_wrong);
  T_EQ_INT(up_wrong, 0);
  T_EQ_INT(down_wrong, 0);
  T_CHECK(up_kept > 1000 && up_kept < up_cases); /* both verdicts are reached */
  T_EQ_INT(like_wrong, 0);
  T_CHECK(like_kept > 1000 && like_kept < like_cases);
  T_CHECK(down_kept > 1000 && down_kept < down_cases);
}

int main(void) {
  test_exhaustive();
  test_upcast();
  test_downcast();
  test_recast_layout();
  test_recast();
  test_make_layout_like();
  test_make_ordered_layout();
  return T_DONE();
}
