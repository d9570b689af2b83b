/*
** gpu_cute_kernels.cu -- the CuTe path's kernels: one instantiation of
** gpu_cute_element (gpu/gpu_cute.cuh) per profile of the table and stride
** type, the tables that launch them (and run them on the host), and the
** check that the profile types spell the table's texts.
*/
#include "gpu_cute.cuh"

#include <cuda_runtime.h>

#include <stdio.h>
#include <utility>

/* One thread per element (grid-stride) over g0..g1-1. */
template <int P, class T>
__global__ void gpu_cute_kernel(gpu_cute_view v, int32_t k0, int32_t k1, int64_t g0, int64_t g1) {
  int64_t stride = (int64_t)gridDim.x * blockDim.x;
  for (int64_t g = g0 + (int64_t)blockIdx.x * blockDim.x + threadIdx.x; g < g1; g += stride)
    gpu_cute_element<P, T>(v, k0, k1, g);
}

/* gpu_cute_launch_fn for profile P and stride type T. */
template <int P, class T>
static void gpu_cute_launch(const gpu_cute_view &v, int32_t k0, int32_t k1, int64_t g0, int64_t g1,
                            unsigned blocks) {
  gpu_cute_kernel<P, T><<<blocks, 256>>>(v, k0, k1, g0, g1);
}

/* gpu_cute_emulate_fn for profile P and stride type T. */
template <int P, class T>
static void gpu_cute_emulate(const gpu_cute_view &v, int32_t k0, int32_t k1, int64_t g0,
                             int64_t g1) {
  for (int64_t g = g0; g < g1; g++) gpu_cute_element<P, T>(v, k0, k1, g);
}

/* The entries of both tables, indexed [profile][stride type]. */
struct gpu_cute_entry {
  gpu_cute_launch_fn launch[GPU_STRIDE_COUNT];
  gpu_cute_emulate_fn emulate[GPU_STRIDE_COUNT];
  void (*text)(std::string &);
};

/* The entry of profile P (int64_t and int strides, in GPU_STRIDE_* order). */
template <int P> static gpu_cute_entry gpu_cute_entry_of() {
  static_assert(GPU_STRIDE_INT64 == 0 && GPU_STRIDE_INT == 1, "stride type order");
  return gpu_cute_entry{{gpu_cute_launch<P, int64_t>, gpu_cute_launch<P, int>},
                        {gpu_cute_emulate<P, int64_t>, gpu_cute_emulate<P, int>},
                        gpu_cute_text<gpu_cute_profile<P, int>>::put};
}

/* Entry p of the table. */
template <size_t... P> static const gpu_cute_entry &gpu_cute_table(int p, std::index_sequence<P...>) {
  static const gpu_cute_entry table[] = {gpu_cute_entry_of<(int)P>()...};
  return table[p];
}

/* Entry p (0 <= p < GPU_PROFILE_COUNT). */
static const gpu_cute_entry &gpu_cute_at(int p) {
  return gpu_cute_table(p, std::make_index_sequence<GPU_PROFILE_COUNT>{});
}

/* See gpu_cute.cuh. */
gpu_cute_launch_fn gpu_cute_launcher(int p, int t) {
  if (p < 0 || p >= GPU_PROFILE_COUNT || t < 0 || t >= GPU_STRIDE_COUNT) return nullptr;
  return gpu_cute_at(p).launch[t];
}

/* See gpu_cute.cuh. */
gpu_cute_emulate_fn gpu_cute_emulator(int p, int t) {
  if (p < 0 || p >= GPU_PROFILE_COUNT || t < 0 || t >= GPU_STRIDE_COUNT) return nullptr;
  return gpu_cute_at(p).emulate[t];
}

/* See gpu_cute.cuh. */
int gpu_cute_profiles_agree(char *msg, size_t cap) {
  for (int p = 0; p < GPU_PROFILE_COUNT; p++) {
    std::string s;
    gpu_cute_at(p).text(s);
    if (s != gpu_profile_text(p)) {
      snprintf(msg, cap, "profile %d: the CuTe type spells %s, the table says %s", p, s.c_str(),
               gpu_profile_text(p));
      return 0;
    }
  }
  return 1;
}
