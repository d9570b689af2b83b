/*
** db.c -- the results database (see store.h), on SQLite: opening, the
** schema and its migrations, and the helpers the other store files share
** (db_int.h).  Runs are written in db_runs.c, counterexamples in db_cex.c.
**
** Every statement is prepared with bound parameters; no SQL text is built
** from data.  Opening checks the file before SQLite writes anything to it:
** the 16-byte SQLite header, PRAGMA integrity_check, and the schema version
** in table meta, so that a foreign, damaged or newer file is refused
** untouched.
** Migrations then run one transaction each, under BEGIN IMMEDIATE, which
** makes two processes opening one new file at once safe.
*/
#include "db_int.h"

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <sqlite3.h>

/* How long a writer waits for another process's lock, in milliseconds. */
#define DB_BUSY_TIMEOUT_MS    10000
#define DB_CHECKPOINT_WAIT_MS 2000 /* the wait for readers at the end of a run (db_checkpoint) */

/* The migrations: script i takes the schema from version i to i + 1.
** Append new versions here (never edit an old one) and raise
** DB_SCHEMA_VERSION in store.h. */
static const char *const migrations[] = {
    /* version 1 */
    "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT);"
    "CREATE TABLE runs("
    "  id INTEGER PRIMARY KEY,"
    "  started TEXT NOT NULL,"
    "  finished TEXT,"
    "  seed TEXT NOT NULL,"
    "  config TEXT,"
    "  git_rev TEXT,"
    "  sut TEXT,"
    "  cases INTEGER NOT NULL DEFAULT 0,"
    "  failures INTEGER NOT NULL DEFAULT 0);"
    "CREATE TABLE run_properties("
    "  run_id INTEGER NOT NULL REFERENCES runs(id),"
    "  property TEXT NOT NULL,"
    "  kind TEXT NOT NULL,"
    "  cases INTEGER,"
    "  passed INTEGER,"
    "  discarded INTEGER,"
    "  failed INTEGER,"
    "  seconds REAL,"
    "  labels TEXT,"
    "  PRIMARY KEY(run_id, property));"
    "CREATE TABLE counterexamples("
    "  id INTEGER PRIMARY KEY,"
    "  property TEXT NOT NULL,"
    "  kind TEXT NOT NULL,"
    "  sut TEXT NOT NULL DEFAULT '',"
    "  input TEXT NOT NULL,"
    "  original_input TEXT,"
    "  choices TEXT,"
    "  message TEXT,"
    "  seed TEXT,"
    "  first_seen TEXT NOT NULL,"
    "  last_seen TEXT NOT NULL,"
    "  times_seen INTEGER NOT NULL DEFAULT 1,"
    "  status TEXT NOT NULL DEFAULT 'open' CHECK(status IN ('open','fixed')),"
    "  fixed_at TEXT,"
    "  first_run INTEGER REFERENCES runs(id),"
    "  last_run INTEGER REFERENCES runs(id),"
    "  UNIQUE(property, sut, input));"
    "CREATE INDEX counterexamples_status_property ON counterexamples(status, property);",
    /* version 2 */
    "CREATE TABLE lean_checks("
    "  id INTEGER PRIMARY KEY,"
    "  run_at TEXT NOT NULL,"
    "  file TEXT NOT NULL,"
    "  line INTEGER NOT NULL,"
    "  expression TEXT NOT NULL,"
    "  lean_value TEXT,"
    "  oracle_value TEXT,"
    "  verdict TEXT NOT NULL);",
    /* version 3: the GPU stage (`layoutcheck gpu`) */
    "CREATE TABLE gpu_runs("
    "  id INTEGER PRIMARY KEY,"
    "  run_at TEXT NOT NULL,"
    "  device TEXT,"
    "  layouts INTEGER,"
    "  elements INTEGER,"
    "  mismatches INTEGER,"
    "  gbps REAL,"
    "  seconds REAL,"
    "  skipped INTEGER NOT NULL);"
    "CREATE TABLE gpu_mismatches("
    "  run_id INTEGER REFERENCES gpu_runs(id),"
    "  layout TEXT NOT NULL,"
    "  check_kind TEXT NOT NULL,"
    "  index_value INTEGER,"
    "  expected INTEGER,"
    "  got INTEGER);"
    "CREATE INDEX gpu_mismatches_run ON gpu_mismatches(run_id);",
    /* version 4: why a run ended early (SIGINT, SIGTERM, killed by a signal) */
    "ALTER TABLE runs ADD COLUMN interrupted TEXT;",
    /* version 5: distinct failures, triage, true counts, stable run
    ** identities, and the views people ask */
    "ALTER TABLE counterexamples ADD COLUMN signature TEXT;"
    "ALTER TABLE counterexamples ADD COLUMN triage TEXT NOT NULL DEFAULT 'open'"
    "  CHECK(triage IN ('open','known'));"
    "ALTER TABLE counterexamples ADD COLUMN note TEXT;"
    "CREATE INDEX counterexamples_signature ON counterexamples(property, sut, signature);"
    "ALTER TABLE runs ADD COLUMN uid TEXT;"
    "UPDATE runs SET uid = lower(hex(randomblob(16)));"
    "CREATE UNIQUE INDEX runs_uid ON runs(uid);"
    "ALTER TABLE runs ADD COLUMN theorem_failures INTEGER NOT NULL DEFAULT 0;"
    "ALTER TABLE runs ADD COLUMN refuted INTEGER NOT NULL DEFAULT 0;"
    "ALTER TABLE runs ADD COLUMN new_count INTEGER NOT NULL DEFAULT 0;"
    "ALTER TABLE runs ADD COLUMN open_count INTEGER NOT NULL DEFAULT 0;"
    "ALTER TABLE runs ADD COLUMN known_count INTEGER NOT NULL DEFAULT 0;"
    "ALTER TABLE runs ADD COLUMN fixed_count INTEGER NOT NULL DEFAULT 0;"
    "CREATE TABLE cex_runs("
    "  cex_id INTEGER NOT NULL REFERENCES counterexamples(id),"
    "  run_id INTEGER NOT NULL REFERENCES runs(id),"
    "  outcome TEXT NOT NULL CHECK(outcome IN ('new','open','known','fixed')),"
    "  sightings INTEGER NOT NULL DEFAULT 1,"
    "  PRIMARY KEY(cex_id, run_id));"
    "CREATE INDEX cex_runs_run ON cex_runs(run_id);"
    "CREATE TABLE merged_runs(uid TEXT PRIMARY KEY, run_id INTEGER REFERENCES runs(id));"
    "CREATE VIEW latest_run AS SELECT max(id) AS id FROM runs;"
    "CREATE VIEW new_tonight AS SELECT c.* FROM counterexamples c JOIN cex_runs r"
    "  ON r.cex_id = c.id WHERE r.run_id = (SELECT id FROM latest_run) AND r.outcome = 'new';"
    "CREATE VIEW still_open AS SELECT c.* FROM counterexamples c WHERE c.status = 'open'"
    "  AND c.triage = 'open' AND c.id NOT IN (SELECT cex_id FROM cex_runs WHERE run_id ="
    "  (SELECT id FROM latest_run) AND outcome = 'new');"
    "CREATE VIEW fixed_tonight AS SELECT c.* FROM counterexamples c JOIN cex_runs r"
    "  ON r.cex_id = c.id WHERE r.run_id = (SELECT id FROM latest_run) AND r.outcome = 'fixed';"
    "CREATE VIEW known AS SELECT c.* FROM counterexamples c WHERE c.triage = 'known';"
    "CREATE VIEW property_trend AS SELECT p.run_id, r.started, p.property, p.kind, p.cases,"
    "  p.failed, (SELECT count(*) FROM cex_runs x JOIN counterexamples c ON c.id = x.cex_id"
    "  WHERE x.run_id = p.run_id AND c.property = p.property AND x.outcome <> 'fixed')"
    "  AS distinct_failures FROM run_properties p JOIN runs r ON r.id = p.run_id"
    "  ORDER BY p.property, p.run_id;",
};

