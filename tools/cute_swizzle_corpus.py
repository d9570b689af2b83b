#!/usr/bin/env python3
"""Regenerate corpus/cute_cpp/swizzle.yaml: CuTe C++'s answers on swizzles
and composed layouts, as test vectors.

    python3 tools/cute_swizzle_corpus.py [--seed N] [--adapter CMD] [--out FILE]

The requests (deterministic from the seed):
  * Swizzle<B,M,S>(x) for every B <= 3, M <= 4, |S| <= 5 with |S| >= B, and
    swizzles at and past the bounds of CuTe's int masks;
  * upcast<N> and downcast<N> of swizzles, composition of two swizzles,
    composition of a swizzle with a layout;
  * the GMMA shared-memory atoms of cute/atom/mma_traits_sm90_gmma.hpp
    (K- and MN-major, INTER/SW32/SW64/SW128, 8-, 16- and 32-bit elements:
    Sw<b,4,3> o smem_ptr[Tb](unset) o (8,W):(W,1) and (W,8):(1,W), W the
    swizzle's bytes times 8 over T bits, as upcast<T> of the bit atoms
    computes them), print_layout of each, tile_to_shape to common CTA
    tiles (both orders), then size, cosize, rank and apply at points of
    every tiled layout CuTe answers, and divides and compositions of them;
  * the layouts of CUTLASS's test/unit/cute/core/swizzle_layout.cpp at the
    pinned commit (Swizzle<3,0,3>, Swizzle<3,0,-3> o (8,8):(8,1) and
    Swizzle<2,1,3> o ((2,2,2),(2,2,2)):((32,2,8),(4,1,16))) at every point.
Each request becomes a case of its cute_ op with CuTe's text (or `error`,
its refusal as the reason) and, for apply, size, rank, depth and
print_layout, whose plain op is CuTe's by definition, a case of the plain
op as well, except where CuTe's int wrapped (a negative answer: the plain
op answers the true value).
"""
import argparse
import os
import random
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PINNED = "7107b05535f8977f5ecb9d01ee203205b1fd9bc4"
from cute_corpus import yaml_str  # noqa: E402  (the corpus tools' one adapter call)
from cute_corpus import ask, sw  # noqa: E402
from cute_corpus import gmma_atoms as cc_gmma_atoms  # noqa: E402


def gmma_atoms():
    """[(name, text)]: the GMMA atoms in element units."""
    return [(name, text) for name, _, text in cc_gmma_atoms()]


