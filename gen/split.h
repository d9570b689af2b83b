/*
** split.h -- split a request line into words at white space outside
** brackets, so that "composition (2, 3):(1, 2) 4:1" is three words.
*/
#ifndef SPLIT_H
#define SPLIT_H

#include <stddef.h>

/* A growable list of pointers into a line that split_words edited. */
typedef struct word_list {
  char **word;
  size_t len, cap;
} word_list;

/* Free the pointer array of a list (not the words, which live in the line)
** and leave it empty. */
void word_list_free(word_list *w);

/* Split the NUL-terminated line in place into words separated by white
** space (C locale isspace) at bracket depth 0, appending them to *w after
** emptying it.  Depth counts ( < [ up and ) > ] down, except that "-->"
** (the arrow of a morphism) is one unit that leaves the depth unchanged.
** Returns 0, or -1 with a message in msg[0..cap) for unbalanced brackets or
** when memory runs out. */
int split_words(char *line, word_list *w, char *msg, size_t cap);

/* Nonzero when the line (len bytes, NULs allowed) is blank or a comment:
** only white space, or white space then '#'. */
int line_is_blank_or_comment(const char *line, size_t len);

#endif /* SPLIT_H */
