/*
** config.c -- the run configuration: defaults, loading from YAML through
** libyaml's event parser, canonical dump (see config.h).
**
** config_load reads the whole event stream into an array first, so that a
** YAML syntax error anywhere in the file is reported before any problem
** with the values; then it refuses anchors, aliases and tags, and walks the
** events once against a table of keys, filling a copy of the caller's
** configuration.  The first problem ends the load.
*/
#include "config.h"

#include "diff.h"

#include "yaml_read.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* --- the keys --------------------------------------------------------- */

typedef enum key_kind { K_SEED, K_INT, K_FLOAT, K_BOOL, K_STRING, K_LIST, K_MAP } key_kind;

/* One key of the file and the field it fills. */
typedef struct key {
  const char *name; /* as written in the file */
  key_kind kind;
  size_t offset, size; /* of the field in config */
  int64_t lo, hi;      /* K_INT: the allowed range */
  double min;          /* K_FLOAT: the value is >= min, or > min when open */
  int open;            /* K_FLOAT: the bound min is excluded */
  double max;          /* K_FLOAT: when not 0, the value is <= max */
  /* K_STRING: when not NULL, checks the value: 0, or -1 with why */
  int (*check)(const char *value, char *why, size_t cap);
  int nonempty;             /* K_STRING, K_LIST: the empty string is refused */
  const char *const *oneof; /* K_STRING: the allowed values (NULL-terminated), or NULL */
  const struct key *sub;    /* K_MAP: the keys of the nested mapping */
  size_t n_sub;
} key;

#define FIELD(f) .offset = offsetof(config, f), .size = sizeof(((config *)0)->f)

static const key bounds_keys[] = {
    {.name = "max_rank", .kind = K_INT, FIELD(max_rank), .lo = 0, .hi = 64},
    {.name = "max_depth", .kind = K_INT, FIELD(max_depth), .lo = 0, .hi = 64},
    {.name = "max_entry", .kind = K_INT, FIELD(max_entry), .lo = 1, .hi = INT64_MAX},
    {.name = "max_stride", .kind = K_INT, FIELD(max_stride), .lo = 0, .hi = INT64_MAX},
    {.name = "max_size", .kind = K_INT, FIELD(max_size), .lo = 1, .hi = INT64_MAX},
};

static const key gpu_keys[] = {
    {.name = "required", .kind = K_BOOL, FIELD(require_gpu)},
    {.name = "layouts", .kind = K_INT, FIELD(gpu_layouts), .lo = 0, .hi = INT64_MAX},
};

/* What a system under test promises to accept (gen_sut.c applies them). */
static const key sut_bounds_keys[] = {
    {.name = "empty_layout", .kind = K_BOOL, FIELD(sut_empty_layout)},
    {.name = "min_rank", .kind = K_INT, FIELD(sut_min_rank), .lo = 0, .hi = 64},
    {.name = "max_rank", .kind = K_INT, FIELD(sut_max_rank), .lo = 0, .hi = 64},
    {.name = "max_depth", .kind = K_INT, FIELD(sut_max_depth), .lo = 0, .hi = 64},
    {.name = "tilers", .kind = K_BOOL, FIELD(sut_tilers)},
    {.name = "int_operand", .kind = K_BOOL, FIELD(sut_int_operand)},
    {.name = "shape_operand", .kind = K_BOOL, FIELD(sut_shape_operand)},
    {.name = "int_entries", .kind = K_BOOL, FIELD(sut_int_entries)},
    {.name = "nested_tilers", .kind = K_BOOL, FIELD(sut_nested_tilers)},
    {.name = "underscore", .kind = K_BOOL, FIELD(sut_underscore)},
    {.name = "cotarget_shape", .kind = K_BOOL, FIELD(sut_cotarget_shape)},
    {.name = "cotarget_layout", .kind = K_BOOL, FIELD(sut_cotarget_layout)},
    {.name = "swizzles", .kind = K_BOOL, FIELD(sut_swizzles)},
    {.name = "composed", .kind = K_BOOL, FIELD(sut_composed)},
    {.name = "smem_ptr", .kind = K_BOOL, FIELD(sut_smem_ptr)},
    {.name = "swizzle_edge", .kind = K_BOOL, FIELD(sut_swizzle_edge)},
};

