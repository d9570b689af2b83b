/*
** lo_eval_values.c -- op handlers for values and their structure (size,
** rank, modes, the layout function, ...) and the flat operations of
** Chapter 2.1 (coalesce, filter, squeeze, sort, restriction, permutation,
** concatenation, substitution); print_layout, CuTe's grid.  See
** lo_eval_internal.h.
*/
#include "lo_eval_internal.h"

#include <stdlib.h>
#include <string.h>

/* The op size L|X: number of coordinates: product of the shape. */
int op_size(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  lo_tuple t;
  lo_int s;
  if (ev_is_morphism(a, 0)) return lo_fail(err, LO_EUNDEF, "size takes a layout or a nested tuple");
  if (ev_get_shape(a, 0, &t, err) || lo_tuple_size(&t, &s, err)) return err->code;
  ev_out_int(o, s);
  return LO_OK;
}

/* The op cosize L: 1 + largest value of the layout function. */
int op_cosize(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  lo_layout l;
  lo_int c;
  if (ev_get_layout(a, 0, &l, err) || lo_cosize(&l, &c, err)) return err->code;
  ev_out_int(o, c);
  return LO_OK;
}

/* The op rank L|X: number of top-level modes (1 for an integer). */
int op_rank(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  lo_tuple t;
  if (ev_get_shape(a, 0, &t, err)) return err->code;
  ev_out_int(o, lo_tuple_rank(&t));
  return LO_OK;
}

/* The op depth L|X: nesting depth (0 for an integer). */
int op_depth(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  lo_tuple t;
  if (ev_get_shape(a, 0, &t, err)) return err->code;
  ev_out_int(o, lo_tuple_depth(&t));
  return LO_OK;
}

/* The op len L|X: number of integer entries. */
int op_len(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  lo_tuple t;
  if (ev_get_shape(a, 0, &t, err)) return err->code;
  ev_out_int(o, t.len);
  return LO_OK;
}

/* (rank,len,depth[,size]) of a tuple or layout. */
static int rank_len_depth(ev_args a, int with_size, ev_out *o, lo_err *err) {
  lo_tuple t;
  if (ev_get_shape(a, 0, &t, err)) return err->code;
  ev_out_str(o, "(");
  ev_out_int(o, lo_tuple_rank(&t));
  ev_out_str(o, ",");
  ev_out_int(o, t.len);
  ev_out_str(o, ",");
  ev_out_int(o, lo_tuple_depth(&t));
  if (with_size) {
    lo_int s;
    if (lo_tuple_size(&t, &s, err)) return err->code;
    ev_out_str(o, ",");
    ev_out_int(o, s);
  }
  ev_out_str(o, ")");
  return LO_OK;
}

/* The op rank_len_depth X: (rank,len,depth). */
int op_rank_len_depth(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  return rank_len_depth(a, 0, o, err);
}
/* The op rank_len_depth_size L|X: (rank,len,depth,size). */
int op_rank_len_depth_size(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  return rank_len_depth(a, 1, o, err);
}

/* The op flatten L|X: the flat tuple of entries. */
int op_flatten(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  if (ev_is_layout(a, 0)) {
    lo_layout l, r;
    if (ev_get_layout(a, 0, &l, err)) return err->code;
    lo_layout_flatten(&l, &r);
    ev_out_layout(o, &r);
    return LO_OK;
  }
  lo_tuple t, r;
  if (ev_get_profile(a, 0, &t, err)) return err->code;
  lo_tuple_flatten(&t, &r);
  ev_out_tuple(o, &r);
  return LO_OK;
}

/* "X-flat; prof(X)". */
int op_flatten_profile(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  lo_tuple t, r;
  if (ev_get_profile(a, 0, &t, err)) return err->code;
  lo_tuple_flatten(&t, &r);
  ev_out_tuple(o, &r);
  ev_out_str(o, "; ");
  for (int i = 0; i < t.len; i++) t.leaf[i] = 0;
  ev_out_tuple(o, &t);
  return LO_OK;
}

