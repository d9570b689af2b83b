/*
** lean_parse.c -- Lean terms: the recursive-descent term parser with a
** depth limit, and printing (see lean_parse.h).  Every node is allocated
** with calloc and a failure to allocate is an error like any other.
*/
#include "lean_lex.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- terms ------------------------------------------------------------- */

/* A new node of kind k at offset off, or NULL (error recorded). */
static lean_expr *node(parser *p, lean_expr_kind k, size_t off) {
  lean_expr *e = calloc(1, sizeof *e);
  if (!e) {
    lean_lex_error(p, off, "out of memory");
    return NULL;
  }
  e->kind = k;
  e->off = off;
  return e;
}

/* Append kid (and field name, for a structure) to e; frees kid on
** failure.  The arrays grow geometrically: their capacity is the smallest
** power of two >= n, so they are reallocated only when n is one (the
** kids of a node all have a field name, or none has). */
static int add_kid(parser *p, lean_expr *e, lean_expr *kid, char *field) {
  int full = e->n == 0 || (e->n & (e->n - 1)) == 0; /* 0 or a power of two */
  size_t want = e->n ? 2 * (size_t)e->n : 1;
  lean_expr **kids = e->kids;
  if (e->n >= INT_MAX / 2)
    kids = NULL;
  else if (full)
    kids = realloc(e->kids, want * sizeof *kids);
  if (kids) e->kids = kids;
  if (kids && field && full) {
    char **fields = realloc(e->fields, want * sizeof *fields);
    if (fields)
      e->fields = fields;
    else
      kids = NULL;
  }
  if (kids && field) e->fields[e->n] = field;
  if (!kids) {
    lean_lex_error(p, kid ? kid->off : 0,
                   e->n >= INT_MAX / 2 ? "too many elements" : "out of memory");
    lean_expr_free(kid);
    free(field);
    return -1;
  }
  kids[e->n++] = kid;
  return 0;
}

/* A malloc'd copy of s[0..n), or NULL (error recorded). */
static char *dup_text(parser *p, const char *s, size_t n) {
  char *d = malloc(n + 1);
  if (!d) {
    lean_lex_error(p, 0, "out of memory");
    return NULL;
  }
  memcpy(d, s, n);
  d[n] = '\0';
  return d;
}

/* Free a term (see lean_parse.h). */
void lean_expr_free(lean_expr *e) {
  if (!e) return;
  for (int i = 0; i < e->n; i++) {
    lean_expr_free(e->kids[i]);
    if (e->fields) free(e->fields[i]);
  }
  free(e->kids);
  free(e->fields);
  free(e->name);
  free(e);
}

static lean_expr *parse_term(parser *p);

/* Is the current token the identifier word? */
static int tk_is(const parser *p, const char *word) {
  return p->tk.t == TK_IDENT && p->tk.len == strlen(word) &&
         memcmp(p->s + p->tk.off, word, p->tk.len) == 0;
}

/* Keywords that end a term or are not part of the subset. */
static int tk_keyword(const parser *p) {
  static const char *const words[] = {"fun",  "let",    "have",  "show", "if",     "then",
                                      "else", "match",  "with",  "do",   "at",     "in",
                                      "from", "return", "where", "by",   "sorry",  "calc",
                                      "open", "Type",   "Sort",  "Prop", "forall", "exists"};
  for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
    if (tk_is(p, words[i])) return 1;
  return 0;
}

/* Skip the tokens of a tactic block or a type up to (not including) a
** closing bracket at depth 0, or a comma at depth 0 when stop_comma. */
static void skip_raw(parser *p, int stop_comma) {
  int depth = 0;
  while (!p->failed) {
    tk_type t = p->tk.t;
    if (t == TK_EOF) return;
    if (t == TK_BAD) {
      lean_lex_error(p, p->tk.off, "%s", p->tk.why);
      return;
    }
    if (t == TK_LPAREN || t == TK_LBRACK || t == TK_LBRACE || t == TK_LANGLE) {
      if (++depth > LEAN_MAX_DEPTH) {
        lean_lex_error(p, p->tk.off, "nesting too deep");
        return;
      }
    } else if (t == TK_RPAREN || t == TK_RBRACK || t == TK_RBRACE || t == TK_RANGLE) {
      if (depth == 0) return;
      depth--;
    } else if (t == TK_COMMA && depth == 0 && stop_comma) {
      return;
    }
    lean_lex_next(p);
  }
}

