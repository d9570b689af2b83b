/*
** eval.c -- evaluate cases in this process: generate a case from a stream
** of draws and check it (one by one, or together through a property's
** batch check), and check one given case (in a child process when
** isolating).  The run loop (engine.c), the worker (worker.c) and the
** evaluator of the shrinker (evaluator.c) build on it; it calls none of
** them.
*/
#include "engine_int.h"

#include <assert.h>
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <poll.h>
#include <time.h>
#include <unistd.h>

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

/* The next case of cfg's shard at or after i; see gen.h. */
int64_t gen_shard_next(const gen_config *cfg, int64_t i) {
  int64_t n = cfg->shard_count, r;
  if (n <= 1) return i;
  r = i % n;
  int64_t gap = cfg->shard_index >= r ? cfg->shard_index - r : cfg->shard_index - r + n;
  return i > INT64_MAX - gap ? INT64_MAX : i + gap;
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
