/*
** engine.c -- the run loop of a property: generate cases from per-case
** seeds, have them checked (here, eval.c, or in a forked worker when
** isolating, worker.c), shrink each distinct failure (shrink.c) and hand
** it to the caller (distinct.c tells failures apart).  Nothing below calls
** back into it: eval.c evaluates, evaluator.c, worker.c and shrink.c build
** on that.
*/
#include "engine_int.h"

#include <assert.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BATCH 256 /* random cases per worker request */

/* Free the shrunk draws a result holds. */
void gen_result_clear(gen_result *r) {
  free(r->choices);
  r->choices = NULL;
}

/* Regenerate the case of a stream here (generation only, no check). */
static void regenerate(const gen_config *cfg, const gen_plan *g, const uint64_t *v, size_t n,
                       gen_case *k) {
  gen_choices c;
  memset(k, 0, sizeof *k);
  if (gen_choices_replay(&c, v, n)) return;
  gen_plan_run(g, &c, &cfg->bounds, k);
  gen_label_args(k);
  gen_choices_free(&c);
}

/* The draws of random case i (for a case whose worker died). */
static void random_stream(const gen_config *cfg, const gen_property *p, const gen_plan *g,
                          int64_t i, uint64_t **v, size_t *n) {
  gen_choices c;
  gen_case k;
  memset(&k, 0, sizeof k); /* gen_plan_run appends to k */
  gen_choices_random(&c, gen_case_seed(cfg->seed, p->name, (uint64_t)i));
  gen_plan_run(g, &c, &cfg->bounds, &k);
  *v = c.v;
  *n = c.n;
}

/* Count one outcome into r; a harness error keeps its first message. */
static void tally(gen_result *r, const gen_outcome *o) {
  r->cases++;
  if (o->verdict == GEN_PASS)
    r->passed++;
  else if (o->verdict == GEN_DISCARD)
    r->discarded++;
  else if (o->verdict == GEN_ERROR) {
    if (!r->errors++) snprintf(r->error_message, sizeof r->error_message, "%s", o->msg);
  } else
    r->failed++;
  for (int l = 0; l < GEN_L_COUNT; l++)
    if (o->labels & (1u << l)) r->label_count[l]++;
}

/* Redraw the progress line on stderr, at most 4 times a second: the
** property (k of n when the caller gave them), its cases, the run's
** elapsed time and an estimate of what is left (the run's deadline when
** it has one, else the pace so far). */
static void progress(const gen_config *cfg, const gen_property *p, const gen_result *r,
                     double *next) {
  double now = gen_now();
  if (!cfg->progress || now < *next) return;
  *next = now + 0.25;
  const gen_progress *g = &cfg->run_progress;
  if (g->n <= 0) {
    fprintf(stderr, "\r  %-40s %8lld / %lld", p->name, (long long)r->cases,
            (long long)cfg->cases);
    fflush(stderr);
    return;
  }
  double frac = cfg->cases > 0 ? (double)r->cases / (double)cfg->cases : 0;
  double done = (double)(g->k - 1) + (frac < 1 ? frac : 1), spent = now - g->t0, left = -1;
  if (g->deadline > 0)
    left = g->deadline - now;
  else if (done >= 0.05) /* before that, no estimate */
    left = spent / done * ((double)g->n - done);
  char eta[32] = "?";
  if (left >= 0) snprintf(eta, sizeof eta, "%.0f", left);
  fprintf(stderr, "\r  [%lld/%lld] %-32.32s %7lld/%lld  %5.0fs elapsed, ~%ss left   ",
          (long long)g->k, (long long)g->n, p->name, (long long)r->cases, (long long)cfg->cases,
          spent, eta);
  fflush(stderr);
}

/* One run of a property: what a failure needs to be told apart from the
** ones before it, shrunk and reported. */
typedef struct run_state {
  const gen_config *cfg;
  const gen_property *p;
  const gen_plan *g;
  gen_result *r;
  gen_on_failure cb;
  void *ud;
  gen_worker *w;               /* the worker when isolating, else NULL */
  char (*sigs)[GEN_SIG_LEN];   /* the signatures reported, nsig of them */
  int64_t nsig, capsig;
  double shrink_spent;         /* seconds */
  int64_t streak;              /* failures of signatures met before, in a row */
} run_state;

/* The most failures a run reports: cfg's max_distinct, at least 1. */
static int64_t max_distinct(const gen_config *cfg) {
  return cfg->max_distinct > 1 ? cfg->max_distinct : 1;
}

/* Has this run reported a failure of signature sig? */
static int met(const run_state *st, const char *sig) {
  for (int64_t i = 0; i < st->nsig; i++)
    if (strcmp(st->sigs[i], sig) == 0) return 1;
  return 0;
}

