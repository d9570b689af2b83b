/*
** layoutcheck_gpu.cu -- bin/layoutcheck-gpu, the GPU stage: a layout is a
** promise about memory (thread i touches address Phi_L(i)); this program
** checks it on a CUDA device against the oracle.
**
**   bin/layoutcheck-gpu [--layouts N] [--seed N] [--device K]
**                       [--min-elements N] [--out FILE] [--require-gpu]
**                       [--batch-elements N] [--max-report N] [--quiet]
**
** It generates N layouts (gpu/gpu_stage.h: flat and nested layouts,
** compositions, divisions and products of generated pairs, complements,
** and layouts whose cosize crosses 2^31), packs them into batches that fit
** a memory budget, and for every index i of every layout has one GPU
** thread (gpu/gpu_layout.h, gpu_element) compute Phi_L(i) in 64-bit and
** 32-bit arithmetic, gather src[Phi_L(i)] from a buffer filled with a known
** pattern, scatter i to dst[Phi_L(i)] with a hit count per address for
** compact layouts, and evaluate Phi_A(Phi_B(i)) for compositions.  The host
** compares every value with the oracle (lo_apply).  With --min-elements the
** batches are run in several passes, each with a fresh pattern, until that
** many elements have been dereferenced (at most MAX_PASSES passes).
**
** Results go to FILE (default gpu_results.txt; format in gpu/gpu_results.h)
** and a summary to stdout (not with --quiet).  Exit status: 0 when
** everything agrees, 1 on a mismatch, 2 on a usage or CUDA error.  Without
** a CUDA device it prints "skipped: no CUDA device" and exits 0 (2 with
** --require-gpu), writing a result file with skipped=1.
**
** Links only the oracle and the generators: no SQLite, no libyaml.
*/
#include "gpu_layout.h"
#include "gpu_results.h"
#include "gpu_stage.h"

#include <cuda_runtime.h>

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* Passes over the batches at most, whatever --min-elements asks. */
#define MAX_PASSES 65536

static const char usage[] =
    "usage: layoutcheck-gpu [--layouts N] [--seed N] [--device K] [--min-elements N]\n"
    "                       [--out FILE] [--require-gpu] [--batch-elements N]\n"
    "                       [--max-report N] [--quiet]\n";

/* The command-line options. */
typedef struct options {
  int64_t layouts, min_elements, batch_elements, max_report;
  uint64_t seed;
  int device, require_gpu, quiet;
  const char *out;
} options;

/* Device copies of one batch's tables and outputs (sized for the largest
** batch of the run). */
typedef struct device_buffers {
  int64_t *start, *cosize, *src_at, *dst_at, *off64, *composed;
  int32_t *flags;
  gpu_layout *layout, *outer, *inner;
  uint32_t *compose_fail, *off32, *gathered, *src, *dst, *hits;
} device_buffers;

/* A growing text buffer for the mismatch lines. */
typedef struct text_buf {
  char *s;
  size_t len, cap;
} text_buf;

/* The state of a run. */
typedef struct run_state {
  options opt;
  gpu_stage_opts stage;
  gpu_tally tally;
  int64_t reported, text_case;
  gpu_case *text_of; /* the case whose text was made last (for reports) */
  text_buf lines;
  int out_of_memory;
} run_state;

/* Seconds on a monotonic clock. */
static double now_seconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* 0 when e is cudaSuccess; else print what failed and return -1. */
static int cuda_ok(cudaError_t e, const char *what) {
  if (e == cudaSuccess) return 0;
  fprintf(stderr, "layoutcheck-gpu: %s: %s (%s)\n", what, cudaGetErrorString(e),
          cudaGetErrorName(e));
  return -1;
}

