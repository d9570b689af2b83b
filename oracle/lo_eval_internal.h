/*
** lo_eval_internal.h -- the insides of lo_eval, shared by its files and
** not part of the public API:
**   lo_eval_io.c       the output buffer and argument readers
**   lo_eval_values.c   handlers: values, structure, flat operations
**   lo_eval_layouts.c  handlers: complements, composition, division,
**                      products, predicates, refinement
**   lo_eval_morph.c    handlers: Tuple and Nest morphisms
**   lo_eval_cute.c     handlers: CuTe C++ as it computes, tensor views
**   lo_eval_domain.c   handlers: the whitepaper's analysis ops
**   lo_eval_recast.c   handlers: recasts, compact layouts in an order
**   lo_eval_swizzle.c  swizzles and composed layouts in any op's arguments
**   lo_eval_bank.c     the handler of bank_conflicts (shared-memory banks)
**   lo_eval_tile.c     handlers: slicing by a coordinate, tensor partitions
**   lo_eval_basis.c    coordinate layouts (scaled-basis strides N@i)
**   lo_eval.c          the op table and lo_eval
** A handler op_NAME evaluates the op NAME: it parses its arguments a[0..
** argc) (argc already checked against the table), calls the oracle and
** prints the canonical result into o; it returns LO_OK or an error code
** with the message in err.
*/
#ifndef LO_EVAL_INTERNAL_H
#define LO_EVAL_INTERNAL_H

#include "lo_internal.h"

#include <stddef.h>

#define LO_EVAL_ENUM_LIMIT LO_EVAL_FUNCTION_LIMIT /* points an op may list or compare */

/* The index (as lo_op_at counts) of the op named name, or -1 when no op
** has exactly that name. */
int ev_op_index(const char *name);
/* 1 when the hash table of lo_eval_index.h (written at build time by
** tools/op_index.sh) agrees with the op table: every op found at its own
** row, its name's length right, no other slot used, the longest name
** OP_NAME_MAX; 0 otherwise.  Checked by the tests. */
int ev_op_index_check(void);

/* ------------------------------------------------------------ the output */

/* The result being printed: p[0..len) within cap bytes; full once
** something did not fit (lo_eval then answers LO_ESPACE). */
typedef struct ev_out {
  char *p;
  size_t cap, len;
  int full;
  lo_err range;               /* code 0, or why a layout result's size or cosize does not fit */
  size_t range_at, range_len; /* that layout's text in p */
} ev_out;

void ev_out_str(ev_out *o, const char *s);
void ev_out_int(ev_out *o, lo_int v);
void ev_out_bool(ev_out *o, int b);
/* A layout result; the first whose size or cosize does not fit in lo_int
** is remembered (lo_eval then answers an error naming it). */
void ev_out_layout(ev_out *o, const lo_layout *l);
void ev_out_tuple(ev_out *o, const lo_tuple *t);
void ev_out_morphism(ev_out *o, const lo_morphism *f);

/* --------------------------------------------------------- the arguments
** Each reads argument i (0-based); its errors start "argument i+1: ". */
typedef const char *const *ev_args;

