/*
** lo_tile.c -- slicing a layout by a coordinate, and CuTe's tensor
** partitions on the layout of a tensor: slice_and_offset (cute/layout.hpp,
** cute/layout_composed.hpp, cute/swizzle_layout.hpp,
** cute/pointer_flagged.hpp), inner_partition, outer_partition, local_tile
** and local_partition (cute/tensor_impl.hpp).  See lo.h section 15.
**
** A coordinate is a lo_tuple whose leaves are integers >= 0 or LO_UNDER
** (CuTe's '_').  Every function computes what CuTe C++ computes for static
** values; with check set (the plain ops) it refuses an integer coordinate
** outside the mode it indexes (CuTe does not check it) and divides by the
** plain zipped_divide (CuTe's where it meets its contract, an answer where
** CuTe refuses one that is well defined, an error otherwise).
*/
#include "lo_internal.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------- helpers */

/* Start b as the empty layout "(" (modes follow, then close_modes). */
static void open_modes(lo_layout *b) {
  b->shape.len = 0;
  b->shape.ntok = 1;
  b->shape.tok[0] = '(';
  b->is_tiler = 0;
}

/* Append the layout m to b as its next mode; its leaves' tiler marks go
** with it, their nesting lowered by up (the tilers m leaves behind). */
static int add_mode(lo_layout *b, const lo_layout *m, int up, lo_err *err) {
  int k = b->shape.len;
  if (lo_tuple_append(&b->shape, &m->shape, err)) return err->code;
  memcpy(b->stride + k, m->stride, (size_t)m->shape.len * sizeof(lo_int));
  for (int i = 0; i < m->shape.len; i++) {
    unsigned char t = m->is_tiler ? m->tile[i] : 0;
    int nest = (t & LO_TILE_NEST) - up;
    assert(nest >= 0);
    b->tile[k + i] = (unsigned char)((t & ~LO_TILE_NEST) | nest);
  }
  return LO_OK;
}

/* Close the tuple open_modes started. */
static int close_modes(lo_layout *b, lo_err *err) {
  if (b->shape.ntok + 1 > LO_MAX_TOKENS)
    return lo_fail(err, LO_ELIMIT, "nested tuple too long (limit %d tokens)", LO_MAX_TOKENS);
  b->shape.tok[b->shape.ntok++] = ')';
  return LO_OK;
}

/* Mode k (0-based) of l with its tiler marks (lo_layout_mode drops them). */
static int mode_of(const lo_layout *l, int k, lo_layout *out, lo_err *err) {
  int first;
  if (lo_tuple_mode(&l->shape, k + 1, &out->shape, &first, err)) return err->code;
  memcpy(out->stride, l->stride + first, (size_t)out->shape.len * sizeof(lo_int));
  out->is_tiler = l->is_tiler;
  if (l->is_tiler) memcpy(out->tile, l->tile + first, (size_t)out->shape.len);
  return LO_OK;
}

/* Mode k (0-based) of the coordinate c. */
static int cmode(const lo_tuple *c, int k, lo_tuple *out, lo_err *err) {
  return lo_tuple_mode(c, k + 1, out, NULL, err);
}

/* Append the coordinate m to the open tuple t as its next mode. */
static int add_cmode(lo_tuple *t, const lo_tuple *m, lo_err *err) {
  return lo_tuple_append(t, m, err);
}

/* Start t as an open tuple "(". */
static void open_tuple(lo_tuple *t) {
  t->len = 0;
  t->ntok = 1;
  t->tok[0] = '(';
}

/* Close the tuple open_tuple started. */
static int close_tuple(lo_tuple *t, lo_err *err) {
  if (t->ntok + 1 > LO_MAX_TOKENS)
    return lo_fail(err, LO_ELIMIT, "nested tuple too long (limit %d tokens)", LO_MAX_TOKENS);
  t->tok[t->ntok++] = ')';
  return LO_OK;
}

/* Append n copies of '_' to the open tuple t. */
static int add_unders(lo_tuple *t, int n, lo_err *err) {
  lo_tuple u;
  lo_tuple_int(&u, LO_UNDER);
  for (int i = 0; i < n; i++)
    if (add_cmode(t, &u, err)) return err->code;
  return LO_OK;
}

