/* test_lean.c -- unit tests of `layoutcheck lean`: the Lean term and value
** parser and the command scanner (lean/lean_parse.c), the log reader
** (lean/lean_log.c), the map, translation and comparison (lean/lean_map.c),
** the lean_checks table (store/db.c), and random bytes through every parser. */
#include "store.h"
#include "lean_log.h"
#include "lean_map.h"
#include "lean_parse.h"
#include "t.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <sqlite3.h>

static char tmp_dir[64];

/* The path of a file in tmp_dir (a static buffer, one of four). */
static const char *tmp_path(const char *name) {
  static char buf[4][256];
  static int next;
  char *p = buf[next++ % 4];
  snprintf(p, sizeof buf[0], "%s/%s", tmp_dir, name);
  return p;
}

/* Write text to a file; 0 or -1. */
static int write_file(const char *path, const char *text) {
  FILE *f = fopen(path, "wb");
  if (!f) return -1;
  size_t n = strlen(text);
  int ok = fwrite(text, 1, n, f) == n;
  return fclose(f) == 0 && ok ? 0 : -1;
}

/* Nonzero when s contains part. */
static int has(const char *s, const char *part) { return s && strstr(s, part) != NULL; }

/* Parse and print a term: the printed text, or "error: COL: TEXT". */
static const char *reprint(const char *s) {
  static char out[512];
  lean_expr *e;
  lean_error err;
  lean_pos base = {1, 0};
  if (lean_parse_term(s, strlen(s), base, &e, &err) != 0) {
    snprintf(out, sizeof out, "error: %d: %s", err.col, err.text);
    return out;
  }
  if (lean_expr_print(e, out, sizeof out) != 0) snprintf(out, sizeof out, "(too long)");
  lean_expr_free(e);
  return out;
}

/* --- terms ------------------------------------------------------------- */

static void test_terms(void) {
  T_EQ_STR(reprint("f (g [(2, 1)]) 8"), "f (g [(2, 1)]) 8");
  T_EQ_STR(reprint("  FlatLayout.coalesce   (mkLayout [(2,1),(2,2)])  -- done"),
           "FlatLayout.coalesce (mkLayout [(2, 1), (2, 2)])");
  T_EQ_STR(reprint("coalesce [(\xE2\x9F\xA8"
                   "2, by omega\xE2\x9F\xA9, 1)]"),
           "coalesce [(\xE2\x9F\xA8"
           "2, by _\xE2\x9F\xA9, 1)]");
  T_EQ_STR(reprint("complement L (8 : \xE2\x84\x95+)"), "complement L 8");
  T_EQ_STR(reprint("{ shape := 2, stride := 1 }"), "{ shape := 2, stride := 1 }");
  T_EQ_STR(reprint("(TupleMorphism.id [2, 3]).toLayout"), "(TupleMorphism.id [2, 3]).toLayout");
  T_EQ_STR(reprint("(f x).a.b"), "(f x).a.b");
  T_EQ_STR(reprint("f /- a /- nested -/ comment -/ 0x10 0b11 0o7"), "f 16 3 7");
  T_EQ_STR(reprint("some [(8, 1)]"), "some [(8, 1)]");
  T_EQ_STR(reprint("()"), "()");
  T_EQ_STR(reprint("f\n  [(2, 1),\n   (3, 2)]"), "f [(2, 1), (3, 2)]");
  T_EQ_STR(reprint("\xCE\xB1\xE2\x82\x81 x"), "\xCE\xB1\xE2\x82\x81 x"); /* α₁ x */
  /* let: the body with the name replaced; a line break ends the value */
  T_EQ_STR(reprint("let L := mkLayout [(2, 1)]; complement L 4"),
           "complement (mkLayout [(2, 1)]) 4");
  T_EQ_STR(reprint("let L := mkLayout [(2, 1),\n  (3, 2)]\nlet n := 12\nL.complement n"),
           "(mkLayout [(2, 1), (3, 2)]).complement 12");
  T_EQ_STR(reprint("let x := 1; fun x => x"), "fun x => x"); /* shadowed */
  /* lambdas, kept for List.map */
  T_EQ_STR(reprint("List.map (fun (s, d) => (pnat s, d)) [(2, 1)]"),
           "List.map (fun (s, d) => (pnat s, d)) [(2, 1)]");
  T_EQ_STR(reprint("[(2, 1)].map fun p => p"), "[(2, 1)].map (fun p => p)");
  /* refused, with the column (1-based, in characters) */
  T_EQ_STR(reprint("coalesce L ++ L"), "error: 12: operator '++' is not supported");
  T_EQ_STR(reprint("fun x y => x"), "error: 7: expected '=>' after the binder of a lambda (one "
                                    "binder), found 'y'");
  T_EQ_STR(reprint("let x := 1"), "error: 11: expected ';' or a new line after the value of 'x', "
                                  "found end of input");
  T_EQ_STR(reprint("let x := 1; "), "error: 13: expected a term, found end of input");
  T_EQ_STR(reprint("let := 1; x"), "error: 5: expected a name after 'let', found ':='");
  T_EQ_STR(reprint("f \"s\""), "error: 3: string literals are not supported");
  T_EQ_STR(reprint("f -1"), "error: 3: negative numbers are not supported");
  T_EQ_STR(reprint("f 1.5"), "error: 3: decimal fractions are not supported");
  T_EQ_STR(reprint("f (2, 3"),
           "error: 8: expected ',' or the end of the tuple, found end of input");
  T_EQ_STR(reprint("[1, 2"), "error: 6: expected ',' or the end of the list, found end of input");
  T_EQ_STR(reprint("f /- open"), "error: 3: unterminated comment");
  T_EQ_STR(reprint("f 99999999999999999999"), "error: 3: the numeral does not fit in 63 bits");
  T_EQ_STR(reprint(""), "error: 1: expected a term, found end of input");
  T_EQ_STR(reprint("\xE2\x9F\xA8"
                   "a, b\xE2\x9F\xA9 \xC3"),
           "error: 8: invalid UTF-8");
  T_EQ_STR(reprint("{ x with a := 1 }"), "error: 5: structure updates ('with') are not supported");
  T_EQ_STR(reprint("f x.1"), "error: 4: operator '.' is not supported");
  /* deep nesting is an error, not a stack overflow */
  char deep[3001];
  memset(deep, '(', 3000);
  deep[3000] = '\0';
  T_CHECK(has(reprint(deep), "nesting too deep"));
  memset(deep, '[', 3000);
  T_CHECK(has(reprint(deep), "nesting too deep"));
}

/* --- commands ---------------------------------------------------------- */

