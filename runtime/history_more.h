/* A history slot's overflow (access.h, struct slot_more): its second read, second
 * write, pooled-entry head and last-update note, for the few slots that need them. Most
 * slots never do (a word's last write and last read: BOTS sort, health's pointers, the
 * reduction and stencil kernels), so their shadow is their 32 bytes.
 *
 * WHERE IT IS. A slot that needs an overflow takes an entry in its own leaf (or block
 * of the split pool: shadow.h), from the leaf's count (its entry 0), and keeps it for
 * the rest of the run: the entry's number lives in the slot's INDEX, a 4-byte word
 * after the leaf's cells (the index of the slot at byte offset o of the leaf is word
 * o / 32 there; a leaf is aligned, so the slot's address gives the leaf). An index is
 * written once, 0 to a number, under the slot's lock, before its SLOT_MORE is first
 * set; so a lock-free reader that sees SLOT_MORE (acquire) sees the index, and the
 * entry it names is never another slot's. A leaf has an entry for each of its slots, so
 * the count never runs out. The pages a program touches are then its cells, an eighth
 * as much of indexes, and entries for the slots that ever needed one, packed: where
 * the overflow lay beside each slot, BOTS fft's 6 % of cells that needed one kept 116
 * MB of overflow pages in memory.
 *
 * The slot's SLOT_MORE bit says whether the overflow is in use; while it is clear the
 * overflow reads as zero whatever its entry holds (a slot made empty by a new
 * generation or a forget clears the bit and keeps its entry). It is set under the cell
 * lock, once the entry has been zeroed, with a release that the lock-free readers'
 * acquire pairs with; after that the overflow's fields are written and read as the
 * slot's own fields are (history_common.h: ref_store, ref_load). */
#ifndef OMPRACER_HISTORY_MORE_H
#define OMPRACER_HISTORY_MORE_H

#include "access.h"
#include "shadow.h"

#include <stdatomic.h>
#include <string.h>

/* The overflow of what is read as empty (a slot whose SLOT_MORE is clear); read-only
 * memory, so that a write through it would fault instead of corrupting every slot. */
extern const struct slot_more g_slot_more_none;

/* The leaf (or split-pool block) holding a slot. */
static inline __attribute__((always_inline)) uintptr_t more_block(const struct history_slot *s) {
  return (uintptr_t)s & ~(uintptr_t)(SHADOW_LEAF_ALIGN - 1);
}

/* The slot's index word (0: no entry yet). */
static inline __attribute__((always_inline)) _Atomic uint32_t *
more_index(const struct history_slot *s) {
  uintptr_t block = more_block(s);
  size_t slot = ((uintptr_t)s - block) / sizeof(struct history_slot);
  return (_Atomic uint32_t *)(block + SHADOW_CELLS_BYTES) + slot;
}

/* Entry number i of a block (1-based; entry 0 holds the block's count). */
static inline __attribute__((always_inline)) struct slot_more *more_entry(uintptr_t block,
                                                                          uint32_t i) {
  return (struct slot_more *)(block + SHADOW_ENTRIES_OFFSET) + i;
}

/* The overflow of a slot whose SLOT_MORE the caller saw set (or holds the lock of). */
static inline __attribute__((always_inline)) struct slot_more *
more_at(const struct history_slot *s) {
  return more_entry(more_block(s), atomic_load_explicit(more_index(s), memory_order_relaxed));
}

static inline __attribute__((always_inline)) bool slot_has_more(const struct history_slot *s) {
  return atomic_load_explicit(&((struct history_slot *)s)->state, memory_order_acquire) & SLOT_MORE;
}

/* The overflow to read given the slot's state as loaded (acquire) by the caller. */
static inline __attribute__((always_inline)) const struct slot_more *
more_in(const struct history_slot *s, uint32_t state) {
  return (state & SLOT_MORE) ? more_at(s) : &g_slot_more_none;
}

