/*
** fuzz_report.c -- the console report of a property run (see
** fuzz_report.h).
*/
#include "fuzz_report.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* What each family of properties is, by the prefix of its names; the
** families not named here are the paper's own statements. */
static const struct family_text {
  const char *prefix, *text;
} family_texts[] = {
    {"cute", "CuTe C++'s own answers against the contracts it documents (layout.hpp's @post)"},
    {"lean", "claims of a Lean 4 design document for layouts"},
    {"zh", "claims of a Chinese summary of the paper"},
    {"rewrite", "coalescence as a rewriting system (a design note)"},
    {"einlean", "claims about Einlean's einops-style views"},
    {"torchlean", "claims about TorchLean's shapes and broadcasting"},
    {"tuple", "the category Tuple (paper section 3.1), literal readings included"},
    {"flat", "flat layouts (paper chapter 2), literal readings included"},
    {"user", "user conjectures from CONFIG.yaml's conjecture_files"},
    {"wp", "the post-conditions PyCuTe states for the layout algebra and the analysis ops (after the whitepaper)"},
    {"swizzle", "CuTe's swizzles and composed layouts"},
    {"negative", "layouts with negative strides, against CuTe's composition postcondition"},
    {"tile", "slicing by a coordinate: local_tile and local_partition"},
    {"f2", "PyCuTe's F2 (XOR) strides"},
    {"basis", "coordinate layouts (scaled-basis strides)"},
    {"recast", "upcast, downcast and the recasts of CuTe"},
};

/* The text of the family of name fam, or NULL. */
static const char *family_text(const char *fam) {
  for (size_t i = 0; i < sizeof family_texts / sizeof family_texts[0]; i++)
    if (strcmp(family_texts[i].prefix, fam) == 0) return family_texts[i].text;
  return NULL;
}

/* The family of property name (its first dot-separated word) into buf. */
static void family_of(const char *name, char *buf, size_t cap) {
  size_t len = strcspn(name, ".");
  if (len >= cap) len = cap - 1;
  memcpy(buf, name, len);
  buf[len] = 0;
}

/* Colour codes, empty when colour is off. */
typedef struct paint {
  const char *bold, *red, *yellow, *green, *dim, *off;
} paint;

static paint paint_of(int color) {
  paint p = {"", "", "", "", "", ""};
  if (color) p = (paint){"\033[1m", "\033[31m", "\033[33m", "\033[32m", "\033[2m", "\033[0m"};
  return p;
}

/* Add the row of p's result; see fuzz_report.h. */
int fuzz_report_add(fuzz_report *f, const gen_property *p, const gen_result *r) {
  if (f->n == f->cap) {
    int cap = f->cap ? 2 * f->cap : 64;
    report_row *rows = realloc(f->rows, (size_t)cap * sizeof *rows);
    if (!rows) return -1;
    f->rows = rows;
    f->cap = cap;
  }
  report_row *w = &f->rows[f->n++];
  memset(w, 0, sizeof *w);
  snprintf(w->name, sizeof w->name, "%s", p->name);
  w->theorem = p->kind == GEN_THEOREM;
  w->cases = r->cases;
  w->passed = r->passed;
  w->discarded = r->discarded;
  w->failed = r->failed;
  w->seconds = r->seconds;
  return 0;
}

/* Release f's rows; see fuzz_report.h. */
void fuzz_report_free(fuzz_report *f) {
  free(f->rows);
  f->rows = NULL;
  f->n = f->cap = 0;
}

/* Whether to colour; see fuzz_report.h. */
int fuzz_report_color(const char *when, FILE *out) {
  if (when && strcmp(when, "always") == 0) return 1;
  if (when && strcmp(when, "never") == 0) return 0;
  if (when && strcmp(when, "auto") != 0) return -1;
  const char *no = getenv("NO_COLOR");
  if (no && *no) return 0;
  return isatty(fileno(out));
}

/* One property's counterexamples met by the run, not triaged known. */
typedef struct met {
  char property[128];
  int theorem, shown;
  int64_t first_id, count, fresh; /* not known: count rows, fresh of them new */
  int64_t known;                  /* rows triaged known */
  char *input, *message;          /* of the first row; owned */
} met;

typedef struct met_list {
  met *v;
  int n, cap;
  int64_t run_id, known;
} met_list;