/* A comma-separated list of terms up to the closer; the opener has been
** read.  Fills e's kids. */
static void parse_items(parser *p, lean_expr *e, tk_type closer, const char *what) {
  if (p->tk.t == closer) {
    lean_lex_next(p);
    return;
  }
  for (;;) {
    lean_expr *kid = parse_term(p);
    if (!kid || add_kid(p, e, kid, NULL) != 0) return;
    if (p->tk.t == TK_COMMA) {
      lean_lex_next(p);
      continue;
    }
    if (p->tk.t == closer) {
      lean_lex_next(p);
      return;
    }
    char found[64];
    lean_lex_describe(p, found, sizeof found);
    lean_lex_error(p, p->tk.off, "expected ',' or the end of the %s, found %s", what, found);
    return;
  }
}

/* A parenthesised term, a tuple, () or an ascription; '(' was read. */
static lean_expr *parse_paren(parser *p, size_t off) {
  if (p->tk.t == TK_RPAREN) {
    lean_lex_next(p);
    return node(p, LEAN_TUPLE, off);
  }
  lean_expr *first = parse_term(p);
  if (!first) return NULL;
  if (p->tk.t == TK_COLON) { /* (e : T): keep e */
    lean_lex_next(p);
    skip_raw(p, 0);
    if (!p->failed && p->tk.t != TK_RPAREN) {
      char found[64];
      lean_lex_describe(p, found, sizeof found);
      lean_lex_error(p, p->tk.off, "expected ')' after the type, found %s", found);
    }
    if (p->failed) {
      lean_expr_free(first);
      return NULL;
    }
    lean_lex_next(p);
    return first;
  }
  if (p->tk.t == TK_RPAREN) {
    lean_lex_next(p);
    return first;
  }
  if (p->tk.t != TK_COMMA) {
    char found[64];
    lean_lex_describe(p, found, sizeof found);
    lean_lex_error(p, p->tk.off, "expected ',' or ')', found %s", found);
    lean_expr_free(first);
    return NULL;
  }
  lean_expr *t = node(p, LEAN_TUPLE, off);
  if (!t || add_kid(p, t, first, NULL) != 0) {
    if (!t) lean_expr_free(first);
    lean_expr_free(t);
    return NULL;
  }
  lean_lex_next(p);
  parse_items(p, t, TK_RPAREN, "tuple");
  return t;
}

/* A structure instance { f := a, g := b }; '{' was read. */
static lean_expr *parse_struct(parser *p, size_t off) {
  lean_expr *e = node(p, LEAN_STRUCT, off);
  if (!e) return NULL;
  while (!p->failed && p->tk.t != TK_RBRACE) {
    if (p->tk.t != TK_IDENT || tk_keyword(p)) {
      char found[64];
      lean_lex_describe(p, found, sizeof found);
      lean_lex_error(p, p->tk.off, "expected a field name, found %s", found);
      break;
    }
    char *field = dup_text(p, p->s + p->tk.off, p->tk.len);
    if (!field) break;
    lean_lex_next(p);
    if (p->tk.t == TK_IDENT && tk_is(p, "with")) {
      free(field);
      lean_lex_error(p, p->tk.off, "structure updates ('with') are not supported");
      break;
    }
    if (p->tk.t != TK_ASSIGN) {
      char found[64];
      lean_lex_describe(p, found, sizeof found);
      lean_lex_error(p, p->tk.off, "expected ':=' after the field name, found %s", found);
      free(field);
      break;
    }
    lean_lex_next(p);
    lean_expr *v = parse_term(p);
    if (!v) {
      free(field);
      break;
    }
    if (add_kid(p, e, v, field) != 0) break;
    if (p->tk.t == TK_COMMA) lean_lex_next(p);
  }
  if (!p->failed) lean_lex_next(p); /* the '}' */
  return e;
}

