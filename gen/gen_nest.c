/*
** gen_nest.c -- generators for the properties of the category Nest and the
** composition algorithm (the paper's section 3.2 and chapter 4).
**
** Same conventions as generators.c: every generator is total over choice
** streams and keeps sizes within the bounds; a stream of zeros gives the
** simplest value (entries 2, flat nestings, identity orders, every entry
** hit, trivial refinements, no perturbation).
*/
#include "gen.h"
#include "gen_values.h"

#include "lo.h"

#include <string.h>

enum {
  F_INJECTIVE = 1, /* no domain entry goes to * */
  F_NONDEGEN = 2,  /* size-1 domain entries go to * */
  F_NO_ONES = 4,   /* no entry 1 among the extra entries */
  F_HALF = 8       /* each codomain entry hit with odds 1/2 (else 3/4) */
};

/* ------------------------------------------------------------ primitives */

/* An entry in [1, min(max_entry, budget)]: 0 gives 2, 1 gives 1 (or 2
** when ones are not wanted). */
static lo_int entry(gen_choices *c, const gen_bounds *b, lo_int budget, int ones) {
  lo_int top = b->max_entry < budget ? b->max_entry : budget;
  if (top <= 1) return 1;
  uint64_t v = gen_small(c, (uint64_t)top - 1);
  return v == 0 ? 2 : v == 1 ? (ones ? 1 : 2) : (lo_int)v + 1;
}

/* A list of entries with product at most budget into v; returns its length. */
static int entries(gen_choices *c, const gen_bounds *b, lo_int budget, int ones, lo_int *v) {
  lo_int size = 1;
  int n = 0;
  while (gen_more(c, n, gen_max_len(b))) {
    v[n] = entry(c, b, budget / size, ones);
    size *= v[n++];
  }
  return n;
}

/* A random profile for t (its leaves set): an integer or a tuple for one
** leaf, a tuple otherwise, at most max_depth deep. */
static void nest(gen_choices *c, const gen_bounds *b, lo_tuple *t) {
  int n = t->len, depth = b->max_depth < 1 ? 1 : b->max_depth;
  t->ntok = 0;
  if (n == 0) {
    t->tok[t->ntok++] = '(';
    t->tok[t->ntok++] = ')';
    return;
  }
  if (n == 1) {
    gen_profile_rec(c, 1, depth, t->tok, &t->ntok);
    return;
  }
  gen_profile_rec(c, n, depth, t->tok, &t->ntok);
}

/* A nested tuple of size x (a relative mode of a refinement): an ordered
** factorization, sometimes with a factor 1, or () for x = 1. */
static void factor(gen_choices *c, const gen_bounds *b, lo_int x, lo_tuple *out) {
  lo_int f[8];
  int n = 0;
  if (x == 1 && gen_flip(c, 8)) {
    lo_tuple_flat(out, f, 0);
    return;
  }
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
  if (gen_flip(c, 10)) { /* a factor 1 somewhere */
    int at = (int)gen_draw(c, (uint64_t)n);
    memmove(f + at + 1, f + at, (size_t)(n - at) * sizeof *f);
    f[at] = 1;
    n++;
  }
  if (n == 1 && !gen_flip(c, 4)) {
    lo_tuple_int(out, f[0]);
    return;
  }
  lo_tuple_flat(out, f, n);
  gen_bounds bb = *b;
  bb.max_depth = b->max_depth > 1 ? 2 : 1;
  nest(c, &bb, out);
  if (lo_tuple_is_int(out)) lo_tuple_flat(out, f, n);
}

/* A refinement of t: each entry replaced by a nested tuple of its size
** (t itself when the result would exceed the limits). */
static void refine(gen_choices *c, const gen_bounds *b, const lo_tuple *t, lo_tuple *out,
                   gen_case *k) {
  lo_tuple items[LO_MAX_LEAVES];
  lo_err e;
  for (int i = 0; i < t->len; i++) factor(c, b, t->leaf[i], &items[i]);
  if (lo_tuple_substitute(t, items, out, &e)) *out = *t;
  if (!lo_tuple_equal(out, t)) gen_label(k, GEN_L_REFINED);
}

