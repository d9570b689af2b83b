#!/usr/bin/env python3
"""Regenerate corpus/cute_cpp/swizzle_ops.yaml: CuTe C++'s answers on the ops
that take swizzles and composed layouts beside plain layouts, as test vectors.

    python3 tools/cute_swizzle_ops_corpus.py [--seed N] [--adapter CMD] [--out FILE]

The requests (deterministic from the seed):
  * max_common_layout and max_common_vector of two plain layouts, of a
    composed layout and a plain one (both orders) and of two composed
    layouts, among them the GMMA atoms of cute/atom/mma_traits_sm90_gmma.hpp
    (8-, 16- and 32-bit elements, as in tools/cute_swizzle_corpus.py) and
    the atoms tiled to CTA tiles, against the row- and column-major layouts
    of the same shapes;
  * right_inverse and left_inverse of composed layouts (offset 0, other
    offsets, smem_ptr offsets), the tiled atoms with offset 0 among them;
  * upcast, downcast and recast_layout of swizzles, of composed layouts and
    of the atoms (plain and tiled) between 1-, 4-, 8-, 16-, 32- and 64-bit
    elements;
  * complement, logical_product, blocked_product, raked_product and
    tile_to_shape of composed layouts, make_layout_like of one.
The UMMA shared-memory atoms (cute/atom/mma_traits_sm100.hpp at the pinned
commit) are GMMA's (`using cute::GMMA::Layout_K_SW128_Atom;` and so on), and
one of UMMA's own, Layout_MN_SW128_32B_Atom: Swizzle<2,5,2> o smem_ptr o
(1024,4):(1,1024) in bits, upcast to the element type; it joins the atoms.

Each request becomes a case of its cute_ op with CuTe's text (or `error`,
its refusal as the reason).  A case of the plain op follows where this file
can judge it: CuTe's text where CuTe's answer meets the op's postcondition
(checked here point by point, by a small evaluator of its own), `error`
otherwise, with the broken point as the note (docs/swizzle.md, "What each
op means").
"""
import argparse
from math import gcd
import os
import random
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, 'tools'))
PINNED = "7107b05535f8977f5ecb9d01ee203205b1fd9bc4"
from cute_corpus import yaml_str  # noqa: E402  (the corpus tools' one adapter call)
from cute_corpus import ask, sw  # noqa: E402
from cute_corpus import gmma_atoms as cc_gmma_atoms  # noqa: E402


def gmma_atoms():
    """[(bits, text)]: the GMMA (and UMMA) atoms in element units."""
    out = []
    for bits in (8, 16, 32):
        out += [(bits, text) for _, b, text in cc_gmma_atoms() if b == bits]
        # UMMA's own atom (cute/atom/mma_traits_sm100.hpp): Layout_MN_SW128_32B_Atom,
        # Swizzle<2,5,2> o smem_ptr o (1024,4):(1,1024) in bits, upcast to T bits
        w = 1024 // bits
        out.append((bits, '%s o smem_ptr[%db](unset) o (%d,4):(1,%d)' % (sw(2, 5, 2), bits, w, w)))
    return out


def tiled_atoms():
    """The 24 atoms tiled to CTA tiles, as CuTe's tile_to_shape computes
    them: atom (R,C) repeated column-major to (M,K)."""
    out = []
    for bits, a in gmma_atoms():
        pre, inner = a.split(' o ')[0:2], a.split(' o ')[2]
        m = re.match(r'\((\d+),(\d+)\):\((\d+),(\d+)\)', inner)
        r, c, dr, dc = map(int, m.groups())
        for mm, kk in ((64, 64), (128, 64), (128, 128), (256, 64)):
            if mm % r or kk % c:
                continue
            rr, cc = mm // r, kk // c
            tiled = '((%d,%d),(%d,%d)):((%d,%d),(%d,%d))' % (r, rr, c, cc, dr, r * c, dc,
                                                            r * c * rr)
            out.append((bits, '%s o %s o %s' % (pre[0], pre[1], tiled), (mm, kk)))
    return out


