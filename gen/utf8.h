/*
** utf8.h -- one UTF-8 decoder for every place that shows text it did not
** write (eval's JSON, the batch protocol's terminal lines, the XML and
** HTML reports).  Each caller keeps its own rule on which code points it
** may show; the decoding itself is here.
*/
#ifndef UTF8_H
#define UTF8_H

#include <stddef.h>

/* Decode the UTF-8 sequence at s[0..n) (n >= 1): its length (1 to 4) with
** the code point in *cp, or 0 when s[0] does not start a well-formed
** sequence: a continuation byte, an overlong form, a surrogate, a value
** past U+10FFFF, or a sequence cut short by the end of s[0..n) or by a
** byte that is not a continuation byte (a NUL among them, so that a
** NUL-terminated string may pass its length as n). */
size_t utf8_decode(const unsigned char *s, size_t n, unsigned *cp);

#endif /* UTF8_H */
