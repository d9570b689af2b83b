#!/usr/bin/env bash
# fuzz_console.sh LAYOUTCHECK -- the console report of `make fuzz` as a
# person reads it: a fresh run with the repository's CONFIG.yaml into a
# scratch database, checked for its structure (never its timings): under
# 120 lines (a table row per family, 32, and a line per refuted
# conjecture, 54), the table before the refuted conjectures, CuTe's
# contract breaks first among them, every family explained, the summary and next:
# lines; failures triaged known counted and not listed; -q; -v; no escape
# bytes when piped or with NO_COLOR, colour with --color=always;
# --duration; CONFIG.yaml and results.db found from a subdirectory (fuzz,
# show, report, replay, triage).
# Prints "N passed, N failed".
set -u
cd "$(dirname "$0")/.." || exit 2
lc=${1:?usage: tests/fuzz_console.sh LAYOUTCHECK}
lc=$(cd "$(dirname "$lc")" && pwd)/$(basename "$lc")
repo=$(pwd)
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
. tests/lib.sh
esc=$(printf '\033')

# 1. a fresh run of the repository's configuration, as `make fuzz` runs it
status 0 "fresh fuzz" "$lc" fuzz --config CONFIG.yaml --db "$tmp/r.db"
cp "$tmp/out" "$tmp/fresh.out"
f=$tmp/fresh.out
lines=$(wc -l <"$f")
if [ "$lines" -lt 120 ]; then ok; else bad "fresh fuzz: $lines lines, expected under 120"; fi
has "header: the database" "^seed 20261121, 2000 cases per property, results in $tmp/r.db (run 1)$" "$f"
has "header: the configuration" "^configuration: CONFIG.yaml$" "$f"
line_of() { grep -n -m1 -- "$1" "$f" | cut -d: -f1; }
table=$(line_of '^family  *theorems  *conjectures  *cases')
conj=$(line_of '^refuted conjectures, by family')
cute=$(line_of '^cute\.\* ')
lean=$(line_of '^lean\.\* ')
summary=$(line_of '^summary: theorems: [0-9]* held, 0 failing, 0 known; conjectures: [0-9]* refuted (cute 7, .*), 0 known$')
if [ -n "$table" ] && [ -n "$conj" ] && [ "$table" -lt "$conj" ]; then ok; else
  bad "fresh fuzz: the table (line $table) does not come before the conjectures (line $conj)"
fi
if [ -n "$cute" ] && [ -n "$lean" ] && [ "$conj" -lt "$cute" ] && [ "$cute" -lt "$lean" ]; then ok; else
  bad "fresh fuzz: CuTe's contracts (line $cute) are not the first family (lean at $lean)"
fi
if [ -n "$summary" ] && [ "$summary" -gt "$lean" ]; then ok; else bad "fresh fuzz: no summary after the list"; fi
# CuTe's two contract breaks named in the issue, one line each, shrunk as
# CuTe C++ prints them (corpus/cute_cpp holds CuTe's own answers)
has "cute: left_inverse" "^  #[0-9]* *cute\.left_inverse_contract  *new  *cute_left_inverse (2,3):(2,1): " "$f"
has "cute: complement" "^  #[0-9]* *cute\.complement_contract  *new  *cute_complement " "$f"
# each family of conjectures explained once
for fam in cute lean zh tuple torchlean user; do
  same "family $fam explained once" "$(grep -c "^$fam\.\* [a-zA-Z]" "$f")" 1
done
# one line per refuted conjecture: no property listed twice, no detail lines
same "one line per property" "$(grep -E '^  #[0-9]+ ' "$f" | awk '{print $2}' | sort | uniq -d)" ""
hasnt "no detail lines" "^  reproduce: \|^  replay: \|^refuted [a-z_]*\." "$f"
# the counts agree with the database
rows=$(q "$tmp/r.db" "select count(*) from counterexamples")
has "counts" "^counterexamples this run: new $rows, still open 0, known 0, fixed 0$" "$f"
props=$(q "$tmp/r.db" "select count(distinct property) from counterexamples")
same "listed properties" "$(grep -c -E '^  #[0-9]+ ' "$f")" "$props"
has "next" "^next: layoutcheck show --db $tmp/r.db ID .*layoutcheck report --db $tmp/r.db.*layoutcheck triage ID known" "$f"
hasnt_text "piped: no escape bytes" "$esc" "$f"

