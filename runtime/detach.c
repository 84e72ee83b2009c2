#include "detach.h"

#include "task_deps.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

struct fulfilment {
  node_id detached, fulfiller;
};

static pthread_mutex_t g_lock = PTHREAD_MUTEX_INITIALIZER;
static struct fulfilment *g_table;
static uint32_t g_cap;
static _Atomic uint32_t g_count; /* read without the lock: 0 is the common case */

/* Adds the edge fulfiller -> task where task depends on the detached task. Edges go
 * from earlier to later nodes only (the path search relies on it). */
static void order_after(node_id task, const struct fulfilment *f) {
  if (f->fulfiller < task && deps_has_pred(task, f->detached))
    deps_add_edge(task, f->fulfiller);
}

static bool record(node_id detached, node_id fulfiller) {
  pthread_mutex_lock(&g_lock);
  uint32_t n = atomic_load(&g_count);
  if (n == g_cap) {
    uint32_t cap = g_cap ? g_cap * 2 : 16;
    struct fulfilment *t = realloc(g_table, cap * sizeof *t);
    if (!t) {
      pthread_mutex_unlock(&g_lock);
      return false; /* not recorded: later dependents may be reported as racing */
    }
    g_table = t;
    g_cap = cap;
  }
  g_table[n] = (struct fulfilment){detached, fulfiller};
  atomic_store(&g_count, n + 1);
  pthread_mutex_unlock(&g_lock);
  return true;
}

void detach_fulfilled(node_id detached, node_id fulfiller) {
  if (!detached || !fulfiller || fulfiller <= detached)
    return;
  struct fulfilment f = {detached, fulfiller};
  record(detached, fulfiller);
  /* The dependents that exist already: they may have dependents of their own, whose
   * levels the new edges can leave too low (task_deps.c, LEVELS). */
  deps_levels_unsure();
  uint32_t end = ospg_mark();
  for (node_id n = fulfiller + 1; n < end; n++)
    if (ospg_node(n)->preds)
      order_after(n, &f);
}

void detach_inherit(node_id task) {
  if (!atomic_load_explicit(&g_count, memory_order_relaxed))
    return;
  pthread_mutex_lock(&g_lock);
  for (uint32_t i = 0; i < atomic_load(&g_count); i++)
    order_after(task, &g_table[i]);
  pthread_mutex_unlock(&g_lock);
}

void detach_release_to(uint32_t mark) {
  pthread_mutex_lock(&g_lock);
  uint32_t kept = 0, n = atomic_load(&g_count);
  for (uint32_t i = 0; i < n; i++)
    if (g_table[i].detached < mark && g_table[i].fulfiller < mark)
      g_table[kept++] = g_table[i];
  atomic_store(&g_count, kept);
  pthread_mutex_unlock(&g_lock);
}
