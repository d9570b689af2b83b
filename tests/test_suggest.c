/*
** test_suggest.c -- the nearest names (run/suggest.c): edit distances
** worked out by hand, the choice and order of suggestions, the hints for
** an unknown op and for mode 0.
*/
#include "suggest.h"
#include "t.h"

#include <string.h>

/* Distances counted by hand: kitten -> sitting is k->s, e->i, +g (3);
** flaw -> lawn is -f, +n (2); an empty word is as far as the other's
** length; the cap is honoured. */
static void test_distance(void) {
  T_EQ_INT(suggest_distance("kitten", "sitting", 5), 3);
  T_EQ_INT(suggest_distance("flaw", "lawn", 5), 2);
  T_EQ_INT(suggest_distance("", "abc", 5), 3);
  T_EQ_INT(suggest_distance("same", "same", 0), 0);
  T_EQ_INT(suggest_distance("kitten", "sitting", 2), 3); /* past the cap: cap + 1 */
  T_EQ_INT(suggest_distance("a", "abcdefgh", 3), 4);     /* the lengths alone say so */
  char big[SUGGEST_NAME_MAX + 2];
  memset(big, 'a', sizeof big - 1);
  big[sizeof big - 1] = 0;
  T_EQ_INT(suggest_distance(big, big, 1), 2); /* too long to compare */
}

/* The nearest names: nearest first, at most three, "a, b or c", none
** when nothing is near. */
static void test_nearest(void) {
  const char *names[] = {"--seed", "--cases", "--sut", "--time", "--db"};
  char out[128];
  T_EQ_INT(suggest_nearest("--seeed", names, 5, out, sizeof out), 1);
  T_EQ_STR(out, "--seed");
  /* --sed: --seed is 1 away (insert e), --sut 2 (e->u, d->t); the limit
  ** for five bytes is 5/3 = 1, so --seed alone */
  T_EQ_INT(suggest_nearest("--sed", names, 5, out, sizeof out), 1);
  T_EQ_STR(out, "--seed");
  T_EQ_INT(suggest_nearest("--frobnicate", names, 5, out, sizeof out), 0);
  T_EQ_STR(out, "");
  const char *ops[] = {"size", "sizes", "rise", "cosize"};
  /* "sie": size is 1 away (insert z), rise 2 (s->r, insert s), sizes 2;
  ** the limit for three bytes is 1: size alone */
  T_EQ_INT(suggest_nearest("sie", ops, 4, out, sizeof out), 1);
  T_EQ_STR(out, "size");
  /* "sizee": size 1 (delete e), sizes 1 (e->s), cosize 3 (insert c and o,
  ** delete e); the limit is 1, and the order is the table's */
  T_EQ_INT(suggest_nearest("sizee", ops, 4, out, sizeof out), 2);
  T_EQ_STR(out, "size or sizes");
}

/* The hints of eval: aliases, nearest op names, mode 0; none for an op
** that exists and an error that is not mode 0. */
static void test_op_hint(void) {
  char out[512];
  const char *args0[] = {"(2,3):(1,2)", "0"};
  const char *args1[] = {"(2,3):(1,2)", "3"};
  T_CHECK(suggest_op_hint("compose", 0, NULL, out, sizeof out) > 0);
  T_CHECK(strstr(out, "did you mean composition?") != NULL);
  suggest_op_hint("get", 0, NULL, out, sizeof out);
  T_CHECK(strstr(out, "did you mean cute_get?") != NULL);
  suggest_op_hint("crd2idx", 0, NULL, out, sizeof out);
  T_CHECK(strstr(out, "did you mean cute_crd2idx?") != NULL);
  /* blocked_product is an op of its own: no hint */
  T_EQ_INT(suggest_op_hint("blocked_product", 0, NULL, out, sizeof out), 0);
  suggest_op_hint("coalesec", 0, NULL, out, sizeof out);
  T_CHECK(strstr(out, "did you mean coalesce?") != NULL);
  suggest_op_hint("mode", 2, args0, out, sizeof out);
  T_CHECK(strstr(out, "cute_get L 0") != NULL);
  T_EQ_INT(suggest_op_hint("mode", 2, args1, out, sizeof out), 0);
  T_EQ_STR(out, "");
  T_EQ_INT(suggest_op_hint("size", 0, NULL, out, sizeof out), 0);
  /* a tiny buffer stays terminated */
  char small[8];
  suggest_op_hint("compose", 0, NULL, small, sizeof small);
  T_EQ_INT(strlen(small), 7);
}

int main(void) {
  test_distance();
  test_nearest();
  test_op_hint();
  return T_DONE();
}
