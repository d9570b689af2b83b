/*
** sut.c -- the system under test as a co-process (see sut.h).
**
** A window is written through a non-blocking pipe while the answers are
** read, both under one poll, so that neither side can block the other:
** a SUT that never reads its input times out like one that never
** answers.  The deadline is the timeout after the last answer line (or
** after the window was sent).
*/
#include "sut.h"

#include "proto.h"

#include <assert.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#define SUT_LINE_MAX     (1 << 20) /* an answer longer than this is garbage */
#define SUT_DRAIN_MS     10        /* the wait for extra lines after a weak sync answer */
#define SUT_ERR_DISTINCT 256 /* distinct stderr lines remembered; later new ones are all shown */
#define SUT_ERR_SHOWN    48  /* bytes of a repeated stderr line quoted in sut_free's counts */

/* One distinct stderr line of a SUT: its hash, how often it came, its
** start (escaped) for the counts. */
struct sut_err_line {
  uint64_t hash;
  long count;
  char text[4 * SUT_ERR_SHOWN + 1];
};

/* The distinct stderr lines shown so far (a fork inherits them, so that
** the guarded child of a run does not show again what the start check
** showed), and how many lines were not shown again since sut_free last
** printed the counts. */
static struct sut_err_line *err_lines;
static size_t err_nlines, err_cap;
static long err_repeats;

/* The process group of the running SUT, killed when the program is
** interrupted (the group does not get the terminal's signals). */
static volatile sig_atomic_t live_group;

/* SIGINT, SIGTERM, SIGHUP: kill the SUT's group, then die of the signal
** (it is delivered again once the handler returns). */
static void on_fatal_signal(int sig) {
  if (live_group > 0) kill(-(pid_t)live_group, SIGKILL);
  signal(sig, SIG_DFL);
  raise(sig);
}

/* Install on_fatal_signal in this process where the signal is not
** handled already: once per process, so that a forked child whose
** handlers were reset to the defaults installs them again. */
static void watch_signals(void) {
  static pid_t done_in;
  int sigs[] = {SIGINT, SIGTERM, SIGHUP};
  if (done_in == getpid()) return;
  done_in = getpid();
  for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++) {
    struct sigaction old;
    if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler == SIG_DFL)
      signal(sigs[i], on_fatal_signal);
  }
}

/* Make this process a child subreaper (Linux), once per process: the
** orphans of a SUT's processes become its children, for sut_sweep. */
static void contain(void) {
#ifdef __linux__
  static pid_t done_in;
  if (done_in == getpid()) return;
  done_in = getpid();
  prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
#endif
}

/* One process of /proc. */
typedef struct proc_row {
  pid_t pid, ppid, pgrp;
  char state;
  char below; /* a descendant of the caller (or the caller) */
} proc_row;

/* Order proc_rows by pid. */
static int by_pid(const void *a, const void *b) {
  pid_t x = ((const proc_row *)a)->pid, y = ((const proc_row *)b)->pid;
  return x < y ? -1 : x > y;
}

/* Read the pid, parent, group and state of every process from /proc into
** *rows (malloc'd, sorted by pid); how many, or -1. */
static long read_procs(proc_row **rows) {
  DIR *d = opendir("/proc");
  struct dirent *e;
  size_t n = 0, cap = 256;
  proc_row *v = malloc(cap * sizeof *v);
  if (!d || !v) {
    if (d) closedir(d);
    free(v);
    return -1;
  }
  while ((e = readdir(d))) {
    char path[300], buf[512], *p;
    if (e->d_name[0] < '0' || e->d_name[0] > '9') continue;
    snprintf(path, sizeof path, "/proc/%s/stat", e->d_name);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) continue;
    ssize_t k = read(fd, buf, sizeof buf - 1);
    close(fd);
    if (k <= 0) continue;
    buf[k] = 0;
    long pid, ppid, pgrp;
    char state;
    if (!(p = strrchr(buf, ')')) || sscanf(buf, "%ld", &pid) != 1 ||
        sscanf(p + 1, " %c %ld %ld", &state, &ppid, &pgrp) != 3)
      continue;
    if (n == cap) {
      proc_row *nv = realloc(v, 2 * cap * sizeof *v);
      if (!nv) break;
      v = nv, cap *= 2;
    }
    v[n++] = (proc_row){(pid_t)pid, (pid_t)ppid, (pid_t)pgrp, state, 0};
  }
  closedir(d);
  qsort(v, n, sizeof *v, by_pid);
  *rows = v;
  return (long)n;
}

