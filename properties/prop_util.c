/*
** prop_util.c -- helpers shared by the property checks: parsing the
** case's arguments, showing values in messages, brute-force comparison of
** layout functions.
*/
#include "properties.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The one verdict policy for oracle errors (see properties.h). */
gen_verdict prop_verdict_of(gen_ctx *x, const lo_err *e, const char *what, prop_policy pol) {
  assert(e->code != LO_OK); /* called on an error only */
  if (pol != PROP_STRICT && e->code == LO_ELIMIT) return GEN_DISCARD;
  if (pol == PROP_BOUNDED_ARITH && e->code == LO_EOVERFLOW) return GEN_DISCARD;
  return gen_failf(x, "%s failed: %s", what, e->msg);
}

/* Argument i as a layout; a harness error when missing or malformed. */
int prop_layout(gen_ctx *x, int i, lo_layout *l) {
  lo_err e;
  assert(x && i >= 0 && l);
  if (i >= x->argc) return gen_errorf(x, "argument %d is missing", i + 1);
  if (lo_parse_layout(x->argv[i], l, &e)) return gen_errorf(x, "argument %d: %s", i + 1, e.msg);
  return 0;
}

/* Argument i as a nested tuple; a harness error when malformed. */
int prop_tuple(gen_ctx *x, int i, lo_tuple *t) {
  lo_err e;
  assert(x && i >= 0 && t);
  if (i >= x->argc) return gen_errorf(x, "argument %d is missing", i + 1);
  if (lo_parse_tuple(x->argv[i], t, &e)) return gen_errorf(x, "argument %d: %s", i + 1, e.msg);
  return 0;
}

/* Argument i as a morphism; a harness error when malformed. */
int prop_morphism(gen_ctx *x, int i, lo_morphism *f) {
  lo_err e;
  assert(x && i >= 0 && f);
  if (i >= x->argc) return gen_errorf(x, "argument %d is missing", i + 1);
  if (lo_parse_morphism(x->argv[i], f, &e)) return gen_errorf(x, "argument %d: %s", i + 1, e.msg);
  return 0;
}

/* Argument i as an integer; a harness error when malformed. */
int prop_int(gen_ctx *x, int i, lo_int *v) {
  lo_err e;
  if (i >= x->argc) return gen_errorf(x, "argument %d is missing", i + 1);
  if (lo_parse_int(x->argv[i], v, &e)) return gen_errorf(x, "argument %d: %s", i + 1, e.msg);
  return 0;
}

const char *prop_show_layout(gen_ctx *x, int slot, const lo_layout *l) {
  assert(slot >= 0 && slot <= 3);
  char *b = x->shown[slot];
  return lo_print_layout(l, b, sizeof x->shown[0]) ? "(too long)" : b;
}

const char *prop_show_tuple(gen_ctx *x, int slot, const lo_tuple *t) {
  assert(slot >= 0 && slot <= 3);
  char *b = x->shown[slot];
  return lo_print_tuple(t, b, sizeof x->shown[0]) ? "(too long)" : b;
}

const char *prop_show_morphism(gen_ctx *x, int slot, const lo_morphism *f) {
  assert(slot >= 0 && slot <= 3);
  char *b = x->shown[slot];
  return lo_print_morphism(f, b, sizeof x->shown[0]) ? "(too long)" : b;
}

/* Size within the brute-force bound, or -1. */
static int enumerable(gen_ctx *x, const lo_layout *l, lo_int *size) {
  lo_err e;
  if (lo_size(l, size, &e) || *size > x->bounds->max_size) return -1;
  return 0;
}

/* Phi_a = Phi_b point by point (see properties.h). */
int prop_same_function(gen_ctx *x, const lo_layout *a, const lo_layout *b, const char *what) {
  lo_int sa, sb;
  lo_err e;
  if (enumerable(x, a, &sa) || enumerable(x, b, &sb)) return -1;
  if (sa != sb) {
    gen_failf(x, "%s: sizes differ: %lld for %s, %lld for %s", what, (long long)sa,
              prop_show_layout(x, 0, a), (long long)sb, prop_show_layout(x, 1, b));
    return 0;
  }
  lo_walk wa, wb;
  lo_walk_init(&wa, a);
  lo_walk_init(&wb, b);
  for (lo_int i = 0; i < sa; i++) {
    lo_int u, v;
    if (lo_walk_at(&wa, i, &u, &e) || lo_walk_at(&wb, i, &v, &e)) return -1;
    if (u != v) {
      gen_failf(x, "%s: at %lld, %s gives %lld and %s gives %lld", what, (long long)i,
                prop_show_layout(x, 0, a), (long long)u, prop_show_layout(x, 1, b), (long long)v);
      return 0;
    }
  }
  return 1;
}

