/*
** run_loop.c -- the one loop of a run over its subjects (see run_loop.h).
*/
#include "run_loop.h"

#include "run_setup.h"

#include <assert.h>
#include <stdio.h>

/* What the engine's callbacks get: the subjects and the sink. */
typedef struct loop_ctx {
  const run_subjects *s;
  run_sink *k;
} loop_ctx;

/* gen_config's seen: is a failure of p with signature sig stored for the
** sink's SUT (open, or triaged known)?  Then count the sighting on it. */
static int seen_before(const gen_property *p, const char *sig, const char *msg, void *ud) {
  loop_ctx *l = ud;
  (void)msg;
  return sightings_seen(&l->k->seen, l->k->d, p->name, l->k->sut, sig, &l->k->db_error);
}

/* The engine's on_failure: the subject's. */
static void on_failure(const gen_property *p, const gen_result *r, void *ud) {
  loop_ctx *l = ud;
  l->s->on_failure(p, r, l->s->ud);
}

/* Run the selected subjects; see run_loop.h. */
int run_loop(const gen_config *g0, const run_subjects *s, run_sink *k) {
  gen_config g = *g0;
  loop_ctx l = {s, k};
  char msg[512];
  int64_t n = 0, done = 0;
  assert(s->selected && s->begin && s->end && s->on_failure && s->not_run);
  assert(k->sut != NULL && k->seed != NULL);
  for (int i = 0; i < s->count; i++) n += s->selected(s->ud, i) != 0;
  g.run_progress.n = n;
  g.seen = seen_before;
  for (int i = 0; i < s->count; i++) {
    if (!s->selected(s->ud, i)) continue;
    g.run_progress.k = ++done;
    if ((g.time = run_share(g0, n - done + 1)) < 0) {
      s->not_run(s->ud, i);
      continue;
    }
    const gen_property *p = s->begin(s->ud, i, &g);
    gen_result r;
    int rc = gen_run(&g, p, &r, on_failure, &l, msg, sizeof msg);
    if (rc) fprintf(stderr, "%s\n", msg);
    if (sightings_flush(&k->seen, k->d, k->run_id, msg, sizeof msg)) {
      fprintf(stderr, "%s\n", msg);
      k->db_error = 1;
    }
    if (rc) return 2;
    s->end(s->ud, p, &r, &g);
    gen_result_clear(&r);
  }
  return 0;
}
