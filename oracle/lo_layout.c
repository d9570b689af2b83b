/*
** lo_layout.c -- layouts: construction, modes, size, cosize, the layout
** function, normalisation, and the flat operations squeeze, sort, concat.
*/
#include "lo_internal.h"

#include <assert.h>
#include <string.h>

/* out = shape:stride; the strides are one per leaf of shape. */
int lo_layout_make(const lo_tuple *shape, const lo_int *stride, lo_layout *out, lo_err *err) {
  (void)err;
  lo_int d[LO_MAX_LEAVES];
  memcpy(d, stride, (size_t)shape->len * sizeof(lo_int));
  lo_tuple_copy(&out->shape, shape);
  memcpy(out->stride, d, (size_t)shape->len * sizeof(lo_int));
  out->is_tiler = 0;
  return LO_OK;
}

/* l = (s0,...,sn-1):(d0,...,dn-1), a flat tuple layout.  s and d may
** point into l; d is copied aside only when it lies in l's shape, which
** the shape is written over first. */
void lo_layout_flat(lo_layout *l, const lo_int *s, const lo_int *d, int n) {
  lo_int dd[LO_MAX_LEAVES];
  uintptr_t dp = (uintptr_t)d, lp = (uintptr_t)&l->shape;
  if (dp >= lp && dp < lp + sizeof l->shape) {
    memcpy(dd, d, (size_t)n * sizeof(lo_int));
    d = dd;
  }
  lo_tuple_flat(&l->shape, s, n);
  memmove(l->stride, d, (size_t)n * sizeof(lo_int));
  l->is_tiler = 0;
}

/* l = s:d, a scalar (depth-0) layout. */
void lo_layout_scalar(lo_layout *l, lo_int s, lo_int d) {
  lo_tuple_int(&l->shape, s);
  l->stride[0] = d;
  l->is_tiler = 0;
}

/* Copy the flattened modes of l into m. */
int lo_modes_of(const lo_layout *l, lo_mode *m) {
  for (int i = 0; i < l->shape.len; i++) {
    m[i].s = l->shape.leaf[i];
    m[i].d = l->stride[i];
  }
  return l->shape.len;
}

/* l = CuTe form of the modes: 1:0, s:d, or a flat tuple. */
void lo_layout_from_modes(lo_layout *l, const lo_mode *m, int n) {
  if (n == 0)
    lo_layout_scalar(l, 1, 0);
  else if (n == 1)
    lo_layout_scalar(l, m[0].s, m[0].d);
  else
    lo_layout_flat_modes(l, m, n);
}

/* l = the flat tuple layout of the modes. */
void lo_layout_flat_modes(lo_layout *l, const lo_mode *m, int n) {
  assert(n >= 0 && n <= LO_MAX_LEAVES);
  l->shape.len = n;
  l->shape.ntok = n + 2;
  l->shape.tok[0] = '(';
  for (int i = 0; i < n; i++) {
    l->shape.leaf[i] = m[i].s;
    l->stride[i] = m[i].d;
    l->shape.tok[i + 1] = '*';
  }
  l->shape.tok[n + 1] = ')';
  l->is_tiler = 0;
}

/* out = mode k (1-based) of l, with its own nesting.  Works for tilers:
** mode k of a tiler is its k-th layout. */
int lo_layout_mode(const lo_layout *l, int k, lo_layout *out, lo_err *err) {
  int first; /* out may be l: the shape is sliced in place, then the strides */
  if (lo_tuple_mode(&l->shape, k, &out->shape, &first, err)) return err->code;
  memmove(out->stride, l->stride + first, (size_t)out->shape.len * sizeof(lo_int));
  out->is_tiler = 0;
  return LO_OK;
}

