/* test_lo_bank.c -- shared-memory wavefronts and bank conflicts
** (oracle/lo_bank.c) on hand-worked accesses, and the op bank_conflicts.
** Every expected count is worked out in the comment beside it from the
** model of lo_bank.c: word = address/4, bank = word mod 32; per phase
** (the warp for accesses of up to 4 bytes, half-warps for 8 bytes,
** quarter-warps for 16), the busiest bank's number of distinct words;
** conflicts = wavefronts - (phases with an active lane). */
#include "lo_test.h"
#include "t.h"

#include <string.h>

/* An access of width bytes by the lanes in mask, lane t at addr(t). */
static lo_bank_access access_of(int width, uint32_t mask) {
  lo_bank_access a;
  memset(&a, 0, sizeof a);
  a.width = width;
  a.active = mask;
  return a;
}

/* Count a and check the wavefronts and conflicts. */
static void expect(const lo_bank_access *a, int wavefronts, int conflicts, int line) {
  lo_bank_count c;
  lo_err e;
  int rc = lo_bank_conflicts(a, &c, &e);
  if (!t_eq_int(rc, LO_OK, "lo_bank_conflicts", __FILE__, line)) {
    printf("    %s\n", e.msg);
    return;
  }
  t_eq_int(c.wavefronts, wavefronts, "wavefronts", __FILE__, line);
  t_eq_int(c.conflicts, conflicts, "conflicts", __FILE__, line);
}
#define EXPECT(a, w, c) expect(&(a), (w), (c), __LINE__)

/* 4-byte accesses of a 32x32 float tile, row-major (element (r,c) at
** 4*(32r + c) bytes). */
static void test_float_tile(void) {
  lo_bank_access a = access_of(4, 0xffffffffu);
  lo_bank_count c;
  lo_err e;
  /* Along a row: lane t reads (0,t) at 4t: word t, bank t; every bank one
  ** word: 1 wavefront, 0 conflicts. */
  for (int t = 0; t < 32; t++) a.addr[t] = 4 * t;
  EXPECT(a, 1, 0);
  /* Down a column: lane t reads (t,0) at 128t: word 32t, bank 0 for every
  ** lane, 32 distinct words: 32 wavefronts, 31 conflicts (what Nsight
  ** Compute measured on an H100 for this load). */
  for (int t = 0; t < 32; t++) a.addr[t] = 128 * t;
  EXPECT(a, 32, 31);
  T_EQ_INT(lo_bank_conflicts(&a, &c, &e), LO_OK);
  T_EQ_INT(c.bank_words[0], 32);
  T_EQ_INT(c.bank_words[1], 0);
  T_EQ_INT(c.phases, 1);
  T_EQ_INT(c.ideal, 1);
  /* Down column 5 through the XOR swizzle (r,c) -> 32r + (c xor r): lane t
  ** at 4(32t + (5^t)), bank 5^t, which runs over all 32 banks as t does:
  ** 1 wavefront, 0 conflicts. */
  for (int t = 0; t < 32; t++) a.addr[t] = 4 * (32 * t + (5 ^ t));
  EXPECT(a, 1, 0);
  /* Padded rows of 33 floats: lane t reads (t,0) at 4*33t, word 33t, bank
  ** t mod 32: all distinct, 1 wavefront. */
  for (int t = 0; t < 32; t++) a.addr[t] = 4 * 33 * t;
  EXPECT(a, 1, 0);
  /* Stride of 2 words: lane t at word 2t, bank 2t mod 32; banks 0,2,..,30
  ** each get words w and w+32 (lanes t and t+16): 2 wavefronts, 1 conflict. */
  for (int t = 0; t < 32; t++) a.addr[t] = 8 * t;
  EXPECT(a, 2, 1);
}

