/*
** gpu_results.h -- the result file of bin/layoutcheck-gpu, written by it
** and read by `layoutcheck gpu` (cli/cmd_gpu.c).  Plain text, one record a
** line, fields separated by one space.  Version 2:
**
**   layoutcheck-gpu 2 skipped=S layouts=N offsets=N elements=N mismatches=N
**       reported=N truncated=N passes=N seed=N seconds=X gbps=X
**       copy_gbps=X paths=K device=NAME
**   path own layouts=N offsets=N elements=N mismatches=N reported=N passes=N
**       bytes=N kernel_seconds=X gbps=X truncated=N
**   path cute layouts=N offsets=N elements=N mismatches=N reported=N
**       passes=N bytes=N kernel_seconds=X gbps=X items=N exact=N nearest=N
**       unmapped=N int_skipped=N compose_same=N compose_differs=N
**       compose_refused=N compose_unmapped=N compose_zero_stride=N
**   mismatch CHECK INDEX EXPECTED GOT LAYOUT
**   ...
**
** The header is the first line and is one line (wrapped above): the format
** version, then key=value fields in this order, the device name last (the
** rest of the line; it may hold spaces).  skipped=1 means no CUDA device was
** found (device=none, every count 0).  Then K path lines, one per path the
** run took (own: the stage's own index arithmetic, gpu/gpu_layout.h; cute:
** CuTe's tensors, gpu/gpu_cute.cuh), each with its fields in this order;
** the header's layouts is the run's, its offsets, elements, mismatches,
** reported, bytes and passes the sums over the paths, its truncated the own
** path's, its gbps all bytes over all kernel seconds.  offsets counts the
** indices whose offset was computed, elements the dereferences made (gathers
** and scatters), truncated the 32-bit offsets of 2^31 and more caught (own
** path), bytes what the kernels moved, gbps bytes per second of kernel time,
** copy_gbps the bytes read and written per second by a device-to-device
** cudaMemcpy in the same run (the device's copy bandwidth).  The cute
** path's counts say how its layouts were mapped onto the instantiated
** profiles (exact, nearest, unmapped: skipped), how many int-stride items
** were skipped because an offset exceeds 2^31 - 1, and what became of the
** compositions (gpu/gpu_cute_stage.h): dereferenced, skipped because CuTe's
** A o B is another function than the oracle's, because the oracle refuses
** A o B, because A or B has no profile, or because B has a stride 0 (CuTe's
** composition of dynamic layouts divides by it: a crash on the host).
**
** Then one line per reported mismatch, `reported` of them (mismatches
** counts them all; the program reports the first ones only).  CHECK is
** offset64, offset32, gather, scatter, bijective, compose or
** compose_device (own path), or cute_offset, cute_gather, cute_scatter,
** cute_bijective or cute_expected followed by ":int64" or ":int", the
** stride type (cute path); INDEX the index i (for bijective the address,
** -1 for compose_device); LAYOUT, the rest of the line, the layout in
** protocol text, followed for a derived layout by " = OP ARG..." (the eval
** request that made it, e.g. "(4,5):(2,8) = composition 20:2 (4,5):(1,4)"),
** and for the cute path by " ; cute LAYOUT", the layout CuTe dereferenced.
**
** Version 1 (still read): the header without copy_gbps and paths, no path
** lines, only the own path's checks.  Other versions are refused.
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

#define GPU_RESULTS_MAGIC   "layoutcheck-gpu"
#define GPU_RESULTS_VERSION 2
#define GPU_MAX_PATHS       2

/* gpu_parse_header's answer for a header of another version. */
#define GPU_RESULTS_EVERSION (-2)

/* The figures of one path (a path line). */
typedef struct gpu_path_summary {
  char name[8]; /* "own" or "cute" */
  int64_t layouts, offsets, elements, mismatches, reported, passes, bytes;
  double kernel_seconds, gbps;
  int64_t truncated; /* own */
  int64_t items, exact, nearest, unmapped, int_skipped; /* cute */
  int64_t compose_same, compose_differs, compose_refused, compose_unmapped, compose_zero_stride;
} gpu_path_summary;

/* The counts of one run (the header line and the path lines). */
typedef struct gpu_summary {
  int version, skipped, npaths;
  int64_t layouts, offsets, elements, mismatches, reported, truncated, passes;
  uint64_t seed;
  double seconds, gbps, copy_gbps; /* copy_gbps -1: not measured (version 1) */
  gpu_path_summary path[GPU_MAX_PATHS];
  char device[256];
} gpu_summary;

/* One mismatch line; layout points into the parsed line. */
typedef struct gpu_mismatch {
  char check[32];
  int64_t index, expected, got;
  const char *layout;
} gpu_mismatch;

