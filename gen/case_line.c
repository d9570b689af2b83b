/* case_line.c -- the case line "OP ARG ARG...": a case written as one line,
** and a line (a request of the batch protocol, a stored counterexample)
** split into words and read back as a case (see case_line.h). */
#include "case_line.h"

#include <assert.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Free the pointer array; the words belong to the caller's line. */
void case_words_free(case_words *w) {
  free(w->word);
  w->word = NULL;
  w->len = w->cap = 0;
}

/* Double the pointer array (8 to start); 0 or -1 when out of memory. */
static int words_grow(case_words *w) {
  size_t cap = w->cap ? 2 * w->cap : 8;
  char **grown = realloc(w->word, cap * sizeof *grown);
  if (!grown) return -1;
  w->word = grown;
  w->cap = cap;
  return 0;
}

/* Append one word pointer, growing the array; 0 or -1 when out of memory. */
static inline int words_push(case_words *w, char *word) {
  if (w->len == w->cap && words_grow(w) != 0) return -1;
  w->word[w->len++] = word;
  return 0;
}

/* What the splitter needs to know of a byte: it opens or closes a bracket,
** it is white space (the C locale's, space and \t \n \v \f \r, whatever
** the locale), or it ends the line. */
enum { F_OPEN = 1, F_CLOSE = 2, F_SPACE = 4, F_END = 8 };

static const unsigned char byte_flags[256] = {
    ['\0'] = F_END,   [' '] = F_SPACE,  ['\t'] = F_SPACE, ['\n'] = F_SPACE, ['\v'] = F_SPACE,
    ['\f'] = F_SPACE, ['\r'] = F_SPACE, ['('] = F_OPEN,   ['<'] = F_OPEN,   ['['] = F_OPEN,
    [')'] = F_CLOSE,  ['>'] = F_CLOSE,  [']'] = F_CLOSE,
};

/* Nonzero for the C locale's white space whatever the locale; c is any byte. */
static int is_space(char c) { return byte_flags[(unsigned char)c] == F_SPACE; }

/* Set msg to the NUL-byte error and return -1. */
static int nul_error(char *msg, size_t cap) {
  snprintf(msg, cap, "the line contains a NUL byte");
  return -1;
}

/* The bracket depth after line[k] given the depth before it and the two
** bytes before it (p1 the nearer): an opener counts up, a closer down,
** except the '>' of an arrow "-->", which is one unit.  (A '>' right after
** "--" always ends an arrow: a dash an earlier arrow took is followed by
** its '>'.) */
static long depth_after(long depth, unsigned c, unsigned p1, unsigned p2) {
  unsigned f = byte_flags[c];
  unsigned arrow = (c == '>') & (p1 == '-') & (p2 == '-');
  return depth + (long)(f & F_OPEN) - (long)(((f & F_CLOSE) >> 1) & ~arrow);
}

/* The error for a word line[start..end) whose brackets are still open at
** end: the last opener at depth 0 is never closed.  Returns -1. */
static int never_closed(const char *line, size_t start, size_t end, char *msg, size_t cap) {
  long depth = 0;
  size_t first_open = start;
  unsigned p1 = 0, p2 = 0;
  for (size_t k = start; k < end; k++) {
    unsigned c = (unsigned char)line[k];
    long next = depth_after(depth, c, p1, p2);
    if (depth == 0 && next > 0) first_open = k;
    depth = next, p2 = p1, p1 = c;
  }
  snprintf(msg, cap, "unbalanced brackets: '%c' at column %zu is never closed", line[first_open],
           first_open + 1);
  return -1;
}

/* The depth step of each byte in the byte loop: +1 for an opener, -1 for a
** closer, 0 for the other bytes of a word, and STEP_STOP, far below any
** depth (a line would need 2^62 openers), for the bytes the loop must look
** at: white space, '-' (an arrow may start there) and NUL. */
#define STEP_STOP (-((long long)1 << 62))
static const long long depth_step[256] = {
    ['\0'] = STEP_STOP, [' '] = STEP_STOP,  ['\t'] = STEP_STOP, ['\n'] = STEP_STOP,
    ['\v'] = STEP_STOP, ['\f'] = STEP_STOP, ['\r'] = STEP_STOP, ['-'] = STEP_STOP,
    ['('] = 1,          ['<'] = 1,          ['['] = 1,          [')'] = -1,
    ['>'] = -1,         [']'] = -1,
};

/* How a stretch of a word ended (scan_bytes, scan_chunk). */
enum { SCAN_ON, SCAN_STOP, SCAN_CLOSER, SCAN_BYTES };