_Static_assert(sizeof migrations / sizeof migrations[0] == DB_SCHEMA_VERSION,
               "one migration per schema version");

/* Write a formatted message into msg[0..cap); nothing when msg is NULL or
** cap is 0. */
void db_set_msg(char *msg, size_t cap, const char *fmt, ...) {
  if (!msg || cap == 0) return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, cap, fmt, ap);
  va_end(ap);
}

/* Report a SQLite failure of the step `what` on d: "PATH: WHAT: ERRMSG".
** Returns -1. */
int db_fail_sql(const db *d, const char *what, char *msg, size_t cap) {
  db_set_msg(msg, cap, "%s: %s: %s", d->path, what, sqlite3_errmsg(d->h));
  return -1;
}

/* Prepare one SQL statement (a constant of this file) on d; -1 with msg on
** failure. */
int db_prepare(const db *d, const char *sql, sqlite3_stmt **st, const char *what, char *msg,
               size_t cap) {
  if (sqlite3_prepare_v2(d->h, sql, -1, st, NULL) != SQLITE_OK) {
    *st = NULL;
    return db_fail_sql(d, what, msg, cap);
  }
  return 0;
}

/* Bind s (which must outlive the statement's execution) or NULL. */
int db_bind_text(sqlite3_stmt *st, int i, const char *s) {
  return s ? sqlite3_bind_text(st, i, s, -1, SQLITE_STATIC) : sqlite3_bind_null(st, i);
}