/* CuTe's repeat<n>(_): '_' itself for n = 1, else the tuple of n '_'. */
static int repeat_under(int n, lo_tuple *out, lo_err *err) {
  if (n == 1) {
    lo_tuple_int(out, LO_UNDER);
    return LO_OK;
  }
  open_tuple(out);
  if (add_unders(out, n, err)) return err->code;
  return close_tuple(out, err);
}

/* ----------------------------------------------------- slice and offset */

/* acc += crd2idx(x, l) for an integer x, as CuTe's crd2idx of an integer
** in a (nested) shape: every mode but the last takes x modulo its size,
** the last the rest.  range: x must lie in [0, size(l)); plain: an empty
** tuple (size 1) takes the index 0, where CuTe's crd2idx does not compile. */
static int int_offset(lo_int x, const lo_layout *l, int range, int plain, lo_int *acc,
                      lo_err *err) {
  lo_int v;
  if (range) {
    lo_int z;
    if (lo_tuple_size(&l->shape, &z, err)) return err->code;
    if (x >= z)
      return lo_fail(err, LO_EUNDEF,
                     "coordinate %lld is outside its mode of size %lld (CuTe does not check it: "
                     "the cute_ op answers what CuTe computes)",
                     (long long)x, (long long)z);
  }
  if (lo_tuple_is_int(&l->shape)) {
    if (lo_mul(x, l->stride[0], &v, "coordinate offset", err) ||
        lo_add(*acc, v, acc, "coordinate offset", err))
      return err->code;
    return LO_OK;
  }
  int r = lo_tuple_rank(&l->shape);
  if (r == 0) {
    if (plain && x == 0) return LO_OK;
    return lo_fail(err, LO_EUNDEF,
                   "%scrd2idx: the integer coordinate %lld for the empty tuple (no crd2idx for ())",
                   plain ? "" : "CuTe refuses: ", (long long)x);
  }
  for (int k = 0; k < r; k++) {
    lo_layout lk;
    lo_int n = x;
    if (mode_of(l, k, &lk, err)) return err->code;
    lk.is_tiler = 0;
    if (k + 1 < r) {
      lo_int z;
      if (lo_tuple_size(&lk.shape, &z, err)) return err->code;
      if (z == 0) return lo_fail(err, LO_EUNDEF, "CuTe fails: crd2idx: a mode of size 0");
      n = x % z;
      x /= z;
    }
    if (int_offset(n, &lk, 0, plain, acc, err)) return err->code;
  }
  return LO_OK;
}

/* The slice of l at the coordinate mode c: the modes paired with '_'
** appended to acc (CuTe's lift_slice, joined by tuple_cat), the offset
** of the integers added to *off. */
static int slice_walk(const lo_tuple *c, const lo_layout *l, int check, lo_layout *acc, lo_int *off,
                      lo_err *err) {
  if (lo_tuple_is_int(c)) {
    if (c->leaf[0] == LO_UNDER) return add_mode(acc, l, 0, err);
    return int_offset(c->leaf[0], l, check, check, off, err);
  }
  int rc = lo_tuple_rank(c);
  if (lo_tuple_is_int(&l->shape))
    return lo_fail(err, LO_EUNDEF,
                   "CuTe refuses: slice: a coordinate of rank %d for the integer %lld (no "
                   "tuple_size of an integer)",
                   rc, (long long)l->shape.leaf[0]);
  if (rc != lo_tuple_rank(&l->shape))
    return lo_fail(err, LO_EUNDEF,
                   "CuTe refuses: slice: Mismatched Ranks (a coordinate of rank %d for a shape of "
                   "rank %d)",
                   rc, lo_tuple_rank(&l->shape));
  for (int k = 0; k < rc; k++) {
    lo_tuple ck;
    lo_layout lk;
    if (cmode(c, k, &ck, err) || mode_of(l, k, &lk, err) ||
        slice_walk(&ck, &lk, check, acc, off, err))
      return err->code;
  }
  return LO_OK;
}

