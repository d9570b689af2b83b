/*
** cmd_show.c -- `layoutcheck show ID` (one stored counterexample, with
** its property and a picture of its layouts) and `layoutcheck list` (the
** properties).
*/
#include "cex_format.h"
#include "cli.h"
#include "cli_help.h"
#include "cli_run.h"
#include "run_setup.h"

#include "diff.h"
#include "properties.h"
#include "case_line.h"
#include "proto.h"

#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Print the offsets of a layout as CuTe's print_layout draws them: rows
** are the coordinates of mode 1, columns those of the other modes
** (colexicographic), each cell Phi at that coordinate. */
static void draw_layout(const lo_layout *l) {
  lo_int size, rows = 1, cols, v;
  lo_err e;
  if (lo_size(l, &size, &e)) return;
  if (lo_tuple_rank(&l->shape) >= 2 && !lo_tuple_is_int(&l->shape)) {
    lo_layout m;
    if (lo_layout_mode(l, 1, &m, &e) || lo_size(&m, &rows, &e)) return;
  } else {
    rows = size;
  }
  cols = size / rows;
  if (rows > 32 || cols > 32) {
    printf("    (%lld x %lld: too large to draw)\n", (long long)rows, (long long)cols);
    return;
  }
  printf("       ");
  for (lo_int j = 0; j < cols; j++) printf("%5lld", (long long)j);
  printf("\n");
  for (lo_int i = 0; i < rows; i++) {
    printf("    %2lld ", (long long)i);
    for (lo_int j = 0; j < cols; j++) {
      if (lo_apply(l, i + j * rows, &v, &e)) return;
      printf("%5lld", (long long)v);
    }
    printf("\n");
  }
}

/* Describe one argument of a stored case, the variable name. */
static void show_arg(const char *name, const char *s) {
  lo_err e;
  lo_int size, cosize;
  printf("  %s = %s\n", name, s);
  if (lo_kind_of(s) == LO_KIND_LAYOUT) {
    lo_layout l;
    if (lo_parse_layout(s, &l, &e) || lo_size(&l, &size, &e) || lo_cosize(&l, &cosize, &e)) return;
    printf("    size %lld, cosize %lld, rank %d, depth %d%s%s\n", (long long)size,
           (long long)cosize, lo_tuple_rank(&l.shape), lo_tuple_depth(&l.shape),
           lo_is_tractable(&l) ? ", tractable" : "", lo_is_compact(&l) ? ", compact" : "");
    draw_layout(&l);
  } else if (lo_kind_of(s) == LO_KIND_MORPHISM) {
    lo_morphism f;
    lo_layout l;
    char buf[1024];
    if (lo_parse_morphism(s, &f, &e)) return;
    for (int j = 0; j < f.dom.len; j++) {
      if (f.map[j])
        printf("    entry %d (%lld) -> position %d (%lld)\n", j + 1, (long long)f.dom.leaf[j],
               f.map[j], (long long)f.cod.leaf[f.map[j] - 1]);
      else
        printf("    entry %d (%lld) -> *\n", j + 1, (long long)f.dom.leaf[j]);
    }
    if (lo_morphism_layout(&f, &l, &e) == LO_OK && lo_print_layout(&l, buf, sizeof buf) == 0) {
      printf("    encodes L_f = %s\n", buf);
      draw_layout(&l);
    }
  }
}

/* The case k of stored row cx (its property p, NULL for a system under
** test's row or a property not in this build) as people paste it, then
** each value described under its variable's name. */
static void show_case(const gen_property *p, const db_cex *cx, const char *op, const gen_case *k) {
  char names[GEN_MAX_ARGS][CEX_NAME_LEN];
  int sut = cx->sut && cx->sut[0];
  const diff_op *d = sut ? diff_op_find(op) : NULL; /* names like its generator's */
  gen_property bare = {.name = cx->property, .op = op, .generator = d ? d->generator : NULL};
  if (p && !sut) {
    cex_print(stdout, "  ", p, k, cx->id);
  } else {
    char line[4 * GEN_ARG_LEN + 64];
    cex_vars_text(&bare, k, line, sizeof line);
    printf("  %s\n", line);
    if (sut)
      printf("  reproduce: layoutcheck replay --sut COMMAND (asks the system under test again)\n");
    else
      printf("  (no property %s in this build: it cannot be checked here)\n", cx->property);
    if (sut && cex_eval_line(&bare, k, line, sizeof line))
      printf("  eval: layoutcheck eval %s   (the oracle's side)\n", line);
  }
  cex_var_names(p && !sut ? p : &bare, k->argc, names);
  for (int i = 0; i < k->argc; i++) show_arg(names[i], k->argv[i]);
}

/* Print before, the stored text s escaped for the terminal (proto_escape:
** a stored row, a system under test's answer in a message, may hold
** terminal escapes), then after. */
static void put(const char *before, const char *s, const char *after) {
  fputs(before, stdout);
  proto_escape_write(stdout, s);
  fputs(after, stdout);
}

/* Does s hold a byte that is not printable ASCII (a tab aside)?  Such a
** stored input is shown escaped as it is, not parsed and drawn. */
static int needs_escape(const char *s) {
  for (; s && *s; s++) {
    unsigned char c = (unsigned char)*s;
    if ((c < 0x20 && c != '\t') || c >= 0x7f) return 1;
  }
  return 0;
}

