/*
** diff.c -- differential properties: the oracle and a system under test
** answer the same request; the answers must agree under the op's
** comparison.
*/
#include "diff.h"

#include "lo.h"
#include "case_line.h"
#include "proto.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Ops, the generator of their inputs, and the default comparison.  Exact
** where CuTe's answer is canonical (numbers, predicates, coalesce,
** complement: sorted and coalesced, the standard form); by layout function
** where CuTe guarantees the function and size but not the representation
** (results of composition and what is built on it: size-1 modes may keep
** a stride, C++ and pycute group rest modes differently). */
static const diff_op ops[] = {
    {"size", "layout", DIFF_EXACT, "a number", NULL},
    {"cosize", "layout", DIFF_EXACT, "a number", NULL},
    {"apply", "layout_index", DIFF_EXACT, "a number", NULL},
    {"coalesce", "layout", DIFF_EXACT, "the coalesced form is unique", NULL},
    {"filter", "layout", DIFF_EXACT, "coalesced, hence unique", NULL},
    {"complement", "complement_forms", DIFF_EXACT, "sorted and coalesced, hence unique", NULL},
    {"composition", "compose_forms", DIFF_FUNCTION,
     "size-1 modes may keep a stride; the function is what CuTe guarantees", NULL},
    {"logical_divide", "divide_forms", DIFF_FUNCTION, "built on composition", NULL},
    {"logical_product", "product_forms", DIFF_FUNCTION, "built on composition", NULL},
    {"zipped_divide", "divide_forms", DIFF_FUNCTION, "built on composition", NULL},
    {"tiled_divide", "divide_forms", DIFF_FUNCTION, "built on composition", NULL},
    {"zipped_product", "product_forms", DIFF_FUNCTION, "built on composition", NULL},
    {"tiled_product", "product_forms", DIFF_FUNCTION, "built on composition", NULL},
    {"right_inverse", "layout", DIFF_INVERSE,
     "any right inverse of the oracle's size will do: not unique where L is not injective", NULL},
    {"left_inverse", "injective", DIFF_INVERSE,
     "any left inverse of the oracle's size will do: not unique where L's image has gaps", NULL},
    {"is_tractable", "layout", DIFF_EXACT, "a boolean", NULL},
    {"is_compact", "layout", DIFF_EXACT, "a boolean", NULL},
    {"morphism", "tractable", DIFF_EXACT, "the standard form is unique (non-degenerate L)", NULL},
    {"layout", "morphism", DIFF_EXACT, "the encoding is a formula", NULL},
    {"mutual_refinement", "mutual", DIFF_EXACT, "Algorithm 4.1.1 is deterministic", NULL},
    {"weak_composite", "composable", DIFF_EXACT, "a construction", NULL},
    /* recasts and compact layouts in an order: leaf-by-leaf formulas */
    {"upcast", "unit_layout", DIFF_EXACT, "a formula on each leaf", NULL},
    {"downcast", "unit_layout", DIFF_EXACT, "a formula on each leaf", NULL},
    {"make_layout_like", "layout", DIFF_EXACT, "a formula on each leaf", NULL},
    {"make_ordered_layout", "shape_order", DIFF_EXACT, "a formula on each leaf", NULL},
    /* the family sw.*: the same ops on swizzles and composed layouts (gen_sw_diff.c), run
    ** where --ops names them (sw.size, or sw.* for all) and the SUT takes swizzles; exact in
    ** both layers (a composed layout's text is CuTe's, and the plain ops answer CuTe's text
    ** or an error naming it) */
    {"size", "sw_value", DIFF_EXACT, "a number", "sw.size"},
    {"cosize", "sw_value", DIFF_EXACT, "a number (cute: CuTe's cosize of L; plain: the true one)",
     "sw.cosize"},
    {"rank", "sw_value", DIFF_EXACT, "a number", "sw.rank"},
    {"depth", "sw_value", DIFF_EXACT, "a number", "sw.depth"},
    {"shape", "sw_value", DIFF_EXACT, "the inner layout's shape", "sw.shape"},
    {"apply", "sw_point", DIFF_EXACT, "a number", "sw.apply"},
    {"print_layout", "sw_print", DIFF_EXACT, "CuTe's grid", "sw.print_layout"},
    {"coalesce", "sw_value", DIFF_EXACT, "Sw o O o coalesce(L)", "sw.coalesce"},
    {"flatten", "sw_value", DIFF_EXACT, "Sw o O o flatten(L)", "sw.flatten"},
    {"complement", "sw_value", DIFF_EXACT, "complement(L)", "sw.complement"},
    {"composition", "sw_compose", DIFF_EXACT, "CuTe's text in every form", "sw.composition"},
    {"logical_divide", "sw_divide", DIFF_EXACT, "Sw o O o the op on L", "sw.logical_divide"},
    {"zipped_divide", "sw_divide", DIFF_EXACT, "Sw o O o the op on L", "sw.zipped_divide"},
    {"tiled_divide", "sw_divide", DIFF_EXACT, "Sw o O o the op on L", "sw.tiled_divide"},
    {"flat_divide", "sw_divide", DIFF_EXACT, "Sw o O o the op on L", "sw.flat_divide"},
    {"logical_product", "sw_product", DIFF_EXACT, "Sw o O o the op on L", "sw.logical_product"},
    {"zipped_product", "sw_product", DIFF_EXACT, "Sw o O o the op on L", "sw.zipped_product"},
    {"tiled_product", "sw_product", DIFF_EXACT, "Sw o O o the op on L", "sw.tiled_product"},
    {"flat_product", "sw_product", DIFF_EXACT, "Sw o O o the op on L", "sw.flat_product"},
    {"blocked_product", "sw_block", DIFF_EXACT, "Sw o O o the op on L", "sw.blocked_product"},
    {"raked_product", "sw_block", DIFF_EXACT, "Sw o O o the op on L", "sw.raked_product"},
    {"tile_to_shape", "sw_tile", DIFF_EXACT, "Sw o O o the op on L", "sw.tile_to_shape"},
    {"get", "sw_get", DIFF_EXACT, "Sw o O o the mode of L", "sw.get"},
    {"take", "sw_range", DIFF_EXACT, "Sw o O o the modes of L", "sw.take"},
    {"group", "sw_range", DIFF_EXACT, "Sw o O o L regrouped", "sw.group"},
    {"right_inverse", "sw_any", DIFF_EXACT, "CuTe's text (a swizzle is its own inverse)",
     "sw.right_inverse"},
    {"left_inverse", "sw_any", DIFF_EXACT, "CuTe's text (a swizzle is its own inverse)",
     "sw.left_inverse"},
    {"upcast", "sw_cast", DIFF_EXACT, "each part recast", "sw.upcast"},
    {"downcast", "sw_cast", DIFF_EXACT, "each part recast", "sw.downcast"},
};

