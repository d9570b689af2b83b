/*
** gpu_program.h -- what the parts of bin/layoutcheck-gpu share: the
** options, the state of a run, the mismatch report, CUDA error handling,
** and the two paths (gpu/gpu_own_path.cu, gpu/gpu_cute_path.cu) called
** by main (gpu/layoutcheck_gpu.cu).  CUDA C++ (host code).
*/
#ifndef GPU_PROGRAM_H
#define GPU_PROGRAM_H

#include "gpu_cute_stage.h"
#include "gpu_pool.h"
#include "gpu_results.h"
#include "gpu_stage.h"

#include <cuda_runtime.h>

#include <stddef.h>
#include <stdint.h>

/* Passes over the batches at most, whatever --min-elements asks. */
#define GPU_MAX_PASSES 65536

/* Which paths a run takes (bits). */
enum { GPU_PATH_OWN = 1, GPU_PATH_CUTE = 2 };

/* The command-line options. */
typedef struct gpu_options {
  int64_t layouts, min_elements, batch_elements, max_report;
  uint64_t seed;
  int device, require_gpu, quiet, emulate, paths, list_profiles;
  int threads; /* host threads: making cases, expectations, checks */
  const char *out;
} gpu_options;

/* A growing text buffer for the mismatch lines. */
typedef struct gpu_text {
  char *s;
  size_t len, cap;
} gpu_text;

/* Cases a planning task makes. */
#define GPU_PLAN_CHUNK 256

/* Ranges per thread a batch is split into (for balance). */
#define GPU_RANGES_PER_THREAD 4

/* The state of a run, shared by both paths.  The pool's tasks read opt and
** stage; the rest belongs to the main thread. */
typedef struct gpu_run {
  gpu_options opt;
  gpu_stage_opts stage;
  gpu_pool pool;
  unsigned most;     /* blocks of a launch at most */
  int64_t reported;  /* mismatch lines kept, both paths */
  int64_t text_case; /* the case whose text is in text, or -1 */
  /* the text of case number j of the current path into text (for reports) */
  void (*describe)(struct gpu_run *r, int64_t j);
  gpu_case *case_buf; /* room for describe */
  char text[GPU_TEXT_LEN + 2 * GPU_LAYOUT_TEXT];
  gpu_text lines;
  int out_of_memory;
} gpu_run;

/* What one path measured. */
typedef struct gpu_path_result {
  gpu_tally tally;
  int64_t passes, reported;
  double kernel_seconds, bytes;
  gpu_cute_counts counts; /* the CuTe path's */
} gpu_path_result;

/* Seconds on a monotonic clock. */
double gpu_now(void);

/* 0 when e is cudaSuccess; else print what failed and return -1. */
int gpu_cuda_ok(cudaError_t e, const char *what);

/* Blocks of 256 threads for n items, at least 1 and at most `most`. */
unsigned gpu_blocks_for(int64_t n, unsigned most);

/* gpu_report_fn: keep the first --max-report mismatches (both paths
** together), with the text of their case (made again from the seed). */
void gpu_on_mismatch(void *ud, int64_t case_index, const char *check, int64_t index,
                     int64_t expected, int64_t got);

/* Add the ranges' findings found[0..n) to *t and report their mismatches
** through gpu_on_mismatch, in range order (main thread). */
void gpu_found_merge(gpu_run *r, gpu_found *found, int32_t n, gpu_tally *t);

/* The most ranges gpu_split makes of a batch for this run, groups aside. */
int32_t gpu_ranges_most(const gpu_run *r);

/* Passes that dereference at least min_elements when one pass dereferences
** per_pass (1 at least, GPU_MAX_PASSES at most). */
int64_t gpu_passes_for(int64_t min_elements, int64_t per_pass);

/* The largest batch of a plan: layouts, elements, source and destination
** elements, over the batches gpu_next_batch makes with budget. */
void gpu_plan_caps(const gpu_plan_entry *plan, int64_t n, gpu_budget budget, int32_t *cap_n,
                   gpu_budget *cap);

/* Launch the kernel that fills a gather source of n elements with the
** pattern of salt (gpu_pattern); 0, or -1 with a message. */
int gpu_launch_fill(uint32_t *src, int64_t n, uint32_t salt, unsigned most);

/* The own path: the stage's own index arithmetic (gpu_element).  0, or -1
** on a CUDA or host error (with a message). */
int gpu_run_own(gpu_run *r, gpu_path_result *res);

/* The CuTe path: CuTe's tensors (gpu_cute_element).  0, or -1. */
int gpu_run_cute(gpu_run *r, gpu_path_result *res);

/* 1 when every profile type compiled in spells its text of the table;
** else 0 with the first one that does not in msg (gpu/gpu_cute_kernels.cu). */
int gpu_cute_profiles_agree(char *msg, size_t cap);

/* The device's copy bandwidth: bytes read and written per second by a
** device-to-device cudaMemcpy (or, emulating, a host memcpy) of up to
** `bytes` bytes, in GB/s; -1 on an error. */
double gpu_copy_gbps(int emulate, size_t bytes);

#endif /* GPU_PROGRAM_H */
