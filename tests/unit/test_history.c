/* Fast-mode access history (Algorithm 19) over real shadow memory: which accesses are
 * reported against which, byte-exactness, atomics, and the read-pair rule. Strands
 * come from the OSPG construction API. */
#include "check.h"
#include "history.h"
#include "history_cell.h"
#include "history_driver.h"
#include "ospg.h"
#include "shadow.h"
#include "strand_stack.h"

#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static struct strand_stack g_main;

/* Performs one access as strand w and returns how many earlier accesses it races
 * with; *prev gets the first one. */
static unsigned access_as(node_id w, void *addr, size_t size, bool is_write, bool atomic,
                          uint32_t site, struct race_found *first) {
  struct sp_cache cache;
  sp_cache_reset(&cache, w);
  struct access_now now = {
      .node = w, .site = site | (atomic ? ACCESS_ATOMIC : 0), .is_write = is_write};
  struct race_found races[MAX_RACES_PER_ACCESS];
  unsigned n = history_access((uintptr_t)addr, size, &now, &cache, races);
  if (n && first)
    *first = races[0];
  return n;
}

/* The same as a tagged loop iteration (iterations.h): tag iter of a loop instance
 * whose first tag is tag0, with safelen window (0: none). */
static unsigned access_iter(node_id w, uint32_t iter, uint32_t window, uint32_t tag0, void *addr,
                            bool is_write, uint32_t site, struct race_found *first) {
  struct sp_cache cache;
  sp_cache_reset(&cache, w);
  cache.iter = iter;
  cache.window = window;
  cache.tag0 = tag0;
  struct access_now now = {.node = w, .site = site, .iter = iter, .is_write = is_write};
  struct race_found races[MAX_RACES_PER_ACCESS];
  unsigned n = history_access((uintptr_t)addr, 4, &now, &cache, races);
  if (n && first)
    *first = races[0];
  return n;
}

static void fresh(void) {
  history_reset();
  ss_destroy(&g_main);
  ss_init(&g_main, ospg_root());
}

/* Figure 4.3: x = 0 (W1); task { x = 1 } (W2); task { read x } (W3): write-read race
 * between W2 and W3, none with W1. */
static void fig_4_3_write_read(void) {
  fresh();
  static int x;
  struct strand_stack t1, t2;
  node_id w1 = g_main.strand;
  CHECK(access_as(w1, &x, 4, true, false, 1, NULL) == 0);
  ss_task_create(&g_main, &t1, 0, false);
  ss_task_create(&g_main, &t2, 0, false);
  CHECK(access_as(t1.strand, &x, 4, true, false, 2, NULL) == 0);
  struct race_found r;
  CHECK(access_as(t2.strand, &x, 4, false, false, 3, &r) == 1);
  CHECK(r.prev.node == t1.strand && r.prev_is_write && r.prev.site == 2);
  CHECK(r.nbytes == 4 && r.addr == (uintptr_t)&x);
  ss_destroy(&t1);
  ss_destroy(&t2);
}

static void reads_do_not_race(void) {
  fresh();
  static int x;
  struct strand_stack t1, t2;
  ss_task_create(&g_main, &t1, 0, false);
  ss_task_create(&g_main, &t2, 0, false);
  CHECK(access_as(t1.strand, &x, 4, false, false, 1, NULL) == 0);
  CHECK(access_as(t2.strand, &x, 4, false, false, 2, NULL) == 0);
  CHECK(access_as(g_main.strand, &x, 4, false, false, 3, NULL) == 0);
  ss_destroy(&t1);
  ss_destroy(&t2);
}

