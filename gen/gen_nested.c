/*
** gen_nested.c -- generators for the properties of nested tuples and
** layouts (the paper's sections 2.2 and 2.3): profiles and the items
** substituted into them, refinement chains, coarsenings of a shape,
** layouts with the same layout function, complement pairs, and the pairs
** that composition, division and product take, with random nesting.
**
** As in generators.c, every generator is total over choice streams and
** keeps sizes within the bounds, and 0 draws are simplest: flat nesting
** (an integer for one entry), shape 2, stride 0, no rewriting, no
** perturbation.  Pairs built from morphisms come from the registered
** generators (composable_layouts, divide_layouts, product_layouts) and are
** re-nested here.
*/
#include "gen.h"
#include "gen_values.h"

#include "lo.h"

#include <stdio.h>
#include <string.h>

#define MAX_NEST_DEPTH 8 /* deepest nesting drawn here (results may nest deeper) */

/* ------------------------------------------------------------ primitives */

/* Most entries a list may have under the bounds. */
static int rank_cap(const gen_bounds *b) {
  return b->max_rank < 0 ? 0 : b->max_rank < LO_MAX_LEAVES ? b->max_rank : LO_MAX_LEAVES;
}

/* A shape entry in [1, min(max_entry, budget)]: 0 gives 2, 1 gives 1. */
static lo_int draw_entry(gen_choices *c, const gen_bounds *b, lo_int budget) {
  lo_int top = gen_min(b->max_entry, budget);
  if (top <= 1) return 1;
  uint64_t v = gen_small(c, (uint64_t)top - 1);
  return v == 0 ? 2 : v == 1 ? 1 : (lo_int)v + 1;
}

/* A stride: 0 (simplest), merge (the stride that continues the mode
** before, so that coalesce has work), a small one, a power of two, or any
** up to max_stride. */
static lo_int draw_stride(gen_choices *c, const gen_bounds *b, lo_int merge) {
  lo_int top = b->max_stride < 0 ? 0 : b->max_stride;
  switch (gen_draw(c, 6)) {
    case 0:
      return 0;
    case 1:
    case 2:
      return merge;
    case 3:
      return gen_min(1 + (lo_int)gen_draw(c, 7), top);
    case 4:
      return gen_min((lo_int)1 << gen_draw(c, 6), top);
    default:
      return (lo_int)gen_draw(c, (uint64_t)top);
  }
}

/* s * d, or 0 when it overflows (then no merge is offered). */
static lo_int merge_stride(lo_int s, lo_int d) {
  lo_int p;
  return __builtin_mul_overflow(s, d, &p) ? 0 : p;
}

/* Does the mode s:d continue into stride next (s d = next, no overflow)? */
static int continues(lo_int s, lo_int d, lo_int next) {
  lo_int p;
  return !__builtin_mul_overflow(s, d, &p) && p == next;
}

/* ---------------------------------------------------------------- nesting */

/* Tokens of a random nesting; spare counts the tokens still free for
** extra parentheses (two per pair), so the profile stays within
** LO_MAX_TOKENS. */
typedef struct nester {
  gen_choices *c;
  char *tok;
  int nt, spare;
} nester;

/* Take one pair of parentheses from the spare tokens, if any are left. */
static int take_pair(nester *ns) {
  if (ns->spare < 2) return 0;
  ns->spare -= 2;
  return 1;
}

/* A tuple over n >= 0 leaves at most depth >= 1 levels deep: its children
** are runs of leaves (a leaf, a sub-tuple, a wrapped leaf) and, rarely,
** empty tuples. */
static void nest_run(nester *ns, int n, int depth) {
  ns->tok[ns->nt++] = '(';
  if (n == 0 && depth > 1 && gen_flip(ns->c, 6) && take_pair(ns)) {
    ns->tok[ns->nt++] = '(';
    ns->tok[ns->nt++] = ')';
  }
  for (int rem = n; rem > 0;) {
    if (depth > 1 && gen_flip(ns->c, 16) && take_pair(ns)) { /* an empty child */
      ns->tok[ns->nt++] = '(';
      ns->tok[ns->nt++] = ')';
    }
    int g = 1;
    if (depth > 1 && rem > 1 && gen_flip(ns->c, 3) && take_pair(ns)) {
      g = 2 + (int)gen_small(ns->c, (uint64_t)rem - 2);
      nest_run(ns, g, depth - 1);
    } else if (depth > 1 && gen_flip(ns->c, 8) && take_pair(ns)) {
      nest_run(ns, 1, depth - 1);
    } else {
      ns->tok[ns->nt++] = '*';
    }
    rem -= g;
  }
  ns->tok[ns->nt++] = ')';
}