def first_round(rng):
    reqs = []
    small = [(b, m, s) for b in range(4) for m in range(5) for s in range(-5, 6) if abs(s) >= b]
    for b, m, s in small:
        top = 1 << (b + m + abs(s))
        for x in sorted({0, top - 1, rng.randrange(top), rng.randrange(4 * top)}):
            reqs.append(('apply', [sw(b, m, s), str(x)]))
    for b, m, s in ((16, 0, 16), (1, 30, 1), (1, 29, 1), (0, 31, 1), (0, 0, 31), (1, 0, -31),
                    (8, 8, -15), (16, 0, -16), (20, 5, 7), (20, 6, 7), (0, 32, 0), (2, 0, -1),
                    (3, 4, 2)):
        reqs.append(('apply', [sw(b, m, s), str(rng.randrange(1 << 30))]))
    for b, m, s in [(b, m, s) for b in range(4) for m in range(5) for s in (3, -4)]:
        for n in (2, 4, 16, 3):
            reqs.append(('upcast', [sw(b, m, s), str(n)]))
            reqs.append(('downcast', [sw(b, m, s), str(n)]))
    pool = [(0, 4, 3), (1, 4, 3), (2, 4, 3), (3, 4, 3), (1, 3, 3), (2, 2, 3), (1, 2, 3),
            (3, 3, 3), (2, 3, -3), (1, 0, 1), (1, 1, 1), (2, 1, 2), (3, 0, 3)]
    for x in pool:
        for y in pool:
            reqs.append(('composition', [sw(*x), sw(*y)]))
    for x in pool[:8]:
        for l in ('(8,64):(64,1)', '(128,64):(64,1)', '(64,8):(1,64)', '16:1', '(4,(2,2)):(2,(1,8))'):
            reqs.append(('composition', [sw(*x), l]))
    # a layout composed with a swizzle or a composed layout; inverses
    for l in ('(8,8):(8,1)', '(8,64):(64,1)', '64:1', '(4,4):(4,1)', '(16,8):(1,16)', '1024:2'):
        for x in pool[:8] + [(3, 0, 3), (3, 0, -3), (2, 1, 3)]:
            reqs.append(('composition', [l, sw(*x)]))
    for x in pool:
        reqs.append(('right_inverse', [sw(*x)]))
        reqs.append(('left_inverse', [sw(*x)]))
    for c in ('Sw<3,4,3> o 0 o (8,64):(64,1)', 'Sw<3,0,3> o 0 o (8,8):(8,1)',
              'Sw<2,1,3> o 0 o ((2,2,2),(2,2,2)):((32,2,8),(4,1,16))', 'Sw<1,1,1> o 4 o (4,2):(1,4)',
              'Sw<2,0,2> o 0 o (4,4):(4,1)', 'Sw<3,3,3> o 0 o (128,64):(64,1)',
              'Sw<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)'):
        for l in ('64:1', '(8,8):(8,1)', '512:1'):
            reqs.append(('composition', [l, c]))
        reqs.append(('right_inverse', [c]))
        reqs.append(('left_inverse', [c]))
    atoms = gmma_atoms()
    for _, a in atoms:
        reqs.append(('right_inverse', [a]))
        reqs.append(('left_inverse', [a]))
        reqs.append(('print_layout', [a]))
        reqs.append(('size', [a]))
        reqs.append(('cosize', [a]))
        for x in (0, 1, 9, 63, 100):
            reqs.append(('apply', [a, str(x)]))
        for m in (64, 128, 256):
            for k in (32, 64, 128, 256):
                reqs.append(('tile_to_shape', [a, '(%d,%d)' % (m, k)]))
                if k == 64 or m == 128:
                    reqs.append(('tile_to_shape', [a, '(%d,%d)' % (m, k), '(2,1)']))
        reqs.append(('tile_to_shape', [a, '(96,40)']))
        reqs.append(('composition', [a, '<4:1,8:1>']))
        reqs.append(('coalesce', [a]))
        reqs.append(('flatten', [a]))
    # the bit atoms of mma_traits_sm90_gmma.hpp and upcast<T> of them (the atoms above)
    for b in range(4):
        w = 128 << b
        for inner in ('(8,%d):(%d,1)' % (w, w), '(%d,8):(1,%d)' % (w, w)):
            bits_atom = '%s o smem_ptr[1b](unset) o %s' % (sw(b, 4, 3), inner)
            for t in (8, 16, 32):
                reqs.append(('upcast', [bits_atom, str(t)]))
    for l in ('(8,64):(64,1)', '(8,6):(6,1)', '(4,2):(0,2)', '((2,4),8):((1,2),16)', '16:2',
              '(8,64):(64,2)', '(3,5):(1,3)'):
        for n in (2, 4, 3):
            reqs.append(('upcast', [l, str(n)]))
            reqs.append(('downcast', [l, str(n)]))
    for c in ('Sw<3,4,3> o 0 o (8,64):(64,1)', 'Sw<2,4,3> o 8 o (16,32):(32,1)',
              'Sw<3,4,3> o 3 o 8:1', 'Sw<1,1,1> o 0 o (4,2):(1,4)',
              'Sw<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)'):
        for n in (2, 4):
            reqs.append(('upcast', [c, str(n)]))
            reqs.append(('downcast', [c, str(n)]))
    # CUTLASS's test/unit/cute/core/swizzle_layout.cpp
    for s, l in (((3, 0, 3), '(8,8):(8,1)'), ((3, 0, -3), '(8,8):(8,1)'),
                 ((2, 1, 3), '((2,2,2),(2,2,2)):((32,2,8),(4,1,16))')):
        c = '%s o 0 o %s' % (sw(*s), l)
        reqs.append(('composition', [sw(*s), l]))
        reqs.append(('print_layout', [c]))
        for x in range(64):
            reqs.append(('apply', [c, str(x)]))
        for i in range(8):
            reqs.append(('apply', [c, '(%d,%d)' % (i, (3 * i + 1) % 8)]))
    # other composed layouts: offsets, print_layout, complement
    for s, off, l in (((1, 1, 1), 0, '(4,2):(1,4)'), ((2, 0, 2), 5, '(4,4):(4,1)'),
                      ((3, 3, 3), 0, '(128,64):(64,1)'), ((2, 1, -2), 3, '(8,4):(1,8)'),
                      ((1, 2, 3), 0, '((2,4),(2,4)):((1,4),(2,16))')):
        c = '%s o %d o %s' % (sw(*s), off, l)
        reqs.append(('print_layout', [c]))
        reqs.append(('complement', [c]))
        reqs.append(('rank', [c]))
        reqs.append(('depth', [c]))
        for x in range(0, 32, 5):
            reqs.append(('apply', [c, str(x)]))
    return reqs


