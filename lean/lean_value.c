/*
** lean_value.c -- values of the Lean bridge (see lean_map.h): reading
** Lean's output and the oracle's syntax, printing, comparing, and calls
** (oracle ops and the few local ops).
*/
#include "lean_int.h"
#include "lean_views.h"

#include "gen.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- values ------------------------------------------------------------ */

/* Start a value of type t. */
void lean_value_init(lean_value *v, lean_type t) {
  memset(v, 0, sizeof *v);
  v->type = t;
}

/* Describe a term for a message: its text, cut. */
static void term_text(const lean_expr *e, char *out, size_t cap) {
  if (lean_expr_print(e, out, cap) != 0 && cap > 4) strcpy(out + cap - 4, "...");
}

/* Read an integer: n, ⟨n, proof⟩, { val := n, .. }.  0 or -1 with why. */
static int read_int(const lean_expr *e, lo_int *v, char *why, size_t cap) {
  if (e->kind == LEAN_NUM) {
    *v = e->num;
    return 0;
  }
  if (e->kind == LEAN_ANON && (e->n == 1 || (e->n == 2 && (e->kids[1]->kind == LEAN_PROOF ||
                                                           e->kids[1]->kind == LEAN_NAME))))
    return read_int(e->kids[0], v, why, cap);
  if (e->kind == LEAN_STRUCT)
    for (int i = 0; i < e->n; i++)
      if (!strcmp(e->fields[i], "val")) return read_int(e->kids[i], v, why, cap);
  char t[96];
  term_text(e, t, sizeof t);
  snprintf(why, cap, "expected a number, found %s", t);
  return -1;
}

/* Is e the map's layout constructor applied to one argument? */
static const lean_expr *ctor_arg(const lean_map *m, const lean_expr *e) {
  const lean_fn *ctor = m ? lean_map_ctor(m) : NULL;
  if (!ctor || e->kind != LEAN_APP || e->n != 2 || e->kids[0]->kind != LEAN_NAME) return NULL;
  const char *name = e->kids[0]->name, *last = strrchr(ctor->lean, '.');
  if (!strcmp(name, ctor->lean) || (last && !strcmp(name, last + 1))) return e->kids[1];
  return NULL;
}

/* Read one mode (s, d), ⟨s, d⟩ or { shape := s, stride := d }. */
static int read_mode(const lean_expr *e, lo_int *s, lo_int *d, char *why, size_t cap) {
  if ((e->kind == LEAN_TUPLE || e->kind == LEAN_ANON) && e->n == 2)
    return read_int(e->kids[0], s, why, cap) || read_int(e->kids[1], d, why, cap) ? -1 : 0;
  if (e->kind == LEAN_STRUCT && e->n == 2) {
    int is = -1, id = -1;
    for (int i = 0; i < 2; i++) {
      if (!strcmp(e->fields[i], "shape")) is = i;
      if (!strcmp(e->fields[i], "stride")) id = i;
    }
    if (is < 0 || id < 0) is = 0, id = 1;
    return read_int(e->kids[is], s, why, cap) || read_int(e->kids[id], d, why, cap) ? -1 : 0;
  }
  char t[96];
  term_text(e, t, sizeof t);
  snprintf(why, cap, "expected a mode (shape, stride), found %s", t);
  return -1;
}

