/*
** conj_expr.c -- the expression language of user conjectures (see
** conj_expr.h): a tokenizer and a recursive-descent parser that builds and
** type checks the tree as it goes (conj_tree.h); conj_eval.c evaluates it
** over lo_eval.
*/
#include "conj_expr.h"

#include "lo.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "conj_tree.h"

#define MAX_NEST 256 /* depth of the parser's recursion */

/* Free a node and its kids. */
static void node_free(node *n) {
  if (!n) return;
  for (int i = 0; i < n->n; i++) node_free(n->kid[i]);
  free(n->text);
  free(n);
}

/* Predicate ops: they answer true or false. */
static int is_predicate(const char *op) {
  static const char *const named[] = {"congruent", "same_layout_function",
                                      "mode_leq",  "tuple_divides",
                                      "refines",   "disjoint_images"};
  if (strncmp(op, "is_", 3) == 0) return 1;
  for (size_t i = 0; i < sizeof named / sizeof named[0]; i++)
    if (strcmp(op, named[i]) == 0) return 1;
  return 0;
}

/* Nonzero when op is in the oracle's op table; see conj_expr.h. */
int conj_is_op(const char *op) {
  for (int i = 0; i < lo_op_count(); i++)
    if (strcmp(lo_op_at(i)->name, op) == 0) return 1;
  return 0;
}

/* Nonzero when the oracle refuses argc arguments for op: lo_eval answers
** "OP takes ..." before it reads any argument; the message goes to msg. */
static int wrong_arity(const char *op, int argc, char *msg, size_t cap) {
  const char *dummy[MAX_KIDS] = {"", "", "", "", "", "", "", ""};
  char out[256];
  size_t len = strlen(op);
  int rc = lo_eval(op, argc, dummy, out, sizeof out);
  if (rc != LO_EUNSUPPORTED || strncmp(out, op, len) != 0 || strncmp(out + len, " takes ", 7) != 0)
    return 0;
  snprintf(msg, cap, "%s", out);
  return 1;
}

static const char *const keywords[] = {"and", "or", "not", "true", "false", "defined", "function"};

/* Nonzero when s[0..len) is a keyword. */
static int is_keyword(const char *s, size_t len) {
  for (size_t i = 0; i < sizeof keywords / sizeof keywords[0]; i++)
    if (strlen(keywords[i]) == len && memcmp(keywords[i], s, len) == 0) return 1;
  return 0;
}

/* Characters that start a name, and that continue one. */
static int ident_start(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
}
/* Can c continue a name ([A-Za-z0-9_])? */
static int ident_char(char c) { return ident_start(c) || (c >= '0' && c <= '9'); }

/* Whether name can be a variable; see conj_expr.h. */
int conj_check_var_name(const char *name, char *msg, size_t cap) {
  size_t len = strlen(name);
  int ok = len > 0 && ident_start(name[0]);
  for (size_t i = 1; ok && i < len; i++) ok = ident_char(name[i]);
  if (!ok)
    snprintf(msg, cap, "'%.60s' is not a variable name (letters, digits and _, not first a digit)",
             name);
  else if (is_keyword(name, len))
    snprintf(msg, cap, "'%s' is a keyword, not a variable name", name);
  else if (conj_is_op(name))
    snprintf(msg, cap, "'%.60s' is an op, not a variable name", name);
  return ok && !is_keyword(name, len) && !conj_is_op(name) ? 0 : -1;
}

/* The type for messages: "a value", "a boolean", "a function". */
const char *conj_type_name(conj_type t) {
  return t == CONJ_BOOL ? "a boolean" : t == CONJ_FUNCTION ? "a function" : "a value";
}

/* ------------------------------------------------------------ tokens */

typedef enum tok_kind {
  T_END,
  T_INT,
  T_IDENT,
  T_QUOTED,
  T_LP,
  T_RP,
  T_COMMA,
  T_DOT,
  T_EQ,
  T_NE,
  T_LT,
  T_LE,
  T_GT,
  T_GE,
  T_IMPLIES
} tok_kind;

typedef struct token {
  tok_kind kind;
  size_t start, len;
} token;

typedef struct parser {
  const char *s;
  size_t pos; /* after the current token */
  token tok;  /* the current token */
  const char *const *vars;
  int nvars;
  int nest;
  conj_error *err;
  int failed;
} parser;

