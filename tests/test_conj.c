/* test_conj.c -- unit tests of user conjectures: the expression language
** (properties/conj_expr.c: parsing, type errors with their offsets, every
** construct evaluated, undefined and too-large cases, the explanations of
** false checks) and the loader (yaml/conj_load.c: a good file, the shared
** check function, every class of load error at its FILE:LINE:COLUMN), and
** the property list of run/run_setup.c with loaded conjectures. */
#include "conj_expr.h"
#include "conj_load.h"
#include "properties.h"
#include "run_setup.h"
#include "t.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char dir[64]; /* a temporary directory for the YAML files */

/* ------------------------------------------------------------ expressions */

static const char *const vars_l[] = {"L"};
static const char *const vars_ab[] = {"A", "B"};

/* Compile text with the variables (n of them) and evaluate it on argv:
** the status, and the value or the reason in out. */
static conj_status eval_text(const char *text, const char *const *vars, int n,
                             const char *const *argv, int64_t max_size, char *out, size_t cap) {
  conj_expr *e;
  conj_error err;
  if (conj_compile(text, vars, n, &e, &err)) {
    snprintf(out, cap, "compile error at %zu: %s", err.offset, err.msg);
    return (conj_status)-1;
  }
  conj_env env = {n, argv, max_size};
  conj_status st = conj_eval(e, &env, out, cap);
  conj_expr_free(e);
  return st;
}

/* Check that text evaluates (with L bound to l) to want. */
#define EVAL_L(text, l, want)                                                                      \
  do {                                                                                             \
    char out_[1024];                                                                               \
    const char *argv_[] = {l};                                                                     \
    conj_status st_ = eval_text(text, vars_l, 1, argv_, 4096, out_, sizeof out_);                  \
    t_eq_int(st_, CONJ_OK, text, __FILE__, __LINE__);                                              \
    t_eq_str(out_, want, text, __FILE__, __LINE__);                                                \
  } while (0)

/* Check that text (with L bound to l) ends with status want_st and a
** reason starting with prefix. */
#define EVAL_FAILS(text, l, max_size, want_st, prefix)                                             \
  do {                                                                                             \
    char out_[1024];                                                                               \
    const char *argv_[] = {l};                                                                     \
    conj_status st_ = eval_text(text, vars_l, 1, argv_, max_size, out_, sizeof out_);              \
    t_eq_int(st_, want_st, text, __FILE__, __LINE__);                                              \
    t_record(strncmp(out_, prefix, strlen(prefix)) == 0, __FILE__, __LINE__, text);                \
    if (strncmp(out_, prefix, strlen(prefix)) != 0) printf("    got \"%s\"\n", out_);              \
  } while (0)

/* Check that text fails to compile (variables A and B) at offset with a
** message starting with prefix. */
#define COMPILE_ERROR(text, off, prefix)                                                           \
  do {                                                                                             \
    conj_expr *e_ = NULL;                                                                          \
    conj_error err_;                                                                               \
    int rc_ = conj_compile(text, vars_ab, 2, &e_, &err_);                                          \
    t_eq_int(rc_, -1, text, __FILE__, __LINE__);                                                   \
    t_eq_int((long long)err_.offset, off, text, __FILE__, __LINE__);                               \
    t_record(strncmp(err_.msg, prefix, strlen(prefix)) == 0, __FILE__, __LINE__, text);            \
    if (strncmp(err_.msg, prefix, strlen(prefix)) != 0) printf("    got \"%s\"\n", err_.msg);      \
    conj_expr_free(e_);                                                                            \
  } while (0)

/* Check the explanation of a false boolean text on A and B. */
#define EXPLAINS(text, a, b, want)                                                                 \
  do {                                                                                             \
    conj_expr *e_;                                                                                 \
    conj_error err_;                                                                               \
    char why_[512] = "";                                                                           \
    int holds_ = -1;                                                                               \
    const char *argv_[] = {a, b};                                                                  \
    conj_env env_ = {2, argv_, 4096};                                                              \
    if (t_eq_int(conj_compile(text, vars_ab, 2, &e_, &err_), 0, text, __FILE__, __LINE__)) {       \
      t_eq_int(conj_holds(e_, &env_, &holds_, why_, sizeof why_), CONJ_OK, text, __FILE__,         \
               __LINE__);                                                                          \
      t_eq_int(holds_, 0, text, __FILE__, __LINE__);                                               \
      t_eq_str(why_, want, text, __FILE__, __LINE__);                                              \
      conj_expr_free(e_);                                                                          \
    } else {                                                                                       \
      printf("    %s\n", err_.msg);                                                                \
    }                                                                                              \
  } while (0)

