/*
** bench.c -- operations per second of the oracle, per op family, on a
** fixed set of generated inputs (rank up to 8, depth up to 3).  Prints a
** table; asserts nothing about speed.
**
** Inputs come from a fixed-seed xorshift generator, so every run measures
** the same cases.  Tractable and complementable layouts are built as the
** layouts of random tuple morphisms (tractable by Prop 3.1.2.10), composable
** pairs from powers of two so that CuTe's divisibility conditions hold.
*/
#define _POSIX_C_SOURCE 200809L
#include "lo.h"
#include "lo_eval_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define NCASES 512

static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

/* xorshift64*: the next pseudo-random 64-bit value. */
static uint64_t rng(void) {
  rng_state ^= rng_state >> 12;
  rng_state ^= rng_state << 25;
  rng_state ^= rng_state >> 27;
  return rng_state * 0x2545f4914f6cdd1dull;
}

/* Uniform in [lo, hi]. */
static int pick(int lo, int hi) { return lo + (int)(rng() % (uint64_t)(hi - lo + 1)); }

/* Random profile for n leaves with depth at most 3: wrap random runs. */
static void nest(lo_tuple *t, int n) {
  lo_int v[LO_MAX_LEAVES];
  memcpy(v, t->leaf, (size_t)n * sizeof(lo_int));
  t->ntok = 0;
  t->len = n;
  t->tok[t->ntok++] = '(';
  for (int i = 0; i < n;) {
    int run = pick(1, n - i < 3 ? n - i : 3);
    int wrap = run > 1 && pick(0, 1);
    int inner = wrap && run > 2 && pick(0, 1);
    if (wrap) t->tok[t->ntok++] = '(';
    for (int k = 0; k < run; k++) {
      if (inner && k == 1) t->tok[t->ntok++] = '(';
      t->tok[t->ntok++] = '*';
    }
    if (inner) t->tok[t->ntok++] = ')';
    if (wrap) t->tok[t->ntok++] = ')';
    i += run;
  }
  t->tok[t->ntok++] = ')';
  memcpy(t->leaf, v, (size_t)n * sizeof(lo_int));
}

/* Any layout: rank 1..8, shapes 1..8, strides 0..64, nested. */
static void gen_layout(lo_layout *l) {
  int n = pick(1, 8);
  for (int i = 0; i < n; i++) {
    l->shape.leaf[i] = pick(1, 8);
    l->stride[i] = pick(0, 3) == 0 ? 0 : pick(1, 64);
  }
  l->is_tiler = 0;
  nest(&l->shape, n);
}

/* A random injective tuple morphism f : S -> T with T of length 1..8;
** its layout is complementable and tractable. */
static void gen_morphism(lo_morphism *f, int injective) {
  int n = pick(1, 8), m = 0, perm[LO_MAX_LEAVES];
  lo_int t[LO_MAX_LEAVES], s[LO_MAX_LEAVES];
  for (int j = 0; j < n; j++) {
    t[j] = pick(2, 8);
    perm[j] = j;
  }
  for (int j = n - 1; j > 0; j--) {
    int k = pick(0, j), x = perm[j];
    perm[j] = perm[k];
    perm[k] = x;
  }
  int hits = pick(1, n);
  for (int k = 0; k < hits; k++) {
    s[m] = t[perm[k]];
    f->map[m++] = perm[k] + 1;
    if (!injective && pick(0, 3) == 0 && m < LO_MAX_LEAVES) {
      s[m] = pick(2, 8);
      f->map[m++] = 0;
    }
  }
  lo_tuple_flat(&f->dom, s, m);
  lo_tuple_flat(&f->cod, t, n);
}

/* A tractable (complementable when injective) layout, nested. */
static void gen_tractable(lo_layout *l, int injective) {
  lo_morphism f;
  lo_err e;
  gen_morphism(&f, injective);
  lo_morphism_layout(&f, l, &e);
  nest(&l->shape, l->shape.len);
}

