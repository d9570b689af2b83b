/*
** cmd_merge.c -- `layoutcheck merge A.db B.db ... --into results.db`: add
** the runs, property statistics and counterexamples of several results
** databases (the shards of a nightly run, or databases of other machines)
** to one, in a single transaction: all of it or, on any error, nothing.
** The inputs are opened read-only and never changed.
**
** Runs.  A run that `fuzz` made as shard K of N (its configuration text
** ends with the line "# shard K/N [batch B]") is combined with the other
** shards of its batch given to the same merge -- same seed, shard count,
** revision, SUT, batch and configuration apart from the db path -- into one
** run row: started the earliest, finished the latest (unset while one is
** unfinished), cases, failures and every property's cases, passed,
** discarded, failed, seconds and label counts summed; its configuration
** says "# shard 1,2,...,N/N".  A shard given twice (the same K of the same
** batch) is an error.  Every other run is copied as its own row.  Rows get
** new ids; runs already in the target are never changed.  Merging is
** idempotent: every run has a stable identity (runs.uid), and a run whose
** identity the target holds already (as a row, or merged into one:
** merged_runs) is skipped with its property rows and sightings, so a
** database merged twice is stored once.
**
** Counterexamples.  One that the target holds already (same property, sut
** and input) is merged with it: times_seen grows by the sightings of the
** runs not skipped (cex_runs; for a row without them, its times_seen
** unless its last run was skipped), first_seen the earliest
** (with its run, original input, choices and seed), last_seen the latest
** (with its run and message), and the status of whichever saw the later
** event (a fix counts at fixed_at, anything else at last_seen; a tie is
** open).  Others are copied.  first_run and last_run point at the copied
** (or combined) runs.
**
** It prints what changed: runs copied, shard runs combined, runs merged
** before (skipped), and counterexamples new, updated (a merged row that
** changed) and unchanged; a combined run that lacks some of its shards
** (K of N given) gets a warning on stderr.
**
** Exit 0 when merged, 2 on a usage error or an unreadable, damaged or
** foreign database.
*/
#include "cli.h"
#include "cli_help.h"
#include "cli_opts.h"
#include "store.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>


#define MAX_LABELS 32

/* A label count of a summed property row. */
typedef struct label_sum {
  char name[32];
  int64_t count;
} label_sum;

/* One property's statistics summed over the shards of a group. */
typedef struct prop_sum {
  char property[128], kind[16];
  int64_t cases, passed, discarded, failed;
  double seconds;
  label_sum label[MAX_LABELS];
  int n_label;
} prop_sum;

/* One combined run of the shards of a batch. */
typedef struct group {
  char *key;       /* what its shards share (owned) */
  char where[600]; /* "FILE (run ID)" of its first shard, for messages */
  int64_t n, *k;   /* shard count, and the shards merged so far (owned) */
  size_t n_k;
  char batch[64];
  db_run run;     /* the combined row; run.id is its id in the target */
  prop_sum *prop; /* owned */
  size_t n_prop;
} group;

/* A run of the input being merged and where it went. */
typedef struct src_run {
  int64_t id, to_id; /* its id in the input and in the target */
  long group;        /* index of its group, or -1 when copied as it is */
  int skipped;       /* merged before: the target holds it (to_id) */
} src_run;

typedef struct merge_state {
  db *to, *from;
  const char *from_path;
  int64_t *touched; /* target runs whose counts are recounted at the end */
  size_t n_touched;
  int64_t runs_skipped;
  src_run *runs; /* of the current input, by id */
  size_t n_runs;
  group *groups;
  size_t n_groups;
  int64_t runs_copied, shard_runs, prop_rows;
  int64_t cex_new, cex_updated, cex_unchanged; /* copied; merged and changed; merged, unchanged */
  char msg[2048];
} merge_state;

/* --- shards of a run ------------------------------------------------------ */

