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
**
** Each pass is an iterator: pass_next makes the next candidate from the
** best stream so far, pass_result tells it whether that candidate was
** kept.  Candidates are evaluated in batches (gen_batch_width of them, 1
** unless the property checks cases together): the iterator runs ahead
** assuming every candidate is rejected, the batch is evaluated, and the
** first candidate kept, in the order the pass made them, is taken; the
** pass resumes right after it and the rest of the batch is dropped.  The
** candidates tried, the steps counted and the result are therefore those
** of trying the candidates one at a time.
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
  int64_t steps;    /* candidates tried, as one at a time would have */
  double deadline;
  int width;        /* candidates per batch */
  uint64_t **cand;  /* width buffers of the original length */
  size_t *len;      /* their lengths */
  gen_outcome *out; /* their outcomes */
} shrinker;

typedef enum { P_DELETE, P_ZERO, P_LOWER, P_REDISTRIBUTE, P_RAISE_DELETE } pass_kind;

/* Where a pass is: the loop variables of its nested loops. */
typedef struct pass_it {
  pass_kind kind;
  size_t i, j, k;
  int started;          /* P_DELETE: i has been set for this k */
  int bisect;           /* P_LOWER: bisecting draw i (else trying 0) */
  uint64_t lo, hi, mid; /* P_LOWER: lo passes (or is invalid), hi fails */
  size_t before;        /* P_LOWER: the length of best when mid was tried */
} pass_it;

/* Shortlex: is (a, na) simpler than (b, nb)? */
static int simpler(const uint64_t *a, size_t na, const uint64_t *b, size_t nb) {
  if (na != nb) return na < nb;
  for (size_t i = 0; i < na; i++)
    if (a[i] != b[i]) return a[i] < b[i];
  return 0;
}

/* Has the shrinker spent its evaluations? */
static int out_of_budget(shrinker *s) {
  return s->steps >= s->e->cfg->shrink_limit || gen_now() > s->deadline;
}

/* A pass of the given kind at its start (blocks of 8 draws for deletion
** and zeroing, 1 otherwise). */
static pass_it pass_start(pass_kind kind) {
  pass_it it;
  memset(&it, 0, sizeof it);
  it.kind = kind;
  it.k = kind == P_DELETE || kind == P_ZERO ? 8 : 1;
  it.j = 1;
  return it;
}

/* P_DELETE: blocks of k draws (k = 8 down to 1), from the end backwards. */
static int next_delete(pass_it *it, const shrinker *s, uint64_t *tmp, size_t *len) {
  for (;;) {
    if (it->k == 0) return 0;
    if (!it->started) {
      it->i = s->n >= it->k ? s->n - it->k + 1 : 0;
      it->started = 1;
    }
    if (it->i == 0) {
      it->k--;
      it->started = 0;
      continue;
    }
    it->i--;
    if (it->i + it->k > s->n) continue;
    memcpy(tmp, s->best, it->i * sizeof *tmp);
    memcpy(tmp + it->i, s->best + it->i + it->k, (s->n - it->i - it->k) * sizeof *tmp);
    *len = s->n - it->k;
    return 1;
  }
}

/* P_ZERO: set blocks of k draws (k = 8, 4, 2, 1) to zero. */
static int next_zero(pass_it *it, const shrinker *s, uint64_t *tmp, size_t *len) {
  for (; it->k >= 1; it->k /= 2, it->i = 0) {
    while (it->i + it->k <= s->n) {
      size_t i = it->i++;
      int nonzero = 0;
      for (size_t j = i; j < i + it->k; j++) nonzero |= s->best[j] != 0;
      if (!nonzero) continue;
      memcpy(tmp, s->best, s->n * sizeof *tmp);
      memset(tmp + i, 0, it->k * sizeof *tmp);
      *len = s->n;
      return 1;
    }
  }
  return 0;
}

/* P_LOWER: lower each draw as far as it goes (0, then bisection). */
static int next_lower(pass_it *it, const shrinker *s, uint64_t *tmp, size_t *len) {
  for (;;) {
    if (!it->bisect) {
      while (it->i < s->n && s->best[it->i] == 0) it->i++;
      if (it->i >= s->n) return 0;
      memcpy(tmp, s->best, s->n * sizeof *tmp);
      tmp[it->i] = 0;
      *len = s->n;
      return 1;
    }
    if (it->i < s->n && it->hi - it->lo > 1) {
      it->mid = it->lo + (it->hi - it->lo) / 2;
      it->before = s->n;
      memcpy(tmp, s->best, s->n * sizeof *tmp);
      tmp[it->i] = it->mid;
      *len = s->n;
      return 1;
    }
    it->bisect = 0;
    it->i++;
  }
}

