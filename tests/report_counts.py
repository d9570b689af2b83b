#!/usr/bin/env python3
"""report_counts.py PREFIX FORMAT:FILE... -- the counts that outputs of
layoutcheck state, read back from each as a person or a script would, and
written to PREFIX.FORMAT.counts one "key=value" a line, sorted, for
tests/counts_cli.sh to compare (one process for all: Python starts once).

FORMAT is json, text, html or junit (a report of `layoutcheck report`),
console (the output of `layoutcheck fuzz`: its table and closing lines)
or sql (FILE is a results database: the counts computed here from its
tables with the definitions of docs/reports.md, independently of the
program).  Each format writes the keys it states; a key stated twice in
one format (a card and a heading) must agree, and each count must be
found: else its file holds one line "error: ..." and this exits 1.

Keys: theorems, theorems_failing, theorems_known, conjectures,
conjectures_refuted, conjectures_known (the last run's properties); cex,
open, open_theorem, open_conjecture, known, fixed (stored
counterexamples); run_new, run_still_open, run_known, run_fixed (what the
last run found).
"""
import html
import json
import re
import sqlite3
import sys
import xml.dom.minidom

counts = {}


class Disagree(Exception):
    """A count missing from an output, or stated twice with two values."""


def put(key, value):
    """Record key = value; a second, different value for key is an error."""
    value = int(str(value).replace(",", ""))
    if key in counts and counts[key] != value:
        raise Disagree("%s stated as %d and as %d" % (key, counts[key], value))
    counts[key] = value


def need(pattern, text, what):
    """The match of pattern in text, or Disagree naming what is missing."""
    m = re.search(pattern, text, re.M)
    if not m:
        raise Disagree("no %s (/%s/)" % (what, pattern))
    return m


def from_json(path):
    c = json.load(open(path, encoding="utf-8"))["counts"]
    t, j = c["properties"]["theorems"], c["properties"]["conjectures"]
    put("theorems", t["checked"]), put("theorems_failing", t["failing"])
    put("theorems_known", t["known"])
    put("conjectures", j["checked"]), put("conjectures_refuted", j["refuted"])
    put("conjectures_known", j["known"])
    x = c["counterexamples"]
    for k in ("open", "open_theorem", "open_conjecture", "known", "fixed"):
        put(k, x[k])
    put("cex", x["stored"])
    for k, v in c["last_run"].items():
        put("run_" + k, v)


def from_text(path):
    s = open(path, encoding="utf-8").read()
    m = need(r"^theorems: (\d+) checked, (\d+) failing, (\d+) with known", s, "theorems line")
    put("theorems", m[1]), put("theorems_failing", m[2]), put("theorems_known", m[3])
    m = need(r"^conjectures: (\d+) checked, (\d+) refuted, (\d+) with known", s, "conjectures line")
    put("conjectures", m[1]), put("conjectures_refuted", m[2]), put("conjectures_known", m[3])
    m = need(r"^counterexamples: (\d+) stored: (\d+) open \((\d+) of theorems, (\d+) of "
             r"conjectures\), (\d+) known, (\d+) fixed", s, "counterexamples line")
    for k, v in zip(("cex", "open", "open_theorem", "open_conjecture", "known", "fixed"),
                    m.groups()):
        put(k, v)
    m = need(r"^what the last run \(\d+\) found: new (\d+), still open (\d+), known (\d+), "
             r"fixed (\d+)", s, "what the last run found")
    for k, v in zip(("run_new", "run_still_open", "run_known", "run_fixed"), m.groups()):
        put(k, v)
    # the sections list as many entries as their headings say
    m = need(r"^open counterexamples: (\d+) \((\d+) of theorems, (\d+) of conjectures\)$", s,
             "open section")
    put("open", m[1]), put("open_theorem", m[2]), put("open_conjecture", m[3])
    sections = re.split(r"^(open counterexamples|known counterexamples|fixed counterexamples)"
                        r"[^\n]*\n", s, flags=re.M)
    listed = dict(zip(sections[1::2], sections[2::2]))
    for name, key in (("open counterexamples", "open"), ("known counterexamples", "known"),
                      ("fixed counterexamples", "fixed")):
        body = listed.get(name, "").split("\n\n")[0]
        put(key, len(re.findall(r"^#\d+ ", body, re.M)))


