/*
** diff.h -- differential fuzzing: one property per op, that asks a system
** under test the same request as the oracle and compares the answers.
**
** Requests go to the SUT in windows (sut.h).  The answers of a window
** count only when the SUT answered it in step; a window that fails
** (crash, timeout, garbage, out of step) is asked again one request at a
** time, so that the failure is pinned on the request that causes it
** alone, as it would be with a window of 1.
*/
#ifndef DIFF_H
#define DIFF_H

#include "gen.h"
#include "sut.h"

typedef enum { DIFF_EXACT, DIFF_FUNCTION, DIFF_COALESCED, DIFF_INVERSE } diff_mode;

/* Which oracle ops a SUT is compared with: the plain ones, or CuTe's
** printed forms (cute_OP, where the oracle has one, compared exactly). */
typedef enum { DIFF_PLAIN, DIFF_CUTE } diff_layer;

/* One op under test. */
typedef struct diff_op {
  const char *op;
  const char *generator;
  diff_mode mode;
  const char *why;  /* why this comparison is the default */
  const char *name; /* the property's name where it is not op (a family's: "sw.size"), else NULL */
} diff_op;

/* The ops that differential fuzzing knows how to generate inputs for. */
int diff_op_count(void);
const diff_op *diff_op_at(int i);
/* The op whose name (diff_op_name) is name, or NULL. */
const diff_op *diff_op_find(const char *name);
/* An op's name: its family name ("sw.size": the op size on swizzles and
** composed layouts) or the op itself. */
const char *diff_op_name(const diff_op *op);
/* The op a request OP ARGS was made by: "sw.OP" where an argument is a
** swizzle or a composed layout and that family op exists, else OP; NULL
** when neither is known. */
const diff_op *diff_op_for(const char *op, int argc, const char *const *argv);
const char *diff_mode_name(diff_mode m);
int diff_mode_parse(const char *s, diff_mode *m);
const char *diff_layer_name(diff_layer l);
int diff_layer_parse(const char *s, diff_layer *l); /* "plain" or "cute"; 0 or -1 */

/* The oracle's op that a request for op is compared with in layer: in
** the cute layer cute_OP when the oracle's op table (lo_op_at) has it,
** else op itself.  The result lives as long as op or the op table. */
const char *diff_oracle_op(const char *op, diff_layer layer);

/* The state a differential property's check uses (gen_property.data). */
typedef struct diff_target {
  const diff_op *op;
  const char *oracle_op; /* what the oracle evaluates: op->op or its cute_ twin */
  diff_mode mode;
  sut *s;
  int window;          /* requests per window, >= 1 */
  int unsupported;     /* set when the SUT answered "unsupported op" */
  long not_comparable; /* cases the oracle could not answer within its own limits (LO_ELIMIT,
                          LO_EOVERFLOW) where the SUT answered: discarded, not failed */
  gen_batch batch;     /* the property's batch check (diff_property) */
} diff_target;

/* Fill t for op in layer, compared by mode, on s, window requests at a
** time. */
void diff_target_init(diff_target *t, const diff_op *op, diff_layer layer, diff_mode mode, sut *s,
                      int window);

/* Fill p (name "sut.OP", kind theorem) to compare t's op on t's SUT; its
** batch check is &t->batch (for gen_config.batch). */
void diff_property(diff_target *t, gen_property *p, char *name, size_t namecap);

/* One request and, after diff_ask, its verdict: GEN_PASS (the answers
** agree), GEN_FAIL (msg says how they differ, or what the SUT did), or
** GEN_DISCARD (the SUT does not do the op, or the case is not
** comparable: the oracle met its own limits, a value past 63 bits or
** more entries than it holds, where the SUT answered; msg then says so
** and t->not_comparable counts it). */
typedef struct diff_item {
  diff_target *t;
  int argc;
  const char *const *argv;
  gen_verdict verdict;
  char *msg; /* msg[0..msgcap) */
  size_t msgcap;
} diff_item;

/* Ask s the items in order, in windows of window requests, and judge
** each answer against the oracle.  Returns how many items got a verdict,
** from the first: n, or fewer after a failure of the SUT itself (the
** last item judged is that failure). */
int diff_ask(sut *s, int window, diff_item *items, int n, const gen_bounds *b);

/* Check a list of ops (CONFIG.yaml's sut_ops, --ops): comma-separated ops
** that differential fuzzing knows, each optionally with =exact, =function
** =coalesced or =inverse.  0, or -1 with the reason in why[0..cap). */
int diff_ops_check(const char *list, char *why, size_t cap);

/* The signature of a failure of a differential property (gen_config's
** signature): the kind of failure (the system under test refuses what
** the oracle answers, the oracle refuses what it answers, sizes differ,
** layout functions differ, the same function in another form, a garbage
** answer, a crash, a hang, out of step) and, for a refusal, the refusing
** side's error text with the values written as "#". */
void diff_signature(const gen_property *p, const char *msg, char *sig, size_t cap);

/* Find op in such a list (an empty or NULL list selects every op outside
** the families, with its default comparison; "sw.*" selects every op of
** the family sw): 1 when selected, with *mode set to the op's
** default, 2 when selected with =MODE (*mode set to it); 0 when not
** selected.  Assumes the list passed diff_ops_check. */
int diff_ops_selected(const char *list, const diff_op *op, diff_mode *mode);

/* Compare one request's answers: 0 equal, 1 different (msg says how). */
int diff_compare(diff_mode mode, const char *oracle, const char *answer, const gen_bounds *b,
                 char *msg, size_t cap);

#endif
