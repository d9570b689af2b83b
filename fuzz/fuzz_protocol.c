/*
** fuzz_protocol.c -- libFuzzer target: batch protocol lines.  Each line
** is split as `eval --batch` splits it and evaluated; every op of the
** table is also tried on the line's words, so each op's argument parsing and
** algebra see hostile input.  Nothing may crash; no request may take more
** than 100 ms of CPU time (fuzz_clock.h, FUZZ_REQUEST_MS), except the ops
** whose answer lists the points of a layout (listing_op): their time grows
** with their answer, up to the documented limit on their size, and they
** get 20 times that; an error is a
** message of one line; a result may have several lines (print_layout) and
** is one line as the batch protocol sends it (oracle_call.h).
*/
#include "fuzz_clock.h"
#include "lo.h"
#include "oracle_call.h"
#include "case_line.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FUZZ_REQUEST_DEFAULT_MS 100

#define FUZZ_LISTING_SCALE 20 /* 2 s: 2^20 points under the sanitizers take about 0.35 s */

/* True for an op whose answer lists a layout's points (its documented size
** limit bounds its time, not its ranks): layout_function (`layout_function
** (63880,12):(8192,6)`, 766,560 points, takes 0.09 s in the optimised
** build and over 0.1 s under the sanitizers), same_layout_function,
** index_set, print_layout, bank_conflicts, which reads every value of a
** TV layout (2^16 of them) up to six times, cosize of a composed
** layout (first word "Sw..."), which takes the largest of its values, 2^20
** at most, and any op on a coordinate layout (first word holding '@'),
** whose plain ops check up to 2^17 points. */
static int listing_op(const char *op, char **words, size_t n) {
  static const char *const names[] = {"layout_function", "same_layout_function", "index_set",
                                      "print_layout", "bank_conflicts"};
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    if (strcmp(op, names[i]) == 0) return 1;
  if (n > 0 && strchr(words[0], '@')) /* a coordinate layout: its points listed or checked */
    return 1;
  return strcmp(op, "cosize") == 0 && n > 0 && strncmp(words[0], "Sw", 2) == 0;
}

/* Abort (a finding) with a message naming the request. */
static void finding(const char *why, const char *request) {
  fprintf(stderr, "fuzz_protocol: %s: %s\n", why, request);
  abort();
}

/* Evaluate op on words, timed, and check its answers: lo_eval's error
** messages are one line, and what oracle_call gives the batch protocol
** (results with their line breaks escaped) is one line. */
static void eval_one(const char *op, char **words, size_t n) {
  static char out[1 << 16], request[4096];
  size_t len, at = (size_t)snprintf(request, sizeof request, "%s", op);
  for (size_t i = 0; i < n && at < sizeof request; i++)
    at += (size_t)snprintf(request + at, sizeof request - at, " %s", words[i]);
  long scale = listing_op(op, words, n) ? FUZZ_LISTING_SCALE : 1;
  fuzz_clock_start_scaled(request, FUZZ_REQUEST_DEFAULT_MS, scale);
  int code = lo_eval_len(op, (int)n, (const char *const *)words, out, sizeof out, &len);
  fuzz_clock_stop();
  if (code != LO_OK && memchr(out, '\n', strlen(out)))
    finding("an error of several lines", request);
  fuzz_clock_start_scaled(request, FUZZ_REQUEST_DEFAULT_MS, scale);
  oracle_call_len(op, (int)n, (const char *const *)words, out, sizeof out, &len);
  fuzz_clock_stop();
  if (memchr(out, '\n', len) || memchr(out, '\r', len))
    finding("a protocol answer of several lines", request);
}

/* One request line (len bytes, no newline): split as the batch protocol
** splits it and evaluated, then the op its first byte picks is tried on
** its words. */
static void one_line(const uint8_t *data, size_t len) {
  static char line[4096];
  char msg[256];
  case_words w = {0};
  if (len == 0 || len >= sizeof line || memchr(data, 0, len)) return;
  memcpy(line, data, len);
  line[len] = 0;
  if (case_line_split(line, &w, msg, sizeof msg) == 0 && w.len > 0) {
    eval_one(w.word[0], w.word + 1, w.len - 1);
    int k = (unsigned char)data[0] % lo_op_count();
    if (w.len - 1 <= 4) eval_one(lo_op_at(k)->name, w.word + 1, w.len - 1);
  }
  case_words_free(&w);
}

/* One input: a batch, each line a request (a seed may hold several). */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  while (size > 0) {
    const uint8_t *nl = memchr(data, '\n', size);
    size_t len = nl ? (size_t)(nl - data) : size;
    one_line(data, len);
    if (!nl) break;
    size -= len + 1;
    data = nl + 1;
  }
  return 0;
}
