/* The access history's inlined path (history.h has the entry points): the walk an
 * access makes over its cells, the lock-free test that most checks end with, and the
 * update of an empty or paired word, inlined into history_access.c's entry points and into
 * the hooks' aligned 4- and 8-byte checks and iteration batches' 8-byte ones
 * (history_access_inline), which then run in the hook's own frame instead of calling
 * history_access from it (callgrind, one thread, whole program: BOTS sort 6.9 % fewer
 * instructions, health 5.6 %, floorplan 3.6 %, uts 1.7 %, the reduction kernel 8.5 %).
 * What is rarer stays out of line in history_access.c: partial granules, unpaired
 * words and spans (forgetting is history.c's, which uses the word locks below:
 * lock_first_alone, lock_second_alone). */
#ifndef OMPRACER_HISTORY_ACCESS_H
#define OMPRACER_HISTORY_ACCESS_H

#include "history.h"
#include "history_cell.h"
#include "history_common.h"
#include "history_fast.h"
#include "history_precise.h"
#include "history_range_repeats.h"
#include "history_repeats.h"
#include "options.h"

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
 * of a loop end here. more: the slot's overflow as the caller read it (history_more.h,
 * more_in: the state word is loaded once). cell: whether the slot is a cell's whole one (which
 * keeps a last-update note; a byte's slot keeps none). onward (NULL, or false on entry):
 * history_access_onward's answer, which only this test of one whole slot gives. */
static inline __attribute__((always_inline)) bool slot_recorded(struct history_slot *slot,
                                                                const struct slot_more *more,
                                                                bool cell, const struct walk *w,
                                                                bool *onward) {
  if (w->precise) {
    int lazy = precise_lazy_recorded(slot, more, w->now, w->cache, onward);
    if (lazy >= 0)
      return lazy;
    return precise_already_recorded(slot, cell ? slot_last_update(slot) : 0, w->now, w->cache);
  }
  return fast_already_recorded(slot, w->now, w->cache, onward);
}

/* The same for the bytes [lo, hi) of a split granule (history_access.c; out of line: chars,
 * shorts, unaligned data, or a whole access to a granule split before). */
bool history_bytes_recorded(struct granule_cell *g, unsigned lo, unsigned hi, const struct walk *w);

/* slot_recorded for a cell's whole slot, with its last-update note (state: the cell's
 * state word, loaded with acquire). */
static inline __attribute__((always_inline)) bool
whole_recorded(struct granule_cell *g, uint32_t state, const struct walk *w, bool *onward) {
  return slot_recorded(&g->whole, more_in(&g->whole, state), true, w, onward);
}

