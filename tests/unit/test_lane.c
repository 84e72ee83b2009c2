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
#include "shadow.h"
#include "strand_stack.h"

#include <stdint.h>
#include <string.h>

#define WORDS 8
#define STEPS 20000

static struct strand_stack g_main, g_t1, g_t2;
/* One array per path, each in a line of its own: their cells never meet. */
static _Alignas(64) uint64_t via_check[WORDS];
static _Alignas(64) uint64_t via_lane[WORDS];

static uint64_t g_rng = 88172645463325252ull;
static uint64_t next(void) {
  g_rng ^= g_rng << 13;
  g_rng ^= g_rng >> 7;
  g_rng ^= g_rng << 17;
  return g_rng;
}

struct one {
  node_id w;
  uint32_t iter, site;
  unsigned offset, size; /* in the array */
  bool is_write;
};

/* Makes access a to `base` through the lane (lane) or history_access; returns the
 * number of races, *first the first one. */
static unsigned make(const struct one *a, uint64_t *base, bool lane, struct race_found *first) {
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

static struct one random_access(void) {
  static const struct strand_stack *strands[] = {&g_main, &g_t1, &g_t2};
  uint64_t r = next();
  struct one a = {.w = strands[r % 3]->strand,
                  .iter = (uint32_t)(r >> 8) % 4, /* 0: no tagged loop */
                  .site = 1 + (uint32_t)(r >> 16) % 5,
                  .is_write = (r >> 24) % 3 == 0};
  unsigned word = (unsigned)(r >> 32) % WORDS, kind = (unsigned)(r >> 40) % 8;
  if (kind < 4) {
    a.size = 8;
    a.offset = 8 * word;
  } else if (kind < 7) {
    a.size = 4;
    a.offset = 8 * word + 4 * (kind & 1);
  } else {
    a.size = 1;
    a.offset = 8 * word + (unsigned)(r >> 48) % 8;
  }
  return a;
}

/* The accesses made so far: on a difference, those to its word are printed. */
static struct one g_log[STEPS];

/* STEPS random accesses, each through both paths; a new generation every so often. */
static void lane_matches_history_access(void) {
  unsigned races = 0;
  for (unsigned step = 0; step < STEPS; step++) {
    if (step % 500 == 499)
      cells_reset();
    struct one a = random_access();
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
      for (unsigned k = step > 400 ? step - 400 : 0; k <= step; k++)
        if (g_log[k].offset / 8 == a.offset / 8 || k % 500 == 499)
          fprintf(stderr, "  %u: w %u iter %u site %u off %u size %u %s%s\n", k, g_log[k].w,
                  g_log[k].iter, g_log[k].site, g_log[k].offset, g_log[k].size,
                  g_log[k].is_write ? "write" : "read",
                  k % 500 == 499 ? " (new gen before next)" : "");
      return;
    }
  }
  CHECK(races > STEPS / 20); /* the sequence does meet races */
}

int main(void) {
  g_opts.mode = MODE_PRECISE; /* before history_init: it reserves precise entries */
  if (!history_driver_init())
    return 1;
  ss_init(&g_main, ospg_root());
  ss_task_create(&g_main, &g_t1, 0, false);
  ss_task_create(&g_main, &g_t2, 0, false);
  RUN_TEST(lane_matches_history_access);
  g_opts.mode = MODE_FAST;
  history_reset();
  RUN_TEST(lane_matches_history_access);
  return finish();
}
