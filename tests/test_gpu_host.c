/* test_gpu_host.c -- the GPU stage's index arithmetic and checks, compiled
** as host C (gpu/gpu_layout.h, gpu/gpu_stage.h, gpu/gpu_pool.h,
** gpu/gpu_results.h): phi64 against lo_apply over generated layouts,
** phi32's truncation past 2^31, a host emulation of the kernels (gather,
** scatter, composition) checked against the oracle, planted faults that the
** checks must find, the host's work split into ranges on a pool of threads
** against the whole batch on one, and the result file format. */
#include "gpu_pool.h"
#include "gpu_results.h"
#include "gpu_stage.h"
#include "t.h"

#include <stdlib.h>
#include <string.h>

/* Parse a layout that the test writes itself into a gpu_layout and an
** lo_layout. */
static void parse_both(const char *s, lo_layout *l, gpu_layout *g) {
  lo_err e;
  T_EQ_INT(lo_parse_layout(s, l, &e), LO_OK);
  T_EQ_INT(gpu_layout_from_lo(l, g), 0);
}

/* Elements i < n where phi64 differs from lo_apply (the first n indices,
** including indices past size, where the last mode runs on). */
static int64_t phi64_disagreements(const lo_layout *l, const gpu_layout *g, int64_t n) {
  int64_t bad = 0;
  lo_err e;
  for (int64_t i = 0; i < n; i++) {
    lo_int want;
    if (lo_apply(l, i, &want, &e) != LO_OK || phi64(g, i) != want) bad++;
  }
  return bad;
}

/* Hand-written layouts: CuTe's examples, the empty layout, rank 16, and
** the limit on the rank. */
static void test_hand_written(void) {
  lo_layout l;
  gpu_layout g;
  parse_both("(3,4):(4,1)", &l, &g);
  T_EQ_INT(phi64(&g, 7), 6);
  T_EQ_INT(phi32(&g, 7), 6);
  T_EQ_INT(phi64_disagreements(&l, &g, 30), 0); /* past size 12 too */
  parse_both("((2,2),3):((1,4),2)", &l, &g);
  T_EQ_INT(g.rank, 3);
  T_EQ_INT(phi64_disagreements(&l, &g, 12), 0);
  parse_both("():()", &l, &g);
  T_EQ_INT(g.rank, 0);
  T_EQ_INT(phi64(&g, 0), 0);
  T_EQ_INT(phi32(&g, 0), 0);
  parse_both("(2,2,2,2,2,2,2,2,2,2,2,2,2,2,2,2):(1,2,4,8,16,32,64,128,256,512,1024,2048,4096,8192,"
             "16384,32768)",
             &l, &g);
  T_EQ_INT(g.rank, 16);
  int64_t identity_bad = 0;
  for (int64_t i = 0; i < 65536; i++)
    identity_bad += phi64(&g, i) != i || phi32(&g, (uint32_t)i) != i;
  T_EQ_INT(identity_bad, 0);
  lo_err e;
  T_EQ_INT(lo_parse_layout(
               "(1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1):(0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0)", &l, &e),
           LO_OK);
  T_EQ_INT(gpu_layout_from_lo(&l, &g), -1);
  /* 32-bit wrap: 3:(2^31) has offsets 0, 2^31, 2^32 */
  parse_both("3:2147483648", &l, &g);
  T_EQ_INT(phi64(&g, 2), 4294967296LL);
  T_EQ_INT(phi32(&g, 1), 2147483648LL);
  T_EQ_INT(phi32(&g, 2), 0);
  /* a stride beyond 32 bits is taken modulo 2^32 */
  parse_both("(2,2):(1,4294967297)", &l, &g);
  T_EQ_INT(phi64(&g, 3), 4294967298LL);
  T_EQ_INT(phi32(&g, 3), 2);
}

/* Every generator of the registry: each layout argument of 200 cases,
** phi64 == lo_apply and phi32 == lo_apply mod 2^32 on all of its indices. */
static void test_all_generators(void) {
  gen_bounds b;
  gen_bounds_default(&b);
  int64_t layouts = 0, nested = 0, bad64 = 0, bad32 = 0;
  for (int gi = 0; gi < gen_count(); gi++) {
    const gen_info *info = gen_at(gi);
    for (uint64_t j = 0; j < 200; j++) {
      gen_choices c;
      gen_case k;
      memset(&k, 0, sizeof k);
      gen_choices_random(&c, gen_case_seed(11, "gpu-host", j * 1000 + (uint64_t)gi));
      int rc = info->fn(&c, &b, &k);
      gen_choices_free(&c);
      if (rc) continue;
      for (int a = 0; a < k.argc; a++) {
        lo_layout l;
        gpu_layout g;
        lo_err e;
        lo_int size, want;
        if (lo_kind_of(k.argv[a]) != LO_KIND_LAYOUT || lo_parse_layout(k.argv[a], &l, &e) ||
            gpu_layout_from_lo(&l, &g) || lo_size(&l, &size, &e) || size > 4096)
          continue;
        layouts++;
        nested += lo_tuple_depth(&l.shape) >= 2;
        for (lo_int i = 0; i < size; i++) {
          if (lo_apply(&l, i, &want, &e) != LO_OK) continue;
          bad64 += phi64(&g, i) != want;
          bad32 += phi32(&g, (uint32_t)i) != (uint32_t)want;
        }
      }
    }
  }
  T_CHECK(layouts > 2000);
  T_CHECK(nested > 200);
  T_EQ_INT(bad64, 0);
  T_EQ_INT(bad32, 0);
}

