#include "history_cell.h"

#include "reserve.h"

_Atomic uint32_t g_cells_gen = 1; /* fresh (zero) shadow pages hold generation 0 */
struct split_bytes *g_split_pool; /* extern in history_cell.h: cell_split_current */
static uint64_t g_split_capacity;
static _Atomic uint64_t g_split_used;

int cells_init(uint64_t split_granules) {
  void *p = reserve_zeroed(split_granules * sizeof(struct split_bytes));
  if (p == NULL)
    return -1;
  g_split_pool = p;
  g_split_capacity = split_granules;
  return 0;
}

void cells_reset(void) {
  atomic_fetch_add(&g_cells_gen, 1);
  atomic_store(&g_split_used, 0);
}

struct split_bytes *cell_split(struct granule_cell *g, uint32_t *split, slot_copy_fn copy) {
  if (*split)
    return &g_split_pool[*split - 1];
  uint64_t i = atomic_fetch_add(&g_split_used, 1);
  if (i >= g_split_capacity || i >= CELL_LOCKED - 1) {
    shadow_out_of_room("the per-byte shadow pool is full");
    return NULL;
  }
  struct split_bytes *s = &g_split_pool[i];
  for (unsigned b = 0; b < SHADOW_GRANULE; b++)
    copy(&s->byte[b], &g->whole);
  *split = (uint32_t)i + 1;
  return s;
}
