/*
** cli_help.c -- the help texts of the commands (see cli_help.h): the one
** table they are printed from, in the order of `layoutcheck help`.
*/
#include "cli_help.h"

#include <assert.h>
#include <string.h>

static const cli_help table[] = {
    {.name = "help",
     .summary = "list the commands; help COMMAND: the help of one",
     .usage = "usage: layoutcheck help [COMMAND]\n"
              "       layoutcheck help --man      (the manual page, in roff)\n",
     .about = "Without COMMAND, the table of commands; with one, its options and examples, "
              "as COMMAND --help prints them.",
     .examples = {"layoutcheck help fuzz", "layoutcheck help --man | man -l -"}},
    {.name = "eval",
     .summary = "evaluate an op: eval OP ARG... | eval --batch (stdin) | eval --list",
     .usage = "usage: layoutcheck eval [--json] OP ARG...\n"
              "       layoutcheck eval --batch [--json] [--max-line BYTES]\n"
              "       layoutcheck eval --list\n",
     .about = "Evaluate one op of the oracle and print its result, or `error: MESSAGE` (exit 1). "
              "Quote each argument that holds brackets or parentheses: the shell reads ( and < "
              "itself. Modes, coordinates and positions are counted from 1, as in the paper; "
              "the cute_* ops follow CuTe C++ (cute_get counts from 0).",
     .opts = {{"--batch", NULL,
               "read one request \"OP ARG...\" per line of stdin and write one answer line each, "
               "in order; blank lines and lines starting with # are skipped"},
              {"--max-line BYTES", "16777216",
               "with --batch: a longer request line is answered with an error and skipped"},
              {"--json", NULL,
               "write each answer as one JSON object {op, args, result} or {op, args, error: "
               "{kind, message, argument, column}} (schema: docs/eval.schema.json)"},
              {"--list", NULL, "list the ops: name, arguments, summary"}},
     .examples = {"layoutcheck eval coalesce '(2,(1,6)):(1,(6,2))'",
                  "layoutcheck eval logical_divide '(8,8):(1,8)' '<4:1,2:1>'",
                  "layoutcheck eval --json composition '(4,4):(1,4)' '4:2'",
                  "printf 'size (2,3):(1,2)\\n' | layoutcheck eval --batch --json"}},
    {.name = "corpus",
     .summary = "check YAML case files against the oracle: corpus [-v] FILE...",
     .usage = "usage: layoutcheck corpus [-v|--verbose] FILE...\n",
     .about = "Run every case of each YAML file through the oracle; exit 0 when none failed, "
              "1 when one did, 2 when a file cannot be read.",
     .opts = {{"-v, --verbose", NULL, "report every failure of a file, not only its first ones"}},
     .examples = {"layoutcheck corpus corpus/*.yaml",
                  "layoutcheck corpus -v corpus/golden/*.yaml"}},
    {.name = "fuzz",
     .summary = "run the properties on generated cases, shrink and store failures",
     .usage =
         "usage: layoutcheck fuzz [--config FILE] [--property GLOB] [--seed N] [--cases N]\n"
         "                        [--time SECONDS] [--budget SECONDS] [--db FILE] [--no-isolate]\n"
         "                        [--shard K/N] [--sut COMMAND [--ops OP,...] [--window N]\n"
         "                        [--layer plain|cute] [--known FILE] [--sut-bounds "
         "KEY=VALUE,...]\n"
         "                        [--postconditions]]\n"
         "                        [--duration SECONDS] [-q | -v] [--color auto|always|never]\n",
     .about = "Check the properties on generated cases; each distinct failure is shrunk and stored "
              "in the results database. With --sut, ask another implementation the same ops and "
              "store each disagreement. Options override the configuration file's keys. The "
              "run ends with a report: a table by family, failing theorems and refuted "
              "conjectures one line each (counterexamples triaged known are counted, not "
              "listed), a summary and a next: line. CONFIG.yaml and results.db are looked for "
              "in the working directory and the directories above it (up to the top of a git "
              "checkout); LAYOUTCHECK_CONFIG and LAYOUTCHECK_DB name them, --config and --db "
              "override both.",
     .opts = {{"--config FILE", "CONFIG.yaml found upward, else the built-in defaults",
               "the run's configuration"},
              {"--property GLOB", "every property", "run only the properties whose name matches"},
              {"--seed N", "the configuration's seed, else one drawn from the clock",
               "the seed of the case generator (printed and stored, to repeat a run)"},
              {"--cases N", "1000; the shipped CONFIG.yaml sets 2000",
               "generated cases per property"},
              {"--time SECONDS", "0, no limit",
               "a time limit for each property; it stops at whichever of --cases and --time "
               "comes first"},
              {"--budget SECONDS", "0, no limit",
               "a cap on the whole run, shared by the properties: a cap, not a duration (the run "
               "ends sooner when the cases are done)"},
              {"--duration SECONDS", "0, none",
               "run until SECONDS have passed: cases are drawn until the time is spent (shared "
               "by the properties; --cases caps them when given); not with --budget"},
              {"--db FILE", "results.db found upward, else ./results.db",
               "the results database"},
              {"-q, --quiet", NULL, "print only the counterexamples that are new or still open"},
              {"-v, --verbose", NULL,
               "print every property's row and every counterexample in full"},
              {"--color WHEN", "auto",
               "colour the report: auto (a terminal, NO_COLOR unset), always, never"},
              {"--no-isolate", NULL,
               "run the cases in this process instead of a worker (a crash ends the run)"},
              {"--shard K/N", NULL, "run the K-th of N parts of the run (merge them with merge)"},
              {"--sut COMMAND", NULL,
               "differential fuzzing: start COMMAND (run by sh) and compare its answers"},
              {"--ops OP,...", "every op the generator knows but the family sw.*",
               "with --sut: the ops asked (sw.* the ops on swizzles and composed layouts)"},
              {"--window N", "64", "with --sut: requests sent before reading answers (1 to 4096)"},
              {"--layer plain|cute", "plain", "with --sut: the oracle's ops or CuTe's (cute_*)"},
              {"--known FILE", NULL, "with --sut: a YAML list of known disagreements"},
              {"--sut-bounds KEY=VALUE,...", "the configuration's sut bounds",
               "with --sut: bounds of the generated inputs (min_rank, max_rank, max_depth, ...)"},
              {"--postconditions", NULL,
               "with --sut: run the post-conditions PyCuTe states (wp.*, --property selects "
               "among them) with their ops evaluated by COMMAND and checked by the oracle, "
               "instead of the differential ops"}},
     .examples = {"layoutcheck fuzz --property 'flat.*' --cases 200 --seed 1",
                  "layoutcheck fuzz --time 10 --db /tmp/results.db",
                  "layoutcheck fuzz --duration 600 -q",
                  "layoutcheck fuzz --sut 'python3 adapters/pycute_adapter.py' --known "
                  "adapters/pycute_known.yaml --budget 60"}},
    {.name = "replay",
     .summary = "re-check the stored counterexamples: replay [ID] [--db FILE] [--property GLOB]",
     .usage = "usage: layoutcheck replay [ID] [--config FILE] [--db FILE]   (or --id ID)\n"
              "       layoutcheck replay [--config FILE] [--db FILE] [--property GLOB]\n"
              "                          [--sut COMMAND [--window N]]\n",
     .about = "Check each stored counterexample again (or the one of ID) and mark it fixed when it "
              "passes now; exit 3 when one could not be checked.",
     .opts = {{"--id ID", NULL, "the counterexample ID (as `show` and the run print it)"},
              {"--config FILE", "CONFIG.yaml when it exists", "the configuration"},
              {"--db FILE", "results.db", "the results database"},
              {"--property GLOB", "every property", "only the counterexamples of these properties"},
              {"--sut COMMAND", NULL, "ask that system under test its stored disagreements again"},
              {"--window N", "64", "with --sut: requests sent before reading answers"}},
     .examples = {"layoutcheck replay", "layoutcheck replay 12",
                  "layoutcheck replay --property 'nest.*' --db /tmp/results.db"}},
    {.name = "check",
     .summary = "check one case of a property: check PROPERTY NAME=VALUE...",
     .usage = "usage: layoutcheck check PROPERTY NAME=VALUE... [--config FILE] [--no-isolate]\n",
     .about = "Check exactly one case of a property, given by its variables (a counterexample's "
              "reproduce: line names them); exit 0 pass, 1 fail, 2 usage.",
     .opts = {{"--config FILE", "CONFIG.yaml when it exists",
               "the configuration (its conjectures)"},
              {"--no-isolate", NULL, "run the case in this process instead of a worker"}},
     .examples = {"layoutcheck check coalesce.keeps_function 'L=(2,3):(1,2)'"}},
    {.name = "show",
     .summary = "print one stored counterexample: show ID [--db FILE]",
     .usage = "usage: layoutcheck show ID [--db FILE] [--config FILE]\n",
     .about = "Print stored counterexample ID (a number: `layoutcheck report` lists the open "
              "ones with their IDs) with its property and a picture of its layouts.",
     .opts = {{"--db FILE", "results.db found upward", "the results database"},
              {"--config FILE", "CONFIG.yaml found upward", "the configuration (its db)"}},
     .examples = {"layoutcheck show 1", "layoutcheck show 7 --db /tmp/results.db"}},
    {.name = "triage",
     .summary = "mark stored counterexamples known or open: triage ID known|open [--note TEXT]",
     .usage = "usage: layoutcheck triage ID known|open [--note TEXT] [--db FILE] [--config FILE]\n"
              "       layoutcheck triage known|open --property GLOB [--sut COMMAND] [--note TEXT]\n"
              "                          [--db FILE] [--config FILE]\n",
     .about = "A failure of a signature triaged known is counted as known, not new, and does not "
              "make a run's exit status 1; open undoes it.",
     .opts = {{"--note TEXT", NULL, "why (stored with the mark)"},
              {"--db FILE", "the configuration's db, else results.db found upward",
               "the results database"},
              {"--config FILE", "CONFIG.yaml found upward", "the configuration"},
              {"--property GLOB", NULL, "every counterexample of the matching properties"},
              {"--sut COMMAND", NULL,
               "with --property: the disagreements of that system under test"}},
     .examples = {"layoutcheck triage 3 known --note 'CuTe rounds the last mode up'",
                  "layoutcheck triage known --property 'cute.*'"}},
    {.name = "list",
     .summary = "list the properties",
     .usage = "usage: layoutcheck list [--config FILE] [--property GLOB]\n",
     .about = "The properties, built-in and the conjectures of the configuration: name, kind, "
              "generator, source, statement.",
     .opts = {{"--config FILE", "CONFIG.yaml when it exists", "the configuration"},
              {"--property GLOB", "every property", "only the matching properties"}},
     .examples = {"layoutcheck list --property 'flat.*'"}},
    {.name = "report",
     .summary = "the last run, trends and open counterexamples: report [--format "
                "text|junit|html|json]",
     .usage = "usage: layoutcheck report [--db FILE] [--config FILE] [--format "
              "text|junit|html|json]\n"
              "                          [--out FILE]\n",
     .about = "The last run, the trend over runs, the open, known and fixed counterexamples and "
              "the refuted conjectures, counted in one vocabulary in every format "
              "(docs/reports.md).",
     .opts = {{"--db FILE", "the configuration's db, else results.db found upward",
               "the results database"},
              {"--config FILE", "CONFIG.yaml found upward", "the configuration"},
              {"--format text|junit|html|json", "text",
               "text, JUnit XML for CI, an HTML page, or JSON (schema: docs/report.schema.json)"},
              {"--out FILE", "the standard output", "write the report to FILE"}},
     .examples = {"layoutcheck report --format html --out report.html",
                  "layoutcheck report --format junit --out junit.xml",
                  "layoutcheck report --format json | python3 -m json.tool"}},
    {.name = "merge",
     .summary = "add shard or other results databases to one: merge FILE.db... --into FILE.db",
     .usage = "usage: layoutcheck merge FILE.db... --into FILE.db\n",
     .about = "Add the runs and counterexamples of the databases (the shards of a sharded "
              "run, other machines) to one, in one transaction; merging twice stores once.",
     .opts = {{"--into FILE.db", NULL, "the target database (required; created when absent)"}},
     .examples = {"layoutcheck merge shard1.db shard2.db --into results.db"}},
    {.name = "lean",
     .summary = "check a Lean file's #eval results, or emit golden tests: lean check|emit ...",
     .usage =
         "usage: layoutcheck lean check FILE.lean [--output LOG] [--log-format "
         "auto|json|plain|lake]\n"
         "                              [--map MAP.yaml] [--db FILE | --no-db] [-q] [--comments]\n"
         "                              [--allow-unchecked]\n"
         "       layoutcheck lean emit --out FILE.lean [--map MAP.yaml] [--ops LIST] [--cases N]\n"
         "                             [--seed N] [--corpus FILE]... [--no-corpus] [--from-db "
         "FILE]\n"
         "       layoutcheck lean map      (print the built-in map as YAML)\n",
     .about = "check: compare a Lean formalization's #eval outputs and claims with the oracle; "
              "emit: write the oracle's answers as Lean golden tests.",
     .opts = {{"--output LOG", NULL, "check: Lean's output for the file, instead of running lake"},
              {"--log-format auto|json|plain|lake", "auto", "check: the form of --output"},
              {"--map MAP.yaml", "the built-in one, printed by lean map",
               "Lean names to oracle ops"},
              {"--db FILE", NULL,
               "check: store the disagreements in FILE (without it nothing is stored)"},
              {"--no-db", NULL, "check: store nothing, even with --db"},
              {"-q", NULL, "check: print only disagreements and the summary"},
              {"--comments", NULL, "check: also check claims written in comments"},
              {"--allow-unchecked", NULL, "check: exit 0, not 5, when nothing could be checked"},
              {"--out FILE.lean", NULL, "emit: the file to write (required)"},
              {"--ops LIST", "every function of the map",
               "emit: the functions, comma-separated (Lean names, their last components, or ops)"},
              {"--cases N", "10", "emit: generated cases per op (0 to 100000)"},
              {"--seed N", "1", "emit: the seed of the generator"},
              {"--corpus FILE", "corpus/*.yaml",
               "emit: a corpus file to take cases from (repeatable)"},
              {"--no-corpus", NULL, "emit: no corpus cases"},
              {"--from-db FILE", NULL, "emit: the stored counterexamples of FILE as tests"}},
     .examples =
         {"layoutcheck lean check Layout.lean --output lake.log",
          "layoutcheck lean emit --out Golden.lean --ops 'coalesce,complement' --cases 20"}},
    {.name = "gpu",
     .summary = "check layouts on a CUDA device against the oracle: gpu [--layouts N] [--seed N]",
     .usage = "usage: layoutcheck gpu [--layouts N] [--seed N] [--device K] [--min-elements N]\n"
              "                       [--config FILE] [--db FILE] [--program PATH]\n",
     .about = "Run bin/layoutcheck-gpu (make gpu) and compare what the device computed with the "
              "oracle; without a device the run is recorded as skipped.",
     .opts = {{"--layouts N", "the configuration's gpu.layouts", "generated layouts"},
              {"--seed N", "the configuration's seed, else one drawn from the clock",
               "the seed of the generator"},
              {"--device K", "0", "the CUDA device"},
              {"--min-elements N", "the program's", "the least elements per layout"},
              {"--config FILE", "CONFIG.yaml when it exists", "the configuration"},
              {"--db FILE", "results.db", "the results database"},
              {"--program PATH", "layoutcheck-gpu next to this program", "the GPU program"}},
     .examples = {"layoutcheck gpu --layouts 100 --seed 1"}},
};

