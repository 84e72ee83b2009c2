/* Release and acquire points (sync_order.h) as strands and edges (sync_edges.h).
 *
 * A release ends the releasing task's current strand (release_point) and publishes
 * it, per address, with the value written; an acquire that reads that very value
 * starts a new strand with an edge from every strand the publication names. So the
 * accesses before the release are ordered before those after the acquire, and nothing
 * else is: what the releasing task does after its release stays unordered.
 *
 * Where it can hide a race. The edge comes from the reads-from of this run: the value
 * this acquire happened to read. A race that only another reads-from would show (the
 * reader takes a path on which it does not wait for the flag, or reads the flag before
 * it is set and goes on) is not reported. Values are compared, not write events: a
 * read of a value that an unpublished write stored and a published one stored too
 * (0, 1, 0, 1 on one flag) can be taken for the published one. A relaxed
 * read-modify-write (`#pragma omp atomic` without clause) is not followed: it neither
 * publishes nor keeps a release sequence going, so an acquire that reads its value
 * orders nothing (a possible false report, no miss). The access histories replace an
 * entry by a later access ordered after it, edges included, as they do for the tree's
 * order; but fast mode's rule for which of two parallel reads to keep measures the
 * tree's LCA only, so a kept read may be one that an edge orders, and a later write
 * racing only with the dropped read can go unreported.
 *
 * Inside a worksharing loop a strand holds several iterations (iterations.h): a
 * release publishes all that its strand ran so far, also iterations that another
 * schedule would run after it, elsewhere; a race between those and the acquirer is
 * hidden too.
 *
 * Where it can invent a race (a false report): a read matched with no publication
 * (evicted from the last 16 writes of its address, or the table of addresses is full),
 * a relaxed RMW in a release sequence (above), and a path search past its budget.
 *
 * Lock hand-offs (omp_set_lock/omp_unset_lock) are not reads-from: which task takes
 * a lock first is up to the schedule, and precise mode's locksets already cover
 * accesses inside. But when the task that released a lock had acquired it at a point
 * that comes before the new holder's acquire in every schedule (in the OSPG, with the
 * edges found so far), the new holder cannot have taken it in between: the release is
 * ordered before the acquire in every schedule, and that edge is added. Only releases
 * made in another strand than their acquire can add anything (same strand: the
 * acquire's order already covers the release), so only those end a strand.
 *
 * Hand-offs through critical sections (a flag set in one critical section and polled
 * in another, DataRaceBench 184 and 192) are no reads-from of atomics: counting inside
 * a critical section must not order the counters' tasks (which one counts first is up
 * to the schedule). Only a read whose value decides a branch of a polling loop (the
 * pass finds them: a loop that enters a critical section and branches on a loaded
 * value) can add an edge, and only when (a) the reader holds the lock of the polled
 * critical section in which the address last changed, in another task's strand; (b)
 * it read the value that change left; and (c) the value the change replaced would
 * have taken the other branch. Then, in every schedule in which the reader takes this
 * branch there, some critical section changed the value before the reader's: the one
 * of this run is taken to be it, and its end is ordered before the read. The writer's
 * strand ends where its critical section ends (only in polled critical sections that
 * changed a value), so what it does afterwards stays unordered. Where it can hide a
 * race: when several tasks can make the change (two raisers of one flag), the one that
 * did in this run is taken for all schedules; a change made in several critical
 * sections (a counter a barrier polls) orders only the last one (a possible false
 * report, no miss); a flag polled in a loop whose critical section is inside a called
 * function is not found (a possible false report). Cost: two hook calls per critical
 * section (a scan of the polled locks, usually none); inside a polled one, a note per
 * write, a node per section that changed a value, a table probe per polling read.
 *
 * Cost: none for relaxed read-modify-writes; a relaxed load costs a thread-local
 * note, a relaxed store one probe of the table (and bookkeeping only at an address
 * something was released to, or after a flush); one table probe and the slot's lock
 * per other atomic and per lock operation, a node for each release after accesses and for each
 * acquire that reads a published value (a spin loop that reads an unset flag makes
 * none), and the path search of sp_query.c once an edge exists. */
#include "sync_order.h"

#include "branch_test.h"
#include "ompracer/hooks.h"
#include "skip_window.h"
#include "sp_query.h"
#include "sync_edges.h"
#include "thread_state.h"

#include <string.h>

OMPR_TLS bool t_sync_touched;

