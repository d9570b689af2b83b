/*
** generators.c -- the generators, one per class of values the paper's
** statements quantify over, and their registry.
**
** Every generator is total over choice streams (any stream gives a valid
** value) and keeps sizes within the bounds.  Draws are arranged so that 0
** is simplest: shapes shrink to 2, strides to 0, ranks to 0, nestings to
** flat, morphisms to the identity order with every entry hit.
*/
#include "gen.h"
#include "gen_values.h"

#include "lo.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------ primitives */

/* The smaller of a and b. */
lo_int gen_min(lo_int a, lo_int b) { return a < b ? a : b; }

/* The longest list a generator draws: max_rank, at most LO_MAX_LEAVES. */
int gen_max_len(const gen_bounds *b) {
  return b->max_rank < LO_MAX_LEAVES ? b->max_rank : LO_MAX_LEAVES;
}

/* A shape entry in [1, min(max_entry, budget)]: 0 gives 2, 1 gives 1. */
int64_t gen_shape_entry(gen_choices *c, const gen_bounds *b, int64_t budget) {
  int64_t top = b->max_entry < budget ? b->max_entry : budget;
  if (top <= 1) return 1;
  uint64_t v = gen_small(c, (uint64_t)top - 1);
  return v == 0 ? 2 : v == 1 ? 1 : (int64_t)v + 1;
}

/* A stride in [0, max_stride]: 0 is simplest (one draw); then small
** strides 1..8, powers of two, and anything up to max_stride. */
int64_t gen_stride(gen_choices *c, const gen_bounds *b) {
  int64_t v;
  if (b->max_stride <= 0) return 0;
  switch (gen_draw(c, 7)) {
    case 0:
      return 0;
    case 1:
    case 2:
    case 3:
      v = 1 + (int64_t)gen_draw(c, 7);
      break;
    case 4:
    case 5:
      v = (int64_t)1 << gen_draw(c, 6);
      break;
    default:
      v = (int64_t)gen_draw(c, (uint64_t)b->max_stride);
      break;
  }
  return v < b->max_stride ? v : b->max_stride;
}

/* Append the profile tokens of one element covering n leaves, at most
** depth levels deep (n >= 2 needs depth >= 1). */
void gen_profile_rec(gen_choices *c, int n, int depth, char *tok, int *nt) {
  assert(n >= 1 && (n == 1 || depth >= 1) && *nt >= 0 && *nt < LO_MAX_TOKENS);
  if (n == 1) {
    if (depth > 0 && *nt < LO_MAX_TOKENS - 3 && gen_flip(c, 6)) {
      tok[(*nt)++] = '(';
      gen_profile_rec(c, 1, depth - 1, tok, nt);
      tok[(*nt)++] = ')';
    } else {
      tok[(*nt)++] = '*';
    }
    return;
  }
  tok[(*nt)++] = '(';
  for (int rem = n; rem > 0;) {
    int g = 1;
    if (depth > 1 && rem > 1 && *nt < LO_MAX_TOKENS - 3 * n - 4 && gen_flip(c, 3))
      g = 2 + (int)gen_small(c, (uint64_t)rem - 2);
    gen_profile_rec(c, g, depth - 1, tok, nt);
    rem -= g;
  }
  tok[(*nt)++] = ')';
}

/* Give t (whose leaves are set) a random profile: an integer or tuple for
** one leaf, a tuple otherwise; flat when flat is set. */
static void random_profile(gen_choices *c, const gen_bounds *b, lo_tuple *t, int flat) {
  int n = t->len, depth = flat ? 1 : (b->max_depth < 1 ? 1 : b->max_depth);
  t->ntok = 0;
  if (n == 0) {
    t->tok[t->ntok++] = '(';
    t->tok[t->ntok++] = ')';
  } else if (n == 1 && !flat) {
    gen_profile_rec(c, 1, depth, t->tok, &t->ntok);
  } else {
    t->tok[t->ntok++] = '(';
    for (int i = 0; i < n; i++) {
      if (flat)
        t->tok[t->ntok++] = '*';
      else
        gen_profile_rec(c, 1, depth - 1, t->tok, &t->ntok);
    }
    t->tok[t->ntok++] = ')';
    if (!flat && n >= 2 && depth >= 2 && gen_flip(c, 2)) { /* regroup */
      t->ntok = 0;
      gen_profile_rec(c, n, depth, t->tok, &t->ntok);
    }
  }
}

/* Another element?  A list is drawn as "more?" flags, each followed by
** its element's draws, so that deleting one element deletes one block of
** the stream (the shrinker's easiest move).  0 stops. */
int gen_more(gen_choices *c, int n, int max) {
  return n < max && gen_draw(c, n == 0 ? 7 : 3) != 0; /* empty 1 in 8, then 1 in 4 stops */
}