/* Bind a run id, NULL for run_id <= 0 ("no run"). */
int db_bind_run(sqlite3_stmt *st, int i, int64_t run_id) {
  return run_id > 0 ? sqlite3_bind_int64(st, i, run_id) : sqlite3_bind_null(st, i);
}

/* Run one constant SQL text (possibly several statements, no results) on
** d; -1 with msg on failure. */
int db_exec_sql(const db *d, const char *sql, const char *what, char *msg, size_t cap) {
  if (sqlite3_exec(d->h, sql, NULL, NULL, NULL) != SQLITE_OK) return db_fail_sql(d, what, msg, cap);
  return 0;
}

/* Undo the open transaction of d, if any, keeping the message of the
** failure that led here (the rollback's own result is of no use). */
void db_rollback(db *d) {
  if (!sqlite3_get_autocommit(d->h)) sqlite3_exec(d->h, "ROLLBACK", NULL, NULL, NULL);
}

/* Check that a string fits a fixed field of db_cex (size bytes with the
** NUL); -1 with msg naming the field when it does not. */
int db_check_fits(const db *d, const char *what, const char *field, const char *s, size_t size,
                  char *msg, size_t cap) {
  if (s && strlen(s) >= size) {
    db_set_msg(msg, cap, "%s: %s: %s is %zu bytes long, the limit is %zu", d->path, what, field,
               strlen(s), size - 1);
    return -1;
  }
  return 0;
}

/* The directory part of path, in dir[0..size): "." when path has no '/'.
** Assumes size >= 2; a directory longer than size is cut (only used in
** messages and permission checks, where a cut path fails visibly). */
static void dir_of(const char *path, char *dir, size_t size) {
  const char *slash = strrchr(path, '/');
  assert(size >= 2);
  if (!slash) {
    snprintf(dir, size, ".");
  } else if (slash == path) {
    snprintf(dir, size, "/");
  } else {
    size_t n = (size_t)(slash - path);
    if (n >= size) n = size - 1;
    memcpy(dir, path, n);
    dir[n] = '\0';
  }
}

/* The size of the file path + suffix (such as "-wal"), or -1 when it does
** not exist (or memory runs out). */
static long long side_file_size(const char *path, const char *suffix) {
  size_t n = strlen(path), m = strlen(suffix);
  char *name = malloc(n + m + 1);
  if (!name) return -1;
  memcpy(name, path, n);
  memcpy(name + n, suffix, m + 1);
  struct stat sb;
  long long size = stat(name, &sb) == 0 ? (long long)sb.st_size : -1;
  free(name);
  return size;
}

