/*
** db_cex.c -- the counterexamples table of the results database (see
** store.h): the one write API (db_write_cex), marking rows seen or fixed,
** and reading them.
*/
#include "db_int.h"

#include <assert.h>
#include <fnmatch.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Inside an open transaction: find (property, sut, input) and bump it, or
** insert a new row.  -1 with msg on failure (the caller rolls back). */
static int record_in_txn(db *d, const db_cex *c, const char *sut, int64_t *id, int *is_new,
                         const char *what, char *msg, size_t cap) {
  sqlite3_stmt *st;
  int64_t found_id;
  int found;
  if (db_prepare(d,
                 "SELECT id FROM counterexamples WHERE property = ?1 AND sut = ?2 AND input = ?3",
                 &st, what, msg, cap) != 0)
    return -1;
  db_bind_text(st, 1, c->property);
  db_bind_text(st, 2, sut);
  db_bind_text(st, 3, c->input);
  if (db_one_int(d, st, &found_id, &found, what, msg, cap) != 0) return -1;
  if (found) {
    if (db_prepare(d,
                   "UPDATE counterexamples SET times_seen = times_seen + 1, last_seen = " DB_NOW
                   ", last_run = ?2, message = coalesce(?3, message), status = 'open', fixed_at = "
                   "NULL, signature = coalesce(?4, signature) WHERE id = ?1",
                   &st, what, msg, cap) != 0)
      return -1;
    sqlite3_bind_int64(st, 1, found_id);
    db_bind_run(st, 2, c->last_run);
    db_bind_text(st, 3, c->message);
    db_bind_text(st, 4, c->signature);
    if (db_step_done(d, st, what, msg, cap) != 0) return -1;
    char triage[8];
    if (db_triage_of(d, found_id, triage, what, msg, cap) != 0 ||
        db_mark_run(d, found_id, c->last_run, triage, 1, what, msg, cap) != 0)
      return -1;
    *id = found_id;
    *is_new = 0;
    return 0;
  }
  if (db_prepare(d,
                 "INSERT INTO counterexamples(property, kind, sut, input, original_input, choices, "
                 "message, seed, first_seen, last_seen, first_run, last_run, signature, triage, "
                 "note) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, " DB_NOW ", " DB_NOW
                 ", ?9, ?9, ?10, ?11, ?12)",
                 &st, what, msg, cap) != 0)
    return -1;
  db_bind_text(st, 1, c->property);
  db_bind_text(st, 2, c->kind);
  db_bind_text(st, 3, sut);
  db_bind_text(st, 4, c->input);
  db_bind_text(st, 5, c->original_input);
  db_bind_text(st, 6, c->choices);
  db_bind_text(st, 7, c->message);
  db_bind_text(st, 8, c->seed[0] ? c->seed : NULL);
  db_bind_run(st, 9, c->last_run);
  db_bind_text(st, 10, c->signature);
  db_bind_text(st, 11, strcmp(c->triage, "known") == 0 ? "known" : "open");
  db_bind_text(st, 12, c->note);
  if (db_step_done(d, st, what, msg, cap) != 0) return -1;
  *id = sqlite3_last_insert_rowid(d->h);
  *is_new = 1;
  return db_mark_run(d, *id, c->last_run, strcmp(c->triage, "known") == 0 ? "known" : "new", 1,
                     what, msg, cap);
}

/* Fill the fixed-size names of a counterexample; see store.h. */
int db_cex_names(const db *d, db_cex *c, const char *property, const char *kind, const char *seed,
                 char *msg, size_t cap) {
  static const char what[] = "recording a counterexample";
  if (db_check_fits(d, what, "the property name", property, sizeof c->property, msg, cap) != 0 ||
      db_check_fits(d, what, "the kind", kind, sizeof c->kind, msg, cap) != 0 ||
      db_check_fits(d, what, "the seed", seed, sizeof c->seed, msg, cap) != 0)
    return -1;
  snprintf(c->property, sizeof c->property, "%s", property ? property : "");
  snprintf(c->kind, sizeof c->kind, "%s", kind ? kind : "");
  snprintf(c->seed, sizeof c->seed, "%s", seed ? seed : "");
  return 0;
}

