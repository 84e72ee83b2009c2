#include "history_precise.h"

#include "detection.h"
#include "history_common.h"
#include "log.h"
#include "reserve.h"
#include "shadow.h"
#include "tls.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

/* The small helpers of the access path are inlined: as calls they pass struct refs
 * through the stack on every access (measured: a third of precise_access's time). */
#define INLINE static inline __attribute__((always_inline))

struct precise_entry {
  uint32_t next; /* pool index + 1 of the next entry of the same slot; 0 ends */
  lockset_id lockset;
  node_id owner;  /* the root or an ST-node */
  uint32_t flags; /* ENTRY_EXPANDED, on a root entry; the owner's depth (ENTRY_DEPTH) */
  struct access_ref w1, w2, r1, r2;
};
#define ENTRY_EXPANDED 1u
/* The owner's OSPG depth, kept in the entry: a walk that looks for the owners on a
 * strand's path compares each entry's owner with the path's node at its depth without
 * reading the owner's node (a cache miss per entry on long lists). */
#define ENTRY_DEPTH_SHIFT 16
#define ENTRY_DEPTH(flags) ((flags) >> ENTRY_DEPTH_SHIFT)
/* A new entry's flags: its owner's depth, nothing else set. */
static uint32_t owner_flags(node_id owner) {
  return (uint32_t)ospg_node(owner)->depth << ENTRY_DEPTH_SHIFT;
}

/* The slot's head: the first pooled entry's index + 1, in its top bit
 * (HEAD_EXPANDED, history_precise.h) whether the empty lockset's family is expanded
 * (lazy_entries below), and in the next one (HEAD_WRITTEN, history_precise.h) whether
 * a pooled entry may hold a write. The second is set, with the cell locked, before a
 * write is stored in a pooled entry (precise_access, expand) and cleared only when the
 * slot is forgotten: while it is clear no entry holds a write, so none can race with a
 * read, and a read's lock-free check need not look at every entry (held_by_owners). */
#define HEAD_FLAGS (HEAD_EXPANDED | HEAD_WRITTEN | HEAD_OWN_ATOMIC)
#define HEAD_FIRST(head) ((head) & ~HEAD_FLAGS)
_Static_assert(sizeof(struct precise_entry) == PRECISE_ENTRY_BYTES, "entry size");

/* The two writes and two reads of an entry: a pooled entry's, or the one the slot
 * itself holds (the empty lockset's under the root; its second write and read are in
 * the slot's overflow, history_more.h). */
struct refs {
  struct access_ref *w1, *w2, *r1, *r2;
};
/* The slot's own entry, to update (the cell locked): its overflow taken into use. */
INLINE struct refs slot_refs(struct history_slot *s) {
  struct slot_more *m = more_for_write(s);
  return (struct refs){&s->w, &m->w2, &s->r1, &m->r2};
}
/* The slot's own entry, to read (locked or not): an unused overflow reads as the empty
 * one, which is read-only memory (callers only read through these). */
INLINE struct refs slot_refs_read(const struct history_slot *s) {
  struct slot_more *m = (struct slot_more *)more_of(s);
  struct history_slot *own = (struct history_slot *)s;
  return (struct refs){&own->w, &m->w2, &own->r1, &m->r2};
}

static struct precise_entry *g_pool;
static uint64_t g_capacity;
static lockset_id g_atomic_alone; /* {LOCK_ATOMIC}: plain atomics' and reductions' lockset */
static _Atomic uint64_t g_used;
static _Atomic uint32_t g_pool_gen; /* bumped by precise_reset */

/* Entries of forgotten memory (fresh stack frames, new heap blocks) are reused by the
 * thread that forgot them; a list from an older pool generation is dropped. */
static OMPR_TLS uint32_t t_free_head, t_free_gen;

int precise_init(uint64_t max_entries) {
  void *p = reserve_zeroed(max_entries * sizeof *g_pool);
  if (p == NULL)
    return -1;
  g_pool = p;
  g_capacity = max_entries;
  g_atomic_alone = lockset_with_atomic(0);
  return g_atomic_alone ? 0 : -1; /* precise_access relies on it not being the empty set */
}

void precise_reset(void) {
  atomic_store(&g_used, 0);
  atomic_fetch_add(&g_pool_gen, 1);
}

uint64_t precise_entries_taken(void) {
  return atomic_load_explicit(&g_used, memory_order_relaxed);
}

static struct precise_entry *entry(uint32_t index1) {
  return &g_pool[index1 - 1];
}

/* A free entry index + 1 from this thread's free list, or 0. */
static uint32_t reuse_entry(void) {
  if (t_free_gen != atomic_load_explicit(&g_pool_gen, memory_order_relaxed)) {
    t_free_gen = atomic_load_explicit(&g_pool_gen, memory_order_relaxed);
    t_free_head = 0;
  }
  uint32_t e = t_free_head;
  if (e)
    t_free_head = g_pool[e - 1].next;
  return e;
}

/* A new empty entry, or 0 when the pool is full. */
static uint32_t new_entry(lockset_id lockset, node_id owner) {
  uint32_t e = reuse_entry();
  if (!e) {
    uint64_t i = atomic_fetch_add(&g_used, 1);
    if (i >= g_capacity || i >= HEAD_OWN_ATOMIC - 1) {
      detection_gap(GAP_PRECISE_POOL, false,
                    "the precise access history pool is full (raise it with "
                    "OMPRACER_OPTIONS=shadow_limit_mb=N); accesses are still checked against "
                    "the history kept so far, but new history is not kept, so races with "
                    "later accesses can be missed");
      return 0;
    }
    e = (uint32_t)i + 1;
  }
  g_pool[e - 1] =
      (struct precise_entry){.lockset = lockset, .owner = owner, .flags = owner_flags(owner)};
  return e;
}

INLINE struct refs entry_refs(struct precise_entry *x) {
  return (struct refs){&x->w1, &x->w2, &x->r1, &x->r2};
}

/* Empties an entry's four refs, as ref_store does (lock-free readers may be looking). */
static void clear_refs(struct refs x) {
  struct access_ref none = {0, 0, 0};
  ref_store(x.w1, none);
  ref_store(x.w2, none);
  ref_store(x.r1, none);
  ref_store(x.r2, none);
}

void precise_forget(struct history_slot *slot) {
  uint32_t e = HEAD_FIRST(slot_head(slot));
  slot_clear(slot);
  if (!e)
    return;
  reuse_entry(); /* drops a stale free list first */
  uint32_t last = e;
  while (g_pool[last - 1].next)
    last = g_pool[last - 1].next;
  g_pool[last - 1].next = t_free_head;
  t_free_head = e;
}

/* Notes a racing earlier access once per slot, however many entries hold it (the same
 * access is kept under the root and under each ST-node on its path). */
