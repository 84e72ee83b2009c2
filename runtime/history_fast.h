/* Fast-mode access history (seed Algorithms 18 and 19) on one history slot: the last
 * write and up to two reads that may run in parallel, each as (strand, site, iteration
 * tag). Checking an access against them finds every apparent race with earlier
 * accesses as long as taskwaits are fully nested and no mutual exclusion is used. The
 * caller (history_access.c) holds the slot's granule cell locked, except for the lock-free
 * fast_already_recorded check. */
#ifndef OMPRACER_HISTORY_FAST_H
#define OMPRACER_HISTORY_FAST_H

#include "access.h"
#include "sp_query.h"

/* Algorithm 19 on one slot that covers nbytes from addr: notes the races into out/n
 * and records the access. */
void fast_access(struct history_slot *h, uintptr_t addr, unsigned nbytes,
                 const struct access_now *now, struct sp_cache *c, struct race_found *out,
                 unsigned *n);

/* Whether recording this access in the slot would change nothing and find no race,
 * checked without the lock (false means "don't know"). onward (NULL, or false on
 * entry): set when it is a read that the same read in any later iteration of its
 * strand would find recorded too, the slot staying as it is (reads_seen's onward). */
bool fast_already_recorded(const struct history_slot *h, const struct access_now *now,
                           struct sp_cache *c, bool *onward);

/* A split copies the whole slot as it is. */
void fast_copy(struct history_slot *dst, const struct history_slot *src);

#endif
