/*
** p_flat_complement.c -- flat layouts, Chapters 2.1.6-2.1.8, as properties:
** complements and N-complements, composition, division and product of flat
** layouts, tractable layouts.  The earlier sections are in p_flat.c and
** p_flat_coalesce.c.
*/
#include "properties.h"
#include "p_flat.h"
#include "p_flat_coalesce.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Phi_L injective by brute force: 1, 0, or -1 when too large. */
static int brute_injective(gen_ctx *x, const lo_layout *l) {
  lo_int *v, n;
  if (p_flat_phi_list(x, l, &v, &n)) return -1;
  qsort(v, (size_t)n, sizeof *v, p_flat_cmp_int);
  int ok = 1;
  for (lo_int i = 1; i < n && ok; i++) ok = v[i] != v[i - 1];
  free(v);
  return ok;
}

/* Is A * B compact (B a complement of A, Def 2.1.6.1)?  Brute force:
** 1, 0, or -1 when too large or too many modes. */
static int brute_complement(gen_ctx *x, const lo_layout *a, const lo_layout *b) {
  lo_layout ab;
  lo_err e;
  if (lo_flat_concat(a, b, &ab, &e)) return -1;
  return p_flat_brute_compact(x, &ab);
}

/* The modes of L (flattened), optionally without size-1 modes, sorted by
** selection (stable, key (d, s)) into s[], d[]; returns how many. */
static int sorted_modes(const lo_layout *l, int squeeze, lo_int *s, lo_int *d) {
  int n = 0, used[LO_MAX_LEAVES] = {0};
  for (;;) {
    int best = -1;
    for (int i = 0; i < l->shape.len; i++)
      if (!used[i] && !(squeeze && l->shape.leaf[i] == 1) &&
          (best < 0 || !p_flat_mode_leq(l, best, i)))
        best = i;
    if (best < 0) return n;
    used[best] = 1;
    s[n] = l->shape.leaf[best];
    d[n++] = l->stride[best];
  }
}

/* Def 2.1.6.11 with d_1 > 0 (the printed definition admits zero strides), directly; *ext = s_m d_m of
** sort(squeeze(L)), 1 when it is empty. */
static int complementable_def(const lo_layout *l, lo_int *ext) {
  lo_int s[LO_MAX_LEAVES], d[LO_MAX_LEAVES];
  int m = sorted_modes(l, 1, s, d);
  *ext = m ? s[m - 1] * d[m - 1] : 1;
  if (m && d[0] == 0) return 0;
  for (int i = 0; i + 1 < m; i++)
    if (d[i + 1] % (s[i] * d[i]) != 0) return 0;
  return 1;
}

/* Def 2.1.8.1, directly: sort (no squeeze); d_i = 0 or s_i d_i | d_{i+1}. */
static int tractable_def(const lo_layout *l) {
  lo_int s[LO_MAX_LEAVES], d[LO_MAX_LEAVES];
  int m = sorted_modes(l, 0, s, d);
  for (int i = 0; i + 1 < m; i++)
    if (d[i] != 0 && d[i + 1] % (s[i] * d[i]) != 0) return 0;
  return 1;
}

/* Tractable by the round trip through the standard representation:
** f_L exists and L_{f_L} = L (Prop 3.1.2.10, Lemma 3.1.2.9). */
static int tractable_by_morphism(const lo_layout *l) {
  lo_morphism f;
  lo_layout back;
  lo_err e;
  return lo_morphism_of_layout(l, &f, &e) == LO_OK && lo_morphism_layout(&f, &back, &e) == LO_OK &&
         lo_layout_equal(&back, l);
}

/* Obs 2.1.6.7: complementable => Phi_A injective; injective is not
** enough: (2,2):(1,3) is injective and not complementable. */
static gen_verdict complementable_injective(gen_ctx *x) {
  lo_layout a, ex;
  lo_int ext;
  lo_err e;
  if (lo_parse_layout("(2,2):(1,3)", &ex, &e)) return gen_failf(x, "%s", e.msg);
  if (brute_injective(x, &ex) == 0 || lo_is_complementable(&ex))
    return gen_failf(x, "(2,2):(1,3) should be injective and not complementable");
  if (prop_layout(x, 0, &a)) return GEN_ERROR;
  int c = lo_is_complementable(&a);
  if (c != complementable_def(&a, &ext))
    return gen_failf(x, "is_complementable says %d, Def 2.1.6.11 (with d_1 > 0) says %d", c, !c);
  if (!c) return GEN_PASS;
  int inj = brute_injective(x, &a);
  if (inj == 0) return gen_failf(x, "A is complementable but Phi_A is not injective");
  return inj < 0 ? GEN_DISCARD : GEN_PASS;
}

