/* The skip window: the confined slot (confined.h) in which this thread may skip an
 * access with two comparisons, before any other test of the hooks.
 *
 * The hooks skip an access to a slot confined to the running task when every test of
 * check_in_runtime before the slot lookup would let it through and the task makes its
 * strands in series (hooks.c, skip_as_before and skip_confined). Those tests read
 * state that changes only at a few places; the window is opened where an access has
 * just been skipped with all of them passed, the thread plain (thread_state.h: no
 * lock, reduction, league or private stack) and its strand marked as having accesses
 * (t_sync_touched), and it is closed wherever one of them may change:
 *   - thread_refresh_plain (thread_state.h): the running task, its lockset, a
 *     reduction's combining step, an assumed league, the iteration's private stack;
 *   - a frame pushed on a task's strand stack (a worksharing construct opens) and a
 *     loop begun (a tagged loop opens): the task's strands are no longer in series;
 *   - a release ends the strand's accesses (sync_order.c, t_sync_touched false);
 *   - the slot is dropped, unconfined or popped (confined.c, with the skip hint).
 * While it is open, an access inside it gets the answer the whole path would give
 * (skip) without it, and with no side effect left to make. Closing it more often only
 * sends accesses back to that path.
 *
 * A unit of its own below the others: everything that closes it is lower than the
 * hooks that read it. */
#ifndef OMPRACER_SKIP_WINDOW_H
#define OMPRACER_SKIP_WINDOW_H

#include "tls.h"

#include <stdbool.h>
#include <stdint.h>

struct skip_window {
  uintptr_t lo, hi; /* [lo, hi); lo == hi: closed */
};

extern OMPR_TLS struct skip_window t_skip_window;

static inline __attribute__((always_inline)) bool skip_window_holds(uintptr_t addr, uint64_t size) {
  return addr >= t_skip_window.lo && addr + size <= t_skip_window.hi;
}
static inline void skip_window_open(uintptr_t lo, uintptr_t hi) {
  t_skip_window.lo = lo;
  t_skip_window.hi = hi;
}
static inline void skip_window_close(void) {
  t_skip_window.lo = t_skip_window.hi = 0;
}

#endif