/* Parse a decimal integer in [lo, hi] for option name; 0, or -1 with a
** message. */
static int parse_int(const char *name, const char *s, int64_t lo, int64_t hi, int64_t *out) {
  char *end;
  errno = 0;
  long long v = strtoll(s, &end, 10);
  if (!*s || *end || errno || v < lo || v > hi) {
    fprintf(stderr, "layoutcheck-gpu: %s: expected an integer in [%lld, %lld], found '%s'\n", name,
            (long long)lo, (long long)hi, s);
    return -1;
  }
  *out = v;
  return 0;
}

/* Parse the options into *o; 0, 1 for --help (usage printed), or 2. */
static int parse_options(int argc, char **argv, options *o) {
  memset(o, 0, sizeof *o);
  o->layouts = 100000;
  o->batch_elements = (int64_t)1 << 24;
  o->max_report = 10000;
  o->seed = 1;
  o->out = "gpu_results.txt";
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    int64_t v;
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      fputs(usage, stdout);
      return 1;
    }
    if (!strcmp(a, "--require-gpu")) {
      o->require_gpu = 1;
      continue;
    }
    if (!strcmp(a, "--quiet")) {
      o->quiet = 1;
      continue;
    }
    if (strcmp(a, "--layouts") && strcmp(a, "--seed") && strcmp(a, "--device") &&
        strcmp(a, "--min-elements") && strcmp(a, "--out") && strcmp(a, "--batch-elements") &&
        strcmp(a, "--max-report")) {
      fprintf(stderr, "layoutcheck-gpu: unknown argument '%s'\n%s", a, usage);
      return 2;
    }
    if (i + 1 >= argc) {
      fprintf(stderr, "layoutcheck-gpu: %s needs a value\n%s", a, usage);
      return 2;
    }
    const char *s = argv[++i];
    if (!strcmp(a, "--out")) {
      if (!*s) return fprintf(stderr, "layoutcheck-gpu: --out: empty file name\n"), 2;
      o->out = s;
    } else if (!strcmp(a, "--seed")) {
      char *end;
      errno = 0;
      unsigned long long x = strtoull(s, &end, 10);
      if (!*s || *end || errno || s[0] == '-')
        return fprintf(stderr, "layoutcheck-gpu: --seed: expected an integer >= 0, found '%s'\n",
                       s),
               2;
      o->seed = x;
    } else if (!strcmp(a, "--layouts")) {
      if (parse_int(a, s, 0, (int64_t)1 << 40, &o->layouts)) return 2;
    } else if (!strcmp(a, "--device")) {
      if (parse_int(a, s, 0, 1 << 20, &v)) return 2;
      o->device = (int)v;
    } else if (!strcmp(a, "--min-elements")) {
      if (parse_int(a, s, 0, INT64_MAX / 2, &o->min_elements)) return 2;
    } else if (!strcmp(a, "--batch-elements")) {
      if (parse_int(a, s, (int64_t)1 << 20, (int64_t)1 << 32, &o->batch_elements)) return 2;
    } else if (parse_int(a, s, 0, INT64_MAX, &o->max_report)) {
      return 2;
    }
  }
  return 0;
}

/* Append one formatted mismatch line to b; -1 when memory runs out. */
static int text_append(text_buf *b, const char *check, int64_t index, int64_t expected, int64_t got,
                       const char *layout) {
  size_t need = strlen(check) + strlen(layout) + 100;
  if (b->len + need > b->cap) {
    size_t cap = b->cap ? 2 * b->cap : 1 << 16;
    while (cap < b->len + need) cap *= 2;
    char *s = (char *)realloc(b->s, cap);
    if (!s) return -1;
    b->s = s;
    b->cap = cap;
  }
  int w = snprintf(b->s + b->len, b->cap - b->len,
                   "mismatch %s %" PRId64 " %" PRId64 " %" PRId64 " %s\n", check, index, expected,
                   got, layout);
  if (w < 0) return -1;
  b->len += (size_t)w;
  return 0;
}

