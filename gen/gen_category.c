/*
** gen_category.c -- generators for the properties of the category Tuple
** (the paper's section 3.1): flat tuple morphisms and the pairs, chains
** and families the statements quantify over, pointed maps of Fin*, and
** the flat layouts these morphisms encode.
**
** Every generator is total over choice streams and keeps the size of each
** tuple it prints within max_size.  Draws are arranged so that 0 is
** simplest: entries shrink to 2, lists to empty, hit sets to "every entry
** hit", orders to the identity, extra unmapped entries to none.
*/
#include "gen.h"
#include "gen_values.h"

#include "lo.h"

#include <stdio.h>
#include <string.h>

/* Flags of the morphism builders. */
enum {
  F_INJ = 1,      /* no domain entry goes to * */
  F_SURJ = 2,     /* every codomain entry is hit */
  F_NONDEG = 4,   /* domain entries equal to 1 go to * */
  F_SQUEEZED = 8, /* no domain entry equal to 1 */
  F_SPARSE = 16   /* each codomain entry hit only half of the time */
};

/* Flags of the standard-form builder. */
enum {
  S_INJ = 1,    /* no unmapped domain entries */
  S_DEGEN = 2,  /* hit codomain entries may be 1 (degenerate) */
  S_LITERAL = 4 /* the paper's literal rule: with n = 1 the entry may be unhit */
};

/* ------------------------------------------------------------ primitives */

/* An entry in [1, min(max_entry, budget)]: draw 0 gives 2, draw 1 gives 1
** (or 3 when ones are not wanted); 1 when the budget allows nothing else. */
static lo_int entry(gen_choices *c, const gen_bounds *b, lo_int budget, int ones) {
  lo_int top = gen_min(b->max_entry, budget);
  if (top < 2) return 1;
  uint64_t v = gen_small(c, (uint64_t)top - 1);
  if (v == 0) return 2;
  if (v == 1) return ones ? 1 : top >= 3 ? 3 : 2;
  return (lo_int)v + 1;
}

/* A flat tuple with size at most max_size (entries of 1 likely). */
static void flat_tuple(gen_choices *c, const gen_bounds *b, lo_tuple *t) {
  lo_int v[LO_MAX_LEAVES], size = 1;
  int n = 0;
  while (gen_more(c, n, gen_max_len(b))) {
    v[n] = entry(c, b, b->max_size / size, 1);
    size *= v[n++];
  }
  lo_tuple_flat(t, v, n);
}

/* Insert v (mapped to pos) at index at of the arrays of length *len. */
static void insert_at(lo_int *dom, int *map, int *len, int at, lo_int v, int pos) {
  memmove(dom + at + 1, dom + at, (size_t)(*len - at) * sizeof *dom);
  memmove(map + at + 1, map + at, (size_t)(*len - at) * sizeof *map);
  dom[at] = v;
  map[at] = pos;
  (*len)++;
}

/* Up to two unmapped entries at random places, within the size budget
** (entries of 1 unless no_ones). */
static void add_extras(gen_choices *c, const gen_bounds *b, lo_int *dom, int *map, int *len,
                       lo_int size, int no_ones) {
  int extras = (int)gen_small(c, 2);
  for (int e = 0; e < extras && *len < LO_MAX_LEAVES; e++) {
    int at = (int)gen_draw(c, (uint64_t)*len);
    lo_int v = entry(c, b, b->max_size / size, !no_ones);
    insert_at(dom, map, len, at, v, 0);
    size *= v;
  }
}

