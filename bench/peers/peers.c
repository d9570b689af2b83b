/*
** peers.c -- the oracle's side of `make bench-peers`: the oracle's C
** functions called in a C loop on the inputs of bench/peers/gen_inputs.py.
**
**   peers batch FILE    requests "OP ARG..." (the batch file), parsed once,
**                       then each op family timed on its own requests
**   peers flat FILE     lines "OP RA shapes strides RB shapes strides N"
**   peers growth FILE   the same line format; timed per op and rank
**   peers sizes FILE    lines "K OP ARG [ARG]" (a batch request after the
**                       base-2 logarithm K of its size); timed per op and K
**   peers model FILE    the flat lines through the oracle's unchecked model
**                       of CuTe (lo_cute_OP: CuTe's algorithm alone, no
**                       contract check) for the ops that have one
**   peers copy FILE     the flat lines, each timing a copy of its layout A
**                       (lo_layout_copy): what reading a layout and writing
**                       one costs in the oracle's representation, the whole
**                       of CuTe's runtime coalesce
**
** Prints one line per op (and rank): "OP RANK COUNT ERRORS NS_PER_OP",
** RANK 0 where not by rank.  NS_PER_OP is the best of three rounds, each
** running over the op's inputs until 0.2 s of CPU time have passed.  Asserts nothing
** about speed; bench/peers/run.py reads the lines and prints the tables.
*/
#define _POSIX_C_SOURCE 200809L
#include "lo.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* One input: the op, its layouts a (and b) and an integer argument n
** (the cotarget of complement; -1 when absent). */
enum {
  OP_SIZE,
  OP_COSIZE,
  OP_COALESCE,
  OP_FILTER,
  OP_COMPLEMENT,
  OP_COMPOSITION,
  OP_DIVIDE,
  OP_PRODUCT,
  OP_RIGHT_INVERSE,
  OP_LEFT_INVERSE,
  OP_COUNT
};
static const char *const op_names[OP_COUNT] = {
    "size",        "cosize",         "coalesce",        "filter",        "complement",
    "composition", "logical_divide", "logical_product", "right_inverse", "left_inverse"};

typedef struct peer_case {
  int code; /* OP_*, looked up once when the line is read */
  int rank;
  int has_b;
  lo_int n; /* beside code: a call reads one cache line of bookkeeping */
  lo_layout a, b;
  char op[32];
} peer_case;

/* Seconds of this thread's CPU time: on a shared machine the time this
** process runs, not the time others run on its core (cute_rt.cpp reads
** the same clock). */
static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* One operation of c through the model of CuTe (lo_cute_OP), or -1 for
** an op without one. */
static int run_model(const peer_case *c, lo_layout *r, lo_err *e) {
  lo_tuple n;
  switch (c->code) {
    case OP_COALESCE:
      return lo_cute_coalesce(&c->a, NULL, r, e);
    case OP_FILTER:
      return lo_cute_filter(&c->a, r, e);
    case OP_COMPLEMENT:
      if (c->n < 0) return lo_cute_complement(&c->a, NULL, r, e);
      lo_tuple_int(&n, c->n);
      return lo_cute_complement(&c->a, &n, r, e);
    case OP_COMPOSITION:
      return lo_cute_composition(&c->a, &c->b, r, e);
    case OP_DIVIDE:
      return lo_cute_logical_divide(&c->a, &c->b, r, e);
    case OP_PRODUCT:
      return lo_cute_logical_product(&c->a, &c->b, r, e);
    case OP_RIGHT_INVERSE:
      return lo_cute_right_inverse(&c->a, r, e);
    case OP_LEFT_INVERSE:
      return lo_cute_left_inverse(&c->a, r, e);
    default:
      return -1;
  }
}

/* What a timing runs: the plain op, the model of CuTe, or a copy of A. */
enum { RUN_PLAIN, RUN_MODEL, RUN_COPY };

