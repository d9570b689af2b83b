/*
** engine.c -- run a property: generate cases from per-case seeds, check
** them (in a forked worker when isolating), shrink each distinct failure
** and hand it to the caller (distinct.c tells failures apart).
*/
#include "engine_int.h"

#include <assert.h>

#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <poll.h>
#include <unistd.h>
#include <errno.h>

#define BATCH 256 /* random cases per worker request */

/* Seconds on the monotonic clock. */
double gen_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Write the failure message into x->msg; returns GEN_FAIL. */
gen_verdict gen_failf(gen_ctx *x, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(x->msg, sizeof x->msg, fmt, ap);
  va_end(ap);
  return GEN_FAIL;
}

/* Write the harness error into x->msg; returns GEN_ERROR. */
gen_verdict gen_errorf(gen_ctx *x, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(x->msg, sizeof x->msg, fmt, ap);
  va_end(ap);
  return GEN_ERROR;
}

/* Free the draws an outcome holds. */
void gen_outcome_clear(gen_outcome *o) {
  free(o->choices);
  o->choices = NULL;
  o->nchoices = 0;
}

/* Free the shrunk draws a result holds. */
void gen_result_clear(gen_result *r) {
  free(r->choices);
  r->choices = NULL;
}

/* Point x at the arguments of k (argv has GEN_MAX_ARGS slots). */
static void ctx_for(const gen_config *cfg, const gen_property *p, const gen_case *k,
                    const char **argv, gen_ctx *x) {
  memset(x, 0, sizeof *x);
  for (int i = 0; i < k->argc; i++) argv[i] = k->argv[i];
  x->argc = k->argc;
  x->argv = argv;
  x->bounds = &cfg->bounds;
  x->data = p->data;
}

/* Fill o from the check of case k (drawn from c) with verdict v. */
static void finish_outcome(gen_outcome *o, const gen_ctx *x, gen_verdict v, const gen_choices *c,
                           const gen_case *k) {
  o->verdict = v;
  o->labels = k->labels | x->labels;
  snprintf(o->msg, sizeof o->msg, "%s", x->msg);
  if (v == GEN_FAIL && c->n) {
    o->choices = malloc(c->n * sizeof *o->choices);
    if (o->choices) {
      memcpy(o->choices, c->v, c->n * sizeof *o->choices);
      o->nchoices = c->n;
    }
  }
}

/* Generate k from c (o and k are reset); 0, or -1 with o discarded when
** the generator gives up or the stream runs past its draw limit. */
static int generate(const gen_config *cfg, const gen_plan *g, gen_choices *c, gen_case *k,
                    gen_outcome *o) {
  memset(o, 0, sizeof *o);
  memset(k, 0, sizeof *k);
  if (gen_plan_run(g, c, &cfg->bounds, k) || c->too_many) {
    o->verdict = GEN_DISCARD;
    return -1;
  }
  gen_label_args(k);
  return 0;
}

/* Generate k from c and check it here.  A generator that gives up, or a
** stream past its draw limit, discards the case. */
void gen_eval(const gen_config *cfg, const gen_property *p, const gen_plan *g, gen_choices *c,
              gen_case *k, gen_outcome *o) {
  if (generate(cfg, g, c, k, o)) return;
  const char *argv[GEN_MAX_ARGS];
  gen_ctx x;
  ctx_for(cfg, p, k, argv, &x);
  finish_outcome(o, &x, p->check(&x), c, k);
}

/* How many cases one batch check takes (1 without a batch check). */
int gen_batch_width(const gen_config *cfg) {
  return cfg->batch && !cfg->isolate && cfg->batch->width > 1 ? cfg->batch->width : 1;
}

/* Memory for checking up to m cases together. */
typedef struct batch_mem {
  gen_case *k;                       /* the cases */
  int *made;                         /* made[i]: case i was generated (not discarded) */
  const char *(*argv)[GEN_MAX_ARGS]; /* per context */
  gen_ctx *x;                        /* the contexts handed to the batch check */
  gen_verdict *v;
  int *idx; /* x[j] is the context of case idx[j] */
} batch_mem;

