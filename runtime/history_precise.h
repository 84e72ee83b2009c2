/* Precise-mode access history (seed Algorithm 20): per history slot (a granule or
 * a byte of one, history_cell.h), a list of entries, one per (lockset, node) where node
 * is the OSPG root or an ST-node on the accessing strand's path; each entry keeps two
 * parallel writes and two parallel reads. An access races with an entry's accesses
 * when their locksets are disjoint and isParallel (Algorithm 1) says so.
 *
 * Lazily: the accesses of one lockset on one slot keep only the root's entry until
 * the read or write pair would drop an access parallel with the one it keeps while
 * some task exists; only then do they get the ST-node entries (seeded with what the
 * root's entry holds). Why no race is lost: history_precise.c, "Lazy entries". A
 * program whose accesses to each location are ordered or pairwise parallel pays fast
 * mode's memory and about its time.
 *
 * Memory: the entry of the empty lockset under the root is the slot itself (in the
 * granule's cell, access.h); the others are 64 bytes each, from one pool bounded by
 * shadow_limit_mb / 4; entries of memory that becomes fresh (a new stack frame or heap
 * block) are reused. A full pool
 * is reported once; from then on accesses are still checked against the entries that
 * exist, but new entries are not made (races with later accesses may be missed). */
#ifndef OMPRACER_HISTORY_PRECISE_H
#define OMPRACER_HISTORY_PRECISE_H

#include "access.h"
#include "history_common.h"
#include "sp_query.h"

int precise_init(uint64_t max_entries);
void precise_reset(void);
/* Algorithm 20 on one history slot covering nbytes from addr. Returns which of the
 * slot's own refs (PRECISE_HOLDER_*) now holds the access when its family is expanded,
 * it had no lock and every entry of its owners was updated; 0 otherwise. */
unsigned precise_access(struct history_slot *slot, uintptr_t addr, unsigned nbytes,
                        const struct access_now *now, struct sp_cache *c, struct race_found *out,
                        unsigned *n);
/* Whether this strand already made this very access to the slot, or (lazy families)
 * it is covered as in fast mode: a lock-free check of the common cases; false means
 * "don't know". last_update: what precise_access returned for the slot's last update
 * (an expanded family's repeated access below ST-nodes returns at once). */
bool precise_already_recorded(struct history_slot *slot, unsigned last_update,
                              const struct access_now *now, struct sp_cache *c);
enum { PRECISE_HOLDER_W1 = 1, PRECISE_HOLDER_W2, PRECISE_HOLDER_R1, PRECISE_HOLDER_R2 };
/* A slot's head: in its top bit, whether the empty lockset's family is expanded; in
 * HEAD_OWN_ATOMIC, that the slot's own refs are the root entry of the atomics' family
 * instead (history_precise.c, "Atomics in the slot's own entry"). */
#define HEAD_EXPANDED 0x80000000u
#define HEAD_OWN_ATOMIC 0x20000000u
/* In the head: whether a pooled entry may hold a write (history_precise.c). */
#define HEAD_WRITTEN 0x40000000u

/* precise_already_recorded where most accesses end, inlined into the access path: the
 * empty lockset's family while it is lazy (its root entry, the slot's own refs, is the
 * whole family: history_precise.c, "Lazy entries"). The slot's own entry already holds
 * the access; or, while no ST-node exists (Algorithm 1 then answers as Algorithm 18),
 * its reads cover this read as in fast mode (reads_seen) and neither write races with
 * it. Returns -1 when the access is not of a lazy empty-lockset family (then ask
 * precise_already_recorded), else whether it is recorded. Lock-free. more: the slot's
 * overflow as the caller read it (more_of, or more_in with the state it loaded). onward
 * as fast_already_recorded's (NULL, or false on entry; set only when it returns 1). */
