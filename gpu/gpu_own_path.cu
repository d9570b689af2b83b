/*
** gpu_own_path.cu -- the own path of bin/layoutcheck-gpu: one thread per
** index computes Phi_L(i) with the stage's own arithmetic (gpu_element of
** gpu/gpu_layout.h) in 64 and 32 bits, gathers, scatters compact layouts
** with hit counts, and evaluates Phi_A(Phi_B(i)) for compositions; the
** host compares every value with the oracle (gpu_batch_check).
*/
#include "gpu_program.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Device copies of one batch's tables and outputs (sized for the largest
** batch of the run). */
typedef struct own_buffers {
  int64_t *start, *cosize, *src_at, *dst_at, *off64, *composed;
  int32_t *flags;
  gpu_layout *layout, *outer, *inner;
  uint32_t *compose_fail, *off32, *gathered, *src, *dst, *hits;
} own_buffers;

/* Allocate n bytes of device memory into *p (at least 8). */
static int own_alloc(void **p, size_t n, const char *what) {
  return gpu_cuda_ok(cudaMalloc(p, n ? n : 8), what);
}

/* Free the device buffers (safe on a partly allocated set). */
static void own_free(own_buffers *d) {
  void *all[] = {d->start,    d->cosize, d->src_at, d->dst_at, d->off64,        d->composed,
                 d->flags,    d->layout, d->outer,  d->inner,  d->compose_fail, d->off32,
                 d->gathered, d->src,    d->dst,    d->hits};
  for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
    if (all[i]) cudaFree(all[i]);
  memset(d, 0, sizeof *d);
}

/* Allocate device buffers for cap_n layouts and the capacities in cap. */
static int own_alloc_all(own_buffers *d, int32_t cap_n, gpu_budget cap) {
  size_t n = (size_t)cap_n, e = (size_t)cap.elements;
  memset(d, 0, sizeof *d);
  if (own_alloc((void **)&d->start, (n + 1) * sizeof(int64_t), "cudaMalloc start") ||
      own_alloc((void **)&d->cosize, n * sizeof(int64_t), "cudaMalloc cosize") ||
      own_alloc((void **)&d->src_at, n * sizeof(int64_t), "cudaMalloc src_at") ||
      own_alloc((void **)&d->dst_at, n * sizeof(int64_t), "cudaMalloc dst_at") ||
      own_alloc((void **)&d->flags, n * sizeof(int32_t), "cudaMalloc flags") ||
      own_alloc((void **)&d->layout, n * sizeof(gpu_layout), "cudaMalloc layouts") ||
      own_alloc((void **)&d->outer, n * sizeof(gpu_layout), "cudaMalloc outer layouts") ||
      own_alloc((void **)&d->inner, n * sizeof(gpu_layout), "cudaMalloc inner layouts") ||
      own_alloc((void **)&d->compose_fail, n * sizeof(uint32_t), "cudaMalloc compose_fail") ||
      own_alloc((void **)&d->off64, e * sizeof(int64_t), "cudaMalloc off64") ||
      own_alloc((void **)&d->composed, e * sizeof(int64_t), "cudaMalloc composed") ||
      own_alloc((void **)&d->off32, e * sizeof(uint32_t), "cudaMalloc off32") ||
      own_alloc((void **)&d->gathered, e * sizeof(uint32_t), "cudaMalloc gathered") ||
      own_alloc((void **)&d->src, (size_t)cap.src * sizeof(uint32_t), "cudaMalloc src") ||
      own_alloc((void **)&d->dst, (size_t)cap.dst * sizeof(uint32_t), "cudaMalloc dst") ||
      own_alloc((void **)&d->hits, (size_t)cap.dst * sizeof(uint32_t), "cudaMalloc hits")) {
    own_free(d);
    return -1;
  }
  return 0;
}

/* Fill the gather source: src[p] = gpu_pattern(p, salt). */
__global__ void own_fill_kernel(uint32_t *src, int64_t n, uint32_t salt) {
  int64_t stride = (int64_t)gridDim.x * blockDim.x;
  for (int64_t p = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; p < n; p += stride)
    src[p] = gpu_pattern(p, salt);
}

