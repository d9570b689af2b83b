/*
** cex_format.h -- a counterexample as people paste it: its property's
** variables with their values ("A = (2):(0), B = 3:1"), the command that
** checks exactly that case (`layoutcheck check PROP A=... B=...`), and an
** `OP ARG...` line only where that is what the check evaluates.
**
** A stored case keeps its form ("OP ARG ARG...", see case_line_write);
** the names are derived when it is shown.
*/
#ifndef CEX_FORMAT_H
#define CEX_FORMAT_H

#include "gen.h"

#include <stdint.h>
#include <stdio.h>

#define CEX_NAME_LEN 72 /* bytes of one variable name, with its NUL */

/* How many arguments a case of p has: the values its generators make
** (the words of each generator's args); -1 when a generator is unknown. */
int cex_arity(const gen_property *p);

/* The names of the variables of a case of argc arguments into
** names[0..argc): p->vars when it names argc variables, else the
** generators' names for their values when they are argc distinct names,
** else A, B, C...  p may be NULL (a property not in this build). */
void cex_var_names(const gen_property *p, int argc, char names[][CEX_NAME_LEN]);

/* "A = v1, B = v2" for case k into buf[0..cap); 0, or -1 when it does not
** fit (buf then holds a truncated text). */
int cex_vars_text(const gen_property *p, const gen_case *k, char *buf, size_t cap);

/* "layoutcheck check PROP A=v1 B=v2", each NAME=VALUE quoted for a POSIX
** shell where needed; 0, or -1 when it does not fit. */
int cex_check_command(const gen_property *p, const gen_case *k, char *buf, size_t cap);

/* "OP ARG..." when it is what p's check evaluates on k: p does not say
** otherwise (op_other) and `eval` accepts OP with these arguments (it does
** not answer "unsupported", as for a wrong argument count).  Returns 1
** with the line in buf, 0 (buf "") when there is no such line. */
int cex_eval_line(const gen_property *p, const gen_case *k, char *buf, size_t cap);

/* Print case k of p as people paste it, each line after indent:
**   A = ..., B = ...
**   reproduce: layoutcheck check PROP A=... B=...
**   replay: layoutcheck replay ID          (when id > 0)
**   eval: layoutcheck eval OP ARG...       (when cex_eval_line has one) */
void cex_print(FILE *f, const char *indent, const gen_property *p, const gen_case *k, int64_t id);
/* The same lines but the first (for a caller that shows the variables). */
void cex_print_commands(FILE *f, const char *indent, const gen_property *p, const gen_case *k,
                        int64_t id);

/* Shell-quote s (single quotes, ' as '\'') into buf unless it is made of
** characters a shell takes literally; 0, or -1 when it does not fit. */
int cex_shell_word(const char *s, char *buf, size_t cap);

#endif /* CEX_FORMAT_H */
