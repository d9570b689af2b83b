/*
** lean_views_def.c -- Einlean's typed definitions in `layoutcheck lean`:
**
**   def b := dim! 2                      -- an atom, named by its definition
**   def bw := b * w                      -- a product of atoms
**   def image : Tensor [b, h, w, c] := Tensor.arange 0
**   def merged : Tensor [h, bw, c] := image.rearrange
**   def t : Tensor [b, c, h, w] := image.rearrangeBy fun (b, h, w, c) => (b, c, h, w)
**   def m : Tensor [i, j] := Tensor.einsum a bmat (fun (i, _) (_, j) => (i, j))
**
** The type's dims give the output (rearrange and reshape take it from
** there), their atoms the einops pattern; lambdas name the axes.  These
** bodies use `fun`, `*` and `=>`, which the term parser (lean_parse.c)
** refuses, so this file reads the definitions' text itself: a small
** tokenizer and parser for this subset, and an evaluator over the map's
** local tensor ops (lean_views.h).
*/
#include "lean_views.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- tokens ------------------------------------------------------------- */

typedef enum {
  K_END, K_ID, K_NUM, K_LP, K_RP, K_LB, K_RB, K_COMMA, K_STAR, K_ARROW, K_COLON, K_ASSIGN,
  K_HOLE, K_DOT, K_FUN, K_BAD
} kkind;

typedef struct ktok {
  kkind k;
  size_t at, len;
  lo_int num;
} ktok;

#define KMAX 512 /* tokens of one definition */

typedef struct klist {
  const char *s;
  ktok t[KMAX];
  int n, pos;
} klist;

/* Identifier bytes: letters, digits, _ ' ! ? . and any non-ASCII byte
** (Lean allows Unicode letters); λ is a keyword. */
static int id_byte(unsigned char c) {
  return isalnum(c) || c == '_' || c == '\'' || c == '!' || c == '?' || c == '.' || c >= 0x80;
}

/* Skip white space and comments from i; returns the new position. */
static size_t skip_blank(const char *s, size_t i, size_t end) {
  while (i < end) {
    if (isspace((unsigned char)s[i])) {
      i++;
    } else if (s[i] == '-' && i + 1 < end && s[i + 1] == '-') {
      while (i < end && s[i] != '\n') i++;
    } else if (s[i] == '/' && i + 1 < end && s[i + 1] == '-') {
      int depth = 0;
      do {
        if (s[i] == '/' && i + 1 < end && s[i + 1] == '-') depth++, i += 2;
        else if (s[i] == '-' && i + 1 < end && s[i + 1] == '/') depth--, i += 2;
        else i++;
      } while (i < end && depth > 0);
    } else {
      break;
    }
  }
  return i;
}

/* Tokenize s[a..b) into l; 0, or -1 (too many tokens). */
static int tokenize(const char *s, size_t a, size_t b, klist *l) {
  static const char single[] = "()[],*:";
  static const kkind kinds[] = {K_LP, K_RP, K_LB, K_RB, K_COMMA, K_STAR, K_COLON};
  l->s = s;
  l->n = l->pos = 0;
  for (size_t i = skip_blank(s, a, b); i < b; i = skip_blank(s, i, b)) {
    ktok t = {K_BAD, i, 1, 0};
    unsigned char c = (unsigned char)s[i];
    const char *one = c ? strchr(single, c) : NULL;
    if (l->n == KMAX - 1) return -1;
    if (c == 0xCE && i + 1 < b && (unsigned char)s[i + 1] == 0xBB) { /* λ */
      t.k = K_FUN;
      t.len = 2;
    } else if (isdigit(c)) {
      t.k = K_NUM;
      while (i + t.len < b && isdigit((unsigned char)s[i + t.len])) t.len++;
      for (size_t k = 0; k < t.len && t.k == K_NUM; k++)
        if (__builtin_mul_overflow(t.num, 10, &t.num) ||
            __builtin_add_overflow(t.num, s[i + k] - '0', &t.num))
          t.k = K_BAD;
    } else if (c == '_' && !(i + 1 < b && id_byte((unsigned char)s[i + 1]))) {
      t.k = K_HOLE;
    } else if (c == '.' && i + 1 < b && id_byte((unsigned char)s[i + 1])) {
      t.k = K_DOT;
    } else if (isalpha(c) || c == '_' || c >= 0x80) {
      t.k = K_ID;
      while (i + t.len < b && id_byte((unsigned char)s[i + t.len])) t.len++;
      if (t.len == 3 && !strncmp(s + i, "fun", 3)) t.k = K_FUN;
    } else if (c == '=' && i + 1 < b && s[i + 1] == '>') {
      t.k = K_ARROW;
      t.len = 2;
    } else if (c == ':' && i + 1 < b && s[i + 1] == '=') {
      t.k = K_ASSIGN;
      t.len = 2;
    } else if (one) {
      t.k = kinds[one - single];
    }
    l->t[l->n++] = t;
    i += t.len;
  }
  l->t[l->n].k = K_END;
  l->t[l->n].at = b;
  l->t[l->n].len = 0;
  return 0;
}

