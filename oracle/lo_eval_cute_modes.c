/*
** lo_eval_cute_modes.c -- op handlers for CuTe C++'s functions on the
** modes of a layout, as CuTe computes them for static layouts: take,
** select, group, append, prepend, replace, zip, slice, dice, idx2crd,
** tile_to_shape, max_alignment, domain_offset, coprofile, and the queries
** at a mode (size<I,J>(L), ...).  See lo_eval_internal.h.
**
** CuTe's template integers (take<B,E>, the I of size<I>) are the last
** arguments of an op, 0-based as in CuTe.  Where CuTe's compile stops, the
** op answers an error whose message starts "CuTe refuses: ".
*/
#include "lo_eval_internal.h"

#include <assert.h>
#include <string.h>

#define UNDER ((lo_int)-1) /* a '_' leaf of a coordinate (coordinates are >= 0) */

/* ------------------------------------------------------- building values */

/* Start b as the empty tuple layout "(" (modes follow, then b_close). */
static void b_open(lo_layout *b) {
  b->shape.len = 0;
  b->shape.ntok = 1;
  b->shape.tok[0] = '(';
  b->is_tiler = 0;
}

/* Append the layout m to b as its next mode (b open). */
static int b_add(lo_layout *b, const lo_layout *m, lo_err *err) {
  int k = b->shape.len;
  if (lo_tuple_append(&b->shape, &m->shape, err)) return err->code;
  memcpy(b->stride + k, m->stride, (size_t)m->shape.len * sizeof(lo_int));
  return LO_OK;
}

/* Close the tuple that b_open started. */
static int b_close(lo_layout *b, lo_err *err) {
  if (b->shape.ntok + 1 > LO_MAX_TOKENS)
    return lo_fail(err, LO_ELIMIT, "nested tuple too long (limit %d tokens)", LO_MAX_TOKENS);
  b->shape.tok[b->shape.ntok++] = ')';
  if (lo_tuple_depth(&b->shape) > LO_MAX_DEPTH)
    return lo_fail(err, LO_ELIMIT, "nesting deeper than %d", LO_MAX_DEPTH);
  return LO_OK;
}

/* out = (m): the rank-1 tuple of one mode; out must not alias m. */
static int b_wrap(const lo_layout *m, lo_layout *out, lo_err *err) {
  assert(m != out);
  b_open(out);
  if (b_add(out, m, err)) return err->code;
  return b_close(out, err);
}

/* Mode k (0-based) of l; an integer's only mode, get<0>, is itself. */
static int mode0(const lo_layout *l, lo_int k, lo_layout *out, lo_err *err) {
  int r = lo_tuple_rank(&l->shape);
  if (k < 0 || k >= r)
    return lo_fail(err, LO_EUNDEF, "CuTe refuses: get<%lld> of %s of rank %d (Index out of range)",
                   (long long)k, lo_tuple_is_int(&l->shape) ? "an integer" : "a tuple", r);
  return lo_layout_mode(l, (int)k + 1, out, err);
}

/* ------------------------------------------------------- reading and out */

/* Argument i as a template integer: an optional '-', then digits within
** int (CuTe's template parameters are int). */
static int get_tpl(ev_args a, int i, lo_int *v, lo_err *err) {
  const char *s = a[i];
  while (*s == ' ' || *s == '\t') s++;
  int neg = *s == '-';
  if (lo_parse_int(s + neg, v, err)) return ev_arg_fail(i, err);
  if (neg ? *v > 2147483648 : *v > 2147483647)
    return lo_fail(err, LO_EUNDEF, "argument %d: %s%lld is no int (a template integer)", i + 1,
                   neg ? "-" : "", (long long)*v);
  if (neg) *v = -*v;
  return LO_OK;
}

/* Argument i as a layout, or as a nested tuple (*is_layout 0): the tuple
** is kept as the shape of a layout with stride 0 everywhere. */
static int get_lx(ev_args a, int i, lo_layout *l, int *is_layout, lo_err *err) {
  *is_layout = ev_is_layout(a, i);
  if (*is_layout) return ev_get_layout(a, i, l, err);
  if (ev_get_tuple(a, i, &l->shape, err)) return err->code;
  memset(l->stride, 0, (size_t)l->shape.len * sizeof(lo_int));
  l->is_tiler = 0;
  return LO_OK;
}

/* Print the tuple t with every leaf a number (0 included). */
static void out_index(ev_out *o, const lo_tuple *t) {
  char buf[LO_MAX_TOKENS * 21 + 1];
  if (lo_print_index(t, buf, sizeof buf))
    o->full = 1;
  else
    ev_out_str(o, buf);
}

/* Print l as a layout, or its shape alone when the argument was a tuple. */
static void out_lx(ev_out *o, const lo_layout *l, int is_layout) {
  if (is_layout)
    ev_out_layout(o, l);
  else
    out_index(o, &l->shape);
}