/* Values, literals, variables and op calls. */
static void test_values(void) {
  EVAL_L("coalesce('(2,4):(1,2)')", "1:0", "8:1");
  EVAL_L("'(2, 2) : (1, 2)'", "1:0", "(2,2):(1,2)"); /* canonical */
  EVAL_L("'(2,3)--(2,1)-->(3,2)'", "1:0", "(2,3)--(2,1)-->(3,2)");
  EVAL_L("'{1,3}'", "1:0", "{1,3}"); /* kept as written */
  EVAL_L("007", "1:0", "7");
  EVAL_L("L", "(2,2):(1,2)", "(2,2):(1,2)");
  EVAL_L("size(L)", "(2,3):(1,2)", "6");
  EVAL_L("mode(L, 2)", "((2,2),9):((3,6),12)", "9:12");
  EVAL_L("concat(L, L, L)", "2:1", "(2,2,2):(1,1,1)");
  EVAL_L("is_compact(L)", "(2,2):(2,1)", "true");
  EVAL_L("is_tractable(L)", "(2,2):(3,1)", "false");
  EVAL_L("'true'", "1:0", "true");
  EVAL_L("mutual_refinement('(4,6)', '(2,12)')", "1:0", "((2,2),6) (2,(2,6))");
}

/* function(E) and F . G. */
static void test_functions(void) {
  EVAL_L("function(L)", "(2,2):(2,1)", "[0,2,1,3]");
  EVAL_L("function(L)", "():()", "[0]");
  EVAL_L("function(L)", "(2,3)--(2,1)-->(3,2)", "[0,3,1,4,2,5]"); /* L_f = (2,3):(3,1) */
  EVAL_L("function(L) . function(L)", "(2,2):(2,1)", "[0,1,2,3]");
  EVAL_L("function('4:1') . function(L)", "(2,2):(0,1)", "[0,0,1,1]");
  EVAL_L("function(L) == function(coalesce(L))", "(2,4):(1,2)", "true");
  EVAL_L("function(L) == function(sort(L))", "(2,2):(2,1)", "false");
  EVAL_L("function(L) != function('2:1')", "(2,2):(1,2)", "true"); /* lengths differ */
  EVAL_FAILS("function('4:1') . function(L)", "2:4", 4096, CONJ_UNDEFINED,
             "function('4:1') . function(L): the right side gives 4 at 1, outside [0,4)");
  EVAL_L("defined(function('4:1') . function(L))", "2:4", "false");
  EVAL_FAILS("function(L)", "(2,3)", 4096, CONJ_UNDEFINED,
             "function(L): '(2,3)' is not a layout or a morphism");
  EVAL_FAILS("function(L)", "<2,3>", 4096, CONJ_UNDEFINED, "function(L):");
  EVAL_FAILS("function(L) == function(L)", "(2,2):(1,2)", 3, CONJ_TOO_LARGE,
             "function(L): size 4 is above max_size 3");
  EVAL_FAILS("defined(function(L))", "(2,2):(1,2)", 3, CONJ_TOO_LARGE, "function(L):");
  char out[64];
  const char *argv[] = {"(2,2):(1,2)"};
  T_EQ_INT(eval_text("function(L)", vars_l, 1, argv, 4, out, 8), CONJ_OK);
  T_EQ_STR(out, "[0...");
}

/* Comparisons, logic, defined, short-circuits and undefined cases. */
static void test_logic(void) {
  EVAL_L("L == '(2,2):(1,2)'", "(2,2):(1,2)", "true");
  EVAL_L("L == '(2,2):(1,3)'", "(2,2):(1,2)", "false");
  EVAL_L("L != '4:1'", "(2,2):(1,2)", "true");
  EVAL_L("is_compact(L) == true", "(2,2):(1,2)", "true");
  EVAL_L("size(L) < cosize(L)", "(2,2):(1,4)", "true");
  EVAL_L("size(L) <= 4", "(2,2):(1,4)", "true");
  EVAL_L("size(L) > 4", "(2,2):(1,4)", "false");
  EVAL_L("cosize(L) >= 10", "(2,2):(1,4)", "false");
  EVAL_L("size(L) < 10000000000", "(2,2):(1,4)", "true");
  EVAL_FAILS("shape_of_it(L) < 3", "1:0", 4096, (conj_status)-1, "compile error at 0: unknown op");
  EVAL_FAILS("L < 3", "(2,2):(1,4)", 4096, CONJ_UNDEFINED,
             "L < 3: '(2,2):(1,4)' is not an integer");
  EVAL_L("true and false", "1:0", "false");
  EVAL_L("true and true", "1:0", "true");
  EVAL_L("false or true", "1:0", "true");
  EVAL_L("false or false", "1:0", "false");
  EVAL_L("not false", "1:0", "true");
  EVAL_L("not not false", "1:0", "false");
  EVAL_L("true => false", "1:0", "false");
  EVAL_L("false => false", "1:0", "true");
  EVAL_L("true => true", "1:0", "true");
  EVAL_L("false => true => false", "1:0", "true"); /* false => (true => false) */
  EVAL_L("not true and false", "1:0", "false");    /* (not true) and false */
  EVAL_L("true or true and false", "1:0", "true"); /* true or (true and false) */
  EVAL_L("(true or true) and false", "1:0", "false");
  EVAL_FAILS("true == false == false", "1:0", 4096, (conj_status)-1,
             "compile error at 14: comparisons do not chain");
  /* complement(L, 16) is undefined for L = (2,2):(1,3) */
  const char *bad = "(2,2):(1,3)";
  EVAL_FAILS("size(complement(L, 16)) == 1", bad, 4096, CONJ_UNDEFINED,
             "complement(L, 16): not complementable: CuTe prints 3:6");
  EVAL_L("defined(complement(L, 16))", bad, "false");
  EVAL_L("defined(complement(L, 12))", "(2,2):(1,2)", "true");
  EVAL_L("false and size(complement(L, 16)) == 1", bad, "false");
  EVAL_L("true or size(complement(L, 16)) == 1", bad, "true");
  EVAL_L("false => size(complement(L, 16)) == 1", bad, "true");
  EVAL_L("defined(complement(L, 16)) => size(complement(L, 16)) == 1", bad, "true");
  EVAL_FAILS("true and size(complement(L, 16)) == 1", bad, 4096, CONJ_UNDEFINED, "complement(");
  EVAL_FAILS("coalesce(L, L, L, L, L, L, L, L) == L", "1:0", 4096, (conj_status)-1,
             "compile error at 0: coalesce takes L [P] | f (8 given)");
  EVAL_FAILS("size(L) == 1", "not a layout", 4096, CONJ_UNDEFINED, "size(L): argument 1:");
  EVAL_FAILS("is_tractable(L)", "(2,", 4096, CONJ_UNDEFINED, "is_tractable(L): argument 1:");
}

