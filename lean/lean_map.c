/*
** lean_map.c -- the Lean-to-oracle mapping (see lean_map.h).
**
** Sections: names of kinds and rules; the built-in map; the YAML loader
** (libyaml's event parser, the whole stream read first, as cli/config.c
** does); values (reading Lean's output, the oracle's syntax, printing);
** calls (oracle ops and the few local ops); scopes; translation.
*/
#include "lean_map.h"
#include "lean_views.h"

#include "gen.h"

#include "yaml_read.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The room for one answer of the oracle. */
#define ORACLE_ANSWER_CAP ((size_t)1 << 16)

/* --- names ------------------------------------------------------------- */

static const char *const kind_names[] = {"int",      "bool",   "layout", "tuple",
                                         "morphism", "tensor", "list",   "fun"};

/* "int", "bool", ... */
const char *lean_kind_name(lean_kind k) {
  return k >= LEAN_T_INT && k <= LEAN_T_LAST ? kind_names[k] : "?";
}

/* "layout" or "option layout". */
void lean_type_name(lean_type t, char *buf, size_t cap) {
  snprintf(buf, cap, "%s%s", t.option ? "option " : "", lean_kind_name(t.kind));
}

/* "exact", "function", "coalesced". */
const char *lean_compare_name(lean_compare c) {
  return c == LEAN_CMP_FUNCTION ? "function" : c == LEAN_CMP_COALESCED ? "coalesced" : "exact";
}

/* "pairs", "modes", "structs". */
const char *lean_repr_name(lean_repr r) {
  return r == LEAN_REPR_MODES ? "modes" : r == LEAN_REPR_STRUCTS ? "structs" : "pairs";
}

/* A kind by name ("nat" is int); -1 when unknown. */
static int kind_parse(const char *s) {
  for (int k = 0; k <= LEAN_T_LAST; k++)
    if (!strcmp(s, kind_names[k])) return k;
  return !strcmp(s, "nat") ? LEAN_T_INT : -1;
}

/* A result type: KIND or "option KIND"; -1 when not. */
static int type_parse(const char *s, lean_type *t) {
  t->option = 0;
  if (!strncmp(s, "option ", 7)) {
    t->option = 1;
    s += 7;
    while (*s == ' ') s++;
  }
  int k = kind_parse(s);
  if (k < 0) return -1;
  t->kind = (lean_kind)k;
  return 0;
}

/* A comparison rule by name; -1 when unknown. */
static int compare_parse(const char *s, lean_compare *c) {
  for (int k = LEAN_CMP_EXACT; k <= LEAN_CMP_COALESCED; k++)
    if (!strcmp(s, lean_compare_name((lean_compare)k))) {
      *c = (lean_compare)k;
      return 0;
    }
  return -1;
}

/* A layout print form by name; -1 when unknown. */
static int repr_parse(const char *s, lean_repr *r) {
  for (int k = LEAN_REPR_PAIRS; k <= LEAN_REPR_STRUCTS; k++)
    if (!strcmp(s, lean_repr_name((lean_repr)k))) {
      *r = (lean_repr)k;
      return 0;
    }
  return -1;
}

/* The ops computed here rather than by lo_eval. */
static int local_op(const char *op) {
  return !strcmp(op, "id") || !strcmp(op, "colex") || !strcmp(op, "colex_inverse") ||
         !strcmp(op, "codomain") || lean_views_op(op);
}

/* Is op an op of lo_eval or a local op? */
static int known_op(const char *op) {
  if (local_op(op)) return 1;
  for (int i = 0, n = lo_op_count(); i < n; i++)
    if (!strcmp(lo_op_at(i)->name, op)) return 1;
  return 0;
}

/* A malloc'd copy of s (NULL stays NULL); *oom set on failure. */
static char *sdup(const char *s, int *oom) {
  if (!s) return NULL;
  char *d = malloc(strlen(s) + 1);
  if (!d) {
    *oom = 1;
    return NULL;
  }
  strcpy(d, s);
  return d;
}

/* --- the map ----------------------------------------------------------- */

/* The built-in map: the naming of the Lean design (seed 000). */
static const struct {
  const char *lean, *op, *args, *result, *compare, *gen;
} builtin[] = {
    {"mkLayout", "id", "layout", "layout", "exact", NULL},
    {"FlatLayout.coalesce", "coalesce", "layout", "layout", "exact", "flat_layout"},
    {"FlatLayout.complement", "complement", "layout int", "layout", "exact", "complementable"},
    {"FlatLayout.sort", "sort", "layout", "layout", "exact", "flat_layout"},
    {"FlatLayout.isTractable", "is_tractable", "layout", "bool", "exact", "flat_layout"},
    {"FlatLayout.isNonDegenerate", "is_nondegenerate", "layout", "bool", "exact", "flat_layout"},
    {"FlatLayout.isCompact", "is_compact", "layout", "bool", "exact", "flat_layout"},
    {"FlatLayout.isSorted", "is_sorted", "layout", "bool", "exact", "flat_layout"},
    {"FlatLayout.size", "size", "layout", "int", "exact", "flat_layout"},
    {"FlatLayout.cosize", "cosize", "layout", "int", "exact", "flat_layout"},
    {"FlatLayout.apply", "apply", "layout int", "int", "exact", "layout_index"},
    {"FlatLayout.toCoords", "colex_inverse", "layout int", "tuple", "exact", "layout_index"},
    {"FlatLayout.fromCoords", "colex", "layout tuple", "int", "exact", "layout_index"},
    {"FlatLayout.concat", "flat_concat", "layout layout", "layout", "exact", "layout_pair"},
    {"FlatLayout.compose", "composition", "layout layout", "layout", "function",
     "composable_layouts"},
    {"layoutToCodomain", "codomain", "layout", "tuple", "exact", "tractable"},
    {"layoutToMorphism", "morphism", "layout", "morphism", "exact", "tractable"},
    {"TupleMorphism.id", "identity", "tuple", "morphism", "exact", "tuple"},
    {"TupleMorphism.toLayout", "layout", "morphism", "layout", "exact", NULL},
    {"Tuple.size", "size", "tuple", "int", "exact", "tuple"},
    {"colex", "colex", "tuple tuple", "int", "exact", "tuple"},
};

/* The first lines of emitted files for the built-in map. */
static const char builtin_header[] = "import CuTe\nopen CuTe\n";

/* An empty map owned by the caller; NULL when out of memory. */
static lean_map *map_new(const char *path) {
  lean_map *m = calloc(1, sizeof *m);
  int oom = 0;
  if (!m) return NULL;
  m->path = sdup(path, &oom);
  m->root = sdup("", &oom);
  m->header = sdup("", &oom);
  if (oom) {
    lean_map_free(m);
    return NULL;
  }
  return m;
}

/* Room for one more function; -1 when out of memory. */
static int map_grow(lean_map *m) {
  if (m->n < m->cap) return 0;
  int cap = m->cap ? 2 * m->cap : 32;
  lean_fn *f = realloc(m->fns, (size_t)cap * sizeof *f);
  if (!f) return -1;
  m->fns = f;
  m->cap = cap;
  return 0;
}

/* Free the strings of a function. */
static void fn_clear(lean_fn *f) {
  free(f->lean);
  free(f->op);
  free(f->gen);
  memset(f, 0, sizeof *f);
}

/* The built-in map (see lean_map.h). */
lean_map *lean_map_default(void) {
  lean_map *m = map_new("(built-in)");
  int oom = 0;
  if (!m) return NULL;
  free(m->root);
  free(m->header);
  m->root = sdup("CuTe", &oom);
  m->header = sdup(builtin_header, &oom);
  m->layout_repr = LEAN_REPR_PAIRS;
  for (size_t i = 0; i < sizeof builtin / sizeof builtin[0] && !oom; i++) {
    if (map_grow(m) != 0) {
      oom = 1;
      break;
    }
    lean_fn *f = &m->fns[m->n];
    memset(f, 0, sizeof *f);
    char args[64];
    snprintf(args, sizeof args, "%s", builtin[i].args);
    for (char *w = strtok(args, " "); w && f->nargs < LEAN_MAX_ARGS; w = strtok(NULL, " "))
      f->args[f->nargs++] = (lean_kind)kind_parse(w);
    type_parse(builtin[i].result, &f->result);
    compare_parse(builtin[i].compare, &f->compare);
    f->lean = sdup(builtin[i].lean, &oom);
    f->op = sdup(builtin[i].op, &oom);
    f->gen = sdup(builtin[i].gen, &oom);
    m->n++;
  }
  if (oom) {
    lean_map_free(m);
    return NULL;
  }
  return m;
}

/* Free a map (see lean_map.h). */
void lean_map_free(lean_map *m) {
  if (!m) return;
  for (int i = 0; i < m->n; i++) fn_clear(&m->fns[i]);
  free(m->fns);
  free(m->path);
  free(m->root);
  free(m->header);
  free(m);
}

