/*
** layoutcheck_bank.cu -- the bank-conflict stage: bin/layoutcheck-bank.
**
**   layoutcheck-bank [--case NAME] [--out FILE] [--require-gpu] [--emulate] [--list]
**
** For each case of gpu/gpu_bank.h (or the one named), the oracle plans its
** accesses; one warp of one block then fills a 1024-byte-aligned
** shared-memory buffer with a known byte pattern, and for each access
** every active lane makes CuTe's tensor over the buffer
** (make_tensor(make_smem_ptr(p), layout) for a plain layout,
** make_tensor(make_smem_ptr(p), composition(Swizzle<B,M,S>{}, offset,
** layout)) for a swizzle of element offsets, and the same with CuTe's
** smem_ptr_flag_bits<bits> for a swizzle of byte addresses, which CuTe
** turns into a swizzled pointer), takes &tensor(x) for its coordinate x
** and loads the access's width (1 to 16 bytes) from there with one
** shared-memory load instruction (ld.shared, so that each access is one
** LDS of that width).  The host compares every offset and every loaded
** byte with the oracle (gpu_bank_check).  Each case is one kernel launch:
** under Nsight Compute (gpu/bank_check.sh) its shared-load wavefronts and
** bank conflicts are the sums of the case's predictions.
**
** --emulate runs the same per-lane code on the host over a host buffer
** (CuTe's tensors compiled for the CPU; the loads are copies), with no
** device.  Without a CUDA device it prints "skipped: no CUDA device" and
** exits 0 (2 with --require-gpu).  --list prints a line per case: its
** name, the eval request that predicts it and the prediction, separated by
** tabs.  Each case prints (and --out writes) a line
**   case NAME accesses=N bytes=B wavefronts=W conflicts=C offsets=K mismatches=M
** (W and C predicted by the oracle, K the offsets compared), then at most
** 10 mismatch lines per case; the last line is "cases N offsets K
** mismatches M".  Exit status: 0 when everything agrees, 1 on a mismatch,
** 2 on an error.
*/
#include "gpu_bank.h"

#include <cute/tensor.hpp>

#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Load width bytes at p into out[0..4) (little endian, the rest 0): one
** ld.shared of that width on the device, a copy on the host. */
GPU_BANK_HD static inline void bank_load(const void *p, int width, uint32_t *out) {
  out[0] = out[1] = out[2] = out[3] = 0;
#ifdef __CUDA_ARCH__
  uint32_t a = (uint32_t)__cvta_generic_to_shared(p);
  switch (width) {
  case 1: asm volatile("ld.shared.u8 %0, [%1];" : "=r"(out[0]) : "r"(a)); break;
  case 2: {
    unsigned short v;
    asm volatile("ld.shared.u16 %0, [%1];" : "=h"(v) : "r"(a));
    out[0] = v;
    break;
  }
  case 4: asm volatile("ld.shared.u32 %0, [%1];" : "=r"(out[0]) : "r"(a)); break;
  case 8:
    asm volatile("ld.shared.v2.u32 {%0,%1}, [%2];" : "=r"(out[0]), "=r"(out[1]) : "r"(a));
    break;
  default:
    asm volatile("ld.shared.v4.u32 {%0,%1,%2,%3}, [%4];"
                 : "=r"(out[0]), "=r"(out[1]), "=r"(out[2]), "=r"(out[3])
                 : "r"(a));
    break;
  }
#else
  memcpy(out, p, (size_t)width);
#endif
}

/* The address of coordinate x through CuTe's tensor over base, for the
** compiled swizzle and kind. */
template <int B, int M, int S, int Kind, class T>
GPU_BANK_HD static T *bank_address(T *base, const gpu_bank_plan *p, int x) {
  using namespace cute;
  auto inner = make_layout(make_shape(p->shape[0], p->shape[1]),
                           make_stride(p->stride[0], p->stride[1]));
  if constexpr (Kind == GPU_BANK_PLAIN) {
    auto t = make_tensor(make_smem_ptr(base), inner);
    return &t(x);
  } else if constexpr (Kind == GPU_BANK_OFFSET) {
    auto t = make_tensor(make_smem_ptr(base), composition(Swizzle<B, M, S>{}, p->offset, inner));
    return &t(x);
  } else {
    auto t = make_tensor(make_smem_ptr(base),
                         composition(Swizzle<B, M, S>{}, smem_ptr_flag_bits<sizeof_bits_v<T>>{},
                                     inner));
    return &t(x);
  }
}