/* L(c) for a coordinate c, as CuTe's crd2idx (see lo.h). */
int lo_crd2idx(const lo_layout *l, const lo_tuple *c, lo_int *out, lo_err *err) {
  if (lo_tuple_is_int(c)) return lo_apply(l, c->leaf[0], out, err);
  int rc = lo_tuple_rank(c), rl = lo_tuple_rank(&l->shape);
  if (lo_tuple_is_int(&l->shape))
    return lo_fail(err, LO_EUNDEF,
                   "crd2idx: a tuple coordinate of rank %d for the integer shape %lld", rc,
                   (long long)l->shape.leaf[0]);
  if (rc != rl)
    return lo_fail(err, LO_EUNDEF,
                   "crd2idx: Mismatched Ranks (a coordinate of rank %d for a "
                   "shape of rank %d)",
                   rc, rl);
  lo_int sum = 0;
  for (int k = 1; k <= rc; k++) {
    lo_layout lk;
    lo_tuple ck;
    lo_int v;
    if (lo_layout_mode(l, k, &lk, err) || lo_tuple_mode(c, k, &ck, NULL, err) ||
        lo_crd2idx(&lk, &ck, &v, err) || lo_add(sum, v, &sum, "crd2idx", err))
      return err->code;
  }
  *out = sum;
  return LO_OK;
}

/* Make l the tiler of its top-level modes, each a layout. */
void lo_tiler_plain(lo_layout *l) {
  l->is_tiler = 1;
  memset(l->tile, 0, (size_t)l->shape.len);
}

/* Entry k (1-based) of the tiler t, and its kind (see lo.h). */
int lo_tiler_entry(const lo_layout *t, int k, lo_layout *out, lo_entry_kind *kind, lo_err *err) {
  int b, e, f;
  assert(t->is_tiler);
  lo_tuple_mode_span(&t->shape, k, &b, &e, &f);
  unsigned char mark[LO_MAX_LEAVES];
  int n = 0; /* the entry's leaves: those of its token range */
  for (int i = b; i < e; i++) n += t->shape.tok[i] == '*';
  memcpy(mark, t->tile + f, (size_t)n);
  if (lo_layout_mode(t, k, out, err)) return err->code;
  *kind = LO_ENTRY_LAYOUT;
  if (n == 0) return LO_OK;
  if (mark[0] & LO_TILE_NEST) {
    *kind = LO_ENTRY_TILER;
    out->is_tiler = 1;
    for (int i = 0; i < n; i++) {
      assert((mark[i] & LO_TILE_NEST) > 0);
      out->tile[i] = (unsigned char)(mark[i] - 1);
    }
  } else if (mark[0] & LO_TILE_SKIP) {
    *kind = LO_ENTRY_SKIP;
  } else if (mark[0] & LO_TILE_INT) {
    *kind = LO_ENTRY_INT;
  }
  return LO_OK;
}

/* out = (parts[0], ..., parts[n-1]): nested concatenation.  out must not
** alias a part. */
int lo_layout_nest(const lo_layout *const *parts, int n, lo_layout *out, lo_err *err) {
  const lo_tuple *shapes[LO_MAX_LEAVES + 1] = {0};
  if (n > LO_MAX_LEAVES + 1) return lo_fail(err, LO_ELIMIT, "too many modes");
  for (int i = 0; i < n; i++) {
    assert(parts[i] != out);
    shapes[i] = &parts[i]->shape;
  }
  if (lo_tuple_nest(shapes, n, &out->shape, err)) return err->code;
  int k = 0;
  for (int i = 0; i < n; i++) {
    memcpy(out->stride + k, parts[i]->stride, (size_t)parts[i]->shape.len * sizeof(lo_int));
    k += parts[i]->shape.len;
  }
  out->is_tiler = 0;
  return LO_OK;
}