/* Broadcasts, narrow accesses, inactive lanes. */
static void test_broadcast_and_lanes(void) {
  lo_bank_access a = access_of(4, 0xffffffffu);
  /* Every lane reads word 7: one word, 1 wavefront (a broadcast). */
  for (int t = 0; t < 32; t++) a.addr[t] = 28;
  EXPECT(a, 1, 0);
  /* Lanes 0-15 read word 0, lanes 16-31 word 32: bank 0 holds 2 words:
  ** 2 wavefronts, 1 conflict. */
  for (int t = 0; t < 32; t++) a.addr[t] = t < 16 ? 0 : 128;
  EXPECT(a, 2, 1);
  /* 2-byte accesses, lane t at 2t: lanes 2k and 2k+1 share word k (bank
  ** k), 16 words in 16 banks: 1 wavefront. */
  a = access_of(2, 0xffffffffu);
  for (int t = 0; t < 32; t++) a.addr[t] = 2 * t;
  EXPECT(a, 1, 0);
  /* 1-byte accesses, lane t at 128t + (t & 3): word 32t, bank 0, 32 words:
  ** 32 wavefronts. */
  a = access_of(1, 0xffffffffu);
  for (int t = 0; t < 32; t++) a.addr[t] = 128 * t + (t & 3);
  EXPECT(a, 32, 31);
  /* Column read with only the even lanes active: 16 words in bank 0: 16
  ** wavefronts, 15 conflicts; the odd lanes' addresses (here misaligned
  ** garbage) are not read. */
  a = access_of(4, 0x55555555u);
  for (int t = 0; t < 32; t++) a.addr[t] = t % 2 ? 3 : 128 * t;
  EXPECT(a, 16, 15);
  /* One active lane: 1 wavefront. */
  a = access_of(4, 1u << 9);
  a.addr[9] = 4096;
  EXPECT(a, 1, 0);
  /* No active lane: no wavefront at all. */
  a = access_of(4, 0);
  EXPECT(a, 0, 0);
}

/* 8-byte accesses, in half-warps (lanes 0-15, 16-31), two words each. */
static void test_64_bit(void) {
  lo_bank_access a = access_of(8, 0xffffffffu);
  /* Lane t at 8t: half-warp 0 covers words 0..31 once each (banks 0..31),
  ** half-warp 1 words 32..63 (banks 0..31): 1 + 1 wavefronts, ideal 2, 0
  ** conflicts. */
  for (int t = 0; t < 32; t++) a.addr[t] = 8 * t;
  EXPECT(a, 2, 0);
  /* Lane t at 16t: half-warp 0's lanes cover words 4t, 4t+1, banks 4t mod
  ** 32 and 4t+1 mod 32; lanes t and t+8 share banks (4t+32 = 4t mod 32)
  ** with different words: 2 per bank, 2 wavefronts per half-warp, 4 in
  ** all, 2 conflicts. */
  for (int t = 0; t < 32; t++) a.addr[t] = 16 * t;
  EXPECT(a, 4, 2);
  /* Down a column of a row-major 32x16 double tile (rows of 128 bytes):
  ** lane t at 128t covers words 32t, 32t+1 (banks 0 and 1); each half-warp
  ** holds 16 words in bank 0: 16 + 16 wavefronts, 30 conflicts. */
  for (int t = 0; t < 32; t++) a.addr[t] = 128 * t;
  EXPECT(a, 32, 30);
  /* Every lane at address 0 (a broadcast): one wavefront per half-warp,
  ** not merged across them: 2, no conflict. */
  for (int t = 0; t < 32; t++) a.addr[t] = 0;
  EXPECT(a, 2, 0);
  /* Only half-warp 1 active, lane t at 8(t-16): one phase, 1 wavefront. */
  a.active = 0xffff0000u;
  for (int t = 0; t < 32; t++) a.addr[t] = 8 * (t - 16 < 0 ? 0 : t - 16);
  EXPECT(a, 1, 0);
}

