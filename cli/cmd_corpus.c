/*
** cmd_corpus.c -- `layoutcheck corpus [-v] FILE...`: run YAML case files
** (see corpus_read.h) through the oracle and count passes, failures and
** skips.
**
** A case passes when the oracle prints exactly the expected string (the
** value of correct when present, else of cute_cpp, else of expect), or when the expected
** string is "error" and the oracle returns an error.  A case with pending
** (a named reason the oracle does not answer it yet) is run too: when it
** does not pass it counts as pending, apart from passes and failures; when
** it passes it is a failure, so that the mark goes when its reason does.  A
** malformed case is a failure; a file that cannot be read or parsed counts
** one failure more and makes the exit status 2.
*/
#include "cli.h"
#include "cli_help.h"
#include "cli_opts.h"
#include "corpus_read.h"
#include "oracle_call.h"

#include "lo.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_REPORTS 50 /* failures printed per file without -v */

typedef struct tally {
  size_t passed, failed, skipped, pending;
} tally;

typedef struct file_run {
  const char *path;
  int verbose;
  char *out; /* the oracle's buffer, ORACLE_OUT_CAP bytes */
  tally count;
  size_t reported; /* failures seen, printed or not */
} file_run;

/* Print s with any newline or carriage return shown as a space. */
static void put_one_line(const char *s) {
  for (; *s; s++) putchar(*s == '\n' || *s == '\r' ? ' ' : *s);
}

/* Print "op arg1 arg2 ..." for a case. */
static void put_request(const corpus_case *c) {
  put_one_line(c->op);
  for (size_t i = 0; i < c->nargs; i++) {
    putchar(' ');
    put_one_line(c->args[i]);
  }
}

/* Count one failure; nonzero when it should be printed (the first
** MAX_REPORTS of a file, or all of them with -v). */
static int count_failure(file_run *run) {
  run->count.failed++;
  run->reported++;
  return run->verbose || run->reported <= MAX_REPORTS;
}

/* Print "FILE:LINE:COLUMN: text" (or "FILE: text" without a position). */
static void put_error(const char *path, const corpus_error *e) {
  if (e->line)
    printf("%s:%zu:%zu: ", path, e->line, e->column);
  else
    printf("%s: ", path);
  put_one_line(e->text);
  putchar('\n');
}

/* Run one well-formed case and count the outcome. */
static void run_case(file_run *run, const corpus_case *c) {
  const char *want = c->correct ? c->correct : c->cute_cpp ? c->cute_cpp : c->expect;
  int code =
      oracle_call(c->op, (int)c->nargs, (const char *const *)c->args, run->out, ORACLE_OUT_CAP);
  int ok =
      strcmp(want, "error") == 0 ? code != LO_OK : code == LO_OK && strcmp(run->out, want) == 0;
  if (ok && !c->pending) {
    run->count.passed++;
    return;
  }
  if (ok) {
    if (!count_failure(run)) return;
    printf("%s:%zu: ", run->path, c->line);
    put_request(c);
    fputs(": passes, but is marked pending (", stdout);
    put_one_line(c->pending);
    fputs("): remove the mark\n", stdout);
    return;
  }
  if (c->pending) {
    run->count.pending++;
    if (!run->verbose) return;
    printf("%s:%zu: pending: ", run->path, c->line);
  } else {
    if (!count_failure(run)) return;
    printf("%s:%zu: ", run->path, c->line);
  }
  put_request(c);
  fputs(": expected ", stdout);
  put_one_line(want);
  fputs(code == LO_OK ? ", got " : ", got error: ", stdout);
  put_one_line(run->out);
  if (c->pending) {
    fputs(" (", stdout);
    put_one_line(c->pending);
    putchar(')');
  }
  putchar('\n');
}

/* corpus_read callback: count a malformed, skipped or run case. */
static void check_case(const corpus_case *c, void *ctx) {
  file_run *run = ctx;
  if (c->has_error) {
    if (count_failure(run)) put_error(run->path, &c->error);
  } else if (c->skip) {
    run->count.skipped++;
    if (run->verbose) {
      printf("%s:%zu: skipped: ", run->path, c->line);
      put_request(c);
      fputs(": ", stdout);
      put_one_line(c->skip);
      putchar('\n');
    }
  } else {
    run_case(run, c);
  }
}

/* Print "N passed, N failed[, N skipped][, N pending]" after prefix;
** always_skipped prints the skip count even when it is zero. */
static void put_tally(const char *prefix, const tally *t, int always_skipped) {
  printf("%s%zu passed, %zu failed", prefix, t->passed, t->failed);
  if (always_skipped || t->skipped) printf(", %zu skipped", t->skipped);
  if (t->pending) printf(", %zu pending", t->pending);
  putchar('\n');
}

/* Check one file, add its counts to *total; 0, or -1 when the file could
** not be read or parsed to the end. */
static int check_file(const char *path, int verbose, char *out, tally *total) {
  file_run run = {.path = path, .verbose = verbose, .out = out};
  corpus_error err;
  int status = corpus_read(path, check_case, &run, &err);
  if (run.reported > MAX_REPORTS && !verbose)
    printf("%s: %zu more failures not shown (-v shows all)\n", path, run.reported - MAX_REPORTS);
  if (status != 0) {
    put_error(path, &err);
    run.count.failed++;
  }
  printf("%s: ", path);
  put_tally("", &run.count, 1);
  total->passed += run.count.passed;
  total->failed += run.count.failed;
  total->skipped += run.count.skipped;
  total->pending += run.count.pending;
  return status;
}

/* layoutcheck corpus: check each file, print per-file and total counts.
** Exit 0 when nothing failed, 1 on failures, 2 when a file could not be
** read or parsed or on a usage error. */
int cmd_corpus(int argc, char **argv) {
  int verbose = 0, nfiles = 0;
  const char **files = calloc((size_t)argc + 1, sizeof *files);
  if (!files) return fputs("layoutcheck corpus: out of memory\n", stderr), 2;
  const cli_opt opts[] = {CLI_FLAG("verbose", 'v', &verbose)};
  int prc = cli_parse(argc, argv, opts, 1, cli_help_usage("corpus"), files, argc, &nfiles);
  if (prc == 0 && nfiles == 0) {
    fputs(cli_help_usage("corpus"), stderr);
    prc = 2;
  }
  if (prc) {
    free(files);
    return prc == CLI_HELP ? 0 : prc;
  }
  char *out = malloc(ORACLE_OUT_CAP);
  if (!out) {
    fputs("layoutcheck corpus: out of memory\n", stderr);
    free(files);
    return 2;
  }
  tally total = {0};
  int unreadable = 0;
  for (int i = 0; i < nfiles; i++)
    if (check_file(files[i], verbose, out, &total) != 0) unreadable = 1;
  free(out);
  free(files);
  put_tally("", &total, 0);
  return unreadable ? 2 : total.failed ? 1 : 0;
}
