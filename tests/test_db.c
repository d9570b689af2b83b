/* test_db.c -- unit tests of the results database (store/db.c). */
#include "store.h"
#include "t.h"

/* The schema version as the meta table stores it. */
#define DB_STR(x)       #x
#define DB_XSTR(x)      DB_STR(x)
#define DB_VERSION_TEXT DB_XSTR(DB_SCHEMA_VERSION)

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <sqlite3.h>

static char tmp_dir[64]; /* made by mkdtemp in main */

/* The path of a file named name in tmp_dir; a static buffer, one of four
** in turn so that a few can be alive at once. */
static const char *tmp_path(const char *name) {
  static char buf[4][256];
  static int next;
  char *p = buf[next++ % 4];
  snprintf(p, sizeof buf[0], "%s/%s", tmp_dir, name);
  return p;
}

/* Remove the database file path and its -wal, -shm and -journal files. */
static void remove_db(const char *path) {
  static const char *const suffix[] = {"", "-wal", "-shm", "-journal"};
  for (size_t i = 0; i < sizeof suffix / sizeof suffix[0]; i++) {
    char name[512];
    snprintf(name, sizeof name, "%s%s", path, suffix[i]);
    unlink(name);
  }
}

/* Remove dir and everything in it, one level of subdirectories deep. */
static void remove_tree(const char *dir) {
  DIR *dp = opendir(dir);
  if (dp) {
    struct dirent *e;
    while ((e = readdir(dp)) != NULL) {
      if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0) continue;
      char name[512];
      snprintf(name, sizeof name, "%s/%s", dir, e->d_name);
      struct stat sb;
      if (lstat(name, &sb) == 0 && S_ISDIR(sb.st_mode)) {
        chmod(name, 0700);
        remove_tree(name);
      } else {
        unlink(name);
      }
    }
    closedir(dp);
  }
  rmdir(dir);
}

/* Read the whole file at path into a new buffer (*len bytes); NULL when it
** cannot be read. */
static char *read_all(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  size_t cap = 4096, n = 0;
  char *buf = malloc(cap);
  size_t got;
  while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
    n += got;
    if (n == cap) {
      char *grown = realloc(buf, cap *= 2);
      if (!grown) free(buf);
      buf = grown;
    }
  }
  fclose(f);
  *len = n;
  return buf;
}

/* Write len bytes to the file at path, replacing it; 0 on success. */
static int write_all(const char *path, const char *data, size_t len) {
  FILE *f = fopen(path, "wb");
  if (!f) return -1;
  size_t put = fwrite(data, 1, len, f);
  return (fclose(f) == 0 && put == len) ? 0 : -1;
}

/* Nonzero when the file at path holds exactly the bytes data[0..len). */
static int file_is(const char *path, const char *data, size_t len) {
  size_t n;
  char *now = read_all(path, &n);
  int same = now && n == len && memcmp(now, data, len) == 0;
  free(now);
  return same;
}

/* Nonzero when the file path exists. */
static int exists(const char *path) {
  struct stat sb;
  return stat(path, &sb) == 0;
}

/* Run sql on the database at path with a separate plain SQLite connection
** and return the first column of its first row as an integer (-1 on any
** error, -2 when there is no row). */
static long long sql_int(const char *path, const char *sql) {
  sqlite3 *h = NULL;
  sqlite3_stmt *st = NULL;
  long long v = -1;
  if (sqlite3_open_v2(path, &h, SQLITE_OPEN_READWRITE, NULL) == SQLITE_OK &&
      sqlite3_prepare_v2(h, sql, -1, &st, NULL) == SQLITE_OK) {
    int rc = sqlite3_step(st);
    v = rc == SQLITE_ROW ? sqlite3_column_int64(st, 0) : rc == SQLITE_DONE ? -2 : -1;
  }
  sqlite3_finalize(st);
  sqlite3_close(h);
  return v;
}

/* Like sql_int, returning the text of the first column in a static buffer
** ("(error)" or "(null)" when there is none). */
static const char *sql_text(const char *path, const char *sql) {
  static char out[256];
  sqlite3 *h = NULL;
  sqlite3_stmt *st = NULL;
  snprintf(out, sizeof out, "(error)");
  if (sqlite3_open_v2(path, &h, SQLITE_OPEN_READWRITE, NULL) == SQLITE_OK &&
      sqlite3_prepare_v2(h, sql, -1, &st, NULL) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW) {
    const char *t = (const char *)sqlite3_column_text(st, 0);
    snprintf(out, sizeof out, "%s", t ? t : "(null)");
  }
  sqlite3_finalize(st);
  sqlite3_close(h);
  return out;
}

/* Run sql (no result) on the database at path; 0 on success. */
static int sql_exec(const char *path, const char *sql) {
  sqlite3 *h = NULL;
  int rc = sqlite3_open_v2(path, &h, SQLITE_OPEN_READWRITE, NULL);
  if (rc == SQLITE_OK) rc = sqlite3_exec(h, sql, NULL, NULL, NULL);
  sqlite3_close(h);
  return rc == SQLITE_OK ? 0 : -1;
}

/* Nonzero when msg contains part. */
static int has(const char *msg, const char *part) { return strstr(msg, part) != NULL; }

/* Record a counterexample as a run finds one (db_cex_names, then
** db_write_cex with DB_CEX_FOUND): 0, or the first nonzero result. */
static int found(db *d, int64_t run, const char *property, const char *kind, const char *sut,
                 const char *input, const char *original, const char *choices, const char *message,
                 const char *seed, int64_t *id, int *is_new, char *msg, size_t cap) {
  db_cex c = {.sut = (char *)sut, /* borrowed: db_write_cex only reads them */
              .input = (char *)input,
              .original_input = (char *)original,
              .choices = (char *)choices,
              .message = (char *)message,
              .last_run = run};
  int rc = db_cex_names(d, &c, property, kind, seed, msg, cap);
  return rc ? rc : db_write_cex(d, DB_CEX_FOUND, &c, id, is_new, msg, cap);
}

