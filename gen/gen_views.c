/*
** gen_views.c -- generators of tensor views (properties/p_views.c):
** einops patterns with their sizes (valid ones, ones that break a rule,
** reshapes), row-major views of every kind (contiguous, permuted, padded,
** broadcast, nested from a rearrange), reshape and broadcast targets,
** TorchLean CanBroadcastTo derivations and einsum contractions.
**
** Sizes are 1 a quarter of the time (draw 0 gives 2 or more, so a size 1
** survives shrinking only where it matters); patterns shrink to fewer
** atoms, flat groups and the identity order.
*/
#include "gen_values.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

#define VMAX 8 /* atoms of a generated pattern */

/* Items of a pattern side: an atom (>= 0), or one of these. */
enum { V_ONE = -1, V_EMPTY = -2, V_OPEN = -3, V_CLOSE = -4 };
#define VSIDE_CAP (4 * VMAX + 16)

typedef struct vspec {
  int n;
  lo_int size[VMAX + 1];
  char name[VMAX + 1][8];
} vspec;

typedef struct vside {
  int n;
  int item[VSIDE_CAP];
} vside;

/* A size in 1..max_entry, at most room (>= 1); 1 a quarter of the time. */
static lo_int draw_size(gen_choices *c, const gen_bounds *b, lo_int room) {
  lo_int max = b->max_entry < 2 ? 2 : b->max_entry;
  if (gen_flip(c, 4) || room < 2) return 1;
  lo_int v = 2 + (lo_int)gen_small(c, (uint64_t)(max - 2));
  return v > room ? 1 : v;
}

/* The atoms of a pattern: names and sizes, total size within bounds. */
static void draw_atoms(gen_choices *c, const gen_bounds *b, vspec *v) {
  lo_int total = 1;
  int max = b->max_rank < VMAX ? b->max_rank : VMAX;
  v->n = 0;
  while (gen_more(c, v->n, max)) {
    int i = v->n++;
    v->size[i] = draw_size(c, b, b->max_size / total);
    total *= v->size[i];
    if (gen_flip(c, 10))
      snprintf(v->name[i], sizeof v->name[i], "x_%d", i);
    else
      snprintf(v->name[i], sizeof v->name[i], "%c", 'a' + i);
  }
}

/* Append an item to a side (dropped when full). */
static void side_push(vside *s, int it) {
  if (s->n < VSIDE_CAP) s->item[s->n++] = it;
}

/* Group the atoms order[0..n) into axes, with anonymous 1 and () axes
** sometimes (when ones is set). */
static void draw_side(gen_choices *c, const int *order, int n, int ones, vside *s) {
  int i = 0;
  s->n = 0;
  for (;;) {
    if (ones && gen_flip(c, 8)) side_push(s, gen_flip(c, 2) ? V_EMPTY : V_ONE);
    if (i >= n) break;
    int g = 1;
    if (i + 1 < n && gen_flip(c, 3)) g = 2 + (int)gen_small(c, (uint64_t)(n - i - 2));
    int paren = g > 1 || gen_flip(c, 10);
    if (paren) side_push(s, V_OPEN);
    for (int k = 0; k < g; k++) side_push(s, order[i + k]);
    if (paren) side_push(s, V_CLOSE);
    i += g;
  }
}

/* Append the text of a side to buf. */
static void side_text(const vspec *v, const vside *s, char *buf, size_t cap) {
  size_t len = strlen(buf);
  for (int i = 0; i < s->n && len + 16 < cap; i++) {
    int it = s->item[i];
    int space = len > 0 && buf[len - 1] != '[' && buf[len - 1] != '(' && buf[len - 1] != ' ' &&
                it != V_CLOSE;
    const char *t = it >= 0         ? v->name[it]
                    : it == V_ONE   ? "1"
                    : it == V_EMPTY ? "()"
                    : it == V_OPEN  ? "("
                                    : ")";
    len += (size_t)snprintf(buf + len, cap - len, "%s%s", space ? " " : "", t);
  }
}

