#!/usr/bin/env python3
"""Adapter: CuTe C++ itself as a system under test for `layoutcheck fuzz --sut`.

Speaks the batch protocol of `layoutcheck eval --batch` (docs/protocol.md): one
request "OP ARG ARG..." per line on stdin, one answer line per request on
stdout, in order, flushed.  Each request becomes one C++ expression over
CuTe's headers, e.g.

    composition (31,2):(6,3) 2:4
    -> print(composition(make_layout(make_shape(Int<31>{},Int<2>{}),
                                     make_stride(Int<6>{},Int<3>{})),
                         make_layout(Int<2>{},Int<4>{})))

Many requests are compiled into one translation unit with g++, the program is
run, and each answer is CuTe's printout without the '_' of static integers.
A request CuTe refuses at compile time (a static_assert, any hard error)
answers "error: CuTe refuses: MESSAGE"; the diagnostics are attributed to
the request that caused them and the rest of the batch is compiled again
without it.  Every answer is kept in an SQLite cache, so no request is
compiled twice.  See adapters/cute_cpp/README.md.

    layoutcheck fuzz --sut 'python3 adapters/cute_cpp/cute_adapter.py'
"""
import hashlib
import os
import re
import select
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time

# Changing the generated C++ changes this, so old cache entries are not used.
CODEGEN_VERSION = "cute_cpp-7"  # 7: swizzles, composed layouts, print_layout, upcast/downcast

INT_MAX = 2**31 - 1
INT64_MAX = 2**63 - 1
MAX_LEAVES = 64        # integers per argument (as the oracle)
MAX_DEPTH = 64         # nesting depth per argument
MAX_BASIS_PATH = 8     # '@' of one scaled-basis stride (as the oracle)
BLANK = " \t\r\n\v\f"  # white space, as C's isspace() in the C locale

REPO_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DEFAULT_CUTLASS = os.path.join(REPO_ROOT, "..", "shared", "third_party", "cutlass", "include")


# ------------------------------------------------------------------ values
#
# A parsed argument is a small tree of tuples:
#   ("int", n, static)        an integer; static is True when written _n
#   ("star",)                 '*', a profile leaf
#   ("basis", n, static, path) N@i@j, a stride leaf: CuTe's ScaledBasis of
#                             value n; path as printed (the last index is the
#                             top-level mode: 1@1@0 is E<0,1>)
#   ("tuple", [items])        a nested tuple, () included
#   ("layout", shape, stride) S:D (also a group (L1,...,Lk) of layouts)
#   ("tiler", [entries])      <E1,...>, each entry a layout, an integer, '_',
#                             a nested tiler or the empty tuple
#   ("tile", [entries])       a nested tiler (E1,...) inside a tiler
#   ("under",)                CuTe's '_' (Underscore) in a tiler or a shape tiler
#   ("swizzle", b, m, s)      Sw<B,M,S> (or Swizzle<B,M,S>): CuTe's Swizzle<B,M,S>
#   ("composed", sw, off, l)  Sw<B,M,S> o OFF o L: make_composed_layout; off is
#                             ("int", n, static) or ("smem", bits), smem_ptr[Nb](unset)


class ParseError(Exception):
    """A malformed argument: the message names the column (1-based)."""


def show_char(c):
    """Printable description of the character c, for error messages."""
    if c == "":
        return "end of input"
    if " " < c <= "~":
        return "'%s'" % c
    o = ord(c)
    if 0xDC80 <= o <= 0xDCFF:  # an undecodable byte (surrogateescape)
        return "byte 0x%02x" % (o - 0xDC00)
    return "U+%04X" % o


class Parser:
    """Recursive descent over one argument in layoutcheck's syntax."""

    def __init__(self, text, allow_star=False, allow_under=False):
        self.s = text
        self.i = 0
        self.leaves = 0
        self.allow_star = allow_star
        self.allow_under = allow_under
        self.allow_neg = False  # set while a layout's strides are read
        self.basis_ok = False  # N@i accepted: while reading a stride

    def fail(self, what):
        self.skip()
        c = self.s[self.i] if self.i < len(self.s) else ""
        raise ParseError("column %d: expected %s, found %s" % (self.i + 1, what, show_char(c)))

    def skip(self):
        while self.i < len(self.s) and self.s[self.i] in BLANK:
            self.i += 1

    def peek(self):
        self.skip()
        return self.s[self.i] if self.i < len(self.s) else ""

    def accept(self, c):
        if self.peek() == c:
            self.i += 1
            return True
        return False

    def leaf(self):
        """An integer n or _n (CuTe's static n), or '*' where allowed; in a
        stride also -n and _-n (CuTe prints a static -1 as _-1)."""
        self.skip()
        start = self.i
        static = False
        if self.allow_star and self.accept("*"):
            return ("star",)
        if (self.allow_under and self.s[self.i:self.i + 1] == "_"
                and not self.s[self.i + 1:self.i + 2].isdigit()):
            self.i += 1
            return ("under",)
        if self.i < len(self.s) and self.s[self.i] == "_":
            static = True
            self.i += 1
        neg = self.allow_neg and self.s[self.i:self.i + 1] == "-"
        if neg:
            self.i += 1
        j = self.i
        while self.i < len(self.s) and "0" <= self.s[self.i] <= "9":
            self.i += 1
        if j == self.i:
            self.i = start
            self.fail("an integer" + (" or '*'" if self.allow_star else ""))
        digits = self.s[j:self.i].lstrip("0")
        if len(digits) > 19 or int(digits or "0") > INT64_MAX:
            raise ParseError("column %d: integer exceeds 2^63-1" % (start + 1))
        n = -int(digits or "0") if neg else int(digits or "0")
        self.leaves += 1
        if self.leaves > MAX_LEAVES:
            raise ParseError("column %d: more than %d integers" % (start + 1, MAX_LEAVES))
        path = []
        while self.basis_ok and self.s[self.i:self.i + 1] == "@":
            self.i += 1
            j = self.i
            while self.i < len(self.s) and "0" <= self.s[self.i] <= "9":
                self.i += 1
            if j == self.i or self.i - j > 2 or int(self.s[j:self.i]) >= MAX_LEAVES:
                self.i = j
                self.fail("a mode index 0..%d after '@'" % (MAX_LEAVES - 1))
            if len(path) == MAX_BASIS_PATH:
                raise ParseError("column %d: more than %d '@' in one stride"
                                 % (j, MAX_BASIS_PATH))
            path.append(int(self.s[j:self.i]))
        if path:
            return ("basis", n, static, path)
        return ("int", n, static)

    def tuple(self, depth=0):
        """An integer or a parenthesised tuple of tuples (no layouts)."""
        if depth > MAX_DEPTH:
            raise ParseError("column %d: nesting deeper than %d" % (self.i + 1, MAX_DEPTH))
        if not self.accept("("):
            return self.leaf()
        items = []
        if self.accept(")"):
            return ("tuple", items)
        while True:
            items.append(self.tuple(depth + 1))
            if self.accept(","):
                continue
            if self.accept(")"):
                return ("tuple", items)
            self.fail("',' or ')'")

    def term(self, depth=0):
        """A tuple, a layout S:D, or a group (L1,...,Lk) of layouts."""
        if depth > MAX_DEPTH:
            raise ParseError("column %d: nesting deeper than %d" % (self.i + 1, MAX_DEPTH))
        if self.peek() != "(":
            node = self.leaf()
        else:
            self.accept("(")
            items = []
            if not self.accept(")"):
                while True:
                    at = self.i
                    items.append((at, self.term(depth + 1)))
                    if self.accept(","):
                        continue
                    if self.accept(")"):
                        break
                    self.fail("',' or ')'")
            kinds = set(x[1][0] for x in items)
            if "layout" in kinds:  # a group: every item must be a layout
                for at, x in items:
                    if x[0] != "layout":
                        self.i = at
                        self.fail("a layout in the group")
                return ("layout", ("tuple", [x[1] for _, x in items]),
                        ("tuple", [x[2] for _, x in items]))
            node = ("tuple", [x for _, x in items])
        if self.accept(":"):
            at = self.i
            self.allow_neg = True
            self.basis_ok = True
            try:
                stride = self.tuple(depth)
            finally:
                self.allow_neg = False
                self.basis_ok = False
            if not congruent(node, stride):
                raise ParseError("column %d: stride is not congruent to the shape" % (at + 1))
            return ("layout", node, stride)
        return node

    def layout_ahead(self):
        """Whether a layout S:D, or a tuple with no integers and no '_'
        (the empty layout), starts here."""
        at, leaves = self.i, self.leaves
        try:
            t = self.tuple(1)
            return self.peek() == ":" or count_leaves(t) == 0
        except ParseError:
            return False
        finally:
            self.i, self.leaves = at, leaves

    def tile_entries(self, close, depth):
        """Entries of a tiler up to close: '_', an integer, a layout, the
        empty tuple, or a nested tiler (E1,...)."""
        if depth > MAX_DEPTH:
            raise ParseError("column %d: nesting deeper than %d" % (self.i + 1, MAX_DEPTH))
        entries = []
        while True:
            if self.peek() == "(" and not self.layout_ahead():
                self.accept("(")
                entries.append(("tile", self.tile_entries(")", depth + 1)))
            else:
                entries.append(self.term(depth))
            if self.accept(","):
                continue
            if self.accept(close):
                return entries
            self.fail("',' or '%s'" % close)

    def small_int(self):
        """An integer of a swizzle or an offset: optional '_', optional '-'."""
        self.skip()
        start = self.i
        if self.s[self.i:self.i + 1] == "_":
            self.i += 1
        neg = self.s[self.i:self.i + 1] == "-"
        if neg:
            self.i += 1
        j = self.i
        while self.i < len(self.s) and "0" <= self.s[self.i] <= "9":
            self.i += 1
        if j == self.i:
            self.i = start
            self.fail("an integer")
        n = int(self.s[j:self.i])
        if n > INT_MAX:
            raise ParseError("column %d: integer exceeds 2^31-1" % (start + 1))
        return -n if neg else n

    def lit(self, text):
        self.skip()
        if self.s.startswith(text, self.i):
            self.i += len(text)
            return True
        return False

    def swizzle(self):
        """Sw<B,M,S> or Swizzle<B,M,S>."""
        if not (self.lit("Swizzle") or self.lit("Sw")):
            self.fail("'Sw<'")
        if not self.accept("<"):
            self.fail("'<'")
        v = []
        for close in ",,>":
            v.append(self.small_int())
            if not self.accept(close):
                self.fail("'%s'" % close)
        return ("swizzle", v[0], v[1], v[2])

    def value(self):
        """A whole argument: a swizzle, a composed layout, a tiler <E1,...>,
        or a term."""
        if self.peek() == "S":
            sw = self.swizzle()
            if self.peek() == "":
                return sw
            if not self.lit("o"):
                self.fail("'o' or end of argument")
            if self.lit("smem_ptr["):
                bits = self.small_int()
                if not self.lit("b](unset)"):
                    self.fail("'b](unset)'")
                off = ("smem", bits)
            else:
                off = ("int", self.small_int(), True)
            if not self.lit("o"):
                self.fail("'o'")
            inner = self.term()
            if inner[0] != "layout":
                self.fail("a layout")
            if self.peek() != "":
                self.fail("end of argument")
            return ("composed", sw, off, inner)
        if self.accept("<"):
            self.allow_under = True
            v = ("tiler", self.tile_entries(">", 1))
        else:
            v = self.term()
        if self.peek() != "":
            self.fail("end of argument")
        return v


