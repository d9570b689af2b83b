/*
** gen_flat.c -- generators for the properties of flat layouts (INDEX.md §2, section 2.1).
*/
#include "gen.h"

const gen_info gen_flat_table[] = {{NULL, NULL, NULL, NULL}};
const int gen_flat_count = 0;
