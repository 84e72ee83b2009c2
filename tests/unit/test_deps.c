/* Task dependences: edges from depend clauses and the DIRECTED PATH part of isParallel,
 * driven through the construction API (strand_stack.c, task_deps.c). */
#include "check.h"
#include "ospg.h"
#include "sp_query.h"
#include "strand_stack.h"
#include "task_deps.h"

#include <stdlib.h>

#define PAR(a, b) (sp_is_parallel((a), (b)) && sp_is_parallel((b), (a)))
#define SER(a, b) (!sp_is_parallel((a), (b)) && !sp_is_parallel((b), (a)))
#define PAR_P(a, b) (sp_is_parallel_precise((a), (b)) && sp_is_parallel_precise((b), (a)))
#define SER_P(a, b) (!sp_is_parallel_precise((a), (b)) && !sp_is_parallel_precise((b), (a)))
/* The same answer in both modes. */
#define PAR2(a, b) (PAR(a, b) && PAR_P(a, b))
#define SER2(a, b) (SER(a, b) && SER_P(a, b))

static struct strand_stack g_main;
static struct dep_map g_map;

static void fresh(void) {
  ss_destroy(&g_main);
  ss_init(&g_main, ospg_root());
  deps_map_free(&g_map);
}

/* Creates a child task of the main task with up to two dependences; returns its first
 * strand. (kind < 0: no dependence.) */
static node_id task(struct strand_stack *child, int k1, uintptr_t a1, int k2, uintptr_t a2) {
  ss_task_create(&g_main, child, 0, false);
  node_id group = ss_top(&g_main), node = child->frames[0].node;
  if (k1 >= 0)
    deps_add(&g_map, group, node, a1, (enum dep_kind)k1);
  if (k2 >= 0)
    deps_add(&g_map, group, node, a2, (enum dep_kind)k2);
  return child->strand;
}

/* `taskwait depend(kind: addr)` of the main task, as ompt_events.c builds it: the
 * continuation goes under a new children group that waits for what the clause names.
 * Returns the continuation's strand. */
static node_id taskwait_depend(int kind, uintptr_t addr) {
  node_id group = ss_top(&g_main);
  node_id after = ss_open_children(&g_main);
  deps_wait_on(&g_map, group, after, addr, (enum dep_kind)kind);
  return ss_new_strand(&g_main);
}

static void chain(void) {
  fresh();
  struct strand_stack t[4];
  node_id w[4];
  for (int i = 0; i < 4; i++)
    w[i] = task(&t[i], DEP_OUT, 0x100, -1, 0); /* inout on one address: a chain */
  for (int i = 0; i < 4; i++)
    for (int j = i + 1; j < 4; j++)
      CHECK(SER(w[i], w[j]));      /* transitively ordered */
  CHECK(PAR(w[0], g_main.strand)); /* dependences never order the parent's continuation */
  for (int i = 0; i < 4; i++)
    ss_destroy(&t[i]);
}

/* A -> {B, C} -> D (D waits on both through two addresses). */
static void diamond(void) {
  fresh();
  struct strand_stack ta, tb, tc, td;
  node_id a = task(&ta, DEP_OUT, 1, -1, 0);
  node_id b = task(&tb, DEP_IN, 1, DEP_OUT, 2);
  node_id c = task(&tc, DEP_IN, 1, DEP_OUT, 3);
  node_id d = task(&td, DEP_IN, 2, DEP_IN, 3);
  CHECK(SER(a, b) && SER(a, c) && SER(a, d) && SER(b, d) && SER(c, d));
  CHECK(PAR(b, c)); /* two readers of address 1 are not ordered */
  ss_destroy(&ta);
  ss_destroy(&tb);
  ss_destroy(&tc);
  ss_destroy(&td);
}

/* A missing dependence leaves tasks parallel; `out` after readers waits for them all. */
static void readers_then_writer(void) {
  fresh();
  struct strand_stack t0, t1, t2, t3;
  node_id r1 = task(&t0, DEP_IN, 7, -1, 0);
  node_id r2 = task(&t1, DEP_IN, 7, -1, 0);
  node_id other = task(&t2, DEP_OUT, 8, -1, 0);
  node_id wr = task(&t3, DEP_OUT, 7, -1, 0);
  CHECK(PAR(r1, r2));
  CHECK(SER(r1, wr) && SER(r2, wr));
  CHECK(PAR(other, wr) && PAR(other, r1));
  ss_destroy(&t0);
  ss_destroy(&t1);
  ss_destroy(&t2);
  ss_destroy(&t3);
}

