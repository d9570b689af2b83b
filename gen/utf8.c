/* utf8.c -- the UTF-8 decoder (see utf8.h). */
#include "utf8.h"

/* Decode one sequence; see utf8.h.  The lead byte fixes the length and the
** least value its length may encode (0xC0, 0xC1 and 0xF5..0xFF never lead). */
size_t utf8_decode(const unsigned char *s, size_t n, unsigned *cp) {
  unsigned c = s[0], v, min;
  size_t len;
  if (c < 0x80) {
    *cp = c;
    return 1;
  }
  if (c >= 0xC2 && c <= 0xDF)
    len = 2, v = c & 0x1F, min = 0x80;
  else if (c >= 0xE0 && c <= 0xEF)
    len = 3, v = c & 0x0F, min = 0x800;
  else if (c >= 0xF0 && c <= 0xF4)
    len = 4, v = c & 0x07, min = 0x10000;
  else
    return 0;
  if (n < len) return 0;
  for (size_t i = 1; i < len; i++) {
    if ((s[i] & 0xC0) != 0x80) return 0;
    v = v << 6 | (s[i] & 0x3F);
  }
  if (v < min || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF)) return 0;
  *cp = v;
  return len;
}