/* Mode k of a layout or tuple. */
int op_mode(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  if (ev_is_layout(a, 0)) {
    lo_layout l, r;
    int k;
    if (ev_get_layout(a, 0, &l, err) || ev_get_pos(a, 1, lo_tuple_rank(&l.shape), &k, err) ||
        lo_layout_mode(&l, k, &r, err))
      return err->code;
    ev_out_layout(o, &r);
    return LO_OK;
  }
  lo_tuple t, r;
  int k;
  if (ev_get_profile(a, 0, &t, err) || ev_get_pos(a, 1, lo_tuple_rank(&t), &k, err) ||
      lo_tuple_mode(&t, k, &r, NULL, err))
    return err->code;
  ev_out_tuple(o, &r);
  return LO_OK;
}

/* All modes (entries when leaves is set), separated by "; ". */
static int list_parts(ev_args a, int leaves, ev_out *o, lo_err *err) {
  if (ev_is_layout(a, 0)) {
    lo_layout l, r;
    if (ev_get_layout(a, 0, &l, err)) return err->code;
    int n = leaves ? l.shape.len : lo_tuple_rank(&l.shape);
    for (int k = 1; k <= n; k++) {
      if (k > 1) ev_out_str(o, "; ");
      if (leaves)
        lo_layout_scalar(&r, l.shape.leaf[k - 1], l.stride[k - 1]);
      else if (lo_layout_mode(&l, k, &r, err))
        return err->code;
      ev_out_layout(o, &r);
    }
    return LO_OK;
  }
  lo_tuple t, r;
  if (ev_get_profile(a, 0, &t, err)) return err->code;
  int n = leaves ? t.len : lo_tuple_rank(&t);
  if (!leaves && t.ntok == 2) n = 0; /* () has no modes */
  for (int k = 1; k <= n; k++) {
    if (k > 1) ev_out_str(o, "; ");
    if (leaves)
      lo_tuple_int(&r, t.leaf[k - 1]);
    else if (lo_tuple_mode(&t, k, &r, NULL, err))
      return err->code;
    ev_out_tuple(o, &r);
  }
  return LO_OK;
}

/* The op modes L|X: all modes, separated by "; ". */
int op_modes(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  return list_parts(a, 0, o, err);
}
/* The op entries L|X: all entries, separated by "; ". */
int op_entries(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  return list_parts(a, 1, o, err);
}

/* The op congruent X Y: same profile. */
int op_congruent(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  lo_tuple x, y;
  if (ev_get_shape(a, 0, &x, err) || ev_get_shape(a, 1, &y, err)) return err->code;
  ev_out_bool(o, lo_tuple_congruent(&x, &y));
  return LO_OK;
}

/* The op apply L x: the layout function at x (colexicographic; the last mode runs on). */
int op_apply(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  lo_layout l;
  lo_int v;
  if (ev_get_layout(a, 0, &l, err) || ev_apply_at(&l, a, 1, 0, &v, err)) return err->code;
  ev_out_int(o, v);
  return LO_OK;
}

/* phi_L at multi-indices "(x..);(y..)": coordinates congruent to the
** shape's flattening, each within its extent. */
int op_coordinate(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  lo_layout l;
  char buf[4096];
  const char *piece[256];
  int n;
  if (ev_get_layout(a, 0, &l, err) || ev_split_semis(a[1], buf, sizeof buf, piece, 256, &n, err))
    return err->code;
  for (int k = 0; k < n; k++) {
    lo_tuple c;
    lo_int v = 0, t;
    if (lo_parse_index(piece[k], &c, err)) return ev_arg_fail(1, err);
    if (c.len != l.shape.len)
      return lo_fail(err, LO_EUNDEF, "coordinate %d has %d entries, the layout %d", k + 1, c.len,
                     l.shape.len);
    for (int i = 0; i < c.len; i++) {
      if (c.leaf[i] >= l.shape.leaf[i])
        return lo_fail(err, LO_EUNDEF, "coordinate %d: entry %d is outside [0,%lld)", k + 1, i + 1,
                       (long long)l.shape.leaf[i]);
      if (lo_mul(c.leaf[i], l.stride[i], &t, "coordinate", err) ||
          lo_add(v, t, &v, "coordinate", err))
        return err->code;
    }
    if (k) ev_out_str(o, "; ");
    ev_out_int(o, v);
  }
  return LO_OK;
}