def count_leaves(v):
    """The integers and '_' in a parsed tuple."""
    if v[0] == "tuple":
        return sum(count_leaves(x) for x in v[1])
    return 1 if v[0] in ("int", "under", "basis") else 0


def congruent(a, b):
    """Shape a and stride b have the same nesting."""
    if a[0] == "tuple" and b[0] == "tuple":
        return len(a[1]) == len(b[1]) and all(congruent(x, y) for x, y in zip(a[1], b[1]))
    return a[0] != "tuple" and b[0] != "tuple"


def canon(v, keep_static):
    """Canonical text of a value (the cache key); _n kept when keep_static."""
    k = v[0]
    if k == "swizzle":
        return "Sw<%d,%d,%d>" % v[1:]
    if k == "smem":
        return "smem_ptr[%db](unset)" % v[1]
    if k == "composed":
        return " o ".join(canon(x, keep_static) for x in v[1:])
    if k == "int":
        return ("_%d" if keep_static and v[2] else "%d") % v[1]
    if k == "basis":
        return ("_%d" if keep_static and v[2] else "%d") % v[1] + "".join(
            "@%d" % i for i in v[3])
    if k == "star":
        return "*"
    if k == "under":
        return "_"
    if k == "tile":
        return "(" + ",".join(canon(x, keep_static) for x in v[1]) + ")"
    if k == "tuple":
        return "(" + ",".join(canon(x, keep_static) for x in v[1]) + ")"
    if k == "layout":
        return canon(v[1], keep_static) + ":" + canon(v[2], keep_static)
    return "<" + ",".join(canon(x, keep_static) for x in v[1]) + ">"


def split_words(line):
    """Words at white space outside brackets; '-->' does not nest."""
    words, depth, cur, i = [], 0, [], 0
    while i < len(line):
        c = line[i]
        if line.startswith("-->", i):
            cur.append("-->")
            i += 3
            continue
        if c in "(<[":
            depth += 1
        elif c in ")>]":
            depth = max(0, depth - 1)
        if c in BLANK and depth == 0:
            if cur:
                words.append("".join(cur))
                cur = []
        else:
            cur.append(c)
        i += 1
    if cur:
        words.append("".join(cur))
    return join_composed(words)


def join_composed(words):
    """A word that is the letter o alone joins its neighbours into one
    word, as layoutcheck's splitter does: "Sw<3,4,3> o 0 o 8:1" is one
    argument (the op, word 0, never joins)."""
    out, i = [], 0
    while i < len(words):
        if len(out) >= 2 and words[i] == "o" and i + 1 < len(words):
            out[-1] = out[-1] + " o " + words[i + 1]
            i += 2
            continue
        out.append(words[i])
        i += 1
    return out


# ------------------------------------------------------------------ codegen

