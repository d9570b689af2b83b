/*
** lo_bank.c -- shared-memory bank conflicts of one warp-wide access
** (lo.h section 14): given the byte address each of a warp's 32 lanes
** reads in one instruction and the access width, the number of
** shared-memory wavefronts the instruction takes and how many of them are
** bank conflicts.
**
** The model (NVIDIA's, for compute capability 5.x and later, Hopper
** included):
**   - Shared memory has 32 banks, each 4 bytes wide; the 4-byte word at
**     byte address a (word a/4) lies in bank (a/4) mod 32 (CUDA C++
**     Programming Guide, "Shared Memory" under the compute capabilities).
**   - Lanes reading the same word are served together (a broadcast or a
**     multicast); lanes reading different words of one bank are served one
**     word per wavefront.  A wavefront is the unit of work the L1TEX unit
**     processes in one pass, 128 bytes of shared-memory data (Nsight
**     Compute Kernel Profiling Guide, "wavefront").
**   - An access of 1, 2 or 4 bytes is served for the whole warp at once:
**     its wavefronts are the most distinct words any one bank holds.
**   - A wider access is served in phases, each a group of lanes that
**     together ask for at most 128 bytes: 8-byte accesses in two half-warps
**     (lanes 0-15, 16-31), 16-byte accesses in four quarter-warps (lanes
**     0-7, 8-15, 16-23, 24-31).  Each phase takes the most distinct words
**     any bank holds among its lanes' words (an 8-byte access covers two
**     words in two neighbouring banks, a 16-byte access four), and the
**     phases add up.  What is assumed here and not documented by NVIDIA:
**     that the phases are never merged, not even when two half-warps read
**     the same words (a broadcast across phases), and that a phase with no
**     active lane costs nothing.  On compute capability 7.x NVIDIA has
**     described a packing of uniform addresses (lanes n and n^1, or n and
**     n^2, reading the same address) that halves the wavefronts of wide
**     loads; that is not modelled.
**   - The ideal is one wavefront per phase that has an active lane (1 for
**     a warp of 4-byte accesses, 2 for 8-byte and 4 for 16-byte ones when
**     every lane is active), and the bank conflicts are the wavefronts
**     beyond it.  That is what Nsight Compute's
**     l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum counts: the
**     shared-load wavefronts (l1tex__data_pipe_lsu_wavefronts_mem_shared_
**     op_ld.sum) less the ideal, so an LDS.128 with 4 wavefronts per
**     instruction shows 0 conflicts and one with 32 shows 28 (NVIDIA
**     developer forum, "Clarification: bank_conflicts metric vs wavefronts
**     for shared memory LDS.128"); a 32x32 float tile read down a column
**     measured 32 wavefronts and 31 conflicts per warp load on an H100.
**
** Libc only; nothing allocates: a phase asks for at most 32 words (32
** lanes of one word, 16 of two or 8 of four), kept in a local array.
*/
#include "lo_internal.h"

#include <assert.h>
#include <string.h>

/* The lanes of one phase and the words each lane's access covers, for an
** access of width bytes: 1, 2 or 4 bytes, the whole warp and one word;
** 8 bytes, half-warps and two words; 16 bytes, quarter-warps and four. */
static void bank_phase_shape(int width, int *lanes_per_phase, int *words_per_lane) {
  *words_per_lane = width <= LO_BANK_BYTES ? 1 : width / LO_BANK_BYTES;
  *lanes_per_phase = LO_WARP_SIZE / *words_per_lane;
}

/* Check an access: the width is 1, 2, 4, 8 or 16 and every active lane's
** address is non-negative and a multiple of the width (the hardware
** requires natural alignment; a misaligned access faults). */
static int bank_check(const lo_bank_access *a, lo_err *err) {
  int w = a->width;
  if (w != 1 && w != 2 && w != 4 && w != 8 && w != 16)
    return lo_fail(err, LO_EUNDEF, "an access is 1, 2, 4, 8 or 16 bytes wide, not %d", w);
  for (int t = 0; t < LO_WARP_SIZE; t++) {
    if (!(a->active >> t & 1u)) continue;
    if (a->addr[t] < 0)
      return lo_fail(err, LO_EUNDEF, "lane %d: negative address %lld", t, (long long)a->addr[t]);
    if (a->addr[t] % w != 0)
      return lo_fail(err, LO_EUNDEF, "lane %d: address %lld is not aligned to the %d-byte access",
                     t, (long long)a->addr[t], w);
  }
  return LO_OK;
}

