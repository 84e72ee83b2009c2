/* Repeated loop checks: each thread's record of the last loop checks it made (the
 * pass's checks of the bytes a loop that stays on one strand reads or writes over all
 * its iterations, a range or runs a stride apart: pass/LoopRanges.h), so that the same
 * check made again by the same strand returns at once. A matrix multiply's inner loop
 * is three such ranges per (i, k), two of which (the read and the write of C's row i)
 * repeat for every k; a blocked kernel reads a block of columns for each row.
 *
 * WHY A REPEAT MAY BE SKIPPED. A loop check is, word by word, the checks the repeat
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

#define RANGE_REPEATS 16 /* a blocked loop nest reads a block of columns per row */
#define RANGE_REPEAT_MIN_BYTES 128
/* Records that are not answered cost: each check in their span tests them. A thread
 * whose window of RANGE_WINDOW records got fewer than a quarter as many answers drops
 * its records and makes none for its next RANGE_PAUSE loop checks (BOTS fft's loop
 * ranges never repeat, and its other checks lie in their spans). */
#define RANGE_WINDOW 64
#define RANGE_PAUSE 4096

/* A loop's check: `count` runs of `size` bytes, `stride` apart from addr (a range is
 * one run), over the span [lo, hi). */
struct loop_check {
  uintptr_t addr;
  uint64_t count, stride, size;
  uintptr_t lo, hi;
};

struct range_record {
  struct loop_check c;
  uint32_t site;
  bool is_write;
  uint32_t used; /* the thread's count of lookups when it last answered: oldest goes */
};

struct range_repeats {
  uint32_t n;               /* live records, in r[0 .. n) */
  bool counted;             /* this thread counts in g_repeat_filters_on (forgets bump the epoch) */
  bool checking;            /* range_repeats_seen looked and found none: stays counted, and
                               range_repeats_note records (not while paused) */
  uint32_t lookups;         /* ages the records */
  uint32_t noted, answered; /* records made and repeats answered in the window */
  uint32_t paused;          /* loop checks left to make without records */
  uintptr_t lo, hi;         /* covers every live record's span: most checks lie outside */
  /* The context of the live records. */
  node_id node;
  uint32_t iter;
  lockset_id lockset;
  uint32_t gen;
  uint64_t epoch;
  struct range_record r[RANGE_REPEATS];
};

extern OMPR_TLS struct range_repeats t_range_repeats;

/* A loop's check about to be made in now's context (its span at least
 * RANGE_REPEAT_MIN_BYTES): true if the same check was recorded and may be skipped.
 * Otherwise the caller makes it and then calls range_repeats_note with the epoch given
 * here (read before the check: a forget during it ends the record). */
bool range_repeats_seen(const struct loop_check *c, const struct access_now *now, uint64_t *epoch);
void range_repeats_note(const struct loop_check *c, const struct access_now *now, uint64_t epoch);

/* Any check of [addr, addr + size) in now's context, made by history_access: ends the
 * records it may change (see above). One test while the thread holds none, a few
 * while the check, in their context, lies outside all of them. */
void range_repeats_end_overlapping(uintptr_t addr, uint64_t size, const struct access_now *now);
static inline __attribute__((always_inline)) void
range_repeats_overlap(uintptr_t addr, uint64_t size, const struct access_now *now) {
  const struct range_repeats *t = &t_range_repeats;
  if (__builtin_expect(t->n != 0, 0) &&
      ((addr < t->hi && addr + size > t->lo) || now->node != t->node || now->iter != t->iter ||
       now->lockset != t->lockset))
    range_repeats_end_overlapping(addr, size, now);
}

#endif
