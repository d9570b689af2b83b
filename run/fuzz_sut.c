/*
** fuzz_sut.c -- `fuzz --sut COMMAND` and `replay --sut COMMAND`: run the
** differential properties of the selected ops against a system under
** test, sut_window requests at a time, shrink every disagreement (asking
** the SUT again, a window of candidates at a time) and store it with the
** SUT's name (sut_identity: the command and the layer); the stored input
** is the request line.
*/
#include "fuzz_sut.h"

#include "cex_store.h"
#include "run_loop.h"

#include "case_line.h"
#include "diff.h"
#include "lo.h"
#include "proto.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Every item of the list must name an op differential fuzzing knows, and
** a comparison if it gives one: 0, or -1 with the reason on stderr. */
static int check_ops(const char *list) {
  char why[1024];
  if (diff_ops_check(list ? list : "", why, sizeof why) == 0) return 0;
  fprintf(stderr, "--ops: %s\n", why);
  return -1;
}

/* Is msg the message of a SUT that got out of step? */
static int out_of_step(const char *msg) { return strncmp(msg, "out of step", 11) == 0; }

/* One differential run: the findings' sink, and the op being run. */
typedef struct sut_state {
  const config *c;
  run_sink k;
  diff_layer layer;
  sut *s;
  diff_target t;  /* of the op being run */
  gen_property p; /* its property */
  char name[64];  /* the property's name, "sut.OP" */
  int64_t cases;  /* of the ops run */
  long not_comparable;
} sut_state;

/* Store a shrunk disagreement at once and print it. */
static void on_disagreement(const gen_property *p, const gen_result *r, void *ud) {
  sut_state *s = ud;
  char input[4 * GEN_ARG_LEN + 64], msg[512];
  int64_t id = 0;
  int is_new = 0;
  case_line_write(p, &r->shrunk, input, sizeof input);
  if (cex_store_result(s->k.d, p, "theorem", s->k.sut, s->k.seed, s->k.run_id, r, &id, &is_new, msg,
                       sizeof msg)) {
    fprintf(stderr, "%s\n", msg);
    s->k.db_error = 1;
  }
  printf("%s %s (#%lld, %s; shrunk in %lld steps, %.1f s%s)\n  %s\n  %s\n",
         out_of_step(r->message) ? "OUT OF STEP" : "DISAGREE", p->name, (long long)id,
         is_new ? "new" : "found again", (long long)r->shrink_steps, r->shrink_seconds,
         r->unshrunk ? "; not shrunk: the shrink budget is spent" : "", input, r->message);
  fflush(stdout);
}

/* The comparison of op: the one --ops names, else exact in the cute
** layer and the op's default in the plain one. */
static diff_mode mode_of(const config *c, const diff_op *op, diff_layer layer) {
  diff_mode mode;
  if (diff_ops_selected(c->sut_ops, op, &mode) != 2)
    mode = layer == DIFF_CUTE ? DIFF_EXACT : op->mode;
  return mode;
}

/* Print the SUT's statistics. */
static void print_stats(const sut *s) {
  printf("%ld requests to the system under test in %ld windows, %ld restarts", s->requests,
         s->windows, s->restarts);
  if (s->retried) printf(", %ld failed windows asked again in parts", s->retried);
  printf("\n");
  if (s->weak_sync)
    printf("note: the system under test answers the sync request `%s` with an error: its "
           "answers were counted, not matched\n",
           SUT_PROBE);
}

/* Check the differential run's settings before anything is opened; see
** fuzz_sut.h. */
int sut_preflight(const config *c) {
  diff_layer layer;
  char why[512];
  if (check_ops(c->sut_ops) || sut_check_known(c)) return 2;
  if (diff_layer_parse(c->sut_layer, &layer))
    return fprintf(stderr, "sut_layer: expected plain or cute, found '%s'\n", c->sut_layer), 2;
  sut *s = sut_new(c->sut, c->sut_timeout);
  if (!s) return fprintf(stderr, "out of memory\n"), 2;
  int rc = sut_check_start(s, why, sizeof why);
  sut_free(s);
  if (rc == 0) return 0;
  fprintf(stderr, "--sut %s: %s; nothing was run or stored\n", c->sut, why);
  return 2;
}

/* run_subjects' selected: is op i selected? */
static int op_selected(void *ud, int i) {
  sut_state *st = ud;
  diff_mode mode;
  const diff_op *op = diff_op_at(i);
  if (op->name && !strncmp(op->name, "sw.", 3) && !st->c->sut_swizzles) return 0;
  return diff_ops_selected(st->c->sut_ops, op, &mode) != 0;
}

/* run_subjects' not_run: op i is left out, the budget spent. */
static void op_not_run(void *ud, int i) {
  sut_state *st = ud;
  printf("%-24s not run: the run's budget of %g s was spent\n", diff_op_name(diff_op_at(i)),
         st->c->budget);
}

