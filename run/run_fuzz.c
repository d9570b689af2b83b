/*
** run_fuzz.c -- the run of `layoutcheck fuzz` and `layoutcheck replay`.
**
** fuzz: re-check the stored counterexamples, then run every selected
** property on generated cases, shrink each distinct failure (gen.h's
** max_distinct) and store it in results.db the moment it is shrunk; a
** failure whose signature is stored already is counted as found again.
** By default print a report at the end (fuzz_report.h): a table by
** family, each property's counterexamples on one line, a summary and what
** to run next; -q only what is new or still open; -v a row per property
** and each counterexample in full, as it is stored.  The run itself is
** guarded (run_guard.h): SIGINT, SIGTERM or SIGHUP ends it cleanly, the
** run marked interrupted, and nothing it started left running.  At its
** end the write-ahead log is checkpointed into the database file
** (db_checkpoint), so that a copy of results.db alone holds the run.
*/
#include "run_fuzz.h"

#include "cex_format.h"
#include "cex_store.h"
#include "fuzz_report.h"
#include "fuzz_sut.h"
#include "fuzz_wp.h"
#include "run_guard.h"
#include "run_loop.h"
#include "run_setup.h"

#include "properties.h"
#include "sut.h"

#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

typedef struct fuzz_state {
  const config *c;
  const run_ctx *x; /* the shard and the loaded conjectures */
  run_sink k;       /* the database, the run, its seed (seed) and sightings */
  char seed[32];
  int not_stored;     /* counterexamples shown as NOT STORED */
  int harness_errors; /* properties with GEN_ERROR verdicts */
  int not_run;        /* properties left out when the run's budget was spent */
  int64_t cases;      /* of the properties run */
  fuzz_report rep;    /* the rows of the console report (not when verbose) */
} fuzz_state;

/* The revision of the working tree, when it is a git checkout. */
static void git_revision(char *buf, size_t cap) {
  buf[0] = 0;
  FILE *p = popen("git rev-parse --short HEAD 2>/dev/null", "r");
  if (!p) return;
  if (fgets(buf, (int)cap, p)) buf[strcspn(buf, "\n")] = 0;
  pclose(p);
}

/* "new", "found again" or "known": how a stored row stands. */
static const char *standing(db *d, int64_t id, int is_new) {
  db_cex c = {0};
  char err[256];
  const char *how = is_new ? "new" : "found again";
  if (!is_new && db_get_cex(d, id, &c, err, sizeof err) == 0 && strcmp(c.triage, "known") == 0)
    how = "known";
  db_cex_clear(&c);
  return how;
}

/* Store a shrunk failure at once and print it: with its row id once it is
** committed, else as NOT STORED with the reason (never as stored). */
static void on_failure(const gen_property *p, const gen_result *r, void *ud) {
  fuzz_state *s = ud;
  char msg[512];
  int64_t id = 0;
  int is_new = 0, stored = 1;
  guard_hold(); /* SIGINT, SIGTERM, SIGHUP: once it is stored and shown, or neither */
  if (cex_store_result(s->k.d, p, p->kind == GEN_THEOREM ? "theorem" : "conjecture", "", s->seed,
                       s->k.run_id, r, &id, &is_new, msg, sizeof msg)) {
    fprintf(stderr, "%s\n", msg);
    s->k.db_error = 1;
    s->not_stored++;
    stored = 0;
  }
  if (stored && s->c->console != CONSOLE_VERBOSE) { /* listed by the report at the end */
    guard_release();
    return;
  }
  if (stored)
    printf("%s %s (#%lld, %s%s)\n  %s\n", p->kind == GEN_THEOREM ? "FAILED" : "refuted", p->name,
           (long long)id, standing(s->k.d, id, is_new),
           r->unshrunk ? "; not shrunk: the shrink budget is spent" : "", r->message);
  else
    printf("%s %s (NOT STORED: %s)\n  %s\n", p->kind == GEN_THEOREM ? "FAILED" : "refuted", p->name,
           msg, r->message);
  cex_print(stdout, "  ", p, &r->shrunk, stored ? id : 0);
  fflush(stdout);
  guard_release();
}