/* Insert or bump a counterexample a run found, in its own transaction. */
static int record_found(db *d, const db_cex *c, int64_t *id, int *is_new, char *msg, size_t cap) {
  static const char what[] = "recording a counterexample";
  int64_t row_id = 0;
  int row_new = 0;
  if (db_check_writable(d, what, msg, cap) != 0) return -1;
  if (!c->property[0] || !c->kind[0] || !c->input) {
    db_set_msg(msg, cap, "%s: %s: no %s given", d->path, what,
               !c->property[0] ? "property"
               : !c->kind[0]   ? "kind"
                               : "input");
    return -1;
  }
  /* BEGIN IMMEDIATE takes the write lock before the lookup, so two
  ** processes recording the same counterexample cannot both insert it. */
  if (db_exec_sql(d, "BEGIN IMMEDIATE", what, msg, cap) != 0) return -1;
  if (record_in_txn(d, c, c->sut ? c->sut : "", &row_id, &row_new, what, msg, cap) != 0 ||
      db_exec_sql(d, "COMMIT", what, msg, cap) != 0) {
    db_rollback(d);
    return -1;
  }
  if (id) *id = row_id;
  if (is_new) *is_new = row_new;
  return 0;
}

/* Run an UPDATE of one counterexample (parameter 1 is its id) that st
** holds; 1 with msg when no row has that id. */
static int update_cex(db *d, sqlite3_stmt *st, int64_t id, const char *what, char *msg,
                      size_t cap) {
  if (db_step_done(d, st, what, msg, cap) != 0) return -1;
  if (sqlite3_changes(d->h) == 0) {
    db_set_msg(msg, cap, "%s: %s: no counterexample %" PRId64, d->path, what, id);
    return 1;
  }
  return 0;
}

/* Mark a counterexample as still failing; see store.h. */
int db_cex_seen(db *d, int64_t id, int64_t run_id, const char *message, const char *signature,
                char *msg, size_t cap) {
  return db_cex_seen_times(d, id, run_id, 1, message, signature, msg, cap);
}

/* Mark a counterexample as seen times times; see store.h. */
int db_cex_seen_times(db *d, int64_t id, int64_t run_id, int64_t times, const char *message,
                      const char *signature, char *msg, size_t cap) {
  static const char what[] = "marking a counterexample as seen";
  sqlite3_stmt *st;
  char triage[8];
  if (db_check_writable(d, what, msg, cap) != 0 ||
      db_prepare(d,
                 "UPDATE counterexamples SET times_seen = times_seen + ?5, last_seen = " DB_NOW
                 ", last_run = coalesce(?2, last_run), message = coalesce(?3, message), status = "
                 "'open', fixed_at = NULL, signature = coalesce(?4, signature) WHERE id = ?1",
                 &st, what, msg, cap) != 0)
    return -1;
  sqlite3_bind_int64(st, 1, id);
  db_bind_run(st, 2, run_id);
  db_bind_text(st, 3, message);
  db_bind_text(st, 4, signature);
  sqlite3_bind_int64(st, 5, times);
  int rc = update_cex(d, st, id, what, msg, cap);
  if (rc != 0) return rc;
  if (db_triage_of(d, id, triage, what, msg, cap) != 0) return -1;
  return db_mark_run(d, id, run_id, triage, times, what, msg, cap);
}

/* Mark a counterexample as fixed; see store.h. */
int db_cex_fixed(db *d, int64_t id, int64_t run_id, char *msg, size_t cap) {
  static const char what[] = "marking a counterexample as fixed";
  sqlite3_stmt *st;
  if (db_check_writable(d, what, msg, cap) != 0 ||
      db_prepare(d,
                 "UPDATE counterexamples SET fixed_at = CASE WHEN status = 'fixed' AND fixed_at IS "
                 "NOT NULL THEN fixed_at ELSE " DB_NOW " END, status = 'fixed' WHERE id = ?1",
                 &st, what, msg, cap) != 0)
    return -1;
  sqlite3_bind_int64(st, 1, id);
  int rc = update_cex(d, st, id, what, msg, cap);
  if (rc != 0) return rc;
  return db_mark_run(d, id, run_id, "fixed", 1, what, msg, cap);
}

/* Free the owned strings of *c and zero it. */
void db_cex_clear(db_cex *c) {
  if (!c) return;
  free(c->sut);
  free(c->input);
  free(c->original_input);
  free(c->choices);
  free(c->message);
  free(c->signature);
  free(c->note);
  memset(c, 0, sizeof *c);
}

