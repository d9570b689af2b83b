/*
** lo_morphism.c -- Tuple and Nest morphisms: validity, standard form, the
** encoding L_f and the standard representation f_L (Constructions 3.1.2.1,
** 3.1.2.5, 3.2.2.2, 3.2.2.6), identity and composition.
*/
#include "lo_internal.h"

#include <string.h>

/* Valid morphism: one map entry per domain entry, each in 0..len(T), no
** codomain position hit twice, and s_i = t_{map(i)} where mapped. */
int lo_morphism_check(const lo_morphism *f, lo_err *err) {
  char hit[LO_MAX_LEAVES + 1] = {0};
  for (int i = 0; i < f->dom.len; i++) {
    int j = f->map[i];
    if (j < 0 || j > f->cod.len)
      return lo_fail(err, LO_EUNDEF, "not a morphism: entry %d maps to %d, outside 1..%d", i + 1, j,
                     f->cod.len);
    if (j == 0) continue;
    if (hit[j])
      return lo_fail(err, LO_EUNDEF, "not a morphism: codomain position %d is hit twice", j);
    hit[j] = 1;
    if (f->dom.leaf[i] != f->cod.leaf[j - 1])
      return lo_fail(err, LO_EUNDEF,
                     "not a morphism: domain entry %d (%lld) maps to codomain entry %d (%lld)",
                     i + 1, (long long)f->dom.leaf[i], j, (long long)f->cod.leaf[j - 1]);
  }
  return LO_OK;
}

/* Non-degenerate: every domain entry equal to 1 goes to the basepoint. */
int lo_morphism_is_nondegenerate(const lo_morphism *f) {
  for (int i = 0; i < f->dom.len; i++)
    if (f->dom.leaf[i] == 1 && f->map[i] != 0) return 0;
  return 1;
}

/* Injective: no entry goes to the basepoint. */
int lo_morphism_is_injective(const lo_morphism *f) {
  for (int i = 0; i < f->dom.len; i++)
    if (f->map[i] == 0) return 0;
  return 1;
}

/* Standard form (Def 3.1.2.12, with the n = 1 fix and the Nest condition that
** the codomain is a flat tuple). */
int lo_morphism_is_standard(const lo_morphism *f) {
  char in[LO_MAX_LEAVES + 2] = {0};
  int n = f->cod.len;
  if (lo_tuple_depth(&f->cod) != 1) return 0;
  for (int i = 0; i < f->dom.len; i++)
    if (f->map[i]) in[f->map[i]] = 1;
  if (n >= 1 && !in[n]) return 0;
  for (int j = 1; j < n; j++)
    if (!in[j] && (f->cod.leaf[j - 1] == 1 || !in[j + 1])) return 0;
  return 1;
}

/* id_S: S --(1..n)--> S. */
int lo_morphism_identity(const lo_tuple *s, lo_morphism *out) {
  out->dom = *s;
  out->cod = *s;
  for (int i = 0; i < s->len; i++) out->map[i] = i + 1;
  return LO_OK;
}

/* L_f: domain shape with stride t_1...t_{map(i)-1}, or 0 for *. */
int lo_morphism_layout(const lo_morphism *f, lo_layout *out, lo_err *err) {
  lo_int pre[LO_MAX_LEAVES + 1];
  pre[0] = 1;
  for (int j = 0; j < f->cod.len; j++)
    if (lo_mul(pre[j], f->cod.leaf[j], &pre[j + 1], "codomain size", err)) return err->code;
  lo_int d[LO_MAX_LEAVES];
  for (int i = 0; i < f->dom.len; i++) d[i] = f->map[i] ? pre[f->map[i] - 1] : 0;
  return lo_layout_make(&f->dom, d, out, err);
}

/* f_L, the standard representation of a tractable layout (Constructions 3.1.2.5, 3.2.2.6). */
int lo_morphism_of_layout(const lo_layout *l, lo_morphism *out, lo_err *err) {
  if (l->is_tiler) return lo_fail(err, LO_EUNDEF, "morphism takes a layout, not a tiler");
  if (!lo_is_tractable(l)) return lo_fail(err, LO_EUNDEF, "the layout is not tractable");
  int m = l->shape.len, sigma[LO_MAX_LEAVES];
  lo_mode q[LO_MAX_LEAVES];
  for (int i = 0; i < m; i++) sigma[i] = i;
  /* stable insertion sort of the indices by (d, s) */
  for (int i = 1; i < m; i++) {
    int x = sigma[i], j = i - 1;
    while (j >= 0 &&
           (l->stride[sigma[j]] > l->stride[x] ||
            (l->stride[sigma[j]] == l->stride[x] && l->shape.leaf[sigma[j]] > l->shape.leaf[x]))) {
      sigma[j + 1] = sigma[j];
      j--;
    }
    sigma[j + 1] = x;
  }
  for (int p = 0; p < m; p++) {
    q[p].s = l->shape.leaf[sigma[p]];
    q[p].d = l->stride[sigma[p]];
  }
  int k = 0;
  while (k < m && q[k].d == 0) k++;
  lo_int tp[2 * LO_MAX_LEAVES];
  int ntp = 0, pos[LO_MAX_LEAVES]; /* pos[p]: 1-based position of q[p].s in tp */
  for (int p = k; p < m; p++) {
    if (p == k) {
      tp[ntp++] = q[p].d;
    } else {
      lo_int ext;
      if (lo_mul(q[p - 1].s, q[p - 1].d, &ext, "extent", err)) return err->code;
      tp[ntp++] = q[p].d / ext; /* exact: L is tractable */
    }
    tp[ntp++] = q[p].s;
    pos[p] = ntp;
  }
  /* keep even positions and odd ones different from 1 */
  int rankin[2 * LO_MAX_LEAVES + 1], nt = 0;
  lo_int t[2 * LO_MAX_LEAVES];
  for (int j = 1; j <= ntp; j++) {
#ifdef LO_MUTANT_STANDARD_KEEPS_ONE /* planted bug for `make mutants`: keeps 1s */
    if (1) {
#else
    if (j % 2 == 0 || tp[j - 1] != 1) {
#endif
      t[nt++] = tp[j - 1];
      rankin[j] = nt;
    } else {
      rankin[j] = 0;
    }
  }
  if (nt > LO_MAX_LEAVES)
    return lo_fail(err, LO_ELIMIT, "standard form needs %d codomain entries (limit %d)", nt,
                   LO_MAX_LEAVES);
  out->dom = l->shape;
  lo_tuple_flat(&out->cod, t, nt);
  for (int p = 0; p < m; p++) out->map[sigma[p]] = p < k ? 0 : rankin[pos[p]];
  return LO_OK;
}

/* g o f: requires codomain(f) = domain(g) as nested tuples. */
int lo_morphism_compose(const lo_morphism *g, const lo_morphism *f, lo_morphism *out, lo_err *err) {
  if (!lo_tuple_equal(&f->cod, &g->dom))
    return lo_fail(err, LO_EUNDEF, "not composable: codomain of f differs from domain of g");
  lo_morphism r;
  r.dom = f->dom;
  r.cod = g->cod;
  for (int i = 0; i < f->dom.len; i++) r.map[i] = f->map[i] ? g->map[f->map[i] - 1] : 0;
  *out = r;
  return LO_OK;
}
