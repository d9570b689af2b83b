#!/usr/bin/env bash
# report_cli.sh LAYOUTCHECK -- `layoutcheck report` on real databases: the
# text format has the expected lines; the JUnit format is well-formed XML
# with the attributes CI dashboards need, a failure per open counterexample
# of a theorem and a skip per refuted conjecture; the HTML format is one
# file with inline SVG pictures and nothing fetched from elsewhere; text
# that needs escaping stays well-formed; a missing, damaged or empty
# database gives a clear answer.  Needs python3.  Prints "N passed, N failed".
set -u
export LC_ALL=C
cd "$(dirname "$0")/.." || exit 2
lc=${1:?usage: tests/report_cli.sh LAYOUTCHECK}
lc=$(cd "$(dirname "$lc")" && pwd)/$(basename "$lc")
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
. tests/lib.sh
# check NAME CMD...: one pass when CMD succeeds
check() {
  local name=$1
  shift
  if "$@"; then ok; else bad "$name"; fi
}

# junit_ok FILE THEOREM_FAILURES: FILE parses as XML; testsuites > testsuite >
# testcase, each testcase with name, classname and time, each failure with
# message and type; the counts in the attributes match the elements; as many
# failure elements as given
junit_ok() {
  if command -v xmllint >/dev/null 2>&1 && ! xmllint --noout "$1"; then return 1; fi
  python3 - "$1" "$2" <<'EOF'
import sys, xml.dom.minidom
doc = xml.dom.minidom.parse(sys.argv[1])
root = doc.documentElement
assert root.tagName == "testsuites", root.tagName
suites = root.getElementsByTagName("testsuite")
assert len(suites) == 1
suite = suites[0]
for a in ("name", "tests", "failures", "errors", "time", "timestamp"):
    assert suite.hasAttribute(a), a
cases = suite.getElementsByTagName("testcase")
assert int(suite.getAttribute("tests")) == len(cases) == int(root.getAttribute("tests"))
for c in cases:
    for a in ("name", "classname", "time"):
        assert c.getAttribute(a), (a, c.toxml()[:200])
    float(c.getAttribute("time"))
fails = suite.getElementsByTagName("failure")
for f in fails:
    assert f.getAttribute("message") and f.getAttribute("type"), f.toxml()[:200]
failing = [c for c in cases if c.getElementsByTagName("failure")]
skipped = [c for c in cases if c.getElementsByTagName("skipped")]
assert int(suite.getAttribute("failures")) == len(failing)
assert int(suite.getAttribute("skipped")) == len(skipped)
assert len(fails) == int(sys.argv[2]), (len(fails), sys.argv[2])
EOF
}

# html_ok FILE [nosvg]: one self-contained page (with inline SVG unless nosvg)
html_ok() {
  head -c 15 "$1" | grep -q '<!DOCTYPE html>' && grep -q '<style>' "$1" &&
    { [ "${2:-}" = nosvg ] || grep -q '<svg' "$1"; } &&
    ! grep -q -i -E 'https?:|src=|<link|<script|<img|url\(|@import|href="[^#]' "$1"
}

cfg=$PWD/CONFIG.yaml
here=$PWD
cd "$tmp" || exit 2
# a theorem that is false, so that the database holds a theorem failure
cat >false.yaml <<'EOF'
- name: lt.size_le_cosize
  forall: {L: layout}
  check: "size(L) <= cosize(L)"
  kind: theorem
EOF
printf 'cases: 200\nconjecture_files: [false.yaml]\n' >cfg.yaml

status 0 "first run" "$lc" fuzz -v --config "$cfg" --property 'lean.*' --seed 1 --cases 200 --db r.db
status 1 "second run" "$lc" fuzz -v --config cfg.yaml --property 'l*' --seed 2 --db r.db
has "second run" "FAILED lt.size_le_cosize" out

# --- text -------------------------------------------------------------------
status 0 "text" "$lc" report --db r.db
cp out text.out
has "text" "^layoutcheck report of r.db" text.out
has "text" "^2 runs, from " text.out
has "text" "^last run 2: started " text.out
has "text" "^properties of run 2" text.out
has "text" "^lt.size_le_cosize  *theorem  *[0-9]" text.out
has "text" "^runs, oldest first" text.out
has "text" "^trend per property: cases/failed in runs 1 2" text.out
has "text" "^open counterexamples: [0-9]" text.out
has "text" "L = (2,2):(2,1), N = 4" text.out
has "text" "appeared at .* (run 1, the first run of lean.complement_involution on record)" text.out
# seen once per failing case of its signature in run 2 (a run goes on
# after a failure and counts the repeats on the stored row)
has "text" "^#[0-9]* lt.size_le_cosize (theorem), seen [0-9]* time" text.out
has "text" "^what the last run (2) found: new 1, still open [0-9]*, known 0, fixed 0" text.out
has "text" "^refuted conjectures" text.out
has "text" "^lean.complement_involution  *1 open, smallest" text.out
status 0 "text, db from the configuration" "$lc" report --config cfg.yaml --db r.db
# a fixed counterexample: the false theorem made true shows it fixed
printf -- '- name: lt.size_le_cosize\n  forall: {L: layout}\n  check: "size(L) >= 1"\n  kind: theorem\n' \
  >false.yaml
