/*
** lo_view.c -- tensor views as layouts: row-major shapes and strides (as
** PyTorch, einops, Einlean and TorchLean write them) and their CuTe
** layouts, torch's view (a reshape without a copy), PyTorch broadcasting,
** and the view_* ops of `layoutcheck eval`.  Conventions: lo.h section 9.
** The einops patterns are in lo_view_pattern.c.
*/
#include "lo_internal.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

/* out = t reversed at every level: the profile read backwards with '('
** and ')' swapped, and the leaves backwards. */
void lo_tuple_reverse(const lo_tuple *t, lo_tuple *out) {
  lo_tuple r;
  r.len = t->len;
  r.ntok = t->ntok;
  for (int i = 0; i < t->ntok; i++) {
    char c = t->tok[t->ntok - 1 - i];
    r.tok[i] = c == '(' ? ')' : c == ')' ? '(' : c;
  }
  for (int i = 0; i < t->len; i++) r.leaf[i] = t->leaf[t->len - 1 - i];
  *out = r;
}

/* Print a tuple of non-negative integers: as the strides of a layout of
** its profile, the text after the ':'. */
int lo_print_index(const lo_tuple *t, char *buf, size_t cap) {
  lo_layout l;
  char tmp[2 * (LO_MAX_TOKENS + 24 * LO_MAX_LEAVES)];
  l.shape = *t;
  for (int i = 0; i < t->len; i++) l.shape.leaf[i] = 1;
  memcpy(l.stride, t->leaf, (size_t)t->len * sizeof(lo_int));
  l.is_tiler = 0;
  if (lo_print_layout(&l, tmp, sizeof tmp) != LO_OK) return LO_ESPACE;
  const char *colon = strchr(tmp, ':');
  assert(colon);
  if (strlen(colon + 1) + 1 > cap) return LO_ESPACE;
  strcpy(buf, colon + 1);
  return LO_OK;
}

/* Text of a tuple for a message (cut when long). */
static const char *show_tuple(const lo_tuple *t, char *buf, size_t cap) {
  if (lo_print_index(t, buf, cap) != LO_OK && cap > 4) strcpy(buf + cap - 4, "...");
  return buf;
}

/* The sizes of a shape: an integer is one axis, a flat tuple its entries;
** a nested tuple is refused. */
int lo_view_dims(const lo_tuple *shape, lo_int *dims, int *n, lo_err *err) {
  if (lo_tuple_depth(shape) > 1) {
    char b[128];
    return lo_fail(err, LO_EUNDEF, "a shape must be flat: %s", show_tuple(shape, b, sizeof b));
  }
  memcpy(dims, shape->leaf, (size_t)shape->len * sizeof(lo_int));
  *n = shape->len;
  return LO_OK;
}

/* Row-major strides (suffix products), in the shape's own profile. */
int lo_view_strides(const lo_tuple *shape, lo_tuple *strides, lo_err *err) {
  lo_int dims[LO_MAX_LEAVES], acc = 1;
  int n;
  if (lo_view_dims(shape, dims, &n, err)) return err->code;
  lo_tuple r = *shape;
  for (int i = n - 1; i >= 0; i--) {
    r.leaf[i] = acc;
    if (i > 0 && lo_mul(acc, dims[i], &acc, "stride", err)) return err->code;
  }
  *strides = r;
  return LO_OK;
}

/* The layout of a view given outermost first: both tuples reversed. */
int lo_view_to_layout(const lo_tuple *shape, const lo_tuple *strides, lo_layout *out, lo_err *err) {
  if (!lo_tuple_congruent(shape, strides)) {
    char a[128], b[128];
    return lo_fail(err, LO_EUNDEF, "the shape %s and the strides %s are not congruent",
                   show_tuple(shape, a, sizeof a), show_tuple(strides, b, sizeof b));
  }
  lo_tuple rs;
  lo_tuple_reverse(shape, &out->shape);
  lo_tuple_reverse(strides, &rs);
  memcpy(out->stride, rs.leaf, (size_t)rs.len * sizeof(lo_int));
  out->is_tiler = 0;
  return LO_OK;
}

/* The view (shape and strides, outermost first) of a layout. */
void lo_view_of_layout(const lo_layout *l, lo_tuple *shape, lo_tuple *strides) {
  lo_tuple s;
  lo_tuple_reverse(&l->shape, &s);
  *strides = s;
  for (int i = 0; i < s.len; i++) strides->leaf[i] = l->stride[s.len - 1 - i];
  *shape = s;
}

/* The layout of a contiguous row-major tensor. */
int lo_view_contiguous(const lo_tuple *shape, lo_layout *out, lo_err *err) {
  lo_tuple st;
  if (lo_view_strides(shape, &st, err)) return err->code;
  return lo_view_to_layout(shape, &st, out, err);
}