/* "[LEFT --> RIGHT]" into the case. */
static int put_pattern(gen_case *k, const vspec *v, const vside *l, const vside *r) {
  char buf[GEN_ARG_LEN] = "[";
  side_text(v, l, buf, sizeof buf);
  strcat(buf, strlen(buf) > 1 ? " --> " : "--> ");
  side_text(v, r, buf, sizeof buf);
  strcat(buf, "]");
  return gen_case_arg(k, "%s", buf);
}

/* "a=2,b=3" for the atoms with have[i] set ("[]" for none). */
static int put_sizes(gen_case *k, const vspec *v, const int *have) {
  char buf[GEN_ARG_LEN] = "";
  size_t len = 0;
  for (int i = 0; i < v->n; i++)
    if (!have || have[i])
      len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%s=%lld", len ? "," : "", v->name[i],
                              (long long)v->size[i]);
  return gen_case_arg(k, "%s", len ? buf : "[]");
}

/* The sizes of the top-level axes of a side, outermost first. */
static int side_dims(const vspec *v, const vside *s, lo_int *d) {
  int n = 0, depth = 0;
  for (int i = 0; i < s->n; i++) {
    int it = s->item[i];
    if (it == V_OPEN) {
      d[n] = 1;
      depth = 1;
    } else if (it == V_CLOSE) {
      depth = 0;
      n++;
    } else if (depth) {
      d[n] *= it >= 0 ? v->size[it] : 1;
    } else {
      d[n++] = it >= 0 ? v->size[it] : 1;
    }
  }
  return n;
}

/* Labels of a pattern: size-1 atoms or anonymous axes, merged groups. */
static void label_pattern(gen_case *k, const vspec *v, const vside *l, const vside *r) {
  if (v->n == 0) gen_label(k, GEN_L_EMPTY);
  for (int i = 0; i < v->n; i++)
    if (v->size[i] == 1) gen_label(k, GEN_L_SHAPE1);
  for (int s = 0; s < 2; s++) {
    const vside *x = s ? r : l;
    int run = 0;
    for (int i = 0; i < x->n; i++) {
      if (x->item[i] == V_ONE || x->item[i] == V_EMPTY) gen_label(k, GEN_L_SHAPE1);
      run = x->item[i] == V_OPEN ? 0 : x->item[i] >= 0 ? run + 1 : run;
      if (run >= 2) gen_label(k, GEN_L_NESTED);
    }
  }
}

/* A valid rearrange: atoms in storage order on the left, shuffled on the
** right, both grouped at random. */
static void draw_rearrange(gen_choices *c, const gen_bounds *b, vspec *v, vside *l, vside *r) {
  int order[VMAX], perm[VMAX];
  draw_atoms(c, b, v);
  for (int i = 0; i < v->n; i++) order[i] = perm[i] = i;
  draw_side(c, order, v->n, 1, l);
  gen_shuffle(c, perm, v->n);
  draw_side(c, perm, v->n, 1, r);
}

/* PATTERN SIZES [SHAPE]: a valid rearrange; a third of the time the input
** shape is given and one size per left axis is left out (inferred). */
static int rearrange_case(gen_choices *c, const gen_bounds *b, gen_case *k, int infer_ok) {
  vspec v;
  vside l, r;
  int have[VMAX];
  draw_rearrange(c, b, &v, &l, &r);
  for (int i = 0; i < v.n; i++) have[i] = 1;
  int infer = infer_ok && gen_flip(c, 3);
  if (infer) /* leave out the last named atom of some left axes */
    for (int i = 0, last = -1, depth = 0; i < l.n; i++) {
      int it = l.item[i];
      if (it >= 0) last = it;
      if (it == V_OPEN) depth = 1, last = -1;
      if ((it >= 0 && !depth) || it == V_CLOSE) {
        if (last >= 0 && gen_flip(c, 2)) have[last] = 0;
        depth = 0;
        last = -1;
      }
    }
  if (put_pattern(k, &v, &l, &r) || put_sizes(k, &v, have)) return -1;
  if (infer) {
    lo_int d[VSIDE_CAP];
    lo_tuple t;
    int n = side_dims(&v, &l, d);
    lo_tuple_flat(&t, d, n);
    if (gen_put_tuple(k, &t)) return -1;
  }
  label_pattern(k, &v, &l, &r);
  return 0;
}