/* gpu_report_fn: keep the first max_report mismatches, with the text of
** their case (made again from the seed). */
static void on_mismatch(void *ud, int64_t case_index, const char *check, int64_t index,
                        int64_t expected, int64_t got) {
  run_state *r = (run_state *)ud;
  if (r->reported >= r->opt.max_report || r->out_of_memory) return;
  if (r->text_case != case_index) {
    if (gpu_make_case(&r->stage, case_index, r->text_of))
      snprintf(r->text_of->text, sizeof r->text_of->text, "(case %lld)", (long long)case_index);
    r->text_case = case_index;
  }
  if (text_append(&r->lines, check, index, expected, got, r->text_of->text)) {
    r->out_of_memory = 1;
    return;
  }
  if (!r->opt.quiet && r->reported < 10)
    printf("MISMATCH %s at %" PRId64 ": expected %" PRId64 ", got %" PRId64 "\n  %s\n", check,
           index, expected, got, r->text_of->text);
  r->reported++;
}

/* Write the result file: the header, then the kept mismatch lines. */
static int write_results(const char *path, const gpu_summary *s, const text_buf *lines) {
  FILE *f = fopen(path, "w");
  if (!f) {
    fprintf(stderr, "layoutcheck-gpu: %s: cannot write: %s\n", path, strerror(errno));
    return -1;
  }
  int bad = gpu_write_header(f, s) != 0 ||
            (lines->len && fwrite(lines->s, 1, lines->len, f) != lines->len);
  if (fclose(f) != 0 || bad) {
    fprintf(stderr, "layoutcheck-gpu: %s: write failed\n", path);
    return -1;
  }
  return 0;
}

/* Allocate n bytes of device memory into *p (NULL for n == 0 is avoided by
** asking for at least 8 bytes). */
static int device_alloc(void **p, size_t n, const char *what) {
  return cuda_ok(cudaMalloc(p, n ? n : 8), what);
}

/* Free the device buffers (safe on a partly allocated set). */
static void device_free(device_buffers *d) {
  void *all[] = {d->start,    d->cosize, d->src_at, d->dst_at, d->off64,        d->composed,
                 d->flags,    d->layout, d->outer,  d->inner,  d->compose_fail, d->off32,
                 d->gathered, d->src,    d->dst,    d->hits};
  for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
    if (all[i]) cudaFree(all[i]);
  memset(d, 0, sizeof *d);
}

/* Allocate device buffers for cap_n layouts and the capacities in cap. */
static int device_alloc_all(device_buffers *d, int32_t cap_n, gpu_budget cap) {
  size_t n = (size_t)cap_n, e = (size_t)cap.elements;
  memset(d, 0, sizeof *d);
  if (device_alloc((void **)&d->start, (n + 1) * sizeof(int64_t), "cudaMalloc start") ||
      device_alloc((void **)&d->cosize, n * sizeof(int64_t), "cudaMalloc cosize") ||
      device_alloc((void **)&d->src_at, n * sizeof(int64_t), "cudaMalloc src_at") ||
      device_alloc((void **)&d->dst_at, n * sizeof(int64_t), "cudaMalloc dst_at") ||
      device_alloc((void **)&d->flags, n * sizeof(int32_t), "cudaMalloc flags") ||
      device_alloc((void **)&d->layout, n * sizeof(gpu_layout), "cudaMalloc layouts") ||
      device_alloc((void **)&d->outer, n * sizeof(gpu_layout), "cudaMalloc outer layouts") ||
      device_alloc((void **)&d->inner, n * sizeof(gpu_layout), "cudaMalloc inner layouts") ||
      device_alloc((void **)&d->compose_fail, n * sizeof(uint32_t), "cudaMalloc compose_fail") ||
      device_alloc((void **)&d->off64, e * sizeof(int64_t), "cudaMalloc off64") ||
      device_alloc((void **)&d->composed, e * sizeof(int64_t), "cudaMalloc composed") ||
      device_alloc((void **)&d->off32, e * sizeof(uint32_t), "cudaMalloc off32") ||
      device_alloc((void **)&d->gathered, e * sizeof(uint32_t), "cudaMalloc gathered") ||
      device_alloc((void **)&d->src, (size_t)cap.src * sizeof(uint32_t), "cudaMalloc src") ||
      device_alloc((void **)&d->dst, (size_t)cap.dst * sizeof(uint32_t), "cudaMalloc dst") ||
      device_alloc((void **)&d->hits, (size_t)cap.dst * sizeof(uint32_t), "cudaMalloc hits")) {
    device_free(d);
    return -1;
  }
  return 0;
}

