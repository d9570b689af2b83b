/*
** lo_eval_morph.c -- op handlers for Tuple and Nest morphisms (Chapter
** 3): encoding layouts, validity, the category operations, refinement's
** pullbacks and pushforwards, inclusions and weak composition.  See
** lo_eval_internal.h.
*/
#include "lo_eval_internal.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------ morphisms */

/* The op morphism L: standard representation f_L of a tractable layout. */
int op_morphism(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  lo_layout l;
  lo_morphism f;
  if (ev_get_layout(a, 0, &l, err) || lo_morphism_of_layout(&l, &f, err)) return err->code;
  ev_out_morphism(o, &f);
  return LO_OK;
}

/* The op layout f: the encoded layout L_f. */
int op_layout(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  lo_morphism f;
  lo_layout l;
  if (ev_get_morphism(a, 0, &f, err) || lo_morphism_layout(&f, &l, err)) return err->code;
  ev_out_layout(o, &l);
  return LO_OK;
}

/* The op is_standard_form f: Def 3.1.2.12 (with the n = 1 fix). */
int op_is_standard_form(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  lo_morphism f;
  if (ev_get_morphism(a, 0, &f, err)) return err->code;
  ev_out_bool(o, lo_morphism_is_standard(&f));
  return LO_OK;
}

/* true for a valid morphism, false for one whose map is not (a syntax
** error stays an error). */
int op_is_valid_morphism(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  lo_morphism f;
  int rc = lo_parse_morphism(a[0], &f, err);
  if (rc && rc != LO_EUNDEF) return ev_arg_fail(0, err);
  ev_out_bool(o, rc == LO_OK);
  return LO_OK;
}

/* A map "(a1,...,am)" with entries in {*,1..n}; tractable also asks for
** at most one preimage per position. */
static int map_test(ev_args a, int tractable, ev_out *o, lo_err *err) {
  lo_int n;
  int ok = 1, seen[LO_MAX_LEAVES + 1] = {0};
  const char *s = a[0];
  if (ev_get_int(a, 1, &n, err)) return err->code;
  while (*s == ' ') s++;
  if (*s++ != '(') return lo_fail(err, LO_ESYNTAX, "argument 1: expected '('");
  for (;;) {
    while (*s == ' ') s++;
    if (*s == ')') break;
    if (*s == '*') {
      s++;
    } else {
      char *end;
      long v = strtol(s, &end, 10);
      if (end == s) return lo_fail(err, LO_ESYNTAX, "argument 1: expected a position or '*'");
      if (v < 1 || v > n)
        ok = 0;
      else if (v <= LO_MAX_LEAVES && seen[v]++ && tractable)
        ok = 0;
      s = end;
    }
    while (*s == ' ') s++;
    if (*s == ',')
      s++;
    else if (*s != ')')
      return lo_fail(err, LO_ESYNTAX, "argument 1: expected ',' or ')'");
  }
  while (*++s == ' ')
    ;
  if (*s) return lo_fail(err, LO_ESYNTAX, "argument 1: text after ')'");
  ev_out_bool(o, ok);
  return LO_OK;
}

/* The op is_pointed_map "(map)" n: entries in {*,1..n}. */
int op_is_pointed_map(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  return map_test(a, 0, o, err);
}
/* The op is_tractable_map "(map)" n: pointed map with at most one preimage per position. */
int op_is_tractable_map(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  return map_test(a, 1, o, err);
}

/* The op identity S: id_S. */
int op_identity(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  lo_tuple s;
  lo_morphism f;
  if (ev_get_tuple(a, 0, &s, err)) return err->code;
  lo_morphism_identity(&s, &f);
  ev_out_morphism(o, &f);
  return LO_OK;
}

/* The op sum f g: f (+) g. */
int op_sum(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  return ev_mor2(lo_morphism_sum, a, o, err);
}

/* The op disjoint_images f g: no codomain position hit by both. */
int op_disjoint_images(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  lo_morphism f, g;
  if (ev_get_morphism(a, 0, &f, err) || ev_get_morphism(a, 1, &g, err)) return err->code;
  ev_out_bool(o, lo_morphism_disjoint_images(&f, &g));
  return LO_OK;
}

/* f restricted to entry i. */
int op_entry(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  lo_morphism f, r;
  int k;
  if (ev_get_morphism(a, 0, &f, err) || ev_get_pos(a, 1, f.dom.len, &k, err) ||
      lo_morphism_restrict(&f, &k, 1, &r, err))
    return err->code;
  ev_out_morphism(o, &r);
  return LO_OK;
}