/* The entry of property c->property in l, added (with nothing counted)
** when there is none; NULL when out of memory. */
static met *met_of(met_list *l, const db_cex *c) {
  for (int i = 0; i < l->n; i++)
    if (strcmp(l->v[i].property, c->property) == 0) return &l->v[i];
  if (l->n == l->cap) {
    int cap = l->cap ? 2 * l->cap : 32;
    met *v = realloc(l->v, (size_t)cap * sizeof *v);
    if (!v) return NULL;
    l->v = v;
    l->cap = cap;
  }
  met *m = &l->v[l->n++];
  memset(m, 0, sizeof *m);
  snprintf(m->property, sizeof m->property, "%s", c->property);
  m->theorem = strcmp(c->kind, "conjecture") != 0;
  return m;
}

/* db_each_cex's fn: gather, per property, the rows run ud->run_id met:
** those triaged known counted, the others (new or still open) counted
** with the first one kept to be shown. */
static int gather(const db_cex *c, void *ud) {
  met_list *l = ud;
  if (c->last_run != l->run_id) return 0;
  met *m = met_of(l, c);
  if (!m) return 1;
  if (strcmp(c->triage, "known") == 0) {
    m->known++;
    l->known++;
    return 0;
  }
  m->fresh += c->first_run == l->run_id;
  if (m->count++) return 0;
  m->first_id = c->id;
  m->input = strdup(c->input ? c->input : "");
  m->message = strdup(c->message ? c->message : "");
  return m->input && m->message ? 0 : 1;
}

/* Free l's entries. */
static void met_list_free(met_list *l) {
  for (int i = 0; i < l->n; i++) {
    free(l->v[i].input);
    free(l->v[i].message);
  }
  free(l->v);
}

/* Print m on one line: id, name, standing, the input and the message cut
** to fit. */
static void print_met(FILE *out, const met *m, const paint *c) {
  char more[48] = "";
  const char *how = m->fresh == m->count ? "new" : m->fresh ? "new+open" : "still open";
  if (m->count > 1) snprintf(more, sizeof more, " (+%lld more)", (long long)(m->count - 1));
  int msg_len = (int)strlen(m->message);
  const int room = 90;
  fprintf(out, "  %s#%-4lld%s %-34s %s%-10s%s %s: %.*s%s%s\n", c->bold, (long long)m->first_id,
          c->off, m->property, strcmp(how, "still open") ? c->yellow : c->dim, how, c->off,
          m->input, msg_len > room ? room : msg_len, m->message, msg_len > room ? "..." : "", more);
}

/* Print the table: one row per family of properties, in run order. */
static void print_table(FILE *out, const fuzz_report *f, const paint *c) {
  fprintf(out, "%s%-17s %11s %13s %10s %9s %9s %8s%s\n", c->bold, "family", "theorems",
          "conjectures", "cases", "discard", "failed", "seconds", c->off);
  char *done = calloc((size_t)f->n + 1, 1);
  if (!done) return;
  for (int i = 0; i < f->n; i++) {
    if (done[i]) continue;
    char fam[64], other[64];
    int thm = 0, thm_held = 0, conj = 0, conj_refuted = 0;
    int64_t cases = 0, discarded = 0, failed = 0;
    double seconds = 0;
    family_of(f->rows[i].name, fam, sizeof fam);
    for (int j = i; j < f->n; j++) {
      family_of(f->rows[j].name, other, sizeof other);
      if (strcmp(fam, other)) continue;
      const report_row *r = &f->rows[j];
      done[j] = 1;
      if (r->theorem)
        thm++, thm_held += r->failed == 0;
      else
        conj++, conj_refuted += r->failed != 0;
      cases += r->cases;
      discarded += r->discarded;
      failed += r->failed;
      seconds += r->seconds;
    }
    char t[32] = "-", k[32] = "-";
    if (thm) snprintf(t, sizeof t, "%d/%d held", thm_held, thm);
    if (conj) snprintf(k, sizeof k, "%d/%d refuted", conj_refuted, conj);
    fprintf(out, "%-17s %11s %13s %10lld %9lld %s%9lld%s %8.2f\n", fam, t, k, (long long)cases,
            (long long)discarded, failed && thm != thm_held ? c->red : "", (long long)failed,
            failed && thm != thm_held ? c->off : "", seconds);
  }
  free(done);
}

/* Print the conjectures of l refuted in family fam not printed yet,
** under a heading that says once what the family is. */
static void print_family(FILE *out, met_list *l, const char *fam, const paint *c) {
  int printed = 0;
  char mine[64];
  for (int i = 0; i < l->n; i++) {
    met *m = &l->v[i];
    if (m->theorem || m->shown || !m->count) continue;
    family_of(m->property, mine, sizeof mine);
    if (strcmp(mine, fam)) continue;
    if (!printed++) {
      const char *text = family_text(fam);
      fprintf(out, "%s%s.*%s %s\n", c->bold, fam, c->off, text ? text : "the paper's statements");
    }
    print_met(out, m, c);
    m->shown = 1;
  }
}