class Codegen:
    """C++ text of values; static integers everywhere unless dynamic."""

    def __init__(self, dynamic, wide):
        self.dynamic = dynamic
        self.wide = wide

    def int_(self, n, static):
        small = -INT_MAX - 1 <= n <= INT_MAX and not self.wide
        if static or not self.dynamic:
            if small:
                return "Int<%d>{}" % n
            return "C<%dLL>{}" % n
        if small:
            return "%d" % n
        return "int64_t(%dLL)" % n

    def tup(self, v, maker):
        """A tuple or integer; nested tuples with maker (make_shape, ...)."""
        if v[0] == "int":
            return self.int_(v[1], v[2])
        if v[0] == "basis":  # the printed path reversed: 1@1@0 is E<0,1>
            path = ",".join("%d" % i for i in reversed(v[3]))
            if v[2] or not self.dynamic:
                return "ScaledBasis<%s,%s>{}" % (self.int_(v[1], True)[:-2], path)
            return "ScaledBasis<int64_t,%s>{int64_t(%dLL)}" % (path, v[1])
        if v[0] == "star":
            return "Int<1>{}"
        if v[0] == "under":
            return "_"
        return maker + "(" + ",".join(self.tup(x, maker) for x in v[1]) + ")"

    def layout(self, v):
        return "make_layout(%s,%s)" % (self.tup(v[1], "make_shape"), self.tup(v[2], "make_stride"))

    def tiler_entry(self, v):
        """A tiler entry: a layout; a bare integer (CuTe's integral
        tiler); '_'; a nested tiler; the empty tuple (the empty layout)."""
        if v[0] == "layout":
            return self.layout(v)
        if v[0] == "int":
            return self.int_(v[1], v[2])
        if v[0] == "under":
            return "_"
        if v[0] == "tile":
            return "make_tile(" + ",".join(self.tiler_entry(x) for x in v[1]) + ")"
        return "make_layout(%s)" % self.tup(v, "make_shape")

    def swizzle(self, v):
        return "Swizzle<%d,%d,%d>{}" % v[1:]

    def value(self, v, kind):
        """An argument as the op's kind wants it."""
        if v[0] == "swizzle":
            return self.swizzle(v)
        if v[0] == "composed":
            off = v[2]
            off_cpp = ("smem_ptr_flag_bits<%d>{}" % off[1] if off[0] == "smem"
                       else "Int<%d>{}" % off[1])
            return "make_composed_layout(%s,%s,%s)" % (self.swizzle(v[1]), off_cpp,
                                                       self.layout(v[3]))
        if v[0] == "layout":
            return self.layout(v)
        if v[0] == "tiler":
            return "make_tile(" + ",".join(self.tiler_entry(x) for x in v[1]) + ")"
        if kind == "I":
            return "%d" % v[1]
        maker = {"C": "make_coord", "CU": "make_coord", "PJ": "make_coord", "P": "make_tuple",
                 "B": "make_tile"}.get(kind, "make_shape")
        return self.tup(v, maker)


# Argument kinds: L layout; LX layout or tuple; B layout, tiler or shape
# (CuTe's tilers); N integer, shape or layout (a cotarget: CuTe takes its
# shape); P profile; C coordinate; I an index (a template argument).
KIND_NAMES = {
    "L": "a layout", "LX": "a layout or a tuple",
    "B": "a layout, a tiler or a shape", "N": "an integer, a shape or a layout",
    "P": "a profile tuple", "C": "a coordinate", "I": "an index",
    "CU": "a coordinate (with '_')", "X": "a tuple",
    "PJ": "a projection (with '_' or 'X')",
}
SWIZZLED = ("swizzle", "composed")
KIND_ACCEPTS = {
    "L": ("layout",) + SWIZZLED, "LX": ("layout", "int", "tuple") + SWIZZLED,
    "B": ("layout", "tiler", "int", "tuple", "under") + SWIZZLED, "N": ("int", "tuple", "layout"),
    "P": ("int", "tuple"), "C": ("int", "tuple"), "I": ("int",),
    "CU": ("int", "tuple", "under"), "X": ("int", "tuple"),
    "PJ": ("int", "tuple", "under"),
}


def call(fn):
    return lambda *a: "%s(%s)" % (fn, ",".join(a))


# op -> list of (argument kinds, C++ expression builder)
OPS = {
    "size": [(("LX",), call("size"))],
    "cosize": [(("L",), call("cosize"))],
    "rank": [(("LX",), call("rank"))],
    "depth": [(("LX",), call("depth"))],
    "flatten": [(("LX",), call("flatten"))],
    "apply": [(("L", "C"), lambda a, x: "%s(%s)" % (a, x))],
    "crd2idx": [(("C", "C", "C"), call("crd2idx"))],
    "shape": [(("LX",), call("shape"))],
    "stride": [(("L",), call("stride"))],
    "coshape": [(("L",), call("coshape"))],
    "filter_zeros": [(("L",), call("filter_zeros"))],
    "get": [(("LX",) + ("I",) * n, lambda x, *i: "get<%s>(%s)" % (",".join(i), x))
            for n in (1, 2, 3)],
    "coalesce": [(("L",), call("coalesce")), (("L", "P"), call("coalesce"))],
    "filter": [(("L",), call("filter")), (("L", "P"), call("filter"))],
    "composition": [(("L", "B"), call("composition"))],
    "complement": [(("L",), call("complement")), (("L", "N"), call("complement"))],
    "right_inverse": [(("L",), call("right_inverse"))],
    "left_inverse": [(("L",), call("left_inverse"))],
    "max_common_layout": [(("L", "L"), call("max_common_layout"))],
    "max_common_vector": [(("L", "L"), call("max_common_vector"))],
    "nullspace": [(("L",), call("nullspace"))],
    "coalesce_x": [(("L",), call("detail::coalesce_x"))],
    "blocked_product": [(("L", "L"), call("blocked_product"))],
    "raked_product": [(("L", "L"), call("raked_product"))],
}
for _op in ("logical_divide", "zipped_divide", "tiled_divide", "flat_divide",
            "logical_product", "zipped_product", "tiled_product", "flat_product"):
    OPS[_op] = [(("L", "B"), call(_op))]


def templ(fn, nx):
    """fn<I,...>(x1,...,xnx): the first nx arguments are values, the rest
    CuTe's template integers, in order."""
    return lambda *a: "%s<%s>(%s)" % (fn, ",".join(a[nx:]), ",".join(a[:nx]))


# The queries with a mode path (size<I,J>(L) = size of mode (I,J)), and
# the layout functions whose template integers follow their arguments.
for _op, _kind in (("size", "LX"), ("rank", "LX"), ("depth", "LX"), ("shape", "L"),
                   ("stride", "L"), ("cosize", "L"), ("coshape", "L"), ("coprofile", "L")):
    OPS.setdefault(_op, [])
    OPS[_op] += [((_kind,) + ("I",) * n, templ(_op, 1)) for n in (1, 2, 3)]
OPS["coprofile"] = [(("L",), call("coprofile"))] + OPS["coprofile"]
OPS["take"] = [(("LX", "I", "I"), templ("take", 1))]
OPS["select"] = [(("LX",) + ("I",) * n, templ("select", 1)) for n in range(1, 7)]
OPS["group"] = [(("LX", "I", "I"), templ("group", 1))]
OPS["slice"] = [(("CU", "L"), call("slice"))]
OPS["dice"] = [(("CU", "L"), call("dice"))]
OPS["idx2crd"] = [(("C", "C"), call("idx2crd")), (("C", "C", "C"), call("idx2crd"))]
OPS["append"] = [(("L",), call("append")), (("L", "L"), call("append")),
                 (("L", "L", "I"), templ("append", 2))]
OPS["prepend"] = [(("L",), call("prepend")), (("L", "L"), call("prepend")),
                  (("L", "L", "I"), templ("prepend", 2))]
OPS["replace"] = [(("L", "L", "I"), templ("replace", 2))]
OPS["tile_to_shape"] = [(("L", "X"), call("tile_to_shape")),
                        (("L", "X", "X"), call("tile_to_shape"))]
OPS["max_alignment"] = [(("L",), call("max_alignment"))]
OPS["domain_offset"] = [(("C", "L"), call("domain_offset"))]
OPS["zip"] = [(("LX",), call("zip")), (("L", "L"), call("zip"))]
# Recasts: upcast<N>(L), downcast<N>(L); recast_layout<Old,New>(L) with
# element types of OLD and NEW bits (lc_bits<B>, whose sizeof_bits is B).
OPS["upcast"] = [(("L", "I"), templ("upcast", 1))]
OPS["downcast"] = [(("L", "I"), templ("downcast", 1))]
OPS["recast_layout"] = [(("L", "I", "I"),
                         lambda l, a, b: "recast_layout<lc_bits<%s>,lc_bits<%s>>(%s)" % (a, b, l))]
