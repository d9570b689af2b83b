/*
** store.h -- the results database (store/db.c): a SQLite file that records
** runs of the property engine, per-property statistics of each run, and
** every counterexample found, so that later runs replay them.  In order
** below: opening (schema and migrations), runs, counterexamples (one write
** API, db_write_cex), Lean checks, reading and copying rows for `report`
** and `merge`, and the GPU stage's rows.
**
** Tables (schema version 1, created by db_open on first use):
**
**   meta(key, value)             schema_version
**   runs                         one row per run: seed, config, git_rev, sut,
**                                started/finished, cases, failures
**   run_properties               per run and property: kind, cases, passed,
**                                discarded, failed, seconds, labels
**   counterexamples              unique by (property, sut, input); times_seen,
**                                first/last_seen, first/last_run, status
**                                'open' or 'fixed', fixed_at
**   lean_checks (version 2)      one row per #eval checked by `lean check`:
**                                run_at, file, line, expression, lean_value,
**                                oracle_value, verdict
**   gpu_runs (version 3)         one row per `layoutcheck gpu`: run_at, device,
**                                layouts, elements, mismatches, gbps, seconds,
**                                skipped (1: no CUDA device)
**   gpu_mismatches (version 3)   per GPU run: layout, check_kind, index_value,
**                                expected, got
**   runs.interrupted (version 4) why a run ended early: "SIGINT", "SIGTERM",
**                                "killed by signal N"; NULL for a run that
**                                ended by itself
**   version 5                    counterexamples.signature (what tells one
**                                failure from another), .triage ('open' or
**                                'known', set by `layoutcheck triage`),
**                                .note; runs.uid (a stable identity, so that
**                                merge copies a run once), and the run's
**                                true counts: theorem_failures, refuted,
**                                new_count, open_count, known_count,
**                                fixed_count (distinct counterexamples);
**   cex_runs (version 5)         which counterexample a run met and how:
**                                outcome 'new', 'open' (found again),
**                                'known' (found again, triaged known) or
**                                'fixed' (replayed, now passing); sightings
**   merged_runs (version 5)      uids of runs merged into another row
**   views (version 5)            latest_run, new_tonight, still_open,
**                                fixed_tonight, known, property_trend
**
** Timestamps are UTC ISO-8601 text, "2025-01-31T12:00:00Z".  A run id of 0
** (or less) passed to a function below stands for "no run" and is stored as
** NULL.  Every function returns 0 on success and nonzero on failure, with a
** message naming the file and what failed in msg[0..cap) (msg may be NULL
** when cap is 0).  Every write is committed before the function returns: a
** counterexample that db_write_cex reported stored survives a SIGKILL of
** the process.  Several processes may use one file at once; a writer waits
** up to 10 seconds for another one's lock.  A db handle must not be used
** by two threads at once.
*/
#ifndef STORE_H
#define STORE_H

#include <stddef.h>
#include <stdint.h>

/* The schema version this program creates and understands. */
#define DB_SCHEMA_VERSION 5

typedef struct db db; /* an open results database; opaque */

/* One stored counterexample.  The fixed-size fields are never truncated:
** db_cex_names refuses a property of 128 bytes or more, a kind of 16 or
** more and a seed of 32 or more, and a read of a row that does not fit
** fails.  After db_get_cex the pointer fields are owned by the struct (free
** them with db_cex_clear); original_input, choices and message are NULL
** when not stored, sut and input are never NULL.  seed and fixed_at are ""
** when not stored, first_run and last_run 0. */
typedef struct db_cex {
  int64_t id;
  char property[128], kind[16];
  char *sut, *input, *original_input, *choices, *message;
  char seed[32], first_seen[32], last_seen[32], status[8], fixed_at[32];
  int64_t times_seen, first_run, last_run;
  char triage[8];         /* "open" or "known" ("" is "open" when writing) */
  char *signature, *note; /* NULL when not stored */
} db_cex;

/* Open the database at path for reading and writing, creating the file
** (whose directory must exist) or migrating an older schema.  Refuses,
** without modifying the file: a file that is not a SQLite database, a
** database that PRAGMA integrity_check finds damaged, a SQLite database of some
** other program, a schema version newer than DB_SCHEMA_VERSION, a file or
** directory that cannot be written.  *out is NULL after a failure. */
int db_open(const char *path, db **out, char *msg, size_t cap);

/* Open an existing database at path for reading only (the file and its
** directory may be read-only).  Refuses what db_open refuses, and a schema
** older than DB_SCHEMA_VERSION (open it once with db_open to migrate). */
int db_open_readonly(const char *path, db **out, char *msg, size_t cap);