/* A flat list of entries given a random nesting. */
static void tuple_of(gen_choices *c, const gen_bounds *b, const lo_int *v, int n, int nested,
                     lo_tuple *t) {
  lo_tuple_flat(t, v, n);
  if (nested) nest(c, b, t);
}

/* A random codomain: entries (1s allowed) with size within max_size. */
static void codomain(gen_choices *c, const gen_bounds *b, lo_tuple *t) {
  lo_int v[LO_MAX_LEAVES];
  int n = entries(c, b, b->max_size, 1, v);
  tuple_of(c, b, v, n, 1, t);
}

/* Fill f's domain and map for its codomain (L_f is tractable, Prop 3.1.2.10): a
** subset of the codomain hit in random order, and unmapped extra entries
** that keep size(S) within max_size. */
static void map_into(gen_choices *c, const gen_bounds *b, int flags, lo_morphism *f) {
  int order[LO_MAX_LEAVES], m = 0, len = 0, map[LO_MAX_LEAVES];
  lo_int dom[LO_MAX_LEAVES], size = 1;
  for (int j = 0; j < f->cod.len; j++)
    if (!gen_flip(c, (flags & F_HALF) ? 2 : 4)) order[m++] = j;
  gen_shuffle(c, order, m);
  for (int i = 0; i < m; i++) {
    lo_int v = f->cod.leaf[order[i]];
    int degenerate = (flags & F_NONDEGEN) && v == 1;
    if (degenerate && (flags & F_INJECTIVE)) continue;
    dom[len] = v;
    map[len++] = degenerate ? 0 : order[i] + 1;
    size *= v;
  }
  int extras = (flags & F_INJECTIVE) ? 0 : (int)gen_small(c, 2);
  for (int e = 0; e < extras && len < b->max_rank + 2 && len < LO_MAX_LEAVES; e++) {
    int at = (int)gen_draw(c, (uint64_t)len);
    memmove(dom + at + 1, dom + at, (size_t)(len - at) * sizeof *dom);
    memmove(map + at + 1, map + at, (size_t)(len - at) * sizeof *map);
    dom[at] = entry(c, b, b->max_size / size, !(flags & F_NO_ONES));
    map[at] = 0;
    size *= dom[at];
    len++;
  }
  tuple_of(c, b, dom, len, 1, &f->dom);
  memcpy(f->map, map, (size_t)len * sizeof *map);
}

/* g : T -> U for the given T: T's entries go to distinct places of a
** shuffled U that holds them and some extra entries, or to *. */
static void map_from(gen_choices *c, const gen_bounds *b, const lo_tuple *t, int flags,
                     lo_morphism *g) {
  int k = t->len, hit[LO_MAX_LEAVES], nu = 0, perm[LO_MAX_LEAVES], inv[LO_MAX_LEAVES];
  lo_int u[LO_MAX_LEAVES], size = 1, uu[LO_MAX_LEAVES];
  for (int i = 0; i < k; i++) {
    hit[i] = (flags & F_INJECTIVE) || !gen_flip(c, 4);
    if ((flags & F_NONDEGEN) && t->leaf[i] == 1) hit[i] = 0;
    if (hit[i]) size *= u[nu++] = t->leaf[i];
  }
  int extras = (int)gen_small(c, 2);
  for (int e = 0; e < extras && nu < b->max_rank + 2 && nu < LO_MAX_LEAVES; e++) {
    u[nu] = entry(c, b, b->max_size / size, !(flags & F_NO_ONES));
    size *= u[nu++];
  }
  for (int j = 0; j < nu; j++) perm[j] = j;
  gen_shuffle(c, perm, nu); /* position j of U holds entry perm[j] */
  for (int j = 0; j < nu; j++) {
    uu[j] = u[perm[j]];
    inv[perm[j]] = j;
  }
  g->dom = *t;
  for (int i = 0, h = 0; i < k; i++) g->map[i] = hit[i] ? inv[h++] + 1 : 0;
  tuple_of(c, b, uu, nu, 1, &g->cod);
}

/* Product of v[0..n). */
static lo_int product(const lo_int *v, int n) {
  lo_int p = 1;
  for (int i = 0; i < n; i++) p *= v[i];
  return p;
}

