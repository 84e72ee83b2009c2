#include "ospg_workshare.h"

static bool is_workshare(const struct ospg_node *n) {
  return n->type == NODE_S &&
         (n->construct == CK_LOOP || n->construct == CK_SECTIONS || n->construct == CK_DISTRIBUTE);
}

/* Where another task's code begins: what lies below is that task's, not the code of a
 * worksharing construct above it (although the task may belong to one iteration). */
static bool is_task_boundary(const struct ospg_node *n) {
  switch (n->construct) {
  case CK_IMPLICIT_TASK:
  case CK_TASK:
  case CK_TASK_IF0:
  case CK_TEAM:
  case CK_TARGET_TASK: return true;
  default: return false;
  }
}

/* The nodes a team's worksharing constructs hang under, one per thread (or team). */
static bool is_team_member(const struct ospg_node *n) {
  return n->construct == CK_IMPLICIT_TASK || n->construct == CK_TEAM;
}

struct walk {
  node_id ws;       /* the topmost worksharing node no task boundary separates from top */
  bool crossed_ws;  /* a task boundary lies between the strand and ws */
  bool crossed_any; /* a task boundary lies between the strand and top */
};

/* From strand x up to top (excluded). */
static struct walk walk_up(node_id x, node_id top) {
  struct walk w = {0, false, false};
  for (node_id id = x; id && id != top; id = ospg_node(id)->parent) {
    const struct ospg_node *n = ospg_node(id);
    if (is_workshare(n)) {
      w.ws = id;
      w.crossed_ws = w.crossed_any;
    } else if (is_task_boundary(n)) {
      w.ws = 0;
      w.crossed_any = true;
    }
  }
  return w;
}

/* Where strand x stands in the sequence of its implicit task `top`'s worksharing
 * constructs: how many it had begun and finished, and the one it is in (0: none).
 * False when a task boundary (a task, a nested region) lies between. */
struct ws_position {
  uint16_t begun, done;
  node_id inside;
};

static bool ws_position(node_id x, node_id top, struct ws_position *p) {
  p->inside = 0;
  for (node_id id = x; id != top; id = ospg_node(id)->parent) {
    if (!id || is_task_boundary(ospg_node(id)))
      return false;
    if (is_workshare(ospg_node(id)))
      p->inside = id;
  }
  /* In a construct: it and those before it. Else all its task had begun when the
   * strand began (and finished: the strand is not in one). */
  p->done = p->inside ? ospg_node(p->inside)->instance : ospg_node(x)->instance;
  p->begun = p->inside ? (uint16_t)(p->done + 1) : p->done;
  return true;
}

/* Counts are mod 2^16: y is ahead of x by less than half the range. */
static uint16_t ahead(uint16_t x, uint16_t y) {
  uint16_t d = (uint16_t)(y - x);
  return d < 0x8000 ? d : 0;
}

/* The construct `behind` is in, when `front` had begun a later one after leaving
 * it. Leaving it is not enough: a thread runs a loop's lastprivate copy or a
 * reduction's combining after the loop's end and before its barrier. */
static node_id skipped_barrier(const struct ws_position *behind, const struct ws_position *front) {
  return behind->inside && ahead(behind->done, front->begun) >= 2 ? behind->inside : 0;
}

node_id ospg_nowait_workshare(node_id a, node_id b, node_id left, node_id right) {
  if (ospg_node(left)->construct != CK_IMPLICIT_TASK ||
      ospg_node(right)->construct != CK_IMPLICIT_TASK)
    return 0;
  struct ws_position pa, pb;
  if (!ws_position(a, left, &pa) || !ws_position(b, right, &pb))
    return 0;
  if (ahead(pa.done, pb.done))
    return skipped_barrier(&pa, &pb);
  if (ahead(pb.done, pa.done))
    return skipped_barrier(&pb, &pa);
  return 0;
}

bool ospg_workshare_is_taskloop(node_id ws) {
  const struct ospg_node *n = ospg_node(ws);
  return n->construct == CK_LOOP && ospg_node(n->parent)->construct == CK_TASK;
}

/* One instance: the same node, or two threads' nodes of one directive that are the
 * same how-manieth worksharing construct of their implicit tasks. */
static bool same_instance(node_id x, node_id y) {
  const struct ospg_node *nx = ospg_node(x), *ny = ospg_node(y);
  return x == y ||
         (nx->site == ny->site && nx->instance == ny->instance && nx->construct == ny->construct);
}

bool ospg_shared_workshare(node_id a, node_id b, node_id left, node_id right, uint32_t iter_a,
                           uint32_t iter_b, struct shared_workshare *out) {
  const struct ospg_node *l = ospg_node(left), *r = ospg_node(right);
  node_id lca = l->parent;
  struct walk wa, wb;
  if (is_workshare(ospg_node(lca))) { /* two work items of one thread's node */
    wa = walk_up(a, lca);
    wb = walk_up(b, lca);
    *out = (struct shared_workshare){lca, {iter_a || wa.crossed_any, iter_b || wb.crossed_any}};
    return true;
  }
  wa = walk_up(a, left);
  wb = walk_up(b, right);
  if (!wa.ws || !wb.ws || !same_instance(wa.ws, wb.ws))
    return false;
  bool threads = is_team_member(l) && r->construct == l->construct;
  /* Two tasks of one taskloop (each with its own node for its iterations). Two
   * taskloops of one directive that are siblings read as one (nogroup in a loop). */
  bool taskloop = l->construct == CK_TASK && r->construct == CK_TASK &&
                  ospg_workshare_is_taskloop(wa.ws) && ospg_workshare_is_taskloop(wb.ws);
  if (!threads && !taskloop)
    return false;
  *out = (struct shared_workshare){wa.ws, {iter_a || wa.crossed_ws, iter_b || wb.crossed_ws}};
  return true;
}
