/*
** lo_eval.c -- evaluate an op by name on string arguments: the engine of
** `layoutcheck eval` and of the corpus.  Each op parses its arguments,
** calls the algebra and prints the result canonically.  Ops whose names
** the layout and morphism sides share (coalesce, complement, ...) choose
** by the syntax of their first argument.
*/
#include "lo_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ENUM_LIMIT ((lo_int)1 << 20) /* points an op may list or compare */

/* ------------------------------------------------------------ the output */

typedef struct out {
  char *p;
  size_t cap, len;
  int full;
  lo_err range;               /* code 0, or why a layout result's size or cosize does not fit */
  size_t range_at, range_len; /* that layout's text in p */
} out;

static void out_str(out *o, const char *s) {
  size_t n = strlen(s);
  if (o->full || o->len + n + 1 > o->cap) {
    o->full = 1;
    return;
  }
  memcpy(o->p + o->len, s, n + 1);
  o->len += n;
}

static void out_int(out *o, lo_int v) {
  char b[24];
  snprintf(b, sizeof b, "%lld", (long long)v);
  out_str(o, b);
}

static void out_bool(out *o, int b) { out_str(o, b ? "true" : "false"); }

/* Print with one of the lo_print_* functions into the remaining space. */
#define OUT_PRINT(o, fn, v)                                                                        \
  do {                                                                                             \
    if (!(o)->full && fn((v), (o)->p + (o)->len, (o)->cap - (o)->len) == 0)                        \
      (o)->len += strlen((o)->p + (o)->len);                                                       \
    else                                                                                           \
      (o)->full = 1;                                                                               \
  } while (0)

/* Print a layout result, remembering the first whose size or cosize does
** not fit in lo_int (lo_eval then answers an error naming it). */
static void out_layout(out *o, const lo_layout *l) {
  lo_int n;
  size_t at = o->len;
  int bad = !o->range.code && (lo_size(l, &n, &o->range) || lo_cosize(l, &n, &o->range));
  OUT_PRINT(o, lo_print_layout, l);
  if (bad) o->range_at = at, o->range_len = o->full ? 0 : o->len - at;
}
static void out_tuple(out *o, const lo_tuple *t) { OUT_PRINT(o, lo_print_tuple, t); }
static void out_morphism(out *o, const lo_morphism *f) { OUT_PRINT(o, lo_print_morphism, f); }

/* --------------------------------------------------------- the arguments */

typedef const char *const *args;

/* Prefix an error from parsing argument i (0-based) with its number. */
static int arg_fail(int i, lo_err *err) {
  char m[sizeof err->msg + 32];
  snprintf(m, sizeof m, "argument %d: %s", i + 1, err->msg);
  memcpy(err->msg, m, sizeof err->msg - 1);
  err->msg[sizeof err->msg - 1] = 0;
  return err->code;
}

static int get_int(args a, int i, lo_int *v, lo_err *err) {
  return lo_parse_int(a[i], v, err) ? arg_fail(i, err) : LO_OK;
}

static int get_tuple(args a, int i, lo_tuple *t, lo_err *err) {
  return lo_parse_tuple(a[i], t, err) ? arg_fail(i, err) : LO_OK;
}

static int get_profile(args a, int i, lo_tuple *t, lo_err *err) {
  return lo_parse_profile(a[i], t, err) ? arg_fail(i, err) : LO_OK;
}

/* A layout (not a tiler) unless tiler_ok. */
static int get_layout_t(args a, int i, lo_layout *l, int tiler_ok, lo_err *err) {
  lo_int n;
  if (tiler_ok && lo_kind_of(a[i]) == LO_KIND_TUPLE && lo_parse_int(a[i], &n, err) == LO_OK) {
    if (n < 1) return lo_fail(err, LO_EUNDEF, "argument %d: a shape must be positive", i + 1);
    lo_layout_scalar(l, n, 1); /* a bare shape n is the layout n:1 */
    return LO_OK;
  }
  if (lo_parse_layout(a[i], l, err)) return arg_fail(i, err);
  if (l->is_tiler && !tiler_ok)
    return lo_fail(err, LO_EUNDEF, "argument %d: a tiler is not accepted here", i + 1);
  return LO_OK;
}

static int get_layout(args a, int i, lo_layout *l, lo_err *err) {
  return get_layout_t(a, i, l, 0, err);
}

static int get_morphism(args a, int i, lo_morphism *f, lo_err *err) {
  return lo_parse_morphism(a[i], f, err) ? arg_fail(i, err) : LO_OK;
}

static int is_morphism(args a, int i) { return lo_kind_of(a[i]) == LO_KIND_MORPHISM; }
static int is_layout(args a, int i) {
  lo_kind k = lo_kind_of(a[i]);
  return k == LO_KIND_LAYOUT || k == LO_KIND_TILER;
}

