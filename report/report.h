/*
** report.h -- the report: one model of what results.db holds, read once
** into memory (report_model.c), and four views written from it: text
** (report_text.c), JUnit XML (report_junit.c), JSON (report_json.c, whose
** schema is docs/report.schema.json) and one self-contained HTML page
** (report_html.c) with the SVG pictures of report_svg.c.  The command
** is cli/cmd_report.c.
*/
#ifndef REPORT_H
#define REPORT_H

#include "store.h"

#include <stdio.h>

/* Bounds that keep a report readable whatever the database holds. */
#define REPORT_TREND_RUNS 200 /* runs in the plots of cases and failures per run */
#define REPORT_SPARK_RUNS 24  /* runs in a property's sparkline */
#define REPORT_TEXT_RUNS  8   /* runs in the per-property trend of the text format */
#define REPORT_PICTURES   150 /* counterexamples drawn; the rest are listed */
#define REPORT_GRID_MAX   32  /* rows and columns of a drawn layout */
#define REPORT_ARROWS_MAX 40  /* entries of a drawn morphism */

/* One run, with what its property rows add up to. */
typedef struct report_run {
  db_run row;      /* owned: strings freed by report_free */
  int64_t props;   /* property rows */
  int64_t failed;  /* failed cases summed over its properties */
  double seconds;  /* seconds summed over its properties */
  char shards[48]; /* "1,2,3,4/4" when it is a (merged) shard run, else "" */
} report_run;

/* One row of run_properties, as the store reads it (labels owned by the
** report). */
typedef db_run_prop report_prop;

/* A counterexample as people paste it, written by the command (which knows
** the properties; run/report_paste.c) and only shown by the views: NULL
** fields where it gave none. */
typedef struct report_paste {
  char *vars;  /* "A = (2):(0), B = 3:1": the property's variables */
  char *vals;  /* the values' names, "A B" (for the pictures' captions) */
  char *check; /* "layoutcheck check PROP A=... B=...", reproducing exactly that check */
  char *eval;  /* "OP ARG..." where that is what the check (or the oracle) evaluates */
  char *again; /* another way to reproduce it ("layoutcheck replay 3") */
  char *found; /* the case before shrinking, as vars is written */
} report_paste;

/* The whole database. */
typedef struct report {
  const char *db_path;
  char generated[32]; /* when the report was made, UTC */
  report_run *run;    /* oldest first (by start time, then id) */
  size_t n_run;
  report_prop *prop; /* every property row, by run and order of storing */
  size_t n_prop;
  db_cex *cex; /* every counterexample, by id (owned) */
  size_t n_cex;
  int64_t last_id;      /* the last run's id, 0 when there is none */
  char (*outcome)[8];   /* per counterexample: its outcome in the last run (owned) */
  report_paste *paste; /* parallel to cex, or NULL before report_set_paste (owned) */
} report;

/* Read everything from the open database; 0, or -1 with msg (*r is then
** empty).  Free with report_free. */
int report_load(db *d, const char *db_path, report *r, char *msg, size_t cap);
void report_free(report *r);

/* Set how r->cex[i] is pasted (copies of the strings; any may be NULL).
** 0, or -1 when out of memory (the report is then shown without it). */
int report_set_paste(report *r, size_t i, const report_paste *p);
/* How counterexample c (one of r->cex) is pasted, or NULL when unknown. */
const report_paste *report_paste_of(const report *r, const db_cex *c);

/* The two sides of a disagreement, read from a stored message: "WHY:
** oracle X, system under test Y" (a system under test's row), "L = X but
** R = Y" or "WHAT: X vs Y" (a property's equation).  Each side has a label
** ("oracle", "L") and its value, the text after it up to the end of its
** part (for an equation up to the first space, where remarks follow).
** 1 when the message has that form, else 0. */
typedef struct report_side {
  char label[160];
  char value[1024];
} report_side;
int report_sides(const char *message, report_side side[2]);

/* The last run (NULL when there is none), a run by id (NULL when it is not
** stored), and the position of a run in r->run. */
const report_run *report_last(const report *r);
const report_run *report_run_by_id(const report *r, int64_t id);
size_t report_run_index(const report *r, const report_run *run);

/* The row of property in run run_id, or NULL. */
const report_prop *report_prop_of(const report *r, int64_t run_id, const char *property);

/* "git_rev" of run id, "?" when the run or its revision is unknown. */
const char *report_rev(const report *r, int64_t run_id);

/* A sentence on when counterexample c appeared and, when fixed, was fixed,
** with the revisions of the runs around each event, into buf[0..cap). */
void report_history(const report *r, const db_cex *c, char *buf, size_t cap);

/* The open counterexamples of property (any property when NULL) that are
** not triaged known. */
size_t report_open_count(const report *r, const char *property);

