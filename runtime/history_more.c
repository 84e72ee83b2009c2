#include "history_more.h"

const struct slot_more g_slot_more_none; /* extern in history_more.h */

/* The count is in entry 0's first word. A slot takes one entry at most, ever, and a
 * block has an entry for each slot it holds: the count stays within the block. */
_Static_assert(SHADOW_ENTRIES_OFFSET + (SHADOW_CELLS_BYTES / sizeof(struct history_slot) + 1) *
                                           sizeof(struct slot_more) <=
                   SHADOW_LEAF_BYTES,
               "an entry for each slot");
uint32_t more_take(struct history_slot *s) {
  uintptr_t block = more_block(s);
  _Atomic uint32_t *count = (_Atomic uint32_t *)more_entry(block, 0);
  uint32_t i = atomic_fetch_add_explicit(count, 1, memory_order_relaxed) + 1;
  /* Written before SLOT_MORE, whose release publishes it (more_for_write). */
  atomic_store_explicit(more_index(s), i, memory_order_relaxed);
  return i;
}