OPS["make_layout_like"] = [(("L",), call("make_layout_like"))]
OPS["make_ordered_layout"] = [(("X", "X"), call("make_ordered_layout"))]
OPS["print_layout"] = [(("L",), call("grid_of_layout"))]
# Slicing by a coordinate: slice_and_offset(C, L) is CuTe's (layout, offset);
# the tensor functions answer the same pair (TILE_HELPERS).  PJ is a
# projection, CuTe's Step<_1,X,_1> written (1,X,1) or (1,_,1).
OPS["slice_and_offset"] = [(("CU", "L"), call("slice_and_offset"))]
OPS["local_tile"] = [(("L", "B", "CU"), call("lc_local_tile")),
                     (("L", "B", "CU", "PJ"), call("lc_local_tile"))]
OPS["local_partition"] = [(("L", "L", "C"), call("lc_local_partition")),
                          (("L", "L", "C", "PJ"), call("lc_local_partition"))]
OPS["inner_partition"] = [(("L", "B", "CU"), call("lc_inner_partition"))]
OPS["outer_partition"] = [(("L", "B", "CU"), call("lc_outer_partition"))]
OPS["make_identity_layout"] = [(("X",), call("make_identity_layout"))]


class Request:
    """One request line: its answer, or its C++ expression and cache key."""

    def __init__(self, line, gen):
        self.answer = None   # final answer line
        self.expr = None     # C++ expression to print
        self.key = None      # canonical request text
        words = split_words(line)
        op = words[0]
        name = op[5:] if op.startswith("cute_") else op
        if name not in OPS or not name:
            shown = printable(op[:200]) + ("..." if len(op) > 200 else "")
            self.answer = "error: unsupported op %s" % shown
            return
        args = words[1:]
        sigs = OPS[name]
        counts = sorted(set(len(k) for k, _ in sigs))
        sig = [s for s in sigs if len(s[0]) == len(args)]
        if not sig:
            want = " or ".join(str(c) for c in counts)
            self.answer = "error: %s takes %s argument%s, got %d" % (
                name, want, "" if want == "1" else "s", len(args))
            return
        kinds, build = sig[0]
        vals = []
        for i, (text, kind) in enumerate(zip(args, kinds)):
            if "-->" in text:
                self.answer = "error: argument %d: a morphism; CuTe has none" % (i + 1)
                return
            if kind == "I" and re.match(r"^-[0-9]{1,9}$", text):
                vals.append(("int", int(text), False))  # a negative template integer
                continue
            if kind == "PJ":
                text = re.sub(r"(?<![A-Za-z0-9_])X(?![A-Za-z0-9_])", "_", text)
            try:
                v = Parser(text, allow_star=(kind == "P"),
                           allow_under=(kind in ("B", "CU", "PJ"))).value()
            except ParseError as e:
                self.answer = "error: argument %d: %s" % (i + 1, e)
                return
            if v[0] not in KIND_ACCEPTS[kind]:
                self.answer = "error: argument %d: expected %s, found %s" % (
                    i + 1, KIND_NAMES[kind], {"layout": "a layout", "tiler": "a tiler",
                                              "int": "an integer", "tuple": "a tuple",
                                              "under": "'_'"}[v[0]])
                return
            vals.append(v)
        self.key = " ".join([name] + [canon(v, gen.dynamic) for v in vals])
        self.expr = build(*[gen.value(v, k) for v, k in zip(vals, kinds)])


def printable(s):
    """s with every character outside printable ASCII shown as \\xNN."""
    out = []
    for c in s:
        if " " <= c <= "~":
            out.append(c)
        else:
            o = ord(c)
            out.append("\\x%02x" % (o - 0xDC00 if 0xDC80 <= o <= 0xDCFF else o)
                       if o < 256 or 0xDC80 <= o <= 0xDCFF else "\\u%04x" % o)
    return "".join(out)


# ------------------------------------------------------------------ the cache

class Cache:
    """Answers by (environment hash, canonical request) in SQLite.  Any
    SQLite failure (a corrupt file, a full disk) is reported once on stderr
    and the cache is bypassed from then on."""

    def __init__(self, path, env_hash):
        self.env = env_hash
        self.db = None
        if path is None:
            return
        try:
            d = os.path.dirname(os.path.abspath(path))
            os.makedirs(d, exist_ok=True)
            self.db = sqlite3.connect(path, timeout=30, isolation_level=None)
            self.db.execute("PRAGMA busy_timeout = 30000")
            try:
                self.db.execute("PRAGMA journal_mode = WAL")
            except sqlite3.OperationalError:
                pass  # another process holds it; the default mode works too
            self.db.execute("CREATE TABLE IF NOT EXISTS answers (env TEXT NOT NULL, "
                            "request TEXT NOT NULL, answer TEXT NOT NULL, "
                            "PRIMARY KEY (env, request))")
            self.db.execute("SELECT count(*) FROM answers WHERE env = ? AND request = ?",
                            (self.env, "")).fetchone()
        except (sqlite3.Error, OSError) as e:
            self.fail(path, e)
        self.path = path

    def fail(self, path, e):
        sys.stderr.write("cute_adapter: cache %s unusable (%s); going on without it\n"
                         % (path, e))
        sys.stderr.flush()
        try:
            if self.db is not None:
                self.db.close()
        except sqlite3.Error:
            pass
        self.db = None

    def get_many(self, keys):
        """Dict key -> answer for the keys found."""
        found = {}
        if self.db is None or not keys:
            return found
        try:
            keys = list(keys)
            for i in range(0, len(keys), 500):
                part = keys[i:i + 500]
                q = "SELECT request, answer FROM answers WHERE env = ? AND request IN (%s)" % (
                    ",".join("?" * len(part)))
                for k, a in self.db.execute(q, [self.env] + part):
                    found[k] = a
        except sqlite3.Error as e:
            self.fail(self.path, e)
            return {}
        return found

    def put_many(self, pairs):
        if self.db is None or not pairs:
            return
        try:
            self.db.execute("BEGIN IMMEDIATE")
            self.db.executemany("INSERT OR REPLACE INTO answers VALUES (?,?,?)",
                                [(self.env, k, a) for k, a in pairs])
            self.db.execute("COMMIT")
        except sqlite3.Error as e:
            try:
                self.db.execute("ROLLBACK")
            except sqlite3.Error:
                pass
            self.fail(self.path, e)


def hash_headers(cutlass):
    """SHA-256 over the names and contents of the files of the CUTLASS
    include directory (cute/ and the cutlass/ headers it includes)."""
    h = hashlib.sha256()
    root = cutlass
    for d, dirs, files in os.walk(root):
        dirs.sort()
        for f in sorted(files):
            p = os.path.join(d, f)
            h.update(os.path.relpath(p, root).encode() + b"\0")
            with open(p, "rb") as fh:
                h.update(fh.read())
            h.update(b"\0")
    return h.hexdigest()


# ------------------------------------------------------------------ compiling

# Everything the translation unit includes, in one header that is also
# precompiled (cute_all.hpp.gch beside it) when it can be.
PCH_HEADER = """#include <cute/layout.hpp>
#include <cute/swizzle_layout.hpp>
#include <cute/pointer_flagged.hpp>
#include <cute/util/print_tensor.hpp>
#include <cstdio>
#include <cstdint>
#include <unistd.h>
#include <sys/wait.h>
// print_layout as a value: printing it draws the grid after a \\x1d mark,
// which the adapter turns into one line (its newlines written \\n).
template <class L> struct grid_of { L l; };
template <class L> CUTE_HOST_DEVICE void print(grid_of<L> const& g) {
  printf("\\x1d");
  cute::print_layout(g.l);
}
template <class L> grid_of<L> grid_of_layout(L const& l) { return {l}; }
"""

