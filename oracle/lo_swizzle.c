/*
** lo_swizzle.c -- CuTe's Swizzle<B,M,S> and ComposedLayout (sw o offset o
** inner) as values: parse, print, check and apply (lo.h section 13).
*/
#include "lo_internal.h"

#include <assert.h>
#include <stdio.h>
#include <string.h>

/* ---------------------------------------------------------------- parsing */

typedef struct scan {
  const char *s;
  size_t pos;
  lo_err *err;
} scan;

/* Skip the blanks between tokens (space, tab, line ends). */
static void sc_skip(scan *p) {
  while (p->s[p->pos] == ' ' || p->s[p->pos] == '\t' || p->s[p->pos] == '\n' ||
         p->s[p->pos] == '\r')
    p->pos++;
}

/* Fail with "column N: expected WHAT, found X" at the current position. */
static int sc_expected(scan *p, const char *what) {
  unsigned char c = (unsigned char)p->s[p->pos];
  char b[32];
  if (c == 0)
    snprintf(b, sizeof b, "end of input");
  else if (c >= 0x20 && c < 0x7f)
    snprintf(b, sizeof b, "'%c'", c);
  else
    snprintf(b, sizeof b, "byte 0x%02x", c);
  return lo_fail(p->err, LO_ESYNTAX, "column %zu: expected %s, found %s", p->pos + 1, what, b);
}

/* Consume lit after optional blanks; 1 if it was there. */
static int sc_lit(scan *p, const char *lit) {
  sc_skip(p);
  size_t n = strlen(lit);
  if (strncmp(p->s + p->pos, lit, n) != 0) return 0;
  p->pos += n;
  return 1;
}

/* Read an integer after optional blanks: an optional '_' (CuTe's static
** mark), an optional '-', then decimal digits, into *v, its 1-based column
** into *col.  Errors: no digits, a magnitude past 2^63-1. */
static int sc_int(scan *p, lo_int *v, size_t *col) {
  sc_skip(p);
  *col = p->pos + 1;
  if (p->s[p->pos] == '_') p->pos++;
  int neg = p->s[p->pos] == '-';
  if (neg) p->pos++;
  if (p->s[p->pos] < '0' || p->s[p->pos] > '9') return sc_expected(p, "an integer");
  lo_int x = 0;
  while (p->s[p->pos] >= '0' && p->s[p->pos] <= '9') {
    int d = p->s[p->pos] - '0';
    if (x > (INT64_MAX - d) / 10)
      return lo_fail(p->err, LO_EOVERFLOW, "column %zu: integer larger than 2^63-1", *col);
    x = x * 10 + d;
    p->pos++;
  }
  *v = neg ? -x : x;
  return LO_OK;
}

/* Check B, M, S read at columns col[0..2] against CuTe's static_asserts
** and the bound LO_SWIZZLE_MAX_BITS; col NULL: no column in the message. */
static int check_bms(lo_int b, lo_int m, lo_int s, const size_t *col, lo_err *err) {
  char at[3][32] = {"", "", ""};
  if (col)
    for (int i = 0; i < 3; i++) snprintf(at[i], sizeof at[i], "column %zu: ", col[i]);
  if (b < 0)
    return lo_fail(err, LO_EUNDEF, "%sswizzle B = %lld is negative (CuTe: BBits must be positive)",
                   at[0], (long long)b);
  if (m < 0)
    return lo_fail(err, LO_EUNDEF, "%sswizzle M = %lld is negative (CuTe: MBase must be positive)",
                   at[1], (long long)m);
  lo_int abs_s = s < 0 ? -s : s; /* s > INT64_MIN: the magnitude fits */
  if (abs_s < b)
    return lo_fail(err, LO_EUNDEF,
                   "%sswizzle |S| = %lld is less than B = %lld (CuTe: abs(SShift) must be more "
                   "than BBits)",
                   at[2], (long long)abs_s, (long long)b);
  if (b > LO_SWIZZLE_MAX_BITS || m > LO_SWIZZLE_MAX_BITS || abs_s > LO_SWIZZLE_MAX_BITS ||
      b + m + abs_s > LO_SWIZZLE_MAX_BITS)
    return lo_fail(err, LO_ELIMIT, "%sswizzle B + M + |S| = %lld + %lld + %lld passes %d bits",
                   at[2], (long long)b, (long long)m, (long long)abs_s, LO_SWIZZLE_MAX_BITS);
  return LO_OK;
}

