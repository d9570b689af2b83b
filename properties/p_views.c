/*
** p_views.c -- tensor views as layouts: the claims of the seeds about the
** Lean tensor libraries (seed 002: Einlean, einops-style rearrange,
** reshape and einsum over shape/stride tensors; seed 004: TorchLean's
** shapes and CanBroadcastTo) and the definitions of the view_* ops
** (oracle/lo_view.c), checked against brute force: layout functions
** enumerated point by point, Einlean's index loops written out, TorchLean's
** derivations checked rule by rule.
**
** A view is a layout (lo.h section 9): a rearrange composes with a
** permutation and a regrouping, a reshape of contiguous storage regroups
** the same coalesced layout, a broadcast adds stride-0 modes, which are
** the entries a Nest morphism sends to the basepoint.
**
** Claims of the seeds not computed here: Einlean's type-level Dim algebra
** (normalizeAtoms, factor! ranks) and the typeclass elaboration of
** rearrangeBy and einsum (only their runtime index maps are checked);
** TorchLean's valid_axis, reducibleAlong and well_formed instances (proof
** plumbing without a computable claim beyond size > 0, checked).
*/
#include "properties.h"
#include "p_views.h"

#include <stdio.h>
#include <string.h>

#define SEED2 "seed 002 (Einlean design), "

static lo_int vals_a[VIEW_ENUM], vals_b[VIEW_ENUM];

/* ------------------------------------------------------------- helpers */

/* The layout function of l into vals (its size in *n); 1 when larger than
** VIEW_ENUM (the caller discards), -1 after failing. */
int p_views_function_of(gen_ctx *x, const lo_layout *l, lo_int *vals, lo_int *n) {
  lo_err e;
  if (lo_size(l, n, &e)) return gen_failf(x, "size: %s", e.msg), -1;
  if (*n > VIEW_ENUM) return 1;
  for (lo_int i = 0; i < *n; i++)
    if (lo_apply(l, i, &vals[i], &e)) return gen_failf(x, "apply: %s", e.msg), -1;
  return 0;
}

/* Parse a pattern (rearrange when max_inputs is 1) and its sizes. */
static int pattern_arg(gen_ctx *x, int max_inputs, lo_view_pattern *p, lo_int *size, int *have) {
  lo_err e;
  if (lo_view_pattern_parse(x->argv[0], max_inputs, p, &e) ||
      lo_view_sizes_parse(x->argv[1], p, size, have, &e))
    return gen_errorf(x, "the generated pattern does not parse: %s", e.msg), 1;
  return 0;
}

/* Append side v of p in pattern syntax to buf. */
static void side_text(const lo_view_pattern *p, const lo_view_side *v, char *buf, size_t cap) {
  size_t n = strlen(buf);
  for (int g = 0; g < v->naxes && n + 8 < cap; g++) {
    int paren = v->axis_paren[g] || v->axis_len[g] != 1;
    n += (size_t)snprintf(buf + n, cap - n, "%s%s", g ? " " : "", paren ? "(" : "");
    for (int k = 0; k < v->axis_len[g] && n + 8 < cap; k++) {
      int id = v->atom[v->axis_first[g] + k];
      n += (size_t)snprintf(buf + n, cap - n, "%s%s", k ? " " : "", id < 0 ? "1" : p->name[id]);
    }
    if (paren && n + 2 < cap) n += (size_t)snprintf(buf + n, cap - n, ")");
  }
}

/* Einlean's validRearrange: the same set of atom ids on both sides and, per
** id, the same product of atom sizes (size^count here: an atom has one
** size).  Anonymous 1s are not atoms. */
static int valid_rearrange(const lo_view_pattern *p, const lo_int *size) {
  for (int id = 0; id < p->nnames; id++) {
    int cnt[2] = {0, 0};
    for (int s = 0; s < 2; s++)
      for (int a = 0; a < p->side[s].natoms; a++) cnt[s] += p->side[s].atom[a] == id;
    if ((cnt[0] == 0) != (cnt[1] == 0)) return 0;
    lo_int prod[2] = {1, 1};
    for (int s = 0; s < 2; s++)
      for (int k = 0; k < cnt[s]; k++)
        if (__builtin_mul_overflow(prod[s], size[id], &prod[s])) prod[s] = -1;
    if (prod[0] != prod[1]) return 0;
  }
  return 1;
}

