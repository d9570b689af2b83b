#!/usr/bin/env python3
"""pycute_f2_corpus.py [--seed N] [--out FILE] -- the corpus of PyCuTe's
answers on layouts with F2 (XOR) strides (docs/f2.md), written to
corpus/pycute_nvlabs/f2.yaml.

PyCuTe (NVlabs/CuTe; PYCUTE_NVLABS_DIR, default
../shared/third_party/pycute-nvlabs) answers every request through
adapters/pycute_nvlabs_adapter.py.  Where PyCuTe's answer breaks the
post-condition its own docs state for the op (composition: R(i) = A(B(i))
for i < size(B); coalesce: R(i) = A(i) and the same size; right_inverse:
A(R(i)) = i for i < size(R), the docstring's promise), checked here
with PyCuTe's own layout function, the case carries `correct: "error"` and
a note: the oracle answers an error that names PyCuTe's answer.

A second part takes CuTe C++'s answers: every `cute_apply Sw<B,M,S> x` of
corpus/cute_cpp/swizzle.yaml (CuTe C++'s printout) with a non-negative
answer becomes `apply F x`, F the F2 layout PyCuTe's Swizzle functor gives
over a power-of-two domain holding x, and every `cute_apply C x` of a
composed layout C with offset 0 or smem_ptr becomes `apply F x`, F the F2
layout the adapter builds from PyCuTe's Swizzle and Layout (its to_f2 C,
which joins the corpus too; C of size up to 2^12), so the F2 form is
checked against CuTe's swizzle and composed layouts point by point.
"""
import argparse
import importlib.util
import os
import random
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def load_adapter():
    """The adapter module (it loads PyCuTe on import)."""
    path = os.path.join(ROOT, "adapters", "pycute_nvlabs_adapter.py")
    spec = importlib.util.spec_from_file_location("pycute_nvlabs_adapter", path)
    mod = importlib.util.module_from_spec(spec)
    saved = sys.argv
    sys.argv = [path]
    spec.loader.exec_module(mod)
    sys.argv = saved
    return mod


def f2_text(shape, stride):
    """The text of an F2 layout from nested tuples (strides as ints)."""
    def t(x, f2):
        if isinstance(x, tuple):
            return "(" + ",".join(t(y, f2) for y in x) + ")"
        return "F2(%d)" % x if f2 else str(x)
    return t(shape, False) + ":" + t(stride, True)


def draw_stride(r):
    """An F2 stride: 0, a power of two, or a few bits."""
    k = r.randrange(6)
    if k == 0:
        return 0
    if k <= 2:
        return 1 << r.randrange(10)
    if k <= 4:
        return r.randrange(1, 256)
    return r.randrange(1, 1 << 12)


def draw_f2(r):
    """A random F2 layout (shape, stride) of rank 1 to 3, sometimes nested."""
    extents = [1, 2, 2, 4, 4, 8, 8, 16, 3, 5, 6]
    rank = 1 + r.randrange(3)
    s = [r.choice(extents) for _ in range(rank)]
    d = [draw_stride(r) for _ in range(rank)]
    # a run of doubling strides now and then, which coalesce merges
    if rank >= 2 and r.randrange(3) == 0 and d[0] > 0:
        d[1] = d[0] * s[0]
    if rank == 3 and r.randrange(2) == 0:
        return ((s[0], s[1]), s[2]), ((d[0], d[1]), d[2])
    if rank == 1:
        return s[0], d[0]
    return tuple(s), tuple(d)


def draw_b(r):
    """A plain layout B for composition, of rank 1 or 2."""
    rank = 1 + r.randrange(2)
    s = [r.choice([1, 2, 4, 8, 3, 6]) for _ in range(rank)]
    d = [r.choice([0, 1, 1, 2, 2, 4, 8, 16, 3, 5]) for _ in range(rank)]
    if rank == 1:
        return "%d:%d" % (s[0], d[0])
    return "(%d,%d):(%d,%d)" % (s[0], s[1], d[0], d[1])


def size_of(shape):
    """The product of a nested tuple's leaves."""
    if isinstance(shape, tuple):
        n = 1
        for x in shape:
            n *= size_of(x)
        return n
    return shape


