/*
** lean_log.c -- Lean's output in its three forms (see lean_log.h).
**
** The log is cut into lines first (a '\r' before '\n' is dropped); each
** form then groups lines into messages.  The JSON form is read by a small
** strict JSON reader that knows the fields Lean writes and skips the
** others (lean_log_json.c).
*/
#include "lean_log_int.h"

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- lines and messages ------------------------------------------------ */

/* Cut text into lines; *n gets their count.  NULL when out of memory. */
static line *split_lines(const char *text, size_t len, int *n) {
  size_t count = 1;
  for (size_t i = 0; i < len; i++) count += text[i] == '\n';
  line *v = malloc(count * sizeof *v);
  if (!v) return NULL;
  int k = 0;
  size_t a = 0;
  for (size_t i = 0; i <= len; i++) {
    if (i < len && text[i] != '\n') continue;
    if (i == len && a == len && k > 0) break; /* no empty last line */
    size_t b = i;
    if (b > a && text[b - 1] == '\r') b--;
    v[k++] = (line){text + a, b - a};
    a = i + 1;
  }
  *n = k;
  return v;
}

/* Append a message (file and text copied; text is s[0..len)).  -1 when
** out of memory. */
int lean_log_add_msg(lean_log *l, lean_severity sev, int has_pos, lean_pos pos, const char *file,
                     size_t file_len, const char *text, size_t len, int log_line) {
  if (l->n == l->cap) {
    int cap = l->cap ? 2 * l->cap : 32;
    lean_msg *m = realloc(l->msgs, (size_t)cap * sizeof *m);
    if (!m) return -1;
    l->msgs = m;
    l->cap = cap;
  }
  lean_msg *m = &l->msgs[l->n];
  memset(m, 0, sizeof *m);
  m->file = malloc(file_len + 1);
  m->text = malloc(len + 1);
  if (!m->file || !m->text) {
    free(m->file);
    free(m->text);
    return -1;
  }
  memcpy(m->file, file, file_len);
  m->file[file_len] = '\0';
  /* drop trailing white space and blank lines */
  while (len > 0 && (text[len - 1] == '\n' || text[len - 1] == ' ' || text[len - 1] == '\t' ||
                     text[len - 1] == '\r'))
    len--;
  memcpy(m->text, text, len);
  m->text[len] = '\0';
  m->severity = sev;
  m->has_pos = has_pos;
  m->pos = pos;
  m->log_line = log_line;
  l->n++;
  return 0;
}

/* Append s[0..n) to t, with a newline before it when newline is set. */
void lean_log_text_add(text *t, const char *s, size_t n, int newline) {
  if (t->oom) return;
  size_t need = t->len + n + 2;
  if (need > t->cap) {
    size_t cap = t->cap ? t->cap : 128;
    while (cap < need) cap *= 2;
    char *g = realloc(t->s, cap);
    if (!g) {
      t->oom = 1;
      return;
    }
    t->s = g;
    t->cap = cap;
  }
  if (newline) t->s[t->len++] = '\n';
  memcpy(t->s + t->len, s, n);
  t->len += n;
  t->s[t->len] = '\0';
}

/* --- positions in text lines ------------------------------------------- */

/* Read digits at s[*i]; -1 when there are none or too many. */
long lean_log_digits(const char *s, size_t len, size_t *i) {
  long v = 0;
  size_t a = *i;
  while (*i < len && s[*i] >= '0' && s[*i] <= '9' && *i - a < 9) v = v * 10 + (s[(*i)++] - '0');
  if (*i == a || (*i < len && s[*i] >= '0' && s[*i] <= '9')) return -1;
  return v;
}

/* Severity word at s[*i] followed by ':'; advances past the ':'. */
static int severity_at(const char *s, size_t len, size_t *i, lean_severity *sev) {
  static const char *const words[] = {"error", "warning", "info", "information"};
  static const lean_severity sevs[] = {LEAN_SEV_ERROR, LEAN_SEV_WARNING, LEAN_SEV_INFO,
                                       LEAN_SEV_INFO};
  for (int k = 0; k < 4; k++) {
    size_t n = strlen(words[k]);
    if (len - *i >= n + 1 && memcmp(s + *i, words[k], n) == 0 && s[*i + n] == ':') {
      *i += n + 1;
      *sev = sevs[k];
      return 1;
    }
  }
  return 0;
}