/* Check the file at path before SQLite touches it: set *exists; fail for
** something that is not a regular file, a non-empty file that does not
** start with the SQLite header, a missing file when readonly, and, when
** writing, a file or directory that cannot be written.  Returns 0 or -1
** with msg. */
static int check_file(const char *path, int readonly, int *exists, char *msg, size_t cap) {
  static const char header[16] = "SQLite format 3"; /* with its NUL */
  char dir[4096];
  struct stat sb;
  dir_of(path, dir, sizeof dir);
  *exists = 0;
  if (stat(path, &sb) != 0) {
    if (errno != ENOENT) {
      db_set_msg(msg, cap, "%s: cannot open: %s", path, strerror(errno));
      return -1;
    }
    if (readonly) {
      db_set_msg(msg, cap, "%s: cannot open: no such file", path);
      return -1;
    }
    struct stat db_dir;
    if (stat(dir, &db_dir) != 0) {
      db_set_msg(msg, cap, "%s: cannot create the database: directory %s: %s", path, dir,
                 strerror(errno));
      return -1;
    }
    if (!S_ISDIR(db_dir.st_mode)) {
      db_set_msg(msg, cap, "%s: cannot create the database: %s is not a directory", path, dir);
      return -1;
    }
    if (access(dir, W_OK | X_OK) != 0) {
      db_set_msg(msg, cap, "%s: cannot create the database: directory %s: %s", path, dir,
                 strerror(errno));
      return -1;
    }
    return 0;
  }
  *exists = 1;
  if (!S_ISREG(sb.st_mode)) {
    db_set_msg(msg, cap, "%s: not a regular file", path);
    return -1;
  }
  if (sb.st_size == 0 && readonly) {
    db_set_msg(msg, cap, "%s: empty file, not a results database", path);
    return -1;
  }
  if (sb.st_size > 0) {
    int fd = open(path, O_RDONLY);
    if (fd < 0) {
      db_set_msg(msg, cap, "%s: cannot read: %s", path, strerror(errno));
      return -1;
    }
    char got[sizeof header];
    ssize_t n = read(fd, got, sizeof got);
    int read_errno = errno;
    close(fd);
    if (n < 0) {
      db_set_msg(msg, cap, "%s: cannot read: %s", path, strerror(read_errno));
      return -1;
    }
    if ((size_t)n < sizeof header || memcmp(got, header, sizeof header) != 0) {
      db_set_msg(msg, cap,
                 "%s: not a SQLite database (no SQLite header); the file was left as it is", path);
      return -1;
    }
  }
  if (!readonly) {
    if (access(path, R_OK | W_OK) != 0) {
      db_set_msg(msg, cap, "%s: cannot open for writing: %s", path, strerror(errno));
      return -1;
    }
    /* In WAL mode SQLite creates PATH-wal and PATH-shm next to the file. */
    if (access(dir, W_OK | X_OK) != 0) {
      int dir_errno = errno;
      if (side_file_size(path, "-wal") < 0 || side_file_size(path, "-shm") < 0) {
        db_set_msg(msg, cap,
                   "%s: cannot open for writing: directory %s, where SQLite keeps %s-wal: %s", path,
                   dir, path, strerror(dir_errno));
        return -1;
      }
    }
  }
  return 0;
}

/* Run PRAGMA integrity_check on d; -1 with msg when it does not answer
** "ok".  quick_check is not enough: it does not compare the indexes with
** their tables, so a damaged UNIQUE index on counterexamples would let a
** run store a duplicate.  (On 10,000 counterexamples the check takes about
** 15 ms.)  *sql_rc gets SQLite's extended result code when the check could
** not run at all, else SQLITE_OK. */
static int check_integrity(const db *d, int *sql_rc, char *msg, size_t cap) {
  sqlite3_stmt *st;
  *sql_rc = SQLITE_OK;
  if (db_prepare(d, "PRAGMA integrity_check(20)", &st, "cannot read the database", msg, cap) != 0) {
    *sql_rc = sqlite3_extended_errcode(d->h);
    return -1;
  }
  int rc = sqlite3_step(st);
  if (rc != SQLITE_ROW) {
    *sql_rc = sqlite3_extended_errcode(d->h);
    db_fail_sql(d, "cannot read the database", msg, cap);
    sqlite3_finalize(st);
    return -1;
  }
  const char *first = (const char *)sqlite3_column_text(st, 0);
  if (!first || strcmp(first, "ok") != 0) {
    /* The answer may run to many lines: show the start, on one line. */
    char shown[240];
    size_t n = 0;
    for (const char *p = first ? first : "no answer"; *p && n + 3 < sizeof shown; p++) {
      if (*p == '\n') {
        shown[n++] = ';';
        shown[n++] = ' ';
      } else {
        shown[n++] = *p;
      }
    }
    shown[n] = '\0';
    db_set_msg(msg, cap,
               "%s: the database is damaged (PRAGMA integrity_check: %s); the file was left as it "
               "is",
               d->path, shown);
    sqlite3_finalize(st);
    return -1;
  }
  sqlite3_finalize(st);
  return 0;
}