# local_tile, local_partition, inner_partition and outer_partition are CuTe
# functions of a Tensor: each request runs them on a tensor over a counting
# iterator (its element at offset x is x) and prints the pair (layout of the
# result, offset of its first element), the tuple slice_and_offset prints.
# A composed layout with an smem_ptr offset makes no such tensor (CuTe's
# make_tensor asks a shared-memory pointer of its width); on it the same
# functions are the layout's zipped_divide sliced by CuTe's own
# slice_and_offset at the coordinate tensor_impl.hpp builds.  One line each.
TILE_HELPERS = (
    "template <class L> auto lc_tensor(L const& l) { return make_tensor(counting_iterator<int>(0), l); }\n"
    "template <class T> auto lc_lo(T const& t) { return make_tuple(t.layout(), *t.data()); }\n"
    "template <class L> struct lc_smem : false_type {};\n"
    "template <class A, int N, class B> struct lc_smem<ComposedLayout<A,smem_ptr_flag_bits<N>,B>> : true_type {};\n"
    "template <int Outer, class L, class T, class Cd> auto lc_part(L const& l, T const& t, Cd const& c) {"
    " auto z = zipped_divide(l, t); constexpr int R0 = decltype(rank<0>(z))::value;"
    " constexpr int R1 = decltype(rank<1>(z))::value;"
    " if constexpr (Outer) { if constexpr (is_tuple<Cd>::value) return slice_and_offset(make_coord(append<R0>(c,_), repeat<R1>(_)), z);"
    " else return slice_and_offset(make_coord(c, repeat<R1>(_)), z); }"
    " else { if constexpr (is_tuple<Cd>::value) return slice_and_offset(make_coord(repeat<R0>(_), append<R1>(c,_)), z);"
    " else return slice_and_offset(make_coord(repeat<R0>(_), c), z); } }\n"
    "template <class L, class T, class Cd> auto lc_inner_partition(L const& l, T const& t, Cd const& c) {"
    " if constexpr (lc_smem<L>::value) return lc_part<0>(l, t, c); else return lc_lo(inner_partition(lc_tensor(l), t, c)); }\n"
    "template <class L, class T, class Cd> auto lc_outer_partition(L const& l, T const& t, Cd const& c) {"
    " if constexpr (lc_smem<L>::value) return lc_part<1>(l, t, c); else return lc_lo(outer_partition(lc_tensor(l), t, c)); }\n"
    "template <class L, class T, class Cd> auto lc_local_tile(L const& l, T const& t, Cd const& c) {"
    " if constexpr (lc_smem<L>::value) return lc_part<0>(l, t, c); else return lc_lo(local_tile(lc_tensor(l), t, c)); }\n"
    "template <class L, class T, class Cd, class P> auto lc_local_tile(L const& l, T const& t, Cd const& c, P const& p) {"
    " if constexpr (lc_smem<L>::value) return lc_part<0>(l, dice(p, t), dice(p, c)); else return lc_lo(local_tile(lc_tensor(l), t, c, p)); }\n"
    "template <class L, class Th, class I> auto lc_local_partition(L const& l, Th const& th, I const& i) {"
    " if constexpr (lc_smem<L>::value) return lc_part<1>(l, product_each(shape(th)), th.get_flat_coord(i));"
    " else return lc_lo(local_partition(lc_tensor(l), th, i)); }\n"
    "template <class L, class Th, class I, class P> auto lc_local_partition(L const& l, Th const& th, I const& i, P const& p) {"
    " if constexpr (lc_smem<L>::value) return lc_local_partition(l, dice(p, th), i);"
    " else return lc_lo(local_partition(lc_tensor(l), th, i, p)); }\n")

TU_HEAD = """#include "cute_all.hpp"
using namespace cute;
template <int B> struct lc_bits {};
namespace cute { template <int B> struct sizeof_bits<lc_bits<B>> : C<B> {}; }
""" + TILE_HELPERS

# Runs every request in a child process with a time limit, so that a fault
# (SIGFPE, abort, a loop) is that request's alone; the child's stderr goes
# to stdout so an assertion's message is its answer.  Each answer ends with
# a marker line "\\x1eEND i EXIT SIGNAL".
TU_MAIN = """typedef void (*req_fn)();
static req_fn const reqs[] = { %snullptr };
int main() {
  for (int i = 0; reqs[i]; i++) {
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
      dup2(1, 2);
      alarm(%d);
      reqs[i]();
      fflush(stdout);
      _exit(0);
    }
    int st = 0;
    if (pid < 0 || waitpid(pid, &st, 0) < 0) st = -1;
    printf("\\n\\x1e" "END %%d %%d %%d\\n", i, st != -1 && WIFEXITED(st) ? WEXITSTATUS(st) : -1,
           st != -1 && WIFSIGNALED(st) ? WTERMSIG(st) : 0);
  }
  fflush(stdout);
  return 0;
}
"""

FIRST_LINE = TU_HEAD.count("\n") + 1   # line of req_0

# One request, on one line.  A result whose type holds all of its values
# (every integer static) is printed from its type alone, so g++ emits no
# code for CuTe's functions (half the compile time); otherwise the value is
# computed at run time.
REQ_FN = ("static void req_%d() { using T = decltype(%s); [](auto) { if constexpr "
          "(is_static<T>::value) print(T{}); else print(%s); }(0); }\n")

RE_TU_LINE = re.compile(r"^(?:In file included from )?(\S*?req\.cpp):(\d+):")
RE_IN_FUNC = re.compile(r"In function '?.?void req_(\d+)\(\)")
RE_ERROR = re.compile(r":\d+:(?:\d+:)? (?:fatal )?error: (.*)$")
RE_STATIC = re.compile(r"static assertion failed(?:: (.*))?$")


PCH_LOCK_STALE_S = 900  # a precompile lock older than this is abandoned


try:
    import ctypes
    LIBC = ctypes.CDLL(None, use_errno=True)
except (ImportError, OSError):
    LIBC = None


def die_with_parent():
    """In a child before exec: be killed when the adapter dies (Linux's
    PR_SET_PDEATHSIG), so that a harness that kills the adapter (a time
    limit) leaves no compile running.  Elsewhere, nothing."""
    try:
        LIBC.prctl(1, signal.SIGKILL, 0, 0, 0)
    except AttributeError:
        pass


def remove_stale_dirs():
    """Remove the temporary directories of adapters that died without
    cleaning up (killed with SIGKILL): cute_adapter.PID.* with no process
    PID.  A directory of a live process (or a reused pid) is left alone."""
    root = tempfile.gettempdir()
    try:
        names = os.listdir(root)
    except OSError:
        return
    for name in names:
        m = re.match(r"cute_adapter\.(\d+)\.[A-Za-z0-9_]+$", name)
        if not m or int(m.group(1)) == os.getpid():
            continue
        try:
            os.kill(int(m.group(1)), 0)
        except ProcessLookupError:
            shutil.rmtree(os.path.join(root, name), ignore_errors=True)
        except OSError:
            pass


