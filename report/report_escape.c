/*
** report_escape.c -- text made fit for XML 1.0 and HTML: report_xml_text
** escapes it as it writes (the HTML and SVG views), report_xml_clean
** copies it with the characters XML may not hold replaced (the JUnit view,
** whose escaping is libxml2's).
*/
#include "report.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The length of the UTF-8 sequence at p that XML 1.0 may hold (no
** overlong forms, surrogates, U+FFFE/U+FFFF or values past U+10FFFF), or 0. */
static int utf8_ok(const unsigned char *p) {
  unsigned c = p[0], v;
  int n;
  if (c >= 0xc2 && c <= 0xdf)
    n = 2, v = c & 0x1f;
  else if (c >= 0xe0 && c <= 0xef)
    n = 3, v = c & 0x0f;
  else if (c >= 0xf0 && c <= 0xf4)
    n = 4, v = c & 0x07;
  else
    return 0;
  for (int i = 1; i < n; i++) {
    if ((p[i] & 0xc0) != 0x80) return 0; /* also stops at the NUL */
    v = v << 6 | (p[i] & 0x3f);
  }
  if ((n == 3 && v < 0x800) || (n == 4 && (v < 0x10000 || v > 0x10ffff)) ||
      (v >= 0xd800 && v <= 0xdfff) || v == 0xfffe || v == 0xffff)
    return 0;
  return n;
}

/* Write s escaped for XML and HTML; see report.h. */
void report_xml_text(FILE *f, const char *s, int in_attr) {
  const unsigned char *p = (const unsigned char *)(s ? s : "");
  while (*p) {
    unsigned c = *p;
    if (c >= 0x80) {
      int n = utf8_ok(p);
      if (n) {
        fwrite(p, 1, (size_t)n, f);
        p += n;
      } else {
        fputs("\xef\xbf\xbd", f);
        p++;
      }
      continue;
    }
    p++;
    switch (c) {
      case '&':
        fputs("&amp;", f);
        break;
      case '<':
        fputs("&lt;", f);
        break;
      case '>':
        fputs("&gt;", f);
        break;
      case '"':
        fputs("&quot;", f);
        break;
      case '\'':
        fputs("&#39;", f);
        break;
      case '\n':
        fputs(in_attr ? "&#10;" : "\n", f);
        break;
      case '\t':
        fputs(in_attr ? "&#9;" : "\t", f);
        break;
      default:
        if (c < 0x20)
          fputs("\xef\xbf\xbd", f);
        else
          fputc((int)c, f);
    }
  }
}

/* A copy of s fit for XML; see report.h. */
char *report_xml_clean(const char *s) {
  const unsigned char *p = (const unsigned char *)(s ? s : "");
  size_t len = strlen((const char *)p);
  char *out = malloc(3 * len + 1); /* a byte becomes at most U+FFFD, 3 bytes */
  if (!out) return NULL;
  size_t o = 0;
  while (*p) {
    int n = *p >= 0x80 ? utf8_ok(p) : *p >= 0x20 || *p == '\n' || *p == '\t' ? 1 : 0;
    if (n) {
      memcpy(out + o, p, (size_t)n);
      o += (size_t)n;
      p += n;
    } else {
      memcpy(out + o, "\xef\xbf\xbd", 3);
      o += 3;
      p++;
    }
  }
  out[o] = 0;
  return out;
}
