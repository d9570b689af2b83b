/*
** gpu_profile.h -- the nesting profiles for which the CuTe path of the GPU
** stage instantiates its kernels, and the mapping of a generated layout
** onto one of them.  C11 that also compiles as C++17.
**
** CuTe fixes a layout's nesting in its type, so a kernel that dereferences
** through `make_tensor(make_gmem_ptr(p), layout)` exists only for the
** profiles compiled into it (GPU_PROFILE_TABLE, below).  A profile is
** written in the oracle's token notation (lo.h): '(' and ')' for a tuple,
** '*' for a leaf, so "*" is an integral shape, "(*)" a rank-1 tuple and
** "((**)*)" the shape ((a,b),c).
**
** A layout L is mapped onto a profile P of the table as follows; every step
** keeps the layout function i -> Phi_L(i) on [0, size(L)), because the
** function of a layout depends only on its leaves in order:
**
**   exact    P is L's own profile.
**   nearest  L's profile made canonical (tuples without leaves removed,
**            tuples of one element replaced by that element) has the same
**            leaves as P and every tuple of P's canonical form is one of
**            L's (P is L with some parentheses removed); of those, the P
**            with the most tuples, the first in the table on a tie.  A
**            layout without leaves (the empty layout, size 1) becomes the
**            leaf 1:0 of profile "*".  When no profile fits and L has more
**            than GPU_PROFILE_MAX_LEAVES leaves, its leaves of shape 1 are
**            dropped first.
**   none     no profile fits: the layout is skipped and counted.
**
** CuTe cannot index a layout with an empty tuple in its shape (crd2idx has
** no overload for an integer coordinate and tuple<>), so no profile of the
** table holds one.
*/
#ifndef GPU_PROFILE_H
#define GPU_PROFILE_H

#ifdef __cplusplus
extern "C" {
#endif
#include "lo.h"
#ifdef __cplusplus
}
#endif

#include "gpu_layout.h"

#include <string.h>

/* Leaves of the largest profile of the table. */
#define GPU_PROFILE_MAX_LEAVES 8

/* The instantiated profiles: the oracle's token text, then the same
** structure spelled with GPU_PT (a tuple) and GPU_PL (a leaf), which the
** CUDA code (gpu/gpu_cute.cuh) turns into CuTe shape and stride types and
** checks against the text.  Flat ranks 1 to 8, the integral shape, and
** nested profiles: those the generators make most often and those of
** CuTe's compositions of flat layouts. */
#define GPU_PROFILE_TABLE(X)                                                                 \
  X("*", GPU_PL)                                                                             \
  X("(*)", GPU_PT(GPU_PL))                                                                   \
  X("(**)", GPU_PT(GPU_PL, GPU_PL))                                                          \
  X("(***)", GPU_PT(GPU_PL, GPU_PL, GPU_PL))                                                 \
  X("(****)", GPU_PT(GPU_PL, GPU_PL, GPU_PL, GPU_PL))                                        \
  X("(*****)", GPU_PT(GPU_PL, GPU_PL, GPU_PL, GPU_PL, GPU_PL))                               \
  X("(******)", GPU_PT(GPU_PL, GPU_PL, GPU_PL, GPU_PL, GPU_PL, GPU_PL))                      \
  X("(*******)", GPU_PT(GPU_PL, GPU_PL, GPU_PL, GPU_PL, GPU_PL, GPU_PL, GPU_PL))             \
  X("(********)", GPU_PT(GPU_PL, GPU_PL, GPU_PL, GPU_PL, GPU_PL, GPU_PL, GPU_PL, GPU_PL))    \
  X("((**)*)", GPU_PT(GPU_PT(GPU_PL, GPU_PL), GPU_PL))                                       \
  X("(*(**))", GPU_PT(GPU_PL, GPU_PT(GPU_PL, GPU_PL)))                                       \
  X("((**)(**))", GPU_PT(GPU_PT(GPU_PL, GPU_PL), GPU_PT(GPU_PL, GPU_PL)))                    \
  X("((***)*)", GPU_PT(GPU_PT(GPU_PL, GPU_PL, GPU_PL), GPU_PL))                              \
  X("(*(***))", GPU_PT(GPU_PL, GPU_PT(GPU_PL, GPU_PL, GPU_PL)))                              \
  X("((*)*)", GPU_PT(GPU_PT(GPU_PL), GPU_PL))                                                \
  X("(*(*))", GPU_PT(GPU_PL, GPU_PT(GPU_PL)))                                                \
  X("((**))", GPU_PT(GPU_PT(GPU_PL, GPU_PL)))                                                \
  X("((**)**)", GPU_PT(GPU_PT(GPU_PL, GPU_PL), GPU_PL, GPU_PL))                              \
  X("(*(**)*)", GPU_PT(GPU_PL, GPU_PT(GPU_PL, GPU_PL), GPU_PL))                              \
  X("(**(**))", GPU_PT(GPU_PL, GPU_PL, GPU_PT(GPU_PL, GPU_PL)))                              \
  X("(((**)*)*)", GPU_PT(GPU_PT(GPU_PT(GPU_PL, GPU_PL), GPU_PL), GPU_PL))                    \
  X("((***)(***))",                                                                          \
    GPU_PT(GPU_PT(GPU_PL, GPU_PL, GPU_PL), GPU_PT(GPU_PL, GPU_PL, GPU_PL)))                  \
  X("((**)(**)(**))",                                                                        \
    GPU_PT(GPU_PT(GPU_PL, GPU_PL), GPU_PT(GPU_PL, GPU_PL), GPU_PT(GPU_PL, GPU_PL)))

