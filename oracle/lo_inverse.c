/*
** lo_inverse.c -- CuTe's right_inverse and left_inverse.
*/
#include "lo_internal.h"

/* right_inverse(L): R with L(R(i)) = i on [0, size R), as large as the
** stride chain 1, s1*d1, ... of coalesce(L) allows (stride-0 modes are
** skipped, as CuTe C++ does).  R's strides are the column-major strides of
** coalesce(L)'s shape at the chained modes. */
static int own_right_inverse(const lo_layout *l, lo_layout *out, lo_err *err) {
  lo_layout c;
  lo_mode m[LO_MAX_LEAVES], r[LO_MAX_LEAVES];
  lo_int colmajor[LO_MAX_LEAVES], w = 1;
  if (l->is_tiler) return lo_fail(err, LO_EUNDEF, "right_inverse takes a layout, not a tiler");
  if (lo_coalesce(l, &c, err)) return err->code;
  int n = lo_modes_of(&c, m), nr = 0;
  for (int i = 0; i < n; i++) {
    colmajor[i] = w;
    w *= m[i].s; /* no overflow: size(L) was checked by coalesce */
  }
  lo_int next = 1;
  for (;;) {
    int found = -1;
    for (int i = 0; i < n; i++)
      if (m[i].d == next && m[i].s > 1) {
        found = i;
        break;
      }
    if (found < 0) break;
    r[nr].s = m[found].s;
    r[nr].d = colmajor[found];
    nr++;
    if (__builtin_mul_overflow(m[found].s, m[found].d, &next) || nr >= n) break;
  }
  lo_layout_from_modes(out, r, nr);
  return LO_OK;
}

/* left_inverse(L) = right_inverse((L, complement(L))): R with R(L(i)) = i
** on [0, size L).  Undefined when L is not injective in the way a
** complement certifies (a stride-0 mode of size > 1, or not
** complementable). */
static int own_left_inverse(const lo_layout *l, lo_layout *out, lo_err *err) {
  lo_layout c, lc;
  if (l->is_tiler) return lo_fail(err, LO_EUNDEF, "left_inverse takes a layout, not a tiler");
  for (int i = 0; i < l->shape.len; i++)
    if (l->stride[i] == 0 && l->shape.leaf[i] > 1)
      return lo_fail(err, LO_EUNDEF,
                     "left_inverse: mode %lld:0 makes L non-injective, so no left inverse "
                     "exists",
                     (long long)l->shape.leaf[i]);
  if (lo_complement(l, -1, &c, err)) return err->code;
  if (lo_layout_pair(l, &c, &lc, err)) return err->code;
  return own_right_inverse(&lc, out, err);
}

/* right_inverse(L): CuTe's answer, checked (L(R(i)) = i); where CuTe
** refuses (the empty layout), the chain construction above. */
int lo_right_inverse(const lo_layout *l, lo_layout *out, lo_err *err) {
  lo_layout r;
  lo_err e;
  if (lo_cute_right_inverse(l, &r, &e) != LO_OK) {
    if (!lo_cute_refused(&e)) {
      *err = e;
      return err->code;
    }
    if (own_right_inverse(l, &r, err)) return err->code; /* the empty layout: 1:0 */
  }
  return lo_keep_cute_answer(lo_check_right_inverse(l, &r, err), &r, "right_inverse", "is wrong",
                             out, err);
}

/* left_inverse(L): CuTe's quasi-inverse, checked (L(R(L(i))) = L(i)) or
** known exact (lo_internal.h); where CuTe refuses, right_inverse((L,
** complement(L))), checked. */
int lo_left_inverse(const lo_layout *l, lo_layout *out, lo_err *err) {
  lo_layout r;
  lo_err e;
  int exact;
  if (lo_cute_left_inverse_exact(l, &r, &exact, &e) == LO_OK)
    return lo_keep_cute_answer(lo_check_left_inverse_known(l, &r, exact, err), &r, "left_inverse",
                               "is wrong", out, err);
  if (!lo_cute_refused(&e)) {
    *err = e;
    return err->code;
  }
  if (own_left_inverse(l, &r, err)) return err->code;
  return lo_keep_cute_answer(lo_check_left_inverse(l, &r, err), &r, "left_inverse", "is wrong", out,
                             err);
}
