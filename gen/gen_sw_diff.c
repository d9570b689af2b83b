/*
** gen_sw_diff.c -- the inputs of differential fuzzing on swizzles and
** composed layouts (sut/diff.c's family sw.*): CuTe's swizzles within the
** bounds of its int masks and at them, composed layouts Sw o O o L with an
** integer or an smem_ptr[Nb](unset) offset, the GMMA and UMMA shared-memory
** atoms for 4- to 64-bit types and those atoms tiled to CTA tiles
** (tile_to_shape), and the second operand of each op (a point, a tiler or
** a layout from the argument-form generators, a swizzle, an integer, mode
** indices).
**
** The atoms are those of cute/atom/mma_traits_sm90_gmma.hpp and
** cute/atom/mma_traits_sm100.hpp (CUTLASS 7107b055): upcast<T> of the bit
** atoms Sw<b,4,3> o smem_ptr o (8,128*2^b):(128*2^b,1) (K-major) and its
** transpose (MN-major), b = 0..3 (INTER, SW32, SW64, SW128), which is
** Sw<b,4,3> o smem_ptr[Tb](unset) o (8,W):(W,1), W = 128*2^b/T; and
** UMMA's Layout_MN_SW128_32B_Atom, upcast<T> of
** Sw<2,5,2> o smem_ptr o (1024,4):(1,1024).  UMMA's other atoms are
** GMMA's (using-declarations).
**
** Where a SUT's bounds switch a form off (gen.h's GEN_FORM_SMEM_PTR,
** GEN_FORM_COMPOSED, GEN_FORM_SWIZZLE_EDGE), these generators draw another
** in its place: an integer offset, a bare swizzle, a swizzle inside the
** small range; gen_sut_admits refuses what is left (a composed layout
** where only composed layouts will do).
*/
#include "gen_values.h"

#include <stdio.h>
#include <string.h>

#define SW_TEXT 512 /* a value's text; GEN_ARG_LEN bounds what goes into a case */

/* Is form bit f switched off by b (only while a SUT's bounds are on)? */
static int off(const gen_bounds *b, int f) { return b->sut_on && (b->sut_forms_off & f); }

/* A swizzle's text into out[0..SW_TEXT): most of the time B <= 3, M <= 5,
** B <= |S| <= B+3 (S = 0 only with B = 0), S negative one time in four;
** one time in ten at CuTe's bound, where its int masks end (B+M+|S| = 32,
** or 31 with B = 0), or one past it, which CuTe's compiler refuses.  All
** draws 0 give Sw<0,0,1>. */
static void draw_swizzle(gen_choices *c, const gen_bounds *b, char *out) {
  int bits, base, abs_s;
  if (!off(b, GEN_FORM_SWIZZLE_EDGE) && gen_flip(c, 10)) {
    int past = (int)gen_draw(c, 1);
    if (gen_flip(c, 3)) { /* B = 0: M + |S| at 31 */
      bits = 0;
      abs_s = 1 + (int)gen_draw(c, 15);
      base = 31 + past - abs_s;
    } else {
      bits = 1 + (int)gen_draw(c, 7);
      abs_s = bits + (int)gen_draw(c, 4);
      base = 32 + past - bits - abs_s;
      if (base < 0) base = 0;
    }
  } else {
    bits = (int)gen_draw(c, 3);
    base = (int)gen_draw(c, 5);
    abs_s = (bits > 0 ? bits : 1) + (int)gen_draw(c, 3);
    if (bits == 0 && gen_flip(c, 8)) abs_s = 0;
  }
  int neg = gen_flip(c, 4);
  snprintf(out, SW_TEXT, "Sw<%d,%d,%d>", bits, base, neg ? -abs_s : abs_s);
}