#define NOPS ((int)(sizeof ops / sizeof ops[0]))

/* The number of ops differential fuzzing knows; see diff.h. */
int diff_op_count(void) { return NOPS; }

/* Op i of the table, or NULL out of range; see diff.h. */
const diff_op *diff_op_at(int i) { return i >= 0 && i < NOPS ? &ops[i] : NULL; }

/* The name of an op's differential property; see diff.h. */
const char *diff_op_name(const diff_op *op) { return op->name ? op->name : op->op; }

/* The op of that name, or NULL; see diff.h. */
const diff_op *diff_op_find(const char *name) {
  for (int i = 0; i < NOPS; i++)
    if (strcmp(diff_op_name(&ops[i]), name) == 0) return &ops[i];
  return NULL;
}

/* The op that made a request: its family member where an argument is a
** swizzle or a composed layout; see diff.h. */
const diff_op *diff_op_for(const char *op, int argc, const char *const *argv) {
  char name[96];
  for (int i = 0; i < argc; i++) {
    lo_kind k = lo_kind_of(argv[i]);
    if ((k == LO_KIND_SWIZZLE || k == LO_KIND_COMPOSED) &&
        snprintf(name, sizeof name, "sw.%s", op) < (int)sizeof name && diff_op_find(name))
      return diff_op_find(name);
  }
  return diff_op_find(op);
}

