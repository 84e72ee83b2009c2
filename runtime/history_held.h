/* The first test of a 1- or 2-byte access, inlined into its hooks: whether the bytes
 * of a granule already split into per-byte slots (history_cell.h) hold this very
 * access (same strand, site and iteration) in their slots' own entries. Then either
 * mode's algorithm would change nothing and find nothing (history_access's lock-free
 * checks answer "recorded" for it too: the fast slot's test, and precise mode's while
 * the empty lockset's family is lazy), so the access returns before any call. A task
 * that searches a board of chars it owns ends here on most of its reads. Wider
 * accesses skip this test: on whole granules "held" is the rarer answer, and testing
 * it first cost more than it saved (BOTS health, sort, strassen). "No" means "don't
 * know": history_access decides. */
#ifndef OMPRACER_HISTORY_HELD_H
#define OMPRACER_HISTORY_HELD_H

#include "history_cell.h"
#include "history_common.h"
#include "history_precise.h"

/* One byte slot: its own entries of the access's kind name it (an expanded precise
 * family also keeps entries per owner, which this test does not read). */
static inline __attribute__((always_inline)) bool
byte_slot_holds(const struct history_slot *s, struct access_ref me, bool is_write) {
  if (__atomic_load_n(&s->head, __ATOMIC_RELAXED) & HEAD_EXPANDED)
    return false;
  if (is_write)
    return ref_holds(&s->w, me) || ref_holds(&s->w2, me);
  return ref_holds(&s->r1, me) || ref_holds(&s->r2, me);
}

/* Whether [addr, addr + size), size 1 or 2 within one granule, holds `now` (an access
 * of the empty lockset, not atomic). Never maps shadow. */
static inline __attribute__((always_inline)) bool history_bytes_held(uintptr_t addr, unsigned size,
                                                                     const struct access_now *now) {
  unsigned lo = addr & (SHADOW_GRANULE - 1);
  if (lo + size > SHADOW_GRANULE)
    return false;
  struct granule_cell *g = shadow_cell_if_mapped(addr);
  if (!g)
    return false;
  struct split_bytes *s = cell_split_current(g, cells_generation());
  struct access_ref me = ref_of(now);
  return s && byte_slot_holds(&s->byte[lo], me, now->is_write) &&
         (size == 1 || byte_slot_holds(&s->byte[lo + 1], me, now->is_write));
}

#endif