/* The byte loop: scan s[*k..end) at bracket depth *depth, adding each
** byte's step and looking closer only when the depth would go below 0 (a
** closer at depth 0, or a byte with STEP_STOP).  SCAN_ON when it reached
** end (or passed it by an arrow), SCAN_STOP at white space at depth 0 or
** a NUL byte, SCAN_CLOSER at a closer at depth 0; *k is where it stopped. */
static int scan_bytes(const unsigned char *s, size_t *k, size_t end, long long *depth) {
  long long d = *depth;
  size_t j = *k;
  int how = SCAN_ON;
  for (; j < end; j++) {
    long long step = depth_step[s[j]];
    if (d + step >= 0) {
      d += step;
      continue;
    }
    if (step != STEP_STOP) {
      how = SCAN_CLOSER;
      break;
    }
    if (s[j] == '-') {
      if (s[j + 1] == '-' && s[j + 2] == '>') j += 2; /* the arrow "-->" is one unit */
    } else if (s[j] == '\0' || d == 0) {
      how = SCAN_STOP; /* the end, or white space at depth 0 */
      break;
    }
  }
  *k = j;
  *depth = d;
  return how;
}

#if defined(__SSE2__)
#include <emmintrin.h>

/* The lanes of c equal to the byte b. */
static inline __m128i lanes_eq(__m128i c, char b) { return _mm_cmpeq_epi8(c, _mm_set1_epi8(b)); }

/* What sixteen bytes tell at once (chunk_scan): the lanes of white space
** at depth 0 and of NUL bytes, the lanes where the depth is below 0,
** whether a '-' is there, and the depth after each lane. */
typedef struct chunk_info {
  unsigned sep, nul, neg, dash;
  signed char depth[16];
} chunk_info;

/* Sixteen bytes s[0..16) at depth depth (0..100) at once, the first skip
** of them read as letters (they are not the text scanned): openers +1,
** closers -1, summed along the lanes (prefix sums by shifts) to the depth
** after each byte. */
static inline __attribute__((always_inline)) void chunk_scan(const unsigned char *s, int skip,
                                                             long long depth, chunk_info *ci) {
  __m128i mine = _mm_cmpgt_epi8(_mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
                                _mm_set1_epi8((char)(skip - 1)));
  __m128i c = _mm_and_si128(_mm_loadu_si128((const __m128i *)(const void *)s), mine);
  c = _mm_or_si128(c, _mm_andnot_si128(mine, _mm_set1_epi8('x'))); /* skipped lanes: a letter */
  __m128i open = _mm_or_si128(_mm_or_si128(lanes_eq(c, '('), lanes_eq(c, '<')), lanes_eq(c, '['));
  __m128i close = _mm_or_si128(_mm_or_si128(lanes_eq(c, ')'), lanes_eq(c, '>')), lanes_eq(c, ']'));
  __m128i d = _mm_sub_epi8(close, open); /* the lanes are -1 where true */
  d = _mm_add_epi8(d, _mm_slli_si128(d, 1));
  d = _mm_add_epi8(d, _mm_slli_si128(d, 2));
  d = _mm_add_epi8(d, _mm_slli_si128(d, 4));
  d = _mm_add_epi8(d, _mm_slli_si128(d, 8));
  d = _mm_add_epi8(d, _mm_set1_epi8((char)depth));
  __m128i t = _mm_sub_epi8(c, _mm_set1_epi8('\t')); /* \t..\r are 0..4 */
  __m128i space =
      _mm_or_si128(lanes_eq(c, ' '), _mm_cmpeq_epi8(_mm_min_epu8(t, _mm_set1_epi8(4)), t));
  ci->sep =
      (unsigned)_mm_movemask_epi8(_mm_and_si128(space, _mm_cmpeq_epi8(d, _mm_setzero_si128())));
  ci->nul = (unsigned)_mm_movemask_epi8(lanes_eq(c, 0));
  ci->neg = (unsigned)_mm_movemask_epi8(d); /* the sign bits: depth below 0 */
  ci->dash = (unsigned)_mm_movemask_epi8(lanes_eq(c, '-'));
  _mm_storeu_si128((__m128i *)(void *)ci->depth, d);
}

/* Sixteen bytes s[0..16) of a word at depth *depth (0..100), the first
** skip not the word's (chunk_scan).  SCAN_ON with *depth updated when the
** word goes on past them; SCAN_STOP with *at the lane of the first white
** space at depth 0 or NUL byte and *depth the depth there; SCAN_BYTES when
** the byte loop must look (a '-', or a closer at depth 0 before any stop). */
static int scan_chunk(const unsigned char *s, int skip, long long *depth, size_t *at) {
  chunk_info ci;
  chunk_scan(s, skip, *depth, &ci);
  if (ci.dash) return SCAN_BYTES;
  unsigned stop = ci.sep | ci.nul;
  unsigned first_stop = stop ? (unsigned)__builtin_ctz(stop) : 16;
  if (ci.neg && (unsigned)__builtin_ctz(ci.neg) < first_stop) return SCAN_BYTES;
  if (!stop) {
    *depth = ci.depth[15];
    return SCAN_ON;
  }
  *at = first_stop;
  *depth = ci.depth[first_stop];
  return SCAN_STOP;
}

