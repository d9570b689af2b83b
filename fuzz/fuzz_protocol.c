/*
** fuzz_protocol.c -- libFuzzer target: a batch protocol line.  The line is
** split as `eval --batch` splits it and evaluated; every op of the table
** is also tried on the line's words, so each op's argument parsing and
** algebra see hostile input.  Nothing may crash, and an answer is always
** one line of text.
*/
#include "lo.h"
#include "proto.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Evaluate op on words and check that the answer is one line. */
static void eval_one(const char *op, char **words, size_t n) {
  static char out[1 << 16];
  lo_eval(op, (int)n, (const char *const *)words, out, sizeof out);
  if (memchr(out, '\n', strlen(out))) abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char line[2048], msg[256];
  proto_words w = {0};
  /* a request is one line: no NUL, no newline (the batch reader splits there) */
  if (size >= sizeof line || memchr(data, 0, size) || memchr(data, '\n', size)) return 0;
  memcpy(line, data, size);
  line[size] = 0;
  if (proto_split_words(line, &w, msg, sizeof msg) == 0 && w.len > 0) {
    eval_one(w.word[0], w.word + 1, w.len - 1);
    /* the first byte picks an op of the table for the rest of the words */
    int k = (unsigned char)data[0] % lo_op_count();
    if (w.len - 1 <= 4) eval_one(lo_op_at(k)->name, w.word + 1, w.len - 1);
  }
  proto_words_free(&w);
  return 0;
}