/* See gpu_program.h. */
int gpu_launch_fill(uint32_t *src, int64_t n, uint32_t salt, unsigned most) {
  own_fill_kernel<<<gpu_blocks_for(n, most), 256>>>(src, n, salt);
  return gpu_cuda_ok(cudaGetLastError(), "launching the fill kernel");
}

/* One thread per element (grid-stride): gpu_element. */
__global__ void own_element_kernel(gpu_batch b) {
  int64_t stride = (int64_t)gridDim.x * blockDim.x;
  for (int64_t g = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; g < b.elements; g += stride)
    gpu_element(&b, g);
}

/* Copy n items of size bytes from host to device; 0 or -1. */
static int own_put(void *dst, const void *src, size_t bytes, const char *what) {
  return gpu_cuda_ok(cudaMemcpy(dst, src, bytes, cudaMemcpyHostToDevice), what);
}

/* Copy bytes from device to host; 0 or -1. */
static int own_get(void *dst, const void *src, size_t bytes, const char *what) {
  return gpu_cuda_ok(cudaMemcpy(dst, src, bytes, cudaMemcpyDeviceToHost), what);
}

/* Copy the tables of host batch h to the device. */
static int own_upload(const gpu_host_batch *h, const own_buffers *d) {
  size_t n = (size_t)h->n;
  return own_put(d->start, h->start, (n + 1) * sizeof(int64_t), "copying start") ||
         own_put(d->cosize, h->cosize, n * sizeof(int64_t), "copying cosize") ||
         own_put(d->src_at, h->src_at, n * sizeof(int64_t), "copying src_at") ||
         own_put(d->dst_at, h->dst_at, n * sizeof(int64_t), "copying dst_at") ||
         own_put(d->flags, h->flags, n * sizeof(int32_t), "copying flags") ||
         own_put(d->layout, h->layout, n * sizeof(gpu_layout), "copying layouts") ||
         own_put(d->outer, h->outer, n * sizeof(gpu_layout), "copying outer layouts") ||
         own_put(d->inner, h->inner, n * sizeof(gpu_layout), "copying inner layouts");
}

/* The batch view of the device buffers for host batch h. */
static gpu_batch own_view(const gpu_host_batch *h, const own_buffers *d) {
  gpu_batch v;
  v.n = h->n;
  v.elements = h->used.elements;
  v.start = d->start;
  v.layout = d->layout;
  v.outer = d->outer;
  v.inner = d->inner;
  v.cosize = d->cosize;
  v.src_at = d->src_at;
  v.dst_at = d->dst_at;
  v.flags = d->flags;
  v.src = d->src;
  v.off64 = d->off64;
  v.composed = d->composed;
  v.off32 = d->off32;
  v.gathered = d->gathered;
  v.dst = d->dst;
  v.hits = d->hits;
  v.compose_fail = d->compose_fail;
  return v;
}

/* Reset the device outputs of batch h (as gpu_host_reset does). */
static int own_reset(const gpu_host_batch *h, const own_buffers *d) {
  size_t e = (size_t)h->used.elements, dn = (size_t)h->used.dst, n = (size_t)h->n;
  return gpu_cuda_ok(cudaMemset(d->off64, 0xff, e * sizeof(int64_t)), "resetting off64") ||
         gpu_cuda_ok(cudaMemset(d->composed, 0xff, e * sizeof(int64_t)), "resetting composed") ||
         gpu_cuda_ok(cudaMemset(d->off32, 0xff, e * sizeof(uint32_t)), "resetting off32") ||
         gpu_cuda_ok(cudaMemset(d->gathered, 0xff, e * sizeof(uint32_t)), "resetting gathered") ||
         gpu_cuda_ok(cudaMemset(d->dst, 0xff, dn * sizeof(uint32_t)), "resetting dst") ||
         gpu_cuda_ok(cudaMemset(d->hits, 0, dn * sizeof(uint32_t)), "resetting hits") ||
         gpu_cuda_ok(cudaMemset(d->compose_fail, 0, n * sizeof(uint32_t)),
                     "resetting compose_fail");
}

