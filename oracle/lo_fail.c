/*
** lo_fail.c -- errors: lo_fail, the one way the oracle records one, and
** lo_overflow, the failure of checked arithmetic.  Errors are common on
** the ops' paths (CuTe's refusals, failed contract checks, malformed
** requests), so the conversions the messages use (%lld, %d, %s, %c and
** %%) are written here without printf; any other format goes to
** vsnprintf, which gives the same text.
*/
#include "lo_internal.h"

#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* The message being written: err->msg[0..at), at most cap - 1 bytes, as
** vsnprintf truncates. */
typedef struct msg_buf {
  char *b;
  size_t at, cap;
} msg_buf;

/* Append s[0..n), as much of it as fits. */
static void put_n(msg_buf *m, const char *s, size_t n) {
  size_t room = m->cap - 1 - m->at;
  if (n > room) n = room;
  memcpy(m->b + m->at, s, n);
  m->at += n;
}

/* Append v in decimal (any long long, LLONG_MIN included). */
static void put_ll(msg_buf *m, long long v) {
  char d[24];
  int i = (int)sizeof d;
  unsigned long long u = v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;
  do {
    d[--i] = (char)('0' + u % 10);
    u /= 10;
  } while (u);
  if (v < 0) d[--i] = '-';
  put_n(m, d + i, sizeof d - (size_t)i);
}

/* Write fmt into m; 0 when it holds a conversion this file does not know
** (the caller then uses vsnprintf).  Literal text goes in runs. */
static int format(msg_buf *m, const char *fmt, va_list ap) {
  const char *p = fmt;
  for (;;) {
    const char *q = strchr(p, '%');
    if (!q) q = p + strlen(p);
    put_n(m, p, (size_t)(q - p));
    if (!*q) return 1;
    p = q + 1;
    if (p[0] == 'l' && p[1] == 'l' && p[2] == 'd') {
      put_ll(m, va_arg(ap, long long));
      p += 3;
    } else if (*p == 'd') {
      put_ll(m, va_arg(ap, int));
      p++;
    } else if (*p == 's') {
      const char *s = va_arg(ap, const char *);
      if (!s) s = "(null)"; /* as glibc's printf writes it */
      put_n(m, s, strlen(s));
      p++;
    } else if (*p == 'c' || *p == '%') {
      char c = *p == 'c' ? (char)va_arg(ap, int) : '%';
      put_n(m, &c, 1);
      p++;
    } else {
      return 0;
    }
  }
}

/* Record an error (printf-style) and return its code; see lo.h. */
int lo_fail(lo_err *err, int code, const char *fmt, ...) {
  assert(code != LO_OK && fmt); /* a failure has a code and a message */
  if (!err) return code;
  msg_buf m = {err->msg, 0, sizeof err->msg};
  va_list ap, again;
  va_start(ap, fmt);
  va_copy(again, ap);
  if (format(&m, fmt, ap))
    err->msg[m.at] = 0;
  else
    vsnprintf(err->msg, sizeof err->msg, fmt, again);
  va_end(again);
  va_end(ap);
  err->code = code;
  return code;
}

/* The failure of lo_mul or lo_add (lo.h): record that a OP b passed
** INT64_MAX and return LO_EOVERFLOW. */
int lo_overflow(const char *what, lo_int a, char op, lo_int b, lo_err *err) {
  return lo_fail(err, LO_EOVERFLOW, "overflow: %s (%lld %c %lld) exceeds 64 bits", what,
                 (long long)a, op, (long long)b);
}
