/* Shadow memory: maps an application address to the 64-byte shadow cell of its 4-byte
 * granule. What a cell holds is the access history's business (history_fast.c).
 *
 * Mapping: a two-level trie over the 47-bit user address space. The top table has one
 * slot per 1 MiB of application memory; a slot points to a leaf holding that MiB's
 * cells (16 MiB), mapped on first touch. Both levels are reserved with MAP_NORESERVE,
 * so only pages that hold cells cost memory. The total is capped by shadow_limit_mb;
 * past the cap the tool says so once and stops checking instead of dying. Leaves are
 * shared anonymous memory (reserve.h says why), so a forked child maps its own.
 */
#ifndef OMPRACER_SHADOW_H
#define OMPRACER_SHADOW_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SHADOW_GRANULE 4 /* application bytes per cell */
#define SHADOW_CELL_BYTES 64
#define SHADOW_LEAF_BITS 20 /* application bytes per leaf: 1 MiB */
#define SHADOW_ADDR_BITS 47

int shadow_init(uint64_t limit_mb);
/* The cell of the granule holding addr; the cells of a leaf are contiguous, so the
 * next granule's cell follows while shadow_leaf_room() allows. NULL when the address
 * is outside the shadowed space or the shadow is out of room. */
static inline void *shadow_cell(uintptr_t addr);
/* Like shadow_cell, but never maps a leaf: NULL where no history was ever kept. */
static inline void *shadow_cell_if_mapped(uintptr_t addr);
bool shadow_exhausted(void);
/* Reports running out of room (shared with the history's side tables). */
void shadow_out_of_room(const char *why);
/* fork(): no leaf is mapped across it, and the child replaces every leaf, which its
 * parent still shares, by an empty one of its own. */
void shadow_atfork_prepare(void);
void shadow_atfork_parent(void);
void shadow_atfork_child(void);

/* Bytes of application memory from addr to the end of its leaf. */
static inline size_t shadow_leaf_room(uintptr_t addr) {
  return ((uintptr_t)1 << SHADOW_LEAF_BITS) - (addr & (((uintptr_t)1 << SHADOW_LEAF_BITS) - 1));
}

/* Implementation detail of the inline lookup (every access makes one). */
extern _Atomic(char *) *g_shadow_top;
void *shadow_cell_slow(uintptr_t addr); /* maps the leaf, or says why not */
static inline void *shadow_cell_in(char *leaf, uintptr_t addr) {
  size_t offset = addr & (((uintptr_t)1 << SHADOW_LEAF_BITS) - 1);
  return leaf + offset / SHADOW_GRANULE * SHADOW_CELL_BYTES;
}
static inline void *shadow_cell_if_mapped(uintptr_t addr) {
  if (__builtin_expect(addr >> SHADOW_ADDR_BITS, 0))
    return NULL;
  char *leaf = atomic_load_explicit(&g_shadow_top[addr >> SHADOW_LEAF_BITS], memory_order_acquire);
  return leaf ? shadow_cell_in(leaf, addr) : NULL;
}
static inline void *shadow_cell(uintptr_t addr) {
  if (__builtin_expect(!(addr >> SHADOW_ADDR_BITS), 1)) {
    char *leaf =
        atomic_load_explicit(&g_shadow_top[addr >> SHADOW_LEAF_BITS], memory_order_acquire);
    if (__builtin_expect(leaf != NULL, 1))
      return shadow_cell_in(leaf, addr);
  }
  return shadow_cell_slow(addr);
}

#endif
