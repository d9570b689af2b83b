/*
** lo_internal.h -- helpers shared by the oracle's files; not part of the
** public API.
*/
#ifndef LO_INTERNAL_H
#define LO_INTERNAL_H

#include "lo.h"

/* One flat mode s:d. */
typedef struct lo_mode {
  lo_int s, d;
} lo_mode;

/* Copy the flattened modes of l into m (l->shape.len of them). */
int lo_modes_of(const lo_layout *l, lo_mode *m);
/* cosize of the flat modes m[0..n), as lo_cosize of their layout. */
int lo_modes_cosize(const lo_mode *m, int n, lo_int *out, lo_err *err);
/* Stable sorts of at most LO_MAX_MODES modes in O(n log n): by (d, s),
** the paper's order of Def 2.1.3.23, and by d alone (equal strides keep
** their order, as CuTe's repeated pick of the first smallest stride). */
#define LO_MAX_MODES (2 * LO_MAX_LEAVES + 2)
void lo_modes_sort(lo_mode *m, int n);
void lo_modes_sort_by_stride(lo_mode *m, int n);
/* Keep the modes with s != 1; returns the new count. */
int lo_modes_squeeze(lo_mode *m, int n);
/* coal-flat on a mode array, in place; returns the new count. */
int lo_modes_coalesce(lo_mode *m, int n);
/* Build the CuTe form from modes: 1:0 when n == 0, s:d when n == 1, a
** flat tuple otherwise. */
void lo_layout_from_modes(lo_layout *l, const lo_mode *m, int n);
/* out = (x, y); out may alias x or y. */
int lo_layout_pair(const lo_layout *x, const lo_layout *y, lo_layout *out, lo_err *err);
/* Build the flat tuple layout (s..):(d..) from modes. */
void lo_layout_flat_modes(lo_layout *l, const lo_mode *m, int n);
/* The paper's complementability of sort(squeeze(modes)). */
int lo_modes_complementable(const lo_mode *m, int n);

/* Evaluation of the layout function on [0, size) into vals (cap entries);
** LO_ELIMIT when size > cap. */
int lo_layout_function(const lo_layout *l, lo_int *vals, lo_int cap, lo_int *n, lo_err *err);

/* Building CuTe trees token by token (lo_cute.c): begin an empty tree,
** then append '(' and ')' tokens, leaves s:d, whole trees, or mode i
** (0-based; an integer layout is its own mode 0).  Each fails with
** LO_ELIMIT past the limits of section 1 of lo.h. */
int lo_cute_is_tuple(const lo_layout *l);
void lo_cute_begin(lo_layout *b);
int lo_cute_tok(lo_layout *b, char c, lo_err *err);
int lo_cute_leaf(lo_layout *b, lo_int s, lo_int d, lo_err *err);
int lo_cute_put(lo_layout *b, const lo_layout *t, lo_err *err);
int lo_cute_put_mode(lo_layout *b, const lo_layout *t, int i, lo_err *err);

/* An op on two layouts, mapped over the modes of a tiler by lo_tiler_map. */
typedef int (*lo_pair_fn)(const lo_layout *, const lo_layout *, lo_layout *, lo_err *);
/* out = (fn(A_1, B_1), ..., fn(A_k, B_k)) for a tiler B of k entries, then
** A's modes past k when how has LO_TILER_KEEP (CuTe's transform_layout:
** the divides and products keep them, composition drops them).  An entry
** '_' leaves A_i as it is; a nested tiler maps over A_i's modes the same
** way (k' <= rank(A_i) checked, refused as CuTe refuses it); a bare
** integer n is n:1, except that the divides and products read a bare 1 as
** make_layout(1) = 1:0 (composition reads it as 1:1).  Assumes k <=
** rank(A), which each caller checks with its own message; LO_TILER_CUTE
** only names the layer in the message of a nested tiler's refusal. */
#define LO_TILER_KEEP 1
#define LO_TILER_CUTE 2
int lo_tiler_map(lo_pair_fn fn, const lo_layout *a, const lo_layout *b, int how, lo_layout *out,
                 lo_err *err);
