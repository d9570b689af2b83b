#!/usr/bin/env python3
"""Regenerate corpus/cute_cpp/negative_strides.yaml: CuTe C++'s answers on
layouts with negative strides, as test vectors.

    python3 tools/cute_negative_corpus.py [--seed N] [--adapter CMD] [--out FILE]

The requests (deterministic from the seed):
  * the negative-stride layouts of CUTLASS's own tests at the pinned commit
    (test/unit/cute/core/composition.cpp, "BETA: Negative strides": A or B
    4:-1, 4:-2, (4,4):(-1,1), the SM80 fp64 MMA NT layout
    (1,(2,4)):(0,(-1,512)) composed with 2:-1 and 4:-1;
    inverse_right.cpp and inverse_left.cpp: 4:-1);
  * random small layouts (flat and nested, rank 1 to 3, shapes up to 8,
    strides in [-9, 9] with at least one negative) and, over each, apply at
    every point or at sampled ones, size, cosize, coalesce, filter,
    flatten, print_layout, composition with compact and negative layouts
    and tilers (both sides), complement (with no cotarget, an integer and
    a shape), right_inverse, left_inverse, the logical, zipped, tiled and
    flat divides and products (both sides), blocked_product and
    raked_product.
Each request becomes a case of its cute_ op with CuTe's text (or `error`
with CuTe's refusal as the reason).  The plain op gets a case where its
contract for negative strides is decided here, independently of the
oracle's C code, by the small evaluator below (CuTe's layout function on
integers, C's truncating division and remainder):
  apply, size, flatten, print_layout   CuTe's text (their definition)
  coalesce, filter   CuTe's text when R(i) = L(i) on [0, size L) (coalesce)
                     or on the non-zero, non-unit modes (filter: size kept
                     as the product of those modes), else error
  composition        CuTe's text when B is a layout, R(i) = A(B(i)) for
                     every i in [0, size B) and size R = size B, else error
  right_inverse      CuTe's text when L(R(i)) = i on [0, size R), else error
  left_inverse       CuTe's text when R's shapes are positive and
                     L(R(L(i))) = L(i) on [0, size L), else error
  cosize             CuTe's text when it is 1 + the largest value (the least
                     is 0), else error (CuTe's cosize is the span)
  complement, the divides and products   error (not checked on negative
                     strides: the plain op names CuTe's answer)
An op the oracle does not evaluate on negative strides yet would be
written as cute_ cases with `pending:` (PENDING; none today), so that the
corpus runner counts them apart until it lands.  blocked_product and
raked_product have no plain op.
"""
import argparse
import os
import random
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PINNED = "7107b05535f8977f5ecb9d01ee203205b1fd9bc4"
from cute_corpus import yaml_str  # noqa: E402  (the corpus tools' one adapter call)
from cute_corpus import ask  # noqa: E402
from cute_corpus import leaves, parse  # noqa: E402  (values as the other corpus tools read them)
PENDING = set()
RANK_OPS = ('blocked_product', 'raked_product')
PENDING_REASON = 'negative strides: the oracle does not evaluate %s on them yet'
POOL = 90  # random layouts (the compile time of CuTe's answers bounds it)
TILE_OPS = ('logical_divide', 'zipped_divide', 'tiled_divide', 'flat_divide',
            'logical_product', 'zipped_product', 'tiled_product', 'flat_product')


# ------------------------------------------------------------ values

def show(t):
    if isinstance(t, int):
        return str(t)
    return '(' + ','.join(show(x) for x in t) + ')'


def show_layout(l):
    return show(l[0]) + ':' + show(l[1])


def size(t):
    n = 1
    for x in leaves(t):
        n *= x
    return n


def tdiv(a, b):
    """C's truncating division."""
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


def tmod(a, b):
    """C's remainder (the sign of a)."""
    return a - b * tdiv(a, b)


