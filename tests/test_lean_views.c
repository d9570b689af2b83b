/* test_lean_views.c -- `layoutcheck lean` for the tensor libraries
** (lean/lean_views.c, lean/lean_views_def.c): tensor values computed by hand,
** Einlean's typed definitions, the kinds' signatures, Array values, and
** random bytes through the definitions' reader. */
#include "lean_map.h"
#include "lean_parse.h"
#include "lean_views.h"
#include "t.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Nonzero when s contains part. */
static int has(const char *s, const char *part) { return s && strstr(s, part) != NULL; }

/* The #evals of a file translated with map m: "VALUE" or "error: MSG" or
** "untranslatable: REASON" for each, joined by " | ". */
static const char *translate_file(const char *text, const lean_map *m) {
  static char out[8192], msg[256];
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
      char v[2048];
      if (lean_parse_term(f->text + c->body, c->body_end - c->body, lean_file_pos(f, c->body), &e,
                          &err) != 0) {
        snprintf(v, sizeof v, "parse error: %s", err.text);
      } else {
        lean_translate(m, &s, f, e, tr);
        if (tr->ok && !tr->value.error)
          lean_value_print(m, &tr->value, v, sizeof v);
        else if (tr->ok)
          snprintf(v, sizeof v, "error: %s", tr->value.msg);
        else
          snprintf(v, sizeof v, "untranslatable: %s", tr->reason);
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

static const char dims[] = "def p := dim! 2\n"
                           "def q := dim! 3\n"
                           "def r := dim 7 1\n"
                           "def pq := p * q\n"
                           "def x : Tensor [p, q] := Tensor.arange 0\n";

/* Evaluate "dims + extra" with the Einlean map. */
static const char *einlean(const lean_map *m, const char *extra) {
  static char text[4096];
  snprintf(text, sizeof text, "%s%s", dims, extra);
  return translate_file(text, m);
}

static void test_einlean(const lean_map *m) {
  /* x = [[0, 1, 2], [3, 4, 5]] (p = 2 rows, q = 3 columns) */
  T_EQ_STR(einlean(m, "#eval x.toList\n#eval x.shape\n#eval x.strides\n"),
           "[0, 1, 2, 3, 4, 5] | [2, 3] | [3, 1]");
  /* its transpose [q, p]: y[q][p] = x[p][q] */
  T_EQ_STR(einlean(m, "def y : Tensor [q, p] := x.rearrange\n#eval y.toList\n#eval y.strides\n"),
           "[0, 3, 1, 4, 2, 5] | [2, 1]");
  /* merged in the order (q p): element q * 2 + p is x[p][q] */
  T_EQ_STR(einlean(m, "def z : Tensor [q * p] := x.rearrange\n#eval z.toList\n"),
           "[0, 3, 1, 4, 2, 5]");
  T_EQ_STR(einlean(m, "def z : Tensor [pq] := x.reshape\n#eval z.shape\n#eval z.toList\n"),
           "[6] | [0, 1, 2, 3, 4, 5]");
  /* a size-1 atom added: r, from dim 7 1 */
  T_EQ_STR(einlean(m, "def a : Tensor [p, r, q] := Tensor.arange 5\n#eval a.toList\n#eval "
                      "(Tensor.toList a)\n"),
           "[5, 6, 7, 8, 9, 10] | [5, 6, 7, 8, 9, 10]");
  /* rearrangeBy names the axes; the product (b * a) merges them, a fastest */
  T_EQ_STR(einlean(m, "def w : Tensor [pq] := x.rearrangeBy fun (a, b) => (b * a)\n"
                      "#eval w.toList\n"),
           "[0, 3, 1, 4, 2, 5]");
  T_EQ_STR(
      einlean(m, "def w : Tensor [q, p] := x.rearrangeBy λ (a, b) => (b, a)\n#eval w.toList\n"),
      "[0, 3, 1, 4, 2, 5]");
  /* einsum: [[1, 2]] (1 x 2) times [[10, 11], [12, 13]]: 1*10 + 2*12 = 34, 1*11 + 2*13 = 37 */
  T_EQ_STR(einlean(m, "def a : Tensor [r, p] := Tensor.arange 1\n"
                      "def bm : Tensor [p, p] := Tensor.arange 10\n"
                      "def cm : Tensor [r, p] := Tensor.einsum a bm (fun (i, _) (_, j) => (i, j))\n"
                      "#eval cm.toList\n"),
           "[34, 37]");
  /* Einlean pairs the contracted axes by position: (i, _) (j, _) contracts
  ** the columns of both, x x^T = [[0+1+4, 0+4+10], [.., 9+16+25]] */
  T_EQ_STR(einlean(m, "def g : Tensor [p, p] := Tensor.einsum x x (fun (i, _) (j, _) => (i, j))\n"
                      "#eval g.toList\n"),
           "[5, 14, 14, 50]");
  /* the oracle refuses: an atom dropped, the type's shape not the value's */
  T_CHECK(has(einlean(m, "def d : Tensor [q] := x.rearrange\n#eval d.shape\n"),
              "error: axis 'p' (column 2) is not on the right"));
  T_CHECK(has(einlean(m, "def d : Tensor [q, q] := x.reshape\n#eval d.shape\n"),
              "error: the sizes differ"));
  T_CHECK(has(einlean(m, "def d : Tensor [p, q] := x.rearrangeBy fun (a, b, c) => (a, b)\n"
                         "#eval d.shape\n"),
              "error: the lambda binds 3 axes, the tensor has 2"));
  /* not translatable: the reason */
  T_CHECK(has(einlean(m, "def d : Tensor [nope] := Tensor.arange 0\n#eval d.shape\n"),
              "untranslatable: the definition of d: nope is not a Dim defined in the file"));
  T_CHECK(has(einlean(m, "def d : Tensor [p, q] := x.frobnicate\n#eval d.shape\n"),
              "unknown name 'x.frobnicate'"));
  T_CHECK(has(einlean(m, "#eval (Tensor.arange 0).shape\n"),
              "error: Tensor.arange takes its dims from the type of a definition"));
  T_CHECK(has(einlean(m, "#eval x\n"), "untranslatable: "));
  T_CHECK(
      has(einlean(m, "def d : Tensor [p, q] := d.rearrange\n#eval d.shape\n"), "nest too deeply"));
}

static void test_values(const lean_map *m) {
  lean_value v;
  char why[256];
  lean_type list = {LEAN_T_LIST, 0}, tuple = {LEAN_T_TUPLE, 0};
  /* an Array prints as #[...] */
  T_EQ_INT(lean_value_read(m, list, " #[3, 8, 5]", &v, why, sizeof why), 0);
  T_EQ_INT(v.tensor.n, 3);
  T_EQ_INT(v.tensor.elem[2], 5);
  T_EQ_INT(lean_value_read(m, tuple, "#[3, 8, 5]", &v, why, sizeof why), 0);
  T_EQ_INT(v.tuple.len, 3);
  T_EQ_INT(lean_value_read(m, list, "[1, x]", &v, why, sizeof why), -1);
  T_EQ_STR(why, "element 2 of the list is not a number");
  lean_type tensor = {LEAN_T_TENSOR, 0};
  T_EQ_INT(lean_value_read(m, tensor, "[1]", &v, why, sizeof why), -1);
  T_EQ_STR(why, "tensors have no printed form to read");
  /* lists compare element by element */
  lean_value a, b;
  memset(&a, 0, sizeof a);
  memset(&b, 0, sizeof b);
  a.type = b.type = list;
  a.tensor.n = b.tensor.n = 2;
  a.tensor.elem[1] = 4;
  b.tensor.elem[1] = 5;
  T_EQ_INT(lean_value_compare(LEAN_CMP_EXACT, &a, &b, why, sizeof why), 0);
  T_EQ_STR(why, "the lists differ first at index 1: 4 vs 5");
  b.tensor.n = 1;
  T_EQ_INT(lean_value_compare(LEAN_CMP_EXACT, &a, &b, why, sizeof why), 0);
  T_EQ_STR(why, "the lists have 2 and 1 elements");
  /* a broadcast (3, 1) -> (2, 3): element [i][j] is the source's [j]: 0 1 2 twice */
  lean_value src, out;
  lo_tuple s, t;
  lo_int sd[2] = {3, 1}, td[2] = {2, 3};
  lo_tuple_flat(&s, sd, 2);
  lo_tuple_flat(&t, td, 2);
  lean_tensor_make(&s, 0, 1, &src);
  lean_tensor_reshape(&src, &s, &out);
  T_EQ_INT(out.tensor.n, 3);
  T_EQ_INT(out.error, 0);
  lean_tensor_reshape(&src, &t, &out);
  T_CHECK(out.error && has(out.msg, "the sizes differ"));
}

static void test_signatures(void) {
  char why[160];
  lean_fn f;
  memset(&f, 0, sizeof f);
  f.op = "tensor_broadcast";
  f.lean = "g";
  f.nargs = 2;
  f.args[0] = LEAN_T_TENSOR;
  f.args[1] = LEAN_T_TUPLE;
  f.result.kind = LEAN_T_TENSOR;
  T_CHECK(lean_views_check(&f, why, sizeof why) == NULL);
  f.result.option = 1;
  T_EQ_STR(lean_views_check(&f, why, sizeof why),
           "op tensor_broadcast takes [tensor tuple] and gives tensor");
  f.op = "tensor_arange";
  f.result.option = 0;
  f.nargs = 1;
  f.args[0] = LEAN_T_INT;
  T_CHECK(lean_views_check(&f, why, sizeof why) == NULL);
  f.nargs = 0;
  T_EQ_STR(lean_views_check(&f, why, sizeof why),
           "op tensor_arange takes [tuple;tuple int;int] and gives tensor");
  T_CHECK(lean_views_op("tensor_einsum") && !lean_views_op("size"));
}

/* Random bytes in the body of a typed definition: an answer, never a
** crash (run under the sanitizers). */
static void test_fuzz(const lean_map *m) {
  static const char alphabet[] = "pqrx_ ,*()[]=>:.fun λ0123 Tensor.arangerearrangeBy\n-/";
  uint64_t rng = 0x2545F4914F6CDD1Dull;
  char body[200], extra[512];
  int survived = 0;
  for (int round = 0; round < 3000; round++) {
    size_t n = (size_t)(rng % 60);
    for (size_t i = 0; i < n; i++) {
      rng ^= rng << 13, rng ^= rng >> 7, rng ^= rng << 17;
      body[i] = round % 3 ? alphabet[rng % (sizeof alphabet - 1)] : (char)(1 + rng % 255);
    }
    body[n] = '\0';
    snprintf(extra, sizeof extra, "def d : Tensor [%s] := %s\n#eval d.toList\n",
             round % 2 ? "p, q" : body, round % 2 ? body : "x.rearrange");
    einlean(m, extra);
    survived++;
  }
  T_EQ_INT(survived, 3000);
}

int main(void) {
  lean_map *m = NULL;
  char msg[256];
  if (lean_map_load("lean/examples/einlean-map.yaml", &m, msg, sizeof msg) != 0) {
    printf("cannot load the Einlean map: %s\n", msg);
    T_CHECK(0);
    return T_DONE();
  }
  test_einlean(m);
  test_values(m);
  test_signatures();
  test_fuzz(m);
  lean_map_free(m);
  return T_DONE();
}
