/*
** lo_morph_ops.c -- operations on morphisms: sum, concatenations,
** restriction, factorization, squeeze, sort, coalesce, complement, and the
** divisions and products built from them (paper §3.1.5, §3.2.6).
*/
#include "lo_internal.h"

#include <string.h>

/* out = flat tuple of a's leaves followed by b's. */
static int flat_join(const lo_tuple *a, const lo_tuple *b, lo_tuple *out, lo_err *err) {
  lo_int v[2 * LO_MAX_LEAVES];
  if (a->len + b->len > LO_MAX_LEAVES)
    return lo_fail(err, LO_ELIMIT, "too many entries (limit %d)", LO_MAX_LEAVES);
  memcpy(v, a->leaf, (size_t)a->len * sizeof(lo_int));
  memcpy(v + a->len, b->leaf, (size_t)b->len * sizeof(lo_int));
  lo_tuple_flat(out, v, a->len + b->len);
  return LO_OK;
}

/* f (+) g : S*U -> T*V (Def 3.1.5.3). */
int lo_morphism_sum(const lo_morphism *f, const lo_morphism *g, lo_morphism *out, lo_err *err) {
  lo_morphism r;
  if (flat_join(&f->dom, &g->dom, &r.dom, err) || flat_join(&f->cod, &g->cod, &r.cod, err))
    return err->code;
  for (int i = 0; i < f->dom.len; i++) r.map[i] = f->map[i];
  for (int i = 0; i < g->dom.len; i++)
    r.map[f->dom.len + i] = g->map[i] ? g->map[i] + f->cod.len : 0;
  *out = r;
  return LO_OK;
}

/* Check that the morphisms share their codomain and have disjoint images. */
static int same_cod_disjoint(const lo_morphism *const *fs, int n, lo_err *err) {
  char hit[LO_MAX_LEAVES + 1] = {0};
  for (int k = 0; k < n; k++) {
    if (!lo_tuple_equal(&fs[k]->cod, &fs[0]->cod))
      return lo_fail(err, LO_EUNDEF, "concatenation needs the same codomain");
    for (int i = 0; i < fs[k]->dom.len; i++) {
      int j = fs[k]->map[i];
      if (!j) continue;
      if (hit[j])
        return lo_fail(err, LO_EUNDEF, "concatenation needs disjoint images (position %d)", j);
      hit[j] = 1;
    }
  }
  return LO_OK;
}

/* f * g : S*U -> T, for the same T and disjoint images (Constr 3.1.5.34). */
int lo_morphism_flat_concat(const lo_morphism *f, const lo_morphism *g, lo_morphism *out,
                            lo_err *err) {
  const lo_morphism *fs[2] = {f, g};
  lo_morphism r;
  if (same_cod_disjoint(fs, 2, err) || flat_join(&f->dom, &g->dom, &r.dom, err)) return err->code;
  r.cod = f->cod;
  memcpy(r.map, f->map, (size_t)f->dom.len * sizeof(int));
  memcpy(r.map + f->dom.len, g->map, (size_t)g->dom.len * sizeof(int));
  *out = r;
  return LO_OK;
}

/* (f_1, ..., f_n) : (S_1, ..., S_n) -> T (Constr 3.2.6.4). */
int lo_morphism_concat(const lo_morphism *const *fs, int n, lo_morphism *out, lo_err *err) {
  const lo_tuple *doms[LO_MAX_LEAVES] = {0};
  lo_morphism r;
  if (n < 1 || n > LO_MAX_LEAVES)
    return lo_fail(err, LO_EUNDEF, "concat needs 1..%d morphisms", LO_MAX_LEAVES);
  if (same_cod_disjoint(fs, n, err)) return err->code;
  for (int k = 0; k < n; k++) doms[k] = &fs[k]->dom;
  if (lo_tuple_nest(doms, n, &r.dom, err)) return err->code;
  r.cod = fs[0]->cod;
  int at = 0;
  for (int k = 0; k < n; k++) {
    memcpy(r.map + at, fs[k]->map, (size_t)fs[k]->dom.len * sizeof(int));
    at += fs[k]->dom.len;
  }
  *out = r;
  return LO_OK;
}

/* Check that idx[0..n) is strictly increasing within 1..len. */
static int check_index_set(const int *idx, int n, int len, lo_err *err) {
  for (int k = 0; k < n; k++) {
    if (idx[k] < 1 || idx[k] > len)
      return lo_fail(err, LO_EUNDEF, "index %d outside 1..%d", idx[k], len);
    if (k && idx[k] <= idx[k - 1])
      return lo_fail(err, LO_EUNDEF, "index set must be strictly increasing");
  }
  return LO_OK;
}

/* f|_I: the domain entries in I, same codomain and targets. */
int lo_morphism_restrict(const lo_morphism *f, const int *idx, int n, lo_morphism *out,
                         lo_err *err) {
  lo_int v[LO_MAX_LEAVES];
  int map[LO_MAX_LEAVES];
  if (check_index_set(idx, n, f->dom.len, err)) return err->code;
  for (int k = 0; k < n; k++) {
    v[k] = f->dom.leaf[idx[k] - 1];
    map[k] = f->map[idx[k] - 1];
  }
  out->cod = f->cod;
  lo_tuple_flat(&out->dom, v, n);
  memcpy(out->map, map, (size_t)n * sizeof(int));
  return LO_OK;
}

