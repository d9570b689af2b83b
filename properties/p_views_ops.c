/*
** p_views_ops.c -- the view ops as properties (layout round trip, reshape,
** broadcasting) and TorchLean's broadcasting and shape lemmas.  The Einlean
** patterns stay in p_views.c; what both use is in p_views.h.
*/
#include "properties.h"
#include "p_views.h"

#include <stdio.h>
#include <string.h>

/* Scratch for the layout functions a check lists (VIEW_ENUM points). */
static lo_int vals_a[VIEW_ENUM], vals_b[VIEW_ENUM];

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

/* The sizes of the axes of a view, outermost first. */
static int axis_sizes(gen_ctx *x, const lo_layout *l, lo_int *d, int *n) {
  lo_layout ax[LO_MAX_LEAVES];
  lo_err e;
  if (lo_view_axes(l, ax, LO_MAX_LEAVES, n, &e)) return gen_failf(x, "axes: %s", e.msg), 1;
  for (int i = 0; i < *n; i++)
    if (lo_size(&ax[i], &d[i], &e)) return gen_failf(x, "size: %s", e.msg), 1;
  return 0;
}

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
  int r = p_views_function_of(x, &c, vals_a, &n);
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
  int rc = p_views_function_of(x, &l, vals_a, &n);
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
  int r = p_views_function_of(x, &l, vals_a, &n);
  if (r || (r = p_views_function_of(x, &b, vals_b, &m))) return r > 0 ? GEN_DISCARD : GEN_FAIL;
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
  if (p_views_deriv_parse(x, text, &dv)) return GEN_FAIL;
  lo_tuple_flat(&a, dv.s1, dv.n1);
  lo_tuple_flat(&t, dv.s2, dv.n2);
  if (!lo_tuple_equal(&a, &s1) || !lo_tuple_equal(&t, &to))
    return gen_failf(x, "%s concludes %s %s", text, prop_show_tuple(x, 0, &a),
                     prop_show_tuple(x, 1, &t));
  if (p_views_deriv_layout(x, &dv, &dl)) return GEN_FAIL;
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

const gen_property prop_views_ops_table[] = {
    {"view.layout_roundtrip",
     "view_to_layout inverts view_of_layout; a contiguous view is column-major with Phi = id",
     "view_to_layout, view_strides (Einlean computeStrides, flatIndex)", GEN_THEOREM, "layout",
     "view_of_layout", layout_roundtrip, NULL, NULL, 0},
    {"view.reshape_exact",
     "view_reshape is defined exactly when a flat view of the target shape with the same Phi "
     "exists, and is that view",
     "view_reshape (torch.Tensor.view)", GEN_THEOREM, "view_reshape_case", "view_reshape",
     reshape_exact, NULL, NULL, 0},
    {"view.broadcast_image",
     "a broadcast has the source's image and the target's size; an axis is constant iff "
     "broadcast; = broadcast_shapes",
     "view_broadcast (PyTorch broadcasting)", GEN_THEOREM, "view_broadcast_case", "view_broadcast",
     broadcast_image, NULL, NULL, 0},
    {"view.broadcast_morphism",
     "a broadcast is view o L_pi, pi sending the broadcast entries to the basepoint; f_B sends "
     "exactly the stride-0 entries to *",
     "view_broadcast; Nest morphisms (Def 3.2.1.1), Construction 3.1.2.5", GEN_THEOREM,
     "view_broadcast_case", "view_broadcast", broadcast_morphism, NULL, NULL, 0},
    {"torchlean.pad_left_broadcast",
     "broadcasting s or padLeft (rank t - rank s) s to t is the same",
     SEED4 "padLeft: the prepend-1s step of broadcasting", GEN_THEOREM, "view_broadcast_case",
     "view_broadcast", broadcast_pad_left, NULL, NULL, 0},
    {"torchlean.pytorch_has_derivation",
     "every PyTorch broadcast has a CanBroadcastTo derivation with its index map",
     SEED4 "CanBroadcastTo constructors", GEN_THEOREM, "view_broadcast_case", "view_broadcast",
     pytorch_has_derivation, NULL, NULL, 0},
    {"torchlean.shape_lemmas",
     "size (appendDim s n) = size s * n; padLeft keeps the size, adds to the rank; size > 0",
     SEED4 "appendDim, padLeft, size positivity", GEN_THEOREM, "view_shape", "size", shape_lemmas,
     NULL, NULL, 0},
};

const int prop_views_ops_count =
    (int)(sizeof prop_views_ops_table / sizeof prop_views_ops_table[0]);
