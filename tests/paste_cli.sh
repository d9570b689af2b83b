#!/usr/bin/env bash
# paste_cli.sh LAYOUTCHECK -- counterexamples people can paste: fuzz, show,
# replay and the report print the property's variables ("L = ..., N = ...")
# and a `layoutcheck check PROP L=... N=...` that reproduces exactly that
# check (run here, as printed); an `eval` line only where it is what the
# check evaluates; `check` and `replay ID` exit statuses and messages; the
# HTML report draws both sides of each disagreement.  Prints "N passed,
# N failed".
set -u
cd "$(dirname "$0")/.." || exit 2
lc=${1:?usage: tests/paste_cli.sh LAYOUTCHECK}
lc=$(cd "$(dirname "$lc")" && pwd)/$(basename "$lc")
cfg=$PWD/CONFIG.yaml
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
. tests/lib.sh
cd "$tmp" || exit 2
# block PROP FILE: the indented lines under the line "refuted PROP (...)"
block() { awk -v p="refuted $1 " 'index($0, p) == 1 { on = 1; next } /^[^ ]/ { on = 0 } on' "$2"; }
# the printed commands name the program `layoutcheck`; here it is $lc
layoutcheck() { "$lc" "$@"; }
# run_printed NAME LINE: run the command after "reproduce: " or "eval: "
run_printed() { eval "${2#*: }"; }

# --- fuzz prints names and a check command that works -----------------------
status 0 "fuzz" "$lc" fuzz -v --config "$cfg" --property 'lean.compl*' --cases 300 --seed 1 --db r.db
cp out fuzz.out
# lean.complement_involution: L = (2,2):(2,1), N = 4 (hand: comp(L,4) = 1:0
# because L is a bijection onto [0,4); comp(1:0,4) = 4:1; coalesce(4:1) =
# 4:1, while coalesce(L) = (2,2):(2,1), for 2*2 != 1: the two sides differ)
block lean.complement_involution fuzz.out >ci.block
has_text "fuzz names" "  L = (2,2):(2,1), N = 4" ci.block
has_text "fuzz reproduce" "  reproduce: layoutcheck check lean.complement_involution 'L=(2,2):(2,1)' N=4" ci.block
has_text "fuzz replay" "  replay: layoutcheck replay 1" ci.block
# eval's complement is not the check's comp(comp(L,N),N): no eval line
hasnt_text "fuzz: no eval line" "eval:" ci.block
hasnt_text "fuzz: no OP line" "complement (2,2):(2,1) 4" ci.block
run_printed reproduce "$(grep 'reproduce:' ci.block)" >check.out 2>check.err
[ $? -eq 1 ] && ok || bad "the printed check command: expected exit 1"
has_text "printed check" "lean.complement_involution (conjecture): L = (2,2):(2,1), N = 4" check.out
has_text "printed check" "refuted: coalesce(comp(comp(L,N),N)) = 4:1 but coalesce(L) = (2,2):(2,1)" check.out
# lean.complement_exists evaluates flat_complement L N: its eval line is
# printed and runs (hand: 2:1 has largest extent 2, which does not divide 3)
block lean.complement_exists fuzz.out >ce.block
has_text "eval line" "  eval: layoutcheck eval flat_complement 2:1 3" ce.block
run_printed eval "$(grep 'eval:' ce.block)" >eval.out 2>&1
has_text "printed eval" "does not divide" eval.out