class Compiler:
    """Compiles and runs batches of requests; attributes failures."""

    def __init__(self, cxx, flags, run_timeout, pch_dir, log):
        self.cxx = cxx
        self.flags = flags
        self.run_timeout = run_timeout
        self.log = log
        remove_stale_dirs()
        self.dir = tempfile.mkdtemp(prefix="cute_adapter.%d." % os.getpid())
        self.pch_dir = pch_dir or os.path.join(self.dir, "pch")
        self.use_pch = True
        self.pch_tried = False
        self.pch_job = None
        self.seq = 0
        self.stats = {"compiles": 0, "compile_s": 0.0}

    def close(self):
        """Remove the temporary directory.  A precompile still running goes
        on where its result is kept (the next run uses it), else it is
        stopped."""
        p = self.pch_job
        if p is not None and p.poll() is None and self.pch_dir.startswith(self.dir + os.sep):
            try:
                os.killpg(p.pid, signal.SIGKILL)
            except OSError:
                pass
            p.wait()
        shutil.rmtree(self.dir, ignore_errors=True)

    def ensure_pch(self):
        """Write cute_all.hpp where it is missing and, once per environment
        (unless use_pch is off), start precompiling it (3 to 5 s and 100 MB;
        each compile then saves about 0.7 s).  Where precompiling fails the
        plain header serves, only slower."""
        hdr = os.path.join(self.pch_dir, "cute_all.hpp")
        try:
            if not os.path.isfile(hdr):
                os.makedirs(self.pch_dir, exist_ok=True)
                tmp = "%s.%d.tmp" % (hdr, os.getpid())
                with open(tmp, "w") as f:
                    f.write(PCH_HEADER)
                os.replace(tmp, hdr)
        except OSError as e:  # an unwritable cache directory: use our own
            own = os.path.join(self.dir, "pch")
            if self.pch_dir == own:
                raise
            sys.stderr.write("cute_adapter: %s: %s; precompiling in a temporary directory\n"
                             % (self.pch_dir, e))
            self.pch_dir = own
            return self.ensure_pch()
        gch = hdr + ".gch"
        if self.pch_tried or not self.use_pch or os.path.isfile(gch):
            return
        self.pch_tried = True
        self.start_pch(hdr, gch)

    def start_pch(self, hdr, gch):
        """Precompile hdr into gch in the background, in a session of its
        own: the compiles meanwhile use the plain header, and the result
        lands (renamed, so that a concurrent adapter sees all or none) even
        when this adapter is killed meanwhile.  A lock file keeps
        concurrent adapters from building the same header twice."""
        lock = gch + ".lock"
        try:
            fd = os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
        except FileExistsError:
            try:
                if time.time() - os.path.getmtime(lock) < PCH_LOCK_STALE_S:
                    return  # another adapter is building it
                os.unlink(lock)
                fd = os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
            except OSError:
                return
        except OSError:
            return
        os.close(fd)
        tmp = "%s.%d.tmp" % (gch, os.getpid())
        script = '"$@" -o "$T" && mv -f "$T" "$G"; rm -f "$T" "$L"'
        try:
            self.pch_job = subprocess.Popen(
                ["/bin/sh", "-c", script, "sh", self.cxx] + self.flags + ["-x", "c++-header", hdr],
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                env=dict(os.environ, LC_ALL="C", LANG="C", T=tmp, G=gch, L=lock),
                start_new_session=True)
        except OSError:
            try:
                os.unlink(lock)
            except OSError:
                pass

    def source(self, exprs):
        """The translation unit: request i on line FIRST_LINE + i."""
        lines = [TU_HEAD]
        for i, e in enumerate(exprs):
            lines.append(REQ_FN % (i, e, e))
        lines.append(TU_MAIN % ("".join("req_%d, " % i for i in range(len(exprs))),
                                self.run_timeout))
        return "".join(lines)

    def start(self, exprs):
        """Start compiling exprs; returns a job for finish()."""
        self.ensure_pch()
        self.seq += 1
        base = os.path.join(self.dir, "b%d" % self.seq)
        os.makedirs(base)
        src = os.path.join(base, "req.cpp")
        exe = os.path.join(base, "req")
        with open(src, "w") as f:
            f.write(self.source(exprs))
        env = dict(os.environ, LC_ALL="C", LANG="C")
        cmd = [self.cxx] + self.flags + ["-I", self.pch_dir, src, "-o", exe]
        t0 = time.monotonic()
        p = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                             preexec_fn=die_with_parent,
                             stderr=subprocess.STDOUT, env=env, cwd=base)
        return (p, exprs, base, exe, t0)

    def finish(self, job):
        """Wait for a compile; returns (ok, diagnostics text, exe)."""
        p, exprs, base, exe, t0 = job
        limit = 120 + 2 * len(exprs)
        try:
            out, _ = p.communicate(timeout=limit)
        except subprocess.TimeoutExpired:
            p.kill()
            p.communicate()
            shutil.rmtree(base, ignore_errors=True)
            out = b"compilation timed out after %d s" % limit
            self.stats["compiles"] += 1
            self.stats["compile_s"] += time.monotonic() - t0
            return (False, out.decode("utf-8", "replace"), None, True)
        self.stats["compiles"] += 1
        self.stats["compile_s"] += time.monotonic() - t0
        text = out.decode("utf-8", "replace")
        ok = p.returncode == 0 and os.path.exists(exe)
        if not ok:
            shutil.rmtree(base, ignore_errors=True)
        return (ok, text, exe, False)

    def probe(self):
        """None when CuTe's headers compile alone, else the first error."""
        ok, diag, _, timed_out = self.finish(self.start([]))
        return None if ok else first_error(diag, timed_out)

    def attribute(self, diag, n):
        """From g++'s output, two dicts request index -> its first error:
        errors inside CuTe's headers (each reached from a request's line by
        "required from here"), and errors on a request's own line."""
        certain, local = {}, {}
        ctx = None
        for line in diag.splitlines():
            m = RE_IN_FUNC.search(line)
            if m:
                ctx = int(m.group(1))
                continue
            if "In instantiation of" in line or line.startswith("In file included from"):
                ctx = None
            m = RE_TU_LINE.match(line)
            if m and not line.startswith("In file included"):
                k = int(m.group(2)) - FIRST_LINE
                ctx = k if 0 <= k < n else None
            m = RE_ERROR.search(line)
            if m and ctx is not None:
                where = local if RE_TU_LINE.match(line) else certain
                where.setdefault(ctx, summarize(m.group(1)))
        return certain, local

    def run(self, exe, n):
        """Run a built program; list of n answers (None where missing)."""
        answers = [None] * n
        try:
            p = subprocess.run([exe], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                               preexec_fn=die_with_parent,
                               stderr=subprocess.STDOUT,
                               timeout=n * (self.run_timeout + 1) + 10)
            out = p.stdout
        except subprocess.TimeoutExpired as e:
            out = e.stdout or b""
        except OSError as e:
            return [("error: cannot run the compiled program: %s" % e)] * n
        finally:
            shutil.rmtree(os.path.dirname(exe), ignore_errors=True)
        text = out.decode("utf-8", "replace")
        chunks = text.split("\x1eEND ")
        for c_i, chunk in enumerate(chunks[:-1]):
            body = chunk
            if c_i > 0:  # drop the rest of the previous marker line
                body = chunk.split("\n", 1)[1] if "\n" in chunk else ""
            if body.endswith("\n"):
                body = body[:-1]
            tail = chunks[c_i + 1].split("\n", 1)[0].split()
            try:
                i, code, sig = int(tail[0]), int(tail[1]), int(tail[2])
            except (ValueError, IndexError):
                continue
            if not 0 <= i < n:
                continue
            answers[i] = interpret(body, code, sig, self.run_timeout)
        return answers


def summarize(msg):
    """One line for a compiler error: a static_assert's message, else the
    error text shortened."""
    msg = msg.strip()
    m = RE_STATIC.match(msg)
    if m:
        return (m.group(1) or "static assertion failed").strip()
    msg = re.sub(r"\s+", " ", msg)
    return msg if len(msg) <= 300 else msg[:297] + "..."


TIMEOUT_ANSWER = "error: CuTe does not finish: "
RE_UBSAN = re.compile(r"runtime error: (.*)")


