/* test_lo_tile.c -- slicing by a coordinate and the tensor partitions
** (oracle/lo_tile.c, oracle/lo_eval_tile.c): slice_and_offset, local_tile,
** local_partition, inner_partition, outer_partition and their cute_ twins,
** on plain and swizzled layouts.  Each expectation is worked out by hand
** from CuTe's definitions (cute/layout.hpp slice_and_offset,
** cute/tensor_impl.hpp, cute/swizzle_layout.hpp), the working in the
** comment beside it; corpus/cute_cpp/local_tile.yaml holds CuTe C++'s own
** printouts. */
#include "lo_test.h"
#include "t.h"

#include <string.h>

/* slice_and_offset: the modes at '_' and the offset of the integers. */
static void slices(void) {
  /* (_,3) of (256,128):(128,1): mode 0 kept as a rank-1 tuple, 3*1 = 3 */
  T_EQ_STR(EVN("slice_and_offset", "(_,3)", "(256,128):(128,1)"), "((256):(128),3)");
  /* ((_,1),_) of ((4,2),3):((1,4),8): the 4:1 inside mode 0 joins the
  ** top level (tuple_cat), 3:8 kept; offset 1*4 */
  T_EQ_STR(EVN("slice_and_offset", "((_,1),_)", "((4,2),3):((1,4),8)"), "((4,3):(1,8),4)");
  /* '_' alone: the layout, offset 0; an integer: no modes, 5 = (1,1) -> 1+4 */
  T_EQ_STR(EVN("slice_and_offset", "_", "(4,3):(1,4)"), "((4,3):(1,4),0)");
  T_EQ_STR(EVN("cute_slice_and_offset", "5", "(4,3):(1,4)"), "(():(),5)");
  /* 3 is past mode 1 (size 3): the plain op refuses, CuTe computes 3*4 */
  T_CHECK(err_has(EVN("slice_and_offset", "(_,3)", "(4,3):(1,4)"),
                  "coordinate 3 is outside its mode of size 3"));
  T_EQ_STR(EVN("cute_slice_and_offset", "(_,3)", "(4,3):(1,4)"), "((4):(1),12)");
  /* rank 3 for rank 2; a tuple for an integer mode */
  T_CHECK(err_has(EVN("cute_slice_and_offset", "(_,1,2)", "(4,3):(1,4)"),
                  "CuTe refuses: slice: Mismatched Ranks"));
  T_CHECK(err_has(EVN("cute_slice_and_offset", "((1,_),2)", "(4,3):(1,4)"), "CuTe refuses"));
  T_CHECK(err_has(EVN("slice_and_offset", "(_,x)", "(4,3):(1,4)"), "argument 1"));
}

/* local_tile = inner_partition: zipped_divide(L, T) sliced at
** ((_,_),(c..,_..)). */
static void tiles(void) {
  const char *rm = "(256,128):(128,1)"; /* row-major 256x128 */
  /* zipped: ((64,32):(128,1),(4,4):(8192,32)); tile (1,2): 8192 + 64 */
  T_EQ_STR(EVN("local_tile", rm, "(64,32)", "(1,2)"), "((64,32):(128,1),8256)");
  T_EQ_STR(EVN("local_tile", rm, "<64:1,32:1>", "(1,2)"), "((64,32):(128,1),8256)");
  T_EQ_STR(EVN("cute_local_tile", rm, "<64,32>", "(1,2)"), "((64,32):(128,1),8256)");
  /* (1,_): the rest mode (4):(32) stays: (64,32,4):(128,1,32) at 8192 */
  T_EQ_STR(EVN("local_tile", rm, "(64,32)", "(1,_)"), "((64,32,4):(128,1,32),8192)");
  /* an integer coordinate indexes the rest (4,4) colexicographically:
  ** 5 = (1,1) -> 8192 + 32 */
  T_EQ_STR(EVN("local_tile", rm, "(64,32)", "5"), "((64,32):(128,1),8224)");
  /* column-major 128x128, tile (64,64) at (1,0): offset 64 */
  T_EQ_STR(EVN("local_tile", "(128,128):(1,128)", "(64,64)", "(1,0)"), "((64,64):(1,128),64)");
  /* the projection (1,X,1) of the (M,N,K) tiler (64,32,8) at (1,_,3): the
  ** tiler (64,8) at (1,3): 1*64*128 + 3*8 */
  T_EQ_STR(EVN("local_tile", rm, "(64,32,8)", "(1,_,3)", "(1,X,1)"), "((64,8):(128,1),8216)");
  T_EQ_STR(EVN("cute_local_tile", rm, "(64,32,8)", "(1,_,3)", "(1,_,1)"), "((64,8):(128,1),8216)");
  /* tile (2,0) of (8,8):(8,1) by (4,4): only 2 tiles a side; CuTe's
  ** offset 2*4*8 = 64 */
  T_CHECK(err_has(EVN("local_tile", "(8,8):(8,1)", "(4,4)", "(2,0)"), "outside its mode"));
  T_EQ_STR(EVN("cute_local_tile", "(8,8):(8,1)", "(4,4)", "(2,0)"), "((4,4):(8,1),64)");
  /* a coordinate of rank 3 for a rest of rank 2: append<2> refuses */
  T_CHECK(err_has(EVN("cute_local_tile", "(4,4):(4,1)", "(2,2)", "(1,1,1)"),
                  "CuTe refuses: append<2>"));
  /* outer_partition: element 3 of every tile: 3 in (64,32) is (3,0): 3*128 */
  T_EQ_STR(EVN("outer_partition", rm, "<64:1,32:1>", "3"), "((4,4):(8192,32),384)");
  T_EQ_STR(EVN("inner_partition", rm, "(64,32)", "(0,1)"), "((64,32):(128,1),32)");
  /* a tiler entry 0 is no shape */
  T_CHECK(err_has(EVN("local_tile", rm, "(0,32)", "(1,1)"), "argument 2"));
}

