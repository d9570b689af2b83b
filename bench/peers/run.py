#!/usr/bin/env python3
"""run.py -- `make bench-peers`: the oracle's speed beside pycute's and
CuTe C++'s on the same inputs.  Prints figures; asserts nothing about speed.

    python3 bench/peers/run.py --cc CC --oracle-objs "OBJ..." [--seed S]

Inputs come from bench/peers/gen_inputs.py (fixed seed).  Everything runs
on one core (taskset -c 0, or sched_setaffinity) and every figure is the
best of three rounds; the in-process timers of parts 1b, 2 and 3 (peers.c,
cute_rt.cpp, pycute's loops) count the thread's CPU time, so that other
work on a shared core does not enter their figures.  Parts whose peer is absent print "skipped: ...":
pycute (PYCUTE_DIR, default ../shared/third_party/pycute/python), g++,
the CUTLASS headers (CUTLASS_DIR, default ../shared/third_party/cutlass/include).

  1. batch     `layoutcheck eval --batch` and adapters/pycute_adapter.py on
               the same mixed batch: requests/s, whole processes
  1b. in-process  pycute's functions in a Python loop, the oracle's C
               functions in a C loop (bench/peers/peers.c): ns/op per op
  2. cute      CuTe C++ with runtime integers (bench/peers/cute_rt.cpp)
               and the oracle on the same flat layouts: ns/op per op, for
               the plain op (checked) and for the oracle's unchecked model
               of CuTe (lo_cute_OP, `peers model`), and a copy of the layout
               in the oracle's representation (`peers copy`), the work of
               CuTe's runtime coalesce
  3. growth    complement, coalesce, composition, filter, right_inverse,
               logical_divide, logical_product at rank 2..64: ns/op per
               rank and the fitted exponent k of ns ~ rank^k
  4. sizes     the plain ops on GEMM-sized tensors (row- and column-major
               M x N, tiles of them, blocks for the product) of 2^4 to 2^62
               elements: ns/op by size, the oracle's checked answer beside
               pycute's and, up to 2^30, CuTe C++'s with runtime ints where
               CuTe has an instance (composition: `cute_rt --sizes`)
"""
import argparse
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True  # no __pycache__ beside the adapter or these scripts

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
OUT = os.path.join(ROOT, "build", "peers")
PIN = ["taskset", "-c", "0"] if shutil.which("taskset") else []
GROWTH_OPS = ["complement", "coalesce", "composition", "filter", "right_inverse",
              "logical_divide", "logical_product"]


def say(line=""):
    """Print one line at once."""
    print(line, flush=True)


def loadavg():
    """The 1, 5 and 15 minute load averages, as text."""
    try:
        return "%.2f %.2f %.2f" % os.getloadavg()
    except OSError:
        return "unknown"


def pycute_dir():
    """PYCUTE_DIR, or the default path beside the repository."""
    d = os.environ.get("PYCUTE_DIR", os.path.join(ROOT, "..", "shared", "third_party", "pycute",
                                                  "python"))
    return os.path.abspath(d)


def have_pycute():
    """True when pycute imports from PYCUTE_DIR (or the default path)."""
    if not os.path.isfile(os.path.join(pycute_dir(), "pycute", "__init__.py")):
        return False
    sys.path.insert(0, pycute_dir())
    sys.path.insert(0, os.path.join(ROOT, "adapters"))
    try:
        import pycute  # noqa: F401
        return True
    except ImportError:
        return False


def run_lines(cmd, stdin_path=None, env=None):
    """Run cmd (pinned); its stdout lines.  Raises on a non-zero exit."""
    with open(stdin_path or os.devnull) as f:
        p = subprocess.run(PIN + cmd, stdin=f, stdout=subprocess.PIPE, env=env, text=True,
                           check=True)
    return p.stdout.splitlines()


def table_lines(lines):
    """{op or (op, rank): (count, errors, ns)} from "OP RANK COUNT ERRORS NS" lines."""
    out = {}
    for ln in lines:
        w = ln.split()
        if len(w) == 5 and w[0] != "note":
            key = w[0] if w[1] == "0" else (w[0], int(w[1]))
            out[key] = (int(w[2]), int(w[3]), float(w[4]))
    return out