/* Write the header line of s (with its newline, version 2) to f; 0, or -1
** when the write fails.  Control characters in the device name become '?'. */
static inline int gpu_write_header(FILE *f, const gpu_summary *s) {
  char device[sizeof s->device];
  size_t n = 0;
  for (const char *p = s->device; *p && n + 1 < sizeof device; p++)
    device[n++] = (unsigned char)*p < 0x20 || *p == 0x7f ? '?' : *p;
  device[n] = '\0';
  int w = fprintf(f,
                  GPU_RESULTS_MAGIC " 2 skipped=%d layouts=%" PRId64 " offsets=%" PRId64
                                    " elements=%" PRId64 " mismatches=%" PRId64
                                    " reported=%" PRId64 " truncated=%" PRId64 " passes=%" PRId64
                                    " seed=%" PRIu64
                                    " seconds=%.3f gbps=%.3f copy_gbps=%.3f paths=%d device=%s\n",
                  s->skipped ? 1 : 0, s->layouts, s->offsets, s->elements, s->mismatches,
                  s->reported, s->truncated, s->passes, s->seed, s->seconds, s->gbps,
                  s->copy_gbps > 0 ? s->copy_gbps : 0.0, s->npaths, n ? device : "none");
  return w < 0 ? -1 : 0;
}

