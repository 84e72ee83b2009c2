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
 * ONWARD RECORDS. A read loop check (a range, or a strided read whose runs go upward)
 * in a loop whose iterations carry tags (an omp for's body reading a whole array: the
 * n-body kernel reads every position in every iteration) is made again in each later
 * iteration, with a larger tag. When the
 * lock-free test answers every granule of it "onward" (history_access_onward: the same
 * read of the strand with any larger tag would find it recorded and leave it as it
 * is, as long as the bytes' history stays as it is), the thread keeps an onward record
 * of it, in the context of strand, lockset, loop instance (its first tag), shadow
 * generation and forget epoch, but not iteration, and the same check with a larger tag
 * is answered from the record: its granules as the check that answered would have
 * left them, which is what they are, but for the ones this thread has checked since
 * (a read of one element at another site, a write): any check of the thread that
 * meets the record's bytes adds them to the record's HOLE (one interval: the hull of
 * all such bytes), and the answer checks the hole's bytes for real. So each granule of
 * the range is checked now, or was last touched by this thread in the check that
 * answered onward, where the same read with this tag would have changed nothing and
 * found nothing. Other threads' checks in between do not end the record: the skipped
 * checks could have been made right after the one that answered (this strand did not
 * synchronise since, so nothing of theirs is ordered between the two), as iteration
 * batches argue for their repeated reads (hooks.c). A hole larger than a quarter of
 * the range, another strand or lockset, a forget or a new generation ends the record;
 * so does another loop (its first tag). A matrix multiply's iteration reads every row
 * of B once (a loop range per (i, k)), so a row's record answers only after all the
 * others were read: a thread keeps up to ONWARD_SET_CAP records, in a set that finds
 * a check's record by the check and the records a check meets by their spans
 * (onward_set.h). Visiting them is the cost: a thread whose checks visited more than
 * RANGE_ONWARD_VISITS_FREE records, plus one per granule its records answered, since
 * its records' context began, drops them and pauses its asks.
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
#include "loop_check.h"
#include "onward_set.h"
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

struct range_record {
  struct loop_check c;
  uint32_t site;
  bool is_write;
  uint32_t used; /* the thread's count of lookups when it last answered: oldest goes */
};

#define RANGE_HOLE_SHARE 4 /* a hole larger than 1 / RANGE_HOLE_SHARE of the range ends it */
/* Asking the history for the onward answer costs. A thread whose window of
 * RANGE_ONWARD_WINDOW asks got fewer than a quarter as many answers (asks that made a
 * record, and records that answered) asks no more for its next RANGE_PAUSE loop checks. */
#define RANGE_ONWARD_WINDOW 64
#define RANGE_ONWARD_VISITS_FREE 65536

/* The onward records and their context (the iteration left out). */
struct onward_records {
  struct onward_set set;
  uint32_t asked, answered; /* in the window */
  uint32_t paused;          /* loop checks left to make without asking */
  uint64_t visits, saved;   /* records visited, granules answered, in this context */
  uintptr_t lo, hi;         /* covers every record's span */
  node_id node;
  lockset_id lockset;
  uint32_t tag0;
  uint32_t gen;
  uint64_t epoch;
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
  struct onward_records onward;
};

extern OMPR_TLS struct range_repeats t_range_repeats;

/* Whether an onward record may stand for c: a read whose runs go upward without
 * overlapping (a range, or a strided read), so that the runs meeting a hole are found
 * by division. */
static inline bool range_onward_kind(const struct loop_check *c, bool is_write) {
  return !is_write && (c->count == 1 || (c->addr == c->lo && c->stride >= c->size));
}

/* What range_repeats_seen answers for a loop's check. */
enum range_seen {
  RANGE_NEW,      /* make the check, then call range_repeats_note */
  RANGE_REPEATED, /* the same check was made in this context: skip it */
  RANGE_ONWARD,   /* an onward record stands for it: check only [lo, hi) of the answer
                     (if not empty), then call range_repeats_note (onward false) */
};
struct range_answer {
  uint64_t epoch;   /* for range_repeats_note: read before the check */
  uintptr_t lo, hi; /* RANGE_ONWARD: the record's hole */
  bool onward;      /* RANGE_NEW: ask the history whether the check is onward */
};

/* A loop's check about to be made in now's context (its span at least
 * RANGE_REPEAT_MIN_BYTES), by a strand whose loop instance starts at tag tag0. The
 * caller then calls range_repeats_note with the epoch answered (read before the
 * check: a forget during it ends the record) unless the answer is RANGE_REPEATED;
 * onward: the check was a read of range_onward_kind and history_access_onward answered
 * each of its runs onward. */
enum range_seen range_repeats_seen(const struct loop_check *c, const struct access_now *now,
                                   uint32_t tag0, struct range_answer *a);
void range_repeats_note(const struct loop_check *c, const struct access_now *now, uint32_t tag0,
                        uint64_t epoch, bool onward);

/* Any check of [addr, addr + size) in now's context, made by history_access: ends the
 * records it may change (see above). One test while the thread holds none, a few
 * while the check, in their context, lies outside all of them. */
void range_repeats_end_overlapping(uintptr_t addr, uint64_t size, const struct access_now *now);
/* The same for the onward records: holes grow, records end. */
void range_onward_overlapping(uintptr_t addr, uint64_t size, const struct access_now *now);
/* Whether a check in now's context leaves the records' context as it is (a check in
 * another ends them all). */
static inline __attribute__((always_inline)) bool
range_records_context(const struct range_repeats *t, const struct access_now *now) {
  return now->node == t->node && now->iter == t->iter && now->lockset == t->lockset;
}
static inline __attribute__((always_inline)) void
range_repeats_overlap(uintptr_t addr, uint64_t size, const struct access_now *now) {
  const struct range_repeats *t = &t_range_repeats;
  if (__builtin_expect(t->n != 0, 0) &&
      ((addr < t->hi && addr + size > t->lo) || !range_records_context(t, now)))
    range_repeats_end_overlapping(addr, size, now);
  const struct onward_records *o = &t->onward;
  if (__builtin_expect(o->set.n != 0, 0) &&
      ((addr < o->hi && addr + size > o->lo) || now->node != o->node || now->lockset != o->lockset))
    range_onward_overlapping(addr, size, now);
}

/* Whether this thread holds no record of either kind: then range_repeats_overlap has
 * nothing to end, and only a loop check (check_loop_runs) makes a record. */
static inline bool range_repeats_none(void) {
  return !t_range_repeats.n && !t_range_repeats.onward.set.n;
}

/* Before the runs of a loop check c are checked one by one in now's context: when
 * every record of the check's kind that c's span meets has c's stride and gaps
 * between its runs (check_has_gaps: a blocked kernel's columns), ends at once the ones
 * that a run of c meets (runs_meet_same_stride: exactly those the runs' own tests
 * would end, none of which is looked at in between) and hides the records' span
 * (returning true, with the span in *lo, *hi), so that the runs' tests pass the others
 * by, which they would leave as they are. BOTS sparselu-single's column walks spent a
 * quarter of their time testing each element against the records of the block's
 * other columns. Otherwise (false) the runs' tests do it, as before. The onward
 * records are not touched. range_repeats_runs_end shows the span again. */
bool range_repeats_runs_begin(const struct loop_check *c, const struct access_now *now,
                              uintptr_t *lo, uintptr_t *hi);
static inline void range_repeats_runs_end(uintptr_t lo, uintptr_t hi) {
  t_range_repeats.lo = lo;
  t_range_repeats.hi = hi;
}

#endif
