/*
** report_json.c -- `layoutcheck report --format json`: the report model as
** one JSON document for scripts, described by docs/report.schema.json
** (format "layoutcheck-report", version 1):
**
**   { format, version, database, generated,
**     last_run: null or {id, started, finished, ...},
**     counts: {properties: {theorems: {checked, failing, known, held},
**                           conjectures: {checked, refuted, known, held}},
**              counterexamples: {stored, open, open_theorem,
**                                open_conjecture, known, fixed},
**              last_run: {new, still_open, known, fixed}},
**     properties: [...the last run's rows...],
**     counterexamples: [...every stored one...],
**     runs: [...oldest first...] }
**
** The counts are report_count's, in the words of report.h.  Text from the
** database goes through report_xml_clean first, so that the document is
** UTF-8 whatever the database holds (control characters other than tab
** and newline, and bytes that are not UTF-8, become U+FFFD).
*/
#include "report.h"

#include <json.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A JSON string of s (not NULL) cleaned as above; NULL only when memory
** runs out. */
static json_object *jstr(const char *s) {
  char *clean = report_xml_clean(s);
  if (!clean) return NULL;
  json_object *o = json_object_new_string(clean);
  free(clean);
  return o;
}

/* Add key: value to object o; *failed is set when value is NULL (out of
** memory) or the add fails.  A JSON null is json-c's NULL object: it is
** added through add_null. */
static void add(json_object *o, const char *key, json_object *value, int *failed) {
  if (!value || json_object_object_add(o, key, value) != 0) {
    json_object_put(value);
    *failed = 1;
  }
}

/* Add key: null to o. */
static void add_null(json_object *o, const char *key, int *failed) {
  if (json_object_object_add(o, key, NULL) != 0) *failed = 1;
}

/* Add key: s (null when s is NULL, or "" and empty_null). */
static void add_str(json_object *o, const char *key, const char *s, int empty_null, int *failed) {
  if (!s || (empty_null && !s[0]))
    add_null(o, key, failed);
  else
    add(o, key, jstr(s), failed);
}

/* Add key: v as an integer. */
static void add_int(json_object *o, const char *key, int64_t v, int *failed) {
  add(o, key, json_object_new_int64(v), failed);
}

/* Add key: a run id, null when 0 (none). */
static void add_run_id(json_object *o, const char *key, int64_t id, int *failed) {
  if (id > 0)
    add_int(o, key, id, failed);
  else
    add_null(o, key, failed);
}

/* One run as an object (the fields the text format's run table has). */
static json_object *run_object(const report *r, const report_run *x, int *failed) {
  json_object *o = json_object_new_object();
  if (!o) return *failed = 1, NULL;
  const char *rev = report_rev(r, x->row.id);
  add_int(o, "id", x->row.id, failed);
  add_str(o, "started", x->row.started, 0, failed);
  add_str(o, "finished", x->row.finished, 1, failed);
  add_str(o, "interrupted", x->row.interrupted, 1, failed);
  add_str(o, "seed", x->row.seed, 0, failed);
  add_str(o, "revision", strcmp(rev, "?") ? rev : NULL, 1, failed);
  add_str(o, "shards", x->shards, 1, failed);
  add_str(o, "sut", x->row.sut, 1, failed);
  add_int(o, "properties", x->props, failed);
  add_int(o, "cases", x->row.cases, failed);
  add_int(o, "failed_cases", x->failed, failed);
  add(o, "seconds", json_object_new_double(x->seconds), failed);
  return o;
}

/* {key: n, ...} for a property kind's counts. */
static json_object *kind_counts(const char *bad, size_t checked, size_t failing, size_t known,
                                int *failed) {
  json_object *o = json_object_new_object();
  if (!o) return *failed = 1, NULL;
  add_int(o, "checked", (int64_t)checked, failed);
  add_int(o, bad, (int64_t)failing, failed);
  add_int(o, "known", (int64_t)known, failed);
  add_int(o, "held", (int64_t)(checked - failing - known), failed);
  return o;
}

/* The counts object (report_count). */
static json_object *counts_object(const report *r, int *failed) {
  report_counts n;
  report_count(r, &n);
  json_object *o = json_object_new_object(), *props = json_object_new_object(),
              *cex = json_object_new_object(), *run = json_object_new_object();
  if (!o || !props || !cex || !run) {
    json_object_put(o), json_object_put(props), json_object_put(cex), json_object_put(run);
    return *failed = 1, NULL;
  }
  add(props, "theorems",
      kind_counts("failing", n.theorems, n.theorems_failing, n.theorems_known, failed), failed);
  add(props, "conjectures",
      kind_counts("refuted", n.conjectures, n.conjectures_refuted, n.conjectures_known, failed),
      failed);
  add(o, "properties", props, failed);
  add_int(cex, "stored", (int64_t)n.cex, failed);
  add_int(cex, "open", (int64_t)n.open, failed);
  add_int(cex, "open_theorem", (int64_t)n.open_theorem, failed);
  add_int(cex, "open_conjecture", (int64_t)n.open_conjecture, failed);
  add_int(cex, "known", (int64_t)n.known, failed);
  add_int(cex, "fixed", (int64_t)n.fixed, failed);
  add(o, "counterexamples", cex, failed);
  add_int(run, "new", (int64_t)n.run_new, failed);
  add_int(run, "still_open", (int64_t)n.run_still_open, failed);
  add_int(run, "known", (int64_t)n.run_known, failed);
  add_int(run, "fixed", (int64_t)n.run_fixed, failed);
  add(o, "last_run", run, failed);
  return o;
}