/* The axes of a view layout, outermost first. */
int lo_view_axes(const lo_layout *l, lo_layout *axes, int cap, int *n, lo_err *err) {
  if (lo_tuple_is_int(&l->shape)) {
    if (cap < 1) return lo_fail(err, LO_ELIMIT, "too many axes");
    axes[0] = *l;
    *n = 1;
    return LO_OK;
  }
  int r = lo_tuple_rank(&l->shape);
  if (r > cap) return lo_fail(err, LO_ELIMIT, "too many axes");
  for (int k = r; k >= 1; k--)
    if (lo_layout_mode(l, k, &axes[r - k], err)) return err->code;
  *n = r;
  return LO_OK;
}

/* ------------------------------------------------------------ reshape */

/* torch's view: split the coalesced modes of from (innermost first) into
** the target's axes; an axis must lie inside one coalesced mode, since
** neighbouring coalesced modes are never one stride apart. */
int lo_view_reshape(const lo_layout *from, const lo_tuple *to, lo_layout *out, lo_err *err) {
  lo_int t[LO_MAX_LEAVES], s[LO_MAX_LEAVES], d[LO_MAX_LEAVES], sf, st;
  lo_mode m[LO_MAX_LEAVES];
  int nt;
  char b[128];
  if (lo_view_dims(to, t, &nt, err) || lo_size(from, &sf, err) || lo_tuple_size(to, &st, err))
    return err->code;
  if (sf != st)
    return lo_fail(err, LO_EUNDEF,
                   "the sizes differ: the view has %lld elements, the shape %s has %lld",
                   (long long)sf, show_tuple(to, b, sizeof b), (long long)st);
  int nm = lo_modes_coalesce(m, lo_modes_of(from, m));
  int j = 0;
  lo_int r = nm ? m[0].s : 1, cur = nm ? m[0].d : 1;
  for (int q = 0; q < nt; q++) { /* target axes, innermost first */
    lo_int size = t[nt - 1 - q];
    s[q] = size;
    d[q] = cur;
    if (size == 1) continue;
    if (r % size != 0)
      return lo_fail(err, LO_EUNDEF,
                     "no view without a copy: axis %d of %s (size %lld) does not fit in one "
                     "stride: %lld elements are left of the source's mode %lld:%lld (coalesced, "
                     "innermost first), and the next mode is not one stride further",
                     nt - 1 - q, show_tuple(to, b, sizeof b), (long long)size, (long long)r,
                     (long long)m[j].s, (long long)m[j].d);
    r /= size;
    if (r > 1) {
      if (lo_mul(cur, size, &cur, "stride", err)) return err->code;
    } else if (j + 1 < nm) {
      j++;
      r = m[j].s;
      cur = m[j].d;
    } else if (__builtin_mul_overflow(cur, size, &cur)) {
      cur = 0; /* only size-1 axes are left: their stride does not matter */
    }
  }
  lo_layout_flat(out, s, d, nt);
  return LO_OK;
}

/* --------------------------------------------------------- broadcast */

/* PyTorch broadcasting of a view to a shape (lo.h). */
int lo_view_broadcast(const lo_layout *from, const lo_tuple *to, lo_layout *out, lo_err *err) {
  lo_layout ax[LO_MAX_LEAVES], parts[LO_MAX_LEAVES];
  const lo_layout *p[LO_MAX_LEAVES];
  lo_int t[LO_MAX_LEAVES];
  int na, nt;
  char b[128];
  if (lo_view_dims(to, t, &nt, err) || lo_view_axes(from, ax, LO_MAX_LEAVES, &na, err))
    return err->code;
  if (na > nt)
    return lo_fail(err, LO_EUNDEF, "the view has %d axes, more than the %d of the target %s", na,
                   nt, show_tuple(to, b, sizeof b));
  for (int k = 0; k < nt; k++) { /* target axes, outermost first */
    int i = k - (nt - na);       /* the view's axis aligned with it */
    lo_int s = 1;
    if (i >= 0 && lo_size(&ax[i], &s, err)) return err->code;
    if (i >= 0 && s == t[k])
      parts[k] = ax[i];
    else if (s == 1)
      lo_layout_scalar(&parts[k], t[k], 0);
    else
      return lo_fail(err, LO_EUNDEF,
                     "axis %d of the target %s has size %lld, axis %d of the view has size %lld: "
                     "they differ and the view's is not 1",
                     k, show_tuple(to, b, sizeof b), (long long)t[k], i, (long long)s);
    p[nt - 1 - k] = &parts[k];
  }
  return lo_layout_nest(p, nt, out, err);
}

