#!/usr/bin/env bash
# forms_cli.sh LAYOUTCHECK -- the argument forms of differential fuzzing
# and their bounds (--sut-bounds int_operand=false, ...), against
# tests/suts/forms_sut.py, a system under test that answers as the oracle
# except that it refuses the forms named on its command line:
#   1. without bounds, every form is sent: a run over the ops that take
#      them, every form refused, stores a disagreement naming each;
#   2. each key alone, with only its form refused: never sent (200 cases
#      agree), so each key switches off its own form.
# Prints "N passed, N failed".
set -u
cd "$(dirname "$0")/.." || exit 2
root=$PWD
lc=${1:?usage: tests/forms_cli.sh LAYOUTCHECK}
lc=$(cd "$(dirname "$lc")" && pwd)/$(basename "$lc")
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
. tests/lib.sh

forms="$root/tests/suts/forms_sut.py"
all=int_operand,shape_operand,tilers,int_entries,nested_tilers,underscore,cotarget_shape,cotarget_layout
printf 'seed: 3\nsut_timeout: 10\n' >"$tmp/c.yaml"

# --- 1. every form is sent ------------------------------------------------
status 1 "every form" "$lc" fuzz --config "$tmp/c.yaml" --sut "python3 $forms $lc $all" \
  --ops composition,complement,logical_divide,logical_product,zipped_divide,tiled_product \
  --cases 300 --db "$tmp/all.db"
for key in ${all//,/ }; do has_text "every form: $key" "no $key here" "$tmp/out"; done

# --- 2. each key switches off its form ------------------------------------
for f in int_operand:logical_product shape_operand:logical_divide tilers:logical_divide \
  int_entries:zipped_divide nested_tilers:composition underscore:tiled_product \
  cotarget_shape:complement cotarget_layout:complement; do
  key=${f%%:*} op=${f#*:}
  status 0 "$key=false" "$lc" fuzz --config "$tmp/c.yaml" --sut "python3 $forms $lc $key" \
    --ops "$op" --cases 200 --db "$tmp/$key.db" --sut-bounds "$key=false"
  has_text "$key=false" "0 distinct disagreements" "$tmp/out"
  grep -q -E "^$op +[a-z]+ +200 +200 +0 +0 " "$tmp/out" && ok ||
    { bad "$key=false: not 200 cases agreed"; shown "$tmp/out"; }
done
finish
