/*
** distinct.c -- telling failures apart: the signature of a failure (its
** message with the values written as "#"), so that a run can go on after
** a failure and report each distinct one once.
*/
#include "engine_int.h"

#include <assert.h>
#include <ctype.h>
#include <string.h>

/* Can c be part of a value written in a message: a digit, or the
** punctuation of tuples, layouts, tilers, morphisms and negative numbers? */
static int value_char(char c) {
  return isdigit((unsigned char)c) || (c != 0 && strchr("(),:<>_-*", c) != NULL);
}

/* Does the quote at msg[i] open a quoted name: at the start, or after a
** character that is not a letter or a digit?  The apostrophe of "L's" or
** "CuTe's" does not. */
static int opens_quote(const char *msg, size_t i) {
  return msg[i] == '\'' && (i == 0 || !isalnum((unsigned char)msg[i - 1])) &&
         strchr(msg + i + 1, '\'') != NULL;
}

/* The default signature; see gen.h.  A value is a maximal run of
** value_char that holds a digit, or a name in single quotes; each is
** replaced by "#". */
void gen_signature_default(const gen_property *p, const char *msg, char *sig, size_t cap) {
  size_t at = 0;
  (void)p;
  assert(cap > 0);
  for (size_t i = 0; msg[i] && at + 1 < cap;) {
    size_t j = i, digits = 0;
    if (opens_quote(msg, i)) { /* a quoted name: a value too */
      sig[at++] = '#';
      i = (size_t)(strchr(msg + i + 1, '\'') - msg) + 1;
      continue;
    }
    while (value_char(msg[j])) digits += isdigit((unsigned char)msg[j++]) != 0;
    if (j > i && digits) {
      sig[at++] = '#';
      i = j;
    } else if (j > i) {
      while (i < j && at + 1 < cap) sig[at++] = msg[i++];
    } else {
      sig[at++] = msg[i++];
    }
  }
  sig[at] = 0;
}

/* The signature under cfg; see gen.h. */
void gen_signature(const gen_config *cfg, const gen_property *p, const char *msg, char *sig,
                   size_t cap) {
  if (cfg->signature)
    cfg->signature(p, msg, sig, cap);
  else
    gen_signature_default(p, msg, sig, cap);
}
