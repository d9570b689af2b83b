/*
** gpu_layout.h -- the index arithmetic of the GPU stage, shared by the
** CUDA kernels (gpu/layoutcheck_gpu.cu) and host C (tests/test_gpu_host.c).
**
** A layout reaches the device as a gpu_layout: its flattened shape and
** strides (at most GPU_MAX_RANK entries, int64), which is all the layout
** function needs.  phi64 and phi32 compute Phi_L(i) by colexicographic
** decomposition of i (the first mode runs fastest, the last one takes the
** whole quotient, as in lo_apply), in 64-bit and in 32-bit arithmetic.
**
** gpu_element is the whole work of one GPU thread for one element of a
** batch: (a) its offsets, (b) a gather through them, (c) for compact
** layouts a scatter with a hit count per address, (d) for compositions the
** offset through the two operands.  The kernel is a grid-stride loop over
** it; the host test runs the same function in a plain loop.
**
** Every function is GPU_HD: __host__ __device__ under nvcc, nothing in C.
*/
#ifndef GPU_LAYOUT_H
#define GPU_LAYOUT_H

#include <stdint.h>

#ifdef __CUDACC__
#define GPU_HD __host__ __device__
#else
#define GPU_HD
#endif

/* One hit on a counter: atomic on the device, a plain increment on the
** host (the host loop runs on one thread). */
#ifdef __CUDA_ARCH__
#define GPU_COUNT_HIT(p) atomicAdd((p), 1u)
#else
#define GPU_COUNT_HIT(p) (++*(p))
#endif

#define GPU_MAX_RANK 16

/* A flattened layout: entries 0..rank-1 of shape (positive) and stride
** (non-negative).  rank 0 is the empty layout (), whose only offset is 0. */
typedef struct gpu_layout {
  int64_t shape[GPU_MAX_RANK];
  int64_t stride[GPU_MAX_RANK];
  int32_t rank;
  int32_t unused; /* keeps the size a multiple of 8 */
} gpu_layout;

/* Phi_L(i) in 64-bit arithmetic.  Exact when i >= 0 and every partial sum
** fits in 63 bits (so for i < size(L) whenever cosize(L) does). */
GPU_HD static inline int64_t phi64(const gpu_layout *l, int64_t i) {
  int64_t r = 0;
  for (int k = 0; k < l->rank; k++) {
    int64_t c = i;
    if (k < l->rank - 1) {
      c = i % l->shape[k];
      i /= l->shape[k];
    }
    r += c * l->stride[k];
  }
  return r;
}

/* Phi_L(i) in 32-bit arithmetic, as a kernel with 32-bit indices computes
** it: shapes and strides taken modulo 2^32 and every product and sum
** wrapping, so the result is Phi_L(i) mod 2^32.  That equals Phi_L(i) only
** while Phi_L(i) < 2^32, and a kernel that keeps the offset in a signed int
** sees a wrong (negative) value from 2^31 on: the truncation the GPU stage
** detects.  Needs size(L) < 2^32 (every shape entry fits in 32 bits). */
GPU_HD static inline uint32_t phi32(const gpu_layout *l, uint32_t i) {
  uint32_t r = 0;
  for (int k = 0; k < l->rank; k++) {
    uint32_t s = (uint32_t)l->shape[k], c = i;
    if (k < l->rank - 1 && s != 0) {
      c = i % s;
      i /= s;
    }
    r += c * (uint32_t)l->stride[k];
  }
  return r;
}

/* The known pattern of the gather source: the value stored at address a
** in a pass with the given salt (a 64-bit mix, folded to 32 bits). */
GPU_HD static inline uint32_t gpu_pattern(int64_t a, uint32_t salt) {
  uint64_t x = (uint64_t)a * 0x9e3779b97f4a7c15ull + salt;
  x ^= x >> 31;
  x *= 0xbf58476d1ce4e5b9ull;
  x ^= x >> 29;
  return (uint32_t)(x ^ (x >> 32));
}

/* What a batch asks of one layout (bits of gpu_batch.flags). */
enum {
  GPU_GATHER = 1,  /* out[i] = src[Phi(i)] from a buffer of cosize elements */
  GPU_SCATTER = 2, /* compact: dst[Phi(i)] = i and one hit per address */
  GPU_COMPOSE = 4  /* a composition R = A o B: Phi_A(Phi_B(i)) against Phi_R(i) */
};

/* The value a gather writes when Phi(i) falls outside [0, cosize): the read
** is not made (the wrong offset is reported by the offset check). */
#define GPU_OUT_OF_RANGE 0xffffffffu

/* One batch: n layouts whose elements are numbered consecutively; element
** g is index g - start[k] of layout k where start[k] <= g < start[k+1].
** The pointers are device pointers in a kernel, host pointers on the host.
** Per layout k: layout[k], cosize[k], flags[k]; src_at[k] and dst_at[k]
** (offsets of its regions of cosize[k] elements in src and in dst/hits,
** used only with GPU_GATHER and GPU_SCATTER); outer[k] and inner[k]
** (A and B, used only with GPU_COMPOSE); compose_fail[k] (counts the
** indices with Phi_A(Phi_B(i)) != Phi_R(i)).  Per element g: off64, off32,
** gathered, composed. */
typedef struct gpu_batch {
  int32_t n;
  int64_t elements; /* start[n] */
  const int64_t *start;
  const gpu_layout *layout, *outer, *inner;
  const int64_t *cosize, *src_at, *dst_at;
  const int32_t *flags;
  const uint32_t *src;
  int64_t *off64, *composed;
  uint32_t *off32, *gathered, *dst, *hits, *compose_fail;
} gpu_batch;

/* The layout that element g (0 <= g < start[n]) belongs to: the last k
** with start[k] <= g, by binary search (empty layouts are skipped). */
GPU_HD static inline int32_t gpu_find_layout(const int64_t *start, int32_t n, int64_t g) {
  int32_t lo = 0, hi = n - 1;
  while (lo < hi) {
    int32_t mid = lo + (hi - lo + 1) / 2;
    if (start[mid] <= g)
      lo = mid;
    else
      hi = mid - 1;
  }
  return lo;
}

/* The work of one thread for element g of batch b. */
GPU_HD static inline void gpu_element(const gpu_batch *b, int64_t g) {
  int32_t k = gpu_find_layout(b->start, b->n, g);
  int64_t i = g - b->start[k];
  const gpu_layout *l = &b->layout[k];
  int64_t o = phi64(l, i);
  int32_t f = b->flags[k];
  int in_range = o >= 0 && o < b->cosize[k];
  b->off64[g] = o;
  b->off32[g] = phi32(l, (uint32_t)i);
  if (f & GPU_GATHER) b->gathered[g] = in_range ? b->src[b->src_at[k] + o] : GPU_OUT_OF_RANGE;
  if ((f & GPU_SCATTER) && in_range) {
    b->dst[b->dst_at[k] + o] = (uint32_t)i;
    GPU_COUNT_HIT(&b->hits[b->dst_at[k] + o]);
  }
  if (f & GPU_COMPOSE) {
    int64_t c = phi64(&b->outer[k], phi64(&b->inner[k], i));
    b->composed[g] = c;
    if (c != o) GPU_COUNT_HIT(&b->compose_fail[k]);
  }
}

#endif /* GPU_LAYOUT_H */