#define N_OF(a) (sizeof(a) / sizeof((a)[0]))

/* Timeouts: a millisecond at least (a smaller one stops every case at
** once), and at most 11.5 days (the engine waits in whole milliseconds, an
** int). */
#define MIN_TIMEOUT 0.001
#define MAX_TIMEOUT 1e6

static const char *const sut_layers[] = {"plain", "cute", NULL};

/* The top level, in the order of config_dump and CONFIG.yaml (at most 32). */
static const key top_keys[] = {
    {.name = "seed", .kind = K_SEED, FIELD(seed)},
    {.name = "cases", .kind = K_INT, FIELD(cases), .lo = 1, .hi = INT64_MAX},
    {.name = "time", .kind = K_FLOAT, FIELD(time), .min = 0},
    {.name = "property", .kind = K_STRING, FIELD(property), .nonempty = 1},
    {.name = "db", .kind = K_STRING, FIELD(db), .nonempty = 1},
    {.name = "conjectures", .kind = K_BOOL, FIELD(include_conjectures)},
    {.name = "case_timeout",
     .kind = K_FLOAT,
     FIELD(case_timeout),
     .min = MIN_TIMEOUT,
     .max = MAX_TIMEOUT},
    {.name = "isolate", .kind = K_BOOL, FIELD(isolate)},
    {.name = "shrink_limit", .kind = K_INT, FIELD(shrink_limit), .lo = 0, .hi = INT64_MAX},
    {.name = "max_distinct", .kind = K_INT, FIELD(max_distinct), .lo = 1, .hi = 1000000},
    {.name = "shrink_budget", .kind = K_FLOAT, FIELD(shrink_budget), .min = 0},
    {.name = "max_repeats", .kind = K_INT, FIELD(max_repeats), .lo = 0, .hi = INT64_MAX},
    {.name = "budget", .kind = K_FLOAT, FIELD(budget), .min = 0},
    {.name = "bounds", .kind = K_MAP, .sub = bounds_keys, .n_sub = N_OF(bounds_keys)},
    {.name = "conjecture_files", .kind = K_LIST, FIELD(conjecture_files), .nonempty = 1},
    {.name = "sut", .kind = K_STRING, FIELD(sut)},
    {.name = "sut_ops", .kind = K_STRING, FIELD(sut_ops), .check = diff_ops_check},
    {.name = "sut_timeout",
     .kind = K_FLOAT,
     FIELD(sut_timeout),
     .min = MIN_TIMEOUT,
     .max = MAX_TIMEOUT},
    {.name = "sut_window", .kind = K_INT, FIELD(sut_window), .lo = 1, .hi = CONFIG_MAX_WINDOW},
    {.name = "sut_layer", .kind = K_STRING, FIELD(sut_layer), .oneof = sut_layers},
    {.name = "sut_known", .kind = K_STRING, FIELD(known)},
    {.name = "gpu", .kind = K_MAP, .sub = gpu_keys, .n_sub = N_OF(gpu_keys)},
    {.name = "sut_bounds", .kind = K_MAP, .sub = sut_bounds_keys, .n_sub = N_OF(sut_bounds_keys)},
};

/* Set every field of *c to its default (no seed). */
void config_defaults(config *c) {
  memset(c, 0, sizeof *c);
  c->cases = 1000;
  c->time = 0;
  snprintf(c->property, sizeof c->property, "*");
  snprintf(c->db, sizeof c->db, "results.db");
  c->include_conjectures = 1;
  c->case_timeout = 2.0;
  c->isolate = 1;
  c->shrink_limit = 5000;
  c->max_distinct = 8;
  c->shrink_budget = 30;
  c->max_repeats = 20;
  c->budget = 0;
  c->max_rank = 6;
  c->max_depth = 3;
  c->max_entry = 8;
  c->max_stride = 64;
  c->max_size = 4096;
  c->sut_timeout = 5.0;
  c->sut_window = 64;
  snprintf(c->sut_layer, sizeof c->sut_layer, "plain");
  c->require_gpu = 0;
  c->gpu_layouts = 100000;
  c->sut_empty_layout = 1;
  c->sut_min_rank = 0;
  c->sut_max_rank = 64;
  c->sut_max_depth = 64;
  c->sut_tilers = 1;
  c->sut_int_operand = c->sut_shape_operand = c->sut_int_entries = c->sut_nested_tilers = 1;
  c->sut_underscore = c->sut_cotarget_shape = c->sut_cotarget_layout = 1;
  c->sut_swizzles = c->sut_composed = c->sut_smem_ptr = c->sut_swizzle_edge = 1;
}