#define N_TABLE ((int)(sizeof table / sizeof table[0]))

/* The number of commands in the table. */
int cli_help_count(void) { return N_TABLE; }

/* The i-th command of the table. */
const cli_help *cli_help_at(int i) {
  assert(i >= 0 && i < N_TABLE);
  return &table[i];
}

/* The entry named name, or NULL. */
const cli_help *cli_help_find(const char *name) {
  for (int i = 0; i < N_TABLE; i++)
    if (strcmp(table[i].name, name) == 0) return &table[i];
  return NULL;
}

/* The usage lines of name; the name must be in the table. */
const char *cli_help_usage(const char *name) {
  const cli_help *h = cli_help_find(name);
  assert(h);
  return h ? h->usage : "";
}

/* Print text on f wrapped at width columns, each line after the first
** indented by indent spaces (the first starts where the caller is, col). */
static void print_wrapped(FILE *f, const char *text, int col, int indent, int width) {
  const char *p = text;
  while (*p) {
    const char *end = strchr(p, ' ');
    int n = end ? (int)(end - p) : (int)strlen(p);
    if (col > indent && col + 1 + n > width) {
      fprintf(f, "\n%*s", indent, "");
      col = indent;
    } else if (col > indent) {
      fputc(' ', f);
      col++;
    }
    fwrite(p, 1, (size_t)n, f);
    col += n;
    p += n;
    while (*p == ' ') p++;
  }
  fputc('\n', f);
}

