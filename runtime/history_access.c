/* The access history's out-of-line paths (history_access.h has the inlined one and says
 * what each of these is for) and its entry points history_access and
 * history_access_onward (history.h). */
#include "history_access.h"

#include <string.h>

/* The same for the bytes [lo, hi) of a split granule (an access to part of it: chars,
 * shorts, unaligned data; or a whole access to a granule split before), each byte's
 * slot by the mode's test. The per-byte slots stay where they are in the split pool
 * until the generation ends, and are written under the cell lock as whole slots are,
 * so the same lock-free reading applies; a byte slot has no last-update note (0). */
bool history_bytes_recorded(struct granule_cell *g, unsigned lo, unsigned hi,
                            const struct walk *w) {
  struct split_bytes *s = cell_split_current(g, w->gen);
  if (!s)
    return false;
  for (unsigned b = lo; b < hi; b++)
    if (!slot_recorded(&s->byte[b], more_of(&s->byte[b]), false, w, NULL))
      return false;
  return true;
}

/* Declared, with what it is for, in history_access.h. */
uint32_t history_update_bytes(struct granule_cell *g, uintptr_t granule, unsigned lo, unsigned hi,
                              uint32_t split, struct walk *w) {
  struct split_bytes *s = cell_split(g, &split, w->precise ? precise_copy : fast_copy);
  for (unsigned b = lo; s && b < hi; b++) {
    struct history_slot *slot = &s->byte[b];
    if (!w->precise)
      fast_access(slot, granule + b, 1, w->now, w->cache, w->out, &w->n);
    /* The common update inline first, as update_whole takes it for a granule (a byte's
     * slot keeps no last-update note: precise_access's holder is not noted). */
    else if (!precise_lazy_update(slot, more_of(slot), w->now, w->cache))
      precise_access(slot, granule + b, 1, w->now, w->cache, w->out, &w->n);
  }
  return split;
}

static inline bool same_ref(struct access_ref a, struct access_ref b) {
  return a.node == b.node && a.site == b.site && a.iter == b.iter;
}

/* Whether two locked, unsplit cells hold the same history (no pooled entries: those
 * are each slot's own). */
static inline bool same_history(const struct granule_cell *a, const struct granule_cell *b) {
  const struct slot_more *ma = more_of(&a->whole), *mb = more_of(&b->whole);
  return !ma->head && !mb->head && ma->last_update == mb->last_update &&
         same_ref(a->whole.w, b->whole.w) && same_ref(a->whole.r1, b->whole.r1) &&
         same_ref(ma->r2, mb->r2) && same_ref(ma->w2, mb->w2);
}

static inline bool slot_empty(const struct granule_cell *g) {
  const struct slot_more *m = more_of(&g->whole);
  return !g->whole.w.node && !g->whole.r1.node && !m->r2.node && !m->w2.node && !m->head &&
         !m->last_update;
}

/* Stores a ref as ref_store does, if it changes (for lock-free readers that looked at
 * the cell before). */
static inline void ref_update(struct access_ref *to, struct access_ref v) {
  if (!same_ref(*to, v))
    ref_store(to, v);
}

/* Gives a locked, unsplit cell a copy of another's history (the mode's copy: pooled
 * entries are duplicated), storing each changed ref as ref_store does, for lock-free
 * readers that looked at the cell before. Its own slot holds no pooled entry. fresh:
 * the cell was just emptied (cell_lock_fresh), so its refs are stored without reading
 * them back: those loads could not be forwarded from the emptying's stores and waited
 * for the cell's line, which the stores alone leave to the store buffer (perf: half of
 * history_unpair_locked's samples in the mixed kernel). */
