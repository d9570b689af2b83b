/*
** lean_translate.c -- scopes (namespaces, opens) and the translation of
** Lean terms into oracle calls (see lean_map.h).
*/
#include "lean_int.h"
#include "lean_views.h"

#include "gen.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- scopes ------------------------------------------------------------ */

/* Initialise an empty scope. */
void lean_scope_init(lean_scope *s) {
  memset(s, 0, sizeof *s);
  s->scoped_from = -1;
}

/* Free a scope's strings and arrays. */
void lean_scope_free(lean_scope *s) {
  for (int i = 0; i < s->nns; i++) free(s->ns[i]);
  for (int i = 0; i < s->nopens; i++) free(s->opens[i]);
  for (int i = 0; i < s->ndefs; i++) free(s->defs[i].name);
  free(s->ns);
  free(s->ns_is_section);
  free(s->opens);
  free(s->open_depth);
  free(s->defs);
  lean_scope_init(s);
}

/* name without the root namespace. */
static const char *strip_root(const lean_map *m, const char *name) {
  size_t n = strlen(m->root);
  if (n && !strncmp(name, m->root, n) && name[n] == '.') return name + n + 1;
  if (n && !strcmp(name, m->root)) return "";
  return name;
}

/* a + "." + b (or the one that is not empty), root removed; NULL on OOM. */
static char *join(const lean_map *m, const char *a, const char *b) {
  char *r = malloc(strlen(a) + strlen(b) + 2);
  if (!r) return NULL;
  if (!a[0])
    strcpy(r, b);
  else if (!b[0])
    strcpy(r, a);
  else
    sprintf(r, "%s.%s", a, b);
  const char *s = strip_root(m, r);
  if (s != r) memmove(r, s, strlen(s) + 1);
  return r;
}

/* Add an open namespace; -1 on OOM. */
static int add_open(lean_scope *s, char *name) {
  if (!name) return -1;
  if (s->nopens == s->open_cap) {
    int cap = s->open_cap ? 2 * s->open_cap : 16;
    char **o = realloc(s->opens, (size_t)cap * sizeof *o);
    if (o) s->opens = o;
    int *d = o ? realloc(s->open_depth, (size_t)cap * sizeof *d) : NULL;
    if (d) s->open_depth = d;
    if (!o || !d) {
      free(name);
      return -1;
    }
    s->open_cap = cap;
  }
  s->opens[s->nopens] = name;
  s->open_depth[s->nopens++] = s->nns;
  return 0;
}

/* The current namespace ("" at the top). */
static const char *cur_ns(const lean_scope *s) { return s->nns ? s->ns[s->nns - 1] : ""; }

/* Take in a command (see lean_map.h). */
int lean_scope_command(lean_scope *s, const lean_map *m, const lean_file *f, const lean_cmd *c) {
  if (c->kind != LEAN_CMD_OPEN && s->scoped_from >= 0) { /* `open X in` is over */
    while (s->nopens > s->scoped_from) free(s->opens[--s->nopens]);
    s->scoped_from = -1;
  }
  switch (c->kind) {
    case LEAN_CMD_NAMESPACE:
    case LEAN_CMD_SECTION: {
      if (s->nns == s->ns_cap) {
        int cap = s->ns_cap ? 2 * s->ns_cap : 8;
        char **n = realloc(s->ns, (size_t)cap * sizeof *n);
        if (n) s->ns = n;
        int *k = n ? realloc(s->ns_is_section, (size_t)cap * sizeof *k) : NULL;
        if (k) s->ns_is_section = k;
        if (!n || !k) return -1;
        s->ns_cap = cap;
      }
      char *name =
          c->kind == LEAN_CMD_NAMESPACE ? join(m, cur_ns(s), c->name) : join(m, cur_ns(s), "");
      if (!name) return -1;
      s->ns_is_section[s->nns] = c->kind == LEAN_CMD_SECTION;
      s->ns[s->nns++] = name;
      return 0;
    }
    case LEAN_CMD_END:
      if (s->nns > 0) free(s->ns[--s->nns]);
      while (s->nopens > 0 && s->open_depth[s->nopens - 1] > s->nns) free(s->opens[--s->nopens]);
      return 0;
    case LEAN_CMD_OPEN: {
      if (c->scoped && s->scoped_from < 0) s->scoped_from = s->nopens;
      const char *p = c->name;
      while (*p) {
        while (*p == ' ') p++;
        size_t n = strcspn(p, " ");
        if (n == 0) break;
        char word[256];
        snprintf(word, sizeof word, "%.*s", (int)(n < 255 ? n : 255), p);
        p += n;
        /* the name itself, and inside each enclosing namespace */
        if (add_open(s, join(m, "", word)) != 0) return -1;
        const char *ns = cur_ns(s);
        char prefix[512];
        snprintf(prefix, sizeof prefix, "%s", ns);
        while (prefix[0]) {
          if (add_open(s, join(m, prefix, word)) != 0) return -1;
          char *dot = strrchr(prefix, '.');
          if (dot)
            *dot = '\0';
          else
            prefix[0] = '\0';
        }
        if (m->root[0] && add_open(s, join(m, m->root, word)) != 0) return -1;
      }
      return 0;
    }
    case LEAN_CMD_DEF: {
      if (!c->name[0]) return 0;
      if (s->ndefs == s->def_cap) {
        int cap = s->def_cap ? 2 * s->def_cap : 16;
        lean_def *d = realloc(s->defs, (size_t)cap * sizeof *d);
        if (!d) return -1;
        s->defs = d;
        s->def_cap = cap;
      }
      lean_def *d = &s->defs[s->ndefs];
      d->name = join(m, cur_ns(s), c->name);
      if (!d->name) return -1;
      d->body = c->body;
      d->body_end = c->body_end;
      d->has_params = c->has_params;
      d->params = c->params;
      d->params_end = c->params_end;
      d->line = c->pos.line;
      d->file = f;
      s->ndefs++;
      return 0;
    }
    default:
      return 0;
  }
}

