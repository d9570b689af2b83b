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
  "CuteLayouts/Operations.lean: 12 #evals, 4 examples, 1 theorem, 1 #guard, 8 comments: 19 agree, 7 DISAGREE, 0 untranslatable, 0 without a Lean value" \
  "$tmp/ops"
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
# the right ones agree, the comment beside the wrong complement too
for line in 42 43 46 50 54 59 60 65 67 68 70; do
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
  "CuteLayouts/Operations.lean: 12 #evals, 4 examples, 1 theorem, 1 #guard: 11 agree, 7 DISAGREE" "$tmp/out"

# --- laws: nothing to check ----------------------------------------------
status 5 "Laws" "$lc" lean check CuteLayouts/Laws.lean --output Laws.json.log --comments --no-db
has_text "Laws: closing line" \
  "CuteLayouts/Laws.lean: 1 #eval: 0 agree, 0 DISAGREE, 1 untranslatable, 0 without a Lean value; nothing was checked" \
  "$tmp/out"
has_text "Laws: the reason" "    why     unknown name 'tileOf' (not in the map, not defined in the file)" "$tmp/out"
status 0 "Laws, allowed" "$lc" lean check CuteLayouts/Laws.lean --output Laws.json.log \
  --allow-unchecked --no-db

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
