/*
** report_junit.c -- `layoutcheck report --format junit`: the last run as
** JUnit XML for CI dashboards, in the common schema (Jenkins' junit-10.xsd,
** which GitLab, GitHub actions and most others read):
**
**   <testsuites name tests failures errors time>
**     <testsuite name tests failures errors skipped time timestamp hostname>
**       <properties> what the last run found (new, still_open, known,
**         fixed), run, seed, revision, shards, database, and the counts
**         of report.h (theorems, theorems_failing, conjectures,
**         conjectures_refuted, open/known/fixed_counterexamples) </properties>
**       <testcase name=PROPERTY classname=layoutcheck.KIND time=SECONDS>
**
** A theorem gets one <failure message type="counterexample"> per open
** counterexample (and one for failed cases with none stored); a refuted
** conjecture is <skipped>, with its counterexamples in <system-out>, so
** that a refuted conjecture does not fail the build.
**
** The XML is written by libxml2's xmlTextWriter (loaded on first use,
** report_xml.c), which escapes it; text
** from the database goes through report_xml_clean first, so that what
** XML 1.0 cannot hold (control bytes, broken UTF-8) becomes U+FFFD.
*/
#include "report.h"
#include "report_xml.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* A writer and whether anything has failed yet (every call below is a
** no-op once one has). */
typedef struct junit_w {
  const report_xml_lib *x; /* libxml2's functions */
  xmlTextWriterPtr w;
  int failed;
} junit_w;

/* Open element NAME. */
static void j_open(junit_w *j, const char *name) {
  if (!j->failed && j->x->start_element(j->w, BAD_CAST name) < 0) j->failed = 1;
}

/* Close the innermost open element. */
static void j_close(junit_w *j) {
  if (!j->failed && j->x->end_element(j->w) < 0) j->failed = 1;
}

/* Attribute NAME of the open element: value (any text; cleaned here). */
static void j_attr(junit_w *j, const char *name, const char *value) {
  if (j->failed) return;
  char *v = report_xml_clean(value);
  if (!v || j->x->write_attribute(j->w, BAD_CAST name, BAD_CAST v) < 0) j->failed = 1;
  free(v);
}

/* Attribute NAME from a printf format. */
static void j_attrf(junit_w *j, const char *name, const char *fmt, ...) {
  char buf[1200];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  j_attr(j, name, buf);
}

/* Text content of the open element (any text; cleaned here). */
static void j_text(junit_w *j, const char *s) {
  if (j->failed) return;
  char *v = report_xml_clean(s);
  if (!v || j->x->write_string(j->w, BAD_CAST v) < 0) j->failed = 1;
  free(v);
}

/* Text content from a printf format. */
static void j_textf(junit_w *j, const char *fmt, ...) {
  char buf[1200];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  j_text(j, buf);
}

/* One <property name value/>. */
static void suite_property(junit_w *j, const char *name, const char *value) {
  j_open(j, "property");
  j_attr(j, "name", name);
  j_attr(j, "value", value);
  j_close(j);
}

/* A counterexample as people paste it (nothing when p is NULL), as lines
** of XML text. */
static void paste_text(junit_w *j, const report_paste *p) {
  if (!p) return;
  const char *label[4] = {
      "\n", "\nreproduce: ", p->check ? "\nor: " : "\nreproduce: ", "\neval: layoutcheck eval "};
  const char *text[4] = {p->vars, p->check, p->again, p->eval};
  for (int i = 0; i < 4; i++) {
    if (!text[i]) continue;
    j_text(j, label[i]);
    j_text(j, text[i]);
  }
}

