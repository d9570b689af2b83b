/*
** lean_cmd.c -- the command scanner of Lean files (see lean_parse.h): it
** walks the file once at "command level" (skipping comments, strings and
** character literals) and cuts it where a command keyword starts a line,
** where a `#word` appears, or after the `in` of `#guard_msgs ... in`,
** `open ... in` and `set_option ... in`.
*/
#include "lean_lex.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- commands ---------------------------------------------------------- */

/* Words that start a command at the beginning of a line. */
static int command_word(const char *w, size_t n) {
  static const char *const words[] = {
      "def",       "abbrev",         "theorem",      "lemma",     "example",    "instance",
      "structure", "inductive",      "class",        "open",      "namespace",  "section",
      "end",       "import",         "variable",     "universe",  "set_option", "axiom",
      "opaque",    "noncomputable",  "private",      "protected", "partial",    "unsafe",
      "attribute", "macro",          "macro_rules",  "syntax",    "notation",   "infix",
      "infixl",    "infixr",         "prefix",       "postfix",   "elab",       "deriving",
      "mutual",    "initialize",     "export",       "local",     "scoped",     "omit",
      "include",   "termination_by", "decreasing_by"};
  for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
    if (strlen(words[i]) == n && memcmp(words[i], w, n) == 0) return 1;
  return 0;
}

/* A cut point found by the first pass. */
typedef struct cut {
  size_t at;       /* where the command (or docstring) starts */
  size_t word_end; /* the end of its keyword */
  int is_doc;      /* a docstring: attached to the next command */
  int has_in;      /* open ... in, set_option ... in: a prefix of the next command */
} cut;

typedef struct cuts {
  cut *v;
  int n, cap;
  int oom;
} cuts;

/* Record a cut. */
static void add_cut(cuts *c, size_t at, size_t word_end, int is_doc) {
  if (c->n == c->cap) {
    int cap = c->cap ? 2 * c->cap : 64;
    cut *v = realloc(c->v, (size_t)cap * sizeof *v);
    if (!v) {
      c->oom = 1;
      return;
    }
    c->v = v;
    c->cap = cap;
  }
  c->v[c->n++] = (cut){at, word_end, is_doc, 0};
}

/* Skip white space and comments (not docstrings when stop_doc) from i. */
static size_t skip_ws(const char *s, size_t len, size_t i) {
  while (i < len) {
    if (lean_is_space(s[i])) {
      i++;
    } else if (s[i] == '-' && i + 1 < len && s[i + 1] == '-') {
      while (i < len && s[i] != '\n') i++;
    } else if (s[i] == '/' && i + 1 < len && s[i + 1] == '-') {
      i = lean_block_comment_end(s, len, i);
    } else {
      break;
    }
  }
  return i;
}

/* The end of the word (identifier or #word) at i, or i. */
static size_t word_end(const char *s, size_t len, size_t i) {
  if (i < len && s[i] == '#' && lean_id_start_at(s, len, i + 1))
    return lean_ident_end(s, len, i + 1);
  if (lean_id_start_at(s, len, i)) return lean_ident_end(s, len, i);
  return i;
}

/* Is s[a..b) the word w? */
static int word_is(const char *s, size_t a, size_t b, const char *w) {
  return b - a == strlen(w) && memcmp(s + a, w, b - a) == 0;
}

