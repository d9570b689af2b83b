/*
** p_nest.h -- what p_nest.c and p_nest_ops.c share.
*/
#ifndef P_NEST_H
#define P_NEST_H

#include "properties.h"

/* f-flat: the same map between the flattenings (Obs 3.2.2.5). */
void p_nest_flat_of(const lo_morphism *f, lo_morphism *out);

/* Evaluate an op through the oracle's op table (the `eval` path) on
** textual arguments and parse its result as a morphism. */
int p_nest_eval_morphism(gen_ctx *x, const char *op, int argc, const char *const *argv,
                         lo_morphism *out);

/* Text of a tuple for an eval argument ("" if it does not fit). */
const char *p_nest_text_tuple(char *buf, size_t cap, const lo_tuple *t);

/* Constr 3.2.6.4, Prop 3.2.6.10: L_{(f_1..f_k)} = (L_{f_1},
** ..., L_{f_k}); (f_1..f_k)-flat = f_1-flat * ... * f_k-flat; images must be
** disjoint ((f_1, f_1) is refused when f_1 hits something). */
gen_verdict p_nest_concat(gen_ctx *x);

#endif