/* Two parallel reads are both kept: a later write parallel with either is caught. */
static void two_parallel_reads_then_write(void) {
  fresh();
  static int x;
  struct strand_stack t1, t2, t3;
  ss_task_create(&g_main, &t1, 0, false);
  ss_task_create(&g_main, &t2, 0, false);
  CHECK(access_as(t1.strand, &x, 4, false, false, 1, NULL) == 0);
  CHECK(access_as(t2.strand, &x, 4, false, false, 2, NULL) == 0);
  ss_task_create(&g_main, &t3, 0, false);
  /* t3 is parallel with t1 and t2: it races with both reads. */
  CHECK(access_as(t3.strand, &x, 4, true, false, 3, NULL) == 2);
  ss_destroy(&t1);
  ss_destroy(&t2);
  ss_destroy(&t3);
}

/* Whether a granule's cell has its overflow in use (history_more.h). */
static bool more_in_use(void *addr) {
  struct granule_cell *g = shadow_cell((uintptr_t)addr);
  return atomic_load(&g->state) & SLOT_MORE;
}

/* A history of one write and one read stays in the granule's 32-byte cell; a second
 * read parallel with the first takes the overflow into use, and a write then finds
 * both reads (one of them there). Forgetting the granule, and a new generation, leave
 * the overflow unused again until a read pair needs it. */
static void overflow_only_when_needed(void) {
  fresh();
  static int x;
  struct strand_stack t1, t2, t3;
  CHECK(access_as(g_main.strand, &x, 4, true, false, 1, NULL) == 0);
  ss_task_create(&g_main, &t1, 0, false);
  ss_task_create(&g_main, &t2, 0, false);
  CHECK(access_as(t1.strand, &x, 4, false, false, 2, NULL) == 0);
  CHECK(!more_in_use(&x));
  CHECK(access_as(t2.strand, &x, 4, false, false, 3, NULL) == 0);
  CHECK(more_in_use(&x));
  ss_task_create(&g_main, &t3, 0, false);
  CHECK(access_as(t3.strand, &x, 4, true, false, 4, NULL) == 2);
  history_forget((uintptr_t)&x, sizeof x);
  CHECK(!more_in_use(&x));
  CHECK(access_as(t1.strand, &x, 4, false, false, 5, NULL) == 0);
  CHECK(!more_in_use(&x));
  CHECK(access_as(t2.strand, &x, 4, false, false, 6, NULL) == 0);
  CHECK(more_in_use(&x));
  history_reset();
  CHECK(access_as(t3.strand, &x, 4, true, false, 7, NULL) == 0); /* the reads are gone */
  CHECK(!more_in_use(&x));
  ss_destroy(&t1);
  ss_destroy(&t2);
  ss_destroy(&t3);
}

/* A write after a taskwait is in series with the joined tasks' reads. */
static void taskwait_orders(void) {
  fresh();
  static int x;
  struct strand_stack t1;
  ss_task_create(&g_main, &t1, 0, false);
  CHECK(access_as(t1.strand, &x, 4, false, false, 1, NULL) == 0);
  ss_taskwait(&g_main);
  CHECK(access_as(g_main.strand, &x, 4, true, false, 2, NULL) == 0);
  ss_destroy(&t1);
}

/* Byte-exact: parallel writes to different bytes of one word never race. */
static void byte_exact(void) {
  fresh();
  static char bytes[8];
  struct strand_stack t1, t2;
  ss_task_create(&g_main, &t1, 0, false);
  ss_task_create(&g_main, &t2, 0, false);
  CHECK(access_as(t1.strand, &bytes[0], 1, true, false, 1, NULL) == 0);
  CHECK(access_as(t2.strand, &bytes[1], 1, true, false, 2, NULL) == 0);
  CHECK(access_as(t2.strand, &bytes[2], 2, true, false, 2, NULL) == 0);
  struct race_found r;
  /* A 4-byte write over bytes 0..3 meets byte 0 (t1) only: t2's own bytes don't count. */
  struct strand_stack t3;
  ss_task_create(&g_main, &t3, 0, false);
  CHECK(access_as(t3.strand, &bytes[0], 4, true, false, 3, &r) == 2);
  ss_destroy(&t1);
  ss_destroy(&t2);
  ss_destroy(&t3);
}

