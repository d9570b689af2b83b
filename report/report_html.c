/*
** report_html.c -- `layoutcheck report --format html`: one self-contained
** page (inline CSS and SVG; no scripts, fonts, images or links to anything
** outside the file).  From the top: the counts (report_counts, in the
** words of report.h), the open counterexamples of theorems with pictures
** of their layouts and morphisms (report_svg.c; the known ones collapsed),
** what the last run found, the plot of cases per run, the refuted
** conjectures and their counterexamples, the properties of the last run
** (problems first, each with its label coverage and a sparkline of its
** cases), the fixed counterexamples and every run.
*/
#include "report.h"

#include <stdio.h>
#include <string.h>

static const char style[] =
    ":root{--ink:#1d232b;--muted:#66707a;--line:#dee2e6;--bg:#f4f6f8;--card:#fff;"
    "--green:#76b900;--red:#e03131;--amber:#f08c00;--blue:#3b5bdb;--violet:#7048e8}"
    "*{box-sizing:border-box}"
    "body{margin:0;background:var(--bg);color:var(--ink);"
    "font:14px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif}"
    "code,pre,.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,'Liberation Mono',"
    "monospace;font-size:12.5px}"
    "header.top{background:#1a1d21;color:#f1f3f5;padding:22px 32px 18px;"
    "border-bottom:4px solid var(--green)}"
    "header.top h1{margin:0;font-size:22px;font-weight:600;letter-spacing:.2px}"
    "header.top h1 span{color:var(--green)}"
    "header.top .sub{color:#adb5bd;margin-top:6px;font-size:13px}"
    "header.top .sub code{color:#e9ecef}"
    "main{max-width:1280px;margin:0 auto;padding:20px 32px 48px}"
    "h2{font-size:17px;margin:30px 0 10px;font-weight:600}"
    "h2 small{color:var(--muted);font-weight:400;font-size:13px;margin-left:6px}"
    ".cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(160px,1fr));gap:12px}"
    ".card{background:var(--card);border:1px solid var(--line);border-radius:8px;"
    "padding:12px 14px;border-top:4px solid #ced4da}"
    ".card .num{font-size:26px;font-weight:650;font-variant-numeric:tabular-nums}"
    ".card .lbl{color:var(--muted);font-size:12.5px}"
    ".card.good{border-top-color:var(--green)}.card.bad{border-top-color:var(--red)}"
    ".card.bad .num{color:var(--red)}.card.warn{border-top-color:var(--amber)}"
    ".panel{background:var(--card);border:1px solid var(--line);border-radius:8px;padding:14px}"
    "table{border-collapse:collapse;width:100%;background:var(--card)}"
    "th,td{padding:5px 8px;border-bottom:1px solid #eef0f2;text-align:left;vertical-align:middle}"
    "th{font-size:12px;color:var(--muted);font-weight:600;background:#f8f9fa;position:sticky;"
    "top:0}"
    "td.n,th.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}"
    "tr.fail td{background:#fff5f5}tr.refuted td{background:#fff9db}"
    "td.zero{color:#adb5bd}td.bad{color:var(--red);font-weight:600}"
    "td.hi{color:var(--amber);font-weight:600}"
    ".tablebox{border:1px solid var(--line);border-radius:8px;overflow:hidden}"
    ".badge{display:inline-block;padding:0 7px;border-radius:10px;font-size:11.5px;"
    "font-weight:600;line-height:18px;white-space:nowrap}"
    ".theorem{background:#e7f5ff;color:#1864ab}.conjecture{background:#f3f0ff;color:#5f3dc4}"
    ".b-fail{background:var(--red);color:#fff}.b-ref{background:#ffe8cc;color:#d9480f}"
    ".b-ok{background:#ebfbee;color:#2b8a3e}.b-fixed{background:#ebfbee;color:#2b8a3e}"
    ".chip{display:inline-block;margin:1px 3px 1px 0;padding:0 6px;border-radius:4px;"
    "background:#f1f3f5;color:#495057;font-size:11.5px;white-space:nowrap}"
    ".chip b{font-weight:600;color:#1d232b}"
    ".cexgrid{display:grid;grid-template-columns:repeat(auto-fill,minmax(560px,1fr));gap:14px}"
    "article.cex{background:var(--card);border:1px solid var(--line);border-left:5px solid "
    "var(--violet);border-radius:8px;padding:12px 14px;min-width:0}"
    "article.cex.theorem-cex{border-left-color:var(--red)}"
    "article.cex h3{margin:0 0 6px;font-size:14px;font-weight:600;display:flex;gap:8px;"
    "align-items:center;flex-wrap:wrap}"
    "article.cex h3 .id{color:var(--muted);font-weight:500}"
    "pre.input{background:#1a1d21;color:#e9ecef;padding:8px 10px;border-radius:6px;margin:6px 0;"
    "white-space:pre-wrap;word-break:break-all}"
    ".msg{margin:4px 0;color:#c92a2a}.meta{color:var(--muted);font-size:12.5px;margin:4px 0}"
    ".pics{display:flex;flex-wrap:wrap;gap:14px;align-items:flex-start;margin-top:8px}"
    "figure.pic{margin:0;padding:8px;border:1px solid #eef0f2;border-radius:6px;background:#fcfcfd;"
    "max-width:100%;overflow-x:auto}"
    "figure.pic figcaption{font-size:12px;color:var(--muted);margin-top:4px;max-width:520px}"
    "figure.pic figcaption code{color:var(--ink)}"
    ".sides{margin-top:10px;font-size:13px}"
    "svg{display:block}svg.spark{display:inline-block;vertical-align:middle}"
    ".legend{color:var(--muted);font-size:12.5px;margin:6px 0 0}"
    "footer{color:var(--muted);font-size:12px;margin-top:36px}"
    "a{color:var(--blue);text-decoration:none}a:hover{text-decoration:underline}"
    "nav{display:flex;gap:18px;margin:14px 0 0;font-size:13px}"
    "h3.sub{font-size:14px;margin:18px 0 8px;font-weight:600;color:#343a40}"
    ".panel.ok{border-left:5px solid var(--green)}td.small{font-size:12.5px;color:#495057}"
    "svg.trend{width:100%;height:auto}"
    "details.known{margin:12px 0}details.known summary{cursor:pointer;color:var(--muted)}";

