/*
** lo_eval.c -- evaluate an op by name on string arguments: the engine of
** `layoutcheck eval` and of the corpus.  The op table below names, for
** each op, its argument counts, its synopsis and its handler op_NAME
** (lo_eval_values.c, lo_eval_layouts.c, lo_eval_morph.c, lo_eval_cute.c,
** lo_eval_domain.c, lo_eval_f2.c);
** each handler parses its arguments, calls the oracle function of lo.h
** and prints the result canonically.  Ops whose names the layout and
** morphism sides share (coalesce, complement, ...) choose by the syntax of
** their first argument.
*/
#include "lo_eval_internal.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One op: its listing, the argument counts it accepts, its handler. */
typedef struct op_row {
  lo_op_info info;
  int min_args, max_args;
  ev_op_fn fn;
} op_row;

static const op_row ops[] = {
    /* values and structure */
    {{"size", "L|X", "number of coordinates: product of the shape"}, 1, 1, op_size},
    {{"cosize", "L", "1 + largest value of the layout function"}, 1, 1, op_cosize},
    {{"rank", "L|X", "number of top-level modes (1 for an integer)"}, 1, 1, op_rank},
    {{"depth", "L|X", "nesting depth (0 for an integer)"}, 1, 1, op_depth},
    {{"len", "L|X", "number of integer entries"}, 1, 1, op_len},
    {{"rank_len_depth", "X", "(rank,len,depth)"}, 1, 1, op_rank_len_depth},
    {{"rank_len_depth_size", "L|X", "(rank,len,depth,size)"}, 1, 1, op_rank_len_depth_size},
    {{"flatten", "L|X", "the flat tuple of entries"}, 1, 1, op_flatten},
    {{"flatten_profile", "X", "flattening and profile, separated by \"; \""},
     1,
     1,
     op_flatten_profile},
    {{"mode", "L|X i", "mode i (1-based)"}, 2, 2, op_mode},
    {{"modes", "L|X", "all modes, separated by \"; \""}, 1, 1, op_modes},
    {{"entries", "L|X", "all entries, separated by \"; \""}, 1, 1, op_entries},
    {{"congruent", "X Y", "same profile"}, 2, 2, op_congruent},
    {{"apply", "L x|L (c..)",
      "the layout function at x (colexicographic; the last mode runs on), or at a coordinate"},
     2,
     2,
     op_apply},
    {{"coordinate", "L \"(x..);(y..)\"", "the coordinate function at multi-indices"},
     2,
     2,
     op_coordinate},
    {{"layout_function", "L", "[Phi(0),...,Phi(size-1)] (size up to 2^20)"},
     1,
     1,
     op_layout_function},
    {{"same_layout_function", "A B", "equal sizes and layout functions"},
     2,
     2,
     op_same_layout_function},
    {{"index_set", "S", "[0,S) in colexicographic order (size up to 2^17)"}, 1, 1, op_index_set},
    /* coalesce and flat operations */
    {{"coalesce", "L [P] | f", "CuTe coalesce, by-mode with a profile; coalesce of a morphism"},
     1,
     2,
     op_coalesce},
    {{"flat_coalesce", "L", "the paper's flat coalesce (always a flat tuple)"},
     1,
     1,
     op_flat_coalesce},
    {{"filter", "L", "CuTe filter: drop stride-0 and size-1 modes, then coalesce"},
     1,
     1,
     op_filter},
    {{"flat_filter", "L", "the paper's filter: keep the modes with non-zero stride (flat)"},
     1,
     1,
     op_flat_filter},
    {{"squeeze", "L|f", "drop size-1 entries (flat)"}, 1, 1, op_squeeze},
    {{"sort", "L|f", "sort modes by (stride, shape); sort of a morphism (flat)"}, 1, 1, op_sort},
    {{"restrict", "L|f {I}", "keep the entries in I (flat)"}, 2, 2, op_restrict},
    {{"permute", "L|X \"(cycles)\"", "X^sigma = (x_sigma(1),...)"}, 2, 2, op_permute},
    {{"flat_concat", "A B|X Y|f g", "flat concatenation"}, 2, 2, op_flat_concat},
    {{"concat", "A B...|f g...|X Y...", "nested concatenation (A,B,...)"}, 2, 8, op_concat},
    {{"nested_concat", "A B...|f g...|X Y...", "same as concat"}, 2, 8, op_concat},
    {{"substitute", "P \"X1; ...\"|P L", "substitution into a profile"}, 2, 2, op_substitute},
    /* complements */
    {{"complement", "L [N] | f",
      "CuTe's complement where it meets its contract (stride-0 modes ignored, last mode rounded "
      "up)"},
     1,
     2,
     op_complement},
    {{"complement_covers", "L [N]",
      "whether complement(L,N) covers N: size(filter(L)) size(R) >= N (CuTe promises less)"},
     1,
     2,
     op_complement_covers},
    {{"paper_complement", "L [N]", "the paper's comp(L,N): only for N-complementable L"},
     1,
     2,
     op_paper_complement},
    {{"flat_complement", "L [N]", "the paper's flat comp(L,N)"}, 1, 2, op_flat_complement},
    {{"is_complement", "A B|f g", "A*B compact / f and g complementary"}, 2, 2, op_is_complement},
    {{"is_N_complement", "A B N", "A*B compact and size(A)size(B) = N"}, 3, 3, op_is_N_complement},
    {{"is_complementable", "L [N] | f", "the paper's (N-)complementability"},
     1,
     2,
     op_is_complementable},
    /* composition, division, product */
    {{"composition", "A B|A <B..>|g f", "A o B (B first); g o f (f first)"}, 2, 2, op_composition},
    {{"paper_composition", "A B", "the paper's composite (Def 2.3.7.1)"},
     2,
     2,
     op_paper_composition},
    {{"flat_composition", "A B", "the paper's flat composite (Def 2.1.7.1)"},
     2,
     2,
     op_flat_composition},
    {{"composition_algorithm", "A B", "weak composite C of Algorithm 4.1.2 for A o B"},
     2,
     2,
     op_composition_algorithm},
    {{"logical_divide", "A B|A <B..>|f g", "CuTe logical_divide; f (/) g = f o (g, g^c)"},
     2,
     2,
     op_logical_divide},
    {{"logical_product", "A B|A <B..>|f g", "CuTe logical_product; f (x) g = (f, f^c o g)"},
     2,
     2,
     op_logical_product},
    {{"zipped_divide", "A B|A <B..>", "((tiles),(rests))"}, 2, 2, op_zipped_divide},
    {{"tiled_divide", "A B|A <B..>", "((tiles),rests...)"}, 2, 2, op_tiled_divide},
    {{"zipped_product", "A B|A <B..>", "((A modes),(products))"}, 2, 2, op_zipped_product},
    {{"tiled_product", "A B|A <B..>", "((A modes),products...)"}, 2, 2, op_tiled_product},
    {{"paper_logical_divide", "A B", "the paper's A (/) B (Def 2.3.8.1)"},
     2,
     2,
     op_paper_logical_divide},
    {{"paper_logical_product", "A B", "the paper's A (x) B (Def 2.3.9.1, Obs 2.3.9.2)"},
     2,
     2,
     op_paper_logical_product},
    {{"flat_divide", "A B|f g", "flat division (Def 2.1.7.9); f (/)flat g = f o (g * g^c)"},
     2,
     2,
     op_flat_divide},
    {{"flat_product", "A B|f g", "flat product (Def 2.1.7.13); f (x)flat g = f * (f^c o g)"},
     2,
     2,
     op_flat_product},
    {{"right_inverse", "L",
      "R with L(R(i)) = i: CuTe's, built from stride 1 up (not always the largest: (2,3):(1,1) "
      "gives 2:1, and 3:2 is one too)"},
     1,
     1,
     op_right_inverse},
    {{"left_inverse", "L", "CuTe's quasi-inverse: L(R(L(i))) = L(i)"}, 1, 1, op_left_inverse},
    /* the whitepaper's analysis ops (arXiv:2603.02298, as PyCuTe documents them) */
    {{"coalesce_z", "L [P]", "coalesce keeping L(i) for every i >= 0 (a last size-1 mode stays)"},
     1,
     2,
     op_coalesce_z},
    {{"nullspace", "L", "the layout of the coordinates L maps to 0"}, 1, 1, op_nullspace},
    {{"blocked_product", "A B",
      "CuTe's blocked_product where the logical product it rearranges meets its contract"},
     2,
     2,
     op_blocked_product},
    {{"raked_product", "A B",
      "CuTe's raked_product where the logical product it rearranges meets its contract"},
     2,
     2,
     op_raked_product},
    {{"max_common_layout", "A B",
      "CuTe's R with A(R(i)) = B(R(i)) = i for i < size(R) (A or B may be composed)"},
     2,
     2,
     op_max_common_layout},
    {{"max_common_vector", "A B",
      "CuTe's N: every n < N is A(i) = B(i) at some i (A or B may be composed)"},
     2,
     2,
     op_max_common_vector},
    {{"layout_add", "A B", "R with R(i) = A(i) + B(i) (equal sizes, a common refinement)"},
     2,
     2,
     op_layout_add},
    {{"greatest_common_domain", "A B", "the common factorisation of two shapes, in order"},
     2,
     2,
     op_greatest_common_domain},
    /* recasts and compact layouts in an order (lo_eval_recast.c) */
    {{"upcast", "L N", "CuTe's upcast<N>(L): the layout of L's N-element units"}, 2, 2, op_upcast},
    {{"downcast", "L N", "CuTe's downcast<N>(L): L's units split into N elements each"},
     2,
     2,
     op_downcast},
    {{"recast_layout", "L OLD NEW",
      "CuTe's recast_layout<Old,New>(L), element widths in bits (16 32: half to float)"},
     3,
     3,
     op_recast_layout},
    {{"recast", "L p|L p/q", "the whitepaper's recast(L, scale) as PyCuTe defines it"},
     2,
     2,
     op_recast},
    {{"make_layout_like", "L", "compact, shape(L), in the order of L's strides (0 kept)"},
     1,
     1,
     op_make_layout_like},
    {{"make_ordered_layout", "S O", "compact layout of shape S in the order O"},
     2,
     2,
     op_make_ordered_layout},
    {{"cute_recast_layout", "L OLD NEW", "CuTe C++ recast_layout<Old,New>(L), widths in bits"},
     3,
     3,
     op_cute_recast_layout},
    {{"cute_make_layout_like", "L", "CuTe C++ make_layout_like(L)"},
     1,
     1,
     op_cute_make_layout_like},
    {{"cute_make_ordered_layout", "S O", "CuTe C++ make_ordered_layout(S, O)"},
     2,
     2,
     op_cute_make_ordered_layout},
    /* CuTe C++ as it computes (static layouts), refusals included */
    {{"cute_coalesce", "L [P]", "CuTe C++ coalesce(L[, P]) as it prints"}, 1, 2, op_cute_coalesce},
    {{"cute_filter", "L", "CuTe C++ filter(L)"}, 1, 1, op_cute_filter},
    {{"cute_flatten", "L|X", "CuTe C++ flatten: an integer stays as it is"}, 1, 1, op_cute_flatten},
    {{"cute_depth", "L|X [i [j [k]]]", "CuTe C++ depth<i,j,k> (refuses an empty tuple)"},
     1,
     4,
     op_cute_depth},
    {{"cute_apply", "L x|L (c..)",
      "CuTe C++ layout(x) at an index or a coordinate (refuses an empty tuple in the shape)"},
     2,
     2,
     op_cute_apply},
    {{"cute_crd2idx", "(c..) S D", "CuTe C++ crd2idx(c, S, D): S:D at the coordinate c"},
     3,
     3,
     op_cute_crd2idx},
    {{"cute_size", "L|X [i [j [k]]]", "CuTe C++ size<i,j,k> (0-based mode path)"},
     1,
     4,
     op_cute_size},
    {{"cute_cosize", "L [i [j [k]]]", "CuTe C++ cosize<i,j,k>"}, 1, 4, op_cute_cosize},
    {{"cute_coshape", "L [i [j [k]]]",
      "CuTe C++ coshape<i,j,k>: the mode at its last coordinate, plus 1"},
     1,
     4,
     op_cute_cosize},
    {{"cute_coprofile", "L [i [j [k]]]", "CuTe C++ coprofile<i,j,k>: 0 for integer strides"},
     1,
     4,
     op_cute_coprofile},
    {{"cute_rank", "L|X [i [j [k]]]", "CuTe C++ rank<i,j,k>"}, 1, 4, op_cute_rank},
    {{"cute_shape", "L|X [i [j [k]]]", "CuTe C++ shape<i,j,k>"}, 1, 4, op_cute_shape},
    {{"cute_stride", "L [i [j [k]]]", "CuTe C++ stride<i,j,k>"}, 1, 4, op_cute_stride},
    {{"cute_get", "L|X i [j [k]]", "CuTe C++ get<i,j,k> (0-based)"}, 2, 4, op_cute_get},
    {{"cute_filter_zeros", "L", "CuTe C++ filter_zeros: stride-0 entries get shape 1"},
     1,
     1,
     op_cute_filter_zeros},
    {{"cute_take", "L|X b e", "CuTe C++ take<b,e>: the modes [b,e) (e = -1: to the end, tuples)"},
     3,
     3,
     op_cute_take},
    {{"cute_select", "L|X i [j..]", "CuTe C++ select<i,j,..>: the tuple of those modes"},
     2,
     7,
     op_cute_select},
    {{"cute_group", "L|X b e",
      "CuTe C++ group<b,e>: the modes [b,e) made one mode (e = -1: to the end)"},
     3,
     3,
     op_cute_group},
    {{"cute_append", "L [X [n]]",
      "CuTe C++ append(L, X) / append<n>(L, X): modes X (default 1:0) after L's"},
     1,
     3,
     op_cute_append},
    {{"cute_prepend", "L [X [n]]", "CuTe C++ prepend(L, X) / prepend<n>(L, X): modes X before L's"},
     1,
     3,
     op_cute_prepend},
    {{"cute_replace", "L X n", "CuTe C++ replace<n>(L, X): mode n made X (n = rank: appended)"},
     3,
     3,
     op_cute_replace},
    {{"cute_zip", "L|X|A B", "CuTe C++ zip: ((a,b,..),(x,y,..)) to ((a,x),(b,y),..)"},
     1,
     2,
     op_cute_zip},
    {{"cute_slice", "(c.._..) L", "CuTe C++ slice(c, L): the modes at '_' in c"},
     2,
     2,
     op_cute_slice},
    {{"cute_dice", "(c.._..) L", "CuTe C++ dice(c, L): the modes at integers in c"},
     2,
     2,
     op_cute_dice},
    {{"cute_idx2crd", "i|(i..) S [D]",
      "CuTe C++ idx2crd(i, S[, D]): the coordinate of i in S (the last mode runs on), or by the "
      "strides D"},
     2,
     3,
     op_cute_idx2crd},
    {{"cute_domain_offset", "x|(c..) L", "CuTe C++ domain_offset(c, L): (L,L(c))"},
     2,
     2,
     op_cute_domain_offset},
    {{"tile_to_shape", "L S [O]",
      "CuTe's tile_to_shape(L, S, O) where the blocked product it is built on meets its contract"},
     2,
     3,
     op_tile_to_shape},
    {{"cute_tile_to_shape", "L S [O]",
      "CuTe C++ tile_to_shape(L, S, O): L repeated to the shape S in the order O"},
     2,
     3,
     op_cute_tile_to_shape},
    {{"cute_upcast", "X N", "CuTe C++ upcast<N>(X) of a swizzle, a layout or a composed layout"},
     2,
     2,
     op_cute_upcast},
    {{"cute_downcast", "X N",
      "CuTe C++ downcast<N>(X) of a swizzle, a layout or a composed layout"},
     2,
     2,
     op_cute_downcast},
    {{"cute_max_alignment", "L", "CuTe C++ max_alignment: the largest n upcast<n>(L) takes"},
     1,
     1,
     op_cute_max_alignment},
    {{"cute_complement", "L [N]", "CuTe C++ complement(L[, N]) (N may be a shape or a layout)"},
     1,
     2,
     op_cute_complement},
    {{"cute_composition", "A B|A <B..>|A _", "CuTe C++ composition(A, B), right or wrong"},
     2,
     2,
     op_cute_composition},
    {{"cute_logical_divide", "A B|A <B..>", "CuTe C++ logical_divide"},
     2,
     2,
     op_cute_logical_divide},
    {{"cute_zipped_divide", "A B|A <B..>", "CuTe C++ zipped_divide"}, 2, 2, op_cute_zipped_divide},
    {{"cute_tiled_divide", "A B|A <B..>", "CuTe C++ tiled_divide"}, 2, 2, op_cute_tiled_divide},
    {{"cute_flat_divide", "A B|A <B..>", "CuTe C++ flat_divide (both modes unpacked)"},
     2,
     2,
     op_cute_flat_divide},
    {{"cute_logical_product", "A B|A <B..>", "CuTe C++ logical_product"},
     2,
     2,
     op_cute_logical_product},
    {{"cute_zipped_product", "A B|A <B..>", "CuTe C++ zipped_product"},
     2,
     2,
     op_cute_zipped_product},
    {{"cute_tiled_product", "A B|A <B..>", "CuTe C++ tiled_product"}, 2, 2, op_cute_tiled_product},
    {{"cute_flat_product", "A B|A <B..>", "CuTe C++ flat_product (both modes unpacked)"},
     2,
     2,
     op_cute_flat_product},
    {{"cute_blocked_product", "A B", "CuTe C++ blocked_product"}, 2, 2, op_cute_blocked_product},
    {{"cute_raked_product", "A B", "CuTe C++ raked_product"}, 2, 2, op_cute_raked_product},
    {{"cute_right_inverse", "L", "CuTe C++ right_inverse"}, 1, 1, op_cute_right_inverse},
    {{"cute_left_inverse", "L", "CuTe C++ left_inverse (quasi-inverse)"},
     1,
     1,
     op_cute_left_inverse},
    {{"cute_max_common_layout", "A B", "CuTe C++ max_common_layout"},
     2,
     2,
     op_cute_max_common_layout},
    {{"cute_max_common_vector", "A B", "CuTe C++ max_common_vector"},
     2,
     2,
     op_cute_max_common_vector},
    {{"cute_nullspace", "L", "CuTe C++ nullspace"}, 1, 1, op_cute_nullspace},
    {{"cute_coalesce_x", "L", "CuTe C++ detail::coalesce_x (a last size-1 mode counts as 2)"},
     1,
     1,
     op_cute_coalesce_x},
    /* predicates */
    {{"is_tractable", "L", "Def 2.1.8.1"}, 1, 1, op_is_tractable},
    {{"is_compact", "L", "Phi is a bijection onto [0,cosize)"}, 1, 1, op_is_compact},
    {{"is_coalesced", "L|f", "Def 2.3.3.1; for morphisms Def 3.1.5.20"}, 1, 1, op_is_coalesced},
    {{"is_flat_coalesced", "L", "Def 2.1.4.1"}, 1, 1, op_is_flat_coalesced},
    {{"is_sorted", "L|f", "modes in (stride, shape) order; sort(f) = f"}, 1, 1, op_is_sorted},
    {{"is_nondegenerate", "L|f", "size-1 entries have stride 0 / go to *"},
     1,
     1,
     op_is_nondegenerate},
    {{"is_non_degenerate", "L|f", "same as is_nondegenerate"}, 1, 1, op_is_nondegenerate},
    {{"is_column_major", "L", "strides are the prefix products of the shape"},
     1,
     1,
     op_is_column_major},
    {{"is_row_major", "L", "strides are the suffix products of the shape"}, 1, 1, op_is_row_major},
    {{"is_layout", "S:D", "the text is a layout (shape and stride congruent)"}, 1, 1, op_is_layout},
    {{"mode_leq", "s:d s':d'", "the order of Def 2.1.3.23"}, 2, 2, op_mode_leq},
    /* nested tuples and refinement */
    {{"tuple_divides", "X' X", "the flattening of X' is a prefix of that of X"},
     2,
     2,
     op_tuple_divides},
    {{"refines", "X' X", "X' refines X"}, 2, 2, op_refines},
    {{"relative_modes", "X' X|L X", "mode_i(X',X) for each entry of X"}, 2, 2, op_relative_modes},
    {{"relative_flatten", "X' X", "flat(X',X)"}, 2, 2, op_relative_flatten},
    {{"mutual_refinement", "T U", "T' U' (Algorithm 4.1.1)"}, 2, 2, op_mutual_refinement},
    /* morphisms */
    {{"morphism", "L", "standard representation f_L of a tractable layout"}, 1, 1, op_morphism},
    {{"layout", "f", "the encoded layout L_f"}, 1, 1, op_layout},
    {{"is_standard_form", "f", "Def 3.1.2.12 (with the n = 1 fix)"}, 1, 1, op_is_standard_form},
    {{"is_valid_morphism", "f", "the map respects sizes and hits positions at most once"},
     1,
     1,
     op_is_valid_morphism},
    {{"is_pointed_map", "\"(map)\" n", "entries in {*,1..n}"}, 2, 2, op_is_pointed_map},
    {{"is_tractable_map", "\"(map)\" n", "pointed map with at most one preimage per position"},
     2,
     2,
     op_is_tractable_map},
    {{"identity", "S", "id_S"}, 1, 1, op_identity},
    {{"sum", "f g", "f (+) g"}, 2, 2, op_sum},
    {{"disjoint_images", "f g", "no codomain position hit by both"}, 2, 2, op_disjoint_images},
    {{"entry", "f i", "f restricted to entry i"}, 2, 2, op_entry},
    {{"factorize", "f {J}", "f through the codomain entries J"}, 2, 2, op_factorize},
    {{"pullback", "f T'", "pullback along T' refining the codomain"}, 2, 2, op_pullback},
    {{"pushforward", "f S'", "pushforward along S' refining the domain"}, 2, 2, op_pushforward},
    {{"pullback_then_include", "f T' U'", "f' of Construction 4.1.2.1"},
     3,
     3,
     op_pullback_then_include},
    {{"weak_composite", "f g", "weak composite (f first, then g)"}, 2, 2, op_weak_composite},
    {{"entry_inclusion", "S i", "inclusion of entry i into S"}, 2, 2, op_entry_inclusion},
    {{"mode_inclusion", "S i", "inclusion of mode i into S"}, 2, 2, op_mode_inclusion},
    {{"relative_mode_inclusion", "S' S i", "incl_i(S',S)"}, 3, 3, op_relative_mode_inclusion},
    {{"relative_mode", "f S i", "mode_i(f,S) = f o incl_i"}, 3, 3, op_relative_mode},
    {{"sort_not_functorial", "f g", "sort f; sort g"}, 2, 2, op_sort_not_functorial},
    /* tensor views (lo_view.c): shapes and strides outermost first */
    {{"view_strides", "SHAPE", "row-major strides (suffix products)"}, 1, 1, op_view_strides},
    {{"view_to_layout", "SHAPE STRIDES", "the layout of a row-major view (modes reversed)"},
     2,
     2,
     op_view_to_layout},
    {{"view_of_layout", "L", "the row-major view of a layout: SHAPE STRIDES"},
     1,
     1,
     op_view_of_layout},
    {{"view_rearrange", "PATTERN [SIZES] [SHAPE]",
      "einops rearrange: the result over the input's row-major storage"},
     1,
     3,
     op_view_rearrange},
    {{"view_reshape", "FROM TO", "torch view: the same elements with shape TO, no copy"},
     2,
     2,
     op_view_reshape},
    {{"view_broadcast", "FROM TO", "PyTorch broadcasting of FROM to the shape TO"},
     2,
     2,
     op_view_broadcast},
    {{"view_can_broadcast", "FROM TO", "does FROM broadcast to the shape TO"},
     2,
     2,
     op_view_can_broadcast},
    {{"view_broadcast_shapes", "A B", "torch.broadcast_shapes"}, 2, 2, op_view_broadcast_shapes},
    {{"view_pad_left", "N SHAPE", "N leading axes of size 1"}, 2, 2, op_view_pad_left},
    {{"view_einsum", "PATTERN SIZES [VIEW..]", "einsum index maps over the iteration space"},
     2,
     6,
     op_view_einsum},
    /* drawing (lo_print_grid.c) */
    {{"print_layout", "L",
      "the grid CuTe's print_layout prints (rank 2, size up to 2^19; lines joined by \\n in "
      "--batch)"},
     1,
     1,
     op_print_layout},
    /* shared-memory banks (lo_bank.c) */
    {{"bank_conflicts", "SMEM BITS[xV] TV|[c..] [banks]",
      "wavefronts and bank conflicts of a warp's shared-memory accesses through SMEM"},
     3,
     4,
     op_bank_conflicts},
    /* slicing by a coordinate and the tensor partitions (lo_tile.c) */
    {{"slice_and_offset", "(c.._..) L",
      "CuTe's slice_and_offset(c, L): (the modes at '_', the offset); coordinates in range"},
     2,
     2,
     op_slice_and_offset},
    {{"local_tile", "L T (c..) [P]",
      "CuTe's local_tile: (tile c of zipped_divide(L,T), its offset); P a projection (1,X,1)"},
     3,
     4,
     op_local_tile},
    {{"local_partition", "L THR i [P]",
      "CuTe's local_partition: (thread i's part of L, its offset); P a projection"},
     3,
     4,
     op_local_partition},
    {{"inner_partition", "L T (c..)", "CuTe's inner_partition: the tile at c, (layout,offset)"},
     3,
     3,
     op_inner_partition},
    {{"outer_partition", "L T (c..)",
      "CuTe's outer_partition: element c of every tile, (layout,offset)"},
     3,
     3,
     op_outer_partition},
    {{"cute_slice_and_offset", "(c.._..) L", "CuTe C++ slice_and_offset(c, L), unchecked"},
     2,
     2,
     op_cute_slice_and_offset},
    {{"cute_local_tile", "L T (c..) [P]", "CuTe C++ local_tile on a tensor: (layout,offset)"},
     3,
     4,
     op_cute_local_tile},
    {{"cute_local_partition", "L THR i [P]",
      "CuTe C++ local_partition on a tensor: (layout,offset)"},
     3,
     4,
     op_cute_local_partition},
    {{"cute_inner_partition", "L T (c..)", "CuTe C++ inner_partition: (layout,offset)"},
     3,
     3,
     op_cute_inner_partition},
    {{"cute_outer_partition", "L T (c..)", "CuTe C++ outer_partition: (layout,offset)"},
     3,
     3,
     op_cute_outer_partition},
    /* F2 (XOR) strides (lo_f2.c) */
    {{"to_f2", "Sw [N]|C",
      "the layout with F2 strides equal to a swizzle on [0,N) (N its period by default) or to a "
      "composed layout on its domain"},
     1,
     2,
     op_to_f2},
    {{"from_f2", "F", "the swizzle Sw<B,M,S> equal to an F2 layout on [0,size)"}, 1, 1, op_from_f2},
    {{"f2_coshape", "F", "PyCuTe's coshape of an F2 layout: a power of two above every value"},
     1,
     1,
     op_f2_coshape},
    /* coordinate layouts (lo_eval_basis.c) */
    {{"make_identity_layout", "S",
      "CuTe's make_identity_layout(S): S:(1@0,1@1,...), each coordinate to itself"},
     1,
     1,
     op_make_identity_layout},
    {{"cute_make_identity_layout", "S", "CuTe C++ make_identity_layout(S)"},
     1,
     1,
     op_make_identity_layout},
};

