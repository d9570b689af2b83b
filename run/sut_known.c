/*
** sut_known.c -- a system under test's known divergences: a YAML file an
** adapter ships beside it (`--known FILE`, CONFIG.yaml's sut_known),
**
**   known:
**     - input: "composition ():() ():()"
**       note: "pycute cannot build the empty layout"
**
** read strictly (an unknown key, a missing input, an input that is not a
** request of an op differential fuzzing knows: FILE:LINE:COLUMN), and
** stored as counterexamples triaged known, so that a fresh database
** starts with them.
*/
#include "cex_store.h"
#include "fuzz_sut.h"

#include "case_line.h"
#include "diff.h"
#include "yaml_read.h"

#include <stdio.h>
#include <string.h>

#define KNOWN_MAX_BYTES (1 << 20)

/* Read the scalar at the current event into buf[0..cap); 0, or -1 with
** the reason in d's message. */
static int scalar(yaml_doc *d, const char *key, char *buf, size_t cap) {
  const yaml_event_t *e = yaml_cur(d);
  if (e->type != YAML_SCALAR_EVENT) return yaml_fail(d, e->start_mark, "%s: expected a string", key);
  if (e->data.scalar.length >= cap)
    return yaml_fail(d, e->start_mark, "%s: longer than %zu bytes", key, cap - 1);
  memcpy(buf, e->data.scalar.value, e->data.scalar.length);
  buf[e->data.scalar.length] = 0;
  return 0;
}

/* Read one entry (a mapping of input and note) at the current event and
** hand it to fn; 0, or -1 with d's message. */
static int read_entry(yaml_doc *d, int (*fn)(const char *input, const char *note, void *ud),
                      void *ud) {
  char input[4096] = "", note[1024] = "", op[64];
  const yaml_event_t *e = yaml_cur(d);
  yaml_mark_t at = e->start_mark;
  gen_case k;
  if (e->type != YAML_MAPPING_START_EVENT)
    return yaml_fail(d, at, "an entry of known: expected a mapping with input and note");
  while ((e = yaml_next(d))->type != YAML_MAPPING_END_EVENT) {
    if (e->type != YAML_SCALAR_EVENT) return yaml_fail(d, e->start_mark, "expected a key");
    int is_input = strcmp((const char *)e->data.scalar.value, "input") == 0;
    if (!is_input && strcmp((const char *)e->data.scalar.value, "note") != 0)
      return yaml_fail(d, e->start_mark, "unknown key '%s' (input, note)", e->data.scalar.value);
    yaml_next(d);
    if (scalar(d, is_input ? "input" : "note", is_input ? input : note,
               is_input ? sizeof input : sizeof note))
      return -1;
    if (is_input && (case_line_read(input, &k, op, sizeof op) || !diff_op_find(op)))
      return yaml_fail(d, yaml_cur(d)->start_mark,
                       "input: '%s' is not a request of an op differential fuzzing knows", input);
  }
  if (!input[0]) return yaml_fail(d, at, "an entry of known has no input");
  return fn(input, note[0] ? note : NULL, ud) ? yaml_fail(d, at, "could not store '%s'", input)
                                              : 0;
}

/* Read the known file at path, calling fn(input, note, ud) for each
** entry; 0, or -1 with "PATH:LINE:COLUMN: what" in msg. */
static int known_read(const char *path, int (*fn)(const char *input, const char *note, void *ud),
                      void *ud, char *msg, size_t cap) {
  yaml_doc d;
  int rc = yaml_doc_load(&d, path, KNOWN_MAX_BYTES, msg, cap);
  const yaml_event_t *e;
  while (rc == 0 && (e = yaml_next(&d))->type == YAML_DOCUMENT_START_EVENT) {
    e = yaml_next(&d);
    if (e->type != YAML_MAPPING_START_EVENT) {
      rc = yaml_fail(&d, e->start_mark, "expected a mapping with the key known");
      break;
    }
    while (rc == 0 && (e = yaml_next(&d))->type != YAML_MAPPING_END_EVENT) {
      if (e->type != YAML_SCALAR_EVENT || strcmp((const char *)e->data.scalar.value, "known")) {
        rc = yaml_fail(&d, e->start_mark, "unknown key (the file has one key, known)");
        break;
      }
      e = yaml_next(&d);
      if (e->type != YAML_SEQUENCE_START_EVENT) {
        rc = yaml_fail(&d, e->start_mark, "known: expected a list of entries");
        break;
      }
      while (rc == 0 && (e = yaml_next(&d))->type != YAML_SEQUENCE_END_EVENT)
        rc = read_entry(&d, fn, ud);
    }
    if (rc == 0) rc = yaml_doc_end(&d);
    break;
  }
  yaml_doc_free(&d);
  return rc ? -1 : 0;
}

/* known_read's callback when only checking. */
static int accept_entry(const char *input, const char *note, void *ud) {
  (void)input, (void)note, (void)ud;
  return 0;
}

/* Check the known file of c; see fuzz_sut.h. */
int sut_check_known(const config *c) {
  char msg[1024];
  if (!c->known[0] || known_read(c->known, accept_entry, NULL, msg, sizeof msg) == 0) return 0;
  fprintf(stderr, "--known: %s; nothing was run or stored\n", msg);
  return 2;
}

typedef struct known_load {
  const config *c;
  db *d;
  int added;
} known_load;

/* Store one known divergence unless the database holds its input. */
static int store_entry(const char *input, const char *note, void *ud) {
  known_load *k = ud;
  char identity[sizeof k->c->sut + 32], property[96], op[64], msg[512];
  gen_case kase;
  int64_t id;
  int is_new = 0;
  case_line_read(input, &kase, op, sizeof op); /* checked by read_entry */
  const char *argv[GEN_MAX_ARGS];
  for (int i = 0; i < kase.argc; i++) argv[i] = kase.argv[i];
  const diff_op *dop = diff_op_for(op, kase.argc, argv); /* sw.OP for a swizzle's request */
  snprintf(property, sizeof property, "sut.%s", dop ? diff_op_name(dop) : op);
  sut_identity(k->c->sut, k->c->sut_layer, identity, sizeof identity);
  int rc = db_find_cex(k->d, property, identity, input, &id, msg, sizeof msg);
  if (rc == 0) return 0;
  cex_found f = {.property = property,
                 .kind = "theorem",
                 .sut = identity,
                 .seed = "",
                 .input = input,
                 .note = note,
                 .known = 1};
  if (rc < 0 || cex_store(k->d, &f, &id, &is_new, msg, sizeof msg)) {
    fprintf(stderr, "%s\n", msg);
    return -1;
  }
  k->added += is_new;
  return 0;
}

/* Store the known divergences of c in d; see fuzz_sut.h. */
int sut_load_known(const config *c, db *d) {
  char msg[1024];
  known_load k = {c, d, 0};
  if (known_read(c->known, store_entry, &k, msg, sizeof msg)) {
    fprintf(stderr, "--known: %s\n", msg);
    return 2;
  }
  printf("known divergences: %s (%d new to the database)\n", c->known, k.added);
  return 0;
}