/* A composable pair for composition(a, b): a is a permuted column-major
** layout of powers of two, b a chain of powers of two inside size(a). */
static void gen_compose_pair(lo_layout *a, lo_layout *b) {
  int n = pick(1, 6), logsize = 0;
  lo_int s[LO_MAX_LEAVES];
  for (int i = 0; i < n; i++) {
    int k = pick(1, 3);
    s[i] = (lo_int)1 << k;
    logsize += k;
  }
  lo_morphism f;
  lo_err e;
  lo_tuple_flat(&f.cod, s, n);
  for (int i = 0; i < n; i++) f.map[i] = i + 1;
  lo_tuple_flat(&f.dom, s, n);
  for (int j = n - 1; j > 0; j--) { /* permute the domain */
    int k = pick(0, j), x = f.map[j];
    f.map[j] = f.map[k];
    f.map[k] = x;
  }
  for (int i = 0; i < n; i++) f.dom.leaf[i] = s[f.map[i] - 1];
  lo_morphism_layout(&f, a, &e);
  int m = 0, at = 0;
  lo_int bs[LO_MAX_LEAVES], bd[LO_MAX_LEAVES];
  while (at < logsize && m < 4) {
    int gap = pick(0, 1), k = pick(1, 3);
    if (at + gap + k > logsize) break;
    bd[m] = (lo_int)1 << (at + gap);
    bs[m] = (lo_int)1 << k;
    at += gap + k;
    m++;
  }
  if (m == 0) {
    bs[0] = 2;
    bd[0] = 1;
    m = 1;
  }
  lo_layout_flat(b, bs, bd, m);
  nest(&b->shape, m);
}

typedef struct bench_case {
  const char *name;
  int (*run)(int i); /* one operation on case i; returns nonzero on error */
} bench_case;

static lo_layout L[NCASES], T[NCASES], C[NCASES], A[NCASES], B[NCASES];
static lo_morphism F[NCASES], G[NCASES];
static lo_tuple TU[NCASES], UU[NCASES];
static volatile lo_int sink;

static int b_size(int i) {
  lo_int v;
  lo_err e;
  int r = lo_size(&L[i], &v, &e);
  sink = v;
  return r;
}
static int b_cosize(int i) {
  lo_int v;
  lo_err e;
  int r = lo_cosize(&L[i], &v, &e);
  sink = v;
  return r;
}
static int b_apply(int i) {
  lo_int v;
  lo_err e;
  int r = lo_apply(&L[i], i, &v, &e);
  sink = v;
  return r;
}
static int b_coalesce(int i) {
  lo_layout r;
  lo_err e;
  return lo_coalesce(&L[i], &r, &e);
}
static int b_filter(int i) {
  lo_layout r;
  lo_err e;
  return lo_filter(&L[i], &r, &e);
}
static int b_tractable(int i) {
  sink = lo_is_tractable(&L[i]);
  return 0;
}
static int b_complement(int i) {
  lo_layout r;
  lo_err e;
  return lo_complement(&C[i], 4096, &r, &e);
}
static int b_composition(int i) {
  lo_layout r;
  lo_err e;
  return lo_composition(&A[i], &B[i], &r, &e);
}
static int b_divide(int i) {
  lo_layout r;
  lo_err e;
  return lo_logical_divide(&A[i], &B[i], &r, &e);
}
static int b_product(int i) {
  lo_layout r;
  lo_err e;
  return lo_logical_product(&C[i], &B[i], &r, &e);
}
static int b_right_inverse(int i) {
  lo_layout r;
  lo_err e;
  return lo_right_inverse(&A[i], &r, &e);
}
static int b_left_inverse(int i) {
  lo_layout r;
  lo_err e;
  return lo_left_inverse(&C[i], &r, &e);
}
static int b_morphism(int i) {
  lo_morphism r;
  lo_err e;
  return lo_morphism_of_layout(&T[i], &r, &e);
}
static int b_layout(int i) {
  lo_layout r;
  lo_err e;
  return lo_morphism_layout(&F[i], &r, &e);
}
static int b_mcoalesce(int i) {
  lo_morphism r;
  lo_err e;
  return lo_morphism_coalesce(&F[i], &r, &e);
}
static int b_mcomplement(int i) {
  lo_morphism r;
  lo_err e;
  return lo_morphism_complement(&G[i], &r, &e);
}
static int b_mutual(int i) {
  lo_tuple x, y;
  lo_err e;
  lo_mutual_refinement(&TU[i], &UU[i], &x, &y, &e);
  return 0;
}
static int b_algorithm(int i) {
  lo_layout r;
  lo_err e;
  lo_composition_algorithm(&A[i], &B[i], &r, &e);
  return 0;
}