/* The current token; take it (the end token stays). */
static const ktok *peek(const klist *l) { return &l->t[l->pos]; }
static const ktok *take(klist *l) { return &l->t[l->pos < l->n ? l->pos++ : l->pos]; }

/* Copy a token's text into buf. */
static void tok_text(const klist *l, const ktok *t, char *buf, size_t cap) {
  snprintf(buf, cap, "%.*s", (int)(t->len < cap ? t->len : cap - 1), l->s + t->at);
}

/* --- the evaluator's context -------------------------------------------- */

#define DMAX_DEPTH 24

typedef struct dctx {
  const lean_map *m;
  const lean_scope *s;
  const lean_file *f;
  int depth;
  int failed;
  char why[256];
} dctx;

/* Record why the definition cannot be translated; returns -1. */
static int dfail(dctx *x, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static int dfail(dctx *x, const char *fmt, ...) {
  if (!x->failed) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(x->why, sizeof x->why, fmt, ap);
    va_end(ap);
    x->failed = 1;
  }
  return -1;
}

/* The definition named name (the latest, matched whole or after a '.'). */
static const lean_def *find_def(const lean_scope *s, const char *name) {
  size_t n = strlen(name);
  for (int i = s->ndefs - 1; i >= 0; i--) {
    const char *d = s->defs[i].name;
    size_t dl = strlen(d);
    if (!strcmp(d, name) || (dl > n && d[dl - n - 1] == '.' && !strcmp(d + dl - n, name)))
      return &s->defs[i];
  }
  return NULL;
}

/* The map function named name: whole, without the root namespace, or by
** its last components; with want_tensor, one whose first argument is a
** tensor (field notation). */
static const lean_fn *find_fn(const lean_map *m, const char *name, int want_tensor) {
  size_t n = strlen(name), rl = strlen(m->root);
  for (int pass = 0; pass < 2; pass++)
    for (int i = 0; i < m->n; i++) {
      const lean_fn *f = &m->fns[i];
      const char *full = f->lean;
      if (rl && !strncmp(full, m->root, rl) && full[rl] == '.') full += rl + 1;
      size_t fl = strlen(full);
      int match = pass == 0 ? !strcmp(full, name)
                            : fl > n && full[fl - n - 1] == '.' && !strcmp(full + fl - n, name);
      if (match && (!want_tensor || (f->nargs > 0 && f->args[0] == LEAN_T_TENSOR))) return f;
    }
  return NULL;
}

/* The command of definition d. */
static const lean_cmd *def_cmd(const lean_file *f, const lean_def *d) {
  for (int i = 0; f && i < f->n; i++)
    if (f->cmds[i].kind == LEAN_CMD_DEF && f->cmds[i].body == d->body) return &f->cmds[i];
  return NULL;
}

/* --- dims ---------------------------------------------------------------- */

/* A tensor's dims: its axes, each a product of atoms. */
typedef struct dims {
  int naxes, natoms;
  int axis_len[LO_MAX_LEAVES];
  char atom[LO_MAX_LEAVES][LO_VIEW_NAME_CAP];
  lo_int size[LO_MAX_LEAVES];
} dims;

static int dim_atoms(dctx *x, const char *name, dims *dm);

/* Append the atoms of a dim expression: NAME ('*' NAME)*, in parentheses
** or not, to the current axis. */
static int dim_product(dctx *x, klist *l, dims *dm) {
  char name[256];
  int paren = peek(l)->k == K_LP;
  if (paren) take(l);
  for (;;) {
    const ktok *t = take(l);
    if (t->k != K_ID) {
      tok_text(l, t, name, sizeof name);
      return dfail(x, "expected a Dim name, found '%s'", name);
    }
    tok_text(l, t, name, sizeof name);
    if (dim_atoms(x, name, dm)) return -1;
    if (peek(l)->k != K_STAR) break;
    take(l);
  }
  if (paren && take(l)->k != K_RP) return dfail(x, "expected ')' in a Dim product");
  return 0;
}

