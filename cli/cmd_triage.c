/*
** cmd_triage.c -- `layoutcheck triage`: mark stored counterexamples
** known (a divergence the team knows of and accepts for now: a failure of
** the same signature is then counted as known, not new, and does not make
** the exit status 1) or open again, with a note.
**
**   layoutcheck triage ID known|open [--note TEXT] [--db FILE] [--config FILE]
**   layoutcheck triage known|open --property GLOB [--sut COMMAND] [--note TEXT]
**
** The second form triages every open counterexample whose property
** matches GLOB (and that was found against COMMAND, as given to `fuzz
** --sut`, with " #layer=cute" for the cute layer; without --sut, those of
** the oracle's own properties).  Exit 0, 1 when no counterexample has
** that id or matches, 2 on a usage or database error.
*/
#include "cli.h"
#include "cli_help.h"
#include "cli_opts.h"
#include "run_setup.h"
#include "store.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


typedef struct triage_many {
  const char *triage, *note;
  db *d;
  int n, error;
} triage_many;

/* db_each_cex callback: triage one row. */
static int triage_row(const db_cex *c, void *ud) {
  triage_many *t = ud;
  char msg[512];
  if (db_cex_triage(t->d, c->id, t->triage, t->note, msg, sizeof msg)) {
    fprintf(stderr, "%s\n", msg);
    t->error = 1;
    return 1;
  }
  printf("#%lld %s %s: %s\n", (long long)c->id, t->triage, c->property, c->input);
  t->n++;
  return 0;
}

/* Is s a whole positive decimal number?  Then *id gets it. */
static int parse_id(const char *s, int64_t *id) {
  char *end;
  errno = 0;
  long long v = strtoll(s, &end, 10);
  if (!*s || *end || errno || v <= 0) return 0;
  *id = v;
  return 1;
}

/* `layoutcheck triage`: see the top of this file. */
int cmd_triage(int argc, char **argv) {
  const char *note = NULL, *db_arg = NULL, *config_arg = NULL, *property = NULL, *sut = NULL,
             *pos[2];
  const cli_opt opts[] = {CLI_VALUE("note", &note), CLI_VALUE("db", &db_arg), CLI_VALUE("config", &config_arg),
                          CLI_VALUE("property", &property), CLI_VALUE("sut", &sut)};
  int npos = 0;
  int64_t id = 0;
  int rc = cli_parse(argc, argv, opts, 5, cli_help_usage("triage"), pos, 2, &npos);
  if (rc) return rc == CLI_HELP ? 0 : rc;
  const char *how = npos ? pos[npos - 1] : "";
  int by_id = npos == 2 && parse_id(pos[0], &id);
  if (strcmp(how, "known") != 0 && strcmp(how, "open") != 0)
    return fprintf(stderr, "triage: expected known or open, found '%s'\n%s", how, cli_help_usage("triage")), 2;
  if (by_id == !!property || (npos == 2 && !by_id) || (!by_id && npos != 1))
    return fprintf(stderr, "triage: give either an ID or --property GLOB\n%s", cli_help_usage("triage")), 2;
  db *d;
  char msg[512], dbpath[4096];
  if (run_db_path(db_arg, config_arg, dbpath, sizeof dbpath)) return 2;
  if (db_open(dbpath, &d, msg, sizeof msg)) return fprintf(stderr, "%s\n", msg), 2;
  if (by_id) {
    rc = db_cex_triage(d, id, how, note, msg, sizeof msg);
    if (rc == 0) printf("#%lld %s\n", (long long)id, how);
    else fprintf(stderr, "%s\n", msg);
    db_close(d);
    return rc == 0 ? 0 : rc == 1 ? 1 : 2;
  }
  triage_many t = {how, note, d, 0, 0};
  rc = db_each_cex(d, property, sut ? sut : "", "open", triage_row, &t, msg, sizeof msg);
  if (rc < 0) fprintf(stderr, "%s\n", msg);
  db_close(d);
  if (rc < 0 || t.error) return 2;
  printf("%d counterexample%s triaged %s\n", t.n, t.n == 1 ? "" : "s", how);
  return t.n ? 0 : 1;
}
