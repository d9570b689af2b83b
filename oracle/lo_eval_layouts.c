/*
** lo_eval_layouts.c -- op handlers for the layout algebra proper:
** complements, composition, division and products, inverses, the
** predicates on layouts, and nested tuples with refinement.  See
** lo_eval_internal.h.
*/
#include "lo_eval_internal.h"

#include <string.h>

/* ----------------------------------------------------------- complements */

/* complement L [N] (CuTe), or the complement of a morphism. */
int op_complement(int argc, ev_args a, ev_out *o, lo_err *err) {
  if (ev_is_morphism(a, 0)) {
    if (argc != 1)
      return lo_fail(err, LO_EUNSUPPORTED, "complement of a morphism takes one argument");
    return ev_mor1(lo_morphism_complement, a, o, err);
  }
  lo_layout l, r;
  lo_int n = -1;
  lo_tuple ct;
  int tuple_ct = 0; /* a shape or a layout as the cotarget: CuTe takes its shape */
  if (ev_get_layout(a, 0, &l, err)) return err->code;
  if (argc > 1 && (ev_is_paren(a, 1) || ev_is_layout(a, 1))) {
    if (ev_get_cotarget(a, 1, &ct, err)) return err->code;
    tuple_ct = !lo_tuple_is_int(&ct);
    if (!tuple_ct) n = ct.leaf[0];
  } else if (argc > 1 && ev_get_int(a, 1, &n, err)) {
    return err->code;
  }
  if (tuple_ct ? lo_complement_to(&l, &ct, &r, err) : lo_complement(&l, n, &r, err))
    return err->code;
  ev_out_layout(o, &r);
  return LO_OK;
}

typedef int (*comp_fn)(const lo_layout *, lo_int, lo_layout *, lo_err *);

/* Parse L [N], apply the complement fn (N < 0 when absent), print it. */
static int complement_with(comp_fn fn, int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_layout l, r;
  lo_int n = -1;
  if (ev_get_layout(a, 0, &l, err) || (argc > 1 && ev_get_int(a, 1, &n, err)) || fn(&l, n, &r, err))
    return err->code;
  ev_out_layout(o, &r);
  return LO_OK;
}

/* The op complement_covers L [N]: whether complement(L,N) covers N,
** size(filter(L)) size(R) >= N (N absent: cosize(filter(L))). */
int op_complement_covers(int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_layout l, r;
  lo_tuple ct;
  lo_int n = -1;
  int yes;
  if (ev_get_layout(a, 0, &l, err) || (argc == 2 && ev_get_int(a, 1, &n, err)) ||
      lo_complement(&l, n, &r, err))
    return err->code;
  if (n > 0) lo_tuple_int(&ct, n);
  if (lo_complement_covers(&l, n > 0 ? &ct : NULL, &r, &yes, err)) return err->code;
  ev_out_bool(o, yes);
  return LO_OK;
}

/* The op paper_complement L [N]: the paper's comp(L,N): only for N-complementable L. */
int op_paper_complement(int argc, ev_args a, ev_out *o, lo_err *err) {
  return complement_with(lo_paper_complement, argc, a, o, err);
}
/* The op flat_complement L [N]: the paper's flat comp(L,N). */
int op_flat_complement(int argc, ev_args a, ev_out *o, lo_err *err) {
  return complement_with(lo_flat_complement, argc, a, o, err);
}

/* Is B a complement of A (A*B compact)?  With N: also size(A)size(B) = N.
** For morphisms: same codomain, disjoint images covering it. */
static int complement_test(ev_args a, int with_n, ev_out *o, lo_err *err) {
  if (ev_is_morphism(a, 0)) {
    lo_morphism f, g;
    if (ev_get_morphism(a, 0, &f, err) || ev_get_morphism(a, 1, &g, err)) return err->code;
    ev_out_bool(o, lo_morphism_is_complement(&f, &g));
    return LO_OK;
  }
  lo_layout x, y;
  lo_int n = 0;
  int yes;
  if (ev_get_layout(a, 0, &x, err) || ev_get_layout(a, 1, &y, err) ||
      (with_n && ev_get_int(a, 2, &n, err)) ||
      lo_is_complement(&x, &y, with_n ? &n : NULL, &yes, err))
    return err->code;
  ev_out_bool(o, yes);
  return LO_OK;
}

/* The op is_complement A B|f g: A*B compact / f and g complementary. */
int op_is_complement(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  return complement_test(a, 0, o, err);
}
/* The op is_N_complement A B N: A*B compact and size(A)size(B) = N. */
int op_is_N_complement(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  return complement_test(a, 1, o, err);
}

/* The op is_complementable L [N] | f: the paper's (N-)complementability. */
int op_is_complementable(int argc, ev_args a, ev_out *o, lo_err *err) {
  if (ev_is_morphism(a, 0)) {
    lo_morphism f;
    if (ev_get_morphism(a, 0, &f, err)) return err->code;
    ev_out_bool(o, lo_morphism_is_injective(&f));
    return LO_OK;
  }
  lo_layout l;
  lo_int n;
  if (ev_get_layout(a, 0, &l, err)) return err->code;
  if (argc == 1) {
    ev_out_bool(o, lo_is_complementable(&l));
    return LO_OK;
  }
  if (ev_get_int(a, 1, &n, err)) return err->code;
  ev_out_bool(o, lo_is_n_complementable(&l, n));
  return LO_OK;
}