/* Remember signature sig as reported (nothing when out of memory: the
** failure is then reported again, never lost). */
static void remember(run_state *st, const char *sig) {
  if (met(st, sig)) return;
  if (st->nsig == st->capsig) {
    int64_t cap = st->capsig ? 2 * st->capsig : 8;
    void *nv = realloc(st->sigs, (size_t)cap * sizeof *st->sigs);
    if (!nv) return;
    st->sigs = nv;
    st->capsig = cap;
  }
  snprintf(st->sigs[st->nsig++], GEN_SIG_LEN, "%s", sig);
}

/* Fill r with the failure at stream (v, n), outcome first, shrunk within
** the run's shrink budget to a case failing with signature sig (any
** failure when the run reports only one); takes v. */
static void shrink_failure(run_state *st, uint64_t *v, size_t n, gen_outcome *first,
                           const char *sig) {
  const gen_config *cfg = st->cfg;
  gen_result *r = st->r;
  double left = cfg->shrink_budget > 0 ? cfg->shrink_budget - st->shrink_spent : 1;
  gen_evaluator e = {cfg, st->p, st->g, st->w, max_distinct(cfg) > 1 ? sig : NULL, 0};
  regenerate(cfg, st->g, v, n, &r->original);
  gen_outcome last = *first;
  last.choices = NULL; /* v is the stream; first's copy is freed by the caller */
  last.nchoices = 0;
  r->shrink_steps = 0;
  r->shrink_seconds = 0;
  r->unshrunk = left <= 0;
  if (!r->unshrunk) {
    double t0 = gen_now();
    if (cfg->shrink_budget > 0) e.deadline = t0 + left;
    r->shrink_steps = gen_shrink(&e, &v, &n, &last);
    r->shrink_seconds = gen_now() - t0;
    st->shrink_spent += r->shrink_seconds;
  }
  regenerate(cfg, st->g, v, n, &r->shrunk);
  snprintf(r->message, sizeof r->message, "%s", last.msg[0] ? last.msg : first->msg);
  gen_outcome_clear(&last);
  size_t cap = n * 21 + 1;
  free(r->choices);
  r->choices = malloc(cap);
  if (r->choices) gen_choices_format(v, n, r->choices, cap);
  free(v);
  r->has_failure = 1;
}

/* A case failed at stream (v, n) with outcome o (v is taken): count it as
** found again when its signature was met, else shrink it, report it
** through the callback and remember it.  Returns 1 when the run must stop
** (max_distinct reached). */
static int on_fail(run_state *st, uint64_t *v, size_t n, gen_outcome *o) {
  char sig[GEN_SIG_LEN];
  gen_result *r = st->r;
  gen_signature(st->cfg, st->p, o->msg, sig, sizeof sig);
  if (max_distinct(st->cfg) > 1) {
    int again = met(st, sig); /* the caller hears of every sighting */
    if (st->cfg->seen && st->cfg->seen(st->p, sig, o->msg, st->ud)) again = 1;
    if (again) {
      r->again++;
      free(v);
      if (st->cfg->max_repeats > 0 && ++st->streak >= st->cfg->max_repeats) {
        r->repeats_stop = 1;
        return 1;
      }
      return 0;
    }
  }
  if (r->distinct >= max_distinct(st->cfg)) {
    r->capped++;
    free(v);
    return 1;
  }
  st->streak = 0;
  shrink_failure(st, v, n, o, sig);
  gen_signature(st->cfg, st->p, r->message, r->signature, sizeof r->signature);
  remember(st, sig);
  remember(st, r->signature);
  r->distinct++;
  if (st->cfg->progress) fprintf(stderr, "\r%*s\r", 100, ""); /* the report gets its own line */
  if (st->cb) st->cb(st->p, r, st->ud);
  return r->distinct >= max_distinct(st->cfg);
}

