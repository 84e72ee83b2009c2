#include "history_repeats.h"

#include <string.h>

OMPR_TLS struct repeat_filter t_repeats;
_Atomic uint64_t g_repeat_epoch;
_Atomic uint32_t g_repeat_filters_on;

void repeat_restart(struct repeat_filter *f) {
  atomic_fetch_add_explicit(&g_repeat_filters_on, 1, memory_order_seq_cst);
  f->credit = REPEAT_ON_CREDIT;
  f->epoch = ~(uint64_t)0; /* no forget epoch reaches it: the next lookup restamps */
  f->looked = 0;
  f->hits = 0;
  f->pieces = 0;
}

void repeat_new_context(struct repeat_filter *f, const struct access_now *now, uint64_t epoch) {
  f->node = now->node;
  f->iter = now->iter;
  f->lockset = now->lockset;
  f->epoch = epoch;
  if (++f->stamp == 0) { /* wrapped: records of 2^32 contexts ago would match */
    memset(f->e, 0, sizeof f->e);
    f->stamp = 1;
  }
}

/* A window pauses the filter when twice its skips are fewer than its lookups and half
 * its partial pieces (so always when it skipped nothing): a lookup and a record cost
 * some 30 instructions, a piece (repeat_overlapped) about as much, and a skip saves
 * from 60 (the lock-free test of an access its slot holds) to some hundreds (one its
 * slot covers). The weights are measured, not derived (docs/design.md, step 2):
 * counting a piece as a whole lookup paused the filter of BOTS alignment-for, whose
 * repeated reads come between checks of chars and save much; not counting pieces kept
 * it on where the pass ranges nqueens' searches, whose skips save little. */
void repeat_window_end(struct repeat_filter *f) {
  uint32_t lookups = f->looked - f->pieces;
  if (2 * f->hits < lookups + f->pieces / 2) {
    f->credit = REPEAT_PAUSE;
    atomic_fetch_sub_explicit(&g_repeat_filters_on, 1, memory_order_seq_cst);
  } else {
    f->credit = REPEAT_ON_CREDIT;
  }
  f->looked = 0;
  f->hits = 0;
  f->pieces = 0;
}

void repeat_overlapped(struct repeat_filter *f, uintptr_t addr, size_t size,
                       const struct access_now *now) {
  repeat_enter(f, now);
  f->pieces++; /* a check seen, not a lookup (repeat_window_end) */
  if (++f->looked == REPEAT_WINDOW)
    repeat_window_end(f);
  uintptr_t word = addr & ~(uintptr_t)7, end = addr + size;
  if (end - word >= (sizeof f->e / sizeof f->e[0]) * 4) {
    f->epoch = ~(uint64_t)0; /* wider than the table: every record ends */
    return;
  }
  bool both = repeat_crosses_kinds();
  for (; word < end; word += 8) {
    unsigned lo = addr > word ? (unsigned)(addr - word) : 0;
    unsigned hi = end < word + 8 ? (unsigned)(end - word) : 8;
    repeat_end_in_word(f, word, lo, hi, now->is_write);
    if (both)
      repeat_end_in_word(f, word, lo, hi, !now->is_write);
  }
}
