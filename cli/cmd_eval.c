/*
** cmd_eval.c -- `layoutcheck eval`: evaluate oracle ops from the command
** line or, with --batch, one request per line of stdin.
**
** Batch protocol: blank lines and lines whose first non-blank byte is '#'
** are skipped; every other line is "OP ARG..." (split at white space outside
** brackets, see proto.h) and gets exactly one output line, in order: the result, or
** "error: MESSAGE".  A line longer than the limit (LINE_IN_MAX bytes, or
** --max-line) is dropped as it is read and answered "error: line N: ...".
** Answers are flushed whenever no further request is
** waiting, so an interactive client has each answer before it sends the
** next request, and a piped batch is written a buffer at a time.
*/
#include "cli.h"
#include "line_in.h"
#include "oracle_call.h"
#include "case_line.h"

#include "lo.h"

#include <assert.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Print the usage of the eval command on f. */
static void eval_usage(FILE *f) {
  fputs("usage: layoutcheck eval OP ARG...   evaluate one op, print the result\n"
        "       layoutcheck eval --batch [--max-line BYTES]\n"
        "                                     one request \"OP ARG...\" per line of stdin;\n"
        "                                     a longer line (default 16777216 bytes) is\n"
        "                                     answered with an error and skipped\n"
        "       layoutcheck eval --list       list the ops\n",
        f);
}

/* Print the oracle's op table: name, arguments, summary. */
static int eval_list(void) {
  int n = lo_op_count();
  for (int i = 0; i < n; i++) {
    const lo_op_info *op = lo_op_at(i);
    if (op)
      printf("%-20s %-12s %s\n", op->name, op->args ? op->args : "",
             op->summary ? op->summary : "");
  }
  return 0;
}

/* Print one response line for a call that returned code with text. */
static void print_response(int code, const char *text) {
  if (code != LO_OK) fputs("error: ", stdout);
  fputs(text, stdout);
  putchar('\n');
}

/* The batch's answers, written by the oracle straight into buf and sent
** with write(2): answers are added while len < ANSWERS_FLUSH_AT, and the
** buffer has room after that for one more answer of ORACLE_OUT_CAP bytes
** with its "error: " prefix and its newline. */
#define ANSWERS_FLUSH_AT ((size_t)1 << 16)
#define ERROR_PREFIX     "error: "
#define ERROR_PREFIX_LEN (sizeof ERROR_PREFIX - 1)

typedef struct answers {
  char *buf; /* owned; ANSWERS_FLUSH_AT + ORACLE_OUT_CAP + ERROR_PREFIX_LEN + 1 bytes */
  size_t len;
  int failed; /* a write failed (errno tells why) */
} answers;

/* Write the buffered answers to stdout; 0, or -1 (errno set) when a write
** fails, after which nothing more is written and the unsent answers stay
** at the front of the buffer. */
static int answers_flush(answers *a) {
  size_t done = 0;
  while (done < a->len && !a->failed) {
    ssize_t n = write(STDOUT_FILENO, a->buf + done, a->len - done);
    if (n > 0)
      done += (size_t)n;
    else if (n == 0) /* no progress: give up rather than spin */
      a->failed = 1, errno = EIO;
    else if (errno != EINTR)
      a->failed = 1;
  }
  memmove(a->buf, a->buf + done, a->len - done);
  a->len -= done;
  return a->failed ? -1 : 0;
}

/* End the answer of n bytes at the buffer's end (its text, or with is_error
** the message, which gets the "error: " prefix) with a newline; flush when
** the buffer is past ANSWERS_FLUSH_AT. */
static void answers_end(answers *a, size_t n, int is_error) {
  char *at = a->buf + a->len;
  if (is_error) {
    memmove(at + ERROR_PREFIX_LEN, at, n);
    memcpy(at, ERROR_PREFIX, ERROR_PREFIX_LEN);
    n += ERROR_PREFIX_LEN;
  }
  at[n] = '\n';
  a->len += n + 1;
  if (a->len >= ANSWERS_FLUSH_AT) answers_flush(a);
}

/* Evaluate one request line (len bytes, NUL-terminated, newline removed)
** and add its answer line; words is a reused buffer.  The oracle writes
** its text (or a message) at the end of the answers. */
static void eval_line(char *line, size_t len, case_words *words, answers *a) {
  char *out = a->buf + a->len;
  size_t n;
  if (case_line_split_n(line, len, words, out, ORACLE_OUT_CAP) != 0) {
    answers_end(a, strlen(out), 1);
    return;
  }
  if (words->len == 0 || words->len - 1 > (size_t)INT_MAX) {
    n = (size_t)snprintf(out, ORACLE_OUT_CAP, "%s", words->len ? "too many arguments" : "no op");
    answers_end(a, n, 1);
    return;
  }
  int code = oracle_call_len(words->word[0], (int)(words->len - 1),
                             (const char *const *)words->word + 1, out, ORACLE_OUT_CAP, &n);
  answers_end(a, n, code != LO_OK);
}