/* Parse the "# shard K[,K...]/N [batch B]" line of a run's configuration
** text: the shards into a new array *k (*n_k of them), the count into *n
** and the batch into batch.  Returns 1 when the run is a shard run, 0 when
** it has no such line (or N is 1), -1 when memory runs out. */
static int parse_shards(const char *config, int64_t *n, int64_t **k, size_t *n_k, char *batch,
                        size_t batch_cap) {
  const char *line = config;
  *k = NULL;
  *n_k = 0;
  batch[0] = 0;
  while (line && *line && strncmp(line, "# shard ", 8) != 0) {
    line = strchr(line, '\n');
    if (line) line++;
  }
  if (!line || !*line) return 0;
  const char *p = line + 8, *slash = p + strcspn(p, "/\n");
  if (*slash != '/') return 0;
  char *end;
  long long count = strtoll(slash + 1, &end, 10);
  if (count <= 1 || (*end && *end != ' ' && *end != '\n')) return 0;
  if (!strncmp(end, " batch ", 7))
    snprintf(batch, batch_cap, "%.*s", (int)strcspn(end + 7, " \n"), end + 7);
  while (p < slash) {
    long long v = strtoll(p, &end, 10);
    if (end == p || v < 1 || v > count || (*end != ',' && end != slash)) {
      free(*k);
      *k = NULL;
      *n_k = 0;
      return 0;
    }
    int64_t *grown = realloc(*k, (*n_k + 1) * sizeof *grown);
    if (!grown) {
      free(*k);
      *k = NULL;
      return -1;
    }
    *k = grown;
    (*k)[(*n_k)++] = v;
    p = end + (*end == ',');
  }
  *n = count;
  return *n_k ? 1 : 0;
}

/* A run's configuration without its db: and "# shard" lines, appended to
** buf (a growable string *buf of *len bytes); -1 when memory runs out. */
static int append_config_core(const char *config, char **buf, size_t *len) {
  for (const char *line = config ? config : ""; *line;) {
    size_t n = strcspn(line, "\n");
    if (line[n] == '\n') n++;
    if (strncmp(line, "db:", 3) != 0 && strncmp(line, "# shard ", 8) != 0) {
      char *grown = realloc(*buf, *len + n + 1);
      if (!grown) return -1;
      *buf = grown;
      memcpy(*buf + *len, line, n);
      *len += n;
      (*buf)[*len] = 0;
    }
    line += n;
  }
  return 0;
}

/* The key that the shards of one batch share, as a new string (NULL when
** memory runs out). */
static char *group_key(const db_run *r, int64_t n, const char *batch) {
  static const char form[] = "%s\037%lld\037%s\037%s\037%s\037";
  const char *rev = r->git_rev ? r->git_rev : "", *sut = r->sut ? r->sut : "";
  int w = snprintf(NULL, 0, form, r->seed, (long long)n, rev, sut, batch);
  if (w < 0) return NULL;
  size_t len = (size_t)w;
  char *key = malloc(len + 1);
  if (!key) return NULL;
  snprintf(key, len + 1, form, r->seed, (long long)n, rev, sut, batch);
  if (append_config_core(r->config, &key, &len) != 0) {
    free(key);
    return NULL;
  }
  return key;
}

/* qsort order of shard numbers. */
static int k_order(const void *a, const void *b) {
  int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
  return (x > y) - (x < y);
}

/* The combined run's configuration: its first shard's, with the shard
** line listing every shard merged; -1 when memory runs out. */
static int group_config(group *g) {
  char *text = NULL, number[32];
  size_t len = 0;
  if (append_config_core(g->run.config, &text, &len) != 0) return -1;
  qsort(g->k, g->n_k, sizeof *g->k, k_order);
  size_t need = len + 64 + 21 * g->n_k + strlen(g->batch);
  char *grown = realloc(text, need);
  if (!grown) {
    free(text);
    return -1;
  }
  text = grown;
  len += (size_t)snprintf(text + len, need - len, "# shard ");
  for (size_t i = 0; i < g->n_k; i++) {
    snprintf(number, sizeof number, "%s%lld", i ? "," : "", (long long)g->k[i]);
    len += (size_t)snprintf(text + len, need - len, "%s", number);
  }
  snprintf(text + len, need - len, "/%lld%s%s\n", (long long)g->n, g->batch[0] ? " batch " : "",
           g->batch);
  free(g->run.config);
  g->run.config = text;
  return 0;
}

/* --- runs ------------------------------------------------------------------- */

