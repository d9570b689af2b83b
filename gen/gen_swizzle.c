/*
** gen_swizzle.c -- generators of swizzles and composed layouts (lo.h
** section 13), for the properties of properties/p_swizzle.c.
*/
#include "gen_values.h"

#include <stdio.h>

/* A swizzle Sw<B,M,S>: B in 0..4, M in 0..6, |S| in max(B,1)..B+3 (S = 0
** only with B = 0), S negative one time in three; all draws 0 give
** Sw<0,0,1>. */
static void draw_swizzle(gen_choices *c, lo_swizzle *sw) {
  int bits = (int)gen_draw(c, 4), base = (int)gen_draw(c, 6);
  int lo = bits > 0 ? bits : 1, abs_s = lo + (int)gen_draw(c, 3);
  if (bits == 0 && gen_flip(c, 8)) abs_s = 0;
  sw->bits = bits;
  sw->base = base;
  sw->shift = gen_flip(c, 3) ? -abs_s : abs_s;
}

/* Sw x: a swizzle and an offset, within a few periods of 0 or anywhere
** below 2^40. */
static int g_swizzle_point(gen_choices *c, const gen_bounds *b, gen_case *k) {
  (void)b;
  lo_swizzle sw;
  draw_swizzle(c, &sw);
  lo_int period = lo_swizzle_period(&sw);
  lo_int x = gen_flip(c, 4) ? (lo_int)gen_draw(c, ((uint64_t)1 << 40) - 1)
                            : (lo_int)gen_draw(c, (uint64_t)(4 * period - 1));
  char t[64];
  lo_print_swizzle(&sw, t, sizeof t);
  return gen_case_arg(k, "%s", t) || gen_case_arg(k, "%lld", (long long)x);
}

/* C: a composed layout Sw o O o L: L of rank 1 to 3, modes of size 1 to
** 16 with strides from the bounds, sometimes nested; O 0 most of the
** time, else below 256 or smem_ptr[16b](unset). */
static int g_composed(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_swizzle sw;
  draw_swizzle(c, &sw);
  lo_int s[3], d[3];
  int rank = 1 + (int)gen_draw(c, 2);
  for (int i = 0; i < rank; i++) {
    s[i] = 1 + (lo_int)gen_draw(c, 15);
    d[i] = gen_stride(c, b);
  }
  char sw_text[64], inner[256], off[40];
  lo_print_swizzle(&sw, sw_text, sizeof sw_text);
  if (rank == 3 && gen_flip(c, 2)) /* nested: ((s0,s1),s2) */
    snprintf(inner, sizeof inner, "((%lld,%lld),%lld):((%lld,%lld),%lld)", (long long)s[0],
             (long long)s[1], (long long)s[2], (long long)d[0], (long long)d[1], (long long)d[2]);
  else if (rank == 1)
    snprintf(inner, sizeof inner, "%lld:%lld", (long long)s[0], (long long)d[0]);
  else {
    lo_layout l;
    lo_layout_flat(&l, s, d, rank);
    if (lo_print_layout(&l, inner, sizeof inner)) return -1;
  }
  int kind = (int)gen_draw(c, 5);
  if (kind == 4)
    snprintf(off, sizeof off, "smem_ptr[16b](unset)");
  else
    snprintf(off, sizeof off, "%lld", kind >= 2 ? (long long)gen_draw(c, 255) : 0LL);
  return gen_case_arg(k, "%s o %s o %s", sw_text, off, inner);
}

const gen_info gen_swizzle_table[] = {
    {"swizzle_point", "Sw x", "a swizzle Sw<B,M,S> (B <= 4, M <= 6, |S| <= B+3) and an offset",
     g_swizzle_point},
    {"composed", "C", "a composed layout Sw o O o L (O an integer or smem_ptr[16b](unset))",
     g_composed},
};
const int gen_swizzle_count = (int)(sizeof gen_swizzle_table / sizeof gen_swizzle_table[0]);
