/*
** lo_eval_index.h -- written by tools/op_index.sh from the op table of
** lo_eval.c (make writes it again whenever lo_eval.c changes; do not
** edit): the hash table of the op names for ev_op_index, linear probing
** from op_hash.  A slot holds 1 + the row of the op table, 0 when empty.
** 182 ops in 1024 slots; the longest probe sequence is 5.
*/
#define OP_SLOTS 1024
#define OP_INDEX_COUNT 182
#define OP_NAME_MAX 25 /* the longest name; longer text names no op */
static const short op_slot[OP_SLOTS] = {
    [6] = 57, /* raked_product */
    [15] = 19, /* coalesce */
    [24] = 68, /* cute_recast_layout */
    [27] = 38, /* composition */
    [29] = 136, /* morphism */
    [31] = 122, /* is_coalesced */
    [33] = 15, /* coordinate */
    [35] = 144, /* disjoint_images */
    [37] = 107, /* cute_flat_divide */
    [39] = 84, /* cute_get */
    [56] = 10, /* mode */
    [57] = 11, /* modes */
    [64] = 35, /* is_complement */
    [66] = 176, /* cute_inner_partition */
    [67] = 39, /* paper_composition */
    [69] = 37, /* is_complementable */
    [79] = 83, /* cute_stride */
    [87] = 120, /* is_tractable */
    [88] = 135, /* mutual_refinement */
    [90] = 26, /* permute */
    [94] = 169, /* local_tile */
    [104] = 52, /* right_inverse */
    [110] = 7, /* rank_len_depth_size */
    [111] = 103, /* cute_composition */
    [114] = 154, /* relative_mode */
    [115] = 166, /* print_layout */
    [119] = 13, /* congruent */
    [125] = 138, /* is_standard_form */
    [128] = 4, /* depth */
    [133] = 86, /* cute_take */
    [134] = 139, /* is_valid_morphism */
    [147] = 114, /* cute_right_inverse */
    [163] = 141, /* is_tractable_map */
    [173] = 105, /* cute_zipped_divide */
    [177] = 116, /* cute_max_common_layout */
    [183] = 81, /* cute_rank */
    [196] = 28, /* concat */
    [197] = 66, /* make_layout_like */
    [213] = 59, /* max_common_vector */
    [215] = 182, /* cute_make_identity_layout */
    [223] = 58, /* max_common_layout */
    [224] = 64, /* recast_layout */
    [225] = 69, /* cute_make_layout_like */
    [230] = 97, /* tile_to_shape */
    [234] = 21, /* filter */
    [246] = 24, /* sort */
    [253] = 112, /* cute_blocked_product */
    [259] = 51, /* flat_product */
    [266] = 125, /* is_nondegenerate */
    [269] = 56, /* blocked_product */
    [270] = 159, /* view_rearrange */
    [273] = 164, /* view_pad_left */
    [277] = 98, /* cute_tile_to_shape */
    [278] = 100, /* cute_downcast */
    [279] = 74, /* cute_depth */
    [293] = 41, /* composition_algorithm */
    [300] = 12, /* entries */
    [301] = 126, /* is_non_degenerate */
    [310] = 70, /* cute_make_ordered_layout */
    [312] = 46, /* zipped_product */
    [319] = 102, /* cute_complement */
    [326] = 71, /* cute_coalesce */
    [328] = 27, /* flat_concat */
    [337] = 165, /* view_einsum */
    [338] = 1, /* size */
    [340] = 147, /* pullback */
    [351] = 3, /* rank */
    [353] = 178, /* to_f2 */
    [354] = 29, /* nested_concat */
    [363] = 109, /* cute_zipped_product */
    [370] = 140, /* is_pointed_map */
    [372] = 123, /* is_flat_coalesced */
    [377] = 96, /* cute_domain_offset */
    [386] = 85, /* cute_filter_zeros */
    [391] = 95, /* cute_idx2crd */
    [393] = 101, /* cute_max_alignment */
    [395] = 134, /* relative_flatten */
    [397] = 14, /* apply */
    [401] = 170, /* local_partition */
    [412] = 124, /* is_sorted */
    [413] = 175, /* cute_local_partition */
    [423] = 150, /* weak_composite */
    [424] = 67, /* make_ordered_layout */
    [425] = 80, /* cute_coprofile */
    [431] = 53, /* left_inverse */
    [432] = 8, /* flatten */
    [435] = 79, /* cute_coshape */
    [440] = 16, /* layout_function */
    [443] = 118, /* cute_nullspace */
    [444] = 152, /* mode_inclusion */
    [446] = 99, /* cute_upcast */
    [452] = 2, /* cosize */
    [455] = 34, /* flat_complement */
    [462] = 20, /* flat_coalesce */
    [465] = 137, /* layout */
    [474] = 153, /* relative_mode_inclusion */
    [479] = 18, /* index_set */
    [499] = 142, /* identity */
    [502] = 179, /* from_f2 */
    [503] = 151, /* entry_inclusion */
    [521] = 157, /* view_to_layout */
    [522] = 158, /* view_of_layout */
    [536] = 93, /* cute_slice */
    [540] = 143, /* sum */
    [547] = 49, /* paper_logical_product */
    [548] = 65, /* recast */
    [559] = 40, /* flat_composition */
    [574] = 156, /* view_strides */
    [600] = 155, /* sort_not_functorial */
    [603] = 42, /* logical_divide */
    [604] = 115, /* cute_left_inverse */
    [608] = 48, /* paper_logical_divide */
    [616] = 30, /* substitute */
    [617] = 162, /* view_can_broadcast */
    [630] = 106, /* cute_tiled_divide */
    [631] = 172, /* outer_partition */
    [632] = 111, /* cute_flat_product */
    [655] = 173, /* cute_slice_and_offset */
    [676] = 163, /* view_broadcast_shapes */
    [681] = 119, /* cute_coalesce_x */
    [682] = 50, /* flat_divide */
    [684] = 130, /* mode_leq */
    [689] = 117, /* cute_max_common_vector */
    [690] = 60, /* layout_add */
    [694] = 148, /* pushforward */
    [695] = 92, /* cute_zip */
    [700] = 17, /* same_layout_function */
    [721] = 174, /* cute_local_tile */
    [735] = 45, /* tiled_divide */
    [740] = 121, /* is_compact */
    [745] = 23, /* squeeze */
    [753] = 43, /* logical_product */
    [756] = 73, /* cute_flatten */
    [757] = 171, /* inner_partition */
    [760] = 177, /* cute_outer_partition */
    [767] = 78, /* cute_cosize */
    [773] = 145, /* entry */
    [774] = 149, /* pullback_then_include */
    [788] = 31, /* complement */
    [808] = 22, /* flat_filter */
    [811] = 61, /* greatest_common_domain */
    [819] = 76, /* cute_crd2idx */
    [826] = 104, /* cute_logical_divide */
    [828] = 6, /* rank_len_depth */
    [829] = 77, /* cute_size */
    [830] = 94, /* cute_dice */
    [831] = 181, /* make_identity_layout */
    [832] = 128, /* is_row_major */
    [835] = 9, /* flatten_profile */
    [836] = 25, /* restrict */
    [838] = 89, /* cute_append */
    [840] = 168, /* slice_and_offset */
    [850] = 72, /* cute_filter */
    [863] = 110, /* cute_tiled_product */
    [864] = 82, /* cute_shape */
    [865] = 91, /* cute_replace */
    [866] = 113, /* cute_raked_product */
    [867] = 131, /* tuple_divides */
    [880] = 87, /* cute_select */
    [883] = 129, /* is_layout */
    [891] = 75, /* cute_apply */
    [893] = 44, /* zipped_divide */
    [896] = 54, /* coalesce_z */
    [899] = 63, /* downcast */
    [900] = 108, /* cute_logical_product */
    [903] = 62, /* upcast */
    [909] = 132, /* refines */
    [921] = 167, /* bank_conflicts */
    [922] = 33, /* paper_complement */
    [932] = 180, /* f2_coshape */
    [946] = 36, /* is_N_complement */
    [949] = 127, /* is_column_major */
    [983] = 88, /* cute_group */
    [987] = 90, /* cute_prepend */
    [988] = 47, /* tiled_product */
    [991] = 161, /* view_broadcast */
    [1002] = 5, /* len */
    [1012] = 160, /* view_reshape */
    [1013] = 146, /* factorize */
    [1018] = 55, /* nullspace */
    [1020] = 32, /* complement_covers */
    [1021] = 133, /* relative_modes */
};
static const unsigned char op_name_len[OP_INDEX_COUNT] = {
    4, /* size */
    6, /* cosize */
    4, /* rank */
    5, /* depth */
    3, /* len */
    14, /* rank_len_depth */
    19, /* rank_len_depth_size */
    7, /* flatten */
    15, /* flatten_profile */
    4, /* mode */
    5, /* modes */
    7, /* entries */
    9, /* congruent */
    5, /* apply */
    10, /* coordinate */
    15, /* layout_function */
    20, /* same_layout_function */
    9, /* index_set */
    8, /* coalesce */
    13, /* flat_coalesce */
    6, /* filter */
    11, /* flat_filter */
    7, /* squeeze */
    4, /* sort */
    8, /* restrict */
    7, /* permute */
    11, /* flat_concat */
    6, /* concat */
    13, /* nested_concat */
    10, /* substitute */
    10, /* complement */
    17, /* complement_covers */
    16, /* paper_complement */
    15, /* flat_complement */
    13, /* is_complement */
    15, /* is_N_complement */
    17, /* is_complementable */
    11, /* composition */
    17, /* paper_composition */
    16, /* flat_composition */
    21, /* composition_algorithm */
    14, /* logical_divide */
    15, /* logical_product */
    13, /* zipped_divide */
    12, /* tiled_divide */
    14, /* zipped_product */
    13, /* tiled_product */
    20, /* paper_logical_divide */
    21, /* paper_logical_product */
    11, /* flat_divide */
    12, /* flat_product */
    13, /* right_inverse */
    12, /* left_inverse */
    10, /* coalesce_z */
    9, /* nullspace */
    15, /* blocked_product */
    13, /* raked_product */
    17, /* max_common_layout */
    17, /* max_common_vector */
    10, /* layout_add */
    22, /* greatest_common_domain */
    6, /* upcast */
    8, /* downcast */
    13, /* recast_layout */
    6, /* recast */
    16, /* make_layout_like */
    19, /* make_ordered_layout */
    18, /* cute_recast_layout */
    21, /* cute_make_layout_like */
    24, /* cute_make_ordered_layout */
    13, /* cute_coalesce */
    11, /* cute_filter */
    12, /* cute_flatten */
    10, /* cute_depth */
    10, /* cute_apply */
    12, /* cute_crd2idx */
    9, /* cute_size */
    11, /* cute_cosize */
    12, /* cute_coshape */
    14, /* cute_coprofile */
    9, /* cute_rank */
    10, /* cute_shape */
    11, /* cute_stride */
    8, /* cute_get */
    17, /* cute_filter_zeros */
    9, /* cute_take */
    11, /* cute_select */
    10, /* cute_group */
    11, /* cute_append */
    12, /* cute_prepend */
    12, /* cute_replace */
    8, /* cute_zip */
    10, /* cute_slice */
    9, /* cute_dice */
    12, /* cute_idx2crd */
    18, /* cute_domain_offset */
    13, /* tile_to_shape */
    18, /* cute_tile_to_shape */
    11, /* cute_upcast */
    13, /* cute_downcast */
    18, /* cute_max_alignment */
    15, /* cute_complement */
    16, /* cute_composition */
    19, /* cute_logical_divide */
    18, /* cute_zipped_divide */
    17, /* cute_tiled_divide */
    16, /* cute_flat_divide */
    20, /* cute_logical_product */
    19, /* cute_zipped_product */
    18, /* cute_tiled_product */
    17, /* cute_flat_product */
    20, /* cute_blocked_product */
    18, /* cute_raked_product */
    18, /* cute_right_inverse */
    17, /* cute_left_inverse */
    22, /* cute_max_common_layout */
    22, /* cute_max_common_vector */
    14, /* cute_nullspace */
    15, /* cute_coalesce_x */
    12, /* is_tractable */
    10, /* is_compact */
    12, /* is_coalesced */
    17, /* is_flat_coalesced */
    9, /* is_sorted */
    16, /* is_nondegenerate */
    17, /* is_non_degenerate */
    15, /* is_column_major */
    12, /* is_row_major */
    9, /* is_layout */
    8, /* mode_leq */
    13, /* tuple_divides */
    7, /* refines */
    14, /* relative_modes */
    16, /* relative_flatten */
    17, /* mutual_refinement */
    8, /* morphism */
    6, /* layout */
    16, /* is_standard_form */
    17, /* is_valid_morphism */
    14, /* is_pointed_map */
    16, /* is_tractable_map */
    8, /* identity */
    3, /* sum */
    15, /* disjoint_images */
    5, /* entry */
    9, /* factorize */
    8, /* pullback */
    11, /* pushforward */
    21, /* pullback_then_include */
    14, /* weak_composite */
    15, /* entry_inclusion */
    14, /* mode_inclusion */
    23, /* relative_mode_inclusion */
    13, /* relative_mode */
    19, /* sort_not_functorial */
    12, /* view_strides */
    14, /* view_to_layout */
    14, /* view_of_layout */
    14, /* view_rearrange */
    12, /* view_reshape */
    14, /* view_broadcast */
    18, /* view_can_broadcast */
    21, /* view_broadcast_shapes */
    13, /* view_pad_left */
    11, /* view_einsum */
    12, /* print_layout */
    14, /* bank_conflicts */
    16, /* slice_and_offset */
    10, /* local_tile */
    15, /* local_partition */
    15, /* inner_partition */
    15, /* outer_partition */
    21, /* cute_slice_and_offset */
    15, /* cute_local_tile */
    20, /* cute_local_partition */
    20, /* cute_inner_partition */
    20, /* cute_outer_partition */
    5, /* to_f2 */
    7, /* from_f2 */
    10, /* f2_coshape */
    20, /* make_identity_layout */
    25, /* cute_make_identity_layout */
};