/* The name of a comparison ("exact", ...); see diff.h. */
const char *diff_mode_name(diff_mode m) {
  return m == DIFF_EXACT      ? "exact"
         : m == DIFF_FUNCTION ? "function"
         : m == DIFF_INVERSE  ? "inverse"
                              : "coalesced";
}

/* Read a comparison's name; see diff.h. */
int diff_mode_parse(const char *s, diff_mode *m) {
  if (!strcmp(s, "exact"))
    *m = DIFF_EXACT;
  else if (!strcmp(s, "function"))
    *m = DIFF_FUNCTION;
  else if (!strcmp(s, "coalesced"))
    *m = DIFF_COALESCED;
  else if (!strcmp(s, "inverse"))
    *m = DIFF_INVERSE;
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

/* Does a SUT's answer parse as a value of the protocol: an integer, a
** boolean, a tuple, a layout, a tiler, a morphism, a swizzle or a composed
** layout? */
static int answer_parses(const char *answer) {
  lo_layout x;
  lo_tuple t;
  lo_morphism m;
  lo_err e;
  lo_swizzle sw;
  lo_composed c;
  if (!strcmp(answer, "true") || !strcmp(answer, "false")) return 1;
  switch (lo_kind_of(answer)) {
    case LO_KIND_SWIZZLE:
      return lo_parse_swizzle(answer, &sw, &e) == LO_OK;
    case LO_KIND_COMPOSED:
      return lo_parse_composed(answer, &c, &e) == LO_OK;
    case LO_KIND_LAYOUT:
    case LO_KIND_TILER:
      return lo_parse_layout(answer, &x, &e) == LO_OK;
    case LO_KIND_MORPHISM:
      return lo_parse_morphism(answer, &m, &e) == LO_OK;
    default:
      return lo_parse_tuple(answer, &t, &e) == LO_OK;
  }
}

/* Compare the oracle's answer with the SUT's under mode; see diff.h. */
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
  if (!answer_parses(answer))
    return snprintf(msg, cap, "the system under test answers something that does not parse"), 1;
  if (mode == DIFF_EXACT && two_layouts(oracle, answer, &x, &y)) {
    char why[128];
    if (same_function(&x, &y, b, why, sizeof why) == 0)
      return snprintf(msg, cap, "the answers differ in form (the same layout function)"), 1;
    return snprintf(msg, cap, "the answers differ (%s)", why), 1;
  }
  if (mode == DIFF_EXACT || !two_layouts(oracle, answer, &x, &y))
    return snprintf(msg, cap, "the answers differ"), 1;
  if (mode == DIFF_FUNCTION) return same_function(&x, &y, b, msg, cap);
  if (lo_coalesce(&x, &cx, &e) || lo_coalesce(&y, &cy, &e) || !lo_layout_equal(&cx, &cy))
    return snprintf(msg, cap, "the answers differ after coalescing"), 1;
  return 0;
}

#define DIFF_ORACLE_CAP (1 << 16) /* the oracle's answer (a print_layout grid of 32x32) */

/* The name of a layer, "plain" or "cute"; see diff.h. */
const char *diff_layer_name(diff_layer l) { return l == DIFF_CUTE ? "cute" : "plain"; }

/* Read a layer's name; see diff.h. */
int diff_layer_parse(const char *s, diff_layer *l) {
  if (!strcmp(s, "plain"))
    *l = DIFF_PLAIN;
  else if (!strcmp(s, "cute"))
    *l = DIFF_CUTE;
  else
    return -1;
  return 0;
}

/* The oracle op a request is compared with in a layer; see diff.h. */
const char *diff_oracle_op(const char *op, diff_layer layer) {
  char twin[96];
  if (layer != DIFF_CUTE || snprintf(twin, sizeof twin, "cute_%s", op) >= (int)sizeof twin)
    return op;
  for (int i = 0; i < lo_op_count(); i++) {
    const lo_op_info *o = lo_op_at(i);
    if (o && o->name && strcmp(o->name, twin) == 0) return o->name;
  }
  return op;
}

