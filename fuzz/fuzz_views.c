/*
** fuzz_views.c -- libFuzzer target: tensor views.  The first line of the
** bytes is read as an einops pattern and the second as its sizes (rearrange
** and einsum, through the op table too); the whole as a Lean file whose
** #evals are translated with the Einlean map (typed definitions, lambdas).
** Nothing may crash; errors are values.
*/
#include "fuzz_clock.h"
#include "lean_map.h"
#include "lean_parse.h"
#include "lo.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Translate every #eval of text with map m. */
static void translate_all(const lean_map *m, const char *text, size_t size) {
  static lean_translation tr; /* large: kept off the stack */
  lean_file *f = NULL;
  char msg[256];
  if (lean_file_scan("fuzz.lean", text, size, &f, msg, sizeof msg) != 0) return;
  lean_scope s;
  lean_scope_init(&s);
  for (int k = 0; k < f->n; k++) {
    const lean_cmd *c = &f->cmds[k];
    lean_expr *e;
    lean_error err;
    if (c->kind == LEAN_CMD_EVAL &&
        lean_parse_term(f->text + c->body, c->body_end - c->body, c->pos, &e, &err) == 0) {
      lean_translate(m, &s, f, e, &tr);
      lean_expr_free(e);
    }
    lean_scope_command(&s, m, f, c);
  }
  lean_scope_free(&s);
  lean_file_free(f);
}

/* One input: a pattern and sizes, then a Lean file. */
static int one_input(const uint8_t *data, size_t size) {
  static lean_map *map;
  static char text[8192], out[1 << 16];
  char msg[256];
  if (size >= sizeof text) return 0;
  memcpy(text, data, size);
  text[size] = 0;
  if (!map && lean_map_load("lean/examples/einlean-map.yaml", &map, msg, sizeof msg) != 0) abort();
  char *nl = memchr(text, '\n', size);
  const char *sizes = NULL;
  if (nl) {
    *nl = 0;
    sizes = nl + 1;
  }
  lo_layout l, maps[LO_VIEW_SIDES];
  lo_err err;
  int n;
  lo_view_rearrange(text, sizes, NULL, &l, &err);
  lo_view_einsum(text, sizes ? sizes : "", NULL, 0, maps, LO_VIEW_SIDES, &n, &err);
  const char *argv[3] = {text, sizes ? sizes : "[]", "(2,3,4)"};
  lo_eval("view_rearrange", 3, argv, out, sizeof out);
  lo_eval("view_einsum", 2, argv, out, sizeof out);
  if (nl) *nl = '\n';
  translate_all(map, text, size);
  return 0;
}

/* One input, timed as a whole: more than 1000 ms of CPU time
** (FUZZ_REQUEST_MS) is a finding (fuzz_clock.h); a hang more than a slow
** input, which takes a few milliseconds. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  fuzz_clock_start("fuzz_views: the whole input", 1000);
  int rc = one_input(data, size);
  fuzz_clock_stop();
  return rc;
}
