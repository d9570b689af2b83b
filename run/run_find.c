/*
** run_find.c -- finding CONFIG.yaml and results.db upward from the working
** directory (see run_find.h).
*/
#include "run_find.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* Is path dir/name present?  0 no, 1 yes, -1 when it does not fit. */
static int present(const char *dir, const char *name, char *buf, size_t cap) {
  int w = snprintf(buf, cap, "%s%s%s", dir, strcmp(dir, "/") ? "/" : "", name);
  if (w < 0 || (size_t)w >= cap) return -1;
  return access(buf, F_OK) == 0;
}

/* Search upward for name; see run_find.h. */
int run_find_upward(const char *name, char *out, size_t cap, char *looked, size_t lcap) {
  char dir[4096], probe[4096 + 1100];
  looked[0] = 0;
  if (name[0] == '/' || access(name, F_OK) == 0) {
    if (snprintf(out, cap, "%s", name) >= (int)cap)
      return snprintf(looked, lcap, "%s: too long", name), -1;
    return name[0] == '/' && access(name, F_OK) != 0 ? (snprintf(looked, lcap, "%s", name), 1) : 0;
  }
  if (!getcwd(dir, sizeof dir))
    return snprintf(looked, lcap, "the working directory cannot be read"), -1;
  char start[4096];
  snprintf(start, sizeof start, "%s", dir);
  for (;;) {
    int at = present(dir, name, probe, sizeof probe);
    if (at < 0) return snprintf(looked, lcap, "%s: path too long", dir), -1;
    if (at) {
      if ((size_t)snprintf(out, cap, "%s", probe) >= cap)
        return snprintf(looked, lcap, "%s: too long", probe), -1;
      return 0;
    }
    int top = present(dir, ".git", probe, sizeof probe) == 1 || strcmp(dir, "/") == 0;
    if (top) break;
    char *slash = strrchr(dir, '/');
    if (slash == dir)
      dir[1] = 0;
    else
      *slash = 0;
  }
  if (strcmp(start, dir) == 0)
    snprintf(looked, lcap, "%s", start);
  else
    snprintf(looked, lcap, "%s and the directories above it up to %s", start, dir);
  return 1;
}

/* The directory part of path; see run_find.h. */
void run_dir_of(const char *path, char *out, size_t cap) {
  const char *slash = strrchr(path, '/');
  size_t len = slash ? (size_t)(slash - path) : 0;
  if (slash == path) len = 1;
  if (len >= cap) len = cap - 1;
  memcpy(out, path, len);
  out[len] = 0;
}
