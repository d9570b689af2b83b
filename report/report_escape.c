/*
** report_escape.c -- text made fit for XML 1.0 and HTML: report_xml_text
** escapes it as it writes (the HTML and SVG views), report_xml_clean
** copies it with the characters XML may not hold replaced (the JUnit view,
** whose escaping is libxml2's).
*/
#include "report.h"
#include "utf8.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The length of the UTF-8 sequence at the NUL-terminated p (p[0] >= 0x80)
** that XML 1.0 may hold: utf8_decode's, less U+FFFE and U+FFFF; or 0.  The
** terminating NUL ends a cut-short sequence, so offering four bytes never
** reads past it. */
static int utf8_ok(const unsigned char *p) {
  unsigned cp;
  size_t n = utf8_decode(p, 4, &cp);
  return n > 1 && cp != 0xfffe && cp != 0xffff ? (int)n : 0;
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
