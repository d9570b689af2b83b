/*
** gen_recast.c -- generators for the recasts and the compact layouts made
** in an order (properties/p_recast.c):
**   unit_layout  L N   a layout and a unit of N elements: two times in
**                      three L has one stride-1 leaf a multiple of N long and
**                      every other stride a multiple of N (whole units), else
**                      any strides
**   shape_order  S O   a shape and an order congruent to it (a permutation,
**                      sometimes scaled or with a tie), or an integer per top
**                      mode; orders from 1 (only their ranks matter), so that
**                      they read as shapes too
*/
#include "gen_values.h"

#include <stdio.h>

/* Shapes s[0..n) with their nested profile (at most the bounds' depth). */
static int draw_shape(gen_choices *c, const gen_bounds *b, lo_tuple *t, lo_int budget) {
  int n = 0, top = gen_max_len(b) < 6 ? gen_max_len(b) : 6;
  lo_int size = 1;
  while (n < 1 ? 1 : gen_more(c, n, top)) {
    t->leaf[n] = gen_shape_entry(c, b, budget / size < 1 ? 1 : budget / size);
    size *= t->leaf[n];
    n++;
  }
  t->len = n;
  t->ntok = 0;
  if (n == 1 && gen_flip(c, 2)) {
    t->tok[t->ntok++] = '*';
  } else {
    int depth = b->max_depth < 1 ? 1 : b->max_depth;
    t->tok[t->ntok++] = '(';
    for (int i = 0; i < n;) { /* top modes of one or two leaves */
      int take = (i + 1 < n && depth >= 2 && gen_flip(c, 3)) ? 2 : 1;
      gen_profile_rec(c, take, take > 1 ? 1 : 0, t->tok, &t->ntok);
      i += take;
    }
    t->tok[t->ntok++] = ')';
  }
  return n;
}

/* The generator unit_layout (L N). */
static int g_unit_layout(gen_choices *c, const gen_bounds *b, gen_case *k) {
  static const lo_int units[] = {2, 4, 8, 1, 3, 16};
  lo_int n = units[gen_draw(c, 5)], d[LO_MAX_LEAVES];
  lo_tuple t;
  lo_layout l;
  lo_err e;
  int len = draw_shape(c, b, &t, b->max_size / (n < 4 ? n : 4) + 1);
  if (!gen_flip(c, 3)) { /* whole units */
    int u = (int)gen_draw(c, (uint64_t)(len - 1));
    t.leaf[u] *= n;
    for (int i = 0; i < len; i++) {
      lo_int s = gen_stride(c, b);
      d[i] = i == u ? 1 : (s > b->max_size ? 0 : s * n);
    }
  } else {
    for (int i = 0; i < len; i++) d[i] = gen_stride(c, b);
  }
  if (lo_layout_make(&t, d, &l, &e)) return -1;
  return gen_put_layout(k, &l) || gen_case_arg(k, "%lld", (long long)n);
}

/* The generator shape_order (S O). */
static int g_shape_order(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_tuple s, o;
  int p[LO_MAX_LEAVES];
  int n = draw_shape(c, b, &s, b->max_size);
  if (gen_flip(c, 5) && s.tok[0] == '(') { /* an integer order per top mode */
    char buf[GEN_ARG_LEN];
    size_t len = 0;
    int r = 0, depth = 0;
    buf[len++] = '(';
    for (int i = 1; i + 1 < s.ntok; i++) {
      if (depth == 0 && s.tok[i] != ')') {
        len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%llu", r ? "," : "",
                                (unsigned long long)(1 + gen_draw(c, 4)));
        r++;
      }
      depth += s.tok[i] == '(' ? 1 : s.tok[i] == ')' ? -1 : 0;
    }
    buf[len++] = ')';
    buf[len] = 0;
    return gen_put_tuple(k, &s) || gen_case_arg(k, "%s", buf);
  }
  for (int i = 0; i < n; i++) p[i] = i;
  gen_shuffle(c, p, n);
  lo_int scale = gen_flip(c, 3) ? 1 + (lo_int)gen_draw(c, 9) : 1;
  o = s;
  for (int i = 0; i < n; i++) o.leaf[i] = (p[i] + 1) * scale;
  if (n > 1 && gen_flip(c, 5)) o.leaf[gen_draw(c, (uint64_t)(n - 1))] = o.leaf[0]; /* a tie */
  /* print the order with its zeros (gen_put_tuple writes shapes) */
  char buf[LO_MAX_LEAVES * 24];
  if (lo_print_index(&o, buf, sizeof buf)) return -1;
  return gen_put_tuple(k, &s) || gen_case_arg(k, "%s", buf);
}

const gen_info gen_recast_table[] = {
    {"unit_layout", "L N", "a layout and N, two times in three of whole N-element units",
     g_unit_layout},
    {"shape_order", "S O", "a shape and an order (a permutation, scaled, tied, or per top mode)",
     g_shape_order},
};
const int gen_recast_count = (int)(sizeof gen_recast_table / sizeof gen_recast_table[0]);