/* Copy the device outputs of batch h back into h. */
static int own_download(gpu_host_batch *h, const own_buffers *d) {
  size_t e = (size_t)h->used.elements, dn = (size_t)h->used.dst, n = (size_t)h->n;
  return own_get(h->off64, d->off64, e * sizeof(int64_t), "copying off64 back") ||
         own_get(h->composed, d->composed, e * sizeof(int64_t), "copying composed back") ||
         own_get(h->off32, d->off32, e * sizeof(uint32_t), "copying off32 back") ||
         own_get(h->gathered, d->gathered, e * sizeof(uint32_t), "copying gathered back") ||
         own_get(h->dst, d->dst, dn * sizeof(uint32_t), "copying dst back") ||
         own_get(h->hits, d->hits, dn * sizeof(uint32_t), "copying hits back") ||
         own_get(h->compose_fail, d->compose_fail, n * sizeof(uint32_t),
                 "copying compose_fail back");
}

/* One pass over the batch on the device: reset, fill the source with salt,
** run the element kernel (timed into *ms), and copy the outputs back. */
static int own_device_pass(gpu_host_batch *h, const own_buffers *d, uint32_t salt, unsigned most,
                           cudaEvent_t t0, cudaEvent_t t1, float *ms) {
  gpu_batch v = own_view(h, d);
  if (own_reset(h, d) || gpu_cuda_ok(cudaEventRecord(t0), "cudaEventRecord")) return -1;
  if (gpu_launch_fill(d->src, h->used.src, salt, most)) return -1;
  own_element_kernel<<<gpu_blocks_for(h->used.elements, most), 256>>>(v);
  if (gpu_cuda_ok(cudaGetLastError(), "launching the element kernel") ||
      gpu_cuda_ok(cudaEventRecord(t1), "cudaEventRecord") ||
      gpu_cuda_ok(cudaEventSynchronize(t1), "running the kernels") ||
      gpu_cuda_ok(cudaEventElapsedTime(ms, t0, t1), "cudaEventElapsedTime"))
    return -1;
  return own_download(h, d);
}

/* Bytes one pass over h moves in the kernels: the source fill, the offsets,
** the gathers (read and write), the scatters (value and hit count) and the
** compositions. */
static double own_pass_bytes(const gpu_host_batch *h) {
  double b = 4.0 * (double)h->used.src;
  for (int32_t k = 0; k < h->n; k++) {
    double size = (double)(h->start[k + 1] - h->start[k]);
    b += 12.0 * size;
    if (h->flags[k] & GPU_GATHER) b += 8.0 * size;
    if (h->flags[k] & GPU_SCATTER) b += 12.0 * size;
    if (h->flags[k] & GPU_COMPOSE) b += 8.0 * size;
  }
  return b;
}

/* A planning job of the own path: task t makes cases [t * GPU_PLAN_CHUNK,
** ...) into plan, their dereferences per pass into derefs[t], and the first
** case it cannot make into failed[t] (-1: none). */
typedef struct own_plan_job {
  gpu_run *r;
  gpu_plan_entry *plan;
  int64_t *derefs, *failed;
} own_plan_job;

/* Task t of an own_plan_job (any thread). */
static void own_plan_task(void *ctx, int64_t t, int worker) {
  own_plan_job *job = (own_plan_job *)ctx;
  int64_t j0 = t * GPU_PLAN_CHUNK, j1 = j0 + GPU_PLAN_CHUNK;
  gpu_case *c = (gpu_case *)malloc(sizeof *c);
  (void)worker;
  if (j1 > job->r->opt.layouts) j1 = job->r->opt.layouts;
  job->derefs[t] = 0;
  job->failed[t] = -1;
  for (int64_t j = j0; j < j1; j++) {
    if (!c || gpu_make_case(&job->r->stage, j, c)) {
      job->failed[t] = j;
      break;
    }
    job->plan[j].size = c->size;
    job->plan[j].cosize = c->cosize;
    job->plan[j].flags = c->flags;
    job->plan[j].kind = c->kind;
    job->derefs[t] += gpu_derefs(&job->plan[j]);
  }
  free(c);
}

