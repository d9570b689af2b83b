#!/usr/bin/env bash
# sw_forms_cli.sh LAYOUTCHECK -- the family sw.* of fuzz --sut and its
# bounds (docs/differential.md, "Swizzles and composed layouts"): against a
# SUT that answers as the oracle's cute layer, every op of the family agrees;
# a SUT that refuses one form (tests/suts/sw_forms_sut.py) is found refusing
# it, and with that form's key false in --sut-bounds it is never sent;
# swizzles=false runs none of the family.
set -u
cd "$(dirname "$0")/.." || exit 2
root=$PWD
lc=${1:?usage: tests/sw_forms_cli.sh LAYOUTCHECK}
lc=$(cd "$(dirname "$lc")" && pwd)/$(basename "$lc")
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
. tests/lib.sh

sut="python3 $root/tests/suts/sw_forms_sut.py $lc"
printf 'seed: 5\nsut_timeout: 10\nshrink_limit: 100\n' >"$tmp/c.yaml"

# --- 1. the whole family agrees with the cute layer ------------------------
status 0 "sw.* agrees" "$lc" fuzz --config "$tmp/c.yaml" --sut "$sut" --layer cute \
  --ops 'sw.*' --cases 10 --db "$tmp/all.db"
has_text "sw.* agrees: 29 ops" "sw.downcast" "$tmp/out"
has_text "sw.* agrees: nothing new" "new 0, still open 0" "$tmp/out"

# --- 2. each key keeps its own form out -------------------------------------
ops='sw.size,sw.upcast,sw.composition'
status 1 "forms refused" "$lc" fuzz --config "$tmp/c.yaml" --sut "$sut smem_ptr,composed,swizzle_edge" \
  --layer cute --ops "$ops" --cases 80 --db "$tmp/on.db"
for key in smem_ptr composed swizzle_edge; do
  has_text "$key refused: found" "no $key here" "$tmp/out"
done
for key in smem_ptr composed swizzle_edge; do
  status 0 "$key=false" "$lc" fuzz --config "$tmp/c.yaml" --sut "$sut $key" --layer cute \
    --ops "$ops" --cases 80 --sut-bounds "$key=false" --db "$tmp/$key-off.db"
  hasnt_text "$key=false: never sent" "no $key here" "$tmp/out"
done
# --- 3. swizzles=false runs none of the family, named or not ----------------
status 0 "swizzles=false" "$lc" fuzz --config "$tmp/c.yaml" --sut "$sut swizzles" --layer cute \
  --ops 'sw.*,size' --cases 5 --sut-bounds swizzles=false --db "$tmp/none.db"
hasnt_text "swizzles=false: no sw. op runs" "sw.size" "$tmp/out"
has_text "swizzles=false: the others run" "size " "$tmp/out"

finish
