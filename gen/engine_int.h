/*
** engine_int.h -- pieces of the engine shared by its files; not part of
** the public API.  They call each other one way only, from the top:
**
**   engine.c     the run loop                 calls shrink, evaluator, worker, eval
**   shrink.c     shrinking a failing stream   calls evaluator, eval
**   evaluator.c  replayed streams, isolated   calls worker, eval
**                or not
**   worker.c     the forked worker            calls eval
**   eval.c       a case generated and checked in this process
*/
#ifndef GEN_ENGINE_INT_H
#define GEN_ENGINE_INT_H

#include "gen.h"

#include <sys/types.h>

/* The outcome of one case. */
typedef struct gen_outcome {
  gen_verdict verdict;
  uint32_t labels;
  char msg[512];
  uint64_t *choices; /* the draws the case used (owned; NULL if none kept) */
  size_t nchoices;
} gen_outcome;

void gen_outcome_clear(gen_outcome *o);

/* Generate a case from the stream and check it, in this process. */
void gen_eval(const gen_config *cfg, const gen_property *p, const gen_plan *g, gen_choices *c,
              gen_case *k, gen_outcome *o);

/* How many cases the engine evaluates together: the width of cfg's batch
** check when it has one and checks run in this process, else 1. */
int gen_batch_width(const gen_config *cfg);

/* Generate the cases of streams c[0..m) and check them here: the ones
** generated together through cfg's batch check, or one by one through
** p->check without one.  o[i] is filled as gen_eval fills
** it.  Returns how many were evaluated, from the first: m, or fewer (at
** least 1 when m >= 1) when stop_at_fail and an evaluated case failed. */
int gen_eval_many(const gen_config *cfg, const gen_property *p, const gen_plan *g, gen_choices *c,
                  int m, gen_outcome *o, int stop_at_fail);

/* A forked worker that evaluates cases for one property. */
typedef struct gen_worker {
  pid_t pid;
  int to, from; /* pipe ends: requests out, outcomes in */
} gen_worker;

int gen_worker_start(gen_worker *w, const gen_config *cfg, const gen_property *p, const gen_plan *g,
                     char *msg, size_t cap);
void gen_worker_stop(gen_worker *w);
/* Ask the worker to run random cases [first, last) and stop at the first
** failure; then read one outcome per case with gen_worker_next.  Returns
** 1 for an outcome, 0 when the batch is done, and for a worker that died
** or ran past the case timeout, fills o with that failure and returns 2
** (the worker is then stopped). */
int gen_worker_batch(gen_worker *w, int64_t first, int64_t last);
int gen_worker_next(gen_worker *w, const gen_config *cfg, gen_outcome *o);
/* Evaluate one replayed stream in the worker (restarting it if needed). */
int gen_worker_replay(gen_worker *w, const gen_config *cfg, const gen_property *p,
                      const gen_plan *g, const uint64_t *v, size_t n, gen_outcome *o);

/* Evaluate a replayed stream: in the worker when isolating, else here. */
typedef struct gen_evaluator {
  const gen_config *cfg;
  const gen_property *p;
  const gen_plan *g;
  gen_worker *w; /* NULL when not isolating */
  const char *sig; /* a failure counts while shrinking only with this
                   ** signature; NULL: any failure */
  double deadline; /* shrinking stops at this time (gen_now); 0: none */
} gen_evaluator;

void gen_evaluate(gen_evaluator *e, const uint64_t *v, size_t n, gen_outcome *o);
/* Evaluate the replayed streams v[i] (length n[i]), i < m, as
** gen_eval_many does (one by one, in the worker, when isolating); returns
** how many were evaluated, as gen_eval_many. */
int gen_evaluate_many(gen_evaluator *e, uint64_t *const *v, const size_t *n, int m, gen_outcome *o,
                      int stop_at_fail);

/* Shrink the failing stream *v (length *n, malloc'd; replaced by the
** shrunk one) within the configured limits; returns the evaluations spent. */
int64_t gen_shrink(gen_evaluator *e, uint64_t **v, size_t *n, gen_outcome *last);

double gen_now(void);

#endif