/* --- loading ---------------------------------------------------------- */

typedef struct loader {
  yaml_doc doc; /* the file's events and the walk's place in them */
  config *c;    /* the copy being filled */
} loader;

/* Copy at most 40 bytes of s[0..len) into out (size >= 48) for a message,
** cut at a character boundary, with control bytes shown as '?' and "..."
** when cut. */
static void shorten(const char *s, size_t len, char *out) {
  size_t n = len;
  if (n > 40) {
    n = 40;
    while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80) n--;
  }
  for (size_t i = 0; i < n; i++) {
    unsigned char b = (unsigned char)s[i];
    out[i] = (b < 0x20 || b == 0x7F) ? '?' : (char)b;
  }
  strcpy(out + n, n < len ? "..." : "");
}

/* Describe the node starting at event e for "found ..." in a message. */
static void describe(const yaml_event_t *e, char *out, size_t cap) {
  char text[48];
  if (e->type == YAML_SEQUENCE_START_EVENT) {
    snprintf(out, cap, "a sequence");
  } else if (e->type == YAML_MAPPING_START_EVENT) {
    snprintf(out, cap, "a mapping");
  } else if (e->type != YAML_SCALAR_EVENT) {
    snprintf(out, cap, "no value");
  } else if (e->data.scalar.length == 0 && e->data.scalar.style == YAML_PLAIN_SCALAR_STYLE) {
    snprintf(out, cap, "an empty value");
  } else {
    shorten((const char *)e->data.scalar.value, e->data.scalar.length, text);
    if (e->data.scalar.style == YAML_PLAIN_SCALAR_STYLE)
      snprintf(out, cap, "'%s'", text);
    else
      snprintf(out, cap, "the quoted string '%s'", text);
  }
}

/* Read s[0..len) as a decimal integer: an optional '-', then digits without
** a leading zero.  Sets *neg and *mag (the magnitude); returns 0, -1 when
** the text is not such an integer, -2 when the magnitude exceeds 2^64-1. */
static int parse_decimal(const char *s, size_t len, int *neg, uint64_t *mag) {
  size_t i = 0;
  *neg = 0;
  *mag = 0;
  if (i < len && s[i] == '-') {
    *neg = 1;
    i++;
  }
  if (i == len) return -1;
  if (s[i] == '0' && i + 1 < len) return -1;
  for (; i < len; i++) {
    if (s[i] < '0' || s[i] > '9') return -1;
    unsigned d = (unsigned)(s[i] - '0');
    if (*mag > (UINT64_MAX - d) / 10) return -2;
    *mag = *mag * 10 + d;
  }
  return 0;
}

/* "an integer >= lo" or "an integer from lo to hi", for messages. */
static void int_range(int64_t lo, int64_t hi, char *out, size_t cap) {
  if (hi == INT64_MAX)
    snprintf(out, cap, "an integer >= %" PRId64, lo);
  else
    snprintf(out, cap, "an integer from %" PRId64 " to %" PRId64, lo, hi);
}

/* The scalar at event e as text: s[0..len), and whether it is plain. */
typedef struct scalar_text {
  const char *s;
  size_t len;
  int is_scalar, plain;
  char found[96]; /* e described for "found ..." */
} scalar_text;

