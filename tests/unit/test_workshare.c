/* ospg_workshare.h driven through the OSPG construction API: the worksharing
 * construct two strands share, found alike whether the schedule put the two parts on
 * two threads (each with its own node for the construct) or on one (two chunks, or
 * tasks created in iterations); two instances of one directive, or two directives,
 * are not one; the tasks of one taskloop share it. And the construct whose nowait
 * may leave two threads of one barrier phase unordered. */
#include "check.h"
#include "ospg.h"
#include "ospg_workshare.h"
#include "sp_query.h"
#include "strand_stack.h"

#include <stdbool.h>

enum { PARALLEL_SITE = 3, LOOP_SITE = 7, OTHER_LOOP_SITE = 8, TASKLOOP_SITE = 9 };

/* A barrier phase of a team of two: each thread's implicit task. */
struct team2 {
  struct strand_stack t[2];
};

static void team_begin(struct team2 *team) {
  node_id phase = ospg_add(ospg_root(), NODE_S, CK_BARRIER_PHASE, PARALLEL_SITE);
  for (int i = 0; i < 2; i++)
    ss_init(&team->t[i], ospg_add(phase, NODE_P, CK_IMPLICIT_TASK, PARALLEL_SITE));
}

static void team_end(struct team2 *team) {
  for (int i = 0; i < 2; i++)
    ss_destroy(&team->t[i]);
}

/* A thread enters a worksharing loop and takes a chunk. */
static node_id chunk_of(struct strand_stack *s, site_id loop) {
  ss_workshare_begin(s, CK_LOOP, loop);
  ss_work_item(s, CK_CHUNK);
  return s->strand;
}

/* ospg_shared_workshare for two strands, a created first. */
static node_id shared(node_id a, node_id b) {
  node_id left, right;
  if (!sp_lca_children(a, b, &left, &right))
    return 0;
  return ospg_shared_workshare(a, b, left, right);
}

/* Two threads' chunks of one loop: one construct, although they meet only at the
 * barrier phase; the same as two chunks of one thread. */
static void two_threads_one_loop(void) {
  struct team2 team;
  team_begin(&team);
  node_id a = chunk_of(&team.t[0], LOOP_SITE);
  node_id b = chunk_of(&team.t[1], LOOP_SITE);
  node_id ws = shared(a, b);
  CHECK(ws && ospg_node(ws)->site == LOOP_SITE && ospg_node(ws)->construct == CK_LOOP);
  CHECK(!ospg_workshare_is_taskloop(ws));
  ss_work_item(&team.t[0], CK_CHUNK); /* thread 0's next chunk */
  node_id c = team.t[0].strand;
  ws = shared(a, c);
  CHECK(ws && ospg_node(ws)->site == LOOP_SITE);
  team_end(&team);
}

/* The second loop of one directive (a nowait loop in a serial loop, say) is not the
 * first; nor is another directive's loop. */
static void other_instances(void) {
  struct team2 team;
  team_begin(&team);
  node_id a = chunk_of(&team.t[0], LOOP_SITE);
  chunk_of(&team.t[1], LOOP_SITE);
  ss_workshare_end(&team.t[1]);
  node_id b = chunk_of(&team.t[1], LOOP_SITE); /* thread 1's second instance */
  CHECK(!shared(a, b));
  team_end(&team);

  team_begin(&team);
  a = chunk_of(&team.t[0], LOOP_SITE);
  b = chunk_of(&team.t[1], OTHER_LOOP_SITE);
  CHECK(!shared(a, b));
  team_end(&team);
}

/* A task created in an iteration belongs to it: its strand has no tag of its own. */
static void task_in_iteration(void) {
  struct team2 team;
  team_begin(&team);
  chunk_of(&team.t[0], LOOP_SITE);
  struct strand_stack task;
  ss_task_create(&team.t[0], &task, 11, false);
  node_id b = chunk_of(&team.t[1], LOOP_SITE);
  CHECK(shared(task.strand, b));
  ss_destroy(&task);
  team_end(&team);
}