/* The request line of an item, "OP ARG ARG..." (case_line_join),
** malloc'd (NULL when out of memory). */
static char *request_line(const diff_item *it) {
  size_t len = case_line_join(it->t->op->op, it->argc, it->argv, NULL, 0) + 1;
  char *line = malloc(len);
  if (!line) return NULL;
  case_line_join(it->t->op->op, it->argc, it->argv, line, len);
  return line;
}

/* The inverse comparison of right_inverse and left_inverse: the SUT's
** answer R has the oracle's size and is an inverse of the request's L on
** that side, checked point by point up to b->max_size: L(R(i)) = i for
** every i < size(R) (right), R(L(i)) = i for every i < size(L) (left).
** Anything else (a refusal on either side, a value that is not a layout)
** is compared as DIFF_FUNCTION compares it.  0 when it passes, 1 with why. */
static int inverse_compare(const diff_item *it, const char *oracle, const char *answer,
                           const gen_bounds *b, char *why, size_t cap) {
  lo_layout l, r, o;
  lo_int so, sr, n, x, y;
  lo_err e;
  int right = strcmp(it->t->op->op, "right_inverse") == 0;
  if (diff_compare(DIFF_FUNCTION, oracle, answer, b, why, cap) == 0) return 0;
  if (it->argc < 1 || lo_parse_layout(it->argv[0], &l, &e) != LO_OK ||
      !two_layouts(oracle, answer, &o, &r))
    return 1;
  if (lo_size(&o, &so, &e) || lo_size(&r, &sr, &e) || lo_size(&l, &n, &e))
    return snprintf(why, cap, "size overflows"), 1;
  if (so != sr)
    return snprintf(why, cap, "sizes differ (%lld vs %lld)", (long long)so, (long long)sr), 1;
  if (right) n = sr;
  n = n < b->max_size ? n : b->max_size;
  for (lo_int i = 0; i < n; i++) {
    if (lo_apply(right ? &r : &l, i, &x, &e) || lo_apply(right ? &l : &r, x, &y, &e))
      return snprintf(why, cap, "not a %s inverse: cannot evaluate at %lld",
                      right ? "right" : "left", (long long)i),
             1;
    if (y != i)
      return snprintf(why, cap, "not a %s inverse: %s at %lld gives %lld", right ? "right" : "left",
                      right ? "L(R(i))" : "R(L(i))", (long long)i, (long long)y),
             1;
  }
  return 0;
}

/* Write the oracle's answer out[] into line[0..cap) as the batch protocol
** writes a result: each line feed as the two characters "\n", a carriage
** return as a blank (print_layout's grid is one answer line); an error
** when that does not fit. */
static void protocol_line(const char *out, char *line, size_t cap) {
  size_t j = 0;
  for (const char *p = out; *p; p++) {
    if (j + 3 > cap) {
      snprintf(line, cap, "error: the oracle's answer is longer than %zu bytes", cap);
      return;
    }
    if (*p == '\n') {
      line[j++] = '\\';
      line[j++] = 'n';
    } else
      line[j++] = *p == '\r' ? ' ' : *p;
  }
  line[j] = '\0';
}

