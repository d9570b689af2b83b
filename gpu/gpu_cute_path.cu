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
  return gpu_cuda_ok(
             cudaMemcpy(d->start, b->start, (n + 1) * sizeof(int64_t), cudaMemcpyHostToDevice),
             "copying start") ||
         gpu_cuda_ok(
             cudaMemcpy(d->item, b->item, n * sizeof(gpu_cute_item), cudaMemcpyHostToDevice),
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

/* What planning the CuTe path keeps of each case besides its plan entry:
** its items (0 to GPU_STRIDE_COUNT) and what became of it as a
** composition (GPU_CC_*). */
typedef struct cute_plan_out {
  gpu_plan_entry *plan;
  int8_t *nitems, *compose;
} cute_plan_out;

/* A planning job of the CuTe path: task t makes cases [t * GPU_PLAN_CHUNK,
** ...) into out, counts them into counts[t], their dereferences per pass
** into derefs[t], and the first case it cannot make into failed[t]. */
typedef struct cute_plan_job {
  gpu_run *r;
  cute_plan_out out;
  gpu_cute_counts *counts;
  int64_t *derefs, *failed;
} cute_plan_job;

/* Task t of a cute_plan_job (any thread). */
static void cute_plan_task(void *ctx, int64_t t, int worker) {
  cute_plan_job *job = (cute_plan_job *)ctx;
  int64_t j0 = t * GPU_PLAN_CHUNK, j1 = j0 + GPU_PLAN_CHUNK;
  gpu_case *c = (gpu_case *)malloc(sizeof *c);
  gpu_cute_case *o = (gpu_cute_case *)malloc(sizeof *o);
  (void)worker;
  if (j1 > job->r->opt.layouts) j1 = job->r->opt.layouts;
  memset(&job->counts[t], 0, sizeof job->counts[t]);
  job->derefs[t] = 0;
  job->failed[t] = -1;
  for (int64_t j = j0; j < j1; j++) {
    if (!c || !o || gpu_make_case(&job->r->stage, j, c)) {
      job->failed[t] = j;
      break;
    }
    gpu_cute_make(c, gpu_cute_compose, o);
    gpu_cute_count(&job->counts[t], o);
    job->out.plan[j] = gpu_cute_plan_entry(o, c->kind);
    job->out.nitems[j] = (int8_t)o->nitems;
    job->out.compose[j] = (int8_t)o->compose;
    job->derefs[t] += gpu_derefs(&job->out.plan[j]);
  }
  free(c);
  free(o);
}

/* Add counts x to *n. */
static void cute_counts_add(gpu_cute_counts *n, const gpu_cute_counts *x) {
  n->layouts += x->layouts;
  n->items += x->items;
  n->exact += x->exact;
  n->nearest += x->nearest;
  n->unmapped += x->unmapped;
  n->int_skipped += x->int_skipped;
  n->compose_same += x->compose_same;
  n->compose_differs += x->compose_differs;
  n->compose_refused += x->compose_refused;
  n->compose_unmapped += x->compose_unmapped;
  n->compose_zero_stride += x->compose_zero_stride;
}

/* Print the first CUTE_DIFFERS_SHOWN compositions whose CuTe result
** differs from the oracle's, in case order (made again). */
static void cute_show_first_differs(gpu_run *r, const cute_plan_out *out) {
  gpu_cute_case *o = (gpu_cute_case *)malloc(sizeof *o);
  int shown = 0;
  for (int64_t j = 0; o && j < r->opt.layouts && shown < CUTE_DIFFERS_SHOWN; j++) {
    if (out->compose[j] != GPU_CC_DIFFERS || gpu_make_case(&r->stage, j, r->case_buf)) continue;
    gpu_cute_make(r->case_buf, gpu_cute_compose, o);
    cute_show_differs(r->case_buf, o);
    shown++;
  }
  free(o);
}

/* Free what a plan holds. */
static void cute_plan_free(cute_plan_out *out) {
  free(out->plan);
  free(out->nitems);
  free(out->compose);
  memset(out, 0, sizeof *out);
}

/* Plan the CuTe path on the pool: every case's items, counted into *n.
** 0, or -1 with a message when a case cannot be made or memory runs out
** (out freed). */
static int cute_plan(gpu_run *r, cute_plan_out *out, gpu_cute_counts *n, int64_t *per_pass) {
  int64_t count = r->opt.layouts, tasks = (count + GPU_PLAN_CHUNK - 1) / GPU_PLAN_CHUNK;
  cute_plan_job job;
  int rc = -1;
  memset(n, 0, sizeof *n);
  *per_pass = 0;
  job.r = r;
  job.out.plan = (gpu_plan_entry *)gpu_calloc(count, sizeof *job.out.plan);
  job.out.nitems = (int8_t *)gpu_calloc(count, sizeof *job.out.nitems);
  job.out.compose = (int8_t *)gpu_calloc(count, sizeof *job.out.compose);
  job.counts = (gpu_cute_counts *)gpu_calloc(tasks, sizeof *job.counts);
  job.derefs = (int64_t *)gpu_calloc(tasks, sizeof *job.derefs);
  job.failed = (int64_t *)gpu_calloc(tasks, sizeof *job.failed);
  if (!job.out.plan || !job.out.nitems || !job.out.compose || !job.counts || !job.derefs ||
      !job.failed) {
    fprintf(stderr, "layoutcheck-gpu: out of memory\n");
    goto done;
  }
  gpu_pool_run(&r->pool, tasks, cute_plan_task, &job);
  for (int64_t t = 0; t < tasks; t++) {
    if (job.failed[t] >= 0) {
      fprintf(stderr, "layoutcheck-gpu: case %lld cannot be generated\n", (long long)job.failed[t]);
      goto done;
    }
    cute_counts_add(n, &job.counts[t]);
    *per_pass += job.derefs[t];
  }
  if (!r->opt.quiet) cute_show_first_differs(r, &job.out);
  rc = 0;
done:
  if (rc)
    cute_plan_free(&job.out);
  else
    *out = job.out;
  free(job.counts);
  free(job.derefs);
  free(job.failed);
  return rc;
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

/* A job on one batch of the CuTe path.  Filling: case range q is the
** batch's cases case_cut[q]..case_cut[q+1]-1, case k's items going to item
** number item_at[k] and its expectations to scratch[scratch_at[k]..].
** Passes: item range q is items cut[q]..cut[q+1]-1 (within one group).  A
** task's failure goes to rc[q] and msg[q], a check's findings to found[q]. */
typedef struct cute_job {
  gpu_run *r;
  gpu_cute_batch *b;
  const cute_plan_out *plan;
  int64_t *case_start, *scratch_at;
  int32_t *item_at, *case_cut, *cut;
  uint32_t salt;
  gpu_found *found;
  int *rc;
  char (*msg)[256];
} cute_job;

/* Make the cases of case range q again and write their items and
** expectations where the job says. */
static void cute_fill_task(void *ctx, int64_t q, int worker) {
  cute_job *job = (cute_job *)ctx;
  gpu_case *c = (gpu_case *)malloc(sizeof *c);
  gpu_cute_case *o = (gpu_cute_case *)malloc(sizeof *o);
  (void)worker;
  job->rc[q] = 0;
  if (!c || !o) {
    job->rc[q] = -1;
    snprintf(job->msg[q], sizeof job->msg[q], "out of memory");
  }
  for (int32_t k = job->case_cut[q]; !job->rc[q] && k < job->case_cut[q + 1]; k++) {
    int64_t j = job->b->first + k;
    if (job->plan->nitems[j] == 0) continue;
    if (gpu_make_case(&job->r->stage, j, c)) {
      job->rc[q] = -1;
      snprintf(job->msg[q], sizeof job->msg[q], "case %lld cannot be generated", (long long)j);
      break;
    }
    gpu_cute_make(c, gpu_cute_compose, o);
    if (o->nitems != job->plan->nitems[j] ||
        o->size != job->case_start[k + 1] - job->case_start[k]) {
      job->rc[q] = -1;
      snprintf(job->msg[q], sizeof job->msg[q], "case %lld: made again, it differs from its plan",
               (long long)j);
      break;
    }
    job->rc[q] = gpu_cute_put(job->b, job->item_at[k], job->scratch_at[k], c, o, j, job->msg[q],
                              sizeof job->msg[q]);
  }
  free(c);
  free(o);
}

/* Copy the expectations of item range q into place. */
static void cute_copy_task(void *ctx, int64_t q, int worker) {
  cute_job *job = (cute_job *)ctx;
  (void)worker;
  gpu_cute_copy_range(job->b, job->cut[q], job->cut[q + 1]);
}

/* The host emulation of item range q for one pass (one group's items). */
static void cute_emulate_task(void *ctx, int64_t q, int worker) {
  cute_job *job = (cute_job *)ctx;
  gpu_cute_batch *b = job->b;
  int32_t k0 = job->cut[q], k1 = job->cut[q + 1];
  (void)worker;
  gpu_cute_prepare_range(b, job->salt, k0, k1);
  if (k0 == k1) return;
  gpu_cute_view v = gpu_cute_host_view(b);
  gpu_cute_emulator(b->item[k0].profile, b->item[k0].stride_type)(v, k0, k1, b->start[k0],
                                                                  b->start[k1]);
}

/* The check of item range q for one pass, into found[q]. */
static void cute_check_task(void *ctx, int64_t q, int worker) {
  cute_job *job = (cute_job *)ctx;
  (void)worker;
  gpu_found_clear(&job->found[q], job->r->opt.max_report);
  gpu_cute_check_range(job->b, job->salt, job->cut[q], job->cut[q + 1], &job->found[q].tally,
                       gpu_found_note, &job->found[q]);
}

/* Fill the batch of k cases from first on: place the cases' items from the
** plan, make them on the pool, order the items by group, lay them out and
** split them into ranges (*nranges).  tmp* have room for b->cap_n items.
** 0, or -1 with a message. */
static int cute_fill(cute_job *job, int64_t first, int32_t k, gpu_cute_item *tmp, int64_t *tmp_case,
                     int64_t *tmp_at, int32_t *nranges) {
  gpu_run *r = job->r;
  gpu_cute_batch *b = job->b;
  int32_t items = 0;
  b->first = first;
  b->n = b->ngroups = 0;
  job->case_start[0] = 0;
  for (int32_t i = 0; i < k; i++) {
    int64_t j = first + i, n = job->plan->nitems[j];
    int64_t size = n ? job->plan->plan[j].size / n : 0;
    job->item_at[i] = items;
    job->scratch_at[i] = job->case_start[i];
    job->case_start[i + 1] = job->case_start[i] + size;
    if (items + n > b->cap_n || job->case_start[i + 1] > b->cap.elements)
      return fprintf(stderr, "layoutcheck-gpu: case %lld does not fit the batch\n", (long long)j),
             -1;
    items += (int32_t)n;
  }
  int32_t ncases = gpu_split(job->case_start, k, NULL, 0, gpu_ranges_most(r), job->case_cut);
  gpu_pool_run(&r->pool, ncases, cute_fill_task, job);
  for (int32_t q = 0; q < ncases; q++)
    if (job->rc[q]) return fprintf(stderr, "layoutcheck-gpu: %s\n", job->msg[q]), -1;
  b->n = items;
  gpu_cute_sort(b, tmp, tmp_case, tmp_at);
  if (gpu_cute_place_tables(b))
    return fprintf(stderr, "layoutcheck-gpu: cases %lld.. do not fit the batch\n",
                   (long long)first),
           -1;
  *nranges = gpu_split(b->start, b->n, b->group, b->ngroups, gpu_ranges_most(r), job->cut);
  gpu_pool_run(&r->pool, *nranges, cute_copy_task, job);
  return 0;
}

/* The device side of the CuTe path: buffers, events, and each batch of the
** plan in every pass, the host's work on the pool.  0, or -1. */
static int cute_batches(gpu_run *r, const cute_plan_out *plan, gpu_cute_batch *b, int32_t cap_n,
                        int32_t cap_cases, gpu_budget cap, gpu_path_result *res) {
  cute_buffers d;
  cudaEvent_t t0 = NULL, t1 = NULL;
  int rc = -1;
  int32_t most = gpu_ranges_most(r) + GPU_PROFILE_COUNT * GPU_STRIDE_COUNT + 2;
  cute_job job;
  gpu_cute_item *tmp = (gpu_cute_item *)gpu_calloc(cap_n, sizeof *tmp);
  int64_t *tmp_case = (int64_t *)gpu_calloc(cap_n, sizeof *tmp_case);
  int64_t *tmp_at = (int64_t *)gpu_calloc(cap_n, sizeof *tmp_at);
  memset(&d, 0, sizeof d);
  memset(&job, 0, sizeof job);
  job.r = r;
  job.b = b;
  job.plan = plan;
  job.case_start = (int64_t *)gpu_calloc((int64_t)cap_cases + 1, sizeof *job.case_start);
  job.scratch_at = (int64_t *)gpu_calloc(cap_cases, sizeof *job.scratch_at);
  job.item_at = (int32_t *)gpu_calloc(cap_cases, sizeof *job.item_at);
  job.case_cut = (int32_t *)gpu_calloc(most, sizeof *job.case_cut);
  job.cut = (int32_t *)gpu_calloc(most, sizeof *job.cut);
  job.found = (gpu_found *)gpu_calloc(most, sizeof *job.found);
  job.rc = (int *)gpu_calloc(most, sizeof *job.rc);
  job.msg = (char(*)[256])gpu_calloc(most, sizeof *job.msg);
  if (!tmp || !tmp_case || !tmp_at || !job.case_start || !job.scratch_at || !job.item_at ||
      !job.case_cut || !job.cut || !job.found || !job.rc || !job.msg) {
    fprintf(stderr, "layoutcheck-gpu: out of memory\n");
    goto done;
  }
  if (!r->opt.emulate &&
      (cute_alloc_all(&d, cap_n, cap) || gpu_cuda_ok(cudaEventCreate(&t0), "cudaEventCreate") ||
       gpu_cuda_ok(cudaEventCreate(&t1), "cudaEventCreate")))
    goto done;
  {
    gpu_budget budget = gpu_budget_for(r->opt.batch_elements);
    int64_t batch_no = 0;
    for (int64_t first = 0; first < r->opt.layouts; batch_no++) {
      int32_t k, nranges;
      gpu_budget used;
      gpu_next_batch(plan->plan, r->opt.layouts, first, budget, &k, &used);
      if (cute_fill(&job, first, k, tmp, tmp_case, tmp_at, &nranges)) goto done;
      if (!r->opt.emulate && cute_upload(b, &d)) goto done;
      for (int64_t p = 0; p < res->passes; p++) {
        float ms = 0;
        double t = gpu_now();
        job.salt = gpu_cute_salt(r->opt.seed, batch_no, p);
        if (r->opt.emulate)
          gpu_pool_run(&r->pool, nranges, cute_emulate_task, &job);
        else if (cute_device_pass(b, &d, job.salt, r->most, t0, t1, &ms))
          goto done;
        res->kernel_seconds += r->opt.emulate ? gpu_now() - t : ms / 1000.0;
        res->bytes += cute_pass_bytes(b);
        gpu_pool_run(&r->pool, nranges, cute_check_task, &job);
        gpu_found_merge(r, job.found, nranges, &res->tally);
      }
      first += k;
    }
  }
  rc = 0;
done:
  if (t0) cudaEventDestroy(t0);
  if (t1) cudaEventDestroy(t1);
  if (!r->opt.emulate) cute_free(&d);
  for (int32_t q = 0; job.found && q < most; q++) free(job.found[q].one);
  free(tmp);
  free(tmp_case);
  free(tmp_at);
  free(job.case_start);
  free(job.scratch_at);
  free(job.item_at);
  free(job.case_cut);
  free(job.cut);
  free(job.found);
  free(job.rc);
  free(job.msg);
  return rc;
}

/* See gpu_program.h. */
int gpu_run_cute(gpu_run *r, gpu_path_result *res) {
  int64_t per_pass;
  int32_t cap_n;
  gpu_budget cap;
  gpu_cute_batch b;
  cute_plan_out plan;
  memset(res, 0, sizeof *res);
  if (cute_plan(r, &plan, &res->counts, &per_pass)) return -1;
  res->passes = gpu_passes_for(r->opt.min_elements, per_pass);
  gpu_plan_caps(plan.plan, r->opt.layouts, gpu_budget_for(r->opt.batch_elements), &cap_n, &cap);
  /* a case has up to GPU_STRIDE_COUNT items */
  if (gpu_cute_batch_alloc(&b, cap_n * GPU_STRIDE_COUNT, cap, r->opt.emulate)) {
    cute_plan_free(&plan);
    return fprintf(stderr, "layoutcheck-gpu: out of host memory for a batch\n"), -1;
  }
  int64_t before = r->reported;
  r->describe = cute_describe;
  r->text_case = -1;
  int rc = cute_batches(r, &plan, &b, cap_n * GPU_STRIDE_COUNT, cap_n, cap, res);
  res->reported = r->reported - before;
  gpu_cute_batch_free(&b);
  cute_plan_free(&plan);
  return rc;
}