/* See lo.h. */
int lo_slice_and_offset(const lo_tuple *c, const lo_layout *l, int check, lo_layout *out,
                        lo_int *offset, lo_err *err) {
  lo_layout r;
  lo_int off = 0;
  assert(!l->is_tiler);
  if (lo_tuple_is_int(c) && c->leaf[0] == LO_UNDER) { /* slice(_, L) = L */
    lo_layout_copy(out, l);
    *offset = 0;
    return LO_OK;
  }
  open_modes(&r);
  if (slice_walk(c, l, check, &r, &off, err) || close_modes(&r, err)) return err->code;
  lo_layout_copy(out, &r);
  *offset = off;
  return LO_OK;
}

/* The value of l at the coordinate c (no '_'), as CuTe's crd2idx: tuples
** mode by mode, an integer in a tuple mode colexicographic. */
static int crd_value(const lo_tuple *c, const lo_layout *l, lo_int *out, lo_err *err) {
  lo_layout dummy;
  *out = 0;
  open_modes(&dummy);
  return slice_walk(c, l, 0, &dummy, out, err);
}

/* ------------------------------------------------------------------ dice */

/* The modes of t (a tiler, or a layout) that the projection mode p keeps,
** appended to acc: CuTe's lift_dice, joined by tuple_cat.  up counts the
** nested tilers entered. */
static int dice_walk(const lo_tuple *p, const lo_layout *t, int up, lo_layout *acc, lo_err *err) {
  if (lo_tuple_is_int(p)) {
    if (p->leaf[0] == LO_UNDER) return LO_OK;
    return add_mode(acc, t, up, err);
  }
  int rp = lo_tuple_rank(p);
  if (lo_tuple_is_int(&t->shape) || rp != lo_tuple_rank(&t->shape))
    return lo_fail(err, LO_EUNDEF,
                   "CuTe refuses: dice: Mismatched Ranks (a projection of rank %d for %s of rank "
                   "%d)",
                   rp, lo_tuple_is_int(&t->shape) ? "an integer" : "a tuple",
                   lo_tuple_rank(&t->shape));
  for (int k = 0; k < rp; k++) {
    lo_tuple pk;
    lo_layout tk;
    if (cmode(p, k, &pk, err) || mode_of(t, k, &tk, err)) return err->code;
    if (!lo_tuple_is_int(&pk) && t->is_tiler && tk.shape.len > 0 &&
        (tk.tile[0] & LO_TILE_NEST) <= up)
      return lo_fail(err, LO_EUNSUPPORTED,
                     "dice: a nested projection for a tiler entry that is a layout");
    if (dice_walk(&pk, &tk, up + (!lo_tuple_is_int(&pk) && t->is_tiler), acc, err))
      return err->code;
  }
  return LO_OK;
}

/* See lo.h. */
int lo_dice_tiler(const lo_tuple *proj, const lo_layout *t, lo_layout *out, lo_err *err) {
  lo_layout r;
  if (lo_tuple_is_int(proj) && proj->leaf[0] != LO_UNDER) { /* dice(1, T) = T */
    lo_layout_copy(out, t);
    return LO_OK;
  }
  open_modes(&r); /* dice(_, T) = (), else the modes kept */
  if ((!lo_tuple_is_int(proj) && dice_walk(proj, t, 0, &r, err)) || close_modes(&r, err))
    return err->code;
  r.is_tiler = t->is_tiler;
  lo_layout_copy(out, &r);
  return LO_OK;
}

/* The leaves of c that the projection mode p keeps, appended to acc. */
static int dice_cwalk(const lo_tuple *p, const lo_tuple *c, lo_tuple *acc, lo_err *err) {
  if (lo_tuple_is_int(p)) {
    if (p->leaf[0] == LO_UNDER) return LO_OK;
    return add_cmode(acc, c, err);
  }
  int rp = lo_tuple_rank(p);
  if (lo_tuple_is_int(c) || rp != lo_tuple_rank(c))
    return lo_fail(err, LO_EUNDEF,
                   "CuTe refuses: dice: Mismatched Ranks (a projection of rank %d for %s of rank "
                   "%d)",
                   rp, lo_tuple_is_int(c) ? "an integer" : "a tuple", lo_tuple_rank(c));
  for (int k = 0; k < rp; k++) {
    lo_tuple pk, ck;
    if (cmode(p, k, &pk, err) || cmode(c, k, &ck, err) || dice_cwalk(&pk, &ck, acc, err))
      return err->code;
  }
  return LO_OK;
}

