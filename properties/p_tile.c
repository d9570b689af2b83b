/*
** p_tile.c -- slicing by a coordinate and the tensor partitions
** (oracle/lo_tile.c): the tiles local_tile cuts at every tile coordinate
** are the columns of zipped_divide and together hold the layout's values
** once each; the parts local_partition hands the threads do too; a
** swizzled layout's tiles, composed or decayed to plain layouts, are the
** composed layout's values.
*/
#include "properties.h"

#include <stdlib.h>
#include <string.h>

#define CUTE_TENSOR "cute/tensor_impl.hpp, "
#define POINT_LIMIT 4096 /* values of a layout compared */

/* The layout A, the tiler T (arguments 0 and 1) and Z = zipped_divide(A,
** T) where the plain op answers it (its contract: the tiles re-index A's
** domain), with the sizes of Z's tile and rest modes.  GEN_PASS to go on,
** GEN_DISCARD outside the contract or the bound, another verdict on a
** harness error. */
static gen_verdict tile_setup(gen_ctx *x, lo_layout *a, lo_layout *t, lo_layout *z, lo_int *tsz,
                              lo_int *rsz) {
  lo_err e;
  lo_layout m;
  lo_int n;
  if (prop_layout(x, 0, a) || prop_layout(x, 1, t)) return GEN_ERROR;
  if (lo_size(a, &n, &e) || n > POINT_LIMIT) return GEN_DISCARD;
  if (lo_zipped_divide(a, t, z, &e)) return GEN_DISCARD;
  if (lo_layout_mode(z, 1, &m, &e) || lo_size(&m, tsz, &e) || lo_layout_mode(z, 2, &m, &e) ||
      lo_size(&m, rsz, &e))
    return prop_verdict_of(x, &e, "zipped_divide modes", PROP_STRICT);
  if (*tsz * *rsz != n) return GEN_DISCARD; /* T does not divide A: the tiles pad */
  return GEN_PASS;
}

/* Ascending order of lo_int, for qsort. */
static int cmp_int(const void *p, const void *q) {
  lo_int a = *(const lo_int *)p, b = *(const lo_int *)q;
  return (a > b) - (a < b);
}

/* vals[0..n) sorted equals A's values sorted: 0, or nonzero with x->msg. */
static int same_values(gen_ctx *x, const lo_layout *a, lo_int *vals, lo_int n, const char *what) {
  static _Thread_local lo_int av[POINT_LIMIT];
  lo_int na;
  lo_err e;
  if (lo_size(a, &na, &e) || na > POINT_LIMIT) return gen_failf(x, "size of A"), 1;
  if (na != n)
    return gen_failf(x, "%s hold %lld values, A %lld", what, (long long)n, (long long)na), 1;
  for (lo_int i = 0; i < na; i++)
    if (lo_apply(a, i, &av[i], &e)) return gen_failf(x, "A(%lld): %s", (long long)i, e.msg), 1;
  qsort(av, (size_t)na, sizeof av[0], cmp_int);
  qsort(vals, (size_t)n, sizeof vals[0], cmp_int);
  for (lo_int i = 0; i < n; i++)
    if (vals[i] != av[i])
      return gen_failf(x, "%s and A differ at the %lld-th smallest value: %lld vs %lld", what,
                       (long long)i, (long long)vals[i], (long long)av[i]),
             1;
  return 0;
}

/* local_tile(A, T, r)(i) + offset = zipped_divide(A, T)(i, r) for every
** tile coordinate r (an integer, colexicographic over the rest) and i;
** with all (want_values), the tiles' values are A's. */
static gen_verdict tiles_check(gen_ctx *x, int want_values) {
  lo_layout a, t, z, r;
  lo_int tsz, rsz, off, n = 0;
  lo_err e;
  static _Thread_local lo_int vals[POINT_LIMIT];
  gen_verdict v = tile_setup(x, &a, &t, &z, &tsz, &rsz);
  if (v != GEN_PASS) return v;
  for (lo_int k = 0; k < rsz; k++) {
    lo_tuple c;
    lo_int rs;
    lo_tuple_int(&c, k);
    if (lo_local_tile(&a, &t, &c, NULL, 1, &r, &off, &e) || lo_size(&r, &rs, &e))
      return prop_verdict_of(x, &e, "lo_local_tile", PROP_STRICT);
    if (rs != tsz)
      return gen_failf(x, "tile %lld has size %lld, the tile mode %lld", (long long)k,
                       (long long)rs, (long long)tsz);
    for (lo_int i = 0; i < tsz; i++) {
      lo_int got, want;
      if (lo_apply(&r, i, &got, &e) || lo_apply(&z, i + tsz * k, &want, &e))
        return prop_verdict_of(x, &e, "lo_apply", PROP_STRICT);
      if (got + off != want)
        return gen_failf(x,
                         "tile %lld at %lld: %lld + %lld, but zipped_divide(A,T)(%lld,%lld) = %lld",
                         (long long)k, (long long)i, (long long)got, (long long)off, (long long)i,
                         (long long)k, (long long)want);
      vals[n++] = got + off;
    }
  }
  if (want_values && same_values(x, &a, vals, n, "the tiles")) return GEN_FAIL;
  return GEN_PASS;
}

