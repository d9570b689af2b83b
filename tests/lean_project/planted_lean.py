#!/usr/bin/env python3
"""planted_lean.py GOLDEN.lean -- what `lake env lean --json GOLDEN.lean`
prints for a file written by `layoutcheck lean emit` when CuTe is
CuteLayouts/Operations.lean of this project: a model of its definitions,
deviations included (see README.md), standing in for a Lean toolchain.

For each block

    /-- info: V -/
    #guard_msgs in
    #eval F ARGS

it evaluates F ARGS as the Lean definitions do; where the value is not V,
it writes the two messages Lean writes for a failing #guard_msgs (the value,
at the #eval, and the mismatch, at #guard_msgs), one JSON object a line
(the fields of Lean.SerialMessage, src/Lean/Message.lean).  A passing block
prints nothing.
"""
import ast
import json
import re
import sys


def le(p, q):
    """The order of modes: by stride, then by shape."""
    return p[1] < q[1] or (p[1] == q[1] and p[0] <= q[0])


def sort(L):
    return sorted(L, key=lambda p: (p[1], p[0]))  # stable, as List.mergeSort


def size(L):
    n = 1
    for s, _ in L:
        n *= s
    return n


def coalesce(L):  # sorts first: a planted deviation
    acc = []
    for s, d in sort(L):
        if acc and acc[-1][0] * acc[-1][1] == d:
            acc[-1] = (acc[-1][0] * s, acc[-1][1])
        else:
            acc.append((s, d))
    return acc


def complement(L, N):  # one mode: a planted deviation
    span = max([1] + [s * d for s, d in L])
    n = N // size(L)
    return [] if n <= 1 else [(n, span)]


def is_tractable(L):  # skips equal modes, not a mode with itself: planted
    return all(p == q or p[1] == 0 or q[1] == 0 or not le(p, q) or q[1] % (p[0] * p[1]) == 0
               for p in L for q in L)


def to_coords(L, x):  # over the sorted modes: a planted deviation
    out = []
    for s, _ in sort(L):
        out.append(x % s)
        x //= s
    return out


def from_coords(L, xs):
    return sum(x * d for (s, d), x in zip(L, xs))


FUNCTIONS = {
    "FlatLayout.coalesce": lambda a: coalesce(a[0]),
    "FlatLayout.complement": lambda a: complement(a[0], a[1]),
    "FlatLayout.isTractable": lambda a: is_tractable(a[0]),
    "FlatLayout.toCoords": lambda a: to_coords(a[0], a[1]),
    "FlatLayout.fromCoords": lambda a: from_coords(a[0], a[1]),
    "FlatLayout.size": lambda a: size(a[0]),
}


def show(v):
    """Lean's ToString of the value."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, list):
        return "[" + ", ".join("(%d, %d)" % p if isinstance(p, tuple) else str(p) for p in v) + "]"
    return str(v)


def args_of(text):
    """The arguments of `(mkLayout [...]) N` or `(mkLayout [...]) [..]`."""
    m = re.fullmatch(r"\(mkLayout (\[.*?\])\)(?: (.*))?", text)
    if not m:
        raise ValueError("cannot read the arguments: " + text)
    args = [[tuple(p) for p in ast.literal_eval(m.group(1))]]
    if m.group(2) is not None:
        args.append(ast.literal_eval(m.group(2)))
    return args


def main():
    path = sys.argv[1]
    lines = open(path, encoding="utf-8").read().split("\n")
    for i, line in enumerate(lines):
        if not line.startswith("#eval "):
            continue
        doc = re.fullmatch(r"/-- info: (.*) -/", lines[i - 2])
        fn, _, rest = line[len("#eval "):].partition(" ")
        if not doc or lines[i - 1] != "#guard_msgs in" or fn not in FUNCTIONS:
            raise SystemExit("%s:%d: not a block of lean emit for this model" % (path, i + 1))
        got = show(FUNCTIONS[fn](args_of(rest)))
        if got == doc.group(1):
            continue
        base = {"fileName": path, "keepFullRange": False, "isSilent": False, "caption": "",
                "kind": "[anonymous]"}
        value = dict(base, severity="information", data=got, pos={"line": i + 1, "column": 0},
                     endPos={"line": i + 1, "column": 5})
        guard = dict(base, severity="error", pos={"line": i, "column": 0},
                     endPos={"line": i, "column": 11},
                     data="\u274c\ufe0f Docstring on `#guard_msgs` does not match generated "
                          "message:\n\ninfo: " + got)
        print(json.dumps(value, ensure_ascii=False))
        print(json.dumps(guard, ensure_ascii=False))


if __name__ == "__main__":
    main()