/* Group v[0..n) into consecutive runs, the products into out; returns the
** number of runs. */
static int group(gen_choices *c, const lo_int *v, int n, lo_int *out) {
  int k = 0;
  for (int i = 0; i < n;) {
    int g = 1 + (int)gen_small(c, (uint64_t)(n - i - 1));
    out[k++] = product(v + i, g);
    i += g;
  }
  return k;
}

/* T and U, usually with a mutual refinement (T groups a prefix of a list
** of factors that U groups whole), sometimes perturbed so that none exists.
** T has no entry 1; U may have some.  Both have size within max_size. */
static void tuple_pair(gen_choices *c, const gen_bounds *b, lo_tuple *t, lo_tuple *u) {
  lo_int fine[LO_MAX_LEAVES], tv[LO_MAX_LEAVES + 1], uv[LO_MAX_LEAVES + 1], size = 1;
  int n = 0, nt, nu;
  int cap = gen_max_len(b) + 2 < LO_MAX_LEAVES - 2 ? gen_max_len(b) + 2 : LO_MAX_LEAVES - 2;
  while (gen_more(c, n, cap)) {
    fine[n] = entry(c, b, b->max_size / size, 0);
    if (fine[n] == 1) break;
    size *= fine[n++];
  }
  int prefix = n == 0 || gen_flip(c, 8) ? 0 : n - (int)gen_small(c, (uint64_t)n - 1);
  nu = group(c, fine, n, uv);
  nt = group(c, fine, prefix, tv);
  lo_int st = product(tv, nt), room = b->max_size / size;
  switch (gen_draw(c, 2) ? gen_draw(c, 3) : 4) {
    case 0: /* scale an entry of T */
      if (nt && room >= 2) tv[gen_draw(c, (uint64_t)nt - 1)] *= 2 + (lo_int)gen_draw(c, 1);
      break;
    case 1: /* swap two entries of T */
      if (nt >= 2) {
        int i = (int)gen_draw(c, (uint64_t)nt - 2);
        lo_int x = tv[i];
        tv[i] = tv[i + 1];
        tv[i + 1] = x;
      }
      break;
    case 2: /* T longer than U */
      if (nt < LO_MAX_LEAVES && b->max_size / st >= 2) tv[nt++] = entry(c, b, b->max_size / st, 0);
      break;
    case 3: /* scale an entry of U */
      if (nu && room >= 2) uv[gen_draw(c, (uint64_t)nu - 1)] *= 2 + (lo_int)gen_draw(c, 1);
      break;
    default:
      break;
  }
  if (nu < LO_MAX_LEAVES && gen_flip(c, 6)) { /* a 1 in U */
    int at = (int)gen_draw(c, (uint64_t)nu);
    memmove(uv + at + 1, uv + at, (size_t)(nu - at) * sizeof *uv);
    uv[at] = 1;
    nu++;
  }
  tuple_of(c, b, tv, nt, 1, t);
  tuple_of(c, b, uv, nu, 1, u);
}

/* A random layout (not necessarily tractable): entries and strides. */
static void any_layout(gen_choices *c, const gen_bounds *b, lo_layout *l) {
  lo_int s[LO_MAX_LEAVES], d[LO_MAX_LEAVES], size = 1;
  int n = 0;
  while (gen_more(c, n, gen_max_len(b))) {
    s[n] = entry(c, b, b->max_size / size, 1);
    size *= s[n];
    switch (gen_draw(c, 3)) {
      case 0:
        d[n] = 0;
        break;
      case 1:
        d[n] = 1 + (lo_int)gen_draw(c, 7);
        break;
      case 2:
        d[n] = (lo_int)1 << gen_draw(c, 6);
        break;
      default:
        d[n] = (lo_int)gen_draw(c, (uint64_t)(b->max_stride > 0 ? b->max_stride : 0));
        break;
    }
    n++;
  }
  lo_layout_flat(l, s, d, n);
  nest(c, b, &l->shape);
}

/* A random Nest morphism: nested codomain with 1s, any map into it. */
static void any_morphism(gen_choices *c, const gen_bounds *b, int flags, lo_morphism *f) {
  codomain(c, b, &f->cod);
  map_into(c, b, flags, f);
}

/* ------------------------------------------------------------ generators */

