/*
** cmd_lean.c -- `layoutcheck lean check` and `layoutcheck lean emit`:
** check the #eval results of a Lean formalization against the oracle,
** and write the oracle's answers as #guard_msgs golden tests.
**
**   lean check FILE.lean [--output LOG] [--log-format F] [--map MAP.yaml]
**              [--db FILE | --no-db] [-q]
**   lean emit --out FILE.lean [--map MAP.yaml] [--ops LIST] [--cases N]
**             [--seed N] [--corpus FILE]... [--no-corpus] [--from-db FILE]
*/
#include "cli.h"

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

static const char lean_usage[] =
    "usage: layoutcheck lean check FILE.lean [--output LOG] [--log-format auto|json|plain|lake]\n"
    "                              [--map MAP.yaml] [--db FILE | --no-db] [-q]\n"
    "       layoutcheck lean emit --out FILE.lean [--map MAP.yaml] [--ops LIST] [--cases N]\n"
    "                             [--seed N] [--corpus FILE]... [--no-corpus] [--from-db FILE]\n"
    "       layoutcheck lean map      (print the built-in map as YAML)\n";

/* Load the map named by path, or the built-in one (NULL path).  NULL
** with the message printed on failure. */
static lean_map *load_map(const char *path) {
  char msg[768];
  if (!path) {
    lean_map *m = lean_map_default();
    if (!m) fprintf(stderr, "layoutcheck lean: out of memory\n");
    return m;
  }
  lean_map *m;
  if (lean_map_load(path, &m, msg, sizeof msg) != 0) {
    fprintf(stderr, "%s\n", msg);
    return NULL;
  }
  return m;
}

/* Read a decimal number >= lo for an option; -1 when it is not one. */
static int read_count(const char *s, long long lo, long long *out) {
  char *end;
  errno = 0;
  long long v = strtoll(s, &end, 10);
  if (errno || end == s || *end || v < lo) return -1;
  *out = v;
  return 0;
}

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

