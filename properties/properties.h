/*
** properties.h -- the catalogue: the paper's statements as properties,
** and the helpers their checks share.
*/
#ifndef PROPERTIES_H
#define PROPERTIES_H

#include "gen.h"
#include "lo.h"

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

/* Run an oracle call inside a check (expr sees `err`, an lo_err *): fail
** the case with the call's message when it errs.  The _BOUNDED form
** discards the case instead when the call only ran into a size limit
** (LO_ELIMIT: too large to enumerate or verify). */
#define PROP_CALL(x, expr, what)                                                                   \
  do {                                                                                             \
    lo_err e_;                                                                                     \
    lo_err *err = &e_;                                                                             \
    if ((expr) != LO_OK) return gen_failf((x), "%s failed: %s", (what), err->msg);                 \
  } while (0)

#define PROP_CALL_BOUNDED(x, expr, what)                                                           \
  do {                                                                                             \
    lo_err e_;                                                                                     \
    lo_err *err = &e_;                                                                             \
    int rc_ = (expr);                                                                              \
    if (rc_ == LO_ELIMIT) return GEN_DISCARD;                                                      \
    if (rc_ != LO_OK) return gen_failf((x), "%s failed: %s", (what), err->msg);                    \
  } while (0)

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

/* Text of a layout, tuple or morphism, for messages (a static buffer per
** slot 0..3). */
const char *prop_show_layout(int slot, const lo_layout *l);
const char *prop_show_tuple(int slot, const lo_tuple *t);
const char *prop_show_morphism(int slot, const lo_morphism *f);

/* Compare layout functions point by point over [0, size): 1 equal, 0 not
** (x->msg says where), -1 too large to enumerate within the bounds (the
** caller discards). */
int prop_same_function(gen_ctx *x, const lo_layout *a, const lo_layout *b, const char *what);
/* Phi_outer(Phi_inner(i)) == Phi_r(i) for i in [0, size(inner)); same
** convention as prop_same_function. */
int prop_is_composite(gen_ctx *x, const lo_layout *outer, const lo_layout *inner,
                      const lo_layout *r);

#endif