/* f : S -> T and T' refining T (pullback f T'). */
static int g_nest_refined_cod(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_morphism f;
  lo_tuple tp;
  any_morphism(c, b, 0, &f);
  refine(c, b, &f.cod, &tp, k);
  return gen_put_morphism(k, &f) || gen_put_tuple(k, &tp);
}

/* f : S -> T and S' refining S (pushforward f S'). */
static int g_nest_refined_dom(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_morphism f;
  lo_tuple sp;
  any_morphism(c, b, 0, &f);
  refine(c, b, &f.dom, &sp, k);
  return gen_put_morphism(k, &f) || gen_put_tuple(k, &sp);
}

/* g, f composable (f : S -> T, g : T -> U), U' refining U, U'' refining U'. */
static int g_nest_pullback_chain(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_morphism f, g;
  lo_tuple u1, u2;
  any_morphism(c, b, 0, &f);
  map_from(c, b, &f.cod, 0, &g);
  refine(c, b, &g.cod, &u1, k);
  refine(c, b, &u1, &u2, k);
  return gen_put_morphism(k, &g) || gen_put_morphism(k, &f) || gen_put_tuple(k, &u1) ||
         gen_put_tuple(k, &u2);
}

/* g, f composable, S' refining S = domain(f), S'' refining S'. */
static int g_nest_pushforward_chain(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_morphism f, g;
  lo_tuple s1, s2;
  any_morphism(c, b, 0, &f);
  map_from(c, b, &f.cod, 0, &g);
  refine(c, b, &f.dom, &s1, k);
  refine(c, b, &s1, &s2, k);
  return gen_put_morphism(k, &g) || gen_put_morphism(k, &f) || gen_put_tuple(k, &s1) ||
         gen_put_tuple(k, &s2);
}

/* S' refining S and an entry index i of S (relative_mode_inclusion S' S i). */
static int g_nest_refinement_index(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_tuple s, sp;
  lo_int v[LO_MAX_LEAVES];
  int n = entries(c, b, b->max_size, 1, v);
  tuple_of(c, b, v, n, 1, &s);
  if (s.len == 0) lo_tuple_int(&s, 2);
  refine(c, b, &s, &sp, k);
  return gen_put_tuple(k, &sp) || gen_put_tuple(k, &s) ||
         gen_case_arg(k, "%d", 1 + (int)gen_draw(c, (uint64_t)s.len - 1));
}

/* T and U, about half of them mutually refinable (mutual_refinement T U). */
static int g_nest_tuple_pair(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_tuple t, u;
  tuple_pair(c, b, &t, &u);
  return gen_put_tuple(k, &t) || gen_put_tuple(k, &u);
}

/* Reparenthesizations id^{S2}_{S1} and id^{S3}_{S2} of one flat tuple,
** printed second first (composition r2 r1). */
static int g_nest_reparen(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_int v[LO_MAX_LEAVES];
  lo_tuple s[3];
  lo_morphism r1, r2;
  int n = entries(c, b, b->max_size, 1, v);
  for (int i = 0; i < 3; i++) tuple_of(c, b, v, n, 1, &s[i]);
  r1.dom = s[0];
  r1.cod = s[1];
  r2.dom = s[1];
  r2.cod = s[2];
  for (int i = 0; i < n; i++) r1.map[i] = r2.map[i] = i + 1;
  return gen_put_morphism(k, &r2) || gen_put_morphism(k, &r1);
}

/* A morphism and a domain entry index (entry f i). */
static int g_nest_morphism_entry(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_morphism f;
  any_morphism(c, b, 0, &f);
  uint64_t top = f.dom.len > 1 ? (uint64_t)f.dom.len - 1 : 0;
  return gen_put_morphism(k, &f) || gen_case_arg(k, "%d", 1 + (int)gen_draw(c, top));
}

