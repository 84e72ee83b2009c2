/* isParallel on the OSPG (seed Algorithm 18, fast mode): find the least common
 * ancestor of two W-nodes; they may run in parallel exactly when the LCA's child on
 * the path to the LEFT one (the one created first under the LCA) is a P-node and no
 * path of dependency edges leads from it to the right one: to the LCA's child on the
 * right path, or, when that child is a children group or taskgroup of the same task,
 * to the sibling task or `taskwait depend` group below it on that path (a task created
 * after a `taskwait depend` sits one group deeper than its earlier siblings). Cost:
 * O(height of the OSPG), plus one dependence search (task_deps.c).
 *
 * Precise mode (seed Algorithm 1) also reads ST-nodes: when the LCA's left child is an
 * ST-node, the left W-node is parallel with the right one exactly when the st_val sum
 * on its path up to that child (COUNT) is positive: it sits in a task that the
 * taskwaits on the way did not wait for. */
#ifndef OMPRACER_SP_QUERY_H
#define OMPRACER_SP_QUERY_H

#include "ospg.h"

#include <stdbool.h>

bool sp_is_parallel(node_id a, node_id b);         /* in the mode chosen by sp_set_precise */
bool sp_is_parallel_fast(node_id a, node_id b);    /* Algorithm 18 */
bool sp_is_parallel_precise(node_id a, node_id b); /* Algorithm 1 */
void sp_set_precise(bool precise);
/* The least common ancestor of two nodes (for tests and the read-pair rule). */
node_id sp_lca(node_id a, node_id b);

#endif