/* "found as: A = ..., B = ..." for the case before shrinking (sut rows
** and unknown properties: as stored). */
static void show_found_as(const gen_property *p, const db_cex *cx) {
  char op[64], line[4 * GEN_ARG_LEN + 64];
  gen_case k;
  if (!cx->original_input) return;
  if (!p || (cx->sut && cx->sut[0]) || needs_escape(cx->original_input) ||
      case_line_read(cx->original_input, &k, op, sizeof op))
    put("  found as: ", cx->original_input, "\n");
  else if (cex_vars_text(p, &k, line, sizeof line) == 0)
    printf("  found as: %s\n", line);
}

/* `layoutcheck show ID` once the configuration and the conjectures are in
** c and x: print counterexample ID with its property and its arguments
** drawn.  0, 1 when there is no such counterexample, 2 on an error. */
static int show_cex(const config *c, const run_ctx *x, const char *id_text) {
  db *d;
  db_cex cx;
  char msg[512], op[64];
  char *end;
  long long id = id_text ? strtoll(id_text, &end, 10) : 0;
  if (!id_text) return fputs(cli_help_usage("show"), stderr), 2;
  if (*end || id <= 0 || end == id_text)
    return fprintf(stderr,
                   "show: the ID must be a positive number, found '%s' (`layoutcheck report` "
                   "lists the open counterexamples with their IDs)\n%s",
                   id_text, cli_help_usage("show")),
           2;
  if (run_db_missing(c)) return 2;
  if (db_open_readonly(c->db, &d, msg, sizeof msg)) return fprintf(stderr, "%s\n", msg), 2;
  memset(&cx, 0, sizeof cx);
  int rc = db_get_cex(d, id, &cx, msg, sizeof msg);
  db_close(d);
  if (rc) {
    fprintf(stderr, "%s\n", msg);
    db_cex_clear(&cx);
    return rc == 1 ? 1 : 2;
  }
  const gen_property *p = run_find_property(x, cx.property);
  printf("counterexample #%lld of ", id);
  put("", cx.property, " (");
  put("", cx.kind, "), ");
  /* open, known or fixed, in the words of report.h */
  put("",
      strcmp(cx.status, "open")     ? cx.status
      : !strcmp(cx.triage, "known") ? "known"
                                    : "open",
      "\n");
  if (p) printf("  statement: %s\n  source: %s\n", p->statement, p->source);
  put("  message: ", cx.message, "\n");
  show_found_as(p, &cx);
  put("  seed ", cx.seed, ", ");
  put("first seen ", cx.first_seen, ", ");
  put("last seen ", cx.last_seen, "");
  printf(", %lld time%s\n", (long long)cx.times_seen, cx.times_seen == 1 ? "" : "s");
  if (cx.sut && cx.sut[0]) put("  system under test: ", cx.sut, "\n");
  if (!strcmp(cx.triage, "known"))
    put(cx.note ? "  triaged known: " : "  triaged known", cx.note, "\n");
  if (cx.signature) put("  signature: ", cx.signature, "\n");
  gen_case k;
  if (needs_escape(cx.input))
    put("  input: ", cx.input, "\n");
  else if (case_line_read(cx.input, &k, op, sizeof op) == 0)
    show_case(p, &cx, op, &k);
  db_cex_clear(&cx);
  return 0;
}

/* `layoutcheck show ID`: see show_cex. */
int cmd_show(int argc, char **argv) {
  run_opts o;
  config c;
  run_ctx x = {0};
  const char *id_text;
  int rc = cli_run_args(argc, argv, &o, &id_text, cli_help_usage("show"));
  if (rc) return rc == CLI_HELP ? 0 : rc;
  rc = 2;
  if (run_load_config(&o, &c, &x) == 0 && run_load_properties(&o, &c, &x) == 0)
    rc = show_cex(&c, &x, id_text);
  run_free_properties(&x);
  return rc;
}

/* `layoutcheck list`: the properties, built-in and loaded, with their
** generator, source and statement. */
int cmd_list(int argc, char **argv) {
  run_opts o;
  config c;
  run_ctx x = {0};
  int rc = cli_run_args(argc, argv, &o, NULL, cli_help_usage("list"));
  if (rc) return rc == CLI_HELP ? 0 : rc;
  if (o.db || o.seed || o.cases || o.time || o.no_isolate)
    return fputs(cli_help_usage("list"), stderr), 2;
  if (run_load_config(&o, &c, &x) || run_load_properties(&o, &c, &x)) {
    run_free_properties(&x);
    return 2;
  }
  printf("%-28s %-10s %-22s %-40s %s\n", "property", "kind", "generator", "source", "statement");
  for (int i = 0; i < run_property_count(&x); i++) {
    const gen_property *p = run_property_at(&x, i);
    if (o.property && fnmatch(o.property, p->name, 0) != 0) continue;
    printf("%-28s %-10s %-22s %-40s %s\n", p->name,
           p->kind == GEN_THEOREM ? "theorem" : "conjecture", p->generator, p->source,
           p->statement);
  }
  run_free_properties(&x);
  return 0;
}
