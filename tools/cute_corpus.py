#!/usr/bin/env python3
"""Regenerate corpus/cute_cpp/: CuTe C++'s own answers, as test vectors.

    python3 tools/cute_corpus.py [--seed N] [--per-op N] [--adapter CMD] [--out DIR]

1. Generates requests for every layout op of CuTe (flat and nested layouts,
   size-1 and stride-0 modes, tied strides, tilers, non-complementable
   layouts, overlapping modes of B), deterministically from the seed.
2. Asks CuTe C++ through adapters/cute_cpp/cute_adapter.py (static layouts).
3. Judges each CuTe answer against the op's contract with the small
   evaluator below (point by point, independent of the oracle's C code).
   Then CuTe's argument forms (forms.yaml, from a random stream of its own,
   so that the other files do not change): integers, '_' and nested tuples
   in tilers, shapes as tilers, a bare 1 as B, layouts and shapes as
   complement's cotarget, coordinates for apply and crd2idx, and the
   queries (shape, stride, get, coshape, filter_zeros).  And the recasts
   (recast.yaml, a stream of its own): upcast, downcast, recast_layout,
   make_layout_like, make_ordered_layout over CuTe's shared-memory atoms
   and random layouts, judged point by point (meets_upcast, ...).
4. Writes one YAML file per op family: for every request a case of the
   `cute_OP` op (CuTe's text or `error`, exactly), and where the plain op
   exists a case of the plain op: CuTe's text where it meets the contract,
   `error` where it does not.  Requests CuTe refuses get no plain case (the
   plain answer there is checked by the properties, not by CuTe).

The contracts (docs/ops.md, "The contracts"):
  composition    R(x) = A(B(x)) on [0, size B), shape(R) refining shape(B)
  complement     R increasing, (filter L, R) injective, size(filter L)
                 size(R) >= cotarget
  right_inverse  L(R(i)) = i on [0, size R)
  left_inverse   L(R(L(i))) = L(i) on [0, size L)
  upcast<N>      each coordinate of R stands for coordinates of L that hold
                 the N elements of unit R(c'), each once
  downcast<N>    R(c) = N L(c') + c_u mod N for the one leaf u made N longer
  make_layout_like, make_ordered_layout  shape kept, compact (on the
                 non-zero modes), in the order of the strides (the order)
"""
import argparse
import os
import random
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# ------------------------------------------------------------ values

def parse(text):
    """Parse 'S:D' (or '<L,...>') into (shape, stride) nested Python
    values: an int is a leaf, a tuple a tuple.  A tiler is a list."""
    pos = [0]

    def peek():
        return text[pos[0]] if pos[0] < len(text) else ''

    def tup():
        if peek() == '(':
            pos[0] += 1
            items = []
            if peek() == ')':
                pos[0] += 1
                return ()
            while True:
                items.append(tup())
                c = peek()
                pos[0] += 1
                if c == ')':
                    return tuple(items)
        j = pos[0]
        if peek() == '-':  # a negative stride
            pos[0] += 1
        while peek().isdigit():
            pos[0] += 1
        return int(text[j:pos[0]])

    def layout():
        s = tup()
        if peek() != ':':
            return (s, 1)
        pos[0] += 1
        return (s, tup())

    if text.startswith('<'):
        pos[0] = 1
        parts = []
        while True:
            parts.append(layout())
            c = peek()
            pos[0] += 1
            if c == '>':
                return parts
    return layout()


def leaves(t):
    if isinstance(t, int):
        return [t]
    out = []
    for x in t:
        out += leaves(x)
    return out


def show(t):
    if isinstance(t, int):
        return str(t)
    return '(' + ','.join(show(x) for x in t) + ')'


def show_layout(l):
    if isinstance(l, list):
        return '<' + ','.join(show_layout(x) for x in l) + '>'
    return show(l[0]) + ':' + show(l[1])


def size(l):
    p = 1
    for s in leaves(l[0]):
        p *= s
    return p


def apply(l, x):
    """The layout function at x, colexicographic; the last entry runs on.
    A negative x (B(i) of a negative stride) is split as CuTe's idx2crd
    splits it, with C's division, which truncates toward 0."""
    ss, ds = leaves(l[0]), leaves(l[1])
    v = 0
    for i, (s, d) in enumerate(zip(ss, ds)):
        if i == len(ss) - 1:
            v += x * d
        else:
            q = abs(x) // s * (1 if x >= 0 else -1)
            v += (x - q * s) * d
            x = q
    return v


def values(l):
    return [apply(l, x) for x in range(size(l))]


def refines(r, b):
    """Does shape r refine shape b (each leaf of b replaced by a tree of
    the same size)?"""
    if isinstance(b, int):
        p = 1
        for s in leaves(r):
            p *= s
        return p == b
    if isinstance(r, int) or len(r) != len(b):
        return False
    return all(refines(x, y) for x, y in zip(r, b))

# --------------------------------------------------------- contracts

LIMIT = 1 << 16


def meets_composition(a, b, r):
    if not refines(r[0], b[0]):
        return False, 'shape does not refine B'
    if size(b) > LIMIT:
        return None, 'too large'
    for x in range(size(b)):
        if apply(r, x) != apply(a, apply(b, x)):
            return False, 'R(%d) != A(B(%d))' % (x, x)
    return True, ''


def meets_tiled_composition(a, tiler, r):
    """By-mode: mode i of R is A_i o B_i."""
    rs, rd = r
    for i, bi in enumerate(tiler):
        ai = (mode(a[0], i), mode(a[1], i))
        ri = (rs[i], rd[i])
        ok, why = meets_composition(ai, bi, ri)
        if not ok:
            return ok, why
    return True, ''


def mode(t, i):
    return t if isinstance(t, int) else t[i]


def meets_complement(l, n, r):
    lm = [(s, d) for s, d in zip(leaves(l[0]), leaves(l[1])) if s > 1 and d > 0]
    rm = [(s, d) for s, d in zip(leaves(r[0]), leaves(r[1])) if s > 1]
    vals = values(r)
    if any(vals[i] >= vals[i + 1] for i in range(len(vals) - 1)):
        return False, 'not increasing'
    sl = 1
    for s, _ in lm:
        sl *= s
    if n is None:
        n = 1 + sum((s - 1) * d for s, d in lm)
    if size(r) < n // sl:  # CuTe's postcondition, in C++ integer division
        return False, 'size below cotarget / size(filter(L))'
    both = lm + rm
    sz = 1
    for s, _ in both:
        sz *= s
    if sz > LIMIT:
        return None, 'too large'
    f = (tuple(s for s, _ in both), tuple(d for _, d in both))
    if len(set(values(f))) != sz:
        return False, 'not injective'
    return True, ''


def meets_right_inverse(l, r):
    if size(r) > LIMIT:
        return None, 'too large'
    for i in range(size(r)):
        if apply(l, apply(r, i)) != i:
            return False, 'L(R(%d)) != %d' % (i, i)
    return True, ''


def meets_left_inverse(l, r):
    if size(l) > LIMIT:
        return None, 'too large'
    for i in range(size(l)):
        li = apply(l, i)
        if apply(l, apply(r, li)) != li:
            return False, 'L(R(L(%d))) != L(%d)' % (i, i)
    return True, ''

# --------------------------------------------------------- generators

SHAPES = [1, 2, 2, 2, 3, 4, 4, 5, 6, 8]