/* Read a flat layout: a list of modes, possibly inside { modes := .. },
** ⟨..⟩ or the constructor. */
static int read_layout(const lean_map *m, const lean_expr *e, lean_value *out, char *why,
                       size_t cap, int depth) {
  const lean_expr *inner = ctor_arg(m, e);
  if (depth > 8) return snprintf(why, cap, "a layout nested too deeply"), -1;
  if (inner) return read_layout(m, inner, out, why, cap, depth + 1);
  if ((e->kind == LEAN_STRUCT || e->kind == LEAN_ANON) && e->n == 1)
    return read_layout(m, e->kids[0], out, why, cap, depth + 1);
  if (e->kind == LEAN_STRUCT)
    for (int i = 0; i < e->n; i++)
      if (!strcmp(e->fields[i], "modes"))
        return read_layout(m, e->kids[i], out, why, cap, depth + 1);
  if (e->kind != LEAN_LIST) {
    char t[96];
    term_text(e, t, sizeof t);
    snprintf(why, cap, "expected a layout (a list of (shape, stride) modes), found %s", t);
    return -1;
  }
  lo_int s[LO_MAX_LEAVES], d[LO_MAX_LEAVES];
  for (int i = 0; i < e->n; i++) {
    lo_int si, di;
    if (read_mode(e->kids[i], &si, &di, why, cap) != 0) return -1;
    if (i >= LO_MAX_LEAVES) {
      out->invalid = 1;
      snprintf(out->msg, sizeof out->msg, "more than %d modes", LO_MAX_LEAVES);
      continue;
    }
    if (si == 0 && !out->invalid) {
      out->invalid = 1;
      snprintf(out->msg, sizeof out->msg, "mode %d has shape 0 (shapes are positive)", i + 1);
    }
    s[i] = si;
    d[i] = di;
  }
  if (!out->invalid) lo_layout_flat(&out->layout, s, d, e->n);
  return 0;
}

/* Read a list of naturals. */
static int read_tuple(const lean_expr *e, lean_value *out, char *why, size_t cap) {
  if (e->kind != LEAN_LIST) {
    char t[96];
    term_text(e, t, sizeof t);
    snprintf(why, cap, "expected a list of numbers, found %s", t);
    return -1;
  }
  lo_int v[LO_MAX_LEAVES];
  if (e->n > LO_MAX_LEAVES) {
    out->invalid = 1;
    snprintf(out->msg, sizeof out->msg, "more than %d entries", LO_MAX_LEAVES);
    return 0;
  }
  for (int i = 0; i < e->n; i++)
    if (read_int(e->kids[i], &v[i], why, cap) != 0) return -1;
  lo_tuple_flat(&out->tuple, v, e->n);
  return 0;
}

/* Does name end with the component last ("leaf", "X.leaf")? */
static int ends_with(const char *name, const char *last) {
  size_t n = strlen(name), l = strlen(last);
  return n >= l && !strcmp(name + n - l, last) && (n == l || name[n - l - 1] == '.');
}

/* Is e a constructor of nested tuples (see lean_int.h)? */
int lean_nested_ctor(const lean_expr *e) {
  if (e->kind != LEAN_APP || e->n != 2 || e->kids[0]->kind != LEAN_NAME) return 0;
  const char *name = e->kids[0]->name;
  return ends_with(name, "node") || ends_with(name, "leaf");
}

/* Append the oracle's text of the nested tuple e to o: `node [a, b]`
** (also a list or a tuple) is (a,b), `leaf x` (also a number) is x. */
static int nested_text(const lean_expr *e, lean_out *o, char *why, size_t cap, int depth) {
  if (depth > LO_MAX_TOKENS) return snprintf(why, cap, "a nested tuple nested too deeply"), -1;
  if (e->kind == LEAN_APP && lean_nested_ctor(e) && ends_with(e->kids[0]->name, "leaf"))
    return nested_text(e->kids[1], o, why, cap, depth + 1);
  if (e->kind == LEAN_APP && lean_nested_ctor(e)) e = e->kids[1];
  if (e->kind == LEAN_LIST || e->kind == LEAN_TUPLE) {
    lean_out_put(o, "(");
    for (int i = 0; i < e->n; i++) {
      if (i) lean_out_put(o, ",");
      if (nested_text(e->kids[i], o, why, cap, depth + 1) != 0) return -1;
    }
    lean_out_put(o, ")");
    return 0;
  }
  lo_int v;
  if (read_int(e, &v, why, cap) != 0) return -1;
  lean_out_put(o, "%lld", (long long)v);
  return 0;
}

/* Read a nested tuple (see nested_text). */
static int read_nested(const lean_expr *e, lean_value *out, char *why, size_t cap) {
  char text[4096];
  lean_out o = {text, sizeof text, 0, 0};
  text[0] = '\0';
  if (nested_text(e, &o, why, cap, 0) != 0) return -1;
  lo_err err;
  if (o.full || lo_parse_tuple(text, &out->tuple, &err) != LO_OK) {
    out->invalid = 1;
    snprintf(out->msg, sizeof out->msg, "not a nested tuple of the oracle: %.200s",
             o.full ? "too long" : err.msg);
  }
  return 0;
}