/* --- translation ------------------------------------------------------- */

#define TR_MAX_DEPTH 48
#define TR_MAX_CANDS 16

typedef struct tr {
  const lean_map *m;
  const lean_scope *s;
  const lean_file *f;
  int depth;
  int failed;
  char reason[256];
  const lean_fn *top;
  const lean_def *own; /* top is a function of the file (set after its call) */
  int in_arg;          /* inside an argument of a function of the map */
  char request[1024];
} tr;

/* Record why the term cannot be translated (the first reason wins);
** returns -1. */
static int tfail(tr *t, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static int tfail(tr *t, const char *fmt, ...) {
  if (!t->failed) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(t->reason, sizeof t->reason, fmt, ap);
    va_end(ap);
    t->failed = 1;
  }
  return -1;
}

/* Where a name may point: definitions first, then the map's functions
** (exact names in the enclosing namespaces and the opened ones, then any
** function whose name ends with ".NAME").  Fills fns (at most
** TR_MAX_CANDS) and returns their count, or sets *def.  With skip_defs,
** only the map's functions. */
static int resolve(const tr *t, const char *name, int skip_defs, const lean_def **def,
                   const lean_fn **fns) {
  char *cands[64];
  int nc = 0, n = 0;
  const lean_scope *s = t->s;
  *def = NULL;
  if (s->nns) { /* the innermost namespace and its prefixes */
    char prefix[512];
    snprintf(prefix, sizeof prefix, "%s", cur_ns(s));
    while (prefix[0] && nc < 32) {
      cands[nc++] = join(t->m, prefix, name);
      char *dot = strrchr(prefix, '.');
      if (dot)
        *dot = '\0';
      else
        prefix[0] = '\0';
    }
  }
  for (int i = s->nopens - 1; i >= 0 && nc < 62; i--) cands[nc++] = join(t->m, s->opens[i], name);
  cands[nc++] = join(t->m, "", name);
  for (int c = 0; c < nc && !*def && !skip_defs; c++)
    for (int i = s->ndefs - 1; cands[c] && i >= 0; i--)
      if (!strcmp(s->defs[i].name, cands[c])) {
        *def = &s->defs[i];
        break;
      }
  for (int c = 0; c < nc && !*def && n == 0; c++)
    for (int i = 0; cands[c] && i < t->m->n; i++)
      if (!strcmp(strip_root(t->m, t->m->fns[i].lean), cands[c])) {
        fns[n++] = &t->m->fns[i];
        break;
      }
  if (!*def && n == 0) { /* FlatLayout.coalesce for coalesce */
    const char *bare = strip_root(t->m, name);
    size_t bl = strlen(bare);
    for (int i = 0; i < t->m->n && n < TR_MAX_CANDS; i++) {
      const char *full = strip_root(t->m, t->m->fns[i].lean);
      size_t fl = strlen(full);
      if (fl > bl && full[fl - bl - 1] == '.' && !strcmp(full + fl - bl, bare))
        fns[n++] = &t->m->fns[i];
    }
  }
  for (int c = 0; c < nc; c++) free(cands[c]);
  return n;
}