/* CuTe's composition(A, B) with compose as its composition of two layouts:
** B a layout, or a tiler over A's modes, those past it dropped (lo_cute.c). */
int lo_cute_compose_with(lo_pair_fn compose, const lo_layout *a, const lo_layout *b,
                         lo_layout *out, lo_err *err);
/* CuTe's transform_layout of fn: fn(A, B) for a layout B, or mode by
** mode for a tiler B, A's modes past the tiler kept (lo_cute_tile.c); op
** names the op in its errors. */
int lo_cute_by_tiler(lo_pair_fn fn, const char *op, const lo_layout *a, const lo_layout *b,
                     lo_layout *out, lo_err *err);

/* CuTe's regrouping of r, a logical divide or product of A by B: how 0
** zipped (tile_unzip), 1 tiled (the rest modes spliced in), 2 flat (both). */
int lo_cute_regroup(const lo_layout *r, const lo_layout *b, int how, lo_layout *out, lo_err *err);
/* CuTe's blocked_product (raked 0) or raked_product (raked 1) of layouts A
** and B with product as the logical_product of two layouts (lo_cute_tile.c's,
** or lo_negative.c's for strides of either sign): both padded to the larger
** rank with 1:0 modes, the product's two modes zipped. */
int lo_cute_rank_product(lo_pair_fn product, int raked, const lo_layout *a, const lo_layout *b,
                         lo_layout *out, lo_err *err);

/* CuTe's detail::coalesce_x: coalesce keeping the function past the
** domain (a trailing size-1 mode counts as size 2); how composition sees
** its outer layout.  Composition reads the modes in place (below); this
** builds the layout, and tests/test_lo_compose.c checks that they agree. */
int lo_cute_coalesce_x(const lo_layout *l, lo_layout *out, lo_err *err);
/* Its flat modes into m[0..*n) (m holds LO_MAX_LEAVES), no layout built. */
int lo_cute_coalesce_x_modes(const lo_layout *l, lo_mode *m, int *n, lo_err *err);
/* Is the error one of CuTe's compile-time refusals ("CuTe refuses: ...")? */
int lo_cute_refused(const lo_err *err);

/* The contracts of lo_contract.c, checked on an answer r: LO_OK, LO_EUNDEF
** with what is wrong (the message completes "it is wrong: ..."), or
** LO_ELIMIT when too large to settle. */
#ifndef LO_CHECK_LIMIT
#define LO_CHECK_LIMIT ((lo_int)1 << 22) /* points the *_points references list */
#endif
int lo_check_composition(const lo_layout *a, const lo_layout *b, const lo_layout *r, lo_err *err);
/* Points listed by a check: to find the first failing point of an answer
** the proof rejects (so that the message names it), and to settle what the
** proof leaves undecided; past it the proof's own witness, or LO_ELIMIT. */
#ifndef LO_PROOF_SCAN
#define LO_PROOF_SCAN ((lo_int)1 << 16)
#endif
/* Points a check lists instead of proving: at most this many, listing is
** the faster (the verdict is the same either way). */
#define LO_PROOF_SMALL 64
/* The references the proofs are tested against: the contracts checked at
** every point, within LO_CHECK_LIMIT points (LO_ELIMIT past it). */
int lo_check_composition_points(const lo_layout *a, const lo_layout *b, const lo_layout *r,
                                lo_err *err);
int lo_check_right_inverse_points(const lo_layout *l, const lo_layout *r, lo_err *err);
int lo_check_left_inverse_points(const lo_layout *l, const lo_layout *r, lo_err *err);
/* The greatest common divisor of x, y >= 0 (gcd(0, y) = y), defined in
** lo_proof.c. */
lo_int lo_gcd(lo_int x, lo_int y);
/* True when A o B is additive over B's leaves without looking at points,
** for A's coalesced modes a[0..na): B's non-trivial leaves, sorted by
** stride, each start past the largest value of those below, or A is one
** mode, or all of B stays inside A's first mode. */
int lo_composition_is_additive(const lo_mode *a, int na, const lo_layout *b);
/* CuTe's composition walk is exact for A and B by divisibility alone (no
** points looked at); then its answer needs no point-by-point check.  The
** definition written out: lo_cute_composition_exact records the same
** during its walk, and tests/test_lo_compose.c checks that they agree. */
int lo_composition_walk_is_exact(const lo_layout *a, const lo_layout *b);
/* lo_cute_composition(A, B) for a layout B (not a tiler) that also sets
** *exact to lo_composition_walk_is_exact(A, B) when it succeeds, from the
** same walk (no second pass over A's modes). */
int lo_cute_composition_exact(const lo_layout *a, const lo_layout *b, lo_layout *out, int *exact,
                              lo_err *err);
