/* test_lo_eval_lookup.c -- the op lookup by name (ev_op_index, a hash
** table over the op table written at build time by tools/op_index.sh),
** oracle/lo.h's list of the ops, lo_eval_len's lengths, the printers'
** lengths and buffer bounds, and the parser's integers (oracle/lo_eval.c,
** oracle/lo_parse.c). */
#include "lo_eval_internal.h"
#include "t.h"

#include <stdio.h>
#include <string.h>

/* The op named name by a plain walk over the table (lo_op_at): the index,
** or -1; the reference the hash lookup must agree with. */
static int walk_find(const char *name) {
  for (int i = 0; i < lo_op_count(); i++)
    if (strcmp(lo_op_at(i)->name, name) == 0) return i;
  return -1;
}

/* Every op is found at its own index; each name with its last byte
** dropped, a byte appended or any one byte changed is found exactly when
** the walk finds it (e.g. "mode" + "s" is the op "modes"). */
static void every_op_and_its_neighbours(void) {
  int n = lo_op_count(), agree = 1;
  T_CHECK(ev_op_index_check()); /* the generated table matches the op table */
  for (int i = 0; i < n; i++) {
    const char *name = lo_op_at(i)->name;
    size_t len = strlen(name);
    char near[300];
    T_EQ_INT(ev_op_index(name), i);
    memcpy(near, name, len - 1);
    near[len - 1] = 0; /* one byte short */
    agree &= ev_op_index(near) == walk_find(near);
    memcpy(near, name, len);
    near[len + 1] = 0;
    for (int c = 'a'; c <= 'z'; c++) { /* one byte more */
      near[len] = (char)c;
      agree &= ev_op_index(near) == walk_find(near);
    }
    near[len] = 0;
    /* one byte changed, at each place: most places do not enter the hash,
    ** so the probe meets the op's own slot and the bytes are compared */
    for (size_t j = 0; j < len; j++) {
      near[j] ^= 1;
      agree &= ev_op_index(near) == walk_find(near);
      near[j] ^= 1;
    }
  }
  T_CHECK(agree);
}

/* The list in oracle/lo.h of where each op's answer comes from (the
** lines "**   NAME   functions..." after "Where each op's answer comes
** from", up to the end of that comment) names each op of the table once
** and no other: an op added to the table and not to the list, or one
** listed that the table lacks, is printed and fails.  Run from the
** repository root, as tests/run.sh runs every test. */
static void header_lists_every_op(void) {
  FILE *f = fopen("oracle/lo.h", "r");
  T_CHECK(f != NULL);
  if (!f) return;
  int n = lo_op_count(), in_list = 0, listed = 0, unknown = 0;
  int seen[512] = {0};
  T_CHECK(n <= 512);
  char line[512];
  while (fgets(line, sizeof line, f)) {
    if (!in_list) {
      in_list = strstr(line, "Where each op's answer comes from") != NULL;
      continue;
    }
    if (strstr(line, "*/")) break;
    if (strncmp(line, "**   ", 5) != 0 || line[5] == ' ') continue; /* prose, continuation */
    char name[128];
    if (sscanf(line + 5, "%127s", name) != 1) continue;
    listed++;
    int i = walk_find(name);
    if (i < 0) {
      printf("oracle/lo.h lists %s, which is no op of the table\n", name);
      unknown++;
    } else if (i < 512 && seen[i]++) {
      printf("oracle/lo.h lists %s twice\n", name);
      unknown++;
    }
  }
  fclose(f);
  T_CHECK(in_list);
  T_EQ_INT(unknown, 0);
  int missing = 0;
  for (int i = 0; i < n && i < 512; i++)
    if (!seen[i]) {
      printf("oracle/lo.h does not list the op %s\n", lo_op_at(i)->name);
      missing++;
    }
  T_EQ_INT(missing, 0);
  T_EQ_INT(listed, n);
}

