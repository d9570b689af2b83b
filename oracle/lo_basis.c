/*
** lo_basis.c -- coordinate layouts: layouts whose strides are CuTe's
** scaled bases N@i (ScaledBasis, cute/numeric/arithmetic_tuple.hpp),
** their text, CuTe's make_identity_layout, and their evaluation to a
** coordinate (lo.h section 18).
**
** A coordinate is what CuTe's crd2idx computes on such a layout: an
** integer, one scaled basis, or an ArithmeticTuple (a nested tuple of
** integers).  Sums follow CuTe's operator+ (arithmetic_tuple.hpp): two
** scaled bases or tuples add elementwise, the shorter padded with zeros;
** the integer 0 adds to anything; a non-zero integer never adds to a
** scaled basis or a tuple (CuTe's static_assert "ScaledBasis op+ error!",
** "Arithmetic tuple op+ error!").  All strides here are non-negative, so a
** sum's outcome does not depend on the order CuTe adds in.
*/
#include "lo_internal.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

/* ---------------------------------------------------------------- parsing */

typedef struct bparser {
  const char *s;
  size_t pos;
  lo_err *err;
} bparser;

/* Skip blanks at the parser's position. */
static void bskip(bparser *p) {
  while (p->s[p->pos] == ' ' || p->s[p->pos] == '\t' || p->s[p->pos] == '\n' ||
         p->s[p->pos] == '\r')
    p->pos++;
}

/* Fail with "column N: expected WHAT, found X". */
static int bexpected(bparser *p, const char *what) {
  unsigned char c = (unsigned char)p->s[p->pos];
  char f[32];
  if (c == 0)
    snprintf(f, sizeof f, "end of input");
  else if (c >= 0x20 && c < 0x7f)
    snprintf(f, sizeof f, "'%c'", c);
  else
    snprintf(f, sizeof f, "byte 0x%02x", c);
  return lo_fail(p->err, LO_ESYNTAX, "column %zu: expected %s, found %s", p->pos + 1, what, f);
}

/* Digits at the position into *v (at most 2^63-1); 1 if there were any. */
static int bdigits(bparser *p, lo_int *v, int *rc) {
  size_t at = p->pos;
  lo_int n = 0;
  *rc = LO_OK;
  while (p->s[p->pos] >= '0' && p->s[p->pos] <= '9') {
    int d = p->s[p->pos] - '0';
    if (n > (INT64_MAX - d) / 10) {
      *rc = lo_fail(p->err, LO_EOVERFLOW, "column %zu: integer exceeds 2^63-1", at + 1);
      return 1;
    }
    n = n * 10 + d;
    p->pos++;
  }
  *v = n;
  return p->pos > at;
}

/* One leaf: an integer (optionally CuTe's '_' before it) and, when
** basis_ok, any number up to LO_BASIS_MAX_PATH of "@i". */
static int bleaf(bparser *p, int basis_ok, lo_basis *b) {
  int rc;
  bskip(p);
  size_t at = p->pos;
  if (p->s[p->pos] == '_') p->pos++;
  if (!bdigits(p, &b->value, &rc)) {
    p->pos = at;
    return bexpected(p, "an integer");
  }
  if (rc) return rc;
  b->npath = 0;
  while (basis_ok && p->s[p->pos] == '@') {
    lo_int m;
    p->pos++;
    size_t mat = p->pos;
    if (!bdigits(p, &m, &rc) || rc || m >= LO_MAX_LEAVES) {
      p->pos = mat;
      return lo_fail(p->err, LO_ESYNTAX, "column %zu: expected a mode index 0..%d after '@'",
                     mat + 1, LO_MAX_LEAVES - 1);
    }
    if (b->npath == LO_BASIS_MAX_PATH)
      return lo_fail(p->err, LO_ELIMIT, "column %zu: more than %d '@' in one stride", mat,
                     LO_BASIS_MAX_PATH);
    b->path[b->npath++] = (unsigned char)m;
  }
  if (!basis_ok && p->s[p->pos] == '@')
    return lo_fail(p->err, LO_ESYNTAX, "column %zu: a shape has no scaled basis ('@')", p->pos + 1);
  return LO_OK;
}