static int tr_term(tr *t, const lean_expr *e, int want, lean_value *out);

/* Describe a kind for messages: "a number", "a layout". */
static const char *kind_words(int k) {
  switch (k) {
    case LEAN_T_INT:
      return "a number";
    case LEAN_T_BOOL:
      return "a boolean";
    case LEAN_T_LAYOUT:
      return "a layout";
    case LEAN_T_TUPLE:
      return "a list of numbers";
    case LEAN_T_MORPHISM:
      return "a morphism";
    case LEAN_T_TENSOR:
      return "a tensor";
    case LEAN_T_LIST:
      return "a list";
    case LEAN_T_FUN:
      return "a lambda";
    case LEAN_T_NESTED:
      return "a nested tuple";
  }
  return "a value";
}

/* Translate the arguments of fn (terms args[0..n), with the receiver of
** field notation already in place at recv_at when recv_at >= 0) and call
** it.  0, or -1 with the reason. */
static int apply(tr *t, const lean_fn *fn, const lean_expr *const *args, int n,
                 const lean_value *recv, int recv_at, lean_value *out) {
  int total = n + (recv_at >= 0);
  if (total != fn->nargs)
    return tfail(t, "%s takes %d argument%s, found %d", fn->lean, fn->nargs,
                 fn->nargs == 1 ? "" : "s", total);
  lean_value *vals = malloc(LEAN_MAX_ARGS * sizeof *vals);
  if (!vals) return tfail(t, "out of memory");
  int next = 0;
  for (int i = 0; i < fn->nargs; i++) {
    if (i == recv_at) {
      vals[i] = *recv;
      continue;
    }
    t->in_arg++;
    int rc = tr_term(t, args[next++], (int)fn->args[i], &vals[i]);
    t->in_arg--;
    if (rc != 0) {
      char inner[256];
      snprintf(inner, sizeof inner, "%s", t->reason);
      t->failed = 0;
      tfail(t, "argument %d of %s: %s", i + 1, fn->lean, inner);
      free(vals);
      return -1;
    }
    if (vals[i].type.option) {
      free(vals);
      return tfail(t, "argument %d of %s: an Option value cannot be passed on", i + 1, fn->lean);
    }
    if (vals[i].type.kind != fn->args[i]) {
      lean_kind k = vals[i].type.kind;
      free(vals);
      return tfail(t, "argument %d of %s: expected %s, found %s", i + 1, fn->lean,
                   kind_words((int)fn->args[i]), kind_words((int)k));
    }
    if (vals[i].error) { /* an inner call failed: so does this one */
      lean_value_init(out, fn->result);
      lean_value_error(out, "%s", vals[i].msg);
      free(vals);
      t->top = fn;
      t->own = NULL;
      return 0;
    }
  }
  lean_call(fn, vals, out, t->request, sizeof t->request);
  t->top = fn;
  t->own = NULL;
  free(vals);
  return 0;
}

/* Try each candidate function on the arguments; the first that
** translates wins. */
static int apply_any(tr *t, const lean_fn *const *fns, int nf, const lean_expr *const *args, int n,
                     lean_value *out) {
  char first[256] = "";
  for (int i = 0; i < nf; i++) {
    t->failed = 0;
    if (apply(t, fns[i], args, n, NULL, -1, out) == 0) return 0;
    if (!first[0]) snprintf(first, sizeof first, "%s", t->reason);
  }
  t->failed = 0;
  return tfail(t, "%s", first);
}

