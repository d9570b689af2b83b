/* test_sw_diff.c -- differential fuzzing on swizzles and composed layouts:
** the generators of gen/gen_sw_diff.c make every form they promise (GMMA
** and UMMA atoms, tiled atoms, swizzles at CuTe's int bound, smem_ptr and
** integer offsets, bare swizzles) and inputs the oracle's cute_ ops answer
** for the most part; a form switched off in a SUT's bounds never comes and
** gen_sut_admits refuses it; the family sw.* of sut/diff.c is named,
** found and selected as documented (docs/differential.md). */
#include "diff.h"
#include "gen.h"
#include "lo.h"
#include "t.h"

#include <stdio.h>
#include <string.h>

#define N_CASES 400

/* What a generator's cases came up as. */
typedef struct counts {
  int made, answered;     /* cases made; the oracle's cute_ op answered them */
  int atom, umma, smem;   /* a GMMA atom (Sw<b,4,3> o smem_ptr), UMMA's Sw<2,5,2>, any smem_ptr */
  int tiled, edge, bare;  /* a tiled atom (a nested inner shape), a swizzle at the int bound, a
                             bare swizzle as first argument */
  int int_offset, nested; /* a composed layout with a nonzero integer offset; a second argument
                              that is a tiler */
} counts;

/* Is there a swizzle at or past CuTe's int bound in s? */
static int at_edge(const char *s) {
  int b, m, sh;
  const char *p = strstr(s, "Sw<");
  if (!p || sscanf(p, "Sw<%d,%d,%d>", &b, &m, &sh) != 3) return 0;
  if (sh < 0) sh = -sh;
  return b == 0 ? m + sh >= 31 : b + m + sh >= 32;
}

/* Run generator name over N_CASES streams under b, asking the oracle's op
** on each case, into q. */
static void run_gen(const char *name, const char *op, const gen_bounds *b, counts *q) {
  gen_plan plan;
  static char out[1 << 16];
  memset(q, 0, sizeof *q);
  T_EQ_INT(gen_plan_resolve(name, &plan), 0);
  for (uint64_t seed = 1; seed <= N_CASES; seed++) {
    gen_choices c;
    gen_case k;
    memset(&k, 0, sizeof k);
    gen_choices_random(&c, seed);
    if (gen_plan_run(&plan, &c, b, &k) == 0) {
      const char *argv[GEN_MAX_ARGS];
      for (int i = 0; i < k.argc; i++) argv[i] = k.argv[i];
      q->made++;
      q->answered += lo_eval(op, k.argc, argv, out, sizeof out) == LO_OK;
      const char *a = k.argv[0];
      q->smem += strstr(a, "smem_ptr[") != NULL;
      q->atom += strstr(a, ",4,3> o smem_ptr[") != NULL;
      q->umma += strstr(a, "Sw<2,5,2> o ") != NULL;
      q->tiled += strstr(a, " o ((") != NULL;
      q->edge += at_edge(a) || (k.argc > 1 && at_edge(k.argv[1]));
      q->bare += strncmp(a, "Sw<", 3) == 0 && !strchr(a, ' ');
      q->nested += k.argc > 1 && k.argv[1][0] == '<';
      const char *o = strstr(a, " o ");
      q->int_offset += o && o[3] >= '1' && o[3] <= '9';
    }
    gen_choices_free(&c);
  }
  printf("%-11s %-19s %3d made, %3d answered; atoms %d (UMMA %d), smem_ptr %d, tiled %d, at the "
         "int bound %d, bare swizzles %d, integer offsets %d, tilers %d\n",
         name, op, q->made, q->answered, q->atom, q->umma, q->smem, q->tiled, q->edge, q->bare,
         q->int_offset, q->nested);
}

/* Every generator makes its cases, the oracle answers most, and the forms
** they promise come up. */
static void test_generators(void) {
  static const char *const gens[][2] = {
      {"sw_value", "cute_size"},
      {"sw_value", "cute_coalesce"},
      {"sw_any", "cute_right_inverse"},
      {"sw_point", "cute_apply"},
      {"sw_print", "print_layout"},
      {"sw_compose", "cute_composition"},
      {"sw_divide", "cute_zipped_divide"},
      {"sw_product", "cute_logical_product"},
      {"sw_block", "cute_blocked_product"},
      {"sw_tile", "cute_tile_to_shape"},
      {"sw_get", "cute_get"},
      {"sw_range", "cute_take"},
      {"sw_cast", "cute_upcast"},
  };
  gen_bounds b;
  gen_bounds_default(&b);
  counts total;
  memset(&total, 0, sizeof total);
  for (size_t i = 0; i < sizeof gens / sizeof gens[0]; i++) {
    counts q;
    run_gen(gens[i][0], gens[i][1], &b, &q);
    T_CHECK(q.made >= N_CASES * 9 / 10);
    T_CHECK(q.answered >= q.made / 3); /* a case the oracle refuses is a refusal CuTe must match */
    total.atom += q.atom, total.umma += q.umma, total.tiled += q.tiled, total.edge += q.edge;
    total.bare += q.bare, total.int_offset += q.int_offset, total.nested += q.nested;
    total.smem += q.smem;
  }
  T_CHECK(total.atom > 100);
  T_CHECK(total.umma > 20);
  T_CHECK(total.tiled > 100);
  T_CHECK(total.edge > 20);
  T_CHECK(total.bare > 50);
  T_CHECK(total.int_offset > 100);
  T_CHECK(total.nested > 20);
}

