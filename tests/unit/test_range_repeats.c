/* Repeated loop ranges and strided checks (history_range_repeats.h), with the history in its
 * default state (fast mode, as a program starts): which range checks a thread may skip, and that
 * whatever would end the repeat filter's record of one of the range's words ends the range's
 * record: a check of the same kind of any of its bytes at another site, a check in another context
 * (strand or iteration), a forget anywhere; a check of the other kind or of other bytes does not. A
 * parallel strand's later access shows the history the skipped checks left. */
#include "check.h"
#include "history_driver.h"
#include "history_range_repeats.h"
#include "strand_stack.h"

#include <pthread.h>

static struct strand_stack g_main;

static struct access_now now_of(node_id w, uint32_t iter, bool is_write, uint32_t site) {
  return (struct access_now){.node = w, .site = site, .iter = iter, .is_write = is_write};
}

/* A loop's check as the hooks make it (count runs of size bytes, stride apart; a
 * range is one run); true if it was skipped. */
static bool strided_skipped(node_id w, uint32_t iter, void *addr, uint64_t count, uint64_t stride,
                            uint64_t size, bool is_write, uint32_t site) {
  struct access_now now = now_of(w, iter, is_write, site);
  uintptr_t lo = (uintptr_t)addr;
  struct loop_check c = {lo, count, stride, size, lo, lo + (count - 1) * stride + size};
  struct range_answer a = {0, 0, 0, false};
  if (range_repeats_seen(&c, &now, 1, &a) == RANGE_REPEATED)
    return true;
  uintptr_t span_lo, span_hi; /* as check_loop_runs (hooks.c) checks the runs */
  bool hidden = range_repeats_runs_begin(&c, &now, &span_lo, &span_hi);
  for (uint64_t k = 0; k < count; k++)
    check_as(w, iter, (char *)addr + k * stride, size, is_write, site, NULL);
  if (hidden)
    range_repeats_runs_end(span_lo, span_hi);
  range_repeats_note(&c, &now, 1, a.epoch, false);
  return false;
}

static bool range_skipped(node_id w, uint32_t iter, void *addr, size_t size, bool is_write,
                          uint32_t site) {
  return strided_skipped(w, iter, addr, 1, 0, size, is_write, site);
}

static double row[64]; /* 512 bytes: at least RANGE_REPEAT_MIN_BYTES */

static void two_tasks(struct strand_stack *t1, struct strand_stack *t2) {
  history_reset();
  ss_destroy(&g_main);
  ss_init(&g_main, ospg_root());
  ss_task_create(&g_main, t1, 0, false);
  ss_task_create(&g_main, t2, 0, false);
}

/* A read and a write of one row, repeated (a matrix multiply's row of C): each repeat
 * is skipped, the write does not end the read's record nor the read the write's, and a
 * parallel strand still finds the race with both. */
static void repeat_is_skipped(void) {
  struct strand_stack t1, t2;
  two_tasks(&t1, &t2);
  CHECK(!range_skipped(t1.strand, 0, row, sizeof row, false, 1));
  CHECK(range_skipped(t1.strand, 0, row, sizeof row, false, 1));
  CHECK(!range_skipped(t1.strand, 0, row, sizeof row, true, 2));
  CHECK(range_skipped(t1.strand, 0, row, sizeof row, false, 1));
  CHECK(range_skipped(t1.strand, 0, row, sizeof row, true, 2));
  /* Not the same check: another site, part of the row. */
  CHECK(!range_skipped(t1.strand, 0, row, sizeof row, false, 3));
  CHECK(!range_skipped(t1.strand, 0, row, sizeof row / 2, true, 2));
  struct race_found r = {0};
  CHECK(check_as(t2.strand, 0, &row[7], 8, true, 4, &r) >= 1);
  CHECK(r.prev.node == t1.strand);
  ss_destroy(&t1);
  ss_destroy(&t2);
}

/* A check of the same kind of some of the row's bytes at another site ends the record;
 * one of other bytes, or of the other kind, does not. */
static void same_kind_overlap_ends_record(void) {
  static double other[64];
  struct strand_stack t1, t2;
  two_tasks(&t1, &t2);
  CHECK(!range_skipped(t1.strand, 0, row, sizeof row, false, 1));
  CHECK(check_as(t1.strand, 0, other, sizeof other, false, 5, NULL) == 0);
  CHECK(check_as(t1.strand, 0, &row[63], 8, true, 6, NULL) == 0);
  CHECK(range_skipped(t1.strand, 0, row, sizeof row, false, 1));
  CHECK(check_as(t1.strand, 0, &row[63], 8, false, 7, NULL) == 0);
  CHECK(!range_skipped(t1.strand, 0, row, sizeof row, false, 1));
  ss_destroy(&t1);
  ss_destroy(&t2);
}

