/*
** eval_json.h -- the answers of `layoutcheck eval --json`: one JSON object
** per request, as docs/eval.schema.json describes.
*/
#ifndef EVAL_JSON_H
#define EVAL_JSON_H

#include <stddef.h>
#include <stdio.h>

/* Print on f (no newline) the answer to op on argv[0..argc) as a JSON
** object: {"op", "args", "result"} when code is 0 (LO_OK), else {"op",
** "args", "error": {"kind", "message", "argument"?, "column"?}, "hint"?},
** text[0..n) being the result or the message.  lineno > 0 adds "line"
** (the request's line of a batch).  op may be NULL (a request with no op:
** "op" is null) and hint NULL or empty (no "hint"). */
void eval_json_answer(FILE *f, unsigned long long lineno, const char *op, int argc,
                      const char *const *argv, int code, const char *text, size_t n,
                      const char *hint);

/* The name of an oracle error code in the "kind" of an error: "syntax",
** "undefined", "overflow", "limit", "unsupported", "space"; "request" for
** any other code (a request line that is not one: too long, no op). */
const char *eval_json_kind(int code);

#endif /* EVAL_JSON_H */