/* Give t (its leaves set) a random profile: one leaf is an integer
** (simplest) or a tuple, other lengths a tuple. */
static void renest_tuple(gen_choices *c, const gen_bounds *b, lo_tuple *t) {
  int depth = b->max_depth < 1 ? 1 : b->max_depth > MAX_NEST_DEPTH ? MAX_NEST_DEPTH : b->max_depth;
  if (t->len == 1 && !gen_flip(c, 3)) {
    t->tok[0] = '*';
    t->ntok = 1;
    return;
  }
  nester ns = {c, t->tok, 0, LO_MAX_TOKENS - t->len - 2};
  nest_run(&ns, t->len, depth);
  t->ntok = ns.nt;
}

/* Replace each '*' of the profile p by the shape of items[k] (strides
** follow): the substitution of the layouts into p, done on tokens. */
static int splice(const lo_tuple *p, const lo_layout *items, lo_layout *out) {
  lo_layout r;
  int nt = 0, nl = 0, k = 0;
  for (int i = 0; i < p->ntok; i++) {
    if (p->tok[i] != '*') {
      if (nt >= LO_MAX_TOKENS) return -1;
      r.shape.tok[nt++] = p->tok[i];
      continue;
    }
    const lo_layout *it = &items[k++];
    if (nt + it->shape.ntok > LO_MAX_TOKENS || nl + it->shape.len > LO_MAX_LEAVES) return -1;
    memcpy(r.shape.tok + nt, it->shape.tok, (size_t)it->shape.ntok);
    memcpy(r.shape.leaf + nl, it->shape.leaf, (size_t)it->shape.len * sizeof(lo_int));
    memcpy(r.stride + nl, it->stride, (size_t)it->shape.len * sizeof(lo_int));
    nt += it->shape.ntok;
    nl += it->shape.len;
  }
  r.shape.ntok = nt;
  r.shape.len = nl;
  r.is_tiler = 0;
  *out = r;
  return 0;
}

/* ---------------------------------------------------------------- layouts */

/* A random layout of size at most budget: rank, shapes, strides (often
** continuing the mode before, often 0), size-1 modes, random nesting. */
static void draw_layout(gen_choices *c, const gen_bounds *b, lo_int budget, lo_layout *l) {
  lo_int s[LO_MAX_LEAVES], d[LO_MAX_LEAVES], size = 1;
  int n = 0;
  if (budget < 1) budget = 1;
  while (gen_more(c, n, rank_cap(b))) {
    s[n] = draw_entry(c, b, budget / size);
    d[n] = draw_stride(c, b, n ? merge_stride(s[n - 1], d[n - 1]) : 1);
    size *= s[n++];
  }
  lo_layout_flat(l, s, d, n);
  renest_tuple(c, b, &l->shape);
}

/* Rewrite l's flattened modes without changing its layout function:
** split s = q (s/q) into q:d, (s/q):qd; merge a mode into the one before
** when s d = d'; insert size-1 modes with any stride; change the stride of
** a size-1 mode (Obs 2.1.2.29, Obs 2.1.4.10); then nest anew. */
static void rewrite(gen_choices *c, const gen_bounds *b, lo_layout *l) {
  lo_int s[LO_MAX_LEAVES], d[LO_MAX_LEAVES];
  int n = 0;
  for (int i = 0; i < l->shape.len; i++) {
    lo_int si = l->shape.leaf[i], di = l->stride[i], q = 1;
    if (n < LO_MAX_LEAVES - 3 && gen_flip(c, 6)) {
      s[n] = 1;
      d[n++] = draw_stride(c, b, 0);
    }
    if (si == 1 && gen_flip(c, 3)) di = draw_stride(c, b, 0);
    if (n > 0 && continues(s[n - 1], d[n - 1], di) && gen_flip(c, 3)) {
      s[n - 1] *= si;
      continue;
    }
    for (lo_int f = 2; f < si; f++)
      if (si % f == 0 && gen_flip(c, 2)) {
        q = f;
        break;
      }
    if (q > 1 && (di == 0 || merge_stride(di, q) != 0)) {
      s[n] = q;
      d[n++] = di;
      s[n] = si / q;
      d[n++] = di * q;
    } else {
      s[n] = si;
      d[n++] = di;
    }
  }
  if (n < LO_MAX_LEAVES && gen_flip(c, 6)) {
    s[n] = 1;
    d[n++] = draw_stride(c, b, 0);
  }
  lo_layout_flat(l, s, d, n);
  renest_tuple(c, b, &l->shape);
}

/* Give l a new random nesting over the same entries. */
static void renest_layout(gen_choices *c, const gen_bounds *b, lo_layout *l) {
  renest_tuple(c, b, &l->shape);
}

