/*
** gen_forms.c -- every argument form CuTe accepts, for differential
** fuzzing: B of composition, the divides and the products as a layout, a
** bare integer n, a shape (a tuple of integers, '_' and tuples) or a tiler
** <E1,...> whose entries are layouts, integers, '_' and nested tilers; the
** cotarget N of complement as an integer, a shape or a layout.  The text is
** the oracle's syntax (docs/syntax.md, "Tilers").
**
** Each generator first runs the layout generator the op had before
** (composable_layouts, divide_layouts, product_layouts, complementable),
** then draws the form; form 0 keeps that generator's case as it is, so
** that a stream of zeros, and shrinking, come back to the plain layout
** form.  Integers are drawn inside the op's preconditions: for A o n and
** A / n, n is a product of leading entries of A's flattened shape times a
** divisor of the next (then n:1 meets CuTe's divisibility conditions
** against A); for A x n, the same over the modes of complement(A) (A
** injective), the last of them free.  A tiler pairs mode i of A with its
** entry: A is built mode by mode from the op's pair generator.
**
** The forms a system under test does not take (gen_bounds' sut_forms_off,
** from sut_bounds) are never drawn: a form switched off falls back to the
** layout form (a tiler entry to a layout, a shape entry to an integer).
*/
#include "gen_values.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

typedef enum { FORM_COMPOSE, FORM_DIVIDE, FORM_PRODUCT } form_op;

/* The pair generator of each op: A and a layout B that meet its
** preconditions. */
static const char *const pair_name[] = {"composable_layouts", "divide_layouts", "product_layouts"};

#define FORM_MAX_DEPTH 2 /* nested tilers inside a tiler, at most */

/* Is form bit f switched off by b (only while a SUT's bounds are on)? */
static int off(const gen_bounds *b, int f) { return b->sut_on && (b->sut_forms_off & f); }

/* Run the registered generator name into part; 0, or -1 to discard. */
static int run_named(const char *name, gen_choices *c, const gen_bounds *b, gen_case *part) {
  const gen_info *g = gen_find(name);
  memset(part, 0, sizeof *part);
  assert(g);
  return g && g->fn(c, b, part) == 0 ? 0 : -1;
}

/* A and a layout B from op's pair generator; 0, or -1 to discard. */
static int draw_pair(form_op op, gen_choices *c, const gen_bounds *b, lo_layout *a, lo_layout *bl) {
  gen_case part;
  lo_err e;
  if (run_named(pair_name[op], c, b, &part) || part.argc < 2) return -1;
  return lo_parse_layout(part.argv[0], a, &e) || lo_parse_layout(part.argv[1], bl, &e) ? -1 : 0;
}

/* The leaves of t other than 1, into v; how many. */
static int big_leaves(const lo_tuple *t, lo_int *v) {
  int n = 0;
  for (int i = 0; i < t->len; i++)
    if (t->leaf[i] > 1) v[n++] = t->leaf[i];
  return n;
}

/* A product of v[0..j) times a divisor of v[j] (j drawn in [0, n]; at
** j = n, times free, a factor 1 + gen_small(free - 1) when free > 1), at
** most cap (>= 1): CuTe's divisibility conditions hold for n:1 against a
** layout whose flattened shape is v. */
static lo_int prefix_divisor(gen_choices *c, const lo_int *v, int n, lo_int free, lo_int cap) {
  int j = (int)gen_small(c, (uint64_t)n);
  lo_int p = 1, divs[64];
  for (int i = 0; i < j; i++) {
    if (p > cap / v[i]) return p;
    p *= v[i];
  }
  if (j < n) {
    int nd = 0;
    for (lo_int d = 1; d <= v[j] && nd < 64; d++)
      if (v[j] % d == 0) divs[nd++] = d;
    lo_int d = divs[gen_draw(c, (uint64_t)nd - 1)];
    return p <= cap / d ? p * d : p;
  }
  if (free > 1) {
    lo_int m = 1 + (lo_int)gen_small(c, (uint64_t)free - 1);
    if (p <= cap / m) p *= m;
  }
  return p;
}

