/*
** gen_flat.c -- generators for the properties of flat layouts (the paper's section 2.1).
**
** Flat tuples and cycles; layouts with size-1 modes, uncoalesced variants
** of a layout, near-compact layouts; complementable layouts and their
** complements, built from injective tuple morphisms (L_f of an
** injective f is complementable, f^c gives its complement); composable, divisible and
** product pairs of flat layouts (L_f of flat tuple morphisms).
**
** Same conventions as generators.c: every generator builds a valid value
** from any choice stream, keeps sizes within the bounds, and arranges its
** draws so that 0 is simplest (shape entries 2, strides 0, no splitting,
** no perturbation, identity orders).
*/
#include "gen.h"
#include "gen_values.h"

#include "lo.h"

#include <stdio.h>
#include <string.h>

/* Most modes a generated layout gets before its variants are made. */
#define FLAT_CAP 8

/* A flat layout as its modes. */
typedef struct flat_modes {
  int n;
  lo_int s[LO_MAX_LEAVES], d[LO_MAX_LEAVES];
} flat_modes;

/* A flat tuple morphism f : S -> T: T's entries, and for each domain entry
** its size and its target (1-based position in T, 0 for the basepoint). */
typedef struct flat_morph {
  int nt, ns;
  lo_int t[LO_MAX_LEAVES], s[LO_MAX_LEAVES];
  int map[LO_MAX_LEAVES];
} flat_morph;

enum {
  F_INJECTIVE = 1, /* no domain entry goes to the basepoint */
  F_NONDEGEN = 2,  /* size-1 domain entries go to the basepoint (or are left out) */
  F_ALL = 4        /* every codomain entry is hit */
};

/* ------------------------------------------------------------ primitives */

/* The most entries of a generated tuple or layout. */
static int rank_cap(const gen_bounds *b) {
  return b->max_rank < FLAT_CAP ? (b->max_rank < 0 ? 0 : b->max_rank) : FLAT_CAP;
}

/* Tuple entries with product at most budget into v; returns how many. */
static int entries(gen_choices *c, const gen_bounds *b, lo_int budget, lo_int *v) {
  lo_int size = 1;
  int n = 0;
  while (gen_more(c, n, rank_cap(b))) {
    v[n] = gen_shape_entry(c, b, budget / size);
    size *= v[n++];
  }
  return n;
}

/* A random flat layout of size at most budget. */
static void any_modes(gen_choices *c, const gen_bounds *b, lo_int budget, flat_modes *m) {
  lo_int size = 1;
  m->n = 0;
  while (gen_more(c, m->n, rank_cap(b))) {
    m->s[m->n] = gen_shape_entry(c, b, budget / size);
    m->d[m->n] = gen_stride(c, b);
    size *= m->s[m->n++];
  }
}

/* Append the mode s:d. */
static void push(flat_modes *m, lo_int s, lo_int d) {
  m->s[m->n] = s;
  m->d[m->n++] = d;
}

/* The product of the shapes. */
static lo_int modes_size(const flat_modes *m) {
  lo_int size = 1;
  for (int i = 0; i < m->n; i++) size *= m->s[i];
  return size;
}

/* Fisher-Yates on the modes (all draws 0 = identity). */
static void shuffle_modes(gen_choices *c, flat_modes *m) {
  for (int i = m->n - 1; i > 0; i--) {
    int k = i - (int)gen_draw(c, (uint64_t)i);
    lo_int s = m->s[i], d = m->d[i];
    m->s[i] = m->s[k];
    m->d[i] = m->d[k];
    m->s[k] = s;
    m->d[k] = d;
  }
}

/* Fisher-Yates on p[0..n) (all draws 0 = identity). */
static void shuffle_ints(gen_choices *c, int *p, int n) {
  for (int i = n - 1; i > 0; i--) {
    int k = i - (int)gen_draw(c, (uint64_t)i), x = p[i];
    p[i] = p[k];
    p[k] = x;
  }
}

