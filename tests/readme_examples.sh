#!/usr/bin/env bash
# readme_examples.sh LAYOUTCHECK -- check every example of the op tables of
# docs/ops.md (rows "| op | args | what | `REQUEST` | `RESULT` |") through
# the batch protocol; prints "N passed, N failed".
set -u
cd "$(dirname "$0")/.." || exit 2
lc=${1:?usage: tests/readme_examples.sh LAYOUTCHECK}
doc=docs/ops.md
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
# the last two code spans of each table row; \| inside them is a literal |
grep -E '^\| [a-zA-Z0-9_]+ \| `' "$doc" |
  sed -E 's/\\\|/\x01/g' |
  awk -F'|' 'NF == 7 { req = $5; res = $6; gsub(/^ *`|` *$/, "", req); gsub(/^ *`|` *$/, "", res);
               gsub(/\x01/, "|", req); gsub(/\x01/, "|", res); print req > "'"$tmp"'/req"; print res > "'"$tmp"'/want" }'
"$lc" eval --batch <"$tmp/req" >"$tmp/got"
passed=0 failed=0
while IFS= read -r want <&3 && IFS= read -r got <&4 && IFS= read -r req <&5; do
  if [ "$want" = "$got" ]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "$doc: $req: expected $want, got $got"
  fi
done 3<"$tmp/want" 4<"$tmp/got" 5<"$tmp/req"
[ "$(wc -l <"$tmp/req")" -gt 0 ] || { echo "$doc: no examples found"; failed=$((failed + 1)); }
echo "$passed passed, $failed failed"
