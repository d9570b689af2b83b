/*
** lo_parse.c -- parse and print nested tuples, layouts, tilers and
** morphisms in CuTe's print syntax.  White space may separate any two
** tokens; tokens are integers, '(' ')' ',' ':' '*' '<' '>' "--" "-->".
** An integer may carry CuTe's mark of a static integer, an underscore
** directly before its digits (print(layout) writes Int<2>{} as _2).
*/
#include "lo_internal.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

/* ---------------------------------------------------------------- parsing */

typedef struct parser {
  const char *s;
  size_t pos;
  lo_err *err;
  int signed_strides; /* strides may be negative (lo_parse_layout_signed) */
} parser;

/* Nonzero for the blanks between tokens: space, tab, line feed, carriage
** return (one comparison for the bytes above the space). */
static inline int is_blank(char c) {
  return (unsigned char)c <= ' ' && (c == ' ' || c == '\t' || c == '\n' || c == '\r');
}

/* Skip blanks, tabs and line ends at the parser's position. */
static inline void skip_space(parser *p) {
  while (is_blank(p->s[p->pos])) p->pos++;
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

/* Consume the character ch after optional space; 1 if it was there. */
static inline int accept(parser *p, char ch) {
  skip_space(p);
  if (p->s[p->pos] != ch) return 0;
  p->pos++;
  return 1;
}

/* Consume the literal lit (two or more characters) after optional space;
** 1 if it was there. */
static int accept_lit(parser *p, const char *lit) {
  skip_space(p);
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

/* Read the run of decimal digits at s[*pos] (at least one) into *v and move
** *pos past it; 0, or -1 (nothing moved) when the value passes INT64_MAX.
** The overflow test compares with INT64_MAX / 10, no division per digit. */
static inline int read_digits(const char *s, size_t *pos, lo_int *v) {
  size_t k = *pos;
  lo_int x = 0;
  unsigned d;
  while ((d = (unsigned)((unsigned char)s[k] - '0')) <= 9) {
    if (x >= INT64_MAX / 10 && (x > INT64_MAX / 10 || d > INT64_MAX % 10)) return -1;
    x = x * 10 + (lo_int)d;
    k++;
  }
  *pos = k;
  *v = x;
  return 0;
}

/* Parse a decimal integer, optionally marked static as _N, into *v
** (0 <= v <= INT64_MAX); a '_' not followed by a digit is an error. */
static int parse_number(parser *p, lo_int *v) {
  skip_space(p);
  size_t start = p->pos;
  const char *s = p->s;
  size_t pos = p->pos;
  if (s[pos] == '_') {
    p->pos = ++pos;
    if (s[pos] < '0' || s[pos] > '9') return expected(p, "a digit after '_'");
  }
  if (s[pos] < '0' || s[pos] > '9') return expected(p, "an integer");
  if (read_digits(s, &pos, v) != 0)
    return lo_fail(p->err, LO_EOVERFLOW, "column %zu: integer larger than 2^63-1", start + 1);
  p->pos = pos;
  return LO_OK;
}

/* Leaf policy while parsing a tuple: LEAF_SIGNED (strides read by
** lo_parse_layout_signed) also takes -N and _-N, CuTe's print of a static
** negative integer. */
enum { LEAF_POSITIVE, LEAF_NONNEG, LEAF_PROFILE, LEAF_STRIDE, LEAF_SIGNED };

/* Whether a leaf may be 0 under policy (coordinates and strides). */
static inline int zero_ok(int policy) { return policy >= LEAF_STRIDE || policy == LEAF_NONNEG; }

/* Fail with the error for too many tokens at column pos + 1. */
static int too_many_tokens(parser *p, size_t pos) {
  return lo_fail(p->err, LO_ELIMIT, "column %zu: nested tuple too long (limit %d tokens)", pos + 1,
                 LO_MAX_TOKENS);
}

/* Parse a stride leaf that may be negative at p->pos: N, _N, -N or _-N
** (-(2^63-1) <= v <= 2^63-1). */
static int parse_signed_leaf(parser *p, lo_int *v) {
  size_t start = p->pos, pos = p->pos;
  const char *s = p->s;
  if (s[pos] == '_') pos++;
  if (s[pos] != '-') return parse_number(p, v);
  pos++;
  if (s[pos] < '0' || s[pos] > '9') {
    p->pos = pos;
    return expected(p, "a digit after '-'");
  }
  if (read_digits(s, &pos, v) != 0)
    return lo_fail(p->err, LO_EOVERFLOW, "column %zu: integer smaller than -(2^63-1)", start + 1);
  *v = -*v;
  p->pos = pos;
  return LO_OK;
}

/* Parse one leaf of a tuple at p->pos (not '(', blanks skipped) into *v
** under policy: '*' (profiles only, stored as 0) or an integer, positive
** unless zero_ok(policy); a stride (LEAF_SIGNED) may be negative. */
static int parse_leaf(parser *p, int policy, lo_int *v) {
  char c = p->s[p->pos];
  if (c == '*' && policy == LEAF_PROFILE) {
    p->pos++;
    *v = 0;
    return LO_OK;
  }
  if (policy == LEAF_SIGNED) return parse_signed_leaf(p, v);
  if (policy == LEAF_STRIDE && (c == '-' || (c == '_' && p->s[p->pos + 1] == '-')))
    return lo_fail(p->err, LO_ESYNTAX,
                   "column %zu: a negative stride, which only the ops listed in docs/syntax.md "
                   "(\"Negative strides\") take",
                   p->pos + 1);
  if (c != '_' && !at_integer(p)) /* a bare '_' is parse_number's error */
    return expected(p, policy == LEAF_PROFILE ? "an integer, '*' or '('" : "an integer or '('");
  size_t start = p->pos;
  if (parse_number(p, v)) return p->err->code;
  if (*v == 0 && !zero_ok(policy))
    return lo_fail(p->err, LO_ESYNTAX, "column %zu: entries must be positive, found 0", start + 1);
  return LO_OK;
}

/* The position of the first byte at or after pos of s that is not a blank. */
static inline size_t blanks_end(const char *s, size_t pos) {
  while (is_blank(s[pos])) pos++;
  return pos;
}

/* Read the run of digits at s[*pos] into *v and move *pos past it: 1, or
** 0 (nothing moved) when s[*pos] is no digit or the value passes
** INT64_MAX.  One or two digits, the common case, are read without a
** branch on their number (the second digit's part is masked in, not
** chosen: a compiler makes a choice a branch, which a mix of one- and
** two-digit entries mispredicts); a longer run goes to read_digits. */
static inline int read_small(const char *s, size_t *pos, lo_int *v) {
  const unsigned char *u = (const unsigned char *)s + *pos;
  unsigned d0 = (unsigned)(u[0] - '0');
  if (d0 > 9) return 0;
  unsigned d1 = (unsigned)(u[1] - '0'); /* u[1] exists: u[0] is not the NUL */
  unsigned two = d1 <= 9;
  lo_int x = (lo_int)d0 + ((lo_int)(9 * d0 + d1) & -(lo_int)two); /* d0 * 10 + d1 when two */
  if ((unsigned)(u[1 + two] - '0') > 9) {
    *pos += 1 + two;
    *v = x;
    return 1;
  }
  return read_digits(s, pos, v) == 0;
}

/* Parse a nested tuple, its profile into tok[0..*ntok_out) and its leaves
** into leaf[0..*len_out) (room for LO_MAX_TOKENS and LO_MAX_LEAVES), leaves
** under policy: one loop over the elements with the open brackets counted in depth (the
** element being read is at that depth); the position, tokens and leaves
** kept in locals (p->pos is set before anything that reads it: an error,
** an unusual leaf) and stored at the end.  Grammar: element = '('
** [element {',' element}] ')' | leaf; blanks may come between tokens. */
static int parse_tuple_to(parser *p, char *tok, lo_int *leaf, int *ntok_out, int *len_out,
                          int policy) {
  const char *s = p->s;
  size_t pos = p->pos;
  int depth = 0, ntok = 0, len = 0, rc = LO_OK;
  for (;;) {
    pos = blanks_end(s, pos);
    p->pos = pos;
    if (depth > LO_MAX_DEPTH) {
      rc = lo_fail(p->err, LO_ELIMIT, "column %zu: nesting deeper than %d", pos + 1, LO_MAX_DEPTH);
      break;
    }
    if (ntok >= LO_MAX_TOKENS) {
      rc = too_many_tokens(p, pos);
      break;
    }
    if (s[pos] == '(') {
      tok[ntok++] = '(';
      pos = blanks_end(s, pos + 1);
      if (s[pos] != ')') {
        depth++; /* its first element next */
        continue;
      }
      pos++; /* "()": the element is complete */
      if (ntok >= LO_MAX_TOKENS) {
        rc = too_many_tokens(p, p->pos = pos);
        break;
      }
      tok[ntok++] = ')';
    } else if (len >= LO_MAX_LEAVES) {
      rc = lo_fail(p->err, LO_ELIMIT, "column %zu: too many entries (limit %d)", pos + 1,
                   LO_MAX_LEAVES);
      break;
    } else {
      size_t start = pos;
      lo_int v;
      if (read_small(s, &pos, &v) && (v != 0 || zero_ok(policy))) {
        leaf[len++] = v; /* the common leaf: plain digits */
      } else {           /* '*', '_', a zero, an overflow, an error: parse_leaf says */
        p->pos = pos = start;
        if ((rc = parse_leaf(p, policy, &leaf[len])) != LO_OK) break;
        pos = p->pos;
        len++;
      }
      tok[ntok++] = '*';
    }
    /* an element at depth is complete: close the tuples it ends */
    for (; depth > 0; depth--) {
      pos = blanks_end(s, pos);
      if (s[pos] == ',') {
        pos++;
        break;
      }
      if (s[pos] != ')') {
        p->pos = pos;
        rc = expected(p, "',' or ')'");
        break;
      }
      pos++;
      if (ntok >= LO_MAX_TOKENS) {
        rc = too_many_tokens(p, p->pos = pos);
        break;
      }
      tok[ntok++] = ')';
    }
    if (rc != LO_OK || depth == 0) break;
  }
  if (rc == LO_OK) p->pos = pos;
  *len_out = len;
  *ntok_out = ntok;
  return rc;
}

/* Parse a nested tuple into t (emptied first), leaves under policy. */
static int parse_tuple_p(parser *p, lo_tuple *t, int policy) {
  return parse_tuple_to(p, t->tok, t->leaf, &t->ntok, &t->len, policy);
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
  p->signed_strides = 0;
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

/* lo_tuple_congruent of a and the profile tok[0..ntok), inline: the same
** tokens (the profiles are short, a loop beats a call to memcmp). */
static int same_profile(const lo_tuple *a, const char *tok, int ntok) {
  if (a->ntok != ntok) return 0;
  for (int i = 0; i < ntok; i++)
    if (a->tok[i] != tok[i]) return 0;
  return 1;
}

/* Parse S:D at the current position into l.  When bare (not NULL), a
** shape with no ':' is accepted, gets compact column-major strides and
** sets *bare (tiler entries: an integer, the empty tuple). */
static int parse_layout_at(parser *p, lo_layout *l, int *bare) {
  size_t start;
  skip_space(p);
  start = p->pos;
  l->is_tiler = 0;
  if (bare) *bare = 0;
  if (parse_tuple_p(p, &l->shape, LEAF_POSITIVE)) return p->err->code;
  if (!accept(p, ':')) {
    if (!bare) return expected(p, "':'");
    *bare = 1;
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
  char dtok[LO_MAX_TOKENS]; /* the stride's leaves go straight to l->stride */
  int dntok, dlen;
  if (parse_tuple_to(p, dtok, l->stride, &dntok, &dlen,
                     p->signed_strides ? LEAF_SIGNED : LEAF_STRIDE))
    return p->err->code;
  if (!same_profile(&l->shape, dtok, dntok))
    return lo_fail(p->err, LO_ESYNTAX,
                   "column %zu: stride is not congruent to the shape at column %zu", sp + 1,
                   start + 1);
  return LO_OK;
}

/* Parse a group (L1,...,Lk) of layouts or groups, CuTe's make_layout
** notation, into the nested layout whose modes are the Li. */
static int parse_group_at(parser *p, lo_layout *l, int depth) {
  lo_layout m;
  if (depth > LO_MAX_DEPTH)
    return lo_fail(p->err, LO_ELIMIT, "nesting deeper than %d", LO_MAX_DEPTH);
  if (!accept(p, '(')) return expected(p, "'('");
  l->shape.len = 0;
  l->shape.ntok = 1;
  l->shape.tok[0] = '(';
  l->is_tiler = 0;
  for (;;) {
    size_t at = p->pos;
    if (parse_layout_at(p, &m, NULL)) {
      p->pos = at;
      if (parse_group_at(p, &m, depth + 1)) return p->err->code;
    }
    int base = l->shape.len;
    if (lo_tuple_append(&l->shape, &m.shape, p->err)) return p->err->code;
    memcpy(l->stride + base, m.stride, (size_t)m.shape.len * sizeof(lo_int));
    if (accept(p, ',')) continue;
    if (accept(p, ')')) break;
    return expected(p, "',' or ')'");
  }
  if (l->shape.ntok >= LO_MAX_TOKENS)
    return lo_fail(p->err, LO_ELIMIT, "layout too long (limit %d tokens)", LO_MAX_TOKENS);
  l->shape.tok[l->shape.ntok++] = ')';
  return LO_OK;
}

/* Append the token c to the tiler being built in r. */
static int tiler_tok(parser *p, lo_layout *r, char c) {
  if (r->shape.ntok >= LO_MAX_TOKENS)
    return lo_fail(p->err, LO_ELIMIT, "tiler too long (limit %d tokens)", LO_MAX_TOKENS);
  r->shape.tok[r->shape.ntok++] = c;
  return LO_OK;
}

/* Append the entry m to the tiler being built in r, its leaves marked
** mark (lo.h: LO_TILE_*). */
static int tiler_put(parser *p, lo_layout *r, const lo_layout *m, unsigned char mark) {
  int base = r->shape.len;
  if (lo_tuple_append(&r->shape, &m->shape, p->err)) return p->err->code;
  memcpy(r->stride + base, m->stride, (size_t)m->shape.len * sizeof(lo_int));
  memset(r->tile + base, mark, (size_t)m->shape.len);
  return LO_OK;
}

/* Whether the text at the parser's position is a layout S:D or a tuple
** with no integers (the empty layout, read as a bare shape): a nested
** tuple followed by ':', or one with no leaves.  Looked at on a copy of
** the parser; nothing moves. */
static int layout_ahead(const parser *p) {
  lo_err e;
  lo_tuple t;
  parser q = *p;
  q.err = &e;
  if (parse_tuple_p(&q, &t, LEAF_POSITIVE)) return 0;
  return t.len == 0 || accept(&q, ':');
}

/* Parse the entries of a tiler, its opening bracket read, up to and with
** its closing bracket close, appending them to r (the tiler's own '('
** and ')' included).  nest: the nested tilers around the entries.  An
** entry is '_', an integer, a layout S:D, a tuple with no integers (the
** empty layout) or a nested tiler (E1,...); with shapes_only (a shape
** read as a tiler) no layouts.  m is scratch space. */
static int parse_tiler_body(parser *p, lo_layout *r, char close, int nest, int shapes_only,
                            lo_layout *m) {
  if (nest > LO_TILE_NEST || nest >= LO_MAX_DEPTH)
    return lo_fail(p->err, LO_ELIMIT, "column %zu: tiler nested deeper than %d", p->pos + 1,
                   LO_TILE_NEST);
  if (tiler_tok(p, r, '(')) return p->err->code;
  for (;;) {
    skip_space(p);
    const char *c = p->s + p->pos;
    int bare;
    if (c[0] == '_' && (c[1] < '0' || c[1] > '9')) { /* CuTe's Underscore: the mode untouched */
      p->pos++;
      lo_layout_scalar(m, 1, 0);
      if (tiler_put(p, r, m, (unsigned char)(nest | LO_TILE_SKIP))) return p->err->code;
    } else if (c[0] == '(' && !(layout_ahead(p) && !shapes_only)) {
      if (shapes_only && layout_ahead(p)) { /* "()" in a shape: the empty layout */
        size_t at = p->pos;
        if (parse_layout_at(p, m, &bare)) return p->err->code;
        if (!bare) {
          p->pos = at;
          return expected(p, "an integer, '_' or '(' in a shape");
        }
        if (tiler_put(p, r, m, (unsigned char)nest)) return p->err->code;
      } else {
        p->pos++; /* a nested tiler */
        if (parse_tiler_body(p, r, ')', nest + 1, shapes_only, m)) return p->err->code;
      }
    } else {
      size_t at = p->pos;
      if (parse_layout_at(p, m, &bare)) return p->err->code;
      if (shapes_only && !bare) {
        p->pos = at;
        return expected(p, "an integer, '_' or '(' in a shape");
      }
      int integer = bare && m->shape.len == 1 && m->shape.ntok == 1; /* CuTe's integral tiler */
      if (tiler_put(p, r, m, (unsigned char)(nest | (integer ? LO_TILE_INT : 0))))
        return p->err->code;
    }
    if (accept(p, ',')) continue;
    if (accept(p, close)) break;
    return expected(p, close == '>' ? "',' or '>'" : "',' or ')'");
  }
  return tiler_tok(p, r, ')');
}

/* Fail unless the tiler r, parsed, nests no deeper than a layout at the
** depth limit inside the tiler's bracket (as a tiler of layouts always
** could). */
static int tiler_depth_ok(parser *p, const lo_layout *r) {
  if (lo_tuple_depth(&r->shape) > LO_MAX_DEPTH + 1)
    return lo_fail(p->err, LO_ELIMIT, "tiler nested deeper than %d", LO_MAX_DEPTH + 1);
  return LO_OK;
}

/* Start an empty tiler in r. */
static void tiler_begin(lo_layout *r) {
  r->shape.len = 0;
  r->shape.ntok = 0;
  r->is_tiler = 1;
}

/* Parse a layout S:D, a group (L1,...,Lk) of layouts, or a tiler
** <E1,...,Ek> (stored as a nested layout, see lo.h). */
static int parse_layout_any(const char *s, lo_layout *out, int signed_strides, lo_err *err) {
  parser p;
  parser_init(&p, s, err);
  p.signed_strides = signed_strides;
  if (!accept(&p, '<')) {
    if (parse_layout_at(&p, out, NULL) == LO_OK) return expect_end(&p);
    lo_err first = *err;
    parser q;
    parser_init(&q, s, err);
    q.signed_strides = signed_strides;
    skip_space(&q);
    if (q.s[q.pos] == '(' && parse_group_at(&q, out, 0) == LO_OK && expect_end(&q) == LO_OK)
      return LO_OK;
    *err = first; /* report the error of the plain reading */
    return err->code;
  }
  lo_layout r, m;
  tiler_begin(&r);
  if (parse_tiler_body(&p, &r, '>', 0, 0, &m) || expect_end(&p) || tiler_depth_ok(&p, &r))
    return err->code;
  lo_layout_copy(out, &r);
  return LO_OK;
}

/* Parse a layout, a group or a tiler with non-negative strides. */
int lo_parse_layout(const char *s, lo_layout *out, lo_err *err) {
  return parse_layout_any(s, out, 0, err);
}

/* Parse a layout, a group or a tiler whose strides may be negative. */
int lo_parse_layout_signed(const char *s, lo_layout *out, lo_err *err) {
  return parse_layout_any(s, out, 1, err);
}

/* Parse a nested tuple of integers and '_' as CuTe's tiler of its modes
** (a Shape used as a tiler): (4,2) is <4,2>, ((2,4),_) is <(2,4),_>. */
int lo_parse_shape_tiler(const char *s, lo_layout *out, lo_err *err) {
  parser p;
  parser_init(&p, s, err);
  if (!accept(&p, '(')) return expected(&p, "'('");
  lo_layout r, m;
  tiler_begin(&r);
  if (parse_tiler_body(&p, &r, ')', 0, 1, &m) || expect_end(&p) || tiler_depth_ok(&p, &r))
    return err->code;
  lo_layout_copy(out, &r);
  return LO_OK;
}

/* Parse DOMAIN--(MAP)-->CODOMAIN and check that it is a valid morphism. */
int lo_parse_morphism(const char *s, lo_morphism *out, lo_err *err) {
  parser p;
  parser_init(&p, s, err);
  if (parse_tuple_p(&p, &out->dom, LEAF_POSITIVE)) return err->code;
  if (!accept_lit(&p, "--")) return expected(&p, "'--('");
  if (!accept(&p, '(')) return expected(&p, "'(' after '--'");
  int n = 0;
  if (!accept(&p, ')')) {
    for (;;) {
      skip_space(&p);
      if (n >= LO_MAX_LEAVES)
        return lo_fail(err, LO_ELIMIT, "column %zu: map too long (limit %d)", p.pos + 1,
                       LO_MAX_LEAVES);
      if (accept(&p, '*')) {
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
      if (accept(&p, ',')) continue;
      if (accept(&p, ')')) break;
      return expected(&p, "',' or ')'");
    }
  }
  if (!accept_lit(&p, "-->")) return expected(&p, "'-->'");
  if (parse_tuple_p(&p, &out->cod, LEAF_POSITIVE)) return err->code;
  if (expect_end(&p)) return err->code;
  if (n != out->dom.len)
    return lo_fail(err, LO_ESYNTAX, "map has %d entries but the domain has %d", n, out->dom.len);
  return lo_morphism_check(out, err);
}

/* Whether s holds the arrow "-->" of a morphism (by strchr: the other
** kinds of value have no '-' at all). */
int lo_has_arrow(const char *s) {
  for (const char *c = strchr(s, '-'); c; c = strchr(c + 1, '-'))
    if (c[1] == '-' && c[2] == '>') return 1;
  return 0;
}

/* Kind of value by syntax: "-->" anywhere makes a morphism, else a leading
** '<' a tiler, else ':' anywhere a layout. */
lo_kind lo_kind_of(const char *s) {
  const char *t = s;
  while (*t == ' ' || *t == '\t') t++;
  if (t[0] == 'S' && t[1] == 'w') {
    const char *gt = strchr(t, '>');
    if (!gt) return LO_KIND_SWIZZLE; /* the parser says what is missing */
    gt++;
    while (*gt == ' ' || *gt == '\t' || *gt == '\n' || *gt == '\r') gt++;
    return *gt ? LO_KIND_COMPOSED : LO_KIND_SWIZZLE;
  }
  if (lo_has_arrow(s)) return LO_KIND_MORPHISM;
  while (*s == ' ' || *s == '\t') s++;
  if (*s == '<') return LO_KIND_TILER;
  return strchr(s, ':') ? LO_KIND_LAYOUT : LO_KIND_TUPLE;
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

/* Write v in decimal, as printf's %lld writes it, at d (room for 20
** bytes assumed: "-9223372036854775808" is the longest); return the
** number of bytes written (no NUL). */
static size_t int_text(char *d, lo_int v) {
  uint64_t u = v < 0 ? 0 - (uint64_t)v : (uint64_t)v; /* INT64_MIN too */
  size_t n = 0;
  if (u < 10) { /* the common case: one digit */
    if (v < 0) d[n++] = '-';
    d[n++] = (char)('0' + u);
    return n;
  }
  if (v < 0) d[n++] = '-';
  size_t digits = 1;
  for (uint64_t t = u; t >= 10; t /= 10) digits++;
  n += digits;
  for (size_t i = n; i-- > n - digits; u /= 10) d[i] = (char)('0' + u % 10);
  return n;
}

/* Append an integer in decimal, as printf's %lld writes it. */
static void put_int(writer *w, lo_int v) {
  char b[24];
  put_n(w, b, int_text(b, v));
}

/* The decimal digits of 0..99, two bytes each ("00" to "99"). */
static const char digit_pairs[] =
    "00010203040506070809101112131415161718192021222324252627282930313233"
    "34353637383940414243444546474849505152535455565758596061626364656667"
    "6869707172737475767778798081828384858687888990919293949596979899";

/* put_tree when the writer has room for the longest text of ntok tokens
** (each at most a comma and 20 bytes) and its NUL: no checks per piece,
** and no branch for the comma or for a leaf below 100 (two bytes written
** from digit_pairs, the pointer moved by one or two).  A comma goes before
** every token but ')' unless it follows '('. */
static void put_tree_fits(writer *w, const char *tok, int ntok, const lo_int *vals, int star0) {
  char *d = w->buf + w->len;
  char prev = '('; /* no comma before the first token */
  for (int i = 0; i < ntok; i++) {
    char c = tok[i];
    *d = ',';
    d += (c != ')') & (prev != '(');
    prev = c;
    if (c == '(' || c == ')') {
      *d++ = c;
      continue;
    }
    lo_int v = *vals++;
    if ((uint64_t)v < 100) {
      size_t one = v < 10, at = 2 * (size_t)v + one; /* one digit: the second of "0v" */
      d[0] = digit_pairs[at];
      d[1] = digit_pairs[at + 1];
      d += 2 - one;
      if (star0 && v == 0) d[-1] = '*';
    } else {
      d += int_text(d, v);
    }
  }
  *d = 0;
  w->len = (size_t)(d - w->buf);
}

/* Write the profile tok[0..ntok) with leaf i printed from vals[i] (a '*'
** for a 0 leaf when star0). */
static void put_tree(writer *w, const char *tok, int ntok, const lo_int *vals, int star0) {
  if (w->full) return;
  if (w->cap - w->len > (size_t)ntok * 21) {
    put_tree_fits(w, tok, ntok, vals, star0);
    return;
  }
  int k = 0; /* near the end of the buffer: piece by piece */
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

/* LO_OK with the text's length in *len, or LO_ESPACE (buffer emptied, *len
** 0) when the text did not fit. */
static int finish_len(writer *w, size_t *len) {
  int rc = finish(w);
  *len = rc == LO_OK ? w->len : 0;
  return rc;
}

/* Print a nested tuple (0 leaves, which only profiles have, as '*'),
** giving its length. */
int lo_print_tuple_len(const lo_tuple *t, char *buf, size_t cap, size_t *len) {
  writer w;
  writer_init(&w, buf, cap);
  put_tree(&w, t->tok, t->ntok, t->leaf, 1);
  return finish_len(&w, len);
}

/* Print a nested tuple (0 leaves, which only profiles have, as '*'). */
int lo_print_tuple(const lo_tuple *t, char *buf, size_t cap) {
  size_t len;
  return lo_print_tuple_len(t, buf, cap, &len);
}

/* Write one layout S:D. */
static void put_layout(writer *w, const char *tok, int ntok, const lo_int *s, const lo_int *d) {
  put_tree(w, tok, ntok, s, 0);
  put_n(w, ":", 1);
  put_tree(w, tok, ntok, d, 0);
}

/* Write the tiler whose bracket is the token tok[*at] (leaves from
** *leaf on): '<' ... '>' at nest 0, '(' ... ')' for a nested one, each
** entry as lo.h's tile marks say; *at and *leaf move past it. */
static void put_tiler(writer *w, const lo_layout *l, int *at, int *leaf, int nest) {
  const char *tok = l->shape.tok;
  int i = *at + 1, k = *leaf;
  assert(tok[*at] == '(');
  put_n(w, nest ? "(" : "<", 1);
  for (int first = 1; tok[i] != ')'; first = 0) {
    int b = i, f = k, depth = 0;
    do { /* the entry: one leaf or a bracketed span */
      depth += (tok[i] == '(') - (tok[i] == ')');
      k += tok[i] == '*';
      i++;
    } while (depth > 0);
    if (!first) put_n(w, ",", 1);
    unsigned char mark = k > f ? l->tile[f] : 0;
    if ((mark & LO_TILE_NEST) > nest) {
      int j = b, g = f;
      put_tiler(w, l, &j, &g, nest + 1);
    } else if (mark & LO_TILE_SKIP) {
      put_n(w, "_", 1);
    } else if (mark & LO_TILE_INT) {
      put_int(w, l->shape.leaf[f]);
    } else {
      put_layout(w, tok + b, i - b, l->shape.leaf + f, l->stride + f);
    }
  }
  put_n(w, nest ? ")" : ">", 1);
  *at = i + 1;
  *leaf = k;
}

/* Print a layout, or a tiler as <E1,...,Ek>, giving its length. */
int lo_print_layout_len(const lo_layout *l, char *buf, size_t cap, size_t *len) {
  writer w;
  writer_init(&w, buf, cap);
  if (!l->is_tiler) {
    put_layout(&w, l->shape.tok, l->shape.ntok, l->shape.leaf, l->stride);
    return finish_len(&w, len);
  }
  int at = 0, leaf = 0;
  put_tiler(&w, l, &at, &leaf, 0);
  return finish_len(&w, len);
}

/* Print a layout, or a tiler as <L1,...,Lk>. */
int lo_print_layout(const lo_layout *l, char *buf, size_t cap) {
  size_t len;
  return lo_print_layout_len(l, buf, cap, &len);
}

/* Print DOMAIN--(MAP)-->CODOMAIN, giving its length. */
int lo_print_morphism_len(const lo_morphism *f, char *buf, size_t cap, size_t *len) {
  writer w;
  writer_init(&w, buf, cap);
  put_tree(&w, f->dom.tok, f->dom.ntok, f->dom.leaf, 0);
  put(&w, "--(");
  for (int i = 0; i < f->dom.len; i++) {
    if (i) put_n(&w, ",", 1);
    if (f->map[i] == 0)
      put_n(&w, "*", 1);
    else
      put_int(&w, f->map[i]);
  }
  put(&w, ")-->");
  put_tree(&w, f->cod.tok, f->cod.ntok, f->cod.leaf, 0);
  return finish_len(&w, len);
}

/* Print DOMAIN--(MAP)-->CODOMAIN. */
int lo_print_morphism(const lo_morphism *f, char *buf, size_t cap) {
  size_t len;
  return lo_print_morphism_len(f, buf, cap, &len);
}