/* Usually change l's layout function: add 1..4 to one stride, or swap the
** strides of two entries. */
static void perturb(gen_choices *c, lo_layout *l) {
  int n = l->shape.len;
  if (n == 0) return;
  int i = (int)gen_draw(c, (uint64_t)n - 1);
  if (n > 1 && gen_flip(c, 2)) {
    int j = (int)gen_draw(c, (uint64_t)n - 1);
    lo_int t = l->stride[i];
    l->stride[i] = l->stride[j];
    l->stride[j] = t;
  } else {
    l->stride[i] += 1 + (lo_int)gen_draw(c, 3);
  }
}

/* The coalesced flat modes of l (squeeze, then merge s d = d'), computed
** here so that generators do not lean on the oracle's coalesce. */
static void merged(const lo_layout *l, lo_layout *out) {
  lo_int s[LO_MAX_LEAVES], d[LO_MAX_LEAVES];
  int n = 0;
  for (int i = 0; i < l->shape.len; i++) {
    lo_int si = l->shape.leaf[i], di = l->stride[i];
    if (si == 1) continue;
    if (n > 0 && continues(s[n - 1], d[n - 1], di)) {
      s[n - 1] *= si;
      continue;
    }
    s[n] = si;
    d[n++] = di;
  }
  lo_layout_flat(out, s, d, n);
}

/* Run the registered generator name and parse its first n arguments as
** layouts into out[0..n). */
static int layouts_from(const char *name, gen_choices *c, const gen_bounds *b, lo_layout *out,
                        int n) {
  const gen_info *g = gen_find(name);
  gen_case part;
  lo_err e;
  memset(&part, 0, sizeof part);
  if (!g || g->fn(c, b, &part) || part.argc < n) return -1;
  for (int i = 0; i < n; i++)
    if (lo_parse_layout(part.argv[i], &out[i], &e)) return -1;
  return 0;
}

/* ------------------------------------------------ profiles and substitution */

/* A random profile over n leaves (stored as 0, printed as '*'). */
static void draw_profile(gen_choices *c, const gen_bounds *b, int n, lo_tuple *p) {
  lo_int zero[LO_MAX_LEAVES] = {0};
  lo_tuple_flat(p, zero, n);
  renest_tuple(c, b, p);
}

/* Q (at least one leaf) and the items substituted into it, "X1;...;Xm":
** profiles when star is set (Def 2.2.1.8), nested tuples of positive
** integers otherwise (Def 2.2.3.1).  Items have 0 to 4 leaves. */
static int substitution_case(gen_choices *c, const gen_bounds *b, int star, gen_case *k) {
  int m = 1 + (int)gen_small(c, (uint64_t)(rank_cap(b) > 1 ? rank_cap(b) - 1 : 0));
  if (m > 12) m = 12;
  lo_tuple q;
  draw_profile(c, b, m, &q);
  char buf[GEN_ARG_LEN], one[GEN_ARG_LEN];
  size_t len = 0;
  buf[0] = 0;
  for (int i = 0; i < m; i++) {
    lo_tuple it;
    lo_int v[4];
    int n = (int)gen_small(c, 4);
    for (int j = 0; j < n; j++) v[j] = star ? 0 : draw_entry(c, b, b->max_entry);
    lo_tuple_flat(&it, v, n);
    renest_tuple(c, b, &it);
    if (lo_print_tuple(&it, one, sizeof one)) return -1;
    int w = snprintf(buf + len, sizeof buf - len, "%s%s", i ? ";" : "", one);
    if (w < 0 || (size_t)w >= sizeof buf - len) return -1;
    len += (size_t)w;
  }
  if (gen_put_tuple(k, &q)) return -1;
  return gen_case_arg(k, "%s", buf);
}

/* Q and profiles P_i (Def 2.2.1.8). */
static int g_nested_profiles(gen_choices *c, const gen_bounds *b, gen_case *k) {
  return substitution_case(c, b, 1, k);
}

/* Q and nested tuples X_i (Def 2.2.3.1). */
static int g_nested_substitution(gen_choices *c, const gen_bounds *b, gen_case *k) {
  return substitution_case(c, b, 0, k);
}

/* ------------------------------------------------------------ refinement */

/* A nested tuple of size x: x split into up to four factors (1s now and
** then), randomly nested; 0 draws keep the integer x. */
static void refine_entry(gen_choices *c, const gen_bounds *b, lo_int x, lo_tuple *out) {
  lo_int f[LO_MAX_LEAVES];
  int n = 0;
  while (n < 4 && gen_flip(c, 2)) {
    lo_int q = 1;
    for (lo_int p = 2; p < x; p++)
      if (x % p == 0 && gen_flip(c, 2)) {
        q = p;
        break;
      }
    if (q == 1 && !gen_flip(c, 4)) break;
    f[n++] = q;
    x /= q;
  }
  f[n++] = x;
  lo_tuple_flat(out, f, n);
  renest_tuple(c, b, out);
}

