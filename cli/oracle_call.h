/*
** oracle_call.h -- call the oracle by op name and get back text that fits
** on one output line.
*/
#ifndef ORACLE_CALL_H
#define ORACLE_CALL_H

#include <stddef.h>

/* The size of the result buffer the commands give the oracle. */
#define ORACLE_OUT_CAP ((size_t)1 << 20)

/* Evaluate op on argv[0..argc) with lo_eval and return its code (0 for a
** result).  Afterwards out[0..cap) (cap >= 1) holds a NUL-terminated text
** with no newline or carriage return (they become spaces), and an error
** always has a non-empty message. */
int oracle_call(const char *op, int argc, const char *const *argv, char *out, size_t cap);

#endif /* ORACLE_CALL_H */