/* Answer a line that was longer than max bytes (len of them, line number
** lineno) with an error naming both. */
static void eval_overlong(unsigned long long lineno, size_t len, size_t max, answers *a) {
  char *out = a->buf + a->len;
  int n = snprintf(out, ORACLE_OUT_CAP,
                   "line %llu: %zu bytes, longer than the limit of %zu bytes of a request line "
                   "(eval --batch --max-line); skipped",
                   lineno, len, max);
  assert(n > 0 && (size_t)n < ORACLE_OUT_CAP);
  answers_end(a, (size_t)n, 1);
}

/* The batch reader's wait hook: no request is waiting, so the client may
** be waiting for the answers added so far; send them.  0, or -1. */
static int flush_answers(void *a) { return answers_flush(a); }

/* Run the batch protocol on stdin, keeping lines of up to max_line bytes;
** 0, or 1 when reading or writing fails.  Answers are buffered while more
** requests are already waiting and written whenever the next read could
** block (see line_in.h). */
static int eval_batch(size_t max_line) {
  answers a = {malloc(ANSWERS_FLUSH_AT + ORACLE_OUT_CAP + ERROR_PREFIX_LEN + 1), 0, 0};
  case_words words = {0};
  line_in in;
  int rc = 0;
  if (!a.buf) {
    fputs("layoutcheck eval: out of memory\n", stderr);
    return 1;
  }
  line_in_init(&in, STDIN_FILENO, flush_answers, &a);
  line_in_set_max(&in, max_line);
  char *line;
  size_t len;
  unsigned long long lineno = 0;
  while (!a.failed && (rc = line_in_next(&in, &line, &len)) > 0) {
    lineno++;
    if (rc == 2)
      eval_overlong(lineno, len, max_line, &a);
    else if (!case_line_is_blank(line, len))
      eval_line(line, len, &words, &a);
  }
  if (rc > 0) rc = -1; /* stopped by a failed write */
  int status = 0;
  if ((rc < 0 && a.failed) || (rc == 0 && answers_flush(&a) != 0)) {
    perror("layoutcheck eval: writing the response");
    /* the unsent answers go to stdio, which tries them again at exit:
    ** main then reports the standard output unwritable (exit 2) */
    fwrite(a.buf, 1, a.len, stdout);
    status = 1;
  } else if (rc < 0) {
    perror("layoutcheck eval: reading stdin");
    status = 1;
  }
  line_in_free(&in);
  case_words_free(&words);
  free(a.buf);
  return status;
}

/* Evaluate the op named on the command line; 0 with the result, 1 with
** "error: MESSAGE", both on stdout. */
static int eval_once(int argc, char **argv) {
  char *out = malloc(ORACLE_OUT_CAP);
  if (!out) {
    fputs("layoutcheck eval: out of memory\n", stderr);
    return 1;
  }
  int code = oracle_call(argv[0], argc - 1, (const char *const *)argv + 1, out, ORACLE_OUT_CAP);
  print_response(code, out);
  free(out);
  return code == LO_OK ? 0 : 1;
}

/* Read the value of --max-line: a decimal integer from 1 to 2^30 into
** *max; nonzero when it is one. */
static int parse_max_line(const char *s, size_t *max) {
  if (*s < '0' || *s > '9') return 0;
  char *end;
  errno = 0;
  unsigned long long v = strtoull(s, &end, 10);
  if (errno || *end || v < 1 || v > (1ull << 30)) return 0;
  *max = (size_t)v;
  return 1;
}

/* layoutcheck eval: dispatch on the first argument. */
int cmd_eval(int argc, char **argv) {
  if (argc < 2) {
    eval_usage(stderr);
    return 2;
  }
  const char *first = argv[1];
  if (first[0] == '-') {
    if (strcmp(first, "--batch") == 0) {
      size_t max_line = LINE_IN_MAX;
      if (argc == 4 && strcmp(argv[2], "--max-line") == 0 && parse_max_line(argv[3], &max_line))
        return eval_batch(max_line);
      if (argc == 2) return eval_batch(max_line);
      fputs("layoutcheck eval: --batch takes only --max-line BYTES (1 to 1073741824)\n", stderr);
      eval_usage(stderr);
      return 2;
    }
    if (argc == 2 && strcmp(first, "--list") == 0) return eval_list();
    if (strcmp(first, "--help") == 0 || strcmp(first, "-h") == 0) {
      eval_usage(stdout);
      return 0;
    }
    fprintf(stderr, "layoutcheck eval: unknown option or extra arguments: %s\n", first);
    eval_usage(stderr);
    return 2;
  }
  return eval_once(argc - 1, argv + 1);
}
