/*
** db_triage.c -- what tells runs and failures apart in the results
** database (see store.h): which counterexamples a run met and how
** (cex_runs), a run's true counts, signatures, triage, and the stable
** identities of runs that merge uses.
*/
#include "db_int.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

/* Record in cex_runs that run run_id met counterexample id with outcome
** ("new", "open", "known" or "fixed") times times; sightings again in the
** same run add to sightings and keep "new".  Nothing for run_id <= 0. */
int db_mark_run(db *d, int64_t id, int64_t run_id, const char *outcome, int64_t times,
                const char *what, char *msg, size_t cap) {
  sqlite3_stmt *st;
  if (run_id <= 0) return 0;
  if (db_prepare(d,
                 "INSERT INTO cex_runs(cex_id, run_id, outcome, sightings) VALUES(?1, ?2, ?3, ?4) "
                 "ON CONFLICT(cex_id, run_id) DO UPDATE SET sightings = sightings + ?4, "
                 "outcome = CASE WHEN outcome = 'new' THEN 'new' ELSE excluded.outcome END",
                 &st, what, msg, cap) != 0)
    return -1;
  sqlite3_bind_int64(st, 1, id);
  sqlite3_bind_int64(st, 2, run_id);
  db_bind_text(st, 3, outcome);
  sqlite3_bind_int64(st, 4, times);
  return db_step_done(d, st, what, msg, cap);
}

/* The triage of counterexample id into triage[0..8): "open" or "known". */
int db_triage_of(db *d, int64_t id, char triage[8], const char *what, char *msg, size_t cap) {
  sqlite3_stmt *st;
  snprintf(triage, 8, "open");
  if (db_prepare(d, "SELECT triage FROM counterexamples WHERE id = ?1", &st, what, msg, cap) != 0)
    return -1;
  sqlite3_bind_int64(st, 1, id);
  int rc = sqlite3_step(st);
  if (rc == SQLITE_ROW && db_column_fixed(st, 0, triage, 8) != 0) snprintf(triage, 8, "open");
  sqlite3_finalize(st);
  if (rc != SQLITE_ROW && rc != SQLITE_DONE) return db_fail_sql(d, what, msg, cap);
  return 0;
}

/* Find a counterexample by signature; see store.h. */
int db_find_signature(db *d, const char *property, const char *sut, const char *signature,
                      int64_t *id, char triage[8], char *msg, size_t cap) {
  static const char what[] = "looking up a signature";
  sqlite3_stmt *st;
  if (db_prepare(d,
                 "SELECT id, triage FROM counterexamples WHERE property = ?1 AND sut = ?2 AND "
                 "signature = ?3 AND (status = 'open' OR triage = 'known') ORDER BY id LIMIT 1",
                 &st, what, msg, cap) != 0)
    return -1;
  db_bind_text(st, 1, property);
  db_bind_text(st, 2, sut ? sut : "");
  db_bind_text(st, 3, signature);
  int rc = sqlite3_step(st);
  if (rc == SQLITE_ROW) {
    *id = sqlite3_column_int64(st, 0);
    if (db_column_fixed(st, 1, triage, 8) != 0) snprintf(triage, 8, "open");
  }
  sqlite3_finalize(st);
  if (rc == SQLITE_ROW) return 0;
  if (rc == SQLITE_DONE) return 1;
  return db_fail_sql(d, what, msg, cap);
}

/* Triage one counterexample; see store.h. */
int db_cex_triage(db *d, int64_t id, const char *triage, const char *note, char *msg,
                  size_t cap) {
  static const char what[] = "triaging a counterexample";
  sqlite3_stmt *st;
  if (!triage || (strcmp(triage, "known") != 0 && strcmp(triage, "open") != 0)) {
    db_set_msg(msg, cap, "%s: %s: expected known or open, found '%s'", d->path, what,
               triage ? triage : "");
    return -1;
  }
  if (db_check_writable(d, what, msg, cap) != 0 ||
      db_prepare(d, "UPDATE counterexamples SET triage = ?2, note = coalesce(?3, note) WHERE id = ?1",
                 &st, what, msg, cap) != 0)
    return -1;
  sqlite3_bind_int64(st, 1, id);
  db_bind_text(st, 2, triage);
  db_bind_text(st, 3, note);
  if (db_step_done(d, st, what, msg, cap) != 0) return -1;
  if (sqlite3_changes(d->h) == 0) {
    db_set_msg(msg, cap, "%s: %s: no counterexample %" PRId64, d->path, what, id);
    return 1;
  }
  return 0;
}