/* view_pattern and view_pattern_sized (no input shape). */
static int g_view_pattern(gen_choices *c, const gen_bounds *b, gen_case *k) {
  return rearrange_case(c, b, k, 1);
}

/* The generator view_pattern_sized (PATTERN SIZES): a valid einops rearrange with every size given.
 */
static int g_view_pattern_sized(gen_choices *c, const gen_bounds *b, gen_case *k) {
  return rearrange_case(c, b, k, 0);
}

/* Remove item i of a side. */
static void side_remove(vside *s, int i) {
  memmove(s->item + i, s->item + i + 1, (size_t)(s->n - i - 1) * sizeof s->item[0]);
  s->n--;
}

/* PATTERN SIZES: a valid rearrange, half the time broken by one change:
** an atom repeated on the right or the left, an atom dropped from the
** right, an unknown atom added to the right. */
static int g_view_pattern_rules(gen_choices *c, const gen_bounds *b, gen_case *k) {
  vspec v;
  vside l, r;
  draw_rearrange(c, b, &v, &l, &r);
  int m = gen_flip(c, 2) ? 1 + (int)gen_draw(c, 3) : 0;
  if (m && v.n == 0) m = 4;
  if (m == 1 || m == 2) { /* repeat atom a as a new axis */
    int a = (int)gen_draw(c, (uint64_t)v.n - 1);
    side_push(m == 1 ? &r : &l, a);
  } else if (m == 3) { /* drop one atom from the right */
    int a = (int)gen_draw(c, (uint64_t)v.n - 1);
    for (int i = 0; i < r.n; i++)
      if (r.item[i] == a) {
        side_remove(&r, i);
        break;
      }
  } else if (m == 4 && v.n < VMAX) { /* an axis the left does not have */
    int i = v.n++;
    v.size[i] = draw_size(c, b, 1 + b->max_entry);
    snprintf(v.name[i], sizeof v.name[i], "z");
    side_push(&r, i);
  }
  if (put_pattern(k, &v, &l, &r) || put_sizes(k, &v, NULL)) return -1;
  label_pattern(k, &v, &l, &r);
  return 0;
}

/* PATTERN SIZES: a reshape in Einlean's sense: the same atoms in the same
** order on both sides, grouped differently. */
static int g_view_reshape_pattern(gen_choices *c, const gen_bounds *b, gen_case *k) {
  vspec v;
  vside l, r;
  int order[VMAX];
  draw_atoms(c, b, &v);
  for (int i = 0; i < v.n; i++) order[i] = i;
  draw_side(c, order, v.n, 1, &l);
  draw_side(c, order, v.n, 1, &r);
  if (put_pattern(k, &v, &l, &r) || put_sizes(k, &v, NULL)) return -1;
  label_pattern(k, &v, &l, &r);
  return 0;
}

/* ------------------------------------------------------------- views */

/* A flat shape (at most max axes) within the size bound. */
static int draw_dims(gen_choices *c, const gen_bounds *b, int max, lo_int *d) {
  lo_int total = 1;
  int n = 0;
  if (max > b->max_rank) max = b->max_rank;
  while (gen_more(c, n, max)) {
    d[n] = draw_size(c, b, b->max_size / total);
    total *= d[n++];
  }
  return n;
}