/* Parse Sw<B,M,S> or Swizzle<B,M,S> at the scanner's position. */
static int parse_swizzle_at(scan *p, lo_swizzle *out) {
  if (!sc_lit(p, "Swizzle") && !sc_lit(p, "Sw")) return sc_expected(p, "'Sw<' or 'Swizzle<'");
  if (!sc_lit(p, "<")) return sc_expected(p, "'<'");
  lo_int v[3];
  size_t col[3];
  for (int i = 0; i < 3; i++) {
    if (sc_int(p, &v[i], &col[i])) return p->err->code;
    if (!sc_lit(p, i < 2 ? "," : ">")) return sc_expected(p, i < 2 ? "','" : "'>'");
  }
  if (v[2] == INT64_MIN) /* "-9223372036854775808" cannot be read: |S| fits */
    return lo_fail(p->err, LO_EOVERFLOW, "column %zu: integer larger than 2^63-1", col[2]);
  if (check_bms(v[0], v[1], v[2], col, p->err)) return p->err->code;
  out->bits = (int)v[0];
  out->base = (int)v[1];
  out->shift = (int)v[2];
  return LO_OK;
}

/* Fail unless only blanks are left. */
static int sc_end(scan *p) {
  sc_skip(p);
  if (p->s[p->pos] != 0) return sc_expected(p, "end of input");
  return LO_OK;
}

/* Parse a swizzle, the whole string. */
int lo_parse_swizzle(const char *s, lo_swizzle *out, lo_err *err) {
  scan p = {s, 0, err};
  if (parse_swizzle_at(&p, out)) return err->code;
  return sc_end(&p);
}

/* An error of a parser that read s + shift: move its "column N" by shift
** so that it names the column in s. */
static void shift_column(lo_err *err, size_t shift) {
  unsigned long long n = 0;
  int used = 0;
  if (shift == 0 || sscanf(err->msg, "column %llu: %n", &n, &used) != 1 || used == 0) return;
  char rest[sizeof err->msg];
  snprintf(rest, sizeof rest, "%s", err->msg + used);
  snprintf(err->msg, sizeof err->msg, "column %llu: %.200s", n + (unsigned long long)shift, rest);
}

/* Parse the offset of a composed layout: an integer or smem_ptr[Nb](unset). */
static int parse_offset_at(scan *p, lo_composed *out) {
  size_t col;
  lo_int v;
  if (sc_lit(p, "smem_ptr[")) {
    if (sc_int(p, &v, &col)) return p->err->code;
    if (v <= 0 || v > 1 << 20)
      return lo_fail(p->err, LO_EUNDEF, "column %zu: smem_ptr of %lld bits (1 to %d)", col,
                     (long long)v, 1 << 20);
    if (!sc_lit(p, "b](unset)")) return sc_expected(p, "'b](unset)'");
    out->smem_bits = (int)v;
    out->offset = 0;
    return LO_OK;
  }
  if (sc_int(p, &v, &col)) return p->err->code;
  out->offset = v;
  out->smem_bits = 0;
  return LO_OK;
}

/* Parse a composed layout "Sw<B,M,S> o OFFSET o LAYOUT" or a plain layout. */
int lo_parse_composed(const char *s, lo_composed *out, lo_err *err) {
  scan p = {s, 0, err};
  sc_skip(&p);
  if (strncmp(s + p.pos, "Sw", 2) != 0) { /* a plain layout */
    if (lo_parse_layout(s, &out->inner, err)) return err->code;
    if (out->inner.is_tiler)
      return lo_fail(err, LO_EUNSUPPORTED, "column %zu: a tiler is not a layout", p.pos + 1);
    out->sw = (lo_swizzle){0, 0, 0};
    out->offset = 0;
    out->smem_bits = 0;
    out->plain = 1;
    return LO_OK;
  }
  if (parse_swizzle_at(&p, &out->sw)) return err->code;
  if (!sc_lit(&p, "o")) return sc_expected(&p, "'o' after the swizzle");
  if (parse_offset_at(&p, out)) return err->code;
  if (!sc_lit(&p, "o")) return sc_expected(&p, "'o' after the offset");
  sc_skip(&p);
  size_t at = p.pos;
  if (lo_parse_layout(s + at, &out->inner, err)) {
    shift_column(err, at);
    return err->code;
  }
  if (out->inner.is_tiler)
    return lo_fail(err, LO_EUNSUPPORTED,
                   "column %zu: a tiler is not the layout of a composed layout", at + 1);
  out->plain = 0;
  return LO_OK;
}