/* 2 to 4 morphisms into one codomain with pairwise disjoint images. */
static int g_nest_disjoint(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_tuple t;
  codomain(c, b, &t);
  int nf = 2 + (int)gen_draw(c, 2), owner[LO_MAX_LEAVES];
  for (int j = 0; j < t.len; j++) owner[j] = (int)gen_draw(c, (uint64_t)nf); /* nf: none */
  for (int q = 0; q < nf; q++) {
    lo_morphism f;
    int pos[LO_MAX_LEAVES + 1], n = 0;
    lo_int v[LO_MAX_LEAVES + 1];
    for (int j = 0; j < t.len; j++)
      if (owner[j] == q) pos[n++] = j + 1;
    gen_shuffle(c, pos, n);
    for (int i = 0; i < n; i++) v[i] = t.leaf[pos[i] - 1];
    if (n < LO_MAX_LEAVES && gen_flip(c, 4)) { /* an unmapped entry */
      v[n] = entry(c, b, b->max_entry, 1);
      pos[n++] = 0;
    }
    f.cod = t;
    tuple_of(c, b, v, n, 1, &f.dom);
    memcpy(f.map, pos, (size_t)n * sizeof *pos);
    if (gen_put_morphism(k, &f)) return -1;
  }
  return 0;
}

/* f injective and g a complement of f (f^c with its entries permuted and
** re-nested); when spoil is set, g is sometimes changed so that it is not
** a complement (an entry dropped, or an unmapped entry added to g or f). */
static int complement_pair(gen_choices *c, const gen_bounds *b, int spoil, gen_case *k) {
  lo_morphism f, g;
  int pos[LO_MAX_LEAVES + 1], n = 0;
  char hit[LO_MAX_LEAVES + 1] = {0};
  lo_int v[LO_MAX_LEAVES + 1];
  any_morphism(c, b, F_INJECTIVE | F_HALF, &f);
  for (int i = 0; i < f.dom.len; i++) hit[f.map[i]] = 1;
  for (int j = 1; j <= f.cod.len; j++)
    if (!hit[j]) pos[n++] = j;
  gen_shuffle(c, pos, n);
  for (int i = 0; i < n; i++) v[i] = f.cod.leaf[pos[i] - 1];
  int how = spoil && gen_flip(c, 2) ? (int)gen_draw(c, 2) : 3;
  if (how == 0 && n > 0) n--; /* drop g's last entry */
  if (how == 1 && n < LO_MAX_LEAVES) {
    v[n] = entry(c, b, b->max_entry, 1);
    pos[n++] = 0;
  }
  if (how == 2 && f.dom.len < LO_MAX_LEAVES) { /* f gets an unmapped entry */
    lo_int fv[LO_MAX_LEAVES];
    memcpy(fv, f.dom.leaf, (size_t)f.dom.len * sizeof *fv);
    fv[f.dom.len] = entry(c, b, b->max_entry, 1);
    f.map[f.dom.len] = 0;
    tuple_of(c, b, fv, f.dom.len + 1, 1, &f.dom);
  }
  g.cod = f.cod;
  tuple_of(c, b, v, n, 1, &g.dom);
  memcpy(g.map, pos, (size_t)n * sizeof *pos);
  return gen_put_morphism(k, &f) || gen_put_morphism(k, &g);
}

/* The generator nest_complement (f g): f injective and g a permuted, re-nested complement of f. */
static int g_nest_complement(gen_choices *c, const gen_bounds *b, gen_case *k) {
  return complement_pair(c, b, 0, k);
}
/* The generator nest_maybe_complement (f g): f and g with disjoint images, about half
 * complementary. */
static int g_nest_maybe_complement(gen_choices *c, const gen_bounds *b, gen_case *k) {
  return complement_pair(c, b, 1, k);
}

/* g, f composable with f often degenerate: 1s in T hit by f. */
static int g_nest_composable(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_morphism f, g;
  codomain(c, b, &f.cod);
  if (f.cod.len < gen_max_len(b) && gen_flip(c, 2)) { /* one more entry 1 */
    lo_int v[LO_MAX_LEAVES];
    int at = (int)gen_draw(c, (uint64_t)f.cod.len);
    memcpy(v, f.cod.leaf, (size_t)f.cod.len * sizeof *v);
    memmove(v + at + 1, v + at, (size_t)(f.cod.len - at) * sizeof *v);
    v[at] = 1;
    tuple_of(c, b, v, f.cod.len + 1, 1, &f.cod);
  }
  map_into(c, b, 0, &f);
  map_from(c, b, &f.cod, 0, &g);
  return gen_put_morphism(k, &g) || gen_put_morphism(k, &f);
}