/* Einlean's validReshape: the same atom stream on both sides. */
static int valid_reshape(const lo_view_pattern *p) {
  int a = 0, b = 0;
  const lo_view_side *l = &p->side[0], *r = &p->side[1];
  for (;;) {
    while (a < l->natoms && l->atom[a] < 0) a++;
    while (b < r->natoms && r->atom[b] < 0) b++;
    if (a == l->natoms || b == r->natoms) return a == l->natoms && b == r->natoms;
    if (l->atom[a++] != r->atom[b++]) return 0;
  }
}

/* Does any side repeat a named atom? */
static int repeats(const lo_view_pattern *p) {
  for (int s = 0; s < p->nsides; s++)
    for (int a = 0; a < p->side[s].natoms; a++)
      for (int b = a + 1; b < p->side[s].natoms; b++)
        if (p->side[s].atom[a] >= 0 && p->side[s].atom[a] == p->side[s].atom[b]) return 1;
  return 0;
}

/* The sizes of the top-level axes of a side, outermost first. */
static void side_dims(const lo_view_side *v, const lo_int *size, lo_int *d) {
  for (int g = 0; g < v->naxes; g++) {
    d[g] = 1;
    for (int k = 0; k < v->axis_len[g]; k++) {
      int id = v->atom[v->axis_first[g] + k];
      if (id >= 0) d[g] *= size[id];
    }
  }
}

/* ----------------------------------------------------- Einlean: rearrange */

/* A rearrange is a bijection onto its storage: Phi permutes [0, N). */
static gen_verdict rearrange_bijective(gen_ctx *x) {
  lo_layout l;
  lo_tuple shape;
  lo_err e;
  lo_int n, want = 1;
  if (x->argc > 2 && prop_tuple(x, 2, &shape)) return GEN_ERROR;
  if (lo_view_rearrange(x->argv[0], x->argv[1], x->argc > 2 ? &shape : NULL, &l, &e))
    return gen_failf(x, "a valid pattern is refused: %s", e.msg);
  int r = p_views_function_of(x, &l, vals_a, &n);
  if (r) return r > 0 ? GEN_DISCARD : GEN_FAIL;
  if (x->argc > 2 && lo_tuple_size(&shape, &want, &e)) return gen_failf(x, "%s", e.msg);
  if (x->argc <= 2) {
    lo_view_pattern p;
    lo_int size[LO_MAX_LEAVES];
    int have[LO_MAX_LEAVES];
    if (pattern_arg(x, 1, &p, size, have)) return GEN_ERROR;
    for (int i = 0; i < p.nnames; i++) want *= size[i];
  }
  if (n != want)
    return gen_failf(x, "size %lld, the input has %lld elements", (long long)n, (long long)want);
  memset(vals_b, 0, (size_t)n * sizeof vals_b[0]);
  for (lo_int i = 0; i < n; i++) {
    if (vals_a[i] < 0 || vals_a[i] >= n || vals_b[vals_a[i]])
      return gen_failf(x, "Phi(%lld) = %lld: not a permutation of [0,%lld)", (long long)i,
                       (long long)vals_a[i], (long long)n);
    vals_b[vals_a[i]] = 1;
  }
  return GEN_PASS;
}

