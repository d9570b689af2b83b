/*
** lean_int.h -- what the files of the Lean map share (lean/ only; the API
** is lean_map.h): lean_map.c (names, the map, its YAML loader),
** lean_value.c (values and calls) and lean_translate.c (scopes and
** translation).
*/
#ifndef LEAN_INT_H
#define LEAN_INT_H

#include "lean_map.h"

#include <stddef.h>

/* The room for one answer of the oracle. */
#define ORACLE_ANSWER_CAP ((size_t)1 << 16)

/* Start a value of type t (zeroed, no error). */
void lean_value_init(lean_value *v, lean_type t);

/* Read term e as a value of type t into *out: 0, or -1 with why[0..cap). */
int lean_read_as(const lean_map *m, lean_type t, const lean_expr *e, lean_value *out, char *why,
                 size_t cap);

/* Is e a constructor of nested tuples: `NestedTuple.node LIST` or
** `NestedTuple.leaf x` (any namespace before, or `node`/`leaf` alone)? */
int lean_nested_ctor(const lean_expr *e);

/* Make *v an error result with a printf message. */
void lean_value_error(lean_value *v, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

#endif /* LEAN_INT_H */
