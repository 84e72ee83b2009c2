#include "ospg.h"

#include "detection.h"
#include "log.h"
#include "options.h"
#include "reserve.h"
#include "task_nesting.h"
#include "tls.h"

#include <stdlib.h>
#include <sys/mman.h>

/* max_nodes' help text promises 32 bytes a node. */
_Static_assert(sizeof(struct ospg_node) == 32, "OSPG node size");

struct ospg_node *g_ospg_arena;
static uint64_t g_capacity;
/* id 0 is "no node". Alone on its line: every node made takes it, and what lies beside
 * it (ospg_exhausted's flag, the arena's bounds) is read on every add and query. */
static struct {
  _Alignas(64) _Atomic uint32_t next;
  char rest_of_line[60];
} g_ids = {.next = 1};
static atomic_bool g_exhausted;
atomic_bool g_ospg_st_made;
static node_id g_root;

/* Reclaiming (ospg.h, RECLAIMING): per page of PAGE_NODES nodes, how many are
 * reclaimed, and once the page is released, its forwards: 0 (not released), a tagged
 * id (id << 1 | 1: every node of the page leads to it) or a struct packed_page.
 * While a page is being reclaimed, a side map notes the strand each node went to
 * (PAGE_SIDE_REPS of them at most, 2 bits a node), so that releasing the page need
 * not read its nodes again (cold by then); at the release it becomes the packed
 * forwards. A page whose nodes went to more strands is read node by node. */
#define PAGE_NODES 128u
_Static_assert(PAGE_NODES * sizeof(struct ospg_node) == 4096, "a node page is 4 KiB");
struct packed_page {
  uint8_t bits;             /* per node in `which`: 1, 2, 4 or 8 */
  uint8_t overflow;         /* a side map that ran out of room for strands */
  _Atomic node_id target[]; /* the distinct strands the page's nodes lead to, then
                               `which`: PAGE_NODES indexes into target, `bits` each */
};
/* Room for targets: 2^bits, at most one per node. */
static unsigned packed_room(unsigned bits) {
  return bits >= 7 ? PAGE_NODES : 1u << bits;
}
static const uint8_t *packed_which(const struct packed_page *p) {
  return (const uint8_t *)&p->target[packed_room(p->bits)];
}
/* Which of the page's targets node x leads to. */
static unsigned packed_index(const struct packed_page *p, node_id x) {
  unsigned i = x % PAGE_NODES, bits = p->bits;
  return (packed_which(p)[i * bits / 8] >> (i * bits % 8)) & ((1u << bits) - 1);
}
static _Atomic uint32_t *g_page_reclaimed;
static _Atomic uintptr_t *g_page_forwards;
#define PAGE_SIDE_BITS 2u
#define PAGE_SIDE_REPS (1u << PAGE_SIDE_BITS)
static _Atomic(struct packed_page *) *g_page_side;
static atomic_bool g_side_failed; /* a side map may lack a node: none is trusted */
static size_t packed_bytes(unsigned bits) {
  return sizeof(struct packed_page) + packed_room(bits) * sizeof(node_id) + PAGE_NODES * bits / 8;
}
_Atomic uint32_t g_ospg_release_seq;
_Atomic uint32_t g_ospg_rewinds;
static _Atomic uint64_t g_reclaimed, g_pages_released, g_packed_bytes;
/* Ids handed out before the rewinds (written only by ospg_release_to, when nothing runs):
 * with the counter, the nodes ever made, without an atomic of its own in ospg_add. */
static uint64_t g_rewound;

/* Released pages whose memory has not gone yet: madvise flushes the TLB of every CPU
 * that runs the process, so pages go in batches, each contiguous run in one call. */
#define RELEASE_BATCH 1024
static uint32_t g_batch[RELEASE_BATCH];
static unsigned g_batch_len;
static atomic_flag g_batch_lock = ATOMIC_FLAG_INIT;

static void give_back(uint32_t *pages, unsigned n);

/* Deep enough for any realistic nesting of tasks; uint16_t depth must not wrap. */
#define MAX_DEPTH 60000

