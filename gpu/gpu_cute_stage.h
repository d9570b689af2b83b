/*
** gpu_cute_stage.h -- the host side of the CuTe path of the GPU stage,
** shared by the CUDA program (gpu/gpu_cute_path.cu) and the host test
** (tests/test_gpu_cute.c).  C11 that also compiles as C++17.
**
** The CuTe path checks CuTe's own device code: a thread builds the CuTe
** layout of its item from the item's leaves (gpu/gpu_cute.cuh), reads
** tensor(i) of `make_tensor(make_gmem_ptr(p), layout)` and writes the
** offset &tensor(i) - p; compact layouts are scattered through the tensor
** with a hit count per address.  The host compares every value with the
** oracle.
**
**   1. Items: a case of gpu_stage.h mapped onto an instantiated profile
**      (gpu/gpu_profile.h), once with int64_t strides and, where every
**      offset fits, once with int strides.  A composition A o B is the
**      layout CuTe computes on the host (a gpu_compose_fn) when it is the
**      oracle's A o B as a function; the expectation is A(B(i)).
**   2. Batches: the items of consecutive cases, ordered by profile and
**      stride type so that each kernel instantiation runs on one range.
**   3. Checks: offsets, gathers, scatters and hit counts.
*/
#ifndef GPU_CUTE_STAGE_H
#define GPU_CUTE_STAGE_H

#include "gpu_profile.h"
#include "gpu_stage.h"

#include <assert.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------------
** 1. Items
*/

/* The stride types of CuTe layouts (int shapes in both). */
enum { GPU_STRIDE_INT64, GPU_STRIDE_INT, GPU_STRIDE_COUNT };

/* The name of a stride type, as check names carry it. */
static inline const char *gpu_stride_name(int t) { return t == GPU_STRIDE_INT ? "int" : "int64"; }

/* One layout dereferenced through CuTe with one stride type: its leaves in
** the order of its profile, its size and cosize (the buffer a gather or a scatter
** uses), the offsets of its regions in src and in dst/hits, its GPU_GATHER
** and GPU_SCATTER flags. */
typedef struct gpu_cute_item {
  gpu_layout layout;
  int64_t size, cosize, src_at, dst_at;
  int32_t profile, stride_type, flags, unused;
} gpu_cute_item;

/* CuTe's composition of a and b computed on the host, as a layout in the
** oracle's terms (its profile and leaves); 0, -1 when a or b has no
** instantiated profile, or -2 when CuTe cannot compute it (its dynamic
** composition divides by a stride of 0 of b). */
typedef int (*gpu_compose_fn)(const lo_layout *a, const lo_layout *b, lo_layout *out);

/* What became of a composition. */
enum {
  GPU_CC_NONE,     /* not a composition */
  GPU_CC_SAME,     /* CuTe's A o B is the oracle's: dereferenced */
  GPU_CC_DIFFERS,  /* CuTe's A o B is another function than the oracle's: skipped */
  GPU_CC_REFUSED,  /* lo_composition refuses A o B: skipped */
  GPU_CC_UNMAPPED, /* A or B has no instantiated profile: skipped */
  GPU_CC_ZERO      /* CuTe would divide by B's stride 0: skipped */
};

/* The CuTe path's view of one case: how its layout was mapped, what became
** of it as a composition, its items (0 to 2) and the stride type of each,
** the size and cosize of each item, its flags, and the layout that CuTe
** computed for a composition. */
typedef struct gpu_cute_case {
  int compose, nitems, int_skipped;
  int32_t flags;
  int64_t size, cosize;
  gpu_mapping map;
  int32_t stride_type[GPU_STRIDE_COUNT];
  lo_layout cute; /* CuTe's A o B (GPU_CC_SAME, GPU_CC_DIFFERS) */
} gpu_cute_case;

/* 1 when every offset of flat (cosize of them at most) and its index fit a
** 32-bit int: the layout can be given int strides. */
static inline int gpu_fits_int(const gpu_layout *flat, int64_t size, int64_t cosize) {
  if (size > INT32_MAX || cosize - 1 > INT32_MAX) return 0;
  for (int k = 0; k < flat->rank; k++)
    if (flat->shape[k] > INT32_MAX || flat->stride[k] > INT32_MAX) return 0;
  return 1;
}

