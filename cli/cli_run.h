/*
** cli_run.h -- parsing the options the run commands share.
*/
#ifndef CLI_RUN_H
#define CLI_RUN_H

#include "cli_opts.h"
#include "run_setup.h"

/* Parse the common options out of argv with cli_parse ("--opt value" or
** "--opt=value"; others are usage errors, except one positional argument,
** stored in *positional when it is non-NULL; --id ID is that argument
** and a usage error for a command that takes none).  Returns 0, CLI_HELP after
** printing usage on stdout (exit 0), or 2 with a message on stderr. */
int cli_run_args(int argc, char **argv, run_opts *o, const char **positional, const char *usage);

#endif /* CLI_RUN_H */