/* Shape entries with product at most max_size into s; returns how many
** (up to max_rank). */
static int shapes(gen_choices *c, const gen_bounds *b, int64_t *s) {
  int64_t size = 1;
  int n = 0;
  while (gen_more(c, n, b->max_rank < LO_MAX_LEAVES ? b->max_rank : LO_MAX_LEAVES)) {
    s[n] = gen_shape_entry(c, b, b->max_size / size);
    size *= s[n++];
  }
  return n;
}

/* Fisher-Yates on p[0..n) with draws (all 0 = identity). */
void gen_shuffle(gen_choices *c, int *p, int n) {
  for (int i = n - 1; i > 0; i--) {
    int k = i - (int)gen_draw(c, (uint64_t)i), x = p[i];
    p[i] = p[k];
    p[k] = x;
  }
}

/* Append l to k in canonical text; nonzero when it does not fit. */
int gen_put_layout(gen_case *k, const lo_layout *l) {
  char buf[GEN_ARG_LEN];
  if (lo_print_layout(l, buf, sizeof buf)) return -1;
  return gen_case_arg(k, "%s", buf);
}

/* Append t to k in canonical text; nonzero when it does not fit. */
int gen_put_tuple(gen_case *k, const lo_tuple *t) {
  char buf[GEN_ARG_LEN];
  if (lo_print_tuple(t, buf, sizeof buf)) return -1;
  return gen_case_arg(k, "%s", buf);
}

/* Append f to k in canonical text; nonzero when it does not fit. */
int gen_put_morphism(gen_case *k, const lo_morphism *f) {
  char buf[GEN_ARG_LEN];
  if (lo_print_morphism(f, buf, sizeof buf)) return -1;
  return gen_case_arg(k, "%s", buf);
}

/* ------------------------------------------------------------- morphisms */

enum {
  M_INJECTIVE = 1,   /* no entry to * */
  M_SURJECTIVE = 2,  /* every codomain entry hit */
  M_NONDEGEN = 4,    /* size-1 entries go to * */
  M_FLAT = 8,        /* flat domain and codomain (a Tuple morphism) */
  M_NESTED_COD = 16, /* the codomain may be nested */
};

/* A random morphism S -> T (its layout is tractable, Prop 3.1.2.10): a codomain, a subset of
** it hit in random order, unmapped extra entries, random nesting. */
static void morphism_into(gen_choices *c, const gen_bounds *b, int flags, lo_morphism *f) {
  int n = f->cod.len, order[LO_MAX_LEAVES], m = 0;
  for (int j = 0; j < n; j++)
    if ((flags & M_SURJECTIVE) || !gen_flip(c, 3)) order[m++] = j;
  gen_shuffle(c, order, m);
  int extras = (flags & (M_INJECTIVE | M_SURJECTIVE)) ? 0 : (int)gen_small(c, 2);
  if (m + extras > b->max_rank + 2) extras = 0;
  lo_int dom[LO_MAX_LEAVES];
  int map[LO_MAX_LEAVES], len = 0;
  for (int i = 0; i < m; i++) {
    if ((flags & M_INJECTIVE) && (flags & M_NONDEGEN) && f->cod.leaf[order[i]] == 1) continue;
    dom[len] = f->cod.leaf[order[i]];
    map[len++] = order[i] + 1;
  }
  for (int e = 0; e < extras && len < LO_MAX_LEAVES; e++) { /* insert at a random place */
    int at = (int)gen_draw(c, (uint64_t)len);
    memmove(dom + at + 1, dom + at, (size_t)(len - at) * sizeof *dom);
    memmove(map + at + 1, map + at, (size_t)(len - at) * sizeof *map);
    dom[at] = gen_shape_entry(c, b, b->max_entry);
    map[at] = 0;
    len++;
  }
  for (int i = 0; i < len; i++)
    if ((flags & M_NONDEGEN) && dom[i] == 1) map[i] = 0;
  lo_tuple_flat(&f->dom, dom, len);
  memcpy(f->map, map, (size_t)len * sizeof *map);
  random_profile(c, b, &f->dom, flags & M_FLAT);
}

/* A random codomain of length up to max_rank with size within max_size. */
static void codomain(gen_choices *c, const gen_bounds *b, int flags, lo_tuple *t) {
  lo_int v[LO_MAX_LEAVES];
  int n = shapes(c, b, v);
  lo_tuple_flat(t, v, n);
  if (flags & M_NESTED_COD) random_profile(c, b, t, 0);
}

/* Draw a morphism: a codomain, then a map into it (flags as for
** morphism_into). */
static void morphism(gen_choices *c, const gen_bounds *b, int flags, lo_morphism *f) {
  codomain(c, b, flags, &f->cod);
  morphism_into(c, b, flags, f);
}