/* 16-byte accesses, in quarter-warps (lanes 8q..8q+7), four words each:
** the 8x64 half tile read as ldmatrix reads it. */
static void test_128_bit(void) {
  lo_bank_access a = access_of(16, 0xffffffffu);
  lo_bank_count c;
  lo_err e;
  /* Lane t at 16t: quarter-warp q covers words 32q..32q+31 once each: 1
  ** wavefront per quarter, 4 in all, 0 conflicts (the ideal of an LDS.128). */
  for (int t = 0; t < 32; t++) a.addr[t] = 16 * t;
  EXPECT(a, 4, 0);
  /* Row-major 8x64 halves (rows of 128 bytes), ldmatrix.x4 of the four 8x8
  ** matrices side by side: lane t gives row t%8 of matrix t/8, 8 halves at
  ** element 64(t%8) + 8(t/8), byte 128(t%8) + 16(t/8).  Quarter q holds
  ** rows 0..7 at column block q: words 32r + 4q .. +3, banks 4q..4q+3, 8
  ** distinct words each: 8 wavefronts per quarter, 32 in all, ideal 4, 28
  ** conflicts. */
  for (int t = 0; t < 32; t++) a.addr[t] = 128 * (t % 8) + 16 * (t / 8);
  EXPECT(a, 32, 28);
  T_EQ_INT(lo_bank_conflicts(&a, &c, &e), LO_OK);
  /* bank 4q..4q+3 serve 8 words in quarter q: 8 per bank over all phases */
  T_EQ_INT(c.bank_words[0], 8);
  T_EQ_INT(c.bank_words[15], 8);
  T_EQ_INT(c.bank_words[16], 0);
  T_EQ_INT(c.phases, 4);
  T_EQ_INT(c.ideal, 4);
  /* The same through the 128-byte swizzle (Swizzle<3,4,3> on the byte
  ** address: bits 7-9, the row, XOR into bits 4-6, the 16-byte chunk): byte
  ** 128r + 16(q ^ r); quarter q's rows land in banks 4(q^r)..+3, distinct
  ** for r = 0..7: 1 wavefront per quarter, 4, 0 conflicts. */
  for (int t = 0; t < 32; t++) a.addr[t] = 128 * (t % 8) + 16 * ((t / 8) ^ (t % 8));
  EXPECT(a, 4, 0);
  /* Only lanes 0-7 (ldmatrix.x1, one matrix), unswizzled: quarter 0 alone,
  ** 8 wavefronts, ideal 1, 7 conflicts. */
  a.active = 0xffu;
  for (int t = 0; t < 32; t++) a.addr[t] = 128 * (t % 8);
  EXPECT(a, 8, 7);
  /* Every lane reads the same 16 bytes: 1 wavefront per quarter, 4. */
  a.active = 0xffffffffu;
  for (int t = 0; t < 32; t++) a.addr[t] = 48;
  EXPECT(a, 4, 0);
}

/* Bad accesses are refused with a message naming the lane. */
static void test_errors(void) {
  lo_bank_access a = access_of(4, 0xffffffffu);
  lo_bank_count c;
  lo_err e;
  for (int t = 0; t < 32; t++) a.addr[t] = 4 * t;
  a.addr[3] = 6;
  T_EQ_INT(lo_bank_conflicts(&a, &c, &e), LO_EUNDEF);
  T_EQ_STR(e.msg, "lane 3: address 6 is not aligned to the 4-byte access");
  a.addr[3] = -4;
  T_EQ_INT(lo_bank_conflicts(&a, &c, &e), LO_EUNDEF);
  T_EQ_STR(e.msg, "lane 3: negative address -4");
  a.addr[3] = 12;
  a.width = 3;
  T_EQ_INT(lo_bank_conflicts(&a, &c, &e), LO_EUNDEF);
  T_EQ_STR(e.msg, "an access is 1, 2, 4, 8 or 16 bytes wide, not 3");
  a.width = 32;
  T_EQ_INT(lo_bank_conflicts(&a, &c, &e), LO_EUNDEF);
  /* the largest aligned address does not overflow the word arithmetic */
  a.width = 16;
  for (int t = 0; t < 32; t++) a.addr[t] = INT64_MAX - 15 - 16 * t;
  T_EQ_INT(lo_bank_conflicts(&a, &c, &e), LO_OK);
}

