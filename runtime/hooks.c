/* The hooks the instrumented program calls (include/ompracer/hooks.h): the ABI's entry
 * points. Accesses go to the access history; markers go to the running task
 * (thread_state.h). This is the hot path: an access outside any checked strand costs
 * one thread-local load and branch. */
#include "ompracer/hooks.h"

#include "confined.h"
#include "detection.h"
#include "history.h"
#include "history_access.h"
#include "history_held.h"
#include "history_range_repeats.h"
#include "objects.h"
#include "reentry.h"
#include "report.h"
#include "sites.h"
#include "skip_window.h"
#include "sync_order.h"
#include "task_nesting.h"
#include "thread_state.h"
#include "tls.h"
#include "unsupported.h"

#include <string.h>

#define EXPORT __attribute__((visibility("default")))
/* Inlined into every hook, so that the frame address below is the hook's. */
#define INLINE static inline __attribute__((always_inline))

/* Reports the n races the history found for now (races: the first of them). */
INLINE void report_races(const struct race_found *races, unsigned n, const struct access_now *now) {
  if (__builtin_expect(n != 0, 0)) {
    for (unsigned i = 0; i < n && i < MAX_RACES_PER_ACCESS; i++)
      report_race(&races[i], now);
  }
}

/* Checks one access as `now` describes it, with the isParallel memo of now's strand,
 * and reports what it races with. A check whose size is a compile-time 4 or 8 (a sized
 * hook's, an iteration batch's 8-byte ones) runs the history's inlined path in the
 * hook's own frame; other checks call it. */
INLINE void check_one(uintptr_t addr, uint64_t size, const struct access_now *now,
                      struct sp_cache *cache) {
  struct race_found races[MAX_RACES_PER_ACCESS];
  bool sized = __builtin_constant_p(size) && (size == 4 || size == 8);
  report_races(races,
               sized ? history_access_inline(addr, size, now, cache, races)
                     : history_access(addr, size, now, cache, races),
               now);
}

/* This thread combines a reduction for its whole team (thread_reduction): the access
 * is each member's part of the combining step, on that member's entry strand. Its
 * own private copies (an array section's, on its task's stack) stay its own. */
static void check_for_members(struct thread_state *t, uintptr_t addr, uint64_t size,
                              struct access_now now) {
  if (addr < t->combine_own_top && addr >= (uintptr_t)__builtin_frame_address(0)) {
    check_one(addr, size, &now, &t->cache);
    return;
  }
  struct sp_cache cache;
  sp_cache_reset(&cache, 0);
  for (uint32_t i = 0; i < t->ncombine_for; i++) {
    now.node = t->combine_for[i];
    now.iter = 0;
    sp_cache_switch(&cache, now.node);
    check_one(addr, size, &now, &cache);
  }
}

/* In a strand inside a distribute loop, an access and the other teams' twin of an
 * access of the same strand and iteration are one team's (thread_state.h): their
 * pair is dropped. `self` is the strand that `now` is not. */
static void report_across_teams(const struct race_found *races, unsigned n,
                                const struct access_now *now, node_id self, bool in_distribute) {
  for (unsigned i = 0; i < n && i < MAX_RACES_PER_ACCESS; i++)
    if (!(in_distribute && races[i].prev.node == self && races[i].prev.iter == now->iter))
      report_race(&races[i], now);
}

/* The access as another team of an assumed league makes it: on the twin strand,
 * holding no lock but the atomic pseudo-lock (locks exclude within a team only).
 * Memory on the team's own stack is each team's own. */
static void check_as_other_teams(struct thread_state *t, uintptr_t addr, uint64_t size,
                                 struct access_now now) {
  struct other_teams *o = &t->other;
  if ((addr >= o->team_low && addr < o->team_top) || (addr >= o->own_low && addr < o->own_top) ||
      team_private_block(o->league, addr))
    return;
  node_id own = now.node;
  now.node = o->twin;
  now.lockset = 0;
  if (now.site & ACCESS_ATOMIC) {
    if (!o->atomic_lockset)
      o->atomic_lockset = lockset_with_atomic(0);
    now.lockset = o->atomic_lockset;
  }
  o->cache.iter = t->cache.iter; /* twins keep their strand's iteration tags */
  o->cache.window = t->cache.window;
  o->cache.tag0 = t->cache.tag0;
  struct race_found races[MAX_RACES_PER_ACCESS];
  unsigned n = history_access(addr, size, &now, &o->cache, races);
  if (__builtin_expect(n != 0, 0))
    report_across_teams(races, n, &now, own, o->in_distribute);
}

/* An access in a league of one team checked as if it had more: as itself (leaving
 * out the pair with its own iteration's twin), then as the other teams'. */
static void check_in_league(struct thread_state *t, uintptr_t addr, uint64_t size,
                            const struct access_now *now) {
  struct race_found races[MAX_RACES_PER_ACCESS];
  unsigned n = history_access(addr, size, now, &t->cache, races);
  if (__builtin_expect(n != 0, 0))
    report_across_teams(races, n, now, t->other.twin, t->other.in_distribute);
  check_as_other_teams(t, addr, size, *now);
}

/* Whether the running task makes its strands in series and the access is its own
 * strand's (confined.h, 2): no worksharing construct or tagged loop of its own is
 * open, and the access is not checked for other strands (a reduction combined for the
 * team, an assumed league's twin). */
INLINE bool own_strands_in_series(const struct thread_state *t) {
  const struct task_rec *task = t->task;
  return task && !task->loops.depth && !t->ncombine_for && !t->combining && !t->other.twin &&
         !ss_enclosing_workshare(&task->ss);
}

/* An access in [lo, hi), a slot of the running task, has just been skipped with
 * own_strands_in_series: opens the skip window on the slot when nothing else that
 * skip_as_before tests can turn the answer (skip_window.h). */
INLINE void open_skip_window(const struct thread_state *t, uintptr_t lo, uintptr_t hi) {
  if (t->plain && t_sync_touched)
    skip_window_open(lo, hi);
}

/* Whether the access lies in a slot confined to the running task that it may leave
 * unchecked (confined.h says why no race is lost); a slot it reaches otherwise is
 * unconfined and the access is checked. */
INLINE bool skip_confined(const struct thread_state *t, uintptr_t addr, uint64_t size) {
  struct confined_slot *c = confined_holder(addr, size);
  if (!c)
    return false;
  if (c->task == t->task && own_strands_in_series(t)) {
    confined_note_skip(c);
    open_skip_window(t, c->lo, c->hi);
    return true;
  }
  confined_unconfine(c);
  return false;
}

/* Whether addr lies in the running task's own stack, above the hook's frame, while the
 * task runs a worksharing loop or taskloop (check_in_runtime says why it is skipped).
 * Inline into the hook: the frame is the caller's. */
INLINE bool in_private_stack(const struct thread_state *t, const void *addr) {
  return t->private_top != 0 && (uintptr_t)addr < t->private_top &&
         (uintptr_t)addr >= (uintptr_t)__builtin_frame_address(0);
}

/* The check of one access, inside the runtime (reentry.h). held_first: whether to try
 * history_held.h's test first (chars, shorts and ranges). */