/* An offset's text: 0 half the time, else an integer below 256 or a power
** of two up to 2^12, or smem_ptr[Nb](unset), N in 8, 16, 32 (and 1, 4,
** 64 one time in four of those), unless the SUT takes no smem_ptr. */
static void draw_offset(gen_choices *c, const gen_bounds *b, char *out) {
  static const int bits[] = {16, 8, 32, 1, 4, 64};
  int kind = (int)gen_draw(c, 7);
  if (kind >= 6 && off(b, GEN_FORM_SMEM_PTR)) kind = 0;
  if (kind >= 6)
    snprintf(out, 40, "smem_ptr[%db](unset)",
             bits[gen_flip(c, 4) ? 3 + gen_draw(c, 2) : gen_draw(c, 2)]);
  else if (kind >= 4)
    snprintf(out, 40, "%lld", kind == 4 ? (long long)gen_draw(c, 255) : 1LL << gen_draw(c, 12));
  else
    snprintf(out, 40, "0");
}

/* A shape entry for an inner layout: 2, 1, 4, 8, 16, 32, 64 or 3..12. */
static lo_int draw_extent(gen_choices *c) {
  static const lo_int pick[] = {2, 1, 4, 8, 16, 32, 64};
  int k = (int)gen_draw(c, 7);
  return k < 7 ? pick[k] : 3 + (lo_int)gen_draw(c, 9);
}

/* An inner layout's text of rank 1 to 3 and size at most 2^14: compact
** column- or row-major half the time, else strides from the bounds;
** ((s0,s1),s2) nested one time in four at rank 3. */
static int draw_inner(gen_choices *c, const gen_bounds *b, char *out) {
  lo_int s[3], d[3], size = 1;
  int rank = 1 + (int)gen_draw(c, 2), how = (int)gen_draw(c, 3);
  for (int i = 0; i < rank; i++) {
    s[i] = draw_extent(c);
    if (size * s[i] > (1 << 14)) s[i] = 1;
    size *= s[i];
  }
  for (int i = 0; i < rank; i++) d[i] = gen_stride(c, b);
  if (how <= 1) { /* compact: column-major (0) or row-major (1) */
    lo_int acc = 1;
    for (int k = 0; k < rank; k++) {
      int i = how == 0 ? k : rank - 1 - k;
      d[i] = s[i] == 1 ? 0 : acc;
      acc *= s[i];
    }
  }
  if (rank == 3 && gen_flip(c, 4))
    return snprintf(out, SW_TEXT, "((%lld,%lld),%lld):((%lld,%lld),%lld)", (long long)s[0],
                    (long long)s[1], (long long)s[2], (long long)d[0], (long long)d[1],
                    (long long)d[2]) >= SW_TEXT;
  if (rank == 1)
    return snprintf(out, SW_TEXT, "%lld:%lld", (long long)s[0], (long long)d[0]) >= SW_TEXT;
  lo_layout l;
  lo_layout_flat(&l, s, d, rank);
  return lo_print_layout(&l, out, SW_TEXT) != LO_OK;
}

/* A GMMA or UMMA shared-memory atom for T-bit elements (T = 16, 8, 32, and
** 4 or 64 one time in eight), as CuTe prints it: Sw<b,4,3> o
** smem_ptr[Tb](unset) o (8,W):(W,1) or (W,8):(1,W), W = 128*2^b/T, or
** UMMA's Sw<2,5,2> o smem_ptr[Tb](unset) o (V,4):(1,V), V = 1024/T.  The
** offset is 0 where the SUT takes no smem_ptr. */
static void draw_atom(gen_choices *c, const gen_bounds *b, char *out) {
  static const int tbits[] = {16, 8, 32, 4, 64};
  int t = tbits[gen_flip(c, 8) ? 3 + gen_draw(c, 1) : gen_draw(c, 2)];
  int sw = (int)gen_draw(c, 3), kind = (int)gen_draw(c, 4); /* 0,1 K; 2,3 MN; 4 UMMA 32B */
  char ptr[40];
  if (off(b, GEN_FORM_SMEM_PTR))
    snprintf(ptr, sizeof ptr, "0");
  else
    snprintf(ptr, sizeof ptr, "smem_ptr[%db](unset)", t);
  if (kind == 4) {
    int v = 1024 / t;
    snprintf(out, SW_TEXT, "Sw<2,5,2> o %s o (%d,4):(1,%d)", ptr, v, v);
    return;
  }
  int w = (128 << sw) / t;
  if (kind <= 1)
    snprintf(out, SW_TEXT, "Sw<%d,4,3> o %s o (8,%d):(%d,1)", sw, ptr, w, w);
  else
    snprintf(out, SW_TEXT, "Sw<%d,4,3> o %s o (%d,8):(1,%d)", sw, ptr, w, w);
}