static void test_scan(void) {
  const char *text = "import CuTe\n"
                     "open CuTe FlatLayout\n"
                     "/-- a doc -/\n"
                     "def L1 : FlatLayout := mkLayout [(2, 1)]\n"
                     "def f (x : Nat) := x\n"
                     "#eval coalesce L1 -- c\n"
                     "  -- more\n"
                     "/-- info: [(8, 1)] -/\n"
                     "#guard_msgs in\n"
                     "#eval coalesce\n"
                     "  (mkLayout [(2, 1), (4, 2)])\n"
                     "#guard_msgs (whitespace := lax) in #eval 1\n"
                     "open Foo in #eval 2\n"
                     "namespace A.B\n"
                     "end A.B\n"
                     "theorem t : 1 = 1 := by\n"
                     "  rfl\n"
                     "#check t\n"
                     "-- #eval hidden\n"
                     "/- #eval hidden -/\n"
                     "#eval \"#eval not\"\n"
                     "/-- info: 3 -/\n"
                     "#guard_msgs in open Foo in\n"
                     "#eval 3\n";
  lean_file *f;
  char msg[256];
  T_EQ_INT(lean_file_scan("t.lean", text, strlen(text), &f, msg, sizeof msg), 0);
  if (!f) return;
  int evals = 0;
  for (int i = 0; i < f->n; i++) evals += f->cmds[i].kind == LEAN_CMD_EVAL;
  T_EQ_INT(evals, 6);
  T_EQ_INT(f->n, 16);
  if (f->n == 16) {
    T_EQ_INT(f->cmds[1].kind, LEAN_CMD_OPEN);
    T_EQ_STR(f->cmds[1].name, "CuTe FlatLayout");
    T_EQ_INT(f->cmds[2].kind, LEAN_CMD_DEF);
    T_EQ_STR(f->cmds[2].name, "L1");
    T_EQ_INT(f->cmds[2].has_params, 0);
    T_EQ_INT(f->cmds[2].span.line, 3); /* the docstring is part of the def */
    T_EQ_INT(f->cmds[3].has_params, 1);
    const lean_cmd *e = &f->cmds[4];
    T_EQ_INT(e->kind, LEAN_CMD_EVAL);
    T_EQ_INT(e->pos.line, 6);
    T_EQ_INT(e->pos.col, 0);
    T_CHECK(!strncmp(f->text + e->body, " coalesce L1", e->body_end - e->body));
    T_EQ_INT((int)(e->body_end - e->body), 12);
    const lean_cmd *g = &f->cmds[5];
    T_EQ_INT(g->kind, LEAN_CMD_EVAL);
    T_EQ_INT(g->guarded, 1);
    T_EQ_INT(g->guard_pos.line, 9);
    T_EQ_INT(g->pos.line, 10);
    T_EQ_INT(g->span.line, 8);
    T_EQ_STR(g->doc, " info: [(8, 1)] ");
    T_EQ_INT(f->cmds[6].guarded, 1);
    T_EQ_INT(f->cmds[6].pos.col, 35);
    T_CHECK(f->cmds[6].doc == NULL);
    T_EQ_INT(f->cmds[7].kind, LEAN_CMD_OPEN);
    T_EQ_INT(f->cmds[7].scoped, 1);
    T_EQ_INT(f->cmds[8].kind, LEAN_CMD_EVAL);
    T_EQ_INT(f->cmds[9].kind, LEAN_CMD_NAMESPACE);
    T_EQ_STR(f->cmds[9].name, "A.B");
    T_EQ_INT(f->cmds[10].kind, LEAN_CMD_END);
    T_EQ_INT(f->cmds[11].kind, LEAN_CMD_CLAIM); /* theorem t : 1 = 1 */
    T_EQ_INT(f->cmds[11].claim, LEAN_CLAIM_THEOREM);
    T_EQ_INT(f->cmds[12].kind, LEAN_CMD_INFO);
    T_EQ_INT(f->cmds[13].kind, LEAN_CMD_EVAL);
    T_EQ_INT(f->cmds[13].pos.line, 21);
    T_EQ_INT(f->cmds[14].kind, LEAN_CMD_OPEN); /* a guard before `open X in` is the #eval's */
    T_EQ_INT(f->cmds[14].guarded, 0);
    T_EQ_INT(f->cmds[15].guarded, 1);
    T_EQ_STR(f->cmds[15].doc, " info: 3 ");
    T_EQ_INT(f->cmds[15].span.line, 22);
  }
  lean_file_free(f);

  /* docstring messages */
  char out[128];
  T_EQ_INT(lean_doc_message(" info: [(8, 1)] ", "info", out, sizeof out), 1);
  T_EQ_STR(out, "[(8, 1)]");
  T_EQ_INT(lean_doc_message("\ninfo: 1\n---\nerror: no\n", "error", out, sizeof out), 1);
  T_EQ_STR(out, "no");
  T_EQ_INT(lean_doc_message("\ninfo: [(2, 1),\n (3, 2)]\n---\n", "info", out, sizeof out), 1);
  T_EQ_STR(out, "[(2, 1),\n (3, 2)]");
  T_EQ_INT(lean_doc_message("warning: x", "info", out, sizeof out), 0);

  /* one-line helper */
  lean_one_line("  a  /- c -/ b -- d\n  c", 24, out, sizeof out);
  T_EQ_STR(out, "a b c");
}

/* --- values ------------------------------------------------------------ */

/* Read text as type t with the built-in map and print it back in the map's
** form (or "error: WHY", or "invalid: MSG"). */
static const char *roundtrip(const lean_map *m, lean_kind k, int option, const char *text) {
  static char out[512];
  lean_type t = {k, option};
  lean_value v;
  char why[256];
  if (lean_value_read(m, t, text, &v, why, sizeof why) != 0) {
    snprintf(out, sizeof out, "error: %s", why);
    return out;
  }
  if (v.invalid) {
    snprintf(out, sizeof out, "invalid: %s", v.msg);
    return out;
  }
  lean_value_print(m, &v, out, sizeof out);
  return out;
}