/* An atom that starts with an identifier at off: a name, or a proof
** (`by ...`, `sorry`); NULL with the error recorded for a keyword. */
static lean_expr *parse_name_atom(parser *p, size_t off) {
  lean_expr *e;
  char found[64];
  if (tk_is(p, "by")) {
    lean_lex_next(p);
    skip_raw(p, 1);
    e = node(p, LEAN_PROOF, off);
    if (e) e->name = dup_text(p, "by", 2);
    return e;
  }
  if (tk_is(p, "sorry")) {
    e = node(p, LEAN_PROOF, off);
    if (e) e->name = dup_text(p, "sorry", 5);
    lean_lex_next(p);
    return e;
  }
  if (tk_keyword(p)) {
    lean_lex_describe(p, found, sizeof found);
    lean_lex_error(p, off, "%s is not supported", found);
    return NULL;
  }
  e = node(p, LEAN_NAME, off);
  if (e) e->name = dup_text(p, p->s + off, p->tk.len);
  lean_lex_next(p);
  return e;
}

/* One atom: numeral, name, proof, bracketed form. */
static lean_expr *parse_atom(parser *p) {
  size_t off = p->tk.off;
  char found[64];
  if (++p->depth > LEAN_MAX_DEPTH) {
    lean_lex_error(p, off, "nesting too deep");
    return NULL;
  }
  lean_expr *e = NULL;
  switch (p->tk.t) {
    case TK_NUM:
      if (p->tk.overflow) {
        lean_lex_error(p, off, "the numeral does not fit in 63 bits");
        break;
      }
      e = node(p, LEAN_NUM, off);
      if (e) e->num = p->tk.num;
      lean_lex_next(p);
      break;
    case TK_IDENT:
      e = parse_name_atom(p, off);
      break;
    case TK_HOLE:
      e = node(p, LEAN_PROOF, off);
      if (e) e->name = dup_text(p, "_", 1);
      lean_lex_next(p);
      break;
    case TK_LPAREN:
      lean_lex_next(p);
      e = parse_paren(p, off);
      break;
    case TK_LBRACK:
      lean_lex_next(p);
      e = node(p, LEAN_LIST, off);
      if (e) parse_items(p, e, TK_RBRACK, "list");
      break;
    case TK_LANGLE:
      lean_lex_next(p);
      e = node(p, LEAN_ANON, off);
      if (e) parse_items(p, e, TK_RANGLE, "anonymous constructor");
      break;
    case TK_LBRACE:
      lean_lex_next(p);
      e = parse_struct(p, off);
      break;
    case TK_DOT: /* .leaf 2: a constructor named by its last component */
      lean_lex_next(p);
      if (p->tk.t != TK_IDENT || !p->tk.adjacent || tk_keyword(p)) {
        lean_lex_error(p, off, "expected a name after '.'");
        break;
      }
      e = node(p, LEAN_NAME, off);
      if (e && (e->name = malloc(p->tk.len + 2)) != NULL) {
        e->name[0] = '.';
        memcpy(e->name + 1, p->s + p->tk.off, p->tk.len);
        e->name[p->tk.len + 1] = '\0';
      } else if (e) {
        lean_lex_error(p, off, "out of memory");
      }
      lean_lex_next(p);
      break;
    case TK_BAD:
      lean_lex_error(p, off, "%s", p->tk.why);
      break;
    case TK_STRING:
      lean_lex_error(p, off, "string literals are not supported");
      break;
    case TK_CHAR:
      lean_lex_error(p, off, "character literals are not supported");
      break;
    case TK_OP:
      lean_lex_describe(p, found, sizeof found);
      if (p->tk.len == 1 && p->s[off] == '-')
        lean_lex_error(p, off, "negative numbers are not supported");
      else
        lean_lex_error(p, off, "operator %s is not supported", found);
      break;
    default:
      lean_lex_describe(p, found, sizeof found);
      lean_lex_error(p, off, "expected a term, found %s", found);
      break;
  }
  p->depth--;
  if (p->failed) {
    lean_expr_free(e);
    return NULL;
  }
  return e;
}

