/*
** gen_sut.c -- what a system under test promises to accept (the sut_
** fields of gen_bounds, from sut_bounds in CONFIG.yaml or --sut-bounds):
** no empty tuple, a least and a most rank of each layout, a deepest
** shape, no tilers, no tiler entries that are integers or tuples, no
** '_' (the argument forms that only the form generators can tell, a bare
** integer or a shape as B, a shape or a layout as a cotarget, those
** generators never draw: gen_forms.c), no swizzles, composed layouts,
** smem_ptr offsets or swizzles at CuTe's bounds (gen_sw_diff.c draws
** others in their place).  gen_plan_run draws a case again while an argument is
** outside them, so that differential fuzzing aims at the inputs the SUT
** claims to handle.
**
** The arguments are read as text in the oracle's syntax: a layout S:D, a
** tiler <L,L,...> of layouts or bare shapes, a morphism (with "-->"), or a
** tuple or integer.  Rank and depth are those of a layout's shape (CuTe's:
** an integer has rank 1 and depth 0, (a,b) rank 2 and depth 1, () rank 0);
** morphisms, tuples and integers have none.
*/
#include "gen.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

/* The rank and depth of the shape s[0..n), an integer or a parenthesised
** tuple as the generators print it. */
static void shape_stats(const char *s, size_t n, int *rank, int *depth) {
  int d = 0, commas = 0;
  *depth = 0;
  for (size_t i = 0; i < n; i++) {
    if (s[i] == '(' && ++d > *depth) *depth = d;
    if (s[i] == ')') d--;
    if (s[i] == ',' && d == 1) commas++;
  }
  if (n == 0 || s[0] != '(')
    *rank = 1;
  else
    *rank = n == 2 && s[1] == ')' ? 0 : commas + 1;
}

/* Does the layout (or bare shape) s[0..n) keep to b's rank and depth
** bounds?  1, or 0 with why set (what names the argument). */
static int layout_admitted(const gen_bounds *b, const char *s, size_t n, const char *what,
                           char *why, size_t cap) {
  size_t shape_len = 0;
  int d = 0, rank, depth;
  while (shape_len < n && !(s[shape_len] == ':' && d == 0)) {
    d += s[shape_len] == '(' ? 1 : s[shape_len] == ')' ? -1 : 0;
    shape_len++;
  }
  shape_stats(s, shape_len, &rank, &depth);
  if (rank < b->sut_min_rank)
    return snprintf(why, cap, "%s has rank %d < min_rank %d", what, rank, b->sut_min_rank), 0;
  if (rank > b->sut_max_rank)
    return snprintf(why, cap, "%s has rank %d > max_rank %d", what, rank, b->sut_max_rank), 0;
  if (depth > b->sut_max_depth)
    return snprintf(why, cap, "%s has depth %d > max_depth %d", what, depth, b->sut_max_depth), 0;
  return 1;
}

/* Is the tiler entry e[0..n) a bare integer (digits, perhaps after '_')? */
static int entry_is_int(const char *e, size_t n) {
  size_t i = n > 0 && e[0] == '_' ? 1 : 0;
  if (i == n) return 0;
  for (; i < n; i++)
    if (e[i] < '0' || e[i] > '9') return 0;
  return 1;
}

/* Is the tiler entry e[0..n) a nested tiler (a tuple with no ':' after
** its closing parenthesis)? */
static int entry_is_nested(const char *e, size_t n) {
  int d = 0;
  if (n == 0 || e[0] != '(') return 0;
  for (size_t i = 0; i < n; i++) {
    d += e[i] == '(' ? 1 : e[i] == ')' ? -1 : 0;
    if (d == 0 && e[i] == ':') return 0;
  }
  return 1;
}

/* Does the tiler s (from '<' to its '>') keep to b's bounds, each of its
** entries?  1, or 0 with why set. */
static int tiler_admitted(const gen_bounds *b, const char *s, const char *what, char *why,
                          size_t cap) {
  size_t n = strlen(s), start = 1;
  int d = 0;
  assert(n >= 2 && s[0] == '<');
  for (size_t i = 1; i < n; i++) {
    if (s[i] == '(') d++;
    if (s[i] == ')') d--;
    if ((s[i] == ',' && d == 0) || s[i] == '>') {
      if ((b->sut_forms_off & GEN_FORM_INT_ENTRY) && entry_is_int(s + start, i - start))
        return snprintf(why, cap, "%s has an integer entry", what), 0;
      if ((b->sut_forms_off & GEN_FORM_NESTED_ENTRY) && entry_is_nested(s + start, i - start))
        return snprintf(why, cap, "%s has a nested entry", what), 0;
      if (!layout_admitted(b, s + start, i - start, what, why, cap)) return 0;
      start = i + 1;
      if (s[i] == '>') break;
    }
  }
  return 1;
}

