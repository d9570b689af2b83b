/* test_proto.c -- unit tests of the batch protocol's line splitter (sut/proto.c). */
#include "proto.h"
#include "t.h"

#include <stdlib.h>
#include <string.h>

/* Split a copy of text and return the words joined by '|', or "!" followed
** by the error message; the result is a static buffer. */
static const char *split_show(const char *text) {
  static char shown[512];
  char line[256], msg[200];
  proto_words w = {0};
  snprintf(line, sizeof line, "%s", text);
  if (proto_split_words(line, &w, msg, sizeof msg) != 0) {
    snprintf(shown, sizeof shown, "!%s", msg);
  } else {
    shown[0] = '\0';
    for (size_t i = 0; i < w.len; i++) {
      if (i) strcat(shown, "|");
      strcat(shown, w.word[i]);
    }
  }
  proto_words_free(&w);
  return shown;
}

int main(void) {
  T_EQ_STR(split_show("size 12:1"), "size|12:1");
  T_EQ_STR(split_show("  size\t12:1  \r"), "size|12:1");
  T_EQ_STR(split_show("size"), "size");
  T_EQ_STR(split_show(""), "");
  T_EQ_STR(split_show("composition (2, 3):(1, 2) 4:1"), "composition|(2, 3):(1, 2)|4:1");
  T_EQ_STR(split_show("composition 20:2 < 4:1, 5:2 >"), "composition|20:2|< 4:1, 5:2 >");
  T_EQ_STR(split_show("layout (2,3)--(*,1)-->(3)"), "layout|(2,3)--(*,1)-->(3)");
  T_EQ_STR(split_show("layout (2, 3)--(*, 1)-->(3) x"), "layout|(2, 3)--(*, 1)-->(3)|x");
  T_EQ_STR(split_show("layout 2--(1)--->2"), "layout|2--(1)--->2");
  T_EQ_STR(split_show("op [a b] c"), "op|[a b]|c");
  T_EQ_STR(split_show("size (2,3"), "!unbalanced brackets: '(' at column 6 is never closed");
  T_EQ_STR(split_show("size 2,3)"), "!unbalanced brackets: ')' at column 9 closes nothing");
  T_EQ_STR(split_show("size (2))(3"), "!unbalanced brackets: ')' at column 9 closes nothing");
  T_EQ_STR(split_show("op a>b"), "!unbalanced brackets: '>' at column 5 closes nothing");

  T_CHECK(proto_line_is_blank("", 0));
  T_CHECK(proto_line_is_blank(" \t\r", 3));
  T_CHECK(proto_line_is_blank("  # size 1:1", 12));
  T_CHECK(!proto_line_is_blank("size 1:1 # no", 13));
  T_CHECK(!proto_line_is_blank(" \0#", 3));

  /* many words: the list grows */
  char many[2001];
  for (int i = 0; i < 1000; i++) {
    many[2 * i] = 'x';
    many[2 * i + 1] = ' ';
  }
  many[2000] = '\0';
  proto_words w = {0};
  char msg[100];
  T_EQ_INT(proto_split_words(many, &w, msg, sizeof msg), 0);
  T_EQ_INT(w.len, 1000);
  T_EQ_STR(w.word[999], "x");
  proto_words_free(&w);
  return T_DONE();
}
