/* line_in.c -- buffered lines of a file descriptor (see line_in.h). */
#include "line_in.h"

#include <assert.h>
#include <errno.h>
#include <poll.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The first read asks for this much; the buffer doubles for longer lines,
** up to the limit plus two bytes (the newline and the NUL after it). */
#define LINE_IN_FIRST ((size_t)1 << 16)

/* Start reading fd; see line_in.h. */
void line_in_init(line_in *r, int fd, int (*wait)(void *), void *wait_arg) {
  memset(r, 0, sizeof *r);
  r->fd = fd;
  r->wait = wait;
  r->wait_arg = wait_arg;
  r->max = LINE_IN_MAX;
}

/* Set the longest line kept; see line_in.h. */
void line_in_set_max(line_in *r, size_t max) {
  assert(max >= 1 && max < SIZE_MAX / 4);
  r->max = max;
}

/* Free the buffer; see line_in.h. */
void line_in_free(line_in *r) {
  free(r->buf);
  r->buf = NULL;
  r->cap = r->start = r->end = r->scanned = r->block = 0;
  r->nl = 0;
  r->dropped = 0;
  r->overlong = 0;
}

/* Nonzero when fd has input (or its end, or an error) ready now. */
static int input_ready(int fd) {
  struct pollfd p = {fd, POLLIN, 0};
  int n;
  do n = poll(&p, 1, 0);
  while (n < 0 && errno == EINTR);
  return n != 0; /* on a poll error, let read(2) tell */
}

/* Make room for more input after buf[start..end): move the pending bytes to
** the front, doubling the buffer when they fill it; 0, or -1 out of memory. */
static int make_room(line_in *r) {
  if (r->start > 0) {
    memmove(r->buf, r->buf + r->start, r->end - r->start);
    r->end -= r->start;
    r->scanned -= r->start;
    r->start = 0;
    r->nl = 0; /* make_room runs when no newline is left to hand out */
  }
  if (r->end + 1 < r->cap) return 0; /* one byte stays free for a NUL */
  size_t cap = r->cap ? 2 * r->cap : LINE_IN_FIRST;
  size_t most = r->max + 2 > LINE_IN_FIRST ? r->max + 2 : LINE_IN_FIRST;
  if (cap > most) cap = most; /* fill drops a pending line past the limit */
  assert(cap > r->cap);
  char *grown = realloc(r->buf, cap);
  if (!grown) return errno = ENOMEM, -1;
  r->buf = grown;
  r->cap = cap;
  return 0;
}

/* Read more input after the pending bytes, calling the wait hook first when
** the read may block; 0 (r->eof set at the end), or -1. */
static int fill(line_in *r) {
  if (make_room(r) != 0) return -1;
  if (r->wait && !input_ready(r->fd) && r->wait(r->wait_arg) != 0) return -1;
  ssize_t n;
  do n = read(r->fd, r->buf + r->end, r->cap - 1 - r->end);
  while (n < 0 && errno == EINTR);
  if (n < 0) return -1;
  if (n == 0) r->eof = 1;
  r->end += (size_t)n;
  return 0;
}

#if defined(__SSE2__)
#include <emmintrin.h>

/* The newlines of the sixteen bytes at s, one bit each. */
static inline uint64_t newlines16(const char *s) {
  __m128i c = _mm_loadu_si128((const __m128i *)(const void *)s);
  return (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(c, _mm_set1_epi8('\n')));
}
#endif

/* The newlines of s[0..n) (n <= 64), bit b for s[b]: sixteen bytes at a
** time when all 64 are there (SSE2), else a byte at a time (the last bytes
** of a read). */
static uint64_t newlines64(const char *s, size_t n) {
  assert(n <= 64);
#if defined(__SSE2__)
  if (n == 64)
    return newlines16(s) | newlines16(s + 16) << 16 | newlines16(s + 32) << 32 |
           newlines16(s + 48) << 48;
#endif
  uint64_t m = 0;
  for (size_t b = 0; b < n; b++) m |= (uint64_t)(s[b] == '\n') << b;
  return m;
}

/* The position of the next newline in buf[start..end), or end when there
** is none: the bits of nl first, then the next 64 bytes after scanned
** (one scan finds the newlines of the next few lines). */
static size_t next_newline(line_in *r) {
  while (!r->nl) {
    if (r->scanned == r->end) return r->end;
    size_t n = r->end - r->scanned < 64 ? r->end - r->scanned : 64;
    r->block = r->scanned;
    r->nl = newlines64(r->buf + r->block, n);
    r->scanned += n;
  }
  size_t at = r->block + (size_t)__builtin_ctzll(r->nl);
  r->nl &= r->nl - 1;
  return at;
}

/* Drop the pending bytes buf[start..end), which hold no newline and are
** part of a line longer than the limit. */
static void drop_pending(line_in *r) {
  assert(r->scanned == r->end && r->nl == 0);
  r->dropped += r->end - r->start;
  r->overlong = 1;
  r->start = r->end = r->scanned = r->block = 0;
}

/* The next line; see line_in.h. */
int line_in_next(line_in *r, char **line, size_t *len) {
  for (;;) {
    assert(r->start <= r->scanned && r->scanned <= r->end);
    size_t stop = next_newline(r);
    if (stop < r->end || (r->eof && (r->end > r->start || r->overlong))) {
      *line = r->buf + r->start;
      *len = stop - r->start;
      r->buf[stop] = '\0'; /* the newline, or the byte kept free after end */
      r->start = stop < r->end ? stop + 1 : r->end;
      if (stop == r->end) r->scanned = r->end;
      if (!r->overlong && *len <= r->max) return 1;
      *len += r->dropped;
      *line = r->buf + stop; /* "" */
      r->dropped = 0;
      r->overlong = 0;
      return 2;
    }
    if (r->eof) return 0;
    if (r->end - r->start > r->max) drop_pending(r);
    if (fill(r) != 0) return -1;
  }
}