/* Read a term as a value of type t. */
int lean_read_as(const lean_map *m, lean_type t, const lean_expr *e, lean_value *out, char *why,
                 size_t cap) {
  lean_value_init(out, t);
  if (t.option) {
    if (e->kind == LEAN_NAME && !strcmp(e->name, "none")) {
      out->none = 1;
      return 0;
    }
    if (e->kind == LEAN_APP && e->n == 2 && e->kids[0]->kind == LEAN_NAME &&
        !strcmp(e->kids[0]->name, "some")) {
      lean_type inner = {t.kind, 0};
      if (lean_read_as(m, inner, e->kids[1], out, why, cap) != 0) return -1;
      out->type = t;
      return 0;
    }
    char s[96];
    term_text(e, s, sizeof s);
    snprintf(why, cap, "expected some VALUE or none, found %s", s);
    return -1;
  }
  switch (t.kind) {
    case LEAN_T_INT:
      return read_int(e, &out->num, why, cap);
    case LEAN_T_BOOL:
      if (e->kind == LEAN_NAME && (!strcmp(e->name, "true") || !strcmp(e->name, "false"))) {
        out->num = !strcmp(e->name, "true");
        return 0;
      } else {
        char s[96];
        term_text(e, s, sizeof s);
        snprintf(why, cap, "expected true or false, found %s", s);
        return -1;
      }
    case LEAN_T_LAYOUT:
      return read_layout(m, e, out, why, cap, 0);
    case LEAN_T_TUPLE:
      return read_tuple(e, out, why, cap);
    case LEAN_T_NESTED:
      return read_nested(e, out, why, cap);
    case LEAN_T_MORPHISM:
      snprintf(why, cap, "morphisms have no printed form to read");
      return -1;
    case LEAN_T_LIST:
      return lean_views_read(e, out, why, cap);
    case LEAN_T_TENSOR:
    case LEAN_T_FUN:
      snprintf(why, cap, "%ss have no printed form to read", lean_kind_name(t.kind));
      return -1;
  }
  return -1;
}

/* Read Lean's printed value (see lean_map.h). */
int lean_value_read(const lean_map *m, lean_type t, const char *text, lean_value *out, char *why,
                    size_t cap) {
  lean_expr *e;
  lean_error err;
  lean_pos base = {1, 0};
  lean_value_init(out, t);
  const char *arr = text + strspn(text, " \t\r\n");
  if (arr[0] == '#' && arr[1] == '[') text = arr + 1; /* an Array prints as #[...] */
  if (lean_parse_term(text, strlen(text), base, &e, &err) != 0) {
    if (err.line > 1)
      snprintf(why, cap, "line %d, column %d: %s", err.line, err.col, err.text);
    else
      snprintf(why, cap, "column %d: %s", err.col, err.text);
    return -1;
  }
  int rc = lean_read_as(m, t, e, out, why, cap);
  lean_expr_free(e);
  return rc;
}