/* l = get<I,J,..>(l) for the template integers a[from..argc) (see
** lo_eval_internal.h). */
int ev_cute_path(lo_layout *l, int argc, ev_args a, int from, lo_err *err) {
  for (int i = from; i < argc; i++) {
    lo_int k;
    if (get_tpl(a, i, &k, err) || mode0(l, k, l, err)) return err->code;
  }
  return LO_OK;
}

/* Whether argument i is '_' alone, blanks around (see lo_eval_internal.h). */
int ev_is_under(ev_args a, int i) {
  const char *s = a[i];
  while (*s == ' ' || *s == '\t') s++;
  if (*s++ != '_') return 0;
  while (*s == ' ' || *s == '\t') s++;
  return *s == 0;
}

/* True when the tuple has an empty tuple "()" anywhere. */
static int has_empty(const lo_tuple *t) {
  for (int i = 0; i + 1 < t->ntok; i++)
    if (t->tok[i] == '(' && t->tok[i + 1] == ')') return 1;
  return 0;
}

/* --------------------------------------------------- queries at a mode */

/* The op cute_size L|X [I [J [K]]]: CuTe's size<I,J,K>, the size of that
** mode (1 for an empty tuple, the product of nothing). */
int op_cute_size(int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_layout l;
  lo_int v;
  int is_layout;
  if (get_lx(a, 0, &l, &is_layout, err) || ev_cute_path(&l, argc, a, 1, err) ||
      lo_tuple_size(&l.shape, &v, err))
    return err->code;
  ev_out_int(o, v);
  return LO_OK;
}

/* The op cute_rank L|X [I [J [K]]]: CuTe's rank<I,J,K> (1 for an integer). */
int op_cute_rank(int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_layout l;
  int is_layout;
  if (get_lx(a, 0, &l, &is_layout, err) || ev_cute_path(&l, argc, a, 1, err)) return err->code;
  ev_out_int(o, lo_tuple_rank(&l.shape));
  return LO_OK;
}

/* The op cute_coprofile L [I [J [K]]]: CuTe's coprofile<I,J,K>, the
** codomain's profile as zeros: 0 for every layout with integer strides
** (CuTe sums the strides, an integer, and makes it 0). */
int op_cute_coprofile(int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_layout l;
  if (ev_get_layout(a, 0, &l, err) || ev_cute_path(&l, argc, a, 1, err)) return err->code;
  ev_out_int(o, 0);
  return LO_OK;
}

/* ----------------------------------------------------- modes by position */

/* The op cute_take L|X B E: CuTe's take<B,E>, the modes [B,E) as a tuple.
** For a layout CuTe asserts B < E and 0 <= B, E <= rank; for a tuple
** E = -1 means the rank (1 for an integer) and B = E gives (). */
int op_cute_take(int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_layout l, m, r;
  lo_int b, e;
  int is_layout;
  (void)argc;
  if (get_lx(a, 0, &l, &is_layout, err) || get_tpl(a, 1, &b, err) || get_tpl(a, 2, &e, err))
    return err->code;
  int rank = lo_tuple_rank(&l.shape);
  if (is_layout) {
    if (!(b < e)) return lo_fail(err, LO_EUNDEF, "CuTe refuses: take: empty range error");
    if (b < 0 || e > rank)
      return lo_fail(err, LO_EUNDEF,
                     "CuTe refuses: take: range out of bounds (take<%lld,%lld> of rank %d)",
                     (long long)b, (long long)e, rank);
  } else {
    if (e == -1) e = rank;
    if (b > e)
      return lo_fail(err, LO_EUNDEF, "CuTe refuses: take<%lld,%lld>: B > E (static assertion)",
                     (long long)b, (long long)e);
    if (b < 0 || e > rank)
      return lo_fail(err, LO_EUNDEF,
                     "CuTe refuses: take<%lld,%lld> of rank %d (Index out of range)", (long long)b,
                     (long long)e, rank);
  }
  b_open(&r);
  for (lo_int k = b; k < e; k++)
    if (mode0(&l, k, &m, err) || b_add(&r, &m, err)) return err->code;
  if (b_close(&r, err)) return err->code;
  out_lx(o, &r, is_layout);
  return LO_OK;
}

/* The op cute_select L|X I..: CuTe's select<I..>, the tuple of those modes
** (repeats allowed). */
int op_cute_select(int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_layout l, m, r;
  int is_layout;
  if (get_lx(a, 0, &l, &is_layout, err)) return err->code;
  b_open(&r);
  for (int i = 1; i < argc; i++) {
    lo_int k;
    if (get_tpl(a, i, &k, err) || mode0(&l, k, &m, err) || b_add(&r, &m, err)) return err->code;
  }
  if (b_close(&r, err)) return err->code;
  out_lx(o, &r, is_layout);
  return LO_OK;
}

