#!/usr/bin/env bash
# fault_inject.sh [LAYOUTCHECK] [ROUNDS] -- a fault-injection run, kept out
# of `make test` (it takes a few minutes): kills at random moments during
# fuzz (SIGKILL, SIGTERM or SIGINT, to the process or to the worker that
# does its work), fuzz --sut (against a planted-bug build as the system
# under test; no SUT process may be left running), merge and lean check, and runs on a full disk (a small
# tmpfs when this user can mount one, else a file size limit).  After each
# one it checks that nothing was lost:
#
#   fuzz        every counterexample printed as stored ("NAME (#ID, ...)")
#               is row ID of the database, of that property; SIGTERM and
#               SIGINT give exit 143 and 130 and the run marked interrupted;
#               a run killed otherwise is marked too when its worker died;
#               the database still opens (its integrity is checked)
#   merge       all or nothing: the target holds what it held before or the
#               whole merge; "merged ..." printed means the whole merge
#   lean check  a printed summary means every verdict is stored
#   full disk   exit 2, what was not stored is shown as NOT STORED, and
#               what was shown as stored is stored
#
# Defaults: bin/layoutcheck, 20 rounds; the seed of $RANDOM is printed.
# Needs python3.  Prints the figures and exits 1 on any loss.
set -u
cd "$(dirname "$0")/.." || exit 2
lc=${1:-bin/layoutcheck}
rounds=${2:-20}
lc=$(cd "$(dirname "$lc")" && pwd)/$(basename "$lc")
root=$PWD
cfg=$PWD/CONFIG.yaml
lean_dir=$PWD/lean/examples
seed=${FAULT_SEED:-$$}
RANDOM=$seed
tmp=$(mktemp -d) || exit 2
mnt=
cleanup() {
  [ -n "$mnt" ] && umount "$mnt" 2>/dev/null
  rm -rf "$tmp"
}
trap cleanup EXIT
cd "$tmp" || exit 2

runs=0 kills=0 shown=0 losses=0 problems=0
declare -A by_signal=()
problem() {
  problems=$((problems + 1))
  echo "PROBLEM: $*"
}

# py SCRIPT ARGS...: run a Python snippet
py() { python3 -c "$@"; }

# missing OUT DB: print "shown missing" for the counterexamples that OUT
# shows as stored
missing() {
  py '
import re, sqlite3, sys
out = open(sys.argv[1], errors="replace").read()
shown = re.findall(r"^(?:refuted|FAILED|DISAGREE) (\S+) \(#(\d+), (?:new|found again|known)[;)]", out, re.M)
db = sqlite3.connect(sys.argv[2])
gone = [s for s in shown if db.execute(
    "select count(*) from counterexamples where id = ? and property = ?",
    (int(s[1]), s[0])).fetchone()[0] != 1]
for s in gone: print("  lost:", s, file=sys.stderr)
print(len(shown), len(gone))
' "$1" "$2"
}

# rand_sleep MAX_MS: sleep a random time up to MAX_MS milliseconds
rand_sleep() {
  local ms=$(((RANDOM * 32768 + RANDOM) % $1))
  sleep "$((ms / 1000)).$(printf '%03d' $((ms % 1000)))"
}

# --- fuzz, killed ----------------------------------------------------------
fuzz_round() {
  local i=$1 sig target pid child code want
  case $((RANDOM % 3)) in 0) sig=KILL ;; 1) sig=TERM ;; 2) sig=INT ;; esac
  target=parent
  [ $((RANDOM % 4)) -eq 0 ] && target=worker
  "$lc" fuzz -v --config "$cfg" --cases 100000000 --db f.db >"f$i.out" 2>"f$i.err" &
  pid=$!
  rand_sleep 2500
  # the worker that does the run's work, and the processes it forked
  child=$(pgrep -P "$pid" | head -n 1)
  local procs="$pid $child"
  [ -n "$child" ] && procs="$procs $(pgrep -P "$child" | tr '\n' ' ')"
  [ -n "$child" ] || target=parent
  if [ "$target" = worker ]; then kill "-$sig" "$child" 2>/dev/null; else kill "-$sig" "$pid" 2>/dev/null; fi
  wait "$pid" 2>/dev/null
  code=$?
  runs=$((runs + 1)) kills=$((kills + 1))
  by_signal[$sig-$target]=$((${by_signal[$sig-$target]:-0} + 1))
  read -r n gone < <(missing "f$i.out" f.db)
  shown=$((shown + n)) losses=$((losses + gone))
  case $sig-$target in
    KILL-parent) want=137 ;;
    KILL-worker) want=2 ;;
    TERM-*) want=143 ;;
    INT-*) want=130 ;;
  esac
  [ "$code" -eq "$want" ] || problem "fuzz round $i: SIG$sig to the $target: exit $code, expected $want"
  if [ "$want" -ne 137 ]; then
    local mark
    mark=$(py 'import sqlite3, sys
print(sqlite3.connect(sys.argv[1]).execute("select interrupted from runs order by id desc limit 1").fetchone()[0])' f.db)
    case $mark in
      SIG$sig | "killed by signal"*) ;;
      *) problem "fuzz round $i: SIG$sig to the $target: the run is marked '$mark'" ;;
    esac
  fi
  "$lc" report --db f.db >/dev/null 2>"r$i.err" || problem "fuzz round $i: report fails: $(cat "r$i.err")"
  # nothing of the run may be left running (workers die with their parent)
  sleep 0.3
  for p in $procs; do
    if kill -0 "$p" 2>/dev/null && [ "$(ps -o stat= -p "$p" | cut -c1)" != Z ]; then
      problem "fuzz round $i: process $p was left running"
      kill -KILL "$p" 2>/dev/null
    fi
  done
}

