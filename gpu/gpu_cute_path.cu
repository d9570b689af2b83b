/*
** gpu_cute_path.cu -- the CuTe path of bin/layoutcheck-gpu: the run's
** layouts mapped onto the profiles compiled in and dereferenced through
** CuTe's tensors on the device (gpu/gpu_cute.cuh), one kernel launch per
** profile and stride type of a batch, compared with the oracle by
** gpu_cute_check (gpu/gpu_cute_stage.h).
*/
#include "gpu_cute.cuh"
#include "gpu_program.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Compositions whose CuTe result differs from the oracle's, printed. */
#define CUTE_DIFFERS_SHOWN 3

/* Device copies of one batch's tables and outputs. */
typedef struct cute_buffers {
  int64_t *start, *off;
  gpu_cute_item *item;
  uint32_t *src, *gathered, *dst, *hits;
} cute_buffers;

/* Free the device buffers (safe on a partly allocated set). */
static void cute_free(cute_buffers *d) {
  void *all[] = {d->start, d->off, d->item, d->src, d->gathered, d->dst, d->hits};
  for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
    if (all[i]) cudaFree(all[i]);
  memset(d, 0, sizeof *d);
}

/* Allocate n bytes of device memory into *p (at least 8). */
static int cute_alloc(void **p, size_t n, const char *what) {
  return gpu_cuda_ok(cudaMalloc(p, n ? n : 8), what);
}

/* Allocate device buffers for cap_n items and the capacities in cap. */
static int cute_alloc_all(cute_buffers *d, int32_t cap_n, gpu_budget cap) {
  size_t n = (size_t)cap_n, e = (size_t)cap.elements;
  memset(d, 0, sizeof *d);
  if (cute_alloc((void **)&d->start, (n + 1) * sizeof(int64_t), "cudaMalloc start") ||
      cute_alloc((void **)&d->item, n * sizeof(gpu_cute_item), "cudaMalloc items") ||
      cute_alloc((void **)&d->off, e * sizeof(int64_t), "cudaMalloc off") ||
      cute_alloc((void **)&d->gathered, e * sizeof(uint32_t), "cudaMalloc gathered") ||
      cute_alloc((void **)&d->src, (size_t)cap.src * sizeof(uint32_t), "cudaMalloc src") ||
      cute_alloc((void **)&d->dst, (size_t)cap.dst * sizeof(uint32_t), "cudaMalloc dst") ||
      cute_alloc((void **)&d->hits, (size_t)cap.dst * sizeof(uint32_t), "cudaMalloc hits")) {
    cute_free(d);
    return -1;
  }
  return 0;
}

/* The view of the device buffers. */
static gpu_cute_view cute_view(const cute_buffers *d) {
  gpu_cute_view v;
  v.start = d->start;
  v.item = d->item;
  v.src = d->src;
  v.off = d->off;
  v.gathered = d->gathered;
  v.dst = d->dst;
  v.hits = d->hits;
  return v;
}

/* Copy the tables of b to the device and reset its outputs. */
static int cute_upload(const gpu_cute_batch *b, const cute_buffers *d) {
  size_t n = (size_t)b->n;
  return gpu_cuda_ok(cudaMemcpy(d->start, b->start, (n + 1) * sizeof(int64_t),
                                cudaMemcpyHostToDevice),
                     "copying start") ||
         gpu_cuda_ok(cudaMemcpy(d->item, b->item, n * sizeof(gpu_cute_item),
                                cudaMemcpyHostToDevice),
                     "copying items");
}

/* Reset what the kernels write (as gpu_cute_reset does on the host). */
static int cute_reset(const gpu_cute_batch *b, const cute_buffers *d) {
  size_t e = (size_t)b->used.elements, dn = (size_t)b->used.dst;
  return gpu_cuda_ok(cudaMemset(d->off, 0xff, e * sizeof(int64_t)), "resetting off") ||
         gpu_cuda_ok(cudaMemset(d->gathered, 0xff, e * sizeof(uint32_t)), "resetting gathered") ||
         gpu_cuda_ok(cudaMemset(d->dst, 0xff, dn * sizeof(uint32_t)), "resetting dst") ||
         gpu_cuda_ok(cudaMemset(d->hits, 0, dn * sizeof(uint32_t)), "resetting hits");
}

/* Copy the outputs back into b. */
static int cute_download(gpu_cute_batch *b, const cute_buffers *d) {
  size_t e = (size_t)b->used.elements, dn = (size_t)b->used.dst;
  cudaMemcpyKind k = cudaMemcpyDeviceToHost;
  return gpu_cuda_ok(cudaMemcpy(b->off, d->off, e * sizeof(int64_t), k), "copying off back") ||
         gpu_cuda_ok(cudaMemcpy(b->gathered, d->gathered, e * sizeof(uint32_t), k),
                     "copying gathered back") ||
         gpu_cuda_ok(cudaMemcpy(b->dst, d->dst, dn * sizeof(uint32_t), k), "copying dst back") ||
         gpu_cuda_ok(cudaMemcpy(b->hits, d->hits, dn * sizeof(uint32_t), k), "copying hits back");
}