/* A nested tuple of leaves into t's profile and leaves[]; depth counts
** the nesting. */
static int btuple(bparser *p, int basis_ok, lo_tuple *t, lo_basis *leaves, int depth) {
  bskip(p);
  if (depth > LO_MAX_DEPTH)
    return lo_fail(p->err, LO_ELIMIT, "column %zu: nesting deeper than %d", p->pos + 1,
                   LO_MAX_DEPTH);
  if (p->s[p->pos] != '(') {
    lo_basis b;
    if (t->len == LO_MAX_LEAVES || t->ntok == LO_MAX_TOKENS)
      return lo_fail(p->err, LO_ELIMIT, "column %zu: more than %d integers", p->pos + 1,
                     LO_MAX_LEAVES);
    int rc = bleaf(p, basis_ok, &b);
    if (rc) return rc;
    leaves[t->len] = b;
    t->leaf[t->len++] = b.value;
    t->tok[t->ntok++] = '*';
    return LO_OK;
  }
  p->pos++;
  if (t->ntok == LO_MAX_TOKENS)
    return lo_fail(p->err, LO_ELIMIT, "column %zu: tuple too long", p->pos);
  t->tok[t->ntok++] = '(';
  bskip(p);
  if (p->s[p->pos] != ')') {
    for (;;) {
      int rc = btuple(p, basis_ok, t, leaves, depth + 1);
      if (rc) return rc;
      bskip(p);
      if (p->s[p->pos] == ',') {
        p->pos++;
        continue;
      }
      if (p->s[p->pos] == ')') break;
      return bexpected(p, "',' or ')'");
    }
  }
  p->pos++;
  if (t->ntok == LO_MAX_TOKENS)
    return lo_fail(p->err, LO_ELIMIT, "column %zu: tuple too long", p->pos);
  t->tok[t->ntok++] = ')';
  return LO_OK;
}

/* Parse a coordinate layout; see lo.h. */
int lo_parse_basis_layout(const char *s, lo_basis_layout *out, lo_err *err) {
  bparser p = {s, 0, err};
  lo_tuple st;
  lo_basis shape_leaves[LO_MAX_LEAVES];
  int rc;
  out->shape.len = out->shape.ntok = 0;
  st.len = st.ntok = 0;
  if ((rc = btuple(&p, 0, &out->shape, shape_leaves, 1))) return rc;
  bskip(&p);
  if (s[p.pos] != ':') return bexpected(&p, "':'");
  p.pos++;
  size_t at = p.pos;
  if ((rc = btuple(&p, 1, &st, out->stride, 1))) return rc;
  bskip(&p);
  if (s[p.pos]) return bexpected(&p, "end of input");
  if (!lo_tuple_congruent(&out->shape, &st)) {
    p.pos = at;
    bskip(&p);
    return lo_fail(err, LO_ESYNTAX, "column %zu: stride is not congruent to the shape", p.pos + 1);
  }
  return LO_OK;
}

/* -------------------------------------------------------------- printing */

/* Append text to buf[0..cap) at *len; 1 when it did not fit. */
static int bput(char *buf, size_t cap, size_t *len, const char *text) {
  size_t n = strlen(text);
  if (*len + n + 1 > cap) return 1;
  memcpy(buf + *len, text, n + 1);
  *len += n;
  return 0;
}

/* Append one stride leaf: "3", or "3@1@0". */
static int bput_basis(char *buf, size_t cap, size_t *len, const lo_basis *b) {
  char t[32];
  snprintf(t, sizeof t, "%lld", (long long)b->value);
  if (bput(buf, cap, len, t)) return 1;
  for (int i = 0; i < b->npath; i++) {
    snprintf(t, sizeof t, "@%d", b->path[i]);
    if (bput(buf, cap, len, t)) return 1;
  }
  return 0;
}

/* Print one stride leaf; see lo.h. */
int lo_print_basis(const lo_basis *b, char *buf, size_t cap) {
  size_t len = 0;
  if (cap) buf[0] = 0;
  return bput_basis(buf, cap, &len, b) ? LO_ESPACE : LO_OK;
}

