/*
** report_model.c -- the report model (report.h): what results.db holds,
** read once into memory, and the queries the views (text, JUnit, HTML)
** share.  Nothing here writes a format.
*/
#include "report.h"

#include <assert.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* --- loading ------------------------------------------------------------ */

/* A copy of s (NULL stays NULL); *failed is set when memory runs out. */
static char *dup_or_null(const char *s, int *failed) {
  if (!s) return NULL;
  char *t = strdup(s);
  if (!t) *failed = 1;
  return t;
}

/* db_each_run callback: append a copy of the run. */
static int load_run(const db_run *row, void *ud) {
  report *r = ud;
  int failed = 0;
  report_run *grown = realloc(r->run, (r->n_run + 1) * sizeof *grown);
  if (!grown) return 1;
  r->run = grown;
  report_run *x = &r->run[r->n_run];
  memset(x, 0, sizeof *x);
  x->row = *row;
  x->row.config = dup_or_null(row->config, &failed);
  x->row.git_rev = dup_or_null(row->git_rev, &failed);
  x->row.sut = dup_or_null(row->sut, &failed);
  r->n_run++; /* counted even when a copy failed, so that report_free frees it */
  return failed;
}

/* db_each_run_property callback: append a copy of the row (its labels
** copied, owned by the report). */
static int load_prop(const db_run_prop *p, void *ud) {
  report *r = ud;
  int failed = 0;
  if (r->n_prop % 256 == 0) {
    report_prop *grown = realloc(r->prop, (r->n_prop + 256) * sizeof *grown);
    if (!grown) return 1;
    r->prop = grown;
  }
  report_prop *x = &r->prop[r->n_prop++];
  *x = *p;
  x->labels = dup_or_null(p->labels, &failed);
  return failed;
}

/* db_each_cex callback: append a deep copy of the counterexample. */
static int load_cex(const db_cex *c, void *ud) {
  report *r = ud;
  int failed = 0;
  if (r->n_cex % 64 == 0) {
    db_cex *grown = realloc(r->cex, (r->n_cex + 64) * sizeof *grown);
    if (!grown) return 1;
    r->cex = grown;
  }
  db_cex *x = &r->cex[r->n_cex++];
  *x = *c;
  x->sut = dup_or_null(c->sut, &failed);
  x->input = dup_or_null(c->input, &failed);
  x->original_input = dup_or_null(c->original_input, &failed);
  x->choices = dup_or_null(c->choices, &failed);
  x->message = dup_or_null(c->message, &failed);
  x->signature = dup_or_null(c->signature, &failed);
  x->note = dup_or_null(c->note, &failed);
  return failed;
}

/* qsort order of runs: by start time, then by id. */
static int run_order(const void *a, const void *b) {
  const report_run *x = a, *y = b;
  int c = strcmp(x->row.started, y->row.started);
  if (c) return c;
  return (x->row.id > y->row.id) - (x->row.id < y->row.id);
}

/* The shard list of a run's configuration text ("# shard 1,2/4 ...") into
** buf, "" when it has none. */
static void shard_note(const char *config, char *buf, size_t cap) {
  buf[0] = 0;
  for (const char *line = config; line && *line;) {
    if (!strncmp(line, "# shard ", 8)) {
      size_t n = strcspn(line + 8, " \n");
      snprintf(buf, cap, "%.*s", (int)n, line + 8);
      return;
    }
    line = strchr(line, '\n');
    if (line) line++;
  }
}

/* Replace in s every character that a time, a seed or a shard list does
** not hold by '?', so that a tampered database cannot inject markup. */
static void tame(char *s) {
  for (; *s; s++)
    if (!strchr("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-:.+_ ,/", *s))
      *s = '?';
}

