/*
** gpu_stage.h -- the host side of the GPU stage, shared by the CUDA program
** (gpu/layoutcheck_gpu.cu) and the host test (tests/test_gpu_host.c):
** which layouts a run checks, how they are packed into batches, what the
** oracle expects of every element, and the comparison of what the device
** wrote with it.  C11 that also compiles as C++17 (the program's host code).
**
**   1. Cases: layout number j of a run with seed s is made from the choice
**      stream gen_case_seed(s, "gpu", j) by the generator of its kind (j
**      modulo the kind count), with the oracle deriving compositions,
**      divisions, products and complements of generated pairs.
**   2. Batches: consecutive cases whose elements and buffers fit a budget.
**   3. Expectations and checks: lo_apply for every index, compared with the
**      offsets, gathers, scatters and compositions the device wrote.
*/
#ifndef GPU_STAGE_H
#define GPU_STAGE_H

#ifdef __cplusplus
extern "C" {
#endif
#include "gen.h"
#include "lo.h"
#ifdef __cplusplus
}
#endif

#include "gpu_layout.h"

#include <assert.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------------
** 1. Cases
*/

/* The kinds of layouts, in the order layout j takes them (j mod count). */
enum {
  GPU_K_LAYOUT,      /* any layout, nested */
  GPU_K_FLAT,        /* any flat layout */
  GPU_K_TRACTABLE,   /* L_f */
  GPU_K_COMPACT,     /* L_f of an isomorphism: scattered */
  GPU_K_INJECTIVE,   /* L_f of an injective f */
  GPU_K_COMPOSITION, /* A o B of a composable pair: checked through A and B */
  GPU_K_DIVIDE,      /* logical_divide of a divisible pair */
  GPU_K_PRODUCT,     /* logical_product of an admissible pair */
  GPU_K_COMPLEMENT,  /* complement(L, N) */
  GPU_K_WIDE,        /* a layout with one stride raised so that cosize > 2^31 */
  GPU_K_COUNT
};

/* Per kind: its name, the generator that makes its arguments and the op
** that derives the layout from them (NULL: the layout is the argument). */
typedef struct gpu_kind_info {
  const char *name, *generator, *op;
} gpu_kind_info;

static const gpu_kind_info gpu_kinds[GPU_K_COUNT] = {
    {"layout", "layout", NULL},
    {"flat_layout", "flat_layout", NULL},
    {"tractable", "tractable", NULL},
    {"compact", "compact", NULL},
    {"injective", "injective", NULL},
    {"composition", "composable_layouts", "composition"},
    {"logical_divide", "divide_layouts", "logical_divide"},
    {"logical_product", "product_layouts", "logical_product"},
    {"complement", "complementable", "complement"},
    {"wide", "layout", NULL},
};

#define GPU_WIDE_COSIZE  ((int64_t)1 << 31) /* a wide layout's cosize exceeds this */
#define GPU_TEXT_LEN     (GPU_LAYOUT_TEXT + 16 + GEN_MAX_ARGS * GEN_ARG_LEN)
#define GPU_LAYOUT_TEXT  GEN_ARG_LEN
#define GPU_MAX_ATTEMPTS 64 /* draws of one case before it falls back to "layout" */

/* What a run checks: its seed, the generators' bounds, and the limits a
** case must meet (larger draws are drawn again). */
typedef struct gpu_stage_opts {
  uint64_t seed;
  gen_bounds bounds;
  int64_t max_layout_size;   /* size(L), elements of one layout */
  int64_t max_gather_cosize; /* cosize of a layout that is gathered or scattered */
} gpu_stage_opts;

/* The bounds and limits of the stage: larger layouts than the property
** runs use (up to 2^16 elements drawn, 2^20 after a product). */
static inline void gpu_stage_defaults(gpu_stage_opts *o, uint64_t seed) {
  o->seed = seed;
  gen_bounds_default(&o->bounds);
  o->bounds.max_rank = 8;
  o->bounds.max_entry = 32;
  o->bounds.max_stride = 256;
  o->bounds.max_size = (int64_t)1 << 16;
  o->max_layout_size = (int64_t)1 << 20;
  o->max_gather_cosize = (int64_t)1 << 24;
}

