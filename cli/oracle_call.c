/* oracle_call.c -- lo_eval with its output made safe to print (see oracle_call.h). */
#include "oracle_call.h"

#include "lo.h"

#include <stdio.h>

/* Call lo_eval and clean its text; assumes cap >= 1. */
int oracle_call(const char *op, int argc, const char *const *argv, char *out, size_t cap) {
  out[0] = '\0';
  int code = lo_eval(op, argc, argv, out, cap);
  out[cap - 1] = '\0';
  for (char *p = out; *p; p++)
    if (*p == '\n' || *p == '\r') *p = ' ';
  if (code != LO_OK && out[0] == '\0')
    snprintf(out, cap, "oracle error %d without a message", code);
  return code;
}