def gen_shape(rng, rank, depth):
    if depth > 0 and rng.random() < 0.3:
        return tuple(gen_shape(rng, rng.randint(1, 2), depth - 1) for _ in range(rank))
    if rank == 1 and rng.random() < 0.5:
        return rng.choice(SHAPES)
    return tuple(rng.choice(SHAPES) for _ in range(rank))


def strides_like(rng, shape, kind):
    ss = leaves(shape)
    n = len(ss)
    if kind == 'compact':
        order = list(range(n))
        rng.shuffle(order)
        d, acc = [0] * n, 1
        for i in order:
            d[i] = acc
            acc *= ss[i]
    elif kind == 'gapped':
        order = list(range(n))
        rng.shuffle(order)
        d, acc = [0] * n, rng.choice([1, 1, 2, 3])
        for i in order:
            d[i] = acc
            acc *= ss[i] * rng.choice([1, 1, 2, 3])
    elif kind == 'broadcast':
        d = strides_like(rng, shape, 'compact')
        d = leaves(d)
        for i in range(n):
            if rng.random() < 0.35:
                d[i] = 0
    else:
        d = [rng.choice([0, 1, 2, 3, 4, 5, 6, 7, 8, 12]) for _ in range(n)]
    it = iter(d)

    def rebuild(t):
        if isinstance(t, int):
            return next(it)
        return tuple(rebuild(x) for x in t)
    return rebuild(shape)


def gen_layout(rng, max_rank=3, depth=2):
    shape = gen_shape(rng, rng.randint(1, max_rank), depth)
    kind = rng.choice(['compact', 'compact', 'gapped', 'broadcast', 'random'])
    return (shape, strides_like(rng, shape, kind))


def gen_small(rng):
    """A B for composition: often a sub-layout of A's domain."""
    shape = gen_shape(rng, rng.randint(1, 2), 1)
    kind = rng.choice(['compact', 'gapped', 'random', 'broadcast'])
    return (shape, strides_like(rng, shape, kind))


def gen_tiler(rng, a):
    ra = 1 if isinstance(a[0], int) else len(a[0])
    k = rng.randint(1, ra)
    return [gen_small(rng) if rng.random() < 0.7 else (rng.choice([1, 2, 4]), 1) for _ in range(k)]


EDGE = ['1:0', '(1):(0)', '1:5', '(4,1):(1,0)', '(2,2):(1,1)', '(2,2):(0,1)', '(3,1,2):(2,7,6)',
        '((2,2),(2,2)):((1,4),(2,8))', '(4):(1)', '((4)):((1))', '(2,3):(3,1)', '(5,7,7):(7,7,1)',
        '(2,5):(1,7)', '4:3', '4:0', '(2,4,8):(64,1,2)', '(8,8):(8,1)']


def requests(seed, per_op):
    rng = random.Random(seed)
    out = []

    def L():
        return show_layout(parse(rng.choice(EDGE))) if rng.random() < 0.15 \
            else show_layout(gen_layout(rng))

    for _ in range(per_op):
        a = parse(L())
        sa = show_layout(a)
        b = gen_small(rng)
        out.append(('size', [sa]))
        out.append(('cosize', [sa]))
        out.append(('rank', [sa]))
        out.append(('depth', [sa]))
        out.append(('flatten', [sa]))
        out.append(('apply', [sa, str(rng.randint(0, max(0, size(a) - 1)))]))
        out.append(('coalesce', [sa]))
        prof = show(a[0]) if not isinstance(a[0], int) and rng.random() < 0.5 else None
        if prof:
            out.append(('coalesce', [sa, prof]))
        out.append(('filter', [sa]))
        out.append(('composition', [sa, show_layout(b)]))
        t = gen_tiler(rng, a)
        out.append(('composition', [sa, show_layout(t)]))
        out.append(('complement', [sa]))
        out.append(('complement', [sa, str(rng.choice([1, 4, 8, 16, 24, 32, 64, 96, 128]))]))
        out.append(('right_inverse', [sa]))
        out.append(('left_inverse', [sa]))
        bb = show_layout(b) if rng.random() < 0.6 else show_layout(t)
        for op in ('logical_divide', 'zipped_divide', 'tiled_divide', 'flat_divide',
                   'logical_product', 'zipped_product', 'tiled_product', 'flat_product'):
            out.append((op, [sa, bb]))
        out.append(('blocked_product', [sa, show_layout(b)]))
        out.append(('raked_product', [sa, show_layout(b)]))
        c = parse(L())
        out.append(('max_common_layout', [sa, show_layout(c)]))
        out.append(('max_common_vector', [sa, show_layout(c)]))
        out.append(('nullspace', [sa]))
    seen, uniq = set(), []
    for r in out:
        key = (r[0], tuple(r[1]))
        if key not in seen:
            seen.add(key)
            uniq.append(r)
    return uniq

# ------------------------------------------------------ CuTe's argument forms

DIVPROD = ('logical_divide', 'zipped_divide', 'tiled_divide', 'flat_divide',
           'logical_product', 'zipped_product', 'tiled_product', 'flat_product')
# (op, args) of the forms requests -> the args with each tiler written as
# layouts (CuTe's reading of its integers), for the contract judges; None
# where the tiler nests or holds '_' (no plain case is judged then)
JUDGE = {}


def form_entries(rng, shape, shapes_only):
    """Entries of a tiler for the modes of shape: '_', 1, an integer, a
    nested tiler of a tuple mode, or (unless shapes_only) a small layout."""
    modes = [shape] if isinstance(shape, int) else list(shape)
    k = rng.randint(1, max(1, len(modes)))
    out = []
    for m in modes[:k]:
        r = rng.random()
        if r < 0.15:
            out.append('_')
        elif r < 0.3:
            out.append('1')
        elif r < 0.6 and not isinstance(m, int) and len(m) > 0:
            out.append('(' + ','.join(form_entries(rng, m, shapes_only)) + ')')
        elif r < 0.8 or shapes_only:
            out.append(str(rng.choice([2, 3, 4])))
        else:
            out.append(show_layout(gen_small(rng)))
    return out


def split_top(text, sep):
    """text split at the separators sep outside brackets."""
    depth, cur, out = 0, '', []
    for c in text:
        if c == sep and depth == 0:
            out.append(cur)
            cur = ''
            continue
        depth += (c == '(') - (c == ')')
        cur += c
    return out + [cur]


def flat_judge_tiler(text, divide):
    """The tiler text (<...> or a shape (...)) with its bare integers as
    layouts (n:1; 1:0 for the divides and products), or None when an
    entry is '_' or a nested tiler."""
    out = []
    for e in split_top(text[1:-1], ','):
        if len(split_top(e, ':')) == 2:
            out.append(e)  # a layout S:D
        elif e.isdigit():
            out.append('%s:%d' % (e, 0 if divide and e == '1' else 1))
        else:
            return None
    return '<' + ','.join(out) + '>'


def gen_coord(rng, shape, top=True):
    """A coordinate for shape: an integer for a whole mode, or a tuple of
    coordinates of its modes."""
    if isinstance(shape, int):
        return str(rng.randint(0, shape - 1))
    if not top and rng.random() < 0.3 or len(shape) == 0:
        n = 1
        for x in leaves(shape):
            n *= x
        return str(rng.randint(0, max(0, n - 1)))
    return '(' + ','.join(gen_coord(rng, m, False) for m in shape) + ')'