/* "nested 37% zero-stride 21%" for the labels that came up. */
static void label_summary(const gen_result *r, char *buf, size_t cap, int percent) {
  size_t len = 0;
  buf[0] = 0;
  for (int l = 0; l < GEN_L_COUNT && len < cap; l++) {
    if (!r->label_count[l]) continue;
    int w = percent
                ? snprintf(buf + len, cap - len, "%s%s %lld%%", len ? " " : "", gen_label_names[l],
                           (long long)(100 * r->label_count[l] / (r->cases ? r->cases : 1)))
                : snprintf(buf + len, cap - len, "%s%s=%lld", len ? " " : "", gen_label_names[l],
                           (long long)r->label_count[l]);
    if (w < 0) break;
    len += (size_t)w;
  }
}

/* Is property p selected by c? */
static int selected(const config *c, const gen_property *p) {
  return fnmatch(c->property, p->name, 0) == 0 &&
         (p->kind != GEN_CONJECTURE || c->include_conjectures);
}

/* run_subjects' selected: is property i selected? */
static int prop_selected(void *ud, int i) {
  fuzz_state *s = ud;
  return selected(s->c, run_property_at(s->x, i));
}

/* run_subjects' not_run: property i is left out, the budget spent. */
static void prop_not_run(void *ud, int i) {
  fuzz_state *s = ud;
  (void)i;
  s->not_run++;
}

/* run_subjects' begin: property i as it is. */
static const gen_property *prop_begin(void *ud, int i, gen_config *g) {
  fuzz_state *s = ud;
  (void)g;
  return run_property_at(s->x, i);
}

/* run_subjects' end: print property p's row, its stops, a health
** warning and harness errors; record its statistics; add up its cases. */
static void prop_end(void *ud, const gen_property *p, const gen_result *r, const gen_config *g) {
  fuzz_state *s = ud;
  char msg[512], labels[512];
  db_tally t; /* the property's counterexamples in this run, replay included */
  if (db_run_tally_of(s->k.d, s->k.run_id, p->name, &t, msg, sizeof msg)) {
    fprintf(stderr, "%s\n", msg);
    s->k.db_error = 1;
  }
  label_summary(r, labels, sizeof labels, 1);
  if (s->c->console != CONSOLE_VERBOSE) {
    if (fuzz_report_add(&s->rep, p, r)) {
      fprintf(stderr, "fuzz: out of memory\n");
      s->k.db_error = 1;
    }
  } else {
    printf("%-28s %-10s %7lld %7lld %7lld %6lld %4lld %4lld %5lld %7.2f  %s\n", p->name,
           p->kind == GEN_THEOREM ? "theorem" : "conjecture", (long long)r->cases,
           (long long)r->passed, (long long)r->discarded, (long long)r->failed,
           (long long)t.new_count, (long long)t.open_count, (long long)t.known_count, r->seconds,
           labels);
    run_print_stops(p->name, r, g);
  }
  if (s->c->console != CONSOLE_QUIET && prop_health(p, r, msg, sizeof msg))
    printf("  warning: %s: %s\n", p->name, msg);
  if (r->errors) { /* a defect of a generator or check, not of the statement */
    s->harness_errors++;
    printf("  harness error: %s: %lld cases: %s\n", p->name, (long long)r->errors,
           r->error_message);
  }
  fflush(stdout);
  label_summary(r, labels, sizeof labels, 0);
  if (db_run_property(s->k.d, s->k.run_id, p->name,
                      p->kind == GEN_THEOREM ? "theorem" : "conjecture", r->cases, r->passed,
                      r->discarded, r->failed, r->seconds, labels, msg, sizeof msg)) {
    fprintf(stderr, "%s\n", msg);
    s->k.db_error = 1;
  }
  s->cases += r->cases;
}

/* Run the selected properties (run_loop), adding up their cases in s;
** returns 0, or 2 on an engine error. */
static int fuzz_properties(const gen_config *g0, fuzz_state *s) {
  gen_config g = *g0;
  run_subjects props = {.count = run_property_count(s->x),
                        .selected = prop_selected,
                        .not_run = prop_not_run,
                        .begin = prop_begin,
                        .end = prop_end,
                        .on_failure = on_failure,
                        .ud = s};
  g.signature = NULL;
  if (s->c->console == CONSOLE_VERBOSE)
    printf("%-28s %-10s %7s %7s %7s %6s %4s %4s %5s %7s  %s\n", "property", "kind", "cases",
           "passed", "discard", "failed", "new", "open", "known", "seconds", "labels");
  return run_loop(&g, &props, &s->k);
}