/* X' refining X: each leaf of X replaced by a nested tuple of its size. */
static int refine(gen_choices *c, const gen_bounds *b, const lo_tuple *x, lo_tuple *xp) {
  lo_layout items[LO_MAX_LEAVES], r;
  lo_int zero[LO_MAX_LEAVES] = {0};
  for (int i = 0; i < x->len; i++) {
    refine_entry(c, b, x->leaf[i], &items[i].shape);
    memcpy(items[i].stride, zero, sizeof zero);
  }
  if (splice(x, items, &r)) return -1; /* x's '*' tokens stand for its leaves */
  *xp = r.shape;
  return 0;
}

/* A neighbour of X for antisymmetry: X itself, X re-nested, X with one
** leaf wrapped as a 1-tuple, or X with its first mode merged into its
** size. */
static void neighbour(gen_choices *c, const gen_bounds *b, const lo_tuple *x, lo_tuple *y) {
  *y = *x;
  switch (gen_draw(c, 3)) {
    case 0:
      return;
    case 1:
      renest_tuple(c, b, y);
      return;
    case 2: { /* wrap leaf i: "*" becomes "(*)" */
      if (y->ntok + 2 > LO_MAX_TOKENS || y->len == 0) return;
      int i = (int)gen_draw(c, (uint64_t)y->len - 1), seen = 0;
      for (int t = 0; t < y->ntok; t++)
        if (y->tok[t] == '*' && seen++ == i) {
          memmove(y->tok + t + 3, y->tok + t + 1, (size_t)(y->ntok - t - 1));
          y->tok[t] = '(';
          y->tok[t + 1] = '*';
          y->tok[t + 2] = ')';
          y->ntok += 2;
          break;
        }
      return;
    }
    default: { /* merge the first mode into its size */
      lo_tuple m;
      lo_err e;
      int first;
      lo_int size;
      if (lo_tuple_is_int(y) || lo_tuple_rank(y) == 0 || lo_tuple_mode(y, 1, &m, &first, &e) ||
          lo_tuple_size(&m, &size, &e))
        return;
      lo_tuple r;
      r.len = 0;
      r.ntok = 0;
      r.tok[r.ntok++] = '(';
      r.tok[r.ntok++] = '*';
      r.leaf[r.len++] = size;
      int b0, e0, f0;
      lo_tuple_mode_span(y, 1, &b0, &e0, &f0);
      memcpy(r.tok + r.ntok, y->tok + e0, (size_t)(y->ntok - e0));
      r.ntok += y->ntok - e0;
      memcpy(r.leaf + 1, y->leaf + m.len, (size_t)(y->len - m.len) * sizeof(lo_int));
      r.len += y->len - m.len;
      *y = r;
      return;
    }
  }
}

/* X'' X' X Y: X'' refines X' refines X, and Y is a neighbour of X. */
static int g_nested_refinement_chain(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_tuple x, xp, xpp, y;
  lo_int v[LO_MAX_LEAVES], size = 1;
  int n = 0;
  while (gen_more(c, n, rank_cap(b))) {
    v[n] = draw_entry(c, b, b->max_size / size);
    size *= v[n++];
  }
  lo_tuple_flat(&x, v, n);
  renest_tuple(c, b, &x);
  if (refine(c, b, &x, &xp) || refine(c, b, &xp, &xpp)) return -1;
  neighbour(c, b, &x, &y);
  if (xp.len > x.len || lo_tuple_depth(&xp) > lo_tuple_depth(&x)) gen_label(k, GEN_L_REFINED);
  return gen_put_tuple(k, &xpp) || gen_put_tuple(k, &xp) || gen_put_tuple(k, &x) ||
         gen_put_tuple(k, &y);
}

/* ------------------------------------------------------------ coarsening */

/* Walk a shape and replace some of its sub-tuples by their sizes: the
** result is refined by the shape (Def 2.2.4.1).  runs[i] counts the shape's
** leaves under leaf i of the result. */
typedef struct coarsener {
  gen_choices *c;
  const lo_tuple *s;
  int pos, leaf;
  lo_tuple *out;
  int *runs;
} coarsener;

/* Copy the element at w->pos into w->out, or (sometimes, when it is a
** tuple) its size in its place. */
static void coarsen_elem(coarsener *w, int root) {
  const char *tok = w->s->tok;
  lo_tuple *o = w->out;
  if (tok[w->pos] == '*') {
    w->runs[o->len] = 1;
    o->leaf[o->len++] = w->s->leaf[w->leaf++];
    o->tok[o->ntok++] = '*';
    w->pos++;
    return;
  }
  if (gen_flip(w->c, root ? 8 : 3)) { /* the whole sub-tuple becomes its size */
    int depth = 0, first = w->leaf;
    lo_int p = 1;
    do {
      char t = tok[w->pos++];
      if (t == '(')
        depth++;
      else if (t == ')')
        depth--;
      else
        p *= w->s->leaf[w->leaf++];
    } while (depth > 0);
    w->runs[o->len] = w->leaf - first;
    o->leaf[o->len++] = p;
    o->tok[o->ntok++] = '*';
    return;
  }
  o->tok[o->ntok++] = '(';
  w->pos++;
  while (tok[w->pos] != ')') coarsen_elem(w, 0);
  o->tok[o->ntok++] = ')';
  w->pos++;
}

