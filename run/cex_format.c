/*
** cex_format.c -- a counterexample as people paste it: variables named,
** the `check` command that reproduces it, and an `eval` line only where it
** is what the check evaluates.  See cex_format.h.
*/
#include "cex_format.h"

#include "lo.h"

#include <assert.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* Split the space-separated words of s into names[0..max); returns how
** many words s has (possibly more than max, which are not stored).  A
** word of CEX_NAME_LEN bytes or more, or holding '=', counts as -1 (not a
** usable name). */
static int split_names(const char *s, char names[][CEX_NAME_LEN], int max) {
  int n = 0;
  while (s && *s) {
    while (*s == ' ') s++;
    if (!*s) break;
    size_t len = strcspn(s, " ");
    if (len >= CEX_NAME_LEN || memchr(s, '=', len)) return -1;
    if (n < max) {
      memcpy(names[n], s, len);
      names[n][len] = 0;
    }
    n++;
    s += len;
  }
  return n;
}

/* The values p's generators make, in order, as the generators name them,
** into names[0..max); returns their count, or -1 (unknown generator or
** unusable name). */
static int generator_names(const gen_property *p, char names[][CEX_NAME_LEN], int max) {
  gen_plan plan;
  int n = 0;
  if (!p || !p->generator || gen_plan_resolve(p->generator, &plan)) return -1;
  for (int i = 0; i < plan.n; i++) {
    char part[GEN_MAX_ARGS][CEX_NAME_LEN];
    int got = split_names(plan.part[i]->args, part, GEN_MAX_ARGS);
    if (got < 0) return -1;
    for (int j = 0; j < got; j++, n++)
      if (n < max && j < GEN_MAX_ARGS) memcpy(names[n], part[j], CEX_NAME_LEN);
  }
  return n;
}

/* The number of values p's generators make; see cex_format.h. */
int cex_arity(const gen_property *p) {
  char names[GEN_MAX_ARGS][CEX_NAME_LEN];
  return generator_names(p, names, GEN_MAX_ARGS);
}

/* 1 when names[0..n) are pairwise different. */
static int distinct(char names[][CEX_NAME_LEN], int n) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++)
      if (strcmp(names[i], names[j]) == 0) return 0;
  return 1;
}

/* The variables' names; see cex_format.h. */
void cex_var_names(const gen_property *p, int argc, char names[][CEX_NAME_LEN]) {
  assert(argc >= 0 && argc <= GEN_MAX_ARGS);
  if (p && p->vars && split_names(p->vars, names, GEN_MAX_ARGS) == argc && distinct(names, argc))
    return;
  if (generator_names(p, names, GEN_MAX_ARGS) == argc && distinct(names, argc)) return;
  for (int i = 0; i < argc; i++) snprintf(names[i], CEX_NAME_LEN, "%c", 'A' + i);
}

