/*
** db.c -- the results database (see store.h), on SQLite.
**
** Every statement is prepared with bound parameters; no SQL text is built
** from data.  Opening checks the file before SQLite writes anything to it:
** the 16-byte SQLite header, PRAGMA integrity_check, and the schema version
** in table meta, so that a foreign, damaged or newer file is refused
** untouched.
** Migrations then run one transaction each, under BEGIN IMMEDIATE, which
** makes two processes opening one new file at once safe.
*/
#include "store.h"

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
#define DB_BUSY_TIMEOUT_MS 10000

/* The current time as stored: UTC ISO-8601 with a Z. */
#define DB_NOW "strftime('%Y-%m-%dT%H:%M:%SZ','now')"

struct db {
  sqlite3 *h;
  char *path; /* as given to db_open, for messages */
  int readonly;
};

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
};

_Static_assert(sizeof migrations / sizeof migrations[0] == DB_SCHEMA_VERSION,
               "one migration per schema version");

/* Write a formatted message into msg[0..cap); nothing when msg is NULL or
** cap is 0. */
static void set_msg(char *msg, size_t cap, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void set_msg(char *msg, size_t cap, const char *fmt, ...) {
  if (!msg || cap == 0) return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, cap, fmt, ap);
  va_end(ap);
}

/* Report a SQLite failure of the step `what` on d: "PATH: WHAT: ERRMSG".
** Returns -1. */
static int fail_sql(const db *d, const char *what, char *msg, size_t cap) {
  set_msg(msg, cap, "%s: %s: %s", d->path, what, sqlite3_errmsg(d->h));
  return -1;
}

/* Prepare one SQL statement (a constant of this file) on d; -1 with msg on
** failure. */
static int prepare(const db *d, const char *sql, sqlite3_stmt **st, const char *what, char *msg,
                   size_t cap) {
  if (sqlite3_prepare_v2(d->h, sql, -1, st, NULL) != SQLITE_OK) {
    *st = NULL;
    return fail_sql(d, what, msg, cap);
  }
  return 0;
}

/* Bind s (which must outlive the statement's execution) or NULL. */
static int bind_text(sqlite3_stmt *st, int i, const char *s) {
  return s ? sqlite3_bind_text(st, i, s, -1, SQLITE_STATIC) : sqlite3_bind_null(st, i);
}

/* Bind a run id, NULL for run_id <= 0 ("no run"). */
static int bind_run(sqlite3_stmt *st, int i, int64_t run_id) {
  return run_id > 0 ? sqlite3_bind_int64(st, i, run_id) : sqlite3_bind_null(st, i);
}

/* Run one constant SQL text (possibly several statements, no results) on
** d; -1 with msg on failure. */
static int exec_sql(const db *d, const char *sql, const char *what, char *msg, size_t cap) {
  if (sqlite3_exec(d->h, sql, NULL, NULL, NULL) != SQLITE_OK) return fail_sql(d, what, msg, cap);
  return 0;
}

/* Undo the open transaction of d, if any, keeping the message of the
** failure that led here (the rollback's own result is of no use). */
static void rollback(const db *d) {
  if (!sqlite3_get_autocommit(d->h)) sqlite3_exec(d->h, "ROLLBACK", NULL, NULL, NULL);
}