def rand_layout(rng, max_rank=3):
    """A small layout with positive strides, often compact."""
    rank = rng.randint(1, max_rank)
    shape = [rng.choice((1, 2, 2, 3, 4, 4, 8)) for _ in range(rank)]
    kind = rng.random()
    if kind < 0.4:
        order = list(range(rank))
        rng.shuffle(order)
        stride, acc = [0] * rank, 1
        for i in order:
            stride[i] = acc
            acc *= shape[i]
    else:
        stride = [rng.choice((0, 1, 1, 2, 4, 8, 16, 3)) for _ in range(rank)]
    if rank == 1:
        return '%d:%d' % (shape[0], stride[0])
    return '(%s):(%s)' % (','.join(map(str, shape)), ','.join(map(str, stride)))


def row_col(m, k):
    return ['(%d,%d):(%d,1)' % (m, k, k), '(%d,%d):(1,%d)' % (m, k, m)]


def requests(rng):
    reqs = []
    small_composed = ['Sw<1,1,1> o 0 o (4,2):(1,4)', 'Sw<2,0,2> o 0 o (4,4):(4,1)',
                      'Sw<3,0,3> o 0 o (8,8):(8,1)', 'Sw<3,0,-3> o 0 o (8,8):(8,1)',
                      'Sw<2,1,3> o 0 o ((2,2,2),(2,2,2)):((32,2,8),(4,1,16))',
                      'Sw<3,4,3> o 0 o (8,64):(64,1)', 'Sw<3,3,3> o 0 o (128,64):(64,1)',
                      'Sw<2,4,3> o 8 o (16,32):(32,1)', 'Sw<1,2,3> o 4 o (8,16):(16,1)',
                      'Sw<2,1,-2> o 3 o (8,4):(1,8)', 'Sw<3,4,3> o 0 o (64,8):(1,64)',
                      'Sw<1,1,1> o 2 o 8:1', 'Sw<2,2,2> o 0 o (4,16):(1,4)',
                      'Sw<0,4,3> o 0 o (8,8):(8,1)', 'Sw<3,4,3> o 16 o (8,64):(64,1)',
                      'Sw<3,4,3> o smem_ptr[16b](unset) o (8,64):(64,1)',
                      'Sw<2,4,3> o smem_ptr[8b](unset) o (64,8):(1,64)']
    # 1. max_common_layout and max_common_vector
    for _ in range(160):
        a, b = rand_layout(rng), rand_layout(rng)
        reqs.append(('max_common_vector', [a, b]))
        reqs.append(('max_common_layout', [a, b]))
    for l in ('(8,64):(64,1)', '(8,64):(1,8)', '((2,4),8):((1,2),16)', '(4,(2,2)):(2,(1,8))',
              '(3,5):(5,1)', '(16,4):(1,32)', '32:1', '(2,3,4):(12,4,1)'):
        reqs.append(('max_common_vector', [l, l]))
        reqs.append(('max_common_layout', [l, l]))
    plains = ['(8,64):(64,1)', '(8,64):(1,8)', '(64,8):(1,64)', '(64,8):(8,1)', '512:1',
              '(8,8):(8,1)', '(8,8):(1,8)', '(16,32):(32,1)', '(4,2):(1,4)', '(4,4):(1,4)',
              '8:1', '(128,64):(64,1)', '((2,2,2),(2,2,2)):((1,2,4),(8,16,32))']
    for c in small_composed:
        for p in plains:
            reqs.append(('max_common_vector', [c, p]))
            reqs.append(('max_common_vector', [p, c]))
            reqs.append(('max_common_layout', [c, p]))
            reqs.append(('max_common_layout', [p, c]))
    for c in small_composed[:8]:
        for d in small_composed[:8]:
            reqs.append(('max_common_vector', [c, d]))
    reqs.append(('max_common_layout', [small_composed[5], small_composed[5]]))
    for bits, a in gmma_atoms():
        inner = a.split(' o ')[2]
        m = re.match(r'\((\d+),(\d+)\)', inner)
        r, c = int(m.group(1)), int(m.group(2))
        for p in row_col(r, c) + ['%d:1' % (r * c)]:
            reqs.append(('max_common_vector', [a, p]))
            reqs.append(('max_common_layout', [a, p]))
            reqs.append(('max_common_vector', [p, a]))
    for bits, t, (mm, kk) in tiled_atoms():
        for p in row_col(mm, kk):
            reqs.append(('max_common_vector', [t, p]))
            reqs.append(('max_common_layout', [t, p]))
    # 2. the inverses of composed layouts
    zero_off = [c for c in small_composed if ' o smem' not in c]
    for c in small_composed:
        reqs.append(('right_inverse', [c]))
        reqs.append(('left_inverse', [c]))
    for b, m, s in ((1, 0, 1), (2, 0, 2), (1, 1, 1), (2, 1, 2), (3, 0, 3), (1, 2, 2), (2, 2, 3),
                    (3, 1, 3), (1, 3, -2), (2, 0, -2)):
        for l in ('16:1', '(4,4):(4,1)', '(4,4):(1,4)', '(8,8):(8,1)', '(2,8):(8,1)',
                  '64:1', '(8,4):(1,8)', '32:2', '(4,2,4):(8,1,2)', '(8,2):(2,1)'):
            for off in (0, 1, 4):
                c = '%s o %d o %s' % (sw(b, m, s), off, l)
                reqs.append(('right_inverse', [c]))
                reqs.append(('left_inverse', [c]))
    for bits, t, _ in tiled_atoms():
        z = re.sub(r'smem_ptr\[\d+b\]\(unset\)', '0', t)
        reqs.append(('right_inverse', [z]))
        reqs.append(('left_inverse', [z]))
    for bits, a in gmma_atoms():
        reqs.append(('right_inverse', [re.sub(r'smem_ptr\[\d+b\]\(unset\)', '0', a)]))
        reqs.append(('left_inverse', [re.sub(r'smem_ptr\[\d+b\]\(unset\)', '0', a)]))
    # CuTe's inverses of the inner layouts: the plain inverse where CuTe's
    # swizzle pass-through refuses is CuTe's general form built from them
    inv_of = sorted({r[1][0].split(' o ')[2].strip() for r in reqs
                     if r[0] in ('right_inverse', 'left_inverse') and ' o ' in r[1][0]})
    for l in inv_of:
        reqs.append(('right_inverse', [l]))
        reqs.append(('left_inverse', [l]))
    # 3. recasts
    widths = (1, 4, 8, 16, 32, 64)
    for b, m, s in ((0, 4, 3), (1, 4, 3), (2, 4, 3), (3, 4, 3), (3, 3, 3), (2, 1, 3), (3, 0, 3),
                    (2, 2, -3), (1, 5, 2)):
        for n in (2, 4, 8, 16):
            reqs.append(('upcast', [sw(b, m, s), str(n)]))
            reqs.append(('downcast', [sw(b, m, s), str(n)]))
        for ob in widths:
            for nb in widths:
                if ob != nb:
                    reqs.append(('recast_layout', [sw(b, m, s), str(ob), str(nb)]))
        reqs.append(('recast_layout', [sw(b, m, s), '16', '24']))
    for c in small_composed:
        for n in (2, 4, 8):
            reqs.append(('upcast', [c, str(n)]))
            reqs.append(('downcast', [c, str(n)]))
        for ob, nb in ((16, 32), (32, 16), (8, 32), (16, 8), (8, 64), (32, 8), (16, 16), (16, 48)):
            reqs.append(('recast_layout', [c, str(ob), str(nb)]))
    for bits, a in gmma_atoms():
        for nb in widths:
            reqs.append(('recast_layout', [a, str(bits), str(nb)]))
        for n in (2, 4):
            reqs.append(('upcast', [a, str(n)]))
            reqs.append(('downcast', [a, str(n)]))
    for b in range(4):
        w = 128 << b
        for inner in ('(8,%d):(%d,1)' % (w, w), '(%d,8):(1,%d)' % (w, w)):
            bits_atom = '%s o smem_ptr[1b](unset) o %s' % (sw(b, 4, 3), inner)
            for t in (8, 16, 32):
                reqs.append(('recast_layout', [bits_atom, '1', str(t)]))
    for t in (8, 16, 32):
        reqs.append(('recast_layout', ['Sw<2,5,2> o smem_ptr[1b](unset) o (1024,4):(1,1024)', '1',
                                       str(t)]))
    for bits, t, _ in tiled_atoms():
        reqs.append(('recast_layout', [t, str(bits), '32' if bits != 32 else '16']))
        z = re.sub(r'smem_ptr\[\d+b\]\(unset\)', '0', t)
        reqs.append(('upcast', [z, '2']))
        reqs.append(('downcast', [z, '2']))
    # 4. complement and the products of composed layouts; make_layout_like
    for c in small_composed:
        reqs.append(('complement', [c]))
        for n in ('1024', '4096'):
            reqs.append(('complement', [c, n]))
        for b2 in ('2:1', '(2,2):(1,2)', '(2,4):(4,1)', '4:1'):
            reqs.append(('logical_product', [c, b2]))
            reqs.append(('blocked_product', [c, b2]))
            reqs.append(('raked_product', [c, b2]))
        reqs.append(('make_layout_like', [c]))
        reqs.append(('tile_to_shape', [c, '(64,64)']))
    for bits, a in gmma_atoms():
        reqs.append(('complement', [a]))
        for b2 in ('(2,2):(1,2)', '(4,2):(1,4)', '(1,4):(0,1)'):
            reqs.append(('blocked_product', [a, b2]))
            reqs.append(('raked_product', [a, b2]))
            reqs.append(('logical_product', [a, b2]))
    return reqs


