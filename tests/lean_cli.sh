#!/usr/bin/env bash
# lean_cli.sh LAYOUTCHECK -- command-line checks of `layoutcheck lean`:
# verdicts on the example files with each log form and with docstrings only,
# exit statuses, the lean_checks table, emit and the check of what it wrote,
# maps and malformed inputs.  Prints "N passed, N failed".
set -u
cd "$(dirname "$0")/.." || exit 2
lc=${1:?usage: tests/lean_cli.sh LAYOUTCHECK}
lc=$(cd "$(dirname "$lc")" && pwd)/$(basename "$lc")
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
. tests/lib.sh
# verdict NAME LINE WORD: the output says FILE:LINE: WORD
verdict() { has_text "$1" "$2: $3" "$tmp/out"; }

ex=lean/examples
flat=$ex/flat.lean

# --- the example file with each form of its log --------------------------
for form in json plain lake; do
  status 1 "check $form" "$lc" lean check "$flat" --output "$ex/flat.$form.log" --no-db
  has_text "check $form: summary" \
    "$flat: 20 #evals: 15 agree, 4 DISAGREE, 1 untranslatable, 0 without a Lean value" "$tmp/out"
  verdict "$form: coalesce" "$flat:16" agree
  verdict "$form: sorting coalesce" "$flat:18" DISAGREE
  verdict "$form: complement" "$flat:21" agree
  verdict "$form: one-mode complement" "$flat:22" DISAGREE
  verdict "$form: trivial complement" "$flat:23" agree
  verdict "$form: field notation" "$flat:27" agree
  verdict "$form: a definition" "$flat:29" agree
  verdict "$form: toCoords" "$flat:34" agree
  verdict "$form: toLayout" "$flat:38" agree
  verdict "$form: operator" "$flat:43" untranslatable
  verdict "$form: two lines" "$flat:46" agree
  verdict "$form: passing pin" "$flat:52" agree
  verdict "$form: wrong pin" "$flat:56" DISAGREE
  verdict "$form: failing pin" "$flat:60" DISAGREE
  has_text "$form: Lean's value" "    lean    [(4, 4)]    ($ex/flat.$form.log:" "$tmp/out"
  has_text "$form: oracle's value" "    oracle  [(2, 1), (2, 4)]    (complement (2):(2) 8)" "$tmp/out"
  has_text "$form: the failing pin's value" "    lean    [(6, 1)]    ($ex/flat.$form.log:" "$tmp/out"
  has_text "$form: reason" "    why     line 43, column 25: operator '++' is not supported" "$tmp/out"
  cp "$tmp/out" "$tmp/out.$form"
done
# the three forms give the same verdicts and values
sed 's/flat\.[a-z]*\.log:[0-9]*/LOG/' "$tmp/out.json" >"$tmp/a"
for form in plain lake; do
  sed 's/flat\.[a-z]*\.log:[0-9]*/LOG/' "$tmp/out.$form" >"$tmp/b"
  if cmp -s "$tmp/a" "$tmp/b"; then ok; else bad "$form differs from json"; diff "$tmp/a" "$tmp/b" | head; fi
done
# the form can be forced; -q shows only the disagreements
status 1 "forced form" "$lc" lean check "$flat" --output "$ex/flat.lake.log" --log-format lake -q --no-db
if [ "$(grep -c ': DISAGREE$' "$tmp/out")" -eq 4 ] && ! grep -q ': agree$' "$tmp/out"; then ok; else
  bad "-q output"
fi

