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
**
** With --json every answer is one JSON object on one line (eval_json.h,
** docs/eval.schema.json), written through stdio and flushed at the same
** points; a result keeps its line breaks (escaped by JSON).  The error of
** one op on the command line, and every JSON error, carries a hint where
** one helps (suggest.h: the nearest op names, 1-based modes).
*/
#include "cli.h"
#include "cli_help.h"
#include "cli_opts.h"
#include "eval_json.h"
#include "line_in.h"
#include "suggest.h"
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

/* The options of eval (see cmd_eval). */
typedef struct eval_opts {
  int batch, json, list;
  size_t max_line;
} eval_opts;

/* Print one response line for op on argv[0..argc) that returned code with
** text: the text, or "error: MESSAGE" (and the hint of suggest_op_hint on
** stderr, so that stdout holds the answer alone); with json, the JSON
** object, the hint in it (eval_json.h). */
static void print_response(const char *op, int argc, const char *const *argv, int code,
                           const char *text, int json) {
  char hint[512] = "";
  if (code != LO_OK) suggest_op_hint(op, argc, argv, hint, sizeof hint);
  if (json) {
    eval_json_answer(stdout, 0, op, argc, argv, code, text, strlen(text), hint);
  } else {
    if (code != LO_OK) fputs("error: ", stdout);
    fputs(text, stdout);
    if (hint[0]) fprintf(stderr, "layoutcheck eval: %s\n", hint);
  }
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
  int failed;    /* a write failed (errno tells why) */
  int json;      /* --json: the answers go through stdio as JSON objects */
  char *scratch; /* owned with json: ORACLE_OUT_CAP bytes for each answer's text */
} answers;