/* Small bounds for the emulated runs (the sanitized build is slow). */
static void small_stage(gpu_stage_opts *o, uint64_t seed) {
  gpu_stage_defaults(o, seed);
  gen_bounds_default(&o->bounds);
  o->max_layout_size = (int64_t)1 << 14;
}

/* The stage's cases: each kind comes up, texts are deterministic, derived
** layouts carry their request, compositions agree with their operands,
** and wide layouts cross 2^31 where phi32 truncates exactly there. */
static void test_cases(void) {
  gpu_stage_opts o;
  small_stage(&o, 5);
  gpu_case *c = malloc(sizeof *c), *d = malloc(sizeof *d);
  int64_t kinds[GPU_K_COUNT] = {0}, bad64 = 0, bad32 = 0, bad_compose = 0, wide = 0;
  int64_t wide_without_truncation = 0, truncated = 0, truncated_wrongly = 0, bad_text = 0;
  lo_err e;
  for (int64_t j = 0; j < 600; j++) {
    if (!T_CHECK(gpu_make_case(&o, j, c) == 0)) continue;
    kinds[c->kind]++;
    gpu_layout g, ga, gb;
    T_EQ_INT(gpu_layout_from_lo(&c->l, &g), 0);
    if (c->flags & GPU_COMPOSE) {
      gpu_layout_from_lo(&c->a, &ga);
      gpu_layout_from_lo(&c->b, &gb);
    }
    /* the text starts with the layout; a derived one names its op */
    lo_layout back;
    char first[GPU_LAYOUT_TEXT];
    size_t n = strcspn(c->text, " ");
    memcpy(first, c->text, n);
    first[n] = '\0';
    if (lo_parse_layout(first, &back, &e) || !lo_layout_equal(&back, &c->l)) bad_text++;
    if ((gpu_kinds[c->kind].op != NULL) != (strstr(c->text, " = ") != NULL)) bad_text++;
    int64_t hits = 0;
    for (lo_int i = 0; i < c->size; i++) {
      lo_int want;
      if (lo_apply(&c->l, i, &want, &e) != LO_OK) {
        bad64++;
        continue;
      }
      bad64 += phi64(&g, i) != want;
      bad32 += phi32(&g, (uint32_t)i) != (uint32_t)want;
      if (want >= GPU_WIDE_COSIZE) {
        hits++;
        /* a kernel keeping the offset in a signed 32-bit int gets it
        ** wrong, one keeping it unsigned from 2^32 on */
        if ((int32_t)phi32(&g, (uint32_t)i) == want) truncated_wrongly++;
        if (want >= ((int64_t)1 << 32) && phi32(&g, (uint32_t)i) == want) truncated_wrongly++;
      }
      if ((c->flags & GPU_COMPOSE) && phi64(&ga, phi64(&gb, i)) != want) bad_compose++;
    }
    truncated += hits;
    if (c->kind == GPU_K_WIDE) {
      wide++;
      T_CHECK(c->cosize > GPU_WIDE_COSIZE);
      T_CHECK(!(c->flags & (GPU_GATHER | GPU_SCATTER)));
      if (hits == 0) wide_without_truncation++;
    }
    T_CHECK(gpu_make_case(&o, j, d) == 0 && strcmp(c->text, d->text) == 0);
  }
  for (int k = 0; k < GPU_K_COUNT; k++) T_CHECK(kinds[k] >= 30);
  T_EQ_INT(bad64, 0);
  T_EQ_INT(bad32, 0);
  T_EQ_INT(bad_compose, 0);
  T_EQ_INT(bad_text, 0);
  T_EQ_INT(wide, 60);
  T_EQ_INT(wide_without_truncation, 0);
  T_EQ_INT(truncated_wrongly, 0);
  T_CHECK(truncated >= wide);
  /* another seed, other layouts */
  gpu_stage_opts o2;
  small_stage(&o2, 6);
  int same = 0;
  for (int64_t j = 0; j < 20; j++)
    same += gpu_make_case(&o, j, c) == 0 && gpu_make_case(&o2, j, d) == 0 &&
            strcmp(c->text, d->text) == 0;
  T_CHECK(same < 10);
  free(c);
  free(d);
}

