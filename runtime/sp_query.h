/* isParallel on the OSPG (seed Algorithm 18, fast mode): find the least common
 * ancestor of two W-nodes; they may run in parallel exactly when the LCA's child on
 * the path to the LEFT one (the one created first under the LCA) is a P-node and no
 * path of dependency edges leads from it to the LCA's child on the path to the right
 * one. Cost: O(height of the OSPG), plus the dependence search (task_deps.c). */
#ifndef OMPRACER_SP_QUERY_H
#define OMPRACER_SP_QUERY_H

#include "ospg.h"

#include <stdbool.h>

bool sp_is_parallel(node_id a, node_id b);
/* The least common ancestor of two nodes (for tests and the read-pair rule). */
node_id sp_lca(node_id a, node_id b);

#endif
