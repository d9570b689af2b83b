/* cli_opts.c -- the commands' option parser on getopt_long (see cli_opts.h). */
#include "cli_opts.h"

#include "cli_help.h"
#include "suggest.h"

#include <assert.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#define CLI_MAX_OPTS 32

/* Build getopt_long's tables for opts: long options (plus "help") into lo,
** the short option string (leading ':' to report a missing value, then
** "h" and each short option) into so. */
static void build_tables(const cli_opt *opts, int nopts, struct option *lo, char *so) {
  size_t k = 0;
  so[k++] = ':';
  so[k++] = 'h';
  for (int i = 0; i < nopts; i++) {
    lo[i].name = opts[i].name;
    lo[i].has_arg = opts[i].value || opts[i].take ? required_argument : no_argument;
    lo[i].flag = NULL;
    lo[i].val = 256 + i; /* above every short option */
    if (opts[i].short_name) {
      so[k++] = (char)opts[i].short_name;
      if (opts[i].value || opts[i].take) so[k++] = ':';
    }
  }
  so[k] = 0;
  lo[nopts] = (struct option){"help", no_argument, NULL, 'h'};
  lo[nopts + 1] = (struct option){NULL, 0, NULL, 0};
}

/* The index in opts of the option getopt_long returned as c, or -1. */
static int find_opt(const cli_opt *opts, int nopts, int c) {
  if (c >= 256 && c < 256 + nopts) return c - 256;
  for (int i = 0; i < nopts; i++)
    if (opts[i].short_name && opts[i].short_name == c) return i;
  return -1;
}

/* Print "NAME: MESSAGE 'ARG'" and the usage on stderr; 2. */
static int usage_error(const char *name, const char *what, const char *arg, const char *usage) {
  fprintf(stderr, "%s: %s '%s'\n%s", name, what, arg, usage);
  return 2;
}

/* Print "NAME: unknown option 'ARG'", the nearest option names of opts
** (and --help) when some are near, and the usage on stderr; 2. */
static int unknown_option(const char *name, const char *arg, const cli_opt *opts, int nopts,
                          const char *usage) {
  char names[CLI_MAX_OPTS + 1][SUGGEST_NAME_MAX + 3];
  const char *list[CLI_MAX_OPTS + 1];
  int n = 0;
  for (int i = 0; i <= nopts; i++) {
    const char *o = i < nopts ? opts[i].name : "help";
    snprintf(names[n], sizeof names[n], "--%s", o);
    list[n] = names[n];
    n++;
  }
  char word[SUGGEST_NAME_MAX + 1];
  snprintf(word, sizeof word, "%.*s", (int)strcspn(arg, "="), arg);
  char near[256];
  if (word[0] == '-' && word[1] == '-' && suggest_nearest(word, list, n, near, sizeof near) > 0)
    fprintf(stderr, "%s: unknown option '%s'; did you mean %s?\n%s", name, arg, near, usage);
  else
    fprintf(stderr, "%s: unknown option '%s'\n%s", name, arg, usage);
  return 2;
}

/* Parse the options of one command; see cli_opts.h. */
int cli_parse(int argc, char **argv, const cli_opt *opts, int nopts, const char *usage,
              const char **pos, int pos_cap, int *npos) {
  struct option lo[CLI_MAX_OPTS + 2];
  char so[2 + 2 * CLI_MAX_OPTS + 1];
  assert(nopts <= CLI_MAX_OPTS && argc >= 1);
  build_tables(opts, nopts, lo, so);
  *npos = 0;
  opterr = 0;
  optind = 0; /* a fresh scan (GNU getopt): each command parses once, tests several times */
  for (;;) {
    int c = getopt_long(argc, argv, so, lo, NULL);
    if (c == -1) break;
    const char *arg = argv[optind - 1 < argc ? optind - 1 : argc - 1];
    if (c == 'h') {
      cli_help_print_for_usage(usage, stdout);
      return CLI_HELP;
    }
    if (c == ':') {
      fprintf(stderr, "%s: %s needs a value\n%s", argv[0], arg, usage);
      return 2;
    }
    int i = find_opt(opts, nopts, c);
    if (c == '?' || i < 0) {
      char shown[3] = {'-', (char)optopt, 0};
      return unknown_option(argv[0], optopt ? shown : arg, opts, nopts, usage);
    }
    if (opts[i].take) {
      if (opts[i].take(opts[i].ctx, optarg)) return 2;
    } else if (opts[i].value) {
      *opts[i].value = optarg;
    } else {
      *opts[i].flag = 1;
    }
  }
  for (int i = optind; i < argc; i++) {
    if (*npos >= pos_cap) return usage_error(argv[0], "unexpected argument", argv[i], usage);
    pos[(*npos)++] = argv[i];
  }
  return 0;
}