int lo_check_complement(const lo_layout *l, const lo_tuple *cotarget, const lo_layout *r,
                        lo_err *err);
int lo_check_right_inverse(const lo_layout *l, const lo_layout *r, lo_err *err);
int lo_check_left_inverse(const lo_layout *l, const lo_layout *r, lo_err *err);
/* The contracts of upcast, downcast and make_layout_like on an answer r
** (lo_recast.c): LO_OK, or LO_EUNDEF saying what r breaks. */
int lo_check_upcast(const lo_layout *l, lo_int n, const lo_layout *r, lo_err *err);
int lo_check_downcast(const lo_layout *l, lo_int n, const lo_layout *r, lo_err *err);
int lo_check_make_layout_like(const lo_layout *l, const lo_layout *r, lo_err *err);
/* r printed for a message, or a placeholder when it does not fit. */
void lo_show_layout(const lo_layout *r, char *buf, size_t cap);
/* The plain ops' verdict on CuTe's answer r after check_rc, the code its
** contract check returned (its message in err): LO_OK keeps r in *out;
** LO_EUNDEF gives the error "PREFIX: CuTe prints R, which WHICH: WHY";
** any other code is returned as it is. */
int lo_keep_cute_answer(int check_rc, const lo_layout *r, const char *prefix, const char *which,
                        lo_layout *out, lo_err *err);
/* The plain complement against a cotarget shape (NULL: none), as
** logical_divide needs it. */
int lo_complement_to(const lo_layout *l, const lo_tuple *cotarget, lo_layout *out, lo_err *err);

/* CuTe's complement(L, cotarget) as modes (lo_cute.c), for the plain
** complement to check without building or re-deriving anything: f the
** modes of filter(L) (coalesced, size > 1, stride > 0) sorted by stride,
** nf of them (0 when filter(L) is 1:0); cotarget the cotarget used (the
** caller's, or ct = cosize(filter(L)) when the caller gave none); r the
** answer's modes in CuTe's form, nr of them (0 for 1:0, 1 for s:d).  The
** struct refers to itself: never copy it. */
typedef struct lo_cute_comp {
  lo_mode fbuf[LO_MAX_LEAVES], rbuf[LO_MAX_LEAVES];
  const lo_mode *f, *r;
  int nf, nr;
  const lo_tuple *cotarget;
  lo_tuple ct;
} lo_cute_comp;
int lo_cute_complement_modes(const lo_layout *l, const lo_tuple *cotarget, lo_cute_comp *c,
                             lo_err *err);
/* The same without its fast path for one mode (tests/test_lo_complement.c
** checks that they agree). */
int lo_cute_complement_modes_general(const lo_layout *l, const lo_tuple *cotarget, lo_cute_comp *c,
                                     lo_err *err);
/* The plain complement(L, n) for L one mode s:d with s > 1, d > 0 and an
** integer cotarget n > 0, where CuTe's answer is known to meet the
** contract: writes it to out and returns 1; returns 0, out untouched, on
** any other input or where a product would overflow. */
int lo_complement_rank1_proven(const lo_layout *l, lo_int n, lo_layout *out);
/* lo_check_complement on modes: f the modes of filter(L) sorted by stride
** (as lo_cute_comp has them), cotarget not NULL, R's flattened modes
** r[0..nr).  Same verdicts and messages as lo_check_complement. */
int lo_check_complement_modes(const lo_mode *f, int nf, const lo_tuple *cotarget, const lo_mode *r,
                              int nr, lo_err *err);
