/*
** line_in.h -- read the lines of a file descriptor for the batch protocol,
** knowing whether the next request is already waiting.
**
** A line_in buffers what read(2) gives; line_in_next hands out one line at
** a time (newline removed, NUL-terminated, NUL bytes inside kept and
** counted in the length).  Before it would block in read(2) with no whole
** line buffered, it calls the wait hook unless poll(2) says more input is
** there already: the batch protocol flushes its answers there, so a client
** that waits for an answer gets it, and a stream of requests costs one
** write per buffer, not one per line.
**
** A line longer than the reader's limit (LINE_IN_MAX, or what
** line_in_set_max sets) is not kept: its bytes are dropped as they arrive
** and line_in_next reports it (return 2) once its newline or the end of
** input is reached, so memory stays within the limit plus one read.
*/
#ifndef LINE_IN_H
#define LINE_IN_H

#include <stddef.h>
#include <stdint.h>

/* The longest line kept, in bytes (newline not counted): 16 MiB. */
#define LINE_IN_MAX ((size_t)1 << 24)

typedef struct line_in {
  int fd;
  char *buf; /* owned; buf[start..end) not handed out yet */
  size_t cap, start, end;
  size_t scanned;      /* the newlines of buf[start..scanned) are the bits of nl */
  size_t block;        /* bit b of nl is buf[block + b] (scanned <= block + 64) */
  uint64_t nl;         /* the newlines found and not handed out yet */
  size_t max;          /* the longest line kept */
  size_t dropped;      /* bytes of an overlong line dropped so far */
  int overlong;        /* dropping the bytes of an overlong line */
  int eof;             /* read(2) returned 0 */
  int (*wait)(void *); /* called before a read that may block; nonzero stops */
  void *wait_arg;
} line_in;

/* Start reading fd, keeping lines of up to LINE_IN_MAX bytes; wait (may
** be NULL) is called with wait_arg before a read that would block. */
void line_in_init(line_in *r, int fd, int (*wait)(void *), void *wait_arg);

/* Keep lines of up to max bytes (max >= 1) from now on. */
void line_in_set_max(line_in *r, size_t max);

/* Free the buffer. */
void line_in_free(line_in *r);

/* The next line in *line (valid until the next call) and its length:
** 1; 2 for a line longer than the limit, dropped (*line is "", *len its
** length); 0 at the end of input; -1 when reading fails or memory runs out
** (errno set), or when the wait hook returned nonzero. */
int line_in_next(line_in *r, char **line, size_t *len);

#endif /* LINE_IN_H */
