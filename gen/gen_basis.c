/*
** gen_basis.c -- generators of coordinate layouts (layouts with
** scaled-basis strides N@i, lo.h section 18), for the properties of
** properties/p_basis.c.
*/
#include "gen_values.h"

#include <stdio.h>

/* A coordinate layout into l: rank 1 to 3, leaves of size 1 to 8 (the
** first mode a pair of leaves one time in three), each stride v@i with v
** in 1..4 and i in 0..2, one time in four a nested basis v@j@i, one time
** in eight the integer 0; all draws 0 give 1:1@0. */
static void draw_basis_layout(gen_choices *c, lo_basis_layout *l) {
  int rank = 1 + (int)gen_draw(c, 2), nested = gen_flip(c, 3);
  lo_tuple *t = &l->shape;
  t->len = t->ntok = 0;
  if (rank > 1 || nested) t->tok[t->ntok++] = '(';
  for (int m = 0; m < rank; m++) {
    int leaves = m == 0 && nested ? 2 : 1;
    if (leaves == 2) t->tok[t->ntok++] = '(';
    for (int k = 0; k < leaves; k++) {
      lo_basis *b = &l->stride[t->len];
      t->leaf[t->len++] = 1 + (lo_int)gen_draw(c, 7);
      t->tok[t->ntok++] = '*';
      b->value = 1 + (lo_int)gen_draw(c, 3);
      b->npath = 1;
      b->path[0] = (unsigned char)gen_draw(c, 2);
      if (gen_flip(c, 4)) b->path[b->npath++] = (unsigned char)gen_draw(c, 2);
      if (gen_flip(c, 8)) b->npath = 0, b->value = 0;
    }
    if (leaves == 2) t->tok[t->ntok++] = ')';
  }
  if (rank > 1 || nested) t->tok[t->ntok++] = ')';
}

/* CL: a coordinate layout, or (one time in three) an identity layout. */
static int g_coord_layout(gen_choices *c, const gen_bounds *b, gen_case *k) {
  (void)b;
  lo_basis_layout l;
  lo_err e;
  char t[1024];
  draw_basis_layout(c, &l);
  if (gen_flip(c, 3) && lo_basis_identity(&l.shape, &l, &e)) return -1;
  if (lo_print_basis_layout(&l, t, sizeof t)) return -1;
  return gen_case_arg(k, "%s", t);
}

/* CL B (coord_tiler, coord_tile): an identity layout of rank 1 to 3 (sizes powers of two up to 64)
** and a B to compose it with: a layout n:d (n, d powers of two up to 16)
** or a tiler <t1,..>, one entry per mode, each a power of two dividing
** the mode's size. */
static int coord_b(gen_choices *c, int tiler_only, gen_case *k) {
  lo_basis_layout l;
  lo_err e;
  lo_int s[3];
  int rank = 1 + (int)gen_draw(c, 2), ex[3];
  for (int i = 0; i < rank; i++) {
    ex[i] = (int)gen_draw(c, 6);
    s[i] = (lo_int)1 << ex[i];
  }
  lo_tuple shape;
  if (rank == 1)
    lo_tuple_int(&shape, s[0]);
  else
    lo_tuple_flat(&shape, s, rank);
  char t[1024], bt[128];
  if (lo_basis_identity(&shape, &l, &e) || lo_print_basis_layout(&l, t, sizeof t)) return -1;
  if (!tiler_only && gen_flip(c, 2)) {
    snprintf(bt, sizeof bt, "%lld:%lld", 1LL << gen_draw(c, 4), 1LL << gen_draw(c, 4));
  } else {
    int n = 0;
    n += snprintf(bt + n, sizeof bt - (size_t)n, "<");
    for (int i = 0; i < rank; i++)
      n += snprintf(bt + n, sizeof bt - (size_t)n, "%s%lld", i ? "," : "",
                    1LL << gen_draw(c, (uint64_t)ex[i]));
    snprintf(bt + n, sizeof bt - (size_t)n, ">");
  }
  return gen_case_arg(k, "%s", t) || gen_case_arg(k, "%s", bt);
}

/* CL B: as coord_b, B a layout or a tiler. */
static int g_coord_tiler(gen_choices *c, const gen_bounds *b, gen_case *k) {
  (void)b;
  return coord_b(c, 0, k);
}

/* CL T: as coord_b, T always a tiler. */
static int g_coord_tile(gen_choices *c, const gen_bounds *b, gen_case *k) {
  (void)b;
  return coord_b(c, 1, k);
}

const gen_info gen_basis_table[] = {
    {"coord_layout", "CL",
     "a coordinate layout (strides v@i, v@j@i, v <= 4, i <= 2; rank <= 3) or an identity layout",
     g_coord_layout},
    {"coord_tiler", "CL B",
     "an identity layout (sizes powers of two up to 64) and a layout n:d or a dividing tiler",
     g_coord_tiler},
    {"coord_tile", "CL T", "an identity layout (sizes powers of two up to 64) and a dividing tiler",
     g_coord_tile},
};
const int gen_basis_count = (int)(sizeof gen_basis_table / sizeof gen_basis_table[0]);