/* The atoms of the Dim named name: a definition `dim! n` or `dim id n` (a
** map function with op tensor_dim) is one atom named by the definition; a
** product or an alias, its parts. */
static int dim_atoms(dctx *x, const char *name, dims *dm) {
  const lean_def *d = find_def(x->s, name);
  klist *l;
  char head[256];
  if (!d || d->has_params) return dfail(x, "%s is not a Dim defined in the file", name);
  if (++x->depth > DMAX_DEPTH) return dfail(x, "Dim definitions nest too deeply");
  if (!(l = malloc(sizeof *l)) || tokenize(x->f->text, d->body, d->body_end, l))
    return free(l), dfail(x, "the definition of %s is too long", name);
  const ktok *t = take(l);
  tok_text(l, t, head, sizeof head);
  const lean_fn *fn = t->k == K_ID ? find_fn(x->m, head, 0) : NULL;
  int rc = 0;
  if (fn && !strcmp(fn->op, "tensor_dim")) {
    lo_int size = -1;
    while (peek(l)->k == K_NUM) size = take(l)->num;
    if (size < 1 || peek(l)->k != K_END) {
      rc = dfail(x, "%s: expected %s with a positive size", name, fn->lean);
    } else if (dm->natoms == LO_MAX_LEAVES || strlen(d->name) >= LO_VIEW_NAME_CAP) {
      rc = dfail(x, "too many atoms, or the name %s is too long", d->name);
    } else {
      snprintf(dm->atom[dm->natoms], LO_VIEW_NAME_CAP, "%s", d->name);
      for (char *p = dm->atom[dm->natoms]; *p; p++)
        if (*p == '.' || *p == '\'' || *p == '!' || *p == '?') *p = '_';
      dm->size[dm->natoms++] = size;
      dm->axis_len[dm->naxes]++;
    }
  } else {
    l->pos = 0;
    rc = dim_product(x, l, dm);
    if (!rc && peek(l)->k != K_END) rc = dfail(x, "%s: expected a Dim product", name);
  }
  free(l);
  x->depth--;
  return rc;
}

/* Read `Tensor [d1, d2 * d3, ...] ...` from the definition's header: 1 with
** dm filled, 0 when the type is not a tensor type, -1 on error. */
static int def_dims(dctx *x, const lean_def *d, dims *dm) {
  const lean_cmd *c = def_cmd(x->f, d);
  klist *l;
  char word[256];
  int rc = 0;
  if (!c || d->body < 2 || d->has_params) return 0;
  if (!(l = malloc(sizeof *l)) || tokenize(x->f->text, c->start, d->body - 2, l)) return free(l), 0;
  while (peek(l)->k != K_END && peek(l)->k != K_COLON) take(l); /* def NAME */
  take(l);
  const ktok *t = take(l);
  tok_text(l, t, word, sizeof word);
  size_t wl = strlen(word);
  if (t->k != K_ID || !(wl >= 6 && !strcmp(word + wl - 6, "Tensor") &&
                        (wl == 6 || word[wl - 7] == '.')) ||
      peek(l)->k != K_LB) {
    free(l);
    return 0;
  }
  take(l);
  memset(dm, 0, sizeof *dm);
  while (peek(l)->k != K_RB && rc == 0) {
    if (dm->naxes == LO_MAX_LEAVES) rc = dfail(x, "more than %d dims", LO_MAX_LEAVES);
    if (rc == 0) rc = dim_product(x, l, dm);
    if (rc == 0) dm->naxes++;
    if (rc == 0 && peek(l)->k == K_COMMA) take(l);
    else if (rc == 0 && peek(l)->k != K_RB) rc = dfail(x, "expected ',' or ']' in the dims");
  }
  free(l);
  return rc ? -1 : 1;
}

/* Does the sizes text "a=2,b=3" give name? */
static int has_size(const char *sizes, const char *name) {
  size_t n = strlen(name);
  for (const char *p = sizes; *p;) {
    if (!strncmp(p, name, n) && p[n] == '=') return 1;
    p = strchr(p, ',');
    if (!p) break;
    p++;
  }
  return 0;
}

/* The einops side and sizes of dims ("b (h w)", "b=2,h=3,w=4"), sizes
** appended to sizes (names already there are not repeated). */
static void dims_text(const dims *dm, char *side, size_t cap, char *sizes, size_t scap) {
  int a = 0;
  side[0] = '\0';
  for (int g = 0; g < dm->naxes; g++) {
    int n = dm->axis_len[g];
    snprintf(side + strlen(side), cap - strlen(side), "%s%s", g ? " " : "", n == 1 ? "" : "(");
    for (int k = 0; k < n; k++, a++) {
      snprintf(side + strlen(side), cap - strlen(side), "%s%s", k ? " " : "", dm->atom[a]);
      if (!has_size(sizes, dm->atom[a]))
        snprintf(sizes + strlen(sizes), scap - strlen(sizes), "%s%s=%lld", sizes[0] ? "," : "",
                 dm->atom[a], (long long)dm->size[a]);
    }
    if (n != 1) snprintf(side + strlen(side), cap - strlen(side), ")");
  }
}

