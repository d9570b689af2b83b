/*
** lo_recast.c -- a layout's element width changed, and compact layouts made
** in a given order: CuTe's upcast<N>, downcast<N>, recast_layout<Old,New>,
** make_layout_like and make_ordered_layout (cute/layout.hpp, stride.hpp)
** as CuTe C++ computes them for static layouts, the plain ops (CuTe's
** answer where it meets the op's contract, docs/ops.md), and the
** whitepaper's recast(L, scale) as NVIDIA's PyCuTe documents it.
**
** Leaf by leaf, with the tuple structure kept (CuTe's transform_layout):
**   upcast<N>    s:d  ->  s:0 for d = 0, else (CuTe asserts d % N == 0 or
**                N % d == 0) ceil(s / ceil(N / d)) : ceil(d / N)
**   downcast<N>  s:1  ->  sN:1, s:d -> s:dN; CuTe asserts that some
**                stride is 1 ("Downcast requires adjacent elements")
**   make_layout_like  shape kept; leaf i gets the product of the shapes of
**                the leaves of smaller stride (stride-0 leaves counting as
**                1), 0 where its stride is 0 or its size 1
**   make_ordered_layout  each leaf (or sub-tuple) of the order gets the
**                product of the shapes of the entries of smaller order,
**                its sub-tuple column-major from there
** Equal strides (equal orders) get equal strides in CuTe, which is then
** not compact: the plain ops refuse that answer.  Where CuTe refuses only
** because the shape holds an empty tuple, the plain upcast and downcast
** answer leaf by leaf (the empty tuple stays), under the same contract.
*/
#include "lo_internal.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

/* Whether the profile holds an empty tuple "()" (CuTe's transform_layout
** over it calls make_layout(), which does not exist). */
static int has_empty_tuple(const lo_tuple *t) {
  for (int i = 0; i + 1 < t->ntok; i++)
    if (t->tok[i] == '(' && t->tok[i + 1] == ')') return 1;
  return 0;
}

/* CuTe's refusal of a layout whose shape holds "()" in upcast/downcast. */
static int refuse_empty(const char *op, lo_err *err) {
  return lo_fail(err, LO_EUNDEF,
                 "CuTe refuses: %s of a layout whose shape holds an empty tuple: no matching "
                 "function for call to 'make_layout()'",
                 op);
}

/* upcast<N>(L) leaf by leaf; with cute, CuTe's refusal of an empty tuple
** in the shape (the plain op answers there: the empty tuple stays). */
static int upcast_leaves(const lo_layout *l, lo_int n, int cute, lo_layout *out, lo_err *err) {
  if (n < 1)
    return lo_fail(err, LO_EUNDEF,
                   "CuTe refuses: upcast<%lld>: N must be positive (ceil_div by %lld is not a "
                   "constant expression)",
                   (long long)n, (long long)n);
  if (cute && has_empty_tuple(&l->shape)) return refuse_empty("upcast", err);
  for (int i = 0; i < l->shape.len; i++) {
    lo_int d = l->stride[i];
    if (d != 0 && d % n != 0 && n % d != 0)
      return lo_fail(err, LO_EUNDEF,
                     "CuTe refuses: upcast<%lld>: Divisibility condition (leaf %d, %lld:%lld: "
                     "neither of the stride and N divides the other)",
                     (long long)n, i + 1, (long long)l->shape.leaf[i], (long long)d);
  }
  lo_layout_copy(out, l);
  out->is_tiler = 0;
  for (int i = 0; i < l->shape.len; i++) {
    lo_int s = l->shape.leaf[i], d = l->stride[i];
    if (d == 0) continue;
    out->shape.leaf[i] = lo_ceil_div(s, lo_ceil_div(n, d));
    out->stride[i] = lo_ceil_div(d, n);
  }
  return LO_OK;
}

/* upcast<N>(L), CuTe's answer (lo.h). */
int lo_cute_upcast(const lo_layout *l, lo_int n, lo_layout *out, lo_err *err) {
  return upcast_leaves(l, n, 1, out, err);
}