/* One pass over b on the device: reset, fill the source with salt, one
** launch per group (timed into *ms), and the outputs back. */
static int cute_device_pass(gpu_cute_batch *b, const cute_buffers *d, uint32_t salt, unsigned most,
                            cudaEvent_t t0, cudaEvent_t t1, float *ms) {
  gpu_cute_view v = cute_view(d);
  if (cute_reset(b, d) || gpu_cuda_ok(cudaEventRecord(t0), "cudaEventRecord") ||
      gpu_launch_fill(d->src, b->used.src, salt, most))
    return -1;
  for (int32_t q = 0; q < b->ngroups; q++) {
    int32_t k0 = b->group[q], k1 = b->group[q + 1];
    int64_t g0 = b->start[k0], g1 = b->start[k1];
    gpu_cute_launch_fn launch = gpu_cute_launcher(b->item[k0].profile, b->item[k0].stride_type);
    launch(v, k0, k1, g0, g1, gpu_blocks_for(g1 - g0, most));
    if (gpu_cuda_ok(cudaGetLastError(), "launching a CuTe kernel")) return -1;
  }
  if (gpu_cuda_ok(cudaEventRecord(t1), "cudaEventRecord") ||
      gpu_cuda_ok(cudaEventSynchronize(t1), "running the CuTe kernels") ||
      gpu_cuda_ok(cudaEventElapsedTime(ms, t0, t1), "cudaEventElapsedTime"))
    return -1;
  return cute_download(b, d);
}

/* One pass over b on the host, with the same element functions. */
static void cute_host_pass(gpu_cute_batch *b, uint32_t salt) {
  gpu_cute_host_fill(b, salt);
  gpu_cute_reset(b);
  gpu_cute_view v = gpu_cute_host_view(b);
  for (int32_t q = 0; q < b->ngroups; q++) {
    int32_t k0 = b->group[q], k1 = b->group[q + 1];
    gpu_cute_emulator(b->item[k0].profile, b->item[k0].stride_type)(v, k0, k1, b->start[k0],
                                                                     b->start[k1]);
  }
}

/* Bytes one pass over b moves in the kernels: the source fill, the offsets,
** the gathers (read and write), the scatters (value and hit count). */
static double cute_pass_bytes(const gpu_cute_batch *b) {
  double bytes = 4.0 * (double)b->used.src;
  for (int32_t k = 0; k < b->n; k++) {
    double size = (double)(b->start[k + 1] - b->start[k]);
    bytes += 8.0 * size;
    if (b->item[k].flags & GPU_GATHER) bytes += 8.0 * size;
    if (b->item[k].flags & GPU_SCATTER) bytes += 12.0 * size;
  }
  return bytes;
}

/* Print a composition whose CuTe result differs from the oracle's. */
static void cute_show_differs(const gpu_case *c, const gpu_cute_case *o) {
  char a[GPU_LAYOUT_TEXT], b[GPU_LAYOUT_TEXT], cute[GPU_LAYOUT_TEXT];
  if (lo_print_layout(&c->a, a, sizeof a) || lo_print_layout(&c->b, b, sizeof b) ||
      lo_print_layout(&o->cute, cute, sizeof cute))
    return;
  printf("note: CuTe's composition(%s, %s) of dynamic layouts is %s; the oracle's A o B is %s\n", a,
         b, cute, c->text);
}

/* Plan the CuTe path: every case's items, counted into *n.  NULL with a
** message when a case cannot be made or memory runs out. */
static gpu_plan_entry *cute_plan(gpu_run *r, gpu_cute_counts *n, int64_t *per_pass) {
  int64_t count = r->opt.layouts, shown = 0;
  gpu_plan_entry *plan = (gpu_plan_entry *)gpu_calloc(count, sizeof *plan);
  gpu_cute_case *o = (gpu_cute_case *)malloc(sizeof *o);
  memset(n, 0, sizeof *n);
  *per_pass = 0;
  if (!plan || !o) {
    free(plan);
    free(o);
    return fprintf(stderr, "layoutcheck-gpu: out of memory\n"), (gpu_plan_entry *)NULL;
  }
  for (int64_t j = 0; j < count; j++) {
    if (gpu_make_case(&r->stage, j, r->case_buf)) {
      fprintf(stderr, "layoutcheck-gpu: case %lld cannot be generated\n", (long long)j);
      free(plan);
      free(o);
      return NULL;
    }
    gpu_cute_make(r->case_buf, gpu_cute_compose, o);
    gpu_cute_count(n, o);
    if (o->compose == GPU_CC_DIFFERS && !r->opt.quiet && shown++ < CUTE_DIFFERS_SHOWN)
      cute_show_differs(r->case_buf, o);
    plan[j] = gpu_cute_plan_entry(o, r->case_buf->kind);
    *per_pass += gpu_derefs(&plan[j]);
  }
  free(o);
  return plan;
}

