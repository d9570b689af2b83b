/* test_proto.c -- unit tests of the batch protocol's line splitter (gen/case_line.c). */
#include "case_line.h"
#include "t.h"

#include <stdlib.h>
#include <string.h>

/* The words of w joined by '|' when the split returned rc 0, else "!" and
** msg; frees w's array.  The result is a static buffer. */
static const char *shown_words(int rc, case_words *w, const char *msg) {
  static char shown[2048];
  if (rc != 0) {
    snprintf(shown, sizeof shown, "!%s", msg);
  } else {
    shown[0] = '\0';
    for (size_t i = 0; i < w->len; i++) {
      if (i) strcat(shown, "|");
      strcat(shown, w->word[i]);
    }
  }
  case_words_free(w);
  return shown;
}

/* Split a copy of text and return the words joined by '|', or "!" followed
** by the error message; the result is a static buffer. */
static const char *split_show(const char *text) {
  char line[256], msg[200];
  case_words w = {0};
  snprintf(line, sizeof line, "%s", text);
  return shown_words(case_line_split(line, &w, msg, sizeof msg), &w, msg);
}

/* Split a copy of text[0..len) (NUL bytes allowed) with case_line_split_n;
** the words joined by '|', or "!" and the message (a static buffer). */
static const char *split_line_show(const char *text, size_t len) {
  char line[1024], msg[200];
  case_words w = {0};
  memcpy(line, text, len);
  line[len] = '\0';
  return shown_words(case_line_split_n(line, len, &w, msg, sizeof msg), &w, msg);
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
  /* a lone o joins its neighbours: a composed layout as CuTe prints it is one word */
  T_EQ_STR(split_show("apply Sw<3,4,3> o _0 o (8,64):(64,1) 5"),
           "apply|Sw<3,4,3> o _0 o (8,64):(64,1)|5");
  T_EQ_STR(split_show("apply Sw<3,4,3>  o\t_0 o (8,64):(64,1)"), "apply|Sw<3,4,3>  o _0 o (8,64):(64,1)");
  T_EQ_STR(split_show("apply Sw<3,4,3>o_0o(8,64):(64,1) 5"), "apply|Sw<3,4,3>o_0o(8,64):(64,1)|5");
  T_EQ_STR(split_show("o o x"), "o|o|x");         /* the op never joins */
  T_EQ_STR(split_show("op a o"), "op|a|o");       /* nothing after the o */
  T_EQ_STR(split_show("op o b"), "op|o|b");       /* nothing before the o */
  T_EQ_STR(split_show("op a o b o c d"), "op|a o b o c|d");
  T_EQ_STR(split_show("op a oo b"), "op|a|oo|b");
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

/* case_line_split_n: a NUL byte before the end is an error, and it comes
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

/* The splitter's rule written as plainly as possible, one byte at a time
** (the reference for the random lines below): words at white space outside
** brackets, "-->" one unit, a NUL before len an error first of all.  The
** words joined by '|', or "!" and the message, into shown. */
static void reference_split(const char *line, size_t len, char *shown, size_t cap) {
  if (memchr(line, '\0', len)) {
    snprintf(shown, cap, "!the line contains a NUL byte");
    return;
  }
  size_t n = 0, i = 0;
  shown[0] = '\0';
  for (;;) {
    while (i < len && strchr(" \t\n\v\f\r", line[i])) i++;
    if (i == len) return;
    size_t start = i, depth = 0, first_open = 0;
    for (; i < len && (depth > 0 || !strchr(" \t\n\v\f\r", line[i])); i++) {
      if (line[i] == '-' && line[i + 1] == '-' && line[i + 2] == '>') {
        i += 2;
      } else if (strchr("(<[", line[i])) {
        if (depth++ == 0) first_open = i;
      } else if (strchr(")>]", line[i])) {
        if (depth == 0) {
          snprintf(shown, cap, "!unbalanced brackets: '%c' at column %zu closes nothing", line[i],
                   i + 1);
          return;
        }
        depth--;
      }
    }
    if (depth > 0) {
      snprintf(shown, cap, "!unbalanced brackets: '%c' at column %zu is never closed",
               line[first_open], first_open + 1);
      return;
    }
    n += (size_t)snprintf(shown + n, cap - n, "%s%.*s", n ? "|" : "", (int)(i - start),
                          line + start);
  }
}

/* case_line_split_n agrees with the reference on random lines made of the
** bytes that matter (brackets, dashes, white space, NUL) and runs of 140
** openers or closers (past the depth the sixteen-byte steps handle). */
static void split_random(void) {
  static const char soup[] = "(((<[)))>]--- \t\n\v\f\r\0a1,:";
  unsigned seed = 12345;
  int agree = 1, lines = 0;
  for (int round = 0; round < 20000; round++) {
    char line[700];
    size_t len = 0, want = (seed = seed * 1103515245u + 12345u) >> 24; /* 0..255 */
    while (len < want) {
      seed = seed * 1103515245u + 12345u;
      unsigned r = seed >> 16;
      if (r % 97 == 0) { /* a run of openers or closers */
        memset(line + len, r & 1 ? '(' : ')', 140);
        len += 140;
      } else if (r % 3 == 0) {
        line[len++] = soup[(r >> 3) % (sizeof soup - 1)];
      } else {
        line[len++] = "x1,:"[(r >> 3) % 4];
      }
    }
    char got[2048], expect[2048];
    reference_split(line, len, expect, sizeof expect);
    snprintf(got, sizeof got, "%s", split_line_show(line, len));
    if (strcmp(got, expect) != 0) {
      if (agree) printf("    line %d: got \"%s\", expected \"%s\"\n", round, got, expect);
      agree = 0;
    }
    lines++;
  }
  T_CHECK(agree);
  T_EQ_INT(lines, 20000);
}

/* Append to line[*len..) a random word whose brackets balance (nested
** up to depth 4, white space inside them), as requests have them. */
static void balanced_word(char *line, size_t *len, unsigned *seed, int depth) {
  *seed = *seed * 1103515245u + 12345u;
  unsigned r = *seed >> 16;
  if (depth < 4 && r % 3 == 0) {
    static const char pairs[] = "()<>[]";
    int kind = (int)(r >> 2) % 3, items = 1 + (int)(r >> 4) % 3;
    line[(*len)++] = pairs[2 * kind];
    for (int i = 0; i < items; i++) {
      if (i) line[(*len)++] = (r >> (6 + i)) & 1 ? ',' : ' ';
      balanced_word(line, len, seed, depth + 1);
    }
    line[(*len)++] = pairs[2 * kind + 1];
  } else {
    line[(*len)++] = "1234:x"[r % 6];
    if (r & 64) line[(*len)++] = '7';
  }
}

/* The same agreement on lines of words whose brackets balance (the common
** request, 16 to 300 bytes), separated by runs of white space. */
static void split_random_balanced(void) {
  unsigned seed = 777;
  int agree = 1, lines = 0;
  for (int round = 0; round < 20000; round++) {
    char line[900];
    size_t len = 0;
    seed = seed * 1103515245u + 12345u;
    size_t want = 16 + (seed >> 16) % 285;
    while (len < want) {
      seed = seed * 1103515245u + 12345u;
      for (unsigned sp = (seed >> 16) % 3; sp > 0; sp--) line[len++] = " \t\r"[(seed >> 20) % 3];
      balanced_word(line, &len, &seed, 0);
    }
    char got[2048], expect[2048];
    reference_split(line, len, expect, sizeof expect);
    snprintf(got, sizeof got, "%s", split_line_show(line, len));
    if (strcmp(got, expect) != 0) {
      if (agree) printf("    balanced line %d: got \"%s\", expected \"%s\"\n", round, got, expect);
      agree = 0;
    }
    lines += expect[0] != '!'; /* these lines split without an error */
  }
  T_CHECK(agree);
  T_EQ_INT(lines, 20000);
}

int main(void) {
  split_cases();
  split_random();
  split_random_balanced();
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

  T_CHECK(case_line_is_blank("", 0));
  T_CHECK(case_line_is_blank(" \t\r", 3));
  T_CHECK(case_line_is_blank("  # size 1:1", 12));
  T_CHECK(!case_line_is_blank("size 1:1 # no", 13));
  T_CHECK(!case_line_is_blank(" \0#", 3));

  /* many words: the list grows */
  char many[2001];
  for (int i = 0; i < 1000; i++) {
    many[2 * i] = 'x';
    many[2 * i + 1] = ' ';
  }
  many[2000] = '\0';
  case_words w = {0};
  char msg[100];
  T_EQ_INT(case_line_split(many, &w, msg, sizeof msg), 0);
  T_EQ_INT(w.len, 1000);
  T_EQ_STR(w.word[999], "x");
  case_words_free(&w);
  return T_DONE();
}
