/* test_lo_eval.c -- the op table and lo_eval's errors (oracle/lo_eval.c). */
#include "lo_test.h"
#include "t.h"

#include <string.h>

int main(void) {
  char small[8];
  const char *argv[1] = {"(2,3):(1,2)"};
  T_EQ_STR(EV1("frobnicate", "1"), "error: unsupported op frobnicate");
  /* found by fuzzing: an op name with control bytes is not echoed raw */
  T_EQ_STR(EV1("(6\n21)", "1"), "error: unsupported op (6?21)");
  T_EQ_STR(EV2("size", "1:1", "2"), "error: size takes L|X (2 given)");
  T_EQ_STR(EV1("cosize", "(2,3"),
           "error: argument 1: column 5: expected ',' or ')', found end of input");
  /* a result that does not fit the caller's buffer is an error */
  T_EQ_INT(lo_eval("layout_function", 1, argv, small, sizeof small), LO_ESPACE);
  T_EQ_INT(lo_eval("size", 1, argv, small, sizeof small), LO_OK);
  T_EQ_STR(small, "6");
  /* every op in the table has a name, argument spec and summary, and
  ** answers a call with no arguments with an error, not a crash */
  int n = lo_op_count();
  T_CHECK(n > 80);
  for (int i = 0; i < n; i++) {
    const lo_op_info *op = lo_op_at(i);
    char buf[256];
    T_CHECK(op && op->name && op->args && op->summary);
    T_CHECK(lo_eval(op->name, 0, NULL, buf, sizeof buf) != LO_OK);
  }
  T_CHECK(lo_op_at(n) == NULL);
  /* A layout result whose size or cosize is 2^63 or more is refused,
  ** naming it: 2:2^62 o 4:1 is 4:2^62 (CuTe's composition: the mode of A
  ** runs on), whose cosize 3 * 2^62 + 1 does not fit.  2:(2^62-1) o 2:1
  ** is itself, cosize 2^62 fits. */
  T_EQ_STR(EV2("composition", "2:4611686018427387904", "4:1"),
           "error: the result 4:4611686018427387904 is out of range: overflow: cosize (3 * "
           "4611686018427387904) exceeds 64 bits");
  T_EQ_STR(EV2("composition", "2:4611686018427387903", "2:1"), "2:4611686018427387903");
  T_EQ_STR(EV1("modes", "(2,4):(1,4611686018427387904)"),
           "error: the result 4:4611686018427387904 is out of range: overflow: cosize (3 * "
           "4611686018427387904) exceeds 64 bits");
  return T_DONE();
}
