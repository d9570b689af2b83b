/*
** lean_parse.h -- the small part of Lean 4 that `layoutcheck lean` reads:
** the terms of `#eval` commands and the values Lean prints for them, and
** the command structure of a .lean file (which commands are `#eval`s,
** their `#guard_msgs` docstrings, `def`s of constants, `open` and
** `namespace`).
**
** Terms: applications `f a b`, parentheses, type ascriptions `(e : T)`
** (the type is skipped), lists `[a, b]`, tuples `(a, b)`, anonymous
** constructors `⟨a, b⟩`, structure instances `{ f := a, g := b }`,
** numerals (decimal, 0x, 0o, 0b), qualified names `A.B.c`, field notation
** `(e).f`, proofs `by TACTIC`, `_` and `sorry`, comments `--` and `/- -/`
** (nested), `let x := v; body` (or a line break for `;`: read as the body
** with x replaced by v) and lambdas of one binder `fun (s, d) => body`
** (kept for List.map over a literal list).  Everything else (operators,
** strings, negative numbers) is refused with a reason.  The same grammar reads Lean's `Repr`
*output:
** `[(8, 1)]`, `{ shape := 8, stride := 1 }`, `⟨8, _⟩`, `some x`, `true`.
**
** Positions follow Lean: lines are 1-based, columns 0-based and counted
** in UTF-8 characters.  Every function is total: any bytes (invalid UTF-8,
** NUL, unbalanced brackets) give a result or an error, never a crash.
*/
#ifndef LEAN_PARSE_H
#define LEAN_PARSE_H

#include "lo.h"

#include <stddef.h>

/* A position in Lean's convention: line 1-based, column 0-based (chars). */
typedef struct lean_pos {
  int line, col;
} lean_pos;

typedef enum {
  LEAN_NUM,    /* num */
  LEAN_NAME,   /* name: a (possibly dotted) identifier, or true/false/none */
  LEAN_APP,    /* kids[0] applied to kids[1..n) */
  LEAN_LIST,   /* [kids] */
  LEAN_TUPLE,  /* (kids), n >= 2; () is a tuple with n = 0 */
  LEAN_ANON,   /* ⟨kids⟩ */
  LEAN_STRUCT, /* { fields[i] := kids[i] } */
  LEAN_PROOF,  /* by ..., _, sorry: name holds the text */
  LEAN_FIELD,  /* kids[0].name */
  LEAN_FUN     /* fun kids[0] => kids[1]: one binder, a name or a tuple pattern */
} lean_expr_kind;

/* A term.  Owned by its parent; free the root with lean_expr_free. */
typedef struct lean_expr {
  lean_expr_kind kind;
  size_t off; /* byte offset of its first token in the parsed text */
  lo_int num;
  char *name;
  struct lean_expr **kids;
  char **fields;
  int n;
} lean_expr;

/* An error with a 1-based line and column (for FILE:LINE:COLUMN). */
typedef struct lean_error {
  int line, col;
  char text[256];
} lean_error;

/* Parse s[0..len) as one term.  base is the Lean position of s[0] in its
** file (errors are reported in that file's 1-based columns).  Returns 0
** with *out set, or -1 with *err set and *out NULL. */
int lean_parse_term(const char *s, size_t len, lean_pos base, lean_expr **out, lean_error *err);

/* Free a term and everything below it; e may be NULL. */
void lean_expr_free(lean_expr *e);

/* A copy of e (free it), or NULL when out of memory. */
lean_expr *lean_expr_copy(const lean_expr *e);

/* A copy of e with every name x replaced by a copy of v (and x.f by the
** field f of it), or NULL when out of memory.  A `fun` whose binder names
** x is left as it is. */
lean_expr *lean_expr_subst(const lean_expr *e, const char *x, const lean_expr *v);

/* Print a term back in Lean syntax, normalised ("f (g [(2, 1)]) 8").
** Returns 0, or -1 when it does not fit in buf[0..cap). */
int lean_expr_print(const lean_expr *e, char *buf, size_t cap);

/* The position in Lean's convention of byte offset off of s[0..len), s[0]
** being at base. */
lean_pos lean_pos_advance(const char *s, size_t len, size_t off, lean_pos base);

/* Copy s[0..len) into out[0..cap) on one line: comments removed, runs of
** white space made one space, trimmed; cut with "..." when too long.
** Control bytes and bytes that are not UTF-8 become '?', so that the line
** can be shown on a terminal as it is. */
void lean_one_line(const char *s, size_t len, char *out, size_t cap);

/* The length (1 to 4) of the well-formed UTF-8 character at s[0..len), or
** 0 when the bytes there are not one (len > 0). */
size_t lean_utf8_len(const char *s, size_t len);

