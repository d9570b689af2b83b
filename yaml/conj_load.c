/*
** conj_load.c -- user conjecture files through libyaml's event parser (see
** conj_load.h).
**
** The whole file is read into memory and parsed into an array of events
** first, so that a YAML syntax error anywhere is reported before any
** problem with the values, and so that a position inside an expression can
** be traced back to its line and column in the file.  Then anchors,
** aliases and tags are refused, and the events are walked once; every
** entry is checked and compiled into a property whose data is the
** compiled expressions, evaluated by one shared check function.
*/
#include "conj_load.h"

#include "conj_expr.h"

#include "yaml_read.h"

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define MAX_FILE (64u << 20) /* bytes of one conjecture file */
#define MAX_NAME 64          /* characters of a property or variable name */

/* One loaded property; p.data points back to it. */
typedef struct conj_prop {
  gen_property p;
  char *name, *statement, *source, *generator, *op; /* p's strings (owned) */
  char *vars;                                       /* p.vars: the forall names (owned) */
  char *defined_at;                                 /* "PATH:LINE" of its entry */
  conj_expr *check, *assume;                        /* assume may be NULL */
  int nvars;
} conj_prop;

struct conj_set {
  conj_prop **v;
  int n, cap;
  int *slot;    /* open addressing by name: 1 + an index of v, 0 empty */
  size_t nslot; /* a power of two, at least twice n (0 before the first) */
};

/* Free one property. */
static void prop_free(conj_prop *c) {
  if (!c) return;
  free(c->name);
  free(c->statement);
  free(c->source);
  free(c->generator);
  free(c->op);
  free(c->vars);
  free(c->defined_at);
  conj_expr_free(c->check);
  conj_expr_free(c->assume);
  free(c);
}

/* An empty set; see conj_load.h. */
conj_set *conj_set_new(void) { return calloc(1, sizeof(conj_set)); }

/* Free the set and every property in it (NULL is allowed). */
void conj_set_free(conj_set *s) {
  if (!s) return;
  for (int i = 0; i < s->n; i++) prop_free(s->v[i]);
  free(s->v);
  free(s->slot);
  free(s);
}

/* FNV-1a of a name. */
static size_t name_hash(const char *name) {
  uint64_t h = 14695981039346656037u;
  for (const unsigned char *c = (const unsigned char *)name; *c; c++) h = (h ^ *c) * 1099511628211u;
  return (size_t)h;
}

/* The index in s->v of the property called name, or -1. */
static int find_index(const conj_set *s, const char *name) {
  if (!s || !s->nslot) return -1;
  for (size_t i = name_hash(name) & (s->nslot - 1);; i = (i + 1) & (s->nslot - 1)) {
    int k = s->slot[i] - 1;
    if (k < 0) return -1;
    if (strcmp(s->v[k]->name, name) == 0) return k;
  }
}

/* Enter s->v[0..n) into the name index (which has room for them). */
static void fill_slots(conj_set *s) {
  memset(s->slot, 0, s->nslot * sizeof *s->slot);
  for (int k = 0; k < s->n; k++) {
    size_t i = name_hash(s->v[k]->name) & (s->nslot - 1);
    while (s->slot[i]) i = (i + 1) & (s->nslot - 1);
    s->slot[i] = k + 1;
  }
}

/* Rebuild the name index with room for at least want properties; 0, or -1
** when memory runs out (the old index is kept). */
static int reindex(conj_set *s, int want) {
  size_t nslot = 16;
  while (nslot < 2 * (size_t)want) nslot *= 2;
  int *slot = calloc(nslot, sizeof *slot);
  if (!slot) return -1;
  free(s->slot);
  s->slot = slot;
  s->nslot = nslot;
  fill_slots(s);
  return 0;
}

/* Properties in the set (0 for NULL). */
int conj_set_count(const conj_set *s) { return s ? s->n : 0; }