/* Record a counterexample with the usual test values; returns found's result. */
static int record(db *d, int64_t run, const char *property, const char *sut, const char *input,
                  int64_t *id, int *is_new, char *msg, size_t cap) {
  return found(d, run, property, "law", sut, input, NULL, "3 1 4", "it failed", "0x2a", id, is_new,
               msg, cap);
}

/* A db_each_cex callback collecting "id:property" pairs, space separated,
** into the char[512] at ud. */
static int collect(const db_cex *c, void *ud) {
  char *out = ud;
  size_t n = strlen(out);
  snprintf(out + n, 512 - n, "%s%lld:%s", n ? " " : "", (long long)c->id, c->property);
  return 0;
}

/* A db_each_cex callback that stops at once, returning 7. */
static int stop_at_first(const db_cex *c, void *ud) {
  (void)c;
  ++*(int *)ud;
  return 7;
}

/* A db_each_cex callback that marks every counterexample it sees fixed
** (a write while iterating); ud is the db. */
static int fix_each(const db_cex *c, void *ud) {
  char msg[256];
  return db_cex_fixed(ud, c->id, 0, msg, sizeof msg) == 0 ? 0 : 1;
}

/* List the counterexamples that match into a static string of "id:property". */
static const char *list(db *d, const char *glob, const char *sut, const char *status) {
  static char out[512];
  char msg[256];
  out[0] = '\0';
  if (db_each_cex(d, glob, sut, status, collect, out, msg, sizeof msg) != 0)
    snprintf(out, sizeof out, "!%s", msg);
  return out;
}

/* Create a database, check its schema, runs and property statistics. */
static void test_create_and_runs(void) {
  const char *path = tmp_path("create.db");
  char msg[512] = "";
  db *d = NULL;
  T_EQ_INT(db_open(path, &d, msg, sizeof msg), 0);
  T_CHECK(d != NULL);
  if (!d) {
    printf("    %s\n", msg);
    return;
  }
  T_EQ_STR(sql_text(path, "SELECT value FROM meta WHERE key = 'schema_version'"), DB_VERSION_TEXT);
  T_EQ_STR(sql_text(path, "PRAGMA journal_mode"), "wal");
  T_EQ_INT(sql_int(path, "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN "
                         "('meta', 'runs', 'run_properties', 'counterexamples')"),
           4);
  T_EQ_INT(sql_int(path, "SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name = "
                         "'counterexamples_status_property'"),
           1);

  int64_t run = 0, run2 = 0;
  T_EQ_INT(db_run_begin(d, "12345", "properties: all", "abc123", "oracle", &run, msg, sizeof msg),
           0);
  T_CHECK(run > 0);
  T_EQ_INT(db_run_begin(d, "6", NULL, NULL, NULL, &run2, msg, sizeof msg), 0);
  T_CHECK(run2 > run);
  T_EQ_STR(sql_text(path, "SELECT seed || '|' || config || '|' || git_rev || '|' || sut || '|' || "
                          "(finished IS NULL) FROM runs ORDER BY id LIMIT 1"),
           "12345|properties: all|abc123|oracle|1");
  T_EQ_INT(sql_int(path, "SELECT length(started) FROM runs ORDER BY id LIMIT 1"), 20);
  T_EQ_INT(sql_int(path, "SELECT started GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T"
                         "[0-9][0-9]:[0-9][0-9]:[0-9][0-9]Z' FROM runs ORDER BY id LIMIT 1"),
           1);
  /* no counterexample met: no failures, whatever the cases */
  T_EQ_INT(db_run_end(d, run, 1000, NULL, msg, sizeof msg), 0);
  T_EQ_STR(sql_text(path, "SELECT cases || '|' || failures || '|' || (finished IS NOT NULL) FROM "
                          "runs ORDER BY id LIMIT 1"),
           "1000|0|1");
  T_EQ_INT(db_run_end(d, 9999, 1, NULL, msg, sizeof msg), 1);
  T_CHECK(has(msg, "no run 9999") && has(msg, path));
  T_EQ_INT(db_run_begin(d, NULL, NULL, NULL, NULL, &run2, msg, sizeof msg), -1);
  T_CHECK(has(msg, "no seed"));

  T_EQ_INT(db_run_property(d, run, "coalesce_idempotent", "law", 100, 90, 10, 0, 0.5,
                           "nested=12 zero-stride=4", msg, sizeof msg),
           0);
  T_EQ_INT(db_run_property(d, run, "coalesce_idempotent", "law", 200, 180, 20, 0, 1.25, NULL, msg,
                           sizeof msg),
           0);
  T_EQ_STR(sql_text(path, "SELECT count(*) || '|' || cases || '|' || passed || '|' || discarded "
                          "|| '|' || failed || '|' || seconds || '|' || (labels IS NULL) FROM "
                          "run_properties"),
           "1|200|180|20|0|1.25|1");
  T_EQ_INT(db_run_property(d, run, "p2", "diff", 1, 1, 0, 0, 0.0, "x=1", msg, sizeof msg), 0);
  T_EQ_INT(db_run_property(d, 424242, "p", "law", 1, 1, 0, 0, 0.0, NULL, msg, sizeof msg), -1);
  T_CHECK(has(msg, "FOREIGN KEY") && has(msg, path));
  db_close(d);
  db_close(NULL);

  /* reopening finds the data and does not migrate again */
  T_EQ_INT(db_open(path, &d, msg, sizeof msg), 0);
  db_close(d);
  T_EQ_INT(sql_int(path, "SELECT count(*) FROM runs"), 2);
  T_EQ_INT(sql_int(path, "SELECT count(*) FROM run_properties"), 2);
  remove_db(path);
}

