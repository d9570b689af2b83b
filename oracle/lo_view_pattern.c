/*
** lo_view_pattern.c -- einops patterns: parsing "b h w c -> h (b w) c",
** sizes "b=2,h=3", rearrange as a layout over the input's row-major
** storage, and the index maps of an einsum.  Conventions: lo.h section 9.
**
** A rearrange permutes and regroups the atoms (named axes) of its input:
** with the atoms' row-major strides in the input, each output axis is the
** mode of its atoms, innermost first, and the output's axes are listed
** innermost first too.
*/
#include "lo_internal.h"

#include <assert.h>
#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------- tokens */

typedef enum { T_END, T_NAME, T_ONE, T_LPAREN, T_RPAREN, T_ARROW, T_COMMA } tok_kind;

typedef struct tok {
  tok_kind k;
  int at, len; /* byte offset and length in the text */
} tok;

typedef struct lexer {
  const char *s;
  int i, end;       /* next byte; end of the pattern (before a closing ']') */
  const char *what; /* "pattern" or "sizes", for messages */
} lexer;

/* Can c start an axis name ([A-Za-z_])? */
static int is_name_start(char c) { return isalpha((unsigned char)c) || c == '_'; }
static int is_name_char(char c) { return isalnum((unsigned char)c) || c == '_'; }

/* Start a lexer on text, unwrapping an enclosing [ ]. */
static int lex_init(lexer *x, const char *text, const char *what, lo_err *err) {
  size_t len = strlen(text);
  if (len > INT_MAX / 2)
    return lo_fail(err, LO_ELIMIT, "%s: longer than %d bytes", what, INT_MAX / 2);
  int n = (int)len;
  x->s = text;
  x->what = what;
  x->i = 0;
  x->end = n;
  while (x->i < n && isspace((unsigned char)text[x->i])) x->i++;
  if (x->i < n && text[x->i] == '[') {
    int last = n - 1;
    while (last > x->i && isspace((unsigned char)text[last])) last--;
    if (last == x->i || text[last] != ']')
      return lo_fail(err, LO_ESYNTAX, "%s: column %d: '[' is never closed", what, x->i + 1);
    x->i++;
    x->end = last;
  }
  return LO_OK;
}

/* The next token of a pattern; an error names its column. */
static int lex(lexer *x, tok *t, lo_err *err) {
  const char *s = x->s;
  while (x->i < x->end && isspace((unsigned char)s[x->i])) x->i++;
  t->at = x->i;
  t->len = 1;
  if (x->i >= x->end) {
    t->k = T_END;
    return LO_OK;
  }
  char c = s[x->i];
  int col = x->i + 1;
  if (is_name_start(c)) {
    int j = x->i;
    while (j < x->end && is_name_char(s[j])) j++;
    if (j - x->i >= LO_VIEW_NAME_CAP)
      return lo_fail(err, LO_ELIMIT, "%s: column %d: an axis name longer than %d characters",
                     x->what, col, LO_VIEW_NAME_CAP - 1);
    t->k = T_NAME;
    t->len = j - x->i;
  } else if (isdigit((unsigned char)c)) {
    int j = x->i;
    while (j < x->end && isdigit((unsigned char)s[j])) j++;
    int k = x->i;
    while (k < j - 1 && s[k] == '0') k++;
    if (!(j - k == 1 && s[k] == '1'))
      return lo_fail(err, LO_EUNDEF,
                     "%s: column %d: anonymous axis %.*s: only 1 is allowed (a rearrange keeps "
                     "sizes)",
                     x->what, col, j - x->i > 20 ? 20 : j - x->i, s + x->i);
    t->k = T_ONE;
    t->len = j - x->i;
  } else if (c == '(' || c == ')' || c == ',') {
    t->k = c == '(' ? T_LPAREN : c == ')' ? T_RPAREN : T_COMMA;
  } else if (c == '-' && x->i + 1 < x->end && s[x->i + 1] == '>') {
    t->k = T_ARROW;
    t->len = 2;
  } else if (c == '-' && x->i + 2 < x->end && s[x->i + 1] == '-' && s[x->i + 2] == '>') {
    t->k = T_ARROW;
    t->len = 3;
  } else if (c == '.' && x->i + 2 < x->end && s[x->i + 1] == '.' && s[x->i + 2] == '.') {
    return lo_fail(err, LO_EUNSUPPORTED, "%s: column %d: an ellipsis (...) is not supported",
                   x->what, col);
  } else if (c == '-') {
    return lo_fail(err, LO_ESYNTAX, "%s: column %d: expected '->'", x->what, col);
  } else if (isprint((unsigned char)c)) {
    return lo_fail(err, LO_ESYNTAX, "%s: column %d: unexpected '%c'", x->what, col, c);
  } else {
    return lo_fail(err, LO_ESYNTAX, "%s: column %d: unexpected byte 0x%02x", x->what, col,
                   (unsigned)(unsigned char)c);
  }
  x->i += t->len;
  return LO_OK;
}

