/*
** report_paste.h -- fill the report's "as people paste it" lines
** (report_paste, report/report.h) from the properties this build and the
** configuration know.
*/
#ifndef REPORT_PASTE_H
#define REPORT_PASTE_H

#include "report.h"

/* Set r->paste for every counterexample of r: its variables, the `check`
** command and `replay ID` that reproduce it, and an `eval` line where that
** is what the check evaluates (for a system under test's row, the
** oracle's side and `replay --sut`).  The properties are the built-in
** ones and the user conjectures of the configuration at config_path (else
** ./CONFIG.yaml when it exists); when that cannot be read, a warning goes
** to stderr and the conjectures' rows are shown with variables A, B, ...
** Out of memory leaves a row shown as its stored input. */
void report_paste_fill(report *r, const char *config_path);

#endif /* REPORT_PASTE_H */
