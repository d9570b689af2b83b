# lib.sh -- what the command-line test scripts share, sourced by them
# after they have set $tmp (a scratch directory): the counts of checks,
# the checks themselves, and the summary line that tests/run.sh reads.

passed=0 failed=0 skipped=0
ok() { passed=$((passed + 1)); }
bad() { failed=$((failed + 1)); echo "FAIL: $*"; }
skip() { skipped=$((skipped + 1)); echo "skipped: $*"; }

# shown FILE: FILE's first 40 lines, indented, after a failed check.
shown() { sed -n 's/^/  | /; 1,40p' "$1"; }

# status WANT NAME CMD...: CMD exits with WANT; its stdout is $tmp/out, its
# stderr $tmp/err.
status() {
  local want=$1 name=$2
  shift 2
  "$@" >"$tmp/out" 2>"$tmp/err"
  local got=$?
  if [ "$got" -eq "$want" ]; then ok; else
    bad "$name: exit $got, expected $want"
    shown "$tmp/out"
    shown "$tmp/err"
  fi
}

# has NAME RE FILE, hasnt NAME RE FILE: a line of FILE matches the basic
# regular expression RE, or none does; has_text and hasnt_text take a
# fixed string instead, has_ere and hasnt_ere an extended expression.
has() { if grep -q -- "$2" "$3"; then ok; else bad "$1: no '$2' in $3"; shown "$3"; fi; }
hasnt() { if grep -q -- "$2" "$3"; then bad "$1: '$2' in $3"; shown "$3"; else ok; fi; }
has_text() { if grep -q -F -- "$2" "$3"; then ok; else bad "$1: no '$2' in $3"; shown "$3"; fi; }
hasnt_text() { if grep -q -F -- "$2" "$3"; then bad "$1: '$2' in $3"; shown "$3"; else ok; fi; }
has_ere() { if grep -q -E -- "$2" "$3"; then ok; else bad "$1: no '$2' in $3"; shown "$3"; fi; }
hasnt_ere() { if grep -q -E -- "$2" "$3"; then bad "$1: '$2' in $3"; shown "$3"; else ok; fi; }

# same NAME GOT WANT: two texts are equal.
same() { if [ "$2" = "$3" ]; then ok; else bad "$1: got '$2', expected '$3'"; fi; }

# q DB SQL: the rows of one query, columns joined by |, with the sqlite3
# shell or Python's sqlite3 module.
q() {
  if command -v sqlite3 >/dev/null 2>&1; then
    sqlite3 "$1" "$2"
  else
    python3 -c 'import sqlite3, sys
for row in sqlite3.connect(sys.argv[1]).execute(sys.argv[2]):
    print("|".join("" if v is None else str(v) for v in row))' "$1" "$2"
  fi
}

# finish: print "N passed, N failed[, N skipped]" and return 1 when a
# check failed.
finish() {
  if [ "$skipped" -gt 0 ]; then
    echo "$passed passed, $failed failed, $skipped skipped"
  else
    echo "$passed passed, $failed failed"
  fi
  [ "$failed" -eq 0 ]
}
