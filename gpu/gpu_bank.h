/*
** gpu_bank.h -- the bank-conflict stage's cases, plans and checks, shared
** by the CUDA program (gpu/bank/layoutcheck_bank.cu) and host C
** (tests/test_gpu_bank.c).
**
** A case is a swizzled (or plain) shared-memory layout, an element width
** and an access pattern, as the op bank_conflicts reads them.  Its plan,
** made by the oracle (lo_bank.c), holds every access of the pattern: for
** each of a warp's 32 lanes the coordinate index it reads (-1 when
** inactive) and the element offset the oracle expects, and the predicted
** wavefronts and bank conflicts of each access.  One warp runs every
** access of a case in turn: a lane makes CuTe's tensor over a
** shared-memory buffer filled with a known byte pattern
** (make_tensor(make_smem_ptr(p), composed layout)), takes the address of
** tensor(x), and loads the access's width from there in one shared-memory
** load.  The host compares every offset (&tensor(x) - p) with the
** oracle's and every loaded byte with the pattern at the oracle's address
** (gpu_bank_check).  Under Nsight Compute each case is one kernel launch,
** whose shared-load wavefronts and bank conflicts gpu/bank_check.sh
** compares with the prediction.
**
** GPU_BANK_CASES is the table: X(name, B, M, S, kind, T, smem, bits,
** access, vec), the swizzle Swizzle<B,M,S> and kind (GPU_BANK_PLAIN: a
** plain layout; GPU_BANK_OFFSET: sw o integer offset o inner, swizzling
** element offsets; GPU_BANK_SMEM_PTR: sw o smem_ptr[bits b] o inner,
** swizzling byte addresses) compiled into the kernel, T the element type,
** and the text the oracle reads: smem, bits, access and vec (the elements
** per access, 0 for the op's default).  gpu_bank_plan checks that the
** compiled swizzle and kind are those of the text.
*/
#ifndef GPU_BANK_H
#define GPU_BANK_H

#ifdef __cplusplus
extern "C" {
#endif
#include "lo.h"
#ifdef __cplusplus
}
#endif

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#ifdef __CUDACC__
#define GPU_BANK_HD __host__ __device__
#else
#define GPU_BANK_HD
#endif

#define GPU_BANK_MAX_ACCESS 32    /* accesses of one case */
#define GPU_BANK_SMEM_BYTES 16384 /* the shared-memory buffer */
#define GPU_BANK_ALIGN      1024  /* its alignment: 2^(B+M+S) of every swizzle below */

#define GPU_BANK_PLAIN    0
#define GPU_BANK_OFFSET   1
#define GPU_BANK_SMEM_PTR 2

