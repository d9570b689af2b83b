/*
** report_svg.c -- the SVG pictures of `layoutcheck report --format html`,
** written inline (no external resources, no ids, no scripts):
**
**   a layout      the grid of CuTe's print_layout / print_latex: rows are
**                 the coordinates of mode 1, columns those of the other
**                 modes (colexicographic), each cell the offset there,
**                 coloured by offset with print_latex's eight colours
**   a morphism    the arrow diagram of the paper: domain entries on the
**                 left and codomain entries on the right, both listed
**                 bottom-to-top, an arrow from each domain entry to the
**                 codomain position it hits (dashed to * for the basepoint),
**                 with the layout L_f it encodes drawn beside it
**   the trend     cases per run over time, failed cases as red bars
**
** Pictures are bounded: at most REPORT_GRID_MAX rows and columns of a grid
** and REPORT_ARROWS_MAX entries of a morphism are drawn.
*/
#include "report.h"

#include "case_line.h"
#include "gen.h"
#include "lo.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* print_latex's colours for offsets, by offset mod 8. */
static const char *const offset_fill[8] = {"#afafff", "#afffaf", "#ffffaf", "#ffafaf",
                                           "#d2d2ff", "#d2ffd2", "#ffffd2", "#ffd2d2"};
/* Stronger colours for arrows, by domain entry. */
static const char *const arrow_color[6] = {"#3b5bdb", "#2b8a3e", "#e67700",
                                           "#c92a2a", "#7048e8", "#0b7285"};

/* Decimal digits of v >= 0. */
static int digits(lo_int v) {
  int n = 1;
  while (v >= 10) v /= 10, n++;
  return n;
}

/* A <figcaption> holding "NAME WHAT TEXT" and a note. */
static void caption(FILE *f, const char *name, const char *what, const char *text,
                    const char *note) {
  fputs("<figcaption><b>", f);
  report_xml_text(f, name, 0);
  fprintf(f, "</b> %s <code>", what);
  report_xml_text(f, text, 0);
  fputs("</code>", f);
  if (note && note[0]) {
    fputs("<br>", f);
    report_xml_text(f, note, 0);
  }
  fputs("</figcaption>", f);
}

/* The grid of a layout's offsets (rows: mode 1; columns: the rest).
** Writes nothing and returns -1 when the layout cannot be evaluated. */
static int svg_grid(FILE *f, const lo_layout *l, lo_err *err) {
  lo_int size, rows = 1, off[REPORT_GRID_MAX][REPORT_GRID_MAX], most = 0;
  if (lo_size(l, &size, err)) return -1;
  if (lo_tuple_rank(&l->shape) >= 2 && !lo_tuple_is_int(&l->shape)) {
    lo_layout m;
    if (lo_layout_mode(l, 1, &m, err) || lo_size(&m, &rows, err)) return -1;
  } else {
    rows = size;
  }
  lo_int cols = size / rows;
  int nr = rows < REPORT_GRID_MAX ? (int)rows : REPORT_GRID_MAX;
  int nc = cols < REPORT_GRID_MAX ? (int)cols : REPORT_GRID_MAX;
  for (int i = 0; i < nr; i++)
    for (int j = 0; j < nc; j++) {
      if (lo_apply(l, i + (lo_int)j * rows, &off[i][j], err)) return -1;
      if (off[i][j] > most) most = off[i][j];
    }
  int cw = 12 + 8 * digits(most), ch = 24, left = 14 + 8 * digits(rows - 1), top = 18;
  if (cw < 30) cw = 30;
  int more_c = cols > nc, more_r = rows > nr;
  int width = left + nc * cw + (more_c ? 18 : 0) + 2,
      height = top + nr * ch + (more_r ? 16 : 0) + 2;
  fprintf(f,
          "<svg class=\"grid\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\">"
          "<g font-family=\"ui-monospace,SFMono-Regular,Menlo,Consolas,monospace\" "
          "font-size=\"12\" text-anchor=\"middle\">",
          width, height, width, height);
  for (int j = 0; j < nc; j++)
    fprintf(f, "<text x=\"%d\" y=\"%d\" fill=\"#868e96\">%d</text>", left + j * cw + cw / 2,
            top - 4, j);
  for (int i = 0; i < nr; i++) {
    fprintf(f, "<text x=\"%d\" y=\"%d\" fill=\"#868e96\" text-anchor=\"end\">%d</text>", left - 4,
            top + i * ch + 16, i);
    for (int j = 0; j < nc; j++) {
      int x = left + j * cw, y = top + i * ch;
      fprintf(f,
              "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\" stroke=\"#495057\" "
              "stroke-width=\"0.6\"><title>(%d,%d) -&gt; %lld</title></rect>"
              "<text x=\"%d\" y=\"%d\">%lld</text>",
              x, y, cw, ch, offset_fill[off[i][j] % 8], i, j, (long long)off[i][j], x + cw / 2,
              y + 16, (long long)off[i][j]);
    }
  }
  if (more_c)
    fprintf(f, "<text x=\"%d\" y=\"%d\">&#8230;</text>", left + nc * cw + 9, top + nr * ch / 2);
  if (more_r)
    fprintf(f, "<text x=\"%d\" y=\"%d\">&#8230;</text>", left + nc * cw / 2, top + nr * ch + 12);
  fputs("</g></svg>", f);
  return 0;
}

