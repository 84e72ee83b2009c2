/* Random accesses for the tests that hold one access path to another (test_lane.c,
 * test_update_pair.c): each draw is one access of one of three strands, with an
 * iteration tag (0: no tagged loop), a site, a kind, and a word, int or byte of an
 * array of RA_WORDS words; and, for the tests of read-modify-writes, whether it is a
 * pair (a read at site, then a write at write_site) where its size allows. The
 * accesses made are logged, so that a test can print, on a difference, those that met
 * its word. */
#ifndef OMPRACER_TEST_RANDOM_ACCESSES_H
#define OMPRACER_TEST_RANDOM_ACCESSES_H

#include "access.h"
#include "check.h"
#include "history.h"
#include "history_driver.h"
#include "options.h"
#include "ospg.h"
#include "strand_stack.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#define RA_WORDS 8

struct random_access {
  node_id w;
  uint32_t iter, site, write_site;
  unsigned offset, size; /* in the array */
  bool is_write, pair;
};

/* xorshift64 */
static inline uint64_t ra_next(uint64_t *state) {
  *state ^= *state << 13;
  *state ^= *state >> 7;
  *state ^= *state << 17;
  return *state;
}

/* The next access of one of the strands, from the generator's state. */
static inline struct random_access ra_draw(uint64_t *state, const node_id strands[3]) {
  uint64_t r = ra_next(state);
  struct random_access a = {.w = strands[r % 3],
                            .iter = (uint32_t)(r >> 8) % 4,
                            .site = 1 + (uint32_t)(r >> 16) % 5,
                            .write_site = 6 + (uint32_t)(r >> 20) % 3,
                            .is_write = (r >> 24) % 3 == 0,
                            .pair = (r >> 28) % 3 == 0};
  unsigned word = (unsigned)(r >> 32) % RA_WORDS, kind = (unsigned)(r >> 40) % 8;
  if (kind < 4) {
    a.size = 8;
    a.offset = 8 * word;
  } else if (kind < 7) {
    a.size = 4;
    a.offset = 8 * word + 4 * (kind & 1);
  } else {
    a.size = 1;
    a.offset = 8 * word + (unsigned)(r >> 48) % 8;
    a.pair = false; /* pairs are of 4 or 8 bytes */
  }
  return a;
}

/* Prints the logged accesses (log[0..step]) of the last 400 steps that met offset's
 * word, and the new generations (one after every step k with k % 500 == 499). */
static inline void ra_print_log(const struct random_access *log, unsigned step, unsigned offset) {
  for (unsigned k = step > 400 ? step - 400 : 0; k <= step; k++)
    if (log[k].offset / 8 == offset / 8 || k % 500 == 499)
      fprintf(stderr, "  %u: w %u iter %u site %u off %u size %u %s%s\n", k, log[k].w, log[k].iter,
              log[k].site, log[k].offset, log[k].size,
              log[k].pair       ? "pair"
              : log[k].is_write ? "write"
                                : "read",
              k % 500 == 499 ? " (new gen before next)" : "");
}

/* A test's main: three strands (s[0] the root's, s[1] and s[2] tasks it created), then
 * the test in precise mode (the default) and in fast mode, each counted as RUN_TEST
 * counts a test. */
static inline int ra_main(struct strand_stack s[3], void (*test)(void), const char *name) {
  g_opts.mode = MODE_PRECISE; /* before history_init: it reserves precise entries */
  if (!history_driver_init())
    return 1;
  ss_init(&s[0], ospg_root());
  ss_task_create(&s[0], &s[1], 0, false);
  ss_task_create(&s[0], &s[2], 0, false);
  for (int fast = 0; fast < 2; fast++) {
    if (fast) {
      g_opts.mode = MODE_FAST;
      history_reset();
    }
    g_failed_before = g_checks_failed;
    test();
    if (g_checks_failed == g_failed_before) {
      g_tests_passed++;
    } else {
      g_tests_failed++;
      fprintf(stderr, "FAILED: %s (%s mode)\n", name, fast ? "fast" : "precise");
    }
  }
  return finish();
}

#endif