/* g : T -> U for a given T: T's entries go to distinct places of a shuffled
** U that holds them and some extra entries, or to *. */
static void morphism_from(gen_choices *c, const gen_bounds *b, const lo_tuple *t, int flags,
                          lo_morphism *g) {
  int k = t->len, hit[LO_MAX_LEAVES], nu = 0, perm[LO_MAX_LEAVES], inv[LO_MAX_LEAVES];
  lo_int u[LO_MAX_LEAVES];
  for (int i = 0; i < k; i++) {
    hit[i] = (flags & M_INJECTIVE) || !gen_flip(c, 4);
    if ((flags & M_NONDEGEN) && t->leaf[i] == 1) hit[i] = 0;
    if (hit[i]) u[nu++] = t->leaf[i];
  }
  int extras = (int)gen_small(c, 2);
  for (int e = 0; e < extras && nu < b->max_rank + 2 && nu < LO_MAX_LEAVES; e++)
    u[nu++] = gen_shape_entry(c, b, b->max_entry);
  for (int j = 0; j < nu; j++) perm[j] = j;
  gen_shuffle(c, perm, nu); /* position j of U holds entry perm[j] */
  lo_int uu[LO_MAX_LEAVES];
  for (int j = 0; j < nu; j++) {
    uu[j] = u[perm[j]];
    inv[perm[j]] = j;
  }
  g->dom = *t;
  for (int i = 0, h = 0; i < k; i++) g->map[i] = hit[i] ? inv[h++] + 1 : 0;
  lo_tuple_flat(&g->cod, uu, nu);
  if (flags & M_NESTED_COD) random_profile(c, b, &g->cod, 0);
}

/* -------------------------------------------------------- nested tuples */

/* The generator tuple (X): a nested tuple. */
static int g_tuple(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_tuple t;
  lo_int v[LO_MAX_LEAVES];
  int n = shapes(c, b, v);
  lo_tuple_flat(&t, v, n);
  random_profile(c, b, &t, 0);
  return gen_put_tuple(k, &t);
}

/* Split x into a nested tuple of factors (size x), into items. */
static void factor(gen_choices *c, const gen_bounds *b, lo_int x, lo_tuple *out) {
  lo_int f[LO_MAX_LEAVES];
  int n = 0;
  while (x > 1 && n < 4 && gen_flip(c, 2)) {
    lo_int d[64];
    int nd = 0;
    for (lo_int q = 2; q < x && nd < 64; q++)
      if (x % q == 0) d[nd++] = q;
    if (nd == 0) break;
    lo_int q = d[gen_draw(c, (uint64_t)nd - 1)];
    f[n++] = q;
    x /= q;
  }
  f[n++] = x;
  if (n == 1 && !gen_flip(c, 4)) {
    lo_tuple_int(out, f[0]);
    return;
  }
  lo_tuple_flat(out, f, n);
  gen_bounds bb = *b;
  bb.max_depth = b->max_depth > 1 ? 2 : 1;
  random_profile(c, &bb, out, 0);
  if (lo_tuple_is_int(out)) lo_tuple_flat(out, f, n);
}

/* X' and X with X' refining X. */
static int g_refinement(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_tuple x, items[LO_MAX_LEAVES], xp;
  lo_err e;
  lo_int v[LO_MAX_LEAVES];
  int n = shapes(c, b, v);
  lo_tuple_flat(&x, v, n);
  random_profile(c, b, &x, 0);
  for (int i = 0; i < n; i++) {
    factor(c, b, v[i], &items[i]);
    if (items[i].len > 1) gen_label(k, GEN_L_REFINED);
  }
  if (lo_tuple_substitute(&x, items, &xp, &e)) return -1;
  return gen_put_tuple(k, &xp) || gen_put_tuple(k, &x);
}

/* T and U with a mutual refinement: group one list of factors two ways,
** T's over a prefix of it. */
static int g_mutual(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_int fine[LO_MAX_LEAVES], tv[LO_MAX_LEAVES], uv[LO_MAX_LEAVES];
  int n = 1 + (int)gen_small(c, (uint64_t)b->max_rank + 1), nt = 0, nu = 0;
  lo_int size = 1;
  for (int i = 0; i < n; i++) {
    fine[i] = gen_shape_entry(c, b, b->max_size / size);
    if (fine[i] == 1) fine[i] = 2; /* factors of 1 only pad */
    if (size * fine[i] > b->max_size) {
      n = i;
      break;
    }
    size *= fine[i];
  }
  int prefix = n - (int)gen_small(c, (uint64_t)n);
  for (int i = 0; i < n;) { /* U groups all of fine */
    int g = 1 + (int)gen_small(c, (uint64_t)(n - i - 1));
    lo_int p = 1;
    for (int j = 0; j < g; j++) p *= fine[i + j];
    uv[nu++] = p;
    i += g;
  }
  for (int i = 0; i < prefix;) { /* T groups the prefix */
    int g = 1 + (int)gen_small(c, (uint64_t)(prefix - i - 1));
    lo_int p = 1;
    for (int j = 0; j < g; j++) p *= fine[i + j];
    tv[nt++] = p;
    i += g;
  }
  lo_tuple t, u;
  lo_tuple_flat(&t, tv, nt);
  lo_tuple_flat(&u, uv, nu);
  random_profile(c, b, &t, 0);
  random_profile(c, b, &u, 0);
  return gen_put_tuple(k, &t) || gen_put_tuple(k, &u);
}