#define NOPS ((int)(sizeof ops / sizeof ops[0]))

/* How many ops the table has. */
int lo_op_count(void) { return NOPS; }

/* Op i of the table (0-based), or NULL past its end. */
const lo_op_info *lo_op_at(int i) { return i >= 0 && i < NOPS ? &ops[i].info : NULL; }

/* The op lookup: an open-addressing hash table of the op names (the table
** above keeps the order of `eval --list`).  The hash table is written at
** build time by tools/op_index.sh from this file, so it is constant data:
** nothing is built at run time, nothing is shared that a thread could see
** half-written.  A slot holds 1 + the op's row, 0 when empty; at most a
** quarter of the slots are used, so a probe sequence is short. */
#include "lo_eval_index.h"

_Static_assert(OP_INDEX_COUNT == NOPS,
               "lo_eval_index.h holds every row of the op table (make writes it from lo_eval.c)");
_Static_assert(NOPS * 4 <= OP_SLOTS && (OP_SLOTS & (OP_SLOTS - 1)) == 0 && NOPS < 32767,
               "the op hash table is a power of two at most a quarter full");

/* The hash of an op name s[0..n) (n >= 1): its length and five of its
** bytes, each times its own odd 16-bit constant (no chain of dependent
** steps; the sum stays below 2^27).  tools/op_index.sh computes the same
** sum to fill op_slot. */
static inline unsigned op_hash(const char *s, size_t n) {
  const unsigned char *u = (const unsigned char *)s;
  return (unsigned)n * 40503u + u[0] * 34283u + u[n - 1] * 49843u + u[n / 2] * 10197u +
         u[n * 3 / 4] * 5719u + u[n / 4] * 25033u;
}

