/* A thread's onward records (history_range_repeats.h, ONWARD RECORDS, says what they
 * stand for): up to ONWARD_SET_CAP read loop checks, each found by the check itself (a
 * hash of it: its home slot) and by the bytes it spans (the live records in the order
 * of their span starts, with the largest span end up to each place), so that a check
 * of other bytes visits only the records whose spans may meet it: a matrix multiply's
 * iteration reads each of B's rows, one record per row, and the rest of the loop's
 * checks meet none of them. The storage (about 384 KB of address space, pages touched
 * as records fill it) is reserved on the first record, with mmap (the check may run in
 * a signal handler), and kept for the thread: the runtime has no hook at a thread's
 * end (as for precise mode's per-thread scratch), and libomp keeps its threads. */
#ifndef OMPRACER_ONWARD_SET_H
#define OMPRACER_ONWARD_SET_H

#include "loop_check.h"

#include <stdbool.h>
#include <stdint.h>

#define ONWARD_SET_CAP 4096
#define ONWARD_SET_SLOTS (2 * ONWARD_SET_CAP) /* a power of two */
_Static_assert(ONWARD_SET_CAP < 65536, "indexes are 16 bits, 1 + index in a slot");

/* A read check whose runs all answered onward with tag iter, and its hole
 * [hole_lo, hole_hi): the hull of the bytes of its runs that this thread's checks met
 * since, within its span (empty: hole_lo >= hole_hi). */
struct onward_record {
  struct loop_check c;
  uint32_t site;
  uint32_t iter;
  uintptr_t hole_lo, hole_hi;
  uint32_t home; /* its slot */
  bool live;     /* not ended since it was made */
};

struct onward_set {
  uint32_t n;              /* live records */
  uint32_t cap;            /* 0 until the storage is reserved (or if that failed) */
  uint32_t top, nfree;     /* storage used so far; freed indexes in freed[0 .. nfree) */
  uint32_t cursor;         /* where a full set looks for the record it replaces */
  struct onward_record *r; /* storage */
  uint16_t *slot;          /* 1 + the index of the record whose home it is (or stale) */
  uint16_t *order;         /* the live records by span start, in order[0 .. n) */
  uintptr_t *reach;        /* reach[p]: the largest span end among order[0 .. p] */
  uint16_t *freed;
};

/* Ends every record. */
void onward_set_clear(struct onward_set *s);
/* The live record of the check c made at site, or NULL. */
struct onward_record *onward_set_find(const struct onward_set *s, const struct loop_check *c,
                                      uint32_t site);
/* Adds a record of c (empty hole), ending the record at its home and, when the set is
 * full, another; NULL when there is no storage. */
struct onward_record *onward_set_add(struct onward_set *s, const struct loop_check *c,
                                     uint32_t site, uint32_t iter);
/* Calls meet(record, lo, hi) for every live record one of whose runs meets [lo, hi),
 * from the highest span start down, and ends the records for which it returns true.
 * Returns how many records it looked at (those whose spans may meet [lo, hi)). */
uint32_t onward_set_meeting(struct onward_set *s, uintptr_t lo, uintptr_t hi,
                            bool (*meet)(struct onward_record *, uintptr_t, uintptr_t));

#endif
