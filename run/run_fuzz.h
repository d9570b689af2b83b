/*
** run_fuzz.h -- the run of `layoutcheck fuzz` and `layoutcheck replay`
** (run_fuzz.c), once the configuration and the conjectures are loaded.
*/
#ifndef RUN_FUZZ_H
#define RUN_FUZZ_H

#include "config.h"
#include "run_setup.h"

/* Refuse a run that selects nothing or names what does not exist, begin
** run in c->db (a seed drawn from the time when c has none), replay and
** run the properties, or the ops of c->sut, guarded against SIGINT,
** SIGTERM and SIGHUP.  Returns the exit status: 0 when no theorem failure
** (or disagreement) not triaged known is new or still open, 1 when one
** is, 2 on a configuration, engine or database error or a harness error,
** 130, 143 or 129 when a signal ended the run. */
int run_fuzz(config *c, const run_ctx *x);

/* Re-check the stored counterexamples (of the SUT when c names one).
** Returns 0 when no theorem (or SUT disagreement) that is not triaged
** known still fails (conjectures still refuted do not count, as in
** fuzz), 1 when one does, 2 on an error; else REPLAY_UNCHECKED when a
** stored counterexample could not be checked. */
int run_replay_all(const config *c, const run_ctx *x);

#endif /* RUN_FUZZ_H */