/* Close the database and free the handle; d may be NULL. */
void db_close(db *d);

/* Copy the committed pages of the write-ahead log (PATH-wal) into the
** database file and truncate the log to zero bytes
** (sqlite3_wal_checkpoint_v2, TRUNCATE), so that a copy of the file alone
** (cp) holds every committed run.  A reader in the middle of a read
** transaction blocks the truncation, and the copying of pages newer than
** its snapshot, for up to two seconds; then what could be copied is,
** and *left gets the log's pages not copied (0 when all were).  0, or -1
** with msg on an error (SQLITE_BUSY with pages left is not one). */
int db_checkpoint(db *d, int *left, char *msg, size_t cap);

/* Start a run: insert a row into runs with started = now and set *run_id.
** seed must not be NULL; config, git_rev and sut may be. */
int db_run_begin(db *d, const char *seed, const char *config, const char *git_rev, const char *sut,
                 int64_t *run_id, char *msg, size_t cap);

/* The true counts of a run: distinct counterexamples the run met (in
** cex_runs), each counted once however often it was seen.  theorem_failures
** and refuted count those new or found again and not triaged known, of
** theorems (and SUT disagreements) and of conjectures: counterexamples,
** not properties; new_count, open_count (found again, not new),
** known_count and fixed_count by outcome.  failing_theorems and
** refuted_conjectures count the properties those counterexamples belong
** to; they are not stored in runs (0 in a db_run read back). */
typedef struct db_tally {
  int64_t theorem_failures, refuted, new_count, open_count, known_count, fixed_count;
  int64_t failing_theorems, refuted_conjectures;
} db_tally;

/* Count run run_id's outcomes into *t from cex_runs. */
int db_run_tally(db *d, int64_t run_id, db_tally *t, char *msg, size_t cap);

/* db_run_tally for the counterexamples of one property (every property
** when property is NULL). */
int db_run_tally_of(db *d, int64_t run_id, const char *property, db_tally *t, char *msg,
                    size_t cap);

/* Store run run_id's true counts (db_run_tally) in its row, leaving the
** rest of it as it is, and copy them to *t (may be NULL). */
int db_run_recount(db *d, int64_t run_id, db_tally *t, char *msg, size_t cap);

/* Finish a run: set finished = now, its case count and its true counts
** (db_run_tally; failures = theorem_failures), and copy the counts to *t
** (may be NULL).  Returns 1 (msg says so) when there is no run run_id. */
int db_run_end(db *d, int64_t run_id, int64_t cases, db_tally *t, char *msg, size_t cap);

/* Mark run run_id as ended early, for reason (such as "SIGINT"; stored
** as given): set interrupted, and finished = now unless it is set.
** Returns 1 (msg says so) when there is no run run_id. */
int db_run_interrupted(db *d, int64_t run_id, const char *reason, char *msg, size_t cap);

/* Store one property's statistics for run run_id (which must exist),
** replacing an earlier row for the same run and property.  labels (free
** text such as "nested=123 zero-stride=40") may be NULL. */
int db_run_property(db *d, int64_t run_id, const char *property, const char *kind, int64_t cases,
                    int64_t passed, int64_t discarded, int64_t failed, double seconds,
                    const char *labels, char *msg, size_t cap);

/* How db_write_cex stores a counterexample. */
typedef enum db_cex_how {
  /* A run found it: insert it, or, when (property, sut, input) is already
  ** stored, bump times_seen, last_seen and last_run, replace message (kept
  ** when message is NULL), and set status back to 'open' (clearing
  ** fixed_at) if it was 'fixed': a regression.  The other columns keep
  ** their first values (signature is set when it was not).  Reads
  ** property, kind, sut, input, original_input, choices, message, seed,
  ** signature, and for a new row triage ("known" or else open) and note,
  ** and last_run (the run that found it; 0 for none) of the db_cex; the
  ** run's cex_runs row is 'new' for a new row, else 'open' or 'known' by
  ** the row's triage.  property, kind and input must be
  ** given, sut NULL is stored as "", original_input, choices, message and
  ** seed may be NULL or "".  Committed in its own transaction, which makes
  ** concurrent writers of the same counterexample safe. */
  DB_CEX_FOUND,
  /* Store a row exactly as given, for copying between databases (every
  ** column of db_cex; an empty seed or fixed_at and a run 0 are stored as
  ** NULL, an empty status as 'open'): a new row when c->id <= 0, else row
  ** c->id overwritten (1 with msg when there is none).  Fails when
  ** (property, sut, input) would repeat another row's. */
  DB_CEX_COPY
} db_cex_how;