/* Checkpoint d's write-ahead log into the file (db_checkpoint), saying so
** when a reader keeps part of it there, and close d. */
static void finish_db(db *d, const char *path) {
  char msg[512];
  int left = 0;
  if (d && db_checkpoint(d, &left, msg, sizeof msg))
    fprintf(stderr, "%s\n", msg);
  else if (left)
    printf("note: %d page%s of the write-ahead log still only in %s-wal: a reader holds the "
           "database; copy it with sqlite3 %s \".backup COPY\" (cp leaves them out)\n",
           left, left == 1 ? "" : "s", path, path);
  db_close(d);
}

/* Print what the run found, from its true counts, in the words of
** report.h: new, still open, known and fixed counterexamples, then the
** failing theorems and refuted conjectures with their open (new or still
** open, not triaged known) counterexamples; for a system under test (sut
** 1: its disagreements, 2: its post-condition failures) their count. */
static void print_tally(const db_tally *t, int sut) {
  printf("new %lld, still open %lld, known %lld, fixed %lld\n", (long long)t->new_count,
         (long long)t->open_count, (long long)t->known_count, (long long)t->fixed_count);
  if (sut)
    printf("%lld distinct %s%s not triaged known\n", (long long)t->theorem_failures,
           sut == 2 ? "post-condition failure" : "disagreement",
           t->theorem_failures == 1 ? "" : "s");
  else
    printf("%lld theorem%s failing (%lld open counterexample%s), %lld conjecture%s refuted "
           "(%lld open counterexample%s)\n",
           (long long)t->failing_theorems, t->failing_theorems == 1 ? "" : "s",
           (long long)t->theorem_failures, t->theorem_failures == 1 ? "" : "s",
           (long long)t->refuted_conjectures, t->refuted_conjectures == 1 ? "" : "s",
           (long long)t->refuted, t->refuted == 1 ? "" : "s");
}

/* The differential run: load the adapter's known divergences, replay the
** SUT's stored disagreements, then fuzz it op by op.  Exit 0 when nothing
** new or open remains that is not triaged known, 1 otherwise. */
static int fuzz_against_sut(const config *c, const gen_config *g, fuzz_state *s) {
  replay_counts n = {0};
  int64_t cases = 0;
  db_tally t;
  char msg[512];
  printf("system under test: %s (window %lld, layer %s)\n", c->sut, (long long)c->sut_window,
         c->sut_layer);
  int rc = c->known[0] ? sut_load_known(c, s->k.d) : 0;
  if (c->sut_postconditions) {
    if (rc == 0) {
      printf("replaying its stored post-condition failures\n");
      rc = wp_sut_replay(c, g, s->k.d, s->k.run_id, &n);
      printf("  %d still fail, %d known, %d fixed\n", n.still, n.known, n.fixed);
    }
    if (rc == 0) rc = wp_sut_fuzz(c, g, s->k.d, s->k.run_id, s->seed, &cases);
  } else if (rc == 0) {
    printf("replaying its stored disagreements\n");
    rc = sut_replay(c, g, s->k.d, s->k.run_id, &n);
    printf("  %d still disagree, %d known, %d fixed\n", n.still, n.known, n.fixed);
  }
  if (rc == 0 && !c->sut_postconditions) rc = sut_fuzz(c, g, s->k.d, s->k.run_id, s->seed, &cases);
  if (db_run_end(s->k.d, s->k.run_id, cases, &t, msg, sizeof msg)) {
    fprintf(stderr, "%s\n", msg);
    rc = 2;
  }
  finish_db(s->k.d, c->db);
  if (rc) return rc;
  print_tally(&t, c->sut_postconditions ? 2 : 1);
  return t.theorem_failures ? 1 : 0;
}