/* The wavefronts and conflicts of one warp-wide shared-memory access (the
** model above).  out->bank_words[b] sums, over the phases, the distinct
** words bank b serves. */
int lo_bank_conflicts(const lo_bank_access *a, lo_bank_count *out, lo_err *err) {
  int per_phase, words_per_lane;
  memset(out, 0, sizeof *out);
  if (bank_check(a, err)) return err->code;
  bank_phase_shape(a->width, &per_phase, &words_per_lane);
  out->phases = LO_WARP_SIZE / per_phase;
  for (int p = 0; p < out->phases; p++) {
    lo_int word[LO_WARP_SIZE]; /* the distinct words of this phase */
    int nword = 0, count[LO_BANK_COUNT] = {0}, busiest = 0;
    for (int t = p * per_phase; t < (p + 1) * per_phase; t++) {
      if (!(a->active >> t & 1u)) continue;
      for (int k = 0; k < words_per_lane; k++) {
        lo_int w = a->addr[t] / LO_BANK_BYTES + k; /* no overflow: addr >= 0 */
        int seen = 0;
        for (int j = 0; j < nword && !seen; j++) seen = word[j] == w;
        if (seen) continue;
        assert(nword < LO_WARP_SIZE); /* per_phase * words_per_lane == 32 */
        word[nword++] = w;
        int b = (int)(w % LO_BANK_COUNT);
        if (++count[b] > busiest) busiest = count[b];
      }
    }
    if (nword == 0) continue; /* no active lane in this phase */
    out->ideal++;
    out->wavefronts += busiest;
    for (int b = 0; b < LO_BANK_COUNT; b++) out->bank_words[b] += count[b];
  }
  out->conflicts = out->wavefronts - out->ideal;
  assert(out->conflicts >= 0);
  return LO_OK;
}

/* ------------------------------------------------ access patterns */

/* m = c over elements of elem_bytes bytes (lo.h). */
int lo_bank_smem_init(lo_bank_smem *m, const lo_composed *c, int elem_bytes, lo_err *err) {
  int b = elem_bytes;
  if (b != 1 && b != 2 && b != 4 && b != 8 && b != 16)
    return lo_fail(err, LO_EUNDEF, "an element is 1, 2, 4, 8 or 16 bytes, not %d", b);
  if (c->smem_bits > 0 && c->smem_bits != 8 * b)
    return lo_fail(err, LO_EUNDEF, "the layout's smem_ptr holds %d-bit elements, not %d-bit ones",
                   c->smem_bits, 8 * b);
  m->c = c;
  m->elem_bytes = b;
  return lo_size(&c->inner, &m->size, err);
}

/* The element offset of coordinate index x (lo.h). */
int lo_bank_offset(const lo_bank_smem *m, lo_int x, lo_int *off, lo_err *err) {
  lo_int v, b;
  if (x < 0 || x >= m->size)
    return lo_fail(err, LO_EUNDEF,
                   "coordinate %lld is outside the shared-memory layout's domain "
                   "[0,%lld)",
                   (long long)x, (long long)m->size);
  if (m->c->smem_bits == 0) {
    if (lo_composed_apply(m->c, x, off, err)) return err->code;
  } else {
    /* CuTe's swizzle_ptr: the swizzle of the byte address, from a base
    ** aligned to the swizzle's period */
    if (lo_apply(&m->c->inner, x, &v, err) || lo_mul(v, m->elem_bytes, &b, "byte address", err) ||
        lo_swizzle_apply(&m->c->sw, b, &b, err))
      return err->code;
    if (b % m->elem_bytes != 0)
      return lo_fail(err, LO_EUNDEF,
                     "the swizzle maps byte %lld of element %lld to byte %lld, "
                     "inside an element",
                     (long long)(v * m->elem_bytes), (long long)v, (long long)b);
    *off = b / m->elem_bytes;
  }
  if (*off < 0)
    return lo_fail(err, LO_EUNDEF, "coordinate %lld: negative offset %lld", (long long)x,
                   (long long)*off);
  return LO_OK;
}

