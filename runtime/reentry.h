/* Whether this thread is inside the runtime: in the check of an access, in a hook's
 * bookkeeping, or holding the log or report lock. A signal handler that interrupts
 * such a thread and touches instrumented memory must not be checked there: its check
 * would wait for a lock (a shadow cell's, the log's, the report's) that its own thread
 * holds, for ever. A counter, so that nested entries (a report printed from a check)
 * leave it set until the outermost one leaves. volatile: the handler reads what the
 * interrupted code wrote, which the compiler must not drop or move past the calls it
 * brackets. */
#ifndef OMPRACER_REENTRY_H
#define OMPRACER_REENTRY_H

#include "tls.h"

extern OMPR_TLS volatile unsigned t_in_runtime;

static inline void runtime_enter(void) {
  t_in_runtime = t_in_runtime + 1;
}
static inline void runtime_leave(void) {
  t_in_runtime = t_in_runtime - 1;
}
static inline int runtime_entered(void) {
  return t_in_runtime != 0;
}

#endif