/* f : S -> f->cod (set by the caller): a subset of the codomain hit in
** random order, and unmapped extra entries unless injective or onto. */
static void flat_into(gen_choices *c, const gen_bounds *b, int flags, lo_morphism *f) {
  int n = f->cod.len, order[LO_MAX_LEAVES], m = 0, map[LO_MAX_LEAVES], len = 0;
  lo_int dom[LO_MAX_LEAVES], size = 1;
  for (int j = 0; j < n; j++)
    if ((flags & F_SURJ) || !gen_flip(c, (flags & F_SPARSE) ? 2 : 3)) order[m++] = j;
  gen_shuffle(c, order, m);
  for (int i = 0; i < m; i++) {
    lo_int t = f->cod.leaf[order[i]];
    int degenerate = (flags & F_NONDEG) && t == 1;
    if ((degenerate && (flags & F_INJ)) || ((flags & F_SQUEEZED) && t == 1)) continue;
    dom[len] = t;
    map[len++] = degenerate ? 0 : order[i] + 1;
    size *= t;
  }
  if (!(flags & (F_INJ | F_SURJ))) add_extras(c, b, dom, map, &len, size, flags & F_SQUEEZED);
  for (int i = 0; i < len; i++)
    if ((flags & F_NONDEG) && dom[i] == 1) map[i] = 0;
  lo_tuple_flat(&f->dom, dom, len);
  memcpy(f->map, map, (size_t)len * sizeof *map);
}

/* A flat morphism into a random flat codomain. */
static void flat_morphism(gen_choices *c, const gen_bounds *b, int flags, lo_morphism *f) {
  flat_tuple(c, b, &f->cod);
  flat_into(c, b, flags, f);
}

/* g : T -> U: T's entries go to distinct places of a shuffled flat U that
** holds them and up to two extra entries, or to *. */
static void flat_from(gen_choices *c, const gen_bounds *b, const lo_tuple *t, int flags,
                      lo_morphism *g) {
  int k = t->len, hit[LO_MAX_LEAVES], nu = 0, perm[LO_MAX_LEAVES], inv[LO_MAX_LEAVES];
  lo_int u[LO_MAX_LEAVES], size = 1;
  for (int i = 0; i < k; i++) {
    hit[i] = (flags & F_INJ) || !gen_flip(c, 4);
    if ((flags & F_NONDEG) && t->leaf[i] == 1) hit[i] = 0;
    if (hit[i]) {
      u[nu++] = t->leaf[i];
      size *= t->leaf[i];
    }
  }
  int extras = (int)gen_small(c, 2);
  for (int e = 0; e < extras && nu < LO_MAX_LEAVES; e++) {
    u[nu] = entry(c, b, b->max_size / size, 1);
    size *= u[nu++];
  }
  for (int j = 0; j < nu; j++) perm[j] = j;
  gen_shuffle(c, perm, nu); /* position j of U holds entry perm[j] */
  lo_int uu[LO_MAX_LEAVES];
  for (int j = 0; j < nu; j++) {
    uu[j] = u[perm[j]];
    inv[perm[j]] = j;
  }
  lo_tuple_flat(&g->dom, t->leaf, k);
  for (int i = 0, h = 0; i < k; i++) g->map[i] = hit[i] ? inv[h++] + 1 : 0;
  lo_tuple_flat(&g->cod, uu, nu);
}

/* The domain of f^c for an injective flat f: the unhit codomain entries in
** order (Construction 3.1.5.46), computed here from the definition. */
static void unhit_entries(const lo_morphism *f, lo_tuple *out) {
  char hit[LO_MAX_LEAVES + 1] = {0};
  lo_int v[LO_MAX_LEAVES];
  int n = 0;
  for (int i = 0; i < f->dom.len; i++) hit[f->map[i]] = 1;
  for (int j = 1; j <= f->cod.len; j++)
    if (!hit[j]) v[n++] = f->cod.leaf[j - 1];
  lo_tuple_flat(out, v, n);
}

/* A pointed map as "(a1,...,am)" with * for 0. */
static int print_map(gen_case *k, const int *a, int m) {
  char buf[GEN_ARG_LEN] = "(";
  size_t len = 1;
  for (int i = 0; i < m; i++) {
    if (i) buf[len++] = ',';
    if (a[i])
      len += (size_t)snprintf(buf + len, sizeof buf - len, "%d", a[i]);
    else
      buf[len++] = '*';
  }
  buf[len++] = ')';
  buf[len] = 0;
  return gen_case_arg(k, "%s", buf);
}