/* Describe the current event of ld as a scalar into *t; returns the event. */
static const yaml_event_t *scalar_at(loader *ld, scalar_text *t) {
  const yaml_event_t *e = yaml_cur(&ld->doc);
  describe(e, t->found, sizeof t->found);
  t->is_scalar = e->type == YAML_SCALAR_EVENT;
  t->plain = t->is_scalar && e->data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
  t->s = t->is_scalar ? (const char *)e->data.scalar.value : "";
  t->len = t->is_scalar ? e->data.scalar.length : 0;
  return e;
}

/* Read the current event e (described in *t) as the value of K_SEED or
** K_INT key k (called name in messages) into ld->c.  0, or -1 with the message set. */
static int read_int(loader *ld, const key *k, const char *name, const yaml_event_t *e,
                    const scalar_text *t) {
  const char *s = t->s, *found = t->found;
  size_t len = t->len;
  int plain = t->plain;
  char *field = (char *)ld->c + k->offset;
  char want[512];
  int neg = 0;
  uint64_t mag = 0;
  int status = plain ? parse_decimal(s, len, &neg, &mag) : -1;
  if (k->kind == K_SEED) {
    if (status != 0 || (neg && mag != 0))
      return yaml_fail(&ld->doc, e->start_mark,
                       "%s: expected an integer from 0 to %" PRIu64 ", found %s", name, UINT64_MAX,
                       found);
    ld->c->seed = mag;
    ld->c->has_seed = 1;
    return 0;
  }
  int64_t v = 0;
  int ok = status == 0 && mag <= (uint64_t)INT64_MAX + (neg ? 1u : 0u);
  if (ok) v = neg ? (mag == (uint64_t)INT64_MAX + 1u ? INT64_MIN : -(int64_t)mag) : (int64_t)mag;
  if (!ok || v < k->lo || v > k->hi) {
    int_range(k->lo, k->hi, want, sizeof want);
    return yaml_fail(&ld->doc, e->start_mark, "%s: expected %s, found %s", name, want, found);
  }
  if (k->size == sizeof(int))
    *(int *)field = (int)v;
  else
    *(int64_t *)field = v;
  return 0;
}

/* Read the current event e (described in *t) as the value of K_FLOAT key
** k into ld->c.  0,
** or -1 with the message set. */
static int read_float(loader *ld, const key *k, const char *name, const yaml_event_t *e,
                      const scalar_text *t) {
  const char *s = t->s, *found = t->found;
  size_t len = t->len;
  int plain = t->plain;
  char *field = (char *)ld->c + k->offset;
  double v = 0;
  int ok = plain && len > 0 && strspn(s, "0123456789+-.eE") == len && strpbrk(s, "0123456789");
  if (ok) {
    char *end = NULL;
    v = strtod(s, &end);
    ok = end == s + len && isfinite(v) && (k->open ? v > k->min : v >= k->min) &&
         (k->max == 0 || v <= k->max);
  }
  if (!ok && k->max != 0)
    return yaml_fail(&ld->doc, e->start_mark, "%s: expected a number from %g to %g, found %s", name,
                     k->min, k->max, found);
  if (!ok)
    return yaml_fail(&ld->doc, e->start_mark, "%s: expected a number %s %g, found %s", name,
                     k->open ? ">" : ">=", k->min, found);
  *(double *)field = v;
  return 0;
}

