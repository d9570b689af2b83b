/*
** db_runs.c -- the runs of the results database (see store.h): runs and
** their per-property rows, transactions, reading and copying runs, and the
** rows of the GPU stage and of `lean check`.
*/
#include "db_int.h"

#include <assert.h>
#include <fnmatch.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Insert a run row with started = now; see store.h. */
int db_run_begin(db *d, const char *seed, const char *config, const char *git_rev, const char *sut,
                 int64_t *run_id, char *msg, size_t cap) {
  static const char what[] = "starting a run";
  sqlite3_stmt *st;
  assert(d && run_id);
  if (db_check_writable(d, what, msg, cap) != 0) return -1;
  if (!seed) {
    db_set_msg(msg, cap, "%s: %s: no seed given", d->path, what);
    return -1;
  }
  if (db_prepare(d,
                 "INSERT INTO runs(started, seed, config, git_rev, sut, uid) VALUES(" DB_NOW
                 ", ?1, ?2, ?3, ?4, lower(hex(randomblob(16))))",
                 &st, what, msg, cap) != 0)
    return -1;
  db_bind_text(st, 1, seed);
  db_bind_text(st, 2, config);
  db_bind_text(st, 3, git_rev);
  db_bind_text(st, 4, sut);
  if (db_step_done(d, st, what, msg, cap) != 0) return -1;
  if (run_id) *run_id = sqlite3_last_insert_rowid(d->h);
  return 0;
}

/* Mark a run interrupted; see store.h. */
int db_run_interrupted(db *d, int64_t run_id, const char *reason, char *msg, size_t cap) {
  static const char what[] = "marking a run interrupted";
  sqlite3_stmt *st;
  if (db_check_writable(d, what, msg, cap) != 0 ||
      db_prepare(d,
                 "UPDATE runs SET interrupted = ?2, finished = coalesce(finished, " DB_NOW
                 ") WHERE id = ?1",
                 &st, what, msg, cap) != 0)
    return -1;
  sqlite3_bind_int64(st, 1, run_id);
  db_bind_text(st, 2, reason);
  if (db_step_done(d, st, what, msg, cap) != 0) return -1;
  if (sqlite3_changes(d->h) == 0) {
    db_set_msg(msg, cap, "%s: %s: no run %" PRId64, d->path, what, run_id);
    return 1;
  }
  return 0;
}

/* Set a run's finish time and counts; see store.h. */
int db_run_end(db *d, int64_t run_id, int64_t cases, db_tally *out, char *msg, size_t cap) {
  static const char what[] = "finishing a run";
  sqlite3_stmt *st;
  if (out) memset(out, 0, sizeof *out);
  /* the finish time first: it is stored even when the counts cannot be */
  if (db_check_writable(d, what, msg, cap) != 0 ||
      db_prepare(d, "UPDATE runs SET finished = " DB_NOW ", cases = ?2 WHERE id = ?1", &st, what,
                 msg, cap) != 0)
    return -1;
  sqlite3_bind_int64(st, 1, run_id);
  sqlite3_bind_int64(st, 2, cases);
  if (db_step_done(d, st, what, msg, cap) != 0) return -1;
  if (sqlite3_changes(d->h) == 0) {
    db_set_msg(msg, cap, "%s: %s: no run %" PRId64, d->path, what, run_id);
    return 1;
  }
  return db_run_recount(d, run_id, out, msg, cap) != 0 ? -1 : 0;
}

