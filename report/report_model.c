/*
** cmd_report.c -- `layoutcheck report [--db FILE] [--format text|junit|html]
** [--out FILE]`: the last run and the trend over runs, the open
** counterexamples with the revisions around their appearance and fix, and
** the refuted conjectures, read from results.db (never written).  This
** file reads the database into a report (report.h) and writes the text
** format; report_junit.c and report_html.c write the others.  Exit 0 when
** the report was written, 2 on a usage error, a missing or unreadable
** database, or a failed write.
*/
#include "cli.h"
#include "config.h"
#include "report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static const char report_usage[] =
    "usage: layoutcheck report [--db FILE] [--config FILE] [--format text|junit|html]\n"
    "                          [--out FILE]\n";

/* --- loading ------------------------------------------------------------ */

/* A copy of s (NULL stays NULL); *failed is set when memory runs out. */
static char *dup_or_null(const char *s, int *failed) {
  if (!s) return NULL;
  char *t = strdup(s);
  if (!t) *failed = 1;
  return t;
}

/* db_each_run callback: append a copy of the run. */
static int load_run(const db_run *row, void *ud) {
  report *r = ud;
  int failed = 0;
  report_run *grown = realloc(r->run, (r->n_run + 1) * sizeof *grown);
  if (!grown) return 1;
  r->run = grown;
  report_run *x = &r->run[r->n_run];
  memset(x, 0, sizeof *x);
  x->row = *row;
  x->row.config = dup_or_null(row->config, &failed);
  x->row.git_rev = dup_or_null(row->git_rev, &failed);
  x->row.sut = dup_or_null(row->sut, &failed);
  r->n_run++; /* counted even when a copy failed, so that report_free frees it */
  return failed;
}

/* db_each_run_property callback: append a copy of the row. */
static int load_prop(const db_run_prop *p, void *ud) {
  report *r = ud;
  int failed = 0;
  if (r->n_prop % 256 == 0) {
    report_prop *grown = realloc(r->prop, (r->n_prop + 256) * sizeof *grown);
    if (!grown) return 1;
    r->prop = grown;
  }
  report_prop *x = &r->prop[r->n_prop++];
  x->run_id = p->run_id;
  memcpy(x->property, p->property, sizeof x->property);
  memcpy(x->kind, p->kind, sizeof x->kind);
  x->cases = p->cases;
  x->passed = p->passed;
  x->discarded = p->discarded;
  x->failed = p->failed;
  x->seconds = p->seconds;
  x->labels = dup_or_null(p->labels, &failed);
  return failed;
}

/* db_each_cex callback: append a deep copy of the counterexample. */
static int load_cex(const db_cex *c, void *ud) {
  report *r = ud;
  int failed = 0;
  if (r->n_cex % 64 == 0) {
    db_cex *grown = realloc(r->cex, (r->n_cex + 64) * sizeof *grown);
    if (!grown) return 1;
    r->cex = grown;
  }
  db_cex *x = &r->cex[r->n_cex++];
  *x = *c;
  x->sut = dup_or_null(c->sut, &failed);
  x->input = dup_or_null(c->input, &failed);
  x->original_input = dup_or_null(c->original_input, &failed);
  x->choices = dup_or_null(c->choices, &failed);
  x->message = dup_or_null(c->message, &failed);
  return failed;
}

/* qsort order of runs: by start time, then by id. */
static int run_order(const void *a, const void *b) {
  const report_run *x = a, *y = b;
  int c = strcmp(x->row.started, y->row.started);
  if (c) return c;
  return (x->row.id > y->row.id) - (x->row.id < y->row.id);
}

/* The shard list of a run's configuration text ("# shard 1,2/4 ...") into
** buf, "" when it has none. */
static void shard_note(const char *config, char *buf, size_t cap) {
  buf[0] = 0;
  for (const char *line = config; line && *line;) {
    if (!strncmp(line, "# shard ", 8)) {
      size_t n = strcspn(line + 8, " \n");
      snprintf(buf, cap, "%.*s", (int)n, line + 8);
      return;
    }
    line = strchr(line, '\n');
    if (line) line++;
  }
}

/* Replace in s every character that a time, a seed or a shard list does
** not hold by '?', so that a tampered database cannot inject markup. */
static void tame(char *s) {
  for (; *s; s++)
    if (!strchr("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-:.+_ ,/", *s))
      *s = '?';
}