/* A random coarsening of s into out (runs as in coarsener). */
static void coarsen(gen_choices *c, const lo_tuple *s, lo_tuple *out, int *runs) {
  coarsener w = {c, s, 0, 0, out, runs};
  out->len = 0;
  out->ntok = 0;
  coarsen_elem(&w, 1);
}

/* L and S-bar, a coarsening of shape(L) (Def 2.3.4.7's hypothesis). */
static int g_nested_coarsening(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_layout l;
  lo_tuple sb;
  int runs[LO_MAX_LEAVES];
  draw_layout(c, b, b->max_size, &l);
  coarsen(c, &l.shape, &sb, runs);
  if (sb.len < l.shape.len) gen_label(k, GEN_L_REFINED);
  return gen_put_layout(k, &l) || gen_put_tuple(k, &sb);
}

/* S-bar, A and B with shape(A) and shape(B) refining S-bar: B rewrites
** each relative mode of A over S-bar without changing its layout function;
** one case in four then perturbs B. */
static int g_nested_alike_over(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_layout a, bl, items[LO_MAX_LEAVES];
  lo_tuple sb;
  int runs[LO_MAX_LEAVES];
  draw_layout(c, b, b->max_size, &a);
  coarsen(c, &a.shape, &sb, runs);
  for (int i = 0, at = 0; i < sb.len; i++) {
    lo_layout_flat(&items[i], a.shape.leaf + at, a.stride + at, runs[i]);
    at += runs[i];
    rewrite(c, b, &items[i]);
  }
  if (splice(&sb, items, &bl)) return -1;
  if (gen_flip(c, 4)) perturb(c, &bl);
  return gen_put_tuple(k, &sb) || gen_put_layout(k, &a) || gen_put_layout(k, &bl);
}

/* ------------------------------------------------------ layout families */

/* Any nested layout, with merges, size-1 modes and zero strides. */
static int g_nested_layout(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_layout l;
  draw_layout(c, b, b->max_size, &l);
  return gen_put_layout(k, &l);
}

/* A, B, C with size(A) size(B) size(C) within the bounds (for nested
** concatenation, Def 2.3.2.5). */
static int g_nested_concat_parts(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_layout l[3];
  lo_int size = 1, s;
  lo_err e;
  for (int i = 0; i < 3; i++) {
    draw_layout(c, b, b->max_size / size, &l[i]);
    if (lo_size(&l[i], &s, &e)) return -1;
    size *= s;
  }
  return gen_put_layout(k, &l[0]) || gen_put_layout(k, &l[1]) || gen_put_layout(k, &l[2]);
}

/* A and B = a rewriting of A (same layout function); one case in four
** then perturbs B. */
static int g_nested_alike(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_layout a, bl;
  draw_layout(c, b, b->max_size, &a);
  bl = a;
  rewrite(c, b, &bl);
  if (gen_flip(c, 4)) perturb(c, &bl);
  return gen_put_layout(k, &a) || gen_put_layout(k, &bl);
}

/* A of size > 1 (when the bounds allow) and B with the same layout
** function: a rewriting of A, or (one case in four) a re-nesting of A's
** coalesced modes, which is sometimes coal(A) itself. */
static int g_nested_variant(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_layout a, bl;
  draw_layout(c, b, b->max_size, &a);
  lo_int size;
  lo_err e;
  if (lo_size(&a, &size, &e)) return -1;
  if (size == 1 && b->max_size >= 2 && a.shape.len < LO_MAX_LEAVES - 1) {
    lo_layout two;
    lo_int s = 2, d = draw_stride(c, b, 1);
    lo_layout_flat(&two, &s, &d, 1);
    lo_layout flat;
    lo_layout_flatten(&a, &flat);
    if (lo_flat_concat(&flat, &two, &a, &e)) return -1;
    renest_layout(c, b, &a);
  }
  if (gen_flip(c, 4)) {
    merged(&a, &bl);
    renest_layout(c, b, &bl);
  } else {
    bl = a;
    rewrite(c, b, &bl);
  }
  return gen_put_layout(k, &a) || gen_put_layout(k, &bl);
}

