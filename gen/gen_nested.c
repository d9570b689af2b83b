/*
** gen_nested.c -- generators for the properties of nested tuples and layouts (INDEX.md §2,
*sections 2.2 and 2.3).
*/
#include "gen.h"

const gen_info gen_nested_table[] = {{NULL, NULL, NULL, NULL}};
const int gen_nested_count = 0;
