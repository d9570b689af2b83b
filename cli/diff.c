/*
** diff.c -- differential properties: the oracle and a system under test
** answer the same request; the answers must agree under the op's
** comparison.
*/
#include "diff.h"

#include "lo.h"

#include <stdio.h>
#include <string.h>

/* Ops, the generator of their inputs, and the default comparison.  Exact
** where CuTe's answer is canonical (numbers, predicates, coalesce,
** complement: sorted and coalesced, the standard form); by layout function
** where CuTe guarantees the function and size but not the representation
** (results of composition and what is built on it: size-1 modes may keep
** a stride, C++ and pycute group rest modes differently). */
static const diff_op ops[] = {
    {"size", "layout", DIFF_EXACT, "a number"},
    {"cosize", "layout", DIFF_EXACT, "a number"},
    {"apply", "layout_index", DIFF_EXACT, "a number"},
    {"coalesce", "layout", DIFF_EXACT, "the coalesced form is unique"},
    {"filter", "layout", DIFF_EXACT, "coalesced, hence unique"},
    {"complement", "complementable", DIFF_EXACT, "sorted and coalesced, hence unique"},
    {"composition", "composable_layouts", DIFF_FUNCTION,
     "size-1 modes may keep a stride; the function is what CuTe guarantees"},
    {"logical_divide", "divide_layouts", DIFF_FUNCTION, "built on composition"},
    {"logical_product", "product_layouts", DIFF_FUNCTION, "built on composition"},
    {"zipped_divide", "divide_layouts", DIFF_FUNCTION, "built on composition"},
    {"tiled_divide", "divide_layouts", DIFF_FUNCTION, "built on composition"},
    {"zipped_product", "product_layouts", DIFF_FUNCTION, "built on composition"},
    {"tiled_product", "product_layouts", DIFF_FUNCTION, "built on composition"},
    {"right_inverse", "layout", DIFF_FUNCTION, "any right inverse of the same size will do"},
    {"left_inverse", "injective", DIFF_FUNCTION, "not unique where L's image has gaps"},
    {"is_tractable", "layout", DIFF_EXACT, "a boolean"},
    {"is_compact", "layout", DIFF_EXACT, "a boolean"},
    {"morphism", "tractable", DIFF_EXACT, "the standard form is unique (non-degenerate L)"},
    {"layout", "morphism", DIFF_EXACT, "the encoding is a formula"},
    {"mutual_refinement", "mutual", DIFF_EXACT, "Algorithm 4.1.1 is deterministic"},
    {"weak_composite", "composable", DIFF_EXACT, "a construction"},
};

#define NOPS ((int)(sizeof ops / sizeof ops[0]))

int diff_op_count(void) { return NOPS; }
const diff_op *diff_op_at(int i) { return i >= 0 && i < NOPS ? &ops[i] : NULL; }

const diff_op *diff_op_find(const char *op) {
  for (int i = 0; i < NOPS; i++)
    if (strcmp(ops[i].op, op) == 0) return &ops[i];
  return NULL;
}

const char *diff_mode_name(diff_mode m) {
  return m == DIFF_EXACT ? "exact" : m == DIFF_FUNCTION ? "function" : "coalesced";
}

int diff_mode_parse(const char *s, diff_mode *m) {
  if (!strcmp(s, "exact"))
    *m = DIFF_EXACT;
  else if (!strcmp(s, "function"))
    *m = DIFF_FUNCTION;
  else if (!strcmp(s, "coalesced"))
    *m = DIFF_COALESCED;
  else
    return -1;
  return 0;
}

/* Both texts parse as layouts (not tilers). */
static int two_layouts(const char *a, const char *b, lo_layout *x, lo_layout *y) {
  lo_err e;
  return lo_kind_of(a) == LO_KIND_LAYOUT && lo_kind_of(b) == LO_KIND_LAYOUT &&
         lo_parse_layout(a, x, &e) == LO_OK && lo_parse_layout(b, y, &e) == LO_OK;
}

