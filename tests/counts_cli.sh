#!/usr/bin/env bash
# counts_cli.sh LAYOUTCHECK -- every count agrees across every output: a
# run, failures triaged known, a theorem fixed, shards merged (twice), and
# after each step the console of `fuzz` and the text, HTML, JUnit and JSON
# reports read back (tests/report_counts.py) and compared with each other
# and with the counts computed from the database's tables in Python (the
# definitions of docs/reports.md, independent of the program).  Some
# counts are also known by hand at each step and checked as such.  The
# JSON reports are validated against docs/report.schema.json
# (tests/report_schema.py).  Needs python3.  Prints "N passed, N failed".
set -u
export LC_ALL=C
cd "$(dirname "$0")/.." || exit 2
lc=${1:?usage: tests/counts_cli.sh LAYOUTCHECK}
lc=$(cd "$(dirname "$lc")" && pwd)/$(basename "$lc")
here=$PWD
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
. tests/lib.sh
counts() { python3 "$here/tests/report_counts.py" "$@"; }
jsons=()

# agree STEP DB [CONSOLE]: the four reports of DB (and the console output
# CONSOLE of the run that made its last run) state the counts that its
# tables give; each format's keys are compared with the database's
agree() {
  local step=$1 db=$2 console=${3:-} f
  "$lc" report --db "$db" >"$step.txt" &&
    "$lc" report --db "$db" --format html --out "$step.html" &&
    "$lc" report --db "$db" --format junit --out "$step.xml" &&
    "$lc" report --db "$db" --format json --out "$step.json" || { bad "$step: a report failed"; return; }
  jsons+=("$PWD/$step.json")
  counts "$step" sql:"$db" json:"$step.json" text:"$step.txt" html:"$step.html" \
    junit:"$step.xml" ${console:+console:"$console"}
  for f in json text html junit ${console:+console}; do
    # each key the format states has the database's value
    local diffs
    diffs=$(join -t= "$step.$f.counts" "$step.sql.counts" | awk -F= '$2 != $3')
    if [ -z "$diffs" ] && [ -s "$step.$f.counts" ] && ! grep -q '^error' "$step.$f.counts" \
      && ! grep -q '^error' "$step.sql.counts"; then ok; else
      bad "$step: the $f output disagrees with the database (key=stated=table): $diffs"
      shown "$step.$f.counts"
    fi
  done
  # a conjecture listed refuted has an open counterexample (not only known ones)
  hasnt "$step: a conjecture listed refuted with none open" ' 0 open, smallest' "$step.txt"
  # the JSON report states every key the tables give
  same "$step: json states every count" "$(cut -d= -f1 "$step.json.counts")" \
    "$(cut -d= -f1 "$step.sql.counts")"
}

# key STEP NAME: the value of count NAME at STEP (from the tables)
key() { sed -n "s/^$2=//p" "$1.sql.counts"; }

cd "$tmp" || exit 2
# Two user theorems, false by hand (size(L) <= cosize(L) fails at 2:0, of
# size 2 and cosize 1; cosize(L) == 1 fails at 2:1), and the Lean
# conjectures, some of them refuted.
cat >t.yaml <<'YAML'
- name: lt.size_le_cosize
  forall: {L: layout}
  check: "size(L) <= cosize(L)"
  kind: theorem
- name: lt.strides_zero
  forall: {L: flat_layout}
  check: "cosize(L) == 1"
  kind: theorem
YAML
printf 'seed: 5\ncases: 300\nconjecture_files: [t.yaml]\n' >c.yaml
run() { "$lc" fuzz -v --config c.yaml --property 'l[te]*' "$@"; }

# 1. the first run: everything new
status 1 "run 1" run --db a.db
cp out run1.out
agree step1 a.db run1.out
same "step 1: nothing known or fixed yet" "$(key step1 known) $(key step1 fixed)" "0 0"
same "step 1: both user theorems failing" "$(key step1 theorems_failing)" 2
same "step 1: every counterexample new" "$(key step1 run_new)" "$(key step1 cex)"

# 2. one theorem's and one conjecture's counterexample triaged known: the
# run finds them again as known; a known row is neither open nor fixed
t_id=$(q a.db "select id from counterexamples where property = 'lt.strides_zero' limit 1")
c_id=$(q a.db "select id from counterexamples where kind = 'conjecture' order by id limit 1")
status 0 "triage a theorem's" "$lc" triage "$t_id" known --db a.db
status 0 "triage a conjecture's" "$lc" triage "$c_id" known --db a.db
status 1 "run 2" run --db a.db
cp out run2.out
agree step2 a.db run2.out
same "step 2: the two triaged rows found again as known" "$(key step2 run_known)" 2
same "step 2: known stored" "$(key step2 known)" 2
same "step 2: none fixed" "$(key step2 fixed)" 0
status 0 "show a known one" "$lc" show "$t_id" --config c.yaml --db a.db
has "show a known one: known, not open" "^counterexample #$t_id of lt.strides_zero (theorem), known$" out

# 3. lt.size_le_cosize corrected (size(L) >= 1 holds for every layout):
# its rows fixed; the known rows stay known, not fixed
n_fix=$(q a.db "select count(*) from counterexamples where property = 'lt.size_le_cosize'")
sed -i 's/check: "size(L) <= cosize(L)"/check: "size(L) >= 1"/' t.yaml
status 0 "run 3" run --db a.db
cp out run3.out
agree step3 a.db run3.out
same "step 3: the corrected theorem's rows fixed" "$(key step3 fixed) $(key step3 run_fixed)" "$n_fix $n_fix"
same "step 3: still 2 known" "$(key step3 known)" 2
same "step 3: no theorem failing" "$(key step3 theorems_failing)" 0
same "step 3: one theorem with known counterexamples only" "$(key step3 theorems_known)" 1
# the page's fixed list holds exactly the fixed rows (not the known ones)
has "step 3: fixed heading" "<h2 id=\"fixed\">Fixed counterexamples<small>$n_fix</small>" step3.html
has "step 3: known ones collapsed" '<details class="known"><summary>1 known counterexample of theorems' step3.html
# the page leads with the theorems, before what is new and the plot
first=$(grep -o '<h2 id="[a-z]*"' step3.html | head -n 1)
same "step 3: the first section is the theorems" "$first" '<h2 id="theorems"'

# 4. two shards of the same configuration, merged; merged again
for k in 1 2; do run --shard "$k/2" --db "s$k.db" >"shard$k.out" 2>&1; done
status 0 "merge" "$lc" merge s1.db s2.db --into m.db
agree step4 m.db
status 0 "merge again" "$lc" merge s1.db s2.db --into m.db
has "merge again: nothing changed" "^nothing changed: m.db held all of it already$" out
agree step5 m.db
same "step 5: the second merge changed no count" "$(cat step5.sql.counts)" "$(cat step4.sql.counts)"

# the JSON reports are valid against their schema
if python3 "$here/tests/report_schema.py" "$here/docs/report.schema.json" "${jsons[@]}" >schema.out 2>&1
then ok; else bad "a JSON report is not valid against docs/report.schema.json"; shown schema.out; fi
# and the schema is no rubber stamp: a count that is not a number fails it
python3 -c 'import json, sys
d = json.load(open(sys.argv[1])); d["counts"]["counterexamples"]["open"] = "3"
json.dump(d, open("broken.json", "w"))' step1.json
if python3 "$here/tests/report_schema.py" "$here/docs/report.schema.json" broken.json >schema.out 2>&1
then bad "a report with a string count passed the schema"; else ok; fi

finish
