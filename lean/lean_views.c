/*
** lean_views.c -- tensor values for `layoutcheck lean` (see lean_views.h):
** the local tensor ops of a map, the LIST and TENSOR kinds, and the
** tensor computations.  A tensor's elements are read through the layouts
** the oracle's view_* ops give (rearrange, reshape, broadcast, einsum index
** maps); nothing here decides an index map itself.
*/
#include "lean_views.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- ops and their kinds ------------------------------------------------ */

/* Each local op with the argument kinds it accepts ("" for none; "|"
** between alternatives) and its result kind. */
static const struct {
  const char *op, *args;
  lean_kind result;
} sigs[] = {
    {"tensor_arange", "tuple|tuple int|int", LEAN_T_TENSOR},
    {"tensor_zeros", "|tuple", LEAN_T_TENSOR},
    {"tensor_fill", "int|tuple int", LEAN_T_TENSOR},
    {"tensor_shape", "tensor", LEAN_T_TUPLE},
    {"tensor_strides", "tensor", LEAN_T_TUPLE},
    {"tensor_to_list", "tensor", LEAN_T_LIST},
    {"tensor_rearrange", "tensor", LEAN_T_TENSOR},
    {"tensor_reshape", "tensor|tensor tuple", LEAN_T_TENSOR},
    {"tensor_broadcast", "tensor tuple", LEAN_T_TENSOR},
    {"tensor_rearrange_by", "tensor fun", LEAN_T_TENSOR},
    {"tensor_einsum", "tensor tensor fun", LEAN_T_TENSOR},
    {"tensor_dim", "int|int int", LEAN_T_INT},
};
#define NSIGS ((int)(sizeof sigs / sizeof sigs[0]))

/* The row of op, or -1. */
static int sig_of(const char *op) {
  for (int i = 0; i < NSIGS; i++)
    if (!strcmp(sigs[i].op, op)) return i;
  return -1;
}

/* Is op a local tensor op (lean_views.h)? */
int lean_views_op(const char *op) { return sig_of(op) >= 0; }

/* Check an entry's kinds against its op's row (lean_views.h). */
const char *lean_views_check(const lean_fn *f, char *msg, size_t cap) {
  int r = sig_of(f->op);
  char have[64] = "";
  for (int i = 0; i < f->nargs; i++)
    snprintf(have + strlen(have), sizeof have - strlen(have), "%s%s", i ? " " : "",
             lean_kind_name(f->args[i]));
  const char *alt = sigs[r].args;
  for (;;) {
    size_t n = strcspn(alt, "|");
    if (n == strlen(have) && !strncmp(alt, have, n) && f->result.kind == sigs[r].result &&
        !f->result.option)
      return NULL;
    if (!alt[n]) break;
    alt += n + 1;
  }
  snprintf(msg, cap, "op %s takes [%s] and gives %s", f->op, sigs[r].args,
           lean_kind_name(sigs[r].result));
  for (char *p = strchr(msg, '|'); p; p = strchr(p, '|')) *p = ';';
  return msg;
}

/* --- values ------------------------------------------------------------- */

/* Start a value of type t. */
static void value_start(lean_value *v, lean_type t) {
  memset(v, 0, sizeof *v);
  v->type = t;
}

/* Make v an error (lean_views.h). */
void lean_views_error(lean_value *v, const char *fmt, ...) {
  va_list ap;
  v->error = 1;
  va_start(ap, fmt);
  vsnprintf(v->msg, sizeof v->msg, fmt, ap);
  va_end(ap);
}

/* Read a list of integers [1, 2, 3] (the caller removed a leading '#'). */
int lean_views_read(const lean_expr *e, lean_value *out, char *why, size_t cap) {
  if (e->kind != LEAN_LIST) {
    char t[96];
    if (lean_expr_print(e, t, sizeof t) != 0) strcpy(t, "...");
    snprintf(why, cap, "expected a list of numbers, found %s", t);
    return -1;
  }
  if (e->n > LEAN_ELEM_CAP) {
    out->invalid = 1;
    snprintf(out->msg, sizeof out->msg, "more than %d elements", LEAN_ELEM_CAP);
    return 0;
  }
  for (int i = 0; i < e->n; i++) {
    if (e->kids[i]->kind != LEAN_NUM) {
      snprintf(why, cap, "element %d of the list is not a number", i + 1);
      return -1;
    }
    out->tensor.elem[i] = e->kids[i]->num;
  }
  out->tensor.n = e->n;
  return 0;
}

