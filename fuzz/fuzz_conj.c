/*
** fuzz_conj.c -- libFuzzer target: the conjecture language.  Any text
** either compiles (then evaluates on a fixed case without crashing) or
** fails with an error inside the text.
*/
#include "fuzz_clock.h"
#include "conj_expr.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* One input: the bytes as a conjecture expression, compiled and evaluated. */
static int one_input(const uint8_t *data, size_t size) {
  if (memchr(data, 0, size)) return 0;
  char *text = malloc(size + 1); /* any length: run with -max_len to reach the limits */
  if (!text) return 0;
  memcpy(text, data, size);
  text[size] = 0;
  const char *vars[2] = {"L", "N"};
  conj_expr *e = NULL;
  conj_error err;
  if (conj_compile(text, vars, 2, &e, &err) != 0) {
    if (e || err.offset > size) abort();
    free(text);
    return 0;
  }
  /* evaluate on a fixed case: L = (2,3):(1,2), N = 12 */
  const char *argv[2] = {"(2,3):(1,2)", "12"};
  conj_env env = {2, argv, 256};
  char out[4096];
  conj_eval(e, &env, out, sizeof out);
  conj_expr_free(e);
  free(text);
  return 0;
}

/* One input, timed as a whole: more than 1000 ms of CPU time
** (FUZZ_REQUEST_MS) is a finding (fuzz_clock.h); a hang more than a slow
** input, which takes a few milliseconds. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_clock_start("fuzz_conj: the whole input", 1000);
  int rc = one_input(data, size);
  fuzz_clock_stop();
  return rc;
}
