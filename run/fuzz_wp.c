/*
** fuzz_wp.c -- `fuzz --sut COMMAND --postconditions`: the post-condition
** properties with their ops evaluated by a system under test.
**
** A post-condition's check asks for the op it is about through its
** caller (p_whitepaper.h).  Here a window of cases is checked in rounds:
** each round runs the checks of the cases not finished yet; a check that
** asks for a request its case has no answer to records it and stops (the
** caller answers WP_PENDING); the round's recorded requests go to the SUT
** together, sut_window at a time, and their answers are kept with their
** case; the next round runs those checks again, from the start, and they
** get further.  A check is deterministic, so its last run, the one that
** asked for nothing new, is its verdict.  A check makes at most WP_ROUNDS
** requests (the most any post-condition asks is four).  Outside a batch
** (the engine checking one case alone) the caller asks the SUT at once.
**
** A window the SUT fails (a crash, a hang, garbage, out of step) is asked
** again a request at a time; a request that fails alone is answered
** WP_BROKEN, which fails its case with what happened.
*/
#include "fuzz_wp.h"

#include "cex_format.h"
#include "cex_store.h"
#include "run_loop.h"
#include "run_setup.h"

#include "case_line.h"
#include "p_whitepaper.h"
#include "properties.h"
#include "sut.h"

#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WP_ROUNDS 8 /* requests one check may make */

/* One request of a case and its answer. */
typedef struct wp_entry {
  char *request, *answer; /* owned */
  int broken;             /* the SUT failed on it; answer says how */
} wp_entry;

struct wp_state;

/* What one case of a window knows: its answers and the request its last
** check ran into. */
typedef struct wp_case {
  wp_caller caller; /* x->data of the case while its check runs */
  wp_entry e[WP_ROUNDS];
  int n;
  char *pending; /* owned; NULL when the last check asked for nothing new */
} wp_case;

/* The run. */
typedef struct wp_state {
  wp_caller sync; /* first: the property's data, for a check outside a batch */
  const config *c;
  sut *s;
  run_sink k;
  const gen_property *base; /* the property being run */
  gen_property p;           /* base with data = &sync */
  gen_batch batch;
  wp_case *cases;
  int ncases;
  int64_t total;   /* cases of the properties run */
  int unsupported; /* the SUT answered "unsupported op" in this property */
} wp_state;

/* Does an answer say the op is not implemented? */
static int is_unsupported(const char *answer) {
  return strncmp(answer, "error: unsupported op", 21) == 0;
}

/* The caller outside a batch: ask the SUT this request now. */
static wp_status sync_call(void *ud, const char *request, char *out, size_t cap) {
  wp_state *st = ud;
  if (sut_ask(st->s, request, out, cap) != SUT_OK) return WP_BROKEN;
  if (is_unsupported(out)) st->unsupported = 1;
  return WP_ANSWERED;
}

/* The caller of a case in a batch: its answer, or WP_PENDING after
** recording the request (the first one the check runs into). */
static wp_status memo_call(void *ud, const char *request, char *out, size_t cap) {
  wp_case *w = ud;
  for (int i = 0; i < w->n; i++)
    if (strcmp(w->e[i].request, request) == 0) {
      snprintf(out, cap, "%s", w->e[i].answer);
      return w->e[i].broken ? WP_BROKEN : WP_ANSWERED;
    }
  if (!w->pending && w->n < WP_ROUNDS) w->pending = strdup(request);
  if (!w->pending) snprintf(out, cap, "the check asks more than %d requests", WP_ROUNDS);
  return w->pending ? WP_PENDING : WP_BROKEN;
}

/* Forget what the case knew. */
static void case_clear(wp_case *w) {
  for (int i = 0; i < w->n; i++) {
    free(w->e[i].request);
    free(w->e[i].answer);
  }
  free(w->pending);
  memset(w, 0, sizeof *w);
}