/* Find "FILE:LINE:COL: " at the start of s[a..len): set the file's end, the
** position and where the rest starts.  The file is everything before the
** first ":LINE:COL: " (file names with such a pattern inside are not
** supported). */
static int file_pos_at(const char *s, size_t len, size_t a, size_t *file_end, lean_pos *pos,
                       size_t *rest) {
  for (size_t i = a; i < len; i++) {
    if (s[i] != ':' || i == a) continue;
    size_t j = i + 1;
    long l = lean_log_digits(s, len, &j);
    if (l < 0 || j >= len || s[j] != ':') continue;
    j++;
    long c = lean_log_digits(s, len, &j);
    if (c < 0 || j >= len || s[j] != ':') continue;
    j++;
    if (j < len && s[j] == ' ') j++;
    *file_end = i;
    pos->line = (int)l;
    pos->col = (int)c;
    *rest = j;
    return 1;
  }
  return 0;
}

/* A plain-form positioned line "FILE:L:C: error: TEXT". */
static int plain_positioned(const line *ln, size_t *file_end, lean_pos *pos, lean_severity *sev,
                            size_t *rest) {
  size_t r;
  if (!file_pos_at(ln->s, ln->len, 0, file_end, pos, &r)) return 0;
  if (!severity_at(ln->s, ln->len, &r, sev)) return 0;
  if (r < ln->len && ln->s[r] == ' ') r++;
  *rest = r;
  return 1;
}

/* A lake-form message line "info: FILE:L:C: TEXT". */
static int lake_positioned(const line *ln, size_t *file_start, size_t *file_end, lean_pos *pos,
                           lean_severity *sev, size_t *rest) {
  size_t i = 0;
  if (!severity_at(ln->s, ln->len, &i, sev)) return 0;
  if (i < ln->len && ln->s[i] == ' ') i++;
  *file_start = i;
  return file_pos_at(ln->s, ln->len, i, file_end, pos, rest);
}

/* Does the line start with s? */
static int starts(const line *ln, const char *s) {
  size_t n = strlen(s);
  return ln->len >= n && memcmp(ln->s, s, n) == 0;
}

/* One of lake's own status lines (not part of a message). */
static int lake_status(const line *ln) {
  static const char *const prefixes[] = {"\xE2\x9C\x94", /* ✔ */
                                         "\xE2\x9C\x96", /* ✖ */
                                         "\xE2\x9A\xA0", /* ⚠ */
                                         "\xE2\x84\xB9", /* ℹ */
                                         "\xE2\xA3",     /* braille spinner */
                                         "Build completed",
                                         "Some required builds logged failures",
                                         "error: build failed",
                                         "error: Lean exited with code",
                                         "trace: ",
                                         "Building ",
                                         "Compiling ",
                                         "Built "};
  for (size_t k = 0; k < sizeof prefixes / sizeof prefixes[0]; k++)
    if (starts(ln, prefixes[k])) return 1;
  return 0;
}

/* Bracket balance of a line: opening minus closing ( [ { ⟨. */
static int balance(const line *ln) {
  int b = 0;
  for (size_t i = 0; i < ln->len; i++) {
    unsigned char c = (unsigned char)ln->s[i];
    if (c == '(' || c == '[' || c == '{') b++;
    if (c == ')' || c == ']' || c == '}') b--;
    if (c == 0xE2 && i + 2 < ln->len && (unsigned char)ln->s[i + 1] == 0x9F) {
      if ((unsigned char)ln->s[i + 2] == 0xA8) b++;
      if ((unsigned char)ln->s[i + 2] == 0xA9) b--;
    }
  }
  return b;
}

/* Is the line blank? */
static int blank(const line *ln) {
  for (size_t i = 0; i < ln->len; i++)
    if (ln->s[i] != ' ' && ln->s[i] != '\t') return 0;
  return 1;
}

/* --- the plain form ---------------------------------------------------- */

/* Lines v[i..*end) with balanced brackets: one bare value (stops before a
** positioned line). */
static void bare_run(const line *v, int n, int i, int *end) {
  int b = balance(&v[i]), k = i + 1;
  size_t fe, r;
  lean_pos p;
  lean_severity sev;
  while (b > 0 && k < n && !plain_positioned(&v[k], &fe, &p, &sev, &r)) b += balance(&v[k++]);
  *end = k;
}

