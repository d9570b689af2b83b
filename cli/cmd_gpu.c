/*
** cmd_gpu.c -- `layoutcheck gpu`: the GPU stage of the nightly run.
**
** Runs bin/layoutcheck-gpu (the standalone CUDA program of gpu/, found next
** to this program's executable) with the options, reads its result file
** (format in gpu/gpu_results.h: version 2, with a line per path and the
** device's copy bandwidth, or version 1; another version is refused),
** prints the counts of the run and of each path, and stores a row in
** gpu_runs (the run's totals: elements and mismatches of both paths, GB/s
** of all kernels) and every reported mismatch in gpu_mismatches of
** results.db (the CuTe path's checks are named cute_*).
** Exit 0 when every result agrees with the oracle, 1 on a mismatch, 2 on a
** usage, configuration, program or database error.  Without a CUDA device
** (or without the program, which `make gpu` builds only where nvcc is) it
** prints "skipped: no CUDA device", stores a skipped run and exits 0, or 2
** when the configuration requires a GPU (gpu.required).
*/
#include "cli.h"
#include "cli_help.h"
#include "cli_opts.h"
#include "config.h"
#include "store.h"

#include "gpu_results.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>


/* The options of one invocation (NULL: not given). */
typedef struct gpu_opts {
  const char *layouts, *seed, *device, *min_elements, *config, *db, *program;
} gpu_opts;

/* Parse argv into *o; 0, CLI_HELP after the usage on stdout, or 2 with a
** message on stderr. */
static int parse_gpu_args(int argc, char **argv, gpu_opts *o) {
  memset(o, 0, sizeof *o);
  const cli_opt opts[] = {
      CLI_VALUE("layouts", &o->layouts), CLI_VALUE("seed", &o->seed),
      CLI_VALUE("device", &o->device),   CLI_VALUE("min-elements", &o->min_elements),
      CLI_VALUE("config", &o->config),   CLI_VALUE("db", &o->db),
      CLI_VALUE("program", &o->program),
  };
  int npos;
  return cli_parse(argc, argv, opts, (int)(sizeof opts / sizeof opts[0]), cli_help_usage("gpu"), NULL, 0,
                   &npos);
}

/* Check that s is a whole decimal number (at most 19 digits) for option
** name; 0, or 2 with a message. */
static int check_number(const char *name, const char *s) {
  size_t n = strspn(s, "0123456789");
  if (n == 0 || s[n] != '\0' || n > 19) {
    fprintf(stderr, "gpu: %s: expected a non-negative integer, found '%s'\n", name, s);
    return 2;
  }
  return 0;
}

/* The path of the GPU program: the one given, else layoutcheck-gpu in the
** directory of this executable (/proc/self/exe), into buf.  0, or -1 when
** it cannot be found out. */
static int program_path(const char *given, char *buf, size_t cap) {
  if (given) return snprintf(buf, cap, "%s", given) < (int)cap ? 0 : -1;
  char self[4096];
  ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  if (n <= 0) return -1;
  self[n] = '\0';
  char *slash = strrchr(self, '/');
  if (!slash) return -1;
  *slash = '\0';
  return snprintf(buf, cap, "%s/layoutcheck-gpu", self) < (int)cap ? 0 : -1;
}

/* Run argv[0] with argv, its stdout discarded (the counts come from the
** result file), its stderr shown; the exit status, or -1 (with a message)
** when it could not run or was killed. */
static int run_program(char *const argv[]) {
  fflush(stdout);
  fflush(stderr);
  pid_t pid = fork();
  if (pid < 0) {
    fprintf(stderr, "gpu: fork: %s\n", strerror(errno));
    return -1;
  }
  if (pid == 0) {
    if (!freopen("/dev/null", "w", stdout)) _exit(127);
    execv(argv[0], argv);
    fprintf(stderr, "gpu: cannot run %s: %s\n", argv[0], strerror(errno));
    _exit(127);
  }
  int status;
  while (waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) {
      fprintf(stderr, "gpu: waitpid: %s\n", strerror(errno));
      return -1;
    }
  if (WIFSIGNALED(status)) {
    fprintf(stderr, "gpu: %s was killed by signal %d\n", argv[0], WTERMSIG(status));
    return -1;
  }
  return WEXITSTATUS(status);
}

/* A result file read into memory: its header and its mismatch lines. */
typedef struct gpu_file {
  gpu_summary s;
  char **line; /* mismatch lines, parsed in place into m */
  gpu_mismatch *m;
  int64_t n;
} gpu_file;

