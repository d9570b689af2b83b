/*
** lean_import.c -- the definitions of the files a Lean file imports (see
** lean_map.h, lean_scope_imports): `import A.B` is the file A/B.lean in
** the importing file's directory or the nearest directory above it that
** has one (a Lake project's root); modules that are not found (Mathlib,
** Lean's own) are passed over.  Each imported file is scanned with its own
** namespaces and opens, and only its definitions join the scope.
*/
#include "lean_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define IMPORT_MAX_FILES 64 /* files read for one check, imports of imports included */
#define IMPORT_MAX_DEPTH 8

/* Is there a regular file at path? */
static int is_file(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* The path of module mod ("A.B") seen from the file at from: dir/A/B.lean
** for dir from's directory and each directory above it (relative paths
** climb with "../" up to 8 levels).  1 with path[0..cap), 0 when none. */
static int module_path(const char *from, const char *mod, char *path, size_t cap) {
  char rel[512], dir[1024];
  size_t n = strlen(mod);
  if (n == 0 || n + 6 > sizeof rel) return 0;
  for (size_t i = 0; i <= n; i++) rel[i] = mod[i] == '.' ? '/' : mod[i];
  strcat(rel, ".lean");
  const char *slash = strrchr(from, '/');
  snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - from) : 1, slash ? from : ".");
  for (int up = 0; up <= 8; up++) {
    int here = !strcmp(dir, ".");
    if ((size_t)snprintf(path, cap, "%s%s%s", here ? "" : dir, here ? "" : "/", rel) < cap &&
        is_file(path))
      return 1;
    char *last = strrchr(dir, '/');
    if (last && strcmp(last, "/..") != 0 && last != dir) /* a/b: a */
      *last = '\0';
    else if (!last && !here && strcmp(dir, "..") != 0 && dir[0] != '/') /* a: . */
      strcpy(dir, ".");
    else if (here) /* .: .. */
      strcpy(dir, "..");
    else if (strlen(dir) + 4 < sizeof dir && dir[0] != '/') /* ..: ../.. */
      strcat(dir, "/..");
    else
      return 0;
  }
  return 0;
}

/* Have the files so far a file at path? */
static int already(lean_file **files, int n, const char *path) {
  for (int i = 0; i < n; i++)
    if (!strcmp(files[i]->path, path)) return 1;
  return 0;
}

/* Read the imports of f (depth levels down) into s; see lean_map.h. */
static int add_imports(lean_scope *s, const lean_map *m, const lean_file *f, lean_file ***files,
                       int *n, int depth, char *msg, size_t cap) {
  if (depth > IMPORT_MAX_DEPTH) return 0;
  for (int k = 0; k < f->n; k++) {
    const lean_cmd *c = &f->cmds[k];
    if (c->kind != LEAN_CMD_IMPORT) continue;
    for (const char *p = c->name; *p;) {
      size_t len = strcspn(p, " ");
      char mod[256], path[2048];
      snprintf(mod, sizeof mod, "%.*s", (int)(len < 255 ? len : 255), p);
      p += len;
      while (*p == ' ') p++;
      if (!module_path(f->path, mod, path, sizeof path) || already(*files, *n, path)) continue;
      if (*n >= IMPORT_MAX_FILES) return 0;
      lean_file *g;
      if (lean_file_read(path, &g, msg, cap) != 0) return -1;
      lean_file **grown = realloc(*files, (size_t)(*n + 1) * sizeof *grown);
      if (!grown) {
        lean_file_free(g);
        snprintf(msg, cap, "%s: out of memory", path);
        return -1;
      }
      *files = grown;
      (*files)[(*n)++] = g;
      if (add_imports(s, m, g, files, n, depth + 1, msg, cap) != 0) return -1;
      lean_scope own; /* its namespaces and opens stay its own */
      lean_scope_init(&own);
      int rc = 0;
      for (int j = 0; j < g->n && rc == 0; j++) rc = lean_scope_command(&own, m, g, &g->cmds[j]);
      for (int j = 0; j < own.ndefs && rc == 0; j++) { /* its definitions join s */
        if (s->ndefs == s->def_cap) {
          int dcap = s->def_cap ? 2 * s->def_cap : 16;
          lean_def *d = realloc(s->defs, (size_t)dcap * sizeof *d);
          if (!d) {
            rc = -1;
            break;
          }
          s->defs = d;
          s->def_cap = dcap;
        }
        s->defs[s->ndefs++] = own.defs[j];
        own.defs[j].name = NULL; /* moved */
      }
      lean_scope_free(&own);
      if (rc != 0) {
        snprintf(msg, cap, "%s: out of memory", path);
        return -1;
      }
    }
  }
  return 0;
}

/* Add the definitions of f's imports to s (see lean_map.h). */
int lean_scope_imports(lean_scope *s, const lean_map *m, const lean_file *f, lean_file ***files,
                       int *n, char *msg, size_t cap) {
  return add_imports(s, m, f, files, n, 0, msg, cap);
}
