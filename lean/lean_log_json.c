/*
** lean_log_json.c -- the JSON form of Lean's output (see lean_log.h): a
** small strict JSON reader that knows the fields of Lean's message objects
** and skips the others, one object per line.
*/
#include "lean_log_int.h"

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct jp {
  const char *s;
  size_t len, i;
  const char *err; /* the first problem */
  size_t err_at;
} jp;

/* Record the first JSON problem at the current offset; returns -1. */
static int jfail(jp *p, const char *what) {
  if (!p->err) {
    p->err = what;
    p->err_at = p->i;
  }
  return -1;
}

/* Skip JSON white space. */
static void jws(jp *p) {
  while (p->i < p->len &&
         (p->s[p->i] == ' ' || p->s[p->i] == '\t' || p->s[p->i] == '\r' || p->s[p->i] == '\n'))
    p->i++;
}

/* Append code point c to t as UTF-8. */
static void put_utf8(text *t, long c) {
  char b[4];
  size_t n;
  if (c < 0x80) {
    b[0] = (char)c;
    n = 1;
  } else if (c < 0x800) {
    b[0] = (char)(0xC0 | (c >> 6));
    b[1] = (char)(0x80 | (c & 0x3F));
    n = 2;
  } else if (c < 0x10000) {
    b[0] = (char)(0xE0 | (c >> 12));
    b[1] = (char)(0x80 | ((c >> 6) & 0x3F));
    b[2] = (char)(0x80 | (c & 0x3F));
    n = 3;
  } else {
    b[0] = (char)(0xF0 | (c >> 18));
    b[1] = (char)(0x80 | ((c >> 12) & 0x3F));
    b[2] = (char)(0x80 | ((c >> 6) & 0x3F));
    b[3] = (char)(0x80 | (c & 0x3F));
    n = 4;
  }
  lean_log_text_add(t, b, n, 0);
}

/* Four hex digits at p->i; -1 when not. */
static long hex4(jp *p) {
  long v = 0;
  if (p->len - p->i < 4) return -1;
  for (int k = 0; k < 4; k++) {
    char c = p->s[p->i + (size_t)k];
    int d = c >= '0' && c <= '9'   ? c - '0'
            : c >= 'a' && c <= 'f' ? c - 'a' + 10
            : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                   : -1;
    if (d < 0) return -1;
    v = v * 16 + d;
  }
  p->i += 4;
  return v;
}

/* A JSON string at p->i into t (when t is not NULL).  0 or -1. */
static int jstring(jp *p, text *t) {
  if (p->i >= p->len || p->s[p->i] != '"') return jfail(p, "expected a string");
  p->i++;
  while (p->i < p->len) {
    unsigned char c = (unsigned char)p->s[p->i];
    if (c == '"') {
      p->i++;
      if (t) lean_log_text_add(t, "", 0, 0);
      return 0;
    }
    if (c < 0x20) return jfail(p, "a control character in a string");
    if (c != '\\') {
      if (t) lean_log_text_add(t, p->s + p->i, 1, 0);
      p->i++;
      continue;
    }
    p->i++;
    if (p->i >= p->len) break;
    char e = p->s[p->i++];
    long cp;
    switch (e) {
      case '"':
      case '\\':
      case '/':
        cp = e;
        break;
      case 'b':
        cp = '\b';
        break;
      case 'f':
        cp = '\f';
        break;
      case 'n':
        cp = '\n';
        break;
      case 'r':
        cp = '\r';
        break;
      case 't':
        cp = '\t';
        break;
      case 'u':
        cp = hex4(p);
        if (cp < 0) return jfail(p, "expected four hex digits after \\u");
        if (cp >= 0xD800 && cp <= 0xDBFF && p->i + 1 < p->len && p->s[p->i] == '\\' &&
            p->s[p->i + 1] == 'u') {
          p->i += 2;
          long lo = hex4(p);
          if (lo < 0xDC00 || lo > 0xDFFF) return jfail(p, "a broken surrogate pair");
          cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
        } else if (cp >= 0xD800 && cp <= 0xDFFF) {
          cp = 0xFFFD;
        }
        break;
      default:
        p->i -= 2;
        return jfail(p, "an unknown escape in a string");
    }
    if (t) put_utf8(t, cp);
  }
  return jfail(p, "unterminated string");
}

