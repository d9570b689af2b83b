#!/usr/bin/env bash
# browser_cli.sh LAYOUTCHECK -- the HTML report in a real browser: a
# database with a failing theorem and refuted conjectures is reported as
# HTML, Debian's chromium renders it headless at 1280x800 (a screenshot),
# and renders a copy with a probe script added (the report itself has no
# scripts) whose --dump-dom gives the boxes of the summary cards and of
# the first drawing after layout; tests/browser_check.py then checks that
# they lie above the fold and that the screenshot's pixels show them.
# Without chromium (make deps installs it) the check is skipped, and
# counted so.  Needs python3.  Prints "N passed, N failed[, N skipped]".
set -u
export LC_ALL=C
cd "$(dirname "$0")/.." || exit 2
lc=${1:?usage: tests/browser_cli.sh LAYOUTCHECK}
lc=$(cd "$(dirname "$lc")" && pwd)/$(basename "$lc")
here=$PWD
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
. tests/lib.sh

browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
  skip "HTML report in a browser: chromium is not installed (make deps installs it)"
  finish
  exit
fi

cd "$tmp" || exit 2
# a theorem false by hand (size(L) <= cosize(L) fails at 2:0: size 2,
# cosize 1), so that the page leads with a failure and its drawing
cat >t.yaml <<'YAML'
- name: lt.size_le_cosize
  forall: {L: layout}
  check: "size(L) <= cosize(L)"
  kind: theorem
YAML
printf 'seed: 5\ncases: 200\nconjecture_files: [t.yaml]\n' >c.yaml
status 1 "a run with a failing theorem" "$lc" fuzz --config c.yaml --property 'l[te]*' --db r.db
status 0 "html report" "$lc" report --db r.db --format html --out r.html

# the probe: after layout, the boxes of the cards and of the first drawing
# of a counterexample, written into the DOM for --dump-dom
python3 - r.html probe.html <<'EOF'
import sys
page = open(sys.argv[1], encoding="utf-8").read()
probe = """<script>
function box(e) { if (!e) return null; var r = e.getBoundingClientRect();
  return [r.left + scrollX, r.top + scrollY, r.right + scrollX, r.bottom + scrollY]; }
var o = {vw: innerWidth, card: [].map.call(document.querySelectorAll('#counts .card'), box),
         drawing: box(document.querySelector('article.cex svg'))};
var p = document.createElement('pre'); p.id = 'probe'; p.style.display = 'none';
p.textContent = JSON.stringify(o); document.body.appendChild(p);
</script></body>"""
assert page.count("</body>") == 1
open(sys.argv[2], "w", encoding="utf-8").write(page.replace("</body>", probe))
EOF

# chrome ARGS...: headless chromium with a profile of its own (runs at
# once do not share one), 1280x800, no scrollbars
chrome() {
  timeout 120 "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars \
    --user-data-dir="$tmp/profile" --window-size=1280,800 "$@" 2>>chrome.err
}
chrome --screenshot="$tmp/shot.png" "file://$tmp/r.html" >/dev/null
if [ -s shot.png ]; then ok; else bad "chromium wrote no screenshot"; shown chrome.err; fi
chrome --run-all-compositor-stages-before-draw --virtual-time-budget=3000 --dump-dom \
  "file://$tmp/probe.html" >dom.html
if grep -q '<pre id="probe"' dom.html; then ok; else bad "the probe's DOM has no positions"; shown chrome.err; fi

if [ -s shot.png ] && python3 "$here/tests/browser_check.py" shot.png dom.html >check.out; then
  ok
else
  bad "the cards and the first drawing are not shown above the fold"
  shown check.out
fi
finish