/* What the last run found, first among the suite's properties: the
** counts ("new", "still_open", "known", "fixed") and one property per
** counterexample ("new #12" = "PROPERTY: A = ..."). */
static void news_properties(junit_w *j, const report *r) {
  const char *const *outcome = report_outcome_names;
  static const char *const name[REPORT_OUTCOMES] = {"new", "still_open", "known", "fixed"};
  char text[64], item[64];
  for (int k = 0; k < REPORT_OUTCOMES; k++) {
    snprintf(text, sizeof text, "%zu", report_news_count(r, outcome[k]));
    suite_property(j, name[k], text);
  }
  for (int k = 0; k < REPORT_OUTCOMES; k++)
    for (size_t i = 0; i < r->n_cex; i++) {
      if (strcmp(report_outcome(r, i), outcome[k])) continue;
      const report_paste *paste = report_paste_of(r, &r->cex[i]);
      size_t len = strlen(r->cex[i].property) + 3 +
                   strlen(paste && paste->vars ? paste->vars : r->cex[i].input);
      char *value = malloc(len + 1);
      if (!value) continue;
      snprintf(value, len + 1, "%s: %s", r->cex[i].property,
               paste && paste->vars ? paste->vars : r->cex[i].input);
      snprintf(item, sizeof item, "%s #%lld", name[k], (long long)r->cex[i].id);
      suite_property(j, item, value);
      free(value);
    }
}

/* The open counterexamples of a property, one line each, as text. */
static void cex_lines(junit_w *j, const report *r, const char *property) {
  char history[512];
  for (size_t i = 0; i < r->n_cex; i++) {
    const db_cex *c = &r->cex[i];
    if (strcmp(c->status, "open") || strcmp(c->property, property)) continue;
    report_history(r, c, history, sizeof history);
    j_textf(j, "#%lld: %s", (long long)c->id, c->input);
    paste_text(j, report_paste_of(r, c));
    j_textf(j, "\n  %s\n  seen %lld times, %s\n", c->message ? c->message : "",
            (long long)c->times_seen, history);
  }
}

/* One <failure type="counterexample"> for the open counterexample c. */
static void cex_failure(junit_w *j, const report *r, const db_cex *c) {
  char history[512];
  report_history(r, c, history, sizeof history);
  j_open(j, "failure");
  j_attrf(j, "message", "#%lld %s: %s", (long long)c->id, c->input, c->message ? c->message : "");
  j_attr(j, "type", "counterexample");
  j_textf(j, "%s\n%s\nseen %lld times, first %s, last %s; %s", c->input,
          c->message ? c->message : "", (long long)c->times_seen, c->first_seen, c->last_seen,
          history);
  if (c->sut[0]) j_textf(j, "\nsystem under test: %s", c->sut);
  paste_text(j, report_paste_of(r, c));
  j_close(j);
}

/* The <testcase> of one property row of the last run. */
static void testcase(junit_w *j, const report *r, const report_prop *p) {
  int theorem = strcmp(p->kind, "conjecture") != 0;
  size_t open = report_open_count(r, p->property);
  j_open(j, "testcase");
  j_attr(j, "name", p->property);
  j_attrf(j, "classname", "layoutcheck.%s", p->kind);
  j_attrf(j, "time", "%.3f", p->seconds);
  if (theorem) {
    for (size_t i = 0; i < r->n_cex; i++) {
      const db_cex *c = &r->cex[i];
      if (!strcmp(c->status, "open") && strcmp(c->triage, "known") != 0 &&
          !strcmp(c->property, p->property))
        cex_failure(j, r, c);
    }
    if (!open && report_failing(r, p)) {
      j_open(j, "failure");
      j_attrf(j, "message", "%lld failed cases, no counterexample stored", (long long)p->failed);
      j_attr(j, "type", "failed");
      j_close(j);
    }
  } else if (report_failing(r, p)) {
    j_open(j, "skipped");
    j_attrf(j, "message", "conjecture refuted: %zu open counterexample%s", open,
            open == 1 ? "" : "s");
    j_close(j);
  }
  j_open(j, "system-out");
  j_textf(j, "%lld case%s: %lld passed, %lld discarded, %lld failed; labels: %s",
          (long long)p->cases, p->cases == 1 ? "" : "s", (long long)p->passed,
          (long long)p->discarded, (long long)p->failed, p->labels ? p->labels : "");
  if (open) {
    j_text(j, "\nopen counterexamples:\n");
    cex_lines(j, r, p->property);
  }
  j_close(j);
  j_close(j);
}

/* The counts of the last run's testcases (tests, failing theorems,
** refuted conjectures), as the opening tags give them. */
static void junit_counts(const report *r, const report_run *last, int *tests, int *failures,
                         int *skipped) {
  *tests = *failures = *skipped = 0;
  for (size_t i = 0; last && i < r->n_prop; i++) {
    const report_prop *p = &r->prop[i];
    if (p->run_id != last->row.id) continue;
    ++*tests;
    if (report_failing(r, p)) ++*(strcmp(p->kind, "conjecture") ? failures : skipped);
  }
}