static void note_once(struct access_ref *seen, unsigned *nseen, struct race_found *out, unsigned *n,
                      uintptr_t addr, unsigned nbytes, struct access_ref prev, bool prev_is_write,
                      lockset_id prev_lockset) {
  for (unsigned i = 0; i < *nseen; i++)
    if (seen[i].node == prev.node && seen[i].site == prev.site)
      return;
  if (*nseen < 16)
    seen[(*nseen)++] = prev;
  note_race(out, n, addr, nbytes, prev, prev_is_write, prev_lockset);
}

/* The races of the access with one entry's accesses (its lockset, which the report
 * names, is disjoint). */
struct seen_races {
  struct access_ref ref[16];
  unsigned n;
};
INLINE void check_refs(struct refs x, lockset_id lockset, struct seen_races *seen, uintptr_t addr,
                       unsigned nbytes, const struct access_now *now, struct sp_cache *c,
                       struct race_found *out, unsigned *n) {
  struct access_ref *writes[2] = {x.w1, x.w2}, *reads[2] = {x.r1, x.r2};
  for (int k = 0; k < 2; k++)
    if (writes[k]->node && conflicts(c, now, *writes[k]))
      note_once(seen->ref, &seen->n, out, n, addr, nbytes, *writes[k], true, lockset);
  for (int k = 0; now->is_write && k < 2; k++)
    if (reads[k]->node && conflicts(c, now, *reads[k]))
      note_once(seen->ref, &seen->n, out, n, addr, nbytes, *reads[k], false, lockset);
}

/* ---- Folding: entries of finished subtrees ----
 *
 * Algorithm 20 keeps an entry for every ST-node on any accessing strand's path, also
 * for subtrees long finished: a location that many tasks read in parallel ends up with
 * an entry per task group ever made, and every locked access walks them all (fft's
 * twiddle factors, floorplan's shared board). An entry whose owner O lies below a
 * sealed group S (ospg_sealed: closed, every task below it ended, nothing tainted)
 * says nothing that S's own entry of the same lockset does not:
 *   - every access recorded in O's entry was recorded in S's too (Algorithm 20 records
 *     an access in the entry of every ST-node on its path, and an expansion seeds every
 *     one of them), and keep_pair never empties a kind once it holds one, so S's entry
 *     holds a write if O's does, and a read if O's does;
 *   - every later access w is outside S's subtree (nothing runs there any more), and
 *     against such a w all strands below S answer alike (ospg.h, "Sealed subtrees"); so
 *     an access of O's entry races with w exactly when the access of the same kind in
 *     S's entry does (same lockset, hence same atomicity: atomics hold a pseudo-lock).
 * So dropping O's entry loses no race at any location; a report may name another
 * access of the subtree than Algorithm 20 would (one more representative, as the read
 * pair already is). S's entry itself goes once the group above S is sealed, and so
 * on: what stays is, per finished subtree under a live (or tainted) group, one entry.
 *
 * A folded entry is vacated where it stands (owner 0, no accesses, a depth no path
 * has) and the slot's next new entry takes its place: lock-free walks
 * (held_by_owners) may be standing on it, and they must never be led into another
 * slot's list, which reusing it elsewhere could do. So a list is as long as the most
 * entries the slot needed at once, not as the entries it ever had. The test reads two
 * or three OSPG nodes (the owner's nearest ST-node above); only walks under the cell
 * lock make it, so each entry is tested a few times and then vacated. */
#define ENTRY_VACANT_FLAGS (0xFFFFu << ENTRY_DEPTH_SHIFT)

static bool vacant(const struct precise_entry *x) {
  return x->owner == 0;
}

/* The nearest ST-node above n, or 0 when only the root is: a function of the tree,
 * memoised per thread (entries of one slot repeat owners from walk to walk, and the
 * walk would read two or three nodes for each). Node ids are reused after a reset,
 * which bumps the pool's generation. */
#define ABOVE_MEMO 512
static OMPR_TLS struct {
  uint32_t gen;
  node_id owner[ABOVE_MEMO], above[ABOVE_MEMO];
} t_above;

static node_id group_above(node_id n) {
  uint32_t gen = atomic_load_explicit(&g_pool_gen, memory_order_relaxed);
  if (t_above.gen != gen) {
    memset(t_above.owner, 0, sizeof t_above.owner);
    t_above.gen = gen;
  }
  unsigned k = n % ABOVE_MEMO;
  if (t_above.owner[k] == n)
    return t_above.above[k];
  node_id v = ospg_node(n)->parent;
  while (v && ospg_node(v)->type != NODE_ST)
    v = ospg_node(v)->parent;
  t_above.owner[k] = n;
  t_above.above[k] = v;
  return v;
}

static _Atomic uint64_t g_folded;
uint64_t precise_entries_folded(void) {
  return atomic_load_explicit(&g_folded, memory_order_relaxed);
}

/* Vacates entry x: accesses first, so that a walker that still reads the old owner
 * finds nothing in it. */
static void vacate(struct precise_entry *x) {
  clear_refs(entry_refs(x));
  __atomic_store_n(&x->flags, ENTRY_VACANT_FLAGS, __ATOMIC_RELAXED);
  __atomic_store_n(&x->owner, 0, __ATOMIC_RELEASE);
  atomic_fetch_add_explicit(&g_folded, 1, memory_order_relaxed);
}

/* Vacates entry x when its owner lies below a sealed group; returns whether x is
 * vacant now. */
static bool vacate_if_folded(struct precise_entry *x) {
  if (vacant(x))
    return true;
  if (x->owner == ospg_root())
    return false;
  node_id above = group_above(x->owner);
  if (!above || !ospg_sealed(above))
    return false;
  vacate(x);
  return true;
}

/* Gives vacant entry e to (lockset, owner). */
static uint32_t refill(uint32_t e, lockset_id lockset, node_id owner) {
  struct precise_entry *x = entry(e);
  __atomic_store_n(&x->lockset, lockset, __ATOMIC_RELAXED);
  __atomic_store_n(&x->flags, owner_flags(owner), __ATOMIC_RELAXED);
  __atomic_store_n(&x->owner, owner, __ATOMIC_RELEASE);
  return e;
}

/* ---- Merging the entries of finished children ----
 *
 * What folding leaves under a live group U is an entry per sealed group of each of
 * U's finished children (a task's groups are one per taskwait). Call such an entry a
 * *finished child's entry* when its owner G is sealed and G's task g is a child of U
 * (its P-node's parent is U) whose body has ended (NODE_ENDED), that no dependence
 * edge can touch (NODE_DEPS clear: no depend clause, no event fulfilled) and that is
 * untainted (no release made anywhere below it, ospg_taint_above). Then for
 * every later access w (outside g's subtree: nothing runs there any more) every
 * strand below G answers as a strand of g right under g's P-node would (ospg.h,
 * "Sealed subtrees"), and that strand answers as the same strand of any other such
 * child h of U: when w is below U, the LCA is U, and two children of one group are
 * parallel unless a dependence edge orders them (whichever side is the earlier:
 * w's own branch is a task or the creator's current strand, made after g and h);
 * when w is outside U's subtree, the LCA and its children are the same for both and
 * the st_val sums from g's and h's P-nodes up are equal (each +1, then the same
 * nodes); no synchronisation edge starts below g or h (both untainted), and the
 * edges that start elsewhere order both alike (whether g's strand comes before an
 * edge's source is again a query of the tree).
 * So all finished children's entries of one lockset under one group say the same of
 * every later access, and of two of them the one whose kinds of access (write, read)
 * include the other's stands for both: the other is vacated. Nothing moves between
 * entries, so a lock-free walk that meets a vacated entry has met the one that
 * stands for it before, or meets it later (the kept one is the later of the two when
 * the earlier is vacated). Neither is recorded in again (no live strand is below a
 * sealed group). */