/* After the keyword of `#guard_msgs`, `open` or `set_option` (ending at
** i): if the command ends with `in`, the offset just after it; else 0. */
static size_t find_in(const char *s, size_t len, size_t i, const char *kw) {
  i = skip_ws(s, len, i);
  if (strcmp(kw, "#guard_msgs") == 0) {
    if (i < len && s[i] == '(') {
      int depth = 0;
      for (; i < len; i++) {
        if (s[i] == '(') depth++;
        if (s[i] == ')' && --depth == 0) break;
        if (s[i] == '\n' && depth > 0 && i + 1 < len && s[i + 1] == '#') return 0;
      }
      if (i >= len) return 0;
      i = skip_ws(s, len, i + 1);
    }
    size_t e = word_end(s, len, i);
    return word_is(s, i, e, "in") ? e : 0;
  }
  int words = 0;
  while (i < len) {
    size_t e = word_end(s, len, i);
    while (e < len && e == i && s[e] >= '0' && s[e] <= '9') /* set_option x 100 in */
      for (e = i; e < len && s[e] >= '0' && s[e] <= '9';) e++;
    if (e == i) {
      if (s[i] == '(' || s[i] == ')') { /* open Foo (bar) */
        i = skip_ws(s, len, i + 1);
        continue;
      }
      return 0;
    }
    if (word_is(s, i, e, "in")) return words > 0 ? e : 0;
    if (s[i] == '#' || command_word(s + i, e - i)) return 0;
    if (strcmp(kw, "set_option") == 0 && words >= 2) return 0;
    words++;
    i = skip_ws(s, len, e);
  }
  return 0;
}

/* The first pass: where commands start. */
static void find_cuts(const char *s, size_t len, cuts *c) {
  size_t i = 0;
  int line_start = 1, force = 0;
  while (i < len && !c->oom) {
    char ch = s[i];
    if (ch == '\n') {
      line_start = 1;
      i++;
      continue;
    }
    if (lean_is_space(ch)) {
      i++;
      continue;
    }
    if (ch == '-' && i + 1 < len && s[i + 1] == '-') {
      while (i < len && s[i] != '\n') i++;
      continue;
    }
    if (ch == '/' && i + 1 < len && s[i + 1] == '-') {
      size_t e = lean_block_comment_end(s, len, i);
      if (i + 2 < len && s[i + 2] == '-' && (line_start || force) &&
          !(i + 3 < len && s[i + 3] == '/')) {
        add_cut(c, i, i + 3, 1);
        force = 0;
        line_start = 1; /* a docstring prefixes a command */
      }
      i = e;
      continue;
    }
    size_t e = word_end(s, len, i);
    int hash = ch == '#' && e > i;
    if (force || hash || (line_start && e > i && command_word(s + i, e - i)) ||
        (line_start && ch == '@' && i + 1 < len && s[i + 1] == '[')) {
      if (e == i) e = i + 1;
      add_cut(c, i, e, 0);
      force = 0;
      line_start = 0;
      if (word_is(s, i, e, "#guard_msgs") || word_is(s, i, e, "open") ||
          word_is(s, i, e, "set_option")) {
        char kw[16];
        snprintf(kw, sizeof kw, "%.*s", (int)(e - i), s + i);
        size_t after = find_in(s, len, e, kw);
        if (after) {
          if (c->n > 0) c->v[c->n - 1].has_in = s[i] != '#';
          i = after;
          force = 1;
          continue;
        }
      }
      i = e;
      continue;
    }
    line_start = 0;
    if (ch == '"') {
      i = lean_string_end(s, len, i);
    } else if (ch == '\'' && lean_char_lit_end(s, len, i) &&
               !(i > 0 && lean_id_start_at(s, len, i - 1))) {
      i = lean_char_lit_end(s, len, i);
    } else if (e > i) {
      i = e;
    } else {
      i++;
    }
  }
}

/* Trim white space from both ends of s[*a..*b). */
static void trim(const char *s, size_t *a, size_t *b) {
  while (*a < *b && (lean_is_space(s[*a]) || s[*a] == '\0')) (*a)++;
  while (*b > *a && (lean_is_space(s[*b - 1]) || s[*b - 1] == '\0')) (*b)--;
}

/* A malloc'd copy of s[a..b), or NULL. */
static char *copy_range(const char *s, size_t a, size_t b) {
  char *d = malloc(b - a + 1);
  if (!d) return NULL;
  memcpy(d, s + a, b - a);
  d[b - a] = '\0';
  return d;
}

