/*
** conj_expr.h -- the expression language of user conjectures: a small
** language over the ops of `layoutcheck eval`, compiled once (tokenized,
** parsed, names resolved, type checked) and evaluated on each case.
**
** Grammar (lowest precedence first; `=>` groups to the right, `and` and
** `or` to the left, `.` to the right, comparisons do not chain):
**
**   expr    := or [ '=>' expr ]
**   or      := and { 'or' and }
**   and     := not { 'and' not }
**   not     := 'not' not | cmp
**   cmp     := compose [ ('==' | '!=' | '<' | '<=' | '>' | '>=') compose ]
**   compose := primary [ '.' compose ]
**   primary := INTEGER | 'true' | 'false' | QUOTED | VARIABLE
**            | OP '(' [ expr { ',' expr } ] ')'
**            | 'defined' '(' expr ')' | 'function' '(' expr ')'
**            | '(' expr ')'
**
** INTEGER is decimal digits; QUOTED is any text between single quotes (no
** escapes), an argument in the oracle's syntax such as '(2,2):(1,2)' or
** '{1,3}'; layouts, tuples and morphisms among them are put in canonical
** form.  VARIABLE is a name the caller binds; OP any op of lo_op_at.
** Names are [A-Za-z_][A-Za-z0-9_]*; and, or, not, true, false, defined and
** function are keywords.  White space is free between tokens.
**
** Limits, checked when compiling: parentheses, calls, 'not', '.' and '=>'
** nest at most 256 levels of the parser; the whole tree is at most 1000
** levels deep, where each operand of a chain of 'and' or 'or' counts one
** level.  A quoted literal must balance its brackets, and each of its
** items (separated by ';', or by white space outside brackets) that looks
** like a layout, tiler, morphism or tuple must parse as one.
**
** Types, checked at compile time:
**   value     an oracle text (layout, tuple, morphism, integer, ...):
**             literals, variables and calls of ops;
**   boolean   true, false, comparisons, and/or/not/=>, defined(E), and calls
**             of the predicate ops (names starting "is_", and congruent,
**             same_layout_function, mode_leq, tuple_divides, refines,
**             disjoint_images), which answer true or false;
**   function  function(E) for a value E: the list Phi(0..size-1) of the
**             layout E (or of the layout L_f of a morphism E); F . G for
**             functions: (F . G)(i) = F(G(i)), G applied first.
** Op arguments are values; and, or, not and => take booleans; '.' takes
** functions; == and != compare two operands of the same type (values as
** canonical texts, functions by length and values); < <= > >= compare two
** values that are integers.  An op called with an argument count the oracle
** refuses is a compile error too.
**
** Evaluation: and, or and => short-circuit left to right.  An oracle
** error, a comparison of values that are not integers, or F . G where some
** G(i) lies outside [0, length of F) make the expression UNDEFINED, unless
** they happen inside defined(...), which is then false.  function(E) of a
** layout larger than the caller's max_size makes it TOO_LARGE, even inside
** defined(...).
*/
#ifndef CONJ_EXPR_H
#define CONJ_EXPR_H

#include <stddef.h>
#include <stdint.h>

#define CONJ_MAX_VARS 8 /* variables one expression may see */

typedef enum conj_type { CONJ_VALUE, CONJ_BOOL, CONJ_FUNCTION } conj_type;

/* A compile error: where in the text (0-based byte offset; the length of
** the text for "at the end") and what. */
typedef struct conj_error {
  size_t offset;
  char msg[240];
} conj_error;

/* A compiled expression (opaque; owns a copy of its text). */
typedef struct conj_expr conj_expr;

/* Compile text with the variables vars[0..nvars) (bound by position when
** evaluating).  Returns 0 with *out (free it with conj_expr_free), or -1
** with *err and *out NULL. */
int conj_compile(const char *text, const char *const *vars, int nvars, conj_expr **out,
                 conj_error *err);
void conj_expr_free(conj_expr *e);

/* The type of the whole expression. */
conj_type conj_expr_type(const conj_expr *e);
/* "a value", "a boolean", "a function": for messages. */
const char *conj_type_name(conj_type t);
/* The outermost op the expression calls (the least deep call, leftmost
** among equals), or NULL when it calls none. */
const char *conj_expr_op(const conj_expr *e);

/* 0 when name can be a variable: a name of the grammar that is neither a
** keyword nor an op; else -1 with the reason in msg[0..cap). */
int conj_check_var_name(const char *name, char *msg, size_t cap);
/* Nonzero when op names an op of the oracle. */
int conj_is_op(const char *op);

/* What an evaluation sees. */
typedef struct conj_env {
  int argc;
  const char *const *argv; /* the values of the variables, in order */
  int64_t max_size;        /* function(E): the largest size enumerated */
} conj_env;

typedef enum conj_status {
  CONJ_OK = 0,
  CONJ_UNDEFINED, /* an oracle error (or an undefined '.' or comparison) */
  CONJ_TOO_LARGE, /* function(E) of a layout of size above max_size */
  CONJ_NO_MEMORY
} conj_status;

/* Evaluate e and write its value into out[0..cap): a value as the oracle
** prints it, true or false, a function as "[v0,v1,...]".  Any status but
** CONJ_OK writes the reason instead.  A value that does not fit is cut
** short, ending in "...". */
conj_status conj_eval(const conj_expr *e, const conj_env *env, char *out, size_t cap);

/* Evaluate a boolean expression into *holds.  When it is false, why gets
** an explanation: for a comparison each side's source and value, for
** `and` the first false operand, for `=>` its consequent, and so on.  Any
** status but CONJ_OK writes the reason into why. */
conj_status conj_holds(const conj_expr *e, const conj_env *env, int *holds, char *why, size_t cap);

#endif /* CONJ_EXPR_H */
