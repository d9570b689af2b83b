/*
** report_junit.c -- `layoutcheck report --format junit`: the last run as
** JUnit XML for CI dashboards, in the common schema (Jenkins' junit-10.xsd,
** which GitLab, GitHub actions and most others read):
**
**   <testsuites name tests failures errors time>
**     <testsuite name tests failures errors skipped time timestamp hostname>
**       <properties> run, seed, revision, shards, database </properties>
**       <testcase name=PROPERTY classname=layoutcheck.KIND time=SECONDS>
**
** A theorem gets one <failure message type="counterexample"> per open
** counterexample (and one for failed cases with none stored); a refuted
** conjecture is <skipped>, with its counterexamples in <system-out>, so
** that a refuted conjecture does not fail the build.  Text is escaped
** (report_xml_text, also used by the HTML format).
*/
#include "report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The length of the UTF-8 sequence at p that XML 1.0 may hold (no
** overlong forms, surrogates, U+FFFE/U+FFFF or values past U+10FFFF), or 0. */
static int utf8_ok(const unsigned char *p) {
  unsigned c = p[0], v;
  int n;
  if (c >= 0xc2 && c <= 0xdf)
    n = 2, v = c & 0x1f;
  else if (c >= 0xe0 && c <= 0xef)
    n = 3, v = c & 0x0f;
  else if (c >= 0xf0 && c <= 0xf4)
    n = 4, v = c & 0x07;
  else
    return 0;
  for (int i = 1; i < n; i++) {
    if ((p[i] & 0xc0) != 0x80) return 0; /* also stops at the NUL */
    v = v << 6 | (p[i] & 0x3f);
  }
  if ((n == 3 && v < 0x800) || (n == 4 && (v < 0x10000 || v > 0x10ffff)) ||
      (v >= 0xd800 && v <= 0xdfff) || v == 0xfffe || v == 0xffff)
    return 0;
  return n;
}

/* Write s escaped for XML and HTML; see report.h. */
void report_xml_text(FILE *f, const char *s, int in_attr) {
  const unsigned char *p = (const unsigned char *)(s ? s : "");
  while (*p) {
    unsigned c = *p;
    if (c >= 0x80) {
      int n = utf8_ok(p);
      if (n) {
        fwrite(p, 1, (size_t)n, f);
        p += n;
      } else {
        fputs("\xef\xbf\xbd", f);
        p++;
      }
      continue;
    }
    p++;
    switch (c) {
      case '&':
        fputs("&amp;", f);
        break;
      case '<':
        fputs("&lt;", f);
        break;
      case '>':
        fputs("&gt;", f);
        break;
      case '"':
        fputs("&quot;", f);
        break;
      case '\'':
        fputs("&#39;", f);
        break;
      case '\n':
        fputs(in_attr ? "&#10;" : "\n", f);
        break;
      case '\t':
        fputs(in_attr ? "&#9;" : "\t", f);
        break;
      default:
        if (c < 0x20)
          fputs("\xef\xbf\xbd", f);
        else
          fputc((int)c, f);
    }
  }
}

/* Write name="VALUE" (escaped) with a leading space. */
static void attr(FILE *f, const char *name, const char *value) {
  fprintf(f, " %s=\"", name);
  report_xml_text(f, value, 1);
  fputc('"', f);
}

/* One <property name value/>. */
static void suite_property(FILE *f, const char *name, const char *value) {
  fputs("      <property", f);
  attr(f, "name", name);
  attr(f, "value", value);
  fputs("/>\n", f);
}

/* A counterexample as people paste it (nothing when p is NULL), as lines
** of XML text. */
static void paste_text(FILE *f, const report_paste *p) {
  if (!p) return;
  const char *label[4] = {"\n", "\nreproduce: ", p->check ? "\nor: " : "\nreproduce: ",
                          "\neval: layoutcheck eval "};
  const char *text[4] = {p->vars, p->check, p->again, p->eval};
  for (int i = 0; i < 4; i++) {
    if (!text[i]) continue;
    fputs(label[i], f);
    report_xml_text(f, text[i], 0);
  }
}

/* The open counterexamples of a property, one line each, as text. */
static void cex_lines(FILE *f, const report *r, const char *property) {
  char history[512];
  for (size_t i = 0; i < r->n_cex; i++) {
    const db_cex *c = &r->cex[i];
    if (strcmp(c->status, "open") || strcmp(c->property, property)) continue;
    report_history(r, c, history, sizeof history);
    fprintf(f, "#%lld: ", (long long)c->id);
    report_xml_text(f, c->input, 0);
    paste_text(f, report_paste_of(r, c));
    fputs("\n  ", f);
    report_xml_text(f, c->message ? c->message : "", 0);
    fprintf(f, "\n  seen %lld times, %s\n", (long long)c->times_seen, history);
  }
}