/* An atom followed by field projections `.f` (written without spaces). */
static lean_expr *parse_postfix(parser *p) {
  lean_expr *e = parse_atom(p);
  while (e && p->tk.t == TK_DOT && p->tk.adjacent) {
    size_t off = p->tk.off;
    lean_lex_next(p);
    if (p->tk.t != TK_IDENT || !p->tk.adjacent) {
      lean_lex_error(p, off, "expected a field name after '.'");
      lean_expr_free(e);
      return NULL;
    }
    /* "a.b.c" after a bracket: one projection per component */
    const char *name = p->s + p->tk.off;
    size_t len = p->tk.len, b = 0;
    for (size_t i = 0; i <= len; i++) {
      if (i < len && name[i] != '.') continue;
      lean_expr *f = node(p, LEAN_FIELD, off);
      if (!f) {
        lean_expr_free(e);
        return NULL;
      }
      f->name = dup_text(p, name + b, i - b);
      if (!f->name) {
        lean_expr_free(f);
        lean_expr_free(e);
        return NULL;
      }
      if (add_kid(p, f, e, NULL) != 0) { /* add_kid freed e */
        lean_expr_free(f);
        return NULL;
      }
      e = f;
      b = i + 1;
    }
    lean_lex_next(p);
  }
  return e;
}

/* Is the current token the operator op? */
static int op_is(const parser *p, const char *op) {
  return p->tk.t == TK_OP && p->tk.len == strlen(op) &&
         memcmp(p->s + p->tk.off, op, p->tk.len) == 0;
}

/* `let x := v; body` or `let x := v` LINE BREAK `body`; `let` is the
** current token.  The result is body with x replaced by v. */
static lean_expr *parse_let(parser *p) {
  size_t off = p->tk.off;
  char found[64];
  lean_lex_next(p);
  if (p->tk.t != TK_IDENT || tk_keyword(p)) {
    lean_lex_describe(p, found, sizeof found);
    lean_lex_error(p, p->tk.off, "expected a name after 'let', found %s", found);
    return NULL;
  }
  char *name = dup_text(p, p->s + p->tk.off, p->tk.len);
  if (!name) return NULL;
  lean_lex_next(p);
  int depth = 0; /* let x : T := v: the type is skipped */
  while (!p->failed && p->tk.t != TK_EOF && !(depth == 0 && p->tk.t == TK_ASSIGN)) {
    tk_type t = p->tk.t;
    if (t == TK_LPAREN || t == TK_LBRACK || t == TK_LBRACE || t == TK_LANGLE) depth++;
    if ((t == TK_RPAREN || t == TK_RBRACK || t == TK_RBRACE || t == TK_RANGLE) && depth-- == 0)
      break;
    lean_lex_next(p);
  }
  if (p->tk.t != TK_ASSIGN) {
    lean_lex_describe(p, found, sizeof found);
    lean_lex_error(p, p->tk.t == TK_EOF ? off : p->tk.off, "expected ':=' in 'let', found %s",
                   found);
    free(name);
    return NULL;
  }
  lean_lex_next(p);
  int saved = p->let_at;
  p->let_at = p->depth + 1;
  lean_expr *v = parse_term(p);
  p->let_at = saved;
  if (v && op_is(p, ";")) {
    lean_lex_next(p);
  } else if (v && !p->tk.newline) {
    lean_lex_describe(p, found, sizeof found);
    lean_lex_error(p, p->tk.off, "expected ';' or a new line after the value of '%s', found %s",
                   name, found);
  }
  lean_expr *body = v && !p->failed ? parse_term(p) : NULL;
  lean_expr *e = body ? lean_expr_subst(body, name, v) : NULL;
  if (body && !e) lean_lex_error(p, off, "out of memory");
  lean_expr_free(body);
  lean_expr_free(v);
  free(name);
  return e;
}

