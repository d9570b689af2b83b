#!/usr/bin/env bash
# pycute_cli.sh LAYOUTCHECK -- a system under test's bounds (--sut-bounds,
# sut_bounds in the configuration) and the pycute adapter:
#   1. --sut-bounds and sut_bounds: errors name the key and the value;
#   2. a SUT that refuses empty tuples (rank-1 layouts, nested shapes)
#      disagrees without the bound and agrees with it (tests/suts/picky_sut.sh;
#      the bounds of the argument forms: tests/forms_cli.sh);
#   3. the adapter where pycute is missing: one clear error per request;
#   4. with pycute (PYCUTE_DIR, default ../shared/third_party/pycute/python;
#      skipped without it): answers checked by hand, every entry of
#      adapters/pycute_known.yaml still diverges, each form reaches pycute
#      as its users write it (an integer an int, a shape a tuple, '_' None:
#      the product-by-integer input gives pycute's wrong answer), the run
#      bounded around pycute's divergences agrees, and one planted bug of tests/suts/pycute_mutant.py is
#      found, shrunk, and agrees on replay against the unmutated adapter.
# Prints "N passed, N failed" (", N skipped" when pycute is absent).
set -u
cd "$(dirname "$0")/.." || exit 2
root=$PWD
lc=${1:?usage: tests/pycute_cli.sh LAYOUTCHECK}
lc=$(cd "$(dirname "$lc")" && pwd)/$(basename "$lc")
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
. tests/lib.sh
# status WANT NAME CMD...: CMD exits with WANT (its output in $tmp/out, $tmp/err)

# --- 1. errors ------------------------------------------------------------
picky="$root/tests/suts/picky_sut.sh"
status 2 "unknown bound" "$lc" fuzz --sut "$picky empty $lc" --db "$tmp/e.db" --sut-bounds rank=1
has_text "unknown bound" "--sut-bounds: unknown bound 'rank'; known: empty_layout, min_rank, max_rank, max_depth, tilers, int_operand, shape_operand, int_entries, nested_tilers, underscore, cotarget_shape, cotarget_layout, swizzles, composed, smem_ptr, swizzle_edge" "$tmp/err"
status 2 "bad boolean" "$lc" fuzz --sut "$picky empty $lc" --db "$tmp/e.db" --sut-bounds tilers=0
has_text "bad boolean" "--sut-bounds: tilers: expected true or false, found '0'" "$tmp/err"
status 2 "min above max" "$lc" fuzz --sut "$picky empty $lc" --db "$tmp/e.db" \
  --sut-bounds min_rank=3,max_rank=2
has_text "min above max" "--sut-bounds: min_rank 3 is above max_rank 2" "$tmp/err"
printf 'sut_bounds:\n  max_depth: x\n' >"$tmp/bad.yaml"
status 2 "config" "$lc" fuzz --config "$tmp/bad.yaml" --sut "$picky empty $lc" --db "$tmp/e.db"
has_text "config" "$tmp/bad.yaml:2:14: sut_bounds.max_depth: expected an integer from 0 to 64, found 'x'" "$tmp/err"
[ -e "$tmp/e.db" ] && bad "a refused run made a database" || ok

# --- 2. the bounds aim the run --------------------------------------------
printf 'seed: 3\nsut_timeout: 10\n' >"$tmp/c.yaml"
status 1 "empty, unbounded" "$lc" fuzz --config "$tmp/c.yaml" --sut "$picky empty $lc" \
  --ops composition,coalesce --cases 300 --db "$tmp/u.db"
has_text "empty, unbounded" "DISAGREE sut.composition" "$tmp/out"
has_text "empty, unbounded" "no empty tuples here" "$tmp/out"
status 0 "empty, bounded" "$lc" fuzz --config "$tmp/c.yaml" --sut "$picky empty $lc" \
  --ops composition,coalesce --cases 300 --db "$tmp/b.db" --sut-bounds empty_layout=false
has_text "empty, bounded" "0 distinct disagreements" "$tmp/out"
grep -q -E '^composition +function +300 +300 +0 +0 ' "$tmp/out" && ok ||
  { bad "empty, bounded: not 300 cases agreed"; cat "$tmp/out"; }