def best_of_3(fn):
    """Seconds of the fastest of three calls of fn()."""
    best = float("inf")
    for _ in range(3):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def py_ns_per_op(calls):
    """ns per call over the (fn, args) list: best of three rounds of >= 0.2 s
    of this thread's CPU time (the clock of peers.c and cute_rt.cpp)."""
    best = float("inf")
    for _ in range(3):
        n, t0 = 0, time.thread_time()
        while True:
            for fn, args in calls:
                fn(*args)
            n += len(calls)
            t = time.thread_time() - t0
            if t >= 0.2:
                break
        best = min(best, t / n)
    return best * 1e9


# ---------------------------------------------------------------- building

def build_peers(cc, objs):
    """Compile bench/peers/peers.c against the oracle objects; its path."""
    exe = os.path.join(OUT, "peers")
    subprocess.run([cc, "-std=c11", "-Wall", "-Wextra", "-Werror", "-O2", "-I", "oracle",
                    os.path.join("bench", "peers", "peers.c")] + objs + ["-o", exe],
                   cwd=ROOT, check=True)
    return exe


def build_cute():
    """The CuTe program, or a reason it cannot be built."""
    cutlass = os.path.abspath(os.environ.get(
        "CUTLASS_DIR", os.path.join(ROOT, "..", "shared", "third_party", "cutlass", "include")))
    if not shutil.which("g++"):
        return None, "g++ not found"
    if not os.path.isfile(os.path.join(cutlass, "cute", "layout.hpp")):
        return None, "CUTLASS headers not found in %s (set CUTLASS_DIR)" % cutlass
    exe = os.path.join(OUT, "cute_rt")
    cmd = ["g++", "-O2", "-std=c++17", "-I", cutlass, "-I", "/usr/local/cuda/include",
           "-I", "/usr/local/cuda/include/cccl", os.path.join(HERE, "cute_rt.cpp"), "-o", exe]
    if subprocess.run(cmd).returncode != 0:
        return None, "cute_rt.cpp does not compile here"
    return exe, None


# ------------------------------------------------------------------- parts

def part_batch(inputs, layoutcheck):
    """Part 1: the batch file through both programs, whole processes."""
    path = os.path.join(inputs, "batch.txt")
    n = sum(1 for ln in open(path) if ln.strip())
    env = dict(os.environ, PYTHONPATH=pycute_dir() + os.pathsep + os.environ.get("PYTHONPATH", ""))
    res = {}

    def timed(name, cmd):
        """Seconds of the best of three runs of cmd, from its start to its
        exit, stdout to a file (read afterwards, outside the time); the
        process inherits this one's single core (no taskset in between)."""
        best = float("inf")
        for _ in range(3):
            with open(path) as f, tempfile.TemporaryFile(mode="w+") as out:
                t0 = time.perf_counter()
                subprocess.run(cmd, stdin=f, stdout=out, env=env, check=True)
                best = min(best, time.perf_counter() - t0)
                out.seek(0)
                res[name] = out.read().splitlines()
        return best

    t_ours = timed("ours", [layoutcheck, "eval", "--batch"])
    t_py = timed("py", [sys.executable, os.path.join(ROOT, "adapters", "pycute_adapter.py")])
    pairs = list(zip(res["ours"], res["py"]))
    same = sum(a == b for a, b in pairs)
    err_o = sum(a != b and a.startswith("error:") for a, b in pairs)
    say("1. Batch protocol, %d mixed requests, whole process (start to exit, stdout to a file), one"
        " core, best of 3" % n)
    say("   %-34s %10s %12s" % ("", "seconds", "requests/s"))
    say("   %-34s %10.3f %12.0f" % ("layoutcheck eval --batch", t_ours, n / t_ours))
    say("   %-34s %10.3f %12.0f" % ("pycute_adapter.py", t_py, n / t_py))
    say("   throughput ours/pycute = %.1fx" % (t_py / t_ours))
    say("   answers: %d the same, %d refused by the oracle (CuTe C++ refuses the input at"
        % (same, err_o))
    say("   compile time, or pycute's answer is not the op's), %d different (see \"Other"
        % (len(pairs) - same - err_o))
    say("   choices\" in docs/ops.md)")
    say()


