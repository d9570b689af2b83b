/*
** lean_map.h -- the mapping from a Lean formalization's functions to the
** oracle's ops: the built-in map (the naming of the Lean design of the
** project's seeds: `mkLayout [(s, d), ...]`, `FlatLayout.coalesce`, ...),
** loading a map from YAML, translating an `#eval` term into oracle
** requests, reading Lean's printed values and printing the oracle's values
** in Lean syntax.
**
** A map file (lean/default-map.yaml is the built-in map written out):
**
**   base: default            # optional: start from the built-in map
**   namespace: CuTe          # optional root namespace of the names
**   layout_repr: pairs       # how layouts print: pairs | modes | structs
**   header: |                # optional: the first lines of `lean emit` files
**     import CuTe
**   functions:
**     - {lean: FlatLayout.complement, op: complement, args: [layout, int],
**        result: layout, compare: exact, gen: complementable}
**
** Kinds: int (a natural number), bool, layout (a flat layout: a list of
** (shape, stride) modes), tuple (a list of naturals), nested (a nested
** tuple, `NestedTuple.node [NestedTuple.leaf 2, ...]`), morphism (only
** passed between functions: Tuple and Nest morphisms), and for results
** `option KIND` (none when the oracle refuses).  Ops: any op of `layoutcheck eval`, and id (the
** argument itself: constructors such as mkLayout), colex (S X: the
** colexicographic index of the coordinates X in the shape S, a tuple or a
** layout's shape), colex_inverse (S x: the coordinates of x < size S),
** codomain (L: the codomain of the standard morphism f_L).  compare:
** exact (default), function (same size and layout function), coalesced
** (equal after CuTe's coalesce).
*/
#ifndef LEAN_MAP_H
#define LEAN_MAP_H

#include "lean_parse.h"
#include "lo.h"

#include <stddef.h>

#define LEAN_MAX_ARGS 4

/* TENSOR, LIST and FUN serve the tensor libraries (lean_views.h): a tensor
** (its shape and elements) is only passed between functions, a list is a
** long list of integers (toList), a fun a lambda in a definition. */
typedef enum {
  LEAN_T_INT,
  LEAN_T_BOOL,
  LEAN_T_LAYOUT,
  LEAN_T_TUPLE,
  LEAN_T_MORPHISM,
  LEAN_T_TENSOR,
  LEAN_T_LIST,
  LEAN_T_FUN,
  LEAN_T_NESTED
} lean_kind;
#define LEAN_T_LAST LEAN_T_NESTED

typedef struct lean_type {
  lean_kind kind;
  int option; /* results only: Option KIND */
} lean_type;

typedef enum { LEAN_CMP_EXACT, LEAN_CMP_FUNCTION, LEAN_CMP_COALESCED } lean_compare;
typedef enum { LEAN_REPR_PAIRS, LEAN_REPR_MODES, LEAN_REPR_STRUCTS } lean_repr;

/* One function of the map. */
typedef struct lean_fn {
  char *lean; /* the Lean name, "FlatLayout.complement" */
  char *op;   /* an op of `layoutcheck eval`, or id, colex, colex_inverse, codomain */
  int nargs;
  lean_kind args[LEAN_MAX_ARGS];
  lean_type result;
  lean_compare compare;
  char *gen;     /* emit: the generator of inputs, or NULL */
  int line, col; /* where the entry is in its file (1-based); 0 when built in */
} lean_fn;

typedef struct lean_map {
  char *path; /* the YAML file, or "(built-in)" */
  char *root; /* the root namespace (names match with or without it), or "" */
  lean_repr layout_repr;
  char *header; /* the first lines of emitted files */
  lean_fn *fns;
  int n, cap;
} lean_map;

/* The built-in map; NULL when out of memory. */
lean_map *lean_map_default(void);

/* Load a map from a YAML file.  Returns 0 with *out set, or -1 with
** "PATH:LINE:COLUMN: what" in msg (unknown and duplicate keys, wrong
** kinds, unknown ops or generators, malformed YAML, anchors and tags). */
int lean_map_load(const char *path, lean_map **out, char *msg, size_t cap);

/* Free a map; m may be NULL. */
void lean_map_free(lean_map *m);

/* Do two maps hold the same settings and functions (positions aside)?
** When not, why[0..cap) says where they first differ. */
int lean_map_equal(const lean_map *a, const lean_map *b, char *why, size_t cap);

/* Names: "int", "layout", "option layout", "exact", "pairs". */
const char *lean_kind_name(lean_kind k);
void lean_type_name(lean_type t, char *buf, size_t cap);
const char *lean_compare_name(lean_compare c);
const char *lean_repr_name(lean_repr r);

/* The map's constructor of layouts (op id from a layout), or NULL. */
const lean_fn *lean_map_ctor(const lean_map *m);

/* The elements of a tensor (row-major) or of a list, and what made them. */
#define LEAN_ELEM_CAP 1024
typedef struct lean_tensor {
  int n;
  lo_int elem[LEAN_ELEM_CAP];
  char dims[256];    /* Einlean's typed tensors: the einops side of its atoms, "b (h w)" */
  char sizes[256];   /* and their sizes, "b=2,h=3,w=4"; both "" when unknown */
  char origin[1024]; /* the oracle request that computed the elements */
} lean_tensor;