/* Atomic accesses don't race with each other, but do with plain ones. */
static void atomics(void) {
  fresh();
  static long x;
  struct strand_stack t1, t2, t3;
  ss_task_create(&g_main, &t1, 0, false);
  ss_task_create(&g_main, &t2, 0, false);
  ss_task_create(&g_main, &t3, 0, false);
  CHECK(access_as(t1.strand, &x, 8, true, true, 1, NULL) == 0);
  CHECK(access_as(t2.strand, &x, 8, true, true, 2, NULL) == 0);
  CHECK(access_as(t2.strand, &x, 8, false, true, 2, NULL) == 0);
  struct race_found r;
  CHECK(access_as(t3.strand, &x, 8, false, false, 3, &r) == 1);
  CHECK(r.prev_is_write && (r.prev.site & ACCESS_ATOMIC));
  ss_destroy(&t1);
  ss_destroy(&t2);
  ss_destroy(&t3);
}

/* A strand's read at a second site, the other read entry empty, only renames the entry
 * (same_strand_rename in history_common.h): it is taken as recorded, the entry keeps
 * the first site, and a parallel write still races with it, on whole granules and on
 * split bytes alike. An atomic read does not stand for a plain one: a parallel atomic
 * write races with the plain read made after it. */
static void same_strand_reads_at_two_sites(void) {
  fresh();
  static int x, y;
  static char board[8];
  struct strand_stack t1, t2;
  ss_task_create(&g_main, &t1, 0, false);
  ss_task_create(&g_main, &t2, 0, false);
  CHECK(access_as(t1.strand, &x, 4, false, false, 1, NULL) == 0);
  CHECK(access_as(t1.strand, &x, 4, false, false, 2, NULL) == 0);
  struct race_found r;
  CHECK(access_as(t2.strand, &x, 4, true, false, 3, &r) == 1);
  CHECK(r.prev.node == t1.strand && !r.prev_is_write && r.prev.site == 1);
  CHECK(access_as(t1.strand, &board[1], 1, true, false, 4, NULL) == 0); /* splits */
  CHECK(access_as(t1.strand, &board[0], 6, false, false, 5, NULL) == 0);
  CHECK(access_as(t1.strand, &board[2], 3, false, false, 6, NULL) == 0);
  CHECK(access_as(t2.strand, &board[3], 1, true, false, 7, &r) == 1);
  CHECK(r.prev.node == t1.strand && !r.prev_is_write && r.prev.site == 5);
  CHECK(access_as(t1.strand, &y, 4, false, true, 8, NULL) == 0);
  CHECK(access_as(t1.strand, &y, 4, false, false, 9, NULL) == 0);
  CHECK(access_as(t2.strand, &y, 4, true, true, 10, &r) == 1);
  CHECK(r.prev.node == t1.strand && !r.prev_is_write && r.prev.site == 9);
  ss_destroy(&t1);
  ss_destroy(&t2);
}

/* Fresh memory forgets old history: no race against a dead object's accesses. */
static void fresh_memory_forgets(void) {
  fresh();
  static int x;
  struct strand_stack t1, t2;
  ss_task_create(&g_main, &t1, 0, false);
  ss_task_create(&g_main, &t2, 0, false);
  CHECK(access_as(t1.strand, &x, 4, true, false, 1, NULL) == 0);
  history_forget((uintptr_t)&x, sizeof x);
  CHECK(access_as(t2.strand, &x, 4, true, false, 2, NULL) == 0);
  ss_destroy(&t1);
  ss_destroy(&t2);
}

/* Whether any page of second cells of the words in [addr, addr + size) is in memory.
 * Page by page: the words may span two leaves, which are separate mappings. */
static bool second_cells_resident(void *addr, size_t size) {
  uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE), last = 0;
  for (uintptr_t a = (uintptr_t)addr; a < (uintptr_t)addr + size; a += SHADOW_WORD) {
    uintptr_t start = (uintptr_t)shadow_cell(a + SHADOW_GRANULE) & ~(page - 1);
    unsigned char in = 0;
    if (start == last)
      continue;
    last = start;
    CHECK(mincore((void *)start, page, &in) == 0);
    if (in & 1)
      return true;
  }
  return false;
}