/* Check one #eval command (index k of the file). */
static void check_eval(checker *c, const lean_scope *scope, int k) {
  const lean_cmd *cmd = &c->f->cmds[k];
  const lean_found *fd = &c->found[k];
  const char *text = c->f->text;
  int line = cmd->pos.line;
  char expr[512], doc_text[8192] = "", lean_shown[2048] = "", oracle_shown[2048] = "";
  char verdict[512], why[256] = "", source[128] = "";
  lean_one_line(text + cmd->body, cmd->body_end - cmd->body, expr, sizeof expr);

  /* Lean's side: the log, else the #guard_msgs docstring */
  int lean_is_error = 0, have_lean = 1;
  const char *lean_text = doc_text;
  if (fd->value) {
    lean_text = fd->value;
    snprintf(source, sizeof source, "%s:%d", c->log->path, fd->log_line);
  } else if (fd->error) {
    lean_text = fd->error;
    snprintf(source, sizeof source, "%s:%d", c->log->path, fd->log_line);
    lean_is_error = 1;
  } else if (cmd->doc && lean_doc_message(cmd->doc, "info", doc_text, sizeof doc_text)) {
    snprintf(source, sizeof source, "docstring");
  } else if (cmd->doc && lean_doc_message(cmd->doc, "error", doc_text, sizeof doc_text)) {
    snprintf(source, sizeof source, "docstring");
    lean_is_error = 1;
  } else {
    have_lean = 0;
  }
  if (have_lean) {
    char one[1024];
    lean_one_line(lean_text, strlen(lean_text), one, sizeof one);
    snprintf(lean_shown, sizeof lean_shown, "%s%s", lean_is_error ? "error: " : "", one);
  }

  /* the oracle's side */
  lean_expr *e = NULL;
  lean_error perr;
  lean_translation *tr = calloc(1, sizeof *tr);
  lean_value *lv = malloc(sizeof *lv);
  int state; /* 0 agree, 1 disagree, 2 untranslatable, 3 no value */
  if (!tr || !lv) {
    free(tr);
    free(lv);
    fprintf(stderr, "layoutcheck lean: out of memory\n");
    c->untranslatable++;
    return;
  }
  if (lean_parse_term(text + cmd->body, cmd->body_end - cmd->body, lean_file_pos(c->f, cmd->body),
                      &e, &perr) != 0) {
    snprintf(verdict, sizeof verdict, "untranslatable: line %d, column %d: %s", perr.line, perr.col,
             perr.text);
    state = 2;
  } else {
    lean_translate(c->m, scope, c->f, e, tr);
    if (!tr->ok) {
      snprintf(verdict, sizeof verdict, "untranslatable: %s", tr->reason);
      state = 2;
    } else {
      lean_value_print(c->m, &tr->value, oracle_shown, sizeof oracle_shown);
      if (!have_lean) {
        snprintf(verdict, sizeof verdict, "no Lean value: %s",
                 c->log ? "the log has no message for this #eval and it has no docstring"
                        : "no docstring (pass Lean's output with --output LOG)");
        state = 3;
      } else {
        char rwhy[256];
        if (lean_is_error) {
          memset(lv, 0, sizeof *lv);
          lv->type = tr->value.type;
          lv->error = 1;
          snprintf(lv->msg, sizeof lv->msg, "%.250s", lean_shown);
          state = 0;
        } else if (lean_value_read(c->m, tr->value.type, lean_text, lv, rwhy, sizeof rwhy) != 0) {
          char tn[32];
          lean_type_name(tr->value.type, tn, sizeof tn);
          snprintf(verdict, sizeof verdict, "untranslatable: Lean's value is not read as %s: %s",
                   tn, rwhy);
          state = 2;
        } else {
          state = 0;
        }
        if (state == 0) {
          int same = lean_value_compare(tr->fn->compare, lv, &tr->value, why, sizeof why);
          state = same ? 0 : 1;
          snprintf(verdict, sizeof verdict, "%s", same ? "agree" : "DISAGREE");
        }
      }
    }
  }
  lean_expr_free(e);

  if (state == 0) c->agree++;
  if (state == 1) c->disagree++;
  if (state == 2) c->untranslatable++;
  if (state == 3) c->missing++;
  if (!c->quiet || state == 1) {
    static const char *const words[] = {"agree", "DISAGREE", "untranslatable", "no Lean value"};
    printf("%s:%d: %s\n", c->f->path, line, words[state]);
    printf("    #eval   %s\n", expr);
    if (have_lean) printf("    lean    %s    (%s)\n", lean_shown, source);
    if (state != 2) printf("    oracle  %s    (%s)\n", oracle_shown, tr->request);
    if (state == 1 && why[0]) printf("    why     %s\n", why);
    if (state >= 2) printf("    why     %s\n", strchr(verdict, ':') + 2);
  }
  record(c, line, expr, have_lean ? lean_shown : NULL, state != 2 ? oracle_shown : NULL, verdict);
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

/* lean check FILE.lean ... */
static int lean_check(int argc, char **argv) {
  const char *file = NULL, *log_path = NULL, *map_path = NULL, *db_path = "results.db";
  lean_log_format fmt = LEAN_LOG_AUTO;
  int quiet = 0, use_db = 1;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    int has_value = i + 1 < argc;
    if ((!strcmp(a, "--output") || !strcmp(a, "--log")) && has_value) {
      log_path = argv[++i];
    } else if (!strcmp(a, "--log-format") && has_value) {
      if (lean_log_format_parse(argv[++i], &fmt) != 0) {
        fprintf(stderr,
                "layoutcheck lean check: --log-format: expected auto, json, plain or "
                "lake, found '%s'\n",
                argv[i]);
        return 2;
      }
    } else if (!strcmp(a, "--map") && has_value) {
      map_path = argv[++i];
    } else if (!strcmp(a, "--db") && has_value) {
      db_path = argv[++i];
    } else if (!strcmp(a, "--no-db")) {
      use_db = 0;
    } else if (!strcmp(a, "-q") || !strcmp(a, "--quiet")) {
      quiet = 1;
    } else if (a[0] == '-' && a[1]) {
      fprintf(stderr, "layoutcheck lean check: unknown or incomplete option '%s'\n%s", a,
              lean_usage);
      return 2;
    } else if (!file) {
      file = a;
    } else {
      fprintf(stderr, "layoutcheck lean check: one Lean file at a time\n%s", lean_usage);
      return 2;
    }
  }
  if (!file) {
    fprintf(stderr, "%s", lean_usage);
    return 2;
  }
  char msg[768];
  int status = 2;
  lean_map *m = load_map(map_path);
  lean_file *f = NULL;
  lean_log *log = NULL;
  lean_found *found = NULL;
  db *d = NULL;
  lean_scope scope;
  lean_scope_init(&scope);
  if (!m) goto done;
  if (lean_file_read(file, &f, msg, sizeof msg) != 0) {
    fprintf(stderr, "%s\n", msg);
    goto done;
  }
  if (log_path && lean_log_read(log_path, fmt, &log, msg, sizeof msg) != 0) {
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
  if (use_db && db_open(db_path, &d, msg, sizeof msg) != 0) {
    fprintf(stderr, "%s (use --no-db to check without recording)\n", msg);
    goto done;
  }
  checker c;
  memset(&c, 0, sizeof c);
  c.m = m;
  c.f = f;
  c.log = log;
  c.found = found;
  c.d = d;
  c.quiet = quiet;
  now_utc(c.run_at, sizeof c.run_at);
  int evals = 0;
  for (int k = 0; k < f->n; k++) {
    if (f->cmds[k].kind == LEAN_CMD_EVAL) {
      check_eval(&c, &scope, k);
      evals++;
    }
    if (lean_scope_command(&scope, m, f, &f->cmds[k]) != 0) {
      fprintf(stderr, "layoutcheck lean: out of memory\n");
      goto done;
    }
  }
  printf("%s: %d #eval%s: %d agree, %d DISAGREE, %d untranslatable, %d without a Lean value\n",
         f->path, evals, evals == 1 ? "" : "s", c.agree, c.disagree, c.untranslatable, c.missing);
  status = c.db_failed ? 2 : c.disagree ? 1 : 0;
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

/* --- emit -------------------------------------------------------------- */

/* One block of the emitted file. */
typedef struct block {
  const lean_fn *fn;
  int order;   /* the function's place in the map, then the block's in the run */
  char *expr;  /* the #eval term */
  char *value; /* the pinned value */
  char *from;  /* where the input came from */
} block;

typedef struct emitter {
  const lean_map *m;
  block *v;
  int n, cap;
  long long cases;
  int oom;
  int per_fn; /* blocks of the function being filled, from the current source */
  const lean_fn *fn;
  int skipped_error, skipped_long, skipped_args;
  int from_gen, from_corpus, from_db;
} emitter;

/* A malloc'd copy of s, or NULL (oom set). */
static char *edup(emitter *em, const char *s) {
  char *d = malloc(strlen(s) + 1);
  if (!d) {
    em->oom = 1;
    return NULL;
  }
  strcpy(d, s);
  return d;
}

/* Lean's formatter breaks lines past 120 columns; longer values would not
** match a one-line docstring. */
#define EMIT_MAX_VALUE 100

/* Add a block for fn applied to args, unless its term is already there or
** the oracle refuses it.  outer, when not NULL, is applied to the result
** (a chain such as toLayout (id S)).  1 when added. */
static int add_block(emitter *em, const lean_fn *fn, const lean_value *args, const lean_fn *outer,
                     const char *from) {
  char term[4096], expr[4096], value[4096], req[1024];
  size_t len = (size_t)snprintf(expr, sizeof expr, "%s", fn->lean);
  for (int i = 0; i < fn->nargs; i++) {
    if (lean_value_term(em->m, &args[i], term, sizeof term) != 0) {
      em->skipped_args++;
      return 0;
    }
    len += (size_t)snprintf(expr + len, len < sizeof expr ? sizeof expr - len : 0, " %s", term);
  }
  lean_value *out = malloc(2 * sizeof *out);
  if (!out) {
    em->oom = 1;
    return 0;
  }
  lean_call(fn, args, &out[0], req, sizeof req);
  if (outer) {
    if (out[0].error) {
      em->skipped_error++;
      free(out);
      return 0;
    }
    size_t ol = strlen(outer->lean), el = strlen(expr);
    if (ol + el + 4 >= sizeof expr) {
      em->skipped_long++;
      free(out);
      return 0;
    }
    memmove(expr + ol + 2, expr, el + 1);
    memcpy(expr, outer->lean, ol);
    memcpy(expr + ol, " (", 2);
    memcpy(expr + ol + 2 + el, ")", 2);
    len = ol + el + 3;
    lean_call(outer, &out[0], &out[1], req, sizeof req);
    out[0] = out[1];
  }
  int bad = out[0].error || lean_value_print(em->m, &out[0], value, sizeof value) != 0;
  free(out);
  if (bad) {
    em->skipped_error++;
    return 0;
  }
  if (strlen(value) > EMIT_MAX_VALUE || len >= sizeof expr - 1) {
    em->skipped_long++;
    return 0;
  }
  for (int i = 0; i < em->n; i++)
    if (!strcmp(em->v[i].expr, expr)) return 0;
  if (em->n == em->cap) {
    int cap = em->cap ? 2 * em->cap : 64;
    block *g = realloc(em->v, (size_t)cap * sizeof *g);
    if (!g) {
      em->oom = 1;
      return 0;
    }
    em->v = g;
    em->cap = cap;
  }
  block *b = &em->v[em->n];
  b->fn = outer ? outer : fn;
  b->order = (int)(b->fn - em->m->fns);
  b->expr = edup(em, expr);
  b->value = edup(em, value);
  b->from = edup(em, from);
  if (!b->expr || !b->value || !b->from) {
    free(b->expr);
    free(b->value);
    free(b->from);
    return 0;
  }
  em->n++;
  return 1;
}

/* Read args[0..n) in the oracle's syntax as fn's kinds (layouts and
** tuples must be flat, or are flattened when flatten is set).  0, or -1
** when one does not fit. */
static int args_from_text(const lean_fn *fn, const char *const *text, int n, int flatten,
                          lean_value *vals) {
  if (n != fn->nargs) return -1;
  for (int i = 0; i < n; i++) {
    lean_type t = {fn->args[i], 0};
    char why[256];
    if (t.kind == LEAN_T_LAYOUT || t.kind == LEAN_T_TUPLE) {
      lo_kind k = lo_kind_of(text[i]);
      if (k != (t.kind == LEAN_T_LAYOUT ? LO_KIND_LAYOUT : LO_KIND_TUPLE)) return -1;
      if (!flatten) { /* only flat values: the Lean design has no nesting */
        lo_layout l;
        lo_tuple x;
        lo_err e;
        if (t.kind == LEAN_T_LAYOUT &&
            (lo_parse_layout(text[i], &l, &e) != LO_OK || lo_tuple_depth(&l.shape) > 1))
          return -1;
        if (t.kind == LEAN_T_TUPLE &&
            (lo_parse_tuple(text[i], &x, &e) != LO_OK || lo_tuple_depth(&x) > 1))
          return -1;
      }
    }
    if (lean_value_from_oracle(t, text[i], &vals[i], why, sizeof why) != 0) return -1;
    if (vals[i].trivial) return -1; /* 1:0 as an input: no flat form to write */
  }
  return 0;
}

/* The default generator of inputs for fn's argument kinds. */
static const char *default_gen(const lean_fn *fn) {
  if (fn->gen) return fn->gen;
  if (fn->nargs == 1 && fn->args[0] == LEAN_T_LAYOUT) return "flat_layout";
  if (fn->nargs == 1 && fn->args[0] == LEAN_T_TUPLE) return "tuple";
  if (fn->nargs == 2 && fn->args[0] == LEAN_T_LAYOUT && fn->args[1] == LEAN_T_LAYOUT)
    return "layout_pair";
  if (fn->nargs == 2 && fn->args[0] == LEAN_T_LAYOUT) return "layout_index";
  if (fn->nargs == 2 && fn->args[0] == LEAN_T_TUPLE) return "tuple";
  return NULL;
}

/* Generate the inputs of one generated case of fn into vals: run the
** generator, then fill a missing or integer argument where a tuple is
** expected with the coordinates of an index of the preceding shape.  0,
** or -1 to skip the case. */
static int generate(const lean_fn *fn, const gen_info *g, uint64_t seed, uint64_t i,
                    lean_value *vals) {
  gen_bounds b;
  gen_bounds_default(&b);
  b.max_rank = 4;
  b.max_depth = 1;
  b.max_entry = 8;
  b.max_stride = 32;
  b.max_size = 512;
  gen_choices c;
  gen_case k;
  memset(&k, 0, sizeof k);
  gen_choices_random(&c, gen_case_seed(seed, fn->lean, i));
  int rc = g->fn(&c, &b, &k);
  const char *text[LEAN_MAX_ARGS];
  char coords[GEN_ARG_LEN];
  for (int a = 0; rc == 0 && a < fn->nargs; a++) {
    text[a] = a < k.argc ? k.argv[a] : NULL;
    if (fn->args[a] != LEAN_T_TUPLE || a == 0) {
      if (!text[a]) rc = -1;
      continue;
    }
    if (text[a] && lo_kind_of(text[a]) == LO_KIND_TUPLE && strchr(text[a], '(')) continue;
    /* coordinates of an index (given, or drawn) of argument a - 1's shape */
    lean_type st = {fn->args[a - 1], 0};
    lean_value *s = malloc(2 * sizeof *s);
    lo_int size, x;
    lo_err e;
    lo_tuple sh;
    if (!s) {
      rc = -1;
      break;
    }
    char why[256];
    if (lean_value_from_oracle(st, text[a - 1], &s[0], why, sizeof why) != 0) {
      free(s);
      rc = -1;
      break;
    }
    if (st.kind == LEAN_T_LAYOUT)
      lo_tuple_flatten(&s[0].layout.shape, &sh);
    else
      lo_tuple_flatten(&s[0].tuple, &sh);
    if (lo_tuple_size(&sh, &size, &e) != LO_OK || size < 1) {
      free(s);
      rc = -1;
      break;
    }
    x = text[a] ? (lo_int)strtoll(text[a], NULL, 10) : (lo_int)gen_draw(&c, (uint64_t)size - 1);
    if (x >= size) {
      free(s);
      rc = -1;
      break;
    }
    size_t len = (size_t)snprintf(coords, sizeof coords, "(");
    for (int j = 0; j < sh.len; j++) {
      len += (size_t)snprintf(coords + len, sizeof coords - len, "%s%lld", j ? "," : "",
                              (long long)(x % sh.leaf[j]));
      x /= sh.leaf[j];
    }
    snprintf(coords + len, sizeof coords - len, ")");
    text[a] = coords;
    free(s);
  }
  gen_choices_free(&c);
  if (rc != 0) return -1;
  return args_from_text(fn, text, fn->nargs, 1, vals);
}

/* Generated cases for fn (or, with producer, for outer applied to
** producer's results). */
static void emit_generated(emitter *em, const lean_fn *fn, const lean_fn *outer, uint64_t seed) {
  const char *gname = default_gen(fn);
  const gen_info *g = gname ? gen_find(gname) : NULL;
  lean_value *vals = malloc(LEAN_MAX_ARGS * sizeof *vals);
  if (!g || !vals) {
    free(vals);
    return;
  }
  int got = 0;
  for (uint64_t i = 0; i < (uint64_t)em->cases * 20 && got < em->cases && !em->oom; i++) {
    if (generate(fn, g, seed, i, vals) != 0) continue;
    char from[128];
    snprintf(from, sizeof from, "generated (%s, seed %llu, case %llu)", g->name,
             (unsigned long long)seed, (unsigned long long)i);
    if (add_block(em, fn, vals, outer, from)) {
      got++;
      em->from_gen++;
    }
  }
  free(vals);
}

/* The corpus or results.db: one request OP ARG..., for every function of
** the map with that op. */
static void emit_request(emitter *em, const char *op, const char *const *args, int nargs,
                         const char *from, int *per_fn, int from_db, const int *selected) {
  lean_value *vals = malloc(LEAN_MAX_ARGS * sizeof *vals);
  if (!vals) {
    em->oom = 1;
    return;
  }
  for (int i = 0; i < em->m->n; i++) {
    const lean_fn *fn = &em->m->fns[i];
    if (!selected[i] || strcmp(fn->op, op) != 0 || !strcmp(fn->op, "id")) continue;
    if (fn->result.kind == LEAN_T_MORPHISM) continue;
    if (!from_db && per_fn[i] >= em->cases) continue;
    if (args_from_text(fn, args, nargs, 0, vals) != 0) continue;
    if (add_block(em, fn, vals, NULL, from)) {
      per_fn[i]++;
      if (from_db)
        em->from_db++;
      else
        em->from_corpus++;
    }
  }
  free(vals);
}

typedef struct corpus_ctx {
  emitter *em;
  const char *path;
  int *per_fn;
  const int *selected;
} corpus_ctx;

/* One corpus case: its request, when it is well-formed and not skipped. */
static void corpus_case_cb(const corpus_case *cc, void *ud) {
  corpus_ctx *x = ud;
  if (cc->has_error || cc->skip || !cc->op || cc->nargs > LEAN_MAX_ARGS) return;
  char from[1200];
  snprintf(from, sizeof from, "%s:%zu", x->path, cc->line);
  emit_request(x->em, cc->op, (const char *const *)cc->args, (int)cc->nargs, from, x->per_fn, 0,
               x->selected);
}

typedef struct db_ctx {
  emitter *em;
  int *per_fn;
  const int *selected;
} db_ctx;

/* One stored counterexample: its input is an `eval` request line. */
static int db_cex_cb(const db_cex *cx, void *ud) {
  db_ctx *x = ud;
  gen_case k;
  char op[128], from[256];
  if (proto_case_from_line(cx->input, &k, op, sizeof op) != 0) return 0;
  const char *args[GEN_MAX_ARGS];
  for (int i = 0; i < k.argc; i++) args[i] = k.argv[i];
  snprintf(from, sizeof from, "results.db counterexample #%lld (%s)", (long long)cx->id,
           cx->property);
  emit_request(x->em, op, args, k.argc, from, x->per_fn, 1, x->selected);
  return x->em->oom ? 1 : 0;
}

/* Is fn chosen by --ops (a comma-separated list of Lean names, their last
** components, or ops)? */
static int op_selected(const char *ops, const lean_fn *fn) {
  if (!ops) return 1;
  const char *dot = strrchr(fn->lean, '.');
  const char *last = dot ? dot + 1 : fn->lean;
  const char *p = ops;
  while (*p) {
    size_t n = strcspn(p, ",");
    if ((strlen(fn->lean) == n && !strncmp(p, fn->lean, n)) ||
        (strlen(last) == n && !strncmp(p, last, n)) ||
        (strlen(fn->op) == n && !strncmp(p, fn->op, n)))
      return 1;
    p += n;
    if (*p == ',') p++;
  }
  return 0;
}

/* The default corpus: the .yaml files of ./corpus, when there is one. */
static int default_corpus(char ***files, int *n) {
  DIR *dir = opendir("corpus");
  *files = NULL;
  *n = 0;
  if (!dir) return 0;
  struct dirent *de;
  while ((de = readdir(dir)) != NULL) {
    size_t len = strlen(de->d_name);
    if (len < 6 || strcmp(de->d_name + len - 5, ".yaml") != 0) continue;
    char **g = realloc(*files, (size_t)(*n + 1) * sizeof *g);
    if (!g) break;
    *files = g;
    g[*n] = malloc(len + 8);
    if (!g[*n]) break;
    snprintf(g[*n], len + 8, "corpus/%s", de->d_name);
    (*n)++;
  }
  closedir(dir);
  /* a stable order */
  for (int i = 1; i < *n; i++)
    for (int j = i; j > 0 && strcmp((*files)[j - 1], (*files)[j]) > 0; j--) {
      char *t = (*files)[j];
      (*files)[j] = (*files)[j - 1];
      (*files)[j - 1] = t;
    }
  return 0;
}

/* Write the emitted file; 0 or -1 (message printed). */
static int write_emitted(emitter *em, const char *out, unsigned long long seed,
                         const char *map_path) {
  FILE *fp = fopen(out, "w");
  if (!fp) {
    fprintf(stderr, "%s: cannot open for writing: %s\n", out, strerror(errno));
    return -1;
  }
  fprintf(fp,
          "/-\n"
          "Golden tests of the layout algebra, written by `layoutcheck lean emit` (seed %llu,\n"
          "map %s).  Each block pins the oracle's answer, CuTe's layout algebra, as a\n"
          "#guard_msgs docstring: `lake build` fails where the implementation prints something\n"
          "else.  `layoutcheck lean check` on this file compares every docstring with the\n"
          "oracle again.\n"
          "-/\n",
          seed, map_path ? map_path : "built-in");
  fputs(em->m->header, fp);
  if (em->m->header[0] && em->m->header[strlen(em->m->header) - 1] != '\n') fputc('\n', fp);
  /* blocks grouped by function, in the map's order (stable) */
  for (int i = 1; i < em->n; i++)
    for (int j = i; j > 0 && em->v[j - 1].order > em->v[j].order; j--) {
      block t = em->v[j];
      em->v[j] = em->v[j - 1];
      em->v[j - 1] = t;
    }
  const lean_fn *last = NULL;
  for (int i = 0; i < em->n; i++) {
    const block *b = &em->v[i];
    if (b->fn != last) {
      fprintf(fp, "\n-- %s (%s)\n", b->fn->lean, b->fn->op);
      last = b->fn;
    }
    fprintf(fp, "\n-- %s\n/-- info: %s -/\n#guard_msgs in\n#eval %s\n", b->from, b->value, b->expr);
  }
  if (fclose(fp) != 0) {
    fprintf(stderr, "%s: cannot write: %s\n", out, strerror(errno));
    return -1;
  }
  return 0;
}

/* lean emit --out FILE.lean ... */
static int lean_emit(int argc, char **argv) {
  const char *out = NULL, *map_path = NULL, *ops = NULL, *from_db = NULL;
  long long cases = 10, seed = 1;
  char **corpus = NULL;
  int ncorpus = 0, no_corpus = 0, explicit_corpus = 0, status = 2;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    int has_value = i + 1 < argc;
    if (!strcmp(a, "--out") && has_value) {
      out = argv[++i];
    } else if (!strcmp(a, "--map") && has_value) {
      map_path = argv[++i];
    } else if (!strcmp(a, "--ops") && has_value) {
      ops = argv[++i];
    } else if (!strcmp(a, "--cases") && has_value) {
      if (read_count(argv[++i], 0, &cases) != 0 || cases > 100000) {
        fprintf(stderr, "layoutcheck lean emit: --cases: expected 0 to 100000, found '%s'\n",
                argv[i]);
        goto usage_done;
      }
    } else if (!strcmp(a, "--seed") && has_value) {
      if (read_count(argv[++i], 0, &seed) != 0) {
        fprintf(stderr, "layoutcheck lean emit: --seed: expected a number, found '%s'\n", argv[i]);
        goto usage_done;
      }
    } else if (!strcmp(a, "--corpus") && has_value) {
      char **g = realloc(corpus, (size_t)(ncorpus + 1) * sizeof *g);
      if (!g) goto usage_done;
      corpus = g;
      corpus[ncorpus++] = argv[++i];
      explicit_corpus = 1;
    } else if (!strcmp(a, "--no-corpus")) {
      no_corpus = 1;
    } else if (!strcmp(a, "--from-db") && has_value) {
      from_db = argv[++i];
    } else {
      fprintf(stderr, "layoutcheck lean emit: unknown or incomplete option '%s'\n%s", a,
              lean_usage);
      goto usage_done;
    }
  }
  if (!out) {
    fprintf(stderr, "layoutcheck lean emit: --out FILE.lean is required\n%s", lean_usage);
    goto usage_done;
  }
  lean_map *m = load_map(map_path);
  if (!m) goto usage_done;
  emitter em;
  memset(&em, 0, sizeof em);
  em.m = m;
  em.cases = cases;
  int *selected = calloc((size_t)m->n + 1, sizeof *selected);
  int *per_fn = calloc((size_t)m->n + 1, sizeof *per_fn);
  char **own_corpus = NULL;
  int nown = 0;
  if (!selected || !per_fn) {
    fprintf(stderr, "layoutcheck lean emit: out of memory\n");
    goto emit_done;
  }
  int any = 0;
  for (int i = 0; i < m->n; i++) any += selected[i] = op_selected(ops, &m->fns[i]);
  if (!any) {
    fprintf(stderr, "layoutcheck lean emit: --ops %s names no function of the map\n", ops);
    goto emit_done;
  }
  /* generated inputs, function by function */
  for (int i = 0; i < m->n && !em.oom; i++) {
    const lean_fn *fn = &m->fns[i];
    if (!selected[i] || !strcmp(fn->op, "id")) continue;
    int morph_args = 0;
    for (int a = 0; a < fn->nargs; a++) morph_args += fn->args[a] == LEAN_T_MORPHISM;
    if (fn->result.kind == LEAN_T_MORPHISM) continue;
    if (morph_args == 0) {
      emit_generated(&em, fn, NULL, (uint64_t)seed);
    } else if (fn->nargs == 1) { /* toLayout (id S): through each producer of morphisms */
      for (int j = 0; j < m->n; j++) {
        const lean_fn *p = &m->fns[j];
        int printable = p->result.kind == LEAN_T_MORPHISM && !p->result.option;
        for (int a = 0; a < p->nargs; a++) printable &= p->args[a] != LEAN_T_MORPHISM;
        if (printable) emit_generated(&em, p, fn, (uint64_t)seed);
      }
    }
  }
  /* the corpus */
  if (!no_corpus) {
    if (!explicit_corpus) {
      default_corpus(&own_corpus, &nown);
      corpus = realloc(corpus, (size_t)(nown + 1) * sizeof *corpus);
      if (!corpus) {
        fprintf(stderr, "layoutcheck lean emit: out of memory\n");
        goto emit_done;
      }
      for (int i = 0; i < nown; i++) corpus[i] = own_corpus[i];
      ncorpus = nown;
    }
    for (int i = 0; i < ncorpus && !em.oom; i++) {
      corpus_ctx x = {&em, corpus[i], per_fn, selected};
      corpus_error err;
      if (corpus_read(corpus[i], corpus_case_cb, &x, &err) != 0) {
        if (err.line)
          fprintf(stderr, "%s:%zu:%zu: %s\n", corpus[i], err.line, err.column, err.text);
        else
          fprintf(stderr, "%s: %s\n", corpus[i], err.text);
        goto emit_done;
      }
    }
  }
  /* shrunk counterexamples */
  if (from_db) {
    db *d;
    char msg[768];
    if (db_open_readonly(from_db, &d, msg, sizeof msg) != 0) {
      fprintf(stderr, "%s\n", msg);
      goto emit_done;
    }
    db_ctx x = {&em, per_fn, selected};
    int rc = db_each_cex(d, NULL, NULL, NULL, db_cex_cb, &x, msg, sizeof msg);
    db_close(d);
    if (rc < 0) {
      fprintf(stderr, "%s\n", msg);
      goto emit_done;
    }
  }
  if (em.oom) {
    fprintf(stderr, "layoutcheck lean emit: out of memory\n");
    goto emit_done;
  }
  if (write_emitted(&em, out, (unsigned long long)seed, map_path) != 0) goto emit_done;
  printf("%s: %d #guard_msgs blocks (%d generated, %d from the corpus, %d from results.db)\n", out,
         em.n, em.from_gen, em.from_corpus, em.from_db);
  if (em.skipped_error || em.skipped_long || em.skipped_args)
    printf("left out: %d inputs the oracle refuses, %d values too long for one line, %d inputs "
           "with no Lean form\n",
           em.skipped_error, em.skipped_long, em.skipped_args);
  status = 0;
emit_done:
  for (int i = 0; i < em.n; i++) {
    free(em.v[i].expr);
    free(em.v[i].value);
    free(em.v[i].from);
  }
  free(em.v);
  for (int i = 0; i < nown; i++) free(own_corpus[i]);
  free(own_corpus);
  free(selected);
  free(per_fn);
  lean_map_free(m);
usage_done:
  free(corpus);
  return status;
}

/* --- map --------------------------------------------------------------- */

/* Print a string as a double-quoted YAML scalar. */
static void yaml_quoted(const char *s) {
  putchar('"');
  for (; *s; s++) {
    if (*s == '"' || *s == '\\')
      printf("\\%c", *s);
    else if (*s == '\n')
      printf("\\n");
    else
      putchar(*s);
  }
  putchar('"');
}

/* lean map: the built-in map as YAML (lean/default-map.yaml's content). */
static int lean_print_map(void) {
  lean_map *m = lean_map_default();
  if (!m) return 2;
  printf("namespace: %s\nlayout_repr: %s\nheader: ", m->root, lean_repr_name(m->layout_repr));
  yaml_quoted(m->header);
  printf("\nfunctions:\n");
  for (int i = 0; i < m->n; i++) {
    const lean_fn *f = &m->fns[i];
    char t[32];
    lean_type_name(f->result, t, sizeof t);
    printf("  - {lean: %s, op: %s, args: [", f->lean, f->op);
    for (int a = 0; a < f->nargs; a++) printf("%s%s", a ? ", " : "", lean_kind_name(f->args[a]));
    printf("], result: %s, compare: %s", t, lean_compare_name(f->compare));
    if (f->gen) printf(", gen: %s", f->gen);
    printf("}\n");
  }
  lean_map_free(m);
  return 0;
}

/* layoutcheck lean SUBCOMMAND ... */
int cmd_lean(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "%s", lean_usage);
    return 2;
  }
  if (!strcmp(argv[1], "check")) return lean_check(argc - 1, argv + 1);
  if (!strcmp(argv[1], "emit")) return lean_emit(argc - 1, argv + 1);
  if (!strcmp(argv[1], "map")) return lean_print_map();
  if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
    printf("%s", lean_usage);
    return 0;
  }
  fprintf(stderr, "layoutcheck lean: unknown subcommand '%s'\n%s", argv[1], lean_usage);
  return 2;
}