/* Field notation recv.field args: the function whose last name component
** is field and that takes recv's kind; recv goes to its first argument of
** that kind. */
static int field_call(tr *t, const lean_value *recv, const char *field,
                      const lean_expr *const *args, int n, lean_value *out) {
  char first[256] = "";
  int tried = 0;
  for (int i = 0; i < t->m->n; i++) {
    const lean_fn *fn = &t->m->fns[i];
    const char *dot = strrchr(fn->lean, '.');
    const char *last = dot ? dot + 1 : fn->lean;
    if (strcmp(last, field) != 0) continue;
    int at = -1;
    for (int k = 0; k < fn->nargs && at < 0; k++)
      if (fn->args[k] == recv->type.kind && !recv->type.option) at = k;
    if (at < 0) continue;
    tried++;
    t->failed = 0;
    if (apply(t, fn, args, n, recv, at, out) == 0) return 0;
    if (!first[0]) snprintf(first, sizeof first, "%s", t->reason);
  }
  t->failed = 0;
  if (tried) return tfail(t, "%s", first);
  return tfail(t, "no function '%s' of the map takes %s", field, kind_words((int)recv->type.kind));
}

/* Translate a definition's body. */
static int tr_def(tr *t, const lean_def *d, int want, lean_value *out) {
  if (d->has_params)
    return tfail(t,
                 "%s is a function defined in the file (line %d) that the map does not name; "
                 "name it in a map (--map) to check it",
                 d->name, d->line);
  const lean_file *df = d->file ? d->file : t->f;
  if (!df || d->body_end > df->len || d->body > d->body_end)
    return tfail(t, "the definition of %s is not available", d->name);
  if (t->depth >= TR_MAX_DEPTH) return tfail(t, "definitions nest too deeply (a cycle?)");
  char vwhy[256];
  int typed = lean_views_def(t->m, t->s, df, d, out, vwhy, sizeof vwhy); /* Tensor [dims] */
  if (typed > 0) return 0;
  if (typed < 0) return tfail(t, "the definition of %s: %s", d->name, vwhy);
  lean_expr *e;
  lean_error err;
  lean_pos at = lean_file_pos(df, d->body);
  if (lean_parse_term(df->text + d->body, d->body_end - d->body, at, &e, &err) != 0)
    return tfail(t, "the definition of %s (line %d): %s", d->name, err.line, err.text);
  t->depth++;
  int rc = tr_term(t, e, want, out);
  t->depth--;
  lean_expr_free(e);
  return rc;
}

/* Is c white space? */
static int lean_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/* The parameter name of a function with exactly one explicit binder
** `(x : T)` or `(x)` (then only implicit ones and ones with a default
** value, `(h : x > 0 := by decide)`), copied into out[0..cap); -1 when it
** has other binders. */
static int single_param(const lean_file *f, const lean_def *d, char *out, size_t cap) {
  const char *s = f->text;
  size_t i = d->params, e = d->params_end;
  if (!d->has_params || e > f->len || i >= e) return -1;
  while (i < e && lean_space(s[i])) i++;
  if (i >= e || s[i] != '(') return -1;
  i++;
  while (i < e && lean_space(s[i])) i++;
  size_t a = i;
  while (i < e && !lean_space(s[i]) && s[i] != ':' && s[i] != ')' && s[i] != '(') i++;
  if (i == a || i - a >= cap) return -1;
  memcpy(out, s + a, i - a);
  out[i - a] = '\0';
  while (i < e && lean_space(s[i])) i++;
  if (i >= e || (s[i] != ':' && s[i] != ')')) return -1; /* (x y : T): two of them */
  for (int depth = 1; i < e && depth > 0; i++) {
    if (s[i] == '(') depth++;
    if (s[i] == ')') depth--;
    if (depth == 0) break;
  }
  if (i >= e || s[i] != ')') return -1;
  for (i++;;) { /* then only implicit binders and parameters with a default */
    while (i < e && lean_space(s[i])) i++;
    if (i >= e) return 0;
    char open = s[i], close = open == '(' ? ')' : open == '{' ? '}' : open == '[' ? ']' : 0;
    if (!close) return -1;
    int depth = 0, dflt = open != '(';
    for (; i < e; i++) {
      if (s[i] == open) depth++;
      if (s[i] == close && --depth == 0) break;
      if (depth == 1 && s[i] == ':' && i + 1 < e && s[i + 1] == '=') dflt = 1;
    }
    if (i >= e || !dflt) return -1;
    i++;
  }
}

/* Is e the name x? */
static int is_name(const lean_expr *e, const char *x) {
  return e->kind == LEAN_NAME && !strcmp(e->name, x);
}

