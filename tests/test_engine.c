/* test_engine.c -- the property engine (gen/): choice streams, seeds,
** generators' guarantees, shrinking to known minimal cases, crash and
** timeout isolation, and replay of stored counterexamples (run/run_setup.c,
** store/db.c). */
#include "case_line.h"
#include "properties.h"
#include "run_setup.h"
#include "t.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Planted properties, each false, with the minimal case worked out from the
** generators' conventions (a draw of 0 is simplest: shape 2, stride 0, no
** more modes, flat nesting, an integer for a single mode). */

/* "Every layout has rank < 3": minimal (2,2,2):(0,0,0). */
static gen_verdict rank_below_3(gen_ctx *x) {
  lo_layout l;
  if (prop_layout(x, 0, &l)) return GEN_FAIL;
  return l.shape.len < 3 ? GEN_PASS : gen_failf(x, "rank %d", l.shape.len);
}

/* "No tractable layout has a stride equal to 6": minimal 2:6 (the
** codomain (6,2) with only its second entry hit). */
static gen_verdict no_stride_6(gen_ctx *x) {
  lo_layout l;
  if (prop_layout(x, 0, &l)) return GEN_FAIL;
  for (int i = 0; i < l.shape.len; i++)
    if (l.stride[i] == 6) return gen_failf(x, "stride 6");
  return GEN_PASS;
}

/* Crashes (SIGSEGV) on layouts of two or more entries: minimal (2,2):(0,0). */
static gen_verdict crash_at_rank_2(gen_ctx *x) {
  lo_layout l;
  if (prop_layout(x, 0, &l)) return GEN_FAIL;
  if (l.shape.len >= 2) raise(SIGSEGV); /* as a wild pointer would, without UB here */
  return GEN_PASS;
}

/* Hangs when the first of two or more strides exceeds 3: minimal
** (2,2):(4,0) (4 is the smallest stride above 3). */
static gen_verdict hang_on_stride(gen_ctx *x) {
  lo_layout l;
  if (prop_layout(x, 0, &l)) return GEN_FAIL;
  if (l.shape.len >= 2 && l.stride[0] > 3)
    for (;;) pause();
  return GEN_PASS;
}

/* Reads its layout argument as a morphism, which it never is: every case is
** a harness defect (an argument that does not parse), never a failure. */
static gen_verdict reads_wrong_kind(gen_ctx *x) {
  lo_morphism f;
  if (prop_morphism(x, 0, &f)) return GEN_ERROR;
  return GEN_PASS;
}

static gen_verdict always_pass(gen_ctx *x) {
  (void)x;
  return GEN_PASS;
}

static void config_for_tests(gen_config *c, int isolate) {
  memset(c, 0, sizeof *c);
  c->seed = 42;
  c->cases = 500;
  c->case_timeout = 0.3;
  c->isolate = isolate;
  c->shrink_limit = 5000;
  gen_bounds_default(&c->bounds);
}

/* Run p and return its shrunk case as a line ("" when nothing failed). */
static const char *shrunk(const gen_config *c, const gen_property *p, char *msg, size_t cap) {
  static char line[4096];
  gen_result r;
  char err[256];
  line[0] = 0;
  msg[0] = 0;
  if (gen_run(c, p, &r, NULL, NULL, err, sizeof err)) return "engine error";
  if (r.has_failure) {
    case_line_write(p, &r.shrunk, line, sizeof line);
    snprintf(msg, cap, "%s", r.message);
  }
  gen_result_clear(&r);
  return line;
}

