#!/usr/bin/env bash
# readme_tour.sh [--no-sut] LAYOUTCHECK -- run every command of the README's tour
# ("## A five-minute tour": the lines "$ bin/layoutcheck ..." of its code
# blocks, continued by a trailing backslash) in order, on a fresh database,
# and check that each line shown under a command (but "...") is a line of
# what it prints.  bin/layoutcheck is LAYOUTCHECK and /tmp/tour.db a
# scratch database here.  The command that fuzzes pycute is skipped with
# --no-sut (make test, where tests/pycute_cli.sh checks pycute's known
# divergences) and where pycute is not installed; it starts pycute for every
# restart, which under heavy load can take longer than CONFIG.yaml's
# sut_timeout.  Prints "N passed, N failed[, N skipped]".
set -u
cd "$(dirname "$0")/.." || exit 2
no_sut=0
if [ "${1:-}" = --no-sut ]; then
  no_sut=1
  shift
fi
lc=${1:?usage: tests/readme_tour.sh [--no-sut] LAYOUTCHECK}
lc=$(cd "$(dirname "$lc")" && pwd)/$(basename "$lc")
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0 skipped=0
ok() { passed=$((passed + 1)); }
bad() {
  failed=$((failed + 1))
  echo "FAIL: $*"
}

# Split the tour into tmp/cmd.K (the command) and tmp/want.K (its lines).
awk -v dir="$tmp" '
  /^## A five-minute tour/ { on = 1; next }
  on && /^## / { exit }
  on && /^```/ { fence = !fence; cont = 0; next }
  !on || !fence { next }
  /^\$ / { k++; sub(/^\$ /, ""); cont = sub(/\\$/, ""); printf "%s", $0 > (dir "/cmd." k); next }
  cont { cont = sub(/\\$/, ""); sub(/^ +/, " "); printf "%s", $0 > (dir "/cmd." k); next }
  k && $0 != "..." { print > (dir "/want." k) }
  END { print k + 0 > (dir "/count") }' README.md
n=$(cat "$tmp/count")
if [ "$n" -ge 8 ]; then ok; else bad "README.md: only $n commands found in the tour"; fi

pycute=${PYCUTE_DIR:-../shared/third_party/pycute/python}
for k in $(seq 1 "$n"); do
  cmd=$(cat "$tmp/cmd.$k")
  case $cmd in bin/layoutcheck\ *) ;; *)
    bad "tour command $k does not start with bin/layoutcheck: $cmd"
    continue
    ;;
  esac
  if [[ $cmd == *--sut* ]] && { [ "$no_sut" = 1 ] || [ ! -d "$pycute/pycute" ]; }; then
    echo "skipped: $cmd (--no-sut, or no pycute at $pycute)"
    skipped=$((skipped + 1))
    continue
  fi
  run=$(sed 's|/tmp/tour\.db|"$tmp/tour.db"|g' <<<"\"\$lc\"${cmd#bin/layoutcheck}")
  lc=$lc tmp=$tmp bash -c "$run" >"$tmp/out" 2>&1
  touch "$tmp/want.$k"
  if grep -v -x -F -f "$tmp/out" "$tmp/want.$k" >"$tmp/missing"; then
    bad "README.md tour: '$cmd' does not print:"
    cat "$tmp/missing"
  else ok; fi
done

# The check itself finds a wrong line.
printf 'x\n' >"$tmp/out"
printf 'y\n' >"$tmp/w"
if grep -v -x -F -f "$tmp/out" "$tmp/w" >/dev/null; then ok; else bad "a planted wrong line passes"; fi

if [ "$skipped" -gt 0 ]; then
  echo "$passed passed, $failed failed, $skipped skipped"
else echo "$passed passed, $failed failed"; fi
[ "$failed" -eq 0 ]