/* Obs 2.1.6.8: complements are not unique: the listed complements of
** (8,8):(2,32), and two variants B1, B2 of an N-complement of A, all make
** A * B compact. */
static gen_verdict complements_not_unique(gen_ctx *x) {
  static const char *const listed[3] = {"(2,2):(1,16)", "(2,2):(16,1)", "(5,2,2,1):(256,1,16,0)"};
  lo_layout a, b;
  lo_err e;
  if (lo_parse_layout("(8,8):(2,32)", &a, &e)) return gen_failf(x, "%s", e.msg);
  for (int i = 0; i < 3; i++) {
    if (lo_parse_layout(listed[i], &b, &e)) return gen_failf(x, "%s", e.msg);
    if (p_flat_ev_bool(x, "is_complement", 2, "(8,8):(2,32)", listed[i]) != 1 ||
        brute_complement(x, &a, &b) == 0)
      return x->msg[0] ? GEN_FAIL
                       : gen_failf(x, "%s is not a complement of (8,8):(2,32)", listed[i]);
  }
  if (prop_layout(x, 0, &a)) return GEN_ERROR;
  for (int i = 2; i < 4; i++) {
    if (prop_layout(x, i, &b)) return GEN_ERROR;
    int r = brute_complement(x, &a, &b);
    if (r < 0) return GEN_DISCARD;
    int o = p_flat_ev_bool(x, "is_complement", 2, x->argv[0], x->argv[i]);
    if (o < 0) return GEN_FAIL;
    if (!r || !o)
      return gen_failf(x, "B%d = %s: A * B compact by brute force %d, is_complement %d", i - 1,
                       x->argv[i], r, o);
  }
  return GEN_PASS;
}