/* "cute 3, lean 12, ..." into buf: the conjectures of l refuted per
** family, CuTe's first, then in the order of their first stored row. */
static void refuted_by_family(const met_list *l, char *buf, size_t cap) {
  size_t used = 0;
  char fam[64], other[64];
  buf[0] = 0;
  for (int pass = 0; pass < 2; pass++)
    for (int i = 0; i < l->n; i++) {
      if (l->v[i].theorem || !l->v[i].count) continue;
      family_of(l->v[i].property, fam, sizeof fam);
      if ((strcmp(fam, "cute") == 0) != (pass == 0)) continue;
      int seen = 0, n = 0;
      for (int j = 0; j < l->n; j++) {
        if (l->v[j].theorem || !l->v[j].count) continue;
        family_of(l->v[j].property, other, sizeof other);
        if (strcmp(fam, other)) continue;
        seen |= j < i;
        n++;
      }
      if (seen || used >= cap) continue;
      int w = snprintf(buf + used, cap - used, "%s%s %d", used ? ", " : "", fam, n);
      if (w > 0) used += (size_t)w;
    }
}

/* Print the report; see fuzz_report.h. */
int fuzz_report_print(FILE *out, const fuzz_report *f, db *d, int64_t run_id, const db_tally *t,
                      const char *db_path, char *msg, size_t cap) {
  paint c = paint_of(f->color);
  met_list l = {.run_id = run_id};
  int rc = db_each_cex(d, NULL, "", "open", gather, &l, msg, cap);
  if (rc) {
    met_list_free(&l);
    if (rc > 0) snprintf(msg, cap, "fuzz: out of memory gathering the report");
    return -1;
  }
  if (!f->quiet) print_table(out, f, &c);
  int thm = 0, thm_failed = 0, thm_known = 0, conj = 0, conj_known = 0;
  for (int i = 0; i < f->n; i++) thm += f->rows[i].theorem;
  for (int i = 0; i < l.n; i++) {
    int failing = l.v[i].count > 0;
    if (l.v[i].theorem)
      thm_failed += failing, thm_known += !failing;
    else
      conj += failing, conj_known += !failing;
  }
  if (thm_failed) {
    fprintf(out, "%sfailing theorems%s (a defect of the oracle or of its reading of the paper):\n",
            c.red, c.off);
    for (int i = 0; i < l.n; i++)
      if (l.v[i].theorem && l.v[i].count) {
        print_met(out, &l.v[i], &c);
        l.v[i].shown = 1;
      }
  }
  if (conj) fprintf(out, "refuted conjectures, by family (expected to fail sometimes):\n");
  /* CuTe's own contract breaks first, then the families in the order of
  ** their first stored counterexample */
  print_family(out, &l, "cute", &c);
  for (int i = 0; i < l.n; i++) {
    if (l.v[i].theorem || l.v[i].shown || !l.v[i].count) continue;
    char fam_i[64];
    family_of(l.v[i].property, fam_i, sizeof fam_i);
    print_family(out, &l, fam_i, &c);
  }
  char by_family[512];
  refuted_by_family(&l, by_family, sizeof by_family);
  if (!f->quiet)
    fprintf(
        out,
        "%ssummary:%s theorems: %d held, %s%d failing%s, %d known; conjectures: %d refuted%s%s%s, "
        "%d known\n",
        c.bold, c.off, thm - thm_failed - thm_known, thm_failed ? c.red : c.green, thm_failed,
        c.off, thm_known, conj, conj ? " (" : "", by_family, conj ? ")" : "", conj_known);
  fprintf(out, "counterexamples this run: new %lld, still open %lld, known %lld, fixed %lld\n",
          (long long)t->new_count, (long long)t->open_count, (long long)t->known_count,
          (long long)t->fixed_count);
  if (f->quiet) {
    met_list_free(&l);
    return 0;
  }
  char db_opt[1100] = "";
  if (strcmp(db_path, "results.db")) snprintf(db_opt, sizeof db_opt, " --db %s", db_path);
  fprintf(out,
          "next: layoutcheck show%s ID (one in full); layoutcheck report%s; layoutcheck triage "
          "ID known%s (stop listing it)\n",
          db_opt, db_opt, db_opt);
  assert(l.known >= 0);
  met_list_free(&l);
  return 0;
}