INLINE void check_in_runtime(struct thread_state *t, const void *addr, uint64_t size, uint32_t site,
                             bool is_write, bool atomic, bool held_first) {
  /* Inside a worksharing loop or taskloop, the running task's own stack belongs to the
   * thread that runs the iteration: two iterations (or chunks) never share it, so its
   * accesses are not checked there (iterations.h). */
  if (__builtin_expect(in_private_stack(t, addr), 0))
    return;
  /* A reduction's combining step is mutually exclusive with the others of its kind,
   * whichever method libomp picks (tree, atomic, critical): it counts as atomic. */
  if (!atomic)
    t_sync_touched = true; /* the strand has accesses: a release must end it */
  if (__builtin_expect(t->lockset != 0, 0) && is_write && !atomic)
    sync_locked_write((uintptr_t)addr, size); /* a hand-off through critical sections? */
  /* An access that a confined slot lets skip goes no further, before the access is
   * even described (most of BOTS uts's accesses are its SHA-1 state's); one that may
   * not be skipped has unconfined its slot, and is checked (without the held test). */
  bool confinable = confined_may_hold((uintptr_t)addr, size);
  if (__builtin_expect(confinable, 0) && skip_confined(t, (uintptr_t)addr, size))
    return;
  uint32_t atomic_bit = (atomic ? ACCESS_ATOMIC : 0) | t->combining;
  lockset_id lockset = t->lockset;
  if (atomic_bit) {
    if (__builtin_expect(!t->lockset_atomic, 0)) /* this thread never took a lock yet */
      t->lockset_atomic = lockset_with_atomic(t->lockset);
    lockset = t->lockset_atomic;
  }
  struct access_now now = {t->strand, site | atomic_bit, t->cache.iter, is_write, lockset};
  /* A char, short or range access as the running strand's own, already held: nothing
   * to do (history_held.h). */
  if (held_first && !lockset && !atomic_bit && !confinable && !t->ncombine_for && !t->other.twin &&
      history_bytes_held((uintptr_t)addr, size, &now))
    return;
  if (__builtin_expect(t->ncombine_for != 0, 0))
    check_for_members(t, (uintptr_t)addr, size, now);
  else if (__builtin_expect(t->other.twin != 0, 0))
    check_in_league(t, (uintptr_t)addr, size, &now);
  else
    check_one((uintptr_t)addr, size, &now, &t->cache);
}

/* Whether this thread's accesses are checked now: it runs a checked strand
 * (thread_checked), detection is on, and it is not a signal handler that interrupted
 * the check (checking_here: all a plain thread has left to test). */
INLINE bool checking_here(void) {
  return __builtin_expect(atomic_load_explicit(&g_detecting, memory_order_relaxed), 1) &&
         __builtin_expect(!runtime_entered(), 1);
}
INLINE bool thread_checked(const struct thread_state *t) {
  return __builtin_expect(t->active, 1) && checking_here();
}

/* check_in_runtime's answer for an access that lies in the confined slot the thread
 * last skipped an access in (confined_skip_hint), when the answer is to skip it too,
 * found without the slot lookup and without entering the runtime (it takes no lock and
 * changes nothing a signal handler could be in the middle of): the same tests, in the
 * same order, and the same side effect (t_sync_touched). BOTS uts's SHA-1 state, whose
 * skips took about 85 instructions a hook through the whole path (callgrind). The skip
 * window first: inside it the answer is known to be the same without the tests
 * (skip_window.h), and a skip with the thread plain opens it (about 45 instructions to
 * 22 a skip, the hook's included). */
INLINE bool skip_as_before(struct thread_state *t, const void *addr, uint64_t size, bool is_write,
                           bool atomic) {
  if (skip_window_holds((uintptr_t)addr, size))
    return true;
  if (__builtin_expect(!confined_skip_hint((uintptr_t)addr, size, t->task), 1) ||
      !thread_checked(t))
    return false;
  if (in_private_stack(t, addr))
    return true;
  if ((t->lockset != 0 && is_write && !atomic) || !own_strands_in_series(t))
    return false; /* check_in_runtime decides (a hand-off test first, or a check) */
  if (!atomic)
    t_sync_touched = true;
  open_skip_window(t, t_confined.skip_lo, t_confined.skip_hi);
  return true;
}

/* A hook's whole path (check_access: when skip_as_before does not answer). */
INLINE void check_access_in(const void *addr, uint64_t size, uint32_t site, bool is_write,
                            bool atomic, bool held_first) {
  struct thread_state *t = &t_self;
  if (!thread_checked(t))
    return;
  runtime_enter();
  check_in_runtime(t, addr, size, site, is_write, atomic, held_first);
  runtime_leave();
}

INLINE void check_access(const void *addr, uint64_t size, uint32_t site, bool is_write, bool atomic,
                         bool held_first) {
  if (!skip_as_before(&t_self, addr, size, is_write, atomic))
    check_access_in(addr, size, site, is_write, atomic, held_first);
}

/* The bytes that `count` (> 0) accesses of `size` bytes, `step` apart from `start`,
 * touch: [*lo, *hi) (the step modulo 2^64: it may count down). */
static inline void stepped_span(uintptr_t start, uint64_t count, uint64_t step, uint64_t size,
                                uintptr_t *lo, uintptr_t *hi) {
  uintptr_t last = start + (count - 1) * step;
  *lo = start < last ? start : last;
  *hi = (start < last ? last : start) + size;
}

/* Whether none of check_in_runtime's filters before the history applies to a run of
 * accesses made with nothing in between (a loop's: strided checks and batches): the
 * thread holds no lock, combines no reduction and is in no assumed league (plain_thread),
 * and no access reaches the iteration's private stack (below `frame`, the hook's) or a
 * confined slot (plain_span, for each access's bytes). Then each access is check_one's. */
INLINE bool plain_thread(const struct thread_state *t) {
  return !t->lockset && !t->combining && !t->ncombine_for && !t->other.twin;
}
INLINE bool plain_span(const struct thread_state *t, uintptr_t lo, uintptr_t hi, uintptr_t frame) {
  return !(t->private_top && lo < t->private_top && hi > frame) && !confined_may_hold(lo, hi - lo);
}

/* check_one for a read, answering whether history_access_onward found it onward. */
static bool check_one_onward(uintptr_t addr, uint64_t size, const struct access_now *now,
                             struct sp_cache *cache) {
  struct race_found races[MAX_RACES_PER_ACCESS];
  bool onward;
  report_races(races, history_access_onward(addr, size, now, cache, races, &onward), now);
  return onward;
}

/* Checks the runs of c (a read that range_onward_kind admits) that meet [lo, hi): an
 * onward record's hole, within c's span. */
static void check_runs_in(const struct loop_check *c, uintptr_t lo, uintptr_t hi,
                          const struct access_now *now, struct sp_cache *cache) {
  if (lo >= hi)
    return;
  if (c->count == 1) {
    check_one(lo, hi - lo, now, cache);
    return;
  }
  for (uint64_t k = (lo - c->lo) / c->stride; k < c->count && c->lo + k * c->stride < hi; k++)
    if (c->lo + k * c->stride + c->size > lo)
      check_one(c->lo + k * c->stride, c->size, now, cache);
}

/* `count` accesses `stride` bytes apart, all of one strand (a loop's, LoopRanges.h in
 * the pass): one entry into the runtime for all of them, and when no per-access filter
 * can apply (the loop makes no call: nothing of the thread changes while it runs), the
 * history asked directly for each, or nothing done for a repeat of the same check
 * (history_range_repeats.h: a blocked kernel reads a block of columns for each row),
 * or only the hole checked of a read range an onward record stands for (the same
 * file: a loop reads a whole array in every iteration).
 * held_first: check_in_runtime's, for the accesses a filter applies to. */
static void check_loop_runs(const void *addr, uint64_t count, uint64_t stride, uint64_t size,
                            uint32_t site, bool is_write, bool held_first) {
  struct thread_state *t = &t_self;
  if (!count || !thread_checked(t))
    return;
  runtime_enter();
  uintptr_t lo, hi;
  stepped_span((uintptr_t)addr, count, stride, size, &lo, &hi);
  if (plain_thread(t) && plain_span(t, lo, hi, (uintptr_t)__builtin_frame_address(0))) {
    t_sync_touched = true; /* the strand has accesses: a release must end it */
    struct access_now now = {t->strand, site, t->cache.iter, is_write, 0};
    struct loop_check c = {(uintptr_t)addr, count, stride, size, lo, hi};
    bool recorded = size && count >= (RANGE_REPEAT_MIN_BYTES + size - 1) / size;
    struct range_answer a = {0, 0, 0, false};
    enum range_seen seen = recorded ? range_repeats_seen(&c, &now, t->cache.tag0, &a) : RANGE_NEW;
    if (seen == RANGE_ONWARD) {
      check_runs_in(&c, a.lo, a.hi, &now, &t->cache);
      range_repeats_note(&c, &now, t->cache.tag0, a.epoch, false);
    } else if (seen == RANGE_NEW) {
      bool onward = a.onward; /* set only when recorded */
      uintptr_t span_lo, span_hi;
      bool hidden = range_repeats_runs_begin(&c, &now, &span_lo, &span_hi);
      for (uint64_t k = 0; k < count; k++) {
        uintptr_t run = (uintptr_t)addr + k * stride;
        if (onward)
          onward = check_one_onward(run, size, &now, &t->cache);
        else
          check_one(run, size, &now, &t->cache);
      }
      if (hidden)
        range_repeats_runs_end(span_lo, span_hi);
      if (recorded)
        range_repeats_note(&c, &now, t->cache.tag0, a.epoch, onward);
    }
  } else {
    for (uint64_t k = 0; k < count; k++)
      check_in_runtime(t, (const void *)((uintptr_t)addr + k * stride), size, site, is_write, false,
                       held_first);
  }
  runtime_leave();
}

