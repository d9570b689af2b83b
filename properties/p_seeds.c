/*
** p_seeds.c -- the claims of the project's seed documents as conjectures
** (INDEX.md §7, and the coalescence rewrite rules of seed 003).
*/
#include "properties.h"

const gen_property prop_seeds_table[] = {{NULL, NULL, NULL, GEN_THEOREM, NULL, NULL, NULL, NULL}};
const int          prop_seeds_count = 0;
