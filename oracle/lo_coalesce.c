/*
** lo_coalesce.c -- coalesce (flat, nested, by profile), filter, and the
** coalesced predicates (Constructions 2.1.4.9, 2.3.3.7, Def 2.3.4.7).
*/
#include "lo_internal.h"

#include <assert.h>
#include <string.h>

/* coal-flat in place: drop size-1 modes, merge a mode into its left
** neighbour when (accumulated s) * d of the neighbour equals its stride.
** Never sorts.  Returns the new count. */
int lo_modes_coalesce(lo_mode *m, int n) {
  int k = 0;
  assert(n >= 0 && n <= LO_MAX_LEAVES);
  for (int i = 0; i < n; i++) {
    if (m[i].s == 1) continue;
    if (k > 0) {
      lo_int p;
      if (!__builtin_mul_overflow(m[k - 1].s, m[k - 1].d, &p) && p == m[i].d &&
          !__builtin_mul_overflow(m[k - 1].s, m[i].s, &p)) {
        m[k - 1].s = p;
        continue;
      }
    }
    m[k++] = m[i];
  }
  return k;
}

/* lo_modes_coalesce of l's flattened modes (those with stride 0 dropped
** first when drop_zero), written straight into out in one pass and put in
** CuTe's form (1:0, s:d, or a flat tuple) when cute_form, else as a flat
** tuple.  out may be l: mode k is written after mode i >= k was read, and
** the tokens last.  A merge whose shape would overflow is not made.
** Returns nonzero when size(l), the product of all its leaves, overflows. */
static int coalesce_into(const lo_layout *l, int drop_zero, int cute_form, lo_layout *out) {
  int n = l->shape.len, k = 0, over = 0;
  lo_int *os = out->shape.leaf, *od = out->stride, ps = 0, pd = 0, size = 1;
  for (int i = 0; i < n; i++) { /* ps:pd is mode k-1 */
    lo_int s = l->shape.leaf[i], d = l->stride[i], p;
    over |= __builtin_mul_overflow(size, s, &size);
    if (s == 1 || (drop_zero && d == 0)) continue;
    if (k > 0 && !__builtin_mul_overflow(ps, pd, &p) && p == d &&
        !__builtin_mul_overflow(ps, s, &p)) {
      os[k - 1] = ps = p;
      continue;
    }
    os[k] = ps = s;
    od[k] = pd = d;
    k++;
  }
  out->is_tiler = 0;
  if (cute_form && k <= 1) {
    lo_layout_scalar(out, k ? ps : 1, k ? pd : 0);
    return over;
  }
  out->shape.len = k;
  out->shape.ntok = k + 2;
  out->shape.tok[0] = '(';
  if (k <= 8) /* one 8-byte store, the usual case, in place of a call */
    memcpy(out->shape.tok + 1, "********", 8);
  else
    memset(out->shape.tok + 1, '*', (size_t)k);
  out->shape.tok[k + 1] = ')';
  return over;
}

/* size(l) fits: the product of its leaves, without the call; on overflow
** lo_size writes its message. */
static int size_fits(const lo_layout *l, lo_err *err) {
  lo_int p = 1;
  for (int i = 0; i < l->shape.len; i++)
    if (__builtin_mul_overflow(p, l->shape.leaf[i], &p)) return lo_size(l, &p, err);
  return LO_OK;
}

/* coalesce_into(l, 0, cute_form, out) where size(l) fits, else lo_size's
** error.  In place (out == l) the size is checked first, as writing out
** loses l; otherwise in the same pass. */
static int coalesce_checked(const lo_layout *l, int cute_form, lo_layout *out, lo_err *err) {
  if (out == l) {
    if (size_fits(l, err)) return err->code;
    coalesce_into(l, 0, cute_form, out);
    return LO_OK;
  }
  if (coalesce_into(l, 0, cute_form, out)) return size_fits(l, err);
  return LO_OK;
}

/* CuTe's coalesce: 1:0, s:d, or a flat tuple; same layout function.  An
** overflowing size(l) is an error (lo_size's message). */
int lo_coalesce(const lo_layout *l, lo_layout *out, lo_err *err) {
#ifdef LO_MUTANT_COALESCE_SORTS /* planted bug for `make mutants`: sorts first */
  if (size_fits(l, err)) return err->code;
  lo_mode m[LO_MAX_LEAVES];
  lo_modes_sort(m, lo_modes_of(l, m));
  int n = lo_modes_coalesce(m, l->shape.len);
  lo_layout_from_modes(out, m, n);
  return LO_OK;
#else
  return coalesce_checked(l, 1, out, err);
#endif
}

/* coal-flat: always a flat tuple, "():()" when nothing is left. */
int lo_flat_coalesce(const lo_layout *l, lo_layout *out, lo_err *err) {
  return coalesce_checked(l, 0, out, err);
}

