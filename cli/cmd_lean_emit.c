/*
** cmd_lean_emit.c -- `layoutcheck lean emit --out FILE.lean`: the oracle's
** answers for generated cases, corpus cases and stored counterexamples,
** written as #guard_msgs golden tests for the Lean side.
*/
#include "cli_help.h"
#include "cmd_lean.h"

#include "corpus_read.h"
#include "store.h"
#include "gen.h"
#include "lean_log.h"
#include "lean_map.h"
#include "lean_parse.h"
#include "case_line.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

/* --- emit -------------------------------------------------------------- */

/* One block of the emitted file. */
typedef struct block {
  const lean_fn *fn;
  int order;            /* the function's place in the map, then the block's in the run */
  char *expr;           /* the #eval term */
  char *value;          /* the pinned value */
  char *from;           /* where the input came from */
  long long count, sum; /* the size of the input (lean_request_size) */
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
  long long count, sum;
  lean_request_size(req, &count, &sum);
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
  b->count = count;
  b->sum = sum;
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
  if (case_line_read(cx->input, &k, op, sizeof op) != 0) return 0;
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

/* Does block a come after block b: a later function of the map, or of the
** same function a larger input (more numbers, then a larger sum)? */
static int block_after(const block *a, const block *b) {
  if (a->order != b->order) return a->order > b->order;
  if (a->count != b->count) return a->count > b->count;
  return a->sum > b->sum;
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
  /* blocks grouped by function, in the map's order, each function's from
  ** the smallest input to the largest (stable) */
  for (int i = 1; i < em->n; i++)
    for (int j = i; j > 0 && block_after(&em->v[j - 1], &em->v[j]); j--) {
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

/* The options of `lean emit`; corpus is malloc'd (the names are argv's). */
typedef struct emit_opts {
  const char *out, *map_path, *ops, *from_db;
  long long cases, seed;
  char **corpus;
  int ncorpus, no_corpus, explicit_corpus;
} emit_opts;

/* Add one --corpus FILE to the emit_opts ctx; 0, or 2 out of memory. */
static int emit_take_corpus(void *ctx, const char *value) {
  emit_opts *o = ctx;
  char **g = realloc(o->corpus, (size_t)(o->ncorpus + 1) * sizeof *g);
  if (!g) return fputs("layoutcheck lean emit: out of memory\n", stderr), 2;
  o->corpus = g;
  o->corpus[o->ncorpus++] = (char *)value; /* an argv string */
  o->explicit_corpus = 1;
  return 0;
}

/* Parse the options of `lean emit` into *o (which starts zeroed but for
** the defaults): 0, CLI_HELP after the usage on stdout, or 2 with a
** message (o->corpus is freed by the caller either way). */
static int emit_parse_args(int argc, char **argv, emit_opts *o) {
  const char *cases = NULL, *seed = NULL;
  const cli_opt opts[] = {
      CLI_VALUE("out", &o->out),
      CLI_VALUE("map", &o->map_path),
      CLI_VALUE("ops", &o->ops),
      CLI_VALUE("cases", &cases),
      CLI_VALUE("seed", &seed),
      {"corpus", 0, NULL, NULL, emit_take_corpus, o},
      CLI_FLAG("no-corpus", 0, &o->no_corpus),
      CLI_VALUE("from-db", &o->from_db),
  };
  int npos;
  int rc = cli_parse(argc, argv, opts, (int)(sizeof opts / sizeof opts[0]), cli_help_usage("lean"),
                     NULL, 0, &npos);
  if (rc) return rc;
  if (cases && (cmd_lean_read_count(cases, 0, &o->cases) != 0 || o->cases > 100000)) {
    fprintf(stderr, "layoutcheck lean emit: --cases: expected 0 to 100000, found '%s'\n", cases);
    return 2;
  }
  if (seed && cmd_lean_read_count(seed, 0, &o->seed) != 0) {
    fprintf(stderr, "layoutcheck lean emit: --seed: expected a number, found '%s'\n", seed);
    return 2;
  }
  if (!o->out) {
    fprintf(stderr, "layoutcheck lean emit: --out FILE.lean is required\n%s",
            cli_help_usage("lean"));
    return 2;
  }
  return 0;
}

/* Generated inputs, function by function, for the selected functions of
** em->m; a function of morphisms is reached through each producer of
** printable morphisms. */
static void emit_all_generated(emitter *em, const int *selected, uint64_t seed) {
  const lean_map *m = em->m;
  for (int i = 0; i < m->n && !em->oom; i++) {
    const lean_fn *fn = &m->fns[i];
    if (!selected[i] || !strcmp(fn->op, "id")) continue;
    int morph_args = 0;
    for (int a = 0; a < fn->nargs; a++) morph_args += fn->args[a] == LEAN_T_MORPHISM;
    if (fn->result.kind == LEAN_T_MORPHISM) continue;
    if (morph_args == 0) {
      emit_generated(em, fn, NULL, seed);
    } else if (fn->nargs == 1) { /* toLayout (id S): through each producer of morphisms */
      for (int j = 0; j < m->n; j++) {
        const lean_fn *p = &m->fns[j];
        int printable = p->result.kind == LEAN_T_MORPHISM && !p->result.option;
        for (int a = 0; a < p->nargs; a++) printable &= p->args[a] != LEAN_T_MORPHISM;
        if (printable) emit_generated(em, p, fn, seed);
      }
    }
  }
}

/* The corpus files of o (the default ones, found and kept in *own and *nown
** for the caller to free, unless o names some): 0, or -1 with a message. */
static int emit_from_corpus(emitter *em, emit_opts *o, int *per_fn, int *selected, char ***own,
                            int *nown) {
  if (o->no_corpus) return 0;
  if (!o->explicit_corpus) {
    default_corpus(own, nown);
    o->corpus = realloc(o->corpus, (size_t)(*nown + 1) * sizeof *o->corpus);
    if (!o->corpus) {
      fprintf(stderr, "layoutcheck lean emit: out of memory\n");
      return -1;
    }
    for (int i = 0; i < *nown; i++) o->corpus[i] = (*own)[i];
    o->ncorpus = *nown;
  }
  for (int i = 0; i < o->ncorpus && !em->oom; i++) {
    corpus_ctx x = {em, o->corpus[i], per_fn, selected};
    corpus_error err;
    if (corpus_read(o->corpus[i], corpus_case_cb, &x, &err) != 0) {
      if (err.line)
        fprintf(stderr, "%s:%zu:%zu: %s\n", o->corpus[i], err.line, err.column, err.text);
      else
        fprintf(stderr, "%s: %s\n", o->corpus[i], err.text);
      return -1;
    }
  }
  return 0;
}

/* The shrunk counterexamples of results.db at path: 0, or -1 with a
** message. */
static int emit_from_db(emitter *em, const char *path, int *per_fn, int *selected) {
  db *d;
  char msg[768];
  if (db_open_readonly(path, &d, msg, sizeof msg) != 0) {
    fprintf(stderr, "%s\n", msg);
    return -1;
  }
  db_ctx x = {em, per_fn, selected};
  int rc = db_each_cex(d, NULL, NULL, NULL, db_cex_cb, &x, msg, sizeof msg);
  db_close(d);
  if (rc < 0) {
    fprintf(stderr, "%s\n", msg);
    return -1;
  }
  return 0;
}

/* Emit the blocks o asks for with map m into o->out and say how many:
** 0, or 2 with a message. */
static int emit_run(emit_opts *o, lean_map *m) {
  emitter em;
  memset(&em, 0, sizeof em);
  em.m = m;
  em.cases = o->cases;
  int *selected = calloc((size_t)m->n + 1, sizeof *selected);
  int *per_fn = calloc((size_t)m->n + 1, sizeof *per_fn);
  char **own_corpus = NULL;
  int nown = 0, status = 2, any = 0;
  if (!selected || !per_fn) {
    fprintf(stderr, "layoutcheck lean emit: out of memory\n");
    goto done;
  }
  for (int i = 0; i < m->n; i++) any += selected[i] = op_selected(o->ops, &m->fns[i]);
  if (!any) {
    fprintf(stderr, "layoutcheck lean emit: --ops %s names no function of the map\n", o->ops);
    goto done;
  }
  emit_all_generated(&em, selected, (uint64_t)o->seed);
  if (emit_from_corpus(&em, o, per_fn, selected, &own_corpus, &nown) != 0) goto done;
  if (o->from_db && emit_from_db(&em, o->from_db, per_fn, selected) != 0) goto done;
  if (em.oom) {
    fprintf(stderr, "layoutcheck lean emit: out of memory\n");
    goto done;
  }
  if (write_emitted(&em, o->out, (unsigned long long)o->seed, o->map_path) != 0) goto done;
  printf("%s: %d #guard_msgs blocks (%d generated, %d from the corpus, %d from results.db)\n",
         o->out, em.n, em.from_gen, em.from_corpus, em.from_db);
  if (em.skipped_error || em.skipped_long || em.skipped_args)
    printf("left out: %d inputs the oracle refuses, %d values too long for one line, %d inputs "
           "with no Lean form\n",
           em.skipped_error, em.skipped_long, em.skipped_args);
  status = 0;
done:
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
  return status;
}

/* `lean emit`: see the top of this file. */
int cmd_lean_emit(int argc, char **argv) {
  emit_opts o = {.cases = 10, .seed = 1};
  int status = emit_parse_args(argc, argv, &o);
  if (status == CLI_HELP) {
    free(o.corpus);
    return 0;
  }
  lean_map *m = status == 0 ? cmd_lean_load_map(o.map_path) : NULL;
  if (status == 0 && !m) status = 2;
  if (m) status = emit_run(&o, m);
  lean_map_free(m);
  free(o.corpus);
  return status;
}
