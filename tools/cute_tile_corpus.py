#!/usr/bin/env python3
"""Regenerate corpus/cute_cpp/local_tile.yaml: CuTe C++'s answers on slicing
by a coordinate (slice_and_offset) and on the tensor partitions local_tile,
local_partition, inner_partition and outer_partition, as test vectors.

    python3 tools/cute_tile_corpus.py [--seed N] [--adapter CMD] [--out FILE]

The requests (deterministic from the seed):
  * GEMM tilings: (M,N) layouts from 128x128 to 4096x4096, row- and
    column-major, tiled by CTA tiles from 64x32 to 256x128 (as a shape, a
    tiler of layouts and a tiler of integers) at the first, last, middle and
    random tile coordinates, with '_' coordinates, and the (M,N,K) tiler
    projected to A, B and C (Step<_1,X,_1> and its kin);
  * thread layouts (32,8), (8,32), (16,16), (4,8):(8,1) and others
    partitioning tiles of 32x32 to 128x128 (local_partition at several
    thread indices, with projections), inner_partition and
    outer_partition at integer and tuple coordinates;
  * slice_and_offset of layouts at coordinates with '_' (nested too);
  * swizzled layouts: Sw<3,3,3> o 0 o (128,64):(64,1) and kin, and the GMMA
    atoms for 8-, 16- and 32-bit types tiled to CTA tiles by
    tile_to_shape, then local_tile'd and local_partition'd;
  * what CuTe refuses or computes without a check: coordinates and thread
    indices past the shape, ranks that do not match, stride-0 thread modes.
Each request becomes a case of its cute_ op with CuTe's text (or `error`,
its refusal as the reason).  Where the request is one the plain op answers
by its contract (every integer coordinate inside its mode, every tile
dividing the layout's shape, a thread index inside the thread layout, a
thread layout without stride-0 modes of size > 1), the plain op's case is
CuTe's text; where a coordinate or thread index is past its mode, the
plain op's case is an error.
"""
import argparse
import os
import random
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PINNED = "7107b05535f8977f5ecb9d01ee203205b1fd9bc4"
from cute_corpus import yaml_str  # noqa: E402  (the corpus tools' one adapter call)
from cute_corpus import ask as cc_ask  # noqa: E402
from cute_corpus import gmma_atoms as cc_gmma_atoms  # noqa: E402


def ask(adapter, reqs):
    """CuTe's answers to reqs [(op, [args], plain)], in order."""
    return cc_ask(adapter, [(op, args) for op, args, _ in reqs])


def rm(m, n):
    return '(%d,%d):(%d,1)' % (m, n, n)


def cm(m, n):
    return '(%d,%d):(1,%d)' % (m, n, m)


def tilers(bm, bn):
    return ['(%d,%d)' % (bm, bn), '<%d:1,%d:1>' % (bm, bn), '<%d,%d>' % (bm, bn)]


