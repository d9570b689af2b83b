/* test_lo_view.c -- tensor views (oracle/lo_view.c, oracle/lo_view_pattern.c).
**
** Every expected value is computed by hand below its check.  Convention
** (lo.h section 9): a row-major view (shape, strides listed outermost
** first) is the CuTe layout with the same modes listed innermost first. */
#include "lo_test.h"
#include "t.h"

#include <string.h>

/* Does s contain the text part? */
static int has(const char *s, const char *part) { return strstr(s, part) != NULL; }

/* Evaluate an op with up to five arguments (NULL ends the list). */
static const char *ev5(const char *op, const char *a, const char *b, const char *c,
                       const char *d, const char *e) {
  static char out[1 << 12], shown[(1 << 12) + 8];
  const char *argv[5] = {a, b, c, d, e};
  int argc = 0;
  while (argc < 5 && argv[argc]) argc++;
  if (lo_eval(op, argc, argv, out, sizeof out) == LO_OK) return out;
  snprintf(shown, sizeof shown, "error: %s", out);
  return shown;
}

static void strides_and_conversions(void) {
  /* (2,3,4): strides are the suffix products 3*4 = 12, 4, 1 */
  T_EQ_STR(EV1("view_strides", "(2,3,4)"), "(12,4,1)");
  T_EQ_STR(EV1("view_strides", "5"), "1");
  T_EQ_STR(EV1("view_strides", "()"), "()");
  T_EQ_STR(EV1("view_strides", "(2,1,3)"), "(3,3,1)");
  T_CHECK(has(EV1("view_strides", "(2,(3,4))"), "a shape must be flat"));
  /* a 2x3 row-major matrix: modes reversed, (3):(1) first */
  T_EQ_STR(EV2("view_to_layout", "(2,3)", "(3,1)"), "(3,2):(1,3)");
  T_EQ_STR(EV1("view_of_layout", "(3,2):(1,3)"), "(2,3) (3,1)");
  /* its transpose: shape (3,2), strides (1,3) */
  T_EQ_STR(EV2("view_to_layout", "(3,2)", "(1,3)"), "(2,3):(3,1)");
  /* nested: the group (2,3) with strides (12,4) becomes the mode (3,2):(4,12) */
  T_EQ_STR(EV2("view_to_layout", "((2,3),4)", "((12,4),1)"), "(4,(3,2)):(1,(4,12))");
  T_EQ_STR(EV1("view_of_layout", "(4,(3,2)):(1,(4,12))"), "((2,3),4) ((12,4),1)");
  T_EQ_STR(EV1("view_of_layout", "8:1"), "8 1");
  T_EQ_STR(EV2("view_to_layout", "(2,3)", "(0,1)"), "(3,2):(1,0)");
  T_CHECK(has(EV2("view_to_layout", "(2,3)", "(1)"), "not congruent"));
}

