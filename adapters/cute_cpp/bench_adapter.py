#!/usr/bin/env python3
"""Measure adapters/cute_cpp/cute_adapter.py: requests per second with a
cold and a warm cache for windows of 1, 16, 64, 256 requests, compile time
against the size of a translation unit, and the cost of refusals in a batch.

    python3 adapters/cute_cpp/bench_adapter.py [--quick] [--dynamic]

Requests are mixed (sizes, coalesce, complement, composition, divides,
products, inverses) over random small layouts from a fixed seed, so some are
refused by CuTe at compile time, as in a fuzzing run.  A client with a
window of W sends W requests, then reads their W answers.  The precompiled
header is built once before the timings (its cost is printed apart).
"""
import os
import random
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ADAPTER = os.path.join(HERE, "cute_adapter.py")
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True  # no __pycache__ beside the adapter
import cute_adapter  # noqa: E402  (the adapter's own module, for compile timings)


def layout(rng):
    """A random small layout: compact in a random mode order, or any strides."""
    r = rng.randint(1, 3)
    shape = [rng.choice([1, 2, 2, 3, 4, 4, 6, 8]) for _ in range(r)]
    if rng.random() < 0.6:
        order = list(range(r))
        rng.shuffle(order)
        stride, w = [0] * r, 1
        for i in order:
            stride[i] = w
            w *= shape[i]
    else:
        stride = [rng.choice([0, 1, 2, 3, 4, 8, 16]) for _ in range(r)]
    if r == 1 and rng.random() < 0.5:
        return "%d:%d" % (shape[0], stride[0])
    return "(%s):(%s)" % (",".join(map(str, shape)), ",".join(map(str, stride)))


def request(rng):
    """One mixed request."""
    a, b = layout(rng), layout(rng)
    op = rng.choice(["size", "cosize", "coalesce", "filter", "complement", "complement_n",
                     "composition", "logical_divide", "logical_product", "zipped_divide",
                     "right_inverse", "left_inverse", "blocked_product", "apply"])
    if op in ("size", "cosize", "coalesce", "filter", "complement", "right_inverse",
              "left_inverse"):
        return "%s %s" % (op, a)
    if op == "complement_n":
        return "complement %s %d" % (a, rng.choice([16, 32, 64, 128, 256]))
    if op == "zipped_divide":
        return "zipped_divide %s <%d>" % (a, rng.choice([1, 2, 4]))
    if op == "apply":
        return "apply %s %d" % (a, rng.randint(0, 5))
    return "%s %s %s" % (op, a, b)


def requests(n, seed):
    rng = random.Random(seed)
    return [request(rng) for _ in range(n)]


def drive(lines, window, cache, extra):
    """Send lines in windows; returns (wall seconds, answers, child CPU s)."""
    args = [sys.executable, ADAPTER, "--cache", cache] + extra
    t0 = time.monotonic()
    c0 = os.times()
    p = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                         stderr=subprocess.PIPE if "--log" in extra else None)
    answers = []
    for i in range(0, len(lines), window):
        part = lines[i:i + window]
        p.stdin.write("".join(x + "\n" for x in part))
        p.stdin.flush()
        for _ in part:
            answers.append(p.stdout.readline().rstrip("\n"))
    p.stdin.close()
    if "--log" in extra:
        log = p.stderr.read().strip().split("\n")
        drive.last_log = log[-1] if log else ""
    p.wait()
    c1 = os.times()
    cpu = (c1.children_user - c0.children_user) + (c1.children_system - c0.children_system)
    return time.monotonic() - t0, answers, cpu


