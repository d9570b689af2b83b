#!/usr/bin/env python3
"""batch_sut.py LOG SECONDS LAYOUTCHECK -- a slow system under test for the
tests of `fuzz --sut`, built like an adapter that compiles each batch of
requests: it reads every request line already available on its stdin,
waits SECONDS for the batch (the compile), then answers every line of it,
in order, through `LAYOUTCHECK eval --batch`.  It appends the number of
request lines of each batch to LOG, one a line."""
import os
import select
import subprocess
import sys
import time


def available(fd, first):
    """first, and every byte that can be read from fd without waiting."""
    data = first
    while select.select([fd], [], [], 0)[0]:
        more = os.read(fd, 65536)
        if not more:
            break
        data += more
    return data


def main():
    log, seconds, lc = sys.argv[1], float(sys.argv[2]), sys.argv[3]
    oracle = subprocess.Popen([lc, "eval", "--batch"], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE)
    fd = sys.stdin.fileno()
    pending = b""
    while True:
        first = os.read(fd, 65536)  # wait for the next batch
        if not first:
            return
        lines = (pending + available(fd, first)).split(b"\n")
        pending = lines.pop()  # an incomplete last line waits for the next batch
        lines = [l for l in lines if l.strip() and not l.strip().startswith(b"#")]
        if not lines:
            continue
        time.sleep(seconds)
        answers = []
        for line in lines:
            oracle.stdin.write(line + b"\n")
            oracle.stdin.flush()
            answers.append(oracle.stdout.readline())
        with open(log, "a") as f:
            f.write("%d\n" % len(lines))
        sys.stdout.buffer.write(b"".join(answers))
        sys.stdout.flush()


if __name__ == "__main__":
    main()
