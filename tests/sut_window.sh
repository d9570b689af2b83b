#!/usr/bin/env bash
# sut_window.sh LAYOUTCHECK -- the windowed protocol with systems under test
# from the command line: a slow SUT that answers batches gets windows of
# requests; a window of 1 and of 64 store the same counterexamples on a
# planted mutant; a SUT that never reads its input ends with a timeout; one
# that answers two lines per request (or none for some) is reported out of
# step and stores no disagreement; a pipeline SUT leaves no process
# behind; --layer cute is stored with its disagreements and replayed in
# that layer.  Prints "N passed, N failed[, N skipped]".
set -u
cd "$(dirname "$0")/.." || exit 2
lc=${1:?usage: tests/sut_window.sh LAYOUTCHECK}
lc=$(cd "$(dirname "$lc")" && pwd)/$(basename "$lc")
root=$PWD
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
. tests/lib.sh
# the rows of the stored counterexamples that matter: property, sut, input,
# original input, choices, message
stored() {
  python3 -c 'import sqlite3, sys
for row in sqlite3.connect(sys.argv[1]).execute(
    "select property, sut, input, original_input, choices, message from counterexamples order by id"):
  print("|".join(str(x) for x in row))' "$1"
}

cd "$tmp" || exit 2
# short timeouts where the SUT fails on purpose, shrinking capped there and
# each op stopped at its first failure (each one is a restart or a timeout)
printf 'seed: 7\nsut_timeout: 10\n' >c.yaml
printf 'seed: 7\nsut_timeout: 0.3\nshrink_limit: 8\nmax_distinct: 1\n' >short.yaml
# the out-of-step checks wait for no timeout: a generous one, so that a SUT
# restarted on a loaded machine (a sanitized layoutcheck takes a while to
# start) is never taken for a hang
printf 'seed: 7\nsut_timeout: 10\nshrink_limit: 8\nmax_distinct: 1\n' >step.yaml
# a SUT that never answers: every shrinking candidate costs a timeout and
# none can succeed, so two are enough to show that it shrinks and stops;
# the op stops after 3 more timeouts in a row (max_repeats)
printf 'seed: 7\nsut_timeout: 0.3\nshrink_limit: 2\nmax_repeats: 3\n' >mute.yaml

# a slow SUT that answers each batch of available lines after 0.3 s: with
# windows it sees batches of more than one request
if command -v python3 >/dev/null 2>&1; then
  status 0 "slow batches" "$lc" fuzz --config c.yaml --sut "python3 $root/tests/suts/batch_sut.py $tmp/batches 0.3 $lc" \
    --ops size,coalesce --cases 150 --window 64 --db slow.db
  has "slow batches" "^size  *exact  *150  *150" out
  has "slow batches" "^coalesce  *exact  *150  *150" out
  if [ "$(sort -n batches | tail -n 1)" -gt 1 ]; then ok; else bad "slow batches: no batch of more than one line"; cat batches; fi
else
  skip "slow batches: no python3"
fi

# a window of 1 and of 64: the same counts and stored counterexamples
mut=$root/build/mut/COALESCE_SORTS/layoutcheck
if [ -x "$mut" ] && command -v python3 >/dev/null 2>&1; then
  for w in 1 64; do
    status 1 "mutant, window $w" "$lc" fuzz --config c.yaml --sut "$mut eval --batch" --ops coalesce,filter,right_inverse \
      --cases 300 --window "$w" --db "m$w.db"
    grep -E '^(coalesce|filter|right_inverse) ' out | awk '{print $1, $2, $3, $4, $5, $6}' >"rows$w"
    stored "m$w.db" >"cex$w"
  done
  if cmp -s rows1 rows64 && cmp -s cex1 cex64 && [ -s cex1 ]; then ok; else
    bad "windows 1 and 64 differ"; diff rows1 rows64; diff cex1 cex64
  fi
  has "mutant" "coalesce (2,2):(1,0)" cex64
else
  skip "windows 1 and 64: no $mut or no python3"
fi

# a SUT that never reads its input (a window larger than a pipe holds): a
# timeout, reported, within a bounded time
start=$(date +%s)
status 1 "never reads" "$lc" fuzz --config mute.yaml --sut "sleep 1000" --ops composition --cases 3000 \
  --window 3000 --db never.db
