#!/usr/bin/env bash
# gpu_cli.sh LAYOUTCHECK -- command-line checks of `layoutcheck gpu`: the
# skip without a CUDA device or without the GPU program (exit 0, or 2 when
# the configuration requires a GPU), the import of result files of format
# versions 1 and 2 into results.db (with stand-in programs that write one),
# the refusal of broken programs and files (another version included), and
# bin/layoutcheck-gpu itself when `make gpu` built it: its skip, its host
# emulation of both paths (CuTe's code on the CPU), the same results for
# one host thread and two, and the import of what it writes; and
# bin/layoutcheck-bank when built: its skip, its host emulation, and its
# predictions against the op bank_conflicts.  Prints
# "N passed, N failed" (", N skipped" when checks could not run).
set -u
cd "$(dirname "$0")/.." || exit 2
root=$PWD
lc=${1:?usage: tests/gpu_cli.sh LAYOUTCHECK}
lc=$(cd "$(dirname "$lc")" && pwd)/$(basename "$lc")
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0 skipped=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }
# status WANT NAME CMD...: CMD exits with WANT
status() {
  local want=$1 name=$2
  shift 2
  "$@" >"$tmp/out" 2>"$tmp/err"
  local got=$?
  if [ "$got" -eq "$want" ]; then ok; else bad "$name: exit $got, expected $want"; cat "$tmp/out" "$tmp/err"; fi
}
has() { if grep -q -- "$2" "$3"; then ok; else bad "$1: no '$2' in $3"; sed 's/^/  | /' "$3"; fi; }
hasnt() { if grep -q -- "$2" "$3"; then bad "$1: '$2' in $3"; else ok; fi; }
# same NAME GOT WANT
same() { if [ "$2" = "$3" ]; then ok; else bad "$1: got '$2', expected '$3'"; fi; }

# q DB SQL: the rows of a query, columns separated by '|' (sqlite3's
# format), with the sqlite3 shell or Python; "no-sqlite" when neither runs.
q() {
  if command -v sqlite3 >/dev/null 2>&1; then
    sqlite3 "$1" "$2"
  elif command -v python3 >/dev/null 2>&1; then
    python3 -c 'import sqlite3, sys
for row in sqlite3.connect(sys.argv[1]).execute(sys.argv[2]):
    print("|".join("" if v is None else str(v) for v in row))' "$1" "$2"
  else
    echo no-sqlite
  fi
}
# dbsame NAME DB SQL WANT: the query answers WANT (skipped without a client)
dbsame() {
  local got
  got=$(q "$2" "$3")
  if [ "$got" = no-sqlite ]; then skipped=$((skipped + 1)); else same "$1" "$got" "$4"; fi
}

cd "$tmp" || exit 2
printf 'gpu:\n  required: true\n  layouts: 20\n' >required.yaml
printf 'gpu:\n  layouts: 20\n' >optional.yaml

# --- no GPU program: skipped, exit 0; 2 when a GPU is required -------------
status 0 "no program" "$lc" gpu --db a.db --program "$tmp/none" --layouts 20
has "no program" "^skipped: no CUDA device$" out
has "no program" "no GPU program" err
status 2 "no program, GPU required" "$lc" gpu --config required.yaml --db a.db --program "$tmp/none"
has "no program, GPU required" "^skipped: no CUDA device$" out
has "no program, GPU required" "gpu.required" err
dbsame "skipped runs stored" a.db "SELECT count(*), sum(skipped), count(device) FROM gpu_runs" "2|2|0"
# the program next to the executable (absent or, on a GPU-less machine, skipping)
"$lc" gpu --config optional.yaml --db a.db >out 2>err
st=$?
if { [ $st -eq 0 ] && grep -q -E '^(skipped: no CUDA device|mismatches: 0)$' out; }; then ok; else
  bad "default program: exit $st"
  cat out err
fi

# --- usage and configuration errors ------------------------------------------
status 2 "unknown flag" "$lc" gpu --frobnicate
status 2 "missing value" "$lc" gpu --layouts
status 2 "bad layouts" "$lc" gpu --layouts x --db a.db
has "bad layouts" "--layouts: expected a non-negative integer" err
status 2 "bad seed" "$lc" gpu --seed -1 --db a.db
printf 'gpu:\n  required: maybe\n' >bad.yaml
status 2 "bad config" "$lc" gpu --config bad.yaml --db a.db
has "bad config" "bad.yaml:2:13" err
status 0 "help lists gpu" "$lc" help
has "help lists gpu" "^ *gpu " out

