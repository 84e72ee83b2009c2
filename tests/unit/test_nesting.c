/* Precise mode while every task is assumed to wait for its children (task_nesting.h):
 * lazy families do not expand, their verdicts are Algorithm 1's, and a task that ends
 * with children unwaited after all marks the run incomplete. One process: the
 * assumption, once off, stays off, so the tests run in this order. */
#include "check.h"
#include "detection.h"
#include "history.h"
#include "history_cell.h"
#include "history_precise.h"
#include "lockset.h"
#include "options.h"
#include "ospg.h"
#include "shadow.h"
#include "sp_query.h"
#include "strand_stack.h"
#include "task_deps.h"
#include "task_nesting.h"

static struct strand_stack g_main;

static void fresh(void) {
  ss_destroy(&g_main);
  ss_init(&g_main, ospg_root());
  history_reset();
}

static unsigned access(node_id w, void *addr, bool is_write, uint32_t site,
                       struct race_found *first) {
  struct sp_cache cache;
  sp_cache_reset(&cache, w);
  struct access_now now = {.node = w, .site = site, .is_write = is_write};
  struct race_found races[MAX_RACES_PER_ACCESS];
  unsigned n = history_access((uintptr_t)addr, 4, &now, &cache, races);
  if (n && first)
    *first = races[0];
  return n;
}

static bool expanded(const void *addr) {
  const struct granule_cell *g = shadow_cell((uintptr_t)addr);
  return g && (slot_head(&g->whole) & HEAD_EXPANDED);
}

/* main { task t1 { task g { Rd(x) }; Rd(x); taskwait }; task t2 { Rd(x) }; taskwait;
 * Wr(x) }: three parallel reads; the third drops one of the first two. Every task
 * waits: the family stays lazy (no ST-node entry), and the write, ordered after all
 * three, races with none. Without the write's taskwait it races (with the kept reads). */
static void nested_reads_stay_lazy(void) {
  for (int main_waits = 1; main_waits >= 0; main_waits--) {
    fresh();
    static int x;
    struct strand_stack t1, g, t2;
    ss_task_create(&g_main, &t1, 0, false);
    ss_task_create(&t1, &g, 0, false);
    CHECK(access(g.strand, &x, false, 1, NULL) == 0);
    CHECK(access(t1.strand, &x, false, 2, NULL) == 0);
    CHECK(ss_task_end(&g) == false);
    ss_taskwait(&t1);
    CHECK(ss_task_end(&t1) == false);
    ss_task_create(&g_main, &t2, 0, false);
    CHECK(access(t2.strand, &x, false, 3, NULL) == 0);
    CHECK(ss_task_end(&t2) == false);
    CHECK(!expanded(&x)); /* Algorithm 20 would have expanded here */
    main_waits ? ss_taskwait(&g_main) : (void)ss_new_strand(&g_main);
    CHECK((access(g_main.strand, &x, true, 4, NULL) != 0) == !main_waits);
    CHECK(!detection_incomplete());
    ss_destroy(&t1);
    ss_destroy(&g);
    ss_destroy(&t2);
  }
}

/* The drop the assumption allows, then a task that does not wait after all (what the
 * pass did not foresee): main { task b { task g { Rd(x) } }; Rd(x) in b and in main
 * (in the order g, b, main: main's read drops g's) ; b ends; taskwait; Wr(x) }. The
 * write races with g's read only, which the lazy family no longer holds: the race is
 * missed, and the run must say that its checking was incomplete. */
static void abandoned_task_marks_a_gap(void) {
  fresh();
  CHECK(nesting_assumed());
  static int x;
  struct strand_stack b, g;
  ss_task_create(&g_main, &b, 0, false);
  ss_task_create(&b, &g, 0, false);
  CHECK(access(g.strand, &x, false, 1, NULL) == 0);
  CHECK(access(b.strand, &x, false, 2, NULL) == 0);
  CHECK(access(g_main.strand, &x, false, 3, NULL) == 0);
  CHECK(!expanded(&x));
  CHECK(!detection_incomplete());
  CHECK(ss_task_end(&b) == true); /* g unwaited */
  CHECK(detection_incomplete());
  CHECK(!nesting_assumed());
  ss_taskwait(&g_main); /* waits for b, not for g */
  /* Algorithm 1's count through g's open group, now that the assumption is off */
  CHECK(sp_is_parallel(g.strand, g_main.strand));
  access(g_main.strand, &x, true, 4, NULL); /* the race with g's read is gone */
  ss_destroy(&b);
  ss_destroy(&g);
}

/* With the assumption off (as above, for the rest of the run), the same program
 * expands and finds the race (test_precise.c, lazy_expands_on_drop). */