/* The string path of `eval`: parse, compute, print. */
static char texts[NCASES][2][256];
static int b_eval(int i) {
  char out[512];
  const char *argv[2] = {texts[i][0], texts[i][1]};
  return lo_eval("composition", 2, argv, out, sizeof out);
}
/* The op lookup by name alone (ev_op_index), over every op's name and,
** every fourth call, a name that is no op. */
static char miss[NCASES][64];
static int b_lookup(int i) {
  if (i % 4 == 3) return ev_op_index(miss[i]) != -1;
  return ev_op_index(lo_op_at(i % lo_op_count())->name) < 0;
}
/* The string path of a cheap op, where the lookup is a larger share. */
static int b_eval_size(int i) {
  char out[64];
  const char *argv[1] = {texts[i][1]};
  return lo_eval("size", 1, argv, out, sizeof out);
}
static int b_parse_print(int i) {
  lo_layout l;
  lo_err e;
  char out[512];
  if (lo_parse_layout(texts[i][1], &l, &e)) return 1;
  return lo_print_layout(&l, out, sizeof out);
}

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

/* Seconds per call of fn on c: repeated until 0.05 s have passed. */
static double per_call(int (*fn)(const lo_composed *, lo_int *, lo_err *), const lo_composed *c,
                       lo_int *v, int *rc) {
  lo_err e;
  long reps = 0;
  double t0 = now(), t1;
  do {
    *rc = fn(c, v, &e);
    reps++;
    t1 = now();
  } while (t1 - t0 < 0.05);
  return (t1 - t0) / (double)reps;
}

/* The true cosize of GMMA-like composed layouts of 2^20 to 2^30 points,
** Sw<3,4,3> o O o (8,W):(W,1) with W = 2^(k-3) (and variants): by the
** top block (the op) and, at 2^20 points (its limit), point by point (its
** reference). */
static void bench_composed_cosize(void) {
  printf("\n%-44s %8s %12s %14s %14s\n", "cosize of a composed layout", "points", "cosize",
         "top block s", "by point s");
  for (int k = 20; k <= 30; k += 2) {
    for (int variant = 0; variant < 3; variant++) {
      lo_composed c;
      lo_swizzle sw = {3, 4, 3};
      lo_layout l;
      /* compact (the whole top block), not compact (its points searched),
      ** rows twice as far apart (a gap between rows: searched) */
      lo_int w = (lo_int)1 << (k - 3), sh[2] = {8, variant == 1 ? w - 3 : w},
             st[2] = {variant == 2 ? 2 * w : w, 1};
      lo_layout_flat(&l, sh, st, 2);
      lo_composed_make(&c, &sw, variant == 1 ? 5 : 0, &l);
      lo_int v = 0, v2 = 0;
      int rc, rc2 = -1;
      double fast = per_call(lo_composed_cosize, &c, &v, &rc), slow = -1;
      if (k == 20) slow = per_call(lo_composed_cosize_points, &c, &v2, &rc2);
      char name[64];
      snprintf(name, sizeof name, "Sw<3,4,3> o %d o (8,%lld):(%lld,1)", variant == 1 ? 5 : 0,
               (long long)sh[1], (long long)st[0]);
      char pts[16];
      snprintf(pts, sizeof pts, "2^%d", k);
      printf("%-44s %8s %12lld %14.2e ", name, pts, (long long)v, fast);
      if (slow >= 0)
        printf("%14.2e%s\n", slow, rc2 == rc && v2 == v ? "" : " (differs!)");
      else
        printf("%14s\n", "-");
      (void)rc;
    }
  }
}