def crd2idx(x, s, d):
    """CuTe's layout function at the integer x: colexicographic, the last
    mode unbounded, C's division (Layout::operator()(int))."""
    if isinstance(s, int):
        return x * d
    r = 0
    for i, (si, di) in enumerate(zip(s, d)):
        if i + 1 == len(s):
            r += crd2idx(x, si, di)
        else:
            n = size(si)
            r += crd2idx(tmod(x, n), si, di)
            x = tdiv(x, n)
    return r


def apply(l, x):
    return crd2idx(x, l[0], l[1])


# ------------------------------------------------------------ generation

def gen_shape(rng, rank, depth):
    out = []
    for _ in range(rank):
        if depth > 0 and rng.random() < 0.25:
            out.append(tuple(rng.choice((1, 2, 2, 3, 4)) for _ in range(rng.randint(1, 2))))
        else:
            out.append(rng.choice((1, 2, 2, 3, 4, 4, 8)))
    return tuple(out)


def gen_stride(rng, shape):
    """Strides congruent to shape: compact with signs flipped, or random
    in [-9, 9]; at least one negative."""
    sl = leaves(shape)
    while True:
        if rng.random() < 0.5:
            acc, ds = 1, []
            for s in sl:
                ds.append(acc * rng.choice((1, 1, -1)))
                acc *= s
            if rng.random() < 0.3:
                ds[rng.randrange(len(ds))] = 0
        else:
            ds = [rng.randint(-9, 9) for _ in sl]
        if any(d < 0 for d in ds):
            break
    it = iter(ds)

    def build(t):
        if isinstance(t, int):
            return next(it)
        return tuple(build(x) for x in t)
    return build(shape)


def gen_layout(rng):
    rank = rng.randint(1, 3)
    shape = gen_shape(rng, rank, 1)
    if rank == 1 and rng.random() < 0.5:
        shape = shape[0]
    return (shape, gen_stride(rng, shape))


def compact(shape):
    acc, ds = 1, []
    for s in leaves(shape):
        ds.append(acc)
        acc *= s
    it = iter(ds)

    def build(t):
        if isinstance(t, int):
            return next(it)
        return tuple(build(x) for x in t)
    return (shape, build(shape))


UNIT_TESTS = [
    ('composition', ['4:-1', '4:1']),
    ('composition', ['4:1', '4:-1']),
    ('composition', ['4:-1', '4:-1']),
    ('composition', ['4:1', '4:-2']),
    ('composition', ['(4,4):(-1,1)', '(2,4,2):(1,2,8)']),
    ('composition', ['(4,4):(-1,1)', '(2,4,2):(1,4,2)']),
    ('composition', ['(1,(2,4)):(0,(-1,512))', '2:-1']),
    ('composition', ['(1,(2,4)):(0,(-1,512))', '4:-1']),
    ('right_inverse', ['(4):(-1)']),
    ('left_inverse', ['(4):(-1)']),
    ('right_inverse', ['4:-1']),
    ('left_inverse', ['4:-1']),
    # the shrunk counterexample of the conjecture negative.cute_composition_postcondition
    ('composition', ['(3,1):(-9,-9)', '(4):(-4)']),
    ('composition', ['(4,2):(-1,4)', '4:3']),
    # edge cases: refusals, stride-0 modes of B, nested tilers, shape cotargets
    ('composition', ['(4,2):(-1,4)', '(2,2):(0,-3)']),
    ('zipped_divide', ['(4,(2,2)):(-1,(8,-4))', '<2:1,(2,_)>']),
    ('logical_divide', ['(8,4):(-1,8)', '<(2,2):(1,-4),2:1>']),
    ('complement', ['(4,2):(-1,4)', '(4,4)']),
    ('left_inverse', ['(2,2):(1,-2)']),
    ('flat_product', ['4:-1', '(2,3):(1,-2)']),
    ('print_layout', ['(2,2):(-3,-1)']),
    ('print_layout', ['(3,4):(-4,1)']),
]