/* Copy the strings of a run row into *out; -1 when memory runs out. */
static int copy_run(const db_run *in, db_run *out) {
  *out = *in;
  out->config = in->config ? strdup(in->config) : NULL;
  out->git_rev = in->git_rev ? strdup(in->git_rev) : NULL;
  out->sut = in->sut ? strdup(in->sut) : NULL;
  if ((in->config && !out->config) || (in->git_rev && !out->git_rev) || (in->sut && !out->sut)) {
    db_run_clear(out);
    return -1;
  }
  return 0;
}

/* Add a shard run to its group (creating the group and its row in the
** target); sets the run's to_id and group.  0, 1 (msg) for a shard given
** twice, -1 (msg) on other errors. */
static int add_shard_run(merge_state *s, const db_run *r, src_run *x, int64_t n, int64_t *k,
                         size_t n_k, const char *batch) {
  char *key = group_key(r, n, batch);
  if (!key) return snprintf(s->msg, sizeof s->msg, "merge: out of memory"), -1;
  size_t gi = 0;
  while (gi < s->n_groups && strcmp(s->groups[gi].key, key) != 0) gi++;
  if (gi == s->n_groups) { /* a new batch: its row is written now, for its id */
    group *grown = realloc(s->groups, (s->n_groups + 1) * sizeof *grown);
    if (!grown) return free(key), snprintf(s->msg, sizeof s->msg, "merge: out of memory"), -1;
    s->groups = grown;
    group *g = &s->groups[s->n_groups];
    memset(g, 0, sizeof *g);
    g->key = key;
    g->n = n;
    snprintf(g->batch, sizeof g->batch, "%s", batch);
    snprintf(g->where, sizeof g->where, "%s (run %lld)", s->from_path, (long long)r->id);
    if (copy_run(r, &g->run) != 0)
      return free(key), snprintf(s->msg, sizeof s->msg, "merge: out of memory"), -1;
    s->n_groups++;
    g->run.id = 0;
    g->run.cases = g->run.failures = 0;
    if (db_put_run(s->to, &g->run, &g->run.id, s->msg, sizeof s->msg) != 0) return -1;
  } else {
    free(key);
  }
  group *g = &s->groups[gi];
  for (size_t i = 0; i < n_k; i++)
    for (size_t j = 0; j < g->n_k; j++)
      if (g->k[j] == k[i])
        return snprintf(s->msg, sizeof s->msg,
                        "%s: run %lld is shard %lld/%lld of a batch that %s has given already: "
                        "merge each batch's shards once (or give each batch its own "
                        "LAYOUTCHECK_BATCH)",
                        s->from_path, (long long)r->id, (long long)k[i], (long long)n, g->where),
               1;
  int64_t *grown = realloc(g->k, (g->n_k + n_k) * sizeof *grown);
  if (!grown) return snprintf(s->msg, sizeof s->msg, "merge: out of memory"), -1;
  g->k = grown;
  memcpy(g->k + g->n_k, k, n_k * sizeof *k);
  g->n_k += n_k;
  if (strcmp(r->started, g->run.started) < 0) memcpy(g->run.started, r->started, sizeof r->started);
  if (g->n_k == n_k) /* the first shard: its times were copied */
    ;
  else if (!r->finished[0] || !g->run.finished[0])
    g->run.finished[0] = 0; /* one shard unfinished: the batch is */
  else if (strcmp(r->finished, g->run.finished) > 0)
    memcpy(g->run.finished, r->finished, sizeof r->finished);
  if (r->interrupted[0] && !g->run.interrupted[0]) /* one shard interrupted: the batch was */
    memcpy(g->run.interrupted, r->interrupted, sizeof r->interrupted);
  g->run.cases += r->cases;
  g->run.failures += r->failures;
  x->to_id = g->run.id;
  x->group = (long)gi;
  s->shard_runs++;
  return 0;
}

/* Remember target run id to recount at the end; 0, or 1 (msg). */
static int touch(merge_state *s, int64_t id) {
  for (size_t i = 0; i < s->n_touched; i++)
    if (s->touched[i] == id) return 0;
  int64_t *grown = realloc(s->touched, (s->n_touched + 1) * sizeof *grown);
  if (!grown) return snprintf(s->msg, sizeof s->msg, "merge: out of memory"), 1;
  s->touched = grown;
  s->touched[s->n_touched++] = id;
  return 0;
}

