/* Synchronisation edges (sync_edges.c) and the path search of isParallel over them
 * (sp_query.c), driven through the construction API: sibling tasks stand for threads
 * that release and acquire. */
#include "branch_test.h"
#include "check.h"
#include "ompracer/hooks.h"
#include "ospg.h"
#include "sp_query.h"
#include "strand_stack.h"
#include "sync_edges.h"
#include "task_deps.h"

#define PAR(a, b) (sp_is_parallel((a), (b)) && sp_is_parallel((b), (a)))
#define SER(a, b) (!sp_is_parallel((a), (b)) && !sp_is_parallel((b), (a)))
#define PAR_P(a, b) (sp_is_parallel_precise((a), (b)) && sp_is_parallel_precise((b), (a)))

static struct strand_stack g_main;

/* Three sibling tasks (parallel with each other and the creator's continuation). */
static void siblings(struct strand_stack t[3]) {
  sync_reset();
  ss_destroy(&g_main);
  ss_init(&g_main, ospg_root());
  for (int i = 0; i < 3; i++)
    ss_task_create(&g_main, &t[i], 0, false);
}

/* A release in t: its strand ends; returns the strand that ended. */
static node_id release(struct strand_stack *t) {
  node_id ended = t->strand;
  ss_new_strand(t);
  return ended;
}

/* An acquire in t of what `from` published: a new strand with an edge into it. */
static node_id acquire(struct strand_stack *t, node_id from) {
  node_id to = ss_new_strand(t);
  sync_edge_add(from, to);
  return to;
}

/* One edge orders what came before the release before what comes after the acquire,
 * and nothing else. */
static void one_edge(void) {
  struct strand_stack t[3];
  siblings(t);
  node_id before0 = t[0].strand;
  node_id a0 = release(&t[0]); /* a0 == before0: the released strand */
  node_id after0 = t[0].strand;
  node_id before1 = t[1].strand;
  CHECK(sync_edge_count() == 0);
  CHECK(PAR(a0, before1)); /* no edge yet: the tree's answer */
  node_id after1 = acquire(&t[1], a0);
  CHECK(sync_edge_count() == 1);
  CHECK(a0 == before0);
  CHECK(SER(a0, after1));     /* released -> acquired */
  CHECK(PAR(a0, before1));    /* the acquirer's earlier strand stays parallel */
  CHECK(PAR(after0, after1)); /* what follows the release is not published */
  CHECK(PAR(a0, t[2].strand));
  CHECK(PAR_P(a0, after1)); /* the tree alone still says parallel */
  CHECK(sp_tree_parallel(a0, after1));
  /* Later strands of the acquirer are in series after the acquire: still ordered. */
  node_id later1 = ss_new_strand(&t[1]);
  CHECK(SER(a0, later1));
}

/* Paths: an edge, series order in the middle task, another edge. And an edge whose
 * source comes after the first strand in its task orders that first strand too. */
static void transitive(void) {
  struct strand_stack t[3];
  siblings(t);
  node_id first0 = release(&t[0]); /* an earlier strand of task 0 */
  node_id a0 = release(&t[0]);
  node_id b1 = acquire(&t[1], a0);
  node_id mid1 = ss_new_strand(&t[1]); /* series after b1 in task 1 */
  node_id r1 = release(&t[1]);
  CHECK(r1 == mid1);
  node_id c2 = acquire(&t[2], r1);
  CHECK(SER(a0, c2));     /* a0 -> b1 <= mid1 -> c2 */
  CHECK(SER(first0, c2)); /* first0 <= a0 -> ... */
  CHECK(SER(b1, c2));
  CHECK(PAR(t[0].strand, c2)); /* task 0 after its release */
  CHECK(PAR(t[2].strand, t[0].strand));
}

/* An edge backwards in creation order never orders anything it should not: a path only
 * leads from the strand created first. */
static void direction(void) {
  struct strand_stack t[3];
  siblings(t);
  node_id a0 = release(&t[0]);
  node_id b1 = acquire(&t[1], a0);
  node_id c1 = release(&t[1]);
  CHECK(c1 == b1);
  CHECK(PAR(t[1].strand, t[0].strand)); /* no edge from task 1 to task 0 */
  sync_reset();
  CHECK(sync_edge_count() == 0);
  CHECK(PAR(a0, b1)); /* dropped with the region */
}

/* Publications: a read matches the newest write of the value it read, not another
 * value and not its own write; the ring skips repeated identical writes. */