def part_inprocess(inputs, peers):
    """Part 1b: per op, pycute's functions vs the oracle's in process."""
    import pycute_adapter as ad
    path = os.path.join(inputs, "batch.txt")
    table = ad.ops()
    groups = {}
    for ln in open(path):
        w = ln.split()
        if w:
            groups.setdefault(w[0], []).append((table[w[0]], [ad.parse(x) for x in w[1:]]))
    ours = table_lines(run_lines([peers, "batch", path]))
    say("1b. In process: oracle C functions in a C loop vs pycute functions in a Python loop")
    say("   %-16s %6s %7s %11s %11s %12s" % ("op", "cases", "errors", "ours ns/op",
                                            "pycute ns", "pycute/ours"))
    for op in sorted(groups):
        ns_py = py_ns_per_op(groups[op])
        cnt, err, ns = ours[op]
        say("   %-16s %6d %7d %11.1f %11.1f %12.1f" % (op, cnt, err, ns, ns_py, ns_py / ns))
    say("   (errors: requests pycute answers and the oracle refuses, e.g. a complement that")
    say("   is not one; the oracle's time for them is the time to say so)")
    say()


def flat_requests(path):
    """The lines of flat.txt as batch requests "OP A [B] [N]"."""
    out = []
    for ln in open(path):
        w = ln.split()
        ra = int(w[1])
        rb = int(w[2 + 2 * ra])
        text = lambda r, v: "(%s):(%s)" % (",".join(v[:r]), ",".join(v[r:]))
        args = [text(ra, w[2:2 + 2 * ra])]
        if rb:
            args.append(text(rb, w[3 + 2 * ra:3 + 2 * ra + 2 * rb]))
        if w[0] == "complement":
            args.append(w[-1])
        out.append(" ".join([w[0]] + args))
    return out


def batch(layoutcheck, requests):
    """The oracle's answers to requests, through the batch protocol."""
    p = subprocess.run([layoutcheck, "eval", "--batch"], input="\n".join(requests) + "\n",
                       stdout=subprocess.PIPE, text=True, check=True)
    return p.stdout.splitlines()


def cute_agreement(exe, path, layoutcheck):
    """How CuTe's answers compare with the oracle's on flat.txt: (cases,
    same text, same layout function) -- CuTe's printed "_1" is read as 1."""
    cute = [ln.replace("_", "") for ln in run_lines([exe, "--print", path])]
    ours = batch(layoutcheck, flat_requests(path))
    same = batch(layoutcheck, ["same_layout_function %s %s" % (o, c)
                               for o, c in zip(ours, cute)])
    text = sum(o == c for o, c in zip(ours, cute))
    return len(cute), text, sum(x == "true" for x in same)