/* Per thread: what the last synchronisation point left behind. */
struct sync_thread {
  node_id fresh;           /* the strand the last release or acquire opened */
  node_id released;        /* the strand it ended */
  uint32_t released_cells; /* a publication of `released` alone (0: none yet) */
  bool fresh_has_edges;    /* an acquire added edges into `fresh` */
  node_id from[8];         /* the sources of those edges (the first 8) */
  struct task_rec *fence_task;
  node_id fence;       /* the strand the task's last flush ended (that task's) */
  uintptr_t announced; /* the address sync_atomic_before announced a write to */
  /* The last relaxed atomic read since the last flush: a flush after it (in the same
   * task) acquires. */
  struct task_rec *pending_task;
  bool pending;
  uintptr_t pending_addr;
  uint64_t pending_value;
  /* The last publication acquired, by which task: acquiring it again orders nothing. */
  struct task_rec *last_task;
  uint32_t last_cells;
  /* The polled critical section this thread is in (0: none; an inner one is not
   * followed), its lock with the contention group, and the bytes it wrote. */
  uintptr_t polled;
  uint64_t polled_key;
  unsigned nwritten;
  struct written {
    uintptr_t addr;
    uint64_t size, before;
  } written[16];
};
static OMPR_TLS struct sync_thread t_sync;

static bool checking(void) {
  return t_self.active && t_self.task;
}

/* Ends the running task's strand and returns the one that ended. When nothing was
 * accessed since the last synchronisation point opened the running strand, and no
 * edge leads into it, the strand that point ended stands for it: a flush in a spin
 * loop costs no node per turn. */
static node_id split_strand(void) {
  struct sync_thread *s = &t_sync;
  struct task_rec *rec = t_self.task;
  node_id ended = rec->ss.strand;
  ss_new_strand(&rec->ss);
  thread_run(rec);
  s->released = ended;
  s->released_cells = 0;
  s->fresh = rec->ss.strand;
  s->fresh_has_edges = false;
  memset(s->from, 0, sizeof s->from);
  t_sync_touched = false;
  skip_window_close(); /* its skips set t_sync_touched no more */
  return ended;
}

static node_id release_point(void) {
  struct sync_thread *s = &t_sync;
  node_id released = t_self.strand == s->fresh && !t_sync_touched && !s->fresh_has_edges
                         ? s->released
                         : split_strand();
  /* A later acquire may draw an edge from here, inside what may by then be a finished
   * subtree: the groups above no longer answer as one strand (ospg_sealed). */
  ospg_taint_above(released);
  return released;
}

/* An edge from `from` into the running strand, which release_point or acquire_from
 * opened: a spin loop that reads the same publication again adds none. */
static void add_edge_once(node_id from) {
  struct sync_thread *s = &t_sync;
  unsigned i = 0;
  for (; i < 8 && s->from[i]; i++)
    if (s->from[i] == from)
      return;
  if (i < 8)
    s->from[i] = from;
  sync_edge_add(from, t_self.strand);
  ospg_keep_above(t_self.strand); /* an edge into a finished task's strands: keep them */
}

/* A publication of the strand the last release ended: the same cell while that strand
 * stands, so that acquirers see one publication (and skip it once acquired). */
static uint32_t publish_released(node_id released) {
  struct sync_thread *s = &t_sync;
  if (released != s->released)
    return sync_cell_push(released, 0);
  if (!s->released_cells)
    s->released_cells = sync_cell_push(released, 0);
  return s->released_cells;
}

/* An RMW that read the value of the last write continues that write's release
 * sequence: an acquire that reads the RMW's value is ordered after both. The strands
 * of the earlier publication stay behind `own`, except those that come before own's
 * strand in the tree already (the same task's earlier releases: a counter one task
 * increments keeps a list of one). At most MAX_KEPT are kept: beyond, orders are lost
 * (a possible false report), never invented. */
#define MAX_KEPT 64
static uint32_t continue_sequence(uint32_t own, uint32_t earlier) {
  if (!earlier)
    return own;
  node_id mine = own ? sync_cell_node(own) : 0;
  node_id keep[MAX_KEPT];
  unsigned n = 0;
  for (uint32_t c = earlier; c && n < MAX_KEPT - 1; c = sync_cell_next(c)) {
    node_id x = sync_cell_node(c);
    if (x != mine && !(mine && x < mine && !sp_tree_parallel(x, mine)))
      keep[n++] = x;
  }
  if (own && n == 0)
    return own;
  uint32_t list = 0;
  while (n)
    list = sync_cell_push(keep[--n], list);
  return mine ? sync_cell_push(mine, list) : list;
}