/* Property i, or NULL outside [0, count). */
const gen_property *conj_set_at(const conj_set *s, int i) {
  return s && i >= 0 && i < s->n ? &s->v[i]->p : NULL;
}

/* The property of that name, or NULL. */
const gen_property *conj_set_find(const conj_set *s, const char *name) {
  int k = find_index(s, name);
  return k < 0 ? NULL : &s->v[k]->p;
}

/* ------------------------------------------------------------ checking */

/* Discard a case whose assume or check could not be decided. */
static gen_verdict undecided(gen_ctx *x, conj_status st, const char *what, const char *why) {
  if (st == CONJ_UNDEFINED) x->labels |= 1u << GEN_L_UNDEFINED;
  snprintf(x->msg, sizeof x->msg, "%s %s: %s", what, st == CONJ_UNDEFINED ? "undefined" : "skipped",
           why);
  return GEN_DISCARD;
}

/* The check shared by every loaded property: evaluate assume, then check,
** on the case's arguments. */
static gen_verdict conj_check(gen_ctx *x) {
  const conj_prop *c = x->data;
  conj_env env = {x->argc, x->argv, x->bounds ? x->bounds->max_size : 4096};
  char why[sizeof x->msg - 32];
  int holds = 0;
  conj_status st;
  if (x->argc != c->nvars) {
    snprintf(x->msg, sizeof x->msg, "expected %d arguments, found %d", c->nvars, x->argc);
    return GEN_DISCARD;
  }
  if (c->assume) {
    st = conj_holds(c->assume, &env, &holds, why, sizeof why);
    if (st != CONJ_OK) return undecided(x, st, "assume", why);
    if (!holds) return snprintf(x->msg, sizeof x->msg, "assume is false: %s", why), GEN_DISCARD;
  }
  st = conj_holds(c->check, &env, &holds, why, sizeof why);
  if (st != CONJ_OK) return undecided(x, st, "check", why);
  if (!holds) return gen_failf(x, "%s", why);
  return GEN_PASS;
}

/* ------------------------------------------------------------ the file */

typedef struct loader {
  yaml_doc doc; /* the file's events and the walk's place in them */
  conj_set *set;
  conj_taken_fn taken;
  void *ud;
} loader;

/* Describe the node starting at e for "found ..." in a message. */
static void describe(const yaml_event_t *e, char *out, size_t cap) {
  if (e->type == YAML_SEQUENCE_START_EVENT)
    snprintf(out, cap, "a sequence");
  else if (e->type == YAML_MAPPING_START_EVENT)
    snprintf(out, cap, "a mapping");
  else if (e->type != YAML_SCALAR_EVENT)
    snprintf(out, cap, "no value");
  else if (e->data.scalar.length == 0 && e->data.scalar.style == YAML_PLAIN_SCALAR_STYLE)
    snprintf(out, cap, "an empty value");
  else
    snprintf(out, cap, "'%.*s%s'", e->data.scalar.length > 40 ? 40 : (int)e->data.scalar.length,
             (const char *)e->data.scalar.value, e->data.scalar.length > 40 ? "..." : "");
}

/* The keys of an entry. */
enum { K_NAME, K_FORALL, K_CHECK, K_ASSUME, K_KIND, K_STATEMENT, K_SOURCE, K_OP, N_KEYS };
static const char *const key_names[N_KEYS] = {"name", "forall",    "check",  "assume",
                                              "kind", "statement", "source", "op"};

/* An entry as read: the event index of each key's value (0: absent). */
typedef struct entry {
  yaml_mark_t start;
  size_t value[N_KEYS];
} entry;