/* Prefix the error in err with "argument i+1: " and return its code. */
int ev_arg_fail(int i, lo_err *err);
int ev_get_int(ev_args a, int i, lo_int *v, lo_err *err);
int ev_get_tuple(ev_args a, int i, lo_tuple *t, lo_err *err);
int ev_get_profile(ev_args a, int i, lo_tuple *t, lo_err *err);
/* A layout; a tiler, a bare integer or a shape (CuTe's tilers) only when
** tiler_ok is EV_TILER (a bare integer n is n:1, as composition reads it)
** or EV_TILER_MAKE (n is make_layout(n), 1:0 for n = 1, as the divides
** and products read it). */
#define EV_TILER      1
#define EV_TILER_MAKE 2
int ev_get_layout_t(ev_args a, int i, lo_layout *l, int tiler_ok, lo_err *err);
int ev_get_layout(ev_args a, int i, lo_layout *l, lo_err *err);
/* As ev_get_layout_t, with strides of either sign (lo_parse_layout_signed):
** for the handlers of lo_eval_negative.c only. */
int ev_get_layout_signed(ev_args a, int i, lo_layout *l, int tiler_ok, lo_err *err);
/* print_layout's grid of l (lo_print_grid, at most LO_EVAL_GRID_LIMIT
** cells, no line break after the last line) into o. */
int ev_print_grid(const lo_layout *l, ev_out *o, lo_err *err);
/* The grid just written at the end of o's answer, with its print status rc,
** taken into the answer (lo_eval_values.c). */
int ev_out_grid(ev_out *o, int rc);
/* Negative strides (lo_eval_negative.c): whether some argument holds one
** (by its syntax), whether op takes them, and op run on such arguments:
** its handler there, or an error naming op, the argument and the stride. */
int ev_has_negative(int argc, ev_args a);
int ev_negative_ok(const char *op);
int ev_negative_run(const char *op, int argc, ev_args a, ev_out *o, lo_err *err);
int ev_get_morphism(ev_args a, int i, lo_morphism *f, lo_err *err);
/* Whether argument i is written as a tuple ('(' first). */
int ev_is_paren(ev_args a, int i);
/* l at argument i: an integer index, or a tuple coordinate (CuTe's
** crd2idx); with cute, a refusal's message starts "CuTe refuses: ". */
int ev_apply_at(const lo_layout *l, ev_args a, int i, int cute, lo_int *v, lo_err *err);
int ev_is_morphism(ev_args a, int i);
int ev_is_layout(ev_args a, int i);
/* An index set "{i,j,...}" (1-based, may be empty) into idx[0..*n). */
int ev_get_index_set(ev_args a, int i, int *idx, int *n, lo_err *err);
/* A 1-based position in 1..max. */
int ev_get_pos(ev_args a, int i, int max, int *k, lo_err *err);
/* Split "x; y; z" into at most cap pieces copied into buf. */
int ev_split_semis(const char *s, char *buf, size_t bufcap, const char **piece, int cap, int *n,
                   lo_err *err);
/* The shape of a tuple or layout argument (a layout gives its shape). */
int ev_get_shape(ev_args a, int i, lo_tuple *t, lo_err *err);
/* A cotarget: a tuple of positive integers, or a layout (its shape). */
int ev_get_cotarget(ev_args a, int i, lo_tuple *t, lo_err *err);
/* l = get<I,J,..>(l), CuTe's mode path of the template integers in
** arguments from..argc-1 (0-based; a mode past the rank is CuTe's
** refusal). */
int ev_cute_path(lo_layout *l, int argc, ev_args a, int from, lo_err *err);
/* A coordinate whose leaves may be CuTe's '_' (LO_UNDER), as cute_slice
** reads it (lo_eval_cute_modes.c). */
int ev_get_ucoord(ev_args a, int i, lo_tuple *t, lo_err *err);
/* Whether argument i is CuTe's '_' alone (B = '_': A unchanged). */
int ev_is_under(ev_args a, int i);
/* Cycles "(1 2)(3 4 5)" as a permutation sigma[1..n]. */
int ev_get_cycles(ev_args a, int i, int n, int *sigma, lo_err *err);

/* ------------------------------------------------ shared handler shapes */
typedef int (*ev_lay1_fn)(const lo_layout *, lo_layout *, lo_err *);
typedef int (*ev_lay2_fn)(const lo_layout *, const lo_layout *, lo_layout *, lo_err *);
typedef int (*ev_mor1_fn)(const lo_morphism *, lo_morphism *, lo_err *);
typedef int (*ev_mor2_fn)(const lo_morphism *, const lo_morphism *, lo_morphism *, lo_err *);
typedef int (*ev_pred_fn)(const lo_layout *);

int ev_lay1(ev_lay1_fn fn, ev_args a, ev_out *o, lo_err *err);
int ev_lay2(ev_lay2_fn fn, ev_args a, int tiler_ok, ev_out *o, lo_err *err);
int ev_mor1(ev_mor1_fn fn, ev_args a, ev_out *o, lo_err *err);
int ev_mor2(ev_mor2_fn fn, ev_args a, ev_out *o, lo_err *err);
int ev_pred(ev_pred_fn fn, ev_args a, ev_out *o, lo_err *err);

/* ------------------------------------------------------------ handlers */
typedef int (*ev_op_fn)(int argc, ev_args a, ev_out *o, lo_err *err);