def compile_times(opts_dynamic, sizes):
    """Seconds to compile one translation unit of n requests (no refusal)."""
    gen = cute_adapter.Codegen(opts_dynamic, False)
    cut = os.path.abspath(os.environ.get("CUTLASS_DIR") or cute_adapter.DEFAULT_CUTLASS)
    flags = ["-std=c++17", "-O0", "-I", cut, "-I", "/usr/local/cuda/include",
             "-I", "/usr/local/cuda/include/cccl"]
    pch = tempfile.mkdtemp(prefix="cute_bench_pch.")
    comp = cute_adapter.Compiler("g++", flags, 10, pch, False)
    t0 = time.monotonic()
    comp.ensure_pch()
    if comp.pch_job is not None:
        comp.pch_job.wait()
    pch_s = time.monotonic() - t0
    pool = []
    rng_seed = 1000
    while len(pool) < max(sizes):  # requests CuTe accepts, by compiling them
        cand = [cute_adapter.Request(x, gen) for x in requests(64, rng_seed)]
        rng_seed += 1
        exprs = [r.expr for r in cand if r.expr]
        ok, diag, exe, _ = comp.finish(comp.start(exprs))
        bad = set()
        if not ok:
            c, l = comp.attribute(diag, len(exprs))
            bad = set(c) | set(l)
        pool += [e for i, e in enumerate(exprs) if i not in bad]
    out = []
    for n in sizes:
        t0 = time.monotonic()
        ok, _, exe, _ = comp.finish(comp.start(pool[:n]))
        t1 = time.monotonic()
        if ok:
            comp.run(exe, n)
        t2 = time.monotonic()
        out.append((n, ok, t1 - t0, t2 - t1))
    comp.close()
    subprocess.run(["rm", "-rf", pch])
    return pch_s, out


def main(argv):
    quick = "--quick" in argv
    extra = ["--dynamic"] if "--dynamic" in argv else []
    print("load average at start: %.2f %.2f %.2f" % os.getloadavg())
    sizes = [1, 16, 64, 128, 256] if not quick else [1, 16, 64]
    pch_s, ct = compile_times(bool(extra), sizes)
    print("precompiled header: %.1f s (once per CuTe version, compiler and mode)" % pch_s)
    print("one translation unit: requests, compile s, run s, compile ms per request")
    for n, ok, c, r in ct:
        print("  %4d  %6.2f  %5.2f  %6.1f%s" % (n, c, r, 1000 * c / n, "" if ok else "  FAILED"))
    tmp = tempfile.mkdtemp(prefix="cute_bench.")
    print("window, requests, cold s, cold req/s, cold CPU s, warm s, warm req/s, refused")
    for window in ([1, 16, 64, 256] if not quick else [1, 16]):
        n = {1: 16, 16: 64, 64: 256, 256: 512}[window]
        lines = requests(n, 7 + window)
        cache = os.path.join(tmp, "w%d.db" % window)
        # the precompiled header first, so that the timings are of requests
        drive(["size 1:1"], 1, cache, extra)
        cold, ans, cpu = drive(lines, window, cache, extra)
        warm, ans2, _ = drive(lines, window, cache, extra)
        assert ans == ans2, "warm answers differ"
        refused = sum(1 for a in ans if a.startswith("error: CuTe refuses"))
        print("  %4d  %4d  %7.1f  %7.1f  %7.1f  %6.2f  %8.0f  %d%%" % (
            window, n, cold, n / cold, cpu, warm, n / warm, 100 * refused // n))
    # attribution: 64 accepted requests, with 0, 1, 4, 16 refused among them
    good = [x for x in requests(400, 99)]
    cache = os.path.join(tmp, "probe.db")
    _, ans, _ = drive(good, 256, cache, extra)
    ok_lines = [x for x, a in zip(good, ans) if not a.startswith("error")][:64]
    bad_lines = [x for x, a in zip(good, ans) if a.startswith("error: CuTe refuses")]
    print("attribution: 64 accepted requests and k refused ones, one window")
    for k in (0, 1, 4, 16):
        if k > len(bad_lines):
            break
        rng = random.Random(k)
        batch = ok_lines + bad_lines[:k]
        rng.shuffle(batch)
        cache = os.path.join(tmp, "attr%d.db" % k)
        drive(["size 1:1"], 1, cache, extra)
        t, _, _ = drive(batch, len(batch), cache, extra + ["--log"])
        print("  k=%2d  %.1f s  (%s)" % (k, t, drive.last_log.replace("cute_adapter: ", "")))
    subprocess.run(["rm", "-rf", tmp])
    print("load average at end: %.2f %.2f %.2f" % os.getloadavg())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