/* ------------------------------------------------------------ patterns */

/* The index of the name s[0..len) in p, added when new; -1 when full. */
static int intern(lo_view_pattern *p, const char *s, int len) {
  for (int i = 0; i < p->nnames; i++)
    if ((int)strlen(p->name[i]) == len && !memcmp(p->name[i], s, (size_t)len)) return i;
  if (p->nnames == LO_MAX_LEAVES) return -1;
  memcpy(p->name[p->nnames], s, (size_t)len);
  p->name[p->nnames][len] = '\0';
  return p->nnames++;
}

/* Append the atom of token t (a name or 1) to side v. */
static int add_atom(lexer *x, lo_view_pattern *p, lo_view_side *v, const tok *t, lo_err *err) {
  if (v->natoms == LO_MAX_LEAVES)
    return lo_fail(err, LO_ELIMIT, "%s: column %d: more than %d axes on one side", x->what,
                   t->at + 1, LO_MAX_LEAVES);
  int id = -1;
  if (t->k == T_NAME && (id = intern(p, x->s + t->at, t->len)) < 0)
    return lo_fail(err, LO_ELIMIT, "%s: column %d: more than %d axis names", x->what, t->at + 1,
                   LO_MAX_LEAVES);
  v->atom_col[v->natoms] = t->at + 1;
  v->atom[v->natoms++] = id;
  v->axis_len[v->naxes - 1]++;
  return LO_OK;
}

/* Open a new top-level axis on side v. */
static void open_axis(lo_view_side *v, int paren) {
  v->axis_first[v->naxes] = v->natoms;
  v->axis_len[v->naxes] = 0;
  v->axis_paren[v->naxes++] = paren;
}

/* The atoms of a parenthesised group; '(' (token open) was read. */
static int parse_group(lexer *x, lo_view_pattern *p, lo_view_side *v, const tok *open,
                       lo_err *err) {
  tok t;
  open_axis(v, 1);
  for (;;) {
    if (lex(x, &t, err)) return err->code;
    if (t.k == T_RPAREN) return LO_OK;
    if (t.k == T_NAME || t.k == T_ONE) {
      if (add_atom(x, p, v, &t, err)) return err->code;
      continue;
    }
    if (t.k == T_LPAREN)
      return lo_fail(err, LO_ESYNTAX, "%s: column %d: nested parentheses", x->what, t.at + 1);
    return lo_fail(err, LO_ESYNTAX, "%s: column %d: '(' is never closed", x->what, open->at + 1);
  }
}

