/* The iteration batches' lane (history_access.h: word_access_in and granule_access_in,
 * which runtime/hooks.c calls for a batch's aligned 8- and 4-byte accesses) against
 * history_access, the path every other check takes: the same random accesses (three
 * strands, iteration tags, reads and writes of words, ints and bytes, new generations
 * in between) made to two arrays, one through each path, must find the same races
 * (how many, and the first one's earlier site, iteration and kind) at every step. Bytes
 * go through history_access on both arrays (the lane takes no byte access), so words
 * also meet split granules. In precise mode (the default) and in fast mode. */
#include "check.h"
#include "history.h"
#include "history_access.h"
#include "history_cell.h"
#include "history_driver.h"
#include "history_repeats.h"
#include "options.h"
#include "ospg.h"
#include "random_accesses.h"
#include "shadow.h"
#include "strand_stack.h"

#include <stdint.h>
#include <string.h>

#define STEPS 20000

static struct strand_stack g_strands[3];
/* One array per path, each in a line of its own: their cells never meet. */
static _Alignas(64) uint64_t via_check[RA_WORDS];
static _Alignas(64) uint64_t via_lane[RA_WORDS];

static uint64_t g_rng = 88172645463325252ull;

/* Makes access a to `base` through the lane (lane) or history_access; returns the
 * number of races, *first the first one. */
static unsigned make(const struct random_access *a, uint64_t *base, bool lane,
                     struct race_found *first) {
  struct sp_cache cache;
  sp_cache_reset(&cache, a->w);
  cache.iter = a->iter;
  cache.tag0 = 1;
  struct access_now now = {.node = a->w, .site = a->site, .iter = a->iter, .is_write = a->is_write};
  uintptr_t addr = (uintptr_t)base + a->offset;
  struct race_found races[MAX_RACES_PER_ACCESS];
  /* The repeat filter paused, as the lane runs only then (hooks.c); on, it would skip
   * some of history_access's repeats, whose races were found before. */
  t_repeats.credit = INT32_MAX;
  unsigned n;
  if (lane && a->size == 8)
    n = word_access_in(shadow_leaf(addr), addr, cells_generation(), mode_precise(), &now, &cache,
                       races);
  else if (lane && a->size == 4)
    n = granule_access_in(shadow_leaf(addr), addr, cells_generation(), mode_precise(), &now, &cache,
                          races);
  else
    n = history_access(addr, a->size, &now, &cache, races);
  if (n)
    *first = races[0];
  return n;
}

/* The next access (no pairs: the lane checks one access at a time). */
static struct random_access random_access(void) {
  const node_id strands[3] = {g_strands[0].strand, g_strands[1].strand, g_strands[2].strand};
  struct random_access a = ra_draw(&g_rng, strands);
  a.pair = false;
  return a;
}

/* The accesses made so far: on a difference, those to its word are printed. */
static struct random_access g_log[STEPS];

/* STEPS random accesses, each through both paths; a new generation every so often. */
static void lane_matches_history_access(void) {
  unsigned races = 0;
  for (unsigned step = 0; step < STEPS; step++) {
    if (step % 500 == 499)
      cells_reset();
    struct random_access a = random_access();
    g_log[step] = a;
    struct race_found c = {0}, l = {0};
    unsigned nc = make(&a, via_check, false, &c), nl = make(&a, via_lane, true, &l);
    CHECK(nc == nl);
    if (nc && nl) {
      CHECK(c.prev.site == l.prev.site && c.prev.iter == l.prev.iter &&
            c.prev_is_write == l.prev_is_write && c.nbytes == l.nbytes);
      CHECK(c.addr - (uintptr_t)via_check == l.addr - (uintptr_t)via_lane);
      races++;
    }
    if (nc != nl) {
      fprintf(stderr, "step %u: %u races through history_access, %u through the lane\n", step, nc,
              nl);
      ra_print_log(g_log, step, a.offset);
      return;
    }
  }
  CHECK(races > STEPS / 20); /* the sequence does meet races */
}

int main(void) {
  return ra_main(g_strands, lane_matches_history_access, "lane_matches_history_access");
}
