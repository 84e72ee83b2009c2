#include "history.h"

#include "history_cell.h"
#include "history_common.h"
#include "history_fast.h"
#include "history_precise.h"
#include "options.h"

#include <string.h>

int history_init(uint64_t shadow_limit_mb) {
  uint64_t quarter = (shadow_limit_mb << 20) / 4;
  return cells_init(quarter / sizeof(struct split_bytes)) ||
         (mode_precise() && precise_init(quarter / PRECISE_ENTRY_BYTES));
}

void history_reset(void) {
  cells_reset();
  precise_reset();
}

/* One access's walk over its granules: what every granule's check needs. */
struct walk {
  const struct access_now *now;
  struct sp_cache *cache;
  struct race_found *out;
  unsigned n; /* races found so far */
  uint32_t gen;
  bool precise;
};

/* Whether a lock-free look shows that the access, covering the whole granule, is
 * recorded there already (the mode's test; false: don't know). Inlined: most accesses
 * of a loop end here. */
static inline __attribute__((always_inline)) bool
slot_recorded(struct history_slot *slot, unsigned last_update, const struct walk *w) {
  if (w->precise) {
    int lazy = precise_lazy_recorded(slot, w->now, w->cache);
    if (lazy >= 0)
      return lazy;
    return precise_already_recorded(slot, last_update, w->now, w->cache);
  }
  return fast_already_recorded(slot, w->now, w->cache);
}

/* The same for the bytes [lo, hi) of a split granule (an access to part of it: chars,
 * shorts, unaligned data; or a whole access to a granule split before), each byte's
 * slot by the mode's test. The per-byte slots stay where they are in the split pool
 * until the generation ends, and are written under the cell lock as whole slots are,
 * so the same lock-free reading applies; a byte slot has no last-update note (0). */
static __attribute__((noinline)) bool bytes_recorded(struct granule_cell *g, unsigned lo,
                                                     unsigned hi, const struct walk *w) {
  struct split_bytes *s = cell_split_current(g, w->gen);
  if (!s)
    return false;
  for (unsigned b = lo; b < hi; b++)
    if (!slot_recorded(&s->byte[b], 0, w))
      return false;
  return true;
}

static inline __attribute__((always_inline)) bool granule_recorded(struct granule_cell *g,
                                                                   const struct walk *w) {
  if (g->gen != w->gen)
    return false;
  uint32_t state = atomic_load_explicit(&g->state, memory_order_relaxed);
  if (state & CELL_FOLLOWS) /* its slot is stale: the pair's is the cell before */
    return false;
  if (CELL_SPLIT(state))
    return bytes_recorded(g, 0, SHADOW_GRANULE, w);
  return slot_recorded(&g->whole, __atomic_load_n(&g->last_update, __ATOMIC_RELAXED), w);
}

/* The first access to a granule in this generation, covering all of it, without a
 * lock (fast mode: any; precise mode: the empty lockset's family, the slot's own
 * entry). The slot holds no history: there is nothing to race with, and what either
 * algorithm records is this access alone in its kind's first ref (keep_pair on an
 * empty pair), with no pooled entry, no expansion (no pair to drop from) and no
 * holder (precise_access returns 0 for a lazy family). */
static inline bool first_whole(struct history_slot *slot, const struct walk *w) {
  if (w->precise && w->now->lockset)
    return false;
  ref_store(w->now->is_write ? &slot->w : &slot->r1, ref_of(w->now));
  return true;
}

/* The mode's algorithm on a locked cell's whole slot, for an access covering nbytes
 * from granule (one granule, or both of a pair). */
static inline void update_whole(struct granule_cell *g, uintptr_t granule, unsigned nbytes,
                                struct walk *w) {
  if (w->precise)
    __atomic_store_n(&g->last_update,
                     precise_access(&g->whole, granule, nbytes, w->now, w->cache, w->out, &w->n),
                     __ATOMIC_RELAXED);
  else
    fast_access(&g->whole, granule, nbytes, w->now, w->cache, w->out, &w->n);
}