/* Record the first error, at offset; returns NULL for the callers. */
static node *perr(parser *p, size_t offset, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static node *perr(parser *p, size_t offset, const char *fmt, ...) {
  if (p->failed) return NULL;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(p->err->msg, sizeof p->err->msg, fmt, ap);
  va_end(ap);
  p->err->offset = offset;
  p->failed = 1;
  return NULL;
}

/* Describe the current token for "found ..." (into buf). */
static const char *tok_desc(const parser *p, char *buf, size_t cap) {
  if (p->tok.kind == T_END) return "the end";
  size_t len = p->tok.len > 40 ? 40 : p->tok.len;
  snprintf(buf, cap, "'%.*s%s'", (int)len, p->s + p->tok.start, len < p->tok.len ? "..." : "");
  return buf;
}

/* Move to the next token; 0, or -1 on a character no token starts with. */
static int lex(parser *p) {
  const char *s = p->s;
  size_t i = p->pos;
  while (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') i++;
  token t = {T_END, i, 0};
  char c = s[i];
  if (!c) {
    t.kind = T_END;
  } else if (c >= '0' && c <= '9') {
    t.kind = T_INT;
    while (s[i + t.len] >= '0' && s[i + t.len] <= '9') t.len++;
    if (ident_char(s[i + t.len])) return perr(p, i, "a name cannot start with a digit"), -1;
  } else if (ident_start(c)) {
    t.kind = T_IDENT;
    while (ident_char(s[i + t.len])) t.len++;
  } else if (c == '\'') {
    const char *close = strchr(s + i + 1, '\'');
    if (!close) return perr(p, i, "unterminated quoted literal: no closing '"), -1;
    t.kind = T_QUOTED;
    t.len = (size_t)(close - (s + i)) + 1;
  } else {
    static const struct {
      const char *text;
      tok_kind kind;
    } punct[] = {{"==", T_EQ}, {"!=", T_NE},   {"=>", T_IMPLIES}, {"<=", T_LE},
                 {">=", T_GE}, {"<", T_LT},    {">", T_GT},       {"(", T_LP},
                 {")", T_RP},  {",", T_COMMA}, {".", T_DOT}};
    for (size_t k = 0; k < sizeof punct / sizeof punct[0] && !t.len; k++) {
      size_t n = strlen(punct[k].text);
      if (strncmp(s + i, punct[k].text, n) == 0) {
        t.kind = punct[k].kind;
        t.len = n;
      }
    }
    if (!t.len) {
      if (c == '=') return perr(p, i, "'=' alone: write '==' to compare, '=>' for implies"), -1;
      if (c == '"') return perr(p, i, "quote literals with ', not \""), -1;
      unsigned char u = (unsigned char)c;
      if (u < 0x20 || u >= 0x7F) return perr(p, i, "unexpected byte 0x%02X", u), -1;
      return perr(p, i, "unexpected character '%c'", c), -1;
    }
  }
  p->tok = t;
  p->pos = i + t.len;
  return 0;
}

/* Nonzero when the current token is the identifier word. */
static int at_word(const parser *p, const char *word) {
  return p->tok.kind == T_IDENT && p->tok.len == strlen(word) &&
         memcmp(p->s + p->tok.start, word, p->tok.len) == 0;
}

/* ------------------------------------------------------------ parsing */

/* A new node of kind and type spanning [start, end); NULL when out of
** memory (recorded as an error). */
static node *new_node(parser *p, node_kind kind, conj_type type, size_t start, size_t end) {
  node *n = calloc(1, sizeof *n);
  if (!n) return perr(p, start, "out of memory");
  n->kind = kind;
  n->type = type;
  n->start = start;
  n->end = end;
  n->depth = 1;
  return n;
}

/* Set n's depth from its kids; -1 (an error at n's last kid, or at n)
** when the tree grows deeper than MAX_DEPTH.  Parentheses, calls, 'not'
** and '.' are bounded by MAX_NEST on the way down; this bounds the chains
** of 'and' and 'or', which the parser builds without recursing, so that
** evaluating, explaining and freeing the tree cannot exhaust the stack. */
static int set_depth(parser *p, node *n) {
  int deepest = 0;
  for (int i = 0; i < n->n; i++)
    if (n->kid[i]->depth > deepest) deepest = n->kid[i]->depth;
  n->depth = deepest + 1;
  if (n->depth <= MAX_DEPTH) return 0;
  perr(p, n->n ? n->kid[n->n - 1]->start : n->start,
       "expression nested too deeply: more than %d levels (each operand of a chain of "
       "'and' or 'or' is one level more)",
       MAX_DEPTH);
  return -1;
}

/* Require kid k of n to have type want, else an error at the kid naming
** what. */
static int want_type(parser *p, const node *kid, conj_type want, const char *what) {
  if (kid->type == want) return 0;
  perr(p, kid->start, "%s, found %s", what, conj_type_name(kid->type));
  return -1;
}

static node *parse_expr(parser *p);

/* A node with kids a (and b when not NULL) spanning both; takes them. */
static node *join(parser *p, node_kind kind, conj_type type, node *a, node *b) {
  node *n = new_node(p, kind, type, a->start, b ? b->end : a->end);
  if (!n) {
    node_free(a);
    node_free(b);
    return NULL;
  }
  n->kid[n->n++] = a;
  if (b) n->kid[n->n++] = b;
  if (set_depth(p, n)) {
    node_free(n);
    return NULL;
  }
  return n;
}

/* The text of a quoted literal s[0..len) in canonical form where it is a
** layout, tuple or morphism (malloc'd). */
static char *canonical(const char *s, size_t len) {
  char *raw = malloc(len + 1), out[4096];
  if (!raw) return NULL;
  memcpy(raw, s, len);
  raw[len] = 0;
  lo_err e;
  int ok = 0;
  lo_kind kind = lo_kind_of(raw);
  if (kind == LO_KIND_LAYOUT) {
    lo_layout l;
    ok = lo_parse_layout(raw, &l, &e) == LO_OK && lo_print_layout(&l, out, sizeof out) == LO_OK;
  } else if (kind == LO_KIND_TUPLE) {
    lo_tuple t;
    ok = lo_parse_tuple(raw, &t, &e) == LO_OK && lo_print_tuple(&t, out, sizeof out) == LO_OK;
  } else if (kind == LO_KIND_MORPHISM) {
    lo_morphism f;
    ok = lo_parse_morphism(raw, &f, &e) == LO_OK && lo_print_morphism(&f, out, sizeof out) == LO_OK;
  }
  if (!ok) return raw;
  free(raw);
  return strdup(out);
}

/* Check one word of a quoted literal, s[0..len) (no white space or ';'
** outside brackets), that looks like a layout, tiler, morphism or tuple:
** it must parse as one (a tuple also as a profile, a coordinate, or a
** permutation in cycles such as (1 2)(3 4)).  0, or -1 with the parser's
** message in msg. */
static int check_word(const char *s, size_t len, char *msg, size_t cap) {
  char buf[4096];
  lo_err e;
  if (len >= sizeof buf) return 0; /* the oracle refuses it when it is used */
  memcpy(buf, s, len);
  buf[len] = 0;
  lo_kind kind = lo_kind_of(buf);
  int rc = LO_OK;
  if (kind == LO_KIND_MORPHISM) {
    lo_morphism f;
    rc = lo_parse_morphism(buf, &f, &e);
  } else if (kind == LO_KIND_LAYOUT || kind == LO_KIND_TILER) {
    lo_layout l;
    rc = lo_parse_layout(buf, &l, &e);
  } else if (buf[0] == '(' && !strchr(buf, ',') && strspn(buf, "0123456789() ") == len) {
    rc = LO_OK; /* cycles */
  } else if (buf[0] == '(') {
    lo_tuple t;
    lo_err e2;
    rc = lo_parse_tuple(buf, &t, &e);
    if (rc != LO_OK && lo_parse_profile(buf, &t, &e2) == LO_OK) rc = LO_OK;
    if (rc != LO_OK && lo_parse_index(buf, &t, &e2) == LO_OK) rc = LO_OK;
  }
  if (rc != LO_OK) snprintf(msg, cap, "'%.40s' does not parse: %.120s", buf, e.msg);
  return rc == LO_OK ? 0 : -1;
}

/* Check the words of item s[0..len) of a quoted literal, separated by
** white space outside brackets (a pair such as "(6,(2,3)) ((6,2),3,6)").
** 0, or -1. */
static int check_words(const char *s, size_t len) {
  char msg[200];
  size_t depth = 0, word = 0;
  for (size_t i = 0; i <= len; i++) {
    char c = i < len ? s[i] : ' ';
    if (i + 3 <= len && memcmp(s + i, "-->", 3) == 0) {
      i += 2;
    } else if (strchr("([{<", c) && c) {
      depth++;
    } else if (strchr(")]}>", c) && c) {
      depth--;
    } else if (depth == 0 && (c == ' ' || c == '\t' || c == '\n' || c == '\r')) {
      if (i > word && check_word(s + word, i - word, msg, sizeof msg)) return -1;
      word = i + 1;
    }
  }
  return 0;
}

/* Check a quoted literal s[0..len) (between the quotes, starting at
** offset at of the text): its brackets balance, and each of its items
** (separated by ';' outside brackets, as the oracle prints lists) that
** looks like a layout, tuple or morphism parses, whole or word by word.
** 0, or -1 with the error recorded. */
static int check_literal(parser *p, size_t at, const char *s, size_t len) {
  char open[64], msg[200];
  size_t open_at[64], depth = 0, item = 0;
  for (size_t i = 0; i <= len; i++) {
    char c = i < len ? s[i] : ';';
    if (i + 3 <= len && memcmp(s + i, "-->", 3) == 0) {
      i += 2;
      continue;
    }
    const char *o = c ? strchr("([{<", c) : NULL, *cl = c ? strchr(")]}>", c) : NULL;
    if (o) {
      if (depth == sizeof open) return perr(p, at + i, "quoted literal nested too deeply"), -1;
      open_at[depth] = i;
      open[depth++] = c;
    } else if (cl) {
      if (!depth || open[depth - 1] != "([{<"[cl - ")]}>"])
        return perr(p, at + i, "quoted literal: '%c' closes nothing that is open", c), -1;
      depth--;
    } else if (c == ';' && depth == 0) {
      size_t b = item, e = i;
      while (b < e && strchr(" \t\r\n", s[b])) b++;
      while (e > b && strchr(" \t\r\n", s[e - 1])) e--;
      if (e > b && check_word(s + b, e - b, msg, sizeof msg) && check_words(s + b, e - b))
        return perr(p, at + b, "quoted literal %s", msg), -1;
      item = i + 1;
    }
  }
  if (depth)
    return perr(p, at + open_at[depth - 1], "quoted literal: '%c' is not closed", open[depth - 1]),
           -1;
  return 0;
}

/* The arguments of a call whose name is the current token: '(' args ')'.
** Fills n's kids and end. */
static node *parse_args(parser *p, node *n, const char *name) {
  if (lex(p) || lex(p)) return node_free(n), NULL; /* the name, then '(' */
  if (p->tok.kind != T_RP) {
    for (;;) {
      if (n->n == MAX_KIDS) {
        perr(p, p->tok.start, "%s: more than %d arguments", name, MAX_KIDS);
        return node_free(n), NULL;
      }
      node *a = parse_expr(p);
      if (!a) return node_free(n), NULL;
      n->kid[n->n++] = a;
      if (p->tok.kind != T_COMMA) break;
      if (lex(p)) return node_free(n), NULL;
    }
  }
  if (p->tok.kind != T_RP) {
    char d[64];
    perr(p, p->tok.start, "expected ',' or ')' in the arguments of %s, found %s", name,
         tok_desc(p, d, sizeof d));
    return node_free(n), NULL;
  }
  n->end = p->pos;
  if (set_depth(p, n) || lex(p)) return node_free(n), NULL;
  return n;
}

/* name(...) where name is the current identifier and '(' follows. */
static node *parse_call(parser *p, const char *name) {
  size_t start = p->tok.start;
  char msg[256];
  int is_defined = strcmp(name, "defined") == 0, is_function = strcmp(name, "function") == 0;
  if (!is_defined && !is_function && !conj_is_op(name)) {
    for (int i = 0; i < p->nvars; i++)
      if (strcmp(p->vars[i], name) == 0)
        return perr(p, start, "'%s' is a variable, not an op", name);
    return perr(p, start, "unknown op '%s' (layoutcheck eval --list shows the ops)", name);
  }
  node *n = new_node(p,
                     is_defined    ? N_DEFINED
                     : is_function ? N_FUNCTION
                                   : N_CALL,
                     is_defined    ? CONJ_BOOL
                     : is_function ? CONJ_FUNCTION
                                   : CONJ_VALUE,
                     start, start);
  if (!n) return NULL;
  if (!(n->text = strdup(name))) return node_free(n), perr(p, start, "out of memory");
  if (!(n = parse_args(p, n, name))) return NULL;
  if ((is_defined || is_function) && n->n != 1) {
    perr(p, start, "%s takes one argument (%d given)", name, n->n);
    return node_free(n), NULL;
  }
  if (is_function) {
    if (want_type(p, n->kid[0], CONJ_VALUE, "function(E) needs a layout value E")) goto fail;
    return n;
  }
  if (is_defined) return n;
  for (int i = 0; i < n->n; i++) {
    if (n->kid[i]->type == CONJ_VALUE) continue;
    perr(p, n->kid[i]->start, "argument %d of %s is %s; ops take values", i + 1, name,
         conj_type_name(n->kid[i]->type));
    goto fail;
  }
  if (wrong_arity(name, n->n, msg, sizeof msg)) {
    perr(p, start, "%s", msg);
    goto fail;
  }
  if (is_predicate(name)) n->type = CONJ_BOOL;
  return n;
fail:
  node_free(n);
  return NULL;
}

/* An identifier: a keyword literal, a call or a variable. */
static node *parse_name(parser *p) {
  token t = p->tok;
  char name[128];
  if (t.len >= sizeof name)
    return perr(p, t.start, "name longer than %zu characters", sizeof name - 1);
  memcpy(name, p->s + t.start, t.len);
  name[t.len] = 0;
  if (!strcmp(name, "true") || !strcmp(name, "false")) {
    node *n = new_node(p, N_BOOL, CONJ_BOOL, t.start, t.start + t.len);
    if (n) n->index = name[0] == 't';
    if (n && lex(p)) return node_free(n), NULL;
    return n;
  }
  if (is_keyword(name, t.len) && strcmp(name, "defined") && strcmp(name, "function")) {
    char d[64];
    return perr(p, t.start, "expected an operand, found %s", tok_desc(p, d, sizeof d));
  }
  size_t after = t.start + t.len;
  while (p->s[after] == ' ' || p->s[after] == '\t' || p->s[after] == '\n' || p->s[after] == '\r')
    after++;
  if (p->s[after] == '(') return parse_call(p, name);
  if (!strcmp(name, "defined") || !strcmp(name, "function"))
    return perr(p, t.start, "%s needs an argument: %s(...)", name, name);
  for (int i = 0; i < p->nvars; i++) {
    if (strcmp(p->vars[i], name) != 0) continue;
    node *n = new_node(p, N_VAR, CONJ_VALUE, t.start, t.start + t.len);
    if (n) n->index = i;
    if (n && lex(p)) return node_free(n), NULL;
    return n;
  }
  if (conj_is_op(name)) return perr(p, t.start, "'%s' is an op: call it as %s(...)", name, name);
  char list[160] = "";
  for (int i = 0; i < p->nvars; i++) {
    size_t len = strlen(list);
    snprintf(list + len, sizeof list - len, "%s%s", i ? ", " : "", p->vars[i]);
  }
  return perr(p, t.start, "unknown variable '%s' (%s%s)", name,
              p->nvars ? "the variables are " : "there are no variables", list);
}

/* primary: a literal, a name, a call or a parenthesized expression. */
static node *parse_primary(parser *p) {
  token t = p->tok;
  char d[64];
  if (t.kind == T_IDENT) return parse_name(p);
  if (t.kind == T_LP) {
    if (lex(p)) return NULL;
    node *n = parse_expr(p);
    if (!n) return NULL;
    if (p->tok.kind != T_RP) {
      perr(p, p->tok.start, "expected ')' to close the '(' at offset %zu, found %s", t.start + 1,
           tok_desc(p, d, sizeof d));
      return node_free(n), NULL;
    }
    if (lex(p)) return node_free(n), NULL;
    return n;
  }
  if (t.kind == T_INT) {
    lo_int v = 0;
    for (size_t i = 0; i < t.len; i++) {
      int digit = p->s[t.start + i] - '0';
      if (v > (INT64_MAX - digit) / 10)
        return perr(p, t.start, "integer too large (at most 2^63-1)");
      v = v * 10 + digit;
    }
    node *n = new_node(p, N_LITERAL, CONJ_VALUE, t.start, t.start + t.len);
    char buf[24];
    snprintf(buf, sizeof buf, "%lld", (long long)v);
    if (n && !(n->text = strdup(buf))) return node_free(n), perr(p, t.start, "out of memory");
    if (n && lex(p)) return node_free(n), NULL;
    return n;
  }
  if (t.kind == T_QUOTED) {
    const char *body = p->s + t.start + 1;
    size_t len = t.len - 2;
    if (len == 0) return perr(p, t.start, "empty quoted literal");
    if (check_literal(p, t.start + 1, body, len)) return NULL;
    int is_bool = (len == 4 && !memcmp(body, "true", 4)) || (len == 5 && !memcmp(body, "false", 5));
    node *n = new_node(p, is_bool ? N_BOOL : N_LITERAL, is_bool ? CONJ_BOOL : CONJ_VALUE, t.start,
                       t.start + t.len);
    if (!n) return NULL;
    if (is_bool)
      n->index = body[0] == 't';
    else if (!(n->text = canonical(body, len)))
      return node_free(n), perr(p, t.start, "out of memory");
    if (lex(p)) return node_free(n), NULL;
    return n;
  }
  return perr(p, t.start, "expected an operand, found %s", tok_desc(p, d, sizeof d));
}

/* Enter one level of recursion; -1 (an error) past MAX_NEST. */
static int enter(parser *p) {
  if (++p->nest <= MAX_NEST) return 0;
  perr(p, p->tok.start, "nested too deeply");
  return -1;
}

/* compose := primary [ '.' compose ] */
static node *parse_compose(parser *p) {
  if (enter(p)) return NULL;
  node *a = parse_primary(p), *b;
  if (a && p->tok.kind == T_DOT) {
    size_t at = p->tok.start;
    if (lex(p) || !(b = parse_compose(p))) {
      node_free(a);
      a = NULL;
    } else if (a->type != CONJ_FUNCTION || b->type != CONJ_FUNCTION) {
      node *bad = a->type != CONJ_FUNCTION ? a : b;
      perr(p, bad->start, "'.' (at offset %zu) composes functions, found %s; write function(...)",
           at + 1, conj_type_name(bad->type));
      node_free(a);
      node_free(b);
      a = NULL;
    } else {
      a = join(p, N_COMPOSE, CONJ_FUNCTION, a, b);
    }
  }
  p->nest--;
  return a;
}

/* cmp := compose [ op compose ] */
static node *parse_cmp(parser *p) {
  node *a = parse_compose(p), *b;
  if (!a) return NULL;
  tok_kind k = p->tok.kind;
  if (k != T_EQ && k != T_NE && k != T_LT && k != T_LE && k != T_GT && k != T_GE) return a;
  token op = p->tok;
  if (lex(p) || !(b = parse_compose(p))) return node_free(a), NULL;
  k = p->tok.kind;
  if (k == T_EQ || k == T_NE || k == T_LT || k == T_LE || k == T_GT || k == T_GE) {
    perr(p, p->tok.start, "comparisons do not chain: use 'and' or parentheses");
    goto fail;
  }
  node_kind kind = op.kind == T_EQ   ? N_EQ
                   : op.kind == T_NE ? N_NE
                   : op.kind == T_LT ? N_LT
                   : op.kind == T_LE ? N_LE
                   : op.kind == T_GT ? N_GT
                                     : N_GE;
  if ((kind == N_EQ || kind == N_NE) && a->type != b->type) {
    perr(p, op.start, "'%.*s' compares %s with %s", (int)op.len, p->s + op.start,
         conj_type_name(a->type), conj_type_name(b->type));
    goto fail;
  }
  if (kind != N_EQ && kind != N_NE) {
    node *bad = a->type != CONJ_VALUE ? a : b->type != CONJ_VALUE ? b : NULL;
    if (bad) {
      perr(p, bad->start, "'%.*s' compares integer values, found %s", (int)op.len, p->s + op.start,
           conj_type_name(bad->type));
      goto fail;
    }
  }
  return join(p, kind, CONJ_BOOL, a, b);
fail:
  node_free(a);
  node_free(b);
  return NULL;
}

/* not := 'not' not | cmp */
static node *parse_not(parser *p) {
  if (!at_word(p, "not")) return parse_cmp(p);
  size_t start = p->tok.start;
  if (enter(p) || lex(p)) return NULL;
  node *a = parse_not(p);
  p->nest--;
  if (!a) return NULL;
  if (want_type(p, a, CONJ_BOOL, "'not' needs a boolean")) return node_free(a), NULL;
  node *n = join(p, N_NOT, CONJ_BOOL, a, NULL);
  if (n) n->start = start;
  return n;
}

/* A left-grouping chain of word (and, or) over operands parsed by sub. */
static node *parse_chain(parser *p, const char *word, node_kind kind, node *(*sub)(parser *)) {
  node *a = sub(p), *b;
  while (a && at_word(p, word)) {
    char what[64];
    snprintf(what, sizeof what, "'%s' needs booleans on both sides", word);
    if (want_type(p, a, CONJ_BOOL, what) || lex(p) || !(b = sub(p))) return node_free(a), NULL;
    if (want_type(p, b, CONJ_BOOL, what)) {
      node_free(a);
      node_free(b);
      return NULL;
    }
    a = join(p, kind, CONJ_BOOL, a, b);
  }
  return a;
}

/* and := not { 'and' not };  or := and { 'or' and } */
static node *parse_and(parser *p) { return parse_chain(p, "and", N_AND, parse_not); }
static node *parse_or(parser *p) { return parse_chain(p, "or", N_OR, parse_and); }

/* expr := or [ '=>' expr ] */
static node *parse_expr(parser *p) {
  if (enter(p)) return NULL;
  node *a = parse_or(p), *b;
  if (a && p->tok.kind == T_IMPLIES) {
    const char *what = "'=>' needs booleans on both sides";
    if (want_type(p, a, CONJ_BOOL, what) || lex(p) || !(b = parse_expr(p))) {
      node_free(a);
      a = NULL;
    } else if (want_type(p, b, CONJ_BOOL, what)) {
      node_free(a);
      node_free(b);
      a = NULL;
    } else {
      a = join(p, N_IMPLIES, CONJ_BOOL, a, b);
    }
  }
  p->nest--;
  return a;
}

/* Tokenize, parse and type check text; see conj_expr.h. */
int conj_compile(const char *text, const char *const *vars, int nvars, conj_expr **out,
                 conj_error *err) {
  parser p = {.s = text, .vars = vars, .nvars = nvars, .err = err};
  memset(err, 0, sizeof *err);
  *out = NULL;
  if (nvars < 0 || nvars > CONJ_MAX_VARS) {
    snprintf(err->msg, sizeof err->msg, "more than %d variables", CONJ_MAX_VARS);
    return -1;
  }
  if (lex(&p)) return -1;
  if (p.tok.kind == T_END) return perr(&p, p.tok.start, "empty expression"), -1;
  node *root = parse_expr(&p);
  if (root && p.tok.kind != T_END) {
    char d[64];
    perr(&p, p.tok.start, "expected an operator or the end, found %s", tok_desc(&p, d, sizeof d));
    node_free(root);
    return -1;
  }
  if (!root) return -1;
  conj_expr *e = malloc(sizeof *e);
  if (!e || !(e->text = strdup(text))) {
    free(e);
    node_free(root);
    snprintf(err->msg, sizeof err->msg, "out of memory");
    return -1;
  }
  e->root = root;
  *out = e;
  return 0;
}

/* Free a compiled expression (NULL is allowed). */
void conj_expr_free(conj_expr *e) {
  if (!e) return;
  node_free(e->root);
  free(e->text);
  free(e);
}

/* The type of the root. */
conj_type conj_expr_type(const conj_expr *e) { return e->root->type; }

/* The leftmost call at depth d below n, or NULL. */
static const node *call_at_depth(const node *n, int d) {
  if (d == 0) return n->kind == N_CALL ? n : NULL;
  for (int i = 0; i < n->n; i++) {
    const node *c = call_at_depth(n->kid[i], d - 1);
    if (c) return c;
  }
  return NULL;
}

/* The least deep call, leftmost among equals; see conj_expr.h. */
const char *conj_expr_op(const conj_expr *e) {
  for (int d = 0; d < e->root->depth; d++) {
    const node *c = call_at_depth(e->root, d);
    if (c) return c->text;
  }
  return NULL;
}
