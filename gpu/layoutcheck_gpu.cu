/*
** layoutcheck_gpu.cu -- bin/layoutcheck-gpu, the GPU stage: a layout is a
** promise about memory (thread i touches address Phi_L(i)); this program
** checks it on a CUDA device against the oracle, along two paths.
**
**   bin/layoutcheck-gpu [--layouts N] [--seed N] [--device K]
**                       [--min-elements N] [--out FILE] [--require-gpu]
**                       [--path own|cute|both] [--batch-elements N]
**                       [--max-report N] [--quiet] [--emulate]
**                       [--threads N] [--list-profiles]
**
** It generates N layouts (gpu/gpu_stage.h: flat and nested layouts,
** compositions, divisions and products of generated pairs, complements,
** and layouts whose cosize crosses 2^31) and packs them into batches that
** fit a memory budget.
**
**   own   (gpu/gpu_own_path.cu) one thread per index i computes Phi_L(i)
**         with the stage's own arithmetic (gpu/gpu_layout.h) in 64 and 32
**         bits, gathers, scatters compact layouts with hit counts, and
**         evaluates Phi_A(Phi_B(i)) for compositions.
**   cute  (gpu/gpu_cute_path.cu) the same layouts, mapped onto the nesting
**         profiles compiled in (gpu/gpu_profile.h), as CuTe layouts with
**         int64_t and int strides: each thread reads tensor(i) of
**         make_tensor(make_gmem_ptr(p), layout) and writes &tensor(i) - p;
**         compact layouts are scattered through the tensor; compositions
**         are CuTe's composition(A, B), computed on the host.
**
** The host compares every value with the oracle.  The host's work (making
** the cases, the oracle's expectations, the checks and, emulating, the
** element functions) runs on --threads threads (default: the online CPUs,
** gpu/gpu_pool.h), each task on its own cases and the findings merged in
** case order, so that a run reports the same for any number of threads.  With --min-elements each
** path runs its batches in as many passes (each with a fresh pattern) as it
** takes to dereference that many elements (at most GPU_MAX_PASSES).  The
** device's copy bandwidth (a device-to-device cudaMemcpy) is measured in
** the same run, so that each path's GB/s can be read as a fraction of it.
** --emulate runs both paths on the host, with the same element functions,
** and needs no device (for testing; its figures are the CPU's).
**
** Results go to FILE (default gpu_results.txt; format in gpu/gpu_results.h)
** and a summary to stdout (not with --quiet).  Exit status: 0 when
** everything agrees, 1 on a mismatch, 2 on a usage or CUDA error.  Without
** a CUDA device it prints "skipped: no CUDA device" and exits 0 (2 with
** --require-gpu), writing a result file with skipped=1.
**
** Links only the oracle and the generators: no SQLite, no libyaml.
*/
#include "gpu_program.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char usage[] =
    "usage: layoutcheck-gpu [--layouts N] [--seed N] [--device K] [--min-elements N]\n"
    "                       [--out FILE] [--require-gpu] [--path own|cute|both]\n"
    "                       [--batch-elements N] [--max-report N] [--quiet] [--emulate]\n"
    "                       [--threads N] [--list-profiles]\n";

/* See gpu_program.h. */
double gpu_now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* See gpu_program.h. */
int gpu_cuda_ok(cudaError_t e, const char *what) {
  if (e == cudaSuccess) return 0;
  fprintf(stderr, "layoutcheck-gpu: %s: %s (%s)\n", what, cudaGetErrorString(e),
          cudaGetErrorName(e));
  return -1;
}

/* See gpu_program.h. */
unsigned gpu_blocks_for(int64_t n, unsigned most) {
  int64_t b = (n + 255) / 256;
  if (b < 1) b = 1;
  return b > (int64_t)most ? most : (unsigned)b;
}