/* The string value of key k at event index i, malloc'd into *out: a
** non-empty scalar without NUL, not ~ or null.  0, or -1. */
static int get_string(loader *ld, size_t i, int k, char **out) {
  const yaml_event_t *e = &ld->doc.ev[i];
  char found[96];
  describe(e, found, sizeof found);
  if (e->type != YAML_SCALAR_EVENT || yaml_plain_is(e, "~") || yaml_plain_is(e, "null") ||
      yaml_plain_is(e, "Null") || yaml_plain_is(e, "NULL") || e->data.scalar.length == 0)
    return yaml_fail(&ld->doc, e->start_mark, "%s: expected a non-empty string, found %s",
                     key_names[k], found);
  if (memchr(e->data.scalar.value, 0, e->data.scalar.length))
    return yaml_fail(&ld->doc, e->start_mark, "%s: the string contains a NUL character",
                     key_names[k]);
  *out = strdup((const char *)e->data.scalar.value);
  return *out ? 0 : yaml_fail(&ld->doc, e->start_mark, "out of memory");
}

/* Read the mapping of one entry (the current event starts it) into *en,
** leaving its end event current.  0, or -1. */
static int read_entry(loader *ld, entry *en) {
  memset(en, 0, sizeof *en);
  en->start = yaml_cur(&ld->doc)->start_mark;
  for (const yaml_event_t *e = yaml_next(&ld->doc); e->type != YAML_MAPPING_END_EVENT;
       e = yaml_next(&ld->doc)) {
    char found[96];
    describe(e, found, sizeof found);
    if (e->type != YAML_SCALAR_EVENT)
      return yaml_fail(&ld->doc, e->start_mark, "a key must be a string, found %s", found);
    int k = 0;
    while (k < N_KEYS && !(e->data.scalar.length == strlen(key_names[k]) &&
                           memcmp(e->data.scalar.value, key_names[k], e->data.scalar.length) == 0))
      k++;
    if (k == N_KEYS)
      return yaml_fail(&ld->doc, e->start_mark,
                       "unknown key %s (the keys are name, forall, check, assume, kind, statement, "
                       "source, op)",
                       found);
    if (en->value[k]) return yaml_fail(&ld->doc, e->start_mark, "duplicate key '%s'", key_names[k]);
    en->value[k] = ++ld->doc.at;
    yaml_skip_node(&ld->doc);
  }
  if (!en->value[K_NAME]) return yaml_fail(&ld->doc, en->start, "missing key 'name'");
  if (!en->value[K_FORALL]) return yaml_fail(&ld->doc, en->start, "missing key 'forall'");
  if (!en->value[K_CHECK]) return yaml_fail(&ld->doc, en->start, "missing key 'check'");
  return 0;
}