/* ---------------------------------------------------------------- tuples */

/* The generator tuple_flat (S): a flat tuple (entries may be 1). */
static int g_tuple_flat(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_tuple t;
  flat_tuple(c, b, &t);
  return gen_put_tuple(k, &t);
}

/* S and C of the same length, for the dilation of S by C. */
static int g_tuple_dilation(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_int s[LO_MAX_LEAVES], cc[LO_MAX_LEAVES], size = 1;
  int n = 0;
  while (gen_more(c, n, gen_max_len(b) < LO_MAX_LEAVES / 2 ? gen_max_len(b) : LO_MAX_LEAVES / 2)) {
    s[n] = entry(c, b, b->max_size / size, 1);
    size *= s[n];
    cc[n] = entry(c, b, b->max_size / size, 1);
    size *= cc[n++];
  }
  lo_tuple ts, tc;
  lo_tuple_flat(&ts, s, n);
  lo_tuple_flat(&tc, cc, n);
  return gen_put_tuple(k, &ts) || gen_put_tuple(k, &tc);
}

/* ------------------------------------------------------------ morphisms */

/* Append a flat morphism drawn with flags to k. */
static int morphism_with(gen_choices *c, const gen_bounds *b, int flags, gen_case *k) {
  lo_morphism f;
  flat_morphism(c, b, flags, &f);
  return gen_put_morphism(k, &f);
}

/* The generator tuple_mor (f): a flat tuple morphism (unmapped and size-1 entries likely). */
static int g_tuple_mor(gen_choices *c, const gen_bounds *b, gen_case *k) {
  return morphism_with(c, b, 0, k);
}
/* The generator tuple_mor_nondegenerate (f): a non-degenerate flat tuple morphism. */
static int g_tuple_mor_nondegenerate(gen_choices *c, const gen_bounds *b, gen_case *k) {
  return morphism_with(c, b, F_NONDEG, k);
}
/* The generator tuple_mor_injective (f): an injective flat tuple morphism. */
static int g_tuple_mor_injective(gen_choices *c, const gen_bounds *b, gen_case *k) {
  return morphism_with(c, b, F_INJ, k);
}
/* The generator tuple_iso (f): a flat tuple isomorphism (a permutation). */
static int g_tuple_iso(gen_choices *c, const gen_bounds *b, gen_case *k) {
  return morphism_with(c, b, F_INJ | F_SURJ, k);
}

/* A flat morphism, injective (no entry to *) half of the time. */
static int g_tuple_mor_mixed(gen_choices *c, const gen_bounds *b, gen_case *k) {
  return morphism_with(c, b, gen_flip(c, 2) ? F_INJ : 0, k);
}

/* The hit set of a standard-form codomain t[0..n) (Def 3.1.2.12 with the n = 1 fix),
** drawn from the top: the last entry is hit (unless S_LITERAL and n = 1),
** an entry below a hit one may stay unhit when it is not 1. */
static void standard_hits(gen_choices *c, const lo_int *t, int n, int flags, int *hit) {
  for (int j = n - 1; j >= 0; j--) {
    if (j == n - 1)
      hit[j] = !(n == 1 && (flags & S_LITERAL) && gen_flip(c, 2));
    else
      hit[j] = !(hit[j + 1] && t[j] != 1 && gen_flip(c, 3));
  }
}