/* A bare integer n that op takes as B with A: see prefix_divisor; for the
** product, over complement(A)'s modes, then a free factor, size(A) n at
** most b->max_size.  0, or -1 to discard. */
static int int_operand(form_op op, gen_choices *c, const gen_bounds *b, const lo_layout *a,
                       lo_int *n) {
  lo_int v[LO_MAX_LEAVES], size;
  lo_err e;
  lo_layout comp, flat;
  if (lo_size(a, &size, &e) || size < 1) return -1;
  if (op != FORM_PRODUCT) {
    lo_layout_flatten(a, &flat);
    *n = prefix_divisor(c, v, big_leaves(&flat.shape, v), 1, size);
    return 0;
  }
  lo_int cap = b->max_size / size;
  if (cap < 1) cap = 1;
  int nv = 0; /* the empty layout has no complement here: no gaps */
  if (lo_cute_complement(a, NULL, &comp, &e) == LO_OK) {
    lo_layout_flatten(&comp, &flat);
    nv = big_leaves(&flat.shape, v);
  }
  *n = prefix_divisor(c, v, nv, 4, cap);
  return 0;
}

/* The kinds of a tiler entry, in the order of their draws (0 simplest). */
typedef enum { ENTRY_INT, ENTRY_LAYOUT, ENTRY_UNDER, ENTRY_NEST } entry_form;

/* The entry form drawn, or its fall-back where b switches it off: a
** shape's entries are integers, '_' and shapes; a tiler's also layouts. */
static entry_form entry_kind(gen_choices *c, const gen_bounds *b, int depth, int shape_only) {
  entry_form f = (entry_form)gen_draw(c, 3);
  if (f == ENTRY_NEST && (depth >= FORM_MAX_DEPTH || off(b, GEN_FORM_NESTED_ENTRY))) f = ENTRY_INT;
  if (f == ENTRY_UNDER && off(b, GEN_FORM_UNDERSCORE)) f = ENTRY_INT;
  if (shape_only && f == ENTRY_LAYOUT) f = ENTRY_INT;
  if (!shape_only && f == ENTRY_INT && off(b, GEN_FORM_INT_ENTRY)) f = ENTRY_LAYOUT;
  return f;
}

/* One mode of A and its entry (text into e[0..cap)), A's mode of size at
** most budget: the entry is a layout B_i with A_i from op's pair
** generator, an integer that op takes with A_i, '_', or a nested tiler
** (A_i then the group of one or two modes, each with its own entry).
** depth counts the tilers around the entry.  0, or -1 to discard. */
static int mode_entry(form_op op, gen_choices *c, const gen_bounds *b, lo_int budget, int depth,
                      int shape_only, lo_layout *ai, char *e, size_t cap) {
  gen_bounds bb = *b;
  lo_layout bl;
  lo_int n;
  lo_err err;
  bb.max_size = budget < 1 ? 1 : budget;
  entry_form f = entry_kind(c, b, depth, shape_only);
  if (f == ENTRY_NEST) {
    lo_layout sub[2];
    const lo_layout *ps[2];
    lo_int size = 1, s;
    int k = 1 + (int)gen_draw(c, 1);
    size_t len = 0;
    e[len++] = '(';
    for (int j = 0; j < k; j++) {
      if (mode_entry(op, c, b, bb.max_size / size, depth + 1, shape_only, &sub[j], e + len,
                     cap - len - 2) ||
          lo_size(&sub[j], &s, &err))
        return -1;
      size *= s;
      ps[j] = &sub[j];
      len += strlen(e + len);
      if (len + 3 > cap) return -1;
      e[len++] = j + 1 < k ? ',' : ')';
    }
    e[len] = 0;
    return lo_layout_nest(ps, k, ai, &err) ? -1 : 0;
  }
  if (f == ENTRY_UNDER && !gen_flip(c, 4)) {
    /* '_' on a mode of rank 2, three times in four: the zipped and tiled
    ** forms split such a mode into (tile, rest), and refuse other ranks */
    lo_layout two[2], skip;
    const lo_layout *pt[2] = {&two[0], &two[1]};
    lo_int s0;
    if (draw_pair(op, c, &bb, &two[0], &skip) || lo_size(&two[0], &s0, &err)) return -1;
    bb.max_size = bb.max_size / (s0 < 1 ? 1 : s0) < 1 ? 1 : bb.max_size / (s0 < 1 ? 1 : s0);
    if (draw_pair(op, c, &bb, &two[1], &skip) || lo_layout_nest(pt, 2, ai, &err)) return -1;
    return snprintf(e, cap, "_") >= (int)cap ? -1 : 0;
  }
  if (draw_pair(op, c, &bb, ai, &bl)) return -1;
  if (f == ENTRY_LAYOUT) return lo_print_layout(&bl, e, cap) ? -1 : 0;
  if (f == ENTRY_UNDER) return snprintf(e, cap, "_") >= (int)cap ? -1 : 0;
  if (int_operand(op, c, &bb, ai, &n)) return -1;
  return snprintf(e, cap, "%lld", (long long)n) >= (int)cap ? -1 : 0;
}