# ------------------------------------------------------------ the judges
# A small evaluator of its own (not the oracle's): layouts, swizzles and
# composed layouts as Python functions, to decide whether CuTe's answer
# meets the plain op's postcondition.

def parse_tuple(s, i):
    if s[i] == '(':
        i += 1
        items = []
        while s[i] != ')':
            v, i = parse_tuple(s, i)
            items.append(v)
            if s[i] == ',':
                i += 1
        return tuple(items), i + 1
    m = re.match(r'-?\d+', s[i:])
    return int(m.group(0)), i + len(m.group(0))


def flat(t):
    return [t] if isinstance(t, int) else [x for e in t for x in flat(e)]


def parse_layout(s):
    s = s.replace(' ', '')
    shape, i = parse_tuple(s, 0)
    assert s[i] == ':'
    stride, i = parse_tuple(s, i + 1)
    return flat(shape), flat(stride)


def lay_size(l):
    n = 1
    for x in l[0]:
        n *= x
    return n


def lay_at(l, i):
    v = 0
    for s, d in zip(*l):
        v += (i % s) * d
        i //= s
    return v


def parse_sw(s):
    m = re.match(r'Sw<(-?\d+),(-?\d+),(-?\d+)>', s.strip())
    return tuple(int(x) for x in m.groups())


