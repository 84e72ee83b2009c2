/* Names of locks for the explanations of race reports ("the write at x.c:20:5 holds
 * critical(a), the read at x.c:25:9 holds no lock"). A lock in a lockset is only a
 * number (lockset.h: an OMPT wait id with its contention group, or a mutexinoutset
 * address); what kind of lock it is (critical, an OpenMP lock, ordered), which
 * directive took it and a critical section's name are known only when it is acquired,
 * so each acquisition notes them here. An OpenMP lock is named at report time by the
 * variable behind its wait id (the omp_lock_t); a named critical section by its name
 * (the pass announces it before the entry: OMPT does not pass it); an unnamed one, or
 * an ordered region, by its directive's line. */
#ifndef OMPRACER_LOCK_NAMES_H
#define OMPRACER_LOCK_NAMES_H

#include "lockset.h"
#include "sites.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum lock_kind { LOCK_KIND_CRITICAL = 1, LOCK_KIND_LOCK, LOCK_KIND_NEST_LOCK, LOCK_KIND_ORDERED };

/* Lock `lock` (its lockset key) of this kind was acquired through wait id wait_id by
 * the directive at site (0: none known), a critical section named `name` (NULL: none
 * known; constant data of the program's module); the first acquisition's site and
 * name are kept. */
void lock_names_note(uint64_t lock, uintptr_t wait_id, enum lock_kind kind, site_id site,
                     const char *name);
/* Whether the set holds a lock a report names (any but the atomic pseudo-lock). */
bool lock_names_any(lockset_id set);
/* The set's locks for a report: "critical(a)", "critical at x.c:19 and lock
 * 'lk'", "no lock"
 * (the atomic pseudo-lock is left out: the access kind already says atomic). */
void lock_names_describe(lockset_id set, char *buf, size_t len);

#endif
