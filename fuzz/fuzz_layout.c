/*
** fuzz_layout.c -- libFuzzer target: the value parsers (tuples, profiles,
** layouts, tilers, morphisms, swizzles, composed layouts).  Whatever
** parses must print, and printing
** then parsing must give the same value back.
*/
#include "fuzz_clock.h"
#include "lo.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Abort (a finding) unless a == b. */
static void same(const char *a, const char *b) {
  if (strcmp(a, b) != 0) abort();
}

/* One input: the bytes as each kind of value, parsed, printed and parsed again. */
static int one_input(const uint8_t *data, size_t size) {
  char text[4096], out[8192], again[8192];
  lo_err e;
  if (size >= sizeof text) return 0;
  memcpy(text, data, size);
  text[size] = 0;
  lo_tuple t, t2;
  if (lo_parse_tuple(text, &t, &e) == LO_OK && lo_print_tuple(&t, out, sizeof out) == LO_OK) {
    if (lo_parse_tuple(out, &t2, &e) != LO_OK || lo_print_tuple(&t2, again, sizeof again)) abort();
    same(out, again);
  }
  if (lo_parse_profile(text, &t, &e) == LO_OK) lo_print_tuple(&t, out, sizeof out);
  lo_layout l, l2;
  if (lo_parse_layout(text, &l, &e) == LO_OK && lo_print_layout(&l, out, sizeof out) == LO_OK) {
    if (lo_parse_layout(out, &l2, &e) != LO_OK || lo_print_layout(&l2, again, sizeof again))
      abort();
    same(out, again);
  }
  lo_morphism f, f2;
  if (lo_parse_morphism(text, &f, &e) == LO_OK && lo_print_morphism(&f, out, sizeof out) == LO_OK) {
    if (lo_parse_morphism(out, &f2, &e) != LO_OK || lo_print_morphism(&f2, again, sizeof again))
      abort();
    same(out, again);
  }
  lo_swizzle sw, sw2;
  if (lo_parse_swizzle(text, &sw, &e) == LO_OK && lo_print_swizzle(&sw, out, sizeof out) == LO_OK) {
    if (lo_parse_swizzle(out, &sw2, &e) != LO_OK || lo_print_swizzle(&sw2, again, sizeof again))
      abort();
    same(out, again);
  }
  static lo_composed c, c2; /* one input at a time: libFuzzer runs one thread */
  if (lo_parse_composed(text, &c, &e) == LO_OK && lo_print_composed(&c, out, sizeof out) == LO_OK) {
    if (lo_parse_composed(out, &c2, &e) != LO_OK || lo_print_composed(&c2, again, sizeof again))
      abort();
    same(out, again);
  }
  lo_int v;
  lo_parse_int(text, &v, &e);
  return 0;
}

/* One input, timed as a whole: more than 1000 ms of CPU time
** (FUZZ_REQUEST_MS) is a finding (fuzz_clock.h); a hang more than a slow
** input, which takes a few milliseconds. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_clock_start("fuzz_layout: the whole input", 1000);
  int rc = one_input(data, size);
  fuzz_clock_stop();
  return rc;
}
