/*
** p_views.h -- what p_views.c and p_views_ops.c share.
*/
#ifndef P_VIEWS_H
#define P_VIEWS_H

#include "properties.h"

#define VIEW_ENUM ((lo_int)1 << 16) /* points a check enumerates */
#define SEED4     "seed 004 (TorchLean Spec.Shape), "

/* A CanBroadcastTo derivation, read rule by rule: its conclusion (s1, s2)
** and, for each target axis, the source axis it reads (its index map). */
typedef struct deriv {
  lo_int s1[LO_MAX_LEAVES], s2[LO_MAX_LEAVES];
  int n1, n2;
  int src_axis[LO_MAX_LEAVES]; /* the source axis a target axis reads, or -1 */
} deriv;

/* The layout function of l into vals (its size in *n); 1 when larger than
** VIEW_ENUM (the caller discards), -1 after failing. */
int p_views_function_of(gen_ctx *x, const lo_layout *l, lo_int *vals, lo_int *n);

/* Parse the number at *s. */
int p_views_deriv_num(const char **s, lo_int *v);

/* Read a derivation DERIV (the generator's syntax) rule by rule into dv:
** 0, or 1 after failing on malformed text. */
int p_views_deriv_parse(gen_ctx *x, const char *s, deriv *dv);

/* The index map of a derivation over the contiguous source: the target's
** axes, each with the source axis's row-major stride or 0. */
int p_views_deriv_layout(gen_ctx *x, const deriv *dv, lo_layout *out);

#endif