/* f : S -> T and g : U -> V with (T, U) usually mutually refinable
** (weak_composite f g). */
static int g_nest_replaceable(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_morphism f, g;
  lo_tuple u;
  tuple_pair(c, b, &f.cod, &u);
  map_into(c, b, 0, &f);
  map_from(c, b, &u, 0, &g);
  return gen_put_morphism(k, &f) || gen_put_morphism(k, &g);
}

/* B and A, tractable (composition_algorithm B A, A applied first): A = L_f
** and B = L_g with g composable with f, or with domain(g) mutually
** refinable with codomain(f), or independent. */
static int g_nest_algorithm_pair(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_morphism f, g;
  lo_layout la, lb;
  lo_err e;
  lo_tuple u;
  switch (gen_draw(c, 2)) {
    case 0:
      any_morphism(c, b, F_NONDEGEN, &f);
      map_from(c, b, &f.cod, 0, &g);
      break;
    case 1:
      tuple_pair(c, b, &f.cod, &u);
      map_into(c, b, F_NONDEGEN, &f);
      map_from(c, b, &u, 0, &g);
      break;
    default:
      any_morphism(c, b, 0, &f);
      any_morphism(c, b, 0, &g);
      break;
  }
  if (lo_morphism_layout(&f, &la, &e) || lo_morphism_layout(&g, &lb, &e)) return -1;
  return gen_put_layout(k, &lb) || gen_put_layout(k, &la);
}

/* Break the standard form of the codomain t[0..*nt) whose mapped
** positions are pos[0..np): (0) an unmapped entry at the end, (1) an
** unmapped 1, (2) two unmapped entries side by side. */
static void spoil_standard(gen_choices *c, const gen_bounds *b, int how, lo_int *t, int *nt,
                           int *pos, int np) {
  int at = how == 0 ? *nt : (int)gen_draw(c, (uint64_t)*nt), w = how == 2 ? 2 : 1;
  memmove(t + at + w, t + at, (size_t)(*nt - at) * sizeof *t);
  for (int k = 0; k < w; k++) t[at + k] = how == 1 ? 1 : entry(c, b, b->max_entry, how == 0);
  *nt += w;
  for (int i = 0; i < np; i++)
    if (pos[i] > at) pos[i] += w;
}

/* A non-degenerate morphism, usually of standard form (Def 3.1.2.12 with
** the n = 1 fix), built directly: a flat codomain whose unmapped entries are > 1 and
** each followed by a mapped one, the last entry mapped; a nested domain
** holding the mapped entries in random order and unmapped extras.  One
** case in three is spoiled: an unmapped last entry, an unmapped 1, two
** unmapped entries side by side, or a nested codomain. */
static int g_nest_standard(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_int t[2 * LO_MAX_LEAVES + 2], dom[LO_MAX_LEAVES], size = 1;
  int nt = 0, pos[LO_MAX_LEAVES], np = 0, map[LO_MAX_LEAVES];
  while (b->max_size / size >= 2 && nt < LO_MAX_LEAVES - 4 && gen_more(c, np, gen_max_len(b))) {
    if (gen_flip(c, 3) && b->max_size / size >= 4) { /* an unmapped entry first */
      t[nt] = entry(c, b, b->max_size / size / 2, 0);
      size *= t[nt++];
    }
    t[nt] = entry(c, b, b->max_size / size, 0);
    size *= t[nt++];
    pos[np++] = nt;
  }
  int spoil = gen_flip(c, 3) ? (int)gen_draw(c, 3) : -1;
  if (spoil >= 0 && spoil < 3) spoil_standard(c, b, spoil, t, &nt, pos, np);
  gen_shuffle(c, pos, np);
  for (int i = 0; i < np; i++) {
    dom[i] = t[pos[i] - 1];
    map[i] = pos[i];
  }
  int len = np, extras = (int)gen_small(c, 2);
  for (int e = 0; e < extras && len < LO_MAX_LEAVES; e++) {
    int at = (int)gen_draw(c, (uint64_t)len);
    memmove(dom + at + 1, dom + at, (size_t)(len - at) * sizeof *dom);
    memmove(map + at + 1, map + at, (size_t)(len - at) * sizeof *map);
    dom[at] = entry(c, b, b->max_entry, 1);
    map[at] = 0;
    len++;
  }
  lo_morphism f;
  lo_tuple_flat(&f.cod, t, nt);
  if (spoil == 3) { /* a nested codomain: ((t_1, ..., t_n)) */
    memmove(f.cod.tok + 1, f.cod.tok, (size_t)f.cod.ntok);
    f.cod.tok[0] = '(';
    f.cod.tok[f.cod.ntok + 1] = ')';
    f.cod.ntok += 2;
  }
  tuple_of(c, b, dom, len, 1, &f.dom);
  memcpy(f.map, map, (size_t)len * sizeof *map);
  return gen_put_morphism(k, &f);
}