/* Compare two maps (see lean_map.h). */
int lean_map_equal(const lean_map *a, const lean_map *b, char *why, size_t cap) {
  if (strcmp(a->root, b->root)) return snprintf(why, cap, "namespace differs"), 0;
  if (a->layout_repr != b->layout_repr) return snprintf(why, cap, "layout_repr differs"), 0;
  if (strcmp(a->header, b->header)) return snprintf(why, cap, "header differs"), 0;
  if (a->n != b->n) return snprintf(why, cap, "%d functions vs %d", a->n, b->n), 0;
  for (int i = 0; i < a->n; i++) {
    const lean_fn *f = &a->fns[i], *g = &b->fns[i];
    int same = !strcmp(f->lean, g->lean) && !strcmp(f->op, g->op) && f->nargs == g->nargs &&
               f->result.kind == g->result.kind && f->result.option == g->result.option &&
               f->compare == g->compare &&
               ((!f->gen && !g->gen) || (f->gen && g->gen && !strcmp(f->gen, g->gen)));
    for (int k = 0; same && k < f->nargs; k++) same = f->args[k] == g->args[k];
    if (!same) return snprintf(why, cap, "function %d (%s) differs", i + 1, f->lean), 0;
  }
  if (cap) why[0] = '\0';
  return 1;
}

/* The map's layout constructor (see lean_map.h). */
const lean_fn *lean_map_ctor(const lean_map *m) {
  for (int i = 0; i < m->n; i++) {
    const lean_fn *f = &m->fns[i];
    if (!strcmp(f->op, "id") && f->nargs == 1 && f->args[0] == LEAN_T_LAYOUT &&
        f->result.kind == LEAN_T_LAYOUT && !f->result.option)
      return f;
  }
  return NULL;
}

/* --- the YAML loader --------------------------------------------------- */

typedef struct loader {
  yaml_doc doc; /* the file's events and the walk's place in them */
  lean_map *m;
} loader;

/* The current event as a string (a scalar without NUL bytes): copied into
** out[0..cap) (cut); -1 with a message naming key when it is not one. */
static int scalar(loader *ld, const char *key, char *out, size_t cap) {
  const yaml_event_t *e = yaml_cur(&ld->doc);
  if (e->type != YAML_SCALAR_EVENT)
    return yaml_fail(&ld->doc, e->start_mark, "%s: expected a string, found a %s", key,
                     e->type == YAML_SEQUENCE_START_EVENT  ? "sequence"
                     : e->type == YAML_MAPPING_START_EVENT ? "mapping"
                                                           : "node");
  size_t len = e->data.scalar.length;
  if (memchr(e->data.scalar.value, '\0', len))
    return yaml_fail(&ld->doc, e->start_mark, "%s: the string contains a NUL byte", key);
  if (len >= cap) return yaml_fail(&ld->doc, e->start_mark, "%s: the string is too long", key);
  memcpy(out, e->data.scalar.value, len);
  out[len] = '\0';
  return 0;
}

/* Is s a dotted Lean identifier (ASCII letters, digits, _ ' ! ? and
** non-ASCII characters; components separated by single dots)? */
static int lean_ident(const char *s) {
  int start = 1;
  if (!*s) return 0;
  for (; *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '.') {
      if (start) return 0;
      start = 1;
      continue;
    }
    int letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c >= 0x80;
    int rest = letter || (c >= '0' && c <= '9') || c == '\'' || c == '!' || c == '?';
    if (start ? !letter : !rest) return 0;
    start = 0;
  }
  return !start;
}

/* Check a function's local op against its kinds: NULL, or a message (a
** constant, or why[0..cap) for a tensor op). */
static const char *check_local(const lean_fn *f, char *why, size_t cap) {
  int k0 = f->nargs > 0 ? (int)f->args[0] : -1, k1 = f->nargs > 1 ? (int)f->args[1] : -1;
  lean_kind r = f->result.kind;
  if (lean_views_op(f->op)) return lean_views_check(f, why, cap);
  if (!strcmp(f->op, "id"))
    return f->nargs == 1 && k0 == (int)r ? NULL : "op id takes one argument of the result's kind";
  if (!strcmp(f->op, "colex"))
    return f->nargs == 2 && (k0 == LEAN_T_LAYOUT || k0 == LEAN_T_TUPLE) && k1 == LEAN_T_TUPLE &&
                   r == LEAN_T_INT
               ? NULL
               : "op colex takes [layout or tuple, tuple] and gives int";
  if (!strcmp(f->op, "colex_inverse"))
    return f->nargs == 2 && (k0 == LEAN_T_LAYOUT || k0 == LEAN_T_TUPLE) && k1 == LEAN_T_INT &&
                   r == LEAN_T_TUPLE
               ? NULL
               : "op colex_inverse takes [layout or tuple, int] and gives tuple";
  if (!strcmp(f->op, "codomain"))
    return f->nargs == 1 && k0 == LEAN_T_LAYOUT && r == LEAN_T_TUPLE
               ? NULL
               : "op codomain takes [layout] and gives tuple";
  return NULL;
}

/* One entry of `functions`: a mapping (the current event). */
static int read_fn(loader *ld, lean_fn *f) {
  const yaml_event_t *start = yaml_cur(&ld->doc);
  yaml_mark_t at = start->start_mark, op_mark = at, res_mark = at, args_mark = at;
  char buf[512];
  int have_lean = 0, have_op = 0, have_args = 0, have_result = 0, have_compare = 0, oom = 0;
  if (start->type != YAML_MAPPING_START_EVENT)
    return yaml_fail(&ld->doc, at,
                     "functions: each entry must be a mapping {lean, op, args, result}");
  f->line = (int)at.line + 1;
  f->col = (int)at.column + 1;
  for (yaml_next(&ld->doc); yaml_cur(&ld->doc)->type != YAML_MAPPING_END_EVENT;
       yaml_next(&ld->doc)) {
    char key[32];
    yaml_mark_t km = yaml_cur(&ld->doc)->start_mark;
    if (yaml_cur(&ld->doc)->type != YAML_SCALAR_EVENT)
      return yaml_fail(&ld->doc, km, "a key must be a string");
    if (scalar(ld, "key", key, sizeof key) != 0) return yaml_fail(&ld->doc, km, "unknown key");
    yaml_next(&ld->doc);
    yaml_mark_t vm = yaml_cur(&ld->doc)->start_mark;
    int *seen = !strcmp(key, "lean")      ? &have_lean
                : !strcmp(key, "op")      ? &have_op
                : !strcmp(key, "args")    ? &have_args
                : !strcmp(key, "result")  ? &have_result
                : !strcmp(key, "compare") ? &have_compare
                                          : NULL;
    if (seen && *seen) return yaml_fail(&ld->doc, km, "duplicate key '%s'", key);
    if (seen) *seen = 1;
    if (!strcmp(key, "lean")) {
      if (scalar(ld, key, buf, sizeof buf) != 0) return -1;
      if (!lean_ident(buf))
        return yaml_fail(&ld->doc, vm,
                         "lean: expected a Lean name such as FlatLayout.coalesce, found '%s'", buf);
      f->lean = sdup(buf, &oom);
    } else if (!strcmp(key, "op")) {
      if (scalar(ld, key, buf, sizeof buf) != 0) return -1;
      if (!known_op(buf))
        return yaml_fail(&ld->doc, vm,
                         "op: unknown op '%s' (an op of `layoutcheck eval --list`, or id, colex, "
                         "colex_inverse, codomain)",
                         buf);
      f->op = sdup(buf, &oom);
      op_mark = vm;
    } else if (!strcmp(key, "args")) {
      args_mark = vm;
      if (yaml_cur(&ld->doc)->type != YAML_SEQUENCE_START_EVENT)
        return yaml_fail(&ld->doc, vm, "args: expected a sequence of kinds such as [layout, int]");
      for (yaml_next(&ld->doc); yaml_cur(&ld->doc)->type != YAML_SEQUENCE_END_EVENT;
           yaml_next(&ld->doc)) {
        yaml_mark_t am = yaml_cur(&ld->doc)->start_mark;
        if (scalar(ld, "args", buf, sizeof buf) != 0) return -1;
        int k = kind_parse(buf);
        if (k < 0)
          return yaml_fail(&ld->doc, am,
                           "args: expected int, bool, layout, tuple or morphism, found '%s'", buf);
        if (f->nargs == LEAN_MAX_ARGS)
          return yaml_fail(&ld->doc, am, "args: at most %d arguments", LEAN_MAX_ARGS);
        f->args[f->nargs++] = (lean_kind)k;
      }
    } else if (!strcmp(key, "result")) {
      if (scalar(ld, key, buf, sizeof buf) != 0) return -1;
      if (type_parse(buf, &f->result) != 0)
        return yaml_fail(
            &ld->doc, vm,
            "result: expected int, bool, layout, tuple, morphism or option KIND, found "
            "'%s'",
            buf);
      res_mark = vm;
    } else if (!strcmp(key, "compare")) {
      if (scalar(ld, key, buf, sizeof buf) != 0) return -1;
      if (compare_parse(buf, &f->compare) != 0)
        return yaml_fail(&ld->doc, vm, "compare: expected exact, function or coalesced, found '%s'",
                         buf);
    } else if (!strcmp(key, "gen")) {
      if (f->gen) return yaml_fail(&ld->doc, km, "duplicate key 'gen'");
      if (scalar(ld, key, buf, sizeof buf) != 0) return -1;
      if (!gen_find(buf))
        return yaml_fail(&ld->doc, vm, "gen: unknown generator '%s' (see the README's list)", buf);
      f->gen = sdup(buf, &oom);
    } else if (!strcmp(key, "note")) {
      if (scalar(ld, key, buf, sizeof buf) != 0) return -1;
    } else {
      return yaml_fail(&ld->doc, km,
                       "unknown key '%s' (lean, op, args, result, compare, gen, note)", key);
    }
    if (oom) return yaml_fail(&ld->doc, vm, "out of memory");
  }
  if (!have_lean || !have_op || !have_args || !have_result)
    return yaml_fail(&ld->doc, at, "missing key '%s'",
                     !have_lean   ? "lean"
                     : !have_op   ? "op"
                     : !have_args ? "args"
                                  : "result");
  char why[160];
  const char *bad = check_local(f, why, sizeof why);
  if (bad) return yaml_fail(&ld->doc, op_mark, "%s", bad);
  (void)res_mark;
  (void)args_mark;
  return 0;
}