/* Access k of lane t over the buffer smem: the offset through CuTe's
** tensor and the bytes loaded there. */
template <int B, int M, int S, int Kind, class T>
GPU_BANK_HD static void bank_lane(unsigned char *smem, const gpu_bank_plan *p, int k, int t,
                                  gpu_bank_result *r) {
  int x = p->x[k][t];
  if (x < 0) return; /* an inactive lane takes no part in the load */
  T *base = reinterpret_cast<T *>(smem);
  T *at = bank_address<B, M, S, Kind, T>(base, p, x);
  r->offset[k][t] = at - base;
  bank_load(at, p->width, r->data[k][t]);
}

/* The shared-memory buffer's fill, by n threads from thread t. */
GPU_BANK_HD static void bank_fill(unsigned char *smem, int t, int n) {
  for (int w = t; w < GPU_BANK_SMEM_BYTES / 4; w += n)
    reinterpret_cast<uint32_t *>(smem)[w] = gpu_bank_fill_word((uint32_t)w);
}

/* One warp: fill the buffer, then every access of the case in turn. */
template <int B, int M, int S, int Kind, class T>
__global__ void bank_kernel(const gpu_bank_plan *p, gpu_bank_result *r) {
  __shared__ __align__(GPU_BANK_ALIGN) unsigned char smem[GPU_BANK_SMEM_BYTES];
  int t = (int)threadIdx.x;
  if (t == 0) r->misaligned = (int32_t)((uintptr_t)smem % GPU_BANK_ALIGN != 0);
  bank_fill(smem, t, (int)blockDim.x);
  __syncthreads();
  for (int k = 0; k < p->naccess; k++) bank_lane<B, M, S, Kind, T>(smem, p, k, t, r);
}

/* The same on the host, over a host buffer, lane by lane. */
template <int B, int M, int S, int Kind, class T>
static void bank_emulate(const gpu_bank_plan *p, gpu_bank_result *r) {
  alignas(GPU_BANK_ALIGN) static unsigned char smem[GPU_BANK_SMEM_BYTES];
  r->misaligned = (int32_t)((uintptr_t)smem % GPU_BANK_ALIGN != 0);
  bank_fill(smem, 0, 1);
  for (int k = 0; k < p->naccess; k++)
    for (int t = 0; t < LO_WARP_SIZE; t++) bank_lane<B, M, S, Kind, T>(smem, p, k, t, r);
}

/* Launch the case's kernel: one block of one warp. */
template <int B, int M, int S, int Kind, class T>
static void bank_launch(const gpu_bank_plan *p, gpu_bank_result *r) {
  bank_kernel<B, M, S, Kind, T><<<1, LO_WARP_SIZE>>>(p, r);
}

/* Each case's kernel and emulation, in table order. */
typedef struct bank_runner {
  void (*launch)(const gpu_bank_plan *, gpu_bank_result *);
  void (*emulate)(const gpu_bank_plan *, gpu_bank_result *);
} bank_runner;

#define BANK_RUNNER_(name, b, m, s, kind, T, smem, bits, access, vec)                             \
  {bank_launch<b, m, s, kind, T>, bank_emulate<b, m, s, kind, T>},
static const bank_runner runners[] = {GPU_BANK_CASES(BANK_RUNNER_)};
static_assert(sizeof runners / sizeof runners[0] == GPU_BANK_NCASES, "a runner per case");

/* The options. */
typedef struct bank_opt {
  const char *only, *out;
  int require_gpu, emulate, list;
} bank_opt;

/* Print the usage to f. */
static void usage(FILE *f) {
  fprintf(f, "usage: layoutcheck-bank [--case NAME] [--out FILE] [--require-gpu] [--emulate] "
             "[--list]\n");
}

/* Read the options; 0, or 2 after printing what is wrong. */
static int parse_options(int argc, char **argv, bank_opt *o) {
  memset(o, 0, sizeof *o);
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--require-gpu"))
      o->require_gpu = 1;
    else if (!strcmp(a, "--emulate"))
      o->emulate = 1;
    else if (!strcmp(a, "--list"))
      o->list = 1;
    else if ((!strcmp(a, "--case") || !strcmp(a, "--out")) && i + 1 < argc)
      *(a[2] == 'c' ? &o->only : &o->out) = argv[++i];
    else if (!strcmp(a, "--help") || !strcmp(a, "-h"))
      return usage(stdout), exit(0), 0;
    else
      return fprintf(stderr, "layoutcheck-bank: unknown or incomplete option %s\n", a), usage(stderr),
             2;
  }
  return 0;
}

/* 0 when the CUDA call succeeded, else 2 with a message naming what. */
static int cuda_ok(cudaError_t e, const char *what) {
  if (e == cudaSuccess) return 0;
  fprintf(stderr, "layoutcheck-bank: %s: %s\n", what, cudaGetErrorString(e));
  return 2;
}