/* One layout argument: its grid in a figure. */
static void figure_layout(FILE *f, const char *name, const char *text, const lo_layout *l) {
  lo_int size, cosize, rows = 0;
  lo_err e;
  char note[300] = "";
  if (lo_size(l, &size, &e) == 0 && lo_cosize(l, &cosize, &e) == 0) {
    lo_layout m;
    rows = size;
    if (lo_tuple_rank(&l->shape) >= 2 && !lo_tuple_is_int(&l->shape) &&
        lo_layout_mode(l, 1, &m, &e) == 0)
      lo_size(&m, &rows, &e);
    snprintf(note, sizeof note, "size %lld, cosize %lld, %lld x %lld%s%s", (long long)size,
             (long long)cosize, (long long)rows, (long long)(rows ? size / rows : 0),
             rows > REPORT_GRID_MAX || (rows && size / rows > REPORT_GRID_MAX)
                 ? " (the first 32 rows and columns drawn)"
                 : "",
             lo_is_tractable(l) ? ", tractable" : "");
  }
  fputs("<figure class=\"pic\">", f);
  if (svg_grid(f, l, &e) != 0) snprintf(note, sizeof note, "cannot be drawn: %s", e.msg);
  caption(f, name, "layout", text, note);
  fputs("</figure>", f);
}

/* Brackets beside a column of entries, one for each top-level mode of t
** with two or more entries: x is the bracket's line, dir 1 for ticks to
** the right and -1 to the left; entry i's box has its top at base - i *
** pitch and is bh high. */
static void mode_brackets(FILE *f, const lo_tuple *t, int x, int dir, int base, int pitch, int bh) {
  int rank = lo_tuple_is_int(t) ? 1 : lo_tuple_rank(t);
  for (int k = 1; k <= rank; k++) {
    lo_tuple sub;
    int first;
    lo_err e;
    if (lo_tuple_mode(t, k, &sub, &first, &e) || sub.len < 2) continue;
    int y_low = base - first * pitch + bh, y_high = base - (first + sub.len - 1) * pitch;
    fprintf(f,
            "<path d=\"M%d %d h%d V%d h%d\" fill=\"none\" stroke=\"#adb5bd\" "
            "stroke-width=\"1.2\"><title>mode %d</title></path>",
            x + 4 * dir, y_high, -4 * dir, y_low, 4 * dir, k);
  }
}