/* downcast<N>(L) leaf by leaf; with cute, CuTe's refusal of an empty
** tuple in the shape. */
static int downcast_leaves(const lo_layout *l, lo_int n, int cute, lo_layout *out, lo_err *err) {
  int has1 = 0;
  if (n < 1)
    return lo_fail(err, LO_EUNDEF, "CuTe refuses: downcast<%lld>: N must be positive",
                   (long long)n);
  for (int i = 0; i < l->shape.len; i++) has1 |= l->stride[i] == 1;
  if (!has1)
    return lo_fail(err, LO_EUNDEF,
                   "CuTe refuses: downcast<%lld>: Downcast requires adjacent elements (no stride "
                   "is 1)",
                   (long long)n);
  if (cute && has_empty_tuple(&l->shape)) return refuse_empty("downcast", err);
  lo_layout_copy(out, l);
  out->is_tiler = 0;
  for (int i = 0; i < l->shape.len; i++) {
    if (l->stride[i] == 1) {
      if (lo_mul(l->shape.leaf[i], n, &out->shape.leaf[i], "downcast shape", err)) return err->code;
    } else if (lo_mul(l->stride[i], n, &out->stride[i], "downcast stride", err)) {
      return err->code;
    }
  }
  return LO_OK;
}

/* downcast<N>(L), CuTe's answer (lo.h). */
int lo_cute_downcast(const lo_layout *l, lo_int n, lo_layout *out, lo_err *err) {
  return downcast_leaves(l, n, 1, out, err);
}

/* The ratio new/old in lowest terms, as CuTe's trait_ratio. */
static int bits_ratio(lo_int old_bits, lo_int new_bits, lo_int *p, lo_int *q, lo_err *err) {
  if (old_bits < 1 || new_bits < 1)
    return lo_fail(err, LO_EUNDEF, "element widths must be positive (%lld and %lld bits)",
                   (long long)old_bits, (long long)new_bits);
  lo_int g = lo_gcd(old_bits, new_bits);
  *p = new_bits / g;
  *q = old_bits / g;
  return LO_OK;
}

/* An upcast<N> or downcast<N> of a layout: CuTe's or the plain op. */
typedef int (*recast_fn)(const lo_layout *l, lo_int n, lo_layout *out, lo_err *err);

/* recast_layout<Old,New>(L) by up and down: New/Old = p/q in lowest terms,
** L for 1/1, up by p for q = 1, down by q for p = 1, else down(up(L)), as
** CuTe composes them. */
static int recast_by(recast_fn up, recast_fn down, const lo_layout *l, lo_int old_bits,
                     lo_int new_bits, lo_layout *out, lo_err *err) {
  lo_int p = 1, q = 1;
  lo_layout mid;
  if (bits_ratio(old_bits, new_bits, &p, &q, err)) return err->code;
  if (p == 1 && q == 1) {
    lo_layout_copy(out, l);
    out->is_tiler = 0;
    return LO_OK;
  }
  if (p == 1) return down(l, q, out, err);
  if (q == 1) return up(l, p, out, err);
  if (up(l, p, &mid, err)) return err->code;
  return down(&mid, q, out, err);
}

/* recast_layout<Old,New>(L), CuTe's answer (lo.h). */
int lo_cute_recast_layout(const lo_layout *l, lo_int old_bits, lo_int new_bits, lo_layout *out,
                          lo_err *err) {
  return recast_by(lo_cute_upcast, lo_cute_downcast, l, old_bits, new_bits, out, err);
}

/* Strides from CuTe's compact_order over groups: group g (entries
** first[g]..first[g+1]-1 of shape) has order ord[g] and extent ext[g];
** its start is the product of the extents of the groups of smaller order,
** and its leaves run column-major from there, a size-1 leaf getting 0. */
static int compact_groups(const lo_int *shape, lo_int *stride, const int *first, const lo_int *ord,
                          const lo_int *ext, int ng, lo_err *err) {
  for (int g = 0; g < ng; g++) {
    lo_int cur = 1;
    for (int k = 0; k < ng; k++)
      if (ord[k] < ord[g] && lo_mul(cur, ext[k], &cur, "compact stride", err)) return err->code;
    for (int i = first[g]; i < first[g + 1]; i++) {
      if (shape[i] == 1) {
        stride[i] = 0;
        continue;
      }
      stride[i] = cur;
      if (i + 1 < first[g + 1] && lo_mul(cur, shape[i], &cur, "compact stride", err))
        return err->code;
    }
  }
  return LO_OK;
}