static void test_values(void) {
  lean_map *m = lean_map_default();
  T_CHECK(m != NULL);
  if (!m) return;
  T_EQ_STR(roundtrip(m, LEAN_T_LAYOUT, 0, "[(2, 1), (3, 2)]"), "[(2, 1), (3, 2)]");
  T_EQ_STR(roundtrip(m, LEAN_T_LAYOUT, 0, "{ modes := [(2, 1), (3, 2)] }"), "[(2, 1), (3, 2)]");
  T_EQ_STR(roundtrip(m, LEAN_T_LAYOUT, 0,
                     "[{ shape := 2, stride := 1 },\n { stride := 2, shape := 3 }]"),
           "[(2, 1), (3, 2)]");
  T_EQ_STR(roundtrip(m, LEAN_T_LAYOUT, 0,
                     "[(\xE2\x9F\xA8"
                     "8, _\xE2\x9F\xA9, 1)]"),
           "[(8, 1)]");
  T_EQ_STR(
      roundtrip(m, LEAN_T_LAYOUT, 0, "[{ shape := { val := 8, property := _ }, stride := 1 }]"),
      "[(8, 1)]");
  T_EQ_STR(roundtrip(m, LEAN_T_LAYOUT, 0, "mkLayout [(8, 1)]"), "[(8, 1)]");
  T_EQ_STR(roundtrip(m, LEAN_T_LAYOUT, 0, "[]"), "[]");
  T_EQ_STR(roundtrip(m, LEAN_T_LAYOUT, 0, "[(0, 1)]"),
           "invalid: mode 1 has shape 0 (shapes are positive)");
  T_EQ_STR(roundtrip(m, LEAN_T_LAYOUT, 0, "[(2, 1, 3)]"),
           "error: expected a mode (shape, stride), found (2, 1, 3)");
  T_EQ_STR(roundtrip(m, LEAN_T_LAYOUT, 0, "[(2, 1)"),
           "error: column 8: expected ',' or the end of the list, found end of input");
  T_EQ_STR(roundtrip(m, LEAN_T_INT, 0, "12"), "12");
  T_EQ_STR(roundtrip(m, LEAN_T_INT, 0,
                     "\xE2\x9F\xA8"
                     "12, _\xE2\x9F\xA9"),
           "12");
  T_EQ_STR(roundtrip(m, LEAN_T_INT, 0, "true"), "error: expected a number, found true");
  T_EQ_STR(roundtrip(m, LEAN_T_BOOL, 0, "false"), "false");
  T_EQ_STR(roundtrip(m, LEAN_T_TUPLE, 0, "[1, 2]"), "[1, 2]");
  T_EQ_STR(roundtrip(m, LEAN_T_LAYOUT, 1, "some [(8, 1)]"), "some [(8, 1)]");
  T_EQ_STR(roundtrip(m, LEAN_T_LAYOUT, 1, "none"), "none");
  T_EQ_STR(roundtrip(m, LEAN_T_LAYOUT, 1, "[(8, 1)]"),
           "error: expected some VALUE or none, found [(8, 1)]");
  T_EQ_STR(roundtrip(m, LEAN_T_MORPHISM, 0, "x"), "error: morphisms have no printed form to read");

  /* the other print forms */
  lean_type lt = {LEAN_T_LAYOUT, 0};
  lean_value v;
  char why[256], out[256];
  T_EQ_INT(lean_value_from_oracle(lt, "(2,3):(1,2)", &v, why, sizeof why), 0);
  m->layout_repr = LEAN_REPR_MODES;
  lean_value_print(m, &v, out, sizeof out);
  T_EQ_STR(out, "{ modes := [(2, 1), (3, 2)] }");
  m->layout_repr = LEAN_REPR_STRUCTS;
  lean_value_print(m, &v, out, sizeof out);
  T_EQ_STR(out, "[{ shape := 2, stride := 1 }, { shape := 3, stride := 2 }]");
  m->layout_repr = LEAN_REPR_PAIRS;
  lean_value_term(m, &v, out, sizeof out);
  T_EQ_STR(out, "(mkLayout [(2, 1), (3, 2)])");
  lean_value_oracle_text(&v, out, sizeof out);
  T_EQ_STR(out, "(2,3):(1,2)");

  /* the oracle's nested and scalar layouts are compared by their modes */
  lean_value o, l;
  T_EQ_INT(lean_value_from_oracle(lt, "((2,2),3):((1,2),4)", &o, why, sizeof why), 0);
  lean_value_read(m, lt, "[(2, 1), (2, 2), (3, 4)]", &l, why, sizeof why);
  T_EQ_INT(lean_value_compare(LEAN_CMP_EXACT, &l, &o, why, sizeof why), 1);
  T_EQ_INT(lean_value_from_oracle(lt, "8:1", &o, why, sizeof why), 0);
  lean_value_read(m, lt, "[(8, 1)]", &l, why, sizeof why);
  T_EQ_INT(lean_value_compare(LEAN_CMP_EXACT, &l, &o, why, sizeof why), 1);
  /* CuTe's 1:0 is the trivial layout: [] and [(1, 0)] agree with it */
  T_EQ_INT(lean_value_from_oracle(lt, "1:0", &o, why, sizeof why), 0);
  T_EQ_INT(o.trivial, 1);
  lean_value_print(m, &o, out, sizeof out);
  T_EQ_STR(out, "[]");
  lean_value_read(m, lt, "[]", &l, why, sizeof why);
  T_EQ_INT(lean_value_compare(LEAN_CMP_EXACT, &l, &o, why, sizeof why), 1);
  lean_value_read(m, lt, "[(1, 0)]", &l, why, sizeof why);
  T_EQ_INT(lean_value_compare(LEAN_CMP_EXACT, &l, &o, why, sizeof why), 1);
  lean_value_read(m, lt, "[(1, 1)]", &l, why, sizeof why);
  T_EQ_INT(lean_value_compare(LEAN_CMP_EXACT, &l, &o, why, sizeof why), 0);
  /* the design's wrong answers are not hidden */
  T_EQ_INT(lean_value_from_oracle(lt, "(2,2):(1,4)", &o, why, sizeof why), 0);
  lean_value_read(m, lt, "[(4, 4)]", &l, why, sizeof why);
  T_EQ_INT(lean_value_compare(LEAN_CMP_EXACT, &l, &o, why, sizeof why), 0);
  T_EQ_STR(why, "the modes differ");
  T_EQ_INT(lean_value_compare(LEAN_CMP_FUNCTION, &l, &o, why, sizeof why), 0);
  T_EQ_INT(lean_value_from_oracle(lt, "(2,2):(2,1)", &o, why, sizeof why), 0);
  lean_value_read(m, lt, "[(4, 1)]", &l, why, sizeof why);
  T_EQ_INT(lean_value_compare(LEAN_CMP_EXACT, &l, &o, why, sizeof why), 0);
  T_EQ_INT(lean_value_compare(LEAN_CMP_COALESCED, &l, &o, why, sizeof why), 0);
  /* function and coalesced rules */
  T_EQ_INT(lean_value_from_oracle(lt, "(2,2):(1,2)", &o, why, sizeof why), 0);
  lean_value_read(m, lt, "[(4, 1)]", &l, why, sizeof why);
  T_EQ_INT(lean_value_compare(LEAN_CMP_EXACT, &l, &o, why, sizeof why), 0);
  T_EQ_INT(lean_value_compare(LEAN_CMP_FUNCTION, &l, &o, why, sizeof why), 1);
  T_EQ_INT(lean_value_compare(LEAN_CMP_COALESCED, &l, &o, why, sizeof why), 1);
  /* errors */
  lean_value err = l;
  err.error = 1;
  T_EQ_INT(lean_value_compare(LEAN_CMP_EXACT, &err, &o, why, sizeof why), 0);
  o.error = 1;
  T_EQ_INT(lean_value_compare(LEAN_CMP_EXACT, &err, &o, why, sizeof why), 1);
  T_EQ_INT(lean_value_compare(LEAN_CMP_EXACT, &l, &o, why, sizeof why), 0);
  lean_map_free(m);
}

/* --- the map ----------------------------------------------------------- */

/* Load a map from text; the error message, or "" when it loads. */
static const char *load_text(const char *text) {
  static char msg[512];
  const char *path = tmp_path("map.yaml");
  lean_map *m;
  msg[0] = '\0';
  if (write_file(path, text) != 0) return "(cannot write)";
  if (lean_map_load(path, &m, msg, sizeof msg) == 0) {
    lean_map_free(m);
    msg[0] = '\0';
    return msg;
  }
  const char *rel = strstr(msg, "map.yaml");
  return rel ? rel : msg;
}