/* Free what read_results allocated. */
static void gpu_file_free(gpu_file *f) {
  for (int64_t i = 0; i < f->n; i++) free(f->line[i]);
  free(f->line);
  free(f->m);
  memset(f, 0, sizeof *f);
}

/* Parse line number lineno of a result file into f: the header, a path
** line, or a mismatch line (kept); 0, or -1 with a message. */
static int read_line(const char *path, int64_t lineno, const char *line, gpu_file *f,
                     int64_t *cap_m) {
  if (lineno == 1) {
    int rc = gpu_parse_header(line, &f->s);
    if (rc == GPU_RESULTS_EVERSION)
      fprintf(stderr, "gpu: %s:1: result format version %d is not supported (this program reads "
                      "versions 1 and %d)\n",
              path, f->s.version, GPU_RESULTS_VERSION);
    else if (rc)
      fprintf(stderr, "gpu: %s:1: not a layoutcheck-gpu result header\n", path);
    return rc ? -1 : 0;
  }
  if (lineno - 2 < f->s.npaths) {
    if (gpu_parse_path(line, &f->s.path[lineno - 2]) == 0) return 0;
    fprintf(stderr, "gpu: %s:%" PRId64 ": malformed path line\n", path, lineno);
    return -1;
  }
  if (f->n == *cap_m) {
    int64_t grown = *cap_m ? 2 * *cap_m : 64;
    char **l = realloc(f->line, (size_t)grown * sizeof *l);
    if (l) f->line = l;
    gpu_mismatch *m = realloc(f->m, (size_t)grown * sizeof *m);
    if (m) f->m = m;
    if (!l || !m) return fprintf(stderr, "gpu: %s: out of memory\n", path), -1;
    *cap_m = grown;
  }
  f->line[f->n] = strdup(line);
  if (!f->line[f->n]) return fprintf(stderr, "gpu: %s: out of memory\n", path), -1;
  f->n++;
  if (gpu_parse_mismatch(f->line[f->n - 1], &f->m[f->n - 1])) {
    fprintf(stderr, "gpu: %s:%" PRId64 ": malformed mismatch line\n", path, lineno);
    return -1;
  }
  return 0;
}

/* Check a file read whole: lines present, path lines and mismatch lines
** as the header says; 0, or -1 with a message. */
static int check_results(const char *path, const gpu_file *f, int64_t lineno) {
  const char *why;
  if (lineno == 0) return fprintf(stderr, "gpu: %s: empty result file\n", path), -1;
  if (lineno - 1 < f->s.npaths) {
    fprintf(stderr, "gpu: %s: %" PRId64 " path lines, the header says %d\n", path, lineno - 1,
            f->s.npaths);
    return -1;
  }
  if ((why = gpu_summary_disagrees(&f->s)) != NULL) {
    fprintf(stderr, "gpu: %s: %s\n", path, why);
    return -1;
  }
  if (f->n != f->s.reported) {
    fprintf(stderr, "gpu: %s: %" PRId64 " mismatch lines, the header says %" PRId64 "\n", path,
            f->n, f->s.reported);
    return -1;
  }
  return 0;
}

/* Read the result file at path into *f; 0, or -1 with a message naming
** the file and the line. */
static int read_results(const char *path, gpu_file *f) {
  memset(f, 0, sizeof *f);
  FILE *in = fopen(path, "r");
  if (!in) {
    fprintf(stderr, "gpu: %s: cannot open: %s\n", path, strerror(errno));
    return -1;
  }
  char *line = NULL;
  size_t cap = 0;
  int64_t lineno = 0, cap_m = 0;
  int rc = 0;
  while (rc == 0 && getline(&line, &cap, in) >= 0)
    rc = read_line(path, ++lineno, line, f, &cap_m);
  free(line);
  if (rc == 0 && ferror(in)) {
    fprintf(stderr, "gpu: %s: read error\n", path);
    rc = -1;
  }
  fclose(in);
  if (rc == 0) rc = check_results(path, f, lineno);
  if (rc) gpu_file_free(f);
  return rc;
}

