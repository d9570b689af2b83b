/*
** gen_negative.c -- generators of layouts with negative strides (lo.h
** section 17), for the properties of properties/p_negative.c:
**   neg_layout  L    rank 1 to 3, sometimes one nested mode, shapes 1 to 8,
**                    strides in [-9, 9] or compact with signs flipped; at
**                    least one negative
**   neg_pair    A B  A as neg_layout; B a compact layout of 1 to 8, a
**                    layout of rank 1 or 2 with strides in [-4, 4], or a
**                    power of two with stride -1
*/
#include "gen_values.h"

#include <stdio.h>

/* Draw a layout with at least one negative stride into l. */
static int draw_negative(gen_choices *c, lo_layout *l) {
  lo_int s[4], d[4];
  int rank = 1 + (int)gen_draw(c, 2), nested = rank >= 2 && gen_flip(c, 4);
  int len = rank + nested;
  int compact = gen_flip(c, 2);
  lo_int acc = 1;
  for (int i = 0; i < len; i++) {
    s[i] = 1 + (lo_int)gen_draw(c, 7);
    if (compact) {
      d[i] = gen_flip(c, 2) ? -acc : acc;
      acc *= s[i];
    } else {
      d[i] = (lo_int)gen_draw(c, 18) - 9;
    }
  }
  int neg = 0;
  for (int i = 0; i < len; i++) neg |= d[i] < 0;
  if (!neg) d[0] = d[0] == 0 ? -1 : -d[0];
  if (nested) { /* ((s0,s1),s2[,s3]) */
    char t[256];
    lo_err e;
    if (len == 3)
      snprintf(t, sizeof t, "((%lld,%lld),%lld):((%lld,%lld),%lld)", (long long)s[0],
               (long long)s[1], (long long)s[2], (long long)d[0], (long long)d[1], (long long)d[2]);
    else
      snprintf(t, sizeof t, "((%lld,%lld),%lld,%lld):((%lld,%lld),%lld,%lld)", (long long)s[0],
               (long long)s[1], (long long)s[2], (long long)s[3], (long long)d[0], (long long)d[1],
               (long long)d[2], (long long)d[3]);
    return lo_parse_layout_signed(t, l, &e) ? -1 : 0;
  }
  lo_layout_flat(l, s, d, len);
  return 0;
}

/* neg_layout: L. */
static int g_neg_layout(gen_choices *c, const gen_bounds *b, gen_case *k) {
  (void)b;
  lo_layout l;
  if (draw_negative(c, &l)) return -1;
  return gen_put_layout(k, &l);
}

/* neg_pair: A B. */
static int g_neg_pair(gen_choices *c, const gen_bounds *b, gen_case *k) {
  (void)b;
  lo_layout a, l;
  lo_int s[2], d[2];
  if (draw_negative(c, &a) || gen_put_layout(k, &a)) return -1;
  int kind = (int)gen_draw(c, 2);
  if (kind == 0) { /* compact n:1 */
    s[0] = 1 + (lo_int)gen_draw(c, 7);
    d[0] = 1;
    lo_layout_flat(&l, s, d, 1);
  } else if (kind == 1) {
    int rank = 1 + (int)gen_draw(c, 1);
    for (int i = 0; i < rank; i++) {
      s[i] = 1 + (lo_int)gen_draw(c, 3);
      d[i] = (lo_int)gen_draw(c, 8) - 4;
    }
    lo_layout_flat(&l, s, d, rank);
  } else {
    s[0] = (lo_int)1 << gen_draw(c, 3);
    d[0] = -1;
    lo_layout_flat(&l, s, d, 1);
  }
  return gen_put_layout(k, &l);
}

const gen_info gen_negative_table[] = {
    {"neg_layout", "L", "a layout with a negative stride (rank 1 to 3, shapes up to 8)",
     g_neg_layout},
    {"neg_pair", "A B", "a layout with a negative stride and a small layout B (any signs)",
     g_neg_pair},
};
const int gen_negative_count = (int)(sizeof gen_negative_table / sizeof gen_negative_table[0]);