/* Parse a pattern (lo.h). */
int lo_view_pattern_parse(const char *text, int max_inputs, lo_view_pattern *p, lo_err *err) {
  lexer x;
  tok t;
  int arrow = 0;
  assert(max_inputs >= 1 && max_inputs < LO_VIEW_SIDES);
  memset(p, 0, sizeof *p);
  if (lex_init(&x, text, "pattern", err)) return err->code;
  p->nsides = 1;
  for (;;) {
    lo_view_side *v = &p->side[p->nsides - 1];
    if (lex(&x, &t, err)) return err->code;
    if (t.k == T_END) break;
    if (t.k == T_NAME || t.k == T_ONE) {
      if (v->naxes == LO_MAX_LEAVES)
        return lo_fail(err, LO_ELIMIT, "pattern: column %d: more than %d axes on one side",
                       t.at + 1, LO_MAX_LEAVES);
      open_axis(v, 0);
      if (add_atom(&x, p, v, &t, err)) return err->code;
    } else if (t.k == T_LPAREN) {
      if (v->naxes == LO_MAX_LEAVES)
        return lo_fail(err, LO_ELIMIT, "pattern: column %d: more than %d axes on one side",
                       t.at + 1, LO_MAX_LEAVES);
      if (parse_group(&x, p, v, &t, err)) return err->code;
    } else if (t.k == T_RPAREN) {
      return lo_fail(err, LO_ESYNTAX, "pattern: column %d: ')' closes nothing", t.at + 1);
    } else if (t.k == T_COMMA) {
      if (arrow)
        return lo_fail(err, LO_ESYNTAX, "pattern: column %d: ',' after the arrow (one output)",
                       t.at + 1);
      if (p->nsides == max_inputs)
        return lo_fail(err, LO_EUNDEF,
                       "pattern: column %d: ',' separates einsum operands; %d input%s allowed",
                       t.at + 1, max_inputs, max_inputs == 1 ? " is" : "s are");
      p->nsides++;
    } else {
      if (arrow) return lo_fail(err, LO_ESYNTAX, "pattern: column %d: a second arrow", t.at + 1);
      arrow = 1;
      p->nsides++;
    }
  }
  if (!arrow)
    return lo_fail(err, LO_ESYNTAX,
                   "pattern: column %d: expected '->' between the input and "
                   "the output",
                   t.at + 1);
  return LO_OK;
}

/* Parse sizes "b=2,h=3" for the pattern's names (lo.h). */
int lo_view_sizes_parse(const char *text, const lo_view_pattern *p, lo_int *size, int *have,
                        lo_err *err) {
  lexer x;
  memset(have, 0, (size_t)p->nnames * sizeof *have);
  if (!text) return LO_OK;
  if (lex_init(&x, text, "sizes", err)) return err->code;
  const char *s = text;
  for (;;) {
    while (x.i < x.end && (isspace((unsigned char)s[x.i]) || s[x.i] == ',')) x.i++;
    if (x.i >= x.end) return LO_OK;
    int at = x.i, j = x.i;
    if (!is_name_start(s[j]))
      return lo_fail(err, LO_ESYNTAX, "sizes: column %d: expected NAME=SIZE", at + 1);
    while (j < x.end && is_name_char(s[j])) j++;
    int len = j - at;
    while (j < x.end && isspace((unsigned char)s[j])) j++;
    if (j >= x.end || s[j] != '=')
      return lo_fail(err, LO_ESYNTAX, "sizes: column %d: expected '=' after '%.*s'", j + 1,
                     len > 40 ? 40 : len, s + at);
    j++;
    while (j < x.end && isspace((unsigned char)s[j])) j++;
    if (j >= x.end || !isdigit((unsigned char)s[j]))
      return lo_fail(err, LO_ESYNTAX, "sizes: column %d: expected a size after '%.*s='", j + 1,
                     len > 40 ? 40 : len, s + at);
    lo_int v = 0;
    for (; j < x.end && isdigit((unsigned char)s[j]); j++)
      if (__builtin_mul_overflow(v, 10, &v) || __builtin_add_overflow(v, s[j] - '0', &v))
        return lo_fail(err, LO_EOVERFLOW, "sizes: column %d: the size of '%.*s' exceeds 63 bits",
                       at + 1, len > 40 ? 40 : len, s + at);
    int id = -1;
    for (int i = 0; i < p->nnames && id < 0; i++)
      if ((int)strlen(p->name[i]) == len && !memcmp(p->name[i], s + at, (size_t)len)) id = i;
    if (id < 0)
      return lo_fail(err, LO_EUNDEF, "sizes: axis '%.*s' is not in the pattern",
                     len > 40 ? 40 : len, s + at);
    if (have[id]) return lo_fail(err, LO_EUNDEF, "sizes: '%s' is given twice", p->name[id]);
    if (v < 1) return lo_fail(err, LO_EUNDEF, "sizes: '%s' must be positive", p->name[id]);
    size[id] = v;
    have[id] = 1;
    x.i = j;
  }
}

/* ------------------------------------------------------------- rearrange */

/* Fail when a named axis occurs twice on side v ("left", "operand 2"). */
static int check_repeats(const lo_view_pattern *p, const lo_view_side *v, const char *where,
                         const char *why, lo_err *err) {
  int first[LO_MAX_LEAVES];
  for (int i = 0; i < p->nnames; i++) first[i] = 0;
  for (int a = 0; a < v->natoms; a++) {
    int id = v->atom[a];
    if (id < 0) continue;
    if (first[id])
      return lo_fail(err, LO_EUNDEF, "axis '%s' appears twice %s (columns %d and %d)%s",
                     p->name[id], where, first[id], v->atom_col[a], why);
    first[id] = v->atom_col[a];
  }
  return LO_OK;
}

