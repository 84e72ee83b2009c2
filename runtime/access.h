/* What an access is, to the access history: the access being checked (access_now), a
 * remembered earlier access (access_ref), the three remembered accesses a history slot
 * keeps in fast mode (history_slot, slot_more), and a race one access found
 * (race_found). Types only: the layers that fill and read them include this. */
#ifndef OMPRACER_ACCESS_H
#define OMPRACER_ACCESS_H

#include "lockset.h"
#include "ospg.h"

#include <stdbool.h>
#include <stdint.h>

/* One remembered access. node 0: empty. The site's top bit marks an atomic access.
 * iter: the loop iteration it belongs to (iterations.h), 0 outside tagged loops. Only
 * the thread running a strand writes entries naming it; see ref_store/ref_holds in
 * history_common.h for how the lock-free checks read the three words consistently. */
struct access_ref {
  node_id node;
  uint32_t site;
  uint32_t iter;
};
#define ACCESS_ATOMIC 0x80000000u
#define ACCESS_SITE(s) ((s) & ~ACCESS_ATOMIC)

/* The history of one granule or byte. Fast mode (seed Algorithm 19): the last write w
 * and two reads r1, r2. Precise mode (Algorithm 20): the slot itself is the entry of
 * the empty lockset and the root (writes w and w2, reads r1 and r2: the only entry
 * code without locks or tasks ever needs), and head lists the other (lockset, ST-node)
 * entries. A slot is 32 bytes, half a cache line: w and r1, which hold most histories
 * whole (a word's last write and last read), and the state word that says whether the
 * rest is in use (SLOT_MORE); the rest (struct slot_more: r2, w2, head and the cell's
 * last-update note) is an entry that the slot takes in its leaf once it first needs
 * it (history_more.h), so that memory whose slots never need one never touches its
 * pages. gen and state's other bits are a granule cell's (history_cell.h); in a byte's
 * slot (a split granule's) gen is free. */
struct history_slot {
  struct access_ref w, r1;
  uint32_t gen;           /* a cell's generation; a free byte slot's link */
  _Atomic uint32_t state; /* SLOT_MORE; a cell's lock, pair flag and split index */
};
#define SLOT_MORE 0x20000000u /* in state: the slot's slot_more is in use */

/* What a slot keeps beyond w and r1 (all zero while its SLOT_MORE is clear). */
struct slot_more {
  struct access_ref r2, w2; /* a second read and (precise mode) a second write */
  uint32_t head;            /* precise mode only: pool index + 1 of the first other entry */
  uint32_t last_update;     /* precise mode, a cell's whole slot: which own entry holds the
                               last update (0: none) */
};

/* The current access, as the hooks describe it. */
struct access_now {
  node_id node;
  uint32_t site; /* with ACCESS_ATOMIC for atomics */
  uint32_t iter; /* loop iteration (iterations.h), 0 outside tagged loops */
  bool is_write;
  lockset_id lockset; /* precise mode: locks held (LOCK_ATOMIC for atomics) */
};

/* A race found by one access: against one earlier access, over nbytes from addr.
 * prev_lockset: the locks the earlier access held (precise mode; 0 in fast mode, which
 * keeps no locksets), for the report's explanation only. */
struct race_found {
  uintptr_t addr;
  uint32_t nbytes;
  struct access_ref prev;
  bool prev_is_write;
  lockset_id prev_lockset;
};
#define MAX_RACES_PER_ACCESS 4

#endif