/* The arrow diagram of a morphism; -1 when it has too many entries. */
static int svg_morphism(FILE *f, const lo_morphism *m) {
  int n_dom = m->dom.len, n_cod = m->cod.len, star = 0;
  lo_int most = 1;
  if (n_dom > REPORT_ARROWS_MAX || n_cod > REPORT_ARROWS_MAX) return -1;
  for (int i = 0; i < n_dom; i++) {
    if (!m->map[i]) star = 1;
    if (m->dom.leaf[i] > most) most = m->dom.leaf[i];
  }
  for (int j = 0; j < n_cod; j++)
    if (m->cod.leaf[j] > most) most = m->cod.leaf[j];
  /* rows from the bottom: the codomain starts one row up when * is drawn
  ** below it */
  int rows = n_dom > n_cod + star ? n_dom : n_cod + star;
  if (rows < 1) rows = 1;
  int bw = 14 + 7 * digits(most), bh = 20, pitch = 26, top = 26;
  int x0 = 40, x1 = x0 + bw + 130, width = x1 + bw + 40, height = top + rows * pitch + 8;
  int base = top + (rows - 1) * pitch; /* y of the bottom row's box */
  fprintf(f,
          "<svg class=\"morph\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\">"
          "<g font-family=\"ui-monospace,SFMono-Regular,Menlo,Consolas,monospace\" "
          "font-size=\"11\" text-anchor=\"middle\">"
          "<text x=\"%d\" y=\"14\" fill=\"#495057\">domain</text>"
          "<text x=\"%d\" y=\"14\" fill=\"#495057\">codomain</text>",
          width, height, width, height, x0 + bw / 2, x1 + bw / 2);
  for (int i = 0; i < n_dom; i++) { /* arrows first, under the boxes */
    int y = base - i * pitch + bh / 2, tx, ty;
    const char *color = m->map[i] ? arrow_color[i % 6] : "#868e96";
    if (m->map[i]) {
      tx = x1 - 2;
      ty = base - (m->map[i] - 1 + star) * pitch + bh / 2;
    } else {
      tx = x1 + bw / 2 - 12;
      ty = base + bh / 2;
    }
    fprintf(f,
            "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"1.6\"%s>"
            "<title>entry %d -&gt; %s%d</title></line>",
            x0 + bw, y, tx - 6, ty, color, m->map[i] ? "" : " stroke-dasharray=\"4 3\"", i + 1,
            m->map[i] ? "position " : "*", m->map[i]);
    /* the arrowhead, along the line's direction */
    double dx = tx - (x0 + bw), dy = ty - y, len = dx * dx + dy * dy;
    double ux = 1, uy = 0;
    if (len > 0) {
      double s = 1.0;
      for (int it = 0; it < 30; it++) s = 0.5 * (s + len / s); /* sqrt without libm */
      ux = dx / s;
      uy = dy / s;
    }
    fprintf(f, "<polygon points=\"%.1f,%.1f %.1f,%.1f %.1f,%.1f\" fill=\"%s\"/>", (double)tx,
            (double)ty, tx - 8 * ux - 4 * uy, ty - 8 * uy + 4 * ux, tx - 8 * ux + 4 * uy,
            ty - 8 * uy - 4 * ux, color);
  }
  for (int i = 0; i < n_dom; i++) {
    int y = base - i * pitch;
    fprintf(f,
            "<text x=\"%d\" y=\"%d\" fill=\"#868e96\" font-size=\"10\">%d</text>"
            "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"3\" fill=\"#f1f3f5\" "
            "stroke=\"%s\" stroke-width=\"1.2\"/><text x=\"%d\" y=\"%d\">%lld</text>",
            x0 - 22, y + 14, i + 1, x0, y, bw, bh, m->map[i] ? arrow_color[i % 6] : "#868e96",
            x0 + bw / 2, y + 14, (long long)m->dom.leaf[i]);
  }
  for (int j = 0; j < n_cod; j++) {
    int y = base - (j + star) * pitch;
    fprintf(f,
            "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" rx=\"3\" fill=\"#fff\" "
            "stroke=\"#495057\" stroke-width=\"1\"/><text x=\"%d\" y=\"%d\">%lld</text>"
            "<text x=\"%d\" y=\"%d\" fill=\"#868e96\" font-size=\"10\">%d</text>",
            x1, y, bw, bh, x1 + bw / 2, y + 14, (long long)m->cod.leaf[j], x1 + bw + 22, y + 14,
            j + 1);
  }
  if (star)
    fprintf(f, "<text x=\"%d\" y=\"%d\" font-size=\"16\" fill=\"#495057\">*</text>", x1 + bw / 2,
            base + 17);
  mode_brackets(f, &m->dom, x0 - 30, 1, base, pitch, bh);
  mode_brackets(f, &m->cod, x1 + bw + 34, -1, base - star * pitch, pitch, bh);
  fputs("</g></svg>", f);
  return 0;
}

