/*
** p_flat.h -- what p_flat.c and p_flat_coalesce.c share.
*/
#ifndef P_FLAT_H
#define P_FLAT_H

#include "properties.h"

/* Evaluate op on argv through the op table into out; 0, or nonzero after
** writing the oracle's message into x->msg. */
int p_flat_ev(gen_ctx *x, char *out, size_t cap, const char *op, int argc, const char *a0,
              const char *a1);

/* The boolean answer of op (0 or 1), or -1 after failing. */
int p_flat_ev_bool(gen_ctx *x, const char *op, int argc, const char *a0, const char *a1);

/* The layout answer of op in *l; 0, or nonzero after failing. */
int p_flat_ev_layout(gen_ctx *x, const char *op, int argc, const char *a0, const char *a1,
                     lo_layout *l);

/* Text of a layout or tuple into buf (canonical, GEN_ARG_LEN bytes). */
const char *p_flat_text_layout(const lo_layout *l, char *buf);

/* Phi_L on [0, size) into a malloc'd array: 0, or -1 when size exceeds
** the bounds (*v is NULL then). */
int p_flat_phi_list(gen_ctx *x, const lo_layout *l, lo_int **v, lo_int *n);

/* qsort order on integers. */
int p_flat_cmp_int(const void *a, const void *b);

/* Compact by brute force: Phi_L takes the values 0..size-1, each once
** (then size = 1 + max Phi = cosize).  1, 0, or -1 when too large. */
int p_flat_brute_compact(gen_ctx *x, const lo_layout *l);

/* Phi_A and Phi_B take the same values with the same multiplicities
** (equal images as multisets): 1, 0, or -1 when too large. */
int p_flat_same_image(gen_ctx *x, const lo_layout *a, const lo_layout *b);

/* Mode i <= mode j in the order of Def 2.1.3.23. */
int p_flat_mode_leq(const lo_layout *l, int i, int j);

/* Def 2.1.3.25 on the flattening, directly. */
int p_flat_sorted_def(const lo_layout *l);

/* The empty layout ():(). */
void p_flat_empty_layout(lo_layout *l);

#endif