/* The op cute_group L|X B E: CuTe's group<B,E>, the modes [B,E) made one
** mode (E = -1: up to the rank; B = E: unchanged).  An integer t is a
** rank-1 tuple here, with group<0,1> = ((t)). */
int op_cute_group(int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_layout l, m, g, r;
  lo_int b, e;
  int is_layout;
  (void)argc;
  if (get_lx(a, 0, &l, &is_layout, err) || get_tpl(a, 1, &b, err) || get_tpl(a, 2, &e, err))
    return err->code;
  int rank = lo_tuple_rank(&l.shape);
  if (e == -1) e = rank;
  if (b > e)
    return lo_fail(err, LO_EUNDEF, "CuTe refuses: group<%lld,%lld>: B > E (static assertion)",
                   (long long)b, (long long)e);
  if (b < 0 || e > rank)
    return lo_fail(err, LO_EUNDEF, "CuTe refuses: group<%lld,%lld> of rank %d (Index out of range)",
                   (long long)b, (long long)e, rank);
  if (b == e && !lo_tuple_is_int(&l.shape)) {
    out_lx(o, &l, is_layout);
    return LO_OK;
  }
  b_open(&r);
  for (lo_int k = 0; k < rank; k++) {
    if (k == b && b < e) {
      b_open(&g);
      for (lo_int j = b; j < e; j++)
        if (mode0(&l, j, &m, err) || b_add(&g, &m, err)) return err->code;
      if (b_close(&g, err) || b_add(&r, &g, err)) return err->code;
    }
    if (k >= b && k < e) continue;
    if (mode0(&l, k, &m, err) || b_add(&r, &m, err)) return err->code;
  }
  if (b_close(&r, err)) return err->code;
  out_lx(o, &r, is_layout);
  return LO_OK;
}

/* l with x added as one mode before (front) or after its modes, n times;
** an integer l is first made the tuple (l). */
static int add_modes(const lo_layout *l, const lo_layout *x, lo_int n, int front, lo_layout *out,
                     lo_err *err) {
  lo_layout m;
  int rank = lo_tuple_rank(&l->shape);
  b_open(out);
  for (lo_int i = 0; front && i < n; i++)
    if (b_add(out, x, err)) return err->code;
  for (int k = 0; k < rank; k++)
    if (mode0(l, k, &m, err) || b_add(out, &m, err)) return err->code;
  for (lo_int i = 0; !front && i < n; i++)
    if (b_add(out, x, err)) return err->code;
  return b_close(out, err);
}

/* The ops cute_append and cute_prepend L [X [N]]: CuTe's append(L, X)
** (one more mode X, default 1:0) and append<N>(L, X) (modes X added up to
** rank N; N = rank: L unchanged; N below the rank: CuTe's static
** assertion). */
static int append_op(int front, int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_layout l, x, r;
  lo_int n = -1;
  if (ev_get_layout(a, 0, &l, err)) return err->code;
  if (argc > 1) {
    if (ev_get_layout(a, 1, &x, err)) return err->code;
  } else {
    lo_layout_scalar(&x, 1, 0);
  }
  if (argc > 2 && get_tpl(a, 2, &n, err)) return err->code;
  int rank = lo_tuple_rank(&l.shape);
  const char *name = front ? "prepend" : "append";
  if (n < 0 && argc > 2)
    return lo_fail(err, LO_EUNDEF, "CuTe refuses: %s<%lld>: a negative rank", name, (long long)n);
  if (n == -1) n = rank + 1;
  if (n < rank || (n < 1 && lo_tuple_is_int(&l.shape)))
    return lo_fail(err, LO_EUNDEF,
                   "CuTe refuses: %s<%lld> of rank %d: N below the rank (static assertion)", name,
                   (long long)n, rank);
  if (n == rank) {
    ev_out_layout(o, &l);
    return LO_OK;
  }
  if (add_modes(&l, &x, n - rank, front, &r, err)) return err->code;
  ev_out_layout(o, &r);
  return LO_OK;
}

/* The op cute_append L [X [N]] (append_op). */
int op_cute_append(int argc, ev_args a, ev_out *o, lo_err *err) {
  return append_op(0, argc, a, o, err);
}

/* The op cute_prepend L [X [N]] (append_op). */
int op_cute_prepend(int argc, ev_args a, ev_out *o, lo_err *err) {
  return append_op(1, argc, a, o, err);
}

/* The op cute_replace L X N: CuTe's replace<N>(L, X), mode N made X; N =
** rank adds X at the end (CuTe builds modes [0,N), X, then (N,rank)); an
** integer L has only N = 0, which gives X. */
int op_cute_replace(int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_layout l, x, m, r;
  lo_int n;
  (void)argc;
  if (ev_get_layout(a, 0, &l, err) || ev_get_layout(a, 1, &x, err) || get_tpl(a, 2, &n, err))
    return err->code;
  int rank = lo_tuple_rank(&l.shape);
  if (lo_tuple_is_int(&l.shape)) {
    if (n != 0)
      return lo_fail(err, LO_EUNDEF,
                     "CuTe refuses: replace<%lld> of an integer: only N = 0 (static assertion)",
                     (long long)n);
    ev_out_layout(o, &x);
    return LO_OK;
  }
  if (n < 0 || n > rank)
    return lo_fail(err, LO_EUNDEF, "CuTe refuses: replace<%lld> of rank %d (Index out of range)",
                   (long long)n, rank);
  b_open(&r);
  for (int k = 0; k <= rank; k++) {
    if (k == n) {
      if (b_add(&r, &x, err)) return err->code;
    } else if (k < rank) {
      if (mode0(&l, k, &m, err) || b_add(&r, &m, err)) return err->code;
    }
  }
  if (b_close(&r, err)) return err->code;
  ev_out_layout(o, &r);
  return LO_OK;
}

