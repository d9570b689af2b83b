#!/usr/bin/env bash
# citations.sh -- the sources cite the paper by its own numbers
# (Definition 2.3.7.1, Algorithm 4.1.1, p.79), never by the numbering of a
# private index of it that users do not have: no "INDEX", no "INDEX.md", no
# catalogue numbers like "[134] Ex 3.1.2.15", no erratum codes like
# "fix E1" or "(D13)", no "§0.8" conventions and no seed-claim codes like
# "Lean L14".  Each pattern is first shown to find a planted example, so
# that a broken pattern fails rather than passes.  Prints "N passed, N failed".
set -u
cd "$(dirname "$0")/.." || exit 2
passed=0 failed=0
ok() { passed=$((passed + 1)); }
bad() {
  failed=$((failed + 1))
  echo "FAIL: $*"
}

# What is scanned: every source, script, corpus file and document.
dirs=(oracle gen properties store yaml sut lean report run cli gpu tests bench corpus tools fuzz
      adapters .ci docs)
files=(README.md CONFIG.yaml Makefile)
self=tests/citations.sh

# hits PATTERN: grep -E lines (FILE:LINE:TEXT) matching PATTERN, but for the
# allowed uses of the word INDEX (SQL's CREATE [UNIQUE] INDEX, the GPU results'
# column INDEX); this file itself is left out.
hits() {
  grep -rnIE --exclude-dir=.git -- "$1" "${dirs[@]}" "${files[@]}" 2>/dev/null |
    grep -v -e "^$self:" -e 'CREATE INDEX' -e 'CREATE UNIQUE INDEX' -e 'CHECK INDEX EXPECTED' -e 'INDEX the index'
}

# check NAME PATTERN PLANTED: PATTERN finds PLANTED, and nothing in the tree.
check() {
  local name=$1 pattern=$2 planted=$3 found
  if ! printf '%s\n' "$planted" | grep -qE -- "$pattern"; then
    bad "$name: the pattern does not find the planted '$planted'"
    return
  fi
  found=$(hits "$pattern")
  if [ -z "$found" ]; then ok; else
    bad "$name: cite the paper's own numbers instead:"
    printf '%s\n' "$found" | head -20
  fi
}

check "the index by name" '(^|[^A-Za-z0-9_])INDEX([^A-Za-z0-9_]|$)' \
  '/* Algorithm 4.1.1 with the fixes of INDEX.md E12 */'
check "catalogue numbers" \
  '\[[0-9]{1,3}\][ /,-]*(Def|Lemma|Prop|Ex|Obs|Theorem|Cor|Constr|Construction|Remark|Algorithm|Aside|Notation)' \
  '"[134] Ex 3.1.2.15, p.95"'
check "erratum and difference codes" '(fix|with|per) [EDA][0-9]{1,2}([^0-9.]|$)|\((E|D|A)[0-9]{1,2}\)' \
  'standard form (Def 3.1.2.12 with fix E1)'
check "convention numbers" '§0\.[0-9]' 'depth(()) is 1 (§0.11)'
check "seed-claim codes" '(Lean|ZH|§7) [LZ][0-9]{1,2}([^0-9]|$)' '/* Lean L14, coalesce_idempotent */'

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