def card(s, label_re):
    """The number on the card whose label matches label_re."""
    m = need(r'<div class="num">([\d,]+)</div><div class="lbl">' + label_re, s, label_re)
    return m


def from_html(path):
    s = open(path, encoding="utf-8").read()
    m = card(s, r"of (\d+) theorems? failing</div>")
    put("theorems_failing", m[1]), put("theorems", m[2])
    m = card(s, r"of (\d+) conjectures? refuted</div>")
    put("conjectures_refuted", m[1]), put("conjectures", m[2])
    m = card(s, r"open counterexamples \((\d+) of theorems, (\d+) of conjectures\)</div>")
    put("open", m[1]), put("open_theorem", m[2]), put("open_conjecture", m[3])
    put("known", card(s, r"known counterexamples \(triaged\)</div>")[1])
    put("fixed", card(s, r"fixed counterexamples</div>")[1])
    for title, key in (("new", "run_new"), ("still open", "run_still_open"),
                       ("known", "run_known"), ("fixed", "run_fixed")):
        put(key, card(s, re.escape(title) + "</div>")[1])
    m = need(r'<h2 id="theorems">Theorems<small>(\d+) checked in run \d+, (\d+) failing, (\d+) '
             r"with known counterexamples only; (\d+) open counterexamples?, (\d+) known", s,
             "theorems heading")
    put("theorems", m[1]), put("theorems_failing", m[2]), put("theorems_known", m[3])
    put("open_theorem", m[4])
    known_theorem = int(m[5])
    m = need(r'<h2 id="conjectures">Conjectures<small>[^<]*?(\d+) checked, (\d+) refuted; (\d+) '
             r"open counterexamples?, (\d+) known", s, "conjectures heading")
    put("conjectures", m[1]), put("conjectures_refuted", m[2]), put("open_conjecture", m[3])
    put("known", known_theorem + int(m[4]))
    m = need(r'<h2 id="fixed">Fixed counterexamples<small>(\d+)</small>', s, "fixed heading")
    put("fixed", m[1])
    fixed_part = s[m.end():s.find("<h2", m.end())]
    put("fixed", len(re.findall(r'<tr><td class="n">#\d+</td>', fixed_part)))
    # the cards drawn: the open ones outside <details>, the known ones inside
    known_parts = re.findall(r'<details class="known">.*?</details>', s, re.S)
    outside = re.sub(r'<details class="known">.*?</details>', "", s, flags=re.S)
    put("open_theorem", len(re.findall(r'<article class="cex theorem-cex"', outside)))
    put("open_conjecture", len(re.findall(r'<article class="cex"', outside)))
    put("known", sum(len(re.findall(r"<article ", k)) for k in known_parts))


def from_junit(path):
    doc = xml.dom.minidom.parse(path)
    suite = doc.getElementsByTagName("testsuite")[0]
    props = {p.getAttribute("name"): p.getAttribute("value")
             for p in suite.getElementsByTagName("property")}
    for name, key in (("theorems", "theorems"), ("theorems_failing", "theorems_failing"),
                      ("conjectures", "conjectures"),
                      ("conjectures_refuted", "conjectures_refuted"),
                      ("open_counterexamples", "open"),
                      ("open_theorem_counterexamples", "open_theorem"),
                      ("open_conjecture_counterexamples", "open_conjecture"),
                      ("known_counterexamples", "known"), ("fixed_counterexamples", "fixed"),
                      ("new", "run_new"), ("still_open", "run_still_open"),
                      ("known", "run_known"), ("fixed", "run_fixed")):
        put(key, props[name])
    put("theorems_failing", suite.getAttribute("failures"))
    put("conjectures_refuted", suite.getAttribute("skipped"))
    cases = suite.getElementsByTagName("testcase")
    put("theorems", sum(c.getAttribute("classname") != "layoutcheck.conjecture" for c in cases))
    put("conjectures", sum(c.getAttribute("classname") == "layoutcheck.conjecture" for c in cases))
    fails = [f for f in suite.getElementsByTagName("failure")
             if f.getAttribute("type") == "counterexample"]
    put("open_theorem", len(fails))