/* Stable insertion sort of the modes by (d, s): the order of Def 2.1.3.23. */
static void sort_modes(flat_modes *m) {
  for (int i = 1; i < m->n; i++) {
    lo_int s = m->s[i], d = m->d[i];
    int j = i - 1;
    while (j >= 0 && (m->d[j] > d || (m->d[j] == d && m->s[j] > s))) {
      m->s[j + 1] = m->s[j];
      m->d[j + 1] = m->d[j];
      j--;
    }
    m->s[j + 1] = s;
    m->d[j + 1] = d;
  }
}

/* A proper divisor q of s (1 < q < s) or 1: 0 draws give 1 (no split). */
static lo_int split_point(gen_choices *c, lo_int s) {
  for (lo_int q = 2; q < s; q++)
    if (s % q == 0 && gen_flip(c, 2)) return q;
  return 1;
}

/* out = an uncoalesced variant of m with the same layout function: a mode
** s = q r becomes (q, r):(d, q d), and size-1 modes with any stride are
** inserted.  Labels GEN_L_REFINED when a mode was split. */
static void uncoalesce(gen_choices *c, const gen_bounds *b, const flat_modes *m, flat_modes *out,
                       gen_case *k) {
  out->n = 0;
  for (int i = 0; i < m->n; i++) {
    int room = LO_MAX_LEAVES - 2 - out->n - (m->n - i);
    if (room >= 1 && gen_flip(c, 5)) {
      push(out, 1, gen_stride(c, b));
      room--;
    }
    lo_int q = room >= 1 ? split_point(c, m->s[i]) : 1;
    if (q > 1) {
      push(out, q, m->d[i]);
      push(out, m->s[i] / q, m->d[i] * q);
      gen_label(k, GEN_L_REFINED);
    } else {
      push(out, m->s[i], m->d[i]);
    }
  }
  if (out->n < LO_MAX_LEAVES && gen_flip(c, 5)) push(out, 1, gen_stride(c, b));
}

/* Raise one stride by 1 to 4 (1 in 4). */
static void perturb(gen_choices *c, flat_modes *m) {
  if (m->n == 0 || !gen_flip(c, 4)) return;
  int i = (int)gen_draw(c, (uint64_t)m->n - 1);
  m->d[i] += 1 + (lo_int)gen_draw(c, 3);
}

/* Append the flat layout of the modes as an argument. */
static int print_modes(gen_case *k, const flat_modes *m) {
  lo_layout l;
  char buf[GEN_ARG_LEN];
  lo_layout_flat(&l, m->s, m->d, m->n);
  if (lo_print_layout(&l, buf, sizeof buf)) return -1;
  return gen_case_arg(k, "%s", buf);
}

/* Append the flat tuple (v[0], ..., v[n-1]) as an argument. */
static int print_entries(gen_case *k, const lo_int *v, int n) {
  lo_tuple t;
  char buf[GEN_ARG_LEN];
  lo_tuple_flat(&t, v, n);
  if (lo_print_tuple(&t, buf, sizeof buf)) return -1;
  return gen_case_arg(k, "%s", buf);
}

/* A cycle of distinct positions in 1..n as "(p1,...,pk)"; "()" is the
** identity.  "more?" flags, each followed by a pick among unused places. */
static int print_cycle(gen_choices *c, int n, gen_case *k) {
  int left[LO_MAX_LEAVES], nl = n, len = 0;
  char buf[GEN_ARG_LEN] = "(";
  size_t w = 1;
  for (int i = 0; i < n; i++) left[i] = i + 1;
  while (gen_more(c, len, n)) {
    int j = (int)gen_draw(c, (uint64_t)nl - 1);
    w += (size_t)snprintf(buf + w, sizeof buf - w, "%s%d", len ? "," : "", left[j]);
    left[j] = left[--nl];
    len++;
  }
  snprintf(buf + w, sizeof buf - w, ")");
  return gen_case_arg(k, "%s", buf);
}

/* ------------------------------------------------------------ morphisms */

/* Prefix products of f's codomain: pre[j] = t_1 ... t_j (pre[0] = 1). */
static void prefixes(const flat_morph *f, lo_int *pre) {
  pre[0] = 1;
  for (int j = 0; j < f->nt; j++) pre[j + 1] = pre[j] * f->t[j];
}

