/*
** db_int.h -- what the files of the results database share (store/ only;
** the API is store.h): the handle and the helpers around SQLite.  Every
** helper reports a failure as "PATH: WHAT: ..." in msg[0..cap) (msg may be
** NULL when cap is 0) and returns -1.
*/
#ifndef DB_INT_H
#define DB_INT_H

#include "store.h"

#include <sqlite3.h>

#include <stddef.h>
#include <stdint.h>

/* The current time as stored: UTC ISO-8601 with a Z. */
#define DB_NOW "strftime('%Y-%m-%dT%H:%M:%SZ','now')"

struct db {
  sqlite3 *h;
  char *path; /* as given to db_open, for messages */
  int readonly;
};

/* Write a formatted message into msg[0..cap); nothing when msg is NULL or
** cap is 0. */
void db_set_msg(char *msg, size_t cap, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Report a SQLite failure of the step `what` on d: "PATH: WHAT: ERRMSG". */
int db_fail_sql(const db *d, const char *what, char *msg, size_t cap);

/* Prepare one SQL statement (a constant of the store) on d. */
int db_prepare(const db *d, const char *sql, sqlite3_stmt **st, const char *what, char *msg,
               size_t cap);

/* Bind s (which must outlive the statement's execution) or NULL. */
int db_bind_text(sqlite3_stmt *st, int i, const char *s);

/* Bind a run id, NULL for run_id <= 0 ("no run"). */
int db_bind_run(sqlite3_stmt *st, int i, int64_t run_id);

/* Run one constant SQL text (possibly several statements, no results). */
int db_exec_sql(const db *d, const char *sql, const char *what, char *msg, size_t cap);

/* Check that a string fits a fixed field of db_cex (size bytes with the
** NUL); the message names the field when it does not. */
int db_check_fits(const db *d, const char *what, const char *field, const char *s, size_t size,
                  char *msg, size_t cap);

/* Step a statement that returns at most one integer; set *value (0 when no
** row) and *found.  Finalizes st. */
int db_one_int(const db *d, sqlite3_stmt *st, int64_t *value, int *found, const char *what,
               char *msg, size_t cap);

/* Fail when d was opened read-only; `what` names the attempt. */
int db_check_writable(const db *d, const char *what, char *msg, size_t cap);

/* Step a write statement to completion and finalize it. */
int db_step_done(const db *d, sqlite3_stmt *st, const char *what, char *msg, size_t cap);

/* Copy column col of st into buf[0..size): "" for NULL.  -1 when it does
** not fit. */
int db_column_fixed(sqlite3_stmt *st, int col, char *buf, size_t size);

/* Copy column col of st into a new string in *out: NULL for a NULL column
** unless not_null, when it is "".  -1 when memory runs out. */
int db_column_dup(sqlite3_stmt *st, int col, int not_null, char **out);

/* Record in cex_runs that run run_id (nothing when <= 0) met
** counterexample id with outcome (db_triage.c). */
int db_mark_run(db *d, int64_t id, int64_t run_id, const char *outcome, int64_t times,
                const char *what, char *msg, size_t cap);

/* The triage of counterexample id ("open" or "known") into triage[0..8). */
int db_triage_of(db *d, int64_t id, char triage[8], const char *what, char *msg, size_t cap);

#endif /* DB_INT_H */