static void check_strided(const void *addr, uint64_t count, uint64_t stride, uint64_t size,
                          uint32_t site, bool is_write) {
  check_loop_runs(addr, count, stride, size, site, is_write, size <= 2);
}

/* A loop's range (LoopRanges.h in the pass): one run of check_loop_runs, a repeat of
 * which may be skipped; a short one as any range (the held test of its bytes first). */
static void check_loop_range(const void *addr, uint64_t size, uint32_t site, bool is_write) {
  if (size < RANGE_REPEAT_MIN_BYTES)
    check_access(addr, size, site, is_write, false, true);
  else
    check_loop_runs(addr, 1, 0, size, site, is_write, true);
}

/* Whether check_in_runtime's filters all pass a plain (not atomic) access of 4 bytes
 * or more: it touches no confined slot, being outside their bounds or in the gap
 * between live ones that the last lookup found (so skip_as_before has nothing to skip
 * either: its hint is a live slot; BOTS floorplan's accesses to a task's copy of its
 * cells, which lies between its callers' boards and its callees'), and the thread's
 * plain flag holds (thread_state.h: checked, no lock, reduction, league or private
 * stack). The slots first: an access to one (BOTS uts's SHA-1 state) goes on to the
 * hint. */
INLINE bool plain_access(const struct thread_state *t, const void *addr, uint64_t size) {
  uintptr_t a = (uintptr_t)addr;
  return (!confined_may_hold(a, size) || confined_in_gap(a, size)) && __builtin_expect(t->plain, 1);
}

/* The start of a check that plain_access admits: false when this thread checks
 * nothing now; else it is inside the runtime, its strand has accesses, and *now
 * describes the access. */
INLINE bool plain_begin(uint32_t site, bool is_write, struct access_now *now) {
  struct thread_state *t = &t_self;
  if (!checking_here())
    return false;
  runtime_enter();
  t_sync_touched = true; /* the strand has accesses: a release must end it */
  *now = (struct access_now){t->strand, site, t->cache.iter, is_write, 0};
  return true;
}

/* Whether an aligned 4- or 8-byte access that plain_access admits is held in its
 * slot already (aligned_access_held): answered in the hook, without a frame, before
 * check_plain would enter the runtime. Such a check changes nothing, so what
 * plain_begin does for it is moot: it reads the shadow and writes nothing, so a signal
 * handler may run it inside the runtime (where the check returns at once: a no-op
 * either way), as may a thread whose detection stopped; its strand's accesses are
 * noted already (t_sync_touched is cleared only where a release starts a new strand,
 * whose slots hold nothing of it yet); and range records end only where a check may
 * change a history (history_range_repeats.h: held checks never do). Asked only while
 * the repeat filter is paused (it answers repeats itself when on). The mixed kernel's
 * merge sort (qsort's comparisons: 17 M of its 19 M 4-byte reads end held) took about
 * 130 instructions for each through check_plain. */
INLINE enum held_answer plain_held(const void *addr, uint64_t size, uint32_t site, bool is_write) {
  const struct thread_state *t = &t_self;
  return aligned_access_held((uintptr_t)addr, size, t->strand, site, t->cache.iter, is_write);
}

/* Whether a read that plain_held answered HELD_MORE for is recorded already, by the
 * lock-free test alone (aligned_access_recorded), in a small frame (a read it does not
 * answer goes on to check_unrecorded, without the test again): most such reads
 * are covered by two other strands' reads kept in the slot (BOTS floorplan's tasks
 * all read the shapes of one `alt` array: 56 M of its 122 M 4-byte reads, callgrind,
 * one thread, `input.15`), which the whole path (check_plain's large frame, the repeat
 * filter's and the range records' bookkeeping) answered in about 205 instructions
 * each, this one in 171. The test asks the memoised isParallel answers, which it updates: inside
 * the runtime, as plain_begin enters it. Such a check changes no history, so the range
 * records and the repeat filter need not hear of it (as of a held one). */
INLINE bool plain_recorded(const void *addr, uint64_t size, uint32_t site) {
  struct access_now now;
  if (!plain_begin(site, false, &now))
    return true; /* this thread checks nothing now */
  bool recorded = aligned_access_recorded((uintptr_t)addr, size, &now, &t_self.cache);
  runtime_leave();
  return recorded;
}

/* aligned_read_covered's answer for a read that plain_held answered HELD_MORE for (1:
 * recorded, its check would change nothing and find nothing; 0: not recorded, the
 * update follows; -1: don't know, plain_recorded decides), in the small frame of its
 * own function: most of plain_recorded's instructions went to the general test's walk
 * and entry. In precise mode only (fast mode's test is fast_already_recorded's); inside
 * the runtime, as plain_begin enters it, since the memoised answers it asks may be
 * filled. A thread that checks nothing now answers 1, as plain_recorded. */
INLINE int plain_covered(const void *addr, uint64_t size) {
  struct thread_state *t = &t_self;
  if (!mode_precise())
    return -1;
  if (!checking_here())
    return 1;
  runtime_enter();
  t_sync_touched = true; /* the strand has accesses, as plain_begin notes */
  int covered = aligned_read_covered((uintptr_t)addr, size, t->strand, &t->cache);
  runtime_leave();
  return covered;
}

/* Whether an aligned 4- or 8-byte access that plain_access admits, while the repeat
 * filter asks, is a repeat it skips (repeat_skips_plain): answered in the hook, without
 * a frame, as plain_held answers a held check (a skipped repeat changes nothing either:
 * plain_held says why plain_begin's work is then moot), but not inside the runtime,
 * where a signal handler's lookup could meet the filter's own update of its counters.
 * BOTS alignment-for, whose reads the filter mostly skips, took about 105 instructions
 * for such a skip through read4_filtered's frame (callgrind). */
INLINE bool plain_repeated(const void *addr, uint64_t size, uint32_t site, bool is_write) {
  const struct thread_state *t = &t_self;
  return !((uintptr_t)addr & (size - 1)) && !runtime_entered() &&
         repeat_skips_plain(&t_repeats, (uintptr_t)addr, (unsigned)size, t->strand, site,
                            t->cache.iter, is_write);
}

/* check_access_in for an access plain_access admits: its path with every filter's
 * answer known (not held_first: 4 bytes or more), so only the tests that are not the
 * thread's own (detection on, not inside the runtime) remain. */
INLINE void check_plain(const void *addr, uint64_t size, uint32_t site, bool is_write) {
  struct access_now now;
  if (!plain_begin(site, is_write, &now))
    return;
  check_one((uintptr_t)addr, size, &now, &t_self.cache);
  runtime_leave();
}

/* check_plain for an aligned 4- or 8-byte access that plain_held answered HELD_NO for:
 * the check without its lock-free test (history_access_unrecorded), which would answer
 * "not recorded" as the hook's look did. BOTS sort and health, whose strands mostly
 * meet entries of the strands before them, update about two thirds of their checks. */
INLINE void check_unrecorded(const void *addr, uint64_t size, uint32_t site, bool is_write) {
  struct access_now now;
  if (!plain_begin(site, is_write, &now))
    return;
  if (aligned_access_replaced((uintptr_t)addr, size, is_write ? NULL : &now, is_write ? &now : NULL,
                              &t_self.cache)) {
    t_repeats.credit--; /* repeat_on's count: the hook found the filter paused */
  } else {
    struct race_found races[MAX_RACES_PER_ACCESS];
    report_races(
        races, history_access_unrecorded((uintptr_t)addr, size, &now, &t_self.cache, races), &now);
  }
  runtime_leave();
}

