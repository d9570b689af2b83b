/*
** yaml_read.h -- the one way the program reads YAML (libyaml's event
** parser), shared by CONFIG.yaml (run/config.c), conjecture files
** (yaml/conj_load.c), the Lean map (lean/lean_map.c) and the corpus
** (yaml/corpus_read.c); each of those keeps only the walk of its own schema.
**
** The folder:
**   yaml_read.h    this reader: a whole document as events, or a stream
**   corpus_read.h  the YAML case files of corpus/
**   conj_load.h    conjectures: properties written in YAML
**
** A document (yaml_doc) is read whole before it is walked: the file's
** bytes, then every event up to STREAM-END, with mappings and sequences
** nested at most YAML_MAX_NESTING deep (libyaml's scanner takes time
** quadratic in the depth of flow collections, so a file of 100,000 '['
** would take half a minute), then refused when it holds an alias, an
** anchor or a tag.  A stream (yaml_stream) hands out one event at a time,
** for files walked once whose early parts count before a later syntax
** error (the corpus).
**
** Every error names its place: "PATH:LINE:COLUMN: what" (1-based line and
** column, columns in UTF-8 characters), or the line and column apart for a
** caller that keeps them so.
*/
#ifndef YAML_READ_H
#define YAML_READ_H

#include <yaml.h>

#include <stddef.h>
#include <stdio.h>

#define YAML_MAX_NESTING 16 /* mappings and sequences inside one another */

/* A document read whole, and the walk's place in it. */
typedef struct yaml_doc {
  const char *path; /* for messages (not owned) */
  char *msg;        /* where an error goes: msg[0..cap); may be NULL when cap is 0 */
  size_t cap;
  char *text; /* the file's bytes (owned) */
  size_t len;
  yaml_event_t *ev; /* the events, ending with STREAM-END (owned) */
  size_t n, n_cap;
  size_t at; /* the current event */
} yaml_doc;

/* Read the file at path into d (which the call initialises): its bytes
** (more than max_bytes, when max_bytes is not 0, is an error), its events
** and the refusal of references.  Errors go to msg[0..cap) as
** "PATH: cannot open: ..." or "PATH:LINE:COLUMN: ...".  0, or -1; in both
** cases yaml_doc_free(d) releases what was read.  d->at is the first event
** (STREAM-START). */
int yaml_doc_load(yaml_doc *d, const char *path, size_t max_bytes, char *msg, size_t cap);

/* Release the events and the text of d. */
void yaml_doc_free(yaml_doc *d);

/* Write "PATH:LINE:COLUMN: " (mark is libyaml's, 0-based) and a printf
** message into d's message buffer; returns -1. */
int yaml_fail(const yaml_doc *d, yaml_mark_t mark, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* The current event; never past STREAM-END. */
const yaml_event_t *yaml_cur(const yaml_doc *d);

/* Move to the next event (staying on STREAM-END) and return it. */
const yaml_event_t *yaml_next(yaml_doc *d);

/* When the current event starts a mapping or a sequence, move to the event
** that ends it; otherwise stay. */
void yaml_skip_node(yaml_doc *d);

/* The 0-based line and column (in UTF-8 characters) of byte pos of the
** text; "\r\n", "\n" and a lone "\r" each end a line. */
yaml_mark_t yaml_mark_at(const yaml_doc *d, size_t pos);

/* The place in the file of byte offset of the value of scalar event e: the
** value's bytes are matched in order against the scalar's source text
** (skipping quotes, escapes, indentation and folded line breaks); the
** scalar's start when they cannot be. */
yaml_mark_t yaml_mark_in_scalar(const yaml_doc *d, const yaml_event_t *e, size_t offset);

/* The current event is the last of a document's node: move past the
** DOCUMENT-END to the STREAM-END.  0, or -1 with "expected one document,
** found another" when a second document follows. */
int yaml_doc_end(yaml_doc *d);

/* Nonzero when e is a plain (unquoted) scalar equal to word. */
int yaml_plain_is(const yaml_event_t *e, const char *word);

/* A file walked one event at a time. */
typedef struct yaml_stream {
  FILE *file;
  yaml_parser_t parser;
  yaml_event_t event; /* the current event, when has_event */
  int has_event;
} yaml_stream;

/* Open path for reading events.  0, or -1 with "cannot open: ..." or
** "out of memory" in what[0..cap) (the caller names the file). */
int yaml_stream_open(yaml_stream *s, const char *path, char *what, size_t cap);

/* Move to the next event (s->event).  0, or -1 with the parser's problem
** in what[0..cap) and its place in *at. */
int yaml_stream_next(yaml_stream *s, yaml_mark_t *at, char *what, size_t cap);

/* The current event starts a node: move to its last event (the same event
** for a scalar or an alias).  0, or -1 as for yaml_stream_next. */
int yaml_stream_skip_node(yaml_stream *s, yaml_mark_t *at, char *what, size_t cap);

/* Close the file and release the parser and the current event. */
void yaml_stream_close(yaml_stream *s);

#endif /* YAML_READ_H */