/* make_layout_like(L), CuTe's answer (lo.h). */
int lo_cute_make_layout_like(const lo_layout *l, lo_layout *out, lo_err *err) {
  int first[LO_MAX_LEAVES + 1];
  lo_int ext[LO_MAX_LEAVES];
  int n = l->shape.len;
  for (int i = 0; i <= n; i++) first[i] = i;
  for (int i = 0; i < n; i++) ext[i] = l->stride[i] == 0 ? 1 : l->shape.leaf[i];
  lo_layout_copy(out, l);
  out->is_tiler = 0;
  if (compact_groups(ext, out->stride, first, l->stride, ext, n, err)) return err->code;
  return LO_OK;
}

/* Match the order's profile against the shape's from tokens *po and *ps
** on (one order entry): an order leaf takes the whole shape entry at *ps
** as one group; an order tuple needs a shape tuple of the same rank.  The
** groups' first leaves and orders go to first[], ord[] (*ng of them). */
static int match_order(const lo_tuple *shape, const lo_tuple *order, int *po, int *ps, int *pl_s,
                       int *pl_o, int *first, lo_int *ord, int *ng, lo_err *err) {
  if (order->tok[*po] == '*') {
    int depth = 0;
    first[*ng] = *pl_s;
    ord[(*ng)++] = order->leaf[(*pl_o)++];
    (*po)++;
    do { /* skip one shape entry */
      char c = shape->tok[(*ps)++];
      if (c == '(')
        depth++;
      else if (c == ')')
        depth--;
      else
        (*pl_s)++;
    } while (depth > 0);
    return LO_OK;
  }
  assert(order->tok[*po] == '(');
  if (shape->tok[*ps] != '(')
    return lo_fail(err, LO_EUNDEF,
                   "CuTe refuses: make_ordered_layout: the order holds a tuple where the shape "
                   "holds the integer %lld (incomplete type tuple_size of an integer)",
                   (long long)shape->leaf[*pl_s]);
  int b_o = *po, b_s = *ps, r_o = 0, r_s = 0;
  (*po)++;
  (*ps)++;
  /* count both ranks first, so that a mismatch is reported as CuTe's */
  for (int i = b_o + 1, d = 0; d >= 0 && i < order->ntok; i++) {
    char c = order->tok[i];
    if (d == 0 && c != ')') r_o++;
    d += c == '(' ? 1 : c == ')' ? -1 : 0;
  }
  for (int i = b_s + 1, d = 0; d >= 0 && i < shape->ntok; i++) {
    char c = shape->tok[i];
    if (d == 0 && c != ')') r_s++;
    d += c == '(' ? 1 : c == ')' ? -1 : 0;
  }
  if (r_o != r_s)
    return lo_fail(err, LO_EUNDEF,
                   "CuTe refuses: make_ordered_layout: Mismatched tuple_size (an order of rank %d "
                   "for a mode of rank %d)",
                   r_o, r_s);
  while (order->tok[*po] != ')')
    if (match_order(shape, order, po, ps, pl_s, pl_o, first, ord, ng, err)) return err->code;
  (*po)++;
  (*ps)++;
  return LO_OK;
}