/* check_plain for an access whose thread's repeat filter is on (repeat_filter_asks):
 * the filter is asked first, in a small frame, and the history's part, whose frame is
 * large, runs only for a check it does not skip (one function per size and kind, so
 * that both fold into it). BOTS alignment-for, whose reads the filter mostly skips,
 * made the whole frame for each. Where the filter is paused the hooks keep the single
 * frame of check_plain (sort: two frames a check cost it 9 %). */
#define FILTERED_CHECKED(N, KIND)                                                                  \
  static __attribute__((noinline)) void filtered_checked_##KIND##N(                                \
      uintptr_t addr, const struct access_now *now, struct repeat_entry *rec) {                    \
    struct race_found races[MAX_RACES_PER_ACCESS];                                                 \
    report_races(races, aligned_access_checked(addr, N, now, &t_self.cache, races, NULL, rec),     \
                 now);                                                                             \
  }
FILTERED_CHECKED(4, read)
FILTERED_CHECKED(4, write)
FILTERED_CHECKED(8, read)
FILTERED_CHECKED(8, write)
static __attribute__((noinline)) void filtered_unaligned(uintptr_t addr, uint64_t size,
                                                         const struct access_now *now) {
  check_one(addr, size, now, &t_self.cache);
}
INLINE void check_filtered(const void *addr, uint64_t size, uint32_t site, bool is_write) {
  struct access_now now;
  if (!plain_begin(site, is_write, &now))
    return;
  uintptr_t a = (uintptr_t)addr;
  struct repeat_entry *rec;
  if (a & (size - 1))
    filtered_unaligned(a, size, &now);
  else if (aligned_access_repeated(a, size, &now, &rec))
    ; /* skipped */
  else if (size == 4)
    (is_write ? filtered_checked_write4 : filtered_checked_read4)(a, &now, rec);
  else
    (is_write ? filtered_checked_write8 : filtered_checked_read8)(a, &now, rec);
  runtime_leave();
}

/* A pointer load's target (__ompracer_read_pointer): the program is about to load the
 * pointer at addr, and is likely to touch what it points to next (a list's next node),
 * so the cells there are asked of the cache now, and their misses overlap the work up to
 * the program's accesses there (BOTS health: about 30 % of its time was the first load
 * of a patient's cell). The load is the program's own, made early (relaxed: another
 * thread may write the pointer meanwhile, and the value is only a hint); a value that
 * cannot point to shadowed memory (unaligned, in the first page, outside the shadowed
 * space, or in a leaf never mapped) is left alone. */
INLINE void prefetch_pointee(const void *addr) {
  if ((uintptr_t)addr & 7)
    return;
  uintptr_t v = __atomic_load_n((const uintptr_t *)addr, __ATOMIC_RELAXED);
  if ((v & 7) || v < 4096)
    return;
  char *leaf = shadow_leaf_if_mapped(v);
  if (leaf)
    shadow_prefetch_cells(leaf, v);
}

/* The sized hooks: plain_access inline, then a function of their own per hook for
 * each of its answers (so that the constants still fold into them): the plain path
 * (check_filtered's while the repeat filter asks, else check_plain's; an aligned 4- or
 * 8-byte check that the filter skips, or that its slot holds, returns first in the
 * hook itself, plain_repeated and plain_held, which leave it frameless; a read whose
 * slot keeps two reads takes the covered read's test first, plain_covered, then where
 * that does not answer the lock-free test, plain_recorded, and a check the look found
 * not recorded goes without it, check_unrecorded), or
 * skip_as_before inline, with the whole path in another (so that a skip needs no frame
 * for it). skip_as_before stays out of the hook: inline there, its registers cost the
 * plain path a saved register, which took 8 % more time on the mixed kernel (two more
 * instructions a call). Chars and shorts take the held test first: always the whole
 * path. */
/* A sized hook's choice among its functions (KIND: read or write; IS_WRITE: the same
 * as a constant; POINTEE: a pointer load's, prefetch_pointee first, once plain_access
 * says the runtime checks the access: its shadow exists then). A thread that checks
 * nothing (not active: serial code that made no task, thread_state.h) returns in the
 * hook: skip_as_before and check_access_in would both find thread_checked false and do
 * nothing. BOTS sort's initialisation (a shuffle of its 4 M longs, before any parallel
 * region) took about 44 instructions an access through both, and 8 times the native
 * time in that loop (perf, 2 threads: its random reads' misses no longer overlapped). */
#define SIZED_DISPATCH_ANY(N, KIND, IS_WRITE, POINTEE, addr, site)                                 \
  do {                                                                                             \
    if (N > 2 && plain_access(&t_self, addr, N)) {                                                 \
      if (POINTEE)                                                                                 \
        prefetch_pointee(addr);                                                                    \
      if ((N == 4 || N == 8) && repeat_filter_asks(&t_repeats)) {                                  \
        if (!plain_repeated(addr, N, site, IS_WRITE))                                              \
          KIND##N##_filtered(addr, site);                                                          \
      } else if (N == 4 || N == 8) {                                                               \
        enum held_answer held = plain_held(addr, N, site, IS_WRITE);                               \
        if (held == HELD_NO)                                                                       \
          KIND##N##_unrecorded(addr, site);                                                        \
        else if (!IS_WRITE && held == HELD_MORE)                                                   \
          read##N##_more(addr, site); /* writes never answer HELD_MORE */                          \
        else if (held != HELD_YES)                                                                 \
          KIND##N##_plain(addr, site);                                                             \
      } else {                                                                                     \
        KIND##N##_plain(addr, site);                                                               \
      }                                                                                            \
    } else if (t_self.active) {                                                                    \
      KIND##N##_other(addr, site);                                                                 \
    }                                                                                              \
  } while (0)
#define SIZED_DISPATCH(N, KIND, IS_WRITE, addr, site)                                              \
  SIZED_DISPATCH_ANY(N, KIND, IS_WRITE, false, addr, site)
#define SIZED_HOOKS(N)                                                                             \
  static __attribute__((noinline)) void read##N##_in(const void *addr, uint32_t site) {            \
    check_access_in(addr, N, site, false, false, N <= 2);                                          \
  }                                                                                                \
  static __attribute__((noinline)) void write##N##_in(const void *addr, uint32_t site) {           \
    check_access_in(addr, N, site, true, false, N <= 2);                                           \
  }                                                                                                \
  static __attribute__((noinline)) void read##N##_plain(const void *addr, uint32_t site) {         \
    check_plain(addr, N, site, false);                                                             \
  }                                                                                                \
  static __attribute__((noinline)) void write##N##_plain(const void *addr, uint32_t site) {        \
    check_plain(addr, N, site, true);                                                              \
  }                                                                                                \
  static __attribute__((noinline)) void read##N##_unrecorded(const void *addr, uint32_t site) {    \
    check_unrecorded(addr, N, site, false);                                                        \
  }                                                                                                \
  static __attribute__((noinline)) void write##N##_unrecorded(void *addr, uint32_t site) {         \
    check_unrecorded(addr, N, site, true);                                                         \
  }                                                                                                \
  static __attribute__((noinline)) void read##N##_more_test(const void *addr, uint32_t site) {     \
    if (!plain_recorded(addr, N, site))                                                            \
      read##N##_unrecorded(addr, site); /* the test just answered: not again */                    \
  }                                                                                                \
  static __attribute__((noinline)) void read##N##_more(const void *addr, uint32_t site) {          \
    int covered = plain_covered(addr, N);                                                          \
    if (covered < 0)                                                                               \
      read##N##_more_test(addr, site);                                                             \
    else if (!covered)                                                                             \
      read##N##_unrecorded(addr, site); /* the test answered: not again */                         \
  }                                                                                                \
  static __attribute__((noinline)) void read##N##_other(const void *addr, uint32_t site) {         \
    if (!skip_as_before(&t_self, addr, N, false, false))                                           \
      read##N##_in(addr, site);                                                                    \
  }                                                                                                \
  static __attribute__((noinline)) void write##N##_other(void *addr, uint32_t site) {              \
    if (!skip_as_before(&t_self, addr, N, true, false))                                            \
      write##N##_in(addr, site);                                                                   \
  }                                                                                                \
  static __attribute__((noinline)) void read##N##_filtered(const void *addr, uint32_t site) {      \
    check_filtered(addr, N, site, false);                                                          \
  }                                                                                                \
  static __attribute__((noinline)) void write##N##_filtered(const void *addr, uint32_t site) {     \
    check_filtered(addr, N, site, true);                                                           \
  }                                                                                                \
  EXPORT void __ompracer_read##N(const void *addr, uint32_t site) {                                \
    SIZED_DISPATCH(N, read, false, addr, site);                                                    \
  }                                                                                                \
  EXPORT void __ompracer_write##N(void *addr, uint32_t site) {                                     \
    SIZED_DISPATCH(N, write, true, addr, site);                                                    \
  }