/* Free a batch's arrays. */
static void batch_free(batch_mem *b) {
  free(b->k);
  free(b->made);
  free(b->argv);
  free(b->x);
  free(b->v);
  free(b->idx);
}

/* 0, or -1 (nothing allocated) when out of memory. */
static int batch_alloc(batch_mem *b, int m) {
  size_t n = (size_t)m;
  b->k = malloc(n * sizeof *b->k);
  b->made = malloc(n * sizeof *b->made);
  b->argv = malloc(n * sizeof *b->argv);
  b->x = malloc(n * sizeof *b->x);
  b->v = malloc(n * sizeof *b->v);
  b->idx = malloc(n * sizeof *b->idx);
  if (b->k && b->made && b->argv && b->x && b->v && b->idx) return 0;
  batch_free(b);
  return -1;
}

/* Did one of o[0..n) fail? */
static int any_failed(const gen_outcome *o, int n) {
  for (int i = 0; i < n; i++)
    if (o[i].verdict == GEN_FAIL) return 1;
  return 0;
}

/* Cases c[0..m) one by one, as gen_eval_many without a batch check. */
static int eval_each(const gen_config *cfg, const gen_property *p, const gen_plan *g,
                     gen_choices *c, int m, gen_outcome *o, int stop_at_fail) {
  for (int i = 0; i < m; i++) {
    gen_case k;
    gen_eval(cfg, p, g, &c[i], &k, &o[i]);
    if (stop_at_fail && o[i].verdict == GEN_FAIL) return i + 1;
  }
  return m;
}

/* Hand the generated cases of b from case `from` on to the batch check;
** returns the number of cases (generated or not) now evaluated. */
static int check_rest(const gen_config *cfg, const gen_property *p, gen_choices *c, int m,
                      gen_outcome *o, batch_mem *b, int from) {
  int cnt = 0;
  for (int i = from; i < m; i++) {
    if (!b->made[i]) continue;
    ctx_for(cfg, p, &b->k[i], b->argv[cnt], &b->x[cnt]);
    b->idx[cnt++] = i;
  }
  if (cnt == 0) return m;
  int r = cfg->batch->check(b->x, b->v, cnt);
  assert(r >= 1 && r <= cnt);
  if (r < 1) r = 1; /* a batch check that breaks its contract still ends */
  if (r > cnt) r = cnt;
  for (int j = 0; j < r; j++) {
    int i = b->idx[j];
    finish_outcome(&o[i], &b->x[j], b->v[j], &c[i], &b->k[i]);
  }
  return r == cnt ? m : b->idx[r - 1] + 1;
}

/* Generate and check the streams c[0..n) (see engine_int.h). */
int gen_eval_many(const gen_config *cfg, const gen_property *p, const gen_plan *g, gen_choices *c,
                  int m, gen_outcome *o, int stop_at_fail) {
  batch_mem b;
  if (m <= 0) return 0;
  if (gen_batch_width(cfg) == 1) return eval_each(cfg, p, g, c, m, o, stop_at_fail);
  if (m == 1 || batch_alloc(&b, m)) return eval_each(cfg, p, g, c, m, o, stop_at_fail);
  for (int i = 0; i < m; i++) b.made[i] = generate(cfg, g, &c[i], &b.k[i], &o[i]) == 0;
  int done = 0;
  while (done < m) {
    done = check_rest(cfg, p, c, m, o, &b, done);
    if (stop_at_fail && any_failed(o, done)) break;
  }
  batch_free(&b);
  return done;
}

/* Evaluate one stream, in the worker when isolated (see engine_int.h). */
void gen_evaluate(gen_evaluator *e, const uint64_t *v, size_t n, gen_outcome *o) {
  if (e->w) {
    gen_worker_replay(e->w, e->cfg, e->p, e->g, v, n, o);
    return;
  }
  gen_choices c;
  gen_case k;
  if (gen_choices_replay(&c, v, n)) {
    memset(o, 0, sizeof *o);
    o->verdict = GEN_DISCARD;
    return;
  }
  gen_eval(e->cfg, e->p, e->g, &c, &k, o);
  gen_choices_free(&c);
}