/* Print a coordinate layout; see lo.h. */
int lo_print_basis_layout(const lo_basis_layout *l, char *buf, size_t cap) {
  size_t len = 0;
  if (cap == 0) return LO_ESPACE;
  buf[0] = 0;
  if (lo_print_tuple(&l->shape, buf, cap)) return LO_ESPACE;
  len = strlen(buf);
  if (bput(buf, cap, &len, ":")) return LO_ESPACE;
  int leaf = 0;
  for (int i = 0; i < l->shape.ntok; i++) {
    char c = l->shape.tok[i];
    if (c == '*') {
      if (i > 0 && l->shape.tok[i - 1] != '(' && bput(buf, cap, &len, ",")) return LO_ESPACE;
      if (bput_basis(buf, cap, &len, &l->stride[leaf++])) return LO_ESPACE;
    } else if (c == '(') {
      if (i > 0 && l->shape.tok[i - 1] != '(' && bput(buf, cap, &len, ",")) return LO_ESPACE;
      if (bput(buf, cap, &len, "(")) return LO_ESPACE;
    } else if (bput(buf, cap, &len, ")")) {
      return LO_ESPACE;
    }
  }
  return LO_OK;
}

/* Print a coordinate; see lo.h. */
int lo_print_coord(const lo_coord *c, char *buf, size_t cap) {
  if (c->kind == LO_COORD_TUPLE) return lo_print_index(&c->t, buf, cap);
  return lo_print_basis(&c->b, buf, cap);
}

/* ------------------------------------------------------- identity layout */

/* The path of the leaf at token i of shape t (printed order: innermost
** mode first) into b; the leaf's value 1. */
static void leaf_path(const lo_tuple *t, int i, lo_basis *b) {
  int idx[LO_MAX_DEPTH + 1], depth = 0;
  for (int k = 0; k < i; k++) {
    char c = t->tok[k];
    if (c == '(') {
      idx[depth++] = 0;
    } else if (c == ')') {
      depth--;
      if (depth > 0) idx[depth - 1]++;
    } else if (depth > 0) {
      idx[depth - 1]++;
    }
  }
  b->value = 1;
  b->npath = 0;
  for (int k = depth - 1; k >= 0; k--) b->path[b->npath++] = (unsigned char)idx[k];
}

/* CuTe's make_identity_layout; see lo.h. */
int lo_basis_identity(const lo_tuple *shape, lo_basis_layout *out, lo_err *err) {
  if (lo_tuple_depth(shape) > LO_BASIS_MAX_PATH)
    return lo_fail(err, LO_ELIMIT, "a shape nested deeper than %d has no scaled basis here",
                   LO_BASIS_MAX_PATH);
  lo_tuple_copy(&out->shape, shape);
  int leaf = 0;
  for (int i = 0; i < shape->ntok; i++)
    if (shape->tok[i] == '*') leaf_path(shape, i, &out->stride[leaf++]);
  return LO_OK;
}

/* --------------------------------------------------------------- sums */

/* Tuple builder: append a token, a leaf. */
static int tput_tok(lo_tuple *t, char c, lo_err *err) {
  if (t->ntok == LO_MAX_TOKENS)
    return lo_fail(err, LO_ELIMIT, "a coordinate with more than %d tokens", LO_MAX_TOKENS);
  t->tok[t->ntok++] = c;
  return LO_OK;
}
static int tput_leaf(lo_tuple *t, lo_int v, lo_err *err) {
  if (t->len == LO_MAX_LEAVES)
    return lo_fail(err, LO_ELIMIT, "a coordinate with more than %d integers", LO_MAX_LEAVES);
  t->leaf[t->len++] = v;
  return tput_tok(t, '*', err);
}

/* The token just past the element that starts at token p of t, and the
** leaves it holds. */
static int elem_end(const lo_tuple *t, int p, int *nleaves) {
  int depth = 0, n = 0;
  do {
    char c = t->tok[p++];
    if (c == '(')
      depth++;
    else if (c == ')')
      depth--;
    else
      n++;
  } while (depth > 0);
  *nleaves = n;
  return p;
}

/* Copy the element at token *p, leaf *l of t to out, advancing both. */
static int copy_elem(const lo_tuple *t, int *p, int *l, lo_tuple *out, lo_err *err) {
  int n, e = elem_end(t, *p, &n);
  for (int i = *p; i < e; i++) {
    int rc =
        t->tok[i] == '*' ? tput_leaf(out, t->leaf[(*l)++], err) : tput_tok(out, t->tok[i], err);
    if (rc) return rc;
  }
  *p = e;
  return LO_OK;
}