/* The encoded layout L_f (Construction 3.1.2.1). */
static void morph_layout(const flat_morph *f, flat_modes *m) {
  lo_int pre[LO_MAX_LEAVES + 1];
  prefixes(f, pre);
  m->n = 0;
  for (int i = 0; i < f->ns; i++) push(m, f->s[i], f->map[i] ? pre[f->map[i] - 1] : 0);
}

/* Domain entries of f into its codomain (already set): a subset of the
** positions hit in random order, and unmapped extra entries unless
** injective.  The domain's size stays within max_size. */
static void morph_into(gen_choices *c, const gen_bounds *b, int flags, flat_morph *f) {
  int order[LO_MAX_LEAVES], m = 0;
  lo_int size = 1;
  for (int j = 0; j < f->nt; j++)
    if ((flags & F_ALL) || !gen_flip(c, 3)) order[m++] = j;
  shuffle_ints(c, order, m);
  f->ns = 0;
  for (int i = 0; i < m; i++) {
    lo_int t = f->t[order[i]];
    if ((flags & F_NONDEGEN) && (flags & F_INJECTIVE) && t == 1) continue;
    f->s[f->ns] = t;
    f->map[f->ns++] = (flags & F_NONDEGEN) && t == 1 ? 0 : order[i] + 1;
    size *= t;
  }
  int extras = (flags & F_INJECTIVE) ? 0 : (int)gen_small(c, 2);
  for (int e = 0; e < extras && f->ns < LO_MAX_LEAVES; e++) {
    int at = (int)gen_draw(c, (uint64_t)f->ns);
    lo_int s = gen_shape_entry(c, b, b->max_size / size);
    memmove(f->s + at + 1, f->s + at, (size_t)(f->ns - at) * sizeof *f->s);
    memmove(f->map + at + 1, f->map + at, (size_t)(f->ns - at) * sizeof *f->map);
    f->s[at] = s;
    f->map[at] = 0;
    f->ns++;
    size *= s;
  }
}

/* A random f : S -> T with size(T) at most budget. */
static void morph(gen_choices *c, const gen_bounds *b, int flags, lo_int budget, flat_morph *f) {
  f->nt = entries(c, b, budget, f->t);
  morph_into(c, b, flags, f);
}

/* g : T -> U for the given T: T's entries go to distinct places of a
** shuffled U (which holds them and some extra entries) or to the basepoint. */
static void morph_from(gen_choices *c, const gen_bounds *b, const lo_int *t, int nt, int flags,
                       flat_morph *g) {
  int hit[LO_MAX_LEAVES], perm[LO_MAX_LEAVES], inv[LO_MAX_LEAVES], nu = 0;
  lo_int u[LO_MAX_LEAVES], size = 1;
  for (int i = 0; i < nt; i++) {
    hit[i] = (flags & F_INJECTIVE) || !gen_flip(c, 4);
    if ((flags & F_NONDEGEN) && t[i] == 1) hit[i] = 0;
    if (hit[i]) size *= u[nu++] = t[i];
  }
  int extras = (int)gen_small(c, 2);
  for (int e = 0; e < extras && nu < FLAT_CAP; e++)
    size *= u[nu++] = gen_shape_entry(c, b, b->max_size / size);
  for (int j = 0; j < nu; j++) perm[j] = j;
  shuffle_ints(c, perm, nu); /* position j of U holds entry perm[j] */
  g->nt = nu;
  for (int j = 0; j < nu; j++) {
    g->t[j] = u[perm[j]];
    inv[perm[j]] = j;
  }
  g->ns = nt;
  for (int i = 0, h = 0; i < nt; i++) {
    g->s[i] = t[i];
    g->map[i] = hit[i] ? inv[h++] + 1 : 0;
  }
}

/* The modes of the complement of an injective f, as L_{f^c} (the unhit
** positions of T in order, with their prefix-product strides), followed by
** k:size(T) when k > 1; only the positions below the highest hit one of
** size > 1 when below_top is set (the complement without N, which ignores
** size-1 modes). */
static void complement_modes(const flat_morph *f, lo_int k, int below_top, flat_modes *m) {
  int hit[LO_MAX_LEAVES] = {0}, top = 0;
  lo_int pre[LO_MAX_LEAVES + 1];
  prefixes(f, pre);
  for (int i = 0; i < f->ns; i++)
    if (f->map[i]) {
      hit[f->map[i] - 1] = 1;
      if (f->map[i] > top && f->s[i] > 1) top = f->map[i];
    }
  m->n = 0;
  for (int j = 0; j < (below_top ? top : f->nt); j++)
    if (!hit[j]) push(m, f->t[j], pre[j]);
  if (k > 1) push(m, k, pre[f->nt]);
}

