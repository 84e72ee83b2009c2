#include "history_precise.h"

#include "history_common.h"
#include "shadow.h"

#include <stdatomic.h>
#include <sys/mman.h>

struct precise_entry {
  uint32_t next; /* pool index + 1 of the next entry of the same slot; 0 ends */
  lockset_id lockset;
  node_id owner; /* the root or an ST-node */
  uint32_t unused;
  struct access_ref w1, w2, r1, r2;
};
_Static_assert(sizeof(struct precise_entry) == PRECISE_ENTRY_BYTES, "entry size");

/* A slot's list head lives in the first word of its history cell. */
static uint32_t *head_of(struct history_cell *slot) { return &slot->w.node; }

static struct precise_entry *g_pool;
static uint64_t g_capacity;
static _Atomic uint64_t g_used;
static atomic_bool g_full;
static bool g_enabled;

int precise_init(uint64_t max_entries) {
  void *p = mmap(NULL, max_entries * sizeof *g_pool, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED)
    return -1;
  g_pool = p;
  g_capacity = max_entries;
  return 0;
}

void precise_reset(void) { atomic_store(&g_used, 0); }
void precise_set_enabled(bool on) { g_enabled = on; }
bool precise_enabled(void) { return g_enabled; }

static struct precise_entry *entry(uint32_t index1) { return &g_pool[index1 - 1]; }

/* A new empty entry, or 0 when the pool is full. */
static uint32_t new_entry(lockset_id lockset, node_id owner) {
  uint64_t i = atomic_fetch_add(&g_used, 1);
  if (i >= g_capacity || i >= UINT32_MAX - 1) {
    if (!atomic_exchange(&g_full, true))
      shadow_out_of_room("the precise access history pool is full; accesses are still "
                         "checked against what it holds, but new history is not kept");
    return 0;
  }
  g_pool[i] = (struct precise_entry){.lockset = lockset, .owner = owner};
  return (uint32_t)i + 1;
}

static void check_entries(uint32_t head, uintptr_t addr, unsigned nbytes,
                          const struct access_now *now, struct sp_cache *c,
                          struct race_found *out, unsigned *n) {
  for (uint32_t e = head; e; e = entry(e)->next) {
    struct precise_entry *x = entry(e);
    if (!lockset_disjoint(x->lockset, now->lockset))
      continue;
    struct access_ref *writes[2] = {&x->w1, &x->w2}, *reads[2] = {&x->r1, &x->r2};
    for (int k = 0; k < 2; k++)
      if (writes[k]->node && conflicts(c, now, *writes[k]))
        note_race(out, n, addr, nbytes, *writes[k], true);
    for (int k = 0; now->is_write && k < 2; k++)
      if (reads[k]->node && conflicts(c, now, *reads[k]))
        note_race(out, n, addr, nbytes, *reads[k], false);
  }
}

/* The entry for (lockset, owner), made if missing; 0 if the pool is full. */
static uint32_t find_or_add(uint32_t *head, lockset_id lockset, node_id owner) {
  for (uint32_t e = *head; e; e = entry(e)->next)
    if (entry(e)->lockset == lockset && entry(e)->owner == owner)
      return e;
  uint32_t e = new_entry(lockset, owner);
  if (e) {
    entry(e)->next = *head;
    *head = e;
  }
  return e;
}

void precise_access(struct history_cell *slot, uintptr_t addr, unsigned nbytes,
                    const struct access_now *now, struct sp_cache *c, struct race_found *out,
                    unsigned *n) {
  uint32_t *head = head_of(slot);
  check_entries(*head, addr, nbytes, now, c, out, n);
  struct access_ref me = {now->node, now->site};
  /* One entry per ST-node on the path to the root, and the root's. */
  for (node_id v = ospg_node(now->node)->parent; v; v = ospg_node(v)->parent) {
    const struct ospg_node *node = ospg_node(v);
    if (node->type != NODE_ST && node->parent)
      continue;
    uint32_t e = find_or_add(head, now->lockset, v);
    if (!e)
      return;
    struct precise_entry *x = entry(e);
    if (now->is_write)
      keep_pair(c, &x->w1, &x->w2, me);
    else
      keep_pair(c, &x->r1, &x->r2, me);
  }
}

void precise_copy(struct history_cell *dst, const struct history_cell *src) {
  uint32_t copy = 0, *tail = &copy;
  for (uint32_t e = src->w.node; e; e = entry(e)->next) {
    uint32_t d = new_entry(entry(e)->lockset, entry(e)->owner);
    if (!d)
      break;
    *entry(d) = *entry(e);
    entry(d)->next = 0;
    *tail = d;
    tail = &entry(d)->next;
  }
  *dst = (struct history_cell){0};
  dst->w.node = copy;
}
