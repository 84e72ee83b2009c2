/* What the fast and precise access histories share: the conflict test, reading and
 * writing remembered accesses without the cell lock, collecting the races found by one
 * access, and the rule that keeps two parallel accesses out of many (SPD3's: the pair
 * whose LCA is highest in the OSPG covers every future conflict with the others). */
#ifndef OMPRACER_HISTORY_COMMON_H
#define OMPRACER_HISTORY_COMMON_H

#include "access.h"
#include "sp_query.h"

/* Atomic accesses never race with each other. */
static inline bool conflicts(struct sp_cache *c, const struct access_now *now,
                             struct access_ref prev) {
  if ((now->site & ACCESS_ATOMIC) && (prev.site & ACCESS_ATOMIC))
    return false;
  return parallel_with(c, prev);
}

/* Entries are read without the lock by the already-recorded checks, while a writer
 * (holding the lock) may be replacing them. A writer stores the node first, then the
 * rest; a reader that sees its own node before and after reading site and iteration
 * read values its own thread wrote, because no other thread ever stores that node
 * (the seqlock pattern, with the node as the sequence word). */
static inline void ref_store(struct access_ref *r, struct access_ref v) {
  __atomic_store_n(&r->node, v.node, __ATOMIC_RELAXED);
  __atomic_thread_fence(__ATOMIC_RELEASE);
  __atomic_store_n(&r->site, v.site, __ATOMIC_RELAXED);
  __atomic_store_n(&r->iter, v.iter, __ATOMIC_RELAXED);
}

/* Reads an entry that names `node` without the lock; false if it names another. */
static inline bool ref_load_mine(const struct access_ref *r, node_id node, struct access_ref *out) {
  if (__atomic_load_n(&r->node, __ATOMIC_ACQUIRE) != node)
    return false;
  out->node = node;
  out->site = __atomic_load_n(&r->site, __ATOMIC_RELAXED);
  out->iter = __atomic_load_n(&r->iter, __ATOMIC_RELAXED);
  __atomic_thread_fence(__ATOMIC_ACQUIRE);
  return __atomic_load_n(&r->node, __ATOMIC_RELAXED) == node;
}

/* Reads an entry of any strand without the lock. It may be torn while a writer
 * replaces it; callers only use it to decide whether to take the lock, and such a
 * writer compares itself with the entries this access is covered by. */
static inline struct access_ref ref_load(const struct access_ref *r) {
  return (struct access_ref){__atomic_load_n(&r->node, __ATOMIC_ACQUIRE),
                             __atomic_load_n(&r->site, __ATOMIC_RELAXED),
                             __atomic_load_n(&r->iter, __ATOMIC_RELAXED)};
}

/* Whether an entry holds exactly this access (read without the lock). */
static inline bool ref_holds(const struct access_ref *r, struct access_ref me) {
  struct access_ref x;
  return ref_load_mine(r, me.node, &x) && x.site == me.site && x.iter == me.iter;
}

/* Whether recording a read `me` would leave the two read entries as they are, checked
 * without the lock: one of them is of me's strand in another iteration, and the other
 * of me's strand in a third iteration or of a strand parallel with me's. Then me is
 * parallel with both, and keep_pair keeps the pair, whose LCA is already as high as
 * any pair with me (this holds whatever the entries' sites). Covers shared values read
 * by every iteration of every chunk, which would otherwise take the cell's lock. */
static inline bool reads_cover(struct sp_cache *c, const struct access_ref *r1,
                               const struct access_ref *r2, struct access_ref me) {
  struct access_ref a, b;
  if (!me.iter)
    return false;
  bool mine1 = ref_load_mine(r1, me.node, &a), mine2 = ref_load_mine(r2, me.node, &b);
  if (mine1 && mine2)
    return parallel_with(c, a) && parallel_with(c, b) && a.iter != b.iter;
  if (mine1 == mine2)
    return false;
  struct access_ref m = mine1 ? a : b;
  const struct access_ref *other = mine1 ? r2 : r1;
  struct access_ref o = ref_load(other);
  o.iter = 0; /* another strand's: only its node matters (a torn read of mine: not parallel) */
  return parallel_with(c, m) && o.node && parallel_with(c, o);
}

static inline struct access_ref ref_of(const struct access_now *now) {
  return (struct access_ref){now->node, now->site, now->iter};
}

/* Accumulates racing bytes into the per-access list of earlier accesses. An access
 * visits its bytes in increasing address order, and one location may hold two entries
 * that report as one (two iterations of one strand at one site): bytes already counted
 * are not counted again. */
static inline void note_race(struct race_found *out, unsigned *n, uintptr_t addr, unsigned nbytes,
                             struct access_ref prev, bool prev_is_write, lockset_id prev_lockset) {
  for (unsigned i = 0; i < *n && i < MAX_RACES_PER_ACCESS; i++) {
    if (out[i].prev.site == prev.site && out[i].prev.node == prev.node &&
        out[i].prev_is_write == prev_is_write) { /* any iteration: reports name sites */
      uintptr_t counted = out[i].addr + out[i].nbytes, from = addr > counted ? addr : counted;
      if (addr + nbytes > from)
        out[i].nbytes += (uint32_t)(addr + nbytes - from);
      return;
    }
  }
  if (*n < MAX_RACES_PER_ACCESS)
    out[*n] = (struct race_found){addr, nbytes, prev, prev_is_write, prev_lockset};
  (*n)++;
}

/* Depth of the least common ancestor of two entries; two iterations of one strand
 * meet just below it (the iterations form an implicit P-level under the strand). */
static inline unsigned lca_depth(struct access_ref x, struct access_ref y) {
  if (x.node == y.node)
    return ospg_node(x.node)->depth + 1u;
  return ospg_node(sp_lca(x.node, y.node))->depth;
}

/* Records `me` into a pair of same-kind accesses: an entry ordered before me is
 * replaced by me; if me is parallel with both, me replaces one only when that widens
 * the pair's LCA. */
static inline void keep_pair(struct sp_cache *c, struct access_ref *a, struct access_ref *b,
                             struct access_ref me) {
  if (!a->node) {
    ref_store(a, me);
    return;
  }
  bool par1 = parallel_with(c, *a);
  if (!b->node) {
    ref_store(par1 ? b : a, me);
    return;
  }
  bool par2 = parallel_with(c, *b);
  if (!par1 && !par2) {
    ref_store(a, me);
    ref_store(b, (struct access_ref){0, 0, 0});
  } else if (!par1) {
    ref_store(a, me);
  } else if (!par2) {
    ref_store(b, me);
  } else {
    unsigned d12 = lca_depth(*a, *b);
    if (lca_depth(me, *a) < d12 && lca_depth(me, *b) < d12)
      ref_store(a, me);
  }
}

#endif
