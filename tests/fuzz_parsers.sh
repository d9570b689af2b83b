#!/usr/bin/env bash
# fuzz_parsers.sh SECONDS TARGET... -- run each libFuzzer target
# (build/fuzz/TARGET) for SECONDS from its seed corpus corpus/fuzz/TARGET/
# (new inputs that grow coverage go to build/fuzz/corpus/TARGET/, kept
# between runs), and report executions and findings.  A finding is a crash
# (a sanitizer report, an abort of the target's own checks), a request
# past its CPU time limit (the targets time each request themselves,
# fuzz/fuzz_clock.h: 100 ms for a request of the oracle, 1 s for a parser's
# whole input, 2 s plus 2 s per MiB of fuzz_deep's texts; FUZZ_REQUEST_MS sets
# another), a hang off the CPU (libFuzzer's -timeout, 60 s of wall-clock
# time, which a loaded machine stretches), memory past 2 GB, or a target
# that cannot run.  A finding leaves its input in
# build/fuzz/crashes/; copy it into the seed corpus as a regression case once
# fixed.  Prints "N passed, N failed" (tests/run.sh reads it); exit 1 when a
# target had a finding.
# With FUZZ_SMOKE_DIR set (make test), the new inputs go there instead and
# the run has a fixed seed (-seed=1).
set -u
cd "$(dirname "$0")/.." || exit 2
secs=${1:?usage: tests/fuzz_parsers.sh SECONDS TARGET...}
shift
mkdir -p build/fuzz/crashes
passed=0 failed=0
for t in "$@"; do
  grown=build/fuzz/corpus/$t seed=()
  if [ -n "${FUZZ_SMOKE_DIR:-}" ]; then grown=$FUZZ_SMOKE_DIR/$t seed=(-seed=1); fi
  mkdir -p "corpus/fuzz/$t" "$grown"
  log=build/fuzz/$t.log
  # the conjecture and Lean targets take inputs long enough to reach the
  # depth limits (a chain of 1001 'and's is 9 KB); fuzz_deep expands its
  # inputs to megabytes itself
  max_len=4096
  case $t in fuzz_conj | fuzz_lean) max_len=65536 ;; esac
  if [ ! -x "build/fuzz/$t" ]; then
    failed=$((failed + 1))
    echo "$t: FAILED: build/fuzz/$t is not built (make build/fuzz/$t, with clang)"
    continue
  fi
  # the outer timeout: libFuzzer stops by itself after SECONDS plus the
  # time its seeds take; this catches a run that does not
  timeout $((secs + 300)) "build/fuzz/$t" -max_total_time="$secs" -print_final_stats=1 \
    -timeout=60 -rss_limit_mb=2048 -max_len="$max_len" "${seed[@]}" \
    -artifact_prefix=build/fuzz/crashes/"$t"- "$grown" "corpus/fuzz/$t" >"$log" 2>&1
  rc=$?
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$')
  if [ "$rc" -eq 0 ] && ! grep -q '^==[0-9]*== *ERROR: libFuzzer\|^SUMMARY: ' "$log"; then
    passed=$((passed + 1))
    echo "$t: ${runs:-?} executions in ${secs} s, no finding"
  else
    failed=$((failed + 1))
    echo "$t: FINDING (exit $rc) after ${runs:-?} executions, see $log and build/fuzz/crashes/"
    grep -m4 'ERROR\|runtime error\|SUMMARY\|^fuzz: \|^fuzz_[a-z]*: ' "$log" | sed 's/^/  /'
    grep -m1 "Test unit written to" "$log" | sed 's/^/  /'
  fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
