/* test_config.c -- unit tests of the run configuration (run/config.c): the
** defaults, the repository's CONFIG.yaml, every class of load error with its
** position, and config_dump read back by config_load. */
#include "config.h"
#include "t.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Write text to a new file under /tmp, its name in path[0..64).  Returns 0,
** or -1 when the file cannot be made. */
static int write_temp(const char *text, char path[64]) {
  snprintf(path, 64, "/tmp/test_config_XXXXXX");
  int fd = mkstemp(path);
  if (fd < 0) return -1;
  size_t len = strlen(text);
  ssize_t n = write(fd, text, len);
  close(fd);
  if (n < 0 || (size_t)n != len) {
    unlink(path);
    return -1;
  }
  return 0;
}

/* Load text (through a temporary file) over *c.  Returns config_load's
** status; msg[0..cap) gets its message with the file's path shown as "F". */
static int load_text(const char *text, config *c, char *msg, size_t cap) {
  char path[64], raw[1024];
  if (write_temp(text, path) != 0) {
    snprintf(msg, cap, "cannot write a temporary file");
    return -2;
  }
  raw[0] = '\0';
  int status = config_load(path, c, raw, sizeof raw);
  unlink(path);
  size_t plen = strlen(path);
  if (strncmp(raw, path, plen) == 0)
    snprintf(msg, cap, "F%s", raw + plen);
  else
    snprintf(msg, cap, "%s", raw);
  return status;
}

/* The message of loading text over the defaults, or "ok" when it loads;
** a static buffer. */
static const char *load_error(const char *text) {
  static char msg[1024];
  config c;
  config_defaults(&c);
  if (load_text(text, &c, msg, sizeof msg) == 0) snprintf(msg, sizeof msg, "ok");
  return msg;
}

/* The name of the first field in which a and b differ, or NULL when they
** agree on every field (floats compared exactly). */
static const char *config_diff(const config *a, const config *b) {
#define SAME(f)                                                                                    \
  if (a->f != b->f) return #f
#define SAME_STR(f)                                                                                \
  if (strcmp(a->f, b->f) != 0) return #f
  SAME(has_seed);
  if (a->has_seed) SAME(seed);
  SAME(cases);
  SAME(time);
  SAME_STR(property);
  SAME_STR(db);
  SAME(include_conjectures);
  SAME(case_timeout);
  SAME(isolate);
  SAME(shrink_limit);
  SAME(max_rank);
  SAME(max_depth);
  SAME(max_entry);
  SAME(max_stride);
  SAME(max_size);
  SAME(n_conjecture_files);
  for (int i = 0; i < a->n_conjecture_files; i++) SAME_STR(conjecture_files[i]);
  SAME_STR(sut);
  SAME_STR(sut_ops);
  SAME(sut_timeout);
  SAME(sut_window);
  SAME_STR(sut_layer);
  SAME(require_gpu);
  SAME(gpu_layouts);
  SAME(sut_empty_layout);
  SAME(sut_min_rank);
  SAME(sut_max_rank);
  SAME(sut_max_depth);
  SAME(sut_tilers);
  SAME(sut_int_operand);
  SAME(sut_shape_operand);
  SAME(sut_int_entries);
  SAME(sut_nested_tilers);
  SAME(sut_underscore);
  SAME(sut_cotarget_shape);
  SAME(sut_cotarget_layout);
  SAME(sut_swizzles);
  SAME(sut_composed);
  SAME(sut_smem_ptr);
  SAME(sut_swizzle_edge);
  return NULL;
#undef SAME
#undef SAME_STR
}

/* Dump c, load the text over the defaults and return the first field that
** differs, or "dump failed" / "load failed: MESSAGE"; NULL when equal. */
static const char *round_trip(const config *c) {
  static char buf[1 << 16], msg[1024];
  config back;
  config_defaults(&back);
  if (config_dump(c, buf, sizeof buf) != 0) return "dump failed";
  if (load_text(buf, &back, msg, sizeof msg) != 0) {
    static char why[1100];
    snprintf(why, sizeof why, "load failed: %s", msg);
    return why;
  }
  return config_diff(c, &back);
}

