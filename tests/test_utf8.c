/* test_utf8.c -- unit tests of the UTF-8 decoder (gen/utf8.c).  The
** expected code points and lengths are worked out by hand from the
** encoding's table (RFC 3629, section 4): 0xxxxxxx; 110yyyyy 10xxxxxx;
** 1110zzzz 10yyyyyy 10xxxxxx; 11110uuu 10zzzzzz 10yyyyyy 10xxxxxx. */
#include "utf8.h"
#include "t.h"

/* The length utf8_decode gives the n bytes s, with its code point in *cp
** (left at 0xDEAD when the sequence is refused). */
static size_t decode(const char *s, size_t n, unsigned *cp) {
  *cp = 0xDEAD;
  return utf8_decode((const unsigned char *)s, n, cp);
}

int main(void) {
  unsigned cp;
  /* ASCII: one byte, itself. */
  T_EQ_INT(decode("A", 1, &cp), 1);
  T_EQ_INT(cp, 0x41);
  /* U+00E9: 0xC3 0xA9 = 110 00011, 10 101001 -> 00011 101001 = 0xE9. */
  T_EQ_INT(decode("\xC3\xA9", 2, &cp), 2);
  T_EQ_INT(cp, 0xE9);
  /* U+0080, the least two-byte value: 0xC2 0x80. */
  T_EQ_INT(decode("\xC2\x80", 2, &cp), 2);
  T_EQ_INT(cp, 0x80);
  /* U+20AC: 0xE2 0x82 0xAC = 0010 000010 101100 = 0x20AC. */
  T_EQ_INT(decode("\xE2\x82\xAC", 3, &cp), 3);
  T_EQ_INT(cp, 0x20AC);
  /* U+1F600: 0xF0 0x9F 0x98 0x80 = 000 011111 011000 000000 = 0x1F600. */
  T_EQ_INT(decode("\xF0\x9F\x98\x80", 4, &cp), 4);
  T_EQ_INT(cp, 0x1F600);
  /* U+10FFFF, the greatest: 0xF4 0x8F 0xBF 0xBF. */
  T_EQ_INT(decode("\xF4\x8F\xBF\xBF", 4, &cp), 4);
  T_EQ_INT(cp, 0x10FFFF);
  /* Refused: a continuation byte alone; 0xC0 0xAF and 0xC1 (overlong '/'
  ** and overlong ASCII); 0xE0 0x80 0xAF (overlong, value 0x2F < 0x800);
  ** 0xF0 0x80 0x80 0xAF (overlong, < 0x10000); 0xED 0xA0 0x80 (U+D800, a
  ** surrogate); 0xF4 0x90 0x80 0x80 (0x110000, past U+10FFFF); 0xF5 as a
  ** lead; a sequence cut short by n or by a byte that is not 10xxxxxx. */
  T_EQ_INT(decode("\x80", 1, &cp), 0);
  T_EQ_INT(cp, 0xDEAD);
  T_EQ_INT(decode("\xC0\xAF", 2, &cp), 0);
  T_EQ_INT(decode("\xC1\xBF", 2, &cp), 0);
  T_EQ_INT(decode("\xE0\x80\xAF", 3, &cp), 0);
  T_EQ_INT(decode("\xF0\x80\x80\xAF", 4, &cp), 0);
  T_EQ_INT(decode("\xED\xA0\x80", 3, &cp), 0);
  T_EQ_INT(decode("\xF4\x90\x80\x80", 4, &cp), 0);
  T_EQ_INT(decode("\xF5\x80\x80\x80", 4, &cp), 0);
  T_EQ_INT(decode("\xE2\x82\xAC", 2, &cp), 0);
  T_EQ_INT(decode("\xE2\x82" "A", 3, &cp), 0);
  /* A NUL stops a sequence: "\xE2\x82" then the terminator, offered as 4. */
  T_EQ_INT(decode("\xE2\x82", 4, &cp), 0);
  T_EQ_INT(cp, 0xDEAD);
  return T_DONE();
}