/* Sum each run's property rows into it, and tame the fields that the
** formats print as they are. */
static void total_runs(report *r) {
  for (size_t i = 0; i < r->n_run; i++) {
    report_run *x = &r->run[i];
    shard_note(x->row.config, x->shards, sizeof x->shards);
    tame(x->shards);
    tame(x->row.started);
    tame(x->row.finished);
    tame(x->row.interrupted);
    tame(x->row.seed);
  }
  for (size_t i = 0; i < r->n_cex; i++) {
    db_cex *c = &r->cex[i];
    tame(c->first_seen);
    tame(c->last_seen);
    tame(c->fixed_at);
    tame(c->seed);
    tame(c->status);
  }
  report_run *run = NULL;
  for (size_t i = 0; i < r->n_prop; i++) {
    if (!run || run->row.id != r->prop[i].run_id) /* rows come grouped by run */
      run = (report_run *)report_run_by_id(r, r->prop[i].run_id);
    if (!run) continue;
    run->props++;
    run->failed += r->prop[i].failed;
    run->seconds += r->prop[i].seconds;
  }
}

/* db_each_cex_run callback for the last run: note the outcome of its
** counterexample (r->cex is in order of id: a binary search). */
static int load_outcome(const db_cex_run *x, void *ud) {
  report *r = ud;
  size_t lo = 0, hi = r->n_cex;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (r->cex[mid].id < x->cex_id)
      lo = mid + 1;
    else
      hi = mid;
  }
  if (lo < r->n_cex && r->cex[lo].id == x->cex_id)
    snprintf(r->outcome[lo], sizeof r->outcome[lo], "%s", x->outcome);
  return 0;
}

/* The outcomes, stored and titled; see report.h. */
const char *const report_outcome_names[REPORT_OUTCOMES] = {"new", "open", "known", "fixed"};
const char *const report_outcome_titles[REPORT_OUTCOMES] = {"new", "still open", "known", "fixed"};

/* The outcome of r->cex[i] in the last run; see report.h. */
const char *report_outcome(const report *r, size_t i) {
  return r->outcome && i < r->n_cex ? r->outcome[i] : "";
}

/* How many counterexamples had outcome in the last run; see report.h. */
size_t report_news_count(const report *r, const char *outcome) {
  size_t n = 0;
  for (size_t i = 0; i < r->n_cex; i++) n += strcmp(report_outcome(r, i), outcome) == 0;
  return n;
}

/* Read the database into *r; see report.h. */
int report_load(db *d, const char *db_path, report *r, char *msg, size_t cap) {
  memset(r, 0, sizeof *r);
  r->db_path = db_path;
  time_t now = time(NULL);
  struct tm tm;
  gmtime_r(&now, &tm);
  strftime(r->generated, sizeof r->generated, "%Y-%m-%dT%H:%M:%SZ", &tm);
  int rc = db_each_run(d, load_run, r, msg, cap);
  if (rc == 0) rc = db_each_run_property(d, 0, load_prop, r, msg, cap);
  if (rc == 0) rc = db_each_cex(d, NULL, NULL, NULL, load_cex, r, msg, cap);
  if (rc > 0) snprintf(msg, cap, "%s: reading the database: out of memory", db_path);
  if (rc) {
    report_free(r);
    return -1;
  }
  if (r->n_run) qsort(r->run, r->n_run, sizeof *r->run, run_order);
  total_runs(r);
  r->outcome = calloc(r->n_cex ? r->n_cex : 1, sizeof *r->outcome);
  r->last_id = report_last(r) ? report_last(r)->row.id : 0;
  if (!r->outcome || (r->last_id && db_each_cex_run(d, 0, r->last_id, load_outcome, r, msg, cap))) {
    if (!r->outcome) snprintf(msg, cap, "%s: reading the database: out of memory", db_path);
    report_free(r);
    return -1;
  }
  return 0;
}

/* Free the strings of one paste entry. */
static void paste_clear(report_paste *p) {
  free(p->vars);
  free(p->vals);
  free(p->check);
  free(p->eval);
  free(p->again);
  free(p->found);
  memset(p, 0, sizeof *p);
}

/* Set how r->cex[i] is pasted; see report.h. */
int report_set_paste(report *r, size_t i, const report_paste *p) {
  int failed = 0;
  assert(i < r->n_cex);
  if (!r->paste && !(r->paste = calloc(r->n_cex, sizeof *r->paste))) return -1;
  report_paste *to = &r->paste[i];
  paste_clear(to);
  to->vars = dup_or_null(p->vars, &failed);
  to->vals = dup_or_null(p->vals, &failed);
  to->check = dup_or_null(p->check, &failed);
  to->eval = dup_or_null(p->eval, &failed);
  to->again = dup_or_null(p->again, &failed);
  to->found = dup_or_null(p->found, &failed);
  if (failed) paste_clear(to);
  return failed ? -1 : 0;
}