has "never reads" "did not answer within 0.3 s" out
has "never reads" "^composition  *function  *4  *0  *0  *4  *1 " out
has "never reads" "stopped after 3 failures in a row of signatures met before" out
if [ $(($(date +%s) - start)) -lt 30 ]; then ok; else bad "never reads: took $(($(date +%s) - start)) s"; fi
# ... and one that prints answers from a file without reading
printf '1\n2\n3\n' >answers.log
status 1 "answers from a file" "$lc" fuzz --config step.yaml --sut "cat answers.log" --ops size --cases 10 --db file.db
has "answers from a file" "^OUT OF STEP sut.size" out

# two lines per request (both right): out of step, never a disagreement
for w in 1 64; do
  status 1 "two lines, window $w" "$lc" fuzz --config step.yaml --window "$w" --ops size,cosize --cases 50 --db "two$w.db" \
    --sut "while IFS= read -r l; do printf '%s\n%s\n' \"\$l\" \"\$l\"; done | $lc eval --batch"
  has "two lines, window $w" "^OUT OF STEP sut.size" out
  has "two lines, window $w" "out of step: the system under test answered more lines than requests" out
  hasnt "two lines, window $w" "^DISAGREE" out
done
# none for the cosize requests: out of step (fewer lines)
status 1 "no line" "$lc" fuzz --config step.yaml --ops size,cosize --cases 50 --db none.db \
  --sut "grep --line-buffered -v '^cosize' | $lc eval --batch"
has "no line" "^size  *exact  *50  *50" out
has "no line" "^OUT OF STEP sut.cosize" out
has "no line" "answered fewer lines than requests" out
hasnt "no line" "^DISAGREE" out
# stored as out of step, and replayed as such
status 1 "replay out of step" "$lc" replay --config step.yaml --db none.db \
  --sut "grep --line-buffered -v '^cosize' | $lc eval --batch"
has "replay out of step" "OUT OF STEP: cosize" out

# a pipeline SUT (killed on a timeout) and a background process of a SUT
# (killed at the end) leave nothing behind
marker=$((7000000 + RANDOM))
status 1 "pipeline" "$lc" fuzz --config mute.yaml --sut "sleep $marker | cat" --ops size --cases 5 --db pipe.db
has "pipeline" "did not answer within 0.3 s" out
status 0 "background" "$lc" fuzz --config c.yaml --sut "sleep $((marker + 1)) & exec $lc eval --batch" --ops size \
  --cases 20 --db bg.db
sleep 0.2
if pgrep -f "sleep ($marker|$((marker + 1)))" >/dev/null; then bad "processes left behind"; pgrep -af "sleep $marker"; else ok; fi

# --layer cute: the comparison is exact for every op, the layer is stored
# with the SUT, and replay --sut asks again in the stored layer.  The SUT
# is the oracle asked for cute_OP where it has that op (sed rewrites the
# requests), so it agrees whichever cute_ ops the oracle has.
"$lc" eval --list | awk '$1 ~ /^cute_/ { op = substr($1, 6); print "s/^" op " /cute_" op " /" }' >cute.sed
status 0 "layer cute" "$lc" fuzz --config c.yaml --layer cute --ops composition,coalesce,size --cases 100 \
  --sut "sed -u -f $tmp/cute.sed | $lc eval --batch" --db cute.db
has "layer cute" "^composition  *exact  *100  *100 " out
has "layer cute" "^coalesce  *exact  *100  *100 " out
has "layer cute" "layer cute" out
wrong="while IFS= read -r l; do case \"\$l\" in 'size 1000000007:1') echo 1000000007;; *) echo 0;; esac; done"
status 1 "layer cute, a wrong SUT" "$lc" fuzz --config short.yaml --layer cute --ops coalesce --cases 5 \
  --sut "$wrong" --db cute.db
has "layer cute, a wrong SUT" "^DISAGREE sut.coalesce" out
if command -v python3 >/dev/null 2>&1; then
  stored cute.db >rows
  if grep -qF "sut.coalesce|$wrong #layer=cute|coalesce " rows; then ok; else bad "layer cute: not stored"; cat rows; fi
fi
status 1 "layer cute, replay" "$lc" replay --config short.yaml --sut "$wrong" --db cute.db
has "layer cute, replay" "STILL DISAGREES: coalesce" out
status 2 "layer: bad value" "$lc" fuzz --config c.yaml --layer CuTe --sut "$lc eval --batch"
has "layer: bad value" "--layer: expected plain or cute, found 'CuTe'" err
status 2 "window: bad value" "$lc" fuzz --config c.yaml --window 0 --sut "$lc eval --batch"
has "window: bad value" "--window: expected 1 to 4096 requests, found '0'" err

summary="$passed passed, $failed failed"
[ "$skipped" -eq 0 ] || summary="$summary, $skipped skipped"
echo "$summary"
