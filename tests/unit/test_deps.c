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

/* An n x n wavefront: (i,j) depends on (i-1,j) and (i,j-1). Every cell is ordered
 * after every cell up and to its left, and cells on one anti-diagonal are parallel. */
static void wavefront(void) {
  fresh();
  enum { N = 12 };
  static struct strand_stack t[N][N];
  node_id w[N][N];
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      ss_task_create(&g_main, &t[i][j], 0, false);
      node_id group = ss_top(&g_main), node = t[i][j].frames[0].node;
      uintptr_t me = 0x1000 + (uintptr_t)(i * N + j) * 8;
      if (i)
        deps_add(&g_map, group, node, me - N * 8, DEP_IN);
      if (j)
        deps_add(&g_map, group, node, me - 8, DEP_IN);
      deps_add(&g_map, group, node, me, DEP_OUT);
      w[i][j] = t[i][j].strand;
    }
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
  return finish();
}
