/*
** lean_lex.c -- the lexer of Lean text (see lean_lex.h), with UTF-8,
** character classes and positions; the term parser is lean_parse.c, the
** command scanner lean_cmd.c.
**
** One lexer serves the term parser and the command scanner.  The term
** parser is recursive descent with a depth limit; every node is allocated
** with calloc and a failure to allocate is an error like any other.  The
** command scanner walks the file once at "command level" (skipping
** comments, strings and character literals) and cuts it where a command
** keyword starts a line, where a `#word` appears, or after the `in` of
** `#guard_msgs ... in`, `open ... in` and `set_option ... in`.
*/
#include "lean_lex.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- UTF-8 and character classes -------------------------------------- */

/* Decode the character at s[i] (i < len): its code point in *cp (-1 for an
** invalid byte) and its length in bytes (1 for an invalid byte). */
static size_t utf8_at(const char *s, size_t len, size_t i, long *cp) {
  const unsigned char *u = (const unsigned char *)s + i;
  size_t left = len - i, n;
  long c;
  if (u[0] < 0x80) {
    *cp = u[0];
    return 1;
  } else if ((u[0] & 0xE0) == 0xC0) {
    n = 2;
    c = u[0] & 0x1F;
  } else if ((u[0] & 0xF0) == 0xE0) {
    n = 3;
    c = u[0] & 0x0F;
  } else if ((u[0] & 0xF8) == 0xF0) {
    n = 4;
    c = u[0] & 0x07;
  } else {
    *cp = -1;
    return 1;
  }
  if (n > left) {
    *cp = -1;
    return 1;
  }
  for (size_t k = 1; k < n; k++) {
    if ((u[k] & 0xC0) != 0x80) {
      *cp = -1;
      return 1;
    }
    c = (c << 6) | (u[k] & 0x3F);
  }
  *cp = c;
  return n;
}

/* Lean's isLetterLike: Greek (but λ, Π, Σ), Coptic, Greek extended,
** letter-like symbols (ℕ), mathematical script letters. */
static int letter_like(long c) {
  return (c >= 0x3B1 && c <= 0x3C9 && c != 0x3BB) ||
         (c >= 0x391 && c <= 0x3A9 && c != 0x3A0 && c != 0x3A3) || (c >= 0x3CA && c <= 0x3FB) ||
         (c >= 0x1F00 && c <= 0x1FFE) || (c >= 0x2100 && c <= 0x214F) ||
         (c >= 0x1D49C && c <= 0x1D59F);
}

/* Lean's isSubScriptAlnum. */
static int subscript(long c) {
  return (c >= 0x2080 && c <= 0x2089) || (c >= 0x2090 && c <= 0x209C) ||
         (c >= 0x1D62 && c <= 0x1D6A);
}

/* Can code point c start an identifier? */
static int id_start(long c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || letter_like(c);
}

/* Can code point c continue an identifier? */
static int id_rest(long c) {
  return id_start(c) || (c >= '0' && c <= '9') || c == '\'' || c == '!' || c == '?' || subscript(c);
}

/* Does an identifier start at s[i]? */
int lean_id_start_at(const char *s, size_t len, size_t i) {
  long c;
  if (i >= len) return 0;
  utf8_at(s, len, i, &c);
  return id_start(c);
}

/* The end of the identifier (with dotted components) starting at s[i]. */
size_t lean_ident_end(const char *s, size_t len, size_t i) {
  long c;
  for (;;) {
    size_t n = utf8_at(s, len, i, &c);
    i += n;
    while (i < len) {
      n = utf8_at(s, len, i, &c);
      if (!id_rest(c)) break;
      i += n;
    }
    if (i + 1 < len && s[i] == '.' && lean_id_start_at(s, len, i + 1)) {
      i++;
      continue;
    }
    return i;
  }
}

/* Is c white space (space, tab, CR, LF)? */
int lean_is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

