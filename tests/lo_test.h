/*
** lo_test.h -- helpers for the oracle's unit tests: evaluate an op on
** string arguments and return its output ("error: ..." on error) in a
** static buffer; enumerate small flat layouts.
*/
#ifndef LO_TEST_H
#define LO_TEST_H

#include "lo.h"

#include <stdio.h>
#include <string.h>

/* Evaluate op on argv[0..n): its output, or "error: " and the message. */
static inline const char *evn(const char *op, int n, const char *const *argv) {
  static char out[1 << 16], shown[(1 << 16) + 8];
  if (lo_eval(op, n, argv, out, sizeof out) == LO_OK) return out;
  snprintf(shown, sizeof shown, "error: %s", out);
  return shown;
}

/* Evaluate op on up to three arguments (NULL ends the list). */
static inline const char *ev(const char *op, const char *a, const char *b, const char *c) {
  const char *argv[3] = {a, b, c};
  return evn(op, !a ? 0 : !b ? 1 : !c ? 2 : 3, argv);
}

/* Small flat layout number k (rank 1..3): shapes from sh[0..ns), strides
** from st[0..nd); returns 0 past the last one. */
static inline int small_flat(int k, const lo_int *sh, int ns, const lo_int *st, int nd,
                             lo_layout *l) {
  lo_int s[3], d[3];
  int per = ns * nd;
  for (int rank = 1, count = per; rank <= 3; rank++, count *= per) {
    if (k >= count) {
      k -= count;
      continue;
    }
    for (int i = 0; i < rank; i++, k /= per) {
      s[i] = sh[k % per / nd];
      d[i] = st[k % nd];
    }
    lo_layout_flat(l, s, d, rank);
    return 1;
  }
  return 0;
}

#define EV1(op, a)       ev(op, a, NULL, NULL)
#define EV2(op, a, b)    ev(op, a, b, NULL)
#define EV3(op, a, b, c) ev(op, a, b, c)
#define IS_ERR(s)        (strncmp((s), "error: ", 7) == 0)
/* evn on the arguments listed: EVN("cute_take", L, "1", "3"). */
#define EVN(op, ...)                                                                               \
  evn(op, (int)(sizeof((const char *[]){__VA_ARGS__}) / sizeof(const char *)),                     \
      (const char *const[]){__VA_ARGS__})

/* Whether s is an error whose message holds part. */
static inline int err_has(const char *s, const char *part) {
  return IS_ERR(s) && strstr(s, part) != NULL;
}

#endif
