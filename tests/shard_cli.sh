#!/usr/bin/env bash
# shard_cli.sh LAYOUTCHECK -- sharded runs and merge.  The shards of a run
# (--shard K/N, a Slurm array's variables, a Kubernetes indexed Job's),
# each run as a local process with its own database and merged, must hold
# exactly the cases of one unsharded run with the same seed and --cases:
# the same cases, passed, discarded, failed and label counts per property,
# and every counterexample of that run.  Also the errors of --shard, the
# scheduler variables and merge, and how merge combines counterexamples.
# Needs python3 (its sqlite3 module reads the databases).  Prints
# "N passed, N failed".
set -u
export LC_ALL=C
cd "$(dirname "$0")/.." || exit 2
lc=${1:?usage: tests/shard_cli.sh LAYOUTCHECK}
lc=$(cd "$(dirname "$lc")" && pwd)/$(basename "$lc")
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
. tests/lib.sh
# same NAME A B: files A and B are equal
same_files() {
  if cmp -s "$2" "$3"; then ok; else
    bad "$1: $2 and $3 differ"
    diff "$2" "$3" | head -n 20
  fi
}
# sql DB QUERY: the rows of a query, fields separated by |
sql() {
  python3 -c 'import sqlite3, sys
for row in sqlite3.connect(sys.argv[1]).execute(sys.argv[2]):
    print("|".join("" if v is None else str(v) for v in row))' "$1" "$2"
}
# stats DB [WHERE]: per property of the last run (of every run when the
# database holds one): cases, passed, discarded, failed and the labels in
# name order
stats() {
  python3 -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
run = db.execute("select max(id) from runs").fetchone()[0]
for p, c, pa, d, f, l in db.execute("select property, cases, passed, discarded, failed, labels "
                                     "from run_properties where run_id = ? order by property", (run,)):
    print(p, c, pa, d, f, " ".join(sorted((l or "").split())))' "$1"
}
# unset every scheduler variable for the commands that follow
unset SLURM_ARRAY_JOB_ID SLURM_ARRAY_TASK_ID SLURM_ARRAY_TASK_COUNT SLURM_ARRAY_TASK_MIN \
  SLURM_ARRAY_TASK_STEP JOB_COMPLETION_INDEX LAYOUTCHECK_SHARDS LAYOUTCHECK_BATCH

cfg=$PWD/CONFIG.yaml
cd "$tmp" || exit 2

# --- 1. theorems, isolated, three Slurm array tasks numbered from 1 ----------
props='coalesce.*'
status 0 "single run" "$lc" fuzz -v --config "$cfg" --property "$props" --seed 11 --cases 301 \
  --db single.db
mkdir slurm
for id in 1 2 3; do
  (cd slurm && SLURM_ARRAY_JOB_ID=4242 SLURM_ARRAY_TASK_ID=$id SLURM_ARRAY_TASK_COUNT=3 \
    SLURM_ARRAY_TASK_MIN=1 "$lc" fuzz -v --config "$cfg" --property "$props" --seed 11 \
    --cases 301 >"task$id.out" 2>&1) &
done
wait
for k in 1 2 3; do
  if [ -f "slurm/results.shard-$k-of-3.db" ]; then ok; else
    bad "slurm task $k: no results.shard-$k-of-3.db"
    cat "slurm/task$k.out"
  fi
done
# case i goes to shard i % 3 + 1: 301 cases split 101, 100, 100
for k in 1 2 3; do
  want=$([ "$k" -eq 1 ] && echo 101 || echo 100)
  got=$(sql "slurm/results.shard-$k-of-3.db" "select distinct cases from run_properties")
  if [ "$got" = "$want" ]; then ok; else bad "shard $k ran '$got' cases per property, not $want"; fi
done
sql slurm/results.shard-2-of-3.db "select config from runs" >config.txt
has "shard recorded" "# shard 2/3 batch 4242" config.txt
status 0 "merge slurm" "$lc" merge slurm/results.shard-1-of-3.db slurm/results.shard-2-of-3.db \
  slurm/results.shard-3-of-3.db --into merged.db
has "merge slurm" "3 shard runs combined into 1" out
stats single.db >single.stats
stats merged.db >merged.stats
same_files "slurm shards = one run" single.stats merged.stats
if [ "$(sql merged.db 'select count(*) from runs')" = 1 ]; then ok; else bad "merged runs"; fi
if [ "$(sql merged.db 'select cases from runs')" = "$(sql single.db 'select cases from runs')" ]
then ok; else bad "merged run's cases differ from the single run's"; fi
sql merged.db "select config from runs" >config.txt
has "combined run" "# shard 1,2,3/3 batch 4242" config.txt

# --- 2. in-process, four Kubernetes indexed-Job pods ------------------------
props='theorem_*'
status 0 "single in-process" "$lc" fuzz -v --config "$cfg" --property "$props" --seed 12 --cases 250 \
  --no-isolate --db single2.db