/* The work of run s->k.run_id, which has begun (in the guarded child, with
** a database handle of its own): replay, run, and finish the run row in
** every case, also after an error.  Returns the exit status. */
static int fuzz_work(const config *c, const gen_config *g, fuzz_state *s) {
  char msg[512];
  replay_counts n = {0};
  db_tally t;
  if (db_open(c->db, &s->k.d, msg, sizeof msg)) {
    fprintf(stderr, "%s\n", msg);
    return 2;
  }
  if (c->sut[0]) return fuzz_against_sut(c, g, s);
  int verbose = c->console == CONSOLE_VERBOSE, rc;
  FILE *replay_out = verbose ? stdout : fopen("/dev/null", "w");
  if (!replay_out) return fprintf(stderr, "fuzz: /dev/null cannot be opened\n"), 2;
  if (verbose) printf("replaying stored counterexamples\n");
  rc = run_replay(s->k.d, s->k.run_id, g, s->x, c->property, replay_out, &n);
  if (!verbose) fclose(replay_out);
  if (verbose || (c->console == CONSOLE_REPORT && n.still + n.refuted + n.known + n.fixed))
    printf("%s%d still failing, %d conjectures still refuted, %d known, %d fixed\n",
           verbose ? "  " : "replayed: ", n.still, n.refuted, n.known, n.fixed);
  if (rc == 0) rc = fuzz_properties(g, s);
  sightings_free(&s->k.seen);
  if (db_run_end(s->k.d, s->k.run_id, s->cases, &t, msg, sizeof msg)) {
    fprintf(stderr, "%s\n", msg);
    s->k.db_error = 1;
  }
  if (!verbose && rc == 0 && !s->k.db_error &&
      fuzz_report_print(stdout, &s->rep, s->k.d, s->k.run_id, &t, c->db, msg, sizeof msg)) {
    fprintf(stderr, "%s\n", msg);
    s->k.db_error = 1;
  }
  fuzz_report_free(&s->rep);
  finish_db(s->k.d, c->db);
  if (s->not_stored)
    printf("%d counterexample%s NOT STORED (see the errors above)\n", s->not_stored,
           s->not_stored == 1 ? "" : "s");
  if (rc || s->k.db_error) return 2;
  if (s->not_run)
    printf("%d propert%s not run: the run's budget of %g s was spent\n", s->not_run,
           s->not_run == 1 ? "y" : "ies", c->budget);
  if (verbose) print_tally(&t, 0);
  if (s->harness_errors)
    printf("%d propert%s with harness errors\n", s->harness_errors,
           s->harness_errors == 1 ? "y" : "ies");
  return s->harness_errors ? 2 : t.theorem_failures ? 1 : 0;
}

/* Open the database and insert the run's row (s->k.run_id); 0 or 2.  The
** handle is closed again: the guarded child opens its own. */
static int fuzz_begin(const config *c, fuzz_state *s) {
  char msg[512], rev[64], dump[8192];
  db *d;
  if (db_open(c->db, &d, msg, sizeof msg)) {
    fprintf(stderr, "%s\n", msg);
    return 2;
  }
  git_revision(rev, sizeof rev);
  if (config_dump(c, dump, sizeof dump)) dump[0] = 0;
  int64_t shard_k = s->x->shard_k, shard_n = s->x->shard_n;
  const char *batch = s->x->batch;
  size_t used = strlen(dump);
  if (shard_n > 1 && used && used + 64 + strlen(batch) < sizeof dump) /* for merge */
    snprintf(dump + used, sizeof dump - used, "# shard %lld/%lld%s%s\n", (long long)shard_k,
             (long long)shard_n, batch[0] ? " batch " : "", batch);
  char sut_name[sizeof c->sut + 32];
  sut_identity(c->sut, c->sut_layer, sut_name, sizeof sut_name);
  int rc = db_run_begin(d, s->seed, dump, rev[0] ? rev : NULL, c->sut[0] ? sut_name : NULL,
                        &s->k.run_id, msg, sizeof msg);
  if (rc) fprintf(stderr, "%s\n", msg);
  db_close(d);
  return rc ? 2 : 0;
}

/* The run was ended by a signal (out): mark it interrupted and say so.
** Returns 130 (SIGINT), 143 (SIGTERM), 129 (SIGHUP), or 2 (killed
** otherwise, or the mark could not be stored). */
static int fuzz_interrupted(const config *c, const fuzz_state *s, const guard_outcome *out) {
  char msg[512];
  db *d;
  int rc = db_open(c->db, &d, msg, sizeof msg);
  if (rc == 0) rc = db_run_interrupted(d, s->k.run_id, out->reason, msg, sizeof msg);
  finish_db(d, c->db);
  if (rc) {
    fprintf(stderr, "%s\n", msg);
    printf("interrupted (%s); run %lld could not be marked interrupted\n", out->reason,
           (long long)s->k.run_id);
    return 2;
  }
  printf("interrupted (%s): run %lld marked interrupted in %s; %s\n", out->reason,
         (long long)s->k.run_id, c->db,
         c->console == CONSOLE_VERBOSE
             ? "the counterexamples shown above as stored are stored"
             : "the counterexamples found so far are stored (layoutcheck report lists them)");
  return guard_exit_status(out->signo);
}