def part_cute(inputs, peers, layoutcheck):
    """Part 2: CuTe C++ with runtime ints vs the oracle, per op."""
    exe, why = build_cute()
    if not exe:
        say("2. CuTe C++ with runtime ints: skipped: %s" % why)
        say()
        return
    path = os.path.join(inputs, "flat.txt")
    out = run_lines([exe, path])
    cute = table_lines(out)
    ours = table_lines(run_lines([peers, "flat", path]))
    model = table_lines(run_lines([peers, "model", path]))
    say("2. CuTe C++ with runtime int64 shapes and strides vs the oracle, flat ranks 2..4")
    say("   %-16s %6s %7s %11s %11s %11s %10s %11s" % ("op", "cases", "errors", "ours ns/op",
                                                    "model ns/op", "CuTe ns/op", "ours/CuTe",
                                                    "model/CuTe"))
    for op in ["composition", "logical_divide", "logical_product", "complement", "coalesce"]:
        if op in cute and op in ours and op in model:
            c, o, m = cute[op], ours[op], model[op]
            say("   %-16s %6d %7d %11.1f %11.1f %11.1f %10.1f %11.1f"
                % (op, c[0], o[1], o[2], m[2], c[2], o[2] / c[2], m[2] / c[2]))
    say("   (ours: the plain op, CuTe's answer checked against the op's contract; model: the")
    say("   oracle's unchecked model of CuTe, cute_OP, the same algorithm as CuTe without the check)")
    copy = table_lines(run_lines([peers, "copy", path]))
    if "coalesce" in copy and "coalesce" in cute and "coalesce" in ours:
        c, o, k = cute["coalesce"][2], ours["coalesce"][2], copy["coalesce"][2]
        say("   a copy of A (lo_layout_copy) on the coalesce cases: %.1f ns/op, %.1fx CuTe's runtime"
            % (k, k / c))
        say("   coalesce, which is a copy; the oracle's coalesce is %.2fx its own copy" % (o / k))
    n, text, func = cute_agreement(exe, path, layoutcheck)
    say("   answers: the same layout function on %d of %d cases, the same text on %d: CuTe's"
        % (func, n, text))
    say("   runtime answers keep size-1 modes and unmerged neighbours that the oracle removes")
    say("   Where CuTe does less work with runtime ints:")
    for ln in out:
        if ln.startswith("note cute "):
            w = ln[len("note cute "):].split(" = ")[0].split()
            say("     CuTe, runtime ints  %s" % ln[len("note cute "):])
            for label, op in (("CuTe, static ints ", "cute_" + w[0]), ("oracle            ", w[0])):
                got = subprocess.run([layoutcheck, "eval", op] + w[1:], stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, text=True).stdout.strip()
                say("     %s  %s = %s" % (label, " ".join(w), got))
    say("     (static ints: the oracle's model of CuTe C++ with Int<N> everywhere, cute_OP)")
    say("     - coalesce merges modes only when their shapes and strides are static: with")
    say("       runtime ints it returns its input flattened, where the oracle merges.")
    say("     - composition with runtime ints does not coalesce A first (see coalesce) and")
    say("       checks no divisibility (static ints: a static_assert); above, the walk over")
    say("       A's modes 4 and 4 with stride 3 returns a layout of the wrong size.  The oracle")
    say("       also checks R(x) = A(B(x)), over the modes (any size).")
    say("     - complement takes rank 1 only; logical_divide a rank-1 tile and logical_product")
    say("       a rank-1 block, because both call complement.")
    say()


def fit_exponent(points):
    """Least-squares slope of log(ns) on log(rank)."""
    xs = [math.log(r) for r, _ in points]
    ys = [math.log(ns) for _, ns in points]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    sxx = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sxx


def growth_pycute(path):
    """{(op, rank): ns} for pycute on growth.txt."""
    import pycute
    groups = {}
    for ln in open(path):
        w = ln.split()
        ra = int(w[1])
        a = pycute.Layout(tuple(int(x) for x in w[2:2 + ra]),
                          tuple(int(x) for x in w[2 + ra:2 + 2 * ra]))
        rb = int(w[2 + 2 * ra])
        b0 = 3 + 2 * ra
        n = int(w[b0 + 2 * rb])
        one = {"coalesce": pycute.coalesce, "filter": pycute.filter,
               "right_inverse": pycute.right_inverse}
        two = {"composition": pycute.composition, "logical_divide": pycute.logical_divide,
               "logical_product": pycute.logical_product}
        if w[0] == "complement":
            call = (pycute.complement, (a, n))
        elif w[0] in one:
            call = (one[w[0]], (a,))
        else:
            b = pycute.Layout(tuple(int(x) for x in w[b0:b0 + rb]),
                              tuple(int(x) for x in w[b0 + rb:b0 + 2 * rb]))
            call = (two[w[0]], (a, b))
        groups.setdefault((w[0], ra), []).append(call)
    return {k: py_ns_per_op(v) for k, v in groups.items()}