/* A list as Lean prints it; a tensor has no printed form (-1). */
int lean_views_print(const lean_value *v, char *buf, size_t cap) {
  size_t len = 0;
  if (v->type.kind != LEAN_T_LIST) return -1;
  len += (size_t)snprintf(buf, cap, "[");
  for (int i = 0; i < v->tensor.n && len < cap; i++)
    len += (size_t)snprintf(buf + len, cap - len, "%s%lld", i ? ", " : "",
                            (long long)v->tensor.elem[i]);
  if (len < cap) len += (size_t)snprintf(buf + len, cap - len, "]");
  return len < cap ? 0 : -1;
}

/* Compare two lists: 1 equal, 0 not (why says where). */
int lean_views_compare(const lean_value *lean, const lean_value *oracle, char *why, size_t cap) {
  const lean_tensor *a = &lean->tensor, *b = &oracle->tensor;
  if (lean->type.kind != LEAN_T_LIST) return snprintf(why, cap, "tensors are not compared"), 0;
  if (a->n != b->n) return snprintf(why, cap, "the lists have %d and %d elements", a->n, b->n), 0;
  for (int i = 0; i < a->n; i++)
    if (a->elem[i] != b->elem[i])
      return snprintf(why, cap, "the lists differ first at index %d: %lld vs %lld", i,
                      (long long)a->elem[i], (long long)b->elem[i]),
             0;
  return 1;
}

/* --- tensors ------------------------------------------------------------ */

/* out = an error of kind TENSOR: the oracle refused. */
static void refused(lean_value *out, const char *msg) {
  lean_type tt = {LEAN_T_TENSOR, 0};
  value_start(out, tt);
  lean_views_error(out, "%s", msg);
}

/* Text of a tuple, for requests. */
static const char *tuple_text(const lo_tuple *t, char *buf, size_t cap) {
  if (lo_print_tuple(t, buf, cap) != LO_OK) snprintf(buf, cap, "(...)");
  return buf;
}

/* A tensor of the given shape with elements start, start + step, ... */
void lean_tensor_make(const lo_tuple *shape, lo_int start, lo_int step, lean_value *out) {
  lean_type tt = {LEAN_T_TENSOR, 0};
  lo_int n;
  lo_err e;
  value_start(out, tt);
  if (lo_tuple_size(shape, &n, &e) != LO_OK) return lean_views_error(out, "%s", e.msg);
  if (n > LEAN_ELEM_CAP)
    return lean_views_error(out, "%lld elements: tensors of at most %d are evaluated", (long long)n,
                            LEAN_ELEM_CAP);
  lo_tuple_flatten(shape, &out->tuple);
  for (lo_int i = 0; i < n; i++) {
    lo_int v;
    if (__builtin_mul_overflow(i, step, &v) || __builtin_add_overflow(v, start, &v))
      return lean_views_error(out, "an element exceeds 64 bits");
    out->tensor.elem[i] = v;
  }
  out->tensor.n = (int)n;
}

/* out = the elements of src read through the layout l (over src's
** row-major storage), shape the sizes of l's axes. */
static void gather(const lean_value *src, const lo_layout *l, lean_value *out) {
  lean_type tt = {LEAN_T_TENSOR, 0};
  lo_layout ax[LO_MAX_LEAVES];
  lo_int n, d[LO_MAX_LEAVES];
  lo_err e;
  int na;
  value_start(out, tt);
  if (lo_size(l, &n, &e) || lo_view_axes(l, ax, LO_MAX_LEAVES, &na, &e))
    return lean_views_error(out, "%s", e.msg);
  if (n > LEAN_ELEM_CAP)
    return lean_views_error(out, "%lld elements: tensors of at most %d are evaluated", (long long)n,
                            LEAN_ELEM_CAP);
  for (int i = 0; i < na; i++) lo_size(&ax[i], &d[i], &e);
  lo_tuple_flat(&out->tuple, d, na);
  for (lo_int i = 0; i < n; i++) {
    lo_int off;
    if (lo_apply(l, i, &off, &e)) return lean_views_error(out, "%s", e.msg);
    if (off >= src->tensor.n)
      return lean_views_error(out, "the index map reaches %lld, past the %d elements",
                              (long long)off, src->tensor.n);
    out->tensor.elem[i] = src->tensor.elem[off];
  }
  out->tensor.n = (int)n;
}

