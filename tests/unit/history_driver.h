/* What the access history's unit tests share: the memory they reserve, and one access
 * checked through history_access as a given strand and iteration tag. */
#ifndef OMPRACER_TEST_HISTORY_DRIVER_H
#define OMPRACER_TEST_HISTORY_DRIVER_H

#include "history.h"
#include "ospg.h"
#include "shadow.h"

#include <stdio.h>

/* Reserves the OSPG, the shadow and the history's pools; false (with a message) if
 * the machine would not give them. */
static inline bool history_driver_init(void) {
  if (ospg_init(1 << 20) || shadow_init(1024) || history_init(16)) {
    fprintf(stderr, "cannot reserve memory\n");
    return false;
  }
  return true;
}

/* Checks one access of strand w in iteration iter (0: none; the loop's first tag is 1)
 * and returns how many races it found; *first (if not NULL) gets the first. */
static inline unsigned check_as(node_id w, uint32_t iter, void *addr, size_t size, bool is_write,
                                uint32_t site, struct race_found *first) {
  struct sp_cache cache;
  sp_cache_reset(&cache, w);
  cache.iter = iter;
  cache.tag0 = 1;
  struct access_now now = {.node = w, .site = site, .iter = iter, .is_write = is_write};
  struct race_found races[MAX_RACES_PER_ACCESS];
  unsigned n = history_access((uintptr_t)addr, size, &now, &cache, races);
  if (n && first)
    *first = races[0];
  return n;
}

#endif