/* r = outer o inner point by point (see properties.h). */
int prop_is_composite(gen_ctx *x, const lo_layout *outer, const lo_layout *inner,
                      const lo_layout *r) {
  lo_int si, sr;
  lo_err e;
  if (enumerable(x, inner, &si) || enumerable(x, r, &sr)) return -1;
  if (si != sr) {
    gen_failf(x, "size of the composite %s is %lld, size of %s is %lld", prop_show_layout(x, 0, r),
              (long long)sr, prop_show_layout(x, 1, inner), (long long)si);
    return 0;
  }
  lo_walk wi, wr;
  lo_walk_init(&wi, inner);
  lo_walk_init(&wr, r);
  for (lo_int i = 0; i < si; i++) {
    lo_int y, oy, ry;
    if (lo_walk_at(&wi, i, &y, &e) || lo_apply(outer, y, &oy, &e) || lo_walk_at(&wr, i, &ry, &e))
      return -1;
    if (oy != ry) {
      gen_failf(x, "composite %s at %lld gives %lld, but %s(%s(%lld)) = %lld",
                prop_show_layout(x, 0, r), (long long)i, (long long)ry,
                prop_show_layout(x, 1, outer), prop_show_layout(x, 2, inner), (long long)i,
                (long long)oy);
      return 0;
    }
  }
  return 1;
}

/* Same domain, codomain and map. */
int prop_morphism_equal(const lo_morphism *a, const lo_morphism *b) {
  return lo_tuple_equal(&a->dom, &b->dom) && lo_tuple_equal(&a->cod, &b->cod) &&
         memcmp(a->map, b->map, (size_t)a->dom.len * sizeof *a->map) == 0;
}

/* 0 when a = b, else nonzero with the message "what: a vs b". */
int prop_same_morphism(gen_ctx *x, const lo_morphism *a, const lo_morphism *b, const char *what) {
  if (prop_morphism_equal(a, b)) return 0;
  return gen_failf(x, "%s: %s vs %s", what, prop_show_morphism(x, 0, a),
                   prop_show_morphism(x, 1, b));
}

/* 0 when a = b, else nonzero with the message "what: a vs b". */
int prop_same_layout(gen_ctx *x, const lo_layout *a, const lo_layout *b, const char *what) {
  if (lo_layout_equal(a, b)) return 0;
  return gen_failf(x, "%s: %s vs %s", what, prop_show_layout(x, 0, a), prop_show_layout(x, 1, b));
}

/* 0 when a = b, else nonzero with the message "what: a vs b". */
int prop_same_tuple(gen_ctx *x, const lo_tuple *a, const lo_tuple *b, const char *what) {
  if (lo_tuple_equal(a, b)) return 0;
  return gen_failf(x, "%s: %s vs %s", what, prop_show_tuple(x, 0, a), prop_show_tuple(x, 1, b));
}

/* size(t) within the brute-force bound, else -1. */
lo_int prop_small_size(gen_ctx *x, const lo_tuple *t) {
  lo_int s;
  lo_err e;
  if (lo_tuple_size(t, &s, &e) || s > x->bounds->max_size) return -1;
  return s;
}

/* f is an isomorphism (Obs 3.1.3.3). */
int prop_is_iso(const lo_morphism *f) {
  char hit[LO_MAX_LEAVES + 1] = {0};
  if (f->dom.len != f->cod.len) return 0;
  for (int i = 0; i < f->dom.len; i++) {
    if (!f->map[i] || hit[f->map[i]]) return 0;
    hit[f->map[i]] = 1;
  }
  return 1;
}

/* Phi_L a bijection onto [0, n) by brute force (see properties.h). */
int prop_bijective_onto(gen_ctx *x, const lo_layout *l, lo_int n, const char *what) {
  lo_int size;
  lo_err e;
  if (lo_size(l, &size, &e) || size > x->bounds->max_size || n > x->bounds->max_size) return -1;
  if (n < 0) n = size;
  if (size != n) {
    gen_failf(x, "%s = %s has size %lld, not %lld", what, prop_show_layout(x, 0, l),
              (long long)size, (long long)n);
    return 0;
  }
  char *seen = calloc((size_t)n + 1, 1);
  if (!seen) return -1;
  int ok = 1;
  lo_walk w;
  lo_walk_init(&w, l);
  for (lo_int i = 0; i < n && ok; i++) {
    lo_int v;
    if (lo_walk_at(&w, i, &v, &e)) {
      ok = -1;
    } else if (v < 0 || v >= n || seen[v]) {
      gen_failf(x, "%s = %s is not a bijection onto [0,%lld): at %lld it gives %lld", what,
                prop_show_layout(x, 0, l), (long long)n, (long long)i, (long long)v);
      ok = 0;
    } else {
      seen[v] = 1;
    }
  }
  free(seen);
  return ok;
}