/* A complementable layout: L_f of an injective f : S -> T with size(T) at
** most budget, sometimes with size-1 modes of any stride inserted. */
static void complementable(gen_choices *c, const gen_bounds *b, lo_int budget, flat_morph *f,
                           flat_modes *a) {
  flat_modes m;
  morph(c, b, F_INJECTIVE, budget, f);
  morph_layout(f, &m);
  a->n = 0;
  for (int i = 0; i < m.n; i++) {
    if (gen_flip(c, 6)) push(a, 1, gen_stride(c, b));
    push(a, m.s[i], m.d[i]);
  }
}

/* A variant of a complement: split, size-1 modes inserted, shuffled. */
static void complement_variant(gen_choices *c, const gen_bounds *b, const flat_modes *m,
                               flat_modes *out, gen_case *k) {
  uncoalesce(c, b, m, out, k);
  shuffle_modes(c, out);
}

/* ------------------------------------------------------------ generators */

/* A flat tuple: entries 1..max_entry (1s included), size within bounds. */
static int g_flat_tuple(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_int v[LO_MAX_LEAVES];
  int n = entries(c, b, b->max_size, v);
  return print_entries(k, v, n);
}

/* X' and X: usually X' a prefix of X, sometimes any flat tuple. */
static int g_flat_tuple_prefix(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_int x[LO_MAX_LEAVES], y[LO_MAX_LEAVES];
  int n = entries(c, b, b->max_size, x), m;
  if (gen_flip(c, 3)) {
    m = entries(c, b, b->max_size, y);
    return print_entries(k, y, m) || print_entries(k, x, n);
  }
  m = n - (int)gen_draw(c, (uint64_t)n);
  return print_entries(k, x, m) || print_entries(k, x, n);
}

/* X and two cycles over its positions. */
static int g_flat_tuple_cycles(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_int x[LO_MAX_LEAVES];
  int n = entries(c, b, b->max_size, x);
  return print_entries(k, x, n) || print_cycle(c, n, k) || print_cycle(c, n, k);
}

/* A flat layout and a cycle over its modes. */
static int g_flat_layout_cycle(gen_choices *c, const gen_bounds *b, gen_case *k) {
  flat_modes m;
  any_modes(c, b, b->max_size, &m);
  return print_modes(k, &m) || print_cycle(c, m.n, k);
}

/* One to four flat layouts whose sizes multiply to at most max_size. */
static int g_flat_layouts(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_int size = 1;
  int n = 0;
  do {
    flat_modes m;
    any_modes(c, b, b->max_size / size, &m);
    size *= modes_size(&m);
    if (print_modes(k, &m)) return -1;
    n++;
  } while (n < GEN_MAX_ARGS && gen_flip(c, 2));
  return 0;
}

/* A flat layout where about half the modes have size 1 (any stride). */
static void size1_modes(gen_choices *c, const gen_bounds *b, flat_modes *m) {
  any_modes(c, b, b->max_size, m);
  for (int i = 0; i < m->n; i++)
    if (gen_flip(c, 2)) m->s[i] = 1;
}

/* One such layout. */
static int g_flat_size1(gen_choices *c, const gen_bounds *b, gen_case *k) {
  flat_modes m;
  size1_modes(c, b, &m);
  return print_modes(k, &m);
}

/* A and B: B is A with the strides of its size-1 modes redrawn. */
static int g_flat_size1_pair(gen_choices *c, const gen_bounds *b, gen_case *k) {
  flat_modes m, r;
  size1_modes(c, b, &m);
  r = m;
  for (int i = 0; i < r.n; i++)
    if (r.s[i] == 1) r.d[i] = gen_stride(c, b);
  return print_modes(k, &m) || print_modes(k, &r);
}

