/*
** gen.h -- generators and the property engine.
**
** Table of contents
**   1. The choice stream: every random decision, recorded   (choice.c)
**   2. Cases, bounds and labels                              (choice.c)
**   3. Generators, by name                                    (generators.c, gen_*.c)
**   4. Properties and the engine that runs, isolates and
**      shrinks them                                           (engine.c, shrink.c, worker.c)
**
** A generator builds a value only from draws on a choice stream, and
** builds a valid value from ANY stream: a draw past the end of a replayed
** stream returns 0.  So a case is its choice sequence; shrinking simplifies
** the sequence (shorter, smaller numbers) and regenerates, and a shrunk
** case still satisfies its generator's guarantees.  Draws are arranged so
** that 0 is the simplest answer.
**
** The engine never knows the types it tests: a case is the text of its
** arguments in the oracle's syntax (what `layoutcheck eval` accepts), and a
** property's check reads them back.
*/
#ifndef GEN_H
#define GEN_H

#include <stddef.h>
#include <stdint.h>

/* ---------------------------------------------------------------------
** 1. The choice stream
*/
typedef struct gen_choices {
  uint64_t *v; /* the draws made so far (owned) */
  size_t n, cap;
  size_t pos;       /* next draw when replaying */
  size_t replay_n;  /* length of the stream being replayed */
  int replaying;    /* 1: draws come from v[0..replay_n), then 0s */
  int overrun;      /* 1: a replay asked for more draws than it had */
  uint64_t s[4];    /* xoshiro256** state, when not replaying */
  size_t max_draws; /* more draws than this make the case invalid */
  int too_many;     /* 1: max_draws was exceeded */
} gen_choices;

/* A fresh random stream seeded with seed (SplitMix64 expands it). */
void gen_choices_random(gen_choices *c, uint64_t seed);
/* A stream that replays v[0..n) (copied). */
int gen_choices_replay(gen_choices *c, const uint64_t *v, size_t n);
void gen_choices_free(gen_choices *c);
/* Draw a value uniformly in [0, max] (0 when max is 0), and record it. */
uint64_t gen_draw(gen_choices *c, uint64_t max);
/* The per-case seed: a hash of the run seed, the property name and the
** case number, so that every machine and every shard sees the same cases. */
uint64_t gen_case_seed(uint64_t seed, const char *property, uint64_t index);
/* Text form of a choice sequence ("3 0 17 ...") and back. */
int gen_choices_format(const uint64_t *v, size_t n, char *buf, size_t cap);
int gen_choices_parse(const char *s, uint64_t **v, size_t *n); /* *v is malloc'd */

/* Biased draws: small values and edge cases come up often. */
uint64_t gen_small(gen_choices *c, uint64_t max); /* in [0, max], small likely */
int gen_flip(gen_choices *c, int odds);           /* 1 with probability 1/odds; 0 shrinks */

/* ---------------------------------------------------------------------
** 2. Cases, bounds and labels
*/
#define GEN_MAX_ARGS 4
#define GEN_ARG_LEN  1024

typedef struct gen_bounds {
  int max_rank;       /* entries of a flat layout or tuple */
  int max_depth;      /* nesting depth */
  int64_t max_entry;  /* largest shape or tuple entry */
  int64_t max_stride; /* largest stride drawn directly */
  int64_t max_size;   /* size and cosize limit for brute-force checks */
  /* What a system under test accepts (sut_bounds; gen_sut.c): when sut_on,
  ** a case with an argument outside them is drawn again.  All 0: none. */
  int sut_on;
  int sut_no_empty;  /* no empty tuple () anywhere in an argument */
  int sut_min_rank;  /* fewest top-level modes of a layout (an integer shape has 1) */
  int sut_max_rank;  /* most top-level modes of a layout */
  int sut_max_depth; /* deepest shape (an integer 0, a flat tuple 1) */
  int sut_no_tilers; /* no tiler <...> argument */
  int sut_forms_off; /* GEN_FORM_x bits: argument forms not to make (gen_forms.c) */
} gen_bounds;