/* out = (x, y), CuTe's make_layout of two layouts; out may alias x or y.
** lo_layout_nest of the two written out: the same limit checks in the
** same order (x's tokens, the leaves, all tokens, the depth, which is
** scanned only when the tokens could nest past the limit), then the
** used parts copied once. */
int lo_layout_pair(const lo_layout *x, const lo_layout *y, lo_layout *out, lo_err *err) {
  const lo_tuple *sx = &x->shape, *sy = &y->shape;
  lo_layout aside, *r = out == x || out == y ? &aside : out;
  int nx = sx->len, ny = sy->len, tx = sx->ntok, ty = sy->ntok;
  if (1 + tx > LO_MAX_TOKENS)
    return lo_fail(err, LO_ELIMIT, "nested tuple too long (limit %d tokens)", LO_MAX_TOKENS);
  if (nx + ny > LO_MAX_LEAVES)
    return lo_fail(err, LO_ELIMIT, "too many entries (limit %d)", LO_MAX_LEAVES);
  if (2 + tx + ty > LO_MAX_TOKENS)
    return lo_fail(err, LO_ELIMIT, "nested tuple too long (limit %d tokens)", LO_MAX_TOKENS);
  r->shape.len = nx + ny;
  r->shape.ntok = 2 + tx + ty;
  r->shape.tok[0] = '(';
  lo_copy_toks(r->shape.tok + 1, sx->tok, tx);
  lo_copy_toks(r->shape.tok + 1 + tx, sy->tok, ty);
  r->shape.tok[1 + tx + ty] = ')';
  if (r->shape.ntok > 2 * LO_MAX_DEPTH && lo_tuple_depth(&r->shape) > LO_MAX_DEPTH)
    return lo_fail(err, LO_ELIMIT, "nesting deeper than %d", LO_MAX_DEPTH);
  lo_copy_ints(r->shape.leaf, sx->leaf, nx);
  lo_copy_ints(r->shape.leaf + nx, sy->leaf, ny);
  lo_copy_ints(r->stride, x->stride, nx);
  lo_copy_ints(r->stride + nx, y->stride, ny);
  r->is_tiler = 0;
  if (r != out) lo_layout_copy(out, r);
  return LO_OK;
}

/* out = the flat tuple layout of l's leaves. */
void lo_layout_flatten(const lo_layout *l, lo_layout *out) {
  lo_mode m[LO_MAX_LEAVES];
  int n = lo_modes_of(l, m);
  lo_layout_flat_modes(out, m, n);
}

/* Same nesting, shapes and strides. */
int lo_layout_equal(const lo_layout *a, const lo_layout *b) {
  if (!lo_tuple_equal(&a->shape, &b->shape)) return 0;
  if (a->is_tiler != b->is_tiler) return 0;
  if (a->is_tiler && memcmp(a->tile, b->tile, (size_t)a->shape.len) != 0) return 0;
  return memcmp(a->stride, b->stride, (size_t)a->shape.len * sizeof(lo_int)) == 0;
}

/* size(L) = product of the shape. */
int lo_size(const lo_layout *l, lo_int *out, lo_err *err) {
  return lo_tuple_size(&l->shape, out, err);
}

/* cosize(L) = 1 + sum (s_i - 1) d_i. */
int lo_cosize(const lo_layout *l, lo_int *out, lo_err *err) {
  lo_int c = 1, t;
  for (int i = 0; i < l->shape.len; i++) {
    if (lo_mul(l->shape.leaf[i] - 1, l->stride[i], &t, "cosize", err)) return err->code;
    if (lo_add(c, t, &c, "cosize", err)) return err->code;
  }
  *out = c;
  return LO_OK;
}

/* cosize of the flat modes m[0..n), computed as lo_cosize computes it
** (same checks, same messages). */
int lo_modes_cosize(const lo_mode *m, int n, lo_int *out, lo_err *err) {
  lo_int c = 1, t;
  for (int i = 0; i < n; i++) {
    if (lo_mul(m[i].s - 1, m[i].d, &t, "cosize", err)) return err->code;
    if (lo_add(c, t, &c, "cosize", err)) return err->code;
  }
  *out = c;
  return LO_OK;
}