# the example output of docs/lean.md and of the README's tour is what the
# command prints
for doc in docs/lean.md README.md; do
  awk '/^\$ bin\/layoutcheck lean check lean\/examples\/flat.lean/ { grab = 1; next }
       grab && /^```/ { exit } grab && $0 != "..." { print }' "$doc" >"$tmp/readme"
  if [ -s "$tmp/readme" ] && grep -v -x -F -f "$tmp/out.json" "$tmp/readme" >"$tmp/missing"; then
    bad "$doc: example lines not printed:"
    cat "$tmp/missing"
  elif [ -s "$tmp/readme" ]; then ok; else bad "$doc: no example of lean check found"; fi
done

# --- docstrings only -------------------------------------------------------
status 1 "docstrings" "$lc" lean check "$flat" --no-db
has_text "docstrings: summary" "$flat: 20 #evals: 2 agree, 1 DISAGREE, 1 untranslatable, 16 without" \
  "$tmp/out"
verdict "docstrings: failing pin reads as agree" "$flat:60" agree
verdict "docstrings: wrong pin" "$flat:56" DISAGREE
verdict "docstrings: no value" "$flat:16" "no Lean value"
status 1 "pinned" "$lc" lean check "$ex/pinned.lean" --no-db
has_text "pinned: summary" "$ex/pinned.lean: 10 #evals: 5 agree, 3 DISAGREE, 1 untranslatable, 1 without" \
  "$tmp/out"
verdict "pinned: one-mode complement" "$ex/pinned.lean:21" DISAGREE
verdict "pinned: anonymous constructor" "$ex/pinned.lean:25" agree
verdict "pinned: sorting coalesce" "$ex/pinned.lean:30" DISAGREE
verdict "pinned: two-line docstring" "$ex/pinned.lean:37" agree
verdict "pinned: one-line guard" "$ex/pinned.lean:44" agree
verdict "pinned: error pin" "$ex/pinned.lean:49" DISAGREE
has_text "pinned: error pin why" "Lean reports an error where the oracle has a value" "$tmp/out"
verdict "pinned: not in the map" "$ex/pinned.lean:54" untranslatable
has_text "pinned: reason" "unknown name 'filter'" "$tmp/out"

# --- another map -----------------------------------------------------------
status 1 "structs" "$lc" lean check "$ex/structs.lean" --map "$ex/structs-map.yaml" --no-db
has_text "structs: summary" "$ex/structs.lean: 6 #evals: 5 agree, 1 DISAGREE" "$tmp/out"
verdict "structs: none" "$ex/structs.lean:20" agree
verdict "structs: function rule" "$ex/structs.lean:30" agree
verdict "structs: one-mode complement" "$ex/structs.lean:25" DISAGREE
status 5 "structs without the map" "$lc" lean check "$ex/structs.lean" --no-db
has_text "structs without the map" "6 untranslatable, 0 without a Lean value; nothing was checked" "$tmp/out"
status 0 "structs without the map, allowed" "$lc" lean check "$ex/structs.lean" --no-db --allow-unchecked
has_text "structs without the map, allowed" "; nothing was checked (allowed)" "$tmp/out"
# `lean map` prints the built-in map, which loads and checks the same
status 0 "lean map" "$lc" lean map
cp "$tmp/out" "$tmp/builtin.yaml"
status 1 "printed map" "$lc" lean check "$flat" --output "$ex/flat.json.log" --no-db \
  --map "$tmp/builtin.yaml"
if cmp -s "$tmp/out" "$tmp/out.json"; then ok; else bad "the printed map checks differently"; fi
status 1 "shipped map" "$lc" lean check "$flat" --output "$ex/flat.json.log" --no-db \
  --map lean/default-map.yaml
if cmp -s "$tmp/out" "$tmp/out.json"; then ok; else bad "lean/default-map.yaml checks differently"; fi

# --- malformed inputs: exit 2 with FILE:LINE:COLUMN --------------------------
status 2 "malformed log" "$lc" lean check "$flat" --output "$ex/malformed.json.log" --no-db
has_text "malformed log" "$ex/malformed.json.log:3:111: malformed JSON: object value separator ',' expected at 'c'" "$tmp/err"
printf 'functions:\n  - {lean: f, op: size, args: [layout], result: int, colour: red}\n' \
  >"$tmp/bad.yaml"
status 2 "bad map" "$lc" lean check "$flat" --map "$tmp/bad.yaml" --no-db
has_text "bad map" "$tmp/bad.yaml:2:54: unknown key 'colour'" "$tmp/err"
status 2 "missing file" "$lc" lean check "$tmp/none.lean" --no-db
has_text "missing file" "$tmp/none.lean: cannot open" "$tmp/err"
status 2 "missing log" "$lc" lean check "$flat" --output "$tmp/none.log" --no-db
status 2 "no file" "$lc" lean check
status 2 "unknown option" "$lc" lean check "$flat" --frobnicate
status 2 "bad log format" "$lc" lean check "$flat" --log-format xml
status 2 "unknown subcommand" "$lc" lean frobnicate
status 2 "no subcommand" "$lc" lean
status 0 "help" "$lc" lean --help
has_text "help" "lean emit --out FILE.lean" "$tmp/out"
# random bytes as the Lean file and as the log: an answer, never a crash
head -c 20000 /dev/urandom >"$tmp/random.lean" 2>/dev/null || printf '\001\377#eval (' >"$tmp/random.lean"
"$lc" lean check "$tmp/random.lean" --no-db >/dev/null 2>&1
rc=$?
if [ "$rc" -le 2 ] || [ "$rc" -eq 5 ]; then ok; else bad "random Lean file: exit $rc"; fi
"$lc" lean check "$flat" --output "$tmp/random.lean" --log-format plain --no-db >/dev/null 2>&1
rc=$?
if [ "$rc" -le 2 ]; then ok; else bad "random plain log: exit $rc"; fi
"$lc" lean check "$flat" --output "$tmp/random.lean" --no-db >/dev/null 2>&1
rc=$?
if [ "$rc" -le 2 ]; then ok; else bad "random log: exit $rc"; fi

# --- results.db ------------------------------------------------------------
# without --db nothing is written: no results.db appears in the current directory
mkdir -p "$tmp/nodb"
top=$PWD
(cd "$tmp/nodb" && "$lc" lean check "$top/$flat" --output "$top/$ex/flat.json.log" -q >"$tmp/nodb.out" 2>&1)
nodb_status=$?
if [ "$nodb_status" = 1 ] && [ -z "$(ls -A "$tmp/nodb")" ]; then ok; else
  bad "lean check without --db: exit $nodb_status, wrote '$(ls "$tmp/nodb")'"; fi
status 1 "check into a database" "$lc" lean check "$flat" --output "$ex/flat.json.log" \
  --db "$tmp/r.db"
status 1 "check again" "$lc" lean check "$flat" --output "$ex/flat.json.log" --db "$tmp/r.db"
if command -v sqlite3 >/dev/null 2>&1; then
  n=$(sqlite3 "$tmp/r.db" "select count(*) from lean_checks")
  if [ "$n" = 40 ]; then ok; else bad "lean_checks has $n rows, expected 40"; fi
  row=$(sqlite3 "$tmp/r.db" "select lean_value || ' / ' || oracle_value || ' / ' || verdict from \
lean_checks where line = 22 limit 1")
  if [ "$row" = "[(4, 4)] / [(2, 1), (2, 4)] / DISAGREE" ]; then ok; else bad "row of line 22: $row"; fi
  n=$(sqlite3 "$tmp/r.db" "select count(distinct run_at) from lean_checks")
  if [ "$n" -ge 1 ]; then ok; else bad "run_at"; fi
fi
printf 'not a database' >"$tmp/junk.db"
status 2 "corrupt database" "$lc" lean check "$flat" --db "$tmp/junk.db"
has_text "corrupt database" "leave out --db" "$tmp/err"

# --- emit ------------------------------------------------------------------
status 0 "emit" "$lc" lean emit --out "$tmp/golden.lean" --cases 8 --seed 3
has_text "emit" "$tmp/golden.lean: " "$tmp/out"
n=$(grep -c '^#eval ' "$tmp/golden.lean")
g=$(grep -c '^#guard_msgs in$' "$tmp/golden.lean")
d=$(grep -c '^/-- info: .* -/$' "$tmp/golden.lean")
if [ "$n" -ge 100 ] && [ "$n" = "$g" ] && [ "$n" = "$d" ]; then ok; else
  bad "emit: $n #evals, $g guards, $d docstrings"
fi
has_text "emit: header" "import CuTe" "$tmp/golden.lean"
has_text "emit: complement" "#eval FlatLayout.complement (mkLayout [" "$tmp/golden.lean"
has_text "emit: chain" "#eval TupleMorphism.toLayout (TupleMorphism.id [" "$tmp/golden.lean"
has_text "emit: corpus" "-- corpus/" "$tmp/golden.lean"
status 0 "check the emitted file" "$lc" lean check "$tmp/golden.lean" --no-db -q
has_text "check the emitted file" "#evals: $n agree, 0 DISAGREE, 0 untranslatable, 0 without" "$tmp/out"
# the same seed writes the same file
status 0 "emit again" "$lc" lean emit --out "$tmp/golden2.lean" --cases 8 --seed 3
if cmp -s "$tmp/golden.lean" "$tmp/golden2.lean"; then ok; else bad "emit is not deterministic"; fi
# --ops, --no-corpus, another map
status 0 "emit --ops" "$lc" lean emit --out "$tmp/c.lean" --ops complement,isTractable --cases 5 \
  --no-corpus
if [ "$(grep -c '^#eval ' "$tmp/c.lean")" -eq 10 ] &&
  [ "$(grep -c -E '^#eval FlatLayout\.(complement|isTractable) ' "$tmp/c.lean")" -eq 10 ]; then ok; else
  bad "emit --ops"
  grep '^#eval' "$tmp/c.lean" | head
fi
hasnt_text "emit --no-corpus" "-- corpus/" "$tmp/c.lean"
status 2 "emit --ops unknown" "$lc" lean emit --out "$tmp/x.lean" --ops nothing
status 2 "emit without --out" "$lc" lean emit
status 2 "emit bad --cases" "$lc" lean emit --out "$tmp/x.lean" --cases many
status 0 "emit with a map" "$lc" lean emit --out "$tmp/s.lean" --map "$ex/structs-map.yaml" \
  --cases 6
has_text "emit with a map: header" "import Cute.Layout" "$tmp/s.lean"
has_text "emit with a map: repr" "/-- info: { modes := [" "$tmp/s.lean"
has_text "emit with a map: option" "/-- info: some { modes := [" "$tmp/s.lean"
status 0 "check with a map" "$lc" lean check "$tmp/s.lean" --map "$ex/structs-map.yaml" --no-db -q
has_text "check with a map" "0 DISAGREE, 0 untranslatable, 0 without" "$tmp/out"
# shrunk counterexamples from results.db: a regression file
status 0 "fuzz the seeds' claims" "$lc" fuzz -v --config CONFIG.yaml --property 'lean.*' \
  --db "$tmp/f.db"
status 0 "emit --from-db" "$lc" lean emit --out "$tmp/r.lean" --from-db "$tmp/f.db" --cases 0 \
  --no-corpus
has_text "emit --from-db" "-- results.db counterexample #" "$tmp/r.lean"
has_text "emit --from-db: the complement" "#eval FlatLayout.complement (mkLayout [(2, 2), (2, 1)]) 4" \
  "$tmp/r.lean"
status 0 "check the regression file" "$lc" lean check "$tmp/r.lean" --no-db -q
has_text "check the regression file" "0 DISAGREE, 0 untranslatable, 0 without" "$tmp/out"
status 2 "emit --from-db missing" "$lc" lean emit --out "$tmp/x.lean" --from-db "$tmp/none.db"

# --- tensor libraries: Einlean and TorchLean -------------------------------
# every #eval line of each example: the planted wrong values (and the values
# that differ from PyTorch/einops) DISAGREE, all others agree
ein=$ex/einlean.lean torch=$ex/torchlean.lean
for form in json plain; do
  status 1 "einlean $form" "$lc" lean check "$ein" --map "$ex/einlean-map.yaml" \
    --output "$ex/einlean.$form.log" --no-db
  has_text "einlean $form: summary" \
    "$ein: 17 #evals: 14 agree, 3 DISAGREE, 0 untranslatable, 0 without a Lean value" "$tmp/out"
  for l in 26 27 28 29 34 35 41 43 49 50 51 56 73 74; do verdict "einlean $form $l" "$ein:$l" agree; done
  for l in 36 42 63; do verdict "einlean $form $l" "$ein:$l" DISAGREE; done
  status 1 "torchlean $form" "$lc" lean check "$torch" --map "$ex/torchlean-map.yaml" \
    --output "$ex/torchlean.$form.log" --no-db
  has_text "torchlean $form: summary" \
    "$torch: 13 #evals: 10 agree, 3 DISAGREE, 0 untranslatable, 0 without a Lean value" "$tmp/out"
  for l in 21 22 23 24 25 29 30 32 35 37; do verdict "torchlean $form $l" "$torch:$l" agree; done
  for l in 26 31 36; do verdict "torchlean $form $l" "$torch:$l" DISAGREE; done
done
status 1 "einlean values" "$lc" lean check "$ein" --map "$ex/einlean-map.yaml" \
  --output "$ex/einlean.json.log" --no-db
has_text "einlean: the oracle's rearrange" \
  "    oracle  [3, 4, 2]    (the shape of view_rearrange [b h w c --> h (b w) c] b=2,h=3,w=2,c=2 (2,3,2,2))" \
  "$tmp/out"
has_text "einlean: the einsum" \
  "    oracle  [92, 98, 104, 110, 218, 233, 248, 263]    (view_einsum [i c0, c0 j --> i j] i=2,c0=3,j=4)" \
  "$tmp/out"
has_text "einlean: einops refuses a repeated atom" "why     the oracle refuses: axis 'one' appears twice" \
  "$tmp/out"
has_text "einlean: planted order" "why     the lists differ first at index 2: 12 vs 2" "$tmp/out"
status 1 "torchlean values" "$lc" lean check "$torch" --map "$ex/torchlean-map.yaml" \
  --output "$ex/torchlean.json.log" --no-db
has_text "torchlean: CanBroadcastTo (2) (2,1)" "    oracle  false    (view_can_broadcast (2) (2,1))" \
  "$tmp/out"
has_text "torchlean: broadcast" "(view_broadcast (4) (2,4))" "$tmp/out"
status 5 "einlean without a log" "$lc" lean check "$ein" --map "$ex/einlean-map.yaml" --no-db
has_text "einlean without a log" "17 without a Lean value" "$tmp/out"
status 5 "einlean without the map" "$lc" lean check "$ein" --output "$ex/einlean.json.log" --no-db
has_text "einlean without the map" "0 agree, 0 DISAGREE, 17 untranslatable" "$tmp/out"
# the example of docs/views.md is what the command prints
status 1 "einlean -q" "$lc" lean check "$ein" --map "$ex/einlean-map.yaml" \
  --output "$ex/einlean.json.log" --no-db -q
awk '/^\$ bin\/layoutcheck lean check/ { grab = 1; getline; next }
     grab && /^```/ { exit } grab && $0 != "..." { print }' docs/views.md >"$tmp/treadme"
