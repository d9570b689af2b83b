#!/usr/bin/env python3
"""Adapter: NVIDIA's PyCuTe (NVlabs/CuTe) as a system under test for
`layoutcheck fuzz --sut`.

Reads requests "OP ARG ARG..." from stdin, one per line, answers one line
per request on stdout (flushed): the result in layoutcheck's canonical
syntax, "error: MESSAGE" when PyCuTe raises or the request cannot be put
to it, or "error: unsupported op OP".

    layoutcheck fuzz --sut 'python3 adapters/pycute_nvlabs_adapter.py [--pycute-nvlabs DIR]'

PyCuTe is not part of this project.  It is looked for in the directory that
holds the package `pycute` (the root of a checkout of NVlabs/CuTe), taken
from --pycute-nvlabs DIR, else the environment variable PYCUTE_NVLABS_DIR,
else ../shared/third_party/pycute-nvlabs relative to the repository root.
Where it is missing, every request is answered
"error: PyCuTe not found at PATH (set PYCUTE_NVLABS_DIR)", said once on
stderr.

Arguments reach PyCuTe as its users write them (docs/differential.md, "The
PyCuTe adapter"): an integer stays an int, a shape a tuple, a layout S:D a
Layout, a layout group (L1,L2) the Layout of its modes, a tiler <E1,...> the
tuple of its entries (a nested tuple entry a nested tuple, `_` None, `()` and
`():()` the empty Layout), `_` as the whole of B None (PyCuTe's no-op tiler),
a profile's `*` the integer 1, a scale p/q a Fraction; a stride leaf F2(n)
(or Fn, as PyCuTe prints it) PyCuTe's F2(n) (docs/f2.md), printed back as
F2(n), and an integer 0 stride of a layout answered for a request with F2
strides as F2(0).  A composed layout written with blanks (`Sw<3,4,3> o 0 o
L`) is joined back into one argument.

Ops: size, cosize (the size of PyCuTe's coshape), rank, depth, apply,
coalesce L [P], coalesce_z L [P], composition, complement L [N] (N an
integer or a shape), right_inverse, left_inverse, logical_divide,
zipped_divide, logical_product, blocked_product, raked_product, nullspace,
layout_add A B, greatest_common_domain A B, make_layout_like L,
make_ordered_layout SHAPE ORDER, recast L SCALE, upcast L N (recast by N),
downcast L N (recast by 1/N), layout_function L (PyCuTe's L(i) for each
index), f2_coshape L (the size of PyCuTe's coshape of an F2 layout; cosize
of an F2 layout is 1 + its largest value), to_f2 Sw<B,M,S> [N] and to_f2
Sw<B,M,S> o O o L (the F2 layout built from PyCuTe's Swizzle, Layout and
coalesce; see op_to_f2).  Those CuTe C++ also has answer under their
`cute_` name too (cute_nullspace is nullspace); coalesce_z, layout_add,
greatest_common_domain and recast, which CuTe C++ does not have as such, do
not.
"""
import os
import re
import sys
from fractions import Fraction

# adapter_io.py lies beside this file, which may be loaded by its path
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from adapter_io import find_dir, load_pycute, serve, split  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_DIR = os.path.normpath(
    os.path.join(HERE, "..", "..", "shared", "third_party", "pycute-nvlabs"))


pycute, LOAD_ERROR = load_pycute(
    find_dir(sys.argv[1:], "pycute-nvlabs", "PYCUTE_NVLABS_DIR", DEFAULT_DIR), "PyCuTe",
    "PYCUTE_NVLABS_DIR")


SWIZZLE_RE = re.compile(r"Sw(?:izzle)?<\s*(\d+)\s*,\s*(\d+)\s*,\s*(-?\d+)\s*>")
ARGS_TEXT = []  # the argument texts of the request being answered (to_f2 reads its swizzle)


class Refused(Exception):
    """A request this adapter cannot put to PyCuTe (not PyCuTe's error)."""


