/*
** test_cex_paste.c -- a counterexample as people paste it: the variables'
** names (cex_var_names), the `check` command with its shell quoting, when
** an `eval` line is shown, and the two sides the report reads from a
** stored message (report_sides), malformed messages included.  Expected
** values are written by hand from the messages' forms.
*/
#include "cex_format.h"
#include "properties.h"
#include "report.h"
#include "t.h"

#include <string.h>

/* A case of argc arguments. */
static gen_case case_of(int argc, const char *a, const char *b, const char *c) {
  gen_case k;
  memset(&k, 0, sizeof k);
  k.argc = argc;
  const char *v[3] = {a, b, c};
  for (int i = 0; i < argc; i++) strcpy(k.argv[i], v[i]);
  return k;
}

/* Names, the check command and the eval line of three seed properties. */
static void test_names(void) {
  char buf[1024], names[GEN_MAX_ARGS][CEX_NAME_LEN];
  const gen_property *ci = prop_find("lean.complement_involution");
  const gen_property *ca = prop_find("lean.compose_assoc_flat");
  const gen_property *ce = prop_find("lean.complement_exists");
  if (!T_CHECK(ci && ca && ce)) return;
  gen_case k = case_of(2, "(2,2):(2,1)", "4", NULL);
  /* named by its generator, complementable: "L N" */
  T_EQ_INT(cex_arity(ci), 2);
  cex_vars_text(ci, &k, buf, sizeof buf);
  T_EQ_STR(buf, "L = (2,2):(2,1), N = 4");
  cex_check_command(ci, &k, buf, sizeof buf);
  T_EQ_STR(buf, "layoutcheck check lean.complement_involution 'L=(2,2):(2,1)' N=4");
  /* op_other: eval's complement is not what the check evaluates */
  T_EQ_INT(cex_eval_line(ci, &k, buf, sizeof buf), 0);
  T_EQ_STR(buf, "");
  /* three variables set by the property; flat_composition takes two */
  gen_case k3 = case_of(3, "(2):(0)", "(2,2):(0,1)", "3:1");
  T_EQ_INT(cex_arity(ca), 3);
  cex_vars_text(ca, &k3, buf, sizeof buf);
  T_EQ_STR(buf, "A = (2):(0), B = (2,2):(0,1), C = 3:1");
  T_EQ_INT(cex_eval_line(ca, &k3, buf, sizeof buf), 0);
  /* a property whose op is what it checks: the eval line, quoted */
  gen_case k2 = case_of(2, "2:1", "3", NULL);
  T_EQ_INT(cex_eval_line(ce, &k2, buf, sizeof buf), 1);
  T_EQ_STR(buf, "flat_complement 2:1 3");
  /* duplicate generator names fall back to A, B */
  gen_property twice = {.name = "x", .generator = "tractable tractable", .op = "size"};
  cex_var_names(&twice, 2, names);
  T_EQ_STR(names[0], "A");
  T_EQ_STR(names[1], "B");
  /* no property at all: A, B, C */
  cex_var_names(NULL, 3, names);
  T_EQ_STR(names[2], "C");
  /* a vars field naming the wrong number of variables is not used */
  gen_property wrong = {.name = "y", .generator = "complementable", .vars = "P Q R"};
  cex_var_names(&wrong, 2, names);
  T_EQ_STR(names[0], "L");
}

/* Shell words: plain ones as they are, others single-quoted. */
static void test_quoting(void) {
  char buf[256];
  cex_shell_word("N=4", buf, sizeof buf);
  T_EQ_STR(buf, "N=4");
  cex_shell_word("L=(2,2):(1,2)", buf, sizeof buf);
  T_EQ_STR(buf, "'L=(2,2):(1,2)'");
  cex_shell_word("X'=(2,2)", buf, sizeof buf);
  T_EQ_STR(buf, "'X'\\''=(2,2)'");
  cex_shell_word("", buf, sizeof buf);
  T_EQ_STR(buf, "''");
  T_EQ_INT(cex_shell_word("(2,2):(1,2)", buf, 6), -1); /* does not fit */
}

/* The two sides read from each form of stored message, and refusals. */
static void test_sides(void) {
  report_side s[2];
  T_EQ_INT(report_sides("the answers differ: oracle 1:0, system under test (9):(9)", s), 1);
  T_EQ_STR(s[0].label, "oracle");
  T_EQ_STR(s[0].value, "1:0");
  T_EQ_STR(s[1].label, "system under test");
  T_EQ_STR(s[1].value, "(9):(9)");
  /* the oracle's op named in parentheses (the CuTe layer) */
  T_EQ_INT(report_sides("differ: oracle (cute_coalesce) 4:1, system under test error: boom", s), 1);
  T_EQ_STR(s[0].value, "4:1");
  T_EQ_STR(s[1].value, "error: boom");
  T_EQ_INT(report_sides("coalesce(comp(comp(L,N),N)) = 4:1 but coalesce(L) = (2,2):(2,1)", s), 1);
  T_EQ_STR(s[0].label, "coalesce(comp(comp(L,N),N))");
  T_EQ_STR(s[0].value, "4:1");
  T_EQ_STR(s[1].label, "coalesce(L)");
  T_EQ_STR(s[1].value, "(2,2):(2,1)");
  /* a remark after the right side's value is not part of it */
  T_EQ_INT(report_sides("(A o B) o C = (2,4):(1,4) but A o (B o C) = (2,2,2):(1,4,8) (the same "
                        "layout function)",
                        s),
           1);
  T_EQ_STR(s[1].value, "(2,2,2):(1,4,8)");
  /* one side undefined: its text kept whole */
  T_EQ_INT(report_sides("(A o B) o C = (3):(1) but A o (B o C) is undefined (no composite)", s), 1);
  T_EQ_STR(s[1].label, "right");
  T_EQ_STR(s[1].value, "A o (B o C) is undefined (no composite)");
  T_EQ_INT(report_sides("flat composite: (2):(1) vs 2:1", s), 1);
  T_EQ_STR(s[0].value, "(2):(1)");
  T_EQ_STR(s[1].value, "2:1");
  T_EQ_STR(s[1].label, "flat composite, right");
  /* not the form of a disagreement */
  T_EQ_INT(report_sides("L has standard form but codomain entry 1 is not hit", s), 0);
  T_EQ_INT(report_sides("the sorting coalesce vs L: at 1, a gives 1", s), 0);
  T_EQ_INT(report_sides("", s), 0);
  T_EQ_INT(report_sides(NULL, s), 0);
  T_EQ_INT(report_sides(": oracle", s), 0);
  T_EQ_INT(report_sides(" but ", s), 0);
}

int main(void) {
  test_names();
  test_quoting();
  test_sides();
  return T_DONE();
}
