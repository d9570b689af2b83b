/*
** lean_log.h -- read what Lean printed for a file, in the three forms it
** comes in, and tie each message to the command of the file it belongs to.
**
**   json   `lake env lean --json FILE.lean`: one JSON object per line,
**          {"severity", "pos": {"line", "column"}, "fileName", "data", ...}
**   plain  `lake env lean FILE.lean`: information messages (every #eval
**          result) as bare text without a position; warnings and errors as
**          "FILE:LINE:COL: error: TEXT"
**   lake   `lake build` logs: "info: FILE:LINE:COL: TEXT" (also warning:,
**          error:), between lake's own status lines
**
** A log must be text (UTF-8, no NUL byte).  Messages may span several
** lines.  Positioned messages are tied to the
** command whose text contains their position; the bare messages of the
** plain form are tied by order to the commands that print one (an #eval
** without an error, a failing #guard_msgs block, #check ...).  A bare
** message is a run of lines whose brackets balance.
*/
#ifndef LEAN_LOG_H
#define LEAN_LOG_H

#include "lean_parse.h"

#include <stddef.h>

typedef enum { LEAN_LOG_AUTO, LEAN_LOG_JSON, LEAN_LOG_PLAIN, LEAN_LOG_LAKE } lean_log_format;
typedef enum { LEAN_SEV_INFO, LEAN_SEV_WARNING, LEAN_SEV_ERROR } lean_severity;

typedef struct lean_msg {
  lean_severity severity;
  int has_pos;
  lean_pos pos; /* Lean's convention: line 1-based, column 0-based */
  char *file;   /* "" when the message has no position */
  char *text;
  int log_line; /* 1-based line of the log where the message starts */
} lean_msg;

typedef struct lean_log {
  char *path;
  lean_log_format format; /* the form read (never AUTO) */
  lean_msg *msgs;
  int n, cap;
} lean_log;

/* "auto", "json", "plain", "lake"; and back (0, or -1 when unknown). */
const char *lean_log_format_name(lean_log_format f);
int lean_log_format_parse(const char *s, lean_log_format *f);

/* Read text[0..len) as a log of the given form (AUTO: json when the first
** non-blank line starts with '{', lake when some line is a lake message or
** status line, plain otherwise).  Returns 0 with *out set; -1 with
** "PATH:LINE:COLUMN: what" in msg for a malformed JSON log (or "PATH: out
** of memory"). */
int lean_log_parse(const char *path, const char *text, size_t len, lean_log_format fmt,
                   lean_log **out, char *msg, size_t cap);

/* Read the file at path and parse it; -1 with "PATH: cannot open: ..." */
int lean_log_read(const char *path, lean_log_format fmt, lean_log **out, char *msg, size_t cap);

/* Free a log; l may be NULL. */
void lean_log_free(lean_log *l);

/* What the log says about one command of the file. */
typedef struct lean_found {
  char *value;      /* the first information message, or NULL */
  char *error;      /* the first error message (not a #guard_msgs mismatch), or NULL */
  int guard_failed; /* a #guard_msgs mismatch was reported for it */
  int log_line;     /* where value (or error) starts in the log */
} lean_found;

/* Tie the messages of log to the commands of f: found[0..f->n) (zeroed by
** the caller) gets each command's messages.  Returns 0, with a remark for
** the user in note[0..cap) ("" when none: the log names the file in
** another directory); 1 when the log is not one of f as it is, with the
** reason in note: its messages name another file, lie past the end of f,
** give a value where f has no #eval, or (the plain form) number more or
** fewer than the commands that print one; -1 when out of memory. */
int lean_log_assign(const lean_log *log, const lean_file *f, lean_found *found, char *note,
                    size_t cap);

/* Free the strings of found[0..n). */
void lean_found_clear(lean_found *found, int n);

#endif /* LEAN_LOG_H */