/* run_subjects' begin: the differential property of op i, its requests
** going to the SUT a window at a time (g's batch check). */
static const gen_property *op_begin(void *ud, int i, gen_config *g) {
  sut_state *st = ud;
  const diff_op *op = diff_op_at(i);
  diff_target_init(&st->t, op, st->layer, mode_of(st->c, op, st->layer), st->s,
                   (int)st->c->sut_window);
  diff_property(&st->t, &st->p, st->name, sizeof st->name);
  g->batch = &st->t.batch;
  return &st->p;
}

/* run_subjects' end: print the op's row, its stops and cases not
** comparable; record its statistics; add up its cases. */
static void op_end(void *ud, const gen_property *p, const gen_result *r, const gen_config *g) {
  sut_state *st = ud;
  const diff_target *t = &st->t;
  char msg[512];
  if (t->unsupported)
    printf("%-24s %-9s skipped: the system under test answers \"unsupported op\"\n",
           diff_op_name(t->op), diff_mode_name(t->mode));
  else {
    db_tally n; /* the op's disagreements in this run, in report.h's words */
    if (db_run_tally_of(st->k.d, st->k.run_id, p->name, &n, msg, sizeof msg)) {
      fprintf(stderr, "%s\n", msg);
      st->k.db_error = 1;
    }
    printf("%-24s %-9s %7lld %7lld %7lld %6lld %4lld %4lld %5lld %7.2f\n", diff_op_name(t->op),
           diff_mode_name(t->mode), (long long)r->cases, (long long)r->passed,
           (long long)r->discarded, (long long)r->failed, (long long)n.new_count,
           (long long)n.open_count, (long long)n.known_count, r->seconds);
  }
  run_print_stops(diff_op_name(t->op), r, g);
  if (t->not_comparable)
    printf("  note: %s: %ld case%s not comparable: the oracle's own limits (a value past 63 "
           "bits, more entries than it holds) where the system under test answered; "
           "discarded, not disagreements\n",
           diff_op_name(t->op), t->not_comparable, t->not_comparable == 1 ? "" : "s");
  st->not_comparable += t->not_comparable;
  st->cases += r->cases;
  fflush(stdout);
  db_run_property(st->k.d, st->k.run_id, p->name, "theorem", r->cases, r->passed, r->discarded,
                  r->failed, r->seconds, NULL, msg, sizeof msg);
}

/* The differential run against c->sut; see fuzz_sut.h. */
int sut_fuzz(const config *c, const gen_config *g0, db *d, int64_t run_id, const char *seed,
             int64_t *cases) {
  gen_config g = *g0;
  g.isolate = 0; /* the SUT is the separate process; the oracle runs here */
  g.signature = diff_signature;
  *cases = 0;
  diff_layer layer = DIFF_PLAIN;
  if (check_ops(c->sut_ops)) return 2;
  if (diff_layer_parse(c->sut_layer, &layer))
    return fprintf(stderr, "sut_layer: expected plain or cute, found '%s'\n", c->sut_layer), 2;
  sut *s = sut_new(c->sut, c->sut_timeout);
  if (!s) return fprintf(stderr, "out of memory\n"), 2;
  char identity[sizeof c->sut + 32];
  sut_identity(c->sut, c->sut_layer, identity, sizeof identity);
  sut_state st;
  memset(&st, 0, sizeof st);
  st.c = c;
  st.k.d = d;
  st.k.run_id = run_id;
  st.k.seed = seed;
  st.k.sut = identity;
  st.layer = layer;
  st.s = s;
  run_subjects ops = {.count = diff_op_count(),
                      .selected = op_selected,
                      .not_run = op_not_run,
                      .begin = op_begin,
                      .end = op_end,
                      .on_failure = on_disagreement,
                      .ud = &st};
  printf("%-24s %-9s %7s %7s %7s %6s %4s %4s %5s %7s\n", "op", "compare", "cases", "agreed",
         "discard", "differ", "new", "open", "known", "seconds");
  int rc = run_loop(&g, &ops, &st.k);
  *cases = st.cases;
  if (rc == 0) {
    print_stats(s);
    if (st.not_comparable)
      printf("%ld case%s not comparable (the oracle's own limits), none stored\n",
             st.not_comparable, st.not_comparable == 1 ? "" : "s");
  }
  sut_free(s);
  sightings_free(&st.k.seen);
  return rc ? 2 : st.k.db_error ? 2 : 0;
}

/* One stored disagreement being asked again. */
typedef struct stored_cex {
  int64_t id;
  int known; /* triaged known */
  char *input;
  gen_case k;
  const char *argv[GEN_MAX_ARGS];
  diff_target t;
  char msg[512];
} stored_cex;

typedef struct replay_sut {
  stored_cex *v;
  size_t n, cap;
} replay_sut;