#define GPU_PROFILE_ONE_(text, type) +1
/* Profiles in the table. */
#define GPU_PROFILE_COUNT (0 GPU_PROFILE_TABLE(GPU_PROFILE_ONE_))

/* The text of profile p (0 <= p < GPU_PROFILE_COUNT). */
static inline const char *gpu_profile_text(int p) {
#define GPU_PROFILE_TEXT_(text, type) text,
  static const char *const text[] = {GPU_PROFILE_TABLE(GPU_PROFILE_TEXT_)};
#undef GPU_PROFILE_TEXT_
  return p >= 0 && p < GPU_PROFILE_COUNT ? text[p] : NULL;
}

/* The profile of the table with this exact text, or -1. */
static inline int gpu_profile_find(const char *tok, int ntok) {
  for (int p = 0; p < GPU_PROFILE_COUNT; p++) {
    const char *t = gpu_profile_text(p);
    if ((int)strlen(t) == ntok && memcmp(t, tok, (size_t)ntok) == 0) return p;
  }
  return -1;
}

/* The index just past the sub-profile that starts at tok[i] (a '*' or a
** '('), in a well-formed profile. */
static inline int gpu_profile_end(const char *tok, int ntok, int i) {
  int depth = 0;
  do {
    if (tok[i] == '(') depth++;
    if (tok[i] == ')') depth--;
    i++;
  } while (depth > 0 && i < ntok);
  return i;
}

/* Leaves ('*') of tok[i..j). */
static inline int gpu_profile_leaves(const char *tok, int i, int j) {
  int n = 0;
  for (; i < j; i++) n += tok[i] == '*';
  return n;
}

/* Append the canonical form of the sub-profile at tok[i] to out (which has
** room for ntok + 2 tokens) at *len: tuples without leaves dropped, a
** non-root tuple of one element replaced by it, a root tuple whose one
** element is a tuple replaced by that tuple, a root leaf written "(*)". */
static inline void gpu_profile_canon_at(const char *tok, int ntok, int i, int root, char *out,
                                        int *len) {
  int kept[LO_MAX_TOKENS], n = 0;
  if (tok[i] == '*') {
    if (root) out[(*len)++] = '(';
    out[(*len)++] = '*';
    if (root) out[(*len)++] = ')';
    return;
  }
  for (int j = i + 1; j < ntok && tok[j] != ')'; j = gpu_profile_end(tok, ntok, j))
    if (gpu_profile_leaves(tok, j, gpu_profile_end(tok, ntok, j)) > 0) kept[n++] = j;
  if (n == 1 && (!root || tok[kept[0]] == '(')) {
    gpu_profile_canon_at(tok, ntok, kept[0], root, out, len);
    return;
  }
  out[(*len)++] = '(';
  for (int k = 0; k < n; k++) gpu_profile_canon_at(tok, ntok, kept[k], 0, out, len);
  out[(*len)++] = ')';
}

/* The canonical form of the profile tok[0..ntok) into out (room for
** ntok + 3 characters, NUL-terminated); its length. */
static inline int gpu_profile_canon(const char *tok, int ntok, char *out) {
  int len = 0;
  if (ntok > 0) gpu_profile_canon_at(tok, ntok, 0, 1, out, &len);
  out[len] = '\0';
  return len;
}

/* The tuples of a canonical profile other than the root, each as the
** leaves it spans: [lo[k], hi[k]).  Their number. */
static inline int gpu_profile_tuples(const char *canon, int *lo, int *hi) {
  int open[LO_MAX_DEPTH + 1], depth = 0, leaves = 0, n = 0;
  for (const char *c = canon; *c; c++) {
    if (*c == '*') leaves++;
    if (*c == '(' && depth <= LO_MAX_DEPTH) open[depth++] = leaves;
    if (*c == ')' && depth > 0 && --depth > 0) {
      lo[n] = open[depth];
      hi[n] = leaves;
      n++;
    }
  }
  return n;
}