/* A flat morphism of standard form, built from the definition: codomain
** entries >= 2 (or 1 where hit, with S_DEGEN), the hit set above, the hit
** entries in random order, and unmapped extras unless S_INJ. */
static void standard_morphism(gen_choices *c, const gen_bounds *b, int flags, lo_morphism *f) {
  lo_int t[LO_MAX_LEAVES], size = 1, dom[LO_MAX_LEAVES];
  int n = 0, hit[LO_MAX_LEAVES], order[LO_MAX_LEAVES], m = 0, map[LO_MAX_LEAVES];
  while (gen_more(c, n, gen_max_len(b))) {
    lo_int left = b->max_size / size;
    if (left < 2 && !(flags & S_DEGEN)) break;
    t[n] = entry(c, b, left, flags & S_DEGEN);
    size *= t[n++];
  }
  standard_hits(c, t, n, flags, hit);
  for (int j = 0; j < n; j++)
    if (hit[j]) order[m++] = j;
  gen_shuffle(c, order, m);
  for (int i = 0; i < m; i++) {
    dom[i] = t[order[i]];
    map[i] = order[i] + 1;
  }
  if (!(flags & S_INJ)) add_extras(c, b, dom, map, &m, size, 0);
  lo_tuple_flat(&f->cod, t, n);
  lo_tuple_flat(&f->dom, dom, m);
  memcpy(f->map, map, (size_t)m * sizeof *map);
}

/* Append a flat morphism in standard form drawn with flags to k. */
static int standard_with(gen_choices *c, const gen_bounds *b, int flags, gen_case *k) {
  lo_morphism f;
  standard_morphism(c, b, flags, &f);
  return gen_put_morphism(k, &f);
}

/* Non-degenerate, standard form (with the n = 1 fix); injective half the time. */
static int g_tuple_mor_standard(gen_choices *c, const gen_bounds *b, gen_case *k) {
  return standard_with(c, b, gen_flip(c, 2) ? S_INJ : 0, k);
}
/* The generator tuple_mor_standard_injective (f): an injective non-degenerate standard-form
 * morphism. */
static int g_tuple_mor_standard_injective(gen_choices *c, const gen_bounds *b, gen_case *k) {
  return standard_with(c, b, S_INJ, k);
}
/* Standard under the paper's literal rule (n = 1 may be unhit). */
static int g_tuple_mor_standard_literal(gen_choices *c, const gen_bounds *b, gen_case *k) {
  return standard_with(c, b, S_LITERAL, k);
}
/* Injective, standard (with the n = 1 fix), hit entries may be 1: often degenerate. */
static int g_tuple_mor_standard_degenerate(gen_choices *c, const gen_bounds *b, gen_case *k) {
  return standard_with(c, b, S_INJ | S_DEGEN, k);
}

/* A sorted morphism (Def 3.1.5.12) built from the definition: unmapped
** entries of non-decreasing size first, then mapped entries with
** increasing images. */
static void sorted_morphism(gen_choices *c, const gen_bounds *b, lo_morphism *f) {
  flat_tuple(c, b, &f->cod);
  lo_int mapped[LO_MAX_LEAVES], dom[LO_MAX_LEAVES], size = 1;
  int pos[LO_MAX_LEAVES], nm = 0, len = 0, extras = (int)gen_small(c, 3);
  for (int j = 0; j < f->cod.len; j++)
    if (!gen_flip(c, 3)) {
      mapped[nm] = f->cod.leaf[j];
      pos[nm++] = j + 1;
      size *= f->cod.leaf[j];
    }
  for (int e = 0; e < extras && nm + len < LO_MAX_LEAVES; e++) {
    lo_int v = entry(c, b, b->max_size / size, 1);
    int at = len;
    while (at > 0 && dom[at - 1] > v) { /* keep the sizes non-decreasing */
      dom[at] = dom[at - 1];
      at--;
    }
    dom[at] = v;
    len++;
    size *= v;
  }
  for (int i = 0; i < len; i++) f->map[i] = 0;
  for (int i = 0; i < nm; i++) {
    dom[len + i] = mapped[i];
    f->map[len + i] = pos[i];
  }
  lo_tuple_flat(&f->dom, dom, len + nm);
}

/* The generator tuple_mor_sorted (f): a sorted flat morphism (Def 3.1.5.12). */
static int g_tuple_mor_sorted(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_morphism f;
  sorted_morphism(c, b, &f);
  return gen_put_morphism(k, &f);
}

