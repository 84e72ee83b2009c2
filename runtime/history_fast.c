#include "history_fast.h"

#include "shadow.h"
#include "sp_query.h"

#include <stdatomic.h>
#include <string.h>

_Static_assert(sizeof(struct history_cell) == SHADOW_CELL_BYTES, "cell size");

#define LOCK_SLOTS 4096
static atomic_flag g_locks[LOCK_SLOTS];

static void lock_granule(uintptr_t addr) {
  atomic_flag *l = &g_locks[(addr >> 3) & (LOCK_SLOTS - 1)];
  while (atomic_flag_test_and_set_explicit(l, memory_order_acquire))
    __builtin_ia32_pause();
}

static void unlock_granule(uintptr_t addr) {
  atomic_flag_clear_explicit(&g_locks[(addr >> 3) & (LOCK_SLOTS - 1)], memory_order_release);
}

void sp_cache_reset(struct sp_cache *c, node_id cur) {
  c->cur = cur;
  memset(c->key, 0, sizeof c->key);
}

static bool parallel_with(struct sp_cache *c, node_id other) {
  if (!other || other == c->cur)
    return false;
  unsigned slot = other & (SP_CACHE_SLOTS - 1);
  if (c->key[slot] != other) {
    c->key[slot] = other;
    c->parallel[slot] = sp_is_parallel(c->cur, other);
  }
  return c->parallel[slot];
}

/* Atomic accesses never race with each other. */
static bool conflicts(struct sp_cache *c, const struct access_now *now, struct access_ref prev) {
  if ((now->site & ACCESS_ATOMIC) && (prev.site & ACCESS_ATOMIC))
    return false;
  return parallel_with(c, prev.node);
}

/* Accumulates one racing byte into the per-access list of earlier accesses. */
static void note_race(struct race_found *out, unsigned *n, uintptr_t addr,
                      struct access_ref prev, bool prev_is_write) {
  for (unsigned i = 0; i < *n && i < MAX_RACES_PER_ACCESS; i++) {
    if (out[i].prev.site == prev.site && out[i].prev.node == prev.node &&
        out[i].prev_is_write == prev_is_write) {
      out[i].nbytes++;
      return;
    }
  }
  if (*n < MAX_RACES_PER_ACCESS)
    out[*n] = (struct race_found){addr, 1, prev, prev_is_write};
  (*n)++;
}

/* Keeps the two reads whose LCA is highest (closest to the root), as in SPD3. */
static void record_read(struct sp_cache *c, struct history_cell *h, struct access_ref me) {
  if (!h->r1.node) {
    h->r1 = me;
    return;
  }
  bool par1 = parallel_with(c, h->r1.node);
  if (!h->r2.node) {
    if (par1)
      h->r2 = me;
    else
      h->r1 = me;
    return;
  }
  bool par2 = parallel_with(c, h->r2.node);
  if (!par1 && !par2) {
    h->r1 = me;
    h->r2 = (struct access_ref){0, 0};
  } else if (!par1) {
    h->r1 = me; /* r1 is ordered before me: whatever races with r1 later races with me */
  } else if (!par2) {
    h->r2 = me;
  } else {
    unsigned d12 = ospg_node(sp_lca(h->r1.node, h->r2.node))->depth;
    unsigned dc1 = ospg_node(sp_lca(me.node, h->r1.node))->depth;
    unsigned dc2 = ospg_node(sp_lca(me.node, h->r2.node))->depth;
    if (dc1 < d12 && dc2 < d12)
      h->r1 = me;
  }
}

static void access_byte(struct history_cell *h, uintptr_t addr, const struct access_now *now,
                        struct sp_cache *c, struct race_found *out, unsigned *n) {
  struct access_ref me = {now->node, now->site};
  /* Already recorded by this strand with the same kind: nothing can change. */
  if (now->is_write ? (h->w.node == me.node && h->w.site == me.site)
                    : (h->r1.node == me.node && h->r1.site == me.site))
    return;
  if (h->w.node && conflicts(c, now, h->w))
    note_race(out, n, addr, h->w, true);
  if (now->is_write) {
    if (h->r1.node && conflicts(c, now, h->r1))
      note_race(out, n, addr, h->r1, false);
    if (h->r2.node && conflicts(c, now, h->r2))
      note_race(out, n, addr, h->r2, false);
    h->w = me;
  } else {
    record_read(c, h, me);
  }
}

unsigned history_fast_access(uintptr_t addr, size_t size, const struct access_now *now,
                             struct sp_cache *cache, struct race_found *out) {
  unsigned n = 0;
  while (size) {
    size_t room = shadow_leaf_room(addr);
    size_t len = size < room ? size : room;
    struct history_cell *cells = shadow_cells(addr);
    if (!cells)
      return n;
    /* One lock per 8-byte granule of application memory. */
    for (size_t i = 0; i < len;) {
      uintptr_t a = addr + i;
      size_t in_granule = 8 - (a & 7);
      size_t end = i + in_granule < len ? i + in_granule : len;
      lock_granule(a);
      for (; i < end; i++)
        access_byte(&cells[i], addr + i, now, cache, out, &n);
      unlock_granule(a);
    }
    addr += len;
    size -= len;
  }
  return n;
}
