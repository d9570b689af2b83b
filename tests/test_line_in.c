/* test_line_in.c -- unit tests of the batch reader's lines and its wait
** hook (run/line_in.c). */
#include "line_in.h"
#include "t.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The next line of r as a string ("<end>" at the end, "<fail>" on an
** error); the length must match the string's unless nul_at >= 0, the
** position of the one NUL byte expected inside. */
static const char *next_show(line_in *r, int nul_at) {
  char *line;
  size_t len;
  int rc = line_in_next(r, &line, &len);
  if (rc == 0) return "<end>";
  if (rc < 0) return "<fail>";
  if (nul_at < 0 ? strlen(line) != len : (size_t)nul_at >= len || line[nul_at] != '\0')
    return "<bad length>";
  return line;
}

/* The wait hook's state: the pipe's write end and how often it ran. */
typedef struct hook_state {
  int write_fd, calls;
} hook_state;

/* A wait hook for a pipe: the first call writes "two\n" into it (a client
** answering after a flush), the second closes it, a third fails. */
static int pipe_hook(void *arg) {
  hook_state *h = arg;
  h->calls++;
  if (h->calls == 1) return write(h->write_fd, "two\n", 4) == 4 ? 0 : -1;
  if (h->calls == 2) return close(h->write_fd);
  return -1;
}

/* Lines of a regular file: empty lines, a last line without a newline, a
** NUL byte inside, a line longer than the first buffer; no hook call (a
** file is always ready). */
static void test_file(void) {
  FILE *f = tmpfile();
  T_CHECK(f != NULL);
  if (!f) return;
  char *big = malloc(200001);
  T_CHECK(big != NULL);
  if (!big) return;
  memset(big, 'a', 200000);
  big[200000] = '\0';
  fputs("ab\ncd\n\n", f);
  fwrite("x\0y\n", 1, 4, f);
  fputs(big, f);
  fputs("\nlast", f);
  fflush(f);
  rewind(f);
  hook_state h = {-1, 0};
  line_in r;
  line_in_init(&r, fileno(f), pipe_hook, &h);
  T_EQ_STR(next_show(&r, -1), "ab");
  T_EQ_STR(next_show(&r, -1), "cd");
  T_EQ_STR(next_show(&r, -1), "");
  T_EQ_STR(next_show(&r, 1), "x");
  T_CHECK(strcmp(next_show(&r, -1), big) == 0);
  T_EQ_STR(next_show(&r, -1), "last");
  T_EQ_STR(next_show(&r, -1), "<end>");
  T_EQ_STR(next_show(&r, -1), "<end>");
  T_EQ_INT(h.calls, 0);
  line_in_free(&r);
  free(big);
  fclose(f);
}

/* A pipe: the hook runs only when nothing is waiting, and each time before
** the read it guards; a hook that fails stops the reader. */
static void test_pipe(void) {
  int p[2];
  T_EQ_INT(pipe(p), 0);
  T_EQ_INT(write(p[1], "one\n", 4), 4);
  hook_state h = {p[1], 0};
  line_in r;
  line_in_init(&r, p[0], pipe_hook, &h);
  T_EQ_STR(next_show(&r, -1), "one");
  T_EQ_INT(h.calls, 0); /* "one" was waiting */
  T_EQ_STR(next_show(&r, -1), "two");
  T_EQ_INT(h.calls, 1); /* nothing waiting: the hook, then "two" */
  T_EQ_STR(next_show(&r, -1), "<end>");
  T_EQ_INT(h.calls, 2); /* the hook closed the pipe */
  line_in_free(&r);
  close(p[0]);

  T_EQ_INT(pipe(p), 0);
  h.write_fd = p[1];
  h.calls = 2; /* the next call fails */
  line_in_init(&r, p[0], pipe_hook, &h);
  T_EQ_STR(next_show(&r, -1), "<fail>");
  line_in_free(&r);
  close(p[0]);
  close(p[1]);
}

