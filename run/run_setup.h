/*
** run_setup.h -- what fuzz, replay and show share: reading the
** configuration with command-line overrides, selecting properties, and
** re-checking stored counterexamples.
*/
#ifndef RUN_SETUP_H
#define RUN_SETUP_H

#include "config.h"
#include "conj_load.h"
#include "gen.h"
#include "store.h"

#include <stdio.h>

/* The command-line overrides of the run commands (parsed by cli_run_args,
** cli/cli_run.h); a NULL field leaves the configuration as it is. */
typedef struct run_opts {
  const char *config_path; /* NULL: LAYOUTCHECK_CONFIG, else CONFIG.yaml found upward (run_find) */
  const char *property, *db, *seed, *cases, *time, *sut, *ops;
  const char *window, *layer; /* --window N, --layer plain|cute (the system under test) */
  const char *shard;          /* --shard K/N */
  const char *budget;         /* --budget SECONDS: the whole run */
  const char *known;          /* --known FILE: an adapter's known divergences */
  const char *id;             /* --id ID (replay one counterexample) */
  int no_isolate;
  const char *sut_bounds; /* --sut-bounds KEY=VALUE,... (config_sut_bounds) */
  const char *duration;   /* --duration SECONDS: run until then (a floor, --budget a cap) */
  const char *color;      /* --color auto|always|never */
  int quiet, verbose;     /* -q: only what is new or still open; -v: every detail */
  int postconditions;     /* --postconditions: with --sut, the post-condition properties */
} run_opts;

/* What a run command settles once and passes down (the program keeps no
** mutable state at file scope): this process's shard and the loaded
** conjectures.  Filled by run_load_config and run_load_properties,
** released by run_free_properties. */
typedef struct run_ctx {
  int64_t shard_k, shard_n; /* the shard, shard_k in 1..shard_n; 1 of 1 when not sharded */
  char batch[64];           /* the Slurm array job id or LAYOUTCHECK_BATCH, "" when neither */
  conj_set *loaded;         /* the user conjectures, or NULL */
} run_ctx;

/* Load the configuration and apply the overrides.  Returns 0 or 2.
** Also initialises *x (no conjectures loaded) and settles its shard:
** --shard K/N, else the environment
** of a Slurm array job (SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_COUNT,
** SLURM_ARRAY_TASK_MIN, SLURM_ARRAY_TASK_STEP) or of a Kubernetes indexed
** Job (JOB_COMPLETION_INDEX with LAYOUTCHECK_SHARDS).  A sharded run needs
** a seed, and without --db writes to DB.shard-K-of-N.db. */
int run_load_config(const run_opts *o, config *c, run_ctx *x);
/* 2 when c->db was searched for (not named by --db, LAYOUTCHECK_DB or a
** named configuration) and not found, saying on stderr where it was looked
** for; else 0 (a named database that does not exist is left to db_open).
** For the commands that only read it. */
int run_db_missing(const config *c);
/* The database path of a command that reads or triages it, found as the run
** commands find it (run_load_config: db_arg from --db, LAYOUTCHECK_DB, the
** configuration's (config_arg from --config, else LAYOUTCHECK_CONFIG or
** CONFIG.yaml found upward), or results.db found upward) into
** path[0..cap); 0, or 2 when it cannot be settled or does not exist, said on
** stderr with where it was looked for. */
int run_db_path(const char *db_arg, const char *config_arg, char *path, size_t cap);
/* The engine's configuration from the tool's and the shard of x. */
void run_engine_config(const config *c, const run_ctx *x, gen_config *g);
/* Print why the run of name (a property, or an op against a SUT) stopped
** before its cases were spent, when it did: the max_distinct cap, or
** max_repeats repeated failures in a row. */
void run_print_stops(const char *name, const gen_result *r, const gen_config *g);

/* The time limit of the next of `left` properties (or ops) under the
** run's budget, g->run_progress.deadline (0: none): an equal share of
** what is left, or g->time when that is smaller; -1 when the budget is
** spent. */
double run_share(const gen_config *g, int64_t left);

/* Load the user conjectures of c->conjecture_files (replacing any loaded
** before).  A relative path is taken from the directory of the
** configuration file that o names (or of ./CONFIG.yaml).  Returns 0, or 2
** with "FILE:LINE:COLUMN: what" on stderr.  What is loaded, in x, lives
** until run_free_properties(x). */
int run_load_properties(const run_opts *o, const config *c, run_ctx *x);
/* Drop the conjectures loaded into x (harmless when there are none). */
void run_free_properties(run_ctx *x);

/* The properties: the built-in ones, then the conjectures loaded in x. */
int run_property_count(const run_ctx *x);
const gen_property *run_property_at(const run_ctx *x, int i);
/* The property of that name, built-in or loaded in x; NULL if none. */
const gen_property *run_find_property(const run_ctx *x, const char *name);

/* What a replay found: counterexamples still failing (theorems, and
** conjectures still refuted) that are not triaged known, those triaged
** known that still fail, and those now passing. */
/* The exit status of `replay` and `replay ID` when a stored counterexample
** could not be checked (and none still fails): not 0, which says that
** everything checked passes now. */
#define REPLAY_UNCHECKED 3

typedef struct replay_counts {
  int still, refuted, known, fixed;
  int unchecked; /* left as they are: property not in this build, input
                 ** that does not parse, or a case the generator discards now */
} replay_counts;

/* Re-check every stored open counterexample of the properties matching
** glob (those of x), in run run_id (0: none): mark those that pass fixed,
** bump those that still fail (with their signature under g), counting
** them into *n.  0, or 2 on a database error. */
int run_replay(db *d, int64_t run_id, const gen_config *g, const run_ctx *x, const char *glob,
               FILE *out, replay_counts *n);

/* Re-check stored counterexample id alone, as run_replay re-checks each
** (whatever its status): a theorem or conjecture row; a row of a system
** under test is refused.  Counts as run_replay.  0; 1 when there is no
** such row; 2 on an error (message on stderr). */
int run_replay_id(db *d, int64_t id, const gen_config *g, const run_ctx *x, FILE *out,
                  replay_counts *n);

#endif
