#!/usr/bin/env python3
"""Regenerate corpus/cute_cpp/coordinate_strides.yaml: CuTe C++'s answers
on coordinate layouts (layouts with ScaledBasis strides N@i, N@i@j), as
test vectors.

    python3 tools/cute_basis_corpus.py [--adapter CMD] [--out FILE]

The requests (deterministic):
  * make_identity_layout of shapes of 1 to 3 modes, flat and nested, and
    size, rank, depth, shape, stride, cosize, coshape and coalesce of each;
  * hand-made coordinate layouts: two strides on one mode, swapped modes,
    nested bases (1@1@0), integer strides beside bases (0, and a nonzero
    one CuTe refuses to add), values other than 1, a basis of value 0 (its
    queries and points only: the oracle's coalesce, composition and
    divides refuse it);
  * composition of them with layouts, integers and tilers (the CTA tiles
    a TMA tensor is cut into), logical_divide and zipped_divide by tilers,
    and tiled_divide by the CTA tiles;
  * get, flatten, select, group and take of those of rank 2 and more;
  * apply at every index of every layout of size up to 64 above, at every
    coordinate tuple of those up to 16, and at every index of the distinct
    answers of the compositions and divides of size up to 16 (a second
    round, at most 160 requests).
Each request becomes a case of its cute_ op with CuTe's text (or `error`,
its refusal as the reason) and, where the plain op is CuTe's by
definition (docs/coordinate_strides.md) and the first argument is a
coordinate layout, a case of the plain op: apply
answers CuTe's coordinate with a single scaled basis v@i written as the
tuple it stands for; make_identity_layout, size, rank, depth, coalesce,
composition and the divides answer CuTe's text where CuTe answers.
"""
import argparse
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PINNED = "7107b05535f8977f5ecb9d01ee203205b1fd9bc4"
from cute_corpus import yaml_str  # noqa: E402  (the corpus tools' one adapter call)
from cute_corpus import ask  # noqa: E402


def parse_tuple(s):
    """A nested tuple of integers '((2,3),4)' as Python ints and lists."""
    pos = [0]

    def item():
        if s[pos[0]] == '(':
            pos[0] += 1
            out = []
            if s[pos[0]] == ')':
                pos[0] += 1
                return out
            while True:
                out.append(item())
                c = s[pos[0]]
                pos[0] += 1
                if c == ')':
                    return out
        m = re.match(r'\d+', s[pos[0]:])
        pos[0] += len(m.group(0))
        return int(m.group(0))
    return item()


def show(t):
    if isinstance(t, list):
        return '(' + ','.join(show(x) for x in t) + ')'
    return str(t)


def size_of(shape):
    t = parse_tuple(shape)

    def prod(x):
        if isinstance(x, list):
            p = 1
            for y in x:
                p *= prod(y)
            return p
        return x
    return prod(t)


def coords(shape):
    """Every coordinate of a shape, colexicographic, as text."""
    t = parse_tuple(shape)

    def leaves(x):
        return [y for z in x for y in leaves(z)] if isinstance(x, list) else [x]
    flat = leaves(t)
    n = 1
    for f in flat:
        n *= f
    out = []
    for i in range(n):
        c, r = [], i
        for f in flat:
            c.append(r % f)
            r //= f
        it = iter(c)

        def rebuild(x):
            return [rebuild(y) for y in x] if isinstance(x, list) else next(it)
        out.append(show(rebuild(t)))
    return out


def basis_as_tuple(ans):
    """CuTe's answer v@i@j (one scaled basis) as the tuple it stands for;
    any other answer unchanged."""
    m = re.fullmatch(r'(\d+)((?:@\d+)+)', ans)
    if not m:
        return ans
    v = int(m.group(1))
    path = [int(x) for x in m.group(2)[1:].split('@')]  # innermost first
    t = v
    for i in path:  # wrap from the innermost index out
        t = [0] * i + [t]
    return show(t)


SHAPES = ['4', '16', '(8)', '(4,8)', '(8,4)', '(16,16)', '(6,4)', '(3,5)', '(128,64)',
          '(64,32)', '(256,128)', '(2,4,8)', '(4,4,2)', '(8,16,4)', '(64,32,4)',
          '((2,3),4)', '((2,4),(2,2))', '(8,(4,2))', '((4,2),8,2)']

HAND = ['(4,2):(1@0,1@0)', '(4,2):(1@0,4@0)', '(4,2):(1@1,1@0)', '(8,4):(2@0,1@1)',
        '(4,2):(1@0,0)', '(4,2):(1@0,4)', '(4,2):(1@0,1@0@1)', '(2,3):(1@1@0,1@0@0)',
        '((2,2),4):((1@0,2@0),1@1)', '(4,4):(1@1,4@0)', '4:1@0', '(4):(2@1)',
        '(2,2,2):(1@0,1@1,1@2)', '(4,1,8):(1@0,7@0,1@1)', '(8,2):(1@0,0@1)',
        '(2,4):(3@0,1@1)', '(4,8):(1@0,0)']