/* Count one run's outcomes; see store.h. */
int db_run_tally(db *d, int64_t run_id, db_tally *t, char *msg, size_t cap) {
  return db_run_tally_of(d, run_id, NULL, t, msg, cap);
}

/* Count one run's outcomes, of one property or all; see store.h. */
int db_run_tally_of(db *d, int64_t run_id, const char *property, db_tally *t, char *msg,
                    size_t cap) {
  static const char what[] = "counting a run";
  sqlite3_stmt *st;
  memset(t, 0, sizeof *t);
  if (db_prepare(d,
                 "SELECT "
                 "  count(CASE WHEN x.outcome IN ('new','open') AND c.kind <> 'conjecture' "
                 "    THEN 1 END),"
                 "  count(CASE WHEN x.outcome IN ('new','open') AND c.kind = 'conjecture' "
                 "    THEN 1 END),"
                 "  count(CASE WHEN x.outcome = 'new' THEN 1 END),"
                 "  count(CASE WHEN x.outcome = 'open' THEN 1 END),"
                 "  count(CASE WHEN x.outcome = 'known' THEN 1 END),"
                 "  count(CASE WHEN x.outcome = 'fixed' THEN 1 END),"
                 "  count(DISTINCT CASE WHEN x.outcome IN ('new','open') AND "
                 "    c.kind <> 'conjecture' THEN c.property END),"
                 "  count(DISTINCT CASE WHEN x.outcome IN ('new','open') AND "
                 "    c.kind = 'conjecture' THEN c.property END) "
                 "FROM cex_runs x JOIN counterexamples c ON c.id = x.cex_id WHERE x.run_id = ?1"
                 " AND (?2 IS NULL OR c.property = ?2)",
                 &st, what, msg, cap) != 0)
    return -1;
  sqlite3_bind_int64(st, 1, run_id);
  if (property) db_bind_text(st, 2, property);
  int rc = sqlite3_step(st);
  if (rc == SQLITE_ROW) {
    t->theorem_failures = sqlite3_column_int64(st, 0);
    t->refuted = sqlite3_column_int64(st, 1);
    t->new_count = sqlite3_column_int64(st, 2);
    t->open_count = sqlite3_column_int64(st, 3);
    t->known_count = sqlite3_column_int64(st, 4);
    t->fixed_count = sqlite3_column_int64(st, 5);
    t->failing_theorems = sqlite3_column_int64(st, 6);
    t->refuted_conjectures = sqlite3_column_int64(st, 7);
  }
  sqlite3_finalize(st);
  return rc == SQLITE_ROW ? 0 : db_fail_sql(d, what, msg, cap);
}

/* Store a run's true counts; see store.h. */
int db_run_recount(db *d, int64_t run_id, db_tally *out, char *msg, size_t cap) {
  static const char what[] = "recounting a run";
  sqlite3_stmt *st;
  db_tally t;
  if (db_check_writable(d, what, msg, cap) != 0 || db_run_tally(d, run_id, &t, msg, cap) != 0 ||
      db_prepare(d,
                 "UPDATE runs SET failures = ?2, theorem_failures = ?2, refuted = ?3, "
                 "new_count = ?4, open_count = ?5, known_count = ?6, fixed_count = ?7 "
                 "WHERE id = ?1",
                 &st, what, msg, cap) != 0)
    return -1;
  if (out) *out = t;
  sqlite3_bind_int64(st, 1, run_id);
  sqlite3_bind_int64(st, 2, t.theorem_failures);
  sqlite3_bind_int64(st, 3, t.refuted);
  sqlite3_bind_int64(st, 4, t.new_count);
  sqlite3_bind_int64(st, 5, t.open_count);
  sqlite3_bind_int64(st, 6, t.known_count);
  sqlite3_bind_int64(st, 7, t.fixed_count);
  return db_step_done(d, st, what, msg, cap);
}