/* Memory holding only whole words (doubles, pointers) never brings its second cells
 * into memory (history_cell.h), also when it is forgotten (a fresh block over it). */
static void whole_words_leave_second_cells_alone(void) {
  fresh();
  /* 4096 doubles across a leaf's end (1 MiB boundary), wherever the loader puts buf. */
  enum { N = 4096 };
  static double buf[(1 << SHADOW_LEAF_BITS) / sizeof(double) + N] __attribute__((aligned(4096)));
  size_t room = shadow_leaf_room((uintptr_t)buf) / sizeof(double);
  double *d =
      buf + (room >= N / 2 ? room : room + (1 << SHADOW_LEAF_BITS) / sizeof(double)) - N / 2;
  struct strand_stack t1;
  ss_task_create(&g_main, &t1, 0, false);
  for (size_t i = 0; i < N; i++)
    CHECK(access_as(t1.strand, &d[i], 8, true, false, 1, NULL) == 0);
  CHECK(!second_cells_resident(d, N * sizeof *d));
  CHECK(access_as(g_main.strand, &d[7], 8, true, false, 2, NULL) == 1); /* t1's write kept */
  history_forget((uintptr_t)d, N * sizeof *d);
  CHECK(!second_cells_resident(d, N * sizeof *d));
  CHECK(access_as(g_main.strand, &d[8], 8, true, false, 3, NULL) == 0); /* and forgotten */
  ss_destroy(&t1);
}

/* A 16-byte access on an 8-byte boundary is two words (history.c, word_pair_access):
 * each word keeps its own history, a race names only the bytes it found, and one that
 * straddles a leaf's end takes the span's way with the same answers. */
static void word_pairs(void) {
  fresh();
  static char big[3 << 20] __attribute__((aligned(16)));
  char *edge = big + ((((uintptr_t)big >> 20) + 1) << 20) - (uintptr_t)big - 8;
  char *mid = big + 8;
  struct strand_stack t1, t2;
  ss_task_create(&g_main, &t1, 0, false);
  ss_task_create(&g_main, &t2, 0, false);
  for (int k = 0; k < 2; k++) {
    char *p = k ? edge : mid;
    CHECK(access_as(t1.strand, p, 16, true, false, 1, NULL) == 0);
    CHECK(access_as(t1.strand, p + 16, 8, true, false, 2, NULL) == 0);
    struct race_found r;
    CHECK(access_as(t2.strand, p + 8, 8, false, false, 3, &r) == 1);
    CHECK(r.addr == (uintptr_t)(p + 8) && r.nbytes == 8 && r.prev.site == 1);
    CHECK(access_as(t2.strand, p + 16, 16, false, false, 4, &r) == 1);
    CHECK(r.addr == (uintptr_t)(p + 16) && r.nbytes == 8 && r.prev.site == 2);
    CHECK(access_as(t2.strand, p - 8, 16, false, false, 5, &r) == 1);
    CHECK(r.addr == (uintptr_t)p && r.nbytes == 8 && r.prev.site == 1);
  }
  ss_destroy(&t1);
  ss_destroy(&t2);
}

/* A range access spanning a leaf boundary of the shadow trie is checked on both sides. */
static void range_across_leaves(void) {
  fresh();
  static char big[3 << 20];
  char *edge = big + ((((uintptr_t)big >> 20) + 1) << 20) - (uintptr_t)big - 2;
  struct strand_stack t1, t2;
  ss_task_create(&g_main, &t1, 0, false);
  ss_task_create(&g_main, &t2, 0, false);
  CHECK(access_as(t1.strand, edge + 3, 1, true, false, 1, NULL) == 0);
  struct race_found r;
  CHECK(access_as(t2.strand, edge, 8, true, false, 2, &r) == 1);
  CHECK(r.addr == (uintptr_t)(edge + 3) && r.nbytes == 1);
  ss_destroy(&t1);
  ss_destroy(&t2);
}

