/*
** run_loop.h -- the one loop of a run, for both kinds of subject: the
** properties (built-in and conjectures, run_fuzz.c) and the ops of a
** system under test (fuzz_sut.c).  Each selected subject is run by the
** engine in turn under the run's budget; a failure already stored is
** counted as a sighting of its row, a new one handed to the subject's
** on_failure (which stores it with cex_store_result and prints it).
*/
#ifndef RUN_LOOP_H
#define RUN_LOOP_H

#include "gen.h"
#include "sightings.h"
#include "store.h"

#include <stdint.h>

/* Where a run's findings go: its database and run, and what is stored
** with every counterexample.  db_error is set on a database error (the
** message printed); seen holds the sightings of the current subject and
** is freed by the caller (sightings_free). */
typedef struct run_sink {
  db *d;
  int64_t run_id;
  const char *seed; /* the run's seed, as stored */
  const char *sut;  /* the SUT's identity (sut_identity); "" for the properties */
  int db_error;
  sightings seen;
} run_sink;

/* One kind of subject: count subjects, numbered 0..count-1, and what the
** loop asks of them.  ud is handed back to every call. */
typedef struct run_subjects {
  int count;
  /* Is subject i selected for the run? */
  int (*selected)(void *ud, int i);
  /* Subject i is left out: the run's budget is spent. */
  void (*not_run)(void *ud, int i);
  /* Set up subject i: its property, and g's fields of its own (a batch
  ** check); the property lives until the next call. */
  const gen_property *(*begin)(void *ud, int i, gen_config *g);
  /* Subject p has run (g as it ran): print its row, record it. */
  void (*end)(void *ud, const gen_property *p, const gen_result *r, const gen_config *g);
  /* A shrunk failure that is not a sighting: store it and print it. */
  gen_on_failure on_failure;
  void *ud;
} run_subjects;

/* Run the selected subjects of s in order with the engine configured as
** g0 (its time the limit per subject, g0->run_progress.deadline the
** run's), counting sightings into k and writing them to k->d after each
** subject.  0, or 2 when the engine fails (the message on stderr; the
** subjects after it are not run). */
int run_loop(const gen_config *g0, const run_subjects *s, run_sink *k);

#endif /* RUN_LOOP_H */