/* Plan the own path: every case's size and flags, made on the pool.  NULL
** with a message when a case cannot be made or memory runs out. */
static gpu_plan_entry *own_plan(gpu_run *r, int64_t *per_pass) {
  int64_t n = r->opt.layouts, tasks = (n + GPU_PLAN_CHUNK - 1) / GPU_PLAN_CHUNK;
  own_plan_job job;
  job.r = r;
  job.plan = (gpu_plan_entry *)gpu_calloc(n, sizeof *job.plan);
  job.derefs = (int64_t *)gpu_calloc(tasks, sizeof *job.derefs);
  job.failed = (int64_t *)gpu_calloc(tasks, sizeof *job.failed);
  *per_pass = 0;
  if (!job.plan || !job.derefs || !job.failed) {
    fprintf(stderr, "layoutcheck-gpu: out of memory\n");
    goto fail;
  }
  gpu_pool_run(&r->pool, tasks, own_plan_task, &job);
  for (int64_t t = 0; t < tasks; t++) {
    if (job.failed[t] >= 0) {
      fprintf(stderr, "layoutcheck-gpu: case %lld cannot be generated\n", (long long)job.failed[t]);
      goto fail;
    }
    *per_pass += job.derefs[t];
  }
  free(job.derefs);
  free(job.failed);
  return job.plan;
fail:
  free(job.plan);
  free(job.derefs);
  free(job.failed);
  return NULL;
}

/* The report text of case j for the own path: its protocol text. */
static void own_describe(gpu_run *r, int64_t j) {
  if (gpu_make_case(&r->stage, j, r->case_buf))
    snprintf(r->text, sizeof r->text, "(case %lld)", (long long)j);
  else
    snprintf(r->text, sizeof r->text, "%s", r->case_buf->text);
}

/* A job on the ranges of one batch: range q is layouts cut[q]..cut[q+1]-1
** of h; a fill task's failure goes to rc[q] and msg[q], a check's
** findings to found[q]. */
typedef struct own_job {
  gpu_run *r;
  gpu_host_batch *h;
  int32_t *cut;
  uint32_t salt;
  gpu_found *found;
  int *rc;
  char (*msg)[256];
} own_job;

/* Fill range q of the batch: its cases made again, their expectations. */
static void own_fill_task(void *ctx, int64_t q, int worker) {
  own_job *job = (own_job *)ctx;
  gpu_case *c = (gpu_case *)malloc(sizeof *c);
  (void)worker;
  if (!c) {
    job->rc[q] = -1;
    snprintf(job->msg[q], sizeof job->msg[q], "out of memory");
    return;
  }
  job->rc[q] = gpu_batch_fill_range(&job->r->stage, job->h, job->cut[q], job->cut[q + 1], c,
                                    job->msg[q], sizeof job->msg[q]);
  free(c);
}

/* The host emulation of range q for one pass. */
static void own_emulate_task(void *ctx, int64_t q, int worker) {
  own_job *job = (own_job *)ctx;
  (void)worker;
  gpu_host_run_range(job->h, job->salt, job->cut[q], job->cut[q + 1]);
}

/* The check of range q for one pass, into found[q]. */
static void own_check_task(void *ctx, int64_t q, int worker) {
  own_job *job = (own_job *)ctx;
  (void)worker;
  gpu_found_clear(&job->found[q], job->r->opt.max_report);
  gpu_batch_check_range(job->h, job->salt, job->cut[q], job->cut[q + 1], &job->found[q].tally,
                        gpu_found_note, &job->found[q]);
}

/* Place the batch of k cases from first on, and fill it on the pool,
** split into the ranges of job->cut (set here, *nranges of them).  0, or
** -1 with a message. */
static int own_fill(own_job *job, const gpu_plan_entry *plan, int64_t first, int32_t k,
                    int32_t *nranges) {
  gpu_run *r = job->r;
  if (gpu_batch_place(plan, job->h, first, k, job->msg[0], sizeof job->msg[0]))
    return fprintf(stderr, "layoutcheck-gpu: %s\n", job->msg[0]), -1;
  *nranges = gpu_split(job->h->start, job->h->n, NULL, 0, gpu_ranges_most(r), job->cut);
  gpu_pool_run(&r->pool, *nranges, own_fill_task, job);
  for (int32_t q = 0; q < *nranges; q++)
    if (job->rc[q]) return fprintf(stderr, "layoutcheck-gpu: %s\n", job->msg[q]), -1;
  return 0;
}

