/* A loop's check as the pass makes it (pass/LoopRanges.h): `count` runs of `size`
 * bytes, `stride` apart from addr (a range is one run), over the span [lo, hi); and
 * whether a range of bytes meets one of its runs. Types and one inline test: the
 * repeat records (history_range_repeats.h) and the onward set (onward_set.h) use them. */
#ifndef OMPRACER_LOOP_CHECK_H
#define OMPRACER_LOOP_CHECK_H

#include <stdbool.h>
#include <stdint.h>

struct loop_check {
  uintptr_t addr;
  uint64_t count, stride, size;
  uintptr_t lo, hi;
};

static inline bool same_check(const struct loop_check *a, const struct loop_check *b) {
  return a->addr == b->addr && a->count == b->count && a->stride == b->stride && a->size == b->size;
}

/* Whether [addr, end) meets a run of c. Runs with gaps between them, made upward,
 * are tested run by run (a blocked kernel reads interleaved blocks of columns); any
 * other check by its span. */
static inline bool check_meets(const struct loop_check *c, uintptr_t addr, uintptr_t end) {
  if (addr >= c->hi || end <= c->lo)
    return false;
  if (c->count < 2 || c->stride <= c->size || c->addr != c->lo)
    return true;
  uintptr_t x = addr > c->lo ? addr : c->lo;
  uintptr_t y = end < c->hi ? end : c->hi;
  uint64_t k = (x - c->lo) / c->stride;
  if (x - c->lo - k * c->stride < c->size)
    return true;                          /* x lies in run k */
  return c->lo + (k + 1) * c->stride < y; /* run k + 1 starts before y */
}

#endif
