/* The repeat filter (history_repeats.h) in fast mode, through history_access: which
 * checks it skips (counted by its window's hits), and that whatever could make a
 * repeat differ from the check it repeats ends the record: another site of the same
 * kind, part of the word, a forget, another strand or iteration; the history the
 * skipped checks leave is shown by a parallel strand's later access. */
#include "check.h"
#include "history_driver.h"
#include "history_repeats.h"
#include "strand_stack.h"

static struct strand_stack g_main;

/* Whether the check was skipped: the window's hit count grew. */
static bool skipped(node_id w, uint32_t iter, void *addr, size_t size, bool is_write,
                    uint32_t site) {
  uint32_t before = t_repeats.hits;
  check_as(w, iter, addr, size, is_write, site, NULL);
  return t_repeats.hits == before + 1;
}

static void fresh(void) {
  history_reset();
  ss_destroy(&g_main);
  ss_init(&g_main, ospg_root());
}

/* fresh(), then two sibling tasks: a strand that repeats its checks and a parallel
 * one whose later access shows the history the skipped checks left. */
static void two_tasks(struct strand_stack *t1, struct strand_stack *t2) {
  fresh();
  ss_task_create(&g_main, t1, 0, false);
  ss_task_create(&g_main, t2, 0, false);
}

/* A repeated read or write of one strand is skipped, and a parallel strand still
 * finds the race with it. */
static void repeat_is_skipped(void) {
  static int x;
  struct strand_stack t1, t2;
  two_tasks(&t1, &t2);
  CHECK(!skipped(t1.strand, 0, &x, 4, false, 1));
  CHECK(skipped(t1.strand, 0, &x, 4, false, 1));
  CHECK(!skipped(t1.strand, 0, &x, 4, true, 2)); /* a write: the other kind */
  CHECK(skipped(t1.strand, 0, &x, 4, true, 2));
  CHECK(skipped(t1.strand, 0, &x, 4, false, 1)); /* the write left the read's record */
  CHECK(check_as(t2.strand, 0, &x, 4, true, 3, NULL) == 2);
  ss_destroy(&t1);
  ss_destroy(&t2);
}

/* A write at another site replaces the strand's write entry: the first site's write
 * made again is checked (and recorded) again, and the race names it. */
static void other_site_ends_record(void) {
  static int x;
  struct strand_stack t1, t2;
  two_tasks(&t1, &t2);
  CHECK(!skipped(t1.strand, 0, &x, 4, true, 1));
  CHECK(!skipped(t1.strand, 0, &x, 4, true, 2));
  CHECK(!skipped(t1.strand, 0, &x, 4, true, 1));
  struct race_found r;
  CHECK(check_as(t2.strand, 0, &x, 4, false, 3, &r) == 1 && r.prev.site == 1);
  ss_destroy(&t1);
  ss_destroy(&t2);
}

/* Fresh memory between the two checks: the second is a check of a new object. */
static void forget_ends_records(void) {
  static int x;
  struct strand_stack t1, t2;
  two_tasks(&t1, &t2);
  CHECK(!skipped(t1.strand, 0, &x, 4, true, 1));
  history_forget((uintptr_t)&x, sizeof x);
  CHECK(!skipped(t1.strand, 0, &x, 4, true, 1));
  CHECK(check_as(t2.strand, 0, &x, 4, false, 2, NULL) == 1);
  ss_destroy(&t1);
  ss_destroy(&t2);
}

/* Another strand or iteration in between ends the records. */
static void context_ends_records(void) {
  fresh();
  static int x, y;
  struct strand_stack t1;
  ss_task_create(&g_main, &t1, 0, false);
  CHECK(!skipped(g_main.strand, 1, &x, 4, false, 1));
  CHECK(!skipped(g_main.strand, 2, &x, 4, false, 1));
  CHECK(!skipped(g_main.strand, 2, &y, 4, false, 1));
  CHECK(!skipped(t1.strand, 0, &x, 4, false, 1));
  CHECK(!skipped(g_main.strand, 2, &y, 4, false, 1));
  ss_destroy(&t1);
}

/* Part of a word written at another site (a narrower access, or the word's second
 * int) ends the record of the whole word's write, and the race names the word's. */
static void part_of_word_ends_record(void) {
  static long word[2];
  char *bytes = (char *)&word[0];
  struct strand_stack t1, t2;
  two_tasks(&t1, &t2);
  struct race_found r;
  CHECK(!skipped(t1.strand, 0, bytes, 8, true, 1));
  CHECK(!skipped(t1.strand, 0, bytes + 2, 2, true, 2));
  CHECK(!skipped(t1.strand, 0, bytes, 8, true, 1));
  CHECK(check_as(t2.strand, 0, bytes + 2, 2, false, 9, &r) == 1 && r.prev.site == 1);
  bytes = (char *)&word[1];
  CHECK(!skipped(t1.strand, 0, bytes, 8, true, 1));
  CHECK(!skipped(t1.strand, 0, bytes + 4, 4, true, 3));
  CHECK(!skipped(t1.strand, 0, bytes, 8, true, 1));
  CHECK(check_as(t2.strand, 0, bytes + 4, 4, false, 9, &r) == 1 && r.prev.site == 1);
  /* And the other way: the word's write ends the record of its second int's. */
  CHECK(!skipped(t1.strand, 0, bytes + 4, 4, true, 3));
  CHECK(!skipped(t1.strand, 0, bytes, 8, true, 1));
  CHECK(!skipped(t1.strand, 0, bytes + 4, 4, true, 3));
  ss_destroy(&t1);
  ss_destroy(&t2);
}

