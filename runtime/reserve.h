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

/* Like reserve_zeroed, but the pages are shared anonymous memory. The first read of a
 * private anonymous page maps the kernel's shared zero page, and the first write then
 * replaces that mapping, which flushes the TLB of every CPU that runs the process (an
 * inter-processor interrupt per page): the shadow, whose cells are read before they are
 * written, paid a third of a memory-heavy run's time there (BOTS sort, 2 threads). A
 * shared page is allocated on its first touch, read or write. Such pages stay shared
 * with a forked child unless it replaces them (shadow_atfork_child). */
static inline void *reserve_shared_zeroed(size_t bytes) {
  void *p =
      mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  return p == MAP_FAILED ? NULL : p;
}

/* reserve_zeroed or reserve_shared_zeroed (shared), starting at a multiple of `align`
 * (a power of two): more is reserved and the ends trimmed. NULL when the system
 * refuses. */
static inline void *reserve_aligned(size_t bytes, size_t align, int shared) {
  char *p = shared ? reserve_shared_zeroed(bytes + align) : reserve_zeroed(bytes + align);
  if (p == NULL)
    return NULL;
  char *start = (char *)(((size_t)p + align - 1) & ~(align - 1));
  if (start > p)
    munmap(p, (size_t)(start - p));
  munmap(start + bytes, (size_t)(p + align - start));
  return start;
}

/* A per-thread scratch array grown to `new_bytes` (zero-filled past `old_bytes`), with
 * mmap and munmap instead of realloc: the access check grows such arrays, and a signal
 * handler that interrupts the program inside malloc and then touches instrumented
 * memory would wait in realloc for the allocator lock its own thread holds, for ever
 * (mmap and munmap are async-signal-safe). NULL when the system refuses; `old` stays. */
static inline void *reserve_regrow(void *old, size_t old_bytes, size_t new_bytes) {
  void *p = mmap(NULL, new_bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED)
    return NULL;
  if (old) {
    __builtin_memcpy(p, old, old_bytes);
    munmap(old, old_bytes);
  }
  return p;
}

#endif
