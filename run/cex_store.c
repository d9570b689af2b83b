/*
** cex_store.c -- storing a counterexample the run found (see
** cex_store.h): the borrowed strings are copied into a db_cex that owns
** them, written with db_write_cex, and freed with db_cex_clear.
*/
#include "cex_store.h"

#include "case_line.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* *to = a malloc'd copy of s (NULL stays NULL); 0, or -1 when out of
** memory. */
static int copy_str(char **to, const char *s) {
  *to = NULL;
  if (!s) return 0;
  *to = strdup(s);
  return *to ? 0 : -1;
}

/* Store f; see cex_store.h. */
int cex_store(db *d, const cex_found *f, int64_t *id, int *is_new, char *msg, size_t cap) {
  db_cex c;
  memset(&c, 0, sizeof c);
  if (!f->property || !f->kind || !f->input) {
    snprintf(msg, cap, "storing a counterexample: no property, kind or input given");
    return -1;
  }
  if (copy_str(&c.sut, f->sut ? f->sut : "") || copy_str(&c.input, f->input) ||
      copy_str(&c.original_input, f->original_input) || copy_str(&c.choices, f->choices) ||
      copy_str(&c.message, f->message) || copy_str(&c.signature, f->signature) ||
      copy_str(&c.note, f->note)) {
    db_cex_clear(&c);
    snprintf(msg, cap, "storing a counterexample of %s: out of memory", f->property);
    return -1;
  }
  if (f->known) snprintf(c.triage, sizeof c.triage, "known");
  c.last_run = f->run_id;
  int rc = db_cex_names(d, &c, f->property, f->kind, f->seed, msg, cap) ||
           db_write_cex(d, DB_CEX_FOUND, &c, id, is_new, msg, cap);
  db_cex_clear(&c);
  return rc ? -1 : 0;
}

/* Store a property's shrunk failure; see cex_store.h. */
int cex_store_result(db *d, const gen_property *p, const char *kind, const char *sut,
                     const char *seed, int64_t run_id, const gen_result *r, int64_t *id,
                     int *is_new, char *msg, size_t cap) {
  char input[4 * GEN_ARG_LEN + 64], original[4 * GEN_ARG_LEN + 64];
  case_line_write(p, &r->shrunk, input, sizeof input);
  case_line_write(p, &r->original, original, sizeof original);
  cex_found f = {.property = p->name,
                 .kind = kind,
                 .sut = sut,
                 .seed = seed,
                 .input = input,
                 .original_input = original,
                 .choices = r->choices,
                 .message = r->message,
                 .signature = r->signature,
                 .run_id = run_id};
  return cex_store(d, &f, id, is_new, msg, cap);
}
