/*
** report_paste.c -- the report's counterexamples as people paste them:
** see report_paste.h.
*/
#include "report_paste.h"

#include "cex_format.h"
#include "config.h"
#include "diff.h"
#include "case_line.h"
#include "run_setup.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

enum { LINE_CAP = 8 * GEN_ARG_LEN + 256 };

/* The lines of one row c, whose case is k, into r->paste[i]: with its
** property p (NULL: a system under test's row, or a property this build
** lacks; bare then names the variables after the generator of a system
** under test's op, else A, B, ...).  buf holds 6 lines. */
static void fill_one(report *r, size_t i, const gen_property *p, const gen_property *bare,
                     const gen_case *k, char (*buf)[LINE_CAP]) {
  const db_cex *c = &r->cex[i];
  const gen_property *named = p ? p : bare;
  char names[GEN_MAX_ARGS][CEX_NAME_LEN];
  report_paste out = {0};
  size_t len = 0;
  cex_var_names(named, k->argc, names);
  buf[1][0] = 0;
  for (int j = 0; j < k->argc; j++)
    len += (size_t)snprintf(buf[1] + len, LINE_CAP - len, "%s%s", j ? " " : "", names[j]);
  if (cex_vars_text(named, k, buf[0], LINE_CAP) == 0) out.vars = buf[0];
  out.vals = buf[1];
  if (c->sut[0]) {
    out.again = "layoutcheck replay --sut COMMAND (asks the system under test again)";
    if (cex_eval_line(bare, k, buf[2], LINE_CAP)) out.eval = buf[2];
  } else if (p) {
    if (cex_check_command(p, k, buf[2], LINE_CAP) == 0) out.check = buf[2];
    if (cex_eval_line(p, k, buf[3], LINE_CAP)) out.eval = buf[3];
    snprintf(buf[4], LINE_CAP, "layoutcheck replay %lld", (long long)c->id);
    out.again = buf[4];
  }
  gen_case before;
  char op[64];
  if (c->original_input && !c->sut[0] &&
      case_line_read(c->original_input, &before, op, sizeof op) == 0 &&
      cex_vars_text(named, &before, buf[5], LINE_CAP) == 0)
    out.found = buf[5];
  report_set_paste(r, i, &out); /* out of memory: shown as stored */
}

/* Fill the paste lines; see report_paste.h. */
void report_paste_fill(report *r, const char *config_path) {
  run_opts o;
  config c;
  run_ctx x = {0};
  char msg[512], op[64];
  memset(&o, 0, sizeof o);
  o.config_path = config_path;
  config_defaults(&c);
  const char *file = config_path ? config_path : access("CONFIG.yaml", F_OK) == 0 ? "CONFIG.yaml" : NULL;
  if (file && config_load(file, &c, msg, sizeof msg) != 0)
    fprintf(stderr, "report: warning: %s; user conjectures are shown with variables A, B, ...\n", msg);
  else if (file && run_load_properties(&o, &c, &x) != 0)
    fprintf(stderr, "report: warning: the user conjectures could not be loaded (above); their "
                    "counterexamples are shown with variables A, B, ...\n");
  char (*buf)[LINE_CAP] = malloc(6 * sizeof *buf); /* the lines of fill_one */
  for (size_t i = 0; buf && i < r->n_cex; i++) {
    const db_cex *cx = &r->cex[i];
    gen_case k;
    if (case_line_read(cx->input, &k, op, sizeof op) != 0) continue;
    const diff_op *d = cx->sut[0] ? diff_op_find(op) : NULL; /* names like its generator's */
    gen_property bare = {.name = cx->property, .op = op, .generator = d ? d->generator : NULL};
    const gen_property *p = cx->sut[0] ? NULL : run_find_property(&x, cx->property);
    fill_one(r, i, p, &bare, &k, buf);
  }
  free(buf);
  run_free_properties(&x);
}