/* Is name id on side v? */
static int on_side(const lo_view_side *v, int id) {
  for (int a = 0; a < v->natoms; a++)
    if (v->atom[a] == id) return 1;
  return 0;
}

/* "(h w)" or "h": axis g of side v, for messages. */
static void axis_text(const lo_view_pattern *p, const lo_view_side *v, int g, char *buf,
                      size_t cap) {
  size_t n = 0;
  int paren = v->axis_paren[g];
  n += (size_t)snprintf(buf, cap, "%s", paren ? "(" : "");
  for (int k = 0; k < v->axis_len[g] && n < cap; k++) {
    int id = v->atom[v->axis_first[g] + k];
    n += (size_t)snprintf(buf + n, cap - n, "%s%s", k ? " " : "", id < 0 ? "1" : p->name[id]);
  }
  if (n < cap) snprintf(buf + n, cap - n, "%s", paren ? ")" : "");
}

/* Check the input's sizes against its shape and infer the one unknown size
** an axis may have. */
static int infer_sizes(const lo_view_pattern *p, const lo_tuple *shape, lo_int *size, int *have,
                       lo_err *err) {
  const lo_view_side *v = &p->side[0];
  lo_int dims[LO_MAX_LEAVES];
  int nd;
  char b[160];
  if (lo_view_dims(shape, dims, &nd, err)) return err->code;
  if (nd != v->naxes) {
    lo_print_tuple(shape, b, sizeof b);
    return lo_fail(err, LO_EUNDEF, "the left side has %d axes but the shape %s has %d", v->naxes, b,
                   nd);
  }
  for (int g = 0; g < v->naxes; g++) {
    lo_int prod = 1;
    int unknown = -1, nunknown = 0;
    for (int k = 0; k < v->axis_len[g]; k++) {
      int id = v->atom[v->axis_first[g] + k];
      if (id < 0) continue;
      if (!have[id]) {
        unknown = id;
        nunknown++;
      } else if (lo_mul(prod, size[id], &prod, "size", err)) {
        return err->code;
      }
    }
    axis_text(p, v, g, b, sizeof b);
    if (nunknown > 1)
      return lo_fail(err, LO_EUNDEF, "left axis %d %s has %d axes without a size: give all but one",
                     g, b, nunknown);
    if (nunknown == 0 && prod != dims[g])
      return lo_fail(err, LO_EUNDEF,
                     "left axis %d %s: its sizes multiply to %lld but the shape has %lld", g, b,
                     (long long)prod, (long long)dims[g]);
    if (nunknown == 1) {
      if (dims[g] % prod)
        return lo_fail(err, LO_EUNDEF,
                       "left axis %d %s: cannot infer '%s': %lld is not divisible by %lld", g, b,
                       p->name[unknown], (long long)dims[g], (long long)prod);
      size[unknown] = dims[g] / prod;
      have[unknown] = 1;
    }
  }
  return LO_OK;
}

/* Check the names of a rearrange: none twice on a side, the same on both. */
static int check_rearrange_names(const lo_view_pattern *p, lo_err *err) {
  const lo_view_side *in = &p->side[0], *out = &p->side[1];
  if (check_repeats(p, in, "on the left", "", err) ||
      check_repeats(p, out, "on the right", "", err))
    return err->code;
  for (int a = 0; a < out->natoms; a++)
    if (out->atom[a] >= 0 && !on_side(in, out->atom[a]))
      return lo_fail(err, LO_EUNDEF, "axis '%s' (column %d) is not on the left: an unknown axis",
                     p->name[out->atom[a]], out->atom_col[a]);
  for (int a = 0; a < in->natoms; a++)
    if (in->atom[a] >= 0 && !on_side(out, in->atom[a]))
      return lo_fail(err, LO_EUNDEF,
                     "axis '%s' (column %d) is not on the right: a rearrange cannot drop an axis",
                     p->name[in->atom[a]], in->atom_col[a]);
  return LO_OK;
}

