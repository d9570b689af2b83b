/* test_lo_complement.c -- the fast paths of complement, coalesce, filter
** and the inverse checks (oracle/lo_cute.c, lo_complement.c,
** lo_coalesce.c, lo_contract.c, lo_fail.c) against the general paths
** they stand for, on every small layout (and on large values where a
** path declines).  The claim under test is "the
** same answer", so the general path gives the expected values there; the
** hand-computed cases at the end come from the definitions. */
#include "lo_internal.h"
#include "lo_test.h"
#include "t.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static const lo_int SH[] = {1, 2, 3, 4, 6};
static const lo_int ST[] = {0, 1, 2, 3, 4, 8, 12};
#define NSH ((int)(sizeof SH / sizeof SH[0]))
#define NST ((int)(sizeof ST / sizeof ST[0]))

/* Same code, message and (on success) modes. */
static int same_comp(int rc1, const lo_err *e1, const lo_cute_comp *a, int rc2, const lo_err *e2,
                     const lo_cute_comp *b) {
  if (rc1 != rc2) return 0;
  if (rc1 != LO_OK) return strcmp(e1->msg, e2->msg) == 0;
  return a->nf == b->nf && a->nr == b->nr && !memcmp(a->f, b->f, (size_t)a->nf * sizeof *a->f) &&
         !memcmp(a->r, b->r, (size_t)a->nr * sizeof *a->r) &&
         lo_tuple_equal(a->cotarget, b->cotarget);
}

/* CuTe's complement of one mode (complement_rank1) against the general
** path: every s:d with s in 1..9, d in 0..17, no cotarget or N in 1..40. */
static void test_rank1_fast_path(void) {
  int mismatched = 0, checked = 0;
  for (lo_int s = 1; s <= 9; s++)
    for (lo_int d = 0; d <= 17; d++)
      for (lo_int n = 0; n <= 40; n++) {
        lo_layout l;
        lo_tuple ct;
        lo_cute_comp a, b;
        lo_err e1, e2;
        lo_layout_flat(&l, &s, &d, 1);
        lo_tuple_int(&ct, n);
        const lo_tuple *c = n ? &ct : NULL;
        int rc1 = lo_cute_complement_modes(&l, c, &a, &e1);
        int rc2 = lo_cute_complement_modes_general(&l, c, &b, &e2);
        mismatched += !same_comp(rc1, &e1, &a, rc2, &e2, &b);
        lo_layout_scalar(&l, s, d); /* the integer layout s:d too */
        rc1 = lo_cute_complement_modes(&l, c, &a, &e1);
        mismatched += !same_comp(rc1, &e1, &a, rc2, &e2, &b);
        checked++;
      }
  T_EQ_INT(mismatched, 0);
  T_EQ_INT(checked, 9 * 18 * 41);
}

/* The check on CuTe's sorted filter modes (lo_check_complement_modes)
** against the check from L's own modes (lo_check_complement), for every
** small L whose CuTe complement exists, and every small R. */
static void test_check_on_modes(void) {
  static const lo_int rs[] = {1, 2, 3, 5}, rd[] = {0, 1, 2, 4, 6, 16};
  int mismatched = 0, checked = 0, rejected = 0;
  lo_layout l, r;
  for (int i = 0; small_flat(i, SH, NSH, ST, NST, &l) && i < 35 + 35 * 35; i++)
    for (lo_int n = 0; n <= 48; n += 16) {
      lo_tuple ct;
      lo_cute_comp c;
      lo_err e;
      lo_tuple_int(&ct, n);
      if (lo_cute_complement_modes(&l, n ? &ct : NULL, &c, &e) != LO_OK) continue;
      for (int j = 0; small_flat(j, rs, 4, rd, 6, &r) && j < 24 + 24 * 24; j++) {
        lo_mode rm[LO_MAX_LEAVES];
        lo_err e1, e2;
        int nr = lo_modes_of(&r, rm);
        int rc1 = lo_check_complement(&l, n ? &ct : NULL, &r, &e1);
        int rc2 = lo_check_complement_modes(c.f, c.nf, c.cotarget, rm, nr, &e2);
        if (rc1 != rc2 || (rc1 != LO_OK && strcmp(e1.msg, e2.msg) != 0)) mismatched++;
        rejected += rc1 != LO_OK;
        checked++;
      }
    }
  T_EQ_INT(mismatched, 0);
  T_CHECK(checked > 100000);
  T_CHECK(rejected > 10000 && rejected < checked); /* both verdicts occur */
}

