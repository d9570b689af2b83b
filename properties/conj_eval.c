/*
** conj_eval.c -- evaluating a compiled conjecture expression (conj_tree.h)
** over lo_eval: values, calls into the oracle, comparisons, and the
** explanation of why a statement is false.
*/
#include "conj_tree.h"

#include "lo.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ values */

typedef struct val {
  conj_type type;
  int b;      /* CONJ_BOOL */
  char *s;    /* CONJ_VALUE (owned) */
  int64_t *f; /* CONJ_FUNCTION (owned) */
  size_t n;   /* length of f */
} val;

/* Free what v owns and zero it. */
static void val_clear(val *v) {
  free(v->s);
  free(v->f);
  memset(v, 0, sizeof *v);
}

typedef struct evaluator {
  const conj_expr *e;
  const conj_env *env;
  char *why; /* the reason for a status other than CONJ_OK */
  size_t cap;
} evaluator;

/* The source of node n, white space collapsed, cut at 80 characters. */
static void source_of(const evaluator *ev, const node *n, char *buf, size_t cap) {
  size_t len = 0, limit = cap - 4 < 80 ? cap - 4 : 80, i = n->start;
  int space = 0;
  for (; i < n->end && len < limit; i++) {
    char c = ev->e->text[i];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      space = 1;
      continue;
    }
    if (space && len) buf[len++] = ' ';
    space = 0;
    if (len < limit) buf[len++] = c;
  }
  buf[len] = 0;
  if (i < n->end) strcpy(buf + len, "...");
}