/* The group U under which the entry is a finished child's entry (above), or 0. */
static node_id finished_child_of(const struct precise_entry *x) {
  if (x->owner == ospg_root() || !ospg_sealed(x->owner))
    return 0;
  node_id task = ospg_node(x->owner)->parent, u = group_above(x->owner);
  const struct ospg_node *t = ospg_node(task);
  if (!u || t->parent != u || !ck_is_task(t->type, t->construct))
    return 0;
  bool ended = ospg_has_flag(task, NODE_ENDED);
  return ended && !ospg_has_flag(task, NODE_DEPS | NODE_TAINTED) ? u : 0;
}

/* The kinds of access an entry holds: bit 0 a write, bit 1 a read (the first of a
 * pair is filled first). */
static unsigned kinds(const struct precise_entry *x) {
  return (x->w1.node ? 1u : 0u) | (x->r1.node ? 2u : 0u);
}

/* Entries met so far in one walk, one per (lockset, node): the finished children's
 * entries by the group above them, the latest sibling groups' by their parent. */
#define MERGE_KEYS 8
struct merge_keys {
  unsigned n;
  lockset_id lockset[MERGE_KEYS];
  node_id node[MERGE_KEYS];
  struct precise_entry *entry[MERGE_KEYS];
};

/* The index of the next key of (x's lockset, node) in m from index i on, or -1. */
static int next_key(const struct merge_keys *m, const struct precise_entry *x, node_id node,
                    unsigned i) {
  for (; i < m->n; i++)
    if (m->node[i] == node && m->lockset[i] == x->lockset)
      return (int)i;
  return -1;
}

/* Adds x under (its lockset, node); when m is full x is kept, merged with nothing. */
static void add_key(struct merge_keys *m, struct precise_entry *x, node_id node) {
  if (m->n < MERGE_KEYS) {
    m->lockset[m->n] = x->lockset;
    m->node[m->n] = node;
    m->entry[m->n++] = x;
  }
}

/* Vacates x when it is merged into an earlier finished child's entry of its lockset
 * and group (or stands for that one, which is vacated); returns whether x is vacant. */
static bool merge_finished_child(struct precise_entry *x, struct merge_keys *m) {
  node_id u = finished_child_of(x);
  if (!u)
    return false;
  for (int i = next_key(m, x, u, 0); i >= 0; i = next_key(m, x, u, (unsigned)i + 1)) {
    unsigned have = kinds(m->entry[i]), mine = kinds(x);
    if ((mine & ~have) == 0) { /* the earlier one stands for x */
      vacate(x);
      return true;
    }
    if ((have & ~mine) == 0) { /* x stands for the earlier one */
      vacate(m->entry[i]);
      m->entry[i] = x;
      return false;
    }
  }
  add_key(m, x, u);
  return false;
}

/* ---- Merging the entry of an earlier group into a later one's ----
 *
 * A task (or a chunk, section...) closes its children groups one after the other:
 * G1, then after a taskwait G2 under the same parent node, and so on. Say G1 is
 * sealed and an entry B of the same lockset has a later sibling group G2 of G1 as
 * its owner. Every access a recorded in G1's entry A is ordered before every access b
 * ever recorded in B: the LCA of their strands is the groups' parent, its left child
 * is G1, and the st_val sum from a up to and including sealed G1 is 0 (ospg.h,
 * "Sealed subtrees"), so Algorithm 1 answers "in series"; edges only add order. Now
 * let w be an access checked after b was recorded. w's strand is not ordered before
 * b's: it is still running after b ran. So if a || w, then b || w too (b < w would
 * give a < w, transitivity; w < b is excluded). B holds the same lockset (hence the
 * same atomicity), so when B's kinds of access include A's, a race of w with an access
 * of A is also one with an access of B of the same kind: A is vacated. B may be live
 * (G2 the group its task fills now); what B gets later is below G2 as well. Sparse LU
 * and health close a group per step of a loop in one task: without this, a location
 * that every step's tasks read kept an entry per step. Unlike the entries the other
 * vacates leave standing, B may still be filled while a lock-free walk
 * (held_by_owners) runs: a walk can read B before the access b that gave it A's kind
 * was stored and A after A was vacated, and see neither. Its access w is then either
 * held already (an identical access was checked under the lock against a, or a
 * against it) or a read the owners' entries cover (never recorded): b, stored while w
 * ran, is parallel with it, and b's locked check met the two reads that cover w in
 * each of w's owners' entries, one of which is parallel with b (the read-pair rule of
 * reads_seen), so a race of the location is reported there, under those sites. */

/* The parent under which x's owner is a children group closed in its turn, or 0. */
static node_id group_parent_of(const struct precise_entry *x) {
  if (x->owner == ospg_root() || !ospg_is_children_group(x->owner))
    return 0;
  return ospg_node(x->owner)->parent;
}

static uint32_t owner_order(const struct precise_entry *x) {
  return ospg_node(x->owner)->order;
}

/* Vacates whichever of x and the latest sibling group's entry met so far is an
 * earlier, sealed group's entry whose kinds the other's include; returns whether x is
 * vacant now. */
static bool merge_into_later_sibling(struct precise_entry *x, struct merge_keys *s) {
  node_id parent = group_parent_of(x);
  if (!parent)
    return false;
  int i = next_key(s, x, parent, 0);
  if (i < 0) {
    add_key(s, x, parent);
    return false;
  }
  struct precise_entry *y = s->entry[i];
  if (vacant(y)) { /* merged as a finished child's since */
    s->entry[i] = x;
    return false;
  }
  bool x_later = owner_order(x) > owner_order(y);
  struct precise_entry *early = x_later ? y : x, *late = x_later ? x : y;
  if (x_later)
    s->entry[i] = x;
  if ((kinds(early) & ~kinds(late)) != 0 || !ospg_sealed(early->owner))
    return false;
  vacate(early);
  return early == x;
}

/* The merge tables of one locked walk. */
struct walk_merges {
  struct merge_keys children, siblings;
};

/* Vacates x when it is folded, or merged into an earlier finished child's entry of its
 * lockset and group, or into a later sibling group's entry; returns whether x is
 * vacant now. An owner on the accessing strand's path (on_path) is a live group: it is
 * not sealed, so only its part as a later sibling is looked at (each test reads OSPG
 * nodes, a cache miss per entry on the long lists of a deep recursion). */