int ospg_init(uint64_t max_nodes) {
  size_t bytes = (size_t)(max_nodes + 1) * sizeof(struct ospg_node);
  void *p = reserve_zeroed(bytes);
  if (p == NULL)
    return -1;
  g_ospg_arena = p;
  g_capacity = max_nodes + 1;
  size_t pages = (size_t)(g_capacity + PAGE_NODES - 1) / PAGE_NODES;
  g_page_reclaimed = reserve_zeroed(pages * sizeof *g_page_reclaimed);
  g_page_forwards = reserve_zeroed(pages * sizeof *g_page_forwards);
  g_page_side = reserve_zeroed(pages * sizeof *g_page_side);
  if (!g_page_reclaimed || !g_page_forwards || !g_page_side)
    return -1;
  atomic_store(&g_ids.next, 1);
  g_root = ospg_add(0, NODE_S, CK_ROOT, 0);
  return 0;
}

node_id ospg_root(void) {
  return g_root;
}

bool ospg_exhausted(void) {
  return atomic_load_explicit(&g_exhausted, memory_order_relaxed);
}

static node_id give_up(const char *why) {
  atomic_store(&g_exhausted, true);
  detection_gap(GAP_NODES, true,
                "%s; race detection is off from here on (raise it with "
                "OMPRACER_OPTIONS=max_nodes=N, now %llu)",
                why, (unsigned long long)(g_capacity - 1));
  return g_root;
}

/* Ids this thread took ahead (ospg_reserve): [next, end). */
static OMPR_TLS struct {
  uint32_t next, end;
} t_reserved;

void ospg_reserve(uint32_t n) {
  uint32_t id = atomic_fetch_add_explicit(&g_ids.next, n, memory_order_relaxed);
  t_reserved.next = id;
  t_reserved.end = id + n;
}

void ospg_reserve_end(void) {
  t_reserved.next = t_reserved.end = 0;
}

node_id ospg_next_id(void) {
  return atomic_load_explicit(&g_ids.next, memory_order_acquire);
}

/* The next id: a reserved one, else a new one (then *taken grows). */
static uint32_t take_id(uint32_t *taken) {
  if (t_reserved.next < t_reserved.end)
    return t_reserved.next++;
  ++*taken;
  return atomic_fetch_add_explicit(&g_ids.next, 1, memory_order_relaxed);
}

node_id ospg_add(node_id parent, enum node_type type, enum construct_kind construct, site_id site) {
  uint32_t taken = 0;
  return ospg_add_counted(parent, type, construct, site, &taken);
}

node_id ospg_add_counted(node_id parent, enum node_type type, enum construct_kind construct,
                         site_id site, uint32_t *taken) {
  if (ospg_exhausted())
    return g_root;
  uint32_t id = take_id(taken);
  if (id >= g_capacity)
    return give_up("the OSPG node arena is full");
  struct ospg_node *n = &g_ospg_arena[id];
  n->parent = parent;
  n->type = (uint8_t)type;
  n->construct = (uint8_t)construct;
  n->site = site;
  n->preds = 0;
  n->instance = 0;
  n->flags = 0;
  /* Only a task can be left unwaited (Algorithm 1's +1): the other P-nodes (implicit
   * tasks, chunks, sections, teams) end with the construct that holds them. */
  n->st_val = ck_is_task(type, construct) ? 1 : 0;
  if (type == NODE_ST && !atomic_load_explicit(&g_ospg_st_made, memory_order_relaxed)) {
    nesting_st_made(); /* before any access can see an ST-node */
    atomic_store_explicit(&g_ospg_st_made, true, memory_order_release);
  }
  atomic_store_explicit(&n->nchildren, 0, memory_order_relaxed);
  if (parent) {
    struct ospg_node *p = &g_ospg_arena[parent];
    if (p->depth >= MAX_DEPTH)
      return give_up("the OSPG is nested too deeply");
    /* An if(0) task's node (never closed) and a group opened inside a group (taskwait
     * depend) break the pairing of tasks and closed groups that sealing counts on. */
    if (type == NODE_ST && (construct != CK_TASK_GROUP || p->type == NODE_ST))
      ospg_taint_above(id);
    n->depth = (uint16_t)(p->depth + 1);
    n->order = atomic_fetch_add_explicit(&p->nchildren, 1, memory_order_relaxed);
    /* Myers' rule: when the parent's jump and its jump's jump span equal depths, this
     * node jumps over both (to the jump's jump); otherwise to its parent. So a jump's
     * depth is a function of the node's depth, and two nodes of one depth jump to one
     * depth (the LCA search in sp_query.c relies on it). */
    const struct ospg_node *j = &g_ospg_arena[p->jump];
    if (p->depth - j->depth == j->depth - g_ospg_arena[j->jump].depth)
      n->jump = j->jump;
    else
      n->jump = parent;
  } else {
    n->depth = 0;
    n->order = 0;
    n->jump = id;
  }
  return id;
}