static void off_after_abandonment(void) {
  fresh();
  static int y;
  struct strand_stack b, g;
  ss_task_create(&g_main, &b, 0, false);
  ss_task_create(&b, &g, 0, false);
  CHECK(access(g.strand, &y, false, 1, NULL) == 0);
  CHECK(access(b.strand, &y, false, 2, NULL) == 0);
  CHECK(access(g_main.strand, &y, false, 3, NULL) == 0);
  CHECK(expanded(&y));
  ss_task_end(&b);
  ss_taskwait(&g_main);
  struct race_found r;
  CHECK(access(g_main.strand, &y, true, 4, &r) == 1);
  CHECK(r.prev.node == g.strand && r.prev.site == 1);
  ss_destroy(&b);
  ss_destroy(&g);
}

/* The isParallel memo of strand w running iteration iter (0: none; the loop's first tag
 * is 1). */
static void cache_in(struct sp_cache *cache, node_id w, uint32_t iter) {
  sp_cache_reset(cache, w);
  cache->iter = iter;
  cache->tag0 = 1;
}

/* An access of strand w in iteration iter holding lockset; *first (if not NULL) gets the
 * first race. */
static unsigned access_in(node_id w, uint32_t iter, void *addr, bool is_write, lockset_id lockset,
                          uint32_t site, struct race_found *first) {
  struct sp_cache cache;
  cache_in(&cache, w, iter);
  struct access_now now = {w, site, iter, is_write, lockset};
  struct race_found races[MAX_RACES_PER_ACCESS];
  unsigned n = history_access((uintptr_t)addr, 4, &now, &cache, races);
  if (n && first)
    *first = races[0];
  return n;
}

/* Whether the lock-free test answers that access_in's access is recorded already. */
static bool recorded_in(node_id w, uint32_t iter, void *addr, bool is_write, lockset_id lockset,
                        uint32_t site) {
  struct sp_cache cache;
  cache_in(&cache, w, iter);
  struct access_now now = {w, site, iter, is_write, lockset};
  struct granule_cell *g = shadow_cell((uintptr_t)addr);
  return precise_already_recorded(&g->whole, slot_last_update(&g->whole), &now, &cache);
}

/* The iterations of a loop update one counter under `omp atomic` (a histogram's bin):
 * once two iterations' updates are the entry's writes, they cover every other
 * iteration's (writes_covered in history_precise.c), which the lock-free test answers
 * as recorded; a plain write of another iteration races with them and is not covered,
 * and a parallel task's read still races with the updates. */
static void atomic_writes_covered(void) {
  fresh();
  static int x;
  struct strand_stack t1, t2;
  ss_task_create(&g_main, &t1, 0, false);
  ss_task_create(&g_main, &t2, 0, false);
  lockset_id at = lockset_with_atomic(0);
  CHECK(access_in(t1.strand, 1, &x, true, at, 1, NULL) == 0);
  CHECK(!recorded_in(t1.strand, 2, &x, true, at, 1)); /* one write: it would take two */
  CHECK(access_in(t1.strand, 2, &x, true, at, 1, NULL) == 0);
  CHECK(recorded_in(t1.strand, 3, &x, true, at, 1));
  CHECK(recorded_in(t1.strand, 3, &x, true, at, 5)); /* any site: the entries stay */
  CHECK(!recorded_in(t1.strand, 3, &x, true, 0, 2));
  struct race_found r = {0};
  CHECK(access_in(t1.strand, 3, &x, true, 0, 2, &r) == 1 && r.prev.node == t1.strand);
  CHECK(access_in(t2.strand, 0, &x, false, 0, 3, &r) >= 1);
  ss_destroy(&t1);
  ss_destroy(&t2);
}

/* A module whose tasks may leave children unwaited turns the assumption off; so does
 * one that registered sites without saying (an older pass). Checked last. */
static void modules_decide(void) {
  /* Already off here; what counts is that saying yes does not turn it back on. */
  nesting_module_tasks(true);
  nesting_module_registered();
  CHECK(!nesting_assumed());
}

int main(void) {
  g_opts.mode = MODE_PRECISE; /* before history_init: it reserves precise entries */
  if (ospg_init(1 << 20) || shadow_init(1024) || history_init(16) || deps_init(1 << 16)) {
    fprintf(stderr, "cannot reserve memory\n");
    return 1;
  }
  /* As a module's constructor does: sites registered, every task waits. */
  nesting_module_tasks(true);
  nesting_module_registered();
  RUN_TEST(nested_reads_stay_lazy);
  RUN_TEST(atomic_writes_covered);
  RUN_TEST(abandoned_task_marks_a_gap);
  RUN_TEST(off_after_abandonment);
  RUN_TEST(modules_decide);
  return finish();
}