def from_console(path):
    s = open(path, encoding="utf-8").read()
    m = need(r"^new (\d+), still open (\d+), known (\d+), fixed (\d+)$", s, "closing tally")
    for k, v in zip(("run_new", "run_still_open", "run_known", "run_fixed"), m.groups()):
        put(k, v)
    m = need(r"^(\d+) theorems? failing \((\d+) open counterexamples?\), (\d+) conjectures? "
             r"refuted \((\d+) open counterexamples?\)$", s, "closing counts")
    put("theorems_failing", m[1]), put("open_theorem", m[2])
    put("conjectures_refuted", m[3]), put("open_conjecture", m[4])
    # the table: one row per property, its new/open/known columns summed
    head = need(r"^property +kind +cases +passed +discard +failed +new +open +known +seconds",
                s, "table header")
    rows = re.findall(r"^\S+ +(theorem|conjecture) +\d+ +\d+ +\d+ +\d+ +(\d+) +(\d+) +(\d+) +"
                      r"[\d.]+", s[head.end():], re.M)
    put("theorems", sum(r[0] == "theorem" for r in rows))
    put("conjectures", sum(r[0] == "conjecture" for r in rows))
    put("run_new", sum(int(r[1]) for r in rows))
    put("run_still_open", sum(int(r[2]) for r in rows))
    put("run_known", sum(int(r[3]) for r in rows))


def from_sql(path):
    db = sqlite3.connect("file:%s?mode=ro" % path, uri=True)
    one = lambda q, *a: db.execute(q, a).fetchone()[0]
    put("cex", one("select count(*) from counterexamples"))
    openq = "status = 'open' and triage <> 'known'"
    put("open", one("select count(*) from counterexamples where " + openq))
    put("open_theorem", one("select count(*) from counterexamples where %s and kind <> "
                            "'conjecture'" % openq))
    put("open_conjecture", one("select count(*) from counterexamples where %s and kind = "
                               "'conjecture'" % openq))
    put("known", one("select count(*) from counterexamples where status = 'open' and "
                     "triage = 'known'"))
    put("fixed", one("select count(*) from counterexamples where status = 'fixed'"))
    last = one("select id from runs order by started desc, id desc limit 1")
    for outcome, key in (("new", "run_new"), ("open", "run_still_open"), ("known", "run_known"),
                         ("fixed", "run_fixed")):
        put(key, one("select count(*) from cex_runs where run_id = ? and outcome = ?", last,
                     outcome))
    # a property is failing with an open counterexample, or failed cases and
    # none stored; known when not failing and a known one still fails
    rows = db.execute("select property, kind, failed from run_properties where run_id = ?",
                      (last,)).fetchall()
    for prefix, conj, bad in (("theorems", False, "failing"), ("conjectures", True, "refuted")):
        mine = [r for r in rows if (r[1] == "conjecture") == conj]
        failing = known = 0
        for prop, _, failed in mine:
            n_open = one("select count(*) from counterexamples where property = ? and " + openq,
                         prop)
            n_any = one("select count(*) from counterexamples where property = ?", prop)
            n_known = one("select count(*) from counterexamples where property = ? and "
                          "status = 'open' and triage = 'known'", prop)
            if n_open or (failed and not n_any):
                failing += 1
            elif n_known:
                known += 1
        put(prefix, len(mine))
        put(prefix + "_" + bad, failing)
        put(prefix + "_known", known)


def main():
    if len(sys.argv) < 3:
        print(__doc__.strip().splitlines()[0], file=sys.stderr)
        return 2
    readers = {"json": from_json, "text": from_text, "html": from_html, "junit": from_junit,
               "console": from_console, "sql": from_sql}
    rc = 0
    for arg in sys.argv[2:]:
        fmt, path = arg.split(":", 1)
        counts.clear()
        with open("%s.%s.counts" % (sys.argv[1], fmt), "w") as out:
            try:
                readers[fmt](path)
                out.writelines("%s=%d\n" % (k, counts[k]) for k in sorted(counts))
            except (Disagree, OSError, KeyError, IndexError, ValueError) as e:
                out.write("error: %s: %s\n" % (arg, e))
                rc = 1
    return rc


if __name__ == "__main__":
    sys.exit(main())
