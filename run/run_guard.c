/*
** run_guard.c -- a guarded run: the work in a child process, the parent
** waiting and passing SIGINT, SIGTERM and SIGHUP on (see run_guard.h).
*/
#include "run_guard.h"

#include "sut.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

static volatile sig_atomic_t caught; /* parent: the first signal caught, 0 before */
static volatile sig_atomic_t times;  /* parent: how many were caught */
static volatile pid_t child;         /* parent: the child's pid */
static int in_child;                 /* child: nonzero */

/* Parent: pass the signal on to the child, SIGTERM the first time and
** SIGKILL after that (async-signal-safe: kill only). */
static void pass_on(int sig) {
  if (!caught) caught = sig;
  times++;
  if (child > 0) kill(child, times > 1 ? SIGKILL : SIGTERM);
}

/* Make the calling process die when its parent does (Linux only). */
static void die_with_parent(void) {
#ifdef __linux__
  prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
}

/* pthread_atfork child handler of a guarded child: every process it forks
** (workers, a system under test) dies with it. */
static void fork_child(void) { die_with_parent(); }

/* The signal set of SIGINT, SIGTERM and SIGHUP. */
static sigset_t held_signals(void) {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  sigaddset(&set, SIGHUP);
  return set;
}

/* Hold SIGINT, SIGTERM and SIGHUP in a guarded child; see run_guard.h. */
void guard_hold(void) {
  if (!in_child) return;
  sigset_t set = held_signals();
  sigprocmask(SIG_BLOCK, &set, NULL);
}

/* Deliver what was held; see run_guard.h. */
void guard_release(void) {
  if (!in_child) return;
  sigset_t set = held_signals();
  sigprocmask(SIG_UNBLOCK, &set, NULL);
}

/* 130, 143, 129 or 2; see run_guard.h. */
int guard_exit_status(int signo) {
  return signo == SIGINT ? 130 : signo == SIGTERM ? 143 : signo == SIGHUP ? 129 : 2;
}

/* The name of a signal the parent passes on. */
static const char *signal_name(int sig) {
  return sig == SIGINT ? "SIGINT" : sig == SIGTERM ? "SIGTERM" : "SIGHUP";
}

/* Child: default dispositions for the signals, die with the parent (which
** may be gone already), and make every process forked from here die with
** this one. */
static void become_child(pid_t parent) {
  sigset_t set = held_signals();
  signal(SIGINT, SIG_DFL);
  signal(SIGTERM, SIG_DFL);
  signal(SIGHUP, SIG_DFL);
  die_with_parent();
  if (getppid() != parent) raise(SIGKILL);
  pthread_atfork(NULL, NULL, fork_child);
  in_child = 1;
  sigprocmask(SIG_UNBLOCK, &set, NULL);
}

/* Parent: wait for the child with the signals passed on (they are held
** until the handler is in place), kill what is left below this process
** (sut_sweep: a system under test the child started, and what left its
** group), then describe how the child ended in *out. */
static void wait_child(pid_t pid, guard_outcome *out) {
  sigset_t set = held_signals();
  struct sigaction sa, old_int, old_term, old_hup;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = pass_on;
  sa.sa_mask = held_signals();
  sa.sa_flags = 0;
  caught = 0;
  times = 0;
  child = pid;
  sigaction(SIGINT, &sa, &old_int);
  sigaction(SIGTERM, &sa, &old_term);
  sigaction(SIGHUP, &sa, &old_hup);
  sigprocmask(SIG_UNBLOCK, &set, NULL);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
    ;
  child = 0;
  sut_sweep();
  sigaction(SIGINT, &old_int, NULL);
  sigaction(SIGTERM, &old_term, NULL);
  sigaction(SIGHUP, &old_hup, NULL);
  memset(out, 0, sizeof *out);
  if (WIFEXITED(status)) {
    out->status = WEXITSTATUS(status);
    return;
  }
  out->status = 2;
  out->signo = caught ? caught : WIFSIGNALED(status) ? WTERMSIG(status) : SIGKILL;
  if (caught)
    snprintf(out->reason, sizeof out->reason, "%s", signal_name(caught));
  else
    snprintf(out->reason, sizeof out->reason, "killed by signal %d (%s)", out->signo,
             strsignal(out->signo));
}

/* Fork the worker of a guarded run; see run_guard.h. */
int guard_start(guard_outcome *out, char *msg, size_t cap) {
  sigset_t set = held_signals();
  memset(out, 0, sizeof *out);
  fflush(stdout);
  fflush(stderr);
  sigprocmask(SIG_BLOCK, &set, NULL); /* until each side has its handling */
#ifdef __linux__
  prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); /* the child's orphans come here, for the sweep */
#endif
  pid_t parent = getpid(), pid = fork();
  if (pid < 0) {
    snprintf(msg, cap, "fork: %s", strerror(errno));
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    return -1;
  }
  if (pid == 0) {
    become_child(parent);
    return 0;
  }
  wait_child(pid, out);
  return 1;
}