/* slot_recorded for a granule's cell (onward: for its whole slot only). */
static inline __attribute__((always_inline)) bool
granule_recorded(struct granule_cell *g, const struct walk *w, bool *onward) {
  if (g->gen != w->gen)
    return false;
  uint32_t state = atomic_load_explicit(&g->state, memory_order_acquire);
  if (CELL_SPLIT(state))
    return history_bytes_recorded(g, 0, SHADOW_GRANULE, w);
  return whole_recorded(g, state, w, onward);
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
 * from addr (one granule, or both of a paired word). Inlined, with precise mode's most
 * common update (precise_lazy_update): callgrind, one thread, whole program, BOTS sort
 * 5 330 M -> 4 593 M instructions, health 4 380 M -> 3 845 M (text +23 KB). */
static inline __attribute__((always_inline)) void
update_whole(struct granule_cell *g, uintptr_t addr, unsigned nbytes, struct walk *w) {
  /* A lazy update leaves the last-update note 0, as it finds it: a note is set only for
   * an expanded family (precise_access's holder), which stays expanded until the slot
   * is emptied, and the lazy update takes none. */
  if (w->precise) {
    if (!precise_lazy_update(&g->whole, more_of(&g->whole), w->now, w->cache))
      slot_set_last_update(
          &g->whole, precise_access(&g->whole, addr, nbytes, w->now, w->cache, w->out, &w->n));
  } else
    fast_access(&g->whole, addr, nbytes, w->now, w->cache, w->out, &w->n);
}

/* ---- Words (history_cell.h): an aligned 8-byte word's two granules, paired in its
 * first cell or each in its own. */

static inline struct granule_cell *second_of(struct granule_cell *first) {
  return first + SHADOW_SECOND_CELLS;
}

/* Whether a word's second cell is current: then the word is unpaired and its first
 * cell current, whoever holds the first cell's lock (history_cell.h), and the second
 * cell's slot is the second granule's history. */
static inline __attribute__((always_inline)) bool second_current(const struct granule_cell *second,
                                                                 uint32_t gen) {
  return __atomic_load_n(&second->gen, __ATOMIC_ACQUIRE) == gen;
}

/* Whether a plain access (no lock, not atomic) is held in a current, unsplit slot whose
 * overflow is not in use (state: its state word): the slot's own write is this very
 * write, or its first read holds this read (read_held_as). In such a slot, the
 * lock-free test's answer (slot_recorded) is this one: the slot's own entry, of the
 * empty lockset, is a lazy family, whose test is fast mode's, and with no second read
 * an access not held is not covered either (aligned_access_held says more). */
static inline __attribute__((always_inline)) bool plain_slot_holds(const struct history_slot *slot,
                                                                   uint32_t state, node_id node,
                                                                   uint32_t site, uint32_t iter,
                                                                   bool is_write) {
  struct access_ref me = {node, site, iter}, a;
  if (is_write)
    return ref_holds(&slot->w, me);
  return ref_load_mine(&slot->r1, node, &a) && read_held_as(a, &more_in(slot, state)->r2, me);
}

/* Whether a lock-free look shows a whole-word access recorded in both granules
 * (onward: answered for a paired word's one slot only): the look plain_slot_holds
 * makes where it answers (a span's words that a loop's strand made before, or that no
 * access to them made yet: BOTS sort's loop checks, about 100 instructions a word
 * through slot_recorded), else slot_recorded's. */
static inline __attribute__((always_inline)) bool
word_recorded(struct granule_cell *first, const struct walk *w, bool *onward) {
  /* Paired: its first cell, never split then (one load of the state says both), is
   * both granules' history. */
  uint32_t state = atomic_load_explicit(&first->state, memory_order_acquire);
  if (first->gen == w->gen && (state & CELL_PAIRED)) { /* cell_paired, the state kept */
    if (!onward && !(state & SLOT_MORE) && !w->now->lockset && !(w->now->site & ACCESS_ATOMIC))
      return plain_slot_holds(&first->whole, state, w->now->node, w->now->site, w->now->iter,
                              w->now->is_write);
    return whole_recorded(first, state, w, onward);
  }
  return granule_recorded(first, w, NULL) && granule_recorded(second_of(first), w, NULL);
}

/* The same for the bytes [lo, hi) of one granule of a word (second: which one;
 * onward: answered for a whole granule only). */
static inline __attribute__((always_inline)) bool half_recorded(struct granule_cell *first,
                                                                bool second, unsigned lo,
                                                                unsigned hi, const struct walk *w,
                                                                bool *onward) {
  struct granule_cell *g = first;
  if (second && second_current(second_of(first), w->gen)) {
    g = second_of(first); /* unpaired: the first cell's line is not needed */
  } else if (second) {
    if (first->gen != w->gen)
      return false; /* an empty word */
    if (cell_paired(first, w->gen))
      return lo == 0 && hi == SHADOW_GRANULE && granule_recorded(first, w, onward);
    g = second_of(first);
  }
  /* A paired word's first cell is its first granule's (unsplit) history. */
  if (lo == 0 && hi == SHADOW_GRANULE)
    return granule_recorded(g, w, onward);
  return history_bytes_recorded(g, lo, hi, w);
}

/* update_word for a current, unpaired word whose first cell this thread has locked
 * (s0: its state): out of line (history_access.c), the rarer case. */
void history_update_word_unpaired(struct granule_cell *first, uintptr_t word, uint32_t s0,
                                  struct walk *w);

/* ---- One granule of a word alone (an int, a float, a char: a word's half). The rarer
 * steps are out of line (history_access.c): unpairing a paired word whose first cell
 * this thread has locked (state: that cell's state; returns its new state), locking a
 * second cell that is not current (or stopped being so), and the bytes [lo, hi) of a
 * split granule (or one this access splits; returns the split field to unlock with). */
uint32_t history_unpair_locked(struct granule_cell *first, uint32_t state, uint32_t gen,
                               bool precise);
uint32_t history_lock_second_slow(struct granule_cell *first, uint32_t gen, bool *fresh,
                                  bool precise);
uint32_t history_update_bytes(struct granule_cell *g, uintptr_t granule, unsigned lo, unsigned hi,
                              uint32_t split, struct walk *w);

/* cell_lock_fresh for an update of a word's first granule alone: unpaired first
 * (history_cell.h). */
static inline __attribute__((always_inline)) uint32_t lock_first_alone(struct granule_cell *first,
                                                                       uint32_t gen, bool *fresh,
                                                                       bool precise) {
  uint32_t s = cell_lock_fresh(first, gen, fresh);
  return (s & CELL_PAIRED) ? history_unpair_locked(first, s, gen, precise) : s;
}

/* The same for its second granule alone: the word is unpaired and its first cell
 * current first (history_cell.h). */
static inline __attribute__((always_inline)) uint32_t lock_second_alone(struct granule_cell *first,
                                                                        uint32_t gen, bool *fresh,
                                                                        bool precise) {
  /* A current second cell: the word is unpaired and stays so while we hold the lock. */
  struct granule_cell *second = second_of(first);
  uint32_t s1;
  if (second_current(second, gen) && cell_lock_current(second, gen, &s1)) {
    *fresh = false;
    return s1;
  }
  return history_lock_second_slow(first, gen, fresh, precise);
}

/* The access's bytes [lo, hi) of one granule whose cell this thread has locked on its
 * own (split: its split field, fresh: whether cell_lock_fresh emptied it). Returns the
 * split field to unlock with. A whole granule's update is the mode's algorithm on the
 * slot and nothing else. */
static inline __attribute__((always_inline)) uint32_t update_locked(struct granule_cell *g,
                                                                    uintptr_t granule, unsigned lo,
                                                                    unsigned hi, uint32_t split,
                                                                    bool fresh, struct walk *w) {
  if (!split && lo == 0 && hi == SHADOW_GRANULE) {
    if (!(fresh && first_whole(&g->whole, w)))
      update_whole(g, granule, SHADOW_GRANULE, w);
    return split;
  }
  return history_update_bytes(g, granule, lo, hi, split, w);
}

/* The update of the bytes [lo, hi) of one granule of a word, under that granule's
 * cell's lock alone: inlined into the aligned 4-byte checks (callgrind, one thread,
 * whole program: BOTS health 3 790 M -> 3 711 M instructions, uts 2 267 M -> 2 228 M;
 * text +15 KB), out of line for spans (history_update_half). */
static inline __attribute__((always_inline)) void update_half(struct granule_cell *first,
                                                              bool second, uintptr_t granule,
                                                              unsigned lo, unsigned hi,
                                                              struct walk *w) {
  bool fresh;
  struct granule_cell *g = second ? second_of(first) : first;
  uint32_t split = second ? lock_second_alone(first, w->gen, &fresh, w->precise)
                          : lock_first_alone(first, w->gen, &fresh, w->precise);
  cell_unlock(g, update_locked(g, granule, lo, hi, split, fresh, w));
}
void history_update_half(struct granule_cell *first, bool second, uintptr_t granule, unsigned lo,
                         unsigned hi, struct walk *w);

/* An access covering a whole word (first: its first cell), under its lock (and its
 * second cell's unless the word is paired or empty). When the two granules hold the
 * same history (both empty, or equal, or paired), the update of the second is the
 * update of the first: the algorithm is a function of the slot, the access and
 * isParallel's answers (which the locks keep from changing between the two: the second
 * is updated as if at the same instant, a schedule the locks allow), and a race it
 * finds is found in both granules. So it runs once, over both granules, and the word
 * is (or stays) paired, its pooled entries (other locksets, ST-nodes) listed from the
 * first cell's slot; unpairing gives the second cell copies of them. Otherwise each
 * granule gets its own update. Inlined into the walks: most updates are of an empty or
 * paired word, under its first cell's lock alone; an unpaired word's goes out of line. */
static inline __attribute__((always_inline)) void update_word(struct granule_cell *first,
                                                              uintptr_t word, struct walk *w) {
  bool fresh0;
  uint32_t s0 = cell_lock_fresh(first, w->gen, &fresh0);
  if (fresh0 || (s0 & CELL_PAIRED)) { /* an empty word's second cell is old */
    if (!(fresh0 && first_whole(&first->whole, w)))
      update_whole(first, word, SHADOW_WORD, w);
    cell_unlock(first, CELL_PAIRED);
    return;
  }
  history_update_word_unpaired(first, word, s0, w);
}

static inline uintptr_t word_of(uintptr_t addr) {
  return addr & ~(uintptr_t)(SHADOW_WORD - 1);
}

/* A whole word or granule of a span, first to the repeat filter when it is on (a
 * part of a granule ends the filter's records that overlap it). all_onward (NULL, or
 * true on the span's entry): cleared unless the lock-free test answers the granule
 * onward (a repeat the filter answers, or an update, is not); a parameter, not a field
 * of the walk, whose address the updates take, so that a constant NULL folds away. */
static inline __attribute__((always_inline)) void span_word(struct granule_cell *first,
                                                            uintptr_t word, struct walk *w,
                                                            struct repeat_filter *f,
                                                            bool *all_onward) {
  struct repeat_entry *rec = NULL;
  bool onward = false;
  if (f && repeat_seen(f, word, SHADOW_WORD, w->now, &rec)) {
    if (all_onward)
      *all_onward = false;
    return;
  }
  if (!word_recorded(first, w, all_onward ? &onward : NULL)) {
    onward = false;
    update_word(first, word, w);
  }
  if (all_onward)
    *all_onward = *all_onward && onward;
  if (f)
    repeat_note(f, rec, word, SHADOW_WORD, w->now);
}

/* Any access, granule by granule, out of line (history_access.c: its frame is large), without
 * the onward answer and with it. */
unsigned history_span(uintptr_t addr, size_t size, const struct access_now *now,
                      struct sp_cache *cache, struct race_found *out);
unsigned history_span_onward(uintptr_t addr, size_t size, const struct access_now *now,
                             struct sp_cache *cache, struct race_found *out, bool *onward);

/* The lock-free test of an aligned word (whole_word) or granule of the word whose first
 * cell is first (the lookup made). */
static inline __attribute__((always_inline)) bool
aligned_recorded_at(struct granule_cell *first, uintptr_t addr, bool whole_word,
                    const struct walk *w, bool *onward) {
  return whole_word ? word_recorded(first, w, onward)
                    : half_recorded(first, addr & SHADOW_GRANULE, 0, SHADOW_GRANULE, w, onward);
}
/* Its test and update (unrecorded: the test left out, as aligned_access says). */
static inline __attribute__((always_inline)) void aligned_check_at(struct granule_cell *first,
                                                                   uintptr_t addr, bool whole_word,
                                                                   struct walk *w, bool *onward,
                                                                   bool unrecorded) {
  if (unrecorded || !aligned_recorded_at(first, addr, whole_word, w, onward)) {
    if (whole_word)
      update_word(first, addr, w);
    else
      update_half(first, addr & SHADOW_GRANULE, addr, 0, SHADOW_GRANULE, w);
  }
}
/* An aligned 8-byte access (doubles, pointers, longs: most of loop code's) is one
 * word, an aligned 4-byte one (ints, floats) one granule of a word: one lookup and one
 * lock-free test, in a small frame, as history_span would make them. unrecorded: a
 * lock-free look has just found the access not recorded (aligned_access_held's
 * HELD_NO), so the test, which would answer the same, is left out (the update under
 * the lock is right whatever the slot holds by then). */
static inline __attribute__((always_inline)) unsigned
aligned_access(uintptr_t addr, bool whole_word, const struct access_now *now,
               struct sp_cache *cache, struct race_found *out, bool *onward, bool unrecorded) {
  struct walk w = {now, cache, out, 0, cells_generation(), mode_precise()};
  char *leaf = shadow_leaf(addr);
  if (!leaf)
    return 0;
  aligned_check_at(shadow_cell_in(leaf, word_of(addr)), addr, whole_word, &w, onward, unrecorded);
  return w.n;
}

/* An 8-byte-aligned 16-byte access (a vectorised pair of doubles or pointers: BOTS
 * strassen's quadrant loops) whose two words lie in one leaf: history_span's steps for
 * them, the repeat filter's included, without its walk and its large frame. */
static inline __attribute__((always_inline)) unsigned
word_pair_access(uintptr_t addr, const struct access_now *now, struct sp_cache *cache,
                 struct race_found *out, bool *onward) {
  struct walk w = {now, cache, out, 0, cells_generation(), mode_precise()};
  char *leaf = shadow_leaf(addr);
  if (!leaf)
    return 0;
  if (onward)
    *onward = true;
  struct repeat_filter *f = repeat_on(&t_repeats) ? &t_repeats : NULL;
  span_word(shadow_cell_in(leaf, addr), addr, &w, f, onward);
  span_word(shadow_cell_in(leaf, addr + SHADOW_WORD), addr + SHADOW_WORD, &w, f, onward);
  return w.n;
}

/* What a lock-free look at an aligned 4- or 8-byte plain access's slot says
 * (aligned_access_held). */
enum held_answer {
  HELD_UNKNOWN, /* don't know: make the check */
  HELD_YES,     /* held already: the check would change nothing and find nothing */
  HELD_NO,      /* not recorded: the check's lock-free test would answer the same, so
                   the update may go without it (history_access_unrecorded) */
  HELD_MORE,    /* a read whose slot has its overflow in use and does not hold it: the
                   lock-free test may still find it covered (aligned_access_recorded) */
};

/* aligned_access_held's look at the cell g that holds the access's history (need: a
 * state bit it must have, CELL_PAIRED where g is the first cell of the access's word). */
static inline __attribute__((always_inline)) enum held_answer
cell_held(struct granule_cell *g, uint32_t gen, uint32_t need, node_id node, uint32_t site,
          uint32_t iter, bool is_write) {
  if (g->gen != gen)
    return HELD_NO; /* an empty word (its first cell older: history_cell.h) */
  uint32_t state = atomic_load_explicit(&g->state, memory_order_acquire);
  if ((state & need) != need || (state & CELL_SPLIT_MAX))
    return HELD_UNKNOWN;
  if (state & SLOT_MORE)
    return is_write ? HELD_UNKNOWN : HELD_MORE;
  return plain_slot_holds(&g->whole, state, node, site, iter, is_write) ? HELD_YES : HELD_NO;
}

/* The cell whose slot holds an aligned 4- or 8-byte access's history, as the lock-free
 * test (aligned_recorded_at) picks it, and a state bit it must have (*need): a word's
 * first cell, paired, for its 8 bytes; a second granule's own cell while current, else
 * the first cell, paired (the second granule's history is the first cell's then). */
static inline __attribute__((always_inline)) struct granule_cell *
held_cell(char *leaf, uintptr_t addr, size_t size, uint32_t gen, uint32_t *need) {
  struct granule_cell *first = shadow_cell_in(leaf, word_of(addr));
  *need = 0;
  if (size == SHADOW_WORD)
    *need = CELL_PAIRED;
  else if ((addr & SHADOW_GRANULE) && !second_current(second_of(first), gen))
    *need = CELL_PAIRED;
  else if (addr & SHADOW_GRANULE)
    return second_of(first);
  return first;
}

/* What a lock-free look finds for an aligned 4- or 8-byte plain access (no lock, not
 * atomic) of strand `node`, iteration `iter`, at `site`. HELD_YES: held in its
 * granule's slot already, the slot's own write being this very write, or its first read
 * holding this read (read_held_as: the very read, or one of the same strand and
 * iteration at another site that recording it would only rename). Then the mode's
 * lock-free test (slot_recorded: precise_lazy_recorded, or fast_already_recorded)
 * answers "recorded", the check changes nothing and finds nothing, and so it may be
 * answered here, before the hook makes the check's frame, enters the runtime or asks the
 * repeat filter (hooks.c, check_plain says why none of those is needed). Only the
 * plainest slots are looked at: a word's 8 bytes only while it is paired; no split
 * granule; no overflow in use (a slot with SLOT_MORE clear has no second read or write
 * and no pooled entry, and its empty lockset's family is lazy: precise mode's test is
 * then the fast one). In such a slot (or none: no leaf yet, an older generation) an
 * access not held is not covered either (there is no second read to cover it with),
 * and the test would answer "not recorded": HELD_NO. A read at a slot whose overflow is
 * in use answers HELD_MORE (two reads kept, often two other strands' that cover it: a
 * value that many tasks read), anything else HELD_UNKNOWN, and the check is made. The
 * cells are read as half_recorded and word_recorded read them (the generation, then the
 * state, with acquire; the entry as ref_holds reads it). */
static inline __attribute__((always_inline)) enum held_answer
aligned_access_held(uintptr_t addr, size_t size, node_id node, uint32_t site, uint32_t iter,
                    bool is_write) {
  if (addr & (size - 1))
    return HELD_UNKNOWN;
  char *leaf = shadow_leaf_if_mapped(addr);
  if (!leaf)
    return HELD_NO;
  uint32_t gen = cells_generation();
  uint32_t need;
  struct granule_cell *g = held_cell(leaf, addr, size, gen, &need);
  return cell_held(g, gen, need, node, site, iter, is_write);
}

/* THE REPLACE. The commonest update of all: a plain access (no lock held, not atomic)
 * by a strand that nothing the slot keeps runs in parallel with, to a slot that keeps
 * no overflow (at most a write and a read, of the empty lockset: a lazy family in
 * precise mode). Both modes' algorithms then find no race and give the access its
 * kind's entry: fast_access finds nothing parallel and keeps the one write, or keeps
 * the read pair with the access in place of the first read (keep_slot_pair_known:
 * neither read is parallel with it, the second is empty); precise mode's lazy update
 * (precise_lazy_update) makes the same choice, and no overflow means no pooled entry,
 * no expanded family and no last-update note. So it takes the lock, sees that the slot
 * is still such a slot and its two entries still not parallel with the access, and
 * stores the entry; anything else (an older generation, a split granule, an overflow in
 * use, a word to pair or unpair, an entry in parallel) unlocks and answers false, and
 * the caller makes the whole update. A patient visit of BOTS health (its pointer read,
 * its seed's read-modify-write) and a merge's reads and writes in BOTS sort update
 * entries of the strand before them, each through the whole path's 160 to 320
 * instructions. */

/* The cell that holds an aligned 4- or 8-byte access's history alone, as
 * aligned_access_held picks it, when the update needs no pairing or unpairing: an
 * 8-byte access's word paired (*pair: CELL_PAIRED), a 4-byte access's granule in an
 * unpaired word (*pair: 0); NULL otherwise (an empty word, or a granule of a paired
 * word, whose update unpairs it). Read without the lock: slot_replaced checks again. */
static inline __attribute__((always_inline)) struct granule_cell *
own_cell(char *leaf, uintptr_t addr, size_t size, uint32_t gen, uint32_t *pair) {
  struct granule_cell *g = held_cell(leaf, addr, size, gen, pair);
  /* A 4-byte access whose history the first cell holds paired: its update unpairs. */
  return size != SHADOW_WORD && *pair ? NULL : g;
}

/* The replace on cell g (pair: the pair flag it must have) in generation gen, of a
 * read rd, a write wr, or a read and then a write of one strand and iteration (a
 * read-modify-write: the write then meets the read, not parallel with it, and the
 * entries the read met): true when made; false, with nothing changed, when the slot is
 * not such a slot. Each entry is asked as conflicts asks it (the accesses are plain, so
 * an entry races with them when parallel with them). */
static inline __attribute__((always_inline)) bool
slot_replaced(struct granule_cell *g, uint32_t gen, uint32_t pair, const struct access_now *rd,
              const struct access_now *wr, struct sp_cache *c) {
  /* A look before the lock first: a slot that is not such a slot (an empty word: new
   * memory, or a new generation) is left to the whole update without locking it twice. */
  uint32_t look = atomic_load_explicit(&g->state, memory_order_relaxed);
  if (g->gen != gen || (look & (SLOT_MORE | CELL_PAIRED | CELL_SPLIT_MAX)) != pair)
    return false;
  uint32_t s = cell_lock_raw(g);
  struct history_slot *h = &g->whole;
  bool plain = g->gen == gen && (s & (CELL_PAIRED | CELL_SPLIT_MAX)) == pair &&
               !(atomic_load_explicit(&g->state, memory_order_relaxed) & SLOT_MORE);
  bool made = plain && !parallel_with(c, h->w) && !parallel_with(c, h->r1);
  if (made && rd)
    ref_store(&h->r1, ref_of(rd));
  if (made && wr)
    ref_store(&h->w, ref_of(wr));
  cell_unlock(g, s);
  return made;
}

/* The replace for an aligned 4- or 8-byte plain access (rd or wr, the other NULL), or a
 * read-modify-write of one (both), whose read aligned_access_held has just answered
 * HELD_NO for (inside the runtime, as history_access_unrecorded's and
 * history_update_pair's callers are, having found the repeat filter paused and taken
 * its count of the checks); false: make the whole update, which ends the range records
 * the accesses meet, as any update does, and as a replace made does here (after it: the
 * records are this thread's, and only its later checks read them). */
static inline __attribute__((always_inline)) bool
aligned_access_replaced(uintptr_t addr, size_t size, const struct access_now *rd,
                        const struct access_now *wr, struct sp_cache *cache) {
  char *leaf = shadow_leaf_if_mapped(addr);
  if (!leaf)
    return false;
  uint32_t gen = cells_generation(), pair;
  struct granule_cell *g = own_cell(leaf, addr, size, gen, &pair);
  if (!g || !slot_replaced(g, gen, pair, rd, wr, cache))
    return false;
  if (rd)
    range_repeats_overlap(addr, size, rd);
  if (wr)
    range_repeats_overlap(addr, size, wr);
  return true;
}

/* aligned_access for a plain (no lock held, not atomic) access to a whole aligned word,
 * in a leaf the caller looked up, in generation gen and mode `precise` as the caller
 * read them: an iteration batch's lane (hooks.c, batch_run_ops), which reads them once
 * per block of checks instead of once per check. Two of aligned_access's steps are
 * shortened: an empty word (an older generation) is recorded under its lock at once
 * (update_word's first_whole, without the walk; its overflow dropped by the lock, so
 * the unlock need not keep SLOT_MORE), and a current one takes aligned_access_held's
 * look first (cell_held: held, nothing to do; not recorded, the update without the
 * lock-free test, as history_access_unrecorded makes it). */
static inline __attribute__((always_inline)) unsigned
word_access_in(char *leaf, uintptr_t addr, uint32_t gen, bool precise, const struct access_now *now,
               struct sp_cache *cache, struct race_found *out) {
  struct granule_cell *first = shadow_cell_in(leaf, word_of(addr));
  if (first->gen != gen) {
    bool fresh;
    uint32_t s0 = cell_lock_fresh(first, gen, &fresh);
    if (fresh) {
      ref_store(now->is_write ? &first->whole.w : &first->whole.r1, ref_of(now));
      atomic_store_explicit(&first->state, CELL_PAIRED, memory_order_release);
      return 0;
    }
    cell_unlock(first, s0); /* another thread made it current meanwhile */
  }
  enum held_answer held =
      cell_held(first, gen, CELL_PAIRED, now->node, now->site, now->iter, now->is_write);
  if (held == HELD_YES)
    return 0;
  struct walk w = {now, cache, out, 0, gen, precise};
  aligned_check_at(first, addr, true, &w, NULL, held == HELD_NO);
  return w.n;
}

/* The same for a plain access to one aligned granule of a word (an int's, a float's):
 * aligned_access_held's look first, then aligned_access's test and update of the
 * granule. */
static inline __attribute__((always_inline)) unsigned
granule_access_in(char *leaf, uintptr_t addr, uint32_t gen, bool precise,
                  const struct access_now *now, struct sp_cache *cache, struct race_found *out) {
  enum held_answer held =
      aligned_access_held(addr, SHADOW_GRANULE, now->node, now->site, now->iter, now->is_write);
  if (held == HELD_YES)
    return 0;
  struct walk w = {now, cache, out, 0, gen, precise};
  aligned_check_at(shadow_cell_in(leaf, word_of(addr)), addr, false, &w, NULL, held == HELD_NO);
  return w.n;
}

/* The lock-free test of an aligned 4- or 8-byte access (aligned_access's, without the
 * update): true when the access is recorded already, so that its check would change
 * nothing and find nothing (then neither the range records nor the repeat filter need
 * to hear of it, as for a held one). False: make the check. */
static inline __attribute__((always_inline)) bool
aligned_access_recorded(uintptr_t addr, size_t size, const struct access_now *now,
                        struct sp_cache *cache) {
  struct walk w = {now, cache, NULL, 0, cells_generation(), mode_precise()};
  char *leaf = shadow_leaf_if_mapped(addr);
  if (!leaf)
    return false;
  return aligned_recorded_at(shadow_cell_in(leaf, word_of(addr)), addr, size == SHADOW_WORD, &w,
                             NULL);
}

/* THE COVERED READ. aligned_access_recorded for a plain read (no lock, not atomic) of
 * strand me that aligned_access_held answered HELD_MORE for, in precise mode, where
 * its answer follows from one case of precise_lazy_recorded: the empty lockset's family
 * is lazy (no expanded family, not the atomics'), no ST-node matters yet, and neither of
 * the slot's two reads is me's strand's. Then reads_seen answers by others_cover alone,
 * and the test is recorded (1) exactly when the two reads cover me, neither write is
 * parallel with me (conflicts is parallel_with for a plain read) and the head is as
 * it was; otherwise not recorded (0), and the update follows without the test, as
 * after HELD_NO. -1: another case (the caller asks aligned_access_recorded). Each step
 * as precise_lazy_recorded takes it, without the walk and the access's entry that the
 * general test builds: BOTS floorplan's tasks all read the shapes of one `alt` array,
 * 56 M such reads on `input.15` (callgrind, one thread) at about 130 instructions each
 * through aligned_access_recorded. Lock-free, as that test; the memoised answers it asks
 * are the running strand's, so the caller is inside the runtime (plain_begin). */
static inline __attribute__((always_inline)) int
aligned_read_covered(uintptr_t addr, size_t size, node_id me, struct sp_cache *c) {
  char *leaf = shadow_leaf_if_mapped(addr);
  if (!leaf || ospg_st_nodes_matter())
    return -1;
  uint32_t gen = cells_generation(), need;
  struct granule_cell *g = held_cell(leaf, addr, size, gen, &need);
  if (g->gen != gen)
    return -1;
  uint32_t state = atomic_load_explicit(&g->state, memory_order_acquire);
  if ((state & need) != need || (state & CELL_SPLIT_MAX) || !(state & SLOT_MORE))
    return -1;
  const struct slot_more *more = more_in(&g->whole, state);
  uint32_t head = __atomic_load_n(&more->head, __ATOMIC_RELAXED);
  if (head & (HEAD_EXPANDED | HEAD_OWN_ATOMIC))
    return -1;
  struct access_ref a = ref_load_node(&g->whole.r1), b = ref_load_node(&more->r2);
  if (a.node == me || b.node == me)
    return -1;
  if (!others_cover(c, a, b) || parallel_with(c, ref_load(&g->whole.w)) ||
      parallel_with(c, ref_load(&more->w2)))
    return 0;
  __atomic_thread_fence(__ATOMIC_ACQUIRE);
  return slot_head_again(&g->whole, more) == head;
}

/* access_granules for an aligned 4- or 8-byte access, in two steps, so that a check
 * the repeat filter skips returns before the history's frame is made (hooks.c,
 * check_filtered). The first ends the range records the check may change and asks the
 * filter: true when it skips the check; else *rec is where the second records it
 * (NULL: the filter paused meanwhile). The second is the check itself, and
 * access_granules' while the filter is on. */
static inline __attribute__((always_inline)) bool
aligned_access_repeated(uintptr_t addr, size_t size, const struct access_now *now,
                        struct repeat_entry **rec) {
  range_repeats_overlap(addr, size, now);
  struct repeat_filter *f = &t_repeats;
  *rec = NULL;
  if (__builtin_expect(!repeat_on(f), 0))
    return false;
  return repeat_seen(f, addr, (unsigned)size, now, rec);
}
static inline __attribute__((always_inline)) unsigned
aligned_access_checked(uintptr_t addr, size_t size, const struct access_now *now,
                       struct sp_cache *cache, struct race_found *out, bool *onward,
                       struct repeat_entry *rec) {
  unsigned n = aligned_access(addr, size == SHADOW_WORD, now, cache, out, onward, false);
  if (rec)
    repeat_note(&t_repeats, rec, addr, (unsigned)size, now);
  return n;
}

/* granule_recorded for a whole-granule access to a cell this thread holds locked, of
 * the walk's generation, with split field `split` (as the holder keeps it: a cell
 * cell_lock_fresh just emptied keeps its older split field in the state word until it
 * is unlocked; its SLOT_MORE is the holder's). */
static inline __attribute__((always_inline)) bool
locked_granule_recorded(struct granule_cell *g, uint32_t split, const struct walk *w) {
  if (CELL_SPLIT(split))
    return history_bytes_recorded(g, 0, SHADOW_GRANULE, w);
  uint32_t more = atomic_load_explicit(&g->state, memory_order_relaxed) & SLOT_MORE;
  return whole_recorded(g, more, w, NULL);
}

/* A read and then a write of one aligned 4- or 8-byte location by the running strand,
 * plain (no lock held, not atomic), with no other access of the strand between them (a
 * read-modify-write: hooks.h, __ompracer_update4), while the repeat filter is paused
 * (the caller takes its count of the two checks): the checks history_access_inline
 * would make for the read and then for the write, with one lookup and, when both
 * update, one lock. Each takes its lock-free test as there (the read's left out when
 * read_unrecorded: aligned_access_held's HELD_NO, as history_access_unrecorded); the
 * write's, after the read's update, under the lock, where it reads what the read left.
 * No other thread's update comes between the two, a schedule the locks allow, so the
 * slot ends as the two checks would leave it and the races found are theirs. The
 * read's races go to out_r (their count returned), the write's to out_w (*n_w). */
static inline __attribute__((always_inline)) unsigned
history_update_pair(uintptr_t addr, size_t size, const struct access_now *rd,
                    const struct access_now *wr, struct sp_cache *cache, struct race_found *out_r,
                    struct race_found *out_w, unsigned *n_w, bool read_unrecorded) {
  range_repeats_overlap(addr, size, rd);
  range_repeats_overlap(addr, size, wr);
  struct walk w1 = {rd, cache, out_r, 0, cells_generation(), mode_precise()};
  struct walk w2 = {wr, cache, out_w, 0, w1.gen, w1.precise};
  *n_w = 0;
  char *leaf = shadow_leaf(addr);
  if (!leaf)
    return 0;
  struct granule_cell *first = shadow_cell_in(leaf, word_of(addr));
  bool whole_word = size == SHADOW_WORD, second = addr & SHADOW_GRANULE;
  if (!read_unrecorded && aligned_recorded_at(first, addr, whole_word, &w1, NULL)) {
    aligned_check_at(first, addr, whole_word, &w2, NULL, false); /* the write's alone */
  } else if (whole_word) {
    bool fresh0;
    uint32_t s0 = cell_lock_fresh(first, w1.gen, &fresh0);
    if (fresh0 || (s0 & CELL_PAIRED)) { /* update_word's path; the word's slot is the first's */
      if (!(fresh0 && first_whole(&first->whole, &w1)))
        update_whole(first, addr, SHADOW_WORD, &w1);
      if (!locked_granule_recorded(first, 0, &w2))
        update_whole(first, addr, SHADOW_WORD, &w2);
      cell_unlock(first, CELL_PAIRED);
    } else { /* an unpaired word, the rarer case: one check after the other */
      history_update_word_unpaired(first, addr, s0, &w1);
      aligned_check_at(first, addr, true, &w2, NULL, false);
    }
  } else {
    bool fresh;
    struct granule_cell *g = second ? second_of(first) : first;
    uint32_t split = second ? lock_second_alone(first, w1.gen, &fresh, w1.precise)
                            : lock_first_alone(first, w1.gen, &fresh, w1.precise);
    split = update_locked(g, addr, 0, SHADOW_GRANULE, split, fresh, &w1);
    if (!locked_granule_recorded(g, split, &w2))
      split = update_locked(g, addr, 0, SHADOW_GRANULE, split, false, &w2);
    cell_unlock(g, split);
  }
  *n_w = w2.n;
  return w1.n;
}

/* history_access and history_access_inline, and history_access_onward when onward is
 * not NULL (all inline it: the plain ones without a test of onward), and
 * history_access_unrecorded (unrecorded: as aligned_access's). An aligned access goes to
 * the repeat filter first while it is on. */
static inline __attribute__((always_inline)) unsigned
access_granules(uintptr_t addr, size_t size, const struct access_now *now, struct sp_cache *cache,
                struct race_found *out, bool *onward, bool unrecorded) {
  range_repeats_overlap(addr, size, now); /* a check may change what a record stands for */
  bool whole_word = size == SHADOW_WORD && !(addr & (SHADOW_WORD - 1));
  if (!whole_word && (size != SHADOW_GRANULE || (addr & (SHADOW_GRANULE - 1)))) {
    if (size == 2 * SHADOW_WORD && !(addr & (SHADOW_WORD - 1)) &&
        shadow_leaf_room(addr) >= 2 * SHADOW_WORD)
      return word_pair_access(addr, now, cache, out, onward);
    return onward ? history_span_onward(addr, size, now, cache, out, onward)
                  : history_span(addr, size, now, cache, out);
  }
  struct repeat_filter *f = &t_repeats;
  if (__builtin_expect(!repeat_on(f), 1))
    return aligned_access(addr, whole_word, now, cache, out, onward, unrecorded);
  struct repeat_entry *rec;
  if (repeat_seen(f, addr, (unsigned)size, now, &rec))
    return 0;
  return aligned_access_checked(addr, size, now, cache, out, onward, rec);
}

/* history_access (history.h), inlined into the caller. */
static inline __attribute__((always_inline)) unsigned
history_access_inline(uintptr_t addr, size_t size, const struct access_now *now,
                      struct sp_cache *cache, struct race_found *out) {
  return access_granules(addr, size, now, cache, out, NULL, false);
}

/* history_access_inline for an aligned 4- or 8-byte plain access that aligned_access_held
 * has just answered HELD_NO for: without the lock-free test. */
static inline __attribute__((always_inline)) unsigned
history_access_unrecorded(uintptr_t addr, size_t size, const struct access_now *now,
                          struct sp_cache *cache, struct race_found *out) {
  return access_granules(addr, size, now, cache, out, NULL, true);
}

#endif