/* One case: the layout under test l (and for a composition its operands
** a o b), its size, cosize, GPU_* flags and protocol text. */
typedef struct gpu_case {
  int kind;
  lo_layout l, a, b;
  lo_int size, cosize;
  int32_t flags;
  char text[GPU_TEXT_LEN];
} gpu_case;

/* Flatten l into *out; 0, or -1 when it has more than GPU_MAX_RANK
** entries. */
static inline int gpu_layout_from_lo(const lo_layout *l, gpu_layout *out) {
  memset(out, 0, sizeof *out);
  if (l->shape.len > GPU_MAX_RANK) return -1;
  out->rank = l->shape.len;
  for (int i = 0; i < l->shape.len; i++) {
    out->shape[i] = l->shape.leaf[i];
    out->stride[i] = l->stride[i];
  }
  return 0;
}

/* Raise the stride of one entry of l (of shape s > 1) to about 2^31/(s-1)
** times 1 to 4, plus a little, so that cosize(l) exceeds 2^31 and often
** 2^32; -1 when l has no entry of shape > 1. */
static inline int gpu_widen(gen_choices *c, lo_layout *l) {
  int cand[LO_MAX_LEAVES], m = 0;
  for (int i = 0; i < l->shape.len; i++)
    if (l->shape.leaf[i] > 1) cand[m++] = i;
  if (m == 0) return -1;
  int j = cand[gen_draw(c, (uint64_t)m - 1)];
  lo_int s1 = l->shape.leaf[j] - 1, base = (GPU_WIDE_COSIZE + s1 - 1) / s1;
  l->stride[j] = base * (lo_int)(1 + gen_draw(c, 3)) + (lo_int)gen_draw(c, 1023);
  return 0;
}

/* Append "s" to buf[0..cap) at *len; -1 when it does not fit. */
static inline int gpu_append(char *buf, size_t cap, size_t *len, const char *s) {
  size_t n = strlen(s);
  if (*len + n + 1 > cap) return -1;
  memcpy(buf + *len, s, n + 1);
  *len += n;
  return 0;
}

/* One try at a case of the given kind from stream c; 0, or -1 when the
** draw is not usable (the oracle refuses it, or it breaks a limit). */
static inline int gpu_try_case(const gpu_stage_opts *o, int kind, gen_choices *c, gpu_case *out) {
  const gpu_kind_info *info = &gpu_kinds[kind];
  const gen_info *g = gen_find(info->generator);
  gen_case k;
  lo_err e;
  size_t len = 0;
  memset(&k, 0, sizeof k);
  if (!g || g->fn(c, &o->bounds, &k) || k.argc < 1) return -1;
  out->kind = kind;
  out->flags = 0;
  out->text[0] = '\0';
  if (info->op) {
    const char *argv[GEN_MAX_ARGS];
    char res[GPU_LAYOUT_TEXT];
    for (int i = 0; i < k.argc; i++) argv[i] = k.argv[i];
    if (lo_eval(info->op, k.argc, argv, res, sizeof res) != LO_OK ||
        lo_parse_layout(res, &out->l, &e) != LO_OK ||
        gpu_append(out->text, GPU_TEXT_LEN, &len, res) ||
        gpu_append(out->text, GPU_TEXT_LEN, &len, " = ") ||
        gpu_append(out->text, GPU_TEXT_LEN, &len, info->op))
      return -1;
    for (int i = 0; i < k.argc; i++)
      if (gpu_append(out->text, GPU_TEXT_LEN, &len, " ") ||
          gpu_append(out->text, GPU_TEXT_LEN, &len, k.argv[i]))
        return -1;
    if (kind == GPU_K_COMPOSITION) {
      if (k.argc != 2 || lo_parse_layout(k.argv[0], &out->a, &e) != LO_OK ||
          lo_parse_layout(k.argv[1], &out->b, &e) != LO_OK || out->a.shape.len > GPU_MAX_RANK ||
          out->b.shape.len > GPU_MAX_RANK)
        return -1;
      out->flags |= GPU_COMPOSE;
    }
  } else {
    if (lo_parse_layout(k.argv[0], &out->l, &e) != LO_OK) return -1;
    if (kind == GPU_K_WIDE && gpu_widen(c, &out->l)) return -1;
    if (lo_print_layout(&out->l, out->text, GPU_LAYOUT_TEXT) != LO_OK) return -1;
  }
  if (out->l.is_tiler || out->l.shape.len > GPU_MAX_RANK ||
      lo_size(&out->l, &out->size, &e) != LO_OK || lo_cosize(&out->l, &out->cosize, &e) != LO_OK ||
      out->size > o->max_layout_size)
    return -1;
  if (out->cosize <= o->max_gather_cosize) {
    out->flags |= GPU_GATHER;
    if (lo_is_compact(&out->l)) out->flags |= GPU_SCATTER;
  }
  return 0;
}