/* Judge an item by the SUT's answer. */
static void judge(diff_item *it, const char *answer, const gen_bounds *b) {
  char out[DIFF_ORACLE_CAP], oracle[DIFF_ORACLE_CAP], why[256], via[128] = "";
  it->msg[0] = 0;
  if (strncmp(answer, "error: unsupported op", 21) == 0) {
    it->t->unsupported = 1;
    it->verdict = GEN_DISCARD;
    return;
  }
  int rc = lo_eval(it->t->oracle_op, it->argc, it->argv, out, sizeof out);
  if ((rc == LO_ELIMIT || rc == LO_EOVERFLOW) && strncmp(answer, "error:", 6) != 0) {
    it->t->not_comparable++; /* the oracle's limits, not the SUT's fault */
    it->verdict = GEN_DISCARD;
    snprintf(it->msg, it->msgcap, "not comparable: the oracle's own limit: %s", out);
    return;
  }
  if (rc == LO_OK)
    protocol_line(out, oracle, sizeof oracle);
  else
    snprintf(oracle, sizeof oracle, "error: %.*s", (int)(sizeof oracle - 8), out);
  if (it->t->mode == DIFF_INVERSE
          ? inverse_compare(it, oracle, answer, b, why, sizeof why) == 0
          : diff_compare(it->t->mode, oracle, answer, b, why, sizeof why) == 0) {
    it->verdict = GEN_PASS;
    return;
  }
  if (strcmp(it->t->oracle_op, it->t->op->op) != 0)
    snprintf(via, sizeof via, " (%s)", it->t->oracle_op);
  it->verdict = GEN_FAIL;
  char shown[DIFF_ORACLE_CAP]; /* the SUT's answer, fit for a terminal */
  proto_escape(answer, shown, sizeof shown);
  snprintf(it->msg, it->msgcap, "%s: oracle%s %s, system under test %s", why, via, oracle, shown);
}

/* The SUT failed on this item (why says how). */
static void sut_failed(diff_item *it, const char *why) {
  it->verdict = GEN_FAIL;
  snprintf(it->msg, it->msgcap, "%s", why);
}

/* What diff_ask works with: the SUT and the requests and answers of a
** window. */
typedef struct asker {
  sut *s;
  const gen_bounds *b;
  char **req, **reply; /* per item of a window, malloc'd */
  char why[512];
} asker;

/* Ask items[0..m) as one window and judge them when it succeeds; the
** status, with a->why and *answered as sut_ask_window. */
static sut_status ask_window(asker *a, diff_item *items, int m, int *answered) {
  sut_status st = SUT_OK;
  int made = 0;
  while (made < m && (a->req[made] = request_line(&items[made]))) made++;
  if (made < m) {
    snprintf(a->why, sizeof a->why, "out of memory");
    st = SUT_START_FAILED;
    if (answered) *answered = 0;
  } else {
    st = sut_ask_window(a->s, (const char *const *)a->req, m, a->reply, a->why, sizeof a->why,
                        answered);
  }
  for (int j = 0; j < m && st == SUT_OK; j++) judge(&items[j], a->reply[j], a->b);
  for (int j = 0; j < made; j++) free(a->req[j]);
  for (int j = 0; j < m && st == SUT_OK; j++) free(a->reply[j]);
  return st;
}

/* A window of m > 1 items failed after k answer lines: pin the failure
** on the item that causes it alone, as a window of 1 would have.  The k
** items before it are asked again as a window (all of them one by one if
** that fails too), then the others one by one up to the first that fails
** alone.  Returns how many items got a verdict; *stopped is set when the
** last one is a failure of the SUT. */
static int pin_failure(asker *a, diff_item *items, int m, int k, int *stopped) {
  *stopped = 0;
  if (k >= m || (k > 0 && ask_window(a, items, k, NULL) != SUT_OK)) k = 0;
  for (int j = k; j < m; j++) {
    if (ask_window(a, items + j, 1, NULL) != SUT_OK) {
      sut_failed(&items[j], a->why);
      *stopped = 1;
      return j + 1;
    }
  }
  return m;
}

/* Ask the SUT the items in windows and judge every answer; see diff.h. */
int diff_ask(sut *s, int window, diff_item *items, int n, const gen_bounds *b) {
  int w = window < 1 ? 1 : window < n ? window : n, i = 0;
  asker a = {s, b, malloc((size_t)w * sizeof(char *)), malloc((size_t)w * sizeof(char *)), ""};
  if (n > 0 && (!a.req || !a.reply)) {
    sut_failed(&items[0], "out of memory");
    i = 1;
  }
  while (i < n) {
    int cur = s->careful > 0 ? 1 : w;
    int m = n - i < cur ? n - i : cur, k = 0, stopped = 0;
    if (ask_window(&a, items + i, m, &k) == SUT_OK) {
      i += m;
      if (s->careful > 0) s->careful--;
      continue;
    }
    /* after a failure of the SUT, more are likely (shrinking it): one
    ** request at a time for a window's worth, so that each costs one
    ** timeout, not two */
    s->careful = window;
    if (m == 1) {
      sut_failed(&items[i++], a.why);
      break;
    }
    s->retried++;
    i += pin_failure(&a, items + i, m, k, &stopped);
    if (stopped) break;
  }
  free(a.req), free(a.reply);
  return i;
}

