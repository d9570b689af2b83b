/*
** cmd_lean_check.c -- `layoutcheck lean check FILE.lean`: run (or read the
** log of) a Lean formalization, translate every #eval into oracle calls
** and compare the answers, storing the verdicts in lean_checks.
*/
#include "cmd_lean.h"

#include "corpus_read.h"
#include "store.h"
#include "gen.h"
#include "lean_log.h"
#include "lean_map.h"
#include "lean_parse.h"
#include "proto.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

/* --- check ------------------------------------------------------------- */

typedef struct checker {
  const lean_map *m;
  const lean_file *f;
  const lean_log *log;
  lean_found *found;
  db *d;
  char run_at[32];
  int quiet;
  int agree, disagree, untranslatable, missing;
  int db_failed;
} checker;

/* Store one verdict in results.db (when open). */
static void record(checker *c, int line, const char *expr, const char *lean, const char *oracle,
                   const char *verdict) {
  char msg[512];
  if (!c->d || c->db_failed) return;
  if (db_record_lean_check(c->d, c->run_at, c->f->path, line, expr, lean, oracle, verdict, msg,
                           sizeof msg) != 0) {
    fprintf(stderr, "layoutcheck lean: %s\n", msg);
    c->db_failed = 1;
  }
}

/* Lean's side of one #eval: the log's message, else the #guard_msgs
** docstring's. */
typedef struct lean_side {
  int have, is_error; /* a value (or an error) was found; it is an error */
  const char *text;   /* the value's text: doc, or a string of the log */
  char doc[8192];     /* the docstring's message */
  char shown[2048];   /* the value on one line, "error: " before an error */
  char source[128];   /* "LOG:LINE" or "docstring" */
} lean_side;

/* Find Lean's side of #eval command cmd (found in the log as fd) in *ls. */
static void find_lean_side(const checker *c, const lean_cmd *cmd, const lean_found *fd,
                           lean_side *ls) {
  ls->have = 1;
  ls->is_error = 0;
  ls->doc[0] = ls->shown[0] = ls->source[0] = 0;
  ls->text = ls->doc;
  if (fd->value) {
    ls->text = fd->value;
    snprintf(ls->source, sizeof ls->source, "%s:%d", c->log->path, fd->log_line);
  } else if (fd->error) {
    ls->text = fd->error;
    snprintf(ls->source, sizeof ls->source, "%s:%d", c->log->path, fd->log_line);
    ls->is_error = 1;
  } else if (cmd->doc && lean_doc_message(cmd->doc, "info", ls->doc, sizeof ls->doc)) {
    snprintf(ls->source, sizeof ls->source, "docstring");
  } else if (cmd->doc && lean_doc_message(cmd->doc, "error", ls->doc, sizeof ls->doc)) {
    snprintf(ls->source, sizeof ls->source, "docstring");
    ls->is_error = 1;
  } else {
    ls->have = 0;
  }
  if (ls->have) {
    char one[1024];
    lean_one_line(ls->text, strlen(ls->text), one, sizeof one);
    snprintf(ls->shown, sizeof ls->shown, "%s%s", ls->is_error ? "error: " : "", one);
  }
}

/* Compare Lean's side ls with the oracle's answer to the translation tr
** (using lv for Lean's value): 0 agree, 1 disagree, 2 untranslatable
** (verdict says why), with the verdict and why the values differ. */
static int compare_sides(const checker *c, const lean_side *ls, const lean_translation *tr,
                         lean_value *lv, char *verdict, size_t vcap, char *why, size_t wcap) {
  char rwhy[256];
  if (ls->is_error) {
    memset(lv, 0, sizeof *lv);
    lv->type = tr->value.type;
    lv->error = 1;
    snprintf(lv->msg, sizeof lv->msg, "%.250s", ls->shown);
  } else if (lean_value_read(c->m, tr->value.type, ls->text, lv, rwhy, sizeof rwhy) != 0) {
    char tn[32];
    lean_type_name(tr->value.type, tn, sizeof tn);
    snprintf(verdict, vcap, "untranslatable: Lean's value is not read as %s: %s", tn, rwhy);
    return 2;
  }
  int same = lean_value_compare(tr->fn->compare, lv, &tr->value, why, wcap);
  snprintf(verdict, vcap, "%s", same ? "agree" : "DISAGREE");
  return same ? 0 : 1;
}