/* ---------------------------------------------------------------- layouts */

/* Any layout: rank, shapes (size within bounds), strides, nesting. */
static void any_layout(gen_choices *c, const gen_bounds *b, int flat, lo_layout *l) {
  lo_int s[LO_MAX_LEAVES], d[LO_MAX_LEAVES], size = 1;
  int n = 0;
  while (gen_more(c, n, b->max_rank < LO_MAX_LEAVES ? b->max_rank : LO_MAX_LEAVES)) {
    s[n] = gen_shape_entry(c, b, b->max_size / size); /* each mode's draws together */
    d[n] = gen_stride(c, b);
    size *= s[n++];
  }
  lo_layout_flat(l, s, d, n);
  random_profile(c, b, &l->shape, flat);
}

/* The generator layout (L): any layout: rank, shapes, strides (zero often), nesting. */
static int g_layout(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_layout l;
  any_layout(c, b, 0, &l);
  return gen_put_layout(k, &l);
}

/* The generator flat_layout (L): any flat layout. */
static int g_flat_layout(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_layout l;
  any_layout(c, b, 1, &l);
  return gen_put_layout(k, &l);
}

/* A layout and an index in [0, size] (the last one past the end). */
static int g_layout_index(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_layout l;
  lo_int size;
  lo_err e;
  any_layout(c, b, 0, &l);
  if (lo_size(&l, &size, &e)) return -1;
  /* the empty layout has no last mode to run past its end */
  uint64_t top = l.shape.len ? (uint64_t)size : 0;
  return gen_put_layout(k, &l) || gen_case_arg(k, "%llu", (unsigned long long)gen_draw(c, top));
}

/* A tractable layout L_f (Prop 3.1.2.10), with the given morphism flags. */
static int tractable_with(gen_choices *c, const gen_bounds *b, int flags, gen_case *k) {
  lo_morphism f;
  lo_layout l;
  lo_err e;
  morphism(c, b, flags, &f);
  if (lo_morphism_layout(&f, &l, &e)) return -1;
  return gen_put_layout(k, &l);
}

/* The generator tractable (L): a tractable layout L_f. */
static int g_tractable(gen_choices *c, const gen_bounds *b, gen_case *k) {
  return tractable_with(c, b, 0, k);
}
/* The generator nondegenerate (L): a non-degenerate tractable layout. */
static int g_nondegenerate(gen_choices *c, const gen_bounds *b, gen_case *k) {
  return tractable_with(c, b, M_NONDEGEN, k);
}
/* The generator compact (L): a compact layout (L_f of an isomorphism). */
static int g_compact(gen_choices *c, const gen_bounds *b, gen_case *k) {
  return tractable_with(c, b, M_SURJECTIVE, k);
}
/* The generator injective (L): an injective (complementable) layout. */
static int g_injective(gen_choices *c, const gen_bounds *b, gen_case *k) {
  return tractable_with(c, b, M_INJECTIVE, k);
}

/* sort(L) and coal(L) of any layout. */
static int g_sorted(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_layout l, r;
  lo_err e;
  any_layout(c, b, 1, &l);
  if (lo_sort(&l, &r, &e)) return -1;
  return gen_put_layout(k, &r);
}
/* The generator coalesced (L): a coalesced layout. */
static int g_coalesced(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_layout l, r;
  lo_err e;
  any_layout(c, b, 0, &l);
  if (lo_coalesce(&l, &r, &e)) return -1;
  return gen_put_layout(k, &r);
}

/* A complementable layout L_f (f injective) and N, usually a multiple of
** size(T) (then L is N-complementable), sometimes not (CuTe rounds up). */
static int g_complementable(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_morphism f;
  lo_layout l;
  lo_int t;
  lo_err e;
  morphism(c, b, M_INJECTIVE, &f);
  if (lo_morphism_layout(&f, &l, &e) || lo_tuple_size(&f.cod, &t, &e)) return -1;
  lo_int n = t * (lo_int)(1 + gen_small(c, 3));
  if (gen_flip(c, 5)) {
    n += (lo_int)(1 + gen_draw(c, (uint64_t)t));
    gen_label(k, GEN_L_ROUNDED);
  }
  return gen_put_layout(k, &l) || gen_case_arg(k, "%lld", (long long)n);
}

/* ------------------------------------------------------------- morphisms */

