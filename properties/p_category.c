/*
** p_category.c -- the properties of the categories Tuple and Nest (INDEX.md §2, chapters 3 and 4).
*/
#include "properties.h"

const gen_property prop_category_table[] = {{NULL, NULL, NULL, GEN_THEOREM, NULL, NULL, NULL, NULL}};
const int          prop_category_count = 0;