static void give_copy(struct granule_cell *to, const struct granule_cell *from, bool precise,
                      bool fresh) {
  if (fresh) {
    ref_store(&to->whole.w, from->whole.w);
    ref_store(&to->whole.r1, from->whole.r1);
  } else {
    ref_update(&to->whole.w, from->whole.w);
    ref_update(&to->whole.r1, from->whole.r1);
  }
  if (!slot_has_more(&from->whole) && !slot_has_more(&to->whole))
    return;
  struct slot_more *m = more_for_write(&to->whole);
  const struct slot_more *src = more_of(&from->whole);
  ref_update(&m->r2, src->r2);
  ref_update(&m->w2, src->w2);
  uint32_t head = precise ? precise_copy_head(&from->whole) : src->head;
  __atomic_store_n(&m->head, head, __ATOMIC_RELAXED);
  __atomic_store_n(&m->last_update, src->last_update, __ATOMIC_RELAXED);
}

/* Declared in history_access.h. Its second cell gets a copy of the word's history,
 * pooled entries included (a paired word's second cell is never split and lists no
 * pooled entry of its own: it was old, or equal to the first with none, when the word
 * was paired). */
uint32_t history_unpair_locked(struct granule_cell *first, uint32_t state, uint32_t gen,
                               bool precise) {
  struct granule_cell *second = second_of(first);
  bool fresh;
  cell_lock_fresh(second, gen, &fresh);
  give_copy(second, first, precise, fresh);
  cell_unlock(second, 0);
  return state & ~CELL_PAIRED;
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

/* Declared, with what it is for, in history_access.h. */
uint32_t history_lock_second_slow(struct granule_cell *first, uint32_t gen, bool *fresh,
                                  bool precise) {
  struct granule_cell *second = second_of(first);
  /* A word of two ints: the second cell's lock alone. */
  if (first_alone(first, gen)) {
    uint32_t s = cell_lock_fresh(second, gen, fresh);
    if (first_alone(first, gen))
      return s;
    /* The word was paired (or is being forgotten) meanwhile: a second cell this lock
     * brought into the generation goes back to old, so that a current second cell
     * still means an unpaired word (history_cell.h) for the checks that read it alone
     * and for forget_word, which does not read a paired word's second cell. */
    if (*fresh)
      second->gen = 0;
    cell_unlock(second, s);
  }
  bool first_fresh;
  uint32_t s0 = lock_first_alone(first, gen, &first_fresh, precise);
  uint32_t s = cell_lock_fresh(second, gen, fresh);
  cell_unlock(first, s0);
  return s;
}

/* Declared, with what it is for, in history_access.h. */
void history_update_word_unpaired(struct granule_cell *first, uintptr_t word, uint32_t s0,
                                  struct walk *w) {
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

/* Out of line, so that the walk keeps a small frame when nothing is to be updated
 * (history_access.h). The word is unpaired first. */
void history_update_half(struct granule_cell *first, bool second, uintptr_t granule, unsigned lo,
                         unsigned hi, struct walk *w) {
  update_half(first, second, granule, lo, hi, w);
}

/* span_word (history_access.h) for the bytes [lo, hi) of one granule of a word. */
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
    history_update_half(first, second, granule, lo, hi, w);
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
      if (!second && granule >= addr && granule + SHADOW_WORD <= stop) {
        /* The whole words from here to the leaf's or the span's end: consecutive
         * first cells, in a loop of their own. */
        do {
          span_word(first++, granule, &w, f, onward);
          granule += SHADOW_WORD;
        } while (granule + SHADOW_WORD <= stop);
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

/* span_walk out of line (history_access.h): most spans ask for no onward answer. */
unsigned history_span(uintptr_t addr, size_t size, const struct access_now *now,
                      struct sp_cache *cache, struct race_found *out) {
  return span_walk(addr, size, now, cache, out, NULL);
}
unsigned history_span_onward(uintptr_t addr, size_t size, const struct access_now *now,
                             struct sp_cache *cache, struct race_found *out, bool *onward) {
  return span_walk(addr, size, now, cache, out, onward);
}

unsigned history_access(uintptr_t addr, size_t size, const struct access_now *now,
                        struct sp_cache *cache, struct race_found *out) {
  return access_granules(addr, size, now, cache, out, NULL, false);
}

unsigned history_access_onward(uintptr_t addr, size_t size, const struct access_now *now,
                               struct sp_cache *cache, struct race_found *out, bool *onward) {
  *onward = false;
  return access_granules(addr, size, now, cache, out, onward, false);
}