/* Step a statement that returns at most one integer; set *value (0 when no
** row) and *found.  -1 with msg on failure.  Finalizes st. */
int db_one_int(const db *d, sqlite3_stmt *st, int64_t *value, int *found, const char *what,
               char *msg, size_t cap) {
  int rc = sqlite3_step(st);
  *found = rc == SQLITE_ROW;
  *value = *found ? sqlite3_column_int64(st, 0) : 0;
  if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
    db_fail_sql(d, what, msg, cap);
    sqlite3_finalize(st);
    return -1;
  }
  sqlite3_finalize(st);
  return 0;
}

/* Read the schema version of d into *version: 0 for a database with no
** tables at all.  Fails (-1 with msg) for a database with tables but no
** meta table or no valid schema_version (another program's file). */
static int read_version(const db *d, int64_t *version, char *msg, size_t cap) {
  static const char what[] = "reading the schema version";
  sqlite3_stmt *st;
  int64_t n, has_meta;
  int found;
  *version = 0;
  if (db_prepare(d, "SELECT count(*) FROM sqlite_master", &st, what, msg, cap) != 0 ||
      db_one_int(d, st, &n, &found, what, msg, cap) != 0)
    return -1;
  if (db_prepare(d, "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'meta'",
                 &st, what, msg, cap) != 0 ||
      db_one_int(d, st, &has_meta, &found, what, msg, cap) != 0)
    return -1;
  if (!has_meta) {
    if (n == 0) return 0;
    db_set_msg(msg, cap,
               "%s: a SQLite database but not a layoutcheck results database (no table meta); "
               "the file was left as it is",
               d->path);
    return -1;
  }
  if (db_prepare(d, "SELECT value FROM meta WHERE key = 'schema_version'", &st, what, msg, cap) !=
      0)
    return -1;
  int rc = sqlite3_step(st);
  if (rc != SQLITE_ROW) {
    if (rc == SQLITE_DONE)
      db_set_msg(msg, cap, "%s: table meta has no schema_version; the file was left as it is",
                 d->path);
    else
      db_fail_sql(d, what, msg, cap);
    sqlite3_finalize(st);
    return -1;
  }
  const char *text = (const char *)sqlite3_column_text(st, 0);
  char *end = NULL;
  errno = 0;
  long long v = text ? strtoll(text, &end, 10) : 0;
  if (!text || end == text || *end != '\0' || errno != 0 || v < 1) {
    db_set_msg(msg, cap, "%s: bad schema_version '%s' in table meta; the file was left as it is",
               d->path, text ? text : "NULL");
    sqlite3_finalize(st);
    return -1;
  }
  sqlite3_finalize(st);
  *version = v;
  return 0;
}

/* Refuse a schema version newer than this program's; -1 with msg. */
static int check_not_newer(const db *d, int64_t version, char *msg, size_t cap) {
  if (version > DB_SCHEMA_VERSION) {
    db_set_msg(msg, cap,
               "%s: schema version %" PRId64 " is newer than this program knows (%d); use a newer "
               "layoutcheck (the file was left as it is)",
               d->path, version, DB_SCHEMA_VERSION);
    return -1;
  }
  return 0;
}

