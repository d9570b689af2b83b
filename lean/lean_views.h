/*
** lean_views.h -- `layoutcheck lean` for the tensor libraries of the
** seeds: Einlean (Tensor with shape, strides, toList; rearrange and
** reshape typed by the definition's `Tensor [dims]`, rearrangeBy and
** einsum with lambdas) and TorchLean (shapes as lists, broadcasting).
** A tensor is its shape and its elements in row-major order; every index
** map comes from the oracle's view_* ops (lo.h section 9), the bridge only
** reads elements through them.
**
** Local ops of a map (`op:` of an entry), with their argument kinds:
**   tensor_arange   [tuple] or [tuple, int]: 0, 1, ... (from the start);
**                   [int] in a typed definition: dims from its type
**   tensor_zeros    [] or [tuple];  tensor_fill [int] or [tuple, int]
**   tensor_shape    [tensor] -> tuple;  tensor_strides [tensor] -> tuple
**                   (row-major: the tensor is contiguous, as Einlean's are)
**   tensor_to_list  [tensor] -> list
**   tensor_rearrange [tensor] (typed: the einops pattern from the atoms of
**                   the input's and the definition's dims)
**   tensor_reshape  [tensor] (typed) or [tensor, tuple]
**   tensor_broadcast [tensor, tuple] (PyTorch broadcasting)
**   tensor_rearrange_by [tensor, fun]: fun (b, h, w, c) => (h, b * w, c)
**   tensor_einsum   [tensor, tensor, fun]: fun (i, _) (_, j) => (i, j),
**                   the axes not in the output contracted in pairs by
**                   position, as Einlean does
**   tensor_dim      [int] or [int, int]: a Dim (dim! n, dim id n), its
**                   identity the name of the definition
*/
#ifndef LEAN_VIEWS_H
#define LEAN_VIEWS_H

#include "lean_map.h"

/* Is op a local tensor op? */
int lean_views_op(const char *op);

/* Check a map entry with a local tensor op against its kinds: NULL, or
** what is wrong, written into why[0..cap) (cap >= 1) and returned. */
const char *lean_views_check(const lean_fn *f, char *why, size_t cap);

/* Apply a local tensor op to values (outside a typed definition: the ops
** that need the definition's dims refuse).  request[0..cap) gets the
** oracle request behind the result. */
void lean_views_call(const lean_fn *fn, const lean_value *args, lean_value *out, char *request,
                     size_t cap);

/* A definition `def x : Tensor [dims] := BODY`: evaluate it into *out.
** Returns 1 (out set; an error value when the oracle refuses), 0 when d is
** not a tensor definition or the map has no tensor ops, -1 when it cannot
** be translated (why[0..cap) says why). */
int lean_views_def(const lean_map *m, const lean_scope *s, const lean_file *f, const lean_def *d,
                   lean_value *out, char *why, size_t cap);

/* Values of the kinds LIST (read from [1, 2] or #[1, 2]) and TENSOR (no
** printed form). */
int lean_views_read(const lean_expr *e, lean_value *out, char *why, size_t cap);
int lean_views_print(const lean_value *v, char *buf, size_t cap);
int lean_views_compare(const lean_value *lean, const lean_value *oracle, char *why, size_t cap);

/* The tensor computations behind the ops (lean_views.c), for the
** definitions' evaluator (lean_views_def.c).  Each fills out (kind
** TENSOR) or sets out->error. */
void lean_tensor_make(const lo_tuple *shape, lo_int start, lo_int step, lean_value *out);
void lean_tensor_rearrange(const lean_value *src, const char *pattern, const char *sizes,
                           lean_value *out);
void lean_tensor_reshape(const lean_value *src, const lo_tuple *to, lean_value *out);
void lean_tensor_einsum(const lean_value *a, const lean_value *b, const char *pattern,
                        const char *sizes, lean_value *out);
/* An error value of type t (printf-style). */
void lean_views_error(lean_value *v, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

#endif /* LEAN_VIEWS_H */
