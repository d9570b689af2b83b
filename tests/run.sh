#!/usr/bin/env bash
# run.sh BUILD_DIR -- run every test against the sanitized build in BUILD_DIR
# (made by `make test`) and print one summary line "N passed, N failed"
# (", N skipped" and ", N pending" appended when nonzero); exit 1 if anything
# failed.  Pending cases are corpus cases marked with a named reason the
# oracle does not answer them yet (corpus/README.md): neither passed nor failed.
#
# 1. Unit tests: BUILD_DIR/tests/test_NAME for each tests/test_NAME.c.
# 2. Command-line checks of BUILD_DIR/layoutcheck (eval, the batch protocol,
#    the corpus runner on tests/corpus_selftest/).
# 3. The examples of the op tables (docs/ops.md), through the batch protocol, and
#    the run commands (tests/fuzz_cli.sh).
# 4. The corpus: corpus/*.yaml, corpus/cute_cpp/*.yaml (CuTe C++'s answers),
#    corpus/cute_tests/*.yaml (the cases of CuTe's own tests),
#    corpus/pycute_nvlabs/*.yaml (PyCuTe's answers on F2 strides)
#    and corpus/golden/*.yaml, except the
#    *-rejected.yaml files (kept for reference only).
#
# Each program of 1 and 3 ends its output with its own summary line; the
# counts are summed.  The programs of 1, 3 and 4 run TEST_JOBS at a time
# (default 2), each one's output shown whole, in a fixed order.  A program that exits nonzero with no failure counted
# (a sanitizer report, a leak) or prints no summary line counts one failure.
set -u
cd "$(dirname "$0")/.." || exit 2
build=${1:?usage: tests/run.sh BUILD_DIR}
lc=$build/layoutcheck

export LC_ALL=C
export ASAN_OPTIONS="detect_leaks=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
export UBSAN_OPTIONS="print_stacktrace=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"

tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

passed=0 failed=0 skipped=0 pending=0

# add_counts NAME STATUS FILE: show FILE (the stdout of program NAME, which
# exited with STATUS) and add the counts of its last line to the totals.
add_counts() {
  local name=$1 status=$2 last p f s q
  cat "$3"
  last=$(tail -n 1 "$3")
  if [[ $last =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed(,\ ([0-9]+)\ skipped)?(,\ ([0-9]+)\ pending)?$ ]]; then
    p=${BASH_REMATCH[1]} f=${BASH_REMATCH[2]} s=${BASH_REMATCH[4]:-0} q=${BASH_REMATCH[6]:-0}
    if [ "$status" -ne 0 ] && [ "$f" -eq 0 ]; then
      echo "$name: exit status $status with no failure counted: counted as one failure"
      f=1
    fi
  else
    echo "$name: no summary line (exit status $status): counted as one failure"
    p=0 f=1 s=0 q=0
  fi
  passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + s)) pending=$((pending + q))
}

# --- parallel programs ----------------------------------------------------
# The programs of sections 1, 3 and 4 run TEST_JOBS at a time (default 2), each
# with its stdout and stderr in files of its own; finish_counted shows each
# one whole, in the order they were started, and adds its counts
# (add_counts).
jobs_max=${TEST_JOBS:-2}
[[ $jobs_max =~ ^[1-9][0-9]*$ ]] || jobs_max=2
job_heads=() job_names=() job_pids=() job_next=0

