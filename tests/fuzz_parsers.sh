#!/usr/bin/env bash
# fuzz_parsers.sh SECONDS TARGET... -- run each libFuzzer target
# (build/fuzz/TARGET) for SECONDS from its seed corpus corpus/fuzz/TARGET/
# (new inputs that grow coverage go to build/fuzz/corpus/TARGET/, kept
# between runs), and report executions and
# crashes.  A crash leaves its input in build/fuzz/crashes/; copy it into
# the seed corpus as a regression case once fixed.
set -u
cd "$(dirname "$0")/.." || exit 2
secs=${1:?usage: tests/fuzz_parsers.sh SECONDS TARGET...}
shift
mkdir -p build/fuzz/crashes
passed=0 failed=0
for t in "$@"; do
  mkdir -p "corpus/fuzz/$t" "build/fuzz/corpus/$t"
  log=build/fuzz/$t.log
  # the conjecture and Lean targets take inputs long enough to reach the
  # depth limits (a chain of 1001 'and's is 9 KB); fuzz_deep expands its
  # inputs to megabytes itself
  max_len=4096
  case $t in fuzz_conj | fuzz_lean) max_len=65536 ;; esac
  "build/fuzz/$t" -max_total_time="$secs" -print_final_stats=1 -timeout=10 -rss_limit_mb=2048 \
    -max_len="$max_len" -artifact_prefix=build/fuzz/crashes/"$t"- "build/fuzz/corpus/$t" \
    "corpus/fuzz/$t" >"$log" 2>&1
  rc=$?
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$')
  if [ "$rc" -eq 0 ]; then
    passed=$((passed + 1))
    echo "$t: ${runs:-?} executions in ${secs} s, no crash"
  else
    failed=$((failed + 1))
    echo "$t: CRASH (exit $rc), see $log and build/fuzz/crashes/"
    grep -m3 'ERROR\|runtime error\|SUMMARY' "$log"
  fi
done
echo "$passed passed, $failed failed"
