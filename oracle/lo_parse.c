/*
** lo_parse.c -- parse and print nested tuples, layouts, tilers and
** morphisms in CuTe's print syntax.  White space may separate any two
** tokens; tokens are integers, '(' ')' ',' ':' '*' '<' '>' "--" "-->".
** An integer may carry CuTe's mark of a static integer, an underscore
** directly before its digits (print(layout) writes Int<2>{} as _2).
*/
#include "lo.h"

#include <stdio.h>
#include <string.h>

/* ---------------------------------------------------------------- parsing */

typedef struct parser {
  const char *s;
  size_t pos;
  lo_err *err;
} parser;

/* Skip blanks, tabs and line ends at the parser's position. */
static void skip_space(parser *p) {
  while (p->s[p->pos] == ' ' || p->s[p->pos] == '\t' || p->s[p->pos] == '\n' ||
         p->s[p->pos] == '\r')
    p->pos++;
}

/* Describe the character at the current position for an error message. */
static const char *found(parser *p, char *buf, size_t cap) {
  unsigned char c = (unsigned char)p->s[p->pos];
  if (c == 0)
    snprintf(buf, cap, "end of input");
  else if (c >= 0x20 && c < 0x7f)
    snprintf(buf, cap, "'%c'", c);
  else
    snprintf(buf, cap, "byte 0x%02x", c);
  return buf;
}

/* Fail with "column N: expected WHAT, found X". */
static int expected(parser *p, const char *what) {
  char b[32];
  return lo_fail(p->err, LO_ESYNTAX, "column %zu: expected %s, found %s", p->pos + 1, what,
                 found(p, b, sizeof b));
}

/* Consume the literal lit after optional space; 1 if it was there. */
static int accept(parser *p, const char *lit) {
  skip_space(p);
  if (lit[0] && !lit[1]) { /* one character, the common case */
    if (p->s[p->pos] != lit[0]) return 0;
    p->pos++;
    return 1;
  }
  size_t n = strlen(lit);
  if (strncmp(p->s + p->pos, lit, n) == 0) {
    p->pos += n;
    return 1;
  }
  return 0;
}

/* Whether an integer starts at the parser's position: a digit, or CuTe's
** static mark '_' directly followed by a digit. */
static int at_integer(const parser *p) {
  const char *c = p->s + p->pos;
  if (c[0] == '_') c++;
  return c[0] >= '0' && c[0] <= '9';
}

/* Parse a decimal integer, optionally marked static as _N, into *v
** (0 <= v <= INT64_MAX); a '_' not followed by a digit is an error. */
static int parse_number(parser *p, lo_int *v) {
  skip_space(p);
  size_t start = p->pos;
  if (p->s[p->pos] == '_') {
    p->pos++;
    if (p->s[p->pos] < '0' || p->s[p->pos] > '9') return expected(p, "a digit after '_'");
  }
  if (p->s[p->pos] < '0' || p->s[p->pos] > '9') return expected(p, "an integer");
  lo_int x = 0;
  while (p->s[p->pos] >= '0' && p->s[p->pos] <= '9') {
    int d = p->s[p->pos] - '0';
    if (x > (INT64_MAX - d) / 10)
      return lo_fail(p->err, LO_EOVERFLOW, "column %zu: integer larger than 2^63-1", start + 1);
    x = x * 10 + d;
    p->pos++;
  }
  *v = x;
  return LO_OK;
}

/* Leaf policy while parsing a tuple. */
enum { LEAF_POSITIVE, LEAF_NONNEG, LEAF_PROFILE };

/* Parse one nested tuple element into t (appending tokens and leaves). */
static int parse_tuple_rec(parser *p, lo_tuple *t, int depth, int policy) {
  skip_space(p);
  if (depth > LO_MAX_DEPTH)
    return lo_fail(p->err, LO_ELIMIT, "column %zu: nesting deeper than %d", p->pos + 1,
                   LO_MAX_DEPTH);
  if (t->ntok >= LO_MAX_TOKENS)
    return lo_fail(p->err, LO_ELIMIT, "column %zu: nested tuple too long (limit %d tokens)",
                   p->pos + 1, LO_MAX_TOKENS);
  char c = p->s[p->pos];
  if (c == '(') {
    p->pos++;
    t->tok[t->ntok++] = '(';
    if (accept(p, ")")) goto close;
    for (;;) {
      if (parse_tuple_rec(p, t, depth + 1, policy)) return p->err->code;
      if (accept(p, ",")) continue;
      if (accept(p, ")")) break;
      return expected(p, "',' or ')'");
    }
  close:
    if (t->ntok >= LO_MAX_TOKENS)
      return lo_fail(p->err, LO_ELIMIT, "column %zu: nested tuple too long (limit %d tokens)",
                     p->pos + 1, LO_MAX_TOKENS);
    t->tok[t->ntok++] = ')';
    return LO_OK;
  }
  if (t->len >= LO_MAX_LEAVES)
    return lo_fail(p->err, LO_ELIMIT, "column %zu: too many entries (limit %d)", p->pos + 1,
                   LO_MAX_LEAVES);
  if (c == '*' && policy == LEAF_PROFILE) {
    p->pos++;
    t->leaf[t->len++] = 0;
    t->tok[t->ntok++] = '*';
    return LO_OK;
  }
  if (c != '_' && !at_integer(p)) /* a bare '_' is parse_number's error */
    return expected(p, policy == LEAF_PROFILE ? "an integer, '*' or '('" : "an integer or '('");
  size_t start = p->pos;
  lo_int v;
  if (parse_number(p, &v)) return p->err->code;
  if (v == 0 && policy != LEAF_NONNEG)
    return lo_fail(p->err, LO_ESYNTAX, "column %zu: entries must be positive, found 0", start + 1);
  t->leaf[t->len++] = v;
  t->tok[t->ntok++] = '*';
  return LO_OK;
}

