/* The first test of a 1- or 2-byte access or a range (memory intrinsics, the pass's
 * loop ranges), inlined into its hooks: whether the bytes of granules already split
 * into per-byte slots (history_cell.h) hold this very access (same strand, site and
 * iteration; for a read, also one that would only rename its entry) in their slots'
 * own entries. Then either mode's algorithm would find nothing and change nothing but
 * the name of a read's site (history_access's lock-free checks answer "recorded" for
 * it too: the fast slot's test, and precise mode's while the empty lockset's family is
 * lazy), so the access returns before any call. A task that searches a board of chars
 * it owns ends here on most of its reads, and on most of the ranges the pass makes of
 * its search loops. 4- and 8-byte accesses skip this test: on whole granules "held" is
 * the rarer answer, and testing it first cost more than it saved (BOTS health, sort,
 * strassen). "No" means "don't know": history_access decides. */
#ifndef OMPRACER_HISTORY_HELD_H
#define OMPRACER_HISTORY_HELD_H

#include "history_cell.h"
#include "history_common.h"
#include "history_precise.h"

/* One byte slot: its own entries of the access's kind name it (reads as reads_seen's
 * READ_HELD: also a read of the same strand and iteration at another site that would
 * only rename the entry; an expanded precise family also keeps entries per owner,
 * which this test does not read). */
static inline __attribute__((always_inline)) bool
byte_slot_holds(const struct history_slot *s, struct access_ref me, bool is_write) {
  const struct slot_more *m = more_of(s);
  if (__atomic_load_n(&m->head, __ATOMIC_RELAXED) & HEAD_EXPANDED)
    return false;
  if (is_write)
    return ref_holds(&s->w, me) || ref_holds(&m->w2, me);
  /* held_only: reads_seen answers without queries, so it needs no cache */
  return reads_seen(NULL, &s->r1, &m->r2, me, true, NULL) == READ_HELD;
}

/* Bytes a range may span for the test below: a longer one that fails late would have
 * tested many bytes for nothing. */
#define HELD_SPAN_MAX 256

/* Whether [addr, addr + size), all of it in granules already split, holds `now` (an
 * access of the empty lockset, not atomic). Never maps shadow. */
static inline __attribute__((always_inline)) bool history_bytes_held(uintptr_t addr, uint64_t size,
                                                                     const struct access_now *now) {
  if (size > HELD_SPAN_MAX)
    return false;
  uint32_t gen = cells_generation();
  struct access_ref me = ref_of(now);
  uintptr_t end = addr + size;
  for (uintptr_t granule = addr & ~(uintptr_t)(SHADOW_GRANULE - 1); granule < end;
       granule += SHADOW_GRANULE) {
    struct granule_cell *g = shadow_cell_if_mapped(granule);
    struct split_bytes *s = g ? cell_split_current(g, gen) : NULL;
    if (!s)
      return false;
    unsigned lo = addr > granule ? (unsigned)(addr - granule) : 0;
    unsigned hi = end < granule + SHADOW_GRANULE ? (unsigned)(end - granule) : SHADOW_GRANULE;
    for (unsigned b = lo; b < hi; b++)
      if (!byte_slot_holds(&s->byte[b], me, now->is_write))
        return false;
  }
  return true;
}

#endif
