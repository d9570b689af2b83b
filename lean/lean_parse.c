/*
** lean_parse.c -- Lean terms, values and commands (see lean_parse.h).
**
** One lexer serves the term parser and the command scanner.  The term
** parser is recursive descent with a depth limit; every node is allocated
** with calloc and a failure to allocate is an error like any other.  The
** command scanner walks the file once at "command level" (skipping
** comments, strings and character literals) and cuts it where a command
** keyword starts a line, where a `#word` appears, or after the `in` of
** `#guard_msgs ... in`, `open ... in` and `set_option ... in`.
*/
#include "lean_parse.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LEAN_MAX_DEPTH 200

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
static int id_start_at(const char *s, size_t len, size_t i) {
  long c;
  if (i >= len) return 0;
  utf8_at(s, len, i, &c);
  return id_start(c);
}

/* The end of the identifier (with dotted components) starting at s[i]. */
static size_t ident_end(const char *s, size_t len, size_t i) {
  long c;
  for (;;) {
    size_t n = utf8_at(s, len, i, &c);
    i += n;
    while (i < len) {
      n = utf8_at(s, len, i, &c);
      if (!id_rest(c)) break;
      i += n;
    }
    if (i + 1 < len && s[i] == '.' && id_start_at(s, len, i + 1)) {
      i++;
      continue;
    }
    return i;
  }
}

static int is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

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
static size_t block_comment_end(const char *s, size_t len, size_t i) {
  return block_comment_end_ex(s, len, i, NULL);
}

/* The end of the string literal starting at s[i] ('"'); len when open. */
static size_t string_end(const char *s, size_t len, size_t i) {
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
static size_t char_lit_end(const char *s, size_t len, size_t i) {
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
      i = block_comment_end(s, len, i);
      space = 1;
      continue;
    }
    if (is_space(s[i]) || s[i] == '\0') {
      space = 1;
      i++;
      continue;
    }
    if (s[i] == '"') next = string_end(s, len, i);
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
} parser;