/* The op bank_conflicts SMEM BITS[xV] ACCESS [banks], its answer or
** "error: MESSAGE". */
static const char *bank_op(const char *smem, const char *bits, const char *access,
                           const char *banks) {
  static char out[1 << 14], shown[(1 << 14) + 8];
  const char *argv[4] = {smem, bits, access, banks};
  if (lo_eval("bank_conflicts", banks ? 4 : 3, argv, out, sizeof out) == LO_OK) return out;
  snprintf(shown, sizeof shown, "error: %s", out);
  return shown;
}

/* The op over TV layouts: the domain of SMEM is indexed colexicographically
** (coordinate (r,c) of an (R,C) shape is r + R c), thread t's value v at
** TV(t + T v). */
static void test_op_tv(void) {
  /* 32x32 floats, row-major: (r,c) -> 32r + c.  TV 32:1: thread t reads
  ** index t = (t,0), offset 32t, byte 128t, bank 0: 32 wavefronts. */
  T_EQ_STR(bank_op("(32,32):(32,1)", "32", "32:1", NULL),
           "accesses=1 bytes=4 wavefronts=32 conflicts=31");
  /* TV 32:32: thread t reads index 32t = (0,t), offset t: 1 wavefront. */
  T_EQ_STR(bank_op("(32,32):(32,1)", "32", "32:32", NULL),
           "accesses=1 bytes=4 wavefronts=1 conflicts=0");
  /* The whole tile by columns, TV (32,32):(1,32): thread t, value v reads
  ** (t,v) at offset 32t + v: a thread's 32 values are consecutive, so it
  ** reads them as 8 vectors of 4 floats (16 bytes).  Access j: lane t at
  ** byte 128t + 16j, words 32t+4j..+3, banks 4j..4j+3 for every lane; a
  ** quarter-warp's 8 lanes put 8 words in each: 8 wavefronts per quarter,
  ** 32 per access, 256 over 8 accesses, ideal 4 each: 224 conflicts. */
  T_EQ_STR(bank_op("(32,32):(32,1)", "32", "(32,32):(1,32)", NULL),
           "accesses=8 bytes=16 wavefronts=256 conflicts=224");
  /* Forced to scalar loads (32x1): 32 accesses like the column read. */
  T_EQ_STR(bank_op("(32,32):(32,1)", "32x1", "(32,32):(1,32)", NULL),
           "accesses=32 bytes=4 wavefronts=1024 conflicts=992");
  /* Forced to pairs (32x2): lane t at byte 128t + 8j, words 32t+2j, +1 in
  ** banks 2j, 2j+1; a half-warp's 16 lanes: 16 words per bank, 16 + 16
  ** wavefronts, ideal 2: 30 conflicts per access, 16 accesses. */
  T_EQ_STR(bank_op("(32,32):(32,1)", "32x2", "(32,32):(1,32)", NULL),
           "accesses=16 bytes=8 wavefronts=512 conflicts=480");
  /* ldmatrix.x4 over a row-major 8x64 half tile ((r,c) -> 64r + c).  CuTe's
  ** Copy_Traits<SM75_U32x4_LDSM_N> (cute/atom/copy_traits_sm75.hpp) reads
  ** through the source TV layout (32,128):(128,1) in bits, (32,8):(8,1) in
  ** halves: thread t gives the t-th 16-byte row of the four 8x8 matrices.
  ** Matrix t/8 taken as columns 8(t/8).. of the tile, lane t gives row t%8
  ** of matrix t/8, i.e. coordinate (t%8, 8(t/8)+v),
  ** index t%8 + 8(8(t/8) + v) = (t%8) + 64(t/8) + 8v: TV
  ** ((8,4),8):((1,64),8).  Offsets 64(t%8) + 8(t/8) + v are consecutive in
  ** v and start at a multiple of 8: one 16-byte vector per lane, at byte
  ** 128(t%8) + 16(t/8).  Quarter q: rows 0..7 at banks 4q..4q+3, 8 words
  ** each: 8 wavefronts per quarter, 32, ideal 4, 28 conflicts. */
  T_EQ_STR(bank_op("(8,64):(64,1)", "16", "((8,4),8):((1,64),8)", NULL),
           "accesses=1 bytes=16 wavefronts=32 conflicts=28");
  /* The same tile padded to rows of 72 halves (144 bytes): lane t at byte
  ** 144(t%8) + 16(t/8), word 36(t%8) + 4(t/8), bank 4(t%8 + t/8) mod 32:
  ** quarter q's rows r = 0..7 take banks 4(r+q)..+3, all distinct: 1 per
  ** quarter, 4, no conflict. */
  T_EQ_STR(bank_op("(8,64):(72,1)", "16", "((8,4),8):((1,64),8)", NULL),
           "accesses=1 bytes=16 wavefronts=4 conflicts=0");
  /* 40 threads: warp 0 full, warp 1 with lanes 0-7 (threads 32..39).
  ** Thread t reads float t of a row: warp 0, banks 0..31: 1; warp 1, 8
  ** lanes: 1.  Two accesses, 2 wavefronts. */
  T_EQ_STR(bank_op("(64):(1)", "32", "40:1", NULL), "accesses=2 bytes=4 wavefronts=2 conflicts=0");
  /* 64-bit elements: a column of a row-major 32x16 double tile (rows of
  ** 128 bytes): lane t at byte 128t, words 32t, 32t+1 (banks 0, 1); each
  ** half-warp 16 words per bank: 16 + 16, ideal 2, 30 conflicts. */
  T_EQ_STR(bank_op("(32,16):(16,1)", "64", "32:1", NULL),
           "accesses=1 bytes=8 wavefronts=32 conflicts=30");
  /* 128-bit elements: lane t reads element t of a row, byte 16t: 1 per
  ** quarter, 4. */
  T_EQ_STR(bank_op("(32):(1)", "128", "32:1", NULL),
           "accesses=1 bytes=16 wavefronts=4 conflicts=0");
  /* Values not consecutive: a thread's two values 32 floats apart are two
  ** scalar loads (the default falls back to 1 element): each a row read. */
  T_EQ_STR(bank_op("(32,32):(32,1)", "32", "(32,2):(32,1)", NULL),
           "accesses=2 bytes=4 wavefronts=2 conflicts=0");
  T_EQ_STR(bank_op("(32,32):(32,1)", "32x2", "(32,2):(32,1)", NULL),
           "error: argument 3: the values of a thread do not form aligned vectors of 2 "
           "consecutive elements");
  /* Consecutive but not aligned: thread t's values at offsets 3t, 3t+1; for
  ** odd t the pair does not start at a multiple of 2, so the default reads
  ** them one at a time: value v of lane t at word 3t+v, bank (3t+v) mod 32,
  ** distinct over t (3 is prime to 32): 1 wavefront each. */
  T_EQ_STR(bank_op("(96):(1)", "32", "(32,2):(3,1)", NULL),
           "accesses=2 bytes=4 wavefronts=2 conflicts=0");
  T_EQ_STR(bank_op("(96):(1)", "32x2", "(32,2):(3,1)", NULL),
           "error: argument 3: the values of a thread do not form aligned vectors of 2 "
           "consecutive elements");
}