# --- three variables: lean.compose_assoc_flat --------------------------------
# hand: A = B = (2,2):(2,1) is the transpose of [0,4), so A o B = 4:1 and
# (A o B) o C = 3:1 = (3):(1); B o C needs B linear along [0,3), but
# B(0), B(1), B(2) = 0, 2, 1: undefined.  eval's flat_composition takes two
# layouts, so no eval line.
status 1 "check 3 vars" "$lc" check lean.compose_assoc_flat 'A=(2,2):(2,1)' 'B=(2,2):(2,1)' C=3:1
has_text "check 3 vars" "lean.compose_assoc_flat (conjecture): A = (2,2):(2,1), B = (2,2):(2,1), C = 3:1" out
has_text "check 3 vars" "refuted: (A o B) o C = (3):(1) but A o (B o C) is undefined" out
status 0 "fuzz assoc" "$lc" fuzz -v --config "$cfg" --property lean.compose_assoc_flat --cases 300 --seed 1 --db a.db
block lean.compose_assoc_flat out >ca.block
has_text "assoc names" "A = " ca.block
has_text "assoc names" ", C = " ca.block
hasnt_text "assoc: no eval line" "eval:" ca.block
# the run reports each distinct way the conjecture fails (3 here, each
# with its own check command); the first is the hand case above
same "assoc: distinct failures" "$(grep -c 'reproduce:' ca.block)" 3
run_printed reproduce "$(grep -m1 'reproduce:' ca.block)" >c.out 2>c.err
[ $? -eq 1 ] && ok || bad "the printed 3-variable check: expected exit 1"
has_text "printed 3-variable check" "refuted: (A o B) o C" c.out

# --- check: pass, and every usage error names what ------------------------
# hand: (2,2):(1,2) coalesces to 4:1, the same function 0,1,2,3
status 0 "check pass" "$lc" check coalesce.keeps_function 'L=(2,2):(1,2)'
has_text "check pass" "passed" out
status 2 "unknown property" "$lc" check no.such L=1
has_text "unknown property" "no property 'no.such'" err
status 2 "missing variable" "$lc" check lean.complement_involution 'L=(2,2):(2,1)'
has_text "missing variable" "variable N is missing (its variables: L N)" err
status 2 "extra variable" "$lc" check lean.complement_involution 'L=(2,2):(2,1)' N=4 Q=1
has_text "extra variable" "has no variable 'Q'" err
status 2 "twice" "$lc" check lean.complement_involution L=4:1 L=2:1 N=4
has_text "twice" "variable L is given twice" err
status 2 "no =" "$lc" check lean.complement_involution L N=4
has_text "no =" "expected NAME=VALUE, found 'L'" err
status 2 "unparsable" "$lc" check lean.complement_involution 'L=(2,2' N=4
has_text "unparsable" "variable L = '(2,2' is not a value" err
hasnt_text "unparsable: no verdict" "refuted" out
status 2 "sut property" "$lc" check sut.coalesce L=4:1
has_text "sut property" "replay --sut" err
status 2 "no property" "$lc" check
status 0 "check --help" "$lc" check --help

# user conjectures: named by their forall (hand: sort((2,2):(1,0)) =
# (2,2):(0,1), which coalesce leaves as it is since 2*0 != 1; coalesce of
# (2,2):(1,0) is itself: the two differ)
status 1 "check user" "$lc" check --config "$cfg" user.sort_coalesce 'L=(2,2):(1,0)'
has_text "check user" "refuted: coalesce(sort(L)) = (2,2):(0,1) but coalesce(L) = (2,2):(1,0)" out
status 2 "check user missing" "$lc" check --config "$cfg" user.composition_agrees A=4:1
has_text "check user missing" "variable B is missing (its variables: A B)" err

