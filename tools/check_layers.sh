#!/bin/sh
# check_layers.sh [ROOT] -- check that every #include "..." in the C sources
# keeps to the layers of the program (run by `make check-layers`).
#
# A file may include a header of its own folder or of a folder its layer
# sees; the table below is the one the Makefile's SEES_* variables give to
# the compiler as -I.  Refused, each reported as FILE:LINE: why:
#   - a relative include (#include "../x.h" or any path with a '/'),
#   - a header found in no folder of the table,
#   - a header of a folder the includer's layer does not see (an upward
#     include, or one sideways into a layer it does not build on).
# Exit status 0 when the tree keeps its layers, 1 otherwise.
set -eu
cd "${1:-.}"

# sees FOLDER: the folders FOLDER may include from, besides itself.
sees() {
  case "$1" in
    oracle) echo "" ;;
    gen) echo "oracle" ;;
    properties) echo "oracle gen" ;;
    store) echo "oracle" ;;
    yaml) echo "oracle gen properties" ;;
    sut) echo "oracle gen" ;;
    lean) echo "oracle gen yaml" ;;
    report) echo "oracle gen store" ;;
    run) echo "oracle gen properties store yaml sut lean report" ;;
    gpu) echo "oracle gen" ;;
    cli | tests | fuzz) echo "oracle gen properties store yaml sut lean report run cli gpu" ;;
    bench) echo "oracle" ;;
    *) return 1 ;;
  esac
}

FOLDERS="oracle gen properties store yaml sut lean report run gpu cli tests fuzz bench"

# home HEADER: the folder of the table holding HEADER (empty when none).
home() {
  for d in $FOLDERS; do
    if [ -f "$d/$1" ]; then
      echo "$d"
      return 0
    fi
  done
}

bad=0
for d in $FOLDERS; do
  [ -d "$d" ] || continue
  allowed=" $d $(sees "$d") "
  for f in "$d"/*.c "$d"/*.h "$d"/*.cu "$d"/*.cuh; do
    [ -f "$f" ] || continue
    # "LINE HEADER" for each quoted include of f.
    grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$f" |
      sed 's/^\([0-9]*\):[^"]*"\([^"]*\)".*/\1 \2/' >"${TMPDIR:-/tmp}/check_layers.$$" || true
    while read -r line hdr; do
      case "$hdr" in
        */*)
          echo "$f:$line: relative include \"$hdr\" (name the header alone; the Makefile gives the -I)"
          bad=1
          continue
          ;;
      esac
      at=$(home "$hdr")
      if [ -z "$at" ]; then
        echo "$f:$line: \"$hdr\" is in no folder of the layer table"
        bad=1
      elif ! printf '%s' "$allowed" | grep -q " $at "; then
        echo "$f:$line: \"$hdr\" is in $at/, which the $d/ layer does not see (it sees:$(sees "$d" | sed 's/^/ /;s/^ $/ nothing below it/'))"
        bad=1
      fi
    done <"${TMPDIR:-/tmp}/check_layers.$$"
    rm -f "${TMPDIR:-/tmp}/check_layers.$$"
  done
done
if [ "$bad" -ne 0 ]; then
  echo "check-layers: FAILED (the layer table is in tools/check_layers.sh and the Makefile)"
  exit 1
fi
echo "check-layers: every #include keeps to its layer"
