#!/usr/bin/env bash
# pycute_nvlabs_ops.sh LAYOUTCHECK -- the whitepaper's analysis ops
# (nullspace, coalesce_z, greatest_common_domain, layout_add) against
# PyCuTe itself (PYCUTE_NVLABS_DIR, default
# ../shared/third_party/pycute-nvlabs): tests/pycute_nvlabs_ops.py writes
# PyCuTe's answers to random requests as a corpus file, which the oracle
# replays.  Skipped, and counted as skipped, without PyCuTe or Python 3.10.
# Prints "N passed, N failed" (", 1 skipped" when skipped).
set -u
cd "$(dirname "$0")/.." || exit 2
lc=${1:?usage: tests/pycute_nvlabs_ops.sh LAYOUTCHECK}
dir=${PYCUTE_NVLABS_DIR:-../shared/third_party/pycute-nvlabs}
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
if [ ! -f "$dir/pycute/algebra.py" ] ||
  ! python3 -c 'import sys; sys.exit(sys.version_info < (3, 10))' 2>/dev/null; then
  echo "skipped: PyCuTe ($dir) or Python 3.10 is missing"
  echo "0 passed, 0 failed, 1 skipped"
  exit 0
fi
if ! python3 tests/pycute_nvlabs_ops.py "$dir" "${SEED:-20261127}" "${N:-300}" "$tmp/wp.yaml" \
  2>"$tmp/err"; then
  echo "PyCuTe did not answer: $(tail -1 "$tmp/err")"
  echo "0 passed, 1 failed"
  exit 1
fi
"$lc" corpus "$tmp/wp.yaml" | tail -1