/* The end of the block comment starting at s[i] ("/-"), nested; len when
** it is not closed (then *closed is 0, when closed is not NULL). */
static size_t block_comment_end_ex(const char *s, size_t len, size_t i, int *closed) {
  size_t depth = 0;
  if (closed) *closed = 0;
  while (i < len) {
    if (i + 1 < len && s[i] == '/' && s[i + 1] == '-') {
      depth++;
      i += 2;
    } else if (i + 1 < len && s[i] == '-' && s[i + 1] == '/') {
      i += 2;
      if (--depth == 0) {
        if (closed) *closed = 1;
        return i;
      }
    } else {
      i++;
    }
  }
  return len;
}

/* The end of the block comment starting at s[i]; len when not closed. */
size_t lean_block_comment_end(const char *s, size_t len, size_t i) {
  return block_comment_end_ex(s, len, i, NULL);
}

/* The end of the string literal starting at s[i] ('"'); len when open. */
size_t lean_string_end(const char *s, size_t len, size_t i) {
  for (i++; i < len; i++) {
    if (s[i] == '\\') {
      i++;
    } else if (s[i] == '"') {
      return i + 1;
    }
  }
  return len;
}

/* If a character literal ('a', '\n', '⟨') starts at s[i], its end; else 0. */
size_t lean_char_lit_end(const char *s, size_t len, size_t i) {
  long c;
  if (i + 2 >= len || s[i] != '\'') return 0;
  size_t j = i + 1;
  if (s[j] == '\\') {
    j++;
    while (j < len && j < i + 12 && s[j] != '\'' && s[j] != '\n') j++;
  } else {
    j += utf8_at(s, len, j, &c);
  }
  return j < len && s[j] == '\'' ? j + 1 : 0;
}

/* --- positions --------------------------------------------------------- */

/* Advance a Lean position over s[0..off). */
lean_pos lean_pos_advance(const char *s, size_t len, size_t off, lean_pos base) {
  lean_pos p = base;
  if (off > len) off = len;
  for (size_t i = 0; i < off; i++) {
    if (s[i] == '\n') {
      p.line++;
      p.col = 0;
    } else if (((unsigned char)s[i] & 0xC0) != 0x80) {
      p.col++;
    }
  }
  return p;
}

/* The length of one well-formed UTF-8 character (see lean_parse.h):
** no overlong forms, no surrogates, nothing above U+10FFFF. */
size_t lean_utf8_len(const char *s, size_t len) {
  const unsigned char *u = (const unsigned char *)s;
  size_t n = u[0] < 0x80                    ? 1
             : u[0] >= 0xC2 && u[0] <= 0xDF ? 2
             : u[0] >= 0xE0 && u[0] <= 0xEF ? 3
             : u[0] >= 0xF0 && u[0] <= 0xF4 ? 4
                                            : 0;
  if (n == 0 || n > len) return 0;
  for (size_t i = 1; i < n; i++)
    if ((u[i] & 0xC0) != 0x80) return 0;
  if ((u[0] == 0xE0 && u[1] < 0xA0) || (u[0] == 0xED && u[1] > 0x9F) ||
      (u[0] == 0xF0 && u[1] < 0x90) || (u[0] == 0xF4 && u[1] > 0x8F))
    return 0;
  return n;
}