/* Collect one stored disagreement (db_each_cex passes rows only for the
** call). */
static int collect(const db_cex *c, void *ud) {
  replay_sut *r = ud;
  if (r->n == r->cap) {
    size_t cap = r->cap ? 2 * r->cap : 16;
    stored_cex *nv = realloc(r->v, cap * sizeof *nv);
    if (!nv) return 1;
    r->v = nv;
    r->cap = cap;
  }
  stored_cex *e = &r->v[r->n];
  memset(e, 0, sizeof *e);
  e->id = c->id;
  e->known = strcmp(c->triage, "known") == 0;
  if (!(e->input = strdup(c->input))) return 1;
  r->n++;
  return 0;
}

/* Set up e's request; 0, or -1 when its input does not parse. */
static int prepare(const config *c, stored_cex *e, diff_layer layer, sut *s) {
  char op[64];
  const diff_op *dop;
  if (case_line_read(e->input, &e->k, op, sizeof op)) return -1;
  for (int i = 0; i < e->k.argc; i++) e->argv[i] = e->k.argv[i];
  if (!(dop = diff_op_for(op, e->k.argc, (const char *const *)e->argv))) return -1;
  diff_target_init(&e->t, dop, layer, mode_of(c, dop, layer), s, (int)c->sut_window);
  return 0;
}

/* Report and record the verdict of each stored disagreement asked
** again; 0, or -1 on a database error. */
static int record_verdicts(db *d, int64_t run_id, stored_cex *const *v, const diff_item *items,
                           size_t n, replay_counts *counts) {
  char err[512], sig[GEN_SIG_LEN], shown[4 * (4 * GEN_ARG_LEN + 64)];
  int error = 0;
  for (size_t i = 0; i < n; i++) {
    const stored_cex *e = v[i];
    int rc = 0;
    if (items[i].verdict == GEN_FAIL) {
      if (e->known)
        counts->known++;
      else
        counts->still++;
      printf("  #%lld %s: %s\n    %s\n", (long long)e->id,
             out_of_step(e->msg) ? "OUT OF STEP"
             : e->known          ? "known, still disagrees"
                                 : "STILL DISAGREES",
             proto_escape(e->input, shown, sizeof shown), e->msg);
      diff_signature(NULL, e->msg, sig, sizeof sig);
      rc = db_cex_seen(d, e->id, run_id, e->msg, sig, err, sizeof err);
    } else if (items[i].verdict == GEN_PASS) {
      counts->fixed++;
      printf("  #%lld fixed: %s\n", (long long)e->id, e->input);
      rc = db_cex_fixed(d, e->id, run_id, err, sizeof err);
    } else {
      printf("  #%lld %s: the system under test does not do this op; left as it is\n",
             (long long)e->id, e->input);
    }
    if (rc) {
      fprintf(stderr, "%s\n", err);
      error = -1;
    }
  }
  fflush(stdout);
  return error;
}

/* Ask the SUT again the stored disagreements of one layer (stored under
** its identity), window requests at a time; 0, or -1 on a database
** error. */
static int replay_layer(const config *c, const gen_config *g, db *d, sut *s, diff_layer layer,
                        int64_t run_id, replay_counts *counts) {
  char identity[sizeof c->sut + 32], msg[512];
  replay_sut r = {NULL, 0, 0};
  sut_identity(c->sut, diff_layer_name(layer), identity, sizeof identity);
  int rc = db_each_cex(d, "sut.*", identity, "open", collect, &r, msg, sizeof msg);
  if (rc) fprintf(stderr, "%s\n", rc < 0 ? msg : "out of memory");
  diff_item *items = r.n ? malloc(r.n * sizeof *items) : NULL;
  stored_cex **of = r.n ? malloc(r.n * sizeof *of) : NULL; /* the entry of each item */
  if (r.n && (!items || !of)) rc = 1;
  size_t n = 0;
  for (size_t i = 0; rc == 0 && i < r.n; i++) {
    stored_cex *e = &r.v[i];
    if (prepare(c, e, layer, s)) {
      printf("  #%lld %s: stored input does not parse; left as it is\n", (long long)e->id,
             e->input);
      continue;
    }
    of[n] = e;
    items[n++] = (diff_item){&e->t, e->k.argc, e->argv, GEN_DISCARD, e->msg, sizeof e->msg};
  }
  for (size_t done = 0; rc == 0 && done < n;)
    done += (size_t)diff_ask(s, (int)c->sut_window, items + done, (int)(n - done), &g->bounds);
  if (rc == 0) rc = record_verdicts(d, run_id, of, items, n, counts);
  for (size_t i = 0; i < r.n; i++) free(r.v[i].input);
  free(r.v);
  free(items);
  free(of);
  return rc ? -1 : 0;
}

/* Ask the SUT again its stored disagreements; see fuzz_sut.h. */
int sut_replay(const config *c, const gen_config *g, db *d, int64_t run_id, replay_counts *n) {
  sut *s = sut_new(c->sut, c->sut_timeout);
  if (!s) return 2;
  int rc = replay_layer(c, g, d, s, DIFF_PLAIN, run_id, n);
  if (rc == 0) rc = replay_layer(c, g, d, s, DIFF_CUTE, run_id, n);
  sut_free(s);
  return rc ? 2 : 0;
}