/* lo_eval_recast.c */
int op_upcast(int argc, ev_args a, ev_out *o, lo_err *err);
int op_downcast(int argc, ev_args a, ev_out *o, lo_err *err);
int op_recast_layout(int argc, ev_args a, ev_out *o, lo_err *err);
int op_recast(int argc, ev_args a, ev_out *o, lo_err *err);
int op_make_layout_like(int argc, ev_args a, ev_out *o, lo_err *err);
int op_make_ordered_layout(int argc, ev_args a, ev_out *o, lo_err *err);
int op_cute_recast_layout(int argc, ev_args a, ev_out *o, lo_err *err);
int op_cute_make_layout_like(int argc, ev_args a, ev_out *o, lo_err *err);
int op_cute_make_ordered_layout(int argc, ev_args a, ev_out *o, lo_err *err);
/* lo_eval_swizzle.c: requests with a swizzle or a composed layout among
** their arguments ("Sw<..." first) go to ev_swizzle_run instead of the
** table's handler fn, which it may run on the inner layout. */
int ev_has_swizzle(int argc, ev_args a);
int ev_swizzle_run(const char *op, ev_op_fn fn, int argc, ev_args a, ev_out *o, lo_err *err);
/* Print a composed layout as CuTe prints it, its swizzle and offset always
** (lo_eval_swizzle.c). */
void ev_out_composed(ev_out *o, const lo_composed *c);
int op_cute_upcast(int argc, ev_args a, ev_out *o, lo_err *err);
/* lo_eval_swizzle_ops.c: the ops that read composed layouts themselves. */
int op_max_common_layout(int argc, ev_args a, ev_out *o, lo_err *err);
int op_max_common_vector(int argc, ev_args a, ev_out *o, lo_err *err);
int op_blocked_product(int argc, ev_args a, ev_out *o, lo_err *err);
int op_raked_product(int argc, ev_args a, ev_out *o, lo_err *err);
int ev_recast_swizzled(ev_args a);
int ev_recast_swizzle(const char *op, int argc, ev_args a, ev_out *o, lo_err *err);
int op_cute_downcast(int argc, ev_args a, ev_out *o, lo_err *err);
/* lo_eval_f2.c: requests with an F2 stride among their arguments go to
** ev_f2_run instead of the table's handler fn (see lo_eval_f2.c). */
int ev_has_f2(int argc, ev_args a);
int ev_f2_run(const char *op, ev_op_fn fn, int argc, ev_args a, ev_out *o, lo_err *err);
int op_to_f2(int argc, ev_args a, ev_out *o, lo_err *err);
int op_from_f2(int argc, ev_args a, ev_out *o, lo_err *err);
int op_f2_coshape(int argc, ev_args a, ev_out *o, lo_err *err);

/* The handler of the op named name in the op table, or NULL. */
ev_op_fn ev_op_fn_of(const char *name);
/* lo_eval_basis.c: requests with a scaled basis ('@') in an argument go
** to ev_basis_run instead of the table's handler fn, which it may run on
** the layout's integer stand-ins. */
int ev_has_basis(int argc, ev_args a);
int ev_basis_run(const char *op, ev_op_fn fn, int argc, ev_args a, ev_out *o, lo_err *err);
int op_make_identity_layout(int argc, ev_args a, ev_out *o, lo_err *err);

