/*
** yaml_read.c -- reading YAML through libyaml's event parser (see
** yaml_read.h): whole documents with the nesting bound and the refusal of
** references, and streams of events, both with FILE:LINE:COLUMN errors.
*/
#include "yaml_read.h"

#include <assert.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Write "PATH:LINE:COLUMN: what" into d's buffer; see yaml_read.h. */
int yaml_fail(const yaml_doc *d, yaml_mark_t mark, const char *fmt, ...) {
  char what[640];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(what, sizeof what, fmt, ap);
  va_end(ap);
  if (d->msg && d->cap)
    snprintf(d->msg, d->cap, "%s:%zu:%zu: %s", d->path, mark.line + 1, mark.column + 1, what);
  return -1;
}

/* Describe the parser's error (a syntax or encoding error, or no memory)
** in what[0..cap) and its place in *at; reader_mark is the place of a bad
** encoding, for which libyaml gives only a byte offset. */
static void parser_problem(const yaml_parser_t *p, yaml_mark_t reader_mark, yaml_mark_t *at,
                           char *what, size_t cap) {
  const char *problem = p->problem ? p->problem : "malformed YAML";
  yaml_mark_t from = p->context_mark;
  *at = p->problem_mark;
  if (p->error == YAML_MEMORY_ERROR) {
    *at = p->mark;
    snprintf(what, cap, "out of memory");
  } else if (p->error == YAML_READER_ERROR) {
    *at = reader_mark;
    snprintf(what, cap, "%s", problem);
  } else if (p->context && (from.line != at->line || from.column != at->column)) {
    snprintf(what, cap, "%s, %s starting at line %zu, column %zu", problem, p->context,
             from.line + 1, from.column + 1);
  } else if (p->context) {
    snprintf(what, cap, "%s, %s", problem, p->context);
  } else {
    snprintf(what, cap, "%s", problem);
  }
}

/* Open path for reading bytes, refusing a directory; NULL with errno set. */
static FILE *open_file(const char *path) {
  FILE *f = fopen(path, "rb");
  struct stat st;
  if (f && fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
    fclose(f);
    f = NULL;
    errno = EISDIR;
  }
  return f;
}

/* Read the file into d->text (more than max_bytes, when not 0, is an
** error); 0, or -1 with the message set. */
static int read_text(yaml_doc *d, size_t max_bytes) {
  FILE *f = open_file(d->path);
  if (!f) {
    if (d->msg && d->cap) snprintf(d->msg, d->cap, "%s: cannot open: %s", d->path, strerror(errno));
    return -1;
  }
  size_t cap = 4096;
  d->text = malloc(cap);
  while (d->text) {
    d->len += fread(d->text + d->len, 1, cap - d->len, f);
    if (d->len < cap || (max_bytes && cap >= max_bytes)) break;
    char *grown = realloc(d->text, cap * 2);
    if (!grown) {
      free(d->text);
      d->text = NULL;
      break;
    }
    d->text = grown;
    cap *= 2;
  }
  int bad = ferror(f);
  fclose(f);
  const char *why = !d->text ? "out of memory" : bad ? "cannot read" : NULL;
  if (why) {
    if (d->msg && d->cap) snprintf(d->msg, d->cap, "%s: %s", d->path, why);
    return -1;
  }
  if (max_bytes && d->len >= max_bytes) {
    if (d->msg && d->cap) snprintf(d->msg, d->cap, "%s: larger than %zu bytes", d->path, max_bytes);
    return -1;
  }
  return 0;
}

/* Make room for one more event; 0, or -1 with the message set. */
static int grow_events(yaml_doc *d, const yaml_parser_t *p) {
  if (d->n < d->n_cap) return 0;
  size_t grown_cap = d->n_cap ? 2 * d->n_cap : 64;
  yaml_event_t *grown = realloc(d->ev, grown_cap * sizeof *grown);
  if (!grown) return yaml_fail(d, p->mark, "out of memory");
  d->ev = grown;
  d->n_cap = grown_cap;
  return 0;
}

