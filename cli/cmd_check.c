/*
** cmd_check.c -- `layoutcheck check PROPERTY NAME=VALUE...`: check one
** case of a property, given by its variables, as a counterexample prints
** it ("reproduce: ..."); and `layoutcheck replay ID`: re-check one stored
** counterexample (the rest of `replay` is cmd_fuzz.c's).
**
** check exits 0 when the case passes, 1 when it fails (a theorem fails or
** a conjecture is refuted), 2 on a usage error: an unknown property, a
** variable missing, unknown, given twice or not in the syntax of `eval`, a
** case outside the property's hypotheses (its check discards it) or one
** its check cannot read.
*/
#include "cex_format.h"
#include "cli.h"
#include "cli_help.h"
#include "cli_run.h"
#include "cli_opts.h"
#include "run_setup.h"

#include "lo.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The variables of p, "L N", into buf (for messages). */
static void names_text(const gen_property *p, int argc, char *buf, size_t cap) {
  char names[GEN_MAX_ARGS][CEX_NAME_LEN];
  size_t len = 0;
  buf[0] = 0;
  cex_var_names(p, argc, names);
  for (int i = 0; i < argc && len < cap; i++)
    len += (size_t)snprintf(buf + len, cap - len, "%s%s", i ? " " : "", names[i]);
}

/* 1 when s is a value in the syntax of `eval` (an integer, tuple, layout,
** morphism, swizzle or composed layout that parses). */
static int is_value(const char *s) {
  lo_err e;
  lo_layout l;
  lo_tuple t;
  lo_morphism f;
  lo_swizzle sw;
  lo_composed c;
  switch (lo_kind_of(s)) {
  case LO_KIND_SWIZZLE: return lo_parse_swizzle(s, &sw, &e) == LO_OK;
  case LO_KIND_COMPOSED: return lo_parse_composed(s, &c, &e) == LO_OK;
  case LO_KIND_LAYOUT:
  case LO_KIND_TILER: return lo_parse_layout(s, &l, &e) == LO_OK;
  case LO_KIND_MORPHISM: return lo_parse_morphism(s, &f, &e) == LO_OK;
  default: return lo_parse_tuple(s, &t, &e) == LO_OK;
  }
}

/* Bind the NAME=VALUE words w[0..n) to the variables of p into k.  0, or
** 2 with what is wrong on stderr. */
static int bind_case(const gen_property *p, const char *const *w, int n, gen_case *k) {
  char names[GEN_MAX_ARGS][CEX_NAME_LEN], all[GEN_MAX_ARGS * CEX_NAME_LEN];
  int argc = cex_arity(p), given[GEN_MAX_ARGS] = {0};
  if (argc < 0 || argc > GEN_MAX_ARGS)
    return fprintf(stderr, "check: %s: its generator '%s' is unknown\n", p->name, p->generator), 2;
  cex_var_names(p, argc, names);
  names_text(p, argc, all, sizeof all);
  memset(k, 0, sizeof *k);
  k->argc = argc;
  for (int i = 0; i < n; i++) {
    const char *eq = strchr(w[i], '=');
    int v = -1;
    if (!eq)
      return fprintf(stderr, "check: expected NAME=VALUE, found '%s' (%s's variables: %s)\n", w[i],
                     p->name, all),
             2;
    for (int j = 0; j < argc; j++)
      if (strlen(names[j]) == (size_t)(eq - w[i]) && !strncmp(names[j], w[i], eq - w[i])) v = j;
    if (v < 0)
      return fprintf(stderr, "check: %s has no variable '%.*s' (its variables: %s)\n", p->name,
                     (int)(eq - w[i]), w[i], all),
             2;
    if (given[v]++) return fprintf(stderr, "check: variable %s is given twice\n", names[v]), 2;
    if (!eq[1] || strlen(eq + 1) >= GEN_ARG_LEN)
      return fprintf(stderr, "check: variable %s: the value is %s\n", names[v],
                     eq[1] ? "too long" : "empty"),
             2;
    memcpy(k->argv[v], eq + 1, strlen(eq + 1) + 1);
  }
  for (int j = 0; j < argc; j++)
    if (!given[j])
      return fprintf(stderr, "check: %s: variable %s is missing (its variables: %s)\n", p->name,
                     names[j], all),
             2;
  return 0;
}