/* An atom tiled to a CTA tile: CuTe's tile_to_shape (the oracle's
** cute_tile_to_shape) to (M,N) with M in 64, 128, 256 and N in 32 .. 256,
** and one time in four a third mode of 2 to 4 stages, in the order
** (0,1,...) or (1,0,...) one time in three.  The atom itself where the
** tile is not a multiple of it. */
static void draw_tiled(gen_choices *c, const gen_bounds *b, char *out) {
  static const int mm[] = {128, 64, 256}, nn[] = {64, 32, 128, 256};
  char atom[SW_TEXT], shape[64], order[32], res[SW_TEXT];
  draw_atom(c, b, atom);
  int m = mm[gen_draw(c, 2)], n = nn[gen_draw(c, 3)],
      stages = gen_flip(c, 4) ? 2 + (int)gen_draw(c, 2) : 0;
  int swap = gen_flip(c, 3);
  if (stages) {
    snprintf(shape, sizeof shape, "(%d,%d,%d)", m, n, stages);
    snprintf(order, sizeof order, swap ? "(1,0,2)" : "(0,1,2)");
  } else {
    snprintf(shape, sizeof shape, "(%d,%d)", m, n);
    snprintf(order, sizeof order, swap ? "(1,0)" : "(0,1)");
  }
  const char *argv[3] = {atom, shape, order};
  if (lo_eval("cute_tile_to_shape", swap ? 3 : 2, argv, res, sizeof res) == LO_OK &&
      strlen(res) < GEN_ARG_LEN)
    snprintf(out, SW_TEXT, "%s", res);
  else
    snprintf(out, SW_TEXT, "%s", atom);
}

/* A composed layout Sw o O o L of the parts above. */
static int draw_composed(gen_choices *c, const gen_bounds *b, char *out) {
  char sw[SW_TEXT], offset[40], inner[SW_TEXT];
  draw_swizzle(c, b, sw);
  draw_offset(c, b, offset);
  if (draw_inner(c, b, inner)) return -1;
  return snprintf(out, SW_TEXT, "%s o %s o %s", sw, offset, inner) >= SW_TEXT ? -1 : 0;
}

/* A value: a random composed layout, an atom or a tiled atom, one in three
** each; with swizzle_ok a bare swizzle one time in five.  Where the SUT
** takes no composed layouts, always a bare swizzle. */
static int draw_value(gen_choices *c, const gen_bounds *b, int swizzle_ok, char *out) {
  if (off(b, GEN_FORM_COMPOSED) || (swizzle_ok && gen_flip(c, 5))) {
    draw_swizzle(c, b, out);
    return 0;
  }
  int kind = (int)gen_draw(c, 2);
  if (kind == 1) {
    draw_atom(c, b, out);
    return 0;
  }
  if (kind == 2) {
    draw_tiled(c, b, out);
    return 0;
  }
  return draw_composed(c, b, out);
}

/* Parse a composed layout's text (for its inner layout); 0 or -1. */
static int parse_value(const char *s, lo_composed *v) {
  lo_err e;
  return lo_parse_composed(s, v, &e) == LO_OK ? 0 : -1;
}

/* C: a composed layout (random, an atom or a tiled atom). */
static int g_sw_value(gen_choices *c, const gen_bounds *b, gen_case *k) {
  char v[SW_TEXT];
  if (draw_value(c, b, 0, v)) return -1;
  return gen_case_arg(k, "%s", v);
}

/* X: a swizzle one time in five, else a composed layout. */
static int g_sw_any(gen_choices *c, const gen_bounds *b, gen_case *k) {
  char v[SW_TEXT];
  if (draw_value(c, b, 1, v)) return -1;
  return gen_case_arg(k, "%s", v);
}

