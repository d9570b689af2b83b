/* test_gpu_cute.c -- the host side of the GPU stage's CuTe path, compiled
** as host C (gpu/gpu_profile.h, gpu/gpu_cute_stage.h, gpu/gpu_results.h):
** the profile table, canonical profiles and the mapping of layouts onto
** the nearest instantiated profile (hand-worked examples, and the layout
** function kept on every generated layout), what the path makes of cases
** and compositions (with stand-ins for CuTe's host composition), batches
** ordered by kernel, the checks against planted faults, and the version-2
** result file (written, read back, version 1 still read, others refused).
**
** CuTe itself is not compiled here (that needs nvcc and CUTLASS): the
** device work is emulated with the stage's own phi64, which is what the
** checks compare against the oracle; `bin/layoutcheck-gpu --emulate` runs
** the real CuTe code on the host (tests/gpu_cli.sh). */
#include "gpu_cute_stage.h"
#include "gpu_results.h"
#include "t.h"

#include <stdlib.h>
#include <string.h>

/* The canonical form of profile text s. */
static const char *canon_of(const char *s) {
  static char out[LO_MAX_TOKENS + 4];
  gpu_profile_canon(s, (int)strlen(s), out);
  return out;
}

/* The text of the profile a layout maps onto, with how and dropped. */
static const char *map_text(const char *layout, int *how, int *dropped, gpu_mapping *m) {
  lo_layout l;
  lo_err e;
  T_EQ_INT(lo_parse_layout(layout, &l, &e), LO_OK);
  *how = gpu_profile_map(&l, m);
  *dropped = m->dropped;
  return m->profile >= 0 ? gpu_profile_text(m->profile) : "none";
}

/* The table: its size, the flat profiles first (gpu_cute_compose relies
** on them being profiles 0 to 8), no empty tuple (CuTe cannot index one),
** every text well formed. */
static void test_table(void) {
  T_EQ_INT(GPU_PROFILE_COUNT, 23);
  T_EQ_INT(gpu_profile_find("*", 1), 0);
  T_EQ_INT(gpu_profile_find("(*)", 3), 1);
  T_EQ_INT(gpu_profile_find("(**)", 4), 2);
  T_EQ_INT(gpu_profile_find("(********)", 10), 8);
  T_EQ_INT(gpu_profile_find("(*********)", 11), -1);
  T_CHECK(gpu_profile_text(GPU_PROFILE_COUNT) == NULL);
  int bad = 0, nested = 0;
  for (int p = 0; p < GPU_PROFILE_COUNT; p++) {
    const char *t = gpu_profile_text(p);
    int len = (int)strlen(t), depth = 0, deepest = 0;
    for (int i = 0; i < len; i++) {
      depth += t[i] == '(' ? 1 : t[i] == ')' ? -1 : 0;
      bad += depth < 0 || !strchr("()*", t[i]);
      if (depth > deepest) deepest = depth;
    }
    bad += depth != 0 || gpu_profile_end(t, len, 0) != len;
    bad += strstr(t, "()") != NULL;
    bad += gpu_profile_leaves(t, 0, len) > GPU_PROFILE_MAX_LEAVES;
    bad += gpu_profile_find(t, len) != p; /* no duplicates */
    nested += deepest >= 2;
  }
  T_EQ_INT(bad, 0);
  T_EQ_INT(nested, 14);
}

/* Canonical forms, worked by hand from the rules in gpu_profile.h. */
static void test_canon(void) {
  T_EQ_STR(canon_of("*"), "(*)");
  T_EQ_STR(canon_of("(*)"), "(*)");
  T_EQ_STR(canon_of("()"), "()");
  T_EQ_STR(canon_of("((*))"), "(*)");
  T_EQ_STR(canon_of("(()*)"), "(*)");
  T_EQ_STR(canon_of("((**))"), "(**)");
  T_EQ_STR(canon_of("(((**)*))"), "((**)*)");
  T_EQ_STR(canon_of("(*(*))"), "(**)");
  T_EQ_STR(canon_of("((*)(**))"), "(*(**))");
  T_EQ_STR(canon_of("(()(**))"), "(**)");
  T_EQ_STR(canon_of("((()())*(()))"), "(*)");
  T_EQ_STR(canon_of("(*(*(**)))"), "(*(*(**)))");
  /* the tuples of a canonical profile, as leaf ranges: [1,4) and [2,4) */
  int lo[8], hi[8];
  T_EQ_INT(gpu_profile_tuples("(*(*(**)))", lo, hi), 2);
  T_CHECK(lo[0] == 2 && hi[0] == 4 && lo[1] == 1 && hi[1] == 4);
}