def part_growth(inputs, peers, with_pycute):
    """Part 3: ns/op by rank and the fitted exponent."""
    path = os.path.join(inputs, "growth.txt")
    ours = table_lines(run_lines([peers, "growth", path]))
    py = growth_pycute(path) if with_pycute else {}
    ranks = sorted({k[1] for k in ours})
    say("3. Growth with rank: flat layouts of size 2^32 (2^62 at rank 64); ns/op and the")
    say("   fitted k in ns ~ rank^k")
    say("   %-12s %-7s" % ("op", "") + "".join("%10d" % r for r in ranks) + "%8s" % "k")
    for op in GROWTH_OPS:
        for who, tab in (("oracle", ours), ("pycute", py)):
            if not tab:
                continue
            pts = [(r, tab[(op, r)][2] if who == "oracle" else tab[(op, r)]) for r in ranks]
            say("   %-12s %-7s" % (op, who) + "".join("%10.0f" % ns for _, ns in pts) +
                "%8.2f" % fit_exponent(pts))
    for op in GROWTH_OPS:
        for r in ranks:
            if ours[(op, r)][1]:
                say("   %s at rank %d: %d of %d refused by the oracle (the time is the time to "
                    "say so)" % (op, r, ours[(op, r)][1], ours[(op, r)][0]))
    if not with_pycute:
        say("   pycute: skipped: pycute not found in %s (set PYCUTE_DIR)" % pycute_dir())
    say()


SIZE_EXPONENTS = [4, 16, 20, 24, 30, 40, 50, 62]
SIZE_OPS = ["composition", "complement", "right_inverse", "left_inverse", "logical_divide",
            "logical_product"]


