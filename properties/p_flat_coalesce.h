/*
** p_flat_coalesce.h -- what p_flat_coalesce.c and p_flat_complement.c share.
*/
#ifndef P_FLAT_COALESCE_H
#define P_FLAT_COALESCE_H

#include "properties.h"

/* Def 2.1.4.1, directly: no size-1 mode and no s_i d_i = d_{i+1}. */
int p_flat_coalesce_coalesced_def(const lo_layout *l);

#endif