/* Mark the caller and its descendants in rows[0..n) (sorted by pid). */
static void mark_below(proc_row *rows, long n, pid_t self) {
  int changed = 1;
  for (long i = 0; i < n; i++) rows[i].below = rows[i].pid == self;
  while (changed) {
    changed = 0;
    for (long i = 0; i < n; i++) {
      proc_row key = {.pid = rows[i].ppid};
      proc_row *parent = rows[i].below ? NULL : bsearch(&key, rows, (size_t)n, sizeof key, by_pid);
      if (parent && parent->below) rows[i].below = 1, changed = 1;
    }
  }
}

/* Does the calling process have a child (running or a zombie)? */
static int has_children(void) {
  siginfo_t info;
  memset(&info, 0, sizeof info);
  return !(waitid(P_ALL, 0, &info, WEXITED | WNOHANG | WNOWAIT) < 0 && errno == ECHILD);
}

/* Kill the descendants outside the caller's group; see sut.h. */
int sut_sweep(void) {
#ifdef __linux__
  pid_t self = getpid(), group = getpgrp();
  int killed = 0;
  for (int round = 0; round < 2000; round++) { /* 2 s of 1 ms waits, and the scans */
    proc_row *rows;
    int left = 0;
    if (!has_children()) return killed;
    long n = read_procs(&rows);
    if (n < 0) return -1;
    mark_below(rows, n, self);
    for (long i = 0; i < n; i++) {
      proc_row *r = &rows[i];
      if (!r->below || r->pid == self || r->pgrp == group) continue;
      if (r->state == 'Z') {
        if (r->ppid == self)
          waitpid(r->pid, NULL, WNOHANG);
        else
          left++; /* its parent is being killed: then it is ours to reap */
        continue;
      }
      if (kill(r->pid, SIGKILL) == 0 && round == 0) killed++;
      left++;
    }
    free(rows);
    if (!left) return killed;
    nanosleep(&(struct timespec){0, 1000 * 1000}, NULL); /* SIGKILL takes a moment */
  }
  return -1;
#else
  return 0;
#endif
}

/* 64-bit FNV-1a of p[0..n). */
static uint64_t line_hash(const char *p, size_t n) {
  uint64_t h = 14695981039346656037ULL;
  for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)p[i]) * 1099511628211ULL;
  return h;
}

/* One stderr line of the SUT (n bytes at p, no newline): shown on our
** stderr, escaped, unless it came before; then it is counted. */
static void err_line(sut *s, const char *p, size_t n) {
  char out[4 * SUT_ERR_LINE + 1];
  if (n && p[n - 1] == '\r') n--;
  uint64_t h = line_hash(p, n);
  (void)s;
  for (size_t i = 0; i < err_nlines; i++)
    if (err_lines[i].hash == h) {
      err_lines[i].count++;
      err_repeats++;
      return;
    }
  if (err_nlines < SUT_ERR_DISTINCT) {
    if (err_nlines == err_cap) {
      size_t cap = err_cap ? 2 * err_cap : 8;
      struct sut_err_line *nv = realloc(err_lines, cap * sizeof *nv);
      if (nv) err_lines = nv, err_cap = cap;
    }
    if (err_nlines < err_cap) {
      struct sut_err_line *l = &err_lines[err_nlines++];
      l->hash = h;
      l->count = 1;
      proto_escape_n(p, n < SUT_ERR_SHOWN ? n : SUT_ERR_SHOWN, l->text, sizeof l->text);
    }
  }
  fprintf(stderr, "%s\n", proto_escape_n(p, n, out, sizeof out));
}