/* Does v[i..end) read as a Lean value (a number, list, tuple, structure,
** anonymous constructor, true/false/none/some x)? */
static int reads_as_value(const line *v, int i, int end) {
  size_t len = (size_t)(v[end - 1].s + v[end - 1].len - v[i].s);
  lean_expr *e;
  lean_error err;
  lean_pos base = {1, 0};
  int array = len > 1 && v[i].s[0] == '#' && v[i].s[1] == '['; /* an Array: #[1, 2] */
  if (lean_parse_term(v[i].s + array, len - (size_t)array, base, &e, &err) != 0) return 0;
  int ok =
      e->kind != LEAN_NAME && e->kind != LEAN_APP && e->kind != LEAN_FIELD && e->kind != LEAN_PROOF;
  if (e->kind == LEAN_NAME)
    ok = !strcmp(e->name, "true") || !strcmp(e->name, "false") || !strcmp(e->name, "none");
  if (e->kind == LEAN_APP && e->kids[0]->kind == LEAN_NAME) ok = !strcmp(e->kids[0]->name, "some");
  lean_expr_free(e);
  return ok;
}

/* Group the lines of a plain log into messages. */
static int parse_plain(lean_log *l, const line *v, int n) {
  int i = 0;
  while (i < n) {
    size_t fe, rest;
    lean_pos pos;
    lean_severity sev;
    if (blank(&v[i])) {
      i++;
      continue;
    }
    text t = {0};
    if (plain_positioned(&v[i], &fe, &pos, &sev, &rest)) {
      int start = i;
      lean_log_text_add(&t, v[i].s + rest, v[i].len - rest, 0);
      int depth = balance(&v[i]);
      for (i++; i < n; i++) {
        size_t fe2, r2;
        lean_pos p2;
        lean_severity s2;
        const line *ln = &v[i];
        if (plain_positioned(ln, &fe2, &p2, &s2, &r2)) break;
        size_t k = 0;
        int cont = depth > 0 || blank(ln) || ln->s[0] == ' ' || ln->s[0] == '\t' ||
                   severity_at(ln->s, ln->len, &k, &s2) || starts(ln, "trace:");
        if (!cont) {
          int end;
          bare_run(v, n, i, &end);
          cont = !reads_as_value(v, i, end);
        }
        if (!cont) break;
        depth += balance(ln);
        if (depth < 0) depth = 0;
        lean_log_text_add(&t, ln->s, ln->len, 1);
      }
      if (t.oom ||
          lean_log_add_msg(l, sev, 1, pos, v[start].s, fe, t.s ? t.s : "", t.len, start + 1) != 0) {
        free(t.s);
        return -1;
      }
    } else {
      int start = i, end;
      bare_run(v, n, i, &end);
      for (; i < end; i++) lean_log_text_add(&t, v[i].s, v[i].len, i > start);
      lean_pos none = {0, 0};
      if (t.oom || lean_log_add_msg(l, LEAN_SEV_INFO, 0, none, "", 0, t.s ? t.s : "", t.len,
                                    start + 1) != 0) {
        free(t.s);
        return -1;
      }
    }
    free(t.s);
  }
  return 0;
}

/* --- the lake form ----------------------------------------------------- */

/* Group the lines of a lake build log into messages. */
static int parse_lake(lean_log *l, const line *v, int n) {
  int i = 0;
  while (i < n) {
    size_t fs, fe, rest;
    lean_pos pos;
    lean_severity sev;
    if (!lake_positioned(&v[i], &fs, &fe, &pos, &sev, &rest)) {
      i++; /* a status line or stray text */
      continue;
    }
    int start = i;
    text t = {0};
    lean_log_text_add(&t, v[i].s + rest, v[i].len - rest, 0);
    for (i++; i < n; i++) {
      size_t a, b, r;
      lean_pos p2;
      lean_severity s2;
      if (lake_positioned(&v[i], &a, &b, &p2, &s2, &r) || lake_status(&v[i])) break;
      lean_log_text_add(&t, v[i].s, v[i].len, 1);
    }
    int rc = t.oom ? -1
                   : lean_log_add_msg(l, sev, 1, pos, v[start].s + fs, fe - fs, t.s ? t.s : "",
                                      t.len, start + 1);
    free(t.s);
    if (rc != 0) return -1;
  }
  return 0;
}

