#!/usr/bin/env bash
# nightly_cli.sh LAYOUTCHECK -- a nightly sequence and the counts a person
# expects at each step, checked against the console and the database: a
# first run, the same run again (nothing new), a failure triaged known (exit
# 0), a theorem fixed, a run's budget, and two shards merged twice (stored
# once, the second merge saying nothing changed), one shard of two merged (a
# warning).  Prints "N passed, N failed".
set -u
cd "$(dirname "$0")/.." || exit 2
lc=${1:?usage: tests/nightly_cli.sh LAYOUTCHECK}
lc=$(cd "$(dirname "$lc")" && pwd)/$(basename "$lc")
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
. tests/lib.sh
cd "$tmp" || exit 2

# Two user theorems, each false by hand: size(L) <= cosize(L) fails at 2:0
# (size 2, cosize 1); every stride is 0 fails at 2:1.  Conjectures off, so
# the counts are those of these two properties alone.
cat >t.yaml <<'YAML'
- name: lt.size_le_cosize
  forall: {L: layout}
  check: "size(L) <= cosize(L)"
  kind: theorem
- name: lt.strides_zero
  forall: {L: flat_layout}
  check: "cosize(L) == 1"
  kind: theorem
YAML
printf 'seed: 5\ncases: 300\nconjectures: false\nconjecture_files: [t.yaml]\n' >c.yaml
run() { "$lc" fuzz -v --config c.yaml --property 'lt.*' --db n.db "$@"; }
row() { q n.db "select theorem_failures, new_count, open_count, known_count, fixed_count from runs where id = $1"; }

# 1. the first night: each distinct failure new, stored once; exit 1
status 1 "night 1" run
has "night 1" "^new 2, still open 0, known 0, fixed 0$" out
has "night 1" "^2 theorems failing (2 open counterexamples), 0 conjectures refuted (0 open counterexamples)$" out
same "night 1: rows" "$(q n.db 'select count(*) from counterexamples')" 2
same "night 1: run" "$(row 1)" "2|2|0|0|0"
same "night 1: new_tonight" "$(q n.db 'select count(*) from new_tonight')" 2
# 2. the same night again: found again, counted once each, no new rows
status 1 "night 2" run
has "night 2" "^new 0, still open 2, known 0, fixed 0$" out
has "night 2" "^2 theorems failing (2 open counterexamples), 0 conjectures refuted (0 open counterexamples)$" out
same "night 2: rows" "$(q n.db 'select count(*) from counterexamples')" 2
same "night 2: run" "$(row 2)" "2|0|2|0|0"
same "night 2: new_tonight" "$(q n.db 'select count(*) from new_tonight')" 0
same "night 2: still_open" "$(q n.db 'select count(*) from still_open')" 2
# 3. one triaged known: it no longer fails the night; the other does
id=$(q n.db "select id from counterexamples where property = 'lt.strides_zero'")
status 0 "triage" "$lc" triage "$id" known --note "accepted for now" --db n.db
status 1 "night 3" run
has "night 3" "^new 0, still open 1, known 1, fixed 0$" out
has "night 3" "^1 theorem failing (1 open counterexample), 0 conjectures refuted (0 open counterexamples)$" out
same "night 3: run" "$(row 3)" "1|0|1|1|0"
same "night 3: known view" "$(q n.db 'select note from known')" "accepted for now"
id2=$(q n.db "select id from counterexamples where property = 'lt.size_le_cosize'")
status 0 "triage the other" "$lc" triage "$id2" known --db n.db
status 0 "night 4: all known" run
has "night 4" "^new 0, still open 0, known 2, fixed 0$" out
status 0 "untriage" "$lc" triage "$id2" open --db n.db
# 4. the theorem fixed (its statement corrected): replay marks it fixed
sed -i 's/check: "size(L) <= cosize(L)"/check: "size(L) >= 1"/' t.yaml
status 0 "night 5: fixed" run
has "night 5" "^new 0, still open 0, known 1, fixed 1$" out
same "night 5: run" "$(row 5)" "0|0|0|1|1"
same "night 5: fixed_tonight" "$(q n.db 'select property from fixed_tonight')" "lt.size_le_cosize"
same "night 5: trend" "$(q n.db "select distinct_failures from property_trend where property = 'lt.size_le_cosize' order by run_id")" "1
1
1
1
0"
# 5. a budget: the whole run ends on time (2 s shared by two properties
# of 10^8 cases each), every property's row stored
start=$(date +%s.%N)
status 1 "budget" "$lc" fuzz -v --config c.yaml --property 'lt.*' --cases 100000000 --budget 2 --db b.db
took=$(python3 -c "import sys; print(float(sys.argv[2]) - float(sys.argv[1]) < 6)" "$start" "$(date +%s.%N)")
same "budget: on time" "$took" True
same "budget: rows" "$(q b.db 'select count(*) from run_properties')" 2
# 6. two shards merged, then merged again: stored once
for k in 1 2; do
  "$lc" fuzz -v --config c.yaml --property 'lt.*' --shard "$k/2" --db "s$k.db" >/dev/null 2>&1
done
status 0 "merge" "$lc" merge s1.db s2.db --into m.db
# each input row is new to m.db (the first of its input, property and sut)
# or merged into one (updated: its sightings added); none is unchanged
rows_in=$(( $(q s1.db 'select count(*) from counterexamples') + $(q s2.db 'select count(*) from counterexamples') ))
rows_m=$(q m.db 'select count(*) from counterexamples')
has "merge: what changed" "counterexamples: $rows_m new, $((rows_in - rows_m)) updated, 0 unchanged$" out
same "merge: both shards, no warning" "$(cat err)" ""
snap() { q m.db "select * from runs"; q m.db "select id, times_seen, status from counterexamples"; q m.db "select * from cex_runs"; }
snap >m1.txt
status 0 "merge again" "$lc" merge s1.db s2.db --into m.db
has "merge again" "2 runs merged before (skipped)" out
has "merge again: nothing new or updated" "counterexamples: 0 new, 0 updated, $rows_in unchanged$" out
has "merge again: says so" "^nothing changed: m.db held all of it already$" out
snap >m2.txt
if cmp -s m1.txt m2.txt; then ok; else bad "merge again changed m.db"; diff m1.txt m2.txt; fi
same "merge: one combined run" "$(q m.db 'select count(*) from runs')" 1
# one shard of two: merged, with a warning that names what is missing
status 0 "merge one shard of two" "$lc" merge s1.db --into half.db
has "merge one shard of two: warned" "^merge: warning: run 1 combines 1 of 2 shards (the batch of s1.db (run 1))" err
hasnt "merge one shard of two: no nothing-changed line" "nothing changed" out
same "merge: sightings summed" "$(q m.db 'select sum(times_seen) from counterexamples')" \
  "$(( $(q s1.db 'select sum(times_seen) from counterexamples') + $(q s2.db 'select sum(times_seen) from counterexamples') ))"

# 7. on a terminal, the progress line: property k of n, elapsed, time left
if command -v script >/dev/null 2>&1; then
  script -qfc "$lc fuzz -v --config c.yaml --property 'lt.*' --cases 3000 --db p.db" typescript \
    >/dev/null 2>&1
  tr '\r' '\n' <typescript >progress.txt
  has "progress line" "^  \[1/2\] lt.size_le_cosize .* elapsed, ~.*s left" progress.txt
  has "progress line" "^  \[2/2\] lt.strides_zero" progress.txt
else
  skip "progress line: no script(1) to give the run a terminal"
fi

finish
