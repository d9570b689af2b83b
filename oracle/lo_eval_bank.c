/*
** lo_eval_bank.c -- the op bank_conflicts: the shared-memory wavefronts
** and bank conflicts of a warp's accesses through a shared-memory layout
** (lo_bank.c).  See lo_eval_internal.h.
**
**   bank_conflicts SMEM BITS[xV] ACCESS [banks]
**
** SMEM maps a coordinate to an element offset: a layout, or a composed
** layout sw o offset o inner written without blanks
** ("Sw<3,3,3>o0o(8,64):(64,1)"; with an smem_ptr[Nb](unset) offset the
** swizzle acts on byte addresses, as CuTe's swizzled pointer); BITS is the element width
** (8, 16, 32, 64 or 128), V the elements each lane reads in one access;
** ACCESS is a TV layout (thread, value) -> coordinate index of SMEM, or a
** list [c0,c1,...] of at most 32 coordinates, lane t reading at c_t ('_'
** for an inactive lane).  The answer is "accesses=N bytes=B
** wavefronts=W conflicts=C", W and C summed over the N warp-wide accesses
** of B bytes per lane; with banks, each access follows as "; access K:
** wavefronts=W conflicts=C banks=[n0,...,n31]" (the distinct words each
** bank serves).
*/
#include "lo_eval_internal.h"

#include <string.h>

/* A shared-memory layout and its element bytes, for composed_at. */
typedef struct smem_ctx {
  const lo_composed *c;
  int bytes;
} smem_ctx;

/* The element offset of coordinate index x of a composed (or plain)
** layout: sw(offset + inner(x)); with an smem_ptr offset the swizzle acts
** on the byte address, so the element offset is sw(bytes inner(x)) /
** bytes (refused where the swizzle moves bits inside an element). */
static int composed_at(const void *smem, lo_int x, lo_int *off, lo_err *err) {
  const smem_ctx *s = smem;
  lo_int v, b;
  if (s->c->smem_bits == 0) return lo_composed_apply(s->c, x, off, err);
  if (lo_apply(&s->c->inner, x, &v, err) || lo_mul(v, s->bytes, &b, "byte address", err) ||
      lo_swizzle_apply(&s->c->sw, b, &b, err))
    return err->code;
  if (b % s->bytes != 0)
    return lo_fail(err, LO_EUNDEF,
                   "the swizzle maps byte %lld of element %lld to byte %lld, "
                   "inside an element",
                   (long long)(v * s->bytes), (long long)v, (long long)b);
  *off = b / s->bytes;
  return LO_OK;
}

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

/* The coordinate index of entry text s of a list over a domain of shape
** shp: an integer in [0, size), or a coordinate congruent with shp, each
** entry below its extent (colexicographic). */
static int list_index(const char *s, const lo_tuple *shp, lo_int size, lo_int *x, lo_err *err) {
  lo_tuple c;
  if (lo_parse_index(s, &c, err)) return err->code;
  if (lo_tuple_is_int(&c)) {
    *x = c.leaf[0];
    if (*x >= size)
      return lo_fail(err, LO_EUNDEF, "%s is outside the domain [0,%lld)", s, (long long)size);
    return LO_OK;
  }
  if (!lo_tuple_congruent(&c, shp))
    return lo_fail(err, LO_EUNDEF, "%s is not congruent with the shape of the layout", s);
  lo_int r = 0, p = 1;
  for (int k = 0; k < c.len; k++) {
    if (c.leaf[k] >= shp->leaf[k])
      return lo_fail(err, LO_EUNDEF, "%s: entry %d is past its extent %lld", s, k + 1,
                     (long long)shp->leaf[k]);
    r += c.leaf[k] * p; /* below size, which fits */
    p *= shp->leaf[k];
  }
  *x = r;
  return LO_OK;
}