/* See lo.h. */
int lo_dice_coord(const lo_tuple *proj, const lo_tuple *c, lo_tuple *out, lo_err *err) {
  lo_tuple r;
  if (lo_tuple_is_int(proj) && proj->leaf[0] != LO_UNDER) {
    lo_tuple_copy(out, c);
    return LO_OK;
  }
  open_tuple(&r);
  if ((!lo_tuple_is_int(proj) && dice_cwalk(proj, c, &r, err)) || close_tuple(&r, err))
    return err->code;
  lo_tuple_copy(out, &r);
  return LO_OK;
}

/* ------------------------------------------------------------ partitions */

/* The coordinate inner_partition (outer 0) or outer_partition (outer 1)
** slices the zipped layout z with: (repeat<R0>(_), append<R1>(c,_)) or
** (append<R0>(c,_), repeat<R1>(_)); an integer c stays as it is. */
static int partition_coord(const lo_layout *z, const lo_tuple *c, int outer, lo_tuple *out,
                           lo_err *err) {
  lo_tuple m0, m1, part, rest;
  if (lo_tuple_is_int(&z->shape) || lo_tuple_rank(&z->shape) != 2)
    return lo_fail(err, LO_EUNDEF, "CuTe refuses: the zipped layout is not of rank 2");
  if (cmode(&z->shape, 0, &m0, err) || cmode(&z->shape, 1, &m1, err)) return err->code;
  int r0 = lo_tuple_rank(&m0), r1 = lo_tuple_rank(&m1), rc = outer ? r0 : r1;
  if (repeat_under(outer ? r1 : r0, &rest, err)) return err->code;
  if (lo_tuple_is_int(c)) {
    lo_tuple_copy(&part, c);
  } else {
    int n = lo_tuple_rank(c);
    if (n > rc)
      return lo_fail(err, LO_EUNDEF,
                     "CuTe refuses: append<%d>: a coordinate of rank %d for %d modes (static "
                     "assertion failed)",
                     rc, n, rc);
    lo_tuple_copy(&part, c);
    part.ntok--; /* reopen its ')' */
    assert(part.tok[part.ntok] == ')');
    if (add_unders(&part, rc - n, err) || close_tuple(&part, err)) return err->code;
  }
  open_tuple(out);
  if (add_cmode(out, outer ? &part : &rest, err) || add_cmode(out, outer ? &rest : &part, err))
    return err->code;
  return close_tuple(out, err);
}

/* See lo.h. */
int lo_partition(const lo_layout *l, const lo_layout *tiler, const lo_tuple *c, int outer,
                 int check, lo_layout *out, lo_int *offset, lo_err *err) {
  lo_layout z;
  lo_tuple full;
  if ((check ? lo_zipped_divide(l, tiler, &z, err) : lo_cute_zipped_divide(l, tiler, &z, err)) ||
      partition_coord(&z, c, outer, &full, err))
    return err->code;
  return lo_slice_and_offset(&full, &z, check, out, offset, err);
}

/* See lo.h. */
int lo_flat_coord(const lo_layout *thr, lo_int idx, lo_tuple *out, lo_err *err) {
  int r = lo_tuple_rank(&thr->shape), is_int = lo_tuple_is_int(&thr->shape);
  lo_int v[LO_MAX_LEAVES];
  for (int k = 0; k < r; k++) {
    lo_layout tk;
    lo_int w = 0, radix = 1;
    if (lo_layout_mode(thr, k + 1, &tk, err)) return err->code;
    for (int j = 0; j < tk.shape.len; j++) {
      lo_int s = tk.shape.leaf[j], d = tk.stride[j], cj = 0;
      if (s != 1) { /* CuTe's idx2crd skips a static 1 */
        if (d == 0)
          return lo_fail(err, LO_EUNDEF,
                         "CuTe fails: get_flat_coord: a thread mode of size %lld and stride 0 "
                         "(division by zero)",
                         (long long)s);
        cj = (idx / d) % s;
      }
      lo_int t;
      if (lo_mul(cj, radix, &t, "flat coordinate", err) ||
          lo_add(w, t, &w, "flat coordinate", err) ||
          lo_mul(radix, s, &radix, "flat coordinate", err))
        return err->code;
    }
    v[k] = w;
  }
  if (is_int || r == 1)
    lo_tuple_int(out, v[0]); /* repeat<1>(_1) is no tuple: crd2crd gives an integer */
  else
    lo_tuple_flat(out, v, r);
  return LO_OK;
}

