/* test_lo_compose_fast.c -- the short cuts of composition, logical_divide
** and the layout pair (oracle/lo_cute.c, lo_compose.c, lo_divide.c,
** lo_cute_tile.c, lo_layout.c) against the general computations they
** replace, on every small layout of the sets below.  The references are written here from
** CuTe's definitions (cute/layout.hpp's composition_impl, logical_divide,
** make_layout of two layouts), step by step, with none of the short cuts. */
#include "lo_internal.h"
#include "t.h"

#include <string.h>

/* Layout number k of a set of small flat layouts of rank 1..rmax with
** shapes from sh[0..ns) and strides from st[0..nd) (rmax <= 8); returns 0
** past the end of the set. */
static int small_flat(int k, int rmax, const lo_int *sh, int ns, const lo_int *st, int nd,
                      lo_layout *l) {
  int per = ns * nd, count = 1;
  for (int r = 1; r <= rmax; r++) {
    count *= per;
    if (k >= count) {
      k -= count;
      continue;
    }
    lo_int s[8], d[8];
    for (int i = 0; i < r; i++, k /= per) {
      s[i] = sh[k % per / nd];
      d[i] = st[k % per % nd];
    }
    lo_layout_flat(l, s, d, r);
    return 1;
  }
  return 0;
}

/* ceil(a / b) written out, a >= 0, b > 0. */
static lo_int ceil_div(lo_int a, lo_int b) { return (a + b - 1) / b; }

/* CuTe's composition_impl for one leaf s:d of B against A's coalesce_x
** modes a[0..na), as cute/layout.hpp writes it: at every mode but the
** last, the stride condition, next_s = ceil_div(cs, rest_d), next_d =
** ceil_div(rest_d, cs), the shape condition, a mode of the result; the
** rest on A's last mode.  Returns 1 where CuTe refuses, 2 where a stride
** of the result does not fit; else 0 with the result in *tree. */
static int ref_leaf(const lo_mode *a, int na, lo_int s, lo_int d, lo_layout *tree) {
  lo_mode r[LO_MAX_LEAVES];
  int nr = 0;
  lo_int rest_s = s, rest_d = d;
  if (d == 0 || na == 1) {
    lo_int t = 0;
    if (d != 0 && __builtin_mul_overflow(d, a[0].d, &t)) return 2;
    lo_layout_scalar(tree, s, t);
    return 0;
  }
  for (int i = 0; i + 1 < na; i++) {
    lo_int cs = a[i].s;
    if (rest_d % cs != 0 && rest_d >= cs) return 1;
    lo_int next_s = ceil_div(cs, rest_d), next_d = ceil_div(rest_d, cs);
    if (next_s != 1 && rest_s != 1) {
      lo_int m = next_s < rest_s ? next_s : rest_s;
      if (rest_s % m != 0) return 1;
      r[nr].s = m;
      if (__builtin_mul_overflow(rest_d, a[i].d, &r[nr].d)) return 2;
      nr++;
      rest_s /= m;
    }
    rest_d = next_d;
  }
  if (nr == 0 || rest_s != 1) {
    r[nr].s = rest_s;
    if (__builtin_mul_overflow(rest_d, a[na - 1].d, &r[nr].d)) return 2;
    nr++;
  }
  lo_layout_from_modes(tree, r, nr);
  return 0;
}

/* Compose A with every leaf B = bs[i]:bd[j] by lo_cute_composition and by
** ref_leaf; counts the mismatches, and the leaves composed and refused. */
static void leaves_against_ref(const lo_layout *a, const lo_int *bs, int nbs, const lo_int *bd,
                               int nbd, int *mismatched, int *composed, int *refused) {
  lo_mode am[LO_MAX_LEAVES];
  lo_layout b, r, want;
  int na;
  lo_err e;
  if (lo_cute_coalesce_x_modes(a, am, &na, &e)) {
    (*mismatched)++;
    return;
  }
  for (int i = 0; i < nbs * nbd; i++) {
    lo_layout_scalar(&b, bs[i / nbd], bd[i % nbd]);
    int ref = ref_leaf(am, na, bs[i / nbd], bd[i % nbd], &want);
    int rc = lo_cute_composition(a, &b, &r, &e);
    if (ref == 1) {
      (*refused)++;
      *mismatched += rc == LO_OK || !lo_cute_refused(&e);
    } else if (ref == 0) {
      (*composed)++;
      *mismatched += rc != LO_OK || !lo_layout_equal(&r, &want);
    }
  }
}