/* Keep the answer (or failure) of w's pending request. */
static void case_answer(wp_state *st, wp_case *w, const char *answer, int broken) {
  wp_entry *e = &w->e[w->n];
  e->request = w->pending;
  e->answer = strdup(answer);
  e->broken = broken || !e->answer;
  if (!e->answer) e->answer = strdup("out of memory");
  w->pending = NULL;
  w->n++;
  if (!broken && is_unsupported(answer)) st->unsupported = 1;
}

/* Ask the SUT the pending requests of the cases w[0..n), window at a
** time; a failed window is asked again a request at a time. */
static void ask_pending(wp_state *st, wp_case **w, int n) {
  int window = (int)st->c->sut_window;
  for (int at = 0; at < n; at += window) {
    int m = n - at < window ? n - at : window;
    const char *req[CONFIG_MAX_WINDOW];
    char *reply[CONFIG_MAX_WINDOW], why[512];
    for (int i = 0; i < m; i++) req[i] = w[at + i]->pending;
    if (sut_ask_window(st->s, req, m, reply, why, sizeof why, NULL) == SUT_OK) {
      for (int i = 0; i < m; i++) {
        case_answer(st, w[at + i], reply[i], 0);
        free(reply[i]);
      }
      continue;
    }
    for (int i = 0; i < m; i++) { /* one at a time */
      char out[4096];
      int bad = sut_ask(st->s, req[i], out, sizeof out) != SUT_OK;
      case_answer(st, w[at + i], out, bad);
    }
  }
}

/* The batch check: the cases x[0..n) in rounds (see the top of the file). */
static int batch_check(gen_ctx *x, gen_verdict *v, int n) {
  wp_state *st = (wp_state *)x[0].data;
  if (n > st->ncases) {
    wp_case *nc = realloc(st->cases, (size_t)n * sizeof *nc);
    if (!nc) {
      for (int i = 0; i < n; i++) v[i] = gen_errorf(&x[i], "out of memory");
      return n;
    }
    memset(nc + st->ncases, 0, (size_t)(n - st->ncases) * sizeof *nc);
    st->cases = nc;
    st->ncases = n;
  }
  wp_case **ask = malloc((size_t)n * sizeof *ask);
  if (!ask) {
    for (int i = 0; i < n; i++) v[i] = gen_errorf(&x[i], "out of memory");
    return n;
  }
  for (int i = 0; i < n; i++) {
    case_clear(&st->cases[i]);
    st->cases[i].caller = (wp_caller){memo_call, &st->cases[i]};
    v[i] = GEN_DISCARD;
  }
  for (int round = 0; round <= WP_ROUNDS; round++) {
    int m = 0;
    for (int i = 0; i < n; i++) {
      wp_case *w = &st->cases[i];
      if (round > 0 && w->n < round) continue; /* finished in an earlier round */
      x[i].msg[0] = 0;
      x[i].labels = 0;
      x[i].data = &w->caller;
      v[i] = st->base->check(&x[i]);
      x[i].data = &st->sync;
      if (w->pending) ask[m++] = w;
    }
    if (m == 0) break;
    ask_pending(st, ask, m);
  }
  for (int i = 0; i < n; i++) case_clear(&st->cases[i]);
  free(ask);
  return n;
}

/* Store a shrunk failure at once and print it. */
static void on_failure(const gen_property *p, const gen_result *r, void *ud) {
  wp_state *st = ud;
  char input[4 * GEN_ARG_LEN + 256], msg[512];
  int64_t id = 0;
  int is_new = 0;
  if (cex_vars_text(p, &r->shrunk, input, sizeof input))
    snprintf(input, sizeof input, "(too long)");
  if (cex_store_result(st->k.d, p, "theorem", st->k.sut, st->k.seed, st->k.run_id, r, &id, &is_new,
                       msg, sizeof msg)) {
    fprintf(stderr, "%s\n", msg);
    st->k.db_error = 1;
  }
  printf("FAILS %s (#%lld, %s; shrunk in %lld steps, %.1f s%s)\n  %s\n  %s\n  (the op evaluated by "
         "%s, the checks by the oracle)\n",
         p->name, (long long)id, is_new ? "new" : "found again", (long long)r->shrink_steps,
         r->shrink_seconds, r->unshrunk ? "; not shrunk: the shrink budget is spent" : "", input,
         r->message, st->c->sut);
  fflush(stdout);
}