static bool vacate_or_merge(struct precise_entry *x, struct walk_merges *w, bool on_path) {
  if (on_path)
    return merge_into_later_sibling(x, &w->siblings);
  if (vacate_if_folded(x) || merge_into_later_sibling(x, &w->siblings))
    return true;
  return merge_finished_child(x, &w->children);
}

/* The running strand's owners (the root and its ST-node ancestors), indexed by depth,
 * so that one pass over a slot's list finds the entry of every owner, however deep
 * the OSPG: the arrays grow with the deepest strand this thread has run. Recomputed
 * when the thread's strand changes. */
struct owner_path {
  node_id strand;
  uint32_t gen;     /* node ids are reused after a reset */
  unsigned deepest; /* depth of the deepest owner + 1 */
  unsigned owners;  /* how many of at[0 .. deepest) are owners */
  unsigned cap;     /* room in at[] and found[] */
  node_id *at;      /* at[d]: the owner of depth d, or 0 */
  uint32_t *found;  /* per access: found[d], the entry of at[d] in the slot's list */
};
static OMPR_TLS struct owner_path t_path;

/* Makes room for depths below `depth`; false (and a gap) when memory runs out. */
static bool path_room(struct owner_path *p, unsigned depth) {
  if (depth <= p->cap)
    return true;
  unsigned cap = p->cap ? p->cap : 64;
  while (cap < depth)
    cap *= 2;
  /* Not realloc: the check may run in a signal handler (reserve_regrow). */
  node_id *at = reserve_regrow(p->at, p->cap * sizeof *at, cap * sizeof *at);
  if (at)
    p->at = at;
  uint32_t *found =
      at ? reserve_regrow(p->found, p->cap * sizeof *found, cap * sizeof *found) : NULL;
  if (!found) {
    detection_gap(GAP_TASK_STATE, false,
                  "out of memory for precise mode's owner paths; accesses below ST-nodes "
                  "deeper than %u are not recorded for them",
                  p->cap);
    return false;
  }
  p->found = found;
  p->cap = cap;
  return true;
}

static void compute_path(struct owner_path *p, node_id strand) {
  p->strand = strand;
  strand = ospg_live(strand); /* a reclaimed strand's path is its representative's */
  p->gen = atomic_load_explicit(&g_pool_gen, memory_order_relaxed);
  p->deepest = 0;
  p->owners = 0;
  unsigned room = path_room(p, ospg_node(strand)->depth) ? ospg_node(strand)->depth : p->cap;
  if (p->cap)
    memset(p->at, 0, p->cap * sizeof *p->at);
  for (node_id v = ospg_node(strand)->parent; v; v = ospg_node(v)->parent) {
    const struct ospg_node *node = ospg_node(v);
    if ((node->type != NODE_ST && node->parent) || node->depth >= room)
      continue;
    p->at[node->depth] = v;
    p->owners++;
    if (node->depth + 1u > p->deepest)
      p->deepest = node->depth + 1u;
  }
}

INLINE void record(struct sp_cache *c, struct refs x, const struct access_now *now) {
  struct access_ref me = ref_of(now);
  if (now->is_write)
    keep_pair(c, x.w1, x.w2, me);
  else
    keep_pair(c, x.r1, x.r2, me);
}

INLINE void refresh_path(struct owner_path *p, node_id strand) {
  if (p->strand != strand || p->gen != atomic_load_explicit(&g_pool_gen, memory_order_relaxed))
    compute_path(p, strand);
}

/* Whether x's owner is one of the owners of path p. */
static bool owner_on_path(const struct owner_path *p, const struct precise_entry *x) {
  unsigned d = ENTRY_DEPTH(x->flags);
  return d < p->deepest && p->at[d] == x->owner;
}

static void check_entries(struct history_slot *slot, uintptr_t addr, unsigned nbytes,
                          const struct access_now *now, struct sp_cache *c, struct race_found *out,
                          unsigned *n) {
  struct seen_races seen; /* not zeroed: that was a third of precise_access's time */
  seen.n = 0;
  /* The slot's own entry has the empty lockset: disjoint with every other. */
  check_refs(slot_refs_read(slot), 0, &seen, addr, nbytes, now, c, out, n);
  struct owner_path *p = &t_path;
  refresh_path(p, now->node);
  struct walk_merges m;
  m.children.n = 0;
  m.siblings.n = 0;
  for (uint32_t e = HEAD_FIRST(slot_head(slot)); e; e = entry(e)->next) {
    struct precise_entry *x = entry(e);
    if (!vacate_or_merge(x, &m, owner_on_path(p, x)) && lockset_disjoint(x->lockset, now->lockset))
      check_refs(entry_refs(x), x->lockset, &seen, addr, nbytes, now, c, out, n);
  }
}

/* Whether one entry holds an access that races with this one (its lockset disjoint). */
INLINE bool refs_race(struct refs x, const struct access_now *now, struct sp_cache *c) {
  struct access_ref w1 = ref_load(x.w1), w2 = ref_load(x.w2);
  if ((w1.node && conflicts(c, now, w1)) || (w2.node && conflicts(c, now, w2)))
    return true;
  if (!now->is_write)
    return false;
  struct access_ref r1 = ref_load(x.r1), r2 = ref_load(x.r2);
  return (r1.node && conflicts(c, now, r1)) || (r2.node && conflicts(c, now, r2));
}

/* Whether recording the write `now` into the entry x would leave it as it is and find
 * nothing: its two writes cover it as two reads cover a read (reads_seen's
 * READ_COVERED, the same rule of keep_pair: two iterations of the strand other than
 * now's, or strands whose pair keep_pair keeps), and none of the entry's accesses
 * races with it (the updates of one counter under `omp atomic` by every iteration of a
 * loop: after two, each took the lock to rewrite nothing). A race of another access
 * with the write is found with the writes that cover it, as for reads. */
INLINE bool writes_covered(struct refs x, const struct access_now *now, struct sp_cache *c) {
  return reads_seen(c, x.w1, x.w2, ref_of(now), false, NULL) == READ_COVERED &&
         (lockset_excludes_itself(now->lockset) || !refs_race(x, now, c));
}

/* Whether the entry x of the access's lockset, whose owner is the strand's only one
 * (the root), already holds this access or covers it (lock-free; false: don't know).
 * held_only: only an entry that is this very access counts. */
INLINE bool refs_cover(struct refs x, const struct access_now *now, struct sp_cache *c,
                       bool held_only) {
  struct access_ref me = ref_of(now);
  if (now->is_write)
    return ref_holds(x.w1, me) || ref_holds(x.w2, me) || (!held_only && writes_covered(x, now, c));
  enum read_seen seen = reads_seen(c, x.r1, x.r2, me, held_only, NULL);
  if (seen != READ_COVERED)
    return seen == READ_HELD;
  /* The two reads cover this one (reads_seen); the writes must still not race with
   * it: they cannot when the entry's lockset, ours, excludes itself (a plain lock;
   * not the tokens of one interval of a lock held around a parallel region). */
  if (lockset_excludes_itself(now->lockset))
    return true;
  struct access_ref w1 = ref_load(x.w1), w2 = ref_load(x.w2);
  return !(w1.node && conflicts(c, now, w1)) && !(w2.node && conflicts(c, now, w2));
}