/* The end of a term or body: before trailing white space and comments. */
static size_t body_end(const char *s, size_t a, size_t b) {
  size_t end = a, i = a;
  while (i < b) {
    size_t j = skip_ws(s, b, i);
    if (j >= b) break;
    if (s[j] == '"') {
      i = lean_string_end(s, b, j);
    } else {
      size_t w = word_end(s, b, j);
      i = w > j ? w : j + 1;
    }
    end = i;
  }
  return end;
}

/* Fill a DEF command: name, body or has_params.  i is after the keyword. */
static int fill_def(lean_file *f, lean_cmd *c, size_t i) {
  const char *s = f->text;
  size_t b = c->end;
  i = skip_ws(s, b, i);
  size_t e = word_end(s, b, i);
  c->name = copy_range(s, i, e);
  if (!c->name) return -1;
  if (e == i) {
    c->has_params = 1;
    return 0;
  }
  i = skip_ws(s, b, e);
  if (i < b && s[i] != ':') { /* binders: a function; its body after ':=' */
    c->has_params = 1;
    c->params = i;
    int depth = 0;
    for (; i < b; i++) {
      if (s[i] == '(' || s[i] == '[' || s[i] == '{') depth++;
      if ((s[i] == ')' || s[i] == ']' || s[i] == '}') && depth > 0) depth--;
      if (depth == 0 && s[i] == ':' && (i + 1 >= b || s[i + 1] != '=')) break;
      if (depth == 0 && ((s[i] == ':' && s[i + 1] == '=') || s[i] == '|')) break;
    }
    c->params_end = i;
    for (; i < b; i++) { /* past the result type */
      if (s[i] == '(' || s[i] == '[' || s[i] == '{') depth++;
      if ((s[i] == ')' || s[i] == ']' || s[i] == '}') && depth > 0) depth--;
      if (depth == 0 && s[i] == '|') return 0; /* equations: no single body */
      if (depth == 0 && s[i] == ':' && i + 1 < b && s[i + 1] == '=') break;
    }
    if (i + 1 >= b) return 0;
    c->body = i + 2;
    c->body_end = body_end(s, c->body, b);
    return 0;
  }
  if (i + 1 < b && s[i] == ':' && s[i + 1] == '=') {
    c->body = i + 2;
  } else if (i < b && s[i] == ':') {
    int depth = 0; /* the type, up to ':=' at depth 0 */
    for (i++; i < b; i++) {
      if (s[i] == '(' || s[i] == '[' || s[i] == '{') depth++;
      if ((s[i] == ')' || s[i] == ']' || s[i] == '}') && depth > 0) depth--;
      if (depth == 0 && s[i] == ':' && i + 1 < b && s[i + 1] == '=') break;
      if (depth == 0 && s[i] == '|') break;
    }
    if (i + 1 >= b || s[i] != ':') {
      c->has_params = 1;
      return 0;
    }
    c->body = i + 2;
  } else {
    c->has_params = 1;
    return 0;
  }
  c->body_end = body_end(s, c->body, b);
  return 0;
}

/* Fill the names of an OPEN, NAMESPACE, SECTION or END command from
** s[i..end): identifiers separated by single spaces, up to `in`. */
static int fill_names(lean_file *f, lean_cmd *c, size_t i) {
  const char *s = f->text;
  size_t b = c->end, n = 0;
  if (i > b) i = b; /* a keyword at the very end of its command (found by fuzzing) */
  char *names = malloc(b - i + 2);
  if (!names) return -1;
  for (;;) {
    i = skip_ws(s, b, i);
    if (i < b && (s[i] == '(' || s[i] == ')')) {
      i++;
      continue;
    }
    size_t e = word_end(s, b, i);
    if (e == i) break;
    if (word_is(s, i, e, "in")) {
      c->scoped = 1;
      break;
    }
    if (n) names[n++] = ' ';
    memcpy(names + n, s + i, e - i);
    n += e - i;
    i = e;
  }
  names[n] = '\0';
  c->name = names;
  return 0;
}

