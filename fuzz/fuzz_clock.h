/*
** fuzz_clock.h -- a time limit per request for the libFuzzer targets.
**
** libFuzzer's -timeout counts whole seconds, and a request of the oracle
** that takes more than 100 ms is a finding here.  fuzz_clock_start arms
** ITIMER_PROF, which counts the CPU time of the process (so that a loaded
** machine does not make a fast request look slow), for the limit; when it
** fires, the handler writes "fuzz: a request ran past N ms of CPU time:
** WHAT" on stderr and aborts: libFuzzer reports a deadly signal and saves
** the input, as for a crash.  A request that never returns is caught so
** too, in flight.  fuzz_clock_stop disarms it.  The limit in milliseconds
** is FUZZ_REQUEST_MS from the environment, else the default the target
** passes: 100 ms for a request of the oracle, 1 s for a parser's whole
** input (a few ms each, but page faults under memory pressure count as
** CPU time), and for fuzz_deep's megabyte texts 2 s plus 2 s per MiB.  ITIMER_PROF is free: libFuzzer's own -timeout uses SIGALRM.
*/
#ifndef FUZZ_CLOCK_H
#define FUZZ_CLOCK_H

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <unistd.h>

static const char *volatile fuzz_clock_what; /* the request running, for the message */
static volatile long fuzz_clock_ms;          /* the limit, set on the first start */
static char fuzz_clock_ms_text[24];          /* fuzz_clock_ms in decimal */
static volatile long fuzz_clock_scale = 1;   /* the running request's multiple of it */

/* The SIGPROF handler: name the request and the limit it ran past ("20 x
** 100 ms" for a scaled one), and abort (async-signal-safe). */
static inline void fuzz_clock_fire(int sig) {
  static const char head[] = "fuzz: a request ran past ";
  static const char mid[] = " ms of CPU time: ";
  const char *what = fuzz_clock_what ? fuzz_clock_what : "(unnamed)";
  char digits[24], times[24];
  int n = 0, k = 0;
  for (long v = fuzz_clock_scale; v > 0 && n < 20; v /= 10) digits[n++] = (char)('0' + v % 10);
  while (n > 0) times[k++] = digits[--n];
  times[k++] = ' ', times[k++] = 'x', times[k++] = ' ';
  (void)sig;
  if (write(2, head, sizeof head - 1) < 0 || (fuzz_clock_scale > 1 && write(2, times, k) < 0) ||
      write(2, fuzz_clock_ms_text, strlen(fuzz_clock_ms_text)) < 0 ||
      write(2, mid, sizeof mid - 1) < 0 || write(2, what, strlen(what)) < 0 ||
      write(2, "\n", 1) < 0) {
    /* nothing more can be said */
  }
  abort();
}

/* Install the handler and read the limit (FUZZ_REQUEST_MS, else
** default_ms) once; assumes default_ms >= 1. */
static inline void fuzz_clock_setup(long default_ms) {
  if (fuzz_clock_ms) return;
  const char *env = getenv("FUZZ_REQUEST_MS");
  long ms = env ? strtol(env, NULL, 10) : 0;
  fuzz_clock_ms = ms > 0 ? ms : default_ms;
  char digits[24];
  int n = 0;
  for (long v = fuzz_clock_ms; v; v /= 10) digits[n++] = (char)('0' + v % 10);
  for (int i = 0; i < n; i++) fuzz_clock_ms_text[i] = digits[n - 1 - i];
  fuzz_clock_ms_text[n] = 0;
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = fuzz_clock_fire;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGPROF, &sa, NULL);
}

/* Start timing the request what (a string that outlives the request):
** abort once it has used scale times the limit's CPU time (scale >= 1). */
static inline void fuzz_clock_start_scaled(const char *what, long default_ms, long scale) {
  fuzz_clock_setup(default_ms);
  fuzz_clock_what = what;
  fuzz_clock_scale = scale;
  long ms = fuzz_clock_ms * scale;
  struct itimerval t;
  memset(&t, 0, sizeof t);
  t.it_value.tv_sec = ms / 1000;
  t.it_value.tv_usec = (ms % 1000) * 1000;
  setitimer(ITIMER_PROF, &t, NULL);
}

/* fuzz_clock_start_scaled at the limit itself. */
static inline void fuzz_clock_start(const char *what, long default_ms) {
  fuzz_clock_start_scaled(what, default_ms, 1);
}

/* The request returned in time: disarm the timer. */
static inline void fuzz_clock_stop(void) {
  struct itimerval t;
  memset(&t, 0, sizeof t);
  setitimer(ITIMER_PROF, &t, NULL);
  fuzz_clock_what = NULL;
}

#endif /* FUZZ_CLOCK_H */