node_id ospg_ancestor_at(node_id n, unsigned d) {
  while (g_ospg_arena[n].depth > d) {
    node_id j = g_ospg_arena[n].jump;
    n = g_ospg_arena[j].depth >= d ? j : g_ospg_arena[n].parent;
  }
  return n;
}

/* Sets flag on every ST-node and task P-node above n, stopping at the first that has
 * it (every node above that one has it too). */
static void flag_above(node_id n, uint8_t flag) {
  for (node_id v = g_ospg_arena[n].parent; v; v = g_ospg_arena[v].parent) {
    struct ospg_node *a = &g_ospg_arena[v];
    if (a->type != NODE_ST && !ck_is_task(a->type, a->construct))
      continue;
    if (__atomic_fetch_or(&a->flags, flag, __ATOMIC_RELAXED) & flag)
      return;
  }
}

void ospg_taint_above(node_id n) {
  flag_above(n, NODE_TAINTED);
}

void ospg_keep_above(node_id n) {
  flag_above(n, NODE_KEEP);
}

uint32_t ospg_mark(void) {
  return ospg_next_id();
}

void ospg_release_to(uint32_t mark) {
  uint32_t end = atomic_load(&g_ids.next);
  if (mark >= end)
    return;
  /* Nothing runs now (the outermost region has ended). Pages waiting to go, go now,
   * before new nodes reuse them. A released page keeps its
   * forwards for the ids below the mark: new ids start on the next page. */
  uint32_t first = mark / PAGE_NODES;
  if (atomic_load(&g_page_forwards[first])) {
    mark = (first + 1) * PAGE_NODES;
    first++;
    if (mark >= end)
      return;
  }
  give_back(g_batch, g_batch_len);
  g_batch_len = 0;
  for (uint32_t page = first; page <= (end - 1) / PAGE_NODES; page++) {
    uintptr_t d = atomic_exchange(&g_page_forwards[page], 0);
    if (d && !(d & 1))
      free((void *)d);
    free(atomic_exchange(&g_page_side[page], NULL));
    atomic_store(&g_page_reclaimed[page], 0);
  }
  /* The ids of the mark's page below the mark stay as they are. */
  uint32_t kept = 0;
  for (uint32_t id = first * PAGE_NODES; id < mark; id++)
    kept += (g_ospg_arena[id].flags & NODE_RECLAIMED) != 0;
  atomic_store(&g_page_reclaimed[first], kept);
  /* Their side-map notes went with the page's map: a release would send them to the
   * wrong strand. (No node made before an outermost region is reclaimed, ompt_events.c
   * rewinds only when the initial task made no task; this keeps it safe regardless.) */
  if (kept)
    atomic_store(&g_side_failed, true);
  g_rewound += (end < g_capacity ? end : g_capacity) - mark;
  atomic_store(&g_ids.next, mark);
  atomic_fetch_add_explicit(&g_ospg_rewinds, 1, memory_order_release);
  /* Children counts of surviving nodes are not rewound: orders only need to grow. */
}

/* ---- reclaiming (ospg.h, RECLAIMING) ---- */

static node_id packed_target(uintptr_t d, node_id x) {
  if (d & 1)
    return (node_id)(d >> 1);
  const struct packed_page *p = (const struct packed_page *)d;
  return atomic_load_explicit(&p->target[packed_index(p, x)], memory_order_relaxed);
}

