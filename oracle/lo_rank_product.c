/*
** lo_rank_product.c -- the plain blocked_product and raked_product (lo.h
** section 11): CuTe's answer, which rearranges the modes of the logical
** product of A and B (zipped, block first or tile first), where that
** logical product meets logical_product's contract; else that error,
** naming CuTe's answer.
*/
#include "lo_internal.h"

#include <stdio.h>
#include <string.h>

/* CuTe's blocked (raked 0) or raked product, kept where the plain
** logical_product of A and B answers. */
static int rank_product_plain(int raked, const lo_layout *a, const lo_layout *b, lo_layout *out,
                              lo_err *err) {
  lo_layout r, lp;
  char shown[200], why[sizeof err->msg];
  int rc = raked ? lo_cute_raked_product(a, b, &r, err) : lo_cute_blocked_product(a, b, &r, err);
  if (rc) return rc;
  rc = lo_logical_product(a, b, &lp, err);
  if (rc == LO_EUNDEF) {
    lo_show_layout(&r, shown, sizeof shown);
    memcpy(why, err->msg, sizeof why);
    return lo_fail(err, LO_EUNDEF,
                   "%s_product: CuTe's answer %s rearranges logical_product(A, B), which breaks "
                   "its contract: %s",
                   raked ? "raked" : "blocked", shown, why);
  }
  if (rc) return rc;
  lo_layout_copy(out, &r);
  return LO_OK;
}

/* blocked_product(A, B) where the logical product it rearranges meets its
** contract (lo.h). */
int lo_blocked_product(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err) {
  return rank_product_plain(0, a, b, out, err);
}

/* raked_product(A, B) likewise (lo.h). */
int lo_raked_product(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err) {
  return rank_product_plain(1, a, b, out, err);
}