# --------------------------------------------------------------- parsing
#
# The text is read into nodes first, then each argument is turned into the
# PyCuTe value its op wants.  Nodes are tuples tagged by their first item:
#   ("int", n)  ("under",)  ("star",)  ("frac", p, q)
#   ("tuple", [node, ...])  ("layout", shape, stride)  ("tiler", [node, ...])
# where a layout's shape and stride are plain nested tuples of ints.

class Parser:
    """Recursive descent over layoutcheck's syntax (docs/syntax.md)."""

    def __init__(self, text):
        self.s = text
        self.i = 0

    def fail(self, what):
        """Refuse at the current column, saying what was expected."""
        found = repr(self.s[self.i]) if self.i < len(self.s) else "end of input"
        raise Refused("column %d: expected %s, found %s" % (self.i + 1, what, found))

    def peek(self):
        """The next character after white space, or "" at the end."""
        while self.i < len(self.s) and self.s[self.i].isspace():
            self.i += 1
        return self.s[self.i] if self.i < len(self.s) else ""

    def take(self, c):
        """Consume the character c, or fail."""
        if self.peek() != c:
            self.fail(repr(c))
        self.i += 1

    def number(self):
        """A decimal integer, CuTe's static `_n` read as n."""
        self.peek()
        if self.i < len(self.s) and self.s[self.i] == "_":  # CuTe's static _n
            self.i += 1
        j = self.i
        while self.i < len(self.s) and self.s[self.i].isdigit():
            self.i += 1
        if j == self.i:
            self.fail("a digit")
        return int(self.s[j:self.i])

    def atom(self):
        """An integer, `_`, `*`, or a parenthesised list of items."""
        c = self.peek()
        if c == "(":
            self.take("(")
            items = []
            if self.peek() == ")":
                self.take(")")
                return ("tuple", items)
            while True:
                items.append(self.item())
                if self.peek() == ",":
                    self.take(",")
                    continue
                self.take(")")
                return ("tuple", items)
        if c == "*":
            self.take("*")
            return ("star",)
        if c == "F":  # an F2 stride: F2(n), or Fn as PyCuTe prints it
            self.take("F")
            if self.s.startswith("2(", self.i):
                self.i += 2
                n = self.number()
                self.take(")")
                return ("f2", n)
            return ("f2", self.number())
        if c == "_" and not self.s[self.i + 1:self.i + 2].isdigit():
            self.take("_")
            return ("under",)
        n = self.number()
        if self.peek() == "/":
            self.take("/")
            return ("frac", n, self.number())
        return ("int", n)

    def item(self):
        """An atom, or a layout S:D when a colon follows."""
        start = self.i
        a = self.atom()
        if self.peek() != ":":
            return a
        self.take(":")
        shape = plain(a, start)
        if has_f2(shape):
            raise Refused("column %d: a shape holds integers only" % (start + 1))
        stride = plain(self.atom(), start)
        if not congruent(shape, stride):
            raise Refused("column %d: stride is not congruent to the shape" % (start + 1))
        return ("layout", shape, stride)

    def value(self):
        """An item, or a tiler <E1,...>."""
        if self.peek() == "<":
            self.take("<")
            items = [self.item()]
            while self.peek() == ",":
                self.take(",")
                items.append(self.item())
            self.take(">")
            return ("tiler", items)
        return self.item()


def plain(node, col):
    """The nested tuple of ints (and F2 values) that node is (the shape or
    stride of a layout); Refused where it holds anything else."""
    if node[0] == "int":
        return node[1]
    if node[0] == "f2":
        return pycute.F2(node[1])
    if node[0] == "tuple":
        return tuple(plain(x, col) for x in node[1])
    raise Refused("column %d: a layout's shape and stride hold integers only" % (col + 1))


def has_f2(t):
    """Whether the nested tuple t holds an F2 value."""
    if isinstance(t, tuple):
        return any(has_f2(x) for x in t)
    return pycute is not None and isinstance(t, pycute.F2)


def congruent(a, b):
    """Same profile: both leaves (ints or F2 values), or tuples of the same
    length, congruent item by item."""
    if not isinstance(a, tuple) or not isinstance(b, tuple):
        return not isinstance(a, tuple) and not isinstance(b, tuple)
    return len(a) == len(b) and all(congruent(x, y) for x, y in zip(a, b))


