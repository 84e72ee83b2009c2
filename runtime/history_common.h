/* What the fast and precise access histories share: the memoised isParallel of the
 * running strand, the conflict test, collecting races found by one access, and the
 * rule that keeps two parallel accesses out of many (SPD3's: the pair whose LCA is
 * highest in the OSPG covers every future conflict with the others). */
#ifndef OMPRACER_HISTORY_COMMON_H
#define OMPRACER_HISTORY_COMMON_H

#include "history_fast.h"
#include "sp_query.h"

static inline bool parallel_with(struct sp_cache *c, node_id other) {
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
static inline bool conflicts(struct sp_cache *c, const struct access_now *now,
                             struct access_ref prev) {
  if ((now->site & ACCESS_ATOMIC) && (prev.site & ACCESS_ATOMIC))
    return false;
  return parallel_with(c, prev.node);
}

/* Accumulates racing bytes into the per-access list of earlier accesses. */
static inline void note_race(struct race_found *out, unsigned *n, uintptr_t addr, unsigned nbytes,
                             struct access_ref prev, bool prev_is_write) {
  for (unsigned i = 0; i < *n && i < MAX_RACES_PER_ACCESS; i++) {
    if (out[i].prev.site == prev.site && out[i].prev.node == prev.node &&
        out[i].prev_is_write == prev_is_write) {
      out[i].nbytes += nbytes;
      return;
    }
  }
  if (*n < MAX_RACES_PER_ACCESS)
    out[*n] = (struct race_found){addr, nbytes, prev, prev_is_write};
  (*n)++;
}

/* Records `me` into a pair of same-kind accesses: an entry ordered before me is
 * replaced by me; if me is parallel with both, me replaces one only when that widens
 * the pair's LCA. */
static inline void keep_pair(struct sp_cache *c, struct access_ref *a, struct access_ref *b,
                             struct access_ref me) {
  if (!a->node) {
    *a = me;
    return;
  }
  bool par1 = parallel_with(c, a->node);
  if (!b->node) {
    if (par1)
      *b = me;
    else
      *a = me;
    return;
  }
  bool par2 = parallel_with(c, b->node);
  if (!par1 && !par2) {
    *a = me;
    *b = (struct access_ref){0, 0};
  } else if (!par1) {
    *a = me;
  } else if (!par2) {
    *b = me;
  } else {
    unsigned d12 = ospg_node(sp_lca(a->node, b->node))->depth;
    unsigned dc1 = ospg_node(sp_lca(me.node, a->node))->depth;
    unsigned dc2 = ospg_node(sp_lca(me.node, b->node))->depth;
    if (dc1 < d12 && dc2 < d12)
      *a = me;
  }
}

#endif
