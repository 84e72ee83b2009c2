#include "explain.h"

#include "lock_names.h"
#include "options.h"
#include "ospg_workshare.h"
#include "sites.h"
#include "sp_query.h"

#include <stdio.h>
#include <string.h>

const char *explain_kind_name(bool is_write, bool atomic) {
  if (atomic)
    return is_write ? "atomic write" : "atomic read";
  return is_write ? "write" : "read";
}

/* " at x.c:12", or "" when the node's directive is unknown. */
static void at_site(const struct ospg_node *n, char *buf, size_t len) {
  char where[512];
  buf[0] = '\0';
  if (!n->site)
    return;
  sites_format_line(n->site, where, sizeof where);
  snprintf(buf, len, " at %s", where);
}

/* The directive of a strand that hosts tagged iterations. */
static const char *iterations_name(unsigned construct) {
  switch (construct) {
  case CK_ITER_DISTRIBUTE: return "omp distribute";
  case CK_ITER_TASKLOOP: return "omp taskloop";
  case CK_ITER_SIMD: return "omp simd";
  default: return "omp for";
  }
}

static void say_iterations(const char *loop, const char *at, char *buf, size_t len) {
  snprintf(buf, len,
           "different iterations of the %s%s: the iterations of one loop are "
           "logically parallel, whichever thread runs them",
           loop, at);
}

/* Two accesses of one strand are parallel only by their iteration tags. */
static void explain_same_strand(node_id w, char *buf, size_t len) {
  const struct ospg_node *n = ospg_node(w);
  char at[520];
  at_site(n, at, sizeof at);
  say_iterations(iterations_name(n->construct), at, buf, len);
}

static const char *workshare_name(node_id ws) {
  switch (ospg_node(ws)->construct) {
  case CK_SECTIONS: return "omp sections";
  case CK_SINGLE: return "omp single";
  case CK_DISTRIBUTE: return "omp distribute";
  default: return ospg_workshare_is_taskloop(ws) ? "omp taskloop" : "omp for";
  }
}

/* Both accesses in one worksharing construct: its parts are parallel, whether the
 * schedule put them on one thread or on two. */
static void explain_workshare(node_id ws, char *buf, size_t len) {
  const struct ospg_node *n = ospg_node(ws);
  const char *name = workshare_name(ws);
  char at[520];
  at_site(n, at, sizeof at);
  if (n->construct == CK_SECTIONS)
    snprintf(buf, len,
             "different sections of the %s%s: the sections of one sections construct "
             "are logically parallel, whichever thread runs them",
             name, at);
  else
    say_iterations(name, at, buf, len);
}

static bool is_explicit_task(node_id n) {
  switch (ospg_node(n)->construct) {
  case CK_TASK:
  case CK_TASK_IF0:
  case CK_TARGET_TASK: return true;
  default: return false;
  }
}

/* Whether strand x runs in task `top` itself: no explicit task lies between them
 * (one created inside `top` may outlive it, so what orders `top` need not order it). */
static bool in_task_itself(node_id x, node_id top) {
  for (; x && x != top; x = ospg_node(x)->parent)
    if (is_explicit_task(x))
      return false;
  return x == top;
}

/* Two tasks of one creator, each access in one of them: the left task is the LCA's
 * child and the right one sits below the LCA, maybe in groups its creator opened
 * later (sp_past_groups). They race, so no dependence orders them: say that rather
 * than what the creator does after the first. False for any other shape. */
static bool explain_siblings(node_id left, node_id right, node_id a, node_id b, char *buf,
                             size_t len) {
  node_id sibling = sp_past_groups(right, b);
  if (ospg_node(left)->type != NODE_P || !is_explicit_task(left) || !is_explicit_task(sibling) ||
      !in_task_itself(a, left) || !in_task_itself(b, sibling))
    return false;
  const struct ospg_node *l = ospg_node(left), *r = ospg_node(sibling);
  char first[520], second[512];
  at_site(l, first, sizeof first);
  second[0] = '\0';
  if (r->site)
    sites_format_line(r->site, second, sizeof second);
  const char *tail = "with no dependence between them: the tasks one task creates run in "
                     "parallel with each other until a taskwait or taskgroup waits for them";
  if (l->site == r->site) /* one directive, met twice (in a loop, say) */
    snprintf(buf, len, "sibling tasks both created%s %s", first, tail);
  else
    snprintf(buf, len, "sibling tasks created%s and %s %s", first, second, tail);
  return true;
}

