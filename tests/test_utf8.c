/* test_utf8.c -- unit tests of the UTF-8 decoder (gen/utf8.c).  The
** expected code points and lengths are worked out by hand from the
** encoding's table (RFC 3629, section 4): 0xxxxxxx; 110yyyyy 10xxxxxx;
** 1110zzzz 10yyyyyy 10xxxxxx; 11110uuu 10zzzzzz 10yyyyyy 10xxxxxx. */
#include "utf8.h"
#include "t.h"

/* A sequence, the bytes offered, and the length and code point expected
** (length 0: refused, the code point left untouched). */
typedef struct utf8_case {
  const char *bytes;
  size_t n;
  size_t len;
  unsigned cp;
} utf8_case;

static const utf8_case cases[] = {
    {"A", 1, 1, 0x41},                     /* ASCII: one byte, itself */
    {"\xC3\xA9", 2, 2, 0xE9},              /* 110 00011, 10 101001 -> 00011 101001 */
    {"\xC2\x80", 2, 2, 0x80},              /* the least two-byte value */
    {"\xE2\x82\xAC", 3, 3, 0x20AC},        /* 0010 000010 101100 */
    {"\xF0\x9F\x98\x80", 4, 4, 0x1F600},   /* 000 011111 011000 000000 */
    {"\xF4\x8F\xBF\xBF", 4, 4, 0x10FFFF},  /* the greatest code point */
    {"\x80", 1, 0, 0},                     /* a continuation byte alone */
    {"\xC0\xAF", 2, 0, 0},                 /* overlong '/' */
    {"\xC1\xBF", 2, 0, 0},                 /* overlong ASCII */
    {"\xE0\x80\xAF", 3, 0, 0},             /* overlong: 0x2F < 0x800 */
    {"\xF0\x80\x80\xAF", 4, 0, 0},         /* overlong: 0x2F < 0x10000 */
    {"\xED\xA0\x80", 3, 0, 0},             /* U+D800, a surrogate */
    {"\xF4\x90\x80\x80", 4, 0, 0},         /* 0x110000, past U+10FFFF */
    {"\xF5\x80\x80\x80", 4, 0, 0},         /* 0xF5 never leads */
    {"\xE2\x82\xAC", 2, 0, 0},             /* cut short by n */
    {"\xE2\x82" "A", 3, 0, 0},             /* cut short by a byte not 10xxxxxx */
    {"\xE2\x82", 4, 0, 0},                 /* cut short by the terminating NUL */
};

int main(void) {
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const utf8_case *c = &cases[i];
    unsigned cp = 0xDEAD;
    size_t len = utf8_decode((const unsigned char *)c->bytes, c->n, &cp);
    if (!T_EQ_INT(len, c->len)) printf("    case %zu\n", i);
    if (!T_EQ_INT(cp, c->len ? c->cp : 0xDEAD)) printf("    case %zu\n", i);
  }
  return T_DONE();
}
