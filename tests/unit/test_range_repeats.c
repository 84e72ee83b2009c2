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
  uint64_t epoch;
  if (range_repeats_seen(&c, &now, &epoch))
    return true;
  for (uint64_t k = 0; k < count; k++)
    check_as(w, iter, (char *)addr + k * stride, size, is_write, site, NULL);
  range_repeats_note(&c, &now, epoch);
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

int main(void) {
  if (!history_driver_init())
    return 1;
  RUN_TEST(repeat_is_skipped);
  RUN_TEST(same_kind_overlap_ends_record);
  RUN_TEST(context_ends_records);
  RUN_TEST(forget_ends_records);
  RUN_TEST(oldest_record_goes);
  RUN_TEST(interleaved_blocks_repeat);
  RUN_TEST(pauses_without_repeats);
  return finish();
}