/* --------------------------------------------------------------- printing */

/* Append the printf-style text to buf[*len..cap); LO_ESPACE (buf emptied)
** when it does not fit. */
static int put(char *buf, size_t cap, size_t *len, const char *fmt, long long a, long long b,
               long long c) {
  assert(*len < cap || cap == 0);
  if (cap == 0) return LO_ESPACE;
  int n = snprintf(buf + *len, cap - *len, fmt, a, b, c);
  if (n < 0 || (size_t)n >= cap - *len) {
    buf[0] = 0;
    return LO_ESPACE;
  }
  *len += (size_t)n;
  return LO_OK;
}

/* Print "Sw<B,M,S>". */
int lo_print_swizzle(const lo_swizzle *sw, char *buf, size_t cap) {
  size_t len = 0;
  return put(buf, cap, &len, "Sw<%lld,%lld,%lld>", sw->bits, sw->base, sw->shift);
}

/* Print a composed layout as CuTe does, without the '_' of static integers. */
int lo_print_composed(const lo_composed *c, char *buf, size_t cap) {
  if (c->plain) return lo_print_layout(&c->inner, buf, cap);
  size_t len = 0;
  if (put(buf, cap, &len, "Sw<%lld,%lld,%lld> o ", c->sw.bits, c->sw.base, c->sw.shift))
    return LO_ESPACE;
  int rc = c->smem_bits > 0 ? put(buf, cap, &len, "smem_ptr[%lldb](unset) o ", c->smem_bits, 0, 0)
                            : put(buf, cap, &len, "%lld o ", (long long)c->offset, 0, 0);
  if (rc) return rc;
  if (lo_print_layout(&c->inner, buf + len, cap - len)) {
    buf[0] = 0;
    return LO_ESPACE;
  }
  return LO_OK;
}

/* ------------------------------------------------------------- evaluation */

/* Check a swizzle built by hand. */
int lo_swizzle_check(const lo_swizzle *sw, lo_err *err) {
  return check_bms(sw->bits, sw->base, sw->shift, NULL, err);
}

/* CuTe's yyy_msk: the B bits read, at M + max(0,S). */
lo_int lo_swizzle_yyy(const lo_swizzle *sw) {
  if (sw->bits == 0) return 0;
  int at = sw->base + (sw->shift > 0 ? sw->shift : 0);
  return (lo_int)((((uint64_t)1 << sw->bits) - 1) << at);
}

/* CuTe's zzz_msk: the B bits written, at M - min(0,S). */
lo_int lo_swizzle_zzz(const lo_swizzle *sw) {
  if (sw->bits == 0) return 0;
  int at = sw->base - (sw->shift < 0 ? sw->shift : 0);
  return (lo_int)((((uint64_t)1 << sw->bits) - 1) << at);
}

/* 2^(B+M+|S|). */
lo_int lo_swizzle_period(const lo_swizzle *sw) {
  int abs_s = sw->shift < 0 ? -sw->shift : sw->shift;
  assert(sw->bits + sw->base + abs_s <= LO_SWIZZLE_MAX_BITS);
  return (lo_int)1 << (sw->bits + sw->base + abs_s);
}

/* x ^ shiftr(x & yyy, S), in unsigned arithmetic (two's complement for a
** negative x, as CuTe's int). */
int lo_swizzle_apply(const lo_swizzle *sw, lo_int x, lo_int *out, lo_err *err) {
  if (lo_swizzle_check(sw, err)) return err->code;
  uint64_t y = (uint64_t)x & (uint64_t)lo_swizzle_yyy(sw);
  y = sw->shift >= 0 ? y >> sw->shift : y << -sw->shift;
  *out = (lo_int)((uint64_t)x ^ y);
  return LO_OK;
}

/* sw(offset + inner(x)). */
int lo_composed_apply(const lo_composed *c, lo_int x, lo_int *out, lo_err *err) {
  lo_int v;
  if (lo_apply(&c->inner, x, &v, err)) return err->code;
  lo_int off = c->smem_bits > 0 ? 0 : c->offset;
  if (lo_add(off, v, &v, "the offset plus the inner layout's value", err)) return err->code;
  return lo_swizzle_apply(&c->sw, v, out, err);
}