/* Whether a[0..n) and b[0..n) are the same bytes: eight at a time, the
** last eight overlapping those before (names are short: this beats a call
** to memcmp), a byte at a time below eight. */
static int same_bytes(const char *a, const char *b, size_t n) {
  if (n < 8) {
    for (size_t i = 0; i < n; i++)
      if (a[i] != b[i]) return 0;
    return 1;
  }
  for (size_t i = 0;; i += 8) {
    unsigned long long x, y;
    if (i + 8 > n) i = n - 8;
    memcpy(&x, a + i, 8);
    memcpy(&y, b + i, 8);
    if (x != y) return 0;
    if (i + 8 == n) return 1;
  }
}

/* The index in the op table of the op named name, or -1 (see
** lo_eval_internal.h). */
int ev_op_index(const char *name) {
  assert(name);
  size_t n = strlen(name);
  if (n == 0 || n > OP_NAME_MAX) return -1;
  unsigned h = op_hash(name, n) & (OP_SLOTS - 1);
  for (; op_slot[h]; h = (h + 1) & (OP_SLOTS - 1)) {
    int i = op_slot[h] - 1;
    if (op_name_len[i] == n && same_bytes(ops[i].info.name, name, n)) return i;
  }
  return -1;
}

/* Whether lo_eval_index.h agrees with the op table (see
** lo_eval_internal.h). */
int ev_op_index_check(void) {
  size_t longest = 0;
  for (int i = 0; i < NOPS; i++) {
    size_t n = strlen(ops[i].info.name);
    if (n != op_name_len[i] || ev_op_index(ops[i].info.name) != i) return 0;
    if (n > longest) longest = n;
  }
  int used = 0;
  for (int h = 0; h < OP_SLOTS; h++) used += op_slot[h] != 0;
  return used == NOPS && longest == OP_NAME_MAX;
}