/* Enumerate Phi_L into a new array (caller frees). */
static int function_new(const lo_layout *l, lo_int **vals, lo_int *n, lo_err *err) {
  lo_int size;
  if (lo_size(l, &size, err)) return err->code;
  if (size > LO_EVAL_ENUM_LIMIT)
    return lo_fail(err, LO_ELIMIT, "size %lld is too large to enumerate (limit %lld)",
                   (long long)size, (long long)LO_EVAL_ENUM_LIMIT);
  *vals = malloc((size_t)size * sizeof(lo_int));
  if (!*vals) return lo_fail(err, LO_ELIMIT, "out of memory");
  if (lo_layout_function(l, *vals, size, n, err)) {
    free(*vals);
    *vals = NULL;
    return err->code;
  }
  return LO_OK;
}

/* The op layout_function L: [Phi(0),...,Phi(size-1)]. */
int op_layout_function(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  lo_layout l;
  lo_int *v, n;
  if (ev_get_layout(a, 0, &l, err) || function_new(&l, &v, &n, err)) return err->code;
  ev_out_str(o, "[");
  for (lo_int x = 0; x < n; x++) {
    if (x) ev_out_str(o, ",");
    ev_out_int(o, v[x]);
  }
  ev_out_str(o, "]");
  free(v);
  return LO_OK;
}

/* The op same_layout_function A B: equal sizes and layout functions. */
int op_same_layout_function(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  lo_layout x, y;
  lo_int *u, *v, nu, nv;
  if (ev_get_layout(a, 0, &x, err) || ev_get_layout(a, 1, &y, err) ||
      function_new(&x, &u, &nu, err))
    return err->code;
  if (function_new(&y, &v, &nv, err)) {
    free(u);
    return err->code;
  }
  ev_out_bool(o, nu == nv && memcmp(u, v, (size_t)nu * sizeof(lo_int)) == 0);
  free(u);
  free(v);
  return LO_OK;
}

/* [0,S) in colexicographic order, as flat tuples of coordinates. */
int op_index_set(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  lo_tuple s;
  lo_int size, c[LO_MAX_LEAVES] = {0};
  if (ev_get_tuple(a, 0, &s, err) || lo_tuple_size(&s, &size, err)) return err->code;
  if (size > LO_EVAL_INDEX_LIMIT)
    return lo_fail(err, LO_ELIMIT, "size %lld is too large to list (limit %lld)", (long long)size,
                   (long long)LO_EVAL_INDEX_LIMIT);
  ev_out_str(o, "[");
  for (lo_int x = 0; x < size; x++) {
    ev_out_str(o, x ? ",(" : "(");
    for (int i = 0; i < s.len; i++) {
      if (i) ev_out_str(o, ",");
      ev_out_int(o, c[i]);
    }
    ev_out_str(o, ")");
    for (int i = 0; i < s.len && ++c[i] == s.leaf[i]; i++) c[i] = 0;
  }
  ev_out_str(o, "]");
  return LO_OK;
}

/* ------------------------------------------------ coalesce, filter, ... */

/* The op coalesce L [P] | f: CuTe coalesce, by-mode with a profile; coalesce of a morphism. */
int op_coalesce(int argc, ev_args a, ev_out *o, lo_err *err) {
  if (ev_is_morphism(a, 0)) {
    if (argc != 1)
      return lo_fail(err, LO_EUNSUPPORTED, "coalesce of a morphism takes one argument");
    return ev_mor1(lo_morphism_coalesce, a, o, err);
  }
  if (argc == 1) return ev_lay1(lo_coalesce, a, o, err);
  lo_layout l, r;
  lo_tuple p;
  if (ev_get_layout(a, 0, &l, err) || ev_get_profile(a, 1, &p, err) ||
      lo_coalesce_profile(&l, &p, &r, err))
    return err->code;
  ev_out_layout(o, &r);
  return LO_OK;
}

/* The op flat_coalesce L: the paper's flat coalesce (always a flat tuple). */
int op_flat_coalesce(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  return ev_lay1(lo_flat_coalesce, a, o, err);
}
/* The op filter L: CuTe filter: drop stride-0 and size-1 modes, then coalesce. */
int op_filter(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  return ev_lay1(lo_filter, a, o, err);
}

/* The op flat_filter L: the paper's filter: keep the modes with non-zero stride (flat). */
int op_flat_filter(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  return ev_lay1(lo_flat_filter, a, o, err);
}

