/*
** gpu_results.h -- the result file of bin/layoutcheck-gpu, written by it
** and read by `layoutcheck gpu` (cli/cmd_gpu.c).  Plain text, one record a
** line, fields separated by one space:
**
**   layoutcheck-gpu 1 skipped=S layouts=N offsets=N elements=N mismatches=N
**       reported=N truncated=N passes=N seed=N seconds=X gbps=X device=NAME
**   mismatch CHECK INDEX EXPECTED GOT LAYOUT
**   ...
**
** The header is the first line and is one line (wrapped above): the format
** version 1, then key=value counts in this order, the device name last (the
** rest of the line; it may hold spaces).  skipped=1 means no CUDA device was
** found (device=none, every count 0).  offsets counts the indices whose
** offset was computed (each in 32-bit and in 64-bit arithmetic), elements
** the dereferences made through them (gathers and scatters), truncated the
** 32-bit offsets that differ from the true offset (offsets of 2^31 and
** more, expected only in the layouts made to cross 2^31), gbps the bytes
** the kernels moved per second of kernel time.
**
** Then one line per reported mismatch, `reported` of them (mismatches
** counts them all; the program reports the first ones only).  CHECK is
** offset64, offset32, gather, scatter, bijective, compose or
** compose_device; INDEX the index i (for bijective the address, -1 for
** compose_device); LAYOUT, the rest of the line, the layout in protocol
** text, followed for a derived layout by " = OP ARG..." (the eval request
** that made it, e.g. "(4,5):(2,8) = composition 20:2 (4,5):(1,4)").
**
** Pure C with libc, usable from C and from CUDA C++.
*/
#ifndef GPU_RESULTS_H
#define GPU_RESULTS_H

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GPU_RESULTS_MAGIC "layoutcheck-gpu 1"

/* The counts of one run (the header line). */
typedef struct gpu_summary {
  int skipped;
  int64_t layouts, offsets, elements, mismatches, reported, truncated, passes;
  uint64_t seed;
  double seconds, gbps;
  char device[256];
} gpu_summary;

/* One mismatch line; layout points into the parsed line. */
typedef struct gpu_mismatch {
  char check[32];
  int64_t index, expected, got;
  const char *layout;
} gpu_mismatch;

/* Write the header line of s (with its newline) to f; 0, or -1 when the
** write fails.  Control characters in the device name become '?'. */
static inline int gpu_write_header(FILE *f, const gpu_summary *s) {
  char device[sizeof s->device];
  size_t n = 0;
  for (const char *p = s->device; *p && n + 1 < sizeof device; p++)
    device[n++] = (unsigned char)*p < 0x20 || *p == 0x7f ? '?' : *p;
  device[n] = '\0';
  int w = fprintf(
      f,
      GPU_RESULTS_MAGIC " skipped=%d layouts=%" PRId64 " offsets=%" PRId64 " elements=%" PRId64
                        " mismatches=%" PRId64 " reported=%" PRId64 " truncated=%" PRId64
                        " passes=%" PRId64 " seed=%" PRIu64 " seconds=%.3f gbps=%.3f device=%s\n",
      s->skipped ? 1 : 0, s->layouts, s->offsets, s->elements, s->mismatches, s->reported,
      s->truncated, s->passes, s->seed, s->seconds, s->gbps, n ? device : "none");
  return w < 0 ? -1 : 0;
}

/* Write one mismatch line; 0, or -1 when the write fails. */
static inline int gpu_write_mismatch(FILE *f, const char *check, int64_t index, int64_t expected,
                                     int64_t got, const char *layout) {
  int w = fprintf(f, "mismatch %s %" PRId64 " %" PRId64 " %" PRId64 " %s\n", check, index, expected,
                  got, layout);
  return w < 0 ? -1 : 0;
}

/* Read "KEY=" at *p into a signed integer and move *p past it and one
** space; 0, or -1 when the text is not there. */
static inline int gpu_read_int(const char **p, const char *key, int64_t *out) {
  size_t n = strlen(key);
  char *end;
  if (strncmp(*p, key, n) != 0 || (*p)[n] != '=') return -1;
  const char *v = *p + n + 1;
  if (!(*v == '-' || (*v >= '0' && *v <= '9'))) return -1;
  long long x = strtoll(v, &end, 10);
  if (end == v || (*end != ' ' && *end != '\0')) return -1;
  *out = (int64_t)x;
  *p = *end ? end + 1 : end;
  return 0;
}