/* zip of l into out: a tuple of rank-R tuples becomes a rank-R tuple of
** tuples (transposed); a tuple whose mode 0 is an integer becomes (l); an
** integer stays.  out must not alias l. */
static int zip_of(const lo_layout *l, lo_layout *out, lo_err *err) {
  lo_layout m, mi, mij;
  if (lo_tuple_is_int(&l->shape)) {
    lo_layout_copy(out, l);
    return LO_OK;
  }
  int rank = lo_tuple_rank(&l->shape);
  if (rank == 0)
    return lo_fail(err, LO_EUNDEF, "CuTe refuses: zip of the empty tuple (it has no mode 0)");
  if (mode0(l, 0, &m, err)) return err->code;
  if (lo_tuple_is_int(&m.shape)) return b_wrap(l, out, err);
  int r1 = lo_tuple_rank(&m.shape);
  for (int i = 0; i < rank; i++) {
    if (mode0(l, i, &mi, err)) return err->code;
    if (lo_tuple_is_int(&mi.shape))
      return lo_fail(err, LO_EUNDEF,
                     "CuTe refuses: zip: mode %d is an integer where mode 0 is a tuple (no "
                     "tuple_size of an integer)",
                     i);
    if (lo_tuple_rank(&mi.shape) != r1)
      return lo_fail(err, LO_EUNDEF,
                     "CuTe refuses: zip: Mismatched Ranks (mode 0 has rank %d, mode %d rank %d)",
                     r1, i, lo_tuple_rank(&mi.shape));
  }
  b_open(out);
  for (int j = 0; j < r1; j++) {
    lo_layout g;
    b_open(&g);
    for (int i = 0; i < rank; i++)
      if (mode0(l, i, &mi, err) || mode0(&mi, j, &mij, err) || b_add(&g, &mij, err))
        return err->code;
    if (b_close(&g, err) || b_add(out, &g, err)) return err->code;
  }
  return b_close(out, err);
}

/* The op cute_zip L|X, or cute_zip A B: CuTe's zip(L) (see zip_of) and
** zip(A, B) = zip of the layout (A,B). */
int op_cute_zip(int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_layout l, y, r;
  int is_layout;
  if (get_lx(a, 0, &l, &is_layout, err)) return err->code;
  if (argc > 1) {
    if (!is_layout) return lo_fail(err, LO_EUNDEF, "argument 1: zip of two needs layouts");
    if (ev_get_layout(a, 1, &y, err) || lo_layout_pair(&l, &y, &l, err)) return err->code;
  }
  if (zip_of(&l, &r, err)) return err->code;
  out_lx(o, &r, is_layout);
  return LO_OK;
}

/* ------------------------------------------------ coordinates with '_' */

/* A parser of a coordinate whose leaves may be CuTe's '_' (kept as UNDER). */
typedef struct cparse {
  const char *s;
  int pos;
  lo_tuple *t;
  lo_err *err;
} cparse;

static void cp_blank(cparse *p) {
  while (p->s[p->pos] == ' ' || p->s[p->pos] == '\t') p->pos++;
}

/* The error "column N: expected WHAT". */
static int cp_expected(cparse *p, const char *what) {
  char c = p->s[p->pos];
  if (c >= 0x21 && c < 0x7f)
    return lo_fail(p->err, LO_ESYNTAX, "column %d: expected %s, found '%c'", p->pos + 1, what, c);
  return lo_fail(p->err, LO_ESYNTAX, "column %d: expected %s, found %s", p->pos + 1, what,
                 c ? "a control byte" : "end of input");
}

/* One token into the tuple being built (limit checked). */
static int cp_tok(cparse *p, char c) {
  if (p->t->ntok >= LO_MAX_TOKENS)
    return lo_fail(p->err, LO_ELIMIT, "nested tuple too long (limit %d tokens)", LO_MAX_TOKENS);
  p->t->tok[p->t->ntok++] = c;
  return LO_OK;
}

