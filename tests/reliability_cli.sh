#!/usr/bin/env bash
# reliability_cli.sh LAYOUTCHECK -- regression checks for hostile inputs
# and failing machines: inputs too deep or too long (generated here, never
# committed), damaged databases, bad configuration values, write errors,
# Lean logs of other files, interrupted runs.  Large inputs must be handled
# in linear time: each such command runs under `timeout 60` (they take a
# few seconds under the sanitizers; the quadratic versions took minutes).
# Needs python3 (to damage a database).  Prints "N passed, N failed".
set -u
cd "$(dirname "$0")/.." || exit 2
lc=${1:?usage: tests/reliability_cli.sh LAYOUTCHECK}
lc=$(cd "$(dirname "$lc")" && pwd)/$(basename "$lc")
cfg=$PWD/CONFIG.yaml
src=$PWD
lean_dir=$PWD/lean/examples
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
. tests/lib.sh
cd "$tmp" || exit 2

# --- 1. deep expressions: a load error at FILE:LINE:COLUMN, not a crash ---
python3 -c '
import sys
chain = " and ".join(["true"] * 20000)
open("deep.yaml", "w").write("- {name: user.deep, forall: {L: layout}, check: \"" + chain + "\"}\n")
' && printf 'conjecture_files: [deep.yaml]\n' >deep_cfg.yaml
status 2 "20,000 and" timeout 60 "$lc" fuzz -v --config deep_cfg.yaml --db deep.db --cases 5
# the 1001st operand, at column 50 + 1000 * 9 of line 1
has_ere "20,000 and" "^deep.yaml:1:9050: check: expression nested too deeply: more than 1000 levels" err
hasnt_ere "20,000 and" "refuted|signal" out
if [ ! -e deep.db ]; then ok; else bad "20,000 and: a database was written"; fi

# --- 3. a Lean log must be of the file, and text --------------------------
status 2 "log of another file" "$lc" lean check "$lean_dir/pinned.lean" --output "$lean_dir/flat.json.log"
has_ere "log of another file" "flat.json.log is a log of lean/examples/flat.lean, not of .*pinned.lean" err
hasnt_ere "log of another file" "DISAGREE" out
head -c 4096 /dev/urandom >random.log
printf '\0' >>random.log
status 2 "random bytes as a log" "$lc" lean check "$lean_dir/flat.lean" --output random.log --no-db
has_ere "random bytes as a log" "^random.log:[0-9]+:[0-9]+: not a text log \(byte 0x[0-9A-F]{2}\)" err
# a text log with terminal escapes: read, but never echoed raw
sed '1s/^/\x1bc\x07/' "$lean_dir/flat.plain.log" >escapes.log
status 1 "escapes in a log" "$lc" lean check "$lean_dir/flat.lean" --output escapes.log --no-db
if LC_ALL=C grep -q "$(printf '\033')" out err; then bad "escapes in a log: echoed raw"; else ok; fi
has_ere "escapes in a log" "^    lean    \?c\?\[\(8, 1\)\]    \(escapes.log:1\)$" out

# --- 4. large inputs in linear time ---------------------------------------
python3 -c 'open("nest.yaml", "w").write("cases: " + "[" * 100000 + "\n")'
status 2 "100k nested [" timeout 60 "$lc" fuzz -v --config nest.yaml --db n.db
has_ere "100k nested [" "^nest.yaml:1:23: nested deeper than 16 levels$" err
# 100,000 conjectures, the last one a second user.c7: the whole file is
# read (loading was quadratic in the number of entries)
python3 -c '
with open("many.yaml", "w") as f:
    for i in range(100000):
        f.write("- {name: user.c%d, forall: {L: layout}, check: \"size(L) >= 1\"}\n" % i)
    f.write("- {name: user.c7, forall: {L: layout}, check: \"true\"}\n")
' && printf 'conjecture_files: [many.yaml]\n' >many_cfg.yaml
status 2 "100k conjectures" timeout 60 "$lc" list --config many_cfg.yaml
has_ere "100k conjectures" "^many.yaml:100001:10: name: 'user.c7' is already defined at many.yaml:8$" err
python3 -c '
open("long.lean", "w").write("/-- info: 3 -/\n#guard_msgs in\n#eval List.length [" + ", ".join(["1"] * 1500000) + "]\n")
'
# (read in time and untranslatable: nothing is checked, which is exit 5)
status 5 "a Lean list of 1.5M elements" timeout 60 "$lc" lean check long.lean --no-db -q
has_ere "a Lean list of 1.5M elements" "^long.lean: 1 #eval: 0 agree, 0 DISAGREE, 1 untranslatable" out