/* make_ordered_layout(S, O), CuTe's answer (lo.h). */
int lo_cute_make_ordered_layout(const lo_tuple *shape, const lo_tuple *order, lo_layout *out,
                                lo_err *err) {
  int first[LO_MAX_LEAVES + 1], ng = 0, po = 0, ps = 0, ls = 0, lo_ = 0;
  lo_int ord[LO_MAX_LEAVES], ext[LO_MAX_LEAVES];
  lo_int stride[LO_MAX_LEAVES];
  if (match_order(shape, order, &po, &ps, &ls, &lo_, first, ord, &ng, err)) return err->code;
  assert(ls == shape->len && lo_ == order->len);
  first[ng] = shape->len;
  for (int g = 0; g < ng; g++) {
    ext[g] = 1;
    for (int i = first[g]; i < first[g + 1]; i++)
      if (lo_mul(ext[g], shape->leaf[i], &ext[g], "size of an ordered mode", err)) return err->code;
  }
  if (compact_groups(shape->leaf, stride, first, ord, ext, ng, err)) return err->code;
  return lo_layout_make(shape, stride, out, err);
}

/* --------------------------------------------------------- the contracts */

/* The upcast contract (docs/ops.md): R = upcast<N>(L) is the layout of
** N-element units of L.  Leaf i of L (s:d) is cut into groups of k =
** ceil(N/d) consecutive coordinates (k = 1 for d = 0 or d >= N), R's leaf i
** indexing the groups; R is right when (i) no group is cut short (k
** divides s where s > k), (ii) the group at coordinate 0 -- the layout
** (min(k,s)..):(d..) -- maps onto [0, N) one to one, so every group covers
** one whole unit, and (iii) the group at c' starts at N R(c'): d k = N d'
** on every leaf of R of size > 1.  Each is over the leaves, exact. */
int lo_check_upcast(const lo_layout *l, lo_int n, const lo_layout *r, lo_err *err) {
  lo_int gs[LO_MAX_LEAVES], gd[LO_MAX_LEAVES], k[LO_MAX_LEAVES];
  lo_layout g;
  lo_int gsize;
  if (!lo_tuple_congruent(&l->shape, &r->shape))
    return lo_fail(err, LO_EUNDEF, "its shape is not congruent to L's");
  for (int i = 0; i < l->shape.len; i++) {
    lo_int s = l->shape.leaf[i], d = l->stride[i];
    k[i] = d == 0 || d >= n ? 1 : lo_ceil_div(n, d);
    if (s > k[i] && s % k[i] != 0)
      return lo_fail(err, LO_EUNDEF,
                     "leaf %d of L (%lld:%lld) falls into groups of %lld coordinates for one unit "
                     "of %lld and its last group has only %lld, so that unit is only partly L's",
                     i + 1, (long long)s, (long long)d, (long long)k[i], (long long)n,
                     (long long)(s % k[i]));
    gs[i] = s < k[i] ? s : k[i];
    gd[i] = d;
    if (r->shape.leaf[i] != lo_ceil_div(s, k[i]))
      return lo_fail(err, LO_EUNDEF,
                     "leaf %d of L (%lld:%lld) has %lld groups of %lld coordinates, R's leaf has "
                     "%lld",
                     i + 1, (long long)s, (long long)d, (long long)lo_ceil_div(s, k[i]),
                     (long long)k[i], (long long)r->shape.leaf[i]);
  }
  lo_layout_flat(&g, gs, gd, l->shape.len);
  if (lo_size(&g, &gsize, err)) return err->code;
  if (gsize != n || !lo_is_compact(&g)) {
    char buf[160];
    lo_show_layout(&g, buf, sizeof buf);
    return lo_fail(err, LO_EUNDEF,
                   "the coordinates of L that R's coordinate 0 stands for, the layout %s, are not "
                   "the %lld elements [0,%lld) of one unit, each once",
                   buf, (long long)n, (long long)n);
  }
  for (int i = 0; i < l->shape.len; i++) {
    lo_int dk, nd;
    if (r->shape.leaf[i] == 1) continue;
    if (lo_mul(l->stride[i], k[i], &dk, "stride", err) ||
        lo_mul(n, r->stride[i], &nd, "stride", err))
      return err->code;
    if (dk != nd)
      return lo_fail(err, LO_EUNDEF,
                     "leaf %d: the next group of L starts %lld elements on, %lld units, but R's "
                     "stride there is %lld",
                     i + 1, (long long)dk, (long long)(dk / n), (long long)r->stride[i]);
  }
  return LO_OK;
}