/* The walk of lo_cute_composition (the stride phase skipped by bisection
** over A's prefix products, then one division a step, powers of two by
** shifts) against ref_leaf: for every A of the set (rank <= 3, shapes
** 1,2,3,4,6, strides 0,1,2,3,4,8) and every leaf B = s:d (s 1..9 and 12,
** d 0..9, 12 and 16), the same layout or both refusals; then A of rank
** 4..6 (shapes 2,3,4, strides 1,7: every 29th of them) against strides
** up to 4^6, and outer modes whose prefix products pass 2^63. */
static void test_leaf_walk(void) {
  static const lo_int sh[] = {1, 2, 3, 4, 6}, st[] = {0, 1, 2, 3, 4, 8};
  static const lo_int bs[10] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 12},
                      bd[12] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 16};
  static const lo_int sh2[] = {2, 3, 4}, st2[] = {1, 7}, bs2[] = {1, 2, 3, 4, 6, 8, 12};
  static const lo_int bd2[] = {1,   2,   3,   4,   6,    8,    9,    12,   16,      18,  24,
                               27,  32,  36,  48,  64,   72,   81,   96,   128,     144, 256,
                               288, 512, 576, 729, 1024, 1152, 2048, 4096, 3 * 4096};
  static const char *const huge[] = {"(4294967296,4294967296,2):(1,8589934593,1)",
                                     "(2147483648,2147483648,4,3):(1,4294967297,3,1)",
                                     "(3,1099511627776,1099511627776,5):(1,7,11,1)"};
  static const lo_int bd3[] = {1,
                               3,
                               4294967296,
                               4611686018427387904,
                               3298534883328,
                               6597069766656,
                               2147483648 * 3,
                               9007199254740992};
  int mismatched = 0, composed = 0, refused = 0;
  lo_layout a;
  for (int k = 0; small_flat(k, 3, sh, 5, st, 6, &a); k++)
    leaves_against_ref(&a, bs, 10, bd, 12, &mismatched, &composed, &refused);
  T_CHECK(composed > 100000 && refused > 10000); /* both outcomes are exercised */
  for (int k = 6 + 6 * 6 + 6 * 6 * 6; small_flat(k, 6, sh2, 3, st2, 2, &a); k += 29)
    leaves_against_ref(&a, bs2, 7, bd2, 31, &mismatched, &composed, &refused);
  for (int k = 0; k < 3; k++) {
    lo_err e;
    if (lo_parse_layout(huge[k], &a, &e)) mismatched++;
    leaves_against_ref(&a, bs2, 7, bd3, 8, &mismatched, &composed, &refused);
  }
  T_EQ_INT(mismatched, 0);
}

/* The tree walk of lo_cute_composition (B's profile read left to right)
** against CuTe's by-mode definition, composition(A, (B1, B2)) =
** make_layout(composition(A, B1), composition(A, B2)), with B1 and B2
** themselves flat tuples or integers, so that B nests to depth 2. */
static void test_tree_walk(void) {
  static const lo_int sh[] = {1, 2, 4, 3}, st[] = {0, 1, 2, 6};
  static const char *const outer[] = {"(4,4):(1,4)", "(2,3,4):(1,2,6)", "(6,2):(1,10)", "12:1",
                                      "(3,1,4):(2,0,6)"};
  int mismatched = 0, checked = 0;
  for (int o = 0; o < 5; o++) {
    lo_layout a, b1, b2, bb, r, r1, r2, want;
    lo_err e;
    if (lo_parse_layout(outer[o], &a, &e)) mismatched++;
    for (int i = 0; small_flat(i, 2, sh, 4, st, 4, &b1); i++)
      for (int j = 0; small_flat(j, 2, sh, 4, st, 4, &b2); j++) {
        if (lo_layout_pair(&b1, &b2, &bb, &e)) {
          mismatched++;
          continue;
        }
        int rc = lo_cute_composition(&a, &bb, &r, &e);
        int parts = lo_cute_composition(&a, &b1, &r1, &e) == LO_OK &&
                    lo_cute_composition(&a, &b2, &r2, &e) == LO_OK;
        const lo_layout *pp[2] = {&r1, &r2};
        if (parts && lo_layout_nest(pp, 2, &want, &e)) mismatched++;
        mismatched += (rc == LO_OK) != parts || (parts && !lo_layout_equal(&r, &want));
        checked += parts;
      }
  }
  T_EQ_INT(mismatched, 0);
  T_CHECK(checked > 5000);
}

/* lo_layout_pair against lo_layout_nest of the two, nested parts
** included, and with the output aliasing either part. */
static void test_pair(void) {
  static const char *const parts[] = {"4:2",     "(2,3):(1,2)", "((2,2),3):((1,4),8)",
                                      "(1):(0)", "((4)):((3))", "(2,(3,(4,5))):(1,(2,(6,24)))",
                                      "8:1"};
  int mismatched = 0;
  for (int i = 0; i < 7; i++)
    for (int j = 0; j < 7; j++) {
      lo_layout x, y, got, want, alias;
      lo_err e;
      if (lo_parse_layout(parts[i], &x, &e) || lo_parse_layout(parts[j], &y, &e)) mismatched++;
      const lo_layout *pp[2] = {&x, &y};
      if (lo_layout_nest(pp, 2, &want, &e) || lo_layout_pair(&x, &y, &got, &e)) mismatched++;
      mismatched += !lo_layout_equal(&got, &want) || got.is_tiler;
      alias = x;
      if (lo_layout_pair(&alias, &y, &alias, &e) || !lo_layout_equal(&alias, &want)) mismatched++;
      alias = y;
      if (lo_layout_pair(&x, &alias, &alias, &e) || !lo_layout_equal(&alias, &want)) mismatched++;
    }
  T_EQ_INT(mismatched, 0);
}

