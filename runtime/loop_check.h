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

/* Whether a check's runs go upward with gaps between them: check_meets tests them run
 * by run. */
static inline bool check_has_gaps(const struct loop_check *c) {
  return c->count >= 2 && c->stride > c->size && c->addr == c->lo;
}

/* Whether [addr, end) meets a run of c. Runs with gaps between them, made upward,
 * are tested run by run (a blocked kernel reads interleaved blocks of columns); any
 * other check by its span. */
static inline bool check_meets(const struct loop_check *c, uintptr_t addr, uintptr_t end) {
  if (addr >= c->hi || end <= c->lo)
    return false;
  if (!check_has_gaps(c))
    return true;
  uintptr_t x = addr > c->lo ? addr : c->lo;
  uintptr_t y = end < c->hi ? end : c->hi;
  uint64_t k = (x - c->lo) / c->stride;
  if (x - c->lo - k * c->stride < c->size)
    return true;                          /* x lies in run k */
  return c->lo + (k + 1) * c->stride < y; /* run k + 1 starts before y */
}

/* Whether some run of n meets a run of c, both with gaps and one stride: check_meets
 * of c asked of each run of n, answered at once. Run k of n, [n->addr + k S, + n->size),
 * meets run j of c when D - c->size < (j - k) S < D + n->size (D = n->addr - c->addr);
 * a window narrower than 2 S holds at most two such m = j - k, each met by the k in
 * [0, n->count) with j = k + m in [0, c->count). */
static inline bool runs_meet_same_stride(const struct loop_check *c, const struct loop_check *n) {
  int64_t s = (int64_t)n->stride, d = (int64_t)n->addr - (int64_t)c->addr;
  int64_t above = d - (int64_t)c->size; /* m S must exceed it */
  int64_t m = (above >= 0 ? above / s : -((-above + s - 1) / s)) + 1;
  for (; m * s < d + (int64_t)n->size; m++) {
    int64_t k_lo = m < 0 ? -m : 0;
    int64_t k_hi = (int64_t)c->count - m;
    if (k_hi > (int64_t)n->count)
      k_hi = (int64_t)n->count;
    if (k_lo < k_hi)
      return true;
  }
  return false;
}

#endif
