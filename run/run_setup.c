/*
** run_setup.c -- options, configuration and replay shared by fuzz,
** replay and show.
*/
#include "run_setup.h"

#include "cex_format.h"
#include "fuzz_report.h"
#include "run_find.h"

#include "diff.h"
#include "properties.h"
#include "case_line.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Parse a whole decimal number for option name; 0 or 2. */
static int parse_u64(const char *name, const char *s, uint64_t *v) {
  char *end;
  errno = 0;
  unsigned long long x = strtoull(s, &end, 10);
  if (!*s || *end || errno || s[0] == '-') {
    fprintf(stderr, "%s: expected a non-negative integer, found '%s'\n", name, s);
    return 2;
  }
  *v = x;
  return 0;
}

/* Parse option name's value s, seconds from 0 to 10^9, into *v; 0, or 2
** with the reason on stderr. */
static int parse_seconds(const char *name, const char *s, double *v) {
  char *end;
  double t = strtod(s, &end);
  if (!*s || *end || !(t >= 0) || t > 1e9)
    return fprintf(stderr, "%s: expected seconds >= 0, found '%s'\n", name, s), 2;
  *v = t;
  return 0;
}

/* Parse s, all decimal digits, into *v when it lies in [lo, hi]; 0 or -1. */
static int parse_range(const char *s, int64_t lo, int64_t hi, int64_t *v) {
  char *end;
  if (!s || *s < '0' || *s > '9') return -1;
  errno = 0;
  long long x = strtoll(s, &end, 10);
  if (*end || errno || x < lo || x > hi) return -1;
  *v = x;
  return 0;
}

/* The value of environment variable name, or NULL when unset or empty. */
static const char *env(const char *name) {
  const char *v = getenv(name);
  return v && *v ? v : NULL;
}

/* Shard from a Slurm array task: K = (ID - MIN) / STEP + 1 of COUNT. */
static int slurm_shard(const char *id_text, run_ctx *x) {
  int64_t id, count, min = 0, step = 1;
  const char *count_text = env("SLURM_ARRAY_TASK_COUNT"), *min_text = env("SLURM_ARRAY_TASK_MIN"),
             *step_text = env("SLURM_ARRAY_TASK_STEP");
  if (parse_range(id_text, 0, INT64_MAX, &id))
    return fprintf(stderr, "SLURM_ARRAY_TASK_ID: expected a task id, found '%s'\n", id_text), 2;
  if (!count_text || parse_range(count_text, 1, INT64_MAX, &count))
    return fprintf(stderr,
                   "SLURM_ARRAY_TASK_ID is set: SLURM_ARRAY_TASK_COUNT must be a count "
                   ">= 1, found '%s'\n",
                   count_text ? count_text : ""),
           2;
  if (min_text && parse_range(min_text, 0, id, &min))
    return fprintf(stderr, "SLURM_ARRAY_TASK_MIN: expected a task id <= %lld, found '%s'\n",
                   (long long)id, min_text),
           2;
  if (step_text && parse_range(step_text, 1, INT64_MAX, &step))
    return fprintf(stderr, "SLURM_ARRAY_TASK_STEP: expected a step >= 1, found '%s'\n", step_text),
           2;
  if ((id - min) % step || (id - min) / step >= count)
    return fprintf(stderr,
                   "SLURM_ARRAY_TASK_ID=%s is not task 1..%lld of the array (min %lld, step %lld): "
                   "submit the array as a range, --array=0-%lld or --array=1-%lld\n",
                   id_text, (long long)count, (long long)min, (long long)step, (long long)count - 1,
                   (long long)count),
           2;
  x->shard_k = (id - min) / step + 1;
  x->shard_n = count;
  return 0;
}

