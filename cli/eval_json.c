/* eval_json.c -- eval's answers as JSON objects (see eval_json.h). */
#include "eval_json.h"

#include "lo.h"
#include "utf8.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

/* The length of the valid UTF-8 sequence at s[0..n) (n >= 1), or 0 when
** s[0] does not start one (utf8_decode: JSON may hold every code point). */
static size_t utf8_len(const unsigned char *s, size_t n) {
  unsigned cp;
  return utf8_decode(s, n, &cp);
}

/* Print s[0..n) on f as a JSON string: quotes, backslashes and control
** bytes escaped, valid UTF-8 kept, each byte of invalid UTF-8 written as
** U+FFFD (so the output is always valid JSON). */
static void json_string(FILE *f, const char *s, size_t n) {
  const unsigned char *p = (const unsigned char *)s;
  fputc('"', f);
  for (size_t i = 0; i < n;) {
    unsigned c = p[i];
    if (c == '"' || c == '\\') {
      fputc('\\', f);
      fputc((int)c, f);
      i++;
    } else if (c == '\n') {
      fputs("\\n", f), i++;
    } else if (c == '\t') {
      fputs("\\t", f), i++;
    } else if (c < 0x20 || c == 0x7F) {
      fprintf(f, "\\u%04x", c), i++;
    } else {
      size_t len = utf8_len(p + i, n - i);
      if (len == 0) {
        fputs("\\ufffd", f), i++;
      } else {
        fwrite(p + i, 1, len, f);
        i += len;
      }
    }
  }
  fputc('"', f);
}

/* The kind of an error code (see eval_json.h). */
const char *eval_json_kind(int code) {
  switch (code) {
    case LO_ESYNTAX:
      return "syntax";
    case LO_EUNDEF:
      return "undefined";
    case LO_EOVERFLOW:
      return "overflow";
    case LO_ELIMIT:
      return "limit";
    case LO_EUNSUPPORTED:
      return "unsupported";
    case LO_ESPACE:
      return "space";
    default:
      return "request";
  }
}

/* Read "WORD N: " at *s (WORD "argument" or "column"): N (>= 1) with *s
** moved past it, or 0 with *s unchanged. */
static long read_position(const char **s, const char *word) {
  size_t w = strlen(word);
  const char *p = *s;
  if (strncmp(p, word, w) != 0 || p[w] != ' ' || p[w + 1] < '1' || p[w + 1] > '9') return 0;
  char *end;
  long v = strtol(p + w + 1, &end, 10);
  if (end[0] != ':' || end[1] != ' ' || v <= 0 || v > 1000000000L) return 0;
  *s = end + 2;
  return v;
}

/* Print the answer as one JSON object (see eval_json.h). */
void eval_json_answer(FILE *f, unsigned long long lineno, const char *op, int argc,
                      const char *const *argv, int code, const char *text, size_t n,
                      const char *hint) {
  assert(argc >= 0);
  fputc('{', f);
  if (lineno) fprintf(f, "\"line\":%llu,", lineno);
  fputs("\"op\":", f);
  if (op)
    json_string(f, op, strlen(op));
  else
    fputs("null", f);
  fputs(",\"args\":[", f);
  for (int i = 0; i < argc; i++) {
    if (i) fputc(',', f);
    json_string(f, argv[i], strlen(argv[i]));
  }
  fputc(']', f);
  if (code == LO_OK) {
    fputs(",\"result\":", f);
    json_string(f, text, n);
  } else {
    char *msg = strndup(text, n); /* the positions are read from a NUL-terminated copy */
    const char *p = msg ? msg : "";
    long argument = read_position(&p, "argument");
    long column = argument ? read_position(&p, "column") : 0;
    fprintf(f, ",\"error\":{\"kind\":\"%s\",\"message\":", eval_json_kind(code));
    json_string(f, text, n);
    if (argument) fprintf(f, ",\"argument\":%ld", argument);
    if (column) fprintf(f, ",\"column\":%ld", column);
    fputc('}', f);
    free(msg);
  }
  if (hint && hint[0]) {
    fputs(",\"hint\":", f);
    json_string(f, hint, strlen(hint));
  }
  fputc('}', f);
}