/* A pointed map alpha : <m>* -> <n>* (Fin*), as "(map)" and n. */
static int g_finstar(gen_choices *c, const gen_bounds *b, gen_case *k) {
  int n = (int)gen_small(c, (uint64_t)b->max_rank);
  char buf[GEN_ARG_LEN] = "(";
  size_t len = 1;
  for (int i = 0; gen_more(c, i, b->max_rank); i++) {
    uint64_t v = gen_draw(c, (uint64_t)n); /* 0 is the basepoint */
    if (i) buf[len++] = ',';
    if (v)
      len += (size_t)snprintf(buf + len, sizeof buf - len, "%llu", (unsigned long long)v);
    else
      buf[len++] = '*';
  }
  buf[len++] = ')';
  buf[len] = 0;
  return gen_case_arg(k, "%s", buf) || gen_case_arg(k, "%d", n);
}

/* Append a morphism drawn with flags to k. */
static int morphism_with(gen_choices *c, const gen_bounds *b, int flags, gen_case *k) {
  lo_morphism f;
  morphism(c, b, flags, &f);
  return gen_put_morphism(k, &f);
}

/* The generator morphism (f): a Nest morphism. */
static int g_morphism(gen_choices *c, const gen_bounds *b, gen_case *k) {
  return morphism_with(c, b, M_NESTED_COD, k);
}
/* The generator tuple_morphism (f): a Tuple morphism (flat domain and codomain). */
static int g_tuple_morphism(gen_choices *c, const gen_bounds *b, gen_case *k) {
  return morphism_with(c, b, M_FLAT, k);
}
/* The generator injective_morphism (f): an injective (complementable) morphism. */
static int g_injective_morphism(gen_choices *c, const gen_bounds *b, gen_case *k) {
  return morphism_with(c, b, M_INJECTIVE | M_NESTED_COD, k);
}
/* The generator nondegenerate_morphism (f): a non-degenerate morphism. */
static int g_nondegenerate_morphism(gen_choices *c, const gen_bounds *b, gen_case *k) {
  return morphism_with(c, b, M_NONDEGEN | M_NESTED_COD, k);
}

/* Standard-form morphisms: f_L of a tractable non-degenerate layout. */
static int g_standard_morphism(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_morphism f, s;
  lo_layout l;
  lo_err e;
  morphism(c, b, M_NONDEGEN, &f);
  if (lo_morphism_layout(&f, &l, &e) || lo_morphism_of_layout(&l, &s, &e)) return -1;
  return gen_put_morphism(k, &s);
}

/* g and f with f : S -> T, g : T -> U (printed g first: composition g f). */
static int g_composable(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_morphism f, g;
  morphism(c, b, M_NESTED_COD | (gen_flip(c, 8) ? 0 : M_NONDEGEN), &f);
  morphism_from(c, b, &f.cod, M_NESTED_COD, &g);
  return gen_put_morphism(k, &g) || gen_put_morphism(k, &f);
}

/* h, g, f composable: f : S -> T, g : T -> U, h : U -> V. */
static int g_composable3(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_morphism f, g, h;
  morphism(c, b, M_NESTED_COD, &f);
  morphism_from(c, b, &f.cod, M_NESTED_COD, &g);
  morphism_from(c, b, &g.cod, M_NESTED_COD, &h);
  return gen_put_morphism(k, &h) || gen_put_morphism(k, &g) || gen_put_morphism(k, &f);
}

/* f and g into the same T with disjoint images (for concatenation). */
static int g_disjoint(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_morphism f, g;
  codomain(c, b, M_NESTED_COD, &f.cod);
  g.cod = f.cod;
  int n = f.cod.len, which[LO_MAX_LEAVES], of[LO_MAX_LEAVES], og[LO_MAX_LEAVES], nf = 0, ng = 0;
  for (int j = 0; j < n; j++) {
    which[j] = (int)gen_draw(c, 2); /* 0: f, 1: g, 2: neither */
    if (which[j] == 0)
      of[nf++] = j;
    else if (which[j] == 1)
      og[ng++] = j;
  }
  gen_shuffle(c, of, nf);
  gen_shuffle(c, og, ng);
  lo_int df[LO_MAX_LEAVES], dg[LO_MAX_LEAVES];
  for (int i = 0; i < nf; i++) {
    df[i] = f.cod.leaf[of[i]];
    f.map[i] = of[i] + 1;
  }
  for (int i = 0; i < ng; i++) {
    dg[i] = g.cod.leaf[og[i]];
    g.map[i] = og[i] + 1;
  }
  lo_tuple_flat(&f.dom, df, nf);
  lo_tuple_flat(&g.dom, dg, ng);
  random_profile(c, b, &f.dom, 0);
  random_profile(c, b, &g.dom, 0);
  return gen_put_morphism(k, &f) || gen_put_morphism(k, &g);
}