/* Escaped text. */
static void put(FILE *f, const char *s) { report_xml_text(f, s, 0); }

/* v with thousands separators into buf. */
static const char *grouped(long long v, char *buf, size_t cap) {
  char digits[32];
  int n = snprintf(digits, sizeof digits, "%lld", v < 0 ? -v : v), out = 0;
  if (v < 0 && (size_t)out + 1 < cap) buf[out++] = '-';
  for (int i = 0; i < n && (size_t)out + 2 < cap; i++) {
    if (i && (n - i) % 3 == 0) buf[out++] = ',';
    buf[out++] = digits[i];
  }
  buf[out] = 0;
  return buf;
}

/* One number card. */
static void card(FILE *f, const char *cls, const char *num, const char *label) {
  fprintf(f, "<div class=\"card %s\"><div class=\"num\">", cls);
  put(f, num);
  fputs("</div><div class=\"lbl\">", f);
  put(f, label);
  fputs("</div></div>", f);
}

/* 1 when p is failing (report_prop_state), 0 otherwise. */
static int trouble(const report *r, const report_prop *p) { return report_prop_state(r, p) == 0; }

/* "1 theorem" or "2 theorems": n and the noun, plural unless n is 1. */
static const char *counted(size_t n, const char *noun, char *buf, size_t cap) {
  snprintf(buf, cap, "%zu %s%s", n, noun, n == 1 ? "" : "s");
  return buf;
}

