/*
** properties.h -- the catalogue: the paper's statements as properties,
** and the helpers their checks share.
*/
#ifndef PROPERTIES_H
#define PROPERTIES_H

#include "gen.h"
#include "lo.h"

/* The property tables of the files p_*.c, gathered into one registry by
** catalogue.c (prop_at, prop_find). */
extern const gen_property prop_flat_table[], prop_flat_coalesce_table[],
    prop_flat_complement_table[], prop_nested_table[], prop_nested_ops_table[],
    prop_category_table[], prop_category_family_table[], prop_category_ops_table[],
    prop_seeds_table[], prop_seeds_zh_table[], prop_nest_table[], prop_nest_ops_table[],
    prop_cute_table[], prop_views_table[], prop_views_ops_table[], prop_recast_table[],
    prop_swizzle_table[], prop_tile_table[], prop_f2_table[], prop_negative_table[],
    prop_basis_table[];
extern const gen_property prop_analysis_table[];
extern const int prop_analysis_count;
extern const int prop_flat_count, prop_flat_coalesce_count, prop_flat_complement_count,
    prop_nested_count, prop_nested_ops_count, prop_category_count, prop_category_family_count,
    prop_category_ops_count, prop_seeds_count, prop_seeds_zh_count, prop_nest_count,
    prop_nest_ops_count, prop_cute_count, prop_views_count, prop_views_ops_count, prop_recast_count,
    prop_swizzle_count, prop_tile_count, prop_f2_count, prop_negative_count,
    prop_basis_count;

/* The built-in properties. */
int prop_count(void);
const gen_property *prop_at(int i);
const gen_property *prop_find(const char *name);

/* Health of a run: the labels a property's generator should produce, and
** a warning (into buf) when a run of at least 200 cases discarded more
** than half of them or never saw one of those labels.  Returns 1 when it
** wrote a warning. */
uint32_t prop_expected_labels(const gen_property *p);
int prop_health(const gen_property *p, const gen_result *r, char *buf, size_t cap);

/* ------------------------------------------------------- verdict policy
** What an oracle error inside a check means, decided here and nowhere
** else.  A check calls the oracle and, on an error, returns
**     if (lo_op(..., &oe) != LO_OK) return prop_verdict_of(x, &oe, "op", PROP_STRICT);
** with the policy of its property kind:
**   PROP_STRICT        every error fails the case: the statement promises
**                      the op is defined and fits on every generated case
**                      (most flat-layout, Tuple and Nest morphism and CuTe
**                      properties, where the generators keep values small);
**   PROP_BOUNDED       LO_ELIMIT (too many points to enumerate or verify,
**                      too many entries) discards the case; any other
**                      error fails it (properties that verify by brute
**                      force over a size the generator does not bound);
**   PROP_BOUNDED_ARITH LO_ELIMIT and LO_EOVERFLOW (a product past 63 bits)
**                      discard; any other error fails (the nested-layout
**                      properties of Chapter 2, whose substitutions and
**                      refinements multiply entries of several generated
**                      values together).
** LO_EUNDEF always fails: a property that expects an op to be undefined
** tests the return code itself rather than calling prop_verdict_of.  A
** defect of the harness (an argument that does not parse) is GEN_ERROR,
** never a failure: see prop_layout. */
typedef enum { PROP_STRICT, PROP_BOUNDED, PROP_BOUNDED_ARITH } prop_policy;

/* The verdict for an oracle call named WHAT that answered the error E
** (E->code != LO_OK), under policy POL: GEN_DISCARD, or GEN_FAIL with the
** call's message in x->msg. */
gen_verdict prop_verdict_of(gen_ctx *x, const lo_err *e, const char *what, prop_policy pol);

/* A brute-force answer (1 equal, 0 not, -1 too large) as a verdict. */
static inline gen_verdict prop_judged(int r) {
  return r < 0 ? GEN_DISCARD : r ? GEN_PASS : GEN_FAIL;
}

/* ---------------------------------------------------------- check helpers
** Each returns 0, or nonzero after writing the reason into x->msg: the
** caller returns GEN_FAIL (an argument that does not parse is a defect of
** the generator, so it fails too). */
int prop_layout(gen_ctx *x, int i, lo_layout *l);
int prop_tuple(gen_ctx *x, int i, lo_tuple *t);
int prop_morphism(gen_ctx *x, int i, lo_morphism *f);
int prop_int(gen_ctx *x, int i, lo_int *v);

/* Text of a layout, tuple or morphism, for messages: written into the
** check context's buffer x->shown[slot] (slot 0..3), valid until that slot
** is used again. */
const char *prop_show_layout(gen_ctx *x, int slot, const lo_layout *l);
const char *prop_show_tuple(gen_ctx *x, int slot, const lo_tuple *t);
const char *prop_show_morphism(gen_ctx *x, int slot, const lo_morphism *f);

/* Compare layout functions point by point over [0, size): 1 equal, 0 not
** (x->msg says where), -1 too large to enumerate within the bounds (the
** caller discards). */
int prop_same_function(gen_ctx *x, const lo_layout *a, const lo_layout *b, const char *what);
/* Phi_outer(Phi_inner(i)) == Phi_r(i) for i in [0, size(inner)); same
** convention as prop_same_function. */
int prop_is_composite(gen_ctx *x, const lo_layout *outer, const lo_layout *inner,
                      const lo_layout *r);

/* ------------------------------------------------ shared comparisons
** The helpers several property files need, defined once (prop_util.c). */

/* Same domain, codomain (nestings included) and map. */
int prop_morphism_equal(const lo_morphism *a, const lo_morphism *b);
/* 0 when a and b are equal; otherwise nonzero with x->msg "what: a vs b". */
int prop_same_morphism(gen_ctx *x, const lo_morphism *a, const lo_morphism *b, const char *what);
int prop_same_layout(gen_ctx *x, const lo_layout *a, const lo_layout *b, const char *what);
int prop_same_tuple(gen_ctx *x, const lo_tuple *a, const lo_tuple *b, const char *what);
/* size(t) when it is within the brute-force bound, else -1. */
lo_int prop_small_size(gen_ctx *x, const lo_tuple *t);
/* f is an isomorphism (Obs 3.1.3.3): every entry mapped, every codomain
** position hit once, as many entries on both sides. */
int prop_is_iso(const lo_morphism *f);
/* Phi_L is a bijection of [0, size L) onto [0, n) (n < 0: n = size L):
** 1, 0 (x->msg names WHAT and where), -1 too large to enumerate or an
** oracle error (the caller discards). */
int prop_bijective_onto(gen_ctx *x, const lo_layout *l, lo_int n, const char *what);

#endif