/* 1 when layouts x and y have the same size and the same function on
** [0, size). */
static inline int gpu_same_function(const lo_layout *x, const lo_layout *y) {
  lo_int nx, ny, fx, fy;
  lo_err e;
  if (lo_size(x, &nx, &e) != LO_OK || lo_size(y, &ny, &e) != LO_OK || nx != ny) return 0;
  for (lo_int i = 0; i < nx; i++)
    if (lo_apply(x, i, &fx, &e) != LO_OK || lo_apply(y, i, &fy, &e) != LO_OK || fx != fy) return 0;
  return 1;
}

/* The layout the CuTe path dereferences for case c into *out: c's own, or
** for a composition the one compose computes when it is the oracle's A o B.
** Sets o->compose; 0, or -1 when the case is skipped. */
static inline int gpu_cute_target(const gpu_case *c, gpu_compose_fn compose, gpu_cute_case *o,
                                  lo_layout *out) {
  lo_layout oracle;
  lo_err e;
  o->compose = GPU_CC_NONE;
  if (!(c->flags & GPU_COMPOSE)) {
    *out = c->l;
    return 0;
  }
  o->compose = GPU_CC_REFUSED;
  if (lo_composition(&c->a, &c->b, &oracle, &e) != LO_OK) return -1;
  int rc = compose ? compose(&c->a, &c->b, &o->cute) : -1;
  o->compose = rc == -2 ? GPU_CC_ZERO : GPU_CC_UNMAPPED;
  if (rc != 0) return -1;
  o->compose = GPU_CC_DIFFERS;
  if (!gpu_same_function(&o->cute, &oracle)) return -1;
  o->compose = GPU_CC_SAME;
  *out = o->cute;
  return 0;
}

/* The CuTe path's view of case c into *o (see gpu_cute_case): no items when
** the case is skipped (a composition not dereferenced, or no profile). */
static inline void gpu_cute_make(const gpu_case *c, gpu_compose_fn compose, gpu_cute_case *o) {
  lo_layout *target = (lo_layout *)malloc(sizeof *target);
  memset(o, 0, sizeof *o);
  o->map.how = GPU_MAP_NONE;
  o->map.profile = -1;
  o->size = c->size;
  o->cosize = c->cosize;
  o->flags = c->flags & (GPU_GATHER | GPU_SCATTER);
  if (!target || gpu_cute_target(c, compose, o, target) != 0 ||
      gpu_profile_map(target, &o->map) == GPU_MAP_NONE) {
    free(target);
    return;
  }
  free(target);
  o->stride_type[o->nitems++] = GPU_STRIDE_INT64;
  if (gpu_fits_int(&o->map.flat, o->size, o->cosize))
    o->stride_type[o->nitems++] = GPU_STRIDE_INT;
  else
    o->int_skipped = 1;
}

/* The expected offset of index i of case c: A(B(i)) for a composition,
** else Phi_L(i); 0, or -1 when the oracle fails. */
static inline int gpu_cute_expect(const gpu_case *c, lo_int i, lo_int *out) {
  lo_err e;
  lo_int b;
  if (!(c->flags & GPU_COMPOSE)) return lo_apply(&c->l, i, out, &e) == LO_OK ? 0 : -1;
  if (lo_apply(&c->b, i, &b, &e) != LO_OK || lo_apply(&c->a, b, out, &e) != LO_OK) return -1;
  return 0;
}

/* Counts of what the CuTe path made of the cases. */
typedef struct gpu_cute_counts {
  int64_t layouts, items, exact, nearest, unmapped, int_skipped;
  int64_t compose_same, compose_differs, compose_refused, compose_unmapped, compose_zero_stride;
} gpu_cute_counts;

/* Add case o to the counts. */
static inline void gpu_cute_count(gpu_cute_counts *n, const gpu_cute_case *o) {
  n->layouts++;
  n->items += o->nitems;
  n->int_skipped += o->int_skipped;
  n->compose_same += o->compose == GPU_CC_SAME;
  n->compose_differs += o->compose == GPU_CC_DIFFERS;
  n->compose_refused += o->compose == GPU_CC_REFUSED;
  n->compose_unmapped += o->compose == GPU_CC_UNMAPPED;
  n->compose_zero_stride += o->compose == GPU_CC_ZERO;
  if (o->compose == GPU_CC_NONE || o->compose == GPU_CC_SAME) {
    n->exact += o->map.how == GPU_MAP_EXACT;
    n->nearest += o->map.how == GPU_MAP_NEAREST;
    n->unmapped += o->map.how == GPU_MAP_NONE;
  }
}