/* A layout that is often compact: a permutation of a column-major layout,
** with size-1 modes of any stride, randomly nested; one case in three is
** perturbed. */
static int g_nested_maybe_compact(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_int s[LO_MAX_LEAVES], d[LO_MAX_LEAVES], size = 1, pre = 1;
  int n = 0, order[LO_MAX_LEAVES];
  while (gen_more(c, n, rank_cap(b))) {
    s[n] = draw_entry(c, b, b->max_size / size);
    order[n] = n;
    size *= s[n++];
  }
  gen_shuffle(c, order, n);
  for (int i = 0; i < n; i++) { /* mode order[i] is the i-th fastest */
    d[order[i]] = s[order[i]] == 1 ? draw_stride(c, b, 0) : pre;
    pre *= s[order[i]];
  }
  lo_layout l;
  lo_layout_flat(&l, s, d, n);
  renest_layout(c, b, &l);
  if (gen_flip(c, 3)) perturb(c, &l);
  return gen_put_layout(k, &l);
}

/* A codomain T = (t_1..t_n) of size at most budget and the prefix products
** of its entries (the strides that its positions encode). */
static int draw_codomain(gen_choices *c, const gen_bounds *b, lo_int budget, lo_int *t,
                         lo_int *pre) {
  lo_int size = 1;
  int n = 0;
  if (budget < 1) budget = 1;
  while (gen_more(c, n, rank_cap(b))) {
    t[n] = draw_entry(c, b, budget / size);
    pre[n] = size;
    size *= t[n++];
  }
  return n;
}

/* The layout of the positions p[0..n) of T (in that order), with a size-1
** mode of any stride now and then, randomly nested. */
static void positions_layout(gen_choices *c, const gen_bounds *b, const lo_int *t,
                             const lo_int *pre, const int *p, int n, lo_layout *l) {
  lo_int s[LO_MAX_LEAVES], d[LO_MAX_LEAVES];
  int m = 0;
  for (int i = 0; i < n && m < LO_MAX_LEAVES; i++) {
    if (m < LO_MAX_LEAVES - 1 && gen_flip(c, 6)) {
      s[m] = 1;
      d[m++] = draw_stride(c, b, 0);
    }
    s[m] = t[p[i]];
    d[m++] = pre[p[i]];
  }
  lo_layout_flat(l, s, d, m);
  renest_layout(c, b, l);
}

/* A and B that split the positions of a codomain T between them (so that
** (A,B) is compact), each in random order; one case in four perturbs A or
** B (then (A,B) is usually not compact, and A sometimes not
** complementable). */
static int g_nested_complement_pair(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_int t[LO_MAX_LEAVES], pre[LO_MAX_LEAVES];
  int n = draw_codomain(c, b, b->max_size, t, pre), pa[LO_MAX_LEAVES], pb[LO_MAX_LEAVES];
  int na = 0, nb = 0;
  for (int j = 0; j < n; j++) {
    if (gen_draw(c, 1))
      pb[nb++] = j;
    else
      pa[na++] = j;
  }
  gen_shuffle(c, pa, na);
  gen_shuffle(c, pb, nb);
  lo_layout a, bl;
  positions_layout(c, b, t, pre, pa, na, &a);
  positions_layout(c, b, t, pre, pb, nb, &bl);
  if (gen_flip(c, 4)) perturb(c, gen_draw(c, 1) ? &bl : &a);
  return gen_put_layout(k, &a) || gen_put_layout(k, &bl);
}

/* A (the layout of some positions of T, so N-complementable for N a
** multiple of size(T)), N, and A2: A's entries in another order with other
** size-1 modes and nesting.  One case in five adds a remainder to N. */
static int g_nested_n_complementable(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_int t[LO_MAX_LEAVES], pre[LO_MAX_LEAVES], size = 1;
  int n = draw_codomain(c, b, b->max_size, t, pre), p[LO_MAX_LEAVES], np = 0;
  for (int j = 0; j < n; j++) {
    size *= t[j];
    if (!gen_flip(c, 3)) p[np++] = j;
  }
  gen_shuffle(c, p, np);
  lo_layout a, a2;
  positions_layout(c, b, t, pre, p, np, &a);
  gen_shuffle(c, p, np);
  positions_layout(c, b, t, pre, p, np, &a2);
  lo_int nn = size * (lo_int)(1 + gen_small(c, 2));
  if (gen_flip(c, 5)) nn += 1 + (lo_int)gen_draw(c, (uint64_t)size);
  return gen_put_layout(k, &a) || gen_case_arg(k, "%lld", (long long)nn) || gen_put_layout(k, &a2);
}

