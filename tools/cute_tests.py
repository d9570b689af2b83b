#!/usr/bin/env python3
"""Regenerate corpus/cute_tests/: the cases of CuTe's own tests, with CuTe
C++'s answers, as test vectors.

    python3 tools/cute_tests.py [--cases FILE] [--out DIR] [--adapter CMD]
                                [--oracle BIN] [--commit SHA] [--mutate]

1. Reads the cases (corpus/cute_tests/cases.txt): for each case of
   CUTLASS's CuTe core tests (test/unit/cute/core/*.cpp) and pycute's tests
   (test/python/pycute/*.py) its file, line, op and arguments.
2. Asks CuTe C++ through adapters/cute_cpp/cute_adapter.py with every
   integer static (what the cute_ ops answer), and, for a C++ case built
   with run-time ints, also as the test builds it (--dynamic, `_n` static).
3. Checks CuTe's static answer against the property the test's own helper
   checks (PROPERTIES below; the small evaluator of tools/cute_corpus.py,
   independent of the oracle's C code).
4. Writes one YAML file per test source: a `cute_OP` case with CuTe's
   printout for every case whose op has a cute_ twin, and a case of the
   plain op where one exists: CuTe's text where CuTe's answer meets the
   test's property, `skip:` with the reason where it does not.  A case the
   oracle answers otherwise today for a reason pending_reason names gets
   `pending:` with that reason (the corpus runner counts it apart and fails
   when it passes, so that the mark is removed when the form lands).
   Cases the oracle cannot express (swizzles, negative strides, ...) go to
   inexpressible.txt with their reason.  A case the oracle fails for no
   such reason is printed ("FAILS, no pending reason") and the exit status
   is 1: a person decides.  Regenerating after the oracle gained a form
   drops the marks that no longer apply.
"""
import argparse
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cute_corpus as cc  # noqa: E402  (the evaluator and the adapter call)

ROOT = cc.ROOT
COMMIT = '7107b05535f8977f5ecb9d01ee203205b1fd9bc4'

# ------------------------------------------------------------ the cases


class Case:
    """One case: source file and line, op, arguments (text with `#n` for a
    run-time int in a C++ source), the property its test checks."""

    def __init__(self, src, prop, line, op, args, value, refuses, stem=None):
        self.src, self.prop, self.line, self.op = src, prop, line, op
        self.stem = stem or default_stem(src)  # the YAML file's name
        self.refuses = refuses               # text of CuTe's refusal the test names
        self.raw = args                      # with '#' marks
        self.args = [a.replace('#', '') for a in args]
        self.value = value                   # expected value (py_value)
        self.dynamic = any('#' in a for a in args)
        self.static = None                   # CuTe's answer, static ints
        self.mixed = None                    # as the test builds it
        self.mixed_want = None               # what the test asserts of that

    def mixed_args(self):
        """The arguments as the test builds them, in the adapter's
        --dynamic syntax: `_n` static, `n` a run-time int."""
        return [re.sub(r'(#?)(\d+)', lambda m: m.group(2) if m.group(1) else '_' + m.group(2), a)
                for a in self.raw]

    def ref(self):
        return '%s:%d' % (self.src, self.line)


def split_shape(text):
    """Parse a shape with '#' marks into nested lists of (n, static)."""
    pos = [0]

    def item():
        if text[pos[0]] == '(':
            pos[0] += 1
            out = []
            while True:
                out.append(item())
                c = text[pos[0]]
                pos[0] += 1
                if c == ')':
                    return out
        m = re.match(r'#?\d+', text[pos[0]:])
        pos[0] += m.end()
        return (int(m.group(0).lstrip('#')), not m.group(0).startswith('#'))
    t = item()
    assert pos[0] == len(text), text
    return t


