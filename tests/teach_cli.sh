#!/usr/bin/env bash
# teach_cli.sh LAYOUTCHECK -- help and errors as a user meets them:
# `help COMMAND` is `COMMAND --help`, which gives every option's default
# and examples that paste into a shell and (for eval) run; a mistyped op,
# option or command gets the nearest names, `mode L 0` names CuTe's
# 0-based form, `show abc` says the ID is a number; the manual page
# renders without warnings; `make install` into a DESTDIR puts the
# program, the page and the bash completion in place, and the completion
# loads and completes.  Prints "N passed, N failed[, N skipped]".
set -u
export LC_ALL=C
cd "$(dirname "$0")/.." || exit 2
lc=${1:?usage: tests/teach_cli.sh LAYOUTCHECK}
lc=$(cd "$(dirname "$lc")" && pwd)/$(basename "$lc")
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
. tests/lib.sh

# --- help COMMAND, its defaults and examples ------------------------------
"$lc" help >"$tmp/help"
awk '/^commands:$/ { on = 1; next } on && /^  [a-z]/ { print $1 }' "$tmp/help" >"$tmp/commands"
same "the commands" "$(tr '\n' ' ' <"$tmp/commands")" \
  "help eval corpus fuzz replay check show triage list report merge lean gpu "
while IFS= read -r cmd; do
  [ "$cmd" = help ] && continue
  "$lc" help "$cmd" >"$tmp/a" 2>&1
  "$lc" "$cmd" --help >"$tmp/b" 2>&1
  if cmp -s "$tmp/a" "$tmp/b"; then ok; else bad "help $cmd differs from $cmd --help"; fi
  has "$cmd: options" '^options:$' "$tmp/a"
  has "$cmd: examples" '^examples:$' "$tmp/a"
  # every example parses as a shell command and starts with layoutcheck CMD
  sed -n '/^examples:$/,$p' "$tmp/a" | sed '1d; s/^  //' >"$tmp/ex"
  while IFS= read -r ex; do
    if bash -n -c "$ex" 2>/dev/null && grep -q "layoutcheck $cmd" <<<"$ex"; then ok; else
      bad "$cmd: example does not parse or does not run $cmd: $ex"
    fi
  done <"$tmp/ex"
done <"$tmp/commands"
"$lc" help fuzz >"$tmp/fuzz"
has_text "fuzz: --cases default" "generated cases per property (default: 1000" "$tmp/fuzz"
has_text "fuzz: --budget is a cap" "a cap on the whole run" "$tmp/fuzz"
has_text "fuzz: --db default" "(default: results.db found" "$tmp/fuzz"
# the examples of eval run as printed, quoting and all
"$lc" help eval | sed -n '/^examples:$/,$p' | sed '1d; s/^  //' >"$tmp/ex"
while IFS= read -r ex; do
  if LC="$lc" bash -c 'layoutcheck() { "$LC" "$@"; }; '"$ex" >"$tmp/out" 2>&1; then ok; else
    bad "eval example fails: $ex"
    shown "$tmp/out"
  fi
done <"$tmp/ex"
status 2 "help of no such command" "$lc" help fuzzz
has_text "help fuzzz: nearest" "did you mean fuzz?" "$tmp/err"
status 2 "a mistyped command" "$lc" evl size 4:1
has_text "evl: nearest" "did you mean eval?" "$tmp/err"