/* A granule first written whole, then in part: the split keeps the whole write's
 * history for every byte, and later partial writes stay byte-exact. */
static void split_keeps_history(void) {
  fresh();
  static int word;
  char *b = (char *)&word;
  struct strand_stack t1, t2, t3;
  ss_task_create(&g_main, &t1, 0, false);
  ss_task_create(&g_main, &t2, 0, false);
  ss_task_create(&g_main, &t3, 0, false);
  CHECK(access_as(t1.strand, &word, 4, true, false, 1, NULL) == 0);
  struct race_found r;
  CHECK(access_as(t2.strand, b + 2, 1, true, false, 2, &r) == 1);
  CHECK(r.prev.node == t1.strand && r.addr == (uintptr_t)(b + 2) && r.nbytes == 1);
  /* t3 writes byte 3: it meets t1's write there, not t2's byte 2. */
  CHECK(access_as(t3.strand, b + 3, 1, true, false, 3, &r) == 1);
  CHECK(r.prev.node == t1.strand);
  ss_destroy(&t1);
  ss_destroy(&t2);
  ss_destroy(&t3);
}

/* The per-byte slots of a forgotten granule serve the next split (a fresh stack frame
 * over chars, once per task, must not grow the pool), and hold only the new granule's
 * history there. */
static void forgotten_splits_are_reused(void) {
  fresh();
  static int words[2];
  char *b = (char *)words;
  struct strand_stack t1, t2;
  ss_task_create(&g_main, &t1, 0, false);
  ss_task_create(&g_main, &t2, 0, false);
  CHECK(access_as(t1.strand, b + 1, 1, true, false, 1, NULL) == 0); /* splits words[0] */
  uint64_t taken = cells_split_taken();
  history_forget((uintptr_t)&words[0], sizeof words[0]);
  CHECK(access_as(t1.strand, b + 5, 1, true, false, 2, NULL) == 0); /* splits words[1] */
  CHECK(cells_split_taken() == taken);
  CHECK(access_as(t2.strand, b + 1, 1, true, false, 3, NULL) == 0);
  struct race_found r;
  CHECK(access_as(t2.strand, b + 5, 1, true, false, 4, &r) == 1);
  CHECK(r.prev.node == t1.strand && r.addr == (uintptr_t)(b + 5));
  CHECK(access_as(t2.strand, b + 4, 1, true, false, 5, NULL) == 0);
  ss_destroy(&t1);
  ss_destroy(&t2);
}

/* Whether an aligned word's history is its first cell's alone (history_cell.h). */
static bool paired_at(void *word) {
  struct granule_cell *g = shadow_cell((uintptr_t)word);
  return g->gen == cells_generation() && (atomic_load(&g->state) & CELL_PAIRED);
}

/* Whether a word's second cell is old: never written in this generation, or made old
 * when the word was paired. */
static bool second_untouched(void *word) {
  struct granule_cell *g = shadow_cell((uintptr_t)word + SHADOW_GRANULE);
  return g->gen != cells_generation();
}

/* An aligned 8-byte word accessed whole keeps one history in its first cell, and its
 * second cell is not touched; races found there cover both granules, and an access to
 * one half gives the second cell its own copy, so each half's races stay its own. */
