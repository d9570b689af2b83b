// The expected answers of tests/cute_adapter.sh, computed by CuTe C++ directly
// (hand-written, independent of the adapter's code generation).  Build and run:
//
//   g++ -std=c++17 -I $CUTLASS_DIR -I /usr/local/cuda/include \
//       -I /usr/local/cuda/include/cccl adapters/cute_cpp/expected_values.cpp -o /tmp/ev && /tmp/ev
//
// Each line prints "request => CuTe's printout"; the test compares the
// adapter's answers with these printouts, '_' of static integers removed.
// The refusals of the test are compiled one at a time by defining one of
// REFUSE_1 .. REFUSE_6; g++ then stops at the static_assert quoted beside it.
// FAULT_1 builds a program that dies of SIGFPE at run time; built with
// -fsanitize=integer-divide-by-zero (as the adapter builds), UBSan says
// "int_tuple.hpp:344:31: runtime error: division by zero".
#include <cute/layout.hpp>
#include <cute/swizzle_layout.hpp>
#include <cute/pointer_flagged.hpp>
#include <cstdio>
using namespace cute;

template <class T>
static void show(const char *request, T const &value) {
  printf("%s => ", request);
  print(value);
  printf("\n");
}

int main() {
  show("size (2,3):(1,2)", size(Layout<Shape<_2, _3>, Stride<_1, _2>>{}));
  show("composition (31,2):(6,3) 2:4",
       composition(Layout<Shape<Int<31>, _2>, Stride<_6, _3>>{}, Layout<_2, _4>{}));
  show("complement (4,4):(1,16) 128",
       complement(Layout<Shape<_4, _4>, Stride<_1, _16>>{}, Int<128>{}));
  show("logical_divide (4,8):(1,4) (2,2):(1,4)",
       logical_divide(Layout<Shape<_4, _8>, Stride<_1, _4>>{}, Layout<Shape<_2, _2>, Stride<_1, _4>>{}));
  show("zipped_divide (8,6):(1,8) <4:1,3:1>",
       zipped_divide(Layout<Shape<_8, _6>, Stride<_1, _8>>{},
                     make_tile(Layout<_4, _1>{}, Layout<_3, _1>{})));
  show("flat_divide (8,6):(1,8) <4,3>",
       flat_divide(Layout<Shape<_8, _6>, Stride<_1, _8>>{}, make_tile(_4{}, _3{})));
  show("tiled_product (2,2):(1,2) <3:1,2:1>",
       tiled_product(Layout<Shape<_2, _2>, Stride<_1, _2>>{},
                     make_tile(Layout<_3, _1>{}, Layout<_2, _1>{})));
  show("left_inverse 20:2", left_inverse(Layout<Int<20>, _2>{}));
  show("right_inverse (4,8):(8,1)", right_inverse(Layout<Shape<_4, _8>, Stride<_8, _1>>{}));
  show("nullspace (4,2,3):(1,0,0)", nullspace(Layout<Shape<_4, _2, _3>, Stride<_1, _0, _0>>{}));
  show("max_common_vector (4,8):(1,4) (32):(1)",
       max_common_vector(Layout<Shape<_4, _8>, Stride<_1, _4>>{}, Layout<Shape<_32>, Stride<_1>>{}));
  show("blocked_product (2,2):(1,2) (3,4):(1,3)",
       blocked_product(Layout<Shape<_2, _2>, Stride<_1, _2>>{}, Layout<Shape<_3, _4>, Stride<_1, _3>>{}));
  show("raked_product (2,2):(1,2) (3,4):(1,3)",
       raked_product(Layout<Shape<_2, _2>, Stride<_1, _2>>{}, Layout<Shape<_3, _4>, Stride<_1, _3>>{}));
  show("apply (3,4):(4,1) 7", Layout<Shape<_3, _4>, Stride<_4, _1>>{}(_7{}));
  show("coalesce ((2,2),(3,3),(5,5)):((1,2),(4,12),(36,180)) ((2,2),9,25)",
       coalesce(Layout<Shape<Shape<_2, _2>, Shape<_3, _3>, Shape<_5, _5>>,
                       Stride<Stride<_1, _2>, Stride<_4, _12>, Stride<Int<36>, Int<180>>>>{},
                Shape<Shape<_2, _2>, _9, Int<25>>{}));
  show("rank ((2,3),4)", rank(Shape<Shape<_2, _3>, _4>{}));
  show("size (4)", size(Shape<_4>{}));
  show("filter (64,8,8,128):(8,1,0,512)",
       filter(Layout<Shape<_64, _8, _8, _128>, Stride<_8, _1, _0, _512>>{}));
  show("upcast (8,64):(64,1) 2", upcast<2>(Layout<Shape<_8, _64>, Stride<_64, _1>>{}));
  show("recast_layout (8,64):(64,1) 16 32",
       recast_layout<uint16_t, float>(Layout<Shape<_8, _64>, Stride<_64, _1>>{}));
  show("make_layout_like (2,3,4,5):(0,42,4,0)",
       make_layout_like(Layout<Shape<_2, _3, _4, _5>, Stride<_0, Int<42>, _4, _0>>{}));
  show("make_ordered_layout (2,2,2,2) (0,2,3,1)",
       make_ordered_layout(Shape<_2, _2, _2, _2>{}, Step<_0, _2, _3, _1>{}));
  // swizzles and composed layouts (the GMMA K SW128 atom for 16-bit types)
  show("apply Sw<3,4,3> 128", Swizzle<3, 4, 3>{}(Int<128>{}));
  show("composition Sw<1,2,3> Sw<2,2,3>", composition(Swizzle<1, 2, 3>{}, Swizzle<2, 2, 3>{}));
  show("apply Sw<3,4,3> o _0 o (_8,_64):(_64,_1) (2,1)",
       make_composed_layout(Swizzle<3, 4, 3>{}, Int<0>{}, Layout<Shape<_8, _64>, Stride<_64, _1>>{})(
           make_coord(Int<2>{}, Int<1>{})));
  show("tile_to_shape Sw<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1) (128,64)",
       tile_to_shape(make_composed_layout(Swizzle<3, 4, 3>{}, smem_ptr_flag_bits<16>{},
                                          Layout<Shape<_8, _64>, Stride<_64, _1>>{}),
                     make_shape(Int<128>{}, Int<64>{})));
  // negative strides (CuTe prints Int<-1> as _-1)
  show("apply (4,2):(_-1,_4) 3", Layout<Shape<_4, _2>, Stride<Int<-1>, _4>>{}(Int<3>{}));
  show("cosize (4,2):(-1,4)", cosize(Layout<Shape<_4, _2>, Stride<Int<-1>, _4>>{}));
  show("composition (1,(2,4)):(0,(-1,512)) 4:-1",
       composition(Layout<Shape<_1, Shape<_2, _4>>, Stride<_0, Stride<Int<-1>, Int<512>>>>{},
                   Layout<_4, Int<-1>>{}));
  // coordinate layouts: scaled-basis strides (E<0,1> prints 1@1@0)
  show("make_identity_layout ((2,3),4)",
       make_identity_layout(make_shape(make_shape(Int<2>{}, Int<3>{}), Int<4>{})));
  show("apply (4,8):(1@0,1@1) 11",
       make_layout(make_shape(Int<4>{}, Int<8>{}), make_stride(E<0>{}, E<1>{}))(Int<11>{}));
  show("composition (4,8):(1@0,1@1) (2,4):(8,1)",
       composition(make_layout(make_shape(Int<4>{}, Int<8>{}), make_stride(E<0>{}, E<1>{})),
                   Layout<Shape<_2, _4>, Stride<_8, _1>>{}));
  // --dynamic: runtime ints
  show("dynamic: coalesce (2,4):(1,2)", coalesce(make_layout(make_shape(2, 4), make_stride(1, 2))));
  show("dynamic: composition (31,2):(6,3) 2:4",
       composition(make_layout(make_shape(31, 2), make_stride(6, 3)), make_layout(2, 4)));
  show("dynamic: right_inverse (4,8):(8,1)",
       right_inverse(make_layout(make_shape(4, 8), make_stride(8, 1))));
#ifdef REFUSE_6  // "ScaledBasis op+ error!" (0@0 + 2)
  show("apply (4,2):(1@0,2) 4",
       make_layout(make_shape(Int<4>{}, Int<2>{}), make_stride(E<0>{}, Int<2>{}))(Int<4>{}));
#endif
#ifdef REFUSE_1  // "Non-injective Layout detected in complement."
  show("complement (2,2):(1,1)", complement(Layout<Shape<_2, _2>, Stride<_1, _1>>{}));
#endif
#ifdef REFUSE_2  // "Shape Divisibility Condition"
  show("composition (4,3):(3,1) 3:2", composition(Layout<Shape<_4, _3>, Stride<_3, _1>>{}, Layout<_3, _2>{}));
#endif
#ifdef REFUSE_3  // "Left inverse divisibility condition"
  show("left_inverse (2,2,2):(1,3,4)", left_inverse(Layout<Shape<_2, _2, _2>, Stride<_1, _3, _4>>{}));
#endif
#ifdef REFUSE_4  // "Dynamic-stride complement only for rank-1 layouts"
  show("dynamic: complement (4,4):(1,16) 128",
       complement(make_layout(make_shape(4, 4), make_stride(1, 16)), 128));
#endif
#ifdef REFUSE_5  // "Stride Divisibility Condition"
  show("composition (4,4):(1,5) 2:6", composition(Layout<Shape<_4, _4>, Stride<_1, _5>>{}, Layout<_2, _6>{}));
#endif
#ifdef FAULT_1  // SIGFPE (a division by the size 0)
  show("dynamic: logical_divide 8:1 0:1", logical_divide(make_layout(8, 1), make_layout(0, 1)));
#endif
  return 0;
}
