#include "shadow.h"

#include "detection.h"
#include "log.h"
#include "reserve.h"

#include <pthread.h>
#include <stdatomic.h>
#include <string.h>

#define TOP_SLOTS ((size_t)1 << (SHADOW_ADDR_BITS - SHADOW_LEAF_BITS))

_Atomic(char *) *g_shadow_top;
static uint64_t g_max_leaves;
static uint64_t g_limit_mb;
static atomic_bool g_exhausted;
/* Every leaf mapped, for a forked child to replace; appended under g_leaf_lock, which
 * fork holds, so the list is whole in the child. Leaves are rare (one per MiB touched). */
static char **g_leaf_list;
static size_t g_listed;
static pthread_mutex_t g_leaf_lock = PTHREAD_MUTEX_INITIALIZER;

int shadow_init(uint64_t limit_mb) {
  void *p = reserve_zeroed(TOP_SLOTS * sizeof(*g_shadow_top));
  if (p == NULL)
    return -1;
  g_shadow_top = p;
  g_limit_mb = limit_mb;
  g_max_leaves = (limit_mb << 20) / SHADOW_LEAF_BYTES;
  if (g_max_leaves == 0)
    g_max_leaves = 1;
  g_leaf_list = reserve_zeroed(g_max_leaves * sizeof *g_leaf_list);
  return g_leaf_list == NULL ? -1 : 0;
}

bool shadow_exhausted(void) {
  return atomic_load_explicit(&g_exhausted, memory_order_relaxed);
}

void shadow_out_of_room(const char *why) {
  atomic_store(&g_exhausted, true);
  detection_gap(GAP_SHADOW, true,
                "%s; race detection is off from here on (raise it with "
                "OMPRACER_OPTIONS=shadow_limit_mb=N, now %llu)",
                why, (unsigned long long)g_limit_mb);
}

/* With g_leaf_lock held. */
static char *map_leaf(size_t slot) {
  if (g_listed >= g_max_leaves) {
    shadow_out_of_room("the shadow memory limit is reached");
    return NULL;
  }
  char *leaf = reserve_aligned(SHADOW_LEAF_BYTES, SHADOW_LEAF_ALIGN, 1);
  if (leaf == NULL) {
    shadow_out_of_room("the system refused to map shadow memory");
    return NULL;
  }
  g_leaf_list[g_listed++] = leaf;
  atomic_store_explicit(&g_shadow_top[slot], leaf, memory_order_release);
  return leaf;
}

/* Maps the leaf for a top slot; several threads may race here, the first one maps it. */
static char *new_leaf(size_t slot) {
  pthread_mutex_lock(&g_leaf_lock);
  char *leaf = atomic_load_explicit(&g_shadow_top[slot], memory_order_acquire);
  if (leaf == NULL)
    leaf = map_leaf(slot);
  pthread_mutex_unlock(&g_leaf_lock);
  return leaf;
}

char *shadow_leaf_slow(uintptr_t addr) {
  if (addr >> SHADOW_ADDR_BITS)
    return NULL;
  size_t slot = addr >> SHADOW_LEAF_BITS;
  char *leaf = atomic_load_explicit(&g_shadow_top[slot], memory_order_acquire);
  if (!leaf && !shadow_exhausted())
    leaf = new_leaf(slot);
  return leaf;
}

/* ---- fork(). */

void shadow_atfork_prepare(void) {
  pthread_mutex_lock(&g_leaf_lock);
}

void shadow_atfork_parent(void) {
  pthread_mutex_unlock(&g_leaf_lock);
}

static bool replace_leaf(char *leaf) {
  void *p = mmap(leaf, SHADOW_LEAF_BYTES, PROT_READ | PROT_WRITE,
                 MAP_SHARED | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED, -1, 0);
  return p == leaf;
}

/* Only the forking thread runs here, while its parent's threads go on writing into
 * the leaves the two processes share: a copy would be torn, so the child starts from
 * empty leaves at the same addresses (it keeps the OSPG). It forgets the accesses made
 * before the fork: a race between one of them and a later access of the child (one
 * made by a thread the child does not have, or by a task parallel with the forking
 * one) is not reported. A leaf it cannot replace would keep writing into its parent's
 * histories: then detection stops in the child instead. */
void shadow_atfork_child(void) {
  pthread_mutex_init(&g_leaf_lock, NULL);
  for (size_t i = 0; i < g_listed; i++)
    if (!replace_leaf(g_leaf_list[i])) {
      detection_gap(GAP_SHADOW, true,
                    "the forked child could not map shadow memory of its own; race "
                    "detection is off in the child");
      return;
    }
}
