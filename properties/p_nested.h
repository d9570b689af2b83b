/*
** p_nested.h -- what p_nested.c and p_nested_ops.c share.
*/
#ifndef P_NESTED_H
#define P_NESTED_H

#include "properties.h"

/* Q with its k-th '*' replaced by items[k], spliced token by token here
** (Def 2.2.1.8, Def 2.2.3.1), independently of lo_tuple_substitute. */
int p_nested_splice_tuples(const lo_tuple *q, const lo_tuple *items, lo_tuple *out);

/* out = (a, b). */
int p_nested_nest2(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err);

/* mode_i(L, S) for i = 1..len(S) (Def 2.3.4.1): the relative modes of
** shape(L) over S with the strides at the same positions. */
int p_nested_rel_layout_modes(const lo_layout *l, const lo_tuple *s, lo_layout *m, int *n,
                              lo_err *err);

/* Coalesced over S (Def 2.3.4.4): every relative mode is coalesced.
** -1 when shape(L) does not refine S. */
int p_nested_coalesced_over(const lo_layout *l, const lo_tuple *s);

#endif