def interpret(body, code, sig, timeout):
    """The answer line for one child's output and exit status."""
    if sig:
        if sig == signal.SIGALRM:
            return TIMEOUT_ANSWER + "no answer within %d s" % timeout
        name = {signal.SIGFPE: "SIGFPE (arithmetic fault, e.g. division by zero)",
                signal.SIGABRT: "SIGABRT", signal.SIGSEGV: "SIGSEGV"}.get(sig, "signal %d" % sig)
        detail = " ".join(body.split())
        if len(detail) > 300:
            detail = detail[:297] + "..."
        return "error: CuTe fails at run time: %s%s" % (name, (": " + detail) if detail else "")
    m = RE_UBSAN.search(body)
    if code != 0 and m:
        return "error: CuTe fails at run time: " + " ".join(m.group(1).split())[:300]
    if code != 0:
        return "error: CuTe fails at run time: exit status %d" % code
    if body.startswith("\x1d"):  # print_layout: its lines joined by \n
        return re.sub(r"_(?=-?\d)", "", body[1:].rstrip("\n")).replace("\n", "\\n")
    if "\n" in body.strip() or not body.strip():
        return "error: CuTe printed %s" % ("nothing" if not body.strip() else
                                           "several lines: " + " | ".join(body.split("\n"))[:300])
    return re.sub(r"_(?=-?\d)", "", body.strip())


# ------------------------------------------------------------------ engine

def idle_cores():
    """Cores not busy by the load average, at least 1, at most 2 (--jobs
    by default).  Two translation units at once halve the wall time where
    two cores are idle, and cost 10% more CPU for nothing where they are
    not (README.md, "Measured")."""
    try:
        free = (os.cpu_count() or 1) - os.getloadavg()[0]
    except OSError:
        return 1
    return max(1, min(2, int(free + 0.5)))


