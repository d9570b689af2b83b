/*
** worker.c -- run checks in a forked worker process, as theft does: a
** check that crashes or runs past the case timeout fails its case and the
** run goes on with a new worker.
**
** Requests go to the worker over a pipe: fixed headers followed by their
** variable parts.  The worker is a fork of the engine, so it has the
** property and generator already; requests carry only numbers.
**
** Outcomes come back through a ring of shared memory (a fixed header, the
** message, the draws of a failure), written by the worker and read by the
** engine without a system call per case.  A second pipe is the doorbell:
** the worker writes a byte when it has published outcomes and a
** millisecond has passed since the last byte, at a failure, at the end of
** a batch and when the ring is full; the engine sleeps in poll() on it.
** The worker also publishes when its current case began, so the engine
** times a case from its start (or from when the engine began to wait, if
** later), as before.  Outcomes published before a crash or a hang are
** still read, so the failure is the case's that caused it.
*/
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include "engine_int.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#if !defined(MAP_ANONYMOUS) && defined(MAP_ANON)
#define MAP_ANONYMOUS MAP_ANON
#endif

#define RING_BYTES (1u << 22) /* outcome bytes in flight (pages are touched as used) */
#define BELL_NS    1000000    /* the doorbell rings at most this often while cases pass */

/* The shared ring: bytes [taken, written) of data (positions modulo
** RING_BYTES) are outcomes not yet read.  written and started are stored
** by the worker, taken by the engine, all atomically. */
typedef struct ring {
  uint64_t written, taken;
  int64_t started; /* CLOCK_MONOTONIC ns when the current case began; 0 between cases */
  char data[RING_BYTES];
} ring;

/* The ring of the current worker: the engine runs one worker at a time. */
static ring *shared;

/* Nanoseconds on the monotonic clock. */
static int64_t now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

enum { REQ_BATCH = 1, REQ_REPLAY = 2 };

typedef struct req_head {
  int32_t type;
  int64_t first, last; /* REQ_BATCH */
  int64_t n;           /* REQ_REPLAY: draws that follow */
} req_head;

typedef struct out_head {
  int32_t verdict;
  uint32_t labels;
  int32_t msglen;
  int32_t done;     /* 1: end of a batch, no outcome */
  int64_t nchoices; /* draws that follow (failures only) */
} out_head;

/* Release the current worker's ring, if any. */
static void ring_unmap(void) {
  if (shared) munmap(shared, sizeof *shared);
  shared = NULL;
}

/* Write all of buf; 0 or -1. */
static int write_all(int fd, const void *buf, size_t n) {
  const char *p = buf;
  while (n) {
    ssize_t w = write(fd, p, n);
    if (w < 0 && errno == EINTR) continue;
    if (w <= 0) return -1;
    p += w;
    n -= (size_t)w;
  }
  return 0;
}

/* Read all of buf; 0, or -1 on end of file or error. */
static int read_all(int fd, void *buf, size_t n) {
  char *p = buf;
  while (n) {
    ssize_t r = read(fd, p, n);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) return -1;
    p += r;
    n -= (size_t)r;
  }
  return 0;
}

/* The worker's end of the ring: the doorbell and when it last rang. */
typedef struct sender {
  ring *r;
  int bell;
  int64_t last_bell;
} sender;

/* Ring the doorbell; 0, or -1 when the engine is gone. */
static int ring_bell(sender *s) {
  s->last_bell = now_ns();
  return write_all(s->bell, "", 1);
}

/* Append n bytes to the ring, publishing each piece; while the ring is
** full, ring the doorbell once and wait for the engine to read.  0 or -1. */
static int ring_put(sender *s, const void *buf, size_t n) {
  const char *p = buf;
  ring *r = s->r;
  uint64_t w = r->written; /* only this process stores it */
  int rang = 0;
  while (n) {
    uint64_t room = RING_BYTES - (w - __atomic_load_n(&r->taken, __ATOMIC_ACQUIRE));
    if (room == 0) {
      if (!rang && ring_bell(s)) return -1;
      rang = 1;
      struct timespec t = {0, 20000};
      nanosleep(&t, NULL);
      continue;
    }
    size_t at = (size_t)(w % RING_BYTES), k = n < room ? n : (size_t)room;
    if (k > RING_BYTES - at) k = RING_BYTES - at;
    memcpy(r->data + at, p, k);
    p += k;
    n -= k;
    w += k;
    __atomic_store_n(&r->written, w, __ATOMIC_RELEASE);
    rang = 0;
  }
  return 0;
}

/* Send one outcome (with its draws when it failed), or the end of a batch
** (done); ring the doorbell for those two and when a millisecond has
** passed since it last rang. */
static int send_outcome(sender *s, const gen_outcome *o, int done) {
  out_head h = {0};
  h.done = done;
  if (!done) {
    h.verdict = o->verdict;
    h.labels = o->labels;
    h.msglen = (int32_t)strlen(o->msg);
    h.nchoices = o->verdict == GEN_FAIL ? (int64_t)o->nchoices : 0;
  }
  if (ring_put(s, &h, sizeof h)) return -1;
  if (!done && (ring_put(s, o->msg, (size_t)h.msglen) ||
                ring_put(s, o->choices, (size_t)h.nchoices * sizeof(uint64_t))))
    return -1;
  if (done || h.verdict == GEN_FAIL || now_ns() - s->last_bell >= BELL_NS) return ring_bell(s);
  return 0;
}