/* The one way to write the counterexamples table: store *c as how says.
** *id gets the row id, *is_new 1 for a new row and 0 otherwise (either may
** be NULL). */
int db_write_cex(db *d, db_cex_how how, const db_cex *c, int64_t *id, int *is_new, char *msg,
                 size_t cap);

/* Set the fixed-size names of *c (property, kind, seed; NULL is "") for
** db_write_cex, refusing (-1 with msg naming the field and its length)
** a name that does not fit rather than cutting it. */
int db_cex_names(const db *d, db_cex *c, const char *property, const char *kind, const char *seed,
                 char *msg, size_t cap);

/* Mark stored counterexample id as seen again in run run_id (still
** failing): bump times_seen, set last_seen = now and last_run (kept when
** run_id is 0: a replay outside a run), replace
** message and signature unless NULL, set status 'open' (clearing
** fixed_at), and record the sighting in cex_runs (outcome 'open', or
** 'known' when triaged known; a row already 'new' in that run stays so).
** Returns 1 (msg says so) when there is no counterexample id. */
int db_cex_seen(db *d, int64_t id, int64_t run_id, const char *message, const char *signature,
                char *msg, size_t cap);

/* db_cex_seen for times sightings at once (times >= 1): times_seen and
** the run's sightings grow by times. */
int db_cex_seen_times(db *d, int64_t id, int64_t run_id, int64_t times, const char *message,
                      const char *signature, char *msg, size_t cap);

/* Mark stored counterexample id as fixed (now passing) in run run_id (0:
** none): status 'fixed', fixed_at = now (kept when it was fixed already),
** cex_runs outcome 'fixed'.  Returns 1 (msg says so) when there is no
** counterexample id. */
int db_cex_fixed(db *d, int64_t id, int64_t run_id, char *msg, size_t cap);

/* Find the counterexample of property and sut (NULL is "") with that
** signature that is open or known (the lowest id): 0 with *id and
** triage[0..8) ("open" or "known"), 1 when there is none, -1 with msg. */
int db_find_signature(db *d, const char *property, const char *sut, const char *signature,
                      int64_t *id, char triage[8], char *msg, size_t cap);

/* Triage counterexample id: triage "known" or "open", and note (NULL:
** kept).  Returns 1 (msg says so) when there is no counterexample id, -1
** with msg on a bad triage or a database error. */
int db_cex_triage(db *d, int64_t id, const char *triage, const char *note, char *msg, size_t cap);

/* Call fn(c, ud) for each counterexample whose property matches glob
** (fnmatch(3); NULL = all), whose sut equals sut (NULL = any) and whose
** status is status (NULL = any, "open" or "fixed"), in order of id.  The
** matching ids are chosen before the first call, and each row is read just
** before its call, so fn may write to the database (db_cex_seen,
** db_cex_fixed, db_write_cex).  The db_cex passed to fn is valid only
** during the call.  fn returns nonzero to stop, and db_each_cex returns
** that value; it returns -1 with msg on a database error or a bad status
** (so fn should stop with a positive value), and 0 when every row was
** passed. */
int db_each_cex(db *d, const char *glob, const char *sut, const char *status,
                int (*fn)(const db_cex *c, void *ud), void *ud, char *msg, size_t cap);

/* Read counterexample id into *out (overwritten, not freed; release it with
** db_cex_clear, which is also safe after a failure).  Returns 1 (msg says
** so) when there is no counterexample id. */
int db_get_cex(db *d, int64_t id, db_cex *out, char *msg, size_t cap);

/* Free the strings owned by *c and zero it; c may be NULL. */
void db_cex_clear(db_cex *c);

/* Store one verdict of `layoutcheck lean check` in lean_checks.  run_at
** (shared by the rows of one check; NULL = now), file, expression and
** verdict must not be NULL; lean_value and oracle_value may be. */
int db_record_lean_check(db *d, const char *run_at, const char *file, int64_t line,
                         const char *expression, const char *lean_value, const char *oracle_value,
                         const char *verdict, char *msg, size_t cap);

/* --- Reading runs, and copying rows: for `report` and `merge`. --------- */

/* One row of runs.  The pointer fields are NULL when not stored; finished
** is "" while the run has not finished, interrupted "" unless it was.  The
** struct that db_each_run passes is valid only during the call. */
typedef struct db_run {
  int64_t id;
  char started[32], finished[32], seed[32], interrupted[64];
  char *config, *git_rev, *sut;
  int64_t cases, failures;
  char uid[48]; /* the run's stable identity ("" when none: db_put_run makes one) */
  db_tally tally;
} db_run;

