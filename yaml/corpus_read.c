/*
** corpus_read.c -- YAML case files through libyaml's event parser (see
** corpus_read.h).
**
** The reader walks the event stream once.  A problem inside one case (an
** unknown key, a missing key, a value of the wrong kind) marks that case
** malformed and the walk goes on after the offending node; a YAML syntax
** error or a file that is not a sequence ends the walk.
*/
#include "corpus_read.h"

#include "yaml_read.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct reader {
  yaml_stream s;       /* the file's events; s.event is the current one */
  corpus_error *fatal; /* where a fatal error goes */
} reader;

/* Fill *e with a position (a 0-based libyaml mark) and a printf message. */
static void set_error(corpus_error *e, yaml_mark_t mark, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static void set_error(corpus_error *e, yaml_mark_t mark, const char *fmt, ...) {
  va_list ap;
  e->line = mark.line + 1;
  e->column = mark.column + 1;
  va_start(ap, fmt);
  vsnprintf(e->text, sizeof e->text, fmt, ap);
  va_end(ap);
}

/* Record the first problem of a case; later ones are dropped. */
#define case_error(c, mark, ...)                                                                   \
  do {                                                                                             \
    if (!(c)->has_error) {                                                                         \
      (c)->has_error = 1;                                                                          \
      set_error(&(c)->error, (mark), __VA_ARGS__);                                                 \
    }                                                                                              \
  } while (0)

/* Move to the next event; 0, or -1 with r->fatal set. */
static int next_event(reader *r) {
  yaml_mark_t at;
  char what[sizeof r->fatal->text];
  if (yaml_stream_next(&r->s, &at, what, sizeof what) == 0) return 0;
  set_error(r->fatal, at, "%s", what);
  return -1;
}

/* The current event is the start of a node: move to its last event (the
** same event for a scalar or an alias).  0, or -1 on a fatal error. */
static int skip_node(reader *r) {
  yaml_mark_t at;
  char what[sizeof r->fatal->text];
  if (yaml_stream_skip_node(&r->s, &at, what, sizeof what) == 0) return 0;
  set_error(r->fatal, at, "%s", what);
  return -1;
}

/* A malloc'd copy of the current scalar event's value, or NULL with a case
** error (value containing a NUL byte) or with r->fatal set (no memory):
** *fatal tells which. */
static char *scalar_dup(reader *r, corpus_case *c, int *fatal) {
  const char *v = (const char *)r->s.event.data.scalar.value;
  size_t len = r->s.event.data.scalar.length;
  *fatal = 0;
  if (memchr(v, '\0', len)) {
    case_error(c, r->s.event.start_mark, "a string contains a NUL byte");
    return NULL;
  }
  char *s = malloc(len + 1);
  if (!s) {
    set_error(r->fatal, r->s.event.start_mark, "out of memory");
    *fatal = 1;
    return NULL;
  }
  memcpy(s, v, len);
  s[len] = '\0';
  return s;
}

/* The current event is the value of key name: store it in *dst if it is a
** scalar seen for the first time, else record a case error and skip it.
** 0, or -1 on a fatal error. */
static int read_string(reader *r, corpus_case *c, const char *name, char **dst) {
  int fatal = 0;
  if (r->s.event.type != YAML_SCALAR_EVENT)
    case_error(c, r->s.event.start_mark, "'%s' must be a string", name);
  else if (*dst)
    case_error(c, r->s.event.start_mark, "duplicate key '%s'", name);
  else
    *dst = scalar_dup(r, c, &fatal);
  return fatal ? -1 : skip_node(r);
}

/* Append s to the case's argument list; 0, or -1 when out of memory. */
static int push_arg(corpus_case *c, char *s) {
  if (c->nargs == c->args_cap) {
    size_t cap = c->args_cap ? 2 * c->args_cap : 4;
    char **grown = realloc(c->args, cap * sizeof *grown);
    if (!grown) return -1;
    c->args = grown;
    c->args_cap = cap;
  }
  c->args[c->nargs++] = s;
  return 0;
}

/* The current event is the value of "args": read a sequence of scalars into
** the case, recording a case error for anything else.  0, or -1 on a fatal
** error. */
static int read_args(reader *r, corpus_case *c) {
  if (r->s.event.type != YAML_SEQUENCE_START_EVENT || c->has_args) {
    if (c->has_args)
      case_error(c, r->s.event.start_mark, "duplicate key 'args'");
    else
      case_error(c, r->s.event.start_mark, "'args' must be a sequence of strings");
    return skip_node(r);
  }
  c->has_args = 1;
  for (;;) {
    if (next_event(r) != 0) return -1;
    if (r->s.event.type == YAML_SEQUENCE_END_EVENT) return 0;
    if (r->s.event.type != YAML_SCALAR_EVENT) {
      case_error(c, r->s.event.start_mark, "'args' must be a sequence of strings");
      if (skip_node(r) != 0) return -1;
      continue;
    }
    int fatal = 0;
    char *s = scalar_dup(r, c, &fatal);
    if (fatal) return -1;
    if (s && c->nargs == INT_MAX) {
      case_error(c, r->s.event.start_mark, "too many args");
      free(s);
    } else if (s && push_arg(c, s) != 0) {
      free(s);
      set_error(r->fatal, r->s.event.start_mark, "out of memory");
      return -1;
    }
  }
}

/* Read the value of one key (the current event) into the case. */
static int read_entry(reader *r, corpus_case *c, const char *key, yaml_mark_t key_mark) {
  if (strcmp(key, "op") == 0) return read_string(r, c, key, &c->op);
  if (strcmp(key, "expect") == 0) return read_string(r, c, key, &c->expect);
  if (strcmp(key, "correct") == 0) return read_string(r, c, key, &c->correct);
  if (strcmp(key, "cute_cpp") == 0) return read_string(r, c, key, &c->cute_cpp);
  if (strcmp(key, "skip") == 0) return read_string(r, c, key, &c->skip);
  if (strcmp(key, "pending") == 0) return read_string(r, c, key, &c->pending);
  if (strcmp(key, "args") == 0) return read_args(r, c);
  if (strcmp(key, "ref") != 0 && strcmp(key, "note") != 0 && strcmp(key, "got") != 0 &&
      strcmp(key, "reason") != 0)
    case_error(c, key_mark, "unknown key '%s'", key);
  return skip_node(r);
}

/* The current event starts a mapping: read it as one case, moving to its
** end event.  0 (the case may be malformed), or -1 on a fatal error. */
static int read_case(reader *r, corpus_case *c) {
  c->line = r->s.event.start_mark.line + 1;
  c->column = r->s.event.start_mark.column + 1;
  yaml_mark_t start = r->s.event.start_mark;
  for (;;) {
    if (next_event(r) != 0) return -1;
    if (r->s.event.type == YAML_MAPPING_END_EVENT) break;
    yaml_mark_t key_mark = r->s.event.start_mark;
    char key[64] = "";
    if (r->s.event.type != YAML_SCALAR_EVENT) {
      case_error(c, key_mark, "a key must be a string");
      if (skip_node(r) != 0) return -1;
    } else {
      /* A long key is cut short: it matches no known key either way. */
      const yaml_event_t *e = &r->s.event;
      size_t n = e->data.scalar.length < sizeof key - 1 ? e->data.scalar.length : sizeof key - 1;
      memcpy(key, e->data.scalar.value, n);
      key[n] = '\0';
      if (memchr(e->data.scalar.value, '\0', e->data.scalar.length)) {
        case_error(c, key_mark, "a key contains a NUL byte");
        key[0] = '\0';
      }
    }
    if (next_event(r) != 0) return -1;
    if (read_entry(r, c, key[0] ? key : "?", key_mark) != 0) return -1;
  }
  if (!c->op) case_error(c, start, "missing key 'op'");
  if (!c->has_args) case_error(c, start, "missing key 'args'");
  if (!c->expect) case_error(c, start, "missing key 'expect'");
  return 0;
}

/* Free the strings of a case and zero it. */
static void case_clear(corpus_case *c) {
  for (size_t i = 0; i < c->nargs; i++) free(c->args[i]);
  free(c->args);
  free(c->op);
  free(c->expect);
  free(c->correct);
  free(c->cute_cpp);
  free(c->skip);
  free(c->pending);
  memset(c, 0, sizeof *c);
}

/* Read the sequence of cases inside the document, calling fn for each. */
static int read_cases(reader *r, corpus_case_fn fn, void *ctx) {
  for (;;) {
    if (next_event(r) != 0) return -1;
    if (r->s.event.type == YAML_SEQUENCE_END_EVENT) return 0;
    corpus_case c = {0};
    int status;
    if (r->s.event.type == YAML_MAPPING_START_EVENT) {
      status = read_case(r, &c);
    } else {
      c.line = r->s.event.start_mark.line + 1;
      c.column = r->s.event.start_mark.column + 1;
      case_error(&c, r->s.event.start_mark, "a case must be a mapping");
      status = skip_node(r);
    }
    if (status == 0) fn(&c, ctx);
    case_clear(&c);
    if (status != 0) return -1;
  }
}

/* Read the whole event stream: one document holding one sequence. */
static int read_stream(reader *r, corpus_case_fn fn, void *ctx) {
  if (next_event(r) != 0 || next_event(r) != 0) /* stream start, then document */
    return -1;
  if (r->s.event.type == YAML_STREAM_END_EVENT) {
    set_error(r->fatal, r->s.event.start_mark, "no cases: expected a sequence of cases");
    return -1;
  }
  if (next_event(r) != 0) return -1;
  if (r->s.event.type != YAML_SEQUENCE_START_EVENT) {
    set_error(r->fatal, r->s.event.start_mark, "expected a sequence of cases");
    return -1;
  }
  if (read_cases(r, fn, ctx) != 0 || next_event(r) != 0 || next_event(r) != 0) return -1;
  if (r->s.event.type != YAML_STREAM_END_EVENT) {
    set_error(r->fatal, r->s.event.start_mark, "expected one document, found another");
    return -1;
  }
  return 0;
}

/* Read one case file; see corpus_read.h. */
int corpus_read(const char *path, corpus_case_fn fn, void *ctx, corpus_error *err) {
  memset(err, 0, sizeof *err);
  reader r = {.fatal = err};
  if (yaml_stream_open(&r.s, path, err->text, sizeof err->text) != 0) return -1;
  int status = read_stream(&r, fn, ctx);
  yaml_stream_close(&r.s);
  return status;
}
