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

/* The threads T and values V of a TV layout: the sizes of its two
** top-level modes, or of the layout and 1 for a rank-1 layout. */
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

/* The element offset of thread t's value v: SMEM at TV(t + T v), the
** coordinate index in [0, size(SMEM)). */
static int tv_offset(const lo_bank_smem *m, const lo_layout *tv, lo_int threads, lo_int t, lo_int v,
                     lo_int *off, lo_err *err) {
  lo_int x;
  if (lo_apply(tv, t + threads * v, &x, err)) return err->code;
  if (x < 0 || x >= m->size)
    return lo_fail(err, LO_EUNDEF,
                   "thread %lld value %lld: coordinate %lld is outside the "
                   "shared-memory layout's domain [0,%lld)",
                   (long long)t, (long long)v, (long long)x, (long long)m->size);
  if (m->at(m->smem, x, off, err)) return err->code;
  if (*off < 0)
    return lo_fail(err, LO_EUNDEF, "thread %lld value %lld: negative offset %lld", (long long)t,
                   (long long)v, (long long)*off);
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

/* The elements per access of a TV pattern: want when want > 0 (refused
** unless those vectors fit), else the largest power of two w dividing V,
** with w elements at most 16 bytes, whose vectors fit (1 at least). */
int lo_bank_tv_vector(const lo_bank_smem *m, const lo_layout *tv, lo_int want, lo_int *w,
                      lo_err *err) {
  lo_int threads, values;
  int fit;
  if (lo_bank_tv_shape(tv, &threads, &values, err)) return err->code;
  if (want > 0) {
    if (values % want != 0)
      return lo_fail(err, LO_EUNDEF,
                     "%lld elements per access do not divide the %lld values of a "
                     "thread",
                     (long long)want, (long long)values);
    if (want * m->elem_bytes > 16)
      return lo_fail(err, LO_EUNDEF, "%lld elements of %d bytes exceed the 16 bytes of one access",
                     (long long)want, m->elem_bytes);
    if (tv_vectors_fit(m, tv, threads, values, want, &fit, err)) return err->code;
    if (!fit)
      return lo_fail(err, LO_EUNDEF,
                     "the values of a thread do not form aligned vectors of %lld "
                     "consecutive elements",
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
  *w = 1;
  return LO_OK;
}

/* Access k of a TV pattern read in vectors of w elements: warp g = k /
** (V/w) (threads 32g .. 32g+31; those past T inactive), vector j = k mod
** (V/w) (values j w .. j w + w - 1 of each thread). */
int lo_bank_tv_access(const lo_bank_smem *m, const lo_layout *tv, lo_int w, lo_int k,
                      lo_bank_access *out, lo_err *err) {
  lo_int threads, values;
  if (lo_bank_tv_shape(tv, &threads, &values, err)) return err->code;
  assert(w > 0 && values % w == 0);
  lo_int per_warp = values / w, g = k / per_warp, j = k % per_warp;
  memset(out, 0, sizeof *out);
  out->width = (int)(w * m->elem_bytes);
  for (int t = 0; t < LO_WARP_SIZE; t++) {
    lo_int thread = g * LO_WARP_SIZE + t, off;
    if (thread >= threads) break;
    if (tv_offset(m, tv, threads, thread, j * w, &off, err) ||
        lo_mul(off, m->elem_bytes, &out->addr[t], "byte address", err))
      return err->code;
    out->active |= 1u << t;
  }
  return LO_OK;
}
