/*
** choice.c -- the recorded choice stream, its PRNG, cases and labels.
**
** The PRNG is xoshiro256** (Blackman and Vigna), seeded through SplitMix64;
** both are defined on 64-bit unsigned arithmetic alone, so a seed gives the
** same cases on every machine.
*/
#include "gen.h"

#include "lo.h"

#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *const gen_label_names[GEN_L_COUNT] = {
    "nested",  "zero-stride",      "shape-1", "empty",       "equal-strides", "basepoint",
    "refined", "needs-refinement", "rounded", "past-domain", "undefined",
};

/* SplitMix64 step: the next value of the sequence started at *x. */
static uint64_t splitmix64(uint64_t *x) {
  uint64_t z = (*x += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/* Rotate x left by k bits (xoshiro). */
static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

/* xoshiro256**: the next 64 random bits. */
static uint64_t xoshiro(uint64_t *s) {
  uint64_t r = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
  s[2] ^= s[0];
  s[3] ^= s[1];
  s[1] ^= s[2];
  s[0] ^= s[3];
  s[2] ^= t;
  s[3] = rotl(s[3], 45);
  return r;
}

/* A fresh random stream from seed (see gen.h). */
void gen_choices_random(gen_choices *c, uint64_t seed) {
  memset(c, 0, sizeof *c);
  for (int i = 0; i < 4; i++) c->s[i] = splitmix64(&seed);
  c->max_draws = 1 << 16;
}

/* A stream replaying the draws v[0..n) (see gen.h). */
int gen_choices_replay(gen_choices *c, const uint64_t *v, size_t n) {
  memset(c, 0, sizeof *c);
  c->max_draws = 1 << 16;
  c->replaying = 1;
  c->replay_n = n;
  if (n) {
    c->v = malloc(n * sizeof *v);
    if (!c->v) return -1;
    memcpy(c->v, v, n * sizeof *v);
    c->cap = n;
  }
  return 0;
}

/* Free the stream's record of draws. */
void gen_choices_free(gen_choices *c) {
  free(c->v);
  c->v = NULL;
  c->n = c->cap = 0;
}

/* Record v as the next draw (the stream keeps what was actually used). */
static void record(gen_choices *c, uint64_t v) {
  if (c->n == c->cap) {
    size_t cap = c->cap ? 2 * c->cap : 64;
    uint64_t *nv = realloc(c->v, cap * sizeof *nv);
    if (!nv) {
      c->too_many = 1; /* out of memory: the case is invalid */
      return;
    }
    c->v = nv;
    c->cap = cap;
  }
  c->v[c->n++] = v;
}

/* Uniform in [0, max]: from the replayed stream (clamped to max) or the
** PRNG (rejection sampling, no modulo bias). */
uint64_t gen_draw(gen_choices *c, uint64_t max) {
  uint64_t v;
  if (c->n >= c->max_draws) {
    c->too_many = 1;
    return 0;
  }
  if (c->replaying) {
    if (c->pos < c->replay_n) {
      v = c->v[c->pos++];
      if (v > max) v = max;
    } else {
      c->overrun = 1;
      v = 0;
    }
    /* replayed draws are rewritten in place, so v[0..n) is what was used */
    if (c->n < c->cap)
      c->v[c->n++] = v;
    else
      record(c, v);
    return v;
  }
  if (max == 0)
    v = 0;
  else if (max == UINT64_MAX)
    v = xoshiro(c->s);
  else {
    uint64_t range = max + 1, limit = UINT64_MAX - UINT64_MAX % range;
    do v = xoshiro(c->s);
    while (v >= limit);
    v %= range;
  }
  assert(v <= max);
  record(c, v);
  return v;
}

/* Small values likely: a size class first (0: up to 2, 1: up to 8,
** 2: anything), then the value. */
uint64_t gen_small(gen_choices *c, uint64_t max) {
  uint64_t cls = gen_draw(c, 3), lim = cls == 0 ? 2 : cls == 1 ? 8 : max;
  if (cls == 3) lim = max;
  return gen_draw(c, lim < max ? lim : max);
}

/* 1 one time in odds (a draw in 0..odds-1 that is 1), else 0; 0 when
** odds <= 0. */
int gen_flip(gen_choices *c, int odds) { return odds > 0 && gen_draw(c, (uint64_t)odds - 1) == 1; }

/* FNV-1a of the property name, mixed with the seed and index. */
uint64_t gen_case_seed(uint64_t seed, const char *property, uint64_t index) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (const unsigned char *p = (const unsigned char *)property; *p; p++)
    h = (h ^ *p) * 0x100000001b3ull;
  uint64_t x = seed ^ h;
  splitmix64(&x);
  x ^= index * 0xd1342543de82ef95ull;
  return splitmix64(&x);
}

/* The draws v[0..n) as text "a b c" into buf. */
int gen_choices_format(const uint64_t *v, size_t n, char *buf, size_t cap) {
  size_t len = 0;
  if (cap) buf[0] = 0;
  for (size_t i = 0; i < n; i++) {
    int w = snprintf(buf + len, cap - len, i ? " %llu" : "%llu", (unsigned long long)v[i]);
    if (w < 0 || (size_t)w >= cap - len) return -1;
    len += (size_t)w;
  }
  return 0;
}

/* Read draws written by gen_choices_format (caller frees *v). */
int gen_choices_parse(const char *s, uint64_t **v, size_t *n) {
  size_t cap = 16;
  assert(s && v && n);
  *n = 0;
  *v = malloc(cap * sizeof **v);
  if (!*v) return -1;
  while (*s) {
    char *end;
    while (*s == ' ') s++;
    if (!*s) break;
    unsigned long long x = strtoull(s, &end, 10);
    if (end == s) {
      free(*v);
      *v = NULL;
      return -1;
    }
    if (*n == cap) {
      uint64_t *nv = realloc(*v, 2 * cap * sizeof *nv);
      if (!nv) {
        free(*v);
        *v = NULL;
        return -1;
      }
      *v = nv;
      cap *= 2;
    }
    (*v)[(*n)++] = x;
    s = end;
  }
  return 0;
}

/* The default bounds of generated values (see gen.h). */
void gen_bounds_default(gen_bounds *b) {
  b->max_rank = 6;
  b->max_depth = 3;
  b->max_entry = 8;
  b->max_stride = 64;
  b->max_size = 4096;
  b->sut_on = b->sut_no_empty = b->sut_no_tilers = 0; /* no system under test's bounds */
  b->sut_forms_off = 0;
  b->sut_min_rank = 0;
  b->sut_max_rank = b->sut_max_depth = 64;
}

/* Append a printf-formatted argument to k; nonzero when it does not fit. */
int gen_case_arg(gen_case *k, const char *fmt, ...) {
  if (k->argc >= GEN_MAX_ARGS) return -1;
  va_list ap;
  va_start(ap, fmt);
  int w = vsnprintf(k->argv[k->argc], GEN_ARG_LEN, fmt, ap);
  va_end(ap);
  if (w < 0 || w >= GEN_ARG_LEN) return -1;
  k->argc++;
  return 0;
}

/* Set label bit l of k. */
void gen_label(gen_case *k, int label) { k->labels |= 1u << label; }

/* Labels of one layout's modes. */
static void label_layout(gen_case *k, const lo_layout *l) {
  if (lo_tuple_depth(&l->shape) >= 2) gen_label(k, GEN_L_NESTED);
  if (l->shape.len == 0) gen_label(k, GEN_L_EMPTY);
  for (int i = 0; i < l->shape.len; i++) {
    if (l->shape.leaf[i] == 1)
      gen_label(k, GEN_L_SHAPE1);
    else if (l->stride[i] == 0)
      gen_label(k, GEN_L_ZERO_STRIDE);
    for (int j = 0; j < i; j++)
      if (l->stride[i] && l->stride[i] == l->stride[j] && l->shape.leaf[i] > 1 &&
          l->shape.leaf[j] > 1)
        gen_label(k, GEN_L_EQUAL_STRIDES);
  }
}

/* Set k's structural labels from its arguments' text. */
void gen_label_args(gen_case *k) {
  for (int i = 0; i < k->argc; i++) {
    lo_err e;
    const char *s = k->argv[i];
    if (lo_kind_of(s) == LO_KIND_MORPHISM) {
      lo_morphism f;
      if (lo_parse_morphism(s, &f, &e)) continue;
      if (lo_tuple_depth(&f.dom) >= 2 || lo_tuple_depth(&f.cod) >= 2) gen_label(k, GEN_L_NESTED);
      if (f.dom.len == 0) gen_label(k, GEN_L_EMPTY);
      for (int j = 0; j < f.dom.len; j++) {
        if (!f.map[j]) gen_label(k, GEN_L_BASEPOINT);
        if (f.dom.leaf[j] == 1) gen_label(k, GEN_L_SHAPE1);
      }
    } else if (lo_kind_of(s) == LO_KIND_LAYOUT || lo_kind_of(s) == LO_KIND_TILER) {
      lo_layout l;
      if (lo_parse_layout(s, &l, &e) == 0) label_layout(k, &l);
    } else {
      lo_tuple t;
      if (lo_parse_profile(s, &t, &e)) continue;
      if (lo_tuple_depth(&t) >= 2) gen_label(k, GEN_L_NESTED);
      if (t.len == 0) gen_label(k, GEN_L_EMPTY);
      for (int j = 0; j < t.len; j++)
        if (t.leaf[j] == 1) gen_label(k, GEN_L_SHAPE1);
    }
  }
}
