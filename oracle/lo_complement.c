/*
** lo_complement.c -- complements: CuTe's complement(L, N) and the paper's
** comp(L, N) and comp-flat(L, N) (Constructions 2.1.6.16, 2.1.6.29).
*/
#include "lo_internal.h"

/* Build the modes of a complement of the sorted chain m[0..n) into c:
** (d_1 : 1), (d_i / (s_{i-1} d_{i-1}) : s_{i-1} d_{i-1}), and a last mode
** ceil(N / (s_n d_n)) : s_n d_n when n_target >= 0.  Fails unless every
** step divides.  Returns the number of modes through *k. */
static int chain_complement(const lo_mode *m, int n, lo_int n_target, lo_mode *c, int *k,
                            lo_err *err) {
  lo_int cur = 1;
  *k = 0;
  for (int i = 0; i < n; i++) {
    if (m[i].d % cur != 0)
      return lo_fail(err, LO_EUNDEF,
                     "not complementable: sorted mode %lld:%lld does not start at a multiple "
                     "of %lld (the extent of the modes below it)",
                     (long long)m[i].s, (long long)m[i].d, (long long)cur);
    c[*k].s = m[i].d / cur;
    c[*k].d = cur;
    (*k)++;
    if (lo_mul(m[i].s, m[i].d, &cur, "complement extent", err)) return err->code;
  }
  if (n_target >= 0) {
#ifdef LO_MUTANT_COMPLEMENT_FLOOR /* planted bug for `make mutants`: rounds down */
    c[*k].s = n_target / cur;
#else
    c[*k].s = lo_ceil_div(n_target, cur);
#endif
    c[*k].d = cur;
    (*k)++;
  }
  return LO_OK;
}

/* The modes of l that count for a complement, sorted: size-1 modes always
** dropped, stride-0 modes dropped when ignore_zero (CuTe) and an error
** otherwise (the paper). */
static int complement_modes(const lo_layout *l, int ignore_zero, lo_mode *m, int *n, lo_err *err) {
  lo_mode all[LO_MAX_LEAVES];
  int k = lo_modes_of(l, all);
  *n = 0;
  for (int i = 0; i < k; i++) {
    if (all[i].s == 1) continue;
    if (all[i].d == 0) {
      if (ignore_zero) continue;
      return lo_fail(err, LO_EUNDEF,
                     "not complementable: mode %lld:0 has stride 0 (its layout function is "
                     "not injective)",
                     (long long)all[i].s);
    }
    m[(*n)++] = all[i];
  }
  lo_modes_sort(m, *n);
  return LO_OK;
}

/* The plain complement against a cotarget shape (NULL: cosize(filter L)):
** CuTe's answer where it meets the contract of lo_contract.c, else an
** error saying what CuTe prints and why it is wrong; CuTe's refusals
** (a non-injective L) stay errors.  CuTe's answer is computed as modes,
** checked on them with the filtered modes CuTe sorted, and built once,
** in *out (which may be l) only when it stands. */
int lo_complement_to(const lo_layout *l, const lo_tuple *cotarget, lo_layout *out, lo_err *err) {
  lo_cute_comp c;
  if (l->shape.len == 0) { /* CuTe refuses (); its complement is the compact cotarget */
    lo_layout one;
    lo_layout_scalar(&one, 1, 0);
    return lo_cute_complement(&one, cotarget, out, err);
  }
  if (lo_cute_complement_modes(l, cotarget, &c, err)) return err->code;
  int rc = lo_check_complement_modes(c.f, c.nf, c.cotarget, c.r, c.nr, err);
  if (rc == LO_OK) {
    lo_layout_from_modes(out, c.r, c.nr);
    return LO_OK;
  }
  lo_layout r;
  lo_layout_from_modes(&r, c.r, c.nr);
  return lo_keep_cute_answer(rc, &r, "not complementable", "is not a complement", out, err);
}

/* complement(L, N); n < 0 means no N (CuTe's default cotarget). */
int lo_complement(const lo_layout *l, lo_int n, lo_layout *out, lo_err *err) {
  lo_tuple ct;
  if (n == 0) return lo_fail(err, LO_EUNDEF, "complement: N must be positive");
  if (n < 0) return lo_complement_to(l, NULL, out, err);
  if (lo_complement_rank1_proven(l, n, out)) return LO_OK;
  lo_tuple_int(&ct, n);
  return lo_complement_to(l, &ct, out, err);
}

/* The paper's comp(L, N) (flat when flat is set): defined only when L is
** N-complementable; n < 0 gives comp(L), which omits the last mode. */
static int paper_complement(const lo_layout *l, lo_int n, int flat, lo_layout *out, lo_err *err) {
  lo_mode m[LO_MAX_LEAVES], c[LO_MAX_LEAVES + 1];
  int k, nc;
  if (n == 0) return lo_fail(err, LO_EUNDEF, "complement: N must be positive");
  if (complement_modes(l, 0, m, &k, err)) return err->code;
  if (k >= LO_MAX_LEAVES) return lo_fail(err, LO_ELIMIT, "too many modes");
  if (n > 0 && k > 0) {
    lo_int ext;
    if (lo_mul(m[k - 1].s, m[k - 1].d, &ext, "complement extent", err)) return err->code;
    if (n % ext != 0)
      return lo_fail(err, LO_EUNDEF,
                     "not %lld-complementable: the largest extent %lld does not divide N",
                     (long long)n, (long long)ext);
  }
  if (chain_complement(m, k, n, c, &nc, err)) return err->code;
  nc = lo_modes_coalesce(c, nc);
  if (flat)
    lo_layout_flat_modes(out, c, nc);
  else
    lo_layout_from_modes(out, c, nc);
  return LO_OK;
}

/* The paper's comp(L, N), or comp(L) for n < 0 (see lo.h). */
int lo_paper_complement(const lo_layout *l, lo_int n, lo_layout *out, lo_err *err) {
  return paper_complement(l, n, 0, out, err);
}

/* The paper's comp-flat(L, N), or comp-flat(L) for n < 0 (see lo.h). */
int lo_flat_complement(const lo_layout *l, lo_int n, lo_layout *out, lo_err *err) {
  return paper_complement(l, n, 1, out, err);
}

/* Is b a complement of a: a * b compact, and with n (not NULL) also
** size(a) size(b) = *n?  Errors only when a size does not fit. */
int lo_is_complement(const lo_layout *a, const lo_layout *b, const lo_int *n, int *out,
                     lo_err *err) {
  lo_layout c;
  lo_int sa, sb, s;
  if (lo_flat_concat(a, b, &c, err) || lo_size(a, &sa, err) || lo_size(b, &sb, err) ||
      lo_mul(sa, sb, &s, "size", err))
    return err->code;
  *out = lo_is_compact(&c) && (!n || s == *n);
  return LO_OK;
}