/* Set the reason (prefixed by the source of n) and return status. */
static conj_status fail(evaluator *ev, const node *n, conj_status status, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
static conj_status fail(evaluator *ev, const node *n, conj_status status, const char *fmt, ...) {
  char src[96], what[320];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(what, sizeof what, fmt, ap);
  va_end(ap);
  source_of(ev, n, src, sizeof src);
  if (ev->cap) snprintf(ev->why, ev->cap, "%s: %s", src, what);
  return status;
}

/* Write v into buf[0..cap), cut at limit characters with "...". */
static void show_val(const val *v, char *buf, size_t cap, size_t limit) {
  size_t len = 0;
  if (cap == 0) return;
  if (limit > cap - 1) limit = cap - 1;
  buf[0] = 0;
  if (v->type == CONJ_BOOL) {
    snprintf(buf, cap, "%s", v->b ? "true" : "false");
    return;
  }
  if (v->type == CONJ_VALUE) {
    size_t n = strlen(v->s);
    if (n <= limit) {
      memcpy(buf, v->s, n + 1);
    } else {
      size_t keep = limit > 3 ? limit - 3 : 0;
      memcpy(buf, v->s, keep);
      strcpy(buf + keep, limit >= 3 ? "..." : "");
    }
    return;
  }
  buf[len++] = '[';
  for (size_t i = 0; i < v->n; i++) {
    char item[24];
    int w = snprintf(item, sizeof item, "%s%lld", i ? "," : "", (long long)v->f[i]);
    if (len + (size_t)w + 4 > limit) {
      snprintf(buf + len, cap - len, "...");
      return;
    }
    memcpy(buf + len, item, (size_t)w);
    len += (size_t)w;
  }
  buf[len++] = ']';
  buf[len] = 0;
}

/* lo_eval into a malloc'd *out, growing the buffer while the answer does
** not fit; returns lo_eval's code (the message is then in *out). */
static int call_oracle(const char *op, int argc, const char *const *argv, char **out) {
  for (size_t cap = 4096;; cap *= 4) {
    char *buf = malloc(cap);
    if (!buf) return *out = NULL, LO_ESPACE;
    int rc = lo_eval(op, argc, argv, buf, cap);
    if (rc != LO_ESPACE || cap >= MAX_RESULT) {
      *out = buf;
      return rc;
    }
    free(buf);
  }
}

static conj_status eval(evaluator *ev, const node *n, val *out);

/* An op call. */
static conj_status eval_call(evaluator *ev, const node *n, val *out) {
  val args[MAX_KIDS];
  const char *argv[MAX_KIDS];
  conj_status st = CONJ_OK;
  int done = 0;
  memset(args, 0, sizeof args);
  for (; done < n->n && st == CONJ_OK; done++) {
    st = eval(ev, n->kid[done], &args[done]);
    argv[done] = args[done].s;
  }
  char *res = NULL;
  if (st == CONJ_OK) {
    int rc = call_oracle(n->text, n->n, argv, &res);
    if (!res)
      st = CONJ_NO_MEMORY;
    else if (rc != LO_OK)
      st = fail(ev, n, CONJ_UNDEFINED, "%s", res);
    else if (n->type == CONJ_BOOL && strcmp(res, "true") && strcmp(res, "false"))
      st = fail(ev, n, CONJ_UNDEFINED, "answered '%.60s', not true or false", res);
  }
  for (int i = 0; i < done; i++) val_clear(&args[i]);
  if (st != CONJ_OK) {
    free(res);
    return st;
  }
  out->type = n->type;
  if (n->type == CONJ_BOOL) {
    out->b = res[0] == 't';
    free(res);
  } else {
    out->s = res;
  }
  return CONJ_OK;
}

/* function(E): the layout function of E's layout (or of L_f for a
** morphism f), enumerated when its size is within max_size. */
static conj_status eval_function(evaluator *ev, const node *n, val *out) {
  val x = {0};
  conj_status st = eval(ev, n->kid[0], &x);
  if (st != CONJ_OK) return st;
  lo_layout l;
  lo_err e;
  lo_int size = 0;
  lo_kind kind = lo_kind_of(x.s);
  int rc = LO_OK;
  if (kind == LO_KIND_LAYOUT) {
    rc = lo_parse_layout(x.s, &l, &e);
  } else if (kind == LO_KIND_MORPHISM) {
    lo_morphism f;
    rc = lo_parse_morphism(x.s, &f, &e);
    if (rc == LO_OK) rc = lo_morphism_layout(&f, &l, &e);
  } else {
    char shown[SHOW_LEN + 4];
    show_val(&x, shown, sizeof shown, 60);
    val_clear(&x);
    return fail(ev, n, CONJ_UNDEFINED, "'%s' is not a layout or a morphism", shown);
  }
  val_clear(&x);
  if (rc == LO_OK) rc = lo_size(&l, &size, &e);
  if (rc != LO_OK) return fail(ev, n, CONJ_UNDEFINED, "%s", e.msg);
  if (size > ev->env->max_size)
    return fail(ev, n, CONJ_TOO_LARGE, "size %lld is above max_size %lld", (long long)size,
                (long long)ev->env->max_size);
  out->type = CONJ_FUNCTION;
  out->f = malloc((size_t)(size ? size : 1) * sizeof *out->f);
  if (!out->f) return CONJ_NO_MEMORY;
  out->n = (size_t)size;
  lo_walk w;
  lo_walk_init(&w, &l);
  for (lo_int i = 0; i < size; i++) {
    if (lo_walk_at(&w, i, &out->f[i], &e) != LO_OK) {
      val_clear(out);
      return fail(ev, n, CONJ_UNDEFINED, "%s", e.msg);
    }
  }
  return CONJ_OK;
}

/* F . G: F(G(i)) for each i, when every G(i) lies in [0, length of F). */
static conj_status eval_compose(evaluator *ev, const node *n, val *out) {
  val f = {0}, g = {0};
  conj_status st = eval(ev, n->kid[0], &f);
  if (st == CONJ_OK) st = eval(ev, n->kid[1], &g);
  for (size_t i = 0; st == CONJ_OK && i < g.n; i++) {
    if (g.f[i] < 0 || (uint64_t)g.f[i] >= f.n)
      st = fail(ev, n, CONJ_UNDEFINED, "the right side gives %lld at %zu, outside [0,%zu)",
                (long long)g.f[i], i, f.n);
    else
      g.f[i] = f.f[g.f[i]];
  }
  val_clear(&f);
  if (st != CONJ_OK) {
    val_clear(&g);
    return st;
  }
  *out = g;
  return CONJ_OK;
}

/* Equality of two values of one type. */
static int val_equal(const val *a, const val *b) {
  if (a->type == CONJ_BOOL) return a->b == b->b;
  if (a->type == CONJ_VALUE) return strcmp(a->s, b->s) == 0;
  return a->n == b->n && (a->n == 0 || memcmp(a->f, b->f, a->n * sizeof *a->f) == 0);
}

/* A comparison; out is the boolean. */
static conj_status eval_compare(evaluator *ev, const node *n, val *out) {
  val a = {0}, b = {0};
  conj_status st = eval(ev, n->kid[0], &a);
  if (st == CONJ_OK) st = eval(ev, n->kid[1], &b);
  if (st == CONJ_OK && (n->kind == N_EQ || n->kind == N_NE)) {
    out->b = val_equal(&a, &b) == (n->kind == N_EQ);
  } else if (st == CONJ_OK) {
    lo_int x, y;
    lo_err e;
    if (lo_parse_int(a.s, &x, &e) != LO_OK || lo_parse_int(b.s, &y, &e) != LO_OK) {
      char shown[SHOW_LEN + 4];
      show_val(lo_parse_int(a.s, &x, &e) != LO_OK ? &a : &b, shown, sizeof shown, 60);
      st = fail(ev, n, CONJ_UNDEFINED, "'%s' is not an integer", shown);
    } else {
      out->b = n->kind == N_LT   ? x < y
               : n->kind == N_LE ? x <= y
               : n->kind == N_GT ? x > y
                                 : x >= y;
    }
  }
  out->type = CONJ_BOOL;
  val_clear(&a);
  val_clear(&b);
  return st;
}

/* Evaluate a boolean kid into *b. */
static conj_status eval_bool(evaluator *ev, const node *n, int *b) {
  val v = {0};
  conj_status st = eval(ev, n, &v);
  *b = v.b;
  val_clear(&v);
  return st;
}

/* Evaluate node n into *out (cleared first). */
static conj_status eval(evaluator *ev, const node *n, val *out) {
  memset(out, 0, sizeof *out);
  out->type = n->type;
  conj_status st = CONJ_OK;
  int a = 0, b = 0;
  switch (n->kind) {
    case N_LITERAL:
      out->s = strdup(n->text);
      return out->s ? CONJ_OK : CONJ_NO_MEMORY;
    case N_BOOL:
      out->b = n->index;
      return CONJ_OK;
    case N_VAR:
      if (n->index >= ev->env->argc)
        return fail(ev, n, CONJ_UNDEFINED, "no value given for variable %d", n->index + 1);
      out->s = strdup(ev->env->argv[n->index]);
      return out->s ? CONJ_OK : CONJ_NO_MEMORY;
    case N_CALL:
      return eval_call(ev, n, out);
    case N_FUNCTION:
      return eval_function(ev, n, out);
    case N_COMPOSE:
      return eval_compose(ev, n, out);
    case N_DEFINED: {
      val x;
      st = eval(ev, n->kid[0], &x);
      val_clear(&x);
      out->b = st == CONJ_OK;
      return st == CONJ_UNDEFINED ? CONJ_OK : st;
    }
    case N_EQ:
    case N_NE:
    case N_LT:
    case N_LE:
    case N_GT:
    case N_GE:
      return eval_compare(ev, n, out);
    case N_NOT:
      st = eval_bool(ev, n->kid[0], &a);
      out->b = !a;
      return st;
    case N_AND:
    case N_OR:
    case N_IMPLIES:
      st = eval_bool(ev, n->kid[0], &a);
      if (st != CONJ_OK) return st;
      if (n->kind == N_IMPLIES) a = !a;
      if ((n->kind == N_AND && !a) || (n->kind != N_AND && a)) {
        out->b = n->kind != N_AND;
        return CONJ_OK;
      }
      st = eval_bool(ev, n->kid[1], &b);
      out->b = b;
      return st;
  }
  return CONJ_UNDEFINED;
}

/* Evaluate e and show its value; see conj_expr.h. */
conj_status conj_eval(const conj_expr *e, const conj_env *env, char *out, size_t cap) {
  evaluator ev = {e, env, out, cap};
  val v;
  conj_status st = eval(&ev, e->root, &v);
  if (st == CONJ_NO_MEMORY && cap) snprintf(out, cap, "out of memory");
  if (st == CONJ_OK) show_val(&v, out, cap, cap ? cap - 1 : 0);
  val_clear(&v);
  return st;
}

/* ------------------------------------------------------------ why false */

/* Append a printf text to buf[0..cap) after what it holds. */
static void append(char *buf, size_t cap, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static void append(char *buf, size_t cap, const char *fmt, ...) {
  size_t len = strlen(buf);
  if (len + 1 >= cap) return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf + len, cap - len, fmt, ap);
  va_end(ap);
}

/* Nonzero when n is a literal (its source shows its value). */
static int is_literal(const node *n) { return n->kind == N_LITERAL || n->kind == N_BOOL; }

/* Explain a comparison that came out false: each side's source and value
** (for functions also where they differ). */
static void explain_compare(evaluator *ev, const node *n, char *buf, size_t cap) {
  val a = {0}, b = {0};
  char sa[96], sb[96], va[SHOW_LEN + 4], vb[SHOW_LEN + 4];
  static const char *const ops[] = {"==", "!=", "<", "<=", ">", ">="};
  source_of(ev, n->kid[0], sa, sizeof sa);
  source_of(ev, n->kid[1], sb, sizeof sb);
  if (eval(ev, n->kid[0], &a) != CONJ_OK || eval(ev, n->kid[1], &b) != CONJ_OK) {
    append(buf, cap, "%s %s %s is false", sa, ops[n->kind - N_EQ], sb);
  } else {
    int la = is_literal(n->kid[0]), lb = is_literal(n->kid[1]);
    char left[SHOW_LEN + 104], right[SHOW_LEN + 104];
    show_val(&a, va, sizeof va, SHOW_LEN);
    show_val(&b, vb, sizeof vb, SHOW_LEN);
    snprintf(left, sizeof left, "%s%s%s", la ? "" : sa, la ? "" : " = ", va);
    snprintf(right, sizeof right, "%s%s%s", lb ? "" : sb, lb ? "" : " = ", vb);
    if (n->kind == N_EQ && la != lb)
      append(buf, cap, "%s, not %s", la ? right : left, la ? va : vb);
    else if (n->kind == N_EQ)
      append(buf, cap, "%s but %s", left, right);
    else if (n->kind == N_NE)
      append(buf, cap, "%s and %s are equal", left, right);
    else
      append(buf, cap, "%s is not %s %s", left, ops[n->kind - N_EQ], right);
    if (n->kind == N_EQ && a.type == CONJ_FUNCTION && a.n != b.n)
      append(buf, cap, " (%zu values, %zu values)", a.n, b.n);
    for (size_t i = 0; n->kind == N_EQ && a.type == CONJ_FUNCTION && i < a.n && i < b.n; i++) {
      if (a.f[i] == b.f[i]) continue;
      append(buf, cap, " (at %zu: %lld, %lld)", i, (long long)a.f[i], (long long)b.f[i]);
      break;
    }
  }
  val_clear(&a);
  val_clear(&b);
}

/* Append why the boolean node n is false. */
static void explain(evaluator *ev, const node *n, char *buf, size_t cap) {
  char src[96];
  int a = 0;
  switch (n->kind) {
    case N_EQ:
    case N_NE:
    case N_LT:
    case N_LE:
    case N_GT:
    case N_GE:
      explain_compare(ev, n, buf, cap);
      return;
    case N_AND:
      if (eval_bool(ev, n->kid[0], &a) == CONJ_OK && !a)
        explain(ev, n->kid[0], buf, cap);
      else
        explain(ev, n->kid[1], buf, cap);
      return;
    case N_OR:
      append(buf, cap, "neither holds: ");
      explain(ev, n->kid[0], buf, cap);
      append(buf, cap, "; ");
      explain(ev, n->kid[1], buf, cap);
      return;
    case N_IMPLIES:
      explain(ev, n->kid[1], buf, cap);
      return;
    case N_DEFINED: {
      char why[320] = "";
      val x;
      evaluator sub = {ev->e, ev->env, why, sizeof why};
      eval(&sub, n->kid[0], &x);
      val_clear(&x);
      append(buf, cap, "not defined: %s", why);
      return;
    }
    default:
      source_of(ev, n, src, sizeof src);
      if (n->kind == N_NOT) {
        source_of(ev, n->kid[0], src, sizeof src);
        append(buf, cap, "%s holds", src);
      } else {
        append(buf, cap, "%s is false", src);
      }
      return;
  }
}

/* Evaluate a boolean e, explaining a false one; see conj_expr.h. */
conj_status conj_holds(const conj_expr *e, const conj_env *env, int *holds, char *why, size_t cap) {
  evaluator ev = {e, env, why, cap};
  *holds = 0;
  if (cap) why[0] = 0;
  if (e->root->type != CONJ_BOOL) {
    if (cap) snprintf(why, cap, "not a boolean expression");
    return CONJ_UNDEFINED;
  }
  conj_status st = eval_bool(&ev, e->root, holds);
  if (st == CONJ_NO_MEMORY && cap) snprintf(why, cap, "out of memory");
  if (st == CONJ_OK && cap) why[0] = 0;
  if (st == CONJ_OK && !*holds && cap) explain(&ev, e->root, why, cap);
  return st;
}
