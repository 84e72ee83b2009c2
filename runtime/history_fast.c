#include "history_fast.h"

#include "history_common.h"
#include "history_precise.h"
#include "reserve.h"
#include "shadow.h"
#include "sp_query.h"

#include <stdatomic.h>
#include <string.h>

/* A granule's shadow cell. Its lock lives in the cell: the lock's cache line is the
 * one the update writes anyway, so threads working on different data never share a
 * lock line. */
struct granule_cell {
  struct history_cell whole; /* the history while not split */
  uint32_t gen;              /* generation of the contents; older means empty */
  _Atomic uint32_t state;    /* CELL_LOCKED | (0: not split; else 1 + split pool index) */
  uint32_t unused;           /* pads the cell to SHADOW_CELL_BYTES */
};
#define CELL_LOCKED 0x80000000u
#define CELL_SPLIT(state) ((state) & ~CELL_LOCKED)
_Static_assert(sizeof(struct granule_cell) == SHADOW_CELL_BYTES, "cell size");

struct split_bytes {
  struct history_cell byte[SHADOW_GRANULE];
};

static _Atomic uint32_t g_gen = 1; /* fresh (zero) shadow pages hold generation 0 */
static struct split_bytes *g_split_pool;
static uint64_t g_split_capacity;
static _Atomic uint64_t g_split_used;

/* Locks a cell; returns its split field (stable while locked). */
static uint32_t lock_cell(struct granule_cell *g) {
  for (;;) {
    uint32_t s = atomic_fetch_or_explicit(&g->state, CELL_LOCKED, memory_order_acquire);
    if (!(s & CELL_LOCKED))
      return s;
    while (atomic_load_explicit(&g->state, memory_order_relaxed) & CELL_LOCKED)
      __builtin_ia32_pause();
  }
}

static void unlock_cell(struct granule_cell *g, uint32_t split) {
  atomic_store_explicit(&g->state, split, memory_order_release);
}

void sp_cache_reset(struct sp_cache *c, node_id cur) {
  c->cur = cur;
  c->iter = 0;
  c->window = 0;
  c->tag0 = 1;
  memset(c->key, 0, sizeof c->key);
}

int history_init(uint64_t split_granules) {
  void *p = reserve_zeroed(split_granules * sizeof(struct split_bytes));
  if (p == NULL)
    return -1;
  g_split_pool = p;
  g_split_capacity = split_granules;
  return 0;
}

void history_reset(void) {
  atomic_fetch_add(&g_gen, 1);
  atomic_store(&g_split_used, 0);
  precise_reset();
}

/* Algorithm 19 on one history that covers nbytes from addr. */
static void access_history(struct history_cell *h, uintptr_t addr, unsigned nbytes,
                           const struct access_now *now, struct sp_cache *c, struct race_found *out,
                           unsigned *n) {
  struct access_ref me = ref_of(now);
  /* Already recorded by this strand at this site in this iteration: nothing can change. */
  struct access_ref *same = now->is_write ? &h->w : &h->r1;
  if (same->node == me.node && same->site == me.site && same->iter == me.iter)
    return;
  if (h->w.node && conflicts(c, now, h->w))
    note_race(out, n, addr, nbytes, h->w, true);
  if (now->is_write) {
    if (h->r1.node && conflicts(c, now, h->r1))
      note_race(out, n, addr, nbytes, h->r1, false);
    if (h->r2.node && conflicts(c, now, h->r2))
      note_race(out, n, addr, nbytes, h->r2, false);
    /* One write slot: an atomic write does not displace a plain write ordered before
     * it. The plain one races with atomic accesses too, which the atomic one would not
     * (a plain initialisation followed by atomic updates in parallel is the common
     * case); a later plain access parallel with the atomic write only may be missed. */
    bool keep_plain = h->w.node && !(h->w.site & ACCESS_ATOMIC) && (me.site & ACCESS_ATOMIC) &&
                      !parallel_with(c, h->w);
    if (!keep_plain)
      ref_store(&h->w, me);
  } else {
    keep_pair(c, &h->r1, &h->r2, me);
  }
}

/* Brings a locked cell into the current generation (emptying it if it is older);
 * returns its split field. */
static uint32_t refresh(struct granule_cell *g, uint32_t split, uint32_t gen) {
  if (g->gen == gen)
    return split;
  memset(&g->whole, 0, sizeof g->whole);
  g->gen = gen;
  return 0;
}

/* Gives a locked granule per-byte histories, each starting as a copy of the whole one
 * (*split is updated). Returns NULL when the split pool is full. */
static struct split_bytes *split_cell(struct granule_cell *g, uint32_t *split) {
  if (*split)
    return &g_split_pool[*split - 1];
  uint64_t i = atomic_fetch_add(&g_split_used, 1);
  if (i >= g_split_capacity || i >= CELL_LOCKED - 1) {
    shadow_out_of_room("the per-byte shadow pool is full");
    return NULL;
  }
  struct split_bytes *s = &g_split_pool[i];
  for (unsigned b = 0; b < SHADOW_GRANULE; b++) {
    if (precise_enabled())
      precise_copy(&s->byte[b], &g->whole);
    else
      s->byte[b] = g->whole;
  }
  *split = (uint32_t)i + 1;
  return s;
}

