/*
** lo_eval_io.c -- what the op handlers of lo_eval share: the output
** buffer, reading arguments of each kind (errors name the argument), and
** the common shapes of handlers (one layout in, one out; ...).
*/
#include "lo_eval_internal.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ the output */

/* Append a string; past the capacity the output is marked full. */
void ev_out_str(ev_out *o, const char *s) {
  size_t n = strlen(s);
  if (o->full || o->len + n + 1 > o->cap) {
    o->full = 1;
    return;
  }
  memcpy(o->p + o->len, s, n + 1);
  o->len += n;
}

/* Append an integer in decimal (digits written from the end of a small
** buffer; the magnitude as unsigned, so the most negative value works). */
void ev_out_int(ev_out *o, lo_int v) {
  char b[24];
  char *p = b + sizeof b;
  uint64_t m = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
  *--p = '\0';
  do {
    *--p = (char)('0' + m % 10);
    m /= 10;
  } while (m);
  if (v < 0) *--p = '-';
  size_t n = (size_t)(b + sizeof b - 1 - p);
  if (o->full || o->len + n + 1 > o->cap) {
    o->full = 1;
    return;
  }
  memcpy(o->p + o->len, p, n + 1);
  o->len += n;
}

/* Append "true" or "false". */
void ev_out_bool(ev_out *o, int b) { ev_out_str(o, b ? "true" : "false"); }

/* Account for a lo_print_*_len call into the remaining space that returned
** rc and the length n: the text is kept, or the output is marked full. */
static void out_printed(ev_out *o, int rc, size_t n) {
  if (rc == 0)
    o->len += n;
  else
    o->full = 1;
}

/* Whether l's size or cosize passes lo_int: the products and sums of
** lo_size and lo_cosize in one loop, checked as they check them (their
** messages come from calling them when this says so). */
static int size_overflows(const lo_layout *l) {
  lo_int p = 1, c = 1, t;
  int over = 0;
  for (int i = 0; i < l->shape.len; i++) {
    over |= __builtin_mul_overflow(p, l->shape.leaf[i], &p);
    over |= __builtin_mul_overflow(l->shape.leaf[i] - 1, l->stride[i], &t);
    over |= __builtin_add_overflow(c, t, &c);
  }
  return over;
}

/* Print a layout result, remembering the first whose size or cosize does
** not fit in lo_int (lo_eval then answers an error naming it). */
void ev_out_layout(ev_out *o, const lo_layout *l) {
  lo_int n;
  size_t at = o->len;
  int bad = !o->range.code && size_overflows(l) &&
            (lo_size(l, &n, &o->range) || lo_cosize(l, &n, &o->range));
  if (!o->full) {
    size_t k;
    int rc = lo_print_layout_len(l, o->p + o->len, o->cap - o->len, &k);
    out_printed(o, rc, k);
  }
  if (bad) o->range_at = at, o->range_len = o->full ? 0 : o->len - at;
}
/* Print a nested tuple result. */
void ev_out_tuple(ev_out *o, const lo_tuple *t) {
  if (!o->full) {
    size_t k;
    int rc = lo_print_tuple_len(t, o->p + o->len, o->cap - o->len, &k);
    out_printed(o, rc, k);
  }
}
/* Print a morphism result. */
void ev_out_morphism(ev_out *o, const lo_morphism *f) {
  if (!o->full) {
    size_t k;
    int rc = lo_print_morphism_len(f, o->p + o->len, o->cap - o->len, &k);
    out_printed(o, rc, k);
  }
}

/* --------------------------------------------------------- the arguments */

/* Prefix an error from parsing argument i (0-based) with its number. */
int ev_arg_fail(int i, lo_err *err) {
  char m[sizeof err->msg + 32];
  snprintf(m, sizeof m, "argument %d: %s", i + 1, err->msg);
  memcpy(err->msg, m, sizeof err->msg - 1);
  err->msg[sizeof err->msg - 1] = 0;
  return err->code;
}

/* Argument i as an integer. */
int ev_get_int(ev_args a, int i, lo_int *v, lo_err *err) {
  return lo_parse_int(a[i], v, err) ? ev_arg_fail(i, err) : LO_OK;
}

