/*
** gen_f2.c -- generators of layouts with F2 (XOR) strides (lo.h section
** 15), for the properties of properties/p_f2.c.
*/
#include "gen_values.h"

#include <stdio.h>

/* An F2 stride: 0 (all draws 0), a power of two below 2^10, or any value
** below 2^12. */
static lo_int draw_f2_stride(gen_choices *c) {
  switch (gen_draw(c, 3)) {
    case 0:
      return 0;
    case 1:
      return (lo_int)1 << gen_draw(c, 9);
    case 2:
      return (lo_int)gen_draw(c, 255);
    default:
      return (lo_int)gen_draw(c, 4095);
  }
}

/* Append an F2 layout of rank 1 to 3 to k, its extents powers of two
** (pow2) or any of 1..8, sometimes nested ((s0,s1),s2); its size into
** *size. */
static int put_f2(gen_choices *c, int pow2, gen_case *k, lo_int *size) {
  lo_int s[3] = {1, 1, 1}, d[3] = {0, 0, 0};
  int rank = 1 + (int)gen_draw(c, 2);
  *size = 1;
  for (int i = 0; i < rank; i++) {
    s[i] = pow2 ? (lo_int)1 << gen_draw(c, 4) : 1 + (lo_int)gen_draw(c, 7);
    d[i] = draw_f2_stride(c);
    *size *= s[i];
  }
  if (rank >= 2 && d[0] > 0 && gen_flip(c, 3)) d[1] = d[0] * s[0]; /* a run coalesce merges */
  if (rank == 1) return gen_case_arg(k, "%lld:F2(%lld)", (long long)s[0], (long long)d[0]);
  if (rank == 2)
    return gen_case_arg(k, "(%lld,%lld):(F2(%lld),F2(%lld))", (long long)s[0], (long long)s[1],
                        (long long)d[0], (long long)d[1]);
  if (gen_flip(c, 2))
    return gen_case_arg(k, "((%lld,%lld),%lld):((F2(%lld),F2(%lld)),F2(%lld))", (long long)s[0],
                        (long long)s[1], (long long)s[2], (long long)d[0], (long long)d[1],
                        (long long)d[2]);
  return gen_case_arg(k, "(%lld,%lld,%lld):(F2(%lld),F2(%lld),F2(%lld))", (long long)s[0],
                      (long long)s[1], (long long)s[2], (long long)d[0], (long long)d[1],
                      (long long)d[2]);
}

/* F a b: an F2 layout with power-of-two extents and two indices below its
** size. */
static int g_f2_pair(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_int size;
  (void)b;
  if (put_f2(c, 1, k, &size)) return -1;
  return gen_case_arg(k, "%lld", (long long)gen_draw(c, (uint64_t)(size - 1))) ||
         gen_case_arg(k, "%lld", (long long)gen_draw(c, (uint64_t)(size - 1)));
}

/* F: an F2 layout with extents 1..8 or powers of two. */
static int g_f2_layout(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_int size;
  (void)b;
  return put_f2(c, gen_flip(c, 2), k, &size);
}

/* F B: an F2 layout and a layout B of rank 1 or 2 (extents 1..8, strides
** 0..16) to compose with it. */
static int g_f2_compose(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_int size, s[2], d[2];
  (void)b;
  if (put_f2(c, gen_flip(c, 2), k, &size)) return -1;
  int rank = 1 + (int)gen_draw(c, 1);
  for (int i = 0; i < rank; i++) {
    s[i] = 1 + (lo_int)gen_draw(c, 7);
    d[i] = gen_flip(c, 2) ? (lo_int)1 << gen_draw(c, 4) : (lo_int)gen_draw(c, 16);
  }
  if (rank == 1) return gen_case_arg(k, "%lld:%lld", (long long)s[0], (long long)d[0]);
  return gen_case_arg(k, "(%lld,%lld):(%lld,%lld)", (long long)s[0], (long long)s[1],
                      (long long)d[0], (long long)d[1]);
}

const gen_info gen_f2_table[] = {
    {"f2_pair", "F a b", "an F2 layout with power-of-two extents and two indices below its size",
     g_f2_pair},
    {"f2_layout", "F", "an F2 layout of rank 1 to 3 (extents 1..8 or powers of two)", g_f2_layout},
    {"f2_compose", "F B", "an F2 layout and a layout to compose with it", g_f2_compose},
};
const int gen_f2_count = (int)(sizeof gen_f2_table / sizeof gen_f2_table[0]);
