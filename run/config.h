/*
** config.h -- the run configuration of the property engine: its defaults,
** loading it from a YAML file (CONFIG.yaml documents every key) and writing
** it back as canonical YAML, to be stored with the results of a run.
**
** The file is one mapping.  Nested keys: bounds (max_rank, max_depth,
** max_entry, max_stride, max_size), gpu (required, layouts) and sut_bounds
** (empty_layout, min_rank, max_rank, max_depth, tilers); every other key
** is at the top level.  Values are strict:
**
**   integer  plain decimal digits with an optional '-', no leading zeros,
**            checked for overflow ("5", not "5.0", "0x5", "1e3" or "\"5\"")
**   number   a plain decimal number read by strtod, finite ("2", "2.5",
**            "1e-3"; not "inf", "nan" or "0x1p3")
**   boolean  plain true or false (not yes/no, not quoted)
**   string   a plain or quoted scalar (an empty plain value is the empty
**            string; a plain ~ or null is refused)
**   list     a sequence of strings, at most CONFIG_MAX_LIST of them
**
** Anchors, aliases and tags are refused, and so is a second document.
*/
#ifndef CONFIG_H
#define CONFIG_H

#include <stddef.h>
#include <stdint.h>

#define CONFIG_MAX_LIST   16
#define CONFIG_MAX_WINDOW 4096 /* most requests in flight to a system under test */

typedef struct config {
  /* run */
  uint64_t seed;           /* seed: 0..2^64-1 */
  int has_seed;            /* 0 when seed is absent: derived from the time at run start */
  int64_t cases;           /* cases: cases per property (default 1000), >= 1 */
  double time;             /* time: seconds per property, 0 = no limit (default 0), >= 0 */
  char property[256];      /* property: glob of property names to run (default "*"), not empty */
  char db[1024];           /* db: path of the results database (default "results.db"), not empty */
  int include_conjectures; /* conjectures: run conjecture-kind properties (default true) */
  /* engine */
  double case_timeout; /* case_timeout: seconds one case may run before it fails (default 2),
                          0.001..1e6 */
  int isolate;         /* isolate: run checks in a forked worker (default true) */
  int64_t
      shrink_limit; /* shrink_limit: most evaluations while shrinking one failure (5000), >= 0 */
  int64_t max_distinct; /* max_distinct: distinct failures reported per property and run (8),
                           1..1000000 */
  double shrink_budget; /* shrink_budget: seconds of shrinking per property and run (30), 0 = no
                           limit */
  int64_t max_repeats;  /* max_repeats: repeated failures in a row that stop a property (20), 0 =
                           no limit */
  double budget;        /* budget: seconds for the whole run, shared by its properties (0 = no
                           limit) */
  /* generator bounds */
  int max_rank;       /* bounds.max_rank (default 6), 0..64 */
  int max_depth;      /* bounds.max_depth (default 3), 0..64 */
  int64_t max_entry;  /* bounds.max_entry: largest shape entry (default 8), >= 1 */
  int64_t max_stride; /* bounds.max_stride: largest stride drawn directly (default 64), >= 0 */
  int64_t max_size;   /* bounds.max_size: size/cosize limit of brute-force checks (4096), >= 1 */
  /* user conjectures and the system under test */
  char conjecture_files[CONFIG_MAX_LIST][1024]; /* conjecture_files: paths (default none) */
  int n_conjecture_files;
  char sut[1024];      /* sut: command line of a system under test (default empty) */
  char sut_ops[1024];  /* sut_ops: comma-separated op names (default empty = all), each known to
                          differential fuzzing, optionally =exact, =function or =coalesced */
  double sut_timeout;  /* sut_timeout: seconds per request (default 5), 0.001..1e6 */
  int64_t sut_window;  /* sut_window: requests in flight (default 64), 1..CONFIG_MAX_WINDOW */
  char sut_layer[16];  /* sut_layer: "plain" (default) or "cute": the oracle ops compared with */
  char known[1024];    /* sut_known: YAML file of the SUT's known divergences (default none) */
  int require_gpu;     /* gpu.required (default false) */
  int64_t gpu_layouts; /* gpu.layouts (default 100000), >= 0 */
  /* what the system under test promises to accept: generation keeps to it */
  int sut_empty_layout; /* sut_bounds.empty_layout: () may appear (default true) */
  int sut_min_rank;     /* sut_bounds.min_rank: fewest modes of a layout (default 0), 0..64 */
  int sut_max_rank;     /* sut_bounds.max_rank: most modes (default 64), min_rank..64 */
  int sut_max_depth;    /* sut_bounds.max_depth: deepest shape (default 64), 0..64 */
  int sut_tilers;       /* sut_bounds.tilers: tilers <...> may appear (default true) */
  /* sut_bounds' argument forms (default true each; gen.h's GEN_FORM_x) */
  int sut_int_operand;     /* int_operand: B a bare integer */
  int sut_shape_operand;   /* shape_operand: B a shape */
  int sut_int_entries;     /* int_entries: a tiler entry an integer */
  int sut_nested_tilers;   /* nested_tilers: a tiler or shape entry a tuple */
  int sut_underscore;      /* underscore: '_' in a tiler or shape */
  int sut_cotarget_shape;  /* cotarget_shape: complement's N a shape */
  int sut_cotarget_layout; /* cotarget_layout: complement's N a layout */
  int sut_swizzles;        /* swizzles: swizzles and composed layouts (the ops sw.*) */
  int sut_composed;        /* composed: composed layouts Sw o O o L */
  int sut_smem_ptr;        /* smem_ptr: the offset smem_ptr[Nb](unset) */
  int sut_swizzle_edge;    /* swizzle_edge: swizzles at or past CuTe's int masks */
  /* set by the command line only (run_load_config), never read from the file */
  int sut_postconditions; /* --postconditions: the post-condition properties (p_whitepaper.h)
                             against the SUT instead of the differential ops */
  int console;            /* how much fuzz prints: CONSOLE_REPORT (0), _QUIET or _VERBOSE */
  int color;              /* 1: colour the console report */
  double duration;        /* --duration: run until this many seconds (0: no) */
  char config_path[1024]; /* the configuration file read, "" when none (defaults) */
  char db_looked[8192];   /* where db was searched for when not found, else "" */
} config;