/* Fill the gather source: src[p] = gpu_pattern(p, salt). */
__global__ void fill_kernel(uint32_t *src, int64_t n, uint32_t salt) {
  int64_t stride = (int64_t)gridDim.x * blockDim.x;
  for (int64_t p = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; p < n; p += stride)
    src[p] = gpu_pattern(p, salt);
}

/* One thread per element (grid-stride): gpu_element. */
__global__ void element_kernel(gpu_batch b) {
  int64_t stride = (int64_t)gridDim.x * blockDim.x;
  for (int64_t g = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; g < b.elements; g += stride)
    gpu_element(&b, g);
}

/* Blocks for n items of 256 threads, at most `most`. */
static unsigned blocks_for(int64_t n, unsigned most) {
  int64_t b = (n + 255) / 256;
  if (b < 1) b = 1;
  return b > (int64_t)most ? most : (unsigned)b;
}

/* Copy the tables of host batch h to the device. */
static int upload_tables(const gpu_host_batch *h, const device_buffers *d) {
  size_t n = (size_t)h->n;
  return cuda_ok(cudaMemcpy(d->start, h->start, (n + 1) * sizeof(int64_t), cudaMemcpyHostToDevice),
                 "copying start") ||
         cuda_ok(cudaMemcpy(d->cosize, h->cosize, n * sizeof(int64_t), cudaMemcpyHostToDevice),
                 "copying cosize") ||
         cuda_ok(cudaMemcpy(d->src_at, h->src_at, n * sizeof(int64_t), cudaMemcpyHostToDevice),
                 "copying src_at") ||
         cuda_ok(cudaMemcpy(d->dst_at, h->dst_at, n * sizeof(int64_t), cudaMemcpyHostToDevice),
                 "copying dst_at") ||
         cuda_ok(cudaMemcpy(d->flags, h->flags, n * sizeof(int32_t), cudaMemcpyHostToDevice),
                 "copying flags") ||
         cuda_ok(cudaMemcpy(d->layout, h->layout, n * sizeof(gpu_layout), cudaMemcpyHostToDevice),
                 "copying layouts") ||
         cuda_ok(cudaMemcpy(d->outer, h->outer, n * sizeof(gpu_layout), cudaMemcpyHostToDevice),
                 "copying outer layouts") ||
         cuda_ok(cudaMemcpy(d->inner, h->inner, n * sizeof(gpu_layout), cudaMemcpyHostToDevice),
                 "copying inner layouts");
}