/* lo_eval_values.c */
int op_size(int argc, ev_args a, ev_out *o, lo_err *err);
int op_cosize(int argc, ev_args a, ev_out *o, lo_err *err);
int op_rank(int argc, ev_args a, ev_out *o, lo_err *err);
int op_depth(int argc, ev_args a, ev_out *o, lo_err *err);
int op_len(int argc, ev_args a, ev_out *o, lo_err *err);
int op_rank_len_depth(int argc, ev_args a, ev_out *o, lo_err *err);
int op_rank_len_depth_size(int argc, ev_args a, ev_out *o, lo_err *err);
int op_flatten(int argc, ev_args a, ev_out *o, lo_err *err);
int op_flatten_profile(int argc, ev_args a, ev_out *o, lo_err *err);
int op_mode(int argc, ev_args a, ev_out *o, lo_err *err);
int op_modes(int argc, ev_args a, ev_out *o, lo_err *err);
int op_entries(int argc, ev_args a, ev_out *o, lo_err *err);
int op_congruent(int argc, ev_args a, ev_out *o, lo_err *err);
int op_apply(int argc, ev_args a, ev_out *o, lo_err *err);
int op_coordinate(int argc, ev_args a, ev_out *o, lo_err *err);
int op_layout_function(int argc, ev_args a, ev_out *o, lo_err *err);
int op_same_layout_function(int argc, ev_args a, ev_out *o, lo_err *err);
int op_index_set(int argc, ev_args a, ev_out *o, lo_err *err);
int op_coalesce(int argc, ev_args a, ev_out *o, lo_err *err);
int op_flat_coalesce(int argc, ev_args a, ev_out *o, lo_err *err);
int op_filter(int argc, ev_args a, ev_out *o, lo_err *err);
int op_flat_filter(int argc, ev_args a, ev_out *o, lo_err *err);
int op_squeeze(int argc, ev_args a, ev_out *o, lo_err *err);
int op_sort(int argc, ev_args a, ev_out *o, lo_err *err);
int op_restrict(int argc, ev_args a, ev_out *o, lo_err *err);
int op_permute(int argc, ev_args a, ev_out *o, lo_err *err);
int op_flat_concat(int argc, ev_args a, ev_out *o, lo_err *err);
int op_concat(int argc, ev_args a, ev_out *o, lo_err *err);
int op_substitute(int argc, ev_args a, ev_out *o, lo_err *err);
int op_print_layout(int argc, ev_args a, ev_out *o, lo_err *err);

/* lo_eval_bank.c */
int op_bank_conflicts(int argc, ev_args a, ev_out *o, lo_err *err);

/* lo_eval_tile.c */
int op_slice_and_offset(int argc, ev_args a, ev_out *o, lo_err *err);
int op_cute_slice_and_offset(int argc, ev_args a, ev_out *o, lo_err *err);
int op_local_tile(int argc, ev_args a, ev_out *o, lo_err *err);
int op_cute_local_tile(int argc, ev_args a, ev_out *o, lo_err *err);
int op_local_partition(int argc, ev_args a, ev_out *o, lo_err *err);
int op_cute_local_partition(int argc, ev_args a, ev_out *o, lo_err *err);
int op_inner_partition(int argc, ev_args a, ev_out *o, lo_err *err);
int op_cute_inner_partition(int argc, ev_args a, ev_out *o, lo_err *err);
int op_outer_partition(int argc, ev_args a, ev_out *o, lo_err *err);
int op_cute_outer_partition(int argc, ev_args a, ev_out *o, lo_err *err);

/* lo_eval_layouts.c */
int op_complement(int argc, ev_args a, ev_out *o, lo_err *err);
int op_paper_complement(int argc, ev_args a, ev_out *o, lo_err *err);
int op_flat_complement(int argc, ev_args a, ev_out *o, lo_err *err);
int op_is_complement(int argc, ev_args a, ev_out *o, lo_err *err);
int op_complement_covers(int argc, ev_args a, ev_out *o, lo_err *err);
int op_is_N_complement(int argc, ev_args a, ev_out *o, lo_err *err);
int op_is_complementable(int argc, ev_args a, ev_out *o, lo_err *err);
int op_composition(int argc, ev_args a, ev_out *o, lo_err *err);
int op_paper_composition(int argc, ev_args a, ev_out *o, lo_err *err);
int op_flat_composition(int argc, ev_args a, ev_out *o, lo_err *err);
int op_composition_algorithm(int argc, ev_args a, ev_out *o, lo_err *err);
int op_logical_divide(int argc, ev_args a, ev_out *o, lo_err *err);
int op_logical_product(int argc, ev_args a, ev_out *o, lo_err *err);
int op_zipped_divide(int argc, ev_args a, ev_out *o, lo_err *err);
int op_tiled_divide(int argc, ev_args a, ev_out *o, lo_err *err);
int op_zipped_product(int argc, ev_args a, ev_out *o, lo_err *err);
int op_tiled_product(int argc, ev_args a, ev_out *o, lo_err *err);
int op_paper_logical_divide(int argc, ev_args a, ev_out *o, lo_err *err);
int op_paper_logical_product(int argc, ev_args a, ev_out *o, lo_err *err);
int op_flat_divide(int argc, ev_args a, ev_out *o, lo_err *err);
int op_flat_product(int argc, ev_args a, ev_out *o, lo_err *err);
int op_right_inverse(int argc, ev_args a, ev_out *o, lo_err *err);
int op_left_inverse(int argc, ev_args a, ev_out *o, lo_err *err);
int op_is_tractable(int argc, ev_args a, ev_out *o, lo_err *err);
int op_is_compact(int argc, ev_args a, ev_out *o, lo_err *err);
int op_is_flat_coalesced(int argc, ev_args a, ev_out *o, lo_err *err);
int op_is_coalesced(int argc, ev_args a, ev_out *o, lo_err *err);
int op_is_sorted(int argc, ev_args a, ev_out *o, lo_err *err);
int op_is_nondegenerate(int argc, ev_args a, ev_out *o, lo_err *err);
int op_is_column_major(int argc, ev_args a, ev_out *o, lo_err *err);
int op_is_row_major(int argc, ev_args a, ev_out *o, lo_err *err);
int op_is_layout(int argc, ev_args a, ev_out *o, lo_err *err);
int op_mode_leq(int argc, ev_args a, ev_out *o, lo_err *err);
int op_tuple_divides(int argc, ev_args a, ev_out *o, lo_err *err);
int op_refines(int argc, ev_args a, ev_out *o, lo_err *err);
int op_relative_modes(int argc, ev_args a, ev_out *o, lo_err *err);
int op_relative_flatten(int argc, ev_args a, ev_out *o, lo_err *err);
int op_mutual_refinement(int argc, ev_args a, ev_out *o, lo_err *err);