/* One step: x itself when it is live (or no node), else the strand it leads to. */
static node_id forward_once(node_id x) {
  if (!x)
    return 0;
  uintptr_t d = atomic_load_explicit(&g_page_forwards[x / PAGE_NODES], memory_order_acquire);
  if (d)
    return packed_target(d, x);
  struct ospg_node *n = &g_ospg_arena[x];
  if (__atomic_load_n(&n->flags, __ATOMIC_ACQUIRE) & NODE_RECLAIMED)
    return atomic_load_explicit(&n->nchildren, memory_order_relaxed);
  if (n->jump)
    return x;
  /* Zeros: the page was released after the directory was read; it is set by now. */
  d = atomic_load_explicit(&g_page_forwards[x / PAGE_NODES], memory_order_seq_cst);
  return d ? packed_target(d, x) : x;
}

/* Points x's forward at `to`, a strand further along its chain (so one that x answers
 * as, too): a node's own forward, or its page's when the page is released (every node
 * that shared that forward shares its chain). */
static void shorten(node_id x, node_id from, node_id to) {
  uint32_t page = x / PAGE_NODES;
  uintptr_t d = atomic_load_explicit(&g_page_forwards[page], memory_order_acquire);
  if (d & 1) {
    uintptr_t old = (uintptr_t)from << 1 | 1;
    atomic_compare_exchange_strong_explicit(&g_page_forwards[page], &old, (uintptr_t)to << 1 | 1,
                                            memory_order_release, memory_order_relaxed);
  } else if (d) {
    struct packed_page *p = (struct packed_page *)d;
    atomic_compare_exchange_strong_explicit(&p->target[packed_index(p, x)], &from, to,
                                            memory_order_relaxed, memory_order_relaxed);
  } else if (__atomic_load_n(&g_ospg_arena[x].flags, __ATOMIC_ACQUIRE) & NODE_RECLAIMED) {
    atomic_compare_exchange_strong_explicit(&g_ospg_arena[x].nchildren, &from, to,
                                            memory_order_relaxed, memory_order_relaxed);
  }
}

/* Follows the forwards to a live strand, then points the first ones passed straight at
 * it: chains grow a step each time the group above a representative is sealed (a deep
 * recursion makes them as long as it is deep). Forwards always lead up the tree, so
 * pointing a node at a strand its chain reached keeps them leading up; only the nodes
 * this walk passed before that strand are changed (another thread may have shortened
 * the chain meanwhile, and a node past the strand must not be pointed back at it). */
#define SHORTEN_MAX 32
node_id ospg_live_slow(node_id x) {
  node_id passed[SHORTEN_MAX], via[SHORTEN_MAX];
  unsigned n = 0;
  node_id end = x;
  for (node_id next = forward_once(end); next != end; next = forward_once(end)) {
    if (n < SHORTEN_MAX) {
      passed[n] = end;
      via[n++] = next;
    }
    end = next;
  }
  for (unsigned i = 0; i < n; i++)
    if (via[i] != end)
      shorten(passed[i], via[i], end);
  return end;
}

/* Precise mode's expanded families keep entries per ST-node (history_precise.c),
 * which would name reclaimed nodes: only while every task is assumed to wait for its
 * children (task_nesting.h) do they stay with the root's entry. */
bool ospg_reclaim_allowed(void) {
  bool entries_at_root =
      g_opts.mode == MODE_FAST || (g_opts.mode == MODE_PRECISE && nesting_assumed());
  /* Small runs keep every node, so that their reports name the exact task of every
   * access (a reclaimed strand is described as its representative). */
  bool big = atomic_load_explicit(&g_ids.next, memory_order_relaxed) >= g_opts.reclaim_ospg;
  return g_opts.reclaim_ospg && big && entries_at_root && !g_opts.dump_ospg && !ospg_exhausted();
}

static int cmp_page(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return x < y ? -1 : x > y;
}

/* The memory of released pages goes: the release count first (a query that read a page
 * while it went runs again), then one madvise per contiguous run. */
static void give_back(uint32_t *pages, unsigned n) {
  qsort(pages, n, sizeof *pages, cmp_page);
  atomic_fetch_add_explicit(&g_ospg_release_seq, 1, memory_order_seq_cst);
  for (unsigned i = 0, j; i < n; i = j) {
    for (j = i + 1; j < n && pages[j] == pages[j - 1] + 1; j++)
      ;
    madvise(&g_ospg_arena[(size_t)pages[i] * PAGE_NODES],
            (size_t)(j - i) * PAGE_NODES * sizeof(struct ospg_node), MADV_DONTNEED);
  }
}

