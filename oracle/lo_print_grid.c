/*
** lo_print_grid.c -- the grid CuTe's print_layout draws for a rank-2
** layout: the layout, a line of column indices, then for each coordinate
** m of mode 1 a rule and a row of cells "| L(m,n) ", closed by a rule.
** Cells are as wide as the cosize's decimal digits plus two.
*/
#include "lo.h"

#include <assert.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Text being written into buf[0..cap); full once something did not fit. */
typedef struct grid_out {
  char *buf;
  size_t cap, len;
  int full;
} grid_out;

/* Append printf-style text; past the capacity the output is marked full. */
static void grid_put(grid_out *g, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
static void grid_put(grid_out *g, const char *fmt, ...) {
  if (g->full) return;
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(g->buf + g->len, g->cap - g->len, fmt, ap);
  va_end(ap);
  if (n < 0 || (size_t)n >= g->cap - g->len) {
    g->full = 1;
    return;
  }
  g->len += (size_t)n;
}

/* Number of decimal digits of x >= 0, at least 1. */
static int grid_digits(lo_int x) {
  int d = 1;
  assert(x >= 0);
  while (x >= 10) x /= 10, d++;
  return d;
}

/* The rule under the column line and between rows: "    " then "+" and
** width dashes per column, closed by "+". */
static void grid_rule(grid_out *g, lo_int cols, int width) {
  grid_put(g, "    ");
  for (lo_int n = 0; n < cols && !g->full; n++) {
    grid_put(g, "+");
    for (int i = 0; i < width; i++) grid_put(g, "-");
  }
  grid_put(g, "+\n");
}

/* The value of a cell: the layout's, or the composed layout's (c set). */
typedef struct grid_fn {
  const lo_layout *m1, *m2; /* the two modes of the (inner) layout */
  const lo_composed *c;     /* NULL for a plain layout */
} grid_fn;

/* The cell (m, n): m1(m) + m2(n), then offset and swizzle for a composed
** layout; an error past 2^31-1 for a composed layout (CuTe prints int). */
static int grid_cell(const grid_fn *f, lo_int m, lo_int n, lo_int *v, lo_err *err) {
  lo_int row, col;
  if (lo_apply(f->m1, m, &row, err) || lo_apply(f->m2, n, &col, err) ||
      lo_add(row, col, v, "grid cell", err))
    return err->code;
  if (!f->c) return LO_OK;
  lo_int off = f->c->smem_bits > 0 ? 0 : f->c->offset;
  if (lo_add(off, *v, v, "grid cell", err) || lo_swizzle_apply(&f->c->sw, *v, v, err))
    return err->code;
  if (*v > INT_MAX || *v < INT_MIN)
    return lo_fail(err, LO_EOVERFLOW, "print_layout: cell %lld exceeds an int (CuTe prints int)",
                   (long long)*v);
  return LO_OK;
}

/* One row of cells: "%2d  " with the row index m, then "| L(m,n) " per
** column, each value right-aligned in width - 2, closed by "|". */
static int grid_row(grid_out *g, const grid_fn *f, lo_int m, lo_int cols, int width, lo_err *err) {
  grid_put(g, "%2lld  ", (long long)m);
  for (lo_int n = 0; n < cols && !g->full; n++) {
    lo_int v;
    if (grid_cell(f, m, n, &v, err)) return err->code;
    grid_put(g, "| %*lld ", width - 2, (long long)v);
  }
  grid_put(g, "|\n");
  return LO_OK;
}

/* Check that l can be drawn: a rank-2 layout (not a tiler) whose cosize
** (CuTe's, the span of the image: lo_cute_cosize_span, lo_cosize when no
** stride is negative) fits in an int; its two modes into m1, m2, sizes into rows, cols. */
static int grid_check(const lo_layout *l, lo_layout *m1, lo_layout *m2, lo_int *rows, lo_int *cols,
                      lo_int *cosize, lo_err *err) {
  if (l->is_tiler) return lo_fail(err, LO_EUNDEF, "print_layout draws a layout, not a tiler");
  if (lo_tuple_is_int(&l->shape) || lo_tuple_rank(&l->shape) != 2)
    return lo_fail(err, LO_EUNDEF, "print_layout needs a rank-2 layout (rank %d given)",
                   lo_tuple_is_int(&l->shape) ? 1 : lo_tuple_rank(&l->shape));
  if (lo_layout_mode(l, 1, m1, err) || lo_layout_mode(l, 2, m2, err) || lo_size(m1, rows, err) ||
      lo_size(m2, cols, err) || lo_cute_cosize_span(l, cosize, err))
    return err->code;
  if (*cosize > INT_MAX)
    return lo_fail(err, LO_EOVERFLOW,
                   "print_layout: cosize %lld exceeds 2^31-1 (CuTe prints the cells as int)",
                   (long long)*cosize);
  return LO_OK;
}

/* Draw the grid of f under the header line already in buf[0..strlen):
** cosize (the inner layout's, as CuTe's cosize) sets the cell width. */
static int grid_draw(const grid_fn *f, lo_int rows, lo_int cols, lo_int cosize, char *buf,
                     size_t cap, int full, lo_err *err) {
  int width = grid_digits(cosize) + 2;
  grid_out g = {buf, cap, full ? 0 : strlen(buf), full || cap == 0};
  grid_put(&g, "\n    ");
  for (lo_int n = 0; n < cols && !g.full; n++) grid_put(&g, "  %*lld ", width - 2, (long long)n);
  grid_put(&g, "\n");
  for (lo_int m = 0; m < rows && !g.full; m++) {
    grid_rule(&g, cols, width);
    if (grid_row(&g, f, m, cols, width, err)) return err->code;
  }
  grid_rule(&g, cols, width);
  if (g.full) {
    if (cap) buf[0] = 0;
    return lo_fail(err, LO_ESPACE, "the grid is longer than %zu bytes", cap);
  }
  return LO_OK;
}

/* Print the grid of l; see lo.h. */
int lo_print_grid(const lo_layout *l, char *buf, size_t cap, lo_err *err) {
  lo_layout m1, m2;
  lo_int rows, cols, cosize;
  if (cap) buf[0] = 0;
  if (grid_check(l, &m1, &m2, &rows, &cols, &cosize, err)) return err->code;
  grid_fn f = {&m1, &m2, NULL};
  int full = cap == 0 || lo_print_layout(l, buf, cap) != LO_OK;
  return grid_draw(&f, rows, cols, cosize, buf, cap, full, err);
}

/* Print the grid of a composed layout as CuTe's print_layout does; see
** lo.h.  An smem_ptr offset is first made CuTe's position-independent
** layout (lo_composed_position_independent). */
int lo_print_grid_composed(const lo_composed *c, char *buf, size_t cap, lo_err *err) {
  lo_layout m1, m2;
  lo_int rows, cols, cosize;
  lo_composed pi;
  if (cap) buf[0] = 0;
  if (c->smem_bits > 0) {
    if (lo_composed_position_independent(c, &pi, err)) return err->code;
    c = &pi;
  }
  if (grid_check(&c->inner, &m1, &m2, &rows, &cols, &cosize, err)) return err->code;
  grid_fn f = {&m1, &m2, c};
  int full = cap == 0 || lo_print_composed(c, buf, cap) != LO_OK;
  return grid_draw(&f, rows, cols, cosize, buf, cap, full, err);
}
