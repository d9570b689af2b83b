/*
** lean_log_int.h -- what the files of the log reader share (lean/ only;
** the API is lean_log.h): lean_log.c (lines, the plain and lake forms,
** reading, tying messages to commands) and lean_log_json.c (the JSON form).
*/
#ifndef LEAN_LOG_INT_H
#define LEAN_LOG_INT_H

#include "lean_log.h"

#include <stddef.h>

/* One line of the log (not owned). */
typedef struct line {
  const char *s;
  size_t len;
} line;

/* A growing text buffer for multi-line messages. */
typedef struct text {
  char *s;
  size_t len, cap;
  int oom;
} text;

/* Append a message (file and text copied; text is s[0..len)).  -1 when
** out of memory. */
int lean_log_add_msg(lean_log *l, lean_severity sev, int has_pos, lean_pos pos, const char *file,
                     size_t file_len, const char *text, size_t len, int log_line);

/* Append s[0..n) to t, with a newline before it when newline is set. */
void lean_log_text_add(text *t, const char *s, size_t n, int newline);

/* Read digits at s[*i]; -1 when there are none or too many. */
long lean_log_digits(const char *s, size_t len, size_t *i);

/* One line of the JSON form: a message object appended to l.  0, or -1
** with msg[0..cap). */
int lean_log_json_message(lean_log *l, const line *ln, int lineno, char *msg, size_t cap);

#endif /* LEAN_LOG_INT_H */