/* A sorted morphism half of the time, else any flat morphism. */
static int g_tuple_mor_sorted_mixed(gen_choices *c, const gen_bounds *b, gen_case *k) {
  if (gen_flip(c, 2)) return morphism_with(c, b, 0, k);
  return g_tuple_mor_sorted(c, b, k);
}

/* f with no domain entry 1 three times in four (for coalesced morphisms),
** the codomain keeping its 1s. */
static int g_tuple_mor_squeezed(gen_choices *c, const gen_bounds *b, gen_case *k) {
  return morphism_with(c, b, gen_flip(c, 4) ? 0 : F_SQUEEZED, k);
}

/* --------------------------------------------------------- pairs, chains */

/* g and f with f : S -> T, g : T -> U (printed g first: composition g f). */
static int composable_with(gen_choices *c, const gen_bounds *b, int fflags, gen_case *k) {
  lo_morphism f, g;
  flat_morphism(c, b, fflags, &f);
  flat_from(c, b, &f.cod, 0, &g);
  return gen_put_morphism(k, &g) || gen_put_morphism(k, &f);
}
/* The generator tuple_composable (g f): composable flat morphisms f : S -> T, g : T -> U. */
static int g_tuple_composable(gen_choices *c, const gen_bounds *b, gen_case *k) {
  return composable_with(c, b, 0, k);
}
/* The generator tuple_composable_nondegenerate (g f): composable flat morphisms, f non-degenerate.
 */
static int g_tuple_composable_nondegenerate(gen_choices *c, const gen_bounds *b, gen_case *k) {
  return composable_with(c, b, F_NONDEG, k);
}

/* h, g, f with f : S -> T, g : T -> U, h : U -> V. */
static int g_tuple_composable3(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_morphism f, g, h;
  flat_morphism(c, b, 0, &f);
  flat_from(c, b, &f.cod, 0, &g);
  flat_from(c, b, &g.cod, 0, &h);
  return gen_put_morphism(k, &h) || gen_put_morphism(k, &g) || gen_put_morphism(k, &f);
}

/* Morphisms fs[0..n) into one codomain T with pairwise disjoint images:
** each entry of T goes to one of them or to none; each may have an
** unmapped extra entry. */
static void disjoint_into(gen_choices *c, const gen_bounds *b, const lo_tuple *t, int n,
                          lo_morphism *fs) {
  int pos[4][LO_MAX_LEAVES], np[4] = {0};
  for (int j = 0; j < t->len; j++) {
    int w = (int)gen_draw(c, (uint64_t)n);
    if (w < n) pos[w][np[w]++] = j;
  }
  for (int q = 0; q < n; q++) {
    lo_int dom[LO_MAX_LEAVES], size = 1;
    int map[LO_MAX_LEAVES], len = np[q];
    gen_shuffle(c, pos[q], np[q]);
    for (int i = 0; i < len; i++) {
      dom[i] = t->leaf[pos[q][i]];
      map[i] = pos[q][i] + 1;
      size *= dom[i];
    }
    if (gen_flip(c, 4) && len < LO_MAX_LEAVES)
      insert_at(dom, map, &len, (int)gen_draw(c, (uint64_t)len), entry(c, b, b->max_size / size, 1),
                0);
    fs[q].cod = *t;
    lo_tuple_flat(&fs[q].dom, dom, len);
    memcpy(fs[q].map, map, (size_t)len * sizeof *map);
  }
}

/* f1, f2, f3 into one T with pairwise disjoint images. */
static int g_tuple_disjoint3(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_tuple t;
  lo_morphism fs[3];
  flat_tuple(c, b, &t);
  disjoint_into(c, b, &t, 3, fs);
  return gen_put_morphism(k, &fs[0]) || gen_put_morphism(k, &fs[1]) || gen_put_morphism(k, &fs[2]);
}

