/*
** gpu_cute.cuh -- the CuTe path's device code: CuTe layouts of the
** instantiated profiles (gpu/gpu_profile.h) built from an item's leaves,
** and the work of one thread, which indexes memory through CuTe's own
** tensor.  CUDA C++17 (nvcc); every function is __host__ __device__, so
** the program's host emulation runs the same code on the CPU.
**
**   gpu_cute_profile<P, L>  the shape type of profile P with leaves of
**                           type L (int for shapes, int or int64_t for
**                           strides)
**   gpu_cute_layout<P, T>   the CuTe layout of an item: int shapes, T
**                           strides, dynamic values from the item's leaves
**   gpu_cute_element<P, T>  one element of a batch: the offset
**                           &tensor(i) - p, the gather tensor(i), and for
**                           compact layouts the scatter and its hit count
*/
#ifndef GPU_CUTE_CUH
#define GPU_CUTE_CUH

#include "gpu_cute_stage.h"
#include "gpu_layout.h"
#include "gpu_profile.h"

#include <cute/layout.hpp>
#include <cute/tensor.hpp>

#include <stdint.h>
#include <string>

/* A list of types (the profile table, as types). */
template <class... T> struct gpu_type_list {};

/* The profile table's types with leaves of type L, in table order; the
** list ends with void (the X-macro leaves a trailing comma). */
template <class L> struct gpu_cute_profiles {
#define GPU_PL                          L
#define GPU_PT(...)                     cute::tuple<__VA_ARGS__>
#define GPU_PROFILE_TYPE_(text, type)   type,
  using list = gpu_type_list<GPU_PROFILE_TABLE(GPU_PROFILE_TYPE_) void>;
#undef GPU_PROFILE_TYPE_
#undef GPU_PT
#undef GPU_PL
};

/* Type number P of a gpu_type_list. */
template <int P, class List> struct gpu_nth;
template <class H, class... T> struct gpu_nth<0, gpu_type_list<H, T...>> {
  using type = H;
};
template <int P, class H, class... T> struct gpu_nth<P, gpu_type_list<H, T...>> {
  using type = typename gpu_nth<P - 1, gpu_type_list<T...>>::type;
};

/* The shape (or stride) type of profile P with leaves of type L. */
template <int P, class L>
using gpu_cute_profile = typename gpu_nth<P, typename gpu_cute_profiles<L>::list>::type;

/* Build a value of profile type X from the leaves v[*pos..], in order. */
template <class X> struct gpu_cute_build {
  CUTE_HOST_DEVICE static X get(const int64_t *v, int *pos) { return X(v[(*pos)++]); }
};
template <class... Ts> struct gpu_cute_build<cute::tuple<Ts...>> {
  /* braced initialisation evaluates the elements left to right */
  CUTE_HOST_DEVICE static cute::tuple<Ts...> get(const int64_t *v, int *pos) {
    return cute::tuple<Ts...>{gpu_cute_build<Ts>::get(v, pos)...};
  }
};

/* The CuTe layout of leaves f with profile P: int shapes, T strides. */
template <int P, class T> CUTE_HOST_DEVICE auto gpu_cute_layout(const gpu_layout &f) {
  int s = 0, d = 0;
  auto shape = gpu_cute_build<gpu_cute_profile<P, int>>::get(f.shape, &s);
  auto stride = gpu_cute_build<gpu_cute_profile<P, T>>::get(f.stride, &d);
  return cute::make_layout(shape, stride);
}

/* The work of one thread: element g of the items k0..k1-1 of view v, which
** all have profile P and stride type T.  The offset is CuTe's: layout(i)
** decides whether the address lies in the item's buffer, and there the
** thread takes &tensor(i) - p and reads tensor(i); a compact layout's
** scatter writes i through the tensor over dst and counts a hit through
** the tensor over hits.  Outside the buffer (or without one) only
** layout(i) is written and nothing is dereferenced. */
template <int P, class T>
CUTE_HOST_DEVICE void gpu_cute_element(const gpu_cute_view &v, int32_t k0, int32_t k1, int64_t g) {
  int32_t k = k0 + gpu_find_layout(v.start + k0, k1 - k0, g);
  const gpu_cute_item &it = v.item[k];
  auto layout = gpu_cute_layout<P, T>(it.layout);
  T i = (T)(g - v.start[k]);
  int64_t o = (int64_t)layout(i);
  int in_range = o >= 0 && o < it.cosize;
  if (it.flags & GPU_GATHER) {
    if (in_range) {
      const uint32_t *p = v.src + it.src_at;
      auto t = cute::make_tensor(cute::make_gmem_ptr(p), layout);
      o = (int64_t)(&t(i) - p);
      v.gathered[g] = t(i);
    } else {
      v.gathered[g] = GPU_OUT_OF_RANGE;
    }
  }
  v.off[g] = o;
  if ((it.flags & GPU_SCATTER) && in_range) {
    auto d = cute::make_tensor(cute::make_gmem_ptr(v.dst + it.dst_at), layout);
    auto h = cute::make_tensor(cute::make_gmem_ptr(v.hits + it.dst_at), layout);
    d(i) = (uint32_t)i;
    GPU_COUNT_HIT(&h(i));
  }
}

/* The profile text (the oracle's tokens) of profile type X, appended to s. */
template <class X> struct gpu_cute_text {
  static void put(std::string &s) { s += '*'; }
};
template <class... Ts> struct gpu_cute_text<cute::tuple<Ts...>> {
  static void put(std::string &s) {
    s += '(';
    (gpu_cute_text<Ts>::put(s), ...);
    s += ')';
  }
};

/* 1 when every profile type of the table spells its text; else 0 with the
** first one that does not in msg. */
int gpu_cute_profiles_agree(char *msg, size_t cap);

/* Launch the kernel of profile P and stride type T on the items k0..k1-1
** of v (elements g0..g1-1), with `blocks` blocks of 256 threads. */
typedef void (*gpu_cute_launch_fn)(const gpu_cute_view &v, int32_t k0, int32_t k1, int64_t g0,
                                   int64_t g1, unsigned blocks);
/* Run the same elements on the host, one after the other. */
typedef void (*gpu_cute_emulate_fn)(const gpu_cute_view &v, int32_t k0, int32_t k1, int64_t g0,
                                    int64_t g1);

/* The launcher and the emulation of profile p and stride type t. */
gpu_cute_launch_fn gpu_cute_launcher(int p, int t);
gpu_cute_emulate_fn gpu_cute_emulator(int p, int t);

/* CuTe's composition(A, B) of dynamic layouts on the host, as a
** gpu_compose_fn: A flattened (CuTe flattens it too), B mapped onto its
** profile; the result's profile and leaves into out.  0; -1 when A has
** no leaves or more than the largest profile, or B has no profile; -2 when
** B has a stride 0 and A more than one leaf (CuTe would divide by it). */
int gpu_cute_compose(const lo_layout *a, const lo_layout *b, lo_layout *out);

#endif /* GPU_CUTE_CUH */