/* With a form off, no argument holds it. */
static void test_forms_off(void) {
  static const char *const gens[] = {"sw_value",  "sw_any",     "sw_point", "sw_compose",
                                     "sw_divide", "sw_product", "sw_tile",  "sw_cast"};
  gen_bounds b;
  gen_bounds_default(&b);
  b.sut_on = 1;
  b.sut_max_rank = b.sut_max_depth = 64;
  b.sut_forms_off = GEN_FORM_SMEM_PTR | GEN_FORM_SWIZZLE_EDGE;
  for (size_t i = 0; i < sizeof gens / sizeof gens[0]; i++) {
    counts q;
    run_gen(gens[i], "size", &b, &q);
    T_EQ_INT(q.smem, 0);
    T_EQ_INT(q.edge, 0);
  }
  b.sut_forms_off = GEN_FORM_COMPOSED;
  counts q;
  run_gen("sw_any", "size", &b, &q);
  T_EQ_INT(q.bare, q.made); /* bare swizzles only */
  run_gen("sw_value", "size", &b, &q);
  T_EQ_INT(q.tiled + q.atom + q.int_offset, 0);
  T_EQ_INT(q.bare, q.made);
  run_gen("sw_tile", "size", &b, &q);
  T_EQ_INT(q.made, 0); /* tile_to_shape takes composed layouts only: nothing to send */
}

/* gen_sut_admits refuses each switched-off form by its text. */
static void test_admits(void) {
  gen_bounds b;
  gen_case k;
  char why[160];
  gen_bounds_default(&b);
  b.sut_on = 1;
  b.sut_max_rank = b.sut_max_depth = 64;
  memset(&k, 0, sizeof k);
  k.argc = 2;
  snprintf(k.argv[0], sizeof k.argv[0], "Sw<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)");
  snprintf(k.argv[1], sizeof k.argv[1], "<8:1,16:1>");
  T_EQ_INT(gen_sut_admits(&b, &k, why, sizeof why), 1);
  b.sut_forms_off = GEN_FORM_SMEM_PTR;
  T_EQ_INT(gen_sut_admits(&b, &k, why, sizeof why), 0);
  T_EQ_STR(why, "argument 1 (Sw<3,4,3> o smem_ptr[16b...) holds an smem_ptr offset");
  b.sut_forms_off = GEN_FORM_COMPOSED;
  T_EQ_INT(gen_sut_admits(&b, &k, why, sizeof why), 0);
  T_EQ_STR(why, "argument 1 (Sw<3,4,3> o smem_ptr[16b...) is a composed layout");
  b.sut_forms_off = GEN_FORM_SWIZZLE;
  T_EQ_INT(gen_sut_admits(&b, &k, why, sizeof why), 0);
  T_EQ_STR(why, "argument 1 (Sw<3,4,3> o smem_ptr[16b...) holds a swizzle");
  b.sut_forms_off = GEN_FORM_SWIZZLE_EDGE;
  T_EQ_INT(gen_sut_admits(&b, &k, why, sizeof why), 1);
  snprintf(k.argv[0], sizeof k.argv[0], "Sw<0,30,1>"); /* M+|S| = 31 with B = 0: the bound */
  T_EQ_INT(gen_sut_admits(&b, &k, why, sizeof why), 0);
  T_EQ_STR(why, "argument 1 (Sw<0,30,1>) holds a swizzle at CuTe's int bound");
  snprintf(k.argv[0], sizeof k.argv[0], "Sw<2,20,9>"); /* 31: inside */
  T_EQ_INT(gen_sut_admits(&b, &k, why, sizeof why), 1);
  /* a composed layout's rank is its inner layout's */
  b.sut_forms_off = 0;
  b.sut_max_rank = 1;
  snprintf(k.argv[0], sizeof k.argv[0], "Sw<3,4,3> o 0 o (8,64):(64,1)");
  snprintf(k.argv[1], sizeof k.argv[1], "2");
  T_EQ_INT(gen_sut_admits(&b, &k, why, sizeof why), 0);
  T_EQ_STR(why, "argument 1 (Sw<3,4,3> o 0 o (8,64):(...) has rank 2 > max_rank 1");
}

