#!/usr/bin/env bash
# mutants.sh [--fast] LAYOUTCHECK MUTANT... -- differential fuzzing finds
# planted bugs: for each mutant (build/mut/NAME/layoutcheck, the program
# built with -DLO_MUTANT_NAME), run `fuzz --sut` against it with a 30 s
# budget and print a table: mutant, found, seconds to the first
# disagreement, the shrunk counterexample and its size.  Ends with
# "N passed, N failed" (a mutant not found is a failure).
set -u
cd "$(dirname "$0")/.." || exit 2
cases=400
if [ "${1:-}" = "--fast" ]; then
  cases=150
  shift
fi
lc=${1:?usage: tests/mutants.sh [--fast] LAYOUTCHECK MUTANT...}
shift
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
printf '| mutant | found | seconds | shrunk counterexample | size |\n|---|---|---:|---|---:|\n'
for m in "$@"; do
  bin=build/mut/$m/layoutcheck
  start=$(date +%s.%N)
  first=""
  # the first disagreement ends the search for this mutant
  while IFS= read -r line; do
    case $line in
      DISAGREE*)
        first=$(date +%s.%N)
        IFS= read -r input
        IFS= read -r why
        break
        ;;
    esac
  done < <(timeout 30 "$lc" fuzz --config CONFIG.yaml --sut "$bin eval --batch" --cases "$cases" \
             --seed 1 --db "$tmp/$m.db" 2>&1)
  if [ -n "$first" ]; then
    input=${input#  }
    secs=$(awk -v a="$start" -v b="$first" 'BEGIN { print b - a }')
    printf '| %s | yes | %.1f | `%s` | %d |\n' "$m" "$secs" "$input" "${#input}"
    passed=$((passed + 1))
  else
    printf '| %s | no | - | - | - |\n' "$m"
    failed=$((failed + 1))
  fi
done
echo "$passed passed, $failed failed"
