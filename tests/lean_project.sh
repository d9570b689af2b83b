#!/usr/bin/env bash
# lean_project.sh LAYOUTCHECK -- the end-to-end check of `layoutcheck lean`
# on a Lean project written in the style of the seed design
# (tests/lean_project: definitions and #evals in the same files, trailing
# comments, example/theorem/#guard claims) with Lean's --json logs written
# by hand: `lean check` reports exactly the four planted deviations (see
# tests/lean_project/README.md), checks the files' own functions through the
# map, and exits 5 on the file with nothing checkable.  Prints "N passed, N
# failed".
set -u
cd "$(dirname "$0")/.." || exit 2
lc=${1:?usage: tests/lean_project.sh LAYOUTCHECK}
lc=$(cd "$(dirname "$lc")" && pwd)/$(basename "$lc")
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
. tests/lib.sh
cd tests/lean_project || exit 2

# --- definitions: everything right ----------------------------------------
status 0 "Defs" "$lc" lean check CuteLayouts/Defs.lean --output Defs.json.log --comments --no-db
has_text "Defs: summary" \
  "CuteLayouts/Defs.lean: 3 #evals, 3 comments: 6 agree, 0 DISAGREE, 0 untranslatable, 0 without a Lean value" \
  "$tmp/out"
has_text "Defs: own function" \
  "    own     FlatLayout.size, defined at line 29, checked as the map's FlatLayout.size (size)" "$tmp/out"
has_text "Defs: constructors and a wrapper" "    oracle  [(2, 1), (3, 2)]    (sort (3,2):(2,1))" "$tmp/out"

# --- operations: exactly the planted disagreements ------------------------
status 1 "Operations" "$lc" lean check CuteLayouts/Operations.lean --output Operations.json.log \
  --comments --no-db
cp "$tmp/out" "$tmp/ops"
has_text "Operations: summary" \
  "CuteLayouts/Operations.lean: 14 #evals, 4 examples, 1 theorem, 1 #guard, 11 comments: 24 agree, 7 DISAGREE, 0 untranslatable, 0 without a Lean value" \
  "$tmp/ops"
# functions of the imported file are the project's own too, wrappers included
has_text "imported function" \
  "    own     FlatLayout.size, defined at CuteLayouts/Defs.lean:29, checked as the map's FlatLayout.size (size)" \
  "$tmp/ops"
has_text "imported wrapper" "    oracle  [(2, 1), (4, 2)]    (sort (4,2):(2,1))" "$tmp/ops"
# file:line, what pinned the value, and the deviation each one shows
grep -A1 ': DISAGREE$' "$tmp/ops" | grep -v '^--$' | paste - - |
  sed 's/: DISAGREE *\t *\([#a-z]*\) .*/ \1/' >"$tmp/got"
cat >"$tmp/want" <<'LIST'
CuteLayouts/Operations.lean:44 #eval
CuteLayouts/Operations.lean:47 example
CuteLayouts/Operations.lean:51 #eval
CuteLayouts/Operations.lean:55 example
CuteLayouts/Operations.lean:61 #eval
CuteLayouts/Operations.lean:62 #guard
CuteLayouts/Operations.lean:66 #eval
LIST
if cmp -s "$tmp/got" "$tmp/want"; then ok; else
  bad "Operations: the disagreements are not the planted ones"
  diff "$tmp/want" "$tmp/got"
fi
# the sorting coalesce (an #eval and an example), the one-mode complement
# (an #eval, and a decide that Lean rejects), the tractability that skips
# equal modes (an #eval and a #guard), toCoords over the sorted modes
has_text "sorting coalesce" "    oracle  [(2, 2), (2, 1)]    (coalesce (2,2):(2,1))" "$tmp/ops"
has_text "sorting coalesce, example" "    lean    mkLayout [(6, 1)]    (example, proof: by decide)" "$tmp/ops"
has_text "one-mode complement" "    lean    [{ shape := 4, stride := 4 }]    (Operations.json.log:5)" "$tmp/ops"
has_text "rejected claim" \
  "    why     Lean rejects the claim, and the oracle's value is the claimed one" "$tmp/ops"
has_text "tractability" "    oracle  false    (is_tractable (2,2):(1,1))" "$tmp/ops"
has_text "tractability, #guard" "    lean    true    (#guard, passed in the log)" "$tmp/ops"
has_text "sorted toCoords" "    oracle  [2, 1]    (colex_inverse (3,2):(2,1) 5)" "$tmp/ops"
# a value before a remark in a comment is read
if grep -A3 '^CuteLayouts/Operations.lean:60: agree' "$tmp/ops" | grep -q '    lean    false    (the comment)'; then
  ok
else
  bad "the comment of line 60 (a value, then a remark) is not read"
fi
# the right ones agree, the comment beside the wrong complement too
for line in 42 43 46 50 54 59 60 65 67 68 70 73 74; do
  has_text "Operations:$line agrees" "CuteLayouts/Operations.lean:$line: agree" "$tmp/ops"
done
has_text "fromCoords: the layout function" "    oracle  9    (coordinate (2,3):(1,4) (1,2))" "$tmp/ops"
if grep -A3 '^CuteLayouts/Operations.lean:51: agree' "$tmp/ops" | grep -q 'comment'; then ok; else
  bad "the comment of line 51 is not checked"
fi
# without --comments the comments are not read
status 1 "Operations without comments" "$lc" lean check CuteLayouts/Operations.lean \
  --output Operations.json.log --no-db -q
has_text "Operations without comments: summary" \
  "CuteLayouts/Operations.lean: 14 #evals, 4 examples, 1 theorem, 1 #guard: 13 agree, 7 DISAGREE" "$tmp/out"

