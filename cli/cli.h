/*
** cli.h -- the subcommands of the layoutcheck program.
**
** Each command takes the arguments that follow the program name (argv[0] is
** the command's own name), prints its results on stdout and returns the
** process exit status: 0 success, 1 a check or evaluation failed, 2 a usage
** error or an input that could not be read.
*/
#ifndef CLI_H
#define CLI_H

/* layoutcheck eval [--json] OP ARG... | eval --batch [--json] | eval --list */
int cmd_eval(int argc, char **argv);

/* layoutcheck corpus [-v] FILE... */
int cmd_corpus(int argc, char **argv);

/* layoutcheck fuzz [--config FILE] [--property GLOB] [--seed N] ... */
int cmd_fuzz(int argc, char **argv);

/* layoutcheck replay [--db FILE] [--property GLOB] */
int cmd_replay(int argc, char **argv);

/* layoutcheck check PROPERTY NAME=VALUE... (cmd_check.c) */
int cmd_check(int argc, char **argv);

/* layoutcheck replay ID | replay [--db FILE] ...: one stored
** counterexample, or (cmd_replay) all of them */
int cmd_replay_any(int argc, char **argv);

/* layoutcheck show ID [--db FILE] */
int cmd_show(int argc, char **argv);

/* `layoutcheck triage ID known|open` (cmd_triage.c). */
int cmd_triage(int argc, char **argv);

/* layoutcheck list */
int cmd_list(int argc, char **argv);

/* layoutcheck report [--db FILE] [--format text|junit|html|json] [--out FILE] */
int cmd_report(int argc, char **argv);

/* layoutcheck merge FILE.db... --into FILE.db */
int cmd_merge(int argc, char **argv);

/* layoutcheck lean check FILE.lean ... | lean emit --out FILE.lean ... */
int cmd_lean(int argc, char **argv);

/* layoutcheck gpu [--layouts N] [--seed N] [--device K] [--min-elements N] ... */
int cmd_gpu(int argc, char **argv);

#endif /* CLI_H */
