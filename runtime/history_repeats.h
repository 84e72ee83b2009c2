/* The repeat filter: each thread's record of the aligned 4- and 8-byte checks it made
 * last, so that the same check made again by the same strand returns before any
 * shadow is read (FastTrack's same-epoch test, kept per thread: no lock, and no shadow
 * cache line touched). It pays where a strand reads again and again data that other
 * strands read too (a shared input, a block that parallel tasks all read: BOTS
 * alignment's sequences, sparse LU's column blocks), whose lock-free test costs the
 * queries that show it covered; docs/design.md (step 2) has what it costs elsewhere.
 *
 * WHY A REPEAT MAY BE SKIPPED. Let c1 be this thread's check of an access (address,
 * size, kind, site) on strand s, iteration tag i and lockset l, and c2 a later check
 * of the same access with the same s, i and l, such that between the two this thread
 * made no check in another context (strand, tag, lockset) and no check of the same
 * kind of any of those bytes, and no history was forgotten by any thread.
 * (1) c2, made right after c1, changes nothing and finds nothing that c1 did not: c1
 * left the access recorded (held in its slot, or covered by the reads kept, a decision
 * that depends on the strand and tag alone), and the entries c2 is checked against
 * are those c1 was checked against, or the strand's own: a read changes only read
 * entries and a write only write entries (fast mode, history_fast.c; precise mode
 * while its families cannot expand, history_precise.c), and reports are made once per
 * pair of sites. Once precise mode's families may expand (ospg_st_nodes_matter), a
 * write can change what a later read does (HEAD_WRITTEN), so a check then also ends
 * the records of the other kind. Checks of this thread of the same kind at other
 * sites end the records they overlap.
 * (2) The checks that other threads made between c1 and c2 may be taken as made after
 * c2: no access of another thread is ordered between two accesses of one strand (a
 * strand has no synchronisation inside: an acquire or a release opens a new one, and
 * a lock changes l), so that order is the check order of a schedule of the same
 * program, and the detector's verdicts do not depend on the schedule. A forget is no
 * check: memory freed and reused between c1 and c2 makes c2 a check of a new object,
 * so every forget ends every record (an epoch that every lookup compares).
 *
 * THE RECORD. A direct-mapped table per thread, per 4-byte granule of address space
 * modulo its size and per kind: an 8-byte access is recorded at its first granule's
 * entry. A record holds the address, size and site exactly; the strand, tag, lockset
 * and forget epoch are the thread's *context*, named by a stamp: a check in another
 * context gets a new stamp, which ends the records of the old one. Every check the
 * filter does not answer writes its own record (or, for other sizes and alignments,
 * clears the entries of the granules it touches), which ends the records it
 * overlaps. Losing a record (a collision, a context change) only costs a check.
 *
 * In code that never repeats a check (streaming loops: each iteration is a context of
 * its own) the lookups are pure cost; so a thread whose filter skipped too few of the
 * checks of a window of REPEAT_WINDOW (repeat_window_end weighs lookups and partial
 * pieces) stops for REPEAT_PAUSE checks, then starts again with all records ended
 * (they were not kept up meanwhile). */
#ifndef OMPRACER_HISTORY_REPEATS_H
#define OMPRACER_HISTORY_REPEATS_H

#include "access.h"
#include "options.h"
#include "tls.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#define REPEAT_BITS 11 /* 2 048 granules, two kinds: 64 KiB of records per thread */
#define REPEAT_WINDOW 8192u
#define REPEAT_PAUSE (1 << 20)
#define REPEAT_ON_CREDIT (-(1 << 30)) /* far from -1: windows end long before */

struct repeat_entry {
  uint64_t key; /* address and size (repeat_key); 0: none */
  uint32_t site;
  uint32_t stamp;
};

struct repeat_filter {
  int32_t credit; /* > 0: checks left to pause; < 0: on (repeat_on) */
  uint32_t stamp; /* names the context below */
  node_id node;
  uint32_t iter;
  lockset_id lockset;
  uint32_t looked, hits; /* checks seen and skips in the current window */
  uint32_t pieces;       /* of the checks seen, partial pieces (repeat_overlapped) */
  uint64_t epoch;
  struct repeat_entry e[1u << REPEAT_BITS][2]; /* [granule][is_write] */
};

