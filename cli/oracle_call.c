/* oracle_call.c -- lo_eval with its output made safe to print (see oracle_call.h). */
#include "oracle_call.h"

#include "lo.h"

#include <stdio.h>
#include <string.h>

static int keep_lines; /* results keep their line breaks (oracle_call_keep_lines) */

/* Let results keep their line breaks (on) or escape them (off). */
void oracle_call_keep_lines(int on) { keep_lines = on; }

/* Replace each '\n' of out by the two characters "\n" (a carriage return
** by a space); LO_ESPACE with out emptied when that does not fit in cap. */
static int escape_lines(char *out, size_t cap) {
  size_t len = 0, breaks = 0;
  for (; out[len]; len++) {
    if (out[len] == '\r') out[len] = ' ';
    if (out[len] == '\n') breaks++;
  }
  if (breaks == 0) return LO_OK;
  if (len + breaks + 1 > cap) {
    snprintf(out, cap, "result longer than %zu bytes with its line breaks escaped", cap);
    return LO_ESPACE;
  }
  size_t to = len + breaks;
  out[to] = '\0';
  for (size_t from = len; from-- > 0;) {
    if (out[from] == '\n') {
      out[--to] = 'n';
      out[--to] = '\\';
    } else {
      out[--to] = out[from];
    }
  }
  return LO_OK;
}

/* Call lo_eval and clean its text; assumes cap >= 1. */
int oracle_call(const char *op, int argc, const char *const *argv, char *out, size_t cap) {
  out[0] = '\0';
  int code = lo_eval(op, argc, argv, out, cap);
  out[cap - 1] = '\0';
  if (code != LO_OK) { /* an error message stays on one line */
    for (char *p = out; *p; p++)
      if (*p == '\n' || *p == '\r') *p = ' ';
  } else if (!keep_lines) {
    code = escape_lines(out, cap);
  }
  if (code != LO_OK && out[0] == '\0')
    snprintf(out, cap, "oracle error %d without a message", code);
  return code;
}
