#include "history_cell.h"

#include "reserve.h"
#include "tls.h"

_Atomic uint32_t g_cells_gen = 1; /* fresh (zero) shadow pages hold generation 0 */
char *g_split_pool;               /* extern in history_cell.h: split_at */
static uint64_t g_split_capacity;
static _Atomic uint64_t g_split_used;
static _Atomic uint32_t g_split_gen; /* bumped by cells_reset: older free lists are void */

/* Split slots of forgotten granules (a fresh stack frame or heap block over chars: BOTS
 * uts makes one per task) are reused by the thread that forgot them, as precise-mode
 * entries are; without this the pool grew with every task until the generation ended.
 * A free slot links to the next through its first byte's gen (free in byte slots). */
static OMPR_TLS uint32_t t_split_free, t_split_free_gen;

int cells_init(uint64_t split_granules) {
  uint64_t blocks = (split_granules + SPLIT_PER_BLOCK - 1) / SPLIT_PER_BLOCK;
  void *p = reserve_aligned(blocks * SHADOW_LEAF_ALIGN, SHADOW_LEAF_ALIGN, 0); /* as leaves */
  if (p == NULL)
    return -1;
  g_split_pool = p;
  g_split_capacity = split_granules;
  return 0;
}

void cells_reset(void) {
  atomic_fetch_add(&g_cells_gen, 1);
  atomic_store(&g_split_used, 0);
  atomic_fetch_add(&g_split_gen, 1);
}

/* This thread's free list, emptied first if it is from an older generation. */
static uint32_t *split_free_list(void) {
  uint32_t gen = atomic_load_explicit(&g_split_gen, memory_order_relaxed);
  if (t_split_free_gen != gen) {
    t_split_free_gen = gen;
    t_split_free = 0;
  }
  return &t_split_free;
}

uint64_t cells_split_taken(void) {
  return atomic_load_explicit(&g_split_used, memory_order_relaxed);
}

void cell_unsplit(uint32_t split) {
  uint32_t *head = split_free_list();
  split_at(split)->byte[0].gen = *head;
  *head = split;
}

/* A pool index + 1 for a new split: a reused one, else a fresh one (0: the pool is
 * full). */
static uint32_t take_split(void) {
  uint32_t *head = split_free_list();
  uint32_t e = *head;
  if (e) {
    *head = split_at(e)->byte[0].gen;
    return e;
  }
  uint64_t i = atomic_fetch_add(&g_split_used, 1);
  if (i >= g_split_capacity || i >= CELL_SPLIT_MAX - 1)
    return 0;
  return (uint32_t)i + 1;
}

struct split_bytes *cell_split(struct granule_cell *g, uint32_t *split, slot_copy_fn copy) {
  if (*split)
    return split_at(*split);
  uint32_t e = take_split();
  if (!e) {
    shadow_out_of_room("the per-byte shadow pool is full");
    return NULL;
  }
  struct split_bytes *s = split_at(e);
  for (unsigned b = 0; b < SHADOW_GRANULE; b++)
    copy(&s->byte[b], &g->whole);
  *split = e;
  return s;
}