/* Same size and layout function, point by point. */
static int same_function(const lo_layout *x, const lo_layout *y, const gen_bounds *b, char *msg,
                         size_t cap) {
  lo_int sx, sy, u, v;
  lo_err e;
  if (lo_size(x, &sx, &e) || lo_size(y, &sy, &e)) return snprintf(msg, cap, "size overflows"), 1;
  if (sx != sy)
    return snprintf(msg, cap, "sizes differ (%lld vs %lld)", (long long)sx, (long long)sy), 1;
  lo_int n = sx < b->max_size ? sx : b->max_size;
  for (lo_int i = 0; i < n; i++) {
    if (lo_apply(x, i, &u, &e) || lo_apply(y, i, &v, &e))
      return snprintf(msg, cap, "cannot evaluate at %lld", (long long)i), 1;
    if (u != v)
      return snprintf(msg, cap, "layout functions differ at %lld (%lld vs %lld)", (long long)i,
                      (long long)u, (long long)v),
             1;
  }
  return 0;
}

int diff_compare(diff_mode mode, const char *oracle, const char *answer, const gen_bounds *b,
                 char *msg, size_t cap) {
  int oerr = strncmp(oracle, "error:", 6) == 0, aerr = strncmp(answer, "error:", 6) == 0;
  lo_layout x, y, cx, cy;
  lo_err e;
  msg[0] = 0;
  if (oerr && aerr) return 0;
  if (oerr || aerr)
    return snprintf(msg, cap, "%s",
                    oerr ? "the oracle refuses this input"
                         : "the system under test refuses this input"),
           1;
  if (strcmp(oracle, answer) == 0) return 0;
  if (mode == DIFF_EXACT || !two_layouts(oracle, answer, &x, &y))
    return snprintf(msg, cap, "the answers differ"), 1;
  if (mode == DIFF_FUNCTION) return same_function(&x, &y, b, msg, cap);
  if (lo_coalesce(&x, &cx, &e) || lo_coalesce(&y, &cy, &e) || !lo_layout_equal(&cx, &cy))
    return snprintf(msg, cap, "the answers differ after coalescing"), 1;
  return 0;
}

/* The check of a differential property: ask both, compare. */
static gen_verdict diff_check(gen_ctx *x) {
  diff_target *t = (diff_target *)x->data;
  char line[4 * GEN_ARG_LEN + 64], oracle[1 << 14], answer[1 << 14], why[256];
  size_t len = (size_t)snprintf(line, sizeof line, "%s", t->op->op);
  for (int i = 0; i < x->argc && len < sizeof line; i++)
    len += (size_t)snprintf(line + len, sizeof line - len, " %s", x->argv[i]);
  char out[1 << 14];
  int rc = lo_eval(t->op->op, x->argc, x->argv, out, sizeof out);
  snprintf(oracle, sizeof oracle, rc == LO_OK ? "%s" : "error: %s", out);
  sut_status st = sut_ask(t->s, line, answer, sizeof answer);
  if (st != SUT_OK) return gen_failf(x, "%s", answer);
  if (strncmp(answer, "error: unsupported op", 21) == 0) {
    t->unsupported = 1;
    return GEN_DISCARD;
  }
  if (diff_compare(t->mode, oracle, answer, x->bounds, why, sizeof why) == 0) return GEN_PASS;
  return gen_failf(x, "%s: oracle %s, system under test %s", why, oracle, answer);
}

void diff_property(diff_target *t, gen_property *p, char *name, size_t namecap) {
  snprintf(name, namecap, "sut.%s", t->op->op);
  memset(p, 0, sizeof *p);
  p->name = name;
  p->statement = "the system under test answers as the oracle does";
  p->source = "differential (the batch protocol)";
  p->kind = GEN_THEOREM;
  p->generator = t->op->generator;
  p->op = t->op->op;
  p->check = diff_check;
  p->data = t;
}
