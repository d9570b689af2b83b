/* proto.c -- the batch protocol's answers and stderr shown on a terminal:
** the escape of control bytes (see proto.h). */
#include "proto.h"
#include "utf8.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

/* The length of the well-formed UTF-8 sequence at p[0..left) that a
** terminal shows as a character (utf8_decode's, less the C1 controls
** U+0080..U+009F and ASCII, which the caller handles), or 0. */
static size_t term_utf8_len(const unsigned char *p, size_t left) {
  unsigned cp;
  size_t n = utf8_decode(p, left, &cp);
  return n && cp >= 0xa0 ? n : 0;
}

/* How the byte run at p (left bytes) is shown: *n bytes of it, written as
** they are (esc[0] == 0) or as the escape in esc. */
static void term_piece(const unsigned char *p, size_t left, size_t *n, char esc[5]) {
  static const char hex[] = "0123456789abcdef";
  esc[0] = 0;
  *n = 1;
  if (p[0] >= 0x80) {
    size_t k = term_utf8_len(p, left);
    if (k) {
      *n = k;
      return;
    }
  } else if ((p[0] >= 0x20 && p[0] < 0x7f) || p[0] == '\t') {
    return;
  }
  esc[0] = '\\', esc[1] = 'x', esc[2] = hex[p[0] >> 4], esc[3] = hex[p[0] & 15], esc[4] = 0;
}

/* Copy a line fit for a terminal; see proto.h. */
char *proto_escape_n(const char *s, size_t len, char *out, size_t cap) {
  const unsigned char *p = (const unsigned char *)s;
  size_t o = 0, i = 0;
  assert(cap > 0);
  while (i < len) {
    size_t n;
    char esc[5];
    term_piece(p + i, len - i, &n, esc);
    size_t w = esc[0] ? 4 : n;
    if (o + w >= cap) break;
    memcpy(out + o, esc[0] ? esc : (const char *)p + i, w);
    o += w;
    i += n;
  }
  out[o] = 0;
  return out;
}

/* Copy a string fit for a terminal; see proto.h. */
char *proto_escape(const char *s, char *out, size_t cap) {
  return proto_escape_n(s ? s : "", s ? strlen(s) : 0, out, cap);
}

/* Write a string fit for a terminal; see proto.h. */
void proto_escape_write(FILE *f, const char *s) {
  const unsigned char *p = (const unsigned char *)(s ? s : "");
  size_t len = strlen((const char *)p);
  for (size_t i = 0; i < len;) {
    size_t n;
    char esc[5];
    term_piece(p + i, len - i, &n, esc);
    if (esc[0])
      fputs(esc, f);
    else
      fwrite(p + i, 1, n, f);
    i += n;
  }
}