/* The plain complement (CuTe's answer as modes, checked on modes) against
** the general path: CuTe's layout, the check from L's modes, and
** lo_keep_cute_answer, on every small L of rank 1..3, with no cotarget
** and with N in 1, 7, 16, 24, 96. */
static void test_plain_complement(void) {
  static const lo_int ns[] = {0, 1, 7, 16, 24, 96};
  int mismatched = 0, checked = 0, ok = 0;
  lo_layout l;
  for (int i = 0; small_flat(i, SH, NSH, ST, NST, &l); i++)
    for (int k = 0; k < 6; k++) {
      lo_tuple ct;
      lo_layout got, r, want;
      lo_err e1, e2;
      lo_tuple_int(&ct, ns[k]);
      const lo_tuple *c = ns[k] ? &ct : NULL;
      int rc1 = lo_complement_to(&l, c, &got, &e1);
      int rc2 = lo_cute_complement(&l, c, &r, &e2);
      if (rc2 == LO_OK)
        rc2 = lo_keep_cute_answer(lo_check_complement(&l, c, &r, &e2), &r, "not complementable",
                                  "is not a complement", &want, &e2);
      if (rc1 != rc2 || (rc1 == LO_OK ? !lo_layout_equal(&got, &want) : strcmp(e1.msg, e2.msg)))
        mismatched++;
      ok += rc1 == LO_OK;
      checked++;
      lo_layout same = l; /* the output may be the input */
      if (lo_complement_to(&same, c, &same, &e1) != rc2 ||
          (rc2 == LO_OK && !lo_layout_equal(&same, &want)))
        mismatched++;
    }
  T_EQ_INT(mismatched, 0);
  T_EQ_INT(checked, 6 * (35 + 35 * 35 + 35 * 35 * 35));
  T_CHECK(ok > 1000);
}