/* --------------------------------------------- composition and friends */

/* composition A B (layouts, B may be a tiler) or composition g f. */
int op_composition(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  if (ev_is_morphism(a, 0)) return ev_mor2(lo_morphism_compose, a, o, err);
  return ev_lay2(lo_composition, a, EV_TILER, o, err);
}

/* The op paper_composition A B: the paper's composite (Def 2.3.7.1). */
int op_paper_composition(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  return ev_lay2(lo_paper_composition, a, 0, o, err);
}
/* The op flat_composition A B: the paper's flat composite (Def 2.1.7.1). */
int op_flat_composition(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  return ev_lay2(lo_flat_composition, a, 0, o, err);
}
/* The op composition_algorithm A B: weak composite C of Algorithm 4.1.2 for A o B. */
int op_composition_algorithm(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  return ev_lay2(lo_composition_algorithm, a, 0, o, err);
}

/* The op logical_divide A B|A <B..>|f g: CuTe logical_divide; f (/) g = f o (g, g^c). */
int op_logical_divide(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  if (ev_is_morphism(a, 0)) return ev_mor2(lo_morphism_logical_divide, a, o, err);
  return ev_lay2(lo_logical_divide, a, EV_TILER_MAKE, o, err);
}

/* The op logical_product A B|A <B..>|f g: CuTe logical_product; f (x) g = (f, f^c o g). */
int op_logical_product(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  if (ev_is_morphism(a, 0)) return ev_mor2(lo_morphism_logical_product, a, o, err);
  return ev_lay2(lo_logical_product, a, EV_TILER_MAKE, o, err);
}

/* The op zipped_divide A B|A <B..>: ((tiles),(rests)). */
int op_zipped_divide(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  return ev_lay2(lo_zipped_divide, a, EV_TILER_MAKE, o, err);
}
/* The op tiled_divide A B|A <B..>: ((tiles),rests...). */
int op_tiled_divide(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  return ev_lay2(lo_tiled_divide, a, EV_TILER_MAKE, o, err);
}
/* The op zipped_product A B|A <B..>: ((A modes),(products)). */
int op_zipped_product(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  return ev_lay2(lo_zipped_product, a, EV_TILER_MAKE, o, err);
}
/* The op tiled_product A B|A <B..>: ((A modes),products...). */
int op_tiled_product(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  return ev_lay2(lo_tiled_product, a, EV_TILER_MAKE, o, err);
}
/* The op paper_logical_divide A B: the paper's A (/) B (Def 2.3.8.1). */
int op_paper_logical_divide(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  return ev_lay2(lo_paper_logical_divide, a, 0, o, err);
}
/* The op paper_logical_product A B: the paper's A (x) B (Def 2.3.9.1, Obs 2.3.9.2). */
int op_paper_logical_product(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  return ev_lay2(lo_paper_logical_product, a, 0, o, err);
}

/* The op flat_divide A B|f g: flat division (Def 2.1.7.9); f (/)flat g = f o (g * g^c). */
int op_flat_divide(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  if (ev_is_morphism(a, 0)) return ev_mor2(lo_morphism_flat_divide, a, o, err);
  return ev_lay2(lo_flat_divide, a, 0, o, err);
}

/* The op flat_product A B|f g: flat product (Def 2.1.7.13); f (x)flat g = f * (f^c o g). */
int op_flat_product(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  if (ev_is_morphism(a, 0)) return ev_mor2(lo_morphism_flat_product, a, o, err);
  return ev_lay2(lo_flat_product, a, 0, o, err);
}

/* The op right_inverse L: R with L(R(i)) = i, CuTe's, built from stride 1
** up (not always the largest: (2,3):(1,1) gives 2:1; 3:2 is one too). */
int op_right_inverse(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  return ev_lay1(lo_right_inverse, a, o, err);
}
/* The op left_inverse L: CuTe's quasi-inverse: L(R(L(i))) = L(i). */
int op_left_inverse(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  return ev_lay1(lo_left_inverse, a, o, err);
}

/* ------------------------------------------------------------ predicates */

/* The op is_tractable L: Def 2.1.8.1. */
int op_is_tractable(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  return ev_pred(lo_is_tractable, a, o, err);
}
/* The op is_compact L: Phi is a bijection onto [0,cosize). */
int op_is_compact(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  return ev_pred(lo_is_compact, a, o, err);
}
/* The op is_flat_coalesced L: Def 2.1.4.1. */
int op_is_flat_coalesced(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  return ev_pred(lo_is_flat_coalesced, a, o, err);
}

/* The op is_coalesced L|f: Def 2.3.3.1; for morphisms Def 3.1.5.20. */
int op_is_coalesced(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  if (!ev_is_morphism(a, 0)) return ev_pred(lo_is_coalesced, a, o, err);
  lo_morphism f;
  lo_layout l;
  if (ev_get_morphism(a, 0, &f, err) || lo_morphism_layout(&f, &l, err)) return err->code;
  ev_out_bool(o, lo_is_flat_coalesced(&l));
  return LO_OK;
}