/* Argument forms a system under test may not take (sut_forms_off): the
** form generators (gen_forms.c) never draw one that is off, and
** gen_sut_admits refuses the ones it can tell from the text alone (an
** integer or a nested entry of a tiler, '_'). */
enum {
  GEN_FORM_INT_OPERAND = 1 << 0,     /* B a bare integer n: composition A 4 */
  GEN_FORM_SHAPE_OPERAND = 1 << 1,   /* B a shape: logical_product A (4,2) */
  GEN_FORM_INT_ENTRY = 1 << 2,       /* a tiler entry an integer: <4,2:1> */
  GEN_FORM_NESTED_ENTRY = 1 << 3,    /* a tiler or shape entry a tuple: <(2,2),_>, ((2,2),4) */
  GEN_FORM_UNDERSCORE = 1 << 4,      /* '_' in a tiler or a shape */
  GEN_FORM_COTARGET_SHAPE = 1 << 5,  /* complement's N a shape: complement 2:1 (2,4) */
  GEN_FORM_COTARGET_LAYOUT = 1 << 6, /* complement's N a layout: complement 2:1 (2,4):(1,2) */
  /* swizzles and composed layouts (gen_sw_diff.c); GEN_FORM_SWIZZLE off
  ** leaves out every argument that holds one (the sw.* ops do not run) */
  GEN_FORM_SWIZZLE = 1 << 7,      /* a swizzle Sw<B,M,S>, alone or in a composed layout */
  GEN_FORM_COMPOSED = 1 << 8,     /* a composed layout Sw o O o L */
  GEN_FORM_SMEM_PTR = 1 << 9,     /* an offset smem_ptr[Nb](unset) */
  GEN_FORM_SWIZZLE_EDGE = 1 << 10, /* a swizzle at or past CuTe's int masks (B+M+|S| >= 32) */
};

void gen_bounds_default(gen_bounds *b);

/* Labels say what was interesting about a case; a property's table shows
** how often each came up. */
enum {
  GEN_L_NESTED,         /* a layout or tuple of depth >= 2 */
  GEN_L_ZERO_STRIDE,    /* a mode of size > 1 with stride 0 */
  GEN_L_SHAPE1,         /* a size-1 mode */
  GEN_L_EMPTY,          /* an empty tuple or layout */
  GEN_L_EQUAL_STRIDES,  /* two modes with the same non-zero stride */
  GEN_L_BASEPOINT,      /* a morphism sending an entry to * */
  GEN_L_REFINED,        /* a non-trivial refinement */
  GEN_L_NOT_COMPOSABLE, /* composition needed a mutual refinement */
  GEN_L_ROUNDED,        /* a complement or product rounded N up */
  GEN_L_PAST_DOMAIN,    /* composition reached past size(A) */
  GEN_L_UNDEFINED,      /* the oracle answered an error */
  GEN_L_COUNT
};
extern const char *const gen_label_names[GEN_L_COUNT];

typedef struct gen_case {
  int argc;
  char argv[GEN_MAX_ARGS][GEN_ARG_LEN];
  uint32_t labels; /* bit GEN_L_x */
} gen_case;