def has_f2_node(node):
    """Whether a parsed argument holds an F2 stride."""
    if node[0] == "layout":
        return has_f2(node[2])
    if node[0] in ("tuple", "tiler"):
        return any(has_f2_node(x) for x in node[1])
    return False


def parse(text):
    """The node of one argument text; Refused on a syntax error."""
    p = Parser(text)
    v = p.value()
    if p.peek() != "":
        p.fail("end of input")
    return v


# ----------------------------------------------------- nodes to PyCuTe

def is_layoutish(node):
    """A layout, or a group of them (a non-empty tuple of layoutish)."""
    if node[0] == "layout":
        return True
    return node[0] == "tuple" and len(node[1]) > 0 and all(is_layoutish(x) for x in node[1])


def to_layout(node):
    """The Layout of a layout node or of a group (CuTe's make_layout of the
    modes)."""
    if node[0] == "layout":
        return pycute.Layout._set(node[1], node[2])
    return pycute.make_layout([to_layout(x) for x in node[1]])


def to_value(node):
    """An operand as PyCuTe's users write it: an int, a tuple (shape or
    by-mode tiler), a Layout, None for `_`."""
    kind = node[0]
    if kind == "int":
        return node[1]
    if kind == "under":
        return None
    if kind == "star":
        raise Refused("`*` stands only in a profile")
    if kind == "frac":
        raise Refused("a fraction stands only as recast's scale")
    if kind == "tiler":
        return tuple(to_tiler_entry(x) for x in node[1])
    if is_layoutish(node):
        return to_layout(node)
    if kind == "tuple":
        if any(is_layoutish(x) for x in node[1]):
            raise Refused("a tuple mixes layouts and integers (a tiler is written <...>)")
        return tuple(to_value(x) for x in node[1])
    raise Refused("unexpected value")


def to_tiler_entry(node):
    """An entry of a tiler <...>: a Layout, an int, None for `_`, a nested
    tuple of entries; `()` and `():()` are the empty Layout."""
    kind = node[0]
    if kind == "layout":
        return to_layout(node)
    if kind == "int":
        return node[1]
    if kind == "under":
        return None
    if kind == "tuple":
        if not node[1]:
            return pycute.Layout._set((), ())
        return tuple(to_tiler_entry(x) for x in node[1])
    raise Refused("a tiler entry is a layout, an integer, `_` or a tuple of entries")


def to_profile(node):
    """A profile: `*` is 1 (coalesce that mode whole), `_` None (leave it);
    integers and tuples as written."""
    kind = node[0]
    if kind == "star":
        return 1
    if kind == "under":
        return None
    if kind == "int":
        return node[1]
    if kind == "tuple":
        return tuple(to_profile(x) for x in node[1])
    raise Refused("a profile is a nested tuple of `*`")


def to_shape(node, what):
    """An integer or a nested tuple of them."""
    if node[0] in ("int", "tuple"):
        try:
            return plain(node, 0)
        except Refused:
            pass
    raise Refused("%s is an integer or a shape" % what)


def to_cotarget(node):
    """complement's cotarget: PyCuTe's `extend` is a shape (an integer or a
    tuple of them); it takes no layout."""
    if is_layoutish(node):
        raise Refused("PyCuTe's complement takes an integer or a shape as the cotarget, not a layout")
    return to_shape(node, "the cotarget")


def to_scale(node):
    """recast's scale: an integer, or a fraction p/q (a Fraction)."""
    if node[0] == "int":
        return node[1]
    if node[0] == "frac":
        if node[2] == 0:
            raise Refused("the scale %d/0 divides by zero" % node[1])
        f = Fraction(node[1], node[2])
        return f.numerator if f.denominator == 1 else f
    raise Refused("the scale is an integer or a fraction p/q")


def to_count(node):
    """upcast/downcast's N: a positive integer."""
    if node[0] != "int" or node[1] < 1:
        raise Refused("N is a positive integer")
    return node[1]


def to_coord(node):
    """apply's argument: an index, or a coordinate tuple."""
    return to_shape(node, "the argument of apply")