/* `fun PATTERN => body` (also `λ`, `↦`); `fun` is the current token.
** One binder: a name, `_`, or a tuple or anonymous constructor of them. */
static lean_expr *parse_fun(parser *p) {
  size_t off = p->tk.off;
  char found[64];
  lean_lex_next(p);
  lean_expr *pat = parse_postfix(p);
  if (!pat) return NULL;
  if (!op_is(p, "=>") && !op_is(p, "\xE2\x86\xA6")) {
    lean_lex_describe(p, found, sizeof found);
    lean_lex_error(p, p->tk.off,
                   "expected '=>' after the binder of a lambda (one binder), found %s", found);
    lean_expr_free(pat);
    return NULL;
  }
  lean_lex_next(p);
  lean_expr *body = parse_term(p);
  lean_expr *e = body ? node(p, LEAN_FUN, off) : NULL;
  if (!e || add_kid(p, e, pat, NULL) != 0) {
    if (!e) lean_expr_free(pat);
    lean_expr_free(e);
    lean_expr_free(body);
    return NULL;
  }
  if (add_kid(p, e, body, NULL) != 0) {
    lean_expr_free(e);
    return NULL;
  }
  return e;
}

/* Can the current token start an argument?  Tokens that are refused
** (strings, bad bytes, a minus before a numeral) count, so that the
** argument's own error is reported. */
static int starts_arg(const parser *p) {
  tk_type t = p->tk.t;
  if (t == TK_IDENT)
    return !tk_keyword(p) || tk_is(p, "by") || tk_is(p, "sorry") || tk_is(p, "fun");
  if (t == TK_OP && p->tk.len == 1 && p->s[p->tk.off] == '-' && p->tk.off + 1 < p->len &&
      p->s[p->tk.off + 1] >= '0' && p->s[p->tk.off + 1] <= '9')
    return 1;
  return t == TK_NUM || t == TK_HOLE || t == TK_LPAREN || t == TK_LBRACK || t == TK_LANGLE ||
         t == TK_LBRACE || t == TK_STRING || t == TK_CHAR || t == TK_BAD ||
         (t == TK_DOT && !p->tk.adjacent); /* f .leaf */
}

/* A term: an application f a b ... (or a single argument). */
static lean_expr *parse_term(parser *p) {
  if (++p->depth > LEAN_MAX_DEPTH) {
    lean_lex_error(p, p->tk.off, "nesting too deep");
    return NULL;
  }
  size_t off = p->tk.off;
  if (tk_is(p, "let") || tk_is(p, "fun")) {
    lean_expr *e = tk_is(p, "let") ? parse_let(p) : parse_fun(p);
    p->depth--;
    return e;
  }
  lean_expr *head = parse_postfix(p);
  lean_expr *app = NULL;
  int let_value = p->let_at && p->depth == p->let_at;
  while (head && starts_arg(p) && !(let_value && p->tk.newline)) {
    lean_expr *arg = tk_is(p, "fun") ? parse_fun(p) : parse_postfix(p);
    if (!arg) break;
    if (!app) {
      app = node(p, LEAN_APP, off);
      if (!app || add_kid(p, app, head, NULL) != 0) {
        if (!app) lean_expr_free(head); /* else add_kid freed it */
        lean_expr_free(app);
        lean_expr_free(arg);
        head = NULL;
        app = NULL;
        break;
      }
    }
    if (add_kid(p, app, arg, NULL) != 0) break;
  }
  p->depth--;
  lean_expr *e = app ? app : head;
  if (p->failed) {
    lean_expr_free(e);
    return NULL;
  }
  if (let_value && (p->tk.newline || op_is(p, ";"))) return e; /* the end of a let value */
  if (p->tk.t == TK_OP || (p->tk.t == TK_IDENT && tk_keyword(p))) {
    char found[64];
    lean_lex_describe(p, found, sizeof found);
    lean_lex_error(p, p->tk.off, "%s %s is not supported",
                   p->tk.t == TK_OP ? "operator" : "keyword", found);
    lean_expr_free(e);
    return NULL;
  }
  return e;
}

