#!/usr/bin/env python3
"""gen_mixed.py -- a large mixed request file for `eval --batch`, to check that a
change to the oracle leaves every answer byte for byte as it was.

    python3 bench/peers/gen_mixed.py [--seed S] [--lines N] > requests.txt
    bin/layoutcheck eval --batch < requests.txt > answers.txt   # before and after; cmp

The requests are the op/argument cases of corpus/**/*.yaml (about 15%) and random
requests over 62 ops on flat layouts (rank 1..6, and 8..64 with larger shapes),
divisibility chains in shuffled order, nested layouts and tilers, so that errors,
refusals and answers are all exercised.  Only the requests are written; nothing is
asserted here.
"""
import argparse
import glob
import os
import random
import re

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CASE = re.compile(r'op:\s*([A-Za-z0-9_]+),\s*args:\s*\[(.*?)\]')
ONE = ["size", "cosize", "rank", "depth", "len", "flatten", "coalesce", "flat_coalesce",
       "filter", "flat_filter", "squeeze", "sort", "complement", "paper_complement",
       "flat_complement", "is_complementable", "right_inverse", "left_inverse",
       "cute_coalesce", "cute_filter", "cute_flatten", "cute_complement",
       "cute_right_inverse", "cute_left_inverse", "cute_nullspace", "is_tractable",
       "is_compact", "is_coalesced", "is_flat_coalesced", "is_sorted", "layout_function",
       "modes"]
TWO = ["composition", "paper_composition", "flat_composition", "logical_divide",
       "logical_product", "zipped_divide", "tiled_divide", "zipped_product", "tiled_product",
       "paper_logical_divide", "paper_logical_product", "flat_divide", "flat_product",
       "cute_composition", "cute_logical_divide", "cute_logical_product", "cute_zipped_divide",
       "cute_tiled_divide", "cute_flat_divide", "cute_zipped_product", "cute_tiled_product",
       "cute_blocked_product", "cute_raked_product", "cute_max_common_layout",
       "cute_max_common_vector", "same_layout_function", "is_complement", "flat_concat",
       "concat", "composition_algorithm"]


def corpus_requests():
    """The "op args..." lines of the corpus cases (arguments without spaces)."""
    out = []
    for path in sorted(glob.glob(os.path.join(ROOT, "corpus", "**", "*.yaml"), recursive=True)):
        with open(path, errors="replace") as f:
            for line in f:
                m = CASE.search(line)
                if m:
                    args = re.findall(r'"((?:[^"\\]|\\.)*)"', m.group(2))
                    out.append(" ".join([m.group(1)] + [a.replace(" ", "") for a in args]))
    return out


def flat(rng, r=None, big=False):
    """A random flat layout of rank r (1..6), s:d at rank 1 half the time."""
    r = r or rng.randint(1, 6)
    s = [rng.choice([1, 2, 2, 3, 4, 4, 8, 16] + ([5, 7, 32, 64, 1024] if big else []))
         for _ in range(r)]
    d = [rng.choice([0, 1, 2, 3, 4, 6, 8, 16, 32, 64, 128, 1000]) for _ in range(r)]
    if r == 1 and rng.random() < 0.5:
        return "%d:%d" % (s[0], d[0])
    return "(%s):(%s)" % (",".join(map(str, s)), ",".join(map(str, d)))


def chain(rng, r):
    """A divisibility chain of rank r (gaps allowed), its modes shuffled."""
    s = [rng.choice([2, 2, 3, 4, 8]) for _ in range(r)]
    d, c = [], rng.choice([1, 1, 2, 3])
    for x in s:
        d.append(c)
        c *= x * rng.choice([1, 1, 2])
    p = list(range(r))
    rng.shuffle(p)
    return "(%s):(%s)" % (",".join(str(s[i]) for i in p), ",".join(str(d[i]) for i in p))


def nested(rng):
    """A layout of 1..3 modes, each a scalar or a small flat layout."""
    sh, st = [], []
    for _ in range(rng.randint(1, 3)):
        if rng.random() < 0.5:
            a, b = flat(rng, rng.randint(1, 3)).split(":")
        else:
            a, b = str(rng.choice([1, 2, 3, 4, 8])), str(rng.choice([0, 1, 2, 4, 8, 16]))
        sh.append(a)
        st.append(b)
    return "(%s):(%s)" % (",".join(sh), ",".join(st))


def layout(rng):
    """A random layout of one of the kinds above."""
    x = rng.random()
    if x < 0.4:
        return flat(rng)
    if x < 0.7:
        return chain(rng, rng.randint(1, 5))
    return nested(rng) if x < 0.95 else flat(rng, rng.randint(8, 64), True)


def main():
    """Write --lines requests to stdout."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--lines", type=int, default=100000)
    o = ap.parse_args()
    rng = random.Random(o.seed)
    base = corpus_requests()
    lines = []
    while len(lines) < o.lines:
        x = rng.random()
        if x < 0.15 and base:
            lines.append(rng.choice(base))
        elif x < 0.5:
            op = rng.choice(ONE)
            n = " %d" % rng.choice([1, 2, 8, 16, 64, 128, 1000, 4096])
            lines.append(op + " " + layout(rng) + (n if op.endswith("complement") and
                                                    rng.random() < 0.5 else ""))
        else:
            op = rng.choice(TWO)
            b = layout(rng) if rng.random() < 0.6 else flat(rng, rng.randint(1, 2))
            if rng.random() < 0.1 and op.startswith(("composition", "logical", "zipped",
                                                      "tiled", "cute_")):
                b = "<%s,%s>" % (flat(rng, 1), flat(rng, 1))
            lines.append("%s %s %s" % (op, layout(rng), b))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