/* The access's bytes [lo, hi) of one granule whose cell this thread has locked (split:
 * its split field, fresh: whether cell_lock_fresh emptied it). Returns the split field
 * to unlock with. */
static inline uint32_t update_locked(struct granule_cell *g, uintptr_t granule, unsigned lo,
                                     unsigned hi, uint32_t split, bool fresh, struct walk *w) {
  if (!split && lo == 0 && hi == SHADOW_GRANULE) {
    if (!(fresh && first_whole(&g->whole, w)))
      update_whole(g, granule, SHADOW_GRANULE, w);
    return split;
  }
  struct split_bytes *s = cell_split(g, &split, w->precise ? precise_copy : fast_copy);
  for (unsigned b = lo; s && b < hi; b++) {
    if (w->precise)
      precise_access(&s->byte[b], granule + b, 1, w->now, w->cache, w->out, &w->n);
    else
      fast_access(&s->byte[b], granule + b, 1, w->now, w->cache, w->out, &w->n);
  }
  return split;
}

/* Whether two locked, unsplit cells hold the same history (no pooled entries: those
 * are each slot's own). */
static inline bool same_history(const struct granule_cell *a, const struct granule_cell *b) {
  return !a->whole.head && !b->whole.head && a->last_update == b->last_update &&
         memcmp(&a->whole, &b->whole, sizeof a->whole) == 0;
}

/* Gives a locked, unsplit cell a copy of another's history (the mode's copy: pooled
 * entries are duplicated), storing each changed ref as ref_store does, for lock-free
 * readers that looked at the cell before. Its own slot holds no pooled entry. */
static void give_copy(struct granule_cell *to, const struct granule_cell *from, bool precise) {
  struct history_slot copy;
  (precise ? precise_copy : fast_copy)(&copy, &from->whole);
  const struct access_ref *src[4] = {&copy.w, &copy.r1, &copy.r2, &copy.w2};
  struct access_ref *dst[4] = {&to->whole.w, &to->whole.r1, &to->whole.r2, &to->whole.w2};
  for (unsigned k = 0; k < 4; k++)
    if (memcmp(dst[k], src[k], sizeof *src[k]) != 0)
      ref_store(dst[k], *src[k]);
  __atomic_store_n(&to->whole.head, copy.head, __ATOMIC_RELAXED);
  __atomic_store_n(&to->last_update, from->last_update, __ATOMIC_RELAXED);
}

/* ---- Pairs (history_cell.h): the two granules of an aligned 8-byte word in one cell. */

static inline bool pair_start(uintptr_t granule) {
  return !(granule & (2 * SHADOW_GRANULE - 1));
}

/* Ends the pair whose first cell is g, if it still is one: the second cell gets its
 * own copy of the pair's history. Locks both, in address order as every walk does. */
static __attribute__((noinline)) void unpair(struct granule_cell *g, uint32_t gen, bool precise) {
  uint32_t s0 = cell_lock(g, gen);
  uint32_t s1 = cell_lock(g + 1, gen);
  if ((s0 & CELL_PAIRED) && (s1 & CELL_FOLLOWS)) {
    give_copy(g + 1, g, precise);
    s0 &= ~CELL_PAIRED;
    s1 &= ~CELL_FOLLOWS;
  }
  cell_unlock(g + 1, s1);
  cell_unlock(g, s0);
}

/* cell_lock_fresh for a cell to be updated on its own: a pair it is in ends first. */
static uint32_t cell_lock_alone(struct granule_cell *g, uint32_t gen, bool *fresh, bool precise) {
  for (;;) {
    uint32_t s = cell_lock_fresh(g, gen, fresh);
    if (!(s & CELL_PAIR_FLAGS))
      return s;
    cell_unlock(g, s);
    unpair(s & CELL_PAIRED ? g : g - 1, gen, precise);
  }
}