/* The layout of a random morphism into a codomain of size at most budget:
** some positions hit in random order, unmapped entries (stride 0) and
** size-1 entries of any stride, random nesting (tractable when no size-1
** entry has a stride). */
static void morphism_layout(gen_choices *c, const gen_bounds *b, lo_int budget, lo_layout *l) {
  lo_int t[LO_MAX_LEAVES], pre[LO_MAX_LEAVES];
  int n = draw_codomain(c, b, budget, t, pre), p[LO_MAX_LEAVES], np = 0;
  for (int j = 0; j < n; j++)
    if (!gen_flip(c, 3)) p[np++] = j;
  gen_shuffle(c, p, np);
  positions_layout(c, b, t, pre, p, np, l);
  lo_int size;
  lo_err e;
  if (l->shape.len < LO_MAX_LEAVES && gen_flip(c, 4) && lo_size(l, &size, &e) == LO_OK) {
    lo_int s = draw_entry(c, b, b->max_size / size), z = 0; /* an unmapped entry */
    lo_layout one, flat;
    lo_layout_flat(&one, &s, &z, 1);
    lo_layout_flatten(l, &flat);
    if (lo_flat_concat(&flat, &one, l, &e) == LO_OK) renest_layout(c, b, l);
  }
}

/* ---------------------------------------------------------- composition */

/* B (outer) and A (inner) for the composite B o A (printed "B A", as the
** op composition takes them): three cases in four from composable
** morphisms (the composite exists, Theorem B), re-nested; otherwise any
** B and a morphism's layout A with its image inside [0, size B). */
static int compose_pair(gen_choices *c, const gen_bounds *b, lo_layout *outer, lo_layout *inner) {
  if (!gen_flip(c, 4)) {
    lo_layout two[2];
    if (layouts_from("composable_layouts", c, b, two, 2)) return -1;
    *outer = two[0];
    *inner = two[1];
    if (gen_flip(c, 2)) renest_layout(c, b, outer);
    if (gen_flip(c, 2)) renest_layout(c, b, inner);
    return 0;
  }
  lo_int size;
  lo_err e;
  draw_layout(c, b, b->max_size, outer);
  if (lo_size(outer, &size, &e)) return -1;
  morphism_layout(c, b, size, inner);
  return 0;
}

/* B A as compose_pair. */
static int g_nested_compose_pair(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_layout outer, inner;
  if (compose_pair(c, b, &outer, &inner)) return -1;
  return gen_put_layout(k, &outer) || gen_put_layout(k, &inner);
}

/* A flat rank-1 layout (k):(e) to append to an outer layout
** (Prop 2.3.7.10). */
static int g_nested_tail(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_int s = draw_entry(c, b, b->max_entry), d = draw_stride(c, b, 1);
  lo_layout l;
  lo_layout_flat(&l, &s, &d, 1);
  return gen_put_layout(k, &l);
}

/* B, A as compose_pair, and B2 = a rewriting of B (same layout function). */
static int g_nested_compose_variant(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_layout outer, inner, o2;
  if (compose_pair(c, b, &outer, &inner)) return -1;
  o2 = outer;
  rewrite(c, b, &o2);
  return gen_put_layout(k, &outer) || gen_put_layout(k, &inner) || gen_put_layout(k, &o2);
}

/* ------------------------------------------------- division and product */

/* A and B for A (/) B: divide_layouts (Theorem E), re-nested. */
static int g_nested_divide_pair(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_layout two[2];
  if (layouts_from("divide_layouts", c, b, two, 2)) return -1;
  if (gen_flip(c, 2)) renest_layout(c, b, &two[0]);
  if (gen_flip(c, 2)) renest_layout(c, b, &two[1]);
  return gen_put_layout(k, &two[0]) || gen_put_layout(k, &two[1]);
}

/* A, B for A (x) B and m >= 1 (a second valid N is the first plus m
** extents): product_layouts (Theorem F), re-nested; one case in six
** replaces A by any layout (often not complementable). */
static int g_nested_product_pair(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_layout two[2];
  if (layouts_from("product_layouts", c, b, two, 2)) return -1;
  if (gen_flip(c, 6)) draw_layout(c, b, b->max_size, &two[0]);
  if (gen_flip(c, 2)) renest_layout(c, b, &two[0]);
  if (gen_flip(c, 2)) renest_layout(c, b, &two[1]);
  return gen_put_layout(k, &two[0]) || gen_put_layout(k, &two[1]) ||
         gen_case_arg(k, "%d", 1 + (int)gen_small(c, 3));
}

