/*
** gen_nest.c -- generators for the properties of the category Nest and the
** composition algorithm (INDEX.md §2, section 3.2 and chapter 4).
*/
#include "gen.h"

const gen_info gen_nest_table[] = {{NULL, NULL, NULL, NULL}};
const int      gen_nest_count = 0;