SIZED_HOOKS(1)
SIZED_HOOKS(2)
SIZED_HOOKS(4)
SIZED_HOOKS(8)
SIZED_HOOKS(16)

/* A read and then a write of one location (hooks.h, __ompracer_update4): the two sized
 * hooks' paths, but for a pair that plain_access admits, aligned, while the repeat
 * filter stays paused for both checks (its count above two): the read's held look
 * first (held: the write's own path, whose held look may answer too, as each hook
 * would), else both checks in one frame, one lookup and one lock
 * (history_update_pair). BOTS health's patients draw a random number each step
 * (*seed = f(*seed)): 47 M such pairs on `small.input`, each check about 250
 * instructions, most of the hooks' work done twice. */
INLINE void check_update(void *addr, uint64_t size, uint32_t read_site, uint32_t write_site,
                         bool read_unrecorded) {
  struct access_now rd;
  if (!plain_begin(read_site, false, &rd))
    return;
  struct access_now wr = {rd.node, write_site, rd.iter, true, 0};
  t_repeats.credit -= 2; /* the count repeat_on would take, check by check */
  if (read_unrecorded && aligned_access_replaced((uintptr_t)addr, size, &rd, &wr, &t_self.cache)) {
    runtime_leave();
    return;
  }
  struct race_found races_r[MAX_RACES_PER_ACCESS], races_w[MAX_RACES_PER_ACCESS];
  unsigned n_w;
  unsigned n_r = history_update_pair((uintptr_t)addr, size, &rd, &wr, &t_self.cache, races_r,
                                     races_w, &n_w, read_unrecorded);
  report_races(races_r, n_r, &rd);
  report_races(races_w, n_w, &wr);
  runtime_leave();
}
#define UPDATE_HOOK(N)                                                                             \
  static __attribute__((noinline)) void update##N##_pair(void *addr, uint32_t read_site,           \
                                                         uint32_t write_site, bool unrecorded) {   \
    check_update(addr, N, read_site, write_site, unrecorded);                                      \
  }                                                                                                \
  EXPORT void __ompracer_update##N(void *addr, uint32_t read_site, uint32_t write_site) {          \
    if (plain_access(&t_self, addr, N) && !((uintptr_t)addr & (N - 1)) && t_repeats.credit > 2) {  \
      enum held_answer read = plain_held(addr, N, read_site, false);                               \
      if (read != HELD_YES) {                                                                      \
        update##N##_pair(addr, read_site, write_site, read == HELD_NO);                            \
        return;                                                                                    \
      }                                                                                            \
      enum held_answer write = plain_held(addr, N, write_site, true);                              \
      if (write == HELD_NO)                                                                        \
        write##N##_unrecorded(addr, write_site);                                                   \
      else if (write != HELD_YES)                                                                  \
        write##N##_plain(addr, write_site);                                                        \
      return;                                                                                      \
    }                                                                                              \
    SIZED_DISPATCH(N, read, false, addr, read_site);                                               \
    SIZED_DISPATCH(N, write, true, addr, write_site);                                              \
  }
UPDATE_HOOK(4)
UPDATE_HOOK(8)

EXPORT void __ompracer_read_pointer(const void *addr, uint32_t site) {
  SIZED_DISPATCH_ANY(8, read, false, true, addr, site);
}

EXPORT void __ompracer_read_range(const void *addr, uint64_t size, uint32_t site) {
  check_access(addr, size, site, false, false, true);
}

EXPORT void __ompracer_write_range(void *addr, uint64_t size, uint32_t site) {
  check_access(addr, size, site, true, false, true);
}

/* Short loop checks. A loop left after a few iterations (a bounded search that stops
 * early; a merge's run of one input and a partition's scan, BOTS sort's, when the pass
 * ranged them) took more instructions per access through a loop check than through
 * the sized hooks, whose held look answers most accesses in the hook. So
 * a loop check too short to be recorded (history_range_repeats.h) of aligned 4- or
 * 8-byte elements whose bytes plain_access admits goes element by element, from the
 * first, as the sized hooks' plain path goes while the held look answers (held:
 * nothing to do; not recorded: the update without the lock-free test), and checks the
 * rest, from the first element the look does not answer, as a loop check (the bytes of
 * a char array's split granules, a value many tasks read: that path has their tests).
 * Each element is checked once, by the same strand, as the loop check would. */
INLINE bool short_run_fits(uintptr_t a, uint64_t bytes, unsigned elem) {
  return bytes < RANGE_REPEAT_MIN_BYTES && !((a | bytes) & (elem - 1)) &&
         plain_access(&t_self, (const void *)a, bytes);
}
/* short_runs_KINDN: the elements of [p, end) the look answers, checked; returns where
 * it stopped (end: all of them). */
#define SHORT_RUNS(N, KIND, IS_WRITE)                                                              \
  INLINE uintptr_t short_runs_##KIND##N(uintptr_t p, uintptr_t end, uint32_t site) {               \
    for (; p < end; p += N) {                                                                      \
      if (repeat_filter_asks(&t_repeats))                                                          \
        return p;                                                                                  \
      enum held_answer held = plain_held((void *)p, N, site, IS_WRITE);                            \
      if (held == HELD_NO)                                                                         \
        KIND##N##_unrecorded((void *)p, site);                                                     \
      else if (held != HELD_YES)                                                                   \
        return p;                                                                                  \
    }                                                                                              \
    return end;                                                                                    \
  }
SHORT_RUNS(4, read, false)
SHORT_RUNS(4, write, true)
SHORT_RUNS(8, read, false)
SHORT_RUNS(8, write, true)

/* A loop range's short run: by words when aligned to them, else by 4-byte granules
 * (the pass does not say what the elements are: a granule is the shadow's unit).
 * Returns where it stopped. */
#define SHORT_RANGE(KIND, a, end, site)                                                            \
  (short_run_fits(a, end - a, 8)   ? short_runs_##KIND##8(a, end, site)                            \
   : short_run_fits(a, end - a, 4) ? short_runs_##KIND##4(a, end, site)                            \
                                   : a)

/* A loop range short and aligned enough to be a short run: the skip that check_access
 * would try first (a confined slot's bytes: BOTS uts's SHA-1 state, nqueens' boards,
 * which plain_access does not admit), then its run, then the rest as before. Out of
 * line: the hook stays a jump for every other range. */
#define SHORT_LOOP_RANGE(KIND, IS_WRITE)                                                           \
  static __attribute__((noinline)) void KIND##_short_loop_range(uintptr_t a, uintptr_t end,        \
                                                                uint32_t site) {                   \
    if (skip_as_before(&t_self, (const void *)a, end - a, IS_WRITE, false))                        \
      return;                                                                                      \
    a = SHORT_RANGE(KIND, a, end, site);                                                           \
    if (a < end)                                                                                   \
      check_loop_range((const void *)a, end - a, site, IS_WRITE);                                  \
  }
SHORT_LOOP_RANGE(read, false)
SHORT_LOOP_RANGE(write, true)

/* The loop-range hooks (__ompracer_read_loop_range, __ompracer_write_loop_range): a
 * short run out of line, any other range as before. */
#define LOOP_RANGE_HOOK(KIND, IS_WRITE, PTR)                                                       \
  EXPORT void __ompracer_##KIND##_loop_range(PTR addr, uint64_t size, uint32_t site) {             \
    uintptr_t a = (uintptr_t)addr;                                                                 \
    if (size < RANGE_REPEAT_MIN_BYTES && !((a | size) & 3))                                        \
      KIND##_short_loop_range(a, a + size, site);                                                  \
    else                                                                                           \
      check_loop_range(addr, size, site, IS_WRITE);                                                \
  }
LOOP_RANGE_HOOK(read, false, const void *)
LOOP_RANGE_HOOK(write, true, void *)

