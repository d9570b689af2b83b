/*
** sightings.h -- counting the repeats of stored failures during a run:
** a failure whose signature a stored counterexample has (open, or
** triaged known) is a sighting of that row, counted in memory and written
** once per property, so that a property failing on thousands of cases
** costs one write, not one per case.
*/
#ifndef SIGHTINGS_H
#define SIGHTINGS_H

#include "gen.h"
#include "store.h"

typedef struct sighting {
  char sig[GEN_SIG_LEN];
  int64_t id;    /* the stored counterexample */
  int64_t times; /* sightings not yet written */
} sighting;

/* The signatures of one property (and SUT) met so far; zero it to start. */
typedef struct sightings {
  sighting *v;
  size_t len, cap;
} sightings;

/* Is a counterexample of property and sut with signature sig stored (open
** or known)?  Then count one sighting of it and return 1; 0 when none (or
** on a database error, when *db_error is set and the message printed). */
int sightings_seen(sightings *s, db *d, const char *property, const char *sut, const char *sig,
                   int *db_error);

/* Write the counted sightings to d for run run_id, and forget every
** signature (the next property starts afresh).  0, or -1 with msg. */
int sightings_flush(sightings *s, db *d, int64_t run_id, char *msg, size_t cap);

/* Free what s holds. */
void sightings_free(sightings *s);

#endif