/* Evaluate one case from stream c, its start published for the engine's
** timer. */
static void eval_timed(sender *s, const gen_config *cfg, const gen_property *p, const gen_plan *g,
                       gen_choices *c, gen_outcome *o) {
  gen_case k;
  __atomic_store_n(&s->r->started, now_ns(), __ATOMIC_RELEASE);
  gen_eval(cfg, p, g, c, &k, o);
  __atomic_store_n(&s->r->started, 0, __ATOMIC_RELEASE);
}

/* The worker's loop: serve requests until the pipe closes. */
static void worker_main(int in, int out, const gen_config *cfg, const gen_property *p,
                        const gen_plan *g) {
  sender s = {shared, out, 0};
  req_head r;
  while (read_all(in, &r, sizeof r) == 0) {
    gen_choices c;
    gen_outcome o;
    if (r.type == REQ_BATCH) {
      for (int64_t i = gen_shard_next(cfg, r.first); i < r.last; i = gen_shard_next(cfg, i + 1)) {
        gen_choices_random(&c, gen_case_seed(cfg->seed, p->name, (uint64_t)i));
        eval_timed(&s, cfg, p, g, &c, &o);
        gen_choices_free(&c);
        int failed = o.verdict == GEN_FAIL;
        int rc = send_outcome(&s, &o, 0);
        gen_outcome_clear(&o);
        if (rc) return;
        if (failed) break;
      }
      if (send_outcome(&s, NULL, 1)) return;
    } else if (r.type == REQ_REPLAY) {
      if (r.n < 0 || r.n > (1 << 20)) return;
      uint64_t *v = malloc((size_t)(r.n ? r.n : 1) * sizeof *v);
      if (!v || read_all(in, v, (size_t)r.n * sizeof *v)) return;
      gen_choices_replay(&c, v, (size_t)r.n);
      free(v);
      eval_timed(&s, cfg, p, g, &c, &o);
      gen_choices_free(&c);
      int rc = send_outcome(&s, &o, 0) || ring_bell(&s); /* the engine waits for it */
      gen_outcome_clear(&o);
      if (rc) return;
    } else {
      return;
    }
  }
}

