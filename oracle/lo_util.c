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

/* out = a*b for a, b >= 0; LO_EOVERFLOW when the product passes INT64_MAX. */
int lo_mul(lo_int a, lo_int b, lo_int *out, const char *what, lo_err *err) {
  lo_int r;
  if (__builtin_mul_overflow(a, b, &r))
    return lo_fail(err, LO_EOVERFLOW, "overflow: %s (%lld * %lld) exceeds 64 bits", what,
                   (long long)a, (long long)b);
  *out = r;
  return LO_OK;
}

/* out = a+b; LO_EOVERFLOW when the sum passes INT64_MAX. */
int lo_add(lo_int a, lo_int b, lo_int *out, const char *what, lo_err *err) {
  lo_int r;
  if (__builtin_add_overflow(a, b, &r))
    return lo_fail(err, LO_EOVERFLOW, "overflow: %s (%lld + %lld) exceeds 64 bits", what,
                   (long long)a, (long long)b);
  *out = r;
  return LO_OK;
}

/* ceil(a/b) for a >= 0, b > 0, without forming a+b-1. */
lo_int lo_ceil_div(lo_int a, lo_int b) { return a / b + (a % b != 0); }