/* One morphism argument: its arrow diagram and the grid of L_f. */
static void figure_morphism(FILE *f, const char *name, const char *text, const lo_morphism *m) {
  lo_layout l;
  lo_err e;
  char note[300] = "entries bottom-to-top; ", lf[256];
  fputs("<figure class=\"pic\"><div class=\"pics\">", f);
  if (svg_morphism(f, m) != 0)
    snprintf(note, sizeof note, "more than %d entries: not drawn; ", REPORT_ARROWS_MAX);
  if (lo_morphism_layout(m, &l, &e) == LO_OK && lo_print_layout(&l, lf, sizeof lf) == LO_OK &&
      svg_grid(f, &l, &e) == 0) {
    size_t len = strlen(note);
    snprintf(note + len, sizeof note - len, "beside it, the layout it encodes: L_f = %s", lf);
  }
  fputs("</div>", f);
  caption(f, name, "morphism", text, note);
  fputs("</figure>", f);
}

/* Draw one value under name; 1 when it was a layout, tiler or morphism. */
static int figure_value(FILE *f, const char *name, const char *a) {
  lo_err e;
  lo_kind kind = lo_kind_of(a);
  if (kind == LO_KIND_LAYOUT) {
    lo_layout l;
    if (lo_parse_layout(a, &l, &e) != LO_OK) return 0;
    figure_layout(f, name, a, &l);
  } else if (kind == LO_KIND_MORPHISM) {
    lo_morphism m;
    if (lo_parse_morphism(a, &m, &e) != LO_OK) return 0;
    figure_morphism(f, name, a, &m);
  } else if (kind == LO_KIND_TILER) {
    lo_layout t;
    if (lo_parse_layout(a, &t, &e) != LO_OK) return 0;
    int modes = lo_tuple_rank(&t.shape);
    for (int j = 1; j <= modes && j <= 4; j++) {
      lo_layout m;
      char text[256], note[64];
      if (lo_layout_mode(&t, j, &m, &e) || lo_print_layout(&m, text, sizeof text)) continue;
      fputs("<figure class=\"pic\">", f);
      snprintf(note, sizeof note, "tiler mode %d of %d", j, modes);
      if (svg_grid(f, &m, &e) != 0) snprintf(note, sizeof note, "cannot be drawn");
      caption(f, name, "tiler mode", text, note);
      fputs("</figure>", f);
    }
  } else {
    return 0;
  }
  return 1;
}

/* Draw the arguments of a stored case line; see report.h. */
void report_svg_case(FILE *f, const char *input, const char *names) {
  gen_case k;
  char op[64], name[GEN_MAX_ARGS][80];
  if (case_line_read(input, &k, op, sizeof op) != 0) return;
  for (int i = 0; i < k.argc; i++) snprintf(name[i], sizeof name[i], "argument %d", i + 1);
  for (int i = 0; names && *names && i < k.argc; i++) { /* "A B C": one name per argument */
    size_t len = strcspn(names, " ");
    snprintf(name[i], sizeof name[i], "%.*s", (int)(len < 79 ? len : 79), names);
    names += len;
    while (*names == ' ') names++;
  }
  for (int i = 0; i < k.argc; i++) figure_value(f, name[i], k.argv[i]);
}

/* Draw one side of a disagreement; see report.h. */
int report_svg_value(FILE *f, const char *label, const char *value) {
  return figure_value(f, label, value);
}

