/*
** lo.h -- the layout oracle: CuTe's layout algebra and its categorical
** encoding (Tuple and Nest morphisms), in C11 with libc only.
**
** Table of contents (grouped as the paper groups its constructions)
**   1. Limits, integers and errors
**   2. Values: nested tuples, layouts, tilers, morphisms
**   3. Text: parse and print (CuTe's print syntax)      (lo_parse.c, lo_print_grid.c)
**   4. Nested tuples                                    (lo_tuple.c)
**   5. Flat layouts (Chapter 2.1)                       (lo_layout.c, lo_coalesce.c,
**                                                        lo_complement.c, lo_compose.c,
**                                                        lo_divide.c)
**   6. Nested layouts (Chapters 2.2, 2.3)               (same, lo_inverse.c,
**      and the whitepaper's analysis ops                 lo_domain.c)
**   7. Tuple morphisms (Chapter 3.1)                    (lo_morphism.c, lo_morph_ops.c)
**   8. Nest morphisms (Chapter 3.2)                     (lo_morphism.c, lo_morph_ops.c)
**   9. Refinement (Chapters 3.2.5, 4)                   (lo_refine.c)
**  10. CuTe C++ as it computes                          (lo_cute.c, lo_cute_tile.c)
**  11. Evaluation by op name                            (lo_eval*.c)
**  12. Tensor views                                     (lo_view.c, lo_view_pattern.c)
**  13. Swizzles and composed layouts                    (lo_swizzle.c)
**  14. Shared-memory banks                              (lo_bank.c)
**  15. Slicing by a coordinate, tensor partitions       (lo_tile.c)
**  16. Layouts with F2 (XOR) strides                    (lo_f2.c)
**  17. Negative strides                                 (lo_negative.c,
**                                                        lo_eval_negative.c)
**  18. Coordinate layouts (scaled-basis strides)        (lo_basis.c)
**
** Argument order of composites, one rule for every function here: the
** outer map first, as CuTe writes composition(A, B) = A o B and the paper
** writes g o f.  So lo_composition(a, b), lo_paper_composition(outer,
** inner), lo_morphism_compose(g, f) and lo_weak_composite(g, f) all apply
** their second argument first.  (The ops of lo_eval keep their own
** argument order; the op table's synopsis says which is applied first.)
**
** Every value is a fixed-size struct owned by its caller: nothing in the
** oracle allocates.  Every operation returns LO_OK or an error code and, on
** error, writes a message into an lo_err the caller supplies.  Outputs are
** written only through the pointers the caller passes; an output may alias
** an input unless a comment says otherwise.  After an error the outputs
** hold nothing to rely on (an op may have written part of its result).
**
** Conventions follow the paper "Categorical Foundations for CuTe Layouts":
** modes, entries and codomain positions are 1-based, coordinates 0-based,
** and the layout function is colexicographic (first mode fastest).
*/
#ifndef LO_H
#define LO_H

#include <stddef.h>
#include <stdint.h>

/* ---------------------------------------------------------------------
** 1. Limits, integers and errors
*/
#define LO_MAX_LEAVES 64  /* integer entries of one nested tuple */
#define LO_MAX_TOKENS 256 /* profile tokens of one nested tuple */
#define LO_MAX_DEPTH  64  /* nesting depth */

typedef int64_t lo_int;

enum {
  LO_OK = 0,
  LO_ESYNTAX,      /* malformed text */
  LO_EUNDEF,       /* the operation is undefined for these arguments */
  LO_EOVERFLOW,    /* a value does not fit in 63 bits */
  LO_ELIMIT,       /* more entries or deeper nesting than the limits above */
  LO_EUNSUPPORTED, /* no such op, or wrong argument count or kinds */
  LO_ESPACE        /* an output buffer is too small */
};

typedef struct lo_err {
  int code;
  char msg[240];
} lo_err;

