/* The worksharing construct instance (omp for, sections, distribute, or a taskloop)
 * that two strands share, for explaining a race by what the program says rather than
 * by what the schedule did. The tree puts one S-node per thread for a worksharing
 * construct (each implicit task has its own), and iterations of one chunk share a
 * strand: so the same two iterations of one loop meet in one strand (tags), under one
 * loop node (two chunks of one thread) or only at the barrier phase (two threads),
 * depending on the schedule. This finds the construct in all three cases: its threads'
 * nodes are matched by directive and by their implicit tasks' count of worksharing
 * constructs (strand_stack.h), which all threads of a team share. */
#ifndef OMPRACER_OSPG_WORKSHARE_H
#define OMPRACER_OSPG_WORKSHARE_H

#include "ospg.h"

#include <stdbool.h>

struct shared_workshare {
  node_id node;         /* one of its nodes (its directive is the node's site) */
  bool in_iteration[2]; /* each strand runs in a loop iteration, or in a task created
                           in one (else in chunk code outside its iterations; a
                           lastprivate copy-out is not: it follows the loop) */
};

/* For strands a and b (distinct) whose LCA's children are left and right (left
 * created first, sp_lca_children), with iteration tags iter_a and iter_b (0: none):
 * whether both are inside one worksharing construct instance that makes them
 * parallel, and which. */
bool ospg_shared_workshare(node_id a, node_id b, node_id left, node_id right, uint32_t iter_a,
                           uint32_t iter_b, struct shared_workshare *out);

/* For strands a below left and b below right, two threads' implicit tasks of one
 * barrier phase (the LCA's children, sp_lca_children): the worksharing construct one
 * strand is in, when the other strand's thread had left it and begun a later one
 * with no barrier between (else the two would be in different phases): that
 * construct had nowait. 0 when no construct can be named so: either strand in a task
 * or a nested region of its implicit task, both in one construct or past the same
 * ones, the earlier one not inside one, or the later one past its end but not yet in
 * another (code after a loop without nowait may still precede its barrier: a
 * lastprivate copy). */
node_id ospg_nowait_workshare(node_id a, node_id b, node_id left, node_id right);

/* Whether a worksharing S-node is a taskloop's (a taskloop task's own node for its
 * iterations: an omp for cannot sit directly in an explicit task). */
bool ospg_workshare_is_taskloop(node_id ws);

#endif
