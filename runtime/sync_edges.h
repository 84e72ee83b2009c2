/* Synchronisation edges: ordering that the program builds by hand, with atomics, flush
 * and lock hand-offs, rather than with OpenMP constructs (issue 11, item 6).
 *
 * The OpenMP 5 memory model orders what a task did before a release (a release or
 * seq_cst atomic write or read-modify-write, or an atomic write after a flush) before
 * what another task does after an acquire (an acquire or seq_cst atomic read or RMW, or
 * an atomic read followed by a flush) that reads the value the release wrote. In the
 * OSPG that is an edge, like a dependence edge: the release ends the releasing task's
 * current strand (sync_order.c starts a new one after it), the acquire starts a new
 * strand in the acquiring task, and the edge goes from the released strand to the new
 * one. sp_query.c then reads two strands that the tree calls parallel as ordered when a
 * path of series order and such edges leads from the first to the second.
 *
 * This file only stores: the edges, and per synchronisation address (or lock) the
 * strands its last release published and the value it wrote. Which edge to add is
 * sync_order.c's business, and where it can hide a race is said there.
 *
 * Cost: nothing for a program that never releases and acquires (sync_edges_exist() is
 * false and every query takes the tree's answer). Otherwise one hash probe per
 * acquire/release, a node per release and per acquire that reads a published value, and
 * the path search of sp_query.c. */
#ifndef OMPRACER_SYNC_EDGES_H
#define OMPRACER_SYNC_EDGES_H

#include "ospg.h"

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

struct sync_edge {
  node_id from, to;
};

int sync_init(void);

/* Whether any edge exists: the query's fast exit. */
extern _Atomic uint32_t g_sync_edge_count;
static inline uint32_t sync_edge_count(void) {
  return atomic_load_explicit(&g_sync_edge_count, memory_order_acquire);
}
/* Edge i, 0 <= i < sync_edge_count(). */
struct sync_edge sync_edge_get(uint32_t i);
void sync_edge_add(node_id from, node_id to);

/* A publication: the strands a release (and the RMWs that continued its release
 * sequence) ended, as a list of cells (sync_cell_node / sync_cell_next; 0 ends it). */
node_id sync_cell_node(uint32_t cell);
uint32_t sync_cell_next(uint32_t cell);
/* A list with `node` in front of `rest` (rest 0: none); 0 when the list would get too
 * long or the cell arena is full (the release then publishes only its own strand). */
uint32_t sync_cell_push(node_id node, uint32_t rest);

/* ---- per-address publications (atomics) ---- */

/* Whether addr was released to (a relaxed write elsewhere needs no bookkeeping). */
bool sync_address_known(uintptr_t addr);
/* A write that may publish begins (before the atomic instruction): readers that read
 * a value not posted yet wait for it rather than miss it. */
void sync_write_begin(uintptr_t addr);
/* It ended (once for each sync_write_begin, right after the instruction): if it wrote
 * (a cmpxchg may not), the address now holds `value` (if known: else no read matches
 * it). Returns the write's ticket for sync_fill (0: none). Waits for nothing. */
uint32_t sync_post(uintptr_t addr, bool wrote, bool known, uint64_t value);
/* The publication of the write `ticket`: the strands in `cells` (0: it releases
 * nothing). Readers of its value wait until it is given. */
void sync_fill(uintptr_t addr, uint32_t ticket, uint32_t cells);
/* The cells of the write a read of `value` at addr read from, taken to be the newest of
 * the last 16 distinct writes there that wrote that value, other than the write
 * `skip` (an RMW's own); 0: none (no such write, or it published nothing). Waits while
 * a write to addr is in flight, or the publication of the write found is not given. */
uint32_t sync_read_from(uintptr_t addr, uint64_t value, uint32_t skip);

/* ---- per-lock hand-offs (omp locks) ---- */

/* The release of `lock`, whose holder acquired it in strand `acquired_in` and released
 * it at the end of strand `released`. */
void sync_lock_note_release(uintptr_t lock, node_id acquired_in, node_id released);
/* The last release of lock: false when none is recorded. */
bool sync_lock_last_release(uintptr_t lock, node_id *acquired_in, node_id *released);

/* ---- per-address hand-offs through critical sections ---- */

/* The last change an address saw inside a polled critical section (sync_order.c). */
struct sync_handoff {
  uint32_t cells;         /* the publication of the writer's critical section */
  uint64_t lock;          /* that section's lock, with its contention group */
  uint64_t before, after; /* the value the writes replaced and the one they left */
};
void sync_handoff_note(uintptr_t addr, const struct sync_handoff *h);
/* The last one noted at addr: false when none is. */
bool sync_handoff_last(uintptr_t addr, struct sync_handoff *h);

/* Everything is dropped when an outermost parallel region ends (with the node arena). */
void sync_reset(void);

#endif
