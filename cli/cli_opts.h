/*
** cli_opts.h -- the one option parser of the commands: getopt_long over a
** table of options, so every command takes "--opt value" and
** "--opt=value" (and unambiguous abbreviations), "--" ends the options,
** and --help (-h) prints the command's help on stdout (cli_help.c); an
** unknown option is answered with the nearest option names.
*/
#ifndef CLI_OPTS_H
#define CLI_OPTS_H

/* One option --name (and -c when short is nonzero): with a value, stored
** in *value (the last one given wins) or, for an option that may be
** repeated, handed to take(ctx, value) each time (take returns 0, or 2
** after printing why); or a flag, setting *flag to 1. */
typedef struct cli_opt {
  const char *name;
  int short_name;     /* 0 for none */
  const char **value; /* NULL for a flag or a repeated option */
  int *flag;          /* a flag: neither value nor take */
  int (*take)(void *ctx, const char *value);
  void *ctx;
} cli_opt;

/* Table rows: an option with a value, a flag (short_name 0 for none). */
#define CLI_VALUE(name, value_ptr)           {name, 0, value_ptr, NULL, NULL, NULL}
#define CLI_FLAG(name, short_name, flag_ptr) {name, short_name, NULL, flag_ptr, NULL, NULL}

/* Parse argv[1..argc) (argv[0] is the command's name, used in messages)
** against opts[0..nopts); the arguments that are not options go, in
** order, to pos[0..pos_cap) and their count to *npos.  Returns 0 to go
** on, CLI_HELP after printing the help on stdout (the command exits 0;
** the help of cli_help.c whose usage is usage, else usage), or 2
** after a message and usage on stderr: an unknown option, a missing value,
** more than pos_cap other arguments. */
#define CLI_HELP (-1)
int cli_parse(int argc, char **argv, const cli_opt *opts, int nopts, const char *usage,
              const char **pos, int pos_cap, int *npos);

#endif /* CLI_OPTS_H */