/* Refuse, before a database is opened or anything printed, a run that
** would select nothing or name what does not exist: a property glob that
** selects no property that runs (from --property or CONFIG.yaml's
** property), an unknown op in --ops, a SUT command that cannot be
** started.  0, or 2 with the message on stderr. */
static int fuzz_preflight(const config *c, const run_ctx *x) {
  if (c->sut[0] && c->sut_postconditions && wp_selected_count(c) == 0)
    return fprintf(stderr,
                   "fuzz: the property glob '%s' selects no post-condition (`layoutcheck list "
                   "--property 'wp.*'` lists them); nothing was run\n",
                   c->property),
           2;
  if (c->sut[0]) return sut_preflight(c);
  int matched = 0, runs = 0;
  for (int i = 0; i < run_property_count(x); i++) {
    const gen_property *p = run_property_at(x, i);
    if (fnmatch(c->property, p->name, 0) != 0) continue;
    matched++;
    if (p->kind != GEN_CONJECTURE || c->include_conjectures) runs++;
  }
  if (runs) return 0;
  if (matched)
    fprintf(stderr,
            "fuzz: the property glob '%s' selects only conjectures, and conjectures are "
            "off (conjectures: false); nothing was run\n",
            c->property);
  else
    fprintf(stderr,
            "fuzz: the property glob '%s' selects no property (`layoutcheck list` lists "
            "them); nothing was run\n",
            c->property);
  return 2;
}

/* Print the run's header: its seed, cases or duration, the database and
** the configuration used. */
static void print_header(const config *c, const fuzz_state *s) {
  if (c->duration > 0)
    printf("seed %s, running for %g s, results in %s (run %lld)\n", s->seed, c->duration, c->db,
           (long long)s->k.run_id);
  else
    printf("seed %s, %lld cases per property, results in %s (run %lld)\n", s->seed,
           (long long)c->cases, c->db, (long long)s->k.run_id);
  printf("configuration: %s\n", c->config_path[0] ? c->config_path : "none found (the defaults)");
}

/* The run of `layoutcheck fuzz`; see run_fuzz.h. */
int run_fuzz(config *c, const run_ctx *x) {
  gen_config g;
  fuzz_state s;
  guard_outcome out;
  char msg[512];
  memset(&s, 0, sizeof s);
  s.c = c;
  s.x = x;
  s.k.seed = s.seed;
  s.k.sut = "";
  if (fuzz_preflight(c, x)) return 2;
  if (!c->has_seed) c->seed = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
  run_engine_config(c, x, &g);
  g.progress = isatty(2);
  g.run_progress.t0 = gen_now();
  g.run_progress.deadline = c->budget > 0 ? g.run_progress.t0 + c->budget : 0;
  snprintf(s.seed, sizeof s.seed, "%llu", (unsigned long long)c->seed);
  if (fuzz_begin(c, &s)) return 2;
  s.rep.color = c->color;
  s.rep.quiet = c->console == CONSOLE_QUIET;
  if (!s.rep.quiet) print_header(c, &s);
  int where = guard_start(&out, msg, sizeof msg);
  if (where < 0)
    fprintf(stderr, "warning: %s: SIGINT, SIGTERM or SIGHUP will leave run %lld unfinished\n", msg,
            (long long)s.k.run_id);
  if (where <= 0) return fuzz_work(c, &g, &s); /* the child, or unguarded */
  return out.signo ? fuzz_interrupted(c, &s, &out) : out.status;
}

/* The replay of `layoutcheck replay`; see run_fuzz.h. */
int run_replay_all(const config *c, const run_ctx *x) {
  gen_config g;
  db *d;
  char msg[512];
  run_engine_config(c, x, &g);
  if (c->sut[0] && sut_preflight(c)) return 2; /* before the database is opened */
  if (run_db_missing(c)) return 2;
  if (db_open(c->db, &d, msg, sizeof msg)) {
    fprintf(stderr, "%s\n", msg);
    return 2;
  }
  replay_counts n = {0};
  int rc =
      c->sut[0] ? sut_replay(c, &g, d, 0, &n) : run_replay(d, 0, &g, x, c->property, stdout, &n);
  if (rc == 0 && c->sut[0]) rc = wp_sut_replay(c, &g, d, 0, &n);
  db_close(d);
  if (rc) return 2;
  printf("%d still failing (%d theorem, %d conjecture), %d known, %d fixed\n", n.still + n.refuted,
         n.still, n.refuted, n.known, n.fixed);
  if (n.unchecked) printf("%d not checked (left as they are, see above)\n", n.unchecked);
  return n.still ? 1 : n.unchecked ? REPLAY_UNCHECKED : 0;
}