/* Compile errors: offsets and messages. */
static void test_compile_errors(void) {
  COMPILE_ERROR("", 0, "empty expression");
  COMPILE_ERROR("   ", 3, "empty expression");
  COMPILE_ERROR("coalesce(A", 10,
                "expected ',' or ')' in the arguments of coalesce, found the end");
  COMPILE_ERROR("coalesce(A B)", 11, "expected ',' or ')'");
  COMPILE_ERROR("foo(A) == A", 0, "unknown op 'foo'");
  COMPILE_ERROR("size(X) == A", 5, "unknown variable 'X' (the variables are A, B)");
  COMPILE_ERROR("A(1) == B", 0, "'A' is a variable, not an op");
  COMPILE_ERROR("size == A", 0, "'size' is an op: call it as size(...)");
  COMPILE_ERROR("function(A) == A", 12, "'==' compares a function with a value");
  COMPILE_ERROR("A != true", 2, "'!=' compares a value with a boolean");
  COMPILE_ERROR("size(A) and true", 0, "'and' needs booleans on both sides, found a value");
  COMPILE_ERROR("true or A", 8, "'or' needs booleans on both sides, found a value");
  COMPILE_ERROR("A => true", 0, "'=>' needs booleans on both sides, found a value");
  COMPILE_ERROR("not size(A)", 4, "'not' needs a boolean, found a value");
  COMPILE_ERROR("function(A) . A == A", 14, "'.' (at offset 13) composes functions, found a value");
  COMPILE_ERROR("A . function(B) == A", 0, "'.' (at offset 3) composes functions");
  COMPILE_ERROR("size(function(A)) == 1", 5, "argument 1 of size is a function; ops take values");
  COMPILE_ERROR("size(A == B) == 1", 5, "argument 1 of size is a boolean");
  COMPILE_ERROR("function(true) == function(A)", 9, "function(E) needs a layout value E");
  COMPILE_ERROR("function(A, B) == function(A)", 0, "function takes one argument (2 given)");
  COMPILE_ERROR("defined() == true", 0, "defined takes one argument (0 given)");
  COMPILE_ERROR("defined == true", 0, "defined needs an argument");
  COMPILE_ERROR("composition(A, B, A) == A", 0, "composition takes A B|A <B..>|g f (3 given)");
  COMPILE_ERROR("size(A) < function(A)", 10, "'<' compares integer values, found a function");
  COMPILE_ERROR("A == B == A", 7, "comparisons do not chain");
  COMPILE_ERROR("A = B", 2, "'=' alone");
  COMPILE_ERROR("A == \"B\"", 5, "quote literals with '");
  COMPILE_ERROR("A == '(2,2)", 5, "unterminated quoted literal");
  COMPILE_ERROR("A == ''", 5, "empty quoted literal");
  COMPILE_ERROR("size(A) == 99999999999999999999", 11, "integer too large");
  COMPILE_ERROR("A == B)", 6, "expected an operator or the end, found ')'");
  COMPILE_ERROR("A == 2B", 5, "a name cannot start with a digit");
  COMPILE_ERROR("A == and", 5, "expected an operand, found 'and'");
  COMPILE_ERROR("A == B ; true", 7, "unexpected character ';'");
  COMPILE_ERROR("(A == B", 7, "expected ')' to close the '(' at offset 1, found the end");
  char deep[500] = "";
  for (int i = 0; i < 200; i++) strcat(deep, "(");
  strcat(deep, "true");
  for (int i = 0; i < 200; i++) strcat(deep, ")");
  COMPILE_ERROR(deep, 128, "nested too deeply");

  char msg[240];
  T_EQ_INT(conj_check_var_name("L2", msg, sizeof msg), 0);
  T_EQ_INT(conj_check_var_name("_x", msg, sizeof msg), 0);
  T_EQ_INT(conj_check_var_name("2L", msg, sizeof msg), -1);
  T_EQ_INT(conj_check_var_name("a-b", msg, sizeof msg), -1);
  T_EQ_INT(conj_check_var_name("X'", msg, sizeof msg), -1);
  T_EQ_INT(conj_check_var_name("and", msg, sizeof msg), -1);
  T_EQ_STR(msg, "'and' is a keyword, not a variable name");
  T_EQ_INT(conj_check_var_name("size", msg, sizeof msg), -1);
  T_EQ_STR(msg, "'size' is an op, not a variable name");
  T_CHECK(conj_is_op("logical_divide"));
  T_CHECK(!conj_is_op("function"));
}

