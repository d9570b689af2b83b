/*
** run_setup.c -- options, configuration and replay shared by fuzz,
** replay and show.
*/
#include "run_setup.h"

#include "properties.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int run_parse_args(int argc, char **argv, run_opts *o, const char **positional, const char *usage) {
  memset(o, 0, sizeof *o);
  if (positional) *positional = NULL;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    const char **slot = NULL;
    if (!strcmp(a, "--config"))
      slot = &o->config_path;
    else if (!strcmp(a, "--property"))
      slot = &o->property;
    else if (!strcmp(a, "--db"))
      slot = &o->db;
    else if (!strcmp(a, "--seed"))
      slot = &o->seed;
    else if (!strcmp(a, "--cases"))
      slot = &o->cases;
    else if (!strcmp(a, "--time"))
      slot = &o->time;
    else if (!strcmp(a, "--no-isolate")) {
      o->no_isolate = 1;
      continue;
    } else if (a[0] != '-' && positional && !*positional) {
      *positional = a;
      continue;
    } else {
      fprintf(stderr, "%s: unknown argument '%s'\n%s", argv[0], a, usage);
      return 2;
    }
    if (i + 1 >= argc) {
      fprintf(stderr, "%s: %s needs a value\n%s", argv[0], a, usage);
      return 2;
    }
    *slot = argv[++i];
  }
  return 0;
}

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

int run_load_config(const run_opts *o, config *c) {
  char msg[512];
  config_defaults(c);
  const char *path = o->config_path;
  if (!path && access("CONFIG.yaml", F_OK) == 0) path = "CONFIG.yaml";
  if (path && config_load(path, c, msg, sizeof msg)) {
    fprintf(stderr, "%s\n", msg);
    return 2;
  }
  uint64_t v;
  if (o->property) snprintf(c->property, sizeof c->property, "%s", o->property);
  if (o->db) snprintf(c->db, sizeof c->db, "%s", o->db);
  if (o->seed) {
    if (parse_u64("--seed", o->seed, &c->seed)) return 2;
    c->has_seed = 1;
  }
  if (o->cases) {
    if (parse_u64("--cases", o->cases, &v)) return 2;
    if (v < 1 || v > INT64_MAX) return fprintf(stderr, "--cases: must be at least 1\n"), 2;
    c->cases = (int64_t)v;
  }
  if (o->time) {
    char *end;
    double t = strtod(o->time, &end);
    if (!*o->time || *end || !(t >= 0) || t > 1e9)
      return fprintf(stderr, "--time: expected seconds >= 0, found '%s'\n", o->time), 2;
    c->time = t;
  }
  if (o->no_isolate) c->isolate = 0;
  return 0;
}

void run_engine_config(const config *c, gen_config *g) {
  memset(g, 0, sizeof *g);
  g->seed = c->seed;
  g->cases = c->cases;
  g->time = c->time;
  g->case_timeout = c->case_timeout;
  g->isolate = c->isolate;
  g->shrink_limit = c->shrink_limit;
  g->bounds.max_rank = c->max_rank;
  g->bounds.max_depth = c->max_depth;
  g->bounds.max_entry = c->max_entry;
  g->bounds.max_stride = c->max_stride;
  g->bounds.max_size = c->max_size;
}

const gen_property *run_find_property(const char *name) { return prop_find(name); }

typedef struct replay_state {
  db *d;
  int64_t run_id;
  const gen_config *g;
  FILE *out;
  int still, refuted, fixed, error;
} replay_state;

/* Re-check one stored counterexample. */
static int replay_one(const db_cex *c, void *ud) {
  replay_state *s = ud;
  char op[64], msg[512], err[512];
  gen_case k;
  const gen_property *p = run_find_property(c->property);
  if (!p) {
    fprintf(s->out, "  #%lld %s: no such property in this build; left as it is\n", (long long)c->id,
            c->property);
    return 0;
  }
  if (gen_case_from_line(c->input, &k, op, sizeof op)) {
    fprintf(s->out, "  #%lld %s: stored input does not parse; left as it is\n", (long long)c->id,
            c->property);
    return 0;
  }
  gen_verdict v = gen_check_once(s->g, p, &k, msg, sizeof msg);
  if (v == GEN_FAIL) {
    if (db_cex_seen(s->d, c->id, s->run_id, msg, err, sizeof err)) {
      fprintf(stderr, "%s\n", err);
      s->error = 1;
      return 1;
    }
    if (p->kind == GEN_THEOREM)
      s->still++;
    else
      s->refuted++;
    fprintf(s->out, "  #%lld %s %s: %s\n    %s\n", (long long)c->id,
            p->kind == GEN_THEOREM ? "STILL FAILS" : "still refuted", c->property, c->input, msg);
  } else if (v == GEN_PASS) {
    if (db_cex_fixed(s->d, c->id, err, sizeof err)) {
      fprintf(stderr, "%s\n", err);
      s->error = 1;
      return 1;
    }
    s->fixed++;
    fprintf(s->out, "  #%lld fixed %s: %s\n", (long long)c->id, c->property, c->input);
  } else {
    fprintf(s->out, "  #%lld %s: %s: discarded now (%s); left as it is\n", (long long)c->id,
            c->property, c->input, msg);
  }
  return 0;
}

int run_replay(db *d, int64_t run_id, const gen_config *g, const char *glob, FILE *out,
               int *still_failing, int *refuted, int *fixed) {
  char msg[512];
  replay_state s = {d, run_id, g, out, 0, 0, 0, 0};
  int rc = db_each_cex(d, glob, "", "open", replay_one, &s, msg, sizeof msg);
  if (rc < 0) fprintf(stderr, "%s\n", msg);
  *still_failing = s.still;
  *refuted = s.refuted;
  *fixed = s.fixed;
  return rc < 0 || s.error ? 2 : 0;
}
