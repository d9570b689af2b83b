/*
** p_category.c -- the properties of the category Tuple (INDEX.md §2, section 3.1).
*/
#include "properties.h"

const gen_property prop_category_table[] = {{NULL, NULL, NULL, GEN_THEOREM, NULL, NULL, NULL, NULL}};
const int          prop_category_count = 0;