/* The pattern "[a b c --> GROUPS]" regrouping n axes a, b, c, ... (a
** shuffled and grouped right side) and its sizes d. */
static void regroup_pattern(gen_choices *c, const lo_int *d, int n, char *pat, char *sz,
                            size_t cap) {
  vspec v;
  vside l, r;
  int order[VMAX], perm[VMAX];
  v.n = n;
  l.n = 0;
  for (int i = 0; i < n; i++) {
    v.size[i] = d[i];
    snprintf(v.name[i], sizeof v.name[i], "%c", 'a' + i);
    order[i] = perm[i] = i;
    side_push(&l, i);
  }
  gen_shuffle(c, perm, n);
  draw_side(c, perm, n, 0, &r);
  snprintf(pat, cap, "[");
  side_text(&v, &l, pat, cap);
  strcat(pat, n ? " --> " : "--> ");
  side_text(&v, &r, pat, cap);
  strcat(pat, "]");
  sz[0] = '\0';
  for (int i = 0; i < n; i++)
    snprintf(sz + strlen(sz), cap - strlen(sz), "%s%s=%lld", i ? "," : "", v.name[i],
             (long long)d[i]);
  (void)order;
}

/* A view of shape d[0..n) (n <= VMAX): contiguous (kind 0), over storage
** in another axis order (1), padded (2), with stride-0 axes (3), or the
** result of a rearrange (4: other, nested axes).  Returns the kind. */
static int draw_view(gen_choices *c, const lo_int *d, int n, lo_layout *out) {
  lo_tuple sh, st;
  lo_int s[VMAX], acc = 1;
  lo_err e;
  int kind = (int)gen_draw(c, 4), perm[VMAX];
  assert(n >= 0 && n <= VMAX);
  if (kind == 4) {
    char pat[GEN_ARG_LEN], sz[GEN_ARG_LEN];
    regroup_pattern(c, d, n, pat, sz, sizeof pat);
    if (lo_view_rearrange(pat, n ? sz : NULL, NULL, out, &e) == LO_OK) return 4;
    kind = 0;
  }
  for (int i = 0; i < n; i++) perm[i] = i;
  if (kind == 1) gen_shuffle(c, perm, n);
  for (int j = n - 1; j >= 0; j--) { /* storage in the order perm, row-major */
    s[perm[j]] = acc;
    acc *= d[perm[j]] + (kind == 2 && gen_flip(c, 2) ? 1 + (lo_int)gen_small(c, 3) : 0);
  }
  for (int i = 0; i < n; i++)
    if (kind == 3 && gen_flip(c, 2)) s[i] = 0;
  lo_tuple_flat(&sh, d, n);
  lo_tuple_flat(&st, s, n);
  lo_view_to_layout(&sh, &st, out, &e);
  return kind;
}

/* The sizes of a view's axes, outermost first. */
static int view_dims(const lo_layout *l, lo_int *d) {
  lo_layout ax[LO_MAX_LEAVES];
  lo_err e;
  int n = 0;
  if (lo_view_axes(l, ax, LO_MAX_LEAVES, &n, &e)) return 0;
  for (int i = 0; i < n; i++) lo_size(&ax[i], &d[i], &e);
  return n;
}

/* Put a view: its shape when contiguous (kind 0), else its layout. */
static int put_view(gen_case *k, const lo_layout *l, const lo_int *d, int n, int kind) {
  if (kind == 0) {
    lo_tuple t;
    lo_tuple_flat(&t, d, n);
    return gen_put_tuple(k, &t);
  }
  return gen_put_layout(k, l);
}

/* A smallest divisor > 1 of s below s, drawn among them; 0 when prime. */
static lo_int draw_divisor(gen_choices *c, lo_int s) {
  lo_int divs[64];
  int n = 0;
  for (lo_int q = 2; q < s && n < 64; q++)
    if (s % q == 0) divs[n++] = q;
  return n ? divs[gen_draw(c, (uint64_t)n - 1)] : 0;
}

