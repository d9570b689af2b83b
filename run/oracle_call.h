/*
** oracle_call.h -- call the oracle by op name and get back text that fits
** on one output line.
*/
#ifndef ORACLE_CALL_H
#define ORACLE_CALL_H

#include "lo.h"

#include <stddef.h>

/* The size of the result buffer the commands give the oracle: what every
** answer at the oracle's documented limits needs (lo.h). */
#define ORACLE_OUT_CAP LO_EVAL_OUT_CAP

/* Evaluate op on argv[0..argc) with lo_eval and return its code (0 for a
** result).  Afterwards out[0..cap) (cap >= 1) holds a NUL-terminated text
** with no carriage return and, unless oracle_call_keep_lines(1) was
** called, no newline: a result of several lines (print_layout) has each
** line break written as the two characters "\n", an error message has
** spaces there.  An error always has a non-empty message. */
int oracle_call(const char *op, int argc, const char *const *argv, char *out, size_t cap);

/* oracle_call that also sets *len to the length of the text in out. */
int oracle_call_len(const char *op, int argc, const char *const *argv, char *out, size_t cap,
                    size_t *len);

/* From now on let results keep their line breaks (on = 1; `eval OP ARG...`
** on the command line prints the grid of print_layout as it is) or escape
** them (on = 0, the default, for one-line protocols). */
void oracle_call_keep_lines(int on);

/* Nonzero when s[0..n) holds a line feed or a carriage return: the scan
** oracle_call_len runs over each text. */
int oracle_has_break(const char *s, size_t n);

#endif /* ORACLE_CALL_H */
