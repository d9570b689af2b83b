#!/usr/bin/env bash
# pycute_mutants.sh [LAYOUTCHECK] -- differential fuzzing finds bugs planted
# in pycute (tests/suts/pycute_mutant.py), despite pycute's own quirks.
# For each mutant: `fuzz --sut` on its op alone, seed 1, at most 15 s, with
# --sut-bounds empty_layout=false,tilers=false,int_operand=false,
# shape_operand=false,cotarget_shape=false,cotarget_layout=false (around pycute's known
# divergences, adapters/pycute_known.yaml); then `replay --sut` of the same
# command without the mutant (PYCUTE_MUTANT empty), which asks pycute itself
# again each stored disagreement.  A mutant passes when a disagreement is
# found, shrunk to at most 48 characters, and every stored one is fixed on
# replay: the oracle and the unmutated pycute agree there, so the
# disagreement is the planted bug's.  Prints a table (mutant, op, found,
# seconds of the whole run, shrunk input, size, attributable) and
# "N passed, N failed"; "skipped" without pycute (PYCUTE_DIR, default
# ../shared/third_party/pycute/python).
set -u
cd "$(dirname "$0")/.." || exit 2
lc=${1:-bin/layoutcheck}
pydir=${PYCUTE_DIR:-../shared/third_party/pycute/python}
if [ ! -f "$pydir/pycute/__init__.py" ]; then
  echo "pycute mutants: skipped: pycute not found at $pydir (set PYCUTE_DIR)"
  exit 0
fi
sut="python3 tests/suts/pycute_mutant.py"
bounds=empty_layout=false,tilers=false,int_operand=false,shape_operand=false,cotarget_shape=false,cotarget_layout=false
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
printf 'seed: 1\nsut_timeout: 10\n' >"$tmp/c.yaml"
passed=0 failed=0
printf '| mutant | op | found | seconds | shrunk input | size | attributable |\n'
printf '|---|---|---|---:|---|---:|---|\n'
while read -r m op; do
  db=$tmp/$m.db
  start=$(date +%s.%N)
  PYCUTE_MUTANT=$m timeout 15 "$lc" fuzz --config "$tmp/c.yaml" --sut "$sut" --ops "$op" \
    --cases 2000 --db "$db" --sut-bounds "$bounds" >"$tmp/$m.out" 2>&1
  rc=$?
  secs=$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
  input=$(grep -A1 -m1 '^DISAGREE' "$tmp/$m.out" | sed -n '2s/^  //p')
  attributable=no
  if [ -n "$input" ] && [ "$rc" -ne 124 ]; then
    PYCUTE_MUTANT= "$lc" replay --config "$tmp/c.yaml" --sut "$sut" --db "$db" \
      >"$tmp/$m.replay" 2>&1
    if grep -q ' fixed: ' "$tmp/$m.replay" && ! grep -q -E 'STILL|OUT OF STEP' "$tmp/$m.replay"; then
      attributable=yes
    fi
  fi
  if [ -n "$input" ] && [ "$rc" -ne 124 ]; then
    printf '| %s | %s | yes | %s | `%s` | %d | %s |\n' "$m" "$op" "$secs" "$input" "${#input}" \
      "$attributable"
  else
    printf '| %s | %s | no | %s | - | - | - |\n' "$m" "$op" "$secs"
  fi
  if [ -n "$input" ] && [ "$rc" -ne 124 ] && [ "${#input}" -le 48 ] && [ $attributable = yes ]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    sed 's/^/    | /' "$tmp/$m.out" | head -n 30
    [ -f "$tmp/$m.replay" ] && sed 's/^/    replay | /' "$tmp/$m.replay"
  fi
done < <(python3 tests/suts/pycute_mutant.py --list)
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