/* Read the current event e (described in *t) as the value of K_STRING
** key k, or as one entry of a K_LIST (field is then the entry), into
** field.  0, or -1 with the
** message set. */
static int read_string(loader *ld, const key *k, const char *name, char *field,
                       const yaml_event_t *e, const scalar_text *t) {
  const char *s = t->s, *found = t->found;
  size_t len = t->len;
  int is_scalar = t->is_scalar;
  char want[512];
  if (!is_scalar)
    return yaml_fail(&ld->doc, e->start_mark, "%s: expected a string, found %s", name, found);
  if (yaml_plain_is(e, "~") || yaml_plain_is(e, "null") || yaml_plain_is(e, "Null") ||
      yaml_plain_is(e, "NULL"))
    return yaml_fail(&ld->doc, e->start_mark,
                     "%s: expected a string, found %s (write \"\" for empty)", name, found);
  if (memchr(s, '\0', len))
    return yaml_fail(&ld->doc, e->start_mark, "%s: the string contains a NUL character", name);
  if (len == 0 && k->nonempty)
    return yaml_fail(&ld->doc, e->start_mark, "%s: expected a non-empty string, found %s", name,
                     found);
  if (k->oneof) {
    size_t i = 0;
    while (k->oneof[i] && (strlen(k->oneof[i]) != len || memcmp(k->oneof[i], s, len) != 0)) i++;
    if (!k->oneof[i]) {
      char list[96] = "";
      for (size_t j = 0; k->oneof[j]; j++)
        snprintf(list + strlen(list), sizeof list - strlen(list), "%s%s", j ? " or " : "",
                 k->oneof[j]);
      return yaml_fail(&ld->doc, e->start_mark, "%s: expected %s, found %s", name, list, found);
    }
  }
  size_t size = k->kind == K_LIST ? sizeof ld->c->conjecture_files[0] : k->size;
  if (len >= size)
    return yaml_fail(&ld->doc, e->start_mark, "%s: the string is longer than %zu bytes", name,
                     size - 1);
  if (k->check && k->check(s, want, sizeof want))
    return yaml_fail(&ld->doc, e->start_mark, "%s: %s", name, want);
  memcpy(field, s, len);
  field[len] = '\0';
  return 0;
}

/* The value of key k (named name) at the current event, for every kind
** but K_MAP and K_LIST: check it and store it into the field.  0, or -1. */
static int read_scalar(loader *ld, const key *k, const char *name) {
  const yaml_event_t *e = yaml_cur(&ld->doc);
  if (k->kind == K_BOOL) {
    char found[96];
    describe(e, found, sizeof found);
    if (!yaml_plain_is(e, "true") && !yaml_plain_is(e, "false"))
      return yaml_fail(&ld->doc, e->start_mark, "%s: expected true or false, found %s", name,
                       found);
    *(int *)((char *)ld->c + k->offset) = yaml_plain_is(e, "true");
    return 0;
  }
  scalar_text t;
  scalar_at(ld, &t);
  if (k->kind == K_SEED || k->kind == K_INT) return read_int(ld, k, name, e, &t);
  if (k->kind == K_FLOAT) return read_float(ld, k, name, e, &t);
  return read_string(ld, k, name, (char *)ld->c + k->offset, e, &t);
}

/* The value of conjecture_files at the current event: a sequence of
** strings that replaces the list.  Leaves the sequence's end event current.
** 0, or -1. */
static int read_list(loader *ld, const key *k, const char *name) {
  const yaml_event_t *e = yaml_cur(&ld->doc);
  char found[96];
  if (e->type != YAML_SEQUENCE_START_EVENT) {
    describe(e, found, sizeof found);
    return yaml_fail(&ld->doc, e->start_mark, "%s: expected a sequence of strings, found %s", name,
                     found);
  }
  config *c = ld->c;
  c->n_conjecture_files = 0;
  memset(c->conjecture_files, 0, sizeof c->conjecture_files);
  for (e = yaml_next(&ld->doc); e->type != YAML_SEQUENCE_END_EVENT; e = yaml_next(&ld->doc)) {
    if (c->n_conjecture_files == CONFIG_MAX_LIST)
      return yaml_fail(&ld->doc, e->start_mark, "%s: more than %d entries", name, CONFIG_MAX_LIST);
    key entry = *k;
    entry.offset = offsetof(config, conjecture_files) +
                   (size_t)c->n_conjecture_files * sizeof c->conjecture_files[0];
    if (read_scalar(ld, &entry, name) != 0) return -1;
    c->n_conjecture_files++;
  }
  return 0;
}

static int read_mapping(loader *ld, const key *keys, size_t n_keys, const char *prefix);