/* Phi_L(x): split x colexicographically over the flattened shape (the last
** mode takes the whole quotient) and dot with the strides. */
int lo_apply(const lo_layout *l, lo_int x, lo_int *out, lo_err *err) {
  lo_int r = 0, t;
  int n = l->shape.len;
  assert(out && n >= 0 && n <= LO_MAX_LEAVES);
  if (x < 0) return lo_fail(err, LO_EUNDEF, "apply: negative index %lld", (long long)x);
  if (n == 0) {
    if (x != 0)
      return lo_fail(err, LO_EUNDEF, "apply: index %lld outside the empty layout", (long long)x);
    *out = 0;
    return LO_OK;
  }
#ifdef LO_MUTANT_APPLY_LEX /* planted bug for `make mutants`: last mode fastest */
  for (int i = n - 1; i >= 0; i--) {
    lo_int s = l->shape.leaf[i];
    lo_int c = i == 0 ? x : x % s;
    x = i == 0 ? 0 : x / s;
    if (lo_mul(c, l->stride[i], &t, "apply", err)) return err->code;
    if (lo_add(r, t, &r, "apply", err)) return err->code;
  }
  *out = r;
  return LO_OK;
#endif
  for (int i = 0; i < n; i++) {
    lo_int s = l->shape.leaf[i];
    lo_int c = i == n - 1 ? x : x % s;
    x = i == n - 1 ? 0 : x / s;
    if (lo_mul(c, l->stride[i], &t, "apply", err)) return err->code;
    if (lo_add(r, t, &r, "apply", err)) return err->code;
  }
  *out = r;
  return LO_OK;
}

/* Start an odometer over l at index 0 (lo_internal.h). */
void lo_odo_init(lo_odo *o, const lo_layout *l) {
  o->l = l;
  memset(o->c, 0, (size_t)l->shape.len * sizeof o->c[0]); /* the digits in use */
  o->v = 0;
}

/* Advance the odometer to the next index; past the last one it wraps to 0. */
void lo_odo_next(lo_odo *o) {
  const lo_layout *l = o->l;
  for (int i = 0; i < l->shape.len; i++) {
    if (++o->c[i] < l->shape.leaf[i]) {
      o->v += l->stride[i];
      return;
    }
    o->v -= (l->shape.leaf[i] - 1) * l->stride[i];
    o->c[i] = 0;
  }
}

/* Start a walk at index 0 (see lo.h): exact when every stride is >= 0 and
** size and cosize fit, so that no partial sum of lo_apply can overflow. */
void lo_walk_init(lo_walk *w, const lo_layout *l) {
  lo_err e;
  lo_int c;
  lo_odo_init(&w->o, l);
  w->next = 0;
  w->exact = lo_size(l, &w->size, &e) == LO_OK && lo_cosize(l, &c, &e) == LO_OK;
  for (int i = 0; i < l->shape.len && w->exact; i++)
    if (l->stride[i] < 0 || l->shape.leaf[i] < 1) w->exact = 0;
#ifdef LO_MUTANT_APPLY_LEX /* the planted bug of lo_apply reaches every walk */
  w->exact = 0;
#endif
}

/* Phi_L(x) as lo_apply gives it: by the odometer when x is the walk's next
** index and the walk is exact, else by lo_apply (and the odometer stops). */
int lo_walk_at(lo_walk *w, lo_int x, lo_int *out, lo_err *err) {
  if (!w->exact || x != w->next || x >= w->size) {
    w->exact = 0;
    return lo_apply(w->o.l, x, out, err);
  }
  *out = w->o.v;
  lo_odo_next(&w->o);
  w->next++;
  return LO_OK;
}

/* Copy the used part of src into dst (see lo_internal.h). */
void lo_tuple_copy(lo_tuple *dst, const lo_tuple *src) {
  assert(src->len <= LO_MAX_LEAVES && src->ntok <= LO_MAX_TOKENS);
  if (dst == src) return;
  dst->len = src->len;
  dst->ntok = src->ntok;
  lo_copy_ints(dst->leaf, src->leaf, src->len);
  lo_copy_toks(dst->tok, src->tok, src->ntok);
}

