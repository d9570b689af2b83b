/* test_gen_forms.c -- the argument-form generators of differential
** fuzzing (gen/gen_forms.c): over N random cases each makes every form of
** B that CuTe takes (a layout, a bare integer, a shape, a tiler whose
** entries are layouts, integers, '_' and nested tilers) and every form of
** complement's cotarget (an integer, a shape, a layout); the oracle
** answers nearly all of them (they are drawn inside the ops'
** preconditions); a form switched off in the bounds never comes. */
#include "gen.h"
#include "lo.h"
#include "t.h"

#include <stdio.h>
#include <string.h>

#define N_CASES 2000

/* What the forms of B or of a cotarget came up as. */
typedef struct counts {
  int made, refused;                    /* cases made; the oracle's errors on them */
  int layout, integer, shape, tiler;    /* B (or N) as a whole */
  int e_layout, e_int, e_under, e_nest; /* entries of the tilers and shapes */
} counts;

/* Classify the entries of the tuple or tiler t[0..n) (from its opening
** bracket to its closing one), and those nested in them. */
static void count_entries(counts *q, const char *t, size_t n) {
  size_t start = 1;
  int d = 0;
  for (size_t i = 1; i < n; i++) {
    int end = i + 1 == n;
    if (!end && t[i] == '(') d++;
    if (!end && t[i] == ')') d--;
    if ((t[i] == ',' && d == 0) || end) {
      const char *e = t + start;
      size_t len = i - start, k;
      int dd = 0, colon = 0;
      for (k = 0; k < len; k++) {
        dd += e[k] == '(' ? 1 : e[k] == ')' ? -1 : 0;
        if (dd == 0 && e[k] == ':') colon = 1;
      }
      if (len == 1 && e[0] == '_')
        q->e_under++;
      else if (colon)
        q->e_layout++;
      else if (e[0] != '(')
        q->e_int++;
      else {
        q->e_nest++;
        count_entries(q, e, len);
      }
      start = i + 1;
    }
  }
}

/* Classify argument b (B or N). */
static void count_form(counts *q, const char *b) {
  if (b[0] == '<' || (b[0] == '(' && !strchr(b, ':'))) {
    if (b[0] == '<')
      q->tiler++;
    else
      q->shape++;
    count_entries(q, b, strlen(b));
  } else if (strchr(b, ':'))
    q->layout++;
  else
    q->integer++;
}

/* Run generator name over N_CASES streams under bounds b (with op the
** oracle's op for the case) into q. */
static void run_gen(const char *name, const char *op, const gen_bounds *b, counts *q) {
  gen_plan plan;
  char out[1 << 14];
  memset(q, 0, sizeof *q);
  T_EQ_INT(gen_plan_resolve(name, &plan), 0);
  for (uint64_t seed = 1; seed <= N_CASES; seed++) {
    gen_choices c;
    gen_case k;
    memset(&k, 0, sizeof k);
    gen_choices_random(&c, seed);
    if (gen_plan_run(&plan, &c, b, &k) == 0 && k.argc == 2) {
      const char *argv[2] = {k.argv[0], k.argv[1]};
      q->made++;
      count_form(q, k.argv[1]);
      if (lo_eval(op, 2, argv, out, sizeof out) != LO_OK) {
        q->refused++;
        if (q->refused <= 3) printf("  note: %s %s %s: %s\n", op, k.argv[0], k.argv[1], out);
      }
    }
    gen_choices_free(&c);
  }
  printf("%s: %d made, %d refused by the oracle; B: %d layouts, %d integers, %d shapes, %d "
         "tilers; entries: %d layouts, %d integers, %d '_', %d nested\n",
         name, q->made, q->refused, q->layout, q->integer, q->shape, q->tiler, q->e_layout,
         q->e_int, q->e_under, q->e_nest);
}

/* Each form of B comes up, and the oracle takes nearly every case. */
static void test_b_forms(void) {
  static const char *const gens[][2] = {{"compose_forms", "composition"},
                                        {"divide_forms", "logical_divide"},
                                        {"product_forms", "logical_product"},
                                        {"divide_forms", "zipped_divide"},
                                        {"product_forms", "tiled_product"}};
  gen_bounds b;
  gen_bounds_default(&b);
  for (size_t i = 0; i < sizeof gens / sizeof gens[0]; i++) {
    counts q;
    run_gen(gens[i][0], gens[i][1], &b, &q);
    T_CHECK(q.made > N_CASES * 9 / 10);
    /* the forms of B: a quarter each in theory; at least a tenth here */
    T_CHECK(q.layout > q.made / 10);
    T_CHECK(q.integer > q.made / 10);
    T_CHECK(q.shape > q.made / 10);
    T_CHECK(q.tiler > q.made / 10);
    T_CHECK(q.e_layout > 100);
    T_CHECK(q.e_int > 100);
    T_CHECK(q.e_under > 100);
    T_CHECK(q.e_nest > 100);
    /* inside the preconditions: the zipped and tiled forms refuse a '_'
    ** entry on a mode of rank other than 2 (CuTe's zip2_by), the others
    ** take nearly all */
    if (!strcmp(gens[i][1], "zipped_divide") || !strcmp(gens[i][1], "tiled_product"))
      T_CHECK(q.refused < q.made / 4);
    else
      T_CHECK(q.refused < q.made / 50);
  }
}