/* A strided check's short run, when its runs touch one another (stride = size: a loop
 * left early; count below 32 keeps count * size from overflowing) and are 4 or 8 bytes
 * long. Returns where it stopped. */
#define SHORT_STRIDED(KIND, a, count, stride, size, site)                                          \
  (stride != size || count >= 32 || (size != 4 && size != 8) ||                                    \
           !short_run_fits(a, count * size, (unsigned)size)                                        \
       ? a                                                                                         \
   : size == 8 ? short_runs_##KIND##8(a, a + count * 8, site)                                      \
               : short_runs_##KIND##4(a, a + count * 4, site))

/* The strided hooks (__ompracer_read_strided, __ompracer_write_strided): the short
 * run, then the rest, if any, as before. */
#define STRIDED_HOOK(KIND, IS_WRITE, PTR)                                                          \
  EXPORT void __ompracer_##KIND##_strided(PTR addr, uint64_t count, uint64_t stride,               \
                                          uint64_t size, uint32_t site) {                          \
    uintptr_t a = (uintptr_t)addr, stop = SHORT_STRIDED(KIND, a, count, stride, size, site);       \
    if (stop != a)                                                                                 \
      count -= (stop - a) / size;                                                                  \
    if (count)                                                                                     \
      check_strided((PTR)stop, count, stride, size, site, IS_WRITE);                               \
  }
STRIDED_HOOK(read, false, const void *)
STRIDED_HOOK(write, true, void *)

EXPORT void __ompracer_atomic(void *addr, uint64_t size, uint32_t flags, uint32_t site) {
  check_access(addr, size, site, (flags & OMPRACER_ATOMIC_WRITE) != 0, true, false);
  if (atomic_load_explicit(&g_detecting, memory_order_relaxed) && !runtime_entered()) {
    runtime_enter();
    sync_atomic_before((uintptr_t)addr, flags);
    runtime_leave();
  }
}

EXPORT void __ompracer_atomic_done(void *addr, uint64_t read_value, uint64_t written_value,
                                   uint32_t flags) {
  if (runtime_entered())
    return; /* a signal handler interrupted the check: see reentry.h */
  runtime_enter();
  sync_atomic_after((uintptr_t)addr, read_value, written_value, flags);
  runtime_leave();
}

/* Runs `call`, bookkeeping of the runtime, unless detection is off or this thread is
 * already inside the runtime (a signal handler that interrupted it: see reentry.h). */
#define IN_RUNTIME(call)                                                                           \
  do {                                                                                             \
    if (!runtime_entered() && atomic_load_explicit(&g_detecting, memory_order_relaxed)) {          \
      runtime_enter();                                                                             \
      call;                                                                                        \
      runtime_leave();                                                                             \
    }                                                                                              \
  } while (0)

EXPORT void __ompracer_flush(void) {
  IN_RUNTIME(sync_flush());
}

EXPORT void __ompracer_lock_release(void *lock) {
  IN_RUNTIME(sync_lock_releasing((uintptr_t)lock));
}

EXPORT void __ompracer_polled_critical(const void *lock) {
  sync_critical_polled((uintptr_t)lock);
}

EXPORT void __ompracer_critical_entered(const void *lock) {
  IN_RUNTIME(sync_critical_entered((uintptr_t)lock));
}

EXPORT void __ompracer_critical_leaving(const void *lock) {
  IN_RUNTIME(sync_critical_leaving((uintptr_t)lock));
}

EXPORT void __ompracer_branch_read(const void *addr, uint64_t value, uint64_t constant,
                                   uint32_t how) {
  IN_RUNTIME(sync_branch_read((uintptr_t)addr, value, constant, how));
}

/* Fresh memory is a new object: a confined slot it overlaps is dead (confined.h). */
static void forget_fresh(uintptr_t addr, uint64_t size) {
  if (__builtin_expect(confined_may_hold(addr, size), 0))
    confined_drop_overlapping(addr, size);
  history_forget(addr, size);
}

EXPORT void __ompracer_fresh_memory(void *addr, uint64_t size) {
  if (atomic_load_explicit(&g_detecting, memory_order_relaxed) && !runtime_entered()) {
    runtime_enter();
    forget_fresh((uintptr_t)addr, size);
    runtime_leave();
  }
}

/* The object is recorded also before detection starts (a block allocated before the
 * first parallel region is named too), but not from a signal handler that
 * interrupted the check or the recording (it would wait for a lock its thread holds). */
EXPORT void __ompracer_fresh_object(void *addr, uint64_t size, uint32_t site, const char *name) {
  if (runtime_entered())
    return;
  runtime_enter();
  objects_note((uintptr_t)addr, size, site, name);
  if (t_self.other.twin && !name) /* a heap block of an assumed league's team */
    team_note_private_block(t_self.other.league, (uintptr_t)addr, (uintptr_t)addr + size);
  if (atomic_load_explicit(&g_detecting, memory_order_relaxed))
    forget_fresh((uintptr_t)addr, size);
  runtime_leave();
}

/* A slot confined to the running task (confined.h): pushed on this thread's stack of
 * them instead of being forgotten; named for reports only if it is ever unconfined.
 * Before detection starts it is noted as __ompracer_fresh_object notes it. */
_Static_assert(OMPRACER_CONFINED_NEW_FRAME == CONFINED_NEW_FRAME, "confined.h's frame mark");

EXPORT uint32_t __ompracer_confined(void *addr, uint64_t size, uint32_t site, const char *name,
                                    uint32_t frame) {
  uint32_t mark = frame == CONFINED_NEW_FRAME ? t_confined.n : frame;
  if (runtime_entered())
    return mark; /* a signal handler that interrupted the check: nothing is checked */
  runtime_enter();
  if (atomic_load_explicit(&g_detecting, memory_order_relaxed))
    mark = confined_push((uintptr_t)addr, size, site, name, t_self.task, frame);
  else if (name)
    objects_note((uintptr_t)addr, size, site, name);
  runtime_leave();
  return mark;
}

EXPORT void __ompracer_confined_end(uint32_t mark) {
  if (runtime_entered())
    return;
  runtime_enter();
  confined_pop(mark);
  runtime_leave();
}

EXPORT void __ompracer_register_globals(const struct ompracer_global *globals, uint32_t count,
                                        uint32_t abi_version) {
  if (abi_version != OMPRACER_ABI_VERSION)
    return;
  runtime_enter(); /* holds the table's lock: a signal handler here is not checked */
  objects_register_globals(globals, count);
  runtime_leave();
}

EXPORT void __ompracer_construct(uint32_t site) {
  t_self.pending_site = site;
  if (!atomic_load_explicit(&g_hooks_seen, memory_order_relaxed))
    atomic_store(&g_hooks_seen, true);
}

EXPORT void __ompracer_reduction(uint32_t step, uint32_t method) {
  thread_reduction(step, method);
}

EXPORT void __ompracer_num_teams(uint32_t num_teams) {
  t_self.pending_num_teams = num_teams != 0;
}

EXPORT void __ompracer_task_if0(void) {
  t_self.pending_if0 = true;
}

EXPORT void __ompracer_critical_name(const char *name) {
  t_self.pending_name = name;
}

EXPORT void __ompracer_unsupported(uint32_t what, uint32_t site) {
  if (what == OMPRACER_UNSUPPORTED_DOACROSS)
    warn_unsupported(UNSUPPORTED_DOACROSS, site);
}

_Static_assert(OMPRACER_LOOP_FOR == LOOP_FOR && OMPRACER_LOOP_DISTRIBUTE == LOOP_DISTRIBUTE &&
                   OMPRACER_LOOP_TASKLOOP == LOOP_TASKLOOP && OMPRACER_LOOP_SIMD == LOOP_SIMD,
               "loop kinds of the hook ABI and of iterations.h");

EXPORT void __ompracer_loop_begin(uint32_t site, uint32_t window, uint32_t kind) {
  if (kind < LOOP_KINDS)
    thread_loop_begin(site, window, (enum loop_kind)kind);
}

EXPORT void __ompracer_loop_iteration(uint64_t logical_iteration) {
  thread_loop_iteration(logical_iteration);
}

/* The pass moved the markers and hooks of a run of iterations here (hooks.h): the same
 * calls in the same order, so the runtime sees what it would have seen from the loop,
 * without a hook call per access. */