/* The op is_sorted L|f: modes in (stride, shape) order; sort(f) = f. */
int op_is_sorted(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  if (!ev_is_morphism(a, 0)) return ev_pred(lo_is_sorted, a, o, err);
  lo_morphism f;
  int yes;
  if (ev_get_morphism(a, 0, &f, err) || lo_morphism_is_sorted(&f, &yes, err)) return err->code;
  ev_out_bool(o, yes);
  return LO_OK;
}

/* The op is_nondegenerate L|f: size-1 entries have stride 0 / go to *. */
int op_is_nondegenerate(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  if (!ev_is_morphism(a, 0)) return ev_pred(lo_is_nondegenerate, a, o, err);
  lo_morphism f;
  if (ev_get_morphism(a, 0, &f, err)) return err->code;
  ev_out_bool(o, lo_morphism_is_nondegenerate(&f));
  return LO_OK;
}

/* Column-major (d_i = s_1...s_{i-1}) or row-major (d_i = s_{i+1}...s_m)
** over the flattening. */
static int major(ev_args a, int row, ev_out *o, lo_err *err) {
  lo_layout l;
  int yes;
  if (ev_get_layout(a, 0, &l, err) ||
      (row ? lo_is_row_major(&l, &yes, err) : lo_is_column_major(&l, &yes, err)))
    return err->code;
  ev_out_bool(o, yes);
  return LO_OK;
}

/* The op is_column_major L: strides are the prefix products of the shape. */
int op_is_column_major(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  return major(a, 0, o, err);
}
/* The op is_row_major L: strides are the suffix products of the shape. */
int op_is_row_major(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  return major(a, 1, o, err);
}

/* true when the text parses as a layout (shape and stride congruent). */
int op_is_layout(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  lo_layout l;
  lo_err e;
  ev_out_bool(o, lo_parse_layout(a[0], &l, &e) == LO_OK && !l.is_tiler);
  (void)err;
  return LO_OK;
}

/* s:d precedes s':d' in the order of Def 2.1.3.23. */
int op_mode_leq(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  lo_layout x, y;
  int yes;
  if (ev_get_layout(a, 0, &x, err) || ev_get_layout(a, 1, &y, err) ||
      lo_mode_leq(&x, &y, &yes, err))
    return err->code;
  ev_out_bool(o, yes);
  return LO_OK;
}

/* ---------------------------------------------------- nested tuples */

/* X' divides X: the flattening of X' is a prefix of that of X. */
int op_tuple_divides(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  lo_tuple x, y;
  if (ev_get_tuple(a, 0, &x, err) || ev_get_tuple(a, 1, &y, err)) return err->code;
  ev_out_bool(o, lo_tuple_divides(&x, &y));
  return LO_OK;
}

/* The op refines X' X: X' refines X. */
int op_refines(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  lo_tuple x, y;
  if (ev_get_tuple(a, 0, &x, err) || ev_get_tuple(a, 1, &y, err)) return err->code;
  ev_out_bool(o, lo_refines(&x, &y));
  return LO_OK;
}

/* Relative modes of X' over X, or of a layout over a nested tuple. */
int op_relative_modes(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  lo_tuple x, y, m[LO_MAX_LEAVES];
  lo_layout l;
  int n, lay = ev_is_layout(a, 0);
  if (lay) {
    if (ev_get_layout(a, 0, &l, err)) return err->code;
    x = l.shape;
  } else if (ev_get_tuple(a, 0, &x, err)) {
    return err->code;
  }
  if (ev_get_tuple(a, 1, &y, err) || lo_relative_modes(&x, &y, m, LO_MAX_LEAVES, &n, err))
    return err->code;
  int at = 0;
  for (int k = 0; k < n; k++) {
    if (k) ev_out_str(o, "; ");
    if (lay) {
      lo_layout r;
      if (lo_layout_make(&m[k], l.stride + at, &r, err)) return err->code;
      ev_out_layout(o, &r);
    } else {
      ev_out_tuple(o, &m[k]);
    }
    at += m[k].len;
  }
  return LO_OK;
}

/* flat(X', X): the tuple of relative modes. */
int op_relative_flatten(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  lo_tuple x, y, r;
  if (ev_get_tuple(a, 0, &x, err) || ev_get_tuple(a, 1, &y, err) ||
      lo_relative_flatten(&x, &y, &r, err))
    return err->code;
  ev_out_tuple(o, &r);
  return LO_OK;
}

/* The op mutual_refinement T U: T' U' (Algorithm 4.1.1). */
int op_mutual_refinement(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  lo_tuple t, u, tp, up;
  if (ev_get_tuple(a, 0, &t, err) || ev_get_tuple(a, 1, &u, err) ||
      lo_mutual_refinement(&t, &u, &tp, &up, err))
    return err->code;
  ev_out_tuple(o, &tp);
  ev_out_str(o, " ");
  ev_out_tuple(o, &up);
  return LO_OK;
}