/* Parse d->text into d->ev, up to and including STREAM-END; nesting
** deeper than YAML_MAX_NESTING ends the parse at once.  0, or -1. */
static int read_events(yaml_doc *d) {
  yaml_parser_t p;
  int status = 0, depth = 0;
  if (!yaml_parser_initialize(&p)) {
    if (d->msg && d->cap) snprintf(d->msg, d->cap, "%s: out of memory", d->path);
    return -1;
  }
  yaml_parser_set_input_string(&p, (const unsigned char *)d->text, d->len);
  for (;;) {
    if ((status = grow_events(d, &p)) != 0) break;
    if (!yaml_parser_parse(&p, &d->ev[d->n])) {
      char what[512];
      yaml_mark_t at;
      parser_problem(&p, yaml_mark_at(d, p.problem_offset), &at, what, sizeof what);
      status = yaml_fail(d, at, "%s", what);
      break;
    }
    const yaml_event_t *e = &d->ev[d->n++];
    if (e->type == YAML_STREAM_END_EVENT) break;
    if (e->type == YAML_SEQUENCE_END_EVENT || e->type == YAML_MAPPING_END_EVENT) depth--;
    if ((e->type == YAML_SEQUENCE_START_EVENT || e->type == YAML_MAPPING_START_EVENT) &&
        ++depth > YAML_MAX_NESTING) {
      status = yaml_fail(d, e->start_mark, "nested deeper than %d levels", YAML_MAX_NESTING);
      break;
    }
  }
  yaml_parser_delete(&p);
  return status;
}

