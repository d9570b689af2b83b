/*
** cex_store.h -- the one way the run stores a counterexample it found: a
** shrunk failure of a property, a shrunk disagreement of a system under
** test, or a known divergence an adapter ships.  Every string handed in is
** borrowed and copied; nothing is kept after the call.
*/
#ifndef CEX_STORE_H
#define CEX_STORE_H

#include "gen.h"
#include "store.h"

#include <stdint.h>

/* A counterexample to store, every string borrowed for the call. */
typedef struct cex_found {
  const char *property;       /* "sut.OP" for a system under test */
  const char *kind;           /* "theorem" or "conjecture" */
  const char *sut;            /* the SUT's identity (sut_identity); "" for none */
  const char *seed;           /* the run's seed, "" for none */
  const char *input;          /* the case line, "OP ARG..." */
  const char *original_input; /* the case line before shrinking; NULL for none */
  const char *choices;        /* the shrunk draws (gen_choices_format); NULL */
  const char *message;        /* what failed; NULL */
  const char *signature;      /* the failure's signature; NULL */
  const char *note;           /* a note stored with a new row; NULL */
  int known;                  /* a new row is triaged known */
  int64_t run_id;             /* the run that found it; 0 for none */
} cex_found;

/* Store f in d as found (db_write_cex DB_CEX_FOUND): a new row, or a
** sighting of the row (property, sut, input) holds already.  *id gets the
** row id, *is_new 1 for a new row (either may be NULL).  0, or -1 with
** the reason in msg[0..cap) (a name too long for its field, a database
** error, memory). */
int cex_store(db *d, const cex_found *f, int64_t *id, int *is_new, char *msg, size_t cap);

/* Store the failure r of property p, found in run run_id with the given
** seed, as cex_store does: its input and original input are the case
** lines of r->shrunk and r->original, kind and sut as in cex_found. */
int cex_store_result(db *d, const gen_property *p, const char *kind, const char *sut,
                     const char *seed, int64_t run_id, const gen_result *r, int64_t *id,
                     int *is_new, char *msg, size_t cap);

#endif /* CEX_STORE_H */