static void test_map(void) {
  lean_map *d = lean_map_default(), *f = NULL;
  char msg[512], why[256];
  T_EQ_INT(lean_map_load("lean/default-map.yaml", &f, msg, sizeof msg), 0);
  if (!f) printf("    %s\n", msg);
  T_CHECK(d && f && lean_map_equal(d, f, why, sizeof why));
  if (d && f && !lean_map_equal(d, f, why, sizeof why)) printf("    %s\n", why);
  lean_map_free(f);
  if (d) {
    const lean_fn *ctor = lean_map_ctor(d);
    T_CHECK(ctor && !strcmp(ctor->lean, "mkLayout"));
  }
  lean_map_free(d);

  T_EQ_STR(load_text("functions:\n  - {lean: foo, op: size, args: [layout], result: int}\n"), "");
  T_EQ_STR(load_text("functions:\n  - {lean: foo, op: size, args: [layout], reslt: int}\n"),
           "map.yaml:2:43: unknown key 'reslt' (lean, op, args, result, compare, gen, note)");
  T_EQ_STR(load_text("functions:\n  - {lean: foo, op: sizes, args: [layout], result: int}\n"),
           "map.yaml:2:21: op: unknown op 'sizes' (an op of `layoutcheck eval --list`, or id, "
           "colex, colex_inverse, codomain)");
  T_EQ_STR(
      load_text("functions:\n  - {lean: foo, op: size, args: [lay], result: int}\n"),
      "map.yaml:2:34: args: expected int, bool, layout, tuple, nested or morphism, found 'lay'");
  T_EQ_STR(load_text("functions:\n  - {lean: foo, op: size, args: [layout], result: option x}\n"),
           "map.yaml:2:51: result: expected int, bool, layout, tuple, morphism or option KIND, "
           "found 'option x'");
  T_EQ_STR(load_text("functions:\n  - {lean: foo, op: size, args: [layout]}\n"),
           "map.yaml:2:5: missing key 'result'");
  T_EQ_STR(load_text("functions:\n  - {lean: foo, op: size, args: [layout], result: int, compare: "
                     "same}\n"),
           "map.yaml:2:65: compare: expected exact, function or coalesced, found 'same'");
  T_EQ_STR(load_text("functions:\n  - {lean: foo, op: size, args: [layout], result: int}\n"
                     "  - {lean: foo, op: cosize, args: [layout], result: int}\n"),
           "map.yaml:3:5: lean: duplicate name (first at line 2)");
  T_EQ_STR(load_text("functions:\n  - {lean: 'a b', op: size, args: [layout], result: int}\n"),
           "map.yaml:2:12: lean: expected a Lean name such as FlatLayout.coalesce, found 'a b'");
  T_EQ_STR(load_text("functions:\n  - {lean: f, op: id, args: [layout], result: int}\n"),
           "map.yaml:2:19: op id takes one argument of the result's kind");
  T_EQ_STR(
      load_text("functions:\n  - {lean: f, op: size, args: [layout], result: int, gen: nope}\n"),
      "map.yaml:2:59: gen: unknown generator 'nope' (see the list in docs/properties.md)");
  T_EQ_STR(load_text("layout_repr: lists\nfunctions: []\n"),
           "map.yaml:1:14: layout_repr: expected pairs, modes or structs, found 'lists'");
  T_EQ_STR(load_text("colour: blue\n"),
           "map.yaml:1:1: unknown key 'colour' (base, namespace, layout_repr, header, functions)");
  T_EQ_STR(load_text("functions: [\n"), "map.yaml:2:1: did not find expected node content, while "
                                        "parsing a flow node");
  T_EQ_STR(load_text("x: &a 1\n"), "map.yaml:1:4: anchors are not allowed (found &a)");
  T_EQ_STR(load_text(""), "map.yaml:1:1: empty map file");
  T_EQ_STR(load_text("namespace: X\n"), "map.yaml:2:1: no 'functions' in the map");

  /* base: default, with one function renamed and one replaced */
  const char *path = tmp_path("base.yaml");
  write_file(path, "base: default\nlayout_repr: structs\nfunctions:\n"
                   "  - {lean: Layout.coal, op: coalesce, args: [layout], result: layout}\n"
                   "  - {lean: FlatLayout.complement, op: complement, args: [layout, int], "
                   "result: option layout}\n");
  lean_map *b = NULL;
  T_EQ_INT(lean_map_load(path, &b, msg, sizeof msg), 0);
  if (b) {
    T_EQ_INT(b->layout_repr, LEAN_REPR_STRUCTS);
    T_EQ_STR(b->root, "CuTe");
    int found = 0, option = 0;
    for (int i = 0; i < b->n; i++) {
      found += !strcmp(b->fns[i].lean, "Layout.coal");
      if (!strcmp(b->fns[i].lean, "FlatLayout.complement")) option = b->fns[i].result.option;
    }
    T_EQ_INT(found, 1);
    T_EQ_INT(option, 1);
    lean_map_free(b);
  }
}

/* --- translation ------------------------------------------------------- */

/* Check the #evals of a small file with the built-in map: each result as
** "VALUE (REQUEST)" or "untranslatable: REASON", joined by " | ". */
static const char *translate_file(const char *text, const lean_map *m) {
  static char out[4096], msg[256];
  lean_file *f;
  size_t len = 0;
  out[0] = '\0';
  if (lean_file_scan("t.lean", text, strlen(text), &f, msg, sizeof msg) != 0) return msg;
  lean_scope s;
  lean_scope_init(&s);
  lean_translation *tr = malloc(sizeof *tr);
  for (int k = 0; tr && k < f->n; k++) {
    const lean_cmd *c = &f->cmds[k];
    if (c->kind == LEAN_CMD_EVAL) {
      lean_expr *e;
      lean_error err;
      char v[1600];
      if (lean_parse_term(f->text + c->body, c->body_end - c->body, lean_file_pos(f, c->body), &e,
                          &err) != 0) {
        snprintf(v, sizeof v, "parse error: %d:%d: %s", err.line, err.col, err.text);
      } else {
        lean_translate(m, &s, f, e, tr);
        if (tr->ok) {
          char p[256];
          lean_value_print(m, &tr->value, p, sizeof p);
          snprintf(v, sizeof v, "%s (%s)", p, tr->request);
        } else {
          snprintf(v, sizeof v, "untranslatable: %s", tr->reason);
        }
        lean_expr_free(e);
      }
      len += (size_t)snprintf(out + len, sizeof out - len, "%s%s", len ? " | " : "", v);
      if (len >= sizeof out) len = sizeof out - 1;
    }
    lean_scope_command(&s, m, f, c);
  }
  free(tr);
  lean_scope_free(&s);
  lean_file_free(f);
  return out;
}

static void test_translate(void) {
  lean_map *m = lean_map_default();
  if (!m) return;
  T_EQ_STR(translate_file("#eval FlatLayout.complement (mkLayout [(2, 2)]) 8", m),
           "[(2, 1), (2, 4)] (complement (2):(2) 8)");
  T_EQ_STR(translate_file("#eval CuTe.FlatLayout.coalesce [(2, 2), (2, 1)]", m),
           "[(2, 2), (2, 1)] (coalesce (2,2):(2,1))");
  T_EQ_STR(translate_file("#eval coalesce (coalesce (mkLayout [(2, 1), (2, 2)]))", m),
           "[(4, 1)] (coalesce (4):(1))");
  T_EQ_STR(
      translate_file("def A := mkLayout [(3, 4), (4, 1)]\n"
                     "def B : FlatLayout := A\n"
                     "#eval B.size\n#eval (A).cosize\n#eval A.complement 24",
                     m),
      "12 (size (3,4):(4,1)) | 12 (cosize (3,4):(4,1)) | [(2, 12)] (complement (3,4):(4,1) 24)");
  T_EQ_STR(translate_file("#eval size [(2, 1), (3, 2)]\n#eval size [2, 3]", m),
           "6 (size (2,3):(1,2)) | 6 (size (2,3))");
  T_EQ_STR(translate_file("#eval TupleMorphism.toLayout (TupleMorphism.id [2, 3])\n"
                          "#eval (layoutToMorphism (mkLayout [(2, 0), (3, 1)])).toLayout\n"
                          "#eval layoutToCodomain (mkLayout [(2, 0), (3, 1)])",
                          m),
           "[(2, 1), (3, 2)] (layout (2,3)--(1,2)-->(2,3)) | [(2, 0), (3, 1)] (layout "
           "(2,3)--(*,1)-->(3)) | [3] (codomain (2,3):(0,1))");
  T_EQ_STR(translate_file("#eval toCoords (mkLayout [(2, 1), (3, 2)]) 6\n"
                          "#eval colex [2, 3] [1, 2]\n#eval fromCoords (mkLayout [(2, 1)]) [2]",
                          m),
           "error: index 6 is not below the size 6 (colex_inverse (2,3):(1,2) 6) | 5 (colex (2,3) "
           "(1,2)) | error: coordinate 1: entry 1 is outside [0,2) (coordinate (2):(1) (2))");
  /* fromCoords and apply are the layout function at a coordinate list:
  ** 1*1 + 2*4 = 9 for [(2, 1), (3, 4)] at [1, 2] (the colexicographic
  ** index of [1, 2] in (2, 3) would be 5) */
  T_EQ_STR(translate_file("#eval fromCoords (mkLayout [(2, 1), (3, 4)]) [1, 2]\n"
                          "#eval FlatLayout.apply (mkLayout [(2, 1), (3, 4)]) [1, 2]",
                          m),
           "9 (coordinate (2,3):(1,4) (1,2)) | 9 (coordinate (2,3):(1,4) (1,2))");
  /* namespaces and opens */
  T_EQ_STR(translate_file("namespace CuTe\nnamespace FlatLayout\ndef X := mkLayout [(4, 2)]\n"
                          "#eval coalesce X\nend FlatLayout\n#eval FlatLayout.size FlatLayout.X\n"
                          "end CuTe\n#eval X",
                          m),
           "[(4, 2)] (coalesce (4):(2)) | 4 (size (4):(2)) | untranslatable: unknown name 'X' "
           "(not in the map, not defined in the file)");
  /* untranslatable terms, with reasons */
  T_EQ_STR(translate_file("#eval foo 1", m),
           "untranslatable: unknown name 'foo' (not in the map, not defined in the file)");
  T_EQ_STR(translate_file("#eval complement (mkLayout [(2, 2)])", m),
           "untranslatable: FlatLayout.complement takes 2 arguments, found 1");
  T_EQ_STR(translate_file("#eval complement (mkLayout [(2, 2)]) [8]", m),
           "untranslatable: argument 2 of FlatLayout.complement: expected a number, found [8]");
  T_EQ_STR(translate_file("#eval TupleMorphism.id [2, 3]", m),
           "untranslatable: TupleMorphism.id returns a morphism, which has no printed form to "
           "compare (apply toLayout)");
  T_EQ_STR(translate_file("#eval [(2, 1)]", m),
           "untranslatable: a literal: no function of the map is applied");
  T_EQ_STR(translate_file("def f (x : Nat) := x\n#eval f 2", m),
           "untranslatable: f is a function defined in the file (line 1) that the map does not "
           "name; name it in a map (--map) to check it");
  T_EQ_STR(translate_file("def f (x : Nat) := x\n#eval f", m),
           "untranslatable: f is a function defined in the file (line 1) that the map does not "
           "name; name it in a map (--map) to check it");
  T_EQ_STR(translate_file("def a := b\ndef b := a\n#eval a", m),
           "untranslatable: definitions nest too deeply (a cycle?)");
  T_EQ_STR(translate_file("#eval coalesce (mkLayout [(0, 1)])", m),
           "untranslatable: argument 1 of FlatLayout.coalesce: argument 1 of mkLayout: mode 1 "
           "has shape 0 (shapes are positive)");
  T_EQ_STR(translate_file("#eval coalesce (mkLayout [(2, 1)]) ++ x", m),
           "parse error: 1:36: operator '++' is not supported");
  T_EQ_STR(translate_file("#eval (mkLayout [(2, 1)]).frobnicate", m),
           "untranslatable: no function 'frobnicate' of the map takes a layout");
  /* an op the oracle refuses: an error value, compared as such */
  T_EQ_STR(translate_file("#eval complement (mkLayout [(2, 2), (2, 3)]) 16", m),
           "error: CuTe refuses: Non-injective Layout detected in complement (stride 3 is below 4, "
           "the extent of the smaller modes) (complement (2,2):(2,3) 16)");
  lean_map_free(m);
}