/* Append an argument (printf-style); returns nonzero when it does not fit. */
int gen_case_arg(gen_case *k, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
void gen_label(gen_case *k, int label);
/* Set the structural labels (nested, zero stride, size 1, empty, equal
** strides, basepoint) from the case's arguments. */
void gen_label_args(gen_case *k);
/* Does every argument of k keep to b's sut_ bounds (always when not
** sut_on)?  1 or 0; on 0, why[0..cap) says which argument and bound. */
int gen_sut_admits(const gen_bounds *b, const gen_case *k, char *why, size_t cap);

/* ---------------------------------------------------------------------
** 3. Generators.  A generator fills k from the stream within the bounds;
** it returns 0, or nonzero to discard the case (a draw it cannot use).
*/
typedef int (*gen_fn)(gen_choices *c, const gen_bounds *b, gen_case *k);

typedef struct gen_info {
  const char *name;
  const char *args; /* what it makes, e.g. "L" or "A B" */
  const char *summary;
  gen_fn fn;
} gen_info;

const gen_info *gen_find(const char *name); /* NULL if unknown */

/* A property's generator: one name, or several separated by spaces whose
** cases are drawn one after the other from the same stream and joined
** ("tractable tractable" makes two independent tractable layouts). */
typedef struct gen_plan {
  const gen_info *part[GEN_MAX_ARGS];
  int n;
} gen_plan;

/* Resolve names into plan; 0, or -1 when a name is unknown or there are
** more than GEN_MAX_ARGS. */
int gen_plan_resolve(const char *names, gen_plan *plan);
/* Run the plan's generators in order into k (0, or nonzero to discard). */
int gen_plan_run(const gen_plan *plan, gen_choices *c, const gen_bounds *b, gen_case *k);
int gen_count(void);
const gen_info *gen_at(int i);

/* ---------------------------------------------------------------------
** 4. Properties and the engine
*/
/* The verdict on one case.  GEN_ERROR is a defect of the harness, not of
** the statement: an argument that does not parse, or a generator that made
** a value outside its own promise.  It is counted apart (gen_result's
** errors) and never as a failure of the property. */
typedef enum { GEN_PASS = 0, GEN_FAIL = 1, GEN_DISCARD = 2, GEN_ERROR = 3 } gen_verdict;
typedef enum { GEN_THEOREM, GEN_CONJECTURE } gen_kind;

/* What a check sees: the case's arguments, a place for its message and
** for labels. */
typedef struct gen_ctx {
  int argc;
  const char *const *argv;
  const void *data; /* the property's data (properties defined at run time) */
  char msg[512];
  uint32_t labels;
  const gen_bounds *bounds;
  char shown[4][1024]; /* the check's scratch text of values, for its messages */
} gen_ctx;

/* Fail with a message (printf-style); returns GEN_FAIL. */
gen_verdict gen_failf(gen_ctx *x, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Report a harness defect with a message (printf-style); returns GEN_ERROR. */
gen_verdict gen_errorf(gen_ctx *x, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

typedef struct gen_property {
  const char *name;
  const char *statement; /* one line */
  const char *source;    /* paper number or other origin */
  gen_kind kind;
  const char *generator; /* name of a generator in the registry */
  const char *op;        /* eval op shown with the case: "OP ARGS" replays it */
  gen_verdict (*check)(gen_ctx *x);
  void *data; /* for properties defined at run time */
  /* The variables' names, space-separated ("A B C"), one per argument;
  ** NULL: named after the generators (cex_format.c).  op_other: 1 when
  ** "OP ARGS" is not what the check evaluates (no eval line is shown). */
  const char *vars;
  int op_other;
} gen_property;

/* A batch check, for a property whose check is a round trip to another
** process (the differential properties): check the cases x[0..n)
** together, setting verdicts[i], x[i].msg and x[i].labels as the
** property's check would for each.  It returns how many it checked, from
** the first (at least 1 when n >= 1; fewer than n after a failure that
** ends its process).  When checks run in this process (isolate off), the
** engine hands it up to width cases at a time, the random cases and the
** candidates of shrinking alike, and keeps the results of checking the
** cases one by one, in order: the same cases, the same counts and the
** same shrunk failure whatever width is. */
typedef struct gen_batch {
  int (*check)(gen_ctx *x, gen_verdict *verdicts, int n);
  int width; /* most cases per call; <= 1: one at a time */
} gen_batch;

/* Where a run of several properties is, for the progress line: property
** k of n (n 0: not given), the run's start and its deadline (gen_now
** clock; 0: none). */
typedef struct gen_progress {
  int64_t k, n;
  double t0, deadline;
} gen_progress;

/* Seconds on the monotonic clock (the clock of gen_progress). */
double gen_now(void);

/* How the engine runs. */
typedef struct gen_config {
  uint64_t seed;
  int64_t cases;        /* per property */
  double time;          /* seconds per property, 0 = no limit */
  double case_timeout;  /* seconds */
  int isolate;          /* run checks in a forked worker */
  int64_t shrink_limit; /* evaluations while shrinking one failure */
  gen_bounds bounds;
  int progress; /* draw a progress line on stderr */
  gen_progress run_progress;
  /* Sharding: run only the cases i (0-based) with i % shard_count ==
  ** shard_index, so that shards 0..shard_count-1 together run exactly the
  ** cases of an unsharded run.  shard_count 0 or 1: every case. */
  int64_t shard_index, shard_count;
  /* The batch check of the property run (NULL: none); its check stays
  ** the one used when isolating and by gen_check_once. */
  const gen_batch *batch;
  /* Distinct failures.  A run goes on after a failure until its cases or
  ** time are spent, and reports (through gen_run's callback) each failure
  ** whose signature it has not met before, shrunk so that the smaller case
  ** fails with the same signature; a failure of a signature met before
  ** is counted, not shrunk.  max_distinct caps the failures reported per
  ** property and run (<= 1: the run stops at its first failure);
  ** shrink_budget caps the seconds spent shrinking per property and run
  ** (0: no cap; a failure found after it is spent is reported unshrunk).
  ** signature (NULL: gen_signature_default) writes a failure's signature;
  ** seen (NULL: none), called with gen_run's ud for every failure when
  ** max_distinct > 1, says whether the caller knows the signature already
  ** (stored by an earlier run, or by this one through the callback) and
  ** has counted the sighting; a failure of a signature that the run met
  ** before or that seen knows is counted as found again. */
  int64_t max_distinct;
  double shrink_budget;
  /* The run of a property also stops after max_repeats failures in a row
  ** (no case passing between them) whose signatures were all met before:
  ** nothing new is being learnt, and each may cost a timeout (a system
  ** under test that hangs on every request).  0: no such stop. */
  int64_t max_repeats;
  void (*signature)(const gen_property *p, const char *msg, char *sig, size_t cap);
  int (*seen)(const gen_property *p, const char *sig, const char *msg, void *ud);
} gen_config;

/* The default signature of a failure of p with message msg: the message
** with every value in it (a run of digits and the punctuation of tuples,
** layouts, tilers and morphisms around it, or a name in single quotes)
** written as "#", at most cap - 1 bytes. */
void gen_signature_default(const gen_property *p, const char *msg, char *sig, size_t cap);

/* The signature of a failure of p with message msg under cfg: cfg's
** signature function, else the default. */
void gen_signature(const gen_config *cfg, const gen_property *p, const char *msg, char *sig,
                   size_t cap);

#define GEN_SIG_LEN 256 /* room for a signature */

/* The first case number >= i that cfg's shard runs (i when not sharded;
** INT64_MAX when there is none). */
int64_t gen_shard_next(const gen_config *cfg, int64_t i);

/* The outcome of running one property. */
typedef struct gen_result {
  int64_t cases, passed, discarded, failed;
  int64_t errors;          /* GEN_ERROR verdicts: harness defects, not failures */
  char error_message[512]; /* the first of them */
  double seconds;
  int64_t label_count[GEN_L_COUNT];
  /* The failure being reported (during the callback) or the last one
  ** reported (after gen_run), shrunk. */
  int has_failure;
  gen_case shrunk, original;
  char message[512];
  char signature[GEN_SIG_LEN];
  char *choices;         /* text form of the shrunk choices (owned) */
  int64_t shrink_steps;  /* evaluations spent shrinking */
  double shrink_seconds; /* time spent shrinking */
  int unshrunk;          /* 1: reported as found, the shrink budget being spent */
  /* Of the failed cases: distinct failures reported, failures of a
  ** signature met before (this run or the caller's seen), and failures
  ** past the max_distinct cap (the run stops at the first of these). */
  int64_t distinct, again, capped;
  int repeats_stop; /* 1: stopped after max_repeats repeated failures in a row */
} gen_result;

/* Called when a failure has been shrunk, before the run goes on, so that
** it can be stored at once. */
typedef void (*gen_on_failure)(const gen_property *p, const gen_result *r, void *ud);

/* Run one property: generate cases, check them (in a worker when
** isolated), shrink each distinct failure and report it through cb (see
** gen_config's max_distinct).  Returns 0, or
** nonzero with msg on an engine error (unknown generator, fork failure). */
int gen_run(const gen_config *cfg, const gen_property *p, gen_result *r, gen_on_failure cb,
            void *ud, char *msg, size_t cap);
void gen_result_clear(gen_result *r);

/* Check one given case (from its arguments), isolated as configured:
** for replaying stored counterexamples. */
gen_verdict gen_check_once(const gen_config *cfg, const gen_property *p, const gen_case *k,
                           char *msg, size_t cap);


#endif