/* Insert or replace one property's statistics of a run; see store.h. */
int db_run_property(db *d, int64_t run_id, const char *property, const char *kind, int64_t cases,
                    int64_t passed, int64_t discarded, int64_t failed, double seconds,
                    const char *labels, char *msg, size_t cap) {
  static const char what[] = "storing property statistics";
  sqlite3_stmt *st;
  if (db_check_writable(d, what, msg, cap) != 0) return -1;
  if (!property || !kind) {
    db_set_msg(msg, cap, "%s: %s: no %s given", d->path, what, property ? "kind" : "property");
    return -1;
  }
  if (db_prepare(d,
                 "INSERT OR REPLACE INTO run_properties(run_id, property, kind, cases, passed, "
                 "discarded, failed, seconds, labels) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                 &st, what, msg, cap) != 0)
    return -1;
  sqlite3_bind_int64(st, 1, run_id);
  db_bind_text(st, 2, property);
  db_bind_text(st, 3, kind);
  sqlite3_bind_int64(st, 4, cases);
  sqlite3_bind_int64(st, 5, passed);
  sqlite3_bind_int64(st, 6, discarded);
  sqlite3_bind_int64(st, 7, failed);
  sqlite3_bind_double(st, 8, seconds);
  db_bind_text(st, 9, labels);
  return db_step_done(d, st, what, msg, cap);
}

/* --- reading runs, and copying rows (report, merge) ------------------- */

/* Begin a write transaction; see store.h. */
int db_begin(db *d, char *msg, size_t cap) {
  if (db_check_writable(d, "starting a transaction", msg, cap) != 0) return -1;
  return db_exec_sql(d, "BEGIN IMMEDIATE", "starting a transaction", msg, cap);
}

/* Commit the open transaction; see store.h. */
int db_commit(db *d, char *msg, size_t cap) {
  if (db_exec_sql(d, "COMMIT", "committing", msg, cap) != 0) {
    db_rollback(d);
    return -1;
  }
  return 0;
}

/* Free the strings owned by *r and zero it. */
void db_run_clear(db_run *r) {
  if (!r) return;
  free(r->config);
  free(r->git_rev);
  free(r->sut);
  memset(r, 0, sizeof *r);
}

/* Fill *r from the current row of a SELECT of id, started, finished, seed,
** config, git_rev, sut, cases, failures; -1 with msg when a fixed field does
** not fit or memory runs out (r is then cleared). */
static int read_run_row(const db *d, sqlite3_stmt *st, db_run *r, char *msg, size_t cap) {
  memset(r, 0, sizeof *r);
  r->id = sqlite3_column_int64(st, 0);
  r->cases = sqlite3_column_int64(st, 7);
  r->failures = sqlite3_column_int64(st, 8);
  r->tally.theorem_failures = sqlite3_column_int64(st, 11);
  r->tally.refuted = sqlite3_column_int64(st, 12);
  r->tally.new_count = sqlite3_column_int64(st, 13);
  r->tally.open_count = sqlite3_column_int64(st, 14);
  r->tally.known_count = sqlite3_column_int64(st, 15);
  r->tally.fixed_count = sqlite3_column_int64(st, 16);
  if (db_column_fixed(st, 10, r->uid, sizeof r->uid) != 0) r->uid[0] = 0;
  if (db_column_fixed(st, 1, r->started, sizeof r->started) != 0 ||
      db_column_fixed(st, 2, r->finished, sizeof r->finished) != 0 ||
      db_column_fixed(st, 3, r->seed, sizeof r->seed) != 0 ||
      db_column_fixed(st, 9, r->interrupted, sizeof r->interrupted) != 0) {
    db_set_msg(msg, cap, "%s: run %" PRId64 ": a stored time, seed or reason is too long", d->path,
               r->id);
    return -1;
  }
  if (db_column_dup(st, 4, 0, &r->config) != 0 || db_column_dup(st, 5, 0, &r->git_rev) != 0 ||
      db_column_dup(st, 6, 0, &r->sut) != 0) {
    db_set_msg(msg, cap, "%s: run %" PRId64 ": out of memory", d->path, r->id);
    db_run_clear(r);
    return -1;
  }
  return 0;
}

/* Call fn for each run in order of id; see store.h. */
int db_each_run(db *d, int (*fn)(const db_run *r, void *ud), void *ud, char *msg, size_t cap) {
  static const char what[] = "listing runs";
  sqlite3_stmt *st;
  if (db_prepare(d,
                 "SELECT id, started, finished, seed, config, git_rev, sut, cases, failures, "
                 "interrupted, uid, theorem_failures, refuted, new_count, open_count, "
                 "known_count, fixed_count FROM runs ORDER BY id",
                 &st, what, msg, cap) != 0)
    return -1;
  int rc, result = 0;
  while (result == 0 && (rc = sqlite3_step(st)) == SQLITE_ROW) {
    db_run r;
    if (read_run_row(d, st, &r, msg, cap) != 0) {
      result = -1;
      break;
    }
    result = fn(&r, ud);
    db_run_clear(&r);
  }
  if (result == 0 && rc != SQLITE_DONE) result = db_fail_sql(d, what, msg, cap);
  sqlite3_finalize(st);
  return result;
}

/* Call fn for each property row of one run, or of every run; see store.h. */
int db_each_run_property(db *d, int64_t run_id, int (*fn)(const db_run_prop *p, void *ud), void *ud,
                         char *msg, size_t cap) {
  static const char what[] = "listing property statistics";
  sqlite3_stmt *st;
  if (db_prepare(d,
                 "SELECT run_id, property, kind, cases, passed, discarded, failed, seconds, labels "
                 "FROM run_properties WHERE ?1 IS NULL OR run_id = ?1 ORDER BY run_id, rowid",
                 &st, what, msg, cap) != 0)
    return -1;
  db_bind_run(st, 1, run_id);
  int rc, result = 0;
  while (result == 0 && (rc = sqlite3_step(st)) == SQLITE_ROW) {
    db_run_prop p;
    memset(&p, 0, sizeof p);
    p.run_id = sqlite3_column_int64(st, 0);
    p.cases = sqlite3_column_int64(st, 3);
    p.passed = sqlite3_column_int64(st, 4);
    p.discarded = sqlite3_column_int64(st, 5);
    p.failed = sqlite3_column_int64(st, 6);
    p.seconds = sqlite3_column_double(st, 7);
    if (db_column_fixed(st, 1, p.property, sizeof p.property) != 0 ||
        db_column_fixed(st, 2, p.kind, sizeof p.kind) != 0) {
      db_set_msg(msg, cap, "%s: run %" PRId64 ": a stored property name or kind is too long",
                 d->path, p.run_id);
      result = -1;
      break;
    }
    if (db_column_dup(st, 8, 0, &p.labels) != 0) {
      db_set_msg(msg, cap, "%s: %s: out of memory", d->path, what);
      result = -1;
      break;
    }
    result = fn(&p, ud);
    free(p.labels);
  }
  if (result == 0 && rc != SQLITE_DONE) result = db_fail_sql(d, what, msg, cap);
  sqlite3_finalize(st);
  return result;
}

/* Insert a run row as given, or overwrite run r->id; see store.h. */
int db_put_run(db *d, const db_run *r, int64_t *id, char *msg, size_t cap) {
  static const char what[] = "storing a run";
  sqlite3_stmt *st;
  if (db_check_writable(d, what, msg, cap) != 0) return -1;
  if (!r->started[0] || !r->seed[0]) {
    db_set_msg(msg, cap, "%s: %s: no %s given", d->path, what, r->seed[0] ? "start time" : "seed");
    return -1;
  }
  if (db_prepare(d,
                 r->id > 0
                     ? "UPDATE runs SET started = ?2, finished = ?3, seed = ?4, config = ?5, "
                       "git_rev = ?6, sut = ?7, cases = ?8, failures = ?9, interrupted = ?10, "
                       "uid = coalesce(?11, uid), theorem_failures = ?12, refuted = ?13, "
                       "new_count = ?14, open_count = ?15, known_count = ?16, fixed_count = ?17 "
                       "WHERE id = ?1"
                     : "INSERT INTO runs(started, finished, seed, config, git_rev, sut, cases, "
                       "failures, interrupted, uid, theorem_failures, refuted, new_count, "
                       "open_count, known_count, fixed_count) VALUES(?2, ?3, ?4, ?5, ?6, ?7, "
                       "?8, ?9, ?10, coalesce(?11, lower(hex(randomblob(16)))), ?12, ?13, ?14, "
                       "?15, ?16, ?17)",
                 &st, what, msg, cap) != 0)
    return -1;
  if (r->id > 0) sqlite3_bind_int64(st, 1, r->id);
  db_bind_text(st, 2, r->started);
  db_bind_text(st, 3, r->finished[0] ? r->finished : NULL);
  db_bind_text(st, 4, r->seed);
  db_bind_text(st, 5, r->config);
  db_bind_text(st, 6, r->git_rev);
  db_bind_text(st, 7, r->sut);
  sqlite3_bind_int64(st, 8, r->cases);
  sqlite3_bind_int64(st, 9, r->failures);
  db_bind_text(st, 10, r->interrupted[0] ? r->interrupted : NULL);
  db_bind_text(st, 11, r->uid[0] ? r->uid : NULL);
  sqlite3_bind_int64(st, 12, r->tally.theorem_failures);
  sqlite3_bind_int64(st, 13, r->tally.refuted);
  sqlite3_bind_int64(st, 14, r->tally.new_count);
  sqlite3_bind_int64(st, 15, r->tally.open_count);
  sqlite3_bind_int64(st, 16, r->tally.known_count);
  sqlite3_bind_int64(st, 17, r->tally.fixed_count);
  if (db_step_done(d, st, what, msg, cap) != 0) return -1;
  if (r->id > 0 && sqlite3_changes(d->h) == 0) {
    db_set_msg(msg, cap, "%s: %s: no run %" PRId64, d->path, what, r->id);
    return 1;
  }
  if (id) *id = r->id > 0 ? r->id : sqlite3_last_insert_rowid(d->h);
  return 0;
}

/* Insert one GPU run; see store.h. */
int db_record_gpu_run(db *d, const char *device, int64_t layouts, int64_t elements,
                      int64_t mismatches, double gbps, double seconds, int skipped, int64_t *run_id,
                      char *msg, size_t cap) {
  static const char what[] = "recording a GPU run";
  sqlite3_stmt *st;
  if (db_check_writable(d, what, msg, cap) != 0 ||
      db_prepare(
          d,
          "INSERT INTO gpu_runs(run_at, device, layouts, elements, mismatches, gbps, seconds, "
          "skipped) VALUES(" DB_NOW ", ?1, ?2, ?3, ?4, ?5, ?6, ?7)",
          &st, what, msg, cap) != 0)
    return -1;
  db_bind_text(st, 1, device);
  sqlite3_bind_int64(st, 2, layouts);
  sqlite3_bind_int64(st, 3, elements);
  sqlite3_bind_int64(st, 4, mismatches);
  sqlite3_bind_double(st, 5, gbps);
  sqlite3_bind_double(st, 6, seconds);
  sqlite3_bind_int(st, 7, skipped ? 1 : 0);
  if (db_step_done(d, st, what, msg, cap) != 0) return -1;
  if (run_id) *run_id = sqlite3_last_insert_rowid(d->h);
  return 0;
}

/* Insert one GPU mismatch; see store.h. */
int db_record_gpu_mismatch(db *d, int64_t run_id, const char *layout, const char *check_kind,
                           int64_t index, int64_t expected, int64_t got, char *msg, size_t cap) {
  static const char what[] = "recording a GPU mismatch";
  sqlite3_stmt *st;
  if (db_check_writable(d, what, msg, cap) != 0) return -1;
  if (!layout || !check_kind) {
    db_set_msg(msg, cap, "%s: %s: no %s given", d->path, what, layout ? "check kind" : "layout");
    return -1;
  }
  if (db_prepare(
          d,
          "INSERT INTO gpu_mismatches(run_id, layout, check_kind, index_value, expected, got) "
          "VALUES(?1, ?2, ?3, ?4, ?5, ?6)",
          &st, what, msg, cap) != 0)
    return -1;
  db_bind_run(st, 1, run_id);
  db_bind_text(st, 2, layout);
  db_bind_text(st, 3, check_kind);
  if (index >= 0)
    sqlite3_bind_int64(st, 4, index);
  else
    sqlite3_bind_null(st, 4);
  sqlite3_bind_int64(st, 5, expected);
  sqlite3_bind_int64(st, 6, got);
  return db_step_done(d, st, what, msg, cap);
}

/* Insert one row into lean_checks; see store.h. */
int db_record_lean_check(db *d, const char *run_at, const char *file, int64_t line,
                         const char *expression, const char *lean_value, const char *oracle_value,
                         const char *verdict, char *msg, size_t cap) {
  static const char what[] = "recording a Lean check";
  sqlite3_stmt *st;
  if (db_check_writable(d, what, msg, cap) != 0) return -1;
  if (!file || !expression || !verdict) {
    db_set_msg(msg, cap, "%s: %s: no %s given", d->path, what,
               !file         ? "file"
               : !expression ? "expression"
                             : "verdict");
    return -1;
  }
  if (db_prepare(
          d,
          "INSERT INTO lean_checks(run_at, file, line, expression, lean_value, oracle_value, "
          "verdict) VALUES(coalesce(?1, " DB_NOW "), ?2, ?3, ?4, ?5, ?6, ?7)",
          &st, what, msg, cap) != 0)
    return -1;
  db_bind_text(st, 1, run_at);
  db_bind_text(st, 2, file);
  sqlite3_bind_int64(st, 3, line);
  db_bind_text(st, 4, expression);
  db_bind_text(st, 5, lean_value);
  db_bind_text(st, 6, oracle_value);
  db_bind_text(st, 7, verdict);
  return db_step_done(d, st, what, msg, cap);
}