/* Store the run of *f (and its mismatches) in the database at path;
** 0, or -1 with a message. */
static int store_run(const char *path, const gpu_file *f) {
  char msg[1024];
  db *d;
  int64_t run_id;
  if (db_open(path, &d, msg, sizeof msg)) {
    fprintf(stderr, "%s\n", msg);
    return -1;
  }
  int rc = db_record_gpu_run(d, f->s.skipped ? NULL : f->s.device, f->s.layouts, f->s.elements,
                             f->s.mismatches, f->s.gbps, f->s.seconds, f->s.skipped, &run_id, msg,
                             sizeof msg);
  for (int64_t i = 0; rc == 0 && i < f->n; i++)
    rc = db_record_gpu_mismatch(d, run_id, f->m[i].layout, f->m[i].check, f->m[i].index,
                                f->m[i].expected, f->m[i].got, msg, sizeof msg);
  if (rc) fprintf(stderr, "%s\n", msg);
  db_close(d);
  if (rc == 0 && !f->s.skipped) printf("stored: gpu run %" PRId64 " in %s\n", run_id, path);
  return rc ? -1 : 0;
}

/* Print the figures of one path, its GB/s also as a fraction of the copy
** bandwidth copy_gbps. */
static void print_path(const gpu_path_summary *p, double copy_gbps) {
  printf("path %s: offsets %" PRId64 ", elements dereferenced %" PRId64 ", mismatches %" PRId64
         ", GB/s %.1f (%.3f of copy)\n",
         p->name, p->offsets, p->elements, p->mismatches, p->gbps,
         copy_gbps > 0 ? p->gbps / copy_gbps : 0.0);
  if (strcmp(p->name, "cute") == 0)
    printf("  profiles: %" PRId64 " exact, %" PRId64 " nearest, %" PRId64 " skipped; items %" PRId64
           ", int strides skipped %" PRId64 "; compositions: %" PRId64 " dereferenced, skipped %" PRId64
           " differing, %" PRId64 " refused, %" PRId64 " without profile, %" PRId64 " stride 0\n",
           p->exact, p->nearest, p->unmapped, p->items, p->int_skipped, p->compose_same,
           p->compose_differs, p->compose_refused, p->compose_unmapped, p->compose_zero_stride);
}

/* Print the counts of a run that was not skipped, and its first
** mismatches. */
static void print_counts(const gpu_file *f) {
  const gpu_summary *s = &f->s;
  printf("device: %s\n", s->device);
  printf("seed: %" PRIu64 "\n", s->seed);
  printf("layouts: %" PRId64 "\n", s->layouts);
  if (s->npaths == 0)
    printf("offsets: %" PRId64 " (each in 64-bit and 32-bit arithmetic, %" PRId64 " pass%s)\n",
           s->offsets, s->passes, s->passes == 1 ? "" : "es");
  else
    printf("offsets: %" PRId64 " (%d path%s, %" PRId64 " pass%s)\n", s->offsets, s->npaths,
           s->npaths == 1 ? "" : "s", s->passes, s->passes == 1 ? "" : "es");
  printf("elements dereferenced: %" PRId64 "\n", s->elements);
  printf("32-bit truncations caught: %" PRId64 "\n", s->truncated);
  printf("mismatches: %" PRId64 "\n", s->mismatches);
  printf("GB/s: %.1f\n", s->gbps);
  if (s->copy_gbps >= 0) printf("copy GB/s: %.1f (measured in the same run)\n", s->copy_gbps);
  for (int k = 0; k < s->npaths; k++) print_path(&s->path[k], s->copy_gbps);
  printf("seconds: %.1f\n", s->seconds);
  for (int64_t i = 0; i < f->n && i < 10; i++)
    printf("MISMATCH %s at %" PRId64 ": expected %" PRId64 ", got %" PRId64 "\n  %s\n",
           f->m[i].check, f->m[i].index, f->m[i].expected, f->m[i].got, f->m[i].layout);
  if (s->mismatches > f->n)
    printf("(%" PRId64 " mismatches reported and stored of %" PRId64 ")\n", f->n, s->mismatches);
}

/* The skip: the line, a stored skipped run, and the exit status. */
static int skip(const char *db_path, int required, uint64_t seed) {
  gpu_file f;
  memset(&f, 0, sizeof f);
  f.s.skipped = 1;
  f.s.seed = seed;
  printf("skipped: no CUDA device\n");
  if (store_run(db_path, &f)) return 2;
  if (required) fprintf(stderr, "gpu: gpu.required is true in the configuration\n");
  return required ? 2 : 0;
}

