/* The branch a polling load decides (the pass's OMPRACER_BRANCH_HOW of hooks.h),
 * evaluated again on another value: would the value an earlier write replaced have
 * taken the same branch? (sync_order.c, hand-offs through critical sections.) */
#ifndef OMPRACER_BRANCH_TEST_H
#define OMPRACER_BRANCH_TEST_H

#include <stdbool.h>
#include <stdint.h>

/* Whether the branch of `how` holds for a loaded value (its low loaded bits count,
 * truncated, extended and compared with `constant` as the program does). */
bool branch_holds(uint64_t value, uint64_t constant, uint32_t how);
/* The value as the load read it: its low loaded bits. */
uint64_t branch_loaded(uint64_t value, uint32_t how);

#endif
