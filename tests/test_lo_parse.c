/* test_lo_parse.c -- parsing and printing of tuples, layouts, tilers and
** morphisms (oracle/lo_parse.c, lo_tuple.c). */
#include "lo_test.h"
#include "t.h"

#include <string.h>

/* Parse s as a layout and print it back. */
static const char *round_layout(const char *s) {
  static char buf[4096];
  lo_layout l;
  lo_err e;
  if (lo_parse_layout(s, &l, &e)) {
    snprintf(buf, sizeof buf, "error: %s", e.msg);
    return buf;
  }
  lo_print_layout(&l, buf, sizeof buf);
  return buf;
}

static const char *round_morphism(const char *s) {
  static char buf[4096];
  lo_morphism f;
  lo_err e;
  if (lo_parse_morphism(s, &f, &e)) {
    snprintf(buf, sizeof buf, "error: %s", e.msg);
    return buf;
  }
  lo_print_morphism(&f, buf, sizeof buf);
  return buf;
}

int main(void) {
  /* canonical forms print back unchanged */
  const char *canon[] = {"12:1",
                         "(2,3):(1,2)",
                         "((2,2),3):((1,4),2)",
                         "(4):(1)",
                         "():()",
                         "((),(3,())):((),(7,()))",
                         "<4:1,(2,2):(1,4)>"};
  for (size_t i = 0; i < sizeof canon / sizeof *canon; i++)
    T_EQ_STR(round_layout(canon[i]), canon[i]);
  /* spaces are accepted anywhere between tokens */
  T_EQ_STR(round_layout(" ( 2 , 3 ) : ( 1 , 2 ) "), "(2,3):(1,2)");
  T_EQ_STR(round_layout("< 4:1 , 8 >"), "<4:1,8>"); /* a bare integer stays CuTe's integral tiler */
  T_EQ_STR(round_layout("(3:4,(2:2,5:1))"), "(3,(2,5)):(4,(2,1))"); /* make_layout groups */
  /* CuTe's tiler forms: a bare integer, '_' (the mode untouched), a tuple as
  ** a nested tiler to any depth, a layout inside a nested tiler; each
  ** prints back as written (canonically) */
  const char *tilers[] = {
      "<1,2>",         "<_,2>",         "<(2,4)>",  "<(2,4:2),3>", "<((2,_),(1,3:2)),_>",
      "<(2,4):(1,2)>", "<((4)):((1))>", "<():(),2>"};
  for (size_t i = 0; i < sizeof tilers / sizeof *tilers; i++)
    T_EQ_STR(round_layout(tilers[i]), tilers[i]);
  T_EQ_STR(round_layout("< ( 2 , _ ) , _4 >"), "<(2,_),4>");
  T_EQ_STR(round_layout("<()>"), "<():()>"); /* a tuple with no integers: the empty layout */
  T_EQ_STR(round_layout("<_2:1>"), "<2:1>"); /* _2 is CuTe's static 2, not '_' */
  {
    lo_layout t, e1, e2;
    lo_err e;
    lo_entry_kind k1, k2;
    T_EQ_INT(lo_parse_layout("<(2,4:2),_>", &t, &e), LO_OK);
    T_EQ_INT(lo_tiler_entry(&t, 1, &e1, &k1, &e), LO_OK);
    T_EQ_INT(k1, LO_ENTRY_TILER);
    T_EQ_INT(lo_tiler_entry(&e1, 1, &e2, &k2, &e), LO_OK);
    T_EQ_INT(k2, LO_ENTRY_INT);
    T_EQ_INT(lo_tiler_entry(&e1, 2, &e2, &k2, &e), LO_OK);
    T_EQ_INT(k2, LO_ENTRY_LAYOUT);
    T_EQ_INT(e2.stride[0], 2);
    T_EQ_INT(lo_tiler_entry(&t, 2, &e1, &k1, &e), LO_OK);
    T_EQ_INT(k1, LO_ENTRY_SKIP);
  }
  T_EQ_STR(round_layout("<(2,4>"), "error: column 6: expected ',' or ')', found '>'");
  T_EQ_STR(round_layout("<(2:1,4):(1,2)>"), "error: column 9: expected ',' or '>', found ':'");
  T_EQ_STR(round_layout("<__>"), "error: column 3: expected ',' or '>', found '_'");
  /* nesting is bounded: a tiler nested past the limit is an error, not a
  ** deep recursion */
  {
    char deep[256];
    lo_layout t;
    lo_err e;
    size_t k = 0;
    deep[k++] = '<';
    for (int i = 0; i < 70; i++) deep[k++] = '(';
    deep[k++] = '2';
    for (int i = 0; i < 70; i++) deep[k++] = ')';
    deep[k++] = '>';
    deep[k] = 0;
    T_EQ_INT(lo_parse_layout(deep, &t, &e), LO_ELIMIT);
    T_EQ_STR(e.msg, "column 66: tiler nested deeper than 63");
  }
  /* a shape read as CuTe's tiler of its modes */
  {
    lo_layout t;
    lo_err e;
    char buf[256];
    T_EQ_INT(lo_parse_shape_tiler(" ( 4 , ( 2 , _ ) ) ", &t, &e), LO_OK);
    lo_print_layout(&t, buf, sizeof buf);
    T_EQ_STR(buf, "<4,(2,_)>");
    T_EQ_INT(lo_parse_shape_tiler("(4,2:1)", &t, &e), LO_ESYNTAX);
    T_EQ_STR(e.msg, "column 4: expected an integer, '_' or '(' in a shape, found '2'");
    T_EQ_INT(lo_parse_shape_tiler("4", &t, &e), LO_ESYNTAX);
  }
  /* errors name the column and what was expected */
  T_EQ_STR(round_layout("(2,3):(1,2"), "error: column 11: expected ',' or ')', found end of input");
  T_EQ_STR(round_layout("(2,3):(1,(2,3))"),
           "error: column 7: stride is not congruent to the shape at column 1");
  T_EQ_STR(round_layout("(2,0):(1,2)"), "error: column 4: entries must be positive, found 0");
  T_EQ_STR(round_layout("(2,-3):(1,2)"), "error: column 4: expected an integer or '(', found '-'");
  T_EQ_STR(round_layout("12"), "error: column 3: expected ':', found end of input");
  T_EQ_STR(round_layout("99999999999999999999:1"), "error: column 1: integer larger than 2^63-1");
  /* 2^63 is the first integer refused, 2^63-1 the last one read */
  T_EQ_STR(round_layout("9223372036854775808:1"), "error: column 1: integer larger than 2^63-1");
  T_EQ_STR(round_layout("9223372036854775807:1"), "9223372036854775807:1");
  T_EQ_STR(round_layout("4:1 x"), "error: column 5: expected end of input, found 'x'");
  T_EQ_STR(round_layout("<>"), "error: column 2: expected an integer or '(', found '>'");
  /* nesting and length limits are errors, not crashes */
  char deep[300];
  memset(deep, '(', 70);
  strcpy(deep + 70, "1");
  T_CHECK(strstr(round_layout(deep), "nesting deeper than 64") != NULL);
  char wide[1024] = "(";
  for (int i = 0; i < 65; i++) strcat(wide, i ? ",2" : "2");
  strcat(wide, "):(1)");
  T_CHECK(strstr(round_layout(wide), "too many entries (limit 64)") != NULL);
  /* morphisms */
  T_EQ_STR(round_morphism("(2,3)--(*,1)-->(3)"), "(2,3)--(*,1)-->(3)");
  T_EQ_STR(round_morphism(" ( 2 , 3 ) -- ( * , 1 ) --> ( 3 ) "), "(2,3)--(*,1)-->(3)");
  T_EQ_STR(round_morphism("()--()-->()"), "()--()-->()");
  T_EQ_STR(round_morphism("64--(2)-->((64,64),512)"), "64--(2)-->((64,64),512)");
  T_EQ_STR(round_morphism("(2,3)--(1)-->(3)"), "error: map has 1 entries but the domain has 2");
  T_EQ_STR(round_morphism("(2,3)--(1,1)-->(2)"),
           "error: not a morphism: codomain position 1 is hit twice");
  T_EQ_STR(round_morphism("(2)--(1)-->(3)"),
           "error: not a morphism: domain entry 1 (2) maps to codomain entry 1 (3)");
  T_EQ_STR(round_morphism("(2)--(2)-->(2)"),
           "error: not a morphism: entry 1 maps to 2, outside 1..1");
  T_EQ_STR(round_morphism("(2)--(1)->(2)"), "error: column 9: expected '-->', found '-'");
  /* kinds by syntax */
  T_EQ_INT(lo_kind_of("(2)--(1)-->(2)"), LO_KIND_MORPHISM);
  T_EQ_INT(lo_kind_of(" <2:1>"), LO_KIND_TILER);
  T_EQ_INT(lo_kind_of("2:1"), LO_KIND_LAYOUT);
  T_EQ_INT(lo_kind_of("(2,(3))"), LO_KIND_TUPLE);
  T_EQ_INT(lo_kind_of(" Sw<3,4,3> "), LO_KIND_SWIZZLE);
  T_EQ_INT(lo_kind_of("Swizzle<2,3,-3>"), LO_KIND_SWIZZLE);
  T_EQ_INT(lo_kind_of("Sw<3,4,3> o 0 o (8,64):(64,1)"), LO_KIND_COMPOSED);
  T_EQ_INT(lo_kind_of("Sw<3,4,3>o_0o8:1"), LO_KIND_COMPOSED);
  T_EQ_INT(lo_kind_of("Sw<3,4,3"), LO_KIND_SWIZZLE);
  /* nested tuple structure: ((2,3),4) has rank 2, 3 entries, depth 2;
  ** 8 and (8) differ (depth 0 and 1) */
  T_EQ_STR(EV1("rank_len_depth_size", "((2,3),4)"), "(2,3,2,24)");
  T_EQ_STR(EV1("rank_len_depth", "8"), "(1,1,0)");
  T_EQ_STR(EV1("rank_len_depth", "(8)"), "(1,1,1)");
  T_EQ_STR(EV1("rank_len_depth", "()"), "(0,0,1)");
  T_EQ_STR(EV2("congruent", "8", "(8)"), "false");
  T_EQ_STR(EV2("mode", "((2,3),4)", "1"), "(2,3)");
  T_EQ_STR(EV2("mode", "((2,3),4)", "3"), "error: argument 2: position 3 outside 1..2");
  /* CuTe's printout of static integers: print(layout) writes Int<2>{} as
  ** _2; the first two strings are what CuTe C++ printed for
  ** make_layout(make_shape(_2{},_3{}), make_stride(_1{},_2{})) and for
  ** shape ((_2,_2),_3), stride ((_1,_4),_0).  The mark is read anywhere
  ** an integer is, and means the integer. */
  T_EQ_STR(round_layout("(_2,_3):(_1,_2)"), "(2,3):(1,2)");
  T_EQ_STR(round_layout("((_2,_2),_3):((_1,_4),_0)"), "((2,2),3):((1,4),0)");
  T_EQ_STR(round_layout("(_2,3):(1,_2)"), "(2,3):(1,2)"); /* static and dynamic mixed */
  T_EQ_STR(round_layout("_12:_1"), "12:1");
  T_EQ_STR(round_layout("<_4:_1,_8>"), "<4:1,8>");
  T_EQ_STR(round_layout("(_3:_4,(_2:_2,_5:_1))"), "(3,(2,5)):(4,(2,1))");
  T_EQ_STR(round_morphism("(_2,_2)--(_2,*)-->(_2,_2)"), "(2,2)--(2,*)-->(2,2)");
  T_EQ_STR(EV1("size", "(_2,_3):(_1,_2)"), "6");
  T_EQ_STR(EV2("apply", "(_4,_2):(_2,_1)", "_3"), "6"); /* (3,0) -> 3*2 */
  T_EQ_STR(EV1("rank", "(_2,(_3,_4))"), "2");
  lo_int v = 0;
  lo_err e;
  T_EQ_INT(lo_parse_int("_7", &v, &e), LO_OK);
  T_EQ_INT(v, 7);
  /* a '_' not directly followed by a digit is an error naming its column */
  T_EQ_STR(round_layout("(_,3):(1,2)"), "error: column 3: expected a digit after '_', found ','");
  T_EQ_STR(round_layout("(_ 2,3):(1,2)"), "error: column 3: expected a digit after '_', found ' '");
  T_EQ_STR(round_layout("__2:1"), "error: column 2: expected a digit after '_', found '_'");
  T_EQ_STR(round_layout("(2,3):(1,_x)"), "error: column 11: expected a digit after '_', found 'x'");
  T_EQ_STR(round_layout("(2_,3):(1,2)"), "error: column 3: expected ',' or ')', found '_'");
  T_EQ_STR(round_layout("_"), "error: column 2: expected a digit after '_', found end of input");
  T_EQ_STR(round_layout("(_0,3):(1,2)"), "error: column 2: entries must be positive, found 0");
  T_EQ_STR(round_layout("_9223372036854775808:1"), "error: column 1: integer larger than 2^63-1");
  T_EQ_STR(round_morphism("(2)--(_)-->(2)"),
           "error: column 8: expected a digit after '_', found ')'");
  T_EQ_INT(lo_parse_int("_", &v, &e), LO_ESYNTAX);
  T_EQ_STR(e.msg, "column 2: expected a digit after '_', found end of input");
  return T_DONE();
}