/* Skip the modifiers before a declaration's keyword (private,
** noncomputable, @[attr], ...) from i. */
static size_t skip_modifiers(const char *s, size_t len, size_t i) {
  for (;;) {
    i = skip_ws(s, len, i);
    if (i + 1 < len && s[i] == '@' && s[i + 1] == '[') {
      int depth = 0;
      for (; i < len; i++) {
        if (s[i] == '[') depth++;
        if (s[i] == ']' && --depth == 0) break;
      }
      i++;
      continue;
    }
    size_t e = word_end(s, len, i);
    if (word_is(s, i, e, "private") || word_is(s, i, e, "protected") ||
        word_is(s, i, e, "noncomputable") || word_is(s, i, e, "partial") ||
        word_is(s, i, e, "unsafe")) {
      i = e;
      continue;
    }
    return i;
  }
}

static int index_lines(lean_file *f);

/* Set the kind of command cmd of f from its keyword s[kw..kw_end) (the
** command ends at end) and read its name, body or names.  0, or -1 when
** memory runs out. */
static int classify(lean_file *f, lean_cmd *cmd, size_t kw, size_t kw_end, size_t end) {
  const char *s = f->text;
  int rc = 0;
  if (word_is(s, kw, kw_end, "#eval") || word_is(s, kw, kw_end, "#eval!")) {
    cmd->kind = LEAN_CMD_EVAL;
    cmd->body_end = body_end(s, kw_end, end);
  } else if (word_is(s, kw, kw_end, "def") || word_is(s, kw, kw_end, "abbrev")) {
    cmd->kind = LEAN_CMD_DEF;
    rc = fill_def(f, cmd, kw_end);
  } else if (word_is(s, kw, kw_end, "import")) {
    cmd->kind = LEAN_CMD_IMPORT;
    rc = fill_names(f, cmd, kw_end);
  } else if (word_is(s, kw, kw_end, "open")) {
    cmd->kind = LEAN_CMD_OPEN;
    rc = fill_names(f, cmd, kw_end);
  } else if (word_is(s, kw, kw_end, "namespace") || word_is(s, kw, kw_end, "section") ||
             word_is(s, kw, kw_end, "end")) {
    cmd->kind = s[kw] == 'n' ? LEAN_CMD_NAMESPACE : s[kw] == 's' ? LEAN_CMD_SECTION : LEAN_CMD_END;
    rc = fill_names(f, cmd, kw_end);
  } else if (word_is(s, kw, kw_end, "example") || word_is(s, kw, kw_end, "theorem") ||
             word_is(s, kw, kw_end, "lemma") || word_is(s, kw, kw_end, "#guard")) {
    int claim = s[kw] == '#'   ? LEAN_CLAIM_GUARD
                : s[kw] == 'e' ? LEAN_CLAIM_EXAMPLE
                               : LEAN_CLAIM_THEOREM;
    if (lean_claim_fill(f, cmd, kw_end, claim == LEAN_CLAIM_GUARD ? body_end(s, kw_end, end) : end,
                        claim) != 0)
      return -1;
    cmd->kind = cmd->claim ? LEAN_CMD_CLAIM : LEAN_CMD_OTHER;
    if (!cmd->claim) cmd->body = cmd->body_end = kw_end;
  } else if (word_is(s, kw, kw_end, "#check") || word_is(s, kw, kw_end, "#print") ||
             word_is(s, kw, kw_end, "#reduce") || word_is(s, kw, kw_end, "#synth") ||
             word_is(s, kw, kw_end, "#where") || word_is(s, kw, kw_end, "#check_failure")) {
    cmd->kind = LEAN_CMD_INFO;
  } else {
    cmd->kind = LEAN_CMD_OTHER;
  }
  return rc;
}