/* Read counterexample id; see store.h. */
int db_get_cex(db *d, int64_t id, db_cex *out, char *msg, size_t cap) {
  static const char what[] = "reading a counterexample";
  sqlite3_stmt *st;
  memset(out, 0, sizeof *out);
  if (db_prepare(d,
                 "SELECT id, property, kind, sut, input, original_input, choices, message, seed, "
                 "first_seen, last_seen, times_seen, status, fixed_at, first_run, last_run, triage, "
                 "signature, note FROM counterexamples WHERE id = ?1",
                 &st, what, msg, cap) != 0)
    return -1;
  sqlite3_bind_int64(st, 1, id);
  int rc = sqlite3_step(st);
  if (rc == SQLITE_DONE) {
    sqlite3_finalize(st);
    db_set_msg(msg, cap, "%s: no counterexample %" PRId64, d->path, id);
    return 1;
  }
  if (rc != SQLITE_ROW) {
    db_fail_sql(d, what, msg, cap);
    sqlite3_finalize(st);
    return -1;
  }
  out->id = sqlite3_column_int64(st, 0);
  out->times_seen = sqlite3_column_int64(st, 11);
  out->first_run = sqlite3_column_int64(st, 14);
  out->last_run = sqlite3_column_int64(st, 15);
  const char *too_long = NULL;
  if (db_column_fixed(st, 1, out->property, sizeof out->property) != 0)
    too_long = "property";
  else if (db_column_fixed(st, 2, out->kind, sizeof out->kind) != 0)
    too_long = "kind";
  else if (db_column_fixed(st, 8, out->seed, sizeof out->seed) != 0)
    too_long = "seed";
  else if (db_column_fixed(st, 9, out->first_seen, sizeof out->first_seen) != 0)
    too_long = "first_seen";
  else if (db_column_fixed(st, 10, out->last_seen, sizeof out->last_seen) != 0)
    too_long = "last_seen";
  else if (db_column_fixed(st, 12, out->status, sizeof out->status) != 0)
    too_long = "status";
  else if (db_column_fixed(st, 13, out->fixed_at, sizeof out->fixed_at) != 0)
    too_long = "fixed_at";
  else if (db_column_fixed(st, 16, out->triage, sizeof out->triage) != 0)
    too_long = "triage";
  if (too_long) {
    db_set_msg(msg, cap, "%s: counterexample %" PRId64 ": the stored %s is too long", d->path, id,
               too_long);
    sqlite3_finalize(st);
    db_cex_clear(out);
    return -1;
  }
  if (db_column_dup(st, 3, 1, &out->sut) != 0 || db_column_dup(st, 4, 1, &out->input) != 0 ||
      db_column_dup(st, 5, 0, &out->original_input) != 0 ||
      db_column_dup(st, 6, 0, &out->choices) != 0 || db_column_dup(st, 7, 0, &out->message) != 0 ||
      db_column_dup(st, 17, 0, &out->signature) != 0 || db_column_dup(st, 18, 0, &out->note) != 0) {
    db_set_msg(msg, cap, "%s: counterexample %" PRId64 ": out of memory", d->path, id);
    sqlite3_finalize(st);
    db_cex_clear(out);
    return -1;
  }
  sqlite3_finalize(st);
  return 0;
}

/* A growable array of row ids. */
typedef struct id_list {
  int64_t *id;
  size_t len, cap;
} id_list;

/* Append one id; -1 when memory runs out. */
static int id_list_push(id_list *l, int64_t id) {
  if (l->len == l->cap) {
    size_t cap = l->cap ? 2 * l->cap : 64;
    int64_t *grown = realloc(l->id, cap * sizeof *grown);
    if (!grown) return -1;
    l->id = grown;
    l->cap = cap;
  }
  l->id[l->len++] = id;
  return 0;
}

/* Collect, in order of id, the ids of the counterexamples that match the
** filters of db_each_cex.  -1 with msg on failure (ids freed by the
** caller). */
static int select_ids(db *d, const char *glob, const char *sut, const char *status, id_list *ids,
                      char *msg, size_t cap) {
  static const char what[] = "listing counterexamples";
  sqlite3_stmt *st;
  if (db_prepare(d,
                 "SELECT id, property FROM counterexamples WHERE (?1 IS NULL OR sut = ?1) AND "
                 "(?2 IS NULL OR status = ?2) ORDER BY id",
                 &st, what, msg, cap) != 0)
    return -1;
  db_bind_text(st, 1, sut);
  db_bind_text(st, 2, status);
  int rc;
  while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
    const char *property = (const char *)sqlite3_column_text(st, 1);
    if (glob && (!property || fnmatch(glob, property, 0) != 0)) continue;
    if (id_list_push(ids, sqlite3_column_int64(st, 0)) != 0) {
      db_set_msg(msg, cap, "%s: %s: out of memory", d->path, what);
      sqlite3_finalize(st);
      return -1;
    }
  }
  if (rc != SQLITE_DONE) {
    db_fail_sql(d, what, msg, cap);
    sqlite3_finalize(st);
    return -1;
  }
  sqlite3_finalize(st);
  return 0;
}