/* ---- Lazy entries: precise verdicts at fast mode's cost where nothing needs more ----
 *
 * Algorithm 20 keeps, per lockset, a root entry and an entry per ST-node on the
 * accessing strand's path. The root entry evolves the same whatever other entries
 * exist: every access of the lockset updates it, by keep_pair. So the question is only
 * when the ST-node entries can find a race that the root entry misses. Call the
 * accesses of one lockset on one slot a *family*; a family starts *lazy* (its root
 * entry only) and is *expanded* (Algorithm 20 in full from then on) the first time
 * keep_pair on its root entry would drop an access that is parallel with the one that
 * stays, while ST-nodes matter (ospg_st_nodes_matter: some ST-node exists in the OSPG,
 * and not every task is assumed to wait for its children, task_nesting.h).
 *
 * Why no race is lost. Write x ~ w when x and w conflict (one writes, locksets
 * disjoint, not both atomic) and x || w (Algorithm 1, with dependence and
 * synchronisation edges). Two facts about Algorithm 1's order "<":
 *   (T) it is transitive: it is OpenMP's happens-before on the OSPG;
 *   (S) once x < y is answered it stays so: st_val only goes from 0 to -1 and edges are
 *       only added, so later answers can only turn "parallel" into "series".
 * Claim: while a family is lazy, for every access x of it and every later access w
 * with x ~ w, its root entry holds, when w is checked, some y with y ~ w. keep_pair
 * drops x in one of three ways:
 *   1. ordered: x < y, y the access that replaces it (same kind and lockset). If
 *      y < w then x < w by (T) and (S), against x || w; w cannot come before y (it
 *      runs later); so y || w and y ~ w. Induct on y (it is held, or dropped later).
 *   2. unordered while no ST-node exists: then no access so far has an ST-node on its
 *      path, and a later w meets each of them with the older one on the left of the
 *      LCA and no ST-node on that side, where Algorithm 1 answers as Algorithm 18: the
 *      fast-mode lemma of the read pair (SPD3's, history_common.h) applies as is.
 *   2'. unordered while ST-nodes exist but every task is assumed to wait for its
 *      children: as 2, for every query of the run, by the argument of task_nesting.h;
 *      should a task end with children unwaited after all, the run is marked
 *      incomplete there (the drop may have lost a race).
 *   3. unordered while ST-nodes matter: never in a lazy family; it expands first.
 * Expanding seeds every access the root entry holds into a fresh entry for each
 * ST-node on its own path (only the later of two that are now ordered: keep_pair
 * would have replaced the earlier one), then goes on as Algorithm 20. Every access
 * dropped before was dropped as in 1 or 2, so a later w ~ x meets, by the claim, a held
 * access y ~ w, which the expanded family holds in every entry Algorithm 20 would have
 * put it in: from there on Algorithm 20's own argument (the seed, 4.4) covers it. A
 * family that never drops an access unordered, which is every family of a program
 * whose accesses of one location are ordered or pairwise parallel (merge sorts,
 * stencils, reductions into private copies), never pays for ST-node entries.
 *
 * Cost: one more test per root-entry update (are both kept accesses parallel with
 * this one: the queries keep_pair makes anyway); an expansion walks the held
 * accesses' paths once. What it can hide: nothing beyond Algorithm 20, by the claim.
 * Which sites a report names may differ from Algorithm 20's (the root entry names
 * the access that covered the dropped one, as fast mode does). */

/* Where a family's root entry is and how to mark it expanded. */
struct family {
  struct refs root;
  uint32_t *flags;
  uint32_t expanded_bit;
};

INLINE bool family_expanded(struct family f) {
  return *f.flags & f.expanded_bit;
}

/* Puts pooled entry e first in the slot's list (the cell is locked). */
static void link_entry(struct history_slot *slot, uint32_t e) {
  struct slot_more *m = more_for_write(slot);
  entry(e)->next = HEAD_FIRST(m->head);
  m->head = e | (m->head & HEAD_FLAGS);
}

/* The entry of (lockset, owner) in the slot's list, made if missing; NULL when the pool
 * is full. */
static struct precise_entry *entry_of(struct history_slot *slot, lockset_id lockset,
                                      node_id owner) {
  uint32_t spare = 0;
  for (uint32_t e = HEAD_FIRST(slot_head(slot)); e; e = entry(e)->next) {
    if (entry(e)->lockset == lockset && entry(e)->owner == owner)
      return entry(e);
    if (!spare && vacant(entry(e)))
      spare = e;
  }
  if (spare)
    return entry(refill(spare, lockset, owner));
  uint32_t e = new_entry(lockset, owner);
  if (!e)
    return NULL;
  link_entry(slot, e);
  return entry(e);
}

/* The family of the access's lockset; false when its root entry cannot be made. */
static bool family_of(struct history_slot *slot, lockset_id lockset, struct family *f) {
  if (!lockset) {
    *f = (struct family){slot_refs(slot), &more_for_write(slot)->head, HEAD_EXPANDED};
    return true;
  }
  struct precise_entry *x = entry_of(slot, lockset, ospg_root());
  if (!x)
    return false;
  *f = (struct family){entry_refs(x), &x->flags, ENTRY_EXPANDED};
  return true;
}

/* Whether keep_pair would drop an access parallel with the one it keeps: the pair of
 * the access's kind is full and the access is parallel with both. */
INLINE bool drops_unordered(struct sp_cache *c, struct refs x, const struct access_now *now) {
  struct access_ref *a = now->is_write ? x.w1 : x.r1, *b = now->is_write ? x.w2 : x.r2;
  return a->node && b->node && parallel_with(c, *a) && parallel_with(c, *b);
}

/* isParallel between two remembered accesses (neither is the running one). */
static bool refs_parallel(struct access_ref x, struct access_ref y) {
  if (x.node == y.node)
    return iterations_parallel(x.iter, y.iter, 0);
  return sp_is_parallel(x.node, y.node);
}

/* Of two held accesses of one kind, the ones keep_pair would keep now: both while they
 * are parallel, else the later (series order follows creation: node ids grow, and
 * iterations of one strand are tagged in order). */
static void keep_now(struct access_ref *a, struct access_ref *b) {
  if (!a->node || !b->node || refs_parallel(*a, *b))
    return;
  bool b_later = b->node != a->node ? b->node > a->node : b->iter > a->iter;
  if (b_later)
    *a = *b;
  *b = (struct access_ref){0, 0, 0};
}