/* Is the layout of the modes m[0..n) injective (n <= 2 LO_MAX_MODES)?
** Decided over the modes by reductions that keep the answer
** (lo_injective.c); m is rewritten.  LO_ELIMIT only where what the
** reductions leave needs more than 16384 points listed; LO_EOVERFLOW for
** a stride -2^63. */
int lo_modes_injective(lo_mode *m, int n, int *yes, lo_err *err);

/* A layout function evaluated as lo_apply evaluates it (the same values,
** the same errors), faster where it is called many times: size-1 modes
** other than the last are skipped, a power-of-two shape splits the index
** by shift and mask, a small one by a multiply with its reciprocal, the
** walk stops once the index is used up, and any overflow or odd input
** goes to lo_apply for its message.  l must outlive it. */
typedef struct lo_fn {
  const lo_layout *l;
  int n, exact;
  lo_int s[LO_MAX_LEAVES], d[LO_MAX_LEAVES];
  uint64_t inv[LO_MAX_LEAVES];     /* 2^64 / s[i] rounded up, for LO_FN_RECIP */
  unsigned char sh[LO_MAX_LEAVES]; /* log2 s[i] for a power of two, or one of: */
} lo_fn;
#define LO_FN_RECIP  0xfe /* s[i] < 2^31: an index below 2^32 split by the reciprocal */
#define LO_FN_DIVIDE 0xff /* split by division */
/* calls: about how many points will be asked; a reciprocal (one division
** to find) is worth it only past LO_FN_RECIP_CALLS of them. */
void lo_fn_init(lo_fn *f, const lo_layout *l, lo_int calls);
#define LO_FN_RECIP_CALLS 16
int lo_fn_apply(const lo_fn *f, lo_int x, lo_int *out, lo_err *err);

/* lo_cute_composition_exact with A given as its lo_cute_coalesce_x_modes
** am[0..na) (na >= 1), read in place; out must not be B, and on an error
** may hold part of the result. */
int lo_cute_compose_modes(const lo_mode *am, int na, const lo_layout *b, lo_layout *out, int *exact,
                          lo_err *err);
/* lo_composition(A, B) for a layout B (not a tiler) with A's
** lo_cute_coalesce_x_modes am[0..na) already known (am NULL: not known,
** computed here): the same answer or error. */
int lo_composition_coalesced(const lo_layout *a, const lo_mode *am, int na, const lo_layout *b,
                             lo_layout *out, lo_err *err);
/* Copy n entries or tokens (n small, no overlap): a loop the compiler
** keeps inline, where memcpy of a length known only at run time is a
** call through the PLT that costs more than the copy. */
static inline void lo_copy_ints(lo_int *dst, const lo_int *src, int n) {
  for (int i = 0; i < n; i++) dst[i] = src[i];
}
static inline void lo_copy_toks(char *dst, const char *src, int n) {
  for (int i = 0; i < n; i++) dst[i] = src[i];
}

/* lo_cute_left_inverse that also sets *exact when the answer R needs no
** point-by-point check: L's strides are >= 0 and, in CuTe's stride order,
** each non-zero stride d of shape s has s*d <= the next non-zero stride.
** Then L(x) = sum c_j d_j splits into R's digits c_j (the d_j divide one
** another and the lower terms stay below d_j), R(L(x)) has L's
** coordinates on the non-zero strides and 0 elsewhere, and L(R(L(x))) =
** L(x).  Its refusals carry only their first words ("CuTe refuses: Left
** inverse divisibility condition"), enough for lo_cute_refused. */
int lo_cute_left_inverse_exact(const lo_layout *l, lo_layout *out, int *exact, lo_err *err);
/* lo_check_left_inverse, where exact (as above) settles it once L's size
** and cosize fit: the same verdict. */
int lo_check_left_inverse_known(const lo_layout *l, const lo_layout *r, int exact, lo_err *err);