/* c = sw o offset o inner. */
void lo_composed_make(lo_composed *c, const lo_swizzle *sw, lo_int offset, const lo_layout *inner) {
  c->sw = *sw;
  c->offset = offset;
  c->smem_bits = 0;
  c->plain = 0;
  lo_layout_copy(&c->inner, inner);
}

/* ----------------------------------------------- CuTe's swizzle algebra */

/* Refuse, as CuTe's compiler does, a swizzle that fails its static_asserts
** (with their messages) or whose masks do not fit its int: B + M + |S| >
** 32, or M + |S| > 31 when B = 0 (a shift by 32). */
int lo_swizzle_cute_check(const lo_swizzle *sw, lo_err *err) {
  int abs_s = sw->shift < 0 ? -sw->shift : sw->shift;
  if (sw->base < 0) return lo_fail(err, LO_EUNDEF, "CuTe refuses: MBase must be positive.");
  if (sw->bits < 0) return lo_fail(err, LO_EUNDEF, "CuTe refuses: BBits must be positive.");
  if (abs_s < sw->bits)
    return lo_fail(err, LO_EUNDEF, "CuTe refuses: abs(SShift) must be more than BBits.");
  if (sw->bits == 0 ? sw->base + abs_s > 31 : sw->bits + sw->base + abs_s > 32)
    return lo_fail(err, LO_EUNDEF,
                   "CuTe refuses: Sw<%d,%d,%d>: its masks do not fit CuTe's int (overflow in "
                   "constant expression)",
                   sw->bits, sw->base, sw->shift);
  return LO_OK;
}

/* log2 of n > 0 when n is a power of two, else -1. */
static int log2_exact(lo_int n) {
  if (n <= 0 || (n & (n - 1)) != 0) return -1;
  int k = 0;
  while ((n >> k) != 1) k++;
  return k;
}

/* The shift *k = log2 N of an up- or downcast of sw by N, after checking
** sw: CuTe recasts a swizzle by a power of two only. */
static int recast_log2(const lo_swizzle *sw, lo_int n, int *k, lo_err *err) {
  *k = log2_exact(n);
  if (*k < 0)
    return lo_fail(err, LO_EUNDEF, "CuTe refuses: N must be a power of two (N = %lld)",
                   (long long)n);
  return lo_swizzle_check(sw, err);
}

/* CuTe's upcast<N>(Sw<B,M,S>): Sw<B,M-log2 N,S>, or Sw<max(B+M-log2 N,0),0,S>
** when M < log2 N. */
int lo_swizzle_upcast(const lo_swizzle *sw, lo_int n, lo_swizzle *out, lo_err *err) {
  int k;
  if (recast_log2(sw, n, &k, err)) return err->code;
  lo_swizzle r = *sw;
  if (sw->base - k >= 0) {
    r.base = sw->base - k;
  } else {
    r.bits = sw->bits + sw->base - k > 0 ? sw->bits + sw->base - k : 0;
    r.base = 0;
  }
  *out = r;
  return LO_OK;
}

/* CuTe's downcast<N>(Sw<B,M,S>): Sw<B,M+log2 N,S>. */
int lo_swizzle_downcast(const lo_swizzle *sw, lo_int n, lo_swizzle *out, lo_err *err) {
  int k;
  if (recast_log2(sw, n, &k, err)) return err->code;
  lo_swizzle r = *sw;
  r.base = sw->base + k;
  if (lo_swizzle_check(&r, err)) return err->code;
  *out = r;
  return LO_OK;
}

/* Number of set bits and of trailing zeros (64 for 0) of a mask. */
static int popcount64(uint64_t v) {
  int n = 0;
  for (; v; v &= v - 1) n++;
  return n;
}
static int ctz64(uint64_t v) { return v ? __builtin_ctzll(v) : 64; }

static int make_swizzle(uint64_t y, uint64_t z, lo_swizzle *out, lo_err *err);

/* CuTe's composition(Swizzle, Swizzle): the swizzle of the XORed masks
** (make_swizzle<Y,Z>), as cute/swizzle.hpp computes it in 32 bits. */
int lo_cute_swizzle_composition(const lo_swizzle *a, const lo_swizzle *b, lo_swizzle *out,
                                lo_err *err) {
  if (lo_swizzle_cute_check(a, err) || lo_swizzle_cute_check(b, err)) return err->code;
  if (a->shift != b->shift)
    return lo_fail(err, LO_EUNDEF, "CuTe refuses: Can only merge swizzles of the same shift.");
  uint64_t y = (uint64_t)(lo_swizzle_yyy(a) ^ lo_swizzle_yyy(b));
  uint64_t z = (uint64_t)(lo_swizzle_zzz(a) ^ lo_swizzle_zzz(b));
  return make_swizzle(y, z, out, err);
}

