/*
** worker.c -- run checks in a forked worker process, as theft does: a
** check that crashes or runs past the case timeout fails its case and the
** run goes on with a new worker.
**
** Requests and outcomes are fixed headers followed by their variable
** parts, over two pipes.  The worker is a fork of the engine, so it has
** the property and generator already; requests carry only numbers.
*/
#include "engine_int.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

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

/* Send one outcome (with its draws when it failed). */
static int send_outcome(int fd, const gen_outcome *o, int done) {
  out_head h = {0};
  h.done = done;
  if (!done) {
    h.verdict = o->verdict;
    h.labels = o->labels;
    h.msglen = (int32_t)strlen(o->msg);
    h.nchoices = o->verdict == GEN_FAIL ? (int64_t)o->nchoices : 0;
  }
  if (write_all(fd, &h, sizeof h)) return -1;
  if (!done && (write_all(fd, o->msg, (size_t)h.msglen) ||
                write_all(fd, o->choices, (size_t)h.nchoices * sizeof(uint64_t))))
    return -1;
  return 0;
}

/* The worker's loop: serve requests until the pipe closes. */
static void worker_main(int in, int out, const gen_config *cfg, const gen_property *p,
                        const gen_plan *g) {
  req_head r;
  while (read_all(in, &r, sizeof r) == 0) {
    gen_choices c;
    gen_case k;
    gen_outcome o;
    if (r.type == REQ_BATCH) {
      for (int64_t i = gen_shard_next(cfg, r.first); i < r.last; i = gen_shard_next(cfg, i + 1)) {
        gen_choices_random(&c, gen_case_seed(cfg->seed, p->name, (uint64_t)i));
        gen_eval(cfg, p, g, &c, &k, &o);
        gen_choices_free(&c);
        int failed = o.verdict == GEN_FAIL;
        int rc = send_outcome(out, &o, 0);
        gen_outcome_clear(&o);
        if (rc) return;
        if (failed) break;
      }
      if (send_outcome(out, NULL, 1)) return;
    } else if (r.type == REQ_REPLAY) {
      if (r.n < 0 || r.n > (1 << 20)) return;
      uint64_t *v = malloc((size_t)(r.n ? r.n : 1) * sizeof *v);
      if (!v || read_all(in, v, (size_t)r.n * sizeof *v)) return;
      gen_choices_replay(&c, v, (size_t)r.n);
      free(v);
      gen_eval(cfg, p, g, &c, &k, &o);
      gen_choices_free(&c);
      int rc = send_outcome(out, &o, 0);
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
  if (pipe(a)) return snprintf(msg, cap, "pipe: %s", strerror(errno)), -1;
  if (pipe(b)) {
    close(a[0]);
    close(a[1]);
    return snprintf(msg, cap, "pipe: %s", strerror(errno)), -1;
  }
  fflush(stdout);
  fflush(stderr);
  pid_t pid = fork();
  if (pid < 0) {
    close(a[0]), close(a[1]), close(b[0]), close(b[1]);
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

/* Read the worker's next outcome (see engine_int.h). */
int gen_worker_next(gen_worker *w, const gen_config *cfg, gen_outcome *o) {
  struct pollfd pf = {w->from, POLLIN, 0};
  int ms = cfg->case_timeout > 0 ? (int)(cfg->case_timeout * 1000) : -1;
  int rc;
  do rc = poll(&pf, 1, ms);
  while (rc < 0 && errno == EINTR);
  if (rc == 0) return worker_lost(w, cfg, 1, o);
  out_head h;
  memset(o, 0, sizeof *o);
  if (rc < 0 || read_all(w->from, &h, sizeof h)) return worker_lost(w, cfg, 0, o);
  if (h.done) return 0;
  o->verdict = (gen_verdict)h.verdict;
  o->labels = h.labels;
  if (h.msglen < 0 || h.msglen >= (int32_t)sizeof o->msg || h.nchoices < 0 ||
      read_all(w->from, o->msg, (size_t)h.msglen))
    return worker_lost(w, cfg, 0, o);
  o->msg[h.msglen] = 0;
  if (h.nchoices) {
    o->choices = malloc((size_t)h.nchoices * sizeof(uint64_t));
    if (!o->choices || read_all(w->from, o->choices, (size_t)h.nchoices * sizeof(uint64_t))) {
      gen_outcome_clear(o);
      return worker_lost(w, cfg, 0, o);
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