/* Settle this process's shard in x from --shard K/N, else the environment
** of a Slurm array job or a Kubernetes indexed Job; 0 or 2. */
static int settle_shard(const run_opts *o, run_ctx *x) {
  const char *batch = env("SLURM_ARRAY_JOB_ID"), *index;
  x->shard_k = x->shard_n = 1;
  if (!batch) batch = env("LAYOUTCHECK_BATCH");
  snprintf(x->batch, sizeof x->batch, "%s", batch ? batch : "");
  for (char *ch = x->batch; *ch; ch++) /* a word: it goes into a YAML comment */
    if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._:-", *ch))
      *ch = '_';
  if (o->shard) {
    const char *slash = strchr(o->shard, '/');
    char k_text[32];
    if (slash && (size_t)(slash - o->shard) < sizeof k_text) {
      memcpy(k_text, o->shard, (size_t)(slash - o->shard));
      k_text[slash - o->shard] = 0;
      if (parse_range(slash + 1, 1, INT64_MAX, &x->shard_n) == 0 &&
          parse_range(k_text, 1, x->shard_n, &x->shard_k) == 0)
        return 0;
    }
    x->shard_k = x->shard_n = 1;
    return fprintf(stderr, "--shard: expected K/N with 1 <= K <= N, found '%s'\n", o->shard), 2;
  }
  if ((index = env("SLURM_ARRAY_TASK_ID"))) return slurm_shard(index, x);
  if ((index = env("JOB_COMPLETION_INDEX"))) {
    const char *count = env("LAYOUTCHECK_SHARDS");
    if (!count || parse_range(count, 1, INT64_MAX, &x->shard_n))
      return fprintf(stderr,
                     "JOB_COMPLETION_INDEX is set: LAYOUTCHECK_SHARDS must be the Job's "
                     "completions (a count >= 1), found '%s'\n",
                     count ? count : ""),
             2;
    if (parse_range(index, 0, x->shard_n - 1, &x->shard_k))
      return fprintf(stderr, "JOB_COMPLETION_INDEX: expected an index from 0 to %lld, found '%s'\n",
                     (long long)x->shard_n - 1, index),
             2;
    x->shard_k++;
  }
  return 0;
}

/* A shard's own database: PATH.db becomes PATH.shard-K-of-N.db (other
** names get the suffix appended); 0 or 2 when it does not fit. */
static int shard_db_path(config *c, const run_ctx *x) {
  char path[sizeof c->db];
  size_t len = strlen(c->db);
  int stem = len > 3 && !strcmp(c->db + len - 3, ".db") ? (int)len - 3 : (int)len;
  int w = snprintf(path, sizeof path, "%.*s.shard-%lld-of-%lld%s", stem, c->db,
                   (long long)x->shard_k, (long long)x->shard_n, c->db + stem);
  if (w < 0 || (size_t)w >= sizeof path)
    return fprintf(stderr, "%s: the path is too long for a shard's database\n", c->db), 2;
  memcpy(c->db, path, (size_t)w + 1);
  return 0;
}

/* Settle the configuration file into c->config_path: --config, else
** LAYOUTCHECK_CONFIG, else CONFIG.yaml found upward (run_find_upward);
** "" when there is none (the defaults).  0, or 2 with the reason. */
static int config_file(const run_opts *o, config *c) {
  char looked[8192];
  const char *named = o->config_path ? o->config_path : env("LAYOUTCHECK_CONFIG");
  c->config_path[0] = 0;
  if (named) {
    if (strlen(named) >= sizeof c->config_path)
      return fprintf(stderr, "--config: the path is too long\n"), 2;
    snprintf(c->config_path, sizeof c->config_path, "%s", named);
    return 0;
  }
  int rc =
      run_find_upward("CONFIG.yaml", c->config_path, sizeof c->config_path, looked, sizeof looked);
  if (rc < 0) return fprintf(stderr, "CONFIG.yaml: %s\n", looked), 2;
  if (rc) c->config_path[0] = 0;
  return 0;
}

