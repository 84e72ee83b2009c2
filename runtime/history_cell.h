/* The granule cell: what the shadow holds for each 4-byte granule of application
 * memory, whatever algorithm fills it, in 32 bytes (its slot's overflow lies elsewhere:
 * history_more.h). A cell keeps ONE history slot while every access
 * to the granule has covered all of it (ints, floats, pointers, doubles: the common
 * case). The first access to only part of a granule splits it: its slot is copied into
 * four per-byte slots kept in a side pool, and the granule stays split, so two strands
 * writing different bytes of one word never meet (byte-exact).
 *
 * WORDS AND PAIRS. The shadow gives the two granules of an aligned 8-byte word a first
 * and a second cell (shadow.h: in the two halves of a leaf's cells). While the word
 * is PAIRED (CELL_PAIRED in its first cell) both granules have one history, the first
 * cell's slot, and the second cell is not read or written: an access to a whole double
 * or pointer takes one cell, half a cache line and one lock, and memory holding only
 * such words never touches the pages of second cells. history_access.c pairs a word when its two
 * granules would hold the same history anyway (both empty, or equal) and gives the
 * second cell a copy again (unpairs) before anything would make them differ (an access
 * to one half); a paired word's pooled entries hang from the first cell's slot. The
 * history of a word's second granule is therefore: empty if the first cell is of an
 * older generation (a second cell is never current while its first is not: every
 * update of a second granule brings the first cell into the generation first, and
 * forgetting a word makes the second cell old first); the first cell's slot if the word
 * is paired; else the second cell's (empty if old). The flag changes only with the
 * first cell locked, and pairing and unpairing also lock the second, so holding the
 * second cell's lock keeps the word from being paired. Pairing makes the second cell
 * old, so a CURRENT SECOND CELL MEANS AN UNPAIRED WORD WITH A CURRENT FIRST CELL (while
 * nobody holds the second's lock): an access to a word's second granule alone (the
 * second int of a struct) reads and locks its second cell only, not the first's cache
 * line as well (history_access.h, second_current).
 *
 * Each cell carries the generation it was written in; cells_reset() starts a new
 * generation (after an outermost parallel region), which empties every cell at once
 * without touching memory. Updates of a cell are serialised by a spin lock in the cell
 * itself: the lock's cache line is the one the update writes anyway. Two neighbouring
 * words' first cells share a line (as do their second cells), so threads updating
 * neighbouring words contend for it, as their own stores do for the words' line (which
 * holds eight such words). */
#ifndef OMPRACER_HISTORY_CELL_H
#define OMPRACER_HISTORY_CELL_H

#include "access.h"
#include "history_more.h"
#include "shadow.h"

#include <sched.h>
#include <stdatomic.h>
#include <stddef.h>
#include <string.h>

struct granule_cell {
  union {
    struct history_slot whole; /* the history while not split */
    struct {                   /* the slot's cell-only words, named as the cell's */
      struct access_ref unused_w, unused_r1;
      uint32_t gen;           /* generation of the contents; older means empty */
      _Atomic uint32_t state; /* CELL_LOCKED | CELL_PAIRED | SLOT_MORE | (0: not split;
                                 else 1 + split index) */
    };
  };
};
#define CELL_LOCKED 0x80000000u
#define CELL_PAIRED 0x40000000u    /* a word's first cell: its slot is both granules' */
#define CELL_SPLIT_MAX 0x1fffffffu /* split indexes stay below the flags (SLOT_MORE) */
#define CELL_SPLIT(state) ((state) & CELL_SPLIT_MAX)
_Static_assert(sizeof(struct granule_cell) == SHADOW_CELL_BYTES, "cell size");
_Static_assert(offsetof(struct granule_cell, gen) == offsetof(struct history_slot, gen) &&
                   offsetof(struct granule_cell, state) == offsetof(struct history_slot, state),
               "a cell's words are its slot's");
_Static_assert(sizeof(struct slot_more) <= SHADOW_CELL_BYTES, "overflow size");
_Static_assert(SLOT_MORE > CELL_SPLIT_MAX && !(SLOT_MORE & (CELL_LOCKED | CELL_PAIRED)), "flags");

struct split_bytes {
  struct history_slot byte[SHADOW_GRANULE];
};

/* The split pool is laid out in blocks, one every SHADOW_LEAF_ALIGN bytes, each laid
 * out as a leaf is: the byte slots of SPLIT_PER_BLOCK granules where a leaf's cells
 * are, then their overflows' indexes and entries (history_more.h). The per-byte slots
 * of split index `split` (1 + pool index): */
#define SPLIT_PER_BLOCK (SHADOW_CELLS_BYTES / sizeof(struct split_bytes))
static inline struct split_bytes *split_at(uint32_t split) {
  extern char *g_split_pool;
  size_t i = split - 1;
  return (struct split_bytes *)(g_split_pool + i / SPLIT_PER_BLOCK * SHADOW_LEAF_ALIGN) +
         i % SPLIT_PER_BLOCK;
}