def sw_at(bms, x):
    b, m, s = bms
    yyy = ((1 << b) - 1) << (m + max(0, s))
    t = x & yyy
    return x ^ (t >> s if s >= 0 else t << -s)


def value(text):
    """('layout', l) or ('composed', sw, offset, l, smem_bits) or ('swizzle', sw)."""
    parts = [p.strip() for p in text.split(' o ')]
    if len(parts) == 1:
        if text.startswith('Sw'):
            return ('swizzle', parse_sw(text))
        return ('layout', parse_layout(text))
    off = parts[1]
    smem = re.match(r'smem_ptr\[(\d+)b\]', off)
    return ('composed', parse_sw(parts[0]), 0 if smem else int(off), parse_layout(parts[2]),
            int(smem.group(1)) if smem else 0)


def fn_of(v):
    """(size, f) of a layout or a composed layout as a function of the index."""
    if v[0] == 'layout':
        return lay_size(v[1]), lambda i: lay_at(v[1], i)
    return lay_size(v[3]), lambda i: sw_at(v[1], v[2] + lay_at(v[3], i))


LIMIT = 1 << 16


def judge_common(args, ans, vector):
    """Whether CuTe's max_common_vector/layout answer meets: for every n < N
    some index i of both domains has a(i) = b(i) = n (and, for the layout,
    a(R(n)) = b(R(n)) = n with R(n) in both domains)."""
    va, vb = value(args[0]), value(args[1])
    if va[0] == 'swizzle' or vb[0] == 'swizzle':
        return None
    (na, fa), (nb, fb) = fn_of(va), fn_of(vb)
    if min(na, nb) > LIMIT:
        return None
    if vector:
        n = int(ans)
        found = set()
        for i in range(min(na, nb)):
            x = fa(i)
            if x < n and x == fb(i):
                found.add(x)
        for k in range(n):
            if k not in found:
                return 'no index i with a(i) = b(i) = %d' % k
        return ''
    r = parse_layout(ans)
    for k in range(lay_size(r)):
        i = lay_at(r, k)
        if i >= na or i >= nb or fa(i) != k or fb(i) != k:
            return 'R(%d) = %d' % (k, i)
    return ''


