/*
** cmd_lean.c -- `layoutcheck lean check` and `layoutcheck lean emit`:
** check the #eval results of a Lean formalization against the oracle
** (cmd_lean_check.c), and write the oracle's answers as #guard_msgs golden
** tests (cmd_lean_emit.c).  This file: the dispatch, `lean map`, and what
** the two share (cmd_lean.h).
**
**   lean check FILE.lean [--output LOG] [--log-format F] [--map MAP.yaml]
**              [--db FILE | --no-db] [-q] [--comments] [--allow-unchecked]
**   lean emit --out FILE.lean [--map MAP.yaml] [--ops LIST] [--cases N]
**             [--seed N] [--corpus FILE]... [--no-corpus] [--from-db FILE]
*/
#include "cli.h"
#include "cli_help.h"
#include "cmd_lean.h"

#include "corpus_read.h"
#include "store.h"
#include "gen.h"
#include "lean_log.h"
#include "lean_map.h"
#include "lean_parse.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

/* Load the map named by path, or the built-in one (NULL path).  NULL
** with the message printed on failure. */
lean_map *cmd_lean_load_map(const char *path) {
  char msg[768];
  if (!path) {
    lean_map *m = lean_map_default();
    if (!m) fprintf(stderr, "layoutcheck lean: out of memory\n");
    return m;
  }
  lean_map *m;
  if (lean_map_load(path, &m, msg, sizeof msg) != 0) {
    fprintf(stderr, "%s\n", msg);
    return NULL;
  }
  return m;
}

/* Read a decimal number >= lo for an option; -1 when it is not one. */
int cmd_lean_read_count(const char *s, long long lo, long long *out) {
  char *end;
  errno = 0;
  long long v = strtoll(s, &end, 10);
  if (errno || end == s || *end || v < lo) return -1;
  *out = v;
  return 0;
}

/* --- map --------------------------------------------------------------- */

/* Print a string as a double-quoted YAML scalar. */
static void yaml_quoted(const char *s) {
  putchar('"');
  for (; *s; s++) {
    if (*s == '"' || *s == '\\')
      printf("\\%c", *s);
    else if (*s == '\n')
      printf("\\n");
    else
      putchar(*s);
  }
  putchar('"');
}

/* lean map: the built-in map as YAML (lean/default-map.yaml's content). */
static int lean_print_map(void) {
  lean_map *m = lean_map_default();
  if (!m) return 2;
  printf("namespace: %s\nlayout_repr: %s\nheader: ", m->root, lean_repr_name(m->layout_repr));
  yaml_quoted(m->header);
  printf("\nfunctions:\n");
  for (int i = 0; i < m->n; i++) {
    const lean_fn *f = &m->fns[i];
    char t[32];
    lean_type_name(f->result, t, sizeof t);
    printf("  - {lean: %s, op: %s, args: [", f->lean, f->op);
    for (int a = 0; a < f->nargs; a++) printf("%s%s", a ? ", " : "", lean_kind_name(f->args[a]));
    printf("], result: %s, compare: %s", t, lean_compare_name(f->compare));
    if (f->gen) printf(", gen: %s", f->gen);
    printf("}\n");
  }
  lean_map_free(m);
  return 0;
}

/* layoutcheck lean SUBCOMMAND ... */
int cmd_lean(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "%s", cli_help_usage("lean"));
    return 2;
  }
  if (!strcmp(argv[1], "check")) return cmd_lean_check(argc - 1, argv + 1);
  if (!strcmp(argv[1], "emit")) return cmd_lean_emit(argc - 1, argv + 1);
  if (!strcmp(argv[1], "map")) {
    int npos, rc = cli_parse(argc - 1, argv + 1, NULL, 0, cli_help_usage("lean"), NULL, 0, &npos);
    return rc == CLI_HELP ? 0 : rc ? rc : lean_print_map();
  }
  if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
    cli_help_print(cli_help_find("lean"), stdout);
    return 0;
  }
  fprintf(stderr, "layoutcheck lean: unknown subcommand '%s'\n%s", argv[1], cli_help_usage("lean"));
  return 2;
}