/* Sum each run's property rows into it, and tame the fields that the
** formats print as they are. */
static void total_runs(report *r) {
  for (size_t i = 0; i < r->n_run; i++) {
    report_run *x = &r->run[i];
    shard_note(x->row.config, x->shards, sizeof x->shards);
    tame(x->shards);
    tame(x->row.started);
    tame(x->row.finished);
    tame(x->row.interrupted);
    tame(x->row.seed);
  }
  for (size_t i = 0; i < r->n_cex; i++) {
    db_cex *c = &r->cex[i];
    tame(c->first_seen);
    tame(c->last_seen);
    tame(c->fixed_at);
    tame(c->seed);
    tame(c->status);
  }
  report_run *run = NULL;
  for (size_t i = 0; i < r->n_prop; i++) {
    if (!run || run->row.id != r->prop[i].run_id) /* rows come grouped by run */
      run = (report_run *)report_run_by_id(r, r->prop[i].run_id);
    if (!run) continue;
    run->props++;
    run->failed += r->prop[i].failed;
    run->seconds += r->prop[i].seconds;
  }
}

/* Read the database into *r; see report.h. */
int report_load(db *d, const char *db_path, report *r, char *msg, size_t cap) {
  memset(r, 0, sizeof *r);
  r->db_path = db_path;
  time_t now = time(NULL);
  struct tm tm;
  gmtime_r(&now, &tm);
  strftime(r->generated, sizeof r->generated, "%Y-%m-%dT%H:%M:%SZ", &tm);
  int rc = db_each_run(d, load_run, r, msg, cap);
  if (rc == 0) rc = db_each_run_property(d, 0, load_prop, r, msg, cap);
  if (rc == 0) rc = db_each_cex(d, NULL, NULL, NULL, load_cex, r, msg, cap);
  if (rc > 0) snprintf(msg, cap, "%s: reading the database: out of memory", db_path);
  if (rc) {
    report_free(r);
    return -1;
  }
  if (r->n_run) qsort(r->run, r->n_run, sizeof *r->run, run_order);
  total_runs(r);
  return 0;
}

/* Free what report_load read. */
void report_free(report *r) {
  for (size_t i = 0; i < r->n_run; i++) db_run_clear(&r->run[i].row);
  for (size_t i = 0; i < r->n_prop; i++) free(r->prop[i].labels);
  for (size_t i = 0; i < r->n_cex; i++) db_cex_clear(&r->cex[i]);
  free(r->run);
  free(r->prop);
  free(r->cex);
  memset(r, 0, sizeof *r);
}

/* --- queries -------------------------------------------------------------- */

/* The latest run, or NULL. */
const report_run *report_last(const report *r) { return r->n_run ? &r->run[r->n_run - 1] : NULL; }

/* The run with this id, or NULL (runs are few: a linear search). */
const report_run *report_run_by_id(const report *r, int64_t id) {
  for (size_t i = r->n_run; i-- > 0;)
    if (r->run[i].row.id == id) return &r->run[i];
  return NULL;
}

/* The position of run in r->run. */
size_t report_run_index(const report *r, const report_run *run) { return (size_t)(run - r->run); }

/* The row of property in run run_id: a binary search for the run's rows
** (stored by run id), then a scan of them. */
const report_prop *report_prop_of(const report *r, int64_t run_id, const char *property) {
  size_t lo = 0, hi = r->n_prop;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (r->prop[mid].run_id < run_id)
      lo = mid + 1;
    else
      hi = mid;
  }
  for (size_t i = lo; i < r->n_prop && r->prop[i].run_id == run_id; i++)
    if (!strcmp(r->prop[i].property, property)) return &r->prop[i];
  return NULL;
}

/* The revision of run id, "?" when unknown. */
const char *report_rev(const report *r, int64_t run_id) {
  const report_run *run = report_run_by_id(r, run_id);
  return run && run->row.git_rev && run->row.git_rev[0] ? run->row.git_rev : "?";
}

