/*
** evaluator.c -- evaluate replayed streams for the shrinker: in the
** forked worker when isolating (worker.c), else in this process (eval.c).
*/
#include "engine_int.h"

#include <stdlib.h>
#include <string.h>

/* Evaluate one stream, in the worker when isolated (see engine_int.h). */
void gen_evaluate(gen_evaluator *e, const uint64_t *v, size_t n, gen_outcome *o) {
  if (e->w) {
    gen_worker_replay(e->w, e->cfg, e->p, e->g, v, n, o);
    return;
  }
  gen_choices c;
  gen_case k;
  if (gen_choices_replay(&c, v, n)) {
    memset(o, 0, sizeof *o);
    o->verdict = GEN_DISCARD;
    return;
  }
  gen_eval(e->cfg, e->p, e->g, &c, &k, o);
  gen_choices_free(&c);
}

/* Evaluate several streams for the shrinker (see engine_int.h). */
int gen_evaluate_many(gen_evaluator *e, uint64_t *const *v, const size_t *n, int m, gen_outcome *o,
                      int stop_at_fail) {
  gen_choices *c = NULL;
  int ready = 0;
  if (!e->w && m > 1 && gen_batch_width(e->cfg) > 1 && (c = calloc((size_t)m, sizeof *c)))
    while (ready < m && gen_choices_replay(&c[ready], v[ready], n[ready]) == 0) ready++;
  if (ready < m) { /* one by one: isolated, a single case, or out of memory */
    for (int i = 0; i < ready; i++) gen_choices_free(&c[i]);
    free(c);
    for (int i = 0; i < m; i++) {
      gen_evaluate(e, v[i], n[i], &o[i]);
      if (stop_at_fail && o[i].verdict == GEN_FAIL) return i + 1;
    }
    return m;
  }
  int done = gen_eval_many(e->cfg, e->p, e->g, c, m, o, stop_at_fail);
  for (int i = 0; i < m; i++) gen_choices_free(&c[i]);
  free(c);
  return done;
}