/* The mapping of hand-written layouts, each expectation worked out in the
** comment beside it. */
static void test_map_examples(void) {
  gpu_mapping m;
  int how, dropped;
  /* an integral shape and a rank-1 tuple are profiles of their own */
  T_EQ_STR(map_text("5:2", &how, &dropped, &m), "*");
  T_EQ_INT(how, GPU_MAP_EXACT);
  T_EQ_STR(map_text("(5):(2)", &how, &dropped, &m), "(*)");
  T_EQ_INT(how, GPU_MAP_EXACT);
  T_EQ_STR(map_text("((2,3),4):((1,2),6)", &how, &dropped, &m), "((**)*)");
  T_EQ_INT(how, GPU_MAP_EXACT);
  /* ((2,3)) is ((**)) exactly; (((2,3),4)) canonicalises to ((**)*) */
  T_EQ_STR(map_text("(((2,3),4)):(((1,2),6))", &how, &dropped, &m), "((**)*)");
  T_EQ_INT(how, GPU_MAP_NEAREST);
  /* (2,(3,(4,5))): tuples [1,4) and [2,4); (*(***)) keeps [1,4) and comes
  ** before (**(**)), which keeps [2,4) */
  T_EQ_STR(map_text("(2,(3,(4,5))):(1,(2,(6,24)))", &how, &dropped, &m), "(*(***))");
  T_EQ_INT(how, GPU_MAP_NEAREST);
  T_EQ_INT(m.flat.rank, 4);
  T_CHECK(m.flat.shape[3] == 5 && m.flat.stride[3] == 24);
  /* ((2,2),3,(2,2)): no 5-leaf profile but the flat one */
  T_EQ_STR(map_text("((2,2),3,(2,2)):((1,2),4,(12,24))", &how, &dropped, &m), "(*****)");
  /* ((),4): the empty tuple goes, (4) stays: "(*)" after "*" on a tie?
  ** both canonicalise to (*); "*" is first in the table */
  T_EQ_STR(map_text("((),4):((),3)", &how, &dropped, &m), "*");
  T_EQ_INT(how, GPU_MAP_NEAREST);
  /* the empty layout: the leaf 1:0 */
  T_EQ_STR(map_text("():()", &how, &dropped, &m), "*");
  T_EQ_INT(dropped, -1);
  T_CHECK(m.flat.rank == 1 && m.flat.shape[0] == 1 && m.flat.stride[0] == 0);
  /* nine leaves, one of shape 1: dropped, eight flat */
  T_EQ_STR(map_text("(2,2,2,1,2,2,2,2,2):(1,2,4,0,8,16,32,64,128)", &how, &dropped, &m),
           "(********)");
  T_EQ_INT(how, GPU_MAP_NEAREST);
  T_EQ_INT(dropped, 1);
  T_CHECK(m.flat.shape[3] == 2 && m.flat.stride[3] == 8);
  /* nine leaves of shape 2: no profile */
  T_EQ_STR(map_text("(2,2,2,2,2,2,2,2,2):(1,2,4,8,16,32,64,128,256)", &how, &dropped, &m), "none");
  T_EQ_INT(how, GPU_MAP_NONE);
}