/* A range checked again: each of its whole words is a repeat (a loop's range, as the
 * pass checks it before the loop). */
static void range_words_repeat(void) {
  fresh();
  static long a[4];
  uint32_t before = t_repeats.hits;
  check_as(g_main.strand, 0, a, sizeof a, false, 1, NULL);
  CHECK(t_repeats.hits == before);
  check_as(g_main.strand, 0, a, sizeof a, false, 1, NULL);
  CHECK(t_repeats.hits == before + 4);
  CHECK(skipped(g_main.strand, 0, &a[2], 8, false, 1)); /* a word of it, alone */
}

/* A window of lookups that skips nothing pauses the filter; when the pause ends it
 * starts again with no record (none was kept up meanwhile). */
static void pauses_without_repeats(void) {
  fresh();
  static int many[REPEAT_WINDOW + 1];
  for (unsigned i = 0; i <= REPEAT_WINDOW; i++)
    check_as(g_main.strand, 0, &many[i], 4, false, 1, NULL);
  CHECK(t_repeats.credit > 0);
  CHECK(!skipped(g_main.strand, 0, &many[0], 4, false, 1));
  CHECK(!skipped(g_main.strand, 0, &many[0], 4, false, 1));
  while (t_repeats.credit > 0)
    check_as(g_main.strand, 0, &many[1], 4, false, 1, NULL);
  CHECK(!skipped(g_main.strand, 0, &many[1], 4, false, 1)); /* the check that restarts */
  CHECK(skipped(g_main.strand, 0, &many[1], 4, false, 1));
}

/* A forget while no filter is on leaves the epoch alone (no record can be stale: a
 * filter that starts again ends all of its own), and one while a filter is on moves
 * it; a record made before a pause never outlives the pause. */
static void forget_while_paused_leaves_epoch(void) {
  fresh();
  atomic_store(&g_repeat_filters_on, 0); /* this thread's alone, whatever tests before did */
  t_repeats.credit = 0;                  /* the next check restarts the filter */
  static int many[REPEAT_WINDOW + 1];
  CHECK(!skipped(g_main.strand, 0, &many[0], 4, false, 1));
  CHECK(atomic_load(&g_repeat_filters_on) == 1);
  uint64_t epoch = atomic_load(&g_repeat_epoch);
  history_forget((uintptr_t)&many[REPEAT_WINDOW], sizeof many[0]);
  CHECK(atomic_load(&g_repeat_epoch) == epoch + 1);
  for (unsigned i = 1; i <= REPEAT_WINDOW; i++)
    check_as(g_main.strand, 0, &many[i], 4, false, 1, NULL);
  CHECK(t_repeats.credit > 0 && atomic_load(&g_repeat_filters_on) == 0);
  epoch = atomic_load(&g_repeat_epoch);
  history_forget((uintptr_t)&many[0], sizeof many[0]);
  CHECK(atomic_load(&g_repeat_epoch) == epoch);
  while (t_repeats.credit > 0)
    check_as(g_main.strand, 0, &many[1], 4, false, 1, NULL);
  CHECK(!skipped(g_main.strand, 0, &many[0], 4, false, 1)); /* restarts: no record */
  CHECK(atomic_load(&g_repeat_filters_on) == 1);
  CHECK(skipped(g_main.strand, 0, &many[0], 4, false, 1));
}

/* A window of partial pieces only (chars: no lookup can skip them) pauses the filter;
 * without that a thread of chars kept it on for good, clearing entries for nothing. */
static void pauses_on_pieces_alone(void) {
  fresh();
  repeat_restart(&t_repeats);
  static char bytes[REPEAT_WINDOW + 1];
  for (unsigned i = 0; i <= REPEAT_WINDOW; i++)
    check_as(g_main.strand, 0, &bytes[i], 1, false, 1, NULL);
  CHECK(t_repeats.credit > 0);
}

/* Pieces between repeated reads weigh half a lookup each: a piece between each two
 * skipped reads keeps the filter on (counted as whole lookups that miss, they paused
 * it). */
static void pieces_between_repeats_keep_it_on(void) {
  fresh();
  repeat_restart(&t_repeats);
  static char bytes[2 * REPEAT_WINDOW];
  static int x;
  for (unsigned i = 0; i < REPEAT_WINDOW; i += 2) {
    check_as(g_main.strand, 0, &bytes[2 * i], 1, false, 1, NULL);
    check_as(g_main.strand, 0, &x, 4, false, 2, NULL);
  }
  CHECK(t_repeats.credit < 0);
  CHECK(skipped(g_main.strand, 0, &x, 4, false, 2));
}

int main(void) {
  if (!history_driver_init())
    return 1;
  ss_init(&g_main, ospg_root());
  RUN_TEST(repeat_is_skipped);
  RUN_TEST(other_site_ends_record);
  RUN_TEST(forget_ends_records);
  RUN_TEST(forget_while_paused_leaves_epoch);
  RUN_TEST(context_ends_records);
  RUN_TEST(part_of_word_ends_record);
  RUN_TEST(range_words_repeat);
  RUN_TEST(pauses_without_repeats);
  RUN_TEST(pauses_on_pieces_alone);
  RUN_TEST(pieces_between_repeats_keep_it_on);
  return finish();
}