/* Mismatches collected by the report callback. */
typedef struct collected {
  int64_t n;
  int64_t case_index[64], index[64], expected[64], got[64];
  char check[64][32];
} collected;

/* gpu_report_fn: keep the first 64. */
static void collect(void *ud, int64_t case_index, const char *check, int64_t index,
                    int64_t expected, int64_t got) {
  collected *c = ud;
  if (c->n < 64) {
    c->case_index[c->n] = case_index;
    c->index[c->n] = index;
    c->expected[c->n] = expected;
    c->got[c->n] = got;
    snprintf(c->check[c->n], sizeof c->check[c->n], "%s", check);
  }
  c->n++;
}

/* Mismatches of one check name among the collected ones. */
static int64_t count_check(const collected *c, const char *check) {
  int64_t n = 0;
  for (int64_t i = 0; i < c->n && i < 64; i++) n += strcmp(c->check[i], check) == 0;
  return n;
}

/* A plan of count cases. */
static gpu_plan_entry *make_plan(const gpu_stage_opts *o, int64_t count) {
  gpu_plan_entry *plan = calloc((size_t)count, sizeof *plan);
  gpu_case *c = malloc(sizeof *c);
  for (int64_t j = 0; j < count; j++) {
    T_EQ_INT(gpu_make_case(o, j, c), 0);
    plan[j].size = c->size;
    plan[j].cosize = c->cosize;
    plan[j].flags = c->flags;
    plan[j].kind = c->kind;
  }
  free(c);
  return plan;
}

/* The whole stage emulated on the host: batches within the budget, every
** pass clean, every kind of check exercised. */
static void test_emulated_run(void) {
  gpu_stage_opts o;
  small_stage(&o, 9);
  int64_t count = 400;
  gpu_plan_entry *plan = make_plan(&o, count);
  gpu_budget budget = gpu_budget_for((int64_t)1 << 14), cap = {1, 1, 1};
  int32_t cap_n = 1, batches = 0, over = 0;
  int64_t covered = 0, derefs = 0, sizes = 0, gathers = 0, scatters = 0, composes = 0;
  for (int64_t j = 0; j < count; j++) {
    derefs += gpu_derefs(&plan[j]);
    sizes += plan[j].size;
    gathers += (plan[j].flags & GPU_GATHER) != 0;
    scatters += (plan[j].flags & GPU_SCATTER) != 0;
    composes += (plan[j].flags & GPU_COMPOSE) != 0;
  }
  T_CHECK(gathers > 200 && scatters > 40 && composes >= 40);
  for (int64_t first = 0; first < count; batches++) {
    int32_t n;
    gpu_budget used;
    gpu_next_batch(plan, count, first, budget, &n, &used);
    if (n > 1 &&
        (used.elements > budget.elements || used.src > budget.src || used.dst > budget.dst))
      over++;
    if (n > cap_n) cap_n = n;
    if (used.elements > cap.elements) cap.elements = used.elements;
    if (used.src > cap.src) cap.src = used.src;
    if (used.dst > cap.dst) cap.dst = used.dst;
    first += n;
    covered += n;
  }
  T_EQ_INT(over, 0);
  T_EQ_INT(covered, count);
  T_CHECK(batches > 3);

  gpu_host_batch h;
  char msg[256];
  T_EQ_INT(gpu_host_batch_alloc(&h, cap_n, cap, 1), 0);
  gpu_tally t = {0, 0, 0, 0};
  collected got = {0};
  int fill_failed = 0;
  int64_t batch_no = 0;
  for (int64_t first = 0; first < count; batch_no++) {
    int32_t n;
    gpu_budget used;
    gpu_next_batch(plan, count, first, budget, &n, &used);
    if (gpu_batch_fill(&o, &h, first, n, msg, sizeof msg)) {
      printf("fill: %s\n", msg);
      fill_failed++;
      break;
    }
    for (int64_t pass = 0; pass < 2; pass++) {
      uint32_t salt = gpu_salt(o.seed, batch_no, pass);
      gpu_host_run(&h, salt);
      gpu_batch_check(&h, salt, &t, collect, &got);
    }
    first += n;
  }
  T_EQ_INT(fill_failed, 0);
  T_EQ_INT(t.mismatches, 0);
  T_EQ_INT(got.n, 0);
  T_EQ_INT(t.offsets, 2 * sizes);
  T_EQ_INT(t.elements, 2 * derefs);
  T_CHECK(t.truncated > 0);
  gpu_host_batch_free(&h);
  free(plan);
}