/* Change the shape t[0..*n) without changing its size: merge two
** neighbours, split an axis, insert or remove a 1. */
static void reshape_step(gen_choices *c, lo_int *t, int *n) {
  int op = (int)gen_draw(c, 3), i = *n ? (int)gen_draw(c, (uint64_t)*n - 1) : 0;
  if (op == 0 && *n >= 2 && i + 1 < *n) { /* merge i and i+1 */
    t[i] *= t[i + 1];
    memmove(t + i + 1, t + i + 2, (size_t)(*n - i - 2) * sizeof *t);
    (*n)--;
  } else if (op == 1 && *n && *n < VMAX + 4) { /* split i */
    lo_int q = draw_divisor(c, t[i]);
    if (!q) return;
    memmove(t + i + 1, t + i, (size_t)(*n - i) * sizeof *t);
    t[i] = t[i + 1] / q;
    t[i + 1] = q;
    (*n)++;
  } else if (op == 2 && *n < VMAX + 4) { /* insert a 1 at i */
    memmove(t + i + 1, t + i, (size_t)(*n - i) * sizeof *t);
    t[i] = 1;
    (*n)++;
  } else if (op == 3 && *n && t[i] == 1) { /* remove a 1 */
    memmove(t + i, t + i + 1, (size_t)(*n - i - 1) * sizeof *t);
    (*n)--;
  }
}

/* FROM TO: a view and a shape of the same size: its own shape changed by
** a few merges, splits and size-1 axes, or (a fifth of the time) all its
** prime factors in a random order. */
static int g_view_reshape_case(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_int d[VMAX], t[VMAX + 8];
  lo_layout l;
  int n = draw_dims(c, b, 5, d), kind = draw_view(c, d, n, &l), nt = view_dims(&l, t);
  if (gen_flip(c, 5)) { /* the prime factors, shuffled */
    lo_int f[VMAX + 8], size = 1;
    int nf = 0, perm[VMAX + 8];
    for (int i = 0; i < nt; i++) size *= t[i];
    for (lo_int q = 2; size > 1 && nf < VMAX + 4; q++)
      while (size % q == 0 && nf < VMAX + 4) f[nf++] = q, size /= q;
    for (int i = 0; i < nf; i++) perm[i] = i;
    gen_shuffle(c, perm, nf);
    for (int i = 0; i < nf; i++) t[i] = f[perm[i]];
    nt = nf;
  } else {
    for (int steps = (int)gen_draw(c, 3); steps > 0; steps--) reshape_step(c, t, &nt);
  }
  lo_tuple to;
  lo_tuple_flat(&to, t, nt);
  if (put_view(k, &l, d, n, kind) || gen_put_tuple(k, &to)) return -1;
  return 0;
}

/* FROM TO: a view and a broadcast target: its size-1 axes often widened,
** leading axes added; a sixth of the time one axis is broken (a size
** other than 1 changed) and sometimes the target has fewer axes. */
static int g_view_broadcast_case(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_int d[VMAX], t[VMAX + 4], total = 1;
  lo_layout l;
  int n = draw_dims(c, b, 4, d);
  int kind = gen_flip(c, 3) ? draw_view(c, d, n, &l) : 0;
  lo_err e;
  lo_tuple sh;
  lo_tuple_flat(&sh, d, n);
  if (kind == 0) lo_view_contiguous(&sh, &l, &e);
  int nd = view_dims(&l, d), lead = (int)gen_draw(c, 2), nt = 0;
  for (int i = 0; i < nd; i++) total *= d[i];
  for (int i = 0; i < lead; i++) {
    t[nt] = draw_size(c, b, b->max_size / total);
    total *= t[nt++];
  }
  for (int i = 0; i < nd; i++) {
    t[nt] = d[i];
    if (d[i] == 1 && gen_flip(c, 2)) {
      t[nt] = draw_size(c, b, b->max_size / total);
      total *= t[nt];
    }
    nt++;
  }
  if (nd && gen_flip(c, 6)) { /* break one axis */
    int i = lead + (int)gen_draw(c, (uint64_t)nd - 1);
    t[i] = t[i] == 1 ? 2 : gen_flip(c, 2) ? 1 : t[i] + 1;
  }
  if (nt && gen_flip(c, 12)) { /* fewer axes than the view */
    memmove(t, t + 1, (size_t)(nt - 1) * sizeof *t);
    nt--;
  }
  lo_tuple to;
  lo_tuple_flat(&to, t, nt);
  if (put_view(k, &l, d, nd, kind) || gen_put_tuple(k, &to)) return -1;
  return 0;
}

