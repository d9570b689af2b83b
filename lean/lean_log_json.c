/*
** lean_log_json.c -- the JSON form of Lean's output (see lean_log.h): one
** message object per line, read with json-c; the fields Lean writes
** (severity, fileName, pos, data) are taken and the others ignored.
**
** json-c reads the syntax; this file checks the shape.  A syntax error is
** reported at the line and column where json-c stopped, a message of the
** wrong shape at the column where its object starts.
*/
#include "lean_log_int.h"

#include <json-c/json.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* The deepest nesting accepted in one message object. */
#define JSON_MAX_DEPTH 64

/* The largest line or column accepted in a "pos" object. */
#define JSON_MAX_POS 99999999

/* Whether c is JSON white space. */
static int json_ws(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

/* Parse ln[0..len) as one JSON value with json-c.  Returns the value (the
** caller puts it), or NULL with what[0..cap) and *at (a byte offset in the
** line) saying what is wrong and where. */
static json_object *json_read(const line *ln, char *what, size_t cap, size_t *at) {
  size_t i = 0;
  while (i < ln->len && json_ws(ln->s[i])) i++;
  if (i >= ln->len || ln->s[i] != '{' || ln->len > INT32_MAX) {
    snprintf(what, cap, "expected a JSON object (one message per line, as `lean --json` writes)");
    *at = i;
    return NULL;
  }
  struct json_tokener *tok = json_tokener_new_ex(JSON_MAX_DEPTH);
  if (!tok) {
    snprintf(what, cap, "out of memory");
    *at = 0;
    return NULL;
  }
  json_tokener_set_flags(tok, JSON_TOKENER_STRICT | JSON_TOKENER_ALLOW_TRAILING_CHARS);
  json_object *v = json_tokener_parse_ex(tok, ln->s, (int)ln->len);
  enum json_tokener_error e = json_tokener_get_error(tok);
  size_t end = json_tokener_get_parse_end(tok);
  json_tokener_free(tok);
  if (!v) {
    char c = end < ln->len ? ln->s[end] : 0;
    if (e == json_tokener_continue)
      snprintf(what, cap, "malformed JSON: the line ends inside the object");
    else if (c > ' ' && c < 0x7f)
      snprintf(what, cap, "malformed JSON: %s at '%c'", json_tokener_error_desc(e), c);
    else
      snprintf(what, cap, "malformed JSON: %s", json_tokener_error_desc(e));
    *at = end;
    return NULL;
  }
  while (end < ln->len && json_ws(ln->s[end])) end++;
  if (end < ln->len) {
    json_object_put(v);
    snprintf(what, cap, "text after the JSON object");
    *at = end;
    return NULL;
  }
  return v;
}

/* The severity Lean names sv: 0, or -1 when it is none of information,
** info, warning, error. */
static int json_severity(const char *sv, lean_severity *s) {
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

/* One non-negative integer member KEY of the pos object o into *v: 0, or
** -1 when it is missing or not such an integer. */
static int json_pos_int(json_object *o, const char *key, int *v) {
  json_object *n;
  if (!json_object_object_get_ex(o, key, &n) || !json_object_is_type(n, json_type_int)) return -1;
  int64_t x = json_object_get_int64(n);
  if (x < 0 || x > JSON_MAX_POS) return -1;
  *v = (int)x;
  return 0;
}

/* The fields of a message that are used. */
typedef struct json_msg {
  lean_severity sev;
  const char *file, *data;
  size_t file_len, data_len;
  lean_pos pos;
  int has_pos;
} json_msg;

/* The fields of the message object m into *out, checked; the strings
** point into m.  NULL, or what is wrong. */
static const char *json_fields(json_object *m, json_msg *out) {
  json_object *v;
  if (!json_object_is_type(m, json_type_object))
    return "expected a JSON object (one message per line, as `lean --json` writes)";
  if (!json_object_object_get_ex(m, "severity", &v)) return "no \"severity\" in the message";
  if (!json_object_is_type(v, json_type_string)) return "\"severity\" is not a string";
  if (json_severity(json_object_get_string(v), &out->sev) != 0)
    return "unknown \"severity\" (information, warning or error)";
  if (!json_object_object_get_ex(m, "data", &v)) return "no \"data\" in the message";
  if (!json_object_is_type(v, json_type_string)) return "\"data\" is not a string";
  out->data = json_object_get_string(v);
  out->data_len = (size_t)json_object_get_string_len(v);
  out->file = "";
  out->file_len = 0;
  if (json_object_object_get_ex(m, "fileName", &v) && v) {
    if (!json_object_is_type(v, json_type_string)) return "\"fileName\" is not a string or null";
    out->file = json_object_get_string(v);
    out->file_len = (size_t)json_object_get_string_len(v);
  }
  out->has_pos = json_object_object_get_ex(m, "pos", &v);
  if (out->has_pos &&
      (!json_object_is_type(v, json_type_object) || json_pos_int(v, "line", &out->pos.line) != 0 ||
       json_pos_int(v, "column", &out->pos.col) != 0))
    return "pos: expected an object with a non-negative integer \"line\" and \"column\"";
  return NULL;
}

/* One line of the JSON form: a message object; see lean_log_int.h. */
int lean_log_json_message(lean_log *l, const line *ln, int lineno, char *msg, size_t cap) {
  char what[160] = "";
  size_t at = 0;
  json_object *m = json_read(ln, what, sizeof what, &at);
  json_msg f = {0};
  const char *shape = m ? json_fields(m, &f) : NULL;
  if (shape) {
    snprintf(what, sizeof what, "%s", shape);
    at = 0;
    while (at < ln->len && json_ws(ln->s[at])) at++;
  }
  if (!m || shape) {
    lean_pos p = lean_pos_advance(ln->s, ln->len, at, (lean_pos){lineno, 0});
    snprintf(msg, cap, "%s:%d:%d: %s", l->path, p.line, p.col + 1, what);
    json_object_put(m);
    return -1;
  }
  int rc =
      lean_log_add_msg(l, f.sev, f.has_pos, f.pos, f.file, f.file_len, f.data, f.data_len, lineno);
  json_object_put(m);
  if (rc != 0) {
    snprintf(msg, cap, "%s: out of memory", l->path);
    return -1;
  }
  return 0;
}