/* Fail when a named axis has no size. */
static int check_all_sized(const lo_view_pattern *p, const int *have, int has_shape, lo_err *err) {
  for (int i = 0; i < p->nnames; i++)
    if (!have[i])
      return lo_fail(err, LO_EUNDEF, "no size for axis '%s' (give %s=N%s)", p->name[i], p->name[i],
                     has_shape ? "" : " or the input shape");
  return LO_OK;
}

/* Append the output axes of side v, innermost first, as modes: an axis of
** one atom is that atom's mode, of none 1:0, of several a nested mode of
** its atoms innermost first. */
static void build_side(const lo_view_side *v, const lo_int *size, const lo_int *stride,
                       lo_layout *out) {
  lo_tuple *t = &out->shape;
  t->len = 0;
  t->ntok = 0;
  t->tok[t->ntok++] = '(';
  for (int g = v->naxes - 1; g >= 0; g--) {
    int n = v->axis_len[g];
    if (n == 0) { /* () : a size-1 axis */
      t->tok[t->ntok++] = '*';
      t->leaf[t->len] = 1;
      out->stride[t->len++] = 0;
      continue;
    }
    if (n > 1) t->tok[t->ntok++] = '(';
    for (int k = n - 1; k >= 0; k--) {
      int id = v->atom[v->axis_first[g] + k];
      t->tok[t->ntok++] = '*';
      t->leaf[t->len] = id < 0 ? 1 : size[id];
      out->stride[t->len++] = id < 0 ? 0 : stride[id];
    }
    if (n > 1) t->tok[t->ntok++] = ')';
  }
  t->tok[t->ntok++] = ')';
  out->is_tiler = 0;
}

/* einops rearrange (lo.h). */
int lo_view_rearrange(const char *pattern, const char *sizes, const lo_tuple *shape, lo_layout *out,
                      lo_err *err) {
  lo_view_pattern p;
  lo_int size[LO_MAX_LEAVES], stride[LO_MAX_LEAVES], acc = 1;
  int have[LO_MAX_LEAVES];
  if (lo_view_pattern_parse(pattern, 1, &p, err) || check_rearrange_names(&p, err) ||
      lo_view_sizes_parse(sizes, &p, size, have, err))
    return err->code;
  if (shape && infer_sizes(&p, shape, size, have, err)) return err->code;
  if (check_all_sized(&p, have, shape != NULL, err)) return err->code;
  const lo_view_side *in = &p.side[0];
  for (int a = in->natoms - 1; a >= 0; a--) { /* row-major strides of the atoms */
    int id = in->atom[a];
    if (id < 0) continue;
    stride[id] = acc;
    if (lo_mul(acc, size[id], &acc, "size", err)) return err->code;
  }
  if (p.side[1].natoms + p.side[1].naxes + 2 > LO_MAX_TOKENS)
    return lo_fail(err, LO_ELIMIT, "the result nests more than %d tokens", LO_MAX_TOKENS);
  build_side(&p.side[1], size, stride, out);
  return LO_OK;
}

/* -------------------------------------------------------------- einsum */

/* Check an einsum's pattern: named axes only, one atom per axis, no
** repeats on a side, every output axis in some operand. */
static int check_einsum_names(const lo_view_pattern *p, lo_err *err) {
  int ni = p->nsides - 1;
  for (int k = 0; k <= ni; k++) {
    const lo_view_side *v = &p->side[k];
    char where[32];
    if (k < ni)
      snprintf(where, sizeof where, "in operand %d", k + 1);
    else
      snprintf(where, sizeof where, "in the output");
    for (int g = 0; g < v->naxes; g++)
      if (v->axis_paren[g] || v->axis_len[g] != 1 || v->atom[v->axis_first[g]] < 0)
        return lo_fail(err, LO_EUNDEF,
                       "pattern: column %d: an einsum takes named axes only (no groups, no 1)",
                       v->axis_len[g] ? v->atom_col[v->axis_first[g]] : 0);
    if (check_repeats(p, v, where, k < ni ? ": diagonals are not supported" : "", err))
      return err->code;
  }
  const lo_view_side *o = &p->side[ni];
  for (int a = 0; a < o->natoms; a++) {
    int found = 0;
    for (int k = 0; k < ni && !found; k++) found = on_side(&p->side[k], o->atom[a]);
    if (!found)
      return lo_fail(err, LO_EUNDEF, "axis '%s' of the output (column %d) is in no operand",
                     p->name[o->atom[a]], o->atom_col[a]);
  }
  return LO_OK;
}