/* Where a run of identity uid is; see store.h. */
int db_run_by_uid(db *d, const char *uid, int64_t *id, char *msg, size_t cap) {
  static const char what[] = "looking up a run";
  sqlite3_stmt *st;
  int found;
  if (db_prepare(d,
                 "SELECT id FROM runs WHERE uid = ?1 UNION ALL "
                 "SELECT run_id FROM merged_runs WHERE uid = ?1 LIMIT 1",
                 &st, what, msg, cap) != 0)
    return -1;
  db_bind_text(st, 1, uid);
  if (db_one_int(d, st, id, &found, what, msg, cap) != 0) return -1;
  return found ? 0 : 1;
}

/* Record a merged run's identity; see store.h. */
int db_note_merged(db *d, const char *uid, int64_t run_id, char *msg, size_t cap) {
  static const char what[] = "recording a merged run";
  sqlite3_stmt *st;
  if (db_check_writable(d, what, msg, cap) != 0 ||
      db_prepare(d, "INSERT OR IGNORE INTO merged_runs(uid, run_id) VALUES(?1, ?2)", &st, what, msg,
                 cap) != 0)
    return -1;
  db_bind_text(st, 1, uid);
  db_bind_run(st, 2, run_id);
  return db_step_done(d, st, what, msg, cap);
}

/* Call fn for each cex_runs row; see store.h. */
int db_each_cex_run(db *d, int64_t cex_id, int64_t run_id,
                    int (*fn)(const db_cex_run *r, void *ud), void *ud, char *msg, size_t cap) {
  static const char what[] = "reading cex_runs";
  sqlite3_stmt *st;
  if (db_prepare(d,
                 "SELECT cex_id, run_id, outcome, sightings FROM cex_runs WHERE (?1 <= 0 OR "
                 "cex_id = ?1) AND (?2 <= 0 OR run_id = ?2) ORDER BY run_id, cex_id",
                 &st, what, msg, cap) != 0)
    return -1;
  sqlite3_bind_int64(st, 1, cex_id);
  sqlite3_bind_int64(st, 2, run_id);
  int rc, result = 0;
  while (result == 0 && (rc = sqlite3_step(st)) == SQLITE_ROW) {
    db_cex_run r;
    memset(&r, 0, sizeof r);
    r.cex_id = sqlite3_column_int64(st, 0);
    r.run_id = sqlite3_column_int64(st, 1);
    r.sightings = sqlite3_column_int64(st, 3);
    if (db_column_fixed(st, 2, r.outcome, sizeof r.outcome) != 0) r.outcome[0] = 0;
    result = fn(&r, ud);
  }
  if (result == 0 && rc != SQLITE_DONE) result = db_fail_sql(d, what, msg, cap);
  sqlite3_finalize(st);
  return result;
}

/* Store a cex_runs row; see store.h. */
int db_put_cex_run(db *d, const db_cex_run *r, int add, int *added, char *msg, size_t cap) {
  static const char what[] = "storing cex_runs";
  sqlite3_stmt *st;
  if (db_check_writable(d, what, msg, cap) != 0 ||
      db_prepare(d,
                 add ? "INSERT INTO cex_runs(cex_id, run_id, outcome, sightings) "
                       "VALUES(?1, ?2, ?3, ?4) ON CONFLICT(cex_id, run_id) DO UPDATE SET "
                       "sightings = sightings + excluded.sightings"
                     : "INSERT OR IGNORE INTO cex_runs(cex_id, run_id, outcome, sightings) "
                       "VALUES(?1, ?2, ?3, ?4)",
                 &st, what, msg, cap) != 0)
    return -1;
  sqlite3_bind_int64(st, 1, r->cex_id);
  sqlite3_bind_int64(st, 2, r->run_id);
  db_bind_text(st, 3, r->outcome);
  sqlite3_bind_int64(st, 4, r->sightings);
  if (db_step_done(d, st, what, msg, cap) != 0) return -1;
  if (added) *added = sqlite3_changes(d->h) > 0;
  return 0;
}