/* lo_eval_morph.c */
int op_morphism(int argc, ev_args a, ev_out *o, lo_err *err);
int op_layout(int argc, ev_args a, ev_out *o, lo_err *err);
int op_is_standard_form(int argc, ev_args a, ev_out *o, lo_err *err);
int op_is_valid_morphism(int argc, ev_args a, ev_out *o, lo_err *err);
int op_is_pointed_map(int argc, ev_args a, ev_out *o, lo_err *err);
int op_is_tractable_map(int argc, ev_args a, ev_out *o, lo_err *err);
int op_identity(int argc, ev_args a, ev_out *o, lo_err *err);
int op_sum(int argc, ev_args a, ev_out *o, lo_err *err);
int op_disjoint_images(int argc, ev_args a, ev_out *o, lo_err *err);
int op_entry(int argc, ev_args a, ev_out *o, lo_err *err);
int op_factorize(int argc, ev_args a, ev_out *o, lo_err *err);
int op_pullback(int argc, ev_args a, ev_out *o, lo_err *err);
int op_pushforward(int argc, ev_args a, ev_out *o, lo_err *err);
int op_pullback_then_include(int argc, ev_args a, ev_out *o, lo_err *err);
int op_weak_composite(int argc, ev_args a, ev_out *o, lo_err *err);
int op_entry_inclusion(int argc, ev_args a, ev_out *o, lo_err *err);
int op_mode_inclusion(int argc, ev_args a, ev_out *o, lo_err *err);
int op_relative_mode_inclusion(int argc, ev_args a, ev_out *o, lo_err *err);
int op_relative_mode(int argc, ev_args a, ev_out *o, lo_err *err);
int op_sort_not_functorial(int argc, ev_args a, ev_out *o, lo_err *err);