/* Names that are not ops, written by hand. */
static void near_misses(void) {
  char longname[301];
  memset(longname, 's', 300);
  longname[300] = 0;
  T_EQ_INT(ev_op_index("siz"), -1);
  T_EQ_INT(ev_op_index("sizes"), -1);
  T_EQ_INT(ev_op_index(""), -1);
  T_EQ_INT(ev_op_index("Size"), -1);
  T_EQ_INT(ev_op_index("size "), -1);
  T_EQ_INT(ev_op_index(" size"), -1);
  T_EQ_INT(ev_op_index("cosize_"), -1);
  T_EQ_INT(ev_op_index("composition\t"), -1);
  T_EQ_INT(ev_op_index(longname), -1);
  memcpy(longname, "size", 4); /* "size" then 296 's' */
  T_EQ_INT(ev_op_index(longname), -1);
  /* ops whose names are another's with a suffix are told apart */
  T_EQ_STR(lo_op_at(ev_op_index("mode"))->name, "mode");
  T_EQ_STR(lo_op_at(ev_op_index("modes"))->name, "modes");
  T_EQ_STR(lo_op_at(ev_op_index("flatten_profile"))->name, "flatten_profile");
  T_EQ_STR(lo_op_at(ev_op_index("is_nondegenerate"))->name, "is_nondegenerate");
  T_EQ_STR(lo_op_at(ev_op_index("is_non_degenerate"))->name, "is_non_degenerate");
  /* through lo_eval: a 300-byte name is shown cut at 63 bytes */
  char out[200];
  const char *argv[1] = {"1:1"};
  T_EQ_INT(lo_eval(longname, 1, argv, out, sizeof out), LO_EUNSUPPORTED);
  char want[100] = "unsupported op "; /* the name's first 63 bytes, then "..." */
  strncat(want, longname, 63);
  strcat(want, "...");
  T_EQ_STR(out, want);
  T_EQ_INT(strlen(want), 15 + 63 + 3);
}

/* lo_eval_len's length is the text's, for results and errors. */
static void eval_lengths(void) {
  static const char *cases[][3] = {
      {"size", "(2,3):(1,2)", "6"},
      {"coalesce", "(2,(1,6)):(1,(7,2))", "12:1"},
      {"composition", "(6,2):(8,2)", "(5,3):(3,1)"}, /* error: no composite */
      {"complement", "4:2", NULL},
      {"cosize", "(2,3", NULL},  /* error: syntax */
      {"no_such_op", "1", NULL}, /* error: unknown op */
      {"layout_function", "(2,2):(1,2)", NULL},
      {"print_layout", "(2,2):(1,2)", NULL}, /* several lines */
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    char out[512];
    size_t len = 12345;
    const char *argv[2] = {cases[i][1], cases[i][2]};
    int argc = cases[i][2] ? 2 : 1;
    lo_eval_len(cases[i][0], argc, argv, out, sizeof out, &len);
    T_EQ_INT(len, strlen(out));
    T_CHECK(len > 0);
  }
  char small[4];
  size_t len = 99;
  const char *argv[1] = {"(2,3):(1,3)"}; /* coalesce keeps it: 11 bytes */
  T_EQ_INT(lo_eval_len("coalesce", 1, argv, small, sizeof small, &len), LO_ESPACE);
  T_EQ_INT(len, strlen(small)); /* the message cut to fit */
  T_EQ_INT(len, 3);
  /* an error message (61 bytes, written out by hand) into buffers of
  ** every size 1..80: its first cap - 1 bytes, or all of it */
  const char *msg = "argument 1: column 5: expected ',' or ')', found end of input";
  const char *bad[1] = {"(2,3"};
  T_EQ_INT(strlen(msg), 61);
  int wrong = 0;
  for (size_t cap = 1; cap <= 80; cap++) {
    char out[80];
    size_t want = cap - 1 < 61 ? cap - 1 : 61;
    memset(out, '#', sizeof out);
    if (lo_eval_len("cosize", 1, bad, out, cap, &len) != LO_ESYNTAX || len != want ||
        memcmp(out, msg, want) != 0 || out[want] != 0)
      wrong++;
  }
  T_EQ_INT(wrong, 0);
}

