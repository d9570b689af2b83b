#!/usr/bin/env bash
# cute_adapter.sh -- checks of adapters/cute_cpp/cute_adapter.py, CuTe C++ as
# a system under test: a batch of requests (results, compile-time refusals,
# a malformed line, an unsupported op, a blank and a comment line), the answer
# cache (a second run answers without the compiler), --dynamic (a refusal and
# a run-time fault), a corrupt cache file, absent headers.  Prints one
# summary line "N passed, N failed[, N skipped]".
#
# The expected answers are CuTe's own: adapters/cute_cpp/expected_values.cpp
# computes each with CuTe C++ directly (hand-written calls, not the adapter's
# generated code); its printouts are copied here with the '_' of static
# integers removed.  The refusal messages are the static_asserts g++ stops at
# when that file is built with -DREFUSE_1 .. -DREFUSE_6; with -DFAULT_1 it
# dies of a division by zero (UBSan's message with -fsanitize=integer-divide-by-zero).
#
# Without g++, python3 or the CUTLASS headers ($CUTLASS_DIR, default
# ../shared/third_party/cutlass/include) every check is counted skipped.
set -u
cd "$(dirname "$0")/.." || exit 2
export LC_ALL=C

adapter=adapters/cute_cpp/cute_adapter.py
cutlass=${CUTLASS_DIR:-../shared/third_party/cutlass/include}
total=11
passed=0 failed=0

missing=""
command -v python3 >/dev/null 2>&1 || missing="python3"
command -v g++ >/dev/null 2>&1 || missing="$missing g++"
[ -f "$cutlass/cute/layout.hpp" ] || missing="$missing CUTLASS headers ($cutlass)"
if [ -n "$missing" ]; then
  echo "SKIPPED: CuTe C++ adapter checks: missing$missing"
  echo "0 passed, 0 failed, $total skipped"
  exit 0
fi
export CUTLASS_DIR=$cutlass

tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

# check NAME CMD...: one passed check if CMD succeeds, else one failed.
check() {
  local name=$1
  shift
  if "$@"; then
    passed=$((passed + 1))
  else
    echo "FAIL: $name"
    failed=$((failed + 1))
  fi
}

# same FILE WANT: FILE holds exactly the lines of WANT; else show the diff.
same() {
  printf '%s\n' "$2" >"$tmp/want"
  diff "$tmp/want" "$1" >"$tmp/diff" && return 0
  sed 's/^/  | /' "$tmp/diff" | head -n 40
  return 1
}

# --- 1. a static batch ------------------------------------------------------
cat >"$tmp/req" <<'EOF'
size (2,3):(1,2)
composition (31,2):(6,3) 2:4
complement (4,4):(1,16) 128

# a comment: no answer
complement (2,2):(1,1)
cute_logical_divide (4,8):(1,4) (2,2):(1,4)
composition (4,3):(3,1) 3:2
zipped_divide (8,6):(1,8) <4:1,3:1>
no_such_op 1:1
flat_divide (8,6):(1,8) <4,3>
size (2,3:(1,2)
tiled_product (2,2):(1,2) <3:1,2:1>
left_inverse 20:2
left_inverse (2,2,2):(1,3,4)
composition (4,4):(1,5) 2:6
right_inverse (4,8):(8,1)
nullspace (4,2,3):(1,0,0)
max_common_vector (4,8):(1,4) (32):(1)
blocked_product (2,2):(1,2) (3,4):(1,3)
raked_product (2,2):(1,2) (3,4):(1,3)
apply (3,4):(4,1) 7
coalesce ((2,2),(3,3),(5,5)):((1,2),(4,12),(36,180)) ((2,2),9,25)
rank ((2,3),4)
size (4)
cute_filter (64,8,8,128):(8,1,0,512)
upcast (8,64):(64,1) 2
recast_layout (8,64):(64,1) 16 32
make_layout_like (2,3,4,5):(0,42,4,0)
cute_make_ordered_layout (2,2,2,2) (0,2,3,1)
composition 2:1 3:1 4:1
apply Sw<3,4,3> 128
composition Sw<1,2,3> Sw<2,2,3>
apply Sw<3,4,3> o _0 o (_8,_64):(_64,_1) (2,1)
tile_to_shape Sw<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1) (128,64)
apply (4,2):(_-1,_4) 3
cosize (4,2):(-1,4)
composition (1,(2,4)):(0,(-1,512)) 4:-1
size (4,-2):(1,2)
make_identity_layout ((2,3),4)
apply (4,8):(1@0,1@1) 11
composition (4,8):(1@0,1@1) (2,4):(8,1)
apply (4,2):(1@0,2) 4
size (4,8):(1@0,1@x)
EOF
want_static='6
2:24
(4,2):(4,64)
error: CuTe refuses: Non-injective Layout detected in complement.
((2,2),(2,4)):((1,4),(2,8))
error: CuTe refuses: Shape Divisibility Condition
((4,3),(2,2)):((1,8),(4,24))
error: unsupported op no_such_op
(4,3,2,2):(1,8,4,24)
error: argument 1: column 6: stride is not congruent to the shape
((2,2),3,2):((1,2),2,1)
(2,20):(0,1)
error: CuTe refuses: Left inverse divisibility condition
error: CuTe refuses: Stride Divisibility Condition
(8,4):(4,1)
(2,3):(4,8)
32
((2,3),(2,4)):((1,4),(2,12))
((3,2),(4,2)):((4,1),(12,2))
6
((2,2),9,25):((1,2),4,36)
2
4
(64,8,128):(8,1,512)
(8,32):(32,1)
(8,32):(32,1)
(2,3,4,5):(0,4,1,0)
(2,2,2,2):(1,4,8,2)
error: composition takes 2 arguments, got 3
144
Sw<1,3,3>
145
Sw<3,4,3> o smem_ptr[16b](unset) o ((8,16),(64,1)):((64,512),(1,0))
-3
8
(2,2):(1,-512)
error: argument 1: column 4: expected an integer, found '"'"'-'"'"'
((2,3),4):((1@0@0,1@1@0),1@1)
(3,2)
(2,4):(2@1,1@0)
error: CuTe refuses: ScaledBasis op+ error!
error: argument 1: column 14: expected a mode index 0..63 after '"'"'@'"'"', found '"'"'x'"'"''

