"""What the Python adapters share: finding the package they wrap, the
request line's words, and the loop that answers requests.

An adapter reads requests "OP ARG ARG..." from stdin, one per line, and
answers each with one line on stdout, flushed (docs/protocol.md).
"""
import os
import sys


def find_dir(argv, flag, env, default):
    """The folder named by --FLAG DIR or --FLAG=DIR in argv, else by the
    environment variable env, else default."""
    opt = "--" + flag
    for i, a in enumerate(argv):
        if a == opt and i + 1 < len(argv):
            return argv[i + 1]
        if a.startswith(opt + "="):
            return a[len(opt) + 1:]
    return os.environ.get(env) or default


def load_pycute(where, shown, env):
    """Import the package `pycute` from the folder where; (module, None),
    or (None, why) naming the package as shown and the variable env."""
    if not os.path.isfile(os.path.join(where, "pycute", "__init__.py")):
        return None, "%s not found at %s (set %s)" % (shown, where, env)
    sys.path.insert(0, where)
    try:
        import pycute as mod
    except Exception as e:  # a broken copy: say so on every request
        return None, "%s at %s does not import (%s: %s)" % (
            shown, where, type(e).__name__, str(e).replace("\n", " "))
    return mod, None


def split(line):
    """Words at white space outside brackets ("-->" does not nest)."""
    words, depth, cur, i = [], 0, "", 0
    while i < len(line):
        c = line[i]
        if line.startswith("-->", i):
            cur += "-->"
            i += 3
            continue
        if c in "(<[":
            depth += 1
        elif c in ")>]":
            depth -= 1
        if c.isspace() and depth == 0:
            if cur:
                words.append(cur)
            cur = ""
        else:
            cur += c
        i += 1
    if cur:
        words.append(cur)
    return words


def serve(answer, load_error):
    """Answer each request line of stdin with answer(line) on one line of
    stdout, flushed; blank lines and comments get none.  Bytes that are not
    UTF-8, NUL bytes and an exception of answer are answered, never a stop.
    load_error (or None) is said once on stderr first."""
    if load_error:
        sys.stderr.write(load_error + "\n")
        sys.stderr.flush()
    for raw in sys.stdin.buffer:
        line = raw.decode("utf-8", "replace").replace("\0", " ").strip()
        if not line or line.startswith("#"):
            continue
        try:
            out = answer(line)
        except Exception as e:  # never stop on a bad line
            out = "error: adapter: %s: %s" % (type(e).__name__, e)
        sys.stdout.write(out.replace("\n", " ") + "\n")
        sys.stdout.flush()
