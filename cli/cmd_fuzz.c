/*
** cmd_fuzz.c -- `layoutcheck fuzz` and `layoutcheck replay`: the options,
** then the run (run/run_fuzz.c).  fuzz exits 0 when no theorem failure is
** new or still open (refuted conjectures and failures triaged known do not
** count), 1 when one is, 2 on a usage, configuration or database error,
** and 130, 143 or 129 when SIGINT, SIGTERM or SIGHUP ended the run.
*/
#include "cli.h"
#include "cli_run.h"

#include "run_fuzz.h"
#include "run_setup.h"

static const char fuzz_usage[] =
    "usage: layoutcheck fuzz [--config FILE] [--property GLOB] [--seed N] [--cases N]\n"
    "                        [--time SECONDS] [--budget SECONDS] [--db FILE] [--no-isolate]\n"
    "                        [--shard K/N] [--sut COMMAND [--ops OP,...] [--window N]\n"
    "                        [--layer plain|cute] [--known FILE] [--sut-bounds KEY=VALUE,...]]\n"
    "                        [--duration SECONDS] [-q | -v] [--color auto|always|never]\n"
    "  --budget S     a cap: the run stops by S seconds, and ends sooner when the cases\n"
    "                 (--cases, per property) are spent\n"
    "  --duration S   run until S seconds: cases are drawn until the time is spent\n"
    "                 (shared by the properties; --cases caps them when given)\n"
    "  -q, --quiet    print only the counterexamples that are new or still open\n"
    "  -v, --verbose  print every property's row and every counterexample in full\n"
    "  --color W      colour the report: auto (a terminal, NO_COLOR unset), always, never\n"
    "  CONFIG.yaml and results.db are looked for in the working directory and the\n"
    "  directories above it (up to the top of a git checkout); LAYOUTCHECK_CONFIG and\n"
    "  LAYOUTCHECK_DB name them, --config and --db override both.\n";
static const char replay_usage[] =
    "usage: layoutcheck replay [--config FILE] [--db FILE] [--property GLOB]\n"
    "                          [--sut COMMAND [--window N]]\n";

/* `layoutcheck fuzz`: see the top of this file. */
int cmd_fuzz(int argc, char **argv) {
  run_opts o;
  config c;
  run_ctx x = {0};
  int rc = cli_run_args(argc, argv, &o, NULL, fuzz_usage);
  if (rc) return rc == CLI_HELP ? 0 : rc;
  rc = 2;
  if (run_load_config(&o, &c, &x) == 0 && run_load_properties(&o, &c, &x) == 0)
    rc = run_fuzz(&c, &x);
  run_free_properties(&x);
  return rc;
}

/* `layoutcheck replay`: re-check the stored counterexamples (of the SUT
** when --sut names one); see run_replay_all. */
int cmd_replay(int argc, char **argv) {
  run_opts o;
  config c;
  run_ctx x = {0};
  int rc = cli_run_args(argc, argv, &o, NULL, replay_usage);
  if (rc) return rc == CLI_HELP ? 0 : rc;
  rc = 2;
  if (run_load_config(&o, &c, &x) == 0 && run_load_properties(&o, &c, &x) == 0)
    rc = run_replay_all(&c, &x);
  run_free_properties(&x);
  return rc;
}