/* CuTe's make_swizzle<Y,Z>(): the swizzle whose masks are Y (read) and Z
** (written), in 32 bits, with its static_asserts. */
static int make_swizzle(uint64_t y, uint64_t z, lo_swizzle *out, lo_err *err) {
  if (y > UINT32_MAX || z > UINT32_MAX)
    return lo_fail(err, LO_EUNDEF, "CuTe refuses: the masks 0x%llx, 0x%llx do not fit uint32_t",
                   (unsigned long long)y, (unsigned long long)z);
  if (popcount64(y) != popcount64(z))
    return lo_fail(err, LO_EUNDEF, "CuTe refuses: Number of bits in Y and Z don't match");
  int ty = ctz64(y) == 64 ? 32 : ctz64(y), tz = ctz64(z) == 64 ? 32 : ctz64(z);
  lo_swizzle r = {popcount64(y), (ty < tz ? ty : tz) % 32, ty - tz};
  if (lo_swizzle_cute_check(&r, err)) return err->code;
  if ((y | z) != (uint64_t)(lo_swizzle_yyy(&r) | lo_swizzle_zzz(&r)))
    return lo_fail(err, LO_EUNDEF, "CuTe refuses: Something went wrong.");
  *out = r;
  return LO_OK;
}

/* a o b as a function (b first): CuTe's answer where it is a o b, which
** is when a reads no bit b writes; an error naming CuTe's answer
** otherwise. */
int lo_swizzle_composition(const lo_swizzle *a, const lo_swizzle *b, lo_swizzle *out, lo_err *err) {
  lo_swizzle r;
  if (lo_cute_swizzle_composition(a, b, &r, err)) return err->code;
  char shown[64];
  lo_print_swizzle(&r, shown, sizeof shown);
  if ((lo_swizzle_yyy(a) & lo_swizzle_zzz(b)) != 0)
    return lo_fail(err, LO_EUNDEF,
                   "not a swizzle: CuTe prints %s, but the outer swizzle reads bits the inner one "
                   "writes (yyy 0x%llx, zzz 0x%llx), so the composite is not one XOR of bits",
                   shown, (unsigned long long)lo_swizzle_yyy(a),
                   (unsigned long long)lo_swizzle_zzz(b));
  if (lo_swizzle_zzz(&r) != (lo_swizzle_zzz(a) ^ lo_swizzle_zzz(b)))
    return lo_fail(err, LO_EUNDEF, "not the composite: CuTe prints %s", shown);
  *out = r;
  return LO_OK;
}

/* CuTe's as_position_independent_swizzle_layout: the swizzle recast from
** bytes to smem_bits-bit elements, offset 0 (a plain layout when the
** swizzle becomes the identity). */
int lo_composed_position_independent(const lo_composed *c, lo_composed *out, lo_err *err) {
  lo_swizzle sw = c->sw;
  int bits = c->smem_bits;
  if (bits > 0) {
    if (log2_exact(bits) < 0 || bits > 128)
      return lo_fail(err, LO_EUNDEF, "CuTe refuses: no uint_bit_t<%d> (1, 2, 4, ..., 128 bits)",
                     bits);
    int rc = bits >= 8 ? lo_swizzle_upcast(&c->sw, bits / 8, &sw, err)
                       : lo_swizzle_downcast(&c->sw, 8 / bits, &sw, err);
    if (rc) return rc;
  }
  if (out != c) lo_layout_copy(&out->inner, &c->inner);
  out->sw = sw;
  out->offset = bits > 0 ? 0 : c->offset;
  out->smem_bits = 0;
  out->plain = c->plain || (sw.bits == 0 && out->offset == 0);
  return LO_OK;
}

/* ------------------------------------------------------------- recasts */

