#include "shadow.h"

#include "detection.h"
#include "log.h"
#include "reserve.h"

#include <stdatomic.h>
#include <string.h>

#define TOP_SLOTS ((size_t)1 << (SHADOW_ADDR_BITS - SHADOW_LEAF_BITS))
#define LEAF_BYTES (((size_t)1 << SHADOW_LEAF_BITS) / SHADOW_GRANULE * SHADOW_CELL_BYTES)

_Atomic(char *) *g_shadow_top;
static _Atomic uint64_t g_leaves;
static uint64_t g_max_leaves;
static uint64_t g_limit_mb;
static atomic_bool g_exhausted;

int shadow_init(uint64_t limit_mb) {
  void *p = reserve_zeroed(TOP_SLOTS * sizeof(*g_shadow_top));
  if (p == NULL)
    return -1;
  g_shadow_top = p;
  g_limit_mb = limit_mb;
  g_max_leaves = (limit_mb << 20) / LEAF_BYTES;
  if (g_max_leaves == 0)
    g_max_leaves = 1;
  return 0;
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

/* Maps the leaf for a top slot; several threads may race here, one wins the CAS. */
static char *new_leaf(size_t slot) {
  if (atomic_fetch_add(&g_leaves, 1) >= g_max_leaves) {
    atomic_fetch_sub(&g_leaves, 1);
    shadow_out_of_room("the shadow memory limit is reached");
    return NULL;
  }
  char *leaf = reserve_zeroed(LEAF_BYTES);
  if (leaf == NULL) {
    atomic_fetch_sub(&g_leaves, 1);
    shadow_out_of_room("the system refused to map shadow memory");
    return NULL;
  }
  char *expected = NULL;
  if (!atomic_compare_exchange_strong(&g_shadow_top[slot], &expected, leaf)) {
    munmap(leaf, LEAF_BYTES);
    atomic_fetch_sub(&g_leaves, 1);
    return expected;
  }
  return leaf;
}

void *shadow_cell_slow(uintptr_t addr) {
  if (addr >> SHADOW_ADDR_BITS)
    return NULL;
  size_t slot = addr >> SHADOW_LEAF_BITS;
  char *leaf = atomic_load_explicit(&g_shadow_top[slot], memory_order_acquire);
  if (!leaf) {
    if (shadow_exhausted())
      return NULL;
    leaf = new_leaf(slot);
    if (!leaf)
      return NULL;
  }
  return shadow_cell_in(leaf, addr);
}

void *shadow_cell_if_mapped(uintptr_t addr) {
  if (addr >> SHADOW_ADDR_BITS)
    return NULL;
  char *leaf = atomic_load_explicit(&g_shadow_top[addr >> SHADOW_LEAF_BITS], memory_order_acquire);
  if (!leaf)
    return NULL;
  return shadow_cell_in(leaf, addr);
}