/* The printers give their lengths and respect the buffer: the text of
** (2,(3,10)):(1,(2,6)) is 20 bytes, so it fits in 21 and not in 20; a
** stride of -2^63 (not parsed, set directly) prints as printf would. */
static void print_lengths(void) {
  lo_layout l;
  lo_err err;
  char buf[64];
  size_t len = 7;
  T_EQ_INT(lo_parse_layout("(2,(3,10)):(1,(2,6))", &l, &err), LO_OK);
  T_EQ_INT(lo_print_layout_len(&l, buf, 21, &len), LO_OK);
  T_EQ_STR(buf, "(2,(3,10)):(1,(2,6))");
  T_EQ_INT(len, 20);
  T_EQ_INT(lo_print_layout_len(&l, buf, 20, &len), LO_ESPACE);
  T_EQ_INT(len, 0);
  T_EQ_STR(buf, "");
  l.stride[0] = INT64_MIN;
  l.stride[2] = INT64_MAX;
  T_EQ_INT(lo_print_layout_len(&l, buf, sizeof buf, &len), LO_OK);
  T_EQ_STR(buf, "(2,(3,10)):(-9223372036854775808,(2,9223372036854775807))");
  T_EQ_INT(len, strlen(buf));
  lo_tuple t;
  T_EQ_INT(lo_parse_profile("(*,(10,*),())", &t, &err), LO_OK);
  T_EQ_INT(lo_print_tuple_len(&t, buf, sizeof buf, &len), LO_OK);
  T_EQ_STR(buf, "(*,(10,*),())");
  T_EQ_INT(len, 13);
  lo_morphism f;
  T_EQ_INT(lo_parse_morphism("(2,3)--(*,1)-->(3)", &f, &err), LO_OK);
  T_EQ_INT(lo_print_morphism_len(&f, buf, sizeof buf, &len), LO_OK);
  T_EQ_STR(buf, "(2,3)--(*,1)-->(3)");
  T_EQ_INT(len, 18);
}

/* The parser's integers of each length, round trip through the printer
** (one and two digits take a path of their own, longer runs another),
** and its refusals, columns counted by hand. */
static void number_edges(void) {
  lo_layout l;
  lo_err err;
  char buf[200];
  T_EQ_INT(lo_parse_layout("(1,12,123,1234):(0,10,99,100)", &l, &err), LO_OK);
  T_EQ_INT(lo_print_layout(&l, buf, sizeof buf), LO_OK);
  T_EQ_STR(buf, "(1,12,123,1234):(0,10,99,100)");
  T_EQ_INT(lo_parse_layout("(007,01):(00,_09)", &l, &err), LO_OK); /* leading zeros */
  T_EQ_INT(lo_print_layout(&l, buf, sizeof buf), LO_OK);
  T_EQ_STR(buf, "(7,1):(0,9)");
  T_EQ_INT(lo_parse_layout("9223372036854775807:9223372036854775807", &l, &err), LO_OK);
  T_EQ_INT(l.shape.leaf[0], INT64_MAX);
  T_EQ_INT(lo_parse_layout("9223372036854775808:1", &l, &err), LO_EOVERFLOW);
  T_EQ_STR(err.msg, "column 1: integer larger than 2^63-1");
  T_EQ_INT(lo_parse_layout("(2,3):(1,92233720368547758070)", &l, &err), LO_EOVERFLOW);
  T_EQ_STR(err.msg, "column 10: integer larger than 2^63-1");
  T_EQ_INT(lo_parse_layout("(2,00):(1,1)", &l, &err), LO_ESYNTAX);
  T_EQ_STR(err.msg, "column 4: entries must be positive, found 0");
  T_EQ_INT(lo_parse_layout("(2,3):(1,2x)", &l, &err), LO_ESYNTAX);
  T_EQ_STR(err.msg, "column 11: expected ',' or ')', found 'x'");
  /* every value 1..120 as a shape entry between one-digit neighbours and
  ** as a stride (0..120), with a leading zero too: "(1,v,2):(0,v,0v)" */
  int wrong = 0;
  for (int v = 1; v <= 120; v++) {
    char text[64];
    snprintf(text, sizeof text, "(1,%d,2):(0,%d,0%d)", v, v - 1, v);
    if (lo_parse_layout(text, &l, &err) != LO_OK || l.shape.len != 3 || l.shape.leaf[0] != 1 ||
        l.shape.leaf[1] != v || l.shape.leaf[2] != 2 || l.stride[0] != 0 || l.stride[1] != v - 1 ||
        l.stride[2] != v)
      wrong++;
  }
  T_EQ_INT(wrong, 0);
}

int main(void) {
  number_edges();
  every_op_and_its_neighbours();
  near_misses();
  header_lists_every_op();
  eval_lengths();
  print_lengths();
  return T_DONE();
}