/* The mapping keeps the layout function on every layout the stage
** generates: phi64 of the mapped leaves == lo_apply of the layout on
** [0, size); an exact mapping keeps the profile. */
static void test_map_generated(void) {
  gpu_stage_opts o;
  gpu_stage_defaults(&o, 11);
  o.bounds.max_size = 1 << 12;
  gpu_case *c = malloc(sizeof *c);
  int64_t bad = 0, exact = 0, nearest = 0, none = 0, wrong_profile = 0;
  lo_err e;
  for (int64_t j = 0; j < 1500; j++) {
    if (gpu_make_case(&o, j, c)) {
      bad++;
      continue;
    }
    gpu_mapping m;
    int how = gpu_profile_map(&c->l, &m);
    exact += how == GPU_MAP_EXACT;
    nearest += how == GPU_MAP_NEAREST;
    none += how == GPU_MAP_NONE;
    if (how == GPU_MAP_NONE) continue;
    if (how == GPU_MAP_EXACT &&
        (int)strlen(gpu_profile_text(m.profile)) != c->l.shape.ntok)
      wrong_profile++;
    lo_layout back;
    lo_int size;
    if (gpu_mapping_layout(&m, &back) || lo_size(&back, &size, &e) != LO_OK || size != c->size)
      bad++;
    for (lo_int i = 0; i < c->size; i++) {
      lo_int want;
      if (lo_apply(&c->l, i, &want, &e) != LO_OK || phi64(&m.flat, i) != want) bad++;
    }
  }
  free(c);
  T_EQ_INT(bad, 0);
  T_EQ_INT(wrong_profile, 0);
  T_CHECK(exact > 500 && nearest > 300);
  T_CHECK(none < 15);
}

/* Stand-ins for CuTe's host composition: the oracle's (so "the same"), a
** wrong one, and the two refusals. */
static int compose_oracle(const lo_layout *a, const lo_layout *b, lo_layout *out) {
  lo_err e;
  return lo_composition(a, b, out, &e) == LO_OK ? 0 : -1;
}
static int compose_wrong(const lo_layout *a, const lo_layout *b, lo_layout *out) {
  if (compose_oracle(a, b, out)) return -1;
  out->stride[out->shape.len - 1] += 1;
  return 0;
}
static int compose_unmapped(const lo_layout *a, const lo_layout *b, lo_layout *out) {
  (void)a, (void)b, (void)out;
  return -1;
}
static int compose_zero(const lo_layout *a, const lo_layout *b, lo_layout *out) {
  (void)a, (void)b, (void)out;
  return -2;
}

/* A composition case made by hand: A o B with c->l = lo_composition. */
static int hand_composition(const char *a, const char *b, gpu_case *c) {
  lo_err e;
  memset(c, 0, sizeof *c);
  c->kind = GPU_K_COMPOSITION;
  c->flags = GPU_COMPOSE | GPU_GATHER;
  if (lo_parse_layout(a, &c->a, &e) || lo_parse_layout(b, &c->b, &e)) return -1;
  if (lo_composition(&c->a, &c->b, &c->l, &e) != LO_OK) c->l = c->b; /* refused */
  lo_size(&c->l, &c->size, &e);
  lo_cosize(&c->l, &c->cosize, &e);
  return 0;
}