/* db_each_run callback: skip a run merged before, copy a run, or add it
** to its batch. */
static int merge_run(const db_run *r, void *ud) {
  merge_state *s = ud;
  int64_t n, *k;
  size_t n_k;
  char batch[64];
  src_run *grown = realloc(s->runs, (s->n_runs + 1) * sizeof *grown);
  if (!grown) return snprintf(s->msg, sizeof s->msg, "merge: out of memory"), 1;
  s->runs = grown;
  src_run *x = &s->runs[s->n_runs++];
  x->id = r->id;
  x->to_id = 0;
  x->group = -1;
  x->skipped = 0;
  if (r->uid[0]) {
    int found = db_run_by_uid(s->to, r->uid, &x->to_id, s->msg, sizeof s->msg);
    if (found < 0) return 1;
    if (found == 0) {
      x->skipped = 1;
      s->runs_skipped++;
      return 0;
    }
  }
  int shard = parse_shards(r->config, &n, &k, &n_k, batch, sizeof batch);
  if (shard < 0) return snprintf(s->msg, sizeof s->msg, "merge: out of memory"), 1;
  if (shard) {
    int rc = add_shard_run(s, r, x, n, k, n_k, batch);
    free(k);
    if (rc == 0 && r->uid[0] && db_note_merged(s->to, r->uid, x->to_id, s->msg, sizeof s->msg))
      rc = -1;
    return rc ? 1 : touch(s, x->to_id);
  }
  db_run copy = *r;
  copy.id = 0;
  if (db_put_run(s->to, &copy, &x->to_id, s->msg, sizeof s->msg) != 0) return 1;
  s->runs_copied++;
  return touch(s, x->to_id);
}

/* The run of the current input with id, or NULL (s->runs is by id). */
static const src_run *find_run(const merge_state *s, int64_t id) {
  size_t lo = 0, hi = s->n_runs;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (s->runs[mid].id == id) return &s->runs[mid];
    if (s->runs[mid].id < id)
      lo = mid + 1;
    else
      hi = mid;
  }
  return NULL;
}

/* --- property rows --------------------------------------------------------- */

/* Add "name=count ..." into the label sums of p. */
static void add_labels(prop_sum *p, const char *labels) {
  for (const char *w = labels ? labels : ""; *w;) {
    size_t len = strcspn(w, " "), name = strcspn(w, "=");
    if (name < len && name > 0 && name < sizeof p->label[0].name) {
      char *end;
      long long v = strtoll(w + name + 1, &end, 10);
      if (end == w + len && v >= 0) {
        int i = 0;
        while (i < p->n_label &&
               (strlen(p->label[i].name) != name || strncmp(p->label[i].name, w, name)))
          i++;
        if (i == p->n_label && i < MAX_LABELS) {
          memcpy(p->label[i].name, w, name);
          p->label[i].name[name] = 0;
          p->label[i].count = 0;
          p->n_label++;
        }
        if (i < p->n_label) p->label[i].count += v;
      }
    }
    w += len;
    while (*w == ' ') w++;
  }
}

/* db_each_run_property callback: copy the row to its run, or sum it into
** its batch. */
static int merge_prop(const db_run_prop *p, void *ud) {
  merge_state *s = ud;
  const src_run *x = find_run(s, p->run_id);
  if (!x || x->skipped) return 0; /* no stored run, or merged before */
  s->prop_rows++;
  if (x->group < 0)
    return db_run_property(s->to, x->to_id, p->property, p->kind, p->cases, p->passed, p->discarded,
                           p->failed, p->seconds, p->labels, s->msg, sizeof s->msg) != 0;
  group *g = &s->groups[x->group];
  size_t i = 0;
  while (i < g->n_prop && strcmp(g->prop[i].property, p->property)) i++;
  if (i == g->n_prop) {
    prop_sum *grown = realloc(g->prop, (g->n_prop + 1) * sizeof *grown);
    if (!grown) return snprintf(s->msg, sizeof s->msg, "merge: out of memory"), 1;
    g->prop = grown;
    memset(&g->prop[i], 0, sizeof g->prop[i]);
    memcpy(g->prop[i].property, p->property, sizeof p->property);
    memcpy(g->prop[i].kind, p->kind, sizeof p->kind);
    g->n_prop++;
  }
  prop_sum *sum = &g->prop[i];
  sum->cases += p->cases;
  sum->passed += p->passed;
  sum->discarded += p->discarded;
  sum->failed += p->failed;
  sum->seconds += p->seconds;
  add_labels(sum, p->labels);
  return 0;
}