/* The running task acquires what `cells` published: from now on it is ordered after
 * those strands. The edges go into a new strand (unless the running one is already
 * fresh, with nothing accessed), so earlier accesses of the task are not affected. */
static void acquire_from(uint32_t cells) {
  struct sync_thread *s = &t_sync;
  struct task_rec *rec = t_self.task;
  if (!cells || (s->last_cells == cells && s->last_task == rec))
    return;
  /* A new strand, unless the running one is fresh, untouched, and newer than every
   * source: an edge always leads to a strand created after its source, which the
   * path search relies on (sp_query.c). */
  bool split = !(t_self.strand == s->fresh && !t_sync_touched);
  for (uint32_t c = cells; c && !split; c = sync_cell_next(c))
    split = sync_cell_node(c) >= t_self.strand;
  if (split)
    split_strand();
  for (uint32_t c = cells; c; c = sync_cell_next(c))
    add_edge_once(sync_cell_node(c));
  s->fresh_has_edges = true;
  s->last_cells = cells;
  s->last_task = rec;
  /* New edges into the running strand: earlier answers about it may change. */
  sp_cache_switch(&t_self.cache, t_self.strand);
  struct loop_view v = loops_view(&rec->loops);
  t_self.cache.iter = v.iter;
  t_self.cache.window = v.window;
  t_self.cache.tag0 = v.tag0;
}

static node_id task_fence(void) {
  return t_sync.fence_task == t_self.task ? t_sync.fence : 0;
}

void sync_atomic_before(uintptr_t addr, uint32_t flags) {
  t_sync.announced = 0;
  if (!checking() || !(flags & OMPRACER_ATOMIC_WRITE) || !OMPRACER_ATOMIC_HAS_DONE(flags))
    return;
  /* A relaxed store matters only where something was released (it replaces the value
   * readers match) or after a flush (it releases): elsewhere, as in a loop of atomic
   * writes to an array, it costs one probe and no table entry. */
  if (!(flags & (OMPRACER_ATOMIC_RELEASE | OMPRACER_ATOMIC_READ)) && !task_fence() &&
      !sync_address_known(addr))
    return;
  sync_write_begin(addr);
  t_sync.announced = addr;
}

void sync_atomic_after(uintptr_t addr, uint64_t read_value, uint64_t written_value,
                       uint32_t flags) {
  bool announced = t_sync.announced == addr && addr;
  t_sync.announced = 0;
  bool reads = flags & OMPRACER_ATOMIC_READ, read_known = flags & OMPRACER_ATOMIC_READ_VALUE;
  bool wrote = announced && !(flags & OMPRACER_ATOMIC_FAILED);
  /* First make the written value visible (this waits for nothing), then find what was
   * read (which may wait for other writers: see sync_post). */
  uint32_t ticket = 0;
  if (announced)
    ticket = sync_post(addr, wrote, flags & OMPRACER_ATOMIC_WRITE_VALUE, written_value);
  if (!checking()) {
    sync_fill(addr, ticket, 0); /* its readers must not wait for ever */
    return;
  }
  uint32_t pred = 0; /* what the read read: an RMW continues it, an acquire takes it */
  if (reads && read_known && ((flags & OMPRACER_ATOMIC_ACQUIRE) || wrote))
    pred = sync_read_from(addr, read_value, ticket);
  if (flags & OMPRACER_ATOMIC_ACQUIRE) {
    acquire_from(pred);
  } else if (reads && read_known && !(flags & OMPRACER_ATOMIC_WRITE)) {
    t_sync.pending = true; /* a relaxed read: a flush after it may acquire */
    t_sync.pending_task = t_self.task;
    t_sync.pending_addr = addr;
    t_sync.pending_value = read_value;
  }
  if (!wrote)
    return;
  uint32_t cells = 0;
  if (flags & OMPRACER_ATOMIC_RELEASE)
    cells = publish_released(release_point());
  else if (!reads && task_fence())
    cells = publish_released(task_fence()); /* flush, then a relaxed store */
  if (reads)
    cells = continue_sequence(cells, pred);
  sync_fill(addr, ticket, cells);
}

void sync_flush(void) {
  if (!checking())
    return;
  struct sync_thread *s = &t_sync;
  if (s->pending) { /* a relaxed read, then a flush in the same task: an acquire */
    s->pending = false;
    if (s->pending_task == t_self.task)
      acquire_from(sync_read_from(s->pending_addr, s->pending_value, 0));
  }
  s->fence = release_point(); /* a flush, then relaxed stores: a release */
  s->fence_task = t_self.task;
}