/* A pattern then its inverse (the sides swapped) is the identity. */
static gen_verdict rearrange_inverse(gen_ctx *x) {
  lo_view_pattern p;
  lo_int size[LO_MAX_LEAVES], n, m;
  int have[LO_MAX_LEAVES];
  lo_layout l, inv, c, cc;
  lo_err e;
  char pat[GEN_ARG_LEN] = "[";
  if (pattern_arg(x, 1, &p, size, have)) return GEN_ERROR;
  side_text(&p, &p.side[1], pat, sizeof pat);
  strcat(pat, " --> ");
  side_text(&p, &p.side[0], pat, sizeof pat);
  strcat(pat, "]");
  if (lo_view_rearrange(x->argv[0], x->argv[1], NULL, &l, &e))
    return gen_failf(x, "a valid pattern is refused: %s", e.msg);
  if (lo_view_rearrange(pat, x->argv[1], NULL, &inv, &e))
    return gen_failf(x, "the inverse %s is refused: %s", pat, e.msg);
  int r = p_views_function_of(x, &l, vals_a, &n);
  if (r || (r = p_views_function_of(x, &inv, vals_b, &m))) return r > 0 ? GEN_DISCARD : GEN_FAIL;
  for (lo_int i = 0; i < m; i++)
    if (vals_b[i] >= n || vals_a[vals_b[i]] != i)
      return gen_failf(x, "P(P^-1(%lld)) != %lld (inverse %s)", (long long)i, (long long)i, pat);
  if (lo_composition(&l, &inv, &c, &e))
    return gen_failf(x, "composition(P, P^-1) refused: %s (inverse %s)", e.msg, pat);
  if (lo_coalesce(&c, &cc, &e)) return gen_failf(x, "%s", e.msg);
  lo_layout id;
  lo_layout_scalar(&id, n, n == 1 ? 0 : 1);
  if (!lo_layout_equal(&cc, &id))
    return gen_failf(x, "coalesce(P o P^-1) = %s, not %s (inverse %s)", prop_show_layout(x, 0, &cc),
                     prop_show_layout(x, 1, &id), pat);
  return GEN_PASS;
}

/* validRearrange against the op (is_theorem: only patterns without a
** repeated axis). */
static gen_verdict valid_rearrange_check(gen_ctx *x, int distinct_only) {
  lo_view_pattern p;
  lo_int size[LO_MAX_LEAVES];
  int have[LO_MAX_LEAVES];
  lo_layout l;
  lo_err e;
  if (pattern_arg(x, 1, &p, size, have)) return GEN_ERROR;
  if (distinct_only && repeats(&p)) return GEN_DISCARD;
  int valid = valid_rearrange(&p, size);
  int defined = lo_view_rearrange(x->argv[0], x->argv[1], NULL, &l, &e) == LO_OK;
  if (!defined) x->labels |= 1u << GEN_L_UNDEFINED;
  if (valid == defined) return GEN_PASS;
  return gen_failf(x, "validRearrange is %s but the rearrange is %s%s", valid ? "true" : "false",
                   defined ? "defined" : "refused: ", defined ? "" : e.msg);
}

/* validRearrange on every pattern, and on patterns without a repeated
** axis (valid_rearrange_check). */
static gen_verdict valid_rearrange_exact(gen_ctx *x) { return valid_rearrange_check(x, 0); }
static gen_verdict valid_rearrange_distinct(gen_ctx *x) { return valid_rearrange_check(x, 1); }

/* validReshape (same atom stream) implies validRearrange, a defined
** rearrange that coalesces as the input does (the storage in order), and
** the same function as torch's view of the input shape to the output
** shape. */
static gen_verdict valid_reshape_coalesce(gen_ctx *x) {
  lo_view_pattern p;
  lo_int size[LO_MAX_LEAVES], in[LO_MAX_LEAVES], out[LO_MAX_LEAVES];
  int have[LO_MAX_LEAVES];
  lo_layout l, ci, c1, c2, v;
  lo_tuple ts, to;
  lo_err e;
  if (pattern_arg(x, 1, &p, size, have)) return GEN_ERROR;
  if (!valid_reshape(&p)) return gen_failf(x, "the generator made a pattern that is no reshape");
  if (!valid_rearrange(&p, size)) return gen_failf(x, "validReshape holds, validRearrange not");
  if (lo_view_rearrange(x->argv[0], x->argv[1], NULL, &l, &e))
    return gen_failf(x, "the reshape is refused: %s", e.msg);
  side_dims(&p.side[0], size, in);
  side_dims(&p.side[1], size, out);
  lo_tuple_flat(&ts, in, p.side[0].naxes);
  lo_tuple_flat(&to, out, p.side[1].naxes);
  if (lo_view_contiguous(&ts, &ci, &e) || lo_coalesce(&ci, &c1, &e) || lo_coalesce(&l, &c2, &e))
    return gen_failf(x, "%s", e.msg);
  if (!lo_layout_equal(&c1, &c2))
    return gen_failf(x, "coalesce(rearrange) = %s, coalesce(input) = %s",
                     prop_show_layout(x, 0, &c2), prop_show_layout(x, 1, &c1));
  if (lo_view_reshape(&ci, &to, &v, &e))
    return gen_failf(x, "view_reshape %s %s refused: %s", prop_show_tuple(x, 0, &ts),
                     prop_show_tuple(x, 1, &to), e.msg);
  return prop_judged(prop_same_function(x, &l, &v, "the rearrange vs view_reshape"));
}