/* A check in another context (another strand, another iteration of the strand's
 * loop) ends every record, whatever its bytes. */
static void context_ends_records(void) {
  static int elsewhere;
  struct strand_stack t1, t2;
  two_tasks(&t1, &t2);
  CHECK(!range_skipped(t1.strand, 1, row, sizeof row, false, 1));
  CHECK(check_as(t2.strand, 0, &elsewhere, 4, false, 8, NULL) == 0);
  CHECK(!range_skipped(t1.strand, 1, row, sizeof row, false, 1));
  CHECK(range_skipped(t1.strand, 1, row, sizeof row, false, 1));
  CHECK(!range_skipped(t1.strand, 2, row, sizeof row, false, 1));
  CHECK(!range_skipped(t1.strand, 1, row, sizeof row, false, 1));
  ss_destroy(&t1);
  ss_destroy(&t2);
}

/* A forget of any memory, by any thread, ends every record (the memory may have been
 * freed and given to a new object). */
static void forget_ends_records(void) {
  static int unrelated[4];
  struct strand_stack t1, t2;
  two_tasks(&t1, &t2);
  CHECK(!range_skipped(t1.strand, 0, row, sizeof row, false, 1));
  CHECK(range_skipped(t1.strand, 0, row, sizeof row, false, 1));
  history_forget((uintptr_t)unrelated, sizeof unrelated);
  CHECK(!range_skipped(t1.strand, 0, row, sizeof row, false, 1));
  history_reset();
  CHECK(!range_skipped(t1.strand, 0, row, sizeof row, false, 1));
  ss_destroy(&t1);
  ss_destroy(&t2);
}

/* The records are few; the least recently answered goes first (a loop's once-only
 * rows before the row it reads for each of them). */
static void oldest_record_goes(void) {
  static double b[2 * RANGE_REPEATS][64];
  struct strand_stack t1, t2;
  two_tasks(&t1, &t2);
  CHECK(!range_skipped(t1.strand, 0, row, sizeof row, false, 1));
  for (int k = 0; k < 2 * RANGE_REPEATS; k++) {
    CHECK(!range_skipped(t1.strand, 0, b[k], sizeof b[k], false, 2));
    CHECK(range_skipped(t1.strand, 0, row, sizeof row, false, 1));
  }
  CHECK(!range_skipped(t1.strand, 0, b[0], sizeof b[0], false, 2));
  ss_destroy(&t1);
  ss_destroy(&t2);
}

/* Blocks of eight columns of a matrix of 64 doubles a row, read down (strided: 16
 * runs of 64 bytes, a row apart), block after block, for each row of another matrix
 * (BOTS strassen's inner loops): every block's second read is a repeat, although the
 * blocks' spans overlap; a read of the same kind of bytes between the runs of a block
 * leaves its record, one of a byte in a run ends it. */
static void interleaved_blocks_repeat(void) {
  static double m[16][64];
  struct strand_stack t1, t2;
  two_tasks(&t1, &t2);
  for (int pass = 0; pass < 3; pass++)
    for (int j = 0; j < 64; j += 8)
      CHECK(strided_skipped(t1.strand, 0, &m[0][j], 16, sizeof m[0], 64, false, 3) == (pass > 0));
  CHECK(check_as(t1.strand, 0, &m[5][8], 8, false, 4, NULL) == 0); /* in block 8's run */
  CHECK(!strided_skipped(t1.strand, 0, &m[0][8], 16, sizeof m[0], 64, false, 3));
  CHECK(strided_skipped(t1.strand, 0, &m[0][0], 16, sizeof m[0], 64, false, 3));
  CHECK(strided_skipped(t1.strand, 0, &m[0][16], 16, sizeof m[0], 64, false, 3));
  /* A parallel strand's write still meets the reads the skipped checks stand for. */
  struct race_found r = {0};
  CHECK(check_as(t2.strand, 0, &m[15][63], 8, true, 5, &r) == 1);
  CHECK(r.prev.node == t1.strand);
  ss_destroy(&t1);
  ss_destroy(&t2);
}