status 1 "rank 1, unbounded" "$lc" fuzz --config "$tmp/c.yaml" --sut "$picky scalar $lc" \
  --ops coalesce --cases 300 --db "$tmp/su.db"
has_text "rank 1, unbounded" "no integer shapes here" "$tmp/out"
status 0 "rank 1, bounded" "$lc" fuzz --config "$tmp/c.yaml" --sut "$picky scalar $lc" \
  --ops coalesce --cases 300 --db "$tmp/sb.db" --sut-bounds min_rank=2
has_text "rank 1, bounded" "0 distinct disagreements" "$tmp/out"
printf 'seed: 3\nsut_timeout: 10\nsut_bounds:\n  max_depth: 1\n' >"$tmp/d.yaml"
status 1 "nested, unbounded" "$lc" fuzz --config "$tmp/c.yaml" --sut "$picky nested $lc" \
  --ops composition --cases 300 --db "$tmp/nu.db"
has_text "nested, unbounded" "no nesting here" "$tmp/out"
status 0 "nested, bounded in the file" "$lc" fuzz --config "$tmp/d.yaml" \
  --sut "$picky nested $lc" --ops composition --cases 300 --db "$tmp/nb.db"
has_text "nested, bounded in the file" "0 distinct disagreements" "$tmp/out"

# --- 3. the adapter without pycute -----------------------------------------
printf 'size 4:1\ncoalesce (2,2):(1,2)\n' >"$tmp/req"
PYCUTE_DIR=$tmp/none python3 adapters/pycute_adapter.py <"$tmp/req" >"$tmp/out" 2>"$tmp/err"
same "missing: exit" "$?" 0
same "missing: answers" "$(cat "$tmp/out")" \
  "error: pycute not found at $tmp/none (set PYCUTE_DIR)
error: pycute not found at $tmp/none (set PYCUTE_DIR)"
same "missing: said once" "$(cat "$tmp/err")" "pycute not found at $tmp/none (set PYCUTE_DIR)"
PYCUTE_DIR=$tmp/none python3 adapters/pycute_adapter.py --pycute "$tmp/other" <"$tmp/req" \
  >"$tmp/out" 2>/dev/null
same "--pycute beats PYCUTE_DIR" "$(head -n 1 "$tmp/out")" \
  "error: pycute not found at $tmp/other (set PYCUTE_DIR)"

# --- 4. with pycute ---------------------------------------------------------
pydir=${PYCUTE_DIR:-../shared/third_party/pycute/python}
if [ ! -f "$pydir/pycute/__init__.py" ]; then
  echo "skipped: pycute not found at $pydir (set PYCUTE_DIR)"
  skipped=$((skipped + 4))
  echo "$passed passed, $failed failed, $skipped skipped"
  [ "$failed" -eq 0 ]
  exit
fi
# by hand: (2,3):(1,2) has size 6 and cosize 1+1*1+2*2 = 6; (2,2):(1,2) is
# 4:1 coalesced; the complement of 2:2 within 8 is (2,2):(1,4) (1 below
# stride 2, then the rest 8/4 = 2 of stride 4)
printf 'size (2,3):(1,2)\ncosize (2,3):(1,2)\ncoalesce (2,2):(1,2)\ncomplement 2:2 8\nno_op 1\n' \
  >"$tmp/req"
same "answers" "$(python3 adapters/pycute_adapter.py <"$tmp/req")" \
  "6
6
4:1
(2,2):(1,4)
error: unsupported op no_op"
# the forms as pycute's users write them.  By hand: logical_divide of the
# modes, 8:1 / 4:1 = 8:1 o (4:1, 2:4) = (4,2):(1,4) and 8:8 / 2:1 =
# 8:8 o (2:1, 4:2) = (2,4):(8,16), is what pycute answers for the product
# (its logical_product of an integer calls logical_divide); CuTe C++ answers
# ((8,4),(8,2)):((1,8),(8,1)) (A, then complement(A_i, 8 n) o n:1 per mode:
# 4:8 and 2:1) and (8,4):(1,8) for 8:1 and 4, as the oracle does.  '_'
# (None) leaves mode 1 as it is: 6:8 / 2:1 = (2,3):(8,16).  A nested tiler
# divides the modes of (4,8):(1,4): (2,2):(1,2) and (4,2):(4,16).  A shape
# cotarget reaches pycute's complement as a tuple, which it cannot add to.
printf '%s\n' 'logical_product (8,8):(1,8) (4,2)' 'logical_product 8:1 4' \
  'logical_divide (8,6):(1,8) <_,2>' 'logical_divide (_8,_6):(_1,_8) <_,_2>' \
  'logical_divide ((4,8)):((1,4)) <(2,4)>' 'complement 2:2 (2,4)' >"$tmp/req"
