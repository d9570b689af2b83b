/*
** p_nested.c -- the properties of nested tuples and layouts (INDEX.md §2, sections 2.2 and 2.3).
*/
#include "properties.h"

const gen_property prop_nested_table[] = {{NULL, NULL, NULL, GEN_THEOREM, NULL, NULL, NULL, NULL}};
const int          prop_nested_count = 0;