/* The batch check of a differential property. */
static int diff_check_batch(gen_ctx *x, gen_verdict *v, int n) {
  diff_target *t = (diff_target *)x[0].data;
  diff_item *items = malloc((size_t)(n > 0 ? n : 1) * sizeof *items);
  if (!items) {
    v[0] = gen_failf(&x[0], "out of memory");
    return 1;
  }
  for (int i = 0; i < n; i++)
    items[i] = (diff_item){t, x[i].argc, x[i].argv, GEN_DISCARD, x[i].msg, sizeof x[i].msg};
  int done = diff_ask(t->s, t->window, items, n, x[0].bounds);
  for (int i = 0; i < done; i++) v[i] = items[i].verdict;
  free(items);
  return done;
}

/* The check of a differential property, one case: ask both, compare. */
static gen_verdict diff_check(gen_ctx *x) {
  gen_verdict v = GEN_DISCARD;
  diff_check_batch(x, &v, 1);
  return v;
}

/* Set up the target of one op's differential property; see diff.h. */
void diff_target_init(diff_target *t, const diff_op *op, diff_layer layer, diff_mode mode, sut *s,
                      int window) {
  memset(t, 0, sizeof *t);
  t->op = op;
  t->oracle_op = diff_oracle_op(op->op, layer);
  t->mode = mode;
  t->s = s;
  t->window = window < 1 ? 1 : window;
  t->batch.check = diff_check_batch;
  t->batch.width = t->window;
}