/* One operation of c as `how` says; returns nonzero when the oracle
** reports an error.  The result is folded into *sink so that no call can
** be optimised away. */
static int run_one(const peer_case *c, int how, uint64_t *sink) {
  lo_layout r;
  lo_err e;
  lo_int v = 0;
  int rc;
  if (how == RUN_COPY) {
    lo_layout_copy(&r, &c->a);
    *sink += (uint64_t)(r.shape.len + r.stride[r.shape.len - 1]);
    return 0;
  }
  if (how == RUN_MODEL && c->code > OP_COSIZE) {
    rc = run_model(c, &r, &e);
    if (rc == LO_OK) v = r.shape.len + r.stride[r.shape.len - 1];
    *sink += (uint64_t)v;
    return rc;
  }
  switch (c->code) {
    case OP_SIZE:
      rc = lo_size(&c->a, &v, &e);
      break;
    case OP_COSIZE:
      rc = lo_cosize(&c->a, &v, &e);
      break;
    case OP_COALESCE:
      rc = lo_coalesce(&c->a, &r, &e);
      break;
    case OP_FILTER:
      rc = lo_filter(&c->a, &r, &e);
      break;
    case OP_COMPLEMENT:
      rc = lo_complement(&c->a, c->n, &r, &e);
      break;
    case OP_COMPOSITION:
      rc = lo_composition(&c->a, &c->b, &r, &e);
      break;
    case OP_DIVIDE:
      rc = lo_logical_divide(&c->a, &c->b, &r, &e);
      break;
    case OP_PRODUCT:
      rc = lo_logical_product(&c->a, &c->b, &r, &e);
      break;
    case OP_RIGHT_INVERSE:
      rc = lo_right_inverse(&c->a, &r, &e);
      break;
    case OP_LEFT_INVERSE:
      rc = lo_left_inverse(&c->a, &r, &e);
      break;
    default:
      return -1;
  }
  if (rc == LO_OK && c->code > OP_COSIZE) v = r.shape.len + r.stride[r.shape.len - 1];
  *sink += (uint64_t)v; /* unsigned: wraps, never overflows */
  return rc;
}

/* The OP_* code of name, or -1. */
static int op_code(const char *name) {
  for (int i = 0; i < OP_COUNT; i++)
    if (!strcmp(op_names[i], name)) return i;
  return -1;
}

/* Time the cases idx[0..n) of cs: best of three rounds of at least 0.2 s
** each, the clock read after passes of at least 4096 operations (a read
** costs a system call); returns ns per operation and counts the errors of
** one pass. */
static double time_cases(const peer_case *cs, const int *idx, int n, int how, int *errors) {
  uint64_t sink = 0;
  *errors = 0;
  for (int i = 0; i < n; i++) *errors += run_one(&cs[idx[i]], how, &sink) != 0;
  double best = 1e30;
  for (int round = 0; round < 3; round++) {
    long ops = 0;
    double t0 = now(), t;
    do {
      for (long k = 0; k < 4096; k += n, ops += n)
        for (int i = 0; i < n; i++) run_one(&cs[idx[i]], how, &sink);
    } while ((t = now() - t0) < 0.2);
    if (t / (double)ops < best) best = t / (double)ops;
  }
  if (sink == 42) fprintf(stderr, " "); /* keeps sink alive */
  return best * 1e9;
}

/* Parse a batch request "OP ARG ARG" (arguments without blanks) into c. */
static int parse_batch_line(char *line, peer_case *c, lo_err *e) {
  char *save = NULL, *op = strtok_r(line, " \t\n", &save);
  char *x = strtok_r(NULL, " \t\n", &save), *y = strtok_r(NULL, " \t\n", &save);
  if (!op || !x || strlen(op) >= sizeof c->op)
    return lo_fail(e, LO_ESYNTAX, "expected OP ARG [ARG]");
  snprintf(c->op, sizeof c->op, "%s", op);
  c->rank = 0;
  c->n = -1;
  c->has_b = 0;
  if (lo_parse_layout(x, &c->a, e)) return e->code;
  if (!y) return LO_OK;
  if (!strcmp(op, "complement")) return lo_parse_int(y, &c->n, e);
  c->has_b = 1;
  return lo_parse_layout(y, &c->b, e);
}

/* Parse a sized request "K OP ARG [ARG]" into c, K as its rank (the
** column the report groups by). */
static int parse_sized_line(char *line, peer_case *c, lo_err *e) {
  char *end;
  long k = strtol(line, &end, 10);
  if (end == line || k < 0 || k > 63) return lo_fail(e, LO_ESYNTAX, "expected K OP ARG [ARG]");
  if (parse_batch_line(end, c, e)) return e->code;
  c->rank = (int)k;
  return LO_OK;
}

/* Read count integers from the blank-separated text at *p. */
static int read_ints(char **p, lo_int *v, int count, lo_err *e) {
  for (int i = 0; i < count; i++) {
    char *end;
    long long x = strtoll(*p, &end, 10);
    if (end == *p) return lo_fail(e, LO_ESYNTAX, "expected %d integers", count);
    v[i] = (lo_int)x;
    *p = end;
  }
  return LO_OK;
}