for index in 0 1 2 3; do
  JOB_COMPLETION_INDEX=$index LAYOUTCHECK_SHARDS=4 LAYOUTCHECK_BATCH=job-7 "$lc" fuzz -v \
    --config "$cfg" --property "$props" --seed 12 --cases 250 --no-isolate \
    --db "pod$index.db" >"pod$index.out" 2>&1 &
done
wait
status 0 "merge pods" "$lc" merge pod0.db pod1.db pod2.db pod3.db --into merged2.db
stats single2.db >single2.stats
stats merged2.db >merged2.stats
same_files "kubernetes shards = one run" single2.stats merged2.stats
sql pod2.db "select config from runs" >config.txt
has "pod shard" "# shard 3/4 batch job-7" config.txt

# --- 3. conjectures: every counterexample of the single run is found ---------
# A failing property stops each shard at that shard's first failure; the
# first failing case of the single run is the first of its shard, so its
# shrunk counterexample is among the shards'.  Properties that do not fail
# have equal statistics.
props='lean.*'
status 0 "single conjectures" "$lc" fuzz -v --config "$cfg" --property "$props" --seed 13 \
  --cases 200 --db single3.db
for k in 1 2 3; do
  "$lc" fuzz -v --config "$cfg" --property "$props" --seed 13 --cases 200 --shard "$k/3" \
    --db "c$k.db" >"c$k.out" 2>&1 &
done
wait
status 0 "merge conjectures" "$lc" merge c1.db c2.db c3.db --into merged3.db
sql single3.db "select property, input from counterexamples" | sort >single3.cex
sql merged3.db "select property, input from counterexamples" | sort >merged3.cex
missing=$(comm -23 single3.cex merged3.cex)
if [ -s single3.cex ] && [ -z "$missing" ]; then ok; else
  bad "counterexamples of the single run missing after merge: $missing"
fi
stats single3.db | awk '$5 == 0' >single3.pass
stats merged3.db | awk '$5 == 0' >merged3.pass
same_files "passing conjectures = one run" single3.pass merged3.pass

# --- 4. --shard and the scheduler variables: errors and forms ---------------
status 2 "shard 0/3" "$lc" fuzz -v --config "$cfg" --shard 0/3 --db e.db
has "shard 0/3" "expected K/N with 1 <= K <= N, found '0/3'" err
status 2 "shard 4/3" "$lc" fuzz -v --config "$cfg" --shard 4/3 --db e.db
status 2 "shard x" "$lc" fuzz -v --config "$cfg" --shard x --db e.db
status 2 "shard 1/0" "$lc" fuzz -v --config "$cfg" --shard 1/0 --db e.db
printf 'cases: 20\nproperty: "coalesce.idempotent"\n' >noseed.yaml
status 2 "no seed" "$lc" fuzz -v --config noseed.yaml --shard 1/2 --db e.db
has "no seed" "the shards must share a seed" err
LAYOUTCHECK_BATCH=b1 status 0 "seed from the batch" "$lc" fuzz -v --config noseed.yaml --shard 1/2 \
  --db b1.db
seed1=$(head -n 1 out | cut -d, -f1)
LAYOUTCHECK_BATCH=b1 status 0 "seed from the batch, shard 2" "$lc" fuzz -v --config noseed.yaml \
  --shard 2/2 --db b2.db
if [ "$(head -n 1 out | cut -d, -f1)" = "$seed1" ]; then ok; else
  bad "shards of one batch drew different seeds"
fi
SLURM_ARRAY_TASK_ID=3 status 2 "slurm without a count" "$lc" fuzz -v --config "$cfg" --db e.db
has "slurm without a count" "SLURM_ARRAY_TASK_COUNT" err
printf 'cases: 20\nproperty: "coalesce.idempotent"\ndb: step.db\n' >step.yaml
SLURM_ARRAY_TASK_ID=5 SLURM_ARRAY_TASK_MIN=1 SLURM_ARRAY_TASK_STEP=2 SLURM_ARRAY_TASK_COUNT=3 \
  status 0 "slurm with a step" "$lc" fuzz -v --config step.yaml --seed 1
has "slurm with a step" "results in step.shard-3-of-3.db" out
SLURM_ARRAY_TASK_ID=4 SLURM_ARRAY_TASK_MIN=1 SLURM_ARRAY_TASK_STEP=2 SLURM_ARRAY_TASK_COUNT=3 \
  status 2 "slurm id off the step" "$lc" fuzz -v --config noseed.yaml --seed 1 --db e.db
JOB_COMPLETION_INDEX=1 status 2 "indexed job without a count" "$lc" fuzz -v --config "$cfg" --db e.db
has "indexed job without a count" "LAYOUTCHECK_SHARDS" err
JOB_COMPLETION_INDEX=4 LAYOUTCHECK_SHARDS=4 status 2 "index past the count" "$lc" fuzz -v \
  --config "$cfg" --db e.db
SLURM_ARRAY_TASK_ID=2 SLURM_ARRAY_TASK_COUNT=3 status 0 "--shard 1/1 overrides" "$lc" fuzz -v \
  --config noseed.yaml --seed 1 --shard 1/1 --db whole.db
has "--shard 1/1 overrides" "results in whole.db" out

