/* oracle_call.c -- lo_eval with its output made safe to print (see oracle_call.h). */
#include "oracle_call.h"

#include "lo.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int keep_lines; /* results keep their line breaks (oracle_call_keep_lines) */

/* Let results keep their line breaks (on) or escape them (off). */
void oracle_call_keep_lines(int on) { keep_lines = on; }

/* Nonzero for a line feed or a carriage return (one comparison for the
** bytes above '\r'). */
static int is_break(char c) { return (unsigned char)c <= '\r' && (c == '\n' || c == '\r'); }

/* Nonzero when s[0..n) holds a line feed or a carriage return (see
** oracle_call.h); eight bytes at a time, the last eight overlapping (a
** byte equal to c is a zero byte of x ^ c...c, and (v - 0x01..01) & ~v &
** 0x80..80 is nonzero exactly when v has one), a byte at a time below
** eight.  (Sixteen-byte loads were slower here: the oracle has just
** written the text a byte or two at a time, and a wide load of it waits
** for those stores.) */
int oracle_has_break(const char *s, size_t n) {
  const uint64_t ones = 0x0101010101010101u, highs = 0x8080808080808080u;
  if (n < 8) {
    for (size_t i = 0; i < n; i++)
      if (is_break(s[i])) return 1;
    return 0;
  }
  for (size_t i = 0;; i += 8) {
    if (i + 8 > n) i = n - 8; /* the last eight bytes, overlapping those seen */
    uint64_t x;
    memcpy(&x, s + i, 8);
    uint64_t a = x ^ (ones * '\n'), b = x ^ (ones * '\r');
    if (((a - ones) & ~a & highs) | ((b - ones) & ~b & highs)) return 1;
    if (i + 8 == n) return 0;
  }
}

/* Replace each '\n' of out[0..*len) by the two characters "\n" (a carriage
** return by a space), updating *len; LO_ESPACE with out emptied when that
** does not fit in cap.  Most results have no line break: oracle_has_break says so. */
static int escape_lines(char *out, size_t cap, size_t *len) {
  size_t n = *len, breaks = 0;
  if (!oracle_has_break(out, n)) return LO_OK;
  for (size_t i = 0; i < n; i++) {
    if (out[i] == '\r') out[i] = ' ';
    if (out[i] == '\n') breaks++;
  }
  if (breaks == 0) return LO_OK;
  if (n + breaks + 1 > cap) {
    snprintf(out, cap, "result longer than %zu bytes with its line breaks escaped", cap);
    *len = strlen(out);
    return LO_ESPACE;
  }
  size_t to = n + breaks;
  out[to] = '\0';
  *len = to;
  for (size_t from = n; from-- > 0;) {
    if (out[from] == '\n') {
      out[--to] = 'n';
      out[--to] = '\\';
    } else {
      out[--to] = out[from];
    }
  }
  return LO_OK;
}

/* Call lo_eval and clean its text, giving its length; assumes cap >= 1. */
int oracle_call_len(const char *op, int argc, const char *const *argv, char *out, size_t cap,
                    size_t *len) {
  size_t n;
  out[0] = '\0';
  int code = lo_eval_len(op, argc, argv, out, cap, &n);
  if (n > cap - 1) n = cap - 1;
  out[n] = '\0';
  if (code != LO_OK) { /* an error message stays on one line */
    if (oracle_has_break(out, n))
      for (size_t i = 0; i < n; i++)
        if (is_break(out[i])) out[i] = ' ';
  } else if (!keep_lines) {
    code = escape_lines(out, cap, &n);
  }
  if (code != LO_OK && n == 0) {
    snprintf(out, cap, "oracle error %d without a message", code);
    n = strlen(out);
  }
  *len = n;
  return code;
}

/* Call lo_eval and clean its text; assumes cap >= 1. */
int oracle_call(const char *op, int argc, const char *const *argv, char *out, size_t cap) {
  size_t len;
  return oracle_call_len(op, argc, argv, out, cap, &len);
}