/* Argument i as a nested tuple of integers. */
int ev_get_tuple(ev_args a, int i, lo_tuple *t, lo_err *err) {
  return lo_parse_tuple(a[i], t, err) ? ev_arg_fail(i, err) : LO_OK;
}

/* Argument i as a profile (leaves may be '*'). */
int ev_get_profile(ev_args a, int i, lo_tuple *t, lo_err *err) {
  return lo_parse_profile(a[i], t, err) ? ev_arg_fail(i, err) : LO_OK;
}

/* Whether s is one integer in lo_parse_int's syntax (blanks around, an
** optional '_' before the digits), looked at without an error message:
** the text of a bare shape. */
static int is_plain_int(const char *s) {
  while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r') s++;
  if (*s == '_') s++;
  if (*s < '0' || *s > '9') return 0;
  while (*s >= '0' && *s <= '9') s++;
  while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r') s++;
  return *s == 0;
}

/* A layout (not a tiler) unless tiler_ok (EV_TILER_*).  A bare integer n
** (is_plain_int, which implies lo_kind_of's LO_KIND_TUPLE) is n:1, or
** with EV_TILER_MAKE make_layout(n): n:1, and 1:0 for n = 1.  A tuple
** (lo_kind_of's LO_KIND_TUPLE) is CuTe's Shape as a tiler. */
static int get_layout_any(ev_args a, int i, lo_layout *l, int tiler_ok, int signed_strides,
                          lo_err *err) {
  lo_int n;
  const char *s = a[i];
  while (*s == ' ' || *s == '\t') s++;
  if (s[0] == 'S' && s[1] == 'w') /* lo_eval_swizzle.c takes them where an op does */
    return lo_fail(err, LO_EUNSUPPORTED,
                   "argument %d: a swizzle or a composed layout, which this op does not take",
                   i + 1);
  if (tiler_ok && is_plain_int(a[i]) && lo_parse_int(a[i], &n, err) == LO_OK) {
    if (n < 1) return lo_fail(err, LO_EUNDEF, "argument %d: a shape must be positive", i + 1);
    lo_layout_scalar(l, n, n == 1 && tiler_ok == EV_TILER_MAKE ? 0 : 1);
    return LO_OK;
  }
  if (tiler_ok && lo_kind_of(a[i]) == LO_KIND_TUPLE) {
    if (lo_parse_shape_tiler(a[i], l, err)) return ev_arg_fail(i, err);
    return LO_OK;
  }
  if ((signed_strides ? lo_parse_layout_signed : lo_parse_layout)(a[i], l, err))
    return ev_arg_fail(i, err);
  if (l->is_tiler && !tiler_ok)
    return lo_fail(err, LO_EUNDEF, "argument %d: a tiler is not accepted here", i + 1);
  return LO_OK;
}

/* Argument i as a layout with non-negative strides (see lo_eval_internal.h). */
int ev_get_layout_t(ev_args a, int i, lo_layout *l, int tiler_ok, lo_err *err) {
  return get_layout_any(a, i, l, tiler_ok, 0, err);
}

/* Argument i as a layout whose strides may be negative. */
int ev_get_layout_signed(ev_args a, int i, lo_layout *l, int tiler_ok, lo_err *err) {
  return get_layout_any(a, i, l, tiler_ok, 1, err);
}

/* Argument i as a layout (a tiler is refused). */
int ev_get_layout(ev_args a, int i, lo_layout *l, lo_err *err) {
  return ev_get_layout_t(a, i, l, 0, err);
}

/* Whether argument i is written as a tuple: '(' its first non-blank. */
int ev_is_paren(ev_args a, int i) {
  const char *s = a[i];
  while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r') s++;
  return *s == '(';
}