/* Lock records live in the table of sync_edges.c: the strand the holder acquired the
 * lock in (noted at the acquire) and the strand its release ended. */
void sync_lock_acquired(uintptr_t lock) {
  if (!checking())
    return;
  node_id a0 = 0, rel = 0;
  if (sync_lock_last_release(lock, &a0, &rel) && a0 && a0 < t_self.strand &&
      !sp_is_parallel(a0, t_self.strand))
    acquire_from(sync_cell_push(rel, 0));
  sync_lock_note_release(lock, t_self.strand, 0);
}

void sync_lock_releasing(uintptr_t lock) {
  if (!checking())
    return;
  node_id a0 = 0, rel = 0;
  sync_lock_last_release(lock, &a0, &rel);
  /* Acquired in this very strand: the next holder's order to a0 says it all. */
  node_id released = a0 && a0 != t_self.strand ? release_point() : 0;
  sync_lock_note_release(lock, a0, released);
}

/* ---- hand-offs through critical sections ---- */

#define MAX_POLLED 64
static _Atomic uintptr_t g_polled[MAX_POLLED];
static _Atomic uint32_t g_npolled;

/* From module constructors, before any thread could run OpenMP code. */
void sync_critical_polled(uintptr_t lock) {
  uint32_t n = atomic_load(&g_npolled);
  for (uint32_t i = 0; i < n; i++)
    if (atomic_load(&g_polled[i]) == lock)
      return;
  if (n < MAX_POLLED) {
    atomic_store(&g_polled[n], lock);
    atomic_store(&g_npolled, n + 1);
  }
}

static bool is_polled(uintptr_t lock) {
  uint32_t n = atomic_load_explicit(&g_npolled, memory_order_relaxed);
  for (uint32_t i = 0; i < n; i++)
    if (atomic_load_explicit(&g_polled[i], memory_order_relaxed) == lock)
      return true;
  return false;
}

void sync_critical_entered(uintptr_t lock) {
  if (t_sync.polled || !checking() || !is_polled(lock))
    return;
  const struct task_rec *rec = t_self.task;
  uint64_t cg = rec->team ? rec->team->cg : 0;
  t_sync.polled = lock;
  t_sync.polled_key = (uint64_t)lock | cg << 48; /* teams exclude each other apart */
  t_sync.nwritten = 0;
}

/* The value of the size bytes at addr (little-endian, zero-extended). */
static uint64_t value_at(uintptr_t addr, uint64_t size) {
  uint64_t v = 0;
  memcpy(&v, (const void *)addr, size);
  return v;
}

void sync_locked_write(uintptr_t addr, uint64_t size) {
  struct sync_thread *s = &t_sync;
  if (!s->polled || (size != 1 && size != 2 && size != 4 && size != 8))
    return;
  for (unsigned i = 0; i < s->nwritten; i++)
    if (s->written[i].addr == addr && s->written[i].size == size)
      return; /* the value before the section's first write is the one replaced */
  /* Beyond 16 addresses a section's changes are not published: a possible false
   * report, no miss. */
  if (s->nwritten < sizeof s->written / sizeof s->written[0])
    s->written[s->nwritten++] = (struct written){addr, size, value_at(addr, size)};
}

void sync_critical_leaving(uintptr_t lock) {
  struct sync_thread *s = &t_sync;
  if (s->polled != lock || !lock)
    return;
  s->polled = 0;
  if (!checking())
    return;
  uint32_t cells = 0;
  for (unsigned i = 0; i < s->nwritten; i++) {
    struct written *w = &s->written[i];
    uint64_t after = value_at(w->addr, w->size);
    if (after == w->before)
      continue;
    if (!cells)
      cells = publish_released(release_point());
    sync_handoff_note(w->addr, &(struct sync_handoff){cells, s->polled_key, w->before, after});
  }
  s->nwritten = 0;
}

void sync_branch_read(uintptr_t addr, uint64_t value, uint64_t constant, uint32_t how) {
  struct sync_handoff h;
  if (!t_sync.polled || !checking() || !sync_handoff_last(addr, &h) || h.lock != t_sync.polled_key)
    return;
  if (branch_loaded(h.after, how) != branch_loaded(value, how) ||
      branch_holds(h.before, constant, how) == branch_holds(value, constant, how))
    return;
  acquire_from(h.cells);
}
