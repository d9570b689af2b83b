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

/* One row of cells: "%2d  " with the row index m, then "| L(m,n) " per
** column, each value right-aligned in width - 2, closed by "|". */
static int grid_row(grid_out *g, const lo_layout *m1, const lo_layout *m2, lo_int m, lo_int cols,
                    int width, lo_err *err) {
  lo_int row;
  if (lo_apply(m1, m, &row, err)) return err->code;
  grid_put(g, "%2lld  ", (long long)m);
  for (lo_int n = 0; n < cols && !g->full; n++) {
    lo_int col, v;
    if (lo_apply(m2, n, &col, err) || lo_add(row, col, &v, "grid cell", err)) return err->code;
    grid_put(g, "| %*lld ", width - 2, (long long)v);
  }
  grid_put(g, "|\n");
  return LO_OK;
}

/* Check that l can be drawn: a rank-2 layout (not a tiler) whose cosize
** fits in an int; its two modes into m1, m2, sizes into rows, cols. */
static int grid_check(const lo_layout *l, lo_layout *m1, lo_layout *m2, lo_int *rows, lo_int *cols,
                      lo_int *cosize, lo_err *err) {
  if (l->is_tiler) return lo_fail(err, LO_EUNDEF, "print_layout draws a layout, not a tiler");
  if (lo_tuple_is_int(&l->shape) || lo_tuple_rank(&l->shape) != 2)
    return lo_fail(err, LO_EUNDEF, "print_layout needs a rank-2 layout (rank %d given)",
                   lo_tuple_is_int(&l->shape) ? 1 : lo_tuple_rank(&l->shape));
  if (lo_layout_mode(l, 1, m1, err) || lo_layout_mode(l, 2, m2, err) || lo_size(m1, rows, err) ||
      lo_size(m2, cols, err) || lo_cosize(l, cosize, err))
    return err->code;
  if (*cosize > INT_MAX)
    return lo_fail(err, LO_EOVERFLOW,
                   "print_layout: cosize %lld exceeds 2^31-1 (CuTe prints the cells as int)",
                   (long long)*cosize);
  return LO_OK;
}

/* Print the grid of l; see lo.h. */
int lo_print_grid(const lo_layout *l, char *buf, size_t cap, lo_err *err) {
  lo_layout m1, m2;
  lo_int rows, cols, cosize;
  if (cap) buf[0] = 0;
  if (grid_check(l, &m1, &m2, &rows, &cols, &cosize, err)) return err->code;
  int width = grid_digits(cosize) + 2;
  grid_out g = {buf, cap, 0, cap == 0};
  if (!g.full) {
    if (lo_print_layout(l, buf, cap) != LO_OK) g.full = 1;
    g.len = strlen(buf);
  }
  grid_put(&g, "\n    ");
  for (lo_int n = 0; n < cols && !g.full; n++) grid_put(&g, "  %*lld ", width - 2, (long long)n);
  grid_put(&g, "\n");
  for (lo_int m = 0; m < rows && !g.full; m++) {
    grid_rule(&g, cols, width);
    if (grid_row(&g, &m1, &m2, m, cols, width, err)) return err->code;
  }
  grid_rule(&g, cols, width);
  if (g.full) {
    if (cap) buf[0] = 0;
    return lo_fail(err, LO_ESPACE, "the grid is longer than %zu bytes", cap);
  }
  return LO_OK;
}