/* The differential property of a target, for the engine; see diff.h. */
void diff_property(diff_target *t, gen_property *p, char *name, size_t namecap) {
  snprintf(name, namecap, "sut.%s", diff_op_name(t->op));
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

/* Check a list of ops; see diff.h. */
int diff_ops_check(const char *value, char *why, size_t cap) {
  char buf[1024], *save = NULL;
  snprintf(buf, sizeof buf, "%s", value);
  for (char *op = strtok_r(buf, ",", &save); op; op = strtok_r(NULL, ",", &save)) {
    char *mode = strchr(op, '=');
    diff_mode m;
    if (mode) *mode++ = '\0';
    if (!diff_op_find(op) && strcmp(op, "sw.*") != 0) {
      size_t n = (size_t)snprintf(why, cap, "no generator for op '%.40s'; known:", op);
      for (int i = 0; i < diff_op_count() && n < cap; i++)
        n += (size_t)snprintf(why + n, cap - n, " %s", diff_op_name(diff_op_at(i)));
      n += n < cap ? (size_t)snprintf(why + n, cap - n, ", sw.* (every sw. op)") : 0;
      return -1;
    }
    if (mode && diff_mode_parse(mode, &m))
      return snprintf(why, cap,
                      "comparison '%.40s' for %s: expected exact, function, coalesced or inverse",
                      mode, op),
             -1;
  }
  return 0;
}

/* Find op in a list of ops; see diff.h. */
int diff_ops_selected(const char *list, const diff_op *op, diff_mode *mode) {
  const char *name = diff_op_name(op);
  size_t n = strlen(name);
  *mode = op->mode;
  if (!list || !*list) return op->name ? 0 : 1; /* the families are asked for by name */
  for (const char *p = list; *p;) {
    const char *end = strchr(p, ',');
    size_t len = end ? (size_t)(end - p) : strlen(p);
    const char *dot = op->name ? strchr(op->name, '.') : NULL;
    if (dot && len >= 2 && p[len - 1] == '*' && p[len - 2] == '.' &&
        (size_t)(dot - op->name) == len - 2 && strncmp(p, op->name, len - 2) == 0)
      return 1; /* FAMILY.* */
    if (len >= n && strncmp(p, name, n) == 0 && (len == n || p[n] == '=')) {
      if (len > n) {
        char m[32];
        snprintf(m, sizeof m, "%.*s", (int)(len - n - 1), p + n + 1);
        diff_mode_parse(m, mode); /* checked by diff_ops_check */
        return 2;
      }
      return 1;
    }
    if (!end) break;
    p = end + 1;
  }
  return 0;
}

/* The kinds of failure a signature starts with, by the start of the
** message that diff_compare, judge or the SUT's failure wrote. */
static const struct {
  const char *prefix, *kind;
} failure_kinds[] = {
    {"the system under test refuses this input", "the system under test refuses"},
    {"the oracle refuses this input", "the oracle refuses"},
    {"sizes differ", "sizes differ"},
    {"layout functions differ", "layout functions differ"},
    {"cannot evaluate", "layout functions differ"},
    {"the answers differ in form", "the same function in another form"},
    {"not a right inverse", "not a right inverse"},
    {"not a left inverse", "not a left inverse"},
    {"the answers differ after coalescing", "the answers differ after coalescing"},
    {"the answers differ (sizes differ", "sizes differ"},
    {"the answers differ (layout functions differ", "layout functions differ"},
    {"the answers differ", "the answers differ"},
    {"the system under test answers something that does not parse", "garbage answer"},
    {"the system under test crashed", "crash"},
    {"the system under test exited", "crash"},
    {"the system under test did not answer", "hang"},
    {"out of step", "out of step"},
};

/* The text after marker in msg, or NULL. */
static const char *after(const char *msg, const char *marker) {
  const char *at = strstr(msg, marker);
  return at ? at + strlen(marker) : NULL;
}

/* Cut a normalised refusal at its first ": " after a value ('#'): what
** follows is the instance's detail ("upcast# CuTe prints # which is not the
** layout of L#s units: the coordinates of L that ..."), and the oracle's
** messages are cut at lo_err's 240 bytes, at a place that moves with the
** digits of the values, so that one refusal would make many signatures.
** A refusal without such a colon ("CuTe refuses: downcast# Downcast
** requires adjacent elements") is kept whole. */
static void cut_detail(char *norm) {
  char *value = strchr(norm, '#');
  char *colon = value ? strstr(value, ": ") : NULL;
  if (colon) *colon = '\0';
}

/* The signature of a differential failure; see diff.h. */
void diff_signature(const gen_property *p, const char *msg, char *sig, size_t cap) {
  const char *kind = "other", *error = NULL;
  size_t n = sizeof failure_kinds / sizeof failure_kinds[0];
  for (size_t i = 0; i < n; i++)
    if (strncmp(msg, failure_kinds[i].prefix, strlen(failure_kinds[i].prefix)) == 0) {
      kind = failure_kinds[i].kind;
      break;
    }
  if (!strcmp(kind, "the system under test refuses"))
    error = after(msg, "system under test error: ");
  else if (!strcmp(kind, "the oracle refuses")) {
    error = after(msg, "oracle error: ");
    if (!error) error = after(msg, ") error: "); /* "oracle (cute_OP) error: " */
  } else if (!strcmp(kind, "other"))
    error = msg;
  if (!error) {
    snprintf(sig, cap, "%s", kind);
    return;
  }
  char text[GEN_SIG_LEN], norm[GEN_SIG_LEN];
  const char *end = strstr(error, ", system under test ");
  size_t len = end && end > error ? (size_t)(end - error) : strlen(error);
  snprintf(text, sizeof text, "%.*s", (int)(len < sizeof text ? len : sizeof text - 1), error);
  gen_signature_default(p, text, norm, sizeof norm);
  if (error != msg) cut_detail(norm);
  snprintf(sig, cap, "%s: %s", kind, norm);
}