# --- stand-in programs writing result files ---------------------------------
# fake.sh writes what FAKE_MODE says to the file of --out, and its
# arguments to args.txt.
cat >fake.sh <<'EOF'
#!/usr/bin/env bash
printf '%s\n' "$@" >"$(dirname "$0")/args.txt"
out= layouts=0
while [ $# -gt 0 ]; do
  case $1 in
    --out) out=$2; shift ;;
    --layouts) layouts=$2; shift ;;
  esac
  shift
done
h="layoutcheck-gpu 1 skipped=0 layouts=$layouts offsets=5000 elements=4000"
tail="truncated=12 passes=1 seed=42 seconds=1.250 gbps=812.500 device=Fake GPU 80GB"
case $FAKE_MODE in
  clean) echo "$h mismatches=0 reported=0 $tail" >"$out"; exit 0 ;;
  mismatch)
    { echo "$h mismatches=3 reported=2 $tail"
      echo "mismatch gather 5 77 78 (2,3):(1,2)"
      echo "mismatch compose_device -1 0 3 (4,5):(2,8) = composition 20:2 (4,5):(1,4)"
    } >"$out"
    exit 1 ;;
  skipped)
    echo "layoutcheck-gpu 1 skipped=1 layouts=0 offsets=0 elements=0 mismatches=0 reported=0 truncated=0 passes=0 seed=42 seconds=0.000 gbps=0.000 device=none" >"$out"
    echo "skipped: no CUDA device"
    case " $* " in *" --require-gpu "*) exit 2 ;; esac
    exit 0 ;;
  crash) exit 2 ;;
  garbage) echo "hello" >"$out"; exit 0 ;;
  short) { echo "$h mismatches=2 reported=2 $tail"; echo "mismatch gather 5 77 78 (2):(1)"; } >"$out"; exit 1 ;;
  liar) echo "$h mismatches=1 reported=0 $tail" >"$out"; exit 0 ;;
  killed) echo "$h mismatches=0 reported=0 $tail" >"$out"; kill -9 $$ ;;
  badline) { echo "$h mismatches=1 reported=1 $tail"; echo "mismatch gather five 77 78 (2):(1)"; } >"$out"; exit 1 ;;
  v2|v2short|v2sums|v2badpath)
    h2="layoutcheck-gpu 2 skipped=0 layouts=$layouts offsets=30 elements=7 mismatches=1 reported=1"
    own="path own layouts=$layouts offsets=10 elements=3 mismatches=0 reported=0 passes=1 bytes=400 kernel_seconds=0.000001 gbps=400.000 truncated=2"
    cute="path cute layouts=$layouts offsets=20 elements=4 mismatches=1 reported=1 passes=2 bytes=500 kernel_seconds=0.000001 gbps=500.000 items=9 exact=3 nearest=1 unmapped=1 int_skipped=2 compose_same=1 compose_differs=0 compose_refused=0 compose_unmapped=1 compose_zero_stride=1"
    { echo "$h2 truncated=2 passes=3 seed=42 seconds=1.000 gbps=450.000 copy_gbps=2000.000 paths=2 device=Fake GPU 80GB"
      echo "$own"
      case $FAKE_MODE in
        v2) echo "$cute" ;;
        v2sums) echo "${cute/elements=4/elements=5}" ;;
        v2badpath) echo "${cute/items=9 /}" ;;
      esac
      echo "mismatch cute_gather:int 3 77 78 (2,3):(1,2) ; cute (2,3):(1,2)"
    } >"$out"
    exit 1 ;;
  v3) echo "layoutcheck-gpu 3 skipped=0 layouts=1 whatever" >"$out"; exit 0 ;;
esac
exit 3
EOF
chmod +x fake.sh

FAKE_MODE=clean status 0 "clean run" "$lc" gpu --db b.db --program "$tmp/fake.sh" --layouts 20 \
  --seed 42 --device 1 --min-elements 1000