/* The report text of case j for the CuTe path: its protocol text and the
** layout CuTe dereferenced. */
static void cute_describe(gpu_run *r, int64_t j) {
  gpu_cute_case *o = (gpu_cute_case *)malloc(sizeof *o);
  lo_layout *l = (lo_layout *)malloc(sizeof *l);
  char mapped[GPU_LAYOUT_TEXT];
  if (!o || !l || gpu_make_case(&r->stage, j, r->case_buf)) {
    snprintf(r->text, sizeof r->text, "(case %lld)", (long long)j);
  } else {
    gpu_cute_make(r->case_buf, gpu_cute_compose, o);
    if (o->nitems == 0 || gpu_mapping_layout(&o->map, l) ||
        lo_print_layout(l, mapped, sizeof mapped) != LO_OK)
      snprintf(mapped, sizeof mapped, "?");
    snprintf(r->text, sizeof r->text, "%s ; cute %s", r->case_buf->text, mapped);
  }
  free(o);
  free(l);
}

/* The device side of the CuTe path: buffers, events, and each batch of the
** plan in every pass.  0, or -1. */
static int cute_batches(gpu_run *r, const gpu_plan_entry *plan, gpu_cute_batch *b, int32_t cap_n,
                        gpu_budget cap, gpu_path_result *res) {
  cute_buffers d;
  cudaEvent_t t0 = NULL, t1 = NULL;
  char msg[512];
  int rc = -1;
  memset(&d, 0, sizeof d);
  if (!r->opt.emulate &&
      (cute_alloc_all(&d, cap_n, cap) || gpu_cuda_ok(cudaEventCreate(&t0), "cudaEventCreate") ||
       gpu_cuda_ok(cudaEventCreate(&t1), "cudaEventCreate")))
    goto done;
  {
    gpu_budget budget = gpu_budget_for(r->opt.batch_elements);
    int64_t batch_no = 0;
    for (int64_t first = 0; first < r->opt.layouts; batch_no++) {
      int32_t k;
      gpu_budget used;
      gpu_next_batch(plan, r->opt.layouts, first, budget, &k, &used);
      if (gpu_cute_batch_fill(&r->stage, gpu_cute_compose, b, first, k, msg, sizeof msg)) {
        fprintf(stderr, "layoutcheck-gpu: %s\n", msg);
        goto done;
      }
      if (!r->opt.emulate && cute_upload(b, &d)) goto done;
      for (int64_t p = 0; p < res->passes; p++) {
        uint32_t salt = gpu_cute_salt(r->opt.seed, batch_no, p);
        float ms = 0;
        double t = gpu_now();
        if (r->opt.emulate)
          cute_host_pass(b, salt);
        else if (cute_device_pass(b, &d, salt, r->most, t0, t1, &ms))
          goto done;
        res->kernel_seconds += r->opt.emulate ? gpu_now() - t : ms / 1000.0;
        res->bytes += cute_pass_bytes(b);
        gpu_cute_check(b, salt, &res->tally, gpu_on_mismatch, r);
      }
      first += k;
    }
  }
  rc = 0;
done:
  if (t0) cudaEventDestroy(t0);
  if (t1) cudaEventDestroy(t1);
  if (!r->opt.emulate) cute_free(&d);
  return rc;
}

/* See gpu_program.h. */
int gpu_run_cute(gpu_run *r, gpu_path_result *res) {
  int64_t per_pass;
  int32_t cap_n;
  gpu_budget cap;
  gpu_cute_batch b;
  memset(res, 0, sizeof *res);
  gpu_plan_entry *plan = cute_plan(r, &res->counts, &per_pass);
  if (!plan) return -1;
  res->passes = gpu_passes_for(r->opt.min_elements, per_pass);
  gpu_plan_caps(plan, r->opt.layouts, gpu_budget_for(r->opt.batch_elements), &cap_n, &cap);
  /* a case has up to GPU_STRIDE_COUNT items */
  if (gpu_cute_batch_alloc(&b, cap_n * GPU_STRIDE_COUNT, cap, r->opt.emulate)) {
    free(plan);
    return fprintf(stderr, "layoutcheck-gpu: out of host memory for a batch\n"), -1;
  }
  int64_t before = r->reported;
  r->describe = cute_describe;
  r->text_case = -1;
  int rc = cute_batches(r, plan, &b, cap_n * GPU_STRIDE_COUNT, cap, res);
  res->reported = r->reported - before;
  gpu_cute_batch_free(&b);
  free(plan);
  return rc;
}