# --- fuzz --sut, killed ---------------------------------------------------
# The system under test is the program built with a planted bug (make test
# builds build/mut/COALESCE_SORTS), so that disagreements are found and
# stored while the run is killed.
suts=0
mutant=$root/build/mut/COALESCE_SORTS/layoutcheck
sut_round() {
  local i=$1 sig pid n gone left
  case $((RANDOM % 3)) in 0) sig=KILL ;; 1) sig=TERM ;; 2) sig=INT ;; esac
  "$lc" fuzz -v --config "$cfg" --cases 100000 --sut "$mutant eval --batch" --db u.db \
    >"u$i.out" 2>"u$i.err" &
  pid=$!
  rand_sleep 3000
  kill "-$sig" "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  runs=$((runs + 1)) kills=$((kills + 1)) suts=$((suts + 1))
  by_signal[sut-$sig]=$((${by_signal[sut-$sig]:-0} + 1))
  if [ -e u.db ]; then
    read -r n gone < <(missing "u$i.out" u.db)
    shown=$((shown + n)) losses=$((losses + gone))
  fi
  sleep 0.3
  left=$(pgrep -f "$mutant eval --batch" | tr '\n' ' ')
  if [ -n "$left" ]; then
    problem "fuzz --sut round $i: SIG$sig left the system under test running ($left)"
    kill -KILL $left 2>/dev/null
  fi
}