/* The paste entry of c; see report.h. */
const report_paste *report_paste_of(const report *r, const db_cex *c) {
  if (!r->paste || c < r->cex || c >= r->cex + r->n_cex) return NULL;
  const report_paste *p = &r->paste[c - r->cex];
  return p->vars || p->check || p->eval || p->again ? p : NULL;
}

/* Copy s[0..n) into out[0..cap) with the spaces around it trimmed. */
static void side_copy(char *out, size_t cap, const char *s, size_t n) {
  while (n && *s == ' ') s++, n--;
  while (n && s[n - 1] == ' ') n--;
  snprintf(out, cap, "%.*s", (int)n, s);
}

/* Split "LABEL = VALUE" (at the first " = " of the part s[0..n) when
** first, else at the last) into side; without one, the whole part is the
** value under fallback.  1 when it had one. */
static int side_of(const char *s, size_t n, int first, const char *fallback, report_side *side) {
  const char *eq = NULL;
  for (const char *q = s; q + 3 <= s + n && !(first && eq); q++)
    if (!strncmp(q, " = ", 3)) eq = q;
  if (!eq) {
    snprintf(side->label, sizeof side->label, "%s", fallback);
    side_copy(side->value, sizeof side->value, s, n);
    return 0;
  }
  side_copy(side->label, sizeof side->label, s, (size_t)(eq - s));
  side_copy(side->value, sizeof side->value, eq + 3, (size_t)(s + n - eq - 3));
  side->value[strcspn(side->value, " ")] = 0; /* a value has no spaces; a remark follows */
  return 1;
}

/* The two sides of a disagreement; see report.h. */
int report_sides(const char *m, report_side side[2]) {
  const char *o, *sut, *but, *vs;
  memset(side, 0, 2 * sizeof *side);
  if (!m) return 0;
  if ((o = strstr(m, ": oracle")) && (sut = strstr(o, ", system under test "))) {
    const char *v = o + strlen(": oracle");
    if (*v == ' ' && v[1] == '(' && strchr(v, ')') && strchr(v, ')') < sut) v = strchr(v, ')') + 1;
    snprintf(side[0].label, sizeof side[0].label, "oracle");
    side_copy(side[0].value, sizeof side[0].value, v, (size_t)(sut - v));
    snprintf(side[1].label, sizeof side[1].label, "system under test");
    sut += strlen(", system under test ");
    side_copy(side[1].value, sizeof side[1].value, sut, strlen(sut));
    return 1;
  }
  if ((but = strstr(m, " but "))) {
    const char *colon = NULL, *end = but + strlen(but);
    for (const char *q = m; q < but; q++) /* "WHAT: L = X but ..." */
      if (q[0] == ':' && q[1] == ' ' && strstr(q, " = ") && strstr(q, " = ") < but) colon = q;
    const char *start = colon ? colon + 2 : m;
    int named = side_of(start, (size_t)(but - start), 0, "left", &side[0]);
    named += side_of(but + 5, (size_t)(end - but - 5), 1, "right", &side[1]);
    return named > 0; /* "X = v but Y = w": not a sentence with "but" in it */
  }
  if ((vs = strstr(m, " vs ")) && strstr(m, ": ") && strstr(m, ": ") < vs) { /* WHAT: X vs Y */
    const char *start = m, *c;
    for (c = m; (c = strstr(c, ": ")) && c < vs; c += 2) start = c + 2;
    if (memchr(start, ' ', (size_t)(vs - start))) return 0; /* X is one value */
    char what[120];
    side_copy(what, sizeof what, m, start > m ? (size_t)(start - 2 - m) : 0);
    snprintf(side[0].label, sizeof side[0].label, "%s%sleft", what, what[0] ? ", " : "");
    side_copy(side[0].value, sizeof side[0].value, start, (size_t)(vs - start));
    snprintf(side[1].label, sizeof side[1].label, "%s%sright", what, what[0] ? ", " : "");
    const char *rest = vs + 4;
    side_copy(side[1].value, sizeof side[1].value, rest, strcspn(rest, " "));
    return 1;
  }
  return 0;
}