/* One pass over the batch on the device: fill the source with salt, reset
** the outputs, run the element kernel (timed into *ms), and copy the
** outputs back into h. */
static int device_pass(gpu_host_batch *h, const device_buffers *d, uint32_t salt, unsigned most,
                       cudaEvent_t t0, cudaEvent_t t1, float *ms) {
  size_t e = (size_t)h->used.elements, dn = (size_t)h->used.dst, n = (size_t)h->n;
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
  if (cuda_ok(cudaMemset(d->off64, 0xff, e * sizeof(int64_t)), "resetting off64") ||
      cuda_ok(cudaMemset(d->composed, 0xff, e * sizeof(int64_t)), "resetting composed") ||
      cuda_ok(cudaMemset(d->off32, 0xff, e * sizeof(uint32_t)), "resetting off32") ||
      cuda_ok(cudaMemset(d->gathered, 0xff, e * sizeof(uint32_t)), "resetting gathered") ||
      cuda_ok(cudaMemset(d->dst, 0xff, dn * sizeof(uint32_t)), "resetting dst") ||
      cuda_ok(cudaMemset(d->hits, 0, dn * sizeof(uint32_t)), "resetting hits") ||
      cuda_ok(cudaMemset(d->compose_fail, 0, n * sizeof(uint32_t)), "resetting compose_fail") ||
      cuda_ok(cudaEventRecord(t0), "cudaEventRecord"))
    return -1;
  fill_kernel<<<blocks_for(h->used.src, most), 256>>>(d->src, h->used.src, salt);
  if (cuda_ok(cudaGetLastError(), "launching the fill kernel")) return -1;
  element_kernel<<<blocks_for(h->used.elements, most), 256>>>(v);
  if (cuda_ok(cudaGetLastError(), "launching the element kernel") ||
      cuda_ok(cudaEventRecord(t1), "cudaEventRecord") ||
      cuda_ok(cudaEventSynchronize(t1), "running the kernels") ||
      cuda_ok(cudaEventElapsedTime(ms, t0, t1), "cudaEventElapsedTime"))
    return -1;
  return cuda_ok(cudaMemcpy(h->off64, d->off64, e * sizeof(int64_t), cudaMemcpyDeviceToHost),
                 "copying off64 back") ||
         cuda_ok(cudaMemcpy(h->composed, d->composed, e * sizeof(int64_t), cudaMemcpyDeviceToHost),
                 "copying composed back") ||
         cuda_ok(cudaMemcpy(h->off32, d->off32, e * sizeof(uint32_t), cudaMemcpyDeviceToHost),
                 "copying off32 back") ||
         cuda_ok(cudaMemcpy(h->gathered, d->gathered, e * sizeof(uint32_t), cudaMemcpyDeviceToHost),
                 "copying gathered back") ||
         cuda_ok(cudaMemcpy(h->dst, d->dst, dn * sizeof(uint32_t), cudaMemcpyDeviceToHost),
                 "copying dst back") ||
         cuda_ok(cudaMemcpy(h->hits, d->hits, dn * sizeof(uint32_t), cudaMemcpyDeviceToHost),
                 "copying hits back") ||
         cuda_ok(cudaMemcpy(h->compose_fail, d->compose_fail, n * sizeof(uint32_t),
                            cudaMemcpyDeviceToHost),
                 "copying compose_fail back");
}