static void test_defaults(void) {
  config c;
  memset(&c, 0x5A, sizeof c);
  config_defaults(&c);
  T_EQ_INT(c.has_seed, 0);
  T_EQ_INT(c.cases, 1000);
  T_CHECK(c.time == 0);
  T_EQ_STR(c.property, "*");
  T_EQ_STR(c.db, "results.db");
  T_EQ_INT(c.include_conjectures, 1);
  T_CHECK(c.case_timeout == 2.0);
  T_EQ_INT(c.isolate, 1);
  T_EQ_INT(c.shrink_limit, 5000);
  T_EQ_INT(c.max_rank, 6);
  T_EQ_INT(c.max_depth, 3);
  T_EQ_INT(c.max_entry, 8);
  T_EQ_INT(c.max_stride, 64);
  T_EQ_INT(c.max_size, 4096);
  T_EQ_INT(c.n_conjecture_files, 0);
  T_EQ_STR(c.sut, "");
  T_EQ_STR(c.sut_ops, "");
  T_CHECK(c.sut_timeout == 5.0);
  T_EQ_INT(c.sut_window, 64);
  T_EQ_STR(c.sut_layer, "plain");
  T_EQ_INT(c.require_gpu, 0);
  T_EQ_INT(c.gpu_layouts, 100000);
  T_EQ_INT(c.sut_empty_layout, 1);
  T_EQ_INT(c.sut_min_rank, 0);
  T_EQ_INT(c.sut_max_rank, 64);
  T_EQ_INT(c.sut_max_depth, 64);
  T_EQ_INT(c.sut_tilers, 1);
}

/* The repository's CONFIG.yaml: the defaults but for the seed and cases. */
static void test_repository_config(void) {
  config c, want;
  char msg[1024] = "";
  config_defaults(&c);
  config_defaults(&want);
  T_EQ_INT(config_load("CONFIG.yaml", &c, msg, sizeof msg), 0);
  T_EQ_STR(msg, "");
  want.seed = 20261121;
  want.has_seed = 1;
  want.cases = 2000;
  want.n_conjecture_files = 1;
  snprintf(want.conjecture_files[0], sizeof want.conjecture_files[0], "%s",
           "corpus/conjectures/examples.yaml");
  T_EQ_STR(config_diff(&c, &want), NULL);
  T_EQ_INT(c.seed, 20261121);
  T_EQ_INT(c.cases, 2000);
  T_EQ_STR(c.property, "*");
  T_EQ_STR(c.db, "results.db");
  T_CHECK(c.case_timeout == 2.0);
  T_CHECK(c.sut_timeout == 5.0);
  T_EQ_INT(c.n_conjecture_files, 1);
  T_EQ_INT(c.gpu_layouts, 100000);
  T_EQ_STR(round_trip(&c), NULL);
}