/* logical_divide reads coalesce(A)'s shape off coalesce_x(A) and hands
** those modes on to the composition; here the general path, step by
** step: A o (B, complement(B, shape(coalesce A))) with lo_coalesce,
** lo_complement_to, lo_layout_nest and lo_composition.  The same answer
** or the same error, for every A (rank <= 3, trailing size-1 modes
** included, which take lo_coalesce) and B (rank <= 2) of the sets. */
static void test_divide(void) {
  static const lo_int sha[] = {1, 2, 3, 4}, sta[] = {0, 1, 2, 4, 6};
  static const lo_int shb[] = {1, 2, 3, 4}, stb[] = {0, 1, 2, 3, 4};
  int mismatched = 0, divided = 0, failed = 0;
  lo_layout a, b, ca, bc, bb, got, want;
  for (int i = 0; small_flat(i, 3, sha, 4, sta, 5, &a); i += 7)
    for (int j = 0; small_flat(j, 2, shb, 4, stb, 5, &b); j++) {
      lo_err e1, e2;
      char msg[sizeof e2.msg];
      int rc = lo_logical_divide(&a, &b, &got, &e1);
      const lo_layout *pp[2] = {&b, &bc};
      int ref = lo_coalesce(&a, &ca, &e2) || lo_complement_to(&b, &ca.shape, &bc, &e2) ||
                lo_layout_nest(pp, 2, &bb, &e2);
      if (!ref && lo_composition(&a, &bb, &want, &e2)) {
        memcpy(msg, e2.msg, sizeof msg);
        lo_fail(&e2, e2.code, "logical_divide: A o (B, complement(B, shape(coalesce A))): %s", msg);
        ref = 1;
      }
      if (ref) {
        failed++;
        mismatched += rc != e2.code || strcmp(e1.msg, e2.msg) != 0;
      } else {
        divided++;
        mismatched += rc != LO_OK || !lo_layout_equal(&got, &want);
      }
    }
  T_EQ_INT(mismatched, 0);
  T_CHECK(divided > 10000 && failed > 1000);
}

/* CuTe's own logical_divide (lo_cute_logical_divide) takes coalesce(A)
** once where A's last flat mode has a shape other than 1; here its
** definition step by step: lo_cute_coalesce, lo_cute_complement,
** lo_layout_nest, lo_cute_composition.  The same answer or the same
** error, for every A (rank <= 3) and B (rank <= 2) of the sets. */
static void test_cute_divide(void) {
  static const lo_int sha[] = {1, 2, 3, 4}, sta[] = {0, 1, 2, 4, 6};
  static const lo_int shb[] = {1, 2, 3, 4}, stb[] = {0, 1, 2, 3, 4};
  int mismatched = 0, divided = 0, refused = 0;
  lo_layout a, b, ca, c, bb, got, want;
  for (int i = 0; small_flat(i, 3, sha, 4, sta, 5, &a); i += 7)
    for (int j = 0; small_flat(j, 2, shb, 4, stb, 5, &b); j++) {
      lo_err e1, e2;
      int rc = lo_cute_logical_divide(&a, &b, &got, &e1);
      const lo_layout *pp[2] = {&b, &c};
      int ref = lo_cute_coalesce(&a, NULL, &ca, &e2) ||
                lo_cute_complement(&b, &ca.shape, &c, &e2) || lo_layout_nest(pp, 2, &bb, &e2) ||
                lo_cute_composition(&a, &bb, &want, &e2);
      if (ref) {
        refused++;
        mismatched += rc != e2.code || strcmp(e1.msg, e2.msg) != 0;
      } else {
        divided++;
        mismatched += rc != LO_OK || !lo_layout_equal(&got, &want);
      }
    }
  T_EQ_INT(mismatched, 0);
  T_CHECK(divided > 10000 && refused > 1000);
}

/* The claim divide's short cut rests on: where A's last flat mode has a
** shape other than 1, coalesce(A) and coalesce_x(A) have the same modes. */
static void test_coalesce_x_is_coalesce(void) {
  static const lo_int sh[] = {1, 2, 3, 4}, st[] = {0, 1, 2, 3, 4, 8};
  int mismatched = 0, compared = 0;
  lo_layout a, ca;
  for (int k = 0; small_flat(k, 3, sh, 4, st, 6, &a); k++) {
    lo_mode am[LO_MAX_LEAVES], cm[LO_MAX_LEAVES];
    int na;
    lo_err e;
    if (a.shape.leaf[a.shape.len - 1] == 1) continue;
    if (lo_coalesce(&a, &ca, &e) || lo_cute_coalesce_x_modes(&a, am, &na, &e)) {
      mismatched++;
      continue;
    }
    compared++;
    mismatched += lo_modes_of(&ca, cm) != na || memcmp(cm, am, (size_t)na * sizeof *am) != 0;
  }
  T_EQ_INT(mismatched, 0);
  T_CHECK(compared > 10000);
}

int main(void) {
  test_leaf_walk();
  test_tree_walk();
  test_pair();
  test_divide();
  test_cute_divide();
  test_coalesce_x_is_coalesce();
  return T_DONE();
}
