/* Which nodes of finished tasks can be given back, and when (the mechanism and the
 * argument are ospg.h's, RECLAIMING).
 *
 * Each explicit task keeps the ids of the nodes it made (its strand stack's own
 * list: its P-node, strands, groups). When it ends, it hands them to its creator's
 * inbox, for the group it was created in, if nothing below it was left unreclaimed:
 * every group it closed was sealed and its children's ids reclaimed, none of its
 * children was incomplete, nothing was left in its inbox, it waited for its children,
 * it had no dependence edges (NODE_DEPS), began no parallel region, and every node it
 * made was kept; otherwise it makes its creator incomplete. When the creator's
 * taskwait closes a sealed group S with no synchronisation edge ending below it
 * (NODE_KEEP), the ids handed in for S are reclaimed into the creator's running
 * strand, which sits right under S (with the creator's other strands right under S);
 * so no node is ever reclaimed while a node below it stays (a climb from that one
 * would meet the released memory).
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
  /* The ended children of one group hand their ids in here, 4 bytes each (a loop that
   * makes a million tasks before its taskwait keeps them all until then); a child of
   * another group, in a block of its own on `head`, newest first. */
  atomic_flag lock;
  node_id group; /* whose ids `ids` holds; 0: none */
  node_id *ids;
  uint32_t n, cap;
  _Atomic(struct reclaim_block *) head;
  atomic_bool incomplete; /* something below the task stays */
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