# -------------------------------------------------------------- printing

def fmt_tuple(t, f2_zero=False):
    """A nested tuple of ints and F2 values in canonical text (F2(n); with
    f2_zero, an integer 0 too, the F2 identity PyCuTe leaves as an int in
    an F2 layout); Refused on anything else (a coordinate stride E(i), a
    Fraction)."""
    if isinstance(t, bool):
        raise Refused("PyCuTe answered a boolean inside a tuple")
    if isinstance(t, pycute.F2):
        return "F2(%d)" % int(t)
    if isinstance(t, int):
        return "F2(0)" if f2_zero and t == 0 else str(t)
    if isinstance(t, tuple):
        return "(" + ",".join(fmt_tuple(x, f2_zero) for x in t) + ")"
    if isinstance(t, Fraction) and t.denominator == 1:
        return str(t.numerator)
    raise Refused("PyCuTe answered %s, which is not an integer (%s)" % (t, type(t).__name__))


def fmt(v, f2=False):
    """A PyCuTe result in canonical text; f2: the request had F2 strides
    (an integer 0 stride prints as F2(0)).  An F2 value alone (apply's
    answer) prints as its integer."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if pycute.is_layout(v):
        return fmt_tuple(v.shape) + ":" + fmt_tuple(v.stride, f2 or has_f2(v.stride))
    if v is None:
        raise Refused("PyCuTe answered None")
    if isinstance(v, pycute.F2):
        return str(int(v))
    if isinstance(v, list):
        return "[" + ",".join(fmt(x) for x in v) + "]"
    return fmt_tuple(v)


# ------------------------------------------------------------------- ops

def arity(lo, hi=None):
    """A check that an op has lo to hi arguments."""
    hi = lo if hi is None else hi

    def check(args):
        if not lo <= len(args) <= hi:
            want = str(lo) if lo == hi else "%d to %d" % (lo, hi)
            raise Refused("takes %s argument%s, got %d" % (want, "" if want == "1" else "s", len(args)))
    return check


def op_coalesce(fn):
    """coalesce or coalesce_z: L [PROFILE]."""
    def run(a):
        if len(a) == 1:
            return fn(to_value(a[0]))
        return fn(to_value(a[0]), to_profile(a[1]))
    return (arity(1, 2), run)


def op_complement(a):
    """complement L [N]."""
    if len(a) == 1:
        return pycute.complement(to_value(a[0]))
    return pycute.complement(to_value(a[0]), to_cotarget(a[1]))


def op_apply(a):
    """apply L x: L at an index or a coordinate."""
    L = to_value(a[0])
    if not pycute.is_layout(L):
        raise Refused("apply takes a layout")
    return L(to_coord(a[1]))


def op_cosize(a):
    """cosize L: the size of PyCuTe's coshape (PyCuTe has no cosize); of a
    layout with F2 strides, whose coshape is a power-of-two bound
    (f2_coshape), 1 + the largest value of PyCuTe's L(i)."""
    L = to_value(a[0])
    if pycute.is_layout(L) and has_f2(L.stride):
        return 1 + max(int(L(i)) for i in range(pycute.size(L)))
    return pycute.size(pycute.coshape(L))


def op_f2_coshape(a):
    """f2_coshape L: the size of PyCuTe's coshape of an F2 layout."""
    L = to_value(a[0])
    if not (pycute.is_layout(L) and has_f2(L.stride)):
        raise Refused("f2_coshape takes a layout with F2 strides")
    return pycute.size(pycute.coshape(L))


def op_layout_function(a):
    """layout_function L: [L(0), ..., L(size-1)] by PyCuTe's L(i)."""
    L = to_value(a[0])
    if not pycute.is_layout(L):
        raise Refused("layout_function takes a layout")
    n = pycute.size(L)
    if n > (1 << 20):
        raise Refused("size %d is too large to list" % n)
    return [L(i) for i in range(n)]


COMPOSED_RE = re.compile(r"(Sw(?:izzle)?<[^>]*>)\s*o\s*(_?-?\d+|smem_ptr\[\d+b\]\(unset\))\s*o\s*(.*)",
                         re.S)