int main(void) {
  lo_err e;
  for (int i = 0; i < NCASES; i++) {
    gen_layout(&L[i]);
    gen_tractable(&T[i], 0);
    gen_tractable(&C[i], 1);
    gen_compose_pair(&A[i], &B[i]);
    gen_morphism(&F[i], 0);
    gen_morphism(&G[i], 1);
    lo_morphism_layout(&G[i], &C[i], &e);
    lo_layout sorted_a;
    lo_morphism fa;
    if (lo_morphism_of_layout(&A[i], &fa, &e) == LO_OK) TU[i] = fa.cod;
    if (lo_coalesce(&B[i], &sorted_a, &e) == LO_OK &&
        lo_morphism_of_layout(&sorted_a, &fa, &e) == LO_OK)
      UU[i] = fa.dom;
    else
      UU[i] = TU[i];
    lo_print_layout(&A[i], texts[i][0], sizeof texts[i][0]);
    lo_print_layout(&B[i], texts[i][1], sizeof texts[i][1]);
    const char *name = lo_op_at(i % lo_op_count())->name; /* one byte changed or added */
    snprintf(miss[i], sizeof miss[i], "%s%s", name, i % 2 ? "s" : "");
    if (i % 2 == 0) miss[i][i % strlen(name)] ^= 1;
  }
  const bench_case cases[] = {
      {"size", b_size},
      {"cosize", b_cosize},
      {"apply", b_apply},
      {"coalesce", b_coalesce},
      {"filter", b_filter},
      {"is_tractable", b_tractable},
      {"complement", b_complement},
      {"composition", b_composition},
      {"logical_divide", b_divide},
      {"logical_product", b_product},
      {"right_inverse", b_right_inverse},
      {"left_inverse", b_left_inverse},
      {"morphism (f_L)", b_morphism},
      {"layout (L_f)", b_layout},
      {"coalesce f", b_mcoalesce},
      {"complement f", b_mcomplement},
      {"mutual_refinement", b_mutual},
      {"composition_algorithm", b_algorithm},
      {"parse+print layout", b_parse_print},
      {"eval composition (text)", b_eval},
      {"eval size (text)", b_eval_size},
      {"op lookup by name", b_lookup},
  };
  int ncases = (int)(sizeof cases / sizeof cases[0]);
  printf("%-26s %14s %10s %8s\n", "op", "ops/s", "ns/op", "errors");
  for (int c = 0; c < ncases; c++) {
    int errors = 0;
    for (int i = 0; i < NCASES; i++) errors += cases[c].run(i) != 0;
    long reps = 1;
    double t0, t1;
    for (;;) { /* grow until one measurement takes at least 0.2 s */
      t0 = now();
      for (long r = 0; r < reps; r++)
        for (int i = 0; i < NCASES; i++) cases[c].run(i);
      t1 = now();
      if (t1 - t0 >= 0.2) break;
      reps *= 2;
    }
    double ops = (double)reps * NCASES / (t1 - t0);
    printf("%-26s %14.0f %10.1f %8d\n", cases[c].name, ops, 1e9 / ops, errors);
  }
  printf("(%d fixed inputs per op; errors = inputs for which the op is undefined)\n", NCASES);
  bench_composed_cosize();
  return 0;
}
