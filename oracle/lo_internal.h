/*
** lo_internal.h -- helpers shared by the oracle's files; not part of the
** public API.
*/
#ifndef LO_INTERNAL_H
#define LO_INTERNAL_H

#include "lo.h"

/* One flat mode s:d. */
typedef struct lo_mode {
  lo_int s, d;
} lo_mode;

/* Copy the flattened modes of l into m (l->shape.len of them). */
int lo_modes_of(const lo_layout *l, lo_mode *m);
/* Stable sort of modes by (d, s): the paper's order of Def 2.1.3.23. */
void lo_modes_sort(lo_mode *m, int n);
/* Keep the modes with s != 1; returns the new count. */
int lo_modes_squeeze(lo_mode *m, int n);
/* coal-flat on a mode array, in place; returns the new count. */
int lo_modes_coalesce(lo_mode *m, int n);
/* Build the CuTe form from modes: 1:0 when n == 0, s:d when n == 1, a
** flat tuple otherwise. */
void lo_layout_from_modes(lo_layout *l, const lo_mode *m, int n);
/* Build the flat tuple layout (s..):(d..) from modes. */
void lo_layout_flat_modes(lo_layout *l, const lo_mode *m, int n);
/* The paper's complementability of sort(squeeze(modes)). */
int lo_modes_complementable(const lo_mode *m, int n);

/* Evaluation of the layout function on [0, size) into vals (cap entries);
** LO_ELIMIT when size > cap. */
int lo_layout_function(const lo_layout *l, lo_int *vals, lo_int cap, lo_int *n, lo_err *err);

/* Building CuTe trees token by token (lo_cute.c): begin an empty tree,
** then append '(' and ')' tokens, leaves s:d, whole trees, or mode i
** (0-based; an integer layout is its own mode 0).  Each fails with
** LO_ELIMIT past the limits of section 1 of lo.h. */
int lo_cute_is_tuple(const lo_layout *l);
void lo_cute_begin(lo_layout *b);
int lo_cute_tok(lo_layout *b, char c, lo_err *err);
int lo_cute_leaf(lo_layout *b, lo_int s, lo_int d, lo_err *err);
int lo_cute_put(lo_layout *b, const lo_layout *t, lo_err *err);
int lo_cute_put_mode(lo_layout *b, const lo_layout *t, int i, lo_err *err);

/* CuTe's detail::coalesce_x: coalesce keeping the function past the
** domain (a trailing size-1 mode counts as size 2); how composition sees
** its outer layout. */
int lo_cute_coalesce_x(const lo_layout *l, lo_layout *out, lo_err *err);
/* Is the error one of CuTe's compile-time refusals ("CuTe refuses: ...")? */
int lo_cute_refused(const lo_err *err);

/* The contracts of lo_contract.c, checked on an answer r: LO_OK, LO_EUNDEF
** with what is wrong (the message completes "it is wrong: ..."), or
** LO_ELIMIT when too large to settle. */
#ifndef LO_CHECK_LIMIT
#define LO_CHECK_LIMIT ((lo_int)1 << 22) /* points enumerated by a check */
#endif
int lo_check_composition(const lo_layout *a, const lo_layout *b, const lo_layout *r, lo_err *err);
/* CuTe's composition walk is exact for A and B by divisibility alone (no
** points looked at); then its answer needs no point-by-point check. */
int lo_composition_walk_is_exact(const lo_layout *a, const lo_layout *b);
int lo_check_complement(const lo_layout *l, const lo_tuple *cotarget, const lo_layout *r,
                        lo_err *err);
int lo_check_right_inverse(const lo_layout *l, const lo_layout *r, lo_err *err);
int lo_check_left_inverse(const lo_layout *l, const lo_layout *r, lo_err *err);
/* The plain complement against a cotarget shape (NULL: none), as
** logical_divide needs it. */
int lo_complement_to(const lo_layout *l, const lo_tuple *cotarget, lo_layout *out, lo_err *err);

#endif
