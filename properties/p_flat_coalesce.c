/*
** p_flat_coalesce.c -- flat layouts, Chapter 2.1.4-2.1.5, as properties:
** flat coalesce and compact layouts.  Tuples and the basic definitions and
** operations (2.1.1-2.1.3) are in p_flat.c, complements on (2.1.6-2.1.8) in
** p_flat_complement.c; what they share is in p_flat.h and p_flat_coalesce.h.
*/
#include "properties.h"
#include "p_flat.h"
#include "p_flat_coalesce.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Def 2.1.4.1, directly: no size-1 mode and no s_i d_i = d_{i+1}. */
int p_flat_coalesce_coalesced_def(const lo_layout *l) {
  for (int i = 0; i < l->shape.len; i++) {
    if (l->shape.leaf[i] == 1) return 0;
    if (i + 1 < l->shape.len && l->shape.leaf[i] * l->stride[i] == l->stride[i + 1]) return 0;
  }
  return 1;
}

/* Lemma 2.1.4.15, Ex 2.1.4.16 (with Def 2.1.4.1): coal-flat(L) is a
** flat coalesced layout and coal-flat is idempotent; is_flat_coalesced
** follows Def 2.1.4.1. */
static gen_verdict coalesce_coalesced(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout l, c, cc;
  if (prop_layout(x, 0, &l)) return GEN_ERROR;
  if (lo_is_flat_coalesced(&l) != p_flat_coalesce_coalesced_def(&l))
    return gen_failf(x, "is_flat_coalesced(L) says %d, Def 2.1.4.1 says %d",
                     lo_is_flat_coalesced(&l), p_flat_coalesce_coalesced_def(&l));
  if (lo_flat_coalesce(&l, &c, &oe) != LO_OK || lo_flat_coalesce(&c, &cc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_coalesce", PROP_STRICT);
  if (lo_tuple_depth(&c.shape) != 1 || !p_flat_coalesce_coalesced_def(&c) ||
      !lo_is_flat_coalesced(&c))
    return gen_failf(x, "coal-flat(L) = %s is not a flat coalesced layout",
                     prop_show_layout(x, 0, &c));
  if (!lo_layout_equal(&c, &cc))
    return gen_failf(x, "coal-flat(L) = %s but coal-flat twice = %s", prop_show_layout(x, 0, &c),
                     prop_show_layout(x, 1, &cc));
  return GEN_PASS;
}

/* Lemma 2.1.4.17: Phi_{coal-flat(L)} = Phi_L. */
static gen_verdict coalesce_function(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout l, c;
  if (prop_layout(x, 0, &l)) return GEN_ERROR;
  if (lo_flat_coalesce(&l, &c, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_coalesce", PROP_STRICT);
  return prop_judged(prop_same_function(x, &l, &c, "Phi_L vs Phi_coal-flat(L)"));
}

/* Prop 2.1.4.18: for flat A, B of equal size, Phi_A = Phi_B iff
** coal-flat(A) = coal-flat(B). */
static gen_verdict coalesce_unique(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, b, ca, cb;
  if (prop_layout(x, 0, &a) || prop_layout(x, 1, &b)) return GEN_ERROR;
  if (lo_flat_coalesce(&a, &ca, &oe) != LO_OK || lo_flat_coalesce(&b, &cb, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_coalesce", PROP_STRICT);
  int same = prop_same_function(x, &a, &b, "Phi_A vs Phi_B");
  if (same < 0) return GEN_DISCARD;
  x->msg[0] = 0;
  if (same != lo_layout_equal(&ca, &cb))
    return gen_failf(x, "Phi_A %s Phi_B but coal-flat(A) = %s and coal-flat(B) = %s",
                     same ? "=" : "!=", prop_show_layout(x, 0, &ca), prop_show_layout(x, 1, &cb));
  return GEN_PASS;
}

/* Prop 2.1.4.19: for B with Phi_B = Phi_A, rank(coal-flat A) <=
** rank(B), with equality only for B = coal-flat(A). */
static gen_verdict coalesce_minimal(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, b, c;
  if (prop_layout(x, 0, &a) || prop_layout(x, 1, &b)) return GEN_ERROR;
  int same = prop_same_function(x, &a, &b, "generated B: Phi_A vs Phi_B");
  if (same <= 0) return prop_judged(same);
  if (lo_flat_coalesce(&a, &c, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_coalesce", PROP_STRICT);
  if (c.shape.len > b.shape.len)
    return gen_failf(x, "coal-flat(A) = %s has rank %d > rank(B) = %d", prop_show_layout(x, 0, &c),
                     c.shape.len, b.shape.len);
  if (c.shape.len == b.shape.len && !lo_layout_equal(&b, &c))
    return gen_failf(x, "B has the minimal rank %d but differs from coal-flat(A) = %s", b.shape.len,
                     prop_show_layout(x, 0, &c));
  return GEN_PASS;
}

/* Prop 2.1.5.6 (Def 2.1.5.1): L is compact (Phi a bijection onto
** [0, cosize)) iff sort(squeeze(L)) is column-major; is_compact agrees. */
static gen_verdict compact_criterion(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout l, q, s;
  char buf[GEN_ARG_LEN];
  if (prop_layout(x, 0, &l)) return GEN_ERROR;
  int brute = p_flat_brute_compact(x, &l);
  if (brute < 0) return GEN_DISCARD;
  if (lo_squeeze(&l, &q, &oe) != LO_OK) return prop_verdict_of(x, &oe, "squeeze", PROP_STRICT);
  if (lo_sort(&q, &s, &oe) != LO_OK) return prop_verdict_of(x, &oe, "sort", PROP_STRICT);
  int col = p_flat_ev_bool(x, "is_column_major", 1, p_flat_text_layout(&s, buf), NULL);
  if (col < 0) return GEN_FAIL;
  if (col != brute || lo_is_compact(&l) != brute)
    return gen_failf(x,
                     "compact by brute force: %d; sort(squeeze L) = %s column-major: %d; "
                     "is_compact: %d",
                     brute, buf, col, lo_is_compact(&l));
  return GEN_PASS;
}

/* Prop 2.1.5.7: L compact iff coal-flat(L), squeeze(L), sort(L) are
** (all by brute force). */
static gen_verdict compact_invariance(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout l, v[3];
  static const char *const names[3] = {"coal-flat(L)", "squeeze(L)", "sort(L)"};
  if (prop_layout(x, 0, &l)) return GEN_ERROR;
  int c = p_flat_brute_compact(x, &l);
  if (c < 0) return GEN_DISCARD;
  if (lo_flat_coalesce(&l, &v[0], &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_coalesce", PROP_STRICT);
  if (lo_squeeze(&l, &v[1], &oe) != LO_OK) return prop_verdict_of(x, &oe, "squeeze", PROP_STRICT);
  if (lo_sort(&l, &v[2], &oe) != LO_OK) return prop_verdict_of(x, &oe, "sort", PROP_STRICT);
  for (int i = 0; i < 3; i++) {
    int ci = p_flat_brute_compact(x, &v[i]);
    if (ci < 0) return GEN_DISCARD;
    if (ci != c)
      return gen_failf(x, "L is %scompact but %s = %s is %scompact", c ? "" : "not ", names[i],
                       prop_show_layout(x, 0, &v[i]), ci ? "" : "not ");
  }
  return GEN_PASS;
}

const gen_property prop_flat_coalesce_table[] = {
    {"flat.coalesce_coalesced",
     "coal-flat(L) is flat and coalesced (Def 2.1.4.1), and coal-flat is idempotent",
     "Lemma 2.1.4.15, Ex 2.1.4.16, Def 2.1.4.1, p.36-37", GEN_THEOREM, "flat_uncoalesced",
     "flat_coalesce", coalesce_coalesced, NULL, NULL, 0},
    {"flat.coalesce_function", "Phi_{coal-flat(L)} = Phi_L", "Lemma 2.1.4.17, p.38", GEN_THEOREM,
     "flat_uncoalesced", "flat_coalesce", coalesce_function, NULL, NULL, 0},
    {"flat.coalesce_unique", "Phi_A = Phi_B iff coal-flat(A) = coal-flat(B) (equal sizes)",
     "Prop 2.1.4.18, p.39", GEN_THEOREM, "flat_alike", "flat_coalesce", coalesce_unique, NULL, NULL,
     0},
    {"flat.coalesce_minimal",
     "Phi_B = Phi_A => rank(coal-flat A) <= rank B, equal only for B = coal-flat(A)",
     "Prop 2.1.4.19, p.40", GEN_THEOREM, "flat_split_pair", "flat_coalesce", coalesce_minimal, NULL,
     NULL, 0},
    {"flat.compact_criterion", "L compact iff sort(squeeze(L)) is column-major",
     "Prop 2.1.5.6, Def 2.1.5.1, p.41", GEN_THEOREM, "flat_near_compact", "is_compact",
     compact_criterion, NULL, NULL, 0},
    {"flat.compact_invariance", "L compact iff coal-flat(L) iff squeeze(L) iff sort(L) compact",
     "Prop 2.1.5.7, p.42", GEN_THEOREM, "flat_near_compact", "is_compact", compact_invariance, NULL,
     NULL, 0},
};

const int prop_flat_coalesce_count =
    (int)(sizeof prop_flat_coalesce_table / sizeof prop_flat_coalesce_table[0]);
