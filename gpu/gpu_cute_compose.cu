/*
** gpu_cute_compose.cu -- CuTe's composition(A, B) of dynamic layouts,
** computed on the host with CuTe's own code, for the CuTe path's
** compositions: the result goes back to the oracle (gpu_cute_stage.h),
** which compares it with its A o B before the device dereferences it.
**
** CuTe flattens A before composing (detail::coalesce_x cannot merge
** dynamic modes), so A is given flat: its profile is the flat one of its
** rank, 1 to GPU_PROFILE_MAX_LEAVES.  B keeps its profile, mapped onto the
** table (gpu/gpu_profile.h); the result's profile follows B's.  Strides
** are int64_t, shapes int.  A stride 0 in B is not given to CuTe when A
** has more than one mode: its composition of dynamic layouts divides by
** it (SIGFPE on the host), as composition((4,5):(1,4), 3:0) with dynamic
** integers shows; with a static _0 stride it takes a shortcut instead.
*/
#include "gpu_cute.cuh"

#include <string.h>
#include <type_traits>
#include <utility>

/* Append the leaves of a CuTe shape or stride x (static or dynamic
** integers, nested tuples) to tok and leaf; 0, or -1 past the oracle's
** limits. */
template <class X> struct gpu_cute_flat {
  static int put(const X &x, char *tok, int *ntok, lo_int *leaf, int *nleaf) {
    if (*ntok >= LO_MAX_TOKENS || *nleaf >= LO_MAX_LEAVES) return -1;
    tok[(*ntok)++] = '*';
    leaf[(*nleaf)++] = (lo_int)x;
    return 0;
  }
};
template <class... Ts> struct gpu_cute_flat<cute::tuple<Ts...>> {
  static int put(const cute::tuple<Ts...> &x, char *tok, int *ntok, lo_int *leaf, int *nleaf) {
    int rc = 0;
    if (*ntok >= LO_MAX_TOKENS) return -1;
    tok[(*ntok)++] = '(';
    cute::for_each(x, [&](auto const &e) {
      if (rc == 0) rc = gpu_cute_flat<std::decay_t<decltype(e)>>::put(e, tok, ntok, leaf, nleaf);
    });
    if (rc != 0 || *ntok >= LO_MAX_TOKENS) return -1;
    tok[(*ntok)++] = ')';
    return 0;
  }
};

/* A layout of CuTe into the oracle's terms; 0, or -1 past its limits. */
template <class Layout> static int gpu_cute_to_lo(const Layout &r, lo_layout *out) {
  char tok[LO_MAX_TOKENS];
  int ntok = 0, n = 0, nstride = 0, ntok_stride = 0;
  memset(out, 0, sizeof *out);
  using S = std::decay_t<decltype(r.shape())>;
  using D = std::decay_t<decltype(r.stride())>;
  if (gpu_cute_flat<S>::put(r.shape(), out->shape.tok, &ntok, out->shape.leaf, &n) != 0 ||
      gpu_cute_flat<D>::put(r.stride(), tok, &ntok_stride, out->stride, &nstride) != 0 ||
      n != nstride || ntok != ntok_stride)
    return -1;
  out->shape.ntok = ntok;
  out->shape.len = n;
  return 0;
}

/* composition(A, B) with A of flat profile PA and B of profile PB. */
template <int PA, int PB>
static int gpu_cute_compose_at(const gpu_layout &a, const gpu_layout &b, lo_layout *out) {
  auto r = cute::composition(gpu_cute_layout<PA, int64_t>(a), gpu_cute_layout<PB, int64_t>(b));
  return gpu_cute_to_lo(r, out);
}

typedef int (*gpu_cute_compose_fn)(const gpu_layout &, const gpu_layout &, lo_layout *);

/* The row of A's profile PA: one function per profile of B. */
template <int PA, size_t... PB> static const gpu_cute_compose_fn *gpu_cute_row(std::index_sequence<PB...>) {
  static const gpu_cute_compose_fn row[] = {gpu_cute_compose_at<PA, (int)PB>...};
  return row;
}

/* The function for A's profile pa (0 <= pa <= GPU_PROFILE_MAX_LEAVES: the
** flat profiles come first in the table) and B's profile pb. */
template <size_t... PA>
static gpu_cute_compose_fn gpu_cute_pick(int pa, int pb, std::index_sequence<PA...>) {
  static const gpu_cute_compose_fn *rows[] = {
      gpu_cute_row<(int)PA>(std::make_index_sequence<GPU_PROFILE_COUNT>{})...};
  return rows[pa][pb];
}

/* See gpu_cute.cuh. */
int gpu_cute_compose(const lo_layout *a, const lo_layout *b, lo_layout *out) {
  gpu_mapping ma, mb;
  char tok[LO_MAX_TOKENS + 1], flat[GPU_PROFILE_MAX_LEAVES + 3];
  int ntok, len = 0;
  gpu_profile_keep(a, 0, &ma, tok, &ntok);
  if (ma.flat.rank > GPU_PROFILE_MAX_LEAVES) gpu_profile_keep(a, 1, &ma, tok, &ntok);
  if (ma.flat.rank < 1 || ma.flat.rank > GPU_PROFILE_MAX_LEAVES) return -1;
  if (ma.flat.rank > 1) flat[len++] = '(';
  for (int k = 0; k < ma.flat.rank; k++) flat[len++] = '*';
  if (ma.flat.rank > 1) flat[len++] = ')';
  int pa = gpu_profile_find(flat, len);
  if (pa < 0 || pa > GPU_PROFILE_MAX_LEAVES || gpu_profile_map(b, &mb) == GPU_MAP_NONE) return -1;
  /* composition_impl folds over A's modes with ceil_div(shape, stride of
  ** B): a dynamic stride 0 of B divides by zero (a static one is taken
  ** apart before), unless A has one mode */
  for (int k = 0; k < mb.flat.rank && ma.flat.rank > 1; k++)
    if (mb.flat.stride[k] == 0) return -2;
  return gpu_cute_pick(pa, mb.profile, std::make_index_sequence<GPU_PROFILE_MAX_LEAVES + 1>{})(
      ma.flat, mb.flat, out);
}
