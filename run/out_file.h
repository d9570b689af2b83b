/*
** out_file.h -- write an output file named on the command line whole or
** not at all, without following a planted link.
**
** A regular file (or a path that does not exist yet) is written into a
** temporary file that mkstemp(3) creates in the target's directory (a
** fresh name, opened with O_EXCL: a link planted there is never followed),
** then renamed over the target once complete, so a reader sees the old
** file or the new one, and two writers to one path each rename a complete
** file.  A symbolic link to a regular file has the file it names replaced
** so, the link kept.  Anything else (a device such as /dev/full, a pipe)
** and a name of an open descriptor (/dev/stdout, /dev/stderr, /dev/fd/N,
** /proc/self/fd/N) is written in place, appending, as a shell's >> would.
*/
#ifndef OUT_FILE_H
#define OUT_FILE_H

#include <stddef.h>
#include <stdio.h>

typedef struct out_file {
  FILE *f;          /* where to write */
  char *tmp;        /* owned: the temporary file's path, NULL when in place */
  char *target;     /* owned: the path renamed over (the link's file for a link) */
  const char *path; /* the path given, for messages (not owned) */
  int in_place;     /* written in place */
} out_file;

/* Open path for writing into o->f; 0, or -1 with a message naming path in
** msg[0..cap).  On success out_file_close must follow. */
int out_file_open(out_file *o, const char *path, char *msg, size_t cap);

/* Finish writing: with ok, flush and (for a temporary file) sync and
** rename it over the target; without ok, or when that fails, remove the
** temporary file and leave the target as it was.  0 when the file is
** written, else -1 with a message in msg[0..cap) (an error of the write,
** e.g. "No space left on device", named with the path).  Frees o. */
int out_file_close(out_file *o, int ok, char *msg, size_t cap);

#endif /* OUT_FILE_H */