/* ---------------------------------------------------------------------
** Values.  A layout is flat (its modes); trivial marks the oracle's 1:0,
** CuTe's way of writing the layout of size 1, which stands for [] and
** [(1, 0)] alike.
*/
typedef struct lean_value {
  lean_type type;
  int error;   /* an error: the oracle refused, or Lean reported one (msg) */
  int invalid; /* Lean printed something that is not a value of the kind (msg) */
  int none;    /* Option: none */
  lo_int num;  /* INT; BOOL (0 or 1) */
  lo_layout layout;
  lo_tuple tuple; /* TUPLE (flat), NESTED */
  lo_morphism morph;
  int trivial;
  char msg[256];
  lean_tensor tensor; /* TENSOR (shape in tuple), LIST (its elements) */
} lean_value;

/* Read Lean's printed value (text) as a value of type t.  Returns 0, or
** -1 with why[0..cap) when the text is not a value of that kind (a parse
** error, a missing field).  A value that reads but breaks the rules of the
** kind (a shape 0) is returned with invalid set. */
int lean_value_read(const lean_map *m, lean_type t, const char *text, lean_value *out, char *why,
                    size_t cap);

/* Read a value in the oracle's syntax (an `eval` argument or result) as
** type t: layouts and tuples are flattened.  -1 with why when it does not
** parse. */
int lean_value_from_oracle(lean_type t, const char *text, lean_value *out, char *why, size_t cap);

/* The oracle's text of a value, as an `eval` argument. */
int lean_value_oracle_text(const lean_value *v, char *buf, size_t cap);

/* Print a value as Lean prints it (the map's layout_repr): "[(8, 1)]",
** "some 5", "true"; an error as "error: MESSAGE". */
int lean_value_print(const lean_map *m, const lean_value *v, char *buf, size_t cap);

/* Write a value as a Lean term for an argument: "8", "[2, 3]",
** "(mkLayout [(2, 1)])" (the map's constructor, when it has one). */
int lean_value_term(const lean_map *m, const lean_value *v, char *buf, size_t cap);

/* Compare Lean's value with the oracle's under rule c: 1 agree, 0
** disagree (why says how). */
int lean_value_compare(lean_compare c, const lean_value *lean, const lean_value *oracle, char *why,
                       size_t cap);

/* How large the input of an oracle request ("complement (2,2):(1,4) 16")
** is, for ordering inputs from small to large: *count the numbers in its
** arguments, *sum their sum (saturating). */
void lean_request_size(const char *request, long long *count, long long *sum);

/* Apply fn to args with the oracle: the result in *out (an oracle error
** sets out->error, or none for an Option result).  request[0..cap) gets
** the oracle request ("complement (2):(2) 8"). */
void lean_call(const lean_fn *fn, const lean_value *args, lean_value *out, char *request,
               size_t cap);

/* ---------------------------------------------------------------------
** Scopes and translation.
*/
typedef struct lean_def {
  char *name;            /* qualified, root namespace removed */
  size_t body, body_end; /* in the file's text (a function's: after ':=', when it has one) */
  int has_params;
  size_t params, params_end; /* a function's binders */
  int line;                  /* of the keyword */
  const lean_file *file;     /* where it is defined: the file, or one it imports */
} lean_def;

/* What a command of the file sees: namespaces, opens, definitions. */
typedef struct lean_scope {
  char **ns; /* the enclosing namespaces, qualified (root removed), innermost last */
  int *ns_is_section;
  int nns, ns_cap;
  char **opens;    /* opened namespaces, qualified variants included */
  int *open_depth; /* nns when opened (dropped at the matching end) */
  int nopens, open_cap;
  int scoped_from; /* opens from here on are for the next command only, or -1 */
  lean_def *defs;
  int ndefs, def_cap;
} lean_scope;

void lean_scope_init(lean_scope *s);
void lean_scope_free(lean_scope *s);

/* Take in one command of the file (in order): namespace, section, end,
** open, def.  Call it after handling the command itself.  -1 when out of
** memory.  The definitions keep f: it must outlive the scope. */
int lean_scope_command(lean_scope *s, const lean_map *m, const lean_file *f, const lean_cmd *c);

/* Add the definitions of the files that f imports (`import A.B` is
** A/B.lean in f's directory or the nearest one above it that has it;
** modules not found, such as Mathlib's, are passed over), and of the files
** they import, to scope s.  The files read are appended to *files (*n of
** them; free each with lean_file_free, then the array); they must outlive
** s.  0, or -1 with msg (an imported file that cannot be read, out of
** memory). */
int lean_scope_imports(lean_scope *s, const lean_map *m, const lean_file *f, lean_file ***files,
                       int *n, char *msg, size_t cap);

/* The translation of one #eval term. */
typedef struct lean_translation {
  int ok;               /* translated: value holds the oracle's answer */
  char reason[256];     /* untranslatable: why */
  const lean_fn *fn;    /* the outermost function (its compare rule) */
  char own[160];        /* the outermost function is defined in the file: its name
                        ** there; "" when it is only the map's */
  int own_line;         /* and the line of its definition */
  const char *own_file; /* and its file (the checked one, or one it imports) */
  lean_value value;     /* the oracle's value, of fn's result type */
  char request[1024];   /* the outermost oracle request */
} lean_translation;

/* Translate the #eval term e of file f, in scope s (definitions are
** parsed from f's text), into oracle requests and evaluate them. */
void lean_translate(const lean_map *m, const lean_scope *s, const lean_file *f, const lean_expr *e,
                    lean_translation *out);

#endif /* LEAN_MAP_H */