/* Describe when c appeared and was fixed; see report.h. */
void report_history(const report *r, const db_cex *c, char *buf, size_t cap) {
  const report_run *first = report_run_by_id(r, c->first_run), *before = NULL;
  size_t len = 0;
  int w;
  if (first) {
    for (size_t i = report_run_index(r, first); i-- > 0;)
      if (report_prop_of(r, r->run[i].row.id, c->property)) {
        before = &r->run[i];
        break;
      }
    if (before)
      w = snprintf(buf, cap, "appeared between %s (run %lld, did not find it) and %s (run %lld)",
                   report_rev(r, before->row.id), (long long)before->row.id,
                   report_rev(r, first->row.id), (long long)first->row.id);
    else
      w = snprintf(buf, cap, "appeared at %s (run %lld, the first run of %s on record)",
                   report_rev(r, first->row.id), (long long)first->row.id, c->property);
  } else {
    w = snprintf(buf, cap, "appeared %s (its run is not recorded)", c->first_seen);
  }
  if (w < 0 || (size_t)w >= cap) return;
  len = (size_t)w;
  if (strcmp(c->status, "fixed") != 0) return;
  const report_run *fixer = NULL; /* the latest run started by the time of the fix */
  for (size_t i = r->n_run; i-- > 0;)
    if (c->fixed_at[0] && strcmp(r->run[i].row.started, c->fixed_at) <= 0) {
      fixer = &r->run[i];
      break;
    }
  if (c->last_run > 0 && fixer)
    snprintf(buf + len, cap - len,
             "; fixed %s, between %s (run %lld, last failing) and %s (run %lld)", c->fixed_at,
             report_rev(r, c->last_run), (long long)c->last_run, report_rev(r, fixer->row.id),
             (long long)fixer->row.id);
  else
    snprintf(buf + len, cap - len, "; fixed %s (last failing %s)", c->fixed_at, c->last_seen);
}

/* Open counterexamples of property (all when NULL). */
size_t report_open_count(const report *r, const char *property) {
  size_t n = 0;
  for (size_t i = 0; i < r->n_cex; i++)
    if (!strcmp(r->cex[i].status, "open") && (!property || !strcmp(r->cex[i].property, property)))
      n++;
  return n;
}

/* Whether a property row is a problem now; see report.h. */
int report_failing(const report *r, const report_prop *p) {
  if (report_open_count(r, p->property)) return 1;
  if (!p->failed) return 0;
  for (size_t i = 0; i < r->n_cex; i++)
    if (!strcmp(r->cex[i].property, p->property)) return 0;
  return 1;
}

/* Parse "name=count" words; see report.h. */
int report_labels(const char *labels, report_label *out, int cap) {
  int n = 0;
  const char *s = labels ? labels : "";
  while (*s && n < cap) {
    size_t word = strcspn(s, " "), name = strcspn(s, "=");
    if (name < word && name > 0 && name < sizeof out->name) {
      char *end;
      long long v = strtoll(s + name + 1, &end, 10);
      if (end == s + word && v >= 0) {
        memcpy(out[n].name, s, name);
        out[n].name[name] = 0;
        out[n].count = v;
        n++;
      }
    }
    s += word;
    while (*s == ' ') s++;
  }
  return n;
}

/* --- the text format ------------------------------------------------------ */

/* Print s with control characters (tab aside) shown as '?'. */
static void put_plain(FILE *f, const char *s) {
  for (; s && *s; s++) fputc((unsigned char)*s < 0x20 && *s != '\t' ? '?' : *s, f);
}

/* "nested 43% zero-stride 26%" for a property row. */
static void label_percents(const report_prop *p, char *buf, size_t cap) {
  report_label l[32];
  int n = report_labels(p->labels, l, 32);
  size_t len = 0;
  buf[0] = 0;
  for (int i = 0; i < n && len < cap; i++) {
    int w = snprintf(buf + len, cap - len, "%s%s %lld%%", len ? " " : "", l[i].name,
                     (long long)(p->cases ? 100 * l[i].count / p->cases : 0));
    if (w < 0) break;
    len += (size_t)w;
  }
}

/* The run header lines. */
static void text_run(FILE *f, const report *r, const report_run *run) {
  fprintf(f, "last run %lld: started %s, finished %s%s%s%s%s%s\n", (long long)run->row.id,
          run->row.started, run->row.finished[0] ? run->row.finished : "(not finished)",
          run->row.interrupted[0] ? " (interrupted: " : "", run->row.interrupted,
          run->row.interrupted[0] ? ")" : "", run->shards[0] ? ", shards " : "", run->shards);
  fprintf(f, "  seed %s, revision %s, %lld properties, %lld cases, %lld failed, %.1f s\n",
          run->row.seed, report_rev(r, run->row.id), (long long)run->props,
          (long long)run->row.cases, (long long)run->failed, run->seconds);
  if (run->row.sut && run->row.sut[0]) {
    fputs("  system under test: ", f);
    put_plain(f, run->row.sut);
    fputc('\n', f);
  }
}

/* The properties of the last run. */
static void text_properties(FILE *f, const report *r, const report_run *run) {
  char labels[512];
  fprintf(f, "\nproperties of run %lld\n%-34s %-10s %8s %8s %8s %6s %5s %8s  %s\n",
          (long long)run->row.id, "property", "kind", "cases", "passed", "discard", "failed",
          "open", "seconds", "labels");
  for (size_t i = 0; i < r->n_prop; i++) {
    const report_prop *p = &r->prop[i];
    if (p->run_id != run->row.id) continue;
    label_percents(p, labels, sizeof labels);
    fprintf(f, "%-34s %-10s %8lld %8lld %8lld %6lld %5zu %8.2f  %s\n", p->property, p->kind,
            (long long)p->cases, (long long)p->passed, (long long)p->discarded,
            (long long)p->failed, report_open_count(r, p->property), p->seconds, labels);
  }
}