/* The threads T and values V of a TV layout (lo.h). */
int lo_bank_tv_shape(const lo_layout *tv, lo_int *threads, lo_int *values, lo_err *err) {
  int rank = lo_tuple_rank(&tv->shape);
  lo_layout m;
  if (tv->is_tiler) return lo_fail(err, LO_EUNDEF, "a TV layout is a layout, not a tiler");
  if (rank > 2)
    return lo_fail(err, LO_EUNDEF,
                   "a TV layout has one or two top-level modes (thread, value), not %d", rank);
  if (rank < 2) {
    *values = 1;
    return lo_tuple_size(&tv->shape, threads, err);
  }
  if (lo_layout_mode(tv, 1, &m, err) || lo_tuple_size(&m.shape, threads, err) ||
      lo_layout_mode(tv, 2, &m, err) || lo_tuple_size(&m.shape, values, err))
    return err->code;
  return LO_OK;
}

/* The element offset of thread t's value v: SMEM at TV(t + T v). */
static int tv_offset(const lo_bank_smem *m, const lo_layout *tv, lo_int threads, lo_int t, lo_int v,
                     lo_int *off, lo_err *err) {
  lo_int x;
  if (lo_apply(tv, t + threads * v, &x, err)) return err->code;
  if (lo_bank_offset(m, x, off, err)) {
    char why[sizeof err->msg];
    memcpy(why, err->msg, sizeof why);
    return lo_fail(err, err->code, "thread %lld value %lld: %s", (long long)t, (long long)v, why);
  }
  return LO_OK;
}

/* Whether every thread's values j w .. j w + w - 1, for every j, lie at
** consecutive offsets starting at a multiple of w: the vectors of w
** elements one access can read. */
static int tv_vectors_fit(const lo_bank_smem *m, const lo_layout *tv, lo_int threads, lo_int values,
                          lo_int w, int *fit, lo_err *err) {
  *fit = 0;
  for (lo_int t = 0; t < threads; t++)
    for (lo_int v0 = 0; v0 < values; v0 += w) {
      lo_int first, off;
      if (tv_offset(m, tv, threads, t, v0, &first, err)) return err->code;
      if (first % w != 0) return LO_OK;
      for (lo_int k = 1; k < w; k++) {
        if (tv_offset(m, tv, threads, t, v0 + k, &off, err)) return err->code;
        if (off != first + k) return LO_OK;
      }
    }
  *fit = 1;
  return LO_OK;
}

/* The elements per access of a TV pattern (lo.h). */
int lo_bank_tv_vector(const lo_bank_smem *m, const lo_layout *tv, lo_int want, lo_int *w,
                      lo_err *err) {
  lo_int threads, values;
  int fit;
  if (lo_bank_tv_shape(tv, &threads, &values, err)) return err->code;
  if (want > 0) {
    if (values % want != 0)
      return lo_fail(err, LO_EUNDEF,
                     "%lld elements per access do not divide the %lld values of a thread",
                     (long long)want, (long long)values);
    if (want * m->elem_bytes > 16)
      return lo_fail(err, LO_EUNDEF, "%lld elements of %d bytes exceed the 16 bytes of one access",
                     (long long)want, m->elem_bytes);
    if (tv_vectors_fit(m, tv, threads, values, want, &fit, err)) return err->code;
    if (!fit)
      return lo_fail(err, LO_EUNDEF,
                     "the values of a thread do not form aligned vectors of %lld consecutive "
                     "elements",
                     (long long)want);
    *w = want;
    return LO_OK;
  }
  for (lo_int c = 16 / m->elem_bytes; c > 1; c /= 2) {
    if (values % c != 0) continue;
    if (tv_vectors_fit(m, tv, threads, values, c, &fit, err)) return err->code;
    if (fit) {
      *w = c;
      return LO_OK;
    }
  }
  /* scalar loads: still every coordinate must have an offset */
  if (tv_vectors_fit(m, tv, threads, values, 1, &fit, err)) return err->code;
  *w = 1;
  return LO_OK;
}

/* The lanes of access k of a TV pattern (lo.h). */
int lo_bank_tv_lanes(const lo_layout *tv, lo_int w, lo_int k, lo_int *x, uint32_t *active,
                     lo_err *err) {
  lo_int threads, values;
  if (lo_bank_tv_shape(tv, &threads, &values, err)) return err->code;
  assert(w > 0 && values % w == 0);
  lo_int per_warp = values / w, g = k / per_warp, j = k % per_warp;
  *active = 0;
  for (int t = 0; t < LO_WARP_SIZE; t++) {
    lo_int thread = g * LO_WARP_SIZE + t;
    x[t] = -1;
    if (thread >= threads) continue;
    if (lo_apply(tv, thread + threads * j * w, &x[t], err)) return err->code;
    *active |= 1u << t;
  }
  return LO_OK;
}