/* Write a group's combined row and property rows; 0 or -1 (msg). */
static int write_group(merge_state *s, group *g) {
  if (group_config(g) != 0) return snprintf(s->msg, sizeof s->msg, "merge: out of memory"), -1;
  if (db_put_run(s->to, &g->run, NULL, s->msg, sizeof s->msg) != 0) return -1;
  for (size_t i = 0; i < g->n_prop; i++) {
    prop_sum *p = &g->prop[i];
    char labels[MAX_LABELS * 56] = "";
    size_t len = 0;
    for (int j = 0; j < p->n_label; j++)
      len += (size_t)snprintf(labels + len, sizeof labels - len, "%s%s=%lld", len ? " " : "",
                              p->label[j].name, (long long)p->label[j].count);
    if (db_run_property(s->to, g->run.id, p->property, p->kind, p->cases, p->passed, p->discarded,
                        p->failed, p->seconds, labels, s->msg, sizeof s->msg) != 0)
      return -1;
  }
  return 0;
}

/* --- counterexamples ------------------------------------------------------ */

/* The time of a counterexample's latest event: its fix, or its last
** sighting. */
static const char *latest_event(const db_cex *c) {
  return !strcmp(c->status, "fixed") && c->fixed_at[0] ? c->fixed_at : c->last_seen;
}

typedef struct sightings {
  merge_state *s;
  int64_t to_cex, added, rows;
} sightings;

/* db_each_cex_run callback: copy one sighting of a run not skipped. */
static int copy_sighting(const db_cex_run *r, void *ud) {
  sightings *k = ud;
  const src_run *x = find_run(k->s, r->run_id);
  k->rows++;
  if (!x || x->skipped) return 0;
  db_cex_run out = *r;
  out.cex_id = k->to_cex;
  out.run_id = x->to_id;
  int added = 0;
  if (db_put_cex_run(k->s->to, &out, x->group >= 0, &added, k->s->msg, sizeof k->s->msg))
    return 1;
  if (added) k->added += r->sightings;
  return 0;
}

/* Copy the sightings of source counterexample from_id to target
** counterexample to_id; *added gets the sightings new to the target,
** *rows the source's rows.  0, or 1 (msg). */
static int copy_sightings(merge_state *s, int64_t from_id, int64_t to_id, int64_t *added,
                          int64_t *rows) {
  sightings k = {s, to_id, 0, 0};
  int rc = db_each_cex_run(s->from, from_id, 0, copy_sighting, &k, s->msg, sizeof s->msg);
  *added = k.added;
  *rows = k.rows;
  return rc ? 1 : 0;
}

/* 1 when the merged row out differs from the stored row have in a column
** that a merge sets (nothing else of out can differ). */
static int cex_changed(const db_cex *have, const db_cex *out) {
  return out->times_seen != have->times_seen || strcmp(out->triage, have->triage) ||
         strcmp(out->first_seen, have->first_seen) || strcmp(out->last_seen, have->last_seen) ||
         strcmp(out->status, have->status) || strcmp(out->fixed_at, have->fixed_at) ||
         out->first_run != have->first_run || out->last_run != have->last_run ||
         out->signature != have->signature || out->note != have->note ||
         out->message != have->message || out->original_input != have->original_input;
}

