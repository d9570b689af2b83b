/* test_gen_sut.c -- unit tests of a system under test's bounds
** (gen/gen_sut.c) and of gen_plan_run drawing again outside them.  Ranks
** and depths below are counted by hand from the texts: (2,(3,4)) has two
** top-level modes and two levels of parentheses; an integer shape has rank
** 1 and depth 0; () has rank 0. */
#include "gen.h"
#include "t.h"

#include <stdio.h>
#include <string.h>

/* A case of the given arguments. */
static gen_case case_of(int argc, const char *a, const char *b) {
  gen_case k;
  memset(&k, 0, sizeof k);
  k.argc = argc;
  snprintf(k.argv[0], sizeof k.argv[0], "%s", a);
  if (argc > 1) snprintf(k.argv[1], sizeof k.argv[1], "%s", b);
  return k;
}

/* Bounds with the system under test's part on and unrestricted. */
static gen_bounds sut_bounds(void) {
  gen_bounds b;
  gen_bounds_default(&b);
  b.sut_on = 1;
  return b;
}

/* The verdict of b on a one- or two-argument case, and why. */
static int admits(const gen_bounds *b, int argc, const char *x, const char *y, char *why) {
  gen_case k = case_of(argc, x, y);
  return gen_sut_admits(b, &k, why, 160);
}

static void test_admits(void) {
  char why[160];
  gen_bounds b;
  gen_bounds_default(&b);
  b.sut_no_empty = 1; /* ignored while sut_on is 0 */
  T_EQ_INT(admits(&b, 1, "():()", "", why), 1);
  T_EQ_STR(why, "");

  b = sut_bounds();
  T_EQ_INT(admits(&b, 2, "():()", "():()", why), 1);
  b.sut_no_empty = 1;
  T_EQ_INT(admits(&b, 2, "4:1", "():()", why), 0);
  T_EQ_STR(why, "argument 2 (():()) holds an empty tuple");
  T_EQ_INT(admits(&b, 1, "(2,()):(1,())", "", why), 0);
  T_EQ_INT(admits(&b, 2, "(2,3):(1,2)", "<2:1,4:1>", why), 1);
  T_EQ_INT(admits(&b, 2, "(2,3):(1,2)", "<2:1,():()>", why), 0);

  b = sut_bounds();
  b.sut_min_rank = 2;
  T_EQ_INT(admits(&b, 1, "4:1", "", why), 0);
  T_EQ_STR(why, "argument 1 (4:1) has rank 1 < min_rank 2");
  T_EQ_INT(admits(&b, 1, "(2,(3,4)):(1,(2,6))", "", why), 1);
  T_EQ_INT(admits(&b, 2, "(2,2):(1,2)", "3", why), 1); /* an integer has no rank */
  T_EQ_INT(admits(&b, 2, "(2,2):(1,2)", "<(2,2):(1,2),2>", why), 0);
  T_EQ_STR(why, "argument 2 (<(2,2):(1,2),2>) has rank 1 < min_rank 2");
  T_EQ_INT(admits(&b, 1, "(2,2) --> (2,2)", "", why), 1); /* a morphism has none */

  b = sut_bounds();
  b.sut_max_rank = 1;
  T_EQ_INT(admits(&b, 1, "4:1", "", why), 1);
  T_EQ_INT(admits(&b, 1, "(4):(1)", "", why), 1);
  T_EQ_INT(admits(&b, 1, "((2,2)):((1,2))", "", why), 1); /* one mode, nested */
  T_EQ_INT(admits(&b, 1, "(2,(3,4)):(1,(2,6))", "", why), 0);
  T_EQ_STR(why, "argument 1 ((2,(3,4)):(1,(2,6))) has rank 2 > max_rank 1");

  b = sut_bounds();
  b.sut_max_depth = 1;
  T_EQ_INT(admits(&b, 1, "(2,3,4):(1,2,6)", "", why), 1);
  T_EQ_INT(admits(&b, 1, "(2,(3,4)):(1,(2,6))", "", why), 0);
  T_EQ_STR(why, "argument 1 ((2,(3,4)):(1,(2,6))) has depth 2 > max_depth 1");
  b.sut_max_depth = 0;
  T_EQ_INT(admits(&b, 1, "(2):(1)", "", why), 0);
  T_EQ_INT(admits(&b, 1, "2:1", "", why), 1);

  b = sut_bounds();
  b.sut_no_tilers = 1;
  T_EQ_INT(admits(&b, 2, "8:1", "<2:1>", why), 0);
  T_EQ_STR(why, "argument 2 (<2:1>) is a tiler");
  T_EQ_INT(admits(&b, 2, "8:1", "2:1", why), 1);

  /* a long argument is cut in the message */
  T_EQ_INT(admits(&b, 1, "<(2,2,2,2,2,2,2,2):(1,2,4,8,16,32,64,128),2:1>", "", why), 0);
  T_EQ_STR(why, "argument 1 (<(2,2,2,2,2,2,2,2):(1,2,...) is a tiler"); /* 24 bytes */
}

/* gen_plan_run keeps drawing from the same stream until the case is in
** bounds: every case of 300 streams is, some are drawn again, and a
** replayed stream makes the same case. */
static void test_plan_redraws(void) {
  gen_plan plan;
  gen_bounds b = sut_bounds();
  char why[160];
  int outside = 0, redrawn = 0, same = 1, made = 0;
  b.sut_no_empty = 1;
  b.sut_min_rank = 2;
  b.sut_max_depth = 1;
  T_EQ_INT(gen_plan_resolve("layout", &plan), 0);
  for (uint64_t seed = 1; seed <= 300; seed++) {
    gen_choices c, r;
    gen_case k, again;
    memset(&k, 0, sizeof k);
    memset(&again, 0, sizeof again);
    gen_choices_random(&c, seed);
    if (gen_plan_run(&plan, &c, &b, &k) == 0) {
      made++;
      if (!gen_sut_admits(&b, &k, why, sizeof why)) outside++;
      /* the same stream without bounds: the first draw, maybe refused */
      gen_bounds free_b = b;
      gen_case first;
      gen_choices f;
      memset(&first, 0, sizeof first);
      free_b.sut_on = 0;
      gen_choices_replay(&f, c.v, c.n);
      gen_plan_run(&plan, &f, &free_b, &first);
      if (strcmp(first.argv[0], k.argv[0]) != 0) redrawn++;
      gen_choices_free(&f);
      gen_choices_replay(&r, c.v, c.n);
      gen_plan_run(&plan, &r, &b, &again);
      if (strcmp(again.argv[0], k.argv[0]) != 0) same = 0;
      gen_choices_free(&r);
    }
    gen_choices_free(&c);
  }
  T_CHECK(made > 200);
  T_EQ_INT(outside, 0);
  T_CHECK(redrawn > 0);
  T_CHECK(same);
}

int main(void) {
  test_admits();
  test_plan_redraws();
  return T_DONE();
}