def second_round(rng, tiled):
    """Queries on the tiled layouts CuTe answered."""
    reqs = []
    for t in tiled:
        reqs.append(('size', [t]))
        reqs.append(('cosize', [t]))
        reqs.append(('rank', [t]))
        for _ in range(3):
            reqs.append(('apply', [t, str(rng.randrange(8192))]))
        reqs.append(('apply', [t, '(%d,%d)' % (rng.randrange(64), rng.randrange(32))]))
    for t in tiled[::4]:
        reqs.append(('zipped_divide', [t, '<64:1,32:1>']))
        reqs.append(('logical_divide', [t, '<8:1,16:1>']))
        reqs.append(('tiled_divide', [t, '<32:1,16:1>']))
        reqs.append(('composition', [t, '<16:1,8:1>']))
    return reqs


# plain ops that are CuTe's by definition on these values
PLAIN = {'apply', 'size', 'print_layout', 'rank', 'depth'}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--seed', type=int, default=20261127)
    ap.add_argument('--adapter', default='python3 adapters/cute_cpp/cute_adapter.py')
    ap.add_argument('--out', default=os.path.join(ROOT, 'corpus', 'cute_cpp', 'swizzle.yaml'))
    o = ap.parse_args()
    rng = random.Random(o.seed)
    reqs = first_round(rng)
    answers = ask(o.adapter, reqs)
    tiled = sorted({a for (op, _), a in zip(reqs, answers)
                    if op == 'tile_to_shape' and not a.startswith('error')})
    more = second_round(rng, tiled)
    reqs += more
    answers += ask(o.adapter, more)
    lines, refused, plain = [], 0, 0
    for (op, args), a in zip(reqs, answers):
        arg_text = ', '.join(yaml_str(x) for x in args)
        if a.startswith('error'):
            refused += 1
            reason = a[len('error: '):]
            lines.append('- {op: cute_%s, args: [%s], expect: "error", reason: %s}'
                         % (op, arg_text, yaml_str(reason)))
            continue
        lines.append('- {op: cute_%s, args: [%s], expect: %s}' % (op, arg_text, yaml_str(a)))
        if op in PLAIN and not a.startswith('-'):  # CuTe's int wrapped: not the plain answer
            plain += 1
            lines.append('- {op: %s, args: [%s], expect: %s}' % (op, arg_text, yaml_str(a)))
    op_names = {'print_layout'}  # print_layout has no cute_ twin: CuTe's grid is its definition
    out = []
    for l in lines:
        for n in op_names:
            l = l.replace('{op: cute_%s,' % n, '{op: %s,' % n)
        out.append(l)
    seen, uniq = set(), []
    for l in out:
        if l not in seen:
            seen.add(l)
            uniq.append(l)
    head = ('# CuTe C++ answers on swizzles and composed layouts (static, CUTLASS %s), made by\n'
            '# tools/cute_swizzle_corpus.py --seed %d: %d requests (%d refused by CuTe), %d plain '
            'cases.\n' % (PINNED, o.seed, len(reqs), refused, plain))
    with open(o.out, 'w') as f:
        f.write(head + '\n'.join(uniq) + '\n')
    print('%s: %d cases' % (os.path.relpath(o.out, ROOT), len(uniq)))


if __name__ == '__main__':
    main()