/* Print the whole help of h on f. */
void cli_help_print(const cli_help *h, FILE *f) {
  fputs(h->usage, f);
  if (h->about) {
    fputc('\n', f);
    print_wrapped(f, h->about, 0, 0, 79);
  }
  if (h->opts[0].spec) {
    fputs("\noptions:\n", f);
    for (int i = 0; i < CLI_HELP_MAX_OPTS && h->opts[i].spec; i++) {
      const cli_help_opt *o = &h->opts[i];
      int col = fprintf(f, "  %-22s", o->spec);
      if (col > 24) { /* a long spec: the text starts on the next line */
        fprintf(f, "\n%25s", "");
      } else {
        fputc(' ', f);
      }
      col = 25;
      char text[512];
      snprintf(text, sizeof text, "%s%s%s%s", o->what, o->deflt ? " (default: " : "",
               o->deflt ? o->deflt : "", o->deflt ? ")" : "");
      print_wrapped(f, text, col, 25, 79);
    }
  }
  if (h->examples[0]) {
    fputs("\nexamples:\n", f);
    for (int i = 0; i < CLI_HELP_MAX_EXAMPLES && h->examples[i]; i++)
      fprintf(f, "  %s\n", h->examples[i]);
  }
}

/* Print the help whose usage is usage, else usage itself. */
void cli_help_print_for_usage(const char *usage, FILE *f) {
  for (int i = 0; i < N_TABLE; i++)
    if (table[i].usage == usage) {
      cli_help_print(&table[i], f);
      return;
    }
  fputs(usage, f);
}