# An overlong batch line is answered by one error line naming its number
# and the limit, and the batch goes on, in bounded memory: a plain build
# runs under 400,000 KB of address space with a 500 MB line (which it held
# whole before, and ran out of memory); a sanitized build (ASan reserves
# terabytes of address space, so no ulimit -v) refuses any allocation over
# 64 MiB instead and gets a 300 MB line.  The line is made in a pipe.
overlong() { printf 'size 2:1\n'; head -c "$1" /dev/zero | tr '\0' x; printf '\nsize 3:1\n'; }
if (ulimit -v 400000 && "$lc" --version && true) >/dev/null 2>&1; then
  n=500000000
  overlong $n | (ulimit -v 400000 && exec timeout 60 "$lc" eval --batch) >out 2>err
else
  n=300000000
  overlong $n | ASAN_OPTIONS="${ASAN_OPTIONS:-}:max_allocation_size_mb=64:allocator_may_return_null=1" \
    timeout 60 "$lc" eval --batch >out 2>err
fi
rc=${PIPESTATUS[1]}
same "batch: a line of $n bytes: exit" "$rc" 0
same "batch: a line of $n bytes: one error line, then the next answer" "$(cat out)" "2
error: line 2: $n bytes, longer than the limit of 16777216 bytes of a request line (eval --batch --max-line); skipped
3"
# --max-line: a line of the limit is kept, one byte more is not; blank
# lines are counted; an overlong last line without a newline is answered
printf 'size 2:1\n\nsize 16:1\n#x\nsize 4:1\nsize 512:1' >lim.txt
status 0 "batch --max-line 8" "$lc" eval --batch --max-line 8 <lim.txt
same "batch --max-line 8" "$(cat out)" "2
error: line 3: 9 bytes, longer than the limit of 8 bytes of a request line (eval --batch --max-line); skipped
4
error: line 6: 10 bytes, longer than the limit of 8 bytes of a request line (eval --batch --max-line); skipped"
for v in 0 -1 x 8x 1073741825; do
  status 2 "batch --max-line $v" "$lc" eval --batch --max-line "$v" </dev/null
  has_text "batch --max-line $v" "--batch takes only --max-line BYTES (1 to 1073741824)" err
done
status 2 "batch --max-line without a value" "$lc" eval --batch --max-line </dev/null

# The ops that list points answer at their limits (layout_function 2^20,
# index_set 2^17, print_layout 2^19) with the widest values, in one batch,
# and refuse one point more: their answers fit the oracle's buffer (32 MiB).
# layout_function 1048576:2^42: Phi(k) = k * 2^42, the last (2^20-1) * 2^42
# = 4611686018427387904 - 4398046511104 = 4611681620380876800 (19 digits);
# index_set of 17 twos and 47 ones: 2^17 points of 64 coordinates, the last
# all 1 where the shape has 2; print_layout (1,524288):(0,4096): five lines
# (the layout, the column line, rule, row, rule), the last cell 524287 * 4096
# = 2147479552 (10 digits, the widest a cell has: cosize < 2^31).
i17=$(printf '2,%.0s' $(seq 17)) o46=$(printf ',1%.0s' $(seq 46))
o17=$(printf '1,%.0s' $(seq 17)) z46=$(printf ',0%.0s' $(seq 46))
printf '%s\n' "layout_function 1048576:4398046511104" "layout_function 1048577:4398046511104" \
  "index_set (${i17}1$o46)" "index_set (${i17}2$o46)" \
  "print_layout (1,524288):(0,4096)" "print_layout (1,524289):(0,4096)" >limits.txt
status 0 "ops at their limits" timeout 120 "$lc" eval --batch <limits.txt
sed -n 1p out | tr ',' '\n' >lf.txt
same "layout_function at 2^20: points" "$(wc -l <lf.txt)" 1048576
same "layout_function at 2^20: the last" "$(tail -n 1 lf.txt)" "4611681620380876800]"
same "layout_function past 2^20" "$(sed -n 2p out)" \
  "error: size 1048577 is too large to enumerate (limit 1048576)"
same "index_set at 2^17: points" "$(sed -n 3p out | grep -o '(' | wc -l)" 131072
same "index_set at 2^17: the last" "$(sed -n 3p out | grep -o '([^(]*$')" "(${o17}0$z46)]"
same "index_set past 2^17" "$(sed -n 4p out)" "error: size 262144 is too large to list (limit 131072)"
same "print_layout at 2^19: lines" "$(sed -n 5p out | grep -o '\\n' | wc -l)" 4
same "print_layout at 2^19: the last cell" "$(sed -n 5p out | grep -o '[0-9]* |\\n')" '2147479552 |\n'
same "print_layout past 2^19" "$(sed -n 6p out)" "error: size 524289 is too large to draw (limit 524288)"
same "ops at their limits: six answers" "$(wc -l <out)" 6