/* Free what report_load read. */
void report_free(report *r) {
  free(r->outcome);
  for (size_t i = 0; i < r->n_run; i++) db_run_clear(&r->run[i].row);
  for (size_t i = 0; i < r->n_prop; i++) free(r->prop[i].labels);
  for (size_t i = 0; i < r->n_cex; i++) db_cex_clear(&r->cex[i]);
  for (size_t i = 0; r->paste && i < r->n_cex; i++) paste_clear(&r->paste[i]);
  free(r->paste);
  free(r->run);
  free(r->prop);
  free(r->cex);
  memset(r, 0, sizeof *r);
}

/* --- queries -------------------------------------------------------------- */

/* The latest run, or NULL. */
const report_run *report_last(const report *r) { return r->n_run ? &r->run[r->n_run - 1] : NULL; }

/* The run with this id, or NULL (runs are few: a linear search). */
const report_run *report_run_by_id(const report *r, int64_t id) {
  for (size_t i = r->n_run; i-- > 0;)
    if (r->run[i].row.id == id) return &r->run[i];
  return NULL;
}

/* The position of run in r->run. */
size_t report_run_index(const report *r, const report_run *run) { return (size_t)(run - r->run); }

/* The row of property in run run_id: a binary search for the run's rows
** (stored by run id), then a scan of them. */
const report_prop *report_prop_of(const report *r, int64_t run_id, const char *property) {
  size_t lo = 0, hi = r->n_prop;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (r->prop[mid].run_id < run_id)
      lo = mid + 1;
    else
      hi = mid;
  }
  for (size_t i = lo; i < r->n_prop && r->prop[i].run_id == run_id; i++)
    if (!strcmp(r->prop[i].property, property)) return &r->prop[i];
  return NULL;
}

/* The revision of run id, "?" when unknown. */
const char *report_rev(const report *r, int64_t run_id) {
  const report_run *run = report_run_by_id(r, run_id);
  return run && run->row.git_rev && run->row.git_rev[0] ? run->row.git_rev : "?";
}

/* Describe when c appeared and was fixed; see report.h. */
void report_history(const report *r, const db_cex *c, char *buf, size_t cap) {
  const report_run *first = report_run_by_id(r, c->first_run), *before = NULL;
  size_t len = 0;
  int w;
  if (first) {
    for (size_t i = report_run_index(r, first); i-- > 0;)
      if (report_prop_of(r, r->run[i].row.id, c->property)) {
        before = &r->run[i];
        break;
      }
    if (before)
      w = snprintf(buf, cap, "appeared between %s (run %lld, did not find it) and %s (run %lld)",
                   report_rev(r, before->row.id), (long long)before->row.id,
                   report_rev(r, first->row.id), (long long)first->row.id);
    else
      w = snprintf(buf, cap, "appeared at %s (run %lld, the first run of %s on record)",
                   report_rev(r, first->row.id), (long long)first->row.id, c->property);
  } else {
    w = snprintf(buf, cap, "appeared %s (its run is not recorded)", c->first_seen);
  }
  if (w < 0 || (size_t)w >= cap) return;
  len = (size_t)w;
  if (strcmp(c->status, "fixed") != 0) return;
  const report_run *fixer = NULL; /* the latest run started by the time of the fix */
  for (size_t i = r->n_run; i-- > 0;)
    if (c->fixed_at[0] && strcmp(r->run[i].row.started, c->fixed_at) <= 0) {
      fixer = &r->run[i];
      break;
    }
  if (c->last_run > 0 && fixer)
    snprintf(buf + len, cap - len,
             "; fixed %s, between %s (run %lld, last failing) and %s (run %lld)", c->fixed_at,
             report_rev(r, c->last_run), (long long)c->last_run, report_rev(r, fixer->row.id),
             (long long)fixer->row.id);
  else
    snprintf(buf + len, cap - len, "; fixed %s (last failing %s)", c->fixed_at, c->last_seen);
}