/* --- logs -------------------------------------------------------------- */

static const char *lean_text = "open CuTe\n"                          /* 1 */
                               "#eval coalesce (mkLayout [(2, 2)])\n" /* 2 */
                               "#eval coalesce (mkLayout [(2, 1)])\n" /* 3 */
                               "/-- info: [(9, 1)] -/\n"              /* 4 */
                               "#guard_msgs in\n"                     /* 5 */
                               "#eval coalesce (mkLayout [(9, 1)])\n" /* 6 */
                               "/-- info: [(1, 1)] -/\n"              /* 7 */
                               "#guard_msgs in\n"                     /* 8 */
                               "#eval coalesce (mkLayout [(3, 1)])\n" /* 9 */
                               "#eval foo\n"                          /* 10 */
                               "#eval sort (mkLayout [(3, 1)])\n";    /* 11 */

/* Assign a log (of the given form) to lean_text; the values and errors as
** "V1 | V2 | ...", each "-" when absent, "E:..." for an error, "G" marking
** a failed guard. */
static const char *assign(const char *log_text, lean_log_format fmt, char *note, size_t cap) {
  static char out[1024];
  lean_file *f;
  lean_log *log;
  char msg[256];
  size_t len = 0;
  if (lean_file_scan("dir/t.lean", lean_text, strlen(lean_text), &f, msg, sizeof msg) != 0)
    return "scan failed";
  if (lean_log_parse("t.log", log_text, strlen(log_text), fmt, &log, msg, sizeof msg) != 0) {
    lean_file_free(f);
    snprintf(out, sizeof out, "%s", msg);
    return out;
  }
  lean_found *found = calloc((size_t)f->n, sizeof *found);
  int refused = lean_log_assign(log, f, found, note, cap) == 1;
  out[0] = '\0';
  if (refused) snprintf(out, sizeof out, "refused: %s", note);
  for (int k = 0; k < f->n && !refused; k++) {
    if (f->cmds[k].kind != LEAN_CMD_EVAL) continue;
    len += (size_t)snprintf(out + len, sizeof out - len, "%s%s%s%s%s", len ? " | " : "",
                            found[k].guard_failed ? "G" : "", found[k].error ? "E:" : "",
                            found[k].error   ? found[k].error
                            : found[k].value ? found[k].value
                                             : "-",
                            "");
  }
  lean_found_clear(found, f->n);
  free(found);
  lean_log_free(log);
  lean_file_free(f);
  return out;
}