/* Argument i as a coordinate of l, then l at it: an integer index
** (lo_apply) or a tuple coordinate (lo_crd2idx).  cute: a refusal is
** CuTe's ("CuTe refuses: ..."). */
int ev_apply_at(const lo_layout *l, ev_args a, int i, int cute, lo_int *v, lo_err *err) {
  lo_tuple c;
  lo_int x;
  if (!ev_is_paren(a, i)) {
    if (ev_get_int(a, i, &x, err)) return err->code;
    return lo_apply(l, x, v, err);
  }
  if (lo_parse_index(a[i], &c, err)) return ev_arg_fail(i, err);
  int rc = lo_crd2idx(l, &c, v, err);
  if (rc == LO_EUNDEF && cute) {
    char m[sizeof err->msg];
    memcpy(m, err->msg, sizeof m);
    return lo_fail(err, rc, "CuTe refuses: %s", m);
  }
  return rc;
}

/* Argument i as a (valid) morphism. */
int ev_get_morphism(ev_args a, int i, lo_morphism *f, lo_err *err) {
  return lo_parse_morphism(a[i], f, err) ? ev_arg_fail(i, err) : LO_OK;
}

/* Is argument i a morphism, by its syntax? */
int ev_is_morphism(ev_args a, int i) { return lo_has_arrow(a[i]); }
/* Is argument i a layout or a tiler, by its syntax? */
int ev_is_layout(ev_args a, int i) {
  lo_kind k = lo_kind_of(a[i]);
  return k == LO_KIND_LAYOUT || k == LO_KIND_TILER;
}

/* Parse an index set "{i,j,...}" (1-based, may be empty) into idx. */
int ev_get_index_set(ev_args a, int i, int *idx, int *n, lo_err *err) {
  const char *s = a[i];
  *n = 0;
  while (*s == ' ') s++;
  if (*s++ != '{') return lo_fail(err, LO_ESYNTAX, "argument %d: expected '{'", i + 1);
  for (;;) {
    while (*s == ' ') s++;
    if (*s == '}' && *n == 0) break;
    char *end;
    long v = strtol(s, &end, 10);
    if (end == s || v < 1 || v > LO_MAX_LEAVES)
      return lo_fail(err, LO_ESYNTAX, "argument %d: expected an index in 1..%d", i + 1,
                     LO_MAX_LEAVES);
    if (*n >= LO_MAX_LEAVES) return lo_fail(err, LO_ELIMIT, "argument %d: too many indices", i + 1);
    idx[(*n)++] = (int)v;
    s = end;
    while (*s == ' ') s++;
    if (*s == ',') {
      s++;
      continue;
    }
    if (*s == '}') break;
    return lo_fail(err, LO_ESYNTAX, "argument %d: expected ',' or '}'", i + 1);
  }
  s++;
  while (*s == ' ') s++;
  if (*s) return lo_fail(err, LO_ESYNTAX, "argument %d: text after '}'", i + 1);
  return LO_OK;
}

/* A 1-based position argument in 1..max. */
int ev_get_pos(ev_args a, int i, int max, int *k, lo_err *err) {
  lo_int v;
  if (ev_get_int(a, i, &v, err)) return err->code;
  if (v < 1 || v > max)
    return lo_fail(err, LO_EUNDEF, "argument %d: position %lld outside 1..%d", i + 1, (long long)v,
                   max);
  *k = (int)v;
  return LO_OK;
}

/* Split "x; y; z" into at most cap pieces copied into buf (NUL-separated). */
int ev_split_semis(const char *s, char *buf, size_t bufcap, const char **piece, int cap, int *n,
                   lo_err *err) {
  size_t len = strlen(s);
  if (len + 1 > bufcap) return lo_fail(err, LO_ELIMIT, "list argument too long");
  memcpy(buf, s, len + 1);
  *n = 0;
  char *p = buf;
  for (;;) {
    if (*n >= cap) return lo_fail(err, LO_ELIMIT, "too many list items");
    piece[(*n)++] = p;
    char *q = strchr(p, ';');
    if (!q) break;
    *q = 0;
    p = q + 1;
  }
  return LO_OK;
}

/* ------------------------------------------------ shared handler shapes */

/* Parse a layout, apply fn, print the layout it gives. */
int ev_lay1(ev_lay1_fn fn, ev_args a, ev_out *o, lo_err *err) {
  lo_layout l, r;
  if (ev_get_layout(a, 0, &l, err) || fn(&l, &r, err)) return err->code;
  ev_out_layout(o, &r);
  return LO_OK;
}

