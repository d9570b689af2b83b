/* test_sut.c -- the system under test as a co-process (sut/sut.c) and the
** differential comparisons (sut/diff.c): windows of requests with their
** sync request, a SUT that answers more or fewer lines than requests, one
** that never reads its input, crashes, garbage, the process group killed
** whole, and the oracle op of each layer.
**
** The SUTs are small shell loops.  The sync request is `size
** 1000000007:1` and its answer 1000000007 (sut.h); ECHO answers it and
** echoes every other line, so the expected answers are the requests. */
#include "diff.h"
#include "lo.h"
#include "proto.h"
#include "sut.h"
#include "t.h"

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Answers the sync request, echoes the rest. */
#define ECHO                                                                                       \
  "while IFS= read -r l; do case \"$l\" in 'size 1000000007:1') echo 1000000007;; *) echo "        \
  "\"$l\";; esac; done"

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Ask s the n requests "r0 x", "r1 x", ...; the status, replies freed;
** *ok is set when every reply equals its request. */
static sut_status ask_n(sut *s, int n, char *why, size_t cap, int *answered, int *ok) {
  char **req = calloc((size_t)n, sizeof *req), **reply = calloc((size_t)n, sizeof *reply);
  for (int i = 0; i < n; i++) {
    req[i] = malloc(128);
    snprintf(req[i], 128, "r%d %0100d", i, i); /* 100-odd bytes a line */
  }
  sut_status st = sut_ask_window(s, (const char *const *)req, n, reply, why, cap, answered);
  *ok = st == SUT_OK;
  for (int i = 0; i < n; i++) {
    if (st == SUT_OK && (!reply[i] || strcmp(reply[i], req[i]) != 0)) *ok = 0;
    if (st != SUT_OK && reply[i]) *ok = 0; /* no replies after a failure */
    free(req[i]);
    free(reply[i]);
  }
  free(req);
  free(reply);
  return st;
}

/* Windows of 1, 3 and 1000 requests, in order, to one process. */
static void test_windows(void) {
  char why[512];
  int ok = 0, answered = -1;
  sut *s = sut_new(ECHO, 5);
  T_EQ_INT(ask_n(s, 1, why, sizeof why, &answered, &ok), SUT_OK);
  T_CHECK(ok);
  T_EQ_INT(ask_n(s, 3, why, sizeof why, &answered, &ok), SUT_OK);
  T_CHECK(ok);
  T_EQ_INT(ask_n(s, 1000, why, sizeof why, &answered, &ok), SUT_OK); /* 100 KiB: more than a pipe */
  T_CHECK(ok);
  T_EQ_INT(s->requests, 1004);
  T_EQ_INT(s->windows, 3);
  T_EQ_INT(s->restarts, 0);
  T_EQ_INT(s->weak_sync, 0);
  char reply[64];
  T_EQ_INT(sut_ask(s, "size 2:1", reply, sizeof reply), SUT_OK);
  T_EQ_STR(reply, "size 2:1");
  sut_free(s);
}