status 0 "replay fixes" "$lc" replay --config cfg.yaml --property 'lt.*' --db r.db
status 0 "text after the fix" "$lc" report --db r.db
has "text after the fix" "^fixed counterexamples: 1" out
has "text after the fix" "fixed .*, between .* (run 2, last failing) and .* (run 2)" out
cp text.out out

# --- junit --------------------------------------------------------------------
status 0 "junit" "$lc" report --db r.db --format junit --out r.xml
if [ ! -s out ]; then ok; else bad "junit --out wrote on stdout"; fi
check "junit is valid, no theorem failure open" junit_ok r.xml 0
has "junit" '<testcase name="lean.complement_involution" classname="layoutcheck.conjecture"' r.xml
has "junit" '<skipped message="conjecture refuted: ' r.xml
# put the theorem failure back: one failure element
printf -- '- name: lt.size_le_cosize\n  forall: {L: layout}\n  check: "size(L) <= cosize(L)"\n  kind: theorem\n' \
  >false.yaml
status 1 "third run" "$lc" fuzz -v --config cfg.yaml --property 'lt.*' --seed 3 --db r.db
status 0 "junit with a failure" "$lc" report --db r.db --format junit --out r.xml
check "junit is valid, one theorem failure" junit_ok r.xml 1
has "junit" '<failure message="#[0-9]* size ' r.xml
has "junit" 'type="counterexample"' r.xml
# the suite leads with what the last run found
has "junit" '<properties>' r.xml
has "junit: what is new first" '<property name="new" value="[0-9]*"/>' r.xml
has "junit" '<property name="still_open" value="[0-9]*"/>' r.xml
# the failure triaged known: no longer a failure of the suite
id=$(sed -n 's/.*<failure message="#\([0-9]*\) size .*/\1/p' r.xml | head -n 1)
status 0 "triage the failure" "$lc" triage "$id" known --db r.db
status 0 "junit, failure known" "$lc" report --db r.db --format junit --out rk.xml
check "junit is valid, the failure known" junit_ok rk.xml 0
status 0 "triage back" "$lc" triage "$id" open --db r.db

# --- html -------------------------------------------------------------------
status 0 "html" "$lc" report --db r.db --format html --out r.html
check "html is self-contained with svg" html_ok r.html
has "html" '<svg class="grid"' r.html
has "html" '<svg class="morph"' r.html
has "html" '<svg class="trend"' r.html
has "html" 'id="cex-1"' r.html
has "html" 'lt.size_le_cosize' r.html
has "html: what is new first" '<h2 id="news">What run [0-9]* found' r.html

# --- escaping ---------------------------------------------------------------
cp r.db esc.db
python3 -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("update counterexamples set message = ?, sut = ? where id = 1",
           ("a<b & \"c\" '"'"'d'"'"' \x01 \xff]]> </failure>", "tool <&> \x7f"))
db.execute("update counterexamples set message = cast(? as text) where id = 2",
           (b"bad utf-8 \xc3\x28 \xed\xa0\x80 end",))
db.execute("update counterexamples set status = ? where id = 1", ("open",))
db.execute("update runs set started = started || ?, seed = ? where id = 3", ("<script>", "1\"><b>"))
db.commit()' esc.db
status 0 "junit escaping" "$lc" report --db esc.db --format junit --out esc.xml
check "junit with odd text is valid" junit_ok esc.xml 1
# the same text in the failure of the last run's failing property: escaped
# (attribute and text), a control byte and a broken byte as U+FFFD
python3 -c 'import sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.execute("update counterexamples set message = cast(? as text) where id = (select max(id) from counterexamples)",
           (b"a<b & \"c\" \x01 \xff]]> </failure>",))
db.commit()' esc.db
status 0 "junit escaping, failure" "$lc" report --db esc.db --format junit --out esc2.xml
check "junit with odd text in a failure is valid" junit_ok esc2.xml 1
has "junit escaping, attribute" $'message="#[0-9]* size 2:0: a&lt;b &amp; &quot;c&quot; \xef\xbf\xbd \xef\xbf\xbd]]&gt; &lt;/failure&gt;"' esc2.xml
has "junit escaping, text" $'^a&lt;b &amp; &quot;c&quot; \xef\xbf\xbd \xef\xbf\xbd]]&gt; &lt;/failure&gt;$' esc2.xml
status 0 "html escaping" "$lc" report --db esc.db --format html --out esc.html
check "html with odd text is self-contained" html_ok esc.html
hasnt_ere "html escaping" '</failure>|a<b|1"><b>|<script' esc.html
has "html escaping" 'a&lt;b &amp; &quot;c&quot;' esc.html
status 0 "text escaping" "$lc" report --db esc.db
# JSON: strict UTF-8 whatever the database holds, and valid against its schema
status 0 "json escaping" "$lc" report --db esc.db --format json --out esc.json
check "json with odd text is UTF-8 JSON" python3 -c 'import json, sys
d = json.loads(open(sys.argv[1], "rb").read().decode("utf-8", "strict"))
assert any("a<b & \"c\"" in (c["message"] or "") for c in d["counterexamples"])' esc.json
check "json with odd text is valid" python3 "$here/tests/report_schema.py" \
  "$here/docs/report.schema.json" esc.json