/* The plan entry of case o: its items' indices and buffers together. */
static inline gpu_plan_entry gpu_cute_plan_entry(const gpu_cute_case *o, int32_t kind) {
  gpu_plan_entry p;
  p.size = o->size * o->nitems;
  p.cosize = o->cosize * o->nitems;
  p.flags = o->nitems ? o->flags : 0;
  p.kind = kind;
  return p;
}

/* ---------------------------------------------------------------------
** 2. Batches
*/

/* The host side of a batch of items: tables, expectations, the group
** ranges, and room for what the device writes.  Items hold up to cap_n
** entries; elements, src and dst up to cap.  src is allocated only for
** the host emulation; scratch holds expectations in case order while a
** batch is filled. */
typedef struct gpu_cute_batch {
  int32_t n, cap_n, ngroups;
  int64_t first; /* case number of the batch's first case */
  gpu_budget used, cap;
  int64_t *start, *case_of, *expect, *scratch, *scratch_at, *off;
  int32_t *group; /* ngroups + 1 item boundaries */
  gpu_cute_item *item;
  uint32_t *gathered, *src, *dst, *hits;
} gpu_cute_batch;

/* The device's view of a batch: pointers to its tables and outputs. */
typedef struct gpu_cute_view {
  const int64_t *start;
  const gpu_cute_item *item;
  const uint32_t *src;
  int64_t *off;
  uint32_t *gathered, *dst, *hits;
} gpu_cute_view;

/* Free the arrays of b and zero it. */
static inline void gpu_cute_batch_free(gpu_cute_batch *b) {
  void *all[] = {b->start, b->case_of, b->expect,   b->scratch, b->scratch_at, b->off,
                 b->group, b->item,    b->gathered, b->src,     b->dst,        b->hits};
  for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) free(all[i]);
  memset(b, 0, sizeof *b);
}

/* Allocate b for cap_n items and the capacities in cap (a host source
** buffer when with_src); 0, or -1 when memory runs out (b freed). */
static inline int gpu_cute_batch_alloc(gpu_cute_batch *b, int32_t cap_n, gpu_budget cap,
                                       int with_src) {
  int32_t groups = GPU_PROFILE_COUNT * GPU_STRIDE_COUNT;
  memset(b, 0, sizeof *b);
  b->cap_n = cap_n;
  b->cap = cap;
  b->start = (int64_t *)gpu_calloc((int64_t)cap_n + 1, sizeof *b->start);
  b->case_of = (int64_t *)gpu_calloc(cap_n, sizeof *b->case_of);
  b->scratch_at = (int64_t *)gpu_calloc(cap_n, sizeof *b->scratch_at);
  b->group = (int32_t *)gpu_calloc(groups + 1, sizeof *b->group);
  b->item = (gpu_cute_item *)gpu_calloc(cap_n, sizeof *b->item);
  b->expect = (int64_t *)gpu_calloc(cap.elements, sizeof *b->expect);
  b->scratch = (int64_t *)gpu_calloc(cap.elements, sizeof *b->scratch);
  b->off = (int64_t *)gpu_calloc(cap.elements, sizeof *b->off);
  b->gathered = (uint32_t *)gpu_calloc(cap.elements, sizeof *b->gathered);
  b->src = with_src ? (uint32_t *)gpu_calloc(cap.src, sizeof *b->src) : NULL;
  b->dst = (uint32_t *)gpu_calloc(cap.dst, sizeof *b->dst);
  b->hits = (uint32_t *)gpu_calloc(cap.dst, sizeof *b->hits);
  if (!b->start || !b->case_of || !b->scratch_at || !b->group || !b->item || !b->expect ||
      !b->scratch || !b->off || !b->gathered || (with_src && !b->src) || !b->dst || !b->hits) {
    gpu_cute_batch_free(b);
    return -1;
  }
  return 0;
}

/* The group (kernel instantiation) of an item. */
static inline int32_t gpu_cute_key(const gpu_cute_item *it) {
  return it->profile * GPU_STRIDE_COUNT + it->stride_type;
}