has "clean run" "^device: Fake GPU 80GB$" out
has "clean run" "^layouts: 20$" out
has "clean run" "^elements dereferenced: 4000$" out
has "clean run" "^mismatches: 0$" out
has "clean run" "^GB/s: 812.5$" out
has "clean run" "^32-bit truncations caught: 12$" out
has "clean run" "^stored: gpu run 1 in b.db$" out
same "arguments passed" "$(tr '\n' ' ' <args.txt | sed 's/--out [^ ]* //')" \
  "--layouts 20 --seed 42 --quiet --device 1 --min-elements 1000 "
dbsame "clean run stored" b.db \
  "SELECT id, device, layouts, elements, mismatches, gbps, seconds, skipped, run_at LIKE '20%Z' FROM gpu_runs" \
  "1|Fake GPU 80GB|20|4000|0|812.5|1.25|0|1"
# gpu.layouts and gpu.required reach the program
FAKE_MODE=clean status 0 "layouts from the config" "$lc" gpu --config required.yaml --db b.db \
  --program "$tmp/fake.sh"
has "layouts from the config" "^layouts: 20$" out
has "required reaches the program" "^--require-gpu$" args.txt

FAKE_MODE=mismatch status 1 "mismatch run" "$lc" gpu --db b.db --program "$tmp/fake.sh" --layouts 7
has "mismatch run" "^mismatches: 3$" out
has "mismatch run" "^MISMATCH gather at 5: expected 77, got 78$" out
has "mismatch run" "^  (4,5):(2,8) = composition 20:2 (4,5):(1,4)$" out
has "mismatch run" "2 mismatches reported and stored of 3" out
dbsame "mismatch run stored" b.db "SELECT id, layouts, mismatches, skipped FROM gpu_runs WHERE id = 3" \
  "3|7|3|0"
dbsame "mismatches stored" b.db \
  "SELECT run_id, check_kind, coalesce(index_value, 'null'), expected, got, layout FROM gpu_mismatches ORDER BY rowid" \
  "3|gather|5|77|78|(2,3):(1,2)
3|compose_device|null|0|3|(4,5):(2,8) = composition 20:2 (4,5):(1,4)"

FAKE_MODE=skipped status 0 "program finds no device" "$lc" gpu --db b.db --program "$tmp/fake.sh"
has "program finds no device" "^skipped: no CUDA device$" out
hasnt "program finds no device: one skip line" "stored" out
if [ "$(grep -c 'skipped' out)" -eq 1 ]; then ok; else bad "skip line printed twice"; fi
FAKE_MODE=skipped status 2 "program finds no device, GPU required" "$lc" gpu \
  --config required.yaml --db b.db --program "$tmp/fake.sh"
has "program finds no device, GPU required" "^skipped: no CUDA device$" out
dbsame "skips stored" b.db "SELECT count(*) FROM gpu_runs WHERE skipped = 1" "2"

# broken programs and result files: exit 2, nothing stored
before=$(q b.db "SELECT count(*) FROM gpu_runs")
for mode in crash:"fake.sh failed (exit status 2)" garbage:"not a layoutcheck-gpu result header" \
  short:"1 mismatch lines, the header says 2" liar:"exited with status 0 but counted 1" \
  killed:"killed by signal 9" badline:":2: malformed mismatch line"; do
  FAKE_MODE=${mode%%:*} status 2 "broken program: ${mode%%:*}" "$lc" gpu --db b.db \
    --program "$tmp/fake.sh"
  has "broken program: ${mode%%:*}" "${mode#*:}" err
done
dbsame "nothing stored for broken programs" b.db "SELECT count(*) FROM gpu_runs" "$before"
# version 2: a line per path, the copy bandwidth, the CuTe path's counts
FAKE_MODE=v2 status 1 "version 2" "$lc" gpu --db b.db --program "$tmp/fake.sh" --layouts 5
has "version 2" "^copy GB/s: 2000.0 " out
has "version 2" "^path own: offsets 10, elements dereferenced 3, mismatches 0, GB/s 400.0 (0.200 of copy)$" out
has "version 2" "^path cute: offsets 20, elements dereferenced 4, mismatches 1, GB/s 500.0 (0.250 of copy)$" out
has "version 2" "items 9, int strides skipped 2" out
has "version 2" "^elements dereferenced: 7$" out
has "version 2" "^MISMATCH cute_gather:int at 3: expected 77, got 78$" out
dbsame "version 2 stored" b.db \
  "SELECT layouts, elements, mismatches, gbps FROM gpu_runs ORDER BY id DESC LIMIT 1" "5|7|1|450.0"