/* What the path makes of cases: items per stride type, the int skip past
** 2^31, and each fate of a composition. */
static void test_cute_make(void) {
  gpu_case *c = malloc(sizeof *c);
  gpu_cute_case *o = malloc(sizeof *o);
  lo_err e;
  /* a plain layout: int64 and int items */
  memset(c, 0, sizeof *c);
  T_EQ_INT(lo_parse_layout("((2,3),4):((1,2),6)", &c->l, &e), LO_OK);
  c->size = 24;
  c->cosize = 24;
  c->flags = GPU_GATHER | GPU_SCATTER;
  gpu_cute_make(c, NULL, o);
  T_EQ_INT(o->nitems, 2);
  T_EQ_INT(o->stride_type[0], GPU_STRIDE_INT64);
  T_EQ_INT(o->stride_type[1], GPU_STRIDE_INT);
  T_EQ_INT(o->compose, GPU_CC_NONE);
  T_EQ_STR(gpu_profile_text(o->map.profile), "((**)*)");
  /* cosize 2^31 + 1: offsets up to 2^31 do not fit an int */
  T_EQ_INT(lo_parse_layout("2:2147483648", &c->l, &e), LO_OK);
  c->size = 2;
  c->cosize = 2147483649LL;
  c->flags = 0;
  gpu_cute_make(c, NULL, o);
  T_EQ_INT(o->nitems, 1);
  T_EQ_INT(o->int_skipped, 1);
  /* the largest offset 2^31 - 1 still fits */
  T_EQ_INT(lo_parse_layout("2:2147483647", &c->l, &e), LO_OK);
  c->cosize = 2147483648LL;
  gpu_cute_make(c, NULL, o);
  T_EQ_INT(o->nitems, 2);
  /* compositions: the oracle's A o B is (4,5):(2,8) o ... */
  T_EQ_INT(hand_composition("20:2", "(4,5):(1,4)", c), 0);
  gpu_cute_make(c, compose_oracle, o);
  T_EQ_INT(o->compose, GPU_CC_SAME);
  T_EQ_INT(o->nitems, 2);
  gpu_cute_make(c, compose_wrong, o);
  T_EQ_INT(o->compose, GPU_CC_DIFFERS);
  T_EQ_INT(o->nitems, 0);
  gpu_cute_make(c, compose_unmapped, o);
  T_EQ_INT(o->compose, GPU_CC_UNMAPPED);
  gpu_cute_make(c, compose_zero, o);
  T_EQ_INT(o->compose, GPU_CC_ZERO);
  T_EQ_INT(o->nitems, 0);
  /* refused by the oracle: B's modes overlap and CuTe's answer
  ** ((2,(2,2)),(2,4)):((4,(8,8)),(8,8)) is not A o B (at x = 10,
  ** A(B(x)) = A(16) = 8, the layout gives 16) */
  T_EQ_INT(hand_composition("(4,4,4,4):(2,4,8,16)", "((2,4),8):((4,8),8)", c), 0);
  gpu_cute_make(c, compose_oracle, o);
  T_EQ_INT(o->compose, GPU_CC_REFUSED);
  T_EQ_INT(o->nitems, 0);
  /* the expectation of a composition is A(B(i)): B(1) = 4 (the coordinate
  ** (1,0) of B's first mode, stride 4), and A(4) = 4 (coordinate
  ** (0,1,0,0), stride 4) */
  lo_int x;
  T_EQ_INT(gpu_cute_expect(c, 1, &x), 0);
  T_EQ_INT(x, 4);
  gpu_cute_counts n;
  memset(&n, 0, sizeof n);
  gpu_cute_count(&n, o);
  T_CHECK(n.layouts == 1 && n.compose_refused == 1 && n.items == 0 && n.exact == 0);
  free(c);
  free(o);
}

/* The stand-in for the CuTe kernels: gpu_cute_element with the stage's
** own phi64 in place of CuTe's layout, over every group of b. */
static void emulate(gpu_cute_batch *b, uint32_t salt) {
  gpu_cute_host_fill(b, salt);
  gpu_cute_reset(b);
  for (int32_t q = 0; q < b->ngroups; q++)
    for (int64_t g = b->start[b->group[q]]; g < b->start[b->group[q + 1]]; g++) {
      int32_t k0 = b->group[q], k = k0 + gpu_find_layout(b->start + k0, b->group[q + 1] - k0, g);
      const gpu_cute_item *it = &b->item[k];
      int64_t i = g - b->start[k], o = phi64(&it->layout, i);
      int in = o >= 0 && o < it->cosize;
      b->off[g] = o;
      if (it->flags & GPU_GATHER) b->gathered[g] = in ? b->src[it->src_at + o] : GPU_OUT_OF_RANGE;
      if ((it->flags & GPU_SCATTER) && in) {
        b->dst[it->dst_at + o] = (uint32_t)i;
        b->hits[it->dst_at + o]++;
      }
    }
}

/* Mismatches by check name, collected by the report callback. */
typedef struct seen {
  int64_t n, last_case;
  char names[16][32];
  int64_t count[16];
} seen;

/* gpu_report_fn: count per check name. */
static void see(void *ud, int64_t case_index, const char *check, int64_t index, int64_t expected,
                int64_t got) {
  seen *s = ud;
  (void)index, (void)expected, (void)got;
  s->n++;
  s->last_case = case_index;
  for (int k = 0; k < 16; k++) {
    if (s->names[k][0] == '\0') snprintf(s->names[k], sizeof s->names[k], "%s", check);
    if (strcmp(s->names[k], check) == 0) {
      s->count[k]++;
      return;
    }
  }
}

/* Mismatches of one check name. */
static int64_t seen_count(const seen *s, const char *check) {
  for (int k = 0; k < 16; k++)
    if (strcmp(s->names[k], check) == 0) return s->count[k];
  return 0;
}