/* Every run, oldest first, then cases/failed of each property over the
** last REPORT_TEXT_RUNS runs. */
static void text_trend(FILE *f, const report *r, const report_run *last) {
  fprintf(f, "\nruns, oldest first\n%6s  %-20s  %-12s  %-20s %6s %10s %7s %9s  %s\n", "run",
          "started", "revision", "seed", "props", "cases", "failed", "seconds", "shards");
  for (size_t i = 0; i < r->n_run; i++) {
    const report_run *x = &r->run[i];
    fprintf(f, "%6lld  %-20s  %-12s  %-20s %6lld %10lld %7lld %9.1f  %s\n", (long long)x->row.id,
            x->row.started, report_rev(r, x->row.id), x->row.seed, (long long)x->props,
            (long long)x->row.cases, (long long)x->failed, x->seconds, x->shards);
  }
  size_t from = r->n_run > REPORT_TEXT_RUNS ? r->n_run - REPORT_TEXT_RUNS : 0;
  fprintf(f, "\ntrend per property: cases/failed in runs");
  for (size_t i = from; i < r->n_run; i++) fprintf(f, " %lld", (long long)r->run[i].row.id);
  fputc('\n', f);
  for (size_t i = 0; i < r->n_prop; i++) {
    const report_prop *p = &r->prop[i];
    if (p->run_id != last->row.id) continue;
    fprintf(f, "%-34s", p->property);
    for (size_t j = from; j < r->n_run; j++) {
      const report_prop *q = report_prop_of(r, r->run[j].row.id, p->property);
      char cell[48] = "-";
      if (q) snprintf(cell, sizeof cell, "%lld/%lld", (long long)q->cases, (long long)q->failed);
      fprintf(f, " %11s", cell);
    }
    fputc('\n', f);
  }
}

/* The open counterexamples (theorems first), then the fixed ones. */
static void text_cex(FILE *f, const report *r) {
  char history[512];
  fprintf(f, "\nopen counterexamples: %zu\n", report_open_count(r, NULL));
  for (int pass = 0; pass < 2; pass++)
    for (size_t i = 0; i < r->n_cex; i++) {
      const db_cex *c = &r->cex[i];
      if (strcmp(c->status, "open") || (strcmp(c->kind, "theorem") == 0) != (pass == 0)) continue;
      fprintf(f, "#%lld %s (%s), seen %lld time%s, first %s, last %s\n", (long long)c->id,
              c->property, c->kind, (long long)c->times_seen, c->times_seen == 1 ? "" : "s",
              c->first_seen, c->last_seen);
      fputs("    ", f);
      put_plain(f, c->input);
      fputs("\n    ", f);
      put_plain(f, c->message ? c->message : "");
      report_history(r, c, history, sizeof history);
      fprintf(f, "\n    %s\n", history);
      if (c->sut[0]) {
        fputs("    system under test: ", f);
        put_plain(f, c->sut);
        fputc('\n', f);
      }
    }
  size_t fixed = r->n_cex - report_open_count(r, NULL);
  fprintf(f, "\nfixed counterexamples: %zu\n", fixed);
  for (size_t i = 0; i < r->n_cex; i++) {
    const db_cex *c = &r->cex[i];
    if (!strcmp(c->status, "open")) continue;
    report_history(r, c, history, sizeof history);
    fprintf(f, "#%lld %s (%s): ", (long long)c->id, c->property, c->kind);
    put_plain(f, c->input);
    fprintf(f, "\n    %s\n", history);
  }
}

/* The conjectures with open counterexamples, each with its shortest. */
static void text_refuted(FILE *f, const report *r) {
  size_t n = 0;
  for (size_t i = 0; i < r->n_cex; i++) {
    const db_cex *c = &r->cex[i], *best = c;
    if (strcmp(c->status, "open") || strcmp(c->kind, "conjecture")) continue;
    int first = 1; /* list each conjecture once, at its first open row */
    for (size_t j = 0; j < i && first; j++)
      if (!strcmp(r->cex[j].property, c->property) && !strcmp(r->cex[j].status, "open")) first = 0;
    if (!first) continue;
    for (size_t j = i + 1; j < r->n_cex; j++)
      if (!strcmp(r->cex[j].property, c->property) && !strcmp(r->cex[j].status, "open") &&
          strlen(r->cex[j].input) < strlen(best->input))
        best = &r->cex[j];
    if (n++ == 0) fprintf(f, "\nrefuted conjectures\n");
    fprintf(f, "%-34s %3zu open, smallest #%lld: ", c->property, report_open_count(r, c->property),
            (long long)best->id);
    put_plain(f, best->input);
    fputc('\n', f);
  }
  if (n == 0) fprintf(f, "\nrefuted conjectures: none\n");
}

