/*
** lo_f2.c -- layouts with F2 (XOR) strides (lo.h section 16): PyCuTe's
** Layout(shape, (F2(d), ...)), whose value at a coordinate is the XOR of
** the carry-less products c_i * d_i rather than their sum.  Text, the
** layout function, PyCuTe's coshape bound, PyCuTe's coalesce and
** composition computed in F2 arithmetic, and the conversions between a
** CuTe swizzle (or a composed layout) and its F2 layout.
*/
#include "lo.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

/* Number of bits of v >= 0 (0 for 0). */
static int bit_len(lo_int v) {
  assert(v >= 0);
  return v == 0 ? 0 : 64 - __builtin_clzll((unsigned long long)v);
}

/* The carry-less product a * b of a, b >= 0 (see lo.h). */
int lo_f2_clmul(lo_int a, lo_int b, lo_int *out, lo_err *err) {
  assert(a >= 0 && b >= 0);
  lo_int r = 0;
  if (a == 0 || b == 0) {
    *out = 0;
    return LO_OK;
  }
  if (bit_len(a) + bit_len(b) - 1 > 63)
    return lo_fail(err, LO_EOVERFLOW,
                   "the carry-less product %lld * F2(%lld) does not fit in 63 bits", (long long)a,
                   (long long)b);
  for (int k = 0; a >> k; k++)
    if ((a >> k) & 1) r ^= b << k;
  *out = r;
  return LO_OK;
}

/* ------------------------------------------------------------------ text */