def requests(seed):
    rng = random.Random(seed)
    reqs = list(UNIT_TESTS)
    for a in ('4:-1', '(4,4):(-1,1)', '(1,(2,4)):(0,(-1,512))'):
        for x in range(size(parse(a)[0])):
            reqs.append(('apply', [a, str(x)]))
        for op in ('size', 'cosize', 'coalesce', 'filter', 'flatten', 'print_layout'):
            reqs.append((op, [a]))
    pool = []
    while len(pool) < POOL:
        l = gen_layout(rng)
        if show_layout(l) not in pool:
            pool.append(show_layout(l))
    tilers = ['<2:1>', '<4:1,2:1>', '<2:-1>', '<2,2>', '<_,2:1>']
    for i, t in enumerate(pool):
        l = parse(t)
        n = size(l[0])
        pts = range(n) if n <= 4 else sorted(rng.sample(range(n), 4))
        for x in pts:
            reqs.append(('apply', [t, str(x)]))
        for op in ('size', 'cosize', 'coalesce', 'filter', 'flatten'):
            reqs.append((op, [t]))
        if i % 5 == 0 and isinstance(l[0], tuple) and len(l[0]) == 2:
            reqs.append(('print_layout', [t]))
        # composition: negative A with a compact B (and a tiler), B negative
        m = rng.choice([k for k in (1, 2, 4, 8) if k <= max(n, 1)] or [1])
        reqs.append(('composition', [t, '%d:1' % m]))
        reqs.append(('composition', ['%d:1' % rng.choice((8, 16, 32)), t]))
        if i % 2 == 0:
            reqs.append(('composition', [t, show_layout(compact((2, m)))]))
            reqs.append(('composition', [t, pool[(i * 7 + 3) % len(pool)]]))
        if isinstance(l[0], tuple) and i % 3 == 0:
            reqs.append(('composition', [t, tilers[i % len(tilers)]]))
        reqs.append(('complement', [t]))
        if i % 2 == 1:
            reqs.append(('complement', [t, str(rng.choice((16, 32, 64, 100)))]))
        if isinstance(l[0], tuple) and len(l[0]) >= 2 and i % 4 == 0:
            reqs.append(('complement', [t, '(%d,%d)' % (rng.choice((4, 8)), rng.choice((2, 4)))]))
        reqs.append(('right_inverse', [t]))
        reqs.append(('left_inverse', [t]))
        b = rng.choice(('2:1', '4:1', '2:-1', '2:2', '1:0'))
        ops = TILE_OPS if i % 6 == 0 else ('logical_divide', 'logical_product')
        for op in ops:
            reqs.append((op, [t, b]))
        if isinstance(l[0], tuple) and len(l[0]) >= 2 and i % 4 == 2:
            reqs.append(('logical_divide', [t, '<2:1,_>']))
            reqs.append(('zipped_divide', [t, '<2:-1,1:0>']))
        if i % 2 == 0:
            reqs.append(('logical_divide', ['%d:1' % rng.choice((16, 32, 64)), t]))
            reqs.append(('logical_product', ['%d:1' % rng.choice((2, 4)), t]))
        if i % 10 == 0:
            for op in RANK_OPS:
                reqs.append((op, [t, '2:1']))
    seen, out = set(), []
    for r in reqs:
        k = (r[0], tuple(r[1]))
        if k not in seen:
            seen.add(k)
            out.append(r)
    return out


# ------------------------------------------------------------ verdicts