/* Check the bound case k of p as the configuration says (isolated or
** not) and print the verdict; the exit status. */
static int check_case(const config *c, const run_ctx *x, const gen_property *p, const gen_case *k) {
  gen_config g;
  char msg[512], vars[4 * GEN_ARG_LEN + 64];
  run_engine_config(c, x, &g);
  gen_verdict v = gen_check_once(&g, p, k, msg, sizeof msg);
  cex_vars_text(p, k, vars, sizeof vars);
  if (v == GEN_PASS || v == GEN_FAIL)
    printf("%s (%s): %s\n", p->name, p->kind == GEN_THEOREM ? "theorem" : "conjecture", vars);
  switch (v) {
  case GEN_PASS: printf("passed\n"); return 0;
  case GEN_FAIL:
    printf("%s: %s\n", p->kind == GEN_THEOREM ? "FAILED" : "refuted", msg);
    return 1;
  case GEN_DISCARD:
    fprintf(stderr, "check: %s: the case is outside %s's hypotheses (its check discards it)%s%s\n",
            vars, p->name, msg[0] ? ": " : "", msg);
    return 2;
  default: break;
  }
  char names[GEN_MAX_ARGS][CEX_NAME_LEN];
  cex_var_names(p, k->argc, names);
  for (int i = 0; i < k->argc; i++)
    if (!is_value(k->argv[i])) {
      fprintf(stderr,
              "check: variable %s = '%s' is not a value `eval` reads (an integer, tuple, layout "
              "or morphism): %s\n",
              names[i], k->argv[i], msg);
      return 2;
    }
  fprintf(stderr, "check: %s cannot read these values: %s\n", p->name, msg);
  return 2;
}

/* `layoutcheck check PROPERTY NAME=VALUE...`: see the top of this file. */
int cmd_check(int argc, char **argv) {
  run_opts o;
  config c;
  run_ctx x = {0};
  const char *pos[1 + GEN_MAX_ARGS + 4];
  int npos;
  memset(&o, 0, sizeof o);
  const cli_opt opts[] = {CLI_VALUE("config", &o.config_path),
                          CLI_FLAG("no-isolate", 0, &o.no_isolate)};
  int rc = cli_parse(argc, argv, opts, 2, cli_help_usage("check"), pos,
                     (int)(sizeof pos / sizeof pos[0]), &npos);
  if (rc) return rc == CLI_HELP ? 0 : rc;
  if (npos < 1) return fputs(cli_help_usage("check"), stderr), 2;
  rc = 2;
  if (run_load_config(&o, &c, &x) == 0 && run_load_properties(&o, &c, &x) == 0) {
    const gen_property *p = run_find_property(&x, pos[0]);
    gen_case k;
    if (!p && strncmp(pos[0], "sut.", 4) == 0)
      fprintf(stderr,
              "check: %s is a system under test's disagreement: `layoutcheck replay --sut "
              "COMMAND` asks it again\n",
              pos[0]);
    else if (!p)
      fprintf(stderr, "check: no property '%s' (`layoutcheck list` lists them)\n", pos[0]);
    else if (bind_case(p, pos + 1, npos - 1, &k) == 0)
      rc = check_case(&c, &x, p, &k);
  }
  run_free_properties(&x);
  return rc;
}

/* Replay counterexample id_text of the database c names; the exit
** status: 0 fixed, 1 still failing, 2 an error or no such row,
** REPLAY_UNCHECKED when it could not be checked. */
static int replay_one(const config *c, const run_ctx *x, const char *id_text) {
  gen_config g;
  db *d;
  char msg[512], *end;
  long long id = strtoll(id_text, &end, 10);
  if (!*id_text || *end || id <= 0)
    return fprintf(stderr, "replay: expected a counterexample id (a number), found '%s'\n", id_text),
           2;
  run_engine_config(c, x, &g);
  if (db_open(c->db, &d, msg, sizeof msg)) return fprintf(stderr, "%s\n", msg), 2;
  replay_counts n = {0};
  int rc = run_replay_id(d, id, &g, x, stdout, &n);
  db_close(d);
  if (rc) return 2;
  printf("%d still failing (%d theorem, %d conjecture), %d known, %d fixed\n",
         n.still + n.refuted, n.still, n.refuted, n.known, n.fixed);
  if (n.unchecked) printf("not checked (left as it is, see above)\n");
  return n.still + n.refuted + n.known ? 1 : n.unchecked ? REPLAY_UNCHECKED : 0;
}

/* `layoutcheck replay ...`: one stored counterexample when an ID is given
** (positional or --id), else every one (cmd_replay). */
int cmd_replay_any(int argc, char **argv) {
  run_opts o;
  config c;
  run_ctx x = {0};
  const char *id_text;
  int rc = cli_run_args(argc, argv, &o, &id_text, cli_help_usage("replay"));
  if (rc) return rc == CLI_HELP ? 0 : rc;
  if (!id_text) return cmd_replay(argc, argv);
  if (o.sut || o.property || o.window)
    return fprintf(stderr, "replay: an ID names one counterexample: --sut, --property and --window "
                           "do not apply\n%s",
                   cli_help_usage("replay")),
           2;
  rc = 2;
  if (run_load_config(&o, &c, &x) == 0 && run_load_properties(&o, &c, &x) == 0)
    rc = replay_one(&c, &x, id_text);
  run_free_properties(&x);
  return rc;
}