/* db_each_cex callback: copy a counterexample, or merge it with the one
** the target holds. */
static int merge_cex(const db_cex *c, void *ud) {
  merge_state *s = ud;
  int64_t added = 0, rows = 0;
  const src_run *first = find_run(s, c->first_run), *last = find_run(s, c->last_run);
  int64_t id;
  db_cex in = *c; /* borrows c's strings */
  in.first_run = first ? first->to_id : 0;
  in.last_run = last ? last->to_id : 0;
  int found = db_find_cex(s->to, c->property, c->sut, c->input, &id, s->msg, sizeof s->msg);
  if (found < 0) return 1;
  if (found == 1) {
    in.id = 0;
    if (db_write_cex(s->to, DB_CEX_COPY, &in, &id, NULL, s->msg, sizeof s->msg) != 0 ||
        copy_sightings(s, c->id, id, &added, &rows) != 0)
      return 1;
    s->cex_new++;
    return 0;
  }
  if (copy_sightings(s, c->id, id, &added, &rows) != 0) return 1;
  if (rows == 0 && !(last && last->skipped)) added = c->times_seen; /* no sightings recorded */
  db_cex have;
  if (db_get_cex(s->to, id, &have, s->msg, sizeof s->msg) != 0) {
    db_cex_clear(&have);
    return 1;
  }
  db_cex out = have; /* borrows have's and in's strings: freed through have only */
  out.times_seen = have.times_seen + added;
  if (!strcmp(in.triage, "known")) memcpy(out.triage, in.triage, sizeof out.triage);
  if (!out.signature) out.signature = in.signature;
  if (!out.note) out.note = in.note;
  if (strcmp(in.first_seen, have.first_seen) < 0) {
    memcpy(out.first_seen, in.first_seen, sizeof out.first_seen);
    memcpy(out.seed, in.seed, sizeof out.seed);
    out.first_run = in.first_run;
    out.original_input = in.original_input;
    out.choices = in.choices;
  }
  if (strcmp(in.last_seen, have.last_seen) > 0) {
    memcpy(out.last_seen, in.last_seen, sizeof out.last_seen);
    out.last_run = in.last_run;
    if (in.message) out.message = in.message;
  }
  int later = strcmp(latest_event(&in), latest_event(&have));
  const db_cex *status_of = later > 0 ? &in : later < 0 ? &have : NULL;
  if (!status_of || !strcmp(status_of->status, "open")) {
    snprintf(out.status, sizeof out.status, "open");
    out.fixed_at[0] = 0;
  } else {
    snprintf(out.status, sizeof out.status, "fixed");
    memcpy(out.fixed_at, status_of->fixed_at, sizeof out.fixed_at);
  }
  int rc = 0;
  if (cex_changed(&have, &out))
    rc = db_write_cex(s->to, DB_CEX_COPY, &out, NULL, NULL, s->msg, sizeof s->msg);
  if (rc == 0) ++*(cex_changed(&have, &out) ? &s->cex_updated : &s->cex_unchanged);
  db_cex_clear(&have);
  return rc ? 1 : 0;
}

/* --- the command ---------------------------------------------------------- */

/* Warn on stderr about each combined run that lacks some of its shards
** (K of N given): its counts cover only the properties of those shards. */
static void warn_incomplete(const merge_state *s) {
  for (size_t i = 0; i < s->n_groups; i++) {
    const group *g = &s->groups[i];
    if ((int64_t)g->n_k >= g->n) continue;
    fprintf(stderr,
            "merge: warning: run %lld combines %zu of %lld shards (the batch of %s): the "
            "properties of the missing shards are not in it; give every shard of a batch to "
            "one merge\n",
            (long long)g->run.id, g->n_k, (long long)g->n, g->where);
  }
}

/* Merge one input (open read-only) into s->to; 0 or -1 with s->msg. */
static int merge_one(merge_state *s, const char *path) {
  db *from;
  s->from_path = path;
  if (db_open_readonly(path, &from, s->msg, sizeof s->msg)) return -1;
  s->from = from;
  s->n_runs = 0;
  int rc = db_each_run(from, merge_run, s, s->msg, sizeof s->msg);
  if (rc == 0) rc = db_each_run_property(from, 0, merge_prop, s, s->msg, sizeof s->msg);
  if (rc == 0) rc = db_each_cex(from, NULL, NULL, NULL, merge_cex, s, s->msg, sizeof s->msg);
  db_close(from);
  return rc ? -1 : 0;
}