/* Evaluate several streams for the shrinker (see engine_int.h). */
int gen_evaluate_many(gen_evaluator *e, uint64_t *const *v, const size_t *n, int m, gen_outcome *o,
                      int stop_at_fail) {
  gen_choices *c = NULL;
  int ready = 0;
  if (!e->w && m > 1 && gen_batch_width(e->cfg) > 1 && (c = calloc((size_t)m, sizeof *c)))
    while (ready < m && gen_choices_replay(&c[ready], v[ready], n[ready]) == 0) ready++;
  if (ready < m) { /* one by one: isolated, a single case, or out of memory */
    for (int i = 0; i < ready; i++) gen_choices_free(&c[i]);
    free(c);
    for (int i = 0; i < m; i++) {
      gen_evaluate(e, v[i], n[i], &o[i]);
      if (stop_at_fail && o[i].verdict == GEN_FAIL) return i + 1;
    }
    return m;
  }
  int done = gen_eval_many(e->cfg, e->p, e->g, c, m, o, stop_at_fail);
  for (int i = 0; i < m; i++) gen_choices_free(&c[i]);
  free(c);
  return done;
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

/* The next case of cfg's shard at or after i; see gen.h. */
int64_t gen_shard_next(const gen_config *cfg, int64_t i) {
  int64_t n = cfg->shard_count, r;
  if (n <= 1) return i;
  r = i % n;
  int64_t gap = cfg->shard_index >= r ? cfg->shard_index - r : cfg->shard_index - r + n;
  return i > INT64_MAX - gap ? INT64_MAX : i + gap;
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

/* ------------------------------------------------------ one given case */

/* Check k here. */
static gen_verdict check_here(const gen_config *cfg, const gen_property *p, const gen_case *k,
                              char *msg, size_t cap) {
  const char *argv[GEN_MAX_ARGS];
  gen_ctx x;
  ctx_for(cfg, p, k, argv, &x);
  gen_verdict v = p->check(&x);
  snprintf(msg, cap, "%s", x.msg);
  return v;
}

/* Check one given case, in a child process when isolated (see gen.h). */
gen_verdict gen_check_once(const gen_config *cfg, const gen_property *p, const gen_case *k,
                           char *msg, size_t cap) {
  if (!cfg->isolate) return check_here(cfg, p, k, msg, cap);
  int fd[2];
  if (pipe(fd)) return snprintf(msg, cap, "pipe: %s", strerror(errno)), GEN_DISCARD;
  fflush(stdout);
  fflush(stderr);
  pid_t pid = fork();
  if (pid < 0) {
    close(fd[0]);
    close(fd[1]);
    return snprintf(msg, cap, "fork: %s", strerror(errno)), GEN_DISCARD;
  }
  if (pid == 0) {
    char m[512];
    close(fd[0]);
    int32_t v = check_here(cfg, p, k, m, sizeof m);
    if (write(fd[1], &v, sizeof v) != sizeof v || write(fd[1], m, strlen(m) + 1) < 0) _exit(1);
    _exit(0);
  }
  close(fd[1]);
  struct pollfd pf = {fd[0], POLLIN, 0};
  int ms = cfg->case_timeout > 0 ? (int)(cfg->case_timeout * 1000) : -1, rc, status = 0;
  do rc = poll(&pf, 1, ms);
  while (rc < 0 && errno == EINTR);
  int32_t v = GEN_FAIL;
  char m[512] = "";
  ssize_t got = 0;
  if (rc == 0) {
    kill(pid, SIGKILL);
    snprintf(m, sizeof m, "timed out: ran past the case timeout of %g s", cfg->case_timeout);
  } else if (read(fd[0], &v, sizeof v) == sizeof v) {
    got = read(fd[0], m, sizeof m - 1);
    m[got > 0 ? got : 0] = 0;
  } else {
    v = GEN_FAIL;
  }
  close(fd[0]);
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
    ;
  if (rc != 0 && got <= 0 && WIFSIGNALED(status))
    snprintf(m, sizeof m, "crashed: killed by signal %d (%s)", WTERMSIG(status),
             strsignal(WTERMSIG(status)));
  snprintf(msg, cap, "%s", m);
  return (gen_verdict)v;
}