/* Does the function d only wrap its one argument: `def pnat (n : Nat) :
** ℕ+ := ⟨n, by omega⟩` (also `n`, `Subtype.mk n h`, `PNat.mk n h`, with
** proofs or proof parameters only beside it)? */
static int is_wrapper(const tr *t, const lean_def *d) {
  char x[128];
  const lean_file *df = d->file ? d->file : t->f;
  if (!df || single_param(df, d, x, sizeof x) != 0) return 0;
  if (d->body_end <= d->body || d->body_end > df->len) return 0;
  lean_expr *e;
  lean_error err;
  if (lean_parse_term(df->text + d->body, d->body_end - d->body, lean_file_pos(df, d->body), &e,
                      &err) != 0)
    return 0;
  int first = 0, ok = 0;
  if (is_name(e, x)) {
    ok = 1;
  } else if (e->kind == LEAN_ANON && e->n >= 1 && is_name(e->kids[0], x)) {
    ok = 1;
    first = 1;
  } else if (e->kind == LEAN_APP && e->n >= 2 && e->kids[0]->kind == LEAN_NAME &&
             strlen(e->kids[0]->name) > 3 &&
             !strcmp(e->kids[0]->name + strlen(e->kids[0]->name) - 3, ".mk") &&
             is_name(e->kids[1], x)) {
    ok = 1;
    first = 2;
  }
  for (int i = first; ok && first && i < e->n; i++) /* proofs, or a proof parameter */
    if (e->kids[i]->kind != LEAN_PROOF && (e->kids[i]->kind != LEAN_NAME || is_name(e->kids[i], x)))
      ok = 0;
  lean_expr_free(e);
  return ok;
}

/* A function d of the file applied to args[0..n) (name as written): the
** map's function of that name when the map has one (the map says what
** it implements), the argument itself for a helper that only wraps it
** (inside an argument), else untranslatable. */
static int tr_own(tr *t, const char *name, const lean_def *d, const lean_expr *const *args, int n,
                  int want, lean_value *out) {
  const lean_def *none;
  const lean_fn *fns[TR_MAX_CANDS];
  int nf = resolve(t, name, 1, &none, fns);
  if (nf == 0 && strcmp(name, d->name) != 0) nf = resolve(t, d->name, 1, &none, fns);
  if (nf > 0) {
    if (apply_any(t, fns, nf, args, n, out) != 0) return -1;
    t->own = d;
    return 0;
  }
  if (n == 1 && t->in_arg > 0 && is_wrapper(t, d)) return tr_term(t, args[0], want, out);
  if (d->file && d->file != t->f)
    return tfail(t,
                 "%s is a function defined in %s (line %d) that the map does not name; name it "
                 "in a map (--map) to check it",
                 d->name, d->file->path, d->line);
  return tfail(t,
               "%s is a function defined in the file (line %d) that the map does not name; "
               "name it in a map (--map) to check it",
               d->name, d->line);
}

/* Translate a (possibly dotted) name with arguments: a function, a
** definition, or field notation on a shorter name. */
static int tr_named(tr *t, const char *name, const lean_expr *const *args, int n, int want,
                    lean_value *out) {
  const lean_def *def;
  const lean_fn *fns[TR_MAX_CANDS];
  if (!strcmp(name, "true") || !strcmp(name, "false")) {
    if (n > 0) return tfail(t, "%s is not a function", name);
    lean_type bt = {LEAN_T_BOOL, 0};
    lean_value_init(out, bt);
    out->num = !strcmp(name, "true");
    return 0;
  }
  int nf = resolve(t, name, 0, &def, fns);
  if (def && (def->has_params || n > 0)) return tr_own(t, name, def, args, n, want, out);
  if (def) return tr_def(t, def, want, out);
  if (nf > 0) return apply_any(t, fns, nf, args, n, out);
  const char *dot = strrchr(name, '.');
  if (dot && dot > name && dot[1]) { /* L.coalesce: field notation on L */
    char head[512];
    snprintf(head, sizeof head, "%.*s", (int)(dot - name), name);
    lean_value *recv = malloc(sizeof *recv);
    if (!recv) return tfail(t, "out of memory");
    int rc = tr_named(t, head, NULL, 0, -1, recv);
    if (rc == 0) rc = field_call(t, recv, dot + 1, args, n, out);
    free(recv);
    return rc;
  }
  return tfail(t, "unknown name '%s' (not in the map, not defined in the file)", name);
}

