/* The access history: the one entry point the hooks call for every access, whatever
 * the mode. It walks the granule cells an access covers (history_cell.h), takes each
 * cell's lock unless a lock-free check shows the access is recorded already, and runs
 * the mode's algorithm on the cell's slot or, for partial accesses, on its per-byte
 * slots: fast mode (history_fast.h, Algorithm 19) or precise mode (history_precise.h,
 * Algorithm 20). It also forgets the history of fresh memory. */
#ifndef OMPRACER_HISTORY_H
#define OMPRACER_HISTORY_H

#include "access.h"
#include "sp_query.h"

#include <stddef.h>

/* Reserves the side tables within the shadow budget (shadow_limit_mb): a quarter of it
 * for per-byte split granules and, in precise mode, a quarter for entries. */
int history_init(uint64_t shadow_limit_mb);
/* Forgets all history (callers make sure no other thread is checking accesses). */
void history_reset(void);
/* fork(): the child's shadow starts empty (shadow_atfork_child), so what the child's
 * thread remembers of its own checks is forgotten too. */
void history_atfork_child(void);
/* Forgets the history of [addr, addr + n): fresh memory. */
void history_forget(uintptr_t addr, size_t n);

/* Checks [addr, addr + size) against the history and records the access. Returns the
 * number of distinct earlier accesses it races with (at most MAX_RACES_PER_ACCESS are
 * described in out). */
unsigned history_access(uintptr_t addr, size_t size, const struct access_now *now,
                        struct sp_cache *cache, struct race_found *out);
/* history_access for a read its strand repeats at the same address in later
 * iterations of its loop. *onward: whether the lock-free test found the read recorded
 * in a way that the same read with any later (larger) iteration tag of the strand
 * would find too, while the history of these bytes stays as it is: then such a
 * repetition changes nothing and finds nothing (reads_seen in history_common.h says
 * when). A read of several granules is answered onward when each of them is, each
 * held in one slot (a paired word, or a granule unsplit); anything else is false. */
unsigned history_access_onward(uintptr_t addr, size_t size, const struct access_now *now,
                               struct sp_cache *cache, struct race_found *out, bool *onward);

#endif