/* The profile of the table nearest to the canonical profile canon (see
** above): the one with the same leaves whose tuples are all tuples of
** canon, the most of them, the first on a tie; -1 when none fits. */
static inline int gpu_profile_nearest(const char *canon) {
  int lo[LO_MAX_TOKENS], hi[LO_MAX_TOKENS], qlo[LO_MAX_TOKENS], qhi[LO_MAX_TOKENS];
  int n = gpu_profile_tuples(canon, lo, hi), leaves = gpu_profile_leaves(canon, 0, (int)strlen(canon));
  int best = -1, best_tuples = -1;
  for (int p = 0; p < GPU_PROFILE_COUNT; p++) {
    const char *t = gpu_profile_text(p);
    char q[64];
    int qlen = gpu_profile_canon(t, (int)strlen(t), q);
    if (gpu_profile_leaves(q, 0, qlen) != leaves) continue;
    int m = gpu_profile_tuples(q, qlo, qhi), fits = 1;
    for (int a = 0; a < m && fits; a++) {
      fits = 0;
      for (int b = 0; b < n && !fits; b++) fits = qlo[a] == lo[b] && qhi[a] == hi[b];
    }
    if (fits && m > best_tuples) {
      best = p;
      best_tuples = m;
    }
  }
  return best;
}

/* How a layout was mapped onto a profile. */
enum { GPU_MAP_EXACT, GPU_MAP_NEAREST, GPU_MAP_NONE };

/* A layout mapped onto a profile: the profile, how, the leaves of shape 1
** dropped (or -1 for the leaf 1:0 given to the empty layout), and the
** leaves in order (flat.rank of them). */
typedef struct gpu_mapping {
  int profile, how, dropped;
  gpu_layout flat;
} gpu_mapping;

/* The leaves of l into m->flat, without those of shape 1 when drop_units;
** the profile tokens of what is kept into tok (room for LO_MAX_TOKENS + 1),
** their number into *ntok. */
static inline void gpu_profile_keep(const lo_layout *l, int drop_units, gpu_mapping *m, char *tok,
                                    int *ntok) {
  int leaf = 0, n = 0;
  memset(&m->flat, 0, sizeof m->flat);
  m->dropped = 0;
  for (int i = 0; i < l->shape.ntok; i++) {
    if (l->shape.tok[i] != '*') {
      tok[n++] = l->shape.tok[i];
      continue;
    }
    lo_int s = l->shape.leaf[leaf], d = l->stride[leaf];
    leaf++;
    if (drop_units && s == 1) {
      m->dropped++;
      continue;
    }
    tok[n++] = '*';
    if (m->flat.rank < GPU_MAX_RANK) {
      m->flat.shape[m->flat.rank] = s;
      m->flat.stride[m->flat.rank] = d;
    }
    m->flat.rank++;
  }
  tok[n] = '\0';
  *ntok = n;
}

/* Map layout l (not a tiler) onto a profile of the table into *m (see
** above); m->how is GPU_MAP_EXACT, GPU_MAP_NEAREST or GPU_MAP_NONE, which
** is also returned. */
static inline int gpu_profile_map(const lo_layout *l, gpu_mapping *m) {
  char tok[LO_MAX_TOKENS + 1], canon[LO_MAX_TOKENS + 4];
  int ntok;
  memset(m, 0, sizeof *m);
  m->profile = -1;
  m->how = GPU_MAP_NONE;
  for (int drop = 0; drop < 2 && m->how == GPU_MAP_NONE; drop++) {
    gpu_profile_keep(l, drop, m, tok, &ntok);
    if (m->flat.rank > GPU_PROFILE_MAX_LEAVES) continue;
    if (drop == 0 && (m->profile = gpu_profile_find(tok, ntok)) >= 0) {
      m->how = GPU_MAP_EXACT;
    } else if (m->flat.rank == 0) {
      m->profile = gpu_profile_find("*", 1);
      m->flat.rank = 1;
      m->flat.shape[0] = 1;
      m->flat.stride[0] = 0;
      m->dropped = -1;
      m->how = GPU_MAP_NEAREST;
    } else {
      gpu_profile_canon(tok, ntok, canon);
      m->profile = gpu_profile_nearest(canon);
      if (m->profile >= 0) m->how = GPU_MAP_NEAREST;
    }
    if (drop == 0 && m->how == GPU_MAP_NONE && m->flat.rank <= GPU_PROFILE_MAX_LEAVES) break;
  }
  if (m->how == GPU_MAP_NONE) m->profile = -1;
  return m->how;
}

/* The layout of a mapping in the oracle's terms (its profile's tokens and
** its leaves), e.g. to print it; 0, or -1 for an unmapped one. */
static inline int gpu_mapping_layout(const gpu_mapping *m, lo_layout *out) {
  const char *t = gpu_profile_text(m->profile);
  memset(out, 0, sizeof *out);
  if (!t || m->flat.rank > GPU_PROFILE_MAX_LEAVES) return -1;
  out->shape.ntok = (int)strlen(t);
  memcpy(out->shape.tok, t, (size_t)out->shape.ntok);
  out->shape.len = m->flat.rank;
  for (int i = 0; i < m->flat.rank; i++) {
    out->shape.leaf[i] = m->flat.shape[i];
    out->stride[i] = m->flat.stride[i];
  }
  return 0;
}

#endif /* GPU_PROFILE_H */