static void rearrange(void) {
  /* the seed's b h w c -> h (b w) c with b=2, h=3, w=4, c=5: the input's
  ** strides are b 3*4*5 = 60, h 4*5 = 20, w 5, c 1; the output (h, (b w), c)
  ** reversed is (c, (w, b), h) */
  const char *want = "(5,(4,2),3):(1,(5,60),20)";
  T_EQ_STR(EV2("view_rearrange", "b h w c -> h (b w) c", "b=2,h=3,w=4,c=5"), want);
  T_EQ_STR(EV2("view_rearrange", "[b h w c --> h (b w) c]", "[b=2 h=3 w=4 c=5]"), want);
  /* sizes inferred from the input's shape, as einops does */
  T_EQ_STR(EV2("view_rearrange", "b h w c -> h (b w) c", "(2,3,4,5)"), want);
  T_EQ_STR(EV3("view_rearrange", "b h w c -> h (b w) c", "w=4", "(2,3,4,5)"), want);
  /* the seed's (b, h, w, c) => (b, c, h, w) on 32,224,224,3: strides b
  ** 224*224*3 = 150528, h 224*3 = 672, w 3, c 1; output reversed w h c b */
  T_EQ_STR(EV2("view_rearrange", "b h w c -> b c h w", "(32,224,224,3)"),
           "(224,224,3,32):(3,672,1,150528)");
  /* a split: (h w) c on (6,5) with h = 2 gives w = 3; strides h 3*5 = 15,
  ** w 5, c 1; output h w c reversed */
  T_EQ_STR(EV3("view_rearrange", "(h w) c -> h w c", "h=2", "(6,5)"), "(5,3,2):(1,5,15)");
  /* and the merge back: ((h w), c) reversed is (c, (w, h)) */
  T_EQ_STR(EV2("view_rearrange", "h w c -> (h w) c", "h=2,w=3,c=5"), "(5,(3,2)):(1,(5,15))");
  /* a transpose: a=2, b=3 have strides 3, 1; output (b, a) reversed (a, b) */
  T_EQ_STR(EV2("view_rearrange", "a b -> b a", "a=2,b=3"), "(2,3):(3,1)");
  /* anonymous axes: () and 1 are size-1 modes with stride 0 */
  T_EQ_STR(EV2("view_rearrange", "a 1 -> () a 1", "a=3"), "(1,3,1):(0,1,0)");
  T_EQ_STR(EV2("view_rearrange", "a -> (a)", "a=3"), "(3):(1)");
  T_EQ_STR(EV2("view_rearrange", "->", "[]"), "():()");
  T_EQ_STR(EV2("view_rearrange", "a_1 B -> B a_1", "a_1=2,B=2"), "(2,2):(2,1)");
}

static void rearrange_errors(void) {
  /* the rules */
  T_EQ_STR(EV2("view_rearrange", "a -> a a", "a=1"),
           "error: axis 'a' appears twice on the right (columns 6 and 8)");
  T_EQ_STR(EV2("view_rearrange", "a a -> a", "a=1"),
           "error: axis 'a' appears twice on the left (columns 1 and 3)");
  T_EQ_STR(EV2("view_rearrange", "a b -> a", "a=1,b=1"),
           "error: axis 'b' (column 3) is not on the right: a rearrange cannot drop an axis");
  T_EQ_STR(EV2("view_rearrange", "a -> a b", "a=1,b=1"),
           "error: axis 'b' (column 8) is not on the left: an unknown axis");
  T_EQ_STR(EV3("view_rearrange", "(h w) c -> h w c", "h=4", "(6,5)"),
           "error: left axis 0 (h w): cannot infer 'w': 6 is not divisible by 4");
  T_EQ_STR(EV3("view_rearrange", "(h w) c -> h w c", "h=2,w=2", "(6,5)"),
           "error: left axis 0 (h w): its sizes multiply to 4 but the shape has 6");
  T_EQ_STR(EV2("view_rearrange", "(h w) c -> h w c", "(6,5)"),
           "error: left axis 0 (h w) has 2 axes without a size: give all but one");
  T_EQ_STR(EV2("view_rearrange", "a b -> b a", "(2,3,4)"),
           "error: the left side has 2 axes but the shape (2,3,4) has 3");
  T_EQ_STR(EV2("view_rearrange", "a b -> b a", "a=2"),
           "error: no size for axis 'b' (give b=N or the input shape)");
  T_EQ_STR(EV2("view_rearrange", "a b -> b a", "a=2,z=3"),
           "error: sizes: axis 'z' is not in the pattern");
  T_EQ_STR(EV2("view_rearrange", "a b -> b a", "a=2,a=3"), "error: sizes: 'a' is given twice");
  T_EQ_STR(EV2("view_rearrange", "a b -> b a", "a=0,b=1"), "error: sizes: 'a' must be positive");
  T_EQ_STR(EV2("view_rearrange", "a b -> b a", "a 2"),
           "error: sizes: column 3: expected '=' after 'a'");
  /* malformed patterns name the column */
  T_EQ_STR(EV1("view_rearrange", "a (b -> a b"), "error: pattern: column 3: '(' is never closed");
  T_EQ_STR(EV1("view_rearrange", "a b) -> a b"), "error: pattern: column 4: ')' closes nothing");
  T_EQ_STR(EV1("view_rearrange", "a ((b)) -> a b"), "error: pattern: column 4: nested parentheses");
  T_EQ_STR(EV1("view_rearrange", "a 2 -> a"),
           "error: pattern: column 3: anonymous axis 2: only 1 is allowed (a rearrange keeps "
           "sizes)");
  T_EQ_STR(EV1("view_rearrange", "a ... -> a"),
           "error: pattern: column 3: an ellipsis (...) is not supported");
  T_EQ_STR(EV1("view_rearrange", "a b"),
           "error: pattern: column 4: expected '->' between the input and the output");
  T_EQ_STR(EV1("view_rearrange", "a -> a -> a"), "error: pattern: column 8: a second arrow");
  T_EQ_STR(EV1("view_rearrange", "[a -> a"), "error: pattern: column 1: '[' is never closed");
  T_EQ_STR(EV1("view_rearrange", "a+b -> a"), "error: pattern: column 2: unexpected '+'");
  T_EQ_STR(EV1("view_rearrange", "a, b -> a b"),
           "error: pattern: column 2: ',' separates einsum operands; 1 input is allowed");
}

