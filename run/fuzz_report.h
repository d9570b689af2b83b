/*
** fuzz_report.h -- the console report of a property run (`layoutcheck
** fuzz`): a table by family of properties, then the theorem failures and
** the refuted conjectures one line each, grouped by family with the family
** explained once (CuTe's own contract breaks first), a summary and what
** to run next.  What it lists is read from results.db after the run: the
** counterexamples the run met, so a later run lists what is still open
** and counts, without printing, what is triaged known.
*/
#ifndef FUZZ_REPORT_H
#define FUZZ_REPORT_H

#include "gen.h"
#include "store.h"

#include <stdint.h>
#include <stdio.h>

/* How much the console says (config's console). */
enum { CONSOLE_REPORT = 0, CONSOLE_QUIET = 1, CONSOLE_VERBOSE = 2 };

/* One property's row of the run. */
typedef struct report_row {
  char name[128];
  int theorem; /* 1 theorem, 0 conjecture */
  int64_t cases, passed, discarded, failed;
  double seconds;
} report_row;

/* The rows of a run, in the order the properties ran.  Owned: release
** with fuzz_report_free. */
typedef struct fuzz_report {
  report_row *rows;
  int n, cap;
  int color; /* 1: ANSI colours */
  int quiet; /* 1: only what is new or still open */
} fuzz_report;

/* Add the row of property p's result r; 0, or -1 when out of memory. */
int fuzz_report_add(fuzz_report *f, const gen_property *p, const gen_result *r);

/* Release f's rows. */
void fuzz_report_free(fuzz_report *f);

/* Print the report of run run_id of d into out: the table (left out when
** f->quiet), the failures and refuted conjectures the run met that are
** not triaged known, the summary from t and the "next:" line.  0, or -1
** with msg on a database error. */
int fuzz_report_print(FILE *out, const fuzz_report *f, db *d, int64_t run_id, const db_tally *t,
                      const char *db_path, char *msg, size_t cap);

/* Whether to colour: "always" 1, "never" 0, "auto" (or NULL) when out is
** a terminal and NO_COLOR is unset or empty; -1 for another word. */
int fuzz_report_color(const char *when, FILE *out);

#endif /* FUZZ_REPORT_H */
