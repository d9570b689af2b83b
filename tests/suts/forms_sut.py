#!/usr/bin/env python3
"""forms_sut.py LAYOUTCHECK FORM[,FORM...] -- a system under test for the
tests of the form bounds (--sut-bounds int_operand=false, ...): it answers
through `LAYOUTCHECK eval --batch`, except that it refuses
("error: no FORM here", the innermost FORM where several) a request
holding one of the named argument forms, told apart by their text
(docs/syntax.md):

  int_operand      B of composition, a divide or a product a bare integer
  shape_operand    that B a shape (a tuple without ':')
  tilers           that B a tiler <...>
  int_entries      an entry of a tiler an integer
  nested_tilers    an entry of a tiler or of a shape B a tuple
  underscore       '_' not before a digit
  cotarget_shape   complement's N a shape
  cotarget_layout  complement's N a layout
"""
import re
import subprocess
import sys

# The form named when a request holds several: the one inside first.
PRIORITY = ["underscore", "nested_tilers", "int_entries", "cotarget_shape", "cotarget_layout",
            "int_operand", "shape_operand", "tilers"]

B_OPS = {"composition", "logical_divide", "logical_product", "zipped_divide", "tiled_divide",
         "zipped_product", "tiled_product"}


def split_top(text):
    """The comma-separated items of text at bracket depth 0."""
    items, depth, cur = [], 0, ""
    for c in text:
        if c in "(<":
            depth += 1
        elif c in ")>":
            depth -= 1
        if c == "," and depth == 0:
            items.append(cur)
            cur = ""
        else:
            cur += c
    items.append(cur)
    return items


def is_layout(e):
    """An entry with ':' outside its brackets."""
    depth = 0
    for c in e:
        depth += 1 if c == "(" else -1 if c == ")" else 0
        if c == ":" and depth == 0:
            return True
    return False


def forms(line):
    """The forms of the request line."""
    words = line.split()
    found = set()
    if any(re.search(r"_(?![0-9])", w) for w in words[1:]):
        found.add("underscore")
    if len(words) == 3 and words[0] in B_OPS:
        b = words[2]
        if re.fullmatch(r"_?[0-9]+", b):
            found.add("int_operand")
        elif b.startswith("<") or (b.startswith("(") and ":" not in b):
            found.add("tilers" if b.startswith("<") else "shape_operand")
            for e in split_top(b[1:-1]):
                if re.fullmatch(r"_?[0-9]+", e) and b.startswith("<"):
                    found.add("int_entries")
                if e.startswith("(") and not is_layout(e):
                    found.add("nested_tilers")
    if len(words) == 3 and words[0] == "complement" and words[2].startswith("("):
        found.add("cotarget_layout" if ":" in words[2] else "cotarget_shape")
    return found


def main():
    lc, refused = sys.argv[1], set(sys.argv[2].split(","))
    oracle = subprocess.Popen([lc, "eval", "--batch"], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True, bufsize=1)
    for raw in sys.stdin:
        line = raw.rstrip("\n")
        hit = [f for f in PRIORITY if f in forms(line) & refused]
        if hit:
            sys.stdout.write("error: no %s here\n" % hit[0])
        else:
            oracle.stdin.write(line + "\n")
            oracle.stdin.flush()
            sys.stdout.write(oracle.stdout.readline())
        sys.stdout.flush()


if __name__ == "__main__":
    main()