/* The task on strand a's path up to `group` (excluded) that its creator never waited
 * for: the topmost task in a children group no taskwait closed, or in an if(0) task.
 * *generation: 1 for a child of group's task, 2 for a grandchild... 0: none. */
static node_id unwaited_task(node_id a, node_id group, unsigned *generation) {
  node_id found = 0;
  unsigned tasks = 0, found_at = 0;
  for (node_id x = a; x && x != group; x = ospg_node(x)->parent) {
    const struct ospg_node *n = ospg_node(x);
    if (!is_explicit_task(x))
      continue;
    tasks++;
    const struct ospg_node *p = ospg_node(n->parent);
    if (p->type == NODE_ST && p->st_val == 0) {
      found = x;
      found_at = tasks;
    }
  }
  *generation = found ? tasks - found_at + 1 : 0;
  return found;
}

/* A taskwait closed `group` (left, on a's side), yet a's strand runs in parallel with
 * what follows: a is in a task that a child of the waiting task created and did not
 * wait for. Names the taskwait and that task. False for any other shape. */
static bool explain_taskwait(node_id group, node_id a, char *buf, size_t len) {
  const struct ospg_node *g = ospg_node(group);
  unsigned generation;
  if (!ospg_is_children_group(group) || g->st_val != -1)
    return false;
  node_id task = unwaited_task(a, group, &generation);
  if (!task || generation < 2)
    return false;
  char wait_at[520], task_at[520];
  at_site(g, wait_at, sizeof wait_at);
  at_site(ospg_node(task), task_at, sizeof task_at);
  snprintf(buf, len, "the taskwait%s waits for child tasks, not for the %s created%s", wait_at,
           generation == 2 ? "grandchild" : "descendant task", task_at);
  return true;
}

/* The LCA's child on the side created first says it: a P-node (a task, a thread's
 * implicit task, a team) runs in parallel with what follows it under the LCA; an
 * ST-node (precise mode) is a group of children that no taskwait closed. */
static void explain_lca_child(node_id left, char *buf, size_t len) {
  const struct ospg_node *n = ospg_node(left);
  char at[520];
  at_site(n, at, sizeof at);
  if (n->type == NODE_ST) {
    snprintf(buf, len,
             "a task was not waited for: a taskwait waits for child tasks, not "
             "for the tasks they create, and the task that created it ended without one");
    return;
  }
  switch (n->construct) {
  case CK_TASK:
  case CK_TARGET_TASK:
    snprintf(buf, len,
             "the task created%s runs in parallel with what its creator does after "
             "creating it: no taskwait, taskgroup or dependence orders them",
             at);
    return;
  case CK_IMPLICIT_TASK:
    snprintf(buf, len,
             "the two accesses are in different threads' implicit tasks of the omp "
             "parallel%s, with no barrier between them",
             at);
    return;
  case CK_TEAM:
    snprintf(buf, len, "the two accesses are in different teams of the omp teams%s", at);
    return;
  default: snprintf(buf, len, "nothing in the OSPG orders the two strands");
  }
}

/* Whether an access is the construct's own code, which clang gives the directive's
 * line: a lastprivate copy or a reduction's combining, which run after a loop's end
 * but before its barrier. Unknown lines count as such: nothing tells them apart. */
static bool construct_code(site_id access, node_id ws) {
  const struct ompracer_site *acc = sites_lookup(access), *dir = sites_lookup(ospg_node(ws)->site);
  if (!acc || !dir || !acc->line || !acc->file || !dir->file)
    return true;
  return acc->line == dir->line && strcmp(acc->file, dir->file) == 0;
}

/* Two threads of one barrier phase, one still in a worksharing construct that the
 * other had left: its nowait removed the barrier that would have ordered them. Code
 * right after the construct (before any other) proves the nowait only if it is the
 * program's own: the construct's code there precedes its barrier anyway. */
static bool explain_nowait(const struct race_side *a, const struct race_side *b, node_id left,
                           node_id right, char *buf, size_t len) {
  struct nowait_gap gap;
  if (!ospg_nowait_gap(a->node, b->node, left, right, &gap))
    return false;
  if (gap.just_after && construct_code((gap.b_past ? b : a)->site, gap.ws))
    return false;
  char ws_at[520], region_at[520];
  at_site(ospg_node(gap.ws), ws_at, sizeof ws_at);
  at_site(ospg_node(left), region_at, sizeof region_at);
  const char *name = workshare_name(gap.ws);
  snprintf(buf, len,
           "the nowait%s removes the barrier at the end of the %s: one access is in that %s, "
           "the other after it, in another thread's implicit task of the omp parallel%s",
           ws_at, name, name, region_at);
  return true;
}

