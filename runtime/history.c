#include "history.h"

#include "history_cell.h"
#include "history_fast.h"
#include "history_precise.h"
#include "options.h"

int history_init(uint64_t shadow_limit_mb) {
  uint64_t quarter = (shadow_limit_mb << 20) / 4;
  return cells_init(quarter / sizeof(struct split_bytes)) ||
         (mode_precise() && precise_init(quarter / PRECISE_ENTRY_BYTES));
}

void history_reset(void) {
  cells_reset();
  precise_reset();
}

/* The access's bytes [lo, hi) of one granule. */
static void access_granule(struct granule_cell *g, uintptr_t granule, unsigned lo, unsigned hi,
                           const struct access_now *now, struct sp_cache *c, struct race_found *out,
                           unsigned *n, uint32_t gen, bool precise) {
  bool whole = lo == 0 && hi == SHADOW_GRANULE;
  if (whole && cell_whole_current(g, gen) &&
      (precise ? precise_already_recorded(
                     &g->whole, __atomic_load_n(&g->last_update, __ATOMIC_RELAXED), now, c)
               : fast_already_recorded(&g->whole, now, c)))
    return;
  uint32_t split = cell_lock(g, gen);
  if (!split && whole) {
    if (precise)
      __atomic_store_n(&g->last_update,
                       precise_access(&g->whole, granule, SHADOW_GRANULE, now, c, out, n),
                       __ATOMIC_RELAXED);
    else
      fast_access(&g->whole, granule, SHADOW_GRANULE, now, c, out, n);
  } else {
    struct split_bytes *s = cell_split(g, &split, precise ? precise_copy : fast_copy);
    for (unsigned b = lo; s && b < hi; b++) {
      if (precise)
        precise_access(&s->byte[b], granule + b, 1, now, c, out, n);
      else
        fast_access(&s->byte[b], granule + b, 1, now, c, out, n);
    }
  }
  cell_unlock(g, split);
}

unsigned history_access(uintptr_t addr, size_t size, const struct access_now *now,
                        struct sp_cache *cache, struct race_found *out) {
  unsigned n = 0;
  uint32_t gen = cells_generation();
  bool precise = mode_precise();
  uintptr_t end = addr + size;
  uintptr_t granule = addr & ~(uintptr_t)(SHADOW_GRANULE - 1);
  while (granule < end) {
    struct granule_cell *g = shadow_cell(granule);
    if (!g)
      return n;
    /* Walk the cells of this leaf without another trie lookup. */
    uintptr_t leaf_end = granule + shadow_leaf_room(granule);
    for (; granule < end && granule < leaf_end; granule += SHADOW_GRANULE, g++) {
      unsigned lo = addr > granule ? (unsigned)(addr - granule) : 0;
      unsigned hi = end < granule + SHADOW_GRANULE ? (unsigned)(end - granule) : SHADOW_GRANULE;
      access_granule(g, granule, lo, hi, now, cache, out, &n, gen, precise);
    }
  }
  return n;
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
    uint32_t split = cell_lock(g, gen);
    if (lo == 0 && hi == SHADOW_GRANULE) {
      if (precise && !split) {
        precise_forget(&g->whole);
      } else if (precise) {
        struct split_bytes *s = cell_split(g, &split, precise_copy);
        for (unsigned b = 0; b < SHADOW_GRANULE; b++)
          precise_forget(&s->byte[b]);
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