/* Check the property name at event index i. */
static int check_name(loader *ld, size_t i, const char *name) {
  yaml_mark_t at = ld->doc.ev[i].start_mark;
  size_t len = strlen(name);
  if (len > MAX_NAME) return yaml_fail(&ld->doc, at, "name: longer than %d characters", MAX_NAME);
  if (strspn(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-") != len)
    return yaml_fail(&ld->doc, at, "name: '%s' may hold only letters, digits, '_', '.' and '-'",
                     name);
  int j = find_index(ld->set, name);
  if (j >= 0)
    return yaml_fail(&ld->doc, at, "name: '%s' is already defined at %s", name,
                     ld->set->v[j]->defined_at);
  if (ld->taken && ld->taken(name, ld->ud))
    return yaml_fail(&ld->doc, at, "name: '%s' is the name of a built-in property", name);
  return 0;
}

/* The number of space-separated words of s. */
static int count_words(const char *s) {
  int n = 0;
  for (const char *p = s; *p;) {
    while (*p == ' ') p++;
    if (!*p) break;
    n++;
    while (*p && *p != ' ') p++;
  }
  return n;
}

/* Read forall (its value at event index i): the variables into
** vars[0..*nvars) and the generator names, space-separated, into gen. */
static int read_forall(loader *ld, size_t i, char vars[][MAX_NAME + 1], int *nvars, char *gen,
                       size_t gencap) {
  const yaml_event_t *e = &ld->doc.ev[i];
  char found[96], msg[240];
  *nvars = 0;
  gen[0] = 0;
  describe(e, found, sizeof found);
  if (e->type != YAML_MAPPING_START_EVENT)
    return yaml_fail(&ld->doc, e->start_mark,
                     "forall: expected a mapping from variables to generators, "
                     "found %s",
                     found);
  yaml_mark_t start = e->start_mark;
  for (size_t j = i + 1; ld->doc.ev[j].type != YAML_MAPPING_END_EVENT; j += 2) {
    const yaml_event_t *key = &ld->doc.ev[j], *value = &ld->doc.ev[j + 1];
    describe(key, found, sizeof found);
    if (key->type != YAML_SCALAR_EVENT)
      return yaml_fail(&ld->doc, key->start_mark, "forall: expected variable names, found %s",
                       found);
    describe(value, found, sizeof found);
    if (value->type != YAML_SCALAR_EVENT || value->data.scalar.length == 0)
      return yaml_fail(&ld->doc, value->start_mark, "forall: expected a generator name, found %s",
                       found);
    const char *gname = (const char *)value->data.scalar.value;
    const gen_info *g = gen_find(gname);
    if (!g || strlen(gname) != value->data.scalar.length)
      return yaml_fail(&ld->doc, value->start_mark, "forall: unknown generator %s", found);
    int first = *nvars;
    const char *p = (const char *)key->data.scalar.value;
    while (*p) {
      size_t len = strcspn(p, " ");
      if (len == 0) {
        p++;
        continue;
      }
      if (*nvars == GEN_MAX_ARGS)
        return yaml_fail(&ld->doc, key->start_mark, "forall: more than %d variables", GEN_MAX_ARGS);
      if (len > MAX_NAME)
        return yaml_fail(&ld->doc, key->start_mark,
                         "forall: a variable name is longer than %d characters", MAX_NAME);
      memcpy(vars[*nvars], p, len);
      vars[*nvars][len] = 0;
      if (conj_check_var_name(vars[*nvars], msg, sizeof msg))
        return yaml_fail(&ld->doc, key->start_mark, "forall: %s", msg);
      for (int k = 0; k < *nvars; k++)
        if (strcmp(vars[k], vars[*nvars]) == 0)
          return yaml_fail(&ld->doc, key->start_mark, "forall: variable '%s' is bound twice",
                           vars[k]);
      ++*nvars;
      p += len;
    }
    int want = count_words(g->args);
    if (*nvars - first != want)
      return yaml_fail(
          &ld->doc, key->start_mark,
          "forall: generator %s makes %d value%s (%s), so name %d variable%s here, not %d", g->name,
          want, want == 1 ? "" : "s", g->args, want, want == 1 ? "" : "s", *nvars - first);
    size_t len = strlen(gen);
    if (len + strlen(g->name) + 2 > gencap)
      return yaml_fail(&ld->doc, value->start_mark, "forall: too many generators");
    snprintf(gen + len, gencap - len, "%s%s", len ? " " : "", g->name);
  }
  if (*nvars == 0) return yaml_fail(&ld->doc, start, "forall: expected at least one generator");
  return 0;
}

/* Compile the expression of key k (check or assume) at event index i;
** it must be a boolean. */
static int compile(loader *ld, size_t i, int k, char vars[][MAX_NAME + 1], int nvars,
                   conj_expr **out) {
  char *text = NULL;
  const char *names[GEN_MAX_ARGS];
  conj_error err;
  for (int j = 0; j < nvars; j++) names[j] = vars[j];
  if (get_string(ld, i, k, &text)) return -1;
  int rc = conj_compile(text, names, nvars, out, &err);
  if (rc) {
    free(text);
    return yaml_fail(&ld->doc, yaml_mark_in_scalar(&ld->doc, &ld->doc.ev[i], err.offset), "%s: %s",
                     key_names[k], err.msg);
  }
  free(text);
  if (conj_expr_type(*out) != CONJ_BOOL)
    return yaml_fail(&ld->doc, yaml_mark_in_scalar(&ld->doc, &ld->doc.ev[i], 0),
                     "%s: expected a boolean (a comparison, a predicate such as is_tractable(L), "
                     "defined(...)), found %s",
                     key_names[k], conj_type_name(conj_expr_type(*out)));
  return 0;
}

/* s with every run of white space made one space, trimmed (in place). */
static char *one_line(char *s) {
  size_t o = 0;
  int space = 0;
  for (size_t i = 0; s[i]; i++) {
    if (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
      space = 1;
      continue;
    }
    if (space && o) s[o++] = ' ';
    space = 0;
    s[o++] = s[i];
  }
  s[o] = 0;
  return s;
}

/* The names vars[0..n) joined by spaces, malloc'd (NULL: out of memory). */
static char *join_names(char vars[][MAX_NAME + 1], int n) {
  char *s = malloc((size_t)n * (MAX_NAME + 1) + 1);
  if (!s) return NULL;
  s[0] = 0;
  for (int i = 0; i < n; i++) {
    if (i) strcat(s, " ");
    strcat(s, vars[i]);
  }
  return s;
}

/* Build the property of entry en into *out. */
static int build(loader *ld, const entry *en, conj_prop *c) {
  char vars[GEN_MAX_ARGS][MAX_NAME + 1], gen[256], where[64];
  gen_plan plan;
  const size_t *v = en->value;
  if (get_string(ld, v[K_NAME], K_NAME, &c->name) || check_name(ld, v[K_NAME], c->name)) return -1;
  if (read_forall(ld, v[K_FORALL], vars, &c->nvars, gen, sizeof gen)) return -1;
  if (gen_plan_resolve(gen, &plan))
    return yaml_fail(&ld->doc, ld->doc.ev[v[K_FORALL]].start_mark,
                     "forall: generators cannot be combined");
  if (v[K_ASSUME] && compile(ld, v[K_ASSUME], K_ASSUME, vars, c->nvars, &c->assume)) return -1;
  if (compile(ld, v[K_CHECK], K_CHECK, vars, c->nvars, &c->check)) return -1;
  if (!(c->vars = join_names(vars, c->nvars))) return yaml_fail(&ld->doc, en->start, "out of memory");
  c->p.kind = GEN_CONJECTURE;
  if (v[K_KIND]) {
    const yaml_event_t *e = &ld->doc.ev[v[K_KIND]];
    char found[96];
    describe(e, found, sizeof found);
    if (!yaml_plain_is(e, "conjecture") && !yaml_plain_is(e, "theorem"))
      return yaml_fail(&ld->doc, e->start_mark, "kind: expected conjecture or theorem, found %s",
                       found);
    c->p.kind = yaml_plain_is(e, "theorem") ? GEN_THEOREM : GEN_CONJECTURE;
  }
  snprintf(where, sizeof where, ":%zu", en->start.line + 1);
  c->defined_at = malloc(strlen(ld->doc.path) + strlen(where) + 1);
  c->generator = strdup(gen);
  if (!c->defined_at || !c->generator) return yaml_fail(&ld->doc, en->start, "out of memory");
  strcat(strcpy(c->defined_at, ld->doc.path), where);
  if (v[K_STATEMENT] ? get_string(ld, v[K_STATEMENT], K_STATEMENT, &c->statement)
                     : get_string(ld, v[K_CHECK], K_CHECK, &c->statement))
    return -1;
  one_line(c->statement);
  if (v[K_SOURCE]) {
    if (get_string(ld, v[K_SOURCE], K_SOURCE, &c->source)) return -1;
    one_line(c->source);
  } else if (!(c->source = strdup(c->defined_at))) {
    return yaml_fail(&ld->doc, en->start, "out of memory");
  }
  if (v[K_OP]) {
    if (get_string(ld, v[K_OP], K_OP, &c->op)) return -1;
    if (!conj_is_op(c->op))
      return yaml_fail(&ld->doc, ld->doc.ev[v[K_OP]].start_mark,
                       "op: unknown op '%s' (layoutcheck eval --list shows the ops)", c->op);
  } else {
    const char *op = conj_expr_op(c->check);
    if (!op && c->assume) op = conj_expr_op(c->assume);
    if (!(c->op = strdup(op ? op : c->name)))
      return yaml_fail(&ld->doc, en->start, "out of memory");
  }
  c->p.name = c->name;
  c->p.statement = c->statement;
  c->p.source = c->source;
  c->p.generator = c->generator;
  c->p.op = c->op;
  c->p.vars = c->vars;
  c->p.op_other = 1; /* the check is an expression, not the op on the variables */
  c->p.check = conj_check;
  c->p.data = c;
  return 0;
}

/* Add a property (whose name is not in the set) to the set and its name
** index; 0, or -1 when out of memory. */
static int push(conj_set *s, conj_prop *c) {
  if (s->n == s->cap) {
    int cap = s->cap ? 2 * s->cap : 8;
    conj_prop **grown = realloc(s->v, (size_t)cap * sizeof *grown);
    if (!grown) return -1;
    s->v = grown;
    s->cap = cap;
  }
  if (2 * ((size_t)s->n + 1) > s->nslot && reindex(s, 2 * (s->n + 1))) return -1;
  size_t i = name_hash(c->name) & (s->nslot - 1);
  while (s->slot[i]) i = (i + 1) & (s->nslot - 1);
  s->slot[i] = s->n + 1;
  s->v[s->n++] = c;
  return 0;
}

/* Walk the entries of the sequence (its start is current). */
static int read_entries(loader *ld) {
  for (const yaml_event_t *e = yaml_next(&ld->doc); e->type != YAML_SEQUENCE_END_EVENT;
       e = yaml_next(&ld->doc)) {
    char found[96];
    entry en;
    if (e->type != YAML_MAPPING_START_EVENT) {
      describe(e, found, sizeof found);
      return yaml_fail(&ld->doc, e->start_mark, "a conjecture must be a mapping, found %s", found);
    }
    if (read_entry(ld, &en)) return -1;
    conj_prop *c = calloc(1, sizeof *c);
    if (!c) return yaml_fail(&ld->doc, en.start, "out of memory");
    if (build(ld, &en, c)) {
      prop_free(c);
      return -1;
    }
    if (push(ld->set, c)) {
      prop_free(c);
      return yaml_fail(&ld->doc, en.start, "out of memory");
    }
  }
  return 0;
}

/* Walk the stream: nothing, an empty document, or one document holding one
** sequence of entries. */
static int read_stream(loader *ld) {
  const yaml_event_t *e = yaml_next(&ld->doc); /* after STREAM-START */
  if (e->type == YAML_STREAM_END_EVENT) return 0;
  e = yaml_next(&ld->doc); /* the document's node */
  if (e->type == YAML_SEQUENCE_START_EVENT) {
    if (read_entries(ld)) return -1;
  } else if (!yaml_plain_is(e, "")) {
    char found[96];
    describe(e, found, sizeof found);
    return yaml_fail(&ld->doc, e->start_mark, "expected a sequence of conjectures, found %s",
                     found);
  }
  return yaml_doc_end(&ld->doc);
}

/* Load one file into s, all or nothing; see conj_load.h. */
int conj_set_load(conj_set *s, const char *path, conj_taken_fn taken, void *ud, char *msg,
                  size_t cap) {
  char spare[1];
  loader ld = {.set = s, .taken = taken, .ud = ud};
  int first = s->n;
  int status = yaml_doc_load(&ld.doc, path, MAX_FILE, cap ? msg : spare, cap ? cap : 1);
  if (status == 0) status = read_stream(&ld);
  yaml_doc_free(&ld.doc);
  if (status != 0 && s->n > first) {
    while (s->n > first) prop_free(s->v[--s->n]);
    if (reindex(s, s->n)) fill_slots(s); /* the larger index still fits */
  }
  return status;
}