/* g, f1, f2: f1 and f2 into T with disjoint images, g : T -> U. */
static int g_tuple_disjoint_then(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_tuple t;
  lo_morphism fs[2], g;
  flat_tuple(c, b, &t);
  disjoint_into(c, b, &t, 2, fs);
  flat_from(c, b, &t, 0, &g);
  return gen_put_morphism(k, &g) || gen_put_morphism(k, &fs[0]) || gen_put_morphism(k, &fs[1]);
}

/* f and g with g a complement of f (Def 3.1.5.39): every entry of T goes
** to exactly one of them, each in random order. */
static int g_tuple_complement_pair(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_tuple t;
  lo_morphism fg[2];
  flat_tuple(c, b, &t);
  int pos[2][LO_MAX_LEAVES], np[2] = {0, 0};
  for (int j = 0; j < t.len; j++) {
    int w = (int)gen_draw(c, 1);
    pos[w][np[w]++] = j;
  }
  for (int q = 0; q < 2; q++) {
    lo_int dom[LO_MAX_LEAVES];
    gen_shuffle(c, pos[q], np[q]);
    for (int i = 0; i < np[q]; i++) {
      dom[i] = t.leaf[pos[q][i]];
      fg[q].map[i] = pos[q][i] + 1;
    }
    fg[q].cod = t;
    lo_tuple_flat(&fg[q].dom, dom, np[q]);
  }
  return gen_put_morphism(k, &fg[0]) || gen_put_morphism(k, &fg[1]);
}

/* f and g with g : S -> T injective, f : T -> U, both non-degenerate
** (flat_divide f g). */
static int g_tuple_divisible(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_morphism f, g;
  flat_morphism(c, b, F_INJ | F_NONDEG, &g);
  flat_from(c, b, &g.cod, F_NONDEG, &f);
  return gen_put_morphism(k, &f) || gen_put_morphism(k, &g);
}

/* f injective and g : U -> domain(f^c), both non-degenerate (flat_product
** f g); g injective when gflags says so. */
static void product_pair(gen_choices *c, const gen_bounds *b, int gflags, lo_morphism *f,
                         lo_morphism *g) {
  flat_morphism(c, b, F_INJ | F_NONDEG | F_SPARSE, f);
  unhit_entries(f, &g->cod);
  flat_into(c, b, gflags | F_NONDEG, g);
}

/* The generator tuple_product_admissible (f g): f injective, codomain(g) = domain(f^c),
 * non-degenerate. */
static int g_tuple_product_admissible(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_morphism f, g;
  product_pair(c, b, 0, &f, &g);
  return gen_put_morphism(k, &f) || gen_put_morphism(k, &g);
}
/* The generator tuple_product_injective (f g): product admissible with g injective. */
static int g_tuple_product_injective(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_morphism f, g;
  product_pair(c, b, F_INJ, &f, &g);
  return gen_put_morphism(k, &f) || gen_put_morphism(k, &g);
}

/* f, g, h with (f, g) and (g, h) product admissible (g injective). */
static int g_tuple_product_chain(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_morphism f, g, h;
  product_pair(c, b, F_INJ | F_SPARSE, &f, &g);
  unhit_entries(&g, &h.cod);
  flat_into(c, b, F_NONDEG, &h);
  return gen_put_morphism(k, &f) || gen_put_morphism(k, &g) || gen_put_morphism(k, &h);
}

/* --------------------------------------------------------------- layouts */

/* L_f for a random flat morphism (a tractable flat layout, Prop 3.1.2.10). */
static int layout_with(gen_choices *c, const gen_bounds *b, int flags, gen_case *k) {
  lo_morphism f;
  lo_layout l;
  lo_err e;
  flat_morphism(c, b, flags, &f);
  if (lo_morphism_layout(&f, &l, &e)) return -1;
  return gen_put_layout(k, &l);
}
/* The generator tuple_layout_tractable (L): a tractable flat layout L_f. */
static int g_tuple_layout_tractable(gen_choices *c, const gen_bounds *b, gen_case *k) {
  return layout_with(c, b, 0, k);
}
/* The generator tuple_layout_nondegenerate (L): a non-degenerate tractable flat layout. */
static int g_tuple_layout_nondegenerate(gen_choices *c, const gen_bounds *b, gen_case *k) {
  return layout_with(c, b, F_NONDEG, k);
}