/* More lines, fewer lines and a wrong sync answer are out of step, with
** a window of 1 too; the process is stopped and restarted. */
static void test_out_of_step(void) {
  char why[512];
  int ok = 0, answered = -1;
  /* two lines per request (the sync answer comes late) */
  sut *s = sut_new("while IFS= read -r l; do case \"$l\" in 'size 1000000007:1') echo 1000000007;; "
                   "*) echo \"$l\"; echo \"$l\";; esac; done",
                   5);
  for (int n = 1; n <= 4; n += 3) {
    T_EQ_INT(ask_n(s, n, why, sizeof why, &answered, &ok), SUT_OUT_OF_STEP);
    T_CHECK(!ok);
    T_CHECK(strncmp(why, "out of step: the system under test answered more lines than requests",
                    strlen("out of step: the system under test answered more lines than "
                           "requests")) == 0);
    /* line n is the second copy of an answer: r0's when n = 1, r2's (r0 r0 r1 r1 r2) when 4 */
    T_CHECK(strstr(why, n == 1 ? "'r0 0" : "'r2 0") != NULL);
    T_EQ_INT(answered, 0);
    T_EQ_INT(s->pid, 0);
  }
  T_EQ_INT(s->restarts, 1);
  sut_free(s);

  /* no answer to the requests r1 ...: the sync answer comes as line 2 */
  s = sut_new("while IFS= read -r l; do case \"$l\" in 'size 1000000007:1') echo 1000000007;; "
              "r1*) ;; *) echo \"$l\";; esac; done",
              5);
  T_EQ_INT(ask_n(s, 1, why, sizeof why, &answered, &ok), SUT_OK); /* r0 alone is answered */
  T_EQ_INT(ask_n(s, 3, why, sizeof why, &answered, &ok), SUT_OUT_OF_STEP);
  T_EQ_STR(why, "out of step: the system under test answered fewer lines than requests (the "
                "answer to the sync request `size 1000000007:1` came as line 3 of 4)");
  sut_free(s);

  /* a SUT that echoes everything answers the sync request wrongly */
  s = sut_new("cat", 5);
  T_EQ_INT(ask_n(s, 2, why, sizeof why, &answered, &ok), SUT_OUT_OF_STEP);
  T_CHECK(strstr(why, "'size 1000000007:1' where its answer, 1000000007, was due (after 2 "
                      "answers)") != NULL);
  sut_free(s);
}

/* A SUT without `size` answers the sync request with an error: accepted,
** with the line count checked (an extra line after it, or the sync
** request's error in a request's place, is out of step). */
static void test_weak_sync(void) {
  char why[512];
  int ok = 0, answered = -1;
  sut *s = sut_new("while IFS= read -r l; do case \"$l\" in size*) echo 'error: unsupported op "
                   "size';; *) echo \"$l\";; esac; done",
                   5);
  T_EQ_INT(ask_n(s, 5, why, sizeof why, &answered, &ok), SUT_OK);
  T_CHECK(ok);
  T_EQ_INT(s->weak_sync, 1);
  sut_free(s);
  s = sut_new("while IFS= read -r l; do case \"$l\" in size*) echo 'error: unsupported op "
              "size';; r1*) ;; *) echo \"$l\";; esac; done",
              5);
  T_EQ_INT(ask_n(s, 3, why, sizeof why, &answered, &ok), SUT_OUT_OF_STEP);
  T_CHECK(strstr(why, "fewer lines than requests") != NULL);
  sut_free(s);
  s = sut_new("while IFS= read -r l; do case \"$l\" in size*) echo 'error: unsupported op "
              "size'; echo extra;; *) echo \"$l\";; esac; done",
              5);
  T_EQ_INT(ask_n(s, 2, why, sizeof why, &answered, &ok), SUT_OUT_OF_STEP);
  T_EQ_STR(why, "out of step: the system under test answered more lines than requests ('extra' "
                "after the answer to the sync request)");
  sut_free(s);
}

/* A SUT that never reads its input: writing does not block, the window
** times out (reported as not reading), within about the timeout. */
static void test_never_reads(void) {
  char why[512];
  int ok = 0, answered = -1;
  sut *s = sut_new("sleep 1000", 0.3);
  double t0 = now();
  T_EQ_INT(ask_n(s, 2000, why, sizeof why, &answered, &ok), SUT_TIMEOUT); /* 200 KiB */
  T_CHECK(now() - t0 < 5);
  T_CHECK(strncmp(why, "the system under test did not read its input within 0.3 s (", 59) == 0);
  T_EQ_INT(s->pid, 0);
  /* a small window fits in the pipe: then it is the answer that is late */
  T_EQ_INT(ask_n(s, 2, why, sizeof why, &answered, &ok), SUT_TIMEOUT);
  T_EQ_STR(why, "the system under test did not answer within 0.3 s");
  sut_free(s);
}