/* See lo.h. */
int lo_thread_tiler(const lo_layout *thr, lo_layout *out, lo_err *err) {
  int r = lo_tuple_rank(&thr->shape);
  lo_int s[LO_MAX_LEAVES], d[LO_MAX_LEAVES];
  for (int k = 0; k < r; k++) {
    lo_tuple tk;
    if (lo_tuple_mode(&thr->shape, k + 1, &tk, NULL, err) || lo_tuple_size(&tk, &s[k], err))
      return err->code;
    d[k] = 1;
  }
  lo_layout_flat(out, s, d, r); /* product_each(shape(thr)): a tuple even for an integer shape */
  out->is_tiler = 1;
  for (int k = 0; k < r; k++) out->tile[k] = LO_TILE_INT;
  return LO_OK;
}

/* See lo.h. */
int lo_local_tile(const lo_layout *l, const lo_layout *tiler, const lo_tuple *c,
                  const lo_tuple *proj, int check, lo_layout *out, lo_int *offset, lo_err *err) {
  lo_layout t;
  lo_tuple dc;
  if (!proj) return lo_partition(l, tiler, c, 0, check, out, offset, err);
  if (lo_dice_tiler(proj, tiler, &t, err) || lo_dice_coord(proj, c, &dc, err)) return err->code;
  return lo_partition(l, &t, &dc, 0, check, out, offset, err);
}

/* See lo.h. */
int lo_local_partition(const lo_layout *l, const lo_layout *thr, lo_int idx, const lo_tuple *proj,
                       int check, lo_layout *out, lo_int *offset, lo_err *err) {
  lo_layout th, t;
  lo_tuple c;
  if (proj) {
    if (lo_dice_tiler(proj, thr, &th, err)) return err->code;
    th.is_tiler = 0;
  } else {
    lo_layout_copy(&th, thr);
  }
  if (check) {
    lo_int z;
    if (lo_size(thr, &z, err)) return err->code;
    if (idx >= z)
      return lo_fail(err, LO_EUNDEF,
                     "thread index %lld is outside the thread layout of size %lld (CuTe does not "
                     "check it: the cute_ op answers what CuTe computes)",
                     (long long)idx, (long long)z);
  }
  if (lo_thread_tiler(&th, &t, err) || lo_flat_coord(&th, idx, &c, err)) return err->code;
  return lo_partition(l, &t, &c, 1, check, out, offset, err);
}

/* ---------------------------------------------------- composed layouts */

/* Whether every leaf of c is '_' (CuTe's all_underscore). */
static int all_under(const lo_tuple *c) {
  for (int i = 0; i < c->len; i++)
    if (c->leaf[i] != LO_UNDER) return 0;
  return 1;
}

/* The dice of c by itself: the integer leaves of c, joined as CuTe's
** tuple_cat joins them; an integer c is itself. */
static int dice_self(const lo_tuple *c, lo_tuple *out, lo_err *err) {
  return lo_dice_coord(c, c, out, err);
}

/* The layout dice(c, l): the modes of l paired with integers in c. */
static int dice_layout(const lo_tuple *c, const lo_layout *l, lo_layout *out, lo_err *err) {
  return lo_dice_tiler(c, l, out, err);
}

