/*
** cmd_lean_check.c -- `layoutcheck lean check FILE.lean`: run (or read the
** log of) a Lean formalization, translate every #eval and claim (example,
** theorem, #guard, with --comments a trailing comment's value) into oracle
** calls and compare the answers, storing the verdicts in lean_checks.
*/
#include "cli_help.h"
#include "cmd_lean.h"

#include "cex_store.h"

#include "corpus_read.h"
#include "store.h"
#include "gen.h"
#include "lean_log.h"
#include "lean_map.h"
#include "lean_parse.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

/* --- check ------------------------------------------------------------- */

/* Where a checked value was read: an #eval, a claim, a trailing comment. */
typedef enum { SRC_EVAL, SRC_EXAMPLE, SRC_THEOREM, SRC_GUARD, SRC_COMMENT, SRC_N } item_src;
static const char *const src_label[SRC_N] = {"#eval", "example", "theorem", "#guard", "comment"};
static const char *const src_plural[SRC_N] = {"#evals", "examples", "theorems", "#guards",
                                              "comments"};

/* One disagreement, for the smallest of each function and kind. */
typedef struct disagreement {
  const lean_fn *fn;
  char kind[96];        /* how the values differ */
  long long count, sum; /* the size of the input (lean_request_size) */
  int line, n;          /* where; n: the disagreements of its group (the smallest's) */
  item_src src;
  char request[256], lean[256], oracle[256];
} disagreement;