/* The packed forwards of a page whose side map holds every node's strand: those strands
 * resolved (0 when they are not). */
static uintptr_t forwards_from_side(struct packed_page *side) {
  node_id first = 0;
  bool uniform = true;
  for (unsigned k = 0; k < PAGE_SIDE_REPS; k++) {
    node_id t = atomic_load_explicit(&side->target[k], memory_order_relaxed);
    if (!t)
      continue;
    t = ospg_live_slow(t);
    atomic_store_explicit(&side->target[k], t, memory_order_relaxed);
    uniform &= !first || t == first;
    if (!first)
      first = t;
  }
  if (uniform && first) {
    free(side);
    return (uintptr_t)first << 1 | 1;
  }
  atomic_fetch_add_explicit(&g_packed_bytes, packed_bytes(PAGE_SIDE_BITS), memory_order_relaxed);
  return (uintptr_t)side;
}

/* The packed forwards of a page read node by node (0 when memory is short). */
static uintptr_t forwards_from_nodes(uint32_t page) {
  node_id target[PAGE_NODES];
  uint8_t which[PAGE_NODES];
  unsigned n = 0;
  /* The page's nodes lead to few first steps (the strands they were reclaimed into,
   * two threads' tasks interleaved): each is followed to its end once. */
  node_id hops[4] = {0}, ends[4] = {0};
  for (unsigned i = 0; i < PAGE_NODES; i++) {
    node_id hop = forward_once(page * PAGE_NODES + i), t;
    unsigned h = hop % 4;
    if (hops[h] == hop && hop) {
      t = ends[h];
    } else {
      t = ospg_live_slow(hop);
      hops[h] = hop;
      ends[h] = t;
    }
    unsigned k = 0;
    while (k < n && target[k] != t)
      k++;
    if (k == n)
      target[n++] = t;
    which[i] = (uint8_t)k;
  }
  if (n == 1)
    return (uintptr_t)target[0] << 1 | 1;
  unsigned bits = n <= 2 ? 1 : n <= 4 ? 2 : n <= 16 ? 4 : 8;
  struct packed_page *p = calloc(1, packed_bytes(bits));
  if (!p)
    return 0;
  atomic_fetch_add_explicit(&g_packed_bytes, packed_bytes(bits), memory_order_relaxed);
  p->bits = (uint8_t)bits;
  for (unsigned k = 0; k < n; k++)
    atomic_init(&p->target[k], target[k]);
  uint8_t *w = (uint8_t *)packed_which(p);
  for (unsigned i = 0; i < PAGE_NODES; i++)
    w[i * bits / 8] |= (uint8_t)(which[i] << (i * bits % 8));
  return (uintptr_t)p;
}

/* Releases a page: its forwards first (packed, each resolved to a live strand), then
 * the pages, in batches (give_back). Stays when memory is short. Every node of the
 * page is reclaimed, and every side-map note made, by now. */
static void release_page(uint32_t page) {
  struct packed_page *side =
      atomic_exchange_explicit(&g_page_side[page], NULL, memory_order_acquire);
  uintptr_t d;
  if (side && !side->overflow && !atomic_load_explicit(&g_side_failed, memory_order_relaxed)) {
    d = forwards_from_side(side);
  } else {
    free(side);
    d = forwards_from_nodes(page);
  }
  if (!d)
    return;
  atomic_store_explicit(&g_page_forwards[page], d, memory_order_release);
  atomic_fetch_add_explicit(&g_pages_released, 1, memory_order_relaxed);
  /* The batch is taken out under the lock and given back outside it: madvise of a
   * thousand pages takes long enough for the other threads to notice. */
  uint32_t full[RELEASE_BATCH];
  unsigned n = 0;
  while (atomic_flag_test_and_set_explicit(&g_batch_lock, memory_order_acquire))
    ;
  g_batch[g_batch_len++] = page;
  if (g_batch_len == RELEASE_BATCH) {
    __builtin_memcpy(full, g_batch, sizeof full);
    n = RELEASE_BATCH;
    g_batch_len = 0;
  }
  atomic_flag_clear_explicit(&g_batch_lock, memory_order_release);
  if (n)
    give_back(full, n);
}