extern OMPR_TLS struct repeat_filter t_repeats;
/* Bumped by every forget of history, by any thread, while some thread's filter is on
 * (history_repeats_forgotten). */
extern _Atomic uint64_t g_repeat_epoch;
/* How many threads' filters are on: counted up when one starts (repeat_restart), down
 * when one pauses (repeat_window_end). */
extern _Atomic uint32_t g_repeat_filters_on;

#define REPEAT_SIZE_SHIFT 56

static inline uint64_t repeat_key(uintptr_t addr, unsigned size) {
  return (uint64_t)addr | ((uint64_t)size << REPEAT_SIZE_SHIFT);
}

static inline struct repeat_entry *repeat_slot(struct repeat_filter *f, uintptr_t addr,
                                               bool is_write) {
  return &f->e[(addr >> 2) & ((1u << REPEAT_BITS) - 1)][is_write];
}

/* Cold paths (history_repeats.c): the start of the filter (every record ended: none
 * was kept up while it paused); a new context's stamp; the end of a window. */
void repeat_restart(struct repeat_filter *f);
void repeat_new_context(struct repeat_filter *f, const struct access_now *now, uint64_t epoch);
void repeat_window_end(struct repeat_filter *f);

/* Whether the filter is on for this check. While paused it only counts the check
 * down: credit > 0 is the checks left to pause, and one decrement and branch is the
 * whole cost of the paused filter. A check that finds the credit just run out (or
 * never set) restarts the filter (repeat_restart). */
static inline __attribute__((always_inline)) bool repeat_on(struct repeat_filter *f) {
  if (__builtin_expect(--f->credit >= 0, 1))
    return false;
  if (__builtin_expect(f->credit == -1, 0))
    repeat_restart(f);
  return true;
}

/* Whether the next check asks the filter (it is on, or starts again with it), without
 * counting the check: the plain hooks (hooks.c) pick their path by it. */
static inline bool repeat_filter_asks(const struct repeat_filter *f) {
  return f->credit <= 0;
}

/* Whether the filter's context is this strand, iteration, lockset and forget epoch. */
static inline __attribute__((always_inline)) bool repeat_context_is(const struct repeat_filter *f,
                                                                    node_id node, uint32_t iter,
                                                                    lockset_id lockset,
                                                                    uint64_t epoch) {
  return node == f->node && iter == f->iter && lockset == f->lockset && epoch == f->epoch;
}

/* Whether a record names this check (address, size and site) in the filter's context. */
static inline __attribute__((always_inline)) bool repeat_record_names(const struct repeat_filter *f,
                                                                      const struct repeat_entry *e,
                                                                      uintptr_t addr, unsigned size,
                                                                      uint32_t site) {
  return e->key == repeat_key(addr, size) && e->site == site && e->stamp == f->stamp;
}

/* Puts the filter in now's context (a new stamp if it was in another). */
static inline __attribute__((always_inline)) void repeat_enter(struct repeat_filter *f,
                                                               const struct access_now *now) {
  uint64_t epoch = atomic_load_explicit(&g_repeat_epoch, memory_order_acquire);
  if (__builtin_expect(!repeat_context_is(f, now->node, now->iter, now->lockset, epoch), 0))
    repeat_new_context(f, now, epoch);
}

/* With the filter on: whether this aligned 4- or 8-byte check repeats one it may skip
 * (see above). If not, *rec is where repeat_note records it after the check. */
static inline __attribute__((always_inline)) bool repeat_seen(struct repeat_filter *f,
                                                              uintptr_t addr, unsigned size,
                                                              const struct access_now *now,
                                                              struct repeat_entry **rec) {
  repeat_enter(f, now);
  struct repeat_entry *e = repeat_slot(f, addr, now->is_write);
  bool hit = repeat_record_names(f, e, addr, size, now->site);
  f->hits += hit;
  if (__builtin_expect(++f->looked == REPEAT_WINDOW, 0))
    repeat_window_end(f);
  *rec = e;
  return hit;
}

