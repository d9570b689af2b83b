/*
** run.h -- the run layer: the application between the libraries (oracle,
** gen, properties, store, yaml, sut, lean, report) and the commands
** (cli/).  It reads the configuration, runs properties and systems under
** test into results.db, and stores and formats counterexamples; a command
** parses its options, calls it and prints.  It sees every library and
** never cli/ (make check-layers refuses an include of cli/ from here).
**
** Its headers, from the run down to what the commands share:
**
**   run_fuzz.h     the run of fuzz and replay: begin, replay, run,
**                  finish, guarded (run_fuzz, run_replay_all)
**   run_loop.h     the one loop over a run's subjects, the properties or
**                  the ops of a system under test (run_loop, run_sink)
**   fuzz_sut.h     the differential subject: a system under test's ops,
**                  its replay, its known divergences (sut_known.c)
**   run_setup.h    configuration with command-line overrides, shards,
**                  the property list with conjectures, replay of stored
**                  counterexamples (run_opts, run_ctx)
**   config.h       CONFIG.yaml: defaults, the strict reader, the dump
**   run_guard.h    ending a run cleanly on SIGINT, SIGTERM and SIGHUP
**   sightings.h    repeats of stored failures, written once per subject
**   cex_store.h    the one way a found counterexample is stored
**   cex_format.h   a counterexample as people paste it
**   report_paste.h the report's paste lines from this build's properties
**   oracle_call.h  the oracle called by op name, one line of text back
**   line_in.h      reading the lines of the batch protocol
**   out_file.h     an output file written whole or not at all
**
** New application code goes here, in a file of its own listed above: what
** several commands or the run itself use.  Option parsing and printing a
** command's answer stay in cli/; a library's own job stays in its folder.
*/
#ifndef RUN_H
#define RUN_H

#include "cex_format.h"
#include "cex_store.h"
#include "config.h"
#include "fuzz_sut.h"
#include "line_in.h"
#include "oracle_call.h"
#include "out_file.h"
#include "report_paste.h"
#include "run_fuzz.h"
#include "run_guard.h"
#include "run_loop.h"
#include "run_setup.h"
#include "sightings.h"

#endif /* RUN_H */