/* An uncoalesced variant of a random flat layout (merges to be made). */
static int g_flat_uncoalesced(gen_choices *c, const gen_bounds *b, gen_case *k) {
  flat_modes m, r;
  any_modes(c, b, b->max_size, &m);
  uncoalesce(c, b, &m, &r, k);
  return print_modes(k, &r);
}

/* A and an uncoalesced variant B (same layout function); with perturbed
** set, one stride of B is sometimes changed so that both answers of "same
** function?" come up. */
static int alike(gen_choices *c, const gen_bounds *b, int perturbed, gen_case *k) {
  flat_modes m, r;
  any_modes(c, b, b->max_size, &m);
  uncoalesce(c, b, &m, &r, k);
  if (perturbed) perturb(c, &r);
  return print_modes(k, &m) || print_modes(k, &r);
}
/* The two flavours: perturbed sometimes, or always alike. */
static int g_flat_alike(gen_choices *c, const gen_bounds *b, gen_case *k) {
  return alike(c, b, 1, k);
}
/* The generator flat_split_pair (A B): A and an uncoalesced variant B (same layout function). */
static int g_flat_split_pair(gen_choices *c, const gen_bounds *b, gen_case *k) {
  return alike(c, b, 0, k);
}

/* A compact layout (a shuffled column-major layout with size-1 modes of any
** stride), sometimes perturbed: one stride changed or zeroed. */
static int g_flat_near_compact(gen_choices *c, const gen_bounds *b, gen_case *k) {
  flat_modes m, r;
  lo_int v[LO_MAX_LEAVES], w = 1;
  int n = entries(c, b, b->max_size, v);
  m.n = 0;
  for (int i = 0; i < n; i++) {
    push(&m, v[i], w);
    w *= v[i];
  }
  uncoalesce(c, b, &m, &r, k);
  shuffle_modes(c, &r);
  perturb(c, &r);
  if (r.n && gen_flip(c, 8)) r.d[gen_draw(c, (uint64_t)r.n - 1)] = 0;
  return print_modes(k, &r);
}

/* A complementable layout. */
static int g_flat_complementable(gen_choices *c, const gen_bounds *b, gen_case *k) {
  flat_morph f;
  flat_modes a;
  complementable(c, b, b->max_size, &f, &a);
  return print_modes(k, &a);
}

/* Half complementable layouts, half any flat layout (with zero strides). */
static int g_flat_maybe_complementable(gen_choices *c, const gen_bounds *b, gen_case *k) {
  if (gen_flip(c, 2)) return g_flat_complementable(c, b, k);
  flat_modes m;
  any_modes(c, b, b->max_size, &m);
  return print_modes(k, &m);
}

/* A sorted complementable layout. */
static int g_flat_sorted_complementable(gen_choices *c, const gen_bounds *b, gen_case *k) {
  flat_morph f;
  flat_modes a;
  complementable(c, b, b->max_size, &f, &a);
  sort_modes(&a);
  return print_modes(k, &a);
}

/* A complementable and a variant B of its size(T)-complement; B is
** sometimes perturbed (then usually not a complement). */
static int g_flat_complement_pair(gen_choices *c, const gen_bounds *b, gen_case *k) {
  flat_morph f;
  flat_modes a, m, r;
  complementable(c, b, b->max_size, &f, &a);
  complement_modes(&f, 1, 0, &m);
  complement_variant(c, b, &m, &r, k);
  perturb(c, &r);
  return print_modes(k, &a) || print_modes(k, &r);
}

/* A, N and two N-complements B1, B2 of A (variants of L_{f^c} extended by
** N / size(T)); N = j size(T) is at most max_size. */
static int g_flat_n_complements(gen_choices *c, const gen_bounds *b, gen_case *k) {
  flat_morph f;
  flat_modes a, m, r1, r2;
  lo_int j = 1 + (lo_int)gen_small(c, 3);
  if (j > b->max_size) j = 1;
  complementable(c, b, b->max_size / j, &f, &a);
  complement_modes(&f, j, 0, &m);
  complement_variant(c, b, &m, &r1, k);
  complement_variant(c, b, &m, &r2, k);
  return print_modes(k, &a) ||
         gen_case_arg(k, "%lld", (long long)(modes_size(&m) * modes_size(&a))) ||
         print_modes(k, &r1) || print_modes(k, &r2);
}