static void pairs_and_halves(void) {
  fresh();
  static long long word;
  char *b = (char *)&word;
  struct strand_stack t1, t2, t3;
  ss_task_create(&g_main, &t1, 0, false);
  ss_task_create(&g_main, &t2, 0, false);
  ss_task_create(&g_main, &t3, 0, false);
  CHECK(access_as(t1.strand, &word, 8, true, false, 1, NULL) == 0);
  CHECK(paired_at(&word) && second_untouched(&word));
  struct race_found r = {0};
  CHECK(access_as(t2.strand, &word, 8, false, false, 2, &r) == 1);
  CHECK(r.prev.node == t1.strand && r.addr == (uintptr_t)b && r.nbytes == 8);
  CHECK(paired_at(&word) && second_untouched(&word));
  /* The second half alone: t1's write and t2's read are there, on 4 bytes. */
  CHECK(access_as(t3.strand, b + 4, 4, true, false, 3, &r) == 2);
  CHECK(r.addr == (uintptr_t)(b + 4) && r.nbytes == 4);
  CHECK(!paired_at(&word) && !second_untouched(&word));
  /* The first half never saw t3. */
  CHECK(access_as(t3.strand, b, 4, false, false, 4, &r) == 1);
  CHECK(r.prev.node == t1.strand && r.addr == (uintptr_t)b && r.nbytes == 4);
  /* Two halves with different histories stay apart (t3 wrote only the second: t1's
   * read of both races there alone); equal ones pair again. */
  CHECK(access_as(t1.strand, &word, 8, false, false, 5, &r) == 1);
  CHECK(r.prev.node == t3.strand && r.addr == (uintptr_t)(b + 4) && r.nbytes == 4);
  CHECK(!paired_at(&word));
  history_forget((uintptr_t)&word, sizeof word);
  CHECK(access_as(t1.strand, b, 4, true, false, 6, NULL) == 0);
  CHECK(access_as(t1.strand, b + 4, 4, true, false, 6, NULL) == 0);
  CHECK(!paired_at(&word));
  CHECK(access_as(t2.strand, &word, 8, true, false, 7, &r) == 1);
  CHECK(r.prev.node == t1.strand && r.nbytes == 8 && paired_at(&word));
  /* Pairing made the second cell old, so the second half alone finds the pair's
   * history (t2's write), not the copy the second cell kept (t1's). */
  CHECK(second_untouched(&word));
  CHECK(access_as(t3.strand, b + 4, 4, false, false, 8, &r) == 1);
  CHECK(r.prev.node == t2.strand && r.addr == (uintptr_t)(b + 4) && r.nbytes == 4);
  ss_destroy(&t1);
  ss_destroy(&t2);
  ss_destroy(&t3);
}

/* Forgetting half of a pair keeps the other half's history; a byte access to a pair
 * splits only its own granule. */
static void pair_half_forgotten_or_split(void) {
  fresh();
  static long long words[2];
  char *b = (char *)words;
  struct strand_stack t1, t2;
  ss_task_create(&g_main, &t1, 0, false);
  ss_task_create(&g_main, &t2, 0, false);
  CHECK(access_as(t1.strand, &words[0], 8, true, false, 1, NULL) == 0);
  CHECK(access_as(t1.strand, &words[1], 8, true, false, 2, NULL) == 0);
  history_forget((uintptr_t)b, 4);
  struct race_found r = {0};
  CHECK(access_as(t2.strand, &words[0], 8, true, false, 3, &r) == 1);
  CHECK(r.addr == (uintptr_t)(b + 4) && r.nbytes == 4);
  CHECK(access_as(t2.strand, b + 13, 1, false, false, 4, &r) == 1);
  CHECK(r.prev.node == t1.strand && r.addr == (uintptr_t)(b + 13) && r.nbytes == 1);
  CHECK(access_as(t2.strand, b + 8, 4, false, false, 5, &r) == 1);
  CHECK(r.addr == (uintptr_t)(b + 8) && r.nbytes == 4);
  ss_destroy(&t1);
  ss_destroy(&t2);
}

/* A new generation empties every cell. */
static void reset_forgets_everything(void) {
  fresh();
  static int x;
  struct strand_stack t1, t2;
  ss_task_create(&g_main, &t1, 0, false);
  ss_task_create(&g_main, &t2, 0, false);
  CHECK(access_as(t1.strand, &x, 4, true, false, 1, NULL) == 0);
  history_reset();
  CHECK(access_as(t2.strand, &x, 4, true, false, 2, NULL) == 0);
  ss_destroy(&t1);
  ss_destroy(&t2);
}