/* The cases; the figures each should give are worked out by hand in
** tests/test_lo_bank.c and docs/ops.md (wavefronts/conflicts summed over
** the accesses). */
#define GPU_BANK_CASES(X)                                                                          \
  /* 32x32 floats, row-major, read down a column: 32/31; through XOR swizzles 1/0 and 2/1 */       \
  X(f32_column, 0, 0, 0, GPU_BANK_PLAIN, uint32_t, "(32,32):(32,1)", 32, "32:1", 0)                \
  X(f32_column_sw505, 5, 0, 5, GPU_BANK_OFFSET, uint32_t, "Sw<5,0,5>o0o(32,32):(32,1)", 32,        \
    "32:1", 0)                                                                                     \
  X(f32_column_sw405, 4, 0, 5, GPU_BANK_OFFSET, uint32_t, "Sw<4,0,5>o0o(32,32):(32,1)", 32,        \
    "32:1", 0)                                                                                     \
  X(f32_row, 0, 0, 0, GPU_BANK_PLAIN, uint32_t, "(32,32):(32,1)", 32, "32:32", 0)                  \
  X(f32_padded_column, 0, 0, 0, GPU_BANK_PLAIN, uint32_t, "(32,32):(33,1)", 32, "32:1", 0)         \
  /* the whole tile, a row per thread, 8 vectors of 4 floats: 256/224; swizzled 32/0 */            \
  X(f32_rows_v4, 0, 0, 0, GPU_BANK_PLAIN, uint32_t, "(32,32):(32,1)", 32, "(32,32):(1,32)", 0)     \
  X(f32_rows_v4_sw323, 3, 2, 3, GPU_BANK_OFFSET, uint32_t, "Sw<3,2,3>o0o(32,32):(32,1)", 32,       \
    "(32,32):(1,32)", 0)                                                                           \
  X(f32_rows_v2, 0, 0, 0, GPU_BANK_PLAIN, uint32_t, "(32,32):(32,1)", 32, "(32,32):(1,32)", 2)     \
  /* ldmatrix.x4 rows of a row-major 8x64 half tile, 16 bytes per lane: 32/28, 4/0, 8/4, 4/0 */    \
  X(f16_ldsm, 0, 0, 0, GPU_BANK_PLAIN, uint16_t, "(8,64):(64,1)", 16, "((8,4),8):((1,64),8)", 0)   \
  X(f16_ldsm_sw333, 3, 3, 3, GPU_BANK_OFFSET, uint16_t, "Sw<3,3,3>o0o(8,64):(64,1)", 16,           \
    "((8,4),8):((1,64),8)", 0)                                                                     \
  X(f16_ldsm_sw343, 3, 4, 3, GPU_BANK_OFFSET, uint16_t, "Sw<3,4,3>o0o(8,64):(64,1)", 16,           \
    "((8,4),8):((1,64),8)", 0)                                                                     \
  X(f16_ldsm_sw343_ptr, 3, 4, 3, GPU_BANK_SMEM_PTR, uint16_t,                                      \
    "Sw<3,4,3>osmem_ptr[16b](unset)o(8,64):(64,1)", 16, "((8,4),8):((1,64),8)", 0)                 \
  X(f16_ldsm_sw233, 2, 3, 3, GPU_BANK_OFFSET, uint16_t, "Sw<2,3,3>o0o(8,64):(64,1)", 16,           \
    "((8,4),8):((1,64),8)", 0)                                                                     \
  /* 8 lanes, a 128-bit row each: 8/7; through the 128-byte swizzle 1/0 */                         \
  X(f16_rows8, 0, 0, 0, GPU_BANK_PLAIN, uint16_t, "(8,64):(64,1)", 16,                             \
    "[(0,0),(1,0),(2,0),(3,0),(4,0),(5,0),(6,0),(7,0)]", 8)                                        \
  X(f16_rows8_sw343_ptr, 3, 4, 3, GPU_BANK_SMEM_PTR, uint16_t,                                     \
    "Sw<3,4,3>osmem_ptr[16b](unset)o(8,64):(64,1)", 16,                                            \
    "[(0,0),(1,0),(2,0),(3,0),(4,0),(5,0),(6,0),(7,0)]", 8)                                        \
  /* a broadcast with an inactive lane: 1/0 */                                                     \
  X(f16_broadcast, 0, 0, 0, GPU_BANK_PLAIN, uint16_t, "(8,64):(64,1)", 16, "[(0,0),_,(0,1)]", 0)   \
  /* 4 warps of 8 halves per thread: 16/0; forced to scalar loads: 128/96 */                       \
  X(f16_cta_v8, 0, 0, 0, GPU_BANK_PLAIN, uint16_t, "(16,64):(64,1)", 16,                           \
    "((8,16),8):((128,1),16)", 0)                                                                  \
  X(f16_cta_scalar, 0, 0, 0, GPU_BANK_PLAIN, uint16_t, "(16,64):(64,1)", 16,                       \
    "((8,16),8):((128,1),16)", 1)                                                                  \
  /* 64-bit elements down a column: 32/30; along a row 2/0 */                                      \
  X(f64_column, 0, 0, 0, GPU_BANK_PLAIN, uint64_t, "(32,16):(16,1)", 64, "32:1", 0)                \
  X(f64_row, 0, 0, 0, GPU_BANK_PLAIN, uint64_t, "(16,32):(32,1)", 64, "32:16", 0)                  \
  /* bytes down a column of 128-byte rows: 32/31 */                                                \
  X(u8_column, 0, 0, 0, GPU_BANK_PLAIN, uint8_t, "(32,128):(128,1)", 8, "32:1", 0)                 \
  /* ldmatrix.x4 over the GMMA atoms of 8- and 32-bit types: 32/28 plain, 4/0 through the atom */  \
  X(u8_ldsm, 0, 0, 0, GPU_BANK_PLAIN, uint8_t, "(8,128):(128,1)", 8, "((8,4),16):((1,128),8)", 0)  \
  X(u8_ldsm_sw128_ptr, 3, 4, 3, GPU_BANK_SMEM_PTR, uint8_t,                                        \
    "Sw<3,4,3>osmem_ptr[8b](unset)o(8,128):(128,1)", 8, "((8,4),16):((1,128),8)", 0)               \
  X(f32_ldsm, 0, 0, 0, GPU_BANK_PLAIN, uint32_t, "(8,32):(32,1)", 32, "((8,4),4):((1,32),8)", 0)   \
  X(f32_ldsm_sw128_ptr, 3, 4, 3, GPU_BANK_SMEM_PTR, uint32_t,                                      \
    "Sw<3,4,3>osmem_ptr[32b](unset)o(8,32):(32,1)", 32, "((8,4),4):((1,32),8)", 0)                 \
  /* the 64- and 32-byte atoms of 16-bit types: 16/12 and 4/2 plain, 4/0 and 2/0 through them */  \
  X(f16_ldsm_w32, 0, 0, 0, GPU_BANK_PLAIN, uint16_t, "(8,32):(32,1)", 16, "((8,4),8):((1,64),8)",  \
    0)                                                                                             \
  X(f16_ldsm_sw64_ptr, 2, 4, 3, GPU_BANK_SMEM_PTR, uint16_t,                                       \
    "Sw<2,4,3>osmem_ptr[16b](unset)o(8,32):(32,1)", 16, "((8,4),8):((1,64),8)", 0)                 \
  X(f16_ldsm_w16, 0, 0, 0, GPU_BANK_PLAIN, uint16_t, "(8,16):(16,1)", 16, "((8,2),8):((1,64),8)",  \
    0)                                                                                             \
  X(f16_ldsm_sw32_ptr, 1, 4, 3, GPU_BANK_SMEM_PTR, uint16_t,                                       \
    "Sw<1,4,3>osmem_ptr[16b](unset)o(8,16):(16,1)", 16, "((8,2),8):((1,64),8)", 0)

