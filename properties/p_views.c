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

#include <stdio.h>
#include <string.h>

#define VIEW_ENUM ((lo_int)1 << 16) /* points a check enumerates */
#define SEED2     "seed 002 (Einlean design), "
#define SEED4     "seed 004 (TorchLean Spec.Shape), "

static lo_int vals_a[VIEW_ENUM], vals_b[VIEW_ENUM];

/* ------------------------------------------------------------- helpers */

/* Argument i as a view: a layout, or a shape standing for its contiguous
** tensor (*contiguous set). */
static int view_arg(gen_ctx *x, int i, lo_layout *l, int *contiguous) {
  lo_err e;
  lo_tuple s;
  *contiguous = lo_kind_of(x->argv[i]) != LO_KIND_LAYOUT;
  if (!*contiguous) return prop_layout(x, i, l);
  if (prop_tuple(x, i, &s)) return 1;
  if (lo_view_contiguous(&s, l, &e)) return gen_errorf(x, "argument %d: %s", i + 1, e.msg), 1;
  return 0;
}

/* The layout function of l into vals (its size in *n); 1 when larger than
** VIEW_ENUM (the caller discards), -1 after failing. */
static int function_of(gen_ctx *x, const lo_layout *l, lo_int *vals, lo_int *n) {
  lo_err e;
  if (lo_size(l, n, &e)) return gen_failf(x, "size: %s", e.msg), -1;
  if (*n > VIEW_ENUM) return 1;
  for (lo_int i = 0; i < *n; i++)
    if (lo_apply(l, i, &vals[i], &e)) return gen_failf(x, "apply: %s", e.msg), -1;
  return 0;
}

