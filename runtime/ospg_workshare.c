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

/* A team's body runs as a one-member region under the team's node in the league
 * (team.c, TEAM_BODY): that member is the team itself, not another task, so a
 * distribute inside it is the league's worksharing construct. */
static bool is_team_body_member(const struct ospg_node *n) {
  if (n->construct != CK_TEAM)
    return false;
  node_id phase = n->parent, region = phase ? ospg_node(phase)->parent : 0;
  node_id team = region ? ospg_node(region)->parent : 0;
  return team && ospg_node(team)->construct == CK_TEAM;
}

/* The topmost worksharing node between strand x and top (excluded) that no task
 * boundary separates from top; 0: none. */
static node_id workshare_below(node_id x, node_id top) {
  node_id ws = 0;
  for (node_id id = x; id && id != top; id = ospg_node(id)->parent) {
    const struct ospg_node *n = ospg_node(id);
    if (is_workshare(n))
      ws = id;
    else if (is_task_boundary(n) && !is_team_body_member(n))
      ws = 0;
  }
  return ws;
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
    if (is_workshare(ospg_node(id)) || ospg_node(id)->construct == CK_SINGLE)
      p->inside = id; /* a single is a strand of its body */
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

/* The construct `behind` is in, when `front` had left it: front is ahead by at least
 * one construct, the one behind is in. */
static bool left_behind(const struct ws_position *behind, const struct ws_position *front,
                        struct nowait_gap *out) {
  uint16_t past = ahead(behind->done, front->begun);
  if (!behind->inside || !past)
    return false;
  out->ws = behind->inside;
  /* Not yet in a later construct: a thread runs a loop's lastprivate copy or a
   * reduction's combining there too, after the loop's end and before its barrier. */
  out->just_after = past == 1;
  return true;
}

bool ospg_nowait_gap(node_id a, node_id b, node_id left, node_id right, struct nowait_gap *out) {
  if (ospg_node(left)->construct != CK_IMPLICIT_TASK ||
      ospg_node(right)->construct != CK_IMPLICIT_TASK)
    return false;
  struct ws_position pa, pb;
  if (!ws_position(a, left, &pa) || !ws_position(b, right, &pb))
    return false;
  out->b_past = ahead(pa.done, pb.done) != 0;
  if (out->b_past)
    return left_behind(&pa, &pb, out);
  if (ahead(pb.done, pa.done))
    return left_behind(&pb, &pa, out);
  return false;
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

node_id ospg_shared_workshare(node_id a, node_id b, node_id left, node_id right) {
  const struct ospg_node *l = ospg_node(left), *r = ospg_node(right);
  node_id lca = l->parent;
  if (is_workshare(ospg_node(lca))) /* two work items of one thread's node */
    return lca;
  node_id wa = workshare_below(a, left), wb = workshare_below(b, right);
  if (!wa || !wb || !same_instance(wa, wb))
    return 0;
  bool threads = is_team_member(l) && r->construct == l->construct;
  /* Two tasks of one taskloop (each with its own node for its iterations). Two
   * taskloops of one directive that are siblings read as one (nogroup in a loop). */
  bool taskloop = l->construct == CK_TASK && r->construct == CK_TASK &&
                  ospg_workshare_is_taskloop(wa) && ospg_workshare_is_taskloop(wb);
  return threads || taskloop ? wa : 0;
}