def form_requests(seed, n):
    """Requests in CuTe's argument forms (a random stream of their own)."""
    rng = random.Random(seed * 31 + 7)
    out = []
    for _ in range(n):
        a = gen_layout(rng)
        sa = show_layout(a)
        t = '<' + ','.join(form_entries(rng, a[0], False)) + '>'
        sh = '(' + ','.join(form_entries(rng, a[0], True)) + ')'
        for b in (t, sh, '1', str(rng.choice([2, 3, 4]))):
            for op in DIVPROD + ('composition',):
                out.append((op, [sa, b]))
                if b.startswith('<') or b.startswith('('):
                    JUDGE[(op, (sa, b))] = flat_judge_tiler(b, op != 'composition')
                else:
                    JUDGE[(op, (sa, b))] = '%s:%d' % (b, 0 if op != 'composition' and b == '1' else 1)
        c = gen_layout(rng)
        out.append(('complement', [sa, show_layout(c)]))
        out.append(('complement', [sa, show(c[0])]))
        out.append(('apply', [sa, gen_coord(rng, a[0])]))
        out.append(('crd2idx', [gen_coord(rng, a[0]), show(a[0]), show(a[1])]))
        out.append(('shape', [sa]))
        out.append(('stride', [sa]))
        out.append(('coshape', [sa]))
        out.append(('filter_zeros', [sa]))
        r = 1 if isinstance(a[0], int) else len(a[0])
        path = [str(rng.randint(0, r - 1 if rng.random() < 0.9 else r))]
        m = a[0] if isinstance(a[0], int) else a[0][int(path[0])] if int(path[0]) < r else None
        if m is not None and not isinstance(m, int) and len(m) > 0 and rng.random() < 0.5:
            path.append(str(rng.randint(0, len(m) - 1)))
        out.append(('get', [sa] + path))
    return out


# ------------------------------------------------ the functions on modes

TWIN_ONLY = {'take', 'select', 'group', 'append', 'prepend', 'replace', 'zip', 'slice', 'dice',
             'idx2crd', 'domain_offset', 'tile_to_shape', 'max_alignment', 'coprofile'}


def rank_of(t):
    return 1 if isinstance(t, int) else len(t)


def gen_ucoord(rng, shape, top=True):
    """A coordinate for slice and dice: '_', an integer, or a tuple of
    coordinates of the modes (now and then of the wrong rank)."""
    x = rng.random()
    if x < 0.3 and not top:
        return '_'
    if isinstance(shape, int) or x < 0.45:
        return '_' if rng.random() < 0.5 else str(rng.randint(0, 3))
    n = len(shape) + (rng.choice([-1, 1]) if rng.random() < 0.05 and len(shape) > 0 else 0)
    items = [gen_ucoord(rng, shape[i] if i < len(shape) else 2, False) for i in range(n)]
    return '(' + ','.join(items) + ')'


def gen_zippable(rng):
    """A layout whose modes are tuples of one rank (mostly)."""
    r0, r1 = rng.randint(1, 3), rng.randint(1, 3)
    shape = tuple(tuple(rng.choice(SHAPES) for _ in range(r1 + (1 if rng.random() < 0.1 else 0)))
                  for _ in range(r0))
    return (shape, strides_like(rng, shape, rng.choice(['compact', 'gapped', 'random'])))


# Chosen cases: each function at its edges (an integer layout, the empty
# tuple, B = E, E = -1, N at and past the rank, '_' at the top of a
# coordinate, a rank-1 mode under '_' in the tiled and flat forms).
TWIN_EDGE = [
    ('coprofile', ['(4,2):(1,4)']),
    ('coprofile', ['((4,2),3):((1,4),8)']),
    ('coprofile', ['():()']),
    ('coprofile', ['((4,2),3):((1,4),8)', '0']),
    ('size', ['((4,2),3):((1,4),8)', '0']),
    ('size', ['((4,2),3):((1,4),8)', '0', '1']),
    ('size', ['((4,2),3):((1,4),8)', '2']),
    ('size', ['((4,2),3)', '0']),
    ('rank', ['((4,2),3):((1,4),8)', '0']),
    ('rank', ['((4,2),3):((1,4),8)', '1']),
    ('depth', ['((4,2),3):((1,4),8)', '0']),
    ('depth', ['((4,2),3):((1,4),8)', '1']),
    ('depth', ['4:1', '0']),
    ('take', ['((4,2),3,5):((1,4),8,24)', '0', '2']),
    ('take', ['((4,2),3,5):((1,4),8,24)', '1', '2']),
    ('take', ['((4,2),3,5):((1,4),8,24)', '1', '1']),
    ('take', ['((4,2),3,5):((1,4),8,24)', '0', '-1']),
    ('take', ['((4,2),3,5):((1,4),8,24)', '0', '4']),
    ('take', ['4:1', '0', '1']),
    ('take', ['((4,2),3,5)', '0', '-1']),
    ('take', ['((4,2),3,5)', '1', '1']),
    ('take', ['4', '0', '1']),
    ('select', ['((4,2),3,5):((1,4),8,24)', '2', '0']),
    ('select', ['((4,2),3,5):((1,4),8,24)', '1']),
    ('select', ['((4,2),3,5):((1,4),8,24)', '3']),
    ('select', ['4:1', '0', '0']),
    ('select', ['((4,2),3,5)', '2', '2', '1']),
    ('group', ['((4,2),3,5):((1,4),8,24)', '1', '3']),
    ('group', ['((4,2),3,5):((1,4),8,24)', '0', '-1']),
    ('group', ['((4,2),3,5):((1,4),8,24)', '1', '1']),
    ('group', ['((4,2),3,5):((1,4),8,24)', '2', '1']),
    ('group', ['4:1', '0', '1']),
    ('group', ['4:1', '0', '-1']),
    ('group', ['4:1', '1', '1']),
    ('group', ['((4,2),3,5)', '0', '2']),
    ('slice', ['(_,2)', '(4,3):(1,4)']),
    ('slice', ['(1,_)', '(4,3):(1,4)']),
    ('slice', ['_', '(4,3):(1,4)']),
    ('slice', ['2', '(4,3):(1,4)']),
    ('slice', ['((_,1),_)', '((4,2),3):((1,4),8)']),
    ('slice', ['((1,1),2)', '((4,2),3):((1,4),8)']),
    ('slice', ['(_,2,1)', '(4,3):(1,4)']),
    ('slice', ['(_,(1,2))', '(4,3):(1,4)']),
    ('dice', ['(_,2)', '(4,3):(1,4)']),
    ('dice', ['(1,_)', '(4,3):(1,4)']),
    ('dice', ['((_,1),_)', '((4,2),3):((1,4),8)']),
    ('dice', ['_', '(4,3):(1,4)']),
    ('dice', ['2', '(4,3):(1,4)']),
    ('idx2crd', ['5', '(4,3)']),
    ('idx2crd', ['5', '((2,2),3)']),
    ('idx2crd', ['13', '(4,3)']),
    ('idx2crd', ['(1,2)', '(4,3)']),
    ('idx2crd', ['5', '4']),
    ('idx2crd', ['5', '(4,3)', '(1,4)']),
    ('idx2crd', ['5', '(4,3)', '(3,1)']),
    ('idx2crd', ['(5,7)', '((2,3),4)']),
    ('append', ['(4,3):(1,4)']),
    ('append', ['(4,3):(1,4)', '2:12']),
    ('append', ['(4,3):(1,4)', '2:12', '4']),
    ('append', ['(4,3):(1,4)', '2:12', '2']),
    ('append', ['(4,3):(1,4)', '2:12', '1']),
    ('append', ['4:1', '2:4']),
    ('append', ['4:1', '2:4', '1']),
    ('append', ['4:1', '2:4', '3']),
    ('prepend', ['(4,3):(1,4)', '2:12']),
    ('prepend', ['(4,3):(1,4)', '2:12', '4']),
    ('prepend', ['4:1', '2:4']),
    ('replace', ['(4,3):(1,4)', '2:12', '1']),
    ('replace', ['(4,3):(1,4)', '2:12', '2']),
    ('replace', ['4:1', '2:12', '0']),
    ('replace', ['4:1', '2:12', '1']),
    ('tile_to_shape', ['(2,2):(1,2)', '(8,6)']),
    ('tile_to_shape', ['(2,2):(1,2)', '(8,6)', '(2,1)']),
    ('tile_to_shape', ['(2,2):(1,2)', '(8,5)']),
    ('tile_to_shape', ['2:1', '(8,6)']),
    ('tile_to_shape', ['(2,2,2):(1,2,4)', '(8,6)']),
    ('tile_to_shape', ['((2,2),2):((1,2),4)', '((8,4),6)']),
    ('max_alignment', ['(4,3):(1,4)']),
    ('max_alignment', ['(4,3):(2,8)']),
    ('max_alignment', ['(4,3):(3,12)']),
    ('max_alignment', ['(4,3):(12,1)']),
    ('max_alignment', ['((2,4),3):((1,8),2)']),
    ('domain_offset', ['(1,2)', '(4,3):(1,4)']),
    ('domain_offset', ['5', '(4,3):(1,4)']),
    ('zip', ['((4,2),(3,5)):((1,4),(8,24))']),
    ('zip', ['((4,2),3):((1,4),8)']),
    ('zip', ['(4,2):(1,4)']),
    ('zip', ['4:1']),
    ('zip', ['((4,2),(3,5,6)):((1,4),(8,24,0))']),
    ('zip', ['(4,2):(1,4)', '(3,5):(8,24)']),
    ('zip', ['((4,2),(3,5))']),
    ('composition', ['(4,3):(1,4)', '_']),
    ('logical_divide', ['(4,3):(1,4)', '_']),
    ('zipped_divide', ['(4,3):(1,4)', '_']),
    ('tiled_divide', ['(4,3):(1,4)', '_']),
    ('flat_divide', ['(4,3):(1,4)', '_']),
    ('logical_product', ['(4,3):(1,4)', '_']),
    ('zipped_product', ['(4,3):(1,4)', '_']),
    ('tiled_product', ['(4,3):(1,4)', '_']),
    ('flat_product', ['(4,3):(1,4)', '_']),
    ('tiled_divide', ['((4,2),()):((1,4),())', '_']),
    ('flat_divide', ['((4,2),()):((1,4),())', '_']),
    ('flat_product', ['(((4,2)),(3,(2,2))):(((1,4)),(8,(1,1)))', '_']),
    ('tiled_product', ['((4,2),(3,2)):((1,4),(8,1))', '_']),
    ('flat_divide', ['((4,2),(3,2)):((1,4),(8,1))', '_']),
    ('zipped_divide', ['((4,2),(3,2)):((1,4),(8,1))', '_']),
    ('flat_product', ['((4,2),3):((1,4),8)', '_']),
    ('tile_to_shape', ['(2,1):(1,0)', '(4,6)']),
    ('tile_to_shape', ['(2,1):(1,0)', '(4,6)', '(1,1)']),
    ('tile_to_shape', ['2:1', '(2,6)', '1']),
    ('idx2crd', ['7', '((),4)']),
    ('idx2crd', ['7', '()']),
    ('idx2crd', ['7', '(4,3)', '(0,1)']),
    ('idx2crd', ['7', '(1,3)', '(0,1)']),
    ('slice', ['(_,())', '(4,()):(1,())']),
    ('dice', ['(2,())', '(4,()):(1,())']),
    ('zip', ['((),()):((),())']),
]