/* Does a hold CuTe's '_' (an underscore not before a digit)? */
static int has_underscore(const char *a) {
  for (const char *p = strchr(a, '_'); p; p = strchr(p + 1, '_'))
    if (p[1] < '0' || p[1] > '9') return 1;
  return 0;
}

/* Is the swizzle written at p ("Sw<B,M,S>" or "Swizzle<B,M,S>") at or
** past CuTe's int masks: B+M+|S| >= 32, or M+|S| >= 31 with B = 0? */
static int swizzle_at_edge(const char *p) {
  int bits, base, shift;
  const char *lt = strchr(p, '<');
  if (!lt || sscanf(lt, "<%d,%d,%d>", &bits, &base, &shift) != 3) return 0;
  int abs_s = shift < 0 ? -shift : shift;
  return bits == 0 ? base + abs_s >= 31 : bits + base + abs_s >= 32;
}

/* Does a keep to the swizzle forms of b (GEN_FORM_SWIZZLE, _COMPOSED,
** _SMEM_PTR, _SWIZZLE_EDGE)?  1, or 0 with why set (what names it). */
static int swizzle_admitted(const gen_bounds *b, const char *a, const char *what, char *why,
                            size_t cap) {
  const char *sw = strstr(a, "Sw");
  if (!sw) return 1;
  if (b->sut_forms_off & GEN_FORM_SWIZZLE) return snprintf(why, cap, "%s holds a swizzle", what), 0;
  if ((b->sut_forms_off & GEN_FORM_COMPOSED) && strstr(a, " o "))
    return snprintf(why, cap, "%s is a composed layout", what), 0;
  if ((b->sut_forms_off & GEN_FORM_SMEM_PTR) && strstr(a, "smem_ptr"))
    return snprintf(why, cap, "%s holds an smem_ptr offset", what), 0;
  if ((b->sut_forms_off & GEN_FORM_SWIZZLE_EDGE) && swizzle_at_edge(sw))
    return snprintf(why, cap, "%s holds a swizzle at CuTe's int bound", what), 0;
  return 1;
}

/* Does argument a (number i, 0-based) keep to b's bounds?  1, or 0 with
** why set.  A composed layout's bounds are those of its inner layout. */
static int arg_admitted(const gen_bounds *b, const char *a, int i, char *why, size_t cap) {
  char what[64];
  snprintf(what, sizeof what, "argument %d (%.24s%s)", i + 1, a, strlen(a) > 24 ? "..." : "");
  if (!swizzle_admitted(b, a, what, why, cap)) return 0;
  if (strncmp(a, "Sw", 2) == 0) {
    const char *inner = strrchr(a, ' '); /* "Sw<..> o O o L": L after the last blank */
    if (!inner) return 1;                /* a swizzle alone */
    a = inner + 1;
  }
  if (b->sut_no_empty && strstr(a, "()"))
    return snprintf(why, cap, "%s holds an empty tuple", what), 0;
  if ((b->sut_forms_off & GEN_FORM_UNDERSCORE) && has_underscore(a))
    return snprintf(why, cap, "%s holds '_'", what), 0;
  if (a[0] == '<') {
    if (b->sut_no_tilers) return snprintf(why, cap, "%s is a tiler", what), 0;
    return tiler_admitted(b, a, what, why, cap);
  }
  if (strstr(a, "-->") || !strchr(a, ':')) return 1; /* a morphism, a tuple, an integer */
  return layout_admitted(b, a, strlen(a), what, why, cap);
}

/* Does every argument of k keep to b's sut_ bounds; see gen.h. */
int gen_sut_admits(const gen_bounds *b, const gen_case *k, char *why, size_t cap) {
  assert(k->argc >= 0 && k->argc <= GEN_MAX_ARGS);
  if (cap) why[0] = 0;
  if (!b->sut_on) return 1;
  for (int i = 0; i < k->argc; i++)
    if (!arg_admitted(b, k->argv[i], i, why, cap)) return 0;
  return 1;
}