/* Case number index of the run: its kind's generator drawn again until a
** draw is usable, falling back to a plain layout after GPU_MAX_ATTEMPTS.
** 0, or -1 when even that fails (bounds that allow no layout). */
static inline int gpu_make_case(const gpu_stage_opts *o, int64_t index, gpu_case *out) {
  gen_choices c;
  int kind = (int)(index % GPU_K_COUNT), rc = -1;
  gen_choices_random(&c, gen_case_seed(o->seed, "gpu", (uint64_t)index));
  for (int attempt = 0; rc && attempt < GPU_MAX_ATTEMPTS; attempt++)
    rc = gpu_try_case(o, kind, &c, out);
  for (int attempt = 0; rc && attempt < GPU_MAX_ATTEMPTS; attempt++)
    rc = gpu_try_case(o, GPU_K_LAYOUT, &c, out);
  gen_choices_free(&c);
  return rc;
}

/* ---------------------------------------------------------------------
** 2. Batches
*/

/* What planning needs of a case, without regenerating it. */
typedef struct gpu_plan_entry {
  int64_t size, cosize;
  int32_t flags, kind;
} gpu_plan_entry;

/* Elements the device dereferences for one case in one pass: a gather
** per index, and a scatter per index of a compact layout. */
static inline int64_t gpu_derefs(const gpu_plan_entry *p) {
  return ((p->flags & GPU_GATHER) ? p->size : 0) + ((p->flags & GPU_SCATTER) ? p->size : 0);
}

/* A batch's budget: elements (indices), gather source and scatter
** destination elements. */
typedef struct gpu_budget {
  int64_t elements, src, dst;
} gpu_budget;

/* The budget for batches of about `elements` indices. */
static inline gpu_budget gpu_budget_for(int64_t elements) {
  gpu_budget b;
  b.elements = elements;
  b.src = 2 * elements;
  b.dst = elements;
  return b;
}

/* Layouts in one batch at most (their tables take 800 bytes each). */
#define GPU_MAX_BATCH_LAYOUTS (1 << 16)

/* The batch that starts at case first of plan[0..count): as many cases as
** fit the budget and GPU_MAX_BATCH_LAYOUTS (at least one).  Sets *n and the
** batch's totals. */
static inline void gpu_next_batch(const gpu_plan_entry *plan, int64_t count, int64_t first,
                                  gpu_budget budget, int32_t *n, gpu_budget *used) {
  used->elements = used->src = used->dst = 0;
  *n = 0;
  for (int64_t j = first; j < count && *n < GPU_MAX_BATCH_LAYOUTS; j++) {
    const gpu_plan_entry *p = &plan[j];
    int64_t src = (p->flags & GPU_GATHER) ? p->cosize : 0;
    int64_t dst = (p->flags & GPU_SCATTER) ? p->cosize : 0;
    if (*n > 0 && (used->elements + p->size > budget.elements || used->src + src > budget.src ||
                   used->dst + dst > budget.dst))
      break;
    used->elements += p->size;
    used->src += src;
    used->dst += dst;
    (*n)++;
  }
}

