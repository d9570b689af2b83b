#!/usr/bin/env python3
"""pycute with one planted bug: a system under test for `make mutants`.

    PYCUTE_MUTANT=NAME python3 tests/suts/pycute_mutant.py [--pycute DIR]
    python3 tests/suts/pycute_mutant.py --mutant NAME [--pycute DIR]
    python3 tests/suts/pycute_mutant.py --list

Speaks the batch protocol as adapters/pycute_adapter.py does (it reuses
that adapter's parser, printer and op table) but answers one op with our
own, deliberately wrong, version of it: the kind of slip a port of the
layout algebra makes.  Without a mutant (PYCUTE_MUTANT unset or empty) it
is the plain adapter, so the same command line replays a counterexample
against the unmutated pycute.  An unknown mutant is refused on stderr,
exit status 2.
"""
import importlib.util
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ADAPTER = os.path.join(HERE, "..", "..", "adapters", "pycute_adapter.py")


def load_adapter():
    """The adapter module (which finds pycute itself)."""
    spec = importlib.util.spec_from_file_location("pycute_adapter", ADAPTER)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


ad = load_adapter()
p = ad.pycute


# ------------------------------------------------------------ helpers

def leaves(L):
    """The flat modes of L as (size, stride) pairs."""
    if isinstance(L.shape, int):
        return [(L.shape, L.stride)]
    return list(zip(p.flatten(L.shape), p.flatten(L.stride)))


def from_leaves(modes):
    """A flat layout of the (size, stride) pairs; 1:0 for none."""
    if not modes:
        return p.Layout(1, 0)
    if len(modes) == 1:
        return p.Layout(modes[0][0], modes[0][1])
    return p.Layout(tuple(s for s, _ in modes), tuple(d for _, d in modes))


def top_modes(L):
    """The top-level modes of L as layouts."""
    if isinstance(L.shape, int):
        return [L]
    return [p.Layout(s, d) for s, d in zip(L.shape, L.stride)]


# ------------------------------------------------------------ the bugs

def apply_row_major(L, x):
    """L(x), but x is split into coordinates with the LAST mode fastest
    (row-major) instead of the first (CuTe's colexicographic order)."""
    modes = leaves(L)
    off = 0
    for s, d in reversed(modes[1:]):
        off += (x % s) * d
        x //= s
    return off + x * modes[0][1]  # the slowest mode takes what is left


def cosize_last_offset(L):
    """The largest offset L reaches, not one past it."""
    return sum((s - 1) * d for s, d in leaves(L))


def coalesce_keeps_one(L):
    """Merges neighbouring modes that continue each other, but forgets to
    drop the size-1 modes first."""
    out = []
    for s, d in leaves(L):
        if out and out[-1][0] * out[-1][1] == d:
            out[-1] = (out[-1][0] * s, out[-1][1])
        else:
            out.append((s, d))
    return from_leaves(out)


def filter_keeps_zero(L):
    """filter without the filtering: stride-0 modes are kept."""
    return p.coalesce(L)


def complement_floor(L, n=None):
    """The complement with the last mode's size rounded down, n // step,
    where CuTe rounds up."""
    if n is None:
        return p.complement(L)
    modes = sorted((d, s) for s, d in leaves(L) if s != 1 and d != 0)
    step, out = 1, []
    for d, s in modes:
        out.append((d // step, step))
        step = d * s
    out.append((n // step, step))
    return p.coalesce(from_leaves(out))


def composition_reversed(A, B):
    """A o B mode by mode, the modes of the result collected in reverse."""
    modes = top_modes(B)
    if len(modes) < 2:
        return p.composition(A, B)
    return p.make_layout(*[p.composition(A, m) for m in reversed(modes)])


def divide_rest_compact(A, B):
    """logical_divide with the rest mode built as if B were compact:
    size(A)/size(B) steps of size(B), not complement(B, size(A))."""
    if not isinstance(B, p.Layout):
        return p.logical_divide(A, B)
    n, m = p.size(A), p.size(B)
    rest = p.Layout((n + m - 1) // m, m)
    return p.composition(A, p.make_layout(B, rest))


def product_uncomposed(A, B):
    """logical_product that forgets to compose the complement with B."""
    if not isinstance(B, p.Layout):
        return p.logical_product(A, B)
    return p.make_layout(A, p.complement(A, p.size(A) * p.cosize(B)))


def zipped_divide_swapped(A, B):
    """zipped_divide with the tile and the rest in the wrong order."""
    if not isinstance(B, p.Layout):
        return p.zipped_divide(A, B)
    tile, rest = top_modes(p.logical_divide(A, B))
    return p.make_layout(rest, tile)


# name: (op, our version)
MUTANTS = {
    "APPLY_ROW_MAJOR": ("apply", apply_row_major),
    "COSIZE_LAST_OFFSET": ("cosize", cosize_last_offset),
    "COALESCE_KEEPS_ONE": ("coalesce", coalesce_keeps_one),
    "FILTER_KEEPS_ZERO": ("filter", filter_keeps_zero),
    "COMPLEMENT_FLOOR": ("complement", complement_floor),
    "COMPOSITION_REVERSED": ("composition", composition_reversed),
    "DIVIDE_REST_COMPACT": ("logical_divide", divide_rest_compact),
    "PRODUCT_UNCOMPOSED": ("logical_product", product_uncomposed),
    "ZIPPED_DIVIDE_SWAPPED": ("zipped_divide", zipped_divide_swapped),
}


def chosen(argv):
    """The mutant's name: --mutant NAME, else $PYCUTE_MUTANT ('' = none)."""
    for i, a in enumerate(argv):
        if a == "--mutant" and i + 1 < len(argv):
            return argv[i + 1]
    return os.environ.get("PYCUTE_MUTANT", "")


def main():
    argv = sys.argv[1:]
    if "--list" in argv:
        for name, (op, fn) in MUTANTS.items():
            print("%s %s" % (name, op))
        return 0
    name = chosen(argv)
    if name and name not in MUTANTS:
        sys.stderr.write("pycute_mutant: no mutant %r; known: %s\n" % (name, " ".join(MUTANTS)))
        return 2
    if p is None:
        sys.stderr.write(ad.LOAD_ERROR + "\n")
    table = ad.ops() if p is not None else {}
    if name and p is not None:
        op, fn = MUTANTS[name]
        table[op] = fn
    for raw in sys.stdin:
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        sys.stdout.write(ad.answer(line, table) + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