/* complement(s:d, N) by lo_complement, whose one-mode integer path
** (lo_complement_rank1_proven) skips the contract check, against
** lo_complement_to with N as a cotarget tuple, which checks CuTe's answer:
** every s:d with s in 1..12, d in 0..20, N in -1..150 (-1: no N, 0: the
** error), then shapes, strides and N near 2^62 and 2^63, into a fresh
** output and in place.  Where the path declines, out is untouched. */
static void test_rank1_proven(void) {
  static const lo_int big[] = {2,
                               3,
                               (lo_int)1 << 21,
                               ((lo_int)1 << 31) - 1,
                               (lo_int)1 << 31,
                               (lo_int)1 << 32,
                               ((lo_int)1 << 40) + 1,
                               (lo_int)1 << 61,
                               (lo_int)1 << 62,
                               INT64_MAX / 3,
                               INT64_MAX};
  int mismatched = 0, checked = 0, taken = 0, untouched = 0, declined = 0;
  for (int pass = 0; pass < 2; pass++) {
    int ns = pass ? 11 : 13, nd = pass ? 11 : 21, nn = pass ? 11 : 152;
    for (int i = 0; i < ns; i++)
      for (int j = 0; j < nd; j++)
        for (int k = 0; k < nn; k++) {
          lo_int s = pass ? big[i] : i, d = pass ? big[j] : j, n = pass ? big[k] : k - 1;
          if (s < 1) continue;
          lo_layout l, got, want, same, probe;
          lo_tuple ct;
          lo_err e1, e2;
          lo_layout_scalar(&l, s, d);
          lo_tuple_int(&ct, n);
          int rc1 = lo_complement(&l, n, &got, &e1);
          int rc2 = n == 0  ? lo_fail(&e2, LO_EUNDEF, "complement: N must be positive")
                    : n < 0 ? lo_complement_to(&l, NULL, &want, &e2)
                            : lo_complement_to(&l, &ct, &want, &e2);
          if (rc1 != rc2 || (rc1 == LO_OK ? !lo_layout_equal(&got, &want) : strcmp(e1.msg, e2.msg)))
            mismatched++;
          same = l;
          if (lo_complement(&same, n, &same, &e1) != rc2 ||
              (rc2 == LO_OK && !lo_layout_equal(&same, &want)))
            mismatched++;
          memset(&probe, 0x5a, sizeof probe);
          if (lo_complement_rank1_proven(&l, n, &probe)) {
            taken++;
            if (rc2 != LO_OK) mismatched++; /* it answered where the check refuses */
          } else {
            lo_layout fill;
            memset(&fill, 0x5a, sizeof fill);
            untouched += memcmp(&probe, &fill, sizeof fill) == 0;
            declined++;
          }
          checked++;
        }
  }
  T_EQ_INT(mismatched, 0);
  T_EQ_INT(untouched, declined);
  T_EQ_INT(checked, 12 * 21 * 152 + 11 * 11 * 11);
  /* taken on every s >= 2, d >= 1, N >= 1 of the small grid at least */
  T_CHECK(taken >= 11 * 20 * 150);
  /* by hand: 2^31:2^31 against 2^63 - 1: sd = 2^62, rest ceil((2^63 - 1) / 2^62) = 2 */
  T_EQ_STR(EV2("complement", "2147483648:2147483648", "9223372036854775807"),
           "(2147483648,2):(1,4611686018427387904)");
  /* 2:3 against 2^63 - 1: sd = 6, rest = ceil((2^63 - 1) / 6) = 1537228672809129302, and
  ** R = (3,rest):(1,6) reaches 2 + (rest - 1) 6 = 2^63: CuTe's answer does not fit */
  T_EQ_STR(EV2("complement", "2:3", "9223372036854775807"),
           "error: overflow: the largest value of the complement exceeds 64 bits");
  /* 2^32:2^31: sd = 2^63 does not fit; the checked path says so */
  T_EQ_STR(EV2("complement", "4294967296:2147483648", "8"),
           "error: overflow: complement stride (2147483648 * 4294967296) exceeds 64 bits");
}

/* coalesce, coal-flat and filter, written in one pass into the output,
** against the mode-array path they replace (lo_modes_of, then dropping
** stride 0 for filter, lo_modes_coalesce, the CuTe form or a flat tuple),
** on every small layout, into a fresh output and in place. */
static void test_coalesce_one_pass(void) {
  int mismatched = 0, checked = 0;
  lo_layout l;
  for (int i = 0; small_flat(i, SH, NSH, ST, NST, &l); i++) {
    lo_mode m[LO_MAX_LEAVES];
    lo_layout want, got, same;
    lo_err e;
    for (int op = 0; op < 3; op++) {
      int n = lo_modes_of(&l, m), k = 0;
      for (int j = 0; j < n; j++)
        if (op != 2 || m[j].d != 0) m[k++] = m[j];
      k = lo_modes_coalesce(m, k);
      if (op == 1)
        lo_layout_flat_modes(&want, m, k);
      else
        lo_layout_from_modes(&want, m, k);
      int (*fn)(const lo_layout *, lo_layout *, lo_err *) = op == 0   ? lo_coalesce
                                                            : op == 1 ? lo_flat_coalesce
                                                                      : lo_filter;
      same = l;
      if (fn(&l, &got, &e) != LO_OK || !lo_layout_equal(&got, &want)) mismatched++;
      if (fn(&same, &same, &e) != LO_OK || !lo_layout_equal(&same, &want)) mismatched++;
      checked++;
    }
  }
  T_EQ_INT(mismatched, 0);
  T_EQ_INT(checked, 3 * (35 + 35 * 35 + 35 * 35 * 35));
  /* a nested layout coalesces by its leaves: ((2,3),4):((1,2),6) is 24:1 */
  T_EQ_STR(EV1("coalesce", "((2,3),4):((1,2),6)"), "24:1");
  /* filter keeps 3:2 and 4:6, which merge (3 * 2 = 6) into 12:2 */
  T_EQ_STR(EV1("filter", "((2,3),(1,4)):((0,2),(5,6))"), "12:2");
  T_EQ_STR(EV1("filter", "((2,3),(1,4)):((0,2),(5,7))"), "(3,4):(2,7)");
  /* a size that does not fit is refused before anything is merged */
  T_EQ_STR(EV1("coalesce", "(4294967296,4294967296):(1,4294967296)"),
           "error: overflow: size (4294967296 * 4294967296) exceeds 64 bits");
}