/* Files that load, and what they set. */
static void test_values(void) {
  config c, d;
  char msg[1024];
  config_defaults(&d);

  /* Empty files: nothing changes. */
  const char *empty[] = {"", "\n\n", "# only a comment\n", "---\n", "--- # c\n...\n", "{}\n"};
  for (size_t i = 0; i < sizeof empty / sizeof empty[0]; i++) {
    config_defaults(&c);
    T_EQ_INT(load_text(empty[i], &c, msg, sizeof msg), 0);
    T_EQ_STR(config_diff(&c, &d), NULL);
  }

  config_defaults(&c);
  T_EQ_INT(load_text("# run\n"
                     "seed: 18446744073709551615  # 2^64-1\n"
                     "cases: 9223372036854775807\n"
                     "time: 1.5e-3\n"
                     "property: 'coalesce_*'\n"
                     "db: out/r.db\n"
                     "conjectures: false\n"
                     "case_timeout: 3\n"
                     "isolate: false\n"
                     "shrink_limit: 0\n"
                     "bounds: {max_rank: 64, max_depth: 0, max_entry: 1, max_stride: 0,\n"
                     "         max_size: 1}\n"
                     "conjecture_files:\n"
                     "  - a.yaml\n"
                     "  - \"b c.yaml\"\n"
                     "sut: python3 -m pycute_batch --x 'y'\n"
                     "sut_ops: coalesce,composition\n"
                     "sut_timeout: .25\n"
                     "sut_window: 4096\n"
                     "sut_layer: cute\n"
                     "gpu:\n"
                     "  layouts: 0\n"
                     "  required: true\n",
                     &c, msg, sizeof msg),
           0);
  T_EQ_STR(msg, "");
  T_EQ_INT(c.has_seed, 1);
  T_CHECK(c.seed == UINT64_MAX);
  T_EQ_INT(c.cases, INT64_MAX);
  T_CHECK(c.time == 1.5e-3);
  T_EQ_STR(c.property, "coalesce_*");
  T_EQ_STR(c.db, "out/r.db");
  T_EQ_INT(c.include_conjectures, 0);
  T_CHECK(c.case_timeout == 3.0);
  T_EQ_INT(c.isolate, 0);
  T_EQ_INT(c.shrink_limit, 0);
  T_EQ_INT(c.max_rank, 64);
  T_EQ_INT(c.max_depth, 0);
  T_EQ_INT(c.max_entry, 1);
  T_EQ_INT(c.max_stride, 0);
  T_EQ_INT(c.max_size, 1);
  T_EQ_INT(c.n_conjecture_files, 2);
  T_EQ_STR(c.conjecture_files[0], "a.yaml");
  T_EQ_STR(c.conjecture_files[1], "b c.yaml");
  T_EQ_STR(c.sut, "python3 -m pycute_batch --x 'y'");
  T_EQ_STR(c.sut_ops, "coalesce,composition");
  T_CHECK(c.sut_timeout == 0.25);
  T_EQ_INT(c.sut_window, 4096);
  T_EQ_STR(c.sut_layer, "cute");
  T_EQ_INT(c.require_gpu, 1);
  T_EQ_INT(c.gpu_layouts, 0);
  T_EQ_STR(round_trip(&c), NULL);

  /* A file sets only its keys; a list replaces the whole list; the empty
  ** plain value of a string is the empty string. */
  T_EQ_INT(load_text("cases: 5\nsut:\nconjecture_files: [z.yaml]\n", &c, msg, sizeof msg), 0);
  T_EQ_INT(c.cases, 5);
  T_EQ_STR(c.sut, "");
  T_EQ_INT(c.n_conjecture_files, 1);
  T_EQ_STR(c.conjecture_files[0], "z.yaml");
  T_EQ_STR(c.conjecture_files[1], "");
  T_CHECK(c.seed == UINT64_MAX);
  T_EQ_INT(c.max_rank, 64);
  T_EQ_STR(c.sut_ops, "coalesce,composition");
  T_EQ_INT(load_text("conjecture_files: []\nseed: 0\ntime: -0\n", &c, msg, sizeof msg), 0);
  T_EQ_INT(c.n_conjecture_files, 0);
  T_EQ_INT(c.has_seed, 1);
  T_EQ_INT(c.seed, 0);
  T_CHECK(c.time == 0);

  /* Sixteen entries fit; quoted keys and flow style are YAML like any other. */
  T_EQ_STR(load_error("conjecture_files: [a,b,c,d,e,f,g,h,i,j,k,l,m,n,o,p]\n"), "ok");
  T_EQ_STR(load_error("\"cases\": 3\n{}: 1\n"), "F:2:1: a key must be a string");
  T_EQ_STR(load_error("{cases: 3, isolate: true}"), "ok");
}

