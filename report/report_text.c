/*
** report_text.c -- the text view of the report model (report.h): the last
** run, the counts (report_counts, in the words of report.h), the trend
** over runs, the open, known and fixed counterexamples with the revisions
** around their appearance and fix, and the refuted conjectures.
*/
#include "report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Print s with control characters (tab aside) shown as '?'. */
static void put_plain(FILE *f, const char *s) {
  for (; s && *s; s++) fputc((unsigned char)*s < 0x20 && *s != '\t' ? '?' : *s, f);
}

/* "nested 43% zero-stride 26%" for a property row. */
static void label_percents(const report_prop *p, char *buf, size_t cap) {
  report_label l[32];
  int n = report_labels(p->labels, l, 32);
  size_t len = 0;
  buf[0] = 0;
  for (int i = 0; i < n && len < cap; i++) {
    int w = snprintf(buf + len, cap - len, "%s%s %lld%%", len ? " " : "", l[i].name,
                     (long long)(p->cases ? 100 * l[i].count / p->cases : 0));
    if (w < 0) break;
    len += (size_t)w;
  }
}

/* The run header lines. */
static void text_run(FILE *f, const report *r, const report_run *run) {
  fprintf(f, "last run %lld: started %s, finished %s%s%s%s%s%s\n", (long long)run->row.id,
          run->row.started, run->row.finished[0] ? run->row.finished : "(not finished)",
          run->row.interrupted[0] ? " (interrupted: " : "", run->row.interrupted,
          run->row.interrupted[0] ? ")" : "", run->shards[0] ? ", shards " : "", run->shards);
  fprintf(f, "  seed %s, revision %s, %lld properties, %lld cases, %lld failed, %.1f s\n",
          run->row.seed, report_rev(r, run->row.id), (long long)run->props,
          (long long)run->row.cases, (long long)run->failed, run->seconds);
  if (run->row.sut && run->row.sut[0]) {
    fputs("  system under test: ", f);
    put_plain(f, run->row.sut);
    fputc('\n', f);
  }
}

/* The properties of the last run. */
static void text_properties(FILE *f, const report *r, const report_run *run) {
  char labels[512];
  fprintf(f, "\nproperties of run %lld\n%-34s %-10s %8s %8s %8s %6s %5s %5s %8s  %s\n",
          (long long)run->row.id, "property", "kind", "cases", "passed", "discard", "failed",
          "open", "known", "seconds", "labels");
  for (size_t i = 0; i < r->n_prop; i++) {
    const report_prop *p = &r->prop[i];
    if (p->run_id != run->row.id) continue;
    label_percents(p, labels, sizeof labels);
    size_t known = 0;
    for (size_t j = 0; j < r->n_cex; j++)
      known += !strcmp(r->cex[j].status, "open") && !strcmp(r->cex[j].triage, "known") &&
               !strcmp(r->cex[j].property, p->property);
    fprintf(f, "%-34s %-10s %8lld %8lld %8lld %6lld %5zu %5zu %8.2f  %s\n", p->property, p->kind,
            (long long)p->cases, (long long)p->passed, (long long)p->discarded,
            (long long)p->failed, report_open_count(r, p->property), known, p->seconds, labels);
  }
}

/* Every run, oldest first, then cases/failed of each property over the
** last REPORT_TEXT_RUNS runs. */
static void text_trend(FILE *f, const report *r, const report_run *last) {
  fprintf(f, "\nruns, oldest first\n%6s  %-20s  %-12s  %-20s %6s %10s %7s %9s  %s\n", "run",
          "started", "revision", "seed", "props", "cases", "failed", "seconds", "shards");
  for (size_t i = 0; i < r->n_run; i++) {
    const report_run *x = &r->run[i];
    fprintf(f, "%6lld  %-20s  %-12s  %-20s %6lld %10lld %7lld %9.1f  %s\n", (long long)x->row.id,
            x->row.started, report_rev(r, x->row.id), x->row.seed, (long long)x->props,
            (long long)x->row.cases, (long long)x->failed, x->seconds, x->shards);
  }
  size_t from = r->n_run > REPORT_TEXT_RUNS ? r->n_run - REPORT_TEXT_RUNS : 0;
  fprintf(f, "\ntrend per property: cases/failed in runs");
  for (size_t i = from; i < r->n_run; i++) fprintf(f, " %lld", (long long)r->run[i].row.id);
  fputc('\n', f);
  for (size_t i = 0; i < r->n_prop; i++) {
    const report_prop *p = &r->prop[i];
    if (p->run_id != last->row.id) continue;
    fprintf(f, "%-34s", p->property);
    for (size_t j = from; j < r->n_run; j++) {
      const report_prop *q = report_prop_of(r, r->run[j].row.id, p->property);
      char cell[48] = "-";
      if (q) snprintf(cell, sizeof cell, "%lld/%lld", (long long)q->cases, (long long)q->failed);
      fprintf(f, " %11s", cell);
    }
    fputc('\n', f);
  }
}

/* The lines of a counterexample as people paste it (the stored input when
** p is NULL), each indented by four spaces. */
static void paste_lines(FILE *f, const report_paste *p, const char *input) {
  const char *label[4] = {"", "reproduce: ", p && p->check ? "or: " : "reproduce: ",
                          "eval: layoutcheck eval "};
  const char *text[4] = {p ? p->vars : input, p ? p->check : NULL, p ? p->again : NULL,
                         p ? p->eval : NULL};
  for (int i = 0; i < 4; i++) {
    if (!text[i]) continue;
    fprintf(f, "    %s", label[i]);
    put_plain(f, text[i]);
    fputc('\n', f);
  }
}

