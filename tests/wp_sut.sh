#!/usr/bin/env bash
# wp_sut.sh LAYOUTCHECK -- the post-conditions PyCuTe states (wp.*,
# properties/p_whitepaper.c) on the oracle and against a system under test
# (fuzz --sut COMMAND --postconditions):
#   1. hand-worked cases of PyCuTe's docstrings pass `check` on the oracle;
#   2. the wp.* properties hold of the oracle's plain ops (exit 0);
#   3. usage errors: --postconditions without --sut, a glob selecting no
#      post-condition;
#   4. the oracle itself as the SUT: every post-condition holds; a SUT
#      without an op (tests/suts/oracle_mutant.py NO_BLOCKED_PRODUCT) has it
#      reported as unsupported;
#   5. a mutated SUT (tests/suts/oracle_mutant.py: right_inverse with its
#      strides doubled) is reported, shrunk to L = 2:1, stored as that SUT's
#      counterexample, and asked again by replay --sut: still failing, then,
#      the mutant taken out, fixed.
# Prints "N passed, N failed".
set -u
cd "$(dirname "$0")/.." || exit 2
lc=${1:?usage: tests/wp_sut.sh LAYOUTCHECK}
lc=$(cd "$(dirname "$lc")" && pwd)/$(basename "$lc")
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
. tests/lib.sh
# A loaded machine starts Python slowly: the SUT gets time.
printf 'seed: 7\nsut_timeout: 60\nconjecture_files: []\n' >"$tmp/c.yaml"

# --- 1. PyCuTe's own examples (pycute/algebra.py docstrings) ----------------
# composition((6,2):(8,2), (4,3):(3,1)) = ((2,2),3):((24,2),8): compatible, R(i) = A(B(i)).
status 0 "composition example" "$lc" check wp.composition 'A=(6,2):(8,2)' 'B=(4,3):(3,1)' --no-isolate
# right_inverse((4,8):(1,5)) = 4:1: R(L(R(i))) = R(i), L(R(i)) = i for i < 4.
status 0 "right_inverse example" "$lc" check wp.right_inverse 'L=(4,8):(1,5)' --no-isolate
# complement((2,2):(1,6), 24) = (3,2):(2,12): ordered 0,2,4,12,14,16; disjoint from {0,1,6,7}.
status 0 "complement example" "$lc" check wp.complement 'L=(2,2):(1,6)' N=24 --no-isolate
# logical_divide(24:1, 4:2) = (4,(2,3)):(2,(1,8)): R[0] = 4:2 = composition(A, B).
status 0 "logical_divide example" "$lc" check wp.logical_divide 'A=24:1' 'B=4:2' --no-isolate

# --- 2. the oracle's plain ops ------------------------------------------------
status 0 "oracle" "$lc" fuzz --config "$tmp/c.yaml" --property 'wp.*' --cases 300 \
  --db "$tmp/o.db" -v
has_text "oracle" "0 theorems failing" "$tmp/out"
has_ere "oracle rows" '^wp\.left_inverse +theorem +300 +300 ' "$tmp/out"

# --- 3. usage ---------------------------------------------------------------
status 2 "no sut" "$lc" fuzz --postconditions --db "$tmp/u.db"
has_text "no sut" "--postconditions: needs --sut COMMAND" "$tmp/err"
status 2 "no post-condition" "$lc" fuzz --sut "$lc eval --batch" --postconditions \
  --property 'flat.*' --db "$tmp/u.db"
has_text "no post-condition" "selects no post-condition" "$tmp/err"
[ -e "$tmp/u.db" ] && bad "a refused run made a database" || ok

# --- 4. the oracle as the system under test --------------------------------------
status 0 "oracle as SUT" "$lc" fuzz --config "$tmp/c.yaml" --sut "$lc eval --batch" \
  --postconditions --cases 100 --db "$tmp/s.db"
has_ere "oracle as SUT" '^wp\.composition +100 +[0-9]+ +[0-9]+ +0 ' "$tmp/out"
has_ere "oracle as SUT" '^wp\.blocked_product +100 +[0-9]+ +[0-9]+ +0 ' "$tmp/out"
has_text "oracle as SUT" "new 0, still open 0, known 0, fixed 0" "$tmp/out"
# a SUT without blocked_product: reported as unsupported, not failed
status 0 "no blocked_product" "$lc" fuzz --config "$tmp/c.yaml" --postconditions \
  --sut "python3 $PWD/tests/suts/oracle_mutant.py $lc NO_BLOCKED_PRODUCT" \
  --property 'wp.blocked_product' --cases 100 --db "$tmp/nb.db"
has_ere "unsupported" '^wp\.blocked_product +100 +0 +100 +0 .*unsupported op' "$tmp/out"

# --- 5. a mutated system under test, then fixed ----------------------------------
# One command line (the name its results are stored under), its mutant read
# from a file when it starts: right_inverse with its strides doubled, then none.
mut="python3 $PWD/tests/suts/oracle_mutant.py $lc @$tmp/which"
echo RIGHT_INVERSE_DOUBLED >"$tmp/which"
status 1 "right_inverse doubled" "$lc" fuzz --config "$tmp/c.yaml" --sut "$mut" --postconditions \
  --property 'wp.*inverse' --cases 200 --db "$tmp/m.db"
has_text "right_inverse doubled" "FAILS wp.right_inverse" "$tmp/out"
# right_inverse(2:1) = 2:1, doubled 2:2: R(1) = 2, L(2) = 2, R(2) = 4.
has_text "shrunk" "L = 2:1" "$tmp/out"
has_text "shrunk" "R = 2:2: R(L(R(1))) = 4 but R(1) = 2" "$tmp/out"
hasnt_text "left_inverse untouched" "FAILS wp.left_inverse" "$tmp/out"
same "stored for the SUT" "$(q "$tmp/m.db" "select property || '|' || input from counterexamples where sut = '$mut'")" \
  "wp.right_inverse|right_inverse 2:1"
status 1 "replay, still mutated" "$lc" replay --config "$tmp/c.yaml" --sut "$mut" --db "$tmp/m.db"
has_text "replay, still mutated" "STILL FAILS wp.right_inverse: L = 2:1" "$tmp/out"
echo NONE >"$tmp/which"
status 0 "replay, fixed" "$lc" replay --config "$tmp/c.yaml" --sut "$mut" --db "$tmp/m.db"
has_text "replay, fixed" "fixed wp.right_inverse: L = 2:1" "$tmp/out"
same "marked fixed" "$(q "$tmp/m.db" "select status from counterexamples where property = 'wp.right_inverse'")" fixed

finish
