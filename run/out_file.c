/* out_file.c -- an output file written whole or not at all (see out_file.h). */
#define _XOPEN_SOURCE 700 /* realpath */
#include "out_file.h"

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Nonzero when path names an open descriptor of this process (or lies in
** /proc): written in place, never replaced. */
static int names_descriptor(const char *path) {
  return strncmp(path, "/dev/std", 8) == 0 || strncmp(path, "/dev/fd/", 8) == 0 ||
         strncmp(path, "/proc/", 6) == 0;
}

/* Put "PATH: strerror(e)" into msg; -1. */
static int fail(const char *path, int e, char *msg, size_t cap) {
  snprintf(msg, cap, "%s: %s", path, strerror(e ? e : EIO));
  return -1;
}

/* Open path in place, appending (a device, a pipe, a descriptor's name). */
static int open_in_place(out_file *o, const char *path, char *msg, size_t cap) {
  int fd = open(path, O_WRONLY | O_APPEND | O_NOCTTY);
  if (fd < 0) return fail(path, errno, msg, cap);
  if (!(o->f = fdopen(fd, "a"))) {
    int e = errno;
    close(fd);
    return fail(path, e, msg, cap);
  }
  o->in_place = 1;
  return 0;
}

/* A new string "DIR/.BASE.XXXXXX" for the target DIR/BASE (DIR "." when
** target has no slash), the template mkstemp fills in; NULL out of memory. */
static char *temp_template_new(const char *target) {
  const char *slash = strrchr(target, '/');
  const char *base = slash ? slash + 1 : target;
  int dir_len = slash ? (int)(slash - target) : 1;
  const char *dir = slash ? target : ".";
  if (slash == target) dir_len = 0; /* "/BASE": the root */
  size_t n = (size_t)dir_len + strlen(base) + 16;
  char *t = malloc(n);
  if (t) snprintf(t, n, "%.*s/.%s.XXXXXX", dir_len, dir, base);
  return t;
}

/* Open a temporary file beside target (mode: the target's when it exists,
** else what a new file gets under the umask). */
static int open_temp(out_file *o, const char *path, const struct stat *st, int exists, char *msg,
                     size_t cap) {
  if (!(o->tmp = temp_template_new(o->target))) return fail(path, ENOMEM, msg, cap);
  int fd = mkstemp(o->tmp); /* O_CREAT | O_EXCL: a planted link is not followed */
  if (fd < 0) {
    int e = errno;
    free(o->tmp);
    o->tmp = NULL;
    return fail(path, e, msg, cap);
  }
  mode_t mask = umask(0);
  umask(mask);
  mode_t mode = exists ? st->st_mode & 07777 : 0666 & ~mask;
  if (fchmod(fd, mode) != 0 || !(o->f = fdopen(fd, "w"))) {
    int e = errno;
    close(fd);
    unlink(o->tmp);
    free(o->tmp);
    o->tmp = NULL;
    return fail(path, e, msg, cap);
  }
  return 0;
}

/* Open path for writing; see out_file.h. */
int out_file_open(out_file *o, const char *path, char *msg, size_t cap) {
  struct stat st, lst;
  memset(o, 0, sizeof *o);
  o->path = path;
  if (names_descriptor(path)) return open_in_place(o, path, msg, cap);
  int exists = stat(path, &st) == 0;
  if (!exists && errno != ENOENT) return fail(path, errno, msg, cap);
  if (exists && !S_ISREG(st.st_mode)) {
    if (S_ISDIR(st.st_mode)) return fail(path, EISDIR, msg, cap);
    return open_in_place(o, path, msg, cap);
  }
  /* a link to a regular file: replace the file it names, keep the link */
  if (exists && lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode))
    o->target = realpath(path, NULL);
  else
    o->target = strdup(path);
  if (!o->target) return fail(path, errno, msg, cap);
  if (open_temp(o, path, &st, exists, msg, cap) != 0) {
    free(o->target);
    o->target = NULL;
    return -1;
  }
  return 0;
}

/* Finish writing; see out_file.h. */
int out_file_close(out_file *o, int ok, char *msg, size_t cap) {
  assert(o->f);
  int e = ok ? 0 : errno, rc = ok ? 0 : -1;
  if (rc == 0 && fflush(o->f) != 0) e = errno, rc = -1;
  if (rc == 0 && ferror(o->f)) e = EIO, rc = -1;
  if (rc == 0 && o->tmp && fsync(fileno(o->f)) != 0 && errno != EINVAL) e = errno, rc = -1;
  if (fclose(o->f) != 0 && rc == 0) e = errno, rc = -1;
  o->f = NULL;
  if (rc == 0 && o->tmp && rename(o->tmp, o->target) != 0) e = errno, rc = -1;
  if (rc != 0) {
    if (o->tmp) unlink(o->tmp);
    fail(o->path, e, msg, cap);
  }
  free(o->tmp);
  free(o->target);
  o->tmp = o->target = NULL;
  return rc;
}