/* Reserves the split pool (room for `split_granules` split granules). */
int cells_init(uint64_t split_granules);
/* Starts a new generation: every cell and the split pool read as empty. */
void cells_reset(void);
/* Read on every access: inline. */
static inline uint32_t cells_generation(void) {
  extern _Atomic uint32_t g_cells_gen;
  return atomic_load_explicit(&g_cells_gen, memory_order_relaxed);
}

/* Whether a word's first cell is current and paired. Acquire: a check that finds the
 * word no longer paired sees the copy its second cell got (cell_unlock's release). */
static inline __attribute__((always_inline)) bool cell_paired(struct granule_cell *first,
                                                              uint32_t gen) {
  uint32_t s = atomic_load_explicit(&first->state, memory_order_acquire);
  return first->gen == gen && (s & CELL_PAIRED);
}

/* Locks a cell as it is; returns its state before (its split field and pair flag;
 * not SLOT_MORE, which the slot's own writers keep: cell_unlock). */
static inline uint32_t cell_lock_raw(struct granule_cell *g) {
  uint32_t s;
  for (;;) {
    s = atomic_fetch_or_explicit(&g->state, CELL_LOCKED, memory_order_acquire);
    if (!(s & CELL_LOCKED))
      return s & ~SLOT_MORE;
    /* A holder is only a few instructions from unlocking, unless it was descheduled
     * (more threads than cores): then spinning burns the rest of our time slice. */
    for (unsigned spins = 0; atomic_load_explicit(&g->state, memory_order_relaxed) & CELL_LOCKED;
         spins++) {
      if (spins < 64)
        __builtin_ia32_pause();
      else
        sched_yield();
    }
  }
}

/* Locks a cell and brings it into generation gen (emptying it if it is older); returns
 * its split field (stable while locked). *fresh: whether it was older (now empty). */
static inline __attribute__((always_inline)) uint32_t cell_lock_fresh(struct granule_cell *g,
                                                                      uint32_t gen, bool *fresh) {
  uint32_t s = cell_lock_raw(g);
  *fresh = g->gen != gen;
  if (!*fresh)
    return s;
  more_drop(&g->whole);
  memset(&g->whole, 0, offsetof(struct history_slot, gen)); /* w and r1 */
  g->gen = gen;
  return 0;
}

/* Locks a cell if it is of generation gen, as it is (*split: its split field and
 * flags); false, and not locked, if it is older. */
static inline bool cell_lock_current(struct granule_cell *g, uint32_t gen, uint32_t *split) {
  uint32_t s = cell_lock_raw(g);
  if (g->gen == gen) {
    *split = s;
    return true;
  }
  uint32_t more = atomic_load_explicit(&g->state, memory_order_relaxed) & SLOT_MORE;
  atomic_store_explicit(&g->state, s | more, memory_order_release);
  return false;
}

static inline uint32_t cell_lock(struct granule_cell *g, uint32_t gen) {
  bool fresh;
  return cell_lock_fresh(g, gen, &fresh);
}

/* Unlocks a cell with this split field and pair flag; its SLOT_MORE stays as the
 * holder left it. */
static inline void cell_unlock(struct granule_cell *g, uint32_t split) {
  uint32_t more = atomic_load_explicit(&g->state, memory_order_relaxed) & SLOT_MORE;
  atomic_store_explicit(&g->state, split | more, memory_order_release);
}

/* The per-byte slots of a current, split cell, or NULL (read without the lock: split
 * slots stay in the pool until the generation ends, so a lock-free check may look at
 * them as at g->whole; the acquire pairs with cell_unlock's release after a split). */
static inline struct split_bytes *cell_split_current(struct granule_cell *g, uint32_t gen) {
  uint32_t split = CELL_SPLIT(atomic_load_explicit(&g->state, memory_order_acquire));
  if (!split || g->gen != gen)
    return NULL;
  return split_at(split);
}

/* How a split copies the whole slot into each byte's (the algorithm's business). */
typedef void (*slot_copy_fn)(struct history_slot *dst, const struct history_slot *src);

/* Gives a locked granule per-byte slots, each a copy of the whole one (*split is
 * updated), or returns the ones it has. NULL when the split pool is full (the shadow
 * says so and detection stops). */
struct split_bytes *cell_split(struct granule_cell *g, uint32_t *split, slot_copy_fn copy);
/* Gives back the per-byte slots of a granule whose history was forgotten whole (split:
 * its split field, which the caller clears), for this thread's next split. Only memory
 * that no other thread is accessing is forgotten (it was just allocated, or a new stack
 * frame is made over it): a lock-free check that still looks at the old slots would be
 * an access to memory that died under it. */
void cell_unsplit(uint32_t split);
/* Split slots ever taken from the pool in this generation (reused ones count once). */
uint64_t cells_split_taken(void);

#endif