# jobs_running: how many started programs are alive and have not yet written
# their status.
jobs_running() {
  local i n=0
  for ((i = job_next; i < ${#job_names[@]}; i++)); do
    [ -e "$tmp/job$i.status" ] || ! kill -0 "${job_pids[$i]}" 2>/dev/null || n=$((n + 1))
  done
  echo "$n"
}

# start_counted HEADER NAME CMD...: start CMD in the background once fewer
# than jobs_max programs run; HEADER is shown above its output.
start_counted() {
  local head=$1 name=$2 i=${#job_names[@]}
  shift 2
  while [ "$(jobs_running)" -ge "$jobs_max" ]; do sleep 0.05; done
  ( t0=$(date +%s.%N)
    "$@" >"$tmp/job$i.out" 2>"$tmp/job$i.err"; rc=$?
    awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }' >"$tmp/job$i.secs"
    echo $rc >"$tmp/job$i.status" ) &
  job_heads+=("$head") job_names+=("$name") job_pids+=($!)
}

# finish_counted: wait for the started programs in order; show the header (with the seconds it ran),
# stderr and stdout of each, and add its counts.
finish_counted() {
  local i
  for ((i = job_next; i < ${#job_names[@]}; i++)); do
    wait "${job_pids[$i]}"
    echo "== ${job_heads[$i]} ($(cat "$tmp/job$i.secs" 2>/dev/null) s)"
    cat "$tmp/job$i.err"
    add_counts "${job_names[$i]}" "$(cat "$tmp/job$i.status" 2>/dev/null || echo 125)" \
      "$tmp/job$i.out"
  done
  job_next=${#job_names[@]}
}

# --- 1. unit tests --------------------------------------------------------
for src in tests/test_*.c; do
  [ -e "$src" ] || continue
  name=$(basename "$src" .c)
  if [ -x "$build/tests/$name" ]; then
    start_counted "$name" "$name" "$build/tests/$name"
  else
    echo "== $name"
    echo "$name: $build/tests/$name was not built: counted as one failure"
    failed=$((failed + 1))
  fi
done
finish_counted

# --- 2. command-line checks -----------------------------------------------
echo "== command line"
cli_passed=0 cli_failed=0

# check NAME CMD...: one passed check if CMD succeeds, else one failed.
check() {
  local name=$1
  shift
  if "$@"; then
    cli_passed=$((cli_passed + 1))
  else
    echo "FAIL: $name"
    cli_failed=$((cli_failed + 1))
  fi
}

# runs STATUS WANT CMD...: CMD exits with STATUS and prints exactly WANT.
runs() {
  local want_status=$1 want=$2 got status
  shift 2
  got=$("$@" 2>"$tmp/err")
  status=$?
  [ "$status" -eq "$want_status" ] && [ "$got" = "$want" ] && return 0
  printf '  %s\n  exit %s (wanted %s), output:\n%s\n' "$*" "$status" "$want_status" "$got"
  cat "$tmp/err"
  return 1
}

# prints STATUS PATTERN CMD...: CMD exits with STATUS and some line of its
# output (stdout and stderr) matches the extended regular expression.
prints() {
  local want_status=$1 pattern=$2 status
  shift 2
  "$@" >"$tmp/both" 2>&1
  status=$?
  [ "$status" -eq "$want_status" ] && grep -q -E -- "$pattern" "$tmp/both" && return 0
  printf '  %s\n  exit %s (wanted %s), no line matching: %s\n' "$*" "$status" \
    "$want_status" "$pattern"
  sed 's/^/  | /' "$tmp/both" | head -n 20
  return 1
}

# batch_keeps_lines FILE: eval --batch on FILE exits 0 and answers each
# request line (neither blank nor a comment) with exactly one line.
batch_keeps_lines() {
  local want got status
  want=$(grep -a -c -v -E '^[[:space:]]*(#.*)?$' "$1")
  "$lc" eval --batch <"$1" >"$tmp/answers"
  status=$?
  got=$(wc -l <"$tmp/answers")
  [ "$status" -eq 0 ] && [ "$got" -eq "$want" ] && return 0
  echo "  $1: $got answer lines for $want requests, exit $status"
  return 1
}

# only_errors FILE: every line of FILE starts with "error: ".
only_errors() {
  ! grep -a -q -v '^error: ' "$1"
}

check "eval prints a result" runs 0 "6" "$lc" eval size "(2,3):(1,2)"
check "eval of an unknown op" runs 1 "error: unsupported op no_such_op" "$lc" eval no_such_op 1
check "help lists eval" prints 0 '^ +eval ' "$lc" help
check "help lists corpus" prints 0 '^ +corpus ' "$lc" --help
check "unknown command" prints 2 "unknown command 'no_such_command'" "$lc" no_such_command
check "eval --list" prints 0 "^size " "$lc" eval --list

printf 'size 12:1\n\n   \t\n  # a comment\nno_such_op x\r\n#size 1:1\ncosize (2, 3):(1, 2)' \
  >"$tmp/order"
check "batch answers in order" runs 0 $'12\nerror: unsupported op no_such_op\n6' \
  "$lc" eval --batch <"$tmp/order"
check "batch on empty input" runs 0 "" "$lc" eval --batch </dev/null

printf 'size (2,3:(1,2)\nsize 2,3):(1,2)\nsize <<\nsize )(\nsize x\0y\n' >"$tmp/unbalanced"
check "batch: unbalanced lines" batch_keeps_lines "$tmp/unbalanced"
check "batch: unbalanced lines are errors" only_errors "$tmp/answers"

# Garbage: random bytes (NUL included), bracket soup, a 2 MB line, a last
# line without a newline.  The pseudo-random sequence is fixed (srand).
awk 'BEGIN {
  srand(7)
  soup = "()<>[]-->,:#* 0123456789"
  for (i = 0; i < 2000; i++) {
    n = int(rand() * 60)
    s = (i % 3 == 0) ? "size " : ""
    for (j = 0; j < n; j++) {
      if (i % 2) s = s sprintf("%c", 1 + int(rand() * 255))
      else s = s substr(soup, 1 + int(rand() * length(soup)), 1)
    }
    gsub(/\n/, "", s)
    print s
  }
}' | tr '\001' '\000' >"$tmp/garbage"
{
  printf 'size ('
  yes '1,2, ' | head -n 400000 | tr -d '\n'
  printf '1):(1)\ncosize 12:1'
} >>"$tmp/garbage"
check "batch: garbage keeps one answer per request" batch_keeps_lines "$tmp/garbage"

# answers_each_request: an interactive client (a coprocess) writes one
# request, then reads its answer with a timeout, five times: each answer
# comes before the next request is sent.  size N:1 is N.
answers_each_request() {
  local i ans fd
  coproc LC_BATCH { "$lc" eval --batch; }
  for i in 1 2 3 4 5; do
    printf 'size %d:1\n' "$i" >&"${LC_BATCH[1]}"
    if ! IFS= read -r -t 10 ans <&"${LC_BATCH[0]}" || [ "$ans" != "$i" ]; then
      echo "  request $i (size $i:1): answer '${ans:-}' (none within 10 s if empty)"
      kill "$LC_BATCH_PID"
      wait "$LC_BATCH_PID"
      return 1
    fi
  done
  fd=${LC_BATCH[1]}
  exec {fd}>&-
  wait "$LC_BATCH_PID"
}
check "batch: each answer before the next request" answers_each_request

sel=tests/corpus_selftest
check "corpus: good file" prints 0 '^5 passed, 0 failed, 1 skipped$' "$lc" corpus "$sel/good.yaml"
check "corpus: -v shows skip reasons" prints 0 "^$sel/good.yaml:10: skipped: size 12:1: shows" \
  "$lc" corpus -v "$sel/good.yaml"
check "corpus: malformed file" prints 2 "^$sel/malformed.yaml:5:1: did not find expected" \
  "$lc" corpus "$sel/malformed.yaml"
check "corpus: malformed file counts a failure" prints 2 '^2 passed, 1 failed$' \
  "$lc" corpus "$sel/malformed.yaml"
check "corpus: unknown key" prints 1 "^$sel/unknown_key.yaml:3:37: unknown key 'expected'$" \
  "$lc" corpus "$sel/unknown_key.yaml"
check "corpus: unknown key counts a failure" prints 1 '^2 passed, 1 failed$' \
  "$lc" corpus "$sel/unknown_key.yaml"
check "corpus: mismatch" prints 1 "^$sel/mismatch.yaml:3: size 12:1: expected 13, got 12$" \
  "$lc" corpus "$sel/mismatch.yaml"
check "corpus: missing error" prints 1 "^$sel/mismatch.yaml:4: size 12:1: expected error, got 12$" \
  "$lc" corpus "$sel/mismatch.yaml"
check "corpus: args not a sequence" \
  prints 1 "^$sel/mismatch.yaml:5:20: 'args' must be a sequence of strings$" \
  "$lc" corpus "$sel/mismatch.yaml"
check "corpus: pending cases are counted apart" prints 1 '^1 passed, 1 failed, 1 pending$' \
  "$lc" corpus "$sel/pending.yaml"
check "corpus: a pending case that passes is a failure" \
  prints 1 "^$sel/pending.yaml:5: size 12:1: passes, but is marked pending \(a reason gone\): remove the mark$" \
  "$lc" corpus "$sel/pending.yaml"
check "corpus: -v shows pending cases with their reason" \
  prints 1 "^$sel/pending.yaml:4: pending: size 12:1: expected 13, got 12 \(a reason named here\)$" \
  "$lc" corpus -v "$sel/pending.yaml"
check "corpus: missing file" prints 2 "^$tmp/none.yaml: cannot open" "$lc" corpus "$tmp/none.yaml"
check "corpus: all files are counted" prints 2 '^8 passed, 5 failed, 1 skipped$' \
  "$lc" corpus "$sel/good.yaml" "$tmp/none.yaml" "$sel/unknown_key.yaml" "$sel/mismatch.yaml"

# CuTe's printout: static integers (_2) and the grid of print_layout, as
# CuTe C++'s print_layout printed it for ((2,2),3):((1,4),2) (the same grid
# is in tests/test_lo_print_grid.c); one line with \n escapes in --batch.
check "eval reads CuTe's _2" runs 0 "6" "$lc" eval size "(_2,_3):(_1,_2)"
check "eval: a bare _ names its column" \
  runs 1 "error: argument 1: column 3: expected a digit after '_', found ','" \
  "$lc" eval size "(_,3):(1,2)"
cute_grid='((2,2),3):((1,4),2)
       0    1    2 
    +----+----+----+
 0  |  0 |  2 |  4 |
    +----+----+----+
 1  |  1 |  3 |  5 |
    +----+----+----+
 2  |  4 |  6 |  8 |
    +----+----+----+
 3  |  5 |  7 |  9 |
    +----+----+----+'
check "eval print_layout prints CuTe's grid" runs 0 "$cute_grid" \
  "$lc" eval print_layout "((_2,_2),_3):((_1,_4),_2)"
printf 'print_layout ((2,2),3):((1,4),2)\nprint_layout 4:1\nsize 4:1\n' >"$tmp/grid"
check "batch: print_layout is one line with \\n escapes" \
  runs 0 "${cute_grid//$'\n'/\\n}"$'\nerror: print_layout needs a rank-2 layout (rank 1 given)\n4' \
  "$lc" eval --batch <"$tmp/grid"

echo "$cli_passed passed, $cli_failed failed"
passed=$((passed + cli_passed)) failed=$((failed + cli_failed))

# --- 3. op-table examples, the command scripts; 4. corpus ------------------
# Started longest first (fuzz_cli.sh takes a third of the time), shown in
# this order.
start_counted "fuzz, replay, show" "fuzz, replay, show" bash tests/fuzz_cli.sh "$lc"
start_counted "systems under test" "systems under test" bash tests/sut_cli.sh "$lc"
start_counted "the console report of make fuzz" "fuzz console" bash tests/fuzz_console.sh "$lc"
start_counted "systems under test: windows, out of step, process groups, layers" \
  "SUT windows" bash tests/sut_window.sh "$lc"
start_counted "shards and merge" "shards and merge" bash tests/shard_cli.sh "$lc"
start_counted "CuTe C++ adapter" "CuTe C++ adapter" bash tests/cute_adapter.sh
start_counted "reliability (hostile inputs, failing machines)" "reliability" \
  bash tests/reliability_cli.sh "$lc"
start_counted "Lean checks" "Lean checks" bash tests/lean_cli.sh "$lc"
start_counted "Lean project, end to end" "Lean project" bash tests/lean_project.sh "$lc"
start_counted "report" "report" bash tests/report_cli.sh "$lc"
start_counted "counts agree: console, text, HTML, JUnit, JSON (triage, fix, merge)" "counts agree" \
  bash tests/counts_cli.sh "$lc"
start_counted "the HTML report in headless chromium (cards and first drawing above the fold)" \
  "browser" bash tests/browser_cli.sh "$lc"
start_counted "counterexamples to paste (check, replay ID)" "paste" bash tests/paste_cli.sh "$lc"
start_counted "op-table examples (docs/ops.md)" "op-table examples" bash tests/readme_examples.sh "$lc"
start_counted "the README's tour" "README tour" bash tests/readme_tour.sh --no-sut "$lc"
start_counted "planted mutants (a fast run)" "planted mutants" \
  bash tests/mutants.sh --fast "$lc" COALESCE_SORTS APPLY_LEX DIVIDE_COSIZE
start_counted "GPU stage (skip, import of results)" "GPU stage" bash tests/gpu_cli.sh "$lc"
# each libFuzzer target for 3 s where make test-build built them (clang
# installed), from the seed corpus (which holds the requests that once
# hung), with a fixed seed and the new inputs in a scratch folder: a crash,
# a hang or a request past 100 ms of CPU time fails
fuzz_targets=()
for f in fuzz/fuzz_*.c; do fuzz_targets+=("$(basename "$f" .c)"); done
if [ -x "build/fuzz/${fuzz_targets[0]}" ]; then
  start_counted "parser fuzzing (3 s a target)" "parser fuzzing" \
    env FUZZ_SMOKE_DIR="$tmp/fuzz" bash tests/fuzz_parsers.sh 3 "${fuzz_targets[@]}"
else
  start_counted "parser fuzzing (3 s a target)" "parser fuzzing" \
    sh -c 'echo "skipped: no libFuzzer program built (clang missing: make deps installs it)"; echo "0 passed, 0 failed, 1 skipped"'
fi
start_counted "citations: the paper's own numbers" "citations" bash tests/citations.sh
start_counted "layers: make check-layers refuses an upward include" "layers" bash tests/layers.sh
start_counted "--help and the commands table (docs/commands.md)" "help and commands table" bash tests/help_cli.sh "$lc"
start_counted "eval --json against docs/eval.schema.json" "eval --json" bash tests/eval_json.sh "$lc"
start_counted "help texts, hints, man page, completion, make install" "help, install" bash tests/teach_cli.sh "$lc"
start_counted "pycute adapter, SUT bounds" "pycute, SUT bounds" bash tests/pycute_cli.sh "$lc"
start_counted "the whitepaper's analysis ops against PyCuTe" "PyCuTe analysis ops" \
  bash tests/pycute_nvlabs_ops.sh "$lc"
start_counted "post-conditions against a system under test" "post-conditions" bash tests/wp_sut.sh "$lc"
start_counted "PyCuTe adapter (NVlabs)" "PyCuTe adapter" bash tests/pycute_nvlabs.sh "$lc"
start_counted "PyCuTe's F2 strides, asked live" "PyCuTe F2 strides" bash tests/pycute_f2.sh "$lc"
start_counted "argument forms and their bounds" "argument forms" bash tests/forms_cli.sh "$lc"
start_counted "swizzles and composed layouts against a SUT, their bounds" "swizzle forms" \
  bash tests/sw_forms_cli.sh "$lc"
start_counted "a nightly sequence: counts, triage, budget, merge twice" "nightly sequence" bash tests/nightly_cli.sh "$lc"

shopt -s nullglob
corpus=(corpus/*.yaml corpus/cute_cpp/*.yaml corpus/cute_tests/*.yaml corpus/pycute_nvlabs/*.yaml)
for f in corpus/golden/*.yaml; do
  case $f in *-rejected.yaml) ;; *) corpus+=("$f") ;; esac
done
if [ "${#corpus[@]}" -gt 0 ]; then
  start_counted corpus corpus "$lc" corpus "${corpus[@]}"
fi
finish_counted
[ "${#corpus[@]}" -gt 0 ] || { echo "== corpus"; echo "no corpus files"; }

# --- summary --------------------------------------------------------------
echo
summary="$passed passed, $failed failed"
[ "$skipped" -eq 0 ] || summary="$summary, $skipped skipped"
[ "$pending" -eq 0 ] || summary="$summary, $pending pending"
echo "$summary"
[ "$failed" -eq 0 ]