/* Crashes, exits and garbage: where in the window they happened. */
static void test_failures(void) {
  char why[512];
  int ok = 0, answered = -1;
  sut *s = sut_new("read -r l; echo \"$l\"; read -r l; echo \"$l\"; read -r l; kill -SEGV $$", 5);
  T_EQ_INT(ask_n(s, 4, why, sizeof why, &answered, &ok), SUT_CRASHED);
  T_EQ_INT(answered, 2);
  T_CHECK(!ok);
  T_EQ_STR(why, "the system under test crashed before answering: killed by signal 11 "
                "(Segmentation fault)");
  sut_free(s);
  s = sut_new("sh -c 'exit 3'", 5);
  T_EQ_INT(ask_n(s, 1, why, sizeof why, &answered, &ok), SUT_CRASHED);
  T_EQ_STR(why, "the system under test exited before answering with status 3");
  sut_free(s);
  s = sut_new("printf 'a\\000b\\n'; cat >/dev/null", 5);
  T_EQ_INT(ask_n(s, 1, why, sizeof why, &answered, &ok), SUT_GARBAGE);
  T_EQ_STR(why, "the system under test answered a line with a NUL byte");
  sut_free(s);
  s = sut_new("/nonexistent/sut 2>/dev/null", 5);
  T_EQ_INT(ask_n(s, 1, why, sizeof why, &answered, &ok), SUT_CRASHED);
  T_EQ_STR(why, "the system under test exited before answering with status 127");
  sut_free(s);
}

/* Does process group g have a member that is not a zombie (reaped or
** not: an orphan's reaper may be slow)? */
static int group_alive(pid_t g) {
  DIR *d = opendir("/proc");
  struct dirent *e;
  int alive = 0;
  while (d && !alive && (e = readdir(d))) {
    char path[300], buf[512], *p;
    if (e->d_name[0] < '0' || e->d_name[0] > '9') continue;
    snprintf(path, sizeof path, "/proc/%s/stat", e->d_name);
    FILE *f = fopen(path, "r");
    if (!f) continue;
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = 0;
    char state;
    long ppid, pgrp;
    if ((p = strrchr(buf, ')')) && sscanf(p + 1, " %c %ld %ld", &state, &ppid, &pgrp) == 3)
      alive = pgrp == (long)g && state != 'Z';
  }
  if (d) closedir(d);
  return alive;
}

/* True when no live process of group g is left within about two seconds:
** SIGKILL is delivered asynchronously, and a killed orphan lingers until
** the kernel has torn it down. */
static int group_gone(pid_t g) {
  for (int i = 0; i < 200; i++) {
    if (!group_alive(g)) return 1;
    nanosleep(&(struct timespec){0, 10 * 1000 * 1000}, NULL);
  }
  return 0;
}

/* The SUT runs in its own process group, killed whole: a pipeline and a
** background process leave nothing behind, on a restart (after a
** timeout) or at the end. */
static void test_process_group(void) {
  char why[512];
  int ok = 0, answered = -1;
  /* answers one window, then runs a pipeline that never answers; the
  ** first window gets a generous timeout (a loaded machine may take more
  ** than 0.3 s to start a shell), the hanging one a short one */
  sut *s =
      sut_new("read -r l; echo \"$l\"; read -r l; echo 1000000007; sleep 1000 | sleep 1001", 10);
  T_EQ_INT(ask_n(s, 1, why, sizeof why, &answered, &ok), SUT_OK);
  s->timeout = 0.3;
  pid_t group = s->pid;
  nanosleep(&(struct timespec){0, 100 * 1000 * 1000}, NULL);
  T_CHECK(group > 0 && group_alive(group));
  T_EQ_INT(ask_n(s, 1, why, sizeof why, &answered, &ok), SUT_TIMEOUT);
  T_CHECK(group_gone(group));
  sut_free(s);
  s = sut_new("sleep 1000 & " ECHO, 5);
  T_EQ_INT(ask_n(s, 2, why, sizeof why, &answered, &ok), SUT_OK);
  group = s->pid;
  T_CHECK(group_alive(group));
  sut_free(s);
  T_CHECK(group_gone(group));
}

/* Is process pid alive (not a zombie)? */
static int pid_alive(pid_t pid) {
  char path[64], buf[512], *p, state = 'Z';
  snprintf(path, sizeof path, "/proc/%ld/stat", (long)pid);
  FILE *f = fopen(path, "r");
  if (!f) return 0;
  size_t n = fread(buf, 1, sizeof buf - 1, f);
  fclose(f);
  buf[n] = 0;
  if ((p = strrchr(buf, ')'))) sscanf(p + 1, " %c", &state);
  return state != 'Z';
}

