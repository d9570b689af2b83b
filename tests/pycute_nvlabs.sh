#!/usr/bin/env bash
# pycute_nvlabs.sh LAYOUTCHECK -- the adapter of NVIDIA's PyCuTe
# (adapters/pycute_nvlabs_adapter.py):
#   1. where PyCuTe is missing: one clear error per request, said once on
#      stderr; --pycute-nvlabs beats PYCUTE_NVLABS_DIR;
#   2. with PyCuTe (PYCUTE_NVLABS_DIR, default
#      ../shared/third_party/pycute-nvlabs; skipped, and counted skipped,
#      without it): answers worked by hand or taken from CuTe C++ and from
#      PyCuTe's own docstring examples, each with its source; every entry of
#      adapters/pycute_nvlabs_known.yaml still differs from the oracle; a
#      short fuzz --sut with the known list finds nothing new.
# Prints "N passed, N failed" (", N skipped" when PyCuTe is absent).
set -u
cd "$(dirname "$0")/.." || exit 2
root=$PWD
lc=${1:?usage: tests/pycute_nvlabs.sh LAYOUTCHECK}
lc=$(cd "$(dirname "$lc")" && pwd)/$(basename "$lc")
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
. tests/lib.sh
adapter="$root/adapters/pycute_nvlabs_adapter.py"

# --- 1. without PyCuTe --------------------------------------------------------
printf 'size 4:1\nno_op 1\n' >"$tmp/req"
PYCUTE_NVLABS_DIR=$tmp/none python3 "$adapter" <"$tmp/req" >"$tmp/out" 2>"$tmp/err"
same "missing: exit" "$?" 0
same "missing: answers" "$(cat "$tmp/out")" \
  "error: PyCuTe not found at $tmp/none (set PYCUTE_NVLABS_DIR)
error: PyCuTe not found at $tmp/none (set PYCUTE_NVLABS_DIR)"
same "missing: said once" "$(cat "$tmp/err")" "PyCuTe not found at $tmp/none (set PYCUTE_NVLABS_DIR)"
PYCUTE_NVLABS_DIR=$tmp/none python3 "$adapter" --pycute-nvlabs "$tmp/other" <"$tmp/req" \
  >"$tmp/out" 2>/dev/null
same "--pycute-nvlabs beats PYCUTE_NVLABS_DIR" "$(head -n 1 "$tmp/out")" \
  "error: PyCuTe not found at $tmp/other (set PYCUTE_NVLABS_DIR)"

# --- 2. with PyCuTe -------------------------------------------------------------
pydir=${PYCUTE_NVLABS_DIR:-../shared/third_party/pycute-nvlabs}
if [ ! -f "$pydir/pycute/__init__.py" ]; then
  skip "PyCuTe not found at $pydir (set PYCUTE_NVLABS_DIR): hand-worked answers"
  skip "PyCuTe not found at $pydir: known divergences"
  skip "PyCuTe not found at $pydir: fuzz --sut smoke run"
  finish
  exit
fi
export PYCUTE_NVLABS_DIR=$pydir