/* Argument i as a list [c0,...] of at most 32 coordinates into the access
** out of width bytes per lane. */
static int get_list(ev_args a, int i, const lo_bank_smem *m, const lo_tuple *shp, int width,
                    lo_bank_access *out, lo_err *err) {
  const char *s = a[i];
  size_t n = strlen(s);
  memset(out, 0, sizeof *out);
  out->width = width;
  if (n < 2 || s[n - 1] != ']')
    return lo_fail(err, LO_ESYNTAX, "argument %d: a list [c0,c1,...] ends in ']'", i + 1);
  const char *p = s + 1, *end = s + n - 1;
  int lane = 0;
  while (p < end) {
    const char *q = p;
    int depth = 0;
    while (q < end && (depth > 0 || *q != ',')) depth += (*q == '(') - (*q == ')'), q++;
    char entry[256];
    size_t len = (size_t)(q - p);
    if (lane == LO_WARP_SIZE)
      return lo_fail(err, LO_EUNDEF, "argument %d: more than %d lanes", i + 1, LO_WARP_SIZE);
    if (len == 0 || len >= sizeof entry)
      return lo_fail(err, LO_ESYNTAX, "argument %d: lane %d: %s coordinate", i + 1, lane,
                     len ? "an overlong" : "a missing");
    memcpy(entry, p, len);
    entry[len] = '\0';
    if (strcmp(entry, "_") != 0) {
      lo_int x = 0, off;
      if (list_index(entry, shp, m->size, &x, err) || m->at(m->smem, x, &off, err) ||
          lo_mul(off, m->elem_bytes, &out->addr[lane], "byte address", err)) {
        char why[sizeof err->msg];
        memcpy(why, err->msg, sizeof why);
        return lo_fail(err, err->code, "argument %d: lane %d: %s", i + 1, lane, why);
      }
      out->active |= 1u << lane;
    }
    lane++;
    p = q < end ? q + 1 : q;
    if (q < end && p == end)
      return lo_fail(err, LO_ESYNTAX, "argument %d: a missing coordinate after ','", i + 1);
  }
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
  smem_ctx ctx;
  lo_bank_access acc;
  lo_bank_count c;
  lo_int vec, accesses = 1, w = 1, total_w = 0, total_c = 0;
  int bytes = 1, banks = argc > 3, list = a[2][0] == '[';
  if (banks && strcmp(a[3], "banks") != 0)
    return lo_fail(err, LO_ESYNTAX, "argument 4: the word banks, or nothing");
  if (lo_parse_composed(a[0], &smem, err)) return ev_arg_fail(0, err);
  if (get_bits(a, 1, &bytes, &vec, err)) return err->code;
  if (smem.smem_bits > 0 && smem.smem_bits != 8 * bytes)
    return lo_fail(err, LO_EUNDEF,
                   "argument 2: the layout's smem_ptr holds %d-bit elements, not "
                   "%d-bit ones",
                   smem.smem_bits, 8 * bytes);
  ctx.c = &smem;
  ctx.bytes = bytes;
  m.at = composed_at;
  m.smem = &ctx;
  m.elem_bytes = bytes;
  if (lo_size(&smem.inner, &m.size, err)) return ev_arg_fail(0, err);
  if (list) {
    if (get_list(a, 2, &m, &smem.inner.shape, (int)((vec ? vec : 1) * bytes), &acc, err))
      return err->code;
    w = vec ? vec : 1;
  } else {
    lo_int threads, values;
    if (ev_get_layout(a, 2, &tv, err)) return err->code;
    if (lo_bank_tv_shape(&tv, &threads, &values, err)) return ev_arg_fail(2, err);
    if (threads > LO_EVAL_ENUM_LIMIT / values)
      return lo_fail(err, LO_ELIMIT, "argument 3: more than %lld thread values",
                     (long long)LO_EVAL_ENUM_LIMIT);
    if (lo_bank_tv_vector(&m, &tv, vec, &w, err)) return ev_arg_fail(2, err);
    accesses = lo_ceil_div(threads, LO_WARP_SIZE) * (values / w);
  }
  /* The totals first, then (with banks) each access again, in order. */
  for (int pass = 0; pass < 1 + banks; pass++)
    for (lo_int k = 0; k < accesses; k++) {
      if ((!list && lo_bank_tv_access(&m, &tv, w, k, &acc, err)) ||
          lo_bank_conflicts(&acc, &c, err))
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