/* Advance a lowering pass after an attempt that was kept or not: on to
** the next draw, or bisect the draw's value once lowering it to 0 failed. */
static void result_lower(pass_it *it, const shrinker *s, int kept) {
  if (!it->bisect) {
    if (kept) {
      it->i++;
    } else {
      it->bisect = 1;
      it->lo = 0;
      it->hi = s->best[it->i];
    }
  } else if (!kept) {
    it->lo = it->mid;
  } else if (s->n != it->before || it->i >= s->n) { /* the shape changed: next draw */
    it->bisect = 0;
    it->i++;
  } else {
    it->hi = s->best[it->i];
  }
}

/* P_REDISTRIBUTE: move one unit from draw i to draw i+1 (lowers an
** earlier draw that a later one can compensate). */
static int next_redistribute(pass_it *it, const shrinker *s, uint64_t *tmp, size_t *len) {
  while (it->i + 1 < s->n) {
    size_t i = it->i++;
    if (s->best[i] == 0) continue;
    memcpy(tmp, s->best, s->n * sizeof *tmp);
    tmp[i]--;
    tmp[i + 1]++;
    *len = s->n;
    return 1;
  }
  return 0;
}

/* P_RAISE_DELETE: raise draw i by one and delete a block of k after it,
** at j (k = 1..8): the move that turns "two elements" into "one larger
** element", or an element hit into one skipped, when that makes the stream
** shorter.  The first block that works ends the blocks of that k. */
static int next_raise_delete(pass_it *it, const shrinker *s, uint64_t *tmp, size_t *len) {
  for (;;) {
    if (it->i >= s->n) return 0;
    if (it->k > 8) {
      it->i++;
      it->k = 1;
      it->j = it->i + 1;
      continue;
    }
    if (it->j + it->k <= s->n) {
      memcpy(tmp, s->best, it->j * sizeof *tmp);
      memcpy(tmp + it->j, s->best + it->j + it->k, (s->n - it->j - it->k) * sizeof *tmp);
      tmp[it->i]++;
      *len = s->n - it->k;
      return 1;
    }
    it->k++;
    it->j = it->i + 1;
  }
}

/* The next candidate of the pass into tmp (length *len); 0 at its end. */
static int pass_next(pass_it *it, const shrinker *s, uint64_t *tmp, size_t *len) {
  switch (it->kind) {
    case P_DELETE:
      return next_delete(it, s, tmp, len);
    case P_ZERO:
      return next_zero(it, s, tmp, len);
    case P_LOWER:
      return next_lower(it, s, tmp, len);
    case P_REDISTRIBUTE:
      return next_redistribute(it, s, tmp, len);
    case P_RAISE_DELETE:
      return next_raise_delete(it, s, tmp, len);
  }
  return 0;
}

/* Tell the pass whether its last candidate was kept (best is already the
** kept stream when it was). */
static void pass_result(pass_it *it, const shrinker *s, int kept) {
  if (it->kind == P_LOWER) {
    result_lower(it, s, kept);
  } else if (it->kind == P_RAISE_DELETE) {
    if (!kept) {
      it->j++;
    } else {
      it->k++;
      it->j = it->i + 1;
    }
  }
}

/* Would outcome o (of a candidate) be kept: it fails (with the
** evaluator's signature, when it names one), and the draws it used are
** simpler than best? */
static int keeps(const shrinker *s, const gen_outcome *o, const uint64_t *v, size_t n) {
  if (o->verdict != GEN_FAIL) return 0;
  if (s->e->sig) {
    char sig[GEN_SIG_LEN];
    gen_signature(s->e->cfg, s->e->p, o->msg, sig, sizeof sig);
    if (strcmp(sig, s->e->sig) != 0) return 0;
  }
  return o->choices ? simpler(o->choices, o->nchoices, s->best, s->n)
                    : simpler(v, n, s->best, s->n);
}