/* Scan a file's text into commands (see lean_parse.h). */
int lean_file_scan(const char *path, const char *text, size_t len, lean_file **out, char *msg,
                   size_t cap) {
  lean_file *f = calloc(1, sizeof *f);
  cuts c = {0};
  *out = NULL;
  if (!f) goto oom;
  f->path = copy_range(path, 0, strlen(path));
  f->text = malloc(len + 1);
  if (!f->path || !f->text) goto oom;
  memcpy(f->text, text, len);
  f->text[len] = '\0';
  f->len = len;
  if (index_lines(f) != 0) goto oom;
  find_cuts(f->text, len, &c);
  if (c.oom) goto oom;
  f->cmds = calloc((size_t)c.n + 1, sizeof *f->cmds);
  if (!f->cmds) goto oom;
  const char *s = f->text;
  size_t doc_at = 0, doc_a = 0, doc_b = 0;
  int have_doc = 0, guard_pending = 0;
  lean_pos guard_pos = {0, 0};
  size_t guard_start = 0;
  char *guard_doc = NULL;
  for (int k = 0; k < c.n; k++) {
    cut *ct = &c.v[k];
    size_t end = k + 1 < c.n ? c.v[k + 1].at : len;
    if (ct->is_doc) {
      have_doc = 1;
      doc_at = ct->at;
      doc_a = ct->at + 3;
      doc_b = lean_block_comment_end(s, len, ct->at);
      if (doc_b >= doc_a + 2 && s[doc_b - 2] == '-' && s[doc_b - 1] == '/') doc_b -= 2;
      if (doc_b < doc_a) doc_b = doc_a;
      continue;
    }
    size_t kw = skip_modifiers(s, len, ct->at);
    size_t kw_end = word_end(s, len, kw);
    if (kw_end == kw) kw_end = ct->word_end;
    if (word_is(s, kw, kw_end, "#guard_msgs")) {
      free(guard_doc);
      guard_doc = NULL;
      guard_pending = 1;
      guard_start = have_doc ? doc_at : ct->at;
      guard_pos = lean_file_pos(f, kw);
      if (have_doc && !(guard_doc = copy_range(s, doc_a, doc_b))) goto oom_guard;
      have_doc = 0;
      continue;
    }
    lean_cmd *cmd = &f->cmds[f->n++];
    cmd->start = guard_pending ? guard_start : have_doc ? doc_at : ct->at;
    cmd->end = end;
    cmd->pos = lean_file_pos(f, kw);
    cmd->body = cmd->body_end = kw_end;
    if (guard_pending && ct->has_in) {
      /* #guard_msgs in open X in #eval e: the guard is the #eval's (both
      ** spans start at the guard, so that it belongs to the later one) */
    } else if (guard_pending) {
      cmd->guarded = 1;
      cmd->guard_pos = guard_pos;
      cmd->doc = guard_doc;
      guard_doc = NULL;
      guard_pending = 0;
    }
    have_doc = 0;
    int rc = classify(f, cmd, kw, kw_end, end);
    if (rc != 0) goto oom_guard;
    if (!cmd->name && !(cmd->name = copy_range("", 0, 0))) goto oom_guard;
    cmd->span = lean_file_pos(f, cmd->start);
    cmd->span_end = lean_file_pos(f, cmd->end);
  }
  free(guard_doc);
  free(c.v);
  *out = f;
  return 0;
oom_guard:
  free(guard_doc);
oom:
  free(c.v);
  lean_file_free(f);
  snprintf(msg, cap, "%s: out of memory", path);
  return -1;
}

/* Read and scan a file (see lean_parse.h). */
int lean_file_read(const char *path, lean_file **out, char *msg, size_t cap) {
  char *buf;
  size_t n;
  *out = NULL;
  if (lean_read_whole(path, &buf, &n, msg, cap) != 0) return -1;
  int rc = lean_file_scan(path, buf, n, out, msg, cap);
  free(buf);
  return rc;
}