# 2. CuTe's contract rows triaged known: counted, not listed
"$lc" triage known --property 'cute.*' --db "$tmp/r.db" >/dev/null 2>&1
known=$(q "$tmp/r.db" "select count(*) from counterexamples where triage = 'known'")
if [ "$known" -ge 3 ]; then ok; else bad "triage: $known rows known, expected 3 or more"; fi
status 0 "after triage" "$lc" fuzz --config CONFIG.yaml --db "$tmp/r.db" --property 'cute.*'
hasnt "known rows not listed" "cute\.[a-z_]*_contract  *\(new\|still open\)" "$tmp/out"
has "known rows counted" "^counterexamples this run: new 0, still open 0, known $known, fixed 0$" "$tmp/out"
has "known properties counted" "^summary: theorems: 1 held, 0 failing, 0 known; conjectures: 0 refuted, 7 known$" "$tmp/out"

# 3. -q: only what is new or still open (here the lean.* rows, still open)
status 0 "-q" "$lc" fuzz --config CONFIG.yaml --db "$tmp/r.db" --property 'lean.*' -q
hasnt "-q: no header, no table" "^seed \|^configuration: \|^family \|^summary: \|^next: " "$tmp/out"
has "-q: the open rows" "^  #[0-9]* *lean\.complement_involution  *still open " "$tmp/out"
has "-q: the counts" "^counterexamples this run: new 0, still open [1-9][0-9]*, known 0, fixed 0$" "$tmp/out"
status 0 "-q, cute" "$lc" fuzz --config CONFIG.yaml --db "$tmp/r.db" --property 'cute.*' -q
same "-q: known only: one line" "$(cat "$tmp/out")" "counterexamples this run: new 0, still open 0, known $known, fixed 0"

# a theorem that is false (by hand: size(2:0) = 2 > cosize(2:0) = 1) is
# listed under the theorem failures, before any conjecture, and exits 1
printf -- '- name: lt.size_le_cosize\n  forall: {L: layout}\n  check: "size(L) <= cosize(L)"\n  kind: theorem\n' >"$tmp/t.yaml"
printf 'seed: 5\ncases: 300\nconjecture_files: ["%s"]\n' "$tmp/t.yaml" >"$tmp/t_cfg.yaml"
status 1 "a theorem fails" "$lc" fuzz --config "$tmp/t_cfg.yaml" --db "$tmp/t.db" --property 'lt.*'
has "theorem failures: heading" "^failing theorems" "$tmp/out"
has "theorem failures: the row" "^  #1 *lt\.size_le_cosize  *new  " "$tmp/out"
has "theorem failures: summary" "^summary: theorems: 0 held, 1 failing, 0 known; conjectures: 0 refuted, 0 known$" "$tmp/out"

# 4. -v keeps the detail: a row per property, each counterexample in full
status 0 "-v" "$lc" fuzz --config CONFIG.yaml --db "$tmp/v.db" --property 'cute.*' -v
has "-v: the property table" "^property  *kind  *cases  *passed" "$tmp/out"
has "-v: a row" "^cute\.right_inverse_contract  *theorem " "$tmp/out"
has "-v: a counterexample in full" "^  reproduce: layoutcheck check cute\.left_inverse_contract 'L=(2,3):(2,1)'$" "$tmp/out"
has "-v: the tally" "^new [0-9]*, still open 0, known 0, fixed 0$" "$tmp/out"

# 5. colour: never when piped or with NO_COLOR, always with --color=always
status 0 "--color=always" "$lc" fuzz --config CONFIG.yaml --db "$tmp/c.db" --property 'cute.*' --color=always
has_text "--color=always: escapes" "$esc[" "$tmp/out"
status 0 "NO_COLOR" env NO_COLOR=1 "$lc" fuzz --config CONFIG.yaml --db "$tmp/c.db" --property 'cute.*' --color=auto
hasnt_text "NO_COLOR: no escapes" "$esc" "$tmp/out"
status 0 "--color=never" "$lc" fuzz --config CONFIG.yaml --db "$tmp/c.db" --property 'cute.*' --color=never
hasnt_text "--color=never: no escapes" "$esc" "$tmp/out"
if command -v script >/dev/null 2>&1; then # a terminal: colour by default
  script -q -e -c "'$lc' fuzz --config CONFIG.yaml --db '$tmp/c.db' --property 'cute.*'" /dev/null >"$tmp/tty.out" 2>&1
  has_text "a terminal: escapes" "$esc[" "$tmp/tty.out"
  NO_COLOR=1 script -q -e -c "'$lc' fuzz --config CONFIG.yaml --db '$tmp/c.db' --property 'cute.*'" /dev/null >"$tmp/tty.out" 2>&1
  hasnt_text "a terminal with NO_COLOR: no escapes" "${esc}[1m" "$tmp/tty.out"