def coord_of(r, shape):
    """A random natural coordinate of shape (a nested tuple)."""
    if isinstance(shape, tuple):
        return "(" + ",".join(coord_of(r, x) for x in shape) + ")"
    return str(r.randrange(shape))


def requests(r):
    """The generated requests (op, args)."""
    out = []
    for _ in range(260):
        shape, stride = draw_f2(r)
        f = f2_text(shape, stride)
        n = size_of(shape)
        out.append(("size", [f]))
        out.append(("apply", [f, str(r.randrange(n + 2))]))
        out.append(("apply", [f, coord_of(r, shape)]))
        out.append(("coalesce", [f]))
        if r.randrange(2):
            out.append(("coalesce_z", [f]))
        if n <= 4096:
            out.append(("layout_function", [f]))
            out.append(("cosize", [f]))
        out.append(("f2_coshape", [f]))
        if r.randrange(3) == 0:
            out.append(("rank", [f]))
            out.append(("depth", [f]))
        out.append(("right_inverse", [f]))
        out.append(("composition", [f, draw_b(r)]))
        if r.randrange(2):
            out.append(("composition", [f, str(r.choice([1, 2, 4, 8, 3]))]))
    for b in range(4):
        for m in range(5):
            for s in range(-5, 6):
                if abs(s) < b or (b > 0 and s == 0):
                    continue
                sw = "Sw<%d,%d,%d>" % (b, m, s)
                out.append(("to_f2", [sw]))
                out.append(("right_inverse", ["TO_F2 " + sw]))
                if r.randrange(3) == 0:
                    out.append(("to_f2", [sw, str(1 << r.randrange(13))]))
    return out


def yq(s):
    """A YAML double-quoted string."""
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def check_post(ad, op, args, ans):
    """None, or why PyCuTe's answer ans breaks the op's post-condition."""
    p = ad.pycute
    if ans.startswith("error") or op not in ("composition", "coalesce", "coalesce_z",
                                             "right_inverse"):
        return None
    A = ad.to_value(ad.parse(args[0]))
    R = ad.to_value(ad.parse(ans))
    if op == "right_inverse":
        for i in range(p.size(R)):
            if int(A(int(R(i)))) != i:
                return "A(R(%d)) = A(%d) = %d" % (i, int(R(i)), int(A(int(R(i)))))
        return None
    if op == "composition":
        B = ad.to_value(ad.parse(args[1]))
        if isinstance(B, int):
            B = p.Layout(B, 1)
        for i in range(p.size(B)):
            if int(R(i)) != int(A(B(i))):
                return "R(%d) = %d but A(B(%d)) = A(%d) = %d" % (
                    i, int(R(i)), i, B(i), int(A(B(i))))
        return None
    if p.size(R) != p.size(A):
        return "size %d, not %d" % (p.size(R), p.size(A))
    for i in range(p.size(A)):
        if int(R(i)) != int(A(i)):
            return "R(%d) = %d but A(%d) = %d" % (i, int(R(i)), i, int(A(i)))
    return None


SW_APPLY = re.compile(r'- \{op: cute_apply, args: \["(Sw<(\d+),(\d+),(-?\d+)>)", "(\d+)"\], '
                      r'expect: "(-?\d+)"\}')


C_APPLY = re.compile(r'- \{op: cute_apply, args: \["(Sw<[^"]*> o (?:0|smem_ptr\[\d+b\]\(unset\)) o [^"]*)", '
                     r'"(\d+)"\], expect: "(-?\d+)"\}')