/* f and g for f (/) g: g : S -> T, usually injective and non-degenerate,
** and f : T -> U (logical_divide f g). */
static int g_nest_divide(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_morphism f, g;
  int flags = (gen_flip(c, 5) ? 0 : F_INJECTIVE) | (gen_flip(c, 6) ? 0 : F_NONDEGEN);
  any_morphism(c, b, flags, &g);
  map_from(c, b, &g.cod, gen_flip(c, 6) ? 0 : F_NONDEGEN, &f);
  return gen_put_morphism(k, &f) || gen_put_morphism(k, &g);
}

/* A layout: L_f of a random morphism (tractable, maybe degenerate) or a
** random layout (often not tractable). */
static int g_nest_maybe_tractable(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_layout l;
  lo_err e;
  if (gen_flip(c, 2)) {
    any_layout(c, b, &l);
  } else {
    lo_morphism f;
    any_morphism(c, b, 0, &f);
    if (lo_morphism_layout(&f, &l, &e)) return -1;
  }
  return gen_put_layout(k, &l);
}

/* ---------------------------------------------------------------- table */

const gen_info gen_nest_table[] = {
    {"nest_refined_cod", "f T'", "f : S -> T and a refinement T' of T", g_nest_refined_cod},
    {"nest_refined_dom", "f S'", "f : S -> T and a refinement S' of S", g_nest_refined_dom},
    {"nest_pullback_chain", "g f U' U''", "composable f, g and refinements U'' -> U' -> U",
     g_nest_pullback_chain},
    {"nest_pushforward_chain", "g f S' S''", "composable f, g and refinements S'' -> S' -> S",
     g_nest_pushforward_chain},
    {"nest_refinement_index", "S' S i", "a refinement S' of S and an entry index of S",
     g_nest_refinement_index},
    {"nest_tuple_pair", "T U", "nested tuples, about half mutually refinable; T has no 1s",
     g_nest_tuple_pair},
    {"nest_reparen", "r2 r1", "reparenthesizations S1 -> S2 -> S3 of one flat tuple",
     g_nest_reparen},
    {"nest_morphism_entry", "f i", "a Nest morphism and a domain entry index",
     g_nest_morphism_entry},
    {"nest_disjoint", "f1 f2 [f3 f4]", "2 to 4 morphisms into one codomain, disjoint images",
     g_nest_disjoint},
    {"nest_complement", "f g", "f injective and g a permuted, re-nested complement of f",
     g_nest_complement},
    {"nest_maybe_complement", "f g", "f and g with disjoint images, about half complementary",
     g_nest_maybe_complement},
    {"nest_composable", "g f", "composable f, g with f often degenerate", g_nest_composable},
    {"nest_replaceable", "f g", "f : S -> T, g : U -> V, (T, U) usually mutually refinable",
     g_nest_replaceable},
    {"nest_algorithm_pair", "B A", "tractable layouts for Algorithm 4.1.2 (A applied first)",
     g_nest_algorithm_pair},
    {"nest_standard", "f", "a non-degenerate Nest morphism, standard two times in three",
     g_nest_standard},
    {"nest_divide", "f g", "g : S -> T (usually injective), f : T -> U", g_nest_divide},
    {"nest_maybe_tractable", "L", "a layout, tractable about half of the time",
     g_nest_maybe_tractable},
};
const int gen_nest_count = (int)(sizeof gen_nest_table / sizeof gen_nest_table[0]);
