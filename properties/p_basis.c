/*
** p_basis.c -- coordinate layouts (oracle/lo_basis.c,
** oracle/lo_eval_basis.c): the identity layout maps every coordinate to
** itself; CuTe's coalesce keeps the coordinate at every point; a
** composition's value is the coordinate layout's at the inner map's value;
** a divide by a tiler that divides the shape visits every coordinate once.
** The eval ops' answers are checked against lo_basis_apply point by point.
*/
#include "properties.h"

#include <stdio.h>
#include <string.h>

#define CUTE_LAYOUT "cute/layout.hpp, "
#define POINTS      4096 /* the most points a check visits */

/* The coordinate layout of argument i, or a harness error. */
static int basis_arg(gen_ctx *x, int i, lo_basis_layout *l) {
  lo_err e;
  if (lo_parse_basis_layout(x->argv[i], l, &e))
    return gen_errorf(x, "the generated coordinate layout does not parse: %s", e.msg), 1;
  return 0;
}

/* The answer of op on args[0..n) parsed as a coordinate layout into r: 0;
** 1 when CuTe refuses (the case is discarded: *v GEN_DISCARD) or the
** answer does not parse (*v GEN_FAIL). */
static int eval_layout(gen_ctx *x, const char *op, const char *const *args, int n,
                       lo_basis_layout *r, gen_verdict *v) {
  char out[4096];
  lo_err e;
  if (lo_eval(op, n, args, out, sizeof out) != LO_OK) {
    *v = strstr(out, "CuTe refuses") || strstr(out, "value 0")
             ? GEN_DISCARD
             : gen_failf(x, "%s: %.200s", op, out);
    return 1;
  }
  if (lo_parse_basis_layout(out, r, &e)) {
    *v = gen_failf(x, "%s answers %.120s, which does not parse: %s", op, out, e.msg);
    return 1;
  }
  return 0;
}

/* The colexicographic coordinate of x in shape s as a tuple congruent to
** s (the last leaf running on). */
static void colex(const lo_tuple *s, lo_int x, lo_tuple *c) {
  *c = *s;
  for (int i = 0; i < s->len; i++) {
    if (i == s->len - 1 || s->leaf[i] == 0) {
      c->leaf[i] = x;
    } else {
      c->leaf[i] = x % s->leaf[i];
      x /= s->leaf[i];
    }
  }
}

/* make_identity_layout(S) at every index x: the coordinate of x in S. */
static gen_verdict identity(gen_ctx *x) {
  lo_basis_layout l, id;
  lo_err e;
  lo_int size;
  gen_verdict v = GEN_PASS;
  char st[512];
  if (basis_arg(x, 0, &l)) return GEN_ERROR;
  if (lo_tuple_size(&l.shape, &size, &e)) return prop_verdict_of(x, &e, "size", PROP_STRICT);
  if (size > POINTS) return GEN_DISCARD;
  if (lo_print_tuple(&l.shape, st, sizeof st)) return GEN_DISCARD;
  const char *a1[1] = {st};
  if (eval_layout(x, "make_identity_layout", a1, 1, &id, &v)) return v;
  for (lo_int i = 0; i < size; i++) {
    lo_tuple want;
    lo_coord got, w;
    colex(&l.shape, i, &want);
    if (lo_basis_apply(&id, i, &got, &e)) return prop_verdict_of(x, &e, "apply", PROP_STRICT);
    if (lo_tuple_is_int(&want)) {
      w.kind = LO_COORD_INT;
      w.b.value = want.leaf[0];
      w.b.npath = 0;
    } else {
      w.kind = LO_COORD_TUPLE;
      w.t = want;
    }
    if (!lo_coord_equal(&got, &w)) {
      char g[256], s[256];
      lo_print_coord(&got, g, sizeof g);
      lo_print_index(&want, s, sizeof s);
      return gen_failf(x, "the identity layout of %s maps %lld to %s, not %s", st, (long long)i, g,
                       s);
    }
  }
  return GEN_PASS;
}

/* CuTe's coalesce(CL) gives CL's coordinate at every point CL gives one. */
static gen_verdict coalesce_function(gen_ctx *x) {
  lo_basis_layout l, r;
  lo_err e;
  lo_int size;
  gen_verdict v = GEN_PASS;
  if (basis_arg(x, 0, &l)) return GEN_ERROR;
  if (lo_tuple_size(&l.shape, &size, &e)) return prop_verdict_of(x, &e, "size", PROP_STRICT);
  if (size > POINTS) return GEN_DISCARD;
  const char *a1[1] = {x->argv[0]};
  if (eval_layout(x, "cute_coalesce", a1, 1, &r, &v)) return v;
  for (lo_int i = 0; i < size; i++) {
    lo_coord want, got;
    if (lo_basis_apply(&l, i, &want, &e)) continue; /* CuTe has no value there */
    if (lo_basis_apply(&r, i, &got, &e))
      return gen_failf(x, "coalesce answers a layout with no value at %lld: %s", (long long)i,
                       e.msg);
    if (!lo_coord_equal(&got, &want)) {
      char g[256], w[256];
      lo_print_coord(&got, g, sizeof g);
      lo_print_coord(&want, w, sizeof w);
      return gen_failf(x, "at %lld coalesce gives %s, the layout %s", (long long)i, g, w);
    }
  }
  return GEN_PASS;
}

/* The inner map of B at x: B(x) for a layout, or for a tiler <t..> the
** coordinate of x in (t..) (mode i of the identity layout composed with
** t_i:1). */
static int inner_at(const lo_layout *b, lo_int i, lo_tuple *c, lo_err *e) {
  if (!b->is_tiler) {
    lo_int v;
    if (lo_apply(b, i, &v, e)) return e->code;
    lo_tuple_int(c, v);
    return LO_OK;
  }
  colex(&b->shape, i, c);
  return LO_OK;
}

