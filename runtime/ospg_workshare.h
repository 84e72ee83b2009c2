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

/* For strands a and b (distinct) whose LCA's children are left and right (left
 * created first, sp_lca_children): the worksharing construct instance both are inside
 * that makes them parallel (one of its nodes: its directive is the node's site), or 0.
 * Inside a loop means in its chunks, tasks created there included, and clang puts no
 * code in a chunk outside its iterations (a lastprivate copy follows the loop's end),
 * so the two strands are in two of its iterations. */
node_id ospg_shared_workshare(node_id a, node_id b, node_id left, node_id right);

/* Why two threads' implicit tasks of one barrier phase are unordered, when a
 * worksharing construct's nowait may be the reason. */
struct nowait_gap {
  node_id ws;      /* the construct one strand is in */
  bool b_past;     /* b's thread had left it (else a's) */
  bool just_after; /* and begun no later construct: code there also runs between a
                      construct without nowait and its barrier (a lastprivate copy),
                      so only what that code is tells whether ws had nowait */
};

/* For strands a below left and b below right, two threads' implicit tasks of one
 * barrier phase (the LCA's children, sp_lca_children): whether one strand is in a
 * worksharing construct that the other strand's thread had left with no barrier
 * between (else the two would be in different phases), and which. False when no
 * construct can be named so: either strand in a task or a nested region of its
 * implicit task, both in one construct or past the same ones, or the one behind not
 * inside one. */
bool ospg_nowait_gap(node_id a, node_id b, node_id left, node_id right, struct nowait_gap *out);

/* Whether a worksharing S-node is a taskloop's (a taskloop task's own node for its
 * iterations: an omp for cannot sit directly in an explicit task). */
bool ospg_workshare_is_taskloop(node_id ws);

#endif