/* The oracle's side of #eval command cmd, translated in scope, against
** Lean's side ls: the state (0 agree, 1 disagree, 2 untranslatable, 3 no
** Lean value), the verdict, why they differ, the oracle's value shown. */
static int judge_eval(const checker *c, const lean_scope *scope, const lean_cmd *cmd,
                      const lean_side *ls, lean_translation *tr, lean_value *lv, char *verdict,
                      size_t vcap, char *why, size_t wcap, char *shown, size_t scap) {
  lean_expr *e = NULL;
  lean_error perr;
  int state;
  const char *text = c->f->text;
  if (lean_parse_term(text + cmd->body, cmd->body_end - cmd->body, lean_file_pos(c->f, cmd->body),
                      &e, &perr) != 0) {
    snprintf(verdict, vcap, "untranslatable: line %d, column %d: %s", perr.line, perr.col,
             perr.text);
    state = 2;
  } else {
    lean_translate(c->m, scope, c->f, e, tr);
    if (!tr->ok) {
      snprintf(verdict, vcap, "untranslatable: %s", tr->reason);
      state = 2;
    } else {
      lean_value_print(c->m, &tr->value, shown, scap);
      if (!ls->have) {
        snprintf(verdict, vcap, "no Lean value: %s",
                 c->log ? "the log has no message for this #eval and it has no docstring"
                        : "no docstring (pass Lean's output with --output LOG)");
        state = 3;
      } else {
        state = compare_sides(c, ls, tr, lv, verdict, vcap, why, wcap);
      }
    }
  }
  lean_expr_free(e);
  return state;
}

/* Check one #eval command (index k of the file): count, print and store
** its verdict. */
static void check_eval(checker *c, const lean_scope *scope, int k) {
  const lean_cmd *cmd = &c->f->cmds[k];
  int line = cmd->pos.line;
  char expr[512], oracle_shown[2048] = "", verdict[512], why[256] = "";
  lean_one_line(c->f->text + cmd->body, cmd->body_end - cmd->body, expr, sizeof expr);
  lean_side *ls = malloc(sizeof *ls);
  lean_translation *tr = calloc(1, sizeof *tr);
  lean_value *lv = malloc(sizeof *lv);
  if (!ls || !tr || !lv) {
    free(ls);
    free(tr);
    free(lv);
    fprintf(stderr, "layoutcheck lean: out of memory\n");
    c->untranslatable++;
    return;
  }
  find_lean_side(c, cmd, &c->found[k], ls);
  int state = judge_eval(c, scope, cmd, ls, tr, lv, verdict, sizeof verdict, why, sizeof why,
                         oracle_shown, sizeof oracle_shown);
  if (state == 0) c->agree++;
  if (state == 1) c->disagree++;
  if (state == 2) c->untranslatable++;
  if (state == 3) c->missing++;
  if (!c->quiet || state == 1) {
    static const char *const words[] = {"agree", "DISAGREE", "untranslatable", "no Lean value"};
    printf("%s:%d: %s\n", c->f->path, line, words[state]);
    printf("    #eval   %s\n", expr);
    if (ls->have) printf("    lean    %s    (%s)\n", ls->shown, ls->source);
    if (state != 2) printf("    oracle  %s    (%s)\n", oracle_shown, tr->request);
    if (state == 1 && why[0]) printf("    why     %s\n", why);
    if (state >= 2) printf("    why     %s\n", strchr(verdict, ':') + 2);
  }
  record(c, line, expr, ls->have ? ls->shown : NULL, state != 2 ? oracle_shown : NULL, verdict);
  free(ls);
  free(tr);
  free(lv);
}

/* The current time as results.db writes it. */
static void now_utc(char *buf, size_t cap) {
  time_t t = time(NULL);
  struct tm tm;
  if (gmtime_r(&t, &tm))
    strftime(buf, cap, "%Y-%m-%dT%H:%M:%SZ", &tm);
  else
    snprintf(buf, cap, "1970-01-01T00:00:00Z");
}

/* The options of `lean check`. */
typedef struct check_opts {
  const char *file, *log_path, *map_path, *db_path;
  lean_log_format fmt;
  int quiet, use_db;
} check_opts;

