/*
** sightings.c -- counting the repeats of stored failures in memory; see
** sightings.h.
*/
#include "sightings.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Count one sighting; see sightings.h. */
int sightings_seen(sightings *s, db *d, const char *property, const char *sut, const char *sig,
                   int *db_error) {
  char triage[8], err[512];
  int64_t id;
  for (size_t i = 0; i < s->len; i++)
    if (strcmp(s->v[i].sig, sig) == 0) {
      s->v[i].times++;
      return 1;
    }
  int rc = db_find_signature(d, property, sut, sig, &id, triage, err, sizeof err);
  if (rc < 0) {
    fprintf(stderr, "%s\n", err);
    *db_error = 1;
  }
  if (rc != 0) return 0;
  if (s->len == s->cap) {
    size_t cap = s->cap ? 2 * s->cap : 8;
    sighting *nv = realloc(s->v, cap * sizeof *nv);
    if (!nv) /* counted at once instead */
      return db_cex_seen(d, id, 0, NULL, NULL, err, sizeof err) == 0;
    s->v = nv;
    s->cap = cap;
  }
  sighting *x = &s->v[s->len++];
  snprintf(x->sig, sizeof x->sig, "%s", sig);
  x->id = id;
  x->times = 1;
  return 1;
}

/* Write the counted sightings; see sightings.h. */
int sightings_flush(sightings *s, db *d, int64_t run_id, char *msg, size_t cap) {
  int rc = 0;
  for (size_t i = 0; i < s->len && rc == 0; i++)
    if (s->v[i].times > 0)
      rc = db_cex_seen_times(d, s->v[i].id, run_id, s->v[i].times, NULL, NULL, msg, cap);
  s->len = 0;
  return rc ? -1 : 0;
}

/* Free what s holds; see sightings.h. */
void sightings_free(sightings *s) {
  free(s->v);
  memset(s, 0, sizeof *s);
}