/* Check that a string fits a fixed field of db_cex (size bytes with the
** NUL); -1 with msg naming the field when it does not. */
static int check_fits(const db *d, const char *what, const char *field, const char *s, size_t size,
                      char *msg, size_t cap) {
  if (s && strlen(s) >= size) {
    set_msg(msg, cap, "%s: %s: %s is %zu bytes long, the limit is %zu", d->path, what, field,
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
      set_msg(msg, cap, "%s: cannot open: %s", path, strerror(errno));
      return -1;
    }
    if (readonly) {
      set_msg(msg, cap, "%s: cannot open: no such file", path);
      return -1;
    }
    struct stat db_dir;
    if (stat(dir, &db_dir) != 0) {
      set_msg(msg, cap, "%s: cannot create the database: directory %s: %s", path, dir,
              strerror(errno));
      return -1;
    }
    if (!S_ISDIR(db_dir.st_mode)) {
      set_msg(msg, cap, "%s: cannot create the database: %s is not a directory", path, dir);
      return -1;
    }
    if (access(dir, W_OK | X_OK) != 0) {
      set_msg(msg, cap, "%s: cannot create the database: directory %s: %s", path, dir,
              strerror(errno));
      return -1;
    }
    return 0;
  }
  *exists = 1;
  if (!S_ISREG(sb.st_mode)) {
    set_msg(msg, cap, "%s: not a regular file", path);
    return -1;
  }
  if (sb.st_size == 0 && readonly) {
    set_msg(msg, cap, "%s: empty file, not a results database", path);
    return -1;
  }
  if (sb.st_size > 0) {
    int fd = open(path, O_RDONLY);
    if (fd < 0) {
      set_msg(msg, cap, "%s: cannot read: %s", path, strerror(errno));
      return -1;
    }
    char got[sizeof header];
    ssize_t n = read(fd, got, sizeof got);
    int read_errno = errno;
    close(fd);
    if (n < 0) {
      set_msg(msg, cap, "%s: cannot read: %s", path, strerror(read_errno));
      return -1;
    }
    if ((size_t)n < sizeof header || memcmp(got, header, sizeof header) != 0) {
      set_msg(msg, cap, "%s: not a SQLite database (no SQLite header); the file was left as it is",
              path);
      return -1;
    }
  }
  if (!readonly) {
    if (access(path, R_OK | W_OK) != 0) {
      set_msg(msg, cap, "%s: cannot open for writing: %s", path, strerror(errno));
      return -1;
    }
    /* In WAL mode SQLite creates PATH-wal and PATH-shm next to the file. */
    if (access(dir, W_OK | X_OK) != 0) {
      int dir_errno = errno;
      if (side_file_size(path, "-wal") < 0 || side_file_size(path, "-shm") < 0) {
        set_msg(msg, cap,
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
  if (prepare(d, "PRAGMA integrity_check(20)", &st, "cannot read the database", msg, cap) != 0) {
    *sql_rc = sqlite3_extended_errcode(d->h);
    return -1;
  }
  int rc = sqlite3_step(st);
  if (rc != SQLITE_ROW) {
    *sql_rc = sqlite3_extended_errcode(d->h);
    fail_sql(d, "cannot read the database", msg, cap);
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
    set_msg(msg, cap,
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
static int one_int(const db *d, sqlite3_stmt *st, int64_t *value, int *found, const char *what,
                   char *msg, size_t cap) {
  int rc = sqlite3_step(st);
  *found = rc == SQLITE_ROW;
  *value = *found ? sqlite3_column_int64(st, 0) : 0;
  if (rc != SQLITE_ROW && rc != SQLITE_DONE) {
    fail_sql(d, what, msg, cap);
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
  if (prepare(d, "SELECT count(*) FROM sqlite_master", &st, what, msg, cap) != 0 ||
      one_int(d, st, &n, &found, what, msg, cap) != 0)
    return -1;
  if (prepare(d, "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'meta'", &st,
              what, msg, cap) != 0 ||
      one_int(d, st, &has_meta, &found, what, msg, cap) != 0)
    return -1;
  if (!has_meta) {
    if (n == 0) return 0;
    set_msg(msg, cap,
            "%s: a SQLite database but not a layoutcheck results database (no table meta); "
            "the file was left as it is",
            d->path);
    return -1;
  }
  if (prepare(d, "SELECT value FROM meta WHERE key = 'schema_version'", &st, what, msg, cap) != 0)
    return -1;
  int rc = sqlite3_step(st);
  if (rc != SQLITE_ROW) {
    if (rc == SQLITE_DONE)
      set_msg(msg, cap, "%s: table meta has no schema_version; the file was left as it is",
              d->path);
    else
      fail_sql(d, what, msg, cap);
    sqlite3_finalize(st);
    return -1;
  }
  const char *text = (const char *)sqlite3_column_text(st, 0);
  char *end = NULL;
  errno = 0;
  long long v = text ? strtoll(text, &end, 10) : 0;
  if (!text || end == text || *end != '\0' || errno != 0 || v < 1) {
    set_msg(msg, cap, "%s: bad schema_version '%s' in table meta; the file was left as it is",
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
    set_msg(msg, cap,
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
    if (exec_sql(d, "BEGIN IMMEDIATE", what, msg, cap) != 0) return -1;
    int64_t now;
    if (read_version(d, &now, msg, cap) != 0 || check_not_newer(d, now, msg, cap) != 0) {
      rollback(d);
      return -1;
    }
    if (now >= v) { /* done by another process */
      if (exec_sql(d, "COMMIT", what, msg, cap) != 0) {
        rollback(d);
        return -1;
      }
      continue;
    }
    sqlite3_stmt *st = NULL;
    if (exec_sql(d, migrations[v - 1], what, msg, cap) != 0 ||
        prepare(d, "INSERT OR REPLACE INTO meta(key, value) VALUES('schema_version', ?1)", &st,
                what, msg, cap) != 0) {
      rollback(d);
      return -1;
    }
    char text[32];
    snprintf(text, sizeof text, "%" PRId64, v);
    sqlite3_bind_text(st, 1, text, -1, SQLITE_STATIC);
    int rc = sqlite3_step(st);
    sqlite3_finalize(st);
    if (rc != SQLITE_DONE) {
      fail_sql(d, what, msg, cap);
      rollback(d);
      return -1;
    }
    if (exec_sql(d, "COMMIT", what, msg, cap) != 0) {
      rollback(d);
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
    if (prepare(d, "PRAGMA journal_mode=WAL", &st, "setting WAL mode", msg, cap) != 0) return -1;
    int rc = sqlite3_step(st);
    sqlite3_finalize(st);
    if (rc == SQLITE_ROW || rc == SQLITE_DONE) break;
    if ((rc & 0xff) != SQLITE_BUSY || waited >= DB_BUSY_TIMEOUT_MS)
      return fail_sql(d, "setting WAL mode", msg, cap);
    sqlite3_sleep(10);
  }
  return exec_sql(d, "PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON", "setting pragmas", msg,
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
      fail_sql(d, "cannot open", msg, cap);
    else
      set_msg(msg, cap, "%s: cannot open: out of memory", d->path);
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
    set_msg(msg, cap, "%s: cannot open: out of memory", d->path);
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
  *out = NULL;
  if (!path || !*path) {
    set_msg(msg, cap, "no database path given");
    return -1;
  }
  int exists;
  if (check_file(path, readonly, &exists, msg, cap) != 0) return -1;

  db *d = calloc(1, sizeof *d);
  if (d) d->path = malloc(strlen(path) + 1);
  if (!d || !d->path) {
    free(d);
    set_msg(msg, cap, "%s: out of memory", path);
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
      set_msg(msg, cap, "%s: cannot open for writing: the file is read-only", path);
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
        set_msg(msg, cap, "%s: an empty database, not a results database", path);
      else
        set_msg(msg, cap,
                "%s: schema version %" PRId64 " is older than this program's (%d); open it once "
                "for writing to migrate it",
                path, version, DB_SCHEMA_VERSION);
      db_close(d);
      return -1;
    }
    if (exec_sql(d, "PRAGMA foreign_keys=ON", "setting pragmas", msg, cap) != 0) {
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

/* Fail with msg when d was opened read-only; `what` names the attempt. */
static int check_writable(const db *d, const char *what, char *msg, size_t cap) {
  if (d->readonly) {
    set_msg(msg, cap, "%s: %s: the database was opened read-only", d->path, what);
    return -1;
  }
  return 0;
}

/* Step a write statement to completion and finalize it; -1 with msg on
** failure. */
static int step_done(const db *d, sqlite3_stmt *st, const char *what, char *msg, size_t cap) {
  int rc = sqlite3_step(st);
  if (rc != SQLITE_DONE) {
    fail_sql(d, what, msg, cap);
    sqlite3_finalize(st);
    return -1;
  }
  sqlite3_finalize(st);
  return 0;
}

/* Insert a run row with started = now; see store.h. */
int db_run_begin(db *d, const char *seed, const char *config, const char *git_rev, const char *sut,
                 int64_t *run_id, char *msg, size_t cap) {
  static const char what[] = "starting a run";
  sqlite3_stmt *st;
  if (check_writable(d, what, msg, cap) != 0) return -1;
  if (!seed) {
    set_msg(msg, cap, "%s: %s: no seed given", d->path, what);
    return -1;
  }
  if (prepare(d,
              "INSERT INTO runs(started, seed, config, git_rev, sut) VALUES(" DB_NOW
              ", ?1, ?2, ?3, ?4)",
              &st, what, msg, cap) != 0)
    return -1;
  bind_text(st, 1, seed);
  bind_text(st, 2, config);
  bind_text(st, 3, git_rev);
  bind_text(st, 4, sut);
  if (step_done(d, st, what, msg, cap) != 0) return -1;
  if (run_id) *run_id = sqlite3_last_insert_rowid(d->h);
  return 0;
}

/* Mark a run interrupted; see store.h. */
int db_run_interrupted(db *d, int64_t run_id, const char *reason, char *msg, size_t cap) {
  static const char what[] = "marking a run interrupted";
  sqlite3_stmt *st;
  if (check_writable(d, what, msg, cap) != 0 ||
      prepare(d,
              "UPDATE runs SET interrupted = ?2, finished = coalesce(finished, " DB_NOW
              ") WHERE id = ?1",
              &st, what, msg, cap) != 0)
    return -1;
  sqlite3_bind_int64(st, 1, run_id);
  bind_text(st, 2, reason);
  if (step_done(d, st, what, msg, cap) != 0) return -1;
  if (sqlite3_changes(d->h) == 0) {
    set_msg(msg, cap, "%s: %s: no run %" PRId64, d->path, what, run_id);
    return 1;
  }
  return 0;
}

/* Set a run's finish time and counts; see store.h. */
int db_run_end(db *d, int64_t run_id, int64_t cases, int64_t failures, char *msg, size_t cap) {
  static const char what[] = "finishing a run";
  sqlite3_stmt *st;
  if (check_writable(d, what, msg, cap) != 0 ||
      prepare(d, "UPDATE runs SET finished = " DB_NOW ", cases = ?2, failures = ?3 WHERE id = ?1",
              &st, what, msg, cap) != 0)
    return -1;
  sqlite3_bind_int64(st, 1, run_id);
  sqlite3_bind_int64(st, 2, cases);
  sqlite3_bind_int64(st, 3, failures);
  if (step_done(d, st, what, msg, cap) != 0) return -1;
  if (sqlite3_changes(d->h) == 0) {
    set_msg(msg, cap, "%s: %s: no run %" PRId64, d->path, what, run_id);
    return 1;
  }
  return 0;
}

/* Insert or replace one property's statistics of a run; see store.h. */
int db_run_property(db *d, int64_t run_id, const char *property, const char *kind, int64_t cases,
                    int64_t passed, int64_t discarded, int64_t failed, double seconds,
                    const char *labels, char *msg, size_t cap) {
  static const char what[] = "storing property statistics";
  sqlite3_stmt *st;
  if (check_writable(d, what, msg, cap) != 0) return -1;
  if (!property || !kind) {
    set_msg(msg, cap, "%s: %s: no %s given", d->path, what, property ? "kind" : "property");
    return -1;
  }
  if (prepare(d,
              "INSERT OR REPLACE INTO run_properties(run_id, property, kind, cases, passed, "
              "discarded, failed, seconds, labels) VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
              &st, what, msg, cap) != 0)
    return -1;
  sqlite3_bind_int64(st, 1, run_id);
  bind_text(st, 2, property);
  bind_text(st, 3, kind);
  sqlite3_bind_int64(st, 4, cases);
  sqlite3_bind_int64(st, 5, passed);
  sqlite3_bind_int64(st, 6, discarded);
  sqlite3_bind_int64(st, 7, failed);
  sqlite3_bind_double(st, 8, seconds);
  bind_text(st, 9, labels);
  return step_done(d, st, what, msg, cap);
}

/* Inside an open transaction: find (property, sut, input) and bump it, or
** insert a new row.  -1 with msg on failure (the caller rolls back). */
static int record_in_txn(db *d, const db_cex *c, const char *sut, int64_t *id, int *is_new,
                         const char *what, char *msg, size_t cap) {
  sqlite3_stmt *st;
  int64_t found_id;
  int found;
  if (prepare(d, "SELECT id FROM counterexamples WHERE property = ?1 AND sut = ?2 AND input = ?3",
              &st, what, msg, cap) != 0)
    return -1;
  bind_text(st, 1, c->property);
  bind_text(st, 2, sut);
  bind_text(st, 3, c->input);
  if (one_int(d, st, &found_id, &found, what, msg, cap) != 0) return -1;
  if (found) {
    if (prepare(d,
                "UPDATE counterexamples SET times_seen = times_seen + 1, last_seen = " DB_NOW
                ", last_run = ?2, message = coalesce(?3, message), status = 'open', fixed_at = "
                "NULL WHERE id = ?1",
                &st, what, msg, cap) != 0)
      return -1;
    sqlite3_bind_int64(st, 1, found_id);
    bind_run(st, 2, c->last_run);
    bind_text(st, 3, c->message);
    if (step_done(d, st, what, msg, cap) != 0) return -1;
    *id = found_id;
    *is_new = 0;
    return 0;
  }
  if (prepare(d,
              "INSERT INTO counterexamples(property, kind, sut, input, original_input, choices, "
              "message, seed, first_seen, last_seen, first_run, last_run) VALUES(?1, ?2, ?3, "
              "?4, ?5, ?6, ?7, ?8, " DB_NOW ", " DB_NOW ", ?9, ?9)",
              &st, what, msg, cap) != 0)
    return -1;
  bind_text(st, 1, c->property);
  bind_text(st, 2, c->kind);
  bind_text(st, 3, sut);
  bind_text(st, 4, c->input);
  bind_text(st, 5, c->original_input);
  bind_text(st, 6, c->choices);
  bind_text(st, 7, c->message);
  bind_text(st, 8, c->seed[0] ? c->seed : NULL);
  bind_run(st, 9, c->last_run);
  if (step_done(d, st, what, msg, cap) != 0) return -1;
  *id = sqlite3_last_insert_rowid(d->h);
  *is_new = 1;
  return 0;
}

/* Fill the fixed-size names of a counterexample; see store.h. */
int db_cex_names(const db *d, db_cex *c, const char *property, const char *kind, const char *seed,
                 char *msg, size_t cap) {
  static const char what[] = "recording a counterexample";
  if (check_fits(d, what, "the property name", property, sizeof c->property, msg, cap) != 0 ||
      check_fits(d, what, "the kind", kind, sizeof c->kind, msg, cap) != 0 ||
      check_fits(d, what, "the seed", seed, sizeof c->seed, msg, cap) != 0)
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
  if (check_writable(d, what, msg, cap) != 0) return -1;
  if (!c->property[0] || !c->kind[0] || !c->input) {
    set_msg(msg, cap, "%s: %s: no %s given", d->path, what,
            !c->property[0] ? "property"
            : !c->kind[0]   ? "kind"
                            : "input");
    return -1;
  }
  /* BEGIN IMMEDIATE takes the write lock before the lookup, so two
  ** processes recording the same counterexample cannot both insert it. */
  if (exec_sql(d, "BEGIN IMMEDIATE", what, msg, cap) != 0) return -1;
  if (record_in_txn(d, c, c->sut ? c->sut : "", &row_id, &row_new, what, msg, cap) != 0 ||
      exec_sql(d, "COMMIT", what, msg, cap) != 0) {
    rollback(d);
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
  if (step_done(d, st, what, msg, cap) != 0) return -1;
  if (sqlite3_changes(d->h) == 0) {
    set_msg(msg, cap, "%s: %s: no counterexample %" PRId64, d->path, what, id);
    return 1;
  }
  return 0;
}

/* Mark a counterexample as still failing; see store.h. */
int db_cex_seen(db *d, int64_t id, int64_t run_id, const char *message, char *msg, size_t cap) {
  static const char what[] = "marking a counterexample as seen";
  sqlite3_stmt *st;
  if (check_writable(d, what, msg, cap) != 0 ||
      prepare(d,
              "UPDATE counterexamples SET times_seen = times_seen + 1, last_seen = " DB_NOW
              ", last_run = ?2, message = coalesce(?3, message), status = 'open', fixed_at = NULL "
              "WHERE id = ?1",
              &st, what, msg, cap) != 0)
    return -1;
  sqlite3_bind_int64(st, 1, id);
  bind_run(st, 2, run_id);
  bind_text(st, 3, message);
  return update_cex(d, st, id, what, msg, cap);
}

/* Mark a counterexample as fixed; see store.h. */
int db_cex_fixed(db *d, int64_t id, char *msg, size_t cap) {
  static const char what[] = "marking a counterexample as fixed";
  sqlite3_stmt *st;
  if (check_writable(d, what, msg, cap) != 0 ||
      prepare(d,
              "UPDATE counterexamples SET fixed_at = CASE WHEN status = 'fixed' AND fixed_at IS "
              "NOT NULL THEN fixed_at ELSE " DB_NOW " END, status = 'fixed' WHERE id = ?1",
              &st, what, msg, cap) != 0)
    return -1;
  sqlite3_bind_int64(st, 1, id);
  return update_cex(d, st, id, what, msg, cap);
}

/* Free the owned strings of *c and zero it. */
void db_cex_clear(db_cex *c) {
  if (!c) return;
  free(c->sut);
  free(c->input);
  free(c->original_input);
  free(c->choices);
  free(c->message);
  memset(c, 0, sizeof *c);
}

/* Copy column col of st into buf[0..size): "" for NULL.  -1 when it does
** not fit. */
static int column_fixed(sqlite3_stmt *st, int col, char *buf, size_t size) {
  const unsigned char *text = sqlite3_column_text(st, col);
  size_t n = (size_t)sqlite3_column_bytes(st, col);
  buf[0] = '\0';
  if (!text) return 0;
  if (n >= size) return -1;
  memcpy(buf, text, n);
  buf[n] = '\0';
  return 0;
}

/* Copy column col of st into a new string in *out: NULL for a NULL column
** unless not_null, when it is "".  -1 when memory runs out. */
static int column_dup(sqlite3_stmt *st, int col, int not_null, char **out) {
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

/* Read counterexample id; see store.h. */
int db_get_cex(db *d, int64_t id, db_cex *out, char *msg, size_t cap) {
  static const char what[] = "reading a counterexample";
  sqlite3_stmt *st;
  memset(out, 0, sizeof *out);
  if (prepare(d,
              "SELECT id, property, kind, sut, input, original_input, choices, message, seed, "
              "first_seen, last_seen, times_seen, status, fixed_at, first_run, last_run FROM "
              "counterexamples WHERE id = ?1",
              &st, what, msg, cap) != 0)
    return -1;
  sqlite3_bind_int64(st, 1, id);
  int rc = sqlite3_step(st);
  if (rc == SQLITE_DONE) {
    sqlite3_finalize(st);
    set_msg(msg, cap, "%s: no counterexample %" PRId64, d->path, id);
    return 1;
  }
  if (rc != SQLITE_ROW) {
    fail_sql(d, what, msg, cap);
    sqlite3_finalize(st);
    return -1;
  }
  out->id = sqlite3_column_int64(st, 0);
  out->times_seen = sqlite3_column_int64(st, 11);
  out->first_run = sqlite3_column_int64(st, 14);
  out->last_run = sqlite3_column_int64(st, 15);
  const char *too_long = NULL;
  if (column_fixed(st, 1, out->property, sizeof out->property) != 0)
    too_long = "property";
  else if (column_fixed(st, 2, out->kind, sizeof out->kind) != 0)
    too_long = "kind";
  else if (column_fixed(st, 8, out->seed, sizeof out->seed) != 0)
    too_long = "seed";
  else if (column_fixed(st, 9, out->first_seen, sizeof out->first_seen) != 0)
    too_long = "first_seen";
  else if (column_fixed(st, 10, out->last_seen, sizeof out->last_seen) != 0)
    too_long = "last_seen";
  else if (column_fixed(st, 12, out->status, sizeof out->status) != 0)
    too_long = "status";
  else if (column_fixed(st, 13, out->fixed_at, sizeof out->fixed_at) != 0)
    too_long = "fixed_at";
  if (too_long) {
    set_msg(msg, cap, "%s: counterexample %" PRId64 ": the stored %s is too long", d->path, id,
            too_long);
    sqlite3_finalize(st);
    db_cex_clear(out);
    return -1;
  }
  if (column_dup(st, 3, 1, &out->sut) != 0 || column_dup(st, 4, 1, &out->input) != 0 ||
      column_dup(st, 5, 0, &out->original_input) != 0 || column_dup(st, 6, 0, &out->choices) != 0 ||
      column_dup(st, 7, 0, &out->message) != 0) {
    set_msg(msg, cap, "%s: counterexample %" PRId64 ": out of memory", d->path, id);
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
  if (prepare(d,
              "SELECT id, property FROM counterexamples WHERE (?1 IS NULL OR sut = ?1) AND "
              "(?2 IS NULL OR status = ?2) ORDER BY id",
              &st, what, msg, cap) != 0)
    return -1;
  bind_text(st, 1, sut);
  bind_text(st, 2, status);
  int rc;
  while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
    const char *property = (const char *)sqlite3_column_text(st, 1);
    if (glob && (!property || fnmatch(glob, property, 0) != 0)) continue;
    if (id_list_push(ids, sqlite3_column_int64(st, 0)) != 0) {
      set_msg(msg, cap, "%s: %s: out of memory", d->path, what);
      sqlite3_finalize(st);
      return -1;
    }
  }
  if (rc != SQLITE_DONE) {
    fail_sql(d, what, msg, cap);
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
    set_msg(msg, cap, "%s: listing counterexamples: unknown status '%s' (open or fixed)", d->path,
            status);
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

/* --- reading runs, and copying rows (report, merge) ------------------- */

/* Begin a write transaction; see store.h. */
int db_begin(db *d, char *msg, size_t cap) {
  if (check_writable(d, "starting a transaction", msg, cap) != 0) return -1;
  return exec_sql(d, "BEGIN IMMEDIATE", "starting a transaction", msg, cap);
}

/* Commit the open transaction; see store.h. */
int db_commit(db *d, char *msg, size_t cap) {
  if (exec_sql(d, "COMMIT", "committing", msg, cap) != 0) {
    rollback(d);
    return -1;
  }
  return 0;
}

/* Undo the open transaction, if any; see store.h. */
void db_rollback(db *d) { rollback(d); }

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
  if (column_fixed(st, 1, r->started, sizeof r->started) != 0 ||
      column_fixed(st, 2, r->finished, sizeof r->finished) != 0 ||
      column_fixed(st, 3, r->seed, sizeof r->seed) != 0 ||
      column_fixed(st, 9, r->interrupted, sizeof r->interrupted) != 0) {
    set_msg(msg, cap, "%s: run %" PRId64 ": a stored time, seed or reason is too long", d->path,
            r->id);
    return -1;
  }
  if (column_dup(st, 4, 0, &r->config) != 0 || column_dup(st, 5, 0, &r->git_rev) != 0 ||
      column_dup(st, 6, 0, &r->sut) != 0) {
    set_msg(msg, cap, "%s: run %" PRId64 ": out of memory", d->path, r->id);
    db_run_clear(r);
    return -1;
  }
  return 0;
}

/* Call fn for each run in order of id; see store.h. */
int db_each_run(db *d, int (*fn)(const db_run *r, void *ud), void *ud, char *msg, size_t cap) {
  static const char what[] = "listing runs";
  sqlite3_stmt *st;
  if (prepare(d,
              "SELECT id, started, finished, seed, config, git_rev, sut, cases, failures, "
              "interrupted FROM runs ORDER BY id",
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
  if (result == 0 && rc != SQLITE_DONE) result = fail_sql(d, what, msg, cap);
  sqlite3_finalize(st);
  return result;
}

/* Call fn for each property row of one run, or of every run; see store.h. */
int db_each_run_property(db *d, int64_t run_id, int (*fn)(const db_run_prop *p, void *ud), void *ud,
                         char *msg, size_t cap) {
  static const char what[] = "listing property statistics";
  sqlite3_stmt *st;
  if (prepare(d,
              "SELECT run_id, property, kind, cases, passed, discarded, failed, seconds, labels "
              "FROM run_properties WHERE ?1 IS NULL OR run_id = ?1 ORDER BY run_id, rowid",
              &st, what, msg, cap) != 0)
    return -1;
  bind_run(st, 1, run_id);
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
    if (column_fixed(st, 1, p.property, sizeof p.property) != 0 ||
        column_fixed(st, 2, p.kind, sizeof p.kind) != 0) {
      set_msg(msg, cap, "%s: run %" PRId64 ": a stored property name or kind is too long", d->path,
              p.run_id);
      result = -1;
      break;
    }
    if (column_dup(st, 8, 0, &p.labels) != 0) {
      set_msg(msg, cap, "%s: %s: out of memory", d->path, what);
      result = -1;
      break;
    }
    result = fn(&p, ud);
    free(p.labels);
  }
  if (result == 0 && rc != SQLITE_DONE) result = fail_sql(d, what, msg, cap);
  sqlite3_finalize(st);
  return result;
}

/* Insert a run row as given, or overwrite run r->id; see store.h. */
int db_put_run(db *d, const db_run *r, int64_t *id, char *msg, size_t cap) {
  static const char what[] = "storing a run";
  sqlite3_stmt *st;
  if (check_writable(d, what, msg, cap) != 0) return -1;
  if (!r->started[0] || !r->seed[0]) {
    set_msg(msg, cap, "%s: %s: no %s given", d->path, what, r->seed[0] ? "start time" : "seed");
    return -1;
  }
  if (prepare(d,
              r->id > 0 ? "UPDATE runs SET started = ?2, finished = ?3, seed = ?4, config = ?5, "
                          "git_rev = ?6, sut = ?7, cases = ?8, failures = ?9, interrupted = ?10 "
                          "WHERE id = ?1"
                        : "INSERT INTO runs(started, finished, seed, config, git_rev, sut, cases, "
                          "failures, interrupted) VALUES(?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
              &st, what, msg, cap) != 0)
    return -1;
  if (r->id > 0) sqlite3_bind_int64(st, 1, r->id);
  bind_text(st, 2, r->started);
  bind_text(st, 3, r->finished[0] ? r->finished : NULL);
  bind_text(st, 4, r->seed);
  bind_text(st, 5, r->config);
  bind_text(st, 6, r->git_rev);
  bind_text(st, 7, r->sut);
  sqlite3_bind_int64(st, 8, r->cases);
  sqlite3_bind_int64(st, 9, r->failures);
  bind_text(st, 10, r->interrupted[0] ? r->interrupted : NULL);
  if (step_done(d, st, what, msg, cap) != 0) return -1;
  if (r->id > 0 && sqlite3_changes(d->h) == 0) {
    set_msg(msg, cap, "%s: %s: no run %" PRId64, d->path, what, r->id);
    return 1;
  }
  if (id) *id = r->id > 0 ? r->id : sqlite3_last_insert_rowid(d->h);
  return 0;
}

/* Find the counterexample (property, sut, input); see store.h. */
int db_find_cex(db *d, const char *property, const char *sut, const char *input, int64_t *id,
                char *msg, size_t cap) {
  static const char what[] = "looking up a counterexample";
  sqlite3_stmt *st;
  int found;
  if (prepare(d, "SELECT id FROM counterexamples WHERE property = ?1 AND sut = ?2 AND input = ?3",
              &st, what, msg, cap) != 0)
    return -1;
  bind_text(st, 1, property);
  bind_text(st, 2, sut ? sut : "");
  bind_text(st, 3, input);
  if (one_int(d, st, id, &found, what, msg, cap) != 0) return -1;
  return found ? 0 : 1;
}

/* Insert a counterexample row as given, or overwrite row c->id (the
** DB_CEX_COPY of db_write_cex). */
static int copy_row(db *d, const db_cex *c, int64_t *id, char *msg, size_t cap) {
  static const char what[] = "storing a counterexample";
  sqlite3_stmt *st;
  if (check_writable(d, what, msg, cap) != 0) return -1;
  if (!c->input || !c->property[0] || !c->kind[0] || !c->first_seen[0] || !c->last_seen[0]) {
    set_msg(msg, cap, "%s: %s: the input, property, kind and times must be given", d->path, what);
    return -1;
  }
  if (prepare(d,
              c->id > 0
                  ? "UPDATE counterexamples SET property = ?2, kind = ?3, sut = ?4, input = ?5, "
                    "original_input = ?6, choices = ?7, message = ?8, seed = ?9, first_seen = "
                    "?10, last_seen = ?11, times_seen = ?12, status = ?13, fixed_at = ?14, "
                    "first_run = ?15, last_run = ?16 WHERE id = ?1"
                  : "INSERT INTO counterexamples(property, kind, sut, input, original_input, "
                    "choices, message, seed, first_seen, last_seen, times_seen, status, fixed_at, "
                    "first_run, last_run) VALUES(?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, "
                    "?13, ?14, ?15, ?16)",
              &st, what, msg, cap) != 0)
    return -1;
  if (c->id > 0) sqlite3_bind_int64(st, 1, c->id);
  bind_text(st, 2, c->property);
  bind_text(st, 3, c->kind);
  bind_text(st, 4, c->sut ? c->sut : "");
  bind_text(st, 5, c->input);
  bind_text(st, 6, c->original_input);
  bind_text(st, 7, c->choices);
  bind_text(st, 8, c->message);
  bind_text(st, 9, c->seed[0] ? c->seed : NULL);
  bind_text(st, 10, c->first_seen);
  bind_text(st, 11, c->last_seen);
  sqlite3_bind_int64(st, 12, c->times_seen);
  bind_text(st, 13, c->status[0] ? c->status : "open");
  bind_text(st, 14, c->fixed_at[0] ? c->fixed_at : NULL);
  bind_run(st, 15, c->first_run);
  bind_run(st, 16, c->last_run);
  if (step_done(d, st, what, msg, cap) != 0) return -1;
  if (c->id > 0 && sqlite3_changes(d->h) == 0) {
    set_msg(msg, cap, "%s: %s: no counterexample %" PRId64, d->path, what, c->id);
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

/* Insert one GPU run; see store.h. */
int db_record_gpu_run(db *d, const char *device, int64_t layouts, int64_t elements,
                      int64_t mismatches, double gbps, double seconds, int skipped, int64_t *run_id,
                      char *msg, size_t cap) {
  static const char what[] = "recording a GPU run";
  sqlite3_stmt *st;
  if (check_writable(d, what, msg, cap) != 0 ||
      prepare(d,
              "INSERT INTO gpu_runs(run_at, device, layouts, elements, mismatches, gbps, seconds, "
              "skipped) VALUES(" DB_NOW ", ?1, ?2, ?3, ?4, ?5, ?6, ?7)",
              &st, what, msg, cap) != 0)
    return -1;
  bind_text(st, 1, device);
  sqlite3_bind_int64(st, 2, layouts);
  sqlite3_bind_int64(st, 3, elements);
  sqlite3_bind_int64(st, 4, mismatches);
  sqlite3_bind_double(st, 5, gbps);
  sqlite3_bind_double(st, 6, seconds);
  sqlite3_bind_int(st, 7, skipped ? 1 : 0);
  if (step_done(d, st, what, msg, cap) != 0) return -1;
  if (run_id) *run_id = sqlite3_last_insert_rowid(d->h);
  return 0;
}

/* Insert one GPU mismatch; see store.h. */
int db_record_gpu_mismatch(db *d, int64_t run_id, const char *layout, const char *check_kind,
                           int64_t index, int64_t expected, int64_t got, char *msg, size_t cap) {
  static const char what[] = "recording a GPU mismatch";
  sqlite3_stmt *st;
  if (check_writable(d, what, msg, cap) != 0) return -1;
  if (!layout || !check_kind) {
    set_msg(msg, cap, "%s: %s: no %s given", d->path, what, layout ? "check kind" : "layout");
    return -1;
  }
  if (prepare(d,
              "INSERT INTO gpu_mismatches(run_id, layout, check_kind, index_value, expected, got) "
              "VALUES(?1, ?2, ?3, ?4, ?5, ?6)",
              &st, what, msg, cap) != 0)
    return -1;
  bind_run(st, 1, run_id);
  bind_text(st, 2, layout);
  bind_text(st, 3, check_kind);
  if (index >= 0)
    sqlite3_bind_int64(st, 4, index);
  else
    sqlite3_bind_null(st, 4);
  sqlite3_bind_int64(st, 5, expected);
  sqlite3_bind_int64(st, 6, got);
  return step_done(d, st, what, msg, cap);
}

/* Insert one row into lean_checks; see store.h. */
int db_record_lean_check(db *d, const char *run_at, const char *file, int64_t line,
                         const char *expression, const char *lean_value, const char *oracle_value,
                         const char *verdict, char *msg, size_t cap) {
  static const char what[] = "recording a Lean check";
  sqlite3_stmt *st;
  if (check_writable(d, what, msg, cap) != 0) return -1;
  if (!file || !expression || !verdict) {
    set_msg(msg, cap, "%s: %s: no %s given", d->path, what,
            !file         ? "file"
            : !expression ? "expression"
                          : "verdict");
    return -1;
  }
  if (prepare(d,
              "INSERT INTO lean_checks(run_at, file, line, expression, lean_value, oracle_value, "
              "verdict) VALUES(coalesce(?1, " DB_NOW "), ?2, ?3, ?4, ?5, ?6, ?7)",
              &st, what, msg, cap) != 0)
    return -1;
  bind_text(st, 1, run_at);
  bind_text(st, 2, file);
  sqlite3_bind_int64(st, 3, line);
  bind_text(st, 4, expression);
  bind_text(st, 5, lean_value);
  bind_text(st, 6, oracle_value);
  bind_text(st, 7, verdict);
  return step_done(d, st, what, msg, cap);
}