/* out gets the sum of the element of x at (*px, *lx) and that of y at
** (*py, *ly) (either may be NULL: CuTe's padding 0), advancing both. */
static int add_elem(const lo_tuple *x, int *px, int *lx, const lo_tuple *y, int *py, int *ly,
                    lo_tuple *out, lo_err *err) {
  if (!x) return copy_elem(y, py, ly, out, err);
  if (!y) return copy_elem(x, px, lx, out, err);
  char cx = x->tok[*px], cy = y->tok[*py];
  if (cx == '*' && cy == '*') {
    lo_int v;
    int rc = lo_add(x->leaf[*lx], y->leaf[*ly], &v, "a coordinate", err);
    if (rc) return rc;
    (*px)++, (*py)++, (*lx)++, (*ly)++;
    return tput_leaf(out, v, err);
  }
  if (cx == '*' || cy == '*') { /* an integer beside a tuple: it must be 0 */
    lo_int v = cx == '*' ? x->leaf[*lx] : y->leaf[*ly];
    if (v != 0)
      return lo_fail(err, LO_EUNDEF,
                     "CuTe refuses: Arithmetic tuple op+ error! (%lld added to a "
                     "tuple)",
                     (long long)v);
    if (cx == '*') {
      (*px)++, (*lx)++;
      return copy_elem(y, py, ly, out, err);
    }
    (*py)++, (*ly)++;
    return copy_elem(x, px, lx, out, err);
  }
  int rc = tput_tok(out, '(', err);
  (*px)++, (*py)++;
  while (!rc && (x->tok[*px] != ')' || y->tok[*py] != ')')) {
    int xe = x->tok[*px] == ')', ye = y->tok[*py] == ')';
    rc = add_elem(xe ? NULL : x, px, lx, ye ? NULL : y, py, ly, out, err);
  }
  if (rc) return rc;
  (*px)++, (*py)++;
  return tput_tok(out, ')', err);
}

/* CuTe's as_arithmetic_tuple of a scaled basis: v@i@j is the tuple with v
** at get<j,i> and zeros before it at each level. */
static int basis_as_tuple(const lo_basis *b, lo_tuple *out, lo_err *err) {
  int rc = LO_OK;
  out->len = out->ntok = 0;
  for (int k = b->npath - 1; k >= 0 && !rc; k--) {
    rc = tput_tok(out, '(', err);
    for (int z = 0; z < b->path[k] && !rc; z++) rc = tput_leaf(out, 0, err);
  }
  if (!rc) rc = tput_leaf(out, b->value, err);
  for (int k = 0; k < b->npath && !rc; k++) rc = tput_tok(out, ')', err);
  return rc;
}

/* c as a tuple, CuTe's as_arithmetic_tuple (an integer stays one). */
int lo_coord_as_tuple(const lo_coord *c, lo_coord *out, lo_err *err) {
  if (c->kind == LO_COORD_BASIS) {
    int rc = basis_as_tuple(&c->b, &out->t, err);
    if (rc) return rc;
    out->kind = LO_COORD_TUPLE;
    return LO_OK;
  }
  if (out != c) *out = *c;
  return LO_OK;
}

/* CuTe's operator+ of two coordinates; see lo.h. */
int lo_coord_add(const lo_coord *x, const lo_coord *y, lo_coord *out, lo_err *err) {
  lo_coord tx, ty;
  int rc;
  if (x->kind == LO_COORD_INT && y->kind == LO_COORD_INT) {
    lo_int v;
    if ((rc = lo_add(x->b.value, y->b.value, &v, "a coordinate", err))) return rc;
    out->kind = LO_COORD_INT;
    out->b.value = v;
    out->b.npath = 0;
    return LO_OK;
  }
  if (x->kind == LO_COORD_INT || y->kind == LO_COORD_INT) {
    const lo_coord *i = x->kind == LO_COORD_INT ? x : y, *o = i == x ? y : x;
    if (i->b.value != 0)
      return lo_fail(err, LO_EUNDEF, "CuTe refuses: %s op+ error! (%lld added to a %s)",
                     o->kind == LO_COORD_BASIS ? "ScaledBasis" : "Arithmetic tuple",
                     (long long)i->b.value,
                     o->kind == LO_COORD_BASIS ? "scaled basis" : "coordinate tuple");
    if (out != o) *out = *o;
    return LO_OK;
  }
  if ((rc = lo_coord_as_tuple(x, &tx, err)) || (rc = lo_coord_as_tuple(y, &ty, err))) return rc;
  int px = 0, py = 0, lx = 0, ly = 0;
  out->kind = LO_COORD_TUPLE;
  out->t.len = out->t.ntok = 0;
  return add_elem(&tx.t, &px, &lx, &ty.t, &py, &ly, &out->t, err);
}

