#!/usr/bin/env bash
# picky_sut.sh MODE LAYOUTCHECK -- a system under test for the tests of
# --sut-bounds: it answers through `LAYOUTCHECK eval --batch`, except that
#   empty  it refuses ("error: no empty tuples here") a request holding ()
#   scalar it refuses ("error: no integer shapes here") a coalesce of a
#          layout with an integer shape (rank 1, such as 4:1)
#   nested it refuses ("error: no nesting here") a request holding "((" (a
#          shape of depth 2 or more)
set -u
mode=${1:?usage: picky_sut.sh empty|scalar|nested LAYOUTCHECK}
lc=${2:?usage: picky_sut.sh empty|scalar|nested LAYOUTCHECK}
coproc ORACLE { "$lc" eval --batch; }
while IFS= read -r line; do
  case $mode:$line in
    empty:*"()"*) printf 'error: no empty tuples here\n'; continue ;;
    scalar:"coalesce "[0-9]*) printf 'error: no integer shapes here\n'; continue ;;
    nested:*"(("*) printf 'error: no nesting here\n'; continue ;;
  esac
  printf '%s\n' "$line" >&"${ORACLE[1]}"
  IFS= read -r answer <&"${ORACLE[0]}"
  printf '%s\n' "$answer"
done
