/* test_gpu_bank.c -- the bank-conflict stage's host side, compiled as C
** (gpu/gpu_bank.h): every case of the table plans (its compiled swizzle
** and kind agree with its text), its predictions are the hand-worked
** figures, its expected offsets follow the swizzle's formula worked out
** by hand, and the check accepts what a correct warp reads and finds
** planted faults (a wrong offset, a wrong byte, a misaligned buffer). */
#include "gpu_bank.h"
#include "t.h"

#include <stdlib.h>
#include <string.h>

/* The plan of the case named name (a failed check when there is none). */
static const gpu_bank_plan *plan_of(const char *name) {
  static gpu_bank_plan p;
  lo_err e;
  for (int i = 0; i < GPU_BANK_NCASES; i++) {
    const gpu_bank_case *c = gpu_bank_case_at(i);
    if (strcmp(c->name, name) != 0) continue;
    if (!T_EQ_INT(gpu_bank_plan_case(c, &p, &e), LO_OK)) printf("    %s\n", e.msg);
    return &p;
  }
  T_CHECK(!"no such case");
  return &p;
}

/* Case name predicts accesses, bytes per lane, wavefronts and conflicts. */
static void expect(const char *name, int accesses, int width, int wavefronts, int conflicts,
                   int line) {
  const gpu_bank_plan *p = plan_of(name);
  t_eq_int(p->naccess, accesses, name, __FILE__, line);
  t_eq_int(p->width, width, name, __FILE__, line);
  t_eq_int(p->total_wavefronts, wavefronts, name, __FILE__, line);
  t_eq_int(p->total_conflicts, conflicts, name, __FILE__, line);
}
#define EXPECT(n, a, b, w, c) expect((n), (a), (b), (w), (c), __LINE__)

/* Every case plans, and each predicts the figures worked out by hand in
** tests/test_lo_bank.c (the same layouts and accesses). */
static void test_cases(void) {
  lo_err e;
  static gpu_bank_plan p;
  T_CHECK(GPU_BANK_NCASES >= 29);
  for (int i = 0; i < GPU_BANK_NCASES; i++)
    if (!T_EQ_INT(gpu_bank_plan_case(gpu_bank_case_at(i), &p, &e), LO_OK))
      printf("    %s\n", e.msg);
  EXPECT("f32_column", 1, 4, 32, 31);
  EXPECT("f32_column_sw505", 1, 4, 1, 0);
  EXPECT("f32_column_sw405", 1, 4, 2, 1);
  EXPECT("f32_row", 1, 4, 1, 0);
  EXPECT("f32_padded_column", 1, 4, 1, 0);
  EXPECT("f32_rows_v4", 8, 16, 256, 224);
  EXPECT("f32_rows_v4_sw323", 8, 16, 32, 0);
  EXPECT("f32_rows_v2", 16, 8, 512, 480);
  EXPECT("f16_ldsm", 1, 16, 32, 28);
  EXPECT("f16_ldsm_sw333", 1, 16, 4, 0);
  EXPECT("f16_ldsm_sw343", 1, 16, 8, 4);
  EXPECT("f16_ldsm_sw343_ptr", 1, 16, 4, 0);
  EXPECT("f16_ldsm_sw233", 1, 16, 8, 4);
  EXPECT("f16_rows8", 1, 16, 8, 7);
  EXPECT("f16_rows8_sw343_ptr", 1, 16, 1, 0);
  EXPECT("f16_broadcast", 1, 2, 1, 0);
  EXPECT("f16_cta_v8", 4, 16, 16, 0);
  EXPECT("f16_cta_scalar", 32, 2, 128, 96);
  /* 64-bit: a column of 128-byte rows, 16 + 16 in banks 0-1; a row: lane t
  ** at byte 8t, 1 per half-warp */
  EXPECT("f64_column", 1, 8, 32, 30);
  EXPECT("f64_row", 1, 8, 2, 0);
  /* bytes: lane t at byte 128t, word 32t, bank 0 */
  EXPECT("u8_column", 1, 1, 32, 31);
  /* ldmatrix.x4 over one GMMA atom: lane t reads the 16 bytes of row t%8
  ** at byte 16(t/8) of the row, in quarter-warp phases of 8 lanes.
  ** 8-bit (8,128) and 32-bit (8,32) row-major: rows of 128 bytes, so the 8
  ** lanes of a phase read byte 128r + 16q, all in the same 4 banks: 8
  ** wavefronts a phase, 32 in all, 28 more than the 4 of 512 bytes.
  ** Through Sw<3,4,3> on byte addresses, bits 7-9 (r) are XORed into bits
  ** 4-6 (q): the phase's 16-byte chunks are q^r, 8 distinct: 4/0. */
  EXPECT("u8_ldsm", 1, 16, 32, 28);
  EXPECT("u8_ldsm_sw128_ptr", 1, 16, 4, 0);
  EXPECT("f32_ldsm", 1, 16, 32, 28);
  EXPECT("f32_ldsm_sw128_ptr", 1, 16, 4, 0);
  /* 16-bit (8,32): rows of 64 bytes, lane at byte 64r + 16q: chunk
  ** 4(r&1) + q of the 128-byte line, 2 distinct a phase, 4 lanes each: 4
  ** wavefronts a phase, 16/12.  Sw<2,4,3> XORs bits 7-8 ((r>>1)&3) into
  ** bits 4-5: chunk 4(r&1) + (q ^ (r>>1)&3), 8 distinct: 4/0. */
  EXPECT("f16_ldsm_w32", 1, 16, 16, 12);
  EXPECT("f16_ldsm_sw64_ptr", 1, 16, 4, 0);
  /* 16-bit (8,16), ldmatrix.x2 (16 lanes, 2 phases): rows of 32 bytes,
  ** chunk 2(r&3) + q, 4 distinct a phase, 2 lanes each: 2 wavefronts a
  ** phase, 4/2.  Sw<1,4,3> XORs bit 7 ((r>>2)&1) into bit 4: chunk
  ** 2(r&3) + (q ^ (r>>2)&1), 8 distinct: 2/0. */
  EXPECT("f16_ldsm_w16", 1, 16, 4, 2);
  EXPECT("f16_ldsm_sw32_ptr", 1, 16, 2, 0);
}

