/* suggest.c -- nearest names for mistyped ops and options (see suggest.h). */
#include "suggest.h"

#include "lo.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

/* The edit distance of a and b, up to cap (see suggest.h): the classic
** dynamic programme over one row of SUGGEST_NAME_MAX + 1 cells. */
int suggest_distance(const char *a, const char *b, int cap) {
  size_t na = strlen(a), nb = strlen(b);
  assert(cap >= 0);
  if (na > SUGGEST_NAME_MAX || nb > SUGGEST_NAME_MAX) return cap + 1;
  if ((na > nb ? na - nb : nb - na) > (size_t)cap) return cap + 1;
  int row[SUGGEST_NAME_MAX + 1];
  for (size_t j = 0; j <= nb; j++) row[j] = (int)j;
  for (size_t i = 1; i <= na; i++) {
    int diag = row[0]; /* the cell (i-1, j-1) */
    row[0] = (int)i;
    for (size_t j = 1; j <= nb; j++) {
      int up = row[j]; /* (i-1, j) */
      int best = diag + (a[i - 1] != b[j - 1]);
      if (up + 1 < best) best = up + 1;
      if (row[j - 1] + 1 < best) best = row[j - 1] + 1;
      row[j] = best;
      diag = up;
    }
  }
  return row[nb] > cap ? cap + 1 : row[nb];
}

/* The nearest names to word, at most three (see suggest.h). */
int suggest_nearest(const char *word, const char *const *names, int n, char *out, size_t cap) {
  assert(cap >= 1);
  int limit = (int)strlen(word) / 3;
  if (limit < 1) limit = 1;
  if (limit > 3) limit = 3;
  int found = 0;
  out[0] = '\0';
  size_t len = 0;
  for (int d = 0; d <= limit && found < 3; d++) {
    for (int i = 0; i < n && found < 3; i++) {
      if (!names[i] || suggest_distance(word, names[i], limit) != d) continue;
      found++;
      int w = snprintf(out + len, cap - len, "%s%s", len ? ", " : "", names[i]);
      if (w < 0 || (size_t)w >= cap - len) return found - 1;
      len += (size_t)w;
    }
  }
  if (found >= 2) { /* "a, b, c" -> "a, b or c" */
    char *last = strrchr(out, ',');
    assert(last && last[1] == ' ');
    size_t tail = strlen(last + 2);
    if (len + 2 < cap) {
      memmove(last + 4, last + 2, tail + 1);
      memcpy(last, " or ", 4);
    }
  }
  return found;
}

/* Nonzero when the oracle has an op named name. */
static int has_op(const char *name) {
  for (int i = 0, n = lo_op_count(); i < n; i++) {
    const lo_op_info *op = lo_op_at(i);
    if (op && strcmp(op->name, name) == 0) return 1;
  }
  return 0;
}

/* The names other libraries (CuTe C++, pycute, the paper) give ops that
** the oracle names otherwise. */
static const char *const aliases[][2] = {
    {"compose", "composition"},
    {"get", "cute_get"},
    {"crd2idx", "cute_crd2idx"},
    {"shape", "cute_shape"},
    {"stride", "cute_stride"},
    {"inverse", "right_inverse or left_inverse"},
};

/* The hint for an unknown op: its alias, or the nearest names. */
static size_t unknown_op_hint(const char *op, char *out, size_t cap) {
  for (size_t i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
    if (strcmp(op, aliases[i][0]) == 0) {
      int w = snprintf(out, cap, "did you mean %s? (`layoutcheck eval --list` lists the ops)",
                       aliases[i][1]);
      return w < 0 ? 0 : strlen(out);
    }
  enum { MAX_OPS = 512 };
  const char *names[MAX_OPS];
  int n = 0;
  for (int i = 0, total = lo_op_count(); i < total && n < MAX_OPS; i++) {
    const lo_op_info *info = lo_op_at(i);
    if (info) names[n++] = info->name;
  }
  char near[256];
  if (suggest_nearest(op, names, n, near, sizeof near) > 0)
    snprintf(out, cap, "did you mean %s? (`layoutcheck eval --list` lists the ops)", near);
  else
    snprintf(out, cap, "`layoutcheck eval --list` lists the ops");
  return strlen(out);
}

/* The hint for an error of op on argv (see suggest.h). */
size_t suggest_op_hint(const char *op, int argc, const char *const *argv, char *out, size_t cap) {
  assert(cap >= 1);
  out[0] = '\0';
  if (!has_op(op)) return unknown_op_hint(op, out, cap);
  if (strcmp(op, "mode") == 0 && argc == 2 && strcmp(argv[1], "0") == 0) {
    snprintf(out, cap,
             "modes are counted from 1 here (`mode L 1` is the first); CuTe's 0-based get<0> "
             "is `cute_get L 0`");
    return strlen(out);
  }
  return 0;
}
