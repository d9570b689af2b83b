#!/usr/bin/env bash
# run_on_device.sh -- the GPU stage's hardware run, for a machine with an
# NVIDIA GPU (compute capability 8.0 or 9.0: A100, H100, H200; newer ones run
# the compute_90 PTX).  It builds bin/layoutcheck-gpu, runs both paths (the
# stage's own index arithmetic and CuTe's tensors) on LAYOUTS generated
# layouts with at least MIN_ELEMENTS dereferences per path, and prints the
# device, the figures, and each path's GB/s as a fraction of the device's
# copy bandwidth measured in the same run.
#
#   gpu/run_on_device.sh [OUT_DIR]
#
# Environment (defaults in brackets): CUTLASS_DIR, the CUTLASS include
# directory [../shared/third_party/cutlass/include]; NVCC [nvcc on PATH or
# /usr/local/cuda/bin/nvcc]; LAYOUTS [100000]; MIN_ELEMENTS [1000000000];
# SEED [1].  Needs the CUDA toolkit (nvcc, C++17), a driver that supports it,
# a C compiler and GNU make; no SQLite, libyaml or network.
#
# OUT_DIR [gpu-run-DATE] receives build.log, profiles.txt, summary.txt (what
# the program printed) and gpu_results.txt (the result file,
# gpu/gpu_results.h).  Exit status: the program's (0: every value agrees
# with the oracle, 1: a mismatch, 2: an error); 2 as well when the build
# fails or no CUDA device is found.
set -u
cd "$(dirname "$0")/.." || exit 2
out=${1:-gpu-run-$(date +%Y%m%d-%H%M%S)}
layouts=${LAYOUTS:-100000}
min_elements=${MIN_ELEMENTS:-1000000000}
seed=${SEED:-1}
cutlass=${CUTLASS_DIR:-../shared/third_party/cutlass/include}
mkdir -p "$out" || exit 2

fail() {
  echo "run_on_device: $*" >&2
  exit 2
}

[ -f "$cutlass/cute/tensor.hpp" ] ||
  fail "no CUTLASS headers in $cutlass: clone https://github.com/NVIDIA/cutlass and set CUTLASS_DIR=<clone>/include"
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
[ -x "$nvcc" ] || fail "nvcc not found: install the CUDA toolkit or set NVCC"

echo "== device"
if command -v nvidia-smi >/dev/null 2>&1; then
  nvidia-smi --query-gpu=index,name,driver_version,memory.total,compute_cap --format=csv
else
  echo "(no nvidia-smi)"
fi
"$nvcc" --version | tail -n 2
echo "CUTLASS: $cutlass ($(sed -n 's/^#define CUTLASS_\(MAJOR\|MINOR\|PATCH\) //p' \
  "$cutlass/cutlass/version.h" 2>/dev/null | tr '\n' '.' | sed 's/\.$//'))"

echo "== build (make gpu)"
start=$(date +%s)
make gpu NVCC="$nvcc" CUTLASS_DIR="$cutlass" >"$out/build.log" 2>&1 ||
  { tail -n 30 "$out/build.log"; fail "make gpu failed (log: $out/build.log)"; }
echo "built in $(($(date +%s) - start)) s (log: $out/build.log)"
[ -x bin/layoutcheck-gpu ] || fail "make gpu built no bin/layoutcheck-gpu (log: $out/build.log)"
bin/layoutcheck-gpu --list-profiles >"$out/profiles.txt" ||
  fail "the profiles compiled in disagree with gpu/gpu_profile.h"
echo "$(wc -l <"$out/profiles.txt") CuTe profiles compiled in (profiles.txt)"

echo "== run: $layouts layouts, at least $min_elements dereferences per path, seed $seed"
start=$(date +%s)
bin/layoutcheck-gpu --require-gpu --path both --layouts "$layouts" --min-elements "$min_elements" \
  --seed "$seed" --out "$out/gpu_results.txt" | tee "$out/summary.txt"
status=${PIPESTATUS[0]}
echo "ran in $(($(date +%s) - start)) s, exit status $status"
[ -s "$out/gpu_results.txt" ] || fail "no result file"

echo "== figures (from $out/gpu_results.txt)"
awk '
  NR == 1 {
    for (i = 1; i <= NF; i++) { split($i, kv, "="); h[kv[1]] = kv[2] }
    dev = $0; sub(/.* device=/, "", dev)
    printf "device: %s\ncopy bandwidth: %.1f GB/s (cudaMemcpy device to device, read + write)\n",
           dev, h["copy_gbps"]
    next
  }
  $1 == "path" {
    delete f
    for (i = 3; i <= NF; i++) { split($i, kv, "="); f[kv[1]] = kv[2] }
    frac = h["copy_gbps"] > 0 ? f["gbps"] / h["copy_gbps"] : 0
    printf "%-4s layouts %s, offsets %s, dereferenced %s, mismatches %s, %.1f GB/s = %.3f of copy\n",
           $2, f["layouts"], f["offsets"], f["elements"], f["mismatches"], f["gbps"], frac
  }
  END { if (h["skipped"] == 1) print "skipped: no CUDA device" }
' "$out/gpu_results.txt"
exit "$status"