def f2_of_columns(cols):
    """The layout (2,...,2):(F2(c0),...) of the columns, coalesced by
    PyCuTe's coalesce (1:F2(0) for none)."""
    if not cols:
        return pycute.Layout(1, pycute.F2(0))
    return pycute.coalesce(pycute.Layout((2,) * len(cols), tuple(pycute.F2(c) for c in cols)))


def op_to_f2(a):
    """to_f2 Sw<B,M,S> [N]: PyCuTe's Swizzle(B,M,S) as the layout
    (2,...,2):(F2(sw(1)),F2(sw(2)),...) over [0,N) (N the period
    2^(B+M+|S|) by default), coalesced by PyCuTe's coalesce.
    to_f2 Sw<B,M,S> o O o L (O 0 or smem_ptr[Nb](unset), which CuTe's
    operator() takes as 0; size(L) a power of two, at most 2^12): the
    columns sw(L(2^k)) by PyCuTe's Swizzle and Layout, where
    sw(L(x)) is their XOR at every x (checked), coalesced."""
    text = ARGS_TEXT[0].strip()
    m = SWIZZLE_RE.fullmatch(text)
    c = COMPOSED_RE.fullmatch(text)
    if c and SWIZZLE_RE.fullmatch(c.group(1)):
        if len(a) > 1:
            raise Refused("a composed layout's domain is its own; N goes with a swizzle only")
        sm = SWIZZLE_RE.fullmatch(c.group(1))
        sw = pycute.Swizzle(int(sm.group(1)), int(sm.group(2)), int(sm.group(3)))
        off = c.group(2)
        if not off.startswith("smem_ptr") and int(off.lstrip("_")) != 0:
            raise Refused("the offset %s makes the layout affine: an F2 layout has no offset" % off)
        L = to_value(parse(c.group(3)))
        if not pycute.is_layout(L):
            raise Refused("the inner value is not a layout")
        n = pycute.size(L)
        bits = n.bit_length() - 1
        if n != 1 << bits:
            raise Refused("the size %d is not a power of two" % n)
        if n > (1 << 12):
            raise Refused("size %d is past this adapter's limit 2^12" % n)
        cols = [sw(L(1 << k)) for k in range(bits)]
        for x in range(n):
            want = 0
            for k in range(bits):
                if (x >> k) & 1:
                    want ^= cols[k]
            if sw(L(x)) != want:
                raise Refused("not linear over XOR at %d" % x)
        return f2_of_columns(cols)
    if not m:
        raise Refused("to_f2 takes a swizzle Sw<B,M,S> or a composed layout Sw o O o L here")
    b, base, shift = int(m.group(1)), int(m.group(2)), int(m.group(3))
    sw = pycute.Swizzle(b, base, shift)
    n = 1 << (b + base + abs(shift))
    if len(a) > 1:
        n = to_count(a[1])
    bits = n.bit_length() - 1
    if n != 1 << bits:
        raise Refused("the domain %d is not a power of two" % n)
    return f2_of_columns([sw(1 << k) for k in range(bits)])


def op_layout_add(a):
    """layout_add A B: both Layouts."""
    return pycute.layout_add(to_value(a[0]), to_value(a[1]))


def op_make_ordered_layout(a):
    """make_ordered_layout SHAPE ORDER."""
    return pycute.make_ordered_layout(to_shape(a[0], "the shape"), to_shape(a[1], "the order"))


def op_make_layout_like(a):
    """make_layout_like L."""
    L = to_value(a[0])
    if not pycute.is_layout(L):
        raise Refused("make_layout_like takes a layout")
    return pycute.make_layout_like(L)


def op_recast(scale):
    """recast L SCALE, upcast L N (scale N), downcast L N (scale 1/N)."""
    def run(a):
        L = to_value(a[0])
        if not pycute.is_layout(L):
            raise Refused("takes a layout")
        return pycute.recast(L, scale(a[1]))
    return (arity(2), run)


def unary(fn):
    """An op of one operand, passed as its users write it."""
    return (arity(1), lambda a: fn(to_value(a[0])))