/* The host side of a batch: its tables (copied to the device), what the
** oracle expects, and room for what the device wrote.  The arrays hold up
** to cap_n layouts, cap.elements indices, cap.src source and cap.dst
** destination elements; src is allocated only for the host emulation. */
typedef struct gpu_host_batch {
  int32_t n, cap_n;
  int64_t first; /* case number of layout 0 */
  gpu_budget used, cap;
  int64_t *start, *cosize, *src_at, *dst_at;
  int32_t *flags;
  gpu_layout *layout, *outer, *inner;
  uint32_t *compose_fail;
  int64_t *expect, *off64, *composed;
  uint32_t *off32, *gathered, *src, *dst, *hits;
} gpu_host_batch;

/* Free the arrays of b and zero it. */
static inline void gpu_host_batch_free(gpu_host_batch *b) {
  free(b->start);
  free(b->cosize);
  free(b->src_at);
  free(b->dst_at);
  free(b->flags);
  free(b->layout);
  free(b->outer);
  free(b->inner);
  free(b->compose_fail);
  free(b->expect);
  free(b->off64);
  free(b->composed);
  free(b->off32);
  free(b->gathered);
  free(b->src);
  free(b->dst);
  free(b->hits);
  memset(b, 0, sizeof *b);
}

/* calloc that never asks for 0 bytes. */
static inline void *gpu_calloc(int64_t n, size_t size) {
  return calloc(n > 0 ? (size_t)n : 1, size);
}

/* Allocate b for cap_n layouts and the capacities in cap (with a host
** source buffer when with_src); 0, or -1 when memory runs out (b freed). */
static inline int gpu_host_batch_alloc(gpu_host_batch *b, int32_t cap_n, gpu_budget cap,
                                       int with_src) {
  memset(b, 0, sizeof *b);
  b->cap_n = cap_n;
  b->cap = cap;
  b->start = (int64_t *)gpu_calloc((int64_t)cap_n + 1, sizeof *b->start);
  b->cosize = (int64_t *)gpu_calloc(cap_n, sizeof *b->cosize);
  b->src_at = (int64_t *)gpu_calloc(cap_n, sizeof *b->src_at);
  b->dst_at = (int64_t *)gpu_calloc(cap_n, sizeof *b->dst_at);
  b->flags = (int32_t *)gpu_calloc(cap_n, sizeof *b->flags);
  b->layout = (gpu_layout *)gpu_calloc(cap_n, sizeof *b->layout);
  b->outer = (gpu_layout *)gpu_calloc(cap_n, sizeof *b->outer);
  b->inner = (gpu_layout *)gpu_calloc(cap_n, sizeof *b->inner);
  b->compose_fail = (uint32_t *)gpu_calloc(cap_n, sizeof *b->compose_fail);
  b->expect = (int64_t *)gpu_calloc(cap.elements, sizeof *b->expect);
  b->off64 = (int64_t *)gpu_calloc(cap.elements, sizeof *b->off64);
  b->composed = (int64_t *)gpu_calloc(cap.elements, sizeof *b->composed);
  b->off32 = (uint32_t *)gpu_calloc(cap.elements, sizeof *b->off32);
  b->gathered = (uint32_t *)gpu_calloc(cap.elements, sizeof *b->gathered);
  b->src = with_src ? (uint32_t *)gpu_calloc(cap.src, sizeof *b->src) : NULL;
  b->dst = (uint32_t *)gpu_calloc(cap.dst, sizeof *b->dst);
  b->hits = (uint32_t *)gpu_calloc(cap.dst, sizeof *b->hits);
  if (!b->start || !b->cosize || !b->src_at || !b->dst_at || !b->flags || !b->layout || !b->outer ||
      !b->inner || !b->compose_fail || !b->expect || !b->off64 || !b->composed || !b->off32 ||
      !b->gathered || (with_src && !b->src) || !b->dst || !b->hits) {
    gpu_host_batch_free(b);
    return -1;
  }
  return 0;
}

/* ---------------------------------------------------------------------
** 3. Expectations and checks
*/