/* The op factorize f {J}: f through the codomain entries J. */
int op_factorize(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  lo_morphism f, r;
  int idx[LO_MAX_LEAVES], n;
  if (ev_get_morphism(a, 0, &f, err) || ev_get_index_set(a, 1, idx, &n, err) ||
      lo_morphism_factorize(&f, idx, n, &r, err))
    return err->code;
  ev_out_morphism(o, &r);
  return LO_OK;
}

/* The op pullback f T': pullback along T' refining the codomain. */
int op_pullback(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  lo_morphism f, r;
  lo_tuple t;
  if (ev_get_morphism(a, 0, &f, err) || ev_get_tuple(a, 1, &t, err) || lo_pullback(&f, &t, &r, err))
    return err->code;
  ev_out_morphism(o, &r);
  return LO_OK;
}

/* The op pushforward f S': pushforward along S' refining the domain. */
int op_pushforward(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  lo_morphism f, r;
  lo_tuple t;
  if (ev_get_morphism(a, 0, &f, err) || ev_get_tuple(a, 1, &t, err) ||
      lo_pushforward(&f, &t, &r, err))
    return err->code;
  ev_out_morphism(o, &r);
  return LO_OK;
}

/* f' = i o pullback(f, T') for the prefix inclusion i : T' -> U'. */
int op_pullback_then_include(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  lo_morphism f, r;
  lo_tuple tp, up;
  if (ev_get_morphism(a, 0, &f, err) || ev_get_tuple(a, 1, &tp, err) ||
      ev_get_tuple(a, 2, &up, err) || lo_pullback_then_include(&f, &tp, &up, &r, err))
    return err->code;
  ev_out_morphism(o, &r);
  return LO_OK;
}

/* The op weak_composite f g: the weak composite g o f (f first, then g;
** the protocol lists f first, lo_weak_composite takes g first). */
int op_weak_composite(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  lo_morphism f, g, r;
  if (ev_get_morphism(a, 0, &f, err) || ev_get_morphism(a, 1, &g, err) ||
      lo_weak_composite(&g, &f, &r, err))
    return err->code;
  ev_out_morphism(o, &r);
  return LO_OK;
}

/* The inclusion of entry i (as an integer) or of mode i of S into S. */
static int inclusion(ev_args a, int whole_mode, ev_out *o, lo_err *err) {
  lo_tuple s;
  lo_morphism f;
  int k;
  if (ev_get_tuple(a, 0, &s, err)) return err->code;
  if (ev_get_pos(a, 1, whole_mode ? lo_tuple_rank(&s) : s.len, &k, err) ||
      (whole_mode ? lo_mode_inclusion(&s, k, &f, err) : lo_entry_inclusion(&s, k, &f, err)))
    return err->code;
  ev_out_morphism(o, &f);
  return LO_OK;
}

/* The op entry_inclusion S i: inclusion of entry i into S. */
int op_entry_inclusion(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  return inclusion(a, 0, o, err);
}
/* The op mode_inclusion S i: inclusion of mode i into S. */
int op_mode_inclusion(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  return inclusion(a, 1, o, err);
}

/* The op relative_mode_inclusion S' S i: incl_i(S',S). */
int op_relative_mode_inclusion(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  lo_tuple sp, s;
  lo_morphism f;
  lo_int k;
  if (ev_get_tuple(a, 0, &sp, err) || ev_get_tuple(a, 1, &s, err) || ev_get_int(a, 2, &k, err) ||
      lo_relative_mode_inclusion(&sp, &s, (int)(k > LO_MAX_LEAVES ? 0 : k), &f, err))
    return err->code;
  ev_out_morphism(o, &f);
  return LO_OK;
}

/* mode_i(f', S) = f' o incl_i(domain f', S). */
int op_relative_mode(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  lo_morphism f, r;
  lo_tuple s;
  lo_int k;
  if (ev_get_morphism(a, 0, &f, err) || ev_get_tuple(a, 1, &s, err) || ev_get_int(a, 2, &k, err) ||
      lo_relative_mode(&f, &s, (int)(k > LO_MAX_LEAVES ? 0 : k), &r, err))
    return err->code;
  ev_out_morphism(o, &r);
  return LO_OK;
}

/* "sort f; sort g" (Remark 3.1.5.19: sort is not a functor). */
int op_sort_not_functorial(int argc, ev_args a, ev_out *o, lo_err *err) {
  (void)argc;
  lo_morphism f, g, sf, sg;
  if (ev_get_morphism(a, 0, &f, err) || ev_get_morphism(a, 1, &g, err) ||
      lo_morphism_sort(&f, &sf, err) || lo_morphism_sort(&g, &sg, err))
    return err->code;
  ev_out_morphism(o, &sf);
  ev_out_str(o, "; ");
  ev_out_morphism(o, &sg);
  return LO_OK;
}