/* A batch of the first count cases: plan entries, caps, fill. */
static int fill_batch(const gpu_stage_opts *o, int64_t count, gpu_cute_batch *b,
                      gpu_cute_counts *n) {
  gpu_plan_entry *plan = calloc((size_t)count, sizeof *plan);
  gpu_case *c = malloc(sizeof *c);
  gpu_cute_case *cc = malloc(sizeof *cc);
  gpu_budget cap = {0, 0, 0};
  char msg[256];
  memset(n, 0, sizeof *n);
  for (int64_t j = 0; j < count; j++) {
    T_EQ_INT(gpu_make_case(o, j, c), 0);
    gpu_cute_make(c, compose_oracle, cc);
    gpu_cute_count(n, cc);
    plan[j] = gpu_cute_plan_entry(cc, c->kind);
    cap.elements += plan[j].size;
    cap.src += (plan[j].flags & GPU_GATHER) ? plan[j].cosize : 0;
    cap.dst += (plan[j].flags & GPU_SCATTER) ? plan[j].cosize : 0;
  }
  int rc = gpu_cute_batch_alloc(b, (int32_t)count * GPU_STRIDE_COUNT, cap, 1);
  if (rc == 0) rc = gpu_cute_batch_fill(o, compose_oracle, b, 0, (int32_t)count, msg, sizeof msg);
  if (rc) printf("fill: %s\n", msg);
  free(plan);
  free(c);
  free(cc);
  return rc;
}

/* Batches: items ordered by kernel, each group one profile and stride
** type, ranges contiguous; a clean emulated pass; planted faults found. */
static void test_batches(void) {
  gpu_stage_opts o;
  gpu_cute_batch b;
  gpu_cute_counts n;
  gpu_stage_defaults(&o, 3);
  o.bounds.max_size = 1 << 10;
  if (!T_EQ_INT(fill_batch(&o, 300, &b, &n), 0)) return;
  T_EQ_INT(b.n, n.items);
  T_CHECK(n.items > 400 && n.compose_same > 5);
  int bad = 0;
  for (int32_t q = 0; q < b.ngroups; q++) {
    int32_t k0 = b.group[q];
    bad += b.group[q + 1] <= k0;
    for (int32_t k = k0; k < b.group[q + 1]; k++) bad += gpu_cute_key(&b.item[k]) != gpu_cute_key(&b.item[k0]);
    if (q > 0) bad += gpu_cute_key(&b.item[b.group[q - 1]]) >= gpu_cute_key(&b.item[k0]);
  }
  T_EQ_INT(bad, 0);
  T_EQ_INT(b.group[b.ngroups], b.n);
  T_CHECK(b.ngroups > 20);
  for (int32_t k = 0; k < b.n; k++) bad += b.start[k + 1] - b.start[k] != b.item[k].size;
  T_EQ_INT(bad, 0);

  gpu_tally t;
  seen s;
  uint32_t salt = gpu_cute_salt(3, 0, 0);
  memset(&t, 0, sizeof t);
  memset(&s, 0, sizeof s);
  emulate(&b, salt);
  gpu_cute_check(&b, salt, &t, see, &s);
  T_EQ_INT(t.mismatches, 0);
  T_EQ_INT(t.offsets, b.used.elements);
  T_CHECK(t.elements > t.offsets);

  /* an offset, a gathered value and a scatter corrupted in one item each */
  int32_t k = -1;
  for (int32_t x = 0; x < b.n && k < 0; x++)
    if ((b.item[x].flags & GPU_SCATTER) && b.item[x].size > 2 && b.item[x].stride_type == GPU_STRIDE_INT)
      k = x;
  if (!T_CHECK(k >= 0)) return;
  int64_t g = b.start[k] + 1;
  b.off[g] += 1;
  b.gathered[g] ^= 1;
  b.dst[b.item[k].dst_at + b.expect[g]] = 12345; /* index 1 now reads 12345 */
  b.hits[b.item[k].dst_at + b.expect[b.start[k]]] = 2;
  memset(&t, 0, sizeof t);
  memset(&s, 0, sizeof s);
  gpu_cute_check(&b, salt, &t, see, &s);
  T_EQ_INT(seen_count(&s, "cute_offset:int"), 1);
  T_EQ_INT(seen_count(&s, "cute_gather:int"), 1);
  T_EQ_INT(seen_count(&s, "cute_scatter:int"), 1);
  T_EQ_INT(seen_count(&s, "cute_bijective:int"), 1);
  T_EQ_INT(t.mismatches, 4);
  T_EQ_INT(s.last_case, b.case_of[k]);

  /* a wrong layout (a stride doubled) is caught on every index it moves */
  emulate(&b, salt);
  int32_t w = -1;
  for (int32_t x = 0; x < b.n && w < 0; x++)
    if (b.item[x].stride_type == GPU_STRIDE_INT64 && b.item[x].size > 4 && b.item[x].layout.stride[0] > 0 && b.item[x].layout.shape[0] > 1)
      w = x;
  if (T_CHECK(w >= 0)) {
    b.item[w].layout.stride[0] *= 2;
    emulate(&b, salt);
    memset(&t, 0, sizeof t);
    memset(&s, 0, sizeof s);
    gpu_cute_check(&b, salt, &t, see, &s);
    T_CHECK(seen_count(&s, "cute_offset:int64") > 0);
    T_EQ_INT(seen_count(&s, "cute_offset:int"), 0);
  }
  gpu_cute_batch_free(&b);
}