/* --- reading ----------------------------------------------------------- */

/* "auto", "json", "plain", "lake". */
const char *lean_log_format_name(lean_log_format f) {
  return f == LEAN_LOG_JSON    ? "json"
         : f == LEAN_LOG_PLAIN ? "plain"
         : f == LEAN_LOG_LAKE  ? "lake"
                               : "auto";
}

/* The format named s. */
int lean_log_format_parse(const char *s, lean_log_format *f) {
  for (int k = LEAN_LOG_AUTO; k <= LEAN_LOG_LAKE; k++)
    if (!strcmp(s, lean_log_format_name((lean_log_format)k))) {
      *f = (lean_log_format)k;
      return 0;
    }
  return -1;
}

/* Guess the form of a log from its lines. */
static lean_log_format detect(const line *v, int n) {
  for (int i = 0; i < n; i++) {
    if (blank(&v[i])) continue;
    /* a JSON object starts with a key: {"...; Lean's structures with a field name */
    size_t k = 0;
    while (k < v[i].len && (v[i].s[k] == ' ' || v[i].s[k] == '\t')) k++;
    if (k < v[i].len && v[i].s[k] == '{') {
      k++;
      while (k < v[i].len && (v[i].s[k] == ' ' || v[i].s[k] == '\t')) k++;
      if (k == v[i].len || v[i].s[k] == '"' || v[i].s[k] == '}') return LEAN_LOG_JSON;
    }
    break;
  }
  for (int i = 0; i < n; i++) {
    size_t fs, fe, r;
    lean_pos p;
    lean_severity s;
    if (lake_positioned(&v[i], &fs, &fe, &p, &s, &r) || lake_status(&v[i])) return LEAN_LOG_LAKE;
  }
  return LEAN_LOG_PLAIN;
}

/* Parse a log (see lean_log.h). */
/* Refuse what is not text: a NUL byte, or bytes that are not UTF-8 (a
** binary file given as a log).  0, or -1 with "PATH:LINE:COLUMN: what". */
static int check_text(const char *path, const char *text, size_t len, char *msg, size_t cap) {
  int line = 1, col = 1;
  for (size_t i = 0; i < len;) {
    size_t n = lean_utf8_len(text + i, len - i);
    if (n == 0 || text[i] == '\0') {
      snprintf(msg, cap, "%s:%d:%d: not a text log (byte 0x%02X): give what Lean printed", path,
               line, col, (unsigned char)text[i]);
      return -1;
    }
    if (text[i] == '\n') line++, col = 0;
    col++;
    i += n;
  }
  return 0;
}

/* Parse Lean's output in text_in; see lean_log.h. */
int lean_log_parse(const char *path, const char *text_in, size_t len, lean_log_format fmt,
                   lean_log **out, char *msg, size_t cap) {
  int n = 0, rc = 0;
  *out = NULL;
  if (check_text(path, text_in, len, msg, cap) != 0) return -1;
  lean_log *l = calloc(1, sizeof *l);
  line *v = split_lines(text_in, len, &n);
  if (l) l->path = malloc(strlen(path) + 1);
  if (!l || !v || !l->path) {
    free(v);
    lean_log_free(l);
    snprintf(msg, cap, "%s: out of memory", path);
    return -1;
  }
  strcpy(l->path, path);
  l->format = fmt == LEAN_LOG_AUTO ? detect(v, n) : fmt;
  if (l->format == LEAN_LOG_JSON) {
    for (int i = 0; i < n && rc == 0; i++)
      if (!blank(&v[i])) rc = lean_log_json_message(l, &v[i], i + 1, msg, cap);
  } else {
    rc = l->format == LEAN_LOG_LAKE ? parse_lake(l, v, n) : parse_plain(l, v, n);
    if (rc != 0) snprintf(msg, cap, "%s: out of memory", path);
  }
  free(v);
  if (rc != 0) {
    lean_log_free(l);
    return -1;
  }
  *out = l;
  return 0;
}

