/*
** conj_load.h -- user conjectures: YAML files of properties written in the
** expression language of conj_expr.h, loaded as gen_property entries that
** fuzz, replay, show and list treat like the built-in ones.
**
** A file is one sequence of mappings, one per property:
**
**   - name: user.coalesce_idempotent          # required, unique
**     forall: {L: layout}                     # required
**     check: "coalesce(coalesce(L)) == coalesce(L)"   # required, boolean
**   - name: user.composition_agrees
**     forall: {"A B": composable_layouts}
**     assume: "defined(composition(A,B))"    # optional, boolean
**     check: "function(composition(A,B)) == function(A) . function(B)"
**     kind: theorem                           # conjecture (default) or theorem
**     statement: "..."                        # default: the check, on one line
**     source: "..."                           # default: FILE:LINE of the entry
**     op: composition                         # default: the outermost op of check
**
** name: letters, digits, '_', '.', '-' (at most 64), used as given: it must
** differ from every built-in property and every other loaded conjecture.
** forall: a mapping from variable lists to generator names, in order; a
** key names as many variables (separated by spaces) as its generator makes
** values ("A B: composable_layouts"); GEN_MAX_ARGS variables at most.  The
** generators' cases are concatenated, so the variables are bound to the
** case's arguments in the order written.  op: the op shown in front of a
** counterexample's arguments, so that "OP ARGS" replays it with
** `layoutcheck eval`.
**
** A case: assume (when given) false discards it; assume or check
** undefined (an oracle error outside defined(...)) discards it with the
** label "undefined"; a function(...) larger than bounds.max_size discards
** it; check false fails it with a message showing each side's value.
**
** Problems are reported as "PATH:LINE:COLUMN: what" (1-based), at the
** offending key or value, and inside check and assume at the offending
** token: malformed YAML, anchors, aliases and tags, unknown, duplicate or
** missing keys, values of the wrong kind, unknown generators or ops,
** variable counts, syntax and type errors of expressions.  The first
** problem ends the load.
*/
#ifndef CONJ_LOAD_H
#define CONJ_LOAD_H

#include "gen.h"

#include <stddef.h>

/* Properties loaded from conjecture files (opaque). */
typedef struct conj_set conj_set;

/* Nonzero when name is already taken by a property outside the set. */
typedef int (*conj_taken_fn)(const char *name, void *ud);

/* An empty set, or NULL when out of memory. */
conj_set *conj_set_new(void);
void conj_set_free(conj_set *s);

/* Load the file at path into s.  taken (may be NULL) tells the names of
** the built-in properties.  Returns 0, or -1 with "PATH:LINE:COLUMN: what"
** (or "PATH: cannot open: REASON") in msg[0..cap) and s as it was. */
int conj_set_load(conj_set *s, const char *path, conj_taken_fn taken, void *ud, char *msg,
                  size_t cap);

int conj_set_count(const conj_set *s);
const gen_property *conj_set_at(const conj_set *s, int i); /* NULL outside [0, count) */
const gen_property *conj_set_find(const conj_set *s, const char *name);

#endif /* CONJ_LOAD_H */