/* Bytes one pass over h moves in the kernels: the source fill, the offsets,
** the gathers (read and write), the scatters (value and hit count) and the
** compositions. */
static double pass_bytes(const gpu_host_batch *h) {
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

/* Print "skipped: no CUDA device", write a skipped result file; the exit
** status. */
static int skip_run(const options *o, double t_start) {
  gpu_summary s;
  text_buf none = {NULL, 0, 0};
  memset(&s, 0, sizeof s);
  s.skipped = 1;
  s.seed = o->seed;
  s.seconds = now_seconds() - t_start;
  snprintf(s.device, sizeof s.device, "none");
  printf("skipped: no CUDA device\n");
  fflush(stdout);
  if (write_results(o->out, &s, &none)) return 2;
  return o->require_gpu ? 2 : 0;
}

/* Plan the run: every case's size and flags, the passes needed for
** min_elements, and the largest batch.  0, or -1 with a message. */
static int plan_run(run_state *r, gpu_plan_entry **plan_out, int32_t *cap_n, gpu_budget *cap,
                    int64_t *passes) {
  int64_t n = r->opt.layouts, per_pass = 0;
  gpu_plan_entry *plan = (gpu_plan_entry *)gpu_calloc(n, sizeof *plan);
  if (!plan) return fprintf(stderr, "layoutcheck-gpu: out of memory\n"), -1;
  for (int64_t j = 0; j < n; j++) {
    if (gpu_make_case(&r->stage, j, r->text_of)) {
      fprintf(stderr, "layoutcheck-gpu: case %lld cannot be generated\n", (long long)j);
      free(plan);
      return -1;
    }
    plan[j].size = r->text_of->size;
    plan[j].cosize = r->text_of->cosize;
    plan[j].flags = r->text_of->flags;
    plan[j].kind = r->text_of->kind;
    per_pass += gpu_derefs(&plan[j]);
  }
  r->text_case = -1;
  *passes = 1;
  if (per_pass > 0 && r->opt.min_elements > per_pass)
    *passes = (r->opt.min_elements + per_pass - 1) / per_pass;
  if (*passes > MAX_PASSES) *passes = MAX_PASSES;
  gpu_budget budget = gpu_budget_for(r->opt.batch_elements);
  *cap_n = 1;
  cap->elements = cap->src = cap->dst = 1;
  for (int64_t first = 0; first < n;) {
    int32_t k;
    gpu_budget used;
    gpu_next_batch(plan, n, first, budget, &k, &used);
    if (k > *cap_n) *cap_n = k;
    if (used.elements > cap->elements) cap->elements = used.elements;
    if (used.src > cap->src) cap->src = used.src;
    if (used.dst > cap->dst) cap->dst = used.dst;
    first += k;
  }
  *plan_out = plan;
  return 0;
}

/* Run every batch, every pass; 0, or -1 on a CUDA or host error. */
static int run_batches(run_state *r, const gpu_plan_entry *plan, int32_t cap_n, gpu_budget cap,
                       int64_t passes, unsigned most, double *kernel_s, double *bytes) {
  gpu_host_batch h;
  device_buffers d;
  cudaEvent_t t0, t1;
  char msg[512];
  int rc = -1;
  if (gpu_host_batch_alloc(&h, cap_n, cap, 0))
    return fprintf(stderr, "layoutcheck-gpu: out of host memory for a batch\n"), -1;
  if (device_alloc_all(&d, cap_n, cap)) {
    gpu_host_batch_free(&h);
    return -1;
  }
  if (cuda_ok(cudaEventCreate(&t0), "cudaEventCreate") ||
      cuda_ok(cudaEventCreate(&t1), "cudaEventCreate")) {
    device_free(&d);
    gpu_host_batch_free(&h);
    return -1;
  }
  gpu_budget budget = gpu_budget_for(r->opt.batch_elements);
  int64_t batch_no = 0;
  int progress = isatty(2) && !r->opt.quiet;
  for (int64_t first = 0; first < r->opt.layouts; batch_no++) {
    int32_t k;
    gpu_budget used;
    gpu_next_batch(plan, r->opt.layouts, first, budget, &k, &used);
    if (gpu_batch_fill(&r->stage, &h, first, k, msg, sizeof msg)) {
      fprintf(stderr, "layoutcheck-gpu: %s\n", msg);
      goto done;
    }
    if (upload_tables(&h, &d)) goto done;
    for (int64_t p = 0; p < passes; p++) {
      uint32_t salt = gpu_salt(r->opt.seed, batch_no, p);
      float ms = 0;
      if (device_pass(&h, &d, salt, most, t0, t1, &ms)) goto done;
      *kernel_s += ms / 1000.0;
      *bytes += pass_bytes(&h);
      gpu_batch_check(&h, salt, &r->tally, on_mismatch, r);
    }
    first += k;
    if (progress)
      fprintf(stderr, "\r%lld/%lld layouts, %lld elements, %lld mismatches", (long long)first,
              (long long)r->opt.layouts, (long long)r->tally.elements,
              (long long)r->tally.mismatches);
  }
  if (progress) fputc('\n', stderr);
  rc = 0;
done:
  cudaEventDestroy(t0);
  cudaEventDestroy(t1);
  device_free(&d);
  gpu_host_batch_free(&h);
  return rc;
}

/* The program: options, device, plan, batches, results. */
int main(int argc, char **argv) {
  run_state r;
  memset(&r, 0, sizeof r);
  int rc = parse_options(argc, argv, &r.opt);
  if (rc) return rc == 1 ? 0 : 2;
  double t_start = now_seconds();
  int count = 0;
  cudaError_t e = cudaGetDeviceCount(&count);
  if (e != cudaSuccess || count == 0) {
    if (e != cudaSuccess)
      fprintf(stderr, "layoutcheck-gpu: cudaGetDeviceCount: %s (%s)\n", cudaGetErrorString(e),
              cudaGetErrorName(e));
    return skip_run(&r.opt, t_start);
  }
  if (r.opt.device >= count) {
    fprintf(stderr, "layoutcheck-gpu: --device %d: there %s %d CUDA device%s (0 to %d)\n",
            r.opt.device, count == 1 ? "is" : "are", count, count == 1 ? "" : "s", count - 1);
    return 2;
  }
  cudaDeviceProp prop;
  if (cuda_ok(cudaSetDevice(r.opt.device), "cudaSetDevice") ||
      cuda_ok(cudaGetDeviceProperties(&prop, r.opt.device), "cudaGetDeviceProperties"))
    return 2;
  unsigned most = (unsigned)(prop.multiProcessorCount > 0 ? prop.multiProcessorCount : 1) * 32u;

  gpu_stage_defaults(&r.stage, r.opt.seed);
  r.text_of = (gpu_case *)malloc(sizeof *r.text_of);
  if (!r.text_of) return fprintf(stderr, "layoutcheck-gpu: out of memory\n"), 2;
  r.text_case = -1;
  gpu_plan_entry *plan = NULL;
  int32_t cap_n;
  gpu_budget cap;
  int64_t passes;
  double kernel_s = 0, bytes = 0;
  if (plan_run(&r, &plan, &cap_n, &cap, &passes) ||
      run_batches(&r, plan, cap_n, cap, passes, most, &kernel_s, &bytes)) {
    free(plan);
    free(r.text_of);
    free(r.lines.s);
    return 2;
  }
  free(plan);

  gpu_summary s;
  memset(&s, 0, sizeof s);
  s.layouts = r.opt.layouts;
  s.offsets = r.tally.offsets;
  s.elements = r.tally.elements;
  s.mismatches = r.tally.mismatches;
  s.reported = r.reported;
  s.truncated = r.tally.truncated;
  s.passes = passes;
  s.seed = r.opt.seed;
  s.seconds = now_seconds() - t_start;
  s.gbps = kernel_s > 0 ? bytes / kernel_s / 1e9 : 0;
  snprintf(s.device, sizeof s.device, "%s", prop.name);
  if (r.out_of_memory) fprintf(stderr, "layoutcheck-gpu: out of memory keeping mismatch lines\n");
  int wrote = write_results(r.opt.out, &s, &r.lines);
  if (!r.opt.quiet) {
    printf("device: %s (device %d of %d)\n", prop.name, r.opt.device, count);
    printf("seed: %" PRIu64 "\n", s.seed);
    printf("layouts: %" PRId64 " (passes: %" PRId64 ")\n", s.layouts, s.passes);
    printf("offsets: %" PRId64 " (each in 64-bit and 32-bit arithmetic)\n", s.offsets);
    printf("elements dereferenced: %" PRId64 "\n", s.elements);
    printf("32-bit truncations caught: %" PRId64 "\n", s.truncated);
    printf("mismatches: %" PRId64 "\n", s.mismatches);
    printf("GB/s: %.1f (kernels, %.3f s), seconds: %.1f\n", s.gbps, kernel_s, s.seconds);
    printf("results: %s\n", r.opt.out);
  }
  free(r.text_of);
  free(r.lines.s);
  if (wrote) return 2;
  return s.mismatches ? 1 : 0;
}