/* Write case c as layout k of b, whose place (start[k], start[k + 1],
** src_at[k], dst_at[k]) is set: its tables and expect[g] = lo_apply(L, i).
** 0, or -1 with a message in msg[0..cap) (the oracle fails). */
static inline int gpu_batch_put(gpu_host_batch *b, int32_t k, const gpu_case *c, char *msg,
                                size_t cap) {
  lo_err e;
  assert(b->start[k + 1] - b->start[k] == c->size);
  gpu_layout_from_lo(&c->l, &b->layout[k]);
  memset(&b->outer[k], 0, sizeof b->outer[k]);
  memset(&b->inner[k], 0, sizeof b->inner[k]);
  if (c->flags & GPU_COMPOSE) {
    gpu_layout_from_lo(&c->a, &b->outer[k]);
    gpu_layout_from_lo(&c->b, &b->inner[k]);
  }
  b->cosize[k] = c->cosize;
  b->flags[k] = c->flags;
  for (lo_int i = 0; i < c->size; i++)
    if (lo_apply(&c->l, i, &b->expect[b->start[k] + i], &e) != LO_OK) {
      snprintf(msg, cap, "case %lld: oracle: %s", (long long)(b->first + k), e.msg);
      return -1;
    }
  return 0;
}

/* Fill b with the n cases from case first on (regenerated from the seed):
** the tables and expect[g] = lo_apply(L, i).  0, or -1 with a message in
** msg[0..cap) (a case that cannot be made again, or does not fit b). */
static inline int gpu_batch_fill(const gpu_stage_opts *o, gpu_host_batch *b, int64_t first,
                                 int32_t n, char *msg, size_t cap) {
  gpu_case *c = (gpu_case *)malloc(sizeof *c);
  if (!c) return snprintf(msg, cap, "out of memory"), -1;
  b->first = first;
  b->n = 0;
  b->used.elements = b->used.src = b->used.dst = 0;
  b->start[0] = 0;
  for (int32_t k = 0; k < n; k++) {
    if (k >= b->cap_n || gpu_make_case(o, first + k, c)) {
      snprintf(msg, cap, "case %lld: %s", (long long)(first + k),
               k >= b->cap_n ? "more layouts than the batch holds" : "cannot be generated");
      free(c);
      return -1;
    }
    int64_t src = (c->flags & GPU_GATHER) ? c->cosize : 0;
    int64_t dst = (c->flags & GPU_SCATTER) ? c->cosize : 0;
    if (b->used.elements + c->size > b->cap.elements || b->used.src + src > b->cap.src ||
        b->used.dst + dst > b->cap.dst) {
      snprintf(msg, cap, "case %lld does not fit the batch", (long long)(first + k));
      free(c);
      return -1;
    }
    b->src_at[k] = src ? b->used.src : -1;
    b->dst_at[k] = dst ? b->used.dst : -1;
    b->start[k + 1] = b->used.elements + c->size;
    if (gpu_batch_put(b, k, c, msg, cap)) {
      free(c);
      return -1;
    }
    b->used.elements += c->size;
    b->used.src += src;
    b->used.dst += dst;
    b->n = k + 1;
  }
  free(c);
  return 0;
}

/* Place the n cases of plan from case first on in b, as gpu_batch_fill
** would (start, src_at, dst_at, cosize, flags, used), without making
** them: gpu_batch_fill_range then fills any part of them, on any thread.
** 0, or -1 with a message when they do not fit b. */
static inline int gpu_batch_place(const gpu_plan_entry *plan, gpu_host_batch *b, int64_t first,
                                  int32_t n, char *msg, size_t cap) {
  b->first = first;
  b->n = 0;
  b->used.elements = b->used.src = b->used.dst = 0;
  b->start[0] = 0;
  for (int32_t k = 0; k < n; k++) {
    const gpu_plan_entry *p = &plan[first + k];
    int64_t src = (p->flags & GPU_GATHER) ? p->cosize : 0;
    int64_t dst = (p->flags & GPU_SCATTER) ? p->cosize : 0;
    if (k >= b->cap_n || b->used.elements + p->size > b->cap.elements ||
        b->used.src + src > b->cap.src || b->used.dst + dst > b->cap.dst)
      return snprintf(msg, cap, "case %lld does not fit the batch", (long long)(first + k)), -1;
    b->cosize[k] = p->cosize;
    b->flags[k] = p->flags;
    b->src_at[k] = src ? b->used.src : -1;
    b->dst_at[k] = dst ? b->used.dst : -1;
    b->used.elements += p->size;
    b->used.src += src;
    b->used.dst += dst;
    b->start[k + 1] = b->used.elements;
    b->n = k + 1;
  }
  return 0;
}