/* Read and parse a log file (see lean_log.h). */
int lean_log_read(const char *path, lean_log_format fmt, lean_log **out, char *msg, size_t cap) {
  char *buf;
  size_t n;
  *out = NULL;
  if (lean_read_whole(path, &buf, &n, msg, cap) != 0) return -1;
  int rc = lean_log_parse(path, buf, n, fmt, out, msg, cap);
  free(buf);
  return rc;
}

/* Free a log (see lean_log.h). */
void lean_log_free(lean_log *l) {
  if (!l) return;
  for (int i = 0; i < l->n; i++) {
    free(l->msgs[i].file);
    free(l->msgs[i].text);
  }
  free(l->msgs);
  free(l->path);
  free(l);
}

/* --- tying messages to commands ---------------------------------------- */

/* a < b in (line, column) order. */
static int pos_less(lean_pos a, lean_pos b) {
  return a.line < b.line || (a.line == b.line && a.col < b.col);
}

/* s without its leading "./" parts. */
static const char *strip_dot(const char *s) {
  while (s[0] == '.' && s[1] == '/') s += 2;
  return s;
}

/* Do two paths name the same file: equal, or one ends with "/" + the
** other (after dropping leading "./"). */
static int same_file(const char *a, const char *b) {
  a = strip_dot(a);
  b = strip_dot(b);
  size_t la = strlen(a), lb = strlen(b);
  if (la == lb) return strcmp(a, b) == 0;
  const char *longer = la > lb ? a : b, *shorter = la > lb ? b : a;
  size_t ll = la > lb ? la : lb, ls = la > lb ? lb : la;
  return ls > 0 && longer[ll - ls - 1] == '/' && strcmp(longer + ll - ls, shorter) == 0;
}

/* The index of the command whose span holds pos, or -1: the last command
** starting at or before pos (commands are in file order), when pos is
** before its end or it is the last one. */
static int command_at(const lean_file *f, lean_pos pos) {
  int lo = 0, hi = f->n;
  while (lo < hi) {
    int mid = lo + (hi - lo) / 2;
    if (pos_less(pos, f->cmds[mid].span))
      hi = mid;
    else
      lo = mid + 1;
  }
  int k = lo - 1;
  if (k < 0) return -1;
  if (pos_less(pos, f->cmds[k].span_end) || k == f->n - 1) return k;
  return -1;
}

/* A malloc'd copy of s, or NULL. */
static char *dup(const char *s) {
  char *d = malloc(strlen(s) + 1);
  if (d) strcpy(d, s);
  return d;
}

/* Is an error message the mismatch report of #guard_msgs? */
static int guard_mismatch(const char *text) {
  return strstr(text, "#guard_msgs") != NULL &&
         (strstr(text, "does not match") != NULL || strstr(text, "Docstring") != NULL);
}

/* Tie messages to commands (see lean_log.h). */
/* The last path component of p. */
static const char *base_name(const char *p) {
  const char *slash = strrchr(p, '/');
  return slash ? slash + 1 : p;
}

/* Which positioned messages of log are about f: set *use_other when none
** names f but some name a file of f's name elsewhere (a log made in
** another directory), which are then used.  1 with note when messages
** name files but none of f's name: a log of another file. */
static int pick_file(const lean_log *log, const lean_file *f, int *use_other, char *note,
                     size_t cap) {
  int matched = 0, named = 0;
  const char *elsewhere = NULL, *other = NULL;
  *use_other = 0;
  for (int i = 0; i < log->n; i++) {
    const lean_msg *m = &log->msgs[i];
    if (!m->has_pos || !m->file[0]) continue;
    named++;
    if (same_file(m->file, f->path))
      matched++;
    else if (strcmp(base_name(m->file), base_name(f->path)) == 0)
      elsewhere = elsewhere ? elsewhere : m->file;
    else
      other = other ? other : m->file;
  }
  if (named == 0 || matched > 0) return 0;
  if (elsewhere) {
    *use_other = 1;
    snprintf(note, cap, "%s names the file %s, not %s: its messages were used", log->path,
             elsewhere, f->path);
    return 0;
  }
  snprintf(note, cap, "%s is a log of %s, not of %s: give the log Lean wrote for %s", log->path,
           other, f->path, f->path);
  return 1;
}