/* runs_meet_same_stride answers what check_meets asked of each run says, for checks of one
 * stride with gaps, at every offset of one against the other. */
static void runs_meet_as_run_by_run(void) {
  uintptr_t base = 1 << 20;
  for (uint64_t s = 2; s <= 9; s++)
    for (uint64_t cs = 1; cs < s; cs++)
      for (uint64_t ns = 1; ns < s; ns++)
        for (uint64_t cc = 2; cc <= 4; cc++)
          for (uint64_t nc = 2; nc <= 4; nc++)
            for (int64_t off = -4 * (int64_t)s; off <= 4 * (int64_t)s; off++) {
              struct loop_check c = {base, cc, s, cs, base, base + (cc - 1) * s + cs};
              uintptr_t a = base + off;
              struct loop_check n = {a, nc, s, ns, a, a + (nc - 1) * s + ns};
              bool met = false;
              for (uint64_t k = 0; k < nc; k++)
                met = met || check_meets(&c, a + k * s, a + k * s + ns);
              CHECK(runs_meet_same_stride(&c, &n) == met);
            }
}

/* Records of a matrix's columns (one stride, gaps between the runs): a strided check of the
 * same kind at another site ends the records whose runs its own runs meet (one column, and
 * a half double's column) and no other, also when those are ended before its runs are checked
 * (range_repeats_runs_begin, as the hooks check them), and the span hidden meanwhile shows
 * again. */
static void strided_check_ends_met_columns(void) {
  static double m[32][8];
  struct strand_stack t1, t2;
  two_tasks(&t1, &t2);
  t_range_repeats.noted = t_range_repeats.answered = t_range_repeats.paused = 0;
  for (int pass = 0; pass < 2; pass++)
    for (int j = 0; j < 8; j++)
      CHECK(strided_skipped(t1.strand, 0, &m[0][j], 32, sizeof m[0], 8, false, 60) == (pass > 0));
  CHECK(!strided_skipped(t1.strand, 0, &m[0][3], 32, sizeof m[0], 8, false, 61));
  CHECK(!strided_skipped(t1.strand, 0, (char *)&m[0][5] + 4, 32, sizeof m[0], 4, false, 61));
  for (int j = 0; j < 8; j++)
    CHECK(strided_skipped(t1.strand, 0, &m[0][j], 32, sizeof m[0], 8, false, 60) ==
          (j != 3 && j != 5));
  /* The records' span shows again after the runs: it covers every column, and a read of one
   * element at another site still ends its column's record. */
  CHECK(t_range_repeats.lo == (uintptr_t)&m[0][0] && t_range_repeats.hi == (uintptr_t)&m[31][8]);
  CHECK(check_as(t1.strand, 0, &m[4][0], 8, false, 62, NULL) == 0);
  CHECK(!strided_skipped(t1.strand, 0, &m[0][0], 32, sizeof m[0], 8, false, 60));
  CHECK(strided_skipped(t1.strand, 0, &m[0][1], 32, sizeof m[0], 8, false, 60));
  ss_destroy(&t1);
  ss_destroy(&t2);
}

/* A window of records none of which is answered pauses the records: a repeat is then
 * checked again, and the thread holds none (its other checks test nothing). */
static void pauses_without_repeats(void) {
  static double rows[RANGE_WINDOW][16]; /* 128 bytes each */
  struct strand_stack t1, t2;
  two_tasks(&t1, &t2);
  t_range_repeats.noted = t_range_repeats.answered = 0; /* a window of its own */
  for (int k = 0; k < RANGE_WINDOW; k++)
    CHECK(!range_skipped(t1.strand, 0, rows[k], sizeof rows[k], false, 9));
  CHECK(t_range_repeats.n == 0 && t_range_repeats.paused == RANGE_PAUSE);
  CHECK(!range_skipped(t1.strand, 0, rows[0], sizeof rows[0], false, 9));
  CHECK(!range_skipped(t1.strand, 0, rows[0], sizeof rows[0], false, 9));
  t_range_repeats.paused = 0;
  CHECK(!range_skipped(t1.strand, 0, rows[0], sizeof rows[0], false, 9));
  CHECK(range_skipped(t1.strand, 0, rows[0], sizeof rows[0], false, 9));
  ss_destroy(&t1);
  ss_destroy(&t2);
}

/* ONWARD RECORDS. A read loop check as the hooks make it in iteration iter of a loop whose
 * first tag is tag0 (iterations all parallel): skipped as a repeat, answered by an onward record
 * (only its hole checked), or made (each run asking whether it is onward). *races: the races the
 * checks found. */