/* n x n child tasks of the main task, created row by row: (i,j) depends on (i-1,j)
 * and (i,j-1) through the addresses from `base`; t and w (n * n each, row-major) get
 * their strand stacks and first strands. */
static void make_wavefront(int n, struct strand_stack *t, node_id *w, uintptr_t base) {
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      struct strand_stack *c = &t[i * n + j];
      ss_task_create(&g_main, c, 0, false);
      node_id group = ss_top(&g_main), node = c->frames[0].node;
      uintptr_t me = base + (uintptr_t)(i * n + j) * 8;
      if (i)
        deps_add(&g_map, group, node, me - (uintptr_t)n * 8, DEP_IN);
      if (j)
        deps_add(&g_map, group, node, me - 8, DEP_IN);
      deps_add(&g_map, group, node, me, DEP_OUT);
      w[i * n + j] = c->strand;
    }
}

/* An n x n wavefront: (i,j) depends on (i-1,j) and (i,j-1). Every cell is ordered
 * after every cell up and to its left, and cells on one anti-diagonal are parallel. */
static void wavefront(void) {
  fresh();
  enum { N = 12 };
  static struct strand_stack t[N][N];
  node_id w[N][N];
  make_wavefront(N, &t[0][0], &w[0][0], 0x1000);
  CHECK(SER(w[0][0], w[N - 1][N - 1]));
  CHECK(SER(w[2][3], w[5][9]));
  CHECK(PAR(w[3][4], w[4][3]));
  CHECK(PAR(w[0][N - 1], w[N - 1][0]));
  CHECK(PAR(w[5][2], w[2][9])); /* neither up-left of the other */
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      ss_destroy(&t[i][j]);
}

/* mutexinoutset members never race with each other (chained in fast mode), wait for
 * earlier writers, and are waited for by later readers; inoutset members stay
 * parallel with each other. */
static void sets(void) {
  fresh();
  struct strand_stack t0, t1, t2, t3, t4, t5;
  node_id wr = task(&t0, DEP_OUT, 5, -1, 0);
  node_id m1 = task(&t1, DEP_MUTEXINOUTSET, 5, -1, 0);
  node_id m2 = task(&t2, DEP_MUTEXINOUTSET, 5, -1, 0);
  node_id i1 = task(&t3, DEP_INOUTSET, 5, -1, 0);
  node_id i2 = task(&t4, DEP_INOUTSET, 5, -1, 0);
  node_id rd = task(&t5, DEP_IN, 5, -1, 0);
  CHECK(SER(wr, m1) && SER(wr, m2) && SER(m1, m2));
  CHECK(SER(m1, i1) && SER(m2, i2));
  CHECK(PAR(i1, i2));
  CHECK(SER(i1, rd) && SER(i2, rd) && SER(wr, rd));
  ss_destroy(&t0);
  ss_destroy(&t1);
  ss_destroy(&t2);
  ss_destroy(&t3);
  ss_destroy(&t4);
  ss_destroy(&t5);
}

/* Dependences only order siblings: a child of one task is not ordered by the depend
 * clauses of its parent's siblings (here: fully nested taskwaits are absent, so the
 * grandchild stays parallel with the dependent sibling in this fast-mode tree only if
 * its parent did not wait for it). Figure 2.12: with a taskwait in the first task the
 * grandchild is ordered before the dependent sibling too. */
static void fig_2_12_nested_taskwait(void) {
  fresh();
  struct strand_stack t1, t2, grand;
  ss_task_create(&g_main, &t1, 0, false);
  deps_add(&g_map, ss_top(&g_main), t1.frames[0].node, 9, DEP_OUT);
  ss_task_create(&t1, &grand, 0, false);
  node_id g = grand.strand;
  ss_taskwait(&t1);
  node_id after_wait = t1.strand;
  ss_task_create(&g_main, &t2, 0, false);
  deps_add(&g_map, ss_top(&g_main), t2.frames[0].node, 9, DEP_IN);
  CHECK(SER(g, t2.strand) && SER(after_wait, t2.strand));
  ss_destroy(&t1);
  ss_destroy(&t2);
  ss_destroy(&grand);
}

/* A taskwait closes the group: a later task is ordered after all earlier ones, and the
 * dependence map starts afresh. */
static void group_restarts(void) {
  fresh();
  struct strand_stack t0, t1;
  node_id a = task(&t0, DEP_OUT, 3, -1, 0);
  ss_taskwait(&g_main);
  node_id b = task(&t1, DEP_IN, 3, -1, 0);
  CHECK(SER(a, b));
  CHECK(ospg_node(t1.frames[0].node)->preds == 0);
  ss_destroy(&t0);
  ss_destroy(&t1);
}