/* n copies of operand joined by " OP " (malloc'd). */
static char *chain(const char *operand, const char *op, int n) {
  size_t each = strlen(operand) + strlen(op) + 2;
  char *s = malloc(each * (size_t)n + 1), *p = s;
  for (int i = 0; s && i < n; i++)
    p += i ? sprintf(p, " %s %s", op, operand) : sprintf(p, "%s", operand);
  return s;
}

/* Deep trees: a chain of 'and' or 'or' is one level per operand, and the
** tree may be 1000 levels deep, so that evaluating it cannot exhaust the
** stack (a chain of 20,000 'and's crashed the evaluator).  Quoted
** literals that look like values must parse. */
static void test_depth_and_literals(void) {
  char out[64];
  const char *argv[] = {"4:1"};
  char *ok = chain("true", "and", 1000), *deep = chain("true", "and", 1001);
  char *deep_or = chain("false", "or", 1001), *huge = chain("true", "and", 20000);
  if (!ok || !deep || !deep_or || !huge) {
    T_CHECK(!"out of memory");
  } else {
    /* 1000 operands: depth 1000 (the innermost 'and' holds two leaves) */
    T_EQ_INT(eval_text(ok, vars_l, 1, argv, 4096, out, sizeof out), CONJ_OK);
    T_EQ_STR(out, "true");
    /* the 1001st operand starts at 1000 * strlen("true and ") */
    COMPILE_ERROR(deep, 9000, "expression nested too deeply: more than 1000 levels");
    COMPILE_ERROR(deep_or, 9000, "expression nested too deeply");
    COMPILE_ERROR(huge, 9000, "expression nested too deeply");
  }
  free(ok);
  free(deep);
  free(deep_or);
  free(huge);

  COMPILE_ERROR("A == '(2,3'", 6, "quoted literal: '(' is not closed");
  COMPILE_ERROR("A == '(2,3):(1,2'", 12, "quoted literal: '(' is not closed");
  COMPILE_ERROR("A == '(2,3)):(1'", 11, "quoted literal: ')' closes nothing that is open");
  COMPILE_ERROR("A == '(2,x)'", 6, "quoted literal '(2,x)' does not parse: ");
  COMPILE_ERROR("A == '2:3:4'", 6, "quoted literal '2:3:4' does not parse: ");
  COMPILE_ERROR("A == '4:1; (2,:(1'", 15, "quoted literal: '(' is not closed");
  COMPILE_ERROR("A == '4:1; (2,3:(1,2))'", 11, "quoted literal '(2,3:(1,2))' does not parse");
  /* what the oracle reads or prints is accepted: lists, pairs, cycles,
  ** index sets, tilers, profiles, functions, morphisms, spaces */
  static const char *const good_literals[] = {
      "modes(A) == '(2,2):(3,6); 9:12'",
      "A == '(6,(2,3)) ((6,2),3,6)'",
      "A == '(1 2)(3 4)'",
      "A == '{1,3}'",
      "A == '<4:1,3:1>'",
      "A == '((*,*),*)'",
      "A == '[0,1,5,6]'",
      "A == '(2, 2) : (1, 2)'",
      "A == '(2,2)--(1,2)-->(2,2)'",
      "A == '(1,0);(0,2)'",
  };
  for (size_t i = 0; i < sizeof good_literals / sizeof good_literals[0]; i++) {
    conj_expr *e = NULL;
    conj_error err;
    if (!t_eq_int(conj_compile(good_literals[i], vars_ab, 2, &e, &err), 0, good_literals[i],
                  __FILE__, __LINE__))
      printf("    %s\n", err.msg);
    conj_expr_free(e);
  }
}

/* Types and the outermost op. */
static void test_types_and_ops(void) {
  static const struct {
    const char *text;
    conj_type type;
    const char *op;
  } cases[] = {
      {"coalesce(coalesce(A)) == coalesce(A)", CONJ_BOOL, "coalesce"},
      {"function(composition(A,B)) == function(A) . function(B)", CONJ_BOOL, "composition"},
      {"size(composition(A,B)) == size(B)", CONJ_BOOL, "size"},
      {"is_sorted(A) => is_coalesced(A)", CONJ_BOOL, "is_sorted"},
      {"defined(A) and (B == A or complement(A) == B)", CONJ_BOOL, "complement"},
      {"A == B", CONJ_BOOL, NULL},
      {"function(A) . function(B)", CONJ_FUNCTION, NULL},
      {"logical_divide(A, B)", CONJ_VALUE, "logical_divide"},
      {"12", CONJ_VALUE, NULL},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    conj_expr *e;
    conj_error err;
    if (!T_EQ_INT(conj_compile(cases[i].text, vars_ab, 2, &e, &err), 0)) continue;
    T_EQ_INT(conj_expr_type(e), cases[i].type);
    T_EQ_STR(conj_expr_op(e), cases[i].op);
    conj_expr_free(e);
  }
  T_EQ_STR(conj_type_name(CONJ_FUNCTION), "a function");
}