static void reshape(void) {
  /* contiguous (2,3,4) to (6,4): row-major strides (4,1), reversed */
  T_EQ_STR(EV2("view_reshape", "(2,3,4)", "(6,4)"), "(4,6):(1,4)");
  /* size-1 axes get the stride of their position: (2,1,3) has row-major
  ** strides (3,3,1) */
  T_EQ_STR(EV2("view_reshape", "(2,3)", "(2,1,3)"), "(3,1,2):(1,3,3)");
  /* the transpose of a contiguous 2x3 (shape (3,2), strides (1,3)) has no
  ** flat view: its elements in row-major order are at 0,3,1,4,2,5 */
  T_CHECK(has(EV2("view_reshape", "(2,3):(3,1)", "(6)"), "no view without a copy: axis 0"));
  /* but it can take a size-1 axis: (3,2,1) with strides (1,3,3) */
  T_EQ_STR(EV2("view_reshape", "(2,3):(3,1)", "(3,2,1)"), "(1,2,3):(3,3,1)");
  /* every other element of 8, as (2,2): strides (4,2) */
  T_EQ_STR(EV2("view_reshape", "(4):(2)", "(2,2)"), "(2,2):(2,4)");
  /* a broadcast (2,1) -> (2,3) (strides (1,0)) cannot be flattened */
  T_CHECK(has(EV2("view_reshape", "(3,2):(0,1)", "(6)"), "no view without a copy"));
  /* a permuted 2x3x4 (shape (3,2,4), strides (4,12,1)) keeps its last axis */
  T_EQ_STR(EV2("view_reshape", "(4,2,3):(1,12,4)", "(3,2,2,2)"), "(2,2,2,3):(1,2,12,4)");
  T_CHECK(has(EV2("view_reshape", "(4,2,3):(1,12,4)", "(6,4)"), "axis 0 of (6,4) (size 6)"));
  T_EQ_STR(EV2("view_reshape", "(2,3)", "(5)"),
           "error: the sizes differ: the view has 6 elements, the shape (5) has 5");
  /* a single element: any shape of ones, row-major strides all 1 */
  T_EQ_STR(EV2("view_reshape", "()", "(1,1)"), "(1,1):(1,1)");
}