/* Add (or replace, by Lean name) a function read from the file. */
static int put_fn(loader *ld, lean_fn *f, int from_file) {
  lean_map *m = ld->m;
  for (int i = 0; i < m->n; i++) {
    if (strcmp(m->fns[i].lean, f->lean) != 0) continue;
    if (m->fns[i].line > 0 && from_file) {
      yaml_mark_t at = {0};
      at.line = (size_t)f->line - 1;
      at.column = (size_t)f->col - 1;
      int first = m->fns[i].line;
      fn_clear(f);
      return yaml_fail(&ld->doc, at, "lean: duplicate name (first at line %d)", first);
    }
    fn_clear(&m->fns[i]); /* a file entry replaces a built-in one */
    m->fns[i] = *f;
    return 0;
  }
  if (map_grow(m) != 0) {
    fn_clear(f);
    return yaml_fail(&ld->doc, yaml_cur(&ld->doc)->start_mark, "out of memory");
  }
  m->fns[m->n++] = *f;
  return 0;
}

/* Replace m's settings and functions with the built-in map's. */
static int use_builtin(loader *ld) {
  lean_map *d = lean_map_default();
  if (!d) return yaml_fail(&ld->doc, yaml_cur(&ld->doc)->start_mark, "out of memory");
  lean_map *m = ld->m;
  for (int i = 0; i < m->n; i++) fn_clear(&m->fns[i]);
  free(m->fns);
  free(m->root);
  free(m->header);
  m->fns = d->fns;
  m->n = d->n;
  m->cap = d->cap;
  m->root = d->root;
  m->header = d->header;
  m->layout_repr = d->layout_repr;
  d->fns = NULL;
  d->n = d->cap = 0;
  d->root = d->header = NULL;
  lean_map_free(d);
  return 0;
}

/* The top-level mapping. */
static int read_top(loader *ld) {
  const yaml_event_t *e = yaml_next(&ld->doc); /* after STREAM-START */
  if (e->type == YAML_STREAM_END_EVENT) return yaml_fail(&ld->doc, e->start_mark, "empty map file");
  e = yaml_next(&ld->doc); /* after DOCUMENT-START */
  if (e->type != YAML_MAPPING_START_EVENT)
    return yaml_fail(&ld->doc, e->start_mark, "the map must be a mapping with a 'functions' key");
  int seen[5] = {0}, have_functions = 0, oom = 0;
  static const char *const keys[] = {"base", "namespace", "layout_repr", "header", "functions"};
  char buf[4096];
  for (yaml_next(&ld->doc); yaml_cur(&ld->doc)->type != YAML_MAPPING_END_EVENT;
       yaml_next(&ld->doc)) {
    char key[32];
    yaml_mark_t km = yaml_cur(&ld->doc)->start_mark;
    if (yaml_cur(&ld->doc)->type != YAML_SCALAR_EVENT || scalar(ld, "key", key, sizeof key) != 0)
      return yaml_fail(&ld->doc, km,
                       "expected a key (base, namespace, layout_repr, header, functions)");
    int k = 0;
    while (k < 5 && strcmp(keys[k], key) != 0) k++;
    if (k == 5)
      return yaml_fail(&ld->doc, km,
                       "unknown key '%s' (base, namespace, layout_repr, header, functions)", key);
    if (seen[k]) return yaml_fail(&ld->doc, km, "duplicate key '%s'", key);
    seen[k] = 1;
    yaml_next(&ld->doc);
    yaml_mark_t vm = yaml_cur(&ld->doc)->start_mark;
    if (k == 0) {
      if (scalar(ld, key, buf, sizeof buf) != 0) return -1;
      if (strcmp(buf, "default") != 0 && strcmp(buf, "none") != 0)
        return yaml_fail(&ld->doc, vm, "base: expected default or none, found '%s'", buf);
      if (ld->m->n > 0 || seen[1] || seen[2] || seen[3])
        return yaml_fail(&ld->doc, km, "base: must come first");
      if (!strcmp(buf, "default") && use_builtin(ld) != 0) return -1;
    } else if (k == 1) {
      if (scalar(ld, key, buf, sizeof buf) != 0) return -1;
      if (buf[0] && !lean_ident(buf))
        return yaml_fail(&ld->doc, vm, "namespace: expected a Lean name, found '%s'", buf);
      free(ld->m->root);
      ld->m->root = sdup(buf, &oom);
    } else if (k == 2) {
      if (scalar(ld, key, buf, sizeof buf) != 0) return -1;
      if (repr_parse(buf, &ld->m->layout_repr) != 0)
        return yaml_fail(&ld->doc, vm, "layout_repr: expected pairs, modes or structs, found '%s'",
                         buf);
    } else if (k == 3) {
      if (scalar(ld, key, buf, sizeof buf) != 0) return -1;
      free(ld->m->header);
      ld->m->header = sdup(buf, &oom);
    } else {
      have_functions = 1;
      if (yaml_cur(&ld->doc)->type != YAML_SEQUENCE_START_EVENT)
        return yaml_fail(&ld->doc, vm, "functions: expected a sequence of mappings");
      for (yaml_next(&ld->doc); yaml_cur(&ld->doc)->type != YAML_SEQUENCE_END_EVENT;
           yaml_next(&ld->doc)) {
        lean_fn f;
        memset(&f, 0, sizeof f);
        if (read_fn(ld, &f) != 0) {
          fn_clear(&f);
          return -1;
        }
        if (put_fn(ld, &f, 1) != 0) return -1;
      }
    }
    if (oom) return yaml_fail(&ld->doc, vm, "out of memory");
  }
  if (!have_functions && ld->m->n == 0)
    return yaml_fail(&ld->doc, yaml_cur(&ld->doc)->start_mark, "no 'functions' in the map");
  e = yaml_next(&ld->doc); /* DOCUMENT-END */
  e = yaml_next(&ld->doc);
  if (e->type == YAML_DOCUMENT_START_EVENT)
    return yaml_fail(&ld->doc, e->start_mark, "a map file holds one document");
  return 0;
}

/* Load a map file (see lean_map.h). */
int lean_map_load(const char *path, lean_map **out, char *msg, size_t cap) {
  loader ld = {.m = NULL};
  *out = NULL;
  int rc = yaml_doc_load(&ld.doc, path, 0, msg, cap);
  if (rc == 0) {
    ld.m = map_new(path);
    if (!ld.m) rc = yaml_fail(&ld.doc, yaml_cur(&ld.doc)->start_mark, "out of memory");
  }
  if (rc == 0) rc = read_top(&ld);
  yaml_doc_free(&ld.doc);
  if (rc != 0) {
    lean_map_free(ld.m);
    return -1;
  }
  *out = ld.m;
  return 0;
}

/* --- values ------------------------------------------------------------ */

/* Start a value of type t. */
static void value_init(lean_value *v, lean_type t) {
  memset(v, 0, sizeof *v);
  v->type = t;
}