/* True when CuTe's walk of each leaf of B over A's coalesce_x modes
** a[0..na) meets the strong divisibility conditions (as
** lo_composition_walk_is_exact asks) and, digit by digit of A's mixed
** radix below the last, the largest values the leaves put there add up to
** less than the digit's shape, and size(B) <= LO_CHECK_LIMIT.  Then B(x),
** the sum of its leaves' values, carries between no digits of A, so A(B(x))
** is the sum of A at each leaf's value, which is CuTe's answer at x: the
** answer of the walk is A o B, as the point-by-point check would find. */
int lo_composition_digits_fit(const lo_mode *a, int na, const lo_layout *b);
/* lo_check_composition, where fits (as above, for R CuTe's answer) settles
** it once R's shape refines B's, both bounds fit and size(B) is within
** LO_CHECK_LIMIT: the same verdict. */
int lo_check_composition_known(const lo_layout *a, const lo_layout *b, const lo_layout *r, int fits,
                               lo_err *err);

/* Composition decided over the modes (lo_proof.c, whose comment holds the
** argument): the verdicts of the proofs. */
#define LO_PROOF_SAME    0 /* the two sides agree at every point */
#define LO_PROOF_DIFFER  1 /* they differ, at a point found */
#define LO_PROOF_UNKNOWN 2 /* carries of A that may cancel: not decided */
/* Does A(B(x)) = R(x) hold on [0, size B)?  R's shape refines B's, the
** strides are >= 0 and the sizes and cosizes of B and R fit (the caller
** checks).  *verdict one of the above; with LO_PROOF_DIFFER, *x a point
** where A(B(x)) != R(x).  Errors only when A's modes cannot be read. */
int lo_prove_composition(const lo_layout *a, const lo_layout *b, const lo_layout *r, int *verdict,
                         lo_int *x, lo_err *err);
/* The inverses' contracts as lo_contract.c decides them: right_inverse's
** L(R(i)) = i on [0, size R) (L o R = shape(R) with column-major strides),
** left_inverse's L(R(L(i))) = L(i) on [0, size L) (by the two reductions
** written there); the verdicts as above, *x a failing index of R or of L.
** The bounds of R (right) and of L (left) fit, as the checks ensure. */
int lo_prove_right_inverse(const lo_layout *l, const lo_layout *r, int *verdict, lo_int *x,
                           lo_err *err);
int lo_prove_left_inverse(const lo_layout *l, const lo_layout *r, int *verdict, lo_int *x,
                          lo_err *err);
/* max over c in [0, n) of (c d mod m), n >= 1, d >= 0, m >= 1, into *mx,
** and a c attaining it into *arg (lo_proof.c: closed forms, else a
** bisection on floor sums). */
void lo_max_mod(lo_int n, lo_int d, lo_int m, lo_int *mx, lo_int *arg);
/* The coalesced layout of c -> A(c d) on [0, s) as the greedy fit finds it
** (modes k:A(d), k the first c where A(c d) != c A(d), then the same for
** m -> A(m k d) on [0, s/k)), s d within 64 bits: *verdict LO_PROOF_SAME
** with the modes in out[0..*nout), LO_PROOF_DIFFER when a first deviation
** k does not divide what is left of s (no layout has that function), or
** LO_PROOF_UNKNOWN.  The fit is a candidate: it is the function only where
** lo_prove_composition says so.  Errors as lo_apply(A, ...) gives them. */
int lo_prove_fit_leaf(const lo_layout *a, lo_int s, lo_int d, lo_mode *out, int *nout, int *verdict,
                      lo_err *err);

/* lo_print_tuple, lo_print_layout and lo_print_morphism that also set *len
** to the length of the text (0 when it did not fit). */
int lo_print_tuple_len(const lo_tuple *t, char *buf, size_t cap, size_t *len);
int lo_print_layout_len(const lo_layout *l, char *buf, size_t cap, size_t *len);
int lo_print_morphism_len(const lo_morphism *f, char *buf, size_t cap, size_t *len);
/* Whether the text s holds "-->", the arrow that makes it a morphism (for
** lo_kind_of and a handler asking only that). */
int lo_has_arrow(const char *s);

#endif
