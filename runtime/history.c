#include "history.h"

#include "history_cell.h"
#include "history_common.h"
#include "history_fast.h"
#include "history_precise.h"
#include "history_range_repeats.h"
#include "history_repeats.h"
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
  history_repeats_forgotten();
}

void history_atfork_child(void) {
  history_repeats_forgotten();
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
 * of a loop end here. onward (NULL, or false on entry): history_access_onward's
 * answer, which only this test of one whole slot gives. */
static inline __attribute__((always_inline)) bool
slot_recorded(struct history_slot *slot, unsigned last_update, const struct walk *w, bool *onward) {
  if (w->precise) {
    int lazy = precise_lazy_recorded(slot, w->now, w->cache, onward);
    if (lazy >= 0)
      return lazy;
    return precise_already_recorded(slot, last_update, w->now, w->cache);
  }
  return fast_already_recorded(slot, w->now, w->cache, onward);
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
    if (!slot_recorded(&s->byte[b], 0, w, NULL))
      return false;
  return true;
}

/* slot_recorded for a granule's cell (onward: for its whole slot only). */
static inline __attribute__((always_inline)) bool
granule_recorded(struct granule_cell *g, const struct walk *w, bool *onward) {
  if (g->gen != w->gen)
    return false;
  if (CELL_SPLIT(atomic_load_explicit(&g->state, memory_order_relaxed)))
    return bytes_recorded(g, 0, SHADOW_GRANULE, w);
  return slot_recorded(&g->whole, __atomic_load_n(&g->last_update, __ATOMIC_RELAXED), w, onward);
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
 * from addr (one granule, or both of a paired word). */
static inline void update_whole(struct granule_cell *g, uintptr_t addr, unsigned nbytes,
                                struct walk *w) {
  if (w->precise)
    __atomic_store_n(&g->last_update,
                     precise_access(&g->whole, addr, nbytes, w->now, w->cache, w->out, &w->n),
                     __ATOMIC_RELAXED);
  else
    fast_access(&g->whole, addr, nbytes, w->now, w->cache, w->out, &w->n);
}

/* update_locked's bytes of a split granule (or one this access splits): out of line,
 * the rarer case (chars, shorts, unaligned data). */
static __attribute__((noinline)) uint32_t update_bytes(struct granule_cell *g, uintptr_t granule,
                                                       unsigned lo, unsigned hi, uint32_t split,
                                                       struct walk *w) {
  struct split_bytes *s = cell_split(g, &split, w->precise ? precise_copy : fast_copy);
  for (unsigned b = lo; s && b < hi; b++) {
    if (w->precise)
      precise_access(&s->byte[b], granule + b, 1, w->now, w->cache, w->out, &w->n);
    else
      fast_access(&s->byte[b], granule + b, 1, w->now, w->cache, w->out, &w->n);
  }
  return split;
}

/* The access's bytes [lo, hi) of one granule whose cell this thread has locked on its
 * own (split: its split field, fresh: whether cell_lock_fresh emptied it). Returns the
 * split field to unlock with. Inlined into its callers (each update makes one): a whole
 * granule's update is the mode's algorithm on the slot and nothing else. */
static inline __attribute__((always_inline)) uint32_t update_locked(struct granule_cell *g,
                                                                    uintptr_t granule, unsigned lo,
                                                                    unsigned hi, uint32_t split,
                                                                    bool fresh, struct walk *w) {
  if (!split && lo == 0 && hi == SHADOW_GRANULE) {
    if (!(fresh && first_whole(&g->whole, w)))
      update_whole(g, granule, SHADOW_GRANULE, w);
    return split;
  }
  return update_bytes(g, granule, lo, hi, split, w);
}

/* Whether two locked, unsplit cells hold the same history (no pooled entries: those
 * are each slot's own). */
static inline bool same_history(const struct granule_cell *a, const struct granule_cell *b) {
  return !a->whole.head && !b->whole.head && a->last_update == b->last_update &&
         memcmp(&a->whole, &b->whole, sizeof a->whole) == 0;
}

static inline bool slot_empty(const struct granule_cell *g) {
  static const struct history_slot empty;
  return memcmp(&g->whole, &empty, sizeof empty) == 0;
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

/* ---- Words (history_cell.h): an aligned 8-byte word's two granules, paired in its
 * first cell or each in its own. */

static inline struct granule_cell *second_of(struct granule_cell *first) {
  return first + SHADOW_SECOND_CELLS;
}

/* Unpairs a paired word whose first cell this thread has locked (state: that cell's
 * state): its second cell gets a copy of the word's history, pooled entries included
 * (a paired word's second cell is never split and lists no pooled entry of its own:
 * it was old, or equal to the first with none, when the word was paired). Returns the
 * first cell's new state. */
static uint32_t unpair_locked(struct granule_cell *first, uint32_t state, uint32_t gen,
                              bool precise) {
  struct granule_cell *second = second_of(first);
  cell_lock(second, gen);
  give_copy(second, first, precise);
  cell_unlock(second, 0);
  return state & ~CELL_PAIRED;
}

/* cell_lock_fresh for an update of a word's first granule alone: unpaired first. */
static uint32_t lock_first_alone(struct granule_cell *first, uint32_t gen, bool *fresh,
                                 bool precise) {
  uint32_t s = cell_lock_fresh(first, gen, fresh);
  return (s & CELL_PAIRED) ? unpair_locked(first, s, gen, precise) : s;
}

/* Whether a word's second cell is current: then the word is unpaired and its first
 * cell current, whoever holds the first cell's lock (history_cell.h), and the second
 * cell's slot is the second granule's history. */
static inline __attribute__((always_inline)) bool second_current(const struct granule_cell *second,
                                                                 uint32_t gen) {
  return __atomic_load_n(&second->gen, __ATOMIC_ACQUIRE) == gen;
}

/* Whether a word's first cell is current, unpaired and unlocked. Stays true while this
 * thread holds the second cell's lock, but for the first cell's lock: pairing and
 * forgetting the word change the first cell only while holding the second's lock too
 * (and a current cell does not become old otherwise), except on update_word's path for
 * an empty word, which makes the first cell current under its own lock alone and pairs
 * it when it unlocks. A locked first cell may be on that path, so it does not count:
 * otherwise a half access could record in the second cell in that window, unseen by
 * the whole-word access, and their race would be missed (found by DataRaceBench's
 * DRB119 at -O3, where a locked section's two int updates become one 8-byte access).
 * The generation is read before the state: a holder on that path locks before it
 * makes the cell current. */
static inline bool first_alone(struct granule_cell *first, uint32_t gen) {
  return first->gen == gen &&
         !(atomic_load_explicit(&first->state, memory_order_acquire) & (CELL_PAIRED | CELL_LOCKED));
}

/* lock_second_alone when the second cell is not current (or stopped being so). */
static __attribute__((noinline)) uint32_t lock_second_slow(struct granule_cell *first, uint32_t gen,
                                                           bool *fresh, bool precise) {
  struct granule_cell *second = second_of(first);
  /* A word of two ints: the second cell's lock alone. */
  if (first_alone(first, gen)) {
    uint32_t s = cell_lock_fresh(second, gen, fresh);
    if (first_alone(first, gen))
      return s;
    cell_unlock(second, s);
  }
  bool first_fresh;
  uint32_t s0 = lock_first_alone(first, gen, &first_fresh, precise);
  uint32_t s = cell_lock_fresh(second, gen, fresh);
  cell_unlock(first, s0);
  return s;
}

/* cell_lock_fresh for an update of a word's second granule alone: the word is unpaired
 * and its first cell current first (history_cell.h). */
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
  return lock_second_slow(first, gen, fresh, precise);
}

/* Whether a lock-free look shows a whole-word access recorded in both granules
 * (onward: answered for a paired word's one slot only). */
static inline __attribute__((always_inline)) bool
word_recorded(struct granule_cell *first, const struct walk *w, bool *onward) {
  if (cell_paired(first, w->gen)) /* its first cell (unsplit) is both granules' history */
    return granule_recorded(first, w, onward);
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
  return bytes_recorded(g, lo, hi, w);
}

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
static __attribute__((noinline)) void
update_word_unpaired(struct granule_cell *first, uintptr_t word, uint32_t s0, struct walk *w);
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
  update_word_unpaired(first, word, s0, w);
}

/* update_word for a current, unpaired word whose first cell this thread has locked
 * (s0: its state), out of line: the rarer case. */
static __attribute__((noinline)) void
update_word_unpaired(struct granule_cell *first, uintptr_t word, uint32_t s0, struct walk *w) {
  bool fresh1;
  struct granule_cell *second = second_of(first);
  uint32_t s1 = cell_lock_fresh(second, w->gen, &fresh1);
  if (!s0 && !s1 && (fresh1 ? slot_empty(first) : same_history(first, second))) {
    update_whole(first, word, SHADOW_WORD, w);
    s0 = CELL_PAIRED;
    second->gen = 0; /* a paired word's second cell is old (history_cell.h) */
  } else {
    s0 = update_locked(first, word, 0, SHADOW_GRANULE, s0, false, w);
    s1 = update_locked(second, word + SHADOW_GRANULE, 0, SHADOW_GRANULE, s1, fresh1, w);
  }
  cell_unlock(second, s1);
  cell_unlock(first, s0);
}

/* The access's bytes [lo, hi) of one granule of a word, under that cell's lock alone
 * (the word unpaired first): out of line, so that the walk keeps a small frame when
 * nothing is to be updated. */
static __attribute__((noinline)) void update_half(struct granule_cell *first, bool second,
                                                  uintptr_t granule, unsigned lo, unsigned hi,
                                                  struct walk *w) {
  bool fresh;
  struct granule_cell *g = second ? second_of(first) : first;
  uint32_t split = second ? lock_second_alone(first, w->gen, &fresh, w->precise)
                          : lock_first_alone(first, w->gen, &fresh, w->precise);
  cell_unlock(g, update_locked(g, granule, lo, hi, split, fresh, w));
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
static inline __attribute__((always_inline)) void
span_half(struct granule_cell *first, bool second, uintptr_t granule, unsigned lo, unsigned hi,
          struct walk *w, struct repeat_filter *f, bool *all_onward) {
  struct repeat_entry *rec = NULL;
  bool onward = false;
  if (f) {
    if (lo != 0 || hi != SHADOW_GRANULE) {
      repeat_overlapped(f, granule + lo, hi - lo, w->now);
    } else if (repeat_seen(f, granule, SHADOW_GRANULE, w->now, &rec)) {
      if (all_onward)
        *all_onward = false;
      return;
    }
  }
  if (!half_recorded(first, second, lo, hi, w, all_onward ? &onward : NULL)) {
    onward = false;
    update_half(first, second, granule, lo, hi, w);
  }
  if (all_onward)
    *all_onward = *all_onward && onward;
  if (rec)
    repeat_note(f, rec, granule, SHADOW_GRANULE, w->now);
}

/* Any access: its granules, leaf by leaf (onward: NULL, or set as history_access_onward
 * says). */
static inline __attribute__((always_inline)) unsigned
span_walk(uintptr_t addr, size_t size, const struct access_now *now, struct sp_cache *cache,
          struct race_found *out, bool *onward) {
  struct walk w = {now, cache, out, 0, cells_generation(), mode_precise()};
  if (onward)
    *onward = true;
  struct repeat_filter *f = repeat_on(&t_repeats) ? &t_repeats : NULL;
  uintptr_t end = addr + size;
  uintptr_t granule = addr & ~(uintptr_t)(SHADOW_GRANULE - 1);
  while (granule < end) {
    char *leaf = shadow_leaf(granule);
    if (!leaf) {
      if (onward)
        *onward = false;
      return w.n;
    }
    /* Walk the cells of this leaf without another trie lookup. */
    uintptr_t stop = granule + shadow_leaf_room(granule);
    if (end < stop)
      stop = end;
    while (granule < stop) {
      bool second = granule & SHADOW_GRANULE;
      struct granule_cell *first = shadow_cell_in(leaf, word_of(granule));
      if (!second && granule >= addr && granule + SHADOW_WORD <= end) {
        span_word(first, granule, &w, f, onward);
        granule += SHADOW_WORD;
        continue;
      }
      unsigned lo = addr > granule ? (unsigned)(addr - granule) : 0;
      unsigned hi = end < granule + SHADOW_GRANULE ? (unsigned)(end - granule) : SHADOW_GRANULE;
      span_half(first, second, granule, lo, hi, &w, f, onward);
      granule += SHADOW_GRANULE;
    }
  }
  return w.n;
}

/* span_walk out of line (its frame is large), without the onward answer (most spans:
 * none of its tests) and with it. */
static __attribute__((noinline)) unsigned history_span(uintptr_t addr, size_t size,
                                                       const struct access_now *now,
                                                       struct sp_cache *cache,
                                                       struct race_found *out) {
  return span_walk(addr, size, now, cache, out, NULL);
}
static __attribute__((noinline)) unsigned
history_span_onward(uintptr_t addr, size_t size, const struct access_now *now,
                    struct sp_cache *cache, struct race_found *out, bool *onward) {
  return span_walk(addr, size, now, cache, out, onward);
}

/* An aligned 8-byte access (doubles, pointers, longs: most of loop code's) is one
 * word, an aligned 4-byte one (ints, floats) one granule of a word: one lookup and one
 * lock-free test, in a small frame, as history_span would make them. */
static inline __attribute__((always_inline)) unsigned
aligned_access(uintptr_t addr, bool whole_word, const struct access_now *now,
               struct sp_cache *cache, struct race_found *out, bool *onward) {
  struct walk w = {now, cache, out, 0, cells_generation(), mode_precise()};
  char *leaf = shadow_leaf(addr);
  if (!leaf)
    return 0;
  struct granule_cell *first = shadow_cell_in(leaf, word_of(addr));
  if (whole_word) {
    if (!word_recorded(first, &w, onward))
      update_word(first, addr, &w);
  } else {
    bool second = addr & SHADOW_GRANULE;
    if (!half_recorded(first, second, 0, SHADOW_GRANULE, &w, onward))
      update_half(first, second, addr, 0, SHADOW_GRANULE, &w);
  }
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

/* history_access, and history_access_onward when onward is not NULL (both inline it:
 * the plain one without a test of onward). An aligned access goes to the repeat
 * filter first while it is on. */
static inline __attribute__((always_inline)) unsigned
access_granules(uintptr_t addr, size_t size, const struct access_now *now, struct sp_cache *cache,
                struct race_found *out, bool *onward) {
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
    return aligned_access(addr, whole_word, now, cache, out, onward);
  struct repeat_entry *rec;
  if (repeat_seen(f, addr, (unsigned)size, now, &rec))
    return 0;
  unsigned n = aligned_access(addr, whole_word, now, cache, out, onward);
  repeat_note(f, rec, addr, (unsigned)size, now);
  return n;
}

unsigned history_access(uintptr_t addr, size_t size, const struct access_now *now,
                        struct sp_cache *cache, struct race_found *out) {
  return access_granules(addr, size, now, cache, out, NULL);
}

unsigned history_access_onward(uintptr_t addr, size_t size, const struct access_now *now,
                               struct sp_cache *cache, struct race_found *out, bool *onward) {
  *onward = false;
  return access_granules(addr, size, now, cache, out, onward);
}

/* Empties a slot; in precise mode its entries go back to this thread's free list. */
static void forget_slot(struct history_slot *slot, bool precise) {
  if (precise)
    precise_forget(slot);
  *slot = (struct history_slot){0};
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
  forget_slot(&g->whole, precise);
  __atomic_store_n(&g->last_update, 0, __ATOMIC_RELAXED);
  return 0;
}

/* Forgets a whole current word: both cells old, the second first (history_cell.h). A
 * paired word's second cell is no history: made old if current. */
static void forget_word(struct granule_cell *first, uint32_t gen, bool precise) {
  struct granule_cell *second = second_of(first);
  uint32_t s0 = cell_lock(first, gen);
  if (!(s0 & CELL_PAIRED) || second->gen == gen) {
    uint32_t s1 = cell_lock(second, gen);
    if (!(s0 & CELL_PAIRED))
      forget_cell(second, s1, precise);
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