/* Every class of error, with its position. */
static void test_errors(void) {
  /* Unknown keys, at the key. */
  T_EQ_STR(load_error("cases: 3\n# a comment\nfoo: 1\n"), "F:3:1: unknown key 'foo'");
  T_EQ_STR(load_error("bounds:\n  max_rank: 3\n  max_ranks: 4\n"),
           "F:3:3: unknown key 'bounds.max_ranks'");
  T_EQ_STR(load_error("gpu: {required: true, layout: 1}\n"), "F:1:23: unknown key 'gpu.layout'");
  T_EQ_STR(load_error("max_rank: 3\n"), "F:1:1: unknown key 'max_rank'");
  T_EQ_STR(load_error("Cases: 3\n"), "F:1:1: unknown key 'Cases'");
  T_EQ_STR(load_error("[1]: 3\n"), "F:1:1: a key must be a string");

  /* Duplicate keys, at the second one. */
  T_EQ_STR(load_error("cases: 3\nisolate: true\ncases: 4\n"), "F:3:1: duplicate key 'cases'");
  T_EQ_STR(load_error("bounds: {max_size: 3, max_size: 4}\n"),
           "F:1:23: duplicate key 'bounds.max_size'");
  T_EQ_STR(load_error("gpu: {}\ngpu: {}\n"), "F:2:1: duplicate key 'gpu'");

  /* Integers, at the value. */
  T_EQ_STR(load_error("cases: -5\n"), "F:1:8: cases: expected an integer >= 1, found '-5'");
  T_EQ_STR(load_error("cases: 0\n"), "F:1:8: cases: expected an integer >= 1, found '0'");
  T_EQ_STR(load_error("cases: many\n"), "F:1:8: cases: expected an integer >= 1, found 'many'");
  T_EQ_STR(load_error("cases: \"5\"\n"),
           "F:1:8: cases: expected an integer >= 1, found the quoted string '5'");
  T_EQ_STR(load_error("cases: 5.0\n"), "F:1:8: cases: expected an integer >= 1, found '5.0'");
  T_EQ_STR(load_error("cases: 0x10\n"), "F:1:8: cases: expected an integer >= 1, found '0x10'");
  T_EQ_STR(load_error("cases: 010\n"), "F:1:8: cases: expected an integer >= 1, found '010'");
  T_EQ_STR(load_error("cases: +5\n"), "F:1:8: cases: expected an integer >= 1, found '+5'");
  T_EQ_STR(load_error("cases:\n"), "F:1:7: cases: expected an integer >= 1, found an empty value");
  T_EQ_STR(load_error("cases: [5]\n"), "F:1:8: cases: expected an integer >= 1, found a sequence");
  T_EQ_STR(load_error("cases: 9223372036854775808\n"),
           "F:1:8: cases: expected an integer >= 1, found '9223372036854775808'");
  T_EQ_STR(load_error("cases: 99999999999999999999999\n"),
           "F:1:8: cases: expected an integer >= 1, found '99999999999999999999999'");
  T_EQ_STR(load_error("shrink_limit: -1\n"),
           "F:1:15: shrink_limit: expected an integer >= 0, found '-1'");
  T_EQ_STR(load_error("bounds:\n  max_rank: 65\n"),
           "F:2:13: bounds.max_rank: expected an integer from 0 to 64, found '65'");
  T_EQ_STR(load_error("bounds:\n  max_depth: -1\n"),
           "F:2:14: bounds.max_depth: expected an integer from 0 to 64, found '-1'");
  T_EQ_STR(load_error("bounds: {max_entry: 0}\n"),
           "F:1:21: bounds.max_entry: expected an integer >= 1, found '0'");
  T_EQ_STR(load_error("gpu: {layouts: -1}\n"),
           "F:1:16: gpu.layouts: expected an integer >= 0, found '-1'");
  T_EQ_STR(load_error("seed: -1\n"),
           "F:1:7: seed: expected an integer from 0 to 18446744073709551615, found '-1'");
  T_EQ_STR(load_error("seed: 18446744073709551616\n"),
           "F:1:7: seed: expected an integer from 0 to 18446744073709551615, found "
           "'18446744073709551616'");

  /* Numbers. */
  T_EQ_STR(load_error("time: -1\n"), "F:1:7: time: expected a number >= 0, found '-1'");
  T_EQ_STR(load_error("time: soon\n"), "F:1:7: time: expected a number >= 0, found 'soon'");
  T_EQ_STR(load_error("time: .inf\n"), "F:1:7: time: expected a number >= 0, found '.inf'");
  T_EQ_STR(load_error("time: nan\n"), "F:1:7: time: expected a number >= 0, found 'nan'");
  T_EQ_STR(load_error("time: 1e400\n"), "F:1:7: time: expected a number >= 0, found '1e400'");
  T_EQ_STR(load_error("time: 0x1p3\n"), "F:1:7: time: expected a number >= 0, found '0x1p3'");
  T_EQ_STR(load_error("time: '1'\n"),
           "F:1:7: time: expected a number >= 0, found the quoted string '1'");
  T_EQ_STR(load_error("case_timeout: 0\n"),
           "F:1:15: case_timeout: expected a number from 0.001 to 1e+06, found '0'");
  T_EQ_STR(load_error("sut_timeout: 0.0\n"),
           "F:1:14: sut_timeout: expected a number from 0.001 to 1e+06, found '0.0'");
  /* a denormal timeout made every case "time out" as a theorem failure;
  ** one past 2^31 milliseconds would overflow the engine's wait */
  T_EQ_STR(load_error("case_timeout: 1e-320\n"),
           "F:1:15: case_timeout: expected a number from 0.001 to 1e+06, found '1e-320'");
  T_EQ_STR(load_error("case_timeout: 0.0009\n"),
           "F:1:15: case_timeout: expected a number from 0.001 to 1e+06, found '0.0009'");
  T_EQ_STR(load_error("sut_timeout: 3e6\n"),
           "F:1:14: sut_timeout: expected a number from 0.001 to 1e+06, found '3e6'");
  T_EQ_STR(load_error("case_timeout: 0.001\nsut_timeout: 1000000\n"), "ok");
  /* sut_ops: every op known to differential fuzzing, with its position */
  T_CHECK(strncmp(load_error("cases: 3\nsut_ops: \"coalesce,no_such_op\"\n"),
                  "F:2:10: sut_ops: no generator for op 'no_such_op'; known: ", 58) == 0);
  T_EQ_STR(load_error("sut_ops: coalesce=approximate\n"),
           "F:1:10: sut_ops: comparison 'approximate' for coalesce: expected exact, function, "
           "coalesced or inverse");
  T_EQ_STR(load_error("sut_ops: \"coalesce,composition=function\"\n"), "ok");
  T_EQ_STR(load_error("sut_window: 0\n"),
           "F:1:13: sut_window: expected an integer from 1 to 4096, found '0'");
  T_EQ_STR(load_error("sut_window: 4097\n"),
           "F:1:13: sut_window: expected an integer from 1 to 4096, found '4097'");

  /* Booleans. */
  T_EQ_STR(load_error("isolate: maybe\n"),
           "F:1:10: isolate: expected true or false, found 'maybe'");
  T_EQ_STR(load_error("isolate: yes\n"), "F:1:10: isolate: expected true or false, found 'yes'");
  T_EQ_STR(load_error("isolate: True\n"), "F:1:10: isolate: expected true or false, found 'True'");
  T_EQ_STR(load_error("isolate: 1\n"), "F:1:10: isolate: expected true or false, found '1'");
  T_EQ_STR(load_error("conjectures: \"true\"\n"),
           "F:1:14: conjectures: expected true or false, found the quoted string 'true'");
  T_EQ_STR(load_error("gpu:\n  required: {}\n"),
           "F:2:13: gpu.required: expected true or false, found a mapping");

  /* Strings and the list. */
  T_EQ_STR(load_error("db: ''\n"), "F:1:5: db: expected a non-empty string, found the quoted "
                                   "string ''");
  T_EQ_STR(load_error("property:\n"),
           "F:1:10: property: expected a non-empty string, found an empty value");
  T_EQ_STR(load_error("sut: ~\n"),
           "F:1:6: sut: expected a string, found '~' (write \"\" for empty)");
  T_EQ_STR(load_error("sut: null\n"),
           "F:1:6: sut: expected a string, found 'null' (write \"\" for empty)");
  T_EQ_STR(load_error("sut_ops: [a, b]\n"), "F:1:10: sut_ops: expected a string, found a sequence");
  T_EQ_STR(load_error("sut: \"a\\0b\"\n"), "F:1:6: sut: the string contains a NUL character");
  T_EQ_STR(load_error("sut_layer: CuTe\n"),
           "F:1:12: sut_layer: expected plain or cute, found 'CuTe'");
  T_EQ_STR(load_error("sut_layer: ''\n"),
           "F:1:12: sut_layer: expected plain or cute, found the quoted string ''");
  char long_text[1200];
  snprintf(long_text, sizeof long_text, "property: %0300d\n", 0);
  T_EQ_STR(load_error(long_text), "F:1:11: property: the string is longer than 255 bytes");
  T_EQ_STR(load_error("conjecture_files: a.yaml\n"),
           "F:1:19: conjecture_files: expected a sequence of strings, found 'a.yaml'");
  T_EQ_STR(load_error("conjecture_files:\n  - a\n  - [b]\n"),
           "F:3:5: conjecture_files: expected a string, found a sequence");
  T_EQ_STR(load_error("conjecture_files: [a, '']\n"),
           "F:1:23: conjecture_files: expected a non-empty string, found the quoted string ''");
  T_EQ_STR(load_error("conjecture_files: [a,b,c,d,e,f,g,h,i,j,k,l,m,n,o,p,q]\n"),
           "F:1:52: conjecture_files: more than 16 entries");

  /* Mappings. */
  T_EQ_STR(load_error("bounds: 3\n"), "F:1:9: bounds: expected a mapping, found '3'");
  T_EQ_STR(load_error("gpu:\n  - required\n"), "F:2:3: gpu: expected a mapping, found a sequence");
  T_EQ_STR(load_error("bounds:\n"), "F:1:8: bounds: expected a mapping, found an empty value");
  T_EQ_STR(load_error("- cases: 3\n"),
           "F:1:1: expected a mapping of configuration keys, found a sequence");
  T_EQ_STR(load_error("cases\n"), "F:1:1: expected a mapping of configuration keys, found 'cases'");
  T_EQ_STR(load_error("--- ~\n"), "F:1:5: expected a mapping of configuration keys, found '~'");
  T_EQ_STR(load_error("cases: 3\n---\ncases: 4\n"), "F:2:1: expected one document, found another");

  /* Anchors, aliases, tags: refused wherever they are. */
  T_EQ_STR(load_error("cases: &n 3\n"), "F:1:8: anchors are not allowed (found &n)");
  T_EQ_STR(load_error("bounds: &b {max_rank: 3}\ngpu: *b\n"),
           "F:1:9: anchors are not allowed (found &b)");
  T_EQ_STR(load_error("cases: 3\nshrink_limit: *n\n"),
           "F:2:15: aliases are not allowed (found *n)");
  T_EQ_STR(load_error("cases: !!int 3\n"),
           "F:1:8: tags are not allowed (found tag:yaml.org,2002:int)");
  T_EQ_STR(load_error("foo: 1\ncases: *n\n"), "F:2:8: aliases are not allowed (found *n)");

  /* Malformed YAML, where the syntax breaks (before any other problem). */
  T_EQ_STR(load_error("a: [1,"), "F:2:1: did not find expected node content, while parsing a flow "
                                 "node");
  T_EQ_STR(load_error("foo: 1\ncases: [1,\n"), "F:3:1: did not find expected node content, while "
                                               "parsing a flow node");
  T_EQ_STR(load_error("property: *\n"),
           "F:1:12: did not find expected alphabetic or numeric character, while scanning an "
           "alias starting at line 1, column 11");
  T_EQ_STR(load_error("cases: 3\n  isolate: true\n"),
           "F:2:10: mapping values are not allowed in this context");
  T_EQ_STR(load_error("sut: \"abc\n"), "F:2:1: found unexpected end of stream, while scanning a "
                                       "quoted scalar starting at line 1, column 6");
  T_EQ_STR(load_error("cases: 3\nsut: \xff\n"), "F:2:6: invalid leading UTF-8 octet");

  /* A file that cannot be opened. */
  config c;
  char msg[1024];
  config_defaults(&c);
  T_CHECK(config_load("/tmp/test_config_no_such_dir/none.yaml", &c, msg, sizeof msg) != 0);
  T_EQ_STR(msg, "/tmp/test_config_no_such_dir/none.yaml: cannot open: No such file or directory");
  T_CHECK(config_load("/tmp", &c, msg, sizeof msg) != 0);
  T_EQ_STR(msg, "/tmp: cannot open: Is a directory");

  /* A short message buffer is cut, never overrun; no buffer at all is fine. */
  char small[8];
  T_CHECK(config_load("/tmp/test_config_no_such_dir/none.yaml", &c, small, sizeof small) != 0);
  T_EQ_STR(small, "/tmp/te");
  T_CHECK(config_load("/tmp/test_config_no_such_dir/none.yaml", &c, NULL, 0) != 0);
}