class Engine:
    """Answers batches: cache first, then compile what is left."""

    def __init__(self, opts):
        self.opts = opts
        self.gen = Codegen(opts["dynamic"], opts["wide"])
        self.setup_error = None
        self.cache = Cache(None, "")
        cut = opts["cutlass"]
        cxx = shutil.which(opts["cxx"])
        if not os.path.isfile(os.path.join(cut, "cute", "layout.hpp")):
            self.setup_error = ("CuTe headers not found: %s/cute/layout.hpp (set CUTLASS_DIR "
                                "or --cutlass)" % cut)
        elif cxx is None:
            self.setup_error = "C++ compiler %s not found" % opts["cxx"]
        if self.setup_error:
            sys.stderr.write("cute_adapter: %s\n" % self.setup_error)
            return
        self.flags = ["-std=c++17", "-O0", "-ftemplate-backtrace-limit=0",
                      "-fdiagnostics-color=never", "-fno-diagnostics-show-caret"]
        # Integers computed at run time (dynamic ints; results whose type
        # is not static): an overflow or a division by zero stops the request
        # with UBSan's message instead of a wrong value or a bare SIGFPE.
        self.flags += ["-fsanitize=signed-integer-overflow,integer-divide-by-zero",
                       "-fno-sanitize-recover=all"]
        key_flags = " ".join(self.flags)
        self.flags += ["-I", cut, "-I", "/usr/local/cuda/include",
                       "-I", "/usr/local/cuda/include/cccl"]
        try:
            v = subprocess.run([cxx, "--version"], stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, timeout=60)
            version = v.stdout.decode("utf-8", "replace").split("\n")[0]
        except (OSError, subprocess.TimeoutExpired) as e:
            version = "unknown (%s)" % e
        try:
            headers = hash_headers(cut)
        except OSError as e:
            self.setup_error = "cannot read the CUTLASS headers: %s" % e
            sys.stderr.write("cute_adapter: %s\n" % self.setup_error)
            return
        mode = ("dynamic" if opts["dynamic"] else "static") + ("-wide" if opts["wide"] else "")
        env = "\n".join([CODEGEN_VERSION, headers, version, key_flags,
                         mode, str(opts["run_timeout"])])
        self.env_hash = hashlib.sha256(env.encode()).hexdigest()[:32]
        self.cache = Cache(opts["cache"], self.env_hash)
        pch_dir = None
        if opts["cache"] is not None:
            pch_dir = os.path.join(os.path.dirname(os.path.abspath(opts["cache"])),
                                   "cute_cpp.pch", self.env_hash)
        self.compiler = Compiler(cxx, self.flags, opts["run_timeout"], pch_dir, opts["log"])
        if not opts["pch"]:  # the plain header, in the temporary directory
            self.compiler.use_pch = False
            self.compiler.pch_dir = os.path.join(self.compiler.dir, "pch")

    def close(self):
        if not self.setup_error:
            self.compiler.close()

    def answer(self, lines, emit):
        """Answer the request lines: emit(list of answers, None for blank and
        comment lines) is called with those known before compiling, then
        with the rest."""
        reqs = []
        for line in lines:
            s = line.strip(BLANK)
            if not s or s.startswith("#"):
                reqs.append(None)
                continue
            try:
                reqs.append(Request(s, self.gen))
            except Exception as e:  # a bug here must not cost the batch
                r = Request.__new__(Request)
                r.answer = "error: adapter failure: " + printable(" ".join(str(e).split()))
                reqs.append(r)
        todo = [r for r in reqs if r is not None and r.answer is None]
        if todo and self.setup_error:
            for r in todo:
                r.answer = "error: %s" % self.setup_error
        elif todo:
            known = self.cache.get_many(set(r.key for r in todo))
            for r in todo:
                r.answer = known.get(r.key)
        k = 0
        while k < len(reqs) and (reqs[k] is None or reqs[k].answer is not None):
            k += 1
        emit([None if r is None else r.answer for r in reqs[:k]])
        todo = [r for r in reqs[k:] if r is not None and r.answer is None]
        if todo:
            self.solve(todo)
        emit([None if r is None else r.answer for r in reqs[k:]])

    def solve(self, todo):
        """Compile the requests todo (none of them cached) and answer them."""
        keys = {}
        for r in todo:
            keys.setdefault(r.key, r.expr)
        known = {}
        left = list(keys)
        if left:
            fresh = self.compile_all([(k, keys[k]) for k in left])
            self.cache.put_many([(k, a) for k, (a, keep) in fresh.items() if keep])
            known.update((k, a) for k, (a, _) in fresh.items())
        for r in todo:
            r.answer = known[r.key]

    def compile_all(self, items):
        """Dict key -> answer for [(key, expr)], in one translation unit or
        (a big batch) several compiled at once."""
        jobs = self.opts["jobs"] or idle_cores()
        min_split = self.opts["split"]
        if jobs > 1 and len(items) >= min_split:
            step = -(-len(items) // jobs)
            parts = [items[j:j + step] for j in range(0, len(items), step)]
        else:
            parts = [items]
        result = {}
        for part, res in zip(parts, self.compile_parts(parts)):
            result.update(res)
        return result

    def compile_parts(self, parts):
        """Compile several parts at once; each becomes a dict key ->
        (answer, cacheable), after attribution of failures and recompiles of
        what is left.  Answers that depend on the machine (a broken
        compiler, a time limit) are not cacheable."""
        pending = [(i, p) for i, p in enumerate(parts)]
        results = [dict() for _ in parts]
        probed = False
        while pending:
            jobs = [(i, p, self.compiler.start([e for _, e in p])) for i, p in pending]
            pending = []
            for i, p, job in jobs:
                ok, diag, exe, timed_out = self.compiler.finish(job)
                if ok:
                    pending.extend(self.take_run(i, p, exe, results))
                    continue
                certain, local = ({}, {}) if timed_out else self.compiler.attribute(diag, len(p))
                if not certain and not local and not probed:
                    probed = True
                    broken = self.compiler.probe()
                    if broken:  # the compiler fails on CuTe's headers alone
                        for j, q in [(i, p)] + pending:
                            for k, _ in q:
                                results[j][k] = ("error: cannot compile CuTe: " + broken, False)
                        pending = []
                        continue
                if len(p) == 1:
                    msg = certain.get(0) or local.get(0)
                    if msg:
                        results[i][p[0][0]] = ("error: CuTe refuses: " + msg, True)
                    else:
                        why = first_error(diag, timed_out)
                        results[i][p[0][0]] = ("error: compile failed: " + why, False)
                    continue
                # Errors in CuTe's headers name their request for sure.  An
                # error on a request's own line may follow from a failed
                # instantiation reported for another request (g++ reports it
                # once), so it is final only in a round without the former.
                final = certain or local
                for j, msg in final.items():
                    results[i][p[j][0]] = ("error: CuTe refuses: " + msg, True)
                rest = [x for j, x in enumerate(p) if j not in final]
                if final and rest:
                    pending.append((i, rest))
                elif not final:  # nothing attributable: bisect
                    half = len(p) // 2
                    pending.append((i, p[:half]))
                    pending.append((i, p[half:]))
            if self.opts["log"]:
                sys.stderr.write("cute_adapter: %d compiles, %.1f s\n" % (
                    self.compiler.stats["compiles"], self.compiler.stats["compile_s"]))
        return results

    def take_run(self, i, p, exe, results):
        """Run a built part; record its answers in results[i]; returns the
        pending parts to run again (one request each) where the program
        gave no answer."""
        answers = self.compiler.run(exe, len(p))
        redo = []
        for (k, e), a in zip(p, answers):
            if a is None:
                redo.append((k, e))
            else:
                results[i][k] = (a, not a.startswith(TIMEOUT_ANSWER))
        if len(p) == 1 and redo:
            results[i][p[0][0]] = ("error: the compiled program gave no answer", False)
            return []
        return [(i, [x]) for x in redo]


def first_error(diag, timed_out):
    """One line for a failed compile that names no request."""
    if timed_out:
        return diag.strip()
    for line in diag.splitlines():
        m = RE_ERROR.search(line)
        if m:
            return summarize(m.group(1))
    lines = [x for x in diag.splitlines() if x.strip()]
    return summarize(lines[-1]) if lines else "the compiler failed with no message"


# ------------------------------------------------------------------ input

class LineReader:
    """Lines from a file descriptor: one blocking, then whatever else is
    already there (read-ahead), up to a maximum."""

    def __init__(self, fd):
        self.fd = fd
        self.buf = b""
        self.eof = False

    def fill(self, block):
        if self.eof:
            return False
        if not block:
            try:
                r, _, _ = select.select([self.fd], [], [], 0)
            except (OSError, ValueError):
                r = [self.fd]
            if not r:
                return False
        try:
            data = os.read(self.fd, 1 << 16)
        except InterruptedError:
            return True
        if not data:
            self.eof = True
            return False
        self.buf += data
        return True

    def take(self):
        """One complete line if buffered (the last line at EOF too)."""
        j = self.buf.find(b"\n")
        if j < 0:
            if self.eof and self.buf:
                line, self.buf = self.buf, b""
                return line
            return None
        line, self.buf = self.buf[:j], self.buf[j + 1:]
        return line

    def batch(self, most):
        """At least one line (blocking), at most `most`; None at EOF."""
        out = []
        while not out:
            line = self.take()
            if line is not None:
                out.append(line)
            elif not self.fill(True):
                line = self.take()
                if line is None:
                    return None
                out.append(line)
        while len(out) < most:
            line = self.take()
            if line is None:
                if not self.fill(False):
                    line = self.take()
                    if line is None:
                        break
                else:
                    continue
            out.append(line)
        return [x.decode("utf-8", "surrogateescape") for x in out]


# ------------------------------------------------------------------ main

USAGE = """usage: cute_adapter.py [options]   (requests on stdin, answers on stdout)
  --cutlass DIR     CUTLASS include directory (default $CUTLASS_DIR, else
                    ../shared/third_party/cutlass/include beside the repository)
  --cxx PROGRAM     the C++ compiler (default g++)
  --dynamic         runtime ints (make_shape(2,3)) instead of Int<N>{}; _N stays static
  --wide            64-bit integers everywhere (C<NLL>{}, int64_t) instead of int
  --max-batch N     most requests compiled together (default 256)
  --jobs N          translation units compiled at once for a big batch (default:
                    2 where two cores are idle by the load average, else 1)
  --split N         smallest batch split over the jobs (default 48)
  --no-pch          do not precompile CuTe's headers (slower compiles)
  --run-timeout S   seconds one request may run (default 10)
  --cache FILE      answer cache (default $LAYOUTCHECK_CUTE_CACHE, else
                    ~/.cache/layoutcheck/cute_cpp.db)
  --no-cache        no answer cache
  --log             compile counts and times on stderr
"""


def parse_options(argv):
    """Options dict, or raises ValueError with a message."""
    default_cache = os.environ.get("LAYOUTCHECK_CUTE_CACHE") or os.path.join(
        os.path.expanduser("~"), ".cache", "layoutcheck", "cute_cpp.db")
    cut = os.environ.get("CUTLASS_DIR") or DEFAULT_CUTLASS
    opts = {"cutlass": cut, "cxx": "g++", "dynamic": False, "wide": False,
            "max_batch": 256, "jobs": 0, "split": 48, "run_timeout": 10,
            "cache": default_cache, "log": False, "pch": True}
    ints = {"--max-batch": ("max_batch", 1), "--jobs": ("jobs", 1), "--split": ("split", 2),
            "--run-timeout": ("run_timeout", 1)}
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("-h", "--help"):
            raise ValueError("")
        if a in ("--dynamic", "--wide", "--log"):
            opts[a[2:]] = True
        elif a == "--no-cache":
            opts["cache"] = None
        elif a == "--no-pch":
            opts["pch"] = False
        elif a in ("--cutlass", "--cxx", "--cache") or a in ints:
            if i + 1 >= len(argv):
                raise ValueError("%s needs a value" % a)
            v = argv[i + 1]
            i += 1
            if a in ints:
                name, least = ints[a]
                if not v.isdigit() or int(v) < least:
                    raise ValueError("%s wants an integer >= %d, got '%s'" % (a, least, v))
                opts[name] = int(v)
            else:
                opts[a[2:]] = v
        else:
            raise ValueError("unknown option '%s'" % a)
        i += 1
    opts["cutlass"] = os.path.abspath(opts["cutlass"])
    return opts


def main(argv):
    try:
        opts = parse_options(argv)
    except ValueError as e:
        if str(e):
            sys.stderr.write("cute_adapter: %s\n" % e)
        sys.stderr.write(USAGE)
        return 0 if not str(e) else 2
    # Stopped by SIGTERM: remove the temporary directory.
    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(128 + signum))
    engine = Engine(opts)
    reader = LineReader(sys.stdin.fileno())
    out = sys.stdout
    try:
        while True:
            lines = reader.batch(opts["max_batch"])
            if lines is None:
                break
            done = [0]

            def emit(answers):
                done[0] += len(answers)
                out.write("".join(a + "\n" for a in answers if a is not None))
                out.flush()
            try:
                engine.answer(lines, emit)
            except BrokenPipeError:
                return 0
            except Exception as e:  # never die on one batch
                msg = printable(" ".join(("%s: %s" % (type(e).__name__, e)).split()))
                rest = lines[done[0]:]
                try:
                    emit([None if (not l.strip(BLANK) or l.strip(BLANK).startswith("#"))
                          else "error: adapter failure: " + msg for l in rest])
                except BrokenPipeError:
                    return 0
    finally:
        engine.close()
    return 1 if engine.setup_error else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