/* The expected offsets against the swizzles' formulas (CuTe's
** Swizzle<B,M,S> XORs bits M+S.. into bits M..). */
static void test_offsets(void) {
  const gpu_bank_plan *p = plan_of("f32_column_sw505");
  int bad = 0;
  /* lane t reads (t,0): 32t, whose bits 5-9 (t) go into bits 0-4: 32t + t */
  for (int t = 0; t < 32; t++) bad += p->x[0][t] != t || p->want[0][t] != 33 * t;
  T_EQ_INT(bad, 0);
  /* ldmatrix lane t: (t%8, 8(t/8)), offset 64r + 8q with r = t%8, q = t/8;
  ** on bytes (2o = 128r + 16q) Sw<3,4,3> XORs r into bits 4-6: 128r +
  ** 16(q^r), the element 64r + 8(q^r) */
  p = plan_of("f16_ldsm_sw343_ptr");
  bad = 0;
  for (int t = 0; t < 32; t++) {
    int r = t % 8, q = t / 8;
    bad += p->x[0][t] != r + 64 * q || p->want[0][t] != 64 * r + 8 * (q ^ r);
  }
  T_EQ_INT(bad, 0);
  /* the 8- and 32-bit atoms: the same byte address 128r + 16(q^r), the
  ** element offset 128r + 16(q^r) for bytes and 32r + 4(q^r) for words
  ** (lane t reads coordinate r + 128q and r + 32q) */
  p = plan_of("u8_ldsm_sw128_ptr");
  bad = 0;
  for (int t = 0; t < 32; t++) {
    int r = t % 8, q = t / 8;
    bad += p->x[0][t] != r + 128 * q || p->want[0][t] != 128 * r + 16 * (q ^ r);
  }
  T_EQ_INT(bad, 0);
  p = plan_of("f32_ldsm_sw128_ptr"); /* plan_of's plan is overwritten */
  bad = 0;
  for (int t = 0; t < 32; t++) {
    int r = t % 8, q = t / 8;
    bad += p->x[0][t] != r + 32 * q || p->want[0][t] != 32 * r + 4 * (q ^ r);
  }
  T_EQ_INT(bad, 0);
  /* the broadcast: lanes 0 and 2 at offsets 0 and 1, lane 1 inactive */
  p = plan_of("f16_broadcast");
  T_EQ_INT(p->x[0][1], -1);
  T_EQ_INT(p->want[0][2], 1);
  T_EQ_INT(p->x[0][3], -1);
  T_EQ_INT(p->offsets, 2);
  /* 40 threads would leave lanes inactive; 4 warps of a CTA: access k is
  ** warp k, its lane t thread 32k + t = column chunk t%8 of row 4k + t/8 */
  p = plan_of("f16_cta_v8");
  bad = 0;
  for (int k = 0; k < 4; k++)
    for (int t = 0; t < 32; t++) bad += p->want[k][t] != 64 * (4 * k + t / 8) + 8 * (t % 8);
  T_EQ_INT(bad, 0);
}