/* local_partition: outer_partition by the thread layout's shape at the
** thread's flat coordinate. */
static void thread_partitions(void) {
  /* (4,8):(8,1), thread 9: ((9/8)%4, 9%8) = (1,1); zipped by (4,8):
  ** ((4,8):(128,1),(64,16):(512,8)); offset 128 + 1 */
  T_EQ_STR(EVN("local_partition", "(256,128):(128,1)", "(4,8):(8,1)", "9"),
           "((64,16):(512,8),129)");
  /* column-major 64x64 by (32,8):(8,1), thread 37: (4,5); the rest
  ** (2,8):(32,512), offset 4*1 + 5*64 */
  T_EQ_STR(EVN("local_partition", "(64,64):(1,64)", "(32,8):(8,1)", "37"), "((2,8):(32,512),324)");
  /* thread 256 of 256: the plain op refuses, CuTe wraps to (0,0) */
  T_CHECK(err_has(EVN("local_partition", "(64,64):(1,64)", "(32,8):(8,1)", "256"),
                  "thread index 256 is outside"));
  T_EQ_STR(EVN("cute_local_partition", "(64,64):(1,64)", "(32,8):(8,1)", "256"),
           "((2,8):(32,512),0)");
  /* a rank-1 thread layout: its flat coordinate is the integer 5, which
  ** indexes the tile mode (32):(64): 5*64; the rest (2,64):(2048,1) */
  T_EQ_STR(EVN("cute_local_partition", "(64,64):(64,1)", "32:1", "5"), "((2,64):(2048,1),320)");
  /* projection (1,X,1) of (2,16,1):(16,1,0): (2,1):(16,0); thread 17 is
  ** (1,0); tiler (2,1): mode 0 128:64 -> (2,64):(64,128), mode 1 by 1:0
  ** -> (1,64):(0,1); offset 64, rest (64,64):(128,1) */
  T_EQ_STR(EVN("local_partition", "(128,64):(64,1)", "(2,16,1):(16,1,0)", "17", "(1,X,1)"),
           "((64,64):(128,1),64)");
  /* a mode of size 4 and stride 0: CuTe's idx2crd divides by 0 */
  T_CHECK(
      err_has(EVN("cute_local_partition", "(8,8):(8,1)", "(4,2):(0,1)", "3"), "division by zero"));
  T_CHECK(
      err_has(EVN("cute_local_partition", "(8,8):(8,1)", "(4,2):(1,4)", "(1,1)"), "is_integral"));
  T_CHECK(err_has(EVN("local_partition", "(8,8):(8,1)", "(4,2):(1,4)", "-1"), "argument 3"));
}