/* Describe a term for a message: its text, cut. */
static void term_text(const lean_expr *e, char *out, size_t cap) {
  if (lean_expr_print(e, out, cap) != 0 && cap > 4) strcpy(out + cap - 4, "...");
}

/* Read an integer: n, ⟨n, proof⟩, { val := n, .. }.  0 or -1 with why. */
static int read_int(const lean_expr *e, lo_int *v, char *why, size_t cap) {
  if (e->kind == LEAN_NUM) {
    *v = e->num;
    return 0;
  }
  if (e->kind == LEAN_ANON && (e->n == 1 || (e->n == 2 && (e->kids[1]->kind == LEAN_PROOF ||
                                                           e->kids[1]->kind == LEAN_NAME))))
    return read_int(e->kids[0], v, why, cap);
  if (e->kind == LEAN_STRUCT)
    for (int i = 0; i < e->n; i++)
      if (!strcmp(e->fields[i], "val")) return read_int(e->kids[i], v, why, cap);
  char t[96];
  term_text(e, t, sizeof t);
  snprintf(why, cap, "expected a number, found %s", t);
  return -1;
}

/* Is e the map's layout constructor applied to one argument? */
static const lean_expr *ctor_arg(const lean_map *m, const lean_expr *e) {
  const lean_fn *ctor = m ? lean_map_ctor(m) : NULL;
  if (!ctor || e->kind != LEAN_APP || e->n != 2 || e->kids[0]->kind != LEAN_NAME) return NULL;
  const char *name = e->kids[0]->name, *last = strrchr(ctor->lean, '.');
  if (!strcmp(name, ctor->lean) || (last && !strcmp(name, last + 1))) return e->kids[1];
  return NULL;
}

/* Read one mode (s, d), ⟨s, d⟩ or { shape := s, stride := d }. */
static int read_mode(const lean_expr *e, lo_int *s, lo_int *d, char *why, size_t cap) {
  if ((e->kind == LEAN_TUPLE || e->kind == LEAN_ANON) && e->n == 2)
    return read_int(e->kids[0], s, why, cap) || read_int(e->kids[1], d, why, cap) ? -1 : 0;
  if (e->kind == LEAN_STRUCT && e->n == 2) {
    int is = -1, id = -1;
    for (int i = 0; i < 2; i++) {
      if (!strcmp(e->fields[i], "shape")) is = i;
      if (!strcmp(e->fields[i], "stride")) id = i;
    }
    if (is < 0 || id < 0) is = 0, id = 1;
    return read_int(e->kids[is], s, why, cap) || read_int(e->kids[id], d, why, cap) ? -1 : 0;
  }
  char t[96];
  term_text(e, t, sizeof t);
  snprintf(why, cap, "expected a mode (shape, stride), found %s", t);
  return -1;
}

/* Read a flat layout: a list of modes, possibly inside { modes := .. },
** ⟨..⟩ or the constructor. */
static int read_layout(const lean_map *m, const lean_expr *e, lean_value *out, char *why,
                       size_t cap, int depth) {
  const lean_expr *inner = ctor_arg(m, e);
  if (depth > 8) return snprintf(why, cap, "a layout nested too deeply"), -1;
  if (inner) return read_layout(m, inner, out, why, cap, depth + 1);
  if ((e->kind == LEAN_STRUCT || e->kind == LEAN_ANON) && e->n == 1)
    return read_layout(m, e->kids[0], out, why, cap, depth + 1);
  if (e->kind == LEAN_STRUCT)
    for (int i = 0; i < e->n; i++)
      if (!strcmp(e->fields[i], "modes"))
        return read_layout(m, e->kids[i], out, why, cap, depth + 1);
  if (e->kind != LEAN_LIST) {
    char t[96];
    term_text(e, t, sizeof t);
    snprintf(why, cap, "expected a layout (a list of (shape, stride) modes), found %s", t);
    return -1;
  }
  lo_int s[LO_MAX_LEAVES], d[LO_MAX_LEAVES];
  for (int i = 0; i < e->n; i++) {
    lo_int si, di;
    if (read_mode(e->kids[i], &si, &di, why, cap) != 0) return -1;
    if (i >= LO_MAX_LEAVES) {
      out->invalid = 1;
      snprintf(out->msg, sizeof out->msg, "more than %d modes", LO_MAX_LEAVES);
      continue;
    }
    if (si == 0 && !out->invalid) {
      out->invalid = 1;
      snprintf(out->msg, sizeof out->msg, "mode %d has shape 0 (shapes are positive)", i + 1);
    }
    s[i] = si;
    d[i] = di;
  }
  if (!out->invalid) lo_layout_flat(&out->layout, s, d, e->n);
  return 0;
}

/* Read a list of naturals. */
static int read_tuple(const lean_expr *e, lean_value *out, char *why, size_t cap) {
  if (e->kind != LEAN_LIST) {
    char t[96];
    term_text(e, t, sizeof t);
    snprintf(why, cap, "expected a list of numbers, found %s", t);
    return -1;
  }
  lo_int v[LO_MAX_LEAVES];
  if (e->n > LO_MAX_LEAVES) {
    out->invalid = 1;
    snprintf(out->msg, sizeof out->msg, "more than %d entries", LO_MAX_LEAVES);
    return 0;
  }
  for (int i = 0; i < e->n; i++)
    if (read_int(e->kids[i], &v[i], why, cap) != 0) return -1;
  lo_tuple_flat(&out->tuple, v, e->n);
  return 0;
}

/* Read a term as a value of type t. */
static int read_as(const lean_map *m, lean_type t, const lean_expr *e, lean_value *out, char *why,
                   size_t cap) {
  value_init(out, t);
  if (t.option) {
    if (e->kind == LEAN_NAME && !strcmp(e->name, "none")) {
      out->none = 1;
      return 0;
    }
    if (e->kind == LEAN_APP && e->n == 2 && e->kids[0]->kind == LEAN_NAME &&
        !strcmp(e->kids[0]->name, "some")) {
      lean_type inner = {t.kind, 0};
      if (read_as(m, inner, e->kids[1], out, why, cap) != 0) return -1;
      out->type = t;
      return 0;
    }
    char s[96];
    term_text(e, s, sizeof s);
    snprintf(why, cap, "expected some VALUE or none, found %s", s);
    return -1;
  }
  switch (t.kind) {
    case LEAN_T_INT:
      return read_int(e, &out->num, why, cap);
    case LEAN_T_BOOL:
      if (e->kind == LEAN_NAME && (!strcmp(e->name, "true") || !strcmp(e->name, "false"))) {
        out->num = !strcmp(e->name, "true");
        return 0;
      } else {
        char s[96];
        term_text(e, s, sizeof s);
        snprintf(why, cap, "expected true or false, found %s", s);
        return -1;
      }
    case LEAN_T_LAYOUT:
      return read_layout(m, e, out, why, cap, 0);
    case LEAN_T_TUPLE:
      return read_tuple(e, out, why, cap);
    case LEAN_T_MORPHISM:
      snprintf(why, cap, "morphisms have no printed form to read");
      return -1;
    case LEAN_T_LIST:
      return lean_views_read(e, out, why, cap);
    case LEAN_T_TENSOR:
    case LEAN_T_FUN:
      snprintf(why, cap, "%ss have no printed form to read", lean_kind_name(t.kind));
      return -1;
  }
  return -1;
}

/* Read Lean's printed value (see lean_map.h). */
int lean_value_read(const lean_map *m, lean_type t, const char *text, lean_value *out, char *why,
                    size_t cap) {
  lean_expr *e;
  lean_error err;
  lean_pos base = {1, 0};
  value_init(out, t);
  const char *arr = text + strspn(text, " \t\r\n");
  if (arr[0] == '#' && arr[1] == '[') text = arr + 1; /* an Array prints as #[...] */
  if (lean_parse_term(text, strlen(text), base, &e, &err) != 0) {
    if (err.line > 1)
      snprintf(why, cap, "line %d, column %d: %s", err.line, err.col, err.text);
    else
      snprintf(why, cap, "column %d: %s", err.col, err.text);
    return -1;
  }
  int rc = read_as(m, t, e, out, why, cap);
  lean_expr_free(e);
  return rc;
}