/* CuTe's to_mixed_bits(d, c): the XOR over the leaves of d of c_i d_i,
** c = idx2crd(c, shape(d)); each leaf's shape times stride must be 0 or a
** power of two ("Requires pow2 shape*stride."). */
static int mixed_bits(const lo_tuple *c, const lo_layout *d, lo_int *out, lo_err *err) {
  if (lo_tuple_is_int(&d->shape)) {
    lo_int s = d->shape.leaf[0], st = d->stride[0], ss, x = 0;
    if (lo_mul(s, st, &ss, "to_mixed_bits", err)) return err->code;
    if (ss != 0 && (ss < 0 || (ss & (ss - 1)) != 0))
      return lo_fail(err, LO_EUNDEF,
                     "CuTe refuses: to_mixed_bits: Requires pow2 shape*stride (a mode %lld:%lld "
                     "of the swizzle's projection)",
                     (long long)s, (long long)st);
    if (!lo_tuple_is_int(c))
      return lo_fail(err, LO_EUNDEF,
                     "CuTe refuses: to_mixed_bits: a tuple coordinate for an "
                     "integer shape");
    if (lo_mul(c->leaf[0], st, &x, "to_mixed_bits", err)) return err->code;
    *out ^= x;
    return LO_OK;
  }
  int r = lo_tuple_rank(&d->shape);
  if (lo_tuple_is_int(c)) { /* idx2crd of an integer in a tuple: colexicographic, last runs on */
    lo_int x = c->leaf[0];
    for (int k = 0; k < r; k++) {
      lo_layout dk;
      lo_tuple ck;
      lo_int n = x;
      if (lo_layout_mode(d, k + 1, &dk, err)) return err->code;
      if (k + 1 < r) {
        lo_int z;
        if (lo_tuple_size(&dk.shape, &z, err)) return err->code;
        n = x % z;
        x /= z;
      }
      lo_tuple_int(&ck, n);
      if (mixed_bits(&ck, &dk, out, err)) return err->code;
    }
    return LO_OK;
  }
  if (lo_tuple_rank(c) != r)
    return lo_fail(err, LO_EUNDEF, "CuTe refuses: to_mixed_bits: Mismatched ranks");
  for (int k = 0; k < r; k++) {
    lo_layout dk;
    lo_tuple ck;
    if (lo_layout_mode(d, k + 1, &dk, err) || cmode(c, k, &ck, err) ||
        mixed_bits(&ck, &dk, out, err))
      return err->code;
  }
  return LO_OK;
}

/* The projections of the swizzle sw that CuTe's slice composes with: the
** layout (2^M, 2^B, 2^(|S|-B), 2^B, 1) with the strides of its Z and Y
** bits (only 1) or of the other bits (only 0). */
static void swizzle_projection(const lo_swizzle *sw, int only, lo_layout *out) {
  int m = sw->base, b = sw->bits, s = sw->shift < 0 ? -sw->shift : sw->shift;
  lo_int sh[5] = {(lo_int)1 << m, (lo_int)1 << b, (lo_int)1 << (s - b), (lo_int)1 << b, 1};
  lo_int d[5] = {1, (lo_int)1 << m, (lo_int)1 << (m + b), (lo_int)1 << (m + s),
                 (lo_int)1 << (m + b + s)};
  if (only)
    d[0] = d[2] = d[4] = 0;
  else
    d[1] = d[3] = 0;
  lo_layout_flat(out, sh, d, 5);
}

/* CuTe's strides of the B bits of one group of the decayed swizzle
** layout: for the lower group when z_first (the Z bits read the Y bits of
** the offset), else the group whose move also flips Z. */
static void swizzle_strides(int z_first, lo_int z, lo_int y, lo_int offset, int b, lo_int *out) {
  for (int i = 0; i < b; i++) {
    assert(z > 0 && y > 0);
    lo_int bit = (lo_int)1 << i; /* y - z may be negative: multiply, never shift */
    if (z_first)
      out[i] = (offset & (y * bit)) == 0 ? z * bit : -(z * bit);
    else
      out[i] = (offset & (z * bit)) == 0 ? (y + z) * bit : (y - z) * bit;
  }
}

