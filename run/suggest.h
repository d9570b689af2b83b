/*
** suggest.h -- the nearest names to a mistyped one: for an unknown op of
** the oracle (with the names other libraries use for its ops) and for an
** unknown option of a command.
*/
#ifndef SUGGEST_H
#define SUGGEST_H

#include <stddef.h>

/* The Levenshtein distance between a and b (insertions, deletions and
** substitutions of one byte each), counted up to cap: any larger distance
** is returned as cap + 1.  Names longer than SUGGEST_NAME_MAX bytes are
** cap + 1 from every name. */
#define SUGGEST_NAME_MAX 64
int suggest_distance(const char *a, const char *b, int cap);

/* Write into out[0..cap) (cap >= 1, always NUL-terminated) the names of
** names[0..n) nearest to word, "a, b or c" (at most three, nearest first),
** each within a distance of about a third of word's length (at least 1,
** at most 3); empty when none is that near.  Returns how many. */
int suggest_nearest(const char *word, const char *const *names, int n, char *out, size_t cap);

/* The hint for an error the oracle answered to `op argv[0..argc)`,
** written into out[0..cap) (NUL-terminated, empty for none): for an op
** the oracle does not have, the op of that meaning ("compose" is
** composition, blocked_product is cute_blocked_product) or the nearest op
** names; for `mode L 0`, that modes are counted from 1 here and that
** CuTe's 0-based get<0> is `cute_get L 0`.  Returns the hint's length. */
size_t suggest_op_hint(const char *op, int argc, const char *const *argv, char *out, size_t cap);

#endif /* SUGGEST_H */
