/*
** proto.h -- the batch protocol (`layoutcheck eval --batch`, spoken by the
** oracle and by every system under test) as a terminal shows it: the
** request line itself, split into words and read as a case, is gen/'s
** case_line.h.
*/
#ifndef PROTO_H
#define PROTO_H

#include <stddef.h>
#include <stdio.h>

/* Copy s into out[0..cap) fit for a terminal: printable ASCII, tabs and
** well-formed UTF-8 (C1 controls U+0080..U+009F aside) as they are, every
** other byte (ESC, BEL, CR, NUL, DEL, a stray byte >= 0x80) as \xHH, so
** that a system under test's answer or a stored row cannot move the
** cursor, retitle the window or clear the screen.  Always NUL-terminated;
** cut at an escape's boundary when it does not fit.  Returns out. */
char *proto_escape(const char *s, char *out, size_t cap);

/* proto_escape for a line of len bytes that may hold NUL bytes. */
char *proto_escape_n(const char *s, size_t len, char *out, size_t cap);

/* Write s to f as proto_escape copies it (no length limit). */
void proto_escape_write(FILE *f, const char *s);

#endif /* PROTO_H */