/* Write the buffered answers to stdout; 0, or -1 (errno set) when a write
** fails, after which nothing more is written and the unsent answers stay
** at the front of the buffer. */
static int answers_flush(answers *a) {
  size_t done = 0;
  if (a->json) {
    if (!a->failed && fflush(stdout) != 0) a->failed = 1;
    return a->failed ? -1 : 0;
  }
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

/* eval_line with --json: the answer of request line lineno as one JSON
** object on its own line of stdout (a request that does not split into
** words, or has none, is an error of kind "request" with op null). */
static void eval_line_json(char *line, size_t len, unsigned long long lineno, case_words *words,
                           answers *a) {
  char *out = a->scratch;
  size_t n;
  int split_failed = case_line_split_n(line, len, words, out, ORACLE_OUT_CAP) != 0;
  if (split_failed || words->len == 0 || words->len - 1 > (size_t)INT_MAX) {
    if (!split_failed)
      snprintf(out, ORACLE_OUT_CAP, "%s", words->len ? "too many arguments" : "no op");
    eval_json_answer(stdout, lineno, NULL, 0, NULL, -1, out, strlen(out), NULL);
  } else {
    const char *op = words->word[0];
    int argc = (int)(words->len - 1);
    const char *const *argv = (const char *const *)words->word + 1;
    int code = oracle_call_len(op, argc, argv, out, ORACLE_OUT_CAP, &n);
    char hint[512] = "";
    if (code != LO_OK) suggest_op_hint(op, argc, argv, hint, sizeof hint);
    eval_json_answer(stdout, lineno, op, argc, argv, code, out, n, hint);
  }
  putchar('\n');
  if (ferror(stdout)) a->failed = 1;
}

/* Evaluate one request line (len bytes, NUL-terminated, newline removed;
** line lineno of the batch) and add its answer line; words is a reused
** buffer.  The oracle writes its text (or a message) at the end of the
** answers. */
static void eval_line(char *line, size_t len, unsigned long long lineno, case_words *words,
                      answers *a) {
  if (a->json) {
    eval_line_json(line, len, lineno, words, a);
    return;
  }
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
  char *out = a->json ? a->scratch : a->buf + a->len;
  int n = snprintf(out, ORACLE_OUT_CAP,
                   "line %llu: %zu bytes, longer than the limit of %zu bytes of a request line "
                   "(eval --batch --max-line); skipped",
                   lineno, len, max);
  assert(n > 0 && (size_t)n < ORACLE_OUT_CAP);
  if (a->json) {
    eval_json_answer(stdout, lineno, NULL, 0, NULL, -1, out, (size_t)n, NULL);
    putchar('\n');
    if (ferror(stdout)) a->failed = 1;
    return;
  }
  answers_end(a, (size_t)n, 1);
}

/* The batch reader's wait hook: no request is waiting, so the client may
** be waiting for the answers added so far; send them.  0, or -1. */
static int flush_answers(void *a) { return answers_flush(a); }

/* Run the batch protocol on stdin, keeping lines of up to max_line bytes;
** 0, or 1 when reading or writing fails.  Answers are buffered while more
** requests are already waiting and written whenever the next read could
** block (see line_in.h). */
static int eval_batch(size_t max_line, int json) {
  answers a = {malloc(ANSWERS_FLUSH_AT + ORACLE_OUT_CAP + ERROR_PREFIX_LEN + 1), 0, 0, json,
               json ? malloc(ORACLE_OUT_CAP) : NULL};
  case_words words = {0};
  line_in in;
  int rc = 0;
  if (!a.buf || (json && !a.scratch)) {
    fputs("layoutcheck eval: out of memory\n", stderr);
    free(a.buf);
    free(a.scratch);
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
      eval_line(line, len, lineno, &words, &a);
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
  free(a.scratch);
  return status;
}

/* Evaluate the op named on the command line (argv[0], its arguments
** after it); 0 with the result, 1 with "error: MESSAGE" (and a hint), both
** on stdout, a hint on stderr; with json, the answer as a JSON object. */
static int eval_once(int argc, char **argv, int json) {
  char *out = malloc(ORACLE_OUT_CAP);
  if (!out) {
    fputs("layoutcheck eval: out of memory\n", stderr);
    return 1;
  }
  if (json) oracle_call_keep_lines(1); /* JSON escapes the line breaks itself */
  const char *const *args = (const char *const *)argv + 1;
  int code = oracle_call(argv[0], argc - 1, args, out, ORACLE_OUT_CAP);
  print_response(argv[0], argc - 1, args, code, out, json);
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

/* Print "layoutcheck eval: MESSAGE" with the usage on stderr; 2. */
static int eval_usage_error(const char *message, const char *arg) {
  fprintf(stderr, "layoutcheck eval: %s%s%s\n%s", message, arg ? " " : "", arg ? arg : "",
          cli_help_usage("eval"));
  return 2;
}

/* Read eval's leading options (argv[1..], up to the op, which never starts
** with '-') into *o and the index of the op into *first; 0, CLI_HELP after
** the help on stdout, or 2 after a message.  An unknown option gets the
** nearest names. */
static int eval_options(int argc, char **argv, eval_opts *o, int *first) {
  static const char *const names[] = {"--batch", "--json", "--list", "--max-line", "--help"};
  int i = 1;
  for (; i < argc && argv[i][0] == '-'; i++) {
    const char *a = argv[i];
    if (strcmp(a, "--batch") == 0)
      o->batch = 1;
    else if (strcmp(a, "--json") == 0)
      o->json = 1;
    else if (strcmp(a, "--list") == 0)
      o->list = 1;
    else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      cli_help_print(cli_help_find("eval"), stdout);
      return CLI_HELP;
    } else if (strcmp(a, "--max-line") == 0 || strncmp(a, "--max-line=", 11) == 0) {
      const char *v = a[10] == '=' ? a + 11 : (i + 1 < argc ? argv[++i] : NULL);
      if (!v || !parse_max_line(v, &o->max_line))
        return eval_usage_error("--batch takes only --max-line BYTES (1 to 1073741824) and "
                                "--json; --max-line found",
                                v ? v : "nothing");
    } else {
      char near[128], msg[256];
      if (suggest_nearest(a, names, 5, near, sizeof near) > 0)
        snprintf(msg, sizeof msg, "unknown option '%s'; did you mean %s?", a, near);
      else
        snprintf(msg, sizeof msg, "unknown option '%s'", a);
      return eval_usage_error(msg, NULL);
    }
  }
  *first = i;
  return 0;
}

/* layoutcheck eval: the options, then one op, the batch or the list. */
int cmd_eval(int argc, char **argv) {
  eval_opts o = {0, 0, 0, LINE_IN_MAX};
  int first, max_line_given;
  int rc = eval_options(argc, argv, &o, &first);
  if (rc) return rc == CLI_HELP ? 0 : rc;
  max_line_given = o.max_line != LINE_IN_MAX;
  if (o.list) {
    if (o.batch || o.json || max_line_given || first < argc)
      return eval_usage_error("--list takes no other option or argument", NULL);
    return eval_list();
  }
  if (o.batch) {
    if (first < argc)
      return eval_usage_error("--batch takes only --max-line BYTES (1 to 1073741824) and "
                              "--json (its requests come from stdin); found",
                              argv[first]);
    return eval_batch(o.max_line, o.json);
  }
  if (max_line_given) return eval_usage_error("--max-line applies to --batch only", NULL);
  if (first >= argc) return eval_usage_error("no op given", NULL);
  return eval_once(argc - first, argv + first, o.json);
}