/* run_subjects' selected: is property i a post-condition the glob selects? */
static int selected(void *ud, int i) {
  wp_state *st = ud;
  const gen_property *p = prop_at(i);
  return wp_is_postcondition(p) && fnmatch(st->c->property, p->name, 0) == 0;
}

/* run_subjects' not_run: property i is left out, the budget spent. */
static void not_run(void *ud, int i) {
  wp_state *st = ud;
  printf("%-26s not run: the run's budget of %g s was spent\n", prop_at(i)->name, st->c->budget);
}

/* run_subjects' begin: property i, its checks asking the SUT. */
static const gen_property *begin(void *ud, int i, gen_config *g) {
  wp_state *st = ud;
  st->base = prop_at(i);
  st->p = *st->base;
  st->p.data = &st->sync;
  st->unsupported = 0;
  st->batch = (gen_batch){batch_check, (int)st->c->sut_window};
  g->batch = &st->batch;
  return &st->p;
}

/* run_subjects' end: print the property's row and record it. */
static void end(void *ud, const gen_property *p, const gen_result *r, const gen_config *g) {
  wp_state *st = ud;
  char msg[512];
  db_tally t;
  if (db_run_tally_of(st->k.d, st->k.run_id, p->name, &t, msg, sizeof msg)) {
    fprintf(stderr, "%s\n", msg);
    st->k.db_error = 1;
  }
  printf("%-26s %7lld %7lld %7lld %6lld %4lld %4lld %5lld %7.2f%s\n", p->name, (long long)r->cases,
         (long long)r->passed, (long long)r->discarded, (long long)r->failed,
         (long long)t.new_count, (long long)t.open_count, (long long)t.known_count, r->seconds,
         st->unsupported ? "  (the SUT answers \"unsupported op\" to an op of it)" : "");
  run_print_stops(p->name, r, g);
  st->total += r->cases;
  fflush(stdout);
  db_run_property(st->k.d, st->k.run_id, p->name, "theorem", r->cases, r->passed, r->discarded,
                  r->failed, r->seconds, NULL, msg, sizeof msg);
}

/* How many post-conditions c->property selects; see fuzz_wp.h. */
int wp_selected_count(const config *c) {
  int n = 0;
  for (int i = 0; i < prop_count(); i++)
    if (wp_is_postcondition(prop_at(i)) && fnmatch(c->property, prop_at(i)->name, 0) == 0) n++;
  return n;
}

/* Empty *st, then set what a run and a replay against the SUT s share:
** the configuration, the SUT with its sync caller, the database and run. */
static void wp_state_init(wp_state *st, const config *c, sut *s, db *d, int64_t run_id) {
  memset(st, 0, sizeof *st);
  st->sync = (wp_caller){sync_call, st};
  st->c = c;
  st->s = s;
  st->k.d = d;
  st->k.run_id = run_id;
}

/* The post-condition run against c->sut; see fuzz_wp.h. */
int wp_sut_fuzz(const config *c, const gen_config *g0, db *d, int64_t run_id, const char *seed,
                int64_t *cases) {
  gen_config g = *g0;
  g.isolate = 0; /* the SUT is the separate process; the checks run here */
  *cases = 0;
  sut *s = sut_new(c->sut, c->sut_timeout);
  if (!s) return fprintf(stderr, "out of memory\n"), 2;
  char identity[sizeof c->sut + 32];
  sut_identity(c->sut, c->sut_layer, identity, sizeof identity);
  wp_state st;
  wp_state_init(&st, c, s, d, run_id);
  st.k.seed = seed;
  st.k.sut = identity;
  run_subjects subjects = {.count = prop_count(),
                           .selected = selected,
                           .not_run = not_run,
                           .begin = begin,
                           .end = end,
                           .on_failure = on_failure,
                           .ud = &st};
  printf("post-conditions evaluated by the system under test, checked by the oracle\n");
  printf("%-26s %7s %7s %7s %6s %4s %4s %5s %7s\n", "property", "cases", "passed", "discard",
         "failed", "new", "open", "known", "seconds");
  int rc = run_loop(&g, &subjects, &st.k);
  *cases = st.total;
  if (rc == 0)
    printf("%ld requests to the system under test in %ld windows, %ld restarts\n", s->requests,
           s->windows, s->restarts);
  for (int i = 0; i < st.ncases; i++) case_clear(&st.cases[i]);
  free(st.cases);
  sut_free(s);
  sightings_free(&st.k.seen);
  return rc ? 2 : st.k.db_error ? 2 : 0;
}

