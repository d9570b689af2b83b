/*
** cmd_lean.h -- what the files of `layoutcheck lean` share (cli/ only):
** cmd_lean.c (dispatch and `lean map`), cmd_lean_check.c, cmd_lean_emit.c.
*/
#ifndef CMD_LEAN_H
#define CMD_LEAN_H

#include "cli_opts.h"
#include "lean.h"

/* The exit status of `lean check` when nothing in the file could be
** checked (no verdict agree or DISAGREE), as pytest's 5 for "no tests
** collected"; --allow-unchecked makes it 0. */
#define CMD_LEAN_UNCHECKED 5

/* Load the map named by path, or the built-in one (NULL path).  NULL
** with the message printed on failure. */
lean_map *cmd_lean_load_map(const char *path);

/* Read a decimal number >= lo for an option; -1 when it is not one. */
int cmd_lean_read_count(const char *s, long long lo, long long *out);

/* `lean check ...` and `lean emit ...` (argv[0] is the subcommand's name):
** the exit status. */
int cmd_lean_check(int argc, char **argv);
int cmd_lean_emit(int argc, char **argv);

#endif /* CMD_LEAN_H */