/* Why a check is false. */
static void test_explanations(void) {
  EXPLAINS("coalesce(A) == A", "(2,4):(1,2)", "1:0", "coalesce(A) = 8:1 but A = (2,4):(1,2)");
  EXPLAINS("A != B", "1:0", "1:0", "A = 1:0 and B = 1:0 are equal");
  EXPLAINS("size(A) <= cosize(A)", "2:0", "1:0", "size(A) = 2 is not <= cosize(A) = 1");
  EXPLAINS("function(A) == function(sort(A))", "(2,2):(2,1)", "1:0",
           "function(A) = [0,2,1,3] but function(sort(A)) = [0,1,2,3] (at 1: 2, 1)");
  EXPLAINS("function(A) == function(B)", "(2,2):(1,2)", "2:1",
           "function(A) = [0,1,2,3] but function(B) = [0,1] (4 values, 2 values)");
  EXPLAINS("is_compact(A) and A == B", "4:1", "2:1", "A = 4:1 but B = 2:1");
  EXPLAINS("is_compact(A) and A == B", "4:2", "2:1", "is_compact(A) is false");
  EXPLAINS("A == B or size(A)   ==   3", "4:1", "2:1",
           "neither holds: A = 4:1 but B = 2:1; size(A) = 4, not 3");
  EXPLAINS("is_compact(A) => A == B", "4:1", "2:1", "A = 4:1 but B = 2:1");
  EXPLAINS("not is_compact(A)", "4:1", "2:1", "is_compact(A) holds");
  EXPLAINS("defined(complement(A, 16))", "(2,2):(1,3)", "1:0",
           "not defined: complement(A, 16): not complementable: CuTe prints 3:6, which is not a "
           "complement: size(R) = 3 is below the cotarget 16 / size(filter(L)) 4 = 4 (CuTe's "
           "postcondition, in integer division)");
  EXPLAINS("false", "1:0", "1:0", "false is false");
  char long_layout[600] = "(";
  for (int i = 0; i < 60; i++) strcat(long_layout, i ? ",2" : "2");
  strcat(long_layout, "):(");
  for (int i = 0; i < 60; i++) strcat(long_layout, i ? ",0" : "0");
  strcat(long_layout, ")");
  conj_expr *e;
  conj_error err;
  char why[512];
  int holds;
  const char *argv[] = {long_layout, "1:0"};
  conj_env env = {2, argv, 4096};
  if (T_EQ_INT(conj_compile("A == B", vars_ab, 2, &e, &err), 0)) {
    T_EQ_INT(conj_holds(e, &env, &holds, why, sizeof why), CONJ_OK);
    T_CHECK(strstr(why, "...") != NULL && strstr(why, "but B = 1:0") != NULL);
    T_CHECK(strlen(why) < 300);
    conj_expr_free(e);
  }
}

/* ------------------------------------------------------------ loading */

/* Write text to dir/name; its path goes to path[0..256). */
static void write_file(const char *name, const char *text, char *path) {
  snprintf(path, 256, "%s/%s", dir, name);
  FILE *f = fopen(path, "w");
  if (!f) return;
  fputs(text, f);
  fclose(f);
}

/* conj_taken_fn: the built-in properties. */
static int taken(const char *name, void *ud) {
  (void)ud;
  return prop_find(name) != NULL;
}

/* Load text as one file into a new set: conj_set_load's status, its
** message in msg (with the path cut off: ":LINE:COLUMN: what"). */
static int load_text(const char *text, char *msg, size_t cap) {
  char path[256], full[1024] = "";
  write_file("c.yaml", text, path);
  conj_set *s = conj_set_new();
  int rc = conj_set_load(s, path, taken, NULL, full, sizeof full);
  conj_set_free(s);
  size_t len = strlen(path);
  snprintf(msg, cap, "%s", strncmp(full, path, len) == 0 ? full + len : full);
  return rc;
}

/* Check that text fails to load with ":LINE:COLUMN: what" (a prefix). */
#define LOAD_ERROR(text, want)                                                                     \
  do {                                                                                             \
    char m_[1024];                                                                                 \
    int rc_ = load_text(text, m_, sizeof m_);                                                      \
    t_eq_int(rc_, -1, want, __FILE__, __LINE__);                                                   \
    int ok_ = strncmp(m_, want, strlen(want)) == 0;                                                \
    t_record(ok_, __FILE__, __LINE__, want);                                                       \
    if (!ok_) printf("    got \"%s\"\n", m_);                                                      \
  } while (0)

/* Run property p's check on argv[0..argc): the verdict, msg and labels. */
static gen_verdict run_check(const gen_property *p, int argc, const char *const *argv, char *msg,
                             uint32_t *labels) {
  gen_bounds b;
  gen_bounds_default(&b);
  gen_ctx x;
  memset(&x, 0, sizeof x);
  x.argc = argc;
  x.argv = argv;
  x.data = p->data;
  x.bounds = &b;
  gen_verdict v = p->check(&x);
  strcpy(msg, x.msg);
  *labels = x.labels;
  return v;
}

