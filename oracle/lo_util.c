/*
** lo_util.c -- errors and checked arithmetic.
*/
#include "lo.h"

#include <stdarg.h>
#include <stdio.h>

/* Record an error in err (if non-NULL) and return its code. */
int lo_fail(lo_err *err, int code, const char *fmt, ...) {
  if (err) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
    err->code = code;
  }
  return code;
}

/* The failure of lo_mul or lo_add (lo.h): record that a OP b passed
** INT64_MAX and return LO_EOVERFLOW. */
int lo_overflow(const char *what, lo_int a, char op, lo_int b, lo_err *err) {
  return lo_fail(err, LO_EOVERFLOW, "overflow: %s (%lld %c %lld) exceeds 64 bits", what,
                 (long long)a, op, (long long)b);
}