/* Index of the first layout of b with all of the given flags, or -1. */
static int32_t find_flags(const gpu_host_batch *b, int32_t flags, int64_t min_size) {
  for (int32_t k = 0; k < b->n; k++)
    if ((b->flags[k] & flags) == flags && b->start[k + 1] - b->start[k] >= min_size) return k;
  return -1;
}

/* Faults planted in what the "device" wrote: each check reports exactly
** the fault, with its index, expected value and what was written. */
static void test_planted_faults(void) {
  gpu_stage_opts o;
  small_stage(&o, 21);
  int64_t count = 200;
  gpu_plan_entry *plan = make_plan(&o, count);
  gpu_budget cap = {0, 0, 0};
  for (int64_t j = 0; j < count; j++) {
    cap.elements += plan[j].size;
    cap.src += (plan[j].flags & GPU_GATHER) ? plan[j].cosize : 0;
    cap.dst += (plan[j].flags & GPU_SCATTER) ? plan[j].cosize : 0;
  }
  gpu_host_batch h;
  char msg[256];
  T_EQ_INT(gpu_host_batch_alloc(&h, (int32_t)count, cap, 1), 0);
  T_EQ_INT(gpu_batch_fill(&o, &h, 0, (int32_t)count, msg, sizeof msg), 0);
  uint32_t salt = 12345;
  gpu_tally t = {0, 0, 0, 0};
  collected c = {0};

  /* offset64 and offset32 */
  gpu_host_run(&h, salt);
  int32_t k = find_flags(&h, GPU_GATHER, 4);
  T_CHECK(k >= 0);
  int64_t g = h.start[k] + 3;
  h.off64[g] += 1;
  h.off32[g] ^= 1;
  gpu_batch_check(&h, salt, &t, collect, &c);
  T_EQ_INT(t.mismatches, 2);
  T_EQ_INT(count_check(&c, "offset64"), 1);
  T_EQ_INT(count_check(&c, "offset32"), 1);
  T_EQ_INT(c.case_index[0], k);
  T_EQ_INT(c.index[0], 3);
  T_EQ_INT(c.expected[0], h.expect[g]);
  T_EQ_INT(c.got[0], h.expect[g] + 1);

  /* gather: a wrong value, and a stale pattern from another pass */
  gpu_host_run(&h, salt);
  memset(&t, 0, sizeof t);
  memset(&c, 0, sizeof c);
  h.gathered[g] ^= 0x10;
  gpu_batch_check(&h, salt, &t, collect, &c);
  T_EQ_INT(t.mismatches, 1);
  T_EQ_INT(count_check(&c, "gather"), 1);
  memset(&t, 0, sizeof t);
  gpu_batch_check(&h, salt + 1, &t, NULL, NULL);
  T_CHECK(t.mismatches > 100);

  /* scatter: two indices swapped, one address hit twice and one never */
  gpu_host_run(&h, salt);
  memset(&t, 0, sizeof t);
  memset(&c, 0, sizeof c);
  int32_t s = find_flags(&h, GPU_SCATTER, 4);
  T_CHECK(s >= 0);
  int64_t base = h.dst_at[s];
  uint32_t tmp = h.dst[base];
  h.dst[base] = h.dst[base + 1];
  h.dst[base + 1] = tmp;
  h.hits[base] = 2;
  h.hits[base + 1] = 0;
  gpu_batch_check(&h, salt, &t, collect, &c);
  T_EQ_INT(count_check(&c, "scatter"), 2);
  T_EQ_INT(count_check(&c, "bijective"), 2);
  T_EQ_INT(t.mismatches, 4);

  /* compose: a wrong value, and the device's own count */
  gpu_host_run(&h, salt);
  memset(&t, 0, sizeof t);
  memset(&c, 0, sizeof c);
  int32_t m = find_flags(&h, GPU_COMPOSE, 2);
  T_CHECK(m >= 0);
  h.composed[h.start[m] + 1] += 7;
  h.compose_fail[m] = 3;
  gpu_batch_check(&h, salt, &t, collect, &c);
  T_EQ_INT(count_check(&c, "compose"), 1);
  T_EQ_INT(count_check(&c, "compose_device"), 1);
  T_EQ_INT(t.mismatches, 2);

  /* a kernel bug: the layout function of a wrong layout (strides
  ** reversed) is caught by the offsets and the gathers */
  gpu_layout saved = h.layout[k];
  for (int i = 0; i < h.layout[k].rank; i++)
    h.layout[k].stride[i] = saved.stride[saved.rank - 1 - i] + 1;
  gpu_host_run(&h, salt);
  memset(&t, 0, sizeof t);
  memset(&c, 0, sizeof c);
  gpu_batch_check(&h, salt, &t, collect, &c);
  T_CHECK(count_check(&c, "offset64") > 0);
  T_CHECK(count_check(&c, "gather") > 0);
  h.layout[k] = saved;

  /* offsets far outside the buffer are not dereferenced (the sanitizer
  ** would see the read) and read back as out of range */
  for (int i = 0; i < h.layout[k].rank; i++)
    h.layout[k].stride[i] = saved.stride[i] * 1000 + h.cosize[k];
  gpu_host_run(&h, salt);
  int64_t out_of_range = 0;
  for (int64_t x = h.start[k] + 1; x < h.start[k + 1]; x++)
    out_of_range += h.gathered[x] == GPU_OUT_OF_RANGE;
  T_EQ_INT(out_of_range, h.start[k + 1] - h.start[k] - 1);
  h.layout[k] = saved;

  /* a 32-bit kernel: offsets kept in a signed 32-bit int are wrong exactly
  ** where Phi >= 2^31 */
  int32_t w = -1;
  for (int32_t x = 0; x < h.n && w < 0; x++)
    if (h.cosize[x] > GPU_WIDE_COSIZE) w = x;
  T_CHECK(w >= 0);
  if (w >= 0) {
    gpu_host_run(&h, salt);
    int64_t truncated = 0;
    for (int64_t x = h.start[w]; x < h.start[w + 1]; x++) {
      h.off64[x] = (int32_t)h.off32[x];
      truncated += h.expect[x] >= GPU_WIDE_COSIZE;
    }
    memset(&t, 0, sizeof t);
    gpu_batch_check(&h, salt, &t, NULL, NULL);
    T_CHECK(truncated > 0);
    T_EQ_INT(t.mismatches, truncated);
  }
  gpu_host_batch_free(&h);
  free(plan);
}