/* Read "KEY=" at *p into a finite non-negative number, as gpu_read_int. */
static inline int gpu_read_real(const char **p, const char *key, double *out) {
  size_t n = strlen(key);
  char *end;
  if (strncmp(*p, key, n) != 0 || (*p)[n] != '=') return -1;
  const char *v = *p + n + 1;
  if (!(*v >= '0' && *v <= '9')) return -1;
  double x = strtod(v, &end);
  if (end == v || (*end != ' ' && *end != '\0') || !(x >= 0 && x < 1e300)) return -1;
  *out = x;
  *p = *end ? end + 1 : end;
  return 0;
}

/* Parse a header line (a trailing newline is allowed) into *s; 0, or -1
** when it is not a version-1 header or a count is negative. */
static inline int gpu_parse_header(const char *line, gpu_summary *s) {
  const char *p = line;
  int64_t skipped;
  size_t magic = strlen(GPU_RESULTS_MAGIC);
  memset(s, 0, sizeof *s);
  if (strncmp(p, GPU_RESULTS_MAGIC " ", magic + 1) != 0) return -1;
  p += magic + 1;
  if (gpu_read_int(&p, "skipped", &skipped) || (skipped != 0 && skipped != 1) ||
      gpu_read_int(&p, "layouts", &s->layouts) || gpu_read_int(&p, "offsets", &s->offsets) ||
      gpu_read_int(&p, "elements", &s->elements) ||
      gpu_read_int(&p, "mismatches", &s->mismatches) ||
      gpu_read_int(&p, "reported", &s->reported) || gpu_read_int(&p, "truncated", &s->truncated) ||
      gpu_read_int(&p, "passes", &s->passes))
    return -1;
  /* the seed is unsigned 64-bit */
  if (strncmp(p, "seed=", 5) != 0 || !(p[5] >= '0' && p[5] <= '9')) return -1;
  char *end;
  unsigned long long seed = strtoull(p + 5, &end, 10);
  if (*end != ' ') return -1;
  s->seed = (uint64_t)seed;
  p = end + 1;
  if (gpu_read_real(&p, "seconds", &s->seconds) || gpu_read_real(&p, "gbps", &s->gbps) ||
      strncmp(p, "device=", 7) != 0)
    return -1;
  p += 7;
  size_t n = strcspn(p, "\r\n");
  if (n == 0 || n >= sizeof s->device || p[n + strspn(p + n, "\r\n")] != '\0') return -1;
  memcpy(s->device, p, n);
  s->device[n] = '\0';
  s->skipped = (int)skipped;
  if (s->layouts < 0 || s->offsets < 0 || s->elements < 0 || s->mismatches < 0 || s->reported < 0 ||
      s->truncated < 0 || s->passes < 0 || s->reported > s->mismatches)
    return -1;
  return 0;
}

/* Parse a mismatch line in place (the trailing newline is cut off) into
** *m; 0, or -1 when it is malformed. */
static inline int gpu_parse_mismatch(char *line, gpu_mismatch *m) {
  line[strcspn(line, "\r\n")] = '\0';
  if (strncmp(line, "mismatch ", 9) != 0) return -1;
  const char *p = line + 9;
  size_t n = strcspn(p, " ");
  if (n == 0 || n >= sizeof m->check || p[n] != ' ') return -1;
  memcpy(m->check, p, n);
  m->check[n] = '\0';
  p += n + 1;
  int64_t *field[3] = {&m->index, &m->expected, &m->got};
  for (int i = 0; i < 3; i++) {
    char *end;
    if (!(*p == '-' || (*p >= '0' && *p <= '9'))) return -1;
    *field[i] = (int64_t)strtoll(p, &end, 10);
    if (end == p || *end != ' ') return -1;
    p = end + 1;
  }
  if (*p == '\0' || *p == ' ') return -1;
  m->layout = p;
  return 0;
}

#endif /* GPU_RESULTS_H */