/* A replay of the stored post-condition failures of a SUT. */
typedef struct wp_replay {
  wp_state *st;
  const gen_config *g;
  replay_counts *n;
  int error;
} wp_replay;

/* Ask the SUT one stored failure again (db_each_cex's callback). */
static int replay_one(const db_cex *row, void *ud) {
  wp_replay *r = ud;
  char op[64], msg[512], err[512], vars[4 * GEN_ARG_LEN + 64], sig[GEN_SIG_LEN];
  gen_case k;
  const gen_property *base = prop_find(row->property);
  if (!base || !wp_is_postcondition(base) || case_line_read(row->input, &k, op, sizeof op)) {
    printf("  #%lld %s: not a post-condition of this build, or its input does not parse; left "
           "as it is\n",
           (long long)row->id, row->property);
    r->n->unchecked++;
    return 0;
  }
  gen_property p = *base;
  p.data = &r->st->sync;
  gen_verdict v = gen_check_once(r->g, &p, &k, msg, sizeof msg);
  if (cex_vars_text(base, &k, vars, sizeof vars)) snprintf(vars, sizeof vars, "(too long)");
  int rc = 0;
  if (v == GEN_FAIL) {
    int known = strcmp(row->triage, "known") == 0;
    gen_signature(r->g, base, msg, sig, sizeof sig);
    rc = db_cex_seen(r->st->k.d, row->id, r->st->k.run_id, msg, sig, err, sizeof err);
    if (known)
      r->n->known++;
    else
      r->n->still++;
    printf("  #%lld %s %s: %s\n    %s\n", (long long)row->id,
           known ? "known, still fails" : "STILL FAILS", row->property, vars, msg);
  } else if (v == GEN_PASS) {
    rc = db_cex_fixed(r->st->k.d, row->id, r->st->k.run_id, err, sizeof err);
    r->n->fixed++;
    printf("  #%lld fixed %s: %s\n", (long long)row->id, row->property, vars);
  } else {
    printf("  #%lld %s: %s: discarded now (%s); left as it is\n", (long long)row->id, row->property,
           vars, msg[0] ? msg : "the op is refused");
    r->n->unchecked++;
  }
  if (rc) {
    fprintf(stderr, "%s\n", err);
    r->error = 1;
    return 1;
  }
  return 0;
}

/* Ask the SUT its stored post-condition failures again; see fuzz_wp.h. */
int wp_sut_replay(const config *c, const gen_config *g0, db *d, int64_t run_id, replay_counts *n) {
  gen_config g = *g0;
  g.isolate = 0;
  char identity[sizeof c->sut + 32], msg[512];
  sut_identity(c->sut, c->sut_layer, identity, sizeof identity);
  sut *s = sut_new(c->sut, c->sut_timeout);
  if (!s) return fprintf(stderr, "out of memory\n"), 2;
  wp_state st;
  wp_state_init(&st, c, s, d, run_id);
  wp_replay r = {&st, &g, n, 0};
  int rc = db_each_cex(d, "wp.*", identity, "open", replay_one, &r, msg, sizeof msg);
  if (rc < 0) fprintf(stderr, "%s\n", msg);
  fflush(stdout);
  sut_free(s);
  return rc < 0 || r.error ? 2 : 0;
}
