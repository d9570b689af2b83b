/*
** health.c -- what a healthy run of a property looks like: the labels its
** cases should show (from its generator), and how many discards are too
** many.  `fuzz` warns when a run falls short, so that a generator or a
** hypothesis that silently starves a property is noticed.
*/
#include "properties.h"

#include <stdio.h>
#include <string.h>

#define L(x) (1u << GEN_L_##x)

/* Labels each generator is expected to produce at least once in a few
** hundred cases. */
static const struct {
  const char *generator;
  uint32_t labels;
} expected[] = {
    {"layout", L(NESTED) | L(ZERO_STRIDE) | L(SHAPE1) | L(EMPTY) | L(EQUAL_STRIDES)},
    {"flat_layout", L(ZERO_STRIDE) | L(SHAPE1) | L(EMPTY)},
    {"layout_index", L(NESTED) | L(ZERO_STRIDE) | L(SHAPE1)},
    {"alike_layouts", L(NESTED) | L(ZERO_STRIDE) | L(SHAPE1)},
    {"same_size_layouts", L(NESTED) | L(ZERO_STRIDE) | L(SHAPE1)},
    {"tractable", L(NESTED) | L(ZERO_STRIDE) | L(SHAPE1)},
    {"nondegenerate", L(NESTED) | L(ZERO_STRIDE)},
    {"complementable", L(NESTED) | L(ROUNDED)},
    {"refinement", L(NESTED) | L(REFINED)},
    {"mutual", L(NESTED)},
    {"morphism", L(NESTED) | L(BASEPOINT) | L(SHAPE1)},
    {"composable", L(NESTED) | L(BASEPOINT)},
    {"divisible", L(NESTED) | L(BASEPOINT)},
    {"product_admissible", L(BASEPOINT)},
    {"composable_layouts", L(NESTED) | L(ZERO_STRIDE)},
    {"divide_layouts", L(NESTED) | L(ZERO_STRIDE)},
};

/* The labels p's generator should produce (see properties.h). */
uint32_t prop_expected_labels(const gen_property *p) {
  uint32_t want = 0;
  char buf[256];
  snprintf(buf, sizeof buf, "%s", p->generator);
  for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " "))
    for (size_t i = 0; i < sizeof expected / sizeof *expected; i++)
      if (strcmp(expected[i].generator, tok) == 0) want |= expected[i].labels;
  return want;
}

/* A warning for a run that discarded too much or missed labels. */
int prop_health(const gen_property *p, const gen_result *r, char *buf, size_t cap) {
  size_t len = 0;
  buf[0] = 0;
  if (r->cases < 200 || r->has_failure) return 0; /* too few to judge, or stopped early */
  if (2 * r->discarded > r->cases)
    len += (size_t)snprintf(buf + len, cap - len, "discarded %lld of %lld cases; ",
                            (long long)r->discarded, (long long)r->cases);
  uint32_t want = prop_expected_labels(p);
  for (int l = 0; l < GEN_L_COUNT && len < cap; l++)
    if ((want & (1u << l)) && r->label_count[l] == 0)
      len += (size_t)snprintf(buf + len, cap - len, "never saw a case labelled %s; ",
                              gen_label_names[l]);
  if (len >= 2 && len < cap) buf[len - 2] = 0;
  return len > 0;
}