/* The sizes of the axes of a view, outermost first. */
static int axis_sizes(gen_ctx *x, const lo_layout *l, lo_int *d, int *n) {
  lo_layout ax[LO_MAX_LEAVES];
  lo_err e;
  if (lo_view_axes(l, ax, LO_MAX_LEAVES, n, &e)) return gen_failf(x, "axes: %s", e.msg), 1;
  for (int i = 0; i < *n; i++)
    if (lo_size(&ax[i], &d[i], &e)) return gen_failf(x, "size: %s", e.msg), 1;
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
  int r = function_of(x, &l, vals_a, &n);
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
  int r = function_of(x, &l, vals_a, &n);
  if (r || (r = function_of(x, &inv, vals_b, &m))) return r > 0 ? GEN_DISCARD : GEN_FAIL;
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

/* view_to_layout inverts view_of_layout (and so the other way round); a
** contiguous view is the column-major layout of the reversed shape, the
** identity function, with view_strides' strides. */
static gen_verdict layout_roundtrip(gen_ctx *x) {
  lo_tuple s, d, s2, d2, st, flat;
  lo_layout l, back, c;
  lo_err e;
  char out[64], text[GEN_ARG_LEN];
  if (prop_layout(x, 0, &l)) return GEN_ERROR;
  lo_view_of_layout(&l, &s, &d);
  if (lo_view_to_layout(&s, &d, &back, &e)) return gen_failf(x, "view_to_layout: %s", e.msg);
  if (!lo_layout_equal(&back, &l))
    return gen_failf(x, "view_to_layout(view_of_layout L) = %s", prop_show_layout(x, 0, &back));
  lo_view_of_layout(&back, &s2, &d2);
  if (!lo_tuple_equal(&s, &s2) || !lo_tuple_equal(&d, &d2))
    return gen_failf(x, "view_of_layout is not stable: %s", prop_show_tuple(x, 0, &s2));
  lo_tuple_flatten(&s, &flat);
  if (lo_view_contiguous(&flat, &c, &e) || lo_view_strides(&flat, &st, &e))
    return gen_failf(x, "%s", e.msg);
  const char *argv[1] = {text};
  if (lo_print_layout(&c, text, sizeof text) ||
      lo_eval("is_column_major", 1, argv, out, sizeof out))
    return gen_failf(x, "is_column_major: %s", out);
  if (strcmp(out, "true"))
    return gen_failf(x, "contiguous %s is not column-major", prop_show_layout(x, 0, &c));
  lo_view_of_layout(&c, &s2, &d2);
  if (!lo_tuple_equal(&d2, &st))
    return gen_failf(x, "the contiguous strides %s differ from view_strides %s",
                     prop_show_tuple(x, 0, &d2), prop_show_tuple(x, 1, &st));
  lo_int n;
  int r = function_of(x, &c, vals_a, &n);
  if (r) return r > 0 ? GEN_DISCARD : GEN_FAIL;
  for (lo_int i = 0; i < n; i++)
    if (vals_a[i] != i)
      return gen_failf(x, "contiguous Phi(%lld) = %lld", (long long)i, (long long)vals_a[i]);
  return GEN_PASS;
}

/* Strides that a flat view of shape t (innermost first) with the function
** of l must have: the offsets one step along each axis.  1 when they
** reproduce l's function, 0 when no flat view exists. */
static int flat_view_exists(const lo_int *vals, lo_int n, const lo_int *t, int nt, lo_int *st) {
  lo_int step = 1;
  for (int q = 0; q < nt; q++) {
    st[q] = t[q] > 1 ? vals[step] : -1;
    if (st[q] < -1) return 0;
    step *= t[q];
  }
  for (lo_int i = 0; i < n; i++) {
    lo_int rest = i, off = 0;
    for (int q = 0; q < nt; q++) {
      lo_int cq = rest % t[q];
      rest /= t[q];
      if (cq) off += cq * st[q];
    }
    if (off != vals[i]) return 0;
  }
  return 1;
}

/* view_reshape is defined exactly when a flat view of the target shape
** with the source's function exists, and then it is that view. */
static gen_verdict reshape_exact(gen_ctx *x) {
  lo_layout l, r;
  lo_tuple to;
  lo_err e;
  lo_int n, t[LO_MAX_LEAVES], st[LO_MAX_LEAVES];
  int contiguous, nt;
  if (view_arg(x, 0, &l, &contiguous) || prop_tuple(x, 1, &to)) return GEN_ERROR;
  if (lo_view_dims(&to, t, &nt, &e)) return gen_failf(x, "%s", e.msg);
  for (int q = 0; q < nt / 2; q++) { /* innermost first */
    lo_int s = t[q];
    t[q] = t[nt - 1 - q];
    t[nt - 1 - q] = s;
  }
  int rc = function_of(x, &l, vals_a, &n);
  if (rc) return rc > 0 ? GEN_DISCARD : GEN_FAIL;
  int exists = flat_view_exists(vals_a, n, t, nt, st);
  int defined = lo_view_reshape(&l, &to, &r, &e) == LO_OK;
  if (!defined) x->labels |= 1u << GEN_L_UNDEFINED;
  if (contiguous && !defined) return gen_failf(x, "a contiguous tensor has no view: %s", e.msg);
  if (exists != defined)
    return gen_failf(
        x, "a flat view %s, but view_reshape %s%s", exists ? "exists" : "does not exist",
        defined ? "answers " : "refuses: ", defined ? prop_show_layout(x, 0, &r) : e.msg);
  if (!defined) return GEN_PASS;
  if (r.shape.len != nt || lo_tuple_depth(&r.shape) != 1)
    return gen_failf(x, "view_reshape gave %s, not a flat view", prop_show_layout(x, 0, &r));
  for (int q = 0; q < nt; q++)
    if (r.shape.leaf[q] != t[q] || (t[q] > 1 && r.stride[q] != st[q]))
      return gen_failf(x, "view_reshape gave %s; mode %d should be %lld:%lld",
                       prop_show_layout(x, 0, &r), q + 1, (long long)t[q], (long long)st[q]);
  return GEN_PASS;
}

/* Is Phi constant along a layout (every mode of size > 1 has stride 0)? */
static int constant(const lo_layout *a) {
  for (int i = 0; i < a->shape.len; i++)
    if (a->shape.leaf[i] > 1 && a->stride[i] != 0) return 0;
  return 1;
}

/* A broadcast view has the source's image and the target's size; an axis
** is constant exactly when it is broadcast (new, or from size 1) or was
** constant in the source; view_can_broadcast and view_broadcast_shapes
** agree with it. */
static gen_verdict broadcast_image(gen_ctx *x) {
  lo_layout l, b, ax[LO_MAX_LEAVES], bx[LO_MAX_LEAVES];
  lo_tuple to, src, bs;
  lo_err e;
  lo_int n, m, want, d[LO_MAX_LEAVES];
  int contiguous, na, nb, nd;
  char out[16];
  if (view_arg(x, 0, &l, &contiguous) || prop_tuple(x, 1, &to)) return GEN_ERROR;
  int defined = lo_view_broadcast(&l, &to, &b, &e) == LO_OK;
  const char *argv[2] = {x->argv[0], x->argv[1]};
  if (lo_eval("view_can_broadcast", 2, argv, out, sizeof out) ||
      strcmp(out, defined ? "true" : "false"))
    return gen_failf(x, "view_can_broadcast answers %s", out);
  if (axis_sizes(x, &l, d, &nd)) return GEN_FAIL;
  lo_tuple_flat(&src, d, nd);
  int same = lo_view_broadcast_shapes(&src, &to, &bs, &e) == LO_OK && lo_tuple_equal(&bs, &to);
  if (same != defined)
    return gen_failf(x, "view_broadcast is %s but broadcast_shapes(%s, %s) %s to the target",
                     defined ? "defined" : "refused", prop_show_tuple(x, 0, &src),
                     prop_show_tuple(x, 1, &to), same ? "is equal" : "is not equal");
  if (!defined) {
    x->labels |= 1u << GEN_L_UNDEFINED;
    return GEN_PASS;
  }
  if (lo_tuple_size(&to, &want, &e)) return gen_failf(x, "%s", e.msg);
  int r = function_of(x, &l, vals_a, &n);
  if (r || (r = function_of(x, &b, vals_b, &m))) return r > 0 ? GEN_DISCARD : GEN_FAIL;
  if (m != want)
    return gen_failf(x, "size %lld, the target has %lld", (long long)m, (long long)want);
  for (lo_int i = 0; i < m; i++) { /* image(B) within image(L) */
    lo_int j = 0;
    while (j < n && vals_a[j] != vals_b[i]) j++;
    if (j == n)
      return gen_failf(x, "B(%lld) = %lld is not an offset of the view", (long long)i,
                       (long long)vals_b[i]);
  }
  for (lo_int j = 0; j < n; j++) { /* and onto it */
    lo_int i = 0;
    while (i < m && vals_b[i] != vals_a[j]) i++;
    if (i == m)
      return gen_failf(x, "the offset %lld of the view is not reached", (long long)vals_a[j]);
  }
  if (lo_view_axes(&l, ax, LO_MAX_LEAVES, &na, &e) || lo_view_axes(&b, bx, LO_MAX_LEAVES, &nb, &e))
    return gen_failf(x, "%s", e.msg);
  for (int k = 0; k < nb; k++) {
    int i = k - (nb - na);
    int broadcast = i < 0 || (d[i] == 1 && to.leaf[k] > 1) || constant(&ax[i]);
    if (constant(&bx[k]) != broadcast)
      return gen_failf(x, "axis %d of %s is %sconstant", k, prop_show_layout(x, 0, &b),
                       broadcast ? "not " : "");
  }
  return GEN_PASS;
}

/* The projection pi of the target's axes onto the source's (innermost
** first), broadcast axes sent to the basepoint. */
static void broadcast_projection(const lo_int *d, int nd, const lo_tuple *to, lo_morphism *f) {
  lo_int dom[LO_MAX_LEAVES], cod[LO_MAX_LEAVES];
  int nt = to->len;
  for (int k = 0; k < nt; k++) {
    int i = k - (nt - nd);
    dom[nt - 1 - k] = to->leaf[k];
    f->map[nt - 1 - k] = i >= 0 && d[i] == to->leaf[k] ? nd - i : 0;
  }
  for (int i = 0; i < nd; i++) cod[nd - 1 - i] = d[i];
  lo_tuple_flat(&f->dom, dom, nt);
  lo_tuple_flat(&f->cod, cod, nd);
}

/* A broadcast is the source's view composed with L_pi for the Nest
** morphism pi sending the broadcast entries to the basepoint (exactly L_pi
** for a contiguous source); the standard form f_B of the broadcast of a
** contiguous tensor sends exactly its stride-0 entries to the basepoint. */
static gen_verdict broadcast_morphism(gen_ctx *x) {
  lo_layout l, b, lp, c;
  lo_tuple to;
  lo_morphism pi, fb;
  lo_err e;
  lo_int d[LO_MAX_LEAVES];
  int contiguous, nd;
  if (view_arg(x, 0, &l, &contiguous) || prop_tuple(x, 1, &to)) return GEN_ERROR;
  if (lo_view_broadcast(&l, &to, &b, &e)) return GEN_DISCARD;
  if (axis_sizes(x, &l, d, &nd)) return GEN_FAIL;
  broadcast_projection(d, nd, &to, &pi);
  if (lo_morphism_check(&pi, &e) || lo_morphism_layout(&pi, &lp, &e))
    return gen_failf(x, "pi = %s: %s", prop_show_morphism(x, 0, &pi), e.msg);
  if (contiguous) {
    lo_layout fb_l = b;
    if (!lo_layout_equal(&lp, &b))
      return gen_failf(x, "L_pi = %s, the broadcast %s (pi = %s)", prop_show_layout(x, 0, &lp),
                       prop_show_layout(x, 1, &b), prop_show_morphism(x, 2, &pi));
    lo_normalize(&fb_l);
    if (lo_morphism_of_layout(&fb_l, &fb, &e))
      return gen_failf(x, "f_B of %s: %s", prop_show_layout(x, 0, &fb_l), e.msg);
    lo_layout flat;
    lo_layout_flatten(&fb_l, &flat);
    for (int i = 0; i < fb.dom.len; i++)
      if ((fb.map[i] == 0) != (flat.stride[i] == 0 || flat.shape.leaf[i] == 1))
        return gen_failf(x, "f_B = %s: entry %d of %s", prop_show_morphism(x, 0, &fb), i + 1,
                         prop_show_layout(x, 1, &fb_l));
    for (int i = 0; i < fb.dom.len; i++)
      if (!fb.map[i]) x->labels |= 1u << GEN_L_BASEPOINT;
    return GEN_PASS;
  }
  if (lo_composition(&l, &lp, &c, &e))
    return gen_failf(x, "view o L_pi refused: %s (L_pi = %s)", e.msg, prop_show_layout(x, 0, &lp));
  return prop_judged(prop_same_function(x, &c, &b, "view o L_pi vs the broadcast"));
}

/* padLeft is the "prepend 1s" step: broadcasting s or padLeft(k, s) to t
** is the same (defined for both or neither, the same function). */
static gen_verdict broadcast_pad_left(gen_ctx *x) {
  lo_layout l, b1, b2, pl;
  lo_tuple to, ps;
  lo_err e;
  lo_int d[LO_MAX_LEAVES + 1];
  int contiguous, nd;
  if (view_arg(x, 0, &l, &contiguous) || prop_tuple(x, 1, &to)) return GEN_ERROR;
  if (!contiguous) return GEN_DISCARD;
  if (axis_sizes(x, &l, d, &nd)) return GEN_FAIL;
  int k = to.len - nd;
  if (k < 0) return GEN_DISCARD;
  memmove(d + k, d, (size_t)nd * sizeof *d);
  for (int i = 0; i < k; i++) d[i] = 1;
  lo_tuple_flat(&ps, d, nd + k);
  if (lo_view_contiguous(&ps, &pl, &e)) return gen_failf(x, "%s", e.msg);
  int d1 = lo_view_broadcast(&l, &to, &b1, &e) == LO_OK;
  int d2 = lo_view_broadcast(&pl, &to, &b2, &e) == LO_OK;
  if (d1 != d2)
    return gen_failf(x, "broadcast of %s is %s, of padLeft %s %s", x->argv[0],
                     d1 ? "defined" : "refused", prop_show_tuple(x, 0, &ps),
                     d2 ? "defined" : "refused");
  if (!d1) return GEN_PASS;
  return prop_judged(prop_same_function(x, &b1, &b2, "broadcast of s vs of padLeft s"));
}

/* ---------------------------------------------------- TorchLean: shapes */

/* A CanBroadcastTo derivation, read rule by rule: its conclusion (s1, s2)
** and, for each target axis, the source axis it reads (its index map). */
typedef struct deriv {
  lo_int s1[LO_MAX_LEAVES], s2[LO_MAX_LEAVES];
  int n1, n2;
  int src_axis[LO_MAX_LEAVES]; /* the source axis a target axis reads, or -1 */
} deriv;

/* Parse the number at *s. */
static int deriv_num(const char **s, lo_int *v) {
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
static int deriv_parse(gen_ctx *x, const char *s, deriv *dv) {
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
    if (deriv_num(&s, &n) || *s++ != ',') return gen_failf(x, "bad size in the derivation"), 1;
    dv->s2[dv->n2] = n;
    dv->src_axis[dv->n2++] = c == 0 ? dv->n1 : -1; /* dim_1_to_n widens a size-1 axis: 0 */
    if (c != 2) dv->s1[dv->n1++] = c == 0 ? n : 1;
    depth++;
  }
  while (*s != ')') { /* scalar_to_any(S): S's axes are all broadcast */
    lo_int n;
    if (dv->n2 >= LO_MAX_LEAVES || deriv_num(&s, &n))
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
static int deriv_layout(gen_ctx *x, const deriv *dv, lo_layout *out) {
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
  if (prop_tuple(x, 0, s1) || prop_tuple(x, 1, s2) || deriv_parse(x, x->argv[2], dv)) return 1;
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
  if (deriv_layout(x, &dv, &dl)) return GEN_FAIL;
  return prop_judged(prop_same_function(x, &dl, &b, "the derivation's index map vs PyTorch's"));
}

/* Every PyTorch broadcast has a derivation: expand_dims for the new
** leading axes, dim_eq or dim_1_to_n for each aligned axis, then
** scalar_to_any(()); it checks rule by rule and its index map is the
** broadcast's. */
static gen_verdict pytorch_has_derivation(gen_ctx *x) {
  lo_layout l, c, b, dl;
  lo_tuple to, s1, a, t;
  lo_err e;
  lo_int d[LO_MAX_LEAVES];
  int contiguous, nd;
  deriv dv;
  char text[GEN_ARG_LEN] = "";
  if (view_arg(x, 0, &l, &contiguous) || prop_tuple(x, 1, &to) || axis_sizes(x, &l, d, &nd))
    return GEN_FAIL;
  lo_tuple_flat(&s1, d, nd);
  if (lo_view_contiguous(&s1, &c, &e)) return gen_failf(x, "%s", e.msg);
  if (lo_view_broadcast(&c, &to, &b, &e)) {
    x->labels |= 1u << GEN_L_UNDEFINED;
    return GEN_PASS;
  }
  for (int k = 0; k < to.len; k++) {
    int i = k - (to.len - nd);
    const char *ctor = i < 0 ? "expand_dims" : d[i] == to.leaf[k] ? "dim_eq" : "dim_1_to_n";
    snprintf(text + strlen(text), sizeof text - strlen(text), "%s(%lld,", ctor,
             (long long)to.leaf[k]);
  }
  strcat(text, "scalar_to_any(())");
  for (int k = 0; k < to.len; k++) strcat(text, ")");
  if (deriv_parse(x, text, &dv)) return GEN_FAIL;
  lo_tuple_flat(&a, dv.s1, dv.n1);
  lo_tuple_flat(&t, dv.s2, dv.n2);
  if (!lo_tuple_equal(&a, &s1) || !lo_tuple_equal(&t, &to))
    return gen_failf(x, "%s concludes %s %s", text, prop_show_tuple(x, 0, &a),
                     prop_show_tuple(x, 1, &t));
  if (deriv_layout(x, &dv, &dl)) return GEN_FAIL;
  return prop_judged(prop_same_function(x, &dl, &b, "the derivation's index map vs PyTorch's"));
}

/* Evaluate an op into out (0), or fail (1). */
static int ev(gen_ctx *x, const char *op, int argc, const char *a0, const char *a1, char *out,
              size_t cap) {
  const char *argv[2] = {a0, a1};
  if (lo_eval(op, argc, argv, out, cap) == LO_OK) return 0;
  return gen_failf(x, "%s failed: %s", op, out), 1;
}

/* TorchLean's shape lemmas: appendDim multiplies the size by the new
** dimension, padLeft keeps it and adds to the rank, a well-formed shape
** has a positive size. */
static gen_verdict shape_lemmas(gen_ctx *x) {
  char app[GEN_ARG_LEN], pad[GEN_ARG_LEN], s0[32], s1[32], s2[32], r0[32], r2[32];
  lo_tuple s;
  lo_int n, v0, v1, v2, k0, k2;
  lo_err e;
  if (prop_tuple(x, 0, &s) || prop_int(x, 1, &n)) return GEN_ERROR;
  if (ev(x, "flat_concat", 2, x->argv[0], x->argv[1], app, sizeof app) ||
      ev(x, "view_pad_left", 2, "2", x->argv[0], pad, sizeof pad) ||
      ev(x, "size", 1, x->argv[0], NULL, s0, sizeof s0) ||
      ev(x, "size", 1, app, NULL, s1, sizeof s1) || ev(x, "size", 1, pad, NULL, s2, sizeof s2) ||
      ev(x, "rank", 1, x->argv[0], NULL, r0, sizeof r0) ||
      ev(x, "rank", 1, pad, NULL, r2, sizeof r2))
    return GEN_FAIL;
  if (lo_parse_int(s0, &v0, &e) || lo_parse_int(s1, &v1, &e) || lo_parse_int(s2, &v2, &e) ||
      lo_parse_int(r0, &k0, &e) || lo_parse_int(r2, &k2, &e))
    return gen_failf(x, "not a number: %s", e.msg);
  if (v1 != v0 * n)
    return gen_failf(x, "size(appendDim s n) = %lld, size s * n = %lld", (long long)v1,
                     (long long)(v0 * n));
  if (v2 != v0 || k2 != k0 + 2)
    return gen_failf(x, "padLeft 2: size %lld rank %lld, from size %lld rank %lld", (long long)v2,
                     (long long)k2, (long long)v0, (long long)k0);
  if (v0 < 1) return gen_failf(x, "a well-formed shape of size %lld", (long long)v0);
  return GEN_PASS;
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
     "view_rearrange", valid_rearrange_exact, NULL},
    {"torchlean.derivation_is_pytorch",
     "every CanBroadcastTo derivation (scalar_to_any, dim_eq, dim_1_to_n, expand_dims) is a "
     "PyTorch broadcast",
     SEED4 "CanBroadcastTo: PyTorch-style broadcasting; expand_dims is the prepend-1s step",
     GEN_CONJECTURE, "torchlean_derivation", "view_broadcast", derivation_is_pytorch, NULL},
    {"torchlean.derivation_layout",
     "where PyTorch broadcasts s1 to s2, every CanBroadcastTo derivation has its index map",
     SEED4 "BroadcastTo: the evidence is inferred and its details are not the point",
     GEN_CONJECTURE, "torchlean_derivation", "view_broadcast", derivation_layout, NULL},
    {"torchlean.attention_reshape",
     "the attention reshape (seqLen, dModel) -> (numHeads, seqLen, headDim) splits the heads "
     "(= s (h d) -> h s d)",
     SEED4 "size identity used in Transformer attention reshapes", GEN_CONJECTURE, "view_attention",
     "view_reshape", attention_reshape, NULL},
    /* Einlean */
    {"einlean.rearrange_bijective",
     "a rearrange is a bijection onto its storage: Phi permutes "
     "[0, N), N the input's size",
     SEED2 "rearrange runtime path (merges, splits); einops rearrange", GEN_THEOREM, "view_pattern",
     "view_rearrange", rearrange_bijective, NULL},
    {"einlean.rearrange_inverse",
     "a pattern composed with its inverse pattern is the identity layout: coal(P o P^-1) = N:1",
     SEED2 "rearrange; einops rearrange", GEN_THEOREM, "view_pattern_sized", "view_rearrange",
     rearrange_inverse, NULL},
    {"einlean.valid_rearrange_distinct",
     "without an axis repeated on a side, validRearrange holds exactly when the rearrange is "
     "defined",
     SEED2 "validRearrange, corrected (einops: each axis once per side)", GEN_THEOREM,
     "view_pattern_rules", "view_rearrange", valid_rearrange_distinct, NULL},
    {"einlean.valid_reshape",
     "validReshape (same atom stream) implies validRearrange, and the layout coalesces as the "
     "input's and is torch's view",
     SEED2 "Reshape: stricter than rearrange, data not copied", GEN_THEOREM, "view_reshape_pattern",
     "view_rearrange", valid_reshape_coalesce, NULL},
    {"einlean.einsum_index_map",
     "each operand's index map is its view composed with the projection (a Nest morphism) of "
     "the iteration space, as Einlean's loop reads it",
     SEED2 "Einsum runtime algorithm; (i, k), (k, j) -> (i, j)", GEN_THEOREM, "einsum_case",
     "view_einsum", einsum_index_map, NULL},
    /* the view ops */
    {"view.layout_roundtrip",
     "view_to_layout inverts view_of_layout; a contiguous view is column-major with Phi = id",
     "view_to_layout, view_strides (Einlean computeStrides, flatIndex)", GEN_THEOREM, "layout",
     "view_of_layout", layout_roundtrip, NULL},
    {"view.reshape_exact",
     "view_reshape is defined exactly when a flat view of the target shape with the same Phi "
     "exists, and is that view",
     "view_reshape (torch.Tensor.view)", GEN_THEOREM, "view_reshape_case", "view_reshape",
     reshape_exact, NULL},
    {"view.broadcast_image",
     "a broadcast has the source's image and the target's size; an axis is constant iff "
     "broadcast; = broadcast_shapes",
     "view_broadcast (PyTorch broadcasting)", GEN_THEOREM, "view_broadcast_case", "view_broadcast",
     broadcast_image, NULL},
    {"view.broadcast_morphism",
     "a broadcast is view o L_pi, pi sending the broadcast entries to the basepoint; f_B sends "
     "exactly the stride-0 entries to *",
     "view_broadcast; Nest morphisms (Def 3.2.1.1), Construction 3.1.2.5", GEN_THEOREM,
     "view_broadcast_case", "view_broadcast", broadcast_morphism, NULL},
    {"torchlean.pad_left_broadcast",
     "broadcasting s or padLeft (rank t - rank s) s to t is the same",
     SEED4 "padLeft: the prepend-1s step of broadcasting", GEN_THEOREM, "view_broadcast_case",
     "view_broadcast", broadcast_pad_left, NULL},
    {"torchlean.pytorch_has_derivation",
     "every PyTorch broadcast has a CanBroadcastTo derivation with its index map",
     SEED4 "CanBroadcastTo constructors", GEN_THEOREM, "view_broadcast_case", "view_broadcast",
     pytorch_has_derivation, NULL},
    {"torchlean.shape_lemmas",
     "size (appendDim s n) = size s * n; padLeft keeps the size, adds to the rank; size > 0",
     SEED4 "appendDim, padLeft, size positivity", GEN_THEOREM, "view_shape", "size", shape_lemmas,
     NULL},
};
const int prop_views_count = (int)(sizeof prop_views_table / sizeof prop_views_table[0]);
