/*
** case_line.h -- the case line "OP ARG ARG...": how a case is written as
** one line (a request of the batch protocol, `layoutcheck eval --batch`,
** spoken by the oracle and by every system under test; the input of a
** stored counterexample) and read back.  A line is split into words at
** white space outside brackets, so that "composition (2, 3):(1, 2) 4:1"
** is three words.
*/
#ifndef CASE_LINE_H
#define CASE_LINE_H

#include "gen.h"

#include <stddef.h>
#include <stdio.h>

/* A growable list of pointers into a line that case_line_split edited. */
typedef struct case_words {
  char **word;
  size_t len, cap;
} case_words;

/* Free the pointer array of a list (not the words, which live in the line)
** and leave it empty. */
void case_words_free(case_words *w);

/* Split the NUL-terminated line in place into words separated by white
** space (C locale isspace) at bracket depth 0, appending them to *w after
** emptying it.  Depth counts ( < [ up and ) > ] down, except that "-->"
** (the arrow of a morphism) is one unit that leaves the depth unchanged.
** A word that is the letter o alone joins the words on either side into
** one, the blank that ended each word made a space ("Sw<3,4,3> o 0 o
** (8,64):(64,1)", a composed layout as CuTe prints it, is one word); the
** op, the first word, never joins.
** Returns 0, or -1 with a message in msg[0..cap) for unbalanced brackets or
** when memory runs out. */
int case_line_split(char *line, case_words *w, char *msg, size_t cap);

/* case_line_split for a line of len bytes (line[len] == '\0') that may
** hold NUL bytes: one before len is the error "the line contains a NUL
** byte", which comes before any bracket error. */
int case_line_split_n(char *line, size_t len, case_words *w, char *msg, size_t cap);

/* Nonzero when the line (len bytes, NULs allowed) is blank or a comment:
** only white space, or white space then '#'. */
int case_line_is_blank(const char *line, size_t len);

/* Parse "OP ARG ARG..." (a request line) into a case k and its op name
** op[0..opcap): 0, or -1 when the line does not split, has no op or more
** than GEN_MAX_ARGS arguments, or memory runs out. */
int case_line_read(const char *line, gen_case *k, char *op, size_t opcap);

/* Write "OP ARG ARG..." (op, then each of argv[0..argc) after one space)
** into buf[0..cap), cut short and NUL-terminated when it does not fit
** (nothing written when cap is 0).  Returns the length of the whole line,
** so that a result >= cap says it was cut. */
size_t case_line_join(const char *op, int argc, const char *const *argv, char *buf, size_t cap);

/* Write case k of property p as its line, p->op then k's arguments, into
** buf[0..cap): 0, or -1 when it does not fit (buf then holds a cut line). */
int case_line_write(const gen_property *p, const gen_case *k, char *buf, size_t cap);

#endif /* CASE_LINE_H */