/* The version-2 result file: header and path lines written and read back;
** path lines that do not agree with the header refused. */
static void test_results_v2(void) {
  gpu_summary s, r;
  memset(&s, 0, sizeof s);
  s.npaths = 2;
  s.layouts = 100000;
  s.seed = 7;
  s.copy_gbps = 2800.5;
  snprintf(s.device, sizeof s.device, "NVIDIA H100 80GB HBM3");
  gpu_path_summary *own = &s.path[0], *cute = &s.path[1];
  snprintf(own->name, sizeof own->name, "own");
  snprintf(cute->name, sizeof cute->name, "cute");
  own->layouts = cute->layouts = 100000;
  own->offsets = 10;
  cute->offsets = 20;
  own->elements = 3;
  cute->elements = 4;
  own->mismatches = 2;
  own->reported = 1;
  own->truncated = 9;
  own->bytes = 123456789012LL;
  own->kernel_seconds = 0.25;
  own->gbps = 493.8;
  cute->items = 5;
  cute->compose_zero_stride = 6;
  cute->compose_same = 7;
  s.offsets = 30;
  s.elements = 7;
  s.mismatches = 2;
  s.reported = 1;
  FILE *f = tmpfile();
  if (!T_CHECK(f != NULL)) return;
  T_EQ_INT(gpu_write_header(f, &s), 0);
  T_EQ_INT(gpu_write_path(f, own), 0);
  T_EQ_INT(gpu_write_path(f, cute), 0);
  rewind(f);
  char line[1024];
  T_CHECK(fgets(line, sizeof line, f) != NULL);
  T_EQ_INT(gpu_parse_header(line, &r), 0);
  T_EQ_INT(r.version, 2);
  T_EQ_INT(r.npaths, 2);
  T_CHECK(r.copy_gbps > 2800.4 && r.copy_gbps < 2800.6);
  T_EQ_STR(r.device, "NVIDIA H100 80GB HBM3");
  T_CHECK(fgets(line, sizeof line, f) != NULL);
  T_EQ_INT(gpu_parse_path(line, &r.path[0]), 0);
  T_EQ_STR(r.path[0].name, "own");
  T_EQ_INT(r.path[0].bytes, 123456789012LL);
  T_EQ_INT(r.path[0].truncated, 9);
  T_CHECK(r.path[0].kernel_seconds == 0.25 && r.path[0].gbps > 493.7 && r.path[0].gbps < 493.9);
  T_CHECK(fgets(line, sizeof line, f) != NULL);
  T_EQ_INT(gpu_parse_path(line, &r.path[1]), 0);
  T_EQ_STR(r.path[1].name, "cute");
  T_EQ_INT(r.path[1].compose_zero_stride, 6);
  T_EQ_INT(r.path[1].compose_same, 7);
  T_EQ_INT(r.path[1].items, 5);
  fclose(f);
  T_CHECK(gpu_summary_disagrees(&r) == NULL);
  r.path[1].mismatches = 1;
  T_CHECK(gpu_summary_disagrees(&r) != NULL);
  r.path[1].mismatches = 0;
  snprintf(r.path[1].name, sizeof r.path[1].name, "own");
  T_CHECK(gpu_summary_disagrees(&r) != NULL);
}