/* -------------------------------------------------------- Einlean: einsum */

/* The iteration axes of an einsum: the output's, then the contracted
** ones in order of first appearance. */
static int iteration_axes(const lo_view_pattern *p, int *it) {
  int ni = p->nsides - 1, n = 0;
  const lo_view_side *o = &p->side[ni];
  for (int a = 0; a < o->natoms; a++) it[n++] = o->atom[a];
  for (int k = 0; k < ni; k++)
    for (int a = 0; a < p->side[k].natoms; a++) {
      int id = p->side[k].atom[a], seen = 0;
      for (int q = 0; q < n && !seen; q++) seen = it[q] == id;
      if (!seen) it[n++] = id;
    }
  return n;
}

/* The projection of the iteration space onto side v as a Nest morphism:
** domain the iteration sizes, codomain the side's sizes (both innermost
** first), iteration axes the side lacks sent to the basepoint. */
static void projection(const lo_view_side *v, const int *it, int nit, const lo_int *size,
                       lo_morphism *f) {
  lo_int dom[LO_MAX_LEAVES], cod[LO_MAX_LEAVES];
  for (int q = 0; q < nit; q++) {
    dom[nit - 1 - q] = size[it[q]];
    f->map[nit - 1 - q] = 0;
    for (int g = 0; g < v->naxes; g++)
      if (v->atom[g] == it[q]) f->map[nit - 1 - q] = v->naxes - g;
  }
  for (int g = 0; g < v->naxes; g++) cod[v->naxes - 1 - g] = size[v->atom[g]];
  lo_tuple_flat(&f->dom, dom, nit);
  lo_tuple_flat(&f->cod, cod, v->naxes);
}

/* Einlean's runtime loop for one operand: for each output index and each
** contraction index (row-major, the output outermost), the operand's
** element, read through its view.  offs[i] for iteration point i. */
static int einsum_loop(gen_ctx *x, const lo_view_side *v, const lo_layout *view, const int *it,
                       int nit, const lo_int *size, lo_int total, lo_int *offs) {
  lo_err e;
  for (lo_int i = 0; i < total; i++) {
    lo_int coord[LO_MAX_LEAVES], rest = i, elem = 0;
    for (int q = nit - 1; q >= 0; q--) {
      coord[q] = rest % size[it[q]];
      rest /= size[it[q]];
    }
    for (int g = 0; g < v->naxes; g++) { /* the operand's index, row-major */
      int q = 0;
      while (it[q] != v->atom[g]) q++;
      elem = elem * size[v->atom[g]] + coord[q];
    }
    if (lo_apply(view, elem, &offs[i], &e)) return gen_failf(x, "apply: %s", e.msg), 1;
  }
  return 0;
}