# --- empty, missing and damaged databases; usage ----------------------------
status 0 "empty database" "$lc" replay --config "$cfg" --db empty.db
status 0 "report of no runs" "$lc" report --db empty.db
has "report of no runs" "^no runs recorded" out
status 0 "junit of no runs" "$lc" report --db empty.db --format junit --out empty.xml
check "junit of no runs is valid" junit_ok empty.xml 0
status 0 "html of no runs" "$lc" report --db empty.db --format html --out empty.html
check "html of no runs" html_ok empty.html nosvg
status 0 "json of no runs" "$lc" report --db empty.db --format json --out empty.json
check "json of no runs is valid" python3 "$here/tests/report_schema.py" \
  "$here/docs/report.schema.json" empty.json
has "json of no runs: no last run" '"last_run": null' empty.json
status 2 "missing database" "$lc" report --db none.db
has "missing database" "none.db: cannot open" err
if [ ! -e none.db ]; then ok; else bad "report created a database"; fi
printf 'not a database' >junk.db
status 2 "damaged database" "$lc" report --db junk.db
has "damaged database" "junk.db" err
status 2 "unknown format" "$lc" report --db r.db --format pdf
has "unknown format" "expected text, junit, html or json" err
status 2 "unknown argument" "$lc" report --db r.db --verbose
status 2 "missing value" "$lc" report --db
status 2 "unwritable output" "$lc" report --db r.db --out no/such/dir/r.html

# --- --out: a temporary file of its own beside the target, devices in place --
# a link planted at the fixed name the report used to write through: not
# followed (its target keeps its text), the report lands at the path
printf 'victim\n' >victim.txt
ln -s victim.txt rep.txt.tmp
status 0 "--out, a link planted at PATH.tmp" "$lc" report --db r.db --out rep.txt
same "--out, a link planted at PATH.tmp: its target untouched" "$(cat victim.txt)" victim
has "--out, a link planted at PATH.tmp: the report written" "^layoutcheck report of r.db" rep.txt
if [ -L rep.txt.tmp ] && [ ! -L rep.txt ]; then ok; else bad "--out: the planted link was replaced"; fi
# a link named as the target: the file it names replaced, the link kept;
# the mode of a file replaced is kept
printf 'old\n' >real.txt
chmod 640 real.txt
ln -s real.txt link.txt
status 0 "--out, a link to a file" "$lc" report --db r.db --out link.txt
if [ -L link.txt ]; then ok; else bad "--out, a link to a file: the link was replaced"; fi
has "--out, a link to a file: the file written" "^layoutcheck report of r.db" real.txt
same "--out, a link to a file: its mode kept" "$(stat -c %a real.txt)" 640
status 2 "--out, a directory" "$lc" report --db r.db --out .
has_text "--out, a directory" "Is a directory" err
# four reports to one path at once: each renames a whole file of its own,
# so the path holds one complete report and no temporary file is left
"$lc" report --db r.db >one.txt
for i in 1 2 3 4; do "$lc" report --db r.db --out many.txt 2>"many$i.err" & done
wait
same "--out, four at once: one whole report" "$(sed 1d many.txt)" "$(sed 1d one.txt)"
same "--out, four at once: no error" "$(cat many1.err many2.err many3.err many4.err)" ""
same "--out, four at once: no temporary file left" "$(ls -A | grep -c '^\.many')" 0
# a descriptor's name and a pipe are written in place
status 0 "--out /dev/fd/1" "$lc" report --db r.db --out /dev/fd/1
has "--out /dev/fd/1: the report on stdout" "^layoutcheck report of r.db" out
mkfifo pipe
timeout 20 cat pipe >from_pipe &
status 0 "--out, a pipe" "$lc" report --db r.db --out pipe
wait
has "--out, a pipe: the report read from it" "^layoutcheck report of r.db" from_pipe
if [ -p pipe ]; then ok; else bad "--out, a pipe: replaced by a file"; fi
# a full device: the write error named, exit 2, the node kept.  As root the
# device is a node of its own (a broken --out would replace /dev/full)
full=
if mknod full c 1 7 2>/dev/null; then full=$PWD/full; elif [ "$(id -u)" != 0 ]; then full=/dev/full; fi
if [ -n "$full" ]; then
  status 2 "--out, a full device" "$lc" report --db r.db --out "$full"
  has_text "--out, a full device" "report: writing $full: No space left on device" err
  if [ -c "$full" ]; then ok; else bad "--out, a full device: the device node replaced"; fi
else
  skip "--out, a full device: root without mknod"
fi

finish
