#!/bin/sh
# op_index.sh [LO_EVAL_C] -- write to stdout oracle/lo_eval_index.h, the
# hash table of the op names of oracle/lo_eval.c's op table, for its lookup
# by name (ev_op_index): op_slot[OP_SLOTS] holds 1 + a row of the table
# (0 for an empty slot), each name at the first free slot from its hash
# (linear probing), and op_name_len[] the length of each row's name.
# make writes the header again whenever lo_eval.c changes, so the table is
# constant data built before compiling, never at run time.
#
# The hash is op_hash of lo_eval.c, written again here (LO_EVAL_C's
# ev_op_index_check, run by tests/test_lo_eval_lookup.c, finds every op
# through the table, so the two cannot disagree unnoticed): the length
# and five of the name's bytes, each times its own odd 16-bit constant,
# modulo OP_SLOTS.  Every term stays below 2^27, exact in awk's doubles.
#
# A row of the table is a line whose first text is {{"NAME", between the
# line "static const op_row ops[] = {" and the next line "};".
set -eu
src="${1:-oracle/lo_eval.c}"
LC_ALL=C awk -v src="$src" '
  BEGIN { for (i = 1; i < 256; i++) ord[sprintf("%c", i)] = i; slots = 1024 }
  /^static const op_row ops\[\] = \{/ { inside = 1; next }
  inside && /^};/ { inside = 0 }
  inside && /^[ \t]*\{\{"/ {
    name = $0
    sub(/^[ \t]*\{\{"/, "", name)
    sub(/".*/, "", name)
    names[nops++] = name
  }
  # u(s, k): byte k (0-based) of s.
  function u(s, k) { return ord[substr(s, k + 1, 1)] }
  function hash(s,   n) {
    n = length(s)
    return (n * 40503 + u(s, 0) * 34283 + u(s, n - 1) * 49843 + u(s, int(n / 2)) * 10197 + \
            u(s, int(n * 3 / 4)) * 5719 + u(s, int(n / 4)) * 25033) % slots
  }
  END {
    if (nops == 0) { print "op_index.sh: no op table found in " src > "/dev/stderr"; exit 1 }
    if (nops * 4 > slots) { print "op_index.sh: more than " slots / 4 " ops" > "/dev/stderr"; exit 1 }
    longest = 0; probes = 0
    for (i = 0; i < nops; i++) {
      n = length(names[i])
      if (n == 0 || n > 255 || names[i] !~ /^[a-zA-Z0-9_]+$/) {
        print "op_index.sh: bad op name \"" names[i] "\" in " src > "/dev/stderr"; exit 1
      }
      if (n > longest) longest = n
      h = hash(names[i])
      for (p = 1; h in slot; p++) {
        if (names[slot[h]] == names[i]) {
          print "op_index.sh: " src " names the op " names[i] " twice" > "/dev/stderr"; exit 1
        }
        h = (h + 1) % slots
      }
      if (p > probes) probes = p
      slot[h] = i
    }
    print "/*"
    print "** lo_eval_index.h -- written by tools/op_index.sh from the op table of"
    print "** lo_eval.c (make writes it again whenever lo_eval.c changes; do not"
    print "** edit): the hash table of the op names for ev_op_index, linear probing"
    print "** from op_hash.  A slot holds 1 + the row of the op table, 0 when empty."
    printf "** %d ops in %d slots; the longest probe sequence is %d.\n", nops, slots, probes
    print "*/"
    printf "#define OP_SLOTS %d\n", slots
    printf "#define OP_INDEX_COUNT %d\n", nops
    printf "#define OP_NAME_MAX %d /* the longest name; longer text names no op */\n", longest
    print "static const short op_slot[OP_SLOTS] = {"
    for (h = 0; h < slots; h++) if (h in slot) printf "    [%d] = %d, /* %s */\n", h, slot[h] + 1, names[slot[h]]
    print "};"
    print "static const unsigned char op_name_len[OP_INDEX_COUNT] = {"
    for (i = 0; i < nops; i++) printf "    %d, /* %s */\n", length(names[i]), names[i]
    print "};"
  }' "$src"
