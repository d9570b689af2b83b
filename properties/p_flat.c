/*
** p_flat.c -- the properties of flat layouts (INDEX.md §2, section 2.1).
*/
#include "properties.h"

const gen_property prop_flat_table[] = {{NULL, NULL, NULL, GEN_THEOREM, NULL, NULL, NULL, NULL}};
const int          prop_flat_count = 0;
