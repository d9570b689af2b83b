/*
** lo_eval_bank.c -- the op bank_conflicts: the shared-memory wavefronts
** and bank conflicts of a warp's accesses through a shared-memory layout
** (lo_bank.c).  See lo_eval_internal.h.
**
**   bank_conflicts SMEM BITS[xV] ACCESS [banks]
**
** SMEM maps a coordinate to an element offset: a layout, or a composed
** layout sw o offset o inner ("Sw<3,3,3> o 0 o (8,64):(64,1)"; with an smem_ptr[Nb](unset) offset the
** swizzle acts on byte addresses, as CuTe's swizzled pointer); BITS is the element width
** (8, 16, 32, 64 or 128), V the elements each lane reads in one access;
** ACCESS is a TV layout (thread, value) -> coordinate index of SMEM, or a
** list [c0,c1,...] of at most 32 coordinates, lane t reading at c_t ('_'
** for an inactive lane).  A TV layout has at most LO_BANK_TV_LIMIT thread
** values (2^16: a CTA of 1024 threads with 64 values each).  The answer is "accesses=N bytes=B
** wavefronts=W conflicts=C", W and C summed over the N warp-wide accesses
** of B bytes per lane; with banks, each access follows as "; access K:
** wavefronts=W conflicts=C banks=[n0,...,n31]" (the distinct words each
** bank serves).
*/
#include "lo_eval_internal.h"

#include <string.h>

/* BITS or BITSxV: the element bytes and the elements per access (0 when
** V is not written). */
static int get_bits(ev_args a, int i, int *bytes, lo_int *vec, lo_err *err) {
  char buf[64];
  const char *x = strchr(a[i], 'x');
  size_t n = x ? (size_t)(x - a[i]) : strlen(a[i]);
  lo_int bits;
  *vec = 0;
  if (n >= sizeof buf)
    return lo_fail(err, LO_ESYNTAX, "argument %d: an element width, BITS or BITSxV", i + 1);
  memcpy(buf, a[i], n);
  buf[n] = '\0';
  if (lo_parse_int(buf, &bits, err) || (x && lo_parse_int(x + 1, vec, err)))
    return ev_arg_fail(i, err);
  if (bits != 8 && bits != 16 && bits != 32 && bits != 64 && bits != 128)
    return lo_fail(err, LO_EUNDEF, "argument %d: an element is 8, 16, 32, 64 or 128 bits, not %lld",
                   i + 1, (long long)bits);
  if (x && (*vec < 1 || *vec * (bits / 8) > 16 || (*vec & (*vec - 1)) != 0))
    return lo_fail(err, LO_EUNDEF,
                   "argument %d: %lld elements of %lld bits are not one access of "
                   "1, 2, 4, 8 or 16 bytes",
                   i + 1, (long long)*vec, (long long)bits);
  *bytes = (int)(bits / 8);
  return LO_OK;
}

/* Print one access's counts: "wavefronts=W conflicts=C banks=[...]". */
static void out_access(ev_out *o, lo_int k, const lo_bank_count *c) {
  ev_out_str(o, "; access ");
  ev_out_int(o, k);
  ev_out_str(o, ": wavefronts=");
  ev_out_int(o, c->wavefronts);
  ev_out_str(o, " conflicts=");
  ev_out_int(o, c->conflicts);
  ev_out_str(o, " banks=[");
  for (int b = 0; b < LO_BANK_COUNT; b++) {
    if (b) ev_out_str(o, ",");
    ev_out_int(o, c->bank_words[b]);
  }
  ev_out_str(o, "]");
}

/* The op bank_conflicts SMEM BITS[xV] ACCESS [banks] (the synopsis at the
** top of this file). */
int op_bank_conflicts(int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_composed smem;
  lo_layout tv;
  lo_bank_smem m;
  lo_bank_access acc;
  lo_bank_count c;
  lo_int vec, accesses = 1, w = 1, total_w = 0, total_c = 0, x[LO_WARP_SIZE];
  uint32_t active = 0;
  int bytes = 1, banks = argc > 3, list = a[2][0] == '[';
  if (banks && strcmp(a[3], "banks") != 0)
    return lo_fail(err, LO_ESYNTAX, "argument 4: the word banks, or nothing");
  if (lo_parse_composed(a[0], &smem, err)) return ev_arg_fail(0, err);
  if (get_bits(a, 1, &bytes, &vec, err)) return err->code;
  if (lo_bank_smem_init(&m, &smem, bytes, err)) return ev_arg_fail(1, err);
  if (list) {
    w = vec ? vec : 1;
    if (lo_bank_list_lanes(a[2], &m, x, &active, err)) return ev_arg_fail(2, err);
  } else {
    lo_int threads, values;
    if (ev_get_layout(a, 2, &tv, err)) return err->code;
    if (lo_bank_tv_shape(&tv, &threads, &values, err)) return ev_arg_fail(2, err);
    if (threads > LO_BANK_TV_LIMIT / values)
      return lo_fail(err, LO_ELIMIT, "argument 3: more than %lld thread values",
                     (long long)LO_BANK_TV_LIMIT);
    if (lo_bank_tv_vector(&m, &tv, vec, &w, err)) return ev_arg_fail(2, err);
    accesses = lo_ceil_div(threads, LO_WARP_SIZE) * (values / w);
  }
  /* The totals first, then (with banks) each access again, in order. */
  for (int pass = 0; pass < 1 + banks; pass++)
    for (lo_int k = 0; k < accesses; k++) {
      if ((!list && lo_bank_tv_lanes(&tv, w, k, x, &active, err)) ||
          lo_bank_lanes_access(&m, w, x, active, &acc, err) || lo_bank_conflicts(&acc, &c, err))
        return ev_arg_fail(2, err);
      if (pass) {
        out_access(o, k, &c);
        continue;
      }
      total_w += c.wavefronts;
      total_c += c.conflicts;
      if (k + 1 < accesses) continue;
      ev_out_str(o, "accesses=");
      ev_out_int(o, accesses);
      ev_out_str(o, " bytes=");
      ev_out_int(o, w * bytes);
      ev_out_str(o, " wavefronts=");
      ev_out_int(o, total_w);
      ev_out_str(o, " conflicts=");
      ev_out_int(o, total_c);
    }
  return LO_OK;
}