/* Order the n items of b (with their case_of and scratch_at) by group,
** stably, and set b->group and b->ngroups.  tmp has room for n items. */
static inline void gpu_cute_sort(gpu_cute_batch *b, gpu_cute_item *tmp, int64_t *tmp_case,
                                 int64_t *tmp_at) {
  int32_t groups = GPU_PROFILE_COUNT * GPU_STRIDE_COUNT, count[GPU_PROFILE_COUNT * 2 + 1];
  memset(count, 0, sizeof count);
  for (int32_t k = 0; k < b->n; k++) count[gpu_cute_key(&b->item[k]) + 1]++;
  for (int32_t q = 0; q < groups; q++) count[q + 1] += count[q];
  memcpy(tmp, b->item, (size_t)b->n * sizeof *tmp);
  memcpy(tmp_case, b->case_of, (size_t)b->n * sizeof *tmp_case);
  memcpy(tmp_at, b->scratch_at, (size_t)b->n * sizeof *tmp_at);
  b->ngroups = 0;
  b->group[0] = 0;
  for (int32_t q = 0; q < groups; q++)
    if (count[q + 1] > count[q]) b->group[++b->ngroups] = count[q + 1];
  for (int32_t k = 0; k < b->n; k++) {
    int32_t at = count[gpu_cute_key(&tmp[k])]++;
    b->item[at] = tmp[k];
    b->case_of[at] = tmp_case[k];
    b->scratch_at[at] = tmp_at[k];
  }
}

/* Lay out the sorted items of b: element ranges (start), regions of src
** and dst; the expectations stay in scratch (gpu_cute_copy_range moves
** them).  0, or -1 when they exceed the capacities. */
static inline int gpu_cute_place_tables(gpu_cute_batch *b) {
  b->used.elements = b->used.src = b->used.dst = 0;
  b->start[0] = 0;
  for (int32_t k = 0; k < b->n; k++) {
    gpu_cute_item *it = &b->item[k];
    int64_t src = (it->flags & GPU_GATHER) ? it->cosize : 0;
    int64_t dst = (it->flags & GPU_SCATTER) ? it->cosize : 0;
    if (b->used.elements + it->size > b->cap.elements || b->used.src + src > b->cap.src ||
        b->used.dst + dst > b->cap.dst)
      return -1;
    it->src_at = src ? b->used.src : -1;
    it->dst_at = dst ? b->used.dst : -1;
    b->used.elements += it->size;
    b->used.src += src;
    b->used.dst += dst;
    b->start[k + 1] = b->used.elements;
  }
  return 0;
}

/* Copy the expectations of the placed items k0..k1-1 from scratch. */
static inline void gpu_cute_copy_range(gpu_cute_batch *b, int32_t k0, int32_t k1) {
  for (int32_t k = k0; k < k1; k++)
    memcpy(b->expect + b->start[k], b->scratch + b->scratch_at[k],
           (size_t)b->item[k].size * sizeof *b->expect);
}

/* Lay out the sorted items of b: element ranges (start), regions of src
** and dst, and the expectations copied from scratch.  0, or -1 when they
** exceed the capacities. */
static inline int gpu_cute_place(gpu_cute_batch *b) {
  if (gpu_cute_place_tables(b)) return -1;
  gpu_cute_copy_range(b, 0, b->n);
  return 0;
}

/* Write the items of case number j (made as c and o) at item number at of
** b and their expectations at scratch[scratch_at..]: both have room (the
** caller checked).  0, or -1 with a message when the oracle fails. */
static inline int gpu_cute_put(gpu_cute_batch *b, int32_t at, int64_t scratch_at, const gpu_case *c,
                               const gpu_cute_case *o, int64_t j, char *msg, size_t cap) {
  assert(at + o->nitems <= b->cap_n && scratch_at + o->size <= b->cap.elements);
  for (lo_int i = 0; i < o->size; i++)
    if (gpu_cute_expect(c, i, &b->scratch[scratch_at + i]) != 0)
      return snprintf(msg, cap, "case %lld: the oracle cannot apply it", (long long)j), -1;
  for (int t = 0; t < o->nitems; t++) {
    gpu_cute_item *it = &b->item[at + t];
    memset(it, 0, sizeof *it);
    it->layout = o->map.flat;
    it->size = o->size;
    it->cosize = o->cosize;
    it->profile = o->map.profile;
    it->stride_type = o->stride_type[t];
    it->flags = o->flags;
    b->case_of[at + t] = j;
    b->scratch_at[at + t] = scratch_at;
  }
  return 0;
}