/* Seconds since 1970 of "YYYY-MM-DDTHH:MM:SSZ" (days from the civil date,
** as in Howard Hinnant's algorithm); -1 when it does not parse. */
static long long epoch_of(const char *s) {
  int y, mo, d, h, mi, se;
  if (sscanf(s, "%4d-%2d-%2dT%2d:%2d:%2d", &y, &mo, &d, &h, &mi, &se) != 6) return -1;
  y -= mo <= 2;
  long long era = (y >= 0 ? y : y - 399) / 400;
  long long yoe = y - era * 400;
  long long doy = (153 * (mo + (mo > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  long long doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  long long days = era * 146097 + doe - 719468;
  return days * 86400 + h * 3600 + mi * 60 + se;
}

/* The smallest of 1, 2, 5 times a power of ten that is >= v (v >= 1). */
static long long nice_ceiling(long long v) {
  long long p = 1;
  while (p <= v / 10) p *= 10;
  for (;;) {
    if (p >= v) return p;
    if (2 * p >= v) return 2 * p;
    if (5 * p >= v) return 5 * p;
    p *= 10;
  }
}

/* v in at most four characters and a suffix: 950, 12.5k, 1.2M. */
static const char *compact(long long v, char *buf, size_t cap) {
  if (v < 10000)
    snprintf(buf, cap, "%lld", v);
  else if (v < 1000000)
    snprintf(buf, cap, "%.*fk", v % 1000 ? 1 : 0, (double)v / 1e3);
  else if (v < 1000000000)
    snprintf(buf, cap, "%.*fM", v % 1000000 ? 1 : 0, (double)v / 1e6);
  else
    snprintf(buf, cap, "%.1fG", (double)v / 1e9);
  return buf;
}

/* The plot of cases (line) and failed cases (bars) per run; see report.h. */
void report_svg_trend(FILE *f, const report *r) {
  size_t from = r->n_run > REPORT_TREND_RUNS ? r->n_run - REPORT_TREND_RUNS : 0,
         n = r->n_run - from;
  if (n == 0) return;
  const int w = 1160, h = 210, left = 64, right = 56, top = 24, bottom = 40;
  const int pw = w - left - right, ph = h - top - bottom, inset = 14; /* points clear the axes */
  long long t0 = epoch_of(r->run[from].row.started),
            t1 = epoch_of(r->run[r->n_run - 1].row.started);
  long long most_cases = 1, most_failed = 1;
  for (size_t i = from; i < r->n_run; i++) {
    if (r->run[i].row.cases > most_cases) most_cases = r->run[i].row.cases;
    if (r->run[i].failed > most_failed) most_failed = r->run[i].failed;
  }
  most_cases = nice_ceiling(most_cases);
  most_failed = nice_ceiling(most_failed);
  int by_time = t0 >= 0 && t1 > t0;
  fprintf(f,
          "<svg class=\"trend\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\">"
          "<g font-family=\"system-ui,sans-serif\" font-size=\"11\">",
          w, h, w, h);
  for (int g = 0; g <= 4; g++) { /* grid lines and the two axes' labels */
    int y = top + ph - g * ph / 4;
    char a[16], b[16];
    fprintf(f,
            "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#e9ecef\"/>"
            "<text x=\"%d\" y=\"%d\" text-anchor=\"end\" fill=\"#3b5bdb\">%s</text>"
            "<text x=\"%d\" y=\"%d\" fill=\"#c92a2a\">%s</text>",
            left, y, left + pw, y, left - 6, y + 4, compact(most_cases * g / 4, a, sizeof a),
            left + pw + 6, y + 4, compact(most_failed * g / 4, b, sizeof b));
  }
  fprintf(f,
          "<text x=\"%d\" y=\"14\" fill=\"#3b5bdb\" text-anchor=\"end\">cases</text>"
          "<text x=\"%d\" y=\"14\" fill=\"#c92a2a\">failed</text>",
          left - 6, left + pw + 6);
  double *xs = malloc(n * sizeof *xs);
  if (!xs) {
    fputs("</g></svg>", f);
    return;
  }
  for (size_t i = 0; i < n; i++) {
    long long t = epoch_of(r->run[from + i].row.started);
    double inner = pw - 2 * inset;
    xs[i] = by_time && t >= 0 ? left + inset + inner * (double)(t - t0) / (double)(t1 - t0)
            : n == 1          ? left + pw / 2.0
                              : left + inset + inner * (double)i / (double)(n - 1);
  }
  for (size_t i = 0; i < n; i++) { /* failed cases: bars on the right axis */
    const report_run *x = &r->run[from + i];
    double bh = (double)ph * (double)x->failed / (double)most_failed;
    if (x->failed > 0)
      fprintf(f,
              "<rect x=\"%.1f\" y=\"%.1f\" width=\"6\" height=\"%.1f\" fill=\"#fa5252\" "
              "opacity=\"0.75\"><title>run %lld: %lld failed</title></rect>",
              xs[i] - 3, top + ph - bh, bh, (long long)x->row.id, (long long)x->failed);
  }
  fputs("<polyline fill=\"none\" stroke=\"#3b5bdb\" stroke-width=\"2\" points=\"", f);
  for (size_t i = 0; i < n; i++)
    fprintf(f, "%.1f,%.1f ", xs[i],
            top + ph - (double)ph * (double)r->run[from + i].row.cases / (double)most_cases);
  fputs("\"/>", f);
  for (size_t i = 0; i < n; i++) {
    const report_run *x = &r->run[from + i];
    fprintf(f,
            "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"#fff\" stroke=\"#3b5bdb\" "
            "stroke-width=\"2\"><title>run %lld, %s, revision ",
            xs[i], top + ph - (double)ph * (double)x->row.cases / (double)most_cases,
            (long long)x->row.id, x->row.started);
    report_xml_text(f, report_rev(r, x->row.id), 0);
    fprintf(f, ": %lld cases, %lld failed</title></circle>", (long long)x->row.cases,
            (long long)x->failed);
  }
  /* the time axis: first and last start, and the middle when apart */
  fprintf(f,
          "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#868e96\"/>"
          "<text x=\"%d\" y=\"%d\" fill=\"#495057\">%.16s</text>"
          "<text x=\"%d\" y=\"%d\" fill=\"#495057\" text-anchor=\"end\">%.16s</text>",
          left, top + ph, left + pw, top + ph, left, top + ph + 16, r->run[from].row.started,
          left + pw, top + ph + 16, r->run[r->n_run - 1].row.started);
  fprintf(f,
          "<text x=\"%d\" y=\"%d\" fill=\"#868e96\" text-anchor=\"middle\">run start (UTC), "
          "%zu run%s</text>",
          left + pw / 2, top + ph + 32, n, n == 1 ? "" : "s");
  free(xs);
  fputs("</g></svg>", f);
}

/* A property's sparkline; see report.h. */
void report_svg_spark(FILE *f, const report *r, const char *property) {
  const report_prop *rows[REPORT_SPARK_RUNS];
  int n = 0;
  for (size_t i = r->n_run; i-- > 0 && n < REPORT_SPARK_RUNS;) {
    const report_prop *p = report_prop_of(r, r->run[i].row.id, property);
    if (p) rows[n++] = p;
  }
  const int w = 100, h = 22;
  long long most = 1;
  for (int i = 0; i < n; i++)
    if (rows[i]->cases > most) most = rows[i]->cases;
  fprintf(f, "<svg class=\"spark\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">", w, h, w, h);
  fputs("<polyline fill=\"none\" stroke=\"#3b5bdb\" stroke-width=\"1.5\" points=\"", f);
  for (int i = n - 1; i >= 0; i--) { /* oldest first */
    double x = n == 1 ? w / 2.0 : 3 + (double)(w - 6) * (n - 1 - i) / (n - 1);
    fprintf(f, "%.1f,%.1f ", x, h - 3 - (double)(h - 6) * (double)rows[i]->cases / (double)most);
  }
  fputs("\"/>", f);
  for (int i = n - 1; i >= 0; i--) {
    double x = n == 1 ? w / 2.0 : 3 + (double)(w - 6) * (n - 1 - i) / (n - 1);
    double y = h - 3 - (double)(h - 6) * (double)rows[i]->cases / (double)most;
    fprintf(f,
            "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%s\" fill=\"%s\"><title>run %lld: %lld cases, "
            "%lld failed</title></circle>",
            x, y, rows[i]->failed ? "3" : "1.6", rows[i]->failed ? "#e03131" : "#3b5bdb",
            (long long)rows[i]->run_id, (long long)rows[i]->cases, (long long)rows[i]->failed);
  }
  fputs("</svg>", f);
}