/* A pool job for the test: each task counts its runs and writes its
** square. */
typedef struct pool_job {
  int64_t runs[1000], square[1000];
} pool_job;

/* Task t of a pool_job. */
static void pool_task(void *ctx, int64_t t, int worker) {
  pool_job *job = ctx;
  (void)worker;
  job->runs[t]++;
  job->square[t] = t * t;
}

/* A job on the ranges of a batch: what the ranges' tasks do. */
typedef struct range_job {
  const gpu_stage_opts *o;
  gpu_host_batch *h;
  const int32_t *cut;
  uint32_t salt;
  gpu_found found[16];
  int rc[16];
  char msg[16][256];
} range_job;

/* Fill range q of the batch. */
static void range_fill(void *ctx, int64_t q, int worker) {
  range_job *job = ctx;
  gpu_case *c = malloc(sizeof *c);
  (void)worker;
  job->rc[q] = !c || gpu_batch_fill_range(job->o, job->h, job->cut[q], job->cut[q + 1], c,
                                          job->msg[q], sizeof job->msg[q]);
  free(c);
}

/* Emulate range q of the batch. */
static void range_run(void *ctx, int64_t q, int worker) {
  range_job *job = ctx;
  (void)worker;
  gpu_host_run_range(job->h, job->salt, job->cut[q], job->cut[q + 1]);
}

/* Check range q of the batch into found[q]. */
static void range_check(void *ctx, int64_t q, int worker) {
  range_job *job = ctx;
  (void)worker;
  gpu_found_clear(&job->found[q], 64);
  gpu_batch_check_range(job->h, job->salt, job->cut[q], job->cut[q + 1], &job->found[q].tally,
                        gpu_found_note, &job->found[q]);
}