if [ -s "$tmp/treadme" ] && grep -v -x -F -f "$tmp/out" "$tmp/treadme" >"$tmp/missing"; then
  bad "docs/views.md: tensor example lines not printed:"
  cat "$tmp/missing"
elif [ -s "$tmp/treadme" ]; then ok; else bad "docs/views.md: no tensor example found"; fi
# a map that gives a tensor op other kinds
printf 'functions:\n  - {lean: f, op: tensor_shape, args: [int], result: tuple}\n' >"$tmp/tbad.yaml"
status 2 "bad tensor map" "$lc" lean check "$ein" --map "$tmp/tbad.yaml" --no-db
has_text "bad tensor map" "$tmp/tbad.yaml:2:19: op tensor_shape takes [tensor] and gives tuple" "$tmp/err"
# emit with the TorchLean map, then check what it wrote
status 0 "emit torchlean" "$lc" lean emit --out "$tmp/t.lean" --map "$ex/torchlean-map.yaml" \
  --cases 5 --no-corpus
has_text "emit torchlean: a shape" "#eval Shape.size [" "$tmp/t.lean"
status 0 "check emitted torchlean" "$lc" lean check "$tmp/t.lean" --map "$ex/torchlean-map.yaml" \
  --no-db -q
has_text "check emitted torchlean" "0 DISAGREE, 0 untranslatable, 0 without" "$tmp/out"

finish
