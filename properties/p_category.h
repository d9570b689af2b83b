/*
** p_category.h -- what p_category.c and p_category_family.c share.
*/
#ifndef P_CATEGORY_H
#define P_CATEGORY_H

#include "properties.h"

typedef struct pmap {
  int m, n;
  int a[LO_MAX_LEAVES];
} pmap;

/* The product t_1 ... t_{j-1} of the entries of t before position j
** (1-based), or -1 on overflow. */
lo_int p_category_prefix(const lo_tuple *t, int j);

/* Fail unless f is a valid morphism (Def 3.1.1.13: targets in range, hit
** at most once, sizes equal). */
gen_verdict p_category_valid(gen_ctx *x, const lo_morphism *f, const char *what);

/* Evaluate a predicate op of the oracle on text arguments: 1 true, 0
** false, -1 error. */
int p_category_eval_bool(const char *op, int argc, const char *const *argv);

/* Parse argument i as a pointed map into <n>* ("(2,*,1)"). */
int p_category_prop_pmap(gen_ctx *x, int i, int n, pmap *p);

/* Text of a pointed map, "(2,*,1)". */
void p_category_pmap_text(const pmap *p, char *buf, size_t cap);

/* Same pointed map (same m, n and entries). */
int p_category_pmap_equal(const pmap *p, const pmap *q);

/* Def 3.1.1.9: at most one preimage of every j in <n>. */
int p_category_pmap_is_tractable(const pmap *p);

/* The pointed map a morphism lies over. */
void p_category_pmap_of(const lo_morphism *f, pmap *out);

/* Tuples and a map over a: codomain (2, 3, ..., n+1), domain entry
** t_{a(i)}, or 7 where a(i) = *: a tuple morphism when a is tractable. */
void p_category_lift(const pmap *a, lo_morphism *f);

/* Fail unless f lies over a. */
gen_verdict p_category_lies_over(gen_ctx *x, const lo_morphism *f, const pmap *a, const char *what);

/* Def 3.1.2.12 on a flat morphism; with the n = 1 fix (n >= 1 needs n hit)
** unless literal (the paper's n > 1). */
int p_category_is_standard_def(const lo_morphism *f, int literal);

/* Def 3.1.2.17: size-1 entries go to * (morphism), have stride 0 (layout). */
int p_category_nondegenerate_morphism(const lo_morphism *f);

#endif