static const char good[] =
    "# two conjectures\n"
    "- {name: t.idem, forall: {L: layout}, check: \"coalesce(coalesce(L)) == coalesce(L)\", "
    "kind: theorem}\n"
    "- name: t.agree\n"
    "  forall: {\"A B\": composable_layouts}\n"
    "  assume: defined(composition(A,B))\n"
    "  check: >-\n"
    "    function(composition(A,B))\n"
    "    == function(A) . function(B)\n"
    "- name: t.pair\n"
    "  forall: {L: layout, 'X Y': refinement, N: tuple}\n"
    "  check: \"coalesce(sort(L)) == coalesce(L) and refines(X, Y) and size(N) > 0\"\n"
    "  statement: |\n"
    "    several\n"
    "    lines\n"
    "  source: the test\n"
    "  op: sort\n";

/* A good file: the properties and their defaults. */
static void test_load_good(void) {
  char path[256], msg[1024] = "";
  write_file("good.yaml", good, path);
  conj_set *s = conj_set_new();
  if (!T_EQ_INT(conj_set_load(s, path, taken, NULL, msg, sizeof msg), 0)) printf("    %s\n", msg);
  T_EQ_INT(conj_set_count(s), 3);
  const gen_property *p = conj_set_at(s, 0), *q = conj_set_at(s, 1), *r = conj_set_at(s, 2);
  T_CHECK(conj_set_at(s, 3) == NULL && conj_set_at(s, -1) == NULL);
  if (!p || !q || !r) {
    conj_set_free(s);
    return;
  }
  char where[600];
  T_EQ_STR(p->name, "t.idem");
  T_EQ_INT(p->kind, GEN_THEOREM);
  T_EQ_STR(p->generator, "layout");
  T_EQ_STR(p->op, "coalesce");
  T_EQ_STR(p->statement, "coalesce(coalesce(L)) == coalesce(L)");
  snprintf(where, sizeof where, "%s:2", path);
  T_EQ_STR(p->source, where);
  T_EQ_STR(q->name, "t.agree");
  T_EQ_INT(q->kind, GEN_CONJECTURE);
  T_EQ_STR(q->generator, "composable_layouts");
  T_EQ_STR(q->op, "composition");
  T_EQ_STR(q->statement, "function(composition(A,B)) == function(A) . function(B)");
  snprintf(where, sizeof where, "%s:3", path);
  T_EQ_STR(q->source, where);
  T_EQ_STR(r->generator, "layout refinement tuple");
  T_EQ_STR(r->statement, "several lines");
  T_EQ_STR(r->source, "the test");
  T_EQ_STR(r->op, "sort");
  T_CHECK(conj_set_find(s, "t.agree") == q);
  T_CHECK(conj_set_find(s, "t.none") == NULL);
  gen_plan plan;
  T_EQ_INT(gen_plan_resolve(r->generator, &plan), 0);

  /* the shared check */
  uint32_t labels;
  const char *l1[] = {"(2,4):(1,2)"};
  T_EQ_INT(run_check(p, 1, l1, msg, &labels), GEN_PASS);
  const char *ab[] = {"4:1", "(2,2):(2,1)"};
  T_EQ_INT(run_check(q, 2, ab, msg, &labels), GEN_PASS);
  const char *undefined[] = {"(2,2):(2,1)", "(2,3):(2,1)"};
  T_EQ_INT(run_check(q, 2, undefined, msg, &labels), GEN_DISCARD); /* assume false */
  T_CHECK(strncmp(msg, "assume is false: not defined: composition(A,B):", 47) == 0);
  T_EQ_INT(labels, 0);
  const char *past[] = {"2:1", "2:2"}; /* B reaches past size(A): '.' is undefined */
  T_EQ_INT(run_check(q, 2, past, msg, &labels), GEN_DISCARD);
  T_EQ_INT(labels, 1u << GEN_L_UNDEFINED);
  T_EQ_STR(msg, "check undefined: function(A) . function(B): the right side gives 2 at 1, "
                "outside [0,2)");
  const char *four[] = {"(2,2):(1,0)", "(4,6)", "(2,12)", "7"};
  T_EQ_INT(run_check(r, 4, four, msg, &labels), GEN_FAIL);
  T_EQ_STR(msg, "coalesce(sort(L)) = (2,2):(0,1) but coalesce(L) = (2,2):(1,0)");
  T_EQ_INT(run_check(r, 1, four, msg, &labels), GEN_DISCARD);
  T_EQ_STR(msg, "expected 4 arguments, found 1");
  const char *big[] = {"(64,128):(1,64)"};
  T_EQ_INT(run_check(conj_set_find(s, "t.idem"), 1, big, msg, &labels), GEN_PASS);

  /* a second file adds to the set; a clash with the first is refused */
  char path2[256];
  write_file("more.yaml", "- {name: t.more, forall: {L: layout}, check: \"L == L\"}\n", path2);
  T_EQ_INT(conj_set_load(s, path2, taken, NULL, msg, sizeof msg), 0);
  T_EQ_INT(conj_set_count(s), 4);
  T_EQ_STR(conj_set_at(s, 3)->op, "t.more"); /* no op called: the name */
  T_EQ_INT(conj_set_load(s, path, taken, NULL, msg, sizeof msg), -1);
  snprintf(where, sizeof where, "%s:2:10: name: 't.idem' is already defined at %s:2", path, path);
  T_EQ_STR(msg, where);
  T_EQ_INT(conj_set_count(s), 4); /* unchanged */
  conj_set_free(s);
}