/* The coordinate index of list entry s (NUL-terminated): an integer below
** m's size, or a coordinate congruent with the inner layout's shape, each
** entry below its extent. */
static int list_index(const char *s, const lo_bank_smem *m, lo_int *x, lo_err *err) {
  const lo_tuple *shp = &m->c->inner.shape;
  lo_tuple c;
  if (lo_parse_index(s, &c, err)) return err->code;
  if (lo_tuple_is_int(&c)) {
    *x = c.leaf[0];
    if (*x >= m->size)
      return lo_fail(err, LO_EUNDEF, "%s is outside the domain [0,%lld)", s, (long long)m->size);
    return LO_OK;
  }
  if (!lo_tuple_congruent(&c, shp))
    return lo_fail(err, LO_EUNDEF, "%s is not congruent with the shape of the layout", s);
  lo_int r = 0, p = 1;
  for (int k = 0; k < c.len; k++) {
    if (c.leaf[k] >= shp->leaf[k])
      return lo_fail(err, LO_EUNDEF, "%s: entry %d is past its extent %lld", s, k + 1,
                     (long long)shp->leaf[k]);
    r += c.leaf[k] * p; /* below size, which fits */
    p *= shp->leaf[k];
  }
  *x = r;
  return LO_OK;
}

/* The lanes of a list "[c0,c1,...]" (lo.h). */
int lo_bank_list_lanes(const char *s, const lo_bank_smem *m, lo_int *x, uint32_t *active,
                       lo_err *err) {
  size_t n = strlen(s);
  *active = 0;
  for (int t = 0; t < LO_WARP_SIZE; t++) x[t] = -1;
  if (n < 2 || s[0] != '[' || s[n - 1] != ']')
    return lo_fail(err, LO_ESYNTAX, "a list [c0,c1,...] is in brackets");
  const char *p = s + 1, *end = s + n - 1;
  int lane = 0;
  while (p < end) {
    const char *q = p;
    int depth = 0;
    while (q < end && (depth > 0 || *q != ',')) depth += (*q == '(') - (*q == ')'), q++;
    char entry[256];
    size_t len = (size_t)(q - p);
    if (lane == LO_WARP_SIZE) return lo_fail(err, LO_EUNDEF, "more than %d lanes", LO_WARP_SIZE);
    if (len == 0 || len >= sizeof entry)
      return lo_fail(err, LO_ESYNTAX, "lane %d: %s coordinate", lane,
                     len ? "an overlong" : "a missing");
    memcpy(entry, p, len);
    entry[len] = '\0';
    if (strcmp(entry, "_") != 0) {
      if (list_index(entry, m, &x[lane], err)) {
        char why[sizeof err->msg];
        memcpy(why, err->msg, sizeof why);
        return lo_fail(err, err->code, "lane %d: %s", lane, why);
      }
      *active |= 1u << lane;
    }
    lane++;
    p = q < end ? q + 1 : q;
    if (q < end && p == end) return lo_fail(err, LO_ESYNTAX, "a missing coordinate after ','");
  }
  return LO_OK;
}

/* The access of w-element vectors at the lanes' coordinates (lo.h). */
int lo_bank_lanes_access(const lo_bank_smem *m, lo_int w, const lo_int *x, uint32_t active,
                         lo_bank_access *out, lo_err *err) {
  assert(w > 0 && w * m->elem_bytes <= 16);
  memset(out, 0, sizeof *out);
  out->width = (int)(w * m->elem_bytes);
  out->active = active;
  for (int t = 0; t < LO_WARP_SIZE; t++) {
    lo_int off;
    if (!(active >> t & 1u)) continue;
    if (lo_bank_offset(m, x[t], &off, err) ||
        lo_mul(off, m->elem_bytes, &out->addr[t], "byte address", err)) {
      char why[sizeof err->msg];
      memcpy(why, err->msg, sizeof why);
      return lo_fail(err, err->code, "lane %d: %s", t, why);
    }
  }
  return LO_OK;
}