/* composition(CL, B)(c) = CL(B(c)) for every c. */
static gen_verdict composition_function(gen_ctx *x) {
  lo_basis_layout l, r;
  lo_layout b;
  lo_err e;
  lo_int size;
  gen_verdict v = GEN_PASS;
  if (basis_arg(x, 0, &l)) return GEN_ERROR;
  if (lo_parse_layout(x->argv[1], &b, &e))
    return gen_errorf(x, "the generated B does not parse: %s", e.msg), GEN_ERROR;
  const char *a2[2] = {x->argv[0], x->argv[1]};
  if (eval_layout(x, "cute_composition", a2, 2, &r, &v)) return v;
  if (lo_tuple_size(&r.shape, &size, &e)) return prop_verdict_of(x, &e, "size", PROP_STRICT);
  if (size > POINTS) return GEN_DISCARD;
  for (lo_int i = 0; i < size; i++) {
    lo_tuple c;
    lo_coord want, got;
    if (inner_at(&b, i, &c, &e)) return prop_verdict_of(x, &e, "B", PROP_STRICT);
    if (lo_tuple_is_int(&l.shape) && !lo_tuple_is_int(&c)) lo_tuple_int(&c, c.leaf[0]);
    if (lo_basis_apply_at(&l, &c, &want, &e) || lo_basis_apply(&r, i, &got, &e))
      return prop_verdict_of(x, &e, "apply", PROP_STRICT);
    if (!lo_coord_equal(&got, &want)) {
      char g[256], w[256];
      lo_print_coord(&got, g, sizeof g);
      lo_print_coord(&want, w, sizeof w);
      return gen_failf(x, "at %lld the composition gives %s, CL(B(%lld)) = %s", (long long)i, g,
                       (long long)i, w);
    }
  }
  return GEN_PASS;
}

/* zipped_divide(I, <t..>) of an identity layout I by a tiler whose sizes
** divide I's: size(I) points, every coordinate of I once. */
static gen_verdict divide_bijection(gen_ctx *x) {
  lo_basis_layout l, r;
  lo_err e;
  lo_int size, rsize;
  gen_verdict v = GEN_PASS;
  static _Thread_local unsigned char seen[POINTS];
  if (basis_arg(x, 0, &l)) return GEN_ERROR;
  if (x->argv[1][0] != '<') return GEN_DISCARD;
  const char *a2[2] = {x->argv[0], x->argv[1]};
  if (lo_tuple_size(&l.shape, &size, &e)) return prop_verdict_of(x, &e, "size", PROP_STRICT);
  if (size > POINTS) return GEN_DISCARD;
  if (eval_layout(x, "cute_zipped_divide", a2, 2, &r, &v)) return v;
  if (lo_tuple_size(&r.shape, &rsize, &e)) return prop_verdict_of(x, &e, "size", PROP_STRICT);
  if (rsize != size) return GEN_DISCARD; /* a tiler past the shape pads it */
  memset(seen, 0, (size_t)size);
  for (lo_int i = 0; i < size; i++) {
    lo_coord got;
    if (lo_basis_apply(&r, i, &got, &e) || lo_coord_as_tuple(&got, &got, &e))
      return prop_verdict_of(x, &e, "apply", PROP_STRICT);
    lo_int idx = 0, mul = 1;
    if (got.kind == LO_COORD_INT) {
      idx = got.b.value;
    } else {
      for (int k = 0; k < got.t.len; k++) {
        lo_int ext = l.shape.len > k ? l.shape.leaf[k] : 1;
        if (got.t.leaf[k] >= ext)
          return gen_failf(x, "at %lld the divide leaves the shape", (long long)i);
        idx += got.t.leaf[k] * mul;
        mul *= ext;
      }
    }
    if (idx < 0 || idx >= size || seen[idx]++)
      return gen_failf(x, "the divide visits coordinate index %lld twice (at %lld)", (long long)idx,
                       (long long)i);
  }
  return GEN_PASS;
}

const gen_property prop_basis_table[] = {
    {"basis.identity", "make_identity_layout(S) maps every index of S to its coordinate in S",
     CUTE_LAYOUT "make_identity_layout(shape) = make_layout(shape, make_basis_like(shape))",
     GEN_THEOREM, "coord_layout", "make_identity_layout", identity, NULL, "CL", 1},
    {"basis.coalesce_function",
     "CuTe's coalesce of a coordinate layout gives the same coordinate at every point",
     CUTE_LAYOUT "coalesce: @post for all i, 0 <= i < size(layout), layout(i) == result(i)",
     GEN_THEOREM, "coord_layout", "cute_coalesce", coalesce_function, NULL, "CL", 0},
    {"basis.composition_function",
     "a composition of a coordinate layout CL with B gives CL(B(c)) at every c",
     CUTE_LAYOUT "composition: @post result(c) = lhs(rhs(c)) for all c in the domain of rhs",
     GEN_THEOREM, "coord_tiler", "cute_composition", composition_function, NULL, "CL B", 0},
    {"basis.divide_bijection",
     "zipped_divide of an identity layout by a tiler that divides it visits every coordinate once",
     CUTE_LAYOUT "logical_divide(A, B) = composition(A, make_layout(B, complement(B, shape(A))))",
     GEN_THEOREM, "coord_tile", "cute_zipped_divide", divide_bijection, NULL, "CL T", 0},
};
const int prop_basis_count = (int)(sizeof prop_basis_table / sizeof prop_basis_table[0]);
