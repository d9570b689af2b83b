/*
** fuzz_lean.c -- libFuzzer target: the Lean side.  The bytes are read as a
** Lean term, as a Lean file (its #eval commands and docstrings), as an
** output log in every form, and as a printed value of every kind of the
** default map.  Nothing may crash; errors are values.
*/
#include "fuzz_clock.h"
#include "lean_log.h"
#include "lean_map.h"
#include "lean_parse.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* One input: the bytes as a Lean term, file, log and printed value. */
static int one_input(const uint8_t *data, size_t size) {
  static lean_map *map;
  char msg[512], why[256];
  char *text = malloc(size + 1); /* any length: run with -max_len to reach the limits */
  if (!text) return 0;
  memcpy(text, data, size);
  text[size] = 0;
  if (!map) map = lean_map_default();
  lean_pos base = {1, 1};
  lean_expr *e = NULL;
  lean_error err;
  if (lean_parse_term(text, size, base, &e, &err) == 0) {
    char out[16384];
    lean_expr_print(e, out, sizeof out);
    lean_expr_free(e);
  }
  lean_file *f = NULL;
  if (lean_file_scan("fuzz.lean", text, size, &f, msg, sizeof msg) == 0) lean_file_free(f);
  for (int fmt = 0; fmt < 4; fmt++) {
    lean_log *l = NULL;
    if (lean_log_parse("fuzz.log", text, size, (lean_log_format)fmt, &l, msg, sizeof msg) == 0)
      lean_log_free(l);
  }
  static lean_value v; /* large: kept off the stack */
  for (int k = LEAN_T_INT; k <= LEAN_T_MORPHISM; k++)
    for (int opt = 0; opt < 2; opt++) {
      lean_type t = {(lean_kind)k, opt};
      lean_value_read(map, t, text, &v, why, sizeof why);
    }
  free(text);
  return 0;
}

/* One input, timed as a whole: more than 1000 ms of CPU time
** (FUZZ_REQUEST_MS) is a finding (fuzz_clock.h); a hang more than a slow
** input, which takes a few milliseconds. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_clock_start("fuzz_lean: the whole input", 1000);
  int rc = one_input(data, size);
  fuzz_clock_stop();
  return rc;
}