/* A malloc'd copy of s, or NULL. */
static char *tdup(const char *s) {
  char *d = malloc(strlen(s) + 1);
  if (d) strcpy(d, s);
  return d;
}

/* A new node like e (kind, offset, number, name) with room for n kids,
** no kids yet; NULL when out of memory. */
static lean_expr *shell(const lean_expr *e, lean_expr_kind kind, int n, int fields) {
  lean_expr *c = calloc(1, sizeof *c);
  if (!c) return NULL;
  c->kind = kind;
  c->off = e->off;
  c->num = e->num;
  if (e->name && !(c->name = tdup(e->name))) goto oom;
  if (n > 0 && !(c->kids = calloc((size_t)n, sizeof *c->kids))) goto oom;
  if (n > 0 && fields && !(c->fields = calloc((size_t)n, sizeof *c->fields))) goto oom;
  return c;
oom:
  lean_expr_free(c);
  return NULL;
}

static lean_expr *normalize(tr *t, const lean_expr *e);

/* The copy of kids[from..e->n) of e, each normalised, as the kids of a
** new node of the given kind; NULL with the reason. */
static lean_expr *normalize_kids(tr *t, const lean_expr *e, lean_expr_kind kind, int from) {
  lean_expr *c = shell(e, kind, e->n - from, e->fields != NULL && from == 0);
  if (!c) return tfail(t, "out of memory"), NULL;
  if (kind != e->kind) { /* X.mk a b: an anonymous constructor, no name */
    free(c->name);
    c->name = NULL;
  }
  for (int i = from; i < e->n; i++) {
    lean_expr *k = normalize(t, e->kids[i]);
    if (!k) {
      lean_expr_free(c);
      return NULL;
    }
    c->kids[c->n] = k;
    if (c->fields && !(c->fields[c->n] = tdup(e->fields[i]))) {
      lean_expr_free(k);
      lean_expr_free(c);
      return tfail(t, "out of memory"), NULL;
    }
    c->n++;
  }
  return c;
}

/* Is name a structure constructor X.mk (not a function of the map)? */
static int is_mk(const char *name) {
  size_t n = strlen(name);
  return n > 3 && !strcmp(name + n - 3, ".mk");
}

/* Is e `List.map f xs` or `xs.map f` with a lambda f?  Sets *f and *xs. */
static int list_map(const lean_expr *e, const lean_expr **f, const lean_expr **xs) {
  if (e->kind != LEAN_APP) return 0;
  const lean_expr *h = e->kids[0];
  if (e->n == 3 && h->kind == LEAN_NAME && !strcmp(h->name, "List.map") &&
      e->kids[1]->kind == LEAN_FUN) {
    *f = e->kids[1];
    *xs = e->kids[2];
    return 1;
  }
  if (e->n == 2 && h->kind == LEAN_FIELD && !strcmp(h->name, "map") &&
      e->kids[1]->kind == LEAN_FUN) {
    *f = e->kids[1];
    *xs = h->kids[0];
    return 1;
  }
  return 0;
}

/* Bind the pattern pat of a lambda to the literal v in body: *body is
** replaced by the substituted copy.  0, or -1 with the reason. */
static int bind_pattern(tr *t, const lean_expr *pat, const lean_expr *v, lean_expr **body) {
  if (pat->kind == LEAN_PROOF && !strcmp(pat->name, "_")) return 0;
  if (pat->kind == LEAN_NAME) {
    lean_expr *b = lean_expr_subst(*body, pat->name, v);
    if (!b) return tfail(t, "out of memory");
    lean_expr_free(*body);
    *body = b;
    return 0;
  }
  if ((pat->kind == LEAN_TUPLE || pat->kind == LEAN_ANON) &&
      (v->kind == LEAN_TUPLE || v->kind == LEAN_ANON) && v->n == pat->n) {
    for (int i = 0; i < pat->n; i++)
      if (bind_pattern(t, pat->kids[i], v->kids[i], body) != 0) return -1;
    return 0;
  }
  char pt[96], vt[96];
  if (lean_expr_print(pat, pt, sizeof pt) != 0) snprintf(pt, sizeof pt, "(a long pattern)");
  if (lean_expr_print(v, vt, sizeof vt) != 0) snprintf(vt, sizeof vt, "(a long value)");
  return tfail(t, "List.map: the lambda's pattern %s does not match %s", pt, vt);
}

