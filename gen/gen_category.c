/*
** gen_category.c -- generators for the properties of the categories Tuple and Nest (INDEX.md §2,
*chapters 3 and 4).
*/
#include "gen.h"

const gen_info gen_category_table[] = {{NULL, NULL, NULL, NULL}};
const int gen_category_count = 0;