/* Read "R shapes.. strides.." into l (flat); R = 0 leaves *present 0. */
static int read_flat_layout(char **p, lo_layout *l, int *present, lo_err *e) {
  lo_int r = 0, v[2 * LO_MAX_LEAVES];
  if (read_ints(p, &r, 1, e)) return e->code;
  if (r < 0 || r > LO_MAX_LEAVES) return lo_fail(e, LO_ELIMIT, "rank %lld", (long long)r);
  *present = r > 0;
  if (r == 0) return LO_OK;
  if (read_ints(p, v, 2 * (int)r, e)) return e->code;
  lo_layout_flat(l, v, v + r, (int)r);
  return LO_OK;
}

/* Parse a flat line "OP RA .. RB .. N" into c. */
static int parse_flat_line(char *line, peer_case *c, lo_err *e) {
  char *p = line;
  int n = 0, has_a;
  while (p[n] && p[n] != ' ') n++;
  if (n == 0 || n >= (int)sizeof c->op) return lo_fail(e, LO_ESYNTAX, "expected OP");
  memcpy(c->op, p, (size_t)n);
  c->op[n] = 0;
  p += n;
  if (read_flat_layout(&p, &c->a, &has_a, e) || read_flat_layout(&p, &c->b, &c->has_b, e) ||
      read_ints(&p, &c->n, 1, e))
    return e->code;
  c->rank = c->a.shape.len > c->b.shape.len || !c->has_b ? c->a.shape.len : c->b.shape.len;
  if (c->n == 0) c->n = -1;
  return has_a ? LO_OK : lo_fail(e, LO_ESYNTAX, "no layout");
}

/* Read every line of path into a new array (*out, caller frees). */
static int read_cases(const char *path, int flat, int sized, peer_case **out, int *count) {
  FILE *f = fopen(path, "r");
  if (!f) {
    fprintf(stderr, "peers: cannot open %s\n", path);
    return 1;
  }
  int cap = 1024, n = 0, lineno = 0;
  peer_case *cs = malloc((size_t)cap * sizeof *cs);
  char line[8192];
  while (cs && fgets(line, sizeof line, f)) {
    lo_err e;
    lineno++;
    if (line[0] == '\n' || line[0] == '#') continue;
    if (n == cap) {
      peer_case *grown = realloc(cs, (size_t)(cap *= 2) * sizeof *cs);
      if (!grown) break;
      cs = grown;
    }
    if ((sized  ? parse_sized_line
         : flat ? parse_flat_line
                : parse_batch_line)(line, &cs[n], &e) ||
        ((cs[n].code = op_code(cs[n].op)) < 0 &&
         lo_fail(&e, LO_EUNSUPPORTED, "unknown op %s", cs[n].op))) {
      fprintf(stderr, "peers: %s:%d: %s\n", path, lineno, e.msg);
      free(cs);
      fclose(f);
      return 1;
    }
    n++;
  }
  fclose(f);
  *out = cs;
  *count = n;
  return cs == NULL;
}

/* Time every (op, rank) group of cs, in order of first appearance, as
** `how` says (RUN_*). */
static void report(const peer_case *cs, int n, int by_rank, int how) {
  int *idx = malloc((size_t)n * sizeof *idx);
  char *done = calloc((size_t)n, 1);
  for (int i = 0; idx && done && i < n; i++) {
    if (done[i]) continue;
    int m = 0, errors;
    for (int j = i; j < n; j++)
      if (!done[j] && !strcmp(cs[j].op, cs[i].op) && (!by_rank || cs[j].rank == cs[i].rank)) {
        idx[m++] = j;
        done[j] = 1;
      }
    double ns = time_cases(cs, idx, m, how, &errors);
    printf("%s %d %d %d %.1f\n", cs[i].op, by_rank ? cs[i].rank : 0, m, errors, ns);
    fflush(stdout);
  }
  free(idx);
  free(done);
}

/* peers MODE FILE: read the cases and print the timing lines. */
int main(int argc, char **argv) {
  if (argc != 3 ||
      (strcmp(argv[1], "batch") && strcmp(argv[1], "flat") && strcmp(argv[1], "growth") &&
       strcmp(argv[1], "model") && strcmp(argv[1], "copy") && strcmp(argv[1], "sizes"))) {
    fprintf(stderr, "usage: peers batch|flat|growth|model|copy|sizes FILE\n");
    return 2;
  }
  int how = !strcmp(argv[1], "model") ? RUN_MODEL : !strcmp(argv[1], "copy") ? RUN_COPY : RUN_PLAIN;
  int sized = !strcmp(argv[1], "sizes");
  peer_case *cs;
  int n;
  if (read_cases(argv[2], strcmp(argv[1], "batch") != 0 && !sized, sized, &cs, &n)) return 1;
  report(cs, n, !strcmp(argv[1], "growth") || sized, how);
  free(cs);
  return 0;
}
