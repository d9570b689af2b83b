/*
** sut.h -- a system under test: another implementation of the layout
** algebra, run as a co-process that speaks the batch protocol of
** `layoutcheck eval --batch` (one request line in, one answer line out).
**
** A SUT that crashes, hangs past the per-request timeout or answers
** garbage (no line, a line too long, bytes that are not text) is reported
** to the caller and restarted on the next request.
*/
#ifndef SUT_H
#define SUT_H

#include <stddef.h>
#include <sys/types.h>

typedef enum {
  SUT_OK = 0,      /* an answer line */
  SUT_CRASHED,     /* the process ended (reply says how) */
  SUT_TIMEOUT,     /* no answer within the timeout; the process was killed */
  SUT_GARBAGE,     /* an answer that is not one line of text */
  SUT_START_FAILED /* the command could not be started */
} sut_status;

typedef struct sut {
  char *command;  /* owned */
  double timeout; /* seconds per request */
  pid_t pid;      /* 0 when not running */
  int to, from;   /* pipe ends */
  char *buf;      /* read buffer (owned) */
  size_t len, cap;
  long restarts; /* processes started after the first */
  long requests;
} sut;

/* A SUT for command (run with /bin/sh -c), not started yet.  NULL when out
** of memory. */
sut *sut_new(const char *command, double timeout);
void sut_free(sut *s); /* stops the process; NULL ok */

/* Send one request line (no newline) and read one answer line into
** reply[0..cap) (without the newline).  Starts the process when it is not
** running.  On anything but SUT_OK, reply describes what happened and the
** process is stopped, to be restarted by the next request. */
sut_status sut_ask(sut *s, const char *request, char *reply, size_t cap);

#endif