/* lo_fn_apply against lo_apply: every small layout with shapes 1..7
** (powers of two, reciprocals, size-1 modes), every x up to 3 size(L) + 2,
** then indices past 2^32 (division) and values that overflow (the same
** error). */
static void test_fn_apply(void) {
  static const lo_int sh[] = {1, 2, 3, 5, 7, 8}, st[] = {0, 1, 3, 4, 9};
  int mismatched = 0, checked = 0;
  lo_layout l;
  for (int i = 0; small_flat(i, sh, 6, st, 5, &l); i++) {
    lo_fn f, g;
    lo_int size;
    lo_err e;
    lo_fn_init(&f, &l, LO_FN_RECIP_CALLS + 1); /* with reciprocals */
    lo_fn_init(&g, &l, 0);                     /* without */
    lo_size(&l, &size, &e);
    for (lo_int x = 0; x <= 3 * size + 2; x++) {
      lo_int a = -1, b = -2, c = -3;
      if (lo_fn_apply(&f, x, &a, &e) != lo_apply(&l, x, &b, &e) || a != b) mismatched++;
      if (lo_fn_apply(&g, x, &c, &e) != LO_OK || c != b) mismatched++;
      checked++;
    }
  }
  T_EQ_INT(mismatched, 0);
  T_CHECK(checked > 1000000);
  lo_int s[3] = {3, 1000003, 7}, d[3] = {1, 3, 5000000000000000000};
  lo_layout_flat(&l, s, d, 3);
  lo_fn f;
  lo_fn_init(&f, &l, LO_FN_RECIP_CALLS + 1);
  const lo_int xs[] = {
      (lo_int)1 << 32, ((lo_int)1 << 32) + 5, 3000009, 3000008, 7000000000, INT64_MAX, -1};
  for (int i = 0; i < (int)(sizeof xs / sizeof xs[0]); i++) {
    lo_int a = -1, b = -2;
    lo_err e1, e2;
    int rc1 = lo_fn_apply(&f, xs[i], &a, &e1), rc2 = lo_apply(&l, xs[i], &b, &e2);
    T_EQ_INT(rc1, rc2);
    if (rc1 == LO_OK)
      T_EQ_INT(a, b);
    else
      T_EQ_STR(e1.msg, e2.msg);
  }
}

/* The left-inverse check against its definition, evaluated here with
** lo_apply: L(R(L(i))) = L(i) for i in [0, size L), the first failure
** named as the check names it. */
static void test_left_inverse_check(void) {
  static const lo_int sh[] = {1, 2, 3, 4}, st[] = {0, 1, 2, 3, 6};
  int mismatched = 0, checked = 0, failing = 0;
  lo_layout l, r;
  for (int i = 0; small_flat(i, sh, 4, st, 5, &l) && i < 20 + 400; i++)
    for (int j = 0; small_flat(j, sh, 4, st, 5, &r) && j < 20 + 400; j++) {
      lo_err e, e2;
      char want[sizeof e.msg] = "";
      lo_int sl, li, ri, lri;
      lo_size(&l, &sl, &e2);
      for (lo_int x = 0; x < sl && !want[0]; x++) {
        lo_apply(&l, x, &li, &e2);
        lo_apply(&r, li, &ri, &e2);
        lo_apply(&l, ri, &lri, &e2);
        if (lri != li)
          snprintf(want, sizeof want, "L(R(L(%lld))) = L(R(%lld)) = L(%lld) = %lld, not %lld",
                   (long long)x, (long long)li, (long long)ri, (long long)lri, (long long)li);
      }
      int rc = lo_check_left_inverse(&l, &r, &e);
      if (want[0] ? rc != LO_EUNDEF || strcmp(e.msg, want) : rc != LO_OK) mismatched++;
      failing += want[0] != 0;
      checked++;
    }
  T_EQ_INT(mismatched, 0);
  T_EQ_INT(checked, 420 * 420);
  T_CHECK(failing > 1000 && failing < checked);
}