static void test_logs(void) {
  char note[512];
  const char *want =
      "[(2, 2)] | [(2, 1)] | - | G[(3, 1)] | E:unknown identifier 'foo' | [(3,\n 1)]";
  const char *json =
      "{\"severity\":\"information\",\"pos\":{\"line\":2,\"column\":0},\"fileName\":\"dir/t.lean\","
      "\"data\":\"[(2, 2)]\"}\n"
      "{\"fileName\":\"./dir/t.lean\",\"data\":\"[(2, 1)]\",\"severity\":\"information\","
      "\"pos\":{\"column\":0,\"line\":3},\"endPos\":null,\"extra\":[1,{\"a\":[]}]}\n"
      "\n"
      "{\"severity\":\"information\",\"pos\":{\"line\":9,\"column\":0},\"data\":\"[(3, 1)]\"}\n"
      "{\"severity\":\"error\",\"pos\":{\"line\":8,\"column\":0},\"data\":\"\\u274c\\ufe0f "
      "Docstring on `#guard_msgs` does not match generated message:\\n\\ninfo: [(3, 1)]\"}\n"
      "{\"severity\":\"error\",\"pos\":{\"line\":10,\"column\":6},\"data\":\"unknown identifier "
      "'foo'\"}\n"
      "{\"severity\":\"information\",\"pos\":{\"line\":11,\"column\":0},\"data\":\"[(3,\\n "
      "1)]\"}\n";
  T_EQ_STR(assign(json, LEAN_LOG_AUTO, note, sizeof note), want);
  T_EQ_STR(note, "");
  const char *plain = "[(2, 2)]\n"
                      "[(2, 1)]\n"
                      "[(3, 1)]\n"
                      "dir/t.lean:8:0: error: \xE2\x9D\x8C\xEF\xB8\x8F Docstring on `#guard_msgs` "
                      "does not match generated message:\n"
                      "\n"
                      "info: [(3, 1)]\n"
                      "dir/t.lean:10:6: error: unknown identifier 'foo'\n"
                      "[(3,\n"
                      " 1)]\n";
  T_EQ_STR(assign(plain, LEAN_LOG_AUTO, note, sizeof note), want);
  T_EQ_STR(note, "");
  const char *lake = "\xE2\x9C\x96 [2/3] Building T\n"
                     "trace: .> lean ./././dir/t.lean -R ./././. -o x\n"
                     "info: ./././dir/t.lean:2:0: [(2, 2)]\n"
                     "info: ./././dir/t.lean:3:0: [(2, 1)]\n"
                     "info: ./././dir/t.lean:9:0: [(3, 1)]\n"
                     "error: ./././dir/t.lean:8:0: Docstring on `#guard_msgs` does not match "
                     "generated message:\n"
                     "\n"
                     "info: [(3, 1)]\n"
                     "error: ./././dir/t.lean:10:6: unknown identifier 'foo'\n"
                     "info: ./././dir/t.lean:11:0: [(3,\n"
                     " 1)]\n"
                     "error: Lean exited with code 1\n"
                     "Some required builds logged failures:\n"
                     "- T\n"
                     "error: build failed\n";
  T_EQ_STR(assign(lake, LEAN_LOG_AUTO, note, sizeof note), want);
  /* a log of the same file made in another directory is used, with a
  ** note; messages about other files (a lake build of a package) are
  ** skipped */
  const char *elsewhere = "info: elsewhere/t.lean:2:0: [(2, 2)]\n";
  T_EQ_STR(assign(elsewhere, LEAN_LOG_LAKE, note, sizeof note), "[(2, 2)] | - | - | - | - | -");
  T_CHECK(has(note, "names the file elsewhere/t.lean, not dir/t.lean"));
  const char *package = "warning: pkg/Dep.lean:40:8: declaration uses 'sorry'\n"
                        "info: ./dir/t.lean:2:0: [(2, 2)]\n";
  T_EQ_STR(assign(package, LEAN_LOG_LAKE, note, sizeof note), "[(2, 2)] | - | - | - | - | -");
  T_EQ_STR(note, "");
  /* a log of another file, or of another version of this one, is
  ** refused (it gave bogus verdicts) */
  T_EQ_STR(assign("info: elsewhere/u.lean:2:0: [(2, 2)]\n", LEAN_LOG_LAKE, note, sizeof note),
           "refused: t.log is a log of elsewhere/u.lean, not of dir/t.lean: give the log Lean "
           "wrote for dir/t.lean");
  T_EQ_STR(assign("info: dir/t.lean:2:0: [(2, 2)]\ninfo: dir/t.lean:40:0: [(2, 2)]\n",
                  LEAN_LOG_LAKE, note, sizeof note),
           "refused: t.log:2: a message at line 40, past the end of dir/t.lean (12 lines): not a "
           "log of this file");
  T_EQ_STR(assign("info: dir/t.lean:2:6: [(2, 2)]\n", LEAN_LOG_LAKE, note, sizeof note),
           "refused: t.log:1: a value at line 2, column 6, where dir/t.lean has no #eval (the "
           "#eval of line 2 starts at column 0): a log of another version of the file? make it "
           "again");
  /* plain logs whose messages do not match the commands that print one */
  T_EQ_STR(assign("[(2, 2)]\n", LEAN_LOG_PLAIN, note, sizeof note),
           "refused: t.log has 1 unpositioned message for the 4 commands of dir/t.lean that print "
           "one: not a log of this file as it is (a log from `lean --json` has positions)");
  T_EQ_STR(assign("1\n2\n3\n4\n5\n", LEAN_LOG_PLAIN, note, sizeof note),
           "refused: t.log has 5 unpositioned messages for the 4 commands of dir/t.lean that "
           "print one: not a log of this file as it is (a log from `lean --json` has positions)");
  /* a log that is not text */
  T_EQ_STR(assign("[(2, 2)]\n[(2,\x01 1)]\n\xff\n", LEAN_LOG_AUTO, note, sizeof note),
           "t.log:3:1: not a text log (byte 0xFF): give what Lean printed");
  lean_log *nul;
  T_EQ_INT(lean_log_parse("n.log", "ab\0c", 4, LEAN_LOG_AUTO, &nul, note, sizeof note), -1);
  T_EQ_STR(note, "n.log:1:3: not a text log (byte 0x00): give what Lean printed");
  T_EQ_STR(assign("\xc3\xa9\n\xed\xa0\x80\n", LEAN_LOG_AUTO, note, sizeof note), /* a surrogate */
           "t.log:2:1: not a text log (byte 0xED): give what Lean printed");
  /* what is shown never holds control bytes or broken UTF-8 */
  char line[64];
  const char *raw = "[(2,\x1b[2J 1)]\x07 caf\xc3\xa9 \xc3(";
  lean_one_line(raw, strlen(raw), line, sizeof line);
  T_EQ_STR(line, "[(2,?[2J 1)]? caf\xc3\xa9 ?(");
  /* a multi-line error in the plain form is not taken for values */
  const char *multi = "[(2, 2)]\n"
                      "[(2, 1)]\n"
                      "dir/t.lean:9:6: error: type mismatch\n"
                      "  x\n"
                      "has type\n"
                      "  Nat : Type\n"
                      "dir/t.lean:10:6: error: unknown identifier 'foo'\n"
                      "[(3, 1)]\n";
  T_EQ_STR(assign(multi, LEAN_LOG_PLAIN, note, sizeof note),
           "[(2, 2)] | [(2, 1)] | - | E:type mismatch\n  x\nhas type\n  Nat : Type | E:unknown "
           "identifier 'foo' | [(3, 1)]");
  /* malformed JSON: FILE:LINE:COLUMN */
  T_EQ_STR(assign("{\"severity\":\"information\"}\n{\"severity\": \"info\", \"data\": \"x\",}\n",
                  LEAN_LOG_JSON, note, sizeof note),
           "t.log:1:1: no \"data\" in the message");
  /* a trailing comma: the '}' is byte 33 of the line, column 34 */
  T_EQ_STR(assign("{\"severity\": \"info\", \"data\": \"x\",}\n", LEAN_LOG_JSON, note, sizeof note),
           "t.log:1:34: malformed JSON: unexpected character at '}'");
  T_EQ_STR(assign("{\"severity\": \"info\", \"data\": \"x\"}\nnot json\n", LEAN_LOG_AUTO, note,
                  sizeof note),
           "t.log:2:1: expected a JSON object (one message per line, as `lean --json` writes)");
  T_EQ_STR(assign("{\"severity\": \"loud\", \"data\": \"x\"}\n", LEAN_LOG_JSON, note, sizeof note),
           "t.log:1:1: unknown \"severity\" (information, warning or error)");
  T_EQ_STR(
      assign("{\"severity\": \"info\", \"data\": \"x\\q\"}\n", LEAN_LOG_JSON, note, sizeof note),
      "t.log:1:33: malformed JSON: invalid string sequence at 'q'"); /* the q of \q */
  T_EQ_STR(
      assign("{\"severity\": \"info\", \"pos\": {\"line\": -1, \"column\": 0}, \"data\": \"\"}",
             LEAN_LOG_JSON, note, sizeof note),
      "t.log:1:1: pos: expected an object with a non-negative integer \"line\" and \"column\"");
  /* the shape is checked at the message, the syntax where it breaks */
  T_EQ_STR(assign("{\"severity\": \"info\", \"data\": 7}\n", LEAN_LOG_JSON, note, sizeof note),
           "t.log:1:1: \"data\" is not a string");
  T_EQ_STR(assign("  {\"severity\": \"info\", \"data\": \"x\", \"fileName\": []}\n", LEAN_LOG_JSON,
                  note, sizeof note),
           "t.log:1:3: \"fileName\" is not a string or null");
  T_EQ_STR(
      assign("{\"severity\": \"info\", \"data\": \"x\"} {}\n", LEAN_LOG_JSON, note, sizeof note),
      "t.log:1:35: text after the JSON object"); /* byte 34, the second { */
  T_EQ_STR(assign("{\"severity\": \"info\", \"data\": \"x\n", LEAN_LOG_JSON, note, sizeof note),
           "t.log:1:32: malformed JSON: the line ends inside the object");
  /* a plain log whose first value is a structure is not JSON */
  lean_log *pl;
  char pmsg[256];
  T_EQ_INT(lean_log_parse("p.log", "{ modes := [(8, 1)] }\n{ modes := [] }\n", 38, LEAN_LOG_AUTO,
                          &pl, pmsg, sizeof pmsg),
           0);
  if (pl) {
    T_EQ_INT(pl->format, LEAN_LOG_PLAIN);
    T_EQ_INT(pl->n, 2);
    lean_log_free(pl);
  }
  lean_log_format fm;
  T_EQ_INT(lean_log_format_parse("lake", &fm), 0);
  T_EQ_INT(fm, LEAN_LOG_LAKE);
  T_EQ_INT(lean_log_format_parse("xml", &fm), -1);
}

/* --- the example fixtures ---------------------------------------------- */

