/*
** run_guard.h -- ending a long run cleanly on SIGINT, SIGTERM and SIGHUP.
**
** The engine has no way to stop in the middle of a property, and a signal
** handler may not touch SQLite, so a guarded run is split in two
** processes: the parent forks, and the child does the work (opening its
** own database handle) while the parent only waits.  SIGINT, SIGTERM or
** SIGHUP to the parent is passed on to the child as SIGTERM (a second one
** as SIGKILL); the child dies at once, except inside a "hold" (storing a
** counterexample and printing it), which it finishes first.  Every
** process the child forks (the engine's workers) dies with it (Linux:
** PR_SET_PDEATHSIG), and the child dies with the parent.  The parent is a
** child subreaper (Linux): once the child has ended, whatever is left
** below it outside its process group (a system under test, its children,
** one that called setsid) has become its child, and is killed and reaped
** (sut_sweep), on every way the child ends.  The parent then records the
** run as interrupted when a signal ended it.
**
** So whatever the moment of the signal, a counterexample that was shown as
** stored is stored (SQLite commits it before it is printed), and one that
** was being stored is either stored and shown, or neither.
*/
#ifndef RUN_GUARD_H
#define RUN_GUARD_H

#include <stddef.h>

/* How the child ended, for the parent. */
typedef struct guard_outcome {
  int status;      /* the child's exit status, when it exited */
  int signo;       /* 0 when the child exited, else the signal that ended the run: the one
                      the parent caught (SIGINT, SIGTERM, SIGHUP), or the one that killed
                      the child */
  char reason[64]; /* "SIGINT", "SIGTERM", "SIGHUP", "killed by signal 9 (Killed)", or "" */
} guard_outcome;

/* Fork the worker.  Returns 0 in the child, which does the work and
** returns its exit status normally; 1 in the parent once the child has
** ended, with *out filled; -1 (msg) when the fork failed, in which case
** the caller does the work itself, unguarded.  stdout and stderr are
** flushed first. */
int guard_start(guard_outcome *out, char *msg, size_t cap);

/* In the child: hold SIGINT, SIGTERM and SIGHUP until guard_release
** (they are delivered then).  No-ops outside a guarded child. */
void guard_hold(void);
void guard_release(void);

/* The exit status for a run ended by signo: 130 for SIGINT, 143 for
** SIGTERM, 129 for SIGHUP, 2 otherwise. */
int guard_exit_status(int signo);

#endif /* RUN_GUARD_H */
