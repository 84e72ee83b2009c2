/* Locksets for precise mode: the set of locks a thread holds, interned so that an
 * access history entry names its lockset by a 32-bit id. A lock is identified by the
 * OMPT wait id OpenMP gives it (each critical name, each omp_lock_t, ordered regions).
 * Atomic accesses and a reduction's combining step hold the pseudo-lock LOCK_ATOMIC:
 * they never race with each other, and do race with plain accesses. A task with a
 * depend(mutexinoutset: x) clause holds the lock LOCK_MUTEXINOUTSET(&x) while it runs. */
#ifndef OMPRACER_LOCKSET_H
#define OMPRACER_LOCKSET_H

#include <stdbool.h>
#include <stdint.h>

typedef uint32_t lockset_id; /* 0: the empty set */

#define LOCK_ATOMIC 1u
/* Kept apart from wait ids, which are addresses too. */
#define LOCK_MUTEXINOUTSET(addr) (((uint64_t)(addr) << 1) | (1ull << 63))
#define LOCK_IS_MUTEXINOUTSET(lock) (((uint64_t)(lock) >> 63) != 0)
#define LOCK_MUTEXINOUTSET_ADDR(lock) ((uintptr_t)(((uint64_t)(lock) & ~(1ull << 63)) >> 1))

lockset_id lockset_add(lockset_id set, uint64_t lock);
lockset_id lockset_remove(lockset_id set, uint64_t lock);
bool lockset_disjoint(lockset_id a, lockset_id b);
lockset_id lockset_union(lockset_id a, lockset_id b);
/* The set's locks (sorted), up to max of them into out; returns how many it has. For
 * reports, which name the locks each access held. */
unsigned lockset_locks(lockset_id set, uint64_t *out, unsigned max);

#endif