/* torch.broadcast_shapes (lo.h). */
int lo_view_broadcast_shapes(const lo_tuple *a, const lo_tuple *b, lo_tuple *out, lo_err *err) {
  lo_int x[LO_MAX_LEAVES], y[LO_MAX_LEAVES], r[LO_MAX_LEAVES];
  int nx, ny;
  if (lo_view_dims(a, x, &nx, err) || lo_view_dims(b, y, &ny, err)) return err->code;
  int n = nx > ny ? nx : ny;
  for (int k = 0; k < n; k++) { /* result axes, outermost first */
    int i = k - (n - nx), j = k - (n - ny);
    lo_int u = i >= 0 ? x[i] : 1, v = j >= 0 ? y[j] : 1;
    if (u != v && u != 1 && v != 1) {
      char sa[128], sb[128];
      return lo_fail(err, LO_EUNDEF,
                     "axis %d of the result: sizes %lld (axis %d of %s) and %lld (axis %d of %s) "
                     "do not broadcast",
                     k, (long long)u, i, show_tuple(a, sa, sizeof sa), (long long)v, j,
                     show_tuple(b, sb, sizeof sb));
    }
    r[k] = u == 1 ? v : u;
  }
  lo_tuple_flat(out, r, n);
  return LO_OK;
}

/* -------------------------------------------------------- eval: args */

/* Prefix an argument's parse error with its 1-based number. */
static int arg_fail(int i, lo_err *err) {
  char m[sizeof err->msg + 32];
  snprintf(m, sizeof m, "argument %d: %s", i + 1, err->msg);
  memcpy(err->msg, m, sizeof err->msg - 1);
  err->msg[sizeof err->msg - 1] = 0;
  return err->code;
}

/* Argument i as a nested tuple. */
static int get_tuple(const char *const *a, int i, lo_tuple *t, lo_err *err) {
  return lo_parse_tuple(a[i], t, err) ? arg_fail(i, err) : LO_OK;
}

/* A view: a layout, or a shape standing for its contiguous tensor. */
static int get_view(const char *const *a, int i, lo_layout *l, lo_err *err) {
  lo_tuple s;
  if (lo_kind_of(a[i]) != LO_KIND_LAYOUT) {
    if (lo_kind_of(a[i]) != LO_KIND_TUPLE)
      return lo_fail(err, LO_EUNDEF, "argument %d: expected a layout or a shape", i + 1);
    if (get_tuple(a, i, &s, err) || lo_view_contiguous(&s, l, err)) return arg_fail(i, err);
    return LO_OK;
  }
  if (lo_parse_layout(a[i], l, err)) return arg_fail(i, err);
  if (l->is_tiler) return lo_fail(err, LO_EUNDEF, "argument %d: a tiler is not a view", i + 1);
  return LO_OK;
}

/* ------------------------------------------------------- eval: output */

typedef struct vout {
  char *p;
  size_t cap, len;
  int full;
} vout;

/* Append text; sets full when it does not fit. */
static void put(vout *o, const char *s) {
  size_t n = strlen(s);
  if (o->full || o->len + n + 1 > o->cap) {
    o->full = 1;
    return;
  }
  memcpy(o->p + o->len, s, n + 1);
  o->len += n;
}

/* Append a layout, canonical. */
static void put_layout(vout *o, const lo_layout *l) {
  if (o->full || lo_print_layout(l, o->p + o->len, o->cap - o->len) != LO_OK)
    o->full = 1;
  else
    o->len += strlen(o->p + o->len);
}

/* Append a tuple of non-negative integers (zeros as 0). */
static void put_tuple(vout *o, const lo_tuple *t) {
  if (o->full || lo_print_index(t, o->p + o->len, o->cap - o->len) != LO_OK)
    o->full = 1;
  else
    o->len += strlen(o->p + o->len);
}

/* ---------------------------------------------------------- eval: ops */