/* What a correct warp reads for plan p: the plan's offsets and the fill's
** bytes there. */
static void read_correctly(const gpu_bank_plan *p, gpu_bank_result *r) {
  memset(r, 0, sizeof *r);
  for (int k = 0; k < p->naccess; k++)
    for (int t = 0; t < LO_WARP_SIZE; t++) {
      if (p->x[k][t] < 0) continue;
      uint8_t b[16] = {0};
      for (int i = 0; i < p->width; i++)
        b[i] = gpu_bank_fill_byte((uint32_t)(p->want[k][t] * p->elem_bytes + i));
      r->offset[k][t] = p->want[k][t];
      memcpy(r->data[k][t], b, sizeof b);
    }
}

/* The check passes a correct read and finds each planted fault. */
static void test_check(void) {
  static gpu_bank_plan p;
  static gpu_bank_result r;
  lo_err e;
  char buf[4096];
  FILE *f;
  for (int i = 0; i < GPU_BANK_NCASES; i++) {
    T_EQ_INT(gpu_bank_plan_case(gpu_bank_case_at(i), &p, &e), LO_OK);
    read_correctly(&p, &r);
    T_EQ_INT(gpu_bank_check(&p, &r, "case", NULL, 0), 0);
  }
  memcpy(&p, plan_of("f16_ldsm_sw343_ptr"), sizeof p);
  read_correctly(&p, &r);
  r.offset[0][5] += 8; /* the unswizzled chunk */
  f = tmpfile();
  T_CHECK(f != NULL);
  T_EQ_INT(gpu_bank_check(&p, &r, "f16_ldsm_sw343_ptr", f, 10), 1);
  rewind(f);
  buf[fread(buf, 1, sizeof buf - 1, f)] = '\0';
  fclose(f);
  /* lane 5: r = 5, q = 0, coordinate 5, offset 64*5 + 8*5 = 360 */
  T_EQ_STR(buf, "mismatch f16_ldsm_sw343_ptr access 0 lane 5: coordinate 5 at offset 368, "
                "expected 360\n");
  read_correctly(&p, &r);
  ((uint8_t *)r.data[0][31])[15] ^= 1; /* the last byte of the last lane */
  T_EQ_INT(gpu_bank_check(&p, &r, "x", NULL, 0), 1);
  read_correctly(&p, &r);
  r.misaligned = 1;
  T_EQ_INT(gpu_bank_check(&p, &r, "x", NULL, 0), 1);
  /* an inactive lane's slot is not read */
  memcpy(&p, plan_of("f16_broadcast"), sizeof p);
  read_correctly(&p, &r);
  r.offset[0][1] = 12345;
  T_EQ_INT(gpu_bank_check(&p, &r, "x", NULL, 0), 0);
}

/* A case whose compiled swizzle is not its text's is refused. */
static void test_refusals(void) {
  static gpu_bank_plan p;
  lo_err e;
  gpu_bank_case c = *gpu_bank_case_at(1); /* f32_column_sw505 */
  c.b = 4;
  T_EQ_INT(gpu_bank_plan_case(&c, &p, &e), LO_EUNDEF);
  T_EQ_STR(e.msg, "f32_column_sw505: the compiled swizzle Sw<4,0,5> of kind 1 is not "
                  "Sw<5,0,5>o0o(32,32):(32,1)");
  c = *gpu_bank_case_at(1);
  c.kind = GPU_BANK_SMEM_PTR;
  T_EQ_INT(gpu_bank_plan_case(&c, &p, &e), LO_EUNDEF);
  c = *gpu_bank_case_at(0);
  c.smem = "(32,32,32):(1024,32,1)";
  T_EQ_INT(gpu_bank_plan_case(&c, &p, &e), LO_EUNDEF);
  c = *gpu_bank_case_at(0);
  c.access = "(32,64):(1,32)"; /* 64 values a thread: 16 accesses of 4 floats */
  c.smem = "(32,64):(64,1)";
  T_EQ_INT(gpu_bank_plan_case(&c, &p, &e), LO_OK);
  c.access = "(32,64):(1,32)";
  c.vec = 1; /* 64 scalar accesses: more than the plan holds */
  T_EQ_INT(gpu_bank_plan_case(&c, &p, &e), LO_ELIMIT);
  c = *gpu_bank_case_at(0);
  c.smem = "(128,64):(64,1)"; /* 32 KiB: lane t at row 4t, byte 1024t, past 16 KiB */
  c.access = "32:4";
  T_EQ_INT(gpu_bank_plan_case(&c, &p, &e), LO_ELIMIT);
}

int main(void) {
  test_cases();
  test_offsets();
  test_check();
  test_refusals();
  return T_DONE();
}