/* Settle the database: --db, else LAYOUTCHECK_DB, else the configuration's
** db: as it is when the configuration is named (--config,
** LAYOUTCHECK_CONFIG), else found upward, else a new one beside a
** configuration found above the working directory, else in it,
** remembering where it was looked for (db_looked).  0 or 2. */
static int db_file(const run_opts *o, config *c) {
  char found[sizeof c->db], dir[sizeof c->db];
  const char *named = o->db ? o->db : env("LAYOUTCHECK_DB");
  c->db_looked[0] = 0;
  if (named) {
    if (strlen(named) >= sizeof c->db) return fprintf(stderr, "--db: the path is too long\n"), 2;
    snprintf(c->db, sizeof c->db, "%s", named);
    return 0;
  }
  if (o->config_path || env("LAYOUTCHECK_CONFIG")) return 0; /* relative to the working directory */
  int rc = run_find_upward(c->db, found, sizeof found, c->db_looked, sizeof c->db_looked);
  if (rc < 0) return fprintf(stderr, "%s: %s\n", c->db, c->db_looked), 2;
  if (rc == 0) return snprintf(c->db, sizeof c->db, "%s", found), 0;
  run_dir_of(c->config_path, dir, sizeof dir);
  if (c->db[0] != '/' && dir[0] && strcmp(dir, ".")) { /* a new one beside the configuration */
    int w = snprintf(found, sizeof found, "%s/%s", dir, c->db);
    if (w < 0 || (size_t)w >= sizeof found) return fprintf(stderr, "db: the path is too long\n"), 2;
    memcpy(c->db, found, (size_t)w + 1);
  }
  return 0;
}

/* Say on stderr that c's database, searched for, was not found, and
** where it was looked for; see run_setup.h. */
int run_db_missing(const config *c) {
  if (!c->db_looked[0] || access(c->db, F_OK) == 0) return 0;
  fprintf(stderr, "%s: not found in %s; give --db FILE or set LAYOUTCHECK_DB\n", c->db,
          c->db_looked);
  return 2;
}

/* The database path of a reading command; see run_setup.h. */
int run_db_path(const char *db_arg, const char *config_arg, char *path, size_t cap) {
  run_opts o;
  run_ctx x;
  config c;
  memset(&o, 0, sizeof o);
  o.db = db_arg;
  o.config_path = config_arg;
  if (run_load_config(&o, &c, &x) || run_db_missing(&c)) return 2;
  if ((size_t)snprintf(path, cap, "%s", c.db) >= cap)
    return fprintf(stderr, "db: the path %s is too long\n", c.db), 2;
  return 0;
}