/* Each form of the cotarget comes up; the oracle takes each case. */
static void test_cotarget_forms(void) {
  gen_bounds b;
  counts q;
  gen_bounds_default(&b);
  run_gen("complement_forms", "complement", &b, &q);
  T_CHECK(q.made > N_CASES * 9 / 10);
  T_CHECK(q.integer > q.made / 5);
  T_CHECK(q.shape > q.made / 5);
  T_CHECK(q.layout > q.made / 5);
  T_EQ_INT(q.tiler, 0);
  T_EQ_INT(q.refused, 0);
}

/* A form switched off never comes; the others still do. */
static void test_forms_off(void) {
  gen_bounds b;
  counts q;
  gen_bounds_default(&b);
  b.sut_on = 1;
  b.sut_forms_off = GEN_FORM_INT_OPERAND | GEN_FORM_SHAPE_OPERAND;
  run_gen("product_forms", "logical_product", &b, &q);
  T_EQ_INT(q.integer, 0);
  T_EQ_INT(q.shape, 0);
  T_CHECK(q.tiler > q.made / 10);
  T_CHECK(q.e_int > 100);

  b.sut_forms_off = GEN_FORM_INT_ENTRY | GEN_FORM_UNDERSCORE | GEN_FORM_NESTED_ENTRY;
  run_gen("divide_forms", "logical_divide", &b, &q);
  T_EQ_INT(q.e_under, 0);
  T_EQ_INT(q.e_nest, 0);
  T_CHECK(q.integer > q.made / 10);
  T_CHECK(q.tiler > q.made / 10);
  T_CHECK(q.e_layout > 100);
  /* a shape's entries are integers (shape_operand governs them); a
  ** tiler's are not */
  int tiler_ints = 0;
  {
    gen_plan plan;
    T_EQ_INT(gen_plan_resolve("divide_forms", &plan), 0);
    for (uint64_t seed = 1; seed <= N_CASES; seed++) {
      gen_choices c;
      gen_case k;
      memset(&k, 0, sizeof k);
      gen_choices_random(&c, seed);
      if (gen_plan_run(&plan, &c, &b, &k) == 0 && k.argv[1][0] == '<') {
        counts t;
        memset(&t, 0, sizeof t);
        count_form(&t, k.argv[1]);
        tiler_ints += t.e_int;
      }
      gen_choices_free(&c);
    }
  }
  T_EQ_INT(tiler_ints, 0);

  b.sut_forms_off = 0;
  b.sut_no_tilers = 1;
  run_gen("compose_forms", "composition", &b, &q);
  T_EQ_INT(q.tiler, 0);
  T_CHECK(q.shape > q.made / 10);

  b.sut_no_tilers = 0;
  b.sut_forms_off = GEN_FORM_COTARGET_SHAPE | GEN_FORM_COTARGET_LAYOUT;
  run_gen("complement_forms", "complement", &b, &q);
  T_EQ_INT(q.shape, 0);
  T_EQ_INT(q.layout, 0);
  T_EQ_INT(q.integer, q.made);
}

/* gen_sut_admits refuses what it can tell from the text: a tiler's
** integer or nested entry, '_' (not the '_' of a static integer). */
static void test_admits_forms(void) {
  gen_bounds b;
  gen_case k;
  char why[160];
  gen_bounds_default(&b);
  b.sut_on = 1;
  memset(&k, 0, sizeof k);
  k.argc = 2;
  snprintf(k.argv[0], sizeof k.argv[0], "(8,8):(1,8)");
  snprintf(k.argv[1], sizeof k.argv[1], "<4,(2,_)>");
  T_EQ_INT(gen_sut_admits(&b, &k, why, sizeof why), 1);
  b.sut_forms_off = GEN_FORM_INT_ENTRY;
  T_EQ_INT(gen_sut_admits(&b, &k, why, sizeof why), 0);
  T_EQ_STR(why, "argument 2 (<4,(2,_)>) has an integer entry");
  b.sut_forms_off = GEN_FORM_NESTED_ENTRY;
  T_EQ_INT(gen_sut_admits(&b, &k, why, sizeof why), 0);
  T_EQ_STR(why, "argument 2 (<4,(2,_)>) has a nested entry");
  b.sut_forms_off = GEN_FORM_UNDERSCORE;
  T_EQ_INT(gen_sut_admits(&b, &k, why, sizeof why), 0);
  T_EQ_STR(why, "argument 2 (<4,(2,_)>) holds '_'");
  snprintf(k.argv[1], sizeof k.argv[1], "<_4,(2,2):(1,_2)>"); /* static integers */
  T_EQ_INT(gen_sut_admits(&b, &k, why, sizeof why), 1);
  b.sut_forms_off = GEN_FORM_NESTED_ENTRY; /* a layout entry is not nested */
  T_EQ_INT(gen_sut_admits(&b, &k, why, sizeof why), 1);
}

int main(void) {
  test_b_forms();
  test_cotarget_forms();
  test_forms_off();
  test_admits_forms();
  return T_DONE();
}
