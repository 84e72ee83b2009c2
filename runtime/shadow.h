/* Shadow memory: one history cell per application byte (byte-exact: two threads
 * writing different bytes of one word never share a cell).
 *
 * Mapping: a two-level trie over the 47-bit user address space. The top table has one
 * slot per 1 MiB of application memory; a slot points to a leaf holding that MiB's
 * cells, mapped on first touch. Both levels are reserved with MAP_NORESERVE, so only
 * pages that hold history cost memory. The total is capped by shadow_limit_mb; past
 * the cap the tool says so once and stops checking instead of dying.
 */
#ifndef OMPRACER_SHADOW_H
#define OMPRACER_SHADOW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SHADOW_CELL_BYTES 24
#define SHADOW_LEAF_BITS 20 /* application bytes per leaf: 1 MiB */
#define SHADOW_ADDR_BITS 47

int shadow_init(uint64_t limit_mb);
/* The cells for [addr, addr + n) where the range lies in one leaf; NULL when the
 * address is outside the shadowed space or the shadow is out of room. */
void *shadow_cells(uintptr_t addr);
/* Forgets all history (every leaf back to zero pages). Callers make sure no other
 * thread is using the shadow. */
void shadow_reset(void);
/* Forgets the history of one range (fresh memory). */
void shadow_clear(uintptr_t addr, size_t n);
bool shadow_exhausted(void);
uint64_t shadow_mapped_bytes(void);

/* Bytes of application memory from addr to the end of its leaf. */
static inline size_t shadow_leaf_room(uintptr_t addr) {
  return ((uintptr_t)1 << SHADOW_LEAF_BITS) - (addr & (((uintptr_t)1 << SHADOW_LEAF_BITS) - 1));
}

#endif