/* Notes in the page's side map that node `id` went to `rep`. */
static void side_note(node_id id, node_id rep) {
  uint32_t page = id / PAGE_NODES;
  struct packed_page *side = atomic_load_explicit(&g_page_side[page], memory_order_acquire);
  if (!side) {
    struct packed_page *fresh = calloc(1, packed_bytes(PAGE_SIDE_BITS));
    if (!fresh) { /* a map without this node would send it astray: read nodes from now on */
      atomic_store_explicit(&g_side_failed, true, memory_order_relaxed);
      return;
    }
    fresh->bits = PAGE_SIDE_BITS;
    if (atomic_compare_exchange_strong_explicit(&g_page_side[page], &side, fresh,
                                                memory_order_acq_rel, memory_order_acquire))
      side = fresh;
    else
      free(fresh);
  }
  unsigned k = 0;
  for (; k < PAGE_SIDE_REPS; k++) {
    node_id t = atomic_load_explicit(&side->target[k], memory_order_relaxed);
    if (t == rep)
      break;
    if (!t && atomic_compare_exchange_strong_explicit(&side->target[k], &t, rep,
                                                      memory_order_relaxed, memory_order_relaxed))
      break;
    if (t == rep)
      break;
  }
  if (k == PAGE_SIDE_REPS) {
    __atomic_store_n(&side->overflow, (uint8_t)1, __ATOMIC_RELAXED);
    return;
  }
  unsigned i = id % PAGE_NODES;
  uint8_t *w = (uint8_t *)packed_which(side);
  __atomic_fetch_or(&w[i * PAGE_SIDE_BITS / 8], (uint8_t)(k << (i * PAGE_SIDE_BITS % 8)),
                    __ATOMIC_RELAXED);
}

/* Counts `count` more reclaimed nodes on `page`, and releases it when that makes all. */
static void count_reclaimed(uint32_t page, uint32_t count) {
  if (count &&
      atomic_fetch_add_explicit(&g_page_reclaimed[page], count, memory_order_acq_rel) + count ==
          PAGE_NODES)
    release_page(page);
}

void ospg_reclaim(const node_id *ids, uint32_t n, node_id rep) {
  uint32_t page = 0, on_page = 0, total = 0; /* ids of one task cluster on few pages */
  for (uint32_t i = 0; i < n; i++) {
    node_id id = ids[i];
    if (!id || id == g_root || id == rep)
      continue;
    struct ospg_node *node = &g_ospg_arena[id];
    atomic_store_explicit(&node->nchildren, rep, memory_order_relaxed);
    /* Nothing else writes the flags of a finished task's nodes any more. */
    __atomic_store_n(&node->flags, (uint8_t)(node->flags | NODE_RECLAIMED), __ATOMIC_RELEASE);
    side_note(id, rep);
    total++;
    if (id / PAGE_NODES != page) {
      count_reclaimed(page, on_page);
      page = id / PAGE_NODES;
      on_page = 0;
    }
    on_page++;
  }
  count_reclaimed(page, on_page);
  atomic_fetch_add_explicit(&g_reclaimed, total, memory_order_relaxed);
}

struct ospg_stats ospg_get_stats(void) {
  uint32_t next = atomic_load(&g_ids.next);
  uint64_t made = g_rewound + (next < g_capacity ? next : g_capacity) - 1;
  return (struct ospg_stats){made, atomic_load(&g_reclaimed), atomic_load(&g_pages_released),
                             atomic_load(&g_packed_bytes)};
}

const struct ospg_node *ospg_explaining_ancestor(node_id w) {
  for (node_id id = w; id; id = g_ospg_arena[id].parent) {
    const struct ospg_node *n = &g_ospg_arena[id];
    switch (n->construct) {
    case CK_IMPLICIT_TASK:
    case CK_CHUNK:
    case CK_SECTION:
    case CK_TASK:
    case CK_TASK_IF0:
    case CK_TEAM:
    case CK_DIST_CHUNK:
    case CK_TARGET_TASK: return n;
    default: break;
    }
  }
  return NULL;
}