/* The op squeeze L|f: drop size-1 entries (flat). */
int op_squeeze(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  return ev_is_morphism(a, 0) ? ev_mor1(lo_morphism_squeeze, a, o, err)
                              : ev_lay1(lo_squeeze, a, o, err);
}

/* The op sort L|f: sort modes by (stride, shape); sort of a morphism (flat). */
int op_sort(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  return ev_is_morphism(a, 0) ? ev_mor1(lo_morphism_sort, a, o, err) : ev_lay1(lo_sort, a, o, err);
}

/* Restriction to the (flattened) entries in I. */
int op_restrict(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  int idx[LO_MAX_LEAVES], n;
  if (ev_get_index_set(a, 1, idx, &n, err)) return err->code;
  if (ev_is_morphism(a, 0)) {
    lo_morphism f, r;
    if (ev_get_morphism(a, 0, &f, err) || lo_morphism_restrict(&f, idx, n, &r, err))
      return err->code;
    ev_out_morphism(o, &r);
    return LO_OK;
  }
  lo_layout l, r;
  if (ev_get_layout(a, 0, &l, err) || lo_layout_restrict(&l, idx, n, &r, err)) return err->code;
  ev_out_layout(o, &r);
  return LO_OK;
}

/* X^sigma = (x_sigma(1), ..., x_sigma(m)) over the top-level modes. */
int op_permute(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  int sigma[LO_MAX_LEAVES + 1];
  if (ev_is_layout(a, 0)) {
    lo_layout l, r;
    if (ev_get_layout(a, 0, &l, err) || ev_get_cycles(a, 1, lo_tuple_rank(&l.shape), sigma, err) ||
        lo_layout_permute(&l, sigma, &r, err))
      return err->code;
    ev_out_layout(o, &r);
    return LO_OK;
  }
  lo_tuple t, r;
  if (ev_get_profile(a, 0, &t, err) || ev_get_cycles(a, 1, lo_tuple_rank(&t), sigma, err) ||
      lo_tuple_permute(&t, sigma, &r, err))
    return err->code;
  ev_out_tuple(o, &r);
  return LO_OK;
}

/* A * B for tuples, layouts or morphisms. */
int op_flat_concat(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  if (ev_is_morphism(a, 0)) return ev_mor2(lo_morphism_flat_concat, a, o, err);
  if (ev_is_layout(a, 0)) return ev_lay2(lo_flat_concat, a, 0, o, err);
  lo_tuple x, y, r;
  if (ev_get_profile(a, 0, &x, err) || ev_get_profile(a, 1, &y, err) ||
      lo_tuple_flat_concat(&x, &y, &r, err))
    return err->code;
  ev_out_tuple(o, &r);
  return LO_OK;
}

/* (X1, ..., Xn): nested concatenation of layouts, morphisms or tuples. */
int op_concat(int argc, ev_args a, ev_out *o, lo_err *err) {
  if (ev_is_morphism(a, 0)) {
    lo_morphism f[8], r;
    const lo_morphism *fp[8];
    if (argc > 8) return lo_fail(err, LO_ELIMIT, "concat takes at most 8 morphisms");
    for (int i = 0; i < argc; i++) {
      if (ev_get_morphism(a, i, &f[i], err)) return err->code;
      fp[i] = &f[i];
    }
    if (lo_morphism_concat(fp, argc, &r, err)) return err->code;
    ev_out_morphism(o, &r);
    return LO_OK;
  }
  if (ev_is_layout(a, 0)) {
    lo_layout l[8], r;
    const lo_layout *lp[8];
    if (argc > 8) return lo_fail(err, LO_ELIMIT, "concat takes at most 8 layouts");
    for (int i = 0; i < argc; i++) {
      if (ev_get_layout(a, i, &l[i], err)) return err->code;
      lp[i] = &l[i];
    }
    if (lo_layout_nest(lp, argc, &r, err)) return err->code;
    ev_out_layout(o, &r);
    return LO_OK;
  }
  lo_tuple t[8], r;
  const lo_tuple *tp[8];
  if (argc > 8) return lo_fail(err, LO_ELIMIT, "concat takes at most 8 tuples");
  for (int i = 0; i < argc; i++) {
    if (ev_get_profile(a, i, &t[i], err)) return err->code;
    tp[i] = &t[i];
  }
  if (lo_tuple_nest(tp, argc, &r, err)) return err->code;
  ev_out_tuple(o, &r);
  return LO_OK;
}

