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
 * mutexinoutset/inoutset imply (OpenMP 5.2, 15.9.5).
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

/* One parent task's dependence map; only tasks created under the same container node
 * (the same children group) are siblings, so the map restarts with the group. */
struct dep_map {
  struct dep_entry *slots;
  uint32_t cap, len;
  node_id group; /* the children group the entries belong to */
};

int deps_init(uint64_t max_edges);
/* Whether mutexinoutset members are chained (fast mode; precise mode uses a lock). */
void deps_chain_mutexinoutset(bool chain);
/* Records that `task` (a new child under `group`) depends on addr with `kind`, adding
 * the edges that follow to its node. */
void deps_add(struct dep_map *m, node_id group, node_id task, uintptr_t addr, enum dep_kind kind);
/* The tasks the dependence (addr, kind) would wait for, for `taskwait depend`: edges
 * are added to `node` without registering it as a writer or reader. */
void deps_wait_on(struct dep_map *m, node_id group, node_id node, uintptr_t addr,
                  enum dep_kind kind);
void deps_map_free(struct dep_map *m);

/* DIRECTED PATH: is there a path of dependency edges from `from` to `to` (siblings,
 * `from` created first)? */
bool deps_reaches(node_id from, node_id to);

/* Edge storage is rewound together with the node arena. */
uint32_t deps_mark(void);
void deps_release_to(uint32_t mark);

#endif