/* Read a value in the oracle's syntax (see lean_map.h). */
int lean_value_from_oracle(lean_type t, const char *text, lean_value *out, char *why, size_t cap) {
  lo_err err;
  lean_value_init(out, t);
  switch (t.kind) {
    case LEAN_T_INT:
      if (lo_parse_int(text, &out->num, &err) != LO_OK) break;
      return 0;
    case LEAN_T_BOOL:
      if (strcmp(text, "true") && strcmp(text, "false")) {
        snprintf(err.msg, sizeof err.msg, "expected true or false");
        break;
      }
      out->num = !strcmp(text, "true");
      return 0;
    case LEAN_T_LAYOUT: {
      lo_layout l;
      if (lo_kind_of(text) != LO_KIND_LAYOUT) {
        snprintf(err.msg, sizeof err.msg, "not a layout");
        break;
      }
      if (lo_parse_layout(text, &l, &err) != LO_OK) break;
      lo_layout_flatten(&l, &out->layout);
      if (lo_tuple_is_int(&l.shape) && l.shape.leaf[0] == 1 && l.stride[0] == 0) {
        lo_int none[1] = {0};
        out->trivial = 1; /* CuTe's 1:0: the empty flat layout */
        lo_layout_flat(&out->layout, none, none, 0);
      }
      return 0;
    }
    case LEAN_T_TUPLE: {
      lo_tuple x;
      if (lo_kind_of(text) != LO_KIND_TUPLE) {
        snprintf(err.msg, sizeof err.msg, "not a tuple");
        break;
      }
      if (lo_parse_tuple(text, &x, &err) != LO_OK) break;
      lo_tuple_flatten(&x, &out->tuple);
      return 0;
    }
    case LEAN_T_MORPHISM:
      if (lo_kind_of(text) != LO_KIND_MORPHISM) {
        snprintf(err.msg, sizeof err.msg, "not a morphism");
        break;
      }
      if (lo_parse_morphism(text, &out->morph, &err) != LO_OK) break;
      return 0;
    case LEAN_T_NESTED:
      if (lo_parse_tuple(text, &out->tuple, &err) != LO_OK) break;
      return 0;
    case LEAN_T_TENSOR:
    case LEAN_T_LIST:
    case LEAN_T_FUN:
      snprintf(err.msg, sizeof err.msg, "no oracle syntax for it");
      break;
  }
  snprintf(why, cap, "'%.80s' is not a %s: %s", text, lean_kind_name(t.kind), err.msg);
  return -1;
}

/* The oracle's text of a value (see lean_map.h). */
int lean_value_oracle_text(const lean_value *v, char *buf, size_t cap) {
  int w;
  switch (v->type.kind) {
    case LEAN_T_INT:
      w = snprintf(buf, cap, "%lld", (long long)v->num);
      return w < 0 || (size_t)w >= cap ? -1 : 0;
    case LEAN_T_BOOL:
      w = snprintf(buf, cap, "%s", v->num ? "true" : "false");
      return w < 0 || (size_t)w >= cap ? -1 : 0;
    case LEAN_T_LAYOUT:
      return lo_print_layout(&v->layout, buf, cap) == LO_OK ? 0 : -1;
    case LEAN_T_TUPLE:
    case LEAN_T_NESTED:
      return lo_print_tuple(&v->tuple, buf, cap) == LO_OK ? 0 : -1;
    case LEAN_T_MORPHISM:
      return lo_print_morphism(&v->morph, buf, cap) == LO_OK ? 0 : -1;
    case LEAN_T_TENSOR:
    case LEAN_T_LIST:
    case LEAN_T_FUN:
      return -1;
  }
  return -1;
}

/* The modes of a flat layout in the map's form. */
static void print_layout(lean_out *o, lean_repr r, const lo_layout *l) {
  if (r == LEAN_REPR_MODES) lean_out_put(o, "{ modes := ");
  lean_out_put(o, "[");
  for (int i = 0; i < l->shape.len; i++) {
    if (i) lean_out_put(o, ", ");
    if (r == LEAN_REPR_STRUCTS)
      lean_out_put(o, "{ shape := %lld, stride := %lld }", (long long)l->shape.leaf[i],
                   (long long)l->stride[i]);
    else
      lean_out_put(o, "(%lld, %lld)", (long long)l->shape.leaf[i], (long long)l->stride[i]);
  }
  lean_out_put(o, "]");
  if (r == LEAN_REPR_MODES) lean_out_put(o, " }");
}