static void test_choices(void) {
  gen_choices a, b;
  uint64_t v[8], *back;
  size_t n;
  char text[256];
  /* same seed, same draws; different seed, different draws */
  gen_choices_random(&a, 7);
  gen_choices_random(&b, 7);
  for (int i = 0; i < 8; i++) v[i] = gen_draw(&a, 1000);
  int same = 1;
  for (int i = 0; i < 8; i++) same &= gen_draw(&b, 1000) == v[i];
  T_CHECK(same);
  gen_choices_free(&b);
  gen_choices_random(&b, 8);
  int differ = 0;
  for (int i = 0; i < 8; i++) differ |= gen_draw(&b, 1000) != v[i];
  T_CHECK(differ);
  gen_choices_free(&a);
  gen_choices_free(&b);
  /* replay clamps to the bound and gives 0 past the end */
  uint64_t r[2] = {9, 3};
  gen_choices_replay(&a, r, 2);
  T_EQ_INT(gen_draw(&a, 5), 5);
  T_EQ_INT(gen_draw(&a, 5), 3);
  T_EQ_INT(gen_draw(&a, 5), 0);
  T_CHECK(a.overrun);
  gen_choices_free(&a);
  /* text form round trip */
  uint64_t w[3] = {0, 18446744073709551615ull, 5};
  T_EQ_INT(gen_choices_format(w, 3, text, sizeof text), 0);
  T_EQ_STR(text, "0 18446744073709551615 5");
  T_EQ_INT(gen_choices_parse(text, &back, &n), 0);
  T_EQ_INT(n, 3);
  T_CHECK(back[1] == w[1] && back[2] == 5);
  free(back);
  T_CHECK(gen_choices_parse("1 x", &back, &n) != 0);
  /* per-case seeds depend on the seed, the property and the index */
  T_CHECK(gen_case_seed(1, "p", 0) == gen_case_seed(1, "p", 0));
  T_CHECK(gen_case_seed(1, "p", 0) != gen_case_seed(1, "p", 1));
  T_CHECK(gen_case_seed(1, "p", 0) != gen_case_seed(1, "q", 0));
  T_CHECK(gen_case_seed(1, "p", 0) != gen_case_seed(2, "p", 0));
}