def twin_requests(seed, n):
    """Requests for CuTe's functions on modes, the queries at a mode path
    and '_' as B (a random stream of their own)."""
    rng = random.Random(seed * 17 + 3)
    out = [(op, list(args)) for op, args in TWIN_EDGE]
    for i in range(n):
        a = parse(rng.choice(EDGE)) if rng.random() < 0.15 else gen_layout(rng)
        sa, sh = show_layout(a), show(a[0])
        r = rank_of(a[0])

        def idx(hi):
            return str(rng.randint(0, hi) if rng.random() < 0.9 else rng.choice([-1, hi + 1]))

        def path():
            p = [idx(r - 1)]
            m = a[0] if isinstance(a[0], int) else a[0][int(p[0])] if 0 <= int(p[0]) < r else None
            if m is not None and rng.random() < 0.4:
                p.append(idx(rank_of(m) - 1))
            return p
        for op in ('size', 'rank', 'depth', 'shape', 'stride', 'cosize', 'coshape', 'coprofile'):
            out.append((op, [sa] + path()))
        out.append(('size', [sh] + path()))
        out.append(('coprofile', [sa]))
        for x in (sa, sh):
            b = rng.randint(0, r)
            e = rng.choice([b + 1, r, r, rng.randint(0, r), -1]) if rng.random() < 0.9 \
                else rng.randint(-1, r + 1)
            out.append(('take', [x, str(b), str(e)]))
            out.append(('group', [x, str(rng.randint(0, r)), str(rng.choice([r, -1, rng.randint(0, r)]))]))
            out.append(('select', [x] + [idx(r - 1) for _ in range(rng.randint(1, 3))]))
        c = gen_small(rng)
        sc = show_layout(c)
        out.append(('append', [sa]))
        out.append(('append', [sa, sc]))
        out.append(('append', [sa, sc, str(rng.randint(r - 1, r + 2))]))
        out.append(('prepend', [sa, sc]))
        out.append(('prepend', [sa, sc, str(rng.randint(r - 1, r + 2))]))
        out.append(('replace', [sa, sc, str(rng.randint(0, r) if rng.random() < 0.9 else r + 1)]))
        z = gen_zippable(rng)
        out.append(('zip', [show_layout(z)]))
        out.append(('zip', [show(z[0])]))
        out.append(('zip', [sa]))
        out.append(('zip', [show_layout(gen_small(rng)), show_layout(gen_small(rng))]))
        out.append(('slice', [gen_ucoord(rng, a[0]), sa]))
        out.append(('dice', [gen_ucoord(rng, a[0]), sa]))
        n_ = size(a)
        out.append(('idx2crd', [str(rng.randint(0, 2 * n_)), sh]))
        out.append(('idx2crd', [gen_coord(rng, a[0]), sh]))
        out.append(('idx2crd', [str(rng.randint(0, 2 * n_)), sh, show(a[1])]))
        out.append(('idx2crd', [str(rng.randint(0, 2 * n_)), sh, str(rng.choice([1, 2, 3]))]))
        out.append(('domain_offset', [gen_coord(rng, a[0]), sa]))
        out.append(('max_alignment', [sa]))
        # tile_to_shape: the target a multiple of the block's mode sizes (mostly)
        blk = gen_small(rng)
        rb = rank_of(blk[0])
        rt = rng.randint(max(1, rb - (1 if rng.random() < 0.1 else 0)), 3)
        sizes = [size((blk[0][k], blk[1][k])) if not isinstance(blk[0], int) and k < rb
                 else (blk[0] if k == 0 and isinstance(blk[0], int) else 1) for k in range(rt)]
        trg = [s_ * rng.choice([1, 2, 3, 4]) + (1 if rng.random() < 0.1 else 0) for s_ in sizes]
        st = str(trg[0]) if rt == 1 and rng.random() < 0.3 else '(' + ','.join(map(str, trg)) + ')'
        out.append(('tile_to_shape', [show_layout(blk), st]))
        order = list(range(rt))
        rng.shuffle(order)
        out.append(('tile_to_shape', [show_layout(blk), st, '(' + ','.join(map(str, order)) + ')']))
        for op in ('composition',) + DIVPROD:
            if rng.random() < 0.3:
                out.append((op, [sa, '_']))
    return out