/* Bring d from schema version `from` up to DB_SCHEMA_VERSION, one
** transaction per version.  Each takes the write lock first (BEGIN
** IMMEDIATE) and reads the version again, so that a migration another
** process made meanwhile is not made twice.  -1 with msg on failure, the
** failed version's changes rolled back. */
static int migrate(db *d, int64_t from, char *msg, size_t cap) {
  for (int64_t v = from + 1; v <= DB_SCHEMA_VERSION; v++) {
    char what[64];
    snprintf(what, sizeof what, "migrating to schema version %" PRId64, v);
    if (db_exec_sql(d, "BEGIN IMMEDIATE", what, msg, cap) != 0) return -1;
    int64_t now;
    if (read_version(d, &now, msg, cap) != 0 || check_not_newer(d, now, msg, cap) != 0) {
      db_rollback(d);
      return -1;
    }
    if (now >= v) { /* done by another process */
      if (db_exec_sql(d, "COMMIT", what, msg, cap) != 0) {
        db_rollback(d);
        return -1;
      }
      continue;
    }
    sqlite3_stmt *st = NULL;
    if (db_exec_sql(d, migrations[v - 1], what, msg, cap) != 0 ||
        db_prepare(d, "INSERT OR REPLACE INTO meta(key, value) VALUES('schema_version', ?1)", &st,
                   what, msg, cap) != 0) {
      db_rollback(d);
      return -1;
    }
    char text[32];
    snprintf(text, sizeof text, "%" PRId64, v);
    sqlite3_bind_text(st, 1, text, -1, SQLITE_STATIC);
    int rc = sqlite3_step(st);
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE) {
      db_fail_sql(d, what, msg, cap);
      db_rollback(d);
      return -1;
    }
    if (db_exec_sql(d, "COMMIT", what, msg, cap) != 0) {
      db_rollback(d);
      return -1;
    }
  }
  return 0;
}

/* Set the connection's pragmas for writing.
**
** synchronous=NORMAL: in WAL mode a commit has written its frames to the
** -wal file with write(2) before sqlite3_step returns, so a committed
** counterexample survives SIGKILL or a crash of this process (the kernel
** holds the data); only power loss or an OS crash can lose the last
** commits, and never corrupts the file.  FULL would add an fsync per commit
** for that case, which a testing tool does not need. */
static int set_pragmas(db *d, char *msg, size_t cap) {
  /* Changing the journal mode does not wait for a busy lock: when another
  ** process opens the same new file at the same moment, retry (the second
  ** try finds WAL set already, which needs no lock). */
  for (int waited = 0;; waited += 10) {
    sqlite3_stmt *st;
    if (db_prepare(d, "PRAGMA journal_mode=WAL", &st, "setting WAL mode", msg, cap) != 0) return -1;
    int rc = sqlite3_step(st);
    sqlite3_finalize(st);
    if (rc == SQLITE_ROW || rc == SQLITE_DONE) break;
    if ((rc & 0xff) != SQLITE_BUSY || waited >= DB_BUSY_TIMEOUT_MS)
      return db_fail_sql(d, "setting WAL mode", msg, cap);
    sqlite3_sleep(10);
  }
  return db_exec_sql(d, "PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON", "setting pragmas", msg,
                     cap);
}

