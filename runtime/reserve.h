/* Reserving address space: the OSPG arena, the shadow trie, and the history pools are
 * single reservations whose pages cost memory only once touched (MAP_NORESERVE), so
 * their capacity can be generous without committing memory up front. */
#ifndef OMPRACER_RESERVE_H
#define OMPRACER_RESERVE_H

#include <stddef.h>
#include <sys/mman.h>

/* Zero-filled, readable and writable; NULL when the system refuses. */
static inline void *reserve_zeroed(size_t bytes) {
  void *p =
      mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  return p == MAP_FAILED ? NULL : p;
}

#endif