/* A complementable and N: a multiple of size(T), sometimes plus an offset. */
static int g_flat_complementable_n(gen_choices *c, const gen_bounds *b, gen_case *k) {
  flat_morph f;
  flat_modes a;
  lo_int pre[LO_MAX_LEAVES + 1];
  complementable(c, b, b->max_size, &f, &a);
  prefixes(&f, pre);
  lo_int n = pre[f.nt] * (1 + (lo_int)gen_small(c, 3));
  if (gen_flip(c, 3)) n += 1 + (lo_int)gen_draw(c, (uint64_t)pre[f.nt]);
  return print_modes(k, &a) || gen_case_arg(k, "%lld", (long long)n);
}

/* A complementable and a variant of its complement without N. */
static int g_flat_complement_of(gen_choices *c, const gen_bounds *b, gen_case *k) {
  flat_morph f;
  flat_modes a, m, r;
  complementable(c, b, b->max_size, &f, &a);
  complement_modes(&f, 1, 1, &m);
  complement_variant(c, b, &m, &r, k);
  return print_modes(k, &a) || print_modes(k, &r);
}

/* A and N1 <= N2, both multiples of size(T) (so A is N1- and
** N2-complementable), N2 at most max_size. */
static int g_flat_two_n(gen_choices *c, const gen_bounds *b, gen_case *k) {
  flat_morph f;
  flat_modes a;
  lo_int pre[LO_MAX_LEAVES + 1];
  lo_int j2 = 1 + (lo_int)gen_small(c, 5);
  if (j2 > b->max_size) j2 = 1;
  lo_int j1 = j2 - (lo_int)gen_draw(c, (uint64_t)j2 - 1);
  complementable(c, b, b->max_size / j2, &f, &a);
  prefixes(&f, pre);
  return print_modes(k, &a) || gen_case_arg(k, "%lld", (long long)(j1 * pre[f.nt])) ||
         gen_case_arg(k, "%lld", (long long)(j2 * pre[f.nt]));
}

/* B and A (for flat_composition B A): A with all strides 0 and any B, or A
** non-degenerate and B column-major with size(B) >= cosize(A). */
static int g_flat_trivial_composition(gen_choices *c, const gen_bounds *b, gen_case *k) {
  flat_modes a, bb;
  lo_int cosize = 1, w = 1;
  any_modes(c, b, b->max_size, &a);
  if (gen_flip(c, 3)) {
    for (int i = 0; i < a.n; i++) a.d[i] = 0;
    any_modes(c, b, b->max_size, &bb);
    return print_modes(k, &bb) || print_modes(k, &a);
  }
  for (int i = 0; i < a.n; i++) { /* non-degenerate, cosize <= max_size / 2 */
    lo_int room = (b->max_size / 2 - cosize) / (a.s[i] > 1 ? a.s[i] - 1 : 1);
    if (a.d[i] > room) a.d[i] = room;
    if (a.s[i] == 1 || a.d[i] < 0) a.d[i] = 0;
    cosize += (a.s[i] - 1) * a.d[i];
  }
  bb.n = 0;
  while (w < cosize || (bb.n < rank_cap(b) && gen_flip(c, 4))) {
    lo_int s = gen_shape_entry(c, b, b->max_size / w);
    if (s == 1 && w < cosize) s = 2;
    push(&bb, s, w);
    w *= s;
  }
  return print_modes(k, &bb) || print_modes(k, &a);
}

/* Merge one random pair of neighbouring modes with s_i d_i = d_{i+1} (the
** layout function is unchanged; a flat composite may then not exist). */
static void merge_one(gen_choices *c, flat_modes *m) {
  int at[LO_MAX_LEAVES], n = 0;
  for (int i = 0; i + 1 < m->n; i++)
    if (m->s[i] * m->d[i] == m->d[i + 1]) at[n++] = i;
  if (n == 0) return;
  int i = at[gen_draw(c, (uint64_t)n - 1)];
  m->s[i] *= m->s[i + 1];
  memmove(m->s + i + 1, m->s + i + 2, (size_t)(m->n - i - 2) * sizeof *m->s);
  memmove(m->d + i + 1, m->d + i + 2, (size_t)(m->n - i - 2) * sizeof *m->d);
  m->n--;
}