/* A failed load leaves *c exactly as it was, even after keys were read. */
static void test_failure_leaves_config(void) {
  config c, before;
  char msg[1024];
  config_defaults(&c);
  c.cases = 7;
  c.has_seed = 1;
  c.seed = 99;
  c.n_conjecture_files = 1;
  snprintf(c.conjecture_files[0], sizeof c.conjecture_files[0], "keep.yaml");
  snprintf(c.sut, sizeof c.sut, "keep");
  memcpy(&before, &c, sizeof c);
  T_CHECK(load_text("cases: 5\nseed: 1\nconjecture_files: [x, y]\nsut: other\nbounds: {max_rank: "
                    "2}\nisolate: maybe\n",
                    &c, msg, sizeof msg) != 0);
  T_EQ_STR(msg, "F:6:10: isolate: expected true or false, found 'maybe'");
  T_EQ_STR(config_diff(&c, &before), NULL);
  T_CHECK(memcmp(&c, &before, sizeof c) == 0);
  T_CHECK(load_text("cases: 5\na: [1,", &c, msg, sizeof msg) != 0);
  T_CHECK(memcmp(&c, &before, sizeof c) == 0);
  T_CHECK(config_load("/tmp/test_config_no_such_dir/none.yaml", &c, msg, sizeof msg) != 0);
  T_CHECK(memcmp(&c, &before, sizeof c) == 0);
}