/* f and g with g : S -> T injective, f : T -> U (logical_divide f g). */
static int g_divisible(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_morphism f, g;
  morphism(c, b, M_INJECTIVE | M_NESTED_COD | M_NONDEGEN, &g);
  morphism_from(c, b, &g.cod, M_NONDEGEN, &f);
  return gen_put_morphism(k, &f) || gen_put_morphism(k, &g);
}

/* f injective and g : U -> domain(f^c) (logical_product f g). */
static int g_product_admissible(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_morphism f, fc, g;
  lo_err e;
  morphism(c, b, M_INJECTIVE | M_NONDEGEN, &f);
  if (lo_morphism_complement(&f, &fc, &e)) return -1;
  g.cod = fc.dom;
  morphism_into(c, b, M_NONDEGEN, &g);
  return gen_put_morphism(k, &f) || gen_put_morphism(k, &g);
}

/* ------------------------------------------------------- layout pairs */

/* A and B for composition A B: A = L_g, B = L_f for composable f, g
** (Theorem B), so CuTe's conditions hold. */
static int g_composable_layouts(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_morphism f, g;
  lo_layout la, lb;
  lo_err e;
  morphism(c, b, M_NONDEGEN, &f);
  morphism_from(c, b, &f.cod, 0, &g);
  if (lo_morphism_layout(&g, &la, &e) || lo_morphism_layout(&f, &lb, &e)) return -1;
  return gen_put_layout(k, &la) || gen_put_layout(k, &lb);
}

/* A and B for logical_divide A B: A = L_f, B = L_g with g : S -> T
** injective and f : T -> U (Theorem E). */
static int g_divide_layouts(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_morphism f, g;
  lo_layout la, lb;
  lo_err e;
  morphism(c, b, M_INJECTIVE | M_NONDEGEN, &g);
  morphism_from(c, b, &g.cod, M_NONDEGEN, &f);
  if (lo_morphism_layout(&f, &la, &e) || lo_morphism_layout(&g, &lb, &e)) return -1;
  return gen_put_layout(k, &la) || gen_put_layout(k, &lb);
}

/* A and B for logical_product A B: A = L_f, B = L_g with f injective and
** codomain(g) = domain(f^c) (Theorem F). */
static int g_product_layouts(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_morphism f, fc, g;
  lo_layout la, lb;
  lo_err e;
  morphism(c, b, M_INJECTIVE | M_NONDEGEN, &f);
  if (lo_morphism_complement(&f, &fc, &e)) return -1;
  g.cod = fc.dom;
  morphism_into(c, b, M_NONDEGEN, &g);
  if (lo_morphism_layout(&f, &la, &e) || lo_morphism_layout(&g, &lb, &e)) return -1;
  return gen_put_layout(k, &la) || gen_put_layout(k, &lb);
}

/* Any two layouts (for properties over arbitrary pairs). */
static int g_layout_pair(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_layout x, y;
  any_layout(c, b, 0, &x);
  any_layout(c, b, 0, &y);
  return gen_put_layout(k, &x) || gen_put_layout(k, &y);
}

/* A and B with the same layout function: B splits some of A's modes
** (s = s1 s2 with strides d and d s1), inserts size-1 modes and re-nests;
** sometimes one stride of B is then changed, so that both answers of
** "same function?" come up. */
static int g_alike_layouts(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_layout a, l;
  lo_int s[LO_MAX_LEAVES], d[LO_MAX_LEAVES];
  int n = 0;
  any_layout(c, b, 0, &a);
  for (int i = 0; i < a.shape.len && n < LO_MAX_LEAVES - 3; i++) {
    lo_int si = a.shape.leaf[i], di = a.stride[i];
    if (gen_flip(c, 5)) { /* a size-1 mode with any stride */
      s[n] = 1;
      d[n++] = gen_stride(c, b);
    }
    lo_int q = 1;
    for (lo_int f = 2; f < si; f++)
      if (si % f == 0 && gen_flip(c, 2)) {
        q = f;
        break;
      }
    if (q > 1) {
      s[n] = q;
      d[n++] = di;
      s[n] = si / q;
      d[n++] = di * q;
    } else {
      s[n] = si;
      d[n++] = di;
    }
  }
  if (n > 0 && gen_flip(c, 4)) d[gen_draw(c, (uint64_t)n - 1)] += 1 + (lo_int)gen_draw(c, 3);
  lo_layout_flat(&l, s, d, n);
  random_profile(c, b, &l.shape, 0);
  return gen_put_layout(k, &a) || gen_put_layout(k, &l);
}