/* The index map of each operand is its view composed with the projection
** of the iteration space onto its axes (and equals Einlean's loop). */
static gen_verdict einsum_index_map(gen_ctx *x) {
  lo_view_pattern p;
  lo_int size[LO_MAX_LEAVES], total = 1;
  int have[LO_MAX_LEAVES], it[LO_MAX_LEAVES], nmaps;
  lo_layout ops[2], maps[LO_VIEW_SIDES];
  lo_err e;
  if (pattern_arg(x, LO_VIEW_SIDES - 1, &p, size, have) || prop_layout(x, 2, &ops[0]) ||
      prop_layout(x, 3, &ops[1]))
    return GEN_ERROR;
  if (lo_view_einsum(x->argv[0], x->argv[1], ops, 2, maps, LO_VIEW_SIDES, &nmaps, &e))
    return gen_failf(x, "view_einsum refused: %s", e.msg);
  int nit = iteration_axes(&p, it);
  for (int q = 0; q < nit; q++) total *= size[it[q]];
  if (total > VIEW_ENUM) return GEN_DISCARD;
  for (int k = 0; k < 2; k++) {
    lo_morphism f;
    lo_layout proj, comp;
    const lo_view_side *v = &p.side[k];
    projection(v, it, nit, size, &f);
    if (lo_morphism_check(&f, &e) || lo_morphism_layout(&f, &proj, &e))
      return gen_failf(x, "the projection %s: %s", prop_show_morphism(x, 0, &f), e.msg);
    if (lo_composition(&ops[k], &proj, &comp, &e))
      return gen_failf(x, "operand %d o projection %s refused: %s", k + 1,
                       prop_show_layout(x, 0, &proj), e.msg);
    if (einsum_loop(x, v, &ops[k], it, nit, size, total, vals_a)) return GEN_FAIL;
    for (lo_int i = 0; i < total; i++) {
      lo_int m, c;
      if (lo_apply(&maps[k], i, &m, &e) || lo_apply(&comp, i, &c, &e))
        return gen_failf(x, "apply: %s", e.msg);
      if (m != vals_a[i] || c != vals_a[i])
        return gen_failf(x,
                         "operand %d at iteration point %lld: loop %lld, map %lld, view o "
                         "projection %lld",
                         k + 1, (long long)i, (long long)vals_a[i], (long long)m, (long long)c);
    }
  }
  return GEN_PASS;
}

/* --------------------------------------------------------- views: the ops */

/* ---------------------------------------------------- TorchLean: shapes */

/* Parse the number at *s. */
int p_views_deriv_num(const char **s, lo_int *v) {
  if (**s < '0' || **s > '9') return 1;
  *v = 0;
  while (**s >= '0' && **s <= '9') {
    if (__builtin_mul_overflow(*v, 10, v) || __builtin_add_overflow(*v, **s - '0', v)) return 1;
    (*s)++;
  }
  return *v < 1;
}

/* Read a derivation DERIV (the generator's syntax) rule by rule into dv:
** 0, or 1 after failing on malformed text. */
int p_views_deriv_parse(gen_ctx *x, const char *s, deriv *dv) {
  static const char *const ctor[] = {"dim_eq(", "dim_1_to_n(", "expand_dims(", "scalar_to_any(("};
  int depth = 0;
  dv->n1 = dv->n2 = 0;
  for (;;) {
    int c = 0;
    while (c < 4 && strncmp(s, ctor[c], strlen(ctor[c]))) c++;
    if (c == 4 || dv->n2 >= LO_MAX_LEAVES) return gen_failf(x, "bad derivation at '%.20s'", s), 1;
    s += strlen(ctor[c]);
    if (c == 3) break;
    lo_int n;
    if (p_views_deriv_num(&s, &n) || *s++ != ',')
      return gen_failf(x, "bad size in the derivation"), 1;
    dv->s2[dv->n2] = n;
    dv->src_axis[dv->n2++] = c == 0 ? dv->n1 : -1; /* dim_1_to_n widens a size-1 axis: 0 */
    if (c != 2) dv->s1[dv->n1++] = c == 0 ? n : 1;
    depth++;
  }
  while (*s != ')') { /* scalar_to_any(S): S's axes are all broadcast */
    lo_int n;
    if (dv->n2 >= LO_MAX_LEAVES || p_views_deriv_num(&s, &n))
      return gen_failf(x, "bad shape in scalar_to_any"), 1;
    dv->s2[dv->n2] = n;
    dv->src_axis[dv->n2++] = -1;
    if (*s == ',') s++;
  }
  s++;
  for (int i = 0; i <= depth; i++)
    if (*s++ != ')') return gen_failf(x, "unbalanced derivation"), 1;
  if (*s) return gen_failf(x, "text after the derivation"), 1;
  return 0;
}