/* Does s contain a letter or '_' (an axis name)? */
static int has_letter(const char *s) {
  for (; *s; s++)
    if ((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || *s == '_') return 1;
  return 0;
}

/* view_rearrange PATTERN [SIZES] [SHAPE]: an argument with '=' or a
** letter (or an empty one, or "[]") holds sizes, any other a shape. */
static int ev_rearrange(int argc, const char *const *a, vout *o, lo_err *err) {
  const char *sizes = NULL;
  lo_tuple shape;
  int have_shape = 0;
  for (int i = 1; i < argc; i++) {
    if (has_letter(a[i]) || strchr(a[i], '=') || !strcmp(a[i], "[]") || !a[i][0]) {
      if (sizes) return lo_fail(err, LO_EUNSUPPORTED, "argument %d: sizes given twice", i + 1);
      sizes = a[i];
    } else {
      if (have_shape) return lo_fail(err, LO_EUNSUPPORTED, "argument %d: a second shape", i + 1);
      if (get_tuple(a, i, &shape, err)) return err->code;
      have_shape = 1;
    }
  }
  lo_layout r;
  if (lo_view_rearrange(a[0], sizes, have_shape ? &shape : NULL, &r, err)) return err->code;
  put_layout(o, &r);
  return LO_OK;
}

/* view_einsum PATTERN SIZES [VIEW...]: the index maps, "; " between. */
static int ev_einsum(int argc, const char *const *a, vout *o, lo_err *err) {
  lo_layout ops[LO_VIEW_SIDES], maps[LO_VIEW_SIDES];
  int nops = argc - 2, nmaps;
  for (int i = 0; i < nops; i++)
    if (get_view(a, i + 2, &ops[i], err)) return err->code;
  if (lo_view_einsum(a[0], a[1], nops ? ops : NULL, nops, maps, LO_VIEW_SIDES, &nmaps, err))
    return err->code;
  for (int i = 0; i < nmaps; i++) {
    if (i) put(o, "; ");
    put_layout(o, &maps[i]);
  }
  return LO_OK;
}

/* view_reshape, view_broadcast and view_can_broadcast: FROM TO. */
static int ev_from_to(const char *op, const char *const *a, vout *o, lo_err *err) {
  lo_layout from, r;
  lo_tuple to;
  if (get_view(a, 0, &from, err) || get_tuple(a, 1, &to, err)) return err->code;
  if (!strcmp(op, "view_reshape")) {
    if (lo_view_reshape(&from, &to, &r, err)) return err->code;
  } else {
    int rc = lo_view_broadcast(&from, &to, &r, err);
    if (!strcmp(op, "view_can_broadcast") && (rc == LO_OK || rc == LO_EUNDEF)) {
      put(o, rc == LO_OK ? "true" : "false");
      return LO_OK;
    }
    if (rc) return rc;
  }
  put_layout(o, &r);
  return LO_OK;
}

/* The ops on shapes and views that take no pattern. */
static int ev_shapes(const char *op, const char *const *a, vout *o, lo_err *err) {
  lo_tuple s, t, r;
  lo_layout l;
  if (!strcmp(op, "view_of_layout")) {
    if (get_view(a, 0, &l, err)) return err->code;
    lo_view_of_layout(&l, &s, &t);
    put_tuple(o, &s);
    put(o, " ");
    put_tuple(o, &t);
    return LO_OK;
  }
  if (!strcmp(op, "view_pad_left")) { /* N SHAPE: N leading axes of size 1 */
    lo_int n, d[LO_MAX_LEAVES + 1];
    int nd;
    if (lo_parse_int(a[0], &n, err)) return arg_fail(0, err);
    if (get_tuple(a, 1, &s, err) || lo_view_dims(&s, d, &nd, err)) return err->code;
    if (n > LO_MAX_LEAVES - nd) return lo_fail(err, LO_ELIMIT, "more than %d axes", LO_MAX_LEAVES);
    memmove(d + n, d, (size_t)nd * sizeof *d);
    for (lo_int i = 0; i < n; i++) d[i] = 1;
    lo_tuple_flat(&r, d, (int)n + nd);
    put_tuple(o, &r);
    return LO_OK;
  }
  if (get_tuple(a, 0, &s, err)) return err->code;
  if (!strcmp(op, "view_strides")) {
    if (lo_view_strides(&s, &r, err)) return err->code;
    put_tuple(o, &r);
    return LO_OK;
  }
  if (!strcmp(op, "view_to_layout")) {
    if (lo_parse_index(a[1], &t, err)) return arg_fail(1, err);
    if (lo_view_to_layout(&s, &t, &l, err)) return err->code;
    put_layout(o, &l);
    return LO_OK;
  }
  assert(!strcmp(op, "view_broadcast_shapes"));
  if (get_tuple(a, 1, &t, err) || lo_view_broadcast_shapes(&s, &t, &r, err)) return err->code;
  put_tuple(o, &r);
  return LO_OK;
}

/* Evaluate a view_* op (lo.h); the argument counts were checked by the
** op table of lo_eval.c. */
int lo_view_eval(const char *op, int argc, const char *const *argv, char *buf, size_t cap,
                 lo_err *err) {
  vout o = {buf, cap, 0, cap == 0};
  int rc;
  if (cap) buf[0] = '\0';
  if (!strcmp(op, "view_rearrange"))
    rc = ev_rearrange(argc, argv, &o, err);
  else if (!strcmp(op, "view_einsum"))
    rc = ev_einsum(argc, argv, &o, err);
  else if (!strcmp(op, "view_reshape") || !strcmp(op, "view_broadcast") ||
           !strcmp(op, "view_can_broadcast"))
    rc = ev_from_to(op, argv, &o, err);
  else
    rc = ev_shapes(op, argv, &o, err);
  if (rc == LO_OK && o.full) rc = lo_fail(err, LO_ESPACE, "result longer than %zu bytes", cap);
  return rc;
}