/* By-mode coalesce: a leaf of the profile coalesces the whole matching
** sub-layout with leaf (lo_coalesce or lo_coalesce_z); a tuple recurses
** mode by mode, and modes of L past the profile's rank are kept.  The
** profile's leaf values are ignored. */
typedef int (*coalesce_fn)(const lo_layout *, lo_layout *, lo_err *);
static int coalesce_rec(const lo_layout *l, const lo_tuple *p, coalesce_fn leaf, lo_layout *out,
                        int depth, lo_err *err) {
  if (depth > LO_MAX_DEPTH) return lo_fail(err, LO_ELIMIT, "profile nested too deeply");
  if (lo_tuple_is_int(p)) return leaf(l, out, err);
  int rp = lo_tuple_rank(p), rl = lo_tuple_rank(&l->shape);
  if (rp > rl)
    return lo_fail(err, LO_EUNDEF, "coalesce: profile has %d modes but the layout has %d", rp, rl);
  lo_layout parts[LO_MAX_LEAVES];
  const lo_layout *pp[LO_MAX_LEAVES];
  if (rl > LO_MAX_LEAVES) return lo_fail(err, LO_ELIMIT, "too many modes");
  for (int k = 1; k <= rl; k++) {
    if (lo_layout_mode(l, k, &parts[k - 1], err)) return err->code;
    if (k <= rp) {
      lo_tuple pk;
      lo_layout sub;
      lo_layout_copy(&sub, &parts[k - 1]);
      if (lo_tuple_mode(p, k, &pk, NULL, err)) return err->code;
      if (coalesce_rec(&sub, &pk, leaf, &parts[k - 1], depth + 1, err)) return err->code;
    }
    pp[k - 1] = &parts[k - 1];
  }
  lo_layout r;
  if (lo_layout_nest(pp, rl, &r, err)) return err->code;
  lo_layout_copy(out, &r);
  return LO_OK;
}

/* Coalesce l relative to profile: each mode of the profile coalesced on
** its own (see lo.h). */
int lo_coalesce_profile(const lo_layout *l, const lo_tuple *profile, lo_layout *out, lo_err *err) {
  lo_int size;
  if (lo_size(l, &size, err)) return err->code;
  return coalesce_rec(l, profile, lo_coalesce, out, 0, err);
}

/* coalesce_z of the whole of l: fold the flat modes left to right onto a
** stack; before a mode is pushed, size-1 modes on top of the stack are
** dropped (they are not last, so they change nothing), then the mode
** merges into the top t when t.s t.d equals its stride (the top, run on
** past its extent, then gives the same values), else it is pushed.  The
** last mode stays even when its size is 1: past size(l) the layout
** function runs on along it.  1:0 for no modes, s:d for one. */
static int coalesce_z_whole(const lo_layout *l, lo_layout *out, lo_err *err) {
  lo_mode m[LO_MAX_LEAVES];
  lo_int size;
  int n = lo_modes_of(l, m), k = 0;
  if (lo_size(l, &size, err)) return err->code; /* every merged shape divides it */
  for (int i = 0; i < n; i++) {
    while (k > 0 && m[k - 1].s == 1) k--;
    lo_int p;
    if (k > 0 && !__builtin_mul_overflow(m[k - 1].s, m[k - 1].d, &p) && p == m[i].d) {
      m[k - 1].s *= m[i].s;
      continue;
    }
    m[k++] = m[i];
  }
  lo_layout_from_modes(out, m, k);
  return LO_OK;
}

/* coalesce_z(L[, P]): see lo.h. */
int lo_coalesce_z(const lo_layout *l, const lo_tuple *profile, lo_layout *out, lo_err *err) {
  if (l->is_tiler) return lo_fail(err, LO_EUNDEF, "coalesce_z takes a layout, not a tiler");
  if (!profile) return coalesce_z_whole(l, out, err);
  lo_int size;
  if (lo_size(l, &size, err)) return err->code;
  return coalesce_rec(l, profile, coalesce_z_whole, out, 0, err);
}

/* CuTe's filter: drop stride-0 and size-1 modes, then coalesce (one
** pass, straight into out). */
int lo_filter(const lo_layout *l, lo_layout *out, lo_err *err) {
  (void)err;
#ifdef LO_MUTANT_FILTER_KEEPS_ZERO /* planted bug for `make mutants`: keeps broadcasts */
  lo_mode m[LO_MAX_LEAVES];
  int n = lo_modes_of(l, m), k = 0;
  for (int i = 0; i < n; i++)
    if (m[i].s != 1) m[k++] = m[i];
  k = lo_modes_coalesce(m, k);
  lo_layout_from_modes(out, m, k);
#else
  coalesce_into(l, 1, 1, out);
#endif
  return LO_OK;
}

/* Flat-coalesced (Def 2.1.4.1) on the flattening: no size-1 mode and no
** neighbours with s_i d_i = d_{i+1}. */
int lo_is_flat_coalesced(const lo_layout *l) {
  for (int i = 0; i < l->shape.len; i++) {
    if (l->shape.leaf[i] == 1) return 0;
    if (i + 1 < l->shape.len) {
      lo_int p;
      if (!__builtin_mul_overflow(l->shape.leaf[i], l->stride[i], &p) && p == l->stride[i + 1])
        return 0;
    }
  }
  return 1;
}

/* Coalesced (Def 2.3.3.1): 1:0, or depth 0 with shape > 1, or depth 1 with
** rank > 1 and flat-coalesced. */
int lo_is_coalesced(const lo_layout *l) {
  int depth = lo_tuple_depth(&l->shape);
  if (depth == 0) return l->shape.leaf[0] > 1 || l->stride[0] == 0;
  return depth == 1 && l->shape.len > 1 && lo_is_flat_coalesced(l);
}

/* The paper's flat filter: the flat layout of the modes of l with
** non-zero stride, in order (no error is possible). */
int lo_flat_filter(const lo_layout *l, lo_layout *out, lo_err *err) {
  (void)err;
  lo_mode m[LO_MAX_LEAVES];
  int n = lo_modes_of(l, m), k = 0;
  for (int i = 0; i < n; i++)
    if (m[i].d != 0) m[k++] = m[i];
  lo_layout_flat_modes(out, m, k);
  return LO_OK;
}
