/*
** fuzz_wp.h -- `fuzz --sut COMMAND --postconditions`: the post-condition
** properties (properties/p_whitepaper.h) run against a system under test:
** the ops each post-condition is about evaluated by the SUT, through the
** batch protocol, and the post-condition's checks by the oracle.
*/
#ifndef FUZZ_WP_H
#define FUZZ_WP_H

#include "config.h"
#include "gen.h"
#include "store.h"

#include "run_setup.h"

#include <stdint.h>

/* Run the post-condition properties that c->property selects against
** c->sut, storing each distinct failure in d under run run_id as a
** counterexample of the SUT (sut_identity of c->sut and c->sut_layer);
** prints a table.  *cases gets the number of cases.  0, or 2 on a usage
** or database error. */
int wp_sut_fuzz(const config *c, const gen_config *g, db *d, int64_t run_id, const char *seed,
                int64_t *cases);

/* Ask c->sut again every open post-condition failure stored for it (its
** identity, as wp_sut_fuzz stores them), in run run_id (0: none): mark
** those that now pass fixed, count a sighting of those that still fail;
** counts into *n.  0, or 2 on a database error. */
int wp_sut_replay(const config *c, const gen_config *g, db *d, int64_t run_id, replay_counts *n);

/* How many post-condition properties c->property selects. */
int wp_selected_count(const config *c);

#endif /* FUZZ_WP_H */