/* True when pid is gone within about two seconds. */
static int pid_gone(pid_t pid) {
  for (int i = 0; i < 200; i++) {
    if (!pid_alive(pid)) return 1;
    nanosleep(&(struct timespec){0, 10 * 1000 * 1000}, NULL);
  }
  return 0;
}

/* The pid the SUT wrote into path, or 0. */
static pid_t pid_from(const char *path) {
  long pid = 0;
  for (int i = 0; i < 200 && pid == 0; i++) {
    FILE *f = fopen(path, "r");
    if (f && fscanf(f, "%ld", &pid) != 1) pid = 0;
    if (f) fclose(f);
    if (!pid) nanosleep(&(struct timespec){0, 10 * 1000 * 1000}, NULL);
  }
  return (pid_t)pid;
}

/* A grandchild that left the SUT's group and session (setsid) is killed
** too: on a restart after a timeout and at the end, none is left behind
** (before, one process leaked per restart).  Linux only: elsewhere
** sut_sweep does nothing. */
static void test_setsid_escape(void) {
#ifdef __linux__
  char why[512], path[64], cmd[512];
  int ok = 0, answered = -1;
  snprintf(path, sizeof path, "/tmp/test_sut_%ld.pid", (long)getpid());
  unlink(path);
  /* a grandchild in a session of its own (setsid forks when it leads its
  ** group); the intermediate shell exits, so the grandchild is an orphan */
  snprintf(cmd, sizeof cmd, "sh -c 'setsid sh -c \"echo \\$\\$ >%s; exec sleep 1000\" &'; %s", path,
           ECHO);
  sut *s = sut_new(cmd, 10);
  T_EQ_INT(ask_n(s, 2, why, sizeof why, &answered, &ok), SUT_OK);
  T_CHECK(ok);
  pid_t escaped = pid_from(path);
  T_CHECK(escaped > 0 && pid_alive(escaped));
  T_CHECK(escaped > 0 && getsid(escaped) != getsid(0));
  sut_free(s);
  T_CHECK(escaped > 0 && pid_gone(escaped));
  unlink(path);
  /* restarts: each process's escaped grandchild goes with it */
  snprintf(cmd, sizeof cmd,
           "setsid sh -c \"echo \\$\\$ >%s; exec sleep 1000\" & read -r l; read -r l; "
           "sleep 1000",
           path);
  s = sut_new(cmd, 0.3);
  T_EQ_INT(ask_n(s, 1, why, sizeof why, &answered, &ok), SUT_TIMEOUT);
  escaped = pid_from(path);
  T_CHECK(escaped > 0 && pid_gone(escaped));
  unlink(path);
  sut_free(s);
#endif
}

/* The start check: a SUT that answers starts; one that exits (with any
** status, 0 too) or dies before answering its first sync request cannot
** be started, whatever its status; 127 and 126 are named. */
static void test_start_check(void) {
  char why[512];
  sut *s = sut_new(ECHO, 10);
  T_EQ_INT(sut_check_start(s, why, sizeof why), 0);
  T_CHECK(s->pid > 0);
  T_EQ_INT(s->requests, 0);
  sut_free(s);
  s = sut_new("true", 10);
  T_EQ_INT(sut_check_start(s, why, sizeof why), -1);
  T_EQ_STR(why, "the command cannot be started: it exited with status 0 before answering the "
                "sync request `size 1000000007:1`");
  sut_free(s);
  s = sut_new("sh -c 'exit 2'", 10);
  T_EQ_INT(sut_check_start(s, why, sizeof why), -1);
  T_EQ_STR(why, "the command cannot be started: it exited with status 2 before answering the "
                "sync request `size 1000000007:1`");
  sut_free(s);
  s = sut_new("kill -SEGV $$", 10);
  T_EQ_INT(sut_check_start(s, why, sizeof why), -1);
  T_EQ_STR(why, "the command cannot be started: it was killed by signal 11 (Segmentation fault) "
                "before answering the sync request `size 1000000007:1`");
  sut_free(s);
  s = sut_new("/nonexistent/sut 2>/dev/null", 10);
  T_EQ_INT(sut_check_start(s, why, sizeof why), -1);
  T_EQ_STR(why, "the command could not be started: the shell exited with status 127 (command "
                "not found)");
  sut_free(s);
  /* exec'd (a simple command): closing its output is seen at once */
  s = sut_new("exec python3 -c 'import os, time; os.close(1); time.sleep(100)'", 10);
  if (system("python3 -c '' 2>/dev/null") == 0) {
    T_EQ_INT(sut_check_start(s, why, sizeof why), -1);
    T_EQ_STR(why, "the command cannot be started: it closed its output before answering the "
                  "sync request `size 1000000007:1`");
  }
  sut_free(s);
}