static void test_examples(void) {
  lean_file *f;
  char msg[512];
  T_EQ_INT(lean_file_read("lean/examples/flat.lean", &f, msg, sizeof msg), 0);
  if (!f) return;
  static const char *const forms[] = {"lean/examples/flat.json.log", "lean/examples/flat.plain.log",
                                      "lean/examples/flat.lake.log"};
  char first[2048] = "";
  for (int i = 0; i < 3; i++) {
    lean_log *log;
    char note[256], got[2048] = "";
    size_t len = 0;
    T_EQ_INT(lean_log_read(forms[i], LEAN_LOG_AUTO, &log, msg, sizeof msg), 0);
    if (!log) continue;
    T_EQ_INT(log->format, i == 0 ? LEAN_LOG_JSON : i == 1 ? LEAN_LOG_PLAIN : LEAN_LOG_LAKE);
    lean_found *found = calloc((size_t)f->n, sizeof *found);
    lean_log_assign(log, f, found, note, sizeof note);
    T_EQ_STR(note, "");
    for (int k = 0; k < f->n; k++)
      if (f->cmds[k].kind == LEAN_CMD_EVAL)
        len += (size_t)snprintf(got + len, sizeof got - len, "%d=%s;", f->cmds[k].pos.line,
                                found[k].value ? found[k].value : "-");
    if (i == 0)
      snprintf(first, sizeof first, "%s", got);
    else
      T_EQ_STR(got, first);
    lean_found_clear(found, f->n);
    free(found);
    lean_log_free(log);
  }
  T_CHECK(has(first, "22=[(4, 4)];"));
  T_CHECK(has(first, "52=-;56=-;60=[(6, 1)];"));
  lean_file_free(f);
}

/* --- results.db -------------------------------------------------------- */

/* The version-1 schema, as a database of an older layoutcheck holds it. */
static const char v1_schema[] =
    "CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT);"
    "CREATE TABLE runs(id INTEGER PRIMARY KEY, started TEXT NOT NULL, finished TEXT, seed TEXT "
    "NOT NULL, config TEXT, git_rev TEXT, sut TEXT, cases INTEGER NOT NULL DEFAULT 0, failures "
    "INTEGER NOT NULL DEFAULT 0);"
    "CREATE TABLE run_properties(run_id INTEGER NOT NULL REFERENCES runs(id), property TEXT NOT "
    "NULL, kind TEXT NOT NULL, cases INTEGER, passed INTEGER, discarded INTEGER, failed INTEGER, "
    "seconds REAL, labels TEXT, PRIMARY KEY(run_id, property));"
    "CREATE TABLE counterexamples(id INTEGER PRIMARY KEY, property TEXT NOT NULL, kind TEXT NOT "
    "NULL, sut TEXT NOT NULL DEFAULT '', input TEXT NOT NULL, original_input TEXT, choices TEXT, "
    "message TEXT, seed TEXT, first_seen TEXT NOT NULL, last_seen TEXT NOT NULL, times_seen "
    "INTEGER NOT NULL DEFAULT 1, status TEXT NOT NULL DEFAULT 'open' CHECK(status IN "
    "('open','fixed')), fixed_at TEXT, first_run INTEGER REFERENCES runs(id), last_run INTEGER "
    "REFERENCES runs(id), UNIQUE(property, sut, input));"
    "CREATE INDEX counterexamples_status_property ON counterexamples(status, property);"
    "INSERT INTO meta(key, value) VALUES('schema_version', '1');"
    "INSERT INTO counterexamples(property, kind, input, first_seen, last_seen) VALUES('p', "
    "'theorem', 'size 1:0', '2025-01-01T00:00:00Z', '2025-01-01T00:00:00Z');";

/* One text value of a query, or "(error)". */
static const char *sql_text(const char *path, const char *sql) {
  static char out[256];
  sqlite3 *h = NULL;
  sqlite3_stmt *st = NULL;
  snprintf(out, sizeof out, "(error)");
  if (sqlite3_open_v2(path, &h, SQLITE_OPEN_READONLY, NULL) == SQLITE_OK &&
      sqlite3_prepare_v2(h, sql, -1, &st, NULL) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW) {
    const char *t = (const char *)sqlite3_column_text(st, 0);
    snprintf(out, sizeof out, "%s", t ? t : "(null)");
  }
  sqlite3_finalize(st);
  sqlite3_close(h);
  return out;
}

static void test_db_migration(void) {
  const char *path = tmp_path("v1.db");
  sqlite3 *h = NULL;
  T_EQ_INT(sqlite3_open(path, &h), SQLITE_OK);
  T_EQ_INT(sqlite3_exec(h, v1_schema, NULL, NULL, NULL), SQLITE_OK);
  sqlite3_close(h);
  T_EQ_STR(sql_text(path, "SELECT value FROM meta WHERE key = 'schema_version'"), "1");
  /* a version-1 file is refused read-only, migrated by db_open */
  db *d = NULL;
  char msg[512];
  T_CHECK(db_open_readonly(path, &d, msg, sizeof msg) != 0);
  T_CHECK(has(msg, "older than this program's"));
  T_EQ_INT(db_open(path, &d, msg, sizeof msg), 0);
  T_CHECK(d != NULL);
  if (!d) {
    printf("    %s\n", msg);
    return;
  }
  char want[8];
  snprintf(want, sizeof want, "%d", DB_SCHEMA_VERSION);
  T_EQ_STR(sql_text(path, "SELECT value FROM meta WHERE key = 'schema_version'"), want);
  T_EQ_STR(sql_text(path, "SELECT count(*) FROM sqlite_master WHERE name = 'lean_checks'"), "1");
  T_EQ_STR(sql_text(path, "SELECT input FROM counterexamples"), "size 1:0");
  T_EQ_INT(db_record_lean_check(d, "2025-02-01T00:00:00Z", "a.lean", 12,
                                "complement (mkLayout [(2, 2)]) 8", "[(4, 4)]", "[(2, 1), (2, 4)]",
                                "DISAGREE", msg, sizeof msg),
           0);
  T_EQ_INT(db_record_lean_check(d, NULL, "a.lean", 13, "foo ++ bar", NULL, NULL,
                                "untranslatable: operator '++' is not supported", msg, sizeof msg),
           0);
  T_CHECK(db_record_lean_check(d, NULL, NULL, 1, "x", NULL, NULL, "agree", msg, sizeof msg) != 0);
  T_CHECK(has(msg, "no file given"));
  db_close(d);
  T_EQ_STR(sql_text(path, "SELECT count(*) FROM lean_checks"), "2");
  T_EQ_STR(sql_text(path, "SELECT file || ':' || line || ' ' || verdict || ' ' || lean_value || "
                          "' ' || oracle_value || ' ' || run_at FROM lean_checks WHERE line = 12"),
           "a.lean:12 DISAGREE [(4, 4)] [(2, 1), (2, 4)] 2025-02-01T00:00:00Z");
  T_EQ_STR(sql_text(path, "SELECT lean_value IS NULL AND length(run_at) = 20 FROM lean_checks "
                          "WHERE line = 13"),
           "1");
  /* opening again changes nothing; read-only works now */
  T_EQ_INT(db_open_readonly(path, &d, msg, sizeof msg), 0);
  db_close(d);
  for (const char *sfx = ""; sfx; sfx = !*sfx ? "-wal" : !strcmp(sfx, "-wal") ? "-shm" : NULL) {
    char name[512];
    snprintf(name, sizeof name, "%s%s", path, sfx);
    unlink(name);
  }
}

/* --- random bytes ------------------------------------------------------ */

static uint64_t rng = 0x9E3779B97F4A7C15ull;

/* xorshift64*. */
static uint64_t rnd(void) {
  rng ^= rng >> 12;
  rng ^= rng << 25;
  rng ^= rng >> 27;
  return rng * 2685821657736338717ull;
}