/* ----------------------------------------------------------- evaluation */

/* Split coordinate c (tokens from *cp, leaves from *cl) over the shape
** element at *sp (leaves from *sl), as CuTe's crd2idx: a tuple meets a
** tuple of the same rank mode by mode; an integer is split over the
** leaves colexicographically, the element's last leaf running on.  The
** coordinate of each shape leaf goes to crd[]. */
static int split_coord(const lo_tuple *c, int *cp, int *cl, const lo_tuple *s, int *sp, int *sl,
                       lo_int *crd, lo_err *err) {
  if (c->tok[*cp] == '*') {
    lo_int v = c->leaf[(*cl)++];
    int n, e = elem_end(s, *sp, &n);
    (*cp)++;
    for (int k = 0; k < n; k++) {
      lo_int ext = s->leaf[*sl];
      if (k == n - 1) {
        crd[(*sl)++] = v;
      } else {
        if (ext == 0) return lo_fail(err, LO_EUNDEF, "a mode of size 0");
        crd[(*sl)++] = v % ext;
        v /= ext;
      }
    }
    *sp = e;
    return LO_OK;
  }
  if (s->tok[*sp] == '*')
    return lo_fail(err, LO_EUNDEF,
                   "CuTe refuses: a tuple coordinate for an integer shape "
                   "(Invalid parameters)");
  int rc = LO_OK;
  (*cp)++, (*sp)++;
  while (c->tok[*cp] != ')' && s->tok[*sp] != ')')
    if ((rc = split_coord(c, cp, cl, s, sp, sl, crd, err))) return rc;
  if (c->tok[*cp] != ')' || s->tok[*sp] != ')')
    return lo_fail(err, LO_EUNDEF,
                   "CuTe refuses: Mismatched Ranks (the coordinate's rank is "
                   "not the shape's)");
  (*cp)++, (*sp)++;
  return LO_OK;
}

/* The sum over leaves of crd[i] times stride i, in CuTe's arithmetic. */
static int sum_terms(const lo_basis_layout *l, const lo_int *crd, lo_coord *out, lo_err *err) {
  out->kind = LO_COORD_INT;
  out->b.value = 0;
  out->b.npath = 0;
  for (int i = 0; i < l->shape.len; i++) {
    lo_coord term;
    int rc = lo_mul(crd[i], l->stride[i].value, &term.b.value, "a coordinate", err);
    if (rc) return rc;
    term.b.npath = l->stride[i].npath;
    memcpy(term.b.path, l->stride[i].path, sizeof term.b.path);
    term.kind = term.b.npath ? LO_COORD_BASIS : LO_COORD_INT;
    if (i == 0) {
      *out = term;
      continue;
    }
    if ((rc = lo_coord_add(out, &term, out, err))) return rc;
  }
  return LO_OK;
}

/* l at the coordinates crd[i] of its leaves; see lo.h. */
int lo_basis_apply_leaves(const lo_basis_layout *l, const lo_int *crd, lo_coord *out, lo_err *err) {
  for (int i = 0; i < l->shape.len; i++)
    if (crd[i] < 0) return lo_fail(err, LO_EUNDEF, "a negative coordinate");
  return sum_terms(l, crd, out, err);
}

