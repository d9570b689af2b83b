/*
** p_nest.c -- the properties of the category Nest and the composition
** algorithm (INDEX.md §2, section 3.2 and chapter 4).
*/
#include "properties.h"

const gen_property prop_nest_table[] = {{NULL, NULL, NULL, GEN_THEOREM, NULL, NULL, NULL, NULL}};
const int          prop_nest_count = 0;