# --- 5. merge: errors leave the target as it was -----------------------------
status 2 "merge without --into" "$lc" merge c1.db
status 2 "merge of a missing file" "$lc" merge c1.db none.db --into new.db
if [ ! -e new.db ]; then ok; else bad "a failed merge created its target"; fi
printf 'not a database' >junk.db
status 2 "merge of a junk file" "$lc" merge junk.db --into new.db
has "merge of a junk file" "junk.db" err
status 2 "merge into an input" "$lc" merge c1.db c2.db --into c2.db
status 2 "merge an input twice" "$lc" merge c1.db ./c1.db --into new.db
# a copy of a database holds the same runs (the same uid): merged once
cp c1.db c1copy.db
status 0 "merge a copy" "$lc" merge c1.db c2.db c1copy.db --into twice.db
has "merge a copy" "2 shard runs combined into 1, 1 run merged before (skipped)" out
if [ "$(sql twice.db 'select count(*) from runs')" = 1 ]; then ok; else bad "merge a copy: runs"; fi
# shard 1 run again is another run of the same shard: an error, nothing stored
"$lc" fuzz -v --config "$cfg" --property "$props" --seed 13 --cases 200 --shard 1/3 \
  --db c1again.db >c1again.out 2>&1
status 2 "merge a shard twice" "$lc" merge c1.db c2.db c1again.db --into twice2.db
has "merge a shard twice" "shard 1/3 of a batch that c1.db (run 1) has given already" err
if [ "$(sql twice2.db 'select count(*) from runs')" = 0 ]; then ok; else
  bad "a failed merge left runs behind"
fi

# --- 6. merge: counterexamples -------------------------------------------------
# two unsharded runs of the same seed find the same counterexamples: one row
# each, seen twice, from the earliest first sighting to the latest last
status 0 "second single run" "$lc" fuzz -v --config "$cfg" --property 'lean.*' --seed 13 \
  --cases 200 --db again.db
status 0 "merge two runs" "$lc" merge single3.db again.db --into both.db
if [ "$(sql both.db 'select count(*) from runs')" = 2 ]; then ok; else bad "both: runs"; fi
if [ "$(sql both.db 'select count(*) from counterexamples')" = "$(sql single3.db \
  'select count(*) from counterexamples')" ]; then ok; else bad "both: counterexamples repeated"; fi
if [ "$(sql both.db 'select sum(times_seen) from counterexamples')" = \
  "$(( $(sql single3.db 'select sum(times_seen) from counterexamples') + \
       $(sql again.db 'select sum(times_seen) from counterexamples') ))" ]; then ok; else
  bad "both: times_seen not summed"
fi
# merging the same databases again changes nothing (idempotent)
sql both.db "select * from runs order by id; select id, times_seen, status from counterexamples" >both1.txt
status 0 "merge two runs again" "$lc" merge single3.db again.db --into both.db
has "merge two runs again" "0 runs copied, 0 shard runs combined into 0, 2 runs merged before" out
sql both.db "select * from runs order by id; select id, times_seen, status from counterexamples" >both2.txt
if cmp -s both1.txt both2.txt; then ok; else bad "merge again changed both.db"; diff both1.txt both2.txt; fi
if [ "$(sql both.db 'select min(first_seen) from counterexamples')" = "$(sql single3.db \
  'select min(first_seen) from counterexamples')" ]; then ok; else bad "both: first_seen"; fi
if [ "$(sql both.db "select count(*) from counterexamples c join runs r on r.id = c.first_run \
  where r.seed = '13'")" = "$(sql both.db 'select count(*) from counterexamples')" ]; then ok; else
  bad "both: first_run does not point at a merged run"
fi
# a fix later than the other database's last sighting wins; an earlier one
# does not
cp again.db fixed_late.db
python3 -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("update counterexamples set status = ?, fixed_at = ?", ("fixed", "2999-01-01T00:00:00Z"))
db.commit()' fixed_late.db
status 0 "merge a later fix" "$lc" merge single3.db fixed_late.db --into late.db
if [ "$(sql late.db 'select distinct status from counterexamples')" = fixed ]; then ok; else
  bad "a later fix did not win"
fi
cp again.db fixed_early.db
python3 -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("update counterexamples set status = ?, fixed_at = ?, last_seen = ?, first_seen = ?",
           ("fixed", "2000-01-02T00:00:00Z", "2000-01-01T00:00:00Z", "2000-01-01T00:00:00Z"))
db.commit()' fixed_early.db
status 0 "merge an earlier fix" "$lc" merge single3.db fixed_early.db --into early.db
if [ "$(sql early.db 'select distinct status from counterexamples')" = open ] &&
  [ "$(sql early.db 'select distinct first_seen from counterexamples')" = "2000-01-01T00:00:00Z" ]
then ok; else bad "an earlier fix won, or first_seen is not the earliest"; fi
# merging into a database that holds runs adds to it
status 0 "merge into a used database" "$lc" merge c1.db --into single3.db
if [ "$(sql single3.db 'select count(*) from runs')" = 2 ]; then ok; else bad "used target: runs"; fi

finish