/* Fill layouts k0..k1-1 of b, placed by gpu_batch_place: each case made
** again (into *c) and checked against its place.  Writes only those
** layouts' tables and elements.  0, or -1 with a message. */
static inline int gpu_batch_fill_range(const gpu_stage_opts *o, gpu_host_batch *b, int32_t k0,
                                       int32_t k1, gpu_case *c, char *msg, size_t cap) {
  for (int32_t k = k0; k < k1; k++) {
    int64_t j = b->first + k;
    if (gpu_make_case(o, j, c))
      return snprintf(msg, cap, "case %lld cannot be generated", (long long)j), -1;
    if (c->size != b->start[k + 1] - b->start[k] || c->cosize != b->cosize[k] ||
        c->flags != b->flags[k])
      return snprintf(msg, cap, "case %lld: made again, it differs from its plan", (long long)j),
             -1;
    if (gpu_batch_put(b, k, c, msg, cap)) return -1;
  }
  return 0;
}

/* The batch view of b with its host arrays (for the host emulation). */
static inline gpu_batch gpu_host_view(gpu_host_batch *b) {
  gpu_batch v;
  v.n = b->n;
  v.elements = b->used.elements;
  v.start = b->start;
  v.layout = b->layout;
  v.outer = b->outer;
  v.inner = b->inner;
  v.cosize = b->cosize;
  v.src_at = b->src_at;
  v.dst_at = b->dst_at;
  v.flags = b->flags;
  v.src = b->src;
  v.off64 = b->off64;
  v.composed = b->composed;
  v.off32 = b->off32;
  v.gathered = b->gathered;
  v.dst = b->dst;
  v.hits = b->hits;
  v.compose_fail = b->compose_fail;
  return v;
}

/* The salt of pass p of batch number batch in a run with this seed. */
static inline uint32_t gpu_salt(uint64_t seed, int64_t batch, int64_t pass) {
  return (uint32_t)gen_case_seed(seed, "gpu-pass", (uint64_t)batch * 0x10000u + (uint64_t)pass);
}

/* The source pattern of one pass: src[p] = gpu_pattern(p, salt). */
static inline void gpu_host_fill(gpu_host_batch *b, uint32_t salt) {
  for (int64_t p = 0; p < b->used.src; p++) b->src[p] = gpu_pattern(p, salt);
}

/* Reset what the device writes (as the program does before each pass). */
static inline void gpu_host_reset(gpu_host_batch *b) {
  memset(b->off64, 0xff, (size_t)b->used.elements * sizeof *b->off64);
  memset(b->composed, 0xff, (size_t)b->used.elements * sizeof *b->composed);
  memset(b->off32, 0xff, (size_t)b->used.elements * sizeof *b->off32);
  memset(b->gathered, 0xff, (size_t)b->used.elements * sizeof *b->gathered);
  memset(b->dst, 0xff, (size_t)b->used.dst * sizeof *b->dst);
  memset(b->hits, 0, (size_t)b->used.dst * sizeof *b->hits);
  memset(b->compose_fail, 0, (size_t)b->n * sizeof *b->compose_fail);
}

/* The host emulation of one pass: fill, reset, and gpu_element for every
** element, in order. */
static inline void gpu_host_run(gpu_host_batch *b, uint32_t salt) {
  gpu_host_fill(b, salt);
  gpu_host_reset(b);
  gpu_batch v = gpu_host_view(b);
  for (int64_t g = 0; g < v.elements; g++) gpu_element(&v, g);
}