/* The <testcase> of one property row of the last run; counts its failure
** and skip. */
static void testcase(FILE *f, const report *r, const report_prop *p, int *failures, int *skipped) {
  int theorem = strcmp(p->kind, "conjecture") != 0;
  size_t open = report_open_count(r, p->property);
  char text[256], history[512];
  fputs("    <testcase", f);
  attr(f, "name", p->property);
  snprintf(text, sizeof text, "layoutcheck.%s", p->kind);
  attr(f, "classname", text);
  fprintf(f, " time=\"%.3f\">\n", p->seconds);
  if (theorem) {
    for (size_t i = 0; i < r->n_cex; i++) {
      const db_cex *c = &r->cex[i];
      if (strcmp(c->status, "open") || strcmp(c->property, p->property)) continue;
      char message[1200];
      snprintf(message, sizeof message, "#%lld %s: %s", (long long)c->id, c->input,
               c->message ? c->message : "");
      fputs("      <failure", f);
      attr(f, "message", message);
      attr(f, "type", "counterexample");
      fputs(">", f);
      report_xml_text(f, c->input, 0);
      fputc('\n', f);
      report_xml_text(f, c->message ? c->message : "", 0);
      report_history(r, c, history, sizeof history);
      fprintf(f, "\nseen %lld times, first %s, last %s; ", (long long)c->times_seen, c->first_seen,
              c->last_seen);
      report_xml_text(f, history, 0);
      if (c->sut[0]) {
        fputs("\nsystem under test: ", f);
        report_xml_text(f, c->sut, 0);
      }
      paste_text(f, report_paste_of(r, c));
      fputs("</failure>\n", f);
    }
    if (!open && report_failing(r, p)) {
      snprintf(text, sizeof text, "%lld failed cases, no counterexample stored",
               (long long)p->failed);
      fputs("      <failure", f);
      attr(f, "message", text);
      attr(f, "type", "failed");
      fputs("/>\n", f);
    }
    if (report_failing(r, p)) ++*failures;
  } else if (report_failing(r, p)) {
    snprintf(text, sizeof text, "conjecture refuted: %zu open counterexample%s", open,
             open == 1 ? "" : "s");
    fputs("      <skipped", f);
    attr(f, "message", text);
    fputs("/>\n", f);
    ++*skipped;
  }
  fprintf(f, "      <system-out>%lld case%s: %lld passed, %lld discarded, %lld failed; labels: ",
          (long long)p->cases, p->cases == 1 ? "" : "s", (long long)p->passed,
          (long long)p->discarded, (long long)p->failed);
  report_xml_text(f, p->labels ? p->labels : "", 0);
  if (open) {
    fputs("\nopen counterexamples:\n", f);
    cex_lines(f, r, p->property);
  }
  fputs("</system-out>\n    </testcase>\n", f);
}

/* Write the JUnit format; see report.h.  The testcases are written to
** memory first, since their counts go in the opening tags. */
int report_junit(const report *r, FILE *f) {
  const report_run *last = report_last(r);
  int tests = 0, failures = 0, skipped = 0;
  double seconds = last ? last->seconds : 0;
  char host[256] = "localhost", stamp[32] = "", text[64], *cases = NULL;
  size_t cases_len = 0;
  FILE *m = open_memstream(&cases, &cases_len);
  if (!m) return -1;
  for (size_t i = 0; last && i < r->n_prop; i++)
    if (r->prop[i].run_id == last->row.id) {
      testcase(m, r, &r->prop[i], &failures, &skipped);
      tests++;
    }
  if (fclose(m) != 0) {
    free(cases);
    return -1;
  }
  if (gethostname(host, sizeof host) != 0 || !host[0]) snprintf(host, sizeof host, "localhost");
  host[sizeof host - 1] = 0;
  fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites", f);
  attr(f, "name", "layoutcheck");
  fprintf(f, " tests=\"%d\" failures=\"%d\" errors=\"0\" time=\"%.3f\">\n  <testsuite", tests,
          failures, seconds);
  if (last)
    snprintf(text, sizeof text, "layoutcheck run %lld", (long long)last->row.id);
  else
    snprintf(text, sizeof text, "layoutcheck (no runs)");
  attr(f, "name", text);
  fprintf(f, " tests=\"%d\" failures=\"%d\" errors=\"0\" skipped=\"%d\" time=\"%.3f\"", tests,
          failures, skipped, seconds);
  snprintf(stamp, sizeof stamp, "%.19s", last ? last->row.started : r->generated);
  attr(f, "timestamp", stamp); /* without the Z: the schema's consumers read local form */
  attr(f, "hostname", host);
  fputs(">\n    <properties>\n", f);
  suite_property(f, "database", r->db_path);
  if (last) {
    snprintf(text, sizeof text, "%lld", (long long)last->row.id);
    suite_property(f, "run", text);
    suite_property(f, "seed", last->row.seed);
    suite_property(f, "git_rev", report_rev(r, last->row.id));
    if (last->shards[0]) suite_property(f, "shards", last->shards);
    if (last->row.sut && last->row.sut[0]) suite_property(f, "sut", last->row.sut);
  }
  snprintf(text, sizeof text, "%zu", report_open_count(r, NULL));
  suite_property(f, "open_counterexamples", text);
  fputs("    </properties>\n", f);
  fwrite(cases, 1, cases_len, f);
  free(cases);
  fputs("  </testsuite>\n</testsuites>\n", f);
  return ferror(f) ? -1 : 0;
}