/* The entry of coordinate c at the path of the basis b; see lo.h. */
lo_int lo_coord_get(const lo_coord *c, const lo_basis *b) {
  if (c->kind == LO_COORD_INT) return b->npath == 0 ? c->b.value : 0;
  if (c->kind == LO_COORD_BASIS)
    return c->b.npath == b->npath && memcmp(c->b.path, b->path, (size_t)b->npath) == 0 ? c->b.value
                                                                                       : 0;
  const lo_tuple *t = &c->t;
  int p = 0, leaf = 0;
  for (int k = b->npath - 1; k >= 0; k--) { /* the top-level mode first */
    if (t->tok[p] == '*') return 0;         /* a leaf where the path goes on */
    p++;
    for (int i = 0; i < b->path[k]; i++) {
      int n;
      if (t->tok[p] == ')') return 0; /* CuTe's padding zero */
      p = elem_end(t, p, &n);
      leaf += n;
    }
    if (t->tok[p] == ')') return 0;
  }
  return t->tok[p] == '*' ? t->leaf[leaf] : 0;
}

/* l at a coordinate (an integer index or a tuple); see lo.h. */
int lo_basis_apply_at(const lo_basis_layout *l, const lo_tuple *c, lo_coord *out, lo_err *err) {
  lo_int crd[LO_MAX_LEAVES];
  int cp = 0, cl = 0, sp = 0, sl = 0;
  for (int i = 0; i < c->len; i++)
    if (c->leaf[i] < 0) return lo_fail(err, LO_EUNDEF, "a negative coordinate");
  if (l->shape.ntok == 2) { /* () */
    out->kind = LO_COORD_INT;
    out->b.value = 0;
    out->b.npath = 0;
    return LO_OK;
  }
  int rc = split_coord(c, &cp, &cl, &l->shape, &sp, &sl, crd, err);
  if (rc) return rc;
  return sum_terms(l, crd, out, err);
}

/* l at index x; see lo.h. */
int lo_basis_apply(const lo_basis_layout *l, lo_int x, lo_coord *out, lo_err *err) {
  lo_tuple c;
  lo_tuple_int(&c, x);
  return lo_basis_apply_at(l, &c, out, err);
}

/* CuTe's coshape: as_arithmetic_tuple(inner_product(shape - 1, stride)),
** plus 1 in every entry; see lo.h. */
int lo_basis_coshape(const lo_basis_layout *l, lo_coord *out, lo_err *err) {
  lo_int crd[LO_MAX_LEAVES];
  for (int i = 0; i < l->shape.len; i++) {
    if (l->shape.leaf[i] < 1) return lo_fail(err, LO_EUNDEF, "a mode of size 0");
    crd[i] = l->shape.leaf[i] - 1;
  }
  int rc = sum_terms(l, crd, out, err);
  if (rc) return rc;
  if ((rc = lo_coord_as_tuple(out, out, err))) return rc; /* CuTe's as_arithmetic_tuple */
  if (out->kind == LO_COORD_INT) return lo_add(out->b.value, 1, &out->b.value, "coshape", err);
  for (int i = 0; i < out->t.len; i++)
    if ((rc = lo_add(out->t.leaf[i], 1, &out->t.leaf[i], "coshape", err))) return rc;
  return LO_OK;
}

/* Whether two coordinates are the same point: equal after CuTe's zero
** padding (an integer equals a tuple only when both are all zeros). */
int lo_coord_equal(const lo_coord *x, const lo_coord *y) {
  lo_coord tx, ty;
  lo_err e;
  if (lo_coord_as_tuple(x, &tx, &e) || lo_coord_as_tuple(y, &ty, &e)) return 0;
  if (tx.kind == LO_COORD_INT && ty.kind == LO_COORD_INT) return tx.b.value == ty.b.value;
  /* x + 0y and 0x + y (0x: x with its leaves zeroed) have one structure,
  ** the union of both; x and y are the same point where they are equal */
  lo_coord zx = tx, zy = ty;
  for (int i = 0; i < zx.t.len && zx.kind == LO_COORD_TUPLE; i++) zx.t.leaf[i] = 0;
  for (int i = 0; i < zy.t.len && zy.kind == LO_COORD_TUPLE; i++) zy.t.leaf[i] = 0;
  if (zx.kind == LO_COORD_INT) zx.b.value = 0;
  if (zy.kind == LO_COORD_INT) zy.b.value = 0;
  lo_coord a, b;
  if (lo_coord_add(&tx, &zy, &a, &e) || lo_coord_add(&zx, &ty, &b, &e)) return 0;
  if (a.kind != b.kind) return 0;
  if (a.kind == LO_COORD_INT) return a.b.value == b.b.value;
  return lo_tuple_equal(&a.t, &b.t);
}

