/* Which nodes of finished tasks can be given back, and when (the mechanism and the
 * argument are ospg.h's, RECLAIMING).
 *
 * Each explicit task keeps the ids of the nodes it made (its strand stack's own
 * list: its P-node, strands, groups). When it ends, it hands them, as a block, to its
 * creator's inbox, marked with the group it was created in, and complete when nothing
 * below it was left unreclaimed: every group it closed was sealed and its children's
 * blocks reclaimed, none of its children was incomplete, no block was left over, it
 * had no dependence edges (NODE_DEPS) and every node it made was kept. When the
 * creator's taskwait closes a sealed group S with no synchronisation edge ending below
 * it (NODE_KEEP), the complete blocks of S's children are reclaimed into the
 * creator's running strand, which sits right under S; an incomplete one makes the
 * creator incomplete, so no node is ever reclaimed while a node below it stays (a
 * climb from that one would meet the released memory).
 *
 * The creator's record must outlive its children's hand-offs: a task that ends
 * without waiting leaves children that end later. Task records are counted
 * (ompt_events.c); an inbox outlives its task until the last child has handed in. */
#ifndef OMPRACER_RECLAIM_H
#define OMPRACER_RECLAIM_H

#include "strand_stack.h"

#include <stdatomic.h>
#include <stdbool.h>

struct reclaim_block;
struct reclaim_inbox {
  _Atomic(struct reclaim_block *) head; /* blocks of ended children, newest first */
  atomic_bool incomplete;               /* something below the task stays */
};

/* The task that owns `ss` and `own_inbox` has ended: its block goes to `creator` (NULL:
 * none, the nodes stay). Leftover blocks in own_inbox are dropped (their nodes stay).
 * `clean`: it waited for all its children. */
void reclaim_task_ended(struct reclaim_inbox *creator, struct strand_stack *ss,
                        struct reclaim_inbox *own_inbox, bool clean);
/* A taskwait has closed `group` (ss_closing_group, read before the taskwait), with
 * `rep` the strand that ran right under it: reclaims its children's blocks, and the
 * task's own other strands right under the group, if it may. */
void reclaim_at_taskwait(struct reclaim_inbox *inbox, struct strand_stack *ss, node_id group,
                         node_id rep);
/* Frees what an inbox still holds (its nodes stay). */
void reclaim_inbox_drop(struct reclaim_inbox *inbox);

#endif