/* Parse the options of `lean check` into *o: 0, CLI_HELP after the usage
** on stdout, or 2 with a message. */
static int check_parse_args(int argc, char **argv, check_opts *o) {
  const char *fmt = NULL, *log_alias = NULL;
  int no_db = 0;
  const cli_opt opts[] = {
      CLI_VALUE("output", &o->log_path), CLI_VALUE("log", &log_alias),
      CLI_VALUE("log-format", &fmt),     CLI_VALUE("map", &o->map_path),
      CLI_VALUE("db", &o->db_path),      CLI_FLAG("no-db", 0, &no_db),
      CLI_FLAG("quiet", 'q', &o->quiet),
  };
  const char *pos[1];
  int npos;
  int rc = cli_parse(argc, argv, opts, (int)(sizeof opts / sizeof opts[0]), cmd_lean_usage, pos, 1,
                     &npos);
  if (rc) return rc;
  if (log_alias) o->log_path = log_alias;
  o->use_db = o->db_path && !no_db; /* a database only when asked for */
  if (fmt && lean_log_format_parse(fmt, &o->fmt) != 0) {
    fprintf(stderr,
            "layoutcheck lean check: --log-format: expected auto, json, plain or lake, found "
            "'%s'\n",
            fmt);
    return 2;
  }
  if (npos == 0) {
    fprintf(stderr, "%s", cmd_lean_usage);
    return 2;
  }
  o->file = pos[0];
  return 0;
}

/* Check every #eval of c->f in order, following its namespaces and opens
** in scope; print the summary.  0, 1 when one disagrees, 2 on an error. */
static int check_all(checker *c, lean_scope *scope) {
  const lean_file *f = c->f;
  int evals = 0;
  for (int k = 0; k < f->n; k++) {
    if (f->cmds[k].kind == LEAN_CMD_EVAL) {
      check_eval(c, scope, k);
      evals++;
    }
    if (lean_scope_command(scope, c->m, f, &f->cmds[k]) != 0) {
      fprintf(stderr, "layoutcheck lean: out of memory\n");
      return 2;
    }
  }
  printf("%s: %d #eval%s: %d agree, %d DISAGREE, %d untranslatable, %d without a Lean value\n",
         f->path, evals, evals == 1 ? "" : "s", c->agree, c->disagree, c->untranslatable,
         c->missing);
  return c->db_failed ? 2 : c->disagree ? 1 : 0;
}

/* lean check FILE.lean ... */
int cmd_lean_check(int argc, char **argv) {
  check_opts o = {.db_path = NULL, .fmt = LEAN_LOG_AUTO, .use_db = 0};
  int prc = check_parse_args(argc, argv, &o);
  if (prc) return prc == CLI_HELP ? 0 : prc;
  char msg[768];
  int status = 2;
  lean_map *m = cmd_lean_load_map(o.map_path);
  lean_file *f = NULL;
  lean_log *log = NULL;
  lean_found *found = NULL;
  db *d = NULL;
  lean_scope scope;
  lean_scope_init(&scope);
  if (!m) goto done;
  if (lean_file_read(o.file, &f, msg, sizeof msg) != 0) {
    fprintf(stderr, "%s\n", msg);
    goto done;
  }
  if (o.log_path && lean_log_read(o.log_path, o.fmt, &log, msg, sizeof msg) != 0) {
    fprintf(stderr, "%s\n", msg);
    goto done;
  }
  found = calloc((size_t)f->n + 1, sizeof *found);
  if (!found) {
    fprintf(stderr, "layoutcheck lean: out of memory\n");
    goto done;
  }
  if (log) {
    int rc = lean_log_assign(log, f, found, msg, sizeof msg);
    if (rc != 0) {
      fprintf(stderr, "%s\n", rc > 0 ? msg : "layoutcheck lean: out of memory");
      goto done;
    }
    if (msg[0]) printf("note: %s\n", msg);
  }
  if (o.use_db && db_open(o.db_path, &d, msg, sizeof msg) != 0) {
    fprintf(stderr, "%s (leave out --db to check without recording)\n", msg);
    goto done;
  }
  checker c = {.m = m, .f = f, .log = log, .found = found, .d = d, .quiet = o.quiet};
  now_utc(c.run_at, sizeof c.run_at);
  status = check_all(&c, &scope);
done:
  if (found && f) lean_found_clear(found, f->n);
  free(found);
  lean_scope_free(&scope);
  db_close(d);
  lean_log_free(log);
  lean_file_free(f);
  lean_map_free(m);
  return status;
}