/* ------------------------------------------- the integer stand-in layouts */

/* Whether n is prime (n >= 2; trial division). */
static int is_prime(lo_int n) {
  if (n < 2) return 0;
  if (n % 2 == 0) return n == 2;
  for (lo_int d = 3; d <= n / d; d += 2)
    if (n % d == 0) return 0;
  return 1;
}

/* Whether strides a and b lie on the same basis (same path). */
static int same_path(const lo_basis *a, const lo_basis *b) {
  return a->npath == b->npath && memcmp(a->path, b->path, (size_t)a->npath) == 0;
}

/* The stand-ins of a coordinate layout; see lo.h. */
int lo_basis_encode(const lo_basis_layout *l, lo_basis_code *code, lo_layout *enc0, lo_layout *enc1,
                    lo_err *err) {
  lo_int bound = 1;
  int rc;
  code->ngroups = 0;
  for (int i = 0; i < l->shape.len; i++) {
    const lo_basis *b = &l->stride[i];
    lo_int v;
    if (b->npath > 0 && b->value == 0)
      return lo_fail(err, LO_EUNSUPPORTED,
                     "stride %d: a scaled basis of value 0 (0@%d) is not "
                     "supported by this op",
                     i + 1, b->path[0]);
    if ((rc = lo_mul(b->value, l->shape.leaf[i] > 1 ? l->shape.leaf[i] : 1, &v, "a stride", err)))
      return rc;
    if (v > bound) bound = v;
    int g = 0;
    while (g < code->ngroups && !same_path(&code->group[g], b)) g++;
    if (g == code->ngroups) code->group[code->ngroups++] = *b;
  }
  if (bound > ((lo_int)1 << 31))
    return lo_fail(err, LO_ELIMIT,
                   "a stride value times its shape past 2^31 (%lld) is not "
                   "supported by this op",
                   (long long)bound);
  lo_int p = bound + 1;
  for (int k = 0; k < 2; k++)
    for (int g = 0; g < code->ngroups; g++) {
      while (!is_prime(p)) p++;
      code->tag[k][g] = p++;
    }
  lo_int d0[LO_MAX_LEAVES], d1[LO_MAX_LEAVES];
  for (int i = 0; i < l->shape.len; i++) {
    int g = 0;
    while (!same_path(&code->group[g], &l->stride[i])) g++;
    if ((rc = lo_mul(l->stride[i].value, code->tag[0][g], &d0[i], "a stand-in stride", err)) ||
        (rc = lo_mul(l->stride[i].value, code->tag[1][g], &d1[i], "a stand-in stride", err)))
      return rc;
  }
  if ((rc = lo_layout_make(&l->shape, d0, enc0, err))) return rc;
  return lo_layout_make(&l->shape, d1, enc1, err);
}

/* Read a result of the stand-ins back; see lo.h. */
int lo_basis_decode(const lo_basis_code *code, const lo_layout *r0, const lo_layout *r1,
                    lo_basis_layout *out, lo_err *err) {
  if (!lo_tuple_equal(&r0->shape, &r1->shape))
    return lo_fail(err, LO_EUNDEF, "the stand-in results differ in shape");
  lo_tuple_copy(&out->shape, &r0->shape);
  for (int i = 0; i < r0->shape.len; i++) {
    lo_int s0 = r0->stride[i], s1 = r1->stride[i];
    lo_basis *b = &out->stride[i];
    b->npath = 0;
    b->value = 0;
    if (s0 == 0 && s1 == 0) continue; /* CuTe's integer 0 (a stride-0 mode of B) */
    int g = 0;
    for (; g < code->ngroups; g++)
      if (s0 % code->tag[0][g] == 0 && s1 % code->tag[1][g] == 0 &&
          s0 / code->tag[0][g] == s1 / code->tag[1][g])
        break;
    if (g == code->ngroups)
      return lo_fail(err, LO_EUNDEF,
                     "stride %d of the result is not a multiple of a stride of "
                     "the layout",
                     i + 1);
    *b = code->group[g];
    b->value = s0 / code->tag[0][g];
  }
  return LO_OK;
}
