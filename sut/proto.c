/* proto.c -- the batch protocol's request lines: bracket-aware splitting
** into words, and a line read as a case (see proto.h). */
#include "proto.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Free the pointer array; the words belong to the caller's line. */
void proto_words_free(proto_words *w) {
  free(w->word);
  w->word = NULL;
  w->len = w->cap = 0;
}

/* Append one word pointer, growing the array; 0 or -1 when out of memory. */
static int words_push(proto_words *w, char *word) {
  if (w->len == w->cap) {
    size_t cap = w->cap ? 2 * w->cap : 8;
    char **grown = realloc(w->word, cap * sizeof *grown);
    if (!grown) return -1;
    w->word = grown;
    w->cap = cap;
  }
  w->word[w->len++] = word;
  return 0;
}

/* What the splitter needs to know of a byte: it opens or closes a bracket,
** it is white space (the C locale's, space and \t \n \v \f \r, whatever
** the locale), or it ends the line. */
enum { F_OPEN = 1, F_CLOSE = 2, F_SPACE = 4, F_END = 8 };

static const unsigned char byte_flags[256] = {
    ['\0'] = F_END,   [' '] = F_SPACE,  ['\t'] = F_SPACE, ['\n'] = F_SPACE, ['\v'] = F_SPACE,
    ['\f'] = F_SPACE, ['\r'] = F_SPACE, ['('] = F_OPEN,    ['<'] = F_OPEN,    ['['] = F_OPEN,
    [')'] = F_CLOSE,  ['>'] = F_CLOSE,  [']'] = F_CLOSE,
};

/* Nonzero for the C locale's white space whatever the locale; c is any byte. */
static int is_space(char c) { return byte_flags[(unsigned char)c] == F_SPACE; }

/* Set msg to the NUL-byte error and return -1. */
static int nul_error(char *msg, size_t cap) {
  snprintf(msg, cap, "the line contains a NUL byte");
  return -1;
}

/* The bracket depth after line[k] given the depth before it and the two
** bytes before it (p1 the nearer): an opener counts up, a closer down,
** except the '>' of an arrow "-->", which is one unit.  (A '>' right after
** "--" always ends an arrow: a dash an earlier arrow took is followed by
** its '>'.) */
static long depth_after(long depth, unsigned c, unsigned p1, unsigned p2) {
  unsigned f = byte_flags[c];
  unsigned arrow = (c == '>') & (p1 == '-') & (p2 == '-');
  return depth + (long)(f & F_OPEN) - (long)(((f & F_CLOSE) >> 1) & ~arrow);
}

/* The error for a word line[start..end) whose brackets are still open at
** end: the last opener at depth 0 is never closed.  Returns -1. */
static int never_closed(const char *line, size_t start, size_t end, char *msg, size_t cap) {
  long depth = 0;
  size_t first_open = start;
  unsigned p1 = 0, p2 = 0;
  for (size_t k = start; k < end; k++) {
    unsigned c = (unsigned char)line[k];
    long next = depth_after(depth, c, p1, p2);
    if (depth == 0 && next > 0) first_open = k;
    depth = next, p2 = p1, p1 = c;
  }
  snprintf(msg, cap, "unbalanced brackets: '%c' at column %zu is never closed", line[first_open],
           first_open + 1);
  return -1;
}

/* The depth step of each byte in scan_word's loop: +1 for an opener, -1
** for a closer, 0 for the other bytes of a word, and STEP_STOP (far below
** any depth) for the bytes the loop must look at: white space, '-' (an
** arrow may start there) and NUL. */
#define STEP_STOP (-128)
static const signed char depth_step[256] = {
    ['\0'] = STEP_STOP, [' '] = STEP_STOP, ['\t'] = STEP_STOP, ['\n'] = STEP_STOP,
    ['\v'] = STEP_STOP, ['\f'] = STEP_STOP, ['\r'] = STEP_STOP, ['-'] = STEP_STOP,
    ['('] = 1,          ['<'] = 1,          ['['] = 1,          [')'] = -1,
    ['>'] = -1,         [']'] = -1,
};

/* Scan one word starting at line[*i] (not white space) up to white space at
** depth 0 or a NUL byte; leave *i at the byte that ended it.  The loop adds
** each byte's depth step and looks closer only when the depth goes below 0
** (a closer at depth 0, or a byte with STEP_STOP).  Returns 0, or -1 with a
** message when a closing bracket has no opener or an opener is never
** closed, or when the word stops at a NUL byte before len (that error
** comes first: a NUL anywhere in line[0..len) is reported rather than the
** brackets). */
static int scan_word(const char *line, size_t len, size_t *i, char *msg, size_t cap) {
  const unsigned char *s = (const unsigned char *)line;
  size_t k = *i;
  long depth = 0;
  for (;; k++) {
    long step = depth_step[s[k]];
    if (depth + step >= 0) {
      depth += step;
      continue;
    }
    if (step != STEP_STOP) { /* a closer at depth 0 */
      if (memchr(line + k, '\0', len - k)) return nul_error(msg, cap);
      snprintf(msg, cap, "unbalanced brackets: '%c' at column %zu closes nothing", line[k], k + 1);
      return -1;
    }
    if (s[k] == '-') {
      if (s[k + 1] == '-' && s[k + 2] == '>') k += 2; /* the arrow "-->" is one unit */
    } else if (s[k] == '\0' || depth == 0) {
      break; /* the end, or white space at depth 0 */
    }
  }
  if (s[k] == '\0' && k != len) return nul_error(msg, cap);
  if (depth > 0) return never_closed(line, *i, k, msg, cap);
  *i = k;
  return 0;
}

/* Split line[0..len) in place; see proto.h. */
int proto_split_line(char *line, size_t len, proto_words *w, char *msg, size_t cap) {
  size_t i = 0;
  assert(line[len] == '\0');
  w->len = 0;
  for (;;) {
    while (byte_flags[(unsigned char)line[i]] == F_SPACE) i++;
    if (!line[i]) return i == len ? 0 : nul_error(msg, cap);
    size_t start = i;
    if (scan_word(line, len, &i, msg, cap) != 0) return -1;
    if (words_push(w, line + start) != 0) {
      snprintf(msg, cap, "out of memory");
      return -1;
    }
    if (line[i]) line[i++] = '\0';
  }
}

/* Split the line in place; see proto.h. */
int proto_split_words(char *line, proto_words *w, char *msg, size_t cap) {
  return proto_split_line(line, strlen(line), w, msg, cap);
}

/* Blank or comment line test; see proto.h. */
int proto_line_is_blank(const char *line, size_t len) {
  size_t i = 0;
  while (i < len && is_space(line[i])) i++;
  return i == len || line[i] == '#';
}

/* Parse a request line into a case; see proto.h. */
int proto_case_from_line(const char *line, gen_case *k, char *op, size_t opcap) {
  char *copy = strdup(line);
  proto_words w = {0};
  char msg[200];
  memset(k, 0, sizeof *k);
  if (!copy) return -1;
  int rc = proto_split_words(copy, &w, msg, sizeof msg);
  if (rc == 0 && (w.len < 1 || w.len - 1 > GEN_MAX_ARGS)) rc = -1;
  if (rc == 0) {
    snprintf(op, opcap, "%s", w.word[0]);
    for (size_t i = 1; i < w.len && rc == 0; i++) rc = gen_case_arg(k, "%s", w.word[i]);
  }
  proto_words_free(&w);
  free(copy);
  return rc;
}
