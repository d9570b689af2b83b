/*
** cmd_eval.c -- `layoutcheck eval`: evaluate oracle ops from the command
** line or, with --batch, one request per line of stdin.
**
** Batch protocol: blank lines and lines whose first non-blank byte is '#'
** are skipped; every other line is "OP ARG..." (split at white space outside
** brackets, see proto.h) and gets exactly one output line, in order: the result, or
** "error: MESSAGE".  Answers are flushed whenever no further request is
** waiting, so an interactive client has each answer before it sends the
** next request, and a piped batch is written a buffer at a time.
*/
#include "cli.h"
#include "line_in.h"
#include "oracle_call.h"
#include "proto.h"

#include "lo.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Print the usage of the eval command on f. */
static void eval_usage(FILE *f) {
  fputs("usage: layoutcheck eval OP ARG...   evaluate one op, print the result\n"
        "       layoutcheck eval --batch      one request \"OP ARG...\" per line of stdin\n"
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

/* Evaluate one request line (len bytes, NUL-terminated, newline removed)
** and print its response line; words and out are reused buffers. */
static void eval_line(char *line, size_t len, proto_words *words, char *out) {
  if (memchr(line, '\0', len)) {
    print_response(LO_ESYNTAX, "the line contains a NUL byte");
    return;
  }
  if (proto_split_words(line, words, out, ORACLE_OUT_CAP) != 0) {
    print_response(LO_ESYNTAX, out);
    return;
  }
  if (words->len == 0 || words->len - 1 > (size_t)INT_MAX) {
    print_response(LO_ELIMIT, words->len ? "too many arguments" : "no op");
    return;
  }
  int code = oracle_call(words->word[0], (int)(words->len - 1),
                         (const char *const *)words->word + 1, out, ORACLE_OUT_CAP);
  print_response(code, out);
}

/* The batch reader's wait hook: no request is waiting, so the client may
** be waiting for the answers printed so far; flush them.  0, or -1. */
static int flush_answers(void *unused) {
  (void)unused;
  return fflush(stdout) == 0 && !ferror(stdout) ? 0 : -1;
}

/* Run the batch protocol on stdin; 0, or 1 when reading or writing fails.
** Answers are buffered while more requests are already waiting and
** flushed whenever the next read could block (see line_in.h). */
static int eval_batch(void) {
  static char out_buf[1 << 16];
  char *out = malloc(ORACLE_OUT_CAP);
  proto_words words = {0};
  line_in in;
  int rc = 0;
  if (!out) {
    fputs("layoutcheck eval: out of memory\n", stderr);
    return 1;
  }
  setvbuf(stdout, out_buf, _IOFBF, sizeof out_buf);
  line_in_init(&in, STDIN_FILENO, flush_answers, NULL);
  char *line;
  size_t len;
  while ((rc = line_in_next(&in, &line, &len)) == 1 && !ferror(stdout))
    if (!proto_line_is_blank(line, len)) eval_line(line, len, &words, out);
  if (rc == 1) rc = -1; /* stopped by a failed write */
  int status = 0;
  if (rc < 0 && ferror(stdout)) {
    perror("layoutcheck eval: writing the response");
    status = 1;
  } else if (rc < 0) {
    perror("layoutcheck eval: reading stdin");
    status = 1;
  } else if (fflush(stdout) != 0 || ferror(stdout)) {
    perror("layoutcheck eval: writing the response");
    status = 1;
  }
  line_in_free(&in);
  proto_words_free(&words);
  free(out);
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

/* layoutcheck eval: dispatch on the first argument. */
int cmd_eval(int argc, char **argv) {
  if (argc < 2) {
    eval_usage(stderr);
    return 2;
  }
  const char *first = argv[1];
  if (first[0] == '-') {
    if (argc == 2 && strcmp(first, "--batch") == 0) return eval_batch();
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