/* Read what the SUT's stderr pipe holds now and show its complete lines
** (a line of SUT_ERR_LINE bytes counts as complete); at its end, the rest
** too, and the pipe is closed. */
static void err_read(sut *s) {
  while (s->err >= 0) {
    ssize_t r = read(s->err, s->ebuf + s->elen, SUT_ERR_LINE - s->elen);
    if (r < 0 && errno == EINTR) continue;
    if (r < 0) return; /* EAGAIN: nothing more for now */
    s->elen += (size_t)r;
    char *nl;
    while ((nl = memchr(s->ebuf, '\n', s->elen))) {
      size_t n = (size_t)(nl - s->ebuf);
      err_line(s, s->ebuf, n);
      memmove(s->ebuf, nl + 1, s->elen - n - 1);
      s->elen -= n + 1;
    }
    if (s->elen == SUT_ERR_LINE || (r == 0 && s->elen)) {
      err_line(s, s->ebuf, s->elen);
      s->elen = 0;
    }
    if (r == 0) {
      close(s->err);
      s->err = -1;
    }
  }
}

/* A system under test, not started yet; see sut.h. */
sut *sut_new(const char *command, double timeout) {
  sut *s = calloc(1, sizeof *s);
  if (!s) return NULL;
  s->command = strdup(command);
  s->cap = 4096;
  s->buf = malloc(s->cap);
  s->ebuf = malloc(SUT_ERR_LINE);
  if (!s->command || !s->buf || !s->ebuf) {
    sut_free(s);
    return NULL;
  }
  s->timeout = timeout > 0 ? timeout : 5;
  s->to = s->from = s->err = -1;
  s->last_exit = -1;
  return s;
}

/* Stop the process (if any): close its pipes, kill its process group,
** reap it, show what it wrote to stderr, sweep what is left of it
** outside its group (sut_sweep); the exit status goes to *status when
** non-NULL. */
static void stop(sut *s, int *status) {
  int st = 0;
  if (s->pid <= 0) return;
  close(s->to);
  close(s->from);
  s->to = s->from = -1;
  kill(-s->pid, SIGKILL); /* the group: a pipeline's other commands too */
  kill(s->pid, SIGKILL);  /* in case the group is gone but not the process */
  while (waitpid(s->pid, &st, 0) < 0 && errno == EINTR)
    ;
  if (live_group == s->pid) live_group = 0;
  err_read(s); /* what it wrote before it ended; a descendant may hold the pipe open */
  if (s->elen) err_line(s, s->ebuf, s->elen);
  s->elen = 0;
  if (s->err >= 0) close(s->err);
  s->err = -1;
  sut_sweep();
  if (status) *status = st;
  s->pid = 0;
  s->len = 0;
}

/* Stop the SUT (its whole process group), print the counts of its
** repeated stderr lines, and free it; see sut.h. */
void sut_free(sut *s) {
  if (!s) return;
  stop(s, NULL);
  if (err_repeats && s->requests) { /* not after a start check alone: the run prints them */
    int shown = 0;
    fprintf(stderr, "the system under test's stderr: %ld line%s not shown again:\n", err_repeats,
            err_repeats == 1 ? "" : "s");
    for (size_t i = 0; i < err_nlines; i++)
      if (err_lines[i].count > 1 && shown++ < 10)
        fprintf(stderr, "  %ld times in all: %s%s\n", err_lines[i].count, err_lines[i].text,
                strlen(err_lines[i].text) >= SUT_ERR_SHOWN ? "..." : "");
    err_repeats = 0;
  }
  free(s->command);
  free(s->buf);
  free(s->ebuf);
  free(s);
}

/* The shell command line to run: a simple command replaces the shell
** ("exec COMMAND"), so that its own death (a signal) is what the engine
** sees and the shell reports nothing. */
static const char *command_line(const sut *s, char *buf, size_t cap) {
  const char *cmd = s->command;
  if (!strpbrk(cmd, "|;&<>()`$\n") && snprintf(buf, cap, "exec %s", cmd) < (int)cap) return buf;
  return cmd;
}

