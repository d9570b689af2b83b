/*
** cmd_report.c -- `layoutcheck report [--db FILE]
** [--format text|junit|html|json] [--out FILE]`: the last run and the
** trend over runs, the open counterexamples with the revisions around
** their appearance and fix, and the refuted conjectures, read from
** results.db (never written).  The database is read into the report model
** (report/report_model.c), then written by one of its views:
** report_text.c, report_junit.c, report_html.c or report_json.c (schema:
** docs/report.schema.json).  Exit 0 when the report was written, 2 on a
** usage error, a missing or unreadable database, or a failed write.
*/
#include "cli.h"
#include "cli_help.h"
#include "cli_opts.h"
#include "config.h"
#include "out_file.h"
#include "report.h"
#include "report_paste.h"
#include "report_xml.h"
#include "run_setup.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Write the report into out (stdout when NULL) as out_file.h says: a
** regular file through a temporary one renamed over it once complete, a
** device or a pipe in place.  0 or 2. */
static int write_report(const report *r, const char *format, const char *out) {
  char msg[1024];
  out_file o;
  FILE *f = stdout;
  if (out) {
    if (out_file_open(&o, out, msg, sizeof msg) != 0)
      return fprintf(stderr, "report: --out %s\n", msg), 2;
    f = o.f;
  }
  int rc = !strcmp(format, "junit")  ? report_junit(r, f)
           : !strcmp(format, "html") ? report_html(r, f)
           : !strcmp(format, "json") ? report_json(r, f)
                                     : report_text(r, f);
  if (out) {
    if (out_file_close(&o, rc == 0, msg, sizeof msg) != 0)
      return fprintf(stderr, "report: writing %s\n", msg), 2;
    return 0;
  }
  if (fflush(f) != 0) rc = -1;
  if (rc) fprintf(stderr, "report: writing the report failed\n");
  return rc ? 2 : 0;
}

/* layoutcheck report [--db FILE] [--config FILE] [--format F] [--out FILE]. */
int cmd_report(int argc, char **argv) {
  const char *db_arg = NULL, *config_arg = NULL, *format = "text", *out = NULL;
  char path[1024], msg[512];
  const cli_opt opts[] = {CLI_VALUE("db", &db_arg), CLI_VALUE("config", &config_arg),
                          CLI_VALUE("format", &format), CLI_VALUE("out", &out)};
  int npos, prc = cli_parse(argc, argv, opts, 4, cli_help_usage("report"), NULL, 0, &npos);
  if (prc) return prc == CLI_HELP ? 0 : prc;
  if (strcmp(format, "text") && strcmp(format, "junit") && strcmp(format, "html") &&
      strcmp(format, "json"))
    return fprintf(stderr, "report: --format: expected text, junit, html or json, found '%s'\n",
                   format),
           2;
  if (run_db_path(db_arg, config_arg, path, sizeof path)) return 2;
  const report_xml_lib *x; /* JUnit: libxml2 is loaded before anything is written */
  if (!strcmp(format, "junit") && report_xml_load(&x, msg, sizeof msg))
    return fprintf(stderr, "report: --format junit: %s\n", msg), 2;
  db *d;
  report r;
  if (db_open_readonly(path, &d, msg, sizeof msg)) return fprintf(stderr, "%s\n", msg), 2;
  int rc = report_load(d, path, &r, msg, sizeof msg);
  db_close(d);
  if (rc) return fprintf(stderr, "%s\n", msg), 2;
  report_paste_fill(&r, config_arg);
  rc = write_report(&r, format, out);
  report_free(&r);
  return rc;
}