/* Write the path line of p to f; 0, or -1 when the write fails. */
static inline int gpu_write_path(FILE *f, const gpu_path_summary *p) {
  int w = fprintf(f,
                  "path %s layouts=%" PRId64 " offsets=%" PRId64 " elements=%" PRId64
                  " mismatches=%" PRId64 " reported=%" PRId64 " passes=%" PRId64 " bytes=%" PRId64
                  " kernel_seconds=%.6f gbps=%.3f",
                  p->name, p->layouts, p->offsets, p->elements, p->mismatches, p->reported,
                  p->passes, p->bytes, p->kernel_seconds, p->gbps);
  if (w >= 0 && strcmp(p->name, "own") == 0) w = fprintf(f, " truncated=%" PRId64, p->truncated);
  if (w >= 0 && strcmp(p->name, "cute") == 0)
    w = fprintf(f,
                " items=%" PRId64 " exact=%" PRId64 " nearest=%" PRId64 " unmapped=%" PRId64
                " int_skipped=%" PRId64 " compose_same=%" PRId64 " compose_differs=%" PRId64
                " compose_refused=%" PRId64 " compose_unmapped=%" PRId64
                " compose_zero_stride=%" PRId64,
                p->items, p->exact, p->nearest, p->unmapped, p->int_skipped, p->compose_same,
                p->compose_differs, p->compose_refused, p->compose_unmapped,
                p->compose_zero_stride);
  if (w >= 0) w = fputc('\n', f) == EOF ? -1 : 0;
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

/* Read "seed=N" (unsigned 64-bit) at *p and move past it and one space;
** 0, or -1. */
static inline int gpu_read_seed(const char **p, uint64_t *out) {
  char *end;
  if (strncmp(*p, "seed=", 5) != 0 || !((*p)[5] >= '0' && (*p)[5] <= '9')) return -1;
  unsigned long long seed = strtoull(*p + 5, &end, 10);
  if (*end != ' ') return -1;
  *out = (uint64_t)seed;
  *p = end + 1;
  return 0;
}

/* Read "device=NAME" at p, the rest of the line (a trailing newline is
** allowed), into out[0..cap); 0, or -1 when it is empty or too long. */
static inline int gpu_read_device(const char *p, char *out, size_t cap) {
  if (strncmp(p, "device=", 7) != 0) return -1;
  p += 7;
  size_t n = strcspn(p, "\r\n");
  if (n == 0 || n >= cap || p[n + strspn(p + n, "\r\n")] != '\0') return -1;
  memcpy(out, p, n);
  out[n] = '\0';
  return 0;
}

/* Read the format version after the magic at *p ("layoutcheck-gpu V ");
** the version, or -1 when the line does not start so. */
static inline int gpu_read_version(const char **p) {
  size_t magic = strlen(GPU_RESULTS_MAGIC);
  char *end;
  if (strncmp(*p, GPU_RESULTS_MAGIC " ", magic + 1) != 0) return -1;
  const char *v = *p + magic + 1;
  if (!(*v >= '1' && *v <= '9')) return -1;
  long version = strtol(v, &end, 10);
  if (*end != ' ' || version > 1000000) return -1;
  *p = end + 1;
  return (int)version;
}

/* Parse a header line (a trailing newline is allowed) into *s: version 1
** or 2.  0; -1 when it is malformed or a count is negative;
** GPU_RESULTS_EVERSION (with s->version set) for another version. */
static inline int gpu_parse_header(const char *line, gpu_summary *s) {
  const char *p = line;
  int64_t skipped, paths = 0;
  memset(s, 0, sizeof *s);
  int version = gpu_read_version(&p);
  if (version < 0) return -1;
  s->version = version;
  if (version != 1 && version != 2) return GPU_RESULTS_EVERSION;
  s->copy_gbps = -1;
  if (gpu_read_int(&p, "skipped", &skipped) || (skipped != 0 && skipped != 1) ||
      gpu_read_int(&p, "layouts", &s->layouts) || gpu_read_int(&p, "offsets", &s->offsets) ||
      gpu_read_int(&p, "elements", &s->elements) ||
      gpu_read_int(&p, "mismatches", &s->mismatches) ||
      gpu_read_int(&p, "reported", &s->reported) || gpu_read_int(&p, "truncated", &s->truncated) ||
      gpu_read_int(&p, "passes", &s->passes) || gpu_read_seed(&p, &s->seed) ||
      gpu_read_real(&p, "seconds", &s->seconds) || gpu_read_real(&p, "gbps", &s->gbps))
    return -1;
  if (version == 2 && (gpu_read_real(&p, "copy_gbps", &s->copy_gbps) ||
                       gpu_read_int(&p, "paths", &paths) || paths < 0 || paths > GPU_MAX_PATHS))
    return -1;
  if (gpu_read_device(p, s->device, sizeof s->device)) return -1;
  s->skipped = (int)skipped;
  s->npaths = (int)paths;
  if (s->layouts < 0 || s->offsets < 0 || s->elements < 0 || s->mismatches < 0 || s->reported < 0 ||
      s->truncated < 0 || s->passes < 0 || s->reported > s->mismatches)
    return -1;
  return 0;
}

/* 1 when every count of p is non-negative and it reports no more
** mismatches than it counts. */
static inline int gpu_path_counts_ok(const gpu_path_summary *p) {
  const int64_t c[] = {p->layouts,     p->offsets,      p->elements,        p->mismatches,
                       p->reported,    p->passes,       p->bytes,           p->truncated,
                       p->items,       p->exact,        p->nearest,         p->unmapped,
                       p->int_skipped, p->compose_same, p->compose_differs, p->compose_refused,
                       p->compose_unmapped, p->compose_zero_stride};
  for (size_t i = 0; i < sizeof c / sizeof c[0]; i++)
    if (c[i] < 0) return 0;
  return p->reported <= p->mismatches;
}

/* Parse a path line (a trailing newline is allowed) into *p; 0, or -1 when
** it is malformed, names another path, or a count is negative. */
static inline int gpu_parse_path(const char *line, gpu_path_summary *p) {
  char buf[1024];
  size_t len = strcspn(line, "\r\n");
  memset(p, 0, sizeof *p);
  if (len >= sizeof buf || line[len + strspn(line + len, "\r\n")] != '\0') return -1;
  memcpy(buf, line, len);
  buf[len] = '\0';
  const char *q = buf;
  if (strncmp(q, "path ", 5) != 0) return -1;
  q += 5;
  size_t n = strcspn(q, " ");
  if (n == 0 || n >= sizeof p->name || q[n] != ' ') return -1;
  memcpy(p->name, q, n);
  q += n + 1;
  int own = strcmp(p->name, "own") == 0, cute = strcmp(p->name, "cute") == 0;
  if ((!own && !cute) || gpu_read_int(&q, "layouts", &p->layouts) ||
      gpu_read_int(&q, "offsets", &p->offsets) || gpu_read_int(&q, "elements", &p->elements) ||
      gpu_read_int(&q, "mismatches", &p->mismatches) ||
      gpu_read_int(&q, "reported", &p->reported) || gpu_read_int(&q, "passes", &p->passes) ||
      gpu_read_int(&q, "bytes", &p->bytes) ||
      gpu_read_real(&q, "kernel_seconds", &p->kernel_seconds) ||
      gpu_read_real(&q, "gbps", &p->gbps))
    return -1;
  if (own && gpu_read_int(&q, "truncated", &p->truncated)) return -1;
  if (cute && (gpu_read_int(&q, "items", &p->items) || gpu_read_int(&q, "exact", &p->exact) ||
               gpu_read_int(&q, "nearest", &p->nearest) ||
               gpu_read_int(&q, "unmapped", &p->unmapped) ||
               gpu_read_int(&q, "int_skipped", &p->int_skipped) ||
               gpu_read_int(&q, "compose_same", &p->compose_same) ||
               gpu_read_int(&q, "compose_differs", &p->compose_differs) ||
               gpu_read_int(&q, "compose_refused", &p->compose_refused) ||
               gpu_read_int(&q, "compose_unmapped", &p->compose_unmapped) ||
               gpu_read_int(&q, "compose_zero_stride", &p->compose_zero_stride)))
    return -1;
  return *q == '\0' && gpu_path_counts_ok(p) ? 0 : -1;
}

/* Check that the path lines of s agree with its header (distinct paths,
** sums); NULL, or what disagrees. */
static inline const char *gpu_summary_disagrees(const gpu_summary *s) {
  int64_t offsets = 0, elements = 0, mismatches = 0, reported = 0;
  for (int k = 0; k < s->npaths; k++) {
    const gpu_path_summary *p = &s->path[k];
    for (int j = 0; j < k; j++)
      if (strcmp(s->path[j].name, p->name) == 0) return "a path is listed twice";
    if (p->layouts != s->layouts) return "a path's layouts differ from the header's";
    offsets += p->offsets;
    elements += p->elements;
    mismatches += p->mismatches;
    reported += p->reported;
  }
  if (s->version >= 2 && (offsets != s->offsets || elements != s->elements ||
                          mismatches != s->mismatches || reported != s->reported))
    return "the path lines do not add up to the header's counts";
  return NULL;
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