/* Spawn /bin/sh -c COMMAND in its own process group, stdin from in[0],
** stdout to out[1] and stderr to err[1], the signals the program changes
** back to their defaults.  posix_spawn does not copy the program's memory, so starting
** stays cheap however large the program is.  0, or an errno value. */
static int spawn(const sut *s, int in[2], int out[2], int err[2], pid_t *pid) {
  extern char **environ;
  char buf[8192];
  char *argv[] = {"sh", "-c", (char *)command_line(s, buf, sizeof buf), NULL};
  posix_spawn_file_actions_t fa;
  posix_spawnattr_t at;
  sigset_t dfl;
  int rc = posix_spawn_file_actions_init(&fa);
  if (rc) return rc;
  if ((rc = posix_spawnattr_init(&at))) {
    posix_spawn_file_actions_destroy(&fa);
    return rc;
  }
  sigemptyset(&dfl);
  sigaddset(&dfl, SIGPIPE), sigaddset(&dfl, SIGINT), sigaddset(&dfl, SIGTERM);
  sigaddset(&dfl, SIGHUP);
  if (!(rc = posix_spawn_file_actions_adddup2(&fa, in[0], 0)) &&
      !(rc = posix_spawn_file_actions_adddup2(&fa, out[1], 1)) &&
      !(rc = posix_spawn_file_actions_adddup2(&fa, err[1], 2)) &&
      !(rc = posix_spawnattr_setflags(&at, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF)) &&
      !(rc = posix_spawnattr_setpgroup(&at, 0)) && !(rc = posix_spawnattr_setsigdefault(&at, &dfl)))
    rc = posix_spawn(pid, "/bin/sh", &fa, &at, argv, environ);
  posix_spawn_file_actions_destroy(&fa);
  posix_spawnattr_destroy(&at);
  return rc;
}

/* Close the pipe ends p[0..n). */
static void close_pipes(int (*p)[2], int n) {
  for (int i = 0; i < n; i++) close(p[i][0]), close(p[i][1]);
}

/* Start the command with its stdin, stdout and stderr on pipes. */
static int start(sut *s, char *why, size_t cap) {
  int p[3][2]; /* stdin, stdout, stderr */
  pid_t pid;
  for (int i = 0; i < 3; i++)
    if (pipe(p[i])) {
      int e = errno;
      close_pipes(p, i);
      return snprintf(why, cap, "pipe: %s", strerror(e)), -1;
    }
  /* every end closes in the child on exec; its copies on 0, 1 and 2 stay */
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 2; j++)
      if (p[i][j] > 2) fcntl(p[i][j], F_SETFD, FD_CLOEXEC);
  watch_signals();
  contain();
  fflush(stdout);
  fflush(stderr);
  int rc = spawn(s, p[0], p[1], p[2], &pid);
  close(p[0][0]);
  close(p[1][1]);
  close(p[2][1]);
  if (rc) {
    close(p[0][1]), close(p[1][0]), close(p[2][0]);
    return snprintf(why, cap, "cannot start the system under test: %s", strerror(rc)), -1;
  }
  live_group = pid;
  fcntl(p[0][1], F_SETFL, fcntl(p[0][1], F_GETFL) | O_NONBLOCK);
  fcntl(p[2][0], F_SETFL, fcntl(p[2][0], F_GETFL) | O_NONBLOCK);
  if (s->requests) s->restarts++;
  s->pid = pid;
  s->to = p[0][1];
  s->from = p[1][0];
  s->err = p[2][0];
  s->len = s->elen = 0;
  return 0;
}

/* Monotonic seconds, for timeouts. */
static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* One window in progress. */
typedef struct window {
  const char *const *req;
  int n;
  char **reply; /* malloc'd answers (freed again on a failure) */
  char *why;
  size_t whycap;
  char *out; /* the request lines and the sync request (owned) */
  size_t olen, opos;
  int got;          /* answer lines read; line n is the sync answer */
  int write_closed; /* the SUT closed its input */
} window;

/* Describe how the process ended, stop it, return SUT_CRASHED. */
static sut_status crashed(sut *s, window *w, const char *when) {
  int st = 0;
  stop(s, &st);
  s->last_exit = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  s->last_signal = WIFSIGNALED(st) ? WTERMSIG(st) : 0;
  if (WIFSIGNALED(st) && WTERMSIG(st) != SIGKILL)
    snprintf(w->why, w->whycap, "the system under test crashed %s: killed by signal %d (%s)", when,
             WTERMSIG(st), strsignal(WTERMSIG(st)));
  else if (WIFEXITED(st))
    snprintf(w->why, w->whycap, "the system under test exited %s with status %d", when,
             WEXITSTATUS(st));
  else
    snprintf(w->why, w->whycap, "the system under test ended %s", when);
  return SUT_CRASHED;
}