/* The value of key k at the current event; leaves its last event current.
** prefix is "" at the top level, else "NAME." of the enclosing key. */
static int read_value(loader *ld, const key *k, const char *prefix) {
  char name[96];
  snprintf(name, sizeof name, "%s%s", prefix, k->name);
  if (k->kind == K_LIST) return read_list(ld, k, name);
  if (k->kind != K_MAP) return read_scalar(ld, k, name);
  const yaml_event_t *e = yaml_cur(&ld->doc);
  if (e->type != YAML_MAPPING_START_EVENT) {
    char found[96];
    describe(e, found, sizeof found);
    return yaml_fail(&ld->doc, e->start_mark, "%s: expected a mapping, found %s", name, found);
  }
  strcat(name, ".");
  return read_mapping(ld, k->sub, k->n_sub, name);
}

/* The current event starts a mapping: read its keys (from keys[0..n_keys),
** at most 32) and values, leaving its end event current.  0, or -1. */
static int read_mapping(loader *ld, const key *keys, size_t n_keys, const char *prefix) {
  uint32_t seen = 0;
  for (const yaml_event_t *e = yaml_next(&ld->doc); e->type != YAML_MAPPING_END_EVENT;
       e = yaml_next(&ld->doc)) {
    char text[48];
    if (e->type != YAML_SCALAR_EVENT)
      return yaml_fail(&ld->doc, e->start_mark, "a key must be a string");
    size_t i = 0;
    while (i < n_keys && !(e->data.scalar.length == strlen(keys[i].name) &&
                           memcmp(e->data.scalar.value, keys[i].name, e->data.scalar.length) == 0))
      i++;
    shorten((const char *)e->data.scalar.value, e->data.scalar.length, text);
    if (i == n_keys) return yaml_fail(&ld->doc, e->start_mark, "unknown key '%s%s'", prefix, text);
    if (seen & (UINT32_C(1) << i))
      return yaml_fail(&ld->doc, e->start_mark, "duplicate key '%s%s'", prefix, text);
    seen |= UINT32_C(1) << i;
    yaml_next(&ld->doc);
    if (read_value(ld, &keys[i], prefix) != 0) return -1;
  }
  return 0;
}

/* Walk the stream: nothing, an empty document, or one document holding one
** mapping of top-level keys.  0, or -1. */
static int read_stream(loader *ld) {
  const yaml_event_t *e = yaml_next(&ld->doc); /* after STREAM-START */
  if (e->type == YAML_STREAM_END_EVENT) return 0;
  e = yaml_next(&ld->doc); /* the document's node */
  if (e->type == YAML_MAPPING_START_EVENT) {
    if (read_mapping(ld, top_keys, N_OF(top_keys), "") != 0) return -1;
  } else if (!yaml_plain_is(e, "")) {
    char found[96];
    describe(e, found, sizeof found);
    return yaml_fail(&ld->doc, e->start_mark, "expected a mapping of configuration keys, found %s",
                     found);
  }
  return yaml_doc_end(&ld->doc);
}

/* Load path over *c; see config.h. */
int config_load(const char *path, config *c, char *msg, size_t cap) {
  config *copy = malloc(sizeof *copy);
  if (!copy) {
    if (msg && cap) snprintf(msg, cap, "%s: out of memory", path);
    return -1;
  }
  *copy = *c;
  loader ld = {.c = copy};
  int status = yaml_doc_load(&ld.doc, path, 0, msg, cap);
  if (status == 0) status = read_stream(&ld);
  if (status == 0 && copy->sut_min_rank > copy->sut_max_rank) {
    if (msg && cap)
      snprintf(msg, cap, "%s: sut_bounds: min_rank %d is above max_rank %d", path,
               copy->sut_min_rank, copy->sut_max_rank);
    status = -1;
  }
  yaml_doc_free(&ld.doc);
  if (status == 0) *c = *copy;
  free(copy);
  return status;
}

/* --- sut_bounds on the command line ------------------------------------ */