/* Print a value the way Lean prints it (see lean_map.h). */
int lean_value_print(const lean_map *m, const lean_value *v, char *buf, size_t cap) {
  lean_out o = {buf, cap, 0, 0};
  if (cap) buf[0] = '\0';
  if (v->error) {
    lean_out_put(&o, "error: %s", v->msg);
    return o.full ? -1 : 0;
  }
  if (v->invalid) {
    lean_out_put(&o, "(%s)", v->msg);
    return o.full ? -1 : 0;
  }
  if (v->type.option) {
    if (v->none) {
      lean_out_put(&o, "none");
      return o.full ? -1 : 0;
    }
    lean_out_put(&o, "some ");
  }
  switch (v->type.kind) {
    case LEAN_T_INT:
      lean_out_put(&o, "%lld", (long long)v->num);
      break;
    case LEAN_T_BOOL:
      lean_out_put(&o, "%s", v->num ? "true" : "false");
      break;
    case LEAN_T_LAYOUT:
      print_layout(&o, m ? m->layout_repr : LEAN_REPR_PAIRS, &v->layout);
      break;
    case LEAN_T_TUPLE:
      lean_out_put(&o, "[");
      for (int i = 0; i < v->tuple.len; i++)
        lean_out_put(&o, "%s%lld", i ? ", " : "", (long long)v->tuple.leaf[i]);
      lean_out_put(&o, "]");
      break;
    case LEAN_T_MORPHISM: {
      char t[2048];
      if (lo_print_morphism(&v->morph, t, sizeof t) != LO_OK) return -1;
      lean_out_put(&o, "%s", t);
      break;
    }
    case LEAN_T_NESTED: { /* (2,(3,4)): node [leaf 2, node [leaf 3, leaf 4]] */
      char t[2048];
      if (lo_print_tuple(&v->tuple, t, sizeof t) != LO_OK) return -1;
      for (const char *p = t; *p;) {
        if (*p == '(') lean_out_put(&o, "NestedTuple.node [");
        if (*p == ')') lean_out_put(&o, "]");
        if (*p == ',') lean_out_put(&o, ", ");
        if (*p >= '0' && *p <= '9') {
          lean_out_put(&o, "NestedTuple.leaf ");
          for (; *p >= '0' && *p <= '9'; p++) lean_out_put(&o, "%c", *p);
          continue;
        }
        p++;
      }
      break;
    }
    case LEAN_T_TENSOR:
    case LEAN_T_LIST:
    case LEAN_T_FUN:
      if (o.full || lean_views_print(v, buf + o.len, cap - o.len) != 0) return -1;
      return 0;
  }
  return o.full ? -1 : 0;
}

/* Write a value as a Lean argument term (see lean_map.h). */
int lean_value_term(const lean_map *m, const lean_value *v, char *buf, size_t cap) {
  lean_out o = {buf, cap, 0, 0};
  if (cap) buf[0] = '\0';
  if (v->error || v->invalid || v->type.option || v->type.kind == LEAN_T_MORPHISM ||
      v->type.kind == LEAN_T_TENSOR || v->type.kind == LEAN_T_FUN)
    return -1;
  if (v->type.kind == LEAN_T_LAYOUT) {
    const lean_fn *ctor = lean_map_ctor(m);
    if (ctor) lean_out_put(&o, "(%s ", ctor->lean);
    print_layout(&o, LEAN_REPR_PAIRS, &v->layout);
    if (ctor) lean_out_put(&o, ")");
    return o.full ? -1 : 0;
  }
  if (v->type.kind == LEAN_T_NESTED) { /* an application: in parentheses */
    if (cap < 3 || lean_value_print(m, v, buf + 1, cap - 2) != 0) return -1;
    buf[0] = '(';
    strcat(buf, ")");
    return 0;
  }
  return lean_value_print(m, v, buf, cap);
}