/* The most sixteen-byte chunks split_whole takes (lines up to 255 bytes). */
#define WHOLE_CHUNKS 16

/* Split line[0..len) at once when it is the common request: no '-', no NUL
** before len, no closer at depth 0, the depth never past 100 and 0 at the
** end.  Its white space at depth 0 is found sixteen bytes at a time
** (chunk_scan; the last chunk is the line's last sixteen bytes), then the
** words are the runs between, found from the bit masks 64 bytes at a time
** (the starts, then the ends, each by its own loop).  1 when it split
** the line, 0 when the line is not of that kind or not 16..255 bytes long
** (nothing written: the word-by-word scan then says what it is), -1 when
** memory runs out. */
static int split_whole(char *line, size_t len, case_words *w) {
  const unsigned char *s = (const unsigned char *)line;
  uint64_t seps[WHOLE_CHUNKS / 4] = {0}; /* bit b of seps[q]: line[64q + b] ends a word */
  size_t n = (len + 16) / 16;            /* chunks covering line[0..len] */
  long long depth = 0;
  if (len + 1 < 16 || n > WHOLE_CHUNKS) return 0;
  for (size_t c = 0; c < n; c++) {
    size_t k = 16 * c, end = k + 16 <= len + 1 ? k + 16 : len + 1, skip = k + 16 - end;
    chunk_info ci;
    if (depth > 100) return 0;
    chunk_scan(s + end - 16, (int)skip, depth, &ci);
    unsigned last_nul = end == len + 1 ? 1u << 15 : 0; /* line[len] in the last chunk */
    if (ci.dash || ci.neg || (ci.nul & ~last_nul)) return 0;
    seps[c / 4] |= (uint64_t)(uint16_t)((ci.sep | ci.nul) >> skip) << 16 * (c % 4);
    depth = ci.depth[15];
  }
  if (depth != 0) return 0;
  w->len = 0;
  uint64_t prev = 1;                          /* before the line: as white space */
  for (size_t q = 0; 64 * q < len + 1; q++) { /* 64 bytes at a time: starts, then ends */
    size_t k = 64 * q, width = len + 1 - k < 64 ? len + 1 - k : 64;
    uint64_t valid = width == 64 ? ~(uint64_t)0 : ((uint64_t)1 << width) - 1, sep = seps[q];
    uint64_t after_sep = ((sep << 1) | prev) & valid;
    uint64_t starts = ~sep & after_sep & valid, ends = sep & ~after_sep & valid;
    for (; starts; starts &= starts - 1)
      if (words_push(w, line + k + (size_t)__builtin_ctzll(starts)) != 0) return -1;
    for (; ends; ends &= ends - 1)
      line[k + (size_t)__builtin_ctzll(ends)] = '\0'; /* the first separator after a word */
    prev = sep >> (width - 1) & 1;
  }
  return 1;
}
#endif

/* Scan one word starting at line[*i] (not white space) up to white space at
** depth 0 or a NUL byte, sixteen bytes at a time where it can (SSE2; near
** the line's end, its last sixteen bytes with those before k left out)
** and a byte at a time elsewhere; leave *i at the byte that ended it.
** Returns 0, or -1 with a message when a closing bracket has no opener or
** an opener is never closed, or when the word stops at a NUL byte before
** len (that error comes first: a NUL anywhere in line[0..len) is reported
** rather than the brackets). */
static int scan_word(const char *line, size_t len, size_t *i, char *msg, size_t cap) {
  const unsigned char *s = (const unsigned char *)line;
  size_t k = *i;
  long long depth = 0;
  int how;
  for (;;) {
    assert(k <= len);                                  /* the NUL at len stops every scan */
    size_t end = k + 16 <= len + 1 ? k + 16 : len + 1; /* line[len] is its NUL */
#if defined(__SSE2__)
    size_t at;
    if (depth <= 100 && len + 1 >= 16) {
      size_t skip = k + 16 - end; /* the last sixteen bytes, the first skip not the word's */
      how = scan_chunk(s + end - 16, (int)skip, &depth, &at);
      if (how == SCAN_ON) {
        k = end;
        continue;
      }
      if (how == SCAN_STOP) {
        k = end - 16 + at;
        break;
      }
    }
#endif
    how = scan_bytes(s, &k, end, &depth);
    if (how != SCAN_ON) break;
  }
  if (how == SCAN_CLOSER) {
    if (memchr(line + k, '\0', len - k)) return nul_error(msg, cap);
    snprintf(msg, cap, "unbalanced brackets: '%c' at column %zu closes nothing", line[k], k + 1);
    return -1;
  }
  if (s[k] == '\0' && k != len) return nul_error(msg, cap);
  if (depth > 0) return never_closed(line, *i, k, msg, cap);
  *i = k;
  return 0;
}