/* Run the random phase in-process, gen_batch_width cases at a time.
** The cases a batch check answered are counted in order up to the one
** that ends the run, so the counts are those of a run one case at a time;
** a batch that stopped at a failure (a system under test that must be
** restarted) goes on from the case after the last one answered. */
static void run_local(run_state *st, double deadline) {
  const gen_config *cfg = st->cfg;
  double next = 0;
  int width = gen_batch_width(cfg), stop = 0;
  gen_choices one_c, *c = width > 1 ? malloc((size_t)width * sizeof *c) : NULL;
  gen_outcome one_o, *o = width > 1 ? malloc((size_t)width * sizeof *o) : NULL;
  int64_t one_at, *at = width > 1 ? malloc((size_t)width * sizeof *at) : NULL;
  if (!c || !o || !at) { /* one at a time (or out of memory) */
    free(c), free(o), free(at);
    c = &one_c, o = &one_o, at = &one_at, width = 1;
  }
  for (int64_t i = gen_shard_next(cfg, 0); i < cfg->cases && !stop;) {
    if (cfg->time > 0 && gen_now() > deadline) break;
    int m = 0;
    for (; m < width && i < cfg->cases; m++, i = gen_shard_next(cfg, i + 1)) {
      at[m] = i;
      gen_choices_random(&c[m], gen_case_seed(cfg->seed, st->p->name, (uint64_t)i));
    }
    int done = gen_eval_many(cfg, st->p, st->g, c, m, o, 1);
    if (done < m) i = gen_shard_next(cfg, at[done - 1] + 1); /* the rest is asked again */
    for (int j = 0; j < done; j++) {
      if (!stop) {
        tally(st->r, &o[j]);
        progress(cfg, st->p, st->r, &next);
        if (o[j].verdict == GEN_PASS) st->streak = 0;
      }
      if (!stop && o[j].verdict == GEN_FAIL) {
        uint64_t *v = c[j].v;
        c[j].v = NULL;
        stop = on_fail(st, v, c[j].n, &o[j]);
      }
      gen_outcome_clear(&o[j]);
    }
    for (int j = 0; j < m; j++) gen_choices_free(&c[j]);
  }
  if (c != &one_c) free(c), free(o), free(at);
}

/* Run the random phase in workers, BATCH cases per request; a worker
** stops a batch at a failure, and the run goes on after it.  Returns 0,
** or -1 with msg when a worker cannot be started. */
static int run_isolated(run_state *st, double deadline, char *msg, size_t cap) {
  const gen_config *cfg = st->cfg;
  gen_worker *w = st->w;
  double next = 0;
  int64_t step = cfg->shard_count > 1 ? cfg->shard_count : 1; /* a batch spans BATCH * step */
  for (int64_t i = gen_shard_next(cfg, 0); i < cfg->cases;) {
    if (cfg->time > 0 && gen_now() > deadline) break;
    if (w->pid <= 0 && gen_worker_start(w, cfg, st->p, st->g, msg, cap)) return -1;
    int64_t last = (cfg->cases - i) / step > BATCH ? i + BATCH * step : cfg->cases;
    if (gen_worker_batch(w, i, last)) {
      gen_worker_stop(w);
      continue;
    }
    for (;;) {
      gen_outcome o;
      int rc = gen_worker_next(w, cfg, &o);
      if (rc == 0) break;
      tally(st->r, &o);
      progress(cfg, st->p, st->r, &next);
      if (o.verdict == GEN_PASS) st->streak = 0;
      int64_t at = i;
      i = gen_shard_next(cfg, i + 1);
      if (o.verdict != GEN_FAIL) {
        gen_outcome_clear(&o);
        continue;
      }
      uint64_t *v = NULL;
      size_t n = 0;
      if (rc == 1) { /* the batch's end mark follows: read it before the worker replays */
        gen_outcome end;
        if (gen_worker_next(w, cfg, &end) != 0) gen_worker_stop(w);
        gen_outcome_clear(&end);
      }
      if (rc == 2 || !o.choices) { /* no draws came back: redraw the case's stream */
        random_stream(cfg, st->p, st->g, at, &v, &n);
      } else {
        v = o.choices;
        n = o.nchoices;
        o.choices = NULL;
      }
      int stop = on_fail(st, v, n, &o);
      gen_outcome_clear(&o);
      if (stop) return 0;
      break; /* the batch ended at the failure: ask for the next one */
    }
  }
  return 0;
}

/* Run property p under cfg into r (see gen.h). */
int gen_run(const gen_config *cfg, const gen_property *p, gen_result *r, gen_on_failure cb,
            void *ud, char *msg, size_t cap) {
  gen_plan plan;
  memset(r, 0, sizeof *r);
  if (gen_plan_resolve(p->generator, &plan))
    return snprintf(msg, cap, "property %s: unknown generator %s", p->name, p->generator), -1;
  if (cfg->shard_count < 0 ||
      (cfg->shard_count > 1 && (cfg->shard_index < 0 || cfg->shard_index >= cfg->shard_count)))
    return snprintf(msg, cap, "shard %lld of %lld: no such shard", (long long)cfg->shard_index,
                    (long long)cfg->shard_count),
           -1;
  void (*old)(int) = signal(SIGPIPE, SIG_IGN);
  double t0 = gen_now(), deadline = t0 + cfg->time;
  gen_worker w = {0, -1, -1};
  run_state st = {cfg, p, &plan, r, cb, ud, cfg->isolate ? &w : NULL, NULL, 0, 0, 0, 0};
  int rc = 0;
  if (cfg->isolate)
    rc = run_isolated(&st, deadline, msg, cap);
  else
    run_local(&st, deadline);
  gen_worker_stop(&w);
  free(st.sigs);
  r->seconds = gen_now() - t0;
  if (cfg->progress) fprintf(stderr, "\r%*s\r", 100, "");
  signal(SIGPIPE, old);
  return rc;
}
