#include "sync_edges.h"

#include "reserve.h"

#include <sched.h>
#include <string.h>
#include <time.h>

/* Capacities. Address space is reserved, memory is committed as it is used. When one
 * is full, the releases or acquires beyond it add no edge: orders are lost (possible
 * false reports), never invented. */
#define MAX_EDGES (1u << 22)
#define MAX_CELLS (1u << 22)
#define TABLE_SLOTS (1u << 14) /* synchronisation addresses and locks */
#define MAX_LIST 64            /* strands one publication names (a release sequence) */
#define RECENT 16              /* writes remembered per address */
#define MAX_PROBES 64          /* a full table costs a bounded search, then no edge */

static struct sync_edge *g_edges;
_Atomic uint32_t g_sync_edge_count;
static atomic_flag g_edge_lock = ATOMIC_FLAG_INIT;

struct cell {
  node_id node;
  uint32_t next;
  uint32_t len;
};
static struct cell *g_cells;
static _Atomic uint32_t g_next_cell = 1;

/* One synchronisation address or lock. key 0: free; once set a slot keeps its key (the
 * table never shrinks), and its other fields count only when gen is the current
 * generation (sync_reset bumps it instead of clearing the table). */
struct slot {
  _Atomic uintptr_t key;
  atomic_flag busy;           /* guards the fields below */
  _Atomic uint32_t in_flight; /* writes between sync_write_begin and sync_post */
  uint32_t gen;
  /* Atomics: the last RECENT writes, newest at `newest` (a reader may lag behind the
   * last write: a consumer reads a counter value the producer has passed). */
  uint32_t newest;
  struct pub {
    uint32_t cells;  /* the publication; 0: none; PENDING: not yet known */
    uint32_t ticket; /* which write (sync_post's answer); 0: an empty entry */
    bool known;      /* value is the value written */
    uint64_t value;
  } recent[RECENT];
  node_id aux;                 /* locks: the strand the holder acquired it in */
  node_id aux_rel;             /* locks: the strand its release ended */
  struct sync_handoff handoff; /* hand-offs through critical sections */
};
static struct slot *g_table;
static _Atomic uint32_t g_gen = 1;

/* Lock keys and hand-off keys live apart from the addresses of atomics: user-space
 * addresses never set the top two bits. */
#define LOCK_KEY(l) ((l) | ((uintptr_t)1 << (sizeof(uintptr_t) * 8 - 1)))
#define HANDOFF_KEY(a) ((a) | ((uintptr_t)1 << (sizeof(uintptr_t) * 8 - 2)))

int sync_init(void) {
  g_edges = reserve_zeroed((size_t)MAX_EDGES * sizeof *g_edges);
  g_cells = reserve_zeroed((size_t)MAX_CELLS * sizeof *g_cells);
  g_table = reserve_zeroed((size_t)TABLE_SLOTS * sizeof *g_table);
  return g_edges && g_cells && g_table ? 0 : -1;
}

static void spin_lock(atomic_flag *f) {
  for (unsigned i = 0; atomic_flag_test_and_set_explicit(f, memory_order_acquire); i++)
    if (i > 64)
      sched_yield(); /* the holder may be descheduled: do not burn its core */
}
static void spin_unlock(atomic_flag *f) {
  atomic_flag_clear_explicit(f, memory_order_release);
}

struct sync_edge sync_edge_get(uint32_t i) {
  return g_edges[i];
}

void sync_edge_add(node_id from, node_id to) {
  if (!from || !to || from == to || !g_edges)
    return;
  spin_lock(&g_edge_lock);
  uint32_t n = atomic_load_explicit(&g_sync_edge_count, memory_order_relaxed);
  if (n < MAX_EDGES) {
    g_edges[n] = (struct sync_edge){from, to};
    atomic_store_explicit(&g_sync_edge_count, n + 1, memory_order_release);
  }
  spin_unlock(&g_edge_lock);
}

node_id sync_cell_node(uint32_t cell) {
  return g_cells[cell].node;
}
uint32_t sync_cell_next(uint32_t cell) {
  return g_cells[cell].next;
}

uint32_t sync_cell_push(node_id node, uint32_t rest) {
  if (!node || !g_cells)
    return 0;
  uint32_t len = rest ? g_cells[rest].len + 1 : 1;
  if (len > MAX_LIST)
    rest = 0, len = 1;
  uint32_t id = atomic_fetch_add_explicit(&g_next_cell, 1, memory_order_relaxed);
  if (id >= MAX_CELLS)
    return 0;
  g_cells[id] = (struct cell){node, rest, len};
  return id;
}

/* The slot of key, created if need be; NULL when the table is full. */
static struct slot *slot_for(uintptr_t key, bool create) {
  if (!g_table)
    return NULL;
  size_t j = (size_t)((key * 0x9E3779B97F4A7C15ull) >> 20) & (TABLE_SLOTS - 1);
  for (uint32_t probes = 0; probes < MAX_PROBES; probes++, j = (j + 1) & (TABLE_SLOTS - 1)) {
    struct slot *s = &g_table[j];
    uintptr_t k = atomic_load_explicit(&s->key, memory_order_acquire);
    if (k == key)
      return s;
    if (k)
      continue;
    if (!create)
      return NULL;
    uintptr_t expected = 0;
    if (atomic_compare_exchange_strong(&s->key, &expected, key) || expected == key)
      return s;
  }
  return NULL;
}

/* Takes the slot's guard and makes its fields current. */
static void slot_enter(struct slot *s) {
  spin_lock(&s->busy);
  uint32_t gen = atomic_load_explicit(&g_gen, memory_order_relaxed);
  if (s->gen != gen) {
    s->gen = gen;
    s->newest = 0;
    memset(s->recent, 0, sizeof s->recent);
    s->aux = s->aux_rel = 0;
    s->handoff = (struct sync_handoff){0};
  }
}

