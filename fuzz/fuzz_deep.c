/*
** fuzz_deep.c -- libFuzzer target: deep and long inputs.  The other
** targets see inputs of a few kilobytes, too small to reach the limits on
** nesting and length (a chain of 20,000 'and's, 100,000 nested '[', a list
** of a million elements).  Here the bytes are a small program that expands
** into a large text, which goes to one parser:
**
**   byte 0        the parser: 0 conjecture expression (compiled, then
**                 evaluated), 1 Lean term, 2 Lean file, 3 Lean log (every
**                 form), 4 CONFIG.yaml, 5 a conjecture file
**   then pieces   a count byte c, then a fragment: the bytes up to the next
**                 0xFF (or the end), repeated (1 + (c & 15)) << (c >> 4)
**                 times, at most 16 << 15 = 524,288
**
** so that "((((...", "true and true and ..." or "[1,1,1,..." take a few
** bytes.  The text is cut at 8 MiB.  Nothing may crash or run away; every
** error is a message.
*/
#include "fuzz_clock.h"
#include "config.h"
#include "conj_expr.h"
#include "conj_load.h"
#include "lean_log.h"
#include "lean_parse.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_TEXT ((size_t)8 << 20)

/* Expand the pieces data[0..size) into a malloc'd NUL-terminated text of
** *len bytes (NUL bytes of fragments kept); NULL when memory runs out. */
static char *expand(const uint8_t *data, size_t size, size_t *len) {
  size_t cap = 4096, n = 0;
  char *text = malloc(cap);
  for (size_t i = 0; text && i < size;) {
    size_t times = (size_t)(1 + (data[i] & 15)) << (data[i] >> 4);
    size_t start = ++i;
    while (i < size && data[i] != 0xFF) i++;
    size_t frag = i - start;
    i++; /* the 0xFF */
    for (size_t t = 0; t < times && frag && n + frag < MAX_TEXT; t++) {
      if (n + frag + 1 > cap) {
        size_t grown_cap = cap;
        while (n + frag + 1 > grown_cap) grown_cap *= 2;
        char *grown = realloc(text, grown_cap);
        if (!grown) {
          free(text);
          return NULL;
        }
        text = grown;
        cap = grown_cap;
      }
      memcpy(text + n, data + start, frag);
      n += frag;
    }
  }
  if (text) text[n] = 0;
  *len = n;
  return text;
}

/* Write text[0..len) to a file of this process; its path, or NULL. */
static const char *to_file(const char *text, size_t len, const char *kind) {
  static char path[96];
  snprintf(path, sizeof path, "/tmp/lcfuzz-deep-%d.%s.yaml", (int)getpid(), kind);
  FILE *f = fopen(path, "wb");
  if (!f) return NULL;
  int bad = fwrite(text, 1, len, f) != len;
  bad |= fclose(f) != 0;
  return bad ? NULL : path;
}

/* The conjecture language: compile, then evaluate on L = (2,3):(1,2). */
static void run_conj(const char *text, size_t len) {
  const char *vars[1] = {"L"}, *argv[1] = {"(2,3):(1,2)"};
  conj_expr *e = NULL;
  conj_error err;
  if (strlen(text) != len) return; /* the language has no NUL */
  if (conj_compile(text, vars, 1, &e, &err) != 0) {
    if (e || err.offset > len) abort();
    return;
  }
  conj_env env = {1, argv, 256};
  char out[512];
  int holds;
  conj_eval(e, &env, out, sizeof out);
  if (conj_expr_type(e) == CONJ_BOOL) conj_holds(e, &env, &holds, out, sizeof out);
  conj_expr_free(e);
}

/* The files read through libyaml: each loads or names the file in its
** message. */
static void run_yaml(const char *text, size_t len, int conjectures) {
  char msg[1024];
  const char *path = to_file(text, len, conjectures ? "conj" : "config");
  if (!path) return;
  if (conjectures) {
    conj_set *s = conj_set_new();
    if (s && conj_set_load(s, path, NULL, NULL, msg, sizeof msg) != 0 &&
        strncmp(msg, path, strlen(path)) != 0)
      abort();
    conj_set_free(s);
  } else {
    config c;
    config_defaults(&c);
    if (config_load(path, &c, msg, sizeof msg) != 0 && strncmp(msg, path, strlen(path)) != 0)
      abort();
  }
}

/* One input: expand the program, then give the text to the parser byte 0
** picks, timed: 1000 ms of CPU time (FUZZ_REQUEST_MS) times 2 plus 2 per
** MiB of text is a finding (fuzz_clock.h).  The limit grows with the text
** because the parsers are linear, not free: the list of 1.5 million
** elements "[1, 1, ..., 1]" (4.7 MB) takes 1.9 s under the sanitizers on
** an idle core, and more on a slower one, while a parser that went
** quadratic on a megabyte would take hours.  The expansion itself is
** outside the clock. */
static int one_input(const uint8_t *data, size_t size) {
  if (size < 1) return 0;
  size_t len;
  char *text = expand(data + 1, size - 1, &len), msg[512];
  if (!text) return 0;
  lean_pos base = {1, 1};
  lean_expr *e = NULL;
  lean_error err;
  lean_file *f = NULL;
  fuzz_clock_start_scaled("fuzz_deep: the whole input", 1000, 2 + 2 * (long)(len >> 20));
  switch (data[0] % 6) {
    case 0:
      run_conj(text, len);
      break;
    case 1:
      if (lean_parse_term(text, len, base, &e, &err) == 0) lean_expr_free(e);
      break;
    case 2:
      if (lean_file_scan("deep.lean", text, len, &f, msg, sizeof msg) == 0) lean_file_free(f);
      break;
    case 3:
      for (int fmt = 0; fmt < 4; fmt++) {
        lean_log *l = NULL;
        if (lean_log_parse("deep.log", text, len, (lean_log_format)fmt, &l, msg, sizeof msg) == 0)
          lean_log_free(l);
      }
      break;
    default:
      run_yaml(text, len, data[0] % 6 == 5);
      break;
  }
  fuzz_clock_stop();
  free(text);
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  return one_input(data, size);
}
