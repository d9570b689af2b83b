#!/usr/bin/env python3
"""Adapter: NVIDIA's pycute as a system under test for `layoutcheck fuzz --sut`.

Reads requests "OP ARG ARG..." from stdin, one per line, answers one line
per request on stdout (flushed): the result in layoutcheck's canonical
syntax, "error: MESSAGE" when pycute raises, or "error: unsupported op OP".

    layoutcheck fuzz --sut 'python3 adapters/pycute_adapter.py [--pycute DIR]'

pycute is not part of this project.  It is looked for in the directory
that holds the package `pycute` (CUTLASS's python/ folder), taken from
--pycute DIR, else the environment variable PYCUTE_DIR, else
../shared/third_party/pycute/python relative to the repository root.
Where it is missing, every request is answered
"error: pycute not found at PATH (set PYCUTE_DIR)", said once on stderr.
"""
import os
import sys

# adapter_io.py lies beside this file, which may be loaded by its path
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from adapter_io import find_dir, load_pycute, serve, split  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_DIR = os.path.normpath(
    os.path.join(HERE, "..", "..", "shared", "third_party", "pycute", "python"))


pycute, LOAD_ERROR = load_pycute(find_dir(sys.argv[1:], "pycute", "PYCUTE_DIR", DEFAULT_DIR),
                                  "pycute", "PYCUTE_DIR")


# --------------------------------------------------------------- parsing

class Parser:
    """Recursive descent over layoutcheck's syntax (see docs/syntax.md).

    Each form becomes what a user of pycute passes: an integer a Python
    int (CuTe's static _n too), a shape a tuple, CuTe's '_' None (pycute's
    "no-op" mode), a layout S:D a Layout, and a tiler <E1,...> the tuple
    of its entries, a nested tiler (E1,...) a tuple inside it.  Only the
    empty entry () of a tiler is a Layout (the empty layout), as in the
    syntax."""

    def __init__(self, text):
        self.s = text
        self.i = 0

    def skip(self):
        while self.i < len(self.s) and self.s[self.i].isspace():
            self.i += 1

    def peek(self):
        self.skip()
        return self.s[self.i] if self.i < len(self.s) else ""

    def take(self, c):
        if self.peek() != c:
            raise ValueError("expected %r at column %d" % (c, self.i + 1))
        self.i += 1

    def number(self):
        self.skip()
        j = self.i
        while self.i < len(self.s) and self.s[self.i].isdigit():
            self.i += 1
        if j == self.i:
            raise ValueError("expected an integer at column %d" % (j + 1))
        return int(self.s[j:self.i])

    def term(self):
        """An integer, '_' (None), a tuple of terms, or a layout S:D."""
        at = self.i
        if self.peek() == "_":
            self.take("_")
            if self.i < len(self.s) and self.s[self.i].isdigit():
                t = self.number()  # CuTe's static integer _n
            else:
                return None
        elif self.peek() == "(":
            self.take("(")
            items = []
            if self.peek() == ")":
                self.take(")")
            else:
                while True:
                    items.append(self.term())
                    if self.peek() == ",":
                        self.take(",")
                        continue
                    self.take(")")
                    break
            t = tuple(items)
        else:
            t = self.number()
        if self.peek() != ":":
            return t
        if not is_shape(t):
            raise ValueError("column %d: a layout's shape holds only integers" % (at + 1))
        self.take(":")
        stride = self.term()
        if not is_shape(stride):
            raise ValueError("column %d: a layout's stride holds only integers" % (at + 1))
        return pycute.Layout(t, stride)

    def value(self):
        """A layout, a tiler <E,...> (a tuple of entries), a shape or an
        integer."""
        if self.peek() != "<":
            return self.term()
        self.take("<")
        items = [self.tiler_entry()]
        while self.peek() == ",":
            self.take(",")
            items.append(self.tiler_entry())
        self.take(">")
        return tuple(items)

    def tiler_entry(self):
        e = self.term()
        return pycute.Layout((), ()) if isinstance(e, tuple) and e == () else e

    def end(self):
        if self.peek() != "":
            raise ValueError("unexpected text at column %d" % (self.i + 1))


def is_shape(t):
    """An integer or a nested tuple of integers."""
    if isinstance(t, int):
        return True
    return isinstance(t, tuple) and all(is_shape(x) for x in t)


def parse(text):
    p = Parser(text)
    v = p.value()
    p.end()
    return v


# -------------------------------------------------------------- printing

def fmt_tuple(t):
    if isinstance(t, int):
        return str(t)
    return "(" + ",".join(fmt_tuple(x) for x in t) + ")"


def fmt(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, pycute.Layout):
        return fmt_tuple(v.shape) + ":" + fmt_tuple(v.stride)
    raise ValueError("cannot print %r" % (v,))


# ------------------------------------------------------------------- ops

def ops():
    p = pycute
    return {
        "size": lambda L: p.size(L),
        "cosize": lambda L: p.cosize(L),
        "apply": lambda L, x: L(x),
        "coalesce": lambda L, prof=None: p.coalesce(L, prof) if prof is not None else p.coalesce(L),
        "filter": lambda L: p.filter(L),
        "complement": lambda L, n=None: p.complement(L, n) if n is not None else p.complement(L),
        "composition": lambda A, B: p.composition(A, B),
        "logical_divide": lambda A, B: p.logical_divide(A, B),
        "logical_product": lambda A, B: p.logical_product(A, B),
        "zipped_divide": lambda A, B: p.zipped_divide(A, B),
        "tiled_divide": lambda A, B: p.tiled_divide(A, B),
        "zipped_product": lambda A, B: p.zipped_product(A, B),
        "tiled_product": lambda A, B: p.tiled_product(A, B),
        "right_inverse": lambda L: p.right_inverse(L),
        "left_inverse": lambda L: p.left_inverse(L),
    }


def answer(line, table):
    words = split(line)
    if not words:
        return "error: no op"
    op, args = words[0], words[1:]
    if pycute is None:
        return "error: " + LOAD_ERROR
    if op not in table:
        return "error: unsupported op %s" % op
    try:
        return fmt(table[op](*[parse(a) for a in args]))
    except Exception as e:  # pycute raises AssertionError, IndexError, ...
        msg = ("%s: %s" % (type(e).__name__, e)).replace("\n", " ")
        return "error: " + msg


def main():
    table = ops() if pycute is not None else {}
    serve(lambda line: answer(line, table), LOAD_ERROR)


if __name__ == "__main__":
    main()