def compact(text, row):
    """make_layout(SHAPE) (column-major) or make_layout(SHAPE, GenRowMajor{})
    as CuTe's compact_major computes the strides (cute/stride.hpp): the
    leaves in order (reversed for row-major), each stride the product of the
    shapes before it, except a static 1, whose stride is a static 0; a
    stride is static when every factor of it is."""
    shape = split_shape(text)
    leaves = []

    def walk(t):
        if isinstance(t, list):
            for x in t:
                walk(x)
        else:
            leaves.append(t)
    walk(shape)
    order = list(range(len(leaves)))
    if row:
        order.reverse()
    strides = [None] * len(leaves)
    cur, cur_static = 1, True
    for i in order:
        n, static = leaves[i]
        if n == 1 and static:
            strides[i] = (0, True)
        else:
            strides[i] = (cur, cur_static)
            cur, cur_static = cur * n, cur_static and static
    it = iter(strides)

    def show(t, vals):
        if isinstance(t, list):
            return '(' + ','.join(show(x, vals) for x in t) + ')'
        n, static = next(vals) if vals else t
        return ('' if static else '#') + str(n)
    return show(shape, None) + ':' + show(shape, it)


# compact_col_major / compact_row_major values that CUTLASS's
# test/unit/cute/core/compact_xmajor.cpp asserts (its tests
# CompactColMajor_Static, CompactColMajor_Dynamic, CompactRowMajor_Static):
# (row-major?, shape, strides); '#' marks a run-time int.
COMPACT_FACTS = [
    (False, '(4,8,2)', '(1,4,32)'), (False, '(4,8,1,2)', '(1,4,0,32)'),
    (False, '((4,8),1,2)', '((1,4),0,32)'), (False, '(4,(8,1,2))', '(1,(4,0,32))'),
    (False, '(4,(8,1,(2,3)))', '(1,(4,0,(32,64)))'),
    (False, '(#4,#8,#1,#2)', '(1,4,32,32)'), (False, '((#4,#8),#1,#2)', '((1,4),32,32)'),
    (False, '(#4,(#8,#1,(#2,#3)))', '(1,(4,32,(32,64)))'),
    (True, '(4,8,2)', '(16,2,1)'), (True, '(4,8,1,2)', '(16,2,0,1)'),
    (True, '((4,8),1,2)', '((16,2),0,1)'), (True, '(4,(8,1,(2,3)))', '(48,(6,0,(3,1)))'),
]


def check_compact():
    """compact() gives the strides CUTLASS's own test asserts."""
    for row, shape, want in COMPACT_FACTS:
        got = compact(shape, row).split(':')[1].replace('#', '')
        if got != want:
            sys.exit('cute_tests: compact(%s, %s) = %s, CUTLASS asserts %s'
                     % (shape, 'row' if row else 'col', got, want))


def default_stem(src):
    """The YAML file of a test source: cutlass_NAME or pycute_NAME."""
    return ('cutlass_' if src.endswith('.cpp') else 'pycute_') + \
        os.path.splitext(os.path.basename(src))[0].replace('test_', '')


def join_composed(words):
    """A case line's words with each composed layout `A o O o B` made one
    argument, as the batch protocol reads a lone word `o`."""
    out = []
    i = 0
    while i < len(words):
        if words[i] == 'o' and out and i + 1 < len(words):
            out[-1] += ' o ' + words[i + 1]
            i += 2
        else:
            out.append(words[i])
            i += 1
    return out


def expand(arg):
    m = re.match(r'^(col|row):(.*)$', arg)
    return compact(m.group(2), m.group(1) == 'row') if m else arg


def read_cases(path):
    """(cases, inexpressible [(ref, reason)], outside [(path, count, what)])
    from the case file."""
    cases, skipped, outside = [], [], []
    src = prop = stem = None
    with open(path) as f:
        for n, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith('#'):
                continue
            words = line.split()
            if words[0] == '@outside':
                outside.append((words[1], int(words[2]), line.split(None, 3)[3]))
                continue
            if words[0] == '@file':
                src, prop = words[1], words[2]
                stem = words[3] if len(words) > 3 else None
                continue
            if src is None or not words[0].isdigit() or len(words) < 2:
                sys.exit('%s:%d: malformed case line' % (path, n))
            at = int(words[0])
            if words[1] == '-':
                skipped.append(('%s:%d' % (src, at), line.split(None, 2)[2]))
                continue
            value = refuses = mixed = None
            if '~' in words:
                k = words.index('~')
                mixed, words = ' '.join(words[k + 1:]), words[:k]
            if '=' in words:
                k = words.index('=')
                value, words = ' '.join(words[k + 1:]), words[:k]
            if '!' in words:
                k = words.index('!')
                refuses, words = ' '.join(words[k + 1:]), words[:k]
            words = join_composed(words)
            c = Case(src, prop, at, words[1], [expand(a) for a in words[2:]], value, refuses, stem)
            c.mixed_want = mixed
            cases.append(c)
    return cases, skipped, outside