/* The case of c in one line: its variables when known, else its input. */
static void case_line(FILE *f, const report *r, const db_cex *c) {
  const report_paste *p = report_paste_of(r, c);
  put_plain(f, p && p->vars ? p->vars : c->input);
}

/* The counts in the words of report.h, one line each. */
static void text_counts(FILE *f, const report *r) {
  report_counts n;
  report_count(r, &n);
  fprintf(f, "theorems: %zu checked, %zu failing, %zu with known counterexamples only\n",
          n.theorems, n.theorems_failing, n.theorems_known);
  fprintf(f, "conjectures: %zu checked, %zu refuted, %zu with known counterexamples only\n",
          n.conjectures, n.conjectures_refuted, n.conjectures_known);
  fprintf(f,
          "counterexamples: %zu stored: %zu open (%zu of theorems, %zu of conjectures), "
          "%zu known, %zu fixed\n",
          n.cex, n.open, n.open_theorem, n.open_conjecture, n.known, n.fixed);
}

/* The open counterexamples (theorems first), the known ones, then the
** fixed ones. */
static void text_cex(FILE *f, const report *r) {
  char history[512];
  report_counts n;
  report_count(r, &n);
  for (int pass = 0; pass < 4; pass++) { /* open of theorems, of conjectures; known likewise */
    if (pass == 0)
      fprintf(f, "\nopen counterexamples: %zu (%zu of theorems, %zu of conjectures)\n", n.open,
              n.open_theorem, n.open_conjecture);
    if (pass == 2) fprintf(f, "\nknown counterexamples (triaged, still failing): %zu\n", n.known);
    for (size_t i = 0; i < r->n_cex; i++) {
      const db_cex *c = &r->cex[i];
      if (strcmp(c->status, "open") || (strcmp(c->kind, "conjecture") != 0) != (pass % 2 == 0) ||
          (strcmp(c->triage, "known") == 0) != (pass >= 2))
        continue;
      fprintf(f, "#%lld %s (%s%s), seen %lld time%s, first %s, last %s\n", (long long)c->id,
              c->property, c->kind, strcmp(c->triage, "known") ? "" : ", known",
              (long long)c->times_seen, c->times_seen == 1 ? "" : "s", c->first_seen, c->last_seen);
      if (c->note) {
        fputs("    note: ", f);
        put_plain(f, c->note);
        fputc('\n', f);
      }
      paste_lines(f, report_paste_of(r, c), c->input);
      fputs("    ", f);
      put_plain(f, c->message ? c->message : "");
      report_history(r, c, history, sizeof history);
      fprintf(f, "\n    %s\n", history);
      if (c->sut[0]) {
        fputs("    system under test: ", f);
        put_plain(f, c->sut);
        fputc('\n', f);
      }
    }
  }
  fprintf(f, "\nfixed counterexamples: %zu\n", n.fixed);
  for (size_t i = 0; i < r->n_cex; i++) {
    const db_cex *c = &r->cex[i];
    if (!strcmp(c->status, "open")) continue;
    report_history(r, c, history, sizeof history);
    fprintf(f, "#%lld %s (%s): ", (long long)c->id, c->property, c->kind);
    case_line(f, r, c);
    fprintf(f, "\n    %s\n", history);
  }
}

/* The conjectures with open counterexamples, each with its shortest. */
static void text_refuted(FILE *f, const report *r) {
  size_t n = 0;
  for (size_t i = 0; i < r->n_cex; i++) {
    const db_cex *c = &r->cex[i], *best = report_refuted(r, i);
    if (!best) continue;
    if (n++ == 0) fprintf(f, "\nrefuted conjectures\n");
    fprintf(f, "%-34s %3zu open, smallest #%lld: ", c->property, report_open_count(r, c->property),
            (long long)best->id);
    case_line(f, r, best);
    fputc('\n', f);
  }
  if (n == 0) fprintf(f, "\nrefuted conjectures: none\n");
}

/* What the last run found, first: the counts of new, still open, known
** and fixed counterexamples, then each one. */
static void text_news(FILE *f, const report *r, const report_run *last) {
  const char *const *outcome = report_outcome_names, *const *title = report_outcome_titles;
  fprintf(f, "what the last run (%lld) found: new %zu, still open %zu, known %zu, fixed %zu\n",
          (long long)last->row.id, report_news_count(r, "new"), report_news_count(r, "open"),
          report_news_count(r, "known"), report_news_count(r, "fixed"));
  for (int k = 0; k < REPORT_OUTCOMES; k++) {
    if (!report_news_count(r, outcome[k])) continue;
    fprintf(f, "  %s:\n", title[k]);
    for (size_t i = 0; i < r->n_cex; i++) {
      if (strcmp(report_outcome(r, i), outcome[k])) continue;
      const report_paste *paste = report_paste_of(r, &r->cex[i]);
      fprintf(f, "    #%lld %s: ", (long long)r->cex[i].id, r->cex[i].property);
      put_plain(f, paste && paste->vars ? paste->vars : r->cex[i].input);
      fputc('\n', f);
    }
  }
  fputc('\n', f);
}

/* Write the text format; see report.h. */
int report_text(const report *r, FILE *f) {
  const report_run *last = report_last(r);
  fprintf(f, "layoutcheck report of %s, made %s\n", r->db_path, r->generated);
  if (!last) {
    fprintf(f, "no runs recorded\n");
  } else {
    fprintf(f, "%zu run%s, from %s to %s\n\n", r->n_run, r->n_run == 1 ? "" : "s",
            r->run[0].row.started, last->row.started);
    text_news(f, r, last);
    text_counts(f, r);
    fputc('\n', f);
    text_run(f, r, last);
    text_properties(f, r, last);
    text_trend(f, r, last);
  }
  text_cex(f, r);
  text_refuted(f, r);
  return ferror(f) ? -1 : 0;
}