/* Copy the used part of src into dst (see lo_internal.h). */
void lo_layout_copy(lo_layout *dst, const lo_layout *src) {
  if (dst == src) return;
  lo_tuple_copy(&dst->shape, &src->shape);
  lo_copy_ints(dst->stride, src->stride, src->shape.len);
  dst->is_tiler = src->is_tiler;
  if (src->is_tiler) memcpy(dst->tile, src->tile, (size_t)src->shape.len);
}

/* Layout function on [0, size) into vals; LO_ELIMIT when size > cap. */
int lo_layout_function(const lo_layout *l, lo_int *vals, lo_int cap, lo_int *n, lo_err *err) {
  lo_int size, c;
  if (lo_size(l, &size, err)) return err->code;
  if (lo_cosize(l, &c, err)) return err->code;
  if (size > cap)
    return lo_fail(err, LO_ELIMIT, "layout of size %lld is too large to enumerate (limit %lld)",
                   (long long)size, (long long)cap);
  /* An odometer over the flattened shape: no division per element. */
  lo_odo o;
  lo_odo_init(&o, l);
  for (lo_int x = 0; x < size; x++, lo_odo_next(&o)) vals[x] = o.v;
  *n = size;
  return LO_OK;
}

/* Zero the stride of every size-1 entry (does not change phi or Phi). */
void lo_normalize(lo_layout *l) {
  for (int i = 0; i < l->shape.len; i++)
    if (l->shape.leaf[i] == 1) l->stride[i] = 0;
}

/* Keep the modes with s != 1, in order; returns the new count. */
int lo_modes_squeeze(lo_mode *m, int n) {
  int k = 0;
  for (int i = 0; i < n; i++)
    if (m[i].s != 1) m[k++] = m[i];
  return k;
}

/* Does mode y go strictly before mode x: by stride, then (when by_shape)
** by shape? */
static int mode_before(const lo_mode *y, const lo_mode *x, int by_shape) {
  return y->d < x->d || (by_shape && y->d == x->d && y->s < x->s);
}

/* Stable insertion sort of m[0..n) in mode_before's order; used on runs
** of at most SORT_RUN modes, so its cost per mode is bounded. */
static void modes_insertion_sort(lo_mode *m, int n, int by_shape) {
  for (int i = 1; i < n; i++) {
    lo_mode x = m[i];
    int j = i - 1;
    while (j >= 0 && mode_before(&x, &m[j], by_shape)) {
      m[j + 1] = m[j];
      j--;
    }
    m[j + 1] = x;
  }
}

#define SORT_RUN 8 /* modes sorted by insertion before merging */

/* Stable merge sort of m[0..n) (n <= LO_MAX_MODES), by stride and, when
** by_shape, by shape among equal strides: runs of SORT_RUN by insertion,
** then bottom-up merges of doubling width through a scratch array, a
** merge skipped when its halves are already in order.  O(n log n). */
static void modes_merge_sort(lo_mode *m, int n, int by_shape) {
  lo_mode tmp[LO_MAX_MODES];
  assert(n <= LO_MAX_MODES);
  for (int lo = 0; lo < n; lo += SORT_RUN)
    modes_insertion_sort(m + lo, n - lo < SORT_RUN ? n - lo : SORT_RUN, by_shape);
  for (int w = SORT_RUN; w < n; w *= 2) {
    for (int lo = 0; lo + w < n; lo += 2 * w) {
      int mid = lo + w, hi = lo + 2 * w < n ? lo + 2 * w : n;
      if (!mode_before(&m[mid], &m[mid - 1], by_shape)) continue; /* already in order */
      int i = lo, j = mid, k = 0;
      while (i < mid && j < hi) tmp[k++] = mode_before(&m[j], &m[i], by_shape) ? m[j++] : m[i++];
      while (i < mid) tmp[k++] = m[i++];
      memcpy(m + lo, tmp, (size_t)k * sizeof *m); /* m[j..hi) is already in place */
    }
  }
}

/* Stable sort by (d, s) (see lo_internal.h). */
void lo_modes_sort(lo_mode *m, int n) { modes_merge_sort(m, n, 1); }