/* Counterexamples: insert, bump, filters, fixed and regressions, reads. */
static void test_counterexamples(void) {
  const char *path = tmp_path("cex.db");
  char msg[512] = "";
  db *d = NULL;
  if (db_open(path, &d, msg, sizeof msg) != 0) {
    T_CHECK(!"db_open");
    printf("    %s\n", msg);
    return;
  }
  int64_t run1 = 0, run2 = 0, id = 0, id2 = 0, id3 = 0, id4 = 0;
  int is_new = -1;
  db_run_begin(d, "1", NULL, NULL, "oracle", &run1, msg, sizeof msg);
  db_run_begin(d, "2", NULL, NULL, "oracle", &run2, msg, sizeof msg);

  T_EQ_INT(found(d, run1, "composition_assoc", "law", "oracle", "(2,3):(1,2) 4:1",
                 "(8,8,8):(1,8,64) 64:1", "1 2 3", "first message", "0x2a", &id, &is_new, msg,
                 sizeof msg),
           0);
  T_EQ_INT(is_new, 1);
  T_CHECK(id > 0);
  T_EQ_INT(found(d, run2, "composition_assoc", "law", "oracle", "(2,3):(1,2) 4:1", NULL, NULL,
                 "second message", NULL, &id2, &is_new, msg, sizeof msg),
           0);
  T_EQ_INT(is_new, 0);
  T_EQ_INT(id2, id);
  T_EQ_INT(sql_int(path, "SELECT count(*) FROM counterexamples"), 1);

  db_cex c;
  T_EQ_INT(db_get_cex(d, id, &c, msg, sizeof msg), 0);
  T_EQ_INT(c.id, id);
  T_EQ_STR(c.property, "composition_assoc");
  T_EQ_STR(c.kind, "law");
  T_EQ_STR(c.sut, "oracle");
  T_EQ_STR(c.input, "(2,3):(1,2) 4:1");
  T_EQ_STR(c.original_input, "(8,8,8):(1,8,64) 64:1");
  T_EQ_STR(c.choices, "1 2 3");
  T_EQ_STR(c.message, "second message");
  T_EQ_STR(c.seed, "0x2a");
  T_EQ_STR(c.status, "open");
  T_EQ_STR(c.fixed_at, "");
  T_EQ_INT(c.times_seen, 2);
  T_EQ_INT(c.first_run, run1);
  T_EQ_INT(c.last_run, run2);
  T_EQ_INT(strlen(c.first_seen), 20);
  T_CHECK(strcmp(c.first_seen, c.last_seen) <= 0);
  db_cex_clear(&c);
  T_CHECK(c.input == NULL && c.sut == NULL && c.id == 0);
  db_cex_clear(&c); /* twice is fine */
  db_cex_clear(NULL);

  /* the same input under another property or sut is another counterexample;
  ** NULL sut is "", NULL message keeps the stored one, run 0 is no run */
  T_EQ_INT(record(d, run1, "complement_size", "oracle", "(2,3):(1,2) 4:1", &id2, &is_new, msg,
                  sizeof msg),
           0);
  T_EQ_INT(is_new, 1);
  T_EQ_INT(found(d, 0, "composition_assoc", "law", NULL, "(2,3):(1,2) 4:1", NULL, NULL, NULL, NULL,
                 &id3, &is_new, msg, sizeof msg),
           0);
  T_EQ_INT(is_new, 1);
  T_EQ_INT(db_get_cex(d, id3, &c, msg, sizeof msg), 0);
  T_EQ_STR(c.sut, "");
  T_CHECK(c.message == NULL && c.choices == NULL && c.original_input == NULL);
  T_EQ_STR(c.seed, "");
  T_EQ_INT(c.first_run, 0);
  db_cex_clear(&c);
  T_EQ_INT(
      record(d, run1, "logical_divide_def", "pycute", "8:1 2:1", &id4, &is_new, msg, sizeof msg),
      0);
  T_EQ_INT(sql_int(path, "SELECT count(*) FROM counterexamples"), 4);

  /* filters of db_each_cex */
  char want[512];
  snprintf(want, sizeof want,
           "%lld:composition_assoc %lld:complement_size %lld:composition_assoc "
           "%lld:logical_divide_def",
           (long long)id, (long long)id2, (long long)id3, (long long)id4);
  T_EQ_STR(list(d, NULL, NULL, NULL), want);
  snprintf(want, sizeof want, "%lld:composition_assoc %lld:complement_size %lld:composition_assoc",
           (long long)id, (long long)id2, (long long)id3);
  T_EQ_STR(list(d, "comp*", NULL, NULL), want);
  snprintf(want, sizeof want, "%lld:composition_assoc %lld:complement_size", (long long)id,
           (long long)id2);
  T_EQ_STR(list(d, "comp*", "oracle", NULL), want);
  snprintf(want, sizeof want, "%lld:logical_divide_def", (long long)id4);
  T_EQ_STR(list(d, "*divide*", NULL, "open"), want);
  T_EQ_STR(list(d, "[cl]o?ic*", "pycute", NULL), want);
  T_EQ_STR(list(d, "nothing*", NULL, NULL), "");
  T_EQ_STR(list(d, NULL, NULL, "fixed"), "");
  T_CHECK(has(list(d, NULL, NULL, "closed"), "unknown status 'closed'"));
  int calls = 0;
  T_EQ_INT(db_each_cex(d, NULL, NULL, NULL, stop_at_first, &calls, msg, sizeof msg), 7);
  T_EQ_INT(calls, 1);

  /* fixed, then seen again: a regression, open again */
  T_EQ_INT(db_cex_fixed(d, id, 0, msg, sizeof msg), 0);
  T_EQ_INT(db_get_cex(d, id, &c, msg, sizeof msg), 0);
  T_EQ_STR(c.status, "fixed");
  T_EQ_INT(strlen(c.fixed_at), 20);
  db_cex_clear(&c);
  snprintf(want, sizeof want, "%lld:composition_assoc", (long long)id);
  T_EQ_STR(list(d, "composition*", NULL, "fixed"), want);
  snprintf(want, sizeof want, "%lld:composition_assoc", (long long)id3);
  T_EQ_STR(list(d, "composition*", NULL, "open"), want);
  T_EQ_INT(found(d, run2, "composition_assoc", "law", "oracle", "(2,3):(1,2) 4:1", NULL, NULL,
                 "third message", NULL, &id2, &is_new, msg, sizeof msg),
           0);
  T_EQ_INT(is_new, 0);
  T_EQ_INT(id2, id);
  T_EQ_INT(db_get_cex(d, id, &c, msg, sizeof msg), 0);
  T_EQ_STR(c.status, "open");
  T_EQ_STR(c.fixed_at, "");
  T_EQ_STR(c.message, "third message");
  T_EQ_INT(c.times_seen, 3);
  db_cex_clear(&c);

  /* db_cex_seen and db_cex_fixed */
  T_EQ_INT(db_cex_fixed(d, id4, 0, msg, sizeof msg), 0);
  T_EQ_INT(db_cex_seen(d, id4, run2, "still failing", NULL, msg, sizeof msg), 0);
  T_EQ_INT(db_get_cex(d, id4, &c, msg, sizeof msg), 0);
  T_EQ_STR(c.status, "open");
  T_EQ_STR(c.message, "still failing");
  T_EQ_INT(c.times_seen, 2);
  T_EQ_INT(c.last_run, run2);
  T_EQ_INT(c.first_run, run1);
  db_cex_clear(&c);
  /* seen outside a run (`replay`): the last run that saw it is kept */
  T_EQ_INT(db_cex_seen(d, id4, 0, NULL, NULL, msg, sizeof msg), 0);
  T_EQ_INT(db_get_cex(d, id4, &c, msg, sizeof msg), 0);
  T_EQ_STR(c.message, "still failing");
  T_EQ_INT(c.last_run, run2);
  db_cex_clear(&c);
  T_EQ_INT(db_cex_fixed(d, 9999, 0, msg, sizeof msg), 1);
  T_CHECK(has(msg, "no counterexample 9999") && has(msg, path));
  T_EQ_INT(db_cex_seen(d, 9999, run1, NULL, NULL, msg, sizeof msg), 1);
  T_CHECK(has(msg, "no counterexample 9999"));
  T_EQ_INT(db_cex_seen(d, id4, 424242, NULL, NULL, msg, sizeof msg), -1);
  T_CHECK(has(msg, "FOREIGN KEY"));

  /* not found */
  T_EQ_INT(db_get_cex(d, 9999, &c, msg, sizeof msg), 1);
  T_CHECK(has(msg, "no counterexample 9999") && has(msg, path));
  db_cex_clear(&c);

  /* writes while iterating */
  T_EQ_INT(db_each_cex(d, NULL, NULL, "open", fix_each, d, msg, sizeof msg), 0);
  T_EQ_STR(list(d, NULL, NULL, "open"), "");
  T_EQ_INT(sql_int(path, "SELECT count(*) FROM counterexamples WHERE status = 'fixed'"), 4);

  /* bad arguments: refused, nothing stored */
  T_EQ_INT(record(d, run1, "p", "oracle", NULL, &id2, &is_new, msg, sizeof msg), -1);
  T_CHECK(has(msg, "no input"));
  char long_name[200];
  memset(long_name, 'p', sizeof long_name - 1);
  long_name[sizeof long_name - 1] = '\0';
  T_EQ_INT(record(d, run1, long_name, "oracle", "1:1", &id2, &is_new, msg, sizeof msg), -1);
  T_CHECK(has(msg, "property name is 199 bytes long, the limit is 127"));
  T_EQ_INT(found(d, run1, "p", "law", "oracle", "1:1", NULL, NULL, NULL,
                 "123456789012345678901234567890123", &id2, &is_new, msg, sizeof msg),
           -1);
  T_CHECK(has(msg, "seed"));
  T_EQ_INT(record(d, 424242, "p", "oracle", "1:1", &id2, &is_new, msg, sizeof msg), -1);
  T_CHECK(has(msg, "FOREIGN KEY"));
  T_EQ_INT(sql_int(path, "SELECT count(*) FROM counterexamples"), 4);
  T_EQ_INT(record(d, run1, "p", "oracle", "1:1", NULL, NULL, NULL, 0), 0); /* NULL outputs ok */

  /* long texts are kept whole */
  size_t big = 100000;
  char *long_input = malloc(big + 1), *long_sut = malloc(3001);
  if (long_input && long_sut) {
    for (size_t i = 0; i < big; i++) long_input[i] = "(2,3):(1,2) "[i % 12];
    long_input[big] = '\0';
    memset(long_sut, 's', 3000);
    long_sut[3000] = '\0';
    T_EQ_INT(found(d, run1, "p", "law", long_sut, long_input, long_input, long_input, long_input,
                   NULL, &id2, &is_new, msg, sizeof msg),
             0);
    T_EQ_INT(db_get_cex(d, id2, &c, msg, sizeof msg), 0);
    T_EQ_STR(c.input, long_input);
    T_EQ_STR(c.message, long_input);
    T_EQ_STR(c.sut, long_sut);
    db_cex_clear(&c);
    T_EQ_INT(record(d, run1, "p", long_sut, long_input, &id3, &is_new, msg, sizeof msg), 0);
    T_EQ_INT(is_new, 0);
    T_EQ_INT(id3, id2);
  }
  free(long_input);
  free(long_sut);

  /* an oversized row written by someone else is an error, not truncated */
  T_EQ_INT(record(d, run1, "p", "oracle", "2:1", &id2, &is_new, NULL, 0), 0);
  char sql[200];
  snprintf(sql, sizeof sql,
           "UPDATE counterexamples SET kind = 'a-very-long-kind-name' WHERE id = %lld",
           (long long)id2);
  T_EQ_INT(sql_exec(path, sql), 0);
  T_EQ_INT(db_get_cex(d, id2, &c, msg, sizeof msg), -1);
  T_CHECK(has(msg, "kind is too long"));
  db_cex_clear(&c);

  /* a reader while the writer has the file open sees its commits */
  db *reader = NULL;
  T_EQ_INT(db_open_readonly(path, &reader, msg, sizeof msg), 0);
  T_EQ_INT(record(d, run1, "p", "oracle", "4:1", &id2, &is_new, msg, sizeof msg), 0);
  if (reader) {
    T_EQ_INT(db_get_cex(reader, id2, &c, msg, sizeof msg), 0);
    T_EQ_STR(c.input, "4:1");
    db_cex_clear(&c);
  }
  db_close(reader);
  db_close(d);

  /* reopen: the data is still there; a read-only handle reads but does not write */
  T_EQ_INT(db_open_readonly(path, &d, msg, sizeof msg), 0);
  if (d) {
    T_EQ_INT(db_get_cex(d, id, &c, msg, sizeof msg), 0);
    T_EQ_STR(c.input, "(2,3):(1,2) 4:1");
    T_EQ_INT(c.times_seen, 3);
    db_cex_clear(&c);
    T_EQ_INT(record(d, run1, "p", "oracle", "3:1", &id2, &is_new, msg, sizeof msg), -1);
    T_CHECK(has(msg, "read-only") && has(msg, path));
    T_EQ_INT(db_run_begin(d, "1", NULL, NULL, NULL, &run1, msg, sizeof msg), -1);
    db_close(d);
  }
  remove_db(path);
}