/* CuTe's upcast<N> (up) or downcast<N> of a composed layout: the swizzle,
** the offset and the inner layout each (an smem_ptr offset keeps the
** swizzle and scales its bits, cute/pointer_flagged.hpp). */
int lo_cute_recast_composed(const lo_composed *c, lo_int n, int up, lo_composed *out, lo_err *err) {
  if (n <= 0)
    return lo_fail(err, LO_EUNDEF, "CuTe refuses: N = %lld is not positive", (long long)n);
  if (lo_swizzle_cute_check(&c->sw, err)) return err->code;
  lo_swizzle sw = c->sw;
  lo_int off = 0, bits = 0;
  if (c->smem_bits > 0) {
    if (up ? lo_mul(c->smem_bits, n, &bits, "smem_ptr bits", err) : 0) return err->code;
    if (!up) bits = c->smem_bits / n;
    if (bits <= 0 || bits > 1 << 20)
      return lo_fail(err, LO_EUNSUPPORTED,
                     "smem_ptr[%lldb](unset): CuTe's flag of %lld bits is no value here (1 to %d)",
                     (long long)bits, (long long)bits, 1 << 20);
  } else {
    int rc = up ? lo_swizzle_upcast(&c->sw, n, &sw, err) : lo_swizzle_downcast(&c->sw, n, &sw, err);
    if (rc == LO_OK) rc = lo_swizzle_cute_check(&sw, err);
    if (rc) return rc;
    if (up && c->offset % n != 0)
      return lo_fail(err, LO_EUNDEF,
                     "CuTe refuses: Static safe_div requires t %% u == 0 (offset "
                     "%lld, N %lld)",
                     (long long)c->offset, (long long)n);
    if (up)
      off = c->offset / n;
    else if (lo_mul(c->offset, n, &off, "downcast offset", err))
      return err->code;
  }
  int rc = up ? lo_cute_upcast(&c->inner, n, &out->inner, err)
              : lo_cute_downcast(&c->inner, n, &out->inner, err);
  if (rc) return rc;
  out->sw = sw;
  out->offset = off;
  out->smem_bits = (int)bits;
  out->plain = 0;
  return LO_OK;
}

/* L at one of a swizzle's masks as CuTe computes a(mask) (what, "yyy" or
** "zzz", names it): the mask is an int constant, so a mask with bit 31 set
** is the negative int mask - 2^32, at which L's coordinates (C++'s
** truncating / and %) are those of 2^32 - mask negated, and L's value the
** negated L(2^32 - mask); a value past INT32_MAX is no int constant.  CuTe
** then takes the value as make_swizzle's uint32_t template argument, which
** a negative int is not.  0, or LO_EUNDEF naming CuTe's refusal. */
static int cute_mask_value(const lo_layout *l, lo_int mask, const char *what, lo_int *out,
                           lo_err *err) {
  lo_int v;
  int negative = mask > INT32_MAX;
  if (lo_apply(l, negative ? ((lo_int)1 << 32) - mask : mask, &v, err)) return err->code;
  if (negative && v != 0)
    return lo_fail(err, LO_EUNDEF,
                   "CuTe refuses: no matching function for call to 'make_swizzle<active_Y, "
                   "active_Z>()' (the %s mask 0x%llx is the int %lld in CuTe, where L is %lld, "
                   "no uint32_t template argument)",
                   what, (unsigned long long)mask, (long long)(mask - ((lo_int)1 << 32)),
                   (long long)-v);
  if (v > INT32_MAX)
    return lo_fail(err, LO_EUNDEF,
                   "CuTe refuses: L(%s) = %lld does not fit CuTe's int (no constant expression "
                   "for make_swizzle)",
                   what, (long long)v);
  *out = negative ? 0 : v;
  return LO_OK;
}

/* CuTe's composition(Layout, Swizzle) (cute/swizzle_layout.hpp): the
** swizzle make_swizzle<L(yyy), L(zzz)> on L's values, composed with L. */
int lo_cute_layout_swizzle(const lo_layout *l, const lo_swizzle *sw, lo_swizzle *out, lo_err *err) {
  lo_int y, z;
  if (lo_swizzle_cute_check(sw, err)) return err->code;
  if (cute_mask_value(l, lo_swizzle_yyy(sw), "yyy", &y, err) ||
      cute_mask_value(l, lo_swizzle_zzz(sw), "zzz", &z, err))
    return err->code;
  if (y < 0 || z < 0) return lo_fail(err, LO_EUNDEF, "CuTe refuses: a negative mask");
  return make_swizzle((uint64_t)y, (uint64_t)z, out, err);
}
