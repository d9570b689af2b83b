/*
** run_find.h -- finding CONFIG.yaml and results.db from a subdirectory:
** the working directory, then each directory above it, up to the first
** that holds .git (the top of the checkout) or the filesystem root.
*/
#ifndef RUN_FIND_H
#define RUN_FIND_H

#include <stddef.h>

/* Search upward for the relative path name (an absolute one is taken as
** it is).  Found: its path into out[0..cap) (name itself when it is in the
** working directory, else an absolute path) and 0.  Not found: 1, with
** "DIR and the directories above it up to TOP" (or "DIR" alone) into
** looked[0..lcap).  -1 when the working directory cannot be read or a path
** does not fit (the reason in looked). */
int run_find_upward(const char *name, char *out, size_t cap, char *looked, size_t lcap);

/* The directory part of path ("" for a bare name), into out[0..cap). */
void run_dir_of(const char *path, char *out, size_t cap);

#endif /* RUN_FIND_H */