/* The tasks of one taskloop, each with its own node for its iterations. */
static void taskloop_tasks(void) {
  struct strand_stack creator, t[2];
  ss_init(&creator, ospg_add(ospg_root(), NODE_P, CK_IMPLICIT_TASK, PARALLEL_SITE));
  for (int i = 0; i < 2; i++) {
    ss_task_create(&creator, &t[i], TASKLOOP_SITE, false);
    chunk_of(&t[i], TASKLOOP_SITE);
  }
  node_id ws = shared(t[0].strand, t[1].strand);
  CHECK(ws && ospg_workshare_is_taskloop(ws));
  for (int i = 0; i < 2; i++)
    ss_destroy(&t[i]);
  ss_destroy(&creator);
}

/* ospg_nowait_gap for two strands, in either order: the construct (0: none) and
 * whether the thread past it had begun no later construct. */
static node_id nowait_gap(node_id a, node_id b, bool *just_after) {
  node_id left, right;
  if (!sp_lca_children(a, b, &left, &right))
    return 0;
  bool a_left = false;
  for (node_id x = a; x; x = ospg_node(x)->parent)
    a_left |= x == left;
  struct nowait_gap gap;
  if (!(a_left ? ospg_nowait_gap(a, b, left, right, &gap)
               : ospg_nowait_gap(b, a, left, right, &gap)))
    return 0;
  *just_after = gap.just_after;
  return gap.ws;
}

static node_id nowait(node_id a, node_id b) {
  bool just_after;
  node_id ws = nowait_gap(a, b, &just_after);
  return ws && !just_after ? ws : 0;
}

/* Thread 0 is still in a loop that thread 1 has left and followed by another loop
 * (no barrier between: nowait): the first loop is named, whichever strand comes
 * first. Code after the loop but before any other construct may still precede the
 * loop's barrier (a lastprivate copy): the loop is named, marked just_after (the
 * explanation looks at the access); nothing is named for code before the loop, or a
 * task's. */
static void nowait_loop(void) {
  struct team2 team;
  team_begin(&team);
  node_id before = team.t[0].strand; /* thread 0's code before the loop */
  node_id in_loop = chunk_of(&team.t[0], LOOP_SITE);
  node_id ws = ospg_node(ospg_node(in_loop)->parent)->parent;
  chunk_of(&team.t[1], LOOP_SITE);
  ss_workshare_end(&team.t[1]);
  node_id just_after = team.t[1].strand;
  bool after = false;
  CHECK(nowait_gap(in_loop, just_after, &after) == ws && after);
  CHECK(nowait_gap(just_after, in_loop, &after) == ws && after);
  node_id second = chunk_of(&team.t[1], OTHER_LOOP_SITE); /* the next loop */
  CHECK(nowait(in_loop, second) == ws);
  CHECK(nowait(second, in_loop) == ws);
  CHECK(nowait_gap(before, second, &after) == 0); /* behind, but not in the loop */
  ss_workshare_end(&team.t[1]);
  CHECK(nowait(in_loop, team.t[1].strand) == ws); /* after the second loop */
  struct strand_stack task;
  ss_task_create(&team.t[1], &task, TASKLOOP_SITE, false);
  CHECK(nowait_gap(in_loop, task.strand, &after) == 0); /* a task's code */
  ss_destroy(&task);
  team_end(&team);
}

/* Both threads past the same constructs: no nowait explains them. */
static void nowait_none(void) {
  struct team2 team;
  team_begin(&team);
  for (int i = 0; i < 2; i++) {
    chunk_of(&team.t[i], LOOP_SITE);
    ss_workshare_end(&team.t[i]);
  }
  bool after;
  CHECK(nowait_gap(team.t[0].strand, team.t[1].strand, &after) == 0);
  team_end(&team);
}

int main(void) {
  if (ospg_init(1 << 16)) {
    fprintf(stderr, "cannot reserve the OSPG\n");
    return 1;
  }
  RUN_TEST(two_threads_one_loop);
  RUN_TEST(other_instances);
  RUN_TEST(task_in_iteration);
  RUN_TEST(taskloop_tasks);
  RUN_TEST(nowait_loop);
  RUN_TEST(nowait_none);
  return finish();
}