/* Puts a held access into the (new) entry of each ST-node on its path. */
static bool seed(struct history_slot *slot, lockset_id lockset, struct access_ref h,
                 bool is_write) {
  if (!h.node)
    return true;
  /* A reclaimed strand's path is its representative's (ospg.h, RECLAIMING). */
  for (node_id v = ospg_node(ospg_live(h.node))->parent; v; v = ospg_node(v)->parent) {
    if (ospg_node(v)->type != NODE_ST || !ospg_node(v)->parent)
      continue;
    struct precise_entry *x = entry_of(slot, lockset, v);
    if (!x)
      return false;
    struct access_ref *one = is_write ? &x->w1 : &x->r1, *two = is_write ? &x->w2 : &x->r2;
    ref_store(one->node ? two : one, h);
  }
  return true;
}

/* Marks the family expanded and seeds what its root entry holds into the ST-node
 * entries of those accesses' paths (why that suffices: "Lazy entries" above). */
static bool expand(struct history_slot *slot, lockset_id lockset, struct family f) {
  *f.flags |= f.expanded_bit;
  struct access_ref w1 = *f.root.w1, w2 = *f.root.w2, r1 = *f.root.r1, r2 = *f.root.r2;
  keep_now(&w1, &w2);
  keep_now(&r1, &r2);
  if (w1.node || w2.node)
    more_for_write(slot)->head |= HEAD_WRITTEN; /* before the seeds store them */
  return seed(slot, lockset, w1, true) && seed(slot, lockset, w2, true) &&
         seed(slot, lockset, r1, false) && seed(slot, lockset, r2, false);
}

/* Whether a lazy family's root entry already holds the access (and, while no ST-node
 * exists, whether its reads cover it as in fast mode). Lock-free. */
INLINE bool lazy_covers(struct refs x, const struct access_now *now, struct sp_cache *c) {
  return refs_cover(x, now, c, ospg_st_nodes_matter());
}

/* Whether the slot's last update (its own ref `holder`, as precise_access returned it)
 * was this very access, with no lock: then every entry it would update holds it
 * already, and nothing it would check changed since. */
INLINE bool last_update_was(const struct history_slot *slot, unsigned holder,
                            const struct access_now *now) {
  if (!holder || now->lockset || (holder <= PRECISE_HOLDER_W2) != now->is_write)
    return false;
  const struct slot_more *m = more_of(slot);
  const struct access_ref *own[4] = {&slot->w, &m->w2, &slot->r1, &m->r2};
  return ref_holds(own[holder - PRECISE_HOLDER_W1], ref_of(now));
}

/* Whether recording the access into one entry would leave it as it is: its pair of
 * the access's kind holds this very access, or (a read) the two reads cover it
 * (reads_seen: keep_pair would keep them). */
INLINE bool refs_unchanged(struct refs x, const struct access_now *now, struct sp_cache *c) {
  struct access_ref me = ref_of(now);
  if (now->is_write)
    return ref_holds(x.w1, me) || ref_holds(x.w2, me);
  return reads_seen(c, x.r1, x.r2, me, false, NULL) != READ_NEW;
}

/* Entries a lock-free walk looks at before it gives up (a torn list, or a long one). */
#define HELD_WALK_LIMIT 4096u

/* An expanded family below ST-nodes (the strand has owners besides the root): whether
 * the entry of every owner on the strand's path already holds this very access, and no
 * entry holds one that races with it. Then precise_access would report nothing, and
 * its update would store this access where it is already stored (keep_pair keeps a
 * held access; what else it may do is drop an access ordered before this one, which
 * the lazy and fast paths skip alike: keeping an access longer never hides a race).
 * So a strand's repeated reads of a location that many tasks read in parallel (a
 * shared input: expanded, with an entry per ST-node) return without the lock and
 * without writing the cell, as they do in a lazy family.
 *
 * Lock-free: entries are only prepended under the lock, so a walk from the head read
 * sees the list as it was then or a prefix of a later one; a pooled index past the
 * pool or a walk longer than HELD_WALK_LIMIT means "don't know". An entry that another
 * thread is filling at this moment may be missed; its access then runs its own check
 * under the lock, and finds this access, held since before, there. */
static bool held_by_owners(const struct history_slot *slot, uint32_t head,
                           const struct access_now *now, struct sp_cache *c) {
  const struct owner_path *p = &t_path;
  unsigned held = 0;
  struct refs own = slot_refs_read(slot);
  if (!now->lockset) {
    if (!refs_unchanged(own, now, c))
      return false;
    held = 1; /* the root's entry of the empty lockset is the slot's own */
  }
  if (refs_race(own, now, c)) /* the empty lockset: disjoint with every other */
    return false;
  unsigned steps = 0;
  for (uint32_t e = HEAD_FIRST(head); e;) {
    if (e > g_capacity || ++steps > HELD_WALK_LIMIT)
      return false;
    struct precise_entry *x = entry(e);
    lockset_id lockset = __atomic_load_n(&x->lockset, __ATOMIC_RELAXED);
    if (lockset == now->lockset) {
      node_id owner = __atomic_load_n(&x->owner, __ATOMIC_RELAXED);
      /* Read apart from owner: a stale depth only fails the match below. */
      unsigned d = ENTRY_DEPTH(__atomic_load_n(&x->flags, __ATOMIC_RELAXED));
      if (d < p->deepest && p->at[d] == owner) {
        if (!refs_unchanged(entry_refs(x), now, c))
          return false;
        held++;
        /* No entry holds a write: none races with a read (HEAD_WRITTEN). */
        if (held == p->owners && !now->is_write && !(head & HEAD_WRITTEN))
          return true;
      }
    }
    bool disjoint = !lockset || !now->lockset || lockset_disjoint(lockset, now->lockset);
    if (disjoint && refs_race(entry_refs(x), now, c))
      return false;
    e = __atomic_load_n(&x->next, __ATOMIC_RELAXED);
  }
  return held == p->owners;
}

/* precise_already_recorded for a slot whose head read `head` and whose own refs are the
 * empty lockset's (no HEAD_OWN_ATOMIC). */
static bool recorded_with_head(struct history_slot *slot, uint32_t head, unsigned last_update,
                               const struct access_now *now, struct sp_cache *c) {
  uint32_t e = HEAD_FIRST(head);
  if (e > g_capacity)
    return false;
  /* A lazy family is its root entry, whatever owners the strand has. */
  if (!now->lockset && !(head & HEAD_EXPANDED))
    return lazy_covers(slot_refs_read(slot), now, c);
  if (last_update_was(slot, last_update, now))
    return true;
  struct precise_entry *x = e ? entry(e) : NULL;
  bool lone = x && !x->next && x->lockset == now->lockset && x->owner == ospg_root();
  if (now->lockset && lone && !(x->flags & ENTRY_EXPANDED) && !slot->w.node && !slot->r1.node)
    return lazy_covers(entry_refs(x), now, c);
  /* An expanded family: only where the strand's only owner is the root, the slot's own
   * entry alone (no lock) or one pooled entry of the access's lockset and an empty own
   * entry. */
  struct owner_path *p = &t_path;
  refresh_path(p, now->node);
  if (p->deepest != 1)
    return held_by_owners(slot, head, now, c);
  if (!x)
    return !now->lockset && refs_cover(slot_refs_read(slot), now, c, false);
  if (!lone || slot->w.node || slot->r1.node)
    return false;
  return refs_cover(entry_refs(x), now, c, false);
}