static inline __attribute__((always_inline)) int
precise_lazy_recorded(const struct history_slot *slot, const struct slot_more *more,
                      const struct access_now *now, struct sp_cache *c, bool *onward) {
  uint32_t head = __atomic_load_n(&more->head, __ATOMIC_RELAXED);
  if (now->lockset || (head & (HEAD_EXPANDED | HEAD_OWN_ATOMIC)))
    return -1;
  /* "Held" needs no more: an entry naming this plain access is the empty lockset's. */
  struct access_ref me = ref_of(now);
  if (now->is_write)
    return ref_holds(&slot->w, me) || ref_holds(&more->w2, me);
  bool covered_onward = false;
  enum read_seen seen = reads_seen(c, &slot->r1, &more->r2, me, ospg_st_nodes_matter(),
                                   onward ? &covered_onward : NULL);
  if (seen != READ_COVERED)
    return seen == READ_HELD;
  struct access_ref w1 = ref_load(&slot->w), w2 = ref_load(&more->w2);
  if ((w1.node && conflicts(c, now, w1)) || (w2.node && conflicts(c, now, w2)))
    return 0;
  /* "Covered" reads other accesses' refs: they were the empty lockset's if the head is
   * unchanged (the atomics' family moves in only while the head reads 0, and out only
   * with a pooled entry linked: history_precise.c, "Atomics in the slot's own entry"). */
  __atomic_thread_fence(__ATOMIC_ACQUIRE);
  if (slot_head_again(slot, more) != head)
    return 0;
  if (onward)
    *onward = covered_onward && write_apart_onward(c, w1) && write_apart_onward(c, w2);
  return 1;
}

/* precise_access's most common update, inlined into the access path (history_access.h,
 * update_whole): an access holding no lock to a slot whose empty-lockset family is
 * lazy and alone (no pooled entry, not expanded, not the atomics': a head of 0 or
 * HEAD_WRITTEN), which races with none of the slot's refs and would not expand the
 * family. precise_access's lazy path (lazy_own_access) then
 * notes nothing, checks no pooled entry and only keeps the pair of the access's kind:
 * keep_pair_known with the same isParallel answers. Returns false, having changed
 * nothing, in every other case (then precise_access, which asks the memoised answers
 * again); true means precise_access would have returned 0 (no holder). The cell is
 * locked; more: more_of the slot. */
static inline __attribute__((always_inline)) bool precise_lazy_update(struct history_slot *slot,
                                                                      const struct slot_more *more,
                                                                      const struct access_now *now,
                                                                      struct sp_cache *c) {
  if (now->lockset || (more->head & ~HEAD_WRITTEN))
    return false;
  if (parallel_with(c, slot->w) || parallel_with(c, more->w2))
    return false; /* a race (or two atomics): precise_access decides */
  bool p1 = parallel_with(c, slot->r1), p2 = parallel_with(c, more->r2);
  if (now->is_write) {
    if (p1 || p2)
      return false; /* the same */
    p1 = p2 = false;
  } else if (slot->r1.node && more->r2.node && p1 && p2 && ospg_st_nodes_matter()) {
    return false; /* the family expands (drops_unordered) */
  }
  keep_slot_pair_known(c, slot, more, now->is_write, ref_of(now), p1, p2);
  return true;
}
/* Pooled entries taken from the pool so far (entries reused from freed memory are not
 * counted again): how much Algorithm 20 beyond the slots' own entries cost. */
uint64_t precise_entries_taken(void);
/* How many entries were vacated: folded into a sealed group's ("Folding") or merged
 * into another finished child's ("Merging"). */
uint64_t precise_entries_folded(void);
/* Frees a slot's entries for reuse by this thread (the slot's memory is fresh). */
void precise_forget(struct history_slot *slot);
/* Gives dst, a slot no lock-free reader looks at, its own copy of src's entries (when
 * a granule is split into bytes). */
void precise_copy(struct history_slot *dst, const struct history_slot *src);
/* The head of a copy of src's pooled entries (duplicates, with src's head flags). */
uint32_t precise_copy_head(const struct history_slot *src);
#define PRECISE_ENTRY_BYTES 64

#endif