/* Load the configuration, apply the overrides, settle the shard; see
** run_setup.h. */
int run_load_config(const run_opts *o, config *c, run_ctx *x) {
  char msg[512];
  memset(x, 0, sizeof *x);
  x->shard_k = x->shard_n = 1;
  config_defaults(c);
  if (config_file(o, c)) return 2;
  if (c->config_path[0] && config_load(c->config_path, c, msg, sizeof msg)) {
    fprintf(stderr, "%s\n", msg);
    return 2;
  }
  uint64_t v;
  if (o->property) snprintf(c->property, sizeof c->property, "%s", o->property);
  if (db_file(o, c)) return 2;
  c->console = o->verbose ? CONSOLE_VERBOSE : o->quiet ? CONSOLE_QUIET : CONSOLE_REPORT;
  if ((c->color = fuzz_report_color(o->color, stdout)) < 0)
    return fprintf(stderr, "--color: expected auto, always or never, found '%s'\n", o->color), 2;
  if (o->duration) {
    if (parse_seconds("--duration", o->duration, &c->duration)) return 2;
    if (c->duration <= 0) return fprintf(stderr, "--duration: expected seconds > 0\n"), 2;
    if (o->budget) return fprintf(stderr, "--duration and --budget: give one of them\n"), 2;
    c->budget = c->duration;
    if (!o->cases) c->cases = INT64_MAX / 4; /* the time decides, not the cases */
  }
  if (o->seed) {
    if (parse_u64("--seed", o->seed, &c->seed)) return 2;
    c->has_seed = 1;
  }
  if (o->cases) {
    if (parse_u64("--cases", o->cases, &v)) return 2;
    if (v < 1 || v > INT64_MAX) return fprintf(stderr, "--cases: must be at least 1\n"), 2;
    c->cases = (int64_t)v;
  }
  if (o->known) {
    if (strlen(o->known) >= sizeof c->known)
      return fprintf(stderr, "--known: the path is too long\n"), 2;
    snprintf(c->known, sizeof c->known, "%s", o->known);
  }
  if (o->budget && parse_seconds("--budget", o->budget, &c->budget)) return 2;
  if (o->time && parse_seconds("--time", o->time, &c->time)) return 2;
  if (o->no_isolate) c->isolate = 0;
  if (o->sut) snprintf(c->sut, sizeof c->sut, "%s", o->sut);
  if (o->postconditions) {
    if (!c->sut[0])
      return fprintf(stderr, "--postconditions: needs --sut COMMAND (on the oracle alone, "
                             "--property 'wp.*' runs them)\n"),
             2;
    c->sut_postconditions = 1;
  }
  if (o->ops) {
    char why[512];
    if (diff_ops_check(o->ops, why, sizeof why)) return fprintf(stderr, "--ops: %s\n", why), 2;
    snprintf(c->sut_ops, sizeof c->sut_ops, "%s", o->ops);
  }
  if (o->window) {
    if (parse_u64("--window", o->window, &v)) return 2;
    if (v < 1 || v > CONFIG_MAX_WINDOW)
      return fprintf(stderr, "--window: expected 1 to %d requests, found '%s'\n", CONFIG_MAX_WINDOW,
                     o->window),
             2;
    c->sut_window = (int64_t)v;
  }
  if (o->layer) {
    if (strcmp(o->layer, "plain") && strcmp(o->layer, "cute"))
      return fprintf(stderr, "--layer: expected plain or cute, found '%s'\n", o->layer), 2;
    snprintf(c->sut_layer, sizeof c->sut_layer, "%s", o->layer);
  }
  if (o->sut_bounds) {
    char why[512];
    if (config_sut_bounds(c, o->sut_bounds, why, sizeof why))
      return fprintf(stderr, "--sut-bounds: %s\n", why), 2;
  }
  if (settle_shard(o, x)) return 2;
  if (x->shard_n > 1 && !c->has_seed) {
    if (!x->batch[0])
      return fprintf(stderr,
                     "shard %lld/%lld: the shards must share a seed: give --seed or seed: "
                     "in the configuration (or set LAYOUTCHECK_BATCH)\n",
                     (long long)x->shard_k, (long long)x->shard_n),
             2;
    c->seed = gen_case_seed(0, x->batch, 0); /* the same in every shard of the batch */
    c->has_seed = 1;
  }
  if (x->shard_n > 1 && !o->db) return shard_db_path(c, x);
  return 0;
}

/* Say why the run of `name` (a property or an op) stopped early, if it did
** (r's capped or repeats_stop under g); see run_setup.h. */
void run_print_stops(const char *name, const gen_result *r, const gen_config *g) {
  if (r->capped)
    printf("  note: %s: stopped at max_distinct = %lld distinct failures\n", name,
           (long long)g->max_distinct);
  if (r->repeats_stop)
    printf("  note: %s: stopped after %lld failures in a row of signatures met before\n", name,
           (long long)g->max_repeats);
}

/* The time limit of the next of `left` properties under the run's budget;
** see run_setup.h.
** (g->run_progress.deadline; 0: none): an equal share of what is left,
** or the per-property time when that is smaller.  Returns -1 when the
** budget is spent. */
double run_share(const gen_config *g, int64_t left) {
  double deadline = g->run_progress.deadline;
  if (deadline <= 0) return g->time;
  double rest = deadline - gen_now();
  if (rest <= 0.05) return -1;
  double share = rest / (double)(left > 0 ? left : 1);
  return g->time > 0 && g->time < share ? g->time : share;
}