/* Whether none of check_in_runtime's filters before the history can apply to any
 * access of a batch (plain_thread, plain_span). None of that changes inside the batch:
 * the loop makes no call but its marker, whose first call (made before this test) is
 * the only one that can move the strand. A batch's accesses are never atomic (an
 * atomic is a call: the pass does not batch such loops). Then every access is
 * check_one's, with the same access_now. */
INLINE bool batch_plain(const struct thread_state *t, const struct ompracer_iteration_access *acc,
                        uint32_t n, uint64_t count) {
  if (!plain_thread(t))
    return false;
  uintptr_t frame = (uintptr_t)__builtin_frame_address(0);
  for (uint32_t i = 0; i < n; i++) {
    uintptr_t lo, hi;
    stepped_span((uintptr_t)acc[i].start, count, acc[i].step, acc[i].size, &lo, &hi);
    if (!plain_span(t, lo, hi, frame))
      return false;
  }
  return true;
}

/* REPEATED READS. A batch's read at a fixed address (step 0: a shared variable or a
 * pointer the loop reloads in every iteration, since its marker keeps the compiler
 * from hoisting the load) is the same read in every iteration but for its tag. Once
 * history_access_onward answers "onward" for it at some iteration, the same check in
 * every later iteration (larger tag) would change nothing and find nothing while its
 * bytes' history stays as it is. Nothing in the batch changes it when no other access
 * of the batch touches those bytes (repeat_alone); other threads' checks interleave
 * with a batch's as the schedule has them (the batch replays the loop at its end), so
 * the later checks may all be taken right after the one that answered, where they are
 * no-ops: they are skipped, in a batch whose tags all grow (one whose tags would wrap
 * checks every read). */

/* Whether the bytes [lo, hi) meet those of an access of the batch other than access i,
 * in any iteration. */
static bool batch_others_meet(const struct ompracer_iteration_access *acc, uint32_t n, uint32_t i,
                              uint64_t count, uintptr_t lo, uintptr_t hi) {
  for (uint32_t j = 0; j < n; j++) {
    uintptr_t jlo, jhi;
    stepped_span((uintptr_t)acc[j].start, count, acc[j].step, acc[j].size, &jlo, &jhi);
    if (j != i && jlo < hi && jhi > lo)
      return true;
  }
  return false;
}

/* Whether access i of a batch is a read at a fixed address whose bytes no other access
 * of the batch touches in any iteration. */
static bool repeat_alone(const struct ompracer_iteration_access *acc, uint32_t n, uint32_t i,
                         uint64_t count) {
  if (acc[i].step || acc[i].is_write)
    return false;
  uintptr_t lo = (uintptr_t)acc[i].start;
  return !batch_others_meet(acc, n, i, count, lo, lo + acc[i].size);
}

/* Iteration k of a batch (its marker called), each access as check_in_runtime checks
 * it: a batch that batch_plain does not admit, or one of more than BATCH_OPS_MAX
 * accesses. */
INLINE void batch_iteration(struct thread_state *t, const struct ompracer_iteration_access *acc,
                            uint32_t n, uint64_t k) {
  if (!thread_checked(t))
    return;
  runtime_enter();
  for (uint32_t i = 0; i < n; i++)
    check_in_runtime(t, (const char *)acc[i].start + k * acc[i].step, acc[i].size, acc[i].site,
                     acc[i].is_write != 0, false, acc[i].size <= 2);
  runtime_leave();
}

/* A plain batch's access as batch_run_plain replays it. */
struct batch_op {
  uintptr_t addr; /* in the first iteration */
  uint64_t step;
  uint32_t site, size;
  bool is_write, repeat; /* repeat: a read that passed repeat_alone */
  bool lane;             /* every access a whole aligned word or granule (batch_run_ops) */
};

/* THE LANE. An op whose accesses are all whole aligned 8-byte words (a double's, a
 * pointer's, a long's) or 4-byte granules (an int's, a float's) is checked as
 * check_one would check it, with what check_one asks again for every access asked
 * once per block of checks (batch_run_ops): the leaf (a leaf, once mapped, stays),
 * the generation (it moves only where an outermost region ends) and the mode, the
 * paused repeat filter's count; and the range records once per batch (batch_lane:
 * none held, and a batch makes none, so range_repeats_overlap would end none). A
 * block where the filter would start again takes check_one's path. What is left is
 * aligned_access's test and update (history_access.h: word_access_in and
 * granule_access_in). */
INLINE bool batch_lane(void) {
  return range_repeats_none();
}
#define BATCH_OPS_MAX 32

static void batch_ops_make(struct batch_op *ops, const struct ompracer_iteration_access *acc,
                           uint32_t n, uint32_t repeats) {
  for (uint32_t i = 0; i < n; i++)
    ops[i] =
        (struct batch_op){.addr = (uintptr_t)acc[i].start,
                          .step = acc[i].step,
                          .site = acc[i].site,
                          .size = (uint32_t)acc[i].size,
                          .is_write = acc[i].is_write != 0,
                          .repeat = repeats >> i & 1,
                          .lane = !(repeats >> i & 1) && (acc[i].size == 8 || acc[i].size == 4) &&
                                  !((uintptr_t)acc[i].start & (acc[i].size - 1)) &&
                                  !(acc[i].step & (acc[i].size - 1))};
}

/* A plain batch (batch_plain) of at most BATCH_OPS_MAX accesses, the history asked
 * directly for each. tag_only: the running segment goes on and its tags grow
 * (thread_loop_tags_grow), so each later marker only sets the tag
 * (thread_loop_iteration_tag), and a repeated read (bit i of `repeats`) that answered
 * onward is dropped from the iteration's list: every later check of it, with a larger
 * tag, would be skipped. Otherwise every marker is made in full and every read checked
 * (repeats is 0). */
static void batch_run_plain(struct thread_state *t, const struct ompracer_iteration_access *acc,
                            uint32_t n, uint64_t first, uint64_t count, bool tag_only,
                            uint32_t repeats) {
  struct batch_op ops[BATCH_OPS_MAX];
  batch_ops_make(ops, acc, n, repeats);
  uint32_t live = n;
  for (uint64_t k = 0; k < count; k++) {
    if (k && tag_only)
      thread_loop_iteration_tag(first + k);
    else if (k)
      thread_loop_iteration(first + k);
    if (!thread_checked(t))
      continue;
    runtime_enter();
    t_sync_touched = true;
    struct access_now now = {t->strand, 0, t->cache.iter, false, 0};
    for (uint32_t j = 0; j < live; j++) {
      struct batch_op *o = &ops[j];
      now.site = o->site;
      now.is_write = o->is_write;
      if (!o->repeat) {
        if (o->size == 8) /* a double's or a pointer's: the inlined path */
          check_one(o->addr + k * o->step, 8, &now, &t->cache);
        else
          check_one(o->addr + k * o->step, o->size, &now, &t->cache);
      } else if (check_one_onward(o->addr, o->size, &now, &t->cache)) {
        memmove(o, o + 1, (live - j - 1) * sizeof *o); /* onward: never again here */
        live--;
        j--;
      }
    }
    runtime_leave();
  }
}

/* BY ACCESS, NOT BY ITERATION. The iterations of a batch whose tags all grow and whose
 * loop has no safelen (sp_cache's window 0) are pairwise parallel, so any interleaving
 * of them that keeps each iteration's own accesses in order is a schedule of the
 * program, and the detector's verdicts do not depend on the schedule. batch_run_ops
 * takes one such interleaving: blocks of BATCH_BLOCK iterations, and in a block each
 * access of the loop for every iteration in turn (iteration k's access i before its
 * access i + 1, as the loop makes them). Each check then keeps the same access's
 * site, size, kind and stride from the one before, and walks its cells in order, where
 * replaying iteration by iteration switched between the accesses' streams at every
 * check. Two accesses whose bytes meet keep the order they have in the loop when one
 * of them is a write (batch_ops_apart: else the batch is replayed by iteration), so
 * only reads of one location change order among themselves: they race with neither
 * each other nor anything the other writes, and which two reads the history keeps
 * covers the same accesses either way (keep_pair's invariant). A repeated read
 * (repeat_alone: bytes no other access touches) is checked as batch_run_plain checks
 * it, until it answers onward. */