/* The page header and the number cards of the last run. */
static void html_head(FILE *f, const report *r, const report_run *last) {
  char a[32], b[64];
  fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        "<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">"
        "<title>layoutcheck report: ",
        f);
  put(f, r->db_path);
  fprintf(f,
          "</title><style>%s</style></head><body>\n<header class=\"top\"><h1><span>"
          "layoutcheck</span> nightly report</h1><div class=\"sub\">",
          style);
  put(f, r->db_path);
  fprintf(f, " &#183; made %s", r->generated);
  if (last) {
    fprintf(f, " &#183; last run %lld started %s &#183; revision <code>", (long long)last->row.id,
            last->row.started);
    put(f, report_rev(r, last->row.id));
    fputs("</code> &#183; seed <code>", f);
    put(f, last->row.seed);
    fputs("</code>", f);
    if (last->shards[0]) fprintf(f, " &#183; shards %s", last->shards);
    if (last->row.sut && last->row.sut[0]) {
      fputs(" &#183; system under test <code>", f);
      put(f, last->row.sut);
      fputs("</code>", f);
    }
  }
  fputs("</div></header>\n<main>\n", f);
  if (!last) {
    fputs("<p>No runs are recorded in this database yet.</p>\n", f);
    return;
  }
  report_counts n;
  char label[96];
  report_count(r, &n);
  fputs("<section class=\"cards\" id=\"counts\">", f);
  snprintf(b, sizeof b, "%zu", n.theorems_failing);
  snprintf(label, sizeof label, "of %zu theorem%s failing", n.theorems, n.theorems == 1 ? "" : "s");
  card(f, n.theorems_failing ? "bad" : "good", b, label);
  snprintf(b, sizeof b, "%zu", n.conjectures_refuted);
  snprintf(label, sizeof label, "of %zu conjecture%s refuted", n.conjectures,
           n.conjectures == 1 ? "" : "s");
  card(f, n.conjectures_refuted ? "warn" : "good", b, label);
  snprintf(label, sizeof label, "open counterexamples (%zu of theorems, %zu of conjectures)",
           n.open_theorem, n.open_conjecture);
  card(f, n.open_theorem ? "bad" : "", grouped((long long)n.open, a, sizeof a), label);
  card(f, "", grouped((long long)n.known, a, sizeof a), "known counterexamples (triaged)");
  card(f, "", grouped((long long)n.fixed, a, sizeof a), "fixed counterexamples");
  card(f, "", grouped(last->row.cases, a, sizeof a), "cases in the last run");
  snprintf(b, sizeof b, "%.1f s", last->seconds);
  card(f, "", b, "property time (all shards)");
  fputs("</section>\n", f);
}

/* The label chips of a property row. */
static void label_chips(FILE *f, const report_prop *p) {
  report_label l[32];
  int n = report_labels(p->labels, l, 32);
  for (int i = 0; i < n; i++) {
    fputs("<span class=\"chip\">", f);
    put(f, l[i].name);
    fprintf(f, " <b>%lld%%</b></span>", (long long)(p->cases ? 100 * l[i].count / p->cases : 0));
  }
}

/* The table of the last run's theorems (conjectures when conj), those
** with failures first. */
static void properties_table(FILE *f, const report *r, const report_run *last, int conj) {
  char a[32];
  fputs("<div class=\"tablebox\"><table class=\"props\"><thead><tr><th>property</th>"
        "<th class=\"n\">cases</th><th class=\"n\">passed</th><th class=\"n\">discarded</th>"
        "<th class=\"n\">failed</th><th class=\"n\">open</th><th class=\"n\">known</th>"
        "<th class=\"n\">seconds</th>"
        "<th>label coverage (share of cases)</th><th>cases, last runs</th></tr></thead><tbody>\n",
        f);
  for (int want_trouble = 1; want_trouble >= 0; want_trouble--)
    for (size_t i = 0; i < r->n_prop; i++) {
      const report_prop *p = &r->prop[i];
      if (p->run_id != last->row.id || (strcmp(p->kind, "conjecture") == 0) != conj ||
          (trouble(r, p) != 0) != want_trouble)
        continue;
      size_t open = report_open_count(r, p->property), known = 0;
      for (size_t j = 0; j < r->n_cex; j++)
        known += !strcmp(r->cex[j].status, "open") && !strcmp(r->cex[j].triage, "known") &&
                 !strcmp(r->cex[j].property, p->property);
      int discard_pct = p->cases ? (int)(100 * p->discarded / p->cases) : 0;
      fprintf(f, "<tr class=\"%s\"><td><code>", !want_trouble ? "" : conj ? "refuted" : "fail");
      put(f, p->property);
      fprintf(f, "</code></td><td class=\"n\">%s</td>", grouped(p->cases, a, sizeof a));
      fprintf(f, "<td class=\"n\">%s</td>", grouped(p->passed, a, sizeof a));
      fprintf(f, "<td class=\"n%s\" title=\"%d%% of the cases\">%s</td>",
              discard_pct >= 50 ? " hi"
              : p->discarded    ? ""
                                : " zero",
              discard_pct, grouped(p->discarded, a, sizeof a));
      fprintf(f, "<td class=\"n%s\">%lld</td>", p->failed ? " bad" : " zero", (long long)p->failed);
      fprintf(f, "<td class=\"n%s\">%zu</td>", open ? " bad" : " zero", open);
      fprintf(f, "<td class=\"n%s\">%zu</td>", known ? "" : " zero", known);
      fprintf(f, "<td class=\"n\">%.2f</td><td>", p->seconds);
      label_chips(f, p);
      fputs("</td><td>", f);
      report_svg_spark(f, r, p->property);
      fputs("</td></tr>\n", f);
    }
  fputs("</tbody></table></div>\n", f);
}