/* Compare values (see lean_map.h). */
int lean_value_compare(lean_compare c, const lean_value *lean, const lean_value *oracle, char *why,
                       size_t cap) {
  if (cap) why[0] = '\0';
  if (lean->error || oracle->error) {
    if (lean->error && oracle->error) return snprintf(why, cap, "both report an error"), 1;
    if (lean->error)
      return snprintf(why, cap, "Lean reports an error where the oracle has a value"), 0;
    return snprintf(why, cap, "the oracle refuses: %s", oracle->msg), 0;
  }
  if (lean->invalid)
    return snprintf(why, cap, "Lean's value is not a valid value: %s", lean->msg), 0;
  if (lean->type.kind != oracle->type.kind || lean->type.option != oracle->type.option)
    return snprintf(why, cap, "the values are of different kinds"), 0;
  if (lean->type.option && (lean->none || oracle->none)) {
    if (lean->none && oracle->none) return 1;
    return snprintf(why, cap,
                    lean->none ? "Lean has none, the oracle a value"
                               : "Lean has a value, the oracle refuses"),
           0;
  }
  switch (lean->type.kind) {
    case LEAN_T_INT:
    case LEAN_T_BOOL:
      return lean->num == oracle->num ? 1 : (snprintf(why, cap, "the values differ"), 0);
    case LEAN_T_TUPLE:
      return lo_tuple_equal(&lean->tuple, &oracle->tuple)
                 ? 1
                 : (snprintf(why, cap, "the lists differ"), 0);
    case LEAN_T_NESTED:
      return lo_tuple_equal(&lean->tuple, &oracle->tuple)
                 ? 1
                 : (snprintf(why, cap, "the nested tuples differ"), 0);
    case LEAN_T_MORPHISM: {
      char a[2048], b[2048];
      if (lo_print_morphism(&lean->morph, a, sizeof a) ||
          lo_print_morphism(&oracle->morph, b, sizeof b))
        return snprintf(why, cap, "cannot print the morphisms"), 0;
      return !strcmp(a, b) ? 1 : (snprintf(why, cap, "the morphisms differ"), 0);
    }
    case LEAN_T_TENSOR:
    case LEAN_T_LIST:
    case LEAN_T_FUN:
      return lean_views_compare(lean, oracle, why, cap);
    case LEAN_T_LAYOUT:
      break;
  }
  const lo_layout *a = &lean->layout, *b = &oracle->layout;
  if (c == LEAN_CMP_EXACT) {
    if (oracle->trivial &&
        (a->shape.len == 0 || (a->shape.len == 1 && a->shape.leaf[0] == 1 && a->stride[0] == 0)))
      return 1;
    if (lo_layout_equal(a, b)) return 1;
    return snprintf(why, cap, "the modes differ"), 0;
  }
  if (c == LEAN_CMP_COALESCED) {
    lo_layout ca, cb;
    lo_err e;
    if (lo_coalesce(a, &ca, &e) != LO_OK || lo_coalesce(b, &cb, &e) != LO_OK)
      return snprintf(why, cap, "cannot coalesce: %s", e.msg), 0;
    return lo_layout_equal(&ca, &cb) ? 1 : (snprintf(why, cap, "the coalesced layouts differ"), 0);
  }
  char ta[2048], tb[2048], out[512];
  if (lo_print_layout(a, ta, sizeof ta) != LO_OK || lo_print_layout(b, tb, sizeof tb) != LO_OK)
    return snprintf(why, cap, "cannot print the layouts"), 0;
  const char *argv[2] = {ta, tb};
  if (lo_eval("same_layout_function", 2, argv, out, sizeof out) != LO_OK)
    return snprintf(why, cap, "cannot compare the layout functions: %s", out), 0;
  if (!strcmp(out, "true")) return 1;
  return snprintf(why, cap, "the sizes or layout functions differ"), 0;
}

/* --- calls ------------------------------------------------------------- */

/* An error result with a message. */
void lean_value_error(lean_value *v, const char *fmt, ...) {
  va_list ap;
  v->error = 1;
  va_start(ap, fmt);
  vsnprintf(v->msg, sizeof v->msg, fmt, ap);
  va_end(ap);
}

/* The flat shape of a layout or tuple value. */
static const lo_tuple *shape_of(const lean_value *v, lo_tuple *tmp) {
  if (v->type.kind == LEAN_T_LAYOUT) {
    lo_tuple_flatten(&v->layout.shape, tmp);
    return tmp;
  }
  return &v->tuple;
}

/* colex S X: the colexicographic index of coordinates X in shape S. */
static void op_colex(const lean_value *s, const lean_value *x, lean_value *out) {
  lo_tuple tmp;
  const lo_tuple *sh = shape_of(s, &tmp);
  lo_err e;
  lo_int idx = 0, step = 1;
  if (x->tuple.len != sh->len) {
    lean_value_error(out, "%d coordinates for a shape of %d entries", x->tuple.len, sh->len);
    return;
  }
  for (int i = 0; i < sh->len; i++) {
    lo_int t;
    if (x->tuple.leaf[i] >= sh->leaf[i]) {
      lean_value_error(out, "coordinate %d is %lld, not below %lld", i + 1,
                       (long long)x->tuple.leaf[i], (long long)sh->leaf[i]);
      return;
    }
    if (lo_mul(x->tuple.leaf[i], step, &t, "colex", &e) || lo_add(idx, t, &idx, "colex", &e) ||
        (i + 1 < sh->len && lo_mul(step, sh->leaf[i], &step, "colex", &e))) {
      lean_value_error(out, "%s", e.msg);
      return;
    }
  }
  out->num = idx;
}