/* The downcast contract (docs/ops.md): R = downcast<N>(L) is L with each
** unit split into its N elements: one leaf i of L of stride 1 becomes
** sN:1 (its coordinate j is element j mod N of unit j / N), every other
** leaf keeps its size and gets stride dN, so R(c) = N L(c') + c_i mod N.
** Over the leaves, exact. */
int lo_check_downcast(const lo_layout *l, lo_int n, const lo_layout *r, lo_err *err) {
  int unit = -1;
  if (!lo_tuple_congruent(&l->shape, &r->shape))
    return lo_fail(err, LO_EUNDEF, "its shape is not congruent to L's");
  for (int i = 0; i < l->shape.len; i++) {
    lo_int s = l->shape.leaf[i], d = l->stride[i], sn, dn;
    if (lo_mul(s, n, &sn, "size", err) || lo_mul(d, n, &dn, "stride", err)) return err->code;
    if (n > 1 && r->shape.leaf[i] == sn && d == 1 && r->stride[i] == 1) {
      if (unit >= 0)
        return lo_fail(err, LO_EUNDEF,
                       "leaves %d and %d both hold the position in a unit (both of stride 1, "
                       "both %lld times longer): size(R) = %lld size(L), not %lld size(L)",
                       unit + 1, i + 1, (long long)n, (long long)(n * n), (long long)n);
      unit = i;
      continue;
    }
    if (r->shape.leaf[i] != s)
      return lo_fail(err, LO_EUNDEF, "leaf %d has size %lld in R, %lld in L", i + 1,
                     (long long)r->shape.leaf[i], (long long)s);
    if (s > 1 && r->stride[i] != dn)
      return lo_fail(err, LO_EUNDEF,
                     "leaf %d: L steps %lld units there, %lld elements, R's stride is %lld", i + 1,
                     (long long)d, (long long)dn, (long long)r->stride[i]);
  }
  if (unit < 0 && n > 1) return lo_fail(err, LO_EUNDEF, "no leaf holds the position in a unit");
  return LO_OK;
}

/* Compact with the order of key: the leaves of r of size > 1 and non-zero
** stride, sorted by stride, are column-major (lo_is_compact), and a leaf
** of smaller key has a smaller stride.  keys[i] is the key of leaf i;
** what names the keys in a message ("stride", "order"). */
static int check_compact_in_order(const lo_layout *r, const lo_int *key, const char *what,
                                  lo_err *err) {
  lo_int s[LO_MAX_LEAVES], d[LO_MAX_LEAVES];
  int idx[LO_MAX_LEAVES], m = 0;
  lo_int size;
  lo_layout live;
  for (int i = 0; i < r->shape.len; i++) {
    if (r->shape.leaf[i] == 1 || r->stride[i] == 0) continue;
    for (int j = 0; j < m; j++) {
      int o = idx[j];
      if (key[o] == key[i] && r->stride[o] == r->stride[i])
        return lo_fail(err, LO_EUNDEF,
                       "leaves %d and %d have the same %s %lld and get the same stride %lld, so "
                       "they overlap",
                       o + 1, i + 1, what, (long long)key[i], (long long)r->stride[i]);
      if ((key[o] < key[i]) != (r->stride[o] < r->stride[i]) && key[o] != key[i])
        return lo_fail(err, LO_EUNDEF,
                       "leaf %d has %s %lld and stride %lld, leaf %d %s %lld and stride %lld: "
                       "not in the %s's order",
                       o + 1, what, (long long)key[o], (long long)r->stride[o], i + 1, what,
                       (long long)key[i], (long long)r->stride[i], what);
    }
    s[m] = r->shape.leaf[i];
    d[m] = r->stride[i];
    idx[m++] = i;
  }
  lo_layout_flat(&live, s, d, m);
  if (lo_size(&live, &size, err)) return err->code; /* so that the test below cannot overflow */
  if (!lo_is_compact(&live)) {
    char buf[160];
    lo_show_layout(&live, buf, sizeof buf);
    return lo_fail(err, LO_EUNDEF, "its modes of size > 1 and non-zero stride, %s, are not compact",
                   buf);
  }
  return LO_OK;
}