# --- 5. a damaged index is refused, and nothing is written ----------------
"$lc" fuzz -v --config "$cfg" --property 'lean.complement*' --db ix.db >/dev/null 2>&1
python3 -c '
import sqlite3
db = sqlite3.connect("ix.db")
root = db.execute("select rootpage from sqlite_master where name = ?",
                  ("sqlite_autoindex_counterexamples_1",)).fetchone()[0]
size = db.execute("pragma page_size").fetchone()[0]
db.close()
data = bytearray(open("ix.db", "rb").read())
at = data.find(b"complement (2,2):(2,1) 4", (root - 1) * size, root * size)
assert at > 0, "the input is not on the index page"
data[at + len("complement (2,2):(2,1) ")] = ord("5")   # one byte
open("ix.db", "wb").write(data)
' || bad "could not damage the index"
cp ix.db ix.before
status 2 "damaged index" "$lc" fuzz -v --config "$cfg" --property 'lean.complement*' --db ix.db
has_ere "damaged index" "^ix.db: the database is damaged \(PRAGMA integrity_check: row 1 missing from index sqlite_autoindex_counterexamples_1\); the file was left as it is$" err
if cmp -s ix.db ix.before; then ok; else bad "damaged index: the file was modified"; fi
status 2 "damaged index, report" "$lc" report --db ix.db

# --- 6. bad values are refused when loading, with their position ---------
printf -- "- {name: user.q, forall: {L: layout}, check: \"L == '(2,3'\"}\n" >quoted.yaml
printf 'conjecture_files: [quoted.yaml]\n' >quoted_cfg.yaml
status 2 "unparsable quoted layout" "$lc" fuzz -v --config quoted_cfg.yaml --db q.db
has_ere "unparsable quoted layout" "^quoted.yaml:1:53: check: quoted literal: '\(' is not closed$" err
printf 'case_timeout: 1e-320\n' >tiny.yaml
status 2 "tiny case_timeout" "$lc" fuzz -v --config tiny.yaml --db t.db
has_ere "tiny case_timeout" "^tiny.yaml:1:15: case_timeout: expected a number from 0.001 to 1e\+06, found '1e-320'$" err
printf 'cases: 10\nsut: "cat"\nsut_ops: "size,no_such_op"\n' >ops.yaml
status 2 "unknown sut op" "$lc" fuzz -v --config ops.yaml --db o.db
has_ere "unknown sut op" "^ops.yaml:3:10: sut_ops: no generator for op 'no_such_op'; known: " err
status 2 "unknown op in --ops" "$lc" fuzz -v --config "$cfg" --sut cat --ops size,no_such_op --db o.db
has_ere "unknown op in --ops" "^--ops: no generator for op 'no_such_op'; known: " err
if [ ! -e q.db ] && [ ! -e t.db ] && [ ! -e o.db ]; then ok; else bad "bad values: a database was written"; fi

# --- 7. write errors, side files, unfinished runs -------------------------
if [ -w /dev/full ]; then
  status 2 "eval --list into /dev/full" sh -c "'$lc' eval --list >/dev/full"
  has_ere "eval --list into /dev/full" "^layoutcheck: cannot write the standard output" err
  status 2 "fuzz into /dev/full" sh -c "'$lc' fuzz --config '$cfg' --property 'lean.complement*' --db w.db >/dev/full"
  status 2 "eval --batch into /dev/full" sh -c "printf 'size 2:1\\n' | '$lc' eval --batch >/dev/full"
  has_ere "eval --batch into /dev/full" "^layoutcheck: cannot write the standard output" err
else
  echo "skipped: /dev/full is not writable here"
fi
"$lc" fuzz -v --config "$cfg" --property 'lean.complement*' --db m1.db >/dev/null 2>&1
"$lc" fuzz -v --config "$cfg" --property 'lean.sorting*' --db m2.db >/dev/null 2>&1
status 0 "merge" "$lc" merge m1.db m2.db --into m.db
if [ -z "$(ls m1.db-* m2.db-* 2>/dev/null)" ]; then ok; else bad "merge left $(ls m1.db-* m2.db-*)"; fi
# a database whose counterexamples table is gone: the run fails (exit 2)
# but its row still gets a finish time
python3 -c 'import sqlite3; db = sqlite3.connect("m1.db"); db.execute("drop table counterexamples"); db.commit()'
status 2 "no counterexamples table" "$lc" fuzz -v --config "$cfg" --property 'lean.complement*' --db m1.db
has_ere "no counterexamples table" "no such table: counterexamples" err
python3 -c 'import sqlite3; print(sqlite3.connect("m1.db").execute("select count(*) from runs where finished is null").fetchone()[0])' >unfinished
if [ "$(cat unfinished)" = 0 ]; then ok; else bad "no counterexamples table: a run has no finish time"; fi