/* lo_eval_cute.c */
int op_cute_coalesce(int argc, ev_args a, ev_out *o, lo_err *err);
int op_cute_flatten(int argc, ev_args a, ev_out *o, lo_err *err);
int op_cute_depth(int argc, ev_args a, ev_out *o, lo_err *err);
int op_cute_apply(int argc, ev_args a, ev_out *o, lo_err *err);
int op_cute_filter(int argc, ev_args a, ev_out *o, lo_err *err);
int op_cute_complement(int argc, ev_args a, ev_out *o, lo_err *err);
int op_cute_composition(int argc, ev_args a, ev_out *o, lo_err *err);
int op_cute_logical_divide(int argc, ev_args a, ev_out *o, lo_err *err);
int op_cute_zipped_divide(int argc, ev_args a, ev_out *o, lo_err *err);
int op_cute_tiled_divide(int argc, ev_args a, ev_out *o, lo_err *err);
int op_cute_flat_divide(int argc, ev_args a, ev_out *o, lo_err *err);
int op_cute_logical_product(int argc, ev_args a, ev_out *o, lo_err *err);
int op_cute_zipped_product(int argc, ev_args a, ev_out *o, lo_err *err);
int op_cute_tiled_product(int argc, ev_args a, ev_out *o, lo_err *err);
int op_cute_flat_product(int argc, ev_args a, ev_out *o, lo_err *err);
int op_cute_blocked_product(int argc, ev_args a, ev_out *o, lo_err *err);
int op_cute_raked_product(int argc, ev_args a, ev_out *o, lo_err *err);
int op_cute_max_common_layout(int argc, ev_args a, ev_out *o, lo_err *err);
int op_cute_right_inverse(int argc, ev_args a, ev_out *o, lo_err *err);
int op_cute_left_inverse(int argc, ev_args a, ev_out *o, lo_err *err);
int op_cute_nullspace(int argc, ev_args a, ev_out *o, lo_err *err);
int op_cute_max_common_vector(int argc, ev_args a, ev_out *o, lo_err *err);
int op_cute_cosize(int argc, ev_args a, ev_out *o, lo_err *err);
int op_cute_shape(int argc, ev_args a, ev_out *o, lo_err *err);
int op_cute_stride(int argc, ev_args a, ev_out *o, lo_err *err);
int op_cute_get(int argc, ev_args a, ev_out *o, lo_err *err);
int op_cute_crd2idx(int argc, ev_args a, ev_out *o, lo_err *err);
int op_cute_filter_zeros(int argc, ev_args a, ev_out *o, lo_err *err);
/* lo_eval_cute_modes.c */
int op_cute_size(int argc, ev_args a, ev_out *o, lo_err *err);
int op_cute_rank(int argc, ev_args a, ev_out *o, lo_err *err);
int op_cute_coprofile(int argc, ev_args a, ev_out *o, lo_err *err);
int op_cute_take(int argc, ev_args a, ev_out *o, lo_err *err);
int op_cute_select(int argc, ev_args a, ev_out *o, lo_err *err);
int op_cute_group(int argc, ev_args a, ev_out *o, lo_err *err);
int op_cute_append(int argc, ev_args a, ev_out *o, lo_err *err);
int op_cute_prepend(int argc, ev_args a, ev_out *o, lo_err *err);
int op_cute_replace(int argc, ev_args a, ev_out *o, lo_err *err);
int op_cute_zip(int argc, ev_args a, ev_out *o, lo_err *err);
int op_cute_slice(int argc, ev_args a, ev_out *o, lo_err *err);
int op_cute_dice(int argc, ev_args a, ev_out *o, lo_err *err);
int op_cute_idx2crd(int argc, ev_args a, ev_out *o, lo_err *err);
int op_cute_tile_to_shape(int argc, ev_args a, ev_out *o, lo_err *err);
int op_tile_to_shape(int argc, ev_args a, ev_out *o, lo_err *err);
int op_cute_max_alignment(int argc, ev_args a, ev_out *o, lo_err *err);
int op_cute_domain_offset(int argc, ev_args a, ev_out *o, lo_err *err);
/* lo_eval_domain.c */
int op_coalesce_z(int argc, ev_args a, ev_out *o, lo_err *err);
int op_nullspace(int argc, ev_args a, ev_out *o, lo_err *err);
int op_layout_add(int argc, ev_args a, ev_out *o, lo_err *err);
int op_greatest_common_domain(int argc, ev_args a, ev_out *o, lo_err *err);
int op_cute_coalesce_x(int argc, ev_args a, ev_out *o, lo_err *err);
/* lo_eval_cute.c: tensor views */
int op_view_strides(int argc, ev_args a, ev_out *o, lo_err *err);
int op_view_to_layout(int argc, ev_args a, ev_out *o, lo_err *err);
int op_view_of_layout(int argc, ev_args a, ev_out *o, lo_err *err);
int op_view_rearrange(int argc, ev_args a, ev_out *o, lo_err *err);
int op_view_reshape(int argc, ev_args a, ev_out *o, lo_err *err);
int op_view_broadcast(int argc, ev_args a, ev_out *o, lo_err *err);
int op_view_can_broadcast(int argc, ev_args a, ev_out *o, lo_err *err);
int op_view_broadcast_shapes(int argc, ev_args a, ev_out *o, lo_err *err);
int op_view_pad_left(int argc, ev_args a, ev_out *o, lo_err *err);
int op_view_einsum(int argc, ev_args a, ev_out *o, lo_err *err);

#endif
