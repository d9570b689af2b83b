/*
** diff.h -- differential fuzzing: one property per op, that asks a system
** under test the same request as the oracle and compares the answers.
*/
#ifndef DIFF_H
#define DIFF_H

#include "gen.h"
#include "sut.h"

typedef enum { DIFF_EXACT, DIFF_FUNCTION, DIFF_COALESCED } diff_mode;

/* One op under test. */
typedef struct diff_op {
  const char *op;
  const char *generator;
  diff_mode mode;
  const char *why; /* why this comparison is the default */
} diff_op;

/* The ops that differential fuzzing knows how to generate inputs for. */
int diff_op_count(void);
const diff_op *diff_op_at(int i);
const diff_op *diff_op_find(const char *op);
const char *diff_mode_name(diff_mode m);
int diff_mode_parse(const char *s, diff_mode *m);

/* The state a differential property's check uses (gen_property.data). */
typedef struct diff_target {
  const diff_op *op;
  diff_mode mode;
  sut *s;
  int unsupported; /* set when the SUT answered "unsupported op" */
} diff_target;

/* Fill p (name "sut.OP", kind theorem) to compare t's op on t's SUT. */
void diff_property(diff_target *t, gen_property *p, char *name, size_t namecap);

/* Compare one request's answers: 0 equal, 1 different (msg says how). */
int diff_compare(diff_mode mode, const char *oracle, const char *answer, const gen_bounds *b,
                 char *msg, size_t cap);

#endif