/* Files db_open must refuse, leaving them as they are. */
static void test_refused_files(void) {
  char msg[512] = "";
  db *d = NULL;

  /* garbage bytes */
  const char *path = tmp_path("garbage.db");
  char garbage[5000];
  unsigned x = 12345;
  for (size_t i = 0; i < sizeof garbage; i++) {
    x = x * 1103515245u + 12345u;
    garbage[i] = (char)(x >> 16);
  }
  T_EQ_INT(write_all(path, garbage, sizeof garbage), 0);
  T_CHECK(db_open(path, &d, msg, sizeof msg) != 0);
  T_CHECK(d == NULL);
  T_CHECK(has(msg, path) && has(msg, "not a SQLite database"));
  T_CHECK(db_open_readonly(path, &d, msg, sizeof msg) != 0);
  T_CHECK(has(msg, path));
  T_CHECK(file_is(path, garbage, sizeof garbage));
  T_CHECK(!exists(tmp_path("garbage.db-wal")));
  remove_db(path);

  /* a short file, text */
  path = tmp_path("text.db");
  T_EQ_INT(write_all(path, "hello\n", 6), 0);
  T_CHECK(db_open(path, &d, msg, sizeof msg) != 0);
  T_CHECK(has(msg, path) && has(msg, "not a SQLite database"));
  T_CHECK(file_is(path, "hello\n", 6));
  remove_db(path);

  /* a SQLite header followed by damaged pages */
  path = tmp_path("damaged.db");
  if (db_open(path, &d, msg, sizeof msg) == 0) {
    int64_t run = 0;
    db_run_begin(d, "1", NULL, NULL, NULL, &run, msg, sizeof msg);
    for (int i = 0; i < 200; i++) {
      char input[128];
      snprintf(input, sizeof input, "(%d,2):(1,%d) 4:1 with some padding to fill pages", i, i);
      record(d, run, "p", "oracle", input, NULL, NULL, msg, sizeof msg);
    }
    db_close(d);
  }
  size_t len = 0;
  char *bytes = read_all(path, &len);
  T_CHECK(bytes && len >= 4 * 4096);
  if (bytes && len >= 4 * 4096) {
    for (size_t i = 4096 + 8; i < len; i += 7) bytes[i] = (char)(i * 31);
    T_EQ_INT(write_all(path, bytes, len), 0);
    T_CHECK(db_open(path, &d, msg, sizeof msg) != 0);
    T_CHECK(d == NULL);
    T_CHECK(has(msg, path));
    T_CHECK(has(msg, "damaged"));
    T_CHECK(file_is(path, bytes, len));
    T_CHECK(db_open_readonly(path, &d, msg, sizeof msg) != 0);
  }
  free(bytes);
  remove_db(path);

  /* a newer schema */
  path = tmp_path("newer.db");
  T_EQ_INT(db_open(path, &d, msg, sizeof msg), 0);
  db_close(d);
  T_EQ_INT(sql_exec(path, "UPDATE meta SET value = '999' WHERE key = 'schema_version'"), 0);
  bytes = read_all(path, &len);
  T_CHECK(bytes != NULL);
  T_CHECK(db_open(path, &d, msg, sizeof msg) != 0);
  T_CHECK(d == NULL);
  T_CHECK(has(msg, path) && has(msg, "schema version 999 is newer"));
  T_CHECK(db_open_readonly(path, &d, msg, sizeof msg) != 0);
  T_CHECK(has(msg, "schema version 999 is newer"));
  if (bytes) T_CHECK(file_is(path, bytes, len));
  free(bytes);
  T_EQ_STR(sql_text(path, "SELECT value FROM meta WHERE key = 'schema_version'"), "999");
  remove_db(path);

  /* another program's SQLite database */
  path = tmp_path("foreign.db");
  {
    sqlite3 *h = NULL;
    sqlite3_open(path, &h);
    sqlite3_exec(h, "CREATE TABLE foo(x); INSERT INTO foo VALUES(1)", NULL, NULL, NULL);
    sqlite3_close(h);
  }
  bytes = read_all(path, &len);
  T_CHECK(db_open(path, &d, msg, sizeof msg) != 0);
  T_CHECK(has(msg, path) && has(msg, "not a layoutcheck results database"));
  if (bytes) T_CHECK(file_is(path, bytes, len));
  free(bytes);
  T_EQ_INT(sql_int(path, "SELECT count(*) FROM sqlite_master"), 1);
  remove_db(path);

  /* an empty file is a new database for writing, but nothing to read */
  path = tmp_path("empty.db");
  T_EQ_INT(write_all(path, "", 0), 0);
  T_CHECK(db_open_readonly(path, &d, msg, sizeof msg) != 0);
  T_CHECK(has(msg, path) && has(msg, "empty"));
  T_EQ_INT(db_open(path, &d, msg, sizeof msg), 0);
  db_close(d);
  T_EQ_STR(sql_text(path, "SELECT value FROM meta WHERE key = 'schema_version'"), DB_VERSION_TEXT);
  remove_db(path);

  /* a missing directory, a missing file for reading, a directory */
  path = tmp_path("no/such/dir/x.db");
  T_CHECK(db_open(path, &d, msg, sizeof msg) != 0);
  T_CHECK(d == NULL);
  T_CHECK(has(msg, path) && has(msg, "no/such/dir"));
  T_CHECK(!exists(tmp_path("no")));
  path = tmp_path("missing.db");
  T_CHECK(db_open_readonly(path, &d, msg, sizeof msg) != 0);
  T_CHECK(has(msg, path) && has(msg, "no such file"));
  T_CHECK(!exists(path));
  T_CHECK(db_open(tmp_dir, &d, msg, sizeof msg) != 0);
  T_CHECK(has(msg, "not a regular file"));
  T_CHECK(db_open("", &d, msg, sizeof msg) != 0);
  T_CHECK(db_open(NULL, &d, NULL, 0) != 0); /* no message buffer: no crash */
}

