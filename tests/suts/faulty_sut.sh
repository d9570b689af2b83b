#!/usr/bin/env bash
# faulty_sut.sh MODE LAYOUTCHECK -- a system under test for the tests of
# `fuzz --sut`: it answers through `LAYOUTCHECK eval --batch`, except that
#   crash   it dies of SIGSEGV on a complement of a layout with 3 or more modes
#   hang    it sleeps forever on a coalesce of a layout with a stride of 5 or more
#   garbage it answers an empty line and exits on a cosize of a rank-2 layout
set -u
mode=${1:?usage: faulty_sut.sh crash|hang|garbage LAYOUTCHECK}
lc=${2:?usage: faulty_sut.sh crash|hang|garbage LAYOUTCHECK}
coproc ORACLE { "$lc" eval --batch; }
while IFS= read -r line; do
  op=${line%% *}
  arg=${line#* }
  arg=${arg%% *}
  shape=${arg%%:*}
  commas=${shape//[^,]/}
  case $mode:$op in
    crash:complement) [ ${#commas} -ge 2 ] && kill -SEGV $$ ;;
    hang:coalesce) [[ ${arg#*:} =~ [5-9]|[1-9][0-9] ]] && exec sleep 100000 ;;
    garbage:cosize) [ ${#commas} -eq 1 ] && { printf '\n'; exit 0; } ;;
  esac
  printf '%s\n' "$line" >&"${ORACLE[1]}"
  IFS= read -r answer <&"${ORACLE[0]}"
  printf '%s\n' "$answer"
done