/* ---------------------------------------------------------- pointed maps */

/* A pointed map <m>* -> <n>* into a[] (0 is *), m < cap drawn as a list;
** when tractable, a position already taken goes to * instead. */
static int pointed_map(gen_choices *c, int cap, int n, int tractable, int *a) {
  char used[LO_MAX_LEAVES + 1] = {0};
  int m = 0;
  while (gen_more(c, m, cap)) {
    int v = (int)gen_draw(c, (uint64_t)n);
    if (tractable && v && used[v]) v = 0;
    used[v] = 1;
    a[m++] = v;
  }
  return m;
}

/* gamma, beta, alpha and q: alpha : <m>* -> <n>*, beta : <n>* -> <p>*,
** gamma : <p>* -> <q>* (n = len beta, p = len gamma); tractable two times
** in three. */
static int g_tuple_pointed_maps(gen_choices *c, const gen_bounds *b, gen_case *k) {
  int tractable = !gen_flip(c, 3), q = (int)gen_small(c, (uint64_t)gen_max_len(b));
  int ga[LO_MAX_LEAVES], be[LO_MAX_LEAVES], al[LO_MAX_LEAVES];
  int cap = gen_max_len(b) + 2 < LO_MAX_LEAVES ? gen_max_len(b) + 2 : LO_MAX_LEAVES;
  int p = pointed_map(c, cap, q, tractable, ga);
  int n = pointed_map(c, cap, p, tractable, be);
  int m = pointed_map(c, cap, n, tractable, al);
  return print_map(k, ga, p) || print_map(k, be, n) || print_map(k, al, m) ||
         gen_case_arg(k, "%d", q);
}

/* alpha, n, beta, q: two tractable pointed maps (each with at most half
** of LO_MAX_LEAVES entries, so that their sum fits). */
static int g_tuple_tractable_maps(gen_choices *c, const gen_bounds *b, gen_case *k) {
  int al[LO_MAX_LEAVES], be[LO_MAX_LEAVES], half = LO_MAX_LEAVES / 2;
  int cap = gen_max_len(b) + 2 < half ? gen_max_len(b) + 2 : half,
      top = cap < gen_max_len(b) ? cap : gen_max_len(b);
  int n = (int)gen_small(c, (uint64_t)top), m = pointed_map(c, cap, n, 1, al);
  int q = (int)gen_small(c, (uint64_t)top), p = pointed_map(c, cap, q, 1, be);
  return print_map(k, al, m) || gen_case_arg(k, "%d", n) || print_map(k, be, p) ||
         gen_case_arg(k, "%d", q);
}

/* alpha, beta, n: tractable maps into <n>* with disjoint images. */
static int g_tuple_disjoint_maps(gen_choices *c, const gen_bounds *b, gen_case *k) {
  int n = (int)gen_small(c, (uint64_t)gen_max_len(b)), ab[2][LO_MAX_LEAVES], len[2] = {0, 0};
  for (int j = 1; j <= n; j++) {
    int w = (int)gen_draw(c, 2);
    if (w < 2) ab[w][len[w]++] = j;
  }
  for (int q = 0; q < 2; q++) {
    gen_shuffle(c, ab[q], len[q]);
    if (gen_flip(c, 3) && len[q] < LO_MAX_LEAVES) { /* an entry to * */
      int at = (int)gen_draw(c, (uint64_t)len[q]);
      memmove(ab[q] + at + 1, ab[q] + at, (size_t)(len[q] - at) * sizeof(int));
      ab[q][at] = 0;
      len[q]++;
    }
  }
  return print_map(k, ab[0], len[0]) || print_map(k, ab[1], len[1]) || gen_case_arg(k, "%d", n);
}