/* Checks of read-only files and directories; they need an unprivileged
** user (see test_read_only).  Creates ro.db and rodir/ro.db in tmp_dir
** beforehand. */
static void read_only_checks(void) {
  char msg[512] = "";
  db *d = NULL;
  db_cex c;
  const char *path = tmp_path("ro.db");
  T_CHECK(db_open(path, &d, msg, sizeof msg) != 0);
  T_CHECK(d == NULL);
  T_CHECK(has(msg, path) && has(msg, "cannot open for writing"));
  T_EQ_INT(db_open_readonly(path, &d, msg, sizeof msg), 0);
  if (d) {
    T_EQ_INT(db_get_cex(d, 1, &c, msg, sizeof msg), 0);
    T_EQ_STR(c.input, "1:1");
    db_cex_clear(&c);
    db_close(d);
  } else {
    printf("    %s\n", msg);
  }

  path = tmp_path("rodir/ro.db");
  T_CHECK(db_open(path, &d, msg, sizeof msg) != 0);
  T_CHECK(has(msg, path));
  T_EQ_INT(db_open_readonly(path, &d, msg, sizeof msg), 0);
  if (d) {
    T_EQ_INT(db_get_cex(d, 1, &c, msg, sizeof msg), 0);
    T_EQ_STR(c.input, "1:1");
    db_cex_clear(&c);
    db_close(d);
  } else {
    printf("    %s\n", msg);
  }
  path = tmp_path("rodir/new.db");
  T_CHECK(db_open(path, &d, msg, sizeof msg) != 0);
  T_CHECK(has(msg, path) && has(msg, "rodir"));
  T_CHECK(!exists(path));
}

