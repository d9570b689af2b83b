#!/usr/bin/env bash
# forms_cli.sh LAYOUTCHECK -- the argument forms of differential fuzzing
# and their bounds (--sut-bounds int_operand=false, ...), against
# tests/suts/forms_sut.py, a system under test that answers as the oracle
# except that it refuses the forms named on its command line:
#   1. without bounds, every form is sent: a run over the ops that take
#      them, every form refused, stores a disagreement naming each;
#   2. each key switches off its own form: in four runs, each with a set
#      of keys false and exactly those forms refused, every case agrees.
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
printf 'seed: 3\nsut_timeout: 10\nshrink_limit: 100\n' >"$tmp/c.yaml"

# --- 1. every form is sent ------------------------------------------------
status 1 "every form" "$lc" fuzz --config "$tmp/c.yaml" --sut "python3 $forms $lc $all" \
  --ops composition,complement,logical_divide,logical_product,zipped_divide,tiled_product \
  --cases 300 --db "$tmp/all.db"
for key in ${all//,/ }; do has_text "every form: $key" "no $key here" "$tmp/out"; done

# --- 2. each key switches off its own form ---------------------------------
# Key k (1 to 8) is false in run j (0 to 3) when bit j of k is set, and the
# SUT then refuses exactly those forms: every key is false in some run, and
# any two keys are apart in some run, so a key that switched off another
# key's form (or none) would leave its own form sent, and refused, there.
keys=(${all//,/ })
ops=composition,complement,logical_divide,logical_product,zipped_divide,tiled_product
for j in 0 1 2 3; do
  set_=""
  for k in 1 2 3 4 5 6 7 8; do
    if [ $(((k >> j) & 1)) -eq 1 ]; then set_="$set_${set_:+,}${keys[k - 1]}"; fi
  done
  status 0 "run $j: $set_ false" "$lc" fuzz --config "$tmp/c.yaml" \
    --sut "python3 $forms $lc $set_" --ops "$ops" --cases 150 --db "$tmp/b$j.db" \
    --sut-bounds "$(sed 's/,/=false,/g; s/$/=false/' <<<"$set_")"
  has_text "run $j: $set_ false" "0 distinct disagreements" "$tmp/out"
  n=$(grep -c -E "^[a-z_]+ +[a-z]+ +150 +150 +0 +0 " "$tmp/out")
  same "run $j: every op's 150 cases agree" "$n" 6
done
finish
