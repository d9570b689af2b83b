#!/usr/bin/env bash
# eval_json.sh LAYOUTCHECK -- `layoutcheck eval --json`: every answer,
# of one op and of a batch, is one JSON object on one line that validates
# against docs/eval.schema.json (python3-jsonschema, `make deps`; the
# validation is reported skipped without it), with the values worked out
# by hand below; the schema itself refuses objects that break it.
# Prints "N passed, N failed[, N skipped]".
set -u
export LC_ALL=C
cd "$(dirname "$0")/.." || exit 2
lc=${1:?usage: tests/eval_json.sh LAYOUTCHECK}
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
. tests/lib.sh

# field FILE LINE EXPR: the Python expression EXPR of the object o parsed
# from line LINE of FILE, printed as json.dumps prints it.
field() {
  python3 -c 'import json, sys
o = json.loads(open(sys.argv[1]).read().split("\n")[int(sys.argv[2]) - 1])
print(json.dumps(eval(sys.argv[3])))' "$@"
}

# One op.  composition (4,4):(1,4) o 4:2 takes the indices 0,2,4,6 through
# (4,4):(1,4): 0 -> 0, 2 -> 2, 4 = coordinate (0,1) -> 4, 6 = (2,1) -> 6,
# so the result is 4:2.
status 0 "eval --json composition" "$lc" eval --json composition '(4,4):(1,4)' 4:2
same "one object" "$(cat "$tmp/out")" \
  '{"op":"composition","args":["(4,4):(1,4)","4:2"],"result":"4:2"}'
cp "$tmp/out" "$tmp/all.jsonl"

# A syntax error: in "(2,3:(1,2)" the ':' is the fifth character.
status 1 "eval --json, a syntax error" "$lc" eval --json coalesce '(2,3:(1,2)'
same "error kind" "$(field "$tmp/out" 1 'o["error"]["kind"]')" '"syntax"'
same "error argument" "$(field "$tmp/out" 1 'o["error"]["argument"]')" 1
same "error column" "$(field "$tmp/out" 1 'o["error"]["column"]')" 5
same "no result with an error" "$(field "$tmp/out" 1 '"result" in o')" false
cat "$tmp/out" >>"$tmp/all.jsonl"

# An unknown op and mode 0 carry a hint.
status 1 "eval --json compose" "$lc" eval --json compose 4:1 2:1
same "unknown op kind" "$(field "$tmp/out" 1 'o["error"]["kind"]')" '"unsupported"'
has_text "compose: hint composition" '"hint":"did you mean composition?' "$tmp/out"
cat "$tmp/out" >>"$tmp/all.jsonl"
status 1 "eval --json mode L 0" "$lc" eval --json mode '(2,3):(1,2)' 0
has_text "mode 0: hint cute_get" 'cute_get L 0' "$tmp/out"
cat "$tmp/out" >>"$tmp/all.jsonl"

# A result of several lines keeps them: the same text as without --json.
"$lc" eval print_layout '(2,3):(1,2)' >"$tmp/plain"
status 0 "eval --json print_layout" "$lc" eval --json print_layout '(2,3):(1,2)'
same "one line" "$(wc -l <"$tmp/out")" 1
python3 -c 'import json, sys
o = json.loads(open(sys.argv[1]).read())
sys.exit(o["result"] + "\n" != open(sys.argv[2]).read())' "$tmp/out" "$tmp/plain" && ok ||
  bad "print_layout: the JSON result is not the text eval prints"
cat "$tmp/out" >>"$tmp/all.jsonl"

# Bytes that are not UTF-8 in an argument still give valid JSON.
status 1 "eval --json, invalid UTF-8" "$lc" eval --json size $'\xff(2'
python3 -c 'import json, sys; json.loads(open(sys.argv[1]).read())' "$tmp/out" && ok ||
  bad "invalid UTF-8: not JSON"
has_text "invalid UTF-8 as U+FFFD" '\ufffd' "$tmp/out"
cat "$tmp/out" >>"$tmp/all.jsonl"

# A batch: one object per request line, numbered by stdin's lines (the
# blank line 2 and comment line 4 answered by nothing), a line over
# --max-line a "request" error with op null.  size (2,3):(1,2) = 2*3 = 6.
printf 'size (2,3):(1,2)\n\nno_such_op 1\n# c\nsize 16:1 %s\ncosize 4:2\n' "$(printf 'x%.0s' $(seq 40))" \
  >"$tmp/req"
status 0 "eval --batch --json" "$lc" eval --batch --json --max-line 40 <"$tmp/req"
same "batch: four answers" "$(wc -l <"$tmp/out")" 4
same "batch: line numbers" "$(for i in 1 2 3 4; do field "$tmp/out" $i 'o["line"]'; done | tr '\n' ' ')" \
  "1 3 5 6 "
same "batch: size" "$(field "$tmp/out" 1 'o["result"]')" '"6"'
same "batch: unknown op" "$(field "$tmp/out" 2 'o["error"]["kind"]')" '"unsupported"'
same "batch: overlong line" "$(field "$tmp/out" 3 '[o["op"], o["error"]["kind"]]')" '[null, "request"]'
# cosize 4:2 = (4-1)*2 + 1 = 7
same "batch: cosize" "$(field "$tmp/out" 4 'o["result"]')" '"7"'
cat "$tmp/out" >>"$tmp/all.jsonl"

# Every object above against the schema; then objects that break it.
if python3 -c 'import jsonschema' 2>/dev/null; then
  python3 - docs/eval.schema.json "$tmp/all.jsonl" >"$tmp/v" 2>&1 <<'PY'
import json, sys, jsonschema
schema = json.load(open(sys.argv[1]))
jsonschema.Draft202012Validator.check_schema(schema)
v = jsonschema.Draft202012Validator(schema)
lines = open(sys.argv[2]).read().splitlines()
bad = 0
for n, line in enumerate(lines, 1):
    for e in v.iter_errors(json.loads(line)):
        print(f"object {n}: {e.message}")
        bad += 1
wrong = [
    {"op": "size", "args": ["4:1"], "result": "4", "error": {"kind": "syntax", "message": "x"}},
    {"op": "size", "args": ["4:1"]},
    {"op": "size", "args": ["4:1"], "error": {"kind": "bogus", "message": "x"}},
    {"op": "size", "args": ["4:1"], "error": {"kind": "syntax", "message": "x", "column": 0}},
    {"op": "size", "args": ["4:1"], "result": "4", "hint": "h"},
    {"args": [], "result": "4"},
]
for w in wrong:
    if v.is_valid(w):
        print(f"the schema accepts {json.dumps(w)}")
        bad += 1
print(f"{len(lines)} objects")
sys.exit(1 if bad else 0)
PY
  if [ $? -eq 0 ]; then ok; else bad "the schema check"; shown "$tmp/v"; fi
  has "all objects were checked" "^1[0-9] objects$" "$tmp/v"
else
  skip "python3-jsonschema is not installed (make deps): the answers were not validated"
fi
finish