/* Fork a worker for property p (see engine_int.h). */
int gen_worker_start(gen_worker *w, const gen_config *cfg, const gen_property *p, const gen_plan *g,
                     char *msg, size_t cap) {
  int a[2], b[2];
  ring_unmap();
  shared = mmap(NULL, sizeof *shared, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (shared == MAP_FAILED) {
    shared = NULL;
    return snprintf(msg, cap, "mmap: %s", strerror(errno)), -1;
  }
  if (pipe(a)) return ring_unmap(), snprintf(msg, cap, "pipe: %s", strerror(errno)), -1;
  if (pipe(b)) {
    close(a[0]);
    close(a[1]);
    ring_unmap();
    return snprintf(msg, cap, "pipe: %s", strerror(errno)), -1;
  }
  fflush(stdout);
  fflush(stderr);
  pid_t pid = fork();
  if (pid < 0) {
    close(a[0]), close(a[1]), close(b[0]), close(b[1]);
    ring_unmap();
    return snprintf(msg, cap, "fork: %s", strerror(errno)), -1;
  }
  if (pid == 0) {
    close(a[1]);
    close(b[0]);
    /* a crash in a check ends the worker by its signal, which the engine
    ** reports, even where a sanitizer would catch it first */
    int fatal[] = {SIGPIPE, SIGSEGV, SIGBUS, SIGFPE, SIGILL};
    for (size_t i = 0; i < sizeof fatal / sizeof *fatal; i++) signal(fatal[i], SIG_DFL);
    worker_main(a[0], b[1], cfg, p, g);
    _exit(0);
  }
  close(a[0]);
  close(b[1]);
  w->pid = pid;
  w->to = a[1];
  w->from = b[0];
  return 0;
}

/* Stop the worker and reap it. */
void gen_worker_stop(gen_worker *w) {
  if (w->pid <= 0) return;
  close(w->to);
  close(w->from);
  kill(w->pid, SIGKILL);
  while (waitpid(w->pid, NULL, 0) < 0 && errno == EINTR)
    ;
  w->pid = 0;
  ring_unmap();
}

/* Ask the worker for cases [first, last). */
int gen_worker_batch(gen_worker *w, int64_t first, int64_t last) {
  req_head r = {REQ_BATCH, first, last, 0};
  return write_all(w->to, &r, sizeof r);
}

/* The worker died or hung: describe it in o and stop the worker. */
static int worker_lost(gen_worker *w, const gen_config *cfg, int timed_out, gen_outcome *o) {
  int status = 0;
  memset(o, 0, sizeof *o);
  o->verdict = GEN_FAIL;
  if (timed_out) {
    kill(w->pid, SIGKILL);
    snprintf(o->msg, sizeof o->msg, "timed out: ran past the case timeout of %g s",
             cfg->case_timeout);
  }
  close(w->to);
  close(w->from);
  while (waitpid(w->pid, &status, 0) < 0 && errno == EINTR)
    ;
  w->pid = 0;
  ring_unmap();
  if (!timed_out) {
    if (WIFSIGNALED(status))
      snprintf(o->msg, sizeof o->msg, "crashed: killed by signal %d (%s)", WTERMSIG(status),
               strsignal(WTERMSIG(status)));
    else
      snprintf(o->msg, sizeof o->msg, "crashed: the check exited with status %d",
               WIFEXITED(status) ? WEXITSTATUS(status) : -1);
  }
  return 2;
}

/* Outcome bytes published and not yet read. */
static uint64_t ring_ready(void) {
  return __atomic_load_n(&shared->written, __ATOMIC_ACQUIRE) - shared->taken;
}

/* Wait until outcome bytes are ready (0), the current case has run past
** the case timeout, timed from its start or from now if later (1), or the
** worker has ended with nothing more published (-1). */
static int ring_wait(gen_worker *w, const gen_config *cfg) {
  int64_t since = now_ns();
  for (;;) {
    if (ring_ready()) return 0;
    int ms = -1;
    if (cfg->case_timeout > 0) {
      int64_t st = __atomic_load_n(&shared->started, __ATOMIC_ACQUIRE);
      int64_t left = (st > since ? st : since) + (int64_t)(cfg->case_timeout * 1e9) - now_ns();
      if (left <= 0) return ring_ready() ? 0 : 1;
      ms = (int)((left + 999999) / 1000000);
    }
    struct pollfd pf = {w->from, POLLIN, 0};
    int rc = poll(&pf, 1, ms);
    if (rc < 0 && errno != EINTR) return ring_ready() ? 0 : -1;
    if (rc > 0) { /* empty the doorbell; end of file: the worker is gone */
      char bell[256];
      ssize_t got = read(w->from, bell, sizeof bell);
      if (got == 0 || (got < 0 && errno != EINTR)) return ring_ready() ? 0 : -1;
    }
  }
}

/* Read n outcome bytes into buf, waiting as ring_wait; 0, 1 or -1 as it. */
static int ring_read(gen_worker *w, const gen_config *cfg, void *buf, size_t n) {
  char *p = buf;
  while (n) {
    uint64_t ready = ring_ready(), t = shared->taken;
    if (!ready) {
      int rc = ring_wait(w, cfg);
      if (rc) return rc;
      continue;
    }
    size_t at = (size_t)(t % RING_BYTES), k = n < ready ? n : (size_t)ready;
    if (k > RING_BYTES - at) k = RING_BYTES - at;
    memcpy(p, shared->data + at, k);
    p += k;
    n -= k;
    __atomic_store_n(&shared->taken, t + k, __ATOMIC_RELEASE);
  }
  return 0;
}

/* Read the worker's next outcome (see engine_int.h). */
int gen_worker_next(gen_worker *w, const gen_config *cfg, gen_outcome *o) {
  out_head h;
  memset(o, 0, sizeof *o);
  int rc = ring_read(w, cfg, &h, sizeof h);
  if (rc) return worker_lost(w, cfg, rc == 1, o);
  if (h.done) return 0;
  o->verdict = (gen_verdict)h.verdict;
  o->labels = h.labels;
  if (h.msglen < 0 || h.msglen >= (int32_t)sizeof o->msg || h.nchoices < 0 ||
      (rc = ring_read(w, cfg, o->msg, (size_t)h.msglen)) != 0)
    return worker_lost(w, cfg, rc == 1, o);
  o->msg[h.msglen] = 0;
  if (h.nchoices) {
    o->choices = malloc((size_t)h.nchoices * sizeof(uint64_t));
    if (!o->choices ||
        (rc = ring_read(w, cfg, o->choices, (size_t)h.nchoices * sizeof(uint64_t)))) {
      gen_outcome_clear(o);
      return worker_lost(w, cfg, rc == 1, o);
    }
    o->nchoices = (size_t)h.nchoices;
  }
  return 1;
}

/* Have the worker evaluate one replayed stream (see engine_int.h). */
int gen_worker_replay(gen_worker *w, const gen_config *cfg, const gen_property *p,
                      const gen_plan *g, const uint64_t *v, size_t n, gen_outcome *o) {
  char msg[256];
  if (w->pid <= 0 && gen_worker_start(w, cfg, p, g, msg, sizeof msg)) {
    memset(o, 0, sizeof *o);
    o->verdict = GEN_DISCARD;
    snprintf(o->msg, sizeof o->msg, "%s", msg);
    return -1;
  }
  req_head r = {REQ_REPLAY, 0, 0, (int64_t)n};
  if (write_all(w->to, &r, sizeof r) || write_all(w->to, v, n * sizeof *v))
    return worker_lost(w, cfg, 0, o);
  return gen_worker_next(w, cfg, o);
}