/* Lines of every length from 0 to 129 (line k is k copies of the letter
** 'a' + k % 26), so that newlines fall at every offset of the reader's
** 64-byte scan and some windows hold many (the short lines) and others
** none (the long ones); then 70 empty lines (70 newlines in a row, more
** than one window) and "end" without a newline.  Read from a file and
** from a pipe that received it in pieces of 1000 bytes before reading. */
static void test_windows(void) {
  char text[12000];
  size_t n = 0;
  for (int k = 0; k < 130; k++) {
    memset(text + n, 'a' + k % 26, (size_t)k);
    n += (size_t)k;
    text[n++] = '\n';
  }
  memset(text + n, '\n', 70);
  n += 70;
  memcpy(text + n, "end", 3);
  n += 3;
  T_CHECK(n == 130 * 129 / 2 + 130 + 73); /* 8385 + 130 + 73 = 8588 bytes */
  for (int how = 0; how < 2; how++) {
    int fd = -1, p[2] = {-1, -1};
    FILE *f = NULL;
    if (how == 0) {
      f = tmpfile();
      T_CHECK(f != NULL && fwrite(text, 1, n, f) == n && fflush(f) == 0);
      if (!f) return;
      rewind(f);
      fd = fileno(f);
    } else {
      T_EQ_INT(pipe(p), 0);
      for (size_t at = 0; at < n; at += 1000) {
        size_t piece = n - at < 1000 ? n - at : 1000;
        T_CHECK(write(p[1], text + at, piece) == (ssize_t)piece);
      }
      close(p[1]);
      fd = p[0];
    }
    line_in r;
    line_in_init(&r, fd, NULL, NULL);
    int bad = 0;
    for (int k = 0; k < 130; k++) {
      char *line;
      size_t len;
      int rc = line_in_next(&r, &line, &len);
      int ok = rc == 1 && len == (size_t)k && line[k] == '\0';
      for (int i = 0; ok && i < k; i++) ok = line[i] == 'a' + k % 26;
      if (!ok && bad++ == 0) fprintf(stderr, "  line of length %d read wrong (%d)\n", k, rc);
    }
    T_EQ_INT(bad, 0);
    for (int k = 0; k < 70; k++) T_EQ_STR(next_show(&r, -1), "");
    T_EQ_STR(next_show(&r, -1), "end");
    T_EQ_STR(next_show(&r, -1), "<end>");
    line_in_free(&r);
    if (f) fclose(f);
    if (p[0] >= 0) close(p[0]);
  }
}

/* The next line of r as "<long N>" when it was dropped as longer than the
** limit (N its length), else as next_show gives it. */
static const char *next_long(line_in *r, char *buf, size_t cap) {
  char *line;
  size_t len;
  int rc = line_in_next(r, &line, &len);
  if (rc == 2) {
    snprintf(buf, cap, "<long %zu>%s", len, line); /* line is "" */
    return buf;
  }
  if (rc == 0) return "<end>";
  if (rc < 0) return "<fail>";
  return strlen(line) == len ? line : "<bad length>";
}

/* A limit of 5 bytes: lines of 5 bytes are kept, of 6 dropped and reported
** with their lengths, several in one read and one of 300,000 bytes over
** many reads (past the first buffer of 64 KiB: the buffer does not grow);
** an overlong last line without a newline; then the limit raised to 16. */
static void test_limit(void) {
  int p[2];
  T_EQ_INT(pipe(p), 0);
  FILE *f = tmpfile();
  T_CHECK(f != NULL);
  if (!f) return;
  fputs("12345\n123456\nab\n1234567890\n\n", f);
  for (int i = 0; i < 300000; i++) fputc('z', f);
  fputs("\nok\n0123456789abcdef\n0123456789abcdefg\nxyz\n1234567", f);
  fflush(f);
  rewind(f);
  char b[64];
  line_in r;
  line_in_init(&r, fileno(f), NULL, NULL);
  line_in_set_max(&r, 5);
  T_EQ_STR(next_long(&r, b, sizeof b), "12345");
  T_EQ_STR(next_long(&r, b, sizeof b), "<long 6>");
  T_EQ_STR(next_long(&r, b, sizeof b), "ab");
  T_EQ_STR(next_long(&r, b, sizeof b), "<long 10>");
  T_EQ_STR(next_long(&r, b, sizeof b), "");
  T_EQ_STR(next_long(&r, b, sizeof b), "<long 300000>");
  T_CHECK(r.cap <= (size_t)1 << 16); /* never held the long line */
  T_EQ_STR(next_long(&r, b, sizeof b), "ok");
  line_in_set_max(&r, 16);
  T_EQ_STR(next_long(&r, b, sizeof b), "0123456789abcdef");
  T_EQ_STR(next_long(&r, b, sizeof b), "<long 17>");
  T_EQ_STR(next_long(&r, b, sizeof b), "xyz");
  line_in_set_max(&r, 5);
  T_EQ_STR(next_long(&r, b, sizeof b), "<long 7>");
  T_EQ_STR(next_long(&r, b, sizeof b), "<end>");
  line_in_free(&r);
  fclose(f);

  /* a pipe: the line of 6 bytes dropped, the one of 5 after it kept */
  const char *text = "abcdef\nvwxyz\n";
  line_in_init(&r, p[0], NULL, NULL);
  line_in_set_max(&r, 5);
  for (const char *c = text; *c; c++) T_EQ_INT(write(p[1], c, 1), 1);
  close(p[1]);
  T_EQ_STR(next_long(&r, b, sizeof b), "<long 6>");
  T_EQ_STR(next_long(&r, b, sizeof b), "vwxyz");
  T_EQ_STR(next_long(&r, b, sizeof b), "<end>");
  line_in_free(&r);
  close(p[0]);
}

int main(void) {
  test_limit();
  test_file();
  test_pipe();
  test_windows();
  return T_DONE();
}