/* The pool runs every task of a job once, with any number of threads, job
** after job; a batch placed from its plan and filled, emulated and checked
** in ranges on the pool equals the whole batch done in order on one
** thread: the same tables, expectations and outputs, the same tally and the
** same mismatches in the same order. */
static void test_ranges_on_a_pool(void) {
  int threads[] = {1, 2, 4};
  for (int x = 0; x < 3; x++) {
    gpu_pool pool;
    pool_job *job = calloc(1, sizeof *job);
    T_EQ_INT(gpu_pool_start(&pool, threads[x]), 0);
    int64_t once = 0, squares = 0;
    for (int round = 0; round < 3; round++) {
      memset(job, 0, sizeof *job);
      gpu_pool_run(&pool, 1000 - round, pool_task, job);
      for (int64_t t = 0; t < 1000; t++) {
        once += job->runs[t] == (t < 1000 - round ? 1 : 0);
        squares += job->square[t] == (t < 1000 - round ? t * t : 0);
      }
    }
    T_EQ_INT(once, 3000);
    T_EQ_INT(squares, 3000);
    gpu_pool_stop(&pool);
    free(job);
  }
  gpu_pool bad;
  T_EQ_INT(gpu_pool_start(&bad, 0), -1);

  /* gpu_split: ranges in order, covering the layouts, at most most + 1,
  ** cut at every group boundary */
  int64_t start[11] = {0, 5, 5, 30, 31, 32, 60, 61, 62, 100, 101};
  int32_t group[4] = {0, 3, 7, 10}, cut[16];
  int32_t count = gpu_split(start, 10, group, 3, 4, cut);
  int ordered = cut[0] == 0 && cut[count] == 10, at3 = 0, at7 = 0;
  for (int32_t q = 0; q < count; q++) {
    ordered &= cut[q] < cut[q + 1];
    at3 |= cut[q] == 3;
    at7 |= cut[q] == 7;
  }
  T_CHECK(ordered && at3 && at7 && count <= 4 + 1 + 2);
  T_EQ_INT(gpu_split(start, 10, NULL, 0, 1, cut), 1);
  T_EQ_INT(cut[1], 10);

  gpu_stage_opts o;
  small_stage(&o, 33);
  int64_t count_cases = 160;
  gpu_plan_entry *plan = make_plan(&o, count_cases);
  gpu_budget cap = {0, 0, 0};
  for (int64_t j = 0; j < count_cases; j++) {
    cap.elements += plan[j].size;
    cap.src += (plan[j].flags & GPU_GATHER) ? plan[j].cosize : 0;
    cap.dst += (plan[j].flags & GPU_SCATTER) ? plan[j].cosize : 0;
  }
  gpu_host_batch whole, parts;
  char msg[256];
  T_EQ_INT(gpu_host_batch_alloc(&whole, (int32_t)count_cases, cap, 1), 0);
  T_EQ_INT(gpu_host_batch_alloc(&parts, (int32_t)count_cases, cap, 1), 0);
  T_EQ_INT(gpu_batch_fill(&o, &whole, 0, (int32_t)count_cases, msg, sizeof msg), 0);
  T_EQ_INT(gpu_batch_place(plan, &parts, 0, (int32_t)count_cases, msg, sizeof msg), 0);
  range_job *job = calloc(1, sizeof *job);
  int32_t ranges[16];
  int32_t nranges = gpu_split(parts.start, parts.n, NULL, 0, 12, ranges);
  T_CHECK(nranges > 4 && nranges <= 13);
  job->o = &o;
  job->h = &parts;
  job->cut = ranges;
  gpu_pool pool;
  T_EQ_INT(gpu_pool_start(&pool, 3), 0);
  gpu_pool_run(&pool, nranges, range_fill, job);
  int fill_failed = 0;
  for (int32_t q = 0; q < nranges; q++) fill_failed += job->rc[q] != 0;
  T_EQ_INT(fill_failed, 0);
  size_t n = (size_t)whole.n, e = (size_t)whole.used.elements, dn = (size_t)whole.used.dst;
  T_EQ_INT(parts.n, whole.n);
  T_EQ_INT(parts.used.elements, whole.used.elements);
  T_EQ_INT(parts.used.src, whole.used.src);
  T_EQ_INT(parts.used.dst, whole.used.dst);
  T_EQ_INT(memcmp(parts.start, whole.start, (n + 1) * sizeof *whole.start), 0);
  T_EQ_INT(memcmp(parts.src_at, whole.src_at, n * sizeof *whole.src_at), 0);
  T_EQ_INT(memcmp(parts.dst_at, whole.dst_at, n * sizeof *whole.dst_at), 0);
  T_EQ_INT(memcmp(parts.layout, whole.layout, n * sizeof *whole.layout), 0);
  T_EQ_INT(memcmp(parts.outer, whole.outer, n * sizeof *whole.outer), 0);
  T_EQ_INT(memcmp(parts.expect, whole.expect, e * sizeof *whole.expect), 0);

  job->salt = 777;
  gpu_host_run(&whole, 777);
  gpu_pool_run(&pool, nranges, range_run, job);
  T_EQ_INT(memcmp(parts.src, whole.src, (size_t)whole.used.src * sizeof *whole.src), 0);
  T_EQ_INT(memcmp(parts.off64, whole.off64, e * sizeof *whole.off64), 0);
  T_EQ_INT(memcmp(parts.off32, whole.off32, e * sizeof *whole.off32), 0);
  T_EQ_INT(memcmp(parts.gathered, whole.gathered, e * sizeof *whole.gathered), 0);
  T_EQ_INT(memcmp(parts.composed, whole.composed, e * sizeof *whole.composed), 0);
  T_EQ_INT(memcmp(parts.dst, whole.dst, dn * sizeof *whole.dst), 0);
  T_EQ_INT(memcmp(parts.hits, whole.hits, dn * sizeof *whole.hits), 0);

  /* the same faults in both: a wrong offset in every fifth layout, a
  ** scatter hit twice */
  for (int32_t k = 0; k < whole.n; k += 5)
    if (whole.start[k + 1] > whole.start[k]) {
      whole.off64[whole.start[k]] += 3;
      parts.off64[parts.start[k]] += 3;
    }
  int32_t s = find_flags(&whole, GPU_SCATTER, 2);
  T_CHECK(s >= 0);
  whole.hits[whole.dst_at[s]] = parts.hits[parts.dst_at[s]] = 2;
  gpu_tally t_whole = {0, 0, 0, 0}, t_parts = {0, 0, 0, 0};
  collected *c_whole = calloc(1, sizeof *c_whole), *c_parts = calloc(1, sizeof *c_parts);
  gpu_batch_check(&whole, 777, &t_whole, collect, c_whole);
  gpu_pool_run(&pool, nranges, range_check, job);
  for (int32_t q = 0; q < nranges; q++)
    gpu_found_replay(&job->found[q], &t_parts, collect, c_parts);
  T_CHECK(t_whole.mismatches > 20);
  T_EQ_INT(t_parts.mismatches, t_whole.mismatches);
  T_EQ_INT(t_parts.offsets, t_whole.offsets);
  T_EQ_INT(t_parts.elements, t_whole.elements);
  T_EQ_INT(t_parts.truncated, t_whole.truncated);
  T_EQ_INT(c_parts->n, c_whole->n);
  int same_order = 1;
  for (int64_t i = 0; i < c_whole->n && i < 64; i++)
    same_order &= c_parts->case_index[i] == c_whole->case_index[i] &&
                  c_parts->index[i] == c_whole->index[i] &&
                  strcmp(c_parts->check[i], c_whole->check[i]) == 0;
  T_CHECK(same_order);
  T_EQ_INT(count_check(c_parts, "bijective"), 1);

  /* a plan that disagrees with the cases is refused */
  plan[2].flags ^= GPU_GATHER;
  T_EQ_INT(gpu_batch_place(plan, &parts, 0, 3, msg, sizeof msg), 0);
  gpu_case *c = malloc(sizeof *c);
  T_EQ_INT(gpu_batch_fill_range(&o, &parts, 0, 3, c, msg, sizeof msg), -1);
  T_CHECK(strstr(msg, "case 2: made again, it differs from its plan") != NULL);
  free(c);

  gpu_pool_stop(&pool);
  for (int32_t q = 0; q < 16; q++) free(job->found[q].one);
  free(job);
  free(c_whole);
  free(c_parts);
  gpu_host_batch_free(&whole);
  gpu_host_batch_free(&parts);
  free(plan);
}