/* B, A and B' for flat_composition B A: A = L_f (f : S -> T non-degenerate,
** some entries to the basepoint), B = L_g (g : T -> U), so that the flat
** composite L_{g o f} exists; half the time two modes of A are merged, and
** then it often does not.  B' is an uncoalesced variant of B (Remark
** 2.1.7.7: only Phi_B matters). */
static int g_flat_composable(gen_choices *c, const gen_bounds *b, gen_case *k) {
  flat_morph f, g;
  flat_modes a, bb, b2;
  morph(c, b, F_NONDEGEN, b->max_size, &f);
  morph_from(c, b, f.t, f.nt, 0, &g);
  morph_layout(&f, &a);
  morph_layout(&g, &bb);
  if (gen_flip(c, 2)) { /* sorted, neighbours in T are neighbours in A */
    sort_modes(&a);
    merge_one(c, &a);
    shuffle_modes(c, &a);
  }
  uncoalesce(c, b, &bb, &b2, k);
  return print_modes(k, &bb) || print_modes(k, &a) || print_modes(k, &b2);
}

/* A and B for flat_divide A B: B = L_g for an injective non-degenerate
** g : S -> T, A = L_f for a non-degenerate f : T -> U. */
static int g_flat_divide_pair(gen_choices *c, const gen_bounds *b, gen_case *k) {
  flat_morph f, g;
  flat_modes a, bb;
  morph(c, b, F_INJECTIVE | F_NONDEGEN, b->max_size, &g);
  morph_from(c, b, g.t, g.nt, F_NONDEGEN, &f);
  morph_layout(&f, &a);
  morph_layout(&g, &bb);
  return print_modes(k, &a) || print_modes(k, &bb);
}

/* A and B for flat_product A B: A = L_f for an injective non-degenerate f,
** B = L_g for a non-degenerate g into the domain of f^c. */
static int g_flat_product_pair(gen_choices *c, const gen_bounds *b, gen_case *k) {
  flat_morph f, g;
  flat_modes a, bb, fc;
  morph(c, b, F_INJECTIVE | F_NONDEGEN, b->max_size, &f);
  complement_modes(&f, 1, 0, &fc);
  g.nt = fc.n;
  memcpy(g.t, fc.s, (size_t)fc.n * sizeof *g.t);
  morph_into(c, b, F_NONDEGEN, &g);
  morph_layout(&f, &a);
  morph_layout(&g, &bb);
  return print_modes(k, &a) || print_modes(k, &bb);
}

/* A tractable layout: L_f of any flat f (unmapped and size-1 entries),
** sometimes with a size-1 mode given a non-zero stride (degenerate). */
static void tractable(gen_choices *c, const gen_bounds *b, flat_modes *a) {
  flat_morph f;
  morph(c, b, 0, b->max_size, &f);
  morph_layout(&f, a);
  shuffle_modes(c, a);
}

/* One such layout. */
static int g_flat_tractable(gen_choices *c, const gen_bounds *b, gen_case *k) {
  flat_modes a;
  tractable(c, b, &a);
  return print_modes(k, &a);
}

/* Half tractable layouts (some made degenerate), half any flat layout. */
static int g_flat_maybe_tractable(gen_choices *c, const gen_bounds *b, gen_case *k) {
  flat_modes a;
  if (gen_flip(c, 2)) {
    any_modes(c, b, b->max_size, &a);
  } else {
    tractable(c, b, &a);
    for (int i = 0; i < a.n; i++)
      if (a.s[i] == 1 && gen_flip(c, 4)) a.d[i] = gen_stride(c, b);
  }
  return print_modes(k, &a);
}

