/* oracle_call.c -- lo_eval with its output made safe to print (see oracle_call.h). */
#include "oracle_call.h"

#include "lo.h"

#include <assert.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int keep_lines; /* results keep their line breaks (oracle_call_keep_lines) */

/* Let results keep their line breaks (on) or escape them (off). */
void oracle_call_keep_lines(int on) { keep_lines = on; }

/* Nonzero for a line feed or a carriage return (one comparison for the
** bytes above '\r'). */
static int is_break(char c) { return (unsigned char)c <= '\r' && (c == '\n' || c == '\r'); }

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* Nonzero when s[0..n) holds a line feed or a carriage return (see
** oracle_call.h); s has cap >= n bytes.  Sixteen bytes at a time (SSE2) while sixteen fit in cap,
** the lanes at n and after masked off, so that a short result is one
** load; eight at a time below that (a byte equal to c is a zero byte of
** x ^ c...c, and (v - 0x01..01) & ~v & 0x80..80 is nonzero exactly when v
** has one), and a byte at a time for the last few. */
int oracle_has_break(const char *s, size_t n, size_t cap) {
  const uint64_t ones = 0x0101010101010101u, highs = 0x8080808080808080u;
  size_t i = 0;
  assert(n <= cap);
#if defined(__SSE2__)
  for (; i < n && i + 16 <= cap; i += 16) {
    __m128i c = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
    __m128i hit = _mm_or_si128(_mm_cmpeq_epi8(c, _mm_set1_epi8('\n')),
                               _mm_cmpeq_epi8(c, _mm_set1_epi8('\r')));
    unsigned m = (unsigned)_mm_movemask_epi8(hit);
    if (n - i < 16) m &= (1u << (n - i)) - 1; /* the lanes from n on are not s's */
    if (m) return 1;
  }
#endif
  for (; i + 8 <= n; i += 8) {
    uint64_t x;
    memcpy(&x, s + i, 8);
    uint64_t a = x ^ (ones * '\n'), b = x ^ (ones * '\r');
    if (((a - ones) & ~a & highs) | ((b - ones) & ~b & highs)) return 1;
  }
  for (; i < n; i++)
    if (is_break(s[i])) return 1;
  return 0;
}

/* Replace each '\n' of out[0..*len) by the two characters "\n" (a carriage
** return by a space), updating *len; LO_ESPACE with out emptied when that
** does not fit in cap.  Most results have no line break: oracle_has_break says so. */
static int escape_lines(char *out, size_t cap, size_t *len) {
  size_t n = *len, breaks = 0;
  if (!oracle_has_break(out, n, cap)) return LO_OK;
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
    if (oracle_has_break(out, n, cap))
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