/* substitute P "X1; ...; Xn" (items, or one flat tuple read as the
** flattening) or substitute P L (the modes of L into P). */
int op_substitute(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  lo_tuple p;
  if (ev_get_profile(a, 0, &p, err)) return err->code;
  if (ev_is_layout(a, 1)) {
    lo_layout l, r;
    lo_tuple items[LO_MAX_LEAVES];
    if (ev_get_layout(a, 1, &l, err)) return err->code;
    int n = lo_tuple_is_int(&l.shape) ? 1 : lo_tuple_rank(&l.shape);
    if (l.shape.ntok == 2) n = 0;
    if (n != p.len)
      return lo_fail(err, LO_EUNDEF, "the layout has %d modes, the profile %d leaves", n, p.len);
    for (int k = 1; k <= n; k++) {
      lo_layout m;
      if (lo_layout_mode(&l, k, &m, err)) return err->code;
      items[k - 1] = m.shape;
    }
    if (lo_tuple_substitute(&p, items, &r.shape, err)) return err->code;
    memcpy(r.stride, l.stride, (size_t)l.shape.len * sizeof(lo_int));
    r.is_tiler = 0;
    ev_out_layout(o, &r);
    return LO_OK;
  }
  char buf[4096];
  const char *piece[LO_MAX_LEAVES];
  lo_tuple items[LO_MAX_LEAVES], r;
  int n;
  if (ev_split_semis(a[1], buf, sizeof buf, piece, LO_MAX_LEAVES, &n, err)) return err->code;
  for (int k = 0; k < n; k++)
    if (lo_parse_profile(piece[k], &items[k], err)) return ev_arg_fail(1, err);
  if (n == 1 && lo_tuple_depth(&items[0]) == 1 && items[0].len == p.len &&
      items[0].ntok == p.len + 2) {
    lo_tuple flat = items[0];
    for (int k = 0; k < p.len; k++) lo_tuple_int(&items[k], flat.leaf[k]);
    n = p.len;
  }
  if (n != p.len) return lo_fail(err, LO_EUNDEF, "%d items for a profile of %d leaves", n, p.len);
  if (lo_tuple_substitute(&p, items, &r, err)) return err->code;
  ev_out_tuple(o, &r);
  return LO_OK;
}

/* The op print_layout L: the grid CuTe's print_layout prints for a
** rank-2 layout (lo_print_grid) of at most LO_EVAL_GRID_LIMIT cells, its
** lines separated by '\n' and no line break after the last (the caller
** ends the line). */
int op_print_layout(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  lo_layout l;
  if (ev_get_layout(a, 0, &l, err)) return err->code;
  return ev_print_grid(&l, o, err);
}

/* print_layout's grid of l into o (see op_print_layout). */
int ev_print_grid(const lo_layout *l, ev_out *o, lo_err *err) {
  lo_int size;
  lo_err size_err; /* lo_print_grid names a tiler or a size that overflows */
  if (!l->is_tiler && lo_size(l, &size, &size_err) == LO_OK && size > LO_EVAL_GRID_LIMIT)
    return lo_fail(err, LO_ELIMIT, "size %lld is too large to draw (limit %lld)", (long long)size,
                   (long long)LO_EVAL_GRID_LIMIT);
  if (o->full) return LO_OK;
  return ev_out_grid(o, lo_print_grid(l, o->p + o->len, o->cap - o->len, err));
}

/* Take into o's answer the grid a print function has just written at its
** end with status rc: where it did not fit, o is full (lo_eval answers
** "result longer than ..."); the grid's last newline is dropped. */
int ev_out_grid(ev_out *o, int rc) {
  if (rc == LO_ESPACE) {
    o->full = 1;
    return LO_OK;
  }
  if (rc) return rc;
  size_t n = strlen(o->p + o->len);
  if (n > 0 && o->p[o->len + n - 1] == '\n') o->p[o->len + --n] = 0;
  o->len += n;
  return LO_OK;
}