/* The binary search that maps an element to its layout. */
static void test_find_layout(void) {
  int64_t start[] = {0, 3, 4, 10, 11};
  int32_t want[] = {0, 0, 0, 1, 2, 2, 2, 2, 2, 2, 3};
  int bad = 0;
  for (int g = 0; g < 11; g++) bad += gpu_find_layout(start, 4, g) != want[g];
  T_EQ_INT(bad, 0);
  T_EQ_INT(gpu_find_layout(start, 1, 2), 0);
  /* the pattern depends on the address and on the salt */
  T_CHECK(gpu_pattern(5, 1) == gpu_pattern(5, 1));
  T_CHECK(gpu_pattern(5, 1) != gpu_pattern(5, 2));
  T_CHECK(gpu_pattern(5, 1) != gpu_pattern(6, 1));
}

/* The result file: written, read back, and malformed lines refused. */
static void test_results_format(void) {
  gpu_summary s, r;
  memset(&s, 0, sizeof s);
  s.layouts = 100000;
  s.offsets = 1234567890123LL;
  s.elements = 1000000001;
  s.mismatches = 3;
  s.reported = 2;
  s.truncated = 77;
  s.passes = 2;
  s.seed = 18446744073709551615ull;
  s.seconds = 12.5;
  s.gbps = 1500.25;
  snprintf(s.device, sizeof s.device, "NVIDIA H100 80GB\tHBM3");
  FILE *f = tmpfile();
  T_CHECK(f != NULL);
  if (!f) return;
  T_EQ_INT(gpu_write_header(f, &s), 0);
  T_EQ_INT(gpu_write_mismatch(f, "offset64", 5, 10, 11, "(2,3):(1,2)"), 0);
  T_EQ_INT(gpu_write_mismatch(f, "compose_device", -1, 0, 3,
                              "(4,5):(2,8) = composition 20:2 (4,5):(1,4)"),
           0);
  rewind(f);
  char line[512];
  T_CHECK(fgets(line, sizeof line, f) != NULL);
  T_EQ_INT(gpu_parse_header(line, &r), 0);
  T_EQ_INT(r.skipped, 0);
  T_EQ_INT(r.layouts, 100000);
  T_EQ_INT(r.offsets, 1234567890123LL);
  T_EQ_INT(r.elements, 1000000001);
  T_EQ_INT(r.mismatches, 3);
  T_EQ_INT(r.reported, 2);
  T_EQ_INT(r.truncated, 77);
  T_EQ_INT(r.passes, 2);
  T_CHECK(r.seed == 18446744073709551615ull);
  T_CHECK(r.seconds == 12.5 && r.gbps > 1500.2 && r.gbps < 1500.3);
  T_EQ_STR(r.device, "NVIDIA H100 80GB?HBM3");
  gpu_mismatch m;
  T_CHECK(fgets(line, sizeof line, f) != NULL);
  T_EQ_INT(gpu_parse_mismatch(line, &m), 0);
  T_EQ_STR(m.check, "offset64");
  T_EQ_INT(m.index, 5);
  T_EQ_INT(m.expected, 10);
  T_EQ_INT(m.got, 11);
  T_EQ_STR(m.layout, "(2,3):(1,2)");
  T_CHECK(fgets(line, sizeof line, f) != NULL);
  T_EQ_INT(gpu_parse_mismatch(line, &m), 0);
  T_EQ_STR(m.check, "compose_device");
  T_EQ_INT(m.index, -1);
  T_EQ_STR(m.layout, "(4,5):(2,8) = composition 20:2 (4,5):(1,4)");
  fclose(f);

  const char *ok = "layoutcheck-gpu 1 skipped=1 layouts=0 offsets=0 elements=0 mismatches=0 "
                   "reported=0 truncated=0 passes=0 seed=3 seconds=0.000 gbps=0.000 device=none\n";
  T_EQ_INT(gpu_parse_header(ok, &r), 0);
  T_EQ_INT(r.skipped, 1);
  T_EQ_STR(r.device, "none");
  const char *bad[] = {
      "",
      "layoutcheck-gpu 2 skipped=0 layouts=0 offsets=0 elements=0 mismatches=0 reported=0 "
      "truncated=0 passes=0 seed=3 seconds=0 gbps=0 device=x",
      "layoutcheck-gpu 1 skipped=2 layouts=0 offsets=0 elements=0 mismatches=0 reported=0 "
      "truncated=0 passes=0 seed=3 seconds=0 gbps=0 device=x",
      "layoutcheck-gpu 1 skipped=0 layouts=-1 offsets=0 elements=0 mismatches=0 reported=0 "
      "truncated=0 passes=0 seed=3 seconds=0 gbps=0 device=x",
      "layoutcheck-gpu 1 skipped=0 layouts=0 offsets=0 elements=0 mismatches=1 reported=2 "
      "truncated=0 passes=0 seed=3 seconds=0 gbps=0 device=x",
      "layoutcheck-gpu 1 skipped=0 layouts=0 offsets=0 elements=0 mismatches=0 reported=0 "
      "truncated=0 passes=0 seed=3 seconds=0 gbps=0 device=",
      "layoutcheck-gpu 1 skipped=0 layouts=0 elements=0 offsets=0 mismatches=0 reported=0 "
      "truncated=0 passes=0 seed=3 seconds=0 gbps=0 device=x",
      "layoutcheck-gpu 1 skipped=0 layouts=0x1 offsets=0 elements=0 mismatches=0 reported=0 "
      "truncated=0 passes=0 seed=3 seconds=0 gbps=0 device=x",
      "layoutcheck-gpu 1 skipped=0 layouts=0 offsets=0 elements=0 mismatches=0 reported=0 "
      "truncated=0 passes=0 seed=-3 seconds=0 gbps=0 device=x",
      "layoutcheck-gpu 1 skipped=0 layouts=0 offsets=0 elements=0 mismatches=0 reported=0 "
      "truncated=0 passes=0 seed=3 seconds=nan gbps=0 device=x",
  };
  int refused = 0;
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
    refused += gpu_parse_header(bad[i], &r) != 0;
  T_EQ_INT(refused, (int)(sizeof bad / sizeof bad[0]));
  char bad_lines[][80] = {"mismatch offset64 1 2 3",          "mismatch offset64 1 2 x (2):(1)",
                          "mismatch  1 2 3 (2):(1)",          "mismatched offset64 1 2 3 (2):(1)",
                          "mismatch offset64 1 2 3  (2):(1)", "mismatch offset64 1 2 3 \n"};
  refused = 0;
  for (size_t i = 0; i < sizeof bad_lines / sizeof bad_lines[0]; i++)
    refused += gpu_parse_mismatch(bad_lines[i], &m) != 0;
  T_EQ_INT(refused, (int)(sizeof bad_lines / sizeof bad_lines[0]));
}

int main(void) {
  test_hand_written();
  test_all_generators();
  test_cases();
  test_emulated_run();
  test_planted_faults();
  test_ranges_on_a_pool();
  test_find_layout();
  test_results_format();
  return T_DONE();
}