/* Every class of load error, at its position. */
static void test_load_errors(void) {
  char msg[1024];
  T_EQ_INT(load_text("", msg, sizeof msg), 0);
  T_EQ_INT(load_text("[]\n", msg, sizeof msg), 0);
  T_EQ_INT(load_text("# only a comment\n", msg, sizeof msg), 0);
  LOAD_ERROR("- {name: a, forall: {L: layout}, check: \"L == L\"\n",
             ":2:1: did not find expected ',' or '}'");
  LOAD_ERROR("name: x\n", ":1:1: expected a sequence of conjectures, found a mapping");
  LOAD_ERROR("- just a string\n", ":1:3: a conjecture must be a mapping, found 'just a string'");
  LOAD_ERROR("- {name: a, forall: {L: layout}, check: \"L == L\", why: no}\n",
             ":1:51: unknown key 'why' (the keys are name, forall, check, assume, kind, "
             "statement, source, op)");
  LOAD_ERROR("- {name: a, forall: {L: layout}, check: \"L == L\", name: b}\n",
             ":1:51: duplicate key 'name'");
  LOAD_ERROR("- {? [a]: b}\n", ":1:6: a key must be a string, found a sequence");
  LOAD_ERROR("- x: 1\n  y: 2\n---\n- z\n", ":1:3: unknown key 'x'");
  LOAD_ERROR("- {name: a, forall: {L: layout}}\n", ":1:3: missing key 'check'");
  LOAD_ERROR("- {name: a, check: \"true\"}\n", ":1:3: missing key 'forall'");
  LOAD_ERROR("- {forall: {L: layout}, check: \"true\"}\n", ":1:3: missing key 'name'");
  LOAD_ERROR("- {name: a b, forall: {L: layout}, check: \"true\"}\n",
             ":1:10: name: 'a b' may hold only letters, digits, '_', '.' and '-'");
  LOAD_ERROR("- {name: ~, forall: {L: layout}, check: \"true\"}\n",
             ":1:10: name: expected a non-empty string, found '~'");
  LOAD_ERROR("- {name: \"\", forall: {L: layout}, check: \"true\"}\n",
             ":1:10: name: expected a non-empty string");
  LOAD_ERROR("- {name: coalesce.idempotent, forall: {L: layout}, check: \"true\"}\n",
             ":1:10: name: 'coalesce.idempotent' is the name of a built-in property");
  LOAD_ERROR("- {name: a, forall: {L: layout}, check: \"true\"}\n"
             "- {name: a, forall: {L: layout}, check: \"true\"}\n",
             ":2:10: name: 'a' is already defined at ");
  LOAD_ERROR("- {name: a, forall: [L, layout], check: \"true\"}\n",
             ":1:21: forall: expected a mapping from variables to generators, found a sequence");
  LOAD_ERROR("- {name: a, forall: {}, check: \"true\"}\n",
             ":1:21: forall: expected at least one generator");
  LOAD_ERROR("- {name: a, forall: {L: layouts}, check: \"true\"}\n",
             ":1:25: forall: unknown generator 'layouts'");
  LOAD_ERROR("- {name: a, forall: {L: {x: y}}, check: \"true\"}\n",
             ":1:25: forall: expected a generator name, found a mapping");
  LOAD_ERROR("- {name: a, forall: {L: composable_layouts}, check: \"true\"}\n",
             ":1:22: forall: generator composable_layouts makes 2 values (A B), so name 2 "
             "variables here, not 1");
  LOAD_ERROR("- {name: a, forall: {\"A B\": layout}, check: \"true\"}\n",
             ":1:22: forall: generator layout makes 1 value (L), so name 1 variable here, not 2");
  LOAD_ERROR("- {name: a, forall: {\"A A\": layout_pair}, check: \"true\"}\n",
             ":1:22: forall: variable 'A' is bound twice");
  LOAD_ERROR("- {name: a, forall: {size: layout}, check: \"true\"}\n",
             ":1:22: forall: 'size' is an op, not a variable name");
  LOAD_ERROR("- {name: a, forall: {\"A B\": layout_pair, \"C D\": layout_pair, E: layout}, "
             "check: \"true\"}\n",
             ":1:62: forall: more than 4 variables");
  LOAD_ERROR("- {name: a, forall: {L: layout}, check: \"L == '(2,3'\"}\n",
             ":1:48: check: quoted literal: '(' is not closed");
  /* positions inside expressions: plain, double-quoted, single-quoted, folded */
  LOAD_ERROR("- {name: a, forall: {L: layout}, check: size(X) == 1}\n",
             ":1:46: check: unknown variable 'X' (the variables are L)");
  LOAD_ERROR("- {name: a, forall: {L: layout}, check: \"size(X) == 1\"}\n",
             ":1:47: check: unknown variable 'X'");
  LOAD_ERROR("- {name: a, forall: {L: layout}, check: '''4:1'' == foo(L)'}\n",
             ":1:53: check: unknown op 'foo'");
  LOAD_ERROR("- {name: a, forall: {L: layout}, check: \"\\\"x\\\" == L\"}\n",
             ":1:43: check: quote literals with '");
  LOAD_ERROR("- name: a\n"
             "  forall: {L: layout}\n"
             "  check: >-\n"
             "    coalesce(L)\n"
             "      == function(L)\n",
             ":5:7: check: '==' compares a value with a function");
  LOAD_ERROR("- name: a\n"
             "  forall: {L: layout}\n"
             "  check: |\n"
             "    coalesce(L) ==\n"
             "    coalesce(L\n",
             ":6:1: check: expected ',' or ')' in the arguments of coalesce, found the end");
  LOAD_ERROR("- {name: a, forall: {L: layout}, check: \"coalesce(L)\"}\n",
             ":1:42: check: expected a boolean (a comparison, a predicate such as "
             "is_tractable(L), defined(...)), found a value");
  LOAD_ERROR("- {name: a, forall: {L: layout}, check: [true]}\n",
             ":1:41: check: expected a non-empty string, found a sequence");
  LOAD_ERROR("- {name: a, forall: {L: layout}, assume: \"size(L) and true\", check: \"true\"}\n",
             ":1:43: assume: 'and' needs booleans on both sides, found a value");
  LOAD_ERROR("- {name: a, forall: {L: layout}, check: \"true\", kind: lemma}\n",
             ":1:55: kind: expected conjecture or theorem, found 'lemma'");
  LOAD_ERROR("- {name: a, forall: {L: layout}, check: \"true\", op: frob}\n",
             ":1:53: op: unknown op 'frob'");
  LOAD_ERROR("- {name: a, forall: {L: layout}, check: \"true\", statement: {}}\n",
             ":1:60: statement: expected a non-empty string, found a mapping");
  LOAD_ERROR("- &x {name: a, forall: {L: layout}, check: \"true\"}\n",
             ":1:3: anchors are not allowed (found &x)");
  LOAD_ERROR("- {name: !!str a, forall: {L: layout}, check: \"true\"}\n",
             ":1:10: tags are not allowed");
  LOAD_ERROR("- [1]\n- *x\n", ":2:3: aliases are not allowed");
  LOAD_ERROR("- {name: a, forall: {L: layout}, check: \"true\"}\n---\n- b\n",
             ":2:1: expected one document, found another");

  char path[256];
  snprintf(path, sizeof path, "%s/none.yaml", dir);
  conj_set *s = conj_set_new();
  T_EQ_INT(conj_set_load(s, path, NULL, NULL, msg, sizeof msg), -1);
  char want[300];
  snprintf(want, sizeof want, "%s: cannot open: No such file or directory", path);
  T_EQ_STR(msg, want);
  T_EQ_INT(conj_set_load(s, dir, NULL, NULL, msg, sizeof msg), -1);
  T_CHECK(strstr(msg, "cannot open") != NULL);
  /* an error in the second entry leaves the set as it was */
  write_file("half.yaml",
             "- {name: ok, forall: {L: layout}, check: \"true\"}\n"
             "- {name: bad, forall: {L: layout}, check: \"L ==\"}\n",
             path);
  T_EQ_INT(conj_set_load(s, path, NULL, NULL, msg, sizeof msg), -1);
  T_EQ_INT(conj_set_count(s), 0);
  if (!T_CHECK(strstr(msg, ":2:48: check: expected an operand, found the end") != NULL))
    printf("    got \"%s\"\n", msg);
  conj_set_free(s);
  conj_set_free(NULL);
}