python3 "$adapter" --no-pch --cache "$tmp/cache.db" <"$tmp/req" >"$tmp/out1" 2>"$tmp/err1"
status=$?
check "static batch: exit status 0" [ "$status" -eq 0 ]
check "static batch: CuTe's answers, in order" same "$tmp/out1" "$want_static"

# --- 2. the cache: the same answers without the compiler ---------------------
mkdir "$tmp/bin"
cat >"$tmp/bin/g++" <<EOF
#!/bin/sh
case "\$1" in --version) exec "$(command -v g++)" "\$@" ;; esac
echo "\$*" >>"$tmp/compiler_called"
exit 1
EOF
chmod +x "$tmp/bin/g++"
PATH="$tmp/bin:$PATH" python3 "$adapter" --cache "$tmp/cache.db" <"$tmp/req" >"$tmp/out2"
check "cache: the same answers" same "$tmp/out2" "$want_static"
check "cache: no compile" [ ! -e "$tmp/compiler_called" ]

# --- 3. --dynamic: runtime ints ------------------------------------------------
printf '%s\n' 'coalesce (2,4):(1,2)' 'composition (31,2):(6,3) 2:4' \
  'logical_divide 8:1 0:1' 'complement (4,4):(1,16) 128' 'right_inverse (4,8):(8,1)' \
  >"$tmp/dyn"
want_dynamic='(2,4):(1,2)
(2,1):(24,3)
error: CuTe fails at run time: division by zero
error: CuTe refuses: Dynamic-stride complement only for rank-1 layouts
1:0'
python3 "$adapter" --dynamic --no-pch --cache "$tmp/cache.db" <"$tmp/dyn" >"$tmp/out3" 2>"$tmp/err3"
check "dynamic: a fault and a refusal each for its own request" same "$tmp/out3" "$want_dynamic"

# --- 4. a corrupt cache file is bypassed ------------------------------------
printf 'this is not an SQLite database, only text\n%.0s' $(seq 200) >"$tmp/corrupt.db"
printf '%s\n' 'size (2,3):(1,2)' 'complement (2,2):(1,1)' >"$tmp/two"
python3 "$adapter" --no-pch --cache "$tmp/corrupt.db" <"$tmp/two" >"$tmp/out4" 2>"$tmp/err4"
status=$?
check "corrupt cache: answers still right" same "$tmp/out4" '6
error: CuTe refuses: Non-injective Layout detected in complement.'
check "corrupt cache: reported on stderr, exit 0" \
  grep -q "cache $tmp/corrupt.db unusable" "$tmp/err4"
check "corrupt cache: exit status 0" [ "$status" -eq 0 ]

# --- 5. absent headers: every request answered, with what is missing ---------
printf '%s\n' 'size 4:1' '' 'no_such_op 1' 'cosize (2,3):(1,2)' >"$tmp/three"
python3 "$adapter" --cutlass "$tmp/none" --no-cache <"$tmp/three" >"$tmp/out5" 2>/dev/null
status=$?
check "absent headers: one error per request" same "$tmp/out5" \
"error: CuTe headers not found: $tmp/none/cute/layout.hpp (set CUTLASS_DIR or --cutlass)
error: unsupported op no_such_op
error: CuTe headers not found: $tmp/none/cute/layout.hpp (set CUTLASS_DIR or --cutlass)"
check "absent headers: exit status 1 at the end of input" [ "$status" -eq 1 ]

# --- 6. read-ahead keeps one answer per line, in order ----------------------
python3 - "$adapter" "$tmp/cache.db" >"$tmp/out6" <<'EOF'
import subprocess, sys
p = subprocess.Popen([sys.executable, sys.argv[1], "--cache", sys.argv[2]],
                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
p.stdin.write("size (2,3):(1,2)\n")
p.stdin.flush()
print(p.stdout.readline().strip())
p.stdin.write("rank ((2,3),4)\nno_such_op\n\napply (3,4):(4,1) 7\n")
p.stdin.flush()
for _ in range(3):
    print(p.stdout.readline().strip())
p.stdin.close()
print("exit", p.wait())
EOF
check "interactive: answers as they are asked" same "$tmp/out6" '6
2
error: unsupported op no_such_op
6
exit 0'

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
