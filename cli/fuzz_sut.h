/*
** fuzz_sut.h -- the differential run against a system under test.
*/
#ifndef FUZZ_SUT_H
#define FUZZ_SUT_H

#include "config.h"
#include "store.h"
#include "gen.h"

/* Run the differential properties of c->sut_ops (all known ops when empty)
** against c->sut, storing disagreements in d under run run_id; prints a
** table.  *failures gets the number of disagreements.  0, or 2 on a usage
** or database error. */
int sut_fuzz(const config *c, const gen_config *g, db *d, int64_t run_id, const char *seed,
             int *failures);

/* Before the run opens its database or prints anything: check the op
** list (c->sut_ops), the layer, and that the SUT command can be started
** (sut_check_start).  0, or 2 with the message on stderr. */
int sut_preflight(const config *c);
/* Ask c->sut again every open stored disagreement recorded for it, each
** in the layer it was found in, c->sut_window requests at a time; mark
** the ones that now agree fixed.  *still and *fixed are added to. */
int sut_replay(const config *c, const gen_config *g, db *d, int *still, int *fixed);

#endif
