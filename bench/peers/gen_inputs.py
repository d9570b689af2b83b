#!/usr/bin/env python3
"""gen_inputs.py -- the inputs of `make bench-peers`, the same for every run.

    python3 bench/peers/gen_inputs.py OUTDIR [--seed S] [--lines N]

writes three files into OUTDIR, all determined by the seed alone:

  batch.txt   N requests "OP ARG ARG..." for `layoutcheck eval --batch`,
              the same number for each of ten op families (size, cosize,
              coalesce, complement, composition, logical_divide,
              logical_product, right_inverse, left_inverse, filter).
              Arguments are random layouts of rank 1..4 (some nested);
              pairs are drawn until pycute answers them without raising,
              so every request does the op's full work in both programs.
              Needs pycute (PYTHONPATH); without it the file is not made.
  flat.txt    flat layouts with plain integers for the CuTe C++ runtime-int
              comparison, one case a line:
                  OP RA a_shape.. a_stride.. RB b_shape.. b_stride.. N
              (RB = 0 when there is no second layout, N = 0 when there is
              no cotarget).  Ranks 2..4, built so that CuTe's runtime
              algorithm is valid on them (powers of two, divisibility
              chains): composition A o B, logical_divide by a rank-1 tile,
              logical_product of a rank-1 block, complement of a rank-1
              layout (CuTe refuses a longer one with runtime strides),
              coalesce with mergeable neighbours.
  growth.txt  the same line format: complement, coalesce, composition,
              filter, right_inverse, logical_divide (by a rank-1 tile) and
              logical_product (by the block 2:1) on flat layouts of rank 2,
              4, 8, 16, 32, 64 (see growth_cases).
"""
import argparse
import os
import random
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the adapter or these scripts

OPS = ["size", "cosize", "coalesce", "complement", "composition",
       "logical_divide", "logical_product", "right_inverse", "left_inverse",
       "filter"]
GROWTH_RANKS = [2, 4, 8, 16, 32, 64]


def fmt_tuple(t):
    """A nested tuple or an integer in layoutcheck's syntax."""
    if isinstance(t, int):
        return str(t)
    return "(" + ",".join(fmt_tuple(x) for x in t) + ")"


def nest(r, flat):
    """Wrap a random run of a flat list into a sub-tuple (same for shape
    and stride: the caller passes the same random state twice)."""
    if len(flat) < 3 or r.random() < 0.6:
        return tuple(flat)
    i = r.randrange(0, len(flat) - 1)
    return tuple(flat[:i]) + (tuple(flat[i:i + 2]),) + tuple(flat[i + 2:])


def any_layout(r, max_rank=4, pow2=False):
    """A random layout (shape, stride) of rank 1..max_rank, maybe nested."""
    n = r.randint(1, max_rank)
    if pow2:
        s = [2 ** r.randint(0, 3) for _ in range(n)]
        d = [0 if r.random() < 0.1 else 2 ** r.randint(0, 5) for _ in range(n)]
    else:
        s = [r.randint(1, 8) for _ in range(n)]
        d = [0 if r.random() < 0.2 else r.randint(1, 32) for _ in range(n)]
    seed = r.random()
    return nest(random.Random(seed), s), nest(random.Random(seed), d)


def col_major_perm(r, n, lo=1, hi=3):
    """A permuted column-major layout of powers of two: shapes, strides."""
    exps = [r.randint(lo, hi) for _ in range(n)]
    order = list(range(n))
    r.shuffle(order)
    stride_of, acc = {}, 1
    for k in order:
        stride_of[k] = acc
        acc *= 2 ** exps[k]
    return [2 ** e for e in exps], [stride_of[k] for k in range(n)]


def layout_text(shape, stride):
    return fmt_tuple(shape) + ":" + fmt_tuple(stride)


def batch_candidate(r, op):
    """Random arguments (as text) for one request of op."""
    a = any_layout(r, pow2=op in ("composition", "logical_divide", "logical_product"))
    if op in ("size", "cosize", "coalesce", "filter", "right_inverse", "left_inverse"):
        return [layout_text(*a)]
    if op == "complement":
        return [layout_text(*a), str(r.randint(1, 8) * 2 ** r.randint(0, 6))]
    b = any_layout(r, max_rank=3, pow2=True)
    return [layout_text(*a), layout_text(*b)]


