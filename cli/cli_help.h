/*
** cli_help.h -- the help texts of the commands: one table (cli_help.c)
** that `COMMAND --help`, `layoutcheck help COMMAND`, the usage printed with
** a usage error and the manual page (`layoutcheck help --man`, make man)
** are all printed from.
*/
#ifndef CLI_HELP_H
#define CLI_HELP_H

#include <stdio.h>

/* One option of a command: how it is written ("--seed N"), its default
** (NULL when it has none worth saying: a flag that is off), what it does. */
typedef struct cli_help_opt {
  const char *spec;
  const char *deflt;
  const char *what;
} cli_help_opt;

#define CLI_HELP_MAX_OPTS     24
#define CLI_HELP_MAX_EXAMPLES 6

/* One command: its name, a one-line summary, its usage lines (each
** starting "usage: " or six spaces, each ending '\n'), a paragraph
** (NULL for none), its options and examples (NULL-terminated; each
** example a shell command, quoted so it can be pasted into sh). */
typedef struct cli_help {
  const char *name;
  const char *summary;
  const char *usage;
  const char *about;
  cli_help_opt opts[CLI_HELP_MAX_OPTS];
  const char *examples[CLI_HELP_MAX_EXAMPLES];
} cli_help;

/* The number of commands in the table, and the i-th (0 <= i < count). */
int cli_help_count(void);
const cli_help *cli_help_at(int i);

/* The entry of the command named name, or NULL. */
const cli_help *cli_help_find(const char *name);

/* The usage lines of the command named name (which must be in the table). */
const char *cli_help_usage(const char *name);

/* Print the whole help of h on f: usage, paragraph, options with their
** defaults, examples. */
void cli_help_print(const cli_help *h, FILE *f);

/* Print the whole help of the command whose usage lines are the string
** usage (the same pointer cli_help_usage returned), else usage itself. */
void cli_help_print_for_usage(const char *usage, FILE *f);

/* Print the manual page layoutcheck(1) in roff (man(7) macros) on f. */
void cli_help_man(FILE *f);

#endif /* CLI_HELP_H */