static enum range_seen onward_checked(node_id w, uint32_t tag0, uint32_t iter, void *addr,
                                      uint64_t count, uint64_t stride, uint64_t size, uint32_t site,
                                      unsigned *races) {
  struct access_now now = now_of(w, iter, false, site);
  uintptr_t lo = (uintptr_t)addr;
  struct loop_check c = {lo, count, stride, size, lo, lo + (count - 1) * stride + size};
  struct sp_cache cache;
  sp_cache_reset(&cache, w);
  cache.iter = iter;
  cache.tag0 = tag0;
  struct race_found found[MAX_RACES_PER_ACCESS];
  struct range_answer a = {0, 0, 0, false};
  enum range_seen seen = range_repeats_seen(&c, &now, tag0, &a);
  *races = 0;
  if (seen == RANGE_ONWARD) {
    for (uint64_t k = 0; k < count; k++) { /* the runs that meet the hole */
      uintptr_t run = lo + k * stride;
      if (run < a.hi && run + size > a.lo)
        *races += history_access(run, size, &now, &cache, found);
    }
    range_repeats_note(&c, &now, tag0, a.epoch, false);
  } else if (seen == RANGE_NEW) {
    bool onward = a.onward;
    for (uint64_t k = 0; k < count; k++) {
      bool run_onward;
      *races += history_access_onward(lo + k * stride, size, &now, &cache, found, &run_onward);
      onward = onward && run_onward;
    }
    range_repeats_note(&c, &now, tag0, a.epoch, onward);
  }
  return seen;
}

static enum range_seen onward_range(node_id w, uint32_t iter, void *addr, size_t size,
                                    unsigned *races) {
  return onward_checked(w, 1, iter, addr, 1, 0, size, 11, races);
}

/* A check made by another thread (whose records are its own). */
struct other_check {
  node_id w;
  void *addr;
  size_t size;
  bool is_write;
  struct race_found first;
  unsigned races;
};
static void *other_check_run(void *arg) {
  struct other_check *o = arg;
  o->races = check_as(o->w, 0, o->addr, o->size, o->is_write, 12, &o->first);
  return NULL;
}
static unsigned check_on_other_thread(node_id w, void *addr, size_t size, bool is_write,
                                      struct race_found *first) {
  struct other_check o = {w, addr, size, is_write, {0}, 0};
  pthread_t th;
  if (pthread_create(&th, NULL, other_check_run, &o) != 0)
    return 0;
  pthread_join(th, NULL);
  *first = o.first;
  return o.races;
}

/* A loop that reads a whole row in every iteration: once its own earlier iterations' reads cover
 * the read for every later tag, the check is answered by the onward record, a parallel strand's
 * write still meets the reads it stands for and does not end the record; the same tag, or a
 * smaller one, is checked again. */
static void onward_read_is_skipped(void) {
  struct strand_stack t1, t2;
  two_tasks(&t1, &t2);
  unsigned races;
  CHECK(onward_range(t1.strand, 1, row, sizeof row, &races) == RANGE_NEW);
  CHECK(onward_range(t1.strand, 2, row, sizeof row, &races) == RANGE_NEW); /* one own entry */
  CHECK(onward_range(t1.strand, 3, row, sizeof row, &races) == RANGE_NEW); /* answers onward */
  CHECK(onward_range(t1.strand, 4, row, sizeof row, &races) == RANGE_ONWARD && races == 0);
  struct race_found r = {0};
  CHECK(check_on_other_thread(t2.strand, &row[5], 8, true, &r) >= 1);
  CHECK(r.prev.node == t1.strand);
  CHECK(onward_range(t1.strand, 5, row, sizeof row, &races) == RANGE_ONWARD);
  CHECK(onward_range(t1.strand, 5, row, sizeof row, &races) == RANGE_REPEATED);
  CHECK(onward_range(t1.strand, 3, row, sizeof row, &races) == RANGE_NEW);
  ss_destroy(&t1);
  ss_destroy(&t2);
}

/* The bytes the strand checks itself after the record was made form its hole, checked for real
 * when the record answers: t3's read of the row is covered by t1's and t2's reads (no entry of
 * its own), its write of one element in iteration 2 meets only theirs, and its read in iteration
 * 3 races with that write: skipping the element would miss the pair. */
