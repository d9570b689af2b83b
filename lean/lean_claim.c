/*
** lean_claim.c -- the values a Lean file pins outside #eval (see
** lean_parse.h): claims `example : f x = v := by decide`, `theorem name :
** f x = v := ...` and `#guard f x == v`, cut into their two sides, and the
** expected value of a trailing comment (`-- Should give V`, `-- V`,
** `-- Expected: V`).
*/
#include "lean_lex.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The end of the comment or bracket-free run at s[i], for the scan of a
** proposition: skips line and block comments, strings and character
** literals; returns i when s[i] starts none of them. */
static size_t skip_lexical(const char *s, size_t b, size_t i) {
  if (s[i] == '-' && i + 1 < b && s[i + 1] == '-') {
    while (i < b && s[i] != '\n') i++;
    return i;
  }
  if (s[i] == '/' && i + 1 < b && s[i + 1] == '-') return lean_block_comment_end(s, b, i);
  if (s[i] == '"') return lean_string_end(s, b, i);
  return i;
}

/* The bracket depth change of the character at s[i] (one of ( [ { ⟨ and
** their closers), and its length in *n. */
static int bracket(const char *s, size_t b, size_t i, size_t *n) {
  *n = 1;
  if (s[i] == '(' || s[i] == '[' || s[i] == '{') return 1;
  if (s[i] == ')' || s[i] == ']' || s[i] == '}') return -1;
  if (i + 2 < b && (unsigned char)s[i] == 0xE2 && (unsigned char)s[i + 1] == 0x9F) {
    *n = 3;
    if ((unsigned char)s[i + 2] == 0xA8) return 1;  /* ⟨ */
    if ((unsigned char)s[i + 2] == 0xA9) return -1; /* ⟩ */
  }
  return 0;
}

/* The first `token` (":=" or "=") at depth 0 in s[a..b), or b.  An "="
** is one that is not part of ":=", "==", "=>", "<=", ">=", "!=" (then
** *eq2 tells "==" apart). */
static size_t find_top(const char *s, size_t a, size_t b, const char *token, int *eq2) {
  int depth = 0;
  for (size_t i = a; i < b;) {
    size_t j = skip_lexical(s, b, i), n;
    if (j != i) {
      i = j;
      continue;
    }
    int d = bracket(s, b, i, &n);
    if (d) {
      depth += d;
      i += n;
      continue;
    }
    if (depth == 0 && !strcmp(token, ":=") && s[i] == ':' && i + 1 < b && s[i + 1] == '=') return i;
    if (depth == 0 && !strcmp(token, "=") && s[i] == '=') {
      char prev = i > a ? s[i - 1] : ' ';
      if (prev == ':' || prev == '<' || prev == '>' || prev == '!' || prev == '=') {
        i++;
        continue;
      }
      if (i + 1 < b && s[i + 1] == '>') {
        i += 2;
        continue;
      }
      if (eq2) *eq2 = i + 1 < b && s[i + 1] == '=';
      return i;
    }
    i++;
  }
  return b;
}

/* Trim white space (and NUL bytes) from both ends of s[*a..*b). */
static void trim_range(const char *s, size_t *a, size_t *b) {
  while (*a < *b && (lean_is_space(s[*a]) || s[*a] == '\0')) (*a)++;
  while (*b > *a && (lean_is_space(s[*b - 1]) || s[*b - 1] == '\0')) (*b)--;
}

/* Cut the proposition s[a..b) of claim c at its top-level "=" or "==":
** the left side into body..body_end, the right side into rhs..rhs_end
** (empty when the claim has no "=": then it claims `true`). */
static void cut_sides(const char *s, size_t a, size_t b, lean_cmd *c) {
  int eq2 = 0;
  size_t eq = find_top(s, a, b, "=", &eq2);
  size_t la = a, lb = eq, ra = eq < b ? eq + 1 + (size_t)eq2 : b, rb = b;
  trim_range(s, &la, &lb);
  trim_range(s, &ra, &rb);
  c->body = la;
  c->body_end = lb;
  c->rhs = ra;
  c->rhs_end = rb;
}

/* Fill claim command c (kind LEAN_CLAIM_*) from s[from..to), the text
** after its keyword (for #guard: up to its trailing comments): its name,
** sides and proof.  An example or theorem with binders before its ':' is
** not concrete: c->claim stays 0.  0, or -1 when out of memory. */
int lean_claim_fill(lean_file *f, lean_cmd *c, size_t from, size_t to, int claim) {
  const char *s = f->text;
  size_t b = to, i = from;
  if (claim == LEAN_CLAIM_GUARD) {
    cut_sides(s, i, b, c);
    c->claim = claim;
    return 0;
  }
  while (i < b && lean_is_space(s[i])) i++;
  if (claim == LEAN_CLAIM_THEOREM) { /* its name */
    size_t e = lean_id_start_at(s, b, i) ? lean_ident_end(s, b, i) : i;
    free(c->name);
    c->name = malloc(e - i + 1);
    if (!c->name) return -1;
    memcpy(c->name, s + i, e - i);
    c->name[e - i] = '\0';
    i = e;
    while (i < b && lean_is_space(s[i])) i++;
  }
  if (i >= b || s[i] != ':' || (i + 1 < b && s[i + 1] == '=')) return 0; /* binders */
  size_t prop = i + 1, assign = find_top(s, prop, b, ":=", NULL);
  if (assign >= b) return 0;
  cut_sides(s, prop, assign, c);
  c->proof = assign + 2;
  c->proof_end = b;
  trim_range(s, &c->proof, &c->proof_end);
  c->claim = claim;
  return 0;
}

/* The expected value in the comment after #eval command c (see
** lean_parse.h). */
int lean_cmd_comment(const lean_file *f, const lean_cmd *c, char *out, size_t cap, int *prefixed) {
  const char *s = f->text;
  size_t i = c->body_end, b = c->end;
  int same_line = 1;
  *prefixed = 0;
  if (cap) out[0] = '\0';
  if (i > b || b > f->len) return 0;
  while (i < b) {
    if (s[i] == '\n') same_line = 0;
    if (lean_is_space(s[i])) {
      i++;
      continue;
    }
    if (!(s[i] == '-' && i + 1 < b && s[i + 1] == '-')) return 0;
    size_t a = i + 2, e = a;
    while (e < b && s[e] != '\n') e++;
    trim_range(s, &a, &e);
    static const char *const prefixes[] = {
        "Should give:", "Should give", "should give:", "should give", "Expected:",   "Expected",
        "expected:",    "expected",    "Result:",      "=>",          "\xE2\x86\x92" /* → */};
    for (size_t p = 0; p < sizeof prefixes / sizeof prefixes[0]; p++) {
      size_t n = strlen(prefixes[p]);
      if (e - a > n && !memcmp(s + a, prefixes[p], n)) {
        a += n;
        trim_range(s, &a, &e);
        *prefixed = 1;
        break;
      }
    }
    if (!*prefixed && !same_line) return 0; /* prose on the next lines */
    if (e - a + 1 > cap) return 0;
    memcpy(out, s + a, e - a);
    out[e - a] = '\0';
    return e > a;
  }
  return 0;
}
