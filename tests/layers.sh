#!/usr/bin/env bash
# layers.sh -- tools/check_layers.sh (make check-layers) on the tree itself
# and on small planted trees: the tree keeps its layers; an include of cli/
# from run/, of run/ from a library below it, of sut/ from report/, and a
# relative include are each refused with FILE:LINE; an include of a library
# from run/ and of run/ from cli/ are accepted.
# Prints "N passed, N failed".
set -u
cd "$(dirname "$0")/.." || exit 2
root=$PWD
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
. tests/lib.sh

status 0 "the tree keeps its layers" sh tools/check_layers.sh "$root"
has_text "the tree keeps its layers" "every #include keeps to its layer" "$tmp/out"

# plant DIR FILE LINE...: a tree in $tmp/DIR with one header per layer
# folder and FILE holding the given lines.
plant() {
  local dir=$tmp/$1 file=$2
  shift 2
  mkdir -p "$dir"
  for d in oracle gen properties store yaml sut lean report run cli; do
    mkdir -p "$dir/$d"
    printf '/* %s */\n' "$d" >"$dir/$d/$d.h"
  done
  printf '%s\n' "$@" >"$dir/$file"
}

plant up run/r.c '#include "run.h"' '#include "gen.h"' '#include "cli.h"'
status 1 "run/ includes cli/" sh tools/check_layers.sh "$tmp/up"
has_text "run/ includes cli/" 'run/r.c:3: "cli.h" is in cli/, which the run/ layer does not see' "$tmp/out"
hasnt_text "run/ includes cli/: gen/ is below run/" "run/r.c:2" "$tmp/out"

plant lib gen/g.c '#include "run.h"'
status 1 "gen/ includes run/" sh tools/check_layers.sh "$tmp/lib"
has_text "gen/ includes run/" 'gen/g.c:1: "run.h" is in run/, which the gen/ layer does not see' "$tmp/out"

plant rep report/x.c '#include "sut.h"'
status 1 "report/ includes sut/" sh tools/check_layers.sh "$tmp/rep"
has_text "report/ includes sut/" 'report/x.c:1: "sut.h" is in sut/' "$tmp/out"

plant rel run/r.c '#include "../cli/cli.h"'
status 1 "a relative include" sh tools/check_layers.sh "$tmp/rel"
has_text "a relative include" 'run/r.c:1: relative include' "$tmp/out"

plant down cli/c.c '#include "run.h"' '#include "report.h"' '#include "oracle.h"'
status 0 "cli/ includes run/ and the libraries" sh tools/check_layers.sh "$tmp/down"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