# --- laws: nothing to check ----------------------------------------------
status 5 "Laws" "$lc" lean check CuteLayouts/Laws.lean --output Laws.json.log --comments --no-db
has_text "Laws: closing line" \
  "CuteLayouts/Laws.lean: 1 #eval: 0 agree, 0 DISAGREE, 1 untranslatable, 0 without a Lean value; nothing was checked" \
  "$tmp/out"
has_text "Laws: the reason" "    why     unknown name 'tileOf' (not in the map, not defined in the file)" "$tmp/out"
status 0 "Laws, allowed" "$lc" lean check CuteLayouts/Laws.lean --output Laws.json.log \
  --allow-unchecked --no-db

# --- emit + check: the smallest disagreeing inputs, without running Lean ---
# The project's files first, stored: their disagreements become inputs of
# the emitted file (--from-db), beside generated ones ordered small to large.
status 1 "Operations stored" "$lc" lean check CuteLayouts/Operations.lean --output Operations.json.log \
  --db "$tmp/r.db" -q
has_text "Operations stored" "stored as counterexample #4 (layoutcheck show 4)" "$tmp/out"
status 0 "show a stored disagreement" "$lc" show 3 --db "$tmp/r.db"
has_text "show: the function and kind" "signature: FlatLayout.isTractable: Lean says true, the oracle false" \
  "$tmp/out"
has_text "show: the input" "eval: layoutcheck eval is_tractable '(2,2):(1,1)'" "$tmp/out"
has_text "show: the Lean file" "system under test: lean CuteLayouts/Operations.lean" "$tmp/out"
ops=coalesce,complement,isTractable,toCoords,fromCoords,FlatLayout.size
status 0 "emit" "$lc" lean emit --out "$tmp/Golden.lean" --ops "$ops" --cases 40 --seed 3 --no-corpus \
  --from-db "$tmp/r.db"
has_ere "emit: counts" "^$tmp/Golden.lean: [0-9]+ #guard_msgs blocks \([0-9]+ generated, 0 from the corpus, 4 from results.db\)" \
  "$tmp/out"
# Lean's run of the golden file, by the model of the planted definitions
if python3 planted_lean.py "$tmp/Golden.lean" >"$tmp/Golden.json.log"; then ok; else bad "planted_lean.py"; fi
status 1 "check the golden file" "$lc" lean check "$tmp/Golden.lean" --output "$tmp/Golden.json.log" \
  --db "$tmp/r.db" -q
cp "$tmp/out" "$tmp/golden"
has_ere "golden: summary" "#evals: [0-9]+ agree, [0-9]+ DISAGREE, 0 untranslatable, 0 without a Lean value$" \
  "$tmp/golden"
grep -E '#evals: ' "$tmp/golden" | tail -1 >&2   # the counts, for the record
# exactly the planted functions disagree; the smallest of each function and
# kind is the smallest of the disagreements listed (fewer numbers, then a
# smaller sum, then the earlier line), and the emitted file is ordered
python3 - "$tmp/Golden.lean" "$tmp/golden" >"$tmp/smallest" <<'PY'
import re, sys
golden, out = open(sys.argv[1]).read().split("\n"), open(sys.argv[2]).read().split("\n")
def key(req):
    nums = [int(x) for x in re.findall(r"[0-9]+", req.split(" ", 1)[1])]
    return (len(nums), sum(nums))
last = {}
for line in golden:
    m = re.match(r"#eval (\S+) (.*)", line)
    if m:
        k = (len(re.findall(r"[0-9]+", m.group(2))), sum(map(int, re.findall(r"[0-9]+", m.group(2)))))
        if m.group(1) in last and k < last[m.group(1)]:
            print("not ordered:", line)
        last[m.group(1)] = k
items, i = [], 0
while i < len(out):
    m = re.match(r".*:([0-9]+): DISAGREE$", out[i])
    if m:
        block = out[i + 1:i + 6]
        req = [re.search(r"    \(([a-z_]+ .*)\)$", b).group(1) for b in block if b.startswith("    oracle")][0]
        why = [b[12:] for b in block if b.startswith("    why")][0]
        kind = re.search(r"\((.*)\)$", why).group(1) if why.endswith(")") else re.split("[:,]", why)[0]
        items.append((req.split(" ")[0], kind, key(req), int(m.group(1))))
    i += 1
groups = {}
for op, kind, k, line in items:
    g = groups.setdefault((op, kind), [])
    g.append((k, line))
for (op, kind), g in sorted(groups.items()):
    print("%s|%s|%d|%d" % (op, kind, len(g), min(g)[1]))
PY
printf '%s\n' coalesce colex_inverse complement is_tractable >"$tmp/want"
if cut -d'|' -f1 "$tmp/smallest" | sort -u | cmp -s - "$tmp/want"; then ok; else
  bad "golden: the functions that disagree are not the planted ones"
  cat "$tmp/smallest"
fi
sed 's/^/  smallest: /' "$tmp/smallest" >&2   # op|kind|disagreements|line, for the record
hasnt_text "golden: ordered" "not ordered" "$tmp/smallest"
while IFS='|' read -r op kind n line; do
  has_ere "golden: smallest of $op, $kind" "^  FlatLayout\.[A-Za-z]+ \($op\): $kind: $n inputs?, the smallest at line $line " \
    "$tmp/golden"
done <"$tmp/smallest"
hasnt_ere "golden: fromCoords and size agree" "FlatLayout\.(fromCoords|size) .*: .* inputs?, the smallest" \
  "$tmp/golden"
has_text "golden: the stored tractability case" "is_tractable (2,2):(1,1)    lean true    oracle false" \
  "$tmp/golden"

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