/* Append the items of case number j (made as c and o) to b, its
** expectations to scratch at *scratch_used; 0, or -1 with a message. */
static inline int gpu_cute_append(gpu_cute_batch *b, const gpu_case *c, const gpu_cute_case *o,
                                  int64_t j, int64_t *scratch_used, char *msg, size_t cap) {
  if (o->nitems == 0) return 0;
  if (b->n + o->nitems > b->cap_n || *scratch_used + o->size > b->cap.elements)
    return snprintf(msg, cap, "case %lld does not fit the batch", (long long)j), -1;
  if (gpu_cute_put(b, b->n, *scratch_used, c, o, j, msg, cap)) return -1;
  b->n += o->nitems;
  *scratch_used += o->size;
  return 0;
}

/* Fill b with the items of the n cases from case first on (made again from
** the seed), ordered by group and laid out.  0, or -1 with a message in
** msg[0..cap). */
static inline int gpu_cute_batch_fill(const gpu_stage_opts *opts, gpu_compose_fn compose,
                                      gpu_cute_batch *b, int64_t first, int32_t n, char *msg,
                                      size_t cap) {
  gpu_case *c = (gpu_case *)malloc(sizeof *c);
  gpu_cute_case *o = (gpu_cute_case *)malloc(sizeof *o);
  gpu_cute_item *tmp = (gpu_cute_item *)gpu_calloc(b->cap_n, sizeof *tmp);
  int64_t *tmp_case = (int64_t *)gpu_calloc(b->cap_n, sizeof *tmp_case);
  int64_t *tmp_at = (int64_t *)gpu_calloc(b->cap_n, sizeof *tmp_at);
  int64_t scratch_used = 0;
  int rc = -1;
  b->first = first;
  b->n = b->ngroups = 0;
  if (!c || !o || !tmp || !tmp_case || !tmp_at) {
    snprintf(msg, cap, "out of memory");
    goto done;
  }
  for (int32_t k = 0; k < n; k++) {
    if (gpu_make_case(opts, first + k, c)) {
      snprintf(msg, cap, "case %lld cannot be generated", (long long)(first + k));
      goto done;
    }
    gpu_cute_make(c, compose, o);
    if (gpu_cute_append(b, c, o, first + k, &scratch_used, msg, cap)) goto done;
  }
  gpu_cute_sort(b, tmp, tmp_case, tmp_at);
  if (gpu_cute_place(b)) {
    snprintf(msg, cap, "cases %lld.. do not fit the batch", (long long)first);
    goto done;
  }
  rc = 0;
done:
  free(c);
  free(o);
  free(tmp);
  free(tmp_case);
  free(tmp_at);
  return rc;
}

/* The view of b with its host arrays (for the host emulation). */
static inline gpu_cute_view gpu_cute_host_view(gpu_cute_batch *b) {
  gpu_cute_view v;
  v.start = b->start;
  v.item = b->item;
  v.src = b->src;
  v.off = b->off;
  v.gathered = b->gathered;
  v.dst = b->dst;
  v.hits = b->hits;
  return v;
}

/* Reset what the device writes, as the program does before each pass. */
static inline void gpu_cute_reset(gpu_cute_batch *b) {
  memset(b->off, 0xff, (size_t)b->used.elements * sizeof *b->off);
  memset(b->gathered, 0xff, (size_t)b->used.elements * sizeof *b->gathered);
  memset(b->dst, 0xff, (size_t)b->used.dst * sizeof *b->dst);
  memset(b->hits, 0, (size_t)b->used.dst * sizeof *b->hits);
}

/* The source pattern of one pass on the host: src[p] = gpu_pattern(p, salt). */
static inline void gpu_cute_host_fill(gpu_cute_batch *b, uint32_t salt) {
  for (int64_t p = 0; p < b->used.src; p++) b->src[p] = gpu_pattern(p, salt);
}

/* gpu_cute_host_fill and gpu_cute_reset for items k0..k1-1 alone (their
** regions tile src, dst and the elements: the ranges of a partition of
** [0, n) together do what the two do). */
static inline void gpu_cute_prepare_range(gpu_cute_batch *b, uint32_t salt, int32_t k0,
                                          int32_t k1) {
  assert(0 <= k0 && k0 <= k1 && k1 <= b->n);
  size_t e = (size_t)(b->start[k1] - b->start[k0]);
  for (int32_t k = k0; k < k1; k++) {
    const gpu_cute_item *it = &b->item[k];
    if (it->src_at >= 0)
      for (int64_t a = it->src_at; a < it->src_at + it->cosize; a++)
        b->src[a] = gpu_pattern(a, salt);
    if (it->dst_at >= 0) {
      memset(b->dst + it->dst_at, 0xff, (size_t)it->cosize * sizeof *b->dst);
      memset(b->hits + it->dst_at, 0, (size_t)it->cosize * sizeof *b->hits);
    }
  }
  memset(b->off + b->start[k0], 0xff, e * sizeof *b->off);
  memset(b->gathered + b->start[k0], 0xff, e * sizeof *b->gathered);
}