/* X x: a swizzle or a composed layout and a point: an index below its size
** (below 2^20 for a swizzle), or one time in six a coordinate of its
** top-level modes, each below its mode's size. */
static int g_sw_point(gen_choices *c, const gen_bounds *b, gen_case *k) {
  char v[SW_TEXT], pt[256];
  lo_composed x;
  lo_int n;
  lo_err e;
  if (draw_value(c, b, 1, v)) return -1;
  if (lo_kind_of(v) == LO_KIND_SWIZZLE) {
    snprintf(pt, sizeof pt, "%lld", (long long)gen_draw(c, (1 << 20) - 1));
    return gen_case_arg(k, "%s", v) || gen_case_arg(k, "%s", pt);
  }
  if (parse_value(v, &x) || lo_size(&x.inner, &n, &e) || n < 1) return -1;
  int rank = lo_tuple_rank(&x.inner.shape);
  if (gen_flip(c, 6) && rank >= 2 && !lo_tuple_is_int(&x.inner.shape)) {
    size_t len = (size_t)snprintf(pt, sizeof pt, "(");
    for (int i = 1; i <= rank && len < sizeof pt; i++) {
      lo_layout m;
      lo_int ms;
      if (lo_layout_mode(&x.inner, i, &m, &e) || lo_size(&m, &ms, &e) || ms < 1) return -1;
      len += (size_t)snprintf(pt + len, sizeof pt - len, "%s%lld", i > 1 ? "," : "",
                              (long long)gen_draw(c, (uint64_t)ms - 1));
    }
    if (len + 2 > sizeof pt) return -1;
    snprintf(pt + len, sizeof pt - len, ")");
  } else
    snprintf(pt, sizeof pt, "%lld", (long long)gen_draw(c, (uint64_t)n - 1));
  return gen_case_arg(k, "%s", v) || gen_case_arg(k, "%s", pt);
}

/* C: a composed layout of rank 2 and size at most 1024, for print_layout
** (CuTe draws rank-2 layouts only; another rank one time in ten, which
** both refuse alike). */
static int g_sw_print(gen_choices *c, const gen_bounds *b, gen_case *k) {
  char v[SW_TEXT];
  lo_composed x;
  lo_int n;
  lo_err e;
  for (int t = 0; t < 8; t++) {
    if (draw_value(c, b, 0, v) || parse_value(v, &x) || lo_size(&x.inner, &n, &e)) return -1;
    if (n <= 1024 && (gen_flip(c, 10) ||
                      (lo_tuple_rank(&x.inner.shape) == 2 && !lo_tuple_is_int(&x.inner.shape))))
      return gen_case_arg(k, "%s", v);
  }
  return -1;
}

/* Wrap the first argument of a case drawn by the registered generator
** name (a plain layout A and B in an argument form) into Sw o O o A; the
** swizzle's offset as draw_offset's.  0, or -1 to discard. */
static int wrap_first(const char *name, gen_choices *c, const gen_bounds *b, gen_case *k) {
  const gen_info *g = gen_find(name);
  gen_case part;
  char sw[SW_TEXT], offset[40];
  memset(&part, 0, sizeof part);
  if (!g || g->fn(c, b, &part) || part.argc < 2) return -1;
  if (off(b, GEN_FORM_COMPOSED)) return -1;
  draw_swizzle(c, b, sw);
  draw_offset(c, b, offset);
  if (gen_case_arg(k, "%s o %s o %s", sw, offset, part.argv[0])) return -1;
  for (int i = 1; i < part.argc; i++)
    if (gen_case_arg(k, "%s", part.argv[i])) return -1;
  k->labels |= part.labels;
  return 0;
}

/* An atom or a tiled atom and a tiler that cuts it as kernels do: <m:1,n:1>
** or (m,n) with m, n powers of two from 1 to 64 (zipped_divide by a CTA
** or a warp tile); None for an atom where the SUT takes no tilers. */
static int atom_and_tile(gen_choices *c, const gen_bounds *b, gen_case *k) {
  char v[SW_TEXT];
  if (off(b, GEN_FORM_COMPOSED)) return -1;
  if (gen_flip(c, 2))
    draw_tiled(c, b, v);
  else
    draw_atom(c, b, v);
  int m = 1 << gen_draw(c, 6), n = 1 << gen_draw(c, 6);
  if (gen_case_arg(k, "%s", v)) return -1;
  if (gen_flip(c, 3) && !off(b, GEN_FORM_SHAPE_OPERAND)) return gen_case_arg(k, "(%d,%d)", m, n);
  if (b->sut_on && b->sut_no_tilers) return gen_case_arg(k, "%d:1", m);
  return gen_case_arg(k, "<%d:1,%d:1>", m, n);
}