/* Stable sort by d alone (see lo_internal.h). */
void lo_modes_sort_by_stride(lo_mode *m, int n) { modes_merge_sort(m, n, 0); }

/* squeeze(L): the flat layout of L's modes with shape != 1. */
int lo_squeeze(const lo_layout *l, lo_layout *out, lo_err *err) {
  (void)err;
  lo_mode m[LO_MAX_LEAVES];
  int n = lo_modes_squeeze(m, lo_modes_of(l, m));
  lo_layout_flat_modes(out, m, n);
  return LO_OK;
}

/* sort(L): the flat layout of L's modes sorted stably by (d, s). */
int lo_sort(const lo_layout *l, lo_layout *out, lo_err *err) {
  (void)err;
  lo_mode m[LO_MAX_LEAVES];
  int n = lo_modes_of(l, m);
  lo_modes_sort(m, n);
  lo_layout_flat_modes(out, m, n);
  return LO_OK;
}

/* A * B: the flat layout of A's modes followed by B's. */
int lo_flat_concat(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err) {
  lo_mode m[2 * LO_MAX_LEAVES];
  if (a->shape.len + b->shape.len > LO_MAX_LEAVES)
    return lo_fail(err, LO_ELIMIT, "too many entries (limit %d)", LO_MAX_LEAVES);
  int n = lo_modes_of(a, m);
  n += lo_modes_of(b, m + n);
  lo_layout_flat_modes(out, m, n);
  return LO_OK;
}

/* Tractable (Def 2.1.8.1): sort the flattened modes (no squeeze); each
** non-zero stride d_i has s_i d_i dividing d_{i+1}. */
int lo_is_tractable(const lo_layout *l) {
  lo_mode m[LO_MAX_LEAVES];
  int n = lo_modes_of(l, m);
  lo_modes_sort(m, n);
  for (int i = 0; i + 1 < n; i++) {
    if (m[i].d == 0) continue;
    lo_int p;
    if (__builtin_mul_overflow(m[i].s, m[i].d, &p)) return 0;
    if (m[i + 1].d % p != 0) return 0;
  }
  return 1;
}

/* Compact (Prop 2.1.5.6): sort(squeeze(L)) has d_i = s_1...s_{i-1}. */
int lo_is_compact(const lo_layout *l) {
  lo_mode m[LO_MAX_LEAVES];
  int n = lo_modes_squeeze(m, lo_modes_of(l, m));
  lo_modes_sort(m, n);
  lo_int w = 1;
  for (int i = 0; i < n; i++) {
    if (m[i].d != w) return 0;
    if (__builtin_mul_overflow(w, m[i].s, &w)) return 0;
  }
  return 1;
}

/* Sorted: the flattened modes are in the order of Def 2.1.3.23. */
int lo_is_sorted(const lo_layout *l) {
  for (int i = 0; i + 1 < l->shape.len; i++) {
    lo_int d0 = l->stride[i], d1 = l->stride[i + 1];
    if (d0 > d1 || (d0 == d1 && l->shape.leaf[i] > l->shape.leaf[i + 1])) return 0;
  }
  return 1;
}

/* Non-degenerate: every size-1 entry has stride 0. */
int lo_is_nondegenerate(const lo_layout *l) {
  for (int i = 0; i < l->shape.len; i++)
    if (l->shape.leaf[i] == 1 && l->stride[i] != 0) return 0;
  return 1;
}

/* The paper's complementability (with d_1 > 0) of sort(squeeze(m)). */
int lo_modes_complementable(const lo_mode *m0, int n) {
  lo_mode m[LO_MAX_LEAVES];
  memcpy(m, m0, (size_t)n * sizeof *m);
  n = lo_modes_squeeze(m, n);
  lo_modes_sort(m, n);
  if (n == 0) return 1;
  if (m[0].d == 0) return 0;
  for (int i = 0; i + 1 < n; i++) {
    lo_int p;
    if (__builtin_mul_overflow(m[i].s, m[i].d, &p)) return 0;
    if (m[i + 1].d % p != 0) return 0;
  }
  return 1;
}

