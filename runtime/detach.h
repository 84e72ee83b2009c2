/* Detached tasks fulfilled by another task. A detached task completes when its body
 * has ended and its event is fulfilled (omp_fulfill_event); its dependents wait for
 * that. So the code of the task that calls omp_fulfill_event, up to the call, is
 * ordered before the detached task's dependents. (A detached task's own code is
 * ordered before them by their dependence edges already.)
 *
 * Modelled with dependency edges between sibling tasks: when a sibling created after
 * the detached task fulfils its event, every dependent of the detached task created
 * after the fulfiller gets an edge from the fulfiller, those that exist at the call
 * and those created later. Cost: the fulfiller's code after the call is taken as
 * ordered before the dependents too (a race between it and them is missed); a
 * fulfiller that is not such a sibling (created before the detached task, or in
 * another task or thread) orders nothing, so a pair across its call can be reported;
 * each fulfilment scans the nodes created since the fulfiller once, and each later
 * task with dependences looks at the fulfilments recorded since the last outermost
 * region began. */
#ifndef OMPRACER_DETACH_H
#define OMPRACER_DETACH_H

#include "ospg.h"

/* Task node `fulfiller` fulfilled the event of detached task node `detached`. */
void detach_fulfilled(node_id detached, node_id fulfiller);
/* A new task with dependences: edges from the fulfillers of its predecessors. */
void detach_inherit(node_id task);
/* Forgets the fulfilments of nodes at or after `mark` (the arena is rewound). */
void detach_release_to(uint32_t mark);

#endif
