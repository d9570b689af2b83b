/*
** lo_test.h -- helpers for the oracle's unit tests: evaluate an op on
** string arguments and return its output ("error: ..." on error) in a
** static buffer.
*/
#ifndef LO_TEST_H
#define LO_TEST_H

#include "lo.h"

#include <stdio.h>

/* Evaluate op on up to three arguments (NULL ends the list). */
static const char *ev(const char *op, const char *a, const char *b, const char *c) {
  static char out[1 << 16], shown[(1 << 16) + 8];
  const char *argv[3] = {a, b, c};
  int argc = !a ? 0 : !b ? 1 : !c ? 2 : 3;
  if (lo_eval(op, argc, argv, out, sizeof out) == LO_OK) return out;
  snprintf(shown, sizeof shown, "error: %s", out);
  return shown;
}

#define EV1(op, a)       ev(op, a, NULL, NULL)
#define EV2(op, a, b)    ev(op, a, b, NULL)
#define EV3(op, a, b, c) ev(op, a, b, c)
#define IS_ERR(s)        (strncmp((s), "error: ", 7) == 0)

#endif
