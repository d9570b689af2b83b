/*
** p_whitepaper.h -- the post-conditions that PyCuTe's documentation
** (docs/04_layout_algebra.md and the docstrings of pycute/algebra.py,
** after C. Cecka's whitepaper, arXiv:2603.02298) states for the ops of the
** layout algebra, as properties whose op under test may be evaluated by
** another implementation.
**
** Each check evaluates the op it is about (coalesce, composition,
** complement, ...) through wp_call: by the oracle's plain op (lo_eval)
** when the check context carries no caller (x->data NULL, the ordinary
** property run), else by the caller, which a run against a system under
** test attaches (run/fuzz_wp.c).  Everything else a check does (sizes,
** depths, layout functions point by point, equality of layouts) is the
** oracle's.
*/
#ifndef P_WHITEPAPER_H
#define P_WHITEPAPER_H

#include "gen.h"

#include <stddef.h>

/* What a caller's call returns. */
typedef enum {
  WP_ANSWERED = 0, /* out holds the answer line (an "error: ..." line for a refusal) */
  WP_PENDING = 1,  /* not answered yet: the request was recorded, ask again later */
  WP_BROKEN = -1   /* the implementation failed on it (crash, hang, garbage): out says how */
} wp_status;

/* Evaluates one request line "OP ARG..." (the batch protocol's form).
** The answer, or why there is none, goes to out[0..cap). */
typedef struct wp_caller {
  wp_status (*call)(void *ud, const char *request, char *out, size_t cap);
  void *ud;
} wp_caller;

/* The post-condition properties (the table lives in the registry of
** properties.h as prop_whitepaper_table). */
extern const gen_property prop_whitepaper_table[];
extern const int prop_whitepaper_count;

/* Nonzero when p is one of them (a property that can run against a
** system under test). */
int wp_is_postcondition(const gen_property *p);

#endif /* P_WHITEPAPER_H */