/* Create an empty result file for the GPU program under $TMPDIR (else
** /tmp), its name in path[0..cap): 0, or 2 with a message. */
static int result_file(char *out_path, size_t cap) {
  const char *tmpdir = getenv("TMPDIR");
  if (snprintf(out_path, cap, "%s/layoutcheck-gpu-XXXXXX", tmpdir && *tmpdir ? tmpdir : "/tmp") >=
      (int)cap) {
    fprintf(stderr, "gpu: TMPDIR is too long\n");
    return 2;
  }
  int fd = mkstemp(out_path);
  if (fd < 0) {
    fprintf(stderr, "gpu: cannot create a result file %s: %s\n", out_path, strerror(errno));
    return 2;
  }
  close(fd);
  return 0;
}

/* The GPU program ended with status (negative: it could not be run):
** read its result file at out_path (removed here), check it against the
** status, print and store the run in db_path.  The exit status of `gpu`. */
static int finish_run(const char *program, int status, const char *out_path, const char *db_path,
                      const config *c, uint64_t seed) {
  gpu_file f;
  int rc = 2;
  if (status < 0) {
    unlink(out_path);
    return 2;
  }
  struct stat sb;
  if (status > 1 && stat(out_path, &sb) == 0 && sb.st_size == 0) {
    fprintf(stderr, "gpu: %s failed (exit status %d)\n", program, status);
    unlink(out_path);
    return 2;
  }
  if (read_results(out_path, &f)) {
    fprintf(stderr, "gpu: %s exited with status %d without a complete result file\n", program,
            status);
    unlink(out_path);
    return 2;
  }
  unlink(out_path);
  if (f.s.skipped) {
    rc = skip(db_path, c->require_gpu, seed);
  } else if (status != 0 && status != 1) {
    fprintf(stderr, "gpu: %s exited with status %d\n", program, status);
  } else if ((status == 1) != (f.s.mismatches > 0)) {
    fprintf(stderr, "gpu: %s exited with status %d but counted %" PRId64 " mismatches\n", program,
            status, f.s.mismatches);
  } else {
    print_counts(&f);
    rc = store_run(db_path, &f) ? 2 : f.s.mismatches ? 1 : 0;
  }
  gpu_file_free(&f);
  return rc;
}

/* layoutcheck gpu [--layouts N] [--seed N] [--device K] ...: see above. */
int cmd_gpu(int argc, char **argv) {
  gpu_opts o;
  config c;
  char msg[1024], program[4096];
  int prc = parse_gpu_args(argc, argv, &o);
  if (prc) return prc == CLI_HELP ? 0 : prc;
  config_defaults(&c);
  const char *config_path = o.config                           ? o.config
                            : access("CONFIG.yaml", F_OK) == 0 ? "CONFIG.yaml"
                                                               : NULL;
  if (config_path && config_load(config_path, &c, msg, sizeof msg)) {
    fprintf(stderr, "%s\n", msg);
    return 2;
  }
  if ((o.layouts && check_number("--layouts", o.layouts)) ||
      (o.seed && check_number("--seed", o.seed)) ||
      (o.device && check_number("--device", o.device)) ||
      (o.min_elements && check_number("--min-elements", o.min_elements)))
    return 2;
  const char *db_path = o.db ? o.db : c.db;
  uint64_t seed = c.has_seed ? c.seed : (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
  if (o.seed) seed = strtoull(o.seed, NULL, 10);
  char layouts[32], seed_text[32];
  snprintf(layouts, sizeof layouts, "%" PRId64, c.gpu_layouts);
  snprintf(seed_text, sizeof seed_text, "%" PRIu64, seed);

  if (program_path(o.program, program, sizeof program) || access(program, X_OK) != 0) {
    fprintf(stderr, "gpu: %s: no GPU program (`make gpu` builds it where nvcc is)\n",
            o.program ? o.program : "layoutcheck-gpu");
    return skip(db_path, c.require_gpu, seed);
  }

  char out_path[4096];
  if (result_file(out_path, sizeof out_path)) return 2;

  char *args[20];
  int n = 0;
  args[n++] = program;
  args[n++] = "--layouts";
  args[n++] = o.layouts ? (char *)o.layouts : layouts;
  args[n++] = "--seed";
  args[n++] = seed_text;
  args[n++] = "--out";
  args[n++] = out_path;
  args[n++] = "--quiet";
  if (o.device) {
    args[n++] = "--device";
    args[n++] = (char *)o.device;
  }
  if (o.min_elements) {
    args[n++] = "--min-elements";
    args[n++] = (char *)o.min_elements;
  }
  if (c.require_gpu) args[n++] = "--require-gpu";
  args[n] = NULL;

  return finish_run(program, run_program(args), out_path, db_path, &c, seed);
}