# ------------------------------------------------------------ evaluator


def shape_size(text):
    """size of a shape or a layout's text."""
    p = 1
    for s in cc.leaves(cc.parse(text)[0]):
        p *= s
    return p


def cosize(l):
    return cc.apply(l, cc.size(l) - 1) + 1 if cc.size(l) else 0


def size_filter(l):
    p = 1
    for s, d in zip(cc.leaves(l[0]), cc.leaves(l[1])):
        if d != 0:
            p *= s
    return p


def depth(t):
    return 0 if isinstance(t, int) else 1 + max([depth(x) for x in t] or [0])


def compatible(a, b):
    """CuTe's compatible(A, B) on shapes: an integer A is compatible with
    any B of the same size; a tuple A with a tuple B of the same rank whose
    modes are compatible."""
    if isinstance(a, int):
        p = 1
        for s in cc.leaves(b):
            p *= s
        return a == p
    return not isinstance(b, int) and len(a) == len(b) and all(
        compatible(x, y) for x, y in zip(a, b))


def mode(l, i):
    return (l[0][i], l[1][i])


def same(x, y):
    """Layout equality as CuTe's operator== on static layouts: the same
    shape and stride, nesting included."""
    return cc.show_layout(x) == cc.show_layout(y)


def first_diff(n, f, g, what):
    for i in range(n):
        if f(i) != g(i):
            return False, what % {'i': i, 'f': f(i), 'g': g(i)}
    return True, ''


def p_coalesce(c, r, extra, depth_le_1):
    l = cc.parse(c.args[0])
    if depth_le_1 and depth(r[0]) > 1:
        return False, 'depth(R) = %d > 1' % depth(r[0])
    if cc.size(r) != cc.size(l):
        return False, 'size(R) = %d, size(L) = %d' % (cc.size(r), cc.size(l))
    return first_diff(cc.size(l), lambda i: cc.apply(r, i), lambda i: cc.apply(l, i),
                      'R(%(i)d) = %(f)d, L(%(i)d) = %(g)d')