/* config_dump: its exact text for the defaults, read back by config_load
** for awkward values, and its refusals. */
static void test_dump(void) {
  static char buf[1 << 16];
  config c;
  config_defaults(&c);
  T_EQ_INT(config_dump(&c, buf, sizeof buf), 0);
  T_EQ_STR(buf, "cases: 1000\n"
                "time: 0.0\n"
                "property: \"*\"\n"
                "db: \"results.db\"\n"
                "conjectures: true\n"
                "case_timeout: 2.0\n"
                "isolate: true\n"
                "shrink_limit: 5000\n"
                "max_distinct: 8\n"
                "shrink_budget: 30.0\n"
                "max_repeats: 20\n"
                "budget: 0.0\n"
                "bounds:\n"
                "  max_rank: 6\n"
                "  max_depth: 3\n"
                "  max_entry: 8\n"
                "  max_stride: 64\n"
                "  max_size: 4096\n"
                "conjecture_files: []\n"
                "sut: \"\"\n"
                "sut_ops: \"\"\n"
                "sut_timeout: 5.0\n"
                "sut_window: 64\n"
                "sut_layer: \"plain\"\n"
                "sut_known: \"\"\n"
                "gpu:\n"
                "  required: false\n"
                "  layouts: 100000\n"
                "sut_bounds:\n"
                "  empty_layout: true\n"
                "  min_rank: 0\n"
                "  max_rank: 64\n"
                "  max_depth: 64\n"
                "  tilers: true\n"
                "  int_operand: true\n"
                "  shape_operand: true\n"
                "  int_entries: true\n"
                "  nested_tilers: true\n"
                "  underscore: true\n"
                "  cotarget_shape: true\n"
                "  cotarget_layout: true\n"
                "  swizzles: true\n"
                "  composed: true\n"
                "  smem_ptr: true\n"
                "  swizzle_edge: true\n");
  T_EQ_STR(round_trip(&c), NULL);

  /* Every cap below the length fails and is cut; length + 1 fits. */
  size_t len = strlen(buf);
  char *small = malloc(len + 1);
  int all_refused = 1;
  for (size_t cap = 0; cap <= len && small; cap++) {
    memset(small, 'x', len + 1);
    if (config_dump(&c, small, cap) == 0) all_refused = 0;
    if (cap > 0 && (small[cap - 1] != '\0' || strncmp(small, buf, cap - 1) != 0)) all_refused = 0;
    if (small[cap] != 'x' && cap < len + 1) all_refused = 0;
  }
  T_CHECK(all_refused);
  T_CHECK(small && config_dump(&c, small, len + 1) == 0 && strcmp(small, buf) == 0);
  free(small);

  /* Awkward values come back exactly. */
  c.has_seed = 1;
  c.seed = UINT64_MAX;
  c.cases = INT64_MAX;
  c.time = 1e-300;
  c.case_timeout = 0.1;
  c.sut_timeout = 999999.9999999999;
  c.shrink_limit = 0;
  c.max_rank = 64;
  c.max_depth = 0;
  c.max_entry = INT64_MAX;
  c.max_stride = 0;
  c.max_size = 1;
  c.include_conjectures = 0;
  c.isolate = 0;
  c.require_gpu = 1;
  c.gpu_layouts = 0;
  c.sut_empty_layout = 0;
  c.sut_min_rank = 64;
  c.sut_max_rank = 64;
  c.sut_max_depth = 0;
  c.sut_tilers = 0;
  snprintf(c.property, sizeof c.property, "*: #x 'y' \"z\" \\ [a] &b !c");
  snprintf(c.db, sizeof c.db, " lead and trail \t\n\r\x01\x7f ");
  snprintf(c.sut, sizeof c.sut, "caf\xc3\xa9 \xc2\x85 \xe2\x80\xa8 \xef\xbb\xbf \xf0\x9f\x98\x80");
  snprintf(c.sut_ops, sizeof c.sut_ops, "size=exact,coalesce");
  c.n_conjecture_files = CONFIG_MAX_LIST;
  for (int i = 0; i < CONFIG_MAX_LIST; i++)
    snprintf(c.conjecture_files[i], sizeof c.conjecture_files[i], "dir/%d - \"q\".yaml", i);
  T_EQ_STR(round_trip(&c), NULL);
  for (size_t i = 0; i + 5 < sizeof c.sut_ops; i += 5) memcpy(c.sut_ops + i, "size,", 6);
  T_EQ_STR(round_trip(&c), NULL);
  T_EQ_INT(config_dump(&c, buf, sizeof buf), 0);
  T_CHECK(strstr(buf, "seed: 18446744073709551615\n") == buf);
  T_CHECK(strstr(buf, "\ntime: 1e-300\n") != NULL);
  T_CHECK(strstr(buf, "case_timeout: 0.1\n") != NULL);
  T_CHECK(strstr(buf, "sut_timeout: 999999.9999999999\n") != NULL);
  T_CHECK(strstr(buf, "conjecture_files:\n  - \"dir/0 - \\\"q\\\".yaml\"\n") != NULL);

  /* A string that is not UTF-8 cannot be written. */
  snprintf(c.sut, sizeof c.sut, "a\xff");
  T_CHECK(config_dump(&c, buf, sizeof buf) != 0);
}