/* Iterations of one strand: different tags race, the same tag and untagged accesses
 * do not; a loop-carried race inside one chunk (a[i] = a[i-1]) is found. */
static void iterations_of_one_strand(void) {
  fresh();
  static int a[4];
  node_id w = g_main.strand;
  CHECK(access_iter(w, 0, 0, 1, &a[0], true, 1, NULL) == 0); /* before the loop */
  CHECK(access_iter(w, 1, 0, 1, &a[0], false, 2, NULL) == 0);
  CHECK(access_iter(w, 1, 0, 1, &a[1], true, 3, NULL) == 0);
  struct race_found r;
  CHECK(access_iter(w, 2, 0, 1, &a[1], false, 2, &r) == 1); /* iteration 2 reads a[1] */
  CHECK(r.prev.site == 3 && r.prev.iter == 1 && r.prev_is_write);
  CHECK(access_iter(w, 2, 0, 1, &a[2], true, 3, NULL) == 0);
  CHECK(access_iter(w, 2, 0, 1, &a[2], false, 4, NULL) == 0); /* same iteration */
  CHECK(access_iter(w, 0, 0, 1, &a[2], false, 5, NULL) == 0); /* after the loop */
}

/* simd safelen(4): iterations less than 4 apart race, farther ones do not. */
static void safelen_window(void) {
  fresh();
  static int x, y;
  node_id w = g_main.strand;
  CHECK(access_iter(w, 1, 4, 1, &x, true, 1, NULL) == 0);
  CHECK(access_iter(w, 5, 4, 1, &x, true, 1, NULL) == 0);
  CHECK(access_iter(w, 1, 4, 1, &y, true, 2, NULL) == 0);
  CHECK(access_iter(w, 4, 4, 1, &y, false, 3, NULL) == 1);
}

/* A later loop instance in the same strand (its tags start at tag0) is ordered after
 * the earlier one. */
static void later_instance_is_ordered(void) {
  fresh();
  static int x;
  node_id w = g_main.strand;
  CHECK(access_iter(w, 3, 0, 1, &x, true, 1, NULL) == 0);
  CHECK(access_iter(w, 10, 0, 10, &x, true, 2, NULL) == 0);
  CHECK(access_iter(w, 11, 0, 10, &x, false, 3, NULL) == 1);
}

/* Reads of one site from many iterations are covered by two of them: a write from
 * any other iteration still races, one from a kept iteration too. */
static void many_iteration_reads(void) {
  fresh();
  static int x;
  node_id w = g_main.strand;
  for (uint32_t i = 1; i <= 100; i++)
    CHECK(access_iter(w, i, 0, 1, &x, false, 1, NULL) == 0);
  CHECK(access_iter(w, 500, 0, 1, &x, true, 2, NULL) == 1);
  fresh();
  for (uint32_t i = 1; i <= 100; i++)
    CHECK(access_iter(w, i, 0, 1, &x, false, 1, NULL) == 0);
  CHECK(access_iter(w, 1, 0, 1, &x, true, 2, NULL) == 1);
  CHECK(access_iter(w, 100, 0, 1, &x, true, 2, NULL) == 2); /* the reads and that write */
}

/* access_iter for a 4-byte read through history_access_onward; *onward: its answer. */
static unsigned read_onward(node_id w, uint32_t iter, uint32_t window, void *addr, uint32_t site,
                            bool *onward) {
  struct sp_cache cache;
  sp_cache_reset(&cache, w);
  cache.iter = iter;
  cache.window = window;
  cache.tag0 = 1;
  struct access_now now = {.node = w, .site = site, .iter = iter};
  struct race_found races[MAX_RACES_PER_ACCESS];
  return history_access_onward((uintptr_t)addr, 4, &now, &cache, races, onward);
}