static void publications(void) {
  struct strand_stack t[3];
  siblings(t);
  node_id a0 = release(&t[0]);
  uintptr_t flag = 0x1000;
  CHECK(sync_read_from(flag, 1, 0) == 0); /* nothing published there */
  sync_write_begin(flag);
  uint32_t ticket = sync_post(flag, true, true, 1);
  uint32_t cells = sync_cell_push(a0, 0);
  sync_fill(flag, ticket, cells);
  uint32_t got = sync_read_from(flag, 1, 0);
  CHECK(got && sync_cell_node(got) == a0 && !sync_cell_next(got));
  CHECK(sync_read_from(flag, 0, 0) == 0);      /* the initial value: no write */
  CHECK(sync_read_from(flag, 1, ticket) == 0); /* an RMW's own write is skipped */
  /* A relaxed write of 0, then a release of 1 again by another strand. */
  sync_write_begin(flag);
  sync_fill(flag, sync_post(flag, true, true, 0), 0);
  node_id b1 = release(&t[1]);
  sync_write_begin(flag);
  uint32_t cells1 = sync_cell_push(b1, 0);
  sync_fill(flag, sync_post(flag, true, true, 1), cells1);
  CHECK(sync_cell_node(sync_read_from(flag, 1, 0)) == b1); /* the newest write of 1 */
  /* Repeats of a write (a spin loop storing the same value from the same strand) take
   * no room in the ring of recent writes: an older write of 5 stays findable. */
  sync_write_begin(flag);
  sync_fill(flag, sync_post(flag, true, true, 5), cells);
  for (int i = 0; i < 20; i++) {
    sync_write_begin(flag);
    sync_fill(flag, sync_post(flag, true, true, 1), cells1);
  }
  CHECK(sync_cell_node(sync_read_from(flag, 5, 0)) == a0);
  CHECK(sync_cell_node(sync_read_from(flag, 1, 0)) == b1);
  /* A failed cmpxchg writes nothing. */
  sync_write_begin(flag);
  CHECK(sync_post(flag, false, true, 7) == 0);
  CHECK(sync_read_from(flag, 7, 0) == 0);
}

/* Lock records: the strand the holder acquired in and the strand its release ended. */
static void lock_records(void) {
  node_id a = 0, r = 0;
  sync_reset();
  CHECK(!sync_lock_last_release(0x2000, &a, &r));
  sync_lock_note_release(0x2000, 5, 0); /* acquired in 5, not released yet */
  CHECK(!sync_lock_last_release(0x2000, &a, &r) && a == 5);
  sync_lock_note_release(0x2000, 5, 9);
  CHECK(sync_lock_last_release(0x2000, &a, &r) && a == 5 && r == 9);
  CHECK(!sync_lock_last_release(0x1000 /* an address, not a lock */, &a, &r));
  sync_reset();
  CHECK(!sync_lock_last_release(0x2000, &a, &r));
}

/* Hand-off records: the last change of an address in a polled critical section. */
static void handoff_records(void) {
  struct sync_handoff h;
  sync_reset();
  CHECK(!sync_handoff_last(0x3000, &h));
  uint32_t cells = sync_cell_push(4, 0);
  sync_handoff_note(0x3000, &(struct sync_handoff){cells, 0x77, 0, 1});
  CHECK(sync_handoff_last(0x3000, &h) && h.cells == cells && h.lock == 0x77 && h.before == 0 &&
        h.after == 1);
  /* Kept apart from the atomics' publications and the locks' records of one address. */
  CHECK(sync_read_from(0x3000, 1, 0) == 0);
  node_id a = 0, r = 0;
  CHECK(!sync_lock_last_release(0x3000, &a, &r));
  sync_reset();
  CHECK(!sync_handoff_last(0x3000, &h));
}

/* The branch a polling load decides, re-evaluated on another value. */
static void branch_tests(void) {
  /* `if (flag)` on an int: icmp ne i32 v, 0. */
  uint32_t ne0 = OMPRACER_BRANCH_HOW(32, 32, 32, 0, 1);
  CHECK(branch_holds(1, 0, ne0) && !branch_holds(0, 0, ne0));
  /* `if (*f == 1)` on a _Bool: load i8, trunc to i1, zext to i32, icmp eq 1. */
  uint32_t eq1 = OMPRACER_BRANCH_HOW(8, 1, 32, 0, 0);
  CHECK(branch_holds(1, 1, eq1) && !branch_holds(0, 1, eq1));
  CHECK(branch_holds(3, 1, eq1)); /* the truncation keeps bit 0 only */
  /* `if (c < 0)` on a signed char: load i8, sext to i32, icmp slt 0. */
  uint32_t slt0 = OMPRACER_BRANCH_HOW(8, 8, 32, 1, 8);
  CHECK(branch_holds(0xff, 0, slt0) && !branch_holds(0x7f, 0, slt0));
  /* Unsigned against a constant that is negative as a 32-bit number. */
  uint32_t ugt = OMPRACER_BRANCH_HOW(32, 32, 32, 0, 2);
  CHECK(branch_holds(0xffffffffu, 0xfffffffeu, ugt) && !branch_holds(5, 0xfffffffeu, ugt));
  /* 64-bit signed: sle. */
  uint32_t sle = OMPRACER_BRANCH_HOW(64, 64, 64, 0, 9);
  CHECK(branch_holds((uint64_t)-3, 2, sle) && !branch_holds(3, 2, sle));
}

int main(void) {
  if (ospg_init(1 << 20) || deps_init(1 << 20) || sync_init()) {
    fprintf(stderr, "cannot reserve memory\n");
    return 1;
  }
  RUN_TEST(one_edge);
  RUN_TEST(transitive);
  RUN_TEST(direction);
  RUN_TEST(publications);
  RUN_TEST(lock_records);
  RUN_TEST(handoff_records);
  RUN_TEST(branch_tests);
  return finish();
}