/* A and B of one size, B's shape a regrouping of A's entries (neighbours
** merged, entries split in two) or a fresh factorisation of size(A), with
** size-1 entries now and then; strides drawn anew.  Shapes that share a
** refinement and shapes that do not both come up (layout_add). */
static int g_same_size_layouts(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_layout a, l;
  lo_int s[LO_MAX_LEAVES], d[LO_MAX_LEAVES], size = 1;
  int n = 0;
  any_layout(c, b, 0, &a);
  for (int i = 0; i < a.shape.len; i++) size *= a.shape.leaf[i];
  if (!gen_flip(c, 3)) { /* regroup A's entries */
    for (int i = 0; i < a.shape.len && n < LO_MAX_LEAVES - 3; i++) {
      lo_int x = a.shape.leaf[i], f = 1;
      if (n > 0 && gen_flip(c, 3)) {
        s[n - 1] *= x;
        continue;
      }
      for (lo_int p = 2; p < x; p++)
        if (x % p == 0 && gen_flip(c, 2)) {
          f = p;
          break;
        }
      if (f > 1) s[n++] = f;
      s[n++] = x / f;
    }
  } else { /* size(A) split into its prime factors, some grouped */
    lo_int rest = size;
    for (lo_int p = 2; rest > 1 && n < LO_MAX_LEAVES - 3; p++)
      while (rest % p == 0 && n < LO_MAX_LEAVES - 3) {
        rest /= p;
        if (n > 0 && gen_flip(c, 2))
          s[n - 1] *= p;
        else
          s[n++] = p;
      }
    if (rest > 1) s[n++] = rest;
    if (n > 1 && gen_flip(c, 2)) /* the factors in the other order */
      for (int i = 0, j = n - 1; i < j; i++, j--) {
        lo_int t = s[i];
        s[i] = s[j];
        s[j] = t;
      }
  }
  if (n < LO_MAX_LEAVES - 1 && gen_flip(c, 4)) s[n++] = 1;
  for (int i = 0; i < n; i++) d[i] = gen_stride(c, b);
  lo_layout_flat(&l, s, d, n);
  random_profile(c, b, &l.shape, 0);
  return gen_put_layout(k, &a) || gen_put_layout(k, &l);
}

/* A flat layout rich in coalescing redexes: modes packed against their
** left neighbour (d = s' d'), size-1 modes, broadcasts, and others. */
static int g_packed_layout(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_int s[LO_MAX_LEAVES], d[LO_MAX_LEAVES], size = 1, cos = 1;
  int n = 0;
  int top = b->max_rank < LO_MAX_LEAVES ? b->max_rank : LO_MAX_LEAVES;
  while (n < 2 ? n < top : gen_more(c, n, top)) { /* at least two modes: a redex needs a pair */
    s[n] = gen_shape_entry(c, b, b->max_size / size);
    uint64_t kind = gen_draw(c, 4); /* 0, 1: packed; 2, 3: a unit mode; 4: any */
    if (kind <= 1)
      d[n] = n ? s[n - 1] * d[n - 1] : 1;
    else if (kind <= 3)
      s[n] = 1, d[n] = gen_stride(c, b);
    else
      d[n] = gen_stride(c, b);
    if (d[n] > b->max_size) d[n] = 0; /* keep cosize within bounds */
    size *= s[n];
    cos += (s[n] - 1) * d[n];
    if (cos > 64 * b->max_size) break;
    n++;
  }
  lo_layout l;
  lo_layout_flat(&l, s, d, n);
  return gen_put_layout(k, &l);
}

/* ---------------------------------------------------------------- table */

static const gen_info table[] = {
    {"tuple", "X", "a nested tuple", g_tuple},
    {"refinement", "X' X", "a nested tuple X and a refinement X' of it", g_refinement},
    {"mutual", "T U", "nested tuples with a mutual refinement", g_mutual},
    {"layout", "L", "any layout: rank, shapes, strides (zero often), nesting", g_layout},
    {"flat_layout", "L", "any flat layout", g_flat_layout},
    {"layout_index", "L x", "a layout and an index in [0, size]", g_layout_index},
    {"layout_pair", "A B", "two layouts", g_layout_pair},
    {"alike_layouts", "A B", "two layouts, usually with the same layout function", g_alike_layouts},
    {"same_size_layouts", "A B", "two layouts of one size, shapes often sharing a refinement",
     g_same_size_layouts},
    {"packed_layout", "L", "a flat layout rich in packed neighbours and size-1 modes",
     g_packed_layout},
    {"tractable", "L", "a tractable layout L_f", g_tractable},
    {"nondegenerate", "L", "a non-degenerate tractable layout", g_nondegenerate},
    {"sorted", "L", "a sorted flat layout", g_sorted},
    {"coalesced", "L", "a coalesced layout", g_coalesced},
    {"compact", "L", "a compact layout (L_f of an isomorphism)", g_compact},
    {"injective", "L", "an injective (complementable) layout", g_injective},
    {"complementable", "L N", "a complementable layout and N (sometimes not a multiple)",
     g_complementable},
    {"finstar", "MAP n", "a pointed map <m>* -> <n>*", g_finstar},
    {"morphism", "f", "a Nest morphism", g_morphism},
    {"tuple_morphism", "f", "a Tuple morphism (flat domain and codomain)", g_tuple_morphism},
    {"injective_morphism", "f", "an injective (complementable) morphism", g_injective_morphism},
    {"nondegenerate_morphism", "f", "a non-degenerate morphism", g_nondegenerate_morphism},
    {"standard_morphism", "f", "a non-degenerate morphism of standard form", g_standard_morphism},
    {"composable", "g f", "composable morphisms f : S -> T, g : T -> U", g_composable},
    {"composable3", "h g f", "three composable morphisms", g_composable3},
    {"disjoint", "f g", "morphisms into one codomain with disjoint images", g_disjoint},
    {"divisible", "f g", "g : S -> T injective, f : T -> U (f / g)", g_divisible},
    {"product_admissible", "f g", "f injective, codomain(g) = domain(f^c)", g_product_admissible},
    {"composable_layouts", "A B", "A = L_g, B = L_f for composable f, g", g_composable_layouts},
    {"divide_layouts", "A B", "A = L_f, B = L_g with g injective into domain(f)", g_divide_layouts},
    {"product_layouts", "A B", "A = L_f injective, B = L_g into domain(f^c)", g_product_layouts},
};