/* Record an error (printf-style) and return its code. */
int lo_fail(lo_err *err, int code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* Checked arithmetic on non-negative 63-bit values: store the result and
** return LO_OK, or return LO_EOVERFLOW with a message naming WHAT.  They
** inline (they sit in the innermost loops); only the failure, which
** writes the message, is a call: lo_overflow(what, a, op, b, err) with op
** '*' or '+', which returns LO_EOVERFLOW. */
int lo_overflow(const char *what, lo_int a, char op, lo_int b, lo_err *err)
#if defined(__GNUC__)
    __attribute__((cold))
#endif
    ;
static inline int lo_mul(lo_int a, lo_int b, lo_int *out, const char *what, lo_err *err) {
  lo_int r;
  if (__builtin_mul_overflow(a, b, &r)) {
    lo_overflow(what, a, '*', b, err);
    return LO_EOVERFLOW;
  }
  *out = r;
  return LO_OK;
}
static inline int lo_add(lo_int a, lo_int b, lo_int *out, const char *what, lo_err *err) {
  lo_int r;
  if (__builtin_add_overflow(a, b, &r)) {
    lo_overflow(what, a, '+', b, err);
    return LO_EOVERFLOW;
  }
  *out = r;
  return LO_OK;
}
/* ceil(a/b) for a >= 0, b > 0, without forming a+b-1. */
static inline lo_int lo_ceil_div(lo_int a, lo_int b) { return a / b + (a % b != 0); }

/* ---------------------------------------------------------------------
** 2. Values
**
** A nested tuple is its flattening (leaf[0..len-1]) and its profile, a
** string of tokens: '(' opens a tuple, ')' closes it and '*' stands for the
** next leaf.  The integer 8 is "*", the 1-tuple (8) is "(*)", the empty
** tuple () is "()", and ((2,3),4) is "((**)*)".  Commas are implicit.
*/
typedef struct lo_tuple {
  int len;  /* number of leaves */
  int ntok; /* number of profile tokens */
  lo_int leaf[LO_MAX_LEAVES];
  char tok[LO_MAX_TOKENS];
} lo_tuple;

/* A layout S:D: a shape (nested tuple) and one stride per leaf, congruent.
** A tiler <E1,...,Ek> is stored as the layout (E1,...,Ek) with is_tiler set:
** its top-level modes are the tiler's entries.  An entry is a layout, a bare
** integer n (CuTe's integral tiler, stored n:1), CuTe's '_' (that mode
** untouched, stored 1:0) or a nested tiler (E1,...) (stored as the layout
** of its entries).  tile[i] says which, for leaf i: the number of nested
** tilers around it (LO_TILE_NEST bits; 0 for an entry of the outermost
** tiler) and LO_TILE_INT or LO_TILE_SKIP on the leaf of a bare integer or
** a '_'.  An entry with no leaves (the empty layout) is a layout.  tile is
** read only when is_tiler is set; lo_tiler_plain marks a layout as the
** tiler of its modes (all zeros). */
#define LO_TILE_NEST 0x3f
#define LO_TILE_INT  0x40
#define LO_TILE_SKIP 0x80
typedef struct lo_layout {
  lo_tuple shape;
  int is_tiler; /* beside the first strides: a call on a small layout reads one line less */
  lo_int stride[LO_MAX_LEAVES];
  unsigned char tile[LO_MAX_LEAVES];
} lo_layout;

/* A Nest morphism S --(map)--> T.  map[i] is the 1-based position in the
** flattened codomain that domain entry i goes to, or 0 for the basepoint *.
** A Tuple morphism is a Nest morphism whose domain and codomain are flat. */
typedef struct lo_morphism {
  lo_tuple dom, cod;
  int map[LO_MAX_LEAVES];
} lo_morphism;

/* ---------------------------------------------------------------------
** 3. Text.  Parsing skips white space between tokens; printing is
** canonical (no spaces).  A parse error names the 1-based column and what
** was expected.  The print functions write a NUL-terminated string into
** buf[0..cap) and return LO_OK, or LO_ESPACE if it does not fit.
*/
int lo_parse_tuple(const char *s, lo_tuple *out, lo_err *err);
/* A profile or nested tuple whose leaves may also be '*' (stored as 0). */
int lo_parse_profile(const char *s, lo_tuple *out, lo_err *err);
/* A nested tuple of non-negative integers (a coordinate). */
int lo_parse_index(const char *s, lo_tuple *out, lo_err *err);
int lo_parse_int(const char *s, lo_int *out, lo_err *err);
int lo_parse_layout(const char *s, lo_layout *out, lo_err *err); /* also tilers */
/* As lo_parse_layout, with strides of either sign: -N, and _-N as CuTe
** prints a static negative integer (shapes stay positive).  Only the
** functions section 15 names take such layouts; lo_parse_layout refuses
** a negative stride with an error saying so (section 15). */
int lo_parse_layout_signed(const char *s, lo_layout *out, lo_err *err);
/* A nested tuple of integers and '_' read as CuTe's tiler of its modes (a
** Shape as a tiler): (4,2) is <4,2>, ((2,4),_) is <(2,4),_>. */
int lo_parse_shape_tiler(const char *s, lo_layout *out, lo_err *err);
int lo_parse_morphism(const char *s, lo_morphism *out, lo_err *err);

int lo_print_tuple(const lo_tuple *t, char *buf, size_t cap);
int lo_print_layout(const lo_layout *l, char *buf, size_t cap);
int lo_print_morphism(const lo_morphism *f, char *buf, size_t cap);
/* The grid CuTe's print_layout(l) prints for a rank-2 layout l: l on the
** first line, a line of column indices, then per coordinate m of mode 1 a
** rule and the cells L(m,n) (each mode indexed colexicographically), a
** closing rule; every line ends in '\n'.  Errors: a tiler, a rank other
** than 2, a cosize past 2^31-1 (CuTe prints cells as int), LO_ESPACE when
** the grid does not fit (buf emptied). */
int lo_print_grid(const lo_layout *l, char *buf, size_t cap, lo_err *err);

/* Which kind of value a string holds, judged by its syntax: a swizzle
** starts with "Sw" (section 13), and is a composed layout when more than
** blanks follow its '>'; a morphism contains "-->", a tiler starts with
** '<', a layout contains ':'; anything else is a nested tuple (an integer
** is a depth-0 tuple). */
typedef enum {
  LO_KIND_TUPLE,
  LO_KIND_LAYOUT,
  LO_KIND_TILER,
  LO_KIND_MORPHISM,
  LO_KIND_SWIZZLE,
  LO_KIND_COMPOSED
} lo_kind;
lo_kind lo_kind_of(const char *s);

/* ---------------------------------------------------------------------
** 4. Nested tuples (lo_tuple.c; Chapter 2.2)
*/
void lo_tuple_int(lo_tuple *t, lo_int v);                /* the integer v */
void lo_tuple_flat(lo_tuple *t, const lo_int *v, int n); /* the flat tuple (v..) */
int lo_tuple_is_int(const lo_tuple *t);                  /* depth 0 */
int lo_tuple_rank(const lo_tuple *t);                    /* top-level modes; 1 for an integer */
int lo_tuple_depth(const lo_tuple *t);
int lo_tuple_equal(const lo_tuple *a, const lo_tuple *b);     /* same profile and leaves */
int lo_tuple_congruent(const lo_tuple *a, const lo_tuple *b); /* same profile */
/* Copy the used part of a tuple (leaves and tokens), not the whole
** fixed-size struct, which is much larger than a small value; dst may be
** src.  lo_layout_copy (section 5) does the same for a layout. */
void lo_tuple_copy(lo_tuple *dst, const lo_tuple *src);
int lo_tuple_size(const lo_tuple *t, lo_int *out, lo_err *err);
/* Mode k (1-based) of a tuple: its k-th top-level sub-tuple, and the index
** of its first leaf.  An integer has one mode, itself. */
int lo_tuple_mode(const lo_tuple *t, int k, lo_tuple *out, int *first_leaf, lo_err *err);
/* Token range [*b,*e) of mode k, and its first leaf. */
void lo_tuple_mode_span(const lo_tuple *t, int k, int *b, int *e, int *first_leaf);
/* out = (a1, ..., an): a new tuple whose top-level modes are the parts. */
int lo_tuple_nest(const lo_tuple *const *parts, int n, lo_tuple *out, lo_err *err);
/* out = the flat tuple of t's leaves. */
void lo_tuple_flatten(const lo_tuple *t, lo_tuple *out);
/* Substitute (Def 2.2.3.1): replace leaf i of profile P by the nested
** tuple items[i] (len(P) items).  Used for relative modes and by-mode
** results. */
int lo_tuple_substitute(const lo_tuple *p, const lo_tuple *items, lo_tuple *out, lo_err *err);
/* Append the tokens and leaves of src to dst (inside an open tuple). */
int lo_tuple_append(lo_tuple *dst, const lo_tuple *src, lo_err *err);
/* X^sigma = (x_sigma(1), ..., x_sigma(m)) over the m top-level modes;
** sigma[1..m] is a permutation of 1..m. */
int lo_tuple_permute(const lo_tuple *t, const int *sigma, lo_tuple *out, lo_err *err);
/* X * Y: the flat tuple of the leaves of x, then those of y (out must not
** alias y). */
int lo_tuple_flat_concat(const lo_tuple *x, const lo_tuple *y, lo_tuple *out, lo_err *err);

/* ---------------------------------------------------------------------
** 5. Flat layouts (Chapter 2.1; lo_layout.c, lo_coalesce.c,
**    lo_complement.c, lo_compose.c, lo_divide.c)
*/
int lo_layout_make(const lo_tuple *shape, const lo_int *stride, lo_layout *out, lo_err *err);
void lo_layout_flat(lo_layout *l, const lo_int *s, const lo_int *d, int n); /* (s..):(d..) */
void lo_layout_scalar(lo_layout *l, lo_int s, lo_int d);                    /* s:d */
void lo_layout_copy(lo_layout *dst, const lo_layout *src); /* the used part; dst may be src */
int lo_layout_mode(const lo_layout *l, int k, lo_layout *out, lo_err *err); /* 1-based */
/* Make l the tiler <mode 1, ..., mode k> of its top-level modes, each a layout. */
void lo_tiler_plain(lo_layout *l);
/* The kinds of a tiler's entry (lo_tiler_entry). */
typedef enum { LO_ENTRY_LAYOUT, LO_ENTRY_INT, LO_ENTRY_SKIP, LO_ENTRY_TILER } lo_entry_kind;
/* Entry k (1-based) of the tiler t and its kind: a layout; a bare integer n
** (out = n:1); '_' (out = 1:0); a nested tiler (out a tiler). */
int lo_tiler_entry(const lo_layout *t, int k, lo_layout *out, lo_entry_kind *kind, lo_err *err);
int lo_layout_nest(const lo_layout *const *parts, int n, lo_layout *out, lo_err *err);
void lo_layout_flatten(const lo_layout *l, lo_layout *out);
int lo_layout_equal(const lo_layout *a, const lo_layout *b);
int lo_size(const lo_layout *l, lo_int *out, lo_err *err);
int lo_cosize(const lo_layout *l, lo_int *out, lo_err *err);
/* Phi_L(x), colexicographic; for x >= size(L) the last mode runs on past
** its extent, as in CuTe. */
int lo_apply(const lo_layout *l, lo_int x, lo_int *out, lo_err *err);
/* CuTe's crd2idx(c, shape(L), stride(L)), L(c) for a coordinate c: an
** integer c is split over L's modes colexicographically (lo_apply; the
** last mode runs on); a tuple c must have the rank of the shape it meets
** (an integer shape takes only an integer), and each mode of c goes to
** the same mode of L.  Entries of c are non-negative; an entry past its
** extent runs on.  Errors: the ranks differ, a tuple for an integer, the
** value does not fit. */
int lo_crd2idx(const lo_layout *l, const lo_tuple *c, lo_int *out, lo_err *err);
/* An odometer over a layout's flat modes: v is the layout function at the
** current index, advanced one index at a time (colexicographic), with an
** addition per step and no division.  Assumes the values fit (the caller
** checks cosize, or uses lo_walk). */
typedef struct lo_odo {
  const lo_layout *l;
  lo_int c[LO_MAX_LEAVES];
  lo_int v;
} lo_odo;
void lo_odo_init(lo_odo *o, const lo_layout *l); /* at index 0 */
void lo_odo_next(lo_odo *o);                     /* past the last index it wraps to 0 */
/* A walk over Phi_L at x = 0, 1, 2, ...: lo_walk_at(w, x, &v, err) returns
** what lo_apply(l, x, &v, err) returns (the same value, the same error).
** It runs the odometer while x is the next index below size(L) and no
** value can overflow (strides >= 0, cosize fits); any other x, or a
** layout that could overflow, goes to lo_apply.  l must outlive the walk. */
typedef struct lo_walk {
  lo_odo o;
  lo_int next, size;
  int exact;
} lo_walk;
void lo_walk_init(lo_walk *w, const lo_layout *l);
int lo_walk_at(lo_walk *w, lo_int x, lo_int *out, lo_err *err);
/* Zero the stride of every size-1 mode (normalisation, Obs 2.1.2.29). */
void lo_normalize(lo_layout *l);

/* coal-flat (Def 2.1.4.1): always a flat tuple. */
int lo_flat_coalesce(const lo_layout *l, lo_layout *out, lo_err *err);
/* The paper's filter: the flat layout of the modes with non-zero stride. */
int lo_flat_filter(const lo_layout *l, lo_layout *out, lo_err *err);
int lo_squeeze(const lo_layout *l, lo_layout *out, lo_err *err); /* flat: drop size-1 modes */
int lo_sort(const lo_layout *l, lo_layout *out, lo_err *err);    /* flat: stable by (d,s) */
int lo_flat_concat(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err);
/* Restriction to the flattened entries idx[0..n) (1-based, increasing). */
int lo_layout_restrict(const lo_layout *l, const int *idx, int n, lo_layout *out, lo_err *err);
/* L^sigma over the m top-level modes; sigma[1..m] a permutation of 1..m. */
int lo_layout_permute(const lo_layout *l, const int *sigma, lo_layout *out, lo_err *err);

int lo_is_tractable(const lo_layout *l); /* Def 2.1.8.1 */
int lo_is_compact(const lo_layout *l);
int lo_is_flat_coalesced(const lo_layout *l);
int lo_is_sorted(const lo_layout *l);
int lo_is_nondegenerate(const lo_layout *l);
int lo_is_injective(const lo_layout *l, int *out, lo_err *err);
/* Strides are the prefix (column-major) or suffix (row-major) products of
** the flattened shape; an error only when a product does not fit. */
int lo_is_column_major(const lo_layout *l, int *out, lo_err *err);
int lo_is_row_major(const lo_layout *l, int *out, lo_err *err);
/* The order of Def 2.1.3.23 on single modes s:d <= s':d'; LO_EUNDEF unless
** both are single modes. */
int lo_mode_leq(const lo_layout *a, const lo_layout *b, int *out, lo_err *err);
/* The paper's complementability (sort(squeeze L) is a divisibility chain
** with positive strides), and N-complementability (s_m d_m divides N). */
int lo_is_complementable(const lo_layout *l);
int lo_is_n_complementable(const lo_layout *l, lo_int n);
/* Is b a complement of a (a * b compact)?  With n (not NULL) also
** size(a) size(b) = *n. */
int lo_is_complement(const lo_layout *a, const lo_layout *b, const lo_int *n, int *out,
                     lo_err *err);

/* The paper's comp-flat(L, N) (Def 2.1.6.1): defined only when L is
** N-complementable; n < 0 means comp(L). */
int lo_flat_complement(const lo_layout *l, lo_int n, lo_layout *out, lo_err *err);
/* Flat composite (Def 2.1.7.1): the paper composite when it is flat over
** shape(inner). */
int lo_flat_composition(const lo_layout *outer, const lo_layout *inner, lo_layout *out,
                        lo_err *err);
/* Flat division and product (Defs 2.1.7.9, 2.1.7.13). */
int lo_flat_divide(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err);
int lo_flat_product(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err);

/* ---------------------------------------------------------------------
** 6. Nested layouts (Chapters 2.2, 2.3; lo_coalesce.c, lo_complement.c,
**    lo_compose.c, lo_divide.c, lo_inverse.c): CuTe's ops where they meet
**    their contracts, and the paper's constructions
*/
/* CuTe's coalesce (paper coal): 1:0 for size 1, s:d for one mode, a flat
** tuple otherwise. */
int lo_coalesce(const lo_layout *l, lo_layout *out, lo_err *err);
/* Coalesce relative to a profile (CuTe's by-mode coalesce; the paper's
** relative coalesce when shape(L) refines it). */
int lo_coalesce_profile(const lo_layout *l, const lo_tuple *profile, lo_layout *out, lo_err *err);
int lo_filter(const lo_layout *l, lo_layout *out, lo_err *err); /* CuTe's filter */
int lo_is_coalesced(const lo_layout *l);                        /* Def 2.3.3.1 */

/* CuTe's complement(L, N) where it meets CuTe's contract (R strictly
** increasing, (filter(L), R) injective, size(R) >= N / size(filter(L)) in
** integer division); N < 0 means "no N" (N = cosize(filter(L))). */
int lo_complement(const lo_layout *l, lo_int n, lo_layout *out, lo_err *err);
/* Does R cover the cotarget with L: size(filter(L)) size(R) >= the
** cotarget's size (cotarget NULL: cosize(filter(L)))?  The stricter
** reading of complement's size that CuTe does not promise:
** complement((4,6):(1,6), 34) = 1:0 covers 24 of 34.  *yes 1 or 0;
** errors only where a size does not fit. */
int lo_complement_covers(const lo_layout *l, const lo_tuple *cotarget, const lo_layout *r, int *yes,
                         lo_err *err);
/* The paper's comp(L, N): defined only when L is N-complementable; n < 0
** means comp(L). */
int lo_paper_complement(const lo_layout *l, lo_int n, lo_layout *out, lo_err *err);

/* CuTe's composition(A, B) = A o B: R(x) = A(B(x)), computed mode by mode
** over B with CuTe's divisibility conditions; B may reach past size(A)
** (A's last mode runs on).  Size-1 modes of the result get stride 0.  An
** error, never a wrong layout, when the mode-by-mode result is not A o B.
** B may be a tiler (by-mode composition; modes of A past the tiler are
** dropped, as in CuTe C++). */
int lo_composition(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err);
/* The paper's composite B o A of Def 2.3.7.1 (here outer first): defined
** iff Image(Phi_inner) lies in [0, size(outer)) and Phi_outer o Phi_inner
** is a layout function coalesced over shape(inner). */
int lo_paper_composition(const lo_layout *outer, const lo_layout *inner, lo_layout *out,
                         lo_err *err);

/* CuTe's logical_divide and logical_product, with layouts or tilers as B;
** zipped and tiled regroupings of both. */
int lo_logical_divide(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err);
int lo_logical_product(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err);
/* blocked_product and raked_product (lo_rank_product.c): CuTe's answer
** (lo_cute_blocked_product, lo_cute_raked_product: the modes of the
** logical product of A and B padded to one rank, zipped block first or
** tile first), where lo_logical_product(A, B) meets its contract; else
** LO_EUNDEF naming CuTe's answer and why. */
int lo_blocked_product(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err);
int lo_raked_product(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err);
int lo_zipped_divide(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err);
int lo_tiled_divide(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err);
int lo_zipped_product(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err);
int lo_tiled_product(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err);
/* The paper's A (/) B and A (x) B (Defs 2.3.8.1, 2.3.9.1 with Obs 2.3.9.2). */
int lo_paper_logical_divide(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err);
int lo_paper_logical_product(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err);

int lo_right_inverse(const lo_layout *l, lo_layout *out, lo_err *err);
int lo_left_inverse(const lo_layout *l, lo_layout *out, lo_err *err);

/* The analysis ops of C. Cecka's whitepaper (arXiv:2603.02298), with the
** definitions and post-conditions PyCuTe documents (lo_domain.c,
** lo_coalesce.c). */
/* coalesce_z(L[, P]): coalesce keeping the layout function at every
** index, past size(L) too: size-1 modes are dropped and neighbours with
** s d = d' merged, left to right, but a last mode of size 1 stays
** ((2,1,6,1):(1,7,8,0) -> (2,6,1):(1,8,0)).  profile NULL: the whole
** layout; else by mode as lo_coalesce_profile. */
int lo_coalesce_z(const lo_layout *l, const lo_tuple *profile, lo_layout *out, lo_err *err);
/* nullspace(L): the layout of the coordinates L maps to 0 (R(i) ->
** L(R(i)) = 0): L's stride-0 flat entries with the strides of L's compact
** column-major layout there (prefix products of the shape), unwrapped;
** 1:0 when L has none.  lo_cute_nullspace differs only where a size-1
** entry has stride 0 (CuTe gives it stride 0, here its prefix product). */
int lo_nullspace(const lo_layout *l, lo_layout *out, lo_err *err);
/* greatest_common_domain(A, B): the ordered factorisation of the common
** divisor the shapes a and b share in order, as the flat layout whose
** modes are the shared factors and whose strides are the offsets where
** they start ((5,3,4),(10,6) -> (5,2):(1,30)); (1):(0) when none. */
int lo_greatest_common_domain(const lo_tuple *a, const lo_tuple *b, lo_layout *out, lo_err *err);
/* layout_add(A, B): for size(A) = size(B), the coalesced layout R with
** R(i) = A(i) + B(i) on [0, size), over the greatest common domain of
** coalesce(A) and coalesce(B).  LO_EUNDEF when the sizes differ or that
** domain does not cover the size (no common refinement). */
int lo_layout_add(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err);
/* Recasts and compact layouts in an order (lo_recast.c): CuTe's answers
** (section 10) where they meet the contracts of docs/ops.md, an error
** naming CuTe's answer and what it breaks otherwise.
**   upcast<N>(L): the layout of L's N-element units, where each
**     coordinate of R stands for coordinates of L that cover one whole unit
**   downcast<N>(L): L with each unit split into its N elements (one
**     stride-1 leaf holds the position within a unit)
**   recast_layout<Old,New>(L): widths in bits; upcast by New/Old, downcast
**     by Old/New, or both, in lowest terms, as CuTe composes them
**   make_layout_like(L): shape(L), compact on the non-zero modes in the
**     order of L's strides, stride-0 leaves kept, idempotent
**   make_ordered_layout(S, O): shape S, compact, in the order of O (O's
**     profile a prefix of S's: an integer over a sub-tuple orders it whole)
** lo_recast is the whitepaper's recast(L, p/q) as NVIDIA's PyCuTe defines
** it, leaf by leaf: d = 0 stays; d = 1 becomes ceil(s q / p):1; else d/
** (p/q) or (p/q)/d must be an integer: s:dq/p, or ceil(s / (p/dq)):1. */
int lo_upcast(const lo_layout *l, lo_int n, lo_layout *out, lo_err *err);
int lo_downcast(const lo_layout *l, lo_int n, lo_layout *out, lo_err *err);
int lo_recast_layout(const lo_layout *l, lo_int old_bits, lo_int new_bits, lo_layout *out,
                     lo_err *err);
int lo_make_layout_like(const lo_layout *l, lo_layout *out, lo_err *err);
int lo_make_ordered_layout(const lo_tuple *shape, const lo_tuple *order, lo_layout *out,
                           lo_err *err);
int lo_recast(const lo_layout *l, lo_int p, lo_int q, lo_layout *out, lo_err *err);

/* ---------------------------------------------------------------------
** 7. Tuple morphisms (Chapter 3.1; lo_morphism.c, lo_morph_ops.c)
*/
/* Valid: map entries in range, no codomain position hit twice, and each
** domain entry equal to the codomain entry it hits. */
int lo_morphism_check(const lo_morphism *f, lo_err *err);
int lo_morphism_is_nondegenerate(const lo_morphism *f);
int lo_morphism_is_standard(const lo_morphism *f);  /* Def 3.1.2.12 with the n = 1 fix */
int lo_morphism_is_injective(const lo_morphism *f); /* no basepoint */
int lo_morphism_identity(const lo_tuple *s, lo_morphism *out);
int lo_morphism_layout(const lo_morphism *f, lo_layout *out, lo_err *err);    /* L_f */
int lo_morphism_of_layout(const lo_layout *l, lo_morphism *out, lo_err *err); /* f_L */
int lo_morphism_compose(const lo_morphism *g, const lo_morphism *f, lo_morphism *out,
                        lo_err *err); /* g o f */
int lo_morphism_sum(const lo_morphism *f, const lo_morphism *g, lo_morphism *out, lo_err *err);
int lo_morphism_flat_concat(const lo_morphism *f, const lo_morphism *g, lo_morphism *out,
                            lo_err *err);
/* Restriction to domain entries I and factorization through codomain
** entries J; sets are 1-based index lists in increasing order. */
int lo_morphism_restrict(const lo_morphism *f, const int *idx, int n, lo_morphism *out,
                         lo_err *err);
int lo_morphism_factorize(const lo_morphism *f, const int *idx, int n, lo_morphism *out,
                          lo_err *err);
int lo_morphism_squeeze(const lo_morphism *f, lo_morphism *out, lo_err *err);
int lo_morphism_sort(const lo_morphism *f, lo_morphism *out, lo_err *err);
int lo_morphism_is_sorted(const lo_morphism *f, int *out, lo_err *err); /* sort(f) = f */
int lo_morphism_coalesce(const lo_morphism *f, lo_morphism *out, lo_err *err);
int lo_morphism_complement(const lo_morphism *f, lo_morphism *out, lo_err *err);
/* f and g are complements: disjoint images covering the codomain. */
int lo_morphism_is_complement(const lo_morphism *f, const lo_morphism *g);
/* No codomain position hit by both (the basepoint aside). */
int lo_morphism_disjoint_images(const lo_morphism *f, const lo_morphism *g);
/* f (/)flat g = f o (g * g^c) and f (x)flat g = f * (f^c o g). */
int lo_morphism_flat_divide(const lo_morphism *f, const lo_morphism *g, lo_morphism *out,
                            lo_err *err);
int lo_morphism_flat_product(const lo_morphism *f, const lo_morphism *g, lo_morphism *out,
                             lo_err *err);
/* The inclusion of entry k (1-based, as an integer) into s. */
int lo_entry_inclusion(const lo_tuple *s, int k, lo_morphism *out, lo_err *err);

/* ---------------------------------------------------------------------
** 8. Nest morphisms (Chapter 3.2; lo_morphism.c, lo_morph_ops.c)
*/
/* (f1, ..., fn): nested concatenation. */
int lo_morphism_concat(const lo_morphism *const *fs, int n, lo_morphism *out, lo_err *err);
/* f (/) g = f o (g, g^c) and f (x) g = (f, f^c o g). */
int lo_morphism_logical_divide(const lo_morphism *f, const lo_morphism *g, lo_morphism *out,
                               lo_err *err);
int lo_morphism_logical_product(const lo_morphism *f, const lo_morphism *g, lo_morphism *out,
                                lo_err *err);
/* The inclusion of mode k (1-based) into s. */
int lo_mode_inclusion(const lo_tuple *s, int k, lo_morphism *out, lo_err *err);

/* ---------------------------------------------------------------------
** 9. Refinement (Chapters 3.2.5 and 4; lo_refine.c)
*/
/* X' refines X (X' is finer: each leaf x_i of X replaced by a nested tuple
** of size x_i). */
int lo_refines(const lo_tuple *xp, const lo_tuple *x);
/* X' divides X: the flattening of X' is a prefix of that of X. */
int lo_tuple_divides(const lo_tuple *xp, const lo_tuple *x);
/* Relative modes mode_i(X',X), i = 1..len(X); requires lo_refines. */
int lo_relative_modes(const lo_tuple *xp, const lo_tuple *x, lo_tuple *modes, int cap, int *n,
                      lo_err *err);
/* flat(X', X): the tuple of the relative modes. */
int lo_relative_flatten(const lo_tuple *xp, const lo_tuple *x, lo_tuple *out, lo_err *err);
/* incl_k(S', S) : mode_k(S', S) -> S', and mode_k(f, S) = f o
** incl_k(domain f, S). */
int lo_relative_mode_inclusion(const lo_tuple *sp, const lo_tuple *s, int k, lo_morphism *out,
                               lo_err *err);
int lo_relative_mode(const lo_morphism *f, const lo_tuple *s, int k, lo_morphism *out, lo_err *err);
/* Algorithm 4.1.1 with two fixes (None unless T is used up; the last loop runs to len(Y)): mutual
 * refinement. */
int lo_mutual_refinement(const lo_tuple *t, const lo_tuple *u, lo_tuple *tp, lo_tuple *up,
                         lo_err *err);
/* Pullback of f : S -> T along T' refining T, pushforward of f along S'
** refining S (Constructions 3.2.5.5, 3.2.5.12). */
int lo_pullback(const lo_morphism *f, const lo_tuple *tp, lo_morphism *out, lo_err *err);
int lo_pushforward(const lo_morphism *f, const lo_tuple *sp, lo_morphism *out, lo_err *err);
/* f' = i o pullback(f, T') for the prefix inclusion i : T' -> U'
** (Construction 4.1.2.1). */
int lo_pullback_then_include(const lo_morphism *f, const lo_tuple *tp, const lo_tuple *up,
                             lo_morphism *out, lo_err *err);
/* Weak composite g o f of f : S -> T then g : U -> V along the mutual
** refinement of (T, U) (Construction 4.1.2.1). */
int lo_weak_composite(const lo_morphism *g, const lo_morphism *f, lo_morphism *out, lo_err *err);
/* Algorithm 4.1.2: for tractable inner (applied first) and outer, the weak
** composite C; outer o inner = coalesce(C, shape(inner)). */
int lo_composition_algorithm(const lo_layout *outer, const lo_layout *inner, lo_layout *out,
                             lo_err *err);

/* ---------------------------------------------------------------------
** 10. CuTe C++ as it computes (lo_cute.c, lo_cute_tile.c)
**
** What CuTe C++ returns for static layouts (every integer an Int<N>),
** step by step as cute/layout.hpp computes it: bit for bit, including
** answers that break the op's definition, and including CuTe's
** compile-time refusals, which are LO_EUNDEF errors whose message starts
** "CuTe refuses: " and names the static_assert.  The plain ops of sections
** 5 and 6 return these answers where they meet the op's definition.  Arithmetic
** is exact for values whose products fit CuTe's int.
*/
int lo_cute_coalesce(const lo_layout *l, const lo_tuple *profile, lo_layout *out, lo_err *err);
int lo_cute_filter(const lo_layout *l, lo_layout *out, lo_err *err);
/* composition(A, B) = A o B; B may be a tiler. */
int lo_cute_composition(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err);
/* complement(L, cotarget); cotarget NULL: cosize(filter(L)).  A tuple
** cotarget is divided mode by mode, as logical_divide's shape(coalesce A). */
int lo_cute_complement(const lo_layout *l, const lo_tuple *cotarget, lo_layout *out, lo_err *err);
int lo_cute_right_inverse(const lo_layout *l, lo_layout *out, lo_err *err);
int lo_cute_left_inverse(const lo_layout *l, lo_layout *out, lo_err *err);
int lo_cute_logical_divide(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err);
int lo_cute_zipped_divide(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err);
int lo_cute_tiled_divide(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err);
/* CuTe's flat_divide and flat_product unpack both modes of the zipped
** form; they are not the paper's flat division (lo_flat_divide). */
int lo_cute_flat_divide(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err);
int lo_cute_logical_product(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err);
int lo_cute_zipped_product(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err);
int lo_cute_tiled_product(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err);
int lo_cute_flat_product(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err);
int lo_cute_blocked_product(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err);
int lo_cute_raked_product(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err);
int lo_cute_max_common_layout(const lo_layout *a, const lo_layout *b, lo_layout *out, lo_err *err);
int lo_cute_max_common_vector(const lo_layout *a, const lo_layout *b, lo_int *out, lo_err *err);
int lo_cute_nullspace(const lo_layout *l, lo_layout *out, lo_err *err);
/* upcast<N>, downcast<N>, recast_layout<Old,New> (widths in bits),
** make_layout_like, make_ordered_layout (lo_recast.c). */
int lo_cute_upcast(const lo_layout *l, lo_int n, lo_layout *out, lo_err *err);
int lo_cute_downcast(const lo_layout *l, lo_int n, lo_layout *out, lo_err *err);
int lo_cute_recast_layout(const lo_layout *l, lo_int old_bits, lo_int new_bits, lo_layout *out,
                          lo_err *err);
int lo_cute_make_layout_like(const lo_layout *l, lo_layout *out, lo_err *err);
int lo_cute_make_ordered_layout(const lo_tuple *shape, const lo_tuple *order, lo_layout *out,
                                lo_err *err);

/* ---------------------------------------------------------------------
** 11. Evaluation by op name: the engine behind `layoutcheck eval`.
** Evaluate op on argv[0..argc) (strings in the syntax above) and write the
** canonical result, NUL-terminated, into out[0..cap).  On error return its
** code and write the message (without an "error: " prefix) into out.
*/
int lo_eval(const char *op, int argc, const char *const *argv, char *out, size_t cap);
/* lo_eval that also sets *len to the length of the text written into out
** (the result, or the message). */
int lo_eval_len(const char *op, int argc, const char *const *argv, char *out, size_t cap,
                size_t *len);

/* The buffer every answer of lo_eval fits in (32 MiB).  The ops that list
** points have limits sized to it, each answer at its limit fitting with
** the worst values: layout_function 2^20 points of at most 19 digits and
** a comma (20 MiB), index_set 2^17 points of at most 64 coordinates (136
** bytes each, 17 MiB), print_layout 2^19 cells of at most 10 digits (52
** bytes a cell with its share of the rules, 26 MiB).  LO_ESPACE answers
** a smaller buffer. */
#define LO_EVAL_OUT_CAP        ((size_t)1 << 25)
#define LO_EVAL_FUNCTION_LIMIT ((lo_int)1 << 20) /* layout_function, same_layout_function */
#define LO_EVAL_INDEX_LIMIT    ((lo_int)1 << 17) /* index_set */
#define LO_EVAL_GRID_LIMIT     ((lo_int)1 << 19) /* print_layout */

/* Where each op's answer comes from: the op, then the functions of this
** header its handler op_NAME (lo_eval_*.c) calls.  One line per op of the
** op table of lo_eval.c, in its order (tests/test_lo_eval_lookup.c fails
** on an op of the table missing here or an op here the table lacks).  An op taking layouts
** or morphisms calls the lo_morphism_* function for morphism arguments.  An op given a
** swizzle or a composed layout (section 13) runs in lo_eval_swizzle.c: apply and cute_apply
** call lo_swizzle_apply (after lo_apply or lo_crd2idx on the inner layout), layout_function
** lo_walk_at and lo_swizzle_apply, print_layout lo_print_grid_composed, cosize
** lo_composed_cosize, composition and cute_composition of two swizzles
** lo_swizzle_composition and lo_cute_swizzle_composition, cute_composition of a layout with a
** swizzle lo_cute_layout_swizzle and lo_cute_composition, cute_right_inverse and
** cute_left_inverse lo_cute_right_inverse, lo_cute_left_inverse, lo_cute_layout_swizzle,
** right_inverse and left_inverse lo_composed_inverse_cute and lo_composed_inverse_check; the
** other ops of its table run their own handler on the inner layout (CuTe's ComposedLayout
** ops; complement and cute_complement that of the inner layout).  An op
** given a layout with F2 strides (section 16) runs in lo_eval_f2.c: size, rank and depth
** read its shape, apply calls lo_f2_apply or lo_f2_crd, layout_function lo_f2_apply, cosize
** lo_f2_cosize, coalesce and coalesce_z lo_f2_coalesce, composition lo_f2_composition,
** right_inverse lo_f2_right_inverse; any other op refuses it.  An op
** given a layout with a negative stride (section 17) runs in lo_eval_negative.c: apply and
** cute_apply call lo_apply or lo_crd2idx, layout_function lo_apply, size and cute_size
** lo_size, cosize lo_cute_cosize_span and lo_image_bounds (an error naming CuTe's answer),
** cute_cosize lo_cute_cosize_span, flatten and cute_flatten lo_layout_flatten, coalesce and
** cute_coalesce lo_cute_coalesce, filter and cute_filter lo_cute_filter, print_layout
** lo_print_grid, cute_composition lo_cute_composition_signed, composition the same checked
** with lo_apply and lo_cute_apply_int, complement lo_cute_complement_signed, right_inverse
** lo_cute_right_inverse checked with lo_apply, left_inverse lo_cute_left_inverse_signed
** checked with lo_apply and lo_cute_apply_int, the divides and products
** lo_cute_tile_signed (the plain ones an error naming its answer), cute_blocked_product and
** cute_raked_product lo_cute_rank_product_signed; every other op refuses it.  An op
** given a coordinate layout (a stride N@i, section 18) runs in lo_eval_basis.c: apply and
** cute_apply call lo_basis_apply_at, layout_function lo_basis_apply, cute_coshape,
** cute_cosize and cosize lo_basis_coshape; size, rank, depth and cute_shape (and twins) run
** their own handler on the shape (strides 0); cute_get, cute_take, cute_select, cute_group,
** flatten, cute_flatten, coalesce, composition, the divides and their cute_ twins on the
** layout's integer stand-ins (lo_basis_encode, lo_basis_decode), the plain ops checked point
** by point with lo_basis_identity, lo_basis_apply, lo_basis_apply_leaves and lo_coord_equal.
**   size                     lo_tuple_size
**   cosize                   lo_cosize
**   rank                     lo_tuple_rank
**   depth                    lo_tuple_depth
**   len                      lo_tuple.len of the shape
**   rank_len_depth           lo_tuple_rank, lo_tuple_depth, lo_tuple_size
**   rank_len_depth_size      lo_tuple_rank, lo_tuple_depth, lo_tuple_size
**   flatten                  lo_layout_flatten, lo_tuple_flatten
**   flatten_profile          lo_tuple_flatten
**   mode                     lo_tuple_rank, lo_layout_mode, lo_tuple_mode
**   modes                    lo_tuple_rank, lo_layout_mode, lo_tuple_mode
**   entries                  lo_tuple_rank, lo_layout_mode, lo_tuple_mode
**   congruent                lo_tuple_congruent
**   apply                    lo_apply, lo_crd2idx
**   coordinate               sum of c_i d_i over the flattened strides
**   layout_function          lo_apply at every point (lo_size first)
**   same_layout_function     lo_apply at every point of both
**   index_set                lo_tuple_size
**   coalesce                 lo_coalesce_profile, lo_morphism_coalesce, lo_coalesce
**   flat_coalesce            lo_flat_coalesce
**   filter                   lo_filter
**   flat_filter              lo_flat_filter
**   squeeze                  lo_morphism_squeeze, lo_squeeze
**   sort                     lo_morphism_sort, lo_sort
**   restrict                 lo_morphism_restrict, lo_layout_restrict
**   permute                  lo_tuple_rank, lo_layout_permute, lo_tuple_permute
**   flat_concat              lo_tuple_flat_concat, lo_morphism_flat_concat, lo_flat_concat
**   concat                   lo_morphism_concat, lo_layout_nest, lo_tuple_nest
**   nested_concat            lo_morphism_concat, lo_layout_nest, lo_tuple_nest
**   substitute               lo_tuple_is_int, lo_tuple_rank, lo_layout_mode, lo_tuple_substitute,
**                            lo_tuple_depth
**   complement               lo_complement, lo_morphism_complement (a tuple cotarget:
**                            lo_complement_to of lo_internal.h)
**   complement_covers        lo_complement, lo_complement_covers
**   paper_complement         lo_paper_complement
**   flat_complement          lo_flat_complement
**   is_complement            lo_morphism_is_complement, lo_is_complement
**   is_N_complement          lo_morphism_is_complement, lo_is_complement
**   is_complementable        lo_morphism_is_injective, lo_is_complementable, lo_is_n_complementable
**   composition              lo_morphism_compose, lo_composition
**   paper_composition        lo_paper_composition
**   flat_composition         lo_flat_composition
**   composition_algorithm    lo_composition_algorithm
**   logical_divide           lo_morphism_logical_divide, lo_logical_divide
**   logical_product          lo_morphism_logical_product, lo_logical_product
**   zipped_divide            lo_zipped_divide
**   tiled_divide             lo_tiled_divide
**   zipped_product           lo_zipped_product
**   tiled_product            lo_tiled_product
**   paper_logical_divide     lo_paper_logical_divide
**   paper_logical_product    lo_paper_logical_product
**   flat_divide              lo_morphism_flat_divide, lo_flat_divide
**   flat_product             lo_morphism_flat_product, lo_flat_product
**   right_inverse            lo_right_inverse
**   left_inverse             lo_left_inverse
**   coalesce_z               lo_coalesce_z
**   nullspace                lo_nullspace
**   blocked_product          lo_blocked_product (lo_cute_blocked_product, lo_logical_product)
**   raked_product            lo_raked_product (lo_cute_raked_product, lo_logical_product)
**   max_common_layout        lo_parse_composed, lo_max_common_layout
**   max_common_vector        lo_parse_composed, lo_max_common_vector
**   layout_add               lo_layout_add
**   greatest_common_domain   lo_greatest_common_domain
**   upcast                   lo_upcast; of a swizzle or a composed layout
**                            lo_swizzle_upcast_plain, lo_composed_recast
**   downcast                 lo_downcast; of a swizzle or a composed layout
**                            lo_swizzle_downcast, lo_composed_recast
**   recast_layout            lo_recast_layout; of a swizzle or a composed layout
**                            lo_swizzle_upcast_plain, lo_swizzle_downcast,
**                            lo_composed_recast
**   recast                   lo_recast
**   make_layout_like         lo_make_layout_like
**   make_ordered_layout      lo_make_ordered_layout
**   cute_recast_layout       lo_cute_recast_layout; of a swizzle or a composed layout
**                            lo_swizzle_upcast, lo_swizzle_downcast,
**                            lo_swizzle_cute_check, lo_cute_recast_composed
**   cute_make_layout_like    lo_cute_make_layout_like
**   cute_make_ordered_layout lo_cute_make_ordered_layout
**   cute_coalesce            lo_cute_coalesce
**   cute_filter              lo_cute_filter
**   cute_flatten             lo_layout_flatten, lo_tuple_is_int, lo_tuple_flatten
**   cute_depth               lo_layout_mode (a mode path), lo_tuple_depth
**   cute_apply               lo_apply, lo_crd2idx
**   cute_crd2idx             lo_layout_make, lo_crd2idx
**   cute_size                lo_layout_mode (a mode path), lo_tuple_size
**   cute_cosize              lo_layout_mode (a mode path), lo_cosize
**   cute_coshape             lo_layout_mode (a mode path), lo_cosize
**   cute_coprofile           lo_layout_mode (a mode path); 0 for integer strides
**   cute_rank                lo_layout_mode (a mode path), lo_tuple_rank
**   cute_shape               lo_layout_mode (a mode path)
**   cute_stride              lo_layout_mode (a mode path), lo_print_index of the strides
**   cute_get                 lo_layout_mode
**   cute_filter_zeros        (shape 1 on every stride-0 entry)
**   cute_take                lo_layout_mode, lo_tuple_append
**   cute_select              lo_layout_mode, lo_tuple_append
**   cute_group               lo_layout_mode, lo_tuple_append
**   cute_append              lo_layout_mode, lo_tuple_append
**   cute_prepend             lo_layout_mode, lo_tuple_append
**   cute_replace             lo_layout_mode, lo_tuple_append
**   cute_zip                 lo_layout_pair, lo_layout_mode, lo_tuple_append
**   cute_slice               lo_tuple_mode, lo_layout_mode, lo_tuple_append
**   cute_dice                lo_tuple_mode, lo_layout_mode, lo_tuple_append
**   cute_idx2crd             lo_tuple_mode, lo_tuple_size, lo_print_index
**   cute_domain_offset       lo_apply, lo_crd2idx
**   cute_tile_to_shape       lo_tuple_size, lo_cute_blocked_product
**   tile_to_shape            lo_tuple_size, lo_blocked_product
**   cute_upcast              lo_swizzle_upcast, lo_swizzle_cute_check, lo_cute_upcast,
**                            lo_cute_recast_composed
**   cute_downcast            lo_swizzle_downcast, lo_swizzle_cute_check, lo_cute_downcast,
**                            lo_cute_recast_composed
**   cute_max_alignment       lo_cute_coalesce, lo_cute_right_inverse, lo_cute_logical_divide
**   cute_complement          lo_cute_complement
**   cute_composition         lo_cute_composition
**   cute_logical_divide      lo_cute_logical_divide
**   cute_zipped_divide       lo_cute_zipped_divide
**   cute_tiled_divide        lo_cute_tiled_divide
**   cute_flat_divide         lo_cute_flat_divide
**   cute_logical_product     lo_cute_logical_product
**   cute_zipped_product      lo_cute_zipped_product
**   cute_tiled_product       lo_cute_tiled_product
**   cute_flat_product        lo_cute_flat_product
**   cute_blocked_product     lo_cute_blocked_product
**   cute_raked_product       lo_cute_raked_product
**   cute_right_inverse       lo_cute_right_inverse
**   cute_left_inverse        lo_cute_left_inverse
**   cute_max_common_layout   lo_parse_composed, lo_cute_max_common_layout_c
**   cute_max_common_vector   lo_parse_composed, lo_cute_max_common_vector_c
**   cute_nullspace           lo_cute_nullspace
**   cute_coalesce_x          lo_cute_coalesce_x (lo_internal.h)
**   is_tractable             lo_is_tractable
**   is_compact               lo_is_compact
**   is_coalesced             lo_morphism_layout, lo_is_flat_coalesced, lo_is_coalesced
**   is_flat_coalesced        lo_is_flat_coalesced
**   is_sorted                lo_morphism_is_sorted, lo_is_sorted
**   is_nondegenerate         lo_morphism_is_nondegenerate, lo_is_nondegenerate
**   is_non_degenerate        lo_morphism_is_nondegenerate, lo_is_nondegenerate
**   is_column_major          lo_is_row_major, lo_is_column_major
**   is_row_major             lo_is_row_major, lo_is_column_major
**   is_layout                lo_parse_layout
**   mode_leq                 lo_mode_leq
**   tuple_divides            lo_tuple_divides
**   refines                  lo_refines
**   relative_modes           lo_relative_modes, lo_layout_make
**   relative_flatten         lo_relative_flatten
**   mutual_refinement        lo_mutual_refinement
**   morphism                 lo_morphism_of_layout
**   layout                   lo_morphism_layout
**   is_standard_form         lo_morphism_is_standard
**   is_valid_morphism        lo_parse_morphism (which runs lo_morphism_check)
**   is_pointed_map           (reads the map text itself)
**   is_tractable_map         (reads the map text itself)
**   identity                 lo_morphism_identity
**   sum                      lo_morphism_sum
**   disjoint_images          lo_morphism_disjoint_images
**   entry                    lo_morphism_restrict
**   factorize                lo_morphism_factorize
**   pullback                 lo_pullback
**   pushforward              lo_pushforward
**   pullback_then_include    lo_pullback_then_include
**   weak_composite           lo_weak_composite
**   entry_inclusion          lo_tuple_rank, lo_mode_inclusion, lo_entry_inclusion
**   mode_inclusion           lo_tuple_rank, lo_mode_inclusion, lo_entry_inclusion
**   relative_mode_inclusion  lo_relative_mode_inclusion
**   relative_mode            lo_relative_mode
**   sort_not_functorial      lo_morphism_sort
**   view_strides             lo_view_eval
**   view_to_layout           lo_view_eval
**   view_of_layout           lo_view_eval
**   view_rearrange           lo_view_eval
**   view_reshape             lo_view_eval
**   view_broadcast           lo_view_eval
**   view_can_broadcast       lo_view_eval
**   view_broadcast_shapes    lo_view_eval
**   view_pad_left            lo_view_eval
**   view_einsum              lo_view_eval
**   print_layout             lo_size, lo_print_grid
**   bank_conflicts           lo_parse_composed, lo_bank_smem_init, lo_bank_tv_shape, lo_bank_tv_vector,
**                            lo_bank_tv_lanes, lo_bank_list_lanes, lo_bank_lanes_access,
**                            lo_bank_conflicts
**   slice_and_offset         lo_parse_composed, lo_composed_slice_and_offset
**   local_tile               lo_parse_composed, lo_dice_tiler, lo_dice_coord, lo_composed_partition
**                            (which divides by lo_zipped_divide)
**   local_partition          lo_parse_composed, lo_dice_tiler, lo_thread_tiler, lo_flat_coord,
**                            lo_composed_partition (which divides by lo_zipped_divide)
**   inner_partition          lo_parse_composed, lo_composed_partition
**   outer_partition          lo_parse_composed, lo_composed_partition
**   cute_slice_and_offset    lo_parse_composed, lo_composed_slice_and_offset
**   cute_local_tile          lo_parse_composed, lo_dice_tiler, lo_dice_coord, lo_composed_partition
**   cute_local_partition     lo_parse_composed, lo_dice_tiler, lo_thread_tiler, lo_flat_coord,
**                            lo_composed_partition
**   cute_inner_partition     lo_parse_composed, lo_composed_partition
**   cute_outer_partition     lo_parse_composed, lo_composed_partition
**   to_f2                    lo_parse_swizzle, lo_f2_of_swizzle, lo_parse_composed, lo_f2_of_composed
**   from_f2                  lo_parse_f2, lo_f2_to_swizzle
**   f2_coshape               lo_parse_f2, lo_f2_coshape
**   make_identity_layout     lo_basis_identity, lo_print_basis_layout
**   cute_make_identity_layout lo_basis_identity, lo_print_basis_layout
*/
/* The op table, for listings and documentation. */
typedef struct lo_op_info {
  const char *name;
  const char *args; /* e.g. "L [N]" */
  const char *summary;
} lo_op_info;
int lo_op_count(void);
const lo_op_info *lo_op_at(int i);

/* ---------------------------------------------------------------------
** 12. Tensor views (lo_view.c, lo_view_pattern.c)
**
** PyTorch, einops and the Lean tensor libraries describe a view of storage
** by a shape and strides listed outermost first: row-major order, the last
** axis runs fastest.  The view's CuTe layout lists the same modes
** innermost first, so that its (colexicographic) layout function at i is
** the storage offset of element i in row-major order: shape (2,3) with
** strides (3,1) is the layout (3,2):(1,3).  Nested tuples reverse at every
** level: an einops group (b w) (w fastest) is the mode (w,b).  Axes are
** numbered from 0, outermost first, as PyTorch numbers dims.  A shape is a
** flat tuple of positive sizes ((2,3), an integer 5 for (5), () for a
** scalar).
*/
#define LO_VIEW_NAME_CAP 32 /* axis names are shorter than this */
#define LO_VIEW_SIDES    5  /* an einsum has at most 4 operands */

/* Print a nested tuple of non-negative integers (strides, coordinates: what
** lo_parse_index reads), zeros as 0 where lo_print_tuple writes '*'. */
int lo_print_index(const lo_tuple *t, char *buf, size_t cap);
/* out = t with its modes in reverse order, recursively. */
void lo_tuple_reverse(const lo_tuple *t, lo_tuple *out);
/* The sizes of a shape argument (flat or an integer) into dims[0..*n). */
int lo_view_dims(const lo_tuple *shape, lo_int *dims, int *n, lo_err *err);
/* Row-major strides of a shape: suffix products ((2,3,4) -> (12,4,1)). */
int lo_view_strides(const lo_tuple *shape, lo_tuple *strides, lo_err *err);
/* The layout of a view given outermost first (congruent nested tuples;
** strides may be 0), and back: lo_view_of_layout inverts it exactly. */
int lo_view_to_layout(const lo_tuple *shape, const lo_tuple *strides, lo_layout *out, lo_err *err);
void lo_view_of_layout(const lo_layout *l, lo_tuple *shape, lo_tuple *strides);
/* The layout of a contiguous row-major tensor of the given shape. */
int lo_view_contiguous(const lo_tuple *shape, lo_layout *out, lo_err *err);
/* The axes of a view layout, outermost first: its top-level modes in
** reverse order (an integer layout s:d has one axis, () none). */
int lo_view_axes(const lo_layout *l, lo_layout *axes, int cap, int *n, lo_err *err);

/* A view of the same elements with another shape, as torch's view: the
** layout of shape reversed(to) with the layout function of from (all
** sizes match), flat, one stride per axis.  LO_EUNDEF, naming the target
** axis, when no such strides exist (a copy is needed).  A size-1 axis gets
** the stride of the position it stands at. */
int lo_view_reshape(const lo_layout *from, const lo_tuple *to, lo_layout *out, lo_err *err);
/* PyTorch broadcasting of the view from to the shape to (shapes aligned at
** their last axes; an axis of size 1 or a missing leading axis becomes a
** stride-0 mode).  LO_EUNDEF naming the axis that does not broadcast. */
int lo_view_broadcast(const lo_layout *from, const lo_tuple *to, lo_layout *out, lo_err *err);
/* torch.broadcast_shapes of two shapes. */
int lo_view_broadcast_shapes(const lo_tuple *a, const lo_tuple *b, lo_tuple *out, lo_err *err);

/* An einops pattern, parsed: sides 0..nsides-2 are the inputs (one for
** rearrange, the operands of an einsum), the last side the output.  A side
** is a list of top-level axes; each axis is a group of atoms; an atom is
** a named axis (its index in name[]) or -1 for an anonymous 1. */
typedef struct lo_view_side {
  int natoms, naxes;
  int atom[LO_MAX_LEAVES];
  int atom_col[LO_MAX_LEAVES];   /* 1-based column of each atom in the pattern */
  int axis_first[LO_MAX_LEAVES]; /* the first atom of each axis */
  int axis_len[LO_MAX_LEAVES];
  int axis_paren[LO_MAX_LEAVES]; /* written in parentheses */
} lo_view_side;

typedef struct lo_view_pattern {
  int nnames, nsides;
  char name[LO_MAX_LEAVES][LO_VIEW_NAME_CAP];
  lo_view_side side[LO_VIEW_SIDES];
} lo_view_pattern;

/* Parse "b h w c -> h (b w) c" (white space between axes; the arrow may be
** written "-->", the form the batch protocol needs; the whole may be
** wrapped in [ ]; einsum operands are separated by ',').  Only the syntax
** is checked: at most max_inputs inputs, no nested parentheses, no
** anonymous axis other than 1, no ellipsis.  Errors name the column. */
int lo_view_pattern_parse(const char *text, int max_inputs, lo_view_pattern *p, lo_err *err);
/* The sizes of the pattern's named axes from "b=2,h=3" (',' or white space
** between entries, may be wrapped in [ ]; NULL or "" for none): size[i]
** for name i, have[i] set when given. */
int lo_view_sizes_parse(const char *text, const lo_view_pattern *p, lo_int *size, int *have,
                        lo_err *err);

/* einops rearrange of a contiguous row-major tensor: the layout of the
** result over the input's storage.  sizes may be NULL; shape (the input's,
** or NULL) lets sizes be inferred, as einops does from the tensor.  Errors
** name the rule broken: an axis used twice, dropped or unknown, sizes that
** do not multiply out, a missing size. */
int lo_view_rearrange(const char *pattern, const char *sizes, const lo_tuple *shape, lo_layout *out,
                      lo_err *err);
/* einsum "i k, k j -> i j": the index map of each operand and of the
** output over the iteration space (the output axes, then the contracted
** axes in order of first appearance, row-major), maps[0..nops] (the output
** last).  operands[0..nops) are the operands' views (NULL: contiguous). */
int lo_view_einsum(const char *pattern, const char *sizes, const lo_layout *operands, int nops,
                   lo_layout *maps, int cap, int *nmaps, lo_err *err);

/* The ops view_* of lo_eval: evaluate one, printing into buf[0..cap). */
int lo_view_eval(const char *op, int argc, const char *const *argv, char *buf, size_t cap,
                 lo_err *err);

/* ---------------------------------------------------------------------
** 13. Swizzles and composed layouts (lo_swizzle.c)
**
** CuTe's Swizzle<B,M,S> (cute/swizzle.hpp) maps an offset x to
**   x ^ shiftr(x & yyy, S),  yyy = (2^B - 1) << (M + max(0,S)),
** shiftr(v, S) = v >> S for S >= 0 and v << -S for S < 0: the B bits of x
** at M + max(0,S) are XORed into the B bits at M - min(0,S).  It is an
** involution.  Values: B >= 0, M >= 0, |S| >= B (CuTe's static_asserts),
** and B + M + |S| <= LO_SWIZZLE_MAX_BITS, so every mask fits in 63 bits
** (CuTe's own masks are int: the cute_ ops refuse what CuTe's compiler
** refuses, B + M + |S| > 32, or M + |S| > 31 when B = 0).  Sw<0,M,S> is
** the identity for every M and S.
**
** A composed layout is CuTe's ComposedLayout<Swizzle, Offset, Layout>
** (cute/layout_composed.hpp), the function x -> sw(offset + inner(x)),
** printed as CuTe prints it with the '_' of static integers dropped, as
** every value here: "Sw<3,4,3> o 0 o (8,64):(64,1)".  The offset is an
** integer (CuTe's Int<N> or int, negative allowed), or, when smem_bits > 0,
** CuTe's smem_ptr_flag_bits<smem_bits>, printed smem_ptr[16b](unset): an
** Int<0> standing for a shared-memory pointer not yet set (the GMMA atoms
** of cute/atom/mma_traits_sm90_gmma.hpp).  Its value is then 0, as CuTe's
** operator() computes it; the swizzle of such a layout acts on the byte
** address of a B-bit element once the pointer is set (a tensor made from
** it swizzles the pointer, not the offset).
**
** A plain layout text parses as a composed layout with plain set: the
** identity swizzle Sw<0,0,0>, offset 0, and it prints back as the layout
** alone.  The inner layout is a layout, never a tiler.
*/
#define LO_SWIZZLE_MAX_BITS 62

typedef struct lo_swizzle {
  int bits, base, shift; /* CuTe's Swizzle<B,M,S>: B = bits, M = base, S = shift */
} lo_swizzle;

/* Parse "Sw<3,4,3>" or "Swizzle<3,4,3>" (blanks between tokens; S may be
** negative).  Errors name the column: malformed text, B or M negative,
** |S| < B, B + M + |S| past LO_SWIZZLE_MAX_BITS. */
int lo_parse_swizzle(const char *s, lo_swizzle *out, lo_err *err);
/* "Sw<3,4,3>", as CuTe prints it. */
int lo_print_swizzle(const lo_swizzle *sw, char *buf, size_t cap);
/* Check a swizzle built by hand against the bounds above. */
int lo_swizzle_check(const lo_swizzle *sw, lo_err *err);
/* sw(x) for any x (negative x as CuTe's two's complement int); never
** overflows for a checked swizzle. */
int lo_swizzle_apply(const lo_swizzle *sw, lo_int x, lo_int *out, lo_err *err);
/* The masks of CuTe's Swizzle: yyy (the bits read), zzz (the bits
** written); both 0 for B = 0. */
lo_int lo_swizzle_yyy(const lo_swizzle *sw);
lo_int lo_swizzle_zzz(const lo_swizzle *sw);
/* 2^(B+M+|S|): the swizzle maps every aligned block of this many offsets
** onto itself. */
lo_int lo_swizzle_period(const lo_swizzle *sw);

typedef struct lo_composed {
  lo_swizzle sw;
  lo_int offset; /* 0 when smem_bits > 0 */
  int smem_bits; /* > 0: the offset is CuTe's smem_ptr[<smem_bits>b](unset) */
  int plain;     /* parsed from a plain layout: sw Sw<0,0,0>, offset 0, printed as inner */
  lo_layout inner;
} lo_composed;

/* Parse "Sw<3,4,3> o _0 o (8,64):(64,1)" (CuTe's print; the blanks around
** each 'o' are optional: "Sw<3,4,3>o_0o(8,64):(64,1)"), the offset an
** integer (optionally '_' or '-' before its digits) or smem_ptr[Nb](unset)
** (N > 0), or a plain layout (plain set).  Errors name the column in s. */
int lo_parse_composed(const char *s, lo_composed *out, lo_err *err);
/* "Sw<3,4,3> o 0 o (8,64):(64,1)", "Sw<3,4,3> o smem_ptr[16b](unset) o
** (8,64):(64,1)", or the inner layout alone when plain is set. */
int lo_print_composed(const lo_composed *c, char *buf, size_t cap);
/* sw(offset + inner(x)) (lo_apply for inner(x); offset 0 when smem_bits >
** 0).  Errors: those of lo_apply, an overflow of the sum. */
int lo_composed_apply(const lo_composed *c, lo_int x, lo_int *out, lo_err *err);
/* Make c the composed layout sw o offset o inner (plain and smem_bits 0). */
void lo_composed_make(lo_composed *c, const lo_swizzle *sw, lo_int offset, const lo_layout *inner);

/* CuTe's compile-time refusal of a swizzle whose int masks overflow
** (B + M + |S| > 32, or M + |S| > 31 when B = 0): LO_EUNDEF with a
** message starting "CuTe refuses: ". */
int lo_swizzle_cute_check(const lo_swizzle *sw, lo_err *err);
/* CuTe's upcast<N> and downcast<N> of a swizzle (cute/swizzle_layout.hpp;
** N a power of two): upcast Sw<B,M,S> is Sw<B,M-log2 N,S>, or
** Sw<max(B+M-log2 N,0),0,S> when M < log2 N; downcast is Sw<B,M+log2 N,S>. */
int lo_swizzle_upcast(const lo_swizzle *sw, lo_int n, lo_swizzle *out, lo_err *err);
int lo_swizzle_downcast(const lo_swizzle *sw, lo_int n, lo_swizzle *out, lo_err *err);
/* CuTe's composition(a, b) of two swizzles: make_swizzle of the XORed
** masks; refused unless the shifts are equal and the masks make a
** swizzle.  lo_swizzle_composition returns it only where it is a o b (b
** first), that is where a reads no bit that b writes. */
int lo_cute_swizzle_composition(const lo_swizzle *a, const lo_swizzle *b, lo_swizzle *out,
                                lo_err *err);
int lo_swizzle_composition(const lo_swizzle *a, const lo_swizzle *b, lo_swizzle *out, lo_err *err);
/* CuTe's composition(L, Sw) of a layout with a swizzle: the swizzle
** make_swizzle<L(yyy), L(zzz)> (the masks' indices mapped through L, as
** one index each), to be composed with L: Sw' o 0 o L (L alone when Sw'
** has B = 0).  CuTe's "works in simple cases": refused where
** make_swizzle's static_asserts fail. */
int lo_cute_layout_swizzle(const lo_layout *l, const lo_swizzle *sw, lo_swizzle *out, lo_err *err);
/* CuTe's as_position_independent_swizzle_layout: for an smem_ptr offset of
** N bits, the swizzle recast from bytes to N-bit elements (upcast<N/8>,
** or downcast<8/N> below 8 bits), offset 0; plain when the result is the
** identity with offset 0 (CuTe's composition then drops the swizzle).
** Other composed layouts are copied.  out may be c. */
int lo_composed_position_independent(const lo_composed *c, lo_composed *out, lo_err *err);
/* CuTe's upcast<N> (up 1) or downcast<N> of a composed layout: swizzle,
** offset and layout each, the layout by lo_cute_upcast or lo_cute_downcast
** (section 10), the offset divided by N (refused unless N divides it,
** CuTe's safe_div) or multiplied; an smem_ptr offset keeps the swizzle and
** multiplies (upcast) or divides (downcast) its bits
** (cute/pointer_flagged.hpp). */
int lo_cute_recast_composed(const lo_composed *c, lo_int n, int up, lo_composed *out, lo_err *err);
/* The true cosize: 1 + the largest value of c over [0, size(inner)).
** CuTe's cosize of a composed layout is cosize(inner), which the swizzle
** and the offset may exceed.  lo_composed_cosize (lo_swizzle_ops.c) looks
** at the top block of the swizzle's period only (the swizzle keeps every
** higher bit): for a compact inner layout the interval [O, O + cosize)
** there (the whole block: O + cosize at once), else the points of the
** inner layout whose value lands there, found by a pruned search over its
** modes (at most 2^24 points or nodes, LO_ELIMIT past them);
** lo_composed_cosize_points walks every point, at most
** LO_COMPOSED_COSIZE_LIMIT of them, the reference it is tested against. */
#define LO_COMPOSED_COSIZE_LIMIT LO_EVAL_FUNCTION_LIMIT
int lo_composed_cosize(const lo_composed *c, lo_int *out, lo_err *err);
int lo_composed_cosize_points(const lo_composed *c, lo_int *out, lo_err *err);
/* CuTe's max_common_layout and max_common_vector of two layouts, each
** composed or plain (cute/swizzle_layout.hpp): those of the inner layouts,
** the layout cut to 2^M of a composed argument's swizzle by composition,
** the vector the least of it and 2^M (of both swizzles unless they are
** equal); max_common_layout of two composed layouts is refused, as CuTe
** has no such overload. */
int lo_cute_max_common_layout_c(const lo_composed *a, const lo_composed *b, lo_layout *out,
                                lo_err *err);
int lo_cute_max_common_vector_c(const lo_composed *a, const lo_composed *b, lo_int *out,
                                lo_err *err);
/* The plain ops: CuTe's answer where it meets CuTe's postcondition
** (cute/layout.hpp), else LO_EUNDEF naming CuTe's answer and the first
** point that breaks it.  max_common_vector N: every n < N is A(i) = B(i)
** at some index i of both domains; max_common_layout R: A(R(n)) = B(R(n))
** = n with R(n) in both domains, for n < size(R).  At most LO_CHECK_LIMIT
** points are checked (LO_ELIMIT past them). */
int lo_max_common_layout(const lo_composed *a, const lo_composed *b, lo_layout *out, lo_err *err);
int lo_max_common_vector(const lo_composed *a, const lo_composed *b, lo_int *out, lo_err *err);
/* The right_inverse (left 0) or left_inverse of a composed layout c with
** an integer offset (an smem_ptr offset the caller takes as 0, as CuTe's
** operator() does): CuTe's answer, inverse(L) in *inv, the swizzle in *sw
** and the form in *generic: offset 0, CuTe's swizzle pass-through
** Sw' o 0 o inv (Sw' the swizzle of CuTe's composition(inv, Sw),
** generic 0), or, where that refuses (make_swizzle's static_asserts) and
** for another offset O, CuTe's general form inv o -O o Sw, x -> inv(sw(x)
** - O) (cute/layout_composed.hpp; generic 1).  lo_composed_inverse_check
** checks the postcondition: C(R(x)) = x on R's domain (right; in the
** general form the x with 0 <= sw(x) - O < size(inv)), or C(R(C(i))) =
** C(i) for i < size(C) (left, as the plain left_inverse of a layout);
** LO_EUNDEF with the first broken point, at most LO_CHECK_LIMIT points
** (LO_ELIMIT past them). */
int lo_composed_inverse_cute(const lo_composed *c, int left, lo_layout *inv, lo_swizzle *sw,
                             int *generic, lo_err *err);
int lo_composed_inverse_check(const lo_composed *c, int left, const lo_layout *inv,
                              const lo_swizzle *sw, int generic, lo_err *err);
/* The plain upcast<N> (up 1) and downcast<N> of a composed layout: CuTe's
** answer where it is the layout of C's N-element units (C with its units
** split): the inner layout meets the contract of the plain upcast or
** downcast (section 10) and, for upcast, the swizzle moves no bit below
** log2 N (B = 0 or 2^M >= N; an smem_ptr offset's swizzle acts on bytes
** and is kept).  Else LO_EUNDEF naming CuTe's answer. */
int lo_composed_recast(const lo_composed *c, lo_int n, int up, lo_composed *out, lo_err *err);
/* The plain upcast<N> of a swizzle: CuTe's where 2^M >= N or B = 0 (then
** sw'(u) N + k = sw(u N + k) for k < N), else LO_EUNDEF naming it.  The
** plain downcast is CuTe's always (lo_swizzle_downcast). */
int lo_swizzle_upcast_plain(const lo_swizzle *sw, lo_int n, lo_swizzle *out, lo_err *err);
/* The grid CuTe's print_layout prints for a rank-2 composed layout (as
** lo_print_grid; an smem_ptr offset is first made position-independent,
** as CuTe's print_layout does; cells are as wide as the inner layout's
** cosize). */
int lo_print_grid_composed(const lo_composed *c, char *buf, size_t cap, lo_err *err);

/* ---------------------------------------------------------------------
** 14. Shared-memory banks (lo_bank.c)
**
** The wavefronts and bank conflicts of one warp-wide shared-memory access
** in NVIDIA's model (32 banks of 4 bytes; a word read by several lanes is
** read once; accesses of 8 bytes served in half-warps, of 16 bytes in
** quarter-warps; lo_bank.c states the model and its sources).
*/
#define LO_WARP_SIZE  32
#define LO_BANK_TV_LIMIT ((lo_int)1 << 16) /* thread values of a TV pattern the op reads */
#define LO_BANK_COUNT 32
#define LO_BANK_BYTES 4

/* One instruction of one warp: lane t, when bit t of active is set, reads
** width bytes (1, 2, 4, 8 or 16) at byte address addr[t] (aligned to the
** width), relative to a 128-byte-aligned base. */
typedef struct lo_bank_access {
  lo_int addr[LO_WARP_SIZE];
  uint32_t active;
  int width;
} lo_bank_access;

/* Its cost: phases (1; 2 for 8-byte, 4 for 16-byte accesses), the
** wavefronts (over the phases, the most distinct words one bank holds),
** the ideal (the phases with an active lane) and the conflicts, wavefronts
** less the ideal, as Nsight Compute's
** l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum counts them;
** bank_words[b] the distinct words bank b serves, summed over the phases. */
typedef struct lo_bank_count {
  int phases, wavefronts, ideal, conflicts;
  int bank_words[LO_BANK_COUNT];
} lo_bank_count;

/* Count one access.  Errors (LO_EUNDEF): a width other than 1, 2, 4, 8
** or 16; an active lane's address negative or not aligned to the width. */
int lo_bank_conflicts(const lo_bank_access *a, lo_bank_count *out, lo_err *err);

/* A shared-memory layout as the access patterns read it: the composed (or
** plain) layout c over elements of elem_bytes (1, 2, 4, 8 or 16) bytes,
** its domain [0, size).  lo_bank_smem_init checks and fills it. */
typedef struct lo_bank_smem {
  const lo_composed *c;
  lo_int size;
  int elem_bytes;
} lo_bank_smem;

/* m = c over elements of elem_bytes bytes.  Errors: a width other than 1,
** 2, 4, 8 or 16; an smem_ptr[Nb] offset whose N is not 8 elem_bytes. */
int lo_bank_smem_init(lo_bank_smem *m, const lo_composed *c, int elem_bytes, lo_err *err);
/* The element offset of coordinate index x: sw(offset + inner(x)), or,
** with an smem_ptr offset, the element the swizzled byte address
** sw(elem_bytes inner(x)) falls on, as CuTe's swizzled pointer reads it
** (refused where that is not the start of an element).  Errors: x
** outside [0, size), a negative offset, an overflow. */
int lo_bank_offset(const lo_bank_smem *m, lo_int x, lo_int *off, lo_err *err);

/* A TV layout (thread, value) -> coordinate index: its threads T and
** values V (the sizes of its two top-level modes; V = 1 for rank 1).
** Thread t's value v is TV(t + T v).  Threads 32g .. 32g+31 are warp g. */
int lo_bank_tv_shape(const lo_layout *tv, lo_int *threads, lo_int *values, lo_err *err);
/* The elements w each access of a thread reads: want when want > 0,
** else the largest power of two dividing V with w elements in 16 bytes
** whose vectors fit, 1 at least.  A thread's values j w .. j w + w - 1
** fit when their offsets are consecutive and the first is a multiple of
** w.  Errors: want does not divide V, exceeds 16 bytes or does not fit; a
** coordinate outside [0, size); a negative offset. */
int lo_bank_tv_vector(const lo_bank_smem *m, const lo_layout *tv, lo_int want, lo_int *w,
                      lo_err *err);
/* The lanes of access k of a TV pattern read in vectors of w elements, k
** in [0, ceil(T/32) V/w): warp g = k / (V/w) reads its threads' vector j =
** k mod (V/w); lane t's x[t] is the coordinate index of thread 32g+t's
** value j w, and bit t of *active is set unless that thread is past T. */
int lo_bank_tv_lanes(const lo_layout *tv, lo_int w, lo_int k, lo_int *x, uint32_t *active,
                     lo_err *err);
/* A list "[c0,c1,...]" of at most 32 coordinates over m's domain: lane t
** reads at c_t, an integer index in [0, size) or a coordinate congruent
** with the inner layout's shape (colexicographic); '_' marks an inactive
** lane, as do the lanes past the list.  Errors name the lane. */
int lo_bank_list_lanes(const char *s, const lo_bank_smem *m, lo_int *x, uint32_t *active,
                       lo_err *err);
/* The access of w-element vectors at the lanes' coordinates x[t] (those
** in active): byte address elem_bytes times lo_bank_offset, width w
** elem_bytes. */
int lo_bank_lanes_access(const lo_bank_smem *m, lo_int w, const lo_int *x, uint32_t active,
                         lo_bank_access *out, lo_err *err);

/* ---------------------------------------------------------------------
** 15. Slicing by a coordinate and the tensor partitions (lo_tile.c)
**
** CuTe's slice_and_offset(c, L) (cute/layout.hpp) splits a layout at a
** coordinate c whose leaves are integers or '_' (LO_UNDER): the layout of
** the modes at '_' (joined as tuple_cat joins them: slice((_,(1,_)),
** (a,(b,c))) is (a,c)) and the offset of the integers, L at c with '_'
** taken as 0.  A tensor sliced so moves its pointer by the offset, and the
** partitions of cute/tensor_impl.hpp are slices of zipped_divide(L, T):
** inner_partition (local_tile) keeps the tile, ((T),(c..,_..)), and
** outer_partition (local_partition, the thread's coordinate in the
** thread layout) the rest, ((c..,_..),(R)).  Each function computes what
** CuTe C++ computes for static values (an integer coordinate past its mode
** included: CuTe does not check it).  With check set, the plain ops'
** reading: such a coordinate, or a thread index past the thread layout
** (the whole one, before a projection), is refused, and the partitions
** divide by the plain zipped_divide (lo_zipped_divide) instead of
** lo_cute_zipped_divide.  CuTe's compile-time refusals are LO_EUNDEF
** errors starting "CuTe refuses: ".
*/
#define LO_UNDER ((lo_int)-1) /* CuTe's '_' as a leaf of a coordinate */

/* slice_and_offset(c, l): *offset and out, the modes of l at '_'. */
int lo_slice_and_offset(const lo_tuple *c, const lo_layout *l, int check, lo_layout *out,
                        lo_int *offset, lo_err *err);
/* dice(p, t): the modes (tiler entries) of t at the integers of p; a
** tiler stays a tiler.  p an integer: t itself; '_': the empty tuple. */
int lo_dice_tiler(const lo_tuple *p, const lo_layout *t, lo_layout *out, lo_err *err);
/* dice(p, c) of a coordinate. */
int lo_dice_coord(const lo_tuple *p, const lo_tuple *c, lo_tuple *out, lo_err *err);
/* inner_partition (outer 0) or outer_partition (outer 1) of l by the
** tiler (a layout, a tiler or a shape tiler) at c: an integer c indexes the
** whole mode, a tuple c is padded with '_' to the mode's rank. */
int lo_partition(const lo_layout *l, const lo_layout *tiler, const lo_tuple *c, int outer,
                 int check, lo_layout *out, lo_int *offset, lo_err *err);
/* local_tile(l, tiler, c[, proj]): inner_partition, by dice(proj, tiler)
** at dice(proj, c) with a projection (proj NULL: none). */
int lo_local_tile(const lo_layout *l, const lo_layout *tiler, const lo_tuple *c,
                  const lo_tuple *proj, int check, lo_layout *out, lo_int *offset, lo_err *err);
/* thr.get_flat_coord(idx): per top mode of thr, the colexicographic index
** in that mode of the coordinate (idx / d) % s of each leaf (0 at a leaf
** of size 1; a stride 0 elsewhere is CuTe's division by zero); an integer
** for a thread layout of rank 1. */
int lo_flat_coord(const lo_layout *thr, lo_int idx, lo_tuple *out, lo_err *err);
/* product_each(shape(thr)) as a shape tiler (a tuple for rank 1 too). */
int lo_thread_tiler(const lo_layout *thr, lo_layout *out, lo_err *err);
/* local_partition(l, thr, idx[, proj]): outer_partition of l by the
** thread tiler of dice(proj, thr) at its flat coordinate of idx. */
int lo_local_partition(const lo_layout *l, const lo_layout *thr, lo_int idx, const lo_tuple *proj,
                       int check, lo_layout *out, lo_int *offset, lo_err *err);
/* slice_and_offset(c, C) of a composed layout (section 13), as CuTe's
** overloads compute it: a plain layout as above; an smem_ptr offset keeps
** the swizzle and the flag where the slice's offset is 0, and takes the
** offset into the composed layout otherwise (pointer offset 0); an
** integer offset: all '_' slices the inner layout; otherwise
** cute/swizzle_layout.hpp's split of the offset into the bits the swizzle
** reads or writes (XORed into the composed layout's offset) and the rest
** (the pointer offset), and, where the slice's layout does not move a Y
** bit and its Z bit together, the decay to a plain layout (the swizzle as
** a layout at that offset composed with the slice; out plain). */
int lo_composed_slice_and_offset(const lo_tuple *c, const lo_composed *l, int check,
                                 lo_composed *out, lo_int *offset, lo_err *err);
/* inner_partition or outer_partition of a composed layout: its zipped
** divide (Sw o O o zipped_divide(L, T), L alone for Sw<0,..> at offset
** 0) sliced by lo_composed_slice_and_offset. */
int lo_composed_partition(const lo_composed *l, const lo_layout *tiler, const lo_tuple *c,
                          int outer, int check, lo_composed *out, lo_int *offset, lo_err *err);

/* ---------------------------------------------------------------------
** 16. Layouts with F2 (XOR) strides (lo_f2.c)
**
** PyCuTe's (NVlabs/CuTe) Layout(shape, (F2(d), ...)): strides drawn from
** (Z, XOR, carry-less product), so the value at a natural coordinate c is
** XOR_i (c_i * d_i), each product carry-less (bit k of c_i contributes
** d_i << k).  Written "(8,8):(F2(1),F2(9))" (PyCuTe prints the stride F9;
** "F9" is read too), printed as written here.  Every stride is an F2
** value 0 <= d < 2^LO_F2_MAX_BITS, every extent positive.  The layout is
** an lo_layout whose strides hold the F2 values: its shape and modes are
** the layout's, its function is not lo_apply's.
*/
#define LO_F2_MAX_BITS    62
#define LO_F2_POINT_LIMIT ((lo_int)1 << 16) /* points walked by cosize and the checks */

typedef struct lo_f2 {
  lo_layout l; /* shape, and the F2 strides as their integer values */
} lo_f2;

/* Parse "SHAPE:STRIDE", the shape a nested tuple (lo_parse_tuple), the
** stride a congruent nested tuple of F2(n) or Fn.  Errors name the column. */
int lo_parse_f2(const char *s, lo_f2 *out, lo_err *err);
/* "(8,8):(F2(1),F2(9))". */
int lo_print_f2(const lo_f2 *f, char *buf, size_t cap);
/* The carry-less product of a, b >= 0 (F2's a * F2(b)); LO_EOVERFLOW past
** 63 bits. */
int lo_f2_clmul(lo_int a, lo_int b, lo_int *out, lo_err *err);
/* F(x) at an index x >= 0: x split over the flat modes colexicographically
** (the last mode runs on, as PyCuTe's idx2crd), then the XOR of the
** carry-less products. */
int lo_f2_apply(const lo_f2 *f, lo_int x, lo_int *out, lo_err *err);
/* F at a coordinate c, read as lo_crd2idx reads one (an integer within a
** tuple mode is split over that mode). */
int lo_f2_crd(const lo_f2 *f, const lo_tuple *c, lo_int *out, lo_err *err);
/* PyCuTe's coshape of an F2 layout: 2^k, k the largest bit length of the
** modes' carry-less contributions (s_i - 1) * d_i: every value is below it. */
int lo_f2_coshape(const lo_f2 *f, lo_int *out, lo_err *err);
/* The true cosize: 1 + the largest value over [0, size) (at most
** LO_F2_POINT_LIMIT points). */
int lo_f2_cosize(const lo_f2 *f, lo_int *out, lo_err *err);
/* PyCuTe's coalesce (keep_last 0) and coalesce_z (keep_last 1) in F2
** arithmetic: size-1 modes dropped, mode b merged into the mode a before
** it where s_a * d_a = d_b and (s_a - 1) * d_a + d_b = (2 s_a - 1) * d_a
** (carry-less products, + XOR); coalesce also drops a trailing size-1
** mode.  The result is flat, an integer shape when it has one mode. */
int lo_f2_coalesce(const lo_f2 *f, int keep_last, lo_f2 *out, lo_err *err);
/* PyCuTe's composition A o B of an F2 layout with a layout B (strides >=
** 0), computed as PyCuTe computes it (A coalesced; by the modes of B; a
** stride-0 leaf s:0, a size-1 leaf 1:A(d); otherwise CuTe's division of
** A's modes by d and s, the head stride multiplied carry-lessly by what
** is left of d, then coalesced), with PyCuTe's divisibility refusals. */
int lo_pycute_f2_composition(const lo_f2 *a, const lo_layout *b, lo_f2 *out, lo_err *err);
/* lo_pycute_f2_composition where its answer R meets PyCuTe's documented
** post-condition R(i) = A(B(i)) for i in [0, size B) (checked point by
** point, size B at most LO_F2_POINT_LIMIT); LO_EUNDEF naming R and the
** first point where it does not. */
int lo_f2_composition(const lo_f2 *a, const lo_layout *b, lo_f2 *out, lo_err *err);
/* The F2 layout whose value at x in [0, 2^n) is the XOR of col[k] over
** the bits k of x: (2,...,2):(F2(col[0]),...) coalesced as lo_f2_coalesce
** does (col[k] >= 0, n <= LO_F2_MAX_BITS; n = 0 gives 1:F2(0)). */
int lo_f2_of_columns(const lo_int *col, int n, lo_f2 *out, lo_err *err);
/* The F2 layout equal to the swizzle sw on [0, n), n a power of two: the
** columns sw(2^k) (a swizzle is linear over XOR). */
int lo_f2_of_swizzle(const lo_swizzle *sw, lo_int n, lo_f2 *out, lo_err *err);
/* The F2 layout equal to the composed (or plain) layout c on its domain
** [0, size), size a power of two: the columns c(2^k), where c is linear
** over XOR, checked at every point (at most LO_F2_POINT_LIMIT); refused
** for a nonzero integer offset (an F2 layout has none; smem_ptr counts as
** 0, as CuTe's operator() takes it), a negative value, a point where c(x)
** is not the XOR of its bits' values. */
int lo_f2_of_composed(const lo_composed *c, lo_f2 *out, lo_err *err);
/* The swizzle equal to f on [0, size f), size a power of two 2^n: the
** first Sw<B,M,S> with B, M, |S| <= n in the order B, then M, then |S|,
** then S > 0 before S < 0 (so the fewest bits; Sw<0,0,0> for the
** identity); LO_EUNDEF when no swizzle is f there. */
int lo_f2_to_swizzle(const lo_f2 *f, lo_swizzle *out, lo_err *err);
/* PyCuTe's right_inverse of an F2 layout, computed as PyCuTe computes it:
** F coalesced (coalesce_z), its modes in increasing order of stride; a
** mode of size s and stride d continues the chain, whose covered extent is
** c (1 at first), where the residue r = c ^ d has (s - 1) * r < c: its
** stride is its prefix product XOR R's value at r (r split over the chain
** so far as PyCuTe's F2 idx2crd splits it, refused where an extent carries),
** and c becomes s * c (carry-less); then coalesced; 1:F2(0) for none. */
int lo_pycute_f2_right_inverse(const lo_f2 *f, lo_f2 *out, lo_err *err);
/* lo_pycute_f2_right_inverse where its answer R meets F(R(i)) = i for i in
** [0, size R) (R(i) read as an index of F; checked point by point, size R
** at most LO_F2_POINT_LIMIT); LO_EUNDEF naming R and the first point where
** it does not. */
int lo_f2_right_inverse(const lo_f2 *f, lo_f2 *out, lo_err *err);

/* ---------------------------------------------------------------------
** 17. Negative strides (lo_negative.c, lo_eval_negative.c)
**
** CuTe takes layouts with negative strides ((4,2):(-1,4), reversed views;
** composition.cpp's "BETA: Negative strides" tests).  The design keeps
** the risk small: lo_parse_layout refuses a negative stride, so the
** functions of sections 4 to 14, written for non-negative strides, never
** see one; lo_parse_layout_signed reads them, and only these functions
** and the ones listed as audited take its layouts.  lo_eval sends a
** request whose arguments hold a negative stride to lo_eval_negative.c:
** the ops apply, layout_function, size, cosize, flatten, coalesce,
** filter, print_layout, composition, complement, right_inverse,
** left_inverse, the logical, zipped and tiled divides and products and
** their cute_ twins (and cute_flat_divide, cute_flat_product,
** cute_blocked_product, cute_raked_product) answer or
** refuse by their contracts (docs/ops.md, "Negative strides"); every
** other op answers an error naming the op, the argument and the stride.
**
** Audited for strides of either sign (checked arithmetic, no sign
** assumed): lo_apply, lo_crd2idx, lo_size, lo_layout_mode,
** lo_layout_flatten, lo_print_layout, lo_print_grid, lo_cute_coalesce,
** lo_cute_filter, lo_cute_coalesce_x, lo_tiler_map (with a pair function
** of this section).
*/
/* The 0-based leaf of l's first negative stride, or -1. */
int lo_negative_stride_at(const lo_layout *l);
/* CuTe's cosize (cute/layout.hpp's coshape takes |d|): 1 + the sum of
** (s-1)|d| over the leaves, the count of integers from the least value of
** L on [0, size L) to the largest; lo_cosize where no stride is negative. */
int lo_cute_cosize_span(const lo_layout *l, lo_int *out, lo_err *err);
/* The least (*lo <= 0) and largest (*hi >= 0) value of L on [0, size L). */
int lo_image_bounds(const lo_layout *l, lo_int *lo, lo_int *hi, lo_err *err);
/* CuTe's L(x) at any integer x, negative too (Layout::operator()): x split
** colexicographically over the flattened shape with C's truncating / and
** %, the last leaf taking the quotient; lo_apply on x >= 0. */
int lo_cute_apply_int(const lo_layout *l, lo_int x, lo_int *out, lo_err *err);
/* CuTe's composition(A, B) for strides of either sign, as composition_impl
** computes it (|d| divides A's shapes, the sign rides on the stride); B a
** layout or a tiler; CuTe's static_asserts are "CuTe refuses: " errors. */
int lo_cute_composition_signed(const lo_layout *a, const lo_layout *b, lo_layout *out,
                               lo_err *err);
/* CuTe's complement(L, cotarget) (cotarget NULL: CuTe's cosize of
** filter(L)) for strides of either sign: lo_cute_complement where
** filter(L) keeps no negative stride, else detail::complement's fold with
** C's signed / and CuTe's ceil_div (a + b - 1) / b.  CuTe's answer may have
** shapes below 1 ((4,2):(-1,4) gives (-1,-1):(1,-4)); it is returned as
** CuTe prints it, for the cute_ twin. */
int lo_cute_complement_signed(const lo_layout *l, const lo_tuple *cotarget, lo_layout *out,
                              lo_err *err);
/* CuTe's left_inverse(L) for strides of either sign (signed sort, C's / and
** %); shapes below 1 as CuTe computes them.  CuTe's right_inverse takes
** any sign as it is: lo_cute_right_inverse (a negative stride never
** equals the positive extent its fold looks for). */
int lo_cute_left_inverse_signed(const lo_layout *l, lo_layout *out, lo_err *err);
/* CuTe's logical_divide (divide 1: A o (B, complement(B, shape(coalesce
** A)))) or logical_product (divide 0: (A, complement(A, size(A) cosize(B))
** o B), cosize CuTe's span) for strides of either sign, B a layout or a
** tiler, regrouped by how: -1 none, 0 zipped, 1 tiled, 2 flat (CuTe's). */
int lo_cute_tile_signed(int divide, int how, const lo_layout *a, const lo_layout *b,
                        lo_layout *out, lo_err *err);
/* CuTe's blocked_product (raked 0) or raked_product (raked 1) for strides
** of either sign: the signed logical_product of A and B padded to the
** larger rank, its two modes zipped. */
int lo_cute_rank_product_signed(int raked, const lo_layout *a, const lo_layout *b, lo_layout *out,
                                lo_err *err);

/* ---------------------------------------------------------------------
** 18. Coordinate layouts (lo_basis.c)
**
** CuTe's coordinate layouts (cute/numeric/arithmetic_tuple.hpp): a layout
** whose strides are scaled bases, CuTe's ScaledBasis<N,...>, printed N@i:
** N times the unit vector of mode i of a coordinate.  Bases nest: CuTe
** prints ScaledBasis<N,i,j> (the unit of sub-mode j of mode i) as N@j@i,
** the innermost index first, so the last index names the top-level
** mode.  An integer stride may stand beside them (CuTe adds it to a
** coordinate only where it meets 0).  make_identity_layout(S) is
** S:make_basis_like(S): (4,8) gives (4,8):(1@0,1@1), ((2,3),4) gives
** ((2,3),4):((1@0@0,1@1@0),1@1).  Evaluated, such a layout gives a
** coordinate: an integer, one scaled basis (4:1@0 at 3 is 3@0) or CuTe's
** ArithmeticTuple, a nested tuple of integers ((4,8):(1@0,1@1) at 11 is
** (3,2)).  Values here are non-negative.
*/
#define LO_BASIS_MAX_PATH 8 /* '@' indices of one stride */
/* The most points layout_function lists of a coordinate layout, and the
** most the plain coalesce, composition and divides check (each point a
** sum of tuples: 2^17 take about 0.15 s). */
#define LO_BASIS_POINTS_LIMIT ((lo_int)1 << 17)

typedef struct lo_basis {
  lo_int value;
  int npath;                              /* 0: an integer stride */
  unsigned char path[LO_BASIS_MAX_PATH]; /* as printed: path[npath-1] is the top-level mode */
} lo_basis;

typedef struct lo_basis_layout {
  lo_tuple shape; /* its leaves are the shape's; stride[i] goes with leaf i */
  lo_basis stride[LO_MAX_LEAVES];
} lo_basis_layout;

/* A coordinate: an integer (b, npath 0), one scaled basis (b) or a tuple
** (t, CuTe's ArithmeticTuple). */
enum { LO_COORD_INT, LO_COORD_BASIS, LO_COORD_TUPLE };
typedef struct lo_coord {
  int kind;
  lo_basis b;
  lo_tuple t;
} lo_coord;

/* Parse "(4,8):(1@0,1@1)" (S:D only, not a group of layouts; '_' before
** an integer allowed; a stride is an integer or N@i@j..., at most
** LO_BASIS_MAX_PATH indices, each below LO_MAX_LEAVES).  Errors name the
** column. */
int lo_parse_basis_layout(const char *s, lo_basis_layout *out, lo_err *err);
int lo_print_basis_layout(const lo_basis_layout *l, char *buf, size_t cap);
int lo_print_basis(const lo_basis *b, char *buf, size_t cap); /* "3", "3@1@0" */
/* "3", "3@0", "(3,(0,1))", as CuTe prints them without the '_'. */
int lo_print_coord(const lo_coord *c, char *buf, size_t cap);
/* CuTe's make_identity_layout(shape) (an integer shape gives s:1). */
int lo_basis_identity(const lo_tuple *shape, lo_basis_layout *out, lo_err *err);
/* CuTe's operator+ of coordinates: LO_EUNDEF "CuTe refuses: ..." where a
** non-zero integer meets a scaled basis or a tuple.  out may alias. */
int lo_coord_add(const lo_coord *x, const lo_coord *y, lo_coord *out, lo_err *err);
/* CuTe's as_arithmetic_tuple: a scaled basis as the tuple it stands for
** (3@1 is (0,3)); an integer or a tuple unchanged.  out may be c. */
int lo_coord_as_tuple(const lo_coord *c, lo_coord *out, lo_err *err);
/* The same point: equal after CuTe's zero padding ((3) and (3,0) are). */
int lo_coord_equal(const lo_coord *x, const lo_coord *y);
/* CuTe's crd2idx on a coordinate layout: l at the coordinate c (an
** integer index, colexicographic with the last leaf running on, or a
** tuple congruent where it meets a tuple), or at index x.  Errors: CuTe's
** refusals of its sums and of mismatched ranks, overflow. */
int lo_basis_apply_at(const lo_basis_layout *l, const lo_tuple *c, lo_coord *out, lo_err *err);
int lo_basis_apply(const lo_basis_layout *l, lo_int x, lo_coord *out, lo_err *err);
/* l at the coordinates crd[0..len) of its leaves: the sum of crd[i]
** times stride i, in CuTe's arithmetic (errors as lo_basis_apply). */
int lo_basis_apply_leaves(const lo_basis_layout *l, const lo_int *crd, lo_coord *out,
                          lo_err *err);
/* The entry of the coordinate c at the position of the basis b's path
** (b's value unused; 0 where c, padded with CuTe's zeros, has none there):
** the coordinate of the leaf whose identity stride is b. */
lo_int lo_coord_get(const lo_coord *c, const lo_basis *b);
/* CuTe's coshape: l at the largest coordinate as a tuple (CuTe's
** as_arithmetic_tuple: 4:1@0 gives (3)), plus 1 in every entry. */
int lo_basis_coshape(const lo_basis_layout *l, lo_coord *out, lo_err *err);

/* The integer stand-ins of a coordinate layout.  CuTe's coalesce,
** composition (of l first) and divides of l only multiply l's strides by
** integers and compare them for equality.  The stand-ins replace the
** stride v@p by v times a prime tag of the path p (the integers are a
** path of their own), two layouts with two sets of tags, every tag above
** every shape times value of l: equal strides stay equal and no others
** meet.  An op run on both answers strides k v tag[0][g] and k v
** tag[1][g]; lo_basis_decode reads k v @ p back (0 in both: the integer
** 0).  Refused: a scaled basis of value 0 (it would read back as the
** integer 0), a shape times value past 2^31. */
typedef struct lo_basis_code {
  int ngroups;
  lo_basis group[LO_MAX_LEAVES]; /* the paths (value unused) */
  lo_int tag[2][LO_MAX_LEAVES];
} lo_basis_code;
int lo_basis_encode(const lo_basis_layout *l, lo_basis_code *code, lo_layout *enc0,
                    lo_layout *enc1, lo_err *err);
int lo_basis_decode(const lo_basis_code *code, const lo_layout *r0, const lo_layout *r1,
                    lo_basis_layout *out, lo_err *err);

#endif /* LO_H */