/* Read a value in the oracle's syntax (see lean_map.h). */
int lean_value_from_oracle(lean_type t, const char *text, lean_value *out, char *why, size_t cap) {
  lo_err err;
  value_init(out, t);
  switch (t.kind) {
    case LEAN_T_INT:
      if (lo_parse_int(text, &out->num, &err) != LO_OK) break;
      return 0;
    case LEAN_T_BOOL:
      if (strcmp(text, "true") && strcmp(text, "false")) {
        snprintf(err.msg, sizeof err.msg, "expected true or false");
        break;
      }
      out->num = !strcmp(text, "true");
      return 0;
    case LEAN_T_LAYOUT: {
      lo_layout l;
      if (lo_kind_of(text) != LO_KIND_LAYOUT) {
        snprintf(err.msg, sizeof err.msg, "not a layout");
        break;
      }
      if (lo_parse_layout(text, &l, &err) != LO_OK) break;
      lo_layout_flatten(&l, &out->layout);
      if (lo_tuple_is_int(&l.shape) && l.shape.leaf[0] == 1 && l.stride[0] == 0) {
        lo_int none[1] = {0};
        out->trivial = 1; /* CuTe's 1:0: the empty flat layout */
        lo_layout_flat(&out->layout, none, none, 0);
      }
      return 0;
    }
    case LEAN_T_TUPLE: {
      lo_tuple x;
      if (lo_kind_of(text) != LO_KIND_TUPLE) {
        snprintf(err.msg, sizeof err.msg, "not a tuple");
        break;
      }
      if (lo_parse_tuple(text, &x, &err) != LO_OK) break;
      lo_tuple_flatten(&x, &out->tuple);
      return 0;
    }
    case LEAN_T_MORPHISM:
      if (lo_kind_of(text) != LO_KIND_MORPHISM) {
        snprintf(err.msg, sizeof err.msg, "not a morphism");
        break;
      }
      if (lo_parse_morphism(text, &out->morph, &err) != LO_OK) break;
      return 0;
    case LEAN_T_TENSOR:
    case LEAN_T_LIST:
    case LEAN_T_FUN:
      snprintf(err.msg, sizeof err.msg, "no oracle syntax for it");
      break;
  }
  snprintf(why, cap, "'%.80s' is not a %s: %s", text, lean_kind_name(t.kind), err.msg);
  return -1;
}

/* The oracle's text of a value (see lean_map.h). */
int lean_value_oracle_text(const lean_value *v, char *buf, size_t cap) {
  int w;
  switch (v->type.kind) {
    case LEAN_T_INT:
      w = snprintf(buf, cap, "%lld", (long long)v->num);
      return w < 0 || (size_t)w >= cap ? -1 : 0;
    case LEAN_T_BOOL:
      w = snprintf(buf, cap, "%s", v->num ? "true" : "false");
      return w < 0 || (size_t)w >= cap ? -1 : 0;
    case LEAN_T_LAYOUT:
      return lo_print_layout(&v->layout, buf, cap) == LO_OK ? 0 : -1;
    case LEAN_T_TUPLE:
      return lo_print_tuple(&v->tuple, buf, cap) == LO_OK ? 0 : -1;
    case LEAN_T_MORPHISM:
      return lo_print_morphism(&v->morph, buf, cap) == LO_OK ? 0 : -1;
    case LEAN_T_TENSOR:
    case LEAN_T_LIST:
    case LEAN_T_FUN:
      return -1;
  }
  return -1;
}

typedef struct obuf {
  char *buf;
  size_t cap, len;
  int full;
} obuf;