bool precise_already_recorded(struct history_slot *slot, unsigned last_update,
                              const struct access_now *now, struct sp_cache *c) {
  /* Read without the lock: a torn read only means "no". */
  uint32_t head = slot_head(slot);
  bool recorded;
  if (head & HEAD_OWN_ATOMIC) /* the atomics' lazy family alone ("Atomics in ...") */
    recorded = head == HEAD_OWN_ATOMIC && now->lockset == g_atomic_alone &&
               lazy_covers(slot_refs_read(slot), now, c);
  else
    recorded = recorded_with_head(slot, head, last_update, now, c);
  /* The own refs read were of the family the head said if it is unchanged now. */
  atomic_thread_fence(memory_order_acquire);
  return recorded && slot_head(slot) == head;
}

/* Which of the slot's own refs holds the access (called with the cell locked). */
static unsigned holder_of(const struct history_slot *slot, const struct access_now *now) {
  struct access_ref me = ref_of(now);
  const struct slot_more *m = more_of(slot);
  const struct access_ref *own[4] = {&slot->w, &m->w2, &slot->r1, &m->r2};
  for (unsigned k = now->is_write ? 0 : 2; k < (now->is_write ? 2u : 4u); k++)
    if (own[k]->node == me.node && own[k]->site == me.site && own[k]->iter == me.iter)
      return PRECISE_HOLDER_W1 + k;
  return 0;
}

/* Algorithm 20's update: the entries of the access's lockset whose owner is on the
 * strand's path, made where missing. */
static unsigned record_in_owners(struct history_slot *slot, const struct access_now *now,
                                 struct sp_cache *c) {
  struct owner_path *p = &t_path;
  refresh_path(p, now->node);
  /* One pass: update the entries of this lockset whose owner is on the path. */
  uint32_t *found = p->found;
  if (p->deepest)
    memset(found, 0, p->deepest * sizeof found[0]);
  uint32_t spare[8];
  unsigned nspare = 0;
  for (uint32_t e = HEAD_FIRST(slot_head(slot)); e; e = entry(e)->next) {
    struct precise_entry *x = entry(e);
    if (vacant(x) && nspare < 8)
      spare[nspare++] = e;
    if (x->lockset != now->lockset)
      continue;
    unsigned d = ENTRY_DEPTH(x->flags);
    if (d < p->deepest && p->at[d] == x->owner) {
      found[d] = e;
      record(c, entry_refs(x), now);
    }
  }
  /* Owners on the path without an entry yet get one; the root's of the empty lockset
   * is the slot's own. */
  for (unsigned d = 0; d < p->deepest; d++) {
    if (!p->at[d] || found[d])
      continue;
    if (d == 0 && !now->lockset) {
      record(c, slot_refs(slot), now);
      continue;
    }
    uint32_t e = nspare ? refill(spare[--nspare], now->lockset, p->at[d]) : 0;
    if (!e) {
      e = new_entry(now->lockset, p->at[d]);
      if (!e)
        return 0;
      link_entry(slot, e);
    }
    record(c, entry_refs(entry(e)), now);
  }
  return now->lockset ? 0 : holder_of(slot, now);
}

/* Notes a race with one of the slot's own refs when it conflicts; `par`: whether it is
 * parallel with the access (parallel_with, already asked). */
INLINE void note_own(struct seen_races *seen, const struct access_ref *prev, bool par,
                     bool prev_is_write, uintptr_t addr, unsigned nbytes,
                     const struct access_now *now, struct race_found *out, unsigned *n) {
  if (par && !((now->site & ACCESS_ATOMIC) && (prev->site & ACCESS_ATOMIC)))
    note_once(seen->ref, &seen->n, out, n, addr, nbytes, *prev, prev_is_write, 0);
}

static __attribute__((noinline)) void
lazy_check_pooled(struct history_slot *slot, struct seen_races *seen, uintptr_t addr,
                  unsigned nbytes, const struct access_now *now, struct sp_cache *c,
                  struct race_found *out, unsigned *n);
static __attribute__((noinline)) unsigned
lazy_expand(struct history_slot *slot, const struct access_now *now, struct sp_cache *c);

/* precise_access for the empty lockset's family while it is lazy (the common case:
 * no lock held): the same checks and update, in the same order, asking isParallel
 * once per own ref instead of once in the check, once in drops_unordered and once in
 * keep_pair (the answers are memoised per strand anyway: this saves the lookups). */
INLINE unsigned lazy_own_access(struct history_slot *slot, uintptr_t addr, unsigned nbytes,
                                const struct access_now *now, struct sp_cache *c,
                                struct race_found *out, unsigned *n) {
  struct seen_races seen;
  seen.n = 0;
  const struct slot_more *m = more_of(slot);
  bool pw1 = parallel_with(c, slot->w), pw2 = parallel_with(c, m->w2);
  bool pr1 = parallel_with(c, slot->r1), pr2 = parallel_with(c, m->r2);
  note_own(&seen, &slot->w, pw1, true, addr, nbytes, now, out, n);
  note_own(&seen, &m->w2, pw2, true, addr, nbytes, now, out, n);
  if (now->is_write) {
    note_own(&seen, &slot->r1, pr1, false, addr, nbytes, now, out, n);
    note_own(&seen, &m->r2, pr2, false, addr, nbytes, now, out, n);
  }
  if (HEAD_FIRST(m->head))
    lazy_check_pooled(slot, &seen, addr, nbytes, now, c, out, n);
  const struct access_ref *a = now->is_write ? &slot->w : &slot->r1;
  const struct access_ref *b = now->is_write ? &m->w2 : &m->r2;
  bool p1 = now->is_write ? pw1 : pr1, p2 = now->is_write ? pw2 : pr2;
  if (a->node && b->node && p1 && p2 && ospg_st_nodes_matter()) /* drops_unordered */
    return lazy_expand(slot, now, c);
  keep_slot_pair_known(c, slot, m, now->is_write, ref_of(now), p1, p2);
  return 0; /* no holder: precise_already_recorded covers a lazy family */
}

/* lazy_own_access's checks against other locksets' entries (all disjoint with the
 * empty one: check_entries), out of line: most slots have none. */
static __attribute__((noinline)) void
lazy_check_pooled(struct history_slot *slot, struct seen_races *seen, uintptr_t addr,
                  unsigned nbytes, const struct access_now *now, struct sp_cache *c,
                  struct race_found *out, unsigned *n) {
  for (uint32_t e = HEAD_FIRST(slot_head(slot)); e; e = entry(e)->next)
    if (!vacate_if_folded(entry(e)))
      check_refs(entry_refs(entry(e)), entry(e)->lockset, seen, addr, nbytes, now, c, out, n);
}

/* lazy_own_access when the pair would drop an access ordered before neither kept one
 * (drops_unordered): the family expands, out of line (rare). */