/* Copy text to one line (see lean_parse.h). */
void lean_one_line(const char *s, size_t len, char *out, size_t cap) {
  size_t o = 0, i = 0;
  int space = 0, full = 0;
  if (cap == 0) return;
  while (i < len) {
    size_t next = i + 1;
    if (s[i] == '-' && i + 1 < len && s[i + 1] == '-') {
      while (i < len && s[i] != '\n') i++;
      space = 1;
      continue;
    }
    if (s[i] == '/' && i + 1 < len && s[i + 1] == '-') {
      i = lean_block_comment_end(s, len, i);
      space = 1;
      continue;
    }
    if (lean_is_space(s[i]) || s[i] == '\0') {
      space = 1;
      i++;
      continue;
    }
    if (s[i] == '"') next = lean_string_end(s, len, i);
    if (space && o > 0 && o + 1 < cap) out[o++] = ' ';
    space = 0;
    while (i < next && i < len && !full) {
      size_t n = lean_utf8_len(s + i, len - i);
      if (o + (n ? n : 1) >= cap) {
        full = 1;
        break;
      }
      unsigned char c = (unsigned char)s[i];
      if (c == '\n' || c == '\r' || c == '\t')
        out[o++] = ' ';
      else if (n == 0 || c < 0x20 || c == 0x7F) /* never echo raw control bytes */
        out[o++] = '?';
      else
        for (size_t k = 0; k < n; k++) out[o++] = s[i + k];
      i += n ? n : 1;
    }
    if (full || o + 1 >= cap) break;
  }
  out[o] = '\0';
  if (i < len && cap > 8) { /* cut: back to a character boundary, add "..." */
    size_t keep = cap - 4 < o ? cap - 4 : o;
    while (keep > 0 && ((unsigned char)out[keep] & 0xC0) == 0x80) keep--;
    memcpy(out + keep, "...", 4);
  }
}

/* --- the lexer --------------------------------------------------------- */

/* Record the first error, at byte offset off (printf-style). */
void lean_lex_error(parser *p, size_t off, const char *fmt, ...) {
  if (p->failed) return;
  p->failed = 1;
  lean_pos at = lean_pos_advance(p->s, p->len, off, p->base);
  p->err->line = at.line;
  p->err->col = at.col + 1;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(p->err->text, sizeof p->err->text, fmt, ap);
  va_end(ap);
}

/* Skip white space and comments from p->pos; sets *skipped.  An unclosed
** block comment is an error. */
static void skip_blank(parser *p, int *skipped) {
  *skipped = 0;
  while (p->pos < p->len) {
    const char *s = p->s;
    size_t i = p->pos;
    if (lean_is_space(s[i])) {
      p->pos++;
    } else if (s[i] == '-' && i + 1 < p->len && s[i + 1] == '-') {
      while (p->pos < p->len && s[p->pos] != '\n') p->pos++;
    } else if (s[i] == '/' && i + 1 < p->len && s[i + 1] == '-') {
      int closed;
      size_t e = block_comment_end_ex(s, p->len, i, &closed);
      if (!closed) {
        lean_lex_error(p, i, "unterminated comment");
        p->pos = p->len;
        return;
      }
      p->pos = e;
    } else {
      return;
    }
    *skipped = 1;
  }
}

/* Read a numeral at s[i]: decimal, 0x, 0o, 0b. */
static void lex_number(parser *p, token *t) {
  const char *s = p->s;
  size_t i = p->pos;
  unsigned base = 10;
  if (s[i] == '0' && i + 1 < p->len &&
      (s[i + 1] == 'x' || s[i + 1] == 'X' || s[i + 1] == 'o' || s[i + 1] == 'O' ||
       s[i + 1] == 'b' || s[i + 1] == 'B')) {
    char b = (char)(s[i + 1] | 0x20);
    base = b == 'x' ? 16 : b == 'o' ? 8 : 2;
    i += 2;
  }
  size_t digits = i;
  uint64_t v = 0;
  for (; i < p->len; i++) {
    unsigned d;
    char c = s[i];
    if (c >= '0' && c <= '9')
      d = (unsigned)(c - '0');
    else if (base == 16 && ((c | 0x20) >= 'a' && (c | 0x20) <= 'f'))
      d = (unsigned)((c | 0x20) - 'a' + 10);
    else
      break;
    if (d >= base) break;
    if (v > ((uint64_t)INT64_MAX - d) / base)
      t->overflow = 1;
    else
      v = v * base + d;
  }
  if (i == digits) {
    t->t = TK_BAD;
    t->why = "a numeral without digits";
  } else if (i < p->len && (s[i] == '.' && i + 1 < p->len && s[i + 1] >= '0' && s[i + 1] <= '9')) {
    t->t = TK_BAD;
    t->why = "decimal fractions are not supported";
  } else if (i < p->len && lean_id_start_at(s, p->len, i)) {
    t->t = TK_BAD;
    t->why = "a numeral followed by a letter";
  } else {
    t->t = TK_NUM;
    t->num = (lo_int)v;
  }
  p->pos = i;
}

