#!/usr/bin/env python3
"""Check the coordinate-layout corpus against PyCuTe: every case of
corpus/cute_cpp/coordinate_strides.yaml that CuTe C++ answers, for the ops
PyCuTe has (make_identity_layout, apply, coalesce, composition and the
divides but tiled_divide, which PyCuTe lacks), asked of PyCuTe (../shared/third_party/pycute-nvlabs), compared
as values: a layout by its text (blanks removed), a coordinate as the
point it stands for (a scaled basis v@i as its tuple, tuples equal after
zero padding), since PyCuTe writes a point in one canonical form and CuTe
as the type its sum has ((2) against 2@0).

    python3 tools/pycute_basis_check.py [--corpus FILE] [--pycute DIR] [-v]

Prints the counts (agree; agree but for the stride of a size-1 mode,
which CuTe writes 0 and PyCuTe as the next stride; differ; PyCuTe raises
where CuTe answers; skipped) and, with -v or for each difference, the
case.
"""
import argparse
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def tokens(s):
    return re.findall(r'\d+(?:@\d+)*|[(),:<>_]', s)


class Reader:
    """Our text of tuples, layouts and tilers as PyCuTe values."""

    def __init__(self, s, pc):
        self.t = tokens(s)
        self.i = 0
        self.pc = pc

    def peek(self):
        return self.t[self.i] if self.i < len(self.t) else ''

    def take(self):
        self.i += 1
        return self.t[self.i - 1]

    def leaf(self):
        w = self.take()
        parts = w.split('@')
        v = int(parts[0])
        if len(parts) == 1:
            return v
        path = [int(x) for x in parts[1:]]
        return self.pc.ScaledBasis(v, list(reversed(path)))  # printed innermost first

    def tup(self):
        if self.peek() != '(':
            return self.leaf()
        self.take()
        out = []
        while self.peek() != ')':
            out.append(self.tup())
            if self.peek() == ',':
                self.take()
        self.take()
        return tuple(out)

    def layout_or_tuple(self):
        s = self.tup()
        if self.peek() == ':':
            self.take()
            return self.pc.Layout(s, self.tup())
        return s

    def tiler(self):
        self.take()  # '<'
        out = []
        while self.peek() != '>':
            if self.peek() == '_':
                raise ValueError('no _ in PyCuTe tilers here')
            out.append(self.layout_or_tuple())
            if self.peek() == ',':
                self.take()
        self.take()
        return tuple(out)

    def value(self):
        return self.tiler() if self.peek() == '<' else self.layout_or_tuple()


def point(s):
    """A coordinate's text as nested Python tuples of ints (v@i@j as the
    tuple it stands for)."""
    toks = tokens(s)
    pos = [0]

    def item():
        w = toks[pos[0]]
        pos[0] += 1
        if w == '(':
            out = []
            while toks[pos[0]] != ')':
                out.append(item())
                if toks[pos[0]] == ',':
                    pos[0] += 1
            pos[0] += 1
            return tuple(out)
        parts = w.split('@')
        v = int(parts[0])
        for i in (int(x) for x in parts[1:]):  # innermost first
            v = tuple([0] * i + [v])
        return v
    return item()


def same_point(a, b):
    """Equal after zero padding; an integer 0 equals an all-zero tuple."""
    if isinstance(a, int) and isinstance(b, int):
        return a == b
    if isinstance(a, int):
        a, b = b, a
    if isinstance(b, int):
        return b == 0 and all(same_point(x, 0) for x in a)
    n = max(len(a), len(b))
    a = a + (0,) * (n - len(a))
    b = b + (0,) * (n - len(b))
    return all(same_point(x, y) for x, y in zip(a, b))


def unit_strides_zeroed(text):
    """A layout's text with the stride of every size-1 leaf written 0 (such
    a mode's stride never counts: CuTe writes 0 where PyCuTe writes the
    next stride)."""
    if ':' not in text:
        return text
    shape, stride = text.split(':', 1)
    leaves = re.findall(r'\d+', shape)
    parts = re.split(r'(\d+(?:@\d+)*)', stride)
    k = 0
    for i in range(1, len(parts), 2):
        if k < len(leaves) and leaves[k] == '1':
            parts[i] = '0'
        k += 1
    return shape + ':' + ''.join(parts)


def cases(path):
    pat = re.compile(r'- \{op: (cute_\w+), args: \[(.*)\], expect: "((?:[^"\\]|\\.)*)"')
    for line in open(path):
        m = pat.match(line)
        if not m or m.group(3) == 'error':
            continue
        args = re.findall(r'"((?:[^"\\]|\\.)*)"', m.group(2))
        yield m.group(1)[5:], args, m.group(3)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--corpus', default=os.path.join(ROOT, 'corpus', 'cute_cpp',
                                                     'coordinate_strides.yaml'))
    ap.add_argument('--pycute', default=os.path.join(ROOT, '..', 'shared', 'third_party',
                                                     'pycute-nvlabs'))
    ap.add_argument('-v', action='store_true')
    opts = ap.parse_args()
    sys.path.insert(0, opts.pycute)
    import pycute as pc
    ops = {'make_identity_layout': None, 'apply': None, 'coalesce': pc.coalesce,
           'composition': pc.composition, 'logical_divide': pc.logical_divide,
           'zipped_divide': pc.zipped_divide}
    agree = differ = raises = skipped = unit = 0
    for op, args, want in cases(opts.corpus):
        if op not in ops:
            continue
        try:
            vals = [Reader(a, pc).value() for a in args]
        except (ValueError, IndexError):
            skipped += 1
            continue
        try:
            if op == 'make_identity_layout':
                got = str(pc.Layout(vals[0], pc.make_basis_like(vals[0]))
                          if hasattr(pc, 'make_basis_like') else pc.make_identity_layout(vals[0]))
            elif op == 'apply':
                x = vals[1]
                got = str(vals[0](*x) if isinstance(x, tuple) else vals[0](x))
            else:
                got = str(ops[op](*vals))
        except Exception as e:  # PyCuTe refuses: a difference of its own kind
            raises += 1
            print('raises: %s %s: CuTe %s, PyCuTe %s: %s'
                  % (op, ' '.join(args), want, type(e).__name__, str(e)[:100]))
            continue
        got = got.replace(' ', '').replace(',)', ')')  # Python's rank-1 tuple (4,)
        ok = same_point(point(got), point(want)) if op == 'apply' else got == want
        if not ok and op != 'apply' and unit_strides_zeroed(got) == unit_strides_zeroed(want):
            unit += 1
            if opts.v:
                print('size-1 stride: %s %s: CuTe %s, PyCuTe %s' % (op, ' '.join(args), want, got))
            continue
        if ok:
            agree += 1
            if opts.v:
                print('agree: %s %s: %s' % (op, ' '.join(args), want))
        else:
            differ += 1
            print('differ: %s %s: CuTe %s, PyCuTe %s' % (op, ' '.join(args), want, got))
    print('pycute_basis_check: %d agree, %d agree but for the stride of a size-1 mode, %d differ, '
          '%d PyCuTe raises, %d skipped (a tiler with _)' % (agree, unit, differ, raises, skipped))
    return 1 if differ else 0


if __name__ == '__main__':
    sys.exit(main())
