/* Shadow memory: maps an application address to the 32-byte shadow cell of its 4-byte
 * granule. What a cell holds is the access history's business (history_cell.h).
 *
 * Mapping: a two-level trie over the 47-bit user address space. The top table has one
 * slot per 1 MiB of application memory; a slot points to a leaf holding that MiB's
 * cells (8 MiB), then the overflow indexes of the cells (1 MiB) and the overflow
 * entries they number (up to 8 MiB: what a cell rarely needs, packed in the order the
 * cells first needed it; history_more.h), mapped on first touch and aligned to
 * SHADOW_LEAF_ALIGN, so that a slot's address gives its leaf's start. The first half of
 * a leaf's cells are those of the first granules of its 8-byte words, in address
 * order, the second half those of the second granules: a word whose history lives in
 * its first cell alone (a double, a pointer: history_cell.h, pairs) never touches a
 * page of the second half, nor of the overflow while its history fits in the cell.
 * Both levels are reserved with MAP_NORESERVE, so only pages that hold cells cost
 * memory.
 * The total is capped by shadow_limit_mb; past the cap the tool says so once and stops
 * checking instead of dying. Leaves are shared anonymous memory (reserve.h says why),
 * so a forked child maps its own.
 */
#ifndef OMPRACER_SHADOW_H
#define OMPRACER_SHADOW_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SHADOW_GRANULE 4 /* application bytes per cell */
#define SHADOW_WORD 8    /* two granules: a first one and a second one */
#define SHADOW_CELL_BYTES 32
#define SHADOW_LEAF_BITS 20 /* application bytes per leaf: 1 MiB */
/* The bytes of a leaf's cells; its overflow indexes start there. */
#define SHADOW_CELLS_BYTES (((size_t)1 << SHADOW_LEAF_BITS) / SHADOW_GRANULE * SHADOW_CELL_BYTES)
/* From a leaf's start to its overflow entries: after the cells' 4-byte indexes. */
#define SHADOW_ENTRIES_OFFSET (SHADOW_CELLS_BYTES + SHADOW_CELLS_BYTES / SHADOW_CELL_BYTES * 4)
/* A leaf's size: its cells, their indexes, and room for an entry each plus entry 0
 * (history_more.h), to the page; and its alignment. */
#define SHADOW_LEAF_BYTES (SHADOW_ENTRIES_OFFSET + SHADOW_CELLS_BYTES + 4096)
#define SHADOW_LEAF_ALIGN ((size_t)32 << 20)
#define SHADOW_ADDR_BITS 47

int shadow_init(uint64_t limit_mb);
/* The leaf holding addr's cells (shadow_cell_in finds them), mapped if it was not; the
 * leaf serves while shadow_leaf_room() allows. NULL when the address is outside the
 * shadowed space or the shadow is out of room. */
static inline char *shadow_leaf(uintptr_t addr);
/* The cell of the granule holding addr (NULL as for shadow_leaf). */
static inline void *shadow_cell(uintptr_t addr);
/* Like shadow_leaf and shadow_cell, but never map a leaf: NULL where no history was
 * ever kept. */
static inline char *shadow_leaf_if_mapped(uintptr_t addr);
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

/* Cells from a word's first granule's cell to its second's. */
#define SHADOW_SECOND_CELLS (((size_t)1 << SHADOW_LEAF_BITS) / SHADOW_WORD)

/* The cell of the granule holding addr, in the leaf that holds it. */
static inline void *shadow_cell_in(char *leaf, uintptr_t addr) {
  size_t offset = addr & (((uintptr_t)1 << SHADOW_LEAF_BITS) - 1);
  size_t second = (offset / SHADOW_GRANULE) & 1;
  return leaf + (second * SHADOW_SECOND_CELLS + offset / SHADOW_WORD) * SHADOW_CELL_BYTES;
}

/* Implementation detail of the inline lookup (every access makes one). */
extern _Atomic(char *) *g_shadow_top;
char *shadow_leaf_slow(uintptr_t addr); /* maps the leaf, or says why not */
static inline char *shadow_leaf_if_mapped(uintptr_t addr) {
  if (__builtin_expect(addr >> SHADOW_ADDR_BITS, 0))
    return NULL;
  return atomic_load_explicit(&g_shadow_top[addr >> SHADOW_LEAF_BITS], memory_order_acquire);
}
static inline void *shadow_cell_if_mapped(uintptr_t addr) {
  char *leaf = shadow_leaf_if_mapped(addr);
  return leaf ? shadow_cell_in(leaf, addr) : NULL;
}
static inline char *shadow_leaf(uintptr_t addr) {
  if (__builtin_expect(!(addr >> SHADOW_ADDR_BITS), 1)) {
    char *leaf =
        atomic_load_explicit(&g_shadow_top[addr >> SHADOW_LEAF_BITS], memory_order_acquire);
    if (__builtin_expect(leaf != NULL, 1))
      return leaf;
  }
  return shadow_leaf_slow(addr);
}
static inline void *shadow_cell(uintptr_t addr) {
  char *leaf = shadow_leaf(addr);
  return leaf ? shadow_cell_in(leaf, addr) : NULL;
}
/* Asks the cache for the cells of the 128 application bytes from addr (rounded down to
 * 64): their first cells (8 lines), and the second cells of the 32 bytes from addr
 * itself (2 or 3 lines: the ints of the struct it points to, wherever the struct starts
 * in its line; from the line's start instead, the later ints of a struct that starts
 * inside its line were missed: BOTS health's 48-byte patients, from malloc). Bytes past the end of
 * addr's leaf are not covered (their lines are other shadow of the same leaf: a wasted hint). A
 * hint only: a prefetch reads nothing into the program, never faults and maps no page. The counts
 * are measured (BOTS health, docs/design.md, Performance design, "Pointer loads"). */
static inline void shadow_prefetch_cells(char *leaf, uintptr_t addr) {
  char *first = (char *)shadow_cell_in(leaf, addr & ~(uintptr_t)63);
  for (int line = 0; line < 8; line++)
    __builtin_prefetch(first + 64 * line);
  char *second =
      (char *)shadow_cell_in(leaf, addr & ~(uintptr_t)7) + SHADOW_SECOND_CELLS * SHADOW_CELL_BYTES;
  __builtin_prefetch(second);
  __builtin_prefetch(second + 64);
  __builtin_prefetch(second + 127);
}

#endif