/* Make candidate c (outcome s->out[c]) the best. */
static void keep(shrinker *s, int c) {
  gen_outcome *o = &s->out[c];
  const uint64_t *used = o->choices ? o->choices : s->cand[c];
  size_t nu = o->choices ? o->nchoices : s->len[c];
  uint64_t *copy = malloc((nu ? nu : 1) * sizeof *copy);
  if (!copy) {
    gen_outcome_clear(o);
    return;
  }
  memcpy(copy, used, nu * sizeof *copy);
  free(s->best);
  s->best = copy;
  s->n = nu;
  gen_outcome_clear(&s->last);
  s->last = *o;
  memset(o, 0, sizeof *o);
}

/* Evaluate candidates 0..m-1 (as many as needed); the index of the first
** one kept, or -1. */
static int first_kept(shrinker *s, int m) {
  int from = 0, found = -1;
  while (from < m && found < 0) {
    int done = gen_evaluate_many(s->e, s->cand + from, s->len + from, m - from, s->out + from, 1);
    for (int c = from; c < from + done; c++) {
      if (found < 0 && keeps(s, &s->out[c], s->cand[c], s->len[c]))
        found = c;
      else
        gen_outcome_clear(&s->out[c]);
    }
    from += done;
  }
  return found;
}

/* Run one pass to its end or the end of the budget; 1 when it kept a
** candidate. */
static int run_pass(shrinker *s, pass_kind kind, pass_it *at) {
  pass_it it = pass_start(kind);
  int progress = 0;
  while (!out_of_budget(s)) {
    int64_t room = s->e->cfg->shrink_limit - s->steps;
    int m = 0, width = room < s->width ? (int)room : s->width;
    pass_it ahead = it;
    for (; m < width; m++) { /* run ahead, every candidate rejected */
      at[m] = ahead;
      if (!pass_next(&ahead, s, s->cand[m], &s->len[m])) break;
      pass_result(&ahead, s, 0);
    }
    if (m == 0) break;
    int c = first_kept(s, m);
    if (c < 0) {
      s->steps += m;
      it = ahead;
      continue;
    }
    s->steps += c + 1;
    it = at[c];
    pass_next(&it, s, s->cand[c], &s->len[c]); /* the same candidate again */
    keep(s, c);
    pass_result(&it, s, 1);
    progress = 1;
  }
  return progress;
}

/* Memory for batches of width candidates of length up to n; 0 or -1. */
static int shrinker_alloc(shrinker *s, int width, size_t n) {
  s->width = width;
  s->cand = calloc((size_t)width, sizeof *s->cand);
  s->len = calloc((size_t)width, sizeof *s->len);
  s->out = calloc((size_t)width, sizeof *s->out);
  if (!s->cand || !s->len || !s->out) return -1;
  for (int i = 0; i < width; i++)
    if (!(s->cand[i] = malloc((n ? n : 1) * sizeof **s->cand))) return -1;
  return 0;
}

/* Free the shrinker's buffers. */
static void shrinker_free(shrinker *s) {
  for (int i = 0; s->cand && i < s->width; i++) free(s->cand[i]);
  free(s->cand);
  free(s->len);
  free(s->out);
}

/* Shrink the failing stream *v (see engine_int.h). */
int64_t gen_shrink(gen_evaluator *e, uint64_t **v, size_t *n, gen_outcome *last) {
  shrinker s;
  memset(&s, 0, sizeof s);
  s.e = e;
  s.best = *v;
  s.n = *n;
  s.last = *last;
  s.deadline = gen_now() + SHRINK_SECONDS;
  if (e->deadline > 0 && e->deadline < s.deadline) s.deadline = e->deadline;
  memset(last, 0, sizeof *last);
  int width = gen_batch_width(e->cfg);
  pass_it *at = malloc((size_t)width * sizeof *at);
  if (at && shrinker_alloc(&s, width, s.n) == 0) {
    for (;;) { /* the streams only get shorter: the buffers stay big enough */
      int progress = run_pass(&s, P_DELETE, at);
      progress |= run_pass(&s, P_ZERO, at);
      progress |= run_pass(&s, P_LOWER, at);
      if (!progress) progress |= run_pass(&s, P_REDISTRIBUTE, at);
      if (!progress) progress |= run_pass(&s, P_RAISE_DELETE, at);
      if (!progress || out_of_budget(&s)) break;
    }
  }
  free(at);
  shrinker_free(&s);
  *v = s.best;
  *n = s.n;
  *last = s.last;
  return s.steps;
}