/* Skip blanks from s[i]. */
static int skip(const char *s, int i) {
  while (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') i++;
  return i;
}

/* Read the decimal digits at s[*i] into *v (below 2^LO_F2_MAX_BITS);
** col0 is the column of s[0] in the whole text. */
static int read_f2_value(const char *s, int *i, int col0, lo_int *v, lo_err *err) {
  int j = *i;
  lo_int n = 0;
  if (s[j] < '0' || s[j] > '9')
    return lo_fail(err, LO_ESYNTAX, "column %d: expected the digits of an F2 stride", col0 + j + 1);
  for (; s[j] >= '0' && s[j] <= '9'; j++) {
    lo_int digit = s[j] - '0';
    if (n > (((lo_int)1 << LO_F2_MAX_BITS) - 1 - digit) / 10) /* n * 10 + digit past the limit */
      return lo_fail(err, LO_EOVERFLOW, "column %d: an F2 stride is below 2^%d", col0 + *i + 1,
                     LO_F2_MAX_BITS);
    n = n * 10 + digit;
  }
  *i = j;
  *v = n;
  return LO_OK;
}

/* Parse the stride part s (column col0 + 1 of the whole text): a nested
** tuple whose leaves are F2(n) or Fn, into out. */
static int parse_f2_stride(const char *s, int col0, lo_tuple *out, lo_err *err) {
  int i = skip(s, 0), depth = 0;
  out->len = 0;
  out->ntok = 0;
  int expect_item = 1;
  for (;;) {
    i = skip(s, i);
    char c = s[i];
    if (expect_item) {
      if (c == '(') {
        if (++depth > LO_MAX_DEPTH)
          return lo_fail(err, LO_ELIMIT, "column %d: nested deeper than %d", col0 + i + 1,
                         LO_MAX_DEPTH);
        if (out->ntok >= LO_MAX_TOKENS)
          return lo_fail(err, LO_ELIMIT, "column %d: more than %d tokens", col0 + i + 1,
                         LO_MAX_TOKENS);
        out->tok[out->ntok++] = '(';
        i = skip(s, i + 1);
        if (s[i] == ')') { /* the empty tuple () */
          out->tok[out->ntok++] = ')';
          depth--;
          i++;
          expect_item = 0;
          if (depth == 0) break;
        }
        continue;
      }
      if (c != 'F')
        return lo_fail(err, LO_ESYNTAX,
                       "column %d: expected an F2 stride F2(n) (or Fn) or '(' in the stride",
                       col0 + i + 1);
      lo_int v;
      if (s[i + 1] == '2' && s[skip(s, i + 2)] == '(') {
        i = skip(s, skip(s, i + 2) + 1);
        if (read_f2_value(s, &i, col0, &v, err)) return err->code;
        i = skip(s, i);
        if (s[i] != ')')
          return lo_fail(err, LO_ESYNTAX, "column %d: expected ')' closing F2(", col0 + i + 1);
        i++;
      } else {
        i++;
        if (read_f2_value(s, &i, col0, &v, err)) return err->code;
      }
      if (out->len >= LO_MAX_LEAVES || out->ntok >= LO_MAX_TOKENS)
        return lo_fail(err, LO_ELIMIT, "column %d: more than %d strides", col0 + i + 1,
                       LO_MAX_LEAVES);
      out->leaf[out->len++] = v;
      out->tok[out->ntok++] = '*';
      expect_item = 0;
      if (depth == 0) break;
      continue;
    }
    if (c == ',') {
      i++;
      expect_item = 1;
      continue;
    }
    if (c == ')') {
      if (out->ntok >= LO_MAX_TOKENS)
        return lo_fail(err, LO_ELIMIT, "column %d: more than %d tokens", col0 + i + 1,
                       LO_MAX_TOKENS);
      out->tok[out->ntok++] = ')';
      i++;
      if (--depth == 0) break;
      continue;
    }
    return lo_fail(err, LO_ESYNTAX, "column %d: expected ',' or ')' in the stride", col0 + i + 1);
  }
  i = skip(s, i);
  if (s[i])
    return lo_fail(err, LO_ESYNTAX, "column %d: unexpected text after the stride", col0 + i + 1);
  return LO_OK;
}

/* Parse "SHAPE:STRIDE" with F2 strides (see lo.h). */
int lo_parse_f2(const char *s, lo_f2 *out, lo_err *err) {
  char shape[4096];
  const char *colon = strchr(s, ':');
  if (!colon)
    return lo_fail(err, LO_ESYNTAX, "column %d: expected ':' between the shape and the F2 strides",
                   (int)strlen(s) + 1);
  size_t n = (size_t)(colon - s);
  if (n >= sizeof shape)
    return lo_fail(err, LO_ELIMIT, "the shape is longer than %zu bytes", sizeof shape - 1);
  memcpy(shape, s, n);
  shape[n] = 0;
  if (lo_parse_tuple(shape, &out->l.shape, err)) return err->code;
  for (int i = 0; i < out->l.shape.len; i++)
    if (out->l.shape.leaf[i] < 1)
      return lo_fail(err, LO_EUNDEF, "shape entry %d is %lld: an F2 layout's extents are positive",
                     i + 1, (long long)out->l.shape.leaf[i]);
  lo_tuple d;
  if (parse_f2_stride(colon + 1, (int)n + 1, &d, err)) return err->code;
  if (!lo_tuple_congruent(&out->l.shape, &d))
    return lo_fail(err, LO_ESYNTAX, "column %d: the F2 strides are not congruent to the shape",
                   (int)n + 2);
  memcpy(out->l.stride, d.leaf, (size_t)d.len * sizeof(lo_int));
  out->l.is_tiler = 0;
  return LO_OK;
}

/* Print f as "(8,8):(F2(1),F2(9))" (see lo.h). */
int lo_print_f2(const lo_f2 *f, char *buf, size_t cap) {
  size_t len = 0;
  if (lo_print_tuple(&f->l.shape, buf, cap)) return LO_ESPACE;
  len = strlen(buf);
  int leaf = 0;
  for (int t = -1; t < f->l.shape.ntok; t++) {
    char piece[40];
    if (t < 0)
      snprintf(piece, sizeof piece, ":");
    else if (f->l.shape.tok[t] == '*')
      snprintf(piece, sizeof piece, "%sF2(%lld)", t > 0 && f->l.shape.tok[t - 1] != '(' ? "," : "",
               (long long)f->l.stride[leaf++]);
    else if (f->l.shape.tok[t] == '(')
      snprintf(piece, sizeof piece, "%s(", t > 0 && f->l.shape.tok[t - 1] != '(' ? "," : "");
    else
      snprintf(piece, sizeof piece, ")");
    size_t k = strlen(piece);
    if (len + k + 1 > cap) return LO_ESPACE;
    memcpy(buf + len, piece, k + 1);
    len += k;
  }
  return LO_OK;
}

/* ------------------------------------------------------ the function */

/* XOR over the leaves of the carry-less products c[i] * d[i]. */
static int inner_xor(const lo_layout *l, const lo_int *c, lo_int *out, lo_err *err) {
  lo_int r = 0;
  for (int i = 0; i < l->shape.len; i++) {
    lo_int p;
    if (lo_f2_clmul(c[i], l->stride[i], &p, err)) return err->code;
    r ^= p;
  }
  *out = r;
  return LO_OK;
}

/* F(x) at an index x >= 0 (see lo.h). */
int lo_f2_apply(const lo_f2 *f, lo_int x, lo_int *out, lo_err *err) {
  lo_int c[LO_MAX_LEAVES];
  int n = f->l.shape.len;
  if (x < 0) return lo_fail(err, LO_EUNDEF, "the index %lld is negative", (long long)x);
  for (int i = 0; i < n; i++) {
    if (i == n - 1) {
      c[i] = x;
    } else {
      c[i] = x % f->l.shape.leaf[i];
      x /= f->l.shape.leaf[i];
    }
  }
  return inner_xor(&f->l, c, out, err);
}

/* F at a coordinate c (see lo.h): leaf i's natural coordinate is CuTe's
** crd2idx of c in a layout of F's shape whose strides are 1 at leaf i and
** 0 elsewhere, so c is read exactly as lo_crd2idx reads a coordinate. */
int lo_f2_crd(const lo_f2 *f, const lo_tuple *c, lo_int *out, lo_err *err) {
  lo_int nat[LO_MAX_LEAVES];
  lo_layout one;
  lo_tuple_copy(&one.shape, &f->l.shape);
  one.is_tiler = 0;
  for (int i = 0; i < f->l.shape.len; i++) {
    for (int j = 0; j < f->l.shape.len; j++) one.stride[j] = i == j;
    if (lo_crd2idx(&one, c, &nat[i], err)) return err->code;
    if (nat[i] < 0) return lo_fail(err, LO_EUNDEF, "coordinate entry %d is negative", i + 1);
  }
  return inner_xor(&f->l, nat, out, err);
}

/* PyCuTe's coshape bound (see lo.h). */
int lo_f2_coshape(const lo_f2 *f, lo_int *out, lo_err *err) {
  int top = 0;
  for (int i = 0; i < f->l.shape.len; i++) {
    lo_int p;
    if (lo_f2_clmul(f->l.shape.leaf[i] - 1, f->l.stride[i], &p, err)) return err->code;
    if (bit_len(p) > top) top = bit_len(p);
  }
  if (top > 62) return lo_fail(err, LO_EOVERFLOW, "the coshape 2^%d does not fit in 63 bits", top);
  *out = (lo_int)1 << top;
  return LO_OK;
}

/* 1 + the largest value over [0, size) (see lo.h). */
int lo_f2_cosize(const lo_f2 *f, lo_int *out, lo_err *err) {
  lo_int size, top = 0;
  if (lo_tuple_size(&f->l.shape, &size, err)) return err->code;
  if (size > LO_F2_POINT_LIMIT)
    return lo_fail(err, LO_ELIMIT, "size %lld is too large to walk (limit %lld)", (long long)size,
                   (long long)LO_F2_POINT_LIMIT);
  for (lo_int x = 0; x < size; x++) {
    lo_int v;
    if (lo_f2_apply(f, x, &v, err)) return err->code;
    if (v > top) top = v;
  }
  *out = top + 1;
  return LO_OK;
}

/* ------------------------------------------------------------ coalesce */

/* PyCuTe's fold of the flat modes (s[0..n), d[0..n)) in place: a size-1
** mode before another is dropped, and mode b joins the mode a before it
** where s_a * d_a = d_b and (s_a - 1) * d_a + d_b = (2 s_a - 1) * d_a,
** every product carry-less and + XOR.  *n is updated. */
static int fold(lo_int *s, lo_int *d, int *n, lo_err *err) {
  int m = 0;
  lo_err ignored;
  for (int i = 0; i < *n; i++) {
    lo_int sb = s[i], db = d[i];
    while (m > 0 && s[m - 1] == 1) m--;
    if (m > 0) {
      lo_int sa = s[m - 1], da = d[m - 1], p, q, r;
      /* an overflowing product is not d_b, which fits */
      if (lo_f2_clmul(sa, da, &p, &ignored) == LO_OK && p == db &&
          lo_f2_clmul(sa - 1, da, &q, &ignored) == LO_OK &&
          lo_f2_clmul(2 * sa - 1, da, &r, &ignored) == LO_OK && (q ^ db) == r) {
        if (lo_mul(sa, sb, &s[m - 1], "the coalesced extent", err)) return err->code;
        continue;
      }
    }
    s[m] = sb;
    d[m] = db;
    m++;
  }
  *n = m;
  return LO_OK;
}

/* Make out the flat F2 layout (s[0..n)):(d[0..n)), the integer form for
** n = 1 (PyCuTe's unwrap); n = 0 is 1:F2(0). */
static void set_flat(lo_f2 *out, const lo_int *s, const lo_int *d, int n) {
  if (n == 0) {
    lo_layout_scalar(&out->l, 1, 0);
  } else if (n == 1) {
    lo_layout_scalar(&out->l, s[0], d[0]);
  } else {
    lo_int ss[LO_MAX_LEAVES], dd[LO_MAX_LEAVES];
    memcpy(ss, s, (size_t)n * sizeof(lo_int));
    memcpy(dd, d, (size_t)n * sizeof(lo_int));
    lo_layout_flat(&out->l, ss, dd, n);
  }
}

/* PyCuTe's coalesce_z (keep_last) or coalesce of an F2 layout (see lo.h). */
int lo_f2_coalesce(const lo_f2 *f, int keep_last, lo_f2 *out, lo_err *err) {
  lo_int s[LO_MAX_LEAVES], d[LO_MAX_LEAVES];
  int n = f->l.shape.len;
  memcpy(s, f->l.shape.leaf, (size_t)n * sizeof(lo_int));
  memcpy(d, f->l.stride, (size_t)n * sizeof(lo_int));
  if (fold(s, d, &n, err)) return err->code;
  if (!keep_last && n > 1 && s[n - 1] == 1) n--;
  set_flat(out, s, d, n);
  return LO_OK;
}

/* --------------------------------------------------------- composition */

/* PyCuTe's A o (s:d) for a coalesced A (flat modes as[0..an), ad[0..an)). */
static int compose_leaf(const lo_f2 *a, const lo_int *as, const lo_int *ad, int an, lo_int s,
                        lo_int d, lo_f2 *out, lo_err *err) {
  lo_int rs[LO_MAX_LEAVES], rd[LO_MAX_LEAVES];
  int n = an, first = 0;
  if (d == 0) {
    lo_layout_scalar(&out->l, s, 0);
    return LO_OK;
  }
  if (s == 1) {
    lo_int v;
    if (lo_f2_apply(a, d, &v, err)) return err->code;
    lo_layout_scalar(&out->l, 1, v);
    return LO_OK;
  }
  if (d < 0)
    return lo_fail(err, LO_EUNDEF, "the stride %lld of the second layout is negative",
                   (long long)d);
  memcpy(rs, as, (size_t)an * sizeof(lo_int));
  memcpy(rd, ad, (size_t)an * sizeof(lo_int));
  lo_int sb = d; /* divide out the first d elements of A */
  while (n - first > 1 && sb % rs[first] == 0) {
    sb /= rs[first];
    first++;
  }
  if (lo_f2_clmul(rd[first], sb, &rd[first], err)) return err->code;
  if (n - first > 1) {
    lo_int q = rs[first] / sb, r = rs[first] % sb;
    if (r == 0 && q > 0)
      rs[first] = q;
    else if (q < s - 1)
      return lo_fail(err, LO_EUNDEF, "Stride divisibility condition violated (PyCuTe's message)");
  }
  rs[n - 1] = s; /* keep the first s elements of what remains */
  for (int i = first; i < n - 1; i++) {
    lo_int q = rs[n - 1] / rs[i], r = rs[n - 1] % rs[i];
    rs[n - 1] = q;
    if (q == 0) {
      rs[i] = r;
      n = i + 1;
      break;
    }
    if (r != 0)
      return lo_fail(err, LO_EUNDEF, "Shape divisibility condition violated (PyCuTe's message)");
  }
  lo_f2 raw;
  set_flat(&raw, rs + first, rd + first, n - first);
  return lo_f2_coalesce(&raw, 0, out, err);
}

/* PyCuTe's A o B by the modes of B's shape (its make_layout of A o B_k,
** mode by mode down to the leaves): B's shape with each leaf replaced by
** the composite of A with that leaf; a is coalesced (as, ad). */
static int compose_modes(const lo_f2 *a, const lo_int *as, const lo_int *ad, int an,
                         const lo_layout *b, lo_f2 *out, lo_err *err) {
  lo_tuple items[LO_MAX_LEAVES];
  lo_int d[LO_MAX_LEAVES];
  int nd = 0;
  if (lo_tuple_is_int(&b->shape))
    return compose_leaf(a, as, ad, an, b->shape.leaf[0], b->stride[0], out, err);
  for (int i = 0; i < b->shape.len; i++) {
    lo_f2 x;
    if (compose_leaf(a, as, ad, an, b->shape.leaf[i], b->stride[i], &x, err)) return err->code;
    if (nd + x.l.shape.len > LO_MAX_LEAVES)
      return lo_fail(err, LO_ELIMIT, "the composite has more than %d entries", LO_MAX_LEAVES);
    lo_tuple_copy(&items[i], &x.l.shape);
    memcpy(d + nd, x.l.stride, (size_t)x.l.shape.len * sizeof(lo_int));
    nd += x.l.shape.len;
  }
  if (lo_tuple_substitute(&b->shape, items, &out->l.shape, err)) return err->code;
  assert(out->l.shape.len == nd);
  memcpy(out->l.stride, d, (size_t)nd * sizeof(lo_int));
  out->l.is_tiler = 0;
  return LO_OK;
}

/* PyCuTe's composition A o B (see lo.h). */
int lo_pycute_f2_composition(const lo_f2 *a, const lo_layout *b, lo_f2 *out, lo_err *err) {
  lo_f2 ac;
  if (b->is_tiler)
    return lo_fail(err, LO_EUNSUPPORTED, "an F2 layout composes with a layout, not a tiler");
  if (lo_f2_coalesce(a, 1, &ac, err)) return err->code;
  lo_int as[LO_MAX_LEAVES], ad[LO_MAX_LEAVES];
  int an = ac.l.shape.len;
  memcpy(as, ac.l.shape.leaf, (size_t)an * sizeof(lo_int));
  memcpy(ad, ac.l.stride, (size_t)an * sizeof(lo_int));
  return compose_modes(&ac, as, ad, an, b, out, err);
}

/* PyCuTe's composition where it meets its post-condition (see lo.h). */
int lo_f2_composition(const lo_f2 *a, const lo_layout *b, lo_f2 *out, lo_err *err) {
  lo_int size;
  if (lo_pycute_f2_composition(a, b, out, err) || lo_size(b, &size, err)) return err->code;
  if (size > LO_F2_POINT_LIMIT)
    return lo_fail(err, LO_ELIMIT,
                   "size %lld is too large to check the composite point by point (limit %lld)",
                   (long long)size, (long long)LO_F2_POINT_LIMIT);
  for (lo_int i = 0; i < size; i++) {
    lo_int bi, want, got;
    if (lo_apply(b, i, &bi, err) || lo_f2_apply(a, bi, &want, err) ||
        lo_f2_apply(out, i, &got, err))
      return err->code;
    if (got != want) {
      char t[200];
      if (lo_print_f2(out, t, sizeof t)) snprintf(t, sizeof t, "(too long to print)");
      return lo_fail(err, LO_EUNDEF,
                     "PyCuTe's composite %s breaks result(i) = A(B(i)) at i = %lld: %lld, "
                     "A(%lld) = %lld",
                     t, (long long)i, (long long)got, (long long)bi, (long long)want);
    }
  }
  return LO_OK;
}

/* ----------------------------------------------------------- swizzles */

/* The F2 layout of columns col[0..n): (2,...,2):(F2(col0),...), then
** coalesced (see lo.h). */
int lo_f2_of_columns(const lo_int *col, int n, lo_f2 *out, lo_err *err) {
  lo_int s[LO_MAX_LEAVES], d[LO_MAX_LEAVES];
  if (n > LO_F2_MAX_BITS)
    return lo_fail(err, LO_ELIMIT, "a domain of 2^%d points (limit 2^%d)", n, LO_F2_MAX_BITS);
  for (int k = 0; k < n; k++) {
    assert(col[k] >= 0);
    s[k] = 2;
    d[k] = col[k];
  }
  if (fold(s, d, &n, err)) return err->code;
  if (n > 1 && s[n - 1] == 1) n--;
  set_flat(out, s, d, n);
  return LO_OK;
}

/* log2 of n when n is a power of two, else -1. */
static int log2_exact(lo_int n) {
  if (n < 1 || (n & (n - 1))) return -1;
  return bit_len(n) - 1;
}

/* The F2 layout of sw over [0, n) (see lo.h). */
int lo_f2_of_swizzle(const lo_swizzle *sw, lo_int n, lo_f2 *out, lo_err *err) {
  lo_int col[LO_MAX_LEAVES];
  int bits = log2_exact(n);
  if (bits < 0)
    return lo_fail(err, LO_EUNDEF, "the domain %lld is not a power of two", (long long)n);
  if (bits > LO_F2_MAX_BITS)
    return lo_fail(err, LO_ELIMIT, "the domain 2^%d is past 2^%d", bits, LO_F2_MAX_BITS);
  for (int k = 0; k < bits; k++)
    if (lo_swizzle_apply(sw, (lo_int)1 << k, &col[k], err)) return err->code;
  return lo_f2_of_columns(col, bits, out, err);
}

/* The F2 layout of the composed layout c over its domain (see lo.h). */
int lo_f2_of_composed(const lo_composed *c, lo_f2 *out, lo_err *err) {
  lo_int size, col[LO_MAX_LEAVES];
  if (c->smem_bits == 0 && c->offset != 0)
    return lo_fail(err, LO_EUNDEF,
                   "the offset %lld makes the layout affine, not linear: an F2 layout has no "
                   "offset",
                   (long long)c->offset);
  if (lo_size(&c->inner, &size, err)) return err->code;
  int bits = log2_exact(size);
  if (bits < 0)
    return lo_fail(err, LO_EUNDEF, "the size %lld is not a power of two", (long long)size);
  if (size > LO_F2_POINT_LIMIT)
    return lo_fail(err, LO_ELIMIT, "size %lld is too large to check point by point (limit %lld)",
                   (long long)size, (long long)LO_F2_POINT_LIMIT);
  for (int k = 0; k < bits; k++)
    if (lo_composed_apply(c, (lo_int)1 << k, &col[k], err)) return err->code;
  for (lo_int x = 0; x < size; x++) {
    lo_int v, want = 0;
    if (lo_composed_apply(c, x, &v, err)) return err->code;
    if (v < 0) return lo_fail(err, LO_EUNDEF, "the value at %lld is negative", (long long)x);
    for (int k = 0; k < bits; k++)
      if ((x >> k) & 1) want ^= col[k];
    if (v != want)
      return lo_fail(err, LO_EUNDEF,
                     "not linear over XOR: the value at %lld is %lld, the XOR of the values at its "
                     "bits %lld",
                     (long long)x, (long long)v, (long long)want);
  }
  return lo_f2_of_columns(col, bits, out, err);
}

/* The swizzle equal to f on [0, size(f)) (see lo.h). */
int lo_f2_to_swizzle(const lo_f2 *f, lo_swizzle *out, lo_err *err) {
  lo_int size, col[LO_MAX_LEAVES];
  if (lo_tuple_size(&f->l.shape, &size, err)) return err->code;
  int n = log2_exact(size);
  if (n < 0) return lo_fail(err, LO_EUNDEF, "the size %lld is not a power of two", (long long)size);
  for (int k = 0; k < n; k++)
    if (lo_f2_apply(f, (lo_int)1 << k, &col[k], err)) return err->code;
  for (int b = 0; b <= n; b++)
    for (int m = 0; m <= n; m++)
      for (int a = 0; a <= n; a++)
        for (int sign = 1; sign >= -1; sign -= 2) {
          lo_swizzle sw = {b, m, sign * a};
          lo_err e;
          if ((a == 0 && sign < 0) || lo_swizzle_check(&sw, &e)) continue;
          int k = 0;
          for (; k < n; k++) {
            lo_int v;
            if (lo_swizzle_apply(&sw, (lo_int)1 << k, &v, &e) || v != col[k]) break;
          }
          if (k == n) {
            *out = sw;
            return LO_OK;
          }
        }
  return lo_fail(err, LO_EUNDEF, "no swizzle Sw<B,M,S> equals this F2 layout on [0, %lld)",
                 (long long)size);
}

/* ------------------------------------------------------- right inverse */

/* PyCuTe's F2 divmod: the carry-less (polynomial) quotient and remainder
** of a by d > 0. */
static void f2_divmod(lo_int a, lo_int d, lo_int *q, lo_int *r) {
  int deg = bit_len(d) - 1;
  *q = 0;
  *r = a;
  while (bit_len(*r) > deg) {
    int shift = bit_len(*r) - 1 - deg;
    *q ^= (lo_int)1 << shift;
    *r ^= d << shift;
  }
}

/* The F2 value v split over the extents s[0..n) as PyCuTe's F2 idx2crd
** splits it (carry-less divmod, the last extent takes the rest), then the
** XOR of the carry-less products with d[0..n); refused where an extent
** carries into the running product (PyCuTe's ValueError). */
static int f2_index_value(lo_int v, const lo_int *s, const lo_int *d, int n, lo_int *out,
                          lo_err *err) {
  lo_int pps = 1, r = 0;
  for (int i = 0; i < n; i++) {
    lo_int c = v, p;
    if (i < n - 1) {
      lo_int cl, q;
      if (lo_f2_clmul(pps, s[i], &cl, err) || lo_mul(pps, s[i], &q, "the prefix product", err))
        return err->code;
      if (cl != q)
        return lo_fail(err, LO_EUNDEF,
                       "the extent %lld carries into the prefix product %lld, so the F2 and "
                       "integer coordinates differ (PyCuTe's ValueError)",
                       (long long)s[i], (long long)pps);
      pps = q;
      f2_divmod(v, s[i], &v, &c);
    }
    if (lo_f2_clmul(c, d[i], &p, err)) return err->code;
    r ^= p;
  }
  *out = r;
  return LO_OK;
}

/* PyCuTe's right_inverse of an F2 layout (see lo.h). */
int lo_pycute_f2_right_inverse(const lo_f2 *f, lo_f2 *out, lo_err *err) {
  lo_int s[LO_MAX_LEAVES], d[LO_MAX_LEAVES], pps[LO_MAX_LEAVES];
  lo_int rs[LO_MAX_LEAVES], rd[LO_MAX_LEAVES];
  int order[LO_MAX_LEAVES], n = f->l.shape.len, m = 0;
  lo_err ignored;
  memcpy(s, f->l.shape.leaf, (size_t)n * sizeof(lo_int));
  memcpy(d, f->l.stride, (size_t)n * sizeof(lo_int));
  if (fold(s, d, &n, err)) return err->code;
  for (int i = 0; i < n; i++) { /* prefix products, and a stable sort by stride */
    if (i == 0)
      pps[i] = 1;
    else if (lo_mul(pps[i - 1], s[i - 1], &pps[i], "the prefix product", err))
      return err->code;
    int j = i;
    while (j > 0 && d[order[j - 1]] > d[i]) {
      order[j] = order[j - 1];
      j--;
    }
    order[j] = i;
  }
  lo_int curr = 1;
  for (int k = 0; k < n; k++) {
    int i = order[k];
    lo_int residue = curr ^ d[i], reach, stride = pps[i];
    if (d[i] == 0 || s[i] == 1) continue;
    /* off the chain where the residue reaches past what is covered (an
    ** overflowing product reaches past it too) */
    if (lo_f2_clmul(s[i] - 1, residue, &reach, &ignored) || reach >= curr) continue;
    if (residue != 0) {
      lo_int v = 0;
      if (f2_index_value(residue, rs, rd, m, &v, err)) return err->code;
      stride ^= v;
    }
    rs[m] = s[i];
    rd[m] = stride;
    m++;
    if (lo_f2_clmul(s[i], curr, &curr, err)) return err->code;
  }
  lo_f2 raw; /* the chain's modes, then coalesced (1:F2(0) for none) */
  set_flat(&raw, rs, rd, m);
  return lo_f2_coalesce(&raw, 0, out, err);
}

/* PyCuTe's right_inverse where F(R(i)) = i on [0, size R) (see lo.h). */
int lo_f2_right_inverse(const lo_f2 *f, lo_f2 *out, lo_err *err) {
  lo_int size;
  if (lo_pycute_f2_right_inverse(f, out, err) || lo_tuple_size(&out->l.shape, &size, err))
    return err->code;
  if (size > LO_F2_POINT_LIMIT)
    return lo_fail(err, LO_ELIMIT, "size %lld is too large to check point by point (limit %lld)",
                   (long long)size, (long long)LO_F2_POINT_LIMIT);
  for (lo_int i = 0; i < size; i++) {
    lo_int r, v;
    if (lo_f2_apply(out, i, &r, err) || lo_f2_apply(f, r, &v, err)) return err->code;
    if (v != i) {
      char t[200];
      if (lo_print_f2(out, t, sizeof t)) snprintf(t, sizeof t, "(too long to print)");
      return lo_fail(err, LO_EUNDEF,
                     "PyCuTe's right inverse %s breaks L(R(i)) = i at i = %lld: R(%lld) = %lld, "
                     "L(%lld) = %lld",
                     t, (long long)i, (long long)i, (long long)r, (long long)r, (long long)v);
    }
  }
  return LO_OK;
}