def gen_batch(r, lines, path):
    """Write the batch file; False (and no file) without pycute."""
    try:
        import pycute  # noqa: F401
    except ImportError:
        return False
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "adapters"))
    import pycute_adapter as ad
    table = ad.ops()
    per_op = max(1, lines // len(OPS))
    out = []
    for op in OPS:
        got = 0
        while got < per_op:
            args = batch_candidate(r, op)
            try:
                table[op](*[ad.parse(x) for x in args])
            except Exception:  # pycute raises: draw again
                continue
            out.append(" ".join([op] + args))
            got += 1
    r.shuffle(out)
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")
    return True


def flat_line(op, a, b=None, n=0):
    """One line of flat.txt / growth.txt."""
    words = [op, str(len(a[0]))] + [str(x) for x in a[0] + a[1]]
    if b is None:
        words.append("0")
    else:
        words += [str(len(b[0]))] + [str(x) for x in b[0] + b[1]]
    words.append(str(n))
    return " ".join(words)


def chain(r, rank, logsize):
    """A rank-`rank` layout of powers of two whose modes are disjoint bit
    ranges below 2**logsize, in increasing order; None if it cannot fit."""
    s, d, at = [], [], 0
    for _ in range(rank):
        gap, k = r.randint(0, 1), r.randint(1, 2)
        if at + gap + k > logsize:
            return None
        d.append(2 ** (at + gap))
        s.append(2 ** k)
        at += gap + k
    return s, d


def flat_cases(r, per_rank):
    """The cases of flat.txt for ranks 2..4."""
    out = []
    for rank in (2, 3, 4):
        for _ in range(per_rank):
            for rb in (2, 3, 4):  # composition: A of rank `rank`, B of rank rb
                while True:
                    a = col_major_perm(r, rank)
                    b = chain(r, rb, sum(x.bit_length() - 1 for x in a[0]))
                    if b:
                        break
                out.append(flat_line("composition", a, b))
            a = col_major_perm(r, rank)
            size_a = 1
            for x in a[0]:
                size_a *= x
            k = r.randint(1, 3)
            tile = ([2 ** k], [2 ** r.randint(0, max(0, size_a.bit_length() - 1 - k))])
            out.append(flat_line("logical_divide", a, tile))
            block = ([2 ** r.randint(1, 3)], [1])
            out.append(flat_line("logical_product", block, col_major_perm(r, rank)))
            s, d = 2 ** r.randint(1, 4), 2 ** r.randint(0, 3)
            out.append(flat_line("complement", ([s], [d]), None, s * d * 2 ** r.randint(0, 3)))
            cs, cd, acc = [], [], 1
            for _ in range(rank):  # half the neighbours continue the last mode
                if cd and r.random() < 0.5:
                    cd.append(cs[-1] * cd[-1])
                else:
                    cd.append(r.randint(0, 64))
                cs.append(r.randint(1, 8))
            out.append(flat_line("coalesce", (cs, cd)))
    return out


def growth_cases(r, per_rank):
    """Rank n: A a permuted column-major layout whose shapes are all
    2**max(1, 32 // n), so that size(A) = 2**32 for n <= 32: past the
    oracle's point-by-point check limit (2**22 points) at every rank, so
    the time is the algorithm's and not the enumeration's.  Rank 64 keeps
    its size below 2**63 by two size-1 modes.  B is column-major of the
    same shape, so A o B goes through every mode of A."""
    out = []
    for n in GROWTH_RANKS:
        e = max(1, 32 // n)
        for _ in range(per_rank):
            live = min(n, 62)
            a = col_major_perm(r, live, e, e)
            a = (a[0] + [1] * (n - live), a[1] + [1] * (n - live))
            b = ([2 ** e] * live + [1] * (n - live),
                 [2 ** (e * i) for i in range(live)] + [1] * (n - live))
            out.append(flat_line("complement", a, None, 2 ** (e * live)))
            out.append(flat_line("coalesce", a))
            out.append(flat_line("composition", a, b))
            out.append(flat_line("filter", a))
            out.append(flat_line("right_inverse", a))
            out.append(flat_line("logical_divide", a, ([2 ** e], [1])))
            out.append(flat_line("logical_product", a, ([2], [1])))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("outdir")
    ap.add_argument("--seed", type=int, default=20261123)
    ap.add_argument("--lines", type=int, default=50000)
    ap.add_argument("--flat-per-rank", type=int, default=400)
    ap.add_argument("--growth-per-rank", type=int, default=64)
    o = ap.parse_args()
    os.makedirs(o.outdir, exist_ok=True)
    r = random.Random(o.seed)
    batch = os.path.join(o.outdir, "batch.txt")
    if not gen_batch(random.Random(o.seed), o.lines, batch):
        if os.path.exists(batch):  # never leave an older run's file behind
            os.remove(batch)
        print("gen_inputs: pycute not importable; batch.txt not written", file=sys.stderr)
    with open(os.path.join(o.outdir, "flat.txt"), "w") as f:
        f.write("\n".join(flat_cases(r, o.flat_per_rank)) + "\n")
    with open(os.path.join(o.outdir, "growth.txt"), "w") as f:
        f.write("\n".join(growth_cases(r, o.growth_per_rank)) + "\n")


if __name__ == "__main__":
    main()