# ------------------------------------------------------ the whitepaper's ops

def with_units(rng, l):
    """l with some leaves made size 1 (their strides kept), the last one
    often: the entries on which nullspace and coalesce_x show their
    conventions."""
    ss, ds = leaves(l[0]), leaves(l[1])
    for i in range(len(ss)):
        if rng.random() < (0.35 if i == len(ss) - 1 else 0.2):
            ss[i] = 1
    it = iter(ss)

    def rebuild(t):
        if isinstance(t, int):
            return next(it)
        return tuple(rebuild(x) for x in t)
    return (rebuild(l[0]), l[1])


def whitepaper_requests(seed, n):
    """nullspace and detail::coalesce_x of n layouts (a random stream of
    their own), half of them with size-1 entries."""
    rng = random.Random(seed * 131 + 29)
    out = []
    for _ in range(n):
        a = parse(rng.choice(EDGE)) if rng.random() < 0.1 else gen_layout(rng)
        if rng.random() < 0.5:
            a = with_units(rng, a)
        sa = show_layout(a)
        out.append(('nullspace', [sa]))
        out.append(('coalesce_x', [sa]))
    return out


def nullspace_def(l):
    """The whitepaper's nullspace, as PyCuTe documents it: the stride-0
    entries with the prefix products of the shape as strides, unwrapped;
    1:0 when there are none."""
    ss, ds = leaves(l[0]), leaves(l[1])
    rs, rd, w = [], [], 1
    for s, d in zip(ss, ds):
        if d == 0:
            rs.append(s)
            rd.append(w)
        w *= s
    if not rs:
        return '1:0'
    if len(rs) == 1:
        return '%d:%d' % (rs[0], rd[0])
    return show_layout((tuple(rs), tuple(rd)))


def whitepaper_lines(op, args, ans, exp, reason):
    """The cases of one whitepaper request: the cute_ op with CuTe's text,
    and the plain op where C++ grounds it: nullspace by its definition
    (noting where CuTe's text differs), coalesce_z where the last flat
    entry is not 1 (there detail::coalesce_x and coalesce_z coincide; a
    last size-1 entry counts as 2 in coalesce_x and stays 1 in
    coalesce_z)."""
    out = ['- {op: cute_%s, args: [%s], expect: %s%s}' % (
        op, ', '.join(yaml_str(a) for a in args), yaml_str(exp), reason)]
    if exp == 'error':
        return out
    l = parse(args[0])
    if op == 'nullspace':
        d = nullspace_def(l)
        note = '' if d == exp else ', note: "CuTe gives a size-1 entry of stride 0 stride 0"'
        out.append('- {op: nullspace, args: [%s], expect: %s%s}' % (
            yaml_str(args[0]), yaml_str(d), note))
    elif op == 'coalesce_x' and leaves(l[0])[-1] != 1:
        out.append('- {op: coalesce_z, args: [%s], expect: %s}' % (yaml_str(args[0]), yaml_str(exp)))
    return out
# ------------------------------------------------------------ recasts

# Shared-memory atoms and tiles as CuTe's GMMA/UMMA code builds them: the
# K-major 128-, 64- and 32-byte atoms in bits ((8,1024):(1024,1), ...), the
# same in 16-, 8- and 32-bit elements, MN-major atoms, and tiles of them.
RECAST_ATOMS = ['(8,1024):(1024,1)', '(8,512):(512,1)', '(8,256):(256,1)', '(8,128):(128,1)',
                '(8,64):(64,1)', '(8,32):(32,1)', '(8,16):(16,1)', '(64,8):(1,64)',
                '(128,8):(1,128)', '(32,8):(1,32)', '(1024,8):(1,1024)',
                '((8,8),(64,2)):((64,512),(1,4096))', '((8,16),(64,4)):((64,512),(1,8192))',
                '((64,2),(8,8)):((1,512),(64,1024))', '(8,(64,2)):(64,(1,512))',
                '((8,2),64):((64,512),1)', '(16,16):(16,1)', '(16,16):(1,16)',
                '((2,4),(8,8)):((1,16),(2,64))']
RECAST_EDGE = EDGE + ['():()', '(2,()):(1,())', '6:1', '6:3', '4:8', '(4,(2,8)):(2,(1,8))',
                      '(2,4):(1,2)', '(1,4):(1,1)', '(1,4):(1,8)', '(4,8):(0,1)', '(8,4):(0,2)']