/* Make a database at path holding one counterexample, input "1:1". */
static void make_small_db(const char *path) {
  char msg[512];
  db *d = NULL;
  if (db_open(path, &d, msg, sizeof msg) != 0) {
    printf("    %s\n", msg);
    return;
  }
  record(d, 0, "p", "oracle", "1:1", NULL, NULL, msg, sizeof msg);
  db_close(d);
}

/* Read-only files and directories.  Root ignores permissions, so as root
** the checks run in a child process that has become user nobody; when that
** is impossible they are skipped with a note (and not counted). */
static void test_read_only(void) {
  const char *path = tmp_path("ro.db"), *dir = tmp_path("rodir");
  make_small_db(path);
  chmod(path, 0444);
  mkdir(dir, 0700);
  make_small_db(tmp_path("rodir/ro.db"));
  chmod(tmp_path("rodir/ro.db"), 0444);
  chmod(dir, 0555);
  if (geteuid() != 0) {
    read_only_checks();
    return;
  }
  chmod(tmp_dir, 0755);
  int counts[2] = {0, 0}, fd[2];
  if (pipe(fd) != 0) return;
  fflush(stdout);
  pid_t pid = fork();
  if (pid == 0) {
    close(fd[0]);
    if (setgid(65534) != 0 || setuid(65534) != 0 || geteuid() == 0) _exit(77);
    t_passed = t_failed = 0;
    read_only_checks();
    counts[0] = t_passed;
    counts[1] = t_failed;
    fflush(stdout);
    _exit(write(fd[1], counts, sizeof counts) == (ssize_t)sizeof counts ? 0 : 1);
  }
  close(fd[1]);
  int status = 0;
  ssize_t got = pid > 0 ? read(fd[0], counts, sizeof counts) : 0;
  close(fd[0]);
  if (pid > 0) waitpid(pid, &status, 0);
  chmod(tmp_dir, 0700);
  if (pid > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 77) {
    printf("note: running as root and cannot become user nobody: the read-only file checks "
           "were not run\n");
    return;
  }
  T_CHECK(got == (ssize_t)sizeof counts && WIFEXITED(status) && WEXITSTATUS(status) == 0);
  if (got == (ssize_t)sizeof counts) {
    t_passed += counts[0];
    t_failed += counts[1];
  }
}

