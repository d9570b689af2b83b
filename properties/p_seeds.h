/*
** p_seeds.h -- what p_seeds.c and p_seeds_zh.c share.
*/
#ifndef P_SEEDS_H
#define P_SEEDS_H

#include "properties.h"

/* b is a multiple of a, with 0 | b only for b = 0 (the paper never divides by 0). */
static inline int divides(lo_int a, lo_int b) { return a == 0 ? b == 0 : b % a == 0; }

/* The claim does not apply because an operation it needs is undefined. */
gen_verdict p_seeds_undefined(gen_ctx *x);

/* Argument i as a flat layout (its flattening). */
int p_seeds_flat_arg(gen_ctx *x, int i, lo_layout *l);

/* Argument i as a Tuple morphism: domain and codomain flattened, the
** same map (Hom_Nest(S, T) = Hom_Tuple(S flat, T flat)). */
int p_seeds_flat_morphism_arg(gen_ctx *x, int i, lo_morphism *f);

/* Identical flat layouts (same entries, as lists of modes). */
int p_seeds_same_flattening(const lo_layout *a, const lo_layout *b);

/* Lean design / ZH summary: encode (complementMorphism f) = complement (encode f)
** N for a tuple morphism f : S -> T, at N = size(T), the only N the
** morphism complement can stand for (comp-flat, Prop 3.1.5.43 without its
** coal-flat). */
gen_verdict p_seeds_complement_agree_flat(gen_ctx *x);

/* Lean design / ZH summary: encode (g o f) = encode g o encode f for tuple
** morphisms, without Theorem B's hypothesis that f is non-degenerate (the
** flat composite of Def 2.1.7.1). */
gen_verdict p_seeds_compose_agree_flat(gen_ctx *x);

#endif