/* Write the text format; see report.h. */
int report_text(const report *r, FILE *f) {
  const report_run *last = report_last(r);
  fprintf(f, "layoutcheck report of %s, made %s\n", r->db_path, r->generated);
  if (!last) {
    fprintf(f, "no runs recorded\n");
  } else {
    fprintf(f, "%zu run%s, from %s to %s\n\n", r->n_run, r->n_run == 1 ? "" : "s",
            r->run[0].row.started, last->row.started);
    text_run(f, r, last);
    text_properties(f, r, last);
    text_trend(f, r, last);
  }
  text_cex(f, r);
  text_refuted(f, r);
  return ferror(f) ? -1 : 0;
}

/* --- the command ---------------------------------------------------------- */

/* The database path: --db, else the configuration's db (the --config file,
** else ./CONFIG.yaml when it exists, else "results.db").  0 or 2. */
static int db_path_of(const char *db_arg, const char *config_arg, char *path, size_t cap) {
  config c;
  char msg[512];
  config_defaults(&c);
  const char *file = config_arg                         ? config_arg
                     : access("CONFIG.yaml", F_OK) == 0 ? "CONFIG.yaml"
                                                        : NULL;
  if (!db_arg && file && config_load(file, &c, msg, sizeof msg)) {
    fprintf(stderr, "%s\n", msg);
    return 2;
  }
  snprintf(path, cap, "%s", db_arg ? db_arg : c.db);
  return 0;
}

/* Write the report into out (stdout when NULL): into OUT.tmp, renamed over
** OUT once complete.  0 or 2. */
static int write_report(const report *r, const char *format, const char *out) {
  char tmp[4096];
  FILE *f = stdout;
  if (out) {
    if (snprintf(tmp, sizeof tmp, "%s.tmp", out) >= (int)sizeof tmp)
      return fprintf(stderr, "%s: path too long\n", out), 2;
    if (!(f = fopen(tmp, "w"))) return perror(tmp), 2;
  }
  int rc = !strcmp(format, "junit")  ? report_junit(r, f)
           : !strcmp(format, "html") ? report_html(r, f)
                                     : report_text(r, f);
  if (fflush(f) != 0) rc = -1;
  if (out) {
    if (fclose(f) != 0) rc = -1;
    if (rc == 0 && rename(tmp, out) != 0) rc = -1;
    if (rc) {
      perror(out);
      remove(tmp);
    }
  }
  if (rc && !out) fprintf(stderr, "report: writing the report failed\n");
  return rc ? 2 : 0;
}

/* layoutcheck report [--db FILE] [--config FILE] [--format F] [--out FILE]. */
int cmd_report(int argc, char **argv) {
  const char *db_arg = NULL, *config_arg = NULL, *format = "text", *out = NULL;
  char path[1024], msg[512];
  for (int i = 1; i < argc; i++) {
    const char **slot = !strcmp(argv[i], "--db")       ? &db_arg
                        : !strcmp(argv[i], "--config") ? &config_arg
                        : !strcmp(argv[i], "--format") ? &format
                        : !strcmp(argv[i], "--out")    ? &out
                                                       : NULL;
    if (!slot)
      return fprintf(stderr, "report: unknown argument '%s'\n%s", argv[i], report_usage), 2;
    if (i + 1 >= argc)
      return fprintf(stderr, "report: %s needs a value\n%s", argv[i], report_usage), 2;
    *slot = argv[++i];
  }
  if (strcmp(format, "text") && strcmp(format, "junit") && strcmp(format, "html"))
    return fprintf(stderr, "report: --format: expected text, junit or html, found '%s'\n", format),
           2;
  if (db_path_of(db_arg, config_arg, path, sizeof path)) return 2;
  db *d;
  report r;
  if (db_open_readonly(path, &d, msg, sizeof msg)) return fprintf(stderr, "%s\n", msg), 2;
  int rc = report_load(d, path, &r, msg, sizeof msg);
  db_close(d);
  if (rc) return fprintf(stderr, "%s\n", msg), 2;
  rc = write_report(&r, format, out);
  report_free(&r);
  return rc;
}