/* An element: '_', a non-negative integer, or (e,...) / (); depth d. */
static int cp_elem(cparse *p, int d) {
  cp_blank(p);
  const char *c = p->s + p->pos;
  if (d > LO_MAX_DEPTH) return lo_fail(p->err, LO_ELIMIT, "nesting deeper than %d", LO_MAX_DEPTH);
  if (*c == '(') {
    p->pos++;
    if (cp_tok(p, '(')) return p->err->code;
    cp_blank(p);
    if (p->s[p->pos] == ')') {
      p->pos++;
      return cp_tok(p, ')');
    }
    for (;;) {
      if (cp_elem(p, d + 1)) return p->err->code;
      cp_blank(p);
      if (p->s[p->pos] == ',') {
        p->pos++;
        continue;
      }
      if (p->s[p->pos] == ')') {
        p->pos++;
        return cp_tok(p, ')');
      }
      return cp_expected(p, "',' or ')'");
    }
  }
  lo_int v = UNDER;
  if (*c == '_' && !(c[1] >= '0' && c[1] <= '9')) {
    p->pos++;
  } else {
    int n = 0;
    if (*c == '_') n++; /* CuTe's static mark */
    if (!(c[n] >= '0' && c[n] <= '9')) return cp_expected(p, "an integer, '_' or '('");
    v = 0;
    for (; c[n] >= '0' && c[n] <= '9'; n++)
      if (lo_mul(v, 10, &v, "coordinate", p->err) ||
          lo_add(v, c[n] - '0', &v, "coordinate", p->err))
        return p->err->code;
    p->pos += n;
  }
  if (p->t->len >= LO_MAX_LEAVES)
    return lo_fail(p->err, LO_ELIMIT, "too many entries (limit %d)", LO_MAX_LEAVES);
  p->t->leaf[p->t->len++] = v;
  return cp_tok(p, '*');
}

/* Argument i as a coordinate whose entries may be '_'. */
static int get_ucoord(ev_args a, int i, lo_tuple *t, lo_err *err) {
  cparse p = {a[i], 0, t, err};
  t->len = t->ntok = 0;
  if (cp_elem(&p, 0)) return ev_arg_fail(i, err);
  cp_blank(&p);
  if (p.s[p.pos]) {
    cp_expected(&p, "end of argument");
    return ev_arg_fail(i, err);
  }
  return LO_OK;
}

/* See lo_eval_internal.h. */
int ev_get_ucoord(ev_args a, int i, lo_tuple *t, lo_err *err) { return get_ucoord(a, i, t, err); }

/* Mode k (0-based) of the coordinate c. */
static int cmode(const lo_tuple *c, int k, lo_tuple *out, lo_err *err) {
  return lo_tuple_mode(c, k + 1, out, NULL, err);
}

/* The modes slice (dice = 0) or dice (dice = 1) keeps of l at c, added to
** acc in order: CuTe's lift_slice / lift_dice, whose results are joined
** with tuple_cat.  slice keeps the modes paired with '_', dice those
** paired with an integer. */
static int lift(const lo_tuple *c, const lo_layout *l, int dice, lo_layout *acc, lo_err *err) {
  if (lo_tuple_is_int(c)) {
    if ((c->leaf[0] == UNDER) != dice) return b_add(acc, l, err);
    return LO_OK;
  }
  int rc = lo_tuple_rank(c);
  if (lo_tuple_is_int(&l->shape))
    return lo_fail(err, LO_EUNDEF,
                   "CuTe refuses: %s: a coordinate of rank %d for the integer %lld (no "
                   "tuple_size of an integer)",
                   dice ? "dice" : "slice", rc, (long long)l->shape.leaf[0]);
  if (rc != lo_tuple_rank(&l->shape))
    return lo_fail(err, LO_EUNDEF,
                   "CuTe refuses: %s: Mismatched Ranks (a coordinate of rank %d for a shape "
                   "of rank %d)",
                   dice ? "dice" : "slice", rc, lo_tuple_rank(&l->shape));
  for (int k = 0; k < rc; k++) {
    lo_tuple ck;
    lo_layout lk;
    if (cmode(c, k, &ck, err) || mode0(l, k, &lk, err) || lift(&ck, &lk, dice, acc, err))
      return err->code;
  }
  return LO_OK;
}

/* The ops cute_slice C L and cute_dice C L (dice = 1): CuTe's slice(C, L)
** and dice(C, L).  At the top a bare '_' or integer is CuTe's entry case:
** slice(_, L) = L, slice(i, L) = (); dice(i, L) = L, dice(_, L) = (). */
static int slice_op(int dice, ev_args a, ev_out *o, lo_err *err) {
  lo_tuple c;
  lo_layout l, r;
  if (get_ucoord(a, 0, &c, err) || ev_get_layout(a, 1, &l, err)) return err->code;
  if (lo_tuple_is_int(&c) && (c.leaf[0] == UNDER) != dice) {
    ev_out_layout(o, &l);
    return LO_OK;
  }
  b_open(&r);
  if (!lo_tuple_is_int(&c) && lift(&c, &l, dice, &r, err)) return err->code;
  if (b_close(&r, err)) return err->code;
  ev_out_layout(o, &r);
  return LO_OK;
}

/* The op cute_slice C L (slice_op). */
int op_cute_slice(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  return slice_op(0, a, o, err);
}

/* The op cute_dice C L (slice_op). */
int op_cute_dice(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  return slice_op(1, a, o, err);
}

/* ------------------------------------------------------------- idx2crd */