/* See tiles_check. */
static gen_verdict tile_pointwise(gen_ctx *x) { return tiles_check(x, 0); }
static gen_verdict tile_covers(gen_ctx *x) { return tiles_check(x, 1); }

/* With THR the column-major thread layout of the shape of T's modes'
** sizes, the parts local_partition(A, THR, t) over all threads t hold
** A's values, each as often as A holds it. */
static gen_verdict partition_covers(gen_ctx *x) {
  lo_layout a, t, thr, tt, z, r;
  lo_int s[LO_MAX_LEAVES], d[LO_MAX_LEAVES], nt = 1, n = 0, off;
  lo_err e;
  static _Thread_local lo_int vals[POINT_LIMIT];
  if (prop_layout(x, 0, &a) || prop_layout(x, 1, &t)) return GEN_ERROR;
  int k = lo_tuple_rank(&t.shape);
  for (int i = 0; i < k; i++) {
    lo_layout m;
    if (lo_layout_mode(&t, i + 1, &m, &e) || lo_size(&m, &s[i], &e))
      return prop_verdict_of(x, &e, "tiler modes", PROP_STRICT);
    d[i] = nt;
    nt *= s[i];
  }
  lo_layout_flat(&thr, s, d, k);
  if (lo_size(&a, &n, &e) || n > POINT_LIMIT || nt > POINT_LIMIT) return GEN_DISCARD;
  if (lo_thread_tiler(&thr, &tt, &e) || lo_zipped_divide(&a, &tt, &z, &e)) return GEN_DISCARD;
  lo_int zn;
  if (lo_size(&z, &zn, &e) || zn != n) return GEN_DISCARD; /* the thread shape pads A */
  n = 0;
  for (lo_int id = 0; id < nt; id++) {
    lo_int rs;
    if (lo_local_partition(&a, &thr, id, NULL, 1, &r, &off, &e) || lo_size(&r, &rs, &e))
      return prop_verdict_of(x, &e, "lo_local_partition", PROP_STRICT);
    if (n + rs > POINT_LIMIT) return GEN_DISCARD;
    for (lo_int i = 0; i < rs; i++) {
      lo_int v;
      if (lo_apply(&r, i, &v, &e)) return prop_verdict_of(x, &e, "lo_apply", PROP_STRICT);
      vals[n++] = v + off;
    }
  }
  if (same_values(x, &a, vals, n, "the threads' parts")) return GEN_FAIL;
  return GEN_PASS;
}

