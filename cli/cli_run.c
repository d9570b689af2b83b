/*
** cli_run.c -- the options the run commands (fuzz, replay, check, show,
** list) share, parsed into run_setup.h's run_opts.
*/
#include "cli_run.h"

#include "cli_opts.h"

#include <stdio.h>
#include <string.h>

/* Parse the options the run commands share; see cli_run.h. */
int cli_run_args(int argc, char **argv, run_opts *o, const char **positional, const char *usage) {
  memset(o, 0, sizeof *o);
  const cli_opt opts[] = {
      CLI_VALUE("config", &o->config_path), CLI_VALUE("property", &o->property),
      CLI_VALUE("db", &o->db),              CLI_VALUE("seed", &o->seed),
      CLI_VALUE("cases", &o->cases),        CLI_VALUE("time", &o->time),
      CLI_VALUE("sut", &o->sut),            CLI_VALUE("ops", &o->ops),
      CLI_VALUE("window", &o->window),      CLI_VALUE("layer", &o->layer),
      CLI_VALUE("shard", &o->shard),        CLI_FLAG("no-isolate", 0, &o->no_isolate),
      CLI_VALUE("budget", &o->budget),      CLI_VALUE("known", &o->known),
      CLI_VALUE("sut-bounds", &o->sut_bounds),
      CLI_FLAG("postconditions", 0, &o->postconditions),
      CLI_VALUE("id", &o->id),
      CLI_VALUE("duration", &o->duration),  CLI_VALUE("color", &o->color),
      CLI_FLAG("quiet", 'q', &o->quiet),    CLI_FLAG("verbose", 'v', &o->verbose),
  };
  const char *pos[1];
  int npos;
  int rc = cli_parse(argc, argv, opts, (int)(sizeof opts / sizeof opts[0]), usage, pos,
                     positional ? 1 : 0, &npos);
  if (rc) return rc;
  if (o->id && (!positional || npos)) { /* --id stands for the one positional ID */
    fprintf(stderr, "%s: --id %s: %s\n%s", argv[0], o->id,
            positional ? "the id is given twice" : "this command takes no counterexample id",
            usage);
    return 2;
  }
  if (positional) *positional = npos ? pos[0] : o->id;
  return 0;
}