/* Parse one term (see lean_parse.h). */
int lean_parse_term(const char *s, size_t len, lean_pos base, lean_expr **out, lean_error *err) {
  parser p;
  memset(&p, 0, sizeof p);
  memset(err, 0, sizeof *err);
  p.s = s;
  p.len = len;
  p.base = base;
  p.err = err;
  *out = NULL;
  lean_lex_next(&p);
  if (p.tk.t == TK_EOF && !p.failed) {
    lean_lex_error(&p, p.tk.off, "expected a term, found end of input");
    return -1;
  }
  lean_expr *e = p.failed ? NULL : parse_term(&p);
  if (e && p.tk.t != TK_EOF) {
    char found[64];
    lean_lex_describe(&p, found, sizeof found);
    lean_lex_error(&p, p.tk.off, "unexpected %s after the term", found);
  }
  if (p.failed) {
    lean_expr_free(e);
    return -1;
  }
  *out = e;
  return 0;
}

/* --- copies and substitution ------------------------------------------ */

/* A copy of the node e without its kids, with room for n; NULL on OOM. */
static lean_expr *bare_copy(const lean_expr *e, int n) {
  lean_expr *c = calloc(1, sizeof *c);
  if (!c) return NULL;
  c->kind = e->kind;
  c->off = e->off;
  c->num = e->num;
  if (e->name && !(c->name = malloc(strlen(e->name) + 1))) goto oom;
  if (e->name) strcpy(c->name, e->name);
  if (n > 0 && !(c->kids = calloc((size_t)n, sizeof *c->kids))) goto oom;
  if (n > 0 && e->fields && !(c->fields = calloc((size_t)n, sizeof *c->fields))) goto oom;
  return c;
oom:
  lean_expr_free(c);
  return NULL;
}

/* Does the pattern of a lambda bind the name x? */
static int binds(const lean_expr *pat, const char *x) {
  if (pat->kind == LEAN_NAME) return !strcmp(pat->name, x);
  for (int i = 0; i < pat->n; i++)
    if (binds(pat->kids[i], x)) return 1;
  return 0;
}

/* The substitution (see lean_parse.h); x NULL copies. */
static lean_expr *subst(const lean_expr *e, const char *x, const lean_expr *v, int depth) {
  if (depth > LEAN_MAX_DEPTH * 2) return NULL;
  size_t xl = x ? strlen(x) : 0;
  if (x && e->kind == LEAN_NAME && !strncmp(e->name, x, xl) &&
      (e->name[xl] == '\0' || e->name[xl] == '.')) {
    lean_expr *c = subst(v, NULL, NULL, depth + 1);
    const char *rest = e->name + xl; /* x.f.g: projections of v */
    while (c && *rest == '.') {
      const char *next = strchr(rest + 1, '.');
      size_t n = next ? (size_t)(next - rest - 1) : strlen(rest + 1);
      lean_expr *f = calloc(1, sizeof *f);
      char *name = malloc(n + 1);
      lean_expr **kids = malloc(sizeof *kids);
      if (!f || !name || !kids) {
        free(f);
        free(name);
        free(kids);
        lean_expr_free(c);
        return NULL;
      }
      memcpy(name, rest + 1, n);
      name[n] = '\0';
      f->kind = LEAN_FIELD;
      f->off = e->off;
      f->name = name;
      f->kids = kids;
      f->kids[0] = c;
      f->n = 1;
      c = f;
      rest += 1 + n;
    }
    return c;
  }
  if (x && e->kind == LEAN_FUN && binds(e->kids[0], x)) x = NULL; /* shadowed */
  lean_expr *c = bare_copy(e, e->n);
  if (!c) return NULL;
  for (int i = 0; i < e->n; i++) {
    lean_expr *k = subst(e->kids[i], x, v, depth + 1);
    if (!k) {
      lean_expr_free(c);
      return NULL;
    }
    c->kids[c->n] = k;
    if (e->fields && !(c->fields[c->n] = malloc(strlen(e->fields[i]) + 1))) {
      lean_expr_free(k);
      lean_expr_free(c);
      return NULL;
    }
    if (e->fields) strcpy(c->fields[c->n], e->fields[i]);
    c->n++;
  }
  return c;
}

