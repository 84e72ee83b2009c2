/* Whether accesses are still checked at all: off before the tool starts and for good
 * once the node arena or the shadow runs out of room (which say so themselves). The
 * hooks read it on every access, so the failure paths, not the hooks, switch it off. */
#ifndef OMPRACER_DETECTION_H
#define OMPRACER_DETECTION_H

#include <stdatomic.h>
#include <stdbool.h>

extern atomic_bool g_detecting;

static inline void detection_stop(void) {
  atomic_store(&g_detecting, false);
}

#endif
