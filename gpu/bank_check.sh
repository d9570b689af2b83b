#!/usr/bin/env bash
# bank_check.sh -- the bank-conflict stage on a machine with an NVIDIA GPU:
# builds bin/layoutcheck-bank (`make gpu-bank`), runs it on the device
# (every offset CuTe's tensors compute and every byte a warp loads compared
# with the oracle), then runs it again under Nsight Compute, which counts
# for each case's kernel (one launch per case, in table order)
#   l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum  the shared-load wavefronts
#   l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum  the bank conflicts
# and compares both with the oracle's prediction (the case's wavefronts and
# conflicts, summed over its accesses).
#
#   gpu/bank_check.sh [OUT_DIR]
#
# Environment (defaults in brackets): CUTLASS_DIR, the CUTLASS include
# directory [../shared/third_party/cutlass/include]; NVCC [nvcc on PATH or
# /usr/local/cuda/bin/nvcc]; NCU [ncu on PATH or /usr/local/cuda/bin/ncu];
# JOBS [the online CPUs].
#
# OUT_DIR [bank-check-DATE] receives build.log, bank.txt and bank.out (the
# device run), ncu.csv (Nsight Compute's report) and compare.txt (a line
# per case: predicted and measured wavefronts and conflicts).  Exit status:
# 0 when the offsets agree and every measured figure equals its
# prediction; 1 when an offset or a figure differs; 2 when the build, the
# device, Nsight Compute (its counters may need the driver's permission:
# NVreg_RestrictProfilingToAdminUsers=0, or root) or python3 is missing.
set -u
cd "$(dirname "$0")/.." || exit 2
out=${1:-bank-check-$(date +%Y%m%d-%H%M%S)}
cutlass=${CUTLASS_DIR:-../shared/third_party/cutlass/include}
jobs=${JOBS:-$(getconf _NPROCESSORS_ONLN)}
mkdir -p "$out" || exit 2
fail() {
  echo "bank_check: $*" >&2
  exit 2
}
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
ncu=${NCU:-$(command -v ncu || echo /usr/local/cuda/bin/ncu)}
[ -f "$cutlass/cute/tensor.hpp" ] || fail "no CUTLASS headers in $cutlass: set CUTLASS_DIR"
[ -x "$nvcc" ] || fail "nvcc not found: install the CUDA toolkit or set NVCC"
[ -x "$ncu" ] || fail "ncu (Nsight Compute) not found: set NCU"
command -v python3 >/dev/null 2>&1 || fail "python3 not found (it reads Nsight Compute's CSV)"

echo "== machine"
command -v nvidia-smi >/dev/null 2>&1 &&
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
"$nvcc" --version | tail -n 1
"$ncu" --version | tail -n 1

echo "== build (make gpu-bank -j$jobs)"
make -j"$jobs" gpu-bank NVCC="$nvcc" CUTLASS_DIR="$cutlass" >"$out/build.log" 2>&1 ||
  { tail -n 30 "$out/build.log"; fail "make gpu-bank failed (log: $out/build.log)"; }
[ -x bin/layoutcheck-bank ] || fail "no bin/layoutcheck-bank (log: $out/build.log)"

echo "== device run: offsets and bytes against the oracle"
bin/layoutcheck-bank --require-gpu --out "$out/bank.txt" >"$out/bank.out" 2>&1
st=$?
cat "$out/bank.out"
[ $st -le 1 ] || fail "layoutcheck-bank exited $st"

echo "== Nsight Compute"
metrics=l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum
"$ncu" --metrics "$metrics" --csv --print-units base --log-file "$out/ncu.csv" \
  bin/layoutcheck-bank --require-gpu >"$out/ncu.out" 2>&1 ||
  { cat "$out/ncu.out" "$out/ncu.csv" 2>/dev/null | tail -n 20; fail "ncu failed"; }

python3 - "$out/bank.txt" "$out/ncu.csv" >"$out/compare.txt" <<'EOF'
import csv, re, sys
cases = [dict(re.findall(r'(\w+)=(\S+)', l), name=l.split()[1])
         for l in open(sys.argv[1]) if l.startswith('case ')]
rows = [l for l in open(sys.argv[2]) if l.startswith('"')]
launches = {}
for r in csv.DictReader(rows):
    launches.setdefault(int(r['ID']), {})[r['Metric Name']] = int(float(r['Metric Value'].replace(',', '')))
ids = sorted(launches)
if len(ids) != len(cases):
    print('error: %d kernel launches measured for %d cases' % (len(ids), len(cases)))
    sys.exit(2)
bad = 0
print('%-22s %10s %10s %10s %10s' % ('case', 'wf pred', 'wf ncu', 'bc pred', 'bc ncu'))
for c, i in zip(cases, ids):
    m = launches[i]
    w = m['l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum']
    b = m['l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum']
    same = w == int(c['wavefronts']) and b == int(c['conflicts'])
    bad += not same
    print('%-22s %10s %10d %10s %10d %s' % (c['name'], c['wavefronts'], w, c['conflicts'], b,
                                             'agrees' if same else 'DIFFERS'))
print('%d cases, %d differ' % (len(cases), bad))
sys.exit(1 if bad else 0)
EOF
cmp=$?
cat "$out/compare.txt"
[ $cmp -le 1 ] || fail "could not compare (see $out/compare.txt, $out/ncu.csv)"
[ $st -eq 0 ] && [ $cmp -eq 0 ] && exit 0
exit 1