/* Issue 4: task x depend(out: x); task y depend(out: y); taskwait depend(in: y);
 * then tasks in the new children group. One that depends on x follows x's writer
 * although the two sit in different groups; one without that dependence (none, or on
 * another address) stays parallel with it. */
static void after_taskwait_depend(void) {
  fresh();
  struct strand_stack tx, ty, tr, tn, tz;
  node_id wx = task(&tx, DEP_OUT, 0x10, -1, 0);
  node_id wy = task(&ty, DEP_OUT, 0x20, -1, 0);
  node_id cont = taskwait_depend(DEP_IN, 0x20);
  node_id reader = task(&tr, DEP_IN, 0x10, -1, 0);
  node_id no_dep = task(&tn, -1, 0, -1, 0);
  node_id other = task(&tz, DEP_IN, 0x30, -1, 0);
  CHECK(ospg_node(tr.frames[0].node)->parent != ospg_node(tx.frames[0].node)->parent);
  CHECK(SER2(wx, reader));                    /* the dependence across the groups */
  CHECK(PAR2(wx, no_dep) && PAR2(wx, other)); /* the racy counterparts */
  CHECK(SER2(wy, cont) && SER2(wy, reader) && SER2(wy, no_dep)); /* the taskwait's */
  CHECK(PAR2(wx, cont) && PAR2(reader, g_main.strand));
  ss_destroy(&tx);
  ss_destroy(&ty);
  ss_destroy(&tr);
  ss_destroy(&tn);
  ss_destroy(&tz);
}

/* Edges across several groups, two `taskwait depend`s deep: a path x -> x2 -> reader
 * through a task of the middle group, found by one search from x. The continuation
 * after a `taskwait depend` that names x2 follows x too (through x2). */
static void across_nested_groups(void) {
  fresh();
  struct strand_stack tx, tx2, tr, ty;
  node_id wx = task(&tx, DEP_OUT, 0x10, -1, 0);
  taskwait_depend(DEP_IN, 0x99); /* names no task: orders nothing */
  node_id x2 = task(&tx2, DEP_OUT, 0x10, -1, 0);
  node_id wy = task(&ty, DEP_OUT, 0x20, -1, 0);
  node_id cont = taskwait_depend(DEP_IN, 0x10);
  node_id reader = task(&tr, DEP_IN, 0x10, -1, 0);
  CHECK(SER2(wx, x2) && SER2(x2, reader) && SER2(wx, reader));
  CHECK(ospg_node(tr.frames[0].node)->preds != 0);
  CHECK(SER2(wx, cont) && SER2(x2, cont));
  CHECK(PAR2(wy, cont) && PAR2(wy, reader) && PAR2(wx, wy));
  ss_destroy(&tx);
  ss_destroy(&tx2);
  ss_destroy(&tr);
  ss_destroy(&ty);
}

/* Precise mode keeps Algorithm 1: a dependence across groups orders x's task, and the
 * children x waited for, but not a grandchild x left running. Fast mode assumes fully
 * nested taskwaits and orders the grandchild too. */
static void after_taskwait_depend_grandchild(void) {
  fresh();
  struct strand_stack tx, grand, ty, tr;
  node_id wx = task(&tx, DEP_OUT, 0x10, -1, 0);
  ss_task_create(&tx, &grand, 0, false);
  node_id g = grand.strand;
  node_id x_after = ss_new_strand(&tx); /* x ends without a taskwait */
  task(&ty, DEP_OUT, 0x20, -1, 0);
  taskwait_depend(DEP_IN, 0x20);
  node_id reader = task(&tr, DEP_IN, 0x10, -1, 0);
  CHECK(SER2(wx, reader) && SER2(x_after, reader));
  CHECK(PAR_P(g, reader) && SER(g, reader));
  ss_destroy(&tx);
  ss_destroy(&grand);
  ss_destroy(&ty);
  ss_destroy(&tr);
}

/* A taskgroup opens a group below the current one; its tasks are still siblings of the
 * earlier ones. */
static void inside_taskgroup(void) {
  fresh();
  struct strand_stack tx, tr, tn;
  node_id wx = task(&tx, DEP_OUT, 0x10, -1, 0);
  ss_taskgroup_begin(&g_main, 0);
  node_id reader = task(&tr, DEP_IN, 0x10, -1, 0);
  node_id no_dep = task(&tn, -1, 0, -1, 0);
  ss_taskgroup_end(&g_main);
  CHECK(SER2(wx, reader) && PAR2(wx, no_dep));
  ss_destroy(&tx);
  ss_destroy(&tr);
  ss_destroy(&tn);
}