/* The shape of dims: each axis the product of its atoms. */
static void dims_shape(const dims *dm, lo_tuple *shape) {
  lo_int d[LO_MAX_LEAVES];
  for (int g = 0, a = 0; g < dm->naxes; g++) {
    d[g] = 1;
    for (int k = 0; k < dm->axis_len[g]; k++) d[g] *= dm->size[a++];
  }
  lo_tuple_flat(shape, d, dm->naxes);
}

/* --- the body: parsing --------------------------------------------------- */

typedef enum { N_NAME, N_NUM, N_APP, N_FIELD, N_FUN, N_LIST } nkind;

#define NMAX  64 /* nodes of one body */
#define NKIDS 8  /* a head and its arguments */
#define NFUNS 2

/* A lambda: binder groups (names, "_" for a hole) and the output tuple,
** each item a product of names. */
typedef struct vfun {
  int ngroups, glen[2], nout, olen[LO_MAX_LEAVES];
  char binder[2][LO_MAX_LEAVES][LO_VIEW_NAME_CAP];
  char out[LO_MAX_LEAVES][4][LO_VIEW_NAME_CAP];
} vfun;

typedef struct vnode {
  nkind k;
  char name[256];
  lo_int num;
  int kid[NKIDS], nkid, fun, nlist;
  lo_int list[LO_MAX_LEAVES];
} vnode;

typedef struct vbody {
  vnode nd[NMAX];
  int n;
  vfun fn[NFUNS];
  int nfun;
} vbody;

static int p_expr(dctx *x, klist *l, vbody *b);

/* A new node of kind k; -1 when the body has too many. */
static int new_node(dctx *x, vbody *b, nkind k) {
  if (b->n == NMAX) return dfail(x, "the definition is too long");
  memset(&b->nd[b->n], 0, sizeof b->nd[0]);
  b->nd[b->n].k = k;
  return b->n++;
}

/* Copy a name token into a binder or output slot (an einops name). */
static int name_into(dctx *x, klist *l, const ktok *t, char *dst) {
  char w[256];
  tok_text(l, t, w, sizeof w);
  if (t->k == K_HOLE) w[0] = '_', w[1] = '\0';
  int ok = strlen(w) < LO_VIEW_NAME_CAP && (isalpha((unsigned char)w[0]) || w[0] == '_');
  for (const char *p = w; ok && *p; p++) ok = isalnum((unsigned char)*p) || *p == '_';
  if (!ok) return dfail(x, "the name '%s' is not supported in a lambda", w);
  strcpy(dst, w);
  return 0;
}

/* fun GROUPS => OUT; `fun` was read. */
static int p_fun(dctx *x, klist *l, vbody *b) {
  if (b->nfun == NFUNS) return dfail(x, "more than %d lambdas", NFUNS);
  vfun *f = &b->fn[b->nfun];
  memset(f, 0, sizeof *f);
  while (peek(l)->k != K_ARROW) {
    if (f->ngroups == 2) return dfail(x, "a lambda of more than two binders");
    int paren = peek(l)->k == K_LP, *n = &f->glen[f->ngroups++];
    if (paren) take(l);
    do {
      const ktok *t = take(l);
      if ((t->k != K_ID && t->k != K_HOLE) || *n == LO_MAX_LEAVES)
        return dfail(x, "expected a binder name in the lambda");
      if (name_into(x, l, t, f->binder[f->ngroups - 1][(*n)++])) return -1;
    } while (paren && peek(l)->k == K_COMMA && take(l));
    if (paren && take(l)->k != K_RP) return dfail(x, "expected ')' after the binders");
  }
  take(l);
  int paren = peek(l)->k == K_LP;
  if (paren) take(l);
  do {
    if (f->nout == LO_MAX_LEAVES) return dfail(x, "too many outputs");
    int *n = &f->olen[f->nout++];
    do {
      const ktok *t = take(l);
      if (t->k != K_ID || *n == 4) return dfail(x, "expected a name in the lambda's result");
      if (name_into(x, l, t, f->out[f->nout - 1][(*n)++])) return -1;
    } while (peek(l)->k == K_STAR && take(l));
  } while (paren && peek(l)->k == K_COMMA && take(l));
  if (paren && take(l)->k != K_RP) return dfail(x, "expected ')' after the lambda's result");
  int i = new_node(x, b, N_FUN);
  if (i >= 0) b->nd[i].fun = b->nfun++;
  return i;
}