/* ---------------------------------------------------------------------
** Commands of a .lean file.
*/
typedef enum {
  LEAN_CMD_EVAL,      /* #eval, #eval! */
  LEAN_CMD_DEF,       /* def, abbrev (name; params when it has binders) */
  LEAN_CMD_OPEN,      /* open A B [in]: names in name, separated by spaces */
  LEAN_CMD_NAMESPACE, /* namespace X */
  LEAN_CMD_SECTION,   /* section [X] */
  LEAN_CMD_END,       /* end [X] */
  LEAN_CMD_INFO,      /* #check, #print, #reduce, ...: prints one message */
  LEAN_CMD_GUARD,     /* #guard_msgs ... in: merged into the next command */
  LEAN_CMD_CLAIM,     /* example/theorem/lemma : LHS = RHS := ..., #guard LHS == RHS */
  LEAN_CMD_IMPORT,    /* import A.B C: the module names in name, separated by spaces */
  LEAN_CMD_OTHER      /* anything else (import, theorems with binders, #guard_msgs of a
                      ** non-#eval ...) */
} lean_cmd_kind;

/* The kinds of claims. */
enum { LEAN_CLAIM_EXAMPLE = 1, LEAN_CLAIM_THEOREM, LEAN_CLAIM_GUARD };

typedef struct lean_cmd {
  lean_cmd_kind kind;
  size_t start, end;         /* the whole command, docstring and #guard_msgs included */
  size_t body, body_end;     /* EVAL, DEF: the term; OPEN etc.: the arguments */
  lean_pos pos;              /* the keyword (#eval, def, ...) */
  lean_pos span, span_end;   /* start and end of the command in Lean positions */
  int guarded;               /* under #guard_msgs */
  lean_pos guard_pos;        /* the #guard_msgs keyword */
  char *doc;                 /* the #guard_msgs docstring (between the delimiters), or NULL */
  int scoped;                /* OPEN ... in: only for the next command */
  char *name;                /* DEF, NAMESPACE, SECTION, END, OPEN; "" otherwise */
  int has_params;            /* DEF with binders or equations: not a constant */
  size_t params, params_end; /* DEF with binders: their text; the body (when one
                             ** follows ':=') is in body..body_end */
  int claim;                 /* CLAIM: LEAN_CLAIM_*; the left side in body..body_end */
  size_t rhs, rhs_end;       /* CLAIM: the right side (empty: the claim is `true`) */
  size_t proof, proof_end;   /* CLAIM: the proof after ':=' (not for #guard) */
} lean_cmd;

typedef struct lean_file {
  char *path;
  char *text; /* the contents, NUL-terminated (may contain NUL bytes before len) */
  size_t len;
  size_t *line_starts; /* byte offset of each line */
  size_t nlines;
  lean_cmd *cmds;
  int n;
} lean_file;

/* Split text[0..len) (copied) into commands.  path is kept for messages.
** Returns 0 with *out set, or -1 (out of memory) with msg. */
int lean_file_scan(const char *path, const char *text, size_t len, lean_file **out, char *msg,
                   size_t cap);

/* Text appended to buf[0..cap): len bytes so far, always NUL-terminated;
** full once something did not fit (what is there stays, cut). */
typedef struct lean_out {
  char *buf;
  size_t cap, len;
  int full;
} lean_out;

/* Append printf-style text to o; nothing once o is full or has no room. */
void lean_out_put(lean_out *o, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* Read the whole file at path (Lean source or Lean's output, at most
** 1 GiB) into a new buffer *buf (free it) of *len bytes: 0, or -1 with
** "PATH: cannot open: ..." or "PATH: cannot read..." in msg[0..cap). */
int lean_read_whole(const char *path, char **buf, size_t *len, char *msg, size_t cap);

/* Read the file at path and scan it; -1 with "PATH: cannot open: ..." */
int lean_file_read(const char *path, lean_file **out, char *msg, size_t cap);

/* Fill claim command c (kind LEAN_CLAIM_*) from f's text [from..to),
** after its keyword (for #guard: up to its trailing comments): the name of
** a theorem, the two sides of its top-level "=" or "==" and the proof.
** An example or theorem with binders before its ':' is not concrete:
** c->claim stays 0.  0, or -1 when out of memory. */
int lean_claim_fill(lean_file *f, lean_cmd *c, size_t from, size_t to, int claim);

/* The expected value written in a comment after #eval command c: on the
** line of its term (`-- V`, `-- Should give V`, `-- Expected: V`) or on
** the next lines with a prefix (`-- Expected: V`).  Returns 1 with the
** text in out[0..cap) and *prefixed set when a prefix said it is a value;
** 0 when there is none. */
int lean_cmd_comment(const lean_file *f, const lean_cmd *c, char *out, size_t cap, int *prefixed);

/* Free a scanned file; f may be NULL. */
void lean_file_free(lean_file *f);

/* The Lean position of byte offset off of f's text. */
lean_pos lean_file_pos(const lean_file *f, size_t off);

/* Messages pinned by a #guard_msgs docstring ("info: X\n---\nerror: Y"):
** the first message of the given severity ("info", "error", "warning"),
** copied into out[0..cap).  Returns 1 when found, 0 when not. */
int lean_doc_message(const char *doc, const char *severity, char *out, size_t cap);

#endif /* LEAN_PARSE_H */