#define PENDING UINT32_MAX
static _Atomic uint32_t g_next_ticket = 1;

bool sync_address_known(uintptr_t addr) {
  return slot_for(addr, false) != NULL;
}

void sync_write_begin(uintptr_t addr) {
  struct slot *s = slot_for(addr, true);
  if (s)
    atomic_fetch_add_explicit(&s->in_flight, 1, memory_order_acq_rel);
}

/* Two phases, so that no writer waits while others wait for it. sync_post runs as
 * soon as the instruction is done and waits for nothing: it makes the written value
 * visible to readers (as pending) and ends the write's flight. sync_fill then gives the
 * publication, which an RMW computes only after it found what it read (which may wait
 * for an earlier write's sync_fill: earlier in the address's modification order, so
 * the waits cannot form a cycle). */
uint32_t sync_post(uintptr_t addr, bool wrote, bool known, uint64_t value) {
  struct slot *s = slot_for(addr, true);
  if (!s)
    return 0;
  uint32_t ticket = 0;
  slot_enter(s);
  if (wrote) {
    ticket = atomic_fetch_add_explicit(&g_next_ticket, 1, memory_order_relaxed);
    if (!ticket) /* wrapped: 0 means none */
      ticket = atomic_fetch_add_explicit(&g_next_ticket, 1, memory_order_relaxed);
    s->newest = (s->newest + 1) % RECENT;
    s->recent[s->newest] = (struct pub){PENDING, ticket, known, value};
  }
  spin_unlock(&s->busy);
  atomic_fetch_sub_explicit(&s->in_flight, 1, memory_order_acq_rel);
  return ticket;
}

void sync_fill(uintptr_t addr, uint32_t ticket, uint32_t cells) {
  struct slot *s = slot_for(addr, false);
  if (!s || !ticket)
    return;
  slot_enter(s);
  struct pub *own = &s->recent[s->newest];
  struct pub *prev = &s->recent[(s->newest + RECENT - 1) % RECENT];
  if (own->ticket == ticket && prev->ticket && prev->cells == cells && prev->known == own->known &&
      prev->value == own->value) {
    /* It repeats the write before it (a spin loop that stores the same value,
     * publishing the same strands): it takes no room, the ring keeps distinct writes. */
    *own = (struct pub){0};
    s->newest = (s->newest + RECENT - 1) % RECENT;
  } else {
    for (unsigned i = 0; i < RECENT; i++)
      if (s->recent[i].ticket == ticket)
        s->recent[i].cells = cells;
  }
  spin_unlock(&s->busy);
}

/* The newest remembered write of `value` other than `skip`: the one a read of it most
 * likely read. */
static const struct pub *match(const struct slot *s, uint64_t value, uint32_t skip) {
  for (unsigned i = 0; i < RECENT; i++) {
    const struct pub *p = &s->recent[(s->newest + RECENT - i) % RECENT];
    if (p->ticket && p->ticket != skip && p->known && p->value == value)
      return p;
  }
  return NULL;
}

uint32_t sync_read_from(uintptr_t addr, uint64_t value, uint32_t skip) {
  struct slot *s = slot_for(addr, false);
  if (!s)
    return 0;
  /* A writer announces itself before its instruction and posts after it: a read that
   * already sees the new value may come before the post. Wait for writers in flight
   * (they wait for nothing), and for the publication of the write read. */
  struct timespec start = {0, 0};
  for (unsigned i = 0;; i++) {
    slot_enter(s);
    const struct pub *p = match(s, value, skip);
    uint32_t cells = p ? p->cells : 0;
    spin_unlock(&s->busy);
    if (p ? cells != PENDING : !atomic_load_explicit(&s->in_flight, memory_order_acquire))
      return cells;
    if (i < 64)
      continue;
    sched_yield();
    /* A writer never comes back only if a signal handler broke its pair of hooks:
     * after two seconds, match nothing (a possible false report) rather than hang. */
    if ((i & 1023) == 0) {
      struct timespec now;
      clock_gettime(CLOCK_MONOTONIC, &now);
      if (!start.tv_sec && !start.tv_nsec)
        start = now;
      else if (now.tv_sec - start.tv_sec > 2)
        return 0;
    }
  }
}

void sync_lock_note_release(uintptr_t lock, node_id acquired_in, node_id released) {
  struct slot *s = slot_for(LOCK_KEY(lock), true);
  if (!s)
    return;
  slot_enter(s);
  s->aux = acquired_in;
  s->aux_rel = released;
  spin_unlock(&s->busy);
}

bool sync_lock_last_release(uintptr_t lock, node_id *acquired_in, node_id *released) {
  struct slot *s = slot_for(LOCK_KEY(lock), false);
  if (!s)
    return false;
  slot_enter(s);
  *acquired_in = s->aux;
  *released = s->aux_rel;
  spin_unlock(&s->busy);
  return *released != 0;
}

void sync_handoff_note(uintptr_t addr, const struct sync_handoff *h) {
  struct slot *s = slot_for(HANDOFF_KEY(addr), true);
  if (!s)
    return;
  slot_enter(s);
  s->handoff = *h;
  spin_unlock(&s->busy);
}

bool sync_handoff_last(uintptr_t addr, struct sync_handoff *h) {
  struct slot *s = slot_for(HANDOFF_KEY(addr), false);
  if (!s)
    return false;
  slot_enter(s);
  *h = s->handoff;
  spin_unlock(&s->busy);
  return h->cells != 0;
}

void sync_reset(void) {
  atomic_store(&g_sync_edge_count, 0);
  atomic_store(&g_next_cell, 1);
  atomic_fetch_add(&g_gen, 1);
}