/* A read repeated by the iterations of one strand: "onward" once two earlier
 * iterations' reads cover it (not when it is held, not under a safelen window), and
 * the history it leaves is the one every later iteration's read would leave: skipping
 * those reads (as batches do) changes no later answer (many_iteration_reads). */
static void repeated_read_onward(void) {
  fresh();
  static int x, y;
  node_id w = g_main.strand;
  bool onward = true;
  CHECK(read_onward(w, 1, 0, &x, 1, &onward) == 0 && !onward); /* recorded now */
  CHECK(read_onward(w, 1, 0, &x, 1, &onward) == 0 && !onward); /* held */
  CHECK(read_onward(w, 2, 0, &x, 1, &onward) == 0 && !onward); /* recorded: a pair */
  CHECK(read_onward(w, 3, 0, &x, 1, &onward) == 0 && onward);  /* covered by 1 and 2 */
  CHECK(read_onward(w, 60, 0, &x, 1, &onward) == 0 && onward);
  CHECK(access_iter(w, 500, 0, 1, &x, true, 2, NULL) == 1); /* as after 100 reads */
  fresh();
  for (uint32_t i = 1; i <= 3; i++)
    CHECK(read_onward(w, i, 0, &x, 1, &onward) == 0);
  CHECK(access_iter(w, 1, 0, 1, &x, true, 2, NULL) == 1);
  CHECK(access_iter(w, 100, 0, 1, &x, true, 2, NULL) == 2);
  /* Under safelen(4) a later iteration may be ordered after the kept ones. */
  fresh();
  for (uint32_t i = 1; i <= 3; i++)
    CHECK(read_onward(w, i, 4, &y, 1, &onward) == 0 && !onward);
  /* A write that a parallel strand made races with the read: nothing is recorded. */
  fresh();
  struct strand_stack t;
  ss_task_create(&g_main, &t, 0, false);
  CHECK(access_iter(t.strand, 0, 0, 1, &y, true, 3, NULL) == 0);
  CHECK(read_onward(g_main.strand, 1, 0, &y, 1, &onward) == 1 && !onward);
  ss_destroy(&t);
}

/* Iterations in two parallel strands (chunks) race whatever their tags. */
static void iterations_of_two_chunks(void) {
  fresh();
  static int x;
  struct strand_stack t1, t2;
  ss_task_create(&g_main, &t1, 0, false);
  ss_task_create(&g_main, &t2, 0, false);
  CHECK(access_iter(t1.strand, 1, 0, 1, &x, true, 1, NULL) == 0);
  CHECK(access_iter(t2.strand, 1, 0, 1, &x, false, 2, NULL) == 1);
  ss_destroy(&t1);
  ss_destroy(&t2);
}

int main(void) {
  if (!history_driver_init())
    return 1;
  RUN_TEST(fig_4_3_write_read);
  RUN_TEST(reads_do_not_race);
  RUN_TEST(two_parallel_reads_then_write);
  RUN_TEST(overflow_only_when_needed);
  RUN_TEST(taskwait_orders);
  RUN_TEST(byte_exact);
  RUN_TEST(atomics);
  RUN_TEST(same_strand_reads_at_two_sites);
  RUN_TEST(fresh_memory_forgets);
  RUN_TEST(whole_words_leave_second_cells_alone);
  RUN_TEST(range_across_leaves);
  RUN_TEST(word_pairs);
  RUN_TEST(split_keeps_history);
  RUN_TEST(forgotten_splits_are_reused);
  RUN_TEST(pairs_and_halves);
  RUN_TEST(pair_half_forgotten_or_split);
  RUN_TEST(reset_forgets_everything);
  RUN_TEST(iterations_of_one_strand);
  RUN_TEST(safelen_window);
  RUN_TEST(later_instance_is_ordered);
  RUN_TEST(many_iteration_reads);
  RUN_TEST(repeated_read_onward);
  RUN_TEST(iterations_of_two_chunks);
  return finish();
}