/* A composed layout C = Sw o O o L tiled by half of each mode of L (the
** whole of an odd mode): every tile CuTe's local_tile cuts, a composed
** layout or one decayed to a plain layout, plus its offset, is C at the
** zipped coordinates: tile(i) + offset = sw(O + zipped_divide(L, T)(i, r)).
** CuTe's slice joins the offset O, the tile's offset and the tile's values
** by XOR and reads the bits a slice moves off its last value, so the
** statement is for the layouts of swizzled shared memory: L's leaves of
** power-of-two shape and stride on disjoint bits, O sharing no bit with
** any L(i), tiles whose offset shares none with their values (the sums
** are then XORs).  The generated C is made so: its leaves rounded up to
** powers of two with compact strides in the order of its strides, O
** rounded down to a multiple of the new cosize.  docs/swizzle.md shows
** where CuTe's tile is not C's otherwise. */
static gen_verdict composed_tiles(gen_ctx *x) {
  lo_composed c, zc, r;
  lo_layout t;
  lo_int s[LO_MAX_LEAVES], d[LO_MAX_LEAVES], n, tsz = 1, off;
  lo_err e;
  if (lo_parse_composed(x->argv[0], &c, &e))
    return gen_errorf(x, "the generated composed layout does not parse: %s", e.msg), GEN_ERROR;
  if (lo_size(&c.inner, &n, &e) || n > POINT_LIMIT) return GEN_DISCARD;
  /* CuTe's alignment assumptions, made true: L's leaves rounded up to
  ** powers of two with compact strides (in L's order of strides), O moved
  ** above L's values */
  int order[LO_MAX_LEAVES];
  lo_int acc = 1;
  int len = c.inner.shape.len;
  for (int i = 0; i < len; i++) order[i] = i;
  for (int i = 1; i < len; i++) /* leaves by stride, stable */
    for (int j = i; j > 0 && c.inner.stride[order[j - 1]] > c.inner.stride[order[j]]; j--) {
      int tmp = order[j];
      order[j] = order[j - 1];
      order[j - 1] = tmp;
    }
  for (int i = 0; i < len; i++) {
    lo_int *sh = &c.inner.shape.leaf[order[i]], p2 = 1;
    while (p2 < *sh) p2 *= 2;
    *sh = p2;
    c.inner.stride[order[i]] = acc;
    if (acc > POINT_LIMIT / p2) return GEN_DISCARD;
    acc *= p2;
  }
  if (c.smem_bits == 0) c.offset = c.offset < 0 ? 0 : c.offset / acc * acc;
  n = acc;
  int k = lo_tuple_rank(&c.inner.shape);
  for (int i = 0; i < k; i++) {
    lo_layout m;
    if (lo_layout_mode(&c.inner, i + 1, &m, &e) || lo_size(&m, &s[i], &e))
      return prop_verdict_of(x, &e, "modes", PROP_STRICT);
    if (s[i] % 2 == 0) s[i] /= 2;
    d[i] = 1;
    tsz *= s[i];
  }
  lo_layout_flat(&t, s, d, k);
  t.is_tiler = 1;
  for (int i = 0; i < k; i++) t.tile[i] = LO_TILE_INT;
  zc = c;
  if (lo_cute_zipped_divide(&c.inner, &t, &zc.inner, &e)) return GEN_DISCARD;
  lo_int rest = n / tsz;
  for (lo_int q = 0; q < rest; q++) /* nor the tile's offset with its values */
    for (lo_int i = 0; i < tsz; i++) {
      lo_int u, w;
      if (lo_apply(&zc.inner, tsz * q, &u, &e) || lo_apply(&zc.inner, i, &w, &e))
        return prop_verdict_of(x, &e, "lo_apply", PROP_STRICT);
      if ((u & w) != 0) return GEN_DISCARD;
    }
  for (lo_int q = 0; q < rest; q++) {
    lo_tuple crd;
    lo_int rs;
    lo_tuple_int(&crd, q);
    int rc = lo_composed_partition(&c, &t, &crd, 0, 0, &r, &off, &e);
    if (rc == LO_EUNDEF && strncmp(e.msg, "CuTe refuses", 12) == 0) return GEN_DISCARD;
    if (rc || lo_size(&r.inner, &rs, &e))
      return prop_verdict_of(x, &e, "lo_composed_partition", PROP_STRICT);
    if (rs != tsz)
      return gen_failf(x, "tile %lld has size %lld, not %lld", (long long)q, (long long)rs,
                       (long long)tsz);
    for (lo_int i = 0; i < tsz; i++) {
      lo_int got, want;
      if (lo_composed_apply(&r, i, &got, &e) || lo_composed_apply(&zc, i + tsz * q, &want, &e))
        return prop_verdict_of(x, &e, "lo_composed_apply", PROP_STRICT);
      if (got + off != want) {
        char shown[1024];
        if (lo_print_composed(&c, shown, sizeof shown)) shown[0] = 0;
        return gen_failf(x,
                         "%s tiled by %s: tile %lld at %lld: %lld + %lld, but C at the zipped "
                         "coordinate is %lld",
                         shown, prop_show_layout(x, 0, &t), (long long)q, (long long)i,
                         (long long)got, (long long)off, (long long)want);
      }
    }
  }
  return GEN_PASS;
}

const gen_property prop_tile_table[] = {
    {"tile.local_tile_pointwise",
     "local_tile(A, T, c)(i) + offset = zipped_divide(A, T)(i, c) at every tile coordinate c",
     CUTE_TENSOR "local_tile is inner_partition: zipped_divide(tensor, tiler)(repeat<R0>(_), c); "
                 "cute/layout.hpp slice_and_offset",
     GEN_THEOREM, "nested_divide_tiler", "local_tile", tile_pointwise, NULL, "A T", 1},
    {"tile.local_tile_covers",
     "for a tiler T that divides A, the tiles of local_tile over all tile coordinates hold A's "
     "values, each as often as A does (for an injective A: its image, each value once)",
     CUTE_TENSOR "local_tile; zipped_divide re-indexes A's domain where the plain op answers",
     GEN_THEOREM, "nested_divide_tiler", "local_tile", tile_covers, NULL, "A T", 1},
    {"tile.local_partition_covers",
     "for a compact thread layout whose shape divides A, the parts of local_partition over all "
     "thread indices hold A's values, each as often as A does",
     CUTE_TENSOR "local_partition is outer_partition(tensor, product_each(shape(thr)), "
                 "thr.get_flat_coord(idx))",
     GEN_THEOREM, "nested_divide_tiler", "local_partition", partition_covers, NULL, "A T", 1},
    {"tile.composed_tiles",
     "every tile CuTe's local_tile cuts from Sw o O o L, composed or decayed to a plain layout, "
     "plus its offset, is the composed layout at the zipped coordinates, for L's leaves of "
     "power-of-two shape and stride on disjoint bits, O sharing no bit with L's values nor a "
     "tile's offset with the tile's values",
     "cute/swizzle_layout.hpp, slice_and_offset of a ComposedLayout<Swizzle,Offset,Layout>; "
     "cute/pointer_flagged.hpp",
     GEN_THEOREM, "composed", "cute_local_tile", composed_tiles, NULL, "C", 1},
};
const int prop_tile_count = (int)(sizeof prop_tile_table / sizeof prop_tile_table[0]);