/* One property row of the last run. */
static json_object *prop_object(const report *r, const report_prop *p, int *failed) {
  static const char *const state[] = {"failing", "known", "held"};
  json_object *o = json_object_new_object(), *labels = json_object_new_object();
  if (!o || !labels) {
    json_object_put(o), json_object_put(labels);
    return *failed = 1, NULL;
  }
  size_t known = 0;
  for (size_t i = 0; i < r->n_cex; i++)
    known += !strcmp(r->cex[i].status, "open") && !strcmp(r->cex[i].triage, "known") &&
             !strcmp(r->cex[i].property, p->property);
  add_str(o, "name", p->property, 0, failed);
  add_str(o, "kind", p->kind, 0, failed);
  add_str(o, "state", state[report_prop_state(r, p)], 0, failed);
  add_int(o, "cases", p->cases, failed);
  add_int(o, "passed", p->passed, failed);
  add_int(o, "discarded", p->discarded, failed);
  add_int(o, "failed_cases", p->failed, failed);
  add_int(o, "open", (int64_t)report_open_count(r, p->property), failed);
  add_int(o, "known", (int64_t)known, failed);
  add(o, "seconds", json_object_new_double(p->seconds), failed);
  report_label l[32];
  int nl = report_labels(p->labels, l, 32);
  for (int i = 0; i < nl; i++) { /* a name is text from the database too */
    char *name = report_xml_clean(l[i].name);
    if (name)
      add_int(labels, name, l[i].count, failed);
    else
      *failed = 1;
    free(name);
  }
  add(o, "labels", labels, failed);
  return o;
}

/* One stored counterexample. */
static json_object *cex_object(const report *r, size_t i, int *failed) {
  const db_cex *c = &r->cex[i];
  json_object *o = json_object_new_object();
  if (!o) return *failed = 1, NULL;
  const char *state = strcmp(c->status, "open")     ? "fixed"
                      : !strcmp(c->triage, "known") ? "known"
                                                    : "open";
  const char *outcome = report_outcome(r, i);
  add_int(o, "id", c->id, failed);
  add_str(o, "property", c->property, 0, failed);
  add_str(o, "kind", c->kind, 0, failed);
  add_str(o, "state", state, 0, failed);
  add_str(o, "last_run_outcome", !strcmp(outcome, "open") ? "still_open" : outcome, 1, failed);
  add_str(o, "input", c->input, 0, failed);
  add_str(o, "original_input", c->original_input, 1, failed);
  add_str(o, "message", c->message, 1, failed);
  add_str(o, "sut", c->sut, 1, failed);
  add_str(o, "note", c->note, 1, failed);
  add_int(o, "times_seen", c->times_seen, failed);
  add_str(o, "first_seen", c->first_seen, 1, failed);
  add_str(o, "last_seen", c->last_seen, 1, failed);
  add_str(o, "fixed_at", c->fixed_at, 1, failed);
  add_run_id(o, "first_run", c->first_run, failed);
  add_run_id(o, "last_run", c->last_run, failed);
  const report_paste *p = report_paste_of(r, c);
  if (!p) {
    add_null(o, "reproduce", failed);
    return o;
  }
  json_object *rep = json_object_new_object();
  if (!rep) return *failed = 1, o;
  add_str(rep, "variables", p->vars, 1, failed);
  add_str(rep, "check", p->check, 1, failed);
  add_str(rep, "eval", p->eval, 1, failed);
  add_str(rep, "again", p->again, 1, failed);
  add(o, "reproduce", rep, failed);
  return o;
}

/* Write the JSON format; see report.h. */
int report_json(const report *r, FILE *f) {
  int failed = 0;
  const report_run *last = report_last(r);
  json_object *doc = json_object_new_object(), *props = json_object_new_array(),
              *cex = json_object_new_array(), *runs = json_object_new_array();
  if (!doc || !props || !cex || !runs) {
    json_object_put(doc), json_object_put(props), json_object_put(cex), json_object_put(runs);
    return -1;
  }
  add_str(doc, "format", "layoutcheck-report", 0, &failed);
  add_int(doc, "version", 1, &failed);
  add_str(doc, "database", r->db_path, 0, &failed);
  add_str(doc, "generated", r->generated, 0, &failed);
  if (last)
    add(doc, "last_run", run_object(r, last, &failed), &failed);
  else
    add_null(doc, "last_run", &failed);
  add(doc, "counts", counts_object(r, &failed), &failed);
  for (size_t i = 0; last && i < r->n_prop; i++)
    if (r->prop[i].run_id == last->row.id) {
      json_object *p = prop_object(r, &r->prop[i], &failed);
      if (!p || json_object_array_add(props, p) != 0) json_object_put(p), failed = 1;
    }
  add(doc, "properties", props, &failed);
  for (size_t i = 0; i < r->n_cex; i++) {
    json_object *c = cex_object(r, i, &failed);
    if (!c || json_object_array_add(cex, c) != 0) json_object_put(c), failed = 1;
  }
  add(doc, "counterexamples", cex, &failed);
  for (size_t i = 0; i < r->n_run; i++) {
    json_object *x = run_object(r, &r->run[i], &failed);
    if (!x || json_object_array_add(runs, x) != 0) json_object_put(x), failed = 1;
  }
  add(doc, "runs", runs, &failed);
  if (!failed) {
    const char *text = json_object_to_json_string_ext(
        doc, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED | JSON_C_TO_STRING_NOSLASHESCAPE);
    if (!text || fputs(text, f) < 0 || fputc('\n', f) == EOF) failed = 1;
  }
  json_object_put(doc);
  return failed || ferror(f) ? -1 : 0;
}
