#!/usr/bin/env bash
# help_cli.sh LAYOUTCHECK -- the commands table of docs/commands.md and
# the program's --help texts name the same options.  For every command of the program's
# own table (`layoutcheck help`, printed from cli/main.c), `COMMAND --help`
# exits 0 and every --option it prints is in the first cell of a row of
# that table for that command, and every --option of those rows is in what
# --help prints; the rows `layoutcheck COMMAND --help` and
# `layoutcheck --version` are checked against `layoutcheck help`.
# Prints "N passed, N failed".
set -u
cd "$(dirname "$0")/.." || exit 2
lc=${1:?usage: tests/help_cli.sh LAYOUTCHECK}
doc=docs/commands.md
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
passed=0 failed=0
ok() { passed=$((passed + 1)); }
bad() {
  failed=$((failed + 1))
  echo "FAIL: $*"
}

# The first cells of the table of the "## Commands" section of $doc (up to
# its first subsection), one per line.
awk '/^## Commands$/ { on = 1; next } /^#/ { on = 0 }
     on && /^\| `/ { sub(/^\| /, ""); sub(/ \| .*$/, ""); print }' "$doc" >"$tmp/cells"
if [ -s "$tmp/cells" ]; then ok; else bad "no table found under '## Commands' in $doc"; fi

# table_options CMD: the --options of the cells that document CMD, one per
# line, sorted.  A cell documents CMD when one of its `...` spans starts
# with "layoutcheck CMD" or "CMD" (`eval --batch` in the row of eval);
# CMD "" is the rows of no command: `layoutcheck COMMAND --help` and
# `layoutcheck --version`.
table_options() {
  local cmd=$1
  while IFS= read -r cell; do
    grep -oE '`[^`]*`' <<<"$cell" | tr -d '`' | while IFS= read -r span; do
      local first
      first=$(sed -E 's/^layoutcheck //; s/ .*//' <<<"$span")
      case $first in COMMAND | --*) first= ;; esac
      if [ "$first" = "$cmd" ]; then grep -oE -- '--[a-z][a-z0-9-]*' <<<"$span"; fi
    done
  done <"$tmp/cells" | sort -u
}

# The commands, from the program's own table.
"$lc" help >"$tmp/help" 2>&1
awk '/^commands:$/ { on = 1; next } on && /^  [a-z]/ { print $1 }' "$tmp/help" >"$tmp/commands"
if [ "$(wc -l <"$tmp/commands")" -ge 5 ]; then ok; else
  bad "'layoutcheck help' lists too few commands"
  cat "$tmp/help"
fi

while IFS= read -r cmd; do
  if [ "$cmd" = help ]; then # the usage lines, not the table of commands
    section=
    sed '/^commands:$/,$d' "$tmp/help" >"$tmp/usage"
  else
    section=$cmd
    if "$lc" "$cmd" --help >"$tmp/usage" 2>&1; then ok; else bad "$cmd --help: exit status $?"; fi
  fi
  grep -oE -- '--[a-z][a-z0-9-]*' "$tmp/usage" | sort -u >"$tmp/printed"
  # the command's line in the table of `layoutcheck help` names only
  # options its --help prints
  awk -v c="$cmd" '/^commands:$/ { on = 1; next } on && $1 == c' "$tmp/help" |
    grep -oE -- '--[a-z][a-z0-9-]*' | sort -u >"$tmp/line"
  stray=$(comm -13 "$tmp/printed" "$tmp/line")
  if [ -z "$stray" ]; then ok; else
    for o in $stray; do bad "${cmd}: $o is in its line of 'layoutcheck help' but not in its --help"; done
  fi
  table_options "$section" >"$tmp/documented"
  missing=$(comm -23 "$tmp/printed" "$tmp/documented")
  extra=$(comm -13 "$tmp/printed" "$tmp/documented")
  if [ -z "$missing" ]; then ok; else
    for o in $missing; do
      bad "${cmd}: $o is printed by '${section:+$section }--help' but not documented in the commands table of $doc"
    done
  fi
  if [ -z "$extra" ]; then ok; else
    for o in $extra; do
      bad "${cmd}: $o is in the commands table of $doc but not printed by '${section:+$section }--help'"
    done
  fi
done <"$tmp/commands"

# The check itself finds a difference: an option the table lacks.
printf '| `layoutcheck fuzz [--seed N]` | x |\n' >"$tmp/cells"
if [ "$(table_options fuzz)" = "--seed" ] && [ -z "$(table_options replay)" ]; then ok; else
  bad "table_options does not read a planted row"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