/* The family sw.*: its names, the op a stored request belongs to, and
** which lists select it. */
static void test_family(void) {
  const diff_op *sz = diff_op_find("size"), *sw = diff_op_find("sw.size");
  diff_mode m;
  T_CHECK(sz && sw && sz != sw);
  T_EQ_STR(sw->op, "size");
  T_EQ_STR(sw->generator, "sw_value");
  T_EQ_STR(diff_op_name(sw), "sw.size");
  T_EQ_STR(diff_op_name(sz), "size");
  const char *argv_sw[] = {"Sw<3,4,3> o 0 o (8,64):(64,1)"}, *argv_l[] = {"(8,64):(64,1)"},
             *argv_bare[] = {"Sw<3,4,3>", "5"};
  T_CHECK(diff_op_for("size", 1, argv_sw) == sw);
  T_CHECK(diff_op_for("size", 1, argv_l) == sz);
  T_CHECK(diff_op_for("apply", 2, argv_bare) == diff_op_find("sw.apply"));
  T_CHECK(diff_op_for("tile_to_shape", 1, argv_sw) == diff_op_find("sw.tile_to_shape"));
  T_CHECK(diff_op_for("no_such_op", 1, argv_sw) == NULL);
  T_EQ_INT(diff_ops_selected("", sw, &m), 0); /* asked for by name only */
  T_EQ_INT(diff_ops_selected("", sz, &m), 1);
  T_EQ_INT(diff_ops_selected("sw.*", sw, &m), 1);
  T_EQ_INT(diff_ops_selected("sw.*", sz, &m), 0);
  T_EQ_INT(diff_ops_selected("size", sw, &m), 0);
  T_EQ_INT(diff_ops_selected("apply,sw.size=function", sw, &m), 2);
  T_EQ_INT(m, DIFF_FUNCTION);
  char why[2048];
  T_EQ_INT(diff_ops_check("sw.*,sw.apply,size", why, sizeof why), 0);
  T_EQ_INT(diff_ops_check("sw.nope", why, sizeof why), -1);
  T_CHECK(strstr(why, "no generator for op 'sw.nope'") != NULL);
  /* every member's generator exists and its op has a cute_ twin or is print_layout */
  int members = 0;
  for (int i = 0; i < diff_op_count(); i++) {
    const diff_op *o = diff_op_at(i);
    if (!o->name) continue;
    members++;
    T_CHECK(gen_find(o->generator) != NULL);
    const char *twin = diff_oracle_op(o->op, DIFF_CUTE);
    T_CHECK(strncmp(twin, "cute_", 5) == 0 || strcmp(o->op, "print_layout") == 0);
  }
  T_EQ_INT(members, 29);
}

/* What the differential runs against CuTe C++ found in the oracle, each
** fixed and checked against CuTe C++ (adapters/cute_cpp/cute_adapter.py).
** CuTe's composition(Layout, Swizzle) evaluates L at the swizzle's masks,
** int constants: Sw<1,30,1>'s yyy mask is bit 31, the int -2^31 in CuTe,
** at which ((16,8),32):((40,6),4) is -(2^31 / 128) * 4 = -2^26, no
** uint32_t argument of make_swizzle; where L is 0 there, make_swizzle<0,0>
** is the identity and L comes back; an L(mask) past INT32_MAX is no int
** constant (1024:4194304 at yyy = 1024 is 2^32). */
static void test_found(void) {
  char out[1024];
  const char *a1[] = {"((16,8),32):((40,6),4)", "Sw<1,30,1>"};
  T_CHECK(lo_eval("cute_composition", 2, a1, out, sizeof out) != LO_OK);
  T_CHECK(strstr(out, "CuTe refuses: no matching function for call to 'make_swizzle") != NULL);
  T_CHECK(strstr(out, "is -67108864") != NULL);
  const char *a2[] = {"4:0", "Sw<1,30,1>"};
  T_EQ_INT(lo_eval("cute_composition", 2, a2, out, sizeof out), LO_OK);
  T_EQ_STR(out, "4:0");
  const char *a3[] = {"1024:4194304", "Sw<1,9,1>"};
  T_CHECK(lo_eval("cute_composition", 2, a3, out, sizeof out) != LO_OK);
  T_CHECK(strstr(out, "does not fit CuTe's int") != NULL);
  /* inside int: as before, Sw<3,0,-3> o 0 o (8,8):(8,1) (tests/test_lo_swizzle.c) */
  const char *a4[] = {"(8,8):(8,1)", "Sw<3,0,3>"};
  T_EQ_INT(lo_eval("cute_composition", 2, a4, out, sizeof out), LO_OK);
  T_EQ_STR(out, "Sw<3,0,-3> o 0 o (8,8):(8,1)");
}

int main(void) {
  test_found();
  test_generators();
  test_forms_off();
  test_admits();
  test_family();
  return T_DONE();
}