/* gpu_host_run for layouts k0..k1-1 alone: the same source values, resets
** and elements, restricted to their regions (the regions of the layouts
** tile src, dst and the elements, so the ranges of a partition of [0, n)
** together do what gpu_host_run does, each on its own memory). */
static inline void gpu_host_run_range(gpu_host_batch *b, uint32_t salt, int32_t k0, int32_t k1) {
  assert(0 <= k0 && k0 <= k1 && k1 <= b->n);
  int64_t g0 = b->start[k0], g1 = b->start[k1];
  size_t e = (size_t)(g1 - g0);
  for (int32_t k = k0; k < k1; k++) {
    if (b->src_at[k] >= 0)
      for (int64_t a = b->src_at[k]; a < b->src_at[k] + b->cosize[k]; a++)
        b->src[a] = gpu_pattern(a, salt);
    if (b->dst_at[k] >= 0) {
      memset(b->dst + b->dst_at[k], 0xff, (size_t)b->cosize[k] * sizeof *b->dst);
      memset(b->hits + b->dst_at[k], 0, (size_t)b->cosize[k] * sizeof *b->hits);
    }
    b->compose_fail[k] = 0;
  }
  memset(b->off64 + g0, 0xff, e * sizeof *b->off64);
  memset(b->composed + g0, 0xff, e * sizeof *b->composed);
  memset(b->off32 + g0, 0xff, e * sizeof *b->off32);
  memset(b->gathered + g0, 0xff, e * sizeof *b->gathered);
  gpu_batch v = gpu_host_view(b);
  for (int64_t g = g0; g < g1; g++) gpu_element(&v, g);
}

/* Split the n layouts of a batch (elements start[0..n]) into at most
** `most` consecutive ranges of about equal elements, cut where a layout
** ends and, when group is not NULL, at each of its ngroups + 1 boundaries
** too: the ranges' first layouts into cut[0..count), cut[count] = n.
** cut has room for most + ngroups + 2 entries; the count is returned. */
static inline int32_t gpu_split(const int64_t *start, int32_t n, const int32_t *group,
                                int32_t ngroups, int32_t most, int32_t *cut) {
  int64_t per = most > 0 ? (start[n] - start[0] + most - 1) / most : start[n] - start[0];
  int32_t count = 0, q = 1;
  if (per < 1) per = 1;
  if (n == 0) return cut[0] = 0, 0;
  cut[count++] = 0;
  for (int32_t k = 1; k < n; k++) {
    int at_group = group && q <= ngroups && group[q] == k;
    if (at_group) q++;
    if (at_group || start[k] - start[cut[count - 1]] >= per) cut[count++] = k;
  }
  cut[count] = n;
  return count;
}

/* Counts of checked work. */
typedef struct gpu_tally {
  int64_t offsets, elements, mismatches, truncated;
} gpu_tally;

/* Called for each mismatch: case number, check name, index, expected and
** what the device wrote. */
typedef void (*gpu_report_fn)(void *ud, int64_t case_index, const char *check, int64_t index,
                              int64_t expected, int64_t got);

/* Count one mismatch and report it. */
static inline void gpu_mismatch_at(gpu_tally *t, gpu_report_fn report, void *ud, int64_t case_index,
                                   const char *check, int64_t index, int64_t expected,
                                   int64_t got) {
  t->mismatches++;
  if (report) report(ud, case_index, check, index, expected, got);
}