/* Child of test_sigkill: record 50 counterexamples, then go on recording
** until killed; write one byte to fd after each committed one. */
static void sigkill_child(const char *path, int fd) {
  char msg[512], input[64];
  db *d = NULL;
  if (db_open(path, &d, msg, sizeof msg) != 0) _exit(1);
  for (int i = 0; i < 1000000; i++) {
    snprintf(input, sizeof input, "(%d):(1)", i);
    if (record(d, 0, "killed", "oracle", input, NULL, NULL, msg, sizeof msg) != 0) _exit(2);
    if (write(fd, "x", 1) != 1) _exit(3);
  }
  _exit(4); /* not reached: the parent kills us first */
}

/* A writer killed with SIGKILL in the middle of its inserts: every insert
** that returned is there, and the file passes quick_check. */
static void test_sigkill(void) {
  const char *path = tmp_path("kill.db");
  int fd[2];
  if (pipe(fd) != 0) return;
  fflush(stdout);
  pid_t pid = fork();
  if (pid == 0) {
    close(fd[0]);
    sigkill_child(path, fd[1]);
  }
  close(fd[1]);
  long committed = 0;
  char buf[256];
  ssize_t n;
  int killed = 0;
  while ((n = read(fd[0], buf, sizeof buf)) > 0 || (n < 0 && errno == EINTR)) {
    if (n > 0) committed += n;
    if (!killed && committed >= 80) {
      kill(pid, SIGKILL);
      killed = 1;
    }
  }
  close(fd[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  T_CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
  T_CHECK(committed >= 80);
  T_CHECK(exists(tmp_path("kill.db-wal")));

  char msg[512] = "";
  db *d = NULL;
  T_EQ_INT(db_open(path, &d, msg, sizeof msg), 0); /* runs quick_check */
  if (!d) printf("    %s\n", msg);
  db_close(d);
  T_EQ_STR(sql_text(path, "PRAGMA quick_check"), "ok");
  long long rows = sql_int(path, "SELECT count(*) FROM counterexamples WHERE property = 'killed'");
  T_CHECK(rows >= 50);
  T_CHECK(rows == committed || rows == committed + 1);
  if (rows != committed && rows != committed + 1)
    printf("    %lld rows, %ld committed\n", rows, committed);
  T_EQ_INT(sql_int(path, "SELECT count(*) FROM counterexamples WHERE input IN ('(0):(1)', "
                         "'(49):(1)')"),
           2);
  remove_db(path);
}

/* Child of test_concurrent: wait until fd closes, then open path and
** record 200 counterexamples of its own and 20 that both children record;
** exit 0 when all went well. */
static void concurrent_child(const char *path, int fd, int which) {
  char msg[512], input[64], c;
  db *d = NULL;
  while (read(fd, &c, 1) > 0) continue;
  if (db_open(path, &d, msg, sizeof msg) != 0) {
    printf("child %d: %s\n", which, msg);
    fflush(stdout);
    _exit(1);
  }
  int64_t run = 0;
  if (db_run_begin(d, "1", NULL, NULL, "oracle", &run, msg, sizeof msg) != 0) _exit(2);
  for (int i = 0; i < 220; i++) {
    if (i % 11 == 0)
      snprintf(input, sizeof input, "shared %d", i / 11);
    else
      snprintf(input, sizeof input, "child %d case %d", which, i);
    if (record(d, run, "concurrent", "oracle", input, NULL, NULL, msg, sizeof msg) != 0) {
      printf("child %d: %s\n", which, msg);
      fflush(stdout);
      _exit(3);
    }
  }
  if (db_run_end(d, run, 220, NULL, msg, sizeof msg) != 0) _exit(4);
  db_close(d);
  _exit(0);
}

/* Two processes open one new file at once and write to it at once. */
static void test_concurrent(void) {
  const char *path = tmp_path("concurrent.db");
  int fd[2];
  pid_t pid[2];
  if (pipe(fd) != 0) return;
  fflush(stdout);
  for (int k = 0; k < 2; k++) {
    pid[k] = fork();
    if (pid[k] == 0) {
      close(fd[1]);
      concurrent_child(path, fd[0], k);
    }
  }
  close(fd[0]);
  close(fd[1]); /* go */
  for (int k = 0; k < 2; k++) {
    int status = -1;
    if (pid[k] > 0) waitpid(pid[k], &status, 0);
    T_CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  }
  T_EQ_INT(sql_int(path, "SELECT count(*) FROM counterexamples WHERE input LIKE 'child %'"), 400);
  T_EQ_INT(sql_int(path, "SELECT count(*) FROM counterexamples WHERE input LIKE 'shared %'"), 20);
  T_EQ_INT(sql_int(path, "SELECT sum(times_seen) FROM counterexamples WHERE input LIKE 'shared %'"),
           40);
  T_EQ_INT(sql_int(path, "SELECT count(*) FROM runs WHERE finished IS NOT NULL"), 2);
  T_EQ_STR(sql_text(path, "SELECT value FROM meta WHERE key = 'schema_version'"), DB_VERSION_TEXT);
  remove_db(path);
}

/* A run's true counts: each counterexample it met counted once, by
** outcome and kind; triage known moves one out of the failures; the
** views answer the nightly questions; signatures find rows. */
static void test_tally_and_triage(void) {
  const char *path = tmp_path("tally.db");
  char msg[512] = "", triage[8];
  db *d = NULL;
  int64_t r1, r2, t1, t2, c1, id;
  db_tally t;
  T_EQ_INT(db_open(path, &d, msg, sizeof msg), 0);
  if (!d) return;
  T_EQ_INT(db_run_begin(d, "1", NULL, NULL, NULL, &r1, msg, sizeof msg), 0);
  /* run 1: a theorem failure found twice (one row), a refuted conjecture */
  db_cex a = {.sut = "", .input = "size 2:1", .signature = "rank # too big", .last_run = r1};
  db_cex b = {.sut = "", .input = "size 3:1", .signature = "other", .last_run = r1};
  T_EQ_INT(db_cex_names(d, &a, "p.theorem", "theorem", "1", msg, sizeof msg), 0);
  T_EQ_INT(db_cex_names(d, &b, "p.conjecture", "conjecture", "1", msg, sizeof msg), 0);
  T_EQ_INT(db_write_cex(d, DB_CEX_FOUND, &a, &t1, NULL, msg, sizeof msg), 0);
  T_EQ_INT(db_write_cex(d, DB_CEX_FOUND, &a, &t1, NULL, msg, sizeof msg), 0);
  T_EQ_INT(db_write_cex(d, DB_CEX_FOUND, &b, &c1, NULL, msg, sizeof msg), 0);
  T_EQ_INT(db_run_end(d, r1, 10, &t, msg, sizeof msg), 0);
  T_EQ_INT(t.theorem_failures, 1);
  T_EQ_INT(t.refuted, 1);
  T_EQ_INT(t.new_count, 2);
  T_EQ_INT(t.open_count, 0);
  T_EQ_INT(sql_int(path, "SELECT sightings FROM cex_runs WHERE cex_id = 1"), 2);
  T_EQ_INT(sql_int(path, "SELECT count(*) FROM new_tonight"), 2);
  /* the signature finds the theorem's row */
  T_EQ_INT(db_find_signature(d, "p.theorem", NULL, "rank # too big", &id, triage, msg, sizeof msg),
           0);
  T_EQ_INT(id, t1);
  T_EQ_STR(triage, "open");
  T_EQ_INT(db_find_signature(d, "p.theorem", NULL, "nothing", &id, triage, msg, sizeof msg), 1);
  /* run 2: the theorem seen again (open), then triaged known; a second
  ** theorem row new; the conjecture fixed */
  T_EQ_INT(db_run_begin(d, "2", NULL, NULL, NULL, &r2, msg, sizeof msg), 0);
  T_EQ_INT(db_cex_seen(d, t1, r2, NULL, NULL, msg, sizeof msg), 0);
  T_EQ_INT(db_cex_fixed(d, c1, r2, msg, sizeof msg), 0);
  db_cex e = {.sut = "", .input = "size 4:1", .signature = "another", .last_run = r2};
  T_EQ_INT(db_cex_names(d, &e, "p.theorem", "theorem", "2", msg, sizeof msg), 0);
  T_EQ_INT(db_write_cex(d, DB_CEX_FOUND, &e, &t2, NULL, msg, sizeof msg), 0);
  T_EQ_INT(db_run_end(d, r2, 10, &t, msg, sizeof msg), 0);
  T_EQ_INT(t.theorem_failures, 2);
  T_EQ_INT(t.new_count, 1);
  T_EQ_INT(t.open_count, 1);
  T_EQ_INT(t.fixed_count, 1);
  T_EQ_INT(sql_int(path, "SELECT count(*) FROM new_tonight"), 1);
  T_EQ_INT(sql_int(path, "SELECT count(*) FROM fixed_tonight"), 1);
  T_EQ_INT(sql_int(path, "SELECT count(*) FROM still_open"), 1); /* t1: open, not new */
  T_EQ_INT(db_cex_triage(d, t1, "known", "accepted", msg, sizeof msg), 0);
  T_EQ_INT(db_cex_triage(d, t1, "maybe", NULL, msg, sizeof msg), -1);
  T_CHECK(has(msg, "expected known or open"));
  T_EQ_INT(db_cex_triage(d, 9999, "known", NULL, msg, sizeof msg), 1);
  T_EQ_INT(sql_int(path, "SELECT count(*) FROM still_open"), 0);
  T_EQ_INT(sql_int(path, "SELECT count(*) FROM known"), 1);
  /* seen again once known: counted as known, not as a failure */
  T_EQ_INT(db_cex_seen(d, t1, r2, NULL, NULL, msg, sizeof msg), 0);
  T_EQ_INT(db_run_tally(d, r2, &t, msg, sizeof msg), 0);
  T_EQ_INT(t.theorem_failures, 1);
  T_EQ_INT(t.known_count, 1);
  T_EQ_INT(sql_int(path, "SELECT count(*) FROM property_trend WHERE property = 'p.theorem'"), 0);
  db_close(d);
}

int main(void) {
  snprintf(tmp_dir, sizeof tmp_dir, "/tmp/lcdbXXXXXX");
  if (!mkdtemp(tmp_dir)) {
    printf("cannot make a temporary directory: %s\n0 passed, 1 failed\n", strerror(errno));
    return 1;
  }
  test_create_and_runs();
  test_counterexamples();
  test_tally_and_triage();
  test_refused_files();
  test_read_only();
  test_sigkill();
  test_concurrent();
  remove_tree(tmp_dir);
  T_CHECK(!exists(tmp_dir));
  return T_DONE();
}