/* One row of run_properties; labels is NULL when not stored.  Valid only
** during the call of db_each_run_property that passes it. */
typedef struct db_run_prop {
  int64_t run_id;
  char property[128], kind[16];
  int64_t cases, passed, discarded, failed;
  double seconds;
  char *labels;
} db_run_prop;

/* Call fn(r, ud) for each run in order of id.  fn must not write to d; it
** returns nonzero to stop, and db_each_run returns that value; -1 with msg
** on a database error; 0 when every row was passed. */
int db_each_run(db *d, int (*fn)(const db_run *r, void *ud), void *ud, char *msg, size_t cap);

/* Call fn(p, ud) for each property row of run run_id (every run when
** run_id <= 0), in order of run and then of storing.  Same contract as
** db_each_run. */
int db_each_run_property(db *d, int64_t run_id, int (*fn)(const db_run_prop *p, void *ud), void *ud,
                         char *msg, size_t cap);

/* Free the strings owned by *r and zero it; r may be NULL. */
void db_run_clear(db_run *r);

/* A write transaction around several writes: db_begin takes the write
** lock (BEGIN IMMEDIATE), db_commit commits (rolling back when that
** fails), db_rollback undoes everything since db_begin (harmless without
** one; keeps the message of the failure that led to it).  db_write_cex
** with DB_CEX_FOUND runs its own transaction: do not call it inside. */
int db_begin(db *d, char *msg, size_t cap);
int db_commit(db *d, char *msg, size_t cap);
void db_rollback(db *d);

/* Store a run row exactly as given (started, finished, seed, config,
** git_rev, sut, cases, failures, interrupted): a new row with a new id when r->id <= 0,
** else row r->id overwritten (1 with msg when there is none).  *id gets
** the row id (may be NULL).  started and seed must not be "". */
int db_put_run(db *d, const db_run *r, int64_t *id, char *msg, size_t cap);

/* Where a run of identity uid is in d: the run of that uid, or the row
** it was merged into (merged_runs).  0 with *id, 1 when d has none, -1
** with msg. */
int db_run_by_uid(db *d, const char *uid, int64_t *id, char *msg, size_t cap);

/* Record that the run of identity uid was merged into run_id. */
int db_note_merged(db *d, const char *uid, int64_t run_id, char *msg, size_t cap);

/* One row of cex_runs. */
typedef struct db_cex_run {
  int64_t cex_id, run_id, sightings;
  char outcome[8];
} db_cex_run;

/* Call fn(r, ud) for each cex_runs row of counterexample cex_id and run
** run_id (<= 0: any), in order of run and counterexample.  fn must not
** write to d.  Same contract as db_each_run. */
int db_each_cex_run(db *d, int64_t cex_id, int64_t run_id, int (*fn)(const db_cex_run *r, void *ud),
                    void *ud, char *msg, size_t cap);

/* Store a cex_runs row as given.  When (cex_id, run_id) is there already:
** with add, its sightings grow by r's (the shards of one run) and *added
** is 1; without, nothing changes and *added is 0.  added may be NULL. */
int db_put_cex_run(db *d, const db_cex_run *r, int add, int *added, char *msg, size_t cap);

/* Set *id to the id of the counterexample (property, sut, input) (sut NULL
** is ""): 0 when found, 1 when there is none, -1 with msg on error. */
int db_find_cex(db *d, const char *property, const char *sut, const char *input, int64_t *id,
                char *msg, size_t cap);

/* Store one run of the GPU stage in gpu_runs (run_at = now) and set
** *run_id (may be NULL).  device is NULL for a skipped run (no CUDA
** device). */
int db_record_gpu_run(db *d, const char *device, int64_t layouts, int64_t elements,
                      int64_t mismatches, double gbps, double seconds, int skipped, int64_t *run_id,
                      char *msg, size_t cap);

/* Store one mismatch of GPU run run_id in gpu_mismatches: the layout in
** protocol text, the check that failed (offset64, gather, ...), the index
** (a negative index is stored as NULL), the oracle's value and the
** device's.  layout and check_kind must not be NULL. */
int db_record_gpu_mismatch(db *d, int64_t run_id, const char *layout, const char *check_kind,
                           int64_t index, int64_t expected, int64_t got, char *msg, size_t cap);

#endif /* STORE_H */