/* C B for composition: C o B with B in an argument form (compose_forms'
** pair, A wrapped) or an atom by a tile, or the other forms of CuTe:
** Sw o Sw (same shift or not), Sw o L, L o Sw, L o C. */
static int g_sw_compose(gen_choices *c, const gen_bounds *b, gen_case *k) {
  char x[SW_TEXT], y[SW_TEXT];
  int form = (int)gen_draw(c, 5);
  if (form >= 1 && off(b, GEN_FORM_COMPOSED) && form != 2 && form != 4) form = 2;
  switch (form) {
    case 0:
      return wrap_first("compose_forms", c, b, k);
    case 1:
      return atom_and_tile(c, b, k);
    case 2: /* two swizzles, of the same shift one time in two */
      draw_swizzle(c, b, x);
      draw_swizzle(c, b, y);
      if (gen_flip(c, 2)) {
        int b1, m1, s1, b2, m2, s2;
        if (sscanf(x, "Sw<%d,%d,%d>", &b1, &m1, &s1) != 3 ||
            sscanf(y, "Sw<%d,%d,%d>", &b2, &m2, &s2) != 3)
          return -1;
        if ((s1 < 0 ? -s1 : s1) >= b2) snprintf(y, sizeof y, "Sw<%d,%d,%d>", b2, m2, s1);
      }
      return gen_case_arg(k, "%s", x) || gen_case_arg(k, "%s", y);
    case 3: /* a swizzle and a layout */
      draw_swizzle(c, b, x);
      if (draw_inner(c, b, y)) return -1;
      return gen_case_arg(k, "%s", x) || gen_case_arg(k, "%s", y);
    case 4: /* a layout and a swizzle */
      if (draw_inner(c, b, x)) return -1;
      draw_swizzle(c, b, y);
      return gen_case_arg(k, "%s", x) || gen_case_arg(k, "%s", y);
    default: /* a layout and a composed layout, its offset 0 two times in three */
      if (draw_inner(c, b, x) || draw_value(c, b, 0, y)) return -1;
      if (gen_flip(c, 3) == 0 && lo_kind_of(y) == LO_KIND_COMPOSED) {
        lo_composed v;
        if (parse_value(y, &v)) return -1;
        v.offset = 0;
        v.smem_bits = 0;
        if (lo_print_composed(&v, y, sizeof y)) return -1;
      }
      return gen_case_arg(k, "%s", x) || gen_case_arg(k, "%s", y);
  }
}

/* C B for the divides: divide_forms' pair with A wrapped, or an atom by a
** tile. */
static int g_sw_divide(gen_choices *c, const gen_bounds *b, gen_case *k) {
  return gen_flip(c, 3) ? atom_and_tile(c, b, k) : wrap_first("divide_forms", c, b, k);
}

/* C B for the products: product_forms' pair with A wrapped, or an atom
** and a small layout (4,2):(1,4), (2,2):(2,1) and so on. */
static int g_sw_product(gen_choices *c, const gen_bounds *b, gen_case *k) {
  if (!gen_flip(c, 3)) return wrap_first("product_forms", c, b, k);
  char v[SW_TEXT];
  if (off(b, GEN_FORM_COMPOSED)) return -1;
  draw_atom(c, b, v);
  int m = 1 + (int)gen_draw(c, 3), n = 1 + (int)gen_draw(c, 3);
  if (gen_case_arg(k, "%s", v)) return -1;
  return gen_flip(c, 2) ? gen_case_arg(k, "(%d,%d):(1,%d)", m, n, m)
                        : gen_case_arg(k, "(%d,%d):(%d,1)", m, n, n);
}