/* Record the first error, at byte offset off (printf-style). */
static void perr(parser *p, size_t off, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static void perr(parser *p, size_t off, const char *fmt, ...) {
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
    if (is_space(s[i])) {
      p->pos++;
    } else if (s[i] == '-' && i + 1 < p->len && s[i + 1] == '-') {
      while (p->pos < p->len && s[p->pos] != '\n') p->pos++;
    } else if (s[i] == '/' && i + 1 < p->len && s[i + 1] == '-') {
      int closed;
      size_t e = block_comment_end_ex(s, p->len, i, &closed);
      if (!closed) {
        perr(p, i, "unterminated comment");
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
  } else if (i < p->len && id_start_at(s, p->len, i)) {
    t->t = TK_BAD;
    t->why = "a numeral followed by a letter";
  } else {
    t->t = TK_NUM;
    t->num = (lo_int)v;
  }
  p->pos = i;
}

/* Move to the next token. */
static void next(parser *p) {
  int skipped;
  token t;
  memset(&t, 0, sizeof t);
  skip_blank(p, &skipped);
  t.adjacent = !skipped;
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
  } else if (c == '_' && !(i + 1 < p->len && id_start_at(s, p->len, i + 1)) &&
             !(i + 1 < p->len && s[i + 1] >= '0' && s[i + 1] <= '9')) {
    t.t = TK_HOLE;
    p->pos++;
  } else if (id_start(c)) {
    t.t = TK_IDENT;
    p->pos = ident_end(s, p->len, i);
  } else if (c == 0x27E8) {
    t.t = TK_LANGLE;
    p->pos += n;
  } else if (c == 0x27E9) {
    t.t = TK_RANGLE;
    p->pos += n;
  } else if (c == '"') {
    t.t = TK_STRING;
    p->pos = string_end(s, p->len, i);
  } else if (c == '\'' && char_lit_end(s, p->len, i)) {
    t.t = TK_CHAR;
    p->pos = char_lit_end(s, p->len, i);
  } else if (c == ':' && i + 1 < p->len && s[i + 1] == '=') {
    t.t = TK_ASSIGN;
    p->pos += 2;
  } else if (c == '.' && i + 1 < p->len && id_start_at(s, p->len, i + 1)) {
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
static void describe(const parser *p, char *out, size_t cap) {
  const token *t = &p->tk;
  if (t->t == TK_EOF) {
    snprintf(out, cap, "end of input");
    return;
  }
  char text[48];
  lean_one_line(p->s + t->off, t->len, text, sizeof text);
  snprintf(out, cap, "'%s'", text);
}

/* --- terms ------------------------------------------------------------- */

/* A new node of kind k at offset off, or NULL (error recorded). */
static lean_expr *node(parser *p, lean_expr_kind k, size_t off) {
  lean_expr *e = calloc(1, sizeof *e);
  if (!e) {
    perr(p, off, "out of memory");
    return NULL;
  }
  e->kind = k;
  e->off = off;
  return e;
}

/* Append kid (and field name, for a structure) to e; frees kid on
** failure.  The arrays grow geometrically: their capacity is the smallest
** power of two >= n, so they are reallocated only when n is one (the
** kids of a node all have a field name, or none has). */
static int add_kid(parser *p, lean_expr *e, lean_expr *kid, char *field) {
  int full = e->n == 0 || (e->n & (e->n - 1)) == 0; /* 0 or a power of two */
  size_t want = e->n ? 2 * (size_t)e->n : 1;
  lean_expr **kids = e->kids;
  if (e->n >= INT_MAX / 2)
    kids = NULL;
  else if (full)
    kids = realloc(e->kids, want * sizeof *kids);
  if (kids) e->kids = kids;
  if (kids && field && full) {
    char **fields = realloc(e->fields, want * sizeof *fields);
    if (fields)
      e->fields = fields;
    else
      kids = NULL;
  }
  if (kids && field) e->fields[e->n] = field;
  if (!kids) {
    perr(p, kid ? kid->off : 0, e->n >= INT_MAX / 2 ? "too many elements" : "out of memory");
    lean_expr_free(kid);
    free(field);
    return -1;
  }
  kids[e->n++] = kid;
  return 0;
}

/* A malloc'd copy of s[0..n), or NULL (error recorded). */
static char *dup_text(parser *p, const char *s, size_t n) {
  char *d = malloc(n + 1);
  if (!d) {
    perr(p, 0, "out of memory");
    return NULL;
  }
  memcpy(d, s, n);
  d[n] = '\0';
  return d;
}

/* Free a term (see lean_parse.h). */
void lean_expr_free(lean_expr *e) {
  if (!e) return;
  for (int i = 0; i < e->n; i++) {
    lean_expr_free(e->kids[i]);
    if (e->fields) free(e->fields[i]);
  }
  free(e->kids);
  free(e->fields);
  free(e->name);
  free(e);
}

static lean_expr *parse_term(parser *p);

/* Is the current token the identifier word? */
static int tk_is(const parser *p, const char *word) {
  return p->tk.t == TK_IDENT && p->tk.len == strlen(word) &&
         memcmp(p->s + p->tk.off, word, p->tk.len) == 0;
}

/* Keywords that end a term or are not part of the subset. */
static int tk_keyword(const parser *p) {
  static const char *const words[] = {"fun",  "let",    "have",  "show", "if",     "then",
                                      "else", "match",  "with",  "do",   "at",     "in",
                                      "from", "return", "where", "by",   "sorry",  "calc",
                                      "open", "Type",   "Sort",  "Prop", "forall", "exists"};
  for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
    if (tk_is(p, words[i])) return 1;
  return 0;
}

/* Skip the tokens of a tactic block or a type up to (not including) a
** closing bracket at depth 0, or a comma at depth 0 when stop_comma. */
static void skip_raw(parser *p, int stop_comma) {
  int depth = 0;
  while (!p->failed) {
    tk_type t = p->tk.t;
    if (t == TK_EOF) return;
    if (t == TK_BAD) {
      perr(p, p->tk.off, "%s", p->tk.why);
      return;
    }
    if (t == TK_LPAREN || t == TK_LBRACK || t == TK_LBRACE || t == TK_LANGLE) {
      if (++depth > LEAN_MAX_DEPTH) {
        perr(p, p->tk.off, "nesting too deep");
        return;
      }
    } else if (t == TK_RPAREN || t == TK_RBRACK || t == TK_RBRACE || t == TK_RANGLE) {
      if (depth == 0) return;
      depth--;
    } else if (t == TK_COMMA && depth == 0 && stop_comma) {
      return;
    }
    next(p);
  }
}

/* A comma-separated list of terms up to the closer; the opener has been
** read.  Fills e's kids. */
static void parse_items(parser *p, lean_expr *e, tk_type closer, const char *what) {
  if (p->tk.t == closer) {
    next(p);
    return;
  }
  for (;;) {
    lean_expr *kid = parse_term(p);
    if (!kid || add_kid(p, e, kid, NULL) != 0) return;
    if (p->tk.t == TK_COMMA) {
      next(p);
      continue;
    }
    if (p->tk.t == closer) {
      next(p);
      return;
    }
    char found[64];
    describe(p, found, sizeof found);
    perr(p, p->tk.off, "expected ',' or the end of the %s, found %s", what, found);
    return;
  }
}

/* A parenthesised term, a tuple, () or an ascription; '(' was read. */
static lean_expr *parse_paren(parser *p, size_t off) {
  if (p->tk.t == TK_RPAREN) {
    next(p);
    return node(p, LEAN_TUPLE, off);
  }
  lean_expr *first = parse_term(p);
  if (!first) return NULL;
  if (p->tk.t == TK_COLON) { /* (e : T): keep e */
    next(p);
    skip_raw(p, 0);
    if (!p->failed && p->tk.t != TK_RPAREN) {
      char found[64];
      describe(p, found, sizeof found);
      perr(p, p->tk.off, "expected ')' after the type, found %s", found);
    }
    if (p->failed) {
      lean_expr_free(first);
      return NULL;
    }
    next(p);
    return first;
  }
  if (p->tk.t == TK_RPAREN) {
    next(p);
    return first;
  }
  if (p->tk.t != TK_COMMA) {
    char found[64];
    describe(p, found, sizeof found);
    perr(p, p->tk.off, "expected ',' or ')', found %s", found);
    lean_expr_free(first);
    return NULL;
  }
  lean_expr *t = node(p, LEAN_TUPLE, off);
  if (!t || add_kid(p, t, first, NULL) != 0) {
    if (!t) lean_expr_free(first);
    lean_expr_free(t);
    return NULL;
  }
  next(p);
  parse_items(p, t, TK_RPAREN, "tuple");
  return t;
}

/* A structure instance { f := a, g := b }; '{' was read. */
static lean_expr *parse_struct(parser *p, size_t off) {
  lean_expr *e = node(p, LEAN_STRUCT, off);
  if (!e) return NULL;
  while (!p->failed && p->tk.t != TK_RBRACE) {
    if (p->tk.t != TK_IDENT || tk_keyword(p)) {
      char found[64];
      describe(p, found, sizeof found);
      perr(p, p->tk.off, "expected a field name, found %s", found);
      break;
    }
    char *field = dup_text(p, p->s + p->tk.off, p->tk.len);
    if (!field) break;
    next(p);
    if (p->tk.t == TK_IDENT && tk_is(p, "with")) {
      free(field);
      perr(p, p->tk.off, "structure updates ('with') are not supported");
      break;
    }
    if (p->tk.t != TK_ASSIGN) {
      char found[64];
      describe(p, found, sizeof found);
      perr(p, p->tk.off, "expected ':=' after the field name, found %s", found);
      free(field);
      break;
    }
    next(p);
    lean_expr *v = parse_term(p);
    if (!v) {
      free(field);
      break;
    }
    if (add_kid(p, e, v, field) != 0) break;
    if (p->tk.t == TK_COMMA) next(p);
  }
  if (!p->failed) next(p); /* the '}' */
  return e;
}

/* One atom: numeral, name, proof, bracketed form. */
static lean_expr *parse_atom(parser *p) {
  size_t off = p->tk.off;
  char found[64];
  if (++p->depth > LEAN_MAX_DEPTH) {
    perr(p, off, "nesting too deep");
    return NULL;
  }
  lean_expr *e = NULL;
  switch (p->tk.t) {
    case TK_NUM:
      if (p->tk.overflow) {
        perr(p, off, "the numeral does not fit in 63 bits");
        break;
      }
      e = node(p, LEAN_NUM, off);
      if (e) e->num = p->tk.num;
      next(p);
      break;
    case TK_IDENT:
      if (tk_is(p, "by")) {
        next(p);
        skip_raw(p, 1);
        e = node(p, LEAN_PROOF, off);
        if (e) e->name = dup_text(p, "by", 2);
        break;
      }
      if (tk_is(p, "sorry")) {
        e = node(p, LEAN_PROOF, off);
        if (e) e->name = dup_text(p, "sorry", 5);
        next(p);
        break;
      }
      if (tk_keyword(p)) {
        describe(p, found, sizeof found);
        perr(p, off, "%s is not supported", found);
        break;
      }
      e = node(p, LEAN_NAME, off);
      if (e) e->name = dup_text(p, p->s + off, p->tk.len);
      next(p);
      break;
    case TK_HOLE:
      e = node(p, LEAN_PROOF, off);
      if (e) e->name = dup_text(p, "_", 1);
      next(p);
      break;
    case TK_LPAREN:
      next(p);
      e = parse_paren(p, off);
      break;
    case TK_LBRACK:
      next(p);
      e = node(p, LEAN_LIST, off);
      if (e) parse_items(p, e, TK_RBRACK, "list");
      break;
    case TK_LANGLE:
      next(p);
      e = node(p, LEAN_ANON, off);
      if (e) parse_items(p, e, TK_RANGLE, "anonymous constructor");
      break;
    case TK_LBRACE:
      next(p);
      e = parse_struct(p, off);
      break;
    case TK_BAD:
      perr(p, off, "%s", p->tk.why);
      break;
    case TK_STRING:
      perr(p, off, "string literals are not supported");
      break;
    case TK_CHAR:
      perr(p, off, "character literals are not supported");
      break;
    case TK_OP:
      describe(p, found, sizeof found);
      if (p->tk.len == 1 && p->s[off] == '-')
        perr(p, off, "negative numbers are not supported");
      else
        perr(p, off, "operator %s is not supported", found);
      break;
    default:
      describe(p, found, sizeof found);
      perr(p, off, "expected a term, found %s", found);
      break;
  }
  p->depth--;
  if (p->failed) {
    lean_expr_free(e);
    return NULL;
  }
  return e;
}

/* An atom followed by field projections `.f` (written without spaces). */
static lean_expr *parse_postfix(parser *p) {
  lean_expr *e = parse_atom(p);
  while (e && p->tk.t == TK_DOT && p->tk.adjacent) {
    size_t off = p->tk.off;
    next(p);
    if (p->tk.t != TK_IDENT || !p->tk.adjacent) {
      perr(p, off, "expected a field name after '.'");
      lean_expr_free(e);
      return NULL;
    }
    /* "a.b.c" after a bracket: one projection per component */
    const char *name = p->s + p->tk.off;
    size_t len = p->tk.len, b = 0;
    for (size_t i = 0; i <= len; i++) {
      if (i < len && name[i] != '.') continue;
      lean_expr *f = node(p, LEAN_FIELD, off);
      if (!f) {
        lean_expr_free(e);
        return NULL;
      }
      f->name = dup_text(p, name + b, i - b);
      if (!f->name) {
        lean_expr_free(f);
        lean_expr_free(e);
        return NULL;
      }
      if (add_kid(p, f, e, NULL) != 0) { /* add_kid freed e */
        lean_expr_free(f);
        return NULL;
      }
      e = f;
      b = i + 1;
    }
    next(p);
  }
  return e;
}

/* Can the current token start an argument?  Tokens that are refused
** (strings, bad bytes, a minus before a numeral) count, so that the
** argument's own error is reported. */
static int starts_arg(const parser *p) {
  tk_type t = p->tk.t;
  if (t == TK_IDENT) return !tk_keyword(p) || tk_is(p, "by") || tk_is(p, "sorry");
  if (t == TK_OP && p->tk.len == 1 && p->s[p->tk.off] == '-' && p->tk.off + 1 < p->len &&
      p->s[p->tk.off + 1] >= '0' && p->s[p->tk.off + 1] <= '9')
    return 1;
  return t == TK_NUM || t == TK_HOLE || t == TK_LPAREN || t == TK_LBRACK || t == TK_LANGLE ||
         t == TK_LBRACE || t == TK_STRING || t == TK_CHAR || t == TK_BAD;
}

/* A term: an application f a b ... (or a single argument). */
static lean_expr *parse_term(parser *p) {
  if (++p->depth > LEAN_MAX_DEPTH) {
    perr(p, p->tk.off, "nesting too deep");
    return NULL;
  }
  size_t off = p->tk.off;
  lean_expr *head = parse_postfix(p);
  lean_expr *app = NULL;
  while (head && starts_arg(p)) {
    lean_expr *arg = parse_postfix(p);
    if (!arg) break;
    if (!app) {
      app = node(p, LEAN_APP, off);
      if (!app || add_kid(p, app, head, NULL) != 0) {
        if (!app) lean_expr_free(head); /* else add_kid freed it */
        lean_expr_free(app);
        lean_expr_free(arg);
        head = NULL;
        app = NULL;
        break;
      }
    }
    if (add_kid(p, app, arg, NULL) != 0) break;
  }
  p->depth--;
  lean_expr *e = app ? app : head;
  if (p->failed) {
    lean_expr_free(e);
    return NULL;
  }
  if (p->tk.t == TK_OP || (p->tk.t == TK_IDENT && tk_keyword(p))) {
    char found[64];
    describe(p, found, sizeof found);
    perr(p, p->tk.off, "%s %s is not supported", p->tk.t == TK_OP ? "operator" : "keyword", found);
    lean_expr_free(e);
    return NULL;
  }
  return e;
}

/* Parse one term (see lean_parse.h). */
int lean_parse_term(const char *s, size_t len, lean_pos base, lean_expr **out, lean_error *err) {
  parser p;
  memset(&p, 0, sizeof p);
  memset(err, 0, sizeof *err);
  p.s = s;
  p.len = len;
  p.base = base;
  p.err = err;
  *out = NULL;
  next(&p);
  if (p.tk.t == TK_EOF && !p.failed) {
    perr(&p, p.tk.off, "expected a term, found end of input");
    return -1;
  }
  lean_expr *e = p.failed ? NULL : parse_term(&p);
  if (e && p.tk.t != TK_EOF) {
    char found[64];
    describe(&p, found, sizeof found);
    perr(&p, p.tk.off, "unexpected %s after the term", found);
  }
  if (p.failed) {
    lean_expr_free(e);
    return -1;
  }
  *out = e;
  return 0;
}

/* --- printing ---------------------------------------------------------- */

typedef struct outbuf {
  char *buf;
  size_t cap, len;
  int full;
} outbuf;

/* Append printf-style text; sets full when it does not fit. */
static void put(outbuf *o, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static void put(outbuf *o, const char *fmt, ...) {
  if (o->full) return;
  va_list ap;
  va_start(ap, fmt);
  int w = vsnprintf(o->buf + o->len, o->cap - o->len, fmt, ap);
  va_end(ap);
  if (w < 0 || (size_t)w >= o->cap - o->len) {
    o->full = 1;
    o->buf[o->len] = '\0';
    return;
  }
  o->len += (size_t)w;
}

/* Print e; an application or a proof in argument position gets parens. */
static void print_expr(outbuf *o, const lean_expr *e, int arg) {
  switch (e->kind) {
    case LEAN_NUM:
      put(o, "%lld", (long long)e->num);
      return;
    case LEAN_NAME:
      put(o, "%s", e->name);
      return;
    case LEAN_PROOF:
      put(o, strcmp(e->name, "by") == 0 ? (arg ? "(by _)" : "by _") : "%s", e->name);
      return;
    case LEAN_APP:
      if (arg) put(o, "(");
      for (int i = 0; i < e->n; i++) {
        if (i) put(o, " ");
        print_expr(o, e->kids[i], i > 0 || e->kids[i]->kind == LEAN_APP);
      }
      if (arg) put(o, ")");
      return;
    case LEAN_FIELD:
      print_expr(o, e->kids[0], e->kids[0]->kind == LEAN_APP);
      put(o, ".%s", e->name);
      return;
    case LEAN_LIST:
    case LEAN_TUPLE:
    case LEAN_ANON: {
      const char *open = e->kind == LEAN_LIST ? "[" : e->kind == LEAN_TUPLE ? "(" : "\xE2\x9F\xA8";
      const char *close = e->kind == LEAN_LIST ? "]" : e->kind == LEAN_TUPLE ? ")" : "\xE2\x9F\xA9";
      put(o, "%s", open);
      for (int i = 0; i < e->n; i++) {
        if (i) put(o, ", ");
        print_expr(o, e->kids[i], 0);
      }
      put(o, "%s", close);
      return;
    }
    case LEAN_STRUCT:
      put(o, "{");
      for (int i = 0; i < e->n; i++) {
        put(o, "%s %s := ", i ? "," : "", e->fields[i]);
        print_expr(o, e->kids[i], 0);
      }
      put(o, e->n ? " }" : "}");
      return;
  }
}

/* Print a term in Lean syntax (see lean_parse.h). */
int lean_expr_print(const lean_expr *e, char *buf, size_t cap) {
  if (cap == 0) return -1;
  outbuf o = {buf, cap, 0, 0};
  buf[0] = '\0';
  print_expr(&o, e, 0);
  return o.full ? -1 : 0;
}

/* --- commands ---------------------------------------------------------- */

/* Words that start a command at the beginning of a line. */
static int command_word(const char *w, size_t n) {
  static const char *const words[] = {
      "def",       "abbrev",         "theorem",      "lemma",     "example",    "instance",
      "structure", "inductive",      "class",        "open",      "namespace",  "section",
      "end",       "import",         "variable",     "universe",  "set_option", "axiom",
      "opaque",    "noncomputable",  "private",      "protected", "partial",    "unsafe",
      "attribute", "macro",          "macro_rules",  "syntax",    "notation",   "infix",
      "infixl",    "infixr",         "prefix",       "postfix",   "elab",       "deriving",
      "mutual",    "initialize",     "export",       "local",     "scoped",     "omit",
      "include",   "termination_by", "decreasing_by"};
  for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
    if (strlen(words[i]) == n && memcmp(words[i], w, n) == 0) return 1;
  return 0;
}

/* A cut point found by the first pass. */
typedef struct cut {
  size_t at;       /* where the command (or docstring) starts */
  size_t word_end; /* the end of its keyword */
  int is_doc;      /* a docstring: attached to the next command */
  int has_in;      /* open ... in, set_option ... in: a prefix of the next command */
} cut;

typedef struct cuts {
  cut *v;
  int n, cap;
  int oom;
} cuts;

/* Record a cut. */
static void add_cut(cuts *c, size_t at, size_t word_end, int is_doc) {
  if (c->n == c->cap) {
    int cap = c->cap ? 2 * c->cap : 64;
    cut *v = realloc(c->v, (size_t)cap * sizeof *v);
    if (!v) {
      c->oom = 1;
      return;
    }
    c->v = v;
    c->cap = cap;
  }
  c->v[c->n++] = (cut){at, word_end, is_doc, 0};
}

/* Skip white space and comments (not docstrings when stop_doc) from i. */
static size_t skip_ws(const char *s, size_t len, size_t i) {
  while (i < len) {
    if (is_space(s[i])) {
      i++;
    } else if (s[i] == '-' && i + 1 < len && s[i + 1] == '-') {
      while (i < len && s[i] != '\n') i++;
    } else if (s[i] == '/' && i + 1 < len && s[i + 1] == '-') {
      i = block_comment_end(s, len, i);
    } else {
      break;
    }
  }
  return i;
}

/* The end of the word (identifier or #word) at i, or i. */
static size_t word_end(const char *s, size_t len, size_t i) {
  if (i < len && s[i] == '#' && id_start_at(s, len, i + 1)) return ident_end(s, len, i + 1);
  if (id_start_at(s, len, i)) return ident_end(s, len, i);
  return i;
}

/* Is s[a..b) the word w? */
static int word_is(const char *s, size_t a, size_t b, const char *w) {
  return b - a == strlen(w) && memcmp(s + a, w, b - a) == 0;
}

/* After the keyword of `#guard_msgs`, `open` or `set_option` (ending at
** i): if the command ends with `in`, the offset just after it; else 0. */
static size_t find_in(const char *s, size_t len, size_t i, const char *kw) {
  i = skip_ws(s, len, i);
  if (strcmp(kw, "#guard_msgs") == 0) {
    if (i < len && s[i] == '(') {
      int depth = 0;
      for (; i < len; i++) {
        if (s[i] == '(') depth++;
        if (s[i] == ')' && --depth == 0) break;
        if (s[i] == '\n' && depth > 0 && i + 1 < len && s[i + 1] == '#') return 0;
      }
      if (i >= len) return 0;
      i = skip_ws(s, len, i + 1);
    }
    size_t e = word_end(s, len, i);
    return word_is(s, i, e, "in") ? e : 0;
  }
  int words = 0;
  while (i < len) {
    size_t e = word_end(s, len, i);
    while (e < len && e == i && s[e] >= '0' && s[e] <= '9') /* set_option x 100 in */
      for (e = i; e < len && s[e] >= '0' && s[e] <= '9';) e++;
    if (e == i) {
      if (s[i] == '(' || s[i] == ')') { /* open Foo (bar) */
        i = skip_ws(s, len, i + 1);
        continue;
      }
      return 0;
    }
    if (word_is(s, i, e, "in")) return words > 0 ? e : 0;
    if (s[i] == '#' || command_word(s + i, e - i)) return 0;
    if (strcmp(kw, "set_option") == 0 && words >= 2) return 0;
    words++;
    i = skip_ws(s, len, e);
  }
  return 0;
}

/* The first pass: where commands start. */
static void find_cuts(const char *s, size_t len, cuts *c) {
  size_t i = 0;
  int line_start = 1, force = 0;
  while (i < len && !c->oom) {
    char ch = s[i];
    if (ch == '\n') {
      line_start = 1;
      i++;
      continue;
    }
    if (is_space(ch)) {
      i++;
      continue;
    }
    if (ch == '-' && i + 1 < len && s[i + 1] == '-') {
      while (i < len && s[i] != '\n') i++;
      continue;
    }
    if (ch == '/' && i + 1 < len && s[i + 1] == '-') {
      size_t e = block_comment_end(s, len, i);
      if (i + 2 < len && s[i + 2] == '-' && (line_start || force) &&
          !(i + 3 < len && s[i + 3] == '/')) {
        add_cut(c, i, i + 3, 1);
        force = 0;
        line_start = 1; /* a docstring prefixes a command */
      }
      i = e;
      continue;
    }
    size_t e = word_end(s, len, i);
    int hash = ch == '#' && e > i;
    if (force || hash || (line_start && e > i && command_word(s + i, e - i)) ||
        (line_start && ch == '@' && i + 1 < len && s[i + 1] == '[')) {
      if (e == i) e = i + 1;
      add_cut(c, i, e, 0);
      force = 0;
      line_start = 0;
      if (word_is(s, i, e, "#guard_msgs") || word_is(s, i, e, "open") ||
          word_is(s, i, e, "set_option")) {
        char kw[16];
        snprintf(kw, sizeof kw, "%.*s", (int)(e - i), s + i);
        size_t after = find_in(s, len, e, kw);
        if (after) {
          if (c->n > 0) c->v[c->n - 1].has_in = s[i] != '#';
          i = after;
          force = 1;
          continue;
        }
      }
      i = e;
      continue;
    }
    line_start = 0;
    if (ch == '"') {
      i = string_end(s, len, i);
    } else if (ch == '\'' && char_lit_end(s, len, i) && !(i > 0 && id_start_at(s, len, i - 1))) {
      i = char_lit_end(s, len, i);
    } else if (e > i) {
      i = e;
    } else {
      i++;
    }
  }
}

/* Trim white space from both ends of s[*a..*b). */
static void trim(const char *s, size_t *a, size_t *b) {
  while (*a < *b && (is_space(s[*a]) || s[*a] == '\0')) (*a)++;
  while (*b > *a && (is_space(s[*b - 1]) || s[*b - 1] == '\0')) (*b)--;
}

/* A malloc'd copy of s[a..b), or NULL. */
static char *copy_range(const char *s, size_t a, size_t b) {
  char *d = malloc(b - a + 1);
  if (!d) return NULL;
  memcpy(d, s + a, b - a);
  d[b - a] = '\0';
  return d;
}

/* The end of a term or body: before trailing white space and comments. */
static size_t body_end(const char *s, size_t a, size_t b) {
  size_t end = a, i = a;
  while (i < b) {
    size_t j = skip_ws(s, b, i);
    if (j >= b) break;
    if (s[j] == '"') {
      i = string_end(s, b, j);
    } else {
      size_t w = word_end(s, b, j);
      i = w > j ? w : j + 1;
    }
    end = i;
  }
  return end;
}

/* Fill a DEF command: name, body or has_params.  i is after the keyword. */
static int fill_def(lean_file *f, lean_cmd *c, size_t i) {
  const char *s = f->text;
  size_t b = c->end;
  i = skip_ws(s, b, i);
  size_t e = word_end(s, b, i);
  c->name = copy_range(s, i, e);
  if (!c->name) return -1;
  if (e == i) {
    c->has_params = 1;
    return 0;
  }
  i = skip_ws(s, b, e);
  if (i + 1 < b && s[i] == ':' && s[i + 1] == '=') {
    c->body = i + 2;
  } else if (i < b && s[i] == ':') {
    int depth = 0; /* the type, up to ':=' at depth 0 */
    for (i++; i < b; i++) {
      if (s[i] == '(' || s[i] == '[' || s[i] == '{') depth++;
      if ((s[i] == ')' || s[i] == ']' || s[i] == '}') && depth > 0) depth--;
      if (depth == 0 && s[i] == ':' && i + 1 < b && s[i + 1] == '=') break;
      if (depth == 0 && s[i] == '|') break;
    }
    if (i + 1 >= b || s[i] != ':') {
      c->has_params = 1;
      return 0;
    }
    c->body = i + 2;
  } else {
    c->has_params = 1;
    return 0;
  }
  c->body_end = body_end(s, c->body, b);
  return 0;
}

/* Fill the names of an OPEN, NAMESPACE, SECTION or END command from
** s[i..end): identifiers separated by single spaces, up to `in`. */
static int fill_names(lean_file *f, lean_cmd *c, size_t i) {
  const char *s = f->text;
  size_t b = c->end, n = 0;
  if (i > b) i = b; /* a keyword at the very end of its command (found by fuzzing) */
  char *names = malloc(b - i + 2);
  if (!names) return -1;
  for (;;) {
    i = skip_ws(s, b, i);
    if (i < b && (s[i] == '(' || s[i] == ')')) {
      i++;
      continue;
    }
    size_t e = word_end(s, b, i);
    if (e == i) break;
    if (word_is(s, i, e, "in")) {
      c->scoped = 1;
      break;
    }
    if (n) names[n++] = ' ';
    memcpy(names + n, s + i, e - i);
    n += e - i;
    i = e;
  }
  names[n] = '\0';
  c->name = names;
  return 0;
}

/* Skip the modifiers before a declaration's keyword (private,
** noncomputable, @[attr], ...) from i. */
static size_t skip_modifiers(const char *s, size_t len, size_t i) {
  for (;;) {
    i = skip_ws(s, len, i);
    if (i + 1 < len && s[i] == '@' && s[i + 1] == '[') {
      int depth = 0;
      for (; i < len; i++) {
        if (s[i] == '[') depth++;
        if (s[i] == ']' && --depth == 0) break;
      }
      i++;
      continue;
    }
    size_t e = word_end(s, len, i);
    if (word_is(s, i, e, "private") || word_is(s, i, e, "protected") ||
        word_is(s, i, e, "noncomputable") || word_is(s, i, e, "partial") ||
        word_is(s, i, e, "unsafe")) {
      i = e;
      continue;
    }
    return i;
  }
}

static int index_lines(lean_file *f);

/* Scan a file's text into commands (see lean_parse.h). */
int lean_file_scan(const char *path, const char *text, size_t len, lean_file **out, char *msg,
                   size_t cap) {
  lean_file *f = calloc(1, sizeof *f);
  cuts c = {0};
  *out = NULL;
  if (!f) goto oom;
  f->path = copy_range(path, 0, strlen(path));
  f->text = malloc(len + 1);
  if (!f->path || !f->text) goto oom;
  memcpy(f->text, text, len);
  f->text[len] = '\0';
  f->len = len;
  if (index_lines(f) != 0) goto oom;
  find_cuts(f->text, len, &c);
  if (c.oom) goto oom;
  f->cmds = calloc((size_t)c.n + 1, sizeof *f->cmds);
  if (!f->cmds) goto oom;
  const char *s = f->text;
  size_t doc_at = 0, doc_a = 0, doc_b = 0;
  int have_doc = 0, guard_pending = 0;
  lean_pos guard_pos = {0, 0};
  size_t guard_start = 0;
  char *guard_doc = NULL;
  for (int k = 0; k < c.n; k++) {
    cut *ct = &c.v[k];
    size_t end = k + 1 < c.n ? c.v[k + 1].at : len;
    if (ct->is_doc) {
      have_doc = 1;
      doc_at = ct->at;
      doc_a = ct->at + 3;
      doc_b = block_comment_end(s, len, ct->at);
      if (doc_b >= doc_a + 2 && s[doc_b - 2] == '-' && s[doc_b - 1] == '/') doc_b -= 2;
      if (doc_b < doc_a) doc_b = doc_a;
      continue;
    }
    size_t kw = skip_modifiers(s, len, ct->at);
    size_t kw_end = word_end(s, len, kw);
    if (kw_end == kw) kw_end = ct->word_end;
    if (word_is(s, kw, kw_end, "#guard_msgs")) {
      free(guard_doc);
      guard_doc = NULL;
      guard_pending = 1;
      guard_start = have_doc ? doc_at : ct->at;
      guard_pos = lean_file_pos(f, kw);
      if (have_doc && !(guard_doc = copy_range(s, doc_a, doc_b))) goto oom_guard;
      have_doc = 0;
      continue;
    }
    lean_cmd *cmd = &f->cmds[f->n++];
    cmd->start = guard_pending ? guard_start : have_doc ? doc_at : ct->at;
    cmd->end = end;
    cmd->pos = lean_file_pos(f, kw);
    cmd->body = cmd->body_end = kw_end;
    if (guard_pending && ct->has_in) {
      /* #guard_msgs in open X in #eval e: the guard is the #eval's (both
      ** spans start at the guard, so that it belongs to the later one) */
    } else if (guard_pending) {
      cmd->guarded = 1;
      cmd->guard_pos = guard_pos;
      cmd->doc = guard_doc;
      guard_doc = NULL;
      guard_pending = 0;
    }
    have_doc = 0;
    int rc = 0;
    if (word_is(s, kw, kw_end, "#eval") || word_is(s, kw, kw_end, "#eval!")) {
      cmd->kind = LEAN_CMD_EVAL;
      cmd->body_end = body_end(s, kw_end, end);
    } else if (word_is(s, kw, kw_end, "def") || word_is(s, kw, kw_end, "abbrev")) {
      cmd->kind = LEAN_CMD_DEF;
      rc = fill_def(f, cmd, kw_end);
    } else if (word_is(s, kw, kw_end, "open")) {
      cmd->kind = LEAN_CMD_OPEN;
      rc = fill_names(f, cmd, kw_end);
    } else if (word_is(s, kw, kw_end, "namespace") || word_is(s, kw, kw_end, "section") ||
               word_is(s, kw, kw_end, "end")) {
      cmd->kind = s[kw] == 'n'   ? LEAN_CMD_NAMESPACE
                  : s[kw] == 's' ? LEAN_CMD_SECTION
                                 : LEAN_CMD_END;
      rc = fill_names(f, cmd, kw_end);
    } else if (word_is(s, kw, kw_end, "#check") || word_is(s, kw, kw_end, "#print") ||
               word_is(s, kw, kw_end, "#reduce") || word_is(s, kw, kw_end, "#synth") ||
               word_is(s, kw, kw_end, "#where") || word_is(s, kw, kw_end, "#check_failure")) {
      cmd->kind = LEAN_CMD_INFO;
    } else {
      cmd->kind = LEAN_CMD_OTHER;
    }
    if (rc != 0) goto oom_guard;
    if (!cmd->name && !(cmd->name = copy_range("", 0, 0))) goto oom_guard;
    cmd->span = lean_file_pos(f, cmd->start);
    cmd->span_end = lean_file_pos(f, cmd->end);
  }
  free(guard_doc);
  free(c.v);
  *out = f;
  return 0;
oom_guard:
  free(guard_doc);
oom:
  free(c.v);
  lean_file_free(f);
  snprintf(msg, cap, "%s: out of memory", path);
  return -1;
}

/* Read and scan a file (see lean_parse.h). */
int lean_file_read(const char *path, lean_file **out, char *msg, size_t cap) {
  *out = NULL;
  FILE *fp = fopen(path, "rb");
  if (!fp) {
    snprintf(msg, cap, "%s: cannot open: %s", path, strerror(errno));
    return -1;
  }
  size_t n = 0, size = 4096;
  char *buf = malloc(size);
  while (buf) {
    size_t got = fread(buf + n, 1, size - n, fp);
    n += got;
    if (n < size) break;
    char *grown = size < ((size_t)1 << 30) ? realloc(buf, size * 2) : NULL;
    if (!grown) {
      free(buf);
      buf = NULL;
      break;
    }
    buf = grown;
    size *= 2;
  }
  int failed = ferror(fp);
  fclose(fp);
  if (!buf || failed) {
    free(buf);
    snprintf(msg, cap, "%s: cannot read%s", path, buf ? "" : ": out of memory or too large");
    return -1;
  }
  int rc = lean_file_scan(path, buf, n, out, msg, cap);
  free(buf);
  return rc;
}

/* Free a scanned file (see lean_parse.h). */
void lean_file_free(lean_file *f) {
  if (!f) return;
  for (int i = 0; i < f->n; i++) {
    free(f->cmds[i].doc);
    free(f->cmds[i].name);
  }
  free(f->cmds);
  free(f->line_starts);
  free(f->text);
  free(f->path);
  free(f);
}

/* The position of offset off in f (see lean_parse.h): the line from the
** table of line starts, the column by counting characters. */
lean_pos lean_file_pos(const lean_file *f, size_t off) {
  lean_pos p = {1, 0};
  if (off > f->len) off = f->len;
  if (!f->line_starts || f->nlines == 0) return lean_pos_advance(f->text, f->len, off, p);
  size_t lo = 0, hi = f->nlines; /* the last line start <= off */
  while (hi - lo > 1) {
    size_t mid = lo + (hi - lo) / 2;
    if (f->line_starts[mid] <= off)
      lo = mid;
    else
      hi = mid;
  }
  p.line = (int)lo + 1;
  for (size_t i = f->line_starts[lo]; i < off; i++)
    if (((unsigned char)f->text[i] & 0xC0) != 0x80) p.col++;
  return p;
}

/* Fill f's table of line starts; -1 when out of memory. */
static int index_lines(lean_file *f) {
  size_t n = 1;
  for (size_t i = 0; i < f->len; i++) n += f->text[i] == '\n';
  f->line_starts = malloc(n * sizeof *f->line_starts);
  if (!f->line_starts) return -1;
  f->nlines = 0;
  f->line_starts[f->nlines++] = 0;
  for (size_t i = 0; i < f->len; i++)
    if (f->text[i] == '\n') f->line_starts[f->nlines++] = i + 1;
  return 0;
}

/* The first message of a severity in a #guard_msgs docstring. */
int lean_doc_message(const char *doc, const char *severity, char *out, size_t cap) {
  size_t len = strlen(doc), sev = strlen(severity), a = 0;
  if (cap) out[0] = '\0';
  while (a <= len) {
    /* this message ends where a line "---" starts, or at the end */
    size_t b = len, after = len + 1;
    for (size_t i = a; i < len;) {
      size_t eol = i;
      while (eol < len && doc[eol] != '\n') eol++;
      size_t la = i, lb = eol;
      trim(doc, &la, &lb);
      if (lb - la == 3 && memcmp(doc + la, "---", 3) == 0) {
        b = i;
        after = eol + 1;
        break;
      }
      i = eol + 1;
    }
    size_t ma = a, mb = b;
    trim(doc, &ma, &mb);
    if (mb - ma > sev && memcmp(doc + ma, severity, sev) == 0 && doc[ma + sev] == ':') {
      ma += sev + 1;
      trim(doc, &ma, &mb);
      if (cap) {
        size_t n = mb - ma < cap - 1 ? mb - ma : cap - 1;
        memcpy(out, doc + ma, n);
        out[n] = '\0';
      }
      return 1;
    }
    a = after;
  }
  return 0;
}