/* f|^J: codomain (t_j) for j in J (J must contain the image), targets
** renumbered by their rank in J. */
int lo_morphism_factorize(const lo_morphism *f, const int *idx, int n, lo_morphism *out,
                          lo_err *err) {
  int rank[LO_MAX_LEAVES + 1] = {0};
  lo_int v[LO_MAX_LEAVES];
  if (check_index_set(idx, n, f->cod.len, err)) return err->code;
  for (int k = 0; k < n; k++) {
    rank[idx[k]] = k + 1;
    v[k] = f->cod.leaf[idx[k] - 1];
  }
  lo_morphism r;
  r.dom = f->dom;
  for (int i = 0; i < f->dom.len; i++) {
    if (f->map[i] && !rank[f->map[i]])
      return lo_fail(err, LO_EUNDEF, "factorize: position %d is in the image but not in J",
                     f->map[i]);
    r.map[i] = f->map[i] ? rank[f->map[i]] : 0;
  }
  lo_tuple_flat(&r.cod, v, n);
  *out = r;
  return LO_OK;
}

/* squeeze(f): drop domain and codomain entries equal to 1 (flat). */
int lo_morphism_squeeze(const lo_morphism *f, lo_morphism *out, lo_err *err) {
  int di[LO_MAX_LEAVES], ci[LO_MAX_LEAVES], nd = 0, nc = 0;
  lo_morphism r;
  for (int i = 0; i < f->dom.len; i++)
    if (f->dom.leaf[i] != 1) di[nd++] = i + 1;
  for (int j = 0; j < f->cod.len; j++)
    if (f->cod.leaf[j] != 1) ci[nc++] = j + 1;
  if (lo_morphism_restrict(f, di, nd, &r, err)) return err->code;
  /* a size-1 entry mapped to a 1 in the codomain was dropped above */
  return lo_morphism_factorize(&r, ci, nc, out, err);
}

/* sort(f): unmapped entries sorted stably by size, then mapped entries in
** the order of their targets (Construction 3.1.5.15).  Flat domain. */
int lo_morphism_sort(const lo_morphism *f, lo_morphism *out, lo_err *err) {
  (void)err;
  int order[LO_MAX_LEAVES], n = 0, m = f->dom.len;
  for (int i = 0; i < m; i++)
    if (!f->map[i]) order[n++] = i;
  for (int i = 1; i < n; i++) { /* stable by size */
    int x = order[i], j = i - 1;
    while (j >= 0 && f->dom.leaf[order[j]] > f->dom.leaf[x]) {
      order[j + 1] = order[j];
      j--;
    }
    order[j + 1] = x;
  }
  for (int j = 1; j <= f->cod.len; j++)
    for (int i = 0; i < m; i++)
      if (f->map[i] == j) order[n++] = i;
  lo_morphism r;
  lo_int v[LO_MAX_LEAVES];
  for (int k = 0; k < m; k++) {
    v[k] = f->dom.leaf[order[k]];
    r.map[k] = f->map[order[k]];
  }
  lo_tuple_flat(&r.dom, v, m);
  r.cod = f->cod;
  *out = r;
  return LO_OK;
}

/* coal(f) (Construction 3.1.5.25, Def 3.2.6.11): squeeze, then merge runs
** of consecutive domain entries that go to consecutive codomain entries
** (or all to *), and the codomain runs they hit.  The domain becomes an
** integer when one entry is left, 1--(*)--> when none is. */
int lo_morphism_coalesce(const lo_morphism *f, lo_morphism *out, lo_err *err) {
  lo_morphism g;
  lo_int size;
  if (lo_tuple_size(&f->dom, &size, err) || lo_tuple_size(&f->cod, &size, err)) return err->code;
  if (lo_morphism_squeeze(f, &g, err)) return err->code;
  int m = g.dom.len, n = g.cod.len;
  int cclass[LO_MAX_LEAVES + 1], nc = 0;
  lo_int cv[LO_MAX_LEAVES];
  for (int j = 1; j <= n; j++) {
    int join = 0;
    for (int i = 0; j > 1 && i + 1 < m; i++)
      if (g.map[i] == j - 1 && g.map[i + 1] == j) join = 1;
    if (join) {
      cv[nc - 1] *= g.cod.leaf[j - 1];
    } else {
      cv[nc++] = g.cod.leaf[j - 1];
    }
    cclass[j] = nc;
  }
  lo_int dv[LO_MAX_LEAVES];
  int dmap[LO_MAX_LEAVES], nd = 0;
  for (int i = 0; i < m; i++) {
    int join = i > 0 && ((g.map[i - 1] == 0 && g.map[i] == 0) ||
                         (g.map[i - 1] != 0 && g.map[i] == g.map[i - 1] + 1));
    if (join) {
      dv[nd - 1] *= g.dom.leaf[i];
    } else {
      dv[nd] = g.dom.leaf[i];
      dmap[nd] = g.map[i] ? cclass[g.map[i]] : 0;
      nd++;
    }
  }
  lo_morphism r;
  lo_tuple_flat(&r.cod, cv, nc);
  if (nd == 0) {
    lo_tuple_int(&r.dom, 1);
    r.map[0] = 0;
  } else if (nd == 1) {
    lo_tuple_int(&r.dom, dv[0]);
    r.map[0] = dmap[0];
  } else {
    lo_tuple_flat(&r.dom, dv, nd);
    memcpy(r.map, dmap, (size_t)nd * sizeof(int));
  }
  *out = r;
  return LO_OK;
}

