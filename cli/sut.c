/*
** sut.c -- the system under test as a co-process (see sut.h).
*/
#include "sut.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define SUT_LINE_MAX (1 << 20) /* an answer longer than this is garbage */

sut *sut_new(const char *command, double timeout) {
  sut *s = calloc(1, sizeof *s);
  if (!s) return NULL;
  s->command = strdup(command);
  s->cap = 4096;
  s->buf = malloc(s->cap);
  if (!s->command || !s->buf) {
    sut_free(s);
    return NULL;
  }
  s->timeout = timeout > 0 ? timeout : 5;
  s->to = s->from = -1;
  return s;
}

/* Stop the process (if any): close its pipes, kill it, reap it; the exit
** status goes to *status when non-NULL. */
static void stop(sut *s, int *status) {
  int st = 0;
  if (s->pid <= 0) return;
  close(s->to);
  close(s->from);
  s->to = s->from = -1;
  kill(s->pid, SIGKILL);
  while (waitpid(s->pid, &st, 0) < 0 && errno == EINTR)
    ;
  if (status) *status = st;
  s->pid = 0;
  s->len = 0;
}

void sut_free(sut *s) {
  if (!s) return;
  stop(s, NULL);
  free(s->command);
  free(s->buf);
  free(s);
}

/* Start the command with its stdin and stdout on pipes. */
static int start(sut *s, char *reply, size_t cap) {
  int in[2], out[2];
  if (pipe(in)) return snprintf(reply, cap, "pipe: %s", strerror(errno)), -1;
  if (pipe(out)) {
    close(in[0]), close(in[1]);
    return snprintf(reply, cap, "pipe: %s", strerror(errno)), -1;
  }
  fflush(stdout);
  fflush(stderr);
  pid_t pid = fork();
  if (pid < 0) {
    close(in[0]), close(in[1]), close(out[0]), close(out[1]);
    return snprintf(reply, cap, "fork: %s", strerror(errno)), -1;
  }
  if (pid == 0) {
    dup2(in[0], 0);
    dup2(out[1], 1);
    close(in[0]), close(in[1]), close(out[0]), close(out[1]);
    signal(SIGPIPE, SIG_DFL);
    /* a simple command replaces the shell, so that its own death (a
    ** signal) is what the engine sees and the shell reports nothing */
    char *cmd = s->command;
    char buf[8192];
    if (!strpbrk(cmd, "|;&<>()`$\n") && snprintf(buf, sizeof buf, "exec %s", cmd) < (int)sizeof buf)
      cmd = buf;
    execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
    _exit(127);
  }
  close(in[0]);
  close(out[1]);
  fcntl(out[0], F_SETFD, FD_CLOEXEC);
  fcntl(in[1], F_SETFD, FD_CLOEXEC);
  if (s->requests) s->restarts++;
  s->pid = pid;
  s->to = in[1];
  s->from = out[0];
  s->len = 0;
  return 0;
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Describe how the process ended, stop it, return SUT_CRASHED. */
static sut_status crashed(sut *s, char *reply, size_t cap, const char *when) {
  int st = 0;
  stop(s, &st);
  if (WIFSIGNALED(st) && WTERMSIG(st) != SIGKILL)
    snprintf(reply, cap, "the system under test crashed %s: killed by signal %d (%s)", when,
             WTERMSIG(st), strsignal(WTERMSIG(st)));
  else if (WIFEXITED(st))
    snprintf(reply, cap, "the system under test exited %s with status %d", when, WEXITSTATUS(st));
  else
    snprintf(reply, cap, "the system under test ended %s", when);
  return SUT_CRASHED;
}

/* Write the whole request and its newline. */
static int send_line(sut *s, const char *request) {
  size_t n = strlen(request);
  const char *parts[2] = {request, "\n"};
  size_t lens[2] = {n, 1};
  for (int k = 0; k < 2; k++) {
    const char *p = parts[k];
    size_t left = lens[k];
    while (left) {
      ssize_t w = write(s->to, p, left);
      if (w < 0 && errno == EINTR) continue;
      if (w <= 0) return -1;
      p += w;
      left -= (size_t)w;
    }
  }
  return 0;
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

sut_status sut_ask(sut *s, const char *request, char *reply, size_t cap) {
  if (s->pid <= 0 && start(s, reply, cap)) return SUT_START_FAILED;
  s->requests++;
  void (*old)(int) = signal(SIGPIPE, SIG_IGN);
  int rc = send_line(s, request);
  signal(SIGPIPE, old);
  if (rc) return crashed(s, reply, cap, "before reading the request");
  double deadline = now() + s->timeout;
  for (;;) {
    char *nl = memchr(s->buf, '\n', s->len);
    if (nl) {
      size_t n = (size_t)(nl - s->buf);
      if (memchr(s->buf, '\0', n)) {
        stop(s, NULL);
        snprintf(reply, cap, "the system under test answered a line with a NUL byte");
        return SUT_GARBAGE;
      }
      if (n && s->buf[n - 1] == '\r') n--;
      snprintf(reply, cap, "%.*s", (int)(n < cap ? n : cap - 1), s->buf);
      size_t used = (size_t)(nl - s->buf) + 1;
      memmove(s->buf, s->buf + used, s->len - used);
      s->len -= used;
      return SUT_OK;
    }
    int ms = (int)((deadline - now()) * 1000);
    if (ms <= 0) {
      stop(s, NULL);
      snprintf(reply, cap, "the system under test did not answer within %g s", s->timeout);
      return SUT_TIMEOUT;
    }
    struct pollfd pf = {s->from, POLLIN, 0};
    int pr = poll(&pf, 1, ms);
    if (pr < 0 && errno == EINTR) continue;
    if (pr == 0) continue;
    if (grow(s)) {
      stop(s, NULL);
      snprintf(reply, cap, "the system under test answered a line longer than %d bytes",
               SUT_LINE_MAX);
      return SUT_GARBAGE;
    }
    ssize_t r = read(s->from, s->buf + s->len, s->cap - s->len - 1);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) return crashed(s, reply, cap, "before answering");
    s->len += (size_t)r;
  }
}