/* Stop the process and say why (printf-style); returns st. */
#if defined(__GNUC__)
__attribute__((format(printf, 4, 5)))
#endif
static sut_status
failed(sut *s, window *w, sut_status st, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(w->why, w->whycap, fmt, ap);
  va_end(ap);
  stop(s, NULL);
  return st;
}

/* The request lines and the sync request, newline-terminated, into
** w->out; 0 or -1 when out of memory. */
static int build_out(window *w) {
  size_t total = sizeof SUT_PROBE + 1;
  for (int i = 0; i < w->n; i++) total += strlen(w->req[i]) + 1;
  w->out = malloc(total);
  if (!w->out) return -1;
  size_t len = 0;
  for (int i = 0; i < w->n; i++) {
    size_t k = strlen(w->req[i]);
    assert(!memchr(w->req[i], '\n', k));
    memcpy(w->out + len, w->req[i], k);
    len += k;
    w->out[len++] = '\n';
  }
  memcpy(w->out + len, SUT_PROBE "\n", sizeof SUT_PROBE);
  w->olen = len + sizeof SUT_PROBE;
  return 0;
}

/* Is line (length n) an answer that only the sync request gets: its exact
** answer, or, from a SUT without `size`, "unsupported op size" to a
** request that is not a size request? */
static int is_sync_answer(const char *line, size_t n, const char *request) {
  static const char unsupported[] = "error: unsupported op size";
  if (n == sizeof SUT_PROBE_ANSWER - 1 && memcmp(line, SUT_PROBE_ANSWER, n) == 0) return 1;
  return n >= sizeof unsupported - 1 && memcmp(line, unsupported, sizeof unsupported - 1) == 0 &&
         (n == sizeof unsupported - 1 || line[sizeof unsupported - 1] == ' ') &&
         strncmp(request, "size ", 5) != 0;
}

/* Take one complete line (length n, at s->buf) as answer w->got.
** SUT_OK, or the failure (the process is then stopped). */
static sut_status take_line(sut *s, window *w, size_t n) {
  const char *line = s->buf;
  if (memchr(line, '\0', n))
    return failed(s, w, SUT_GARBAGE, "the system under test answered a line with a NUL byte");
  if (n && line[n - 1] == '\r') n--;
  if (w->got < w->n) {
    if (strcmp(w->req[w->got], SUT_PROBE) != 0 && is_sync_answer(line, n, w->req[w->got]))
      return failed(s, w, SUT_OUT_OF_STEP,
                    "out of step: the system under test answered fewer lines than requests "
                    "(the answer to the sync request `" SUT_PROBE "` came as line %d of %d)",
                    w->got + 1, w->n + 1);
    if (!(w->reply[w->got] = malloc(n + 1)))
      return failed(s, w, SUT_GARBAGE, "out of memory for the answers of the system under test");
    memcpy(w->reply[w->got], line, n);
    w->reply[w->got][n] = 0;
  } else if (n == sizeof SUT_PROBE_ANSWER - 1 && memcmp(line, SUT_PROBE_ANSWER, n) == 0) {
    /* in its place */
  } else if (n >= 6 && memcmp(line, "error:", 6) == 0) {
    s->weak_sync = 1; /* a SUT without `size`: the line count is checked */
  } else {
    char shown[4 * 80 + 1];
    proto_escape_n(line, n < 80 ? n : 80, shown, sizeof shown);
    return failed(s, w, SUT_OUT_OF_STEP,
                  "out of step: the system under test answered more lines than requests, or "
                  "the sync request `" SUT_PROBE
                  "` wrongly: '%s' where its answer, " SUT_PROBE_ANSWER
                  ", was due (after %d answer%s)",
                  shown, w->n, w->n == 1 ? "" : "s");
  }
  w->got++;
  return SUT_OK;
}

/* Make room for more input; 0 or -1 past SUT_LINE_MAX. */
static int grow(sut *s) {
  if (s->len + 1 < s->cap) return 0;
  if (s->cap >= SUT_LINE_MAX) return -1;
  char *nb = realloc(s->buf, s->cap * 2);
  if (!nb) return -1;
  s->buf = nb;
  s->cap *= 2;
  return 0;
}