/* Composed layouts: the swizzle's bits of the offset stay with it. */
static void swizzled(void) {
  const char *c = "Sw<3,4,3> o 0 o (64,64):(64,1)"; /* Z bits 4..6, Y bits 7..9 */
  /* tile (16,32) at (1,1): offset 16*64 + 32 = 1056; bit 5 (32) is a Z
  ** bit, 1024 is above them: Sw o 32 o tile, pointer 1024.  The tile
  ** (16,32):(64,1) moves bit 4 (Z) and bit 7 (Y) together: no decay */
  T_EQ_STR(EVN("cute_local_tile", c, "(16,32)", "(1,1)"), "(Sw<3,4,3> o 32 o (16,32):(64,1),1024)");
  T_EQ_STR(EVN("local_tile", c, "(16,32)", "(1,1)"), "(Sw<3,4,3> o 32 o (16,32):(64,1),1024)");
  /* tile (8,8) at (1,0): offset 512 (Y bit 9); the tile (8,8):(64,1)
  ** moves bits 0..2 and 6..8: Y bits 7, 8 but not their Z bits 4, 5, so
  ** it decays: sw(512) = 512 ^ 64 = 576 and the rows move by the swizzle's
  ** strides at offset 512: bit 6 (a Z bit whose Y bit 9 is set) by -64,
  ** bits 7, 8 (Y) by 128+16 = 144 and 288 = 2*144, coalesced to 4:144.
  ** Row 1: sw(9*64) = sw(576) = 512 = 576 - 64; row 2: sw(640) = 720 =
  ** 576 + 144 */
  T_EQ_STR(EVN("cute_local_tile", c, "(8,8)", "(1,0)"), "(((2,4),8):((-64,144),1),576)");
  /* an smem_ptr offset: the slice's offset 0 keeps the flag, another goes
  ** into the composed layout (pointer offset 0) */
  const char *g = "Sw<3,4,3> o smem_ptr[16b](unset) o (64,64):(64,1)";
  T_EQ_STR(EVN("cute_local_tile", g, "(16,32)", "(0,0)"),
           "(Sw<3,4,3> o smem_ptr[16b](unset) o (16,32):(64,1),0)");
  T_EQ_STR(EVN("cute_local_tile", g, "(16,32)", "(1,1)"), "(Sw<3,4,3> o 1056 o (16,32):(64,1),0)");
  /* Sw<0,..> at offset 0 is the layout itself */
  T_EQ_STR(EVN("cute_local_tile", "Sw<0,4,3> o 0 o (64,64):(64,1)", "(16,32)", "(1,1)"),
           "((16,32):(64,1),1056)");
  /* all '_': the inner layout sliced, the swizzle and offset kept */
  T_EQ_STR(EVN("cute_slice_and_offset", "(_,_)", "Sw<2,1,3> o 4 o (8,8):(8,1)"),
           "(Sw<2,1,3> o 4 o (8,8):(8,1),0)");
  /* CuTe adds offsets by XOR: Sw<1,3,1> (Y bit 4, Z bit 3) at offset 10
  ** (Z set): the whole 7:1 is one tile, which moves neither Y nor Z (0..6):
  ** it decays to 7:1 at sw(10) = 10, though sw(10 + 6) = sw(16) = 24.
  ** CuTe C++ prints (((7)):((1)),10) (corpus/cute_cpp/local_tile.yaml) */
  T_EQ_STR(EVN("cute_local_tile", "Sw<1,3,1> o 10 o 7:1", "(7)", "0"), "(((7)):((1)),10)");
  /* Sw<1,3,1> o 10 o (8,4):(1,8), tile (4,2) at (1,1): offset 4 + 16 =
  ** 20; its Y bit 16 is XORed into O, 10 ^ 16 = 26, its bit 2 (4) goes to
  ** the pointer; the tile moves bits 0, 1 and 3 (stride 8): a Z bit
  ** without its Y bit, so it decays: the Z group's stride is -8 (Y set in
  ** 26), offset sw(26) + 4 = (26 ^ 8) + 4 = 22 (CuTe C++ prints
  ** ((4,2):(1,-8),22)); a carry case too: element (0,1) is 14 there but
  ** sw(10 + 28) = 38 in the composed layout */
  T_EQ_STR(EVN("cute_local_tile", "Sw<1,3,1> o 10 o (8,4):(1,8)", "(4,2)", "(1,1)"),
           "((4,2):(1,-8),22)");
  T_CHECK(err_has(EVN("cute_local_tile", "Sw<16,1,16> o 0 o (64,64):(64,1)", "(8,8)", "(1,0)"),
                  "CuTe refuses"));
}

int main(void) {
  slices();
  tiles();
  thread_partitions();
  swizzled();
  return T_DONE();
}