/* A and a tiler <B_1..B_k> (or, one case in four, a plain layout B) for
** by-mode division (pair "divide_layouts") or product ("product_layouts"):
** mode i of A is paired with B_i; A may have further modes, which the
** tiler leaves alone. */
static int tiler_case(const char *pairs, gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_layout a[4], t[3], two[2], la, lt;
  const lo_layout *pa[4], *pt[3];
  gen_bounds bb = *b;
  lo_int size = 1, s;
  lo_err e;
  int plain = gen_flip(c, 4), nk = plain ? 1 : 1 + (int)gen_small(c, 2), na = 0;
  for (int i = 0; i < nk; i++) {
    bb.max_size = b->max_size / size;
    if (bb.max_size < 1) bb.max_size = 1;
    if (layouts_from(pairs, c, &bb, two, 2) || lo_size(&two[0], &s, &e)) return -1;
    if (gen_flip(c, 2)) renest_layout(c, b, &two[0]);
    a[na] = two[0];
    t[na++] = two[1];
    size *= s;
  }
  if (plain) {
    if (gen_flip(c, 2)) renest_layout(c, b, &t[0]);
    return gen_put_layout(k, &a[0]) || gen_put_layout(k, &t[0]);
  }
  int extra = (int)gen_draw(c, 1);
  for (int i = 0; i < extra; i++) draw_layout(c, b, b->max_size / size, &a[na + i]);
  for (int i = 0; i < na + extra; i++) pa[i] = &a[i];
  for (int i = 0; i < na; i++) pt[i] = &t[i];
  if (lo_layout_nest(pa, na + extra, &la, &e) || lo_layout_nest(pt, na, &lt, &e)) return -1;
  lo_tiler_plain(&lt);
  return gen_put_layout(k, &la) || gen_put_layout(k, &lt);
}

/* A and a tiler for by-mode logical_divide. */
static int g_nested_divide_tiler(gen_choices *c, const gen_bounds *b, gen_case *k) {
  return tiler_case("divide_layouts", c, b, k);
}

/* A and a tiler for by-mode logical_product. */
static int g_nested_product_tiler(gen_choices *c, const gen_bounds *b, gen_case *k) {
  return tiler_case("product_layouts", c, b, k);
}

/* A nested layout that is tractable half the time (a morphism's layout),
** any layout otherwise. */
static int g_nested_tractable_mix(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_layout l;
  if (gen_flip(c, 2))
    draw_layout(c, b, b->max_size, &l);
  else
    morphism_layout(c, b, b->max_size, &l);
  return gen_put_layout(k, &l);
}

/* ---------------------------------------------------------------- table */

const gen_info gen_nested_table[] = {
    {"nested_profiles", "Q P1;..;Pm", "a profile Q and len(Q) profiles to substitute into it",
     g_nested_profiles},
    {"nested_substitution", "Q X1;..;Xm", "a profile Q and len(Q) nested tuples",
     g_nested_substitution},
    {"nested_refinement_chain", "X'' X' X Y",
     "X'' refines X' refines X; Y is X, re-nested, wrapped or coarsened",
     g_nested_refinement_chain},
    {"nested_layout", "L", "a nested layout with merges, size-1 modes and zero strides",
     g_nested_layout},
    {"nested_concat_parts", "A B C", "three nested layouts, their sizes' product in bounds",
     g_nested_concat_parts},
    {"nested_alike", "A B", "A and a rewriting of A (same function), sometimes perturbed",
     g_nested_alike},
    {"nested_variant", "A B", "A (size > 1) and a layout with the same function", g_nested_variant},
    {"nested_coarsening", "L S", "a layout and a coarsening of its shape", g_nested_coarsening},
    {"nested_alike_over", "S A B", "A, B refining S, B rewriting A's relative modes",
     g_nested_alike_over},
    {"nested_maybe_compact", "L", "a permuted column-major layout, sometimes perturbed",
     g_nested_maybe_compact},
    {"nested_complement_pair", "A B", "A, B splitting a codomain, sometimes perturbed",
     g_nested_complement_pair},
    {"nested_n_complementable", "A N A2", "A, N (usually valid) and A re-ordered",
     g_nested_n_complementable},
    {"nested_compose_pair", "B A", "outer B and inner A, usually composable",
     g_nested_compose_pair},
    {"nested_tail", "L", "a rank-1 flat layout (k):(e)", g_nested_tail},
    {"nested_compose_variant", "B A B2", "B, A as nested_compose_pair, B2 rewriting B",
     g_nested_compose_variant},
    {"nested_divide_pair", "A B", "divide_layouts, re-nested", g_nested_divide_pair},
    {"nested_product_pair", "A B m", "product_layouts, re-nested, sometimes any A",
     g_nested_product_pair},
    {"nested_divide_tiler", "A T", "A and a tiler (or a layout) for by-mode division",
     g_nested_divide_tiler},
    {"nested_product_tiler", "A T", "A and a tiler (or a layout) for by-mode product",
     g_nested_product_tiler},
    {"nested_tractable_mix", "L", "a nested layout, tractable half the time",
     g_nested_tractable_mix},
};
const int gen_nested_count = (int)(sizeof gen_nested_table / sizeof gen_nested_table[0]);