/* The coordinate of the integer idx in the shape s, colexicographic, added
** to out (an open tuple, or empty for an integer result): every mode but
** the last takes idx modulo its size, the last mode the rest (CuTe's
** crd2idx against a basis: the last mode runs on). */
static int split_idx(lo_int idx, const lo_tuple *s, lo_tuple *out, lo_err *err) {
  if (lo_tuple_is_int(s)) {
    lo_tuple t;
    lo_tuple_int(&t, idx);
    return lo_tuple_append(out, &t, err);
  }
  int r = lo_tuple_rank(s);
  if (r == 0)
    return lo_fail(err, LO_EUNDEF,
                   "CuTe refuses: idx2crd: an integer index for the empty tuple (no crd2idx "
                   "for ())");
  lo_tuple inner;
  inner.len = 0;
  inner.ntok = 1;
  inner.tok[0] = '(';
  for (int k = 0; k < r; k++) {
    lo_tuple sk;
    lo_int n = idx;
    if (cmode(s, k, &sk, err)) return err->code;
    if (k + 1 < r) {
      lo_int z;
      if (lo_tuple_size(&sk, &z, err)) return err->code;
      if (z == 0)
        return lo_fail(err, LO_EUNDEF, "CuTe fails: idx2crd: a mode of size 0 (division by zero)");
      n = idx % z;
      idx /= z;
    }
    if (split_idx(n, &sk, &inner, err)) return err->code;
  }
  if (inner.ntok + 1 > LO_MAX_TOKENS)
    return lo_fail(err, LO_ELIMIT, "nested tuple too long (limit %d tokens)", LO_MAX_TOKENS);
  inner.tok[inner.ntok++] = ')';
  return lo_tuple_append(out, &inner, err);
}

/* idx2crd(c, s) into out (out starts empty): a tuple c goes mode by mode
** (ranks equal), an integer c is split over s (split_idx); a tuple c for
** an integer s is CuTe's "Invalid parameters". */
static int idx2crd(const lo_tuple *c, const lo_tuple *s, lo_tuple *out, lo_err *err) {
  if (lo_tuple_is_int(c)) return split_idx(c->leaf[0], s, out, err);
  int rc = lo_tuple_rank(c);
  if (lo_tuple_is_int(s))
    return lo_fail(err, LO_EUNDEF,
                   "CuTe refuses: idx2crd: Invalid parameters (a tuple index of rank %d for the "
                   "integer shape %lld)",
                   rc, (long long)s->leaf[0]);
  if (rc != lo_tuple_rank(s))
    return lo_fail(err, LO_EUNDEF,
                   "CuTe refuses: idx2crd: Mismatched Ranks (an index of rank %d for a shape of "
                   "rank %d)",
                   rc, lo_tuple_rank(s));
  if (out->ntok + 1 > LO_MAX_TOKENS)
    return lo_fail(err, LO_ELIMIT, "nested tuple too long (limit %d tokens)", LO_MAX_TOKENS);
  out->tok[out->ntok++] = '(';
  for (int k = 0; k < rc; k++) {
    lo_tuple ck, sk;
    if (cmode(c, k, &ck, err) || cmode(s, k, &sk, err) || idx2crd(&ck, &sk, out, err))
      return err->code;
  }
  if (out->ntok + 1 > LO_MAX_TOKENS)
    return lo_fail(err, LO_ELIMIT, "nested tuple too long (limit %d tokens)", LO_MAX_TOKENS);
  out->tok[out->ntok++] = ')';
  return LO_OK;
}

/* Add the token c to t (limit checked). */
static int put_tok(lo_tuple *t, char c, lo_err *err) {
  if (t->ntok + 1 > LO_MAX_TOKENS)
    return lo_fail(err, LO_ELIMIT, "nested tuple too long (limit %d tokens)", LO_MAX_TOKENS);
  t->tok[t->ntok++] = c;
  return LO_OK;
}

/* Strides d[] of the leaves of s, column-major from the start d0 (CuTe's
** compact_col_major(s, d0)), written into dt as a tuple congruent to s. */
static int col_major_from(const lo_tuple *s, lo_int d0, lo_tuple *dt, lo_err *err) {
  lo_tuple_copy(dt, s);
  for (int i = 0; i < s->len; i++) {
    dt->leaf[i] = d0;
    if (i + 1 < s->len && lo_mul(d0, s->leaf[i], &d0, "idx2crd stride", err)) return err->code;
  }
  return LO_OK;
}