/* The registry: this file's table and those of the generator files that
** serve particular parts of the catalogue (declared in gen_values.h). */

typedef struct gen_table {
  const gen_info *rows;
  const int *count;
} gen_table;

static const int table_count = (int)(sizeof table / sizeof table[0]);

static const gen_table tables[] = {
    {table, &table_count},
    {gen_flat_table, &gen_flat_count},
    {gen_nested_table, &gen_nested_count},
    {gen_category_table, &gen_category_count},
    {gen_nest_table, &gen_nest_count},
    {gen_views_table, &gen_views_count},
    {gen_recast_table, &gen_recast_count},
    {gen_forms_table, &gen_forms_count},
    {gen_swizzle_table, &gen_swizzle_count},
    {gen_f2_table, &gen_f2_count},
    {gen_negative_table, &gen_negative_count},
    {gen_basis_table, &gen_basis_count},
    {gen_sw_diff_table, &gen_sw_diff_count},
};

#define NTABLES ((int)(sizeof tables / sizeof tables[0]))

const gen_info *gen_at(int i) {
  if (i < 0) return NULL;
  for (int t = 0; t < NTABLES; t++) {
    if (i < *tables[t].count) return &tables[t].rows[i];
    i -= *tables[t].count;
  }
  return NULL;
}

/* How many generators the registry has. */
int gen_count(void) {
  int n = 0;
  for (int t = 0; t < NTABLES; t++) n += *tables[t].count;
  return n;
}

const gen_info *gen_find(const char *name) {
  for (int i = 0, n = gen_count(); i < n; i++)
    if (strcmp(gen_at(i)->name, name) == 0) return gen_at(i);
  return NULL;
}

/* Resolve space-separated generator names into plan (see gen.h). */
int gen_plan_resolve(const char *names, gen_plan *plan) {
  char buf[256];
  plan->n = 0;
  if (snprintf(buf, sizeof buf, "%s", names) >= (int)sizeof buf) return -1;
  for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
    const gen_info *g = gen_find(tok);
    if (!g || plan->n >= GEN_MAX_ARGS) return -1;
    plan->part[plan->n++] = g;
  }
  return plan->n ? 0 : -1;
}

/* Run the plan's generators once, in order, into k; 0, or -1 to discard. */
static int plan_run_once(const gen_plan *plan, gen_choices *c, const gen_bounds *b, gen_case *k) {
  for (int i = 0; i < plan->n; i++) {
    gen_case part;
    memset(&part, 0, sizeof part);
    if (plan->part[i]->fn(c, b, &part)) return -1;
    if (k->argc + part.argc > GEN_MAX_ARGS) return -1;
    for (int a = 0; a < part.argc; a++) memcpy(k->argv[k->argc++], part.argv[a], GEN_ARG_LEN);
    k->labels |= part.labels;
  }
  return 0;
}

/* Draws of a case outside a system under test's bounds before it is
** discarded. */
#define SUT_TRIES 16

/* Run the plan's generators in order into k (see gen.h); a case outside
** b's sut_ bounds is drawn again from the same stream (so a replayed
** stream still makes the same case), SUT_TRIES times at most. */
int gen_plan_run(const gen_plan *plan, gen_choices *c, const gen_bounds *b, gen_case *k) {
  char why[160];
  int argc = k->argc;
  uint32_t labels = k->labels;
  for (int t = 0; t < SUT_TRIES; t++) {
    k->argc = argc; /* drop the arguments of the refused draw */
    k->labels = labels;
    if (plan_run_once(plan, c, b, k)) return -1;
    if (gen_sut_admits(b, k, why, sizeof why)) return 0;
  }
  return -1;
}
