/* Task dependences (seed section 2.4.6, Figures 2.12-2.13): `depend` clauses order
 * sibling tasks. They become dependency edges between the siblings' task nodes, and
 * isParallel asks whether a directed path of such edges leads from the left sibling to
 * the right one (DIRECTED PATH in Algorithms 1 and 18).
 *
 * Edges are computed here from the address lists that OMPT's dependences event gives
 * for each new task, not taken from OMPT's task_dependence event: libomp announces an
 * edge only while the predecessor is still running, so those edges depend on the
 * schedule. Per parent task, a map from address to the last writer, the readers since,
 * and the current mutexinoutset/inoutset group gives the edges in/out/inout/
 * mutexinoutset/inoutset imply (OpenMP 5.2, 15.9.5). Siblings need not share a children
 * group: tasks created after a `taskwait depend` or inside a taskgroup sit in a group
 * below their earlier siblings' (sp_query.c looks for them there).
 *
 * mutexinoutset members are mutually exclusive, not ordered. Precise mode models that
 * as a lock each member holds while it runs (ompt_events.c). Fast mode has no locks, so
 * there they are chained in creation order (they never race with each other; the
 * chain also orders what follows from them, which can hide a race between a later
 * member's successors and an earlier member).
 */
#ifndef OMPRACER_TASK_DEPS_H
#define OMPRACER_TASK_DEPS_H

#include "ospg.h"

#include <stdbool.h>
#include <stdint.h>

enum dep_kind { DEP_IN, DEP_OUT, DEP_MUTEXINOUTSET, DEP_INOUTSET };

struct dep_entry; /* private */

/* One parent task's dependence map. Every child of a task is a sibling of the others,
 * but a child its task has waited for needs no edge: a taskwait closes the children
 * groups (ST-nodes) and the next child opens a new one elsewhere, so the map restarts
 * when a child comes under a group outside the outermost one it describes. Groups
 * nested in that one (opened by `taskwait depend`, or inside a taskgroup) keep it:
 * their tasks still depend on the earlier ones. */
struct dep_map {
  struct dep_entry *slots;
  uint32_t cap, len;
  node_id group; /* the outermost children group the entries belong to; 0: none */
  node_id last;  /* the container the last dependence came from */
};

int deps_init(uint64_t max_edges);
/* Records that `task` (a new child under `group`, the parent's top container)
 * depends on addr with `kind`, adding the edges that follow to its node. */
void deps_add(struct dep_map *m, node_id group, node_id task, uintptr_t addr, enum dep_kind kind);
/* The tasks the dependence (addr, kind) would wait for, for `taskwait depend`: edges
 * are added to `node` without registering it as a writer or reader. */
void deps_wait_on(struct dep_map *m, node_id group, node_id node, uintptr_t addr,
                  enum dep_kind kind);
void deps_map_free(struct dep_map *m);

/* Whether the children a task creates below node n are siblings of those it created
 * above n: n is one of the task's children groups (ST-nodes) or taskgroups, which only
 * the task that opened them fills. A work item (chunk, section) is not: which task runs
 * it depends on the schedule, so the tasks inside are not taken as siblings of those
 * outside. The dependence map (deps_add) and the query (sp_query.c) share this rule. */
static inline bool deps_sibling_container(node_id n) {
  return ospg_is_children_group(n) || ospg_node(n)->construct == CK_TASKGROUP;
}

/* A dependency edge from pred to task (created after pred), for orders that no
 * depend clause states (detach.h); and whether task has pred as a direct predecessor.
 * Edges into a task that may have dependents already must be announced first by
 * deps_levels_unsure (the path search then stops relying on levels, task_deps.c). */
void deps_add_edge(node_id task, node_id pred);
void deps_levels_unsure(void);
bool deps_has_pred(node_id task, node_id pred);

/* DIRECTED PATH: is there a path of dependency edges from `from` (created first) to
 * one of several targets, asked as one search (one visited set, one step budget):
 * deps_path_begin(from), deps_path_target(to) for each, then deps_path_found(). Targets are nodes
 * created after `from` that carry edges: sibling tasks and the groups that follow a `taskwait
 * depend`. Per thread, one at a time. */
void deps_path_begin(node_id from);
void deps_path_target(node_id to);
bool deps_path_found(void);

/* The predecessors of node n (the tasks its dependence edges come from), up to max of
 * them into out; returns how many it has. For option dump_ospg. */
unsigned deps_preds(node_id n, node_id *out, unsigned max);

/* Edge storage is rewound together with the node arena. */
uint32_t deps_mark(void);
void deps_release_to(uint32_t mark);

#endif