# --- errors that teach ------------------------------------------------------
# hint OP... : eval exits 1, stdout is the bare error line, stderr the hint
hint() {
  local want=$1
  shift
  status 1 "eval $*" "$lc" eval "$@"
  has "eval $*: the answer alone on stdout" "^error: " "$tmp/out"
  has_text "eval $*: hint" "$want" "$tmp/err"
}
hint "did you mean composition?" compose 4:1 2:1
hint "did you mean cute_get?" get '(2,3):(1,2)' 0
hint "did you mean cute_crd2idx?" crd2idx '(1,1)' '(2,3)' '(1,2)'
hint "did you mean coalesce?" coalesec 4:1
hint "did you mean complement?" complemnt 4:1
hint "cute_get L 0" mode '(2,3):(1,2)' 0
# and the form it names answers: get<0> of (2,3):(1,2) is its first mode, 2:1
status 0 "cute_get L 0" "$lc" eval cute_get '(2,3):(1,2)' 0
same "cute_get L 0" "$(cat "$tmp/out")" "2:1"
# no hint where there is nothing to say
status 1 "a refused argument" "$lc" eval coalesce '(2,3'
same "no hint for a syntax error" "$(cat "$tmp/err")" ""
status 2 "fuzz --seeed" "$lc" fuzz --seeed 1
has_text "fuzz --seeed: nearest" "did you mean --seed?" "$tmp/err"
status 2 "report --fromat" "$lc" report --fromat html
has_text "report --fromat: nearest" "did you mean --format?" "$tmp/err"
status 2 "eval --jsn" "$lc" eval --jsn size 4:1
has_text "eval --jsn: nearest" "did you mean --json?" "$tmp/err"
status 2 "show abc" "$lc" show abc --db "$tmp/none.db"
has_text "show abc: a number" "the ID must be a positive number, found 'abc'" "$tmp/err"
has_text "show abc: how to list" "layoutcheck report" "$tmp/err"

# --- the manual page --------------------------------------------------------
status 0 "help --man" "$lc" help --man
cp "$tmp/out" "$tmp/layoutcheck.1"
while IFS= read -r cmd; do
  has "man: a section for $cmd" "^\.SS $cmd\$" "$tmp/layoutcheck.1"
done <"$tmp/commands"
if command -v groff >/dev/null 2>&1; then
  groff -man -ww -z "$tmp/layoutcheck.1" >"$tmp/w" 2>&1
  same "man: groff warns of nothing" "$(cat "$tmp/w")" ""
else
  skip "groff is not installed: the manual page was not rendered"
fi
if command -v man >/dev/null 2>&1; then
  MANWIDTH=80 man -l "$tmp/layoutcheck.1" >"$tmp/page" 2>"$tmp/w"
  has "man -l renders the fuzz options" "^ *--budget SECONDS" "$tmp/page"
else
  skip "man is not installed: man -l was not run"
fi

# --- make install and the completion ---------------------------------------
d=$tmp/dest
if make -s install DESTDIR="$d" PREFIX=/opt/lc INSTALL_BIN="$lc" >"$tmp/out" 2>&1; then ok; else
  bad "make install"
  shown "$tmp/out"
fi
for f in bin/layoutcheck share/man/man1/layoutcheck.1 share/bash-completion/completions/layoutcheck; do
  if [ -s "$d/opt/lc/$f" ]; then ok; else bad "make install: no $f under DESTDIR/opt/lc"; fi
done
if [ -x "$d/opt/lc/bin/layoutcheck" ]; then ok; else bad "the installed program is not executable"; fi
if cmp -s "$d/opt/lc/share/man/man1/layoutcheck.1" "$tmp/layoutcheck.1"; then ok; else
  bad "the installed manual page is not help --man"
fi
# complete WORDS...: what the installed completion offers for the last word
complete_words() {
  PATH="$d/opt/lc/bin:$PATH" bash --norc -c '
    source "$1" || exit 3
    complete -p layoutcheck >/dev/null || exit 4
    shift
    COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
    _layoutcheck
    printf "%s\n" "${COMPREPLY[@]}"' _ "$d/opt/lc/share/bash-completion/completions/layoutcheck" "$@"
}
same "complete 'layoutcheck ev'" "$(complete_words layoutcheck ev)" "eval"
same "complete an op prefix" "$(complete_words layoutcheck eval cute_bl)" "cute_blocked_product"
same "complete an op after --json" "$(complete_words layoutcheck eval --json right_inv)" "right_inverse"
same "complete an option" "$(complete_words layoutcheck fuzz --bud)" "--budget"
same "complete help's command" "$(complete_words layoutcheck help tri)" "triage"
finish
