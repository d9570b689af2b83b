#!/usr/bin/env python3
"""Regenerate corpus/cute_cpp/swizzle_fuzz.yaml: a fixed sample of the
requests that differential fuzzing draws on swizzles and composed layouts
(`fuzz --sut ... --layer cute --ops 'sw.*'`, gen/gen_sw_diff.c), with CuTe
C++'s answers, so that `make test` replays them without compiling.

    python3 tools/cute_swfuzz_corpus.py [--cases N] [--seed S] [--adapter CMD]
                                        [--oracle BIN] [--out FILE]

It runs `BIN fuzz --sut 'THIS --tee LOG -- CMD' --layer cute --ops 'sw.*'
--cases N --seed S` on a scratch database with a sut_timeout of 60 s: this
program, in its --tee form, passes every request line to the adapter and
every answer back, and writes each pair to LOG.  Each request OP ARGS
becomes a case of the op the cute layer compares it with (cute_OP where the
oracle has it, else OP: print_layout) expecting CuTe's answer, or `error`
with CuTe's refusal as its reason.  The sync request is left out, and so
is an answer longer than 16 KB (a large print_layout grid).  With the
adapter's answer cache warm (the same seed as a fuzz run), no request is
compiled again.

    THIS --tee LOG -- CMD...

is the pass-through SUT: it starts CMD, copies its stdin to CMD's as lines
come (so that an adapter that reads ahead still sees a whole window) and
CMD's answers to its stdout, and appends `REQUEST<TAB>ANSWER` lines to LOG.
"""
import argparse
import os
import subprocess
import sys
import tempfile
import threading
from collections import deque

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PINNED = '7107b05535f8977f5ecb9d01ee203205b1fd9bc4'
SYNC = 'size 1000000007:1'
MAX_ANSWER = 16384
# CuTe's answers the oracle's cute_ ops do not give (adapters/cute_cpp/cute_known.yaml):
# kept as skipped cases with the reason
KNOWN_MARK = 'smem_ptr[0b]'
KNOWN_REASON = ("CuTe's answer (adapters/cute_cpp/cute_known.yaml): downcast of an smem_ptr[1b] "
                "atom is smem_ptr_flag_bits<0>, a flag of 0 bits, which the oracle does not hold")


def tee(log_path, cmd):
    """The pass-through SUT: stdin to cmd, cmd's answers to stdout, pairs to
    log_path.  Returns cmd's exit status."""
    child = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             bufsize=0)
    pending = deque()
    lock = threading.Lock()

    def forward():
        for line in sys.stdin.buffer:
            with lock:
                pending.append(line.rstrip(b'\n'))
            try:
                child.stdin.write(line if line.endswith(b'\n') else line + b'\n')
                child.stdin.flush()
            except BrokenPipeError:
                break
        try:
            child.stdin.close()
        except BrokenPipeError:
            pass

    t = threading.Thread(target=forward, daemon=True)
    t.start()
    with open(log_path, 'ab') as log:
        for answer in child.stdout:
            sys.stdout.buffer.write(answer)
            sys.stdout.buffer.flush()
            with lock:
                req = pending.popleft() if pending else b''
            log.write(req + b'\t' + answer.rstrip(b'\n') + b'\n')
            log.flush()
    return child.wait()


def yaml_str(s):
    return '"' + s.replace('\\', '\\\\').replace('"', '\\"') + '"'


def split_request(line):
    """(op, [args]) of a request line, each composed layout `A o O o B` one
    argument, as the batch protocol reads a lone word `o`."""
    words = line.split()
    args = []
    i = 1
    while i < len(words):
        if words[i] == 'o' and args and i + 1 < len(words):
            args[-1] += ' o ' + words[i + 1]
            i += 2
        else:
            args.append(words[i])
            i += 1
    return words[0], args