/* colex_inverse S x: the coordinates of x in shape S. */
static void op_colex_inverse(const lean_value *s, lo_int x, lean_value *out) {
  lo_tuple tmp;
  const lo_tuple *sh = shape_of(s, &tmp);
  lo_int size, c[LO_MAX_LEAVES];
  lo_err e;
  if (lo_tuple_size(sh, &size, &e) != LO_OK) {
    lean_value_error(out, "%s", e.msg);
    return;
  }
  if (x >= size) {
    lean_value_error(out, "index %lld is not below the size %lld", (long long)x, (long long)size);
    return;
  }
  for (int i = 0; i < sh->len; i++) {
    c[i] = x % sh->leaf[i];
    x /= sh->leaf[i];
  }
  lo_tuple_flat(&out->tuple, c, sh->len);
}

/* Apply a function (see lean_map.h). */
void lean_call(const lean_fn *fn, const lean_value *args, lean_value *out, char *request,
               size_t cap) {
  lean_type plain = {fn->result.kind, 0};
  lean_value_init(out, fn->result);
  lean_out req = {request, cap, 0, 0};
  if (cap) request[0] = '\0';
  if (lean_views_op(fn->op)) { /* the tensor ops (lean_views.c) */
    lean_views_call(fn, args, out, request, cap);
    return;
  }
  char(*text)[4096] = malloc(LEAN_MAX_ARGS * sizeof *text);
  char *answer = malloc(ORACLE_ANSWER_CAP);
  if (!text || !answer) {
    free(text);
    free(answer);
    lean_value_error(out, "out of memory");
    return;
  }
  lean_out_put(&req, "%s", fn->op);
  for (int i = 0; i < fn->nargs; i++) {
    if (lean_value_oracle_text(&args[i], text[i], sizeof text[i]) != 0) {
      lean_value_error(out, "argument %d is too long", i + 1);
      goto done;
    }
    lean_out_put(&req, " %s", text[i]);
  }
  if (!strcmp(fn->op, "id")) {
    *out = args[0];
    out->type = fn->result;
  } else if (!strcmp(fn->op, "colex")) {
    op_colex(&args[0], &args[1], out);
  } else if (!strcmp(fn->op, "colex_inverse")) {
    op_colex_inverse(&args[0], args[1].num, out);
  } else if (!strcmp(fn->op, "codomain")) {
    lo_morphism f;
    lo_err e;
    if (lo_morphism_of_layout(&args[0].layout, &f, &e) != LO_OK)
      lean_value_error(out, "%s", e.msg);
    else
      lo_tuple_flatten(&f.cod, &out->tuple);
  } else {
    const char *argv[LEAN_MAX_ARGS];
    for (int i = 0; i < fn->nargs; i++) argv[i] = text[i];
    answer[0] = '\0';
    int rc = lo_eval(fn->op, fn->nargs, argv, answer, ORACLE_ANSWER_CAP);
    if (rc != LO_OK) {
      lean_value_error(out, "%s", answer[0] ? answer : "the oracle refuses");
    } else {
      char why[256];
      lean_value got;
      if (lean_value_from_oracle(plain, answer, &got, why, sizeof why) != 0) {
        lean_value_error(out, "the map says %s returns %s, but it answered %s", fn->op,
                         lean_kind_name(plain.kind), why);
      } else {
        *out = got;
        out->type = fn->result;
      }
    }
  }
  if (out->error && fn->result.option) { /* Option: the oracle's refusal is none */
    out->error = 0;
    out->none = 1;
  }
done:
  free(text);
  free(answer);
}

/* The size of a request's input (see lean_map.h). */
void lean_request_size(const char *request, long long *count, long long *sum) {
  const char *p = strchr(request, ' ');
  *count = *sum = 0;
  while (p && *p) {
    if (*p < '0' || *p > '9') {
      p++;
      continue;
    }
    long long v = 0;
    for (; *p >= '0' && *p <= '9'; p++) v = v < 100000000000LL ? v * 10 + (*p - '0') : v;
    (*count)++;
    *sum = *sum < 4000000000000000000LL - v ? *sum + v : *sum;
  }
}