def p_cpp_complement(c, r, extra):
    """complement.cpp's test_complement: (1)-(4) and the observations."""
    l = cc.parse(c.args[0])
    t = shape_size(c.args[1]) if len(c.args) > 1 else cosize(l)
    done = cosize(l) + cosize(r) - 1          # cosize((L, R)), strides >= 0
    sf = size_filter(l)
    checks = [
        (done >= t, 'cosize((L,R)) = %d < size(cotarget) = %d' % (done, t)),
        (cosize(r) <= -(-t // cosize(l)) * cosize(l), 'cosize(R) = %d > round_up(%d, %d)'
         % (cosize(r), t, cosize(l))),
        (cc.size(r) <= cosize(r), 'size(R) > cosize(R)'),
        (cc.size(r) >= t // sf, 'size(R) = %d < %d / %d' % (cc.size(r), t, sf)),
        (done <= cosize(r) + cosize(l), 'cosize((L,R)) > cosize(R) + cosize(L)'),
        (cosize(r) >= t // sf, 'cosize(R) = %d < %d / %d' % (cosize(r), t, sf)),
    ]
    for ok, why in checks:
        if not ok:
            return False, why
    vals = cc.values(r)
    for i in range(1, len(vals)):
        if vals[i - 1] >= vals[i]:
            return False, 'R(%d) = %d >= R(%d) = %d' % (i - 1, vals[i - 1], i, vals[i])
    lv = set(cc.values(l))
    for i in range(1, len(vals)):
        if vals[i] in lv:
            return False, 'R(%d) = %d is a value of L' % (i, vals[i])
    again = extra[('complement', (group(l, r),))]
    if again.startswith('error') or shape_size(again) != 1:
        return False, 'complement((L,R)) = %s, not of size 1' % again
    back = extra[('complement', (extra[('complement', (c.static, str(cosize(l))))],) + tuple(c.args[1:2] or [str(cosize(l))]))]
    if back != c.static:
        return False, 'complement(complement(R, cosize(L)), cotarget) = %s, not R' % back
    return True, ''


def group(l, r):
    return '(' + cc.show_layout(l) + ',' + cc.show_layout(r) + ')'


def complement_extras(c):
    """The requests complement.cpp's helper makes of CuTe beyond the case:
    complement((L, R)), complement(R, cosize(L)) and the complement of that
    against the cotarget (after the first answers: call twice)."""
    l = cc.parse(c.args[0])
    r = cc.parse(c.static)
    return [('complement', [group(l, r)]), ('complement', [c.static, str(cosize(l))])]


def p_py_complement(c, r, extra):
    l = cc.parse(c.args[0])
    for a in cc.values(l):
        for b in cc.values(r):
            if a == b and not (a == 0 and b == 0):
                return False, 'L and R share the value %d' % a
    return True, ''


def p_composition(c, r, extra, cpp):
    a, b = cc.parse(c.args[0]), cc.parse(c.args[1])
    if cpp and not compatible(b[0], r[0]):
        return False, 'shape(R) is not compatible with shape(B)'
    n = cc.size(b) if cpp else cc.size(r)
    return first_diff(n, lambda i: cc.apply(r, i), lambda i: cc.apply(a, cc.apply(b, i)),
                      'R(%(i)d) = %(f)d, A(B(%(i)d)) = %(g)d')


def p_right_inverse(c, r, extra):
    l = cc.parse(c.args[0])
    return first_diff(cc.size(r), lambda i: cc.apply(l, cc.apply(r, i)), lambda i: i,
                      'L(R(%(i)d)) = %(f)d')


def leaves(t):
    """The integers of a nested tuple, in order."""
    return [t] if isinstance(t, int) else [x for e in t for x in leaves(e)]


def p_cpp_left_inverse(c, r, extra):
    l = cc.parse(c.args[0])
    if min(leaves(r[0]), default=1) < 1:  # CuTe's answer on a negative stride
        return False, 'its shape has an extent below 1, which is no layout'
    return first_diff(cc.size(l), lambda i: cc.apply(l, cc.apply(r, cc.apply(l, i))),
                      lambda i: cc.apply(l, i), 'L(R(L(%(i)d))) = %(f)d, L(%(i)d) = %(g)d')


def p_py_left_inverse(c, r, extra):
    l = cc.parse(c.args[0])
    return first_diff(cc.size(l), lambda i: cc.apply(r, cc.apply(l, i)), lambda i: i,
                      'R(L(%(i)d)) = %(f)d')


def rank2(r):
    return not isinstance(r[0], int) and len(r[0]) == 2


def p_logical_divide(c, r, extra):
    b = cc.parse(c.args[1])
    if not rank2(r):
        return False, 'rank(R) is not 2'
    if not compatible(b[0], r[0][0]):
        return False, 'shape(B) is not compatible with mode 0 of R'
    return True, ''


def p_logical_product(c, r, extra):
    a, b = cc.parse(c.args[0]), cc.parse(c.args[1])
    if not rank2(r):
        return False, 'rank(R) is not 2'
    if not same(a, mode(r, 0)):
        return False, 'mode 0 of R is not A'
    if not compatible(b[0], r[0][1]):
        return False, 'shape(B) is not compatible with mode 1 of R'
    return True, ''


def p_nullspace(c, r, extra):
    l = cc.parse(c.args[0])
    want = cc.size(l) // size_filter(l)
    if cc.size(r) != want:
        return False, 'size(K) = %d, size(L) / size(filter(L)) = %d' % (cc.size(r), want)
    return first_diff(cc.size(r), lambda i: cc.apply(l, cc.apply(r, i)), lambda i: 0,
                      'L(K(%(i)d)) = %(f)d')


def p_value(c, r, extra):
    return (c.static == c.value, 'CuTe prints %s, the test expects %s' % (c.static, c.value))


# property name -> (what the test's helper checks, check(case, R, extra))
PROPERTIES = {
    'cpp_coalesce': ('depth(R) <= 1, size(R) = size(L), R(i) = L(i) on [0, size L)',
                     lambda c, r, e: p_coalesce(c, r, e, True)),
    'py_coalesce': ('size(R) = size(L), R(i) = L(i) on [0, size L)',
                    lambda c, r, e: p_coalesce(c, r, e, False)),
    'cpp_complement': ('for T the cotarget (cosize(L) when omitted): cosize((L,R)) >= size(T), '
                       'cosize(R) <= round_up(size(T), cosize(L)), R increasing, R(i) for i >= 1 '
                       'no value of L, size(R) <= cosize(R), size(R) and cosize(R) >= '
                       'size(T) / size(filter(L)) (integer division), cosize((L,R)) <= '
                       'cosize(R) + cosize(L), size(complement((L,R))) = 1, '
                       'complement(complement(R, cosize(L)), T) = R', p_cpp_complement),
    'py_complement': ('L(a) != R(b) unless both are 0', p_py_complement),
    'cpp_composition': ('shape(R) compatible with shape(B), R(c) = A(B(c)) on [0, size B)',
                        lambda c, r, e: p_composition(c, r, e, True)),
    'py_composition': ('R(i) = A(B(i)) on [0, size R)',
                       lambda c, r, e: p_composition(c, r, e, False)),
    'cpp_right_inverse': ('L(R(i)) = i on [0, size R)', p_right_inverse),
    'py_right_inverse': ('L(R(i)) = i on [0, size R)', p_right_inverse),
    'cpp_left_inverse': ('L(R(L(i))) = L(i) on [0, size L)', p_cpp_left_inverse),
    'py_left_inverse': ('R(L(i)) = i on [0, size L)', p_py_left_inverse),
    'cpp_logical_divide': ('rank(R) = 2, shape(B) compatible with mode 0 of R', p_logical_divide),
    'cpp_logical_product': ('rank(R) = 2, mode 0 of R = A, shape(B) compatible with mode 1 of R',
                            p_logical_product),
    'cpp_nullspace': ('size(K) = size(L) / size(filter(L)), L(K(i)) = 0 on [0, size K)',
                      p_nullspace),
    'py_value': ('the value the test asserts', p_value),
    'cute_value': ('the value CuTe C++ prints, equal to the value the test asserts where it '
                   'gives one (= VALUE, or CUTLASS\'s layout at the coordinate), a refusal where '
                   'it says so', None),
}

# ops with a plain twin in the oracle (the others have only cute_OP)
PLAIN = {'coalesce', 'complement', 'composition', 'right_inverse', 'left_inverse',
         'logical_divide', 'logical_product', 'size'}
# ops whose cute_ twin is CuTe's op (size has none yet: see PENDING)
CUTE = {'coalesce', 'complement', 'composition', 'right_inverse', 'left_inverse',
        'logical_divide', 'logical_product', 'nullspace', 'size'}


def pending_reason(op, args, got):
    """The named reason a case fails today, when it is one that work under
    way removes (a form CuTe accepts, a contract as CuTe states it); None
    otherwise (the case then fails, for a person to look at)."""
    if op == 'cute_size':
        return 'form: cute_size, the cute_ twin of size'
    if op in ('complement', 'cute_complement') and len(args) > 1 and args[1].startswith('('):
        return 'form: a shape as complement\'s cotarget'
    if op in ('complement', 'logical_product') and 'does not reach the cotarget' in got:
        return ('contract: complement\'s size bound size(R) >= N / size(filter(L)) '
                'in integer division, as CuTe states it')
    return None

# ------------------------------------------------------------ output


def yaml_str(s):
    return cc.yaml_str(s)


# ops whose plain op is CuTe's on swizzles and composed layouts by definition
# (docs/swizzle.md): CuTe's text is the plain op's too, except where CuTe's
# int wrapped (a negative answer)
SW_PLAIN = {'apply', 'size', 'rank', 'depth', 'layout_function', 'print_layout'}

CUTLASS_LAYOUTS = r'''
#include "cutlass/cutlass.h"
#include "cutlass/layout/matrix.h"
#include "cutlass/layout/tensor_op_multiplicand_sm75.h"
#include <cstdio>
template <class L> void dump(int M, int N) {
  L layout = L::packed({M, N});
  for (int n = 0; n < N; n++)
    for (int m = 0; m < M; m++)
      printf("%s%lld", m == 0 && n == 0 ? "" : ",", (long long)layout({m, n}));
  printf("\n");
}
int main() {
@CALLS@
}
'''


def cutlass_values(specs, cxx):
    """{spec: values} for each spec CLASS@MxN: CUTLASS's layout
    cutlass::layout::CLASS::packed({M,N}) at every (m,n), m fastest (CuTe's
    index order), from a program compiled with CUTLASS's headers: the
    reference layout_operator.cu compares CuTe's layouts with."""
    specs = sorted(set(specs))
    if not specs:
        return {}
    inc = os.environ.get('CUTLASS_DIR', os.path.join(ROOT, '..', 'shared', 'third_party',
                                                     'cutlass', 'include'))
    calls = []
    for sp in specs:
        cls, dims = sp.rsplit('@', 1)
        m, n = dims.split('x')
        calls.append('  dump<cutlass::layout::%s>(%d, %d);' % (cls, int(m), int(n)))
    import tempfile
    with tempfile.TemporaryDirectory() as d:
        src, exe = os.path.join(d, 'layouts.cpp'), os.path.join(d, 'layouts')
        with open(src, 'w') as f:
            f.write(CUTLASS_LAYOUTS.replace('@CALLS@', '\n'.join(calls)))
        res = subprocess.run([cxx, '-std=c++17', '-I', inc, '-I', '/usr/local/cuda/include',
                              '-I', '/usr/local/cuda/include/cccl', src, '-o', exe],
                             capture_output=True, text=True)
        if res.returncode:
            sys.exit('cute_tests: cannot compile CUTLASS\'s layouts: %s' % res.stderr[-800:])
        lines = subprocess.run([exe], capture_output=True, text=True).stdout.split('\n')
    return {sp: [int(v) for v in line.split(',')] for sp, line in zip(specs, lines)}


def cute_value_cases(c, keys, twins, cutlass):
    """The YAML cases [(case, op, args, expect, keys)] of a case of a
    cute_value block: its cute_ twin with CuTe's printout, and the plain op
    where SW_PLAIN says it is CuTe's; a refusal the test names, CuTe's
    refusal; a value the test asserts must be CuTe's (or its plain op's where
    CuTe's int wrapped)."""
    want = c.value
    if want and want.startswith('cutlass:'):
        spec = want[len('cutlass:'):]
        vals = cutlass[spec]
        if c.op == 'layout_function':
            want = '[' + ','.join(str(v) for v in vals) + ']'
        else:
            m, n = (int(x) for x in re.match(r'\((\d+),(\d+)\)$', c.args[-1]).groups())
            want = str(vals[m + int(spec.rsplit('@', 1)[1].split('x')[0]) * n])
    static = c.static
    unsupported = static.startswith('error: unsupported op')
    err = static.startswith('error')
    twin = 'cute_' + c.op if 'cute_' + c.op in twins else None
    out = []
    if c.refuses is not None:
        if not err:
            sys.exit('cute_tests: %s: the test says it is refused (%s), CuTe answers %s'
                     % (c.ref(), c.refuses, static))
        k = keys + ['reason: %s' % yaml_str(static[7:]),
                    'note: %s' % yaml_str('the test refuses it: ' + c.refuses)]
        if twin:
            out.append((c, twin, c.args, 'error', k))
        if c.refuses.startswith('malformed') and c.op in SW_PLAIN:
            out.append((c, c.op, c.args, 'error', k))
        return out
    wrapped = not err and static.startswith('-')
    if want is not None and not unsupported and static != want and not wrapped:
        sys.exit('cute_tests: %s: the test asserts %s, CuTe answers %s' % (c.ref(), want, static))
    if twin and not unsupported:
        k = list(keys)
        if err:
            k.append('reason: %s' % yaml_str(static[7:]))
        out.append((c, twin, c.args, 'error' if err else static, k))
    if c.op in SW_PLAIN:
        exp = want if want is not None else (None if err or wrapped else static)
        if exp is not None:
            out.append((c, c.op, c.args, exp, list(keys)))
    return out


def oracle_ops(binary):
    """The names of the oracle's ops (eval --list)."""
    res = subprocess.run([binary, 'eval', '--list'], capture_output=True, text=True, cwd=ROOT)
    return {line.split()[0] for line in res.stdout.split('\n') if line.strip()}


def oracle_answers(binary, reqs):
    """The oracle's answers to reqs [(op, args)], by its batch protocol."""
    text = ''.join('%s %s\n' % (op, ' '.join(args)) for op, args in reqs)
    res = subprocess.run([binary, 'eval', '--batch'], input=text, capture_output=True,
                         text=True, cwd=ROOT)
    out = res.stdout.split('\n')[:len(reqs)]
    if len(out) != len(reqs):
        sys.exit('cute_tests: %d oracle answers for %d requests' % (len(out), len(reqs)))
    return out


def bump_last_stride(text):
    """text with its last stride 1 larger (a wrong answer for --mutate)."""
    shape, stride = text.split(':', 1)
    m = list(re.finditer(r'\d+', stride))[-1]
    return shape + ':' + stride[:m.start()] + str(int(m.group()) + 1) + stride[m.end():]


def mutate(cases):
    """How sharp the tests' own properties are: of the cases with a layout
    answer (complement.cpp's aside, whose checks ask CuTe again), how many
    reject CuTe's answer with its last stride made 1 larger."""
    caught = n = 0
    for c in cases:
        if c.op == 'size' or c.refuses or c.prop in ('cpp_complement', 'cute_value') or \
                c.static.startswith('error'):
            continue
        ok, _ = PROPERTIES[c.prop][1](c, cc.parse(bump_last_stride(c.static)), {})
        n += 1
        caught += not ok
    print('a wrong last stride breaks the test\'s property in %d of %d cases' % (caught, n))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--cases', default=os.path.join(ROOT, 'corpus/cute_tests/cases.txt'))
    ap.add_argument('--out', default=os.path.join(ROOT, 'corpus/cute_tests'))
    ap.add_argument('--adapter', default='python3 ' + os.path.join(
        ROOT, 'adapters/cute_cpp/cute_adapter.py'))
    ap.add_argument('--oracle', default=os.path.join(ROOT, 'bin/layoutcheck'))
    ap.add_argument('--commit', default=COMMIT)
    ap.add_argument('--cxx', default='g++', help='the compiler of CUTLASS\'s layouts')
    ap.add_argument('--mutate', action='store_true',
                    help='also print how many wrong answers the tests\' properties reject')
    opts = ap.parse_args()
    check_compact()
    cases, inexpressible, outside = read_cases(opts.cases)
    for c, ans in zip(cases, cc.ask(opts.adapter, [(c.op, c.args) for c in cases])):
        c.static = ans
    dyn = [c for c in cases if c.dynamic]
    for c, ans in zip(dyn, cc.ask(opts.adapter + ' --dynamic', [(c.op, c.mixed_args()) for c in dyn])):
        c.mixed = ans
    for c in cases:
        # what the test itself asserts of CuTe's answer as it builds the case
        if c.mixed_want and c.mixed != c.mixed_want:
            sys.exit('cute_tests: %s: the test asserts %s with its run-time ints, CuTe answers %s'
                     % (c.ref(), c.mixed_want, c.mixed))
    # the further requests complement.cpp's helper makes of CuTe
    comp = [c for c in cases if c.prop == 'cpp_complement' and not c.static.startswith('error')
            and not c.refuses]
    extra = {}
    first = [r for c in comp for r in complement_extras(c)]
    for (op, args), ans in zip(first, cc.ask(opts.adapter, first)):
        extra[(op, tuple(args))] = ans
    second = []
    for c in comp:
        l = cc.parse(c.args[0])
        inner = extra[('complement', (c.static, str(cosize(l))))]
        second.append(('complement', [inner] + (c.args[1:2] or [str(cosize(l))])))
    for (op, args), ans in zip(second, cc.ask(opts.adapter, second)):
        extra[(op, tuple(args))] = ans
    if opts.mutate:
        mutate(cases)
    # the YAML cases
    twins = oracle_ops(opts.oracle)
    cutlass = cutlass_values([c.value[len('cutlass:'):] for c in cases
                              if c.value and c.value.startswith('cutlass:')], opts.cxx)
    out = []   # (case, op, args, expect, extra keys)
    for c in cases:
        keys = ['ref: %s' % yaml_str(c.ref())]
        if c.dynamic and c.mixed != c.static:
            keys.append('note: %s' % yaml_str(
                'the test builds it with run-time ints, %s, and CuTe prints %s for that'
                % (' '.join(c.mixed_args()), c.mixed)))
        if c.prop == 'cute_value':
            out.extend(cute_value_cases(c, keys, twins, cutlass))
            continue
        err = c.static.startswith('error')
        exp = 'error' if err else c.static
        if c.refuses:
            # kept commented out by the test, which says CuTe refuses it: the
            # cute_ case only (there is no CuTe text for the plain op)
            if not err or c.refuses not in c.static:
                sys.exit('cute_tests: %s: the test says CuTe refuses it (%s), CuTe answers %s'
                         % (c.ref(), c.refuses, c.static))
            out.append((c, 'cute_' + c.op, c.args, exp, keys + [
                'reason: %s' % yaml_str(c.static[7:]),
                'note: %s' % yaml_str('commented out in the test, which says CuTe refuses it')]))
            continue
        if c.op in CUTE:
            k = list(keys)
            if err:
                k.append('reason: %s' % yaml_str(c.static[7:]))
            out.append((c, 'cute_' + c.op, c.args, exp, k))
        if c.op in PLAIN:
            k = list(keys)
            if err:
                k.append('skip: %s' % yaml_str('CuTe refuses it with static ints (%s): no text '
                                               'to compare' % c.static[7:]))
                out.append((c, c.op, c.args, exp, k))
                continue
            ok, why = PROPERTIES[c.prop][1](c, cc.parse(c.static) if c.op != 'size' else None,
                                            extra)
            if not ok:
                k.append('skip: %s' % yaml_str('CuTe\'s answer breaks the test\'s own property: '
                                               + why))
            out.append((c, c.op, c.args, exp, k))
    # what the oracle answers today, for the pending marks
    got = oracle_answers(opts.oracle, [(op, args) for _, op, args, _, _ in out])
    unexplained = []
    for (c, op, args, exp, k), g in zip(out, got):
        if any(x.startswith('skip:') for x in k):
            continue
        passes = (g.startswith('error') if exp == 'error' else g == exp)
        if passes:
            continue
        why = pending_reason(op, args, g)
        if why:
            k.append('pending: %s' % yaml_str(why))
        else:
            unexplained.append('%s %s %s: expected %s, got %s' % (c.ref(), op, ' '.join(args), exp, g))
    # write
    files = {}
    for c, op, args, exp, k in out:
        files.setdefault(c.stem, []).append('- {op: %s, args: [%s], expect: %s, %s}' % (
            op, ', '.join(yaml_str(a) for a in args), yaml_str(exp), ', '.join(k)))
    for stem, lines in files.items():
        src, prop = next((c.src, c.prop) for c in cases if c.stem == stem)
        n_cute = sum(1 for l in lines if l.startswith('- {op: cute_'))
        n_plain = len(lines) - n_cute
        n_pend = sum(1 for l in lines if ', pending: ' in l)
        n_skip = sum(1 for l in lines if ', skip: ' in l)
        with open(os.path.join(opts.out, stem + '.yaml'), 'w') as f:
            f.write('# The cases of CUTLASS %s\n# %s, with CuTe C++\'s printout '
                    '(static ints), made by tools/cute_tests.py\n# from cases.txt.  The test '
                    'checks: %s.\n# %d cute_ cases, %d plain cases (%d skipped: no CuTe text '
                    'that meets the property),\n# %d pending.\n'
                    % (opts.commit, src, PROPERTIES[prop][0], n_cute, n_plain, n_skip, n_pend))
            f.write('\n'.join(lines) + '\n')
        print('%-28s %3d cute_ %3d plain (%d skipped) %3d pending' % (
            stem + '.yaml', n_cute, n_plain, n_skip, n_pend))
    with open(os.path.join(opts.out, 'inexpressible.txt'), 'w') as f:
        f.write('# Cases of CuTe\'s own tests the oracle cannot express, with the reason\n'
                '# (CUTLASS %s; made by tools/cute_tests.py from cases.txt): %d.\n'
                % (opts.commit, len(inexpressible)))
        for ref, why in inexpressible:
            f.write('%s: %s\n' % (ref, why))
        f.write('\n# Test sources with no case the oracle can express, counted: %d.\n'
                % len(outside))
        for path, n, what in outside:
            f.write('%s: %d %s\n' % (path, n, what))
    print('%d cases, %d inexpressible' % (len(cases), len(inexpressible)))
    for u in unexplained:
        print('FAILS, no pending reason: ' + u)
    return 1 if unexplained else 0


if __name__ == '__main__':
    sys.exit(main())