def oracle_ops(binary):
    """The names of the oracle's ops (eval --list)."""
    res = subprocess.run([binary, 'eval', '--list'], capture_output=True, text=True, cwd=ROOT)
    return {line.split()[0] for line in res.stdout.split('\n') if line.strip()}


def main():
    if len(sys.argv) > 1 and sys.argv[1] == '--tee':
        if len(sys.argv) < 5 or sys.argv[3] != '--':
            sys.exit('usage: cute_swfuzz_corpus.py --tee LOG -- CMD...')
        return tee(sys.argv[2], sys.argv[4:])
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--cases', type=int, default=40, help='cases per op (default 40)')
    ap.add_argument('--seed', default='20261127')
    ap.add_argument('--adapter', default='python3 adapters/cute_cpp/cute_adapter.py')
    ap.add_argument('--oracle', default=os.path.join(ROOT, 'bin', 'layoutcheck'))
    ap.add_argument('--out', default=os.path.join(ROOT, 'corpus', 'cute_cpp', 'swizzle_fuzz.yaml'))
    o = ap.parse_args()
    with tempfile.TemporaryDirectory() as d:
        log, db, cfg = (os.path.join(d, n) for n in ('pairs.log', 'fuzz.db', 'config.yaml'))
        with open(cfg, 'w') as f:
            f.write('sut_timeout: 60\n')
        sut = '%s %s --tee %s -- %s' % (sys.executable, os.path.abspath(__file__), log, o.adapter)
        run = subprocess.run([o.oracle, 'fuzz', '--config', cfg, '--sut', sut, '--layer', 'cute',
                              '--ops', 'sw.*', '--cases', str(o.cases), '--seed', o.seed,
                              '--db', db], cwd=ROOT, capture_output=True, text=True)
        if run.returncode not in (0, 1):
            sys.exit('cute_swfuzz_corpus: fuzz exited %d: %s' % (run.returncode,
                                                                  run.stderr[-800:]))
        with open(log, encoding='utf-8', errors='replace') as f:
            pairs = [l.rstrip('\n').split('\t', 1) for l in f if '\t' in l]
    ops = oracle_ops(o.oracle)
    lines, seen, refused, long_, skipped = [], set(), 0, 0, 0
    for req, ans in pairs:
        if req == SYNC or not req or req in seen:
            continue
        seen.add(req)
        if len(ans) > MAX_ANSWER:
            long_ += 1
            continue
        op, args = split_request(req)
        name = 'cute_' + op if 'cute_' + op in ops else op
        arg_text = ', '.join(yaml_str(a) for a in args)
        if ans.startswith('error'):
            refused += 1
            lines.append('- {op: %s, args: [%s], expect: "error", reason: %s}'
                         % (name, arg_text, yaml_str(ans[len('error: '):])))
        elif KNOWN_MARK in ans:
            skipped += 1
            lines.append('- {op: %s, args: [%s], expect: %s, skip: %s}'
                         % (name, arg_text, yaml_str(ans), yaml_str(KNOWN_REASON)))
        else:
            lines.append('- {op: %s, args: [%s], expect: %s}' % (name, arg_text, yaml_str(ans)))
    with open(o.out, 'w') as f:
        f.write('# CuTe C++ answers (static, CUTLASS %s) to the requests of\n'
                '# `fuzz --sut ... --layer cute --ops \'sw.*\' --cases %d --seed %s`\n'
                '# (gen/gen_sw_diff.c), made by tools/cute_swfuzz_corpus.py: %d cases, %d of '
                'them\n# refused by CuTe, %d skipped: CuTe\'s known answers (%d answers over %d '
                'bytes left out).\n'
                % (PINNED, o.cases, o.seed, len(lines), refused, skipped, long_, MAX_ANSWER))
        f.write('\n'.join(lines) + '\n')
    print('%s: %d cases (%d refused, %d skipped)' % (os.path.relpath(o.out, ROOT), len(lines),
                                                     refused, skipped))
    return 0


if __name__ == '__main__':
    sys.exit(main())