/* A and a tiler <E1,...> (or, shape_only, a shape (E1,...)) for op: one
** to three modes of A with their entries, then perhaps a mode of A that
** the tiler leaves alone. */
static int tiler_case(form_op op, gen_choices *c, const gen_bounds *b, int shape_only,
                      gen_case *k) {
  lo_layout modes[4], la;
  const lo_layout *pm[4];
  char text[GEN_ARG_LEN], entry[GEN_ARG_LEN];
  lo_int size = 1, s;
  lo_err e;
  int nk = 1 + (int)gen_small(c, 2), n = 0;
  size_t len = 0;
  text[len++] = shape_only ? '(' : '<';
  for (; n < nk; n++) {
    if (mode_entry(op, c, b, b->max_size / size, 1, shape_only, &modes[n], entry, sizeof entry) ||
        lo_size(&modes[n], &s, &e))
      return -1;
    size *= s;
    pm[n] = &modes[n];
    len += (size_t)snprintf(text + len, sizeof text - len, "%s%s", n ? "," : "", entry);
    if (len + 2 >= sizeof text) return -1;
  }
  snprintf(text + len, sizeof text - len, "%c", shape_only ? ')' : '>');
  if (gen_flip(c, 3)) { /* a mode past the tiler */
    gen_bounds bb = *b;
    gen_case part;
    bb.max_size = b->max_size / size < 1 ? 1 : b->max_size / size;
    if (run_named("layout", c, &bb, &part) || lo_parse_layout(part.argv[0], &modes[n], &e))
      return -1;
    pm[n] = &modes[n];
    n++;
  }
  if (lo_layout_nest(pm, n, &la, &e)) return -1;
  return gen_put_layout(k, &la) || gen_case_arg(k, "%s", text);
}

/* The forms of B, in the order of their draw. */
enum { B_LAYOUT, B_INT, B_SHAPE, B_TILER };

/* A and B for op in one of the forms of B (see the head of the file). */
static int forms_case(form_op op, gen_choices *c, const gen_bounds *b, gen_case *k) {
  lo_layout a, bl;
  lo_int n;
  if (draw_pair(op, c, b, &a, &bl)) return -1;
  int form = (int)gen_draw(c, 3);
  if ((form == B_INT && off(b, GEN_FORM_INT_OPERAND)) ||
      (form == B_SHAPE && off(b, GEN_FORM_SHAPE_OPERAND)) ||
      (form == B_TILER && b->sut_on && b->sut_no_tilers))
    form = B_LAYOUT;
  switch (form) {
    case B_LAYOUT:
      return gen_put_layout(k, &a) || gen_put_layout(k, &bl);
    case B_INT:
      if (int_operand(op, c, b, &a, &n)) return -1;
      return gen_put_layout(k, &a) || gen_case_arg(k, "%lld", (long long)n);
    default:
      return tiler_case(op, c, b, form == B_SHAPE, k);
  }
}

/* A and B for composition A B, B in any form CuTe takes. */
static int g_compose_forms(gen_choices *c, const gen_bounds *b, gen_case *k) {
  return forms_case(FORM_COMPOSE, c, b, k);
}

/* A and B for the divides, B in any form CuTe takes. */
static int g_divide_forms(gen_choices *c, const gen_bounds *b, gen_case *k) {
  return forms_case(FORM_DIVIDE, c, b, k);
}

