/*
** main.c -- the layoutcheck program: dispatch `layoutcheck COMMAND ARG...`
** through the command table.
*/
#include "cli.h"
#include "oracle_call.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

/* The git revision the program was built from (the Makefile passes it),
** and the CUTLASS commit whose CuTe headers the CuTe layer (lo_cute*.c,
** corpus/cute_cpp/) was checked against. */
#ifndef LAYOUTCHECK_REVISION
#define LAYOUTCHECK_REVISION ""
#endif
#define LAYOUTCHECK_CUTLASS "7107b05535f8977f5ecb9d01ee203205b1fd9bc4"

typedef struct command {
  const char *name;
  const char *help; /* one line */
  int (*run)(int argc, char **argv);
} command;

static int cmd_help(int argc, char **argv);

static const command commands[] = {
    {"help", "list the commands", cmd_help},
    {"eval", "evaluate an op: eval OP ARG... | eval --batch (stdin) | eval --list", cmd_eval},
    {"corpus", "check YAML case files against the oracle: corpus [-v] FILE...", cmd_corpus},
    {"fuzz", "run the properties on generated cases, shrink and store failures", cmd_fuzz},
    {"replay", "re-check the stored counterexamples: replay [ID] [--db FILE] [--property GLOB]",
     cmd_replay_any},
    {"check", "check one case of a property: check PROPERTY NAME=VALUE...", cmd_check},
    {"show", "print one stored counterexample: show ID [--db FILE]", cmd_show},
    {"triage", "mark stored counterexamples known or open: triage ID known|open [--note TEXT]",
     cmd_triage},
    {"list", "list the properties", cmd_list},
    {"report", "the last run, trends and open counterexamples: report [--format text|junit|html|json]",
     cmd_report},
    {"merge", "add shard or other results databases to one: merge FILE.db... --into FILE.db",
     cmd_merge},
    {"lean", "check a Lean file's #eval results, or emit golden tests: lean check|emit ...",
     cmd_lean},
    {"gpu", "check layouts on a CUDA device against the oracle: gpu [--layouts N] [--seed N]",
     cmd_gpu},
};

#define N_COMMANDS (sizeof commands / sizeof commands[0])

/* Print the usage line and the command table on f. */
static void print_commands(FILE *f) {
  fputs("usage: layoutcheck COMMAND [ARG...]    (COMMAND --help: its options)\n"
        "       layoutcheck --version\n\ncommands:\n",
        f);
  for (size_t i = 0; i < N_COMMANDS; i++)
    fprintf(f, "  %-8s %s\n", commands[i].name, commands[i].help);
}

/* layoutcheck help: print the command table; ignores its arguments. */
static int cmd_help(int argc, char **argv) {
  (void)argc;
  (void)argv;
  print_commands(stdout);
  return 0;
}

/* layoutcheck --version: the revision built and the CUTLASS checked against. */
static int print_version(void) {
  const char *rev = LAYOUTCHECK_REVISION;
  printf("layoutcheck %s\n", rev[0] ? rev : "(revision unknown: not built from a git checkout)");
  printf("CuTe layer checked against CUTLASS %s\n", LAYOUTCHECK_CUTLASS);
  return 0;
}

/* Find the command named name, or NULL. */
static const command *find_command(const char *name) {
  for (size_t i = 0; i < N_COMMANDS; i++)
    if (strcmp(commands[i].name, name) == 0) return &commands[i];
  return NULL;
}

/* The exit status of a command that returned status: 2 with a message
** when something it printed could not be written (a full disk, /dev/full),
** for output that was lost must not look like success. */
static int finish(int status) {
  errno = 0;
  int flush_failed = fflush(stdout) != 0;
  int why = errno;
  if (!flush_failed && !ferror(stdout)) return status;
  fprintf(stderr, "layoutcheck: cannot write the standard output%s%s\n",
          flush_failed && why ? ": " : "", flush_failed && why ? strerror(why) : "");
  return 2;
}

/* Run the command named by argv[1] with the arguments after it; no command
** prints the table on stderr (exit 2), --help and -h print it on stdout,
** --version the revision. */
int main(int argc, char **argv) {
  if (argc < 2) {
    print_commands(stderr);
    return 2;
  }
  if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)
    return finish(cmd_help(argc - 1, argv + 1));
  if (strcmp(argv[1], "--version") == 0) return finish(print_version());
  const command *cmd = find_command(argv[1]);
  if (!cmd) {
    fprintf(stderr, "layoutcheck: unknown command '%s' (try 'layoutcheck help')\n", argv[1]);
    return 2;
  }
  if (cmd->run == cmd_eval && argc > 2 && argv[2][0] != '-')
    oracle_call_keep_lines(1); /* one op on the command line: a grid prints as a grid */
  return finish(cmd->run(argc - 1, argv + 1));
}