/* repeat_on and repeat_seen for a plain aligned 4- or 8-byte check (no lock, not
 * atomic) of strand `node`, iteration `iter`, at `site`, asked by a hook before it
 * makes a frame or enters the runtime (hooks.c, plain_repeated): true when the filter
 * is on (not about to start again), the check is in its current context (the same
 * strand, iteration, empty lockset and forget epoch: no new context to begin) and the
 * check's record names it, a repeat the filter skips, counted as those two count it.
 * False, having changed nothing, when any of that fails or the check would end the
 * filter's window: the check then takes its path as before (which asks again). */
static inline __attribute__((always_inline)) bool repeat_skips_plain(struct repeat_filter *f,
                                                                     uintptr_t addr, unsigned size,
                                                                     node_id node, uint32_t site,
                                                                     uint32_t iter, bool is_write) {
  if (f->credit >= -1 || f->looked + 1 >= REPEAT_WINDOW ||
      !repeat_context_is(f, node, iter, 0,
                         atomic_load_explicit(&g_repeat_epoch, memory_order_acquire)) ||
      !repeat_record_names(f, repeat_slot(f, addr, is_write), addr, size, site))
    return false;
  f->credit--;
  f->hits++;
  f->looked++;
  return true;
}

/* Ends the records of one kind at a word's granules that overlap its bytes [lo, hi). */
static inline void repeat_end_in_word(struct repeat_filter *f, uintptr_t word, unsigned lo,
                                      unsigned hi, bool is_write) {
  struct repeat_entry *first = repeat_slot(f, word, is_write);
  /* The first granule's entry holds a record of bytes 0-3 or 0-7. */
  if (lo < 4 || (first->key >> REPEAT_SIZE_SHIFT) == 8)
    first->key = 0;
  if (hi > 4)
    repeat_slot(f, word + 4, is_write)->key = 0;
}

/* Whether a check of one kind must also end the other kind's records (see above). */
static inline bool repeat_crosses_kinds(void) {
  return mode_precise() && ospg_st_nodes_matter();
}

/* Records a checked aligned 4- or 8-byte access at rec (from repeat_seen), and ends
 * the records it overlaps. */
static inline __attribute__((always_inline)) void repeat_note(struct repeat_filter *f,
                                                              struct repeat_entry *rec,
                                                              uintptr_t addr, unsigned size,
                                                              const struct access_now *now) {
  uintptr_t word = addr & ~(uintptr_t)7;
  unsigned lo = (unsigned)(addr - word);
  repeat_end_in_word(f, word, lo, lo + size, now->is_write); /* rec is rewritten below */
  if (__builtin_expect(repeat_crosses_kinds(), 0))
    repeat_end_in_word(f, word, lo, lo + size, !now->is_write);
  rec->key = repeat_key(addr, size);
  rec->site = now->site;
  rec->stamp = f->stamp;
}

/* With the filter on: a check of [addr, addr + size) in now's context that repeat_seen
 * does not answer (other sizes and alignments) ends the records it overlaps. */
void repeat_overlapped(struct repeat_filter *f, uintptr_t addr, size_t size,
                       const struct access_now *now);

/* History was forgotten (fresh memory, a reset, a forked child's new shadow): every
 * thread's records end. Only a thread whose filter is on holds records (a filter that
 * starts again ends all of its own), so while no filter is on there is nothing to end,
 * and the epoch, one cache line that every forget of every thread would write (BOTS
 * uts forgets two arrays per task), stays as it is. A filter that starts counts
 * itself on before it makes any record, so a forget ordered after a recorded check (as
 * the reuse of memory is ordered after its last use) sees it on. */
static inline void history_repeats_forgotten(void) {
  if (atomic_load_explicit(&g_repeat_filters_on, memory_order_seq_cst))
    atomic_fetch_add_explicit(&g_repeat_epoch, 1, memory_order_release);
}

#endif