def cute_points(ad, table):
    """(request, CuTe's answer) for the apply of the F2 form of each swizzle
    point of corpus/cute_cpp/swizzle.yaml, and of each point of a composed
    layout there with offset 0 or smem_ptr (size at most 2^12, linear over
    XOR); the composed layouts' to_f2 requests with PyCuTe's answers."""
    out, composed, forms = [], [], {}
    with open(os.path.join(ROOT, "corpus", "cute_cpp", "swizzle.yaml")) as fh:
        for line in fh:
            c = C_APPLY.match(line.strip())
            if c:
                text, x, want = c.group(1), int(c.group(2)), int(c.group(3))
                if text not in forms:
                    forms[text] = ad.answer("to_f2 " + text, table)
                    if "past this adapter's limit" not in forms[text]:  # not asked of PyCuTe
                        composed.append((("to_f2", [text]), forms[text]))
                f = forms[text]
                # within the domain: past it CuTe's last mode runs on in Z,
                # the F2 layout's in F2
                if want >= 0 and not f.startswith("error") and \
                        x < ad.pycute.size(ad.to_value(ad.parse(f))):
                    out.append((("apply", [f, str(x)]), str(want)))
                continue
            m = SW_APPLY.match(line.strip())
            if not m:
                continue
            sw, b, base, s, x, want = m.group(1), int(m.group(2)), int(m.group(3)), \
                int(m.group(4)), int(m.group(5)), int(m.group(6))
            if want < 0:
                continue
            bits = max(b + base + abs(s), x.bit_length())
            if bits > 40:
                continue
            f = ad.answer("to_f2 %s %d" % (sw, 1 << bits), table)
            if f.startswith("error"):
                continue
            out.append((("apply", [f, str(x)]), str(want)))
    return out, composed


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=20261127)
    ap.add_argument("--out", default=os.path.join(ROOT, "corpus", "pycute_nvlabs", "f2.yaml"))
    opt = ap.parse_args()
    ad = load_adapter()
    if ad.pycute is None:
        sys.exit("pycute_f2_corpus.py: " + ad.LOAD_ERROR)
    table = ad.ops()
    r = random.Random(opt.seed)
    lines, errors, corrected, seen = [], 0, 0, set()
    for op, args in requests(r):
        if args[0].startswith("TO_F2 "):  # the F2 layout of a swizzle, from PyCuTe
            args = [ad.answer("to_f2 " + args[0][len("TO_F2 "):], table)]
        key = (op, tuple(args))
        if key in seen:
            continue
        seen.add(key)
        ans = ad.answer(op + " " + " ".join(args), table)
        a = "[" + ", ".join(yq(x) for x in args) + "]"
        if ans.startswith("error"):
            errors += 1
            lines.append("- {op: %s, args: %s, expect: \"error\", reason: %s}" %
                         (op, a, yq(ans[len("error: "):])))
            continue
        why = check_post(ad, op, args, ans)
        if why:
            corrected += 1
            lines.append("- {op: %s, args: %s, expect: %s, correct: \"error\", note: %s}" %
                         (op, a, yq(ans), yq("PyCuTe's answer breaks its post-condition: " + why)))
        else:
            lines.append("- {op: %s, args: %s, expect: %s}" % (op, a, yq(ans)))
    cute, composed = cute_points(ad, table)
    for (op, args), ans in composed:
        a = "[" + ", ".join(yq(x) for x in args) + "]"
        seen.add((op, tuple(args)))
        if ans.startswith("error"):
            errors += 1
            lines.append("- {op: %s, args: %s, expect: \"error\", reason: %s}" %
                         (op, a, yq(ans[len("error: "):])))
        else:
            lines.append("- {op: %s, args: %s, expect: %s}" % (op, a, yq(ans)))
    for (op, args), want in cute:
        a = "[" + ", ".join(yq(x) for x in args) + "]"
        lines.append("- {op: %s, args: %s, expect: %s, ref: \"CuTe C++ cute_apply of the swizzle, "
                     "corpus/cute_cpp/swizzle.yaml\"}" % (op, a, yq(want)))
    os.makedirs(os.path.dirname(opt.out), exist_ok=True)
    with open(opt.out, "w") as fh:
        fh.write("# PyCuTe's answers on layouts with F2 (XOR) strides (docs/f2.md), made by\n")
        fh.write("# tools/pycute_f2_corpus.py --seed %d: %d PyCuTe requests (%d answered with an "
                 "error,\n# %d answers that break PyCuTe's post-condition, marked correct: error), "
                 "and %d points\n# of CuTe C++'s swizzles (corpus/cute_cpp/swizzle.yaml) through "
                 "their F2 layouts.\n" % (opt.seed, len(seen), errors, corrected, len(cute)))
        fh.write("\n".join(lines) + "\n")
    print("%s: %d PyCuTe requests (%d errors, %d corrected), %d CuTe points" %
          (opt.out, len(seen), errors, corrected, len(cute)))


if __name__ == "__main__":
    main()
