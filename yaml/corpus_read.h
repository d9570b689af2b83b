/*
** corpus_read.h -- read YAML case files: a sequence of mappings
**
**   - {op: NAME, args: ["ARG", ...], expect: "RESULT"}
**
** with optional keys correct (overrides expect), cute_cpp (what CuTe C++
** prints where the source printed otherwise; the plain ops follow it, so
** it overrides expect too, and correct overrides it), skip (a reason: the
** case is not run), pending (a reason the oracle does not answer the
** expectation yet: the case is run and expected to fail) and the ignored
** keys ref, note, got, reason.  Every scalar is taken as a string,
** whatever its tag or form (true, 3 and error included).
*/
#ifndef CORPUS_READ_H
#define CORPUS_READ_H

#include <stddef.h>

/* A message tied to a 1-based position in the file (line 0: no position). */
typedef struct corpus_error {
  size_t line, column;
  char text[320];
} corpus_error;

/* One case.  The strings are owned by the reader and valid only during the
** callback that receives the case. */
typedef struct corpus_case {
  size_t line, column; /* where the case's mapping starts */
  char *op;
  char **args;
  size_t nargs, args_cap; /* nargs <= INT_MAX */
  int has_args;
  char *expect, *correct, *skip;
  char *pending;  /* why the case is expected to fail for now, or NULL */
  char *cute_cpp; /* what CuTe C++ prints where the source printed otherwise */
  int has_error;  /* the case is malformed: error says why */
  corpus_error error;
} corpus_case;

typedef void (*corpus_case_fn)(const corpus_case *c, void *ctx);

/* Read the case file at path and call fn(case, ctx) for each case in file
** order, malformed cases included (with has_error set).  Returns 0 when the
** whole file was read, or -1 with *err set when it cannot be opened or is
** not well-formed YAML of the expected shape (cases before that point have
** been passed to fn). */
int corpus_read(const char *path, corpus_case_fn fn, void *ctx, corpus_error *err);

#endif /* CORPUS_READ_H */