TILERS = {
    1: ['2', '4', '<2>', '<4:2>', '2:4', '_'],
    2: ['<2,4>', '<(2,2),4>', '<4:2,2>', '<_,4>', '(2,4):(8,1)', '8'],
    3: ['<2,2,2>', '<2,4>', '<_,2,2>', '(2,2,2):(1,4,16)'],
}
CTA = ['<64,32>', '<32,32>', '<16,8>', '<(32,2),16>']
DIVIDES = ('logical_divide', 'zipped_divide', 'tiled_divide')
APPLY_MAX = 64         # apply at every index of a layout up to this size
COORD_MAX = 16         # and at every coordinate tuple up to this size
SECOND_MAX = 16        # apply at every index of an answer up to this size
SECOND_CAP = 100       # at most this many requests in the second round


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--adapter', default='nice -n 10 python3 adapters/cute_cpp/cute_adapter.py')
    ap.add_argument('--count', action='store_true',
                    help='print the first round of requests and stop (no compile)')
    ap.add_argument('--rounds', type=int, default=2,
                    help='1: leave out the second round (apply at the answers)')
    ap.add_argument('--out', default=os.path.join(ROOT, 'corpus', 'cute_cpp',
                                                  'coordinate_strides.yaml'))
    opts = ap.parse_args()

    idents = {}
    reqs = []
    for s in SHAPES:
        reqs.append(('make_identity_layout', [s]))
    answers = ask(opts.adapter, reqs)
    for (op, args), a in zip(reqs, answers):
        if not a.startswith('error'):
            idents[args[0]] = a
    layouts = list(idents.values()) + HAND

    reqs1 = list(reqs)
    for l in layouts:
        # a scaled basis of value 0 (0@i): the oracle's coalesce, composition
        # and divides do not take it (docs/coordinate_strides.md)
        zero_basis = re.search(r'(?<![0-9@])0@', l.split(':', 1)[1]) is not None
        for op in ('size', 'rank', 'depth', 'shape', 'stride', 'cosize', 'coshape', 'coalesce'):
            if not (zero_basis and op == 'coalesce'):
                reqs1.append((op, [l]))
        shape = l.split(':')[0]
        if size_of(shape) <= APPLY_MAX:
            for i in range(size_of(shape)):
                reqs1.append(('apply', [l, str(i)]))
        if size_of(shape) <= COORD_MAX:
            for c in coords(shape):
                if c.startswith('('):
                    reqs1.append(('apply', [l, c]))
        rank = len(parse_tuple(shape)) if shape.startswith('(') else 1
        big = size_of(shape) >= 512 and rank == 2
        for t in [] if zero_basis else TILERS.get(rank, []) + (CTA if big else []):
            reqs1.append(('composition', [l, t]))
            for op in DIVIDES if t in CTA else DIVIDES[:2]:
                if t.startswith('<') or t.isdigit() or ':' in t:
                    reqs1.append((op, [l, t]))
    if opts.count:
        for op, args in reqs1[len(reqs):]:
            print(op, ' '.join(args))
        return
    for l in layouts:  # the functions on modes
        shape = l.split(':')[0]
        rank = len(parse_tuple(shape)) if shape.startswith('(') else 1
        if rank < 2:
            continue
        reqs1 += [('get', [l, '0']), ('get', [l, '1']), ('flatten', [l]), ('select', [l, '1', '0'])]
        if isinstance(parse_tuple(shape)[0], list):
            reqs1.append(('get', [l, '0', '1']))
        if rank >= 3:
            reqs1 += [('group', [l, '0', '2']), ('take', [l, '1', '3'])]
    answers1 = ask(opts.adapter, reqs1[len(reqs):])
    answers1 = answers + answers1

    reqs2, seen2 = [], set()
    for (op, args), a in zip(reqs1 if opts.rounds > 1 else [], answers1):
        if op in ('composition',) + DIVIDES and '@' in a and not a.startswith('error'):
            shape = a.split(':')[0]
            if size_of(shape) <= SECOND_MAX and a not in seen2 and len(reqs2) < SECOND_CAP:
                seen2.add(a)
                for i in range(size_of(shape)):
                    reqs2.append(('apply', [a, str(i)]))
    answers2 = ask(opts.adapter, reqs2) if reqs2 else []

    plain_same = ('make_identity_layout', 'size', 'rank', 'depth', 'coalesce', 'composition',
                  'logical_divide', 'zipped_divide', 'tiled_divide')
    lines, refused, plain = [], 0, 0
    for (op, args), a in zip(reqs1 + reqs2, answers1 + answers2):
        argv = ', '.join(yaml_str(x) for x in args)
        if a.startswith('error'):
            refused += 1
            lines.append('- {op: cute_%s, args: [%s], expect: "error", reason: %s}'
                         % (op, argv, yaml_str(a[len('error: '):])))
            continue
        lines.append('- {op: cute_%s, args: [%s], expect: %s}' % (op, argv, yaml_str(a)))
        if '@' not in args[0]:  # no coordinate layout: the plain op is another's
            continue
        if op == 'apply':
            lines.append('- {op: apply, args: [%s], expect: %s}' % (argv, yaml_str(basis_as_tuple(a))))
            plain += 1
        elif op in plain_same:
            lines.append('- {op: %s, args: [%s], expect: %s}' % (op, argv, yaml_str(a)))
            plain += 1
    n = len(reqs1) + len(reqs2)
    with open(opts.out, 'w') as f:
        f.write('# CuTe C++ answers on coordinate layouts (ScaledBasis strides; static, CUTLASS %s), '
                'made by\n# tools/cute_basis_corpus.py: %d requests (%d refused by CuTe), '
                '%d plain cases.\n' % (PINNED, n, refused, plain))
        f.write('\n'.join(lines) + '\n')
    print('cute_basis_corpus: %d requests, %d refused, %d plain cases -> %s'
          % (n, refused, plain, opts.out))


if __name__ == '__main__':
    main()