else
  skip "colour on a terminal: script(1) is not installed"
fi
status 2 "--color=sometimes" "$lc" fuzz --config CONFIG.yaml --db "$tmp/c.db" --color=sometimes
has_text "--color: the words" "--color: expected auto, always or never, found 'sometimes'" "$tmp/err"

# 6. --duration: runs until the time, where --budget is a cap; not both
status 0 "--duration" "$lc" fuzz --config CONFIG.yaml --db "$tmp/d.db" --property 'coalesce.*' --duration 2
has "--duration: header" "^seed 20261121, running for 2 s, results in " "$tmp/out"
cases=$(q "$tmp/d.db" "select sum(cases) from run_properties")
if [ "$cases" -gt 6000 ]; then ok; else bad "--duration 2: $cases cases, expected more than cases: 2000 x 3"; fi
status 2 "--duration and --budget" "$lc" fuzz --config CONFIG.yaml --db "$tmp/d.db" --duration 2 --budget 3
status 2 "--duration 0" "$lc" fuzz --config CONFIG.yaml --db "$tmp/d.db" --duration 0

# 7. from a subdirectory: CONFIG.yaml and results.db found upward, up to
# the top of a checkout (.git); LAYOUTCHECK_CONFIG and LAYOUTCHECK_DB
mkdir -p "$tmp/proj/.git" "$tmp/proj/a/b"
printf 'seed: 3\ncases: 20\nproperty: "coalesce.*"\nconjectures: false\n' >"$tmp/proj/CONFIG.yaml"
cd "$tmp/proj/a/b" || exit 2
status 2 "show: no results.db yet" "$lc" show 1
has_text "show: where it looked" "results.db: not found in $tmp/proj/a/b and the directories above it up to $tmp/proj;" "$tmp/err"
status 2 "report: no results.db yet" "$lc" report
has_text "report: where it looked" "not found in $tmp/proj/a/b and the directories above it up to $tmp/proj;" "$tmp/err"
status 2 "triage: no results.db yet" "$lc" triage 1 known
has_text "triage: where it looked" "results.db: not found in $tmp/proj/a/b and the directories above it up to $tmp/proj;" "$tmp/err"
if [ ! -e results.db ] && [ ! -e "$tmp/proj/results.db" ]; then ok; else bad "triage: made a results.db"; fi
status 0 "fuzz from a subdirectory" "$lc" fuzz
has "fuzz: the configuration found" "^configuration: $tmp/proj/CONFIG.yaml$" "$tmp/out"
has "fuzz: results.db beside it" "results in $tmp/proj/results.db (run 1)$" "$tmp/out"
if [ -f "$tmp/proj/results.db" ] && [ ! -e results.db ]; then ok; else bad "fuzz: results.db not in $tmp/proj"; fi
cp "$tmp/r.db" "$tmp/proj/results.db"
status 0 "show from a subdirectory" "$lc" show 1
has "show: the row" "lean\.complement_involution" "$tmp/out"
status 0 "report from a subdirectory" "$lc" report
status 0 "triage from a subdirectory" "$lc" triage 1 known --note 'found upward'
if [ "$(q "$tmp/proj/results.db" "select triage || ' ' || note from counterexamples where id = 1")" = "known found upward" ]; then ok; else bad "triage: the row in $tmp/proj/results.db is not marked known"; fi
status 0 "replay from a subdirectory" "$lc" replay --property 'coalesce.*'
status 0 "LAYOUTCHECK_DB" env LAYOUTCHECK_DB="$tmp/v.db" "$lc" show 1
has "LAYOUTCHECK_DB: that database" "cute\." "$tmp/out"
printf 'seed: 4\ncases: 10\nproperty: "coalesce.idempotent"\nconjectures: false\n' >"$tmp/other.yaml"
status 0 "LAYOUTCHECK_CONFIG" env LAYOUTCHECK_CONFIG="$tmp/other.yaml" "$lc" fuzz --db "$tmp/e.db"
has "LAYOUTCHECK_CONFIG: that file" "^configuration: $tmp/other.yaml$" "$tmp/out"
has "LAYOUTCHECK_CONFIG: its seed" "^seed 4, 10 cases" "$tmp/out"
status 0 "--config over LAYOUTCHECK_CONFIG" env LAYOUTCHECK_CONFIG="$tmp/other.yaml" "$lc" fuzz --config "$tmp/proj/CONFIG.yaml" --db "$tmp/e.db"
has "--config wins" "^seed 3, 20 cases" "$tmp/out"
cd "$repo" || exit 2

finish