/* idx2crd(c, s, d) into out: CuTe's index-to-coordinate by strides: at a
** leaf (c / d) % s (0 where s is 1); an integer c over a tuple s goes to
** every mode (an integer d: the column-major strides from d); a tuple c
** goes mode by mode. */
static int idx2crd_d(const lo_tuple *c, const lo_tuple *s, const lo_tuple *d, lo_tuple *out,
                     lo_err *err) {
  int ci = lo_tuple_is_int(c), si = lo_tuple_is_int(s), di = lo_tuple_is_int(d);
  if (!ci && si)
    return lo_fail(err, LO_EUNDEF,
                   "CuTe refuses: idx2crd: Invalid parameters (a tuple index for an integer "
                   "shape)");
  if (si) {
    if (!di)
      return lo_fail(err, LO_EUNDEF,
                     "CuTe refuses: idx2crd: a tuple stride for the integer shape %lld",
                     (long long)s->leaf[0]);
    lo_int v = 0, sv = s->leaf[0], dv = d->leaf[0];
    if (sv != 1) {
      if (dv == 0 || sv == 0)
        return lo_fail(err, LO_EUNDEF, "CuTe fails: idx2crd: division by zero (%s 0)",
                       dv == 0 ? "stride" : "shape");
      v = c->leaf[0] / dv % sv;
    }
    lo_tuple t;
    lo_tuple_int(&t, v);
    return lo_tuple_append(out, &t, err);
  }
  lo_tuple dd;
  if (di) {
    if (!ci)
      return lo_fail(err, LO_EUNDEF,
                     "CuTe refuses: idx2crd: Mismatched Ranks (a tuple index with an integer "
                     "stride)");
    if (col_major_from(s, d->leaf[0], &dd, err)) return err->code;
    d = &dd;
  }
  int r = lo_tuple_rank(s);
  if ((!ci && lo_tuple_rank(c) != r) || lo_tuple_rank(d) != r)
    return lo_fail(err, LO_EUNDEF,
                   "CuTe refuses: idx2crd: Mismatched Ranks (index rank %d, shape rank %d, "
                   "stride rank %d)",
                   ci ? 1 : lo_tuple_rank(c), r, lo_tuple_rank(d));
  if (put_tok(out, '(', err)) return err->code;
  for (int k = 0; k < r; k++) {
    lo_tuple ck, sk, dk;
    if ((ci ? (lo_tuple_copy(&ck, c), 0) : cmode(c, k, &ck, err)) || cmode(s, k, &sk, err) ||
        cmode(d, k, &dk, err) || idx2crd_d(&ck, &sk, &dk, out, err))
      return err->code;
  }
  return put_tok(out, ')', err);
}

/* The op cute_idx2crd I S [D]: CuTe's idx2crd(I, S), the coordinate of the
** index I (an integer, or a tuple taken mode by mode) in the shape S, and
** idx2crd(I, S, D) by the strides D (idx2crd_d). */
int op_cute_idx2crd(int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_tuple c, s, r;
  if (lo_parse_index(a[0], &c, err)) return ev_arg_fail(0, err);
  if (ev_get_tuple(a, 1, &s, err)) return err->code;
  r.len = r.ntok = 0;
  if (argc > 2) {
    lo_tuple d;
    if (lo_parse_index(a[2], &d, err)) return ev_arg_fail(2, err);
    if (idx2crd_d(&c, &s, &d, &r, err)) return err->code;
  } else if (idx2crd(&c, &s, &r, err)) {
    return err->code;
  }
  out_index(o, &r);
  return LO_OK;
}

/* ------------------------------------------------- built on the algebra */