/* Version 1 still read; other versions, and malformed version-2 headers
** and path lines, refused. */
static void test_results_refused(void) {
  gpu_summary r;
  gpu_path_summary p;
  /* version 1: read, no path lines, copy bandwidth not measured */
  T_EQ_INT(gpu_parse_header("layoutcheck-gpu 1 skipped=0 layouts=5 offsets=1 elements=1 "
                            "mismatches=0 reported=0 truncated=0 passes=1 seed=3 seconds=1.0 "
                            "gbps=2.0 device=Old GPU\n",
                            &r),
           0);
  T_EQ_INT(r.version, 1);
  T_EQ_INT(r.npaths, 0);
  T_CHECK(r.copy_gbps < 0);
  T_EQ_STR(r.device, "Old GPU");
  /* version 3: refused as such, with its number */
  T_EQ_INT(gpu_parse_header("layoutcheck-gpu 3 whatever\n", &r), GPU_RESULTS_EVERSION);
  T_EQ_INT(r.version, 3);
  /* version 2 headers and path lines that are malformed */
  const char *bad_headers[] = {
      "layoutcheck-gpu 2 skipped=0 layouts=0 offsets=0 elements=0 mismatches=0 reported=0 "
      "truncated=0 passes=0 seed=3 seconds=0 gbps=0 device=x",
      "layoutcheck-gpu 2 skipped=0 layouts=0 offsets=0 elements=0 mismatches=0 reported=0 "
      "truncated=0 passes=0 seed=3 seconds=0 gbps=0 copy_gbps=1 paths=3 device=x",
      "layoutcheck-gpu 2 skipped=0 layouts=0 offsets=0 elements=0 mismatches=0 reported=0 "
      "truncated=0 passes=0 seed=3 seconds=0 gbps=0 copy_gbps=-1 paths=0 device=x",
      "layoutcheck-gpu x skipped=0",
      "layoutcheck-gpu 0 skipped=0",
  };
  int refused = 0;
  for (size_t i = 0; i < sizeof bad_headers / sizeof bad_headers[0]; i++)
    refused += gpu_parse_header(bad_headers[i], &r) == -1;
  T_EQ_INT(refused, (int)(sizeof bad_headers / sizeof bad_headers[0]));
  const char *bad_paths[] = {
      "path gpu layouts=0 offsets=0 elements=0 mismatches=0 reported=0 passes=0 bytes=0 "
      "kernel_seconds=0 gbps=0 truncated=0",
      "path own layouts=0 offsets=0 elements=0 mismatches=0 reported=0 passes=0 bytes=0 "
      "kernel_seconds=0 gbps=0",
      "path own layouts=0 offsets=0 elements=0 mismatches=0 reported=1 passes=0 bytes=0 "
      "kernel_seconds=0 gbps=0 truncated=0",
      "path own layouts=0 offsets=-1 elements=0 mismatches=0 reported=0 passes=0 bytes=0 "
      "kernel_seconds=0 gbps=0 truncated=0",
      "path own layouts=0 offsets=0 elements=0 mismatches=0 reported=0 passes=0 bytes=0 "
      "kernel_seconds=0 gbps=0 truncated=0 extra=1",
      "path cute layouts=0 offsets=0 elements=0 mismatches=0 reported=0 passes=0 bytes=0 "
      "kernel_seconds=0 gbps=0 truncated=0",
      "mismatch gather 1 2 3 (2):(1)",
  };
  refused = 0;
  for (size_t i = 0; i < sizeof bad_paths / sizeof bad_paths[0]; i++)
    refused += gpu_parse_path(bad_paths[i], &p) != 0;
  T_EQ_INT(refused, (int)(sizeof bad_paths / sizeof bad_paths[0]));
  T_EQ_INT(gpu_parse_path("path own layouts=0 offsets=0 elements=0 mismatches=0 reported=0 "
                          "passes=0 bytes=0 kernel_seconds=0 gbps=0 truncated=0\r\n",
                          &p),
           0);
}

int main(void) {
  test_table();
  test_canon();
  test_map_examples();
  test_map_generated();
  test_cute_make();
  test_batches();
  test_results_v2();
  test_results_refused();
  return T_DONE();
}