static __attribute__((noinline)) unsigned
lazy_expand(struct history_slot *slot, const struct access_now *now, struct sp_cache *c) {
  struct slot_more *m = more_for_write(slot);
  if (now->is_write)
    m->head |= HEAD_WRITTEN; /* record_in_owners stores it in entries */
  if (!expand(slot, 0, (struct family){slot_refs(slot), &m->head, HEAD_EXPANDED}))
    return 0;
  return record_in_owners(slot, now, c);
}

/* ---- Atomics in the slot's own entry ----
 *
 * A location that only atomics touch (a histogram's bins, a shared counter) has one
 * family, that of {LOCK_ATOMIC}; as a pooled entry it would cost each update a second
 * cache line, contended like the first, and a walk. So while a slot holds nothing else,
 * its own refs hold that family's root entry instead of the empty lockset's, and the
 * head reads exactly HEAD_OWN_ATOMIC (no pooled entry, not expanded). The first access
 * of any other kind, or one that would expand the family, first moves the entry out,
 * verbatim, into a pooled (atomics, root) entry: from then on the slot is exactly what
 * it would have been had the entry been pooled from the start, so Algorithm 20 and the
 * lazy argument above apply unchanged. Before the move only accesses holding
 * {LOCK_ATOMIC} reached the slot, and they never race with each other (the locksets
 * are not disjoint), so recording them without checks is what check_entries would do.
 *
 * Lock-free readers see the own refs change family twice at most per lifetime of the
 * slot (in only while the head reads 0, out with a pooled entry linked, so the head
 * never reads 0 again until the slot is forgotten): a reader that reads the head
 * before and after its look, and finds it unchanged, read refs of the family the head
 * named. An entry naming a plain access is always the empty lockset's (atomics' refs
 * carry ACCESS_ATOMIC), so only "covered" answers need that second read. */

INLINE bool own_atomic_fits(const struct history_slot *slot, const struct access_now *now) {
  const struct slot_more *m = more_of(slot);
  return now->lockset == g_atomic_alone && m->head == 0 && !slot->w.node && !m->w2.node &&
         !slot->r1.node && !m->r2.node;
}

/* Moves the atomics' root entry out of the slot's own refs into a pooled entry (the
 * cell is locked); false when the pool is full. */
static bool unown_atomic(struct history_slot *slot) {
  uint32_t e = new_entry(g_atomic_alone, ospg_root());
  if (!e)
    return false;
  struct precise_entry *x = entry(e);
  struct slot_more *m = more_for_write(slot); /* in use: its head reads HEAD_OWN_ATOMIC */
  x->w1 = slot->w;
  x->w2 = m->w2;
  x->r1 = slot->r1;
  x->r2 = m->r2;
  uint32_t written = (x->w1.node || x->w2.node) ? HEAD_WRITTEN : 0;
  clear_refs(slot_refs(slot));
  __atomic_store_n(&m->head, e | written, __ATOMIC_RELEASE);
  return true;
}

/* Records an atomics' access in the slot's own entry when it can stay there (the head
 * reads HEAD_OWN_ATOMIC or 0 with nothing held); returns whether it did. */
static bool own_atomic_access(struct history_slot *slot, const struct access_now *now,
                              struct sp_cache *c) {
  if (slot_head(slot) != HEAD_OWN_ATOMIC) {
    if (!own_atomic_fits(slot, now))
      return false;
    /* before the refs */
    __atomic_store_n(&more_for_write(slot)->head, HEAD_OWN_ATOMIC, __ATOMIC_RELAXED);
    __atomic_thread_fence(__ATOMIC_RELEASE);
  } else if (now->lockset != g_atomic_alone ||
             (ospg_st_nodes_matter() && drops_unordered(c, slot_refs_read(slot), now))) {
    return false;
  }
  record(c, slot_refs(slot), now);
  return true;
}

/* precise_access for everything but a plain access to a lazy family (below). */
static __attribute__((noinline)) unsigned
precise_access_other(struct history_slot *slot, uintptr_t addr, unsigned nbytes,
                     const struct access_now *now, struct sp_cache *c, struct race_found *out,
                     unsigned *n) {
  if (own_atomic_access(slot, now, c))
    return 0; /* no holder: precise_already_recorded covers a lazy family */
  if ((slot_head(slot) & HEAD_OWN_ATOMIC) && !unown_atomic(slot)) {
    /* The pool is full: checked against the atomics' accesses, recorded nowhere. */
    struct seen_races seen;
    seen.n = 0;
    if (lockset_disjoint(g_atomic_alone, now->lockset))
      check_refs(slot_refs_read(slot), g_atomic_alone, &seen, addr, nbytes, now, c, out, n);
    return 0;
  }
  if (!now->lockset && !(slot_head(slot) & HEAD_EXPANDED))
    return lazy_own_access(slot, addr, nbytes, now, c, out, n);
  check_entries(slot, addr, nbytes, now, c, out, n);
  if (now->is_write)
    more_for_write(slot)->head |= HEAD_WRITTEN; /* before an entry stores it: HEAD_WRITTEN */
  struct family f;
  if (!family_of(slot, now->lockset, &f))
    return 0;
  if (!family_expanded(f)) {
    if (!ospg_st_nodes_matter() || !drops_unordered(c, f.root, now)) {
      record(c, f.root, now); /* no holder: precise_already_recorded covers a lazy family */
      return 0;
    }
    if (!expand(slot, now->lockset, f))
      return 0;
  }
  return record_in_owners(slot, now, c);
}

/* The common case first: an access holding no lock to a slot whose empty-lockset
 * family is lazy and whose own refs are that family's (not the atomics': an access of
 * the empty lockset never takes them, as g_atomic_alone is never the empty set),
 * which is where precise_access_other's tests would lead it too. */
unsigned precise_access(struct history_slot *slot, uintptr_t addr, unsigned nbytes,
                        const struct access_now *now, struct sp_cache *c, struct race_found *out,
                        unsigned *n) {
  if (!now->lockset && !(slot_head(slot) & (HEAD_OWN_ATOMIC | HEAD_EXPANDED)))
    return lazy_own_access(slot, addr, nbytes, now, c, out, n);
  return precise_access_other(slot, addr, nbytes, now, c, out, n);
}

uint32_t precise_copy_head(const struct history_slot *src) {
  uint32_t copy = 0, *tail = &copy;
  uint32_t head = slot_head(src);
  for (uint32_t e = HEAD_FIRST(head); e; e = entry(e)->next) {
    if (vacant(entry(e)))
      continue;
    uint32_t d = new_entry(entry(e)->lockset, entry(e)->owner);
    if (!d)
      break;
    *entry(d) = *entry(e);
    entry(d)->next = 0;
    *tail = d;
    tail = &entry(d)->next;
  }
  return copy | (head & HEAD_FLAGS);
}

void precise_copy(struct history_slot *dst, const struct history_slot *src) {
  slot_copy(dst, src);
  if (slot_has_more(dst))
    more_at(dst)->head = precise_copy_head(src);
}