/* The counterexample's case as people paste it (p; the stored input
** when p is NULL), in a <pre>. */
static void paste_block(FILE *f, const report_paste *p, const char *input) {
  fputs("<pre class=\"input\">", f);
  if (!p) {
    put(f, input);
  } else {
    if (p->vars) put(f, p->vars);
    if (p->check) fputs("\nreproduce: ", f), put(f, p->check);
    if (p->again) fputs(p->check ? "\nor: " : "\nreproduce: ", f), put(f, p->again);
    if (p->eval) fputs("\neval: layoutcheck eval ", f), put(f, p->eval);
  }
  fputs("</pre>", f);
}

/* The two sides of the disagreement that c's message states (oracle and
** system under test, or the two sides of the property's equation), each
** drawn where it is a layout or morphism, else shown as text. */
static void sides(FILE *f, const db_cex *c) {
  report_side side[2];
  if (!report_sides(c->message, side)) return;
  fputs("<div class=\"sides\"><b>the two sides</b><div class=\"pics\">", f);
  for (int i = 0; i < 2; i++) {
    if (report_svg_value(f, side[i].label, side[i].value)) continue;
    fputs("<figure class=\"pic\"><figcaption><b>", f);
    put(f, side[i].label);
    fputs("</b> <code>", f);
    put(f, side[i].value);
    fputs("</code><br>not a layout or morphism: not drawn</figcaption></figure>", f);
  }
  fputs("</div></div>", f);
}

/* The case of c in one line: its variables when known, else its input. */
static void case_line(FILE *f, const report *r, const db_cex *c) {
  const report_paste *p = report_paste_of(r, c);
  put(f, p && p->vars ? p->vars : c->input);
}

/* One counterexample card; pictures when draw. */
static void cex_card(FILE *f, const report *r, const db_cex *c, int draw) {
  char history[512];
  int theorem = strcmp(c->kind, "conjecture") != 0;
  fprintf(f, "<article class=\"cex%s\" id=\"cex-%lld\"><h3><span class=\"id\">#%lld</span><code>",
          theorem ? " theorem-cex" : "", (long long)c->id, (long long)c->id);
  put(f, c->property);
  int known = strcmp(c->triage, "known") == 0;
  fprintf(f, "</code>%s</h3>",
          known && theorem ? "<span class=\"badge b-ref\">theorem, known (triaged)</span>"
          : known          ? "<span class=\"badge b-ref\">conjecture, known (triaged)</span>"
          : theorem        ? "<span class=\"badge b-fail\">theorem failing</span>"
                           : "<span class=\"badge b-ref\">conjecture refuted</span>");
  if (known && c->note) {
    fputs("<div class=\"meta\">note: ", f);
    put(f, c->note);
    fputs("</div>", f);
  }
  paste_block(f, report_paste_of(r, c), c->input);
  fputs("<div class=\"msg\">", f);
  put(f, c->message ? c->message : "");
  report_history(r, c, history, sizeof history);
  fprintf(f, "</div><div class=\"meta\">seen %lld time%s, first %s, last %s<br>",
          (long long)c->times_seen, c->times_seen == 1 ? "" : "s", c->first_seen, c->last_seen);
  put(f, history);
  const report_paste *pp = report_paste_of(r, c);
  if (c->original_input && strcmp(c->original_input, c->input)) {
    fputs("<br>found as <code>", f);
    put(f, pp && pp->found ? pp->found : c->original_input);
    fputs("</code>, then shrunk", f);
  }
  if (c->sut[0]) {
    fputs("<br>system under test <code>", f);
    put(f, c->sut);
    fputs("</code>", f);
  }
  fputs("</div>", f);
  if (draw) {
    fputs("<div class=\"pics\">", f);
    report_svg_case(f, c->input, pp ? pp->vals : NULL);
    fputs("</div>", f);
    sides(f, c);
  }
  fputs("</article>\n", f);
}