/* The make_layout_like contract (PyCuTe's post-conditions, CuTe's
** comment): shape(R) = shape(L); L's stride-0 leaves stay 0; R is compact
** on its non-zero modes, in the order of L's strides; and idempotent:
** make_layout_like(R) = R. */
int lo_check_make_layout_like(const lo_layout *l, const lo_layout *r, lo_err *err) {
  lo_layout again;
  if (!lo_tuple_equal(&l->shape, &r->shape)) return lo_fail(err, LO_EUNDEF, "its shape is not L's");
  for (int i = 0; i < l->shape.len; i++)
    if (l->stride[i] == 0 && r->stride[i] != 0)
      return lo_fail(err, LO_EUNDEF, "leaf %d has stride 0 in L, %lld in R", i + 1,
                     (long long)r->stride[i]);
  if (check_compact_in_order(r, l->stride, "stride", err)) return err->code;
  if (lo_cute_make_layout_like(r, &again, err)) return err->code;
  if (!lo_layout_equal(&again, r)) {
    char buf[160];
    lo_show_layout(&again, buf, sizeof buf);
    return lo_fail(err, LO_EUNDEF, "it is not idempotent: make_layout_like of it is %s", buf);
  }
  return LO_OK;
}

/* The make_ordered_layout contract: shape(R) = S, R compact, its strides
** in the order of O (each leaf of the shape keyed by the order entry over
** it). */
static int check_make_ordered_layout(const lo_tuple *shape, const lo_tuple *order,
                                     const lo_layout *r, lo_err *err) {
  int first[LO_MAX_LEAVES + 1], ng = 0, po = 0, ps = 0, ls = 0, lo_ = 0;
  lo_int ord[LO_MAX_LEAVES], key[LO_MAX_LEAVES];
  if (!lo_tuple_equal(shape, &r->shape)) return lo_fail(err, LO_EUNDEF, "its shape is not S");
  if (match_order(shape, order, &po, &ps, &ls, &lo_, first, ord, &ng, err)) return err->code;
  first[ng] = shape->len;
  for (int g = 0; g < ng; g++)
    for (int i = first[g]; i < first[g + 1]; i++) key[i] = ord[g];
  /* leaves of one order entry share its key: compare them by position */
  for (int g = 0; g < ng; g++)
    for (int i = first[g] + 1; i < first[g + 1]; i++)
      if (shape->leaf[i] > 1 && r->stride[i] != 0)
        for (int j = first[g]; j < i; j++)
          if (shape->leaf[j] > 1 && r->stride[j] >= r->stride[i])
            return lo_fail(err, LO_EUNDEF,
                           "leaves %d and %d of one order entry are not column-major", j + 1,
                           i + 1);
  return check_compact_in_order(r, key, "order", err);
}

/* ------------------------------------------------------------ plain ops */

/* The plain verdict on r, an answer of op for l after check_rc: CuTe's
** (lo_keep_cute_answer), or where CuTe refuses an empty tuple in the
** shape, the leaf-by-leaf answer r kept or refused in the same words. */
static int keep_answer(int check_rc, const lo_layout *l, const lo_layout *r, const char *prefix,
                       const char *which, lo_layout *out, lo_err *err) {
  char buf[200], why[sizeof err->msg];
  if (!has_empty_tuple(&l->shape) || check_rc != LO_EUNDEF)
    return lo_keep_cute_answer(check_rc, r, prefix, which, out, err);
  lo_show_layout(r, buf, sizeof buf);
  memcpy(why, err->msg, sizeof why);
  return lo_fail(err, LO_EUNDEF,
                 "%s: CuTe refuses the empty tuple in the shape; leaf by leaf the answer is %s, "
                 "which %s: %s",
                 prefix, buf, which, why);
}

