/* Repeated loop ranges: each thread's record of the last loop ranges it checked (the
 * pass's checks of the bytes a loop that stays on one strand reads or writes over all
 * its iterations: pass/LoopRanges.h), so that the same range checked again by the same
 * strand returns at once. A matrix multiply's inner loop is three such ranges per
 * (i, k), two of which (the read and the write of C's row i) repeat for every k; a
 * blocked kernel reads one row of a block for each of its columns.
 *
 * WHY A REPEAT MAY BE SKIPPED. A range check is, word by word, the checks the repeat
 * filter records (history_repeats.h): one site, one kind, one context (strand,
 * iteration tag, lockset, forget epoch). A record of a range stands for a record of
 * each of its words, and ends whenever one of those would: a check of this thread in
 * another context; a check of the same kind of any of its bytes (of either kind once
 * precise mode's families may expand: repeat_crosses_kinds); any forget of history by
 * any thread (the filter's epoch, which counts this thread in while it holds records);
 * a new shadow generation. So the argument there, that a check made again with none of
 * those in between changes nothing and finds nothing, is the argument here, for each
 * word. Every check that may change a history goes through history_access, which ends
 * the records it overlaps (range_repeats_overlap); checks answered without it (held
 * or repeated accesses) change nothing.
 *
 * Only loop ranges of at least RANGE_REPEAT_MIN_BYTES are recorded: a shorter one
 * costs little to check again, and a thread holding records makes every forget of
 * every thread write the shared epoch. The thread counts itself out when a check ends
 * its last record; one that ends holding records (as one whose repeat filter is on)
 * leaves the count up, and forgets then bump the epoch for nothing. */
#ifndef OMPRACER_HISTORY_RANGE_REPEATS_H
#define OMPRACER_HISTORY_RANGE_REPEATS_H

#include "access.h"
#include "history_cell.h"
#include "history_repeats.h"
#include "tls.h"

#include <stdbool.h>
#include <stdint.h>

#define RANGE_REPEATS 4
#define RANGE_REPEAT_MIN_BYTES 128

struct range_record {
  uintptr_t lo, hi; /* the bytes [lo, hi) */
  uint32_t site;
  bool is_write;
  uint32_t used; /* the thread's count of lookups when it last answered: oldest goes */
};

struct range_repeats {
  uint32_t n;       /* live records, in r[0 .. n) */
  bool counted;     /* this thread counts in g_repeat_filters_on (forgets bump the epoch) */
  bool checking;    /* between range_repeats_seen and range_repeats_note: stays counted */
  uint32_t lookups; /* ages the records */
  /* The context of the live records. */
  node_id node;
  uint32_t iter;
  lockset_id lockset;
  uint32_t gen;
  uint64_t epoch;
  struct range_record r[RANGE_REPEATS];
};

extern OMPR_TLS struct range_repeats t_range_repeats;

/* A loop range of `size` bytes at addr about to be checked in now's context: true if
 * the same check was recorded and may be skipped. Otherwise the caller checks it and
 * then calls range_repeats_note with the epoch given here (read before the check: a
 * forget during it ends the record). */
bool range_repeats_seen(uintptr_t addr, uint64_t size, const struct access_now *now,
                        uint64_t *epoch);
void range_repeats_note(uintptr_t addr, uint64_t size, const struct access_now *now,
                        uint64_t epoch);

/* Any check of [addr, addr + size) in now's context, made by history_access: ends the
 * records it may change (see above). One test while the thread holds none. */
void range_repeats_end_overlapping(uintptr_t addr, uint64_t size, const struct access_now *now);
static inline __attribute__((always_inline)) void
range_repeats_overlap(uintptr_t addr, uint64_t size, const struct access_now *now) {
  if (__builtin_expect(t_range_repeats.n != 0, 0))
    range_repeats_end_overlapping(addr, size, now);
}

#endif