# --- merge, killed ---------------------------------------------------------
merges=0 merged_whole=0 merged_none=0
prepare_merge() {
  for k in 1 2 3 4; do
    "$lc" fuzz -v --config "$cfg" --cases 3000 --seed 7 --shard "$k/4" --db "s$k.db" >/dev/null 2>&1
  done
  "$lc" merge s1.db s2.db s3.db s4.db --into ref.db >/dev/null 2>&1 || problem "reference merge failed"
}
count() {
  py 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
print(db.execute("select count(*) from counterexamples").fetchone()[0],
      db.execute("select count(*) from runs").fetchone()[0])' "$1" 2>/dev/null || echo "none none"
}
merge_round() {
  local i=$1 pid before after whole
  rm -f m.db m.db-wal m.db-shm
  "$lc" fuzz -v --config "$cfg" --property 'lean.*' --cases 200 --seed 3 --db m.db >/dev/null 2>&1
  cp m.db m.db.before
  before=$(count m.db)
  "$lc" merge s1.db s2.db s3.db s4.db --into m.db >"m$i.out" 2>&1 &
  pid=$!
  rand_sleep 40
  kill -KILL "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  runs=$((runs + 1)) kills=$((kills + 1)) merges=$((merges + 1))
  after=$(count m.db)
  # the whole merge: the reference's counterexamples and runs, plus the run before
  whole=$(py 'import sqlite3, sys
a, b = sqlite3.connect(sys.argv[1]), sqlite3.connect(sys.argv[2])
keys = lambda db: set(db.execute("select property, sut, input from counterexamples"))
print(len(keys(a) | keys(b)), a.execute("select count(*) from runs").fetchone()[0] + b.execute("select count(*) from runs").fetchone()[0])' m.db.before ref.db 2>/dev/null)
  if [ "$after" = "$before" ]; then
    merged_none=$((merged_none + 1))
    grep -q '^merged ' "m$i.out" && { problem "merge round $i: printed merged, nothing merged"; losses=$((losses + 1)); }
  elif [ "$after" = "$whole" ]; then
    merged_whole=$((merged_whole + 1))
  else
    problem "merge round $i: target holds '$after', neither '$before' nor '$whole'"
    losses=$((losses + 1))
  fi
  for k in 1 2 3 4; do [ -e "s$k.db-wal" ] && problem "merge round $i: s$k.db-wal left"; done
}

# --- lean check, killed ----------------------------------------------------
leans=0 lean_whole=0
lean_round() {
  local i=$1 pid rows evals
  "$lc" lean check "$lean_dir/flat.lean" --output "$lean_dir/flat.json.log" --db l.db >"l$i.out" 2>&1 &
  pid=$!
  rand_sleep 40
  kill -KILL "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  runs=$((runs + 1)) kills=$((kills + 1)) leans=$((leans + 1))
  if grep -q '#evals: ' "l$i.out"; then
    lean_whole=$((lean_whole + 1))
    evals=$(sed -n -E 's/.*: ([0-9]+) #evals: .*/\1/p' "l$i.out")
    rows=$(py 'import sqlite3, sys
print(sqlite3.connect(sys.argv[1]).execute("select count(*) from lean_checks where run_at = (select max(run_at) from lean_checks)").fetchone()[0])' l.db)
    # several rounds may share one run_at second: at least the evals of this one
    [ "$rows" -ge "$evals" ] || { problem "lean round $i: $evals verdicts printed, $rows stored"; losses=$((losses + 1)); }
  fi
  if [ -e l.db ]; then
    local check
    check=$(py 'import sqlite3, sys
print(sqlite3.connect(sys.argv[1]).execute("pragma integrity_check").fetchone()[0])' l.db 2>&1)
    [ "$check" = ok ] || problem "lean round $i: l.db: $check"
  fi
}

# --- full disk -------------------------------------------------------------
fulls=0 not_stored=0
full_round() {
  local i=$1 code n gone dir
  if [ -n "$mnt" ]; then
    rm -f "$mnt"/* 2>/dev/null
    dir=$mnt
    # fill most of it first, a different amount each time
    head -c $((200 * 1024 + RANDOM % 200 * 1024)) /dev/zero >"$mnt/filler" 2>/dev/null
    "$lc" fuzz -v --config "$cfg" --cases 2000 --db "$dir/d.db" >"d$i.out" 2>"d$i.err"
    code=$?
  else
    dir=.
    rm -f d.db d.db-wal d.db-shm
    (trap '' XFSZ; ulimit -f $((64 + RANDOM % 128)); "$lc" fuzz -v --config "$cfg" --cases 2000 --db d.db >"d$i.out" 2>"d$i.err")
    code=$?
  fi
  runs=$((runs + 1)) fulls=$((fulls + 1))
  n=$(grep -c 'NOT STORED: ' "d$i.out")
  not_stored=$((not_stored + n))
  [ "$code" -eq 2 ] || problem "full disk round $i: exit $code, expected 2"
  if [ -e "$dir/d.db" ]; then
    read -r n gone < <(missing "d$i.out" "$dir/d.db")
    shown=$((shown + n)) losses=$((losses + gone))
  fi
}

if mkdir -p mnt && mount -t tmpfs -o size=512k tmpfs mnt 2>/dev/null; then
  mnt=$PWD/mnt
  disk="a 512 KB tmpfs"
else
  disk="a file size limit (ulimit -f; no tmpfs could be mounted)"
fi
echo "fault injection: $rounds rounds, seed $seed, $lc, full disk: $disk"
prepare_merge
for i in $(seq 1 "$rounds"); do
  fuzz_round "$i"
  [ -x "$mutant" ] && sut_round "$i"
  merge_round "$i"
  lean_round "$i"
  [ $((i % 2)) -eq 0 ] && full_round "$i"
  printf '  round %d: %d runs, %d kills, %d shown as stored, %d lost\n' "$i" "$runs" "$kills" "$shown" "$losses"
done
echo "fuzz kills by signal and target:"
for k in "${!by_signal[@]}"; do echo "  $k: ${by_signal[$k]}"; done | sort
[ -x "$mutant" ] || echo "fuzz --sut rounds skipped: $mutant is not built (make test builds it)"
echo "fuzz --sut runs killed: $suts"
echo "merges killed: $merges ($merged_whole complete, $merged_none rolled back)"
echo "lean checks killed: $leans ($lean_whole had finished)"
echo "full-disk runs: $fulls ($not_stored counterexamples shown as NOT STORED)"
echo "$runs runs, $kills kills, $shown counterexamples shown as stored, $losses lost, $problems problems"
[ "$losses" -eq 0 ] && [ "$problems" -eq 0 ]