/* Read one KEY=VALUE item (item[0..len)) of --sut-bounds into *c; 0, or
** -1 with why. */
static int sut_bound_item(config *c, const char *item, size_t len, char *why, size_t cap) {
  const char *eq = memchr(item, '=', len);
  size_t klen = eq ? (size_t)(eq - item) : len, vlen = eq ? len - klen - 1 : 0;
  const char *v = eq ? eq + 1 : "";
  const key *k = NULL;
  for (size_t i = 0; i < N_OF(sut_bounds_keys); i++)
    if (strlen(sut_bounds_keys[i].name) == klen && !memcmp(sut_bounds_keys[i].name, item, klen))
      k = &sut_bounds_keys[i];
  if (!k) {
    size_t n = (size_t)snprintf(why, cap, "unknown bound '%.*s'; known:",
                                (int)(klen > 40 ? 40 : klen), item);
    for (size_t i = 0; i < N_OF(sut_bounds_keys) && n < cap; i++)
      n += (size_t)snprintf(why + n, cap - n, "%s %s", i ? "," : "", sut_bounds_keys[i].name);
    return -1;
  }
  int *field = (int *)((char *)c + k->offset);
  if (k->kind == K_BOOL) {
    if (vlen == 4 && !memcmp(v, "true", 4)) return *field = 1, 0;
    if (vlen == 5 && !memcmp(v, "false", 5)) return *field = 0, 0;
    return snprintf(why, cap, "%s: expected true or false, found '%.*s'", k->name,
                    (int)(vlen > 40 ? 40 : vlen), v),
           -1;
  }
  int neg = 0;
  uint64_t mag = 0;
  if (!eq || parse_decimal(v, vlen, &neg, &mag) || neg || mag > (uint64_t)k->hi)
    return snprintf(why, cap, "%s: expected an integer from %d to %d, found '%.*s'", k->name,
                    (int)k->lo, (int)k->hi, (int)(vlen > 40 ? 40 : vlen), v),
           -1;
  *field = (int)mag;
  return 0;
}

/* Apply --sut-bounds KEY=VALUE,... over *c; see config.h. */
int config_sut_bounds(config *c, const char *text, char *why, size_t cap) {
  config copy = *c;
  for (const char *p = text;;) {
    const char *end = strchr(p, ',');
    size_t len = end ? (size_t)(end - p) : strlen(p);
    if (len == 0) return snprintf(why, cap, "expected KEY=VALUE,..., found '%.60s'", text), -1;
    if (sut_bound_item(&copy, p, len, why, cap)) return -1;
    if (!end) break;
    p = end + 1;
  }
  if (copy.sut_min_rank > copy.sut_max_rank)
    return snprintf(why, cap, "min_rank %d is above max_rank %d", copy.sut_min_rank,
                    copy.sut_max_rank),
           -1;
  *c = copy;
  return 0;
}

/* --- dumping ---------------------------------------------------------- */

/* Text appended to buf[0..cap); len counts every byte asked for, so the
** text fits when len < cap.  failed marks an unwritable value. */
typedef struct out {
  char *buf;
  size_t cap, len;
  int failed;
} out;

/* Append a printf text to o. */
static void put(out *o, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static void put(out *o, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = o->len < o->cap ? vsnprintf(o->buf + o->len, o->cap - o->len, fmt, ap)
                          : vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (n < 0)
    o->failed = 1;
  else
    o->len += (size_t)n;
}

/* Decode the UTF-8 character at s (NUL-terminated) into *cp; returns its
** length in bytes, or 0 when it is not valid UTF-8 (overlong forms and
** surrogates included). */
static size_t utf8_decode(const unsigned char *s, uint32_t *cp) {
  size_t n;
  uint32_t v, min;
  if (s[0] < 0x80) {
    *cp = s[0];
    return 1;
  }
  if ((s[0] & 0xE0) == 0xC0) {
    n = 2, v = s[0] & 0x1F, min = 0x80;
  } else if ((s[0] & 0xF0) == 0xE0) {
    n = 3, v = s[0] & 0x0F, min = 0x800;
  } else if ((s[0] & 0xF8) == 0xF0) {
    n = 4, v = s[0] & 0x07, min = 0x10000;
  } else {
    return 0;
  }
  for (size_t i = 1; i < n; i++) {
    if ((s[i] & 0xC0) != 0x80) return 0;
    v = (v << 6) | (s[i] & 0x3F);
  }
  if (v < min || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF)) return 0;
  *cp = v;
  return n;
}