/* Refuse the first alias, anchor or tag of the events: 0, or -1. */
static int refuse_references(const yaml_doc *d) {
  for (size_t i = 0; i < d->n; i++) {
    const yaml_event_t *e = &d->ev[i];
    const yaml_char_t *anchor = NULL, *tag = NULL;
    if (e->type == YAML_ALIAS_EVENT)
      return yaml_fail(d, e->start_mark, "aliases are not allowed (found *%s)",
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
      return yaml_fail(d, e->start_mark, "anchors are not allowed (found &%s)",
                       (const char *)anchor);
    if (tag)
      return yaml_fail(d, e->start_mark, "tags are not allowed (found %s)", (const char *)tag);
  }
  return 0;
}

/* Read a whole document; see yaml_read.h. */
int yaml_doc_load(yaml_doc *d, const char *path, size_t max_bytes, char *msg, size_t cap) {
  memset(d, 0, sizeof *d);
  d->path = path;
  d->msg = msg;
  d->cap = msg ? cap : 0;
  int status = read_text(d, max_bytes);
  if (status == 0) status = read_events(d);
  if (status == 0) status = refuse_references(d);
  return status;
}

/* Release a document; see yaml_read.h. */
void yaml_doc_free(yaml_doc *d) {
  for (size_t i = 0; i < d->n; i++) yaml_event_delete(&d->ev[i]);
  free(d->ev);
  free(d->text);
  d->ev = NULL;
  d->text = NULL;
  d->n = d->n_cap = d->len = d->at = 0;
}

/* The current event; see yaml_read.h. */
const yaml_event_t *yaml_cur(const yaml_doc *d) {
  assert(d->n > 0);
  return &d->ev[d->at];
}

/* Move to the next event; see yaml_read.h. */
const yaml_event_t *yaml_next(yaml_doc *d) {
  if (d->at + 1 < d->n) d->at++;
  return yaml_cur(d);
}

/* Skip the node starting at the current event; see yaml_read.h. */
void yaml_skip_node(yaml_doc *d) {
  yaml_event_type_t t = yaml_cur(d)->type;
  if (t != YAML_SEQUENCE_START_EVENT && t != YAML_MAPPING_START_EVENT) return;
  for (size_t depth = 1; depth > 0 && yaml_cur(d)->type != YAML_STREAM_END_EVENT;) {
    t = yaml_next(d)->type;
    if (t == YAML_SEQUENCE_START_EVENT || t == YAML_MAPPING_START_EVENT)
      depth++;
    else if (t == YAML_SEQUENCE_END_EVENT || t == YAML_MAPPING_END_EVENT)
      depth--;
  }
}

/* Nonzero when byte i of the text ends a line ("\n", or "\r" not before
** "\n"). */
static int ends_line(const yaml_doc *d, size_t i) {
  char c = d->text[i];
  return c == '\n' || (c == '\r' && (i + 1 >= d->len || d->text[i + 1] != '\n'));
}

/* Line and column of a byte; see yaml_read.h. */
yaml_mark_t yaml_mark_at(const yaml_doc *d, size_t pos) {
  yaml_mark_t m = {0};
  for (size_t i = 0; i < pos && i < d->len; i++) {
    unsigned char c = (unsigned char)d->text[i];
    if (ends_line(d, i)) {
      m.line++;
      m.column = 0;
    } else if (c != '\r' && (c & 0xC0) != 0x80) {
      m.column++;
    }
  }
  return m;
}

/* The byte offset of a 0-based line and column of the text. */
static size_t byte_at(const yaml_doc *d, yaml_mark_t m) {
  size_t i = 0;
  for (size_t line = 0; i < d->len && line < m.line; i++)
    if (ends_line(d, i)) line++;
  for (size_t col = 0; i < d->len && col < m.column; col++) {
    i++;
    while (i < d->len && ((unsigned char)d->text[i] & 0xC0) == 0x80) i++;
  }
  return i;
}

/* The place of a byte of a scalar's value; see yaml_read.h. */
yaml_mark_t yaml_mark_in_scalar(const yaml_doc *d, const yaml_event_t *e, size_t offset) {
  size_t j = byte_at(d, e->start_mark), end = byte_at(d, e->end_mark);
  const char *v = (const char *)e->data.scalar.value;
  size_t vlen = e->data.scalar.length;
  yaml_scalar_style_t style = e->data.scalar.style;
  if (style == YAML_SINGLE_QUOTED_SCALAR_STYLE || style == YAML_DOUBLE_QUOTED_SCALAR_STYLE) {
    j++;
  } else if (style == YAML_LITERAL_SCALAR_STYLE || style == YAML_FOLDED_SCALAR_STYLE) {
    while (j < end && d->text[j] != '\n') j++;
    j++;
  }
  for (size_t i = 0; i < vlen && i <= offset; i++) {
    while (j < end && d->text[j] != v[i]) j++;
    if (j >= end) return e->start_mark;
    if (i == offset) break;
    j++;
  }
  return yaml_mark_at(d, j);
}

/* Check that the document was the stream's only one; see yaml_read.h. */
int yaml_doc_end(yaml_doc *d) {
  yaml_next(d); /* DOCUMENT-END */
  const yaml_event_t *e = yaml_next(d);
  if (e->type != YAML_STREAM_END_EVENT)
    return yaml_fail(d, e->start_mark, "expected one document, found another");
  return 0;
}

/* Whether e is a plain scalar equal to word; see yaml_read.h. */
int yaml_plain_is(const yaml_event_t *e, const char *word) {
  return e->type == YAML_SCALAR_EVENT && e->data.scalar.style == YAML_PLAIN_SCALAR_STYLE &&
         e->data.scalar.length == strlen(word) &&
         memcmp(e->data.scalar.value, word, e->data.scalar.length) == 0;
}

/* --- streams ----------------------------------------------------------- */

/* The 0-based line and column (in UTF-8 characters) of byte offset in the
** file, found by reading it again from the start. */
static yaml_mark_t file_mark_at(FILE *f, size_t offset) {
  yaml_mark_t m = {0};
  if (fseek(f, 0, SEEK_SET) != 0) return m;
  for (size_t i = 0; i < offset; i++) {
    int c = getc(f);
    if (c == EOF) break;
    if (c == '\n') {
      m.line++;
      m.column = 0;
    } else if ((c & 0xC0) != 0x80) {
      m.column++;
    }
  }
  return m;
}

/* Open a stream; see yaml_read.h. */
int yaml_stream_open(yaml_stream *s, const char *path, char *what, size_t cap) {
  memset(s, 0, sizeof *s);
  s->file = fopen(path, "rb");
  if (!s->file) return snprintf(what, cap, "cannot open: %s", strerror(errno)), -1;
  if (!yaml_parser_initialize(&s->parser)) {
    fclose(s->file);
    s->file = NULL;
    return snprintf(what, cap, "out of memory"), -1;
  }
  yaml_parser_set_input_file(&s->parser, s->file);
  return 0;
}

/* The next event of a stream; see yaml_read.h. */
int yaml_stream_next(yaml_stream *s, yaml_mark_t *at, char *what, size_t cap) {
  if (s->has_event) {
    yaml_event_delete(&s->event);
    s->has_event = 0;
  }
  if (!yaml_parser_parse(&s->parser, &s->event)) {
    const yaml_parser_t *p = &s->parser;
    yaml_mark_t reader_mark = {0};
    if (p->error == YAML_READER_ERROR) reader_mark = file_mark_at(s->file, p->problem_offset);
    parser_problem(p, reader_mark, at, what, cap);
    return -1;
  }
  s->has_event = 1;
  return 0;
}

/* Skip a node of a stream; see yaml_read.h. */
int yaml_stream_skip_node(yaml_stream *s, yaml_mark_t *at, char *what, size_t cap) {
  yaml_event_type_t t = s->event.type;
  if (t != YAML_SEQUENCE_START_EVENT && t != YAML_MAPPING_START_EVENT) return 0;
  for (size_t depth = 1; depth > 0;) {
    if (yaml_stream_next(s, at, what, cap) != 0) return -1;
    t = s->event.type;
    if (t == YAML_SEQUENCE_START_EVENT || t == YAML_MAPPING_START_EVENT)
      depth++;
    else if (t == YAML_SEQUENCE_END_EVENT || t == YAML_MAPPING_END_EVENT)
      depth--;
  }
  return 0;
}

/* Close a stream; see yaml_read.h. */
void yaml_stream_close(yaml_stream *s) {
  if (s->has_event) yaml_event_delete(&s->event);
  s->has_event = 0;
  if (s->file) {
    yaml_parser_delete(&s->parser);
    fclose(s->file);
  }
  s->file = NULL;
}