/* The salt of pass p of batch number batch of the CuTe path. */
static inline uint32_t gpu_cute_salt(uint64_t seed, int64_t batch, int64_t pass) {
  return (uint32_t)gen_case_seed(seed, "gpu-cute-pass",
                                 (uint64_t)batch * 0x10000u + (uint64_t)pass);
}

/* ---------------------------------------------------------------------
** 3. Checks
*/

/* Count and report one mismatch of item k: the check name gets the item's
** stride type (e.g. "cute_gather:int"). */
static inline void gpu_cute_mismatch(const gpu_cute_batch *b, int32_t k, gpu_tally *t,
                                     gpu_report_fn report, void *ud, const char *check,
                                     int64_t index, int64_t expected, int64_t got) {
  char name[32];
  snprintf(name, sizeof name, "%s:%s", check, gpu_stride_name(b->item[k].stride_type));
  gpu_mismatch_at(t, report, ud, b->case_of[k], name, index, expected, got);
}

/* Compare what the device wrote for one pass (with this salt) with the
** expectations, into *t, reporting each mismatch:
**   cute_offset     off[i] == the expected offset (from &tensor(i) - p, or
**                   from layout(i) where there is no buffer or it falls
**                   outside)
**   cute_gather     gathered[i] == gpu_pattern(src_at + expected, salt)
**   cute_scatter    dst[expected] == i
**   cute_bijective  every address of [0, cosize) hit once (index: the
**                   address)
**   cute_expected   the oracle's offset lies outside [0, cosize) (never
**                   expected; got: the cosize) */
static inline void gpu_cute_check_range(const gpu_cute_batch *b, uint32_t salt, int32_t k0,
                                        int32_t k1, gpu_tally *t, gpu_report_fn report, void *ud) {
  for (int32_t k = k0; k < k1; k++) {
    const gpu_cute_item *it = &b->item[k];
    int64_t at = b->start[k], size = b->start[k + 1] - at;
    for (int64_t i = 0; i < size; i++) {
      int64_t g = at + i, e = b->expect[g];
      if (b->off[g] != e) gpu_cute_mismatch(b, k, t, report, ud, "cute_offset", i, e, b->off[g]);
      if ((it->flags & (GPU_GATHER | GPU_SCATTER)) && (e < 0 || e >= it->cosize)) {
        /* the oracle's own offset outside its cosize: nothing to compare */
        gpu_cute_mismatch(b, k, t, report, ud, "cute_expected", i, e, it->cosize);
        continue;
      }
      if (it->flags & GPU_GATHER) {
        uint32_t want = gpu_pattern(it->src_at + e, salt);
        if (b->gathered[g] != want)
          gpu_cute_mismatch(b, k, t, report, ud, "cute_gather", i, want, b->gathered[g]);
      }
      if ((it->flags & GPU_SCATTER) && b->dst[it->dst_at + e] != (uint32_t)i)
        gpu_cute_mismatch(b, k, t, report, ud, "cute_scatter", i, i, b->dst[it->dst_at + e]);
    }
    if (it->flags & GPU_SCATTER)
      for (int64_t a = 0; a < it->cosize; a++)
        if (b->hits[it->dst_at + a] != 1)
          gpu_cute_mismatch(b, k, t, report, ud, "cute_bijective", a, 1, b->hits[it->dst_at + a]);
    t->offsets += size;
    t->elements += ((it->flags & GPU_GATHER) ? size : 0) + ((it->flags & GPU_SCATTER) ? size : 0);
  }
}

/* gpu_cute_check_range over every item of b. */
static inline void gpu_cute_check(const gpu_cute_batch *b, uint32_t salt, gpu_tally *t,
                                  gpu_report_fn report, void *ud) {
  gpu_cute_check_range(b, salt, 0, b->n, t, report, ud);
}

#endif /* GPU_CUTE_STAGE_H */
