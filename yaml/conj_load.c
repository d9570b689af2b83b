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

#include <yaml.h>

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define MAX_FILE    (64u << 20) /* bytes of one conjecture file */
#define MAX_NAME    64          /* characters of a property or variable name */
#define MAX_NESTING 16          /* mappings and sequences inside one another */

/* One loaded property; p.data points back to it. */
typedef struct conj_prop {
  gen_property p;
  char *name, *statement, *source, *generator, *op; /* p's strings (owned) */
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
  const char *path;
  char *text; /* the file (owned) */
  size_t len;
  yaml_event_t *ev; /* the event stream, ending with STREAM-END */
  size_t n, n_cap, at;
  char *msg;
  size_t cap;
  conj_set *set;
  conj_taken_fn taken;
  void *ud;
} loader;

/* Write "PATH:LINE:COLUMN: " and a printf message (mark is 0-based);
** returns -1. */
static int fail(loader *ld, yaml_mark_t mark, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static int fail(loader *ld, yaml_mark_t mark, const char *fmt, ...) {
  char what[640];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(what, sizeof what, fmt, ap);
  va_end(ap);
  if (ld->cap)
    snprintf(ld->msg, ld->cap, "%s:%zu:%zu: %s", ld->path, mark.line + 1, mark.column + 1, what);
  return -1;
}

/* The 0-based line and column (in UTF-8 characters) of byte pos. */
static yaml_mark_t mark_at(const loader *ld, size_t pos) {
  yaml_mark_t m = {0};
  for (size_t i = 0; i < pos && i < ld->len; i++) {
    unsigned char c = (unsigned char)ld->text[i];
    if (c == '\n' || (c == '\r' && (i + 1 >= ld->len || ld->text[i + 1] != '\n'))) {
      m.line++;
      m.column = 0;
    } else if (c != '\r' && (c & 0xC0) != 0x80) {
      m.column++;
    }
  }
  return m;
}

/* The byte offset of a 0-based line and column. */
static size_t byte_at(const loader *ld, yaml_mark_t m) {
  size_t i = 0;
  for (size_t line = 0; i < ld->len && line < m.line; i++) {
    char c = ld->text[i];
    if (c == '\n' || (c == '\r' && (i + 1 >= ld->len || ld->text[i + 1] != '\n'))) line++;
  }
  for (size_t col = 0; i < ld->len && col < m.column; col++) {
    i++;
    while (i < ld->len && ((unsigned char)ld->text[i] & 0xC0) == 0x80) i++;
  }
  return i;
}

/* The position in the file of byte offset of the value of scalar event e:
** the value's bytes are matched in order against the scalar's source text
** (skipping quotes, escapes, indentation and folded line breaks). */
static yaml_mark_t mark_in_scalar(const loader *ld, const yaml_event_t *e, size_t offset) {
  size_t j = byte_at(ld, e->start_mark), end = byte_at(ld, e->end_mark);
  const char *v = (const char *)e->data.scalar.value;
  size_t vlen = e->data.scalar.length;
  yaml_scalar_style_t style = e->data.scalar.style;
  if (style == YAML_SINGLE_QUOTED_SCALAR_STYLE || style == YAML_DOUBLE_QUOTED_SCALAR_STYLE) {
    j++;
  } else if (style == YAML_LITERAL_SCALAR_STYLE || style == YAML_FOLDED_SCALAR_STYLE) {
    while (j < end && ld->text[j] != '\n') j++;
    j++;
  }
  for (size_t i = 0; i < vlen && i <= offset; i++) {
    while (j < end && ld->text[j] != v[i]) j++;
    if (j >= end) return e->start_mark;
    if (i == offset) break;
    j++;
  }
  return mark_at(ld, j);
}

/* Describe the parser's error; returns -1. */
static int parser_error(loader *ld, const yaml_parser_t *p) {
  const char *problem = p->problem ? p->problem : "malformed YAML";
  yaml_mark_t at = p->problem_mark, from = p->context_mark;
  if (p->error == YAML_MEMORY_ERROR) return fail(ld, p->mark, "out of memory");
  if (p->error == YAML_READER_ERROR) /* bad encoding: only a byte offset */
    return fail(ld, mark_at(ld, p->problem_offset), "%s", problem);
  if (p->context && (from.line != at.line || from.column != at.column))
    return fail(ld, at, "%s, %s starting at line %zu, column %zu", problem, p->context,
                from.line + 1, from.column + 1);
  if (p->context) return fail(ld, at, "%s, %s", problem, p->context);
  return fail(ld, at, "%s", problem);
}

/* Read the file into ld->text; 0, or -1 with the message set. */
static int read_file(loader *ld) {
  FILE *f = fopen(ld->path, "rb");
  struct stat st;
  if (f && fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
    fclose(f);
    f = NULL;
    errno = EISDIR;
  }
  if (!f) return snprintf(ld->msg, ld->cap, "%s: cannot open: %s", ld->path, strerror(errno)), -1;
  size_t cap = 4096;
  ld->text = malloc(cap);
  while (ld->text) {
    ld->len += fread(ld->text + ld->len, 1, cap - ld->len, f);
    if (ld->len < cap || cap >= MAX_FILE) break;
    char *grown = realloc(ld->text, cap * 2);
    if (!grown) break;
    ld->text = grown;
    cap *= 2;
  }
  int bad = ferror(f);
  fclose(f);
  if (!ld->text) return snprintf(ld->msg, ld->cap, "%s: out of memory", ld->path), -1;
  if (bad) return snprintf(ld->msg, ld->cap, "%s: cannot read", ld->path), -1;
  if (ld->len >= MAX_FILE)
    return snprintf(ld->msg, ld->cap, "%s: larger than %u bytes", ld->path, MAX_FILE), -1;
  return 0;
}

/* Parse the text into ld->ev, up to and including STREAM-END.  Nesting
** deeper than MAX_NESTING ends the parse at once (libyaml's scanner takes
** time quadratic in the depth of flow collections). */
static int read_events(loader *ld) {
  yaml_parser_t p;
  int status = 0, depth = 0;
  if (!yaml_parser_initialize(&p))
    return snprintf(ld->msg, ld->cap, "%s: out of memory", ld->path), -1;
  yaml_parser_set_input_string(&p, (const unsigned char *)ld->text, ld->len);
  for (;;) {
    if (ld->n == ld->n_cap) {
      size_t grown_cap = ld->n_cap ? 2 * ld->n_cap : 64;
      yaml_event_t *grown = realloc(ld->ev, grown_cap * sizeof *grown);
      if (!grown) {
        status = fail(ld, p.mark, "out of memory");
        break;
      }
      ld->ev = grown;
      ld->n_cap = grown_cap;
    }
    if (!yaml_parser_parse(&p, &ld->ev[ld->n])) {
      status = parser_error(ld, &p);
      break;
    }
    const yaml_event_t *e = &ld->ev[ld->n++];
    if (e->type == YAML_STREAM_END_EVENT) break;
    if (e->type == YAML_SEQUENCE_END_EVENT || e->type == YAML_MAPPING_END_EVENT) depth--;
    if ((e->type == YAML_SEQUENCE_START_EVENT || e->type == YAML_MAPPING_START_EVENT) &&
        ++depth > MAX_NESTING) {
      status = fail(ld, e->start_mark, "nested deeper than %d levels", MAX_NESTING);
      break;
    }
  }
  yaml_parser_delete(&p);
  return status;
}

/* Refuse the first alias, anchor or tag: 0, or -1. */
static int refuse_references(loader *ld) {
  for (size_t i = 0; i < ld->n; i++) {
    const yaml_event_t *e = &ld->ev[i];
    const yaml_char_t *anchor = NULL, *tag = NULL;
    if (e->type == YAML_ALIAS_EVENT)
      return fail(ld, e->start_mark, "aliases are not allowed (found *%s)",
                  (const char *)e->data.alias.anchor);
    if (e->type == YAML_SCALAR_EVENT) {
      anchor = e->data.scalar.anchor;
      tag = e->data.scalar.tag;
    } else if (e->type == YAML_SEQUENCE_START_EVENT) {
      anchor = e->data.sequence_start.anchor;
      tag = e->data.sequence_start.tag;
    } else if (e->type == YAML_MAPPING_START_EVENT) {
      anchor = e->data.mapping_start.anchor;
      tag = e->data.mapping_start.tag;
    }
    if (anchor)
      return fail(ld, e->start_mark, "anchors are not allowed (found &%s)", (const char *)anchor);
    if (tag) return fail(ld, e->start_mark, "tags are not allowed (found %s)", (const char *)tag);
  }
  return 0;
}

/* The current event (never past STREAM-END). */
static const yaml_event_t *cur(const loader *ld) { return &ld->ev[ld->at]; }

/* Move to the next event and return it. */
static const yaml_event_t *next(loader *ld) {
  if (ld->at + 1 < ld->n) ld->at++;
  return cur(ld);
}

/* The current event starts a node: move to its last event. */
static void skip_node(loader *ld) {
  yaml_event_type_t t = cur(ld)->type;
  if (t != YAML_SEQUENCE_START_EVENT && t != YAML_MAPPING_START_EVENT) return;
  for (size_t depth = 1; depth > 0 && cur(ld)->type != YAML_STREAM_END_EVENT;) {
    t = next(ld)->type;
    if (t == YAML_SEQUENCE_START_EVENT || t == YAML_MAPPING_START_EVENT)
      depth++;
    else if (t == YAML_SEQUENCE_END_EVENT || t == YAML_MAPPING_END_EVENT)
      depth--;
  }
}

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

/* Nonzero when e is a plain scalar equal to word. */
static int plain_is(const yaml_event_t *e, const char *word) {
  return e->type == YAML_SCALAR_EVENT && e->data.scalar.style == YAML_PLAIN_SCALAR_STYLE &&
         e->data.scalar.length == strlen(word) &&
         memcmp(e->data.scalar.value, word, e->data.scalar.length) == 0;
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
  const yaml_event_t *e = &ld->ev[i];
  char found[96];
  describe(e, found, sizeof found);
  if (e->type != YAML_SCALAR_EVENT || plain_is(e, "~") || plain_is(e, "null") ||
      plain_is(e, "Null") || plain_is(e, "NULL") || e->data.scalar.length == 0)
    return fail(ld, e->start_mark, "%s: expected a non-empty string, found %s", key_names[k],
                found);
  if (memchr(e->data.scalar.value, 0, e->data.scalar.length))
    return fail(ld, e->start_mark, "%s: the string contains a NUL character", key_names[k]);
  *out = strdup((const char *)e->data.scalar.value);
  return *out ? 0 : fail(ld, e->start_mark, "out of memory");
}

/* Read the mapping of one entry (the current event starts it) into *en,
** leaving its end event current.  0, or -1. */
static int read_entry(loader *ld, entry *en) {
  memset(en, 0, sizeof *en);
  en->start = cur(ld)->start_mark;
  for (const yaml_event_t *e = next(ld); e->type != YAML_MAPPING_END_EVENT; e = next(ld)) {
    char found[96];
    describe(e, found, sizeof found);
    if (e->type != YAML_SCALAR_EVENT)
      return fail(ld, e->start_mark, "a key must be a string, found %s", found);
    int k = 0;
    while (k < N_KEYS && !(e->data.scalar.length == strlen(key_names[k]) &&
                           memcmp(e->data.scalar.value, key_names[k], e->data.scalar.length) == 0))
      k++;
    if (k == N_KEYS)
      return fail(ld, e->start_mark,
                  "unknown key %s (the keys are name, forall, check, assume, kind, statement, "
                  "source, op)",
                  found);
    if (en->value[k]) return fail(ld, e->start_mark, "duplicate key '%s'", key_names[k]);
    en->value[k] = ++ld->at;
    skip_node(ld);
  }
  if (!en->value[K_NAME]) return fail(ld, en->start, "missing key 'name'");
  if (!en->value[K_FORALL]) return fail(ld, en->start, "missing key 'forall'");
  if (!en->value[K_CHECK]) return fail(ld, en->start, "missing key 'check'");
  return 0;
}

/* Check the property name at event index i. */
static int check_name(loader *ld, size_t i, const char *name) {
  yaml_mark_t at = ld->ev[i].start_mark;
  size_t len = strlen(name);
  if (len > MAX_NAME) return fail(ld, at, "name: longer than %d characters", MAX_NAME);
  if (strspn(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-") != len)
    return fail(ld, at, "name: '%s' may hold only letters, digits, '_', '.' and '-'", name);
  int j = find_index(ld->set, name);
  if (j >= 0)
    return fail(ld, at, "name: '%s' is already defined at %s", name, ld->set->v[j]->defined_at);
  if (ld->taken && ld->taken(name, ld->ud))
    return fail(ld, at, "name: '%s' is the name of a built-in property", name);
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
  const yaml_event_t *e = &ld->ev[i];
  char found[96], msg[240];
  *nvars = 0;
  gen[0] = 0;
  describe(e, found, sizeof found);
  if (e->type != YAML_MAPPING_START_EVENT)
    return fail(ld, e->start_mark,
                "forall: expected a mapping from variables to generators, "
                "found %s",
                found);
  yaml_mark_t start = e->start_mark;
  for (size_t j = i + 1; ld->ev[j].type != YAML_MAPPING_END_EVENT; j += 2) {
    const yaml_event_t *key = &ld->ev[j], *value = &ld->ev[j + 1];
    describe(key, found, sizeof found);
    if (key->type != YAML_SCALAR_EVENT)
      return fail(ld, key->start_mark, "forall: expected variable names, found %s", found);
    describe(value, found, sizeof found);
    if (value->type != YAML_SCALAR_EVENT || value->data.scalar.length == 0)
      return fail(ld, value->start_mark, "forall: expected a generator name, found %s", found);
    const char *gname = (const char *)value->data.scalar.value;
    const gen_info *g = gen_find(gname);
    if (!g || strlen(gname) != value->data.scalar.length)
      return fail(ld, value->start_mark, "forall: unknown generator %s", found);
    int first = *nvars;
    const char *p = (const char *)key->data.scalar.value;
    while (*p) {
      size_t len = strcspn(p, " ");
      if (len == 0) {
        p++;
        continue;
      }
      if (*nvars == GEN_MAX_ARGS)
        return fail(ld, key->start_mark, "forall: more than %d variables", GEN_MAX_ARGS);
      if (len > MAX_NAME)
        return fail(ld, key->start_mark, "forall: a variable name is longer than %d characters",
                    MAX_NAME);
      memcpy(vars[*nvars], p, len);
      vars[*nvars][len] = 0;
      if (conj_check_var_name(vars[*nvars], msg, sizeof msg))
        return fail(ld, key->start_mark, "forall: %s", msg);
      for (int k = 0; k < *nvars; k++)
        if (strcmp(vars[k], vars[*nvars]) == 0)
          return fail(ld, key->start_mark, "forall: variable '%s' is bound twice", vars[k]);
      ++*nvars;
      p += len;
    }
    int want = count_words(g->args);
    if (*nvars - first != want)
      return fail(ld, key->start_mark,
                  "forall: generator %s makes %d value%s (%s), so name %d variable%s here, not %d",
                  g->name, want, want == 1 ? "" : "s", g->args, want, want == 1 ? "" : "s",
                  *nvars - first);
    size_t len = strlen(gen);
    if (len + strlen(g->name) + 2 > gencap)
      return fail(ld, value->start_mark, "forall: too many generators");
    snprintf(gen + len, gencap - len, "%s%s", len ? " " : "", g->name);
  }
  if (*nvars == 0) return fail(ld, start, "forall: expected at least one generator");
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
    return fail(ld, mark_in_scalar(ld, &ld->ev[i], err.offset), "%s: %s", key_names[k], err.msg);
  }
  free(text);
  if (conj_expr_type(*out) != CONJ_BOOL)
    return fail(ld, mark_in_scalar(ld, &ld->ev[i], 0),
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

/* Build the property of entry en into *out. */
static int build(loader *ld, const entry *en, conj_prop *c) {
  char vars[GEN_MAX_ARGS][MAX_NAME + 1], gen[256], where[64];
  gen_plan plan;
  const size_t *v = en->value;
  if (get_string(ld, v[K_NAME], K_NAME, &c->name) || check_name(ld, v[K_NAME], c->name)) return -1;
  if (read_forall(ld, v[K_FORALL], vars, &c->nvars, gen, sizeof gen)) return -1;
  if (gen_plan_resolve(gen, &plan))
    return fail(ld, ld->ev[v[K_FORALL]].start_mark, "forall: generators cannot be combined");
  if (v[K_ASSUME] && compile(ld, v[K_ASSUME], K_ASSUME, vars, c->nvars, &c->assume)) return -1;
  if (compile(ld, v[K_CHECK], K_CHECK, vars, c->nvars, &c->check)) return -1;
  c->p.kind = GEN_CONJECTURE;
  if (v[K_KIND]) {
    const yaml_event_t *e = &ld->ev[v[K_KIND]];
    char found[96];
    describe(e, found, sizeof found);
    if (!plain_is(e, "conjecture") && !plain_is(e, "theorem"))
      return fail(ld, e->start_mark, "kind: expected conjecture or theorem, found %s", found);
    c->p.kind = plain_is(e, "theorem") ? GEN_THEOREM : GEN_CONJECTURE;
  }
  snprintf(where, sizeof where, ":%zu", en->start.line + 1);
  c->defined_at = malloc(strlen(ld->path) + strlen(where) + 1);
  c->generator = strdup(gen);
  if (!c->defined_at || !c->generator) return fail(ld, en->start, "out of memory");
  strcat(strcpy(c->defined_at, ld->path), where);
  if (v[K_STATEMENT] ? get_string(ld, v[K_STATEMENT], K_STATEMENT, &c->statement)
                     : get_string(ld, v[K_CHECK], K_CHECK, &c->statement))
    return -1;
  one_line(c->statement);
  if (v[K_SOURCE]) {
    if (get_string(ld, v[K_SOURCE], K_SOURCE, &c->source)) return -1;
    one_line(c->source);
  } else if (!(c->source = strdup(c->defined_at))) {
    return fail(ld, en->start, "out of memory");
  }
  if (v[K_OP]) {
    if (get_string(ld, v[K_OP], K_OP, &c->op)) return -1;
    if (!conj_is_op(c->op))
      return fail(ld, ld->ev[v[K_OP]].start_mark,
                  "op: unknown op '%s' (layoutcheck eval --list shows the ops)", c->op);
  } else {
    const char *op = conj_expr_op(c->check);
    if (!op && c->assume) op = conj_expr_op(c->assume);
    if (!(c->op = strdup(op ? op : c->name))) return fail(ld, en->start, "out of memory");
  }
  c->p.name = c->name;
  c->p.statement = c->statement;
  c->p.source = c->source;
  c->p.generator = c->generator;
  c->p.op = c->op;
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
  for (const yaml_event_t *e = next(ld); e->type != YAML_SEQUENCE_END_EVENT; e = next(ld)) {
    char found[96];
    entry en;
    if (e->type != YAML_MAPPING_START_EVENT) {
      describe(e, found, sizeof found);
      return fail(ld, e->start_mark, "a conjecture must be a mapping, found %s", found);
    }
    if (read_entry(ld, &en)) return -1;
    conj_prop *c = calloc(1, sizeof *c);
    if (!c) return fail(ld, en.start, "out of memory");
    if (build(ld, &en, c)) {
      prop_free(c);
      return -1;
    }
    if (push(ld->set, c)) {
      prop_free(c);
      return fail(ld, en.start, "out of memory");
    }
  }
  return 0;
}

/* Walk the stream: nothing, an empty document, or one document holding one
** sequence of entries. */
static int read_stream(loader *ld) {
  const yaml_event_t *e = next(ld); /* after STREAM-START */
  if (e->type == YAML_STREAM_END_EVENT) return 0;
  e = next(ld); /* the document's node */
  if (e->type == YAML_SEQUENCE_START_EVENT) {
    if (read_entries(ld)) return -1;
  } else if (!plain_is(e, "")) {
    char found[96];
    describe(e, found, sizeof found);
    return fail(ld, e->start_mark, "expected a sequence of conjectures, found %s", found);
  }
  next(ld); /* DOCUMENT-END */
  e = next(ld);
  if (e->type != YAML_STREAM_END_EVENT)
    return fail(ld, e->start_mark, "expected one document, found another");
  return 0;
}

/* Load one file into s, all or nothing; see conj_load.h. */
int conj_set_load(conj_set *s, const char *path, conj_taken_fn taken, void *ud, char *msg,
                  size_t cap) {
  char spare[1];
  loader ld = {.path = path,
               .msg = cap ? msg : spare,
               .cap = cap ? cap : 1,
               .set = s,
               .taken = taken,
               .ud = ud};
  int first = s->n;
  int status = read_file(&ld);
  if (status == 0) status = read_events(&ld);
  if (status == 0) status = refuse_references(&ld);
  if (status == 0) status = read_stream(&ld);
  for (size_t i = 0; i < ld.n; i++) yaml_event_delete(&ld.ev[i]);
  free(ld.ev);
  free(ld.text);
  if (status != 0 && s->n > first) {
    while (s->n > first) prop_free(s->v[--s->n]);
    if (reindex(s, s->n)) fill_slots(s); /* the larger index still fits */
  }
  return status;
}