/* Copy a term (see lean_parse.h). */
lean_expr *lean_expr_copy(const lean_expr *e) { return subst(e, NULL, NULL, 0); }

/* Substitute v for x in e (see lean_parse.h). */
lean_expr *lean_expr_subst(const lean_expr *e, const char *x, const lean_expr *v) {
  return subst(e, x, v, 0);
}

/* --- printing ---------------------------------------------------------- */

/* Append printf-style text; see lean_parse.h. */
void lean_out_put(lean_out *o, const char *fmt, ...) {
  if (o->full || o->cap == 0) return;
  va_list ap;
  va_start(ap, fmt);
  int w = vsnprintf(o->buf + o->len, o->cap - o->len, fmt, ap);
  va_end(ap);
  if (w < 0 || (size_t)w >= o->cap - o->len) {
    o->full = 1;
    o->buf[o->len] = '\0';
    return;
  }
  o->len += (size_t)w;
}

/* Print e; an application or a proof in argument position gets parens. */
static void print_expr(lean_out *o, const lean_expr *e, int arg) {
  switch (e->kind) {
    case LEAN_NUM:
      lean_out_put(o, "%lld", (long long)e->num);
      return;
    case LEAN_NAME:
      lean_out_put(o, "%s", e->name);
      return;
    case LEAN_PROOF:
      lean_out_put(o, strcmp(e->name, "by") == 0 ? (arg ? "(by _)" : "by _") : "%s", e->name);
      return;
    case LEAN_APP:
      if (arg) lean_out_put(o, "(");
      for (int i = 0; i < e->n; i++) {
        if (i) lean_out_put(o, " ");
        print_expr(o, e->kids[i], i > 0 || e->kids[i]->kind == LEAN_APP);
      }
      if (arg) lean_out_put(o, ")");
      return;
    case LEAN_FIELD:
      print_expr(o, e->kids[0], e->kids[0]->kind == LEAN_APP);
      lean_out_put(o, ".%s", e->name);
      return;
    case LEAN_FUN:
      lean_out_put(o, arg ? "(fun " : "fun ");
      print_expr(o, e->kids[0], 1);
      lean_out_put(o, " => ");
      print_expr(o, e->kids[1], 0);
      if (arg) lean_out_put(o, ")");
      return;
    case LEAN_LIST:
    case LEAN_TUPLE:
    case LEAN_ANON: {
      const char *open = e->kind == LEAN_LIST ? "[" : e->kind == LEAN_TUPLE ? "(" : "\xE2\x9F\xA8";
      const char *close = e->kind == LEAN_LIST ? "]" : e->kind == LEAN_TUPLE ? ")" : "\xE2\x9F\xA9";
      lean_out_put(o, "%s", open);
      for (int i = 0; i < e->n; i++) {
        if (i) lean_out_put(o, ", ");
        print_expr(o, e->kids[i], 0);
      }
      lean_out_put(o, "%s", close);
      return;
    }
    case LEAN_STRUCT:
      lean_out_put(o, "{");
      for (int i = 0; i < e->n; i++) {
        lean_out_put(o, "%s %s := ", i ? "," : "", e->fields[i]);
        print_expr(o, e->kids[i], 0);
      }
      lean_out_put(o, e->n ? " }" : "}");
      return;
  }
}

/* Print a term in Lean syntax (see lean_parse.h). */
int lean_expr_print(const lean_expr *e, char *buf, size_t cap) {
  if (cap == 0) return -1;
  lean_out o = {buf, cap, 0, 0};
  buf[0] = '\0';
  print_expr(&o, e, 0);
  return o.full ? -1 : 0;
}