/* 1 when c is still failing, of kind conj (0 theorem, 1 conjecture), and
** triaged known when known (else not). */
static int failing_of(const db_cex *c, int conj, int known) {
  return !strcmp(c->status, "open") && (strcmp(c->kind, "conjecture") == 0) == conj &&
         (strcmp(c->triage, "known") == 0) == known;
}

/* The cards of the open counterexamples of theorems (of conjectures when
** conj), then the known ones collapsed in a <details>; *drawn counts the
** pictures drawn so far. */
static void cex_cards(FILE *f, const report *r, int conj, int *drawn) {
  size_t known = 0;
  fputs("<div class=\"cexgrid\">\n", f);
  for (size_t i = 0; i < r->n_cex; i++) {
    known += failing_of(&r->cex[i], conj, 1);
    if (failing_of(&r->cex[i], conj, 0)) cex_card(f, r, &r->cex[i], (*drawn)++ < REPORT_PICTURES);
  }
  fputs("</div>\n", f);
  if (!known) return;
  fprintf(f,
          "<details class=\"known\"><summary>%zu known counterexample%s of %s (triaged known: "
          "still failing, not counted as open)</summary><div class=\"cexgrid\">\n",
          known, known == 1 ? "" : "s", conj ? "conjectures" : "theorems");
  for (size_t i = 0; i < r->n_cex; i++)
    if (failing_of(&r->cex[i], conj, 1)) cex_card(f, r, &r->cex[i], (*drawn)++ < REPORT_PICTURES);
  fputs("</div></details>\n", f);
}

/* Still-failing counterexamples (open or known) of theorems (conjectures
** when conj). */
static size_t open_of_kind(const report *r, int conj) {
  size_t n = 0;
  for (size_t i = 0; i < r->n_cex; i++)
    n += failing_of(&r->cex[i], conj, 0) + failing_of(&r->cex[i], conj, 1);
  return n;
}

/* Known (triaged, still failing) counterexamples of theorems (conjectures
** when conj). */
static size_t known_of_kind(const report *r, int conj) {
  size_t n = 0;
  for (size_t i = 0; i < r->n_cex; i++) n += failing_of(&r->cex[i], conj, 1);
  return n;
}

/* Properties of kind conj (0 theorem, 1 conjecture) in the last run, and
** how many of them are in trouble. */
static void count_kind(const report *r, const report_run *last, int conj, int *all, int *bad) {
  *all = *bad = 0;
  for (size_t i = 0; i < r->n_prop; i++)
    if (r->prop[i].run_id == last->row.id && (strcmp(r->prop[i].kind, "conjecture") == 0) == conj) {
      ++*all;
      *bad += trouble(r, &r->prop[i]) != 0;
    }
}

/* The theorems: failures with their pictures, then every theorem's row. */
static void html_theorems(FILE *f, const report *r, const report_run *last, int *drawn) {
  report_counts n;
  char a[32], b[48];
  report_count(r, &n);
  fprintf(f,
          "<h2 id=\"theorems\">Theorems<small>%zu checked in run %lld, %zu failing, %zu with "
          "known counterexamples only; %s, %zu known; a failure is a bug in the oracle or in "
          "the statement</small></h2>\n",
          n.theorems, (long long)last->row.id, n.theorems_failing, n.theorems_known,
          counted(n.open_theorem, "open counterexample", b, sizeof b), known_of_kind(r, 0));
  if (open_of_kind(r, 0))
    cex_cards(f, r, 0, drawn);
  else
    fprintf(f,
            "<p class=\"panel ok\">Every theorem held: no open counterexample, %s cases in "
            "the last run.</p>\n",
            grouped(last->row.cases, a, sizeof a));
}

/* Every property of the last run: the theorems, then the conjectures. */
static void html_properties(FILE *f, const report *r, const report_run *last) {
  int all, bad;
  fprintf(f,
          "<h2 id=\"properties\">Properties of run %lld<small>cases, discards, failures and "
          "seconds; label coverage is the share of cases with each feature</small></h2>\n",
          (long long)last->row.id);
  count_kind(r, last, 0, &all, &bad);
  fprintf(f, "<h3 class=\"sub\">%d theorems, %d failing</h3>\n", all, bad);
  properties_table(f, r, last, 0);
  count_kind(r, last, 1, &all, &bad);
  if (all) {
    fprintf(f, "<h3 class=\"sub\">%d conjectures, %d refuted</h3>\n", all, bad);
    properties_table(f, r, last, 1);
  }
}