/* S1 S2 DERIV: a derivation of TorchLean's CanBroadcastTo S1 S2 built from
** its four constructors, outermost first, written as Lean terms would be:
** dim_eq(n,TAIL), dim_1_to_n(n,TAIL), expand_dims(n,TAIL) and
** scalar_to_any(SHAPE) at the end. */
static int g_torchlean_derivation(gen_choices *c, const gen_bounds *b, gen_case *k) {
  static const char *const ctor[] = {"dim_eq", "dim_1_to_n", "expand_dims"};
  lo_int s1[VMAX + 4], s2[2 * VMAX + 4], total = 1;
  int n1 = 0, n2 = 0, steps = 0, kinds[VMAX];
  lo_int sizes[VMAX];
  char text[GEN_ARG_LEN] = "";
  while (gen_more(c, steps, 5)) {
    kinds[steps] = (int)gen_draw(c, 2);
    sizes[steps] = draw_size(c, b, b->max_size / total);
    total *= sizes[steps];
    steps++;
  }
  for (int i = 0; i < steps; i++) {
    snprintf(text + strlen(text), sizeof text - strlen(text), "%s(%lld,", ctor[kinds[i]],
             (long long)sizes[i]);
    s2[n2++] = sizes[i];
    if (kinds[i] != 2) s1[n1++] = kinds[i] == 0 ? sizes[i] : 1;
  }
  lo_int tail[VMAX];
  int nt = draw_dims(c, b, 3, tail);
  strcat(text, "scalar_to_any((");
  for (int i = 0; i < nt; i++) {
    snprintf(text + strlen(text), sizeof text - strlen(text), "%s%lld", i ? "," : "",
             (long long)tail[i]);
    s2[n2++] = tail[i];
  }
  strcat(text, "))");
  for (int i = 0; i < steps; i++) strcat(text, ")");
  lo_tuple t1, t2;
  lo_tuple_flat(&t1, s1, n1);
  lo_tuple_flat(&t2, s2, n2);
  if (gen_put_tuple(k, &t1) || gen_put_tuple(k, &t2) || gen_case_arg(k, "%s", text)) return -1;
  return 0;
}