/* The oracle's own limits are not a disagreement: where the oracle
** overflows (the size of (2^62,4):(1,1) is 2^64) and the SUT answers, the
** case is not comparable (discarded and counted); where both refuse they
** agree; where the oracle answers and the SUT does not, it disagrees. */
static void test_not_comparable(void) {
  const char *big[] = {"(4611686018427387904,4):(1,1)"}, *small[] = {"(2,3):(1,2)"};
  char m0[512], m1[512];
  /* answers 7 to every request but the sync request */
  sut *s = sut_new("while IFS= read -r l; do case \"$l\" in 'size 1000000007:1') echo 1000000007;; "
                   "*) echo 7;; esac; done",
                   10);
  diff_target t;
  diff_target_init(&t, diff_op_find("size"), DIFF_PLAIN, DIFF_EXACT, s, 8);
  diff_item items[2] = {{&t, 1, big, GEN_FAIL, m0, sizeof m0},
                        {&t, 1, small, GEN_PASS, m1, sizeof m1}};
  gen_bounds b;
  memset(&b, 0, sizeof b);
  T_EQ_INT(diff_ask(s, 8, items, 2, &b), 2);
  T_EQ_INT(items[0].verdict, GEN_DISCARD);
  T_EQ_INT(t.not_comparable, 1);
  T_CHECK(strncmp(m0, "not comparable: the oracle's own limit: overflow", 48) == 0);
  T_EQ_INT(items[1].verdict, GEN_FAIL); /* 6, not 7 */
  T_EQ_INT(t.not_comparable, 1);
  sut_free(s);
}

/* A SUT's answer is shown escaped in a disagreement's message: an
** answer with terminal escapes cannot reach the console raw. */
static void test_escaped_answer(void) {
  const char *args[] = {"(2,3):(1,2)"};
  char m[512];
  sut *s = sut_new("while IFS= read -r l; do case \"$l\" in 'size 1000000007:1') echo 1000000007;; "
                   "*) printf '\\033]0;x\\007\\033[2J\\n';; esac; done",
                   10);
  diff_target t;
  diff_target_init(&t, diff_op_find("size"), DIFF_PLAIN, DIFF_EXACT, s, 1);
  diff_item it = {&t, 1, args, GEN_PASS, m, sizeof m};
  gen_bounds b;
  memset(&b, 0, sizeof b);
  T_EQ_INT(diff_ask(s, 1, &it, 1, &b), 1);
  T_EQ_INT(it.verdict, GEN_FAIL);
  T_CHECK(!strchr(m, '\033') && !strchr(m, '\007'));
  T_CHECK(strstr(m, "system under test \\x1b]0;x\\x07\\x1b[2J") != NULL);
  sut_free(s);
}

/* Answers on the console: printable text and UTF-8 as they are, control
** bytes (ESC, BEL, CR, DEL, C1 controls) and stray bytes as \xHH. */
static void test_escape(void) {
  char out[64];
  T_EQ_STR(proto_escape("(2,3):(1,2)", out, sizeof out), "(2,3):(1,2)");
  T_EQ_STR(proto_escape("\x1b]0;pwned\x07\x1b[2J", out, sizeof out), "\\x1b]0;pwned\\x07\\x1b[2J");
  T_EQ_STR(proto_escape("a\tb\rc\x7f", out, sizeof out), "a\tb\\x0dc\\x7f");
  T_EQ_STR(proto_escape("\xc3\xa9 \xc2\x9b \xff", out, sizeof out), "\xc3\xa9 \\xc2\\x9b \\xff");
  T_EQ_STR(proto_escape_n("a\0b", 3, out, sizeof out), "a\\x00b");
  T_EQ_STR(proto_escape("\x1b\x1b", out, 6), "\\x1b"); /* cut at an escape's boundary */
}

