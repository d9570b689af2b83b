/*
** sut.h -- a system under test: another implementation of the layout
** algebra, run as a co-process that speaks the batch protocol of
** `layoutcheck eval --batch` (one request line in, one answer line out).
**
** The folder:
**   sut.h    this co-process (sut.c), and the name its results are stored under
**   proto.h  the words of the batch protocol: a request line split and read
**   diff.h   the differential comparisons: ops, comparisons, layers, windows
**            of requests judged against the oracle, the op lists of --ops
**
** Requests go in windows: up to a window of request lines is written at
** once, followed by a sync request, and the answers are read in order.
** The sync request is `size 1000000007:1` (SUT_PROBE); its answer,
** 1000000007, is what every SUT speaking the protocol prints, and a prime
** far above the sizes and offsets of generated cases, so the line where
** it comes back shows whether the SUT answered exactly one line per
** request.  It is the same every time, so that a SUT that caches answers
** (a compiling adapter) answers it from its cache.  A SUT
** that answers it with an error (it does not do `size`) is checked more
** weakly: its answer must be an `error:` line, in its place, with no line
** after it.  The answers of a window are used only once its sync answer
** is in place.
**
** A SUT that crashes, hangs past the timeout (answering, or reading its
** input: writes never block), answers garbage (a line too long, a NUL
** byte) or gets out of step (more or fewer answer lines than requests) is
** reported to the caller and stopped, to be restarted by the next window.
**
** The SUT runs in its own process group, which is killed whole whenever it
** is stopped, and on SIGINT, SIGTERM and SIGHUP of the process that runs
** it (the handlers are installed in each process that starts a SUT, a
** forked one too, where the signal is not handled already).  A process
** that starts a SUT becomes a child subreaper (Linux), so that a
** descendant that leaves the group (setsid, setpgid) becomes its child
** when its parent dies instead of init's; stopping the SUT then sweeps
** them (sut_sweep).
**
** The SUT's stderr comes through a pipe and is copied to ours a line at a
** time, control bytes escaped (proto_escape); a line that came before
** (from any SUT of this process or of the process it was forked from,
** across restarts) is counted, not shown again, and sut_free prints the
** counts.
*/
#ifndef SUT_H
#define SUT_H

#include <stddef.h>
#include <sys/types.h>

#define SUT_PROBE        "size 1000000007:1"
#define SUT_PROBE_ANSWER "1000000007"

typedef enum {
  SUT_OK = 0,       /* an answer line per request */
  SUT_CRASHED,      /* the process ended (why says how) */
  SUT_TIMEOUT,      /* no progress within the timeout; the process was killed */
  SUT_GARBAGE,      /* an answer that is not one line of text */
  SUT_START_FAILED, /* the command could not be started */
  SUT_OUT_OF_STEP   /* more or fewer answer lines than requests */
} sut_status;

typedef struct sut {
  char *command;  /* owned */
  double timeout; /* seconds without progress (an answer) */
  pid_t pid;      /* 0 when not running; also the process group */
  int to, from;   /* pipe ends (to is non-blocking) */
  char *buf;      /* read buffer (owned) */
  size_t len, cap;
  long restarts;   /* processes started after the first */
  long requests;   /* request lines sent, sync requests not counted */
  long windows;    /* windows sent */
  long retried;    /* windows that failed and were asked again in parts (diff.c) */
  int careful;     /* diff.c: requests still to ask one at a time after a failure */
  int weak_sync;   /* 1 once the SUT answered the sync request with an error */
  int last_exit;   /* exit status of the last process that ended, -1: none yet or a signal */
  int last_signal; /* the signal that ended it when it was not ours (SIGKILL on a stop), or 0 */
  int err;         /* the read end of its stderr pipe (non-blocking), -1 when not running */
  char *ebuf;      /* a partial stderr line (owned), elen bytes of SUT_ERR_LINE */
  size_t elen;
} sut;

#define SUT_ERR_LINE 4096 /* a longer stderr line is shown in parts of this size */

/* A SUT for command (run with /bin/sh -c), not started yet.  NULL when out
** of memory. */
sut *sut_new(const char *command, double timeout);
/* Stop the process group, print the counts of the repeated stderr lines
** to stderr (unless s was only start-checked), free s; NULL ok. */
void sut_free(sut *s);

/* Send the request lines req[0..n) (n >= 1, no newlines) and the sync
** request at once, and read the n answers (without their newlines) into
** reply[i], malloc'd (the caller frees them), starting the process when
** it is not running.  SUT_OK when every answer came and the sync answer
** was in its place.  On anything else the replies are NULL, why[0..whycap)
** says what happened ("out of step: ..." for SUT_OUT_OF_STEP), the
** process is stopped, to be restarted by the next call, and *answered
** (when not NULL) gets how many answer lines came before a crash, timeout
** or garbage while the requests were still being answered (0 otherwise):
** where the failure happened, not that those lines were in step. */
sut_status sut_ask_window(sut *s, const char *const *req, int n, char **reply, char *why,
                          size_t whycap, int *answered);

/* The name the disagreements of a SUT are stored under (the sut column
** of results.db): its command, with " #layer=cute" after it for the cute
** layer (a shell comment: the name still runs the command). */
void sut_identity(const char *command, const char *layer, char *buf, size_t cap);

/* One request: sut_ask_window with n = 1; the answer, or what happened,
** in reply[0..cap). */
sut_status sut_ask(sut *s, const char *request, char *reply, size_t cap);
/* Whether the command can be started at all, asked before a run opens or
** stores anything: start it and send the sync request.  0 when it answers
** (anything, an error line included) or fails in some other way (times
** out, answers out of step: the run's business); -1 with why[0..cap) when
** it cannot be started: the process could not be made, or it exited,
** died or closed its output before answering anything (status 127: the
** shell found no such command, 126: not executable).  Its stderr has been
** shown by then.  The process is left running when it answered. */
int sut_check_start(sut *s, char *why, size_t cap);

/* Kill every descendant of the calling process that is outside its
** process group (what is left of systems under test: processes that left
** their group or outlived it) and reap those that are its children, until
** none is left or about two seconds have passed.  Reads /proc (Linux; 0
** elsewhere).  Returns how many processes it killed, -1 when some
** survived.  Cheap when the process has no children. */
int sut_sweep(void);

#endif
