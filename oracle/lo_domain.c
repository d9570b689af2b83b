/*
** lo_domain.c -- the analysis ops of C. Cecka's whitepaper (arXiv:2603.02298)
** as PyCuTe documents them: the nullspace of a layout, the greatest common
** domain of two shapes, and the sum of two layouts of one size.
**
** Strides are non-negative here (the parser takes no sign), so a layout
** maps a coordinate to 0 exactly when the coordinate is 0 on every entry
** of non-zero stride: the nullspace is spanned by the stride-0 entries.
*/
#include "lo_internal.h"

#include <assert.h>

/* nullspace(L): the stride-0 flat entries of L, each with the stride of
** L's compact column-major layout at that entry (the product of the
** shape entries before it), unwrapped; 1:0 when there are none. */
int lo_nullspace(const lo_layout *l, lo_layout *out, lo_err *err) {
  lo_mode m[LO_MAX_LEAVES], r[LO_MAX_LEAVES];
  int n = lo_modes_of(l, m), nr = 0;
  lo_int w = 1; /* the prefix product of the shape before entry i */
  if (l->is_tiler) return lo_fail(err, LO_EUNDEF, "nullspace takes a layout, not a tiler");
  for (int i = 0; i < n; i++) {
    if (m[i].d == 0) {
      r[nr].s = m[i].s;
      r[nr].d = w;
      nr++;
    }
    /* the product past the last stride-0 entry is never used */
    if (i + 1 < n && lo_mul(w, m[i].s, &w, "nullspace stride", err)) return err->code;
  }
  lo_layout_from_modes(out, r, nr);
  return LO_OK;
}

/* The least common multiple of x, y >= 1, or LO_EOVERFLOW. */
static int lcm_of(lo_int x, lo_int y, lo_int *out, lo_err *err) {
  assert(x >= 1 && y >= 1);
  return lo_mul(x / lo_gcd(x, y), y, out, "greatest_common_domain offset", err);
}

/* greatest_common_domain(A, B) over the flattened shapes a[0..na) and
** b[0..nb) (copied: the walk divides them down).  Each shape splits an
** index colexicographically; the walk keeps, for each shape, how far its
** current entry has been consumed (pa, pb: the offset where what is left
** of the entry starts) and what is left of it (a[i], b[j]).  At each step,
** entries of size 1 skipped, the first offset both may reach is q =
** lcm(pa, pb); if both current entries reach q (q/pa divides a[i], q/pb
** divides b[j]), the factor both then share is g = gcd(a[i]/(q/pa),
** b[j]/(q/pb)); when g > 1 the mode g:q is recorded and both entries are
** consumed up to q g.  Otherwise the entry that ends first moves on (both
** when they end together, or when neither end divides the other).  The
** result is always a tuple, (1):(0) when nothing is shared. */
static int gcd_walk(lo_int *a, int na, lo_int *b, int nb, lo_layout *out, lo_err *err) {
  lo_mode r[LO_MAX_LEAVES];
  int nr = 0, i = 0, j = 0;
  lo_int pa = 1, pb = 1;
  while (i < na && j < nb) {
    if (a[i] == 1) {
      i++;
      continue;
    }
    if (b[j] == 1) {
      j++;
      continue;
    }
    lo_int q, ra, rb;
    if (lcm_of(pa, pb, &q, err)) return err->code;
    ra = q / pa;
    rb = q / pb;
    if (a[i] % ra == 0 && b[j] % rb == 0) {
      lo_int g = lo_gcd(a[i] / ra, b[j] / rb);
      if (g != 1) {
        /* the recorded factors are > 1 and multiply to a divisor of
        ** size(A) < 2^63: at most 62 of them */
        assert(nr < LO_MAX_LEAVES);
        r[nr].s = g;
        r[nr].d = q;
        nr++;
        a[i] /= ra * g;
        b[j] /= rb * g;
        pa = pb = q * g; /* q g divides size(A), which fits */
        continue;
      }
    }
    lo_int ea, eb; /* where the rest of each entry ends: within the size */
    if (lo_mul(pa, a[i], &ea, "greatest_common_domain offset", err) ||
        lo_mul(pb, b[j], &eb, "greatest_common_domain offset", err))
      return err->code;
    int a_first = eb % ea == 0, b_first = ea % eb == 0;
    if (a_first || !b_first) {
      pa = ea;
      i++;
    }
    if (b_first || !a_first) {
      pb = eb;
      j++;
    }
  }
  if (nr == 0) {
    r[0].s = 1;
    r[0].d = 0;
    nr = 1;
  }
  lo_layout_flat_modes(out, r, nr);
  return LO_OK;
}

/* greatest_common_domain of the shapes a and b (see lo.h). */
int lo_greatest_common_domain(const lo_tuple *a, const lo_tuple *b, lo_layout *out, lo_err *err) {
  lo_int fa[LO_MAX_LEAVES], fb[LO_MAX_LEAVES], sa, sb;
  if (lo_tuple_size(a, &sa, err) || lo_tuple_size(b, &sb, err)) return err->code;
  for (int i = 0; i < a->len; i++) {
    if (a->leaf[i] < 1)
      return lo_fail(err, LO_EUNDEF, "greatest_common_domain: shape entries must be positive");
    fa[i] = a->leaf[i];
  }
  for (int i = 0; i < b->len; i++) {
    if (b->leaf[i] < 1)
      return lo_fail(err, LO_EUNDEF, "greatest_common_domain: shape entries must be positive");
    fb[i] = b->leaf[i];
  }
  return gcd_walk(fa, a->len, fb, b->len, out, err);
}

/* layout_add(A, B): see lo.h.  With G = greatest_common_domain of the
** coalesced A and B covering the whole size, every index is sum c_k g_k
** over G's modes g_k:s_k, and each mode lies inside one entry of each
** coalesced layout, where that layout is linear: so A + B has the shape
** of G and the strides A(g_k) + B(g_k), coalesced. */
int lo_layout_add(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err) {
  lo_layout ca, cb, g, r;
  lo_int sa, sb, sg;
  if (a->is_tiler || b->is_tiler)
    return lo_fail(err, LO_EUNDEF, "layout_add takes layouts, not tilers");
  if (lo_size(a, &sa, err) || lo_size(b, &sb, err)) return err->code;
  if (sa != sb)
    return lo_fail(err, LO_EUNDEF, "layout_add: size(A) = %lld but size(B) = %lld", (long long)sa,
                   (long long)sb);
  if (lo_coalesce(a, &ca, err) || lo_coalesce(b, &cb, err) ||
      lo_greatest_common_domain(&ca.shape, &cb.shape, &g, err) || lo_size(&g, &sg, err))
    return err->code;
  if (sg != sa) {
    char ta[128], tb[128];
    if (lo_print_tuple(&ca.shape, ta, sizeof ta)) ta[0] = 0;
    if (lo_print_tuple(&cb.shape, tb, sizeof tb)) tb[0] = 0;
    return lo_fail(err, LO_EUNDEF,
                   "layout_add: the coalesced shapes %s and %s have no common refinement "
                   "(their greatest common domain has size %lld of %lld)",
                   ta, tb, (long long)sg, (long long)sa);
  }
  lo_layout_copy(&r, &g);
  for (int k = 0; k < g.shape.len; k++) {
    lo_int va, vb;
    if (lo_apply(&ca, g.stride[k], &va, err) || lo_apply(&cb, g.stride[k], &vb, err) ||
        lo_add(va, vb, &r.stride[k], "layout_add stride", err))
      return err->code;
  }
  return lo_coalesce(&r, out, err);
}