/* A and B for the products, B in any form CuTe takes. */
static int g_product_forms(gen_choices *c, const gen_bounds *b, gen_case *k) {
  return forms_case(FORM_PRODUCT, c, b, k);
}

/* The extent of l: the largest s d over its flattened modes (s > 1). */
static lo_int extent(const lo_layout *l) {
  lo_int x = 1;
  for (int i = 0; i < l->shape.len; i++)
    if (l->shape.leaf[i] > 1 && l->stride[i] > 0 && l->shape.leaf[i] * l->stride[i] > x)
      x = l->shape.leaf[i] * l->stride[i];
  return x;
}

/* N (>= 1) as a shape of one to three factors, the first two grouped one
** time in three ("((a,b),c)"); the profile into p.  Where the extent x of
** L divides N, the factors after the first divide N / x, so that the first
** is a multiple of x: CuTe divides a shape cotarget by the strides mode by
** mode (ceil_div(N, x) of a tuple), which then keeps the size N / x, and
** the complement meets its contract.  Otherwise one factor, N. */
static void factor_shape(gen_choices *c, lo_int n, lo_int x, lo_tuple *p) {
  lo_int f[3], divs[64], q = n % x == 0 ? n / x : 1;
  int m = 1;
  while (m < 3 && gen_flip(c, 2)) {
    int nd = 0;
    for (lo_int d = 2; d <= q && nd < 64; d++)
      if (q % d == 0) divs[nd++] = d;
    if (nd == 0) break;
    f[m] = divs[gen_draw(c, (uint64_t)nd - 1)];
    q /= f[m];
    n /= f[m++];
  }
  f[0] = n;
  int group = m == 3 && gen_flip(c, 3);
  p->len = m;
  p->ntok = 0;
  p->tok[p->ntok++] = '(';
  if (group) p->tok[p->ntok++] = '(';
  for (int i = 0; i < m; i++) {
    p->leaf[i] = f[i];
    p->tok[p->ntok++] = '*';
    if (group && i == 1) p->tok[p->ntok++] = ')';
  }
  p->tok[p->ntok++] = ')';
}

/* L complementable and the cotarget N as an integer (as complementable
** makes it), a shape of the same size, or a layout of that shape (CuTe
** takes shape(N); its strides are drawn freely). */
static int g_complement_forms(gen_choices *c, const gen_bounds *b, gen_case *k) {
  gen_case part;
  long long n;
  lo_layout l, flat, cot;
  lo_err e;
  if (run_named("complementable", c, b, &part) || part.argc != 2 ||
      sscanf(part.argv[1], "%lld", &n) != 1 || n < 1 || lo_parse_layout(part.argv[0], &l, &e))
    return -1;
  int form = (int)gen_draw(c, 2); /* 0 an integer, 1 a shape, 2 a layout */
  if (form == 1 && off(b, GEN_FORM_COTARGET_SHAPE)) form = 0;
  if (form == 2 && off(b, GEN_FORM_COTARGET_LAYOUT)) form = 0;
  if (gen_case_arg(k, "%s", part.argv[0])) return -1;
  if (form == 0) return gen_case_arg(k, "%s", part.argv[1]);
  lo_layout_flatten(&l, &flat);
  factor_shape(c, (lo_int)n, extent(&flat), &cot.shape);
  cot.is_tiler = 0;
  for (int i = 0; i < cot.shape.len; i++) cot.stride[i] = form == 2 ? gen_stride(c, b) : 0;
  return form == 1 ? gen_put_tuple(k, &cot.shape) : gen_put_layout(k, &cot);
}

const gen_info gen_forms_table[] = {
    {"compose_forms", "A B",
     "composable_layouts, B sometimes an integer, a shape or a tiler <...> over A's modes",
     g_compose_forms},
    {"divide_forms", "A B",
     "divide_layouts, B sometimes an integer, a shape or a tiler <...> over A's modes",
     g_divide_forms},
    {"product_forms", "A B",
     "product_layouts, B sometimes an integer, a shape or a tiler <...> over A's modes",
     g_product_forms},
    {"complement_forms", "L N",
     "complementable, the cotarget N sometimes a shape or a layout of that size",
     g_complement_forms},
};

const int gen_forms_count = (int)(sizeof gen_forms_table / sizeof gen_forms_table[0]);