/* Take the complete lines in the buffer, up to the sync answer; *progress
** is set when one was taken.  SUT_OK or the failure. */
static sut_status take_lines(sut *s, window *w, int *progress) {
  char *nl;
  while (w->got <= w->n && (nl = memchr(s->buf, '\n', s->len))) {
    size_t n = (size_t)(nl - s->buf);
    sut_status st = take_line(s, w, n);
    if (st != SUT_OK) return st;
    memmove(s->buf, nl + 1, s->len - n - 1);
    s->len -= n + 1;
    *progress = 1;
  }
  if (w->got <= w->n && s->len + 1 >= SUT_LINE_MAX)
    return failed(s, w, SUT_GARBAGE, "the system under test answered a line longer than %d bytes",
                  SUT_LINE_MAX);
  return SUT_OK;
}

/* The timeout: say what the SUT was not doing. */
static sut_status timed_out(sut *s, window *w) {
  if (w->opos < w->olen && !w->write_closed)
    return failed(s, w, SUT_TIMEOUT,
                  "the system under test did not read its input within %g s (%zu of %zu bytes of "
                  "requests unread)",
                  s->timeout, w->olen - w->opos, w->olen);
  if (w->got == w->n)
    return failed(s, w, SUT_TIMEOUT,
                  "the system under test did not answer within %g s (no answer to the sync "
                  "request `" SUT_PROBE "` after %d answers)",
                  s->timeout, w->n);
  return failed(s, w, SUT_TIMEOUT, "the system under test did not answer within %g s", s->timeout);
}

