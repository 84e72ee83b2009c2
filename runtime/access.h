/* What an access is, to the access history: the access being checked (access_now), a
 * remembered earlier access (access_ref), the three remembered accesses a history slot
 * keeps in fast mode (history_slot), and a race one access found (race_found). Types
 * only: the layers that fill and read them include this. */
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

/* The history of one granule or byte: in fast mode the last write and two reads (seed
 * Algorithm 19); in precise mode the first word heads its list of entries. */
struct history_slot {
  struct access_ref w, r1, r2;
};

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

#endif
