/*
** t.h -- a tiny unit-test kit.  Each check records a pass or a failure
** (printing FILE:LINE and what failed) and goes on; T_DONE() prints the
** summary line "N passed, N failed" that tests/run.sh sums, and is the exit
** status for main:
**
**   int main(void) { T_EQ_INT(1 + 1, 2); T_EQ_STR(s, "6"); return T_DONE(); }
*/
#ifndef T_H
#define T_H

/* The tests check the asserts of the code under test too: the build that
** `make test` uses (SAN_FLAGS) must not define NDEBUG. */
#ifdef NDEBUG
#error "the unit tests are built with asserts on: do not define NDEBUG"
#endif

#include <stdio.h>
#include <string.h>

static int t_passed, t_failed;

/* Record one outcome; on failure print where and what. */
static inline int t_record(int ok, const char *file, int line, const char *what) {
  if (ok) {
    t_passed++;
  } else {
    t_failed++;
    printf("%s:%d: check failed: %s\n", file, line, what);
  }
  return ok;
}

/* Compare two strings (NULL allowed) and show both on failure. */
static inline int t_eq_str(const char *a, const char *b, const char *what, const char *file,
                           int line) {
  int ok = (a && b) ? strcmp(a, b) == 0 : a == b;
  if (!t_record(ok, file, line, what))
    printf("    got      \"%s\"\n    expected \"%s\"\n", a ? a : "(null)", b ? b : "(null)");
  return ok;
}

/* Compare two integers and show both on failure. */
static inline int t_eq_int(long long a, long long b, const char *what, const char *file, int line) {
  int ok = a == b;
  if (!t_record(ok, file, line, what)) printf("    got %lld, expected %lld\n", a, b);
  return ok;
}

/* Print the summary line; 0 when nothing failed, else 1. */
static inline int t_done(void) {
  printf("%d passed, %d failed\n", t_passed, t_failed);
  return t_failed ? 1 : 0;
}

#define T_CHECK(cond)  t_record((cond) != 0, __FILE__, __LINE__, #cond)
#define T_EQ_STR(a, b) t_eq_str((a), (b), #a " == " #b, __FILE__, __LINE__)
#define T_EQ_INT(a, b) t_eq_int((long long)(a), (long long)(b), #a " == " #b, __FILE__, __LINE__)
#define T_DONE()       t_done()

#endif /* T_H */