/* Append printf-style text. */
static void oput(obuf *o, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static void oput(obuf *o, const char *fmt, ...) {
  if (o->full || o->cap == 0) return;
  va_list ap;
  va_start(ap, fmt);
  int w = vsnprintf(o->buf + o->len, o->cap - o->len, fmt, ap);
  va_end(ap);
  if (w < 0 || (size_t)w >= o->cap - o->len) {
    o->full = 1;
    o->buf[o->len] = '\0';
    return;
  }
  o->len += (size_t)w;
}

/* The modes of a flat layout in the map's form. */
static void print_layout(obuf *o, lean_repr r, const lo_layout *l) {
  if (r == LEAN_REPR_MODES) oput(o, "{ modes := ");
  oput(o, "[");
  for (int i = 0; i < l->shape.len; i++) {
    if (i) oput(o, ", ");
    if (r == LEAN_REPR_STRUCTS)
      oput(o, "{ shape := %lld, stride := %lld }", (long long)l->shape.leaf[i],
           (long long)l->stride[i]);
    else
      oput(o, "(%lld, %lld)", (long long)l->shape.leaf[i], (long long)l->stride[i]);
  }
  oput(o, "]");
  if (r == LEAN_REPR_MODES) oput(o, " }");
}

/* Print a value the way Lean prints it (see lean_map.h). */
int lean_value_print(const lean_map *m, const lean_value *v, char *buf, size_t cap) {
  obuf o = {buf, cap, 0, 0};
  if (cap) buf[0] = '\0';
  if (v->error) {
    oput(&o, "error: %s", v->msg);
    return o.full ? -1 : 0;
  }
  if (v->invalid) {
    oput(&o, "(%s)", v->msg);
    return o.full ? -1 : 0;
  }
  if (v->type.option) {
    if (v->none) {
      oput(&o, "none");
      return o.full ? -1 : 0;
    }
    oput(&o, "some ");
  }
  switch (v->type.kind) {
    case LEAN_T_INT:
      oput(&o, "%lld", (long long)v->num);
      break;
    case LEAN_T_BOOL:
      oput(&o, "%s", v->num ? "true" : "false");
      break;
    case LEAN_T_LAYOUT:
      print_layout(&o, m ? m->layout_repr : LEAN_REPR_PAIRS, &v->layout);
      break;
    case LEAN_T_TUPLE:
      oput(&o, "[");
      for (int i = 0; i < v->tuple.len; i++)
        oput(&o, "%s%lld", i ? ", " : "", (long long)v->tuple.leaf[i]);
      oput(&o, "]");
      break;
    case LEAN_T_MORPHISM: {
      char t[2048];
      if (lo_print_morphism(&v->morph, t, sizeof t) != LO_OK) return -1;
      oput(&o, "%s", t);
      break;
    }
    case LEAN_T_TENSOR:
    case LEAN_T_LIST:
    case LEAN_T_FUN:
      if (o.full || lean_views_print(v, buf + o.len, cap - o.len) != 0) return -1;
      return 0;
  }
  return o.full ? -1 : 0;
}

/* Write a value as a Lean argument term (see lean_map.h). */
int lean_value_term(const lean_map *m, const lean_value *v, char *buf, size_t cap) {
  obuf o = {buf, cap, 0, 0};
  if (cap) buf[0] = '\0';
  if (v->error || v->invalid || v->type.option || v->type.kind == LEAN_T_MORPHISM ||
      v->type.kind == LEAN_T_TENSOR || v->type.kind == LEAN_T_FUN)
    return -1;
  if (v->type.kind == LEAN_T_LAYOUT) {
    const lean_fn *ctor = lean_map_ctor(m);
    if (ctor) oput(&o, "(%s ", ctor->lean);
    print_layout(&o, LEAN_REPR_PAIRS, &v->layout);
    if (ctor) oput(&o, ")");
    return o.full ? -1 : 0;
  }
  return lean_value_print(m, v, buf, cap);
}

/* Compare values (see lean_map.h). */
int lean_value_compare(lean_compare c, const lean_value *lean, const lean_value *oracle, char *why,
                       size_t cap) {
  if (cap) why[0] = '\0';
  if (lean->error || oracle->error) {
    if (lean->error && oracle->error) return snprintf(why, cap, "both report an error"), 1;
    if (lean->error)
      return snprintf(why, cap, "Lean reports an error where the oracle has a value"), 0;
    return snprintf(why, cap, "the oracle refuses: %s", oracle->msg), 0;
  }
  if (lean->invalid)
    return snprintf(why, cap, "Lean's value is not a valid value: %s", lean->msg), 0;
  if (lean->type.kind != oracle->type.kind || lean->type.option != oracle->type.option)
    return snprintf(why, cap, "the values are of different kinds"), 0;
  if (lean->type.option && (lean->none || oracle->none)) {
    if (lean->none && oracle->none) return 1;
    return snprintf(why, cap,
                    lean->none ? "Lean has none, the oracle a value"
                               : "Lean has a value, the oracle refuses"),
           0;
  }
  switch (lean->type.kind) {
    case LEAN_T_INT:
    case LEAN_T_BOOL:
      return lean->num == oracle->num ? 1 : (snprintf(why, cap, "the values differ"), 0);
    case LEAN_T_TUPLE:
      return lo_tuple_equal(&lean->tuple, &oracle->tuple)
                 ? 1
                 : (snprintf(why, cap, "the lists differ"), 0);
    case LEAN_T_MORPHISM: {
      char a[2048], b[2048];
      if (lo_print_morphism(&lean->morph, a, sizeof a) ||
          lo_print_morphism(&oracle->morph, b, sizeof b))
        return snprintf(why, cap, "cannot print the morphisms"), 0;
      return !strcmp(a, b) ? 1 : (snprintf(why, cap, "the morphisms differ"), 0);
    }
    case LEAN_T_TENSOR:
    case LEAN_T_LIST:
    case LEAN_T_FUN:
      return lean_views_compare(lean, oracle, why, cap);
    case LEAN_T_LAYOUT:
      break;
  }
  const lo_layout *a = &lean->layout, *b = &oracle->layout;
  if (c == LEAN_CMP_EXACT) {
    if (oracle->trivial &&
        (a->shape.len == 0 || (a->shape.len == 1 && a->shape.leaf[0] == 1 && a->stride[0] == 0)))
      return 1;
    if (lo_layout_equal(a, b)) return 1;
    return snprintf(why, cap, "the modes differ"), 0;
  }
  if (c == LEAN_CMP_COALESCED) {
    lo_layout ca, cb;
    lo_err e;
    if (lo_coalesce(a, &ca, &e) != LO_OK || lo_coalesce(b, &cb, &e) != LO_OK)
      return snprintf(why, cap, "cannot coalesce: %s", e.msg), 0;
    return lo_layout_equal(&ca, &cb) ? 1 : (snprintf(why, cap, "the coalesced layouts differ"), 0);
  }
  char ta[2048], tb[2048], out[512];
  if (lo_print_layout(a, ta, sizeof ta) != LO_OK || lo_print_layout(b, tb, sizeof tb) != LO_OK)
    return snprintf(why, cap, "cannot print the layouts"), 0;
  const char *argv[2] = {ta, tb};
  if (lo_eval("same_layout_function", 2, argv, out, sizeof out) != LO_OK)
    return snprintf(why, cap, "cannot compare the layout functions: %s", out), 0;
  if (!strcmp(out, "true")) return 1;
  return snprintf(why, cap, "the sizes or layout functions differ"), 0;
}

/* --- calls ------------------------------------------------------------- */

/* An error result with a message. */
static void set_error(lean_value *v, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static void set_error(lean_value *v, const char *fmt, ...) {
  va_list ap;
  v->error = 1;
  va_start(ap, fmt);
  vsnprintf(v->msg, sizeof v->msg, fmt, ap);
  va_end(ap);
}

/* The flat shape of a layout or tuple value. */
static const lo_tuple *shape_of(const lean_value *v, lo_tuple *tmp) {
  if (v->type.kind == LEAN_T_LAYOUT) {
    lo_tuple_flatten(&v->layout.shape, tmp);
    return tmp;
  }
  return &v->tuple;
}

/* colex S X: the colexicographic index of coordinates X in shape S. */
static void op_colex(const lean_value *s, const lean_value *x, lean_value *out) {
  lo_tuple tmp;
  const lo_tuple *sh = shape_of(s, &tmp);
  lo_err e;
  lo_int idx = 0, step = 1;
  if (x->tuple.len != sh->len) {
    set_error(out, "%d coordinates for a shape of %d entries", x->tuple.len, sh->len);
    return;
  }
  for (int i = 0; i < sh->len; i++) {
    lo_int t;
    if (x->tuple.leaf[i] >= sh->leaf[i]) {
      set_error(out, "coordinate %d is %lld, not below %lld", i + 1, (long long)x->tuple.leaf[i],
                (long long)sh->leaf[i]);
      return;
    }
    if (lo_mul(x->tuple.leaf[i], step, &t, "colex", &e) || lo_add(idx, t, &idx, "colex", &e) ||
        (i + 1 < sh->len && lo_mul(step, sh->leaf[i], &step, "colex", &e))) {
      set_error(out, "%s", e.msg);
      return;
    }
  }
  out->num = idx;
}

/* colex_inverse S x: the coordinates of x in shape S. */
static void op_colex_inverse(const lean_value *s, lo_int x, lean_value *out) {
  lo_tuple tmp;
  const lo_tuple *sh = shape_of(s, &tmp);
  lo_int size, c[LO_MAX_LEAVES];
  lo_err e;
  if (lo_tuple_size(sh, &size, &e) != LO_OK) {
    set_error(out, "%s", e.msg);
    return;
  }
  if (x >= size) {
    set_error(out, "index %lld is not below the size %lld", (long long)x, (long long)size);
    return;
  }
  for (int i = 0; i < sh->len; i++) {
    c[i] = x % sh->leaf[i];
    x /= sh->leaf[i];
  }
  lo_tuple_flat(&out->tuple, c, sh->len);
}

/* Apply a function (see lean_map.h). */
void lean_call(const lean_fn *fn, const lean_value *args, lean_value *out, char *request,
               size_t cap) {
  lean_type plain = {fn->result.kind, 0};
  value_init(out, fn->result);
  obuf req = {request, cap, 0, 0};
  if (cap) request[0] = '\0';
  if (lean_views_op(fn->op)) { /* the tensor ops (lean_views.c) */
    lean_views_call(fn, args, out, request, cap);
    return;
  }
  char(*text)[4096] = malloc(LEAN_MAX_ARGS * sizeof *text);
  char *answer = malloc(ORACLE_ANSWER_CAP);
  if (!text || !answer) {
    free(text);
    free(answer);
    set_error(out, "out of memory");
    return;
  }
  oput(&req, "%s", fn->op);
  for (int i = 0; i < fn->nargs; i++) {
    if (lean_value_oracle_text(&args[i], text[i], sizeof text[i]) != 0) {
      set_error(out, "argument %d is too long", i + 1);
      goto done;
    }
    oput(&req, " %s", text[i]);
  }
  if (!strcmp(fn->op, "id")) {
    *out = args[0];
    out->type = fn->result;
  } else if (!strcmp(fn->op, "colex")) {
    op_colex(&args[0], &args[1], out);
  } else if (!strcmp(fn->op, "colex_inverse")) {
    op_colex_inverse(&args[0], args[1].num, out);
  } else if (!strcmp(fn->op, "codomain")) {
    lo_morphism f;
    lo_err e;
    if (lo_morphism_of_layout(&args[0].layout, &f, &e) != LO_OK)
      set_error(out, "%s", e.msg);
    else
      lo_tuple_flatten(&f.cod, &out->tuple);
  } else {
    const char *argv[LEAN_MAX_ARGS];
    for (int i = 0; i < fn->nargs; i++) argv[i] = text[i];
    answer[0] = '\0';
    int rc = lo_eval(fn->op, fn->nargs, argv, answer, ORACLE_ANSWER_CAP);
    if (rc != LO_OK) {
      set_error(out, "%s", answer[0] ? answer : "the oracle refuses");
    } else {
      char why[256];
      lean_value got;
      if (lean_value_from_oracle(plain, answer, &got, why, sizeof why) != 0) {
        set_error(out, "the map says %s returns %s, but it answered %s", fn->op,
                  lean_kind_name(plain.kind), why);
      } else {
        *out = got;
        out->type = fn->result;
      }
    }
  }
  if (out->error && fn->result.option) { /* Option: the oracle's refusal is none */
    out->error = 0;
    out->none = 1;
  }
done:
  free(text);
  free(answer);
}

/* --- scopes ------------------------------------------------------------ */

/* Initialise an empty scope. */
void lean_scope_init(lean_scope *s) {
  memset(s, 0, sizeof *s);
  s->scoped_from = -1;
}

/* Free a scope's strings and arrays. */
void lean_scope_free(lean_scope *s) {
  for (int i = 0; i < s->nns; i++) free(s->ns[i]);
  for (int i = 0; i < s->nopens; i++) free(s->opens[i]);
  for (int i = 0; i < s->ndefs; i++) free(s->defs[i].name);
  free(s->ns);
  free(s->ns_is_section);
  free(s->opens);
  free(s->open_depth);
  free(s->defs);
  lean_scope_init(s);
}

/* name without the root namespace. */
static const char *strip_root(const lean_map *m, const char *name) {
  size_t n = strlen(m->root);
  if (n && !strncmp(name, m->root, n) && name[n] == '.') return name + n + 1;
  if (n && !strcmp(name, m->root)) return "";
  return name;
}

/* a + "." + b (or the one that is not empty), root removed; NULL on OOM. */
static char *join(const lean_map *m, const char *a, const char *b) {
  char *r = malloc(strlen(a) + strlen(b) + 2);
  if (!r) return NULL;
  if (!a[0])
    strcpy(r, b);
  else if (!b[0])
    strcpy(r, a);
  else
    sprintf(r, "%s.%s", a, b);
  const char *s = strip_root(m, r);
  if (s != r) memmove(r, s, strlen(s) + 1);
  return r;
}

/* Add an open namespace; -1 on OOM. */
static int add_open(lean_scope *s, char *name) {
  if (!name) return -1;
  if (s->nopens == s->open_cap) {
    int cap = s->open_cap ? 2 * s->open_cap : 16;
    char **o = realloc(s->opens, (size_t)cap * sizeof *o);
    if (o) s->opens = o;
    int *d = o ? realloc(s->open_depth, (size_t)cap * sizeof *d) : NULL;
    if (d) s->open_depth = d;
    if (!o || !d) {
      free(name);
      return -1;
    }
    s->open_cap = cap;
  }
  s->opens[s->nopens] = name;
  s->open_depth[s->nopens++] = s->nns;
  return 0;
}

/* The current namespace ("" at the top). */
static const char *cur_ns(const lean_scope *s) { return s->nns ? s->ns[s->nns - 1] : ""; }

/* Take in a command (see lean_map.h). */
int lean_scope_command(lean_scope *s, const lean_map *m, const lean_file *f, const lean_cmd *c) {
  (void)f;
  if (c->kind != LEAN_CMD_OPEN && s->scoped_from >= 0) { /* `open X in` is over */
    while (s->nopens > s->scoped_from) free(s->opens[--s->nopens]);
    s->scoped_from = -1;
  }
  switch (c->kind) {
    case LEAN_CMD_NAMESPACE:
    case LEAN_CMD_SECTION: {
      if (s->nns == s->ns_cap) {
        int cap = s->ns_cap ? 2 * s->ns_cap : 8;
        char **n = realloc(s->ns, (size_t)cap * sizeof *n);
        if (n) s->ns = n;
        int *k = n ? realloc(s->ns_is_section, (size_t)cap * sizeof *k) : NULL;
        if (k) s->ns_is_section = k;
        if (!n || !k) return -1;
        s->ns_cap = cap;
      }
      char *name =
          c->kind == LEAN_CMD_NAMESPACE ? join(m, cur_ns(s), c->name) : join(m, cur_ns(s), "");
      if (!name) return -1;
      s->ns_is_section[s->nns] = c->kind == LEAN_CMD_SECTION;
      s->ns[s->nns++] = name;
      return 0;
    }
    case LEAN_CMD_END:
      if (s->nns > 0) free(s->ns[--s->nns]);
      while (s->nopens > 0 && s->open_depth[s->nopens - 1] > s->nns) free(s->opens[--s->nopens]);
      return 0;
    case LEAN_CMD_OPEN: {
      if (c->scoped && s->scoped_from < 0) s->scoped_from = s->nopens;
      const char *p = c->name;
      while (*p) {
        while (*p == ' ') p++;
        size_t n = strcspn(p, " ");
        if (n == 0) break;
        char word[256];
        snprintf(word, sizeof word, "%.*s", (int)(n < 255 ? n : 255), p);
        p += n;
        /* the name itself, and inside each enclosing namespace */
        if (add_open(s, join(m, "", word)) != 0) return -1;
        const char *ns = cur_ns(s);
        char prefix[512];
        snprintf(prefix, sizeof prefix, "%s", ns);
        while (prefix[0]) {
          if (add_open(s, join(m, prefix, word)) != 0) return -1;
          char *dot = strrchr(prefix, '.');
          if (dot)
            *dot = '\0';
          else
            prefix[0] = '\0';
        }
        if (m->root[0] && add_open(s, join(m, m->root, word)) != 0) return -1;
      }
      return 0;
    }
    case LEAN_CMD_DEF: {
      if (!c->name[0]) return 0;
      if (s->ndefs == s->def_cap) {
        int cap = s->def_cap ? 2 * s->def_cap : 16;
        lean_def *d = realloc(s->defs, (size_t)cap * sizeof *d);
        if (!d) return -1;
        s->defs = d;
        s->def_cap = cap;
      }
      lean_def *d = &s->defs[s->ndefs];
      d->name = join(m, cur_ns(s), c->name);
      if (!d->name) return -1;
      d->body = c->body;
      d->body_end = c->body_end;
      d->has_params = c->has_params;
      s->ndefs++;
      return 0;
    }
    default:
      return 0;
  }
}

/* --- translation ------------------------------------------------------- */

#define TR_MAX_DEPTH 48
#define TR_MAX_CANDS 16

typedef struct tr {
  const lean_map *m;
  const lean_scope *s;
  const lean_file *f;
  int depth;
  int failed;
  char reason[256];
  const lean_fn *top;
  char request[1024];
} tr;

/* Record why the term cannot be translated (the first reason wins);
** returns -1. */
static int tfail(tr *t, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static int tfail(tr *t, const char *fmt, ...) {
  if (!t->failed) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(t->reason, sizeof t->reason, fmt, ap);
    va_end(ap);
    t->failed = 1;
  }
  return -1;
}

/* Where a name may point: definitions first, then the map's functions
** (exact names in the enclosing namespaces and the opened ones, then any
** function whose name ends with ".NAME").  Fills fns (at most
** TR_MAX_CANDS) and returns their count, or sets *def. */
static int resolve(const tr *t, const char *name, const lean_def **def, const lean_fn **fns) {
  char *cands[64];
  int nc = 0, n = 0;
  const lean_scope *s = t->s;
  *def = NULL;
  if (s->nns) { /* the innermost namespace and its prefixes */
    char prefix[512];
    snprintf(prefix, sizeof prefix, "%s", cur_ns(s));
    while (prefix[0] && nc < 32) {
      cands[nc++] = join(t->m, prefix, name);
      char *dot = strrchr(prefix, '.');
      if (dot)
        *dot = '\0';
      else
        prefix[0] = '\0';
    }
  }
  for (int i = s->nopens - 1; i >= 0 && nc < 62; i--) cands[nc++] = join(t->m, s->opens[i], name);
  cands[nc++] = join(t->m, "", name);
  for (int c = 0; c < nc && !*def; c++)
    for (int i = s->ndefs - 1; cands[c] && i >= 0; i--)
      if (!strcmp(s->defs[i].name, cands[c])) {
        *def = &s->defs[i];
        break;
      }
  for (int c = 0; c < nc && !*def && n == 0; c++)
    for (int i = 0; cands[c] && i < t->m->n; i++)
      if (!strcmp(strip_root(t->m, t->m->fns[i].lean), cands[c])) {
        fns[n++] = &t->m->fns[i];
        break;
      }
  if (!*def && n == 0) { /* FlatLayout.coalesce for coalesce */
    const char *bare = strip_root(t->m, name);
    size_t bl = strlen(bare);
    for (int i = 0; i < t->m->n && n < TR_MAX_CANDS; i++) {
      const char *full = strip_root(t->m, t->m->fns[i].lean);
      size_t fl = strlen(full);
      if (fl > bl && full[fl - bl - 1] == '.' && !strcmp(full + fl - bl, bare))
        fns[n++] = &t->m->fns[i];
    }
  }
  for (int c = 0; c < nc; c++) free(cands[c]);
  return n;
}

static int tr_term(tr *t, const lean_expr *e, int want, lean_value *out);

/* Describe a kind for messages: "a number", "a layout". */
static const char *kind_words(int k) {
  switch (k) {
    case LEAN_T_INT:
      return "a number";
    case LEAN_T_BOOL:
      return "a boolean";
    case LEAN_T_LAYOUT:
      return "a layout";
    case LEAN_T_TUPLE:
      return "a list of numbers";
    case LEAN_T_MORPHISM:
      return "a morphism";
    case LEAN_T_TENSOR:
      return "a tensor";
    case LEAN_T_LIST:
      return "a list";
    case LEAN_T_FUN:
      return "a lambda";
  }
  return "a value";
}

/* Translate the arguments of fn (terms args[0..n), with the receiver of
** field notation already in place at recv_at when recv_at >= 0) and call
** it.  0, or -1 with the reason. */
static int apply(tr *t, const lean_fn *fn, const lean_expr *const *args, int n,
                 const lean_value *recv, int recv_at, lean_value *out) {
  int total = n + (recv_at >= 0);
  if (total != fn->nargs)
    return tfail(t, "%s takes %d argument%s, found %d", fn->lean, fn->nargs,
                 fn->nargs == 1 ? "" : "s", total);
  lean_value *vals = malloc(LEAN_MAX_ARGS * sizeof *vals);
  if (!vals) return tfail(t, "out of memory");
  int next = 0;
  for (int i = 0; i < fn->nargs; i++) {
    if (i == recv_at) {
      vals[i] = *recv;
      continue;
    }
    if (tr_term(t, args[next++], (int)fn->args[i], &vals[i]) != 0) {
      char inner[256];
      snprintf(inner, sizeof inner, "%s", t->reason);
      t->failed = 0;
      tfail(t, "argument %d of %s: %s", i + 1, fn->lean, inner);
      free(vals);
      return -1;
    }
    if (vals[i].type.option) {
      free(vals);
      return tfail(t, "argument %d of %s: an Option value cannot be passed on", i + 1, fn->lean);
    }
    if (vals[i].type.kind != fn->args[i]) {
      lean_kind k = vals[i].type.kind;
      free(vals);
      return tfail(t, "argument %d of %s: expected %s, found %s", i + 1, fn->lean,
                   kind_words((int)fn->args[i]), kind_words((int)k));
    }
    if (vals[i].error) { /* an inner call failed: so does this one */
      value_init(out, fn->result);
      set_error(out, "%s", vals[i].msg);
      free(vals);
      t->top = fn;
      return 0;
    }
  }
  lean_call(fn, vals, out, t->request, sizeof t->request);
  t->top = fn;
  free(vals);
  return 0;
}

/* Try each candidate function on the arguments; the first that
** translates wins. */
static int apply_any(tr *t, const lean_fn *const *fns, int nf, const lean_expr *const *args, int n,
                     lean_value *out) {
  char first[256] = "";
  for (int i = 0; i < nf; i++) {
    t->failed = 0;
    if (apply(t, fns[i], args, n, NULL, -1, out) == 0) return 0;
    if (!first[0]) snprintf(first, sizeof first, "%s", t->reason);
  }
  t->failed = 0;
  return tfail(t, "%s", first);
}

/* Field notation recv.field args: the function whose last name component
** is field and that takes recv's kind; recv goes to its first argument of
** that kind. */
static int field_call(tr *t, const lean_value *recv, const char *field,
                      const lean_expr *const *args, int n, lean_value *out) {
  char first[256] = "";
  int tried = 0;
  for (int i = 0; i < t->m->n; i++) {
    const lean_fn *fn = &t->m->fns[i];
    const char *dot = strrchr(fn->lean, '.');
    const char *last = dot ? dot + 1 : fn->lean;
    if (strcmp(last, field) != 0) continue;
    int at = -1;
    for (int k = 0; k < fn->nargs && at < 0; k++)
      if (fn->args[k] == recv->type.kind && !recv->type.option) at = k;
    if (at < 0) continue;
    tried++;
    t->failed = 0;
    if (apply(t, fn, args, n, recv, at, out) == 0) return 0;
    if (!first[0]) snprintf(first, sizeof first, "%s", t->reason);
  }
  t->failed = 0;
  if (tried) return tfail(t, "%s", first);
  return tfail(t, "no function '%s' of the map takes %s", field, kind_words((int)recv->type.kind));
}

/* Translate a definition's body. */
static int tr_def(tr *t, const lean_def *d, int want, lean_value *out) {
  if (d->has_params)
    return tfail(t, "%s is a function defined in the file; only the map's functions are evaluated",
                 d->name);
  if (!t->f || d->body_end > t->f->len || d->body > d->body_end)
    return tfail(t, "the definition of %s is not available", d->name);
  if (t->depth >= TR_MAX_DEPTH) return tfail(t, "definitions nest too deeply (a cycle?)");
  char vwhy[256];
  int typed = lean_views_def(t->m, t->s, t->f, d, out, vwhy, sizeof vwhy); /* Tensor [dims] */
  if (typed > 0) return 0;
  if (typed < 0) return tfail(t, "the definition of %s: %s", d->name, vwhy);
  lean_expr *e;
  lean_error err;
  lean_pos at = lean_file_pos(t->f, d->body);
  if (lean_parse_term(t->f->text + d->body, d->body_end - d->body, at, &e, &err) != 0)
    return tfail(t, "the definition of %s (line %d): %s", d->name, err.line, err.text);
  t->depth++;
  int rc = tr_term(t, e, want, out);
  t->depth--;
  lean_expr_free(e);
  return rc;
}

/* Translate a (possibly dotted) name with arguments: a function, a
** definition, or field notation on a shorter name. */
static int tr_named(tr *t, const char *name, const lean_expr *const *args, int n, int want,
                    lean_value *out) {
  const lean_def *def;
  const lean_fn *fns[TR_MAX_CANDS];
  if (!strcmp(name, "true") || !strcmp(name, "false")) {
    if (n > 0) return tfail(t, "%s is not a function", name);
    lean_type bt = {LEAN_T_BOOL, 0};
    value_init(out, bt);
    out->num = !strcmp(name, "true");
    return 0;
  }
  int nf = resolve(t, name, &def, fns);
  if (def) {
    if (n > 0) return tfail(t, "%s is defined without parameters in the file", def->name);
    return tr_def(t, def, want, out);
  }
  if (nf > 0) return apply_any(t, fns, nf, args, n, out);
  const char *dot = strrchr(name, '.');
  if (dot && dot > name && dot[1]) { /* L.coalesce: field notation on L */
    char head[512];
    snprintf(head, sizeof head, "%.*s", (int)(dot - name), name);
    lean_value *recv = malloc(sizeof *recv);
    if (!recv) return tfail(t, "out of memory");
    int rc = tr_named(t, head, NULL, 0, -1, recv);
    if (rc == 0) rc = field_call(t, recv, dot + 1, args, n, out);
    free(recv);
    return rc;
  }
  return tfail(t, "unknown name '%s' (not in the map, not defined in the file)", name);
}

/* Guess the kind of a literal: a list of modes is a layout, a list of
** numbers a tuple; -1 when it cannot be told. */
static int literal_kind(const lean_map *m, const lean_expr *e) {
  if (e->kind == LEAN_NUM) return LEAN_T_INT;
  if (e->kind == LEAN_LIST && e->n > 0) {
    lean_expr_kind k = e->kids[0]->kind;
    if (k == LEAN_TUPLE || k == LEAN_STRUCT || (k == LEAN_ANON && e->kids[0]->n == 2))
      return LEAN_T_LAYOUT;
    return LEAN_T_TUPLE;
  }
  if (e->kind == LEAN_STRUCT || e->kind == LEAN_ANON) return LEAN_T_LAYOUT;
  (void)m;
  return -1;
}

/* Translate one term to a value (want: the kind expected, or -1). */
static int tr_term(tr *t, const lean_expr *e, int want, lean_value *out) {
  switch (e->kind) {
    case LEAN_NAME:
      return tr_named(t, e->name, NULL, 0, want, out);
    case LEAN_APP: {
      const lean_expr *head = e->kids[0];
      const lean_expr *const *args = (const lean_expr *const *)e->kids + 1;
      if (head->kind == LEAN_NAME) return tr_named(t, head->name, args, e->n - 1, want, out);
      if (head->kind == LEAN_FIELD) {
        lean_value *recv = malloc(sizeof *recv);
        if (!recv) return tfail(t, "out of memory");
        int rc = tr_term(t, head->kids[0], -1, recv);
        if (rc == 0) rc = field_call(t, recv, head->name, args, e->n - 1, out);
        free(recv);
        return rc;
      }
      return tfail(t, "only named functions can be applied");
    }
    case LEAN_FIELD: {
      lean_value *recv = malloc(sizeof *recv);
      if (!recv) return tfail(t, "out of memory");
      int rc = tr_term(t, e->kids[0], -1, recv);
      if (rc == 0) rc = field_call(t, recv, e->name, NULL, 0, out);
      free(recv);
      return rc;
    }
    case LEAN_PROOF:
      return tfail(t, "a proof or placeholder (%s) is not a value", e->name);
    case LEAN_NUM:
    case LEAN_LIST:
    case LEAN_TUPLE:
    case LEAN_ANON:
    case LEAN_STRUCT: {
      int k = want >= 0 ? want : literal_kind(t->m, e);
      if (k < 0) return tfail(t, "a literal whose kind cannot be told (an empty list?)");
      if (k == LEAN_T_MORPHISM) return tfail(t, "morphisms cannot be written as literals");
      char why[256];
      lean_type ty = {(lean_kind)k, 0};
      if (read_as(t->m, ty, e, out, why, sizeof why) != 0) return tfail(t, "%s", why);
      if (out->invalid) return tfail(t, "%s", out->msg);
      return 0;
    }
  }
  return tfail(t, "unsupported term");
}

/* Translate an #eval term (see lean_map.h). */
void lean_translate(const lean_map *m, const lean_scope *s, const lean_file *f, const lean_expr *e,
                    lean_translation *out) {
  tr t;
  memset(&t, 0, sizeof t);
  memset(out, 0, sizeof *out);
  t.m = m;
  t.s = s;
  t.f = f;
  if (tr_term(&t, e, -1, &out->value) != 0) {
    snprintf(out->reason, sizeof out->reason, "%s", t.reason);
    return;
  }
  if (!t.top) {
    snprintf(out->reason, sizeof out->reason, "a literal: no function of the map is applied");
    return;
  }
  if (out->value.type.kind == LEAN_T_MORPHISM && !out->value.error) {
    snprintf(out->reason, sizeof out->reason,
             "%s returns a morphism, which has no printed form to compare (apply toLayout)",
             t.top->lean);
    return;
  }
  if (out->value.type.kind == LEAN_T_TENSOR && !out->value.error) {
    snprintf(out->reason, sizeof out->reason,
             "%s returns a tensor, which has no printed form to compare (apply toList or shape)",
             t.top->lean);
    return;
  }
  out->ok = 1;
  out->fn = t.top;
  snprintf(out->request, sizeof out->request, "%s", t.request);
}