/* Call fn for each matching counterexample; see store.h. */
int db_each_cex(db *d, const char *glob, const char *sut, const char *status,
                int (*fn)(const db_cex *c, void *ud), void *ud, char *msg, size_t cap) {
  if (status && strcmp(status, "open") != 0 && strcmp(status, "fixed") != 0) {
    db_set_msg(msg, cap, "%s: listing counterexamples: unknown status '%s' (open or fixed)",
               d->path, status);
    return -1;
  }
  id_list ids = {0};
  int result = select_ids(d, glob, sut, status, &ids, msg, cap);
  for (size_t i = 0; result == 0 && i < ids.len; i++) {
    db_cex c;
    int got = db_get_cex(d, ids.id[i], &c, msg, cap);
    if (got == 0)
      result = fn(&c, ud);
    else if (got < 0)
      result = -1;
    /* got == 1: deleted meanwhile, skip it */
    db_cex_clear(&c);
  }
  free(ids.id);
  return result;
}

/* Find the counterexample (property, sut, input); see store.h. */
int db_find_cex(db *d, const char *property, const char *sut, const char *input, int64_t *id,
                char *msg, size_t cap) {
  static const char what[] = "looking up a counterexample";
  sqlite3_stmt *st;
  int found;
  if (db_prepare(d,
                 "SELECT id FROM counterexamples WHERE property = ?1 AND sut = ?2 AND input = ?3",
                 &st, what, msg, cap) != 0)
    return -1;
  db_bind_text(st, 1, property);
  db_bind_text(st, 2, sut ? sut : "");
  db_bind_text(st, 3, input);
  if (db_one_int(d, st, id, &found, what, msg, cap) != 0) return -1;
  return found ? 0 : 1;
}

/* Insert a counterexample row as given, or overwrite row c->id (the
** DB_CEX_COPY of db_write_cex). */
static int copy_row(db *d, const db_cex *c, int64_t *id, char *msg, size_t cap) {
  static const char what[] = "storing a counterexample";
  sqlite3_stmt *st;
  if (db_check_writable(d, what, msg, cap) != 0) return -1;
  if (!c->input || !c->property[0] || !c->kind[0] || !c->first_seen[0] || !c->last_seen[0]) {
    db_set_msg(msg, cap, "%s: %s: the input, property, kind and times must be given", d->path,
               what);
    return -1;
  }
  if (db_prepare(
          d,
          c->id > 0
              ? "UPDATE counterexamples SET property = ?2, kind = ?3, sut = ?4, input = ?5, "
                "original_input = ?6, choices = ?7, message = ?8, seed = ?9, first_seen = "
                "?10, last_seen = ?11, times_seen = ?12, status = ?13, fixed_at = ?14, "
                "first_run = ?15, last_run = ?16, triage = ?17, signature = ?18, note = ?19 "
                "WHERE id = ?1"
              : "INSERT INTO counterexamples(property, kind, sut, input, original_input, "
                "choices, message, seed, first_seen, last_seen, times_seen, status, fixed_at, "
                "first_run, last_run, triage, signature, note) VALUES(?2, ?3, ?4, ?5, ?6, ?7, "
                "?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19)",
          &st, what, msg, cap) != 0)
    return -1;
  if (c->id > 0) sqlite3_bind_int64(st, 1, c->id);
  db_bind_text(st, 2, c->property);
  db_bind_text(st, 3, c->kind);
  db_bind_text(st, 4, c->sut ? c->sut : "");
  db_bind_text(st, 5, c->input);
  db_bind_text(st, 6, c->original_input);
  db_bind_text(st, 7, c->choices);
  db_bind_text(st, 8, c->message);
  db_bind_text(st, 9, c->seed[0] ? c->seed : NULL);
  db_bind_text(st, 10, c->first_seen);
  db_bind_text(st, 11, c->last_seen);
  sqlite3_bind_int64(st, 12, c->times_seen);
  db_bind_text(st, 13, c->status[0] ? c->status : "open");
  db_bind_text(st, 14, c->fixed_at[0] ? c->fixed_at : NULL);
  db_bind_run(st, 15, c->first_run);
  db_bind_run(st, 16, c->last_run);
  db_bind_text(st, 17, strcmp(c->triage, "known") == 0 ? "known" : "open");
  db_bind_text(st, 18, c->signature);
  db_bind_text(st, 19, c->note);
  if (db_step_done(d, st, what, msg, cap) != 0) return -1;
  if (c->id > 0 && sqlite3_changes(d->h) == 0) {
    db_set_msg(msg, cap, "%s: %s: no counterexample %" PRId64, d->path, what, c->id);
    return 1;
  }
  if (id) *id = c->id > 0 ? c->id : sqlite3_last_insert_rowid(d->h);
  return 0;
}

/* Write one counterexample; see store.h. */
int db_write_cex(db *d, db_cex_how how, const db_cex *c, int64_t *id, int *is_new, char *msg,
                 size_t cap) {
  assert(how == DB_CEX_FOUND || how == DB_CEX_COPY);
  if (how == DB_CEX_FOUND) return record_found(d, c, id, is_new, msg, cap);
  if (is_new) *is_new = c->id <= 0;
  return copy_row(d, c, id, msg, cap);
}