/* The engine's configuration; see run_setup.h. */
void run_engine_config(const config *c, const run_ctx *x, gen_config *g) {
  memset(g, 0, sizeof *g);
  g->seed = c->seed;
  g->cases = c->cases;
  g->time = c->time;
  g->case_timeout = c->case_timeout;
  g->isolate = c->isolate;
  g->shrink_limit = c->shrink_limit;
  g->max_distinct = c->max_distinct;
  g->shrink_budget = c->shrink_budget;
  g->max_repeats = c->max_repeats;
  g->bounds.max_rank = c->max_rank;
  g->bounds.max_depth = c->max_depth;
  g->bounds.max_entry = c->max_entry;
  g->bounds.max_stride = c->max_stride;
  g->bounds.max_size = c->max_size;
  if (c->sut[0]) { /* what the system under test accepts: the differential run only */
    g->bounds.sut_on = 1;
    g->bounds.sut_no_empty = !c->sut_empty_layout;
    g->bounds.sut_min_rank = c->sut_min_rank;
    g->bounds.sut_max_rank = c->sut_max_rank;
    g->bounds.sut_max_depth = c->sut_max_depth;
    g->bounds.sut_no_tilers = !c->sut_tilers;
    g->bounds.sut_forms_off = (c->sut_int_operand ? 0 : GEN_FORM_INT_OPERAND) |
                              (c->sut_shape_operand ? 0 : GEN_FORM_SHAPE_OPERAND) |
                              (c->sut_int_entries ? 0 : GEN_FORM_INT_ENTRY) |
                              (c->sut_nested_tilers ? 0 : GEN_FORM_NESTED_ENTRY) |
                              (c->sut_underscore ? 0 : GEN_FORM_UNDERSCORE) |
                              (c->sut_cotarget_shape ? 0 : GEN_FORM_COTARGET_SHAPE) |
                              (c->sut_cotarget_layout ? 0 : GEN_FORM_COTARGET_LAYOUT) |
                              (c->sut_swizzles ? 0 : GEN_FORM_SWIZZLE) |
                              (c->sut_composed ? 0 : GEN_FORM_COMPOSED) |
                              (c->sut_smem_ptr ? 0 : GEN_FORM_SMEM_PTR) |
                              (c->sut_swizzle_edge ? 0 : GEN_FORM_SWIZZLE_EDGE);
  }
  g->shard_index = x->shard_k - 1;
  g->shard_count = x->shard_n;
}

/* conj_taken_fn: the built-in property names. */
static int is_builtin(const char *name, void *ud) {
  (void)ud;
  return prop_find(name) != NULL;
}

/* Load every conjecture file of c into one set; see run_setup.h. */
int run_load_properties(const run_opts *o, const config *c, run_ctx *x) {
  char msg[1024], path[2048];
  const char *cfg = c->config_path[0] ? c->config_path : NULL,
             *slash = cfg ? strrchr(cfg, '/') : NULL;
  (void)o;
  run_free_properties(x);
  if (c->n_conjecture_files == 0) return 0;
  if (!(x->loaded = conj_set_new())) return fprintf(stderr, "out of memory\n"), 2;
  for (int i = 0; i < c->n_conjecture_files; i++) {
    const char *file = c->conjecture_files[i];
    if (file[0] == '/' || !slash)
      snprintf(path, sizeof path, "%s", file);
    else
      snprintf(path, sizeof path, "%.*s/%s", (int)(slash - cfg), cfg, file);
    if (conj_set_load(x->loaded, path, is_builtin, NULL, msg, sizeof msg)) {
      fprintf(stderr, "%s\n", msg);
      run_free_properties(x);
      return 2;
    }
  }
  return 0;
}

/* Drop the loaded conjectures; see run_setup.h. */
void run_free_properties(run_ctx *x) {
  conj_set_free(x->loaded);
  x->loaded = NULL;
}

/* The built-in properties, then the loaded ones. */
int run_property_count(const run_ctx *x) { return prop_count() + conj_set_count(x->loaded); }

/* Property i of that list, or NULL past its end. */
const gen_property *run_property_at(const run_ctx *x, int i) {
  return i < prop_count() ? prop_at(i) : conj_set_at(x->loaded, i - prop_count());
}

/* A built-in property first, else a loaded one. */
const gen_property *run_find_property(const run_ctx *x, const char *name) {
  const gen_property *p = prop_find(name);
  return p ? p : conj_set_find(x->loaded, name);
}

typedef struct replay_state {
  db *d;
  int64_t run_id;
  const gen_config *g;
  const run_ctx *x;
  FILE *out;
  replay_counts n;
  int error;
} replay_state;