/* The handler of the op named name, or NULL (lo_eval_internal.h). */
ev_op_fn ev_op_fn_of(const char *name) {
  int i = ev_op_index(name);
  return i < 0 ? NULL : ops[i].fn;
}

/* The row of the op named op, or NULL. */
static const op_row *find_op(const char *op) {
  int i = ev_op_index(op);
  return i < 0 ? NULL : &ops[i];
}

/* Write op's name into shown[0..cap) with control bytes replaced by '?'
** and return how many bytes of op it took (for "unsupported op"). */
static size_t show_name(const char *op, char *shown, size_t cap) {
  size_t n = 0;
  for (const char *c = op; *c && n + 1 < cap; c++) /* never echo control bytes */
    shown[n++] = (*c >= 0x20 && *c < 0x7f) ? *c : '?';
  shown[n] = 0;
  return n;
}

/* Run row r's handler and turn an overfull output or an out-of-range
** layout result into its error. */
static int run_row(const op_row *r, int argc, const char *const *argv, ev_out *o, lo_err *err) {
  int rc = ev_has_f2(argc, argv)         ? ev_f2_run(r->info.name, r->fn, argc, argv, o, err)
           : ev_has_swizzle(argc, argv)  ? ev_swizzle_run(r->info.name, r->fn, argc, argv, o, err)
           : ev_has_basis(argc, argv)    ? ev_basis_run(r->info.name, r->fn, argc, argv, o, err)
           : ev_has_negative(argc, argv) ? ev_negative_run(r->info.name, argc, argv, o, err)
                                         : r->fn(argc, argv, o, err);
  if (rc == LO_OK && o->full) rc = lo_fail(err, LO_ESPACE, "result longer than %zu bytes", o->cap);
  if (rc == LO_OK && o->range.code)
    rc = lo_fail(err, LO_EOVERFLOW, "the result %.*s%s is out of range: %s",
                 (int)(o->range_len < 120 ? o->range_len : 120), o->p + o->range_at,
                 o->range_len > 120 ? "..." : "", o->range.msg);
  return rc;
}

