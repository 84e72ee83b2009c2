#include "history.h"

#include "history_access.h"

#include <string.h>

int history_init(uint64_t shadow_limit_mb) {
  uint64_t quarter = (shadow_limit_mb << 20) / 4;
  /* A split granule's byte slots and their overflow (history_cell.h, the split pool). */
  return cells_init(quarter / (2 * sizeof(struct split_bytes))) ||
         (mode_precise() && precise_init(quarter / PRECISE_ENTRY_BYTES));
}

void history_reset(void) {
  cells_reset();
  precise_reset();
  history_repeats_forgotten();
}

void history_atfork_child(void) {
  history_repeats_forgotten();
}

/* Empties a slot; in precise mode its entries go back to this thread's free list. */
static void forget_slot(struct history_slot *slot, bool precise) {
  if (precise)
    precise_forget(slot);
  slot_clear(slot);
}

/* Empties a locked cell's history, whole or split (its split slots go back to the
 * pool); returns the split field to unlock with (0). */
static uint32_t forget_cell(struct granule_cell *g, uint32_t split, bool precise) {
  if (split) {
    struct split_bytes *s = cell_split(g, &split, precise_copy);
    for (unsigned b = 0; precise && b < SHADOW_GRANULE; b++)
      precise_forget(&s->byte[b]);
    cell_unsplit(split);
  }
  forget_slot(&g->whole, precise); /* its last-update note too (the overflow) */
  return 0;
}

/* Forgets a whole current word: both cells old, the second first (history_cell.h). A
 * paired word's second cell is old already (history_cell.h) and is not read: reading
 * it would bring a page of second cells into memory for memory holding only whole
 * words (every forgotten block of doubles or pointers). */
static void forget_word(struct granule_cell *first, uint32_t gen, bool precise) {
  struct granule_cell *second = second_of(first);
  uint32_t s0 = cell_lock(first, gen);
  if (!(s0 & CELL_PAIRED)) {
    forget_cell(second, cell_lock(second, gen), precise);
    second->gen = 0;
    cell_unlock(second, 0);
  }
  forget_cell(first, s0 & ~CELL_PAIRED, precise);
  first->gen = 0;
  cell_unlock(first, 0);
}

/* Forgets the bytes [lo, hi) of one granule of a current word (second: which one). A
 * first cell stays current, with an empty history, since its second may be. */
static void forget_half(struct granule_cell *first, bool second, unsigned lo, unsigned hi,
                        uint32_t gen, bool precise) {
  bool fresh;
  struct granule_cell *g = second ? second_of(first) : first;
  uint32_t split = second ? lock_second_alone(first, gen, &fresh, precise)
                          : lock_first_alone(first, gen, &fresh, precise);
  if (lo == 0 && hi == SHADOW_GRANULE) {
    split = forget_cell(g, split, precise);
    if (second)
      g->gen = 0;
  } else {
    /* A granule shared with a live neighbour: forget only the fresh bytes. */
    struct split_bytes *s = cell_split(g, &split, precise ? precise_copy : fast_copy);
    for (unsigned b = lo; s && b < hi; b++)
      forget_slot(&s->byte[b], precise);
  }
  cell_unlock(g, split);
}

/* Forgets one leaf's worth of [addr, end) (granule: where it starts). */
static void forget_in_leaf(char *leaf, uintptr_t granule, uintptr_t addr, uintptr_t end,
                           uint32_t gen, bool precise) {
  while (granule < end) {
    bool second = granule & SHADOW_GRANULE;
    struct granule_cell *first = shadow_cell_in(leaf, word_of(granule));
    if (first->gen != gen) { /* an empty word: nothing to forget */
      granule = word_of(granule) + SHADOW_WORD;
      continue;
    }
    if (!second && granule >= addr && granule + SHADOW_WORD <= end) {
      forget_word(first, gen, precise);
      granule += SHADOW_WORD;
      continue;
    }
    unsigned lo = addr > granule ? (unsigned)(addr - granule) : 0;
    unsigned hi = end < granule + SHADOW_GRANULE ? (unsigned)(end - granule) : SHADOW_GRANULE;
    forget_half(first, second, lo, hi, gen, precise);
    granule += SHADOW_GRANULE;
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
    char *leaf = shadow_leaf_if_mapped(granule);
    if (leaf)
      forget_in_leaf(leaf, granule, addr, stop, gen, precise);
    granule = leaf_end;
  }
  history_repeats_forgotten();
}