/* Re-check one stored counterexample. */
static int replay_one(const db_cex *c, void *ud) {
  replay_state *s = ud;
  char op[64], msg[512], err[512];
  gen_case k;
  const gen_property *p = run_find_property(s->x, c->property);
  if (!p) {
    fprintf(s->out, "  #%lld %s: no such property in this build; left as it is\n", (long long)c->id,
            c->property);
    s->n.unchecked++;
    return 0;
  }
  if (case_line_read(c->input, &k, op, sizeof op)) {
    fprintf(s->out, "  #%lld %s: stored input does not parse; left as it is\n", (long long)c->id,
            c->property);
    s->n.unchecked++;
    return 0;
  }
  gen_verdict v = gen_check_once(s->g, p, &k, msg, sizeof msg);
  char vars[4 * GEN_ARG_LEN + 64];
  cex_vars_text(p, &k, vars, sizeof vars);
  if (v == GEN_FAIL) {
    char sig[GEN_SIG_LEN];
    int known = strcmp(c->triage, "known") == 0;
    gen_signature(s->g, p, msg, sig, sizeof sig);
    if (db_cex_seen(s->d, c->id, s->run_id, msg, sig, err, sizeof err)) {
      fprintf(stderr, "%s\n", err);
      s->error = 1;
      return 1;
    }
    if (known)
      s->n.known++;
    else if (p->kind == GEN_THEOREM)
      s->n.still++;
    else
      s->n.refuted++;
    fprintf(s->out, "  #%lld %s %s: %s\n    %s\n", (long long)c->id,
            known                    ? "known, still fails"
            : p->kind == GEN_THEOREM ? "STILL FAILS"
                                     : "still refuted",
            c->property, vars, msg);
    cex_print_commands(s->out, "    ", p, &k, c->id);
  } else if (v == GEN_PASS) {
    if (db_cex_fixed(s->d, c->id, s->run_id, err, sizeof err)) {
      fprintf(stderr, "%s\n", err);
      s->error = 1;
      return 1;
    }
    s->n.fixed++;
    fprintf(s->out, "  #%lld fixed %s: %s\n", (long long)c->id, c->property, vars);
  } else {
    fprintf(s->out, "  #%lld %s: %s: discarded now (%s); left as it is\n", (long long)c->id,
            c->property, vars, msg);
    s->n.unchecked++;
  }
  return 0;
}

/* Re-check the stored counterexamples; see run_setup.h. */
int run_replay(db *d, int64_t run_id, const gen_config *g, const run_ctx *x, const char *glob,
               FILE *out, replay_counts *n) {
  char msg[512];
  replay_state s = {d, run_id, g, x, out, {0, 0, 0, 0, 0}, 0};
  int rc = db_each_cex(d, glob, "", "open", replay_one, &s, msg, sizeof msg);
  if (rc < 0) fprintf(stderr, "%s\n", msg);
  *n = s.n;
  return rc < 0 || s.error ? 2 : 0;
}

/* Re-check one stored counterexample; see run_setup.h. */
int run_replay_id(db *d, int64_t id, const gen_config *g, const run_ctx *x, FILE *out,
                  replay_counts *n) {
  char msg[512];
  db_cex c;
  replay_state s = {d, 0, g, x, out, {0, 0, 0, 0, 0}, 0};
  memset(&c, 0, sizeof c);
  int rc = db_get_cex(d, id, &c, msg, sizeof msg);
  if (rc) {
    fprintf(stderr, "%s\n", msg);
    db_cex_clear(&c);
    return rc == 1 ? 1 : 2;
  }
  if (c.sut && c.sut[0]) {
    fprintf(stderr,
            "replay: #%lld is a disagreement of the system under test %s: `layoutcheck replay "
            "--sut COMMAND` asks it again\n",
            (long long)id, c.sut);
    db_cex_clear(&c);
    return 2;
  }
  replay_one(&c, &s);
  db_cex_clear(&c);
  *n = s.n;
  return s.error ? 2 : 0;
}