/* Parse a nested tuple into t (emptied first), leaves under policy. */
static int parse_tuple_p(parser *p, lo_tuple *t, int policy) {
  t->len = 0;
  t->ntok = 0;
  return parse_tuple_rec(p, t, 0, policy);
}

/* Fail unless only white space is left. */
static int expect_end(parser *p) {
  skip_space(p);
  if (p->s[p->pos] != 0) return expected(p, "end of input");
  return LO_OK;
}

/* Start parsing s from its first byte, errors into err. */
static void parser_init(parser *p, const char *s, lo_err *err) {
  p->s = s;
  p->pos = 0;
  p->err = err;
}

/* Parse a nested tuple of positive integers. */
int lo_parse_tuple(const char *s, lo_tuple *out, lo_err *err) {
  parser p;
  parser_init(&p, s, err);
  if (parse_tuple_p(&p, out, LEAF_POSITIVE)) return err->code;
  return expect_end(&p);
}

/* Parse a profile or nested tuple whose leaves may be '*' (stored as 0). */
int lo_parse_profile(const char *s, lo_tuple *out, lo_err *err) {
  parser p;
  parser_init(&p, s, err);
  if (parse_tuple_p(&p, out, LEAF_PROFILE)) return err->code;
  return expect_end(&p);
}

/* Parse a nested tuple of non-negative integers (coordinates). */
int lo_parse_index(const char *s, lo_tuple *out, lo_err *err) {
  parser p;
  parser_init(&p, s, err);
  if (parse_tuple_p(&p, out, LEAF_NONNEG)) return err->code;
  return expect_end(&p);
}

/* Parse a non-negative decimal integer. */
int lo_parse_int(const char *s, lo_int *out, lo_err *err) {
  parser p;
  parser_init(&p, s, err);
  if (parse_number(&p, out)) return err->code;
  return expect_end(&p);
}

/* Parse S:D at the current position into l.  When bare_ok, a shape with no
** ':' is accepted and gets compact column-major strides (tiler entries). */
static int parse_layout_at(parser *p, lo_layout *l, int bare_ok) {
  lo_tuple d;
  size_t start;
  skip_space(p);
  start = p->pos;
  l->is_tiler = 0;
  if (parse_tuple_p(p, &l->shape, LEAF_POSITIVE)) return p->err->code;
  if (!accept(p, ":")) {
    if (!bare_ok) return expected(p, "':'");
    lo_int w = 1;
    for (int i = 0; i < l->shape.len; i++) {
      l->stride[i] = w;
      if (lo_mul(w, l->shape.leaf[i], &w, "column-major stride", p->err)) return p->err->code;
    }
    return LO_OK;
  }
  size_t sp;
  skip_space(p);
  sp = p->pos;
  if (parse_tuple_p(p, &d, LEAF_NONNEG)) return p->err->code;
  if (!lo_tuple_congruent(&l->shape, &d))
    return lo_fail(p->err, LO_ESYNTAX,
                   "column %zu: stride is not congruent to the shape at column %zu", sp + 1,
                   start + 1);
  memcpy(l->stride, d.leaf, (size_t)d.len * sizeof(lo_int));
  return LO_OK;
}