/* The conjectures: the refuted ones with their smallest counterexamples,
** the counterexamples with pictures, and every conjecture's row. */
static void html_conjectures(FILE *f, const report *r, const report_run *last, int *drawn) {
  report_counts k;
  char b[48];
  report_count(r, &k);
  (void)last;
  fprintf(f,
          "<h2 id=\"conjectures\">Conjectures<small>claims of the seed documents and users, "
          "not proved; %zu checked, %zu refuted; %s, %zu known; a refuted conjecture does not "
          "fail the run</small></h2>\n",
          k.conjectures, k.conjectures_refuted,
          counted(k.open_conjecture, "open counterexample", b, sizeof b), known_of_kind(r, 1));
  size_t n = 0;
  for (size_t i = 0; i < r->n_cex; i++) {
    const db_cex *c = &r->cex[i], *best = report_refuted(r, i);
    if (!best) continue;
    if (n++ == 0)
      fputs("<h3 class=\"sub\">Refuted, with the smallest counterexample of each</h3>"
            "<div class=\"tablebox\"><table><thead><tr><th>conjecture</th><th class=\"n\">open"
            "</th><th>smallest counterexample</th><th>what fails</th></tr></thead><tbody>\n",
            f);
    fputs("<tr><td><code>", f);
    put(f, c->property);
    fprintf(f, "</code></td><td class=\"n\">%zu</td><td><a href=\"#cex-%lld\"><code>",
            report_open_count(r, c->property), (long long)best->id);
    case_line(f, r, best);
    fputs("</code></a></td><td class=\"small\">", f);
    put(f, best->message ? best->message : "");
    fputs("</td></tr>\n", f);
  }
  if (n) {
    fputs("</tbody></table></div>\n<h3 class=\"sub\">Their counterexamples</h3>\n", f);
    cex_cards(f, r, 1, drawn);
  } else {
    fputs("<p class=\"panel ok\">No conjecture is refuted.</p>\n", f);
  }
}

/* The badge of a property's kind: conjectures and theorems told apart
** wherever counterexamples are listed. */
static const char *kind_badge(const char *kind) {
  return !strcmp(kind, "conjecture") ? "<span class=\"badge conjecture\">conjecture</span>"
                                     : "<span class=\"badge theorem\">theorem</span>";
}

/* The fixed counterexamples with the revisions around each fix. */
static void html_fixed(FILE *f, const report *r) {
  report_counts n;
  char history[512];
  report_count(r, &n);
  size_t fixed = n.fixed;
  fprintf(f, "<h2 id=\"fixed\">Fixed counterexamples<small>%zu</small></h2>\n", fixed);
  if (!fixed) {
    fputs("<p class=\"panel\">None.</p>\n", f);
    return;
  }
  fputs("<div class=\"tablebox\"><table><thead><tr><th class=\"n\">id</th><th>property</th>"
        "<th>kind</th><th>input</th><th>history</th></tr></thead><tbody>\n",
        f);
  for (size_t i = 0; i < r->n_cex; i++) {
    const db_cex *c = &r->cex[i];
    if (!strcmp(c->status, "open")) continue;
    report_history(r, c, history, sizeof history);
    fprintf(f, "<tr><td class=\"n\">#%lld</td><td><code>", (long long)c->id);
    put(f, c->property);
    fprintf(f, "</code></td><td>%s</td><td><code>", kind_badge(c->kind));
    case_line(f, r, c);
    fputs("</code></td><td>", f);
    put(f, history);
    fputs("</td></tr>\n", f);
  }
  fputs("</tbody></table></div>\n", f);
}

