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

/* Split a copy of text[0..len) (NUL bytes allowed) with proto_split_line;
** the words joined by '|', or "!" and the message (a static buffer). */
static const char *split_line_show(const char *text, size_t len) {
  static char shown[512];
  char line[256], msg[200];
  proto_words w = {0};
  memcpy(line, text, len);
  line[len] = '\0';
  if (proto_split_line(line, len, &w, msg, sizeof msg) != 0) {
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

/* The splitter on brackets, arrows, white space and NUL bytes; expected
** words and columns counted by hand. */
static void split_cases(void) {
  /* every C-locale white space byte separates words at depth 0 */
  T_EQ_STR(split_show("a\tb\vc\fd\re  f"), "a|b|c|d|e|f");
  /* and none does inside brackets of any kind, nested */
  T_EQ_STR(split_show("op ( a [ b < c > ] ) x"), "op|( a [ b < c > ] )|x");
  T_EQ_STR(split_show("op ((a) (b)) c"), "op|((a) (b))|c");
  /* an arrow's '>' closes nothing, inside brackets or out */
  T_EQ_STR(split_show("op a-->b c"), "op|a-->b|c");
  T_EQ_STR(split_show("op (a-->b) c"), "op|(a-->b)|c");
  T_EQ_STR(split_show("op ---->x"), "op|---->x");
  T_EQ_STR(split_show("op ->x"), "!unbalanced brackets: '>' at column 5 closes nothing");
  T_EQ_STR(split_show("op -- >x"), "!unbalanced brackets: '>' at column 7 closes nothing");
  T_EQ_STR(split_show("op -->>"), "!unbalanced brackets: '>' at column 7 closes nothing");
  T_EQ_STR(split_show("op <-->"), "!unbalanced brackets: '<' at column 4 is never closed");
  /* the opener named is the last one at depth 0 of the word */
  T_EQ_STR(split_show("op (a)(b"), "!unbalanced brackets: '(' at column 7 is never closed");
  T_EQ_STR(split_show("op (a (b)"), "!unbalanced brackets: '(' at column 4 is never closed");
  T_EQ_STR(split_show("op x [a"), "!unbalanced brackets: '[' at column 6 is never closed");
  T_EQ_STR(split_show("op x a]"), "!unbalanced brackets: ']' at column 7 closes nothing");
  /* 70 levels deep is still one word */
  char deep[200], want[200];
  memset(deep, '(', 70);
  memset(deep + 70, ')', 70);
  memcpy(want, deep, 140);
  memcpy(deep + 140, " z", 3);
  memcpy(want + 140, "|z", 3);
  T_EQ_STR(split_show(deep), want);
}

/* proto_split_line: a NUL byte before the end is an error, and it comes
** before any bracket error, wherever it is. */
static void split_line_cases(void) {
  T_EQ_STR(split_line_show("size 12:1", 9), "size|12:1");
  T_EQ_STR(split_line_show("size\0 12:1", 10), "!the line contains a NUL byte");
  T_EQ_STR(split_line_show("size 12:1 \0", 11), "!the line contains a NUL byte");
  T_EQ_STR(split_line_show("\0", 1), "!the line contains a NUL byte");
  T_EQ_STR(split_line_show("size (1\0)", 9), "!the line contains a NUL byte");
  T_EQ_STR(split_line_show("size (1 x\0", 10), "!the line contains a NUL byte");
  T_EQ_STR(split_line_show("size ) x \0", 10), "!the line contains a NUL byte");
  T_EQ_STR(split_line_show("size ) x", 8), "!unbalanced brackets: ')' at column 6 closes nothing");
  T_EQ_STR(split_line_show("", 0), "");
}

int main(void) {
  split_cases();
  split_line_cases();
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