/* The axes (outermost first) of operand k: its view's, or contiguous. */
static int operand_axes(const lo_view_pattern *p, int k, const lo_layout *view, const lo_int *size,
                        lo_layout *axes, lo_err *err) {
  const lo_view_side *v = &p->side[k];
  int n;
  if (!view) {
    lo_int acc = 1;
    for (int g = v->naxes - 1; g >= 0; g--) {
      lo_int s = size[v->atom[g]];
      lo_layout_scalar(&axes[g], s, acc);
      if (lo_mul(acc, s, &acc, "size", err)) return err->code;
    }
    return LO_OK;
  }
  if (lo_view_axes(view, axes, LO_MAX_LEAVES, &n, err)) return err->code;
  if (n != v->naxes)
    return lo_fail(err, LO_EUNDEF, "operand %d: the view has %d axes, the pattern %d", k + 1, n,
                   v->naxes);
  for (int g = 0; g < n; g++) {
    lo_int s;
    if (lo_size(&axes[g], &s, err)) return err->code;
    if (s != size[v->atom[g]])
      return lo_fail(err, LO_EUNDEF,
                     "operand %d: axis %d ('%s') has size %lld in the view, %lld "
                     "in the sizes",
                     k + 1, g, p->name[v->atom[g]], (long long)s, (long long)size[v->atom[g]]);
  }
  return LO_OK;
}

/* The map of one side over the iteration axes it[0..nit): the side's
** axis mode where it has the name, a stride-0 mode where not. */
static int side_map(const lo_view_side *v, const lo_layout *axes, const int *it, int nit,
                    const lo_int *size, lo_layout *out, lo_err *err) {
  lo_layout parts[LO_MAX_LEAVES];
  const lo_layout *ptr[LO_MAX_LEAVES];
  for (int q = 0; q < nit; q++) {
    int g = -1;
    for (int a = 0; a < v->naxes && g < 0; a++)
      if (v->atom[a] == it[q]) g = a;
    if (g >= 0)
      parts[q] = axes[g];
    else
      lo_layout_scalar(&parts[q], size[it[q]], 0);
    ptr[nit - 1 - q] = &parts[q];
  }
  return lo_layout_nest(ptr, nit, out, err);
}

/* einsum index maps (lo.h). */
int lo_view_einsum(const char *pattern, const char *sizes, const lo_layout *operands, int nops,
                   lo_layout *maps, int cap, int *nmaps, lo_err *err) {
  lo_view_pattern p;
  lo_int size[LO_MAX_LEAVES];
  int have[LO_MAX_LEAVES], it[LO_MAX_LEAVES], nit = 0;
  lo_layout axes[LO_MAX_LEAVES];
  if (lo_view_pattern_parse(pattern, LO_VIEW_SIDES - 1, &p, err) || check_einsum_names(&p, err) ||
      lo_view_sizes_parse(sizes, &p, size, have, err) || check_all_sized(&p, have, 1, err))
    return err->code;
  int ni = p.nsides - 1;
  if (operands && nops != ni)
    return lo_fail(err, LO_EUNDEF, "%d operand views for the %d operands of the pattern", nops, ni);
  if (cap < ni + 1) return lo_fail(err, LO_ESPACE, "room for %d maps, %d needed", cap, ni + 1);
  const lo_view_side *o = &p.side[ni];
  for (int a = 0; a < o->natoms; a++) it[nit++] = o->atom[a];
  for (int k = 0; k < ni; k++) /* contracted axes, in order of first appearance */
    for (int a = 0; a < p.side[k].natoms; a++) {
      int id = p.side[k].atom[a], seen = on_side(o, id);
      for (int q = 0; q < nit && !seen; q++) seen = it[q] == id;
      if (!seen) it[nit++] = id;
    }
  for (int k = 0; k <= ni; k++) {
    const lo_layout *view = k < ni && operands ? &operands[k] : NULL;
    if (operand_axes(&p, k, view, size, axes, err) ||
        side_map(&p.side[k], axes, it, nit, size, &maps[k], err))
      return err->code;
  }
  *nmaps = ni + 1;
  return LO_OK;
}