static void onward_hole_is_checked(void) {
  struct strand_stack t1, t2, t3;
  two_tasks(&t1, &t2);
  ss_task_create(&g_main, &t3, 0, false);
  unsigned races;
  CHECK(onward_range(t1.strand, 0, row, sizeof row, &races) == RANGE_NEW);
  CHECK(onward_range(t2.strand, 0, row, sizeof row, &races) == RANGE_NEW);
  CHECK(onward_range(t3.strand, 1, row, sizeof row, &races) == RANGE_NEW);
  struct race_found r = {0};
  CHECK(check_as(t3.strand, 2, &row[5], 8, true, 13, &r) == 2 && r.prev.node != t3.strand);
  CHECK(onward_range(t3.strand, 3, row, sizeof row, &races) == RANGE_ONWARD && races == 1);
  /* A hole of more than a quarter of the row ends the record. */
  CHECK(check_as(t3.strand, 4, &row[16], 8 * 16, false, 14, NULL) == 0);
  CHECK(onward_range(t3.strand, 5, row, sizeof row, &races) == RANGE_NEW);
  ss_destroy(&t1);
  ss_destroy(&t2);
  ss_destroy(&t3);
}

/* Another strand's check in this thread, a forget, a new shadow generation and another loop
 * instance (its first tag) end the onward records. */
static void onward_context_ends_records(void) {
  static int unrelated[4];
  struct strand_stack t1, t2;
  two_tasks(&t1, &t2);
  unsigned races;
  for (uint32_t iter = 1; iter <= 3; iter++)
    CHECK(onward_range(t1.strand, iter, row, sizeof row, &races) == RANGE_NEW);
  CHECK(onward_range(t1.strand, 4, row, sizeof row, &races) == RANGE_ONWARD);
  CHECK(check_as(t2.strand, 0, unrelated, 4, false, 15, NULL) == 0);
  CHECK(onward_range(t1.strand, 5, row, sizeof row, &races) == RANGE_NEW);
  CHECK(onward_range(t1.strand, 6, row, sizeof row, &races) == RANGE_ONWARD);
  history_forget((uintptr_t)unrelated, sizeof unrelated);
  CHECK(onward_range(t1.strand, 7, row, sizeof row, &races) == RANGE_NEW);
  CHECK(onward_range(t1.strand, 8, row, sizeof row, &races) == RANGE_ONWARD);
  CHECK(onward_checked(t1.strand, 100, 101, row, 1, 0, sizeof row, 11, &races) == RANGE_NEW);
  ss_destroy(&t1);
  ss_destroy(&t2);
}

/* Three strided reads that interleave (x, y and z of an array of points, 24 bytes apart) keep
 * their onward records: a run of one does not meet the runs of the others. A read of one point
 * meets one run of each: each record's hole is its bytes. */
static void onward_strided_interleave(void) {
  static double xyz[3 * 64];
  struct strand_stack t1, t2;
  two_tasks(&t1, &t2);
  unsigned races;
  for (uint32_t iter = 1; iter <= 4; iter++)
    for (int d = 0; d < 3; d++)
      CHECK(onward_checked(t1.strand, 1, iter, &xyz[d], 64, 24, 8, 20 + d, &races) ==
            (iter < 4 ? RANGE_NEW : RANGE_ONWARD));
  CHECK(check_as(t1.strand, 5, &xyz[30], 24, false, 23, NULL) == 0);
  for (int d = 0; d < 3; d++) {
    CHECK(onward_checked(t1.strand, 1, 6, &xyz[d], 64, 24, 8, 20 + d, &races) == RANGE_ONWARD);
    uintptr_t lo = (uintptr_t)&xyz[d];
    struct loop_check c = {lo, 64, 24, 8, lo, lo + 63 * 24 + 8};
    const struct onward_record *r = onward_set_find(&t_range_repeats.onward.set, &c, 20 + d);
    CHECK(r && r->hole_lo == (uintptr_t)&xyz[30] && r->hole_hi == (uintptr_t)&xyz[33]);
  }
  ss_destroy(&t1);
  ss_destroy(&t2);
}

/* A loop that reads many rows in each iteration (a matrix multiply's B, one loop range per
 * row): each row keeps its own record among the others; the strand's write inside one row is
 * that row's hole only (checked for real when the record answers: it races with the write),
 * and a check between two rows meets none of them. */