/* One row of the table, as the host reads it. */
typedef struct gpu_bank_case {
  const char *name;
  int b, m, s, kind;
  const char *smem;
  int bits;
  const char *access;
  int vec;
} gpu_bank_case;

#define GPU_BANK_ROW_(name, b, m, s, kind, T, smem, bits, access, vec)                             \
  {#name, b, m, s, kind, smem, bits, access, vec},
#define GPU_BANK_ONE_(...) +1

/* The number of cases. */
#define GPU_BANK_NCASES (0 GPU_BANK_CASES(GPU_BANK_ONE_))

/* Case i of the table, 0 <= i < GPU_BANK_NCASES. */
static inline const gpu_bank_case *gpu_bank_case_at(int i) {
  static const gpu_bank_case cases[] = {GPU_BANK_CASES(GPU_BANK_ROW_)};
  return &cases[i];
}

/* What the device needs of a case and what the host expects of it. */
typedef struct gpu_bank_plan {
  int32_t shape[2], stride[2]; /* the inner layout, flat rank 2 ((n):(d) is (n,1):(d,0)) */
  int32_t offset;              /* the integer offset of GPU_BANK_OFFSET */
  int32_t naccess, width, elem_bytes;
  int32_t x[GPU_BANK_MAX_ACCESS][LO_WARP_SIZE];    /* coordinate index, -1: inactive */
  int64_t want[GPU_BANK_MAX_ACCESS][LO_WARP_SIZE]; /* the oracle's element offset */
  int32_t wavefronts[GPU_BANK_MAX_ACCESS], conflicts[GPU_BANK_MAX_ACCESS];
  int64_t total_wavefronts, total_conflicts, offsets; /* offsets: active lanes over all accesses */
} gpu_bank_plan;

/* What a warp read: per access and lane, the offset &tensor(x) - p in
** elements and the bytes loaded (the first width bytes of data, little
** endian, the rest 0); misaligned is set when the shared buffer was not
** at a multiple of GPU_BANK_ALIGN. */
typedef struct gpu_bank_result {
  int64_t offset[GPU_BANK_MAX_ACCESS][LO_WARP_SIZE];
  uint32_t data[GPU_BANK_MAX_ACCESS][LO_WARP_SIZE][4];
  int32_t misaligned, unused;
} gpu_bank_result;

/* Byte i of the shared-memory buffer (a multiplicative hash of i). */
GPU_BANK_HD static inline uint8_t gpu_bank_fill_byte(uint32_t i) {
  return (uint8_t)((i * 2654435761u) >> 24);
}
/* Word w of the buffer (bytes 4w .. 4w+3, little endian). */
GPU_BANK_HD static inline uint32_t gpu_bank_fill_word(uint32_t w) {
  return (uint32_t)gpu_bank_fill_byte(4 * w) | (uint32_t)gpu_bank_fill_byte(4 * w + 1) << 8 |
         (uint32_t)gpu_bank_fill_byte(4 * w + 2) << 16 |
         (uint32_t)gpu_bank_fill_byte(4 * w + 3) << 24;
}

/* Plan case c with the oracle; LO_OK, or an error naming what the case
** gets wrong (a swizzle or kind other than the text's, an inner layout
** that is not flat of rank 1 or 2 with int values, too many accesses, an
** address past the buffer, or the oracle's own errors). */
static inline int gpu_bank_plan_case(const gpu_bank_case *c, gpu_bank_plan *p, lo_err *err) {
  lo_composed smem;
  lo_layout tv, flat;
  lo_bank_smem m;
  lo_int w = c->vec > 0 ? c->vec : 1, naccess = 1, x[LO_WARP_SIZE];
  uint32_t active = 0;
  int list = c->access[0] == '[', kind;
  memset(p, 0, sizeof *p);
  if (lo_parse_composed(c->smem, &smem, err) || lo_bank_smem_init(&m, &smem, c->bits / 8, err))
    return err->code;
  kind = smem.plain ? GPU_BANK_PLAIN : smem.smem_bits ? GPU_BANK_SMEM_PTR : GPU_BANK_OFFSET;
  if (kind != c->kind || (kind != GPU_BANK_PLAIN &&
                          (smem.sw.bits != c->b || smem.sw.base != c->m || smem.sw.shift != c->s)))
    return lo_fail(err, LO_EUNDEF, "%s: the compiled swizzle Sw<%d,%d,%d> of kind %d is not %s",
                   c->name, c->b, c->m, c->s, c->kind, c->smem);
  lo_layout_flatten(&smem.inner, &flat);
  if (flat.shape.len < 1 || flat.shape.len > 2 || smem.offset < 0 || smem.offset > INT32_MAX)
    return lo_fail(err, LO_EUNDEF, "%s: the inner layout is not flat of rank 1 or 2", c->name);
  for (int k = 0; k < 2; k++) {
    lo_int s = k < flat.shape.len ? flat.shape.leaf[k] : 1,
           d = k < flat.shape.len ? flat.stride[k] : 0;
    if (s > INT32_MAX || d > INT32_MAX || d < 0)
      return lo_fail(err, LO_EUNDEF, "%s: the inner layout's values do not fit in int", c->name);
    p->shape[k] = (int32_t)s;
    p->stride[k] = (int32_t)d;
  }
  p->offset = (int32_t)smem.offset;
  p->elem_bytes = c->bits / 8;
  if (list) {
    if (lo_bank_list_lanes(c->access, &m, x, &active, err)) return err->code;
  } else {
    lo_int threads, values;
    if (lo_parse_layout(c->access, &tv, err) || lo_bank_tv_shape(&tv, &threads, &values, err) ||
        lo_bank_tv_vector(&m, &tv, c->vec, &w, err))
      return err->code;
    naccess = lo_ceil_div(threads, LO_WARP_SIZE) * (values / w);
  }
  if (naccess > GPU_BANK_MAX_ACCESS)
    return lo_fail(err, LO_ELIMIT, "%s: %lld accesses, more than %d", c->name, (long long)naccess,
                   GPU_BANK_MAX_ACCESS);
  p->naccess = (int32_t)naccess;
  p->width = (int32_t)(w * p->elem_bytes);
  for (int k = 0; k < p->naccess; k++) {
    lo_bank_access a;
    lo_bank_count n;
    if ((!list && lo_bank_tv_lanes(&tv, w, k, x, &active, err)) ||
        lo_bank_lanes_access(&m, w, x, active, &a, err) || lo_bank_conflicts(&a, &n, err))
      return err->code;
    for (int t = 0; t < LO_WARP_SIZE; t++) {
      int on = active >> t & 1u;
      p->x[k][t] = on ? (int32_t)x[t] : -1;
      p->want[k][t] = on ? a.addr[t] / p->elem_bytes : -1;
      if (on && a.addr[t] + a.width > GPU_BANK_SMEM_BYTES)
        return lo_fail(err, LO_ELIMIT, "%s: access %d lane %d reads past the %d-byte buffer",
                       c->name, k, t, GPU_BANK_SMEM_BYTES);
      p->offsets += on;
    }
    p->wavefronts[k] = n.wavefronts;
    p->conflicts[k] = n.conflicts;
    p->total_wavefronts += n.wavefronts;
    p->total_conflicts += n.conflicts;
  }
  return LO_OK;
}

/* Compare what a warp read with the plan: every active lane's offset with
** the oracle's, its bytes with the fill at the oracle's address.  Returns
** the mismatches; the first `shown` of them are written to report (when
** not NULL) as "mismatch CASE access K lane T: ...". */
static inline long gpu_bank_check(const gpu_bank_plan *p, const gpu_bank_result *r,
                                  const char *name, FILE *report, int shown) {
  long bad = 0;
  if (r->misaligned) {
    if (report && shown > 0)
      fprintf(report, "mismatch %s: the shared buffer is not %d-byte aligned\n", name,
              GPU_BANK_ALIGN);
    return 1;
  }
  for (int k = 0; k < p->naccess; k++)
    for (int t = 0; t < LO_WARP_SIZE; t++) {
      if (p->x[k][t] < 0) continue;
      uint8_t got[16];
      int64_t at = p->want[k][t] * p->elem_bytes, first_bad = -1;
      memcpy(got, r->data[k][t], sizeof got); /* little endian, as the device stores it */
      for (int i = 0; i < p->width && first_bad < 0; i++)
        if (got[i] != gpu_bank_fill_byte((uint32_t)(at + i))) first_bad = i;
      if (r->offset[k][t] == p->want[k][t] && first_bad < 0) continue;
      if (report && bad < shown)
        fprintf(report,
                "mismatch %s access %d lane %d: coordinate %d at offset %lld, expected %lld%s\n",
                name, k, t, (int)p->x[k][t], (long long)r->offset[k][t], (long long)p->want[k][t],
                first_bad >= 0 ? " (the bytes loaded differ from the buffer's there)" : "");
      bad++;
    }
  return bad;
}

#endif /* GPU_BANK_H */
