#include "reclaim.h"

#include <stdlib.h>
#include <string.h>

/* A child's ids when the inbox holds another group's. */
struct reclaim_block {
  struct reclaim_block *next;
  node_id group; /* the children group the task was created in */
  uint32_t n;
  node_id ids[];
};

static void lock(struct reclaim_inbox *inbox) {
  while (atomic_flag_test_and_set_explicit(&inbox->lock, memory_order_acquire))
    ;
}
static void unlock(struct reclaim_inbox *inbox) {
  atomic_flag_clear_explicit(&inbox->lock, memory_order_release);
}

static void push(struct reclaim_inbox *inbox, struct reclaim_block *b) {
  struct reclaim_block *head = atomic_load_explicit(&inbox->head, memory_order_relaxed);
  do
    b->next = head;
  while (!atomic_compare_exchange_weak_explicit(&inbox->head, &head, b, memory_order_release,
                                                memory_order_relaxed));
}

/* Appends ids of `group` to the inbox's array, if it holds that group's (or none). */
static bool append(struct reclaim_inbox *inbox, node_id group, const node_id *ids, uint32_t n) {
  bool done = false;
  lock(inbox);
  if (!inbox->group || inbox->group == group) {
    if (inbox->n + n > inbox->cap) {
      uint32_t cap = inbox->cap ? inbox->cap : 64;
      while (cap < inbox->n + n)
        cap *= 2;
      node_id *grown = realloc(inbox->ids, cap * sizeof *grown);
      if (grown) {
        inbox->ids = grown;
        inbox->cap = cap;
      }
    }
    if (inbox->n + n <= inbox->cap) {
      memcpy(inbox->ids + inbox->n, ids, n * sizeof *ids);
      inbox->n += n;
      inbox->group = group;
      done = true;
    }
  }
  unlock(inbox);
  return done;
}

void reclaim_inbox_drop(struct reclaim_inbox *inbox) {
  lock(inbox);
  free(inbox->ids);
  inbox->ids = NULL;
  inbox->n = inbox->cap = 0;
  inbox->group = 0;
  unlock(inbox);
  struct reclaim_block *b = atomic_exchange_explicit(&inbox->head, NULL, memory_order_acquire);
  while (b) {
    struct reclaim_block *next = b->next;
    free(b);
    b = next;
  }
}

/* Whether an inbox still holds something (asked by its own task at its end). */
static bool holds_any(struct reclaim_inbox *inbox) {
  lock(inbox);
  bool any = inbox->n != 0;
  unlock(inbox);
  return any || atomic_load_explicit(&inbox->head, memory_order_acquire) != NULL;
}

void reclaim_task_ended(struct reclaim_inbox *creator, struct strand_stack *ss,
                        struct reclaim_inbox *own_inbox, bool clean) {
  bool leftover = holds_any(own_inbox);
  reclaim_inbox_drop(own_inbox);
  if (!creator)
    return;
  bool complete = ss->own_on && ss->nown && !ss->own_lost && clean && !leftover &&
                  !atomic_load_explicit(&own_inbox->incomplete, memory_order_relaxed) &&
                  !ospg_has_flag(ss->own[0], NODE_DEPS);
  if (!complete) { /* its nodes stay, and so must every node above them */
    atomic_store_explicit(&creator->incomplete, true, memory_order_relaxed);
    return;
  }
  node_id group = ospg_node(ss->own[0])->parent;
  if (append(creator, group, ss->own, ss->nown))
    return;
  struct reclaim_block *b = malloc(sizeof *b + ss->nown * sizeof(node_id));
  if (!b) {
    atomic_store_explicit(&creator->incomplete, true, memory_order_relaxed);
    return;
  }
  b->group = group;
  b->n = ss->nown;
  memcpy(b->ids, ss->own, ss->nown * sizeof(node_id));
  push(creator, b);
}

/* The task's own strands right under the closed group but rep (its code between the
 * creations) answer as rep does from now on: they go too, and leave its own list, so
 * that a loop that makes many tasks and then waits keeps one strand. The group was
 * kept in the list when it was opened: only what follows it is looked at. A task that
 * hands in no block (an implicit task's, own_on false) forgets the group's entries
 * whether or not they went. */
static void reclaim_own_strands(struct strand_stack *ss, node_id group, node_id rep, bool may) {
  uint32_t from = ss->nown;
  while (from > 0 && ss->own[from - 1] != group)
    from--;
  if (!from)
    return; /* not this task's group */
  uint32_t kept = from, n = 0;
  node_id gone[64];
  for (uint32_t i = from; i < ss->nown; i++) {
    node_id id = ss->own[i];
    if (may && id != rep && ospg_node(id)->parent == group && ospg_node(id)->type == NODE_W) {
      gone[n++] = id;
      if (n == sizeof gone / sizeof *gone) {
        ospg_reclaim(gone, n, rep);
        n = 0;
      }
    } else {
      ss->own[kept++] = id;
    }
  }
  ospg_reclaim(gone, n, rep);
  ss->nown = ss->own_on ? kept : from - 1;
}

/* Children's ids of the closed group: reclaimed when it may be, else they stay and the
 * task is incomplete. */
static void settle(struct reclaim_inbox *inbox, const node_id *ids, uint32_t n, bool may,
                   node_id rep) {
  if (may)
    ospg_reclaim(ids, n, rep);
  else
    atomic_store_explicit(&inbox->incomplete, true, memory_order_relaxed);
}

void reclaim_at_taskwait(struct reclaim_inbox *inbox, struct strand_stack *ss, node_id group,
                         node_id rep) {
  if (!group)
    return; /* what the inbox holds stays until the task ends, and its nodes too */
  bool may =
      rep && ospg_reclaim_allowed() && ospg_sealed(group) && !ospg_has_flag(group, NODE_KEEP);
  reclaim_own_strands(ss, group, rep, may);
  node_id *ids = NULL;
  uint32_t n = 0;
  lock(inbox);
  if (inbox->group == group) {
    ids = inbox->ids;
    n = inbox->n;
    inbox->ids = NULL;
    inbox->n = inbox->cap = 0;
    inbox->group = 0;
  }
  unlock(inbox);
  if (n)
    settle(inbox, ids, n, may, rep);
  free(ids);
  struct reclaim_block *b = atomic_exchange_explicit(&inbox->head, NULL, memory_order_acquire);
  while (b) {
    struct reclaim_block *next = b->next;
    if (b->group == group) {
      settle(inbox, b->ids, b->n, may, rep);
      free(b);
    } else {
      push(inbox, b); /* another group's child: its group has not been closed */
    }
    b = next;
  }
}
