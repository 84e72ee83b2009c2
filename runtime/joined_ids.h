/* JOINED IDS: spans of node ids that a task's strands are known to follow, so that a
 * query against a strand in one is answered without reading that strand's node; and,
 * likewise, two single strands: the one that created the task (the creator's strand
 * right before the creation) and the one that created its creator, each ordered
 * before every strand of the task (a task reads what its creator wrote for it).
 *
 * Node ids grow with creation (ospg.c). When a task's taskwait ends, every id handed
 * out since some point W either names a node the task itself made or one made by a
 * descendant it has now joined (each waited for by its own creator, up to a child of
 * this task), the strands after the taskwait follow every strand with an id in
 * [W, now): each is an earlier strand of the task or sits in a joined subtree, and the
 * OSPG orders both before the continuation in either mode (closed children groups).
 * Whether that holds is counted, not assumed: each task counts the ids it takes
 * (strand_stack.h, ids_taken); an ended child hands its creator its own count plus
 * those of the children it joined, tagged with the creator's window (W) at its
 * creation; the taskwait compares now - W with its own ids since W plus what its
 * children handed in for W. Ids anyone else took meanwhile (another task's, a
 * team's), a child's count that arrives late, a grandchild left unwaited: each makes
 * the counts differ, and then the window is dropped. Counts never include an id twice,
 * so equal counts mean that every id of the window is accounted for.
 *
 * A task keeps two spans: the last window it closed (own) and the best span its
 * creator had when it was created (inherited: the creator's strand at the creation
 * followed it, and the task's strands follow that strand). A rewind hands ids out
 * again (ospg_rewinds): spans of an earlier rewind count are empty. */
#ifndef OMPRACER_JOINED_IDS_H
#define OMPRACER_JOINED_IDS_H

#include "ospg.h"
#include "sp_query.h"

#include <stdatomic.h>
#include <stdint.h>

struct joined_ids {
  /* spans[0]: own (from own_since on), spans[1]: inherited; strands: the strand that
   * created the task, and the one that created its creator. */
  struct sp_follows follows;
  node_id window;             /* the first id of the window being counted */
  uint32_t window_rewinds;    /* ospg_rewinds() when it began */
  uint32_t taken_at_window;   /* the task's ids_taken when it began */
  uint32_t joined;            /* ids of the children its taskwaits joined, their counts */
  node_id creator_window;     /* the creator's window when this task was made */
  _Atomic uint64_t handed_in; /* window << 32 | ids its ended children handed in for it */
};

/* A task created by `creator` (NULL: none) in the creator's strand `made_by`, once
 * its creation's nodes are made; `taken`: its ids_taken then. */
void joined_init(struct joined_ids *j, const struct joined_ids *creator, node_id made_by,
                 uint32_t taken);
/* A taskwait that waited for every child ended; `taken`: the task's ids_taken now, and
 * `strand` its strand (both after the taskwait made its new strand). */
void joined_taskwait(struct joined_ids *j, uint32_t taken, node_id strand);
/* The task ended, having taken `taken` ids itself: hands its count to its creator. */
void joined_task_ended(const struct joined_ids *j, uint32_t taken, struct joined_ids *creator);

#endif
