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
#define LOCK_IS_MUTEXINOUTSET(lock) (((uint64_t)(lock) >> 62) == 2)
#define LOCK_MUTEXINOUTSET_ADDR(lock) ((uintptr_t)(((uint64_t)(lock) & ~(1ull << 63)) >> 1))

/* Instance tokens: a lock held around a nested parallel region.
 *
 * An acquisition of lock L makes an interval; accesses inside one interval exclude
 * accesses inside any other interval of L. The interval's accesses are those of the
 * acquiring task and, when that task runs a parallel region inside it, those of every
 * thread of the region (recursively: regions nested in that one end before it does).
 * Those threads run in parallel inside the one interval, so L does not order them
 * among themselves: giving them plain L would hide their races with each other, and
 * giving them nothing reports their accesses against L's other holders (a false race).
 *
 * So when a region begins while its encountering task's lockset is not empty, each
 * plain lock L of that set becomes a token L@r, new for this region, and every
 * implicit task of the region (the master's too, which then no longer counts its own
 * plain L) holds the converted set. Tokens already in the set stay: a region nested
 * in one that runs under L@r is still inside the same interval. Two locksets then
 * exclude each other when they share a plain lock, hold a plain L and a token of L,
 * or hold two different tokens of one lock (two intervals, or a region's interval and
 * another holder's plain one: the acquiring task's own plain L in the same interval
 * comes before the region's fork or after its join, which order it anyway). One token
 * on both sides is one interval: it does not exclude. Tasks created inside the region
 * hold its tokens too (they end at its barrier, inside the interval), not the plain
 * locks of their creator (a deferred task may run after the release). Tokens are made
 * only where a region begins under a lock, not at every acquisition, so a program
 * that takes locks in loops keeps a few locksets.
 *
 * Keys: both top bits set (lock keys and wait ids are below 2^63, mutexinoutset keys
 * have bit 62 clear), and an index into a table of base locks: tokens sort after
 * every other lock. The table has LOCK_INSTANCES_MAX entries, never reused (a history
 * entry may name a token until the run ends); when it is full the members of a
 * region, but the acquiring thread, do not hold the lock (a possible false report,
 * never a miss) and the gap is logged. */
#define LOCK_INSTANCE_TAG (3ull << 62)
#define LOCK_IS_INSTANCE(lock) (((uint64_t)(lock) >> 62) == 3)
#define LOCK_INSTANCES_MAX 65536u

lockset_id lockset_add(lockset_id set, uint64_t lock);

/* lockset_add(set, LOCK_ATOMIC), memoised per set: after the first call for a set it
 * takes no lock and allocates nothing, so the access check may call it from a signal
 * handler (the set {LOCK_ATOMIC} itself is made when the tool starts). */
lockset_id lockset_with_atomic(lockset_id set);
lockset_id lockset_remove(lockset_id set, uint64_t lock);
/* Whether no lock of a excludes one of b (tokens: see above). */
bool lockset_disjoint(lockset_id a, lockset_id b);
/* Whether two accesses that both hold `set` exclude each other: the set holds a plain
 * lock (or two intervals of one lock). A set of tokens of one interval does not. */
bool lockset_excludes_itself(lockset_id set);
/* The set the members of a region that begins under `set` hold: each plain lock made
 * a new token, tokens kept. */
lockset_id lockset_instance(lockset_id set);
/* The tokens of `set` only: what a task created inside a region holds of the
 * region's locks (it ends before the region, inside the intervals). */
lockset_id lockset_instances_of(lockset_id set);
/* The lockset of a thread's accesses: the locks it took and its running task's,
 * except a plain lock of `held` that the task's locks hold as a token (the master of a
 * region run under that lock). */
lockset_id lockset_effective(lockset_id held, lockset_id task_locks);
/* Whether a and b hold a common token: their accesses are in one interval of a lock
 * held around a nested region (for the explanation of a report). */
bool lockset_share_instance(lockset_id a, lockset_id b);
lockset_id lockset_union(lockset_id a, lockset_id b);
/* The set's locks (plain ones sorted, then the locks its tokens stand for, each lock
 * once), up to max of them into out; returns how many it has. For reports, which name
 * the locks each access held. */
unsigned lockset_locks(lockset_id set, uint64_t *out, unsigned max);

#endif