dbsame "version 2 mismatch stored" b.db \
  "SELECT check_kind, layout FROM gpu_mismatches ORDER BY rowid DESC LIMIT 1" \
  "cute_gather:int|(2,3):(1,2) ; cute (2,3):(1,2)"
before=$(q b.db "SELECT count(*) FROM gpu_runs")
for mode in v3:"result format version 3 is not supported" v2short:":3: malformed path line" \
  v2sums:"do not add up" v2badpath:":3: malformed path line"; do
  FAKE_MODE=${mode%%:*} status 2 "broken version 2: ${mode%%:*}" "$lc" gpu --db b.db \
    --program "$tmp/fake.sh"
  has "broken version 2: ${mode%%:*}" "${mode#*:}" err
done
dbsame "nothing stored for broken version 2 files" b.db "SELECT count(*) FROM gpu_runs" "$before"

TMPDIR=$tmp/t FAKE_MODE=clean status 2 "missing TMPDIR" "$lc" gpu --db b.db --program "$tmp/fake.sh"
mkdir -p t
TMPDIR=$tmp/t FAKE_MODE=clean status 0 "TMPDIR" "$lc" gpu --db b.db --program "$tmp/fake.sh"
same "result file removed" "$(ls t)" ""

# --- the standalone program, when `make gpu` built it -----------------------
gpu=$root/bin/layoutcheck-gpu
if [ -x "$gpu" ]; then
  "$gpu" --layouts 20 --out r.txt >out 2>err
  st=$?
  if grep -q '^skipped: no CUDA device$' out; then
    same "standalone without a device: exit" "$st" 0
    has "standalone without a device: result file" "^layoutcheck-gpu 2 skipped=1 .* paths=0 device=none$" r.txt
    status 2 "standalone without a device, --require-gpu" "$gpu" --require-gpu --out r.txt
    status 2 "layoutcheck gpu, GPU required" "$lc" gpu --config required.yaml --db c.db --program "$gpu"
    has "layoutcheck gpu, GPU required" "^skipped: no CUDA device$" out
  else
    same "standalone on a device: exit" "$st" 0
    has "standalone on a device: no mismatch" "^mismatches: 0$" out
    has "standalone on a device: result file" "^layoutcheck-gpu 2 skipped=0 layouts=20 .* paths=2 " r.txt
  fi
  status 0 "layoutcheck gpu with the program" "$lc" gpu --config optional.yaml --db c.db --program "$gpu"
  if grep -q -E '^(skipped: no CUDA device|mismatches: 0)$' out; then ok; else bad "layoutcheck gpu with the program: $(cat out)"; fi
  # the host emulation: both paths, CuTe's indexing run on the CPU
  status 0 "emulated run" "$gpu" --emulate --layouts 60 --seed 3 --out e.txt
  has "emulated run" "^mismatches: 0$" out
  has "emulated run" "^cute path (CuTe tensors):$" out
  has "emulated run: result file" "^layoutcheck-gpu 2 skipped=0 layouts=60 .* paths=2 device=host emulation$" e.txt
  has "emulated run: own path" "^path own layouts=60 " e.txt
  has "emulated run: cute path" "^path cute layouts=60 .* items=[1-9]" e.txt
  printf '#!/bin/sh\nexec "%s" --emulate "$@"\n' "$gpu" >emulate.sh
  chmod +x emulate.sh
  status 0 "layoutcheck gpu, emulated" "$lc" gpu --db e.db --program "$tmp/emulate.sh" --layouts 40
  has "layoutcheck gpu, emulated" "^path cute: offsets [1-9]" out
  dbsame "layoutcheck gpu, emulated: stored" e.db "SELECT layouts, mismatches, device FROM gpu_runs" \
    "40|0|host emulation"
  # the host's threads: the default is the online CPUs; the same seed gives
  # the same summary and result file with one thread and with two (timings,
  # which differ from run to run, and the thread count aside)
  status 0 "threads: default" "$gpu" --emulate --layouts 30 --seed 5 --out d.txt
  has "threads: default" "^host threads: $(getconf _NPROCESSORS_ONLN)$" out
  untimed() { grep -v -E '^(host threads|seconds|copy GB/s): |^  GB/s: |^results: ' "$1"; }
  unfielded() { sed -E 's/ (seconds|gbps|copy_gbps|kernel_seconds)=[^ ]*//g' "$1"; }
  for t in 1 2; do
    status 0 "threads: $t" "$gpu" --emulate --layouts 60 --seed 11 --min-elements 5000000 \
      --batch-elements 1048576 --threads "$t" --out "t$t.txt"
    has "threads: $t" "^host threads: $t$" out
    cp out "t$t.out"
  done
  has "threads: passes of the own path" "passes 3," t1.out
  has "threads: passes of the CuTe path" "passes 2," t1.out
  same "threads 1 and 2: summary" "$(untimed t1.out)" "$(untimed t2.out)"
  same "threads 1 and 2: result file" "$(unfielded t1.txt)" "$(unfielded t2.txt)"
  has "threads 1 and 2: cute path ran" "^path cute layouts=60 .* items=[1-9]" t2.txt
  status 2 "standalone: --threads 0" "$gpu" --emulate --threads 0
  has "standalone: --threads 0" "--threads: expected an integer in \[1, 257\], found '0'" err
  status 2 "standalone: --threads x" "$gpu" --emulate --threads x
  status 0 "standalone: --list-profiles" "$gpu" --list-profiles
  same "standalone: profiles" "$(head -n 1 out) $(sed -n 9p out) $(tail -n 1 out) $(wc -l <out)" \
    "* (********) ((**)(**)(**)) 23"
  status 2 "standalone: bad path" "$gpu" --path gpu --emulate
  has "standalone: bad path" "expected own, cute or both" err
  status 2 "standalone: unknown flag" "$gpu" --frobnicate
  status 2 "standalone: bad layouts" "$gpu" --layouts -5
  status 0 "standalone: --help" "$gpu" --help
  has "standalone: --help" "--min-elements" out