/* Is s one of the arguments of the tensor views' generators (gen/gen_views.c)
** that are not oracle values, well formed: an einops pattern "[a b --> b a]",
** sizes "a=2,b=3" or "[]", a TorchLean derivation "dim_eq(2,scalar_to_any((1)))"? */
static int view_arg(const char *s) {
  static const char *const ctor[] = {"dim_eq(", "dim_1_to_n(", "expand_dims("};
  lo_view_pattern p;
  lo_tuple t;
  lo_err e;
  if (s[0] == '[' && strstr(s, "-->")) return lo_view_pattern_parse(s, 4, &p, &e) == LO_OK;
  if (!strcmp(s, "[]")) return 1;
  if (strchr(s, '=')) { /* NAME=N,NAME=N... */
    for (const char *q = s; *q;) {
      size_t n = strspn(q, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789");
      if (n == 0 || q[n] != '=' || !strspn(q + n + 1, "0123456789")) return 0;
      q += n + 1 + strspn(q + n + 1, "0123456789");
      if (*q == ',')
        q++;
      else if (*q)
        return 0;
    }
    return 1;
  }
  int depth = 0;
  for (int c = 0; c < 3;) { /* the constructors with a size, then scalar_to_any */
    if (strncmp(s, ctor[c], strlen(ctor[c]))) {
      c++;
      continue;
    }
    s += strlen(ctor[c]);
    if (!strspn(s, "0123456789")) return 0;
    s += strspn(s, "0123456789");
    if (*s++ != ',') return 0;
    depth++;
    c = 0;
  }
  if (strncmp(s, "scalar_to_any(", 14)) return 0;
  const char *close = strchr(s + 14, ')');
  char shape[GEN_ARG_LEN];
  if (!close) return 0;
  snprintf(shape, sizeof shape, "%.*s", (int)(close - s - 13), s + 14);
  if (lo_parse_tuple(shape, &t, &e) != LO_OK) return 0;
  s = close + 1;
  for (int i = 0; i <= depth; i++)
    if (*s++ != ')') return 0;
  return *s == '\0';
}

/* 0 when s parses as a value of the oracle's syntax: a morphism, a
** layout or tiler, a coordinate layout, an integer, a nested tuple or
** profile, an argument of the tensor views (above), or a list of them
** separated by ';' (the item lists of `substitute`). */
static int parses(const char *s, lo_err *e) {
  char item[GEN_ARG_LEN];
  const char *semi = strchr(s, ';');
  if (semi) {
    snprintf(item, sizeof item, "%.*s", (int)(semi - s), s);
    return parses(item, e) || parses(semi + 1, e);
  }
  lo_layout l;
  lo_morphism f;
  lo_tuple t;
  lo_int v;
  if (view_arg(s)) return 0;
  if (strstr(s, "F2(")) { /* a layout with PyCuTe's F2 strides */
    lo_f2 f2;
    return lo_parse_f2(s, &f2, e);
  }
  if (strchr(s, '@')) { /* a coordinate layout: strides N@i */
    lo_basis_layout bl;
    return lo_parse_basis_layout(s, &bl, e);
  }
  lo_swizzle sw;
  lo_composed c;
  switch (lo_kind_of(s)) {
    case LO_KIND_SWIZZLE:
      return lo_parse_swizzle(s, &sw, e);
    case LO_KIND_COMPOSED:
      return lo_parse_composed(s, &c, e);
    case LO_KIND_MORPHISM:
      return lo_parse_morphism(s, &f, e);
    case LO_KIND_LAYOUT:
    case LO_KIND_TILER: /* strides of either sign (docs/syntax.md, "Negative strides") */
      return lo_parse_layout(s, &l, e) && lo_parse_layout_signed(s, &l, e);
    default:
      if (lo_parse_int(s, &v, e) == LO_OK || lo_parse_profile(s, &t, e) == LO_OK ||
          lo_parse_index(s, &t, e) == LO_OK) /* a coordinate or an order, 0 entries included */
        return 0;
      return lo_parse_shape_tiler(s, &l, e); /* a shape with '_': CuTe's Shape tiler */
  }
}

/* Every generator makes cases whose arguments parse, on many streams,
** including the all-zero one. */
static void test_generators_total(void) {
  gen_bounds b;
  gen_bounds_default(&b);
  for (int g = 0; g < gen_count(); g++) {
    const gen_info *info = gen_at(g);
    int bad = 0;
    for (int i = 0; i < 300 && !bad; i++) {
      gen_choices c;
      gen_case k;
      memset(&k, 0, sizeof k);
      if (i == 0)
        gen_choices_replay(&c, NULL, 0);
      else
        gen_choices_random(&c, gen_case_seed(3, info->name, (uint64_t)i));
      if (info->fn(&c, &b, &k) == 0) {
        for (int a = 0; a < k.argc; a++) {
          lo_err e;
          const char *s = k.argv[a];
          int rc = parses(s, &e);
          if (rc) {
            printf("generator %s made an argument that does not parse: %s (%s)\n", info->name, s,
                   e.msg);
            bad = 1;
          }
        }
      }
      gen_choices_free(&c);
    }
    T_CHECK(!bad);
  }
}

static void test_shrinking(void) {
  gen_config c;
  char msg[512];
  gen_property p1 = {
      "planted.rank_below_3", "", "", GEN_THEOREM, "layout", "size", rank_below_3, NULL, NULL, 0};
  gen_property p2 = {
      "planted.no_stride_6", "", "", GEN_THEOREM, "tractable", "size", no_stride_6, NULL, NULL, 0};
  gen_property p3 = {
      "planted.crash", "", "", GEN_THEOREM, "layout", "size", crash_at_rank_2, NULL, NULL, 0};
  gen_property p4 = {"planted.hang", "",   "", GEN_THEOREM, "flat_layout", "size", hang_on_stride,
                     NULL,           NULL, 0};
  gen_property ok = {"planted.pass", "",          "",   GEN_THEOREM, "layout",
                     "size",         always_pass, NULL, NULL,        0};
  for (uint64_t seed = 1; seed <= 3; seed++) {
    config_for_tests(&c, 1);
    c.seed = seed;
    T_EQ_STR(shrunk(&c, &p1, msg, sizeof msg), "size (2,2,2):(0,0,0)");
    T_EQ_STR(shrunk(&c, &p2, msg, sizeof msg), "size 2:6");
    T_EQ_STR(shrunk(&c, &p3, msg, sizeof msg), "size (2,2):(0,0)");
    T_CHECK(strstr(msg, "crashed: killed by signal 11") != NULL);
  }
  config_for_tests(&c, 1);
  T_EQ_STR(shrunk(&c, &p4, msg, sizeof msg), "size (2,2):(4,0)");
  T_CHECK(strstr(msg, "timed out") != NULL);
  /* the same without isolation, for a property that does not crash */
  config_for_tests(&c, 0);
  T_EQ_STR(shrunk(&c, &p1, msg, sizeof msg), "size (2,2,2):(0,0,0)");
  /* a passing property runs all its cases */
  gen_result r;
  char err[256];
  config_for_tests(&c, 1);
  T_EQ_INT(gen_run(&c, &ok, &r, NULL, NULL, err, sizeof err), 0);
  T_EQ_INT(r.cases, 500);
  T_EQ_INT(r.passed, 500);
  T_CHECK(!r.has_failure);
  gen_result_clear(&r);
  /* an unknown generator is an engine error */
  gen_property bad = {"planted.bad", "",          "",   GEN_THEOREM, "no_such_generator",
                      "size",        always_pass, NULL, NULL,        0};
  T_CHECK(gen_run(&c, &bad, &r, NULL, NULL, err, sizeof err) != 0);
  T_CHECK(strstr(err, "unknown generator") != NULL);
}

/* Discards every case with a 500-character message, so that 20,000 cases
** pass several times more outcome bytes through the worker's shared ring
** (4 MiB) than it holds. */
static gen_verdict discard_long(gen_ctx *x) {
  char pad[501];
  memset(pad, 'x', 500);
  pad[500] = 0;
  snprintf(x->msg, sizeof x->msg, "%s", pad);
  return GEN_DISCARD;
}

/* Crashes (SIGSEGV) when rank_6_crashes, else fails, on layouts of six
** or more entries. */
static int rank_6_crashes;
static gen_verdict trouble_at_rank_6(gen_ctx *x) {
  lo_layout l;
  if (prop_layout(x, 0, &l)) return GEN_FAIL;
  if (l.shape.len < 6) return GEN_PASS;
  if (rank_6_crashes) raise(SIGSEGV);
  return gen_failf(x, "rank 6");
}

/* The worker's outcomes: every one arrives when they wrap around the
** shared ring, and outcomes published before a crash are read before the
** crash is reported, so it is charged to its own case: the cases counted
** before it equal those counted before the same case fails in process. */
static void test_worker_outcomes(void) {
  gen_config c;
  gen_result r, q;
  char err[256];
  gen_property d = {
      "planted.discard_long", "", "", GEN_THEOREM, "layout", "size", discard_long, NULL, NULL, 0};
  config_for_tests(&c, 1);
  c.cases = 20000;
  T_EQ_INT(gen_run(&c, &d, &r, NULL, NULL, err, sizeof err), 0);
  T_EQ_INT(r.cases, 20000);
  T_EQ_INT(r.discarded, 20000);
  gen_result_clear(&r);
  gen_property p = {
      "planted.rank_6", "", "", GEN_THEOREM, "layout", "size", trouble_at_rank_6, NULL, NULL, 0};
  for (uint64_t seed = 1; seed <= 3; seed++) {
    config_for_tests(&c, 1);
    c.seed = seed;
    c.shrink_limit = 0;
    rank_6_crashes = 1;
    T_EQ_INT(gen_run(&c, &p, &r, NULL, NULL, err, sizeof err), 0);
    c.isolate = 0;
    rank_6_crashes = 0;
    T_EQ_INT(gen_run(&c, &p, &q, NULL, NULL, err, sizeof err), 0);
    T_CHECK(r.has_failure && q.has_failure);
    T_CHECK(q.passed > 0); /* some cases pass before the first rank-6 layout */
    T_EQ_INT(r.passed, q.passed);
    T_EQ_INT(r.cases, q.cases);
    T_CHECK(strstr(r.message, "crashed") != NULL);
    gen_result_clear(&r);
    gen_result_clear(&q);
  }
}

/* A harness defect is counted as an error, in and out of a worker, and
** never as a failure; the verdict policy of properties.h discards or
** fails each oracle error as documented there. */
static void test_harness_error(void) {
  gen_config c;
  gen_result r;
  char err[256];
  gen_property p = {
      "planted.wrong_kind", "", "", GEN_THEOREM, "layout", "size", reads_wrong_kind, NULL, NULL, 0};
  for (int isolate = 0; isolate <= 1; isolate++) {
    config_for_tests(&c, isolate);
    c.cases = 50;
    T_EQ_INT(gen_run(&c, &p, &r, NULL, NULL, err, sizeof err), 0);
    T_EQ_INT(r.cases, 50);
    T_EQ_INT(r.errors, 50);
    T_EQ_INT(r.failed, 0);
    T_CHECK(!r.has_failure);
    T_CHECK(strstr(r.error_message, "argument 1:") != NULL);
    gen_result_clear(&r);
  }
  gen_ctx x;
  memset(&x, 0, sizeof x);
  lo_err limit = {LO_ELIMIT, "too large"}, over = {LO_EOVERFLOW, "past 63 bits"},
         undef = {LO_EUNDEF, "undefined"};
  T_EQ_INT(prop_verdict_of(&x, &limit, "op", PROP_STRICT), GEN_FAIL);
  T_EQ_STR(x.msg, "op failed: too large");
  T_EQ_INT(prop_verdict_of(&x, &limit, "op", PROP_BOUNDED), GEN_DISCARD);
  T_EQ_INT(prop_verdict_of(&x, &limit, "op", PROP_BOUNDED_ARITH), GEN_DISCARD);
  T_EQ_INT(prop_verdict_of(&x, &over, "op", PROP_BOUNDED), GEN_FAIL);
  T_EQ_INT(prop_verdict_of(&x, &over, "op", PROP_BOUNDED_ARITH), GEN_DISCARD);
  T_EQ_INT(prop_verdict_of(&x, &undef, "op", PROP_BOUNDED_ARITH), GEN_FAIL);
}

/* The same seed gives the same cases and the same result. */
static void test_determinism(void) {
  gen_config c;
  gen_result a, b;
  char err[256];
  const gen_property *p = prop_find("lean.complement_involution");
  T_CHECK(p != NULL);
  if (!p) return;
  config_for_tests(&c, 1);
  T_EQ_INT(gen_run(&c, p, &a, NULL, NULL, err, sizeof err), 0);
  T_EQ_INT(gen_run(&c, p, &b, NULL, NULL, err, sizeof err), 0);
  T_CHECK(a.has_failure && b.has_failure);
  T_EQ_INT(a.cases, b.cases);
  T_EQ_STR(a.original.argv[0], b.original.argv[0]);
  T_EQ_STR(a.choices, b.choices);
  gen_result_clear(&a);
  gen_result_clear(&b);
}

/* A batch check for the tests: each case through the property's own
** check (probe_check), recording the batches it was given; with
** stop_early it stops after the first failure, as a batch check whose
** other process died does. */
static struct {
  gen_verdict (*check)(gen_ctx *x);
  int stop_early, calls, largest;
} probe;

static int probe_batch(gen_ctx *x, gen_verdict *v, int n) {
  probe.calls++;
  if (n > probe.largest) probe.largest = n;
  for (int i = 0; i < n; i++) {
    v[i] = probe.check(&x[i]);
    if (probe.stop_early && v[i] == GEN_FAIL) return i + 1;
  }
  return n;
}

/* Run p with a batch check of the given width (0: none) and describe the
** result: counts, original and shrunk case, choices, steps, message. */
static const char *batched(const gen_property *p, int width, int stop_early, char *out,
                           size_t cap) {
  gen_config c;
  gen_batch b = {probe_batch, width};
  gen_result r;
  char err[256], orig[4096], shr[4096];
  config_for_tests(&c, 0);
  c.seed = 9;
  c.batch = width ? &b : NULL;
  probe.check = p->check;
  probe.stop_early = stop_early;
  probe.calls = probe.largest = 0;
  if (gen_run(&c, p, &r, NULL, NULL, err, sizeof err)) return "engine error";
  case_line_write(p, &r.original, orig, sizeof orig);
  case_line_write(p, &r.shrunk, shr, sizeof shr);
  snprintf(out, cap, "%lld %lld %lld %lld | %s | %s | %s | %lld | %s", (long long)r.cases,
           (long long)r.passed, (long long)r.discarded, (long long)r.failed, orig, shr,
           r.choices ? r.choices : "", (long long)r.shrink_steps, r.message);
  gen_result_clear(&r);
  return out;
}

/* A batch check changes nothing but how many cases are checked at once:
** the same cases, counts, shrunk failure, choices and steps as one by one,
** whatever the width, also when it stops early after a failure.  The
** shrunk cases are the minimal ones of test_shrinking. */
static void test_batch_check(void) {
  gen_property p1 = {
      "planted.rank_below_3", "", "", GEN_THEOREM, "layout", "size", rank_below_3, NULL, NULL, 0};
  gen_property p2 = {
      "planted.no_stride_6", "", "", GEN_THEOREM, "tractable", "size", no_stride_6, NULL, NULL, 0};
  gen_property ok = {"planted.pass", "",          "",   GEN_THEOREM, "layout",
                     "size",         always_pass, NULL, NULL,        0};
  const gen_property *ps[] = {&p1, &p2, &ok};
  static char want[8192], got[8192];
  int widths[] = {1, 2, 7, 64};
  for (int i = 0; i < 3; i++) {
    batched(ps[i], 0, 0, want, sizeof want);
    T_EQ_INT(probe.calls, 0);
    for (int w = 0; w < 4; w++) {
      for (int stop = 0; stop < 2; stop++) {
        T_EQ_STR(batched(ps[i], widths[w], stop, got, sizeof got), want);
        T_CHECK(probe.largest <= widths[w]);
        if (widths[w] == 64) T_CHECK(probe.largest > 1); /* the batches were used */
      }
    }
  }
  T_CHECK(strstr(batched(&p1, 64, 0, got, sizeof got), "| size (2,2,2):(0,0,0) |") != NULL);
  T_CHECK(strstr(batched(&p2, 64, 1, got, sizeof got), "| size 2:6 |") != NULL);
  T_CHECK(strncmp(batched(&ok, 64, 0, got, sizeof got), "500 500 0 0 |", 13) == 0);
}

/* Replay marks a stored case that now passes as fixed, and bumps one
** that still fails. */
static void test_replay(void) {
  char dir[] = "/tmp/lcengXXXXXX", path[64], msg[512];
  db *d;
  gen_config c;
  replay_counts n;
  int64_t id1, id2;
  if (!mkdtemp(dir)) return;
  snprintf(path, sizeof path, "%s/r.db", dir);
  T_EQ_INT(db_open(path, &d, msg, sizeof msg), 0);
  /* coalesce (2,2):(1,2) satisfies coalesce.idempotent: stored as if a
  ** past build had failed it */
  db_cex c1 = {.sut = "", .input = "coalesce (2,2):(1,2)", .message = "old failure"};
  T_EQ_INT(db_cex_names(d, &c1, "coalesce.idempotent", "theorem", "1", msg, sizeof msg) ||
               db_write_cex(d, DB_CEX_FOUND, &c1, &id1, NULL, msg, sizeof msg),
           0);
  /* (2,2):(2,1) with N = 4 refutes the Lean design's complement involution */
  db_cex c2 = {.sut = "", .input = "complement (2,2):(2,1) 4", .message = "refuted"};
  T_EQ_INT(db_cex_names(d, &c2, "lean.complement_involution", "conjecture", "1", msg, sizeof msg) ||
               db_write_cex(d, DB_CEX_FOUND, &c2, &id2, NULL, msg, sizeof msg),
           0);
  config_for_tests(&c, 1);
  FILE *out = fopen("/dev/null", "w");
  run_ctx rx = {.shard_k = 1, .shard_n = 1}; /* no conjectures loaded */
  T_EQ_INT(run_replay(d, 0, &c, &rx, "*", out, &n), 0);
  fclose(out);
  T_EQ_INT(n.still, 0);
  T_EQ_INT(n.refuted, 1);
  T_EQ_INT(n.fixed, 1);
  db_cex x;
  memset(&x, 0, sizeof x);
  T_EQ_INT(db_get_cex(d, id1, &x, msg, sizeof msg), 0);
  T_EQ_STR(x.status, "fixed");
  db_cex_clear(&x);
  T_EQ_INT(db_get_cex(d, id2, &x, msg, sizeof msg), 0);
  T_EQ_STR(x.status, "open");
  T_EQ_INT(x.times_seen, 2);
  db_cex_clear(&x);
  db_close(d);
  char cmd[128];
  snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
  T_EQ_INT(system(cmd), 0);
}

/* Every property has a unique name, a statement, a source and a generator
** that exists. */
static void test_catalogue(void) {
  int n = prop_count();
  T_CHECK(n >= 10);
  for (int i = 0; i < n; i++) {
    const gen_property *p = prop_at(i);
    int ok = p && p->name && p->statement && p->statement[0] && p->source && p->source[0] &&
             p->op && p->check && p->generator;
    gen_plan plan;
    ok = ok && gen_plan_resolve(p->generator, &plan) == 0;
    if (!ok) printf("property %d (%s) is incomplete\n", i, p && p->name ? p->name : "?");
    T_CHECK(ok);
    for (int j = 0; ok && j < i; j++)
      if (strcmp(prop_at(j)->name, p->name) == 0) {
        printf("property name %s is used twice\n", p->name);
        T_CHECK(0);
      }
  }
  for (int i = 0; i < gen_count(); i++)
    for (int j = 0; j < i; j++)
      if (strcmp(gen_at(i)->name, gen_at(j)->name) == 0) {
        printf("generator name %s is used twice\n", gen_at(i)->name);
        T_CHECK(0);
      }
}

/* Fails in two independent ways: "rank N is 3 or more" (minimal
** (2,2,2):(0,0,0), as rank_below_3) and, on a layout of rank below 3, "a
** stride of 6" (the ranks and strides differ from case to case; the
** signature does not). */
static gen_verdict two_ways(gen_ctx *x) {
  lo_layout l;
  if (prop_layout(x, 0, &l)) return GEN_FAIL;
  if (l.shape.len >= 3) return gen_failf(x, "rank %d is 3 or more", l.shape.len);
  for (int i = 0; i < l.shape.len; i++)
    if (l.stride[i] == 6) return gen_failf(x, "a stride of 6 at mode %d", i + 1);
  return GEN_PASS;
}

typedef struct reports {
  int n;
  char line[4][256], msg[4][512];
} reports;

/* gen_on_failure: keep each reported failure's case and message. */
static void keep_report(const gen_property *p, const gen_result *r, void *ud) {
  reports *k = ud;
  if (k->n < 4) {
    case_line_write(p, &r->shrunk, k->line[k->n], sizeof k->line[k->n]);
    snprintf(k->msg[k->n], sizeof k->msg[k->n], "%s", r->message);
  }
  k->n++;
}

/* A run goes on after a failure and reports each distinct one, shrunk to
** a case that fails the same way; a repeat of a signature is counted, not
** reported; max_distinct 1 stops at the first failure. */
static void test_distinct(void) {
  gen_property p = {
      "planted.two_ways", "", "", GEN_THEOREM, "layout", "size", two_ways, NULL, NULL, 0};
  for (int isolate = 0; isolate <= 1; isolate++) {
    gen_config c;
    gen_result r;
    reports k = {0};
    char err[256];
    config_for_tests(&c, isolate);
    c.cases = 2000;
    c.max_distinct = 8;
    T_EQ_INT(gen_run(&c, &p, &r, keep_report, &k, err, sizeof err), 0);
    T_EQ_INT(k.n, 2);
    T_EQ_INT(r.distinct, 2);
    T_CHECK(r.again > 0);    /* rank 3, 4, ... and strides 6 at other modes */
    T_EQ_INT(r.cases, 2000); /* the run went on to its end */
    T_CHECK(r.failed == r.distinct + r.again);
    int a = strstr(k.msg[0], "is 3 or more") ? 0 : 1; /* the rank failure's report */
    T_EQ_STR(k.line[a], "size (2,2,2):(0,0,0)");
    T_CHECK(strstr(k.msg[a], "rank 3 is 3 or more") != NULL);
    T_CHECK(strstr(k.msg[1 - a], "a stride of 6") != NULL);
    lo_layout l; /* the other one, shrunk, still fails the second way */
    lo_err e;
    T_EQ_INT(lo_parse_layout(k.line[1 - a] + 5, &l, &e), LO_OK);
    T_CHECK(l.shape.len < 3);
    gen_result_clear(&r);
    /* max_distinct 1: the first failure ends the run */
    memset(&k, 0, sizeof k);
    c.max_distinct = 1;
    T_EQ_INT(gen_run(&c, &p, &r, keep_report, &k, err, sizeof err), 0);
    T_EQ_INT(k.n, 1);
    T_CHECK(r.cases < 2000);
    gen_result_clear(&r);
  }
}

int main(void) {
  test_catalogue();
  test_distinct();
  test_choices();
  test_generators_total();
  test_shrinking();
  test_determinism();
  test_harness_error();
  test_batch_check();
  test_replay();
  test_worker_outcomes();
  return T_DONE();
}