/* Write what the pipe takes (the fd is non-blocking). */
static void write_some(sut *s, window *w) {
  ssize_t k = write(s->to, w->out + w->opos, w->olen - w->opos);
  if (k > 0)
    w->opos += (size_t)k;
  else if (k < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
    w->write_closed = 1; /* EPIPE: it closed its input; its answers (or end) tell the rest */
}

/* Wait up to ms for the pipes, then write and read what is ready.
** SUT_OK, or the failure. */
static sut_status pump(sut *s, window *w, int ms) {
  struct pollfd pf[3] = {{s->from, POLLIN, 0}, {-1, POLLOUT, 0}, {s->err, POLLIN, 0}};
  if (w->opos < w->olen && !w->write_closed) pf[1].fd = s->to;
  int pr = poll(pf, 3, ms);
  if (pr <= 0) return SUT_OK; /* EINTR or nothing yet: the caller checks the deadline */
  if (pf[2].revents) err_read(s);
  if (pf[1].revents) write_some(s, w);
  if (!(pf[0].revents & (POLLIN | POLLHUP | POLLERR))) return SUT_OK;
  if (grow(s))
    return failed(s, w, SUT_GARBAGE, "the system under test answered a line longer than %d bytes",
                  SUT_LINE_MAX);
  ssize_t r = read(s->from, s->buf + s->len, s->cap - s->len - 1);
  if (r < 0 && errno == EINTR) return SUT_OK;
  if (r <= 0)
    return crashed(s, w, w->got < w->n ? "before answering" : "before answering the sync request");
  s->len += (size_t)r;
  return SUT_OK;
}

/* After the sync answer nothing may follow: not in the buffer, and, after
** a weak (error) sync answer, not within SUT_DRAIN_MS either. */
static sut_status check_nothing_after(sut *s, window *w) {
  if (!s->len && s->weak_sync) {
    struct pollfd pf = {s->from, POLLIN, 0};
    if (poll(&pf, 1, SUT_DRAIN_MS) > 0 && (pf.revents & POLLIN) && !grow(s)) {
      ssize_t r = read(s->from, s->buf, s->cap - 1);
      if (r > 0) s->len = (size_t)r;
    }
  }
  if (!s->len) return SUT_OK;
  const char *nl = memchr(s->buf, '\n', s->len);
  size_t n = nl ? (size_t)(nl - s->buf) : s->len;
  char shown[4 * 80 + 1];
  proto_escape_n(s->buf, n < 80 ? n : 80, shown, sizeof shown);
  return failed(s, w, SUT_OUT_OF_STEP,
                "out of step: the system under test answered more lines than requests ('%s' "
                "after the answer to the sync request)",
                shown);
}

/* Exchange window w; see sut_ask_window. */
static sut_status exchange(sut *s, window *w) {
  double deadline = now() + s->timeout;
  for (;;) {
    int progress = 0;
    sut_status st = take_lines(s, w, &progress);
    if (st != SUT_OK) return st;
    if (w->got > w->n) return check_nothing_after(s, w);
    if (progress) deadline = now() + s->timeout;
    int ms = (int)((deadline - now()) * 1000);
    if (ms <= 0) return timed_out(s, w);
    st = pump(s, w, ms);
    if (st != SUT_OK) return st;
  }
}

/* Ask a window of requests and read their answers; see sut.h. */
sut_status sut_ask_window(sut *s, const char *const *req, int n, char **reply, char *why,
                          size_t whycap, int *answered) {
  window w = {req, n, reply, why, whycap, NULL, 0, 0, 0, 0};
  assert(n >= 1 && whycap > 0);
  why[0] = 0;
  if (answered) *answered = 0;
  for (int i = 0; i < n; i++) reply[i] = NULL;
  if (build_out(&w)) return snprintf(why, whycap, "out of memory"), SUT_START_FAILED;
  if (s->pid <= 0 && start(s, why, whycap)) {
    free(w.out);
    return SUT_START_FAILED;
  }
  s->requests += n;
  s->windows++;
  void (*old)(int) = signal(SIGPIPE, SIG_IGN);
  sut_status st = exchange(s, &w);
  signal(SIGPIPE, old);
  free(w.out);
  if (st == SUT_OK) return st;
  if (answered && (st == SUT_CRASHED || st == SUT_TIMEOUT || st == SUT_GARBAGE) && w.got < n)
    *answered = w.got;
  for (int i = 0; i < n; i++) {
    free(reply[i]);
    reply[i] = NULL;
  }
  return st;
}

/* Ask one request; see sut.h. */
sut_status sut_ask(sut *s, const char *request, char *reply, size_t cap) {
  char why[512], *answer;
  sut_status st = sut_ask_window(s, &request, 1, &answer, why, sizeof why, NULL);
  snprintf(reply, cap, "%s", st == SUT_OK ? answer : why);
  free(answer);
  return st;
}

/* The name of a system under test in results.db; see sut.h. */
void sut_identity(const char *command, const char *layer, char *buf, size_t cap) {
  if (strcmp(layer, "cute") == 0)
    snprintf(buf, cap, "%s #layer=cute", command);
  else
    snprintf(buf, cap, "%s", command);
}

/* Check that the command starts; see sut.h. */
int sut_check_start(sut *s, char *why, size_t cap) {
  const char *req[1] = {SUT_PROBE};
  char *reply[1] = {NULL};
  int answered = 0;
  assert(cap > 0);
  s->last_exit = -1;
  s->last_signal = 0;
  sut_status st = sut_ask_window(s, req, 1, reply, why, cap, &answered);
  free(reply[0]);
  if (st == SUT_START_FAILED) return -1;
  if (st == SUT_CRASHED && answered == 0) {
    if (s->last_exit == 127 || s->last_exit == 126)
      snprintf(why, cap, "the command could not be started: the shell exited with status %d (%s)",
               s->last_exit, s->last_exit == 127 ? "command not found" : "not executable");
    else if (s->last_exit >= 0)
      snprintf(why, cap,
               "the command cannot be started: it exited with status %d before answering the "
               "sync request `" SUT_PROBE "`",
               s->last_exit);
    else if (s->last_signal && s->last_signal != SIGKILL)
      snprintf(why, cap,
               "the command cannot be started: it was killed by signal %d (%s) before answering "
               "the sync request `" SUT_PROBE "`",
               s->last_signal, strsignal(s->last_signal));
    else
      snprintf(why, cap,
               "the command cannot be started: it closed its output before answering the sync "
               "request `" SUT_PROBE "`");
    return -1;
  }
  s->requests--; /* the check is not one of the run's requests */
  s->windows--;
  return 0;
}