/* The oracle op a request is compared with: the plain op, or in the cute
** layer its cute_ twin where the op table has one. */
static void test_layers(void) {
  diff_layer l = DIFF_CUTE;
  T_EQ_INT(diff_layer_parse("plain", &l), 0);
  T_EQ_INT(l, DIFF_PLAIN);
  T_EQ_INT(diff_layer_parse("cute", &l), 0);
  T_EQ_INT(l, DIFF_CUTE);
  T_EQ_INT(diff_layer_parse("CuTe", &l), -1);
  T_EQ_STR(diff_layer_name(DIFF_CUTE), "cute");
  T_EQ_STR(diff_oracle_op("composition", DIFF_PLAIN), "composition");
  T_EQ_STR(diff_oracle_op("no_such_op", DIFF_CUTE), "no_such_op");
  for (int i = 0; i < diff_op_count(); i++) {
    const char *op = diff_op_at(i)->op, *twin = NULL;
    char name[96];
    snprintf(name, sizeof name, "cute_%s", op);
    for (int j = 0; j < lo_op_count(); j++)
      if (strcmp(lo_op_at(j)->name, name) == 0) twin = lo_op_at(j)->name;
    T_EQ_STR(diff_oracle_op(op, DIFF_CUTE), twin ? twin : op);
    T_EQ_STR(diff_oracle_op(op, DIFF_PLAIN), op);
  }
}

/* The signatures of refusals (diff_signature): values written "#", a
** possessive apostrophe kept (the quote of "L's" opens no quoted name), a
** refusal cut at its first ": " after a value, so that one kind of refusal
** has one signature however long its values are (the oracle's messages stop
** at 240 bytes, at a place that moves with the digits).  Expected strings
** worked out by hand from those rules. */
static void test_signatures(void) {
  const gen_property *p = NULL;
  char sig[GEN_SIG_LEN];
  diff_signature(p,
                 "the oracle refuses this input: oracle error: upcast<2>: CuTe prints (2):(0), "
                 "which is not the layout of L's units: the coordinates of L that R's coordinate "
                 "0 stands for, the layout (1):(0), are not, system under test (2):(0)",
                 sig, sizeof sig);
  T_EQ_STR(sig, "the oracle refuses: upcast# CuTe prints # which is not the layout of L's units");
  diff_signature(p,
                 "the oracle refuses this input: oracle error: upcast<16>: CuTe prints "
                 "((2,2),(2,2),(2,2)):((1,0),(0,0),(0,0)), which is not the layout of L's units: "
                 "the coordinates of L that R's coordinate 0 stands for, the layout (1,1,1,1,1,1)"
                 ":(16,0,0,0,0,0), are not the 16 elements [0,16) of one un, system under test 1:1",
                 sig, sizeof sig);
  T_EQ_STR(sig, "the oracle refuses: upcast# CuTe prints # which is not the layout of L's units");
  /* no ": " after a value: the whole refusal */
  diff_signature(p,
                 "the oracle refuses this input: oracle error: CuTe refuses: downcast<2>: Downcast "
                 "requires adjacent elements (no stride is 1), system under test (2):(0)",
                 sig, sizeof sig);
  T_EQ_STR(sig, "the oracle refuses: CuTe refuses: downcast# Downcast requires adjacent elements "
                "(no stride is #");
  /* a quoted name is a value */
  diff_signature(p,
                 "the system under test refuses this input: oracle 2:1, system under test error: "
                 "unknown name 'foo' in the request",
                 sig, sizeof sig);
  T_EQ_STR(sig, "the system under test refuses: unknown name # in the request");
}

int main(void) {
  signal(SIGPIPE, SIG_IGN);
  test_signatures();
  test_windows();
  test_out_of_step();
  test_weak_sync();
  test_never_reads();
  test_failures();
  test_process_group();
  test_setsid_escape();
  test_start_check();
  test_escape();
  test_not_comparable();
  test_escaped_answer();
  test_layers();
  return T_DONE();
}