/* A JSON number; its value in *v when it is a non-negative integer (else
** *is_int is 0).  0 or -1. */
static int jnumber(jp *p, long *v, int *is_int) {
  size_t a = p->i;
  *v = 0;
  *is_int = 1;
  if (p->i < p->len && p->s[p->i] == '-') {
    p->i++;
    *is_int = 0;
  }
  size_t d = p->i;
  while (p->i < p->len && p->s[p->i] >= '0' && p->s[p->i] <= '9') {
    if (*v < 100000000) *v = *v * 10 + (p->s[p->i] - '0');
    p->i++;
  }
  if (p->i == d) {
    p->i = a;
    return jfail(p, "expected a value");
  }
  if (p->i < p->len && p->s[p->i] == '.') {
    *is_int = 0;
    p->i++;
    while (p->i < p->len && p->s[p->i] >= '0' && p->s[p->i] <= '9') p->i++;
  }
  if (p->i < p->len && (p->s[p->i] == 'e' || p->s[p->i] == 'E')) {
    *is_int = 0;
    p->i++;
    if (p->i < p->len && (p->s[p->i] == '+' || p->s[p->i] == '-')) p->i++;
    while (p->i < p->len && p->s[p->i] >= '0' && p->s[p->i] <= '9') p->i++;
  }
  return 0;
}

/* After an object member: 1 past a ',' (another member follows), 0 past
** the closing '}', -1 with p's error otherwise. */
static int jafter_member(jp *p) {
  jws(p);
  if (p->i < p->len && p->s[p->i] == ',') {
    p->i++;
    return 1;
  }
  if (p->i < p->len && p->s[p->i] == '}') {
    p->i++;
    return 0;
  }
  return jfail(p, "expected ',' or '}'");
}

/* Read `"KEY" :` of an object member into *key (freed by the caller in
** every case), leaving p at the value.  0, or -1 with p's error. */
static int jkey(jp *p, text *key) {
  jws(p);
  if (jstring(p, key) != 0) return -1;
  jws(p);
  if (p->i >= p->len || p->s[p->i] != ':') return jfail(p, "expected ':'");
  p->i++;
  jws(p);
  return 0;
}

static int jskip(jp *p, int depth);

/* Skip the rest of an object or array; the opener was read. */
static int jskip_items(jp *p, int depth, char closer) {
  jws(p);
  if (p->i < p->len && p->s[p->i] == closer) {
    p->i++;
    return 0;
  }
  for (;;) {
    jws(p);
    if (closer == '}') {
      if (jstring(p, NULL) != 0) return -1;
      jws(p);
      if (p->i >= p->len || p->s[p->i] != ':') return jfail(p, "expected ':'");
      p->i++;
    }
    if (jskip(p, depth + 1) != 0) return -1;
    jws(p);
    if (p->i < p->len && p->s[p->i] == ',') {
      p->i++;
      continue;
    }
    if (p->i < p->len && p->s[p->i] == closer) {
      p->i++;
      return 0;
    }
    return jfail(p, closer == '}' ? "expected ',' or '}'" : "expected ',' or ']'");
  }
}

/* Skip one JSON value. */
static int jskip(jp *p, int depth) {
  long v;
  int is_int;
  jws(p);
  if (depth > 64) return jfail(p, "nesting too deep");
  if (p->i >= p->len) return jfail(p, "expected a value");
  char c = p->s[p->i];
  if (c == '{' || c == '[') {
    p->i++;
    return jskip_items(p, depth, c == '{' ? '}' : ']');
  }
  if (c == '"') return jstring(p, NULL);
  static const char *const words[] = {"true", "false", "null"};
  for (int k = 0; k < 3; k++) {
    size_t n = strlen(words[k]);
    if (p->len - p->i >= n && memcmp(p->s + p->i, words[k], n) == 0) {
      p->i += n;
      return 0;
    }
  }
  return jnumber(p, &v, &is_int);
}

/* A position object {"line": L, "column": C}. */
static int jpos(jp *p, lean_pos *pos) {
  int have_line = 0, have_col = 0;
  jws(p);
  if (p->i >= p->len || p->s[p->i] != '{') return jfail(p, "pos: expected an object");
  p->i++;
  jws(p);
  if (p->i < p->len && p->s[p->i] == '}') {
    p->i++;
    return jfail(p, "pos: no line and column");
  }
  for (;;) {
    text key = {0};
    if (jkey(p, &key) != 0) {
      free(key.s);
      return -1;
    }
    int is_line = key.s && !strcmp(key.s, "line"), is_col = key.s && !strcmp(key.s, "column");
    free(key.s);
    if (is_line || is_col) {
      long v;
      int is_int;
      size_t at = p->i;
      if (jnumber(p, &v, &is_int) != 0) return -1;
      if (!is_int || v > 99999999) {
        p->i = at;
        return jfail(p, "pos: expected a non-negative integer");
      }
      if (is_line) {
        pos->line = (int)v;
        have_line = 1;
      } else {
        pos->col = (int)v;
        have_col = 1;
      }
    } else if (jskip(p, 1) != 0) {
      return -1;
    }
    int more = jafter_member(p);
    if (more < 0) return -1;
    if (!more) break;
  }
  if (!have_line || !have_col) return jfail(p, "pos: no line or no column");
  return 0;
}