/* A name, number, list of numbers, parenthesised term or lambda. */
static int p_atom(dctx *x, klist *l, vbody *b) {
  const ktok *t = take(l);
  char w[256];
  int i;
  switch (t->k) {
    case K_ID:
      if ((i = new_node(x, b, N_NAME)) >= 0) tok_text(l, t, b->nd[i].name, sizeof b->nd[i].name);
      return i;
    case K_NUM:
      if ((i = new_node(x, b, N_NUM)) >= 0) b->nd[i].num = t->num;
      return i;
    case K_FUN:
      return p_fun(x, l, b);
    case K_LB:
      if ((i = new_node(x, b, N_LIST)) < 0) return -1;
      while (peek(l)->k == K_NUM && b->nd[i].nlist < LO_MAX_LEAVES) {
        b->nd[i].list[b->nd[i].nlist++] = take(l)->num;
        if (peek(l)->k == K_COMMA) take(l);
      }
      if (take(l)->k != K_RB) return dfail(x, "expected a list of numbers");
      return i;
    case K_LP:
      if ((i = p_expr(x, l, b)) < 0) return -1;
      if (peek(l)->k == K_COLON) /* (e : T): the type is not needed */
        for (int depth = 0; peek(l)->k != K_END && (depth > 0 || peek(l)->k != K_RP); take(l))
          depth += peek(l)->k == K_LP || peek(l)->k == K_LB ? 1
                   : (peek(l)->k == K_RP || peek(l)->k == K_RB) ? -1 : 0;
      if (take(l)->k != K_RP) return dfail(x, "expected ')'");
      return i;
    default:
      tok_text(l, t, w, sizeof w);
      return dfail(x, "'%s' is not supported in a tensor definition", t->k == K_END ? "end" : w);
  }
}

/* An atom with field projections (x).f. */
static int p_post(dctx *x, klist *l, vbody *b) {
  int a = p_atom(x, l, b);
  while (a >= 0 && peek(l)->k == K_DOT) {
    take(l);
    const ktok *t = take(l);
    int f = new_node(x, b, N_FIELD);
    if (f < 0) return -1;
    tok_text(l, t, b->nd[f].name, sizeof b->nd[f].name);
    b->nd[f].kid[b->nd[f].nkid++] = a;
    a = f;
  }
  return a;
}

/* An application: a head and its arguments. */
static int p_expr(dctx *x, klist *l, vbody *b) {
  int head = p_post(x, l, b), app = -1;
  for (kkind k = peek(l)->k; head >= 0 && (k == K_ID || k == K_NUM || k == K_LP || k == K_LB ||
                                           k == K_FUN); k = peek(l)->k) {
    int arg = p_post(x, l, b);
    if (arg < 0) return -1;
    if (app < 0) {
      if ((app = new_node(x, b, N_APP)) < 0) return -1;
      b->nd[app].kid[b->nd[app].nkid++] = head;
    }
    if (b->nd[app].nkid == NKIDS) return dfail(x, "too many arguments");
    b->nd[app].kid[b->nd[app].nkid++] = arg;
  }
  return app >= 0 ? app : head;
}

/* --- the body: evaluation ------------------------------------------------ */

static int ev_def(dctx *x, const lean_def *d, lean_value *out);
static int ev_tensor(dctx *x, vbody *b, int i, const dims *target, lean_value *out);