/* An access covering both granules of a pair (g: its first cell): the one update of
 * the pair's history, over both granules, is the update each of two cells holding that
 * history would get (update_pair says why), and the races it finds cover both. When it
 * gives the history a pooled entry (each slot's own) the pair ends. False when g is no
 * longer a pair's first cell (the caller then goes the usual way). */
static __attribute__((noinline)) bool update_paired(struct granule_cell *g, uintptr_t granule,
                                                    struct walk *w) {
  bool fresh;
  uint32_t s = cell_lock_fresh(g, w->gen, &fresh);
  if (!(s & CELL_PAIRED)) {
    cell_unlock(g, s);
    return false;
  }
  update_whole(g, granule, 2 * SHADOW_GRANULE, w);
  if (g->whole.head) {
    uint32_t s1 = cell_lock(g + 1, w->gen);
    give_copy(g + 1, g, w->precise);
    cell_unlock(g + 1, s1 & ~CELL_FOLLOWS);
    s &= ~CELL_PAIRED;
  }
  cell_unlock(g, s);
  return true;
}

/* The access's bytes [lo, hi) of one granule, under the cell's lock: out of line, so
 * that the loop over granules keeps a small frame when nothing is to be updated. */
static __attribute__((noinline)) void update_granule(struct granule_cell *g, uintptr_t granule,
                                                     unsigned lo, unsigned hi, struct walk *w) {
  bool fresh;
  uint32_t split = cell_lock_alone(g, w->gen, &fresh, w->precise);
  cell_unlock(g, update_locked(g, granule, lo, hi, split, fresh, w));
}

/* Two consecutive granules that the access covers whole and that both need the lock
 * (an 8-byte access: a double, a pointer). Both cells are locked (in address order, as
 * every walk locks: no deadlock). When they hold the same history (or none yet), the
 * update of the second is the update of the first: the algorithm is a function of the
 * slot, the access and isParallel's answers (which the locks keep from changing between
 * the two for this pair of cells: the second is updated as if at the same instant, a
 * schedule the locks allow), and a race it finds is found in both granules. So the
 * first is updated once, over both granules; when they are an aligned word and the
 * update made no pooled entry they become a pair (history_cell.h), else the second gets
 * a copy. Otherwise each gets its own update. Saves the second run of the algorithm,
 * and, once paired, the second cache line. */
static __attribute__((noinline)) void update_pair(struct granule_cell *g, uintptr_t granule,
                                                  struct walk *w) {
  bool fresh0, fresh1;
  uint32_t split0 = cell_lock_alone(g, w->gen, &fresh0, w->precise);
  uint32_t split1 = cell_lock_alone(g + 1, w->gen, &fresh1, w->precise);
  bool unsplit = !split0 && !split1;
  if (unsplit && ((fresh0 && fresh1) || (!fresh0 && !fresh1 && same_history(g, g + 1)))) {
    if (!(fresh0 && first_whole(&g->whole, w)))
      update_whole(g, granule, 2 * SHADOW_GRANULE, w);
    if (pair_start(granule) && !g->whole.head) {
      split1 = CELL_FOLLOWS;
      split0 = CELL_PAIRED;
    } else {
      give_copy(g + 1, g, w->precise);
    }
  } else {
    split0 = update_locked(g, granule, 0, SHADOW_GRANULE, split0, fresh0, w);
    split1 = update_locked(g + 1, granule + SHADOW_GRANULE, 0, SHADOW_GRANULE, split1, fresh1, w);
  }
  cell_unlock(g + 1, split1);
  cell_unlock(g, split0);
}