/* <testsuites> and its one <testsuite>, through j. */
static void junit_suites(junit_w *j, const report *r, const report_run *last) {
  int tests, failures, skipped;
  double seconds = last ? last->seconds : 0;
  char host[256] = "localhost";
  junit_counts(r, last, &tests, &failures, &skipped);
  if (gethostname(host, sizeof host) != 0 || !host[0]) snprintf(host, sizeof host, "localhost");
  host[sizeof host - 1] = 0;
  j_open(j, "testsuites");
  j_attr(j, "name", "layoutcheck");
  j_attrf(j, "tests", "%d", tests);
  j_attrf(j, "failures", "%d", failures);
  j_attr(j, "errors", "0");
  j_attrf(j, "time", "%.3f", seconds);
  j_open(j, "testsuite");
  if (last)
    j_attrf(j, "name", "layoutcheck run %lld", (long long)last->row.id);
  else
    j_attr(j, "name", "layoutcheck (no runs)");
  j_attrf(j, "tests", "%d", tests);
  j_attrf(j, "failures", "%d", failures);
  j_attr(j, "errors", "0");
  j_attrf(j, "skipped", "%d", skipped);
  j_attrf(j, "time", "%.3f", seconds);
  /* without the Z: the schema's consumers read local form */
  j_attrf(j, "timestamp", "%.19s", last ? last->row.started : r->generated);
  j_attr(j, "hostname", host);
  j_open(j, "properties");
  if (last) news_properties(j, r);
  suite_property(j, "database", r->db_path);
  if (last) {
    char id[32];
    snprintf(id, sizeof id, "%lld", (long long)last->row.id);
    suite_property(j, "run", id);
    suite_property(j, "seed", last->row.seed);
    suite_property(j, "git_rev", report_rev(r, last->row.id));
    if (last->shards[0]) suite_property(j, "shards", last->shards);
    if (last->row.sut && last->row.sut[0]) suite_property(j, "sut", last->row.sut);
  }
  report_counts n; /* the counts in the words of report.h */
  report_count(r, &n);
  const char *name[] = {"theorems",
                        "theorems_failing",
                        "conjectures",
                        "conjectures_refuted",
                        "open_counterexamples",
                        "open_theorem_counterexamples",
                        "open_conjecture_counterexamples",
                        "known_counterexamples",
                        "fixed_counterexamples"};
  size_t value[] = {n.theorems, n.theorems_failing, n.conjectures,     n.conjectures_refuted,
                    n.open,     n.open_theorem,     n.open_conjecture, n.known,
                    n.fixed};
  for (size_t i = 0; i < sizeof value / sizeof *value; i++) {
    char text[32];
    snprintf(text, sizeof text, "%zu", value[i]);
    suite_property(j, name[i], text);
  }
  j_close(j);
  for (size_t i = 0; last && i < r->n_prop; i++)
    if (r->prop[i].run_id == last->row.id) testcase(j, r, &r->prop[i]);
  j_close(j);
  j_close(j);
}

/* Write the JUnit format; see report.h. */
int report_junit(const report *r, FILE *f) {
  const report_xml_lib *x;
  char msg[256];
  if (report_xml_load(&x, msg, sizeof msg)) return -1;
  xmlOutputBufferPtr out = x->output_buffer_create_file(f, NULL);
  if (!out) return -1;
  junit_w j = {x, x->new_text_writer(out), 0}; /* owns out from here on */
  if (!j.w) {
    x->output_buffer_close(out);
    return -1;
  }
  if (x->set_indent(j.w, 1) < 0 || x->set_indent_string(j.w, BAD_CAST "  ") < 0 ||
      x->start_document(j.w, NULL, "UTF-8", NULL) < 0)
    j.failed = 1;
  junit_suites(&j, r, report_last(r));
  if (!j.failed && x->end_document(j.w) < 0) j.failed = 1;
  x->free_text_writer(j.w);
  return j.failed || ferror(f) ? -1 : 0;
}