def plain_case(op, args, answer):
    """The plain op's expected text, 'error', or None (no plain case)."""
    if op in ('apply', 'size', 'flatten', 'print_layout'):
        return answer
    if op == 'cosize':
        l = parse(args[0])
        vals = [apply(l, i) for i in range(size(l[0]))]
        return answer if min(vals) == 0 and answer == str(max(vals) + 1) else 'error'
    if op in TILE_OPS or op == 'complement':
        return 'error'
    l = parse(args[0]) if ':' in args[0] and not args[0].startswith('<') else None
    if op == 'coalesce':
        r = parse(answer)
        n = size(l[0])
        ok = size(r[0]) == n and all(apply(r, i) == apply(l, i) for i in range(n))
        return answer if ok else 'error'
    if op == 'filter':
        r = parse(answer)
        kept = [(s, d) for s, d in zip(leaves(l[0]), leaves(l[1])) if s != 1 and d != 0]
        ks = tuple(s for s, _ in kept) or (1,)
        kd = tuple(d for _, d in kept) or (0,)
        k = (ks, kd)
        ok = size(r[0]) == size(ks) and all(apply(r, i) == apply(k, i) for i in range(size(ks)))
        return answer if ok else 'error'
    if op == 'composition':
        if args[1].startswith('<'):
            return None
        a, b, r = l, parse(args[1]), parse(answer)
        n = size(b[0])
        ok = size(r[0]) == n and all(apply(r, i) == apply(a, apply(b, i)) for i in range(n))
        return answer if ok else 'error'
    if op == 'right_inverse':
        r = parse(answer)
        if any(x < 1 for x in leaves(r[0])):
            return 'error'
        ok = all(apply(l, apply(r, i)) == i for i in range(size(r[0])))
        return answer if ok else 'error'
    if op == 'left_inverse':
        r = parse(answer)
        if any(x < 1 for x in leaves(r[0])):
            return 'error'
        ok = all(apply(l, apply(r, apply(l, i))) == apply(l, i) for i in range(size(l[0])))
        return answer if ok else 'error'
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--seed', type=int, default=20261127)
    ap.add_argument('--adapter', default='python3 adapters/cute_cpp/cute_adapter.py')
    ap.add_argument('--out', default=os.path.join(ROOT, 'corpus', 'cute_cpp',
                                                  'negative_strides.yaml'))
    o = ap.parse_args()
    reqs = requests(o.seed)
    answers = ask(o.adapter, reqs)
    lines, refused, plain, pending, lost = [], 0, 0, 0, 0
    for (op, args), a in zip(reqs, answers):
        if a.startswith(('error: compile failed', 'error: cannot compile', 'error: cannot run',
                         'error: CuTe does not finish')):
            lost += 1  # the machine's failure, not CuTe's answer
            continue
        arg_text = ', '.join(yaml_str(x) for x in args)
        cute_op = op if op == 'print_layout' else 'cute_' + op
        tail = ''
        if op in PENDING:
            pending += 1
            tail = ', pending: %s' % yaml_str(PENDING_REASON % op)
        if a.startswith('error'):
            refused += 1
            lines.append('- {op: %s, args: [%s], expect: "error", reason: %s%s}'
                         % (cute_op, arg_text, yaml_str(a[len('error: '):]), tail))
            continue
        lines.append('- {op: %s, args: [%s], expect: %s%s}' % (cute_op, arg_text, yaml_str(a), tail))
        if op in PENDING or op == 'print_layout':
            continue
        p = plain_case(op, args, a)
        if p is not None:
            plain += 1
            lines.append('- {op: %s, args: [%s], expect: %s}' % (op, arg_text, yaml_str(p)))
    head = ('# CuTe C++ answers on layouts with negative strides (static, CUTLASS %s), made by\n'
            '# tools/cute_negative_corpus.py --seed %d: %d requests (%d refused by CuTe, %d pending),'
            ' %d plain cases.\n' % (PINNED, o.seed, len(reqs), refused, pending, plain))
    with open(o.out, 'w') as f:
        f.write(head + '\n'.join(lines) + '\n')
    print('%s: %d cases (%d requests not answered by the machine, left out)'
          % (os.path.relpath(o.out, ROOT), len(lines), lost))


if __name__ == '__main__':
    main()