/* C B for blocked_product and raked_product: a composed layout of rank 1
** to 3 or an atom, and a layout of rank 1 to 3 (sizes 1 to 4, compact in
** either order or with a drawn stride), as CuTe's users tile an atom. */
static int g_sw_block(gen_choices *c, const gen_bounds *b, gen_case *k) {
  char v[SW_TEXT];
  lo_int s[3], d[3];
  if (off(b, GEN_FORM_COMPOSED)) return -1;
  if (gen_flip(c, 2))
    draw_atom(c, b, v);
  else if (draw_composed(c, b, v))
    return -1;
  int rank = 1 + (int)gen_draw(c, 2);
  lo_int acc = 1;
  int row = gen_flip(c, 2);
  for (int i = 0; i < rank; i++) s[i] = 1 + (lo_int)gen_draw(c, 3);
  for (int j = 0; j < rank; j++) {
    int i = row ? rank - 1 - j : j;
    d[i] = gen_flip(c, 6) ? gen_stride(c, b) : acc;
    acc *= s[i];
  }
  lo_layout l;
  lo_layout_flat(&l, s, d, rank);
  return gen_case_arg(k, "%s", v) || gen_put_layout(k, &l);
}

/* C S [O] for tile_to_shape: an atom or a composed layout, a shape of the
** rank of its inner layout or one more, whose entries are multiples of its
** modes' sizes (1 to 4 times) or, one time in six, any size up to 256;
** the order (1,0,...) one time in three. */
static int g_sw_tile(gen_choices *c, const gen_bounds *b, gen_case *k) {
  char v[SW_TEXT], shape[128], order[64];
  lo_composed x;
  lo_err e;
  if (off(b, GEN_FORM_COMPOSED)) return -1;
  if (gen_flip(c, 3)) {
    if (draw_composed(c, b, v)) return -1;
  } else
    draw_atom(c, b, v);
  if (parse_value(v, &x)) return -1;
  int rank = lo_tuple_rank(&x.inner.shape), more = gen_flip(c, 4);
  if (lo_tuple_is_int(&x.inner.shape)) rank = 1;
  size_t ls = 0, lo = 0;
  ls += (size_t)snprintf(shape + ls, sizeof shape - ls, "(");
  lo += (size_t)snprintf(order + lo, sizeof order - lo, "(");
  for (int i = 1; i <= rank + more; i++) {
    lo_int ms = 1;
    if (i <= rank) {
      lo_layout m;
      if (rank == 1 && lo_tuple_is_int(&x.inner.shape)) {
        if (lo_size(&x.inner, &ms, &e)) return -1;
      } else if (lo_layout_mode(&x.inner, i, &m, &e) || lo_size(&m, &ms, &e))
        return -1;
    }
    lo_int ext = gen_flip(c, 6) ? 1 + (lo_int)gen_draw(c, 255) : ms * (1 + (lo_int)gen_draw(c, 3));
    if (ls >= sizeof shape || lo >= sizeof order) return -1;
    ls +=
        (size_t)snprintf(shape + ls, sizeof shape - ls, "%s%lld", i > 1 ? "," : "", (long long)ext);
    int pos = rank + more >= 2 && i <= 2 ? 2 - i : i - 1;
    lo += (size_t)snprintf(order + lo, sizeof order - lo, "%s%d", i > 1 ? "," : "", pos);
  }
  if (ls + 2 > sizeof shape || lo + 2 > sizeof order) return -1;
  snprintf(shape + ls, sizeof shape - ls, ")");
  snprintf(order + lo, sizeof order - lo, ")");
  if (gen_case_arg(k, "%s", v) || gen_case_arg(k, "%s", shape)) return -1;
  return gen_flip(c, 3) ? gen_case_arg(k, "%s", order) : 0;
}

/* C I [J] for get: a composed layout and a mode index below its inner
** layout's rank (or at it one time in eight, past the end), and one time
** in three a second index into that mode. */
static int g_sw_get(gen_choices *c, const gen_bounds *b, gen_case *k) {
  char v[SW_TEXT];
  lo_composed x;
  if (off(b, GEN_FORM_COMPOSED) || draw_value(c, b, 0, v) || parse_value(v, &x)) return -1;
  int rank = lo_tuple_is_int(&x.inner.shape) ? 1 : lo_tuple_rank(&x.inner.shape);
  int i = gen_flip(c, 8) ? rank : (int)gen_draw(c, (uint64_t)(rank > 0 ? rank - 1 : 0));
  if (gen_case_arg(k, "%s", v) || gen_case_arg(k, "%d", i)) return -1;
  return gen_flip(c, 3) ? gen_case_arg(k, "%d", (int)gen_draw(c, 1)) : 0;
}