/* Set every field of *c to its default (no seed). */
void config_defaults(config *c);

/* Load the YAML file at path over the values already in *c: keys present in
** the file replace them (a conjecture_files list replaces the whole list),
** absent keys keep them; an empty file changes nothing.  Returns 0, or -1
** with a message in msg[0..cap) and *c unchanged.  Problems in the file are
** reported as "PATH:LINE:COLUMN: what" (1-based, at the offending key or
** value, or where the YAML syntax breaks): unknown and duplicate keys, values
** of the wrong type or out of range, a top level that is not a mapping,
** anchors, aliases, tags, malformed YAML.  A file that cannot be opened gives
** "PATH: cannot open: REASON".  The first problem ends the load. */
int config_load(const char *path, config *c, char *msg, size_t cap);

/* Write *c into buf[0..cap) as canonical YAML that config_load reads back to
** the same values: every key in a fixed order (seed only when has_seed),
** strings double-quoted, numbers in their shortest exact form.  Returns 0,
** or -1 when cap is too small (buf then holds a truncated text when cap > 0)
** or when a string is not valid UTF-8, which YAML cannot hold. */
int config_dump(const config *c, char *buf, size_t cap);

/* Apply the command-line form of sut_bounds, "KEY=VALUE,..." (keys and
** values as in the file: empty_layout=false,min_rank=1,...) over *c.
** Returns 0, or -1 with why[0..cap) and *c unchanged: an unknown key, a
** value of the wrong type or out of range, an empty item, min_rank above
** max_rank. */
int config_sut_bounds(config *c, const char *text, char *why, size_t cap);

#endif /* CONFIG_H */