/* The fields of a message object that Lean writes. */
typedef struct jmsg {
  text sev, file, data;
  lean_pos pos;
  int has_pos, has_sev, has_data;
} jmsg;

/* Read one member "KEY": VALUE of a message object into *m (the first of
** each known key; the others are skipped).  0, or -1 with p's error. */
static int jmember(jp *p, jmsg *m) {
  text key = {0};
  if (jkey(p, &key) != 0) {
    free(key.s);
    return -1;
  }
  const char *k = key.s ? key.s : "";
  int r;
  if (!strcmp(k, "severity") && !m->has_sev) {
    r = jstring(p, &m->sev);
    m->has_sev = 1;
  } else if (!strcmp(k, "fileName") && !m->file.s) {
    r = p->i < p->len && p->s[p->i] == 'n' ? jskip(p, 1) : jstring(p, &m->file);
  } else if (!strcmp(k, "data") && !m->has_data) {
    r = jstring(p, &m->data);
    m->has_data = 1;
  } else if (!strcmp(k, "pos") && !m->has_pos) {
    r = jpos(p, &m->pos);
    m->has_pos = 1;
  } else {
    r = jskip(p, 1);
  }
  free(key.s);
  return r != 0 ? -1 : 0;
}

/* Read the whole line as one JSON object into *m.  0, or -1 with p's
** error. */
static int jobject(jp *p, jmsg *m) {
  jws(p);
  if (p->i >= p->len || p->s[p->i] != '{')
    return jfail(p, "expected a JSON object (one message per line, as `lean --json` writes)");
  p->i++;
  jws(p);
  if (p->i < p->len && p->s[p->i] == '}') {
    p->i++;
  } else {
    for (;;) {
      if (jmember(p, m) != 0) return -1;
      int more = jafter_member(p);
      if (more < 0) return -1;
      if (!more) break;
    }
  }
  jws(p);
  if (p->i < p->len) return jfail(p, "text after the JSON object");
  return 0;
}

/* The severity Lean names sv: 0, or -1 when it is none of information,
** info, warning, error. */
static int jseverity(const char *sv, lean_severity *s) {
  if (!strcmp(sv, "information") || !strcmp(sv, "info"))
    *s = LEAN_SEV_INFO;
  else if (!strcmp(sv, "warning"))
    *s = LEAN_SEV_WARNING;
  else if (!strcmp(sv, "error"))
    *s = LEAN_SEV_ERROR;
  else
    return -1;
  return 0;
}

/* One line of the JSON form: a message object; see lean_log_int.h. */
int lean_log_json_message(lean_log *l, const line *ln, int lineno, char *msg, size_t cap) {
  jp p = {ln->s, ln->len, 0, NULL, 0};
  jmsg m = {0};
  lean_severity s;
  int rc = -1;
  if (jobject(&p, &m) != 0) goto done;
  if (!m.has_sev || !m.has_data) {
    p.i = 0;
    jfail(&p, !m.has_sev ? "no \"severity\" in the message" : "no \"data\" in the message");
    goto done;
  }
  if (jseverity(m.sev.s ? m.sev.s : "", &s) != 0) {
    p.i = 0;
    jfail(&p, "unknown \"severity\" (information, warning or error)");
    goto done;
  }
  if (m.sev.oom || m.file.oom || m.data.oom ||
      lean_log_add_msg(l, s, m.has_pos, m.pos, m.file.s ? m.file.s : "", m.file.len,
                       m.data.s ? m.data.s : "", m.data.len, lineno) != 0) {
    snprintf(msg, cap, "%s: out of memory", l->path);
    rc = -2;
    goto done;
  }
  rc = 0;
done:
  if (rc == -1) {
    lean_pos at = lean_pos_advance(ln->s, ln->len, p.err_at, (lean_pos){lineno, 0});
    snprintf(msg, cap, "%s:%d:%d: %s", l->path, at.line, at.col + 1, p.err);
  }
  free(m.sev.s);
  free(m.file.s);
  free(m.data.s);
  return rc == 0 ? 0 : -1;
}
