#!/usr/bin/env python3
"""The oracle with one op's answers altered: a system under test for the
post-condition run (tests/wp_sut.sh).

    python3 tests/suts/oracle_mutant.py LAYOUTCHECK MUTANT

Speaks the batch protocol by passing every request line to
`LAYOUTCHECK eval --batch` and its answer back, except that the answers
(not the errors) of one op are altered as MUTANT says:

    RIGHT_INVERSE_DOUBLED  right_inverse: every stride doubled, so that
                           L(R(1)) = L(2) where it should be 1
    COALESCE_FLAT          coalesce without a profile: the input's modes,
                           flattened, left unmerged (the same size and
                           layout function, depth 1: no post-condition of
                           coalesce sees it)
    NO_BLOCKED_PRODUCT     blocked_product: "error: unsupported op
                           blocked_product", as a SUT without the op answers
    NONE                   nothing altered

MUTANT may also be @FILE: the mutant's name is read from FILE when the SUT
starts, so that one command line (the name a SUT's results are stored
under) can be mutated and then fixed.
"""
import re
import subprocess
import sys


def double_strides(layout):
    """S:D with every integer of D doubled."""
    shape, stride = layout.split(":", 1)
    return shape + ":" + re.sub(r"\d+", lambda m: str(2 * int(m.group())), stride)


def flat(layout):
    """S:D with the parentheses of S and D taken out, as one flat mode list."""
    shape, stride = layout.split(":", 1)
    s = [x for x in re.findall(r"\d+", shape)]
    d = [x for x in re.findall(r"\d+", stride)]
    if not s:
        return layout
    if len(s) == 1:
        return s[0] + ":" + d[0]
    return "(" + ",".join(s) + "):(" + ",".join(d) + ")"


def main():
    if len(sys.argv) != 3:
        sys.stderr.write("usage: oracle_mutant.py LAYOUTCHECK MUTANT\n")
        return 2
    lc, mutant = sys.argv[1], sys.argv[2]
    if mutant.startswith("@"):
        with open(mutant[1:]) as f:
            mutant = f.read().strip()
    if mutant not in ("RIGHT_INVERSE_DOUBLED", "COALESCE_FLAT", "NO_BLOCKED_PRODUCT", "NONE"):
        sys.stderr.write("oracle_mutant.py: unknown mutant %s\n" % mutant)
        return 2
    oracle = subprocess.Popen([lc, "eval", "--batch"], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True, bufsize=1)
    for line in sys.stdin:
        oracle.stdin.write(line if line.endswith("\n") else line + "\n")
        oracle.stdin.flush()
        answer = oracle.stdout.readline().rstrip("\n")
        words = line.split()
        if mutant == "NO_BLOCKED_PRODUCT" and words and words[0] == "blocked_product":
            answer = "error: unsupported op blocked_product"
        elif not answer.startswith("error") and words:
            if mutant == "RIGHT_INVERSE_DOUBLED" and words[0] == "right_inverse":
                answer = double_strides(answer)
            elif mutant == "COALESCE_FLAT" and words[0] == "coalesce" and len(words) == 2:
                answer = flat(words[1])
        sys.stdout.write(answer + "\n")
        sys.stdout.flush()
    oracle.stdin.close()
    oracle.wait()
    return 0


if __name__ == "__main__":
    sys.exit(main())