python3 adapters/pycute_adapter.py <"$tmp/req" >"$tmp/py"
same "forms: pycute" "$(cat "$tmp/py")" "((4,2),(2,4)):((1,4),(8,16))
(4,2):(1,4)
(8,(2,3)):(1,(8,16))
(8,(2,3)):(1,(8,16))
(((2,2),(4,2))):(((1,2),(4,16)))
error: TypeError: can only concatenate tuple (not \"int\") to tuple"
same "forms: oracle" "$("$lc" eval --batch <"$tmp/req" | head -n 2)" "((8,4),(8,2)):((1,8),(8,1))
(8,4):(1,8)"
# each known divergence still diverges
grep '^  - input: ' adapters/pycute_known.yaml | sed 's/^  - input: "\(.*\)"$/\1/' >"$tmp/known"
same "known entries" "$(wc -l <"$tmp/known")" 28
python3 adapters/pycute_adapter.py <"$tmp/known" >"$tmp/py"
"$lc" eval --batch <"$tmp/known" >"$tmp/or"
same "known still diverge" "$(paste -d'|' "$tmp/py" "$tmp/or" | awk -F'|' '$1 == $2' | wc -l)" 0
# the bounded run: around its divergences (the empty layout, the forms it
# does not take as CuTe does), pycute agrees on the ops without another
status 0 "bounded pycute" "$lc" fuzz --config "$tmp/c.yaml" \
  --sut "python3 $root/adapters/pycute_adapter.py" --cases 200 --db "$tmp/p.db" \
  --sut-bounds empty_layout=false,tilers=false,int_operand=false,shape_operand=false,cotarget_shape=false,cotarget_layout=false \
  --ops size,cosize,apply,coalesce,filter,complement,composition,logical_divide,zipped_product
has_text "bounded pycute" "0 distinct disagreements" "$tmp/out"
# the smoke run: every op, unbounded, with the adapter's known list; each
# distinct disagreement must be one of the known ones (a new one fails)
status 0 "smoke run with --known" "$lc" fuzz --config "$tmp/c.yaml" \
  --sut "python3 $root/adapters/pycute_adapter.py" --cases 300 --db "$tmp/k.db" \
  --known "$root/adapters/pycute_known.yaml"
has_text "smoke run with --known" "pycute_known.yaml (28 new to the database)" "$tmp/out"
has_text "smoke run with --known" "new 0, still open 0, known 28, fixed 0" "$tmp/out"
hasnt_text "smoke run with --known" "DISAGREE" "$tmp/out"
# without the list, the same run stores each of them as new and exits 1
status 1 "smoke run without --known" "$lc" fuzz --config "$tmp/c.yaml" \
  --sut "python3 $root/adapters/pycute_adapter.py" --cases 300 --db "$tmp/n.db"
has_text "smoke run without --known" ", still open 0, known 0, fixed 0" "$tmp/out"
hasnt_text "smoke run without --known" "new 0, still open" "$tmp/out"
# a planted bug: found, shrunk, and not there on replay without it
PYCUTE_MUTANT=COMPLEMENT_FLOOR status 1 "mutant" "$lc" fuzz --config "$tmp/c.yaml" \
  --sut "python3 $root/tests/suts/pycute_mutant.py" --ops complement --cases 300 \
  --db "$tmp/m.db" --sut-bounds empty_layout=false,cotarget_shape=false,cotarget_layout=false
has_text "mutant" "DISAGREE sut.complement" "$tmp/out"
PYCUTE_MUTANT= status 0 "mutant replay" "$lc" replay --config "$tmp/c.yaml" \
  --sut "python3 $root/tests/suts/pycute_mutant.py" --db "$tmp/m.db"
has_text "mutant replay" " fixed: complement " "$tmp/out"
hasnt_text "mutant replay" "STILL" "$tmp/out"
finish