/* The map outlives nested groups but not the taskwait that joins them all; and tasks
 * inside a loop chunk are not taken as siblings of those outside it (which task runs
 * the chunk depends on the schedule). */
static void scope_of_the_map(void) {
  fresh();
  struct strand_stack t0, t1, t2, t3;
  node_id a = task(&t0, DEP_OUT, 3, -1, 0);
  taskwait_depend(DEP_IN, 4);
  ss_taskwait(&g_main);
  node_id b = task(&t1, DEP_IN, 3, -1, 0);
  CHECK(SER2(a, b) && ospg_node(t1.frames[0].node)->preds == 0);
  ss_workshare_begin(&g_main, CK_LOOP, 0);
  ss_work_item(&g_main, CK_CHUNK);
  node_id c = task(&t2, DEP_OUT, 3, -1, 0);
  CHECK(PAR2(b, c) && ospg_node(t2.frames[0].node)->preds == 0);
  ss_work_item(&g_main, CK_CHUNK);
  node_id d = task(&t3, DEP_IN, 3, -1, 0);
  CHECK(PAR2(c, d));
  ss_workshare_end(&g_main);
  ss_destroy(&t0);
  ss_destroy(&t1);
  ss_destroy(&t2);
  ss_destroy(&t3);
}

/* Levels (task_deps.c) leave out of the search every node at or below the level of
 * the path's start: a long wavefront's far cells are still found ordered, and a path
 * between two cells of the same anti-diagonal is still found absent. */
static void levels_in_a_long_wavefront(void) {
  fresh();
  enum { N = 40 };
  static struct strand_stack t[N][N];
  static node_id w[N][N];
  make_wavefront(N, &t[0][0], &w[0][0], 0x9000);
  CHECK(SER2(w[0][N - 1], w[N - 1][N - 1]) && SER2(w[N - 1][0], w[N - 1][N - 1]));
  CHECK(SER2(w[1][0], w[N - 1][1]));
  CHECK(PAR2(w[1][N - 1], w[N - 1][1])); /* the same level, far apart */
  CHECK(PAR2(w[0][N - 1], w[1][N - 2])); /* one level apart, not up-left */
  CHECK(PAR2(w[N - 2][0], w[0][N - 1]));
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      ss_destroy(&t[i][j]);
}

/* An edge into a task that has a dependent already (detach.c: a fulfiller ordered
 * before existing dependents) can leave the dependent's level below that of a node a
 * path now leads from: F (level 2) -> T (level 0, its edge added late) -> S (level 1).
 * Once announced, the search no longer leaves S out. Runs last: levels stay unsure. */
static void late_edge_makes_levels_unsure(void) {
  fresh();
  struct strand_stack tx, ty, tf, tt, ts;
  task(&tx, DEP_OUT, 0x50, -1, 0);
  task(&ty, DEP_OUT, 0x50, -1, 0);
  node_id f = task(&tf, DEP_OUT, 0x50, -1, 0); /* X -> Y -> F */
  node_id t = task(&tt, DEP_OUT, 0x60, -1, 0);
  node_id s = task(&ts, DEP_IN, 0x60, -1, 0); /* T -> S */
  CHECK(PAR2(f, s));
  deps_levels_unsure();
  deps_add_edge(tt.frames[0].node, tf.frames[0].node);
  CHECK(SER2(f, t));
  CHECK(SER2(f, s)); /* through T */
  ss_destroy(&tx);
  ss_destroy(&ty);
  ss_destroy(&tf);
  ss_destroy(&tt);
  ss_destroy(&ts);
}

int main(void) {
  if (ospg_init(1 << 20) || deps_init(1 << 20)) {
    fprintf(stderr, "cannot reserve memory\n");
    return 1;
  }
  RUN_TEST(chain);
  RUN_TEST(diamond);
  RUN_TEST(readers_then_writer);
  RUN_TEST(wavefront);
  RUN_TEST(sets);
  RUN_TEST(fig_2_12_nested_taskwait);
  RUN_TEST(group_restarts);
  RUN_TEST(after_taskwait_depend);
  RUN_TEST(across_nested_groups);
  RUN_TEST(after_taskwait_depend_grandchild);
  RUN_TEST(inside_taskgroup);
  RUN_TEST(scope_of_the_map);
  RUN_TEST(levels_in_a_long_wavefront);
  RUN_TEST(late_edge_makes_levels_unsure); /* last: levels stay unsure after it */
  return finish();
}