/* The index map of a derivation over the contiguous source: the target's
** axes, each with the source axis's row-major stride or 0. */
int p_views_deriv_layout(gen_ctx *x, const deriv *dv, lo_layout *out) {
  lo_tuple s1, st, s2, d2;
  lo_err e;
  lo_int strides[LO_MAX_LEAVES];
  lo_tuple_flat(&s1, dv->s1, dv->n1);
  if (lo_view_strides(&s1, &st, &e)) return gen_failf(x, "%s", e.msg), 1;
  for (int k = 0; k < dv->n2; k++) strides[k] = dv->src_axis[k] >= 0 ? st.leaf[dv->src_axis[k]] : 0;
  lo_tuple_flat(&s2, dv->s2, dv->n2);
  lo_tuple_flat(&d2, strides, dv->n2);
  if (lo_view_to_layout(&s2, &d2, out, &e)) return gen_failf(x, "%s", e.msg), 1;
  return 0;
}

/* Parse S1 S2 DERIV and check the derivation concludes (S1, S2). */
static int derivation_arg(gen_ctx *x, deriv *dv, lo_tuple *s1, lo_tuple *s2) {
  lo_tuple a, b;
  if (prop_tuple(x, 0, s1) || prop_tuple(x, 1, s2) || p_views_deriv_parse(x, x->argv[2], dv))
    return 1;
  lo_tuple_flat(&a, dv->s1, dv->n1);
  lo_tuple_flat(&b, dv->s2, dv->n2);
  if (!lo_tuple_equal(&a, s1) || !lo_tuple_equal(&b, s2))
    return gen_errorf(x, "the derivation concludes %s %s", prop_show_tuple(x, 0, &a),
                      prop_show_tuple(x, 1, &b)),
           1;
  return 0;
}

/* Every CanBroadcastTo derivation is a PyTorch broadcast. */
static gen_verdict derivation_is_pytorch(gen_ctx *x) {
  deriv dv;
  lo_tuple s1, s2;
  lo_layout l, b;
  lo_err e;
  if (derivation_arg(x, &dv, &s1, &s2)) return GEN_ERROR;
  if (lo_view_contiguous(&s1, &l, &e)) return gen_failf(x, "%s", e.msg);
  if (lo_view_broadcast(&l, &s2, &b, &e))
    return gen_failf(x, "CanBroadcastTo %s %s is derived but PyTorch refuses: %s",
                     prop_show_tuple(x, 0, &s1), prop_show_tuple(x, 1, &s2), e.msg);
  return GEN_PASS;
}

/* Where PyTorch broadcasts, a derivation's index map is PyTorch's. */
static gen_verdict derivation_layout(gen_ctx *x) {
  deriv dv;
  lo_tuple s1, s2;
  lo_layout l, b, dl;
  lo_err e;
  if (derivation_arg(x, &dv, &s1, &s2)) return GEN_ERROR;
  if (lo_view_contiguous(&s1, &l, &e)) return gen_failf(x, "%s", e.msg);
  if (lo_view_broadcast(&l, &s2, &b, &e)) return GEN_DISCARD;
  if (p_views_deriv_layout(x, &dv, &dl)) return GEN_FAIL;
  return prop_judged(prop_same_function(x, &dl, &b, "the derivation's index map vs PyTorch's"));
}

/* The attention reshape: (seqLen, dModel) viewed as (numHeads, seqLen,
** headDim) splits the heads, i.e. equals s (h d) -> h s d. */
static gen_verdict attention_reshape(gen_ctx *x) {
  lo_int s, h, d;
  lo_layout v, r, from;
  lo_tuple ts, tt;
  lo_err e;
  char sizes[96];
  if (prop_int(x, 0, &s) || prop_int(x, 1, &h) || prop_int(x, 2, &d)) return GEN_ERROR;
  lo_int a[2] = {s, h * d}, b[3] = {h, s, d};
  lo_tuple_flat(&ts, a, 2);
  lo_tuple_flat(&tt, b, 3);
  if (lo_view_contiguous(&ts, &from, &e) || lo_view_reshape(&from, &tt, &v, &e))
    return gen_failf(x, "the reshape: %s", e.msg);
  snprintf(sizes, sizeof sizes, "s=%lld,h=%lld,d=%lld", (long long)s, (long long)h, (long long)d);
  if (lo_view_rearrange("s (h d) -> h s d", sizes, NULL, &r, &e))
    return gen_failf(x, "the head split: %s", e.msg);
  return prop_judged(
      prop_same_function(x, &v, &r, "reshape (S, H*D) -> (H, S, D) vs s (h d) -> h s d"));
}