/* See lo.h. */
int lo_composed_slice_and_offset(const lo_tuple *c, const lo_composed *l, int check,
                                 lo_composed *out, lo_int *offset, lo_err *err) {
  lo_layout sliced;
  lo_int off;
  if (l->plain) {
    *out = *l;
    return lo_slice_and_offset(c, &l->inner, check, &out->inner, offset, err);
  }
  if (lo_slice_and_offset(c, &l->inner, check, &sliced, &off, err)) return err->code;
  if (l->smem_bits > 0) { /* cute/pointer_flagged.hpp */
    *out = *l;
    lo_layout_copy(&out->inner, &sliced);
    if (off != 0) { /* the offset moves into the composed layout, which is kept as built */
      out->smem_bits = 0;
      out->offset = off;
    }
    *offset = 0;
    return LO_OK;
  }
  if (all_under(c)) { /* composition(sw, O, slice(c, L)) */
    lo_composed_make(out, &l->sw, l->offset, &sliced);
    out->plain = l->sw.bits == 0 && l->offset == 0;
    *offset = 0;
    return LO_OK;
  }
  lo_layout diced, anti, only, d_anti, d_only, s_only;
  lo_tuple dcoord;
  lo_int bits = 0, anti_off, active, sw_active;
  swizzle_projection(&l->sw, 0, &anti);
  swizzle_projection(&l->sw, 1, &only);
  if (dice_layout(c, &l->inner, &diced, err) || dice_self(c, &dcoord, err)) return err->code;
  diced.is_tiler = 0;
  if (lo_cute_composition(&anti, &diced, &d_anti, err) ||
      lo_cute_composition(&only, &diced, &d_only, err) ||
      mixed_bits(&dcoord, &d_only, &bits, err) || crd_value(&dcoord, &d_anti, &anti_off, err))
    return err->code;
  lo_int only_off = l->offset ^ bits;
  lo_int n;
  if (lo_cute_composition(&only, &sliced, &s_only, err) || lo_size(&s_only, &n, err) ||
      lo_apply(&s_only, n - 1, &active, err) || lo_swizzle_apply(&l->sw, active, &sw_active, err))
    return err->code;
  if ((active & ~sw_active) != 0) { /* the slice reads both Y and Z: no decay */
    lo_composed_make(out, &l->sw, only_off, &sliced);
    *offset = anti_off;
    return LO_OK;
  }
  /* the decay to a plain layout: the swizzle as a layout at this offset */
  lo_int z = lo_swizzle_zzz(&l->sw), y = lo_swizzle_yyy(&l->sw);
  z &= -z;
  y &= -y;
  int m = l->sw.base, b = l->sw.bits, s = l->sw.shift < 0 ? -l->sw.shift : l->sw.shift;
  lo_int sh[LO_MAX_LEAVES], d[LO_MAX_LEAVES];
  if (2 * b + 3 > LO_MAX_LEAVES)
    return lo_fail(err, LO_ELIMIT, "the swizzle as a layout has %d modes (limit %d)", 2 * b + 3,
                   LO_MAX_LEAVES);
  int k = 0;
  sh[k] = (lo_int)1 << m;
  d[k++] = 1;
  swizzle_strides(z < y, z, y, only_off, b, d + k);
  for (int i = 0; i < b; i++) sh[k++] = 2;
  sh[k] = (lo_int)1 << (s - b);
  d[k++] = (lo_int)1 << (m + b);
  swizzle_strides(z > y, z, y, only_off, b, d + k);
  for (int i = 0; i < b; i++) sh[k++] = 2;
  sh[k] = 1;
  d[k++] = (lo_int)1 << (m + b + s);
  lo_layout swl, res;
  lo_int sw_off;
  lo_layout_flat(&swl, sh, d, k);
  if (lo_cute_composition(&swl, &sliced, &res, err) ||
      lo_swizzle_apply(&l->sw, only_off, &sw_off, err) ||
      lo_add(sw_off, anti_off, offset, "slice offset", err))
    return err->code;
  memset(out, 0, sizeof *out);
  out->plain = 1;
  lo_layout_copy(&out->inner, &res);
  return LO_OK;
}

/* See lo.h. */
int lo_composed_partition(const lo_composed *l, const lo_layout *tiler, const lo_tuple *c,
                          int outer, int check, lo_composed *out, lo_int *offset, lo_err *err) {
  lo_composed zc = *l;
  lo_tuple full;
  if ((check ? lo_zipped_divide(&l->inner, tiler, &zc.inner, err)
             : lo_cute_zipped_divide(&l->inner, tiler, &zc.inner, err)) ||
      partition_coord(&zc.inner, c, outer, &full, err))
    return err->code;
  if (!zc.plain && zc.smem_bits == 0 && zc.sw.bits == 0 && zc.offset == 0)
    zc.plain = 1; /* composition(Swizzle<0,M,S>, Int<0>, L) is L */
  return lo_composed_slice_and_offset(&full, &zc, check, out, offset, err);
}