/* The URI that opens path as an immutable file: "file:PATH?immutable=1",
** the path percent-encoded; a new string, NULL when memory runs out. */
static char *immutable_uri(const char *path) {
  static const char hex[] = "0123456789ABCDEF";
  char *uri = malloc(5 + 3 * strlen(path) + sizeof "?immutable=1");
  if (!uri) return NULL;
  char *p = uri + sprintf(uri, "file:");
  for (const unsigned char *c = (const unsigned char *)path; *c; c++) {
    if ((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') ||
        strchr("/._~-", *c)) {
      *p++ = (char)*c;
    } else {
      *p++ = '%';
      *p++ = hex[*c >> 4];
      *p++ = hex[*c & 15];
    }
  }
  strcpy(p, "?immutable=1");
  return uri;
}

/* Open SQLite's handle d->h on d->path with flags (or on uri when not
** NULL) and set the busy timeout; -1 with msg on failure. */
static int open_handle(db *d, const char *uri, int flags, char *msg, size_t cap) {
  if (sqlite3_open_v2(uri ? uri : d->path, &d->h, flags, NULL) != SQLITE_OK) {
    if (d->h)
      db_fail_sql(d, "cannot open", msg, cap);
    else
      db_set_msg(msg, cap, "%s: cannot open: out of memory", d->path);
    return -1;
  }
  sqlite3_busy_timeout(d->h, DB_BUSY_TIMEOUT_MS);
  return 0;
}

/* Open d read-only as an immutable file (no -shm needed or made) and run
** check_integrity; -1 with msg on failure. */
static int connect_immutable(db *d, char *msg, size_t cap) {
  int sql_rc;
  char *uri = immutable_uri(d->path);
  if (!uri) {
    db_set_msg(msg, cap, "%s: cannot open: out of memory", d->path);
    return -1;
  }
  int rc = open_handle(d, uri, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, msg, cap);
  free(uri);
  if (rc != 0 || check_integrity(d, &sql_rc, msg, cap) != 0) return -1;
  return 0;
}

/* Open d read-only and run check_integrity.  A read-only handle on a
** WAL-mode file makes PATH-wal and PATH-shm beside it and cannot remove
** them when it closes, so a file with no -wal (no writer has it open, and
** every commit is in the file itself) is opened as immutable, which makes
** nothing: reading leaves the directory as it was (`merge` of shard files,
** `report`).  The same serves a file in a directory this process cannot
** write, where SQLite cannot create its -shm, when the -wal is empty.  (A
** writer that starts while an immutable handle is open is not seen and may
** disturb it.)  -1 with msg on failure. */
static int connect_readonly(db *d, char *msg, size_t cap) {
  int sql_rc;
  long long wal = side_file_size(d->path, "-wal");
  if (wal < 0 && side_file_size(d->path, "-journal") < 0) return connect_immutable(d, msg, cap);
  if (open_handle(d, NULL, SQLITE_OPEN_READONLY, msg, cap) != 0) return -1;
  if (check_integrity(d, &sql_rc, msg, cap) == 0) return 0;
  int primary = sql_rc & 0xff;
  if ((primary != SQLITE_READONLY && primary != SQLITE_CANTOPEN) ||
      side_file_size(d->path, "-wal") > 0)
    return -1;
  sqlite3_close_v2(d->h);
  d->h = NULL;
  return connect_immutable(d, msg, cap);
}

/* Open path for reading and writing or for reading only; see store.h. */
static int open_db(const char *path, int readonly, db **out, char *msg, size_t cap) {
  assert(out);
  *out = NULL;
  if (!path || !*path) {
    db_set_msg(msg, cap, "no database path given");
    return -1;
  }
  int exists;
  if (check_file(path, readonly, &exists, msg, cap) != 0) return -1;

  db *d = calloc(1, sizeof *d);
  if (d) d->path = malloc(strlen(path) + 1);
  if (!d || !d->path) {
    free(d);
    db_set_msg(msg, cap, "%s: out of memory", path);
    return -1;
  }
  strcpy(d->path, path);
  d->readonly = readonly;

  int sql_rc;
  if (readonly) {
    if (connect_readonly(d, msg, cap) != 0) {
      db_close(d);
      return -1;
    }
  } else {
    if (open_handle(d, NULL, SQLITE_OPEN_READWRITE | (exists ? 0 : SQLITE_OPEN_CREATE), msg, cap) !=
        0) {
      db_close(d);
      return -1;
    }
    if (sqlite3_db_readonly(d->h, "main") == 1) {
      db_set_msg(msg, cap, "%s: cannot open for writing: the file is read-only", path);
      db_close(d);
      return -1;
    }
    if (check_integrity(d, &sql_rc, msg, cap) != 0) {
      db_close(d);
      return -1;
    }
  }

  int64_t version;
  if (read_version(d, &version, msg, cap) != 0 || check_not_newer(d, version, msg, cap) != 0) {
    db_close(d);
    return -1;
  }
  if (readonly) {
    if (version < DB_SCHEMA_VERSION) {
      if (version == 0)
        db_set_msg(msg, cap, "%s: an empty database, not a results database", path);
      else
        db_set_msg(msg, cap,
                   "%s: schema version %" PRId64 " is older than this program's (%d); open it once "
                   "for writing to migrate it",
                   path, version, DB_SCHEMA_VERSION);
      db_close(d);
      return -1;
    }
    if (db_exec_sql(d, "PRAGMA foreign_keys=ON", "setting pragmas", msg, cap) != 0) {
      db_close(d);
      return -1;
    }
  } else if (set_pragmas(d, msg, cap) != 0 || migrate(d, version, msg, cap) != 0) {
    db_close(d);
    return -1;
  }
  *out = d;
  return 0;
}

/* Open for reading and writing, creating or migrating; see store.h. */
int db_open(const char *path, db **out, char *msg, size_t cap) {
  return open_db(path, 0, out, msg, cap);
}

/* Open an existing current database for reading only; see store.h. */
int db_open_readonly(const char *path, db **out, char *msg, size_t cap) {
  return open_db(path, 1, out, msg, cap);
}

/* Close SQLite's handle (which finishes any checkpoint) and free d. */
void db_close(db *d) {
  if (!d) return;
  sqlite3_close_v2(d->h);
  free(d->path);
  free(d);
}

/* Checkpoint and truncate the write-ahead log; see store.h. */
int db_checkpoint(db *d, int *left, char *msg, size_t cap) {
  int log = 0, done = 0;
  *left = 0;
  sqlite3_busy_timeout(d->h, DB_CHECKPOINT_WAIT_MS);
  int rc = sqlite3_wal_checkpoint_v2(d->h, NULL, SQLITE_CHECKPOINT_TRUNCATE, &log, &done);
  sqlite3_busy_timeout(d->h, DB_BUSY_TIMEOUT_MS);
  if (rc == SQLITE_BUSY) { /* a reader held its snapshot: what could be copied was */
    *left = log > done ? log - done : 0;
    return 0;
  }
  if (rc != SQLITE_OK) return db_fail_sql(d, "checkpointing the write-ahead log", msg, cap);
  return 0;
}

/* Fail with msg when d was opened read-only; `what` names the attempt. */
int db_check_writable(const db *d, const char *what, char *msg, size_t cap) {
  if (d->readonly) {
    db_set_msg(msg, cap, "%s: %s: the database was opened read-only", d->path, what);
    return -1;
  }
  return 0;
}

/* Step a write statement to completion and finalize it; -1 with msg on
** failure. */
int db_step_done(const db *d, sqlite3_stmt *st, const char *what, char *msg, size_t cap) {
  int rc = sqlite3_step(st);
  if (rc != SQLITE_DONE) {
    db_fail_sql(d, what, msg, cap);
    sqlite3_finalize(st);
    return -1;
  }
  sqlite3_finalize(st);
  return 0;
}

/* Copy column col of st into buf[0..size): "" for NULL.  -1 when it does
** not fit. */
int db_column_fixed(sqlite3_stmt *st, int col, char *buf, size_t size) {
  const unsigned char *text = sqlite3_column_text(st, col);
  size_t n = (size_t)sqlite3_column_bytes(st, col);
  assert(buf && size >= 1);
  buf[0] = '\0';
  if (!text) return 0;
  if (n >= size) return -1;
  memcpy(buf, text, n);
  buf[n] = '\0';
  return 0;
}

/* Copy column col of st into a new string in *out: NULL for a NULL column
** unless not_null, when it is "".  -1 when memory runs out. */
int db_column_dup(sqlite3_stmt *st, int col, int not_null, char **out) {
  const unsigned char *text = sqlite3_column_text(st, col);
  size_t n = (size_t)sqlite3_column_bytes(st, col);
  *out = NULL;
  if (!text && !not_null) return 0;
  *out = malloc(n + 1);
  if (!*out) return -1;
  if (text) memcpy(*out, text, n);
  (*out)[n] = '\0';
  return 0;
}