/* The reference text: what vsnprintf writes for fmt into b's message. */
static void ref_text(lo_err *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(b->msg, sizeof b->msg, fmt, ap);
  va_end(ap);
}

/* lo_fail writes what vsnprintf writes with the same format. */
static void test_fail_text(void) {
  char longs[400];
  lo_err a, b;
  memset(longs, 'x', sizeof longs - 1);
  longs[sizeof longs - 1] = 0;
  T_EQ_INT(lo_fail(&a, LO_EUNDEF, "stride %lld is below %lld, %d%%", (long long)LLONG_MIN,
                   (long long)LLONG_MAX, -7),
           LO_EUNDEF);
  ref_text(&b, "stride %lld is below %lld, %d%%", (long long)LLONG_MIN, (long long)LLONG_MAX, -7);
  T_EQ_STR(a.msg, b.msg);
  T_EQ_STR(a.msg, "stride -9223372036854775808 is below 9223372036854775807, -7%");
  lo_fail(&a, LO_ELIMIT, "%s: %c %lld %s", "p", 'q', 0LL, longs); /* truncated */
  ref_text(&b, "%s: %c %lld %s", "p", 'q', 0LL, longs);
  T_EQ_STR(a.msg, b.msg);
  T_EQ_INT(strlen(a.msg), sizeof a.msg - 1);
  T_EQ_INT(a.code, LO_ELIMIT);
  lo_fail(&a, LO_EUNDEF, "%s%lld", longs + 165, 1234567890123LL); /* cut inside a number */
  ref_text(&b, "%s%lld", longs + 165, 1234567890123LL);
  T_EQ_STR(a.msg, b.msg);
  lo_fail(&a, LO_EUNDEF, "%u and %x", 7u, 255u); /* not its own: vsnprintf */
  T_EQ_STR(a.msg, "7 and ff");
  const char *volatile none = NULL; /* glibc's printf writes (null) */
  lo_fail(&a, LO_EUNDEF, "[%s]", none);
  T_EQ_STR(a.msg, "[(null)]");
}

int main(void) {
  test_rank1_fast_path();
  test_check_on_modes();
  test_plain_complement();
  test_rank1_proven();
  test_coalesce_one_pass();
  test_fn_apply();
  test_left_inverse_check();
  test_fail_text();
  /* By hand (CuTe's complement, Definition of complement in cute/layout.hpp):
  ** 4:2 against 32: d:1 = 2:1, then ceil(32 / 8) = 4 at stride 8 */
  T_EQ_STR(EV2("complement", "4:2", "32"), "(2,4):(1,8)");
  /* 4:1 against 32: the d:1 mode is 1:1 and goes, leaving 8:4 */
  T_EQ_STR(EV2("complement", "(4):(1)", "32"), "8:4");
  /* 4:2 against 8: the rest ceil(8 / 8) = 1 goes, leaving 2:1 */
  T_EQ_STR(EV2("complement", "4:2", "8"), "2:1");
  /* stride 0 or shape 1: filter gives 1:0, the answer is N:1 */
  T_EQ_STR(EV2("complement", "4:0", "6"), "6:1");
  T_EQ_STR(EV2("complement", "1:5", "1"), "1:0");
  /* no cotarget: N = cosize(4:3) = 10, so 3:1 and ceil(10 / 12) = 1 */
  T_EQ_STR(EV1("complement", "4:3"), "3:1");
  /* (3,2):(1,3) against 12, the flat path: 6:1 coalesced, rest 2:6 */
  T_EQ_STR(EV2("complement", "(3,2):(1,3)", "12"), "2:6");
  return T_DONE();
}