def recast_requests(seed, n):
    """Requests for upcast, downcast, recast_layout, make_layout_like and
    make_ordered_layout (a random stream of their own)."""
    rng = random.Random(seed * 31 + 7)
    out = []
    ns = [1, 2, 2, 4, 4, 8, 8, 16, 32, 3, 6]
    bits = [1, 2, 4, 8, 8, 16, 16, 32, 32, 64, 128, 6, 24]
    for a in RECAST_ATOMS:
        for nn in (2, 4, 8, 16):
            out.append(('upcast', [a, str(nn)]))
            out.append(('downcast', [a, str(nn)]))
        for ob, nb in ((16, 32), (32, 16), (8, 16), (16, 8), (8, 32), (32, 8), (1, 16), (16, 1),
                       (16, 128), (4, 8)):
            out.append(('recast_layout', [a, str(ob), str(nb)]))
        out.append(('make_layout_like', [a]))
    for a in RECAST_EDGE:
        out.append(('upcast', [a, '2']))
        out.append(('downcast', [a, '2']))
        out.append(('make_layout_like', [a]))
    out.append(('upcast', ['4:2', '0']))
    for i in range(n):
        a = gen_layout(rng)
        if rng.random() < 0.5:  # strides that divide or are divided by small powers of 2
            a = (a[0], strides_like(rng, a[0], rng.choice(['compact', 'compact', 'broadcast'])))
            if rng.random() < 0.5:
                k = rng.choice([2, 4, 8])
                a = (a[0], tuple_map(lambda d: d * k if d != 1 else d, a[1]))
        sa = show_layout(a)
        out.append(('upcast', [sa, str(rng.choice(ns))]))
        out.append(('downcast', [sa, str(rng.choice(ns))]))
        out.append(('recast_layout', [sa, str(rng.choice(bits)), str(rng.choice(bits))]))
        out.append(('make_layout_like', [sa]))
        sh = a[0]
        if rng.random() < 0.7:
            ords = list(range(len(leaves(sh))))
            rng.shuffle(ords)
            if rng.random() < 0.2 and len(ords) > 1:
                ords[rng.randrange(len(ords))] = ords[rng.randrange(len(ords))]  # a tie
            if rng.random() < 0.3:
                ords = [o * rng.choice([1, 3, 10]) for o in ords]
            it = iter(ords)
            order = tuple_map(lambda _: next(it), sh)
        else:  # an integer over each top mode (weakly congruent)
            order = tuple(rng.randrange(4) for _ in sh) if not isinstance(sh, int) else 0
        out.append(('make_ordered_layout', [show(sh), show(order)]))
    rng2 = random.Random(seed * 31 + 8)  # more orders, a stream of their own
    for i in range(n * 3 // 4):
        sh = gen_shape(rng2, rng2.randint(1, 4), 2)
        ords = [rng2.randrange(6) for _ in leaves(sh)]  # ties likely, 1 time in 3 none
        if rng2.random() < 0.35:
            ords = list(range(len(ords)))
            rng2.shuffle(ords)
        it = iter(ords)
        order = tuple_map(lambda _: next(it), sh)
        if not isinstance(sh, int) and rng2.random() < 0.25:
            order = tuple(rng2.randrange(4) for _ in sh)
        out.append(('make_ordered_layout', [show(sh), show(order)]))
    for sh, order in (('(2,2,2,2)', '(0,2,3,1)'), ('(2,3,4,2)', '(0,2,3,0)'), ('(4,8)', '(1,0)'),
                      ('((2,3),4)', '(1,0)'), ('(2,3)', '((1,0),0)'), ('(2,3)', '(0,1,2)'),
                      ('4', '0'), ('(2,3)', '0'), ('()', '()'), ('(4,1,2)', '(2,0,1)')):
        out.append(('make_ordered_layout', [sh, order]))
    return out


def tuple_map(f, t):
    if isinstance(t, int):
        return f(t)
    return tuple(tuple_map(f, x) for x in t)


def coords(shape_leaves):
    """Every coordinate (a list, one entry per leaf), the first leaf fastest."""
    out = [[]]
    for s in shape_leaves:
        out = [c + [x] for x in range(s) for c in out]
    return out


def at(ds, c):
    return sum(x * d for x, d in zip(c, ds))


def meets_upcast(l, n, r):
    """Each coordinate c' of R stands for the coordinates c of L with c_i
    // k_i = c'_i (k_i = ceil(N / d_i), 1 for d_i = 0 or d_i >= N), and
    they hold the N elements of unit R(c'), each once."""
    ls, ld, rs, rd = leaves(l[0]), leaves(l[1]), leaves(r[0]), leaves(r[1])
    if len(ls) != len(rs) or size(l) > 4096:
        return (False, 'R is not congruent to L') if len(ls) != len(rs) else (None, 'too large')
    k = [1 if d == 0 or d >= n else -(-n // d) for d in ld]
    groups = {}
    for c in coords(ls):
        groups.setdefault(tuple(x // kk for x, kk in zip(c, k)), []).append(at(ld, c))
    for cp in coords(rs):
        vals = sorted(groups.get(tuple(cp), []))
        u = at(rd, cp)
        if vals != list(range(n * u, n * u + n)):
            return False, 'R(%s) = %d, but L\'s coordinates there hold %s' % (cp, u, vals[:8])
    if len(groups) != size(r):
        return False, '%d groups of L, %d coordinates of R' % (len(groups), size(r))
    return True, ''


def meets_downcast(l, n, r):
    """R is L with one leaf i of stride 1 made N times longer: R(c) = N
    L(c with c_i // N) + c_i % N."""
    ls, ld, rs, rd = leaves(l[0]), leaves(l[1]), leaves(r[0]), leaves(r[1])
    if len(ls) != len(rs):
        return False, 'R is not congruent to L'
    if n == 1:  # one element per unit: R is L
        return (show_layout(l) == show_layout(r)), 'R is not L'
    diff = [i for i in range(len(ls)) if rs[i] != ls[i]]
    cand = diff
    if len(cand) != 1 or rs[cand[0]] != ls[cand[0]] * n:
        return False, 'R\'s shape is not L\'s with one leaf %d times longer' % n
    i = cand[0]
    if size(r) > 4096:
        return None, 'too large'
    for c in coords(rs):
        cl = list(c)
        cl[i] //= n
        if at(rd, c) != n * at(ld, cl) + c[i] % n:
            return False, 'R(%s) = %d, not %d' % (c, at(rd, c), n * at(ld, cl) + c[i] % n)
    return True, ''


def compact_in_order(r, key):
    """R's leaves of size > 1 and non-zero stride are compact (their values
    are [0, size) once each), a smaller key giving a smaller stride."""
    rs, rd = leaves(r[0]), leaves(r[1])
    live = [i for i in range(len(rs)) if rs[i] > 1 and rd[i] != 0]
    sub = [rs[i] for i in live]
    p = 1
    for x in sub:
        p *= x
    if p > 4096:
        return None, 'too large'
    vals = sorted(at([rd[i] for i in live], c) for c in coords(sub))
    if vals != list(range(p)):
        return False, 'not compact on its non-zero modes'
    for i in live:
        for j in live:
            if key[i] < key[j] and not rd[i] < rd[j]:
                return False, 'leaf %d has the smaller key, not the smaller stride' % i
    return True, ''


def meets_make_layout_like(l, r):
    if show(l[0]) != show(r[0]):
        return False, 'shape differs'
    ld, rd = leaves(l[1]), leaves(r[1])
    if any(a == 0 and b != 0 for a, b in zip(ld, rd)):
        return False, 'a stride-0 leaf of L is not 0 in R'
    return compact_in_order(r, ld)


def order_keys(sh, order):
    """The order entry over each leaf of the shape (O weakly congruent)."""
    if isinstance(order, int):
        return [order] * len(leaves(sh))
    out = []
    for s_, o in zip(sh, order):
        out += order_keys(s_, o)
    return out


def meets_make_ordered_layout(sh, order, r):
    if show(sh) != show(r[0]):
        return False, 'shape differs'
    rs, rd = leaves(r[0]), leaves(r[1])
    p = 1
    for x in rs:
        p *= x
    if p > 4096:
        return None, 'too large'
    if sorted(at(rd, c) for c in coords(rs)) != list(range(p)):
        return False, 'not compact'
    return compact_in_order(r, order_keys(sh, order))


def cute_upcast_py(l, n):
    """CuTe's upcast<N> formula, for recast_layout's middle step."""
    def leaf(s_, d):
        if d == 0:
            return s_, 0
        return -(-s_ // -(-n // d)), -(-d // n)
    ls, ld = leaves(l[0]), leaves(l[1])
    out = [leaf(a, b) for a, b in zip(ls, ld)]
    it1, it2 = iter([x for x, _ in out]), iter([y for _, y in out])
    return tuple_map(lambda _: next(it1), l[0]), tuple_map(lambda _: next(it2), l[0])


def recast_verdict(op, args, answer):
    """(ok, why) of the plain op for a recast request CuTe answered."""
    from math import gcd
    if op == 'upcast':
        return meets_upcast(parse(args[0]), int(args[1]), parse(answer))
    if op == 'downcast':
        return meets_downcast(parse(args[0]), int(args[1]), parse(answer))
    if op == 'make_layout_like':
        return meets_make_layout_like(parse(args[0]), parse(answer))
    if op == 'make_ordered_layout':
        sh, order = parse(args[0])[0], parse(args[1])[0]
        return meets_make_ordered_layout(sh, order, parse(answer))
    ob, nb = int(args[1]), int(args[2])
    g = gcd(ob, nb)
    p, q = nb // g, ob // g
    l = parse(args[0])
    if p == 1 and q == 1:
        return True, ''
    if q == 1:
        return meets_upcast(l, p, parse(answer))
    if p == 1:
        return meets_downcast(l, q, parse(answer))
    u = cute_upcast_py(l, p)
    ok, why = meets_upcast(l, p, u)
    if not ok:
        return ok, 'upcast<%d>: %s' % (p, why)
    ok, why = meets_downcast(u, q, parse(answer))
    return ok, ('' if ok else 'downcast<%d>: %s' % (q, why))


# ------------------------------------------------------ classification

CUTE_TWIN = {'shape', 'stride', 'coshape', 'filter_zeros', 'get', 'crd2idx', 'depth', 'apply', 'flatten', 'coalesce', 'filter', 'composition', 'complement', 'right_inverse', 'left_inverse',
             'logical_divide', 'zipped_divide', 'tiled_divide', 'flat_divide', 'logical_product',
             'zipped_product', 'tiled_product', 'flat_product', 'blocked_product', 'raked_product',
             'max_common_layout', 'max_common_vector', 'nullspace',
             'upcast', 'downcast', 'recast_layout', 'make_layout_like', 'make_ordered_layout'}
RECAST_OPS = {'upcast', 'downcast', 'recast_layout', 'make_layout_like', 'make_ordered_layout'}
NO_TWIN = {'size', 'cosize', 'rank'}
# twins whose plain op is the paper's, not CuTe's (no plain case)
PAPER_PLAIN = {'flatten', 'flat_divide', 'flat_product'}
# twins with no plain op at all
CUTE_ONLY = {'shape', 'stride', 'coshape', 'filter_zeros', 'get', 'crd2idx'}
FAMILY = {'size': 'basic', 'cosize': 'basic', 'rank': 'basic', 'depth': 'basic',
          'flatten': 'basic', 'apply': 'basic', 'coalesce': 'coalesce', 'filter': 'coalesce',
          'composition': 'composition', 'complement': 'complement',
          'right_inverse': 'inverse', 'left_inverse': 'inverse',
          'max_common_layout': 'inverse', 'max_common_vector': 'inverse', 'nullspace': 'inverse',
          'upcast': 'recast', 'downcast': 'recast', 'recast_layout': 'recast',
          'make_layout_like': 'recast', 'make_ordered_layout': 'recast'}


def plain_verdict(op, args, answer, verdicts):
    """(expectation for the plain op or None when there is no plain case,
    a note)."""
    if answer.startswith('error'):
        return None, 'CuTe refuses'
    if op in NO_TWIN or op in ('depth', 'apply', 'coalesce', 'filter'):
        return answer, ''
    if (op, tuple(args)) in JUDGE:
        jb = JUDGE[(op, tuple(args))]
        if jb is None:
            return None, ''
        args = [args[0], jb]
    if op == 'composition':
        a, b, r = parse(args[0]), parse(args[1]), parse(answer)
        ok, why = (meets_tiled_composition(a, b, r) if isinstance(b, list)
                   else meets_composition(a, b, r))
    elif op == 'complement':
        n = None
        if len(args) > 1:  # an integer, a shape or a layout: CuTe takes the shape
            n = 1
            for x in leaves(parse(args[1])[0]):
                n *= x
        ok, why = meets_complement(parse(args[0]), n, parse(answer))
    elif op in RECAST_OPS:
        ok, why = recast_verdict(op, args, answer)
    elif op == 'right_inverse':
        ok, why = meets_right_inverse(parse(args[0]), parse(answer))
    elif op == 'left_inverse':
        ok, why = meets_left_inverse(parse(args[0]), parse(answer))
    elif op in ('logical_divide', 'logical_product', 'zipped_divide', 'tiled_divide',
                'zipped_product', 'tiled_product'):
        key = (('logical_divide' if 'divide' in op else 'logical_product'), tuple(args))
        if key not in verdicts:
            return None, ''
        ok, why = verdicts[key]
    else:
        return None, ''
    if ok is None:
        return None, why
    return (answer if ok else 'error'), ('' if ok else 'CuTe is wrong: ' + why)


def sw(b, m, s):
    """CuTe's print of Swizzle<b,m,s>."""
    return 'Sw<%d,%d,%d>' % (b, m, s)


def gmma_atoms():
    """[(name, bits, text)]: CuTe's GMMA shared-memory atoms
    (cute/atom/mma_traits_sm90_gmma.hpp) in element units, for 8-, 16- and
    32-bit types: K-major then MN-major, INTER, SW32, SW64, SW128."""
    out = []
    for bits, tname in ((8, 'uint8_t'), (16, 'half_t'), (32, 'float')):
        for b, name in ((0, 'INTER'), (1, 'SW32'), (2, 'SW64'), (3, 'SW128')):
            w = (16 << b) * 8 // bits
            pre = '%s o smem_ptr[%db](unset) o ' % (sw(b, 4, 3), bits)
            out.append(('K_%s<%s>' % (name, tname), bits, pre + '(8,%d):(%d,1)' % (w, w)))
            out.append(('MN_%s<%s>' % (name, tname), bits, pre + '(%d,8):(1,%d)' % (w, w)))
    return out


def yaml_str(s):
    return '"' + s.replace('\\', '\\\\').replace('"', '\\"') + '"'


def ask(adapter, reqs):
    """CuTe's answers to reqs [(op, args)], in order."""
    text = ''.join('%s %s\n' % (op, ' '.join(args)) for op, args in reqs)
    res = subprocess.run(adapter, shell=True, input=text, capture_output=True, text=True, cwd=ROOT)
    answers = res.stdout.split('\n')[:len(reqs)]
    if len(answers) != len(reqs):
        sys.exit('cute_corpus: %d answers for %d requests (adapter stderr: %s)'
                 % (len(answers), len(reqs), res.stderr[-500:]))
    return answers


def tiler_parts(a, b):
    """[(A_i, B_i)]: the layout pair itself, or mode by mode for a tiler."""
    if not isinstance(b, list):
        return [(a, b)]
    return [((mode(a[0], i), mode(a[1], i)), bi) for i, bi in enumerate(b)]


def steps(op, args):
    """The complement requests a divide or product is built on (CuTe's own
    formulas), one per part: complement(B, shape(coalesce A)) for a
    divide, complement(A, size(A) cosize(B)) for a product."""
    a, b = parse(args[0]), parse(args[1])
    out = []
    for ai, bi in tiler_parts(a, b):
        if 'divide' in op:
            out.append(('coalesce', [show_layout(ai)]))
        else:
            cb = 1 + sum((s - 1) * d for s, d in zip(leaves(bi[0]), leaves(bi[1])))
            out.append(('complement', [show_layout(ai), str(size(ai) * cb)]))
    return out


def meets_divide_product(op, args, answer, step_answers, adapter_cache):
    """Check a logical divide or product answer part by part: the
    complement step meets its contract and the composite is point by point
    A o (B, C), resp. (A, C o B)."""
    a, b = parse(args[0]), parse(args[1])
    r = parse(answer)
    rs, rd = r
    for i, ((ai, bi), st) in enumerate(zip(tiler_parts(a, b), step_answers)):
        ri = ((rs[i], rd[i]) if isinstance(b, list) else r)
        if 'divide' in op:
            ca = parse(st)[0]
            c = parse(adapter_cache[('complement', show_layout(bi), show(ca))])
            n = 1
            for x in leaves(ca):
                n *= x
            ok, why = meets_complement(bi, n, c)
            if not ok:
                return ok, 'its complement step: ' + why
            bb = ((bi[0], c[0]), (bi[1], c[1]))
            ok, why = meets_composition(ai, bb, ri)
        else:
            c = parse(st)
            cb = 1 + sum((s - 1) * d for s, d in zip(leaves(bi[0]), leaves(bi[1])))
            ok, why = meets_complement(ai, size(ai) * cb, c)
            if not ok and size(c) < cb and leaves(c[1])[-1] > 0:
                # the composition runs C's last mode on to cosize(B): C
                # stretched that far must meet the contract
                cs, cd = leaves(c[0]), leaves(c[1])
                rest = size(c) // cs[-1]
                cs = cs[:-1] + [-(-cb // rest)]
                ok, why = meets_complement(ai, size(ai) * cb, (tuple(cs), tuple(cd)))
            if not ok:
                return ok, 'its complement step: ' + why
            if (ri[0][0], ri[1][0]) != ai:
                return False, 'its first mode is not A'
            ok, why = meets_composition(c, bi, (ri[0][1], ri[1][1]))
        if not ok:
            return ok, why
    return True, ''


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--seed', type=int, default=20261123)
    ap.add_argument('--per-op', type=int, default=260)
    ap.add_argument('--adapter', default='python3 ' + os.path.join(ROOT, 'adapters/cute_cpp/cute_adapter.py'))
    ap.add_argument('--out', default=os.path.join(ROOT, 'corpus/cute_cpp'))
    ap.add_argument('--commit', default='7107b05535f8977f5ecb9d01ee203205b1fd9bc4')
    ap.add_argument('--forms', type=int, default=20, help='layouts for the forms requests')
    ap.add_argument('--twins', type=int, default=12,
                    help='layouts for the requests of the functions on modes (twins.yaml)')
    ap.add_argument('--whitepaper', type=int, default=700,
                    help='layouts for nullspace and coalesce_x (whitepaper.yaml)')
    ap.add_argument('--recasts', type=int, default=200,
                    help='random layouts for the recast requests (recast.yaml)')
    ap.add_argument('--families', default='',
                    help='write only these files (comma-separated, e.g. forms)')
    opts = ap.parse_args()
    reqs = requests(opts.seed, opts.per_op)
    seen = set((op, tuple(args)) for op, args in reqs)
    forms = [r for r in form_requests(opts.seed, opts.forms)
             if (r[0], tuple(r[1])) not in seen and not seen.add((r[0], tuple(r[1])))]
    form_keys = set((op, tuple(args)) for op, args in forms)
    reqs += forms
    twins = [r for r in twin_requests(opts.seed, opts.twins)
             if (r[0], tuple(r[1])) not in seen and not seen.add((r[0], tuple(r[1])))]
    twin_keys = set((op, tuple(args)) for op, args in twins)
    reqs += twins
    wps = [r for r in whitepaper_requests(opts.seed, opts.whitepaper)
           if (r[0], tuple(r[1])) not in seen and not seen.add((r[0], tuple(r[1])))]
    wp_keys = set((op, tuple(args)) for op, args in wps)
    reqs += wps
    reqs += [r for r in recast_requests(opts.seed, opts.recasts)
             if (r[0], tuple(r[1])) not in seen and not seen.add((r[0], tuple(r[1])))]

    def family(op, args):
        key = (op, tuple(args))
        return ('forms' if key in form_keys else 'twins' if key in twin_keys
                else 'whitepaper' if key in wp_keys else FAMILY.get(op, 'divide_product'))
    if opts.families:
        keep = set(opts.families.split(','))
        reqs = [r for r in reqs if family(r[0], r[1]) in keep]
    answers = ask(opts.adapter, reqs)
    answer_of = {(op, tuple(args)): ans for (op, args), ans in zip(reqs, answers)}
    # the complement steps of the logical divides and products CuTe answered
    def judged(op, args):  # the args the judges read (JUDGE: tilers as layouts)
        jb = JUDGE.get((op, tuple(args)), args[1] if len(args) > 1 else None)
        return None if jb is None else [args[0], jb]
    logical = [(op, judged(op, args)) for (op, args), ans in zip(reqs, answers)
               if op in ('logical_divide', 'logical_product') and not ans.startswith('error')
               and (op, tuple(args)) not in twin_keys and judged(op, args)]
    step_reqs = [st for op, args in logical for st in steps(op, args)]
    step_ans = dict(zip([(op, tuple(args)) for op, args in step_reqs], ask(opts.adapter, step_reqs)))
    div_comps = []
    for op, args in logical:
        if 'divide' not in op:
            continue
        a, b = parse(args[0]), parse(args[1])
        for ai, bi in tiler_parts(a, b):
            ca = step_ans[('coalesce', (show_layout(ai),))]
            div_comps.append(('complement', [show_layout(bi), show(parse(ca)[0])]))
    comp_ans = dict(zip([(op,) + tuple(args) for op, args in div_comps], ask(opts.adapter, div_comps)))
    orig_args = {}
    for (op, args), ans in zip(reqs, answers):
        if op in ('logical_divide', 'logical_product') and judged(op, args):
            orig_args[(op, tuple(judged(op, args)))] = args
    verdicts = {}
    for op, args in logical:
        sts = [step_ans[(o, tuple(a))] for o, a in steps(op, args)]
        if any(x.startswith('error') for x in sts):
            continue
        try:
            verdicts[(op, tuple(args))] = meets_divide_product(
                op, args, answer_of[(op, tuple(orig_args[(op, tuple(args))]))], sts, comp_ans)
        except KeyError:
            continue
    files, counts = {}, {}
    for (op, args), ans in zip(reqs, answers):
        fam = family(op, args)
        lines = files.setdefault(fam, [])
        exp = 'error' if ans.startswith('error') else ans
        reason = ', reason: %s' % yaml_str(ans[7:]) if ans.startswith('error') else ''
        c = counts.setdefault(fam, [0, 0, 0, 0])
        if fam == 'whitepaper':
            new = whitepaper_lines(op, args, ans, exp, reason)
            lines += new
            c[0] += 1
            c[3] += exp == 'error'
            c[1] += len(new) - 1
            continue
        if fam == 'twins':  # the cute_ ops alone: no plain op has these forms
            lines.append('- {op: cute_%s, args: [%s], expect: %s%s}' % (
                op, ', '.join(yaml_str(a) for a in args), yaml_str(exp), reason))
            c[0] += 1
            c[3] += exp == 'error'
            continue
        if op in CUTE_TWIN:
            lines.append('- {op: cute_%s, args: [%s], expect: %s%s}' % (
                op, ', '.join(yaml_str(a) for a in args), yaml_str(exp), reason))
            c[0] += 1
            c[3] += exp == 'error'
        if op in NO_TWIN or op in CUTE_TWIN and op not in PAPER_PLAIN | CUTE_ONLY:
            pexp, note = plain_verdict(op, args, ans, verdicts)
            if pexp is not None:
                lines.append('- {op: %s, args: [%s], expect: %s%s}' % (
                    op, ', '.join(yaml_str(a) for a in args), yaml_str(pexp),
                    ', note: %s' % yaml_str(note) if note else ''))
                c[1] += 1
                c[2] += pexp == 'error'
    os.makedirs(opts.out, exist_ok=True)
    for fam, lines in sorted(files.items()):
        c = counts[fam]
        with open(os.path.join(opts.out, fam + '.yaml'), 'w') as f:
            f.write('# CuTe C++ answers (static layouts, CUTLASS %s), made by\n'
                    '# tools/cute_corpus.py --seed %d --per-op %d: %d cute_ cases (%d refused by\n'
                    '# CuTe), %d plain cases (%d where CuTe\'s answer breaks the contract).\n'
                    % (opts.commit, opts.seed, opts.per_op, c[0], c[3], c[1], c[2]))
            f.write('\n'.join(lines) + '\n')
        print('%-16s %5d cute_ cases (%d refused), %5d plain cases (%d CuTe wrong)'
              % (fam, c[0], c[3], c[1], c[2]))
    print('%d requests' % len(reqs))


if __name__ == '__main__':
    main()