# Each request, its expected answer and where the answer comes from.
#  - the sync request of fuzz --sut: the size of 1000000007:1
#  - CuTe C++ (adapters/cute_cpp/cute_adapter.py, static integers):
#    logical_product of (8,8):(1,8) by the shape (4,2) and by the tiler <4,2>
#    (the integers are make_layout(4), make_layout(2): mode 0 is 8:1 times
#    4:1 = (8,4):(1,8), mode 1 is 8:8 times 2:1 = (8,2):(8,1));
#    logical_divide (8,6):(1,8) <_,2> (docs/syntax.md); coalesce 1:1 is 1:0
#  - by hand: apply (2,3):(1,2) at (1,2) is 1*1 + 2*2 = 5; complement of 2:2
#    in the shape (2,4) covers 8: (2,2):(1,4)
#  - PyCuTe's docstring examples (pycute/algebra.py, pycute/layout.py):
#    coalesce, composition, complement of (2,2):(1,6), logical_divide 24:1 4:2,
#    blocked_product, raked_product, nullspace, layout_add,
#    greatest_common_domain, make_layout_like, make_ordered_layout, recast
#  - downcast 4:1 2 is recast by 1/2: each element becomes two, 8:1 (by hand)
cat >"$tmp/cases" <<'EOF'
size 1000000007:1|1000000007
logical_product (8,8):(1,8) (4,2)|((8,4),(8,2)):((1,8),(8,1))
logical_product (8,8):(1,8) <4,2>|((8,4),(8,2)):((1,8),(8,1))
logical_divide (8,6):(1,8) <_,2>|(8,(2,3)):(1,(8,16))
apply (2,3):(1,2) (1,2)|5
complement 2:2 (2,4)|(2,2):(1,4)
coalesce (2,(1,6)):(1,(6,2))|12:1
coalesce (2,(1,6)):(1,(6,2)) (*,*)|(2,6):(1,2)
composition (6,2):(8,2) (4,3):(3,1)|((2,2),3):((24,2),8)
complement (2,2):(1,6)|(3,1):(2,12)
logical_divide 24:1 4:2|(4,(2,3)):(2,(1,8))
blocked_product (2,5):(5,1) (3,4):(1,3)|((2,3),(5,4)):((5,10),(1,30))
raked_product (2,5):(5,1) (3,4):(1,3)|((3,2),(4,5)):((10,5),(30,1))
nullspace (2,4,6):(1,2,0)|6:8
layout_add (4,3):(1,4) (4,3):(3,1)|(4,3):(4,5)
greatest_common_domain (5,3,4) (10,6)|(5,2):(1,30)
make_layout_like (2,3,4,5):(0,42,4,0)|(2,3,4,5):(0,4,1,0)
make_ordered_layout (2,3,4,2) (0,2,3,0)|(2,3,4,2):(1,4,12,2)
recast (4,4):(4,1) 4|(4,1):(1,1)
upcast 24:1 8|3:1
downcast 4:1 2|8:1
recast 4:1 1/2|8:1
cute_nullspace (2,4,6):(1,2,0)|6:8
filter 2:1|error: unsupported op filter
complement 2:2 8:1|error: complement: PyCuTe's complement takes an integer or a shape as the cotarget, not a layout
size (2,2):3|error: size: argument 1: column 1: stride is not congruent to the shape
EOF
cut -d'|' -f1 "$tmp/cases" >"$tmp/req"
python3 "$adapter" <"$tmp/req" >"$tmp/got" 2>"$tmp/err"
same "adapter exit" "$?" 0
paste -d'|' "$tmp/req" "$tmp/got" >"$tmp/pairs"
while IFS= read -r line; do
  want=${line#*|}
  got=$(grep -F -x -m 1 -- "${line%%|*}|$want" "$tmp/pairs")
  same "answer: ${line%%|*}" "${got#*|}" "$want"
done <"$tmp/cases"
# a bad line does not stop it: invalid bytes, a NUL, an unbalanced bracket
printf 'size \377\nsize (2,\000\ncoalesce ((\nsize 4:1\n' |
  python3 "$adapter" >"$tmp/out" 2>/dev/null
same "bad lines" "$(wc -l <"$tmp/out") $(tail -n 1 "$tmp/out")" "4 4"

# each known divergence still differs from the oracle
grep '^  - input: ' adapters/pycute_nvlabs_known.yaml | sed 's/^  - input: "\(.*\)"$/\1/' >"$tmp/known"
[ -s "$tmp/known" ] && ok || bad "no entries in adapters/pycute_nvlabs_known.yaml"
python3 "$adapter" <"$tmp/known" >"$tmp/py"
"$lc" eval --batch <"$tmp/known" >"$tmp/or"
same "known still differ" "$(paste -d'|' "$tmp/py" "$tmp/or" | awk -F'|' '$1 == $2' | wc -l)" 0

# the smoke run: every op the generators know, with the known list; a
# disagreement not on the list fails
printf 'seed: 3\nsut_timeout: 10\n' >"$tmp/c.yaml"
status 0 "smoke run with --known" "$lc" fuzz --config "$tmp/c.yaml" \
  --sut "python3 $adapter" --cases 300 --db "$tmp/k.db" \
  --known "$root/adapters/pycute_nvlabs_known.yaml"
has_text "smoke run with --known" "new 0, still open 0," "$tmp/out"
hasnt_text "smoke run with --known" "DISAGREE" "$tmp/out"
has_ere "smoke run: composition asked" '^composition +function +300 ' "$tmp/out"
has_ere "smoke run: logical_product asked" '^logical_product +function +300 ' "$tmp/out"
finish