/* Is message m about f (with pick_file's choice)? */
static int about(const lean_msg *m, const lean_file *f, int use_other) {
  if (!m->has_pos) return 0;
  if (!m->file[0] || same_file(m->file, f->path)) return 1;
  return use_other && strcmp(base_name(m->file), base_name(f->path)) == 0;
}

/* A positioned message m about f must lie inside f, and a value must be
** where Lean puts it, at the #eval keyword of its command k: otherwise the
** log is of another file or of another version of f.  0, or 1 with note. */
static int check_place(const lean_log *log, const lean_file *f, const lean_msg *m, int k,
                       char *note, size_t cap) {
  if (m->pos.line < 1 || (size_t)m->pos.line > f->nlines + 1) {
    snprintf(note, cap,
             "%s:%d: a message at line %d, past the end of %s (%zu lines): not a log of this "
             "file",
             log->path, m->log_line, m->pos.line, f->path, f->nlines);
    return 1;
  }
  const lean_cmd *c = k >= 0 ? &f->cmds[k] : NULL;
  if (c && c->kind == LEAN_CMD_EVAL && m->severity == LEAN_SEV_INFO &&
      (m->pos.line != c->pos.line || m->pos.col != c->pos.col)) {
    snprintf(note, cap,
             "%s:%d: a value at line %d, column %d, where %s has no #eval (the #eval of line %d "
             "starts at column %d): a log of another version of the file? make it again",
             log->path, m->log_line, m->pos.line, m->pos.col, f->path, c->pos.line, c->pos.col);
    return 1;
  }
  return 0;
}

/* Tie the messages to the commands; see lean_log.h. */
int lean_log_assign(const lean_log *log, const lean_file *f, lean_found *found, char *note,
                    size_t cap) {
  int use_other;
  char spare[1];
  if (!cap) note = spare, cap = 1;
  note[0] = '\0';
  if (pick_file(log, f, &use_other, note, cap)) return 1;
  for (int i = 0; i < log->n; i++) {
    const lean_msg *m = &log->msgs[i];
    if (!about(m, f, use_other)) continue;
    int k = command_at(f, m->pos);
    if (check_place(log, f, m, k, note, cap)) return 1;
    if (k < 0) continue;
    lean_found *fd = &found[k];
    if (m->severity == LEAN_SEV_INFO && !fd->value) {
      if (!(fd->value = dup(m->text))) return -1;
      fd->log_line = m->log_line;
    } else if (m->severity == LEAN_SEV_ERROR) {
      if (guard_mismatch(m->text)) {
        fd->guard_failed = 1;
      } else if (!fd->error) {
        if (!(fd->error = dup(m->text))) return -1;
        if (!fd->value) fd->log_line = m->log_line;
      }
    }
  }
  /* bare messages, by order, to the commands that print one */
  int bare = 0, expecting = 0, next_msg = 0;
  for (int i = 0; i < log->n; i++) bare += !log->msgs[i].has_pos;
  if (bare == 0) return 0;
  for (int k = 0; k < f->n; k++) {
    const lean_cmd *c = &f->cmds[k];
    lean_found *fd = &found[k];
    if (c->kind != LEAN_CMD_EVAL && c->kind != LEAN_CMD_INFO) continue;
    if (fd->error || fd->value || (c->guarded && !fd->guard_failed)) continue;
    expecting++;
    while (next_msg < log->n && log->msgs[next_msg].has_pos) next_msg++;
    if (next_msg >= log->n) continue;
    const lean_msg *m = &log->msgs[next_msg++];
    if (c->kind == LEAN_CMD_EVAL) {
      if (!(fd->value = dup(m->text))) return -1;
      fd->log_line = m->log_line;
    }
  }
  if (expecting != bare) {
    snprintf(note, cap,
             "%s has %d unpositioned message%s for the %d commands of %s that print one: not a "
             "log of this file as it is (a log from `lean --json` has positions)",
             log->path, bare, bare == 1 ? "" : "s", expecting, f->path);
    return 1;
  }
  return 0;
}

/* Free the strings of found[0..n). */
void lean_found_clear(lean_found *found, int n) {
  for (int i = 0; i < n; i++) {
    free(found[i].value);
    free(found[i].error);
    found[i].value = found[i].error = NULL;
  }
}
