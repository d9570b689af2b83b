/*
** shrink.c -- shrink a failing case by simplifying its choice sequence.
**
** The order is shortlex: a shorter sequence is simpler, and of two of the
** same length the lexicographically smaller one.  Passes, repeated while
** any makes progress: delete blocks of draws, zero blocks, lower each draw
** (try 0, then bisect), and lower a draw while raising nothing.  A
** candidate is kept when the property still fails on it; what is kept is
** the prefix the generator actually used, so the result is always a
** stream the generator turns into a valid case.
*/
#include "engine_int.h"

#include <stdlib.h>
#include <string.h>

#define SHRINK_SECONDS 60.0 /* hard limit on one failure's shrinking */

typedef struct shrinker {
  gen_evaluator *e;
  uint64_t *best;
  size_t n;
  gen_outcome last; /* outcome of best */
  int64_t steps;
  double deadline;
} shrinker;

/* Shortlex: is (a, na) simpler than (b, nb)? */
static int simpler(const uint64_t *a, size_t na, const uint64_t *b, size_t nb) {
  if (na != nb) return na < nb;
  for (size_t i = 0; i < na; i++)
    if (a[i] != b[i]) return a[i] < b[i];
  return 0;
}

static int out_of_budget(shrinker *s) {
  return s->steps >= s->e->cfg->shrink_limit || gen_now() > s->deadline;
}

/* Evaluate candidate v; keep it (as the draws actually used) when it
** still fails and is simpler.  Returns 1 when kept. */
static int try_candidate(shrinker *s, const uint64_t *v, size_t n) {
  gen_outcome o;
  if (out_of_budget(s)) return 0;
  s->steps++;
  gen_evaluate(s->e, v, n, &o);
  if (o.verdict != GEN_FAIL) {
    gen_outcome_clear(&o);
    return 0;
  }
  const uint64_t *used = o.choices ? o.choices : v;
  size_t nu = o.choices ? o.nchoices : n;
  if (!simpler(used, nu, s->best, s->n)) {
    gen_outcome_clear(&o);
    return 0;
  }
  uint64_t *copy = malloc((nu ? nu : 1) * sizeof *copy);
  if (!copy) {
    gen_outcome_clear(&o);
    return 0;
  }
  memcpy(copy, used, nu * sizeof *copy);
  free(s->best);
  s->best = copy;
  s->n = nu;
  gen_outcome_clear(&s->last);
  s->last = o;
  return 1;
}

/* Pass: delete blocks of k draws (k = 8 down to 1), from the end
** backwards. */
static int pass_delete(shrinker *s, uint64_t *tmp) {
  int progress = 0;
  for (size_t k = 8; k >= 1; k--) {
    for (size_t i = s->n >= k ? s->n - k + 1 : 0; i-- > 0;) {
      if (i + k > s->n) continue;
      memcpy(tmp, s->best, i * sizeof *tmp);
      memcpy(tmp + i, s->best + i + k, (s->n - i - k) * sizeof *tmp);
      if (try_candidate(s, tmp, s->n - k)) progress = 1;
      if (out_of_budget(s)) return progress;
    }
  }
  return progress;
}

/* Pass: set blocks of k draws to zero. */
static int pass_zero(shrinker *s, uint64_t *tmp) {
  int progress = 0;
  for (size_t k = 8; k >= 1; k /= 2) {
    for (size_t i = 0; i + k <= s->n; i++) {
      int nonzero = 0;
      for (size_t j = i; j < i + k; j++) nonzero |= s->best[j] != 0;
      if (!nonzero) continue;
      memcpy(tmp, s->best, s->n * sizeof *tmp);
      memset(tmp + i, 0, k * sizeof *tmp);
      if (try_candidate(s, tmp, s->n)) progress = 1;
      if (out_of_budget(s)) return progress;
    }
  }
  return progress;
}

/* Pass: lower each draw as far as it goes (0, then bisection). */
static int pass_lower(shrinker *s, uint64_t *tmp) {
  int progress = 0;
  for (size_t i = 0; i < s->n; i++) {
    if (s->best[i] == 0) continue;
    memcpy(tmp, s->best, s->n * sizeof *tmp);
    tmp[i] = 0;
    if (try_candidate(s, tmp, s->n)) {
      progress = 1;
      continue;
    }
    uint64_t lo = 0, hi = s->best[i]; /* lo passes (or is invalid), hi fails */
    while (i < s->n && hi - lo > 1 && !out_of_budget(s)) {
      uint64_t mid = lo + (hi - lo) / 2;
      memcpy(tmp, s->best, s->n * sizeof *tmp);
      tmp[i] = mid;
      size_t before = s->n;
      if (try_candidate(s, tmp, s->n)) {
        progress = 1;
        if (s->n != before || i >= s->n) break; /* the shape changed: next draw */
        hi = s->best[i];
      } else {
        lo = mid;
      }
    }
    if (out_of_budget(s)) return progress;
  }
  return progress;
}

/* Pass: move one unit from draw i to draw i+1 (lowers an earlier draw
** that a later one can compensate). */
static int pass_redistribute(shrinker *s, uint64_t *tmp) {
  int progress = 0;
  for (size_t i = 0; i + 1 < s->n; i++) {
    if (s->best[i] == 0) continue;
    memcpy(tmp, s->best, s->n * sizeof *tmp);
    tmp[i]--;
    tmp[i + 1]++;
    if (try_candidate(s, tmp, s->n)) progress = 1;
    if (out_of_budget(s)) return progress;
  }
  return progress;
}

/* Pass: raise draw i by one and delete a block after it (k = 1..8): the
** move that turns "two elements" into "one larger element", or an element
** hit into one skipped, when that makes the stream shorter. */
static int pass_raise_delete(shrinker *s, uint64_t *tmp) {
  int progress = 0;
  for (size_t i = 0; i < s->n; i++) {
    for (size_t k = 1; k <= 8; k++) {
      for (size_t j = i + 1; j + k <= s->n; j++) {
        memcpy(tmp, s->best, j * sizeof *tmp);
        memcpy(tmp + j, s->best + j + k, (s->n - j - k) * sizeof *tmp);
        tmp[i]++;
        if (try_candidate(s, tmp, s->n - k)) {
          progress = 1;
          break;
        }
        if (out_of_budget(s)) return progress;
      }
      if (i >= s->n) return progress;
    }
  }
  return progress;
}

int64_t gen_shrink(gen_evaluator *e, uint64_t **v, size_t *n, gen_outcome *last) {
  shrinker s = {e, *v, *n, *last, 0, gen_now() + SHRINK_SECONDS};
  memset(last, 0, sizeof *last);
  for (;;) {
    uint64_t *tmp = malloc((s.n ? s.n : 1) * sizeof *tmp);
    if (!tmp) break;
    int progress = pass_delete(&s, tmp);
    free(tmp);
    tmp = malloc((s.n ? s.n : 1) * sizeof *tmp);
    if (!tmp) break;
    progress |= pass_zero(&s, tmp);
    progress |= pass_lower(&s, tmp);
    if (!progress) progress |= pass_redistribute(&s, tmp);
    if (!progress) progress |= pass_raise_delete(&s, tmp);
    free(tmp);
    if (!progress || out_of_budget(&s)) break;
  }
  *v = s.best;
  *n = s.n;
  *last = s.last;
  return s.steps;
}