/* f^c: the codomain positions f misses, in order, as a flat domain;
** requires f injective (Constructions 3.1.5.46, 3.2.6.17). */
int lo_morphism_complement(const lo_morphism *f, lo_morphism *out, lo_err *err) {
  char hit[LO_MAX_LEAVES + 1] = {0};
  if (!lo_morphism_is_injective(f))
    return lo_fail(err, LO_EUNDEF, "not complementable: an entry goes to the basepoint");
  for (int i = 0; i < f->dom.len; i++) hit[f->map[i]] = 1;
  lo_morphism r;
  lo_int v[LO_MAX_LEAVES];
  int n = 0;
  for (int j = 1; j <= f->cod.len; j++)
    if (!hit[j]) {
      v[n] = f->cod.leaf[j - 1];
      r.map[n++] = j;
    }
  lo_tuple_flat(&r.dom, v, n);
  r.cod = f->cod;
  *out = r;
  return LO_OK;
}

/* f (/)flat g = f o (g * g^c). */
int lo_morphism_flat_divide(const lo_morphism *f, const lo_morphism *g, lo_morphism *out,
                            lo_err *err) {
  lo_morphism gc, gg;
  if (lo_morphism_complement(g, &gc, err) || lo_morphism_flat_concat(g, &gc, &gg, err))
    return err->code;
  return lo_morphism_compose(f, &gg, out, err);
}

/* f (x)flat g = f * (f^c o g). */
int lo_morphism_flat_product(const lo_morphism *f, const lo_morphism *g, lo_morphism *out,
                             lo_err *err) {
  lo_morphism fc, h, ff;
  if (lo_morphism_complement(f, &fc, err) || lo_morphism_compose(&fc, g, &h, err)) return err->code;
  ff = *f;
  lo_tuple_flatten(&f->dom, &ff.dom);
  return lo_morphism_flat_concat(&ff, &h, out, err);
}

/* f (/) g = f o (g, g^c). */
int lo_morphism_logical_divide(const lo_morphism *f, const lo_morphism *g, lo_morphism *out,
                               lo_err *err) {
  lo_morphism gc, gg;
  const lo_morphism *fs[2] = {g, &gc};
  if (lo_morphism_complement(g, &gc, err) || lo_morphism_concat(fs, 2, &gg, err)) return err->code;
  return lo_morphism_compose(f, &gg, out, err);
}

/* f (x) g = (f, f^c o g). */
int lo_morphism_logical_product(const lo_morphism *f, const lo_morphism *g, lo_morphism *out,
                                lo_err *err) {
  lo_morphism fc, h;
  if (lo_morphism_complement(f, &fc, err) || lo_morphism_compose(&fc, g, &h, err)) return err->code;
  const lo_morphism *fs[2] = {f, &h};
  return lo_morphism_concat(fs, 2, out, err);
}

/* f and g (same codomain) are complements: their images are disjoint and
** cover the codomain, i.e. f * g is defined, injective and onto. */
int lo_morphism_is_complement(const lo_morphism *f, const lo_morphism *g) {
  lo_morphism h;
  lo_err e;
  if (lo_morphism_flat_concat(f, g, &h, &e)) return 0;
  return h.dom.len == h.cod.len && lo_morphism_is_injective(&h);
}

/* No codomain position is hit by both f and g (the basepoint aside). */
int lo_morphism_disjoint_images(const lo_morphism *f, const lo_morphism *g) {
  char hit[LO_MAX_LEAVES + 1] = {0};
  for (int i = 0; i < f->dom.len; i++) hit[f->map[i]] = 1;
  for (int i = 0; i < g->dom.len; i++)
    if (g->map[i] && hit[g->map[i]]) return 0;
  return 1;
}

/* f is sorted: sort(f) = f (same map and same domain entries). */
int lo_morphism_is_sorted(const lo_morphism *f, int *out, lo_err *err) {
  lo_morphism s;
  if (lo_morphism_sort(f, &s, err)) return err->code;
  *out = memcmp(f->map, s.map, (size_t)f->dom.len * sizeof(int)) == 0 &&
         memcmp(f->dom.leaf, s.dom.leaf, (size_t)f->dom.len * sizeof(lo_int)) == 0;
  return LO_OK;
}