/* The literal list of `List.map (fun PAT => body) [a, b, ...]`: the body
** at each element, normalised.  NULL with the reason. */
static lean_expr *map_literal(tr *t, const lean_expr *f, const lean_expr *xs) {
  lean_expr *list = normalize(t, xs);
  if (!list) return NULL;
  if (list->kind != LEAN_LIST) {
    lean_expr_free(list);
    return tfail(t, "List.map over something that is not a literal list"), NULL;
  }
  for (int i = 0; i < list->n; i++) {
    lean_expr *body = lean_expr_copy(f->kids[1]);
    if (!body) {
      lean_expr_free(list);
      return tfail(t, "out of memory"), NULL;
    }
    if (bind_pattern(t, f->kids[0], list->kids[i], &body) != 0) {
      lean_expr_free(body);
      lean_expr_free(list);
      return NULL;
    }
    t->depth++;
    lean_expr *item = normalize(t, body);
    t->depth--;
    lean_expr_free(body);
    if (!item) {
      lean_expr_free(list);
      return NULL;
    }
    lean_expr_free(list->kids[i]);
    list->kids[i] = item;
  }
  return list;
}

/* A copy of the literal e with what only dresses a value taken off:
** constructors X.mk a b become ⟨a, b⟩, a helper of the file that only
** wraps its argument (`pnat 4`) becomes the argument, a constant of the
** file its definition, `List.map (fun PAT => body) [...]` the list of the
** bodies.  NULL with the reason. */
static lean_expr *normalize(tr *t, const lean_expr *e) {
  const lean_expr *f, *xs;
  if (t->depth >= TR_MAX_DEPTH) return tfail(t, "a literal nests too deeply"), NULL;
  if (list_map(e, &f, &xs)) {
    t->depth++;
    lean_expr *c = map_literal(t, f, xs);
    t->depth--;
    return c;
  }
  if (e->kind == LEAN_APP && e->kids[0]->kind == LEAN_NAME) {
    const char *name = e->kids[0]->name;
    const lean_def *def;
    const lean_fn *fns[TR_MAX_CANDS];
    int nf = resolve(t, name, 0, &def, fns);
    if (def && def->has_params && e->n == 2 && is_wrapper(t, def)) {
      t->depth++;
      lean_expr *c = normalize(t, e->kids[1]);
      t->depth--;
      return c;
    }
    if (!def && nf == 0 && is_mk(name)) {
      t->depth++;
      lean_expr *c = normalize_kids(t, e, LEAN_ANON, 1);
      t->depth--;
      return c;
    }
  }
  if (e->kind == LEAN_NAME) {
    const lean_def *def;
    const lean_fn *fns[TR_MAX_CANDS];
    resolve(t, e->name, 0, &def, fns);
    const lean_file *df = def && def->file ? def->file : t->f;
    if (def && !def->has_params && df && def->body < def->body_end && def->body_end <= df->len) {
      lean_expr *body;
      lean_error err;
      if (lean_parse_term(df->text + def->body, def->body_end - def->body,
                          lean_file_pos(df, def->body), &body, &err) != 0)
        return tfail(t, "the definition of %s (line %d): %s", def->name, err.line, err.text), NULL;
      t->depth++;
      lean_expr *c = normalize(t, body);
      t->depth--;
      lean_expr_free(body);
      return c;
    }
  }
  t->depth++;
  lean_expr *c = normalize_kids(t, e, e->kind, 0);
  t->depth--;
  return c;
}

/* Guess the kind of a literal: a list of modes is a layout, a list of
** numbers a tuple; -1 when it cannot be told. */
static int literal_kind(const lean_map *m, const lean_expr *e) {
  if (lean_nested_ctor(e)) return LEAN_T_NESTED;
  if (e->kind == LEAN_NUM) return LEAN_T_INT;
  if (e->kind == LEAN_LIST && e->n > 0) {
    lean_expr_kind k = e->kids[0]->kind;
    if (k == LEAN_TUPLE || k == LEAN_STRUCT || (k == LEAN_ANON && e->kids[0]->n == 2))
      return LEAN_T_LAYOUT;
    return LEAN_T_TUPLE;
  }
  if (e->kind == LEAN_STRUCT || e->kind == LEAN_ANON) return LEAN_T_LAYOUT;
  (void)m;
  return -1;
}