/* An error value of kind TENSOR (printf-style); returns 0: the definition
** is translated, to a value the oracle refuses. */
static int tensor_error(lean_value *out, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static int tensor_error(lean_value *out, const char *fmt, ...) {
  va_list ap;
  memset(out, 0, sizeof *out);
  out->type.kind = LEAN_T_TENSOR;
  out->error = 1;
  va_start(ap, fmt);
  vsnprintf(out->msg, sizeof out->msg, fmt, ap);
  va_end(ap);
  return 0;
}

/* rearrangeBy fun (b, h, w, c) => (h, b * w, c): the binders name the
** input's axes, the result groups them. */
static int rearrange_by(dctx *x, const lean_value *in, const vfun *f, lean_value *out) {
  char pat[1024] = "[", sizes[1024] = "";
  if (f->ngroups != 1) return dfail(x, "rearrangeBy takes a lambda of one binder tuple");
  if (f->glen[0] != in->tuple.len)
    return tensor_error(out, "the lambda binds %d axes, the tensor has %d", f->glen[0],
                        in->tuple.len);
  for (int i = 0; i < f->glen[0]; i++) {
    const char *n = f->binder[0][i];
    snprintf(pat + strlen(pat), sizeof pat - strlen(pat), "%s%s", i ? " " : "", n);
    if (!has_size(sizes, n))
      snprintf(sizes + strlen(sizes), sizeof sizes - strlen(sizes), "%s%s=%lld",
               sizes[0] ? "," : "", n, (long long)in->tuple.leaf[i]);
  }
  strcat(pat, " -->");
  for (int o = 0; o < f->nout; o++) {
    strcat(pat, f->olen[o] > 1 ? " (" : " ");
    for (int k = 0; k < f->olen[o]; k++)
      snprintf(pat + strlen(pat), sizeof pat - strlen(pat), "%s%s", k ? " " : "", f->out[o][k]);
    if (f->olen[o] > 1) strcat(pat, ")");
  }
  strcat(pat, "]");
  lean_tensor_rearrange(in, pat, sizes, out);
  return 0;
}

/* Name the axes of one einsum operand: a binder in the result keeps its
** name (unless the other operand's binder shadows it), the others are
** contracted, named c0, c1, ... in order (Einlean pairs them by position). */
static void einsum_side(const vfun *f, int g, char names[][LO_VIEW_NAME_CAP], int *ncon) {
  for (int i = 0; i < f->glen[g]; i++) {
    const char *n = f->binder[g][i];
    int out = 0, shadowed = 0;
    for (int o = 0; o < f->nout; o++) out |= !strcmp(f->out[o][0], n);
    for (int k = 0; g == 0 && k < f->glen[1]; k++) shadowed |= !strcmp(f->binder[1][k], n);
    if (out && !shadowed && strcmp(n, "_"))
      snprintf(names[i], LO_VIEW_NAME_CAP, "%s", n);
    else
      snprintf(names[i], LO_VIEW_NAME_CAP, "c%d", (*ncon)++);
  }
}

/* einsum a b (fun (i, _) (_, j) => (i, j)). */
static int einsum(dctx *x, const lean_value *a, const lean_value *b, const vfun *f,
                  lean_value *out) {
  char na[LO_MAX_LEAVES][LO_VIEW_NAME_CAP], nb[LO_MAX_LEAVES][LO_VIEW_NAME_CAP];
  char pat[1024] = "[", sizes[1024] = "";
  int ca = 0, cb = 0;
  const lean_value *ops[2] = {a, b};
  if (f->ngroups != 2) return dfail(x, "einsum takes a lambda of two binder tuples");
  for (int o = 0; o < f->nout; o++)
    if (f->olen[o] != 1) return dfail(x, "einsum's result names axes, not products");
  if (f->glen[0] != a->tuple.len || f->glen[1] != b->tuple.len)
    return tensor_error(out, "the lambda binds %d and %d axes, the operands have %d and %d",
                        f->glen[0], f->glen[1], a->tuple.len, b->tuple.len);
  einsum_side(f, 0, na, &ca);
  einsum_side(f, 1, nb, &cb);
  if (ca != cb)
    return tensor_error(out, "%d contracted axes of the first operand and %d of the second "
                        "do not pair", ca, cb);
  for (int s = 0; s < 2; s++) {
    char(*names)[LO_VIEW_NAME_CAP] = s ? nb : na;
    for (int i = 0; i < f->glen[s]; i++) {
      snprintf(pat + strlen(pat), sizeof pat - strlen(pat), "%s%.31s", i ? " " : "", names[i]);
      if (!has_size(sizes, names[i]))
        snprintf(sizes + strlen(sizes), sizeof sizes - strlen(sizes), "%s%.31s=%lld",
                 sizes[0] ? "," : "", names[i], (long long)ops[s]->tuple.leaf[i]);
    }
    strcat(pat, s ? " -->" : ", ");
  }
  for (int o = 0; o < f->nout; o++)
    snprintf(pat + strlen(pat), sizeof pat - strlen(pat), " %s", f->out[o][0]);
  strcat(pat, "]");
  for (int i = 0; i < f->glen[1]; i++) /* a contracted pair of different sizes */
    for (int k = 0; k < f->glen[0]; k++)
      if (!strcmp(na[k], nb[i]) && a->tuple.leaf[k] != b->tuple.leaf[i])
        return tensor_error(out, "contracted axes %s pair sizes that differ (%s)", na[k], pat);
  lean_tensor_einsum(a, b, pat, sizes, out);
  return 0;
}

/* The typed ops: constructors, rearrange and reshape from the type. */
static int apply_typed(dctx *x, const lean_fn *fn, const lean_value *recv, lo_int num,
                       const dims *target, lean_value *out) {
  lo_tuple shape;
  const char *op = fn->op;
  if (!target) return dfail(x, "%s takes its dims from the type of the definition", fn->lean);
  dims_shape(target, &shape);
  if (!strcmp(op, "tensor_arange") || !strcmp(op, "tensor_zeros") || !strcmp(op, "tensor_fill")) {
    lean_tensor_make(&shape, strcmp(op, "tensor_zeros") ? num : 0, !strcmp(op, "tensor_arange"),
                     out);
    snprintf(out->tensor.origin, sizeof out->tensor.origin, "%s %lld", fn->lean, (long long)num);
    return 0;
  }
  if (!strcmp(op, "tensor_reshape")) {
    lean_tensor_reshape(recv, &shape, out);
    return 0;
  }
  char side[512], pat[1200], sizes[1024];
  if (!recv->tensor.dims[0])
    return dfail(x, "%s needs the dims of its input: define it with a Tensor [dims] type",
                 fn->lean);
  snprintf(sizes, sizeof sizes, "%s", recv->tensor.sizes);
  dims_text(target, side, sizeof side, sizes, sizeof sizes);
  snprintf(pat, sizeof pat, "[%s --> %s]", recv->tensor.dims, side);
  lean_tensor_rearrange(recv, pat, sizes, out);
  return 0;
}

/* Apply a map function to a receiver (or NULL) and argument nodes. */
static int apply(dctx *x, vbody *b, const lean_fn *fn, const lean_value *recv, const int *args,
                 int nargs, const dims *target, lean_value *out) {
  lean_value *v = calloc(2, sizeof *v);
  lo_int num = 0;
  lo_tuple list;
  const vfun *f = NULL;
  int nv = 0, rc = 0, total = nargs + (recv != NULL);
  if (!v) return dfail(x, "out of memory");
  if (total != fn->nargs) {
    free(v);
    return dfail(x, "%s takes %d argument%s, found %d", fn->lean, fn->nargs,
                 fn->nargs == 1 ? "" : "s", total);
  }
  lo_tuple_flat(&list, NULL, 0);
  for (int k = 0, a = 0; k < fn->nargs && rc == 0; k++) {
    if (k == 0 && recv) {
      v[nv++] = *recv;
      continue;
    }
    const vnode *n = &b->nd[args[a++]];
    lean_kind want = fn->args[k];
    if (want == LEAN_T_TENSOR)
      rc = nv < 2 ? ev_tensor(x, b, (int)(n - b->nd), NULL, &v[nv++]) : dfail(x, "too many tensors");
    else if (want == LEAN_T_INT && n->k == N_NUM)
      num = n->num;
    else if (want == LEAN_T_TUPLE && n->k == N_LIST)
      lo_tuple_flat(&list, n->list, n->nlist);
    else if (want == LEAN_T_FUN && n->k == N_FUN)
      f = &b->fn[n->fun];
    else
      rc = dfail(x, "argument %d of %s: expected %s", k + 1, fn->lean, lean_kind_name(want));
  }
  for (int k = 0; k < nv && rc == 0; k++)
    if (v[k].error) { /* an input failed: so does this */
      *out = v[k];
      free(v);
      return 0;
    }
  const char *op = fn->op;
  int explicit_shape = fn->nargs > 0 && fn->args[0] == LEAN_T_TUPLE;
  if (rc) {
  } else if (!strcmp(op, "tensor_rearrange_by")) {
    rc = rearrange_by(x, &v[0], f, out);
  } else if (!strcmp(op, "tensor_einsum")) {
    rc = einsum(x, &v[0], &v[1], f, out);
  } else if (explicit_shape || (!strcmp(op, "tensor_reshape") && fn->nargs == 2) ||
             !strcmp(op, "tensor_broadcast")) {
    lean_value *args_v = calloc(LEAN_MAX_ARGS, sizeof *args_v);
    char req[256];
    if (!args_v) {
      rc = dfail(x, "out of memory");
    } else {
      if (explicit_shape) { /* (SHAPE [, N]) */
        args_v[0].type.kind = LEAN_T_TUPLE;
        args_v[0].tuple = list;
        args_v[1].type.kind = LEAN_T_INT;
        args_v[1].num = num;
      } else { /* (TENSOR, SHAPE) */
        args_v[0] = v[0];
        args_v[1].type.kind = LEAN_T_TUPLE;
        args_v[1].tuple = list;
      }
      lean_views_call(fn, args_v, out, req, sizeof req);
      free(args_v);
    }
  } else if (lean_views_op(op) && strcmp(op, "tensor_shape") && strcmp(op, "tensor_strides") &&
             strcmp(op, "tensor_to_list") && strcmp(op, "tensor_dim")) {
    rc = apply_typed(x, fn, nv ? &v[0] : NULL, num, target, out);
  } else {
    rc = dfail(x, "%s does not make a tensor", fn->lean);
  }
  free(v);
  return rc;
}

/* Evaluate node i to a tensor (target: the dims of the definition's type,
** for the node that is its body). */
static int ev_tensor(dctx *x, vbody *b, int i, const dims *target, lean_value *out) {
  const vnode *n = &b->nd[i];
  const int *args = n->kid + 1;
  int nargs = n->k == N_APP ? n->nkid - 1 : 0;
  const vnode *head = n->k == N_APP ? &b->nd[n->kid[0]] : n;
  if (head->k == N_FIELD) { /* (x).f args */
    lean_value *recv = malloc(sizeof *recv);
    if (!recv) return dfail(x, "out of memory");
    int rc = ev_tensor(x, b, head->kid[0], NULL, recv);
    const lean_fn *fn = rc ? NULL : find_fn(x->m, head->name, 1);
    if (!rc && !fn) rc = dfail(x, "no function '%s' of the map takes a tensor", head->name);
    if (!rc) rc = apply(x, b, fn, recv, args, nargs, target, out);
    free(recv);
    return rc;
  }
  if (head->k != N_NAME) return dfail(x, "a tensor was expected");
  const char *dot = strrchr(head->name, '.');
  const lean_def *d = find_def(x->s, head->name);
  if (d && nargs == 0) return ev_def(x, d, out);
  if (d) return dfail(x, "%s is not a function", head->name);
  const lean_fn *fn = find_fn(x->m, head->name, 0);
  if (fn) return apply(x, b, fn, NULL, args, nargs, target, out);
  if (dot && dot[1]) { /* image.rearrange: field notation on a definition */
    char prefix[256];
    snprintf(prefix, sizeof prefix, "%.*s", (int)(dot - head->name), head->name);
    if ((d = find_def(x->s, prefix)) && (fn = find_fn(x->m, dot + 1, 1))) {
      lean_value *recv = malloc(sizeof *recv);
      if (!recv) return dfail(x, "out of memory");
      int rc = ev_def(x, d, recv);
      if (!rc) rc = apply(x, b, fn, recv, args, nargs, target, out);
      free(recv);
      return rc;
    }
  }
  return dfail(x, "unknown name '%s' (not in the map, not defined in the file)", head->name);
}

/* Evaluate a tensor definition: its body with the dims of its type, which
** the result then carries. */
static int ev_def(dctx *x, const lean_def *d, lean_value *out) {
  dims dm;
  klist *l = NULL;
  vbody *b = NULL;
  int r = def_dims(x, d, &dm), rc = -1;
  if (r <= 0) return r ? -1 : dfail(x, "%s is not a definition typed Tensor [dims]", d->name);
  if (++x->depth > DMAX_DEPTH) return dfail(x, "definitions nest too deeply (a cycle?)");
  if (!(l = malloc(sizeof *l)) || !(b = malloc(sizeof *b)) ||
      tokenize(x->f->text, d->body, d->body_end, l)) {
    dfail(x, "the definition of %s is too long", d->name);
  } else {
    b->n = b->nfun = 0;
    int root = p_expr(x, l, b);
    if (root >= 0 && peek(l)->k != K_END) dfail(x, "%s: text after the body", d->name);
    else if (root >= 0) rc = ev_tensor(x, b, root, &dm, out);
  }
  free(l);
  free(b);
  x->depth--;
  if (rc || out->error) return rc;
  lo_tuple want;
  char a[128], c[128];
  dims_shape(&dm, &want);
  if (!lo_tuple_equal(&want, &out->tuple)) {
    lo_print_tuple(&want, a, sizeof a);
    lo_print_tuple(&out->tuple, c, sizeof c);
    return tensor_error(out, "the type's dims have the shape %s, the value %s", a, c);
  }
  out->tensor.sizes[0] = '\0';
  dims_text(&dm, out->tensor.dims, sizeof out->tensor.dims, out->tensor.sizes,
            sizeof out->tensor.sizes);
  return 0;
}

/* Does the map have tensor ops? */
static int map_has_tensors(const lean_map *m) {
  for (int i = 0; i < m->n; i++)
    if (lean_views_op(m->fns[i].op)) return 1;
  return 0;
}

/* Evaluate a tensor definition (lean_views.h). */
int lean_views_def(const lean_map *m, const lean_scope *s, const lean_file *f, const lean_def *d,
                   lean_value *out, char *why, size_t cap) {
  dctx x;
  dims dm;
  if (!f || !map_has_tensors(m)) return 0;
  memset(&x, 0, sizeof x);
  x.m = m;
  x.s = s;
  x.f = f;
  int r = def_dims(&x, d, &dm);
  if (r == 0) return 0;
  if (r > 0 && ev_def(&x, d, out) == 0) {
    out->type.kind = LEAN_T_TENSOR;
    out->type.option = 0;
    return 1;
  }
  snprintf(why, cap, "%s", x.why);
  return -1;
}
