/* Synchronisation written by hand (issue 11, item 6): the release and acquire points
 * of atomics, flush and lock hand-offs, turned into strands and edges of the OSPG
 * (sync_edges.h says what an edge means; sync_order.c where it can hide a race). The
 * hooks (hooks.c) and the OMPT mutex events (ompt_events.c) call in here; it changes the
 * running task's strand through thread_state.h. */
#ifndef OMPRACER_SYNC_ORDER_H
#define OMPRACER_SYNC_ORDER_H

#include "tls.h"

#include <stdbool.h>
#include <stdint.h>

/* Set by every checked plain access: the running strand has accesses since the last
 * synchronisation point made it (a flush in a spin loop then needs no new strand). */
extern OMPR_TLS bool t_sync_touched;

/* Around an atomic instruction (flags: OMPRACER_ATOMIC_* of hooks.h): before it, a
 * write that may publish announces itself; after it, the values read and written. */
void sync_atomic_before(uintptr_t addr, uint32_t flags);
void sync_atomic_after(uintptr_t addr, uint64_t read_value, uint64_t written_value, uint32_t flags);
/* `#pragma omp flush` (and clang's flush after seq_cst atomics). */
void sync_flush(void);
/* An OpenMP lock is about to be released (before the release: the next holder's
 * acquired event must find it), and was acquired. */
void sync_lock_releasing(uintptr_t lock);
void sync_lock_acquired(uintptr_t lock);

/* Hand-offs through critical sections (sync_order.c): the module constructors
 * register the locks that polling loops enter; every critical section announces its
 * entry (lock held) and its end (still held); a checked plain write of 1 to 8 bytes
 * made while holding a lock is noted (before it writes); a polling load reports the
 * value it read and how its branch tests it (OMPRACER_BRANCH_HOW of hooks.h). */
void sync_critical_polled(uintptr_t lock);
void sync_critical_entered(uintptr_t lock);
void sync_critical_leaving(uintptr_t lock);
void sync_locked_write(uintptr_t addr, uint64_t size);
void sync_branch_read(uintptr_t addr, uint64_t value, uint64_t constant, uint32_t how);

#endif
