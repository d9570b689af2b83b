#!/usr/bin/env python3
"""pycute_nvlabs_ops.py DIR SEED N OUT -- PyCuTe's answers for the
whitepaper's analysis ops as a corpus file.

DIR is PyCuTe (NVlabs, the companion of arXiv:2603.02298).  For N random
layouts and shapes (seeded), write to OUT one case per request of nullspace,
coalesce_z (with and without a profile), greatest_common_domain and
layout_add, expecting PyCuTe's answer in CuTe's syntax ("error" where it
raises ValueError); `layoutcheck corpus OUT` then compares the oracle.
"""
import math
import random
import sys


def show(x):
    if isinstance(x, tuple):
        return "(" + ",".join(show(e) for e in x) + ")"
    return str(int(x))


def show_layout(l):
    return show(l.shape) + ":" + show(l.stride)


def leaves(t):
    if isinstance(t, tuple):
        for e in t:
            yield from leaves(e)
    else:
        yield t


def fill(t, it):
    if isinstance(t, tuple):
        return tuple(fill(e, it) for e in t)
    return next(it)


def rand_shape(r, depth=0):
    if depth == 0 and r.random() < 0.2:
        return r.choice([1, 2, 3, 4, 6, 8, 12])
    n = r.choice([1, 1, 2, 2, 3, 4]) if depth < 2 else 1
    if depth > 0 and n == 1 and r.random() < 0.5:
        return r.choice([1, 2, 2, 3, 4, 5, 6, 8])
    return tuple(rand_shape(r, depth + 1) if r.random() < 0.25 else
                 r.choice([1, 2, 2, 3, 4, 5, 6, 8]) for _ in range(n))


def rand_layout(r, Layout, shape=None):
    s = rand_shape(r) if shape is None else shape
    ls = list(leaves(s))
    if r.random() < 0.35:  # compact, some strides 0
        d, acc = [], 1
        for x in ls:
            d.append(0 if r.random() < 0.3 else acc)
            acc *= x
    else:
        d = [r.choice([0, 0, 1, 2, 3, 4, 6, 8, 12, 16, 24, 32]) for _ in ls]
    return Layout(s, fill(s, iter(d)))


def factor_shape(r, n):
    """A random factorisation of n, sometimes nested, with some 1s."""
    fs = []
    while n > 1:
        k = r.choice([k for k in range(2, n + 1) if n % k == 0])
        fs.append(k)
        n //= k
        if r.random() < 0.2:
            fs.append(1)
    if r.random() < 0.5:
        r.shuffle(fs)
    fs = fs or [1]
    if len(fs) >= 2 and r.random() < 0.3:
        i = r.randrange(len(fs) - 1)
        fs = fs[:i] + [tuple(fs[i:i + 2])] + fs[i + 2:]
    return fs[0] if len(fs) == 1 and r.random() < 0.5 else tuple(fs)


def main():
    sys.path.insert(0, sys.argv[1])
    import pycute as P
    r = random.Random(int(sys.argv[2]))
    n = int(sys.argv[3])
    cases = []

    def add(op, args, fn):
        try:
            exp = show_layout(fn())
        except ValueError:
            exp = "error"
        cases.append('- {op: %s, args: [%s], expect: "%s"}'
                     % (op, ", ".join('"%s"' % a for a in args), exp))

    for _ in range(n):
        L = rand_layout(r, P.Layout)
        add("nullspace", [show_layout(L)], lambda: P.nullspace(L))
        add("coalesce_z", [show_layout(L)], lambda: P.coalesce_z(L))
        if isinstance(L.shape, tuple) and r.random() < 0.5:
            prof = tuple(1 for _ in L.shape[:r.randint(1, len(L.shape))])
            add("coalesce_z", [show_layout(L), show(prof)], lambda: P.coalesce_z(L, prof))
        A, B = rand_shape(r), rand_shape(r)
        if r.random() < 0.5:
            B = factor_shape(r, math.prod(leaves(A)))
        add("greatest_common_domain", [show(A), show(B)],
            lambda: P.greatest_common_domain(A, B))
        LA = rand_layout(r, P.Layout)
        LB = rand_layout(r, P.Layout, factor_shape(r, math.prod(leaves(LA.shape))))
        add("layout_add", [show_layout(LA), show_layout(LB)], lambda: P.layout_add(LA, LB))
    with open(sys.argv[4], "w") as f:
        f.write("\n".join(cases) + "\n")


if __name__ == "__main__":
    main()
