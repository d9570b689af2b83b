#!/usr/bin/env bash
# pycute_f2.sh LAYOUTCHECK -- PyCuTe's F2 (XOR) strides (docs/f2.md) asked
# live through adapters/pycute_nvlabs_adapter.py (PYCUTE_NVLABS_DIR, default
# ../shared/third_party/pycute-nvlabs; skipped, and counted skipped, without
# it):
#   1. answers worked by hand (the XOR arithmetic beside each) from the
#      adapter and the oracle alike;
#   2. every PyCuTe request of corpus/pycute_nvlabs/f2.yaml asked again: the
#      PyCuTe present answers as the corpus recorded (the corpus replay of
#      make test checks the oracle against the same answers);
#   3. the known ways PyCuTe's composition and right_inverse break their
#      post-conditions (adapters/pycute_nvlabs_known.yaml) still differ
#      from the oracle.
# Prints "N passed, N failed" (", N skipped" when PyCuTe is absent).
set -u
cd "$(dirname "$0")/.." || exit 2
lc=${1:?usage: tests/pycute_f2.sh LAYOUTCHECK}
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
. tests/lib.sh
adapter=adapters/pycute_nvlabs_adapter.py
corpus=corpus/pycute_nvlabs/f2.yaml

pydir=${PYCUTE_NVLABS_DIR:-../shared/third_party/pycute-nvlabs}
if [ ! -f "$pydir/pycute/__init__.py" ]; then
  skip "PyCuTe not found at $pydir (set PYCUTE_NVLABS_DIR): F2 answers worked by hand"
  skip "PyCuTe not found at $pydir: the F2 corpus asked again"
  skip "PyCuTe not found at $pydir: F2 known divergences"
  finish
  exit
fi
export PYCUTE_NVLABS_DIR=$pydir

# 1. by hand: (2,1) of (4,8):(F2(1),F2(8)) is 2*1 ^ 1*8 = 10 (PyCuTe's docs);
# 4:F2(3) is c * 0b11 carry-less: 0, 3, 0b110, 0b11 ^ 0b110 = 0b101; its
# cosize 1 + 6 and its coshape 2^3 ((4-1) * 3 = 0b101 has 3 bits); PyCuTe's
# print F9 reads as F2(9); Sw<3,0,3> over 64: 1, 2, 4, then 8 ^ 1 = 9 doubling:
# (8,8):(F2(1),F2(9)); 1, 2, 4 double into 8:F2(1) when coalesced; B = 4:2
# over 16:F2(3): A(2i) = 2i * 3 = i * 6, 4:F2(6)
cat >"$tmp/cases" <<'CASES'
apply (4,8):(F2(1),F2(8)) (2,1)|10
apply (4,8):(F9,F1) 1|9
layout_function 4:F2(3)|[0,3,6,5]
cosize 4:F2(3)|7
f2_coshape 4:F2(3)|8
to_f2 Sw<3,0,3>|(8,8):(F2(1),F2(9))
coalesce (2,2,2,8):(F2(1),F2(2),F2(4),F2(9))|(8,8):(F2(1),F2(9))
composition 16:F2(3) 4:2|4:F2(6)
size (4,(2,3)):(F2(1),(F2(2),F2(9)))|24
CASES
cut -d'|' -f1 "$tmp/cases" >"$tmp/req"
cut -d'|' -f2- "$tmp/cases" >"$tmp/want"
python3 "$adapter" <"$tmp/req" >"$tmp/py" 2>"$tmp/err"
same "adapter exit" "$?" 0
"$lc" eval --batch <"$tmp/req" >"$tmp/or"
paste -d'\t' "$tmp/req" "$tmp/want" "$tmp/py" "$tmp/or" >"$tmp/rows"
while IFS=$'\t' read -r req want py or; do
  same "PyCuTe: $req" "$py" "$want"
  same "oracle: $req" "$or" "$want"
done <"$tmp/rows"

# 2. the corpus asked again: its PyCuTe cases (those without a ref to CuTe C++)
python3 - "$corpus" "$tmp/creq" "$tmp/cwant" <<'PY'
import json, re, sys
row = re.compile(r'^- \{op: (\w+), args: (\[.*?\]), expect: ("(?:[^"\\]|\\.)*")(.*)\}$')
n = 0
with open(sys.argv[1]) as f, open(sys.argv[2], "w") as rq, open(sys.argv[3], "w") as wt:
    for line in f:
        m = row.match(line.strip())
        if not m or "ref:" in m.group(4):
            continue
        args = json.loads(m.group(2))
        rq.write(m.group(1) + " " + " ".join(args) + "\n")
        wt.write(json.loads(m.group(3)) + "\n")
        n += 1
PY
[ -s "$tmp/creq" ] && ok || bad "no PyCuTe requests read from $corpus"
python3 "$adapter" <"$tmp/creq" >"$tmp/cgot" 2>/dev/null
# an expected error matches any error answer
paste -d'\t' "$tmp/cwant" "$tmp/cgot" |
  awk -F'\t' '{ if ($1 == $2 || ($1 == "error" && $2 ~ /^error/)) s++; else { d++; if (d <= 5) print "differs: want " $1 ", got " $2 } }
              END { print s + 0, d + 0 }' >"$tmp/cmp"
tail -n 1 "$tmp/cmp" | { read -r s d; same "corpus asked again: answers that differ ($s agree)" "$d" 0; }
head -n -1 "$tmp/cmp"
same "corpus asked again: every request answered" "$(wc -l <"$tmp/cgot")" "$(wc -l <"$tmp/creq")"

# 3. the F2 entries of the known list still differ
grep '^  - input: ".*F2(' adapters/pycute_nvlabs_known.yaml |
  sed 's/^  - input: "\(.*\)"$/\1/' >"$tmp/known"
same "three F2 known divergences" "$(wc -l <"$tmp/known")" 3
python3 "$adapter" <"$tmp/known" >"$tmp/kpy"
"$lc" eval --batch <"$tmp/known" >"$tmp/kor"
same "F2 known still differ" "$(paste -d'|' "$tmp/kpy" "$tmp/kor" | awk -F'|' '$1 == $2' | wc -l)" 0
has_text "the oracle names PyCuTe's composite" "error: PyCuTe's composite" "$tmp/kor"
has_text "the oracle names PyCuTe's right inverse" "error: PyCuTe's right inverse" "$tmp/kor"
finish