/* Parse an index set "{i,j,...}" (1-based, may be empty) into idx. */
static int get_index_set(args a, int i, int *idx, int *n, lo_err *err) {
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
static int get_pos(args a, int i, int max, int *k, lo_err *err) {
  lo_int v;
  if (get_int(a, i, &v, err)) return err->code;
  if (v < 1 || v > max)
    return lo_fail(err, LO_EUNDEF, "argument %d: position %lld outside 1..%d", i + 1, (long long)v,
                   max);
  *k = (int)v;
  return LO_OK;
}

/* Split "x; y; z" into at most cap pieces copied into buf (NUL-separated). */
static int split_semis(const char *s, char *buf, size_t bufcap, const char **piece, int cap, int *n,
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

/* ----------------------------------------------------------------- ops */

typedef int (*op_fn)(int argc, args a, out *o, lo_err *err);

#define OP(name)    static int op_##name(int argc, args a, out *o, lo_err *err)
#define UNUSED_ARGC (void)argc

/* Shared shapes of handlers. */
typedef int (*lay1_fn)(const lo_layout *, lo_layout *, lo_err *);
typedef int (*lay2_fn)(const lo_layout *, const lo_layout *, lo_layout *, lo_err *);
typedef int (*mor1_fn)(const lo_morphism *, lo_morphism *, lo_err *);
typedef int (*mor2_fn)(const lo_morphism *, const lo_morphism *, lo_morphism *, lo_err *);
typedef int (*pred_fn)(const lo_layout *);

static int lay1(lay1_fn fn, args a, out *o, lo_err *err) {
  lo_layout l, r;
  if (get_layout(a, 0, &l, err) || fn(&l, &r, err)) return err->code;
  out_layout(o, &r);
  return LO_OK;
}

static int lay2(lay2_fn fn, args a, int tiler_ok, out *o, lo_err *err) {
  lo_layout x, y, r;
  if (get_layout(a, 0, &x, err) || get_layout_t(a, 1, &y, tiler_ok, err) || fn(&x, &y, &r, err))
    return err->code;
  out_layout(o, &r);
  return LO_OK;
}

static int mor1(mor1_fn fn, args a, out *o, lo_err *err) {
  lo_morphism f, r;
  if (get_morphism(a, 0, &f, err) || fn(&f, &r, err)) return err->code;
  out_morphism(o, &r);
  return LO_OK;
}

static int mor2(mor2_fn fn, args a, out *o, lo_err *err) {
  lo_morphism f, g, r;
  if (get_morphism(a, 0, &f, err) || get_morphism(a, 1, &g, err) || fn(&f, &g, &r, err))
    return err->code;
  out_morphism(o, &r);
  return LO_OK;
}

static int pred(pred_fn fn, args a, out *o, lo_err *err) {
  lo_layout l;
  if (get_layout(a, 0, &l, err)) return err->code;
  out_bool(o, fn(&l));
  return LO_OK;
}

/* The shape of a tuple or layout argument (layouts give their shape). */
static int get_shape(args a, int i, lo_tuple *t, lo_err *err) {
  if (lo_kind_of(a[i]) == LO_KIND_TUPLE) return get_profile(a, i, t, err);
  lo_layout l;
  if (get_layout(a, i, &l, err)) return err->code;
  *t = l.shape;
  return LO_OK;
}

OP(size) {
  UNUSED_ARGC;
  lo_tuple t;
  lo_int s;
  if (is_morphism(a, 0)) return lo_fail(err, LO_EUNDEF, "size takes a layout or a nested tuple");
  if (get_shape(a, 0, &t, err) || lo_tuple_size(&t, &s, err)) return err->code;
  out_int(o, s);
  return LO_OK;
}

OP(cosize) {
  UNUSED_ARGC;
  lo_layout l;
  lo_int c;
  if (get_layout(a, 0, &l, err) || lo_cosize(&l, &c, err)) return err->code;
  out_int(o, c);
  return LO_OK;
}

OP(rank) {
  UNUSED_ARGC;
  lo_tuple t;
  if (get_shape(a, 0, &t, err)) return err->code;
  out_int(o, lo_tuple_rank(&t));
  return LO_OK;
}

OP(depth) {
  UNUSED_ARGC;
  lo_tuple t;
  if (get_shape(a, 0, &t, err)) return err->code;
  out_int(o, lo_tuple_depth(&t));
  return LO_OK;
}

OP(len) {
  UNUSED_ARGC;
  lo_tuple t;
  if (get_shape(a, 0, &t, err)) return err->code;
  out_int(o, t.len);
  return LO_OK;
}

/* (rank,len,depth[,size]) of a tuple or layout. */
static int rank_len_depth(args a, int with_size, out *o, lo_err *err) {
  lo_tuple t;
  if (get_shape(a, 0, &t, err)) return err->code;
  out_str(o, "(");
  out_int(o, lo_tuple_rank(&t));
  out_str(o, ",");
  out_int(o, t.len);
  out_str(o, ",");
  out_int(o, lo_tuple_depth(&t));
  if (with_size) {
    lo_int s;
    if (lo_tuple_size(&t, &s, err)) return err->code;
    out_str(o, ",");
    out_int(o, s);
  }
  out_str(o, ")");
  return LO_OK;
}

OP(rank_len_depth) {
  UNUSED_ARGC;
  return rank_len_depth(a, 0, o, err);
}
OP(rank_len_depth_size) {
  UNUSED_ARGC;
  return rank_len_depth(a, 1, o, err);
}

OP(flatten) {
  UNUSED_ARGC;
  if (is_layout(a, 0)) {
    lo_layout l, r;
    if (get_layout(a, 0, &l, err)) return err->code;
    lo_layout_flatten(&l, &r);
    out_layout(o, &r);
    return LO_OK;
  }
  lo_tuple t, r;
  if (get_profile(a, 0, &t, err)) return err->code;
  lo_tuple_flatten(&t, &r);
  out_tuple(o, &r);
  return LO_OK;
}

/* "X-flat; prof(X)". */
OP(flatten_profile) {
  UNUSED_ARGC;
  lo_tuple t, r;
  if (get_profile(a, 0, &t, err)) return err->code;
  lo_tuple_flatten(&t, &r);
  out_tuple(o, &r);
  out_str(o, "; ");
  for (int i = 0; i < t.len; i++) t.leaf[i] = 0;
  out_tuple(o, &t);
  return LO_OK;
}

/* Mode k of a layout or tuple. */
OP(mode) {
  UNUSED_ARGC;
  if (is_layout(a, 0)) {
    lo_layout l, r;
    int k;
    if (get_layout(a, 0, &l, err) || get_pos(a, 1, lo_tuple_rank(&l.shape), &k, err) ||
        lo_layout_mode(&l, k, &r, err))
      return err->code;
    out_layout(o, &r);
    return LO_OK;
  }
  lo_tuple t, r;
  int k;
  if (get_profile(a, 0, &t, err) || get_pos(a, 1, lo_tuple_rank(&t), &k, err) ||
      lo_tuple_mode(&t, k, &r, NULL, err))
    return err->code;
  out_tuple(o, &r);
  return LO_OK;
}

/* All modes (entries when leaves is set), separated by "; ". */
static int list_parts(args a, int leaves, out *o, lo_err *err) {
  if (is_layout(a, 0)) {
    lo_layout l, r;
    if (get_layout(a, 0, &l, err)) return err->code;
    int n = leaves ? l.shape.len : lo_tuple_rank(&l.shape);
    for (int k = 1; k <= n; k++) {
      if (k > 1) out_str(o, "; ");
      if (leaves)
        lo_layout_scalar(&r, l.shape.leaf[k - 1], l.stride[k - 1]);
      else if (lo_layout_mode(&l, k, &r, err))
        return err->code;
      out_layout(o, &r);
    }
    return LO_OK;
  }
  lo_tuple t, r;
  if (get_profile(a, 0, &t, err)) return err->code;
  int n = leaves ? t.len : lo_tuple_rank(&t);
  if (!leaves && t.ntok == 2) n = 0; /* () has no modes */
  for (int k = 1; k <= n; k++) {
    if (k > 1) out_str(o, "; ");
    if (leaves)
      lo_tuple_int(&r, t.leaf[k - 1]);
    else if (lo_tuple_mode(&t, k, &r, NULL, err))
      return err->code;
    out_tuple(o, &r);
  }
  return LO_OK;
}

OP(modes) {
  UNUSED_ARGC;
  return list_parts(a, 0, o, err);
}
OP(entries) {
  UNUSED_ARGC;
  return list_parts(a, 1, o, err);
}

OP(congruent) {
  UNUSED_ARGC;
  lo_tuple x, y;
  if (get_shape(a, 0, &x, err) || get_shape(a, 1, &y, err)) return err->code;
  out_bool(o, lo_tuple_congruent(&x, &y));
  return LO_OK;
}

OP(apply) {
  UNUSED_ARGC;
  lo_layout l;
  lo_int x, v;
  if (get_layout(a, 0, &l, err) || get_int(a, 1, &x, err) || lo_apply(&l, x, &v, err))
    return err->code;
  out_int(o, v);
  return LO_OK;
}

/* phi_L at multi-indices "(x..);(y..)": coordinates congruent to the
** shape's flattening, each within its extent. */
OP(coordinate) {
  UNUSED_ARGC;
  lo_layout l;
  char buf[4096];
  const char *piece[256];
  int n;
  if (get_layout(a, 0, &l, err) || split_semis(a[1], buf, sizeof buf, piece, 256, &n, err))
    return err->code;
  for (int k = 0; k < n; k++) {
    lo_tuple c;
    lo_int v = 0, t;
    if (lo_parse_index(piece[k], &c, err)) return arg_fail(1, err);
    if (c.len != l.shape.len)
      return lo_fail(err, LO_EUNDEF, "coordinate %d has %d entries, the layout %d", k + 1, c.len,
                     l.shape.len);
    for (int i = 0; i < c.len; i++) {
      if (c.leaf[i] >= l.shape.leaf[i])
        return lo_fail(err, LO_EUNDEF, "coordinate %d: entry %d is outside [0,%lld)", k + 1, i + 1,
                       (long long)l.shape.leaf[i]);
      if (lo_mul(c.leaf[i], l.stride[i], &t, "coordinate", err) ||
          lo_add(v, t, &v, "coordinate", err))
        return err->code;
    }
    if (k) out_str(o, "; ");
    out_int(o, v);
  }
  return LO_OK;
}

/* Enumerate Phi_L into a new array (caller frees). */
static int function_new(const lo_layout *l, lo_int **vals, lo_int *n, lo_err *err) {
  lo_int size;
  if (lo_size(l, &size, err)) return err->code;
  if (size > ENUM_LIMIT)
    return lo_fail(err, LO_ELIMIT, "size %lld is too large to enumerate (limit %lld)",
                   (long long)size, (long long)ENUM_LIMIT);
  *vals = malloc((size_t)size * sizeof(lo_int));
  if (!*vals) return lo_fail(err, LO_ELIMIT, "out of memory");
  if (lo_layout_function(l, *vals, size, n, err)) {
    free(*vals);
    *vals = NULL;
    return err->code;
  }
  return LO_OK;
}

OP(layout_function) {
  UNUSED_ARGC;
  lo_layout l;
  lo_int *v, n;
  if (get_layout(a, 0, &l, err) || function_new(&l, &v, &n, err)) return err->code;
  out_str(o, "[");
  for (lo_int x = 0; x < n; x++) {
    if (x) out_str(o, ",");
    out_int(o, v[x]);
  }
  out_str(o, "]");
  free(v);
  return LO_OK;
}

OP(same_layout_function) {
  UNUSED_ARGC;
  lo_layout x, y;
  lo_int *u, *v, nu, nv;
  if (get_layout(a, 0, &x, err) || get_layout(a, 1, &y, err) || function_new(&x, &u, &nu, err))
    return err->code;
  if (function_new(&y, &v, &nv, err)) {
    free(u);
    return err->code;
  }
  out_bool(o, nu == nv && memcmp(u, v, (size_t)nu * sizeof(lo_int)) == 0);
  free(u);
  free(v);
  return LO_OK;
}

/* [0,S) in colexicographic order, as flat tuples of coordinates. */
OP(index_set) {
  UNUSED_ARGC;
  lo_tuple s;
  lo_int size, c[LO_MAX_LEAVES] = {0};
  if (get_tuple(a, 0, &s, err) || lo_tuple_size(&s, &size, err)) return err->code;
  if (size > ENUM_LIMIT)
    return lo_fail(err, LO_ELIMIT, "size %lld too large to list", (long long)size);
  out_str(o, "[");
  for (lo_int x = 0; x < size; x++) {
    out_str(o, x ? ",(" : "(");
    for (int i = 0; i < s.len; i++) {
      if (i) out_str(o, ",");
      out_int(o, c[i]);
    }
    out_str(o, ")");
    for (int i = 0; i < s.len && ++c[i] == s.leaf[i]; i++) c[i] = 0;
  }
  out_str(o, "]");
  return LO_OK;
}

/* ------------------------------------------------ coalesce, filter, ... */

OP(coalesce) {
  if (is_morphism(a, 0)) {
    if (argc != 1)
      return lo_fail(err, LO_EUNSUPPORTED, "coalesce of a morphism takes one argument");
    return mor1(lo_morphism_coalesce, a, o, err);
  }
  if (argc == 1) return lay1(lo_coalesce, a, o, err);
  lo_layout l, r;
  lo_tuple p;
  if (get_layout(a, 0, &l, err) || get_profile(a, 1, &p, err) ||
      lo_coalesce_profile(&l, &p, &r, err))
    return err->code;
  out_layout(o, &r);
  return LO_OK;
}

OP(flat_coalesce) {
  UNUSED_ARGC;
  return lay1(lo_flat_coalesce, a, o, err);
}
OP(filter) {
  UNUSED_ARGC;
  return lay1(lo_filter, a, o, err);
}

/* The paper's flat filter: keep the modes with non-zero stride. */
static int flat_filter(const lo_layout *l, lo_layout *out, lo_err *err) {
  (void)err;
  lo_mode m[LO_MAX_LEAVES];
  int n = lo_modes_of(l, m), k = 0;
  for (int i = 0; i < n; i++)
    if (m[i].d != 0) m[k++] = m[i];
  lo_layout_flat_modes(out, m, k);
  return LO_OK;
}
OP(flat_filter) {
  UNUSED_ARGC;
  return lay1(flat_filter, a, o, err);
}

OP(squeeze) {
  UNUSED_ARGC;
  return is_morphism(a, 0) ? mor1(lo_morphism_squeeze, a, o, err) : lay1(lo_squeeze, a, o, err);
}

OP(sort) {
  UNUSED_ARGC;
  return is_morphism(a, 0) ? mor1(lo_morphism_sort, a, o, err) : lay1(lo_sort, a, o, err);
}

/* Restriction to the (flattened) entries in I. */
OP(restrict) {
  UNUSED_ARGC;
  int idx[LO_MAX_LEAVES], n;
  if (get_index_set(a, 1, idx, &n, err)) return err->code;
  if (is_morphism(a, 0)) {
    lo_morphism f, r;
    if (get_morphism(a, 0, &f, err) || lo_morphism_restrict(&f, idx, n, &r, err)) return err->code;
    out_morphism(o, &r);
    return LO_OK;
  }
  lo_layout l, r;
  lo_mode m[LO_MAX_LEAVES], k[LO_MAX_LEAVES];
  if (get_layout(a, 0, &l, err)) return err->code;
  int nm = lo_modes_of(&l, m);
  for (int i = 0; i < n; i++) {
    if (idx[i] > nm) return lo_fail(err, LO_EUNDEF, "index %d outside 1..%d", idx[i], nm);
    if (i && idx[i] <= idx[i - 1]) return lo_fail(err, LO_EUNDEF, "index set must increase");
    k[i] = m[idx[i] - 1];
  }
  lo_layout_flat_modes(&r, k, n);
  out_layout(o, &r);
  return LO_OK;
}

/* Parse cycles "(1 2)(3 4 5)" into sigma over 1..n (identity elsewhere). */
static int get_cycles(args a, int i, int n, int *sigma, lo_err *err) {
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

/* X^sigma = (x_sigma(1), ..., x_sigma(m)) over the top-level modes. */
OP(permute) {
  UNUSED_ARGC;
  int sigma[LO_MAX_LEAVES + 1];
  if (is_layout(a, 0)) {
    lo_layout l, m[LO_MAX_LEAVES], r;
    const lo_layout *pp[LO_MAX_LEAVES];
    if (get_layout(a, 0, &l, err)) return err->code;
    int n = lo_tuple_rank(&l.shape);
    if (get_cycles(a, 1, n, sigma, err)) return err->code;
    for (int k = 1; k <= n; k++) {
      if (lo_layout_mode(&l, sigma[k], &m[k - 1], err)) return err->code;
      pp[k - 1] = &m[k - 1];
    }
    if (lo_layout_nest(pp, n, &r, err)) return err->code;
    out_layout(o, &r);
    return LO_OK;
  }
  lo_tuple t, m[LO_MAX_LEAVES], r;
  const lo_tuple *pp[LO_MAX_LEAVES];
  if (get_profile(a, 0, &t, err)) return err->code;
  int n = lo_tuple_rank(&t);
  if (get_cycles(a, 1, n, sigma, err)) return err->code;
  for (int k = 1; k <= n; k++) {
    if (lo_tuple_mode(&t, sigma[k], &m[k - 1], NULL, err)) return err->code;
    pp[k - 1] = &m[k - 1];
  }
  if (lo_tuple_nest(pp, n, &r, err)) return err->code;
  out_tuple(o, &r);
  return LO_OK;
}

/* A * B for tuples, layouts or morphisms. */
OP(flat_concat) {
  UNUSED_ARGC;
  if (is_morphism(a, 0)) return mor2(lo_morphism_flat_concat, a, o, err);
  if (is_layout(a, 0)) return lay2(lo_flat_concat, a, 0, o, err);
  lo_tuple x, y, fx, fy;
  if (get_profile(a, 0, &x, err) || get_profile(a, 1, &y, err)) return err->code;
  lo_tuple_flatten(&x, &fx);
  lo_tuple_flatten(&y, &fy);
  fx.ntok--; /* reopen, append the leaves of y, close */
  for (int i = 0; i < fy.len; i++) {
    lo_tuple leaf;
    lo_tuple_int(&leaf, fy.leaf[i]);
    if (lo_tuple_append(&fx, &leaf, err)) return err->code;
  }
  fx.tok[fx.ntok++] = ')';
  out_tuple(o, &fx);
  return LO_OK;
}

/* (X1, ..., Xn): nested concatenation of layouts, morphisms or tuples. */
OP(concat) {
  if (is_morphism(a, 0)) {
    lo_morphism f[8], r;
    const lo_morphism *fp[8];
    if (argc > 8) return lo_fail(err, LO_ELIMIT, "concat takes at most 8 morphisms");
    for (int i = 0; i < argc; i++) {
      if (get_morphism(a, i, &f[i], err)) return err->code;
      fp[i] = &f[i];
    }
    if (lo_morphism_concat(fp, argc, &r, err)) return err->code;
    out_morphism(o, &r);
    return LO_OK;
  }
  if (is_layout(a, 0)) {
    lo_layout l[8], r;
    const lo_layout *lp[8];
    if (argc > 8) return lo_fail(err, LO_ELIMIT, "concat takes at most 8 layouts");
    for (int i = 0; i < argc; i++) {
      if (get_layout(a, i, &l[i], err)) return err->code;
      lp[i] = &l[i];
    }
    if (lo_layout_nest(lp, argc, &r, err)) return err->code;
    out_layout(o, &r);
    return LO_OK;
  }
  lo_tuple t[8], r;
  const lo_tuple *tp[8];
  if (argc > 8) return lo_fail(err, LO_ELIMIT, "concat takes at most 8 tuples");
  for (int i = 0; i < argc; i++) {
    if (get_profile(a, i, &t[i], err)) return err->code;
    tp[i] = &t[i];
  }
  if (lo_tuple_nest(tp, argc, &r, err)) return err->code;
  out_tuple(o, &r);
  return LO_OK;
}

/* substitute P "X1; ...; Xn" (items, or one flat tuple read as the
** flattening) or substitute P L (the modes of L into P). */
OP(substitute) {
  UNUSED_ARGC;
  lo_tuple p;
  if (get_profile(a, 0, &p, err)) return err->code;
  if (is_layout(a, 1)) {
    lo_layout l, r;
    lo_tuple items[LO_MAX_LEAVES];
    if (get_layout(a, 1, &l, err)) return err->code;
    int n = lo_tuple_is_int(&l.shape) ? 1 : lo_tuple_rank(&l.shape);
    if (l.shape.ntok == 2) n = 0;
    if (n != p.len)
      return lo_fail(err, LO_EUNDEF, "the layout has %d modes, the profile %d leaves", n, p.len);
    for (int k = 1; k <= n; k++) {
      lo_layout m;
      if (lo_layout_mode(&l, k, &m, err)) return err->code;
      items[k - 1] = m.shape;
    }
    if (lo_tuple_substitute(&p, items, &r.shape, err)) return err->code;
    memcpy(r.stride, l.stride, (size_t)l.shape.len * sizeof(lo_int));
    r.is_tiler = 0;
    out_layout(o, &r);
    return LO_OK;
  }
  char buf[4096];
  const char *piece[LO_MAX_LEAVES];
  lo_tuple items[LO_MAX_LEAVES], r;
  int n;
  if (split_semis(a[1], buf, sizeof buf, piece, LO_MAX_LEAVES, &n, err)) return err->code;
  for (int k = 0; k < n; k++)
    if (lo_parse_profile(piece[k], &items[k], err)) return arg_fail(1, err);
  if (n == 1 && lo_tuple_depth(&items[0]) == 1 && items[0].len == p.len &&
      items[0].ntok == p.len + 2) {
    lo_tuple flat = items[0];
    for (int k = 0; k < p.len; k++) lo_tuple_int(&items[k], flat.leaf[k]);
    n = p.len;
  }
  if (n != p.len) return lo_fail(err, LO_EUNDEF, "%d items for a profile of %d leaves", n, p.len);
  if (lo_tuple_substitute(&p, items, &r, err)) return err->code;
  out_tuple(o, &r);
  return LO_OK;
}

/* ----------------------------------------------------------- complements */

/* complement L [N] (CuTe), or the complement of a morphism. */
OP(complement) {
  if (is_morphism(a, 0)) {
    if (argc != 1)
      return lo_fail(err, LO_EUNSUPPORTED, "complement of a morphism takes one argument");
    return mor1(lo_morphism_complement, a, o, err);
  }
  lo_layout l, r;
  lo_int n = -1;
  if (get_layout(a, 0, &l, err) || (argc > 1 && get_int(a, 1, &n, err)) ||
      lo_complement(&l, n, &r, err))
    return err->code;
  out_layout(o, &r);
  return LO_OK;
}

typedef int (*comp_fn)(const lo_layout *, lo_int, lo_layout *, lo_err *);

static int complement_with(comp_fn fn, int argc, args a, out *o, lo_err *err) {
  lo_layout l, r;
  lo_int n = -1;
  if (get_layout(a, 0, &l, err) || (argc > 1 && get_int(a, 1, &n, err)) || fn(&l, n, &r, err))
    return err->code;
  out_layout(o, &r);
  return LO_OK;
}

OP(paper_complement) { return complement_with(lo_paper_complement, argc, a, o, err); }
OP(flat_complement) { return complement_with(lo_flat_complement, argc, a, o, err); }

/* Is B a complement of A (A*B compact)?  With N: also size(A)size(B) = N.
** For morphisms: same codomain, disjoint images covering it. */
static int complement_test(args a, int with_n, out *o, lo_err *err) {
  if (is_morphism(a, 0)) {
    lo_morphism f, g, h;
    if (get_morphism(a, 0, &f, err) || get_morphism(a, 1, &g, err)) return err->code;
    if (lo_morphism_flat_concat(&f, &g, &h, err)) {
      out_bool(o, 0);
      return LO_OK;
    }
    out_bool(o, h.dom.len == h.cod.len && lo_morphism_is_injective(&h));
    return LO_OK;
  }
  lo_layout x, y, c;
  lo_int n = 0, sx, sy, s;
  if (get_layout(a, 0, &x, err) || get_layout(a, 1, &y, err) ||
      (with_n && get_int(a, 2, &n, err)) || lo_flat_concat(&x, &y, &c, err) ||
      lo_size(&x, &sx, err) || lo_size(&y, &sy, err) || lo_mul(sx, sy, &s, "size", err))
    return err->code;
  out_bool(o, lo_is_compact(&c) && (!with_n || s == n));
  return LO_OK;
}

OP(is_complement) {
  UNUSED_ARGC;
  return complement_test(a, 0, o, err);
}
OP(is_N_complement) {
  UNUSED_ARGC;
  return complement_test(a, 1, o, err);
}

OP(is_complementable) {
  if (is_morphism(a, 0)) {
    lo_morphism f;
    if (get_morphism(a, 0, &f, err)) return err->code;
    out_bool(o, lo_morphism_is_injective(&f));
    return LO_OK;
  }
  lo_layout l;
  lo_int n;
  if (get_layout(a, 0, &l, err)) return err->code;
  if (argc == 1) {
    out_bool(o, lo_is_complementable(&l));
    return LO_OK;
  }
  if (get_int(a, 1, &n, err)) return err->code;
  out_bool(o, lo_is_n_complementable(&l, n));
  return LO_OK;
}

/* --------------------------------------------- composition and friends */

/* composition A B (layouts, B may be a tiler) or composition g f. */
OP(composition) {
  UNUSED_ARGC;
  if (is_morphism(a, 0)) return mor2(lo_morphism_compose, a, o, err);
  return lay2(lo_composition, a, 1, o, err);
}

OP(paper_composition) {
  UNUSED_ARGC;
  return lay2(lo_paper_composition, a, 0, o, err);
}
OP(flat_composition) {
  UNUSED_ARGC;
  return lay2(lo_flat_composition, a, 0, o, err);
}
OP(composition_algorithm) {
  UNUSED_ARGC;
  return lay2(lo_composition_algorithm, a, 0, o, err);
}

OP(logical_divide) {
  UNUSED_ARGC;
  if (is_morphism(a, 0)) return mor2(lo_morphism_logical_divide, a, o, err);
  return lay2(lo_logical_divide, a, 1, o, err);
}

OP(logical_product) {
  UNUSED_ARGC;
  if (is_morphism(a, 0)) return mor2(lo_morphism_logical_product, a, o, err);
  return lay2(lo_logical_product, a, 1, o, err);
}

OP(zipped_divide) {
  UNUSED_ARGC;
  return lay2(lo_zipped_divide, a, 1, o, err);
}
OP(tiled_divide) {
  UNUSED_ARGC;
  return lay2(lo_tiled_divide, a, 1, o, err);
}
OP(zipped_product) {
  UNUSED_ARGC;
  return lay2(lo_zipped_product, a, 1, o, err);
}
OP(tiled_product) {
  UNUSED_ARGC;
  return lay2(lo_tiled_product, a, 1, o, err);
}
OP(paper_logical_divide) {
  UNUSED_ARGC;
  return lay2(lo_paper_logical_divide, a, 0, o, err);
}
OP(paper_logical_product) {
  UNUSED_ARGC;
  return lay2(lo_paper_logical_product, a, 0, o, err);
}

OP(flat_divide) {
  UNUSED_ARGC;
  if (is_morphism(a, 0)) return mor2(lo_morphism_flat_divide, a, o, err);
  return lay2(lo_flat_divide, a, 0, o, err);
}

OP(flat_product) {
  UNUSED_ARGC;
  if (is_morphism(a, 0)) return mor2(lo_morphism_flat_product, a, o, err);
  return lay2(lo_flat_product, a, 0, o, err);
}

OP(right_inverse) {
  UNUSED_ARGC;
  return lay1(lo_right_inverse, a, o, err);
}
OP(left_inverse) {
  UNUSED_ARGC;
  return lay1(lo_left_inverse, a, o, err);
}

/* ------------------------------------------------------------ predicates */

OP(is_tractable) {
  UNUSED_ARGC;
  return pred(lo_is_tractable, a, o, err);
}
OP(is_compact) {
  UNUSED_ARGC;
  return pred(lo_is_compact, a, o, err);
}
OP(is_flat_coalesced) {
  UNUSED_ARGC;
  return pred(lo_is_flat_coalesced, a, o, err);
}

OP(is_coalesced) {
  UNUSED_ARGC;
  if (!is_morphism(a, 0)) return pred(lo_is_coalesced, a, o, err);
  lo_morphism f;
  lo_layout l;
  if (get_morphism(a, 0, &f, err) || lo_morphism_layout(&f, &l, err)) return err->code;
  out_bool(o, lo_is_flat_coalesced(&l));
  return LO_OK;
}

OP(is_sorted) {
  UNUSED_ARGC;
  if (!is_morphism(a, 0)) return pred(lo_is_sorted, a, o, err);
  lo_morphism f, s;
  if (get_morphism(a, 0, &f, err) || lo_morphism_sort(&f, &s, err)) return err->code;
  out_bool(o, memcmp(f.map, s.map, (size_t)f.dom.len * sizeof(int)) == 0 &&
                  memcmp(f.dom.leaf, s.dom.leaf, (size_t)f.dom.len * sizeof(lo_int)) == 0);
  return LO_OK;
}

OP(is_nondegenerate) {
  UNUSED_ARGC;
  if (!is_morphism(a, 0)) return pred(lo_is_nondegenerate, a, o, err);
  lo_morphism f;
  if (get_morphism(a, 0, &f, err)) return err->code;
  out_bool(o, lo_morphism_is_nondegenerate(&f));
  return LO_OK;
}

/* Column-major (d_i = s_1...s_{i-1}) or row-major (d_i = s_{i+1}...s_m)
** over the flattening. */
static int major(args a, int row, out *o, lo_err *err) {
  lo_layout l;
  lo_int w = 1;
  int ok = 1;
  if (get_layout(a, 0, &l, err)) return err->code;
  for (int k = 0; k < l.shape.len; k++) {
    int i = row ? l.shape.len - 1 - k : k;
    if (l.stride[i] != w) ok = 0;
    if (lo_mul(w, l.shape.leaf[i], &w, "size", err)) return err->code;
  }
  out_bool(o, ok);
  return LO_OK;
}

OP(is_column_major) {
  UNUSED_ARGC;
  return major(a, 0, o, err);
}
OP(is_row_major) {
  UNUSED_ARGC;
  return major(a, 1, o, err);
}

/* true when the text parses as a layout (shape and stride congruent). */
OP(is_layout) {
  UNUSED_ARGC;
  lo_layout l;
  lo_err e;
  out_bool(o, lo_parse_layout(a[0], &l, &e) == LO_OK && !l.is_tiler);
  (void)err;
  return LO_OK;
}

/* s:d precedes s':d' in the order of Def 2.1.3.23. */
OP(mode_leq) {
  UNUSED_ARGC;
  lo_layout x, y;
  if (get_layout(a, 0, &x, err) || get_layout(a, 1, &y, err)) return err->code;
  if (x.shape.len != 1 || y.shape.len != 1)
    return lo_fail(err, LO_EUNDEF, "mode_leq takes two single modes");
  out_bool(o, x.stride[0] < y.stride[0] ||
                  (x.stride[0] == y.stride[0] && x.shape.leaf[0] <= y.shape.leaf[0]));
  return LO_OK;
}

/* ---------------------------------------------------- nested tuples */

/* X' divides X: the flattening of X' is a prefix of that of X. */
OP(tuple_divides) {
  UNUSED_ARGC;
  lo_tuple x, y;
  if (get_tuple(a, 0, &x, err) || get_tuple(a, 1, &y, err)) return err->code;
  int ok = x.len <= y.len && memcmp(x.leaf, y.leaf, (size_t)x.len * sizeof(lo_int)) == 0;
  out_bool(o, ok);
  return LO_OK;
}

OP(refines) {
  UNUSED_ARGC;
  lo_tuple x, y;
  if (get_tuple(a, 0, &x, err) || get_tuple(a, 1, &y, err)) return err->code;
  out_bool(o, lo_refines(&x, &y));
  return LO_OK;
}

/* Relative modes of X' over X, or of a layout over a nested tuple. */
OP(relative_modes) {
  UNUSED_ARGC;
  lo_tuple x, y, m[LO_MAX_LEAVES];
  lo_layout l;
  int n, lay = is_layout(a, 0);
  if (lay) {
    if (get_layout(a, 0, &l, err)) return err->code;
    x = l.shape;
  } else if (get_tuple(a, 0, &x, err)) {
    return err->code;
  }
  if (get_tuple(a, 1, &y, err) || lo_relative_modes(&x, &y, m, LO_MAX_LEAVES, &n, err))
    return err->code;
  int at = 0;
  for (int k = 0; k < n; k++) {
    if (k) out_str(o, "; ");
    if (lay) {
      lo_layout r;
      if (lo_layout_make(&m[k], l.stride + at, &r, err)) return err->code;
      out_layout(o, &r);
    } else {
      out_tuple(o, &m[k]);
    }
    at += m[k].len;
  }
  return LO_OK;
}

/* flat(X', X): the tuple of relative modes. */
OP(relative_flatten) {
  UNUSED_ARGC;
  lo_tuple x, y, m[LO_MAX_LEAVES], r;
  const lo_tuple *mp[LO_MAX_LEAVES];
  int n;
  if (get_tuple(a, 0, &x, err) || get_tuple(a, 1, &y, err) ||
      lo_relative_modes(&x, &y, m, LO_MAX_LEAVES, &n, err))
    return err->code;
  for (int k = 0; k < n; k++) mp[k] = &m[k];
  if (lo_tuple_nest(mp, n, &r, err)) return err->code;
  out_tuple(o, &r);
  return LO_OK;
}

OP(mutual_refinement) {
  UNUSED_ARGC;
  lo_tuple t, u, tp, up;
  if (get_tuple(a, 0, &t, err) || get_tuple(a, 1, &u, err) ||
      lo_mutual_refinement(&t, &u, &tp, &up, err))
    return err->code;
  out_tuple(o, &tp);
  out_str(o, " ");
  out_tuple(o, &up);
  return LO_OK;
}

/* ------------------------------------------------------------ morphisms */

OP(morphism) {
  UNUSED_ARGC;
  lo_layout l;
  lo_morphism f;
  if (get_layout(a, 0, &l, err) || lo_morphism_of_layout(&l, &f, err)) return err->code;
  out_morphism(o, &f);
  return LO_OK;
}

OP(layout) {
  UNUSED_ARGC;
  lo_morphism f;
  lo_layout l;
  if (get_morphism(a, 0, &f, err) || lo_morphism_layout(&f, &l, err)) return err->code;
  out_layout(o, &l);
  return LO_OK;
}

OP(is_standard_form) {
  UNUSED_ARGC;
  lo_morphism f;
  if (get_morphism(a, 0, &f, err)) return err->code;
  out_bool(o, lo_morphism_is_standard(&f));
  return LO_OK;
}

/* true for a valid morphism, false for one whose map is not (a syntax
** error stays an error). */
OP(is_valid_morphism) {
  UNUSED_ARGC;
  lo_morphism f;
  int rc = lo_parse_morphism(a[0], &f, err);
  if (rc && rc != LO_EUNDEF) return arg_fail(0, err);
  out_bool(o, rc == LO_OK);
  return LO_OK;
}

/* A map "(a1,...,am)" with entries in {*,1..n}; tractable also asks for
** at most one preimage per position. */
static int map_test(args a, int tractable, out *o, lo_err *err) {
  lo_int n;
  int ok = 1, seen[LO_MAX_LEAVES + 1] = {0};
  const char *s = a[0];
  if (get_int(a, 1, &n, err)) return err->code;
  while (*s == ' ') s++;
  if (*s++ != '(') return lo_fail(err, LO_ESYNTAX, "argument 1: expected '('");
  for (;;) {
    while (*s == ' ') s++;
    if (*s == ')') break;
    if (*s == '*') {
      s++;
    } else {
      char *end;
      long v = strtol(s, &end, 10);
      if (end == s) return lo_fail(err, LO_ESYNTAX, "argument 1: expected a position or '*'");
      if (v < 1 || v > n)
        ok = 0;
      else if (v <= LO_MAX_LEAVES && seen[v]++ && tractable)
        ok = 0;
      s = end;
    }
    while (*s == ' ') s++;
    if (*s == ',')
      s++;
    else if (*s != ')')
      return lo_fail(err, LO_ESYNTAX, "argument 1: expected ',' or ')'");
  }
  while (*++s == ' ')
    ;
  if (*s) return lo_fail(err, LO_ESYNTAX, "argument 1: text after ')'");
  out_bool(o, ok);
  return LO_OK;
}

OP(is_pointed_map) {
  UNUSED_ARGC;
  return map_test(a, 0, o, err);
}
OP(is_tractable_map) {
  UNUSED_ARGC;
  return map_test(a, 1, o, err);
}

OP(identity) {
  UNUSED_ARGC;
  lo_tuple s;
  lo_morphism f;
  if (get_tuple(a, 0, &s, err)) return err->code;
  lo_morphism_identity(&s, &f);
  out_morphism(o, &f);
  return LO_OK;
}

OP(sum) {
  UNUSED_ARGC;
  return mor2(lo_morphism_sum, a, o, err);
}

OP(disjoint_images) {
  UNUSED_ARGC;
  lo_morphism f, g;
  char hit[LO_MAX_LEAVES + 1] = {0};
  int ok = 1;
  if (get_morphism(a, 0, &f, err) || get_morphism(a, 1, &g, err)) return err->code;
  for (int i = 0; i < f.dom.len; i++) hit[f.map[i]] = 1;
  for (int i = 0; i < g.dom.len; i++)
    if (g.map[i] && hit[g.map[i]]) ok = 0;
  out_bool(o, ok);
  return LO_OK;
}

/* f restricted to entry i. */
OP(entry) {
  UNUSED_ARGC;
  lo_morphism f, r;
  int k;
  if (get_morphism(a, 0, &f, err) || get_pos(a, 1, f.dom.len, &k, err) ||
      lo_morphism_restrict(&f, &k, 1, &r, err))
    return err->code;
  out_morphism(o, &r);
  return LO_OK;
}

OP(factorize) {
  UNUSED_ARGC;
  lo_morphism f, r;
  int idx[LO_MAX_LEAVES], n;
  if (get_morphism(a, 0, &f, err) || get_index_set(a, 1, idx, &n, err) ||
      lo_morphism_factorize(&f, idx, n, &r, err))
    return err->code;
  out_morphism(o, &r);
  return LO_OK;
}

OP(pullback) {
  UNUSED_ARGC;
  lo_morphism f, r;
  lo_tuple t;
  if (get_morphism(a, 0, &f, err) || get_tuple(a, 1, &t, err) || lo_pullback(&f, &t, &r, err))
    return err->code;
  out_morphism(o, &r);
  return LO_OK;
}

OP(pushforward) {
  UNUSED_ARGC;
  lo_morphism f, r;
  lo_tuple t;
  if (get_morphism(a, 0, &f, err) || get_tuple(a, 1, &t, err) || lo_pushforward(&f, &t, &r, err))
    return err->code;
  out_morphism(o, &r);
  return LO_OK;
}

/* f' = i o pullback(f, T') for the prefix inclusion i : T' -> U'. */
OP(pullback_then_include) {
  UNUSED_ARGC;
  lo_morphism f, ft, inc, r;
  lo_tuple tp, up;
  if (get_morphism(a, 0, &f, err) || get_tuple(a, 1, &tp, err) || get_tuple(a, 2, &up, err) ||
      lo_pullback(&f, &tp, &ft, err))
    return err->code;
  if (tp.len > up.len || memcmp(tp.leaf, up.leaf, (size_t)tp.len * sizeof(lo_int)))
    return lo_fail(err, LO_EUNDEF, "the flattening of T' is not a prefix of that of U'");
  inc.dom = tp;
  inc.cod = up;
  for (int i = 0; i < tp.len; i++) inc.map[i] = i + 1;
  if (lo_morphism_compose(&inc, &ft, &r, err)) return err->code;
  out_morphism(o, &r);
  return LO_OK;
}

OP(weak_composite) {
  UNUSED_ARGC;
  return mor2(lo_weak_composite, a, o, err);
}

/* The inclusion of entry i (as an integer) or of mode i of S into S. */
static int inclusion(args a, int whole_mode, out *o, lo_err *err) {
  lo_tuple s;
  lo_morphism f;
  int k, first;
  if (get_tuple(a, 0, &s, err)) return err->code;
  if (get_pos(a, 1, whole_mode ? lo_tuple_rank(&s) : s.len, &k, err)) return err->code;
  if (whole_mode) {
    if (lo_tuple_mode(&s, k, &f.dom, &first, err)) return err->code;
  } else {
    lo_tuple_int(&f.dom, s.leaf[k - 1]);
    first = k - 1;
  }
  for (int i = 0; i < f.dom.len; i++) f.map[i] = first + i + 1;
  f.cod = s;
  out_morphism(o, &f);
  return LO_OK;
}

OP(entry_inclusion) {
  UNUSED_ARGC;
  return inclusion(a, 0, o, err);
}
OP(mode_inclusion) {
  UNUSED_ARGC;
  return inclusion(a, 1, o, err);
}

/* incl_i(S', S) : mode_i(S', S) -> S' at its positions. */
static int rel_inclusion(const lo_tuple *sp, const lo_tuple *s, int k, lo_morphism *f,
                         lo_err *err) {
  lo_tuple m[LO_MAX_LEAVES];
  int n, at = 0;
  if (lo_relative_modes(sp, s, m, LO_MAX_LEAVES, &n, err)) return err->code;
  if (k < 1 || k > n) return lo_fail(err, LO_EUNDEF, "relative mode %d outside 1..%d", k, n);
  for (int j = 0; j < k - 1; j++) at += m[j].len;
  f->dom = m[k - 1];
  f->cod = *sp;
  for (int i = 0; i < f->dom.len; i++) f->map[i] = at + i + 1;
  return LO_OK;
}

OP(relative_mode_inclusion) {
  UNUSED_ARGC;
  lo_tuple sp, s;
  lo_morphism f;
  lo_int k;
  if (get_tuple(a, 0, &sp, err) || get_tuple(a, 1, &s, err) || get_int(a, 2, &k, err) ||
      rel_inclusion(&sp, &s, (int)(k > LO_MAX_LEAVES ? 0 : k), &f, err))
    return err->code;
  out_morphism(o, &f);
  return LO_OK;
}

/* mode_i(f', S) = f' o incl_i(domain f', S). */
OP(relative_mode) {
  UNUSED_ARGC;
  lo_morphism f, inc, r;
  lo_tuple s;
  lo_int k;
  if (get_morphism(a, 0, &f, err) || get_tuple(a, 1, &s, err) || get_int(a, 2, &k, err) ||
      rel_inclusion(&f.dom, &s, (int)(k > LO_MAX_LEAVES ? 0 : k), &inc, err) ||
      lo_morphism_compose(&f, &inc, &r, err))
    return err->code;
  out_morphism(o, &r);
  return LO_OK;
}

/* "sort f; sort g" (Remark 3.1.5.19: sort is not a functor). */
OP(sort_not_functorial) {
  UNUSED_ARGC;
  lo_morphism f, g, sf, sg;
  if (get_morphism(a, 0, &f, err) || get_morphism(a, 1, &g, err) ||
      lo_morphism_sort(&f, &sf, err) || lo_morphism_sort(&g, &sg, err))
    return err->code;
  out_morphism(o, &sf);
  out_str(o, "; ");
  out_morphism(o, &sg);
  return LO_OK;
}

/* ------------------------------------------------ CuTe C++ as it computes */

OP(cute_coalesce) {
  lo_layout l, r;
  lo_tuple p;
  if (get_layout(a, 0, &l, err) || (argc > 1 && get_profile(a, 1, &p, err)) ||
      lo_cute_coalesce(&l, argc > 1 ? &p : NULL, &r, err))
    return err->code;
  out_layout(o, &r);
  return LO_OK;
}

/* CuTe's flatten: an integer (layout) stays as it is, a tuple becomes the
** flat tuple of its leaves. */
OP(cute_flatten) {
  UNUSED_ARGC;
  if (is_layout(a, 0)) {
    lo_layout l, r;
    if (get_layout(a, 0, &l, err)) return err->code;
    if (l.shape.len == 1 && l.shape.ntok == 1) r = l; /* s:d */
    else lo_layout_flatten(&l, &r);
    out_layout(o, &r);
    return LO_OK;
  }
  lo_tuple t, r;
  if (get_profile(a, 0, &t, err)) return err->code;
  if (lo_tuple_is_int(&t)) r = t;
  else lo_tuple_flatten(&t, &r);
  out_tuple(o, &r);
  return LO_OK;
}

/* True when the tuple has an empty tuple "()" anywhere: CuTe's depth and
** indexing have no case for it. */
static int has_empty(const lo_tuple *t) {
  for (int i = 0; i + 1 < t->ntok; i++)
    if (t->tok[i] == '(' && t->tok[i + 1] == ')') return 1;
  return 0;
}

/* CuTe's depth: refused where the shape holds an empty tuple (max() of no
** values). */
OP(cute_depth) {
  lo_tuple t;
  UNUSED_ARGC;
  if (get_shape(a, 0, &t, err)) return err->code;
  if (has_empty(&t))
    return lo_fail(err, LO_EUNDEF, "CuTe refuses: depth of an empty tuple (there is no max() of "
                   "zero values)");
  out_int(o, lo_tuple_depth(&t));
  return LO_OK;
}

/* CuTe's layout(x): refused where the shape holds an empty tuple (no
** crd2idx for ()). */
OP(cute_apply) {
  lo_layout l;
  lo_int x, v;
  UNUSED_ARGC;
  if (get_layout(a, 0, &l, err) || get_int(a, 1, &x, err)) return err->code;
  if (has_empty(&l.shape))
    return lo_fail(err, LO_EUNDEF, "CuTe refuses: indexing a layout whose shape holds an empty "
                   "tuple (no crd2idx for ())");
  if (lo_apply(&l, x, &v, err)) return err->code;
  out_int(o, v);
  return LO_OK;
}

OP(cute_filter) {
  UNUSED_ARGC;
  return lay1(lo_cute_filter, a, o, err);
}

/* complement L [N]: N an integer or a shape (the cotarget). */
OP(cute_complement) {
  lo_layout l, r;
  lo_tuple n;
  if (get_layout(a, 0, &l, err) || (argc > 1 && get_tuple(a, 1, &n, err)) ||
      lo_cute_complement(&l, argc > 1 ? &n : NULL, &r, err))
    return err->code;
  out_layout(o, &r);
  return LO_OK;
}

OP(cute_composition) {
  UNUSED_ARGC;
  return lay2(lo_cute_composition, a, 1, o, err);
}
OP(cute_logical_divide) {
  UNUSED_ARGC;
  return lay2(lo_cute_logical_divide, a, 1, o, err);
}
OP(cute_zipped_divide) {
  UNUSED_ARGC;
  return lay2(lo_cute_zipped_divide, a, 1, o, err);
}
OP(cute_tiled_divide) {
  UNUSED_ARGC;
  return lay2(lo_cute_tiled_divide, a, 1, o, err);
}
OP(cute_flat_divide) {
  UNUSED_ARGC;
  return lay2(lo_cute_flat_divide, a, 1, o, err);
}
OP(cute_logical_product) {
  UNUSED_ARGC;
  return lay2(lo_cute_logical_product, a, 1, o, err);
}
OP(cute_zipped_product) {
  UNUSED_ARGC;
  return lay2(lo_cute_zipped_product, a, 1, o, err);
}
OP(cute_tiled_product) {
  UNUSED_ARGC;
  return lay2(lo_cute_tiled_product, a, 1, o, err);
}
OP(cute_flat_product) {
  UNUSED_ARGC;
  return lay2(lo_cute_flat_product, a, 1, o, err);
}
OP(cute_blocked_product) {
  UNUSED_ARGC;
  return lay2(lo_cute_blocked_product, a, 0, o, err);
}
OP(cute_raked_product) {
  UNUSED_ARGC;
  return lay2(lo_cute_raked_product, a, 0, o, err);
}
OP(cute_max_common_layout) {
  UNUSED_ARGC;
  return lay2(lo_cute_max_common_layout, a, 0, o, err);
}

OP(cute_right_inverse) {
  UNUSED_ARGC;
  return lay1(lo_cute_right_inverse, a, o, err);
}
OP(cute_left_inverse) {
  UNUSED_ARGC;
  return lay1(lo_cute_left_inverse, a, o, err);
}
OP(cute_nullspace) {
  UNUSED_ARGC;
  return lay1(lo_cute_nullspace, a, o, err);
}

OP(cute_max_common_vector) {
  lo_layout x, y;
  lo_int v;
  UNUSED_ARGC;
  if (get_layout(a, 0, &x, err) || get_layout(a, 1, &y, err) ||
      lo_cute_max_common_vector(&x, &y, &v, err))
    return err->code;
  out_int(o, v);
  return LO_OK;
}

/* ---------------------------------------------- tensor views (lo_view.c) */

/* The view_* ops print their own results (lo_view_eval). */
static int view_op(const char *name, int argc, args a, out *o, lo_err *err) {
  if (o->full) return LO_OK;
  int rc = lo_view_eval(name, argc, a, o->p + o->len, o->cap - o->len, err);
  if (rc == LO_OK) o->len += strlen(o->p + o->len);
  return rc;
}

#define VIEW_OP(name)                                                                              \
  OP(name) { return view_op(#name, argc, a, o, err); }
VIEW_OP(view_strides)
VIEW_OP(view_to_layout)
VIEW_OP(view_of_layout)
VIEW_OP(view_rearrange)
VIEW_OP(view_reshape)
VIEW_OP(view_broadcast)
VIEW_OP(view_can_broadcast)
VIEW_OP(view_broadcast_shapes)
VIEW_OP(view_pad_left)
VIEW_OP(view_einsum)

/* ------------------------------------------------------------ the table */

typedef struct op_row {
  lo_op_info info;
  int min_args, max_args;
  op_fn fn;
} op_row;

#define E(name, lo, hi, args, summary)                                                             \
  { {#name, args, summary}, lo, hi, op_##name }

static const op_row ops[] = {
    /* values and structure */
    E(size, 1, 1, "L|X", "number of coordinates: product of the shape"),
    E(cosize, 1, 1, "L", "1 + largest value of the layout function"),
    E(rank, 1, 1, "L|X", "number of top-level modes (1 for an integer)"),
    E(depth, 1, 1, "L|X", "nesting depth (0 for an integer)"),
    E(len, 1, 1, "L|X", "number of integer entries"),
    E(rank_len_depth, 1, 1, "X", "(rank,len,depth)"),
    E(rank_len_depth_size, 1, 1, "L|X", "(rank,len,depth,size)"),
    E(flatten, 1, 1, "L|X", "the flat tuple of entries"),
    E(flatten_profile, 1, 1, "X", "flattening and profile, separated by \"; \""),
    E(mode, 2, 2, "L|X i", "mode i (1-based)"),
    E(modes, 1, 1, "L|X", "all modes, separated by \"; \""),
    E(entries, 1, 1, "L|X", "all entries, separated by \"; \""),
    E(congruent, 2, 2, "X Y", "same profile"),
    E(apply, 2, 2, "L x", "the layout function at x (colexicographic; the last mode runs on)"),
    E(coordinate, 2, 2, "L \"(x..);(y..)\"", "the coordinate function at multi-indices"),
    E(layout_function, 1, 1, "L", "[Phi(0),...,Phi(size-1)]"),
    E(same_layout_function, 2, 2, "A B", "equal sizes and layout functions"),
    E(index_set, 1, 1, "S", "[0,S) in colexicographic order"),
    /* coalesce and flat operations */
    E(coalesce, 1, 2, "L [P] | f", "CuTe coalesce, by-mode with a profile; coalesce of a morphism"),
    E(flat_coalesce, 1, 1, "L", "the paper's flat coalesce (always a flat tuple)"),
    E(filter, 1, 1, "L", "CuTe filter: drop stride-0 and size-1 modes, then coalesce"),
    E(flat_filter, 1, 1, "L", "the paper's filter: keep the modes with non-zero stride (flat)"),
    E(squeeze, 1, 1, "L|f", "drop size-1 entries (flat)"),
    E(sort, 1, 1, "L|f", "sort modes by (stride, shape); sort of a morphism (flat)"),
    E(restrict, 2, 2, "L|f {I}", "keep the entries in I (flat)"),
    E(permute, 2, 2, "L|X \"(cycles)\"", "X^sigma = (x_sigma(1),...)"),
    E(flat_concat, 2, 2, "A B|X Y|f g", "flat concatenation"),
    E(concat, 2, 8, "A B...|f g...|X Y...", "nested concatenation (A,B,...)"),
    {{"nested_concat", "A B...|f g...|X Y...", "same as concat"}, 2, 8, op_concat},
    E(substitute, 2, 2, "P \"X1; ...\"|P L", "substitution into a profile"),
    /* complements */
    E(complement, 1, 2, "L [N] | f",
      "CuTe's complement where it meets its contract (stride-0 modes ignored, last mode rounded up)"),
    E(paper_complement, 1, 2, "L [N]", "the paper's comp(L,N): only for N-complementable L"),
    E(flat_complement, 1, 2, "L [N]", "the paper's flat comp(L,N)"),
    E(is_complement, 2, 2, "A B|f g", "A*B compact / f and g complementary"),
    E(is_N_complement, 3, 3, "A B N", "A*B compact and size(A)size(B) = N"),
    E(is_complementable, 1, 2, "L [N] | f", "the paper's (N-)complementability"),
    /* composition, division, product */
    E(composition, 2, 2, "A B|A <B..>|g f", "A o B (B first); g o f (f first)"),
    E(paper_composition, 2, 2, "A B", "the paper's composite (Def 2.3.7.1)"),
    E(flat_composition, 2, 2, "A B", "the paper's flat composite (Def 2.1.7.1)"),
    E(composition_algorithm, 2, 2, "A B", "weak composite C of Algorithm 4.1.2 for A o B"),
    E(logical_divide, 2, 2, "A B|A <B..>|f g", "CuTe logical_divide; f (/) g = f o (g, g^c)"),
    E(logical_product, 2, 2, "A B|A <B..>|f g", "CuTe logical_product; f (x) g = (f, f^c o g)"),
    E(zipped_divide, 2, 2, "A B|A <B..>", "((tiles),(rests))"),
    E(tiled_divide, 2, 2, "A B|A <B..>", "((tiles),rests...)"),
    E(zipped_product, 2, 2, "A B|A <B..>", "((A modes),(products))"),
    E(tiled_product, 2, 2, "A B|A <B..>", "((A modes),products...)"),
    E(paper_logical_divide, 2, 2, "A B", "the paper's A (/) B (Def 2.3.8.1)"),
    E(paper_logical_product, 2, 2, "A B", "the paper's A (x) B (Def 2.3.9.1, Obs 2.3.9.2)"),
    E(flat_divide, 2, 2, "A B|f g", "flat division (Def 2.1.7.9); f (/)flat g = f o (g * g^c)"),
    E(flat_product, 2, 2, "A B|f g", "flat product (Def 2.1.7.13); f (x)flat g = f * (f^c o g)"),
    E(right_inverse, 1, 1, "L", "R with L(R(i)) = i, as large as possible"),
    E(left_inverse, 1, 1, "L", "CuTe's quasi-inverse: L(R(L(i))) = L(i)"),
    /* CuTe C++ as it computes (static layouts), refusals included */
    E(cute_coalesce, 1, 2, "L [P]", "CuTe C++ coalesce(L[, P]) as it prints"),
    E(cute_filter, 1, 1, "L", "CuTe C++ filter(L)"),
    E(cute_depth, 1, 1, "L|X", "CuTe C++ depth (refuses an empty tuple)"),
    E(cute_apply, 2, 2, "L x", "CuTe C++ layout(x) (refuses an empty tuple in the shape)"),
    E(cute_flatten, 1, 1, "L|X", "CuTe C++ flatten: an integer stays as it is"),
    E(cute_complement, 1, 2, "L [N]", "CuTe C++ complement(L[, N]) (N may be a shape)"),
    E(cute_composition, 2, 2, "A B|A <B..>", "CuTe C++ composition(A, B), right or wrong"),
    E(cute_logical_divide, 2, 2, "A B|A <B..>", "CuTe C++ logical_divide"),
    E(cute_zipped_divide, 2, 2, "A B|A <B..>", "CuTe C++ zipped_divide"),
    E(cute_tiled_divide, 2, 2, "A B|A <B..>", "CuTe C++ tiled_divide"),
    E(cute_flat_divide, 2, 2, "A B|A <B..>", "CuTe C++ flat_divide (both modes unpacked)"),
    E(cute_logical_product, 2, 2, "A B|A <B..>", "CuTe C++ logical_product"),
    E(cute_zipped_product, 2, 2, "A B|A <B..>", "CuTe C++ zipped_product"),
    E(cute_tiled_product, 2, 2, "A B|A <B..>", "CuTe C++ tiled_product"),
    E(cute_flat_product, 2, 2, "A B|A <B..>", "CuTe C++ flat_product (both modes unpacked)"),
    E(cute_blocked_product, 2, 2, "A B", "CuTe C++ blocked_product"),
    E(cute_raked_product, 2, 2, "A B", "CuTe C++ raked_product"),
    E(cute_right_inverse, 1, 1, "L", "CuTe C++ right_inverse"),
    E(cute_left_inverse, 1, 1, "L", "CuTe C++ left_inverse (quasi-inverse)"),
    E(cute_max_common_layout, 2, 2, "A B", "CuTe C++ max_common_layout"),
    E(cute_max_common_vector, 2, 2, "A B", "CuTe C++ max_common_vector"),
    E(cute_nullspace, 1, 1, "L", "CuTe C++ nullspace"),
    /* predicates */
    E(is_tractable, 1, 1, "L", "Def 2.1.8.1"),
    E(is_compact, 1, 1, "L", "Phi is a bijection onto [0,cosize)"),
    E(is_coalesced, 1, 1, "L|f", "Def 2.3.3.1; for morphisms Def 3.1.5.20"),
    E(is_flat_coalesced, 1, 1, "L", "Def 2.1.4.1"),
    E(is_sorted, 1, 1, "L|f", "modes in (stride, shape) order; sort(f) = f"),
    E(is_nondegenerate, 1, 1, "L|f", "size-1 entries have stride 0 / go to *"),
    {{"is_non_degenerate", "L|f", "same as is_nondegenerate"}, 1, 1, op_is_nondegenerate},
    E(is_column_major, 1, 1, "L", "strides are the prefix products of the shape"),
    E(is_row_major, 1, 1, "L", "strides are the suffix products of the shape"),
    E(is_layout, 1, 1, "S:D", "the text is a layout (shape and stride congruent)"),
    E(mode_leq, 2, 2, "s:d s':d'", "the order of Def 2.1.3.23"),
    /* nested tuples and refinement */
    E(tuple_divides, 2, 2, "X' X", "the flattening of X' is a prefix of that of X"),
    E(refines, 2, 2, "X' X", "X' refines X"),
    E(relative_modes, 2, 2, "X' X|L X", "mode_i(X',X) for each entry of X"),
    E(relative_flatten, 2, 2, "X' X", "flat(X',X)"),
    E(mutual_refinement, 2, 2, "T U", "T' U' (Algorithm 4.1.1)"),
    /* morphisms */
    E(morphism, 1, 1, "L", "standard representation f_L of a tractable layout"),
    E(layout, 1, 1, "f", "the encoded layout L_f"),
    E(is_standard_form, 1, 1, "f", "Def 3.1.2.12 (with the n = 1 fix)"),
    E(is_valid_morphism, 1, 1, "f", "the map respects sizes and hits positions at most once"),
    E(is_pointed_map, 2, 2, "\"(map)\" n", "entries in {*,1..n}"),
    E(is_tractable_map, 2, 2, "\"(map)\" n", "pointed map with at most one preimage per position"),
    E(identity, 1, 1, "S", "id_S"),
    E(sum, 2, 2, "f g", "f (+) g"),
    E(disjoint_images, 2, 2, "f g", "no codomain position hit by both"),
    E(entry, 2, 2, "f i", "f restricted to entry i"),
    E(factorize, 2, 2, "f {J}", "f through the codomain entries J"),
    E(pullback, 2, 2, "f T'", "pullback along T' refining the codomain"),
    E(pushforward, 2, 2, "f S'", "pushforward along S' refining the domain"),
    E(pullback_then_include, 3, 3, "f T' U'", "f' of Construction 4.1.2.1"),
    E(weak_composite, 2, 2, "f g", "weak composite (f first, then g)"),
    E(entry_inclusion, 2, 2, "S i", "inclusion of entry i into S"),
    E(mode_inclusion, 2, 2, "S i", "inclusion of mode i into S"),
    E(relative_mode_inclusion, 3, 3, "S' S i", "incl_i(S',S)"),
    E(relative_mode, 3, 3, "f S i", "mode_i(f,S) = f o incl_i"),
    E(sort_not_functorial, 2, 2, "f g", "sort f; sort g"),
    /* tensor views (lo_view.c): shapes and strides outermost first */
    E(view_strides, 1, 1, "SHAPE", "row-major strides (suffix products)"),
    E(view_to_layout, 2, 2, "SHAPE STRIDES", "the layout of a row-major view (modes reversed)"),
    E(view_of_layout, 1, 1, "L", "the row-major view of a layout: SHAPE STRIDES"),
    E(view_rearrange, 1, 3, "PATTERN [SIZES] [SHAPE]",
      "einops rearrange: the result over the input's row-major storage"),
    E(view_reshape, 2, 2, "FROM TO", "torch view: the same elements with shape TO, no copy"),
    E(view_broadcast, 2, 2, "FROM TO", "PyTorch broadcasting of FROM to the shape TO"),
    E(view_can_broadcast, 2, 2, "FROM TO", "does FROM broadcast to the shape TO"),
    E(view_broadcast_shapes, 2, 2, "A B", "torch.broadcast_shapes"),
    E(view_pad_left, 2, 2, "N SHAPE", "N leading axes of size 1"),
    E(view_einsum, 2, 6, "PATTERN SIZES [VIEW..]", "einsum index maps over the iteration space"),
};

#define NOPS ((int)(sizeof ops / sizeof ops[0]))

int lo_op_count(void) { return NOPS; }

const lo_op_info *lo_op_at(int i) { return i >= 0 && i < NOPS ? &ops[i].info : NULL; }

/* Evaluate op on argv; see lo.h. */
int lo_eval(const char *op, int argc, const char *const *argv, char *buf, size_t cap) {
  lo_err err;
  out o = {buf, cap, 0, cap == 0, {0, ""}, 0, 0};
  int rc = LO_EUNSUPPORTED;
  err.code = 0;
  err.msg[0] = 0;
  if (cap) buf[0] = 0;
  for (int i = 0; i < NOPS; i++) {
    if (strcmp(ops[i].info.name, op) != 0) continue;
    if (argc < ops[i].min_args || argc > ops[i].max_args) {
      rc = lo_fail(&err, LO_EUNSUPPORTED, "%s takes %s (%d given)", op, ops[i].info.args, argc);
      goto fail;
    }
    rc = ops[i].fn(argc, argv, &o, &err);
    if (rc == LO_OK && o.full) rc = lo_fail(&err, LO_ESPACE, "result longer than %zu bytes", cap);
    if (rc == LO_OK && o.range.code)
      rc = lo_fail(&err, LO_EOVERFLOW, "the result %.*s%s is out of range: %s",
                   (int)(o.range_len < 120 ? o.range_len : 120), buf + o.range_at,
                   o.range_len > 120 ? "..." : "", o.range.msg);
    if (rc == LO_OK) return LO_OK;
    goto fail;
  }
  char shown[64];
  size_t n = 0;
  for (const char *c = op; *c && n + 1 < sizeof shown; c++) /* never echo control bytes */
    shown[n++] = (*c >= 0x20 && *c < 0x7f) ? *c : '?';
  shown[n] = 0;
  lo_fail(&err, LO_EUNSUPPORTED, "unsupported op %s%s", shown, op[n] ? "..." : "");
fail:
  if (cap) snprintf(buf, cap, "%s", err.msg);
  return rc ? rc : LO_EUNSUPPORTED;
}