def sizes_cases():
    """Lines "K OP ARG [ARG]" for part 4: for each 2^K = M N (M = 2^(K - K/2),
    N = 2^(K/2)), the row-major tensor R = (M,N):(N,1), the column-major C =
    (M,N):(1,M), a tile T of C's index space and a block for the product."""
    out = []
    for k in SIZE_EXPONENTS:
        m, n = 2 ** (k - k // 2), 2 ** (k // 2)
        row, col = "(%d,%d):(%d,1)" % (m, n, n), "(%d,%d):(1,%d)" % (m, n, m)
        t = "(%d,%d):(1,%d)" % (min(m, 8), min(n, 8), m)
        blk = "(%d,%d):(1,%d)" % (m // 4, n // 4, m // 4)
        out += ["%d composition %s %s" % (k, row, col), "%d composition %s %s" % (k, col, row),
                "%d composition %s %s" % (k, row, t),
                "%d complement (%d,%d):(1,%d) %d" % (k, m // 2, n, m, m * n),
                "%d complement %s %d" % (k, t, m * n),
                "%d right_inverse %s" % (k, row), "%d right_inverse %s" % (k, col),
                "%d left_inverse %s" % (k, row), "%d left_inverse %s" % (k, col),
                "%d logical_divide %s %s" % (k, row, t), "%d logical_divide %s %s" % (k, col, t),
                "%d logical_product (4,4):(1,4) %s" % (k, blk),
                "%d logical_product (2,2):(2,1) %s" % (k, blk)]
    return out


def sizes_pycute(lines):
    """{(op, K): ns} for pycute on the lines of sizes_cases()."""
    import ast
    import pycute

    def lay(text):
        sh, st = text.split(":")
        return pycute.Layout(ast.literal_eval(sh), ast.literal_eval(st))
    fns = {"composition": pycute.composition, "logical_divide": pycute.logical_divide,
           "logical_product": pycute.logical_product, "right_inverse": pycute.right_inverse,
           "left_inverse": pycute.left_inverse}
    groups = {}
    for ln in lines:
        w = ln.split()
        if w[1] == "complement":
            call = (pycute.complement, (lay(w[2]), int(w[3])))
        else:
            call = (fns[w[1]], tuple(lay(x) for x in w[2:]))
        groups.setdefault((w[1], int(w[0])), []).append(call)
    return {key: py_ns_per_op(v) for key, v in groups.items()}


def part_sizes(peers, with_pycute):
    """Part 4: ns/op by size, GEMM-sized inputs."""
    lines = sizes_cases()
    path = os.path.join(OUT, "inputs", "sizes.txt")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    ours = table_lines(run_lines([peers, "sizes", path]))
    py = sizes_pycute(lines) if with_pycute else {}
    exe, why = build_cute()
    cute = table_lines(run_lines([exe, "--sizes", path])) if exe else {}
    say("4. Sizes: the plain ops on row- and column-major M x N tensors, tiles and blocks of")
    say("   2^K elements (2 or 3 inputs per op and K, bench/peers/run.py sizes_cases); ns/op;")
    say("   every contract decided over the modes, so the figure does not grow with the size")
    say("   %-16s %-7s" % ("op", "") + "".join("%8s" % ("2^%d" % k) for k in SIZE_EXPONENTS))
    for op in SIZE_OPS:
        for who, tab in (("oracle", ours), ("pycute", py), ("CuTe", cute)):
            if not tab or (who == "CuTe" and (op, SIZE_EXPONENTS[0]) not in tab):
                continue
            say("   %-16s %-7s" % (op, who) + "".join(
                "%8s" % ("-" if (op, k) not in tab else "%.0f" % (
                    tab[(op, k)] if who == "pycute" else tab[(op, k)][2]))
                for k in SIZE_EXPONENTS))
    for op in SIZE_OPS:
        for k in SIZE_EXPONENTS:
            if ours[(op, k)][1]:
                say("   %s at 2^%d: %d of %d refused by the oracle (the time is the time to "
                    "say so)" % (op, k, ours[(op, k)][1], ours[(op, k)][0]))
    if not with_pycute:
        say("   pycute: skipped: pycute not found in %s (set PYCUTE_DIR)" % pycute_dir())
    if exe:
        say("   CuTe: runtime int64 shapes and strides, up to 2^30 (\"-\": none); its composition")
        say("   checks nothing.  The other ops have no runtime-int instance for these rank-2")
        say("   inputs: complement (so logical_divide, logical_product) static_asserts \"Dynamic-")
        say("   stride complement only for rank-1 layouts\", left_inverse \"Left inverse requires")
        say("   static strides\", and right_inverse drops every dynamic stride (answers _1:_0)")
    else:
        say("   CuTe: skipped: %s" % why)
    say()


def main():
    """Generate the inputs, build, run every part."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cc", default="cc")
    ap.add_argument("--oracle-objs", required=True)
    ap.add_argument("--layoutcheck", default=os.path.join(ROOT, "bin", "layoutcheck"))
    ap.add_argument("--seed", type=int, default=20261123)
    ap.add_argument("--lines", type=int, default=50000)
    o = ap.parse_args()
    os.makedirs(OUT, exist_ok=True)
    allowed = os.sched_getaffinity(0)  # this process (pycute's loops) on one core too
    os.sched_setaffinity(0, {0} if 0 in allowed else {min(allowed)})
    with_pycute = have_pycute()
    inputs = os.path.join(OUT, "inputs")
    env = dict(os.environ, PYTHONPATH=pycute_dir() + os.pathsep + os.environ.get("PYTHONPATH", ""))
    subprocess.run([sys.executable, os.path.join(HERE, "gen_inputs.py"), inputs,
                    "--seed", str(o.seed), "--lines", str(o.lines)], env=env, check=True)
    peers = build_peers(o.cc, o.oracle_objs.split())
    say("bench-peers: seed %d, one core (%s) of %d, best of 3; load average %s at the start"
        % (o.seed, "taskset -c 0" if PIN else "sched_setaffinity", os.cpu_count(), loadavg()))
    say()
    if with_pycute:
        part_batch(inputs, o.layoutcheck)
        part_inprocess(inputs, peers)
    else:
        say("1. pycute: skipped: pycute not found in %s (set PYCUTE_DIR)" % pycute_dir())
        say()
    part_cute(inputs, peers, o.layoutcheck)
    part_growth(inputs, peers, with_pycute)
    part_sizes(peers, with_pycute)
    say("load average %s at the end" % loadavg())


if __name__ == "__main__":
    main()
