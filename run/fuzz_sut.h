/*
** fuzz_sut.h -- the differential run against a system under test.
*/
#ifndef FUZZ_SUT_H
#define FUZZ_SUT_H

#include "config.h"
#include "store.h"
#include "gen.h"

#include "run_setup.h"

/* Run the differential properties of c->sut_ops (all known ops when empty)
** against c->sut, storing each distinct disagreement in d under run
** run_id (one of a signature stored already is counted on that row);
** prints a table.  *cases gets the number of cases.  0, or 2 on a usage
** or database error. */
int sut_fuzz(const config *c, const gen_config *g, db *d, int64_t run_id, const char *seed,
             int64_t *cases);

/* Check c's known file (c->known, when set) without storing anything: 0,
** or 2 with FILE:LINE:COLUMN on stderr. */
int sut_check_known(const config *c);

/* Store the known divergences of c->known in d as counterexamples of the
** SUT triaged known, those whose input d does not hold yet.  0, or 2. */
int sut_load_known(const config *c, db *d);

/* Before the run opens its database or prints anything: check the op
** list (c->sut_ops), the layer, and that the SUT command can be started
** (sut_check_start).  0, or 2 with the message on stderr. */
int sut_preflight(const config *c);
/* Ask c->sut again every open stored disagreement recorded for it, each
** in the layer it was found in, c->sut_window requests at a time, in run
** run_id (0: none); mark the ones that now agree fixed.  Counts go to *n
** (n->refuted stays 0).  0, or 2 on a database error. */
int sut_replay(const config *c, const gen_config *g, db *d, int64_t run_id, replay_counts *n);

#endif