/* 1 when paths a and b name the same existing file (hard links
** included), or are the same text. */
static int same_file(const char *a, const char *b) {
  struct stat x, y;
  if (!strcmp(a, b)) return 1;
  return stat(a, &x) == 0 && stat(b, &y) == 0 && x.st_dev == y.st_dev && x.st_ino == y.st_ino;
}

/* Free what the merge state holds. */
static void merge_free(merge_state *s) {
  for (size_t i = 0; i < s->n_groups; i++) {
    free(s->groups[i].key);
    free(s->groups[i].k);
    free(s->groups[i].prop);
    db_run_clear(&s->groups[i].run);
  }
  free(s->groups);
  free(s->runs);
  free(s->touched);
}

/* layoutcheck merge FILE.db... --into FILE.db; see the top of this file. */
int cmd_merge(int argc, char **argv) {
  const char *into = NULL;
  const char **from = calloc((size_t)argc + 1, sizeof *from);
  int n_from = 0, rc = 0;
  if (!from) return fputs("merge: out of memory\n", stderr), 2;
  const cli_opt opts[] = {CLI_VALUE("into", &into)};
  int prc = cli_parse(argc, argv, opts, 1, cli_help_usage("merge"), from, argc, &n_from);
  if (prc) {
    free(from);
    return prc == CLI_HELP ? 0 : prc;
  }
  if (!into || n_from == 0) {
    fputs(cli_help_usage("merge"), stderr);
    free(from);
    return 2;
  }
  for (int i = 0; i < n_from && !rc; i++) {
    if (same_file(from[i], into))
      rc = fprintf(stderr, "merge: %s is also the target (--into %s)\n", from[i], into);
    for (int j = 0; j < i && !rc; j++)
      if (same_file(from[i], from[j])) rc = fprintf(stderr, "merge: %s is given twice\n", from[i]);
  }
  if (rc) {
    free(from);
    return 2;
  }
  merge_state s;
  memset(&s, 0, sizeof s);
  for (int i = 0; i < n_from; i++) { /* refuse a bad input before creating the target */
    db *check;
    if (db_open_readonly(from[i], &check, s.msg, sizeof s.msg)) {
      fprintf(stderr, "%s\nnothing was merged into %s\n", s.msg, into);
      free(from);
      return 2;
    }
    db_close(check);
  }
  if (db_open(into, &s.to, s.msg, sizeof s.msg) || db_begin(s.to, s.msg, sizeof s.msg)) {
    fprintf(stderr, "%s\n", s.msg);
    db_close(s.to);
    free(from);
    return 2;
  }
  for (int i = 0; i < n_from && !rc; i++) rc = merge_one(&s, from[i]);
  for (size_t i = 0; i < s.n_groups && !rc; i++) rc = write_group(&s, &s.groups[i]);
  for (size_t i = 0; i < s.n_touched && !rc; i++) /* the true counts of the rows written */
    rc = db_run_recount(s.to, s.touched[i], NULL, s.msg, sizeof s.msg);
  if (!rc) rc = db_commit(s.to, s.msg, sizeof s.msg);
  if (rc) {
    db_rollback(s.to);
    fprintf(stderr, "%s\nnothing was merged into %s\n", s.msg, into);
  } else {
    printf("merged %d database%s into %s: %lld run%s copied, %lld shard run%s combined into "
           "%zu, %lld run%s merged before (skipped), %lld property row%s; counterexamples: "
           "%lld new, %lld updated, %lld unchanged\n",
           n_from, n_from == 1 ? "" : "s", into, (long long)s.runs_copied,
           s.runs_copied == 1 ? "" : "s", (long long)s.shard_runs, s.shard_runs == 1 ? "" : "s",
           s.n_groups, (long long)s.runs_skipped, s.runs_skipped == 1 ? "" : "s",
           (long long)s.prop_rows, s.prop_rows == 1 ? "" : "s", (long long)s.cex_new,
           (long long)s.cex_updated, (long long)s.cex_unchanged);
    if (s.runs_copied + s.shard_runs + s.cex_new + s.cex_updated == 0)
      printf("nothing changed: %s held all of it already\n", into);
    warn_incomplete(&s);
  }
  db_close(s.to);
  merge_free(&s);
  free(from);
  return rc ? 2 : 0;
}
