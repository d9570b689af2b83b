/*
** conj_tree.h -- the compiled form of a conjecture expression, shared by
** its parser (conj_expr.c) and its evaluator (conj_eval.c).
*/
#ifndef CONJ_TREE_H
#define CONJ_TREE_H

#include "conj_expr.h"

#include <stddef.h>

#define MAX_KIDS   8                 /* arguments of one call */
#define MAX_DEPTH  1000              /* depth of the tree, which evaluation recurses */
#define MAX_RESULT ((size_t)1 << 24) /* longest oracle answer read */
#define SHOW_LEN   160               /* characters of a value in a message */

/* ------------------------------------------------------------ the tree */

typedef enum node_kind {
  N_LITERAL, /* text: a value */
  N_BOOL,    /* index: 0 or 1 */
  N_VAR,     /* index: the variable */
  N_CALL,    /* text: the op; kid: the arguments */
  N_DEFINED,
  N_FUNCTION,
  N_COMPOSE, /* kid[0] . kid[1] */
  N_EQ,
  N_NE,
  N_LT,
  N_LE,
  N_GT,
  N_GE,
  N_AND,
  N_OR,
  N_NOT,
  N_IMPLIES
} node_kind;

typedef struct node {
  node_kind kind;
  conj_type type;
  size_t start, end; /* the node's text: [start, end) */
  char *text;        /* owned */
  int index;
  int depth; /* 1 for a leaf, else 1 + the deepest kid */
  int n;     /* kids */
  struct node *kid[MAX_KIDS];
} node;

struct conj_expr {
  char *text; /* the source */
  node *root;
};

#endif
