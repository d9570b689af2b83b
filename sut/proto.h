/*
** proto.h -- the words of the batch protocol (`layoutcheck eval --batch`,
** spoken by the oracle and by every system under test): a request line is
** split into words at white space outside brackets, so that
** "composition (2, 3):(1, 2) 4:1" is three words, and read as a case.
*/
#ifndef PROTO_H
#define PROTO_H

#include "gen.h"

#include <stddef.h>
#include <stdio.h>

/* A growable list of pointers into a line that proto_split_words edited. */
typedef struct proto_words {
  char **word;
  size_t len, cap;
} proto_words;

/* Free the pointer array of a list (not the words, which live in the line)
** and leave it empty. */
void proto_words_free(proto_words *w);

/* Split the NUL-terminated line in place into words separated by white
** space (C locale isspace) at bracket depth 0, appending them to *w after
** emptying it.  Depth counts ( < [ up and ) > ] down, except that "-->"
** (the arrow of a morphism) is one unit that leaves the depth unchanged.
** Returns 0, or -1 with a message in msg[0..cap) for unbalanced brackets or
** when memory runs out. */
int proto_split_words(char *line, proto_words *w, char *msg, size_t cap);

/* proto_split_words for a line of len bytes (line[len] == '\0') that may
** hold NUL bytes: one before len is the error "the line contains a NUL
** byte", which comes before any bracket error. */
int proto_split_line(char *line, size_t len, proto_words *w, char *msg, size_t cap);

/* Nonzero when the line (len bytes, NULs allowed) is blank or a comment:
** only white space, or white space then '#'. */
int proto_line_is_blank(const char *line, size_t len);

/* Parse "OP ARG ARG..." (a request line) into a case k and its op name
** op[0..opcap): 0, or -1 when the line does not split, has no op or more
** than GEN_MAX_ARGS arguments, or memory runs out. */
int proto_case_from_line(const char *line, gen_case *k, char *op, size_t opcap);

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