def binary(fn):
    """An op of two operands, passed as its users write them."""
    return (arity(2), lambda a: fn(to_value(a[0]), to_value(a[1])))


# The ops that CuTe C++ has under the same name and meaning, answered also
# as cute_NAME.
CUTE_NAMES = {
    "size", "cosize", "rank", "depth", "apply", "coalesce", "composition", "complement",
    "logical_divide", "zipped_divide", "logical_product", "blocked_product", "raked_product",
    "right_inverse", "left_inverse", "nullspace", "make_layout_like", "make_ordered_layout",
    "upcast", "downcast",
}


def ops():
    """The table: op name -> (arity check, function of the argument nodes)."""
    p = pycute
    return {
        "size": unary(p.size),
        "cosize": (arity(1), op_cosize),
        "rank": unary(p.rank),
        "depth": unary(p.depth),
        "apply": (arity(2), op_apply),
        "coalesce": op_coalesce(p.coalesce),
        "coalesce_z": op_coalesce(p.coalesce_z),
        "complement": (arity(1, 2), op_complement),
        "composition": binary(p.composition),
        "logical_divide": binary(p.logical_divide),
        "zipped_divide": binary(p.zipped_divide),
        "logical_product": binary(p.logical_product),
        "blocked_product": binary(p.blocked_product),
        "raked_product": binary(p.raked_product),
        "right_inverse": unary(p.right_inverse),
        "left_inverse": unary(p.left_inverse),
        "nullspace": unary(p.nullspace),
        "layout_add": (arity(2), op_layout_add),
        "greatest_common_domain": binary(p.greatest_common_domain),
        "make_layout_like": (arity(1), op_make_layout_like),
        "make_ordered_layout": (arity(2), op_make_ordered_layout),
        "recast": op_recast(to_scale),
        "upcast": op_recast(to_count),
        "downcast": op_recast(lambda n: Fraction(1, to_count(n))),
        "layout_function": (arity(1), op_layout_function),
        "f2_coshape": (arity(1), op_f2_coshape),
        "to_f2": (arity(1, 2), op_to_f2),
    }


def join_composed(words):
    """The words with each composed layout `Sw<..> o O o L` (written with
    blanks, as CuTe prints it) joined back into one argument, as
    layoutcheck's batch protocol joins the words around a lone `o`."""
    out = []
    i = 0
    while i < len(words):
        w = words[i]
        while i + 2 < len(words) and words[i + 1] == "o":
            w = w + " o " + words[i + 2]
            i += 2
        out.append(w)
        i += 1
    return out


def answer(line, table):
    """The answer line to one request line."""
    words = join_composed(split(line))
    if not words:
        return "error: no op"
    op, args = words[0], words[1:]
    if pycute is None:
        return "error: " + LOAD_ERROR
    name = op
    if op.startswith("cute_") and op[len("cute_"):] in CUTE_NAMES:
        name = op[len("cute_"):]
    if name not in table:
        return "error: unsupported op %s" % op
    check, run = table[name]
    try:
        check(args)
        ARGS_TEXT[:] = args
        if name == "to_f2":  # its swizzle is not a value of the parser
            return fmt(run([None] + [parse(x) for x in args[1:]]))
        nodes = []
        for k, a in enumerate(args):
            try:
                nodes.append(parse(a))
            except Refused as e:
                raise Refused("argument %d: %s" % (k + 1, e))
        return fmt(run(nodes), any(has_f2_node(x) for x in nodes))
    except Refused as e:
        return "error: %s: %s" % (op, e)
    except RecursionError:
        return "error: %s: too deeply nested for PyCuTe (RecursionError)" % op
    except Exception as e:  # PyCuTe raises ValueError, TypeError, IndexError, ...
        msg = ("%s: %s" % (type(e).__name__, e)).replace("\n", " ").replace("\r", " ")
        return "error: " + msg


def main():
    """Answer each request line of stdin with one line on stdout, flushed."""
    table = ops() if pycute is not None else {}
    serve(lambda line: answer(line, table), LOAD_ERROR)


if __name__ == "__main__":
    main()