/* Copy the message msg[0..n) (n < sizeof of lo_err's msg) to buf[0..cap)
** (n < cap): sixteen bytes at a time where both have room for the last
** sixteen (GCC makes a memcpy of at most 239 bytes a rep movsq, slow to
** start for a message of 100 bytes), by memcpy otherwise. */
static void copy_message(char *buf, size_t cap, const char *msg, size_t n) {
  size_t whole = (n + 15) & ~(size_t)15;
  if (whole > cap || whole > sizeof((lo_err *)0)->msg) {
    memcpy(buf, msg, n);
    return;
  }
  for (size_t i = 0; i < whole; i += 16) memcpy(buf + i, msg + i, 16);
}

/* Evaluate op on argv, giving the text's length; see lo.h. */
int lo_eval_len(const char *op, int argc, const char *const *argv, char *buf, size_t cap,
                size_t *len) {
  lo_err err;
  ev_out o; /* set field by field: an initializer would clear o.range.msg */
  int rc = LO_EUNSUPPORTED;
  o.p = buf;
  o.cap = cap;
  o.len = 0;
  o.full = cap == 0;
  o.range.code = 0;
  o.range.msg[0] = 0;
  o.range_at = o.range_len = 0;
  err.code = 0;
  err.msg[0] = 0;
  *len = 0;
  if (cap) buf[0] = 0;
  const op_row *r = find_op(op);
  if (!r) {
    char shown[64];
    size_t n = show_name(op, shown, sizeof shown);
    rc = lo_fail(&err, LO_EUNSUPPORTED, "unsupported op %s%s", shown, op[n] ? "..." : "");
  } else if (argc < r->min_args || argc > r->max_args) {
    rc = lo_fail(&err, LO_EUNSUPPORTED, "%s takes %s (%d given)", op, r->info.args, argc);
  } else {
    rc = run_row(r, argc, argv, &o, &err);
    if (rc == LO_OK) {
      *len = o.len;
      return LO_OK;
    }
  }
  if (cap) {                    /* the message, cut to fit as snprintf would cut it */
    size_t n = strlen(err.msg); /* lo_fail always ends it */
    if (n > cap - 1) n = cap - 1;
    copy_message(buf, cap, err.msg, n);
    buf[n] = 0;
    *len = n;
  }
  return rc ? rc : LO_EUNSUPPORTED;
}

/* Evaluate op on argv; see lo.h. */
int lo_eval(const char *op, int argc, const char *const *argv, char *buf, size_t cap) {
  size_t len;
  return lo_eval_len(op, argc, argv, buf, cap, &len);
}