/* Parse two layouts (the second may be a tiler when tiler_ok), apply
** fn, print the layout it gives. */
int ev_lay2(ev_lay2_fn fn, ev_args a, int tiler_ok, ev_out *o, lo_err *err) {
  lo_layout x, y, r;
  if (ev_get_layout(a, 0, &x, err) || ev_get_layout_t(a, 1, &y, tiler_ok, err) ||
      fn(&x, &y, &r, err))
    return err->code;
  ev_out_layout(o, &r);
  return LO_OK;
}

/* Parse a morphism, apply fn, print the morphism it gives. */
int ev_mor1(ev_mor1_fn fn, ev_args a, ev_out *o, lo_err *err) {
  lo_morphism f, r;
  if (ev_get_morphism(a, 0, &f, err) || fn(&f, &r, err)) return err->code;
  ev_out_morphism(o, &r);
  return LO_OK;
}

/* Parse two morphisms, apply fn to them in order, print the result. */
int ev_mor2(ev_mor2_fn fn, ev_args a, ev_out *o, lo_err *err) {
  lo_morphism f, g, r;
  if (ev_get_morphism(a, 0, &f, err) || ev_get_morphism(a, 1, &g, err) || fn(&f, &g, &r, err))
    return err->code;
  ev_out_morphism(o, &r);
  return LO_OK;
}

/* Parse a layout and print the predicate fn of it. */
int ev_pred(ev_pred_fn fn, ev_args a, ev_out *o, lo_err *err) {
  lo_layout l;
  if (ev_get_layout(a, 0, &l, err)) return err->code;
  ev_out_bool(o, fn(&l));
  return LO_OK;
}

/* The shape of a tuple or layout argument (layouts give their shape). */
int ev_get_shape(ev_args a, int i, lo_tuple *t, lo_err *err) {
  if (lo_kind_of(a[i]) == LO_KIND_TUPLE) return ev_get_profile(a, i, t, err);
  lo_layout l;
  if (ev_get_layout(a, i, &l, err)) return err->code;
  lo_tuple_copy(t, &l.shape); /* the used part only */
  return LO_OK;
}

/* Argument i as a cotarget: a tuple of positive integers, or a layout's
** shape (CuTe's complement takes shape(cotarget)). */
int ev_get_cotarget(ev_args a, int i, lo_tuple *t, lo_err *err) {
  if (lo_kind_of(a[i]) == LO_KIND_TUPLE) return ev_get_tuple(a, i, t, err);
  lo_layout l;
  if (ev_get_layout(a, i, &l, err)) return err->code;
  lo_tuple_copy(t, &l.shape);
  return LO_OK;
}

/* Parse cycles "(1 2)(3 4 5)" into sigma over 1..n (identity elsewhere). */
int ev_get_cycles(ev_args a, int i, int n, int *sigma, lo_err *err) {
  const char *s = a[i];
  for (int k = 1; k <= n; k++) sigma[k] = k;
  while (*s) {
    int cyc[LO_MAX_LEAVES], c = 0;
    while (*s == ' ') s++;
    if (!*s) break;
    if (*s++ != '(') return lo_fail(err, LO_ESYNTAX, "argument %d: expected '(' of a cycle", i + 1);
    for (;;) {
      while (*s == ' ' || *s == ',') s++;
      if (*s == ')') {
        s++;
        break;
      }
      char *end;
      long v = strtol(s, &end, 10);
      if (end == s || v < 1 || v > n || c >= LO_MAX_LEAVES)
        return lo_fail(err, LO_ESYNTAX, "argument %d: expected a position in 1..%d", i + 1, n);
      cyc[c++] = (int)v;
      s = end;
    }
    for (int k = 0; k < c; k++) sigma[cyc[k]] = cyc[(k + 1) % c];
  }
  int seen[LO_MAX_LEAVES + 1] = {0};
  for (int k = 1; k <= n; k++)
    if (seen[sigma[k]]++) return lo_fail(err, LO_EUNDEF, "argument %d: not a permutation", i + 1);
  return LO_OK;
}