static void broadcast(void) {
  /* (3,1) has strides (1,1); to (2,3,4): a new leading axis and the size-1
  ** axis get stride 0, the 3 keeps stride 1; reversed (4,3,2) */
  T_EQ_STR(EV2("view_broadcast", "(3,1)", "(2,3,4)"), "(4,3,2):(0,1,0)");
  T_EQ_STR(EV2("view_broadcast", "()", "(2,3)"), "(3,2):(0,0)");
  T_EQ_STR(EV2("view_broadcast", "(2,3)", "(2,3)"), "(3,2):(1,3)");
  /* a view: shape (2,3), strides (3,1), to (4,2,3) */
  T_EQ_STR(EV2("view_broadcast", "(3,2):(1,3)", "(4,2,3)"), "(3,2,4):(1,3,0)");
  T_EQ_STR(EV2("view_broadcast", "(3,2)", "(2,3,4)"),
           "error: axis 2 of the target (2,3,4) has size 4, axis 1 of the view has size 2: they "
           "differ and the view's is not 1");
  T_EQ_STR(EV2("view_broadcast", "(2,3,4)", "(3,4)"),
           "error: the view has 3 axes, more than the 2 of the target (3,4)");
  /* TorchLean's CanBroadcastTo derives (2) -> (2,1); PyTorch refuses it */
  T_EQ_STR(EV2("view_can_broadcast", "(2)", "(2,1)"), "false");
  T_EQ_STR(EV2("view_can_broadcast", "(1)", "(2,1)"), "true");
  T_EQ_STR(EV2("view_broadcast_shapes", "(3,1)", "(2,1,4)"), "(2,3,4)");
  T_EQ_STR(EV2("view_broadcast_shapes", "()", "()"), "()");
  T_CHECK(has(EV2("view_broadcast_shapes", "(3,2)", "(2,1,4)"), "axis 2 of the result"));
  T_EQ_STR(EV2("view_pad_left", "2", "(3)"), "(1,1,3)");
  T_EQ_STR(EV2("view_pad_left", "0", "()"), "()");
}

static void einsum(void) {
  /* i=2, j=4, k=3: iteration axes (i, j, k) row-major, reversed (k, j, i);
  ** A (i,k) contiguous has strides i 3, k 1; B (k,j): k 4, j 1; the
  ** output (i,j): i 4, j 1; an axis an operand lacks has stride 0 */
  T_EQ_STR(EV2("view_einsum", "i k, k j -> i j", "i=2,j=4,k=3"),
           "(3,4,2):(1,0,3); (3,4,2):(4,1,0); (3,4,2):(0,1,4)");
  /* A stored column-major ((3,2):(2,1): i stride 1, k stride 2) */
  T_EQ_STR(ev5("view_einsum", "[i k, k j --> i j]", "i=2,j=4,k=3", "(3,2):(2,1)", "(4,3):(1,4)",
               NULL),
           "(3,4,2):(2,0,1); (3,4,2):(4,1,0); (3,4,2):(0,1,4)");
  /* a full contraction to a scalar: the output map is all zeros */
  T_EQ_STR(EV2("view_einsum", "i, i ->", "i=3"), "(3):(1); (3):(1); (3):(0)");
  T_EQ_STR(EV2("view_einsum", "i i -> i", "i=2"),
           "error: axis 'i' appears twice in operand 1 (columns 1 and 3): diagonals are not "
           "supported");
  T_EQ_STR(EV2("view_einsum", "i k, k j -> i z", "i=2"),
           "error: axis 'z' of the output (column 15) is in no operand");
  T_CHECK(has(EV2("view_einsum", "i (k), k j -> i j", "i=2"), "named axes only"));
  T_EQ_STR(EV2("view_einsum", "i k, k j -> i j", "i=2,j=3"), "error: no size for axis 'k' (give k=N)");
  T_EQ_STR(ev5("view_einsum", "i k, k j -> i j", "i=2,j=3,k=4", "(4,2):(1,4)", NULL, NULL),
           "error: 1 operand views for the 2 operands of the pattern");
  T_EQ_STR(ev5("view_einsum", "i k, k j -> i j", "i=2,j=3,k=4", "(4,3):(1,4)", "(3,4):(1,3)",
               NULL),
           "error: operand 1: axis 0 ('i') has size 3 in the view, 2 in the sizes");
}

int main(void) {
  strides_and_conversions();
  rearrange();
  rearrange_errors();
  reshape();
  broadcast();
  einsum();
  /* every view op answers a wrong argument count with an error */
  T_CHECK(IS_ERR(EV1("view_reshape", "(2,3)")));
  T_CHECK(IS_ERR(EV1("view_broadcast", "(2,3)")));
  return T_DONE();
}