/* The device side of the own path: buffers, events, and each batch of the
** plan in every pass, the host's work on the pool.  0, or -1. */
static int own_batches(gpu_run *r, const gpu_plan_entry *plan, gpu_host_batch *h, int32_t cap_n,
                       gpu_budget cap, gpu_path_result *res) {
  own_buffers d;
  cudaEvent_t t0 = NULL, t1 = NULL;
  int rc = -1;
  int32_t most = gpu_ranges_most(r) + 2;
  own_job job;
  memset(&d, 0, sizeof d);
  memset(&job, 0, sizeof job);
  job.r = r;
  job.h = h;
  job.cut = (int32_t *)gpu_calloc(most, sizeof *job.cut);
  job.found = (gpu_found *)gpu_calloc(most, sizeof *job.found);
  job.rc = (int *)gpu_calloc(most, sizeof *job.rc);
  job.msg = (char(*)[256])gpu_calloc(most, sizeof *job.msg);
  if (!job.cut || !job.found || !job.rc || !job.msg) {
    fprintf(stderr, "layoutcheck-gpu: out of memory\n");
    goto done;
  }
  if (!r->opt.emulate &&
      (own_alloc_all(&d, cap_n, cap) || gpu_cuda_ok(cudaEventCreate(&t0), "cudaEventCreate") ||
       gpu_cuda_ok(cudaEventCreate(&t1), "cudaEventCreate")))
    goto done;
  {
    gpu_budget budget = gpu_budget_for(r->opt.batch_elements);
    int64_t batch_no = 0;
    for (int64_t first = 0; first < r->opt.layouts; batch_no++) {
      int32_t k, nranges;
      gpu_budget used;
      gpu_next_batch(plan, r->opt.layouts, first, budget, &k, &used);
      if (own_fill(&job, plan, first, k, &nranges)) goto done;
      if (!r->opt.emulate && own_upload(h, &d)) goto done;
      for (int64_t p = 0; p < res->passes; p++) {
        float ms = 0;
        double t = gpu_now();
        job.salt = gpu_salt(r->opt.seed, batch_no, p);
        if (r->opt.emulate)
          gpu_pool_run(&r->pool, nranges, own_emulate_task, &job);
        else if (own_device_pass(h, &d, job.salt, r->most, t0, t1, &ms))
          goto done;
        res->kernel_seconds += r->opt.emulate ? gpu_now() - t : ms / 1000.0;
        res->bytes += own_pass_bytes(h);
        gpu_pool_run(&r->pool, nranges, own_check_task, &job);
        gpu_found_merge(r, job.found, nranges, &res->tally);
      }
      first += k;
    }
  }
  rc = 0;
done:
  if (!r->opt.emulate) {
    if (t0) cudaEventDestroy(t0);
    if (t1) cudaEventDestroy(t1);
    own_free(&d);
  }
  for (int32_t q = 0; job.found && q < most; q++) free(job.found[q].one);
  free(job.cut);
  free(job.found);
  free(job.rc);
  free(job.msg);
  return rc;
}

/* See gpu_program.h. */
int gpu_run_own(gpu_run *r, gpu_path_result *res) {
  int64_t per_pass;
  int32_t cap_n;
  gpu_budget cap;
  gpu_host_batch h;
  memset(res, 0, sizeof *res);
  gpu_plan_entry *plan = own_plan(r, &per_pass);
  if (!plan) return -1;
  res->passes = gpu_passes_for(r->opt.min_elements, per_pass);
  gpu_plan_caps(plan, r->opt.layouts, gpu_budget_for(r->opt.batch_elements), &cap_n, &cap);
  if (gpu_host_batch_alloc(&h, cap_n, cap, r->opt.emulate)) {
    free(plan);
    return fprintf(stderr, "layoutcheck-gpu: out of host memory for a batch\n"), -1;
  }
  int64_t before = r->reported;
  r->describe = own_describe;
  r->text_case = -1;
  int rc = own_batches(r, plan, &h, cap_n, cap, res);
  res->reported = r->reported - before;
  gpu_host_batch_free(&h);
  free(plan);
  return rc;
}