/* The overflow to read (lock-free or locked): the slot's, or the empty one. */
static inline __attribute__((always_inline)) const struct slot_more *
more_of(const struct history_slot *s) {
  return more_in(s, atomic_load_explicit(&((struct history_slot *)s)->state, memory_order_acquire));
}

/* Gives a locked slot that has none an entry of its block (sets its index). */
__attribute__((noinline)) uint32_t more_take(struct history_slot *s);

/* The two below change the flag with a plain store, not a read-modify-write: the slot
 * is locked (its cell's lock; a byte's slot, its granule's), and while a cell is locked
 * its holder is the only writer of its state's bits (another thread's attempt to lock
 * it sets CELL_LOCKED, which is set already, and a byte's slot has no lock bit). */

/* The overflow to write, its slot locked: zeroed and marked in use first if it was
 * not. */
static inline __attribute__((always_inline)) struct slot_more *
more_for_write(struct history_slot *s) {
  uint32_t state = atomic_load_explicit(&s->state, memory_order_relaxed);
  if (state & SLOT_MORE)
    return more_at(s);
  uint32_t i = atomic_load_explicit(more_index(s), memory_order_relaxed);
  if (!i)
    i = more_take(s);
  struct slot_more *m = more_entry(more_block(s), i);
  memset(m, 0, sizeof *m);
  atomic_store_explicit(&s->state, state | SLOT_MORE, memory_order_release);
  return m;
}

/* Marks a locked slot's overflow unused (the slot is being emptied). */
static inline void more_drop(struct history_slot *s) {
  uint32_t state = atomic_load_explicit(&s->state, memory_order_relaxed);
  if (state & SLOT_MORE)
    atomic_store_explicit(&s->state, state & ~SLOT_MORE, memory_order_relaxed);
}

/* Empties a locked slot: its refs and its overflow (a cell's gen and lock stay). */
static inline void slot_clear(struct history_slot *s) {
  s->w = s->r1 = (struct access_ref){0, 0, 0};
  more_drop(s);
}

/* Gives a locked slot that no lock-free reader looks at (a byte's, when its granule is
 * split) src's refs and overflow as they are (pooled entries are the mode's business:
 * precise_copy duplicates them). */
static inline void slot_copy(struct history_slot *dst, const struct history_slot *src) {
  dst->w = src->w;
  dst->r1 = src->r1;
  if (slot_has_more(src))
    *more_for_write(dst) = *more_at(src);
  else
    more_drop(dst);
}

/* Sets a locked cell slot's last-update note (precise mode). */
static inline void slot_set_last_update(struct history_slot *s, uint32_t holder) {
  if (holder || slot_has_more(s))
    __atomic_store_n(&more_for_write(s)->last_update, holder, __ATOMIC_RELAXED);
}

/* The overflow's fields as read through more_of (head and last_update relaxed: the
 * lock-free readers compare them again after reading the refs). */
static inline __attribute__((always_inline)) uint32_t slot_head(const struct history_slot *s) {
  return slot_has_more(s) ? __atomic_load_n(&more_at(s)->head, __ATOMIC_RELAXED) : 0;
}
/* slot_head for a lock-free reader that read the slot's overflow as `more` (more_of or
 * more_in of this slot) before: a slot's entry, once it has one, is its entry for the
 * run, so while SLOT_MORE is set the head is read from `more` again, without the index. */
static inline __attribute__((always_inline)) uint32_t
slot_head_again(const struct history_slot *s, const struct slot_more *more) {
  if (!slot_has_more(s))
    return 0;
  return __atomic_load_n(more != &g_slot_more_none ? &more->head : &more_at(s)->head,
                         __ATOMIC_RELAXED);
}
static inline __attribute__((always_inline)) uint32_t
slot_last_update(const struct history_slot *s) {
  return slot_has_more(s) ? __atomic_load_n(&more_at(s)->last_update, __ATOMIC_RELAXED) : 0;
}

#endif