/* Fill buf with n bytes: random, or drawn from an alphabet of Lean and
** JSON pieces. */
static void random_text(char *buf, size_t n, int kind) {
  static const char *const pieces[] = {"(",
                                       ")",
                                       "[",
                                       "]",
                                       "{",
                                       "}",
                                       ",",
                                       " ",
                                       "\n",
                                       ":=",
                                       ":",
                                       ".",
                                       "-",
                                       "--",
                                       "/-",
                                       "-/",
                                       "/--",
                                       "\"",
                                       "1",
                                       "23",
                                       "0x",
                                       "f",
                                       "mkLayout",
                                       "by",
                                       "_",
                                       "#eval",
                                       "#guard_msgs",
                                       "in",
                                       "def",
                                       "open",
                                       "\xE2\x9F\xA8",
                                       "\xE2\x9F\xA9",
                                       "\\u",
                                       "{\"data\":",
                                       "\"pos\":",
                                       "error:",
                                       "info:",
                                       "a.lean:1:0: ",
                                       "'",
                                       "\xC3",
                                       "let",
                                       ";",
                                       "fun",
                                       "=>",
                                       "=",
                                       "==",
                                       "example",
                                       "theorem t",
                                       "#guard",
                                       "NestedTuple.node",
                                       ".leaf",
                                       "List.map",
                                       "-- Expected: ",
                                       "import A.B",
                                       "\0"};
  size_t i = 0;
  while (i < n) {
    if (kind == 0) {
      buf[i++] = (char)(rnd() & 0xFF);
      continue;
    }
    const char *p = pieces[rnd() % (sizeof pieces / sizeof pieces[0])];
    size_t len = p[0] ? strlen(p) : 1;
    for (size_t k = 0; k < len && i < n; k++) buf[i++] = p[k];
  }
  buf[n] = '\0';
}

static void test_fuzz(void) {
  lean_map *m = lean_map_default();
  char *buf = malloc(4097);
  int survived = 0;
  if (!m || !buf) {
    lean_map_free(m);
    free(buf);
    return;
  }
  lean_pos base = {1, 0};
  for (int round = 0; round < 20000; round++) {
    size_t n = (size_t)(rnd() % (round % 10 == 0 ? 4096 : 200));
    random_text(buf, n, round % 2);
    lean_expr *e;
    lean_error err;
    if (lean_parse_term(buf, n, base, &e, &err) == 0) {
      char out[256];
      lean_expr_print(e, out, sizeof out);
      lean_expr_free(e);
    }
    lean_value v;
    char why[256];
    lean_type t = {round % 6 == 5 ? LEAN_T_NESTED : (lean_kind)(round % 5), round % 3 == 0};
    lean_value_read(m, t, buf, &v, why, sizeof why);
    char doc[64];
    lean_doc_message(buf, "info", doc, sizeof doc);
    lean_file *f;
    char msg[256];
    if (lean_file_scan("r.lean", buf, n, &f, msg, sizeof msg) == 0) {
      lean_log *log;
      if (lean_log_parse("r.log", buf, n, (lean_log_format)(round % 4), &log, msg, sizeof msg) ==
          0) {
        lean_found *found = calloc((size_t)f->n + 1, sizeof *found);
        char note[128];
        if (found) lean_log_assign(log, f, found, note, sizeof note);
        if (found) lean_found_clear(found, f->n);
        free(found);
        lean_log_free(log);
      }
      /* translate every #eval too */
      lean_scope s;
      lean_scope_init(&s);
      lean_translation *tr = malloc(sizeof *tr);
      for (int k = 0; tr && k < f->n; k++) {
        const lean_cmd *c = &f->cmds[k];
        if ((c->kind == LEAN_CMD_EVAL || c->kind == LEAN_CMD_CLAIM) &&
            lean_parse_term(f->text + c->body, c->body_end - c->body, c->pos, &e, &err) == 0) {
          lean_translate(m, &s, f, e, tr);
          lean_expr_free(e);
        }
        char comment[128];
        int prefixed;
        if (c->kind == LEAN_CMD_EVAL) /* and its comment's value */
          lean_cmd_comment(f, c, comment, sizeof comment, &prefixed);
        if (c->kind == LEAN_CMD_CLAIM && c->rhs_end > c->rhs && c->rhs_end <= f->len &&
            lean_parse_term(f->text + c->rhs, c->rhs_end - c->rhs, c->pos, &e, &err) == 0)
          lean_expr_free(e);
        lean_scope_command(&s, m, f, c);
      }
      free(tr);
      lean_scope_free(&s);
      lean_file_free(f);
    }
    survived++;
  }
  T_EQ_INT(survived, 20000);

  /* the example file and its logs with random bytes changed */
  static const char *const files[] = {"lean/examples/flat.lean", "lean/examples/flat.json.log",
                                      "lean/examples/flat.plain.log",
                                      "lean/examples/flat.lake.log"};
  char *text[4] = {NULL, NULL, NULL, NULL};
  size_t len[4] = {0, 0, 0, 0};
  for (int fi = 0; fi < 4; fi++) {
    FILE *fp = fopen(files[fi], "rb");
    T_CHECK(fp != NULL);
    text[fi] = malloc(1 << 16);
    if (fp && text[fi]) len[fi] = fread(text[fi], 1, (1 << 16) - 1, fp);
    if (fp) fclose(fp);
  }
  for (int fi = 0; fi < 4; fi++) {
    for (int round = 0; text[fi] && text[0] && round < 1000; round++) {
      size_t n = len[fi];
      char *mut = malloc(n + 1);
      if (!mut) break;
      memcpy(mut, text[fi], n);
      for (int k = 0; k < 1 + round % 8 && n > 0; k++) mut[rnd() % n] = (char)(rnd() & 0xFF);
      if (round % 5 == 0 && n > 0) n -= rnd() % n; /* cut short */
      const char *lean = fi == 0 ? mut : text[0], *logt = fi == 0 ? text[1] : mut;
      size_t ln = fi == 0 ? n : len[0], gn = fi == 0 ? len[1] : n;
      lean_file *f;
      lean_log *log;
      char msg[256];
      if (lean_file_scan(files[0], lean, ln, &f, msg, sizeof msg) == 0) {
        if (lean_log_parse("x.log", logt, gn, LEAN_LOG_AUTO, &log, msg, sizeof msg) == 0) {
          lean_found *found = calloc((size_t)f->n + 1, sizeof *found);
          char note[128];
          if (found) {
            lean_log_assign(log, f, found, note, sizeof note);
            lean_found_clear(found, f->n);
          }
          free(found);
          lean_log_free(log);
        }
        lean_file_free(f);
      }
      free(mut);
    }
  }
  for (int fi = 0; fi < 4; fi++) free(text[fi]);
  free(buf);
  lean_map_free(m);
}

/* Found by fuzzing: a namespace keyword at the very end of its command
** made the name scan allocate (size_t)-7 bytes.  The file must scan. */
static void test_fuzz_regressions(void) {
  FILE *in = fopen("corpus/fuzz/fuzz_lean/regress-fill-names", "rb");
  char text[8192], msg[256];
  size_t n = in ? fread(text, 1, sizeof text, in) : 0;
  lean_file *f = NULL;
  T_CHECK(in != NULL);
  if (in) fclose(in);
  int rc = lean_file_scan("fuzz.lean", text, n, &f, msg, sizeof msg);
  T_CHECK(rc == 0 || rc == -1);
  lean_file_free(f);
}

int main(void) {
  test_fuzz_regressions();
  snprintf(tmp_dir, sizeof tmp_dir, "/tmp/lcleanXXXXXX");
  if (!mkdtemp(tmp_dir)) {
    printf("cannot make a temporary directory\n");
    return 1;
  }
  test_terms();
  test_scan();
  test_values();
  test_map();
  test_translate();
  test_logs();
  test_examples();
  test_db_migration();
  test_fuzz();
  unlink(tmp_path("map.yaml"));
  unlink(tmp_path("base.yaml"));
  rmdir(tmp_dir);
  return T_DONE();
}