/* upcast<N>(L) where CuTe's answer meets the contract (lo.h). */
int lo_upcast(const lo_layout *l, lo_int n, lo_layout *out, lo_err *err) {
  lo_layout r;
  char prefix[48];
  if (upcast_leaves(l, n, 0, &r, err)) return err->code;
  snprintf(prefix, sizeof prefix, "upcast<%lld>", (long long)n);
  return keep_answer(lo_check_upcast(l, n, &r, err), l, &r, prefix,
                     "is not the layout of L's units", out, err);
}

/* downcast<N>(L) where CuTe's answer meets the contract (lo.h). */
int lo_downcast(const lo_layout *l, lo_int n, lo_layout *out, lo_err *err) {
  lo_layout r;
  char prefix[48];
  if (downcast_leaves(l, n, 0, &r, err)) return err->code;
  snprintf(prefix, sizeof prefix, "downcast<%lld>", (long long)n);
  return keep_answer(lo_check_downcast(l, n, &r, err), l, &r, prefix,
                     "is not L with its units split into elements", out, err);
}

/* recast_layout<Old,New>(L) by the plain ops (lo.h). */
int lo_recast_layout(const lo_layout *l, lo_int old_bits, lo_int new_bits, lo_layout *out,
                     lo_err *err) {
  return recast_by(lo_upcast, lo_downcast, l, old_bits, new_bits, out, err);
}

/* make_layout_like(L) where CuTe's answer meets the contract (lo.h). */
int lo_make_layout_like(const lo_layout *l, lo_layout *out, lo_err *err) {
  lo_layout r;
  if (lo_cute_make_layout_like(l, &r, err)) return err->code;
  return lo_keep_cute_answer(lo_check_make_layout_like(l, &r, err), &r, "make_layout_like",
                             "breaks its contract", out, err);
}

/* make_ordered_layout(S, O) where CuTe's answer is compact in O's order
** (lo.h). */
int lo_make_ordered_layout(const lo_tuple *shape, const lo_tuple *order, lo_layout *out,
                           lo_err *err) {
  lo_layout r;
  if (lo_cute_make_ordered_layout(shape, order, &r, err)) return err->code;
  return lo_keep_cute_answer(check_make_ordered_layout(shape, order, &r, err), &r,
                             "make_ordered_layout", "breaks its contract", out, err);
}

/* recast(L, p/q), the whitepaper's as PyCuTe documents it (lo.h). */
int lo_recast(const lo_layout *l, lo_int p, lo_int q, lo_layout *out, lo_err *err) {
  if (p < 1 || q < 1)
    return lo_fail(err, LO_EUNDEF, "recast: the scale %lld/%lld is not positive", (long long)p,
                   (long long)q);
  lo_int g = lo_gcd(p, q);
  p /= g;
  q /= g;
  lo_layout_copy(out, l);
  out->is_tiler = 0;
  for (int i = 0; i < l->shape.len; i++) {
    lo_int s = l->shape.leaf[i], d = l->stride[i], sq, dq;
    if (d == 0) continue;
    if (d == 1) { /* ceil(s / (p/q)) : 1 */
      if (lo_mul(s, q, &sq, "recast shape", err)) return err->code;
      out->shape.leaf[i] = lo_ceil_div(sq, p);
      continue;
    }
    if (lo_mul(d, q, &dq, "recast stride", err)) return err->code;
    int scale_divides = dq % p == 0;  /* d / scale = dq / p is an integer */
    int stride_divides = p % dq == 0; /* scale / d = p / dq is an integer */
    if (!scale_divides && !stride_divides) {
      char sc[48];
      if (q == 1)
        snprintf(sc, sizeof sc, "%lld", (long long)p);
      else
        snprintf(sc, sizeof sc, "%lld/%lld", (long long)p, (long long)q);
      return lo_fail(err, LO_EUNDEF,
                     "recast divisibility condition: leaf %d (%lld:%lld): neither the stride nor "
                     "the scale %s divides the other",
                     i + 1, (long long)s, (long long)d, sc);
    }
    out->shape.leaf[i] = stride_divides ? lo_ceil_div(s, p / dq) : s;
    out->stride[i] = scale_divides ? dq / p : 1;
  }
  return LO_OK;
}