/* sut_bounds, in the file and as --sut-bounds KEY=VALUE,... */
static void test_sut_bounds(void) {
  config c;
  char why[512];
  config_defaults(&c);
  T_EQ_STR(load_error("sut_bounds:\n  empty_layout: false\n  min_rank: 1\n  max_rank: 3\n"
                      "  max_depth: 2\n  tilers: false\n"),
           "ok");
  T_EQ_INT(load_text("sut_bounds:\n  empty_layout: false\n  min_rank: 1\n  max_rank: 3\n"
                     "  max_depth: 2\n  tilers: false\n",
                     &c, why, sizeof why),
           0);
  T_EQ_INT(c.sut_empty_layout, 0);
  T_EQ_INT(c.sut_min_rank, 1);
  T_EQ_INT(c.sut_max_rank, 3);
  T_EQ_INT(c.sut_max_depth, 2);
  T_EQ_INT(c.sut_tilers, 0);
  T_EQ_STR(round_trip(&c), NULL);
  T_EQ_STR(load_error("sut_bounds:\n  empty: false\n"), "F:2:3: unknown key 'sut_bounds.empty'");
  T_EQ_STR(load_error("sut_bounds:\n  tilers: no\n"),
           "F:2:11: sut_bounds.tilers: expected true or false, found 'no'");
  T_EQ_STR(load_error("sut_bounds:\n  max_rank: 65\n"),
           "F:2:13: sut_bounds.max_rank: expected an integer from 0 to 64, found '65'");
  T_EQ_STR(load_error("sut_bounds:\n  min_rank: 3\n  max_rank: 2\n"),
           "F: sut_bounds: min_rank 3 is above max_rank 2");
  T_EQ_STR(load_error("sut_bounds: 3\n"), "F:1:13: sut_bounds: expected a mapping, found '3'");

  config_defaults(&c);
  T_EQ_INT(config_sut_bounds(&c, "empty_layout=false,max_depth=1,min_rank=2", why, sizeof why), 0);
  T_EQ_INT(c.sut_empty_layout, 0);
  T_EQ_INT(c.sut_max_depth, 1);
  T_EQ_INT(c.sut_min_rank, 2);
  T_EQ_INT(c.sut_max_rank, 64);
  T_EQ_INT(c.sut_tilers, 1);
  config before = c;
  T_EQ_INT(config_sut_bounds(&c, "tilers=false,rank=2", why, sizeof why), -1);
  T_EQ_STR(why, "unknown bound 'rank'; known: empty_layout, min_rank, max_rank, max_depth, tilers, "
                "int_operand, shape_operand, int_entries, nested_tilers, underscore, "
                "cotarget_shape, cotarget_layout, swizzles, composed, smem_ptr, swizzle_edge");
  T_EQ_STR(config_diff(&c, &before), NULL); /* unchanged, tilers=false included */
  T_EQ_INT(config_sut_bounds(&c, "tilers=yes", why, sizeof why), -1);
  T_EQ_STR(why, "tilers: expected true or false, found 'yes'");
  /* the forms: each key its own field */
  config f;
  config_defaults(&f);
  T_EQ_INT(config_sut_bounds(&f, "int_operand=false,underscore=false,cotarget_layout=false", why,
                             sizeof why),
           0);
  T_EQ_INT(f.sut_int_operand, 0);
  T_EQ_INT(f.sut_shape_operand, 1);
  T_EQ_INT(f.sut_int_entries, 1);
  T_EQ_INT(f.sut_nested_tilers, 1);
  T_EQ_INT(f.sut_underscore, 0);
  T_EQ_INT(f.sut_cotarget_shape, 1);
  T_EQ_INT(f.sut_cotarget_layout, 0);
  T_EQ_STR(round_trip(&f), NULL);
  T_EQ_STR(load_error("sut_bounds:\n  nested_tilers: 0\n"),
           "F:2:18: sut_bounds.nested_tilers: expected true or false, found '0'");
  T_EQ_INT(config_sut_bounds(&c, "max_rank=-1", why, sizeof why), -1);
  T_EQ_STR(why, "max_rank: expected an integer from 0 to 64, found '-1'");
  T_EQ_INT(config_sut_bounds(&c, "max_rank", why, sizeof why), -1);
  T_EQ_STR(why, "max_rank: expected an integer from 0 to 64, found ''");
  T_EQ_INT(config_sut_bounds(&c, "max_rank=1", why, sizeof why), -1);
  T_EQ_STR(why, "min_rank 2 is above max_rank 1");
  T_EQ_INT(config_sut_bounds(&c, "min_rank=1,,tilers=true", why, sizeof why), -1);
  T_EQ_STR(why, "expected KEY=VALUE,..., found 'min_rank=1,,tilers=true'");
  T_EQ_INT(config_sut_bounds(&c, "", why, sizeof why), -1);
  T_EQ_STR(config_diff(&c, &before), NULL);
}

int main(void) {
  test_defaults();
  test_sut_bounds();
  test_repository_config();
  test_values();
  test_errors();
  test_failure_leaves_config();
  test_dump();
  return T_DONE();
}
