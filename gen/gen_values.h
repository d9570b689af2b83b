/*
** gen_values.h -- what the generator files share: drawing lists and
** permutations, random profiles, and appending the oracle's values to a
** case in its syntax.  (The engine itself stays type-agnostic: gen.h.)
*/
#ifndef GEN_VALUES_H
#define GEN_VALUES_H

#include "gen.h"
#include "lo.h"

/* Another element of a list of n, at most max?  Lists are drawn as
** "more?" flags, each followed by its element's draws, so that deleting
** an element deletes one block of the stream.  0 stops (an empty list 1
** time in 8, a longer one 1 time in 4). */
int gen_more(gen_choices *c, int n, int max);
/* Fisher-Yates on p[0..n) with draws (all 0 = identity). */
void gen_shuffle(gen_choices *c, int *p, int n);
/* Append the profile tokens of one element covering n leaves, at most
** depth levels deep (n >= 2 needs depth >= 1), to tok[*nt..]. */
void gen_profile_rec(gen_choices *c, int n, int depth, char *tok, int *nt);
/* Draws and bounds every generator file uses (generators.c). */
lo_int gen_min(lo_int a, lo_int b);
/* The longest list a generator draws: max_rank, at most LO_MAX_LEAVES. */
int gen_max_len(const gen_bounds *b);
/* A shape entry in [1, min(max_entry, budget)]: a draw of 0 gives 2, 1
** gives 1. */
int64_t gen_shape_entry(gen_choices *c, const gen_bounds *b, int64_t budget);
/* A stride in [0, max_stride]: 0 is simplest (one draw); then small
** strides 1..8, powers of two, and anything up to max_stride. */
int64_t gen_stride(gen_choices *c, const gen_bounds *b);
/* Append a layout, tuple or morphism to k in canonical text; nonzero when
** it does not fit. */
int gen_put_layout(gen_case *k, const lo_layout *l);
int gen_put_tuple(gen_case *k, const lo_tuple *t);
int gen_put_morphism(gen_case *k, const lo_morphism *f);

/* The generator tables of the files that serve parts of the catalogue,
** gathered into one registry by generators.c (gen_at, gen_find). */
extern const gen_info gen_flat_table[], gen_nested_table[], gen_category_table[], gen_nest_table[],
    gen_views_table[], gen_recast_table[], gen_forms_table[], gen_swizzle_table[],
    gen_f2_table[], gen_negative_table[], gen_basis_table[], gen_sw_diff_table[];
extern const int gen_flat_count, gen_nested_count, gen_category_count, gen_nest_count,
    gen_views_count, gen_recast_count, gen_forms_count, gen_swizzle_count,
    gen_f2_count, gen_negative_count, gen_basis_count, gen_sw_diff_count;

#endif