/* CuTe's tile_to_shape(B, S, O) of the arguments B S [O] into *r: B
** padded to rank(S) with 1:0 modes, then blocked_product with the compact
** layout of the quotients size(S_i)/size(B_i), its strides ordered by O
** (mode i's stride the product of the quotients of lesser order, 0 for a
** quotient 1; default and an integer O: column-major).  The blocked
** product is CuTe's (plain 0) or the plain one, CuTe's answer where the
** logical product it rearranges meets its contract (plain 1). */
static int tile_to_shape(int plain, int argc, ev_args a, lo_layout *r, lo_err *err) {
  lo_layout blk, pad, one, ord, bm;
  lo_tuple trg, order, tm, om;
  if (ev_get_layout(a, 0, &blk, err) || ev_get_tuple(a, 1, &trg, err)) return err->code;
  if (argc > 2 && lo_parse_index(a[2], &order, err)) return ev_arg_fail(2, err);
  int rank = lo_tuple_rank(&trg), rb = lo_tuple_rank(&blk.shape);
  if (rb > rank)
    return lo_fail(err, LO_EUNDEF,
                   "CuTe refuses: tile_to_shape: Rank of layout must be <= rank of target shape "
                   "(%d > %d)",
                   rb, rank);
  if (rank > LO_MAX_LEAVES) /* modes that are empty tuples hold no entry */
    return lo_fail(err, LO_ELIMIT, "tile_to_shape: %d modes in the target shape (limit %d)", rank,
                   LO_MAX_LEAVES);
  lo_layout_scalar(&one, 1, 0);
  if (rank == rb)
    lo_layout_copy(&pad, &blk);
  else if (add_modes(&blk, &one, rank - rb, 0, &pad, err))
    return err->code;
  lo_int q[LO_MAX_LEAVES];
  for (int k = 0; k < rank; k++) {
    lo_int bs, ts;
    if (mode0(&pad, k, &bm, err) || lo_tuple_size(&bm.shape, &bs, err) ||
        cmode(&trg, k, &tm, err) || lo_tuple_size(&tm, &ts, err))
      return err->code;
    if (bs == 0 || ts % bs != 0)
      return lo_fail(err, LO_EUNDEF,
                     "CuTe refuses: tile_to_shape: block shape does not divide the target shape "
                     "(mode %d: %lld into %lld)",
                     k, (long long)bs, (long long)ts);
    q[k] = ts / bs;
  }
  int is_int = lo_tuple_is_int(&trg);
  int ordered = argc > 2 && !lo_tuple_is_int(&order);
  if (ordered && (is_int || lo_tuple_rank(&order) != rank))
    return lo_fail(err, LO_EUNDEF,
                   "CuTe refuses: tile_to_shape: Need equal rank of shape and order (%d and %d)",
                   is_int ? 1 : rank, lo_tuple_rank(&order));
  lo_int d[LO_MAX_LEAVES], ov[LO_MAX_LEAVES];
  for (int k = 0; ordered && k < rank; k++) {
    if (cmode(&order, k, &om, err)) return err->code;
    if (!lo_tuple_is_int(&om))
      return lo_fail(err, LO_EUNDEF,
                     "CuTe refuses: tile_to_shape: order mode %d is a tuple for an integer "
                     "mode (no tuple_size of an integer)",
                     k);
    ov[k] = om.leaf[0];
  }
  for (int k = 0; k < rank; k++) {
    d[k] = 1;
    for (int j = 0; j < rank; j++)
      if (ordered ? ov[j] < ov[k] : j < k)
        if (lo_mul(d[k], q[j], &d[k], "tile_to_shape stride", err)) return err->code;
    if (q[k] == 1) d[k] = 0; /* CuTe's compact strides: 0 for a static 1 */
  }
  if (is_int)
    lo_layout_scalar(&ord, q[0], d[0]);
  else
    lo_layout_flat(&ord, q, d, rank);
  return plain ? lo_blocked_product(&pad, &ord, r, err) : lo_cute_blocked_product(&pad, &ord, r, err);
}

/* The op cute_tile_to_shape B S [O]: CuTe's tile_to_shape(B, S, O). */
int op_cute_tile_to_shape(int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_layout r;
  if (tile_to_shape(0, argc, a, &r, err)) return err->code;
  ev_out_layout(o, &r);
  return LO_OK;
}

/* The op tile_to_shape B S [O]: CuTe's tile_to_shape where the blocked
** product it is built on meets its contract (lo_blocked_product); CuTe's
** refusals (a block that does not divide the target, a mismatched order)
** are the plain op's too. */
int op_tile_to_shape(int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_layout r;
  if (tile_to_shape(1, argc, a, &r, err)) return err->code;
  ev_out_layout(o, &r);
  return LO_OK;
}


/* The op cute_max_alignment L: CuTe's max_alignment(L) of a static layout:
** with C = coalesce(L), P = logical_divide(C, right_inverse(C)), the gcd
** of size<0>(P) and stride<1>(P) (of every entry of a tuple stride, as
** CuTe's gcd of a tuple). */
int op_cute_max_alignment(int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_layout l, c, ri, p, m0, m1;
  lo_int s0;
  (void)argc;
  if (ev_get_layout(a, 0, &l, err) || lo_cute_coalesce(&l, NULL, &c, err) ||
      lo_cute_right_inverse(&c, &ri, err) || lo_cute_logical_divide(&c, &ri, &p, err) ||
      mode0(&p, 0, &m0, err) || mode0(&p, 1, &m1, err) || lo_tuple_size(&m0.shape, &s0, err))
    return err->code;
  if (m1.shape.len == 0)
    return lo_fail(err, LO_EUNDEF,
                   "CuTe refuses: max_alignment: stride<1> of the divided layout holds no "
                   "integer (no gcd of no values)");
  lo_int g = s0;
  for (int i = 0; i < m1.shape.len; i++)
    g = lo_gcd(g, m1.stride[i] < 0 ? -m1.stride[i] : m1.stride[i]);
  ev_out_int(o, g);
  return LO_OK;
}

/* The op cute_domain_offset C L: CuTe's domain_offset(C, L), the pair
** (L, L(C)) printed as CuTe prints a tuple. */
int op_cute_domain_offset(int argc, ev_args a, ev_out *o, lo_err *err) {
  lo_layout l;
  lo_int v;
  (void)argc;
  if (ev_get_layout(a, 1, &l, err)) return err->code;
  if (has_empty(&l.shape))
    return lo_fail(err, LO_EUNDEF,
                   "CuTe refuses: indexing a layout whose shape holds an empty tuple (no "
                   "crd2idx for ())");
  if (ev_apply_at(&l, a, 0, 1, &v, err)) return err->code;
  ev_out_str(o, "(");
  ev_out_layout(o, &l);
  ev_out_str(o, ",");
  ev_out_int(o, v);
  ev_out_str(o, ")");
  return LO_OK;
}
