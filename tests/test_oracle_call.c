/* test_oracle_call.c -- oracle_call_len: the oracle's text made one line,
** with its length (run/oracle_call.c). */
#include "lo.h"
#include "oracle_call.h"
#include "t.h"

#include <string.h>

/* oracle_call_len on one or two arguments into out[0..cap); the code, the
** text in out and its length in *len. */
static int call(const char *op, const char *a, const char *b, char *out, size_t cap, size_t *len) {
  const char *argv[2] = {a, b};
  return oracle_call_len(op, b ? 2 : 1, argv, out, cap, len);
}

/* oracle_has_break on texts of every length n from 0 to 40 with a line
** feed or a carriage return at every position p < n, and with none: found
** exactly when p < n (the scan goes eight bytes at a time, the last eight
** overlapping, a byte at a time below eight), whatever lies at n (a break
** right after the text is not the text's). */
static void test_has_break(void) {
  char s[64];
  int wrong = 0;
  for (size_t n = 0; n <= 40; n++) {
    memset(s, 'x', sizeof s);
    s[n] = '\n';
    if (oracle_has_break(s, n) != 0) wrong++;
    for (size_t p = 0; p < n; p++) {
      s[p] = '\n';
      if (oracle_has_break(s, n) == 0) wrong++;
      s[p] = '\r';
      if (oracle_has_break(s, n) == 0) wrong++;
      s[p] = 'x';
    }
  }
  T_EQ_INT(wrong, 0);
}

int main(void) {
  test_has_break();
  char out[1024];
  size_t len = 0;
  /* results without line breaks are kept as they are, of every length
  ** around the 8-byte steps of the scan: 3 (2:1) to 18 bytes */
  const char *layouts[] = {"2:1",
                           "23:1",
                           "234:1",
                           "2345:1",
                           "23456:1",
                           "234567:1",
                           "2345678:1",
                           "23456789:1",
                           "234567891:1",
                           "2345678912:1",
                           "23456789123:1",
                           "234567891234:1",
                           "2345678912345:1",
                           "23456789123456:1",
                           "234567891234567:1",
                           "2345678912345678:1"};
  for (size_t i = 0; i < sizeof layouts / sizeof layouts[0]; i++) {
    T_EQ_INT(call("coalesce", layouts[i], NULL, out, sizeof out, &len), LO_OK);
    T_EQ_STR(out, layouts[i]);
    T_EQ_INT(len, strlen(layouts[i]));
  }
  /* print_layout's grid (as CuTe C++'s print_layout printed it for
  ** ((2,2),3):((1,4),2)) comes back on one line, each break as "\n" */
  const char *grid = "((2,2),3):((1,4),2)\\n       0    1    2 \\n    +----+----+----+\\n"
                     " 0  |  0 |  2 |  4 |\\n    +----+----+----+\\n"
                     " 1  |  1 |  3 |  5 |\\n    +----+----+----+\\n"
                     " 2  |  4 |  6 |  8 |\\n    +----+----+----+\\n"
                     " 3  |  5 |  7 |  9 |\\n    +----+----+----+";
  T_EQ_INT(call("print_layout", "((2,2),3):((1,4),2)", NULL, out, sizeof out, &len), LO_OK);
  T_EQ_STR(out, grid);
  T_EQ_INT(len, strlen(grid));
  /* with the breaks kept, the grid has 10 fewer bytes (10 breaks) */
  oracle_call_keep_lines(1);
  T_EQ_INT(call("print_layout", "((2,2),3):((1,4),2)", NULL, out, sizeof out, &len), LO_OK);
  T_EQ_INT(len, strlen(grid) - 10);
  T_EQ_INT(strchr(out, '\n') - out, 19);
  oracle_call_keep_lines(0);
  /* the grid is 228 bytes: 19 for the layout, 19 for the column numbers,
  ** 20 for each of the other 9 lines, 10 breaks.  It fits in 231 (with
  ** room for the break after the last line, which print_layout drops);
  ** escaped it does not: an error */
  size_t raw = strlen(grid) - 10;
  T_EQ_INT(raw, 228);
  T_EQ_INT(call("print_layout", "((2,2),3):((1,4),2)", NULL, out, 231, &len), LO_ESPACE);
  T_EQ_STR(out, "result longer than 231 bytes with its line breaks escaped");
  T_EQ_INT(len, strlen(out));
  /* errors: the message and its length */
  T_EQ_INT(call("size", "(2,3", NULL, out, sizeof out, &len), LO_ESYNTAX);
  T_EQ_STR(out, "argument 1: column 5: expected ',' or ')', found end of input");
  T_EQ_INT(len, strlen(out));
  T_EQ_INT(call("no_such_op", "1", NULL, out, sizeof out, &len), LO_EUNSUPPORTED);
  T_EQ_STR(out, "unsupported op no_such_op");
  T_EQ_INT(len, 25);
  return T_DONE();
}