/* The counts, one vocabulary for every view: the console of `fuzz`, and
** the text, HTML, JUnit and JSON reports.  Two things are counted, never
** one for the other: properties and counterexamples.
**
** Counterexamples: the stored rows, of every run.  Each is exactly one of
**   open   still failing when last checked (status open), not triaged known;
**   known  still failing when last checked, triaged known;
**   fixed  passing when last checked (status fixed), triaged or not;
** so open + known + fixed = all.  open_theorem and open_conjecture split
** the open ones by the kind of their property.
**
** Properties: the property rows of the last run.  Each is exactly one of
**   failing  it has an open counterexample, or failed cases none of which
**            is stored (report_failing); a failing theorem is a bug, a
**            failing conjecture is "refuted" and fails nothing;
**   known    not failing, and it has a known counterexample;
**   held     neither.
**
** What the last run found (its cex_runs rows): each counterexample it met,
** once, by outcome:
**   new         stored by this run;
**   still open  stored before, failing again, not triaged known;
**   known       failing again, triaged known;
**   fixed       passing when this run checked it again.
** (A run that checks every property meets every stored failing
** counterexample, so then open = new + still open.) */
typedef struct report_counts {
  size_t theorems, theorems_failing, theorems_known;             /* last run's theorems */
  size_t conjectures, conjectures_refuted, conjectures_known;    /* and conjectures */
  size_t cex, open, open_theorem, open_conjecture, known, fixed; /* stored counterexamples */
  size_t run_new, run_still_open, run_known, run_fixed;          /* the last run's outcomes */
} report_counts;

/* Count r in those words into *n (every field 0 for what is not stored). */
void report_count(const report *r, report_counts *n);

/* 0 when the property of a last-run row is failing, 1 when known, 2 when
** held (see report_counts). */
int report_prop_state(const report *r, const report_prop *p);

/* The smallest open counterexample (shortest input, first of equals; open
** as report_counts says: not triaged known) of the conjecture of r->cex[i]
** when that row is its first open one, so that each refuted conjecture is
** listed once; NULL otherwise. */
const db_cex *report_refuted(const report *r, size_t i);

/* The outcomes of a run's counterexamples in the order the reports list
** them, as stored ("new", "open", "known", "fixed") and as titled ("new",
** "still open", "known", "fixed"). */
#define REPORT_OUTCOMES 4
extern const char *const report_outcome_names[REPORT_OUTCOMES];
extern const char *const report_outcome_titles[REPORT_OUTCOMES];

/* The outcome of r->cex[i] in the last run: "new", "open" (found again),
** "known" (found again, triaged known), "fixed", or "" (not met). */
const char *report_outcome(const report *r, size_t i);

/* How many counterexamples had that outcome in the last run. */
size_t report_news_count(const report *r, const char *outcome);

/* 1 when a property row stands for a problem now: its property has open
** counterexamples, or the row failed cases of which none was stored (a
** failure fixed since is no problem). */
int report_failing(const report *r, const report_prop *p);

/* A label count parsed from "nested=12 zero-stride=3". */
typedef struct report_label {
  char name[32];
  int64_t count;
} report_label;

/* Parse up to cap labels; returns how many were read (malformed words are
** skipped). */
int report_labels(const char *labels, report_label *out, int cap);

/* Write the report in one format; 0, or -1 when writing failed. */
int report_text(const report *r, FILE *f);
int report_json(const report *r, FILE *f);
int report_junit(const report *r, FILE *f);
int report_html(const report *r, FILE *f);

/* Write s for XML or HTML text and attribute values: & < > " ' escaped,
** control characters other than tab and newline, and bytes that are not
** UTF-8, written as U+FFFD; newlines become &#10; when in_attr. */
void report_xml_text(FILE *f, const char *s, int in_attr);

/* A copy of s (NULL taken as "") that XML 1.0 may hold: control
** characters other than tab and newline, and bytes that are not UTF-8,
** replaced by U+FFFD; nothing is escaped.  Freed by the caller; NULL when
** out of memory. */
char *report_xml_clean(const char *s);

/* SVG pictures (report_svg.c), written inline: every argument of a case
** line that is a layout, tiler or morphism (captioned by names, the
** variables' names separated by spaces, or "argument N" when NULL), and
** the plot of cases and failures per run. */
void report_svg_case(FILE *f, const char *input, const char *names);
/* One value drawn under a label (a side of a disagreement): a layout,
** tiler or morphism; nothing for other values.  1 when it drew. */
int report_svg_value(FILE *f, const char *label, const char *value);
void report_svg_trend(FILE *f, const report *r);
/* A sparkline of a property's cases over its last runs, failures marked. */
void report_svg_spark(FILE *f, const report *r, const char *property);

#endif /* REPORT_H */