typedef struct checker {
  const lean_map *m;
  const lean_file *f;
  const lean_log *log;
  lean_found *found;
  db *d;
  char run_at[32];
  int quiet, comments;
  int agree, disagree, untranslatable, missing;
  int read[SRC_N]; /* the items of each source */
  int db_failed;
  disagreement *dis; /* the disagreements so far */
  int ndis, dis_cap;
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

/* Lean's side of one item: the log's message, a #guard_msgs docstring's,
** a claim's right side or a comment's value. */
typedef struct lean_side {
  int have, is_error; /* a value (or an error) was found; it is an error */
  int rejected;       /* a claim that Lean reports an error at: Lean's value is not text */
  const char *text;   /* the value's text: doc, or a string of the log */
  char doc[8192];     /* the docstring's message, the claim's or the comment's value */
  char shown[2048];   /* the value on one line, "error: " before an error */
  char source[160];   /* "LOG:LINE", "docstring", "claim, by decide", "comment" */
} lean_side;

/* Start an empty side. */
static void side_init(lean_side *ls) {
  ls->have = ls->is_error = ls->rejected = 0;
  ls->doc[0] = ls->shown[0] = ls->source[0] = 0;
  ls->text = ls->doc;
}

/* Put ls's text on one line into shown. */
static void side_show(lean_side *ls) {
  char one[1024];
  lean_one_line(ls->text, strlen(ls->text), one, sizeof one);
  snprintf(ls->shown, sizeof ls->shown, "%s%s", ls->is_error ? "error: " : "", one);
}

/* Find Lean's side of #eval command cmd (found in the log as fd) in *ls. */
static void find_lean_side(const checker *c, const lean_cmd *cmd, const lean_found *fd,
                           lean_side *ls) {
  side_init(ls);
  ls->have = 1;
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
  if (ls->have) side_show(ls);
}

/* Lean's side of claim command cmd: its right side (`true` when it has
** none), rejected when the log has an error at it. */
static void find_claim_side(const checker *c, const lean_cmd *cmd, const lean_found *fd,
                            lean_side *ls) {
  const char *s = c->f->text;
  side_init(ls);
  ls->have = 1;
  if (cmd->rhs_end > cmd->rhs)
    snprintf(ls->doc, sizeof ls->doc, "%.*s", (int)(cmd->rhs_end - cmd->rhs), s + cmd->rhs);
  else
    snprintf(ls->doc, sizeof ls->doc, "true");
  char proof[64] = "";
  if (cmd->proof_end > cmd->proof)
    lean_one_line(s + cmd->proof, cmd->proof_end - cmd->proof, proof, sizeof proof);
  if (fd->error) {
    char err[512];
    lean_one_line(fd->error, strlen(fd->error), err, sizeof err);
    ls->rejected = 1;
    snprintf(ls->source, sizeof ls->source, "%s:%d", c->log->path, fd->log_line);
    char one[1024];
    lean_one_line(ls->doc, strlen(ls->doc), one, sizeof one);
    snprintf(ls->shown, sizeof ls->shown, "rejects the claim %s: %s", one, err);
    return;
  }
  if (cmd->claim == LEAN_CLAIM_GUARD)
    snprintf(ls->source, sizeof ls->source, "#guard%s", c->log ? ", passed in the log" : "");
  else
    snprintf(ls->source, sizeof ls->source, "%s%s%s%s",
             cmd->claim == LEAN_CLAIM_THEOREM ? "theorem " : "example",
             cmd->claim == LEAN_CLAIM_THEOREM ? cmd->name : "", proof[0] ? ", proof: " : "", proof);
  side_show(ls);
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
  if (ls->rejected) { /* Lean says the claim is false */
    if (same)
      snprintf(why, wcap, "Lean rejects the claim, and the oracle's value is the claimed one");
    if (!same) snprintf(why, wcap, "the claim is false on both sides");
    same = !same;
  }
  snprintf(verdict, vcap, "%s", same ? "agree" : "DISAGREE");
  return same ? 0 : 1;
}

/* Translate the term text[a..b) of the file in scope and judge it
** against Lean's side ls: the state (0 agree, 1 disagree, 2
** untranslatable, 3 no Lean value), the verdict, why they differ, the
** oracle's value shown. */
static int judge(const checker *c, const lean_scope *scope, size_t a, size_t b, const lean_side *ls,
                 lean_translation *tr, lean_value *lv, char *verdict, size_t vcap, char *why,
                 size_t wcap, char *shown, size_t scap) {
  lean_expr *e = NULL;
  lean_error perr;
  int state;
  const char *text = c->f->text;
  if (lean_parse_term(text + a, b - a, lean_file_pos(c->f, a), &e, &perr) != 0) {
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

/* The working memory of one item. */
typedef struct item {
  lean_side ls;
  lean_translation tr;
  lean_value lv;
} item;

static void note_disagreement(checker *c, const item *it, int line, item_src src, const char *why,
                              const char *oracle_shown);
static void disagreement_kind(const lean_value *lv, const lean_value *ov, const char *why,
                              int rejected, char *kind, size_t cap);

/* Check one item of source src at line: the term text[a..b), Lean's side
** in it->ls.  A comment whose text is no value of the result (prose) is
** passed over when it has no prefix (optional): then 1.  Else count,
** print, store, and 0. */
static int check_item(checker *c, const lean_scope *scope, int line, item_src src, size_t a,
                      size_t b, item *it, int optional) {
  char expr[512], oracle_shown[2048] = "", verdict[512], why[256] = "";
  lean_one_line(c->f->text + a, b - a, expr, sizeof expr);
  int state = judge(c, scope, a, b, &it->ls, &it->tr, &it->lv, verdict, sizeof verdict, why,
                    sizeof why, oracle_shown, sizeof oracle_shown);
  if (optional && state == 2) return 1;
  c->read[src]++;
  if (state == 0) c->agree++;
  if (state == 1) c->disagree++;
  if (state == 2) c->untranslatable++;
  if (state == 3) c->missing++;
  if (state == 1) note_disagreement(c, it, line, src, why, oracle_shown);
  if (!c->quiet || state == 1) {
    static const char *const words[] = {"agree", "DISAGREE", "untranslatable", "no Lean value"};
    printf("%s:%d: %s\n", c->f->path, line, words[state]);
    printf("    %-7s %s\n", src_label[src], expr);
    if (state != 2 && it->tr.own[0] && it->tr.own_file && strcmp(it->tr.own_file, c->f->path))
      printf("    own     %s, defined at %s:%d, checked as the map's %s (%s)\n", it->tr.own,
             it->tr.own_file, it->tr.own_line, it->tr.fn->lean, it->tr.fn->op);
    else if (state != 2 && it->tr.own[0])
      printf("    own     %s, defined at line %d, checked as the map's %s (%s)\n", it->tr.own,
             it->tr.own_line, it->tr.fn->lean, it->tr.fn->op);
    if (it->ls.have) printf("    lean    %s    (%s)\n", it->ls.shown, it->ls.source);
    if (state != 2) printf("    oracle  %s    (%s)\n", oracle_shown, it->tr.request);
    if (state == 1) {
      char kind[96];
      disagreement_kind(&it->lv, &it->tr.value, why, it->ls.rejected, kind, sizeof kind);
      int more = strncmp(kind, why, strlen(kind)) != 0; /* a finer kind than why says */
      printf("    why     %s%s%s%s\n", why, more ? " (" : "", more ? kind : "", more ? ")" : "");
    } else if (state == 0 && why[0] && it->ls.rejected) {
      printf("    why     %s\n", why);
    }
    if (state >= 2) printf("    why     %s\n", strchr(verdict, ':') + 2);
  }
  char stored[600];
  snprintf(stored, sizeof stored, "%s%s%s", src == SRC_EVAL ? "" : src_label[src],
           src == SRC_EVAL ? "" : ": ", expr);
  record(c, line, stored, it->ls.have ? it->ls.shown : NULL, state != 2 ? oracle_shown : NULL,
         verdict);
  return 0;
}

/* How Lean's value lv differs from the oracle's ov (why: the comparison's
** words), in kind[0..cap): for layouts whether the sizes differ, the
** layout functions or only the modes; for booleans which way. */
static void disagreement_kind(const lean_value *lv, const lean_value *ov, const char *why,
                              int rejected, char *kind, size_t cap) {
  snprintf(kind, cap, "%.*s", (int)strcspn(why, ":,"), why);
  if (rejected || lv->error || ov->error || lv->invalid || lv->none || ov->none ||
      lv->type.kind != ov->type.kind)
    return;
  if (lv->type.kind == LEAN_T_BOOL) {
    snprintf(kind, cap, "Lean says %s, the oracle %s", lv->num ? "true" : "false",
             ov->num ? "true" : "false");
  } else if (lv->type.kind == LEAN_T_LAYOUT) {
    lo_int a = 1, b = 1;
    lo_err e;
    char ta[2048], tb[2048], out[64];
    if (lo_size(&lv->layout, &a, &e) != LO_OK || lo_size(&ov->layout, &b, &e) != LO_OK) return;
    if (a != b) {
      snprintf(kind, cap, "the sizes differ");
      return;
    }
    const char *argv[2] = {ta, tb};
    if (lo_print_layout(&lv->layout, ta, sizeof ta) != LO_OK ||
        lo_print_layout(&ov->layout, tb, sizeof tb) != LO_OK ||
        lo_eval("same_layout_function", 2, argv, out, sizeof out) != LO_OK)
      return;
    snprintf(kind, cap, "%s",
             strcmp(out, "true") ? "the layout functions differ"
                                 : "same layout function, other modes");
  }
}

/* Remember the disagreement of item it (line, source src) for the
** summary of the smallest ones. */
static void note_disagreement(checker *c, const item *it, int line, item_src src, const char *why,
                              const char *oracle_shown) {
  if (c->ndis == c->dis_cap) {
    int cap = c->dis_cap ? 2 * c->dis_cap : 32;
    disagreement *d = realloc(c->dis, (size_t)cap * sizeof *d);
    if (!d) return; /* the summary leaves it out */
    c->dis = d;
    c->dis_cap = cap;
  }
  disagreement *d = &c->dis[c->ndis++];
  memset(d, 0, sizeof *d);
  d->fn = it->tr.fn;
  disagreement_kind(&it->lv, &it->tr.value, why, it->ls.rejected, d->kind, sizeof d->kind);
  lean_request_size(it->tr.request, &d->count, &d->sum);
  d->line = line;
  d->src = src;
  snprintf(d->request, sizeof d->request, "%.255s", it->tr.request);
  snprintf(d->lean, sizeof d->lean, "%.255s", it->ls.shown);
  snprintf(d->oracle, sizeof d->oracle, "%.255s", oracle_shown);
}

/* Store disagreement d as a counterexample of the system under test
** "lean FILE" (property sut.OP, the oracle request as its input, the
** function and kind as its signature); 0 with *id, or -1. */
static int store_disagreement(checker *c, const disagreement *d, int64_t *id, int *is_new) {
  char msg[512], property[128], sut[1100], message[1200], signature[256];
  snprintf(property, sizeof property, "sut.%.100s", d->fn->op);
  snprintf(sut, sizeof sut, "lean %s", c->f->path);
  snprintf(message, sizeof message, "%s:%d: %s: Lean %s, the oracle %s (%s)", c->f->path, d->line,
           d->fn->lean, d->lean, d->oracle, d->kind);
  snprintf(signature, sizeof signature, "%s: %s", d->fn->lean, d->kind);
  cex_found f = {.property = property,
                 .kind = "theorem",
                 .sut = sut,
                 .seed = "",
                 .input = d->request,
                 .message = message,
                 .signature = signature};
  if (cex_store(c->d, &f, id, is_new, msg, sizeof msg) != 0) {
    fprintf(stderr, "layoutcheck lean: %s\n", msg);
    c->db_failed = 1;
    return -1;
  }
  return 0;
}

/* Is disagreement a smaller than b (fewer numbers, then a smaller sum,
** then earlier in the file)? */
static int smaller(const disagreement *a, const disagreement *b) {
  if (a->count != b->count) return a->count < b->count;
  if (a->sum != b->sum) return a->sum < b->sum;
  return a->line < b->line;
}

/* Print, per function and kind of disagreement, the smallest disagreeing
** input (stored as a counterexample with --db), in the order the groups
** first appear. */
static void report_smallest(checker *c) {
  int groups = 0;
  for (int i = 0; i < c->ndis; i++) {
    disagreement *d = &c->dis[i];
    int first = 1;
    for (int j = 0; j < i && first; j++)
      first = !(c->dis[j].fn == d->fn && !strcmp(c->dis[j].kind, d->kind));
    if (!first) continue;
    disagreement *best = d;
    int n = 0;
    for (int j = i; j < c->ndis; j++)
      if (c->dis[j].fn == d->fn && !strcmp(c->dis[j].kind, d->kind)) {
        n++;
        if (smaller(&c->dis[j], best)) best = &c->dis[j];
      }
    if (groups++ == 0) printf("the smallest disagreeing input per function and kind:\n");
    printf("  %s (%s): %s: %d input%s, the smallest at line %d (%s)\n", d->fn->lean, d->fn->op,
           d->kind, n, n == 1 ? "" : "s", best->line, src_label[best->src]);
    printf("      %s    lean %s    oracle %s\n", best->request, best->lean, best->oracle);
    int64_t id;
    int is_new;
    if (c->d && !c->db_failed && store_disagreement(c, best, &id, &is_new) == 0)
      printf("      stored as counterexample #%lld%s (layoutcheck show %lld)\n", (long long)id,
             is_new ? "" : ", seen before", (long long)id);
  }
}

/* Check command k of the file: an #eval (and its comment, with
** --comments) or a claim. */
static void check_command(checker *c, const lean_scope *scope, int k) {
  const lean_cmd *cmd = &c->f->cmds[k];
  item *it = malloc(sizeof *it);
  if (!it) {
    fprintf(stderr, "layoutcheck lean: out of memory\n");
    c->untranslatable++;
    return;
  }
  if (cmd->kind == LEAN_CMD_EVAL) {
    find_lean_side(c, cmd, &c->found[k], &it->ls);
    check_item(c, scope, cmd->pos.line, SRC_EVAL, cmd->body, cmd->body_end, it, 0);
    int prefixed;
    if (c->comments && lean_cmd_comment(c->f, cmd, it->ls.doc, sizeof it->ls.doc, &prefixed)) {
      it->ls.have = 1;
      it->ls.is_error = it->ls.rejected = 0;
      it->ls.text = it->ls.doc;
      snprintf(it->ls.source, sizeof it->ls.source, "the comment");
      side_show(&it->ls);
      char *colon = strstr(it->ls.doc, ": ");
      if (check_item(c, scope, cmd->pos.line, SRC_COMMENT, cmd->body, cmd->body_end, it,
                     !prefixed) &&
          colon) { /* `-- false: 2 does not divide 3`: the value before the remark */
        *colon = '\0';
        side_show(&it->ls);
        check_item(c, scope, cmd->pos.line, SRC_COMMENT, cmd->body, cmd->body_end, it, 1);
      }
    }
  } else if (cmd->kind == LEAN_CMD_CLAIM) {
    item_src src = cmd->claim == LEAN_CLAIM_GUARD     ? SRC_GUARD
                   : cmd->claim == LEAN_CLAIM_THEOREM ? SRC_THEOREM
                                                      : SRC_EXAMPLE;
    find_claim_side(c, cmd, &c->found[k], &it->ls);
    check_item(c, scope, cmd->pos.line, src, cmd->body, cmd->body_end, it, 0);
  }
  free(it);
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
  int quiet, use_db, comments, allow_unchecked;
} check_opts;

/* Parse the options of `lean check` into *o: 0, CLI_HELP after the usage
** on stdout, or 2 with a message. */
static int check_parse_args(int argc, char **argv, check_opts *o) {
  const char *fmt = NULL, *log_alias = NULL;
  int no_db = 0;
  const cli_opt opts[] = {
      CLI_VALUE("output", &o->log_path),
      CLI_VALUE("log", &log_alias),
      CLI_VALUE("log-format", &fmt),
      CLI_VALUE("map", &o->map_path),
      CLI_VALUE("db", &o->db_path),
      CLI_FLAG("no-db", 0, &no_db),
      CLI_FLAG("quiet", 'q', &o->quiet),
      CLI_FLAG("comments", 0, &o->comments),
      CLI_FLAG("allow-unchecked", 0, &o->allow_unchecked),
  };
  const char *pos[1];
  int npos;
  int rc = cli_parse(argc, argv, opts, (int)(sizeof opts / sizeof opts[0]), cli_help_usage("lean"),
                     pos, 1, &npos);
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
    fprintf(stderr, "%s", cli_help_usage("lean"));
    return 2;
  }
  o->file = pos[0];
  return 0;
}

/* Check every #eval and claim of c->f in order, following its namespaces
** and opens in scope; print the summary.  0, 1 when one disagrees, 2 on
** an error, CMD_LEAN_UNCHECKED when nothing could be checked (unless
** allow_unchecked). */
static int check_all(checker *c, lean_scope *scope, int allow_unchecked) {
  const lean_file *f = c->f;
  for (int k = 0; k < f->n; k++) {
    if (f->cmds[k].kind == LEAN_CMD_EVAL || f->cmds[k].kind == LEAN_CMD_CLAIM)
      check_command(c, scope, k);
    if (lean_scope_command(scope, c->m, f, &f->cmds[k]) != 0) {
      fprintf(stderr, "layoutcheck lean: out of memory\n");
      return 2;
    }
  }
  report_smallest(c);
  printf("%s: %d #eval%s", f->path, c->read[SRC_EVAL], c->read[SRC_EVAL] == 1 ? "" : "s");
  for (int s = SRC_EVAL + 1; s < SRC_N; s++)
    if (c->read[s])
      printf(", %d %.*s", c->read[s], (int)strlen(src_plural[s]) - (c->read[s] == 1),
             src_plural[s]);
  printf(": %d agree, %d DISAGREE, %d untranslatable, %d without a Lean value", c->agree,
         c->disagree, c->untranslatable, c->missing);
  int unchecked = c->agree + c->disagree == 0;
  if (unchecked) printf("; nothing was checked%s", allow_unchecked ? " (allowed)" : "");
  printf("\n");
  if (c->db_failed) return 2;
  if (c->disagree) return 1;
  return unchecked && !allow_unchecked ? CMD_LEAN_UNCHECKED : 0;
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
  lean_file **imported = NULL; /* the files f imports: their definitions are in scope */
  int nimported = 0;
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
  if (lean_scope_imports(&scope, m, f, &imported, &nimported, msg, sizeof msg) != 0) {
    fprintf(stderr, "%s\n", msg);
    goto done;
  }
  if (o.use_db && db_open(o.db_path, &d, msg, sizeof msg) != 0) {
    fprintf(stderr, "%s (leave out --db to check without recording)\n", msg);
    goto done;
  }
  checker c = {
      .m = m, .f = f, .log = log, .found = found, .d = d, .quiet = o.quiet, .comments = o.comments};
  now_utc(c.run_at, sizeof c.run_at);
  status = check_all(&c, &scope, o.allow_unchecked);
  free(c.dis);
done:
  if (found && f) lean_found_clear(found, f->n);
  free(found);
  lean_scope_free(&scope);
  for (int i = 0; i < nimported; i++) lean_file_free(imported[i]);
  free(imported);
  db_close(d);
  lean_log_free(log);
  lean_file_free(f);
  lean_map_free(m);
  return status;
}