/* C B E for take and group: a composed layout and 0 <= B <= E <= rank
** (B = E, an empty range, one time in eight). */
static int g_sw_range(gen_choices *c, const gen_bounds *b, gen_case *k) {
  char v[SW_TEXT];
  lo_composed x;
  if (off(b, GEN_FORM_COMPOSED) || draw_value(c, b, 0, v) || parse_value(v, &x)) return -1;
  int rank = lo_tuple_is_int(&x.inner.shape) ? 1 : lo_tuple_rank(&x.inner.shape);
  int lo = (int)gen_draw(c, (uint64_t)rank), hi = lo + (int)gen_draw(c, (uint64_t)(rank - lo));
  if (hi == lo && !gen_flip(c, 8)) hi = lo < rank ? lo + 1 : lo, lo = hi - 1 < 0 ? 0 : hi - 1;
  return gen_case_arg(k, "%s", v) || gen_case_arg(k, "%d", lo) || gen_case_arg(k, "%d", hi);
}

/* X N for upcast and downcast: a swizzle, a composed layout, an atom, or
** one time in six a GMMA/UMMA bit atom (smem_ptr[1b]) to be upcast to its
** element type; N 2, 4, 8, 16, 32 or 3. */
static int g_sw_cast(gen_choices *c, const gen_bounds *b, gen_case *k) {
  static const int ns[] = {2, 4, 16, 8, 32, 3};
  char v[SW_TEXT];
  if (!off(b, GEN_FORM_COMPOSED) && !off(b, GEN_FORM_SMEM_PTR) && gen_flip(c, 6)) {
    int sw = (int)gen_draw(c, 3), w = 128 << sw;
    if (gen_flip(c, 5))
      snprintf(v, sizeof v, "Sw<2,5,2> o smem_ptr[1b](unset) o (1024,4):(1,1024)");
    else if (gen_flip(c, 2))
      snprintf(v, sizeof v, "Sw<%d,4,3> o smem_ptr[1b](unset) o (%d,8):(1,%d)", sw, w, w);
    else
      snprintf(v, sizeof v, "Sw<%d,4,3> o smem_ptr[1b](unset) o (8,%d):(%d,1)", sw, w, w);
  } else if (draw_value(c, b, 1, v))
    return -1;
  return gen_case_arg(k, "%s", v) || gen_case_arg(k, "%d", ns[gen_draw(c, 5)]);
}

const gen_info gen_sw_diff_table[] = {
    {"sw_value", "C",
     "a composed layout Sw o O o L (O an integer or smem_ptr[Nb](unset)), a GMMA/UMMA atom or one "
     "tiled to a CTA tile",
     g_sw_value},
    {"sw_any", "X", "a swizzle (one time in five, some at CuTe's bounds) or a composed layout",
     g_sw_any},
    {"sw_point", "X x", "a swizzle or a composed layout and an index or a coordinate", g_sw_point},
    {"sw_print", "C", "a composed layout of rank 2 and size at most 1024", g_sw_print},
    {"sw_compose", "A B",
     "composition's operands on swizzles: C o B (B in every form), Sw o Sw, Sw o L, L o Sw, L o C",
     g_sw_compose},
    {"sw_divide", "C B", "a composed layout and a divisor in every form, or an atom by a tile",
     g_sw_divide},
    {"sw_product", "C B",
     "a composed layout and a product's B in every form, or an atom by a layout", g_sw_product},
    {"sw_block", "C B", "a composed layout or an atom and a layout of rank 1 to 3", g_sw_block},
    {"sw_tile", "C S [O]", "a composed layout or an atom, a shape of multiples of it, an order",
     g_sw_tile},
    {"sw_get", "C I [J]", "a composed layout and mode indices", g_sw_get},
    {"sw_range", "C B E", "a composed layout and a range of modes", g_sw_range},
    {"sw_cast", "X N", "a swizzle, a composed layout or a GMMA/UMMA bit atom and a factor N",
     g_sw_cast},
};
const int gen_sw_diff_count = (int)(sizeof gen_sw_diff_table / sizeof gen_sw_diff_table[0]);