def inverse_fn(ans):
    """(size, f, domain) of an inverse as CuTe prints it: Sw' o 0 o L' (or
    a layout), x -> sw'(L'(x)) on [0, size L'); or L' o n o Sw, x ->
    L'(n + sw(x)) on the x with n + sw(x) in [0, size L'), whose domain is
    listed as sw(y - n) for y < size L'."""
    parts = [p.strip() for p in ans.split(' o ')]
    if len(parts) == 3 and parts[2].startswith('Sw'):
        l2, n, s2 = parse_layout(parts[0]), int(parts[1]), parse_sw(parts[2])
        size = lay_size(l2)

        def f(x):
            y = n + sw_at(s2, x)
            return lay_at(l2, y) if 0 <= y < size else None
        return size, f, [sw_at(s2, y - n) for y in range(size)] if size <= LIMIT else None
    size, g = fn_of(value(ans))
    return size, g, range(size)


def judge_inverse(args, ans, left):
    """Right inverse: C(R(x)) = x on R's domain; left: C(R(C(i))) = C(i)
    for i < size(C), R(C(i)) defined and in C's domain (an smem_ptr
    offset taken as 0, as CuTe's operator() computes)."""
    vc = value(args[0])
    if vc[0] != 'composed':
        return None
    nc, fc = fn_of(vc)
    nr, fr, dom = inverse_fn(ans)
    if nc > LIMIT or dom is None:
        return None
    if left:
        for i in range(nc):
            x = fc(i)
            j = fr(x)
            if j is None or not 0 <= j < nc:
                return 'R(C(%d)) = R(%d) is %s' % (i, x, 'undefined' if j is None else
                                                    'outside C\'s domain')
            if fc(j) != x:
                return 'C(R(C(%d))) = %d, not %d' % (i, fc(j), x)
        return ''
    for x in dom:
        j = fr(x)
        if j is None or not 0 <= j < nc:
            return 'R(%d) is outside C\'s domain' % x
        if fc(j) != x:
            return 'C(R(%d)) = %d' % (x, fc(j))
    return ''


def judge_recast(op, args, ans):
    """The plain upcast/downcast/recast_layout of a swizzle or a composed
    layout, one step (N or NEW/OLD a whole number or its inverse): CuTe's
    answer where the inner layout meets the layout's contract
    (tools/cute_corpus.py's judges) and, for an upcast, the swizzle moves
    no bit below log2 N (B = 0 or 2^M >= N; an smem_ptr's swizzle acts on
    bytes)."""
    from cute_corpus import meets_upcast, meets_downcast, parse as cparse
    v = value(args[0])
    if op == 'recast_layout':
        ob, nb = int(args[1]), int(args[2])
        g = gcd(ob, nb)
        p, q = nb // g, ob // g
        if p > 1 and q > 1:
            return None
        up, n = (True, p) if q == 1 else (False, q)
        if n == 1:
            return None
    else:
        up, n = op == 'upcast', int(args[1])
    if v[0] == 'swizzle':
        b, m, _ = v[1]
        if up and b > 0 and (1 << m) < n:
            return 'the swizzle moves bits below log2 %d' % n
        return ''
    if v[0] != 'composed':
        return None
    r = value(ans)
    l_in, r_in = cparse(args[0].split(' o ')[2].strip()), cparse(ans.split(' o ')[2].strip())
    ok, why = (meets_upcast if up else meets_downcast)(l_in, n, r_in)
    if ok is None:
        return None
    if not ok:
        return why
    b, m, _ = v[1]
    if up and not v[4] and b > 0 and (1 << m) < n:
        return 'the swizzle moves bits below log2 %d' % n
    return ''


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--seed', type=int, default=20261127)
    ap.add_argument('--adapter', default='python3 adapters/cute_cpp/cute_adapter.py')
    ap.add_argument('--out', default=os.path.join(ROOT, 'corpus', 'cute_cpp', 'swizzle_ops.yaml'))
    ap.add_argument('--ask-only', action='store_true', help='ask CuTe (fill the cache), write nothing')
    o = ap.parse_args()
    rng = random.Random(o.seed)
    reqs = requests(rng)
    answers = ask(o.adapter, reqs)
    if o.ask_only:
        print('%d requests asked' % len(reqs))
        return
    write(o, reqs, answers)