/* Print s on f escaped for roff: a backslash doubled, a hyphen as \-, and
** a line that would start with . or ' guarded with \&. */
static void man_text(FILE *f, const char *s) {
  int bol = 1;
  for (; *s; s++) {
    if (bol && (*s == '.' || *s == '\'')) fputs("\\&", f);
    bol = *s == '\n';
    if (*s == '\\')
      fputs("\\e", f);
    else if (*s == '-')
      fputs("\\-", f);
    else
      fputc(*s, f);
  }
}

/* Print the manual page on f. */
void cli_help_man(FILE *f) {
  fputs(".TH LAYOUTCHECK 1 \"\" \"layoutcheck\" \"User Commands\"\n"
        ".SH NAME\nlayoutcheck \\- a reference oracle and verification harness for CuTe's "
        "layout algebra\n"
        ".SH SYNOPSIS\n.B layoutcheck\n.I COMMAND\n[\\fIARG\\fR...]\n.br\n"
        ".B layoutcheck\n.I COMMAND\n.B \\-\\-help\n.br\n.B layoutcheck \\-\\-version\n"
        ".SH DESCRIPTION\nlayoutcheck evaluates the layout algebra of CuTe (coalesce, "
        "complement, composition, logical divide and product, inverses) and checks properties "
        "of it, and of other implementations, on generated cases, storing the failures in a "
        "SQLite database.\n"
        ".PP\nExit status: 0 success, 1 a check or evaluation failed, 2 a usage error or an input "
        "that could not be read.\n"
        ".SH COMMANDS\n",
        f);
  for (int i = 0; i < N_TABLE; i++) {
    const cli_help *h = &table[i];
    fputs(".SS ", f);
    man_text(f, h->name);
    fputs("\n", f);
    man_text(f, h->summary);
    fputs(".\n.PP\n.nf\n", f);
    man_text(f, h->usage);
    fputs(".fi\n", f);
    if (h->about) {
      fputs(".PP\n", f);
      man_text(f, h->about);
      fputc('\n', f);
    }
    for (int k = 0; k < CLI_HELP_MAX_OPTS && h->opts[k].spec; k++) {
      fputs(".TP\n.B ", f);
      man_text(f, h->opts[k].spec);
      fputc('\n', f);
      man_text(f, h->opts[k].what);
      if (h->opts[k].deflt) {
        fputs(" (default: ", f);
        man_text(f, h->opts[k].deflt);
        fputc(')', f);
      }
      fputc('\n', f);
    }
    if (h->examples[0]) {
      fputs(".PP\nExamples:\n.PP\n.RS\n.nf\n", f);
      for (int k = 0; k < CLI_HELP_MAX_EXAMPLES && h->examples[k]; k++) {
        man_text(f, h->examples[k]);
        fputc('\n', f);
      }
      fputs(".fi\n.RE\n", f);
    }
  }
  fputs(".SH FILES\n.TP\n.I CONFIG.yaml\nthe run's configuration\n.TP\n.I results.db\n"
        "the results database\n.SH SEE ALSO\nThe project's README.md and docs/.\n",
        f);
}
