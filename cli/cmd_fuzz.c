/*
** cmd_fuzz.c -- `layoutcheck fuzz` and `layoutcheck replay`: the options,
** then the run (run/run_fuzz.c).  fuzz exits 0 when no theorem failure is
** new or still open (refuted conjectures and failures triaged known do not
** count), 1 when one is, 2 on a usage, configuration or database error,
** and 130, 143 or 129 when SIGINT, SIGTERM or SIGHUP ended the run.
*/
#include "cli.h"
#include "cli_help.h"
#include "cli_run.h"

#include "run_fuzz.h"
#include "run_setup.h"

/* `layoutcheck fuzz`: see the top of this file. */
int cmd_fuzz(int argc, char **argv) {
  run_opts o;
  config c;
  run_ctx x = {0};
  int rc = cli_run_args(argc, argv, &o, NULL, cli_help_usage("fuzz"));
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
  int rc = cli_run_args(argc, argv, &o, NULL, cli_help_usage("replay"));
  if (rc) return rc == CLI_HELP ? 0 : rc;
  rc = 2;
  if (run_load_config(&o, &c, &x) == 0 && run_load_properties(&o, &c, &x) == 0)
    rc = run_replay_all(&c, &x);
  run_free_properties(&x);
  return rc;
}
