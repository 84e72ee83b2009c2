/* Fast-mode access history (seed Algorithms 18 and 19): per application byte, the
 * last write and up to two reads that may run in parallel, each as (strand, site).
 * Checking an access against them finds every apparent race with earlier accesses
 * as long as taskwaits are fully nested and no mutual exclusion is used.
 *
 * Byte-exact but compact: a 4-byte granule's shadow cell holds ONE history while every
 * access to the granule has covered all of it (ints, floats, pointers, doubles: the
 * common case). The first access to only part of a granule splits it: its history is
 * copied into four per-byte histories kept in a side pool, and the granule stays
 * split. So two strands writing different bytes of one word never meet.
 *
 * Each cell carries the generation it was written in; history_reset() starts a new
 * generation (after an outermost parallel region), which empties every cell at once
 * without touching memory.
 *
 * Updates are atomic with respect to each other through striped spin locks, one per
 * granule, hashed into a fixed table. */
#ifndef OMPRACER_HISTORY_FAST_H
#define OMPRACER_HISTORY_FAST_H

#include "lockset.h"
#include "ospg.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* One remembered access. node 0: empty. The site's top bit marks an atomic access.
 * iter: the loop iteration it belongs to (iterations.h), 0 outside tagged loops. Only
 * the thread running a strand writes entries naming it; see ref_store/ref_holds for how
 * the lock-free check reads the three words consistently. */
struct access_ref {
  node_id node;
  uint32_t site;
  uint32_t iter;
};
#define ACCESS_ATOMIC 0x80000000u
#define ACCESS_SITE(s) ((s) & ~ACCESS_ATOMIC)

struct history_cell {
  struct access_ref w, r1, r2;
};

/* Memoised isParallel(cur, x) for the strand that is running on this thread: most
 * accesses of a strand meet the same few earlier strands, so most queries hit. Must be
 * reset (sp_cache_reset) whenever the thread's current strand changes. */
#define SP_CACHE_SLOTS 64
struct sp_cache {
  node_id cur;
  uint32_t iter;   /* the running iteration of cur's tagged loop; 0: none */
  uint32_t window; /* that loop's safelen; 0: every two iterations are parallel */
  uint32_t tag0;   /* its first tag: cur's smaller tags are earlier loops' */
  node_id key[SP_CACHE_SLOTS];
  bool parallel[SP_CACHE_SLOTS];
};
void sp_cache_reset(struct sp_cache *c, node_id cur);

/* The current access, as the hooks describe it. */
struct access_now {
  node_id node;
  uint32_t site; /* with ACCESS_ATOMIC for atomics */
  uint32_t iter; /* loop iteration (iterations.h), 0 outside tagged loops */
  bool is_write;
  lockset_id lockset; /* precise mode: locks held (LOCK_ATOMIC for atomics) */
};

/* A race found by one access: against one earlier access, over nbytes from addr. */
struct race_found {
  uintptr_t addr;
  uint32_t nbytes;
  struct access_ref prev;
  bool prev_is_write;
};
#define MAX_RACES_PER_ACCESS 4

/* Reserves the split pool (room for `split_granules` split granules). */
int history_init(uint64_t split_granules);
/* Forgets all history (callers make sure no other thread is checking accesses). */
void history_reset(void);
/* Forgets the history of [addr, addr + n): fresh memory. */
void history_forget(uintptr_t addr, size_t n);

/* Checks [addr, addr + size) against the history and records the access. Returns the
 * number of distinct earlier accesses it races with (at most MAX_RACES_PER_ACCESS are
 * described in out). */
unsigned history_fast_access(uintptr_t addr, size_t size, const struct access_now *now,
                             struct sp_cache *cache, struct race_found *out);

#endif