# --- replay ID --------------------------------------------------------------
status 1 "replay ID" "$lc" replay 1 --config "$cfg" --db r.db
has_text "replay ID" "#1 still refuted lean.complement_involution: L = (2,2):(2,1), N = 4" out
has_text "replay ID" "reproduce: layoutcheck check lean.complement_involution 'L=(2,2):(2,1)' N=4" out
has_text "replay ID" "1 still failing (0 theorem, 1 conjecture), 0 known, 0 fixed" out
status 1 "replay --id" "$lc" replay --id 1 --config "$cfg" --db r.db
status 2 "replay missing ID" "$lc" replay 999 --config "$cfg" --db r.db
has_text "replay missing ID" "no counterexample 999" err
status 2 "replay bad ID" "$lc" replay one --config "$cfg" --db r.db
status 2 "replay ID twice" "$lc" replay 1 --id 2 --config "$cfg" --db r.db
status 2 "fuzz --id" "$lc" fuzz -v --id 1 --config "$cfg" --db r.db
# a row that cannot be checked is not "passes now" (0): its property is not
# in this build, or its stored input does not parse: exit 3, the row kept
cp r.db gone.db
q gone.db "UPDATE counterexamples SET property = 'lean.gone' WHERE id = 1"
status 3 "replay ID, no such property" "$lc" replay 1 --config "$cfg" --db gone.db
has_text "replay ID, no such property" "#1 lean.gone: no such property in this build; left as it is" out
has_text "replay ID, no such property" "not checked (left as it is, see above)" out
# the other rows are conjectures still refuted (0 alone), this one unchecked
status 3 "replay, no such property" "$lc" replay --config "$cfg" --db gone.db
has_text "replay, no such property" "1 not checked (left as they are, see above)" out
same "replay, no such property: the row kept" "$(q gone.db "SELECT status FROM counterexamples WHERE id = 1")" open
cp r.db unparsed.db
q unparsed.db "UPDATE counterexamples SET input = 'complement (2,2' WHERE id = 1"
status 3 "replay ID, input that does not parse" "$lc" replay 1 --config "$cfg" --db unparsed.db
has_text "replay ID, input that does not parse" "#1 lean.complement_involution: stored input does not parse; left as it is" out

# --- show labels values by their variables -----------------------------------
status 0 "show" "$lc" show 1 --config "$cfg" --db r.db
has_text "show" "  L = (2,2):(2,1), N = 4" out
has_text "show" "  N = 4" out
has_text "show" "reproduce: layoutcheck check lean.complement_involution" out
hasnt_text "show" "argument 1" out

# --- a system under test that answers every coalesce with (9):(9) ------------
cat >wrong.sh <<EOF
coproc ORACLE { "$lc" eval --batch; }
while IFS= read -r line; do
  printf '%s\n' "\$line" >&"\${ORACLE[1]}"
  IFS= read -r answer <&"\${ORACLE[0]}"
  case \$line in coalesce\ *) answer='(9):(9)' ;; esac
  printf '%s\n' "\$answer"
done
EOF
status 1 "sut" "$lc" fuzz -v --config "$cfg" --sut "bash wrong.sh" --ops coalesce --cases 50 --seed 1 --db s.db
status 2 "replay sut ID" "$lc" replay 1 --config "$cfg" --db s.db
has_text "replay sut ID" "is a disagreement of the system under test" err
status 0 "show sut" "$lc" show 1 --config "$cfg" --db s.db
has_text "show sut" "reproduce: layoutcheck replay --sut COMMAND" out
has_text "show sut" "eval: layoutcheck eval coalesce" out

# --- the report: text, JUnit, HTML with both sides drawn ----------------------
status 0 "report text" "$lc" report --config "$cfg" --db r.db
has_text "report text" "    L = (2,2):(2,1), N = 4" out
has_text "report text" "    reproduce: layoutcheck check lean.complement_involution 'L=(2,2):(2,1)' N=4" out
has_text "report text" "    or: layoutcheck replay 1" out
status 0 "report junit" "$lc" report --config "$cfg" --db s.db --format junit
has_text "report junit" "reproduce: layoutcheck replay --sut COMMAND" out
status 0 "report html" "$lc" report --config "$cfg" --db r.db --format html --out r.html
# the two sides of lean.complement_involution's equation, drawn as layouts
has_text "html sides" '<b>coalesce(comp(comp(L,N),N))</b> layout <code>4:1</code>' r.html
has_text "html sides" '<b>coalesce(L)</b> layout <code>(2,2):(2,1)</code>' r.html
has_text "html inputs by name" '<b>L</b> layout <code>(2,2):(2,1)</code>' r.html
has_text "html reproduce" "reproduce: layoutcheck check lean.complement_involution" r.html
has_text "html found as" "found as <code>L = " r.html
status 0 "report html sut" "$lc" report --config "$cfg" --db s.db --format html --out s.html
# the oracle's answer and the system under test's, both drawn
has_text "html oracle side" '<b>oracle</b> layout <code>' s.html
has_text "html sut side" '<b>system under test</b> layout <code>(9):(9)</code>' s.html

finish