/* A single and a worksharing construct that one thread ran, which another thread could
 * have run in parallel (sp_unspecified_executor). a is below left. */
static bool explain_unspecified_executor(node_id a, node_id b, node_id left, node_id right,
                                         char *buf, size_t len) {
  if (!sp_unspecified_executor(a, b, left, right))
    return false;
  node_id single = ospg_node(a)->construct == CK_SINGLE && left == a ? a : b;
  node_id ws = single == a ? right : left;
  char single_at[520], ws_at[520];
  at_site(ospg_node(single), single_at, sizeof single_at);
  at_site(ospg_node(ws), ws_at, sizeof ws_at);
  snprintf(buf, len,
           "which thread runs the omp single%s is unspecified, and no barrier separates it "
           "from the %s%s (a nowait): this run had one thread run both, but another "
           "thread of the team may run the single while this one runs the %s",
           single_at, workshare_name(ws), ws_at, workshare_name(ws));
  return true;
}

static bool is_below(node_id x, node_id ancestor) {
  for (; x; x = ospg_node(x)->parent)
    if (x == ancestor)
      return true;
  return false;
}

static void explain_ospg(const struct race_side *a, const struct race_side *b, char *buf,
                         size_t len) {
  if (a->node == b->node) {
    explain_same_strand(a->node, buf, len);
    return;
  }
  node_id left, right;
  if (!sp_lca_children(a->node, b->node, &left, &right)) {
    snprintf(buf, len, "nothing in the OSPG orders the two strands");
    return;
  }
  /* sp_lca_children names the sides by creation order, not as a and b. */
  if (!is_below(a->node, left)) {
    const struct race_side *t = a;
    a = b;
    b = t;
  }
  node_id ws = ospg_shared_workshare(a->node, b->node, left, right);
  if (ws)
    explain_workshare(ws, buf, len);
  else if (explain_unspecified_executor(a->node, b->node, left, right, buf, len))
    return;
  else if (!explain_siblings(left, right, a->node, b->node, buf, len) &&
           !explain_nowait(a, b, left, right, buf, len) &&
           !explain_taskwait(left, a->node, buf, len))
    explain_lca_child(left, buf, len);
}

/* "the write at x.c:20:7 holds critical(a), the read at x.c:25:9 holds no lock": in
 * precise mode two accesses under a common lock never race, so when either held a
 * lock, the explanation says which locks each held (their sets are disjoint, or they
 * hold a lock only through one acquisition around their parallel region, lockset.h). */
static void explain_locks(const struct race_side *a, const struct race_side *b, char *buf,
                          size_t len) {
  const struct race_side *sides[2] = {a, b};
  size_t used = 0;
  for (int i = 0; i < 2 && used < len; i++) {
    char where[512], locks[1024];
    sites_format_location(sides[i]->site, where, sizeof where);
    lock_names_describe(sides[i]->locks, locks, sizeof locks);
    used += (size_t)snprintf(buf + used, len - used, "%sthe %s at %s holds %s", i ? ", " : "",
                             explain_kind_name(sides[i]->is_write, sides[i]->atomic), where, locks);
  }
}

void explain_race(const struct race_side *a, const struct race_side *b, char *buf, size_t len) {
  /* A strand of finished work reads as the one it was reclaimed into (ospg.h). */
  struct race_side la = *a, lb = *b;
  la.node = ospg_live(la.node);
  lb.node = ospg_live(lb.node);
  explain_ospg(&la, &lb, buf, len);
  if (g_opts.mode != MODE_PRECISE || !(lock_names_any(a->locks) || lock_names_any(b->locks)))
    return;
  size_t used = strlen(buf);
  if (used + 40 >= len)
    return;
  /* Both inside one interval of a lock held around their parallel region (lockset.h):
   * a report that they hold the same lock would read as a contradiction. */
  const char *how = lockset_share_instance(a->locks, b->locks)
                        ? "; and they hold their common lock only as threads of a parallel "
                          "region run inside one acquisition of it, which does not exclude "
                          "them from each other: "
                        : "; and they hold no common lock: ";
  used += (size_t)snprintf(buf + used, len - used, "%s", how);
  if (used < len)
    explain_locks(a, b, buf + used, len - used);
}