/* Every run, newest first. */
static void html_runs(FILE *f, const report *r) {
  char a[32];
  fprintf(f,
          "<h2>Runs<small>%zu, newest first</small></h2>\n<div class=\"tablebox\"><table>"
          "<thead><tr><th class=\"n\">run</th><th>started</th><th>finished</th>"
          "<th>revision</th><th>seed</th><th>shards</th><th class=\"n\">properties</th>"
          "<th class=\"n\">cases</th><th class=\"n\">failed</th><th class=\"n\">seconds</th>"
          "</tr></thead><tbody>\n",
          r->n_run);
  for (size_t i = r->n_run; i-- > 0;) {
    const report_run *x = &r->run[i];
    fprintf(f,
            "<tr><td class=\"n\">%lld</td><td class=\"mono\">%s</td><td class=\"mono\">%s</td>"
            "<td><code>",
            (long long)x->row.id, x->row.started, x->row.finished[0] ? x->row.finished : "-");
    put(f, report_rev(r, x->row.id));
    fputs("</code></td><td><code>", f);
    put(f, x->row.seed);
    fprintf(f, "</code></td><td>%s</td><td class=\"n\">%lld</td><td class=\"n\">%s</td>",
            x->shards[0] ? x->shards : "", (long long)x->props, grouped(x->row.cases, a, sizeof a));
    fprintf(f, "<td class=\"n%s\">%lld</td><td class=\"n\">%.1f</td></tr>\n",
            x->failed ? " bad" : " zero", (long long)x->failed, x->seconds);
  }
  fputs("</tbody></table></div>\n", f);
}

/* What the last run found, first: cards of new, still open, known and
** fixed, and a list of each. */
static void html_news(FILE *f, const report *r, const report_run *last) {
  const char *const *outcome = report_outcome_names, *const *title = report_outcome_titles;
  static const char *const cls[REPORT_OUTCOMES] = {"bad", "warn", "", "good"};
  char num[32];
  fprintf(f,
          "<h2 id=\"news\">What run %lld found<small>new, still open, known (triaged) and "
          "fixed counterexamples</small></h2>\n<div class=\"cards\">",
          (long long)last->row.id);
  for (int k = 0; k < REPORT_OUTCOMES; k++)
    card(f, report_news_count(r, outcome[k]) ? cls[k] : "",
         grouped((long long)report_news_count(r, outcome[k]), num, sizeof num), title[k]);
  fputs("</div>\n", f);
  for (int k = 0; k < REPORT_OUTCOMES; k++) {
    if (!report_news_count(r, outcome[k])) continue;
    fprintf(f, "<h3>%s</h3><ul>\n", title[k]);
    for (size_t i = 0; i < r->n_cex; i++) {
      if (strcmp(report_outcome(r, i), outcome[k])) continue;
      fprintf(f, "<li><a href=\"#cex-%lld\">#%lld</a> %s ", (long long)r->cex[i].id,
              (long long)r->cex[i].id, kind_badge(r->cex[i].kind));
      const report_paste *paste = report_paste_of(r, &r->cex[i]);
      put(f, r->cex[i].property);
      fputs(": <code>", f);
      put(f, paste && paste->vars ? paste->vars : r->cex[i].input);
      fputs("</code></li>\n", f);
    }
    fputs("</ul>\n", f);
  }
}

/* Write the HTML format; see report.h. */
int report_html(const report *r, FILE *f) {
  const report_run *last = report_last(r);
  int drawn = 0;
  html_head(f, r, last);
  fputs("<nav><a href=\"#theorems\">theorems</a><a href=\"#news\">what is new</a>"
        "<a href=\"#trend\">cases per run</a>"
        "<a href=\"#conjectures\">conjectures</a><a href=\"#properties\">all properties</a>"
        "<a href=\"#fixed\">fixed</a>"
        "<a href=\"#runs\">runs</a></nav>\n",
        f);
  if (last) {
    html_theorems(f, r, last, &drawn);
    html_news(f, r, last);
    fputs("<h2 id=\"trend\">Cases per run<small>blue: cases checked (left axis); red: failed "
          "cases (right axis); hover a point for its run</small></h2>\n<div class=\"panel\">",
          f);
    report_svg_trend(f, r);
    fputs("</div>\n", f);
  } else if (open_of_kind(r, 0)) {
    fputs("<h2 id=\"theorems\">Theorems</h2>\n", f);
    cex_cards(f, r, 0, &drawn);
  }
  html_conjectures(f, r, last, &drawn);
  if (drawn > REPORT_PICTURES)
    fprintf(f, "<p class=\"legend\">Pictures are drawn for the first %d counterexamples.</p>\n",
            REPORT_PICTURES);
  if (last) html_properties(f, r, last);
  html_fixed(f, r);
  if (last) html_runs(f, r);
  fputs("<footer>Made by <code>layoutcheck report</code> from <code>", f);
  put(f, r->db_path);
  fprintf(f, "</code> at %s.</footer>\n</main></body></html>\n", r->generated);
  return ferror(f) ? -1 : 0;
}