/* A layout whose function is often non-decreasing: each mode's stride at
** least the largest value of the modes before it, size-1 modes of any
** stride, and sometimes two modes swapped or a stride lowered. */
static int g_flat_monotone(gen_choices *c, const gen_bounds *b, gen_case *k) {
  flat_modes m;
  lo_int size = 1, top = 0;
  m.n = 0;
  while (gen_more(c, m.n, rank_cap(b))) {
    lo_int s = gen_shape_entry(c, b, b->max_size / size);
    lo_int d = s == 1 ? gen_stride(c, b) : top + (lo_int)gen_small(c, 3);
    push(&m, s, d);
    size *= s;
    if (s > 1) top += (s - 1) * d;
  }
  if (m.n >= 2 && gen_flip(c, 5)) {
    int i = (int)gen_draw(c, (uint64_t)m.n - 2);
    lo_int s = m.s[i], d = m.d[i];
    m.s[i] = m.s[i + 1];
    m.d[i] = m.d[i + 1];
    m.s[i + 1] = s;
    m.d[i + 1] = d;
  }
  return print_modes(k, &m);
}

/* ----------------------------------------------------------------- table */

const gen_info gen_flat_table[] = {
    {"flat_tuple", "X", "a flat tuple (entries 1..max_entry)", g_flat_tuple},
    {"flat_tuple_prefix", "X' X", "flat tuples, X' usually a prefix of X", g_flat_tuple_prefix},
    {"flat_tuple_cycles", "X s t", "a flat tuple and two cycles over its positions",
     g_flat_tuple_cycles},
    {"flat_layout_cycle", "L s", "a flat layout and a cycle over its modes", g_flat_layout_cycle},
    {"flat_layouts", "L1 [L2 [L3 [L4]]]", "one to four flat layouts, sizes within bounds together",
     g_flat_layouts},
    {"flat_size1", "L", "a flat layout, about half its modes of size 1 (any stride)", g_flat_size1},
    {"flat_size1_pair", "A B", "B is A with the strides of its size-1 modes redrawn",
     g_flat_size1_pair},
    {"flat_uncoalesced", "L", "an uncoalesced flat layout (split modes, size-1 modes)",
     g_flat_uncoalesced},
    {"flat_alike", "A B", "A and an uncoalesced variant B, sometimes with a stride changed",
     g_flat_alike},
    {"flat_split_pair", "A B", "A and an uncoalesced variant B (same layout function)",
     g_flat_split_pair},
    {"flat_near_compact", "L", "a shuffled compact layout with size-1 modes, sometimes perturbed",
     g_flat_near_compact},
    {"flat_complementable", "A", "a complementable flat layout (L_f, f injective)",
     g_flat_complementable},
    {"flat_maybe_complementable", "A", "half complementable, half any flat layout",
     g_flat_maybe_complementable},
    {"flat_sorted_complementable", "A", "a sorted complementable flat layout",
     g_flat_sorted_complementable},
    {"flat_complement_pair", "A B", "A complementable, B a variant of a complement (or not)",
     g_flat_complement_pair},
    {"flat_n_complements", "A N B1 B2", "A N-complementable and two N-complements of it",
     g_flat_n_complements},
    {"flat_complementable_n", "A N", "A complementable, N sometimes a valid target",
     g_flat_complementable_n},
    {"flat_complement_of", "A B", "A complementable, B a variant of its complement without N",
     g_flat_complement_of},
    {"flat_two_n", "A N1 N2", "A both N1- and N2-complementable, N1 <= N2", g_flat_two_n},
    {"flat_trivial_composition", "B A",
     "A zero-stride and any B, or A non-degenerate and B column-major covering it",
     g_flat_trivial_composition},
    {"flat_composable", "B A B'",
     "A = L_f (two modes sometimes merged), B = L_g for composable flat f, g; B' alike B",
     g_flat_composable},
    {"flat_divide_pair", "A B", "B = L_g (g injective into T), A = L_f (f from T)",
     g_flat_divide_pair},
    {"flat_product_pair", "A B", "A = L_f injective, B = L_g into the domain of f^c",
     g_flat_product_pair},
    {"flat_tractable", "L", "a tractable flat layout (L_f, modes shuffled)", g_flat_tractable},
    {"flat_maybe_tractable", "L", "half tractable (some degenerate), half any flat layout",
     g_flat_maybe_tractable},
    {"flat_monotone", "L", "a flat layout whose function is often non-decreasing", g_flat_monotone},
};
const int gen_flat_count = (int)(sizeof gen_flat_table / sizeof gen_flat_table[0]);