/* Translate one term to a value (want: the kind expected, or -1). */
static int tr_term(tr *t, const lean_expr *e, int want, lean_value *out) {
  switch (e->kind) {
    case LEAN_NAME:
      return tr_named(t, e->name, NULL, 0, want, out);
    case LEAN_APP: {
      const lean_expr *head = e->kids[0];
      const lean_expr *const *args = (const lean_expr *const *)e->kids + 1;
      const lean_expr *f, *xs;
      if (lean_nested_ctor(e)) goto literal; /* NestedTuple.node [...] */
      if (list_map(e, &f, &xs)) {            /* List.map over a literal list: the list */
        lean_expr *lit = normalize(t, e);
        if (!lit) return -1;
        int rc = tr_term(t, lit, want, out);
        lean_expr_free(lit);
        return rc;
      }
      if (head->kind == LEAN_NAME) return tr_named(t, head->name, args, e->n - 1, want, out);
      if (head->kind == LEAN_FIELD) {
        lean_value *recv = malloc(sizeof *recv);
        if (!recv) return tfail(t, "out of memory");
        int rc = tr_term(t, head->kids[0], -1, recv);
        if (rc == 0) rc = field_call(t, recv, head->name, args, e->n - 1, out);
        free(recv);
        return rc;
      }
      return tfail(t, "only named functions can be applied");
    }
    case LEAN_FIELD: {
      lean_value *recv = malloc(sizeof *recv);
      if (!recv) return tfail(t, "out of memory");
      int rc = tr_term(t, e->kids[0], -1, recv);
      if (rc == 0) rc = field_call(t, recv, e->name, NULL, 0, out);
      free(recv);
      return rc;
    }
    case LEAN_PROOF:
      return tfail(t, "a proof or placeholder (%s) is not a value", e->name);
    case LEAN_FUN:
      return tfail(t, "a lambda (fun) is read only as the function of List.map over a literal "
                      "list");
    case LEAN_NUM:
    case LEAN_LIST:
    case LEAN_TUPLE:
    case LEAN_ANON:
    case LEAN_STRUCT:
    literal : {
      lean_expr *lit = normalize(t, e);
      if (!lit) return -1;
      int k = want >= 0 ? want : literal_kind(t->m, lit);
      char why[256];
      lean_type ty = {(lean_kind)(k < 0 ? 0 : k), 0};
      int rc =
          k < 0 || k == LEAN_T_MORPHISM ? -1 : lean_read_as(t->m, ty, lit, out, why, sizeof why);
      lean_expr_free(lit);
      if (k < 0) return tfail(t, "a literal whose kind cannot be told (an empty list?)");
      if (k == LEAN_T_MORPHISM) return tfail(t, "morphisms cannot be written as literals");
      if (rc != 0) return tfail(t, "%s", why);
      if (out->invalid) return tfail(t, "%s", out->msg);
      return 0;
    }
  }
  return tfail(t, "unsupported term");
}

/* Translate an #eval term (see lean_map.h). */
void lean_translate(const lean_map *m, const lean_scope *s, const lean_file *f, const lean_expr *e,
                    lean_translation *out) {
  tr t;
  memset(&t, 0, sizeof t);
  memset(out, 0, sizeof *out);
  t.m = m;
  t.s = s;
  t.f = f;
  if (tr_term(&t, e, -1, &out->value) != 0) {
    snprintf(out->reason, sizeof out->reason, "%s", t.reason);
    return;
  }
  if (!t.top) {
    snprintf(out->reason, sizeof out->reason, "a literal: no function of the map is applied");
    return;
  }
  if (out->value.type.kind == LEAN_T_MORPHISM && !out->value.error) {
    snprintf(out->reason, sizeof out->reason,
             "%s returns a morphism, which has no printed form to compare (apply toLayout)",
             t.top->lean);
    return;
  }
  if (out->value.type.kind == LEAN_T_TENSOR && !out->value.error) {
    snprintf(out->reason, sizeof out->reason,
             "%s returns a tensor, which has no printed form to compare (apply toList or shape)",
             t.top->lean);
    return;
  }
  out->ok = 1;
  out->fn = t.top;
  if (t.own) {
    snprintf(out->own, sizeof out->own, "%s", t.own->name);
    out->own_line = t.own->line;
    out->own_file = t.own->file ? t.own->file->path : f ? f->path : "";
  }
  snprintf(out->request, sizeof out->request, "%s", t.request);
}
