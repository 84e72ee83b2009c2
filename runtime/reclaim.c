#include "reclaim.h"

#include <stdlib.h>
#include <string.h>

struct reclaim_block {
  struct reclaim_block *next;
  node_id group; /* the children group the task was created in */
  bool complete; /* nothing below the task stays */
  uint32_t n;
  node_id ids[];
};

static void push(struct reclaim_inbox *inbox, struct reclaim_block *b) {
  struct reclaim_block *head = atomic_load_explicit(&inbox->head, memory_order_relaxed);
  do
    b->next = head;
  while (!atomic_compare_exchange_weak_explicit(&inbox->head, &head, b, memory_order_release,
                                                memory_order_relaxed));
}

void reclaim_inbox_drop(struct reclaim_inbox *inbox) {
  struct reclaim_block *b = atomic_exchange_explicit(&inbox->head, NULL, memory_order_acquire);
  while (b) {
    struct reclaim_block *next = b->next;
    free(b);
    b = next;
  }
}

void reclaim_task_ended(struct reclaim_inbox *creator, struct strand_stack *ss,
                        struct reclaim_inbox *own_inbox, bool clean) {
  bool leftover = atomic_load_explicit(&own_inbox->head, memory_order_acquire) != NULL;
  reclaim_inbox_drop(own_inbox);
  if (!creator || !ss->nown)
    return;
  node_id task = ss->own[0];
  bool complete = ss->own_on && !ss->own_lost && clean && !leftover &&
                  !atomic_load_explicit(&own_inbox->incomplete, memory_order_relaxed) &&
                  !ospg_has_flag(task, NODE_DEPS);
  uint32_t n = complete ? ss->nown : 0;
  struct reclaim_block *b = malloc(sizeof *b + n * sizeof(node_id));
  if (!b) {
    atomic_store_explicit(&creator->incomplete, true, memory_order_relaxed);
    return;
  }
  b->group = ospg_node(task)->parent;
  b->complete = complete;
  b->n = n;
  memcpy(b->ids, ss->own, n * sizeof(node_id));
  push(creator, b);
}

/* The task's own strands right under the closed group but rep (its code between the
 * creations) answer as rep does from now on: they go too, and leave its own list, so
 * that a loop that makes many tasks and then waits keeps one strand. The group was
 * kept in the list when it was opened: only what follows it is looked at. */
static void reclaim_own_strands(struct strand_stack *ss, node_id group, node_id rep) {
  uint32_t from = ss->nown;
  while (from > 0 && ss->own[from - 1] != group)
    from--;
  if (!from)
    return; /* not this task's group */
  uint32_t kept = from;
  for (uint32_t i = from; i < ss->nown; i++) {
    node_id id = ss->own[i];
    if (id != rep && ospg_node(id)->parent == group && ospg_node(id)->type == NODE_W)
      ospg_reclaim(&id, 1, rep);
    else
      ss->own[kept++] = id;
  }
  ss->nown = kept;
}

void reclaim_at_taskwait(struct reclaim_inbox *inbox, struct strand_stack *ss, node_id group,
                         node_id rep) {
  bool may = group && rep && ospg_reclaim_allowed() && ospg_sealed(group) &&
             !ospg_has_flag(group, NODE_KEEP);
  if (may && ss->own_on)
    reclaim_own_strands(ss, group, rep);
  struct reclaim_block *b = atomic_exchange_explicit(&inbox->head, NULL, memory_order_acquire);
  while (b) {
    struct reclaim_block *next = b->next;
    if (group && b->group == group) {
      if (may && b->complete)
        ospg_reclaim(b->ids, b->n, rep);
      else
        atomic_store_explicit(&inbox->incomplete, true, memory_order_relaxed);
      free(b);
    } else {
      push(inbox, b); /* another group's child: its group has not been closed */
    }
    b = next;
  }
}