/* Lemma 2.1.6.9 (with (2) read as sort(A * sort B)): squeeze(A * B) = squeeze A *
** squeeze B; sort(A * B) = sort(A * sort B); coal-flat(A * B) =
** coal-flat(A * coal-flat B). */
static gen_verdict concat_lemma(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, b, ab, l, r, t, u;
  if (prop_layout(x, 0, &a) || prop_layout(x, 1, &b)) return GEN_ERROR;
  if (lo_flat_concat(&a, &b, &ab, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_concat", PROP_STRICT);
  if (lo_squeeze(&ab, &l, &oe) != LO_OK || lo_squeeze(&a, &t, &oe) != LO_OK ||
      lo_squeeze(&b, &u, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "squeeze", PROP_STRICT);
  if (lo_flat_concat(&t, &u, &r, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_concat", PROP_STRICT);
  if (!lo_layout_equal(&l, &r))
    return gen_failf(x, "squeeze(A * B) = %s but squeeze A * squeeze B = %s",
                     prop_show_layout(x, 0, &l), prop_show_layout(x, 1, &r));
  if (lo_sort(&ab, &l, &oe) != LO_OK || lo_sort(&b, &u, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "sort", PROP_STRICT);
  if (lo_flat_concat(&a, &u, &t, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_concat", PROP_STRICT);
  if (lo_sort(&t, &r, &oe) != LO_OK) return prop_verdict_of(x, &oe, "sort", PROP_STRICT);
  if (!lo_layout_equal(&l, &r))
    return gen_failf(x, "sort(A * B) = %s but sort(A * sort B) = %s", prop_show_layout(x, 0, &l),
                     prop_show_layout(x, 1, &r));
  if (lo_flat_coalesce(&ab, &l, &oe) != LO_OK || lo_flat_coalesce(&b, &u, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_coalesce", PROP_STRICT);
  if (lo_flat_concat(&a, &u, &t, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_concat", PROP_STRICT);
  if (lo_flat_coalesce(&t, &r, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_coalesce", PROP_STRICT);
  if (!lo_layout_equal(&l, &r))
    return gen_failf(x, "coal-flat(A * B) = %s but coal-flat(A * coal-flat B) = %s",
                     prop_show_layout(x, 0, &l), prop_show_layout(x, 1, &r));
  return GEN_PASS;
}

/* Prop 2.1.6.10 (and Ex 2.1.6.4-6): A _|_ B iff B _|_ A iff
** A _|_ squeeze(B) iff A _|_ coal-flat(B) iff A _|_ sort(B), all by brute
** force, and is_complement agrees; A _|_ ():() iff A compact; A _|_ A iff
** size(A) = 1. */
static gen_verdict complement_equivalences(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, b, v[4], empty;
  static const char *const names[4] = {"B * A", "A * squeeze(B)", "A * coal-flat(B)",
                                       "A * sort(B)"};
  lo_int size;
  lo_err e;
  if (prop_layout(x, 0, &a) || prop_layout(x, 1, &b)) return GEN_ERROR;
  int c = brute_complement(x, &a, &b);
  if (c < 0) return GEN_DISCARD;
  int o = p_flat_ev_bool(x, "is_complement", 2, x->argv[0], x->argv[1]);
  if (o < 0) return GEN_FAIL;
  if (o != c) return gen_failf(x, "A * B compact by brute force: %d, is_complement: %d", c, o);
  if (lo_squeeze(&b, &v[1], &oe) != LO_OK) return prop_verdict_of(x, &oe, "squeeze", PROP_STRICT);
  if (lo_flat_coalesce(&b, &v[2], &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_coalesce", PROP_STRICT);
  if (lo_sort(&b, &v[3], &oe) != LO_OK) return prop_verdict_of(x, &oe, "sort", PROP_STRICT);
  for (int i = 0; i < 4; i++) {
    int ci = i == 0 ? brute_complement(x, &b, &a) : brute_complement(x, &a, &v[i]);
    if (ci != c)
      return gen_failf(x, "A * B is %scompact but %s is %scompact", c ? "" : "not ", names[i],
                       ci ? "" : "not ");
  }
  p_flat_empty_layout(&empty);
  if (brute_complement(x, &a, &empty) != p_flat_brute_compact(x, &a))
    return gen_failf(x, "A _|_ ():() differs from A compact");
  int aa = brute_complement(x, &a, &a);
  if (aa >= 0 && !lo_size(&a, &size, &e) && aa != (size == 1))
    return gen_failf(x, "A _|_ A is %d but size(A) = %lld", aa, (long long)size);
  return GEN_PASS;
}

/* Def 2.1.6.11 with d_1 > 0: is_complementable follows the
** definition; complementable A => A * comp-flat(A) compact; otherwise
** A * B is not compact for the B tried (a random B, CuTe's complement). */
static gen_verdict complementable_criterion(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, b, c;
  lo_int ext;
  lo_err e;
  if (prop_layout(x, 0, &a) || prop_layout(x, 1, &b)) return GEN_ERROR;
  int k = lo_is_complementable(&a);
  if (k != complementable_def(&a, &ext))
    return gen_failf(x, "is_complementable says %d, Def 2.1.6.11 (with d_1 > 0) says %d", k, !k);
  if (k) {
    if (lo_flat_complement(&a, -1, &c, &oe) != LO_OK)
      return prop_verdict_of(x, &oe, "flat_complement", PROP_STRICT);
    int r = brute_complement(x, &a, &c);
    if (r == 0)
      return gen_failf(x, "A * comp-flat(A) = A * %s is not compact", prop_show_layout(x, 0, &c));
    return r < 0 ? GEN_DISCARD : GEN_PASS;
  }
  if (brute_complement(x, &a, &b) == 1)
    return gen_failf(x, "A is not complementable but A * B is compact");
  if (lo_complement(&a, -1, &c, &e) == LO_OK && brute_complement(x, &a, &c) == 1)
    return gen_failf(x, "A is not complementable but A * %s (CuTe's complement) is compact",
                     prop_show_layout(x, 0, &c));
  return GEN_PASS;
}

/* Lemma 2.1.6.20, Constr 2.1.6.16: for complementable A, A *
** comp-flat(A) is compact; comp-flat(A) is sorted and coalesced, and ():()
** when A is compact. */
static gen_verdict complement_is_complement(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, c;
  if (prop_layout(x, 0, &a)) return GEN_ERROR;
  if (lo_flat_complement(&a, -1, &c, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_complement", PROP_STRICT);
  int r = brute_complement(x, &a, &c);
  if (r < 0) return GEN_DISCARD;
  if (!r)
    return gen_failf(x, "A * comp-flat(A) = A * %s is not compact", prop_show_layout(x, 0, &c));
  if (!p_flat_sorted_def(&c) || !p_flat_coalesce_coalesced_def(&c))
    return gen_failf(x, "comp-flat(A) = %s is not sorted and coalesced",
                     prop_show_layout(x, 0, &c));
  if (p_flat_brute_compact(x, &a) == 1 && c.shape.len != 0)
    return gen_failf(x, "A is compact but comp-flat(A) = %s", prop_show_layout(x, 0, &c));
  return GEN_PASS;
}

/* Prop 2.1.6.21: if A has a complement B then A (and B, by symmetry)
** is complementable; conversely A * comp-flat(A) is compact. */
static gen_verdict complement_exists(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, b, c;
  if (prop_layout(x, 0, &a) || prop_layout(x, 2, &b)) return GEN_ERROR;
  int r = brute_complement(x, &a, &b);
  if (r < 0) return GEN_DISCARD;
  if (!r) return gen_failf(x, "generated B1 is not a complement of A");
  if (!lo_is_complementable(&a) || !lo_is_complementable(&b))
    return gen_failf(x, "A _|_ B1 but is_complementable gives %d for A and %d for B1",
                     lo_is_complementable(&a), lo_is_complementable(&b));
  if (lo_flat_complement(&a, -1, &c, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_complement", PROP_STRICT);
  if (brute_complement(x, &a, &c) == 0)
    return gen_failf(x, "A * comp-flat(A) = A * %s is not compact", prop_show_layout(x, 0, &c));
  return GEN_PASS;
}

/* Lemma 2.1.6.22: A complementable and sorted => Phi_A strictly
** increasing. */
static gen_verdict sorted_complementable_increasing(gen_ctx *x) {
  lo_layout a;
  lo_int *v, n;
  if (prop_layout(x, 0, &a)) return GEN_ERROR;
  if (!lo_is_sorted(&a) || !lo_is_complementable(&a))
    return gen_failf(x, "generated A is not sorted and complementable");
  if (p_flat_phi_list(x, &a, &v, &n)) return GEN_DISCARD;
  for (lo_int i = 1; i < n; i++)
    if (v[i] <= v[i - 1]) {
      lo_int p = v[i - 1], q = v[i];
      free(v);
      return gen_failf(x, "Phi_A(%lld) = %lld <= Phi_A(%lld) = %lld", (long long)i, (long long)q,
                       (long long)(i - 1), (long long)p);
    }
  free(v);
  return GEN_PASS;
}

/* Prop 2.1.6.23: a complement B' of A of the size of comp-flat(A)
** gives coal-flat(sort(B')) = comp-flat(A) (B' a refined, permuted
** variant, still a complement by Prop 2.1.6.10). */
static gen_verdict complement_unique(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, b, c, s, cs;
  lo_int sb, sc;
  lo_err e;
  if (prop_layout(x, 0, &a) || prop_layout(x, 1, &b)) return GEN_ERROR;
  if (lo_flat_complement(&a, -1, &c, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_complement", PROP_STRICT);
  int r = brute_complement(x, &a, &b);
  if (r < 0) return GEN_DISCARD;
  if (!r || lo_size(&b, &sb, &e) || lo_size(&c, &sc, &e) || sb != sc)
    return gen_failf(x, "generated B' is not a complement of size(comp-flat(A)) = %s",
                     prop_show_layout(x, 0, &c));
  if (lo_sort(&b, &s, &oe) != LO_OK) return prop_verdict_of(x, &oe, "sort", PROP_STRICT);
  if (lo_flat_coalesce(&s, &cs, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_coalesce", PROP_STRICT);
  if (!lo_layout_equal(&cs, &c))
    return gen_failf(x, "coal-flat(sort(B')) = %s but comp-flat(A) = %s",
                     prop_show_layout(x, 0, &cs), prop_show_layout(x, 1, &c));
  return GEN_PASS;
}

/* Obs 2.1.6.26 (Def 2.1.6.25): complementable A is N-complementable
** iff s_m d_m divides N; comp-flat(A, N) exists exactly then. */
static gen_verdict n_complementable_multiple(gen_ctx *x) {
  lo_layout a, c;
  lo_int n, ext;
  lo_err e;
  if (prop_layout(x, 0, &a) || prop_int(x, 1, &n)) return GEN_ERROR;
  if (!complementable_def(&a, &ext)) return gen_failf(x, "generated A is not complementable");
  int want = n % ext == 0, got = lo_is_n_complementable(&a, n);
  if (got != want)
    return gen_failf(x, "is N-complementable says %d, but s_m d_m = %lld %s N", got, (long long)ext,
                     want ? "divides" : "does not divide");
  int exists = lo_flat_complement(&a, n, &c, &e) == LO_OK;
  if (exists != want)
    return gen_failf(x, "comp-flat(A, N) %s",
                     exists ? "exists although A is not N-complementable" : e.msg);
  return GEN_PASS;
}

/* Is B an N-complement of A (Def 2.1.6.24), by brute force: 1, 0, -1. */
static int brute_n_complement(gen_ctx *x, const lo_layout *a, const lo_layout *b, lo_int n) {
  lo_int sa, sb;
  lo_err e;
  int r = brute_complement(x, a, b);
  if (r <= 0) return r;
  return !lo_size(a, &sa, &e) && !lo_size(b, &sb, &e) && sa * sb == n;
}

/* Obs 2.1.6.27, Remark 2.1.6.28: N-complements B1, B2 of A have the
** same image; coal-flat and sort of an N-complement are N-complements. */
static gen_verdict n_complements_image(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, b1, b2, v[2];
  lo_int n;
  if (prop_layout(x, 0, &a) || prop_int(x, 1, &n) || prop_layout(x, 2, &b1) ||
      prop_layout(x, 3, &b2))
    return GEN_ERROR;
  if (brute_n_complement(x, &a, &b1, n) != 1 || brute_n_complement(x, &a, &b2, n) != 1)
    return gen_failf(x, "generated B1, B2 are not N-complements of A");
  int r = p_flat_same_image(x, &b1, &b2);
  if (r == 0) return gen_failf(x, "Image(Phi_B1) != Image(Phi_B2)");
  if (lo_flat_coalesce(&b1, &v[0], &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_coalesce", PROP_STRICT);
  if (lo_sort(&b1, &v[1], &oe) != LO_OK) return prop_verdict_of(x, &oe, "sort", PROP_STRICT);
  for (int i = 0; i < 2; i++)
    if (brute_n_complement(x, &a, &v[i], n) != 1)
      return gen_failf(x, "%s = %s is not an N-complement", i ? "sort(B1)" : "coal-flat(B1)",
                       prop_show_layout(x, 0, &v[i]));
  return r < 0 ? GEN_DISCARD : GEN_PASS;
}

/* Lemma 2.1.6.31: for N-complementable A, comp-flat(A, N) is an
** N-complement (A * comp-flat(A, N) compact, sizes multiply to N). */
static gen_verdict n_complement_spec(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, c;
  lo_int n;
  if (prop_layout(x, 0, &a) || prop_int(x, 1, &n)) return GEN_ERROR;
  if (lo_flat_complement(&a, n, &c, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_complement", PROP_STRICT);
  int r = brute_n_complement(x, &a, &c, n);
  if (r == 0)
    return gen_failf(x, "comp-flat(A, N) = %s is not an N-complement", prop_show_layout(x, 0, &c));
  return r < 0 ? GEN_DISCARD : GEN_PASS;
}

/* Prop 2.1.6.32: A with an N-complement B1 (N = size A size B1) is
** N-complementable. */
static gen_verdict n_complement_exists(gen_ctx *x) {
  lo_layout a, b;
  lo_int n;
  if (prop_layout(x, 0, &a) || prop_int(x, 1, &n) || prop_layout(x, 2, &b)) return GEN_ERROR;
  int r = brute_n_complement(x, &a, &b, n);
  if (r < 0) return GEN_DISCARD;
  if (!r) return gen_failf(x, "generated B1 is not an N-complement of A");
  if (!lo_is_n_complementable(&a, n))
    return gen_failf(x, "A has the N-complement B1 but is not N-complementable");
  return GEN_PASS;
}

/* Prop 2.1.6.33: the sorted coalesced N-complement coal-flat(sort B1)
** equals comp-flat(A, N); and comp-flat(comp-flat(A, N), N) =
** coal-flat(sort A) (from Prop 2.1.6.33). */
static gen_verdict n_complement_unique(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, b, c, s, cs, cc, sa, csa;
  lo_int n;
  if (prop_layout(x, 0, &a) || prop_int(x, 1, &n) || prop_layout(x, 2, &b)) return GEN_ERROR;
  if (lo_flat_complement(&a, n, &c, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_complement", PROP_STRICT);
  if (lo_sort(&b, &s, &oe) != LO_OK) return prop_verdict_of(x, &oe, "sort", PROP_STRICT);
  if (lo_flat_coalesce(&s, &cs, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_coalesce", PROP_STRICT);
  if (!lo_layout_equal(&cs, &c))
    return gen_failf(x, "coal-flat(sort B1) = %s but comp-flat(A, N) = %s",
                     prop_show_layout(x, 0, &cs), prop_show_layout(x, 1, &c));
  if (lo_flat_complement(&c, n, &cc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_complement twice", PROP_STRICT);
  if (lo_sort(&a, &sa, &oe) != LO_OK) return prop_verdict_of(x, &oe, "sort", PROP_STRICT);
  if (lo_flat_coalesce(&sa, &csa, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_coalesce", PROP_STRICT);
  if (!lo_layout_equal(&cc, &csa))
    return gen_failf(x, "comp-flat(comp-flat(A, N), N) = %s but coal-flat(sort A) = %s",
                     prop_show_layout(x, 0, &cc), prop_show_layout(x, 1, &csa));
  return GEN_PASS;
}

/* Lemma 2.1.6.34 (its domain read as [0, N1 / size A)): Phi of
** comp-flat(A, N2) on [0, N1 / size A) is Phi of comp-flat(A, N1). */
static gen_verdict complement_prefix(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, c1, c2;
  lo_int n1, n2, sa, s1, u, v;
  if (prop_layout(x, 0, &a) || prop_int(x, 1, &n1) || prop_int(x, 2, &n2)) return GEN_ERROR;
  if (n1 > n2 || !lo_is_n_complementable(&a, n1) || !lo_is_n_complementable(&a, n2))
    return GEN_DISCARD;
  if (lo_flat_complement(&a, n1, &c1, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_complement N1", PROP_STRICT);
  if (lo_flat_complement(&a, n2, &c2, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_complement N2", PROP_STRICT);
  if (lo_size(&a, &sa, &oe) != LO_OK || lo_size(&c1, &s1, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "size", PROP_STRICT);
  if (s1 * sa != n1) return gen_failf(x, "size(comp-flat(A, N1)) = %lld", (long long)s1);
  lo_walk w1, w2;
  lo_walk_init(&w1, &c1);
  lo_walk_init(&w2, &c2);
  for (lo_int i = 0; i < s1; i++) {
    if (lo_walk_at(&w1, i, &u, &oe) != LO_OK || lo_walk_at(&w2, i, &v, &oe) != LO_OK)
      return prop_verdict_of(x, &oe, "apply", PROP_STRICT);
    if (u != v)
      return gen_failf(x, "at %lld: comp-flat(A, N1) = %s gives %lld, comp-flat(A, N2) = %s %lld",
                       (long long)i, prop_show_layout(x, 0, &c1), (long long)u,
                       prop_show_layout(x, 1, &c2), (long long)v);
  }
  return GEN_PASS;
}

/* Def 2.1.7.1: B o A = A when A has all strides 0, or when B is
** column-major with cosize(A) <= size(B) and A is non-degenerate. */
static gen_verdict composition_trivial(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout b, a, c;
  if (prop_layout(x, 0, &b) || prop_layout(x, 1, &a)) return GEN_ERROR;
  if (lo_flat_composition(&b, &a, &c, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_composition", PROP_STRICT);
  if (!lo_layout_equal(&c, &a))
    return gen_failf(x, "B o A = %s, not A", prop_show_layout(x, 0, &c));
  return prop_judged(prop_is_composite(x, &b, &a, &c));
}

/* The only candidate for a flat composite B o A (Def 2.1.7.1): shape(A),
** and stride Phi_B(d_i) for a mode s_i:d_i of A with s_i > 1 (0 for
** s_i = 1, non-degenerate); 0, or nonzero when an index is out of range. */
static int flat_candidate(const lo_layout *b, const lo_layout *a, lo_layout *c) {
  lo_err e;
  *c = *a;
  for (int i = 0; i < a->shape.len; i++) {
    c->stride[i] = 0;
    if (a->shape.leaf[i] > 1 && lo_apply(b, a->stride[i], &c->stride[i], &e)) return 1;
  }
  return 0;
}

/* Def 2.1.7.1, Remark 2.1.7.7: a flat composite B o A exists iff
** cosize(A) <= size(B) and the candidate C (shape(A), strides Phi_B(d_i),
** non-degenerate) has Phi_C = Phi_B o Phi_A, brute force; flat_composition
** answers exactly then, with C; and a B' with Phi_B' = Phi_B gives the
** same answer. */
static gen_verdict composition_definition(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout b, a, b2, cand, c, c2;
  lo_int sb, ca;
  lo_err e;
  if (prop_layout(x, 0, &b) || prop_layout(x, 1, &a) || prop_layout(x, 2, &b2)) return GEN_ERROR;
  if (lo_size(&b, &sb, &oe) != LO_OK) return prop_verdict_of(x, &oe, "size", PROP_STRICT);
  if (lo_cosize(&a, &ca, &oe) != LO_OK) return prop_verdict_of(x, &oe, "cosize", PROP_STRICT);
  int exists = ca <= sb && !flat_candidate(&b, &a, &cand);
  if (exists) {
    exists = prop_is_composite(x, &b, &a, &cand);
    if (exists < 0) return GEN_DISCARD;
    x->msg[0] = 0;
  }
  int got = lo_flat_composition(&b, &a, &c, &e) == LO_OK;
  if (!exists) x->labels |= 1u << GEN_L_UNDEFINED;
  if (got != exists)
    return gen_failf(x, "flat_composition %s, but the flat composite %s", got ? "answers" : e.msg,
                     exists ? "exists" : "does not exist");
  if (got && !lo_layout_equal(&c, &cand))
    return gen_failf(x, "B o A = %s, but the flat composite is %s", prop_show_layout(x, 0, &c),
                     prop_show_layout(x, 1, &cand));
  int got2 = lo_flat_composition(&b2, &a, &c2, &e) == LO_OK;
  if (got2 != got || (got && !lo_layout_equal(&c, &c2)))
    return gen_failf(x, "B' o A = %s, B o A = %s", got2 ? prop_show_layout(x, 0, &c2) : e.msg,
                     got ? prop_show_layout(x, 1, &c) : "undefined");
  return GEN_PASS;
}

/* Each entry of the flat shape r is a product of consecutive entries of
** the flat shape fine, in order: r refines to fine. */
static int groups_into(const lo_tuple *fine, const lo_tuple *r) {
  int j = 0;
  for (int i = 0; i < r->len; i++) {
    lo_int p = 1;
    do {
      if (j == fine->len) return 0;
      p *= fine->leaf[j++];
    } while (p < r->leaf[i]);
    if (p != r->leaf[i]) return 0;
  }
  return j == fine->len;
}

/* Def 2.1.7.9 (its o read as the nested composite, flattened): A (/)flat B = flatten(A o (B * B^c)),
** B^c = comp-flat(B, size A): B * B^c is compact of size(A), and
** Phi_{A (/)flat B}(x) = Phi_A(Phi_{B * B^c}(x)); its shape refines the
** shape of B * B^c. */
static gen_verdict divide_function(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, b, bc, bb, r;
  lo_int n, sb;
  if (prop_layout(x, 0, &a) || prop_layout(x, 1, &b)) return GEN_ERROR;
  if (lo_flat_divide(&a, &b, &r, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_divide", PROP_STRICT);
  if (lo_size(&a, &n, &oe) != LO_OK) return prop_verdict_of(x, &oe, "size", PROP_STRICT);
  if (lo_flat_complement(&b, n, &bc, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_complement", PROP_STRICT);
  if (lo_flat_concat(&b, &bc, &bb, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_concat", PROP_STRICT);
  int k = p_flat_brute_compact(x, &bb);
  if (k < 0) return GEN_DISCARD;
  if (lo_size(&bb, &sb, &oe) != LO_OK) return prop_verdict_of(x, &oe, "size", PROP_STRICT);
  if (!k || sb != n)
    return gen_failf(x, "B * B^c = %s is not compact of size(A) = %lld",
                     prop_show_layout(x, 0, &bb), (long long)n);
  if (lo_tuple_depth(&r.shape) != 1 || !groups_into(&r.shape, &bb.shape))
    return gen_failf(x, "A (/)flat B = %s is not a flat refinement of B * B^c = %s",
                     prop_show_layout(x, 0, &r), prop_show_layout(x, 1, &bb));
  return prop_judged(prop_is_composite(x, &a, &bb, &r));
}

/* Def 2.1.7.13 (with Obs 2.3.9.2: N' = the least multiple of s_m d_m >=
** size(A) cosize(B), Obs 2.3.9.2): A (x)flat B = A * (A^c o B) has size
** size(A) size(B), starts with A's modes, and Phi of the rest is
** Phi_{A^c} o Phi_B, A^c = comp-flat(A, N'). */
static gen_verdict product_spec(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout a, b, r, ac, tail;
  lo_int sa, sb, sr, cb, ext;
  if (prop_layout(x, 0, &a) || prop_layout(x, 1, &b)) return GEN_ERROR;
  if (lo_flat_product(&a, &b, &r, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_product", PROP_STRICT);
  if (lo_size(&a, &sa, &oe) != LO_OK || lo_size(&b, &sb, &oe) != LO_OK ||
      lo_size(&r, &sr, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "size", PROP_STRICT);
  if (lo_cosize(&b, &cb, &oe) != LO_OK) return prop_verdict_of(x, &oe, "cosize", PROP_STRICT);
  if (sr != sa * sb)
    return gen_failf(x, "size(A (x)flat B) = %lld, not %lld", (long long)sr, (long long)(sa * sb));
  int n = a.shape.len;
  if (r.shape.len < n || memcmp(r.shape.leaf, a.shape.leaf, (size_t)n * sizeof(lo_int)) ||
      memcmp(r.stride, a.stride, (size_t)n * sizeof(lo_int)))
    return gen_failf(x, "A (x)flat B = %s does not start with A's modes",
                     prop_show_layout(x, 0, &r));
  if (!complementable_def(&a, &ext)) return gen_failf(x, "generated A is not complementable");
  lo_int target = (sa * cb + ext - 1) / ext * ext;
  if (lo_flat_complement(&a, target, &ac, &oe) != LO_OK)
    return prop_verdict_of(x, &oe, "flat_complement", PROP_STRICT);
  lo_layout_flat(&tail, r.shape.leaf + n, r.stride + n, r.shape.len - n);
  return prop_judged(prop_is_composite(x, &ac, &b, &tail));
}

/* Def 2.1.8.1, Prop 3.1.2.10: is_tractable(L) iff Def 2.1.8.1 holds
** iff the standard representation encodes L (L_{f_L} = L); rank <= 1 is
** always tractable. */
static gen_verdict tractable_morphism(gen_ctx *x) {
  lo_layout l;
  if (prop_layout(x, 0, &l)) return GEN_ERROR;
  int t = lo_is_tractable(&l), d = tractable_def(&l), m = tractable_by_morphism(&l);
  if (t != d || t != m)
    return gen_failf(x, "is_tractable %d, Def 2.1.8.1 %d, L_{f_L} = L %d", t, d, m);
  if (l.shape.len <= 1 && !t) return gen_failf(x, "a layout of rank <= 1 is not tractable");
  return GEN_PASS;
}

/* filter(L) of the paper (Def 2.1.3.12), through the op table. */
static int paper_filter(gen_ctx *x, const char *arg, lo_layout *f) {
  return p_flat_ev_layout(x, "flat_filter", 1, arg, NULL, f);
}

/* Obs 2.1.8.10: a tractable L (here L_f) has filter(L) complementable,
** and L itself is complementable when it has no zero stride. */
static gen_verdict tractable_filter_complementable(gen_ctx *x) {
  lo_layout l, f;
  lo_int ext;
  if (prop_layout(x, 0, &l)) return GEN_ERROR;
  if (!lo_is_tractable(&l) || !tractable_by_morphism(&l))
    return gen_failf(x, "generated L is not tractable (is_tractable %d)", lo_is_tractable(&l));
  if (paper_filter(x, x->argv[0], &f)) return GEN_FAIL;
  if (!lo_is_complementable(&f) || !complementable_def(&f, &ext))
    return gen_failf(x, "filter(L) = %s is not complementable", prop_show_layout(x, 0, &f));
  int zero = 0;
  for (int i = 0; i < l.shape.len; i++) zero |= l.stride[i] == 0;
  if (!zero && !lo_is_complementable(&l))
    return gen_failf(x, "L has no zero stride but is not complementable");
  return GEN_PASS;
}

/* Prop 2.1.8.11 (the last equivalence for non-degenerate L): L tractable iff sort(L) tractable iff
** filter(L) tractable; iff filter(L) complementable when L is
** non-degenerate. */
static gen_verdict tractable_equivalences(gen_ctx *x) {
  lo_err oe = {LO_OK, ""};
  lo_layout l, s, f;
  char buf[GEN_ARG_LEN];
  if (prop_layout(x, 0, &l)) return GEN_ERROR;
  if (lo_sort(&l, &s, &oe) != LO_OK) return prop_verdict_of(x, &oe, "sort", PROP_STRICT);
  if (paper_filter(x, x->argv[0], &f)) return GEN_FAIL;
  int t = tractable_by_morphism(&l), ts = tractable_by_morphism(&s), tf = tractable_by_morphism(&f);
  if (t != ts || t != tf || t != lo_is_tractable(&l))
    return gen_failf(x, "tractable: L %d, sort(L) %d, filter(L) = %s %d, is_tractable(L) %d", t, ts,
                     p_flat_text_layout(&f, buf), tf, lo_is_tractable(&l));
  if (lo_is_nondegenerate(&l) && lo_is_complementable(&f) != t)
    return gen_failf(x, "L is non-degenerate, tractable %d, but filter(L) = %s complementable %d",
                     t, p_flat_text_layout(&f, buf), lo_is_complementable(&f));
  return GEN_PASS;
}

const gen_property prop_flat_complement_table[] = {
    {"flat.complementable_injective",
     "complementable => Phi injective; (2,2):(1,3) injective, not complementable",
     "Obs 2.1.6.7, p.43", GEN_THEOREM, "flat_maybe_complementable", "is_complementable",
     complementable_injective, NULL, NULL, 0},
    {"flat.complements_not_unique",
     "the listed complements of (8,8):(2,32), and distinct variants of one, are complements",
     "Obs 2.1.6.8, p.44", GEN_THEOREM, "flat_n_complements", "is_complement",
     complements_not_unique, NULL, NULL, 0},
    {"flat.concat_lemma",
     "squeeze(A*B) = squeeze A * squeeze B, sort(A*B) = sort(A * sort B), coal(A*B) = coal(A * "
     "coal B)",
     "Lemma 2.1.6.9, p.44 ((2) is sort(A * sort B))", GEN_THEOREM, "flat_layout flat_layout",
     "flat_concat", concat_lemma, NULL, NULL, 0},
    {"flat.complement_equivalences",
     "A _|_ B iff B _|_ A iff A _|_ squeeze B iff A _|_ coal-flat B iff A _|_ sort B",
     "Prop 2.1.6.10, Def 2.1.6.1, Ex 2.1.6.4-6, p.43-45 (Ex 2.1.6.4 should read A _|_ "
     "E)",
     GEN_THEOREM, "flat_complement_pair", "is_complement", complement_equivalences, NULL, NULL, 0},
    {"flat.complementable_criterion",
     "complementable => A * comp-flat(A) compact; not => no B tried is a complement",
     "Def 2.1.6.11, p.45; needs d_1 > 0", GEN_THEOREM, "flat_maybe_complementable flat_layout",
     "is_complementable", complementable_criterion, NULL, NULL, 0},
    {"flat.complement_is_complement",
     "A * comp-flat(A) compact; comp-flat(A) sorted, coalesced, ():() for compact A",
     "Lemma 2.1.6.20, Constr 2.1.6.16, p.46-47", GEN_THEOREM, "flat_complementable",
     "flat_complement", complement_is_complement, NULL, NULL, 0},
    {"flat.complement_exists", "A has a complement iff A is complementable", "Prop 2.1.6.21, p.47",
     GEN_THEOREM, "flat_n_complements", "is_complementable", complement_exists, NULL, NULL, 0},
    {"flat.sorted_complementable_increasing",
     "A complementable and sorted => Phi_A strictly increasing", "Lemma 2.1.6.22, p.48",
     GEN_THEOREM, "flat_sorted_complementable", "layout_function", sorted_complementable_increasing,
     NULL, NULL, 0},
    {"flat.complement_unique",
     "B' a complement of A with size(B') = size(comp-flat A) => coal-flat(sort B') = comp-flat(A)",
     "Prop 2.1.6.23, p.49", GEN_THEOREM, "flat_complement_of", "flat_complement", complement_unique,
     NULL, NULL, 0},
    {"flat.n_complementable_multiple", "complementable A is N-complementable iff s_m d_m divides N",
     "Obs 2.1.6.26, Def 2.1.6.25, p.49", GEN_THEOREM, "flat_complementable_n", "is_complementable",
     n_complementable_multiple, NULL, NULL, 0},
    {"flat.n_complements_image",
     "N-complements of A share Image(Phi); coal-flat and sort of one are N-complements",
     "Obs 2.1.6.27, Remark 2.1.6.28, p.49", GEN_THEOREM, "flat_n_complements", "flat_complement",
     n_complements_image, NULL, NULL, 0},
    {"flat.n_complement_spec", "comp-flat(A, N) is an N-complement of N-complementable A",
     "Lemma 2.1.6.31, Constr 2.1.6.29, p.50", GEN_THEOREM, "flat_n_complements", "flat_complement",
     n_complement_spec, NULL, NULL, 0},
    {"flat.n_complement_exists", "A has an N-complement => A is N-complementable",
     "Prop 2.1.6.32, p.51", GEN_THEOREM, "flat_n_complements", "is_complementable",
     n_complement_exists, NULL, NULL, 0},
    {"flat.n_complement_unique",
     "coal-flat(sort B) = comp-flat(A,N) for an N-complement B; comp(comp(A,N),N) = coal(sort A)",
     "Prop 2.1.6.33, p.51", GEN_THEOREM, "flat_n_complements", "flat_complement",
     n_complement_unique, NULL, NULL, 0},
    {"flat.complement_prefix",
     "N1 <= N2: Phi_{comp-flat(A,N2)} = Phi_{comp-flat(A,N1)} on [0, N1/size A)",
     "Lemma 2.1.6.34, p.52 (domain [0, N1/size A), not [0, N1))", GEN_THEOREM, "flat_two_n",
     "flat_complement", complement_prefix, NULL, NULL, 0},
    {"flat.composition_trivial",
     "B o A = A for zero-stride A, or for column-major B, cosize A <= size B, A non-degenerate",
     "Def 2.1.7.1, p.53", GEN_THEOREM, "flat_trivial_composition", "flat_composition",
     composition_trivial, NULL, NULL, 0},
    {"flat.composition_definition",
     "flat B o A exists iff shape(A):(Phi_B(d_i)) has Phi_B o Phi_A, and is it; only Phi_B "
     "matters",
     "Def 2.1.7.1, Remark 2.1.7.7, p.53 (the R of the text is C)", GEN_THEOREM, "flat_composable",
     "flat_composition", composition_definition, NULL, NULL, 0},
    {"flat.divide_function",
     "Phi_{A (/)flat B}(x) = Phi_A(Phi_{B * B^c}(x)), B * B^c compact of size(A)",
     "Def 2.1.7.9, p.54 (o is the nested composite, flattened)", GEN_THEOREM, "flat_divide_pair",
     "flat_divide", divide_function, NULL, NULL, 0},
    {"flat.product_spec",
     "A (x)flat B has size size A size B, starts with A, tail Phi = Phi_{A^c} o Phi_B",
     "Def 2.1.7.13, p.54; a valid N' >= size(A) cosize(B) (Obs 2.3.9.2), o nested then flattened",
     GEN_THEOREM, "flat_product_pair", "flat_product", product_spec, NULL, NULL, 0},
    {"flat.tractable_morphism", "is_tractable(L) iff Def 2.1.8.1 iff L_{f_L} = L",
     "Def 2.1.8.1, p.55; Prop 3.1.2.10", GEN_THEOREM, "flat_maybe_tractable", "is_tractable",
     tractable_morphism, NULL, NULL, 0},
    {"flat.tractable_filter_complementable",
     "L tractable => filter(L) complementable; L itself when it has no zero stride",
     "Obs 2.1.8.10, p.56", GEN_THEOREM, "flat_tractable", "flat_filter",
     tractable_filter_complementable, NULL, NULL, 0},
    {"flat.tractable_equivalences",
     "L, sort(L), filter(L) tractable alike; = filter(L) complementable for non-degenerate L",
     "Prop 2.1.8.11, p.56; the last equivalence needs L non-degenerate", GEN_THEOREM,
     "flat_maybe_tractable", "is_tractable", tractable_equivalences, NULL, NULL, 0},
};

const int prop_flat_complement_count =
    (int)(sizeof prop_flat_complement_table / sizeof prop_flat_complement_table[0]);
