#!/usr/bin/env python3
"""sw_forms_sut.py LAYOUTCHECK [FORM,...] -- a system under test for the
tests of the swizzle bounds (--sut-bounds smem_ptr=false, ...): it answers
each request OP ARGS as the oracle's cute layer does (`LAYOUTCHECK eval
--batch` asked cute_OP where the oracle has it), except that it refuses
("error: no FORM here") a request holding one of the named forms, told
apart by their text (the first of PRIORITY where several):

  swizzles      a swizzle Sw<...>
  composed      a composed layout (a word `o`)
  smem_ptr      an offset smem_ptr[Nb](unset)
  swizzle_edge  a swizzle with B+M+|S| >= 32 (M+|S| >= 31 with B = 0)
"""
import re
import subprocess
import sys


# The form named when a request holds several: the most particular first.
PRIORITY = ['smem_ptr', 'swizzle_edge', 'composed', 'swizzles']


def forms(line):
    """The forms of the request line."""
    found = set()
    if 'Sw<' in line:
        found.add('swizzles')
    if ' o ' in line:
        found.add('composed')
    if 'smem_ptr[' in line:
        found.add('smem_ptr')
    for b, m, s in re.findall(r'Sw<(-?\d+),(-?\d+),(-?\d+)>', line):
        b, m, s = int(b), int(m), abs(int(s))
        if (b == 0 and m + s >= 31) or (b > 0 and b + m + s >= 32):
            found.add('swizzle_edge')
    return found


def main():
    lc = sys.argv[1]
    refused = set(sys.argv[2].split(',')) if len(sys.argv) > 2 and sys.argv[2] else set()
    ops = subprocess.run([lc, 'eval', '--list'], capture_output=True, text=True).stdout
    names = {l.split()[0] for l in ops.split('\n') if l.strip()}
    oracle = subprocess.Popen([lc, 'eval', '--batch'], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True, bufsize=1)
    for line in sys.stdin:
        line = line.rstrip('\n')
        hit = [f for f in PRIORITY if f in forms(line) & refused]
        if hit:
            print('error: no %s here' % hit[0], flush=True)
            continue
        words = line.split(None, 1)
        if words and 'cute_' + words[0] in names:
            line = 'cute_' + line
        oracle.stdin.write(line + '\n')
        oracle.stdin.flush()
        print(oracle.stdout.readline().rstrip('\n'), flush=True)


if __name__ == '__main__':
    main()
