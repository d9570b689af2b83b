/* test_lo_print_grid.c -- the grid of CuTe's print_layout
** (oracle/lo_print_grid.c) and the op print_layout. */
#include "lo_test.h"
#include "t.h"

#include <string.h>

/* The grid of the layout in s, or "error: MESSAGE". */
static const char *grid(const char *s, size_t cap) {
  static char buf[8192], shown[8192 + 8];
  lo_layout l;
  lo_err e;
  if (cap > sizeof buf) cap = sizeof buf;
  if (lo_parse_layout(s, &l, &e) || lo_print_grid(&l, buf, cap, &e)) {
    snprintf(shown, sizeof shown, "error: %s", e.msg);
    return shown;
  }
  return buf;
}

/* The expected grids below are what CuTe C++ printed (cute::print_layout
** of cute/util/print_tensor.hpp, CUTLASS 7107b05535f8977f5ecb9d01ee203205b1fd9bc4,
** compiled with g++) for layouts made with dynamic integers, e.g.
** print_layout(make_layout(make_shape(make_shape(2,2),3),
**                          make_stride(make_stride(1,4),2))). */
static const char cute_2x3[] = "(2,3):(1,2)\n"
                               "      0   1   2 \n"
                               "    +---+---+---+\n"
                               " 0  | 0 | 2 | 4 |\n"
                               "    +---+---+---+\n"
                               " 1  | 1 | 3 | 5 |\n"
                               "    +---+---+---+\n";

static const char cute_nested_rows[] = "((2,2),3):((1,4),2)\n"
                                       "       0    1    2 \n"
                                       "    +----+----+----+\n"
                                       " 0  |  0 |  2 |  4 |\n"
                                       "    +----+----+----+\n"
                                       " 1  |  1 |  3 |  5 |\n"
                                       "    +----+----+----+\n"
                                       " 2  |  4 |  6 |  8 |\n"
                                       "    +----+----+----+\n"
                                       " 3  |  5 |  7 |  9 |\n"
                                       "    +----+----+----+\n";

static const char cute_nested_cols[] = "(4,(2,3)):(6,(3,1))\n"
                                       "       0    1    2    3    4    5 \n"
                                       "    +----+----+----+----+----+----+\n"
                                       " 0  |  0 |  3 |  1 |  4 |  2 |  5 |\n"
                                       "    +----+----+----+----+----+----+\n"
                                       " 1  |  6 |  9 |  7 | 10 |  8 | 11 |\n"
                                       "    +----+----+----+----+----+----+\n"
                                       " 2  | 12 | 15 | 13 | 16 | 14 | 17 |\n"
                                       "    +----+----+----+----+----+----+\n"
                                       " 3  | 18 | 21 | 19 | 22 | 20 | 23 |\n"
                                       "    +----+----+----+----+----+----+\n";

static const char cute_stride0[] = "(3,2):(0,5)\n"
                                   "      0   1 \n"
                                   "    +---+---+\n"
                                   " 0  | 0 | 5 |\n"
                                   "    +---+---+\n"
                                   " 1  | 0 | 5 |\n"
                                   "    +---+---+\n"
                                   " 2  | 0 | 5 |\n"
                                   "    +---+---+\n";

/* (12,2):(1,12): row indices of two digits, cells of width 4 (cosize 24). */
static const char cute_12x2_head[] = "(12,2):(1,12)\n"
                                     "       0    1 \n"
                                     "    +----+----+\n"
                                     " 0  |  0 | 12 |\n";
static const char cute_12x2_tail[] = "    +----+----+\n"
                                     "10  | 10 | 22 |\n"
                                     "    +----+----+\n"
                                     "11  | 11 | 23 |\n"
                                     "    +----+----+\n";

static const char cute_1x1[] = "(1,1):(0,0)\n"
                               "      0 \n"
                               "    +---+\n"
                               " 0  | 0 |\n"
                               "    +---+\n";

int main(void) {
  T_EQ_STR(grid("(2,3):(1,2)", 8192), cute_2x3);
  T_EQ_STR(grid("((2,2),3):((1,4),2)", 8192), cute_nested_rows);
  T_EQ_STR(grid("(4,(2,3)):(6,(3,1))", 8192), cute_nested_cols);
  T_EQ_STR(grid("(3,2):(0,5)", 8192), cute_stride0);
  T_EQ_STR(grid("(1,1):(0,0)", 8192), cute_1x1);
  const char *g = grid("(12,2):(1,12)", 8192);
  T_CHECK(strncmp(g, cute_12x2_head, strlen(cute_12x2_head)) == 0);
  T_CHECK(strlen(g) > strlen(cute_12x2_tail) &&
          strcmp(g + strlen(g) - strlen(cute_12x2_tail), cute_12x2_tail) == 0);
  /* CuTe's static printout is read too; the first line is canonical */
  T_EQ_STR(grid("(_2,_3):(_1,_2)", 8192), cute_2x3);
  /* the group notation of make_layout gives the same nested layout */
  T_EQ_STR(grid("((2,2):(1,4),3:2)", 8192), cute_nested_rows);
  /* what CuTe refuses to compile (rank != 2) or would print wrong */
  T_EQ_STR(grid("4:1", 8192), "error: print_layout needs a rank-2 layout (rank 1 given)");
  T_EQ_STR(grid("(2,2,2):(1,2,4)", 8192),
           "error: print_layout needs a rank-2 layout (rank 3 given)");
  T_EQ_STR(grid("<2:1,2:1>", 8192), "error: print_layout draws a layout, not a tiler");
  T_EQ_STR(grid("(2,2):(1,2147483647)", 8192),
           "error: print_layout: cosize 2147483649 exceeds 2^31-1 (CuTe prints the cells as int)");
  /* a buffer one byte short of the grid: LO_ESPACE, buffer emptied */
  char small[sizeof cute_2x3 - 1];
  lo_layout l;
  lo_err e;
  T_EQ_INT(lo_parse_layout("(2,3):(1,2)", &l, &e), LO_OK);
  T_EQ_INT(lo_print_grid(&l, small, sizeof small, &e), LO_ESPACE);
  T_EQ_STR(small, "");
  char exact[sizeof cute_2x3];
  T_EQ_INT(lo_print_grid(&l, exact, sizeof exact, &e), LO_OK);
  T_EQ_STR(exact, cute_2x3);
  /* the op: the same text without the last line break */
  char want[sizeof cute_nested_rows];
  memcpy(want, cute_nested_rows, sizeof want);
  want[strlen(want) - 1] = 0;
  T_EQ_STR(EV1("print_layout", "((_2,_2),_3):((_1,_4),_2)"), want);
  T_EQ_STR(EV1("print_layout", "(2,2,2):(1,2,4)"),
           "error: print_layout needs a rank-2 layout (rank 3 given)");
  T_EQ_STR(EV1("print_layout", "(_,2):(1,2)"),
           "error: argument 1: column 3: expected a digit after '_', found ','");
  return T_DONE();
}