/* Append a printf text at *len in buf[0..cap); 0, or -1 when it did not
** fit (the text is cut, NUL-terminated). */
static int put(char *buf, size_t cap, size_t *len, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
static int put(char *buf, size_t cap, size_t *len, const char *fmt, ...) {
  if (*len >= cap) return -1;
  va_list ap;
  va_start(ap, fmt);
  int w = vsnprintf(buf + *len, cap - *len, fmt, ap);
  va_end(ap);
  if (w < 0 || (size_t)w >= cap - *len) {
    *len = cap;
    return -1;
  }
  *len += (size_t)w;
  return 0;
}

/* "A = v1, B = v2"; see cex_format.h. */
int cex_vars_text(const gen_property *p, const gen_case *k, char *buf, size_t cap) {
  char names[GEN_MAX_ARGS][CEX_NAME_LEN];
  size_t len = 0;
  int rc = 0;
  assert(cap > 0);
  buf[0] = 0;
  cex_var_names(p, k->argc, names);
  for (int i = 0; i < k->argc && rc == 0; i++)
    rc = put(buf, cap, &len, "%s%s = %s", i ? ", " : "", names[i], k->argv[i]);
  return rc;
}

/* 1 when every byte of s is one a shell takes literally in a word. */
static int shell_plain(const char *s) {
  if (!*s) return 0;
  for (; *s; s++)
    if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.,:=/+-@%", *s))
      return 0;
  return 1;
}

/* Quote for a shell; see cex_format.h. */
int cex_shell_word(const char *s, char *buf, size_t cap) {
  size_t len = 0;
  assert(cap > 0);
  buf[0] = 0;
  if (shell_plain(s)) return put(buf, cap, &len, "%s", s);
  if (put(buf, cap, &len, "'")) return -1;
  for (; *s; s++)
    if (put(buf, cap, &len, "%s", *s == '\'' ? "'\\''" : (char[2]){*s, 0})) return -1;
  return put(buf, cap, &len, "'");
}

/* "layoutcheck check PROP A=v1 B=v2"; see cex_format.h. */
int cex_check_command(const gen_property *p, const gen_case *k, char *buf, size_t cap) {
  char names[GEN_MAX_ARGS][CEX_NAME_LEN], word[2 * GEN_ARG_LEN + 64], q[4 * GEN_ARG_LEN + 128];
  size_t len = 0;
  assert(p && cap > 0);
  buf[0] = 0;
  cex_var_names(p, k->argc, names);
  if (cex_shell_word(p->name, q, sizeof q) || put(buf, cap, &len, "layoutcheck check %s", q))
    return -1;
  for (int i = 0; i < k->argc; i++) {
    snprintf(word, sizeof word, "%s=%s", names[i], k->argv[i]);
    if (cex_shell_word(word, q, sizeof q) || put(buf, cap, &len, " %s", q)) return -1;
  }
  return 0;
}

/* The `eval` line, when it is what the check evaluates; see cex_format.h. */
int cex_eval_line(const gen_property *p, const gen_case *k, char *buf, size_t cap) {
  char out[4096], q[2 * GEN_ARG_LEN + 8];
  const char *argv[GEN_MAX_ARGS];
  size_t len = 0;
  assert(cap > 0);
  buf[0] = 0;
  if (!p || p->op_other || !p->op) return 0;
  for (int i = 0; i < k->argc; i++) argv[i] = k->argv[i];
  if (lo_eval(p->op, k->argc, argv, out, sizeof out) == LO_EUNSUPPORTED) return 0;
  if (put(buf, cap, &len, "%s", p->op)) return buf[0] = 0, 0;
  for (int i = 0; i < k->argc; i++)
    if (cex_shell_word(k->argv[i], q, sizeof q) || put(buf, cap, &len, " %s", q))
      return buf[0] = 0, 0;
  return 1;
}

/* Print the lines of cex_print (with vars: the variables' line too). */
static void print_block(FILE *f, const char *indent, const gen_property *p, const gen_case *k,
                        int64_t id, int vars) {
  char *buf = malloc(8 * GEN_ARG_LEN + 256);
  size_t cap = 8 * GEN_ARG_LEN + 256;
  if (!buf) {
    fprintf(f, "%s(out of memory: the case cannot be shown)\n", indent);
    return;
  }
  cex_vars_text(p, k, buf, cap);
  if (vars) fprintf(f, "%s%s\n", indent, buf);
  if (cex_check_command(p, k, buf, cap) == 0) fprintf(f, "%sreproduce: %s\n", indent, buf);
  if (id > 0) fprintf(f, "%sreplay: layoutcheck replay %lld\n", indent, (long long)id);
  if (cex_eval_line(p, k, buf, cap)) fprintf(f, "%seval: layoutcheck eval %s\n", indent, buf);
  free(buf);
}

/* Print the pasteable block; see cex_format.h. */
void cex_print(FILE *f, const char *indent, const gen_property *p, const gen_case *k, int64_t id) {
  print_block(f, indent, p, k, id, 1);
}

/* The block without its variables' line; see cex_format.h. */
void cex_print_commands(FILE *f, const char *indent, const gen_property *p, const gen_case *k,
                        int64_t id) {
  print_block(f, indent, p, k, id, 0);
}