/* Run case i on the device (or emulated) into r; 0, or 2 on a CUDA error. */
static int run_case(int i, const gpu_bank_plan *p, gpu_bank_result *r, int emulate) {
  memset(r, 0, sizeof *r);
  if (emulate) {
    runners[i].emulate(p, r);
    return 0;
  }
  gpu_bank_plan *dp = NULL;
  gpu_bank_result *dr = NULL;
  int rc = cuda_ok(cudaMalloc(&dp, sizeof *p), "cudaMalloc") ||
           cuda_ok(cudaMalloc(&dr, sizeof *r), "cudaMalloc") ||
           cuda_ok(cudaMemcpy(dp, p, sizeof *p, cudaMemcpyHostToDevice), "cudaMemcpy") ||
           cuda_ok(cudaMemset(dr, 0, sizeof *r), "cudaMemset");
  if (!rc) {
    runners[i].launch(dp, dr);
    rc = cuda_ok(cudaGetLastError(), "kernel launch") ||
         cuda_ok(cudaDeviceSynchronize(), "kernel") ||
         cuda_ok(cudaMemcpy(r, dr, sizeof *r, cudaMemcpyDeviceToHost), "cudaMemcpy");
  }
  cudaFree(dp);
  cudaFree(dr);
  return rc ? 2 : 0;
}

int main(int argc, char **argv) {
  bank_opt o;
  static gpu_bank_plan plan;
  static gpu_bank_result res;
  lo_err err;
  int count = 0;
  if (parse_options(argc, argv, &o)) return 2;
  if (o.only) {
    int found = 0;
    for (int i = 0; i < GPU_BANK_NCASES; i++) found |= !strcmp(gpu_bank_case_at(i)->name, o.only);
    if (!found) return fprintf(stderr, "layoutcheck-bank: no case %s (--list)\n", o.only), 2;
  }
  if (!o.list && !o.emulate) {
    cudaError_t e = cudaGetDeviceCount(&count);
    if (e != cudaSuccess || count == 0) {
      printf("skipped: no CUDA device\n");
      return o.require_gpu ? 2 : 0;
    }
    cudaDeviceProp prop;
    if (cuda_ok(cudaGetDeviceProperties(&prop, 0), "cudaGetDeviceProperties")) return 2;
    printf("device: %s (sm_%d%d)\n", prop.name, prop.major, prop.minor);
  } else if (o.emulate) {
    printf("device: none (host emulation)\n");
  }
  FILE *out = NULL;
  if (o.out && !(out = fopen(o.out, "w")))
    return fprintf(stderr, "layoutcheck-bank: cannot write %s\n", o.out), 2;
  long cases = 0, offsets = 0, mismatches = 0;
  for (int i = 0; i < GPU_BANK_NCASES; i++) {
    const gpu_bank_case *c = gpu_bank_case_at(i);
    if (o.only && strcmp(c->name, o.only)) continue;
    if (gpu_bank_plan_case(c, &plan, &err)) {
      fprintf(stderr, "layoutcheck-bank: case %s: %s\n", c->name, err.msg);
      return 2;
    }
    if (o.list) {
      printf("%s\tbank_conflicts %s %d%s%.0d %s\taccesses=%d bytes=%d wavefronts=%lld "
             "conflicts=%lld\n",
             c->name, c->smem, c->bits, c->vec ? "x" : "", c->vec, c->access, plan.naccess,
             plan.width, (long long)plan.total_wavefronts, (long long)plan.total_conflicts);
      continue;
    }
    if (run_case(i, &plan, &res, o.emulate)) return 2;
    long bad = gpu_bank_check(&plan, &res, c->name, NULL, 0);
    char line[256];
    snprintf(line, sizeof line,
             "case %s accesses=%d bytes=%d wavefronts=%lld conflicts=%lld offsets=%lld "
             "mismatches=%ld\n",
             c->name, plan.naccess, plan.width, (long long)plan.total_wavefronts,
             (long long)plan.total_conflicts, (long long)plan.offsets, bad);
    fputs(line, stdout);
    if (out) fputs(line, out);
    if (bad) {
      gpu_bank_check(&plan, &res, c->name, stdout, 10);
      if (out) gpu_bank_check(&plan, &res, c->name, out, 10);
    }
    cases++;
    offsets += plan.offsets;
    mismatches += bad;
  }
  if (o.list) return 0;
  printf("cases %ld offsets %ld mismatches %ld\n", cases, offsets, mismatches);
  if (out) {
    fprintf(out, "cases %ld offsets %ld mismatches %ld\n", cases, offsets, mismatches);
    if (fclose(out)) return fprintf(stderr, "layoutcheck-bank: cannot write %s\n", o.out), 2;
  }
  return mismatches ? 1 : 0;
}