/* The paper's complementability of l (see lo.h). */
int lo_is_complementable(const lo_layout *l) {
  lo_mode m[LO_MAX_LEAVES];
  return lo_modes_complementable(m, lo_modes_of(l, m));
}

/* N-complementable: complementable and s_m d_m divides N (N >= 1). */
int lo_is_n_complementable(const lo_layout *l, lo_int n) {
  lo_mode m[LO_MAX_LEAVES];
  int k = lo_modes_of(l, m);
  if (n < 1 || !lo_modes_complementable(m, k)) return 0;
  k = lo_modes_squeeze(m, k);
  lo_modes_sort(m, k);
  if (k == 0) return 1;
  lo_int p;
  if (__builtin_mul_overflow(m[k - 1].s, m[k - 1].d, &p)) return 0;
  return n % p == 0;
}

/* The restriction of l to its flattened entries idx[0..n) (1-based,
** increasing): the flat layout of those modes. */
int lo_layout_restrict(const lo_layout *l, const int *idx, int n, lo_layout *out, lo_err *err) {
  lo_mode m[LO_MAX_LEAVES], k[LO_MAX_LEAVES];
  int nm = lo_modes_of(l, m);
  for (int i = 0; i < n; i++) {
    if (idx[i] > nm) return lo_fail(err, LO_EUNDEF, "index %d outside 1..%d", idx[i], nm);
    if (i && idx[i] <= idx[i - 1]) return lo_fail(err, LO_EUNDEF, "index set must increase");
    k[i] = m[idx[i] - 1];
  }
  lo_layout_flat_modes(out, k, n);
  return LO_OK;
}

/* L^sigma = (L_sigma(1), ..., L_sigma(m)) over the m top-level modes of l;
** sigma[1..m] is a permutation of 1..m. */
int lo_layout_permute(const lo_layout *l, const int *sigma, lo_layout *out, lo_err *err) {
  lo_layout m[LO_MAX_LEAVES];
  const lo_layout *pp[LO_MAX_LEAVES];
  int n = lo_tuple_rank(&l->shape);
  for (int k = 1; k <= n; k++) {
    if (lo_layout_mode(l, sigma[k], &m[k - 1], err)) return err->code;
    pp[k - 1] = &m[k - 1];
  }
  return lo_layout_nest(pp, n, out, err);
}

/* Whether the strides of l's flattening are the running products of its
** shape, first entry fastest (column-major) or last fastest (row_major);
** an error only when a product does not fit. */
static int is_major(const lo_layout *l, int row, int *out, lo_err *err) {
  lo_int w = 1;
  *out = 1;
  for (int k = 0; k < l->shape.len; k++) {
    int i = row ? l->shape.len - 1 - k : k;
    if (l->stride[i] != w) *out = 0;
    if (lo_mul(w, l->shape.leaf[i], &w, "size", err)) return err->code;
  }
  return LO_OK;
}

/* Column-major: d_i = s_1 ... s_{i-1} over the flattening. */
int lo_is_column_major(const lo_layout *l, int *out, lo_err *err) {
  return is_major(l, 0, out, err);
}

/* Row-major: d_i = s_{i+1} ... s_m over the flattening. */
int lo_is_row_major(const lo_layout *l, int *out, lo_err *err) { return is_major(l, 1, out, err); }

/* The order of Def 2.1.3.23 on single modes: s:d <= s':d' when d < d',
** or d = d' and s <= s'.  LO_EUNDEF unless both are single modes. */
int lo_mode_leq(const lo_layout *a, const lo_layout *b, int *out, lo_err *err) {
  if (a->shape.len != 1 || b->shape.len != 1)
    return lo_fail(err, LO_EUNDEF, "mode_leq takes two single modes");
  *out = a->stride[0] < b->stride[0] ||
         (a->stride[0] == b->stride[0] && a->shape.leaf[0] <= b->shape.leaf[0]);
  return LO_OK;
}