# --- 8. SIGINT and SIGTERM end a run cleanly ------------------------------
# interrupt SIG DB: start a long run, wait for its first counterexample,
# send SIG; the exit status, the run marked interrupted, and every
# counterexample shown as stored is in DB
interrupt() {
  local sig=$1 db=$2 want=$3 code
  "$lc" fuzz -v --config "$cfg" --cases 100000000 --db "$db" >"$db.out" 2>"$db.err" &
  local pid=$!
  for _ in $(seq 1 300); do
    grep -qs "^refuted " "$db.out" && break
    sleep 0.05
  done
  sleep 0.3
  kill "-$sig" "$pid"
  wait "$pid"
  code=$?
  if [ "$code" -eq "$want" ]; then ok; else bad "SIG$sig: exit $code, expected $want"; cat "$db.err"; fi
  has_ere "SIG$sig" "^interrupted \(SIG$sig\): run 1 marked interrupted in $db; " "$db.out"
  python3 -c '
import re, sqlite3, sys
db = sqlite3.connect(sys.argv[1])
run = db.execute("select interrupted, finished is not null from runs where id = 1").fetchone()
shown = re.findall(r"^(?:refuted|FAILED) (\S+) \(#(\d+), (?:new|found again|known)(?:; [^)]*)?\)$", open(sys.argv[2]).read(), re.M)
missing = [s for s in shown if db.execute("select count(*) from counterexamples where id = ? and property = ?", (int(s[1]), s[0])).fetchone()[0] != 1]
print("%s %d %d %d" % (run[0], run[1], len(shown), len(missing)))
' "$db" "$db.out" >"$db.check"
  read -r reason finished shown missing <"$db.check"
  if [ "$reason" = "SIG$sig" ] && [ "$finished" = 1 ]; then ok; else bad "SIG$sig: run row: $(cat "$db.check")"; fi
  if [ "$shown" -gt 0 ] && [ "$missing" = 0 ]; then ok; else bad "SIG$sig: shown $shown, missing $missing"; fi
}
interrupt TERM term.db 143
interrupt INT int.db 130
status 0 "report of an interrupted run" "$lc" report --db term.db
has_ere "report of an interrupted run" "^last run 1: started .*, finished .* \(interrupted: SIGTERM\)" out

# --- 9. a busy system under test does not outlive the run -----------------
# busy SIG WANT: fuzz a SUT that answers the sync request, then stays
# busy (tests/suts/busy_sut.sh: signals ignored, input closing ignored, a
# child in its group, a grandchild in a session of its own); send SIG to
# the run once the SUT is busy.  No process of its group or of the
# grandchild's session is left, the run row is finished and marked, the
# exit status is WANT.
busy() {
  local sig=$1 want=$2 code pids=$tmp/busy.$1
  printf 'seed: 3\nsut_timeout: 60\n' >busy.yaml
  "$lc" fuzz -v --config busy.yaml --sut "sh $src/tests/suts/busy_sut.sh $pids" --ops size \
    --cases 1000 --db "busy.$sig.db" >"busy.$sig.out" 2>"busy.$sig.err" &
  local run=$!
  for _ in $(seq 1 600); do
    [ -s "$pids" ] && break
    sleep 0.05
  done
  kill "-$sig" "$run"
  wait "$run"
  code=$?
  same "busy SUT, SIG$sig: exit" "$code" "$want"
  local group sid left=""
  group=$(sed -n 1p "$pids" 2>/dev/null)
  sid=$(sed -n 3p "$pids" 2>/dev/null | awk '{ print $2 }')
  if [ -n "$group" ] && [ -n "$sid" ] && [ "$sid" != "$(ps -o sid= -p $$ | tr -d ' ')" ]; then ok; else
    bad "busy SUT, SIG$sig: the SUT did not get busy ($(cat "$pids" 2>/dev/null))"
  fi
  # a killed process lingers a moment before it is gone
  for _ in $(seq 1 100); do
    left=$(ps -e -o pid=,pgid=,sid=,stat= | awk -v g="$group" -v s="$sid" \
      '($2 == g || $3 == s) && $4 !~ /^Z/ { print $1 }')
    [ -z "$left" ] && break
    sleep 0.05
  done
  if [ -z "$left" ]; then ok; else
    bad "busy SUT, SIG$sig: left running: $(ps -o pid=,pgid=,sid=,args= -p "$(echo $left | tr ' ' ,)")"
    kill -9 $left 2>/dev/null
  fi
  same "busy SUT, SIG$sig: run row" "$(q "busy.$sig.db" 'select interrupted, finished is not null from runs')" "SIG$sig|1"
}
busy TERM 143
busy INT 130
busy HUP 129

finish