/* ----------------------------------------------------------------- table */

const gen_property prop_views_table[] = {
    /* the seeds' claims first (conjectures) */
    {"einlean.valid_rearrange",
     "validRearrange (same atom set, same per-atom size products) holds exactly when the "
     "rearrange is defined",
     SEED2 "Lambda-free rearrange, validRearrange", GEN_CONJECTURE, "view_pattern_rules",
     "view_rearrange", valid_rearrange_exact, NULL, NULL, 0},
    {"torchlean.derivation_is_pytorch",
     "every CanBroadcastTo derivation (scalar_to_any, dim_eq, dim_1_to_n, expand_dims) is a "
     "PyTorch broadcast",
     SEED4 "CanBroadcastTo: PyTorch-style broadcasting; expand_dims is the prepend-1s step",
     GEN_CONJECTURE, "torchlean_derivation", "view_broadcast", derivation_is_pytorch, NULL, NULL,
     0},
    {"torchlean.derivation_layout",
     "where PyTorch broadcasts s1 to s2, every CanBroadcastTo derivation has its index map",
     SEED4 "BroadcastTo: the evidence is inferred and its details are not the point",
     GEN_CONJECTURE, "torchlean_derivation", "view_broadcast", derivation_layout, NULL, NULL, 0},
    {"torchlean.attention_reshape",
     "the attention reshape (seqLen, dModel) -> (numHeads, seqLen, headDim) splits the heads "
     "(= s (h d) -> h s d)",
     SEED4 "size identity used in Transformer attention reshapes", GEN_CONJECTURE, "view_attention",
     "view_reshape", attention_reshape, NULL, NULL, 0},
    /* Einlean */
    {"einlean.rearrange_bijective",
     "a rearrange is a bijection onto its storage: Phi permutes "
     "[0, N), N the input's size",
     SEED2 "rearrange runtime path (merges, splits); einops rearrange", GEN_THEOREM, "view_pattern",
     "view_rearrange", rearrange_bijective, NULL, NULL, 0},
    {"einlean.rearrange_inverse",
     "a pattern composed with its inverse pattern is the identity layout: coal(P o P^-1) = N:1",
     SEED2 "rearrange; einops rearrange", GEN_THEOREM, "view_pattern_sized", "view_rearrange",
     rearrange_inverse, NULL, NULL, 0},
    {"einlean.valid_rearrange_distinct",
     "without an axis repeated on a side, validRearrange holds exactly when the rearrange is "
     "defined",
     SEED2 "validRearrange, corrected (einops: each axis once per side)", GEN_THEOREM,
     "view_pattern_rules", "view_rearrange", valid_rearrange_distinct, NULL, NULL, 0},
    {"einlean.valid_reshape",
     "validReshape (same atom stream) implies validRearrange, and the layout coalesces as the "
     "input's and is torch's view",
     SEED2 "Reshape: stricter than rearrange, data not copied", GEN_THEOREM, "view_reshape_pattern",
     "view_rearrange", valid_reshape_coalesce, NULL, NULL, 0},
    {"einlean.einsum_index_map",
     "each operand's index map is its view composed with the projection (a Nest morphism) of "
     "the iteration space, as Einlean's loop reads it",
     SEED2 "Einsum runtime algorithm; (i, k), (k, j) -> (i, j)", GEN_THEOREM, "einsum_case",
     "view_einsum", einsum_index_map, NULL, NULL, 0},
    /* the view ops */
};
const int prop_views_count = (int)(sizeof prop_views_table / sizeof prop_views_table[0]);