/* See gpu_program.h. */
int64_t gpu_passes_for(int64_t min_elements, int64_t per_pass) {
  int64_t passes = 1;
  if (per_pass > 0 && min_elements > per_pass) passes = (min_elements + per_pass - 1) / per_pass;
  return passes > GPU_MAX_PASSES ? GPU_MAX_PASSES : passes;
}

/* See gpu_program.h. */
void gpu_plan_caps(const gpu_plan_entry *plan, int64_t n, gpu_budget budget, int32_t *cap_n,
                   gpu_budget *cap) {
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

/* A flag without a value into *o; 1 when a was one. */
static int parse_flag(const char *a, gpu_options *o) {
  int *slot = !strcmp(a, "--require-gpu")     ? &o->require_gpu
              : !strcmp(a, "--quiet")         ? &o->quiet
              : !strcmp(a, "--emulate")       ? &o->emulate
              : !strcmp(a, "--list-profiles") ? &o->list_profiles
                                              : NULL;
  if (slot) *slot = 1;
  return slot != NULL;
}

/* The value s of option a into *o; 0, or 2 with a message. */
static int parse_value(const char *a, const char *s, gpu_options *o) {
  int64_t v;
  if (!strcmp(a, "--out")) {
    if (!*s) return fprintf(stderr, "layoutcheck-gpu: --out: empty file name\n"), 2;
    o->out = s;
  } else if (!strcmp(a, "--path")) {
    o->paths = !strcmp(s, "own")    ? GPU_PATH_OWN
               : !strcmp(s, "cute") ? GPU_PATH_CUTE
               : !strcmp(s, "both") ? GPU_PATH_OWN | GPU_PATH_CUTE
                                    : 0;
    if (!o->paths)
      return fprintf(stderr, "layoutcheck-gpu: --path: expected own, cute or both, found '%s'\n",
                     s),
             2;
  } else if (!strcmp(a, "--seed")) {
    char *end;
    errno = 0;
    unsigned long long x = strtoull(s, &end, 10);
    if (!*s || *end || errno || s[0] == '-')
      return fprintf(stderr, "layoutcheck-gpu: --seed: expected an integer >= 0, found '%s'\n", s),
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
  } else if (!strcmp(a, "--threads")) {
    if (parse_int(a, s, 1, GPU_POOL_MAX + 1, &v)) return 2;
    o->threads = (int)v;
  } else if (!strcmp(a, "--max-report")) {
    if (parse_int(a, s, 0, INT64_MAX, &o->max_report)) return 2;
  } else {
    fprintf(stderr, "layoutcheck-gpu: unknown argument '%s'\n%s", a, usage);
    return 2;
  }
  return 0;
}

/* Parse the options into *o; 0, 1 for --help (usage printed), or 2. */
static int parse_options(int argc, char **argv, gpu_options *o) {
  memset(o, 0, sizeof *o);
  o->layouts = 100000;
  o->batch_elements = (int64_t)1 << 24;
  o->max_report = 10000;
  o->seed = 1;
  o->out = "gpu_results.txt";
  o->paths = GPU_PATH_OWN | GPU_PATH_CUTE;
  o->threads = gpu_online_cpus();
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      fputs(usage, stdout);
      return 1;
    }
    if (parse_flag(a, o)) continue;
    if (strncmp(a, "--", 2) != 0 || i + 1 >= argc) {
      fprintf(stderr, "layoutcheck-gpu: %s '%s'\n%s",
              strncmp(a, "--", 2) ? "unknown argument" : "a value is needed after", a, usage);
      return 2;
    }
    int rc = parse_value(a, argv[++i], o);
    if (rc) return rc;
  }
  return 0;
}