# Plain expectations: 'same' (CuTe's answer), 'error' (out of range), None (no plain case).
def gemm(rng):
    reqs = []
    sizes = [(128, 128), (256, 128), (512, 256), (1024, 1024), (2048, 512), (4096, 4096)]
    ctas = [(64, 64), (128, 64), (64, 128), (128, 128), (256, 128), (128, 256), (64, 32),
            (128, 32)]
    for m, n in sizes:
        for lay in (rm(m, n), cm(m, n)):
            for bm, bn in ctas:
                if bm > m or bn > n:
                    continue
                tm, tn = m // bm, n // bn
                coords = {(0, 0), (tm - 1, tn - 1), (tm // 2, tn // 3),
                          (rng.randrange(tm), rng.randrange(tn))}
                forms = tilers(bm, bn)
                for i, (cx, cy) in enumerate(sorted(coords)):
                    t = forms[i % 3]
                    reqs.append(('local_tile', [lay, t, '(%d,%d)' % (cx, cy)], 'same'))
                reqs.append(('local_tile', [lay, forms[0], '(%d,_)' % rng.randrange(tm)], 'same'))
                reqs.append(('local_tile', [lay, forms[1], str(rng.randrange(tm * tn))], 'same'))
                reqs.append(('local_tile', [lay, forms[0], '(%d,0)' % tm], 'error'))
    # the (M,N,K) CTA tiler projected to A (M,K), B (N,K) and C (M,N)
    for (m, n, k) in ((256, 256, 128), (4096, 4096, 4096)):
        for (bm, bn, bk) in ((128, 128, 32), (64, 64, 16)):
            if bm > m or bn > n or bk > k:
                continue
            cta = '(%d,%d,%d)' % (bm, bn, bk)
            for _ in range(2):
                cx, cy = rng.randrange(m // bm), rng.randrange(n // bn)
                crd = '(%d,%d,_)' % (cx, cy)
                for lay, proj in ((rm(m, k), '(1,X,1)'), (cm(m, k), '(1,X,1)'),
                                  (rm(n, k), '(X,1,1)'), (cm(n, k), '(X,1,1)'),
                                  (rm(m, n), '(1,1,X)'), (cm(m, n), '(1,1,X)')):
                    reqs.append(('local_tile', [lay, cta, crd, proj], 'same'))
            reqs.append(('local_tile', [rm(m, k), '<%d:1,%d:1,%d:1>' % (bm, bn, bk),
                                        '(0,1,_)', '(1,_,1)'], 'same'))
    # a batched (M,N,L) layout, a layout tiler, a tiler with '_'
    reqs.append(('local_tile', ['(256,128,4):(128,1,32768)', '(64,64)', '(1,1)'], 'same'))
    reqs.append(('local_tile', ['(256,128,4):(128,1,32768)', '(64,64)', '(1,1,2)'], 'same'))
    reqs.append(('local_tile', ['(256,128,4):(128,1,32768)', '<64:1,_,2:1>', '(3,0,1)'], 'same'))
    reqs.append(('local_tile', ['(256,128):(128,1)', '(64,2):(1,64)', '3'], None))
    reqs.append(('local_tile', ['(256,128):(128,1)', '<(4,16):(16,1),32:2>', '(1,0)'], None))
    return reqs


def partitions(rng):
    reqs = []
    thrs = ['(32,8):(8,1)', '(32,8):(1,32)', '(8,32):(32,1)', '(16,16):(16,1)', '(16,16):(1,16)',
            '(4,8):(8,1)', '(8,4):(1,8)', '(16,8):(8,1)', '(2,16):(16,1)', '32:1']
    tiles = [rm(64, 64), cm(128, 32), '(64,64):(4096,1)']
    for tile in tiles:
        for thr in thrs:
            nt = 256 if thr.startswith(('(32,8)', '(8,32)', '(16,16)')) else (
                32 if thr.startswith(('(4,8)', '(8,4)', '(2,16)')) or thr == '32:1' else 128)
            idxs = sorted({0, nt - 1, rng.randrange(nt)})
            for i in idxs:
                reqs.append(('local_partition', [tile, thr, str(i)], 'same'))
            reqs.append(('local_partition', [tile, thr, str(nt + 3)], 'error'))
    for lay, proj in (('(128,64):(64,1)', '(1,X,1)'), ('(128,64):(1,128)', '(X,1,1)'),
                      ('(128,128):(128,1)', '(1,1,X)')):
        for i in (0, 5, 17, 31):
            reqs.append(('local_partition', [lay, '(2,16,1):(16,1,0)', str(i), proj], 'same'))
    # a thread layout with a stride-0 mode of size > 1 (CuTe divides by 0)
    reqs.append(('local_partition', ['(8,8):(8,1)', '(4,2):(0,1)', '3'], None))
    reqs.append(('local_partition', ['(8,8):(8,1)', '(4,2):(2,1)', '3'], None))
    reqs.append(('local_partition', ['(8,8):(8,1)', '(4,2):(1,4)', '(1,1)'], None))
    reqs.append(('local_partition', ['(8,8,8):(64,8,1)', '(2,2):(1,2)', '3'], 'same'))
    reqs.append(('local_partition', ['(8,8):(8,1)', '(2,2,2):(1,2,4)', '3'], None))
    reqs.append(('local_partition', ['((4,2),8):((16,1),2)', '(2,4):(4,1)', '5'], 'same'))
    for tile in (rm(64, 64), '((4,16),32):((1,256),4)'):
        for t in ('(16,8)', '<8,(4,2)>', '4'):
            for c in ('5', '(1,2)', '(_,1)'):
                for op in ('inner_partition', 'outer_partition'):
                    reqs.append((op, [tile, t, c], None))
    return reqs


def slices(rng):
    reqs = []
    lays = ['(4,8):(8,1)', '((2,2),(4,2)):((1,16),(2,64))', '(8,(4,4)):(16,(1,4))', '16:2']
    for l in lays:
        for c in ('_', '3', '(_,1)', '(_,_)', '((1,_),_)', '(_,(1,_))', '((_,1),(2,_))', '(1,2)',
                  '(5,_)'):
            reqs.append(('slice_and_offset', [c, l], None))
    return reqs


def gmma_atoms():
    """The GMMA atoms in element units, as text."""
    return [text for _, _, text in cc_gmma_atoms()]


def swizzled_first(rng):
    """Composed layouts at integer offsets, and the tile_to_shape requests
    whose answers the second round tiles."""
    reqs = []
    comp = ['Sw<3,3,3> o 0 o (128,64):(64,1)', 'Sw<3,4,3> o 0 o (64,64):(64,1)',
            'Sw<2,4,3> o 0 o (64,32):(32,1)', 'Sw<1,4,3> o 0 o (64,16):(16,1)',
            'Sw<3,4,3> o 0 o (64,64):(1,64)', 'Sw<2,3,3> o 16 o (32,32):(32,1)',
            'Sw<3,3,-3> o 0 o (64,64):(64,1)', 'Sw<0,4,3> o 0 o (64,64):(64,1)',
            'Sw<3,0,3> o 0 o (8,8):(8,1)', 'Sw<2,1,3> o 0 o ((2,2,2),(2,2,2)):((32,2,8),(4,1,16))']
    for c in comp:
        for t in ('(8,8)', '(16,32)', '(8,64)', '(2,2)', '<8:1,8:1>'):
            for crd in ('(0,0)', '(1,1)', '(1,_)'):
                reqs.append(('local_tile', [c, t, crd], None))
        for thr in ('(4,8):(8,1)', '(2,2):(2,1)'):
            for i in (0, 5):
                reqs.append(('local_partition', [c, thr, str(i)], None))
        for crd in ('(_,3)', '(1,1)'):
            reqs.append(('slice_and_offset', [crd, c], None))
    # CuTe's slice adds the offset's bits by XOR: a carry into the swizzle's bits
    reqs.append(('local_tile', ['Sw<1,3,1> o 10 o 7:1', '(7)', '0'], None))
    reqs.append(('local_tile', ['Sw<1,5,-1> o 0 o 10:4', '(5)', '1'], None))
    # odd tiles of a swizzled layout (CuTe's pow2 requirement)
    reqs.append(('local_tile', ['Sw<3,4,3> o 0 o (96,64):(64,1)', '(3,8)', '(1,1)'], None))
    reqs.append(('local_tile', ['Sw<3,4,3> o 0 o (96,64):(64,1)', '(32,8)', '(1,1)'], None))
    for a in gmma_atoms():
        for mk in ('(128,64)', '(128,128)'):
            reqs.append(('tile_to_shape', [a, mk], 'tiled'))
    return reqs


def swizzled_second(rng, tiled):
    reqs = []
    for t in tiled:
        a = t
        for tile in ('(64,32)', '(8,64)'):
            for crd in ('(0,0)', '(1,1)'):
                reqs.append(('local_tile', [a, tile, crd], None))
        for thr in ('(32,8):(8,1)', '(4,8):(8,1)'):
            for i in (0, rng.randrange(32)):
                reqs.append(('local_partition', [a, thr, str(i)], None))
    return reqs


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--seed', type=int, default=20261127)
    ap.add_argument('--adapter', default='python3 adapters/cute_cpp/cute_adapter.py')
    ap.add_argument('--out', default=os.path.join(ROOT, 'corpus', 'cute_cpp', 'local_tile.yaml'))
    o = ap.parse_args()
    rng = random.Random(o.seed)
    reqs = gemm(rng) + partitions(rng) + slices(rng) + swizzled_first(rng)
    answers = ask(o.adapter, reqs)
    tiled = sorted({a for (op, _, p), a in zip(reqs, answers)
                    if p == 'tiled' and not a.startswith('error')})
    more = swizzled_second(rng, tiled[::3])
    answers += ask(o.adapter, more)
    reqs += more
    lines, refused, plain, n = [], 0, 0, 0
    for (op, args, p), a in zip(reqs, answers):
        if p == 'tiled':
            continue
        n += 1
        arg_text = ', '.join(yaml_str(x) for x in args)
        if a.startswith('error'):
            refused += 1
            lines.append('- {op: cute_%s, args: [%s], expect: "error", reason: %s}'
                         % (op, arg_text, yaml_str(a[len('error: '):])))
            continue
        lines.append('- {op: cute_%s, args: [%s], expect: %s}' % (op, arg_text, yaml_str(a)))
        if p == 'same':
            plain += 1
            lines.append('- {op: %s, args: [%s], expect: %s}' % (op, arg_text, yaml_str(a)))
        elif p == 'error':
            plain += 1
            lines.append('- {op: %s, args: [%s], expect: "error"}' % (op, arg_text))
    seen, uniq = set(), []
    for l in lines:
        if l not in seen:
            seen.add(l)
            uniq.append(l)
    head = ('# CuTe C++ answers on slicing by a coordinate and the tensor partitions (static, '
            'CUTLASS %s),\n# made by tools/cute_tile_corpus.py --seed %d: %d requests (%d refused '
            'by CuTe), %d plain cases.\n' % (PINNED, o.seed, n, refused, plain))
    with open(o.out, 'w') as f:
        f.write(head + '\n'.join(uniq) + '\n')
    print('%s: %d cases' % (os.path.relpath(o.out, ROOT), len(uniq)))


if __name__ == '__main__':
    main()