/* PATTERN SIZES A B: a contraction "A axes, B axes -> output": batch axes
** (b, c) in all three, free axes of A (i, h) and of B (j, l), contracted
** axes (k, m), each side in a random order; A and B are views of any
** kind but rearranged. */
static int g_einsum_case(gen_choices *c, const gen_bounds *b, gen_case *k) {
  static const char names[] = "bcihjlkm";
  (void)b;
  int cnt[4], na = 0, nb = 0, no = 0;
  int ia[8], ib[8], io[8];
  lo_int size[8];
  for (int g = 0; g < 4; g++) cnt[g] = (int)gen_draw(c, g == 3 ? 2 : 1) + (g == 1 || g == 3);
  for (int g = 0; g < 4; g++)
    for (int q = 0; q < cnt[g] && q < 2; q++) {
      int id = 2 * g + q;
      size[id] = 1 + (lo_int)gen_small(c, 3);
      if (g != 2) ia[na++] = id;
      if (g != 1) ib[nb++] = id;
      if (g != 3) io[no++] = id;
    }
  gen_shuffle(c, ia, na);
  gen_shuffle(c, ib, nb);
  gen_shuffle(c, io, no);
  char pat[GEN_ARG_LEN] = "[", sz[GEN_ARG_LEN] = "";
  const int *sides[3] = {ia, ib, io};
  const int lens[3] = {na, nb, no};
  for (int s = 0; s < 3; s++) {
    for (int q = 0; q < lens[s]; q++)
      snprintf(pat + strlen(pat), sizeof pat - strlen(pat), "%s%c", q ? " " : "",
               names[sides[s][q]]);
    strcat(pat, s == 0 ? ", " : s == 1 ? " --> " : "]");
  }
  for (int id = 0; id < 8; id++)
    if (strchr(pat, names[id]))
      snprintf(sz + strlen(sz), sizeof sz - strlen(sz), "%s%c=%lld", sz[0] ? "," : "", names[id],
               (long long)size[id]);
  if (gen_case_arg(k, "%s", pat) || gen_case_arg(k, "%s", sz[0] ? sz : "[]")) return -1;
  for (int s = 0; s < 2; s++) {
    lo_int d[8];
    lo_layout l;
    for (int q = 0; q < lens[s]; q++) d[q] = size[sides[s][q]];
    int kind;
    do kind = draw_view(c, d, lens[s], &l);
    while (kind == 4);
    if (gen_put_layout(k, &l)) return -1;
  }
  return 0;
}

/* SHAPE N: a flat shape and a size. */
static int g_view_shape(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_int d[VMAX];
  lo_tuple t;
  int n = draw_dims(c, b, VMAX, d);
  lo_tuple_flat(&t, d, n);
  if (gen_put_tuple(k, &t) || gen_case_arg(k, "%lld", (long long)draw_size(c, b, b->max_entry)))
    return -1;
  return 0;
}

/* S H D: a sequence length, a number of heads and a head size. */
static int g_view_attention(gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_int s = draw_size(c, b, b->max_entry), h = draw_size(c, b, b->max_entry),
         d = draw_size(c, b, b->max_entry);
  return gen_case_arg(k, "%lld", (long long)s) || gen_case_arg(k, "%lld", (long long)h) ||
                 gen_case_arg(k, "%lld", (long long)d)
             ? -1
             : 0;
}

/* ----------------------------------------------------------------- table */

const gen_info gen_views_table[] = {
    {"view_pattern", "PATTERN SIZES [SHAPE]",
     "a valid einops rearrange; a third of the time sizes inferred from the input shape",
     g_view_pattern},
    {"view_pattern_sized", "PATTERN SIZES", "a valid einops rearrange with every size given",
     g_view_pattern_sized},
    {"view_pattern_rules", "PATTERN SIZES",
     "a rearrange, half the time with an axis repeated, dropped or unknown", g_view_pattern_rules},
    {"view_reshape_pattern", "PATTERN SIZES",
     "the same atoms in the same order on both sides, grouped differently", g_view_reshape_pattern},
    {"view_reshape_case", "FROM TO", "a view (any kind) and a shape of the same size",
     g_view_reshape_case},
    {"view_broadcast_case", "FROM TO", "a view and a broadcast target, sometimes broken",
     g_view_broadcast_case},
    {"torchlean_derivation", "S1 S2 DERIV", "a CanBroadcastTo derivation and its conclusion",
     g_torchlean_derivation},
    {"einsum_case", "PATTERN SIZES A B", "a contraction with batch, free and contracted axes",
     g_einsum_case},
    {"view_shape", "SHAPE N", "a flat shape and a size", g_view_shape},
    {"view_attention", "S H D", "sequence length, heads, head size", g_view_attention},
};
const int gen_views_count = (int)(sizeof gen_views_table / sizeof gen_views_table[0]);