/* The run's property list: built-ins, then the loaded conjectures, whose
** relative paths are taken from the configuration's directory. */
static void test_run_properties(void) {
  char cfg[256], conj[256];
  write_file("cfg.yaml", "conjecture_files: [\"sub/c.yaml\"]\n", cfg);
  snprintf(conj, sizeof conj, "%s/sub", dir);
  T_EQ_INT(mkdir(conj, 0700), 0);
  write_file("sub/c.yaml", "- {name: t.run, forall: {L: layout}, check: \"L == L\"}\n", conj);
  run_opts o;
  memset(&o, 0, sizeof o);
  o.config_path = cfg;
  config c;
  run_ctx x;
  T_EQ_INT(run_load_config(&o, &c, &x), 0);
  T_EQ_INT(run_load_properties(&o, &c, &x), 0);
  T_EQ_INT(run_property_count(&x), prop_count() + 1);
  T_CHECK(run_find_property(&x, "t.run") == run_property_at(&x, prop_count()));
  T_CHECK(run_find_property(&x, "coalesce.idempotent") == prop_find("coalesce.idempotent"));
  T_CHECK(run_find_property(&x, "t.none") == NULL);
  run_free_properties(&x);
  T_EQ_INT(run_property_count(&x), prop_count());
  T_CHECK(run_find_property(&x, "t.run") == NULL);
  unlink(conj);
}

/* Run every group in a fresh temporary directory, then remove it. */
int main(void) {
  snprintf(dir, sizeof dir, "/tmp/test_conj_XXXXXX");
  if (!mkdtemp(dir)) return printf("cannot make a temporary directory\n"), 1;
  test_values();
  test_functions();
  test_logic();
  test_compile_errors();
  test_depth_and_literals();
  test_types_and_ops();
  test_explanations();
  test_load_good();
  test_load_errors();
  test_run_properties();
  char cmd[128];
  snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
  if (system(cmd) != 0) printf("could not remove %s\n", dir);
  return T_DONE();
}