/* Append s as a double-quoted YAML scalar: printable characters as they
** are, the others escaped, so that YAML reads back exactly s.  Marks o
** failed when s is not valid UTF-8. */
static void put_quoted(out *o, const char *s) {
  const unsigned char *p = (const unsigned char *)s;
  put(o, "\"");
  while (*p) {
    uint32_t cp;
    size_t n = utf8_decode(p, &cp);
    if (n == 0) {
      o->failed = 1;
      return;
    }
    if (cp == '"' || cp == '\\')
      put(o, "\\%c", (char)cp);
    else if (cp == '\n')
      put(o, "\\n");
    else if (cp == '\t')
      put(o, "\\t");
    else if (cp < 0x20 || (cp >= 0x7F && cp <= 0x9F))
      put(o, "\\x%02" PRIX32, cp);
    else if (cp == 0x2028 || cp == 0x2029 || cp == 0xFEFF || cp == 0xFFFE || cp == 0xFFFF)
      put(o, "\\u%04" PRIX32, cp);
    else
      put(o, "%.*s", (int)n, (const char *)p);
    p += n;
  }
  put(o, "\"");
}

/* Append v in the shortest decimal form that strtod reads back exactly,
** with ".0" added to a whole number (2 is written 2.0, 30 is 30.0, not
** 3e+01).  Infinities and NaN are written as YAML's .inf and .nan, which
** config_load refuses. */
static void put_number(out *o, double v) {
  char text[40];
  if (!isfinite(v)) {
    put(o, "%s", isnan(v) ? ".nan" : v > 0 ? ".inf" : "-.inf");
    return;
  }
  if (v == floor(v) && fabs(v) < 1e15) {
    put(o, "%.1f", v);
    return;
  }
  for (int digits = 1; digits <= 17; digits++) {
    snprintf(text, sizeof text, "%.*g", digits, v);
    if (strtod(text, NULL) == v) break;
  }
  put(o, "%s%s", text, strpbrk(text, ".e") ? "" : ".0");
}

/* Append the value of key k (a field of c) at indent, after "name:". */
static void put_value(out *o, const config *c, const key *k, int indent) {
  const char *field = (const char *)c + k->offset;
  switch (k->kind) {
    case K_SEED:
      put(o, " %" PRIu64 "\n", c->seed);
      break;
    case K_INT: {
      int64_t v = k->size == sizeof(int) ? *(const int *)field : *(const int64_t *)field;
      put(o, " %" PRId64 "\n", v);
      break;
    }
    case K_FLOAT:
      put(o, " ");
      put_number(o, *(const double *)field);
      put(o, "\n");
      break;
    case K_BOOL:
      put(o, " %s\n", *(const int *)field ? "true" : "false");
      break;
    case K_STRING:
      put(o, " ");
      put_quoted(o, field);
      put(o, "\n");
      break;
    case K_LIST:
      if (c->n_conjecture_files <= 0) put(o, " []");
      put(o, "\n");
      for (int i = 0; i < c->n_conjecture_files && i < CONFIG_MAX_LIST; i++) {
        put(o, "%*s  - ", indent, "");
        put_quoted(o, c->conjecture_files[i]);
        put(o, "\n");
      }
      break;
    case K_MAP:
      put(o, "\n");
      for (size_t i = 0; i < k->n_sub; i++) {
        put(o, "%*s%s:", indent + 2, "", k->sub[i].name);
        put_value(o, c, &k->sub[i], indent + 2);
      }
      break;
  }
}

/* Write *c as canonical YAML; see config.h. */
int config_dump(const config *c, char *buf, size_t cap) {
  out o = {.buf = buf, .cap = cap};
  if (cap > 0) buf[0] = '\0';
  for (size_t i = 0; i < N_OF(top_keys); i++) {
    if (top_keys[i].kind == K_SEED && !c->has_seed) continue;
    put(&o, "%s:", top_keys[i].name);
    put_value(&o, c, &top_keys[i], 0);
  }
  return !o.failed && o.len < o.cap ? 0 : -1;
}