unsigned history_access(uintptr_t addr, size_t size, const struct access_now *now,
                        struct sp_cache *cache, struct race_found *out) {
  struct walk w = {now, cache, out, 0, cells_generation(), mode_precise()};
  uintptr_t end = addr + size;
  uintptr_t granule = addr & ~(uintptr_t)(SHADOW_GRANULE - 1);
  while (granule < end) {
    struct granule_cell *g = shadow_cell(granule);
    if (!g)
      return w.n;
    /* Walk the cells of this leaf without another trie lookup. */
    uintptr_t stop = granule + shadow_leaf_room(granule);
    if (end < stop)
      stop = end;
    for (; granule < stop; granule += SHADOW_GRANULE, g++) {
      if (granule >= addr && granule + SHADOW_GRANULE <= end) {
        /* A pair's first cell, the access covering both: one cell holds both's history. */
        if ((cell_pair_flags(g, w.gen) & CELL_PAIRED) && granule + 2 * SHADOW_GRANULE <= end &&
            (granule_recorded(g, &w) || update_paired(g, granule, &w))) {
          granule += SHADOW_GRANULE;
          g++;
          continue;
        }
        if (granule_recorded(g, &w))
          continue;
        /* The next granule too, whole, in this leaf, not recorded: update both. */
        if (granule + 2 * SHADOW_GRANULE <= stop && !granule_recorded(g + 1, &w)) {
          update_pair(g, granule, &w);
          granule += SHADOW_GRANULE;
          g++;
          continue;
        }
        update_granule(g, granule, 0, SHADOW_GRANULE, &w);
        continue;
      }
      unsigned lo = addr > granule ? (unsigned)(addr - granule) : 0;
      unsigned hi = end < granule + SHADOW_GRANULE ? (unsigned)(end - granule) : SHADOW_GRANULE;
      if (!bytes_recorded(g, lo, hi, &w))
        update_granule(g, granule, lo, hi, &w);
    }
  }
  return w.n;
}

/* Empties a slot; in precise mode its entries go back to this thread's free list. */
static void forget_slot(struct history_slot *slot, bool precise) {
  if (precise)
    precise_forget(slot);
  *slot = (struct history_slot){0};
}

/* Forgets the granules of one leaf's worth of [addr, end). */
static void forget_in_leaf(struct granule_cell *g, uintptr_t granule, uintptr_t addr, uintptr_t end,
                           uint32_t gen, bool precise) {
  for (; granule < end; granule += SHADOW_GRANULE, g++) {
    if (g->gen != gen)
      continue;
    unsigned lo = addr > granule ? (unsigned)(addr - granule) : 0;
    unsigned hi = end < granule + SHADOW_GRANULE ? (unsigned)(end - granule) : SHADOW_GRANULE;
    bool fresh;
    uint32_t split = cell_lock_alone(g, gen, &fresh, precise);
    if (lo == 0 && hi == SHADOW_GRANULE) {
      if (precise && !split) {
        precise_forget(&g->whole);
      } else if (split) {
        struct split_bytes *s = cell_split(g, &split, precise_copy);
        for (unsigned b = 0; precise && b < SHADOW_GRANULE; b++)
          precise_forget(&s->byte[b]);
        cell_unsplit(split);
      }
      g->gen = 0;
      split = 0;
    } else {
      /* A granule shared with a live neighbour: forget only the fresh bytes. */
      struct split_bytes *s = cell_split(g, &split, precise ? precise_copy : fast_copy);
      for (unsigned b = lo; s && b < hi; b++)
        forget_slot(&s->byte[b], precise);
    }
    cell_unlock(g, split);
  }
}

void history_forget(uintptr_t addr, size_t size) {
  uint32_t gen = cells_generation();
  bool precise = mode_precise();
  uintptr_t end = addr + size;
  uintptr_t granule = addr & ~(uintptr_t)(SHADOW_GRANULE - 1);
  while (granule < end) {
    uintptr_t leaf_end = granule + shadow_leaf_room(granule);
    uintptr_t stop = end < leaf_end ? end : leaf_end;
    /* Only leaves that exist can hold history: skip the others whole. */
    struct granule_cell *g = shadow_cell_if_mapped(granule);
    if (g)
      forget_in_leaf(g, granule, addr, stop, gen, precise);
    granule = leaf_end;
  }
}