static void onward_many_rows(void) {
  static double rows[40][17]; /* the loop reads the first 128 bytes of each */
  struct strand_stack t1, t2;
  two_tasks(&t1, &t2);
  unsigned races;
  t_range_repeats.noted = t_range_repeats.answered = t_range_repeats.paused = 0;
  t_range_repeats.onward.asked = t_range_repeats.onward.answered = 0;
  t_range_repeats.onward.paused = 0;
  for (uint32_t iter = 1; iter <= 3; iter++) {
    if (iter == 3) /* the first two iterations' asks answered nothing */
      t_range_repeats.paused = t_range_repeats.onward.paused = 0;
    for (int k = 0; k < 40; k++)
      CHECK(onward_checked(t1.strand, 1, iter, rows[k], 1, 0, 128, 40, &races) == RANGE_NEW);
  }
  for (int k = 0; k < 40; k++)
    CHECK(onward_checked(t1.strand, 1, 4, rows[k], 1, 0, 128, 40, &races) == RANGE_ONWARD &&
          races == 0);
  CHECK(check_as(t1.strand, 5, &rows[7][3], 8, true, 41, NULL) >= 1);
  CHECK(check_as(t1.strand, 5, &rows[8][16], 8, false, 42, NULL) == 0); /* between rows */
  for (int k = 0; k < 40; k++) {
    struct loop_check c = {(uintptr_t)rows[k],      1, 0, 128, (uintptr_t)rows[k],
                           (uintptr_t)rows[k] + 128};
    const struct onward_record *r = onward_set_find(&t_range_repeats.onward.set, &c, 40);
    CHECK(r &&
          (k == 7 ? r->hole_lo == (uintptr_t)&rows[7][3] && r->hole_hi == (uintptr_t)&rows[7][4]
                  : r->hole_lo >= r->hole_hi));
    CHECK(onward_checked(t1.strand, 1, 6, rows[k], 1, 0, 128, 40, &races) == RANGE_ONWARD &&
          (races != 0) == (k == 7));
  }
  ss_destroy(&t1);
  ss_destroy(&t2);
}

/* A window of asks none of which led to an answer (more rows than records, each read once per
 * iteration) pauses the asks: a check that would answer onward then makes no record. */
static void onward_pauses_without_answers(void) {
  static double rows[RANGE_ONWARD_WINDOW][16]; /* 128 bytes each */
  struct strand_stack t1, t2;
  two_tasks(&t1, &t2);
  t_range_repeats.noted = t_range_repeats.answered = t_range_repeats.paused = 0;
  t_range_repeats.onward.asked = t_range_repeats.onward.answered = 0;
  unsigned races;
  for (int k = 0; k < RANGE_ONWARD_WINDOW; k++)
    CHECK(onward_checked(t1.strand, 1, 1 + (uint32_t)k, rows[k], 1, 0, sizeof rows[k], 30,
                         &races) == RANGE_NEW);
  CHECK(t_range_repeats.onward.paused == RANGE_PAUSE && t_range_repeats.onward.set.n == 0);
  t_range_repeats.paused = 0; /* the repeats' own pause, also taken: not this test's */
  for (uint32_t iter = 100; iter < 106; iter++)
    CHECK(onward_range(t1.strand, iter, row, sizeof row, &races) == RANGE_NEW);
  t_range_repeats.onward.paused = 0; /* the row's own entries cover it: asked, it answers */
  CHECK(onward_range(t1.strand, 106, row, sizeof row, &races) == RANGE_NEW);
  CHECK(onward_range(t1.strand, 107, row, sizeof row, &races) == RANGE_ONWARD);
  ss_destroy(&t1);
  ss_destroy(&t2);
}

int main(void) {
  if (!history_driver_init())
    return 1;
  RUN_TEST(repeat_is_skipped);
  RUN_TEST(same_kind_overlap_ends_record);
  RUN_TEST(context_ends_records);
  RUN_TEST(forget_ends_records);
  RUN_TEST(oldest_record_goes);
  RUN_TEST(interleaved_blocks_repeat);
  RUN_TEST(runs_meet_as_run_by_run);
  RUN_TEST(strided_check_ends_met_columns);
  RUN_TEST(pauses_without_repeats);
  RUN_TEST(onward_read_is_skipped);
  RUN_TEST(onward_hole_is_checked);
  RUN_TEST(onward_context_ends_records);
  RUN_TEST(onward_strided_interleave);
  RUN_TEST(onward_many_rows);
  RUN_TEST(onward_pauses_without_answers);
  return finish();
}