/* Compare what the device wrote for one pass (with this salt) with the
** oracle's expectations, into *t, reporting each mismatch:
**   offset64  off64[i] == Phi(i)
**   offset32  off32[i] == Phi(i) mod 2^32 (truncated counts Phi(i) >= 2^31,
**             where a signed 32-bit offset is wrong)
**   gather    gathered[i] == gpu_pattern(src_at + Phi(i), salt)
**   scatter   dst[Phi(i)] == i, and bijective: every address of [0, cosize)
**             hit exactly once (index: the address)
**   compose   composed[i] == Phi(i), and compose_device: the device found
**             Phi_A(Phi_B(i)) == Phi_R(i) everywhere (index -1). */
static inline void gpu_batch_check_range(const gpu_host_batch *b, uint32_t salt, int32_t k0,
                                         int32_t k1, gpu_tally *t, gpu_report_fn report, void *ud) {
  for (int32_t k = k0; k < k1; k++) {
    int64_t at = b->start[k], size = b->start[k + 1] - at, ci = b->first + k;
    int32_t f = b->flags[k];
    for (int64_t i = 0; i < size; i++) {
      int64_t g = at + i, e = b->expect[g];
      if (b->off64[g] != e) gpu_mismatch_at(t, report, ud, ci, "offset64", i, e, b->off64[g]);
      if (b->off32[g] != (uint32_t)e)
        gpu_mismatch_at(t, report, ud, ci, "offset32", i, (int64_t)(uint32_t)e, b->off32[g]);
      else if (e >= GPU_WIDE_COSIZE)
        t->truncated++;
      if (f & GPU_GATHER) {
        uint32_t want = gpu_pattern(b->src_at[k] + e, salt);
        if (b->gathered[g] != want)
          gpu_mismatch_at(t, report, ud, ci, "gather", i, want, b->gathered[g]);
      }
      if ((f & GPU_SCATTER) && b->dst[b->dst_at[k] + e] != (uint32_t)i)
        gpu_mismatch_at(t, report, ud, ci, "scatter", i, i, b->dst[b->dst_at[k] + e]);
      if ((f & GPU_COMPOSE) && b->composed[g] != e)
        gpu_mismatch_at(t, report, ud, ci, "compose", i, e, b->composed[g]);
    }
    if (f & GPU_SCATTER)
      for (int64_t a = 0; a < b->cosize[k]; a++)
        if (b->hits[b->dst_at[k] + a] != 1)
          gpu_mismatch_at(t, report, ud, ci, "bijective", a, 1, b->hits[b->dst_at[k] + a]);
    if ((f & GPU_COMPOSE) && b->compose_fail[k] != 0)
      gpu_mismatch_at(t, report, ud, ci, "compose_device", -1, 0, b->compose_fail[k]);
    t->offsets += size;
    t->elements += ((f & GPU_GATHER) ? size : 0) + ((f & GPU_SCATTER) ? size : 0);
  }
}

/* gpu_batch_check_range over every layout of b. */
static inline void gpu_batch_check(const gpu_host_batch *b, uint32_t salt, gpu_tally *t,
                                   gpu_report_fn report, void *ud) {
  gpu_batch_check_range(b, salt, 0, b->n, t, report, ud);
}

/* One mismatch as a check found it. */
typedef struct gpu_found_one {
  int64_t case_index, index, expected, got;
  char check[32];
} gpu_found_one;

/* What the check of one range found: its tally and its first `keep`
** mismatches in order (a gpu_report_fn collects them; the caller replays
** them in range order, so that the mismatches kept do not depend on how a
** batch was split or on which thread checked which range). */
typedef struct gpu_found {
  gpu_tally tally;
  int64_t keep, n, cap;
  int out_of_memory;
  gpu_found_one *one;
} gpu_found;

/* Empty f, keeping at most keep mismatches (its memory stays). */
static inline void gpu_found_clear(gpu_found *f, int64_t keep) {
  memset(&f->tally, 0, sizeof f->tally);
  f->keep = keep;
  f->n = 0;
  f->out_of_memory = 0;
}

/* gpu_report_fn: append a mismatch to the gpu_found ud (the first keep). */
static inline void gpu_found_note(void *ud, int64_t case_index, const char *check, int64_t index,
                                  int64_t expected, int64_t got) {
  gpu_found *f = (gpu_found *)ud;
  if (f->n >= f->keep || f->out_of_memory) return;
  if (f->n == f->cap) {
    int64_t cap = f->cap ? 2 * f->cap : 64;
    gpu_found_one *one = (gpu_found_one *)realloc(f->one, (size_t)cap * sizeof *one);
    if (!one) {
      f->out_of_memory = 1;
      return;
    }
    f->one = one;
    f->cap = cap;
  }
  gpu_found_one *m = &f->one[f->n++];
  m->case_index = case_index;
  m->index = index;
  m->expected = expected;
  m->got = got;
  snprintf(m->check, sizeof m->check, "%s", check);
}

/* Add what f found to *t and report its mismatches, in order. */
static inline void gpu_found_replay(const gpu_found *f, gpu_tally *t, gpu_report_fn report,
                                    void *ud) {
  t->offsets += f->tally.offsets;
  t->elements += f->tally.elements;
  t->mismatches += f->tally.mismatches;
  t->truncated += f->tally.truncated;
  for (int64_t m = 0; m < f->n && report; m++)
    report(ud, f->one[m].case_index, f->one[m].check, f->one[m].index, f->one[m].expected,
           f->one[m].got);
}

#endif /* GPU_STAGE_H */