/* einops rearrange of src (lo_view_rearrange, the input shape checked). */
void lean_tensor_rearrange(const lean_value *src, const char *pattern, const char *sizes,
                           lean_value *out) {
  lo_layout l;
  lo_err e;
  char sh[256], origin[sizeof out->tensor.origin];
  snprintf(origin, sizeof origin, "view_rearrange %s %s %s", pattern,
           sizes && sizes[0] ? sizes : "[]", tuple_text(&src->tuple, sh, sizeof sh));
  if (lo_view_rearrange(pattern, sizes, &src->tuple, &l, &e) != LO_OK)
    refused(out, e.msg);
  else
    gather(src, &l, out);
  memcpy(out->tensor.origin, origin, sizeof origin);
}

/* torch's view of the contiguous src with the shape to. */
void lean_tensor_reshape(const lean_value *src, const lo_tuple *to, lean_value *out) {
  lo_layout c, l;
  lo_err e;
  char a[256], b[256], origin[sizeof out->tensor.origin];
  snprintf(origin, sizeof origin, "view_reshape %s %s", tuple_text(&src->tuple, a, sizeof a),
           tuple_text(to, b, sizeof b));
  if (lo_view_contiguous(&src->tuple, &c, &e) || lo_view_reshape(&c, to, &l, &e)) {
    refused(out, e.msg);
  } else {
    gather(src, &l, out);
    if (!out->error) lo_tuple_flatten(to, &out->tuple);
  }
  memcpy(out->tensor.origin, origin, sizeof origin);
}

/* PyTorch broadcasting of the contiguous src to the shape to. */
static void tensor_broadcast(const lean_value *src, const lo_tuple *to, lean_value *out) {
  lo_layout c, l;
  lo_err e;
  char a[256], b[256], origin[sizeof out->tensor.origin];
  snprintf(origin, sizeof origin, "view_broadcast %s %s", tuple_text(&src->tuple, a, sizeof a),
           tuple_text(to, b, sizeof b));
  if (lo_view_contiguous(&src->tuple, &c, &e) || lo_view_broadcast(&c, to, &l, &e))
    refused(out, e.msg);
  else
    gather(src, &l, out);
  memcpy(out->tensor.origin, origin, sizeof origin);
}

/* The output sizes of an einsum pattern, outermost first. */
static int einsum_out_shape(const char *pattern, const char *sizes, lo_tuple *shape, lo_err *err) {
  lo_view_pattern p;
  lo_int size[LO_MAX_LEAVES], d[LO_MAX_LEAVES];
  int have[LO_MAX_LEAVES];
  if (lo_view_pattern_parse(pattern, LO_VIEW_SIDES - 1, &p, err) ||
      lo_view_sizes_parse(sizes, &p, size, have, err))
    return err->code;
  const lo_view_side *o = &p.side[p.nsides - 1];
  for (int g = 0; g < o->naxes; g++) d[g] = size[o->atom[o->axis_first[g]]];
  lo_tuple_flat(shape, d, o->naxes);
  return LO_OK;
}