/* The op over lists of coordinates, the per-bank table, and errors. */
static void test_op_list(void) {
  /* 8 lanes reading a 128-bit row each of the 8x64 half tile: lane t at
  ** byte 128t, banks 0..3, 8 words each: 8 wavefronts (quarter 0 alone),
  ** ideal 1; the table: banks 0-3 serve 8 words. */
  T_EQ_STR(bank_op("(8,64):(64,1)", "16x8", "[(0,0),(1,0),(2,0),(3,0),(4,0),(5,0),(6,0),(7,0)]",
                   "banks"),
           "accesses=1 bytes=16 wavefronts=8 conflicts=7; access 0: wavefronts=8 conflicts=7 "
           "banks=[8,8,8,8,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]");
  /* Integer indices: index 1 of (8,64) is (1,0), offset 64, byte 128; index
  ** 8 is (0,1), offset 1, byte 2 (word 0, with index 0). */
  T_EQ_STR(bank_op("(8,64):(64,1)", "16", "[0,1,8]", "banks"),
           "accesses=1 bytes=2 wavefronts=2 conflicts=1; access 0: wavefronts=2 conflicts=1 "
           "banks=[2,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]");
  /* Inactive lanes: '_' and the lanes past the list; none active at all. */
  T_EQ_STR(bank_op("(8,64):(64,1)", "16", "[(0,0),_,(0,1)]", NULL),
           "accesses=1 bytes=2 wavefronts=1 conflicts=0");
  T_EQ_STR(bank_op("(8,64):(64,1)", "16", "[]", NULL),
           "accesses=1 bytes=2 wavefronts=0 conflicts=0");
  T_EQ_STR(bank_op("(8,64):(64,1)", "16", "[_,_]", NULL),
           "accesses=1 bytes=2 wavefronts=0 conflicts=0");
  /* Errors name the argument and the lane. */
  T_EQ_STR(bank_op("(8,64):(64,1)", "16", "[(8,0)]", NULL),
           "error: argument 3: lane 0: (8,0): entry 1 is past its extent 8");
  T_EQ_STR(bank_op("(8,64):(64,1)", "16", "[0,(1,2,3)]", NULL),
           "error: argument 3: lane 1: (1,2,3) is not congruent with the shape of the layout");
  T_EQ_STR(bank_op("(8,64):(64,1)", "16", "[512]", NULL),
           "error: argument 3: lane 0: 512 is outside the domain [0,512)");
  T_EQ_STR(bank_op("(8,64):(64,1)", "16", "[0,]", NULL),
           "error: argument 3: a missing coordinate after ','");
  T_EQ_STR(bank_op("(8,64):(64,1)", "16", "[0", NULL),
           "error: argument 3: a list [c0,c1,...] is in brackets");
  T_EQ_STR(bank_op("(8,64):(64,1)", "16", "[,0]", NULL),
           "error: argument 3: lane 0: a missing coordinate");
  T_EQ_STR(bank_op("(64):(1)", "32",
                   "[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,"
                   "29,30,31,32]",
                   NULL),
           "error: argument 3: more than 32 lanes");
  /* A vector read at a coordinate whose offset is not aligned to it. */
  T_EQ_STR(bank_op("(8,64):(64,1)", "16x8", "[(0,1)]", NULL),
           "error: argument 3: lane 0: address 2 is not aligned to the 16-byte access");
  T_EQ_STR(bank_op("(8,64):(64,1)", "16x3", "[0]", NULL),
           "error: argument 2: 3 elements of 16 bits are not one access of 1, 2, 4, 8 or 16 bytes");
  T_EQ_STR(bank_op("(8,64):(64,1)", "16x16", "[0]", NULL),
           "error: argument 2: 16 elements of 16 bits are not one access of 1, 2, 4, 8 or 16 "
           "bytes");
  T_EQ_STR(bank_op("(8,64):(64,1)", "12", "[0]", NULL),
           "error: argument 2: an element is 8, 16, 32, 64 or 128 bits, not 12");
  T_EQ_STR(bank_op("(8,64):(64,1)", "16", "[0]", "bank"),
           "error: argument 4: the word banks, or nothing");
  T_EQ_STR(bank_op("(8,64):(64,1)", "16", "(2,2,2):(1,2,4)", NULL),
           "error: argument 3: a TV layout has one or two top-level modes (thread, value), not 3");
  T_EQ_STR(bank_op("(8,64):(64,1)", "16", "600:1", NULL),
           "error: argument 3: thread 512 value 0: coordinate 512 is outside the shared-memory "
           "layout's domain [0,512)");
  T_EQ_STR(bank_op("(8,64):(64,1)", "16", "(256,257):(1,256)", NULL),
           "error: argument 3: more than 65536 thread values");
}