/* Whether recording this access in a whole granule would change nothing and find no
 * race, checked without the lock: the same strand made this very access before (in
 * the same iteration), or, for a read, the two read entries already cover it
 * (reads_cover) and the write slot holds nothing parallel with it. A writer racing
 * with this check compares itself with those reads. */
static bool already_recorded(struct granule_cell *g, const struct access_now *now,
                             struct sp_cache *c, uint32_t gen) {
  if (g->gen != gen || CELL_SPLIT(atomic_load_explicit(&g->state, memory_order_relaxed)))
    return false;
  struct access_ref me = ref_of(now);
  const struct history_cell *h = &g->whole;
  if (now->is_write)
    return ref_holds(&h->w, me);
  /* A read kept in either read slot: two threads reading one shared value each find
   * themselves there and never write the line. */
  if (ref_holds(&h->r1, me) || ref_holds(&h->r2, me))
    return true;
  if (!reads_cover(c, &h->r1, &h->r2, me))
    return false;
  struct access_ref w = ref_load(&h->w);
  return !w.node || !conflicts(c, now, w);
}

/* The access's bytes [lo, hi) of one granule. */
static void access_granule(struct granule_cell *g, uintptr_t granule, unsigned lo, unsigned hi,
                           const struct access_now *now, struct sp_cache *c, struct race_found *out,
                           unsigned *n, uint32_t gen) {
  bool whole = lo == 0 && hi == SHADOW_GRANULE;
  bool precise = precise_enabled();
  if (whole && (precise ? g->gen == gen &&
                              !CELL_SPLIT(atomic_load_explicit(&g->state, memory_order_relaxed)) &&
                              precise_already_recorded(&g->whole, now, c)
                        : already_recorded(g, now, c, gen)))
    return;
  uint32_t split = refresh(g, lock_cell(g), gen);
  if (!split && whole) {
    if (precise)
      precise_access(&g->whole, granule, SHADOW_GRANULE, now, c, out, n);
    else
      access_history(&g->whole, granule, SHADOW_GRANULE, now, c, out, n);
  } else {
    struct split_bytes *s = split_cell(g, &split);
    for (unsigned b = lo; s && b < hi; b++) {
      if (precise)
        precise_access(&s->byte[b], granule + b, 1, now, c, out, n);
      else
        access_history(&s->byte[b], granule + b, 1, now, c, out, n);
    }
  }
  unlock_cell(g, split);
}

unsigned history_fast_access(uintptr_t addr, size_t size, const struct access_now *now,
                             struct sp_cache *cache, struct race_found *out) {
  unsigned n = 0;
  uint32_t gen = atomic_load_explicit(&g_gen, memory_order_relaxed);
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
      access_granule(g, granule, lo, hi, now, cache, out, &n, gen);
    }
  }
  return n;
}

/* Returns a whole granule's precise-mode entries (all its bytes', if split). */
static void forget_precise_granule(struct granule_cell *g, uint32_t split) {
  if (!split) {
    precise_forget(&g->whole);
    return;
  }
  for (unsigned b = 0; b < SHADOW_GRANULE; b++)
    precise_forget(&g_split_pool[split - 1].byte[b]);
}

/* Forgets the granules of one leaf's worth of [addr, end). */
static void forget_in_leaf(struct granule_cell *g, uintptr_t granule, uintptr_t addr, uintptr_t end,
                           uint32_t gen) {
  for (; granule < end; granule += SHADOW_GRANULE, g++) {
    if (g->gen != gen)
      continue;
    unsigned lo = addr > granule ? (unsigned)(addr - granule) : 0;
    unsigned hi = end < granule + SHADOW_GRANULE ? (unsigned)(end - granule) : SHADOW_GRANULE;
    uint32_t split = refresh(g, lock_cell(g), gen);
    bool precise = precise_enabled();
    if (lo == 0 && hi == SHADOW_GRANULE) {
      if (precise)
        forget_precise_granule(g, split);
      g->gen = 0;
      split = 0;
    } else {
      /* A granule shared with a live neighbour: forget only the fresh bytes. */
      struct split_bytes *s = split_cell(g, &split);
      for (unsigned b = lo; s && b < hi; b++) {
        if (precise)
          precise_forget(&s->byte[b]);
        memset(&s->byte[b], 0, sizeof s->byte[b]);
      }
    }
    unlock_cell(g, split);
  }
}

void history_forget(uintptr_t addr, size_t size) {
  uint32_t gen = atomic_load_explicit(&g_gen, memory_order_relaxed);
  uintptr_t end = addr + size;
  uintptr_t granule = addr & ~(uintptr_t)(SHADOW_GRANULE - 1);
  while (granule < end) {
    uintptr_t leaf_end = granule + shadow_leaf_room(granule);
    uintptr_t stop = end < leaf_end ? end : leaf_end;
    /* Only leaves that exist can hold history: skip the others whole. */
    struct granule_cell *g = shadow_cell_if_mapped(granule);
    if (g)
      forget_in_leaf(g, granule, addr, stop, gen);
    granule = leaf_end;
  }
}