/* out[o(i)] += a[A(i)] * b[B(i)] over the iteration space of the einsum,
** A, B and o its index maps (lo_view_einsum on contiguous operands). */
void lean_tensor_einsum(const lean_value *a, const lean_value *b, const char *pattern,
                        const char *sizes, lean_value *out) {
  lo_layout maps[LO_VIEW_SIDES];
  lo_tuple shape;
  lo_int total;
  lo_err e;
  int nmaps;
  if (lo_view_einsum(pattern, sizes, NULL, 0, maps, LO_VIEW_SIDES, &nmaps, &e) ||
      einsum_out_shape(pattern, sizes, &shape, &e) || lo_size(&maps[0], &total, &e)) {
    refused(out, e.msg);
    snprintf(out->tensor.origin, sizeof out->tensor.origin, "view_einsum %s %s", pattern, sizes);
    return;
  }
  lean_tensor_make(&shape, 0, 0, out);
  snprintf(out->tensor.origin, sizeof out->tensor.origin, "view_einsum %s %s", pattern, sizes);
  if (out->error) return;
  if (nmaps != 3) return lean_views_error(out, "einsum of %d operands", nmaps - 1);
  if (total > ((lo_int)1 << 22))
    return lean_views_error(out, "an iteration space of %lld points", (long long)total);
  for (lo_int i = 0; i < total; i++) {
    lo_int ia, ib, io, prod;
    if (lo_apply(&maps[0], i, &ia, &e) || lo_apply(&maps[1], i, &ib, &e) ||
        lo_apply(&maps[2], i, &io, &e))
      return lean_views_error(out, "%s", e.msg);
    if (ia >= a->tensor.n || ib >= b->tensor.n || io >= out->tensor.n)
      return lean_views_error(out, "an index map reaches past its tensor");
    if (__builtin_mul_overflow(a->tensor.elem[ia], b->tensor.elem[ib], &prod) ||
        __builtin_add_overflow(out->tensor.elem[io], prod, &out->tensor.elem[io]))
      return lean_views_error(out, "an element exceeds 64 bits");
  }
}

/* --- calls outside a definition ----------------------------------------- */

/* Apply a local tensor op (lean_views.h). */
void lean_views_call(const lean_fn *fn, const lean_value *args, lean_value *out, char *request,
                     size_t cap) {
  const char *op = fn->op;
  int explicit_shape = fn->nargs > 0 && args[0].type.kind == LEAN_T_TUPLE;
  char a[256];
  value_start(out, fn->result);
  snprintf(request, cap, "%s", op);
  for (int i = 0; i < fn->nargs; i++)
    if (args[i].error) { /* an input the oracle refused: so is this */
      snprintf(request, cap, "%s", args[i].tensor.origin);
      return lean_views_error(out, "%s", args[i].msg);
    }
  if (!strcmp(op, "tensor_arange") || !strcmp(op, "tensor_zeros") || !strcmp(op, "tensor_fill")) {
    if (!explicit_shape)
      return lean_views_error(out,
                              "%s takes its dims from the type of a definition "
                              "(def x : Tensor [dims] := ...)",
                              fn->lean);
    lo_int start = fn->nargs > 1 ? args[1].num : 0;
    lean_tensor_make(&args[0].tuple, strcmp(op, "tensor_zeros") ? start : 0,
                     !strcmp(op, "tensor_arange"), out);
    snprintf(out->tensor.origin, sizeof out->tensor.origin, "%s %s", op,
             tuple_text(&args[0].tuple, a, sizeof a));
  } else if (!strcmp(op, "tensor_shape")) {
    out->tuple = args[0].tuple;
    snprintf(request, cap, "the shape of %s", args[0].tensor.origin);
  } else if (!strcmp(op, "tensor_strides")) {
    lo_err e;
    if (lo_view_strides(&args[0].tuple, &out->tuple, &e)) return lean_views_error(out, "%s", e.msg);
    snprintf(request, cap, "view_strides %s", tuple_text(&args[0].tuple, a, sizeof a));
  } else if (!strcmp(op, "tensor_to_list")) {
    out->tensor = args[0].tensor;
    snprintf(request, cap, "%s", args[0].tensor.origin);
  } else if (!strcmp(op, "tensor_reshape") && fn->nargs == 2) {
    lean_tensor_reshape(&args[0], &args[1].tuple, out);
    snprintf(request, cap, "%s", out->tensor.origin);
  } else if (!strcmp(op, "tensor_broadcast")) {
    tensor_broadcast(&args[0], &args[1].tuple, out);
    snprintf(request, cap, "%s", out->tensor.origin);
  } else if (!strcmp(op, "tensor_dim")) {
    out->num = args[fn->nargs - 1].num;
  } else {
    lean_views_error(out,
                     "%s is evaluated only as the body of a definition typed "
                     "Tensor [dims]",
                     fn->lean);
  }
  out->type = fn->result;
}