/* ---------------------------------------------------------------- table */

const gen_info gen_category_table[] = {
    {"tuple_flat", "S", "a flat tuple (entries may be 1)", g_tuple_flat},
    {"tuple_dilation", "S C", "two flat tuples of the same length", g_tuple_dilation},
    {"tuple_mor", "f", "a flat tuple morphism (unmapped and size-1 entries likely)", g_tuple_mor},
    {"tuple_mor_nondegenerate", "f", "a non-degenerate flat tuple morphism",
     g_tuple_mor_nondegenerate},
    {"tuple_mor_injective", "f", "an injective flat tuple morphism", g_tuple_mor_injective},
    {"tuple_mor_mixed", "f", "a flat tuple morphism, injective half the time", g_tuple_mor_mixed},
    {"tuple_iso", "f", "a flat tuple isomorphism (a permutation)", g_tuple_iso},
    {"tuple_mor_standard", "f", "a non-degenerate flat morphism of standard form (with the n = 1 fix)",
     g_tuple_mor_standard},
    {"tuple_mor_standard_injective", "f", "an injective non-degenerate standard-form morphism",
     g_tuple_mor_standard_injective},
    {"tuple_mor_standard_literal", "f",
     "a non-degenerate morphism, standard under the literal Def 3.1.2.12",
     g_tuple_mor_standard_literal},
    {"tuple_mor_standard_degenerate", "f", "an injective standard-form morphism, often degenerate",
     g_tuple_mor_standard_degenerate},
    {"tuple_mor_sorted", "f", "a sorted flat morphism (Def 3.1.5.12)", g_tuple_mor_sorted},
    {"tuple_mor_sorted_mixed", "f", "a sorted flat morphism half the time, else any",
     g_tuple_mor_sorted_mixed},
    {"tuple_mor_squeezed", "f", "a flat morphism, usually without domain entries 1",
     g_tuple_mor_squeezed},
    {"tuple_composable", "g f", "composable flat morphisms f : S -> T, g : T -> U",
     g_tuple_composable},
    {"tuple_composable_nondegenerate", "g f", "composable flat morphisms, f non-degenerate",
     g_tuple_composable_nondegenerate},
    {"tuple_composable3", "h g f", "three composable flat morphisms", g_tuple_composable3},
    {"tuple_disjoint3", "f1 f2 f3", "flat morphisms into one T with disjoint images",
     g_tuple_disjoint3},
    {"tuple_disjoint_then", "g f1 f2", "f1, f2 into T with disjoint images, g : T -> U",
     g_tuple_disjoint_then},
    {"tuple_complement_pair", "f g", "g a complement of f (a permuted f^c)",
     g_tuple_complement_pair},
    {"tuple_divisible", "f g", "g : S -> T injective, f : T -> U, flat, non-degenerate",
     g_tuple_divisible},
    {"tuple_product_admissible", "f g", "f injective, codomain(g) = domain(f^c), non-degenerate",
     g_tuple_product_admissible},
    {"tuple_product_injective", "f g", "product admissible with g injective",
     g_tuple_product_injective},
    {"tuple_product_chain", "f g h", "(f, g) and (g, h) product admissible", g_tuple_product_chain},
    {"tuple_layout_tractable", "L", "a tractable flat layout L_f", g_tuple_layout_tractable},
    {"tuple_layout_nondegenerate", "L", "a non-degenerate tractable flat layout",
     g_tuple_layout_nondegenerate},
    {"tuple_pointed_maps", "MAP MAP MAP q", "composable pointed maps gamma, beta, alpha",
     g_tuple_pointed_maps},
    {"tuple_tractable_maps", "MAP n MAP q", "two tractable pointed maps", g_tuple_tractable_maps},
    {"tuple_disjoint_maps", "MAP MAP n", "tractable maps into <n>* with disjoint images",
     g_tuple_disjoint_maps},
};
const int gen_category_count = (int)(sizeof gen_category_table / sizeof gen_category_table[0]);