/* Append one formatted mismatch line to b; -1 when memory runs out. */
static int text_append(gpu_text *b, const char *check, int64_t index, int64_t expected, int64_t got,
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

/* See gpu_program.h. */
void gpu_on_mismatch(void *ud, int64_t case_index, const char *check, int64_t index,
                     int64_t expected, int64_t got) {
  gpu_run *r = (gpu_run *)ud;
  if (r->reported >= r->opt.max_report || r->out_of_memory) return;
  if (r->text_case != case_index) {
    r->describe(r, case_index);
    r->text_case = case_index;
  }
  if (text_append(&r->lines, check, index, expected, got, r->text)) {
    r->out_of_memory = 1;
    return;
  }
  if (!r->opt.quiet && r->reported < 10)
    printf("MISMATCH %s at %" PRId64 ": expected %" PRId64 ", got %" PRId64 "\n  %s\n", check,
           index, expected, got, r->text);
  r->reported++;
}

/* See gpu_program.h. */
void gpu_found_merge(gpu_run *r, gpu_found *found, int32_t n, gpu_tally *t) {
  for (int32_t q = 0; q < n; q++) {
    if (found[q].out_of_memory) r->out_of_memory = 1;
    gpu_found_replay(&found[q], t, gpu_on_mismatch, r);
  }
}

/* See gpu_program.h. */
int32_t gpu_ranges_most(const gpu_run *r) {
  return (int32_t)r->opt.threads * GPU_RANGES_PER_THREAD;
}

/* Write the result file: the header, the path lines, the mismatch lines. */
static int write_results(const char *path, const gpu_summary *s, const gpu_text *lines) {
  FILE *f = fopen(path, "w");
  if (!f) {
    fprintf(stderr, "layoutcheck-gpu: %s: cannot write: %s\n", path, strerror(errno));
    return -1;
  }
  int bad = gpu_write_header(f, s) != 0;
  for (int k = 0; k < s->npaths && !bad; k++) bad = gpu_write_path(f, &s->path[k]) != 0;
  if (!bad && lines->len) bad = fwrite(lines->s, 1, lines->len, f) != lines->len;
  if (fclose(f) != 0 || bad) {
    fprintf(stderr, "layoutcheck-gpu: %s: write failed\n", path);
    return -1;
  }
  return 0;
}

/* Print "skipped: no CUDA device", write a skipped result file; the exit
** status. */
static int skip_run(const gpu_options *o, double t_start) {
  gpu_summary s;
  gpu_text none = {NULL, 0, 0};
  memset(&s, 0, sizeof s);
  s.skipped = 1;
  s.seed = o->seed;
  s.seconds = gpu_now() - t_start;
  snprintf(s.device, sizeof s.device, "none");
  printf("skipped: no CUDA device\n");
  fflush(stdout);
  if (write_results(o->out, &s, &none)) return 2;
  return o->require_gpu ? 2 : 0;
}

/* The profiles compiled in, one a line, and whether their CuTe types agree
** with the table; the exit status. */
static int list_profiles(void) {
  char msg[256];
  for (int p = 0; p < GPU_PROFILE_COUNT; p++) printf("%s\n", gpu_profile_text(p));
  if (!gpu_cute_profiles_agree(msg, sizeof msg))
    return fprintf(stderr, "layoutcheck-gpu: %s\n", msg), 2;
  return 0;
}

/* The device (set, its name into name), or -1 to skip the run, or -2 on an
** error (with a message). */
static int open_device(gpu_run *r, char *name, size_t cap, int *count) {
  cudaError_t e = cudaGetDeviceCount(count);
  if (e != cudaSuccess || *count == 0) {
    if (e != cudaSuccess)
      fprintf(stderr, "layoutcheck-gpu: cudaGetDeviceCount: %s (%s)\n", cudaGetErrorString(e),
              cudaGetErrorName(e));
    return -1;
  }
  if (r->opt.device >= *count) {
    fprintf(stderr, "layoutcheck-gpu: --device %d: there %s %d CUDA device%s (0 to %d)\n",
            r->opt.device, *count == 1 ? "is" : "are", *count, *count == 1 ? "" : "s", *count - 1);
    return -2;
  }
  cudaDeviceProp prop;
  if (gpu_cuda_ok(cudaSetDevice(r->opt.device), "cudaSetDevice") ||
      gpu_cuda_ok(cudaGetDeviceProperties(&prop, r->opt.device), "cudaGetDeviceProperties"))
    return -2;
  r->most = (unsigned)(prop.multiProcessorCount > 0 ? prop.multiProcessorCount : 1) * 32u;
  snprintf(name, cap, "%s", prop.name);
  return 0;
}

/* The path line of one path's result. */
static void path_summary(gpu_path_summary *p, const char *name, const gpu_run *r,
                         const gpu_path_result *x) {
  memset(p, 0, sizeof *p);
  snprintf(p->name, sizeof p->name, "%s", name);
  p->layouts = r->opt.layouts;
  p->offsets = x->tally.offsets;
  p->elements = x->tally.elements;
  p->mismatches = x->tally.mismatches;
  p->reported = x->reported;
  p->passes = x->passes;
  p->bytes = (int64_t)x->bytes;
  p->kernel_seconds = x->kernel_seconds;
  p->gbps = x->kernel_seconds > 0 ? x->bytes / x->kernel_seconds / 1e9 : 0;
  p->truncated = x->tally.truncated;
  const gpu_cute_counts *n = &x->counts;
  p->items = n->items;
  p->exact = n->exact;
  p->nearest = n->nearest;
  p->unmapped = n->unmapped;
  p->int_skipped = n->int_skipped;
  p->compose_same = n->compose_same;
  p->compose_differs = n->compose_differs;
  p->compose_refused = n->compose_refused;
  p->compose_unmapped = n->compose_unmapped;
  p->compose_zero_stride = n->compose_zero_stride;
}

/* Add a path's line to the summary and its counts to the header's. */
static void add_path(gpu_summary *s, const gpu_path_summary *p, double *bytes, double *kernel_s) {
  s->path[s->npaths++] = *p;
  s->offsets += p->offsets;
  s->elements += p->elements;
  s->mismatches += p->mismatches;
  s->reported += p->reported;
  s->passes += p->passes;
  if (strcmp(p->name, "own") == 0) s->truncated = p->truncated;
  *bytes += (double)p->bytes;
  *kernel_s += p->kernel_seconds;
}

/* Print the summary of a run. */
static void print_summary(const gpu_summary *s, const gpu_options *o, int count) {
  if (o->emulate)
    printf("device: %s (no device used: both paths ran on the host)\n", s->device);
  else
    printf("device: %s (device %d of %d)\n", s->device, o->device, count);
  printf("seed: %" PRIu64 "\nlayouts: %" PRId64 "\nhost threads: %d\n", s->seed, s->layouts,
         o->threads);
  printf("copy GB/s: %.1f (%s, bytes read + written)\n", s->copy_gbps,
         o->emulate ? "host memcpy" : "cudaMemcpy device to device");
  for (int k = 0; k < s->npaths; k++) {
    const gpu_path_summary *p = &s->path[k];
    int cute = strcmp(p->name, "cute") == 0;
    printf("%s path (%s):\n", p->name, cute ? "CuTe tensors" : "the stage's own arithmetic");
    if (cute)
      printf("  profiles: %" PRId64 " exact, %" PRId64 " nearest, %" PRId64 " none (skipped); "
             "items %" PRId64 " (int strides skipped for %" PRId64 ")\n"
             "  compositions: %" PRId64 " dereferenced, skipped: %" PRId64 " where CuTe's A o B "
             "differs from the oracle's, %" PRId64 " refused by the oracle, %" PRId64
             " without a profile, %" PRId64 " where B has a stride 0 (CuTe divides by it)\n",
             p->exact, p->nearest, p->unmapped, p->items, p->int_skipped, p->compose_same,
             p->compose_differs, p->compose_refused, p->compose_unmapped, p->compose_zero_stride);
    printf("  passes %" PRId64 ", offsets %" PRId64 ", elements dereferenced %" PRId64
           ", mismatches %" PRId64 "\n",
           p->passes, p->offsets, p->elements, p->mismatches);
    if (!cute) printf("  32-bit truncations caught: %" PRId64 "\n", p->truncated);
    printf("  GB/s: %.1f (kernels %.3f s), %.3f of the copy bandwidth\n", p->gbps,
           p->kernel_seconds, s->copy_gbps > 0 ? p->gbps / s->copy_gbps : 0.0);
  }
  printf("elements dereferenced: %" PRId64 "\nmismatches: %" PRId64 "\n", s->elements,
         s->mismatches);
  printf("seconds: %.1f\nresults: %s\n", s->seconds, o->out);
}

/* Run the paths the options ask for into s; 0, or -1 on an error. */
static int run_paths(gpu_run *r, gpu_summary *s) {
  double bytes = 0, kernel_s = 0;
  gpu_path_summary p;
  if (r->opt.paths & GPU_PATH_OWN) {
    gpu_path_result x;
    if (gpu_run_own(r, &x)) return -1;
    path_summary(&p, "own", r, &x);
    add_path(s, &p, &bytes, &kernel_s);
  }
  if (r->opt.paths & GPU_PATH_CUTE) {
    gpu_path_result x;
    if (gpu_run_cute(r, &x)) return -1;
    path_summary(&p, "cute", r, &x);
    add_path(s, &p, &bytes, &kernel_s);
  }
  s->gbps = kernel_s > 0 ? bytes / kernel_s / 1e9 : 0;
  return 0;
}

/* The program: options, device, copy bandwidth, paths, results. */
int main(int argc, char **argv) {
  static gpu_run r;
  int rc = parse_options(argc, argv, &r.opt), count = 0;
  if (rc) return rc == 1 ? 0 : 2;
  if (r.opt.list_profiles) return list_profiles();
  char msg[256];
  if (!gpu_cute_profiles_agree(msg, sizeof msg))
    return fprintf(stderr, "layoutcheck-gpu: build error: %s\n", msg), 2;
  double t_start = gpu_now();
  gpu_summary s;
  memset(&s, 0, sizeof s);
  r.most = 1024;
  if (r.opt.emulate) {
    snprintf(s.device, sizeof s.device, "host emulation");
  } else {
    rc = open_device(&r, s.device, sizeof s.device, &count);
    if (rc == -1) return skip_run(&r.opt, t_start);
    if (rc < 0) return 2;
  }
  s.copy_gbps = gpu_copy_gbps(r.opt.emulate, r.opt.emulate ? (size_t)1 << 26 : (size_t)1 << 30);
  if (s.copy_gbps < 0) return 2;
  gpu_stage_defaults(&r.stage, r.opt.seed);
  r.case_buf = (gpu_case *)malloc(sizeof *r.case_buf);
  if (!r.case_buf) return fprintf(stderr, "layoutcheck-gpu: out of memory\n"), 2;
  if (gpu_pool_start(&r.pool, r.opt.threads)) {
    free(r.case_buf);
    return fprintf(stderr, "layoutcheck-gpu: cannot start %d host threads\n", r.opt.threads), 2;
  }
  s.layouts = r.opt.layouts;
  s.seed = r.opt.seed;
  rc = run_paths(&r, &s);
  gpu_pool_stop(&r.pool);
  free(r.case_buf);
  if (rc) {
    free(r.lines.s);
    return 2;
  }
  s.seconds = gpu_now() - t_start;
  if (r.out_of_memory) fprintf(stderr, "layoutcheck-gpu: out of memory keeping mismatch lines\n");
  int wrote = write_results(r.opt.out, &s, &r.lines);
  if (!r.opt.quiet) print_summary(&s, &r.opt, count);
  free(r.lines.s);
  if (wrote) return 2;
  return s.mismatches ? 1 : 0;
}
