/*
** lean_lex.h -- what the files of the Lean parser share (lean/ only; the
** API is lean_parse.h): the lexer (lean_lex.c) used by the term parser
** (lean_parse.c) and the command scanner (lean_cmd.c).
*/
#ifndef LEAN_LEX_H
#define LEAN_LEX_H

#include "lean_parse.h"

#include <stddef.h>

#define LEAN_MAX_DEPTH 200 /* nesting of a term */

typedef enum {
  TK_EOF,
  TK_NUM,
  TK_IDENT,
  TK_HOLE, /* _ */
  TK_LPAREN,
  TK_RPAREN,
  TK_LBRACK,
  TK_RBRACK,
  TK_LANGLE, /* ⟨ */
  TK_RANGLE, /* ⟩ */
  TK_LBRACE,
  TK_RBRACE,
  TK_COMMA,
  TK_COLON,
  TK_ASSIGN, /* := */
  TK_DOT,    /* . before a field name */
  TK_OP,     /* any other symbol */
  TK_STRING,
  TK_CHAR,
  TK_BAD /* a byte that starts nothing: err_text says why */
} tk_type;

typedef struct token {
  tk_type t;
  size_t off, len;
  lo_int num;
  int overflow;    /* TK_NUM too large */
  int adjacent;    /* no white space or comment before it */
  int newline;     /* a line break before it */
  const char *why; /* TK_BAD */
} token;

typedef struct parser {
  const char *s;
  size_t len, pos;
  lean_pos base;
  token tk;
  lean_error *err;
  int failed;
  int depth;
  int let_at; /* the depth of the term that is a `let` value (a line break ends it), or 0 */
} parser;

/* Does an identifier start at s[i]? */
int lean_id_start_at(const char *s, size_t len, size_t i);

/* The end of the identifier (with dotted components) starting at s[i]. */
size_t lean_ident_end(const char *s, size_t len, size_t i);

/* Is c white space (space, tab, CR, LF)? */
int lean_is_space(char c);

/* The end of the block comment starting at s[i]; len when not closed. */
size_t lean_block_comment_end(const char *s, size_t len, size_t i);

/* The end of the string literal starting at s[i] ('"'); len when open. */
size_t lean_string_end(const char *s, size_t len, size_t i);

/* If a character literal ('a', '\n', '⟨') starts at s[i], its end; else 0. */
size_t lean_char_lit_end(const char *s, size_t len, size_t i);

/* Record the first error of p, at byte offset off (printf-style). */
void lean_lex_error(parser *p, size_t off, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* Move p to the next token. */
void lean_lex_next(parser *p);

/* Describe the current token for a message ("')'", "end of input"). */
void lean_lex_describe(const parser *p, char *out, size_t cap);

#endif /* LEAN_LEX_H */
