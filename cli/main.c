/*
** main.c -- the layoutcheck program: dispatch `layoutcheck COMMAND ARG...`
** through the command table.
*/
#include "cli.h"
#include "cli_help.h"
#include "suggest.h"
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

/* A command: its name (its help is the entry of that name in cli_help.c)
** and what runs it. */
typedef struct command {
  const char *name;
  int (*run)(int argc, char **argv);
} command;

static int cmd_help(int argc, char **argv);

static const command commands[] = {
    {"help", cmd_help},     {"eval", cmd_eval},         {"corpus", cmd_corpus},
    {"fuzz", cmd_fuzz},     {"replay", cmd_replay_any}, {"check", cmd_check},
    {"show", cmd_show},     {"triage", cmd_triage},     {"list", cmd_list},
    {"report", cmd_report}, {"merge", cmd_merge},       {"lean", cmd_lean},
    {"gpu", cmd_gpu},
};

#define N_COMMANDS (sizeof commands / sizeof commands[0])

/* Print the usage line and the command table (the summaries of cli_help.c) on f. */
static void print_commands(FILE *f) {
  fputs("usage: layoutcheck COMMAND [ARG...]    (COMMAND --help: its options)\n"
        "       layoutcheck help COMMAND        (the same)\n"
        "       layoutcheck --version\n\ncommands:\n",
        f);
  for (size_t i = 0; i < N_COMMANDS; i++) {
    const cli_help *h = cli_help_find(commands[i].name);
    fprintf(f, "  %-8s %s\n", commands[i].name, h ? h->summary : "");
  }
}

/* Write into out (cap bytes) the command names nearest to name. */
static void nearest_commands(const char *name, char *out, size_t cap) {
  const char *names[N_COMMANDS];
  for (size_t i = 0; i < N_COMMANDS; i++) names[i] = commands[i].name;
  suggest_nearest(name, names, (int)N_COMMANDS, out, cap);
}

/* layoutcheck help [COMMAND | --man]: the command table, the help of one
** command (exit 2 for an unknown one, with the nearest names), or the
** manual page. */
static int cmd_help(int argc, char **argv) {
  if (argc < 2) {
    print_commands(stdout);
    return 0;
  }
  if (argc == 2 && strcmp(argv[1], "--man") == 0) {
    cli_help_man(stdout);
    return 0;
  }
  const cli_help *h = argc == 2 ? cli_help_find(argv[1]) : NULL;
  if (h) {
    cli_help_print(h, stdout);
    return 0;
  }
  if (argc > 2) {
    fprintf(stderr, "layoutcheck help: one command at most\n%s", cli_help_usage("help"));
    return 2;
  }
  char near[128];
  nearest_commands(argv[1], near, sizeof near);
  fprintf(stderr, "layoutcheck help: unknown command '%s'%s%s%s (try 'layoutcheck help')\n",
          argv[1], near[0] ? "; did you mean " : "", near, near[0] ? "?" : "");
  return 2;
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
    char near[128];
    nearest_commands(argv[1], near, sizeof near);
    fprintf(stderr, "layoutcheck: unknown command '%s'%s%s%s (try 'layoutcheck help')\n", argv[1],
            near[0] ? "; did you mean " : "", near, near[0] ? "?" : "");
    return 2;
  }
  if (cmd->run == cmd_eval && argc > 2 && argv[2][0] != '-')
    oracle_call_keep_lines(1); /* one op on the command line: a grid prints as a grid */
  return finish(cmd->run(argc - 1, argv + 1));
}