else
  skipped=$((skipped + 1))
fi

# --- the bank-conflict stage, when `make gpu` (or `make gpu-bank`) built it --
bank=$root/bin/layoutcheck-bank
if [ -x "$bank" ]; then
  "$bank" >out 2>err
  st=$?
  if grep -q '^skipped: no CUDA device$' out; then
    same "bank stage without a device: exit" "$st" 0
    status 2 "bank stage without a device, --require-gpu" "$bank" --require-gpu
  else
    same "bank stage on a device: exit" "$st" 0
    has "bank stage on a device: no mismatch" "^cases [1-9][0-9]* offsets [1-9][0-9]* mismatches 0$" out
  fi
  # the host emulation: CuTe's swizzled tensors on the CPU against the oracle
  status 0 "bank stage emulated" "$bank" --emulate --out be.txt
  has "bank stage emulated" "^cases [1-9][0-9]* offsets [1-9][0-9]* mismatches 0$" out
  has "bank stage emulated: a swizzled case" "^case f16_ldsm_sw343_ptr accesses=1 bytes=16 wavefronts=4 conflicts=0 offsets=32 mismatches=0$" be.txt
  same "bank stage emulated: result file" "$(grep -c '^case .* mismatches=0$' be.txt)" "$(grep -c '^case ' out)"
  # each case's prediction is what the op bank_conflicts answers for it
  status 0 "bank stage: --list" "$bank" --list
  cut -f 2 out >bank-req
  cut -f 3 out >bank-want
  "$lc" eval --batch <bank-req >bank-got 2>&1
  same "bank stage: predictions are the op's" "$(cat bank-got)" "$(cat bank-want)"
  status 2 "bank stage: unknown case" "$bank" --emulate --case nothing
  status 2 "bank stage: unknown flag" "$bank" --frobnicate
else
  skipped=$((skipped + 1))
fi

summary="$passed passed, $failed failed"
[ "$skipped" -eq 0 ] || summary="$summary, $skipped skipped"
echo "$summary"
[ "$failed" -eq 0 ]