static int case_line_split_raw(char *line, size_t len, case_words *w, char *msg, size_t cap);

/* Join the words "A o B" (an argument that is the letter o alone, with
** an argument on each side) into the one word "A o B", as CuTe prints a
** composed layout: the separators between them, which the split made
** NULs, become blanks again.  The op (word 0) never joins.  Assumes the
** line held no NUL before its end (the split checked). */
static void join_composed(case_words *w) {
  size_t out = 0;
  for (size_t i = 0; i < w->len; i++) {
    char *word = w->word[i];
    if (out >= 2 && i + 1 < w->len && word[0] == 'o' && word[1] == '\0') {
      for (char *c = w->word[out - 1]; c < w->word[i + 1]; c++)
        if (*c == '\0') *c = ' ';
      i++; /* the word after the 'o' is now part of word out - 1 */
      continue;
    }
    w->word[out++] = word;
  }
  w->len = out;
}

/* Split line[0..len) in place; see case_line.h. */
int case_line_split_n(char *line, size_t len, case_words *w, char *msg, size_t cap) {
  int rc = case_line_split_raw(line, len, w, msg, cap);
  if (rc == 0) join_composed(w);
  return rc;
}

/* Split line[0..len) in place into words at white space outside brackets,
** with no joining. */
static int case_line_split_raw(char *line, size_t len, case_words *w, char *msg, size_t cap) {
  size_t i = 0;
  assert(line[len] == '\0');
#if defined(__SSE2__)
  int whole = split_whole(line, len, w);
  if (whole > 0) return 0;
  if (whole < 0) {
    snprintf(msg, cap, "out of memory");
    return -1;
  }
#endif
  w->len = 0;
  for (;;) {
    while (byte_flags[(unsigned char)line[i]] == F_SPACE) i++;
    if (!line[i]) return i == len ? 0 : nul_error(msg, cap);
    size_t start = i;
    if (scan_word(line, len, &i, msg, cap) != 0) return -1;
    if (words_push(w, line + start) != 0) {
      snprintf(msg, cap, "out of memory");
      return -1;
    }
    if (line[i]) line[i++] = '\0';
  }
}

/* Split the line in place; see case_line.h. */
int case_line_split(char *line, case_words *w, char *msg, size_t cap) {
  return case_line_split_n(line, strlen(line), w, msg, cap);
}

/* Blank or comment line test; see case_line.h. */
int case_line_is_blank(const char *line, size_t len) {
  size_t i = 0;
  while (i < len && is_space(line[i])) i++;
  return i == len || line[i] == '#';
}

/* Parse a request line into a case; see case_line.h. */
int case_line_read(const char *line, gen_case *k, char *op, size_t opcap) {
  char *copy = strdup(line);
  case_words w = {0};
  char msg[200];
  memset(k, 0, sizeof *k);
  if (!copy) return -1;
  int rc = case_line_split(copy, &w, msg, sizeof msg);
  if (rc == 0 && (w.len < 1 || w.len - 1 > GEN_MAX_ARGS)) rc = -1;
  if (rc == 0) {
    snprintf(op, opcap, "%s", w.word[0]);
    for (size_t i = 1; i < w.len && rc == 0; i++) rc = gen_case_arg(k, "%s", w.word[i]);
  }
  case_words_free(&w);
  free(copy);
  return rc;
}

/* Write "OP ARG ARG..." into buf; see case_line.h. */
size_t case_line_join(const char *op, int argc, const char *const *argv, char *buf, size_t cap) {
  size_t len = strlen(op);
  assert(argc >= 0 && (argc == 0 || argv));
  if (cap) snprintf(buf, cap, "%s", op);
  for (int i = 0; i < argc; i++) {
    if (len < cap) snprintf(buf + len, cap - len, " %s", argv[i]);
    len += 1 + strlen(argv[i]);
  }
  return len;
}

/* Write case k of p as its line; see case_line.h. */
int case_line_write(const gen_property *p, const gen_case *k, char *buf, size_t cap) {
  const char *argv[GEN_MAX_ARGS];
  assert(k->argc >= 0 && k->argc <= GEN_MAX_ARGS);
  for (int i = 0; i < k->argc; i++) argv[i] = k->argv[i];
  return case_line_join(p->op, k->argc, argv, buf, cap) < cap ? 0 : -1;
}