/* Read a whole file; see lean_parse.h. */
int lean_read_whole(const char *path, char **out, size_t *len, char *msg, size_t cap) {
  *out = NULL;
  *len = 0;
  FILE *fp = fopen(path, "rb");
  if (!fp) {
    snprintf(msg, cap, "%s: cannot open: %s", path, strerror(errno));
    return -1;
  }
  size_t n = 0, size = 4096;
  char *buf = malloc(size);
  while (buf) {
    n += fread(buf + n, 1, size - n, fp);
    if (n < size) break;
    char *grown = size < ((size_t)1 << 30) ? realloc(buf, size * 2) : NULL;
    if (!grown) {
      free(buf);
      buf = NULL;
      break;
    }
    buf = grown;
    size *= 2;
  }
  int failed = ferror(fp);
  fclose(fp);
  if (!buf || failed) {
    const char *why = buf ? "" : ": out of memory or too large";
    free(buf);
    snprintf(msg, cap, "%s: cannot read%s", path, why);
    return -1;
  }
  *out = buf;
  *len = n;
  return 0;
}

/* Free a scanned file (see lean_parse.h). */
void lean_file_free(lean_file *f) {
  if (!f) return;
  for (int i = 0; i < f->n; i++) {
    free(f->cmds[i].doc);
    free(f->cmds[i].name);
  }
  free(f->cmds);
  free(f->line_starts);
  free(f->text);
  free(f->path);
  free(f);
}

/* The position of offset off in f (see lean_parse.h): the line from the
** table of line starts, the column by counting characters. */
lean_pos lean_file_pos(const lean_file *f, size_t off) {
  lean_pos p = {1, 0};
  if (off > f->len) off = f->len;
  if (!f->line_starts || f->nlines == 0) return lean_pos_advance(f->text, f->len, off, p);
  size_t lo = 0, hi = f->nlines; /* the last line start <= off */
  while (hi - lo > 1) {
    size_t mid = lo + (hi - lo) / 2;
    if (f->line_starts[mid] <= off)
      lo = mid;
    else
      hi = mid;
  }
  p.line = (int)lo + 1;
  for (size_t i = f->line_starts[lo]; i < off; i++)
    if (((unsigned char)f->text[i] & 0xC0) != 0x80) p.col++;
  return p;
}

/* Fill f's table of line starts; -1 when out of memory. */
static int index_lines(lean_file *f) {
  size_t n = 1;
  for (size_t i = 0; i < f->len; i++) n += f->text[i] == '\n';
  f->line_starts = malloc(n * sizeof *f->line_starts);
  if (!f->line_starts) return -1;
  f->nlines = 0;
  f->line_starts[f->nlines++] = 0;
  for (size_t i = 0; i < f->len; i++)
    if (f->text[i] == '\n') f->line_starts[f->nlines++] = i + 1;
  return 0;
}

/* The first message of a severity in a #guard_msgs docstring. */
int lean_doc_message(const char *doc, const char *severity, char *out, size_t cap) {
  size_t len = strlen(doc), sev = strlen(severity), a = 0;
  if (cap) out[0] = '\0';
  while (a <= len) {
    /* this message ends where a line "---" starts, or at the end */
    size_t b = len, after = len + 1;
    for (size_t i = a; i < len;) {
      size_t eol = i;
      while (eol < len && doc[eol] != '\n') eol++;
      size_t la = i, lb = eol;
      trim(doc, &la, &lb);
      if (lb - la == 3 && memcmp(doc + la, "---", 3) == 0) {
        b = i;
        after = eol + 1;
        break;
      }
      i = eol + 1;
    }
    size_t ma = a, mb = b;
    trim(doc, &ma, &mb);
    if (mb - ma > sev && memcmp(doc + ma, severity, sev) == 0 && doc[ma + sev] == ':') {
      ma += sev + 1;
      trim(doc, &ma, &mb);
      if (cap) {
        size_t n = mb - ma < cap - 1 ? mb - ma : cap - 1;
        memcpy(out, doc + ma, n);
        out[n] = '\0';
      }
      return 1;
    }
    a = after;
  }
  return 0;
}