/* Parse a group (L1,...,Lk) of layouts or groups, CuTe's make_layout
** notation, into the nested layout whose modes are the Li. */
static int parse_group_at(parser *p, lo_layout *l, int depth) {
  lo_layout m;
  if (depth > LO_MAX_DEPTH)
    return lo_fail(p->err, LO_ELIMIT, "nesting deeper than %d", LO_MAX_DEPTH);
  if (!accept(p, "(")) return expected(p, "'('");
  l->shape.len = 0;
  l->shape.ntok = 1;
  l->shape.tok[0] = '(';
  l->is_tiler = 0;
  for (;;) {
    size_t at = p->pos;
    if (parse_layout_at(p, &m, 0)) {
      p->pos = at;
      if (parse_group_at(p, &m, depth + 1)) return p->err->code;
    }
    int base = l->shape.len;
    if (lo_tuple_append(&l->shape, &m.shape, p->err)) return p->err->code;
    memcpy(l->stride + base, m.stride, (size_t)m.shape.len * sizeof(lo_int));
    if (accept(p, ",")) continue;
    if (accept(p, ")")) break;
    return expected(p, "',' or ')'");
  }
  if (l->shape.ntok >= LO_MAX_TOKENS)
    return lo_fail(p->err, LO_ELIMIT, "layout too long (limit %d tokens)", LO_MAX_TOKENS);
  l->shape.tok[l->shape.ntok++] = ')';
  return LO_OK;
}

/* Parse a layout S:D, a group (L1,...,Lk) of layouts, or a tiler
** <L1,...,Lk> (stored as a nested layout). */
int lo_parse_layout(const char *s, lo_layout *out, lo_err *err) {
  parser p;
  parser_init(&p, s, err);
  if (!accept(&p, "<")) {
    if (parse_layout_at(&p, out, 0) == LO_OK) return expect_end(&p);
    lo_err first = *err;
    parser q;
    parser_init(&q, s, err);
    skip_space(&q);
    if (q.s[q.pos] == '(' && parse_group_at(&q, out, 0) == LO_OK && expect_end(&q) == LO_OK)
      return LO_OK;
    *err = first; /* report the error of the plain reading */
    return err->code;
  }
  lo_layout r, m;
  r.shape.len = 0;
  r.shape.ntok = 1;
  r.shape.tok[0] = '(';
  r.is_tiler = 1;
  for (;;) {
    if (parse_layout_at(&p, &m, 1)) return err->code;
    int base = r.shape.len;
    if (lo_tuple_append(&r.shape, &m.shape, err)) return err->code;
    memcpy(r.stride + base, m.stride, (size_t)m.shape.len * sizeof(lo_int));
    if (accept(&p, ",")) continue;
    if (accept(&p, ">")) break;
    return expected(&p, "',' or '>'");
  }
  if (r.shape.ntok >= LO_MAX_TOKENS)
    return lo_fail(err, LO_ELIMIT, "tiler too long (limit %d tokens)", LO_MAX_TOKENS);
  r.shape.tok[r.shape.ntok++] = ')';
  if (expect_end(&p)) return err->code;
  *out = r;
  return LO_OK;
}

/* Parse DOMAIN--(MAP)-->CODOMAIN and check that it is a valid morphism. */
int lo_parse_morphism(const char *s, lo_morphism *out, lo_err *err) {
  parser p;
  parser_init(&p, s, err);
  if (parse_tuple_p(&p, &out->dom, LEAF_POSITIVE)) return err->code;
  if (!accept(&p, "--")) return expected(&p, "'--('");
  if (!accept(&p, "(")) return expected(&p, "'(' after '--'");
  int n = 0;
  if (!accept(&p, ")")) {
    for (;;) {
      skip_space(&p);
      if (n >= LO_MAX_LEAVES)
        return lo_fail(err, LO_ELIMIT, "column %zu: map too long (limit %d)", p.pos + 1,
                       LO_MAX_LEAVES);
      if (accept(&p, "*")) {
        out->map[n++] = 0;
      } else {
        size_t at = p.pos;
        lo_int v;
        if (p.s[p.pos] != '_' && !at_integer(&p)) return expected(&p, "a position or '*'");
        if (parse_number(&p, &v)) return err->code;
        if (v < 1 || v > LO_MAX_LEAVES)
          return lo_fail(err, LO_ESYNTAX, "column %zu: map position %lld out of range 1..%d",
                         at + 1, (long long)v, LO_MAX_LEAVES);
        out->map[n++] = (int)v;
      }
      if (accept(&p, ",")) continue;
      if (accept(&p, ")")) break;
      return expected(&p, "',' or ')'");
    }
  }
  if (!accept(&p, "-->")) return expected(&p, "'-->'");
  if (parse_tuple_p(&p, &out->cod, LEAF_POSITIVE)) return err->code;
  if (expect_end(&p)) return err->code;
  if (n != out->dom.len)
    return lo_fail(err, LO_ESYNTAX, "map has %d entries but the domain has %d", n, out->dom.len);
  return lo_morphism_check(out, err);
}

