/* What the fast and precise access histories share: the conflict test, reading and
 * writing remembered accesses without the cell lock, collecting the races found by one
 * access, and the rule that keeps two parallel accesses out of many (SPD3's: the pair
 * whose LCA is highest in the OSPG covers every future conflict with the others). */
#ifndef OMPRACER_HISTORY_COMMON_H
#define OMPRACER_HISTORY_COMMON_H

#include "access.h"
#include "history_more.h"
#include "sp_query.h"

/* Atomic accesses never race with each other. */
static inline __attribute__((always_inline)) bool
conflicts(struct sp_cache *c, const struct access_now *now, struct access_ref prev) {
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
static inline __attribute__((always_inline)) bool
ref_load_mine(const struct access_ref *r, node_id node, struct access_ref *out) {
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
static inline __attribute__((always_inline)) struct access_ref
ref_load(const struct access_ref *r) {
  return (struct access_ref){__atomic_load_n(&r->node, __ATOMIC_ACQUIRE),
                             __atomic_load_n(&r->site, __ATOMIC_RELAXED),
                             __atomic_load_n(&r->iter, __ATOMIC_RELAXED)};
}

/* The node of an entry read without the lock, as a ref with no site or iteration:
 * for tests that read only other strands' nodes (the loads of the other fields would
 * be wasted: atomic loads are not dropped when unused). */
static inline __attribute__((always_inline)) struct access_ref
ref_load_node(const struct access_ref *r) {
  return (struct access_ref){__atomic_load_n(&r->node, __ATOMIC_ACQUIRE), 0, 0};
}

/* Whether an entry holds exactly this access (read without the lock). */
static inline __attribute__((always_inline)) bool ref_holds(const struct access_ref *r,
                                                            struct access_ref me) {
  struct access_ref x;
  return ref_load_mine(r, me.node, &x) && x.site == me.site && x.iter == me.iter;
}

/* What a lock-free look at the read pair says about a read `me`. */
enum read_seen {
  READ_NEW,     /* don't know: take the lock */
  READ_HELD,    /* an entry is this very read (same strand, site and iteration), or
                   same_strand_rename: recording it would only rename the entry */
  READ_COVERED, /* recording it would leave both entries as they are (below) */
};

/* Both entries are other strands' (a and b, nodes only). keep_pair keeps such a pair
 * when me is parallel with both and replacing one would not raise the pair's LCA: of
 * LCA(me, a), LCA(me, b) and LCA(a, b) the two highest are one node (a tree), so
 * keep_pair replaces one only when LCA(me, a) = LCA(me, b) lies above LCA(a, b).
 * Covers a shared value read by many strands (more threads than the pair holds: each
 * of them would otherwise take the lock and rewrite nothing, on a line all of them
 * share). Two entries of one strand are not covered (me widens their pair). a and b
 * as ref_load_node reads them: other strands' nodes alone. */
static inline __attribute__((always_inline)) bool
others_cover(struct sp_cache *c, struct access_ref a, struct access_ref b) {
  if (!a.node || !b.node || a.node == b.node || a.node == c->cur || b.node == c->cur)
    return false;
  /* The answer depends on the three strands only: memoised per running strand (a
   * location's pair is often every location's: the strands that read a shared input). */
  unsigned k = (a.node * 31u + b.node) & (SP_CACHE_COVERS - 1);
  if (c->cover_a[k] == a.node && c->cover_b[k] == b.node)
    return c->cover_ok[k];
  bool ok = false;
  if (parallel_with(c, a)) {
    unsigned da = lca_depth_with(c, a.node);
    if (parallel_with(c, b)) {
      unsigned db = lca_depth_with(c, b.node);
      ok = da != db || lca_depth_of_pair(c, a.node, b.node) <= da;
    }
  }
  c->cover_a[k] = a.node;
  c->cover_b[k] = b.node;
  c->cover_ok[k] = ok;
  return ok;
}

/* Whether recording the read `me` would only rename its strand's entry m (m is of me's
 * strand and iteration, at another site): m is atomic alike and the other entry is
 * empty. keep_pair would replace m by me (m is ordered before me) and leave the other
 * empty: the pair names the same strand-iteration before and after, so every later
 * conflict test answers alike and every race is found alike; only the read site a
 * report names is m's (an earlier read of the same strand and iteration) instead of
 * me's. A search that reads each byte from two sites (BOTS nqueens' board test) took
 * the lock on every read to swap the name. Precise mode's entries keep their pairs the
 * same way (dropping an access ordered before me never expands a lazy family). */
static inline __attribute__((always_inline)) bool
same_strand_rename(struct access_ref m, const struct access_ref *other, struct access_ref me) {
  return !((m.site ^ me.site) & ACCESS_ATOMIC) && !__atomic_load_n(&other->node, __ATOMIC_RELAXED);
}

/* Whether a read entry m of me's strand, read without the lock (the other entry of
 * the pair: other), holds the read me: the very read, or one that recording me would
 * only rename (reads_seen's READ_HELD). */
static inline __attribute__((always_inline)) bool
read_held_as(struct access_ref m, const struct access_ref *other, struct access_ref me) {
  return m.iter == me.iter && (m.site == me.site || same_strand_rename(m, other, me));
}

/* Looks at the two read entries without the lock. READ_COVERED when recording `me`
 * would leave them as they are and me is parallel with both (so a later write meets
 * a kept read as parallel with it as me, by the read-pair rule):
 * - one is of me's strand in another iteration, and the other of me's strand in a
 *   third iteration or of a strand parallel with me's: keep_pair keeps the pair, whose
 *   LCA is already as high as any pair with me (whatever the entries' sites); covers
 *   shared values read by every iteration of every chunk;
 * - both are of other strands, parallel with me, and keep the pair (others_cover).
 * Entries are read as ref_load_mine/ref_load say: a torn read of another strand's
 * entry only names some node that was there (its iteration is ignored), and a writer
 * racing with this look compares itself with the entries this read is covered by.
 * The two entries are loaded one after the other: two updates under the lock between
 * the loads (one per entry) can show a pair that never stood together. The case where
 * one entry is me's strand's has always taken that window; the case of two other
 * strands takes it too (a version word per cell would close it; the cell has no room
 * left, see design.md, Performance design, step 3).
 * held_only: READ_HELD or READ_NEW only (callers whose algorithm cannot skip a
 * covered read).
 * onward (may be NULL): set on READ_COVERED when the same read of the same strand with
 * any later iteration tag (a larger one: tags grow until they wrap) would be covered
 * by these entries too. The answer depends on the iteration only through
 * iterations_parallel with me's own entries, which in a loop whose iterations are all
 * parallel (window 0) says "parallel" for every tag other than the entry's own: so
 * when those entries are of earlier iterations (or there are none), every later
 * iteration finds them as this one did. */
static inline __attribute__((always_inline)) enum read_seen
reads_seen(struct sp_cache *c, const struct access_ref *r1, const struct access_ref *r2,
           struct access_ref me, bool held_only, bool *onward) {
  /* The common answer first: the strand's own entry in r1 (the very read, or one it
   * would only rename), before r2 is read at all. */
  struct access_ref a, b;
  bool mine1 = ref_load_mine(r1, me.node, &a);
  if (mine1 && read_held_as(a, r2, me))
    return READ_HELD;
  bool mine2 = ref_load_mine(r2, me.node, &b);
  if (mine2 && read_held_as(b, r1, me))
    return READ_HELD;
  if (held_only)
    return READ_NEW;
  if (!mine1 && !mine2) {
    bool covered = others_cover(c, ref_load_node(r1), ref_load_node(r2));
    if (onward)
      *onward = covered;
    return covered ? READ_COVERED : READ_NEW;
  }
  if (!me.iter)
    return READ_NEW;
  if (mine1 && mine2) {
    bool covered = parallel_with(c, a) && parallel_with(c, b) && a.iter != b.iter;
    if (onward)
      *onward = covered && !c->window && a.iter < me.iter && b.iter < me.iter;
    return covered ? READ_COVERED : READ_NEW;
  }
  struct access_ref m = mine1 ? a : b;
  /* Another strand's: only its node matters (a torn read of mine: not parallel). */
  struct access_ref o = ref_load_node(mine1 ? r2 : r1);
  bool covered = parallel_with(c, m) && o.node && parallel_with(c, o);
  if (onward)
    *onward = covered && !c->window && m.iter < me.iter;
  return covered ? READ_COVERED : READ_NEW;
}

/* Whether a kept write w that does not race with the running strand's read now stays
 * so for every later iteration of the strand (reads_seen's onward): it is another
 * strand's (whose answer is the strand's, memoised), or of no tagged iteration, or of
 * an earlier loop of the running strand (below tag0). */
static inline __attribute__((always_inline)) bool write_apart_onward(const struct sp_cache *c,
                                                                     struct access_ref w) {
  return !w.node || w.node != c->cur || !w.iter || w.iter < c->tag0;
}

/* The access as an entry. Its node and site are loaded one by one: the hooks store them
 * as two 4-byte fields just before, and one 8-byte load of both (what the compiler
 * makes of a plain copy) cannot be forwarded from two stores, so it waited for them to
 * reach the cache (perf: a fifth of the mixed kernel's read4_plain samples sat on it). */
static inline struct access_ref ref_of(const struct access_now *now) {
  return (struct access_ref){__atomic_load_n(&now->node, __ATOMIC_RELAXED),
                             __atomic_load_n(&now->site, __ATOMIC_RELAXED), now->iter};
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
 * meet just below it (the iterations form an implicit P-level under the strand).
 * Memoised in the running strand's cache (LCAs never change). */
static inline unsigned lca_depth(struct sp_cache *c, struct access_ref x, struct access_ref y) {
  if (x.node == y.node)
    return ospg_node(ospg_live(x.node))->depth + 1u; /* a reclaimed strand: its rep's */
  if (x.node == c->cur)
    return lca_depth_with(c, y.node);
  if (y.node == c->cur)
    return lca_depth_with(c, x.node);
  return lca_depth_of_pair(c, x.node, y.node);
}

/* Records `me` into a pair of same-kind accesses, given whether me is parallel with
 * each (false for an empty entry): an entry ordered before me is replaced by me; if me
 * is parallel with both, me replaces one only when that widens the pair's LCA. */
static inline __attribute__((always_inline)) void
keep_pair_known(struct sp_cache *c, struct access_ref *a, struct access_ref *b,
                struct access_ref me, bool par1, bool par2) {
  if (!a->node) {
    ref_store(a, me);
  } else if (!b->node) {
    ref_store(par1 ? b : a, me);
  } else if (!par1 && !par2) {
    ref_store(a, me);
    ref_store(b, (struct access_ref){0, 0, 0});
  } else if (!par1) {
    ref_store(a, me);
  } else if (!par2) {
    ref_store(b, me);
  } else {
    unsigned d12 = lca_depth(c, *a, *b);
    if (lca_depth(c, me, *a) < d12 && lca_depth(c, me, *b) < d12)
      ref_store(a, me);
  }
}

static inline __attribute__((always_inline)) void
keep_pair(struct sp_cache *c, struct access_ref *a, struct access_ref *b, struct access_ref me) {
  keep_pair_known(c, a, b, me, parallel_with(c, *a), parallel_with(c, *b));
}

/* keep_pair_known on a locked slot's own pair of one kind (writes: w and w2; reads: r1
 * and r2), whose second entry lies in the slot's overflow (history_more.h; m: more_of
 * the slot, as the caller read it): the overflow is taken into use only when the pair
 * becomes two entries, and written only when it changes. The same choices as
 * keep_pair_known's. */
static inline __attribute__((always_inline)) void
keep_slot_pair_known(struct sp_cache *c, struct history_slot *s, const struct slot_more *m,
                     bool is_write, struct access_ref me, bool par1, bool par2) {
  struct access_ref *a = is_write ? &s->w : &s->r1;
  struct access_ref b = is_write ? m->w2 : m->r2;
  if (!a->node) {
    ref_store(a, me);
  } else if (!b.node) {
    if (par1) {
      struct slot_more *w = more_for_write(s);
      ref_store(is_write ? &w->w2 : &w->r2, me);
    } else {
      ref_store(a, me);
    }
  } else if (!par1 && !par2) {
    ref_store(a, me);
    ref_store(is_write ? &more_at(s)->w2 : &more_at(s)->r2, (struct access_ref){0, 0, 0});
  } else if (!par1) {
    ref_store(a, me);
  } else if (!par2) {
    ref_store(is_write ? &more_at(s)->w2 : &more_at(s)->r2, me);
  } else {
    unsigned d12 = lca_depth(c, *a, b);
    if (lca_depth(c, me, *a) < d12 && lca_depth(c, me, b) < d12)
      ref_store(a, me);
  }
}

#endif
