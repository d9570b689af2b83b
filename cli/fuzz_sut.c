/*
** fuzz_sut.c -- `fuzz --sut COMMAND` and `replay --sut COMMAND`: run the
** differential properties of the selected ops against a system under
** test, shrink every disagreement (asking the SUT again at each step) and
** store it with the SUT's command; the stored input is the request line.
*/
#include "fuzz_sut.h"

#include "diff.h"
#include "lo.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Find op in the comma-separated list "OP[=MODE],..." (an empty list
** selects every op, with its default comparison): 1 when selected, with
** *mode set; 0 when not selected. */
static int selected(const char *list, const diff_op *op, diff_mode *mode) {
  size_t n = strlen(op->op);
  *mode = op->mode;
  if (!list || !*list) return 1;
  for (const char *p = list; *p;) {
    const char *end = strchr(p, ',');
    size_t len = end ? (size_t)(end - p) : strlen(p);
    if (len >= n && strncmp(p, op->op, n) == 0 && (len == n || p[n] == '=')) {
      if (len > n) {
        char m[32];
        snprintf(m, sizeof m, "%.*s", (int)(len - n - 1), p + n + 1);
        diff_mode_parse(m, mode); /* checked by check_ops */
      }
      return 1;
    }
    if (!end) break;
    p = end + 1;
  }
  return 0;
}

/* Every item of the list must name an op differential fuzzing knows, and
** a comparison if it gives one. */
static int check_ops(const char *list) {
  char buf[1024];
  snprintf(buf, sizeof buf, "%s", list ? list : "");
  for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
    char *eq = strchr(tok, '=');
    diff_mode m;
    if (eq) *eq++ = 0;
    if (eq && diff_mode_parse(eq, &m)) {
      fprintf(stderr, "--ops: comparison '%s' for %s: expected exact, function or coalesced\n", eq,
              tok);
      return -1;
    }
    if (!diff_op_find(tok)) {
      fprintf(stderr, "--ops: no generator for op '%s'; known:", tok);
      for (int i = 0; i < diff_op_count(); i++) fprintf(stderr, " %s", diff_op_at(i)->op);
      fprintf(stderr, "\n");
      return -1;
    }
  }
  return 0;
}

typedef struct sut_state {
  db *d;
  int64_t run_id;
  const char *command, *seed;
  int failures, db_error;
} sut_state;

/* Store a shrunk disagreement at once and print it. */
static void on_disagreement(const gen_property *p, const gen_result *r, void *ud) {
  sut_state *s = ud;
  char input[4 * GEN_ARG_LEN + 64], original[4 * GEN_ARG_LEN + 64], msg[512];
  int64_t id = 0;
  int is_new = 0;
  gen_case_to_line(p, &r->shrunk, input, sizeof input);
  gen_case_to_line(p, &r->original, original, sizeof original);
  if (db_record_cex(s->d, s->run_id, p->name, "theorem", s->command, input, original, r->choices,
                    r->message, s->seed, &id, &is_new, msg, sizeof msg)) {
    fprintf(stderr, "%s\n", msg);
    s->db_error = 1;
  }
  s->failures++;
  printf("DISAGREE %s (#%lld, %s)\n  %s\n  %s\n", p->name, (long long)id,
         is_new ? "new" : "seen before", input, r->message);
  fflush(stdout);
}

int sut_fuzz(const config *c, const gen_config *g0, db *d, int64_t run_id, const char *seed,
             int *failures) {
  gen_config g = *g0;
  g.isolate = 0; /* the SUT is the separate process; the oracle runs here */
  if (check_ops(c->sut_ops)) return 2;
  sut *s = sut_new(c->sut, c->sut_timeout);
  if (!s) return fprintf(stderr, "out of memory\n"), 2;
  sut_state st = {d, run_id, c->sut, seed, 0, 0};
  char msg[512];
  printf("%-24s %-9s %7s %7s %7s %6s %7s\n", "op", "compare", "cases", "agreed", "discard",
         "differ", "seconds");
  for (int i = 0; i < diff_op_count(); i++) {
    const diff_op *op = diff_op_at(i);
    diff_mode mode;
    if (!selected(c->sut_ops, op, &mode)) continue;
    diff_target t = {op, mode, s, 0};
    gen_property p;
    char name[64];
    gen_result r;
    diff_property(&t, &p, name, sizeof name);
    if (gen_run(&g, &p, &r, on_disagreement, &st, msg, sizeof msg)) {
      fprintf(stderr, "%s\n", msg);
      sut_free(s);
      return 2;
    }
    if (t.unsupported)
      printf("%-24s %-9s skipped: the system under test answers \"unsupported op\"\n", op->op,
             diff_mode_name(t.mode));
    else
      printf("%-24s %-9s %7lld %7lld %7lld %6lld %7.2f\n", op->op, diff_mode_name(t.mode),
             (long long)r.cases, (long long)r.passed, (long long)r.discarded, (long long)r.failed,
             r.seconds);
    fflush(stdout);
    db_run_property(d, run_id, p.name, "theorem", r.cases, r.passed, r.discarded, r.failed,
                    r.seconds, NULL, msg, sizeof msg);
    gen_result_clear(&r);
  }
  printf("%ld requests to the system under test, %ld restarts\n", s->requests, s->restarts);
  sut_free(s);
  *failures = st.failures;
  return st.db_error ? 2 : 0;
}

typedef struct replay_sut {
  const config *c;
  db *d;
  sut *s;
  const gen_config *g;
  int still, fixed, error;
} replay_sut;

/* Ask the SUT one stored request again. */
static int replay_request(const db_cex *c, void *ud) {
  replay_sut *r = ud;
  char op[64], msg[512], err[512];
  gen_case k;
  const diff_op *dop;
  if (gen_case_from_line(c->input, &k, op, sizeof op) || !(dop = diff_op_find(op))) {
    printf("  #%lld %s: stored input does not parse; left as it is\n", (long long)c->id, c->input);
    return 0;
  }
  diff_mode mode;
  if (!selected(r->c->sut_ops, dop, &mode)) mode = dop->mode;
  diff_target t = {dop, mode, r->s, 0};
  gen_property p;
  char name[64];
  diff_property(&t, &p, name, sizeof name);
  gen_config g = *r->g;
  g.isolate = 0;
  gen_verdict v = gen_check_once(&g, &p, &k, msg, sizeof msg);
  if (v == GEN_FAIL) {
    r->still++;
    printf("  #%lld STILL DISAGREES: %s\n    %s\n", (long long)c->id, c->input, msg);
    if (db_cex_seen(r->d, c->id, 0, msg, err, sizeof err)) r->error = 1;
  } else if (v == GEN_PASS) {
    r->fixed++;
    printf("  #%lld fixed: %s\n", (long long)c->id, c->input);
    if (db_cex_fixed(r->d, c->id, err, sizeof err)) r->error = 1;
  }
  return 0;
}

int sut_replay(const config *c, const gen_config *g, db *d, int *still, int *fixed) {
  char msg[512];
  sut *s = sut_new(c->sut, c->sut_timeout);
  if (!s) return 2;
  replay_sut r = {c, d, s, g, 0, 0, 0};
  int rc = db_each_cex(d, "sut.*", c->sut, "open", replay_request, &r, msg, sizeof msg);
  sut_free(s);
  if (rc < 0) fprintf(stderr, "%s\n", msg);
  *still = r.still;
  *fixed = r.fixed;
  return rc < 0 || r.error ? 2 : 0;
}
