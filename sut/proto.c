/* proto.c -- the batch protocol's request lines: bracket-aware splitting
** into words, and a line read as a case (see proto.h). */
#include "proto.h"

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

/* Nonzero for the C locale's white space (space, \t \n \v \f \r) whatever
** the locale; c is any byte. */
static int is_space(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

/* Scan one word starting at line[*i] (not white space) up to white space at
** depth 0 or the end; leave *i at the byte that ended it.  Returns 0, or -1
** with a message when a closing bracket has no opener or an opener is never
** closed. */
static int scan_word(const char *line, size_t *i, char *msg, size_t cap) {
  size_t depth = 0, first_open = 0;
  size_t k = *i;
  for (; line[k] && (depth > 0 || !is_space(line[k])); k++) {
    char c = line[k];
    if (c == '-' && line[k + 1] == '-' && line[k + 2] == '>') {
      k += 2; /* the arrow "-->" is one unit */
    } else if (c == '(' || c == '<' || c == '[') {
      if (depth++ == 0) first_open = k;
    } else if (c == ')' || c == '>' || c == ']') {
      if (depth == 0) {
        snprintf(msg, cap, "unbalanced brackets: '%c' at column %zu closes nothing", c, k + 1);
        return -1;
      }
      depth--;
    }
  }
  if (depth > 0) {
    snprintf(msg, cap, "unbalanced brackets: '%c' at column %zu is never closed", line[first_open],
             first_open + 1);
    return -1;
  }
  *i = k;
  return 0;
}

/* Split the line in place; see proto.h. */
int proto_split_words(char *line, proto_words *w, char *msg, size_t cap) {
  size_t i = 0;
  w->len = 0;
  for (;;) {
    while (is_space(line[i])) i++;
    if (!line[i]) return 0;
    size_t start = i;
    if (scan_word(line, &i, msg, cap) != 0) return -1;
    if (words_push(w, line + start) != 0) {
      snprintf(msg, cap, "out of memory");
      return -1;
    }
    if (line[i]) line[i++] = '\0';
  }
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