#define BATCH_BLOCK 64

/* Whether no write of a batch meets the bytes of another of its accesses (any
 * iteration of either). */
static bool batch_ops_apart(const struct ompracer_iteration_access *acc, uint32_t n,
                            uint64_t count) {
  for (uint32_t i = 0; i < n; i++) {
    if (!acc[i].is_write)
      continue;
    uintptr_t lo, hi;
    stepped_span((uintptr_t)acc[i].start, count, acc[i].step, acc[i].size, &lo, &hi);
    if (batch_others_meet(acc, n, i, count, lo, hi))
      return false;
  }
  return true;
}

/* The lane's checks of op o (size: its access size, 8 or 4, a constant once inlined)
 * in the iterations [k0, k1) of a block, its first at addr. */
INLINE void batch_lane_block(struct thread_state *t, const struct batch_op *o, uint64_t k0,
                             uint64_t k1, uint32_t first_tag, uintptr_t addr, unsigned size) {
  struct access_now now = {t->strand, o->site, 0, o->is_write, 0};
  uint32_t gen = cells_generation();
  bool precise = mode_precise();
  struct repeat_filter *f = &t_repeats;
  /* The block's leaf, when all of its accesses lie in one (the first access would map
   * it); else each access's. */
  uintptr_t lo, hi;
  stepped_span(addr, k1 - k0, o->step, size, &lo, &hi);
  char *block_leaf =
      lo >> SHADOW_LEAF_BITS == (hi - 1) >> SHADOW_LEAF_BITS ? shadow_leaf(lo) : NULL;
  /* The paused filter's count of the block's checks, taken at once (repeat_on takes
   * it check by check: only when the filter starts again depends on it); a block it
   * would restart in takes check_one's path. */
  bool paused = f->credit > (int64_t)(k1 - k0);
  if (paused)
    f->credit -= (int32_t)(k1 - k0);
  for (uint64_t k = k0; k < k1; k++, addr += o->step) {
    if (__builtin_expect(!atomic_load_explicit(&g_detecting, memory_order_relaxed), 0))
      break;
    now.iter = t->cache.iter = first_tag + (uint32_t)k;
    if (__builtin_expect(!paused, 0)) {
      check_one(addr, size, &now, &t->cache);
      continue;
    }
    char *leaf = block_leaf ? block_leaf : shadow_leaf(addr);
    if (__builtin_expect(!leaf, 0))
      continue; /* out of room: history_access checks nothing there either */
    struct race_found races[MAX_RACES_PER_ACCESS];
    report_races(races,
                 size == 8 ? word_access_in(leaf, addr, gen, precise, &now, &t->cache, races)
                           : granule_access_in(leaf, addr, gen, precise, &now, &t->cache, races),
                 &now);
  }
}

/* The lane of each size, out of line: inlined into one another's loop, the 4-byte one
 * cost the stencil's doubles 4 % more instructions (callgrind). */
static __attribute__((noinline)) void batch_lane_block4(struct thread_state *t,
                                                        const struct batch_op *o, uint64_t k0,
                                                        uint64_t k1, uint32_t first_tag,
                                                        uintptr_t addr) {
  batch_lane_block(t, o, k0, k1, first_tag, addr, 4);
}
static __attribute__((noinline)) void batch_lane_block8(struct thread_state *t,
                                                        const struct batch_op *o, uint64_t k0,
                                                        uint64_t k1, uint32_t first_tag,
                                                        uintptr_t addr) {
  batch_lane_block(t, o, k0, k1, first_tag, addr, 8);
}

/* The checks of op o in the iterations [k0, k1) of a block (first_tag: iteration 0's
 * tag): the lane's when the batch and the op admit it, else check_one's; a repeated
 * read stops at its first onward answer, the op done for the batch (*done). */
INLINE void batch_op_block(struct thread_state *t, struct batch_op *o, uint64_t k0, uint64_t k1,
                           uint32_t first_tag, bool lane, bool *done) {
  uintptr_t addr = o->addr + k0 * o->step;
  if (lane && o->lane) {
    if (o->size == 8)
      batch_lane_block8(t, o, k0, k1, first_tag, addr);
    else
      batch_lane_block4(t, o, k0, k1, first_tag, addr);
    return;
  }
  struct access_now now = {t->strand, o->site, 0, o->is_write, 0};
  for (uint64_t k = k0; k < k1; k++, addr += o->step) {
    if (__builtin_expect(!atomic_load_explicit(&g_detecting, memory_order_relaxed), 0))
      return;
    now.iter = t->cache.iter = first_tag + (uint32_t)k;
    if (o->repeat) {
      if (check_one_onward(o->addr, o->size, &now, &t->cache)) {
        *done = true;
        return;
      }
    } else if (o->size == 8) { /* a double's or a pointer's: the inlined path */
      check_one(addr, 8, &now, &t->cache);
    } else {
      check_one(addr, o->size, &now, &t->cache);
    }
  }
}

/* batch_run_plain's checks for a batch that batch_ops_apart admits, whose tags grow and
 * whose loop has no safelen, taken by access in blocks (above); the loop's tag is left
 * as the last iteration's marker leaves it. */
static void batch_run_ops(struct thread_state *t, struct batch_op *ops, uint32_t n, uint64_t first,
                          uint64_t count) {
  uint32_t first_tag = thread_loop_tag_of(first);
  uint32_t live = n;
  bool lane = batch_lane();
  for (uint64_t k0 = 0; k0 < count; k0 += BATCH_BLOCK) {
    uint64_t k1 = count - k0 > BATCH_BLOCK ? k0 + BATCH_BLOCK : count;
    if (!thread_checked(t))
      break;
    runtime_enter();
    t_sync_touched = true;
    for (uint32_t j = 0; j < live; j++) {
      bool done = false;
      batch_op_block(t, &ops[j], k0, k1, first_tag, lane, &done);
      if (done) {
        memmove(&ops[j], &ops[j + 1], (live - j - 1) * sizeof *ops);
        live--;
        j--;
      }
    }
    runtime_leave();
  }
  thread_loop_iteration_tag(first + count - 1);
}

EXPORT void __ompracer_iterations(const struct ompracer_iteration_access *accesses, uint32_t n,
                                  uint64_t first, uint64_t count) {
  struct thread_state *t = &t_self;
  if (!count)
    return;
  bool in_segment = thread_loop_iteration(first);
  if (n <= BATCH_OPS_MAX && batch_plain(t, accesses, n, count)) {
    bool tag_only = in_segment && thread_loop_tags_grow(first, count);
    uint32_t repeats = 0;
    for (uint32_t i = 0; tag_only && count > 1 && i < n; i++)
      repeats |= (uint32_t)repeat_alone(accesses, n, i, count) << i;
    if (tag_only && count > 1 && !t->cache.window && batch_ops_apart(accesses, n, count)) {
      struct batch_op ops[BATCH_OPS_MAX];
      batch_ops_make(ops, accesses, n, repeats);
      batch_run_ops(t, ops, n, first, count);
      return;
    }
    batch_run_plain(t, accesses, n, first, count, tag_only, repeats);
    return;
  }
  for (uint64_t k = 0; k < count; k++) {
    if (k)
      thread_loop_iteration(first + k);
    batch_iteration(t, accesses, n, k);
  }
}

EXPORT void __ompracer_loop_end(void) {
  thread_loop_end();
}

EXPORT void __ompracer_section_begin(void) {
  thread_section_begin();
}

EXPORT void __ompracer_target_begin(void) {
  thread_target_begin();
}

EXPORT void __ompracer_target_end(void) {
  thread_target_end();
}

EXPORT void __ompracer_module_tasks(uint32_t every_task_waits) {
  nesting_module_tasks(every_task_waits != 0);
}

EXPORT uint32_t __ompracer_register_sites(const struct ompracer_site *sites, uint32_t count,
                                          uint32_t abi_version) {
  nesting_module_registered(); /* whatever its ABI: a module that said nothing counts */
  if (abi_version != OMPRACER_ABI_VERSION)
    return 0;      /* unknown layout: every site of that module reads as unknown */
  runtime_enter(); /* holds the table's lock: a signal handler here is not checked */
  uint32_t base = sites_register(sites, count);
  runtime_leave();
  return base;
}