/* Kind of value by syntax. */
lo_kind lo_kind_of(const char *s) {
  int colon = 0; /* one pass: "-->" anywhere makes a morphism, else ':' a layout */
  for (const char *c = s; *c; c++) {
    if (c[0] == '-' && c[1] == '-' && c[2] == '>') return LO_KIND_MORPHISM;
    if (*c == ':') colon = 1;
  }
  while (*s == ' ' || *s == '\t') s++;
  if (*s == '<') return LO_KIND_TILER;
  return colon ? LO_KIND_LAYOUT : LO_KIND_TUPLE;
}

/* --------------------------------------------------------------- printing */

typedef struct writer {
  char *buf;
  size_t cap, len;
  int full;
} writer;

/* Append s[0..n) and a NUL to the writer; past its capacity it is
** marked full. */
static void put_n(writer *w, const char *s, size_t n) {
  if (w->full || w->len + n + 1 > w->cap) {
    w->full = 1;
    return;
  }
  memcpy(w->buf + w->len, s, n);
  w->len += n;
  w->buf[w->len] = 0;
}

/* Append the string s (see put_n). */
static void put(writer *w, const char *s) { put_n(w, s, strlen(s)); }

/* Append an integer in decimal, as printf's %lld writes it. */
static void put_int(writer *w, lo_int v) {
  char b[24];
  int i = sizeof b;
  uint64_t u = v < 0 ? 0 - (uint64_t)v : (uint64_t)v; /* INT64_MIN too */
  do {
    b[--i] = (char)('0' + u % 10);
    u /= 10;
  } while (u);
  if (v < 0) b[--i] = '-';
  put_n(w, b + i, sizeof b - (size_t)i);
}

/* Write the profile tok[0..ntok) with leaf i printed from vals[i] (a '*'
** for a 0 leaf when star0). */
static void put_tree(writer *w, const char *tok, int ntok, const lo_int *vals, int star0) {
  int k = 0;
  for (int i = 0; i < ntok; i++) {
    char c = tok[i];
    if (i > 0 && c != ')' && tok[i - 1] != '(') put_n(w, ",", 1);
    if (c == '(' || c == ')')
      put_n(w, &c, 1);
    else if (star0 && vals[k] == 0)
      put_n(w, "*", 1), k++;
    else
      put_int(w, vals[k++]);
  }
}

/* LO_OK, or LO_ESPACE (buffer emptied) when the text did not fit. */
static int finish(writer *w) {
  if (w->full) {
    if (w->cap) w->buf[0] = 0;
    return LO_ESPACE;
  }
  return LO_OK;
}

/* Start writing into buf[0..cap). */
static void writer_init(writer *w, char *buf, size_t cap) {
  w->buf = buf;
  w->cap = cap;
  w->len = 0;
  w->full = cap == 0;
  if (cap) buf[0] = 0;
}

/* Print a nested tuple (0 leaves, which only profiles have, as '*'). */
int lo_print_tuple(const lo_tuple *t, char *buf, size_t cap) {
  writer w;
  writer_init(&w, buf, cap);
  put_tree(&w, t->tok, t->ntok, t->leaf, 1);
  return finish(&w);
}

/* Write one layout S:D. */
static void put_layout(writer *w, const char *tok, int ntok, const lo_int *s, const lo_int *d) {
  put_tree(w, tok, ntok, s, 0);
  put(w, ":");
  put_tree(w, tok, ntok, d, 0);
}

/* Print a layout, or a tiler as <L1,...,Lk>. */
int lo_print_layout(const lo_layout *l, char *buf, size_t cap) {
  writer w;
  writer_init(&w, buf, cap);
  if (!l->is_tiler) {
    put_layout(&w, l->shape.tok, l->shape.ntok, l->shape.leaf, l->stride);
    return finish(&w);
  }
  put(&w, "<");
  int rank = lo_tuple_rank(&l->shape);
  for (int k = 1; k <= rank; k++) {
    int b, e, f;
    lo_tuple_mode_span(&l->shape, k, &b, &e, &f);
    if (k > 1) put(&w, ",");
    put_layout(&w, l->shape.tok + b, e - b, l->shape.leaf + f, l->stride + f);
  }
  put(&w, ">");
  return finish(&w);
}

/* Print DOMAIN--(MAP)-->CODOMAIN. */
int lo_print_morphism(const lo_morphism *f, char *buf, size_t cap) {
  writer w;
  writer_init(&w, buf, cap);
  put_tree(&w, f->dom.tok, f->dom.ntok, f->dom.leaf, 0);
  put(&w, "--(");
  for (int i = 0; i < f->dom.len; i++) {
    if (i) put(&w, ",");
    if (f->map[i] == 0)
      put(&w, "*");
    else
      put_int(&w, f->map[i]);
  }
  put(&w, ")-->");
  put_tree(&w, f->cod.tok, f->cod.ntok, f->cod.leaf, 0);
  return finish(&w);
}