/* Swizzled shared-memory layouts (composed layouts sw o offset o inner):
** the 8x64 half tile, row-major ((r,c) -> 64r + c), and the 32x32 float
** tile.  CuTe's Swizzle<B,M,S> XORs the B bits of x at M+S into the B bits
** at M. */
static void test_op_swizzled(void) {
  const char *ldsm = "((8,4),8):((1,64),8)"; /* ldmatrix.x4: lane t, row t%8, column 8(t/8) */
  const char *rows = "[(0,0),(1,0),(2,0),(3,0),(4,0),(5,0),(6,0),(7,0)]"; /* 8 lanes, 8 rows */
  /* Sw<3,3,3> on element offsets (the 16-bit form of the 128-byte
  ** swizzle): o = 64r + 8q (lane of quarter q, row r), bits 6-8 of o are r,
  ** XORed into bits 3-5: o' = 64r + 8(q^r), byte 128r + 16(q^r), banks
  ** 4(q^r)..+3: distinct over r = 0..7, 1 wavefront per quarter: 4, 0. */
  T_EQ_STR(bank_op("Sw<3,3,3>o0o(8,64):(64,1)", "16", ldsm, NULL),
           "accesses=1 bytes=16 wavefronts=4 conflicts=0");
  /* 8 lanes reading rows 0..7 at column 0: q = 0, banks 4r..4r+3: 1. */
  T_EQ_STR(bank_op("Sw<3,3,3>o0o(8,64):(64,1)", "16x8", rows, NULL),
           "accesses=1 bytes=16 wavefronts=1 conflicts=0");
  /* Sw<3,4,3> with CuTe's smem_ptr[16b] offset (the GMMA 128-byte atom):
  ** the swizzle acts on the byte address b = 128r + 16q: bits 7-9 (r) into
  ** bits 4-6: b' = 128r + 16(q^r), the same as above: 4 and 1. */
  T_EQ_STR(bank_op("Sw<3,4,3>osmem_ptr[16b](unset)o(8,64):(64,1)", "16", ldsm, NULL),
           "accesses=1 bytes=16 wavefronts=4 conflicts=0");
  T_EQ_STR(bank_op("Sw<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)", "16x8", rows, NULL),
           "accesses=1 bytes=16 wavefronts=1 conflicts=0");
  /* Sw<3,4,3> on element offsets of halves (the byte swizzle applied to
  ** half offsets, a mistake): o = 64r + 8q, bits 7-9 of o are r>>1, XORed
  ** into bits 4-6: o' mod 64 = 8q ^ 16(r>>1), word mod 32 = 4q ^ 8(r>>1):
  ** rows 2k and 2k+1 share banks with different words: 2 wavefronts per
  ** quarter, 8, 4 conflicts; 8 lanes at column 0: 2 and 1.  The per-bank
  ** table: quarter q's rows start at banks 4q ^ 8k (k = r>>1 = 0..3), two
  ** words each; quarters 0 and 2 both cover banks {0,8,16,24}+0..3 and
  ** quarters 1 and 3 banks {4,12,20,28}+0..3: every bank 2 x 2 = 4 words. */
  T_EQ_STR(bank_op("Sw<3,4,3>o0o(8,64):(64,1)", "16", ldsm, "banks"),
           "accesses=1 bytes=16 wavefronts=8 conflicts=4; access 0: wavefronts=8 conflicts=4 "
           "banks=[4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4,4]");
  T_EQ_STR(bank_op("Sw<3,4,3>o0o(8,64):(64,1)", "16x8", rows, NULL),
           "accesses=1 bytes=16 wavefronts=2 conflicts=1");
  /* Sw<2,3,3>: only r&3 goes into bits 3-4: rows r and r+4 collide: 2 per
  ** quarter, 8, 4 conflicts. */
  T_EQ_STR(bank_op("Sw<2,3,3>o0o(8,64):(64,1)", "16", ldsm, NULL),
           "accesses=1 bytes=16 wavefronts=8 conflicts=4");
  /* The 32x32 float tile down column 0 through Sw<5,0,5>: offset 32t ->
  ** 32t + t, bank t: 1 wavefront (Nsight Compute: 1 and 0 on an H100);
  ** without the swizzle 32 and 31 (test_op_tv). */
  T_EQ_STR(bank_op("Sw<5,0,5>o0o(32,32):(32,1)", "32", "32:1", NULL),
           "accesses=1 bytes=4 wavefronts=1 conflicts=0");
  /* Down column 7 as a list of coordinates: lane t at 32t + (7^t). */
  T_EQ_STR(bank_op("Sw<5,0,5>o0o(32,32):(32,1)", "32",
                   "[(0,7),(1,7),(2,7),(3,7),(4,7),(5,7),(6,7),(7,7),(8,7),(9,7),(10,7),(11,7),"
                   "(12,7),(13,7),(14,7),(15,7),(16,7),(17,7),(18,7),(19,7),(20,7),(21,7),(22,7),"
                   "(23,7),(24,7),(25,7),(26,7),(27,7),(28,7),(29,7),(30,7),(31,7)]",
                   NULL),
           "accesses=1 bytes=4 wavefronts=1 conflicts=0");
  /* Sw<4,0,5> leaves bit 4 of the column alone: lane t's bank is t mod 16
  ** (XOR 0): lanes t and t+16 collide: 2, 1. */
  T_EQ_STR(bank_op("Sw<4,0,5>o0o(32,32):(32,1)", "32", "32:1", NULL),
           "accesses=1 bytes=4 wavefronts=2 conflicts=1");
  /* A whole-tile TV through a swizzle: thread t reads row t
  ** ((32,32):(1,32) reads (t,v)).  Sw<3,2,3> XORs bits 5-7 of the offset
  ** (t mod 8) into bits 2-4 (the 16-byte chunk j of the row): values
  ** 4j..4j+3 of row t sit at 32t + 4(j ^ (t mod 8)) + 0..3, consecutive and
  ** aligned, so a thread reads 8 vectors of 4 floats.  Vector j: lane t's
  ** banks 4(j ^ (t mod 8)) + 0..3; the 8 lanes of a quarter have 8
  ** distinct t mod 8: 8 distinct groups, 1 wavefront per quarter, 4 per
  ** access, 32 over the 8 accesses, no conflict. */
  T_EQ_STR(bank_op("Sw<3,2,3>o0o(32,32):(32,1)", "32", "(32,32):(1,32)", NULL),
           "accesses=8 bytes=16 wavefronts=32 conflicts=0");
  /* The element width must match an smem_ptr's; a swizzle that moves
  ** bytes inside an element is refused. */
  T_EQ_STR(bank_op("Sw<3,4,3>osmem_ptr[16b](unset)o(8,64):(64,1)", "32", "32:1", NULL),
           "error: argument 2: the layout's smem_ptr holds 16-bit elements, not 32-bit ones");
  T_EQ_STR(
      bank_op("Sw<1,0,1>osmem_ptr[16b](unset)o(8,64):(64,1)", "16", "32:1", NULL),
      "error: argument 3: thread 8 value 0: the swizzle maps byte 2 of element 1 to byte 3, inside "
      "an element");
  T_EQ_STR(bank_op("Sw<3,4,2>o0o(8,64):(64,1)", "16", "32:1", NULL),
           "error: argument 1: column 8: swizzle |S| = 2 is less than B = 3 (CuTe: abs(SShift) "
           "must be more than BBits)");
}

int main(void) {
  test_float_tile();
  test_broadcast_and_lanes();
  test_64_bit();
  test_128_bit();
  test_errors();
  test_op_tv();
  test_op_list();
  test_op_swizzled();
  return T_DONE();
}