/* Open counterexamples of property (all when NULL). */
size_t report_open_count(const report *r, const char *property) {
  size_t n = 0;
  for (size_t i = 0; i < r->n_cex; i++)
    if (!strcmp(r->cex[i].status, "open") && strcmp(r->cex[i].triage, "known") != 0 &&
        (!property || !strcmp(r->cex[i].property, property)))
      n++;
  return n;
}

/* 1 when c is open: still failing and not triaged known. */
static int is_open(const db_cex *c) {
  return !strcmp(c->status, "open") && strcmp(c->triage, "known") != 0;
}

/* The smallest open counterexample of a refuted conjecture, at its first
** open row; see report.h. */
const db_cex *report_refuted(const report *r, size_t i) {
  const db_cex *c = &r->cex[i], *best = c;
  if (!is_open(c) || strcmp(c->kind, "conjecture")) return NULL;
  for (size_t j = 0; j < i; j++)
    if (!strcmp(r->cex[j].property, c->property) && is_open(&r->cex[j])) return NULL;
  for (size_t j = i + 1; j < r->n_cex; j++)
    if (!strcmp(r->cex[j].property, c->property) && is_open(&r->cex[j]) &&
        strlen(r->cex[j].input) < strlen(best->input))
      best = &r->cex[j];
  return best;
}

/* The known counterexamples of property that still fail. */
static size_t known_count(const report *r, const char *property) {
  size_t n = 0;
  for (size_t i = 0; i < r->n_cex; i++)
    n += !strcmp(r->cex[i].status, "open") && !strcmp(r->cex[i].triage, "known") &&
         !strcmp(r->cex[i].property, property);
  return n;
}

/* The state of a last-run property row; see report.h. */
int report_prop_state(const report *r, const report_prop *p) {
  if (report_failing(r, p)) return 0;
  return known_count(r, p->property) ? 1 : 2;
}

/* The counts of the report; see report.h. */
void report_count(const report *r, report_counts *n) {
  memset(n, 0, sizeof *n);
  for (size_t i = 0; i < r->n_cex; i++) {
    const db_cex *c = &r->cex[i];
    int conj = !strcmp(c->kind, "conjecture");
    n->cex++;
    if (strcmp(c->status, "open") != 0)
      n->fixed++;
    else if (!strcmp(c->triage, "known"))
      n->known++;
    else
      ++*(conj ? &n->open_conjecture : &n->open_theorem);
    const char *o = report_outcome(r, i);
    n->run_new += !strcmp(o, "new");
    n->run_still_open += !strcmp(o, "open");
    n->run_known += !strcmp(o, "known");
    n->run_fixed += !strcmp(o, "fixed");
  }
  n->open = n->open_theorem + n->open_conjecture;
  assert(n->open + n->known + n->fixed == n->cex);
  for (size_t i = 0; r->last_id && i < r->n_prop; i++) {
    const report_prop *p = &r->prop[i];
    if (p->run_id != r->last_id) continue;
    int state = report_prop_state(r, p), conj = !strcmp(p->kind, "conjecture");
    ++*(conj ? &n->conjectures : &n->theorems);
    if (state == 0) ++*(conj ? &n->conjectures_refuted : &n->theorems_failing);
    if (state == 1) ++*(conj ? &n->conjectures_known : &n->theorems_known);
  }
}

/* Whether a property row is a problem now; see report.h. */
int report_failing(const report *r, const report_prop *p) {
  if (report_open_count(r, p->property)) return 1;
  if (!p->failed) return 0;
  for (size_t i = 0; i < r->n_cex; i++)
    if (!strcmp(r->cex[i].property, p->property)) return 0;
  return 1;
}

/* Parse "name=count" words; see report.h. */
int report_labels(const char *labels, report_label *out, int cap) {
  int n = 0;
  const char *s = labels ? labels : "";
  while (*s && n < cap) {
    size_t word = strcspn(s, " "), name = strcspn(s, "=");
    if (name < word && name > 0 && name < sizeof out->name) {
      char *end;
      long long v = strtoll(s + name + 1, &end, 10);
      if (end == s + word && v >= 0) {
        memcpy(out[n].name, s, name);
        out[n].name[name] = 0;
        out[n].count = v;
        n++;
      }
    }
    s += word;
    while (*s == ' ') s++;
  }
  return n;
}