/* Move to the next token. */
void lean_lex_next(parser *p) {
  int skipped;
  token t;
  memset(&t, 0, sizeof t);
  size_t from = p->pos;
  skip_blank(p, &skipped);
  t.adjacent = !skipped;
  t.newline = p->pos > from && memchr(p->s + from, '\n', p->pos - from) != NULL;
  t.off = p->pos;
  if (p->pos >= p->len) {
    t.t = TK_EOF;
    p->tk = t;
    return;
  }
  const char *s = p->s;
  size_t i = p->pos;
  long c;
  size_t n = utf8_at(s, p->len, i, &c);
  if (c >= '0' && c <= '9') {
    lex_number(p, &t);
  } else if (c == '_' && !(i + 1 < p->len && lean_id_start_at(s, p->len, i + 1)) &&
             !(i + 1 < p->len && s[i + 1] >= '0' && s[i + 1] <= '9')) {
    t.t = TK_HOLE;
    p->pos++;
  } else if (id_start(c)) {
    t.t = TK_IDENT;
    p->pos = lean_ident_end(s, p->len, i);
  } else if (c == 0x27E8) {
    t.t = TK_LANGLE;
    p->pos += n;
  } else if (c == 0x27E9) {
    t.t = TK_RANGLE;
    p->pos += n;
  } else if (c == '"') {
    t.t = TK_STRING;
    p->pos = lean_string_end(s, p->len, i);
  } else if (c == '\'' && lean_char_lit_end(s, p->len, i)) {
    t.t = TK_CHAR;
    p->pos = lean_char_lit_end(s, p->len, i);
  } else if (c == ':' && i + 1 < p->len && s[i + 1] == '=') {
    t.t = TK_ASSIGN;
    p->pos += 2;
  } else if (c == '.' && i + 1 < p->len && lean_id_start_at(s, p->len, i + 1)) {
    t.t = TK_DOT;
    p->pos++;
  } else if (c < 0 || c == 0 || (c < 0x20 && c != '\t') || c == 0x7F) {
    t.t = TK_BAD;
    t.why = c < 0 ? "invalid UTF-8" : "a control character";
    p->pos += n;
  } else {
    static const char single[] = "()[]{},:";
    static const tk_type kinds[] = {TK_LPAREN, TK_RPAREN, TK_LBRACK, TK_RBRACK,
                                    TK_LBRACE, TK_RBRACE, TK_COMMA,  TK_COLON};
    const char *at = c < 0x80 ? strchr(single, (int)c) : NULL;
    if (at && c != 0) {
      t.t = kinds[at - single];
      p->pos++;
    } else {
      /* an operator: a run of ASCII symbols, or one other character */
      t.t = TK_OP;
      if (c < 0x80) {
        static const char sym[] = "+-*/%^&|<>=!?$@~;\\#.`";
        while (p->pos < p->len && strchr(sym, s[p->pos]) && s[p->pos] != '\0') p->pos++;
        if (p->pos == i) p->pos++;
      } else {
        p->pos += n;
      }
    }
  }
  t.len = p->pos - t.off;
  p->tk = t;
}

/* Describe the current token for a message ("')'", "end of input"). */
void lean_lex_describe(const parser *p, char *out, size_t cap) {
  const token *t = &p->tk;
  if (t->t == TK_EOF) {
    snprintf(out, cap, "end of input");
    return;
  }
  char text[48];
  lean_one_line(p->s + t->off, t->len, text, sizeof text);
  snprintf(out, cap, "'%s'", text);
}