def general_inverse(op, args, got):
    """The plain inverse of a composed layout where CuTe refuses it: with an
    smem_ptr offset, CuTe's answer for offset 0 (as operator() takes it);
    where the swizzle pass-through refuses (make_swizzle), CuTe's general
    form inverse(L) o -O o Sw from CuTe's inverse of the inner layout L.
    None when CuTe's answers at hand do not give it."""
    parts = [p.strip() for p in args[0].split(' o ')]
    if len(parts) != 3 or not parts[0].startswith('Sw'):
        return None
    off = '0' if parts[1].startswith('smem_ptr') else parts[1]
    zero = '%s o %s o %s' % (parts[0], off, parts[2])
    if off != parts[1] and not got.get((op, zero), 'error').startswith('error'):
        return got[(op, zero)], "CuTe refuses the smem_ptr offset; CuTe's answer for offset 0"
    inv = got.get((op, parts[2]))
    cute_zero = got.get((op, zero), '')
    if inv is None or inv.startswith('error') or 'must be more than BBits' not in cute_zero:
        return None
    return ('%s o %d o %s' % (inv, -int(off), parts[0]),
            "CuTe refuses; its general form from CuTe's %s of the inner layout" % op)


def write(o, reqs, answers):
    lines, refused, plain = [], 0, 0
    got = {(op, args[0]): a for (op, args), a in zip(reqs, answers) if len(args) == 1}
    for (op, args), a in zip(reqs, answers):
        arg_text = ', '.join(yaml_str(x) for x in args)
        if a.startswith('error'):
            refused += 1
            lines.append('- {op: cute_%s, args: [%s], expect: "error", reason: %s}'
                         % (op, arg_text, yaml_str(a[len('error: '):])))
            if op in ('right_inverse', 'left_inverse'):
                g = general_inverse(op, args, got)
                if g is not None:
                    verdict = judge_inverse(args, g[0], op == 'left_inverse')
                    if verdict == '':
                        plain += 1
                        lines.append('- {op: %s, args: [%s], expect: %s, note: %s}'
                                     % (op, arg_text, yaml_str(g[0]), yaml_str(g[1])))
            continue
        lines.append('- {op: cute_%s, args: [%s], expect: %s}' % (op, arg_text, yaml_str(a)))
        verdict = None
        if op in ('max_common_vector', 'max_common_layout'):
            verdict = judge_common(args, a, op == 'max_common_vector')
        elif op in ('right_inverse', 'left_inverse'):
            verdict = judge_inverse(args, a, op == 'left_inverse')
        elif op in ('upcast', 'downcast', 'recast_layout'):
            verdict = judge_recast(op, args, a)
        if verdict is None:
            continue
        plain += 1
        if verdict == '':
            lines.append('- {op: %s, args: [%s], expect: %s}' % (op, arg_text, yaml_str(a)))
        else:
            lines.append('- {op: %s, args: [%s], expect: "error", note: %s}'
                         % (op, arg_text, yaml_str("CuTe's %s breaks the postcondition: %s"
                                                   % (a, verdict))))
    seen, uniq = set(), []
    for l in lines:
        if l not in seen:
            seen.add(l)
            uniq.append(l)
    head = ('# CuTe C++ answers on the ops of swizzles and composed layouts beside plain layouts '
            '(static,\n# CUTLASS %s), made by tools/cute_swizzle_ops_corpus.py --seed %d: %d '
            'requests (%d refused by CuTe),\n# %d plain cases judged against the postconditions.\n'
            % (PINNED, o.seed, len(reqs), refused, plain))
    with open(o.out, 'w') as f:
        f.write(head + '\n'.join(uniq) + '\n')
    print('%s: %d cases' % (os.path.relpath(o.out, ROOT), len(uniq)))


if __name__ == '__main__':
    main()
