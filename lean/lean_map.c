/*
** lean_map.c -- the Lean-to-oracle mapping (see lean_map.h).
**
** Sections: names of kinds and rules; the built-in map; the YAML loader
** (yaml/yaml_read.h).  Values and calls are in lean_value.c, scopes and
** translation in lean_translate.c.
*/
#include "lean_int.h"
#include "lean_views.h"

#include "gen.h"

#include "yaml_read.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- names ------------------------------------------------------------- */

static const char *const kind_names[] = {"int",    "bool", "layout", "tuple", "morphism",
                                         "tensor", "list", "fun",    "nested"};

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
    {"FlatLayout.apply", "coordinate", "layout tuple", "int", "exact", "layout_index"},
    {"FlatLayout.toCoords", "colex_inverse", "layout int", "tuple", "exact", "layout_index"},
    {"FlatLayout.fromCoords", "coordinate", "layout tuple", "int", "exact", "layout_index"},
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

/* The value of `args` (the current event, at vm): a sequence of kinds,
** appended to f->args.  0, or -1 with the message set. */
static int read_fn_args(loader *ld, lean_fn *f, yaml_mark_t vm) {
  char buf[512];
  if (yaml_cur(&ld->doc)->type != YAML_SEQUENCE_START_EVENT)
    return yaml_fail(&ld->doc, vm, "args: expected a sequence of kinds such as [layout, int]");
  for (yaml_next(&ld->doc); yaml_cur(&ld->doc)->type != YAML_SEQUENCE_END_EVENT;
       yaml_next(&ld->doc)) {
    yaml_mark_t am = yaml_cur(&ld->doc)->start_mark;
    if (scalar(ld, "args", buf, sizeof buf) != 0) return -1;
    int k = kind_parse(buf);
    if (k < 0)
      return yaml_fail(&ld->doc, am,
                       "args: expected int, bool, layout, tuple, nested or morphism, found '%s'",
                       buf);
    if (f->nargs == LEAN_MAX_ARGS)
      return yaml_fail(&ld->doc, am, "args: at most %d arguments", LEAN_MAX_ARGS);
    f->args[f->nargs++] = (lean_kind)k;
  }
  return 0;
}

/* The value of key (at km; the value, the current event, at vm) of a
** function entry into *f; *op_mark gets the place of `op`.  0, or -1 with
** the message set (an unknown key, a bad value, no memory). */
static int read_fn_key(loader *ld, lean_fn *f, const char *key, yaml_mark_t km, yaml_mark_t vm,
                       yaml_mark_t *op_mark) {
  char buf[512];
  int oom = 0;
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
    *op_mark = vm;
  } else if (!strcmp(key, "args")) {
    if (read_fn_args(ld, f, vm) != 0) return -1;
  } else if (!strcmp(key, "result")) {
    if (scalar(ld, key, buf, sizeof buf) != 0) return -1;
    if (type_parse(buf, &f->result) != 0)
      return yaml_fail(&ld->doc, vm,
                       "result: expected int, bool, layout, tuple, morphism or option KIND, found "
                       "'%s'",
                       buf);
  } else if (!strcmp(key, "compare")) {
    if (scalar(ld, key, buf, sizeof buf) != 0) return -1;
    if (compare_parse(buf, &f->compare) != 0)
      return yaml_fail(&ld->doc, vm, "compare: expected exact, function or coalesced, found '%s'",
                       buf);
  } else if (!strcmp(key, "gen")) {
    if (f->gen) return yaml_fail(&ld->doc, km, "duplicate key 'gen'");
    if (scalar(ld, key, buf, sizeof buf) != 0) return -1;
    if (!gen_find(buf))
      return yaml_fail(&ld->doc, vm,
                       "gen: unknown generator '%s' (see the list in docs/properties.md)", buf);
    f->gen = sdup(buf, &oom);
  } else if (!strcmp(key, "note")) {
    if (scalar(ld, key, buf, sizeof buf) != 0) return -1;
  } else {
    return yaml_fail(&ld->doc, km, "unknown key '%s' (lean, op, args, result, compare, gen, note)",
                     key);
  }
  if (oom) return yaml_fail(&ld->doc, vm, "out of memory");
  return 0;
}

/* One entry of `functions`: a mapping (the current event). */
static int read_fn(loader *ld, lean_fn *f) {
  const yaml_event_t *start = yaml_cur(&ld->doc);
  yaml_mark_t at = start->start_mark, op_mark = at;
  int have_lean = 0, have_op = 0, have_args = 0, have_result = 0, have_compare = 0;
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
    if (read_fn_key(ld, f, key, km, vm, &op_mark) != 0) return -1;
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
