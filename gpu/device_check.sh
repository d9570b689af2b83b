#!/usr/bin/env bash
# device_check.sh -- the GPU stage's host threads on a machine with an
# NVIDIA GPU, in one call of a few minutes: it builds bin/layoutcheck-gpu
# (`make gpu` with JOBS jobs), runs LAYOUTS layouts with at least
# MIN_ELEMENTS dereferences per path on the default host threads (the
# online CPUs), then SMALL layouts (MIN_ELEMENTS scaled down alike) once on
# the default threads and once with --threads 1, and prints each run's wall
# time and kernel seconds.  The two small runs must report the same (the
# result files compared with their timings removed).
#
#   gpu/device_check.sh [OUT_DIR]
#
# Environment (defaults in brackets): CUTLASS_DIR, the CUTLASS include
# directory [../shared/third_party/cutlass/include]; NVCC [nvcc on PATH or
# /usr/local/cuda/bin/nvcc]; JOBS [the online CPUs]; LAYOUTS [100000];
# MIN_ELEMENTS [1000000000]; SMALL [10000]; SEED [1]; EMULATE [0] (1: the
# runs take --emulate instead of --require-gpu, to try the script without a
# device).
#
# OUT_DIR [gpu-check-DATE] receives build.log and, per run, NAME.txt (the
# result file) and NAME.out (what the program printed).  Exit status: 0
# when every run exits 0 and the small runs agree; 1 when a run reports a
# mismatch or the small runs disagree; 2 when the build fails, no CUDA
# device is found or a run fails.
set -u
cd "$(dirname "$0")/.." || exit 2
out=${1:-gpu-check-$(date +%Y%m%d-%H%M%S)}
cutlass=${CUTLASS_DIR:-../shared/third_party/cutlass/include}
jobs=${JOBS:-$(getconf _NPROCESSORS_ONLN)}
layouts=${LAYOUTS:-100000}
min_elements=${MIN_ELEMENTS:-1000000000}
small=${SMALL:-10000}
seed=${SEED:-1}
mode=--require-gpu
[ "${EMULATE:-0}" = 1 ] && mode=--emulate
small_min=$((min_elements / layouts * small))
mkdir -p "$out" || exit 2

fail() {
  echo "device_check: $*" >&2
  exit 2
}

[ -f "$cutlass/cute/tensor.hpp" ] ||
  fail "no CUTLASS headers in $cutlass: set CUTLASS_DIR=<cutlass clone>/include"
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
[ -x "$nvcc" ] || fail "nvcc not found: install the CUDA toolkit or set NVCC"

echo "== machine"
if command -v nvidia-smi >/dev/null 2>&1; then
  nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
else
  echo "(no nvidia-smi)"
fi
echo "online CPUs: $(getconf _NPROCESSORS_ONLN); load average: $(cut -d' ' -f1-3 /proc/loadavg)"
"$nvcc" --version | tail -n 1
echo "CUTLASS: $cutlass ($(sed -n 's/^#define CUTLASS_\(MAJOR\|MINOR\|PATCH\) //p' \
  "$cutlass/cutlass/version.h" 2>/dev/null | tr '\n' '.' | sed 's/\.$//'))"

# since T0: seconds from T0 (date +%s.%N) to now, one decimal
since() { awk -v a="$1" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }'; }

echo "== build (make gpu -j$jobs)"
start=$(date +%s.%N)
make -j"$jobs" gpu NVCC="$nvcc" CUTLASS_DIR="$cutlass" >"$out/build.log" 2>&1 ||
  { tail -n 30 "$out/build.log"; fail "make gpu failed (log: $out/build.log)"; }
[ -x bin/layoutcheck-gpu ] || fail "make gpu built no bin/layoutcheck-gpu (log: $out/build.log)"
echo "built in $(since "$start") s"

worst=0
# run NAME LAYOUTS MIN_ELEMENTS [ARG...]: one run on the device, timed
run() {
  local name=$1 n=$2 min=$3
  shift 3
  local t0 wall st
  t0=$(date +%s.%N)
  bin/layoutcheck-gpu "$mode" --path both --layouts "$n" --min-elements "$min" --seed "$seed" \
    --out "$out/$name.txt" "$@" >"$out/$name.out" 2>&1
  st=$?
  wall=$(since "$t0")
  [ $st -gt $worst ] && worst=$st
  printf '%-8s layouts %7s  %-11s exit %d  wall %7s s  %s  %s, mismatches %s\n' "$name" "$n" \
    "$(sed -n 's/^host threads: /threads /p' "$out/$name.out")" "$st" "$wall" \
    "$(grep -o 'kernels [0-9.]* s' "$out/$name.out" | awk '{s += $2} END {printf "kernels %.3f s", s}')" \
    "$(sed -n 's/^elements dereferenced: /elements /p' "$out/$name.out")" \
    "$(sed -n 's/^mismatches: //p' "$out/$name.out")"
  [ $st -le 1 ] || { cat "$out/$name.out"; fail "$name: exit status $st"; }
}

echo "== runs (seed $seed)"
run large "$layouts" "$min_elements"
run small "$small" "$small_min"
run small-1 "$small" "$small_min" --threads 1

untimed() { sed -E 's/ (seconds|gbps|copy_gbps|kernel_seconds)=[^ ]*//g' "$1"; }
if [ "$(untimed "$out/small.txt")" = "$(untimed "$out/small-1.txt")" ]; then
  echo "small runs: the same results on the default threads and on one"
else
  echo "small runs: the results differ between the default threads and one"
  worst=1
fi
echo "== summary of the large run ($out/large.out)"
cat "$out/large.out"
exit "$worst"
